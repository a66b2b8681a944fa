"""qipu over Spark: the recipe, an RDD of the records validated by the executors.

The inputs are planned as ``qipu.dask`` plans them (folders shared out by the hash of
their files' paths, files named cut into byte shards at record boundaries), one plan
item a partition; ``mapPartitions`` calls the module on each; a file's shards are then
numbered on, from the sizes of the shards before them, so that every object is the one
``qipu validate --format json`` prints for the whole input::

    from pyspark.sql import SparkSession
    import qipu.spark

    spark = SparkSession.builder.getOrCreate()
    rdd = qipu.spark.validate_rdd(spark.sparkContext, ["archive.pgn", "sgf/"])
    rdd.filter(lambda r: not r["valid"]).map(lambda r: r["source"]).distinct().collect()

Every executor needs the ``qipu`` module (ship the wheel: see docs/python.md) and the
files under the same paths.
"""

from typing import Any, Dict, Iterable, Iterator, List, Optional, Tuple, Union

import qipu
from qipu import _shards
from qipu.dask import SHARD_BYTES, PathArg, _paths, _plan


def _validate(
    items: Iterable[Tuple[int, Tuple[str, Tuple[int, int], bool]]],
    options: Dict[str, Any],
) -> Iterator[Tuple[int, str, bool, List[Dict[str, Any]], Tuple[int, int]]]:
    """What ``mapPartitions`` runs on an executor: each planned part validated."""
    for number, (path, shard, bytes_cut) in items:
        reports = qipu.validate(path, shard=shard, **options)
        dicts = list(reports)
        yield number, path, bytes_cut, dicts, reports.lines_read


def validate_rdd(
    spark_context: Any,
    paths: Union[PathArg, Iterable[PathArg]],
    *,
    partitions: Optional[int] = None,
    shard_bytes: int = SHARD_BYTES,
    **options: Any,
) -> Any:
    """An RDD of the dicts ``qipu validate --format json PATHS`` prints, one per
    record, each file's in order (a folder's files by partition). ``partitions`` and
    ``shard_bytes`` as in ``qipu.dask.validate_bag``; ``options`` are
    ``qipu.validate``'s."""
    plan = list(enumerate(_plan(_paths(paths), partitions, shard_bytes)))
    parts = (
        spark_context.parallelize(plan, max(1, len(plan)))
        .mapPartitions(lambda items: _validate(items, options))
        .cache()
    )
    # Where each part starts within its file: from the sizes of the parts before it.
    sizes = sorted(parts.map(lambda p: (p[0], p[1], p[2], len(p[3]), p[4])).collect())
    starts: Dict[int, _shards.Before] = {}
    running: Dict[str, _shards.Before] = {}
    for number, path, bytes_cut, count, lines_read in sizes:
        if bytes_cut:
            before = running.get(path, (0, 0, 0))
            starts[number] = before
            running[path] = _shards.after(before, count, lines_read)
    starts_shared = spark_context.broadcast(starts)

    def renumbered(part: Tuple[int, str, bool, List[Dict[str, Any]], Tuple[int, int]]) -> List[Dict[str, Any]]:
        number, _, bytes_cut, dicts, _ = part
        if not bytes_cut:
            return dicts
        return list(_shards.renumber(dicts, starts_shared.value[number]))

    return parts.flatMap(renumbered)
