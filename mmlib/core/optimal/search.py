"""One exact search over one game: the Python face of the compiled engine.

`OptimalSearch` holds what a search keeps between calls (the game's tables,
the buffers, the position cache, the statistics) and answers the three
questions the rest of mmlib asks: the value of a position (`value`), its
optimal guess (`best_guess`) and its optimal subtree (`tree`).
`solve_position` is the unit of work a scheduler farms out.
"""

from __future__ import annotations

import contextlib
import itertools
import math
import os
import threading
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from ..deadline import Deadline, DeadlinePassed
from ..games import Game
from ..scoring import format_score, ordinal_to_score, score_mask
from . import config
from . import engine as en
from .bounds import INFEASIBLE, bound_tables, most_parts, set_bound_tables

INFEASIBLE = int(INFEASIBLE)


@dataclass
class SearchStats:
    """Where the search spent its time."""

    nodes: int = 0  # positions whose candidates were scored and searched
    scores: int = 0  # scores looked up or computed (candidate bounds, splits, members)
    cache_hits: int = 0  # positions answered from the cache
    cache_entries: int = 0
    cache_thinned: int = 0  # times the cache passed its memory budget and was emptied
    shortcuts: int = 0  # positions settled by a guess whose exact cost meets the lower bound
    candidates_searched: int = 0  # candidate guesses whose parts were searched
    candidates_cut: int = 0  # candidates dropped by their lower bound without a search
    group_positions: int = 0  # positions whose candidates were reduced by a symmetry group
    shared_hits: int = 0  # positions answered by an exact value another worker of the pool proved

    def as_dict(self) -> dict:
        return dict(vars(self))


@dataclass
class PositionResult:
    """The answer for one position: its value and, when exact, its optimal subtree."""

    value: int  # exact when `exact`, else a lower bound >= the upper bound given
    exact: bool
    tree: "dict | None"  # {"guess", "games", "next": {"b,w": subtree}} when exact
    stats: SearchStats = field(default_factory=SearchStats)

    @property
    def feasible(self) -> bool:
        return self.value < INFEASIBLE


class SearchAborted(Exception):
    """The search was told to stop (its abort ticket passed), or interrupted."""


class SearchTooDeep(ValueError):
    """The position needs a search deeper than the engine's buffers have levels: refused in one
    line (a ValueError), never written past the buffers."""

    def __init__(self):
        super().__init__(f"this position needs an exact search more than {en.MAX_LEVELS - 2} guesses "
                         "deep, more than the search's buffers hold")


class TimeLimitReached(TimeoutError):
    """A whole-game search stopped at its time limit (`optimal(time_limit=...)`); what it
    proved is in its checkpoint, and a run with the same folder goes on from there."""


def check_exact_search_size(game: "Game | str") -> Game:
    """The game, if the exact search takes it; else ValueError of one line. Checked before any
    work that grows with the game (a list of its codewords included: 8p15c's is 20 GB)."""
    game = Game.parse(game)
    if game.size > config.MAX_OPTIMAL_CODEWORDS:
        raise ValueError(f"{game.name} has {game.size:,} codewords; the exact search takes at most "
                         f"{config.MAX_OPTIMAL_CODEWORDS:,}")
    return game


@lru_cache(maxsize=4)
def game_tables(game: Game, possible_guesses: bool = False) -> en.Tables:
    """What the engine reads of a game: scores, packed codewords, bounds, pin permutations.
    `possible_guesses`: every guess from the secrets still possible (the lower bounds stay
    sound: a restricted strategy costs at least the best unrestricted one)."""
    cw = game.codewords
    pins, colors = game.pins, game.colors
    words, lo, hi = cw.words, cw.counts_lo, cw.counts_hi
    mask = score_mask(game)
    if game.size <= config.MAX_TABLE_CODEWORDS:
        score = np.empty((game.size, game.size), dtype=np.uint8)
        en.score_table(words, lo, hi, pins, mask, score)
    else:
        score = np.zeros((0, 0), dtype=np.uint8)
    digits = np.ascontiguousarray(cw.digits, dtype=np.uint8)
    values = np.zeros(game.size, dtype=np.int64)
    for q in range(pins):
        values = values * colors + digits[:, q]
    radix_index = np.full(colors ** pins, -1, dtype=np.int32)
    radix_index[values] = np.arange(game.size, dtype=np.int32)
    parts = most_parts(game)
    perms = np.array(list(itertools.permutations(range(pins))), dtype=np.int8)
    params = np.zeros(en.N_PARAMS, dtype=np.int64)
    params[en.P_PINS], params[en.P_COLORS] = pins, colors
    params[en.P_WIN], params[en.P_SLOTS] = game.win_ordinal, game.score_slots
    params[en.P_NOREPEAT] = int(game.norepeat)
    params[en.P_MASK] = int(mask)
    params[en.P_PARTS] = parts
    params[en.P_PART_ORDER] = en.PART_ORDERS.index(config.PART_ORDER)
    params[en.P_POSSIBLE_ONLY] = int(bool(possible_guesses))
    look_min = config.PART_LOOKAHEAD_MIN_SECRETS
    params[en.P_LOOKAHEAD_MIN] = 0 if look_min is None else max(3, int(look_min))
    params[en.P_SET_PARTS] = int(bool(config.SET_PARTS_BOUND))
    set_lb, set_lb_rows = set_bound_tables(game, parts)
    return en.Tables(score, words, lo, hi, digits, radix_index, bound_tables(game, parts), set_lb, set_lb_rows,
                     perms, params)


def _buffers(game: Game, tables: en.Tables) -> en.Buffers:
    n, pins, colors, slots = game.size, game.pins, game.colors, game.score_slots
    levels = en.MAX_LEVELS
    group_room = min(math.factorial(pins) * 8, 1 << 19)
    return en.Buffers(
        arena=np.empty(n * (levels + 2), dtype=np.int32),
        cand=np.empty((levels, n), dtype=np.int32),
        keys=np.empty((levels, n), dtype=np.int64),
        key_image=np.empty((levels, n), dtype=np.int32),
        pin_order=np.empty((levels, pins), dtype=np.int64),
        labels=np.empty((levels, colors), dtype=np.int64),
        part_start=np.empty((levels, slots), dtype=np.int64),
        part_len=np.empty((levels, slots), dtype=np.int64),
        part_order=np.empty((levels, slots), dtype=np.int64),
        part_floor=np.empty((levels, slots), dtype=np.int64),
        ranked=np.zeros((levels, en.N_RANKED_FIELDS), dtype=np.int64),
        gperm=np.empty(group_room, dtype=np.int32),
        gmap=np.empty((group_room, colors), dtype=np.int8),
        ginv=np.empty((group_room, colors), dtype=np.int8),
        gstart=np.zeros(levels + 1, dtype=np.int64),
        gcount=np.zeros(levels + 1, dtype=np.int64),
        used=np.zeros(levels + 1, dtype=np.int64),
        frames=np.zeros((levels, en.N_FRAME_FIELDS), dtype=np.int64),
        walk=np.zeros((levels, en.N_WALK_FIELDS), dtype=np.int64),
        flat_score=tables.score.reshape(-1),
        lists=np.full((1 << 14, 5), -1, dtype=np.int64),
        list_pool=np.empty(max(64 * n, 1 << 21), dtype=np.int32),
        list_meta=np.zeros(3, dtype=np.int64),
        signature=np.empty(3 + group_room * (1 + colors), dtype=np.int64),
        signature_pool=np.empty(1 << 20, dtype=np.int64),
        seen=np.empty(n if game.size <= config.MAX_TABLE_CODEWORDS else 0, dtype=np.uint64),
        member_mark=np.zeros(n, dtype=np.uint8),
        part_counts=np.empty(n * slots, dtype=np.int32),  # also each candidate's parts (`_rank_candidates`)
        ordinals=np.empty(n, dtype=np.uint8),
        counts=np.zeros(slots, dtype=np.int32),
        scratch=np.empty(2 * colors * pins + 2 * colors + pins, dtype=np.int64),
    )


# Bytes one cache entry takes beside its key's codewords: its fields and two hash slots.
ENTRY_BYTES = 8 + 8 + 4 + 4 + 8 + 1 + 4 + 2 * 8


def cache_budget(game: Game) -> int:
    """Bytes the cache of one search may hold: config.CACHE_BUDGET_BYTES, or half the memory
    available now over the cores, at least 64 MiB; and no more than a game of this size has
    been seen to use (64 bytes per pair of codewords, at least 256 MiB: the arrays are
    allocated lazily, so an unused budget costs address space only)."""
    if config.CACHE_BUDGET_BYTES is not None:
        return int(config.CACHE_BUDGET_BYTES)
    from ..memory import host_memory_available

    share = max(64 << 20, host_memory_available() // (2 * (os.cpu_count() or 1)))
    return min(share, max(256 << 20, 64 * game.size * game.size))


def _cache(budget: int) -> en.Cache:
    entries = max(16, budget // 2 // ENTRY_BYTES)
    slots = 1 << max(5, (2 * entries - 1).bit_length())
    return en.Cache(
        slots=np.zeros(slots, dtype=np.int64),
        hash=np.empty(entries, dtype=np.int64),
        start=np.empty(entries, dtype=np.int64),
        length=np.empty(entries, dtype=np.int32),
        depth=np.empty(entries, dtype=np.int32),
        value=np.empty(entries, dtype=np.int64),
        exact=np.empty(entries, dtype=np.bool_),
        guess=np.empty(entries, dtype=np.int32),
        pool=np.empty(max(64, budget // 2 // 4), dtype=np.int32),
        meta=np.zeros(2, dtype=np.int64),
        **NO_SHARED_ROWS,
    )


# A search outside a process pool shares nothing (`shared_cache`).
NO_SHARED_ROWS = dict(
    shared_slots=np.zeros((0, 1), dtype=np.int64),
    shared_entries=np.zeros((0, 1, en.N_SHARED_FIELDS), dtype=np.int64),
    shared_pool=np.zeros((0, 1), dtype=np.int32),
    shared_meta=np.zeros((0, 2), dtype=np.int64),
    shared_info=np.array([-1, 0], dtype=np.int64),
)


def shared_cache_sizes(workers: int, row_bytes: int) -> tuple[int, int, int, int]:
    """(bytes in all, slots, entries, codewords) of the shared rows of `workers` workers, each
    about `row_bytes`: a quarter in entries and their slots, the rest their keys' codewords."""
    entries = max(16, row_bytes // 4 // (en.N_SHARED_FIELDS * 8 + 2 * 8))
    slots = 1 << (2 * entries - 1).bit_length()
    codewords = max(64, (row_bytes - entries * en.N_SHARED_FIELDS * 8 - slots * 8) // 4)
    per_worker = slots * 8 + entries * en.N_SHARED_FIELDS * 8 + codewords * 4 + 2 * 8
    return workers * per_worker, slots, entries, codewords


def shared_rows(buffer, workers: int, row_bytes: int) -> dict:
    """The shared rows of `workers` workers laid out in `buffer` (at least shared_cache_sizes'
    bytes, zeroed: memory the workers all map), as the Cache fields they fill."""
    _total, slots, entries, codewords = shared_cache_sizes(workers, row_bytes)
    at = 0
    out = {}
    for name, dtype, shape in (("shared_slots", np.int64, (workers, slots)),
                               ("shared_entries", np.int64, (workers, entries, en.N_SHARED_FIELDS)),
                               ("shared_meta", np.int64, (workers, 2)),
                               ("shared_pool", np.int32, (workers, codewords))):
        count = int(np.prod(shape))
        out[name] = np.frombuffer(buffer, dtype=dtype, count=count, offset=at).reshape(shape)
        at += count * np.dtype(dtype).itemsize
    return out


class OptimalSearch:
    """Branch and bound over one game, with a cache shared by every call."""

    def __init__(self, game: "Game | str", possible_guesses: bool = False):
        """`possible_guesses`: every guess must be one of the secrets still possible (players'
        rule "guess only what could be the secret"); its own values and cache."""
        game = check_exact_search_size(game)
        self.game = game
        self.possible_guesses = bool(possible_guesses)
        self.tables = game_tables(game, self.possible_guesses)
        self.buffers = _buffers(game, self.tables)
        self._group = None  # (any_set, the guesses played) of the group at level 0 (`_load`)
        self.cache_budget = cache_budget(game)
        self.cache = _cache(self.cache_budget)
        self.counters = np.zeros(en.N_STATS, dtype=np.int64)
        # The abort ticket (control[0]; the search stops once it passes run[0]) and the live
        # node count (live[run[1]]): a worker process swaps in arrays shared with its parent.
        self.control = np.zeros(1, dtype=np.int64)
        self.live = np.zeros(1, dtype=np.int64)
        self.run = np.zeros(4, dtype=np.int64)  # ticket, live slot, node cap (0: none), score cap
        self.parts = int(self.tables.params[en.P_PARTS])
        self.saturated_depth = self.tables.lb.shape[0] - 1
        self.root_progress = None  # something with show_nodes(nodes), or None
        # Called with the nodes searched so far every config.WATCH_S seconds while a search runs in
        # its thread; what it raises stops the search and is raised again.
        self.abort_check = None
        # A `deadline.Deadline` every search stops at (DeadlinePassed), or None (`stopping_at`).
        self.deadline = None

    # -- what the search has done -------------------------------------------------------

    @property
    def stats(self) -> SearchStats:
        return SearchStats(**{name: int(self.counters[i]) for i, name in enumerate(en.STAT_NAMES)})

    def add_counts(self, delta: dict) -> None:
        """Add counts (a worker's, or the root's own) to the statistics, by name."""
        for name, value in delta.items():
            self.counters[en.STAT_NAMES.index(name)] += int(value)

    def share_cache(self, rows: dict, row: int, tag: int) -> None:
        """Publish this search's exact values in row `row` of `rows` (`shared_rows`: the
        tables of a process pool's workers) and read the other rows on a miss; `tag` names
        the run (an entry of another run never matches)."""
        info = np.array([row, tag], dtype=np.int64)
        self.cache = self.cache._replace(**rows, shared_info=info)
        rows["shared_slots"][row, :] = 0  # what this row held belongs to an earlier run
        rows["shared_meta"][row, :] = 0

    @property
    def cache_bytes(self) -> int:
        """What the cache holds now: its entries and their keys."""
        return int(self.cache.meta[0]) * ENTRY_BYTES + int(self.cache.meta[1]) * 4

    @property
    def cache_capacity_bytes(self) -> int:
        return sum(array.nbytes for array in self.cache)

    # -- bounds ---------------------------------------------------------------------------

    def lb_table(self, depth: int) -> np.ndarray:
        """LB[m] for m = 0..size with `depth` guesses left (see bounds.lower_bound_table)."""
        return self.tables.lb[min(max(depth, 0), self.saturated_depth)]

    def lower_bound(self, n: int, depth: int) -> int:
        return int(self.lb_table(depth)[n])

    def lookahead_bound(self, secrets: np.ndarray, played, depth: int) -> int:
        """A lower bound of the position's value one guess deeper than the counting bound: the
        least, over the guesses, of |S| plus the counting bounds of the parts each leaves (the
        bound the search sorts its candidates by), or the exact value where a candidate meets
        the counting bound. A few thousand turns above the counting bound's sum at the root of
        the large games (4p9c's opening 1234: 32,428 against 31,022; the optimum is 34,666)."""
        secrets = np.ascontiguousarray(secrets, dtype=np.int64)
        n = len(secrets)
        depth = min(depth, n)
        counting = self.lower_bound(n, depth)
        if n <= 2 or depth <= 1 or counting >= INFEASIBLE:
            return counting  # exact (one or two secrets), or no strategy fits
        level = self._load(secrets, played)
        keys = np.empty(self.game.size, dtype=np.int64)
        # Only the least key is read, so the parts may be bounded by the set's own K_S.
        found, least_cut, shortcut, _parts = en.ranked_candidates(
            self.tables, self.buffers, self.cache, self.counters, 0, n, depth, en.NO_TOTAL, level, keys, True)
        self.counters[en.S_NODES] -= 1  # its scores count, but no candidate of it is searched
        if shortcut >= 0:
            return int(shortcut)
        if not found:  # every guess leaves a part that cannot be won in the turns left
            return INFEASIBLE
        return max(counting, int(keys[0] >> en.KEY_SHIFT))

    # -- the search -------------------------------------------------------------------------

    def _load(self, secrets, played) -> int:
        """Put S in the arena and set up the group of the guesses played; returns the level the
        search starts at: always 0, however many guesses were played (`engine.settle_group`).
        played None (or () for a set that is not every codeword): S is any set, and only
        symmetries that hold for any set are used."""
        secrets = np.asarray(secrets)
        n = len(secrets)
        self.buffers.arena[:n] = secrets
        any_set = played is None or (not played and n != self.game.size)
        # Level 0's group is written here only (the search extends it into the levels above), so
        # the next call with the same guesses played finds it in place: the coach searches every
        # part below one guess, however long the game, with one group.
        group = (any_set, played) if isinstance(played, tuple) else None
        if group is not None and group == self._group:
            return 0
        self._group = None
        en.start_group(self.tables, self.buffers, any_set)
        if not any_set and played:
            guesses = np.fromiter((int(g) for g in played), dtype=np.int64, count=len(played))
            if guesses.min() < 0 or guesses.max() >= self.game.size:
                raise ValueError(f"the guesses played must be codeword indices of {self.game.name}")
            en.settle_group(self.tables, self.buffers, guesses)
        self._group = group
        return 0

    def root_candidates(self) -> np.ndarray:
        """The first guesses worth trying: one per pattern of repeated colors (1111, 1112, 1122,
        1123, 1234 for 4 pins), in index order."""
        everything = np.arange(self.game.size, dtype=np.int64)
        level = self._load(everything, ())
        out = np.empty(self.game.size, dtype=np.int32)
        found = en.candidates(self.tables, self.buffers, level, 0, out)
        return out[:found].astype(np.int64)

    def value(self, secrets: np.ndarray, played, depth: int, beta: int) -> int:
        """F(secrets, depth) if it is below `beta`; otherwise a lower bound that is >= beta.

        `secrets`: sorted codeword indices; `played`: the guesses played to reach them (only
        used to find symmetric guesses; None: S is any set). Raises SearchAborted when the
        abort ticket passes this search's ticket, DeadlinePassed at `self.deadline` (`stopping_at`),
        and KeyboardInterrupt on Ctrl-C (the search runs in a thread, so the main thread keeps
        handling signals and the progress bar)."""
        n = len(secrets)
        level = self._load(secrets, played)
        self.counters[en.S_ABORTED] = 0
        # Depths past n mean n, budgets past INFEASIBLE mean none: the engine's int64 never overflows.
        args = (self.tables, self.buffers, self.cache, self.counters, self.control, self.live, self.run,
                0, n, min(int(depth), n), min(int(beta), INFEASIBLE), level, n)
        if n <= 2:
            return int(en.position_value(*args))
        deadline = self.deadline
        try:
            if deadline is not None and deadline.passed():
                out = self._from_cache_only(args)
            else:
                out = self._run_here_first(args)
            self._check_depth()
            if self.counters[en.S_ABORTED]:
                if deadline is not None and deadline.passed():
                    raise DeadlinePassed
                raise SearchAborted
            return out
        finally:
            # Never left set: the kernels called from Python between searches read it too.
            self.counters[en.S_ABORTED] = 0

    @contextlib.contextmanager
    def stopping_at(self, deadline: "Deadline | None"):
        """Within the block, every search of this object stops at `deadline` (DeadlinePassed), and
        one that starts past it answers from the cache alone."""
        previous = self.deadline
        self.deadline = deadline
        try:
            yield self
        finally:
            self.deadline = previous

    def _check_depth(self) -> None:
        """SearchTooDeep if the engine's last call found no level of its buffers for a node."""
        if self.counters[en.S_TOO_DEEP]:
            self.counters[en.S_TOO_DEEP] = 0
            raise SearchTooDeep

    def _capped(self, args, nodes: int, scores: int) -> int:
        """The engine in this thread, stopped (S_ABORTED) once it has searched `nodes` more
        positions or scored `scores` more codewords."""
        self.run[2] = self.counters[en.S_NODES] + nodes
        self.run[3] = self.counters[en.S_SCORES] + scores
        try:
            return int(en.position_value(*args))
        finally:
            self.run[2] = 0

    def _from_cache_only(self, args) -> int:
        """Past the deadline: the answer if the cache (or a shortcut that needs no search) has it;
        stopped at the first position that needs a search."""
        return self._capped(args, 1, 1)

    def _run_here_first(self, args) -> int:
        """The engine in this thread up to config.INLINE_SEARCH_NODES more positions and
        config.INLINE_SEARCH_SCORES more scores; past that, stopped and run again in a thread
        (`_run`). What the first try finished is in the cache, so little is searched twice. A
        position too large for one ranking to fit the scores goes to the thread at once: there
        a deadline can stop it."""
        n = args[8]
        if config.INLINE_SEARCH_NODES > 0 and n * self.game.size <= config.INLINE_SEARCH_SCORES:
            out = self._capped(args, config.INLINE_SEARCH_NODES, config.INLINE_SEARCH_SCORES)
            if not self.counters[en.S_ABORTED] or self.control[0] > self.run[0]:
                return out  # done, or stopped by the ticket (the caller raises SearchAborted)
            self.counters[en.S_ABORTED] = 0
        return self._run(args)

    def _run(self, args) -> int:
        """The engine in a worker thread (it releases the GIL), this thread watching it: every
        config.WATCH_S seconds it shows the nodes on the progress bar, and stops the engine
        (S_ABORTED, which the engine reads at every node and inside long rankings) once the
        abort ticket passes, the deadline passes, or `abort_check` raises."""
        result = []
        worker = threading.Thread(target=lambda: result.append(int(en.position_value(*args))),
                                  daemon=True)
        deadline = self.deadline
        worker.start()
        try:
            while worker.is_alive():
                worker.join(timeout=config.WATCH_S)
                if self.root_progress is not None:
                    self.root_progress.show_nodes(int(self.counters[en.S_NODES]))
                if self.control[0] > self.run[0] or (deadline is not None and deadline.passed()):
                    self.counters[en.S_ABORTED] = 1
                if self.abort_check is not None:
                    self.abort_check(int(self.counters[en.S_NODES]))
        except BaseException:
            # Stop the engine through this search's own flag (never the ticket, which a pool's
            # workers share), wait for it, and let the exception go on.
            self.counters[en.S_ABORTED] = 1
            worker.join()
            raise
        return result[0]

    def cache_key(self, secrets: np.ndarray) -> bytes:
        """The codewords of the set's cache key: its image under a renaming of pins and colors
        that the set itself fixes (`engine.canonical_key`)."""
        n = len(secrets)
        self.buffers.arena[:n] = secrets
        image = np.empty(n, dtype=np.int32)
        en.canonical_key(self.tables, self.buffers.arena, 0, n, self.buffers.pin_order[0],
                         self.buffers.labels[0], image, self.buffers.scratch)
        return image.tobytes()

    # -- the tree ---------------------------------------------------------------------------

    def best_guess(self, secrets: np.ndarray, played, depth: int) -> int:
        """The guess of an optimal tree for this feasible position: the cached one, else searched
        for through `value` (in its thread: Ctrl-C and `abort_check` stop it)."""
        secrets = np.asarray(secrets)
        n = len(secrets)
        if n <= 2:
            return int(secrets[0])
        for attempt in range(2):
            level = self._load(secrets, played)
            guess = int(en.cached_guess(self.tables, self.buffers, self.cache, 0, n, min(int(depth), n), level))
            if guess >= 0:
                return guess
            if attempt == 0 and self.value(secrets, played, depth, INFEASIBLE) >= INFEASIBLE:
                self._checked_tree_answer(en.TREE_INFEASIBLE)
        return self._checked_tree_answer(en.TREE_NO_GUESS)

    def tree_rows(self, secrets: np.ndarray, played, depth: int) -> np.ndarray:
        """An optimal tree of a feasible position as rows (guess, secrets at the node, parent
        row or -1, score ordinal from the parent), depth first with parts by ordinal; read from
        the cache in compiled code, searching any node it no longer holds. Raises
        SearchAborted if the abort ticket passes while it searches."""
        secrets = np.asarray(secrets)
        n = len(secrets)
        level = self._load(secrets, played)
        rows = np.empty((2 * n + 1, 4), dtype=np.int64)
        self.counters[en.S_ABORTED] = 0
        found = int(en.extract_tree(self.tables, self.buffers, self.cache, self.counters, self.control,
                                    self.live, self.run, n, min(int(depth), n), level, rows))
        self._check_depth()
        if self.counters[en.S_ABORTED]:  # a node searched again was stopped: no tree, and no verdict
            self.counters[en.S_ABORTED] = 0
            raise SearchAborted
        return rows[:self._checked_tree_answer(found)]

    @staticmethod
    def _checked_tree_answer(answer: int) -> int:
        """An engine answer about a tree (a guess, a row count), or its failure as an exception."""
        if answer == en.TREE_INFEASIBLE:
            raise ValueError("no strategy wins every secret of this position within the depth left")
        if answer == en.TREE_TOO_DEEP:
            raise SearchTooDeep
        if answer < 0:
            raise RuntimeError("the optimal tree of a position could not be read from the search")
        return answer

    def tree(self, secrets: np.ndarray, played, depth: int) -> dict:
        """The optimal subtree as {"guess", "games", "next": {"b,w": subtree}}."""
        game = self.game
        rows = self.tree_rows(secrets, played, depth)
        texts = game.format_codewords(rows[:, 0])
        scores = {}
        nodes = []
        for text, (_guess, games, parent, ordinal) in zip(texts, rows.tolist()):
            node = {"guess": text, "games": games}
            nodes.append(node)
            if parent >= 0:
                if ordinal not in scores:
                    scores[ordinal] = format_score(*ordinal_to_score(ordinal, game))
                nodes[parent].setdefault("next", {})[scores[ordinal]] = node
        return nodes[0]

    def split(self, guess: int, secrets: np.ndarray) -> list[tuple[int, np.ndarray]]:
        """(score ordinal, secrets) of each non-empty part of `secrets` under `guess`, by ordinal."""
        secrets = np.ascontiguousarray(secrets, dtype=np.int64)
        out = np.empty(len(secrets), dtype=np.int64)
        ends = np.empty(self.game.score_slots, dtype=np.int64)
        # One compiled call and slices by hand: the coach splits hundreds of thousands of small
        # positions, where numpy's sort and np.split cost more than the scores.
        en.split_by_score(self.tables, int(guess), secrets, np.empty(len(secrets), dtype=np.uint8), out, ends)
        parts, start = [], 0
        for ordinal, end in enumerate(ends.tolist()):
            if end > start:
                parts.append((ordinal, out[start:end]))
                start = end
        return parts


def solve_position(game: "Game | str", secrets, played=None, depth: "int | None" = None,
                   upper_bound: "int | None" = None, search: "OptimalSearch | None" = None
                   ) -> PositionResult:
    """Solve one position exactly: the unit of work a scheduler can farm out.

    game: the game; secrets: the codeword indices still possible (any order);
    played: the guesses played to reach them, if `secrets` are exactly the
    codewords consistent with those guesses' scores (codeword indices; they
    only let the search skip guesses symmetric to others), or None for any set
    of secrets (always correct, fewer symmetries);
    depth: the guesses left (None: no limit); upper_bound: a total to beat
    (None: none), e.g. the best total a scheduler has found so far for this
    position.

    Returns a PositionResult: when the optimum is below upper_bound, `value` is
    the optimal total turns of these secrets (each counting the guesses from
    this position on, the winning one included), `exact` is True and `tree` is
    an optimal subtree in the nested form of `StrategyTree.as_dict`; otherwise
    `exact` is False and `value` is a lower bound that is at least
    upper_bound. A value >= INFEASIBLE means the secrets cannot all be won
    within `depth` guesses.

    It reads no global state and keeps none (pass `search` to share a cache
    between calls in one process), so positions can be solved in separate
    processes or machines. Below a first guess g, the subproblems are
    solve_position(game, part, (g,), depth - 1) for each non-winning part of
    g's partition of all codewords; the total of g is size + the sum of their
    values.
    """
    search = search if search is not None else OptimalSearch(game)
    secrets = np.unique(np.asarray(secrets, dtype=np.int64))
    if len(secrets) == 0:
        raise ValueError("a position needs at least one possible secret")
    if secrets[0] < 0 or secrets[-1] >= search.game.size:
        raise ValueError(f"secrets must be codeword indices of {search.game.name}")
    played = None if played is None else tuple(int(g) for g in played)
    depth = len(secrets) if depth is None else int(depth)
    beta = INFEASIBLE if upper_bound is None else int(upper_bound)
    value = search.value(secrets, played, depth, beta)
    exact = value < beta
    tree = search.tree(secrets, played, depth) if exact and value < INFEASIBLE else None
    return PositionResult(value=int(value), exact=bool(exact), tree=tree, stats=search.stats)
