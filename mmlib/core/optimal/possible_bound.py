"""A first upper bound for the search with guesses only from the secrets still possible.

The search without the rule starts from the four strategies' totals (`whole_game.heuristic_bounds`),
but those strategies may guess a codeword that can no longer be the secret, so their totals bound
nothing once the rule holds. Here each strategy plays under the rule: at every node it picks, among
the secrets still possible, the one its rank (`strategies.rank_of_counts`) likes best, ties to the
lowest index. It is played from each opening the exact search would try (one per pattern of
repeated colors), since the first guess is free: every secret is still possible then.

Any strategy that keeps the rule costs at least the restricted optimum, so the least total found
is a bound the search must beat from its first opening on (it gains little time: the search finds
good trees quickly by itself; docs/optimal.md), and a check of every restricted optimum stored.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ..games import Game
from ..strategies import Strategy, entropy_table, is_better, rank_of_counts
from . import engine as en
from .search import OptimalSearch


@en.kernel
def _play_below(tables, order, scratch, ordinals, counts, entropy, strategy, opening, histogram, stack):
    """Play `strategy` with possible guesses only on every secret of `order` (all codewords),
    `opening` first; histogram[t] += the secrets won at turn t. Returns the total turns.

    `order` is partitioned in place: a node is a run order[start:start+n] of the secrets still
    possible; its parts are written back as consecutive runs and pushed on a stack, so the
    whole walk needs no memory beyond the arrays handed in."""
    slots = tables.params[en.P_SLOTS]
    win = tables.params[en.P_WIN]
    n_codewords = tables.words.shape[0]
    flat = tables.score.reshape(-1)
    pins, mask = tables.params[en.P_PINS], np.uint64(tables.params[en.P_MASK])
    total = np.int64(0)
    # Every node on the stack holds at least one secret and no two overlap: n + 1 rows suffice.
    stack_start, stack_len, stack_turn = stack[0], stack[1], stack[2]
    stack_start[0], stack_len[0], stack_turn[0] = 0, order.shape[0], 1
    top = 1
    while top > 0:
        top -= 1
        start, n, turn = stack_start[top], stack_len[top], stack_turn[top]
        if n == 1:
            histogram[turn] += 1
            total += turn
            continue
        if turn == 1:
            guess = opening
        else:
            guess = -1
            best_rank = np.int64(0)
            for i in range(n):
                g = order[start + i]
                en.count_parts(flat, n_codewords, tables.words, tables.lo, tables.hi, pins, mask, g,
                               order, start, n, counts, slots)
                rank = rank_of_counts(counts, strategy, entropy)
                # Every candidate is in PS: the shared order falls back to the lower index.
                if guess < 0 or is_better(rank, True, g, best_rank, True, guess):
                    guess, best_rank = g, rank
        # Split the run by score: a counting sort through `scratch`.
        en.score_row(tables, guess, order, start, n, ordinals)
        for o in range(slots):
            counts[o] = 0
        for i in range(n):
            counts[ordinals[i]] += 1
        at = np.int64(0)
        for o in range(slots):
            size = counts[o]
            counts[o] = at
            if size == 0:
                continue
            if o == win:
                histogram[turn] += 1
                total += turn
            else:
                stack_start[top], stack_len[top], stack_turn[top] = start + at, size, turn + 1
                top += 1
            at += size
        for i in range(n):
            o = ordinals[i]
            scratch[counts[o]] = order[start + i]
            counts[o] += 1
        for i in range(n):
            order[start + i] = scratch[i]
    return total


def play_possible_only(game: "Game | str", strategy: "Strategy | str", opening: "int | str",
                       search: "OptimalSearch | None" = None) -> tuple[int, int, list[int]]:
    """(total turns, max turns, histogram) of `strategy` from `opening` when every later guess
    is, among the secrets still possible, the one the strategy ranks best (ties: lowest index);
    histogram[t - 1] = the secrets won at turn t."""
    game = Game.parse(game)
    strategy = Strategy.parse(strategy)
    opening = game.parse_codeword(opening, "opening") if isinstance(opening, str) else int(opening)
    if not 0 <= opening < game.size:
        raise ValueError(f"opening index {opening} is not a codeword of {game.name} (0 to {game.size - 1})")
    search = search if search is not None else OptimalSearch(game, possible_guesses=True)
    n = game.size
    histogram = np.zeros(n + 2, dtype=np.int64)
    total = _play_below(search.tables, np.arange(n, dtype=np.int32), np.empty(n, dtype=np.int32),
                        np.empty(n, dtype=np.uint8), np.zeros(game.score_slots, dtype=np.int64),
                        entropy_table(n), int(strategy), opening, histogram,
                        np.empty((3, n + 1), dtype=np.int64))
    worst = int(np.flatnonzero(histogram)[-1])
    return int(total), worst, [int(x) for x in histogram[1:worst + 1]]


def possible_guess_totals(game: "Game | str") -> tuple[tuple[str, int, int, int], ...]:
    """(strategy label, opening index, total, max turns) of each strategy played with guesses
    only from the secrets still possible, from its best opening (ties: the lower index)."""
    return _possible_guess_totals(Game.parse(game))


# The search's bound, the table check and notebook 8 ask for the same games: play each once.
@lru_cache(maxsize=32)
def _possible_guess_totals(game: Game) -> tuple[tuple[str, int, int, int], ...]:
    search = OptimalSearch(game, possible_guesses=True)
    found = []
    for strategy in Strategy:
        best = None
        for opening in search.root_candidates():
            total, worst, _histogram = play_possible_only(game, strategy, int(opening), search)
            if best is None or total < best[2]:
                best = (strategy.label, int(opening), total, worst)
        found.append(best)
    return tuple(found)
