"""The choices every solver shares (backend, case equivalence), and the options of the exact
search, the coach and the review (time limits, flags, folders, moves, workers): each parsed
one way, for the Python API and the command line alike."""

from __future__ import annotations

import math
import os
from collections.abc import Iterable
from numbers import Real

import numpy as np

from .games import shown, whole_number

BACKENDS = ("reference", "cpu", "cuda")
CASE_EQUIVALENCE_MODES = ("auto", "on", "off")


def parse_backend(name: str) -> str:
    name = str(name).strip().lower()
    if name not in BACKENDS:
        raise ValueError(f"unknown backend {shown(name)}: choose one of {', '.join(BACKENDS)}")
    return name


def parse_case_equivalence(mode: "str | bool") -> str:
    if isinstance(mode, bool):
        return "on" if mode else "off"
    mode = str(mode).strip().lower()
    if mode not in CASE_EQUIVALENCE_MODES:
        raise ValueError(
            f"unknown case-equivalence mode {shown(mode)}: choose one of {', '.join(CASE_EQUIVALENCE_MODES)}"
        )
    return mode


def parse_max_turns(max_turns) -> "int | None":
    """None (no limit), or a whole number of turns of at least 1; ValueError for anything else
    (inf, 5.5, "5", [5]), never OverflowError or TypeError."""
    return parse_count(max_turns, "max turns")



# -- the options of the Python API and the command line alike -----------------------------
#
# Each function below is the one rule for an option, used by the Python API and by the command
# line: a bad value is a ValueError whose message the command line prints as its one line.
# Numbers of numpy are taken like Python's (np.int64(5), np.float32(0.5)); bools, text and other
# types are refused rather than converted ("false" is not False, "5" is not 5).


def _given(value) -> str:
    """How a bad value is named in a message: its repr, cut short if long."""
    text = repr(value)
    return text if len(text) <= 40 else text[:40] + f"... ({len(text):,} characters)"


def parse_time_limit(seconds, what: str = "time limit") -> "float | None":
    """None (no limit), or a finite positive number of seconds, as a float."""
    if seconds is None:
        return None
    if isinstance(seconds, (bool, np.bool_)) or not isinstance(seconds, Real) or not math.isfinite(seconds) \
            or not seconds > 0:
        raise ValueError(f"{what} {_given(seconds)} is not a positive number of seconds such as 5 or 0.5")
    return float(seconds)


def parse_flag(value, what: str) -> bool:
    """True or False (numpy's bools too); anything else, "false" included, is refused."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise ValueError(f"{what} must be True or False, not {_given(value)} ({type(value).__name__})")


def parse_folder(path, what: str) -> "str | None":
    """None, or a folder's path given as str or os.PathLike (not bytes, not a number), as a str."""
    if path is None:
        return None
    if isinstance(path, os.PathLike):
        path = os.fspath(path)
    if not isinstance(path, str):
        raise ValueError(f"{what} must be a folder's path (a str or pathlib.Path), not "
                         f"{_given(path)} ({type(path).__name__})")
    if not path.strip():
        raise ValueError(f"{what}: cannot use an empty path: name a folder")
    return path


def parse_moves(moves) -> list:
    """The moves of a game as a list: `GUESS=B,W` texts or Moves, in play order. A single text or
    None is refused (a text would be read one character at a time)."""
    if isinstance(moves, (str, bytes)) or not isinstance(moves, Iterable):
        raise ValueError(f"moves must be a list of moves such as ['1122=1,0', '1344=0,1'], not "
                         f"{_given(moves)} ({type(moves).__name__})")
    return list(moves)


def worker_limit() -> int:
    """The most worker processes one search may start: the cores of this machine, or 8 where it
    has fewer (a test or a short run may want more processes than cores, never thousands)."""
    return max(os.cpu_count() or 1, 8)


def parse_count(value, what: str, maximum: "int | None" = None) -> "int | None":
    """None (the default), or a whole number from 1 (to `maximum`)."""
    return None if value is None else whole_number(value, what, minimum=1, maximum=maximum)


def parse_workers(workers, what: str = "workers") -> "int | None":
    """None (the default), or a whole number of worker processes from 1 to `worker_limit()`."""
    return parse_count(workers, what, worker_limit())


# The refusal of an opening chosen for the optimal strategy, where `solve`, `game`, `next` and
# `play` (and GameSession) meet it: the exact search plays its own best opening.
OPTIMAL_PLAYS_ITS_OWN_OPENING = ("the optimal strategy plays its own best opening "
                                 "(`optimal-openings` gives the optimum after each first guess)")
