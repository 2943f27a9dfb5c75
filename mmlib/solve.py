"""`solve()`: one entry point for every backend, with the input checks they share."""

from __future__ import annotations

from typing import Callable

from .games import Game
from .results import SolveResult
from .strategies import Strategy

BACKENDS = ("reference", "cpu", "cuda")
CASE_EQUIVALENCE_MODES = ("auto", "on", "off")


def parse_backend(name: str) -> str:
    name = str(name).strip().lower()
    if name not in BACKENDS:
        raise ValueError(f"unknown backend {name!r}: choose one of {', '.join(BACKENDS)}")
    return name


def parse_case_equivalence(mode: "str | bool") -> str:
    if isinstance(mode, bool):
        return "on" if mode else "off"
    mode = str(mode).strip().lower()
    if mode not in CASE_EQUIVALENCE_MODES:
        raise ValueError(
            f"unknown case-equivalence mode {mode!r}: choose one of {', '.join(CASE_EQUIVALENCE_MODES)}"
        )
    return mode


def default_first_guess(game: Game, strategy: Strategy) -> int:
    """The first guess `solve` plays when none is given.

    The best-max winner of data/first_guesses.csv where that table has the game
    and strategy; otherwise the rule "pairs of colors": 1122 for 4 pins, 11223
    for 5, 112233 for 6, ..., the pattern Knuth used.
    """
    from .first_guess import table_first_guess  # noqa: PLC0415 (optional table)

    pattern = table_first_guess(game, strategy)
    if pattern is None:
        pattern = pairs_first_guess(game)
    return game.parse_codeword(pattern)


def pairs_first_guess(game: Game) -> str:
    from .games import COLOR_CHARS

    return "".join(COLOR_CHARS[min(i // 2, game.colors - 1)] for i in range(game.pins))


def _backend_function(backend: str) -> Callable[..., SolveResult]:
    if backend == "reference":
        from .solver_reference import solve_reference

        return solve_reference
    if backend == "cpu":
        from .solver_cpu import solve_cpu

        return solve_cpu
    from .solver_cuda import solve_cuda

    return solve_cuda


def solve(
    game: "str | Game",
    strategy: "str | Strategy" = "knuth",
    backend: str = "cpu",
    first_guess: "str | None" = None,
    case_equivalence: "str | bool" = "auto",
    progress: bool = False,
) -> SolveResult:
    """Play every game of `game` at once with `strategy` and return the result.

    >>> solve("4p6c", "knuth", first_guess="1122").total_turns
    5801
    """
    game = Game.parse(game)
    strategy = Strategy.parse(strategy)
    backend = parse_backend(backend)
    mode = parse_case_equivalence(case_equivalence)
    if first_guess is None:
        first = default_first_guess(game, strategy)
    else:
        first = game.parse_codeword(first_guess, what="first guess")
    return _backend_function(backend)(
        game, strategy, first, case_equivalence=mode, progress=progress
    )
