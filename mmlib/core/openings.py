"""Openings: the first guesses that differ, and the one `solve` plays when none is given.

With nothing played, renaming colors or reordering pins maps every game onto
another, so only how many pins share a color tells openings apart: the integer
partitions of p into at most c parts (4 pins: 1111, 1112, 1122, 1123, 1234).
That holds under every rule set: renaming colors and reordering pins change no
black-only score either, and the norepeat codewords are closed under both. Without
repeated colors every opening has p different colors, so there is one: 1234.
The default opening is the best-max winner in data/first_guesses.csv, which
`sweep` (mmlib.studies.first_guess) keeps; games it lacks play "pairs".
"""

from __future__ import annotations

from functools import lru_cache

from .files import DATA_DIR
from .games import COLOR_CHARS, Game
from .strategies import Strategy
from .tables import TableSchema, read_table

FIRST_GUESSES_CSV = DATA_DIR / "first_guesses.csv"


# -- the table solve reads ---------------------------------------------------------


@lru_cache(maxsize=1)
def _first_guess_rows() -> tuple[dict, ...]:
    return tuple(read_table(FIRST_GUESSES_CSV, TableSchema("first-guess table", ("game", "strategy", "best_max"))))


def forget_first_guess_table() -> None:
    """Read data/first_guesses.csv again on the next look-up (after `sweep` rewrote it)."""
    _first_guess_rows.cache_clear()


def table_first_guess(game: Game, strategy: Strategy) -> "str | None":
    """The best-max first guess of data/first_guesses.csv, or None where it has no row."""
    for row in _first_guess_rows():
        if row.get("game") == game.name and row.get("strategy") == strategy.label:
            return row.get("best_max") or None
    return None


# -- the patterns ------------------------------------------------------------------


def integer_partitions(total: int, max_parts: int, largest: "int | None" = None) -> list[tuple[int, ...]]:
    """Partitions of `total` into at most `max_parts` parts, each part no larger than the one before."""
    largest = total if largest is None else largest
    if total == 0:
        return [()]
    if max_parts == 0:
        return []
    found = []
    for first in range(min(total, largest), 0, -1):
        for rest in integer_partitions(total - first, max_parts - 1, first):
            found.append((first, *rest))
    return found


def first_guess_patterns(game: "Game | str") -> list[str]:
    """The openings that differ, in index order: 1111, 1112, 1122, 1123, 1234 for 4p6c."""
    return list(_first_guess_patterns(Game.parse(game)))


# The coach asks at every position it values (notebook 7's tables: tens of thousands of times).
@lru_cache(maxsize=64)
def _first_guess_patterns(game: Game) -> tuple[str, ...]:
    partitions = integer_partitions(game.pins, game.colors)
    if game.norepeat:  # every pin its own color
        partitions = [partition for partition in partitions if max(partition) == 1]
    patterns = [
        "".join(COLOR_CHARS[color] * part for color, part in enumerate(partition))
        for partition in partitions
    ]
    return tuple(sorted(patterns, key=game.parse_codeword))


def default_first_guess(game: Game, strategy: Strategy) -> int:
    """The first guess `solve` plays when none is given.

    The best-max winner of data/first_guesses.csv where that table has the game
    and strategy; otherwise the rule "pairs of colors": 1122 for 4 pins, 11223
    for 5, 112233 for 6, ..., the pattern Knuth used (without repeated colors:
    1234..., the only opening there is).
    """
    pattern = table_first_guess(game, strategy)
    if pattern is None:
        pattern = pairs_first_guess(game)
    return game.parse_codeword(pattern)


def pairs_first_guess(game: Game) -> str:
    if game.norepeat:
        return COLOR_CHARS[: game.pins]
    return "".join(COLOR_CHARS[min(i // 2, game.colors - 1)] for i in range(game.pins))
