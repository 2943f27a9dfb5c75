"""Per-turn cost (`TurnStats`): how each way settled the regions, and the seconds each turn took.

The counts are checked against regions rebuilt from the strategy tree and the
plain-numpy score matrix, on the reference and cpu backends (the cuda backend
is checked in test_solver_cuda.py, on the simulator). Cost: a few seconds.
"""

import numpy as np
import pytest

from mmlib.core.games import Game
from mmlib.core.results import TURN_STATS_COUNTS, TURN_STATS_SECONDS
from mmlib.core.scoring import score_matrix_reference
from mmlib.core.solve import solve
from mmlib.core.solver_reference import fully_discriminating_guess


def expected_counts(result) -> list[tuple[int, int, int]]:
    """(tiny, fully discriminating, searched) per turn, from the tree's regions and plain scores.

    A node at depth t+1 is a region choosing the guess of turn t+2, formed by turn t+1's scores.
    """
    game, tree = result.game, result.tree
    scores = score_matrix_reference(game)
    members = _members_per_node(result)
    out = []
    for turn in range(1, len(result.turn_stats) + 1):
        tiny = fd = searched = 0
        for node in np.flatnonzero(tree.depth == turn):
            ps = members[node]
            if len(ps) <= 2:
                tiny += 1
            elif len(ps) <= game.num_scores and fully_discriminating_guess(scores, ps) is not None:
                fd += 1
            else:
                searched += 1
        out.append((tiny, fd, searched))
    return out


def _members_per_node(result) -> dict[int, np.ndarray]:
    """Secrets of each tree node, by replaying every game's path down the tree."""
    game, tree = result.game, result.tree
    scores = score_matrix_reference(game)
    child = {(int(p), int(e)): node for node, (p, e) in enumerate(zip(tree.parent, tree.edge_score)) if p >= 0}
    members: dict[int, list[int]] = {0: list(range(game.size))}
    for secret in range(game.size):
        node = 0
        for t in range(int(result.turns[secret]) - 1):
            node = child[(node, int(scores[result.guesses[t, secret], secret]))]
            members.setdefault(node, []).append(secret)
    return {node: np.array(sorted(ps)) for node, ps in members.items()}


def assert_counts_add_up(result):
    for stats in result.turn_stats:
        assert min(stats.tiny_regions, stats.fd_regions, stats.searched_regions) >= 0
        assert stats.tiny_regions + stats.fd_regions + stats.searched_regions == stats.regions


def assert_seconds_add_up(result, slack_s=0.05):
    seconds = [s.seconds for s in result.turn_stats]
    assert all(s.phase1_s >= 0 and s.phase2_s >= 0 for s in result.turn_stats)
    assert all(abs(s.seconds - s.phase1_s - s.phase2_s) < 1e-9 for s in result.turn_stats)
    assert sum(seconds) <= result.elapsed_s + 1e-6
    assert sum(seconds) >= 0.8 * result.elapsed_s - slack_s


@pytest.mark.parametrize("game", ["3p4c", "4p4c", "3p6c"])
@pytest.mark.parametrize("strategy", ["knuth", "most-parts"])
def test_counts_match_the_regions_on_reference_and_cpu(game, strategy):
    reference = solve(game, strategy, "reference", case_equivalence="off")
    expected = expected_counts(reference)
    for backend, mode in (("reference", "on"), ("cpu", "off"), ("cpu", "on")):
        result = solve(game, strategy, backend, case_equivalence=mode)
        got = [(s.tiny_regions, s.fd_regions, s.searched_regions) for s in result.turn_stats]
        assert got == expected, (backend, mode)
        assert_counts_add_up(result)
    got = [(s.tiny_regions, s.fd_regions, s.searched_regions) for s in reference.turn_stats]
    assert got == expected
    assert_counts_add_up(reference)


def test_every_way_occurs_in_4p6c():
    """The check above is not empty: 4p6c settles regions all three ways."""
    result = solve("4p6c", "knuth", "cpu", "1122")
    totals = np.sum([(s.tiny_regions, s.fd_regions, s.searched_regions) for s in result.turn_stats], axis=0)
    assert np.all(totals > 0)
    assert_counts_add_up(result)
    # Only the last turn has no region left to settle.
    assert result.turn_stats[-1].regions == 0
    assert sum(s.regions for s in result.turn_stats) == len(result.tree) - 1


@pytest.mark.parametrize("backend, game", [("reference", "4p5c"), ("cpu", "5p6c")])
def test_seconds_are_the_turns_and_add_up_to_the_solve(backend, game):
    solve(game, "knuth", backend)  # the first solve of a game builds tables; time the second
    result = solve(game, "knuth", backend)
    assert_seconds_add_up(result)
    assert result.turn_stats[0].seconds > 0


def test_frame_and_json_carry_the_new_fields():
    result = solve(Game(3, 4), "knuth", "cpu")
    frame = result.turn_stats_frame()
    assert list(frame.columns) == list(TURN_STATS_COUNTS + TURN_STATS_SECONDS)
    assert frame["searched_regions"].tolist() == [s.searched_regions for s in result.turn_stats]
    rows = result.summary()["turn_stats"]
    assert [row["fd_regions"] for row in rows] == [s.fd_regions for s in result.turn_stats]
    assert [row["regions"] for row in rows] == result.summary()["regions_per_turn"]
