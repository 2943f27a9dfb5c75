"""A large part below an opening, its candidates spread over the workers.

A part of a few thousand secrets is one worker's search for hours (the six largest parts below
each of 7p4c's openings), and once the smaller parts are done the other workers wait for it.
`SplitPart` lets the root search such a part the way `stepwise` does, one candidate (second
guess) at a time in the engine's order, but with each candidate a task of its own
(`root.solve_candidate`), so several workers take the part's candidates at once.

Branch and bound stays exact: a candidate is sent with the best total known then, and reads the
best again before each of its parts (a shared slot the root writes), so a total that another
candidate finds meanwhile tightens its budgets; a candidate whose bound reaches the best is
never sent. The part's value is the least exact total below its budget, or a lower bound over
everything tried. The budget itself may fall while the part runs (the opening's other parts
come back), and the part takes the new one at once.

The root keeps the part's step log (`checkpoint.StepLog`) itself: each candidate's task takes
the known values of its parts along and brings back what it found, so a stopped run goes on
from the log as a stepwise one does. While it runs, a task also keeps what it proves in a
candidate log of its own beside the part's (written every config.STEP_LOG_FLUSH_S seconds and
when it stops), which the root folds into the part's log when the task comes back, or at the
next run's start if it never did: a run stopped in the middle of long candidates loses at most
the last half minute of each.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from . import engine as en
from .bounds import INFEASIBLE
from .checkpoint import StepLog, candidate_log_path, candidate_log_paths
from .stepwise import INDEX_MASK, rank_candidates, tree_with_guess


class SplitPart:
    """The root's side of one part searched candidate by candidate on several workers."""

    def __init__(self, search, secrets: np.ndarray, played: tuple, depth: int, budget: int,
                 log=None, slot: int = -1):
        self.secrets = np.ascontiguousarray(secrets, dtype=np.int64)
        self.played, self.log, self.slot = tuple(played), log, slot
        n = len(self.secrets)
        self.depth = min(int(depth), n)
        self.budget = self.best = int(budget)
        self.floor = search.lower_bound(n, self.depth)
        self.best_guess, self.best_branches = -1, None
        self.lower = int(INFEASIBLE)
        self.keys, self.found, self.next, self.running = np.empty(0, dtype=np.int64), 0, 0, 0
        # Small, shallow, or settled by its counting bound: the engine takes it whole.
        self.whole = n <= 2 * search.parts + 1 or self.depth <= 1 or self.floor >= budget
        if not self.whole:
            self.keys, self.found, lower, shortcut = rank_candidates(search, self.secrets, self.played,
                                                                     self.depth, budget)
            self.lower = min(self.lower, lower)
            self.whole = shortcut >= 0  # a candidate meets the floor: the engine finds it at once
        self.candidates_cut = 0
        self._known: dict = {}  # guess -> [(ordinal, value, exact)] from the step log
        if log is not None:
            for (guess, ordinal), (value, exact) in log.entries.items():
                self._known.setdefault(guess, []).append((ordinal, value, exact))
            self._fold_candidate_logs()

    def candidate_log(self, guess: int) -> "str | None":
        """Where the task of candidate `guess` keeps what it proves as it goes (None: no log)."""
        return None if self.log is None else str(candidate_log_path(self.log.path, guess))

    def _fold_candidate_logs(self, left=None) -> None:
        """Take what candidate logs hold (those `left` or, by default, every one an earlier run
        left) into the part's log, then remove them (the part's log is written first: a stop
        in between folds them again)."""
        if left is None:
            left = candidate_log_paths(self.log.path)
        left = [path for path in left if path.exists()]
        for path in left:
            for (guess, ordinal), (value, exact) in StepLog(path, float("inf")).entries.items():
                self.log.record(guess, ordinal, value, exact)
                self._known.setdefault(guess, []).append((ordinal, value, exact))
        if left:
            self.log.flush()
            for path in left:
                path.unlink(missing_ok=True)

    @property
    def done(self) -> bool:
        """Nothing of it is running and nothing left can beat the best."""
        return self.running == 0 and self.next >= self.found

    def tighten(self, budget: int) -> bool:
        """The part's budget fell to `budget` (the opening's other parts came back): True if
        the best to beat fell with it."""
        if budget >= self.budget:
            return False
        self.budget = budget
        if self.best_guess >= 0:
            if self.best < budget:  # what it found is still below the budget
                return False
            self.lower = min(self.lower, self.best)  # no longer below it: a bound, like the rest
            self.best_guess, self.best_branches = -1, None
        if self.best <= budget:
            return False
        self.best = budget
        return True

    def offer(self) -> "tuple[int, int, int] | None":
        """The next candidate that can still beat the best, as (rank, guess, bound), or None."""
        if self.next < self.found:
            key = int(self.keys[self.next])
            bound = key >> en.KEY_SHIFT
            if bound >= self.best:  # sorted: no later candidate can beat the best either
                self.lower = min(self.lower, bound)
                self.candidates_cut += self.found - self.next
                self.next = self.found
                return None
            rank = self.next
            self.next += 1
            self.running += 1
            return rank, key & INDEX_MASK, bound
        return None

    def stop(self) -> None:
        """Send no more candidates (the opening can no longer win)."""
        self.next = self.found

    def known_for(self, guess: int) -> list:
        """What the step log knows of the parts below `guess`: (ordinal, value, exact) rows."""
        return self._known.get(guess, [])

    def stopped(self, guess: int) -> None:
        """The task of candidate `guess` was told to stop: keep what its own log holds."""
        self.running -= 1
        if self.log is not None:
            self._fold_candidate_logs([Path(self.candidate_log(guess))])

    def receive(self, guess: int, total: int, beats: bool, branches, entries) -> bool:
        """A candidate came back: its total (exact if `beats`) or a lower bound, its subtrees if
        it beat the best it knew, and what it proved of its parts. True if the best fell."""
        self.running -= 1
        if self.log is not None:
            for ordinal, value, exact in entries:
                self.log.record(guess, ordinal, value, exact)
                self._known.setdefault(guess, []).append((ordinal, value, exact))
            if entries:
                self.log.flush()  # before the candidate's own log goes
            Path(self.candidate_log(guess)).unlink(missing_ok=True)
        if beats and total < self.best:
            self.best = total
            self.best_guess, self.best_branches = guess, branches
            if self.best <= self.floor:  # no candidate can do better
                self.next = self.found
            return True
        self.lower = min(self.lower, total)
        return False

    def result(self, game) -> "tuple[int, bool, dict | None]":
        """(value, exact, tree): the part's optimum and its tree if below the budget, else a
        lower bound >= the budget."""
        if self.log is not None:
            self.log.flush()
        if self.best_guess >= 0:
            return self.best, True, tree_with_guess(game, self.best_guess, len(self.secrets), self.best_branches)
        return max(int(self.lower), self.floor, self.budget), False, None
