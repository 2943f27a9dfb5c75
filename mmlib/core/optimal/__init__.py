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

The modules, one concern each:

* `engine`: the search itself, compiled (Numba) over buffers made once: the
  node, its candidates reduced by symmetry, the bounds, the position cache.
* `bounds`: the counting lower bounds, with the game's branching factor or a set's own.
* `search`: `OptimalSearch`, one search of one game from Python (value, best
  guess, tree), and `solve_position`, the unit a scheduler farms out.
* `root`: the first guess, its parts farmed out to worker processes or a
  Dask cluster, and what a worker runs.
* `whole_game`: `optimal()`, its result and `RootProgress` (what feeds the line of progress).
* `progress`: the search's one line of progress.
* `config`: the tunables.

docs/optimal.md describes the search, its bounds and symmetry.
"""

from . import config
from .bounds import most_parts
from .config import MAX_OPTIMAL_CODEWORDS, MAX_WORKERS, PARALLEL_MIN_CODEWORDS
from .root import RootSearch, close_pool, solve_part, worker_pool
from .search import (INFEASIBLE, OptimalSearch, PositionResult, SearchAborted, SearchStats,
                     TimeLimitReached, check_exact_search_size, solve_position)
from .whole_game import (OBJECTIVES, OptimalResult, RootProgress, guesses_of_tree, heuristic_bounds, optimal,
                         parse_objective)

__all__ = [
    "INFEASIBLE", "MAX_OPTIMAL_CODEWORDS", "MAX_WORKERS", "OBJECTIVES", "PARALLEL_MIN_CODEWORDS",
    "OptimalResult", "OptimalSearch", "PositionResult", "RootProgress", "RootSearch", "SearchAborted",
    "SearchStats", "TimeLimitReached", "check_exact_search_size", "close_pool", "config", "guesses_of_tree", "heuristic_bounds", "most_parts", "optimal",
    "parse_objective", "solve_part", "solve_position", "worker_pool",
]
