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

The folder holds `run.json` (the game with its rules, the objective with the guess rule, the
max-turns limit and the format: everything that changes the answer, so a checkpoint is never
applied to another search), `runs.json` (every run's wall time, workers and machine, kept as it goes by
`RunLedger`: a search that took five runs on two machines says so, and what it cost in
core-hours), a lock (one run at a time), and one gzipped JSON file per part (and one per large
part's step log), each written to a temporary name and renamed: a run killed mid-write leaves
the old file or none (and the temporary, which the next run removes as it takes the lock).

A folder is evidence, not trust. Every file of it is read by one reader (`read_kept_json`):
a regular file only (a FIFO or a device is never opened for reading, so nothing hangs), its
size checked before it is read and its unpacked size bounded as it is unpacked, JSON with
no NaN or Infinity. What a file says is checked against the position it names before it is
used (`check_part`, `plausible`): values whole and within the bounds the position allows, an
exact part's tree played out on the part's own secrets to the value it claims. A file that
fails is set aside (renamed NAME.rejected) by a run and its part searched again; names are
parsed by one ASCII-only pattern, so what `optimal-status` counts is what a run reads.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import math
import os
import re
import stat
import threading
import time
import zlib
from pathlib import Path

from ..files import check_writable_directory, write_atomically, write_gzipped_json
from . import config

FORMAT = 1
# A large part's step log is `d{depth}_g{opening}_o{ordinal}` + STEPS_SUFFIX in parts/; while the
# part's candidates are shared by the workers (`split`), each task's own log lies beside it.
STEPS_SUFFIX = ".steps.json.gz"
# A number as the folder's writer writes one: ASCII digits, no sign, no leading zero. `\d` would
# take any Unicode digit (int() reads "٣" as 3), and "03" would name the part the run calls "3".
_NUMBER = r"(0|[1-9][0-9]{0,17})"
# Every file name of parts/: a part's value, its step log, or a shared candidate's log.
_KEPT_NAME = re.compile(rf"d{_NUMBER}_g{_NUMBER}_o{_NUMBER}(?:({re.escape(STEPS_SUFFIX)})"
                        rf"|\.candidate{_NUMBER}\.json\.gz|\.json\.gz)")
# What a file that failed its checks is renamed to (beside it; no kept name ends so).
REJECTED_SUFFIX = ".rejected"
# The temporary files of mmlib's writes (`files.write_atomically`, `files._probe`): a run killed
# in the middle of one leaves it, and the next run that takes the folder's lock removes it.
_TEMPORARY_NAME = re.compile(r"\..+\.(tmp|probe)")
# The most bytes of one kept file, packed and unpacked: a part's tree takes about 100 bytes per
# secret (7p4c's largest step log: 105 KB for 16,384 codewords), so a file of any game fits.
MAX_KEPT_FIXED_BYTES = 1 << 20
MAX_KEPT_BYTES_PER_CODEWORD = 512
# A step log's limit where the game is not at hand (a worker's): that of the largest game searched.
MAX_STEP_LOG_BYTES = MAX_KEPT_FIXED_BYTES + MAX_KEPT_BYTES_PER_CODEWORD * config.MAX_OPTIMAL_CODEWORDS
# run.json and runs.json (about 150 bytes per run)
MAX_RUN_FILE_BYTES = 16 << 20
# Trees nest two JSON levels per turn; no tree of a part needs more than a few dozen turns.
MAX_KEPT_JSON_DEPTH = 200
# The largest value a file may hold: every sum of the search stays far below (an int64).
MAX_KEPT_VALUE = 1 << 62


class KeptFileError(ValueError):
    """A file of a checkpoint folder that cannot be believed; the message says why."""


def kept_file_limit(game_size: int) -> int:
    """The most bytes one part file or step log of a game of `game_size` codewords may take."""
    return MAX_KEPT_FIXED_BYTES + MAX_KEPT_BYTES_PER_CODEWORD * int(game_size)


def _refuse_constant(name: str):
    raise ValueError(f"{name} is not a number JSON allows")


def read_kept_json(path: "str | Path", limit: int, gzipped: bool):
    """The JSON value of one file of a checkpoint folder, read as evidence: the one way every
    file of a folder is read. FileNotFoundError if it is not there; KeptFileError if it is not
    a regular file (a FIFO is never opened for reading, so nothing waits on it), is larger than
    `limit` bytes, unpacks (`gzipped`) to more than `limit`, nests deeper than a tree does, or
    is not JSON (NaN and Infinity included)."""
    from ..verify import json_depth

    path = Path(path)
    status = os.lstat(path)  # the link itself: a link out of the folder is not the folder's
    if not stat.S_ISREG(status.st_mode):
        raise KeptFileError(f"{path.name} is not a regular file")
    if status.st_size > limit:
        raise KeptFileError(f"{path.name} has {status.st_size:,} bytes, more than the {limit:,} it may have")
    # O_NONBLOCK and O_NOFOLLOW: what was swapped in since the lstat cannot make the open wait.
    handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
    with os.fdopen(handle, "rb") as stream:
        if not stat.S_ISREG(os.fstat(stream.fileno()).st_mode):
            raise KeptFileError(f"{path.name} is not a regular file")
        raw = stream.read(limit + 1)
    if len(raw) > limit:
        raise KeptFileError(f"{path.name} grew past the {limit:,} bytes it may have")
    if gzipped:
        unpacker = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
        try:
            raw = unpacker.decompress(raw, limit + 1)  # never more than this is unpacked
        except zlib.error as error:
            raise KeptFileError(f"{path.name} is not a readable gzip file: {error}") from None
        if len(raw) > limit:
            raise KeptFileError(f"{path.name} unpacks to more than the {limit:,} bytes it may have")
        if not unpacker.eof:
            raise KeptFileError(f"{path.name} is a gzip file cut short")
    if json_depth(raw) > MAX_KEPT_JSON_DEPTH:
        raise KeptFileError(f"{path.name} nests deeper than any file of a search does")
    try:
        return json.loads(raw.decode("utf-8"), parse_constant=_refuse_constant)
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise KeptFileError(f"{path.name} is not JSON: {str(error).splitlines()[0][:100]}") from None


def set_aside(path: "str | Path") -> None:
    """Rename a file that failed its checks to NAME.rejected (kept for a person to look at; no
    reader of the folder reads it again). Where that cannot be done, it is left: every reader
    rejects it again."""
    path = Path(path)
    try:
        os.replace(path, path.with_name(path.name + REJECTED_SUFFIX))
    except OSError:
        pass


def is_kept_number(value) -> bool:
    """A JSON integer (not a boolean, not a float) within what the search's sums can hold."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < MAX_KEPT_VALUE


def plausible(size: int, depth: int, value, exact, floor: int = 0) -> bool:
    """Can a position of `size` secrets with `depth` guesses left have this value (exact) or this
    lower bound? Within the bounds the position allows: at least `floor` (its counting bound,
    where the caller has it); an exact value at most what guessing its secrets one after the
    other costs, size(size+1)/2, with every secret within the depth; a bound no more than that
    either where the depth left lets that strategy fit (a bound above it says "no strategy
    fits", which only a shallower depth can make true)."""
    if not is_kept_number(value) or not isinstance(exact, bool) or size < 1 or value < floor:
        return False
    one_by_one = size * (size + 1) // 2
    if exact:
        return value <= min(one_by_one, size * min(depth, size))
    return depth < size or value <= one_by_one


def part_secrets(game, guess: int, ordinal: int) -> "np.ndarray":
    """The secrets of the part below opening `guess` on score `ordinal` (codeword indices)."""
    import numpy as np

    from ..scoring import score_ordinals

    return np.flatnonzero(score_ordinals(game, int(guess)) == int(ordinal))


def check_part(game, secrets, depth: int, found, possible_guesses: bool = False,
               floor: int = 0, identity: "dict | None" = None) -> "tuple[int, bool, dict | None]":
    """(value, exact, tree) of a part file's JSON `found`, for the part of `secrets` (codeword
    indices) with `depth` guesses left, once it is shown to hold; KeptFileError if it does not.
    A file that names its search (`identity`, run.json's: every part written since the format
    has it) must name this one; a value or bound must be `plausible`; an exact part's tree
    must win every one of its secrets within the depth (each guess one of the secrets still
    possible, under that rule), and its turns must add up to the value."""
    from ..verify import TreeDefect, subtree_turns

    if not isinstance(found, dict) or not {"value", "exact"} <= set(found):
        raise KeptFileError("it is not a part's value")
    if identity is not None and "search" in found and found["search"] != identity:
        raise KeptFileError(f"it belongs to a search of {_describe(found['search'])}"
                            if isinstance(found["search"], dict) else "it names no search")
    value, exact, tree = found["value"], found["exact"], found.get("tree")
    if not plausible(len(secrets), depth, value, exact, floor):
        raise KeptFileError(f"its value {str(value)[:40]} is not one a part of {len(secrets):,} secrets "
                            f"with {depth} guesses left can have")
    if not exact:
        return value, False, None
    try:
        turns, all_possible = subtree_turns(game, tree, game.format_codewords(secrets))
    except (TreeDefect, ValueError) as error:  # TreeFormatError is a ValueError
        raise KeptFileError(f"its tree does not hold: {str(error)[:200]}") from None
    if possible_guesses and not all_possible:
        raise KeptFileError("its tree guesses a codeword that is no longer possible")
    if sum(turns.values()) != value or max(turns.values()) > depth:
        raise KeptFileError(f"its tree takes {sum(turns.values()):,} turns, not the {value:,} it claims")
    return value, True, tree


def read_part(path: "str | Path", game, depth: int, guess: int, ordinal: int,
              possible_guesses: bool = False, floor: int = 0, identity: "dict | None" = None
              ) -> "tuple[int, bool, dict | None]":
    """(value, exact, tree) kept in the part file at `path`, checked (`check_part`) against the
    part it names and the search of `identity`; FileNotFoundError if there is none,
    KeptFileError if it cannot be believed. Every reader of a folder counts a part this way,
    as a run does."""
    found = read_kept_json(path, kept_file_limit(game.size), gzipped=True)
    return check_part(game, part_secrets(game, guess, ordinal), depth, found, possible_guesses, floor, identity)


class Checkpoint:
    """The parts a whole-game search has finished, in `folder`, for one game and objective.
    `objective`: as run.json names it (with ", possible guesses" under that rule)."""

    def __init__(self, folder: "str | Path", game, objective: str, max_turns: "int | None",
                 possible_guesses: bool = False):
        self.folder = check_writable_directory(folder)
        self.parts_dir = self.folder / "parts"
        self.game, self.possible_guesses = game, bool(possible_guesses)
        self.identity = {"format": FORMAT, "game": game.name, "objective": objective,
                         "max_turns": max_turns}
        self.limit = kept_file_limit(game.size)
        run = self.folder / "run.json"
        found = read_identity(self.folder)
        if found is None:
            # Parts with nothing saying whose they are: another search's, or a folder whose
            # run.json was removed. Believing them would answer another question.
            if kept_names(self.parts_dir):
                raise ValueError(f"checkpoint {str(self.folder)!r} holds parts but no run.json saying which "
                                 "search they belong to; use an empty folder")
            write_atomically(run, json.dumps(self.identity) + "\n")
        elif found != self.identity:
            raise ValueError(f"checkpoint {str(self.folder)!r} holds a search of {_describe(found)}, "
                             f"not of {_describe(self.identity)}")
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
        self._remove_temporaries()
        return self

    def __exit__(self, *exc_info):
        if self._lock is not None:
            self._lock.release()

    def _remove_temporaries(self) -> None:
        """The temporary files a killed run left (its own, or a worker's cut in mid-write): no run
        holds the folder but this one, so none of them is being written. Beside parts/ only
        those of the ledger: another run, before it finds the lock taken, probes the folder."""
        for directory, prefixes in ((self.folder, (".run.json.", ".runs.json.")), (self.parts_dir, (".",))):
            for path in directory.iterdir() if directory.is_dir() else []:
                if (_TEMPORARY_NAME.fullmatch(path.name) and path.name.startswith(prefixes) and path.is_file()
                        and not path.is_symlink()):
                    path.unlink(missing_ok=True)

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

    def lookup(self, depth: int, guess: int, ordinal: int, floor: int = 0
               ) -> "tuple[int, bool, dict | None] | None":
        """(value, exact, tree) of the part below opening `guess` on score `ordinal` with `depth`
        guesses left, or None if no run finished it. A file that does not hold (`read_part`;
        `floor`: the part's counting bound) is set aside and counts as none."""
        path = self._path(depth, guess, ordinal)
        try:
            return read_part(path, self.game, depth, guess, ordinal, self.possible_guesses, floor, self.identity)
        except FileNotFoundError:
            return None
        except (KeptFileError, OSError):
            set_aside(path)
            return None

    def record(self, depth: int, guess: int, ordinal: int, value: int, exact: bool,
               tree: "dict | None") -> None:
        """Keep what a part proved: its exact value and tree, or a lower bound (kept only if it
        says more than what the folder holds)."""
        known = self.lookup(depth, guess, ordinal)
        if known is not None and (known[1] or (not exact and known[0] >= value)):
            return
        content = {"value": int(value), "exact": bool(exact), "tree": tree if exact else None,
                   "search": self.identity}  # what it belongs to, should run.json be replaced
        write_gzipped_json(self._path(depth, guess, ordinal), content)


def read_identity(folder: "str | Path") -> "dict | None":
    """What a folder's run.json says the search is, None if there is no run.json; ValueError
    (one line) if it cannot be read as one."""
    folder = Path(folder)
    try:
        found = read_kept_json(folder / "run.json", MAX_RUN_FILE_BYTES, gzipped=False)
    except FileNotFoundError:
        return None
    except (KeptFileError, OSError) as error:
        raise ValueError(f"checkpoint {str(folder)!r} has an unreadable run.json: {error}") from None
    if not isinstance(found, dict):
        raise ValueError(f"checkpoint {str(folder)!r} has an unreadable run.json: it is not an object")
    return found


def kept_names(parts_dir: "str | Path") -> list[tuple[Path, "re.Match"]]:
    """Every file of a parts/ folder whose name is one a run writes, in name order, with what
    its name says (`_KEPT_NAME`: depth, opening, ordinal, and which kind of file)."""
    parts_dir = Path(parts_dir)
    if not parts_dir.is_dir():
        return []
    found = []
    for path in sorted(parts_dir.iterdir()):
        match = _KEPT_NAME.fullmatch(path.name)
        if match is not None:
            found.append((path, match))
    return found


class StepLog:
    """What the search of one large part has proven about the positions one guess below it:
    for a second guess and a score, the position's exact value or a lower bound. Read back by
    a later search of the same part (the folder's run.json fixes the game and the objective;
    the file's name, the part). Written every `flush_s` seconds and when the search ends or
    stops. A file that cannot be read as a step log counts as empty, and a run (`set_aside`)
    renames it aside; each entry is checked where it is used (`plausible`), against the
    position it names."""

    def __init__(self, path: "str | Path", flush_s: float, limit: "int | None" = None,
                 set_aside_bad: bool = True):
        self.path, self.flush_s = Path(path), float(flush_s)
        self.entries: dict[tuple[int, int], tuple[int, bool]] = {}
        self.dirty, self.flushed_at = False, time.monotonic()
        try:
            self.entries = _step_entries(read_kept_json(self.path, limit or MAX_STEP_LOG_BYTES, gzipped=True))
        except FileNotFoundError:
            pass
        except (KeptFileError, OSError):
            if set_aside_bad:
                set_aside(self.path)

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


def _step_entries(found) -> dict[tuple[int, int], tuple[int, bool]]:
    """The entries of a step log's JSON; KeptFileError unless every one is (second guess, score
    ordinal, value, exact) of whole numbers and a boolean."""
    if not isinstance(found, dict) or found.get("format") != FORMAT or not isinstance(found.get("entries"), list):
        raise KeptFileError("it is not a step log")
    entries = {}
    for row in found["entries"]:
        if not (isinstance(row, list) and len(row) == 4 and all(is_kept_number(x) for x in row[:3])
                and isinstance(row[3], bool)):
            raise KeptFileError(f"it has an entry {str(row)[:60]} that is not a position's value")
        entries[row[0], row[1]] = (row[2], row[3])
    return entries


def kept_files(folder: "str | Path", game=None, possible_guesses: bool = False,
               identity: "dict | None" = None) -> list[dict]:
    """Every file of `folder`/parts, in name order, as depth, guess, ordinal (the part below
    opening `guess` on score `ordinal`), name, and kind: "part" (with `part`, what `read_part`
    finds: None where the file does not hold, or where `game` is not given), "steps" (with the
    step log's `positions`, `exact` and `second_guesses`) or "candidate" (a shared candidate's
    log, folded into its part's by the next run). Files of other names are left out. It reads
    as a run reads and changes nothing."""
    found = []
    limit = kept_file_limit(game.size) if game is not None else MAX_STEP_LOG_BYTES
    for path, match in kept_names(Path(folder) / "parts"):
        entry = {"name": path.name, "depth": int(match.group(1)), "guess": int(match.group(2)),
                 "ordinal": int(match.group(3))}
        if match.group(4):
            log = StepLog(path, flush_s=float("inf"), limit=limit, set_aside_bad=False)
            entry.update(kind="steps", positions=len(log.entries),
                         exact=sum(1 for _v, e in log.entries.values() if e),
                         second_guesses=len({g for g, _o in log.entries}))
        elif match.group(5) is not None:
            entry["kind"] = "candidate"
        else:
            part = None
            if game is not None and entry["guess"] < game.size:
                try:
                    part = read_part(path, game, entry["depth"], entry["guess"], entry["ordinal"],
                                     possible_guesses, identity=identity)
                except (KeptFileError, OSError):
                    part = None
            entry.update(kind="part", part=part)
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
    prefix = f"{steps_path.name[:-len(STEPS_SUFFIX)]}.candidate"
    return [path for path, match in kept_names(steps_path.parent)
            if match.group(5) is not None and path.name.startswith(prefix)]


class RunLedger:
    """Every run of a checkpoint's search: when it began (UTC), its wall seconds, its
    workers and its machine, this one included and kept up to date by a thread (a run
    killed without warning loses at most `flush_s` seconds of its time). A damaged file
    counts as no earlier runs."""

    def __init__(self, path: "str | Path", workers: int, machine: str, flush_s: float):
        self.path, self.flush_s = Path(path), float(flush_s)
        self.earlier = read_runs(self.path, set_aside_bad=True)
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


def read_runs(path: "str | Path", set_aside_bad: bool = False) -> list[dict]:
    """The runs a ledger file holds (`RunLedger`), [] if it is missing or damaged (a run sets a
    damaged one aside, `set_aside_bad`, before it writes its own). Every run must have a
    start, a finite number of seconds of at least 0, a whole number of workers of at least 1
    and a machine."""
    try:
        found = read_kept_json(path, MAX_RUN_FILE_BYTES, gzipped=False)
        runs = found["runs"] if found.get("format") == FORMAT else []
        for r in runs:
            seconds = r["seconds"]
            if (isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not math.isfinite(seconds)
                    or seconds < 0 or not is_kept_number(r["workers"]) or r["workers"] < 1):
                raise KeptFileError("a run in it has no finite time or no workers")
        return [{"started": str(r["started"]), "seconds": float(r["seconds"]), "workers": r["workers"],
                 "machine": str(r["machine"]), **({"note": str(r["note"])} if "note" in r else {})}
                for r in runs]
    except FileNotFoundError:
        return []
    except (OSError, ValueError, KeyError, TypeError, AttributeError, OverflowError):
        if set_aside_bad:
            set_aside(path)
        return []


def identity_game(identity) -> tuple:
    """(game, possible_guesses) of a run.json's search, (None, False) if it names no game."""
    from ..games import Game

    try:
        game = Game.parse(identity["game"])
    except (TypeError, KeyError, ValueError):
        return None, False
    return game, "possible guesses" in str(identity.get("objective"))


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
        identity = read_identity(folder)
    except ValueError:
        identity = None
    runs = read_runs(folder / "runs.json")
    files = kept_files(folder, *identity_game(identity), identity) if files is None else files
    parts = [f["part"] for f in files if f["kind"] == "part" and f["part"] is not None]
    steps = [{"part": f["name"][:-len(STEPS_SUFFIX)], "positions": f["positions"], "exact": f["exact"],
              "second_guesses": f["second_guesses"]} for f in files if f["kind"] == "steps"]
    exact = sum(1 for _value, is_exact, _tree in parts if is_exact)
    return {"search": identity, "runs": len(runs), "seconds": round(sum(r["seconds"] for r in runs), 1),
            "core_hours": round(core_hours(runs), 3),
            "machines": sorted({r["machine"] for r in runs}), "parts_exact": exact,
            "parts_bounded": len(parts) - exact, "step_logs": steps}
