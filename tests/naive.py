"""Slow, obviously correct references that the fast code is tested against."""

from __future__ import annotations

import numpy as np

from mmlib.core.games import Game


def digits_of(game: Game, indices: np.ndarray) -> np.ndarray:
    """(len(indices), pins) zero-based colors, by repeated division."""
    indices = np.asarray(indices, dtype=np.int64)
    out = np.empty((len(indices), game.pins), dtype=np.int64)
    for position in range(game.pins - 1, -1, -1):
        out[:, position] = indices % game.colors
        indices = indices // game.colors
    return out


def naive_pair_ordinals(game: Game, guesses: np.ndarray, secrets: np.ndarray) -> np.ndarray:
    """Score ordinals of guesses[i] against secrets[i], counting colors one by one."""
    g, s = digits_of(game, guesses), digits_of(game, secrets)
    black = (g == s).sum(axis=1)
    hits = np.zeros(len(g), dtype=np.int64)
    for color in range(game.colors):
        hits += np.minimum((g == color).sum(axis=1), (s == color).sum(axis=1))
    p = game.pins
    return black * (2 * p + 1 - black) // 2 + hits


def small_games(max_codewords: int = 1296):
    """Every game with at most `max_codewords` codewords."""
    return [
        Game(p, c)
        for p in range(2, 9)
        for c in range(2, 16)
        if c**p <= max_codewords
    ]


# REFERENCE.md: 4p6c, strategy, first guess -> total, max, histogram
PUBLISHED_4P6C = [
    ("knuth", "1122", 5801, 5, [1, 6, 62, 533, 694]),
    ("knuth", "1123", 5803, 6, [1, 8, 66, 521, 696, 4]),
    ("most-parts", "1123", 5668, 6, [1, 12, 72, 635, 569, 7]),
    ("most-parts", "1122", 5728, 6, [1, 9, 70, 589, 619, 8]),
    ("expected-size", "1123", 5696, 6, [1, 10, 54, 645, 583, 3]),
    ("expected-size", "1122", 5764, 5, [1, 8, 51, 586, 650]),
    ("entropy", "1234", 5722, 6, [1, 4, 71, 612, 596, 12]),
    ("entropy", "1123", 5680, 6, [1, 10, 56, 658, 567, 4]),
]
