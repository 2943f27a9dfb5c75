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
def _pick(tables, order, start, n, counts, entropy, strategies, ranks, picks):
    """picks[k] = the secret of the node order[start:start+n] that strategies[k] ranks best
    (`strategies.rank_of_counts`), ties to the lowest index. Each candidate's parts are counted
    once, whatever the number of strategies asked."""
    slots = tables.params[en.P_SLOTS]
    n_codewords = tables.words.shape[0]
    flat = tables.score.reshape(-1)
    pins, mask = tables.params[en.P_PINS], np.uint64(tables.params[en.P_MASK])
    for k in range(strategies.shape[0]):
        picks[k] = -1
    for i in range(n):
        g = order[start + i]
        en.count_parts(flat, n_codewords, tables.words, tables.lo, tables.hi, pins, mask, g,
                       order, start, n, counts, slots)
        for k in range(strategies.shape[0]):
            rank = rank_of_counts(counts, strategies[k], entropy)
            # Every candidate is in PS: the shared order falls back to the lower index.
            if picks[k] < 0 or is_better(rank, True, g, ranks[k], True, picks[k]):
                picks[k], ranks[k] = g, rank


@en.kernel
def _play_below(tables, order, scratch, ordinals, counts, entropy, strategy, guess, turn, histogram, stack,
                ranks, picks):
    """Play the strategy strategy[0] with possible guesses only on the secrets of `order`, a node
    reached at `turn` whose guess is `guess`; histogram[t] += the secrets won at turn t. Returns
    the total turns.

    `order` is partitioned in place: a node is a run order[start:start+n] of the secrets still
    possible; its parts are written back as consecutive runs and pushed on a stack, so the
    whole walk needs no memory beyond the arrays handed in."""
    slots = tables.params[en.P_SLOTS]
    win = tables.params[en.P_WIN]
    total = np.int64(0)
    # Every node on the stack holds at least one secret and no two overlap: n + 1 rows suffice.
    stack_start, stack_len, stack_turn = stack[0], stack[1], stack[2]
    stack_start[0], stack_len[0], stack_turn[0] = 0, order.shape[0], turn
    top = 1
    while top > 0:
        top -= 1
        start, n, at_turn = stack_start[top], stack_len[top], stack_turn[top]
        if n == 1:
            histogram[at_turn] += 1
            total += at_turn
            continue
        if at_turn != turn:
            _pick(tables, order, start, n, counts, entropy, strategy, ranks, picks)
            guess = picks[0]
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
                histogram[at_turn] += 1
                total += at_turn
            else:
                stack_start[top], stack_len[top], stack_turn[top] = start + at, size, at_turn + 1
                top += 1
            at += size
        for i in range(n):
            o = ordinals[i]
            scratch[counts[o]] = order[start + i]
            counts[o] += 1
        for i in range(n):
            order[start + i] = scratch[i]
    return total


def _play_from(game: Game, strategies, opening: int, search: OptimalSearch) -> list[tuple[int, int, list[int]]]:
    """(total turns, max turns, histogram) of each of `strategies` played with possible guesses
    only from `opening` (`play_possible_only`). The parts the opening leaves are the same for
    every strategy, and there each candidate's parts are counted once for all of them: those
    are the largest nodes, most of the work."""
    n = game.size
    codes = np.array([int(s) for s in strategies], dtype=np.int64)
    histograms = np.zeros((len(codes), n + 2), dtype=np.int64)
    totals = np.zeros(len(codes), dtype=np.int64)
    entropy = entropy_table(n)
    scratch, ordinals = np.empty(n, dtype=np.int32), np.empty(n, dtype=np.uint8)
    counts = np.zeros(game.score_slots, dtype=np.int64)
    stack = np.empty((3, n + 1), dtype=np.int64)
    ranks, picks = np.empty(len(codes), dtype=np.int64), np.empty(len(codes), dtype=np.int64)
    rank, pick = np.empty(1, dtype=np.int64), np.empty(1, dtype=np.int64)  # below the parts: one strategy
    for ordinal, part in search.split(opening, np.arange(n, dtype=np.int64)):
        if ordinal == game.win_ordinal:  # the opening itself, won at turn 1
            histograms[:, 1] += 1
            totals += 1
            continue
        part = part.astype(np.int32)
        _pick(search.tables, part, 0, len(part), counts, entropy, codes, ranks, picks)
        for k in range(len(codes)):
            totals[k] += _play_below(search.tables, part.copy(), scratch, ordinals, counts, entropy,
                                     codes[k:k + 1], picks[k], 2, histograms[k], stack, rank, pick)
    played = []
    for total, histogram in zip(totals.tolist(), histograms):
        worst = int(np.flatnonzero(histogram)[-1])
        played.append((int(total), worst, [int(x) for x in histogram[1:worst + 1]]))
    return played


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
    return _play_from(game, (strategy,), opening, search)[0]


def possible_guess_totals(game: "Game | str") -> tuple[tuple[str, int, int, int], ...]:
    """(strategy label, opening index, total, max turns) of each strategy played with guesses
    only from the secrets still possible, from its best opening (ties: the lower index)."""
    return _possible_guess_totals(Game.parse(game))


# The search's bound, the table check and notebook 8 ask for the same games: play each once.
@lru_cache(maxsize=32)
def _possible_guess_totals(game: Game) -> tuple[tuple[str, int, int, int], ...]:
    search = OptimalSearch(game, possible_guesses=True)
    best: dict = {}
    for opening in search.root_candidates():  # all four strategies at once from each opening
        for strategy, (total, worst, _histogram) in zip(Strategy, _play_from(game, Strategy, int(opening), search)):
            if strategy not in best or total < best[strategy][2]:
                best[strategy] = (strategy.label, int(opening), total, worst)
    return tuple(best[strategy] for strategy in Strategy)
