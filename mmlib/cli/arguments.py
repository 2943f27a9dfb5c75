"""Argument types the commands share: numbers typed the one way games and codewords are.

`int()` reads `"５"`, `" 7 "` and `"1_000"`; a command line reads ASCII digits
(with a leading minus sign, so that a range check can say what is wrong with -5)
and nothing else, the same rule as games and codewords.
"""

from __future__ import annotations

import argparse

from ..core.games import ascii_whole_number, shown


def integer(text: str) -> int:
    """An argparse type: a whole number written with ASCII digits 0-9, perhaps after a minus sign."""
    negative = text.startswith("-")
    value = ascii_whole_number(text[1:] if negative else text)
    if value is None or len(text) > 30:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a whole number written with digits 0-9")
    return -value if negative else value


def seconds(text: str) -> float:
    """An argparse type: a positive number of seconds, such as 5 or 0.5, written with ASCII digits."""
    whole, point, fraction = text.partition(".")
    if (len(text) > 30 or (point and not fraction) or ascii_whole_number(whole or "0") is None
            or (fraction and ascii_whole_number(fraction) is None) or float(text) <= 0):
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a positive number of seconds such as 5 or 0.5")
    return float(text)
