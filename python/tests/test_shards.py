"""``shard=(k, n)``: the union of the n shards is exactly the whole, on every family.
A file is cut into byte ranges at record boundaries, each shard numbered from its own
start; ``qipu.unshard`` numbers them on, and gives the whole file's objects. A folder's
files are shared out by the hash of their paths. The module's shards are the command
line's ``--shard``."""

import collections

import pytest

import qipu

ARCHIVES = [
    ("shatar", "shatar.pgn"),
    ("shatar", "shatar.txt"),
    ("draughts", "draughts-russian.pdn"),
    ("go", "go-collection.sgf"),
]


def shards(path, n, **options):
    parts = []
    for k in range(n):
        reports = qipu.validate(path, shard=(k, n), **options)
        dicts = list(reports)
        for d in dicts:
            assert (d["shard"]["k"], d["shard"]["n"]) == (k, n)
        parts.append((dicts, reports.lines_read))
    return parts


@pytest.mark.parametrize("family,name", ARCHIVES)
@pytest.mark.parametrize("n", [1, 3, 8])
def test_a_files_shards_are_the_whole(generated, family, name, n):
    path = generated(family, 2000) / name
    whole = list(qipu.validate(path))
    assert len(whole) == 2000
    parts = shards(path, n)
    assert sum(len(dicts) for dicts, _ in parts) == 2000
    assert list(qipu.unshard(parts)) == whole


def test_a_streamed_files_shards_are_the_whole(generated):
    path = generated("go", 20000) / "go-collection.sgf"
    whole = list(qipu.validate(path))
    assert list(qipu.unshard(shards(path, 5))) == whole


def test_shards_of_fixtures_with_errors_and_repairs():
    for path in [
        "tests/fixtures/shatar/corrupted.txt",
        "tests/fixtures/draughts/russian_corrupted.pdn",
        "tests/fixtures/draughts/brazilian_corrupted.pdn",
        "samples/shatar/collection.pgn",
    ]:
        for options in [{}, {"repair": True}]:
            whole = list(qipu.validate(path, **options))
            for n in (2, 5):
                assert list(qipu.unshard(shards(path, n, **options))) == whole, (path, n)


def test_records_of_a_shard_say_where_it_lies(generated):
    path = generated("shatar", 2000) / "shatar.pgn"
    offsets = []
    for k in range(4):
        records = list(qipu.read(path, shard=(k, 4)))
        assert records[0].index == 0
        assert {r.shard[:2] for r in records} == {(k, 4)}
        offsets.append(records[0].shard[2])
        # The shard's first record starts at its offset.
        with open(path, "rb") as f:
            f.seek(offsets[-1])
            assert f.read(7) == b"[Event "
    assert offsets[0] == 0 and offsets == sorted(offsets)


def test_a_folders_files_are_shared_out_by_path(generated, cli_json):
    folder = generated("go", 3000) / "go"
    whole = list(qipu.validate(folder))
    union = []
    sources = []
    for k in range(4):
        part = list(qipu.validate(folder, shard=(k, 4)))
        assert part == cli_json("validate", "--format", "json", "--shard", f"{k}/4", str(folder))
        assert all("shard" not in d for d in part)  # whole files: nothing to renumber
        sources.append({d["source"] for d in part})
        union.extend(part)
        assert set(qipu.files(folder, shard=(k, 4))) == sources[-1]
    assert all(len(s) > 500 for s in sources)
    assert sum(len(s) for s in sources) == len(set().union(*sources)) == 3000
    key = lambda d: (d["source"], d["index"])  # noqa: E731
    assert sorted(union, key=key) == sorted(whole, key=key)


@pytest.mark.parametrize("family,name", ARCHIVES)
def test_module_shards_are_the_cli_shards(generated, cli_json, family, name):
    path = generated(family, 2000) / name
    for k in range(3):
        assert list(qipu.validate(path, shard=(k, 3))) == cli_json(
            "validate", "--format", "json", "--shard", f"{k}/3", str(path)
        )


def test_convert_shards_write_every_record_once(generated, cli):
    path = generated("draughts", 2000) / "draughts-russian.pdn"
    whole, _, _ = cli("convert", "--to", "pdn", str(path))
    texts = [r.to("pdn") for k in range(6) for r in qipu.read(path, shard=(k, 6))]
    assert "\n".join(texts) == whole
    counts = collections.Counter(r.index for r in qipu.read(path, shard=(5, 6)))
    assert max(counts.values()) == 1
