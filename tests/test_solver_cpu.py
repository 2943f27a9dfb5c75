"""The `cpu` backend against the `reference` backend, and its kernels against plain numpy.

Cost: about 25 s on 2 cores, most of it the reference solves of 4p6c, 5p4c and
4p7c, plus the one-time JIT compile of the parallel kernel (about 5 s).
"""

import numpy as np
import pytest

from mmlib.core import kernels_cpu as k
from mmlib.core import memory, solver_cpu
from mmlib.cli import main
from mmlib.core.games import Game
from mmlib.core.scoring import score_matrix_reference, unused_pins_mask
from mmlib.core.solve import solve
from mmlib.core.solver_cpu import GuessSearch
from mmlib.core.solver_reference import subset_sizes
from mmlib.core.strategies import STRATEGY_NAMES, Strategy, best_candidate, entropy_table, rank_columns, rank_of_counts, rank_rows
from naive import PUBLISHED_4P6C, small_games

GAMES = small_games(1296) + [Game(4, 7)]
if Game(5, 4) not in GAMES:
    GAMES.append(Game(5, 4))


def assert_same_result(fast, slow):
    assert fast.backend == "cpu"
    assert fast.first_guess == slow.first_guess
    assert (fast.case_equivalence, fast.scores_saved) == (slow.case_equivalence, slow.scores_saved)
    np.testing.assert_array_equal(fast.guesses, slow.guesses)
    np.testing.assert_array_equal(fast.turns, slow.turns)
    assert fast.scores == slow.scores
    assert fast.turn_stats == slow.turn_stats
    for name in ("parent", "edge_score", "guess", "depth", "games"):
        np.testing.assert_array_equal(getattr(fast.tree, name), getattr(slow.tree, name))


@pytest.mark.parametrize("strategy", STRATEGY_NAMES)
@pytest.mark.parametrize("game", GAMES, ids=str)
def test_cpu_equals_reference(game, strategy):
    """Every game's guesses and turns, the scores, the turn statistics and the tree."""
    fast = solve(game, strategy, "cpu", case_equivalence="off")
    slow = solve(game, strategy, "reference", case_equivalence="off")
    assert_same_result(fast, slow)


@pytest.mark.parametrize("game", ["4p6c", "3p10c"])
def test_parallel_search_equals_reference(game, monkeypatch):
    """Searches run on every core from PARALLEL_MIN_SCORES: force it on small games."""
    monkeypatch.setattr(solver_cpu, "PARALLEL_MIN_SCORES", 0)
    for strategy in STRATEGY_NAMES:
        fast = solve(game, strategy, "cpu", case_equivalence="off")
        assert_same_result(fast, solve(game, strategy, "reference", case_equivalence="off"))


@pytest.mark.parametrize("strategy, first, total, worst, histogram", PUBLISHED_4P6C)
def test_cpu_reproduces_the_published_4p6c_figures(strategy, first, total, worst, histogram):
    result = solve("4p6c", strategy, "cpu", first)
    assert (result.total_turns, result.max_turns, result.turn_histogram) == (total, worst, histogram)


def test_knuths_example_game_and_other_openings():
    assert solve("4p6c", "knuth", "cpu", "1122").game_path("3632") == ["1122", "1344", "3526", "1462", "3632"]
    # Openings other than the default, on a game with more than 8 colors (both count words).
    for first in ("123", "999", "1a1"):
        assert_same_result(solve("3p10c", "entropy", "cpu", first, case_equivalence="off"),
                           solve("3p10c", "entropy", "reference", first, case_equivalence="off"))


@pytest.mark.parametrize("mode", ["auto", "on"])
def test_case_equivalence_modes_play_the_same_games(mode):
    """Whatever it searches, a mode never changes a guess."""
    fast = solve("4p6c", "expected-size", "cpu", case_equivalence=mode)
    slow = solve("4p6c", "expected-size", "reference", case_equivalence="off")
    np.testing.assert_array_equal(fast.guesses, slow.guesses)


CASE_EQUIVALENCE_GAMES = [Game(4, 6), Game(5, 5), Game(6, 4), Game(3, 10)]


@pytest.mark.parametrize("strategy", STRATEGY_NAMES)
@pytest.mark.parametrize("game", CASE_EQUIVALENCE_GAMES, ids=str)
def test_cpu_with_case_equivalence_equals_reference_with_it(game, strategy):
    """Searching ACr: the same guesses as the reference searching ACr, and the same scores saved."""
    fast = solve(game, strategy, "cpu", case_equivalence="on")
    slow = solve(game, strategy, "reference", case_equivalence="on")
    assert fast.case_equivalence and fast.scores_saved > 0
    assert_same_result(fast, slow)
    off = solve(game, strategy, "cpu", case_equivalence="off")
    np.testing.assert_array_equal(fast.turns, off.turns)
    assert fast.scores + fast.scores_saved == off.scores


# -- kernels ---------------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", [np.uint8, np.uint16, np.uint32])
def test_rank_columns_equals_rank_of_counts(dtype):
    rng = np.random.default_rng(7)
    counts = rng.integers(0, 60, size=(22, 300)).astype(dtype)
    counts[rng.random(counts.shape) < 0.4] = 0
    counts[:, :3] = 0
    counts[5, 1] = 1
    entropy = entropy_table(60 * 22)
    for strategy in Strategy:
        ranks = np.empty(counts.shape[1], dtype=np.int64)
        rank_columns(counts, int(strategy), entropy, ranks)
        expected = [rank_of_counts(np.ascontiguousarray(counts[:, i]), int(strategy), entropy)
                    for i in range(counts.shape[1])]
        np.testing.assert_array_equal(ranks, expected)


def _regions_of(game, sizes, rng):
    """Disjoint random regions of the given sizes, each sorted, laid out as the solver does."""
    secrets = rng.permutation(game.size)
    order, starts = [], []
    for size in sizes:
        starts.append(sum(len(r) for r in order))
        order.append(np.sort(secrets[:size]))
        secrets = secrets[size:]
    return np.concatenate(order), np.array(starts, dtype=np.int64), np.array(sizes, dtype=np.int64)


@pytest.mark.parametrize("parallel", [False, True], ids=["one-thread", "parallel"])
@pytest.mark.parametrize("strategy", list(Strategy), ids=lambda s: s.label)
def test_search_with_explicit_candidate_lists(strategy, parallel, monkeypatch):
    """Region searches over given candidate lists (as case equivalence will give them) choose
    what the numpy reference chooses over the same lists, small and big regions alike."""
    if parallel:
        monkeypatch.setattr(solver_cpu, "PARALLEL_MIN_SCORES", 0)
    game = Game(4, 7)  # 2,401 codewords
    rng = np.random.default_rng(int(strategy) + 11)
    sizes = [3, 17, 120, 255, 256, 300, 900]
    order, region_start, region_len = _regions_of(game, sizes, rng)
    lists = [np.sort(rng.choice(game.size, size=int(rng.integers(50, 1500)), replace=False))
             for _ in sizes]
    lists[1] = np.concatenate([lists[1], order[region_start[1]:region_start[1] + 17]])
    lists[1] = np.unique(lists[1])  # some candidates in PS, to exercise the tie-break
    flat = np.concatenate(lists)
    cand_start = np.cumsum([0] + [len(c) for c in lists[:-1]]).astype(np.int64)
    cand_start[3] = -1  # this region searches every codeword
    cand_len = np.array([len(c) for c in lists], dtype=np.int64)

    cw = game.codewords
    search = GuessSearch(game, strategy, cw.words, cw.counts_lo, cw.counts_hi)
    guess = np.full(len(sizes), -1, dtype=np.int64)
    searched = np.arange(len(sizes), dtype=np.int64)
    scores = search.search(searched, order, region_start, region_len, cw.words[order],
                           cw.counts_lo[order], cw.counts_hi[order], guess,
                           candidates=(cand_start, cand_len, flat))

    matrix = score_matrix_reference(game)
    entropy = entropy_table(game.size)
    expected_scores = 0
    for r, size in enumerate(sizes):
        ps = order[region_start[r]:region_start[r] + size]
        candidates = np.arange(game.size) if cand_start[r] < 0 else lists[r]
        ranks = rank_rows(subset_sizes(matrix[np.ix_(candidates, ps)], game.score_slots),
                          int(strategy), entropy)
        expected = best_candidate(ranks, np.isin(candidates, ps), candidates)
        assert guess[r] == expected, f"region {r} of {size} secrets"
        expected_scores += len(candidates) * size
    assert scores == expected_scores


@pytest.mark.parametrize("counter", [np.uint8, np.uint16, np.uint32])
def test_every_counter_width_and_the_early_exit(counter):
    """candidate_rank gives the exact rank with any counter width; with a bound it gives up only
    on candidates that rank strictly worse than the bound."""
    game = Game(4, 7)
    cw = game.codewords
    rng = np.random.default_rng(3)
    ps = np.sort(rng.choice(game.size, size=200 if counter == np.uint8 else 1500, replace=False))
    matrix = score_matrix_reference(game)
    entropy = entropy_table(game.size)
    slots = game.score_slots
    scratch = (np.empty(k.SCORE_BLOCK, np.uint8), np.zeros(4 * slots, counter), np.zeros(slots, counter))
    for strategy in Strategy:
        exact = rank_rows(subset_sizes(matrix[:, ps], slots), int(strategy), entropy)
        bound = int(np.median(exact))
        for guess in rng.choice(game.size, size=40, replace=False):
            args = (cw.words[guess], cw.counts_lo[guess], cw.counts_hi[guess], cw.words[ps],
                    cw.counts_lo[ps], cw.counts_hi[ps], game.pins, unused_pins_mask(game.pins),
                    False, int(strategy), entropy)
            assert k.candidate_rank(*args, k.NO_BOUND, *scratch) == (exact[guess], True)
            rank, complete = k.candidate_rank(*args, bound, *scratch)
            if complete:
                assert rank == exact[guess]
            else:
                assert strategy != Strategy.MOST_PARTS and rank > bound and exact[guess] > bound


# -- memory, progress --------------------------------------------------------------------------


def test_memory_estimate_and_refusal(monkeypatch, capsys):
    assert memory.estimate_cpu_bytes(Game(7, 7)) < 2 * memory.GiB  # 7p7c fits a 24 GiB machine
    assert memory.estimate_cpu_bytes(Game(8, 8)) > memory.estimate_cpu_bytes(Game(7, 7))
    monkeypatch.setattr(memory, "host_memory_available", lambda: 50 * (1 << 20))
    with pytest.raises(ValueError, match=r"solving 6p6c on the cpu backend needs about 0\.\d GiB "
                                         r"of memory, only 50 MiB available"):
        solve("6p6c", "knuth", "cpu")
    assert main(["solve", "6p6c"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: solving 6p6c") and len(err.strip().splitlines()) == 1


def test_progress_bars_on_request(capsys):
    solve("4p4c", "knuth", "cpu", progress=True)
    err = capsys.readouterr().err
    assert "4p4c knuth cpu turn 1" in err and "turn 4" in err
    assert "games left" in err and "regions" in err and "scores" in err
    solve("4p4c", "knuth", "cpu")
    assert capsys.readouterr().err == ""
    assert main(["solve", "3p3c", "--progress", "--json"]) == 0
    captured = capsys.readouterr()
    assert "turn 1" in captured.err and captured.out.startswith("{")
