"""Exact optimal strategies: the fewest total turns, proven by branch and bound.

A strategy is a tree: a guess, then one subtree per score some possible secret
gives. For a set S of possible secrets and d guesses left, the least total
number of turns (the winning guess counted, as everywhere in mmlib) is

    F(S, d) = |S| + min over guesses g of sum over non-winning parts P of g: F(P, d - 1)

with F({s}, d >= 1) = 1 and F(S, 0) = infinity for non-empty S. F depends only
on the set S (and d), never on how S was reached. Three objectives:

* ``total``: F(all, infinity);
* ``total`` with ``max_turns=D``: F(all, D);
* ``worst``: the least D with F(all, D) finite, and F(all, D).

The search (`OptimalSearch.value`) is depth-first branch and bound over guess,
then score, with a bound `beta` to beat: it returns the exact value when that is
below beta and otherwise a lower bound that is at least beta.

* Candidates: every codeword, reduced by symmetry. At the root only the
  integer partitions of p differ (1111, 1112, 1122, 1123, 1234 for 4 pins).
  Below, guesses equivalent under case equivalence (Zero and Free colors,
  `mmlib.core.case_equivalence`) are searched once; near the root, where it
  pays, under the whole group of pin permutations times color permutations
  that fix every guess played (with Zero colors merged), see `symmetry_group`.
  Guesses that leave all of S in one part are never optimal and are dropped.
* Lower bounds (`kernels_optimal.lower_bound_table`): a part of m secrets with
  d guesses left costs at least LB(m, d), filling turns 1, 2, ... with at most
  1, K, K**2, ... secrets (K = p(p+3)/2 - 1 non-winning scores). A candidate's
  bound is |S| + the sum of LB over its parts; candidates are tried in order of
  that bound (then members of S first, then index), and the loop stops at the
  first bound that cannot beat the best found.
* Shortcuts, each provably optimal: |S| = 1 costs 1, |S| = 2 costs 3, and a
  member of S that splits the others into singletons costs 2|S| - 1. A guess
  whose parts all hold one or two secrets costs exactly its bound; the best
  such member of S is each position's first upper bound, and such a guess
  with the position's lower bound ends the search of the position at once.
  Parts of one or two secrets are never searched.
* A cache of positions, keyed by the set S up to permuting pins and renaming
  colors (its image under a renaming that S itself fixes, `canonical_position`:
  the value depends on nothing else, and renaming changes no score) and the
  depth left, clipped to |S| (an optimal
  tree never needs more than |S| guesses: every useful guess shrinks the
  largest part). An entry is either exact (with its best guess, from which the
  tree is rebuilt) or a lower bound found by a search that was cut off.
* First upper bound: at the root, the best total of the four heuristic
  strategies (among those within the depth limit).
* Both cores: the partition counts of the candidates of a large set are
  computed by a numba ``prange`` over candidate chunks.

Distributing the search: `solve_position` is a pure function of one position
(the possible secrets, the guesses played, the depth left and an upper bound
to beat) that returns its exact value and subtree, or a lower bound. A
scheduler can farm out the positions below the first guess (one per first
guess and score) and combine their values; see docs/optimal.md.
"""

from __future__ import annotations

import itertools
import os
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from . import kernels_optimal as ko
from .case_equivalence import acr_candidates, count_lanes_mask
from .games import Game
from .openings import first_guess_patterns
from .results import OPTIMAL, SolveResult
from .scoring import format_score, ordinal_to_score, score_pairs, score_mask

OBJECTIVES = ("total", "worst")
INFEASIBLE = int(ko.INFEASIBLE)
# Games the exact search accepts: every codeword is a candidate at every node.
MAX_OPTIMAL_CODEWORDS = 1 << 16
# The symmetry group of the guesses played is used while it has at most this many
# elements and at most this many guesses have been played; deeper, case
# equivalence alone (its cost is one pass over the candidates per element).
MAX_GROUP_ELEMENTS = 2000
MAX_GROUP_DEPTH = 2
# Games of at least this many codewords search the subtrees below the first guesses in
# worker processes, one per core (smaller games take milliseconds).
PARALLEL_MIN_CODEWORDS = 500
MAX_WORKERS = 8
# The caches of one search (positions, candidate lists, symmetry groups) may hold at most this
# many bytes; None: half the memory available when the search starts, shared among the cores
# (each worker process keeps its own). Past it they are thinned (`OptimalSearch._thin_caches`):
# the answer stays exact, parts of the search are done again.
CACHE_BUDGET_BYTES = None
# What one cache entry costs beyond its key's bytes (tuple, bytes object and dict slot).
_ENTRY_OVERHEAD = 200


def parse_objective(objective: str) -> str:
    name = str(objective).strip().lower()
    if name not in OBJECTIVES:
        raise ValueError(f"unknown objective {objective!r}: choose one of {', '.join(OBJECTIVES)}")
    return name


@dataclass
class SearchStats:
    """Where the search spent its time."""

    nodes: int = 0  # positions whose candidates were scored and searched
    scores: int = 0  # packed scores computed (candidate bounds, splits, shortcut checks)
    cache_hits: int = 0  # positions answered from the cache
    cache_entries: int = 0
    cache_thinned: int = 0  # times the caches passed their memory budget and were thinned
    shortcuts: int = 0  # positions settled by a guess whose exact cost meets the lower bound
    candidates_searched: int = 0  # candidate guesses whose parts were searched
    candidates_cut: int = 0  # candidates dropped by their lower bound without a search
    group_positions: int = 0  # positions whose candidates were reduced by the full symmetry group

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


class OptimalSearch:
    """Branch and bound over one game, with a cache shared by every call."""

    def __init__(self, game: "Game | str"):
        game = Game.parse(game)
        if game.size > MAX_OPTIMAL_CODEWORDS:
            raise ValueError(
                f"{game.name} has {game.size:,} codewords; the exact search takes at most "
                f"{MAX_OPTIMAL_CODEWORDS:,}"
            )
        self.game = game
        cw = game.codewords
        self.words, self.lo, self.hi = cw.words, cw.counts_lo, cw.counts_hi
        self.pins, self.colors = game.pins, game.colors
        self.unused = score_mask(game)
        self.wide = game.colors > 8
        self.win = game.win_ordinal
        self.slots = game.score_slots
        self.parts = self._most_parts()
        self.all_colors = (1 << game.colors) - 1
        self.cache: dict = {}
        self.cache_bytes = 0  # what the three caches hold, counted as they grow
        self.cache_budget = _cache_budget()
        self.stats = SearchStats()
        self.root_progress = None  # something with tick(nodes), or None
        self.abort_check = None  # called every 256 nodes; may raise to stop the search
        import numba

        self.workers = numba.get_num_threads()
        self.use_threads = True
        self._candidates: dict = {}
        self._groups: dict = {}
        self._played_colors = [int(count_lanes_mask(self.lo[i], self.hi[i], self.colors))
                               for i in range(game.size)]
        # Enough guesses to hold every codeword: deeper tables are all the same.
        depth = 1
        while int(ko.lower_bound_table(game.size, depth, self.parts)[-1]) >= INFEASIBLE:
            depth += 1
        self.saturated_depth = depth
        # One table per depth left (0 .. saturated), as lists: the search reads them at every node.
        self._lb_lists = [ko.lower_bound_table(game.size, d, self.parts).tolist()
                          for d in range(depth + 1)]
        self._lb_arrays = [np.asarray(t, dtype=np.int64) for t in self._lb_lists]
        # Cache keys: each position up to permuting its pins and renaming its colors (`_key`).
        self._digits = np.ascontiguousarray(cw.digits)
        values = np.zeros(game.size, dtype=np.int64)
        for q in range(game.pins):
            values = values * game.colors + self._digits[:, q]
        self._radix_index = np.full(game.colors ** game.pins, -1, dtype=np.int64)
        self._radix_index[values] = np.arange(game.size, dtype=np.int64)
        self._image = np.empty(game.size, dtype=np.int64)

    # -- bounds ----------------------------------------------------------------------

    def _most_parts(self) -> int:
        """K: the most non-winning parts any guess splits any set into.

        At most p(p+3)/2 - 1, and at most the number of non-winning scores some
        guess gives against all codewords (a subset cannot meet more scores).
        That count is the same for a guess and its images under pin and color
        permutations, so the openings (one per orbit) are all that need scoring;
        with few colors it is far below p(p+3)/2 - 1 (8p2c: 8, not 43).
        """
        everything = np.arange(self.game.size, dtype=np.int64)
        most = 0
        for pattern in first_guess_patterns(self.game):
            ordinals = np.unique(score_pairs(self.game, np.full(self.game.size,
                                                                self.game.parse_codeword(pattern)),
                                             everything))
            most = max(most, int(np.count_nonzero(ordinals != self.win)))
        return min(most, self.game.num_scores - 1)

    def lb_table(self, depth: int) -> np.ndarray:
        """LB[m] for m = 0..size with `depth` guesses left (see kernels_optimal.lower_bound_table)."""
        return self._lb_arrays[min(depth, self.saturated_depth)]

    def lower_bound(self, n: int, depth: int) -> int:
        return self._lb_lists[min(depth, self.saturated_depth)][n] if depth > 0 else (0 if n == 0 else INFEASIBLE)

    # -- candidates ------------------------------------------------------------------

    def candidates(self, secrets: np.ndarray, played: "tuple | None"):
        """(indices, words, lo, hi): the codewords to try at this position, one per class of
        equivalent guesses, and their packed forms.

        `played` is the guesses whose scores define S exactly (S is every codeword
        consistent with them), or None when S is any set: then only Zero colors
        (absent from S) are merged, since renaming the other colors need not map S
        onto itself.
        """
        if played is not None and not played and len(secrets) == self.game.size:
            key = ("root",)
            found = self._candidates.get(key)
            if found is None:
                found = self._packed(np.array([self.game.parse_codeword(g)
                                               for g in first_guess_patterns(self.game)], dtype=np.int64))
                self._remember_candidates(key, found)
            return found
        if played is not None and not played:
            played = None  # no guess played, yet not every codeword: S is just some set
        present = int(ko.colors_present(self.lo[secrets], self.hi[secrets], self.colors))
        zero = _drop_single(self.all_colors & ~present)
        if played is None:
            free = 0
            group = None
        else:
            played_colors = 0
            for g in played:
                played_colors |= self._played_colors[g]
            free = _drop_single(self.all_colors & ~played_colors & ~zero)
            group = self.symmetry_group(played) if len(played) <= MAX_GROUP_DEPTH else None
        if group is not None:
            key = ("group", frozenset(played), zero)
            found = self._candidates.get(key)
            if found is None:
                keep = np.zeros(self.game.size, dtype=np.bool_)
                ko.canonical_under_group(self.game.codewords.digits, group[0], group[1], np.int64(zero),
                                         self.colors, self.game.norepeat, keep)
                found = self._packed(np.flatnonzero(keep).astype(np.int64))
                self._remember_candidates(key, found)
            self.stats.group_positions += 1
            return found
        key = ("acr", zero, free)
        found = self._candidates.get(key)
        if found is None:
            found = self._packed(np.asarray(acr_candidates(self.game, zero, free), dtype=np.int64))
            self._remember_candidates(key, found)
        return found

    def _remember_candidates(self, key, found) -> None:
        self._candidates[key] = found
        self._grow(sum(array.nbytes for array in found) + _ENTRY_OVERHEAD)

    def _packed(self, index: np.ndarray):
        return (index, *ko.gather(index, self.words, self.lo, self.hi))

    def symmetry_group(self, played: tuple):
        """(pin permutations, color permutations) of the elements fixing every guess played,
        or None when the group moves no pin (case equivalence then does as well) or is too big."""
        key = frozenset(played)
        if key in self._groups:
            return self._groups[key]
        group = _stabilizer(self.game, tuple(sorted(key)))
        self._groups[key] = group
        self._grow(_ENTRY_OVERHEAD + (0 if group is None else sum(np.asarray(a).nbytes for a in group)))
        return group

    def _grow(self, size: int, keep=None) -> None:
        self.cache_bytes += size
        if self.cache_bytes > self.cache_budget:
            self._thin_caches(keep)

    def _thin_caches(self, keep=None) -> None:
        """Past the budget: drop the candidate lists of the symmetry groups, the groups and the
        positions known only by a lower bound; if that frees too little, every position.

        Nothing dropped is needed for correctness: a missing position is searched again, a
        missing list or group built again, and `best_guess` searches any position whose exact
        entry is gone. Only repeated work is lost.
        """
        self.stats.cache_thinned += 1
        kept = self.cache.get(keep) if keep is not None else None  # the entry just stored stays
        self._candidates = {k: v for k, v in self._candidates.items() if k[0] != "group"}
        self._groups = {}
        self.cache = {k: v for k, v in self.cache.items() if v[1]}
        if self._position_bytes() + self._candidate_bytes() > self.cache_budget // 2:
            self.cache = {}
        if kept is not None:
            self.cache[keep] = kept
        self.cache_bytes = self._position_bytes() + self._candidate_bytes()

    def _position_bytes(self) -> int:
        return sum(len(key[0]) for key in self.cache) + _ENTRY_OVERHEAD * len(self.cache)

    def _candidate_bytes(self) -> int:
        return sum(sum(a.nbytes for a in v) + _ENTRY_OVERHEAD for v in self._candidates.values())

    # -- the search ------------------------------------------------------------------

    def value(self, secrets: np.ndarray, played: tuple, depth: int, beta: int) -> int:
        """F(secrets, depth) if it is below `beta`; otherwise a lower bound that is >= beta.

        `secrets`: sorted int64 codeword indices; `played`: the guesses played
        to reach them (only used to find symmetric guesses; None: S is any set).
        """
        n = len(secrets)
        if n == 1:
            return 1 if depth >= 1 else INFEASIBLE
        if depth <= 1:
            return INFEASIBLE
        if n == 2:
            return 3
        depth = min(depth, n)
        floor = self._lb_lists[min(depth, self.saturated_depth)][n]
        if floor >= beta:
            return floor
        key, labels = self._key(secrets, depth)
        entry = self.cache.get(key)
        if entry is not None:
            known, exact, _guess = entry
            if exact or known >= beta:
                self.stats.cache_hits += 1
                return known
            floor = max(floor, known)
        return self._search(secrets, played, depth, beta, key, labels, floor)

    def _key(self, secrets: np.ndarray, depth: int):
        """(cache key, the renaming behind it): the key is the position's image under a
        permutation of pins and renaming of colors fixed by the set itself
        (`canonical_position`), and the depth left, so positions that differ only by pin
        order and color names share one entry. Stored guesses are renamed the same way
        (`_store`, `best_guess`)."""
        renaming = (np.empty(self.pins, dtype=np.int64), np.empty(self.colors, dtype=np.int64))
        ko.canonical_position(secrets, self._digits, self.colors, self._radix_index, renaming[0],
                              renaming[1], self._image)
        return (self._image[:len(secrets)].tobytes(), depth), renaming

    def _search(self, secrets, played, depth, beta, key, labels, floor) -> int:
        n = len(secrets)
        child_table = self.lb_table(depth - 1)
        child_list = self._lb_lists[min(depth - 1, self.saturated_depth)]
        ps_words, ps_lo, ps_hi = ko.gather(secrets, self.words, self.lo, self.hi)
        best, best_guess = beta, -1
        if n <= 2 * self.parts + 1:
            # Members of S whose parts all have at most two secrets: their bound is their cost.
            self.stats.scores += n * n
            position, bound = ko.best_member(ps_words, ps_lo, ps_hi, self.pins, self.unused, self.wide,
                                             self.win, child_table)
            if position >= 0 and bound <= floor:  # 2n - 1 included: the fully discriminating shortcut
                self.stats.shortcuts += 1
                self._store(key, labels, int(bound), True, int(secrets[position]))
                return int(bound)
            if n <= self.parts + 1:
                floor = max(floor, 2 * n)  # only a fully discriminating member costs 2n - 1
            if position >= 0 and bound < best:
                best, best_guess = int(bound), int(secrets[position])
                if best <= floor:
                    self.stats.shortcuts += 1
                    self._store(key, labels, best, True, best_guess)
                    return best
        self.stats.nodes += 1
        if self.stats.nodes % 256 == 0:
            if self.root_progress is not None:
                self.root_progress.tick(256)
            if self.abort_check is not None:
                self.abort_check(self.stats.nodes)
        cand_index, cand_words, cand_lo, cand_hi = self.candidates(secrets, played)
        m = len(cand_index)
        keys = np.empty(m, dtype=np.int64)
        self.stats.scores += n * m
        if n < ko.SMALL_SET:
            found, least_cut, proven = ko.ranked_candidates_small(
                cand_index, cand_words, cand_lo, cand_hi, ps_words, ps_lo, ps_hi, self.pins,
                self.unused, self.wide, self.win, child_table, best, floor, keys)
            if proven >= 0:
                self.stats.shortcuts += 1
                self._store(key, labels, floor, True, int(proven))
                return floor
        else:
            bounds = np.empty(m, dtype=np.int64)
            in_ps = np.empty(m, dtype=np.bool_)
            args = (cand_words, cand_lo, cand_hi, ps_words, ps_lo, ps_hi, self.pins, self.unused,
                    self.wide, self.win, child_table, bounds, in_ps)
            if n * m >= ko.PARALLEL_SCORES and self.use_threads:
                ko.candidate_bounds_parallel(*args, self.workers)
            else:
                ko.candidate_bounds_serial(*args)
            found, least_cut = ko.keys_from_bounds(cand_index, bounds, in_ps, best, keys)
        lower = int(least_cut)  # least lower bound among the candidates that cannot beat `best`
        out_index = np.empty(n, dtype=np.int64)
        out_start = np.empty(self.slots, dtype=np.int64)
        out_len = np.empty(self.slots, dtype=np.int64)
        shift, index_mask = ko.KEY_SHIFT, (1 << ko.INDEX_BITS) - 1
        words, lo, hi = self.words, self.lo, self.hi
        for rank in range(found):
            entry = int(keys[rank])
            bound = entry >> shift
            if bound >= best:
                lower = min(lower, bound)
                self.stats.candidates_cut += found - rank
                break
            guess = entry & index_mask
            self.stats.candidates_searched += 1
            self.stats.scores += n
            # Parts of one or two secrets cost their bound exactly: only larger ones are searched.
            large = ko.split_large_parts(words[guess], lo[guess], hi[guess], secrets, ps_words, ps_lo,
                                         ps_hi, self.pins, self.unused, self.wide, self.win, out_index,
                                         out_start, out_len)
            total = bound  # the exact costs found so far plus the bounds of the parts not searched
            child_played = None if played is None else played + (guess,)
            for k in range(large):
                size, start = int(out_len[k]), int(out_start[k])
                part_bound = child_list[size]
                rest = total - part_bound
                budget = best - rest
                # A view, not a copy: the part is only read, and out_index is this node's own.
                got = self.value(out_index[start:start + size], child_played, depth - 1, budget)
                if got >= budget:
                    lower = min(lower, rest + got)
                    break
                total = rest + got
            else:
                best, best_guess = total, guess
                if best <= floor:
                    break
        if best_guess >= 0:
            self._store(key, labels, best, True, best_guess)
            return best
        self._store(key, labels, lower, False, -1)
        return lower

    def _store(self, key, labels, value, exact, guess):
        """Remember a position's value (exact, or a lower bound) and its best guess, renamed as
        its key is."""
        if guess >= 0:
            guess = int(ko.renamed_codeword(guess, self._digits, self.colors, self._radix_index, *labels))
        old = self.cache.get(key)
        if old is None:
            self.stats.cache_entries += 1
        elif old[1] or (not exact and old[0] >= value):
            return
        self.cache[key] = (value, exact, guess)
        if old is None:
            self._grow(len(key[0]) + _ENTRY_OVERHEAD, keep=key)

    # -- the tree ----------------------------------------------------------------------

    def best_guess(self, secrets: np.ndarray, played: tuple, depth: int) -> int:
        """The guess of an optimal tree for this feasible position (searching it if need be)."""
        n = len(secrets)
        if n <= 2:
            return int(secrets[0])
        depth = min(depth, n)
        key, labels = self._key(secrets, depth)
        entry = self.cache.get(key)
        if entry is None or not entry[1]:
            if self.value(secrets, played, depth, INFEASIBLE) >= INFEASIBLE:
                raise ValueError("no strategy wins every secret of this position within the depth left")
            entry = self.cache[key]
        pin_order, labels = labels
        # The renaming undone: the stored guess in this position's pins and colors.
        back_pins, back_colors = np.empty_like(pin_order), np.empty_like(labels)
        back_pins[pin_order] = np.arange(self.pins, dtype=np.int64)
        back_colors[labels] = np.arange(self.colors, dtype=np.int64)
        return int(ko.renamed_codeword(entry[2], self._digits, self.colors, self._radix_index, back_pins,
                                       back_colors))

    def tree(self, secrets: np.ndarray, played: tuple, depth: int) -> dict:
        """The optimal subtree as {"guess", "games", "next": {"b,w": subtree}}."""
        guess = self.best_guess(secrets, played, depth)
        node = {"guess": self.game.format_codeword(guess), "games": int(len(secrets))}
        branches = {}
        for ordinal, part in self.split(guess, secrets):
            if ordinal != self.win:
                score = format_score(*ordinal_to_score(ordinal, self.game))
                branches[score] = self.tree(part, None if played is None else played + (guess,),
                                            depth - 1)
        if branches:
            node["next"] = branches
        return node

    def split(self, guess: int, secrets: np.ndarray) -> list[tuple[int, np.ndarray]]:
        """(score ordinal, secrets) of each non-empty part of `secrets` under `guess`, by ordinal."""
        n = len(secrets)
        out_index = np.empty(n, dtype=np.int64)
        out_ordinal = np.empty(self.slots, dtype=np.int64)
        out_start = np.empty(self.slots, dtype=np.int64)
        out_len = np.empty(self.slots, dtype=np.int64)
        groups = ko.split_by_score(self.words[guess], self.lo[guess], self.hi[guess], secrets,
                                   self.words[secrets], self.lo[secrets], self.hi[secrets], self.pins,
                                   self.unused, self.wide, self.slots, out_index, out_ordinal, out_start,
                                   out_len)
        return [(int(out_ordinal[k]), out_index[out_start[k]:out_start[k] + out_len[k]].copy())
                for k in range(groups)]


def _drop_single(mask: int) -> int:
    return 0 if mask & (mask - 1) == 0 else mask


def _cache_budget() -> int:
    """Bytes the caches of one search may hold (CACHE_BUDGET_BYTES, or half the memory available
    now over the cores, at least 64 MiB)."""
    if CACHE_BUDGET_BYTES is not None:
        return int(CACHE_BUDGET_BYTES)
    from .memory import host_memory_available

    return max(64 << 20, host_memory_available() // (2 * (os.cpu_count() or 1)))


@lru_cache(maxsize=256)
def _stabilizer(game: Game, played: tuple):
    """The elements (pin permutation, color permutation) that map every played guess onto
    itself, as two int64 arrays; None if no element moves a pin or there are too many.

    Element (s, t) maps codeword g to the codeword whose pin q holds t(g[s(q)]).
    For each pin permutation s the played guesses force t on their colors
    (t(h[s(q)]) = h[q], which must be a one-to-one map); the colors no guess
    used may then be permuted in every way.
    """
    digits = [game.digits_of(g) for g in played]
    used = sorted({d for h in digits for d in h})
    unused = [k for k in range(game.colors) if k not in used]
    forced = []
    for s in itertools.permutations(range(game.pins)):
        t = {}
        ok = True
        for h in digits:
            for q in range(game.pins):
                a, b = h[s[q]], h[q]
                if t.setdefault(a, b) != b:
                    ok = False
                    break
            if not ok:
                break
        if ok and len(set(t.values())) == len(t):
            forced.append((s, t))
    if all(s == tuple(range(game.pins)) for s, _t in forced):
        return None
    size = len(forced) * _factorial(len(unused))
    if size > MAX_GROUP_ELEMENTS:
        return None
    pin_perms, color_perms = [], []
    for s, t in forced:
        for image in itertools.permutations(unused):
            color = [0] * game.colors
            for a, b in t.items():
                color[a] = b
            for a, b in zip(unused, image):
                color[a] = b
            pin_perms.append(s)
            color_perms.append(color)
    return np.array(pin_perms, dtype=np.int64), np.array(color_perms, dtype=np.int64)


def _factorial(k: int) -> int:
    out = 1
    for i in range(2, k + 1):
        out *= i
    return out


# -- the distributable unit ----------------------------------------------------------


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


# -- the whole game --------------------------------------------------------------------


@dataclass
class OptimalResult(SolveResult):
    """A SolveResult of the exact search, with what the search did."""

    objective: str = "total"
    max_turns_limit: "int | None" = None
    nodes_searched: int = 0
    search_stats: dict = field(default_factory=dict)
    upper_bound: "int | None" = None  # the heuristics' best total the search started from

    def summary(self) -> dict:
        out = super().summary()
        out.update(objective=self.objective, max_turns_limit=self.max_turns_limit,
                   nodes_searched=self.nodes_searched, upper_bound=self.upper_bound,
                   stats=dict(self.search_stats))
        return out

    def describe(self) -> str:
        # The solvers' "scores saved" line means nothing here: the search never scores every codeword.
        text = "\n".join(line for line in super().describe().splitlines()
                         if not line.startswith("  case equivalence"))
        limit = f", at most {self.max_turns_limit} turns" if self.max_turns_limit else ""
        stats = self.search_stats
        return (text + f"\n  objective     {self.objective}{limit}"
                f"\n  search        {self.nodes_searched:,} nodes, {stats.get('cache_hits', 0):,} cache hits, "
                f"{stats.get('shortcuts', 0):,} shortcuts, {stats.get('candidates_searched', 0):,} "
                f"candidates searched")


def heuristic_bounds(game: Game) -> list[tuple[int, int]]:
    """(total, max) of each of the four strategies from its default opening, on the cpu backend."""
    from .solve import solve
    from .strategies import Strategy

    found = []
    for strategy in Strategy:
        result = solve(game, strategy, "cpu", case_equivalence="off")
        found.append((result.total_turns, result.max_turns))
    return found


def optimal(game: "Game | str", max_turns: "int | None" = None, objective: str = "total",
            progress: bool = False, workers: "int | None" = None, client=None) -> OptimalResult:
    """The exact optimal strategy of `game` as a SolveResult (strategy "optimal").

    objective "total": the fewest total turns, with `max_turns` the fewest
    among strategies that never need more than max_turns; "worst": the least
    max turns, then the fewest total turns among strategies reaching it (with
    `max_turns`, the least max turns is looked for up to max_turns only).
    `workers`: processes that search the subtrees below the first guesses
    (default: one per core, at most MAX_WORKERS; 1 searches in this process).
    `client`: a `distributed.Client`; the subtrees below the first guesses are
    then searched on its workers (whatever the game's size), at most one per
    worker thread at a time, and `workers` is ignored. The result is the
    in-process one (see docs/cluster.md).

    >>> optimal("3p2c").total_turns
    18
    """
    game = Game.parse(game)
    objective = parse_objective(objective)
    if max_turns is not None:
        if isinstance(max_turns, bool) or int(max_turns) != max_turns or max_turns < 1:
            raise ValueError(f"max turns must be a whole number of at least 1, got {max_turns!r}")
        max_turns = int(max_turns)
    search = OptimalSearch(game)
    started = time.perf_counter()
    everything = np.arange(game.size, dtype=np.int64)
    heuristics = heuristic_bounds(game)
    unlimited = game.size

    def bound_within(limit):
        totals = [t for t, m in heuristics if m <= limit]
        return min(totals) + 1 if totals else INFEASIBLE

    if client is not None:
        root = _RootSearch(search, sum(client.nthreads().values()), client)
    else:
        if workers is None:
            workers = min(os.cpu_count() or 1, MAX_WORKERS)
        root = _RootSearch(search, workers if game.size >= PARALLEL_MIN_CODEWORDS else 1)
    with _RootProgress(progress, game, objective) as bar:
        search.root_progress = bar
        if objective == "worst":
            cap = min(max_turns if max_turns is not None else unlimited, min(m for _t, m in heuristics))
            depth = 1
            while search.lower_bound(game.size, depth) >= INFEASIBLE:
                depth += 1
            value = INFEASIBLE
            while depth <= (max_turns if max_turns is not None else unlimited):
                beta = bound_within(depth) if depth >= cap else INFEASIBLE
                value, tree = root.solve(depth, beta)
                if value < INFEASIBLE:
                    break
                depth += 1
        else:
            depth = max_turns if max_turns is not None else unlimited
            value, tree = root.solve(depth, bound_within(depth))
    if value >= INFEASIBLE:
        raise ValueError(f"no strategy wins every game of {game.name} within {max_turns} turns")
    elapsed = time.perf_counter() - started
    guesses, turns = _guesses_of_tree(game, search, tree)
    result = OptimalResult(
        game=game, strategy=OPTIMAL, backend="cpu", first_guess=game.parse_codeword(tree["guess"]),
        guesses=guesses, turns=turns, scores=search.stats.scores, elapsed_s=elapsed, case_equivalence=True,
        objective=objective, max_turns_limit=max_turns, nodes_searched=search.stats.nodes,
        search_stats=search.stats.as_dict(),
        upper_bound=min(t for t, _m in heuristics),
    )
    if result.total_turns != value:  # the tree must cost what the search proved
        raise AssertionError(f"optimal tree of {game.name} costs {result.total_turns}, search said {value}")
    return result


def _guesses_of_tree(game: Game, search: OptimalSearch, tree: dict) -> tuple[np.ndarray, np.ndarray]:
    """Per-turn guess vectors and turns per secret, by playing every secret down the tree."""
    depth = _tree_depth(tree)
    guesses = np.full((depth, game.size), -1, dtype=np.int32)
    turns = np.zeros(game.size, dtype=np.int64)
    stack = [(tree, np.arange(game.size, dtype=np.int64), 0)]
    while stack:
        node, secrets, t = stack.pop()
        guess = game.parse_codeword(node["guess"])
        guesses[t, secrets] = guess
        branches = node.get("next", {})
        for ordinal, part in search.split(guess, secrets):
            if ordinal == game.win_ordinal:
                turns[part] = t + 1
            else:
                stack.append((branches[format_score(*ordinal_to_score(ordinal, game))], part, t + 1))
    return guesses, turns


def _tree_depth(node: dict) -> int:
    return 1 + max((_tree_depth(child) for child in node.get("next", {}).values()), default=0)


class _RootProgress:
    """A tqdm bar over the nodes searched (stderr), or nothing.

    Its postfix says where the root stands when the subtrees are farmed out: the opening being
    tried, its parts done and running, and the best total so far. Worker processes count their
    nodes into a shared counter that the bar reads while it waits (`show_nodes`), so a part that
    runs for minutes still moves the bar; parts from a Dask cluster add theirs when they finish.
    """

    def __init__(self, enabled: bool, game: Game, objective: str):
        self.enabled = enabled
        self.label = f"{game.name} optimal ({objective})"
        self.bar = None

    def __enter__(self):
        if self.enabled:
            from tqdm import tqdm

            self.bar = tqdm(desc=self.label, unit=" nodes", leave=False)
        return self

    def __exit__(self, *exc_info):
        if self.bar is not None:
            self.bar.close()

    def tick(self, nodes: int) -> None:
        if self.bar is not None:
            self.bar.update(nodes)

    def show_nodes(self, nodes: int) -> None:
        """The nodes searched so far, when a live count is known (never moves the bar back)."""
        if self.bar is not None and nodes > self.bar.n:
            self.bar.update(nodes - self.bar.n)

    def where(self, text: str) -> None:
        if self.bar is not None:
            self.bar.set_postfix_str(text, refresh=True)


# -- the root, in this process or farmed out to worker processes ----------------------


class _RootSearch:
    """The first guess: each candidate opening and the subtrees below it.

    With one worker and no client, the search of this process does it all.
    With more, the positions below an opening (its non-winning parts) are
    handed to worker processes (or, with a Dask `client`, to the cluster's
    workers) through `_solve_part`, at most `workers` at a time, largest
    first. Each part gets as its upper bound what the best total so far leaves
    once the exact values of the parts done and the lower bounds of the others
    are taken off, so the bounds tighten as results come in. As soon as an
    opening cannot beat the best, its parts still running are told to stop.
    """

    def __init__(self, search: OptimalSearch, workers: int, client=None):
        self.search = search
        self.workers = max(1, int(workers))
        self.client = client

    def solve(self, depth: int, beta: int) -> tuple[int, "dict | None"]:
        """(value, tree): the exact optimum and its tree if below beta, else (>= beta, None)."""
        search = self.search
        everything = np.arange(search.game.size, dtype=np.int64)
        if self.workers == 1 and self.client is None:
            value = search.value(everything, (), depth, beta)
            return value, (search.tree(everything, (), depth) if value < beta else None)
        return self._farm_out(everything, depth, beta)

    def _farm_out(self, everything, depth, beta):
        if self.client is None:
            pool, abort, live = _worker_pool(self.workers)
            return self._farm_out_to(pool, abort, None, next(_RUNS), everything, depth, beta, live)
        import uuid

        from .cluster import ClusterPool, SharedValue

        # Run ids and the abort ticket's name are unique across every client of the scheduler.
        run = uuid.uuid4().hex
        abort = SharedValue(self.client, f"optimal-abort-{run}", 0, poll_s=0.2)
        try:
            return self._farm_out_to(ClusterPool(self.client), abort, abort, run, everything, depth, beta)
        finally:
            abort.delete()

    def _farm_out_to(self, pool, abort, task_abort, run, everything, depth, beta, live=None):
        """The openings' parts on `pool` (a process pool, or a ClusterPool with
        `task_abort`, the abort ticket each task takes along). `live`: the pool's
        shared count of the nodes its workers searched, or None.

        The openings are taken in order, but a worker is never left idle while
        a later opening has parts to search: when every part of the earlier
        openings is running or done, the next opening starts with the budgets
        the best total so far allows (looser than they may end up, never
        wrong: the best only ever falls). Among openings of equal total the
        earlier one wins, as in a search one opening at a time, so the answer
        does not depend on which part finishes first.
        """
        from .cluster import wait_first

        search, game = self.search, self.search.game
        bar = search.root_progress
        live_start, nodes_before = (live.value if live is not None else 0), search.stats.nodes
        n = game.size
        depth = min(depth, n)
        index = search.candidates(everything, ())[0]
        table = search.lb_table(depth - 1)
        openings = []
        for g in index:
            parts = [(o, p) for o, p in search.split(int(g), everything) if o != game.win_ordinal]
            if any(len(p) == n for _o, p in parts):
                continue
            parts.sort(key=lambda item: -len(item[1]))
            lbs = [int(table[len(p)]) for _o, p in parts]
            openings.append(_Opening(n + sum(lbs), int(g), parts, lbs))
        openings.sort(key=lambda o: (o.bound, o.guess))
        for order, opening in enumerate(openings):
            opening.order = order
        best, holder, best_tree = beta, None, None

        def limit(opening):  # a total the opening must stay below to become the best
            return best + (1 if holder is not None and opening.order < holder.order else 0)

        next_ticket = abort.value  # a part stops once the ticket passes its opening's
        running: dict = {}
        while True:
            for opening in openings:  # fill the free workers, earliest opening first
                if len(running) >= self.workers:
                    break
                if opening.finished:
                    continue
                if opening.ticket is None:
                    if opening.bound >= limit(opening):
                        opening.finished = True
                        search.stats.candidates_cut += 1
                        continue
                    opening.ticket, next_ticket = next_ticket, next_ticket + 1
                    search.stats.candidates_searched += 1
                while opening.pending and len(running) < self.workers and not opening.failed:
                    i = opening.pending.popleft()
                    budget = limit(opening) - n - opening.others(i)
                    future = pool.submit(_solve_part, run, game.name, opening.parts[i][1], (opening.guess,),
                                         depth - 1, budget, opening.ticket, task_abort)
                    running[future] = (opening, i, budget)
                    opening.running += 1
            if not running:
                break
            if bar is not None:
                now = next(o for o in openings if not o.finished)
                bar.where(f"opening {game.format_codeword(now.guess)} {now.order + 1}/{len(openings)}, "
                          f"parts {len(now.known)}/{len(now.parts)} +{now.running}, best "
                          f"{'-' if best >= INFEASIBLE else best}")
            # Without a live count nothing moves until a part is done; with one, look every second.
            done, _ = wait_first(running, timeout=None if live is None or bar is None else 1.0)
            if live is not None and bar is not None:
                bar.show_nodes(nodes_before + live.value - live_start)
            for future in done:
                opening, i, budget = running.pop(future)
                opening.running -= 1
                value, tree, stats = future.result()
                # With a live count the bar shows it; otherwise each part's nodes when it is done.
                _add_stats(search, stats, tick=live is None)
                if value is None or value >= budget:  # None: stopped, its opening had failed
                    opening.failed = True
                else:
                    opening.known[i] = (value, tree)
            for opening in openings:  # earliest first: a new best can end the later ones
                if opening.finished or opening.ticket is None:
                    continue
                if not opening.failed and opening.floor(n) >= limit(opening):
                    opening.failed = True
                if opening.running:
                    continue
                if opening.failed:
                    opening.finished = True
                elif not opening.pending:
                    opening.finished = True
                    total = opening.floor(n)  # every part known: the exact total
                    if total < limit(opening):
                        best, holder = total, opening
                        best_tree = opening.tree(game)
            # Stop the parts of failed openings, once every opening with an earlier ticket is
            # failed or finished too (the ticket stops all of them at once).
            stop = None
            for opening in openings:
                if opening.ticket is None or not (opening.failed or opening.finished):
                    break
                stop = opening.ticket
            if stop is not None and abort.value <= stop and any(
                    o.failed and o.running and o.ticket <= stop for o in openings):
                abort.value = stop + 1
        return best, best_tree


class _Opening:
    """One first guess at the root of a farmed-out search: its parts, largest first, their lower
    bounds, the exact values and trees of those done, and where its search stands."""

    def __init__(self, bound: int, guess: int, parts: list, lbs: list):
        self.bound, self.guess, self.parts, self.lbs = bound, guess, parts, lbs
        self.order = 0
        self.known: dict[int, tuple[int, dict]] = {}
        self.pending = deque(range(len(parts)))
        self.running = 0
        self.ticket = None  # handed out when its first part is sent
        self.failed = False  # it cannot beat the best: its parts still running are stopped
        self.finished = False  # nothing of it is running or left to send

    def others(self, i: "int | None" = None) -> int:
        """The exact values of the parts done and the lower bounds of the rest, part i left out."""
        return sum(self.known[j][0] if j in self.known else self.lbs[j]
                   for j in range(len(self.parts)) if j != i)

    def floor(self, n: int) -> int:
        """The least total this opening can reach over n secrets: n plus every part's cost."""
        return n + self.others()

    def tree(self, game) -> dict:
        node = {"guess": game.format_codeword(self.guess), "games": game.size}
        branches = {}
        for i, (ordinal, _p) in sorted(enumerate(self.parts), key=lambda item: item[1][0]):
            branches[format_score(*ordinal_to_score(ordinal, game))] = self.known[i][1]
        if branches:
            node["next"] = branches
        return node


def _add_stats(search: OptimalSearch, delta: dict, tick: bool = True) -> None:
    """Add a worker's statistics to the search's, and (`tick`) its nodes to the progress bar."""
    for key, value in delta.items():
        setattr(search.stats, key, getattr(search.stats, key) + value)
    if tick and search.root_progress is not None and delta.get("nodes"):
        search.root_progress.tick(delta["nodes"])


_RUNS = itertools.count()
_POOL = None  # (executor, abort ticket, workers, live node count)
_WORKER: dict = {}  # in a pool's worker process: the shared abort ticket
# In a worker process (a pool's, or a Dask worker's, which may run tasks in several threads):
# each thread's search of the current run, its cache kept between the parts of the run.
_THREAD = threading.local()


class _Aborted(Exception):
    pass


def _worker_pool(workers: int):
    """A pool of forked worker processes, kept for the next search, and the shared abort ticket."""
    global _POOL
    if _POOL is None or _POOL[2] != workers or getattr(_POOL[0], "_broken", False):
        import atexit
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        if _POOL is None:
            atexit.register(_close_pool)  # before the interpreter tears down what the pool uses
        _close_pool()
        context = multiprocessing.get_context("fork")
        abort = context.Value("q", 0, lock=False)
        nodes = context.Value("q", 0)  # nodes the workers searched, added every 256 (locked)
        _POOL = (ProcessPoolExecutor(workers, mp_context=context, initializer=_init_worker,
                                     initargs=(abort, nodes)), abort, workers, nodes)
    return _POOL[0], _POOL[1], _POOL[3]


def _close_pool() -> None:
    """Shut the kept pool down (at exit, or before a pool of another size replaces it)."""
    global _POOL
    if _POOL is not None:
        _POOL[0].shutdown(wait=True, cancel_futures=True)
        _POOL = None


def _init_worker(abort, nodes) -> None:
    from .lifetime import die_with_parent; die_with_parent()  # noqa: E702 (first: the worker ends with its parent)
    _WORKER["abort"] = abort
    _WORKER["nodes"] = nodes


def _solve_part(run, game_name: str, secrets, played, depth, budget, ticket, abort=None):
    """In a worker: solve one position with this run's search (its cache kept between parts).

    `abort`: the run's abort ticket (anything with `.value`: a `SharedValue`
    on a Dask cluster); None: the process pool's, from `_WORKER`. The part
    stops when the ticket passes `ticket`.
    Returns (value or None if told to stop, tree or None, the stats it added)."""
    if getattr(_THREAD, "run", None) != run:
        _THREAD.run = run
        _THREAD.search = OptimalSearch(game_name)
        _THREAD.search.use_threads = False  # numba's thread pool is the parent's, not ours
    search = _THREAD.search
    live = _WORKER.get("nodes") if abort is None else None  # the pool's live node count
    abort = _WORKER["abort"] if abort is None else abort
    before = search.stats.as_dict()
    if abort.value > ticket:
        return None, None, {}

    def check(_nodes):
        if live is not None:
            with live.get_lock():
                live.value += 256
        if abort.value > ticket:
            raise _Aborted

    search.abort_check = check
    try:
        value = search.value(np.asarray(secrets, dtype=np.int64), tuple(played), depth, budget)
        tree = search.tree(np.asarray(secrets, dtype=np.int64), tuple(played), depth) if value < budget else None
    except _Aborted:
        value, tree = None, None
    after = search.stats.as_dict()
    return value, tree, {k: after[k] - before[k] for k in after}
