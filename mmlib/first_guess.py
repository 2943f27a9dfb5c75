"""First guesses: which opening each strategy plays, from the table mmlib computed."""

from __future__ import annotations

import csv
from functools import lru_cache
from pathlib import Path

from .games import Game
from .strategies import Strategy

DATA_DIR = Path(__file__).resolve().parent.parent / "data"
FIRST_GUESSES_CSV = DATA_DIR / "first_guesses.csv"


@lru_cache(maxsize=1)
def _first_guess_rows() -> tuple[dict, ...]:
    if not FIRST_GUESSES_CSV.exists():
        return ()
    with FIRST_GUESSES_CSV.open(newline="") as handle:
        return tuple(csv.DictReader(handle))


def table_first_guess(game: Game, strategy: Strategy) -> "str | None":
    """The best-max first guess of data/first_guesses.csv, or None where it has no row."""
    for row in _first_guess_rows():
        if row.get("game") == game.name and row.get("strategy") == strategy.label:
            return row.get("best_max") or None
    return None
