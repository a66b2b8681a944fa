"""qipu.dask on a local cluster of two worker processes, over 10 000 generated records
of every family (a PGN and a PDN file and an SGF collection cut into byte shards, a
folder of 2 500 SGF files shared out by path): the bag holds exactly what the command
line prints for the same inputs."""

import json

import pytest

pytest.importorskip("dask.distributed")

from dask.distributed import Client, LocalCluster  # noqa: E402

import qipu  # noqa: E402
import qipu.dask  # noqa: E402


@pytest.fixture(scope="module")
def client():
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    with Client(cluster) as client:
        yield client
    cluster.close()


@pytest.fixture(scope="module")
def inputs(generated):
    shatar = generated("shatar", 2500) / "shatar.pgn"
    draughts = generated("draughts", 2500) / "draughts-russian.pdn"
    go = generated("go", 2500)
    return [str(shatar), str(draughts), str(go / "go-collection.sgf"), str(go / "go")]


def in_input_order(objects, paths):
    """Objects ordered as the command line prints them: by file in walk order, then
    by index (the bag keeps each file's order; a folder's files come by partition)."""
    order = {name: i for i, name in enumerate(qipu.files(paths))}
    return sorted(objects, key=lambda d: (order[d["source"]], d["index"]))


def test_validate_bag_is_the_cli_output(client, inputs, cli):
    out, _, _ = cli("validate", "--format", "json", *inputs)
    expected = [json.loads(line) for line in out.splitlines()]
    assert len(expected) == 10000
    bag = qipu.dask.validate_bag(inputs, partitions=4, shard_bytes=256 << 10)
    assert bag.npartitions > 20
    got = bag.compute()
    assert len(got) == 10000
    assert in_input_order(got, inputs) == expected
    # Each file named keeps its order within the bag, its shards numbered on.
    for path in inputs[:3]:
        assert [d for d in got if d["source"] == path] == [d for d in expected if d["source"] == path]


def test_a_failing_record_is_found_on_the_cluster(client, tmp_path, cli):
    path = tmp_path / "mixed.pgn"
    good = (qipu.files(["samples/shatar/collection.pgn"])[0])
    text = open(good, encoding="utf-8").read()
    path.write_text(text + "\n" + open("tests/fixtures/shatar/random_games.pgn", encoding="utf-8").read() * 3, encoding="utf-8")
    out, _, _ = cli("validate", "--format", "json", str(path))
    expected = [json.loads(line) for line in out.splitlines()]
    got = qipu.dask.validate_bag([path], shard_bytes=16 << 10, repair=False).compute()
    assert got == expected


@pytest.mark.parametrize("to,index", [("pgn", 0), ("pdn", 1), ("sgf", 2)])
def test_convert_bag_is_the_cli_output(client, inputs, cli, to, index):
    expected, _, _ = cli("convert", "--to", to, inputs[index])
    texts = qipu.dask.convert_bag(inputs[index], to, shard_bytes=256 << 10).compute()
    assert "\n".join(texts) == expected
