"""Large parts searched one candidate at a time, their steps kept (`optimal.stepwise`)."""

import gzip

import numpy as np
import pytest

import mmlib.core.optimal.stepwise as stepwise
from mmlib.core.optimal import OptimalSearch, config, optimal
from mmlib.core.optimal.checkpoint import StepLog
from mmlib.core.optimal.search import INFEASIBLE
from mmlib.core.verify import verify_tree


def _parts_below_openings(search):
    """(opening, ordinal, secrets) of every non-winning part below every first guess tried."""
    game = search.game
    everything = np.arange(game.size, dtype=np.int64)
    for opening in search.root_candidates().tolist():
        for ordinal, part in search.split(opening, everything):
            if ordinal != game.win_ordinal:
                yield opening, ordinal, part


def _tree_total(tree: dict) -> int:
    """Total turns of a nested tree: each secret counted at the depth of the node that wins it."""
    total, stack = 0, [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        below = node.get("next", {}).values()
        total += depth * (node["games"] - sum(child["games"] for child in below))
        stack.extend((child, depth + 1) for child in below)
    return total


@pytest.fixture
def loops(monkeypatch):
    """Counts the positions whose candidate loop ran in Python (not handed whole to the engine)."""
    ran = []
    original = stepwise._candidate_loop

    def counted(*args, **kwargs):
        ran.append(len(args[1]))
        return original(*args, **kwargs)

    monkeypatch.setattr(stepwise, "_candidate_loop", counted)
    return ran


@pytest.mark.parametrize("game, possible", [("4p4c", False), ("3p5c", False), ("5p3c", False),
                                            ("4p4c", True), ("3p6c", True), ("4p5c-norepeat", False),
                                            ("4p4c-black", False)])
def test_stepwise_gives_the_engines_value_and_an_optimal_tree_under_every_budget(game, possible, loops):
    engine, steps = OptimalSearch(game, possible), OptimalSearch(game, possible)
    compared = 0
    for opening, _ordinal, part in _parts_below_openings(engine):
        for depth in (2, 3, 4, 9):
            exact = engine.value(part, (opening,), depth, INFEASIBLE)
            budgets = {INFEASIBLE, exact, exact + 1, exact + 4, max(1, exact - 3)}
            for beta in sorted(b for b in budgets if b <= INFEASIBLE):
                value, tree = stepwise.solve_stepwise(steps, part, (opening,), depth, beta)
                if exact < beta:
                    assert value == exact, (opening, depth, beta)
                    assert _tree_total(tree) == exact
                else:
                    assert value >= beta and tree is None, (opening, depth, beta, value)
                compared += 1
    assert compared > 100 and len(loops) > 20, (compared, len(loops))


class _Stopped(BaseException):
    """Stands for Ctrl-C or a killed worker in the middle of a part."""


def _stop_after(search, calls: int):
    """Make the search's engine calls stop the run after `calls` of them."""
    original, made = search.value, []

    def value(*args, **kwargs):
        made.append(args)
        if len(made) > calls:
            raise _Stopped
        return original(*args, **kwargs)

    search.value = value
    return made


@pytest.mark.parametrize("game, depth", [("4p5c", 9), ("5p3c", 4), ("3p6c", 9)])
def test_a_part_stopped_at_random_points_and_resumed_from_its_log_gives_the_whole_answer(
        game, depth, tmp_path):
    probe = OptimalSearch(game)
    opening, ordinal, part = max(_parts_below_openings(probe), key=lambda item: len(item[2]))
    exact = probe.value(part, (opening,), depth, INFEASIBLE)
    fresh = OptimalSearch(game)
    calls_fresh = _stop_after(fresh, 10 ** 9)
    assert stepwise.solve_stepwise(fresh, part, (opening,), depth, INFEASIBLE)[0] == exact

    path = tmp_path / "part.steps.json.gz"
    rng = np.random.default_rng(len(part))
    stops = 0
    for _ in range(40):  # stopped again and again, each run going on from the log of the last
        search = OptimalSearch(game)  # a new process: nothing in its cache
        _stop_after(search, int(rng.integers(1, 6)))
        try:
            value, tree = stepwise.solve_stepwise(search, part, (opening,), depth, INFEASIBLE,
                                                  StepLog(path, flush_s=3600))
            break
        except _Stopped:
            stops += 1
    else:
        pytest.fail("the stepwise search never finished")
    assert stops >= 3
    assert value == exact and _tree_total(tree) == exact
    # Finished, the log settles every part the loop needs: a new run searches none of them.
    again = OptimalSearch(game)
    calls_again = _stop_after(again, 10 ** 9)
    value, _tree = stepwise.solve_stepwise(again, part, (opening,), depth, exact + 1,
                                           StepLog(path, flush_s=3600))
    assert value == exact
    searched = [args for args in calls_again if len(args[0]) >= 3]
    # Only the tree of the best guess reads parts again (their subtrees are not in the log).
    assert len(searched) < len(calls_fresh) / 3, (len(searched), len(calls_fresh))


def test_a_log_written_under_a_tighter_budget_still_gives_the_exact_answer_under_a_looser_one(tmp_path):
    probe = OptimalSearch("5p4c")
    opening, _ordinal, part = max(_parts_below_openings(probe), key=lambda item: len(item[2]))
    exact = probe.value(part, (opening,), 9, INFEASIBLE)
    path = tmp_path / "part.steps.json.gz"
    for beta in (exact, exact - 5, exact - 40):  # over each budget: only bounds go into the log
        tight = stepwise.solve_stepwise(OptimalSearch("5p4c"), part, (opening,), 9, beta,
                                        StepLog(path, 3600))
        assert tight[0] >= beta and tight[1] is None
    assert any(not exact for _value, exact in StepLog(path, 3600).entries.values())
    value, tree = stepwise.solve_stepwise(OptimalSearch("5p4c"), part, (opening,), 9, INFEASIBLE,
                                          StepLog(path, 3600))
    assert value == exact and _tree_total(tree) == exact


def test_the_step_log_keeps_exact_values_and_the_best_bounds_and_reads_damage_as_empty(tmp_path):
    path = tmp_path / "steps.json.gz"
    log = StepLog(path, flush_s=3600)
    log.record(5, 2, 40, False)
    log.record(5, 2, 38, False)  # a weaker bound: the one kept stays
    log.record(7, 1, 12, True)
    log.record(7, 1, 50, False)  # a bound never replaces an exact value
    assert not path.exists()  # not written before its time
    log.flush()
    read = StepLog(path, flush_s=3600)
    assert read.lookup(5, 2) == (40, False) and read.lookup(7, 1) == (12, True)
    assert read.lookup(1, 1) is None
    log.record(5, 2, 41, True)
    log.flush()
    assert StepLog(path, 3600).lookup(5, 2) == (41, True)
    path.write_bytes(gzip.compress(b"{\"format\": 1, \"entries\": [[1, 2]]}"))
    assert StepLog(path, 3600).entries == {}
    path.write_bytes(b"not gzip at all")
    assert StepLog(path, 3600).entries == {}
    assert not list(tmp_path.glob("*.tmp*"))  # nothing half-written left beside it


def test_a_step_log_is_written_once_its_interval_has_passed(tmp_path):
    path = tmp_path / "steps.json.gz"
    log = StepLog(path, flush_s=0)
    log.record(3, 4, 9, True)
    assert StepLog(path, 3600).lookup(3, 4) == (9, True)


def test_a_whole_game_with_a_checkpoint_keeps_its_large_parts_steps_and_resumes_from_them(
        tmp_path, monkeypatch):
    monkeypatch.setattr(config, "STEPWISE_MIN_SECRETS", 40)
    whole = optimal("4p5c", workers=1)
    folder = tmp_path / "kept"
    first = optimal("4p5c", workers=2, checkpoint=folder)
    assert (first.total_turns, first.max_turns) == (whole.total_turns, whole.max_turns)
    assert verify_tree(first.tree_json()).total_turns == whole.total_turns
    logs = sorted((folder / "parts").glob("*.steps.json.gz"))
    assert logs  # the parts of 40 secrets or more were searched stepwise
    # A run that lost its finished parts (say, stopped in the middle of each) but kept their
    # steps searches much less than a fresh one, and gives the same answer.
    for part_file in (folder / "parts").glob("*.json.gz"):
        if not part_file.name.endswith(".steps.json.gz"):
            part_file.unlink()
    fresh = optimal("4p5c", workers=2)
    resumed = optimal("4p5c", workers=2, checkpoint=folder)
    assert (resumed.total_turns, resumed.max_turns) == (whole.total_turns, whole.max_turns)
    assert verify_tree(resumed.tree_json()).total_turns == whole.total_turns
    assert resumed.nodes_searched < fresh.nodes_searched / 2, (resumed.nodes_searched,
                                                               fresh.nodes_searched)


def test_a_stepwise_search_says_how_many_of_its_candidates_it_has_taken():
    search = OptimalSearch("4p5c")
    opening, _ordinal, part = max(_parts_below_openings(search), key=lambda item: len(item[2]))
    told = []
    stepwise.solve_stepwise(search, part, (opening,), 9, INFEASIBLE, on_candidate=lambda *a: told.append(a))
    assert len(told) > 3
    done, of = zip(*told)
    assert list(done) == list(range(len(told))) and len(set(of)) == 1 and of[0] >= len(told)


def test_the_line_of_progress_shows_where_the_workers_stepwise_parts_stand(monkeypatch, tmp_path):
    from mmlib.core.games import Game
    from mmlib.core.optimal import root

    game = Game.parse("4p4c")
    opening = root.Opening(200, 5, [(0, np.arange(4))], [9])
    assert root._standing(game, [opening], INFEASIBLE, None, None).inside is None
    assert root._standing(game, [opening], INFEASIBLE, None, np.zeros((2, 2), dtype=np.int64)).inside is None
    steps = np.array([[68, 1819], [0, 0]], dtype=np.int64)
    assert root._standing(game, [opening], INFEASIBLE, None, steps).inside == (68, 1819)
    # After a whole game whose large parts went stepwise, no worker says it is inside one.
    monkeypatch.setattr(config, "STEPWISE_MIN_SECRETS", 40)
    optimal("4p4c", workers=2, checkpoint=tmp_path)
    assert list((tmp_path / "parts").glob("*.steps.json.gz"))  # parts did go stepwise
    assert root.pool_steps() is not None and not root.pool_steps().any()


def test_the_stepwise_lookahead_study_times_both_settings_and_keeps_its_rows(tmp_path, capsys):
    import pandas as pd

    from mmlib.studies import stepwise_lookahead

    out = tmp_path / "ab.csv"
    assert stepwise_lookahead.main(["4p5c:1123", "--repeats", "2", "--csv", str(out)]) == 0
    rows = pd.read_csv(out)
    assert rows["setting"].tolist() == ["counting", "lookahead"] and rows["runs"].tolist() == [2, 2]
    # The largest part below 1123 (120 secrets), the same value under both settings, searched
    # within the budget a whole-game search would give it first.
    assert rows["part"].tolist() == [120, 120] and rows["value"].nunique() == 1
    assert (rows["value"] < rows["budget"]).all()
    search = OptimalSearch("4p5c")
    opening = search.game.parse_codeword("1123")
    part = max((p for o, p in search.split(opening, np.arange(search.game.size)) if o != search.game.win_ordinal),
               key=len)
    assert rows["value"][0] == search.value(part, (opening,), search.game.size - 1, INFEASIBLE)
    assert "counting" in capsys.readouterr().out
    assert stepwise_lookahead.main(["4p5c", "--csv", str(out)]) == 2  # no :OPENING
    assert "GAME:OPENING" in capsys.readouterr().err and len(pd.read_csv(out)) == 2


def test_a_large_part_is_searched_stepwise_without_a_checkpoint_too(monkeypatch):
    """Below an opening, a part of at least STEPWISE_MIN_SECRETS secrets goes one candidate at a
    time (for the lookahead of its candidates' parts) whether or not a step log keeps its steps;
    a smaller one goes to the engine whole. Both give the engine's value."""
    from types import SimpleNamespace

    from mmlib.core.optimal import root

    search = OptimalSearch("4p5c")
    game = search.game
    opening = game.parse_codeword("1123")
    part = max((p for o, p in search.split(opening, np.arange(game.size)) if o != game.win_ordinal), key=len)
    expected = search.value(part, (opening,), game.size - 1, INFEASIBLE)
    calls = []

    def spy(*args, **kwargs):
        calls.append(kwargs.get("log", args[5] if len(args) > 5 else None))
        return stepwise.solve_stepwise(*args, **kwargs)

    monkeypatch.setattr(root, "solve_stepwise", spy)
    ticket = SimpleNamespace(value=0)  # an abort ticket that never passes (as a cluster's)
    for threshold, stepped in ((len(part), True), (len(part) + 1, False)):
        monkeypatch.setattr(config, "STEPWISE_MIN_SECRETS", threshold)
        calls.clear()
        value, tree, _stats = root.solve_part(f"run-{threshold}", "4p5c", part, (opening,), game.size - 1,
                                              INFEASIBLE, 0, ticket)
        assert value == expected and tree is not None
        assert calls == ([None] if stepped else [])  # stepwise, and no log to keep
