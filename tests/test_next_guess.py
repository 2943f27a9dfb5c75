import numpy as np
import pytest

from mmlib.core.games import Game
from mmlib.core.next_guess import choose_next_guess
from mmlib.core.scoring import score_matrix_reference
from mmlib.core.solve import solve


@pytest.mark.parametrize("strategy, first", [("knuth", "1122"), ("entropy", "1123"),
                                             ("most-parts", "1123"), ("expected-size", "1123")])
def test_single_region_choice_equals_the_reference_tree(strategy, first):
    """At every node of the reference strategy tree, the packed single-region search agrees."""
    game = Game(4, 6)
    result = solve(game, strategy, "reference", first)
    scores = score_matrix_reference(game)
    regions = {}
    for secret in range(game.size):
        seen = ()
        for turn in range(result.turns[secret]):
            regions.setdefault(seen, (turn, []))[1].append(secret)
            seen += (int(scores[result.guesses[turn, secret], secret]),)
    assert len(regions) > 1000
    for seen, (turn, ps) in regions.items():
        if seen:
            expected = result.guesses[turn, ps[0]]
            assert choose_next_guess(game, strategy, np.array(ps))[0] == expected


def test_shortcuts_and_costs():
    game = Game(4, 6)
    assert choose_next_guess(game, "knuth", [700, 5]) == (5, 0)
    with pytest.raises(ValueError, match="no secret is possible"):
        choose_next_guess(game, "knuth", [])
