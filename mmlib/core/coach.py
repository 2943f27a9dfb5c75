"""The coach: how far a move is from the best possible, proven by the exact search.

A position is the set S of secrets still possible, reached by the guesses played. With F(P)
the least total turns to finish the secrets P (the exact search, `mmlib.core.optimal`), the
*value* of a guess g at S is the least total turns over S when g is played now and play is
optimal afterwards:

    V(S, g) = |S| + sum over g's non-winning parts P of F(P)

The best value is F(S) = min over g of V(S, g), and the move's *loss* in expected turns is
(V(S, g) - F(S)) / |S|: what playing g instead of a best move costs on average over the
secrets still possible. Values are totals in turns, the winning guess counted.

Everything a review does is bounded by one `deadline.Deadline` (`time_limit` seconds; None:
none): a move's review, or a whole game's (`review.review_game` hands one deadline to every
move). The exact search stops at it; a part whose search was stopped is then known only between
two bounds: the search's lower bound for its size, and above, the best total of the four
heuristic strategies played from there (`heuristic_cost`), which stop at the same deadline too
(a part they have not reached is bounded by guessing its secrets one by one). Past the deadline
each step does only what needs no search; a position's exact searches take SEARCH_SHARE of its
time left, so that the bounds of a stopped one get the rest. Such a move review says so
(`MoveReview.exact` is False) and gives its numbers as bounds.

The first move reads data/optimal_openings.csv (one exact total per opening class, written by
`python -m mmlib optimal-openings`), so reviewing it costs nothing where the table has the game.
One `OptimalSearch` per game is kept in the process (`shared_search`), so every review of the
same game reuses the positions solved before.
"""

from __future__ import annotations

import csv
import math
import time
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np
from numba import njit

from .deadline import Deadline, DeadlinePassed
from .files import DATA_DIR
from .games import Codewords, Game, ascii_whole_number, shown
from .machine import PROVENANCE_COLUMNS
from .next_guess import count_subsets, strategy_next_guess
from .options import parse_time_limit
from .openings import default_first_guess, first_guess_patterns
from .optimal import INFEASIBLE, OptimalSearch, check_exact_search_size
from .results import OPTIMAL, StrategyLabel
from .scoring import score_mask
from .strategies import STRATEGY_NAMES, Strategy
from .tables import TableSchema, read_table

# Seconds of exact search one move's review may take before it falls back on bounds.
DEFAULT_TIME_LIMIT_S = 5.0
# The depth (guesses left) that means "no limit": the search clips it to |S|.
NO_LIMIT = 1 << 30
OPENINGS_CSV = DATA_DIR / "optimal_openings.csv"
# Every strategy a player may choose: the four rank functions and the proven optimum.
STRATEGY_CHOICES = (*STRATEGY_NAMES, OPTIMAL.label)


# The exact search ran past its time limit (the name the coach has always raised).
SearchStopped = DeadlinePassed
# The floors of every guess are scored in slices of about this many scores (a millisecond), the
# deadline asked between them.
SLICE_SCORES = 1 << 20
# The share of a position's time left that its exact searches may take: the rest is for the
# bounds a stopped search needs (the strategies' play) and the positions after it.
SEARCH_SHARE = 0.6
# What one score costs a strategy's search, a generous figure for this kind of machine (about 1 ns
# measured on 6p6c): a step is started only where this many seconds per score fit before the deadline.
SCORE_SECONDS = 3e-9


def parse_strategy_choice(value) -> "Strategy | StrategyLabel":
    """One of the four strategies, or OPTIMAL for "optimal"."""
    if isinstance(value, (Strategy, StrategyLabel)):
        return value
    if str(value).strip().lower() == OPTIMAL.label:
        return OPTIMAL
    try:
        return Strategy.parse(value)
    except ValueError:
        raise ValueError(f"unknown strategy {shown(value)}: choose one of {', '.join(STRATEGY_CHOICES)}") from None


def check_time_limit(seconds) -> "float | None":
    """A time limit in seconds (a positive number, numpy's included), or None for none;
    ValueError otherwise (`options.parse_time_limit`)."""
    return parse_time_limit(seconds, "time_limit")


@lru_cache(maxsize=4)
def shared_search(game: Game) -> OptimalSearch:
    """The exact search of `game` kept in this process, so later reviews reuse its cache."""
    return OptimalSearch(game)


# -- the openings table ------------------------------------------------------------------


OPENINGS_COLUMNS = ("game", "opening", "codewords", "total_turns", "average_turns", "extra_turns", "loss",
                    "best", "seconds", "command", "rules", *PROVENANCE_COLUMNS)


def _check_opening_row(row: dict) -> None:
    """ValueError unless the row is one of the openings table's: its game, its opening a codeword
    of it, its counts whole numbers, its rules the game's."""
    game = Game.parse(row["game"])
    game.parse_codeword(row["opening"])
    for column in ("codewords", "total_turns", "extra_turns"):
        if ascii_whole_number(row[column]) is None:
            raise ValueError(f"{column} {shown(row[column])} is not a whole number")
    if row["rules"] != game.rules:
        raise ValueError(f"rules {shown(row['rules'])} are not those of {game.name}")


OPENINGS_TABLE = TableSchema("openings table", OPENINGS_COLUMNS, _check_opening_row)


def read_openings_rows(path=None) -> list[dict]:
    """The rows of data/optimal_openings.csv (or `path`), checked as every table is (`read_table`:
    a FIFO refused, not waited on; a short line or a renamed column refused), and with no column
    the table does not have: rewriting it would lose that column. ValueError of one line."""
    path = OPENINGS_CSV if path is None else path
    rows = read_table(path, OPENINGS_TABLE)
    foreign = [column for column in (rows[0] if rows else {}) if column not in OPENINGS_COLUMNS]
    if foreign:
        raise ValueError(f"cannot use {str(path)!r} as the openings table: its header has a column "
                         f"{shown(foreign[0])} the table does not have")
    return rows


@lru_cache(maxsize=1)
def _opening_rows() -> dict:
    totals: dict = {}
    for row in read_openings_rows(OPENINGS_CSV):
        totals.setdefault(row["game"], {})[row["opening"]] = int(row["total_turns"])
    return totals


def forget_openings_table() -> None:
    """Read data/optimal_openings.csv again on the next look-up (after it was rewritten)."""
    _opening_rows.cache_clear()


def opening_totals(game: Game) -> "dict[str, int] | None":
    """{opening pattern: optimal total with that first guess} from data/optimal_openings.csv, or
    None where the table lacks the game (or some of its openings)."""
    found = _opening_rows().get(game.name)
    if found is None or set(found) != set(first_guess_patterns(game)):
        return None
    return dict(found)


def opening_pattern_of(game: Game, codewords: np.ndarray) -> np.ndarray:
    """The opening class of each codeword (index into `first_guess_patterns(game)`): codewords
    with the same color multiplicities are one class, since nothing is played yet."""
    return _opening_classes(game.name)[np.asarray(codewords, dtype=np.int64)]


@lru_cache(maxsize=4)
def _opening_classes(name: str) -> np.ndarray:
    """The opening class of every codeword of the game (`opening_pattern_of`), worked out once:
    the coach asks for it at every position it reviews."""
    game = Game.parse(name)
    patterns = first_guess_patterns(game)
    shapes = {tuple(sorted(np.bincount(game.codewords.digits[game.parse_codeword(p)],
                                       minlength=game.colors), reverse=True)): k
              for k, p in enumerate(patterns)}
    counts = -np.sort(-game.codewords.color_counts(), axis=1)
    classes = np.array([shapes[tuple(row)] for row in counts.tolist()], dtype=np.int64)
    classes.flags.writeable = False
    return classes


# -- values of moves ----------------------------------------------------------------------


@dataclass(frozen=True)
class Bounds:
    """A total in turns known exactly (low == high) or only between two bounds."""

    low: int
    high: int

    @property
    def exact(self) -> bool:
        return self.low == self.high

    def __add__(self, other: "Bounds") -> "Bounds":
        return Bounds(self.low + other.low, self.high + other.high)

    def text(self) -> str:
        return f"{self.low:,}" if self.exact else f"{self.low:,} to {self.high:,}"


def loss_bounds(value: Bounds, best: Bounds, possible: int) -> tuple[float, float]:
    """(least, most) expected turns lost by a move of `value` where the best is `best`."""
    return max(0, value.low - best.high) / possible, (value.high - best.low) / possible


@njit(cache=True)
def _guess_floors(cand_words, cand_lo, cand_hi, ps_words, ps_lo, ps_hi, pins, unused, win, part_floor,
                  counts, out):
    """out[c] = |PS| + the sum of part_floor[size] over candidate c's non-winning parts: a lower
    bound on its value (part_floor[m]: the least total m secrets can cost)."""
    n = ps_words.shape[0]
    for c in range(cand_words.shape[0]):
        count_subsets(cand_words[c], cand_lo[c], cand_hi[c], ps_words, ps_lo, ps_hi, pins, unused, counts)
        total = n
        for o in range(counts.shape[0]):
            if o != win and counts[o] > 0:
                total += part_floor[counts[o]]
        out[c] = total


def _in_time(deadline: "Deadline | None", scores: int) -> bool:
    """May a step that scores `scores` codewords (in one compiled call nothing stops) still
    start? Only if it can end before the deadline at SCORE_SECONDS a score; past the deadline
    only what needs no search runs."""
    return deadline is None or deadline.left() > scores * SCORE_SECONDS


def _sorted_unique(secrets) -> np.ndarray:
    """np.unique of the codeword indices, as int64; a copy of them where they are sorted and
    distinct already (the parts `OptimalSearch.split` gives are), which costs far less."""
    secrets = np.asarray(secrets, dtype=np.int64)
    if secrets.ndim == 1 and (len(secrets) < 2 or bool((secrets[1:] > secrets[:-1]).all())):
        return secrets.copy()
    return np.unique(secrets)


class Position:
    """The secrets still possible after some moves, and the values of guesses there.

    `secrets`: the codeword indices still possible, exactly those consistent with the
    guesses `played` (codeword indices) and their scores. Every search of this position (the
    exact one, the strategies' play for the bounds, the floors of the guesses) shares one
    deadline: `deadline`, or `time_limit` seconds from now (None: no limit).
    """

    def __init__(self, game: "Game | str", secrets, played=(), time_limit: "float | None" = DEFAULT_TIME_LIMIT_S,
                 openings_table: bool = True, bounds: bool = True, deadline: "Deadline | None" = None):
        """`openings_table`: at the start, read the openings' values from data/optimal_openings.csv
        where it has the game; `bounds`: past the time limit, give a stopped part's bounds (else
        `value` raises SearchStopped); `deadline`: a deadline shared with the caller's other steps
        (a whole review's), which `time_limit` then does not set."""
        self.game = Game.parse(game)
        self.secrets = _sorted_unique(secrets)
        if len(self.secrets) == 0:
            raise ValueError("no secret is possible")
        self.played = tuple(int(g) for g in played)
        self.n = len(self.secrets)
        self.search = shared_search(self.game)
        self.deadline = Deadline.of(deadline, check_time_limit(time_limit))
        # The exact searches stop sooner where a stopped one needs its bounds afterwards.
        self.search_deadline = self.deadline.share(SEARCH_SHARE if bounds else 1)
        self.cut = False  # some step of this position stopped at the deadline: bounds, not values
        self.at_start = not self.played and self.n == self.game.size
        self.openings = opening_totals(self.game) if self.at_start and openings_table else None
        self.bounds = bounds
        self._best = None
        self._floors: "np.ndarray | None" = None

    @property
    def stopped(self) -> bool:
        """True once a search of this position stopped at the deadline."""
        return self.cut

    # -- exact searches under the deadline ------------------------------------------------

    def _exact(self, secrets: np.ndarray, played: tuple, beta: int = INFEASIBLE) -> "int | None":
        """F(secrets) if below beta, else a lower bound >= beta; None if stopped by the deadline."""
        if 1 <= len(secrets) <= 2:
            # One secret takes one guess, two take 1 + 2 (guess either): the search's own answer
            # (tests/test_coach.py), without setting up a search, which played-out games ask for
            # thousands of times.
            return 2 * len(secrets) - 1
        try:
            with self.search.stopping_at(self.search_deadline):
                return int(self.search.value(secrets, played, NO_LIMIT, beta))
        except DeadlinePassed:
            self.cut = True
            return None

    def _part(self, secrets: np.ndarray, played: tuple) -> Bounds:
        found = self._exact(secrets, played)
        if found is not None:
            return Bounds(found, found)
        if not self.bounds:
            raise SearchStopped
        return Bounds(self.search.lower_bound(len(secrets), NO_LIMIT),
                      heuristic_cost(self.game, secrets, played, self.deadline))

    def _parts(self, guess: int) -> list[np.ndarray]:
        return [part for ordinal, part in self.search.split(guess, self.secrets) if ordinal != self.game.win_ordinal]

    def value(self, guess: int) -> Bounds:
        """V(S, guess): the least total turns over S when `guess` is played now (bounds if stopped)."""
        guess = int(guess)
        if self.openings is not None:
            total = self.openings[first_guess_patterns(self.game)[int(opening_pattern_of(self.game, [guess])[0])]]
            return Bounds(total, total)
        total = Bounds(self.n, self.n)
        for part in self._parts(guess):
            total = total + self._part(part, self.played + (guess,))
        return total

    def _is_at_most(self, guess: int, limit: int) -> "bool | None":
        """Whether V(S, guess) <= limit, searching each part only as far as the limit needs;
        None if the deadline stopped it first."""
        parts = self._parts(guess)
        floors = [self.search.lower_bound(len(p), NO_LIMIT) for p in parts]
        total = self.n + sum(floors)
        for part, floor in zip(parts, floors):
            rest = total - floor
            budget = limit + 1 - rest
            found = self._exact(part, self.played + (guess,), budget)
            if found is None:
                return None
            if found >= budget:
                return False
            total = rest + found
        return True

    def floors(self) -> "np.ndarray | None":
        """A lower bound on the value of every codeword (as a guess), by index; None if the
        deadline passed before every codeword was scored (they are scored in slices of about
        SLICE_SCORES, the deadline asked between them)."""
        if self._floors is None:
            part_floor = np.array(self.search.lb_table(NO_LIMIT)[:self.n + 1], dtype=np.int64)
            part_floor[0] = 0
            cw, ps = self.game.codewords, Codewords.of(self.game, self.secrets)
            out = np.empty(self.game.size, dtype=np.int64)
            counts = np.zeros(self.game.score_slots, dtype=np.int64)
            step = max(1, SLICE_SCORES // self.n)
            for first in range(0, self.game.size, step):
                if not _in_time(self.deadline, step * self.n):
                    self.cut = True
                    return None
                last = first + step
                _guess_floors(cw.words[first:last], cw.counts_lo[first:last], cw.counts_hi[first:last],
                              ps.words, ps.counts_lo, ps.counts_hi, self.game.pins, score_mask(self.game),
                              self.game.win_ordinal, part_floor, counts, out[first:last])
            self._floors = out
        return self._floors

    def best(self) -> "tuple[Bounds | None, tuple[int, ...], bool]":
        """(F(S), the guesses of that value in index order, whether that list is all of them);
        (None, (), False) if the deadline stopped the search of F(S)."""
        if self._best is None:
            self._best = self._find_best()
        return self._best

    def best_value(self) -> "Bounds | None":
        """F(S), the least total turns over S (exact), or None if the deadline stopped its search."""
        if self.openings is not None:
            least = min(self.openings.values())
            return Bounds(least, least)
        found = self._exact(self.secrets, self.played)
        return None if found is None else Bounds(found, found)

    def _find_best(self):
        best = self.best_value()
        if best is None:
            return None, (), False
        if self.openings is not None:
            patterns = first_guess_patterns(self.game)
            best_classes = [k for k, p in enumerate(patterns) if self.openings[p] == best.low]
            everything = np.arange(self.game.size, dtype=np.int64)
            moves = everything[np.isin(opening_pattern_of(self.game, everything), best_classes)]
            return best, tuple(int(g) for g in moves), True
        found = best.low
        moves = []
        floors = self.floors()
        if floors is not None:
            for guess in np.flatnonzero(floors <= found):
                at_most = self._is_at_most(int(guess), found)
                if at_most is None:
                    break
                if at_most:
                    moves.append(int(guess))
            else:
                return Bounds(found, found), tuple(moves), True
        # Stopped (the floors, or a guess's search): the moves found so far, and the list says it
        # is partial.
        if not moves:  # the search's own best guess: F(S) is in its cache, so no search
            try:
                with self.search.stopping_at(self.deadline):
                    moves.append(int(self.search.best_guess(self.secrets, self.played, NO_LIMIT)))
            except DeadlinePassed:
                pass
        return Bounds(found, found), tuple(sorted(moves)), False

    def least_possible(self) -> int:
        """A lower bound on F(S): the least floor over every guess, or the counting bound of |S|
        where the deadline stopped the floors."""
        floors = self.floors()
        return max(self.search.lower_bound(self.n, NO_LIMIT), int(floors.min()) if floors is not None else 0)

    def strategy_guess(self, strategy: Strategy) -> "int | None":
        """The strategy's guess here, as the solvers play it (its default opening at the start);
        None if the deadline passed before it could be searched."""
        if not self.played:
            if self.n == self.game.size:
                return default_first_guess(self.game, strategy)
            raise ValueError("a position other than the start needs the guesses played")
        if not _in_time(self.deadline, self.n * self.game.size):
            self.cut = True
            return None
        return strategy_next_guess(self.game, strategy, self.secrets, self.played)


def searched_opening_totals(game: "Game | str", time_limit: "float | None" = None, progress=None
                            ) -> dict[str, tuple[int, float]]:
    """{opening pattern: (optimal total with that first guess, seconds)} by the exact search, without
    the openings table; ValueError if the search runs past `time_limit` seconds in all.
    `progress(pattern)`, if given, is called as each opening is done."""
    game = check_exact_search_size(game)  # before a list of every codeword is made
    position = Position(game, np.arange(game.size, dtype=np.int64), (), time_limit, openings_table=False,
                        bounds=False)
    found = {}
    for pattern in first_guess_patterns(game):
        started = time.perf_counter()
        try:
            value = position.value(game.parse_codeword(pattern))
        except SearchStopped:
            raise ValueError(f"the exact search of {game.name}'s openings ran past {time_limit:g} s") from None
        found[pattern] = (value.low, time.perf_counter() - started)
        if progress is not None:
            progress(pattern)
    return found


# -- the heuristic bound --------------------------------------------------------------------


def heuristic_cost(game: Game, secrets: np.ndarray, played: tuple, deadline: "Deadline | None" = None) -> int:
    """The least total turns any of the four strategies takes over `secrets` from here: an upper
    bound on F(secrets). With a `deadline`, each strategy plays until it passes, and a part it
    has not reached by then costs what guessing its secrets one by one costs (still a bound)."""
    return min(_strategy_bound(game, strategy, np.asarray(secrets, dtype=np.int64), played, deadline)[0]
               for strategy in Strategy)


def strategy_cost(game: Game, strategy: Strategy, secrets: np.ndarray, played: tuple) -> int:
    """The total turns `strategy` takes over the possible secrets `secrets` reached by `played`."""
    return _strategy_bound(game, strategy, np.asarray(secrets, dtype=np.int64), played, None)[0]


def _strategy_bound(game: Game, strategy: Strategy, secrets: np.ndarray, played: tuple,
                    deadline: "Deadline | None") -> tuple[int, bool]:
    """(the total turns `strategy` takes over `secrets`, True), or once `deadline` has passed (an
    upper bound of it, False): the strategy's play where it got to, and past that the secrets
    of each part guessed one by one, which finds the k-th of m by turn k: m(m + 1)/2 in all.
    Only totals of whole plays are remembered."""
    n = len(secrets)
    if n <= 2:
        return 2 * n - 1, True  # the lower one is played: it wins, or leaves the other one
    memo = _strategy_costs(game)
    key = (int(strategy), secrets.tobytes())
    if key in memo:
        return memo[key], True
    if not _in_time(deadline, n * game.size):
        return n * (n + 1) // 2, False
    guess = strategy_next_guess(game, strategy, secrets, played)
    total, whole = n, True
    for ordinal, part in shared_search(game).split(guess, secrets):
        if ordinal != game.win_ordinal:
            cost, part_whole = _strategy_bound(game, strategy, part, played + (guess,), deadline)
            total += cost
            whole = whole and part_whole
    if whole:
        memo[key] = total
    return total, whole


@lru_cache(maxsize=4)
def _strategy_costs(game: Game) -> dict:
    return {}


# -- one move, reviewed ------------------------------------------------------------------


@dataclass(frozen=True)
class StrategyMove:
    """What one strategy plays at a position and what that costs; `guess` None (and the rest
    None) where its search is refused as too large, or (`stopped`) the deadline came first."""

    strategy: Strategy
    guess: "int | None"
    value: "Bounds | None"
    loss: "tuple[float, float] | None"
    stopped: bool = False


@dataclass(frozen=True)
class MoveReview:
    """One guess at one position, against the best possible there."""

    game: Game
    guess: int
    possible: int  # secrets possible before the guess
    could_be_secret: bool
    value: Bounds
    best: Bounds  # F(S), or its bounds if the search was stopped
    best_moves: tuple  # guesses of value F(S), index order; empty if the search of F(S) was stopped
    best_moves_complete: bool  # best_moves holds every guess of value F(S)
    strategies: tuple  # StrategyMove per strategy, in Strategy order
    stopped: bool  # the exact search ran past the time limit: some numbers are bounds
    time_limit: "float | None"
    seconds: float = field(compare=False, default=0.0)

    @property
    def exact(self) -> bool:
        return self.value.exact and self.best.exact

    @property
    def loss(self) -> tuple[float, float]:
        """(least, most) expected turns the guess loses against the best; equal when exact."""
        return loss_bounds(self.value, self.best, self.possible)

    def best_known(self) -> "int | None":
        """A best guess if the search proved one, else the guess with the least upper bound seen."""
        if self.best_moves:
            return self.best_moves[0]
        seen = [(self.value.high, self.guess)] + [(s.value.high, s.guess) for s in self.strategies if s.value]
        return min(seen)[1]

    def best_text(self, limit: int = 3) -> str:
        """The best moves, at most `limit` of them and how many more."""
        fmt = self.game.format_codeword
        if not self.best_moves:
            return f"{fmt(self.best_known())} (best known, search stopped)"
        text = " ".join(fmt(g) for g in self.best_moves[:limit])
        more = len(self.best_moves) - limit
        text += f" +{more:,} more" if more > 0 else ""
        return text if self.best_moves_complete else text + " (maybe more: search stopped)"

    def coach_line(self) -> str:
        """One line for a player: what the guess lost and the best move."""
        fmt = self.game.format_codeword
        guess = fmt(self.guess)
        low, high = self.loss
        if self.exact:
            if high == 0:
                return f"coach: {guess} is a best move ({self.value.low / self.possible:.3f} turns expected from here)"
            return f"coach: {guess} loses {high:.3f} turns on average; best: {self.best_text()}"
        limit = f"{self.time_limit:g} s" if self.time_limit else "its time"
        return (f"coach: {guess} loses at most {high:.3f} turns on average (a bound: the exact search "
                f"ran past {limit}); best known: {fmt(self.best_known())}")


def review_move(game: "Game | str", secrets, played, guess: int,
                time_limit: "float | None" = DEFAULT_TIME_LIMIT_S, deadline: "Deadline | None" = None
                ) -> MoveReview:
    """How good `guess` is where `secrets` are still possible after the guesses `played`:
    its value, the best value and moves, each strategy's move and loss, all within
    `time_limit` seconds (then bounds, and `stopped` is True), or by `deadline` where one is
    given (a whole review's)."""
    started = time.perf_counter()
    position = Position(game, secrets, played, time_limit, deadline=deadline)
    game, n = position.game, position.n
    guess = int(guess)
    best, best_moves, complete = position.best()
    value = position.value(guess)
    chosen: dict = {}  # strategy -> (its guess, that guess's value); None where its search is refused
    stopped = set()  # the strategies whose guess the deadline left unsearched
    for strategy in Strategy:
        try:
            move = position.strategy_guess(strategy)
        except ValueError:  # its own search is too large here
            chosen[strategy] = None
            continue
        if move is None:  # the deadline came first
            chosen[strategy] = None
            stopped.add(strategy)
            continue
        chosen[strategy] = (move, value if move == guess else position.value(move))
    if best is None:  # stopped: F(S) lies between the least floor and the least value seen
        least_seen = min([value.high] + [c[1].high for c in chosen.values() if c is not None])
        best = Bounds(min(position.least_possible(), least_seen), least_seen)
    strategies = tuple(StrategyMove(s, None, None, None, s in stopped) if c is None else
                       StrategyMove(s, c[0], c[1], loss_bounds(c[1], best, n)) for s, c in chosen.items())
    return MoveReview(game=game, guess=guess, possible=n, could_be_secret=bool(np.isin(guess, position.secrets)),
                      value=value, best=best, best_moves=best_moves, best_moves_complete=complete,
                      strategies=strategies,
                      stopped=position.stopped, time_limit=check_time_limit(time_limit),
                      seconds=time.perf_counter() - started)


# -- the optimal strategy as a player ---------------------------------------------------------


def optimal_move(game: "Game | str", secrets, played, time_limit: "float | None" = DEFAULT_TIME_LIMIT_S
                 ) -> tuple[int, int]:
    """(a proven best guess, F(S)) where `secrets` are possible after `played`; ValueError if the
    exact search does not finish within `time_limit` seconds (counted from the call)."""
    position = Position(game, secrets, played, time_limit, bounds=False)  # the search takes all the time
    if position.openings is not None:
        best, moves, _complete = position.best()
        return moves[0], best.low
    found = position._exact(position.secrets, position.played)
    guess = None
    if found is not None:
        try:
            with position.search.stopping_at(position.deadline):
                guess = int(position.search.best_guess(position.secrets, position.played, NO_LIMIT))
        except DeadlinePassed:
            pass
    if guess is None:
        raise ValueError(f"the exact search did not finish within {time_limit:g} s for {position.n:,} possible "
                         "secrets: allow more time or play more moves first")
    return guess, found
