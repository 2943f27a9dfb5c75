"""A search that can stop and go on: what the root has proven, kept in a folder as it goes.

Below the first guess a whole-game search is a set of independent parts (one per opening and
score, `root.RootSearch`). A checkpoint keeps, for each part finished, what it proved: its exact
value and subtree, or a lower bound (the part came back over its budget). A later run with the
same folder takes every exact part as done and every bound as proven, so it only searches what
was not finished: after Ctrl-C, a killed process, or a machine that went away. The answer is the
one an uninterrupted run gives (the same optimum; among equally good trees, possibly another).

The folder holds `run.json` (the game and the objective, so a checkpoint is never applied to
another search), a lock (one run at a time), and one gzipped JSON file per part, each written to
a temporary name and renamed: a run killed mid-write leaves the old file or none.
"""

from __future__ import annotations

import gzip
import json
import zlib
from pathlib import Path

from ..files import check_writable_directory, write_atomically, write_gzipped_json

FORMAT = 1


class Checkpoint:
    """The parts a whole-game search has finished, in `folder`, for one game and objective."""

    def __init__(self, folder: "str | Path", game, objective: str, max_turns: "int | None"):
        self.folder = check_writable_directory(folder)
        self.parts_dir = self.folder / "parts"
        self.identity = {"format": FORMAT, "game": game.name, "objective": objective,
                         "max_turns": max_turns}
        run = self.folder / "run.json"
        if run.exists():
            try:
                found = json.loads(run.read_text())
            except (OSError, ValueError):
                found = None
            if not isinstance(found, dict):
                raise ValueError(f"checkpoint {str(self.folder)!r} has an unreadable run.json")
            if found != self.identity:
                raise ValueError(f"checkpoint {str(self.folder)!r} holds a search of {_describe(found)}, "
                                 f"not of {_describe(self.identity)}")
        else:
            write_atomically(run, json.dumps(self.identity) + "\n")
        self.parts_dir.mkdir(exist_ok=True)
        self._lock = None

    # -- one run at a time ---------------------------------------------------------------

    def __enter__(self):
        from filelock import FileLock, Timeout

        self._lock = FileLock(str(self.folder / ".lock"), timeout=0)
        try:
            self._lock.acquire()
        except Timeout:
            raise ValueError(f"checkpoint {str(self.folder)!r} is in use by another run") from None
        return self

    def __exit__(self, *exc_info):
        if self._lock is not None:
            self._lock.release()

    # -- parts ---------------------------------------------------------------------------

    def _path(self, depth: int, guess: int, ordinal: int) -> Path:
        return self.parts_dir / f"d{depth}_g{guess}_o{ordinal}.json.gz"

    def lookup(self, depth: int, guess: int, ordinal: int) -> "tuple[int, bool, dict | None] | None":
        """(value, exact, tree) of the part below opening `guess` on score `ordinal` with `depth`
        guesses left, or None if no run finished it. A damaged file counts as none."""
        path = self._path(depth, guess, ordinal)
        if not path.exists():
            return None
        try:
            with gzip.open(path, "rt", encoding="utf-8") as handle:
                found = json.load(handle)
            value, exact, tree = int(found["value"]), bool(found["exact"]), found.get("tree")
        except (OSError, EOFError, zlib.error, ValueError, KeyError, TypeError):
            return None
        if exact and not isinstance(tree, dict):
            return None
        return value, exact, tree

    def record(self, depth: int, guess: int, ordinal: int, value: int, exact: bool,
               tree: "dict | None") -> None:
        """Keep what a part proved: its exact value and tree, or a lower bound (kept only if it
        says more than what the folder holds)."""
        known = self.lookup(depth, guess, ordinal)
        if known is not None and (known[1] or (not exact and known[0] >= value)):
            return
        content = {"value": int(value), "exact": bool(exact), "tree": tree if exact else None}
        write_gzipped_json(self._path(depth, guess, ordinal), content)


def _describe(identity: dict) -> str:
    text = f"{identity.get('game')} (objective {identity.get('objective')}"
    if identity.get("max_turns"):
        text += f", at most {identity['max_turns']} turns"
    return text + ")"
