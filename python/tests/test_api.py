"""The module as a Python user meets it: paths, bytes, errors, laziness, threads."""

import errno
import pathlib
import threading

import pytest

import qipu

GO = b"(;GM[1]FF[4]SZ[9];B[ee];W[cc];B[cc])"


def test_bytes_read_as_a_file_of_that_name():
    (record,) = qipu.read(GO, name="game.sgf")
    assert (record.source, record.game, record.valid, record.plies) == ("game.sgf", "go", False, 2)
    (error,) = [d for d in record.diagnostics if d.severity == "error"]
    assert (error.code, error.line, error.column, error.ply, error.text) == ("occupied-point", 1, 31, 3, "B[cc]")
    assert record.moves == [("b", (4, 4)), ("w", (6, 2))]
    assert list(qipu.read(bytearray(GO)))[0].source == "<bytes>"


def test_paths_as_str_pathlike_and_lists():
    path = "samples/go/handicap.sgf"
    by_str = [r.report_json() for r in qipu.read(path)]
    assert [r.report_json() for r in qipu.read(pathlib.Path(path))] == by_str
    assert [r.report_json() for r in qipu.read([path, path])] == by_str * 2


def test_bad_records_never_raise():
    for data in [b"", b"\x00\x01binary", b"(;B[zz]", b"1. e4 e5 2. Ke3 *", b"[GameType \"20\"]\n1. 32-28 *"]:
        records = list(qipu.read(data))
        assert records and not all(r.valid for r in records)
        for record in records:
            assert record.diagnostics
            record.moves, record.tags, record.setup, record.result


def test_io_errors_raise_oserror_with_the_path():
    with pytest.raises(FileNotFoundError) as raised:
        qipu.read("no/such/game.sgf")
    assert raised.value.filename == "no/such/game.sgf"
    assert raised.value.errno == errno.ENOENT
    with pytest.raises(FileNotFoundError):
        qipu.read_many(["samples/go", "missing.pgn"])


def test_usage_errors_raise_valueerror():
    for options in [
        {"game": "chess"},
        {"encoding": "no-such-label"},
        {"rules": "martian"},
        {"variant": "english"},
        {"shard": (3, 3)},
        {"shard": (0, 0)},
    ]:
        with pytest.raises(ValueError):
            qipu.read("samples/go", **options)
    record = next(iter(qipu.read("samples/go/handicap.sgf")))
    with pytest.raises(ValueError, match="samples/go/handicap.sgf: record 0: a go record cannot be written as pgn"):
        record.to("pgn")
    with pytest.raises(ValueError, match="unknown format"):
        record.to("xml")
    with pytest.raises(ValueError, match="unknown notation"):
        record.to("sgf", notation="long")
    with pytest.raises(TypeError):
        record.to("sgf", colour="red")
    with pytest.raises(ValueError):
        qipu.read("samples/go", max_record_size=0)
    with pytest.raises(ValueError):
        qipu.read_many("samples", threads=0)


def test_records_of_every_family_in_their_natural_form():
    shatar = next(iter(qipu.read("samples/shatar/latin-full.txt")))
    assert shatar.moves[0] == qipu.ShatarMove(san="e4", uci="e2e4")
    assert shatar.moves[0].san == "e4"
    draughts = next(iter(qipu.read("samples/draughts/russian_numeric_promotion.pdn")))
    assert draughts.variant == "russian"
    assert all(isinstance(m, tuple) and all(isinstance(s, int) for s in m) for m in draughts.moves)
    assert draughts.moves[0] == tuple(draughts.to_json()["moves"][0]["path"])
    handicap = next(iter(qipu.read("samples/go/handicap.sgf")))
    black, white = handicap.setup
    assert len(black) == int(handicap.tags["HA"]) and not white
    assert handicap.result == "W+R"


def test_repeated_tags_are_lists_as_in_json():
    pgn = b'[Event "a"]\n[Round "-"]\n[Round "?"]\n[Result "*"]\n[Variant "Shatar"]\n\n1. e4 e5 *\n'
    (record,) = qipu.read(pgn, name="x.pgn")
    assert record.tags == record.to_json()["tags"]
    assert record.tags["Round"] == ["-", "?"]


def test_read_is_lazy_and_streams(generated):
    folder = generated("go", 20000)
    reader = qipu.read(folder / "go-collection.sgf")
    first = next(reader)
    assert first.index == 0
    # A file over 8 MB is streamed: the first records come before the file is read.
    assert (folder / "go-collection.sgf").stat().st_size > 8 << 20
    assert sum(1 for _ in reader) == 19999


def test_read_many_gives_the_order_of_read_on_any_number_of_threads(generated):
    folder = generated("go", 3000) / "go"
    expected = [(r.source, r.index, r.plies) for r in qipu.read(folder)]
    for threads in (1, 2, 4):
        got = [(r.source, r.index, r.plies) for r in qipu.read_many([folder], threads=threads)]
        assert got == expected


def test_the_gil_is_released_while_reading(generated):
    """Another Python thread runs while a large file is read and replayed."""
    path = generated("shatar", 20000) / "shatar.pgn"
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(1)
            stop.wait(0.001)

    worker = threading.Thread(target=tick)
    worker.start()
    try:
        with_gil_released = len(list(qipu.validate(path)))
    finally:
        stop.set()
        worker.join()
    assert with_gil_released == 20000
    assert len(ticks) > 10


def test_help_and_stubs():
    assert "lazily" in qipu.read.__doc__
    assert "sgfmill" in qipu.Record.moves.__doc__
    package = pathlib.Path(qipu.__file__).parent
    assert (package / "py.typed").exists() and (package / "_qipu.pyi").exists()
