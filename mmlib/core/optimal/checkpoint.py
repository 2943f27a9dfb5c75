"""A search that can stop and go on: what the root has proven, kept in a folder as it goes.

Below the first guess a whole-game search is a set of independent parts (one per opening and
score, `root.RootSearch`). A checkpoint keeps, for each part finished, what it proved: its exact
value and subtree, or a lower bound (the part came back over its budget). A later run with the
same folder takes every exact part as done and every bound as proven, so it only searches what
was not finished: after Ctrl-C, a killed process, or a machine that went away. The answer is the
one an uninterrupted run gives (the same optimum; among equally good trees, possibly another).

A part large enough to take hours (config.STEPWISE_MIN_SECRETS) is kept finer: while a worker
searches it one candidate at a time (`stepwise`), a `StepLog` beside the part's file keeps the
value or bound of each position one guess below the part, so a run stopped in the middle of the
part loses at most the last `config.STEP_LOG_FLUSH_S` seconds of it.

The folder holds `run.json` (the game and the objective, so a checkpoint is never applied to
another search), `runs.json` (every run's wall time, workers and machine, kept as it goes by
`RunLedger`: a search that took five runs on two machines says so, and what it cost in
core-hours), a lock (one run at a time), and one gzipped JSON file per part (and one per large
part's step log), each written to a temporary name and renamed: a run killed mid-write leaves
the old file or none.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import gzip
import json
import re
import threading
import time
import zlib
from pathlib import Path

from ..files import check_writable_directory, write_atomically, write_gzipped_json

FORMAT = 1
# A large part's step log is `d{depth}_g{opening}_o{ordinal}` + STEPS_SUFFIX in parts/; while the
# part's candidates are shared by the workers (`split`), each task's own log lies beside it.
STEPS_SUFFIX = ".steps.json.gz"
# Every file name of parts/: a part's value, its step log, or a shared candidate's log.
_KEPT_NAME = re.compile(r"^d(\d+)_g(\d+)_o(\d+)(?:(" + re.escape(STEPS_SUFFIX)
                        + r")|\.candidate\d+\.json\.gz|\.json\.gz)$")


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

    @contextlib.contextmanager
    def run(self, workers: int, machine: str, flush_s: float):
        """Hold the folder for one run, its wall time kept in runs.json as it goes (every
        `flush_s` seconds and at the end): yields the `RunLedger`."""
        with self:
            ledger = RunLedger(self.folder / "runs.json", workers, machine, flush_s)
            try:
                yield ledger
            finally:
                ledger.stop()

    # -- parts ---------------------------------------------------------------------------

    def _path(self, depth: int, guess: int, ordinal: int) -> Path:
        return self.parts_dir / f"d{depth}_g{guess}_o{ordinal}.json.gz"

    def steps_path(self, depth: int, guess: int, ordinal: int) -> Path:
        """Where the step log of the part below opening `guess` on score `ordinal` lives."""
        return self.parts_dir / f"d{depth}_g{guess}_o{ordinal}{STEPS_SUFFIX}"

    def lookup(self, depth: int, guess: int, ordinal: int) -> "tuple[int, bool, dict | None] | None":
        """(value, exact, tree) of the part below opening `guess` on score `ordinal` with `depth`
        guesses left, or None if no run finished it. A damaged file counts as none."""
        path = self._path(depth, guess, ordinal)
        return read_part(path) if path.exists() else None

    def record(self, depth: int, guess: int, ordinal: int, value: int, exact: bool,
               tree: "dict | None") -> None:
        """Keep what a part proved: its exact value and tree, or a lower bound (kept only if it
        says more than what the folder holds)."""
        known = self.lookup(depth, guess, ordinal)
        if known is not None and (known[1] or (not exact and known[0] >= value)):
            return
        content = {"value": int(value), "exact": bool(exact), "tree": tree if exact else None}
        write_gzipped_json(self._path(depth, guess, ordinal), content)


class StepLog:
    """What the search of one large part has proven about the positions one guess below it:
    for a second guess and a score, the position's exact value or a lower bound. Read back by
    a later search of the same part (the folder's run.json fixes the game and the objective;
    the file's name, the part). Written every `flush_s` seconds and when the search ends or
    stops; a damaged file counts as empty."""

    def __init__(self, path: "str | Path", flush_s: float):
        self.path, self.flush_s = Path(path), float(flush_s)
        self.entries: dict[tuple[int, int], tuple[int, bool]] = {}
        self.dirty, self.flushed_at = False, time.monotonic()
        if self.path.exists():
            try:
                with gzip.open(self.path, "rt", encoding="utf-8") as handle:
                    found = json.load(handle)
                if found.get("format") == FORMAT:
                    for guess, ordinal, value, exact in found["entries"]:
                        self.entries[int(guess), int(ordinal)] = (int(value), bool(exact))
            except (OSError, EOFError, zlib.error, ValueError, KeyError, TypeError, AttributeError):
                self.entries = {}

    def lookup(self, guess: int, ordinal: int) -> "tuple[int, bool] | None":
        """(value, exact) of the position below second guess `guess` on score `ordinal`."""
        return self.entries.get((guess, ordinal))

    def record(self, guess: int, ordinal: int, value: int, exact: bool) -> None:
        """Keep a position's exact value, or a bound that says more than the one kept."""
        known = self.entries.get((guess, ordinal))
        if known is not None and (known[1] or (not exact and known[0] >= value)):
            return
        self.entries[guess, ordinal] = (int(value), bool(exact))
        self.dirty = True
        if time.monotonic() - self.flushed_at >= self.flush_s:
            self.flush()

    def flush(self) -> None:
        """Write what is new since the last write (atomically: a killed run leaves the old file)."""
        if self.dirty:
            rows = [[g, o, v, e] for (g, o), (v, e) in sorted(self.entries.items())]
            write_gzipped_json(self.path, {"format": FORMAT, "entries": rows})
            self.dirty = False
        self.flushed_at = time.monotonic()


def read_part(path: "str | Path") -> "tuple[int, bool, dict | None] | None":
    """(value, exact, tree) kept in a part's file, or None if it is damaged: unreadable, or
    exact without a tree. Every reader of a folder counts a part this way, as a run does."""
    try:
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            found = json.load(handle)
        value, exact, tree = int(found["value"]), bool(found["exact"]), found.get("tree")
    except (OSError, EOFError, zlib.error, ValueError, KeyError, TypeError):
        return None
    if exact and not isinstance(tree, dict):
        return None
    return value, exact, tree


def kept_files(folder: "str | Path") -> list[dict]:
    """Every file of `folder`/parts, in name order, as depth, guess, ordinal (the part below
    opening `guess` on score `ordinal`), name, and kind: "part" (with `part`, what `read_part`
    finds), "steps" (with the step log's `positions`, `exact` and `second_guesses`) or
    "candidate" (a shared candidate's log, folded into its part's by the next run). Files of
    other names are left out."""
    parts_dir = Path(folder) / "parts"
    found = []
    for path in sorted(parts_dir.iterdir()) if parts_dir.is_dir() else []:
        match = _KEPT_NAME.match(path.name)
        if match is None:
            continue
        entry = {"name": path.name, "depth": int(match.group(1)), "guess": int(match.group(2)),
                 "ordinal": int(match.group(3))}
        if match.group(4):
            log = StepLog(path, flush_s=float("inf"))
            entry.update(kind="steps", positions=len(log.entries),
                         exact=sum(1 for _v, e in log.entries.values() if e),
                         second_guesses=len({g for g, _o in log.entries}))
        elif ".candidate" in path.name:
            entry["kind"] = "candidate"
        else:
            entry.update(kind="part", part=read_part(path))
        found.append(entry)
    return found


def candidate_log_path(steps_path: "str | Path", guess: int) -> Path:
    """Where the task of second guess `guess` of the part whose step log is `steps_path` keeps
    what it proves while the part's candidates are shared by the workers (`split.SplitPart`)."""
    steps_path = Path(steps_path)
    return steps_path.with_name(f"{steps_path.name[:-len(STEPS_SUFFIX)]}.candidate{int(guess)}.json.gz")


def candidate_log_paths(steps_path: "str | Path") -> list[Path]:
    """Every candidate log of the part whose step log is `steps_path`, in name order."""
    steps_path = Path(steps_path)
    return sorted(steps_path.parent.glob(f"{steps_path.name[:-len(STEPS_SUFFIX)]}.candidate*.json.gz"))


class RunLedger:
    """Every run of a checkpoint's search: when it began (UTC), its wall seconds, its
    workers and its machine, this one included and kept up to date by a thread (a run
    killed without warning loses at most `flush_s` seconds of its time). A damaged file
    counts as no earlier runs."""

    def __init__(self, path: "str | Path", workers: int, machine: str, flush_s: float):
        self.path, self.flush_s = Path(path), float(flush_s)
        self.earlier = read_runs(self.path)
        self.this_run = {"started": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
                         "seconds": 0.0, "workers": int(workers), "machine": str(machine)}
        self._began, self._ended = time.monotonic(), None
        self._done = threading.Event()
        self._write()
        self._thread = threading.Thread(target=self._keep, name="checkpoint run ledger", daemon=True)
        self._thread.start()

    @property
    def runs(self) -> list[dict]:
        """Every run so far, oldest first, this one with its seconds up to now."""
        now = self._ended if self._ended is not None else time.monotonic()
        return self.earlier + [{**self.this_run, "seconds": round(now - self._began, 3)}]

    def _write(self) -> None:
        write_atomically(self.path, json.dumps({"format": FORMAT, "runs": self.runs}, indent=1) + "\n")

    def _keep(self) -> None:
        while not self._done.wait(self.flush_s):
            try:
                self._write()
            except (OSError, ValueError):  # a full disk: the parts' own writes will say so
                pass

    def stop(self) -> None:
        """This run's time, written for the last time."""
        self._done.set()
        self._thread.join()
        self._ended = time.monotonic()
        self._write()


def read_runs(path: "str | Path") -> list[dict]:
    """The runs a ledger file holds (`RunLedger`), [] if it is missing or damaged."""
    try:
        found = json.loads(Path(path).read_text())
        runs = found["runs"] if found.get("format") == FORMAT else []
        return [{"started": str(r["started"]), "seconds": float(r["seconds"]), "workers": int(r["workers"]),
                 "machine": str(r["machine"]), **({"note": str(r["note"])} if "note" in r else {})}
                for r in runs]
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return []


def core_hours(runs: list[dict]) -> float:
    """Each run's wall seconds times its workers, summed, in hours."""
    return sum(r["seconds"] * r["workers"] for r in runs) / 3600


def _describe(identity: dict) -> str:
    text = f"{identity.get('game')} (objective {identity.get('objective')}"
    if identity.get("max_turns"):
        text += f", at most {identity['max_turns']} turns"
    return text + ")"


def checkpoint_summary(folder: "str | Path", files: "list[dict] | None" = None) -> dict:
    """Where the search kept in `folder` stands, read from its files alone: the search
    (`run.json`), its runs and their cost (`runs.json`), the parts below the first guess
    finished (exact) or bounded, and the step logs of the large parts (positions one guess
    below the part whose value or bound is kept, and how many second guesses they cover).
    A damaged file counts as absent, as a run would count it. `files`: the folder's
    `kept_files`, where the caller has them already."""
    folder = Path(folder)
    try:
        identity = json.loads((folder / "run.json").read_text())
    except (OSError, ValueError):
        identity = None
    runs = read_runs(folder / "runs.json")
    files = kept_files(folder) if files is None else files
    parts = [f["part"] for f in files if f["kind"] == "part" and f["part"] is not None]
    steps = [{"part": f["name"][:-len(STEPS_SUFFIX)], "positions": f["positions"], "exact": f["exact"],
              "second_guesses": f["second_guesses"]} for f in files if f["kind"] == "steps"]
    exact = sum(1 for _value, is_exact, _tree in parts if is_exact)
    return {"search": identity, "runs": len(runs), "seconds": round(sum(r["seconds"] for r in runs), 1),
            "core_hours": round(core_hours(runs), 3),
            "machines": sorted({r["machine"] for r in runs}), "parts_exact": exact,
            "parts_bounded": len(parts) - exact, "step_logs": steps}
