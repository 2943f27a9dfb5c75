"""A large position searched one candidate at a time, what it proves kept as it goes.

The engine searches a position in one compiled call, and what it learns lives in its cache.
Below the first guess of the largest games (7p4c, 6p5c) one part can keep a core busy for
hours, and a run stopped in the middle of it kept nothing of it. `solve_stepwise` runs the
position's loop over candidates here instead: the same candidates in the same order as the
engine's own loop (`engine.position_value`), each candidate's parts one engine call each. The
value, or the lower bound, of every part it searches goes into a `checkpoint.StepLog`; a later
search of the same position takes them back instead of searching them again, so a stopped run
loses only what it found since the log was last written. One thing more than the engine: each
candidate's parts are bounded one guess deeper before any is searched (config.STEPWISE_LOOKAHEAD),
which drops candidates that cannot beat the best and tightens the budgets of the rest.
"""

from __future__ import annotations

import numpy as np

from ..scoring import format_score, ordinal_to_score
from . import config
from . import engine as en
from .checkpoint import plausible
from .search import INFEASIBLE, OptimalSearch

# A ranked candidate's key (`rank_candidates`): its bound above KEY_SHIFT, its codeword below.
INDEX_MASK = (1 << en.INDEX_BITS) - 1


def solve_stepwise(search: OptimalSearch, secrets: np.ndarray, played, depth: int, beta: int,
                   log=None, on_candidate=None) -> "tuple[int, dict | None]":
    """(value, tree) of the position, as `search.value` and `search.tree` give them: its exact
    value and an optimal subtree if the value is below beta, else (a lower bound >= beta,
    None). `played`: the guesses that led to `secrets` (a tuple), as for `search.value`.
    `log`: a `checkpoint.StepLog` to read and extend, or None. `on_candidate(done, of)`: told
    as each candidate is taken (for a progress bar), or None. Raises SearchAborted as
    `search.value` does, after writing the log."""
    secrets = np.ascontiguousarray(secrets, dtype=np.int64)
    n = len(secrets)
    depth = min(int(depth), n)
    if n <= 2 * search.parts + 1 or depth <= 1 or search.lower_bound(n, depth) >= beta:
        return _whole(search, secrets, played, depth, beta)  # small, or settled without a search
    try:
        best, guess = _candidate_loop(search, secrets, played, depth, beta, log, on_candidate)
    finally:
        if log is not None:
            log.flush()
    if guess is None:  # a candidate met the floor while they were ranked: the engine has it
        return _whole(search, secrets, played, depth, beta)
    if guess < 0:
        return best, None
    return best, _tree(search, secrets, played, depth, guess)


def _whole(search, secrets, played, depth, beta):
    value = search.value(secrets, played, depth, beta)
    return value, (search.tree(secrets, played, depth) if value < min(beta, INFEASIBLE) else None)


def _candidate_loop(search, secrets, played, depth, beta, log, on_candidate=None):
    """The engine's loop over a node's candidates (`position_value`, `_next_candidate`,
    `_child_value`), each part searched by the engine or read from the log. Returns (best,
    its guess), (a lower bound >= beta, -1), or (_, None) if the ranking found a shortcut."""
    n = len(secrets)
    keys, found, lower, shortcut = rank_candidates(search, secrets, played, depth, beta)
    if shortcut >= 0:
        return shortcut, None
    floor = search.lower_bound(n, depth)
    best, best_guess = int(beta), -1
    for rank, key in enumerate(keys[:found].tolist()):
        bound = key >> en.KEY_SHIFT
        if bound >= best:  # sorted: no later candidate can beat the best either
            lower = min(lower, bound)
            search.add_counts({"candidates_cut": found - rank})
            break
        guess = key & INDEX_MASK
        if on_candidate is not None:
            on_candidate(rank, found)
        total, beats = candidate_total(search, secrets, played, depth, guess, bound, best, log)
        if not beats:
            lower = min(lower, total)
            continue
        best, best_guess = total, guess
        if best <= floor:
            break
    if best_guess >= 0:
        return best, best_guess
    return max(int(lower), floor, int(beta)), -1


def rank_candidates(search, secrets, played, depth: int, beta: int):
    """The position's candidates ranked as the engine ranks them: (keys, how many, the least
    bound cut, a shortcut value or -1). Each key is the candidate's bound above KEY_SHIFT and
    its codeword in the low INDEX_BITS; only candidates whose bound is below beta are kept."""
    level = search._load(secrets, played)
    keys = np.empty(search.game.size, dtype=np.int64)
    # The parts' counting bounds with K (by_set False): `candidate_total` adds search.lb_table's.
    found, lower, shortcut, _parts = en.ranked_candidates(search.tables, search.buffers, search.cache,
                                                          search.counters, 0, len(secrets), depth, beta,
                                                          level, keys, False)
    return keys, int(found), int(lower), int(shortcut)


def candidate_total(search, secrets, played, depth: int, guess: int, bound: int, best: int, log=None,
                    current_best=None) -> "tuple[int, bool]":
    """One candidate of the loop: (its total, True) if it is below the best, else (a lower bound
    of its total that is >= the best, False). `bound`: the candidate's bound from the ranking;
    `best`: the total to beat. Its parts of three or more secrets are each bounded one guess
    deeper first (config.STEPWISE_LOOKAHEAD), then searched in the engine's part order, each
    with the budget the best leaves, or read from `log` (anything with `lookup` and `record`,
    as `checkpoint.StepLog`; None: nothing kept). `current_best()`: the total to beat now, for
    a candidate searched beside others whose totals may lower it while it runs; None: `best`."""
    game, n = search.game, len(secrets)
    child_lb = search.lb_table(depth - 1)
    order = en.PART_ORDERS[int(search.tables.params[en.P_PART_ORDER])]
    search.add_counts({"candidates_searched": 1, "scores": n})
    smallest_first = order == "smallest" or (order == "adaptive" and best < en.NO_TOTAL)
    large = [(o, part) for o, part in search.split(guess, secrets)
             if o != game.win_ordinal and len(part) >= 3]  # by ordinal; 1 or 2 cost their bound
    large.sort(key=(lambda item: len(item[1])) if smallest_first else (lambda item: -len(item[1])))
    total = int(bound)  # exact values found so far plus the bounds of the parts not searched
    below = tuple(played) if played is not None else None
    child_played = below + (guess,) if below is not None else None
    floors = {}
    if config.STEPWISE_LOOKAHEAD:
        # Each part's bound one guess deeper (or what the log knows of it): a candidate whose
        # parts cannot fit the best is dropped before any of them is searched, and the
        # budgets of the others are tighter.
        for ordinal, part in large:
            floors[ordinal] = _part_floor(search, log, guess, ordinal, part, child_played, depth - 1)
            total += floors[ordinal] - int(child_lb[len(part)])
        if total >= best:
            search.add_counts({"candidates_cut": 1})
            return total, False
    for ordinal, part in large:
        if current_best is not None:
            best = min(best, int(current_best()))
            if total >= best:  # another candidate lowered the best below what this one can reach
                return total, False
        rest = total - floors.get(ordinal, int(child_lb[len(part)]))
        budget = best - rest
        got = _part_value(search, log, guess, ordinal, part, child_played, depth - 1, budget)
        if got >= budget:  # over its budget: the candidate cannot beat the best
            return rest + got, False
        total = rest + got
    return total, True


def _part_value(search, log, guess, ordinal, part, played, depth, budget) -> int:
    """F(part) if below budget, else a bound >= budget: from the log when it settles this budget,
    else searched (and logged)."""
    known = _logged(search, log, guess, ordinal, part, depth)
    if known is not None and (known[1] or known[0] >= budget):
        return known[0]
    value = search.value(part, played, depth, budget)
    if log is not None:
        log.record(guess, ordinal, value, value < budget)
    return value


def _logged(search, log, guess, ordinal, part, depth) -> "tuple[int, bool] | None":
    """What the log knows of the part below second guess `guess` on score `ordinal`, where it is
    a value or bound that part can have (`checkpoint.plausible`); None otherwise: the part is
    searched rather than an impossible entry believed."""
    known = log.lookup(guess, ordinal) if log is not None else None
    if known is None or not plausible(len(part), depth, known[0], known[1],
                                      search.lower_bound(len(part), depth)):
        return None
    return known


def _part_floor(search, log, guess, ordinal, part, played, depth) -> int:
    """A lower bound of the part's value: its exact value or best bound from the log, or one
    guess deeper than the counting bound (`lookahead_bound`), whichever says more."""
    known = _logged(search, log, guess, ordinal, part, depth)
    if known is not None and known[1]:
        return known[0]
    deeper = search.lookahead_bound(part, played, depth)
    return max(deeper, known[0]) if known is not None else deeper


def _tree(search, secrets, played, depth, guess) -> dict:
    """The subtree of the position with `guess` first, its parts' subtrees from the search."""
    return tree_with_guess(search.game, guess, len(secrets), branches_below(search, secrets, played, depth, guess))


def branches_below(search, secrets, played, depth: int, guess: int) -> dict:
    """{score: optimal subtree} of each non-winning part of `secrets` under `guess`, from the
    search (whose cache holds them, once the candidate's parts were searched exactly)."""
    game = search.game
    below = tuple(played) + (guess,) if played is not None else None
    return {format_score(*ordinal_to_score(ordinal, game)): search.tree(part, below, depth - 1)
            for ordinal, part in search.split(guess, secrets) if ordinal != game.win_ordinal}


def tree_with_guess(game, guess: int, games: int, branches: dict) -> dict:
    node = {"guess": game.format_codeword(guess), "games": games}
    if branches:
        node["next"] = branches
    return node


def wants_stepwise(size: int, threshold: "int | None" = None) -> bool:
    """Is a part of this many secrets below an opening searched stepwise (its steps kept where
    a checkpoint on this machine can keep them)? `threshold`: the least size that is (None:
    config.STEPWISE_MIN_SECRETS)."""
    return size >= (config.STEPWISE_MIN_SECRETS if threshold is None else threshold)

