"""The next guess for one set of possible secrets PS, with packed scores (serial Numba).

This is the single-region building block: the assistant, the play loop and the
notebooks ask it for one guess at a time. The all-games backends choose guesses
for many regions at once with the same per-candidate math.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from numba import njit

from .case_equivalence import acr_candidates, acr_size, region_zero_free, use_case_equivalence
from .games import Codewords, Game
from .scoring import packed_score_ordinal, score_mask
from .strategies import Strategy, entropy_table, is_better, rank_of_counts

# One next-guess search scores every codeword against every possible secret.
# Beyond this many scores (about half a minute on one core) the search is
# refused with a clear message instead of leaving a person waiting for hours.
MAX_SEARCH_SCORES = 20_000_000_000


@njit(cache=True)
def count_subsets(guess_word, guess_lo, guess_hi, ps_words, ps_lo, ps_hi, pins, unused, counts):
    """counts[o] = how many secrets of PS give score ordinal o against the guess."""
    counts[:] = 0
    for i in range(ps_words.shape[0]):
        o = packed_score_ordinal(ps_words[i], ps_lo[i], ps_hi[i], guess_word, guess_lo, guess_hi, pins, unused)
        counts[o] += 1


@njit(cache=True)
def best_of_candidates(cand_index, cand_words, cand_lo, cand_hi, cand_in_ps,
                       ps_words, ps_lo, ps_hi, pins, unused, slots, strategy, entropy):
    """(index, rank) of the best candidate by rank, then membership in PS, then index."""
    counts = np.zeros(slots, dtype=np.int64)
    best_index = np.int64(-1)
    best_rank = np.int64(0)
    best_in_ps = False
    for c in range(cand_index.shape[0]):
        count_subsets(cand_words[c], cand_lo[c], cand_hi[c], ps_words, ps_lo, ps_hi, pins, unused, counts)
        rank = rank_of_counts(counts, strategy, entropy)
        if best_index < 0 or is_better(rank, cand_in_ps[c], cand_index[c], best_rank, best_in_ps, best_index):
            best_index, best_rank, best_in_ps = cand_index[c], rank, cand_in_ps[c]
    return best_index, best_rank


@njit(cache=True)
def first_fully_discriminating(ps_words, ps_lo, ps_hi, pins, unused, slots):
    """Position in PS of its first member that splits PS into singletons, or -1."""
    counts = np.zeros(slots, dtype=np.int64)
    for g in range(ps_words.shape[0]):
        count_subsets(ps_words[g], ps_lo[g], ps_hi[g], ps_words, ps_lo, ps_hi, pins, unused, counts)
        if counts.max() <= 1:
            return g
    return -1


def choose_next_guess(
    game: Game,
    strategy: "Strategy | str",
    ps: np.ndarray,
    candidates: "np.ndarray | None" = None,
) -> tuple[int, int]:
    """(next guess, scores computed) for the possible secrets `ps` (codeword indices).

    `candidates` defaults to every codeword. Guesses already played need not be
    excluded: they put all of PS in one subset, so with |PS| >= 3 a member of PS
    always ranks strictly better.
    """
    strategy = Strategy.parse(strategy)
    ps = np.unique(np.asarray(ps, dtype=np.int64))
    if len(ps) == 0:
        raise ValueError("no secret is possible")
    if len(ps) <= 2:
        return int(ps[0]), 0
    packed_ps = Codewords.of(game, ps)
    unused = score_mask(game)
    cost = 0
    if len(ps) <= game.num_scores:
        cost += len(ps) * len(ps)
        position = first_fully_discriminating(
            packed_ps.words, packed_ps.counts_lo, packed_ps.counts_hi, game.pins, unused, game.score_slots
        )
        if position >= 0:
            return int(ps[position]), cost
    if candidates is None:
        candidates = np.arange(game.size, dtype=np.int64)
    candidates = np.asarray(candidates, dtype=np.int64)
    packed = Codewords.of(game, candidates)
    in_ps = np.isin(candidates, ps)
    guess, _rank = best_of_candidates(
        candidates, packed.words, packed.counts_lo, packed.counts_hi, in_ps,
        packed_ps.words, packed_ps.counts_lo, packed_ps.counts_hi, game.pins, unused,
        game.score_slots, int(strategy), entropy_table(len(ps)),
    )
    return int(guess), cost + len(candidates) * len(ps)


@lru_cache(maxsize=8192)
def _cached_next_guess(game: Game, strategy: Strategy, ps_bytes: bytes, zero: int, free: int) -> int:
    # The same sets of possible secrets come back again and again (every game
    # that reaches a node of the strategy tree asks the same question), so the
    # answers are kept. Keyed by the bytes of the sorted index array, and by the
    # Zero and Free colors whose class representatives are searched (the answer
    # is the same either way; the key just says which search found it).
    ps = np.frombuffer(ps_bytes, dtype=np.int64)
    candidates = acr_candidates(game, zero, free) if zero or free else None
    return choose_next_guess(game, strategy, ps, candidates)[0]


def strategy_next_guess(game: Game, strategy: Strategy, ps: np.ndarray, played) -> int:
    """The strategy's guess for the possible secrets `ps` (sorted indices, at least one) reached
    by the guesses `played`: the guess every solver plays there (the same tie-breaks).

    Only the class representatives of the position's Zero and Free colors are searched (the
    answer is the same); a search of more than MAX_SEARCH_SCORES scores is refused (ValueError).
    """
    zero, free = 0, 0
    if len(ps) >= 3 and use_case_equivalence(game, "auto"):
        zero, free = region_zero_free(game, ps, list(played))
    candidates = acr_size(game.pins, game.colors, zero.bit_count(), free.bit_count(), game.norepeat)
    if len(ps) >= 3 and candidates * len(ps) > MAX_SEARCH_SCORES:
        raise ValueError(
            f"choosing the next guess means scoring {candidates:,} codewords against "
            f"{len(ps):,} possible secrets, too many for one core here; play more moves first"
        )
    return _cached_next_guess(game, Strategy.parse(strategy), np.ascontiguousarray(ps, dtype=np.int64).tobytes(),
                              zero, free)
