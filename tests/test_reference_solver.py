import json

import numpy as np
import pytest

from mmlib.core.games import Game
from mmlib.core.scoring import reference_score, score_matrix_reference
from mmlib.core.solve import solve
from naive import PUBLISHED_4P6C


@pytest.mark.parametrize("strategy, first, total, worst, histogram", PUBLISHED_4P6C)
def test_reference_reproduces_the_published_4p6c_figures(strategy, first, total, worst, histogram):
    result = solve("4p6c", strategy, "reference", first)
    assert result.total_turns == total
    assert result.max_turns == worst
    assert result.turn_histogram == histogram


def test_knuths_example_game():
    result = solve("4p6c", "knuth", "reference", "1122")
    assert result.game_path("3632") == ["1122", "1344", "3526", "1462", "3632"]


@pytest.mark.parametrize("strategy", ["knuth", "expected-size", "entropy", "most-parts"])
@pytest.mark.parametrize("game", ["3p4c", "4p4c", "2p9c"])
def test_every_game_is_won_consistently(game, strategy):
    """Each game ends on its secret, and every guess is consistent with the tree's regions."""
    result = solve(game, strategy, "reference")
    g = result.game
    scores = score_matrix_reference(g)
    for secret in range(g.size):
        path = result.guesses[:, secret]
        path = path[path >= 0]
        assert path[-1] == secret and len(path) == result.turns[secret]
        assert len(set(path.tolist())) == len(path)  # never a guess twice
    # Games that saw the same scores so far played the same next guess.
    history = {}
    for secret in range(g.size):
        seen = ()
        for guess in result.guesses[: result.turns[secret], secret]:
            assert history.setdefault(seen, guess) == guess
            seen += (int(scores[guess, secret]),)


def test_tree_export_agrees_with_the_games():
    result = solve("4p6c", "knuth", "reference", "1122")
    tree = result.tree_json()
    json.dumps(tree)
    assert tree["total_turns"] == 5801
    assert tree["tree"]["guess"] == "1122" and tree["tree"]["games"] == 1296
    # Walk Knuth's example game through the JSON tree by its true scores.
    node, walked = tree["tree"], ["1122"]
    while node["guess"] != "3632":
        node = node["next"]["%d,%d" % reference_score("3632", node["guess"])]
        walked.append(node["guess"])
    assert walked == ["1122", "1344", "3526", "1462", "3632"]
    dot = result.tree.to_dot()
    assert dot.startswith("digraph") and 'label="1,0"' in dot and "1122" in dot
    # Every node's games go on to its children, except the one won at the node.
    t = result.tree
    for node in range(len(t)):
        below = t.games[np.flatnonzero(t.parent == node)].sum()
        assert below in (t.games[node], t.games[node] - 1)
    assert len(np.flatnonzero(t.parent >= 0)) == len(t) - 1


def test_result_views():
    result = solve("3p3c", "most-parts", "reference", "112")
    frame = result.dataframe()
    assert list(frame.columns[:2]) == ["secret", "turns"] and len(frame) == 27
    assert frame.turns.sum() == result.total_turns
    summary = result.summary()
    for key in ["game", "pins", "colors", "strategy", "backend", "first_guess", "total_turns",
                "max_turns", "average_turns", "turn_histogram", "scores", "elapsed_s"]:
        assert key in summary
    assert sum(summary["turn_histogram"].values()) == 27
    assert "total turns" in result.describe()


def test_reference_refuses_large_games():
    with pytest.raises(ValueError, match="reference backend is for games of at most"):
        solve("6p6c", "knuth", "reference", "112233")
