"""The cuda backend under the rule variants, against the reference (docs/rules.md).

On the simulator (NUMBA_ENABLE_CUDASIM=1, set by tests/conftest.py) with the small
tunables of tests/test_solver_cuda.py, so that chunking and ACr refills run too. Cost: 51 s wall,
16 s user with both cores busy with other work (the simulator's threads slow down a lot then).
"""

from __future__ import annotations

import pytest

from mmlib.core.solve import solve
from test_solver_cuda import SIMULATED, assert_same_games, small_tunables  # noqa: F401  (a fixture)

# 3p4c-norepeat: 24 codewords; 3p5c-norepeat opens 123 with colors 4, 5 Free;
# 3p3c-black and 2p5c-black: black pegs only, with and without Free colors.
GAMES = ("3p4c-norepeat", "3p5c-norepeat", "3p3c-black", "2p5c-black")
STRATEGIES = ("knuth", "expected-size", "entropy", "most-parts")


@pytest.mark.parametrize("game", GAMES)
def test_cuda_equals_reference_under_the_rules(game):
    """Every strategy with case equivalence on (the ACr kernel under the rules), and Knuth with it
    off as well (the plain search): the simulator is slow, so not every pair twice."""
    for strategy in STRATEGIES:
        expected = solve(game, strategy, "reference", case_equivalence="off")
        for mode in ("off", "on") if strategy == "knuth" else ("on",):
            result = solve(game, strategy, "cuda", case_equivalence=mode)
            assert_same_games(result, expected)
            on_reference = solve(game, strategy, "reference", case_equivalence=mode)
            assert (result.scores, result.scores_saved) == (on_reference.scores, on_reference.scores_saved)
            if game == "3p5c-norepeat" and mode == "on":
                assert result.scores_saved > 0  # the norepeat ACr kernel did cut the search


@pytest.mark.skipif(SIMULATED, reason="needs a real GPU (MMLIB_REAL_GPU=1)")
@pytest.mark.parametrize("game", ["4p10c-norepeat", "5p8c-norepeat", "4p6c-black", "5p4c-black"])
def test_gpu_equals_cpu_under_the_rules_on_larger_games(game):
    """On a real GPU, with the real tunables: the same guess for every game on every turn as the cpu
    backend, every strategy, case equivalence off and on."""
    for strategy in STRATEGIES:
        expected = solve(game, strategy, "cpu")
        for mode in ("off", "on"):
            assert_same_games(solve(game, strategy, "cuda", case_equivalence=mode), expected)
