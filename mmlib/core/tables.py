"""The CSV tables mmlib reads back and merges into, read one checked way.

A table (data/results.csv, data/optimal.csv, data/benchmarks.csv, ...) is read,
merged with new rows and written back. `read_table(path, schema)` reads it and
proves it is a table mmlib can merge into, before anything depends on that:

* a regular file, or nothing yet (no rows). A character device or an open
  descriptor (/dev/null, /dev/stdout) is somewhere to write, read as no rows. A
  FIFO is refused: reading it would wait for a writer that never comes;
* UTF-8 CSV text whose fields may be of any length (Python's csv module stops at
  131,072 characters unless told otherwise, and a command line can be longer);
* the columns the schema names are in its header, every row has as many fields
  as the header, and every row passes the schema's own check (its game parses,
  its counts are whole numbers, ...).

Anything else is a ValueError of one line that names the file and the line.
"""

from __future__ import annotations

import csv
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from .files import path_kind


@dataclass(frozen=True)
class TableSchema:
    """What a table must hold: `what` names it in messages; `required`, the columns
    its header must have; `check_row(row)` raises ValueError for a row that cannot
    be merged (None: any row)."""

    what: str
    required: tuple = ()
    check_row: "Callable[[dict], object] | None" = None


ANY_TABLE = TableSchema("table")


def _allow_any_field_size() -> None:
    """Let the csv module read fields of any length (the file's size bounds them)."""
    limit = sys.maxsize
    while True:
        try:
            csv.field_size_limit(limit)
            return
        except OverflowError:  # a C long of 32 bits
            limit //= 2


def _shown(path) -> str:
    text = str(path)
    return repr(text if len(text) <= 80 else text[:77] + "...")


def _fields(row: dict, header: list) -> int:
    """How many fields the line of `row` had (DictReader files extras under None, fills gaps with None)."""
    if None in row:
        return len(header) + len(row[None])
    return sum(value is not None for value in row.values())


def _checked_rows(reader: csv.DictReader, schema: TableSchema) -> list[dict]:
    header = reader.fieldnames or []
    missing = [column for column in schema.required if column not in header]
    if header and missing:
        raise ValueError(f"its header has no {', '.join(repr(c) for c in missing)} column "
                         f"(it starts {', '.join(header[:4])})")
    rows = []
    for row in reader:
        try:
            if None in row or None in row.values():
                raise ValueError(f"it has {_fields(row, header)} fields, the header {len(header)}")
            if schema.check_row is not None:
                schema.check_row(row)
        except ValueError as error:
            lines = str(error).splitlines() or [type(error).__name__]
            raise ValueError(f"line {reader.line_num}: {lines[0]}") from None
        rows.append(row)
    return rows


def read_table(path: "str | Path", schema: TableSchema = ANY_TABLE) -> list[dict]:
    """The rows of the CSV table at `path`, as dicts of strings, checked against `schema`."""
    kind = path_kind(path)
    if kind in ("missing", "descriptor", "device"):
        return []
    where = f"cannot use {_shown(path)} as the {schema.what}"
    if kind == "fifo":
        raise ValueError(f"{where}: it is a FIFO, and a table is read back before it is written; "
                         "name a regular file")
    if kind != "file":
        raise ValueError(f"{where}: it is not a regular file")
    _allow_any_field_size()
    reader = None
    try:
        with open(path, newline="", encoding="utf-8") as handle:
            reader = csv.DictReader(handle)
            return _checked_rows(reader, schema)
    except csv.Error as error:
        line = reader.line_num if reader is not None else 1
        raise ValueError(f"{where}: line {line} is not CSV ({error})") from None
    except UnicodeDecodeError as error:
        raise ValueError(f"{where}: it is not UTF-8 text ({error.reason} at byte {error.start})") from None
    except OSError as error:
        raise ValueError(f"{where}: {(error.strerror or str(error)).lower()}") from None
    except ValueError as error:
        raise ValueError(f"{where}: {error}") from None
