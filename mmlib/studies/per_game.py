"""Turns per game and gaps to the optimum, worked out from whole-number totals and rounded once.

data/ records whole numbers: a game's total turns over every secret, the optimum's total, the
codewords. Every average, difference of averages and gap a table of notebook 9 shows is computed
here as an exact fraction of those totals, and rounded once, half away from zero, to the decimals it
is shown with (`TURNS_DECIMALS`, `PERCENT_DECIMALS`). Two tables that show the same gap then show the
same digits: 3p9c-black's Expected Size gap, (6,143 − 5,975) / 729 = 0.23045..., is 0.230 in each,
never 0.231 from a value rounded twice (0.2305, then 0.231) or from two rounded averages
(8.427 − 8.196).

>>> rounded(gap_per_game(6143, 5975, 729))
0.23
>>> rounded(per_game(45, 16)), rounded(per_game(-5, 16))  # 2.8125 and -0.3125: half away from zero
(2.813, -0.313)
>>> rounded(gap_percent(1490, 1446), PERCENT_DECIMALS)
3.04
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable
from fractions import Fraction

TURNS_DECIMALS = 3  # turns per game, a difference of them and a gap in turns per game: 4.476
PERCENT_DECIMALS = 2  # a gap as a percent of the optimum: 3.13


def per_game(total: int, codewords: int) -> Fraction:
    """A total over every secret as turns per game: `total` / `codewords`, exactly."""
    return Fraction(int(total), int(codewords))


def gap_per_game(total: int, optimum: int, codewords: int) -> Fraction:
    """How many turns per game a strategy's `total` lies above the `optimum`, exactly."""
    return Fraction(int(total) - int(optimum), int(codewords))


def gap_percent(total: int, optimum: int) -> Fraction:
    """How far a strategy's `total` lies above the `optimum`, as a percent of the optimum, exactly."""
    return Fraction(100 * (int(total) - int(optimum)), int(optimum))


def median(values: Iterable[Fraction]) -> Fraction:
    """The median of exact values, itself exact (the mean of the middle two of an even count)."""
    return Fraction(statistics.median(list(values)))


def rounded(value: "Fraction | int", decimals: int = TURNS_DECIMALS) -> float:
    """`value` rounded once, half away from zero, to `decimals`: the float that prints as those
    digits (f"{rounded(v):.3f}" is the value to three decimals, whatever the binary float of v)."""
    value = Fraction(value)
    scale = 10 ** decimals
    whole = math.floor(abs(value) * scale + Fraction(1, 2))
    if whole == 0:
        return 0.0
    return math.copysign(whole / scale, value)
