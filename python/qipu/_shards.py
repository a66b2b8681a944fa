"""Putting the shards of a file back together."""

from typing import Any, Dict, Iterable, Iterator, List, Tuple


def _locate(item: Dict[str, Any], lines: int, columns: int) -> None:
    line, column = item.get("line"), item.get("column")
    if line is None or column is None:
        return
    if line == 1:
        item["column"] = column + columns
    item["line"] = line + lines


def unshard(
    shards: Iterable[Tuple[List[Dict[str, Any]], Tuple[int, int]]],
) -> Iterator[Dict[str, Any]]:
    """The ``validate`` dicts of a whole file from those of its shards.

    ``shards`` gives, for shard 0, 1, ... of one file in turn, its dicts (from
    ``qipu.validate(path, shard=(k, n))``) and the ``lines_read`` of that reader. A
    shard numbers its records from 0 and its lines from its own start; here each is
    numbered on from the shards before it, and the ``shard`` field is dropped, so that
    the result is what reading the whole file gives, object for object.
    """
    records = lines = columns = 0
    for dicts, (line_ends, last_columns) in shards:
        for record in dicts:
            record = dict(record)
            record.pop("shard", None)
            record["index"] += records
            for name in ("diagnostics", "repaired"):
                items = record.get(name)
                if items is None:
                    continue
                record[name] = [dict(item) for item in items]
                for item in record[name]:
                    _locate(item, lines, columns)
            yield record
        records += len(dicts)
        columns = columns + last_columns if line_ends == 0 else last_columns
        lines += line_ends
