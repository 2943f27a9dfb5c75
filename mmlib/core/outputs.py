"""The one check every command runs on its outputs before the long work starts.

A solve, a sweep, an optimal search or a benchmark can run for hours; finding
only then that its result cannot be written loses all of it. So before the work,
`check_outputs` proves each output usable, and says why not in one line:

* `files`: written whole (a tree, a figure's table): the folder takes a new file
  and an existing file can be replaced (`files.check_writable`);
* `tables`: (path, schema) pairs read, merged and written back: writable as a
  file, and what the table already holds parses under its schema, every row
  (`tables.read_table`), so a hand-edited row is found now, not when the first
  result is merged into it;
* `folders`: folders files will be written into (made when first written):
  a directory, or one that can be made there.

What changes after the check (a disk that fills, a table edited meanwhile) is
still found when the file is written: one line, exit status 2, and the old file
left as it was.
"""

from __future__ import annotations

from .files import check_writable, check_writable_directory, path_kind
from .tables import TableSchema, read_table


def check_outputs(files=(), tables=(), folders=()) -> None:
    """ValueError with one line unless every output can be written (see the module)."""
    for path in files:
        if path is not None:
            check_writable(path)
    for path, schema in tables:
        check_table(path, schema)
    for folder in folders:
        check_writable_directory(folder, create=False)


def check_table(path, schema: TableSchema, write: bool = True) -> list[dict]:
    """The rows of the table at `path` once proved mergeable (and writable, if `write`)."""
    if not str(path).strip():
        raise ValueError(f"cannot use an empty path as the {schema.what}: name a file")
    if write or path_kind(path) == "missing":  # a table read only may be missing, but not misplaced
        check_writable(path)
    return read_table(path, schema)
