"""qipu (棋谱, "game record"): read, validate and convert Shatar (Mongolian chess),
64-square draughts (Russian and Brazilian rules) and Go (SGF, GIB, NGF, UGF) records.

The reading is qipu's Rust library: every record is replayed through its family's
rules engine, and what is wrong with it is reported, never raised.

    >>> import qipu
    >>> for record in qipu.read("games.sgf"):
    ...     if record.valid:
    ...         print(record.tags.get("PB"), record.moves[:3])

- ``qipu.read(path_or_bytes)``: the records of a file, a folder or bytes, lazily.
- ``qipu.read_many(paths, threads=...)``: the same over many inputs, in parallel.
- ``qipu.validate(paths)``: the dicts ``qipu validate --format json`` prints.
- ``Record``: tags, moves, result, setup, diagnostics; ``to(format)``, ``to_json()``,
  and for Go ``moves_array()`` and ``positions_array()`` (NumPy).
- ``qipu.dask`` and ``qipu.spark``: the same over a cluster, files and shards of files
  shared out among the workers.
"""

from ._qipu import (
    Diagnostic,
    Reader,
    Record,
    Reports,
    ShatarMove,
    __version__,
    files,
    read,
    read_many,
    validate,
)
from ._shards import unshard

__all__ = [
    "Diagnostic",
    "Reader",
    "Record",
    "Reports",
    "ShatarMove",
    "__version__",
    "files",
    "read",
    "read_many",
    "unshard",
    "validate",
]
