"""The `cpu` backend. Until the parallel Numba solver lands, it is the reference solver."""

from .solver_reference import solve_reference


def solve_cpu(game, strategy, first_guess, **options):
    result = solve_reference(game, strategy, first_guess, **options)
    result.backend = "cpu"
    return result
