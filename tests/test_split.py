"""A large part's candidates spread over the workers (`split.SplitPart`, `root.solve_candidate`)."""

import numpy as np
import pytest

from mmlib.core.optimal import config, optimal
from mmlib.core.optimal.search import INFEASIBLE, OptimalSearch
from mmlib.core.optimal.split import SplitPart
from mmlib.core.optimal.stepwise import branches_below, candidate_total
from mmlib.core.verify import verify_tree
from naive import brute_score


def _turns_of_part(game, tree: dict, part) -> int:
    """Total turns of the tree over the secrets of `part`, each played down it with the plain
    score by the rules; every secret must be won and every node's count must match."""
    total = 0
    for secret in game.format_codewords(np.asarray(part)):
        node, turn = tree, 1
        while node["guess"] != secret:
            black_white = brute_score(secret, node["guess"], game.rules)
            if game.rules == "black":
                black_white = (black_white, 0)
            node = node["next"][f"{black_white[0]},{black_white[1]}"]
            turn += 1
        total += turn
    return total


def _largest_parts(search: OptimalSearch, count: int = 2):
    """(opening, part) of the largest parts below each opening, largest first."""
    game = search.game
    everything = np.arange(game.size, dtype=np.int64)
    found = []
    for opening in search.root_candidates().tolist():
        for ordinal, part in search.split(opening, everything):
            if ordinal != game.win_ordinal:
                found.append((opening, part))
    found.sort(key=lambda item: -len(item[1]))
    return found[:count]


def _play(root_search, worker_search, split: SplitPart, rng, tighten_to=None):
    """The root's loop for one split part, in this process: up to three candidates in flight,
    coming back in a random order, each searched as a worker would (`candidate_total`); the
    budget tightened to `tighten_to` after the first comes back."""
    in_flight, received = [], 0
    while not split.done:
        while len(in_flight) < 3:
            offered = split.offer()
            if offered is None:
                break
            in_flight.append((offered, split.best))
        if not in_flight:
            continue
        (rank, guess, bound), best = in_flight.pop(int(rng.integers(len(in_flight))))
        # Half of them see the best fall while they run; the others finish with the best they
        # were sent with, as a worker that took no new best before its last part.
        watch = (lambda: split.best) if rng.integers(2) else None
        total, beats = candidate_total(worker_search, split.secrets, split.played, split.depth, guess, bound,
                                       best, current_best=watch)
        branches = branches_below(worker_search, split.secrets, split.played, split.depth, guess) if beats else None
        split.receive(guess, total, beats, branches, [])
        received += 1
        if received == 1 and tighten_to is not None:
            split.tighten(tighten_to)
    return split.result(root_search.game)


@pytest.mark.parametrize("game", ["4p5c", "5p3c", "3p6c", "4p4c-black", "4p5c-norepeat"])
def test_a_split_part_gives_the_engines_value_and_an_optimal_tree_under_every_budget(game):
    """Candidates sent several at a time and coming back in any order, the best lowered by
    other candidates while they run, and the budget itself lowered while the part runs: the
    value is the engine's when it is below the budget (with a tree of that value), else a
    bound between the budget and the value."""
    root_search, worker_search, reference = OptimalSearch(game), OptimalSearch(game), OptimalSearch(game)
    rng = np.random.default_rng(7)
    depth = root_search.game.size
    tried = 0
    for opening, part in _largest_parts(root_search):
        played = (opening,)
        exact = reference.value(part, played, depth - 1, INFEASIBLE)
        for budget, tighten_to in ((INFEASIBLE, None), (exact + 1, None), (exact, None), (exact - 5, None),
                                   (exact + 40, exact + 1), (exact + 40, exact)):
            split = SplitPart(root_search, part, played, depth - 1, budget)
            if split.whole:
                continue
            tried += 1
            value, is_exact, tree = _play(root_search, worker_search, split, rng, tighten_to)
            final_budget = min(budget, tighten_to) if tighten_to is not None else budget
            if exact < final_budget:
                assert (value, is_exact) == (exact, True), (opening, budget, tighten_to)
                assert _turns_of_part(root_search.game, tree, part) == exact
            else:
                assert not is_exact and final_budget <= value <= exact, (opening, budget, tighten_to, value)
    assert tried >= 6


def test_whole_games_with_their_large_parts_shared_give_the_in_process_optimum(monkeypatch):
    """Every part of 40 secrets or more below an opening split over two workers, on every
    objective and under the no-repeat, black-only and possible-guesses rules."""
    from mmlib.core.optimal import root

    monkeypatch.setattr(config, "PARALLEL_MIN_CODEWORDS", 0)
    monkeypatch.setattr(config, "STEPWISE_MIN_SECRETS", 40)
    made = []

    class Counted(SplitPart):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            made.append(not self.whole)

    monkeypatch.setattr(root, "SplitPart", Counted)
    for game, keywords in (("4p4c", {}), ("4p4c", {"objective": "worst"}), ("4p4c", {"max_turns": 4}),
                           ("4p5c", {}), ("3p6c", {"possible_guesses": True}), ("4p4c-black", {}),
                           ("4p5c-norepeat", {"objective": "worst"})):
        expected = optimal(game, workers=1, **keywords)
        made.clear()
        shared = optimal(game, workers=2, **keywords)
        assert any(made), (game, keywords)
        assert (shared.total_turns, shared.max_turns) == (expected.total_turns, expected.max_turns), (game, keywords)
        report = verify_tree(shared.tree_json())
        assert (report.total_turns, report.max_turns) == (expected.total_turns, expected.max_turns)


def test_candidate_logs_are_folded_into_the_parts_log(tmp_path):
    """What a candidate's task kept in its own log reaches the part's log: at the next run's
    start for a task that never came back, at once for one told to stop. Another part's
    candidate logs are left alone."""
    from pathlib import Path

    from mmlib.core.optimal.checkpoint import StepLog

    search = OptimalSearch("4p5c")
    opening, part = _largest_parts(search, 1)[0]
    path = tmp_path / "d9_g1_o2.steps.json.gz"
    log = StepLog(path, 3600)
    log.record(7, 1, 50, True)
    log.flush()
    StepLog(tmp_path / "d9_g1_o2.candidate8.json.gz", 0).record(8, 3, 40, False)  # written at once
    StepLog(tmp_path / "d9_g1_o3.candidate8.json.gz", 0).record(8, 3, 1, True)  # another part's
    split = SplitPart(search, part, (opening,), 9, INFEASIBLE, StepLog(path, 3600))
    assert not split.whole
    assert not (tmp_path / "d9_g1_o2.candidate8.json.gz").exists()
    assert (tmp_path / "d9_g1_o3.candidate8.json.gz").exists()
    assert StepLog(path, 3600).entries == {(7, 1): (50, True), (8, 3): (40, False)}
    assert split.known_for(8) == [(3, 40, False)] and split.known_for(7) == [(1, 50, True)]
    assert split.candidate_log(9) == str(tmp_path / "d9_g1_o2.candidate9.json.gz")
    StepLog(split.candidate_log(9), 0).record(9, 2, 33, True)
    split.running += 1  # as if candidate 9 had been sent
    split.stopped(9)
    assert split.running == 0 and not Path(split.candidate_log(9)).exists()
    assert StepLog(path, 3600).lookup(9, 2) == (33, True) and split.known_for(9) == [(2, 33, True)]
