"""Counting lower bounds of the exact search (REFERENCE.md, "Optimal strategies", fact 4).

A tree node wins at most one secret and has at most K non-winning children
(K = p(p+3)/2 - 1, or fewer where no guess meets that many scores), so at most
K**(t-1) secrets are won on turn t of a subtree. The fewest turns m secrets can
take within d guesses fill turns 1, 2, ... as full as that allows; if they do
not fit in d turns, the bound is INFEASIBLE. A guess that splits S into
non-winning parts P_1..P_j then costs at least |S| + sum_i LB(|P_i|, d - 1).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..openings import first_guess_patterns
from ..scoring import score_pairs

# A cost no strategy reaches: "cannot be done within the depth left". Sums of a
# few dozen of them stay far from int64 overflow.
INFEASIBLE = np.int64(1) << np.int64(40)


@njit(cache=True, nogil=True)
def lower_bound_table(n_max, depth, parts):
    """LB[m] for m = 0..n_max: the fewest total turns m secrets can take within `depth` guesses.

    Turn t of a subtree wins at most parts**(t-1) secrets (one per node, and a
    node has at most `parts` non-winning children). LB[m] fills turns 1, 2, ...
    as full as they can be; INFEASIBLE where m secrets do not fit in `depth` turns.
    """
    table = np.empty(n_max + 1, dtype=np.int64)
    for m in range(n_max + 1):
        left = np.int64(m)
        total = np.int64(0)
        level = np.int64(1)
        t = 1
        while left > 0 and t <= depth:
            take = min(left, level)
            total += take * t
            left -= take
            if level < (np.int64(1) << np.int64(40)):
                level *= parts
            t += 1
        table[m] = INFEASIBLE if left > 0 else total
    return table


def most_parts(game) -> int:
    """K: the most non-winning parts any guess splits any set into.

    At most p(p+3)/2 - 1, and at most the number of non-winning scores some
    guess gives against all codewords (a subset cannot meet more scores).
    That count is the same for a guess and its images under pin and color
    permutations, so the openings (one per orbit) are all that need scoring;
    with few colors it is far below p(p+3)/2 - 1 (8p2c: 8, not 43).
    """
    everything = np.arange(game.size, dtype=np.int64)
    most = 0
    for pattern in first_guess_patterns(game):
        guess = np.full(game.size, game.parse_codeword(pattern))
        ordinals = np.unique(score_pairs(game, guess, everything))
        most = max(most, int(np.count_nonzero(ordinals != game.win_ordinal)))
    return min(most, game.num_scores - 1)


def bound_tables(game, parts: int) -> np.ndarray:
    """LB by depth left: row d is `lower_bound_table` for d guesses (row 0: nothing fits).

    Rows stop at the first depth at which every codeword fits (deeper rows are
    all the same), so the search reads row min(d, last)."""
    rows = [lower_bound_table(game.size, 0, parts)]
    while rows[-1][-1] >= INFEASIBLE:
        rows.append(lower_bound_table(game.size, len(rows), parts))
    return np.ascontiguousarray(np.stack(rows))


# The least branching factor with a table of its own: with one child per node the rows run to
# depth N (N rows of N + 1 numbers); a set whose guesses all make at most one non-winning part
# is bounded with two, weaker but sound.
LEAST_SET_PARTS = 2


def set_bound_tables(game, parts: int) -> "tuple[np.ndarray, np.ndarray]":
    """The counting bounds for every branching factor k = LEAST_SET_PARTS..parts, one block of
    `bound_tables(game, k)` rows after another: (rows, where) with where[k] = (first row, row
    count) of factor k; factors below LEAST_SET_PARTS point at its block. The engine reads
    row where[k, 0] + min(d, where[k, 1] - 1) for d guesses left (`engine._set_child_lb`)."""
    least = min(LEAST_SET_PARTS, parts)
    blocks = [bound_tables(game, k) for k in range(least, parts + 1)]
    where = np.zeros((parts + 1, 2), dtype=np.int64)
    first = 0
    for k, block in zip(range(least, parts + 1), blocks):
        where[k] = first, block.shape[0]
        first += block.shape[0]
    where[:least] = where[least]
    return np.ascontiguousarray(np.concatenate(blocks)), where
