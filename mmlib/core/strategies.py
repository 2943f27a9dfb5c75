"""The four strategies as rank functions shared by every backend.

A candidate guess splits the still-possible secrets PS into subsets by score;
`counts[o]` is the size of the subset with score ordinal `o` (the win slot
included). Each strategy turns those counts into one int64 *rank*, lower is
better, so every backend compares guesses the same way:

* knuth (minimax, Knuth 1976): the largest subset;
* expected-size (Irving): the sum of s*s, exact in integers;
* entropy (Neuwirth): the sum of s*log(s), made exact with an integer table
  (see `entropy_table`);
* most-parts (Kooi 2005): minus the number of non-empty subsets.

Ties: best rank, then a guess that is itself in PS, then the lowest index.
"""

from __future__ import annotations

import math
from enum import IntEnum
from functools import lru_cache

import numpy as np
from numba import njit


class Strategy(IntEnum):
    KNUTH = 0
    EXPECTED_SIZE = 1
    ENTROPY = 2
    MOST_PARTS = 3

    @property
    def label(self) -> str:
        return self.name.lower().replace("_", "-")

    @property
    def title(self) -> str:
        return {0: "Knuth", 1: "Expected Size", 2: "Entropy", 3: "Most Parts"}[int(self)]

    @classmethod
    def parse(cls, value: "str | Strategy") -> "Strategy":
        if isinstance(value, Strategy):
            return value
        name = str(value).strip().lower().replace("_", "-").replace(" ", "-")
        for strategy in cls:
            if strategy.label == name:
                return strategy
        from .games import shown

        raise ValueError(f"unknown strategy {shown(value)}: choose one of {', '.join(STRATEGY_NAMES)}")


STRATEGY_NAMES = tuple(s.label for s in Strategy)

# One unit of log2 in the exact entropy rank.
ENTROPY_SCALE = 2**30


@lru_cache(maxsize=4)
def _entropy_table_cached(size: int) -> np.ndarray:
    # Smallest prime factor sieve, then log2 sums along the factorisation.
    smallest = np.zeros(size + 1, dtype=np.int64)
    for q in range(2, int(math.isqrt(size)) + 1):
        if smallest[q] == 0:
            multiples = smallest[q * q :: q]
            multiples[multiples == 0] = q
    table = _fill_entropy_table(smallest, size)
    table.flags.writeable = False
    return table


@njit(cache=True)
def _fill_entropy_table(smallest, size):
    log_sum = np.zeros(size + 1, dtype=np.int64)
    table = np.zeros(size + 1, dtype=np.int64)
    for s in range(2, size + 1):
        q = smallest[s]
        if q == 0:  # s is prime
            log_sum[s] = np.int64(round(np.log2(np.float64(s)) * 2.0**30))
        else:
            log_sum[s] = log_sum[s // q] + log_sum[q]
        table[s] = s * log_sum[s]
    return table


def entropy_table(max_size: int) -> np.ndarray:
    """int64 table T[s] = s * sum over prime factors q of s of round(log2(q) * 2**30).

    Sums of T over subset sizes rank guesses by sum s*log2(s). Equal products
    of s**s give exactly equal sums (4 log 4 == 4 * 2 log 2 holds here), so ties
    are exact whatever the order of the scores, on every backend. Built once on
    the host and handed to every kernel.
    """
    size = max(int(max_size), 2)
    # Round up so that nearby sizes share one cached table.
    return _entropy_table_cached(1 << (size - 1).bit_length())


@njit(cache=True)
def rank_of_counts(counts, strategy, entropy):
    """The rank (lower is better) of one candidate from its subset sizes."""
    if strategy == 0:  # Knuth: the largest subset
        largest = 0
        for o in range(counts.shape[0]):
            if counts[o] > largest:
                largest = counts[o]
        return np.int64(largest)
    if strategy == 1:  # Expected Size: sum of squares
        total = np.int64(0)
        for o in range(counts.shape[0]):
            total += np.int64(counts[o]) * np.int64(counts[o])
        return total
    if strategy == 2:  # Entropy: sum of s log s, exact
        total = np.int64(0)
        for o in range(counts.shape[0]):
            total += entropy[counts[o]]
        return total
    parts = 0  # Most Parts: more non-empty subsets is better
    for o in range(counts.shape[0]):
        if counts[o] > 0:
            parts += 1
    return np.int64(-parts)


@njit(cache=True)
def rank_rows(counts, strategy, entropy):
    """rank_of_counts for every row of a (candidates, slots) array."""
    ranks = np.empty(counts.shape[0], dtype=np.int64)
    for i in range(counts.shape[0]):
        ranks[i] = rank_of_counts(counts[i], strategy, entropy)
    return ranks


@njit(cache=True)
def rank_columns(counts, strategy, entropy, ranks):
    """ranks[i] = rank_of_counts(counts[:, i], strategy, entropy) for a (slots, candidates) array.

    The same four ranks as `rank_of_counts`, computed one score slot at a time
    across many candidates, so that the inner loops vectorize: the CPU backend
    ranks blocks of candidates this way when PS is small and a call per
    candidate would cost more than scoring it.
    """
    slots, m = counts.shape
    for i in range(m):
        ranks[i] = 0
    if strategy == 0:  # Knuth: the largest subset
        for o in range(slots):
            for i in range(m):
                ranks[i] = max(ranks[i], np.int64(counts[o, i]))
    elif strategy == 1:  # Expected Size: sum of squares
        for o in range(slots):
            for i in range(m):
                ranks[i] += np.int64(counts[o, i]) * np.int64(counts[o, i])
    elif strategy == 2:  # Entropy: sum of s log s, exact
        for o in range(slots):
            for i in range(m):
                ranks[i] += entropy[counts[o, i]]
    else:  # Most Parts: minus the non-empty subsets
        for o in range(slots):
            for i in range(m):
                ranks[i] -= np.int64(counts[o, i] > 0)


@njit(cache=True)
def is_better(rank, in_ps, index, best_rank, best_in_ps, best_index):
    """The tie-break order: lower rank, then in PS, then lower index."""
    if rank != best_rank:
        return rank < best_rank
    if in_ps != best_in_ps:
        return in_ps
    return index < best_index


def best_candidate(ranks: np.ndarray, in_ps: np.ndarray, indices: np.ndarray) -> int:
    """The winning codeword index among candidates, by the tie-break order (numpy)."""
    order = np.lexsort((indices, ~in_ps.astype(bool), ranks))
    return int(indices[order[0]])
