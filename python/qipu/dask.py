"""qipu over a Dask cluster: a bag of records validated or converted by the workers.

The inputs are shared out with no pre-split, as ``qipu validate --shard K/N`` shares
them: each folder among ``partitions`` partitions by a stable hash of its files' paths
(each worker walks the folder itself and reads its files), each file named among
``ceil(size / shard_bytes)`` partitions by byte ranges cut at record boundaries (each
worker finds its own). A file's shards are numbered on one from the other, so that
every object is the one the command line prints for the whole input::

    from dask.distributed import Client
    import qipu.dask

    client = Client("scheduler:8786")     # or LocalCluster(n_workers=...)
    bag = qipu.dask.validate_bag(["archive.pgn", "sgf-folder/"], partitions=64)
    invalid = bag.filter(lambda r: not r["valid"]).count().compute()

Every worker needs the ``qipu`` module (the same wheel; see docs/python.md) and sight of
the files (a shared file system) under the same paths.
"""

import math
import os
from typing import Any, Dict, Iterable, List, Optional, Tuple, Union

import dask
import dask.bag

import qipu
from qipu import _shards

PathArg = Union[str, "os.PathLike[str]"]

#: Bytes of a file per partition, by default.
SHARD_BYTES = 64 << 20


def _paths(paths: Union[PathArg, Iterable[PathArg]]) -> List[str]:
    if isinstance(paths, (str, os.PathLike)):
        return [os.fspath(paths)]
    return [os.fspath(p) for p in paths]


def _validate_part(
    path: str, shard: Tuple[int, int], options: Dict[str, Any]
) -> Tuple[List[Dict[str, Any]], Tuple[int, int]]:
    reports = qipu.validate(path, shard=shard, **options)
    dicts = list(reports)
    return dicts, reports.lines_read


def _renumber(
    part: Tuple[List[Dict[str, Any]], Tuple[int, int]],
    before: List[Tuple[int, Tuple[int, int]]],
) -> List[Dict[str, Any]]:
    """A shard's dicts numbered on from the shards before it (their sizes only)."""
    start: _shards.Before = (0, 0, 0)
    for records, lines_read in before:
        start = _shards.after(start, records, lines_read)
    return list(_shards.renumber(part[0], start))


def _size(part: Tuple[List[Dict[str, Any]], Tuple[int, int]]) -> Tuple[int, Tuple[int, int]]:
    return len(part[0]), part[1]


def _records(part: Tuple[List[Dict[str, Any]], Tuple[int, int]]) -> List[Dict[str, Any]]:
    return part[0]


def _plan(
    paths: List[str], partitions: Optional[int], shard_bytes: int
) -> List[Tuple[str, Tuple[int, int], bool]]:
    """Each partition's (path, shard, whether the path is a file cut in byte ranges)."""
    plan = []
    for path in paths:
        if os.path.isdir(path):
            count = partitions or max(1, os.cpu_count() or 1)
            plan.extend((path, (k, count), False) for k in range(count))
        else:
            size = os.path.getsize(path) if os.path.exists(path) else 0
            count = max(1, math.ceil(size / shard_bytes))
            plan.extend((path, (k, count), True) for k in range(count))
    return plan


def validate_bag(
    paths: Union[PathArg, Iterable[PathArg]],
    *,
    partitions: Optional[int] = None,
    shard_bytes: int = SHARD_BYTES,
    **options: Any,
) -> "dask.bag.Bag":
    """A bag of the dicts ``qipu validate --format json PATHS`` prints, one per record.

    Folders are shared out among ``partitions`` partitions (default: the client's
    cores) by the hash of their files' paths; files named, among one partition per
    ``shard_bytes`` of their size. Within a file, the records come in file order, with
    the index and lines of the whole file. ``options`` are ``qipu.validate``'s
    (``game``, ``rules``, ``repair``, ``lang``, …; not ``quiet``, ``shard``).
    """
    for refused in ("quiet", "shard"):
        if refused in options:
            raise ValueError(f"validate_bag shares out the inputs itself: no {refused}=")
    parts = []
    for path, shard, bytes_cut in _plan(_paths(paths), partitions, shard_bytes):
        part = dask.delayed(_validate_part)(path, shard, options)
        parts.append((path, part, bytes_cut))
    renumbered = []
    sizes: Dict[str, list] = {}
    for path, part, bytes_cut in parts:
        if bytes_cut:
            before = sizes.setdefault(path, [])
            renumbered.append(dask.delayed(_renumber)(part, list(before)))
            before.append(dask.delayed(_size)(part))
        else:
            renumbered.append(dask.delayed(_records)(part))
    return dask.bag.from_delayed(renumbered)


def _convert_part(
    path: str,
    shard: Tuple[int, int],
    to: str,
    valid_only: bool,
    write: Dict[str, Any],
    options: Dict[str, Any],
) -> List[str]:
    out = []
    for record in qipu.read(path, shard=shard, **options):
        if valid_only and not record.valid:
            continue
        try:
            out.append(record.to(to, **write))
        except ValueError:
            # A record the format cannot carry (a Go game as PGN), or nothing to write:
            # skipped, as qipu convert skips it.
            continue
    return out


def convert_bag(
    paths: Union[PathArg, Iterable[PathArg]],
    to: str,
    *,
    partitions: Optional[int] = None,
    shard_bytes: int = SHARD_BYTES,
    valid_only: bool = False,
    notation: str = "full",
    pieces: str = "latin",
    squares: str = "algebraic",
    results: Optional[str] = None,
    fix: bool = False,
    positions: bool = False,
    **options: Any,
) -> "dask.bag.Bag":
    """A bag of the records ``qipu convert --to TO PATHS`` writes, one text per record
    (``"\\n".join`` them for the file the command line writes; JSON lines end with
    their own line end). Shared out as ``validate_bag`` shares; ``options`` are
    ``qipu.read``'s. (The index in JSON records of a file's shards counts within each
    shard.)"""
    write = dict(
        notation=notation,
        pieces=pieces,
        squares=squares,
        results=results,
        fix=fix,
        positions=positions,
    )
    parts = [
        dask.delayed(_convert_part)(path, shard, to, valid_only, write, options)
        for path, shard, _ in _plan(_paths(paths), partitions, shard_bytes)
    ]
    return dask.bag.from_delayed(parts)
