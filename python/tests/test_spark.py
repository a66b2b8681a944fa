"""The PySpark recipe (qipu.spark) in local mode, over generated records of every
family, against the command line. Skipped, and says so, where PySpark is not installed
(it needs a Java runtime too)."""

import json
import os
import sys

import pytest

pyspark = pytest.importorskip("pyspark", reason="PySpark is not installed: the Spark recipe is not tested")

import qipu  # noqa: E402
import qipu.spark  # noqa: E402


@pytest.fixture(scope="module")
def spark():
    os.environ["PYSPARK_PYTHON"] = sys.executable
    os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    from pyspark.sql import SparkSession

    session = (
        SparkSession.builder.master("local[2]")
        .appName("qipu-test")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.driver.host", "127.0.0.1")
        .getOrCreate()
    )
    yield session
    session.stop()


def test_validate_rdd_is_the_cli_output(spark, generated, cli):
    shatar = generated("shatar", 2500) / "shatar.pgn"
    go = generated("go", 2500)
    inputs = [str(shatar), str(go / "go-collection.sgf"), str(go / "go")]
    out, _, _ = cli("validate", "--format", "json", *inputs)
    expected = [json.loads(line) for line in out.splitlines()]
    rdd = qipu.spark.validate_rdd(spark.sparkContext, inputs, partitions=3, shard_bytes=256 << 10)
    got = rdd.collect()
    order = {name: i for i, name in enumerate(qipu.files(inputs))}
    assert sorted(got, key=lambda d: (order[d["source"]], d["index"])) == expected
    for path in inputs[:2]:
        assert [d for d in got if d["source"] == path] == [d for d in expected if d["source"] == path]
