"""`solve()`: one entry point for every backend, with the input checks they share."""

from __future__ import annotations

from typing import Callable

from .cluster import check_client
from .games import Game, whole_number
from .results import SolveResult
from .openings import default_first_guess
from .options import BACKENDS, CASE_EQUIVALENCE_MODES, parse_backend, parse_case_equivalence  # noqa: F401
from .strategies import Strategy

def _backend_function(backend: str) -> Callable[..., SolveResult]:
    if backend == "reference":
        from .solver_reference import solve_reference

        return solve_reference
    if backend == "cpu":
        from .solver_cpu import solve_cpu

        return solve_cpu
    from .solver_cuda import solve_cuda

    return solve_cuda


def check_cluster_backend(backend: str) -> None:
    """Raise ValueError (one line) unless `backend` can split a solve over a cluster's workers."""
    # cuda: the workers' GPUs are checked when the solve starts (the client needs none).
    if backend not in ("cpu", "cuda"):
        raise ValueError(f"solve --scheduler splits the cpu or cuda backend's searches over a "
                         f"cluster; the {backend} backend plays in one process (use --backend cpu, "
                         f"or sweep/first-guess --scheduler for one {backend} solve per worker)")


def solve(
    game: "str | Game",
    strategy: "str | Strategy" = "knuth",
    backend: str = "cpu",
    first_guess: "str | None" = None,
    case_equivalence: "str | bool" = "auto",
    progress: bool = False,
    ce_min_region: int = 0,
    client=None,
) -> SolveResult:
    """Play every game of `game` at once with `strategy` and return the result.

    `ce_min_region`: with case equivalence on, only regions of at least this
    many games search their class representatives; smaller ones search every
    codeword (the guesses are the same either way; only the work differs).

    `client`, a `distributed.Client` (see mmlib.core.cluster), runs the cpu
    backend's big region searches on a Dask cluster; the results are the same.

    >>> solve("4p6c", "knuth", first_guess="1122").total_turns
    5801
    """
    game = Game.parse(game)
    strategy = Strategy.parse(strategy)
    backend = parse_backend(backend)
    mode = parse_case_equivalence(case_equivalence)
    check_client(client)
    ce_min_region = whole_number(ce_min_region, "ce_min_region")
    if ce_min_region < 0:
        raise ValueError(f"ce_min_region must be 0 or more, not {ce_min_region}")
    if first_guess is None:
        first = default_first_guess(game, strategy)
    else:
        first = game.parse_codeword(first_guess, what="first guess")
    if client is None:
        return _backend_function(backend)(
            game, strategy, first, case_equivalence=mode, progress=progress, ce_min_region=ce_min_region
        )
    check_cluster_backend(backend)
    if backend == "cuda":  # the client plays the turns; every worker searches on its own GPU
        from .solver_cpu import solve_cpu

        return solve_cpu(game, strategy, first, case_equivalence=mode, progress=progress,
                         ce_min_region=ce_min_region, client=client, search_device="cuda")
    return _backend_function(backend)(
        game, strategy, first, case_equivalence=mode, progress=progress, ce_min_region=ce_min_region,
        client=client
    )
