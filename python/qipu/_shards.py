"""Putting the shards of a file back together."""

from typing import Any, Dict, Iterable, Iterator, List, Tuple

#: What the shards before one hold: records, line ends, characters after the last.
Before = Tuple[int, int, int]


def after(before: Before, records: int, lines_read: Tuple[int, int]) -> Before:
    """Where the next shard starts, after one of ``records`` and ``lines_read``."""
    count, lines, columns = before
    line_ends, last = lines_read
    return count + records, lines + line_ends, (columns + last if line_ends == 0 else last)


def renumber(dicts: Iterable[Dict[str, Any]], before: Before) -> Iterator[Dict[str, Any]]:
    """A shard's ``validate`` dicts numbered as the whole file numbers them."""
    count, lines, columns = before
    for record in dicts:
        record = dict(record)
        record.pop("shard", None)
        record["index"] += count
        for name in ("diagnostics", "repaired"):
            items = record.get(name)
            if items is None:
                continue
            record[name] = [dict(item) for item in items]
            for item in record[name]:
                line, column = item.get("line"), item.get("column")
                if line is None or column is None:
                    continue
                if line == 1:
                    item["column"] = column + columns
                item["line"] = line + lines
        yield record


def unshard(
    shards: Iterable[Tuple[List[Dict[str, Any]], Tuple[int, int]]],
) -> Iterator[Dict[str, Any]]:
    """The ``validate`` dicts of a whole file from those of its shards.

    ``shards`` gives, for shard 0, 1, ... of one file in turn, all its dicts (from
    ``qipu.validate(path, shard=(k, n))``, not ``quiet``) and that reader's
    ``lines_read``. A shard numbers its records from 0 and its lines from its own
    start; here each is numbered on from the shards before it and its ``shard`` field
    is dropped, so that the result is what reading the whole file gives, object for
    object.
    """
    before: Before = (0, 0, 0)
    for dicts, lines_read in shards:
        yield from renumber(dicts, before)
        before = after(before, len(dicts), lines_read)
