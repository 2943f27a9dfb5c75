"""Resumable whole-game searches (`optimal(..., checkpoint=DIR)`, `optimal --checkpoint DIR`)."""

import json
import time

import numpy as np
import pytest

from mmlib.cli import main
from mmlib.core.games import Game
from mmlib.core.machine import machine_label
from mmlib.core.optimal import optimal
from mmlib.core.optimal.checkpoint import Checkpoint, RunLedger, read_runs
from mmlib.core.verify import verify_tree


class _Interrupted(BaseException):
    """Stands for Ctrl-C or a killed process, at a chosen moment of the search."""


def _interrupt_after(monkeypatch, parts: int):
    """Make the checkpoint's `record` stop the run once it has kept `parts` parts."""
    original = Checkpoint.record
    kept = []

    def record(self, *args, **kwargs):
        original(self, *args, **kwargs)
        kept.append(args)
        if len(kept) >= parts:
            raise _Interrupted

    monkeypatch.setattr(Checkpoint, "record", record)
    return kept


@pytest.mark.parametrize("game, objective", [("4p4c", "total"), ("3p5c", "worst"), ("4p3c", "total")])
def test_a_search_interrupted_at_random_points_and_resumed_gives_the_uninterrupted_answer(
        game, objective, tmp_path, monkeypatch):
    whole = optimal(game, objective=objective, workers=1)
    rng = np.random.default_rng(len(game))
    folder = tmp_path / "checkpoint"
    stops = 0
    for _ in range(12):  # interrupt again and again, each run going on from the last
        with monkeypatch.context() as patch:
            _interrupt_after(patch, int(rng.integers(1, 4)))
            try:
                result = optimal(game, objective=objective, workers=2, checkpoint=folder)
                break
            except _Interrupted:
                stops += 1
    else:
        result = optimal(game, objective=objective, workers=2, checkpoint=folder)
    assert stops >= 1  # the search was stopped at least once before it finished
    assert (result.total_turns, result.max_turns) == (whole.total_turns, whole.max_turns)
    report = verify_tree(result.tree_json())
    assert (report.total_turns, report.max_turns) == (whole.total_turns, whole.max_turns)
    # Once finished, a run with the same folder takes the parts from it: every part of the opening
    # that wins (in the search at the final depth) comes exactly from the folder, and only parts
    # an earlier run stopped before they ended (those of openings that could no longer win) are
    # searched again. (How many those are depends on how the two workers' parts interleaved, so
    # their node count is only compared.)
    looked_up = []
    with monkeypatch.context() as patch:
        lookup = Checkpoint.lookup

        def recorded(self, depth, guess, ordinal, **checks):
            known = lookup(self, depth, guess, ordinal, **checks)
            looked_up.append((depth, guess, known is not None and known[1]))
            return known

        patch.setattr(Checkpoint, "lookup", recorded)
        again = optimal(game, objective=objective, workers=2, checkpoint=folder)
    fresh = optimal(game, objective=objective, workers=2)
    assert again.total_turns == whole.total_turns
    last = max(depth for depth, _g, _e in looked_up)  # the worst objective first refutes fewer turns
    winning = [exact for depth, guess, exact in looked_up if depth == last and guess == again.first_guess]
    assert len(winning) >= 2 and all(winning), looked_up
    assert again.nodes_searched < fresh.nodes_searched, (again.nodes_searched, fresh.nodes_searched)


def test_a_checkpoint_of_another_search_is_refused_and_the_cli_says_so_in_one_line(tmp_path, capsys):
    folder = tmp_path / "kept"
    optimal("3p3c", workers=1, checkpoint=folder)
    with pytest.raises(ValueError, match="holds a search of 3p3c"):
        optimal("3p4c", workers=1, checkpoint=folder)
    with pytest.raises(ValueError, match="holds a search of 3p3c"):
        optimal("3p3c", objective="worst", workers=1, checkpoint=folder)
    assert main(["optimal", "3p4c", "--checkpoint", str(folder)]) == 2
    err = capsys.readouterr().err
    assert "holds a search of 3p3c" in err and len(err.strip().splitlines()) == 1
    assert main(["optimal", "3p3c", "--checkpoint", str(folder)]) == 0
    assert "73" in capsys.readouterr().out.replace(",", "")


def test_a_damaged_part_file_is_searched_again(tmp_path):
    folder = tmp_path / "kept"
    first = optimal("4p3c", workers=1, checkpoint=folder)
    parts = sorted((folder / "parts").iterdir())
    assert parts
    parts[0].write_bytes(b"\x1f\x8b not really gzip")
    again = optimal("4p3c", workers=1, checkpoint=folder)
    assert again.total_turns == first.total_turns and again.nodes_searched >= 0


def test_every_run_of_a_checkpointed_search_keeps_its_time_workers_and_machine(tmp_path, monkeypatch, capsys):
    folder = tmp_path / "kept"
    with monkeypatch.context() as patch:
        _interrupt_after(patch, 1)
        with pytest.raises(_Interrupted):
            optimal("4p4c", workers=2, checkpoint=folder)
    stopped = read_runs(folder / "runs.json")
    assert len(stopped) == 1 and stopped[0]["workers"] == 2 and stopped[0]["seconds"] > 0
    result = optimal("4p4c", workers=1, checkpoint=folder)
    runs = read_runs(folder / "runs.json")
    assert runs == result.checkpoint_runs and runs[0] == stopped[0]
    assert [run["workers"] for run in runs] == [2, 1] and {run["machine"] for run in runs} == {machine_label()}
    # This run's entry is its own wall time (taken over the same span as elapsed_s, less the tree's replay).
    assert 0 < runs[1]["seconds"] <= result.elapsed_s < runs[1]["seconds"] + 1.0
    assert result.seconds_all_runs == pytest.approx(runs[0]["seconds"] + runs[1]["seconds"])
    assert result.core_hours == pytest.approx((2 * runs[0]["seconds"] + runs[1]["seconds"]) / 3600)
    assert "2 runs of this search" in result.describe()
    assert result.summary()["checkpoint_runs"] == runs
    assert main(["optimal", "4p4c", "--checkpoint", str(folder)]) == 0
    assert "3 runs of this search" in capsys.readouterr().out
    # Without a checkpoint there are no runs to count, and the result's own time is the whole.
    plain = optimal("3p3c", workers=1)
    assert plain.checkpoint_runs == [] and plain.seconds_all_runs == plain.elapsed_s
    assert "checkpoint" not in plain.describe()


def test_the_run_ledger_is_written_as_the_run_goes_so_a_killed_run_keeps_its_time(tmp_path):
    path = tmp_path / "runs.json"
    path.write_text("{not json")  # a damaged ledger counts as no earlier runs
    ledger = RunLedger(path, workers=3, machine="Some CPU, 3 cores", flush_s=0.05)
    time.sleep(0.5)
    written = read_runs(path)  # what a run killed now would leave
    assert len(written) == 1 and written[0]["workers"] == 3 and written[0]["seconds"] >= 0.2
    ledger.stop()
    final = read_runs(path)
    assert final == ledger.runs and final[0]["seconds"] >= 0.5
    time.sleep(0.1)
    assert ledger.runs == final  # a stopped run's time no longer grows
    second = RunLedger(path, workers=1, machine="Other CPU, 1 cores", flush_s=60)
    second.stop()
    assert [run["machine"] for run in read_runs(path)] == ["Some CPU, 3 cores", "Other CPU, 1 cores"]


def test_a_table_row_of_a_checkpointed_search_counts_every_run_and_machine(tmp_path):
    from mmlib.studies.optimal_table import solve_rows

    folder = tmp_path / "checkpoints"
    earlier = {"started": "2026-01-01T00:00:00+00:00", "seconds": 100.0, "workers": 16,
               "machine": "Other CPU, 16 cores"}
    (folder / "3p4c_total").mkdir(parents=True)
    (folder / "3p4c_total" / "runs.json").write_text(json.dumps({"format": 1, "runs": [earlier]}))
    row, = solve_rows(Game.parse("3p4c"), objectives=("total",), trees=False, checkpoint=folder)
    runs = read_runs(folder / "3p4c_total" / "runs.json")
    assert len(runs) == 2 and runs[0] == earlier
    assert float(row["seconds"]) == pytest.approx(100.0 + runs[1]["seconds"], abs=1e-3)
    assert row["machine"] == f"Other CPU, 16 cores + {machine_label()}"
    assert row["total_turns"] == 206


def test_the_7p4c_search_kept_in_the_repository_is_whole_and_its_own():
    """data/checkpoints/7p4c-total is the folder the 7p4c proof goes on from, session after
    session (docs/optimal.md, "Not yet proven"). A damaged file there would silently count as
    nothing proven, so it is checked here: the folder opens as 7p4c's total search, every run has
    its time, and every step log holds entries (a damaged one reads as empty)."""
    import gzip

    from mmlib.core.files import DATA_DIR
    from mmlib.core.optimal.checkpoint import StepLog

    folder = DATA_DIR / "checkpoints" / "7p4c-total"
    identity = json.loads((folder / "run.json").read_text())
    assert identity == {"format": 1, "game": "7p4c", "objective": "total", "max_turns": None}
    runs = read_runs(folder / "runs.json")
    assert runs and all(run["seconds"] > 0 and run["workers"] >= 1 for run in runs)
    logs = sorted((folder / "parts").glob("*.steps.json.gz"))
    assert logs and all(StepLog(path, 30.0).entries for path in logs)
    for path in set((folder / "parts").glob("*.json.gz")) - set(logs):  # finished parts
        with gzip.open(path, "rt") as handle:
            json.load(handle)


def _stop_after(patch, turns: int) -> None:
    """Make the root's clock say the time limit has passed after `turns` turns of its loop."""
    from mmlib.core.optimal.root import RootSearch

    seen = []

    def out_of_time(self):
        seen.append(1)
        return len(seen) > turns

    patch.setattr(RootSearch, "out_of_time", out_of_time)


def test_a_search_stopped_at_its_time_limit_again_and_again_goes_on_to_the_uninterrupted_answer(
        tmp_path, monkeypatch):
    """`time_limit` stops the run cleanly (TimeLimitReached, naming the folder); each run goes on
    from the last, and the last gives the answer and tree of a run never stopped. Every run is
    in the ledger, and the parts searched stepwise (at least `stepwise_min_secrets`) kept logs."""
    from mmlib.core.optimal import TimeLimitReached

    whole = optimal("4p5c", workers=1)
    folder = tmp_path / "kept"
    stops = 0
    for run in range(40):
        with monkeypatch.context() as patch:
            _stop_after(patch, 2 + run * run)  # later and later: every run gets further than the last
            try:
                result = optimal("4p5c", workers=2, checkpoint=folder, time_limit=3600,
                                 stepwise_min_secrets=40)
                break
            except TimeLimitReached as stopped:
                stops += 1
                assert "4p5c: stopped at the time limit of 3600 s" in str(stopped)
                assert str(folder) in str(stopped)
    else:
        pytest.fail("the search never finished")
    assert stops >= 2
    assert (result.total_turns, result.max_turns) == (whole.total_turns, whole.max_turns)
    assert verify_tree(result.tree_json()).total_turns == whole.total_turns
    assert len(read_runs(folder / "runs.json")) == stops + 1
    assert list((folder / "parts").glob("*.steps.json.gz"))


@pytest.mark.parametrize("shared", [False, True])
def test_a_part_with_a_step_log_goes_on_stepwise_whatever_the_threshold(shared, tmp_path, monkeypatch):
    """A run on many cores may keep the steps of parts smaller than the default threshold
    (`--stepwise-min`); every later run takes such a part up stepwise, from its log: in one
    worker (`solve_part` with the log), or with its candidates shared by the workers (`shared`:
    the root keeps the log, `SplitPart`)."""
    from mmlib.core.optimal import TimeLimitReached, config, root

    monkeypatch.setattr(config, "SPLIT_LARGE_PARTS", shared)
    folder = tmp_path / "kept"
    with monkeypatch.context() as patch:
        _stop_after(patch, 6)
        with pytest.raises(TimeLimitReached):
            optimal("4p5c", workers=2, checkpoint=folder, time_limit=3600, stepwise_min_secrets=40)
    logs = {path.name for path in (folder / "parts").glob("*.steps.json.gz")}
    assert logs
    for name in logs:  # as if each had been stopped in its middle: searched again, from its log
        (folder / "parts" / name.replace(".steps.json.gz", ".json.gz")).unlink(missing_ok=True)
    sent, split = [], []
    real_pool = root.worker_pool

    def spying_pool(workers):
        pool, abort, live = real_pool(workers)

        class Spy:
            def submit(self, function, *args):
                if function is root.solve_part:
                    sent.append((len(args[2]), args[9], args[10]))  # secrets, step log, stepwise
                return pool.submit(function, *args)

        return Spy(), abort, live

    class SpySplit(root.SplitPart):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            split.append(self.log.path.name if self.log is not None else None)

    monkeypatch.setattr(root, "worker_pool", spying_pool)
    monkeypatch.setattr(root, "SplitPart", SpySplit)
    result = optimal("4p5c", workers=2, checkpoint=folder)  # the default threshold, 1,000 secrets
    assert result.total_turns == optimal("4p5c", workers=1).total_turns
    for size, step_log, stepwise in sent:
        has_log = step_log is not None and step_log.rsplit("/", 1)[-1] in logs
        assert stepwise == has_log and (step_log is None) == (not has_log), (size, step_log, stepwise)
    assert all(name in logs for name in split)
    stepwise_parts = [step_log for _s, step_log, _w in sent if step_log is not None]
    # Shared, a logged part is split (or, if its ranking settles it at once, one task with its log).
    assert split if shared else (stepwise_parts and not split)


def test_bad_workers_time_limits_and_thresholds_are_one_line_errors(tmp_path, capsys):
    for keywords in ({"workers": 0}, {"workers": 1.5}, {"stepwise_min_secrets": 0},
                     {"time_limit": 5}, {"time_limit": 0, "checkpoint": tmp_path / "a"},
                     {"time_limit": "soon", "checkpoint": tmp_path / "b"}):
        with pytest.raises(ValueError):
            optimal("3p3c", **keywords)
    for arguments in (["--workers", "0"], ["--stepwise-min", "0"], ["--time-limit", "5"],
                      ["--time-limit", "0", "--checkpoint", str(tmp_path / "c")]):
        assert main(["optimal", "3p3c", *arguments]) == 2, arguments
        err = capsys.readouterr().err
        assert err.startswith("error:") and len(err.strip().splitlines()) == 1, (arguments, err)
    assert not (tmp_path / "c").exists()  # refused before anything was written


def test_the_cli_says_a_search_stopped_at_its_time_limit_in_one_line_with_status_3(tmp_path, monkeypatch, capsys):
    folder = tmp_path / "kept"
    with monkeypatch.context() as patch:
        _stop_after(patch, 0)
        assert main(["optimal", "4p4c", "--checkpoint", str(folder), "--time-limit", "60",
                     "--workers", "2"]) == 3
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.strip() == (f"4p4c: stopped at the time limit of 60 s; what it proved is kept in "
                                    f"{str(folder)!r}: run it again with the same folder to go on")
    assert [run["workers"] for run in read_runs(folder / "runs.json")] == [2]
    assert main(["optimal", "4p4c", "--checkpoint", str(folder), "--workers", "2"]) == 0
    assert "2 runs of this search" in capsys.readouterr().out


def test_the_checkpoint_summary_counts_runs_parts_and_steps(tmp_path, monkeypatch):
    from mmlib.core.optimal import config
    from mmlib.core.optimal.checkpoint import checkpoint_summary

    empty = checkpoint_summary(tmp_path / "nothing")
    assert (empty["search"], empty["runs"], empty["parts_exact"], empty["step_logs"]) == (None, 0, 0, [])
    monkeypatch.setattr(config, "STEPWISE_MIN_SECRETS", 40)
    folder = tmp_path / "kept"
    optimal("4p5c", workers=2, checkpoint=folder)
    summary = checkpoint_summary(folder)
    parts = [p for p in (folder / "parts").glob("*.json.gz") if not p.name.endswith(".steps.json.gz")]
    logs = sorted((folder / "parts").glob("*.steps.json.gz"))
    assert summary["search"]["game"] == "4p5c" and summary["runs"] == 1
    assert summary["parts_exact"] + summary["parts_bounded"] == len(parts) > 0
    assert [s["part"] + ".steps.json.gz" for s in summary["step_logs"]] == [p.name for p in logs]
    assert all(0 < s["exact"] <= s["positions"] and 0 < s["second_guesses"] <= s["positions"]
               for s in summary["step_logs"])
    assert summary["core_hours"] == pytest.approx(summary["seconds"] * 2 / 3600, abs=1e-3)
    # A part that says exact but lost its tree is damaged: a run searches it again, so the
    # summary (and optimal-status, through the same reader) counts it as absent.
    import gzip

    exact_part = next(p for p in parts if json.loads(gzip.open(p).read())["exact"])
    with gzip.open(exact_part, "wt") as handle:
        json.dump({"value": 1, "exact": True, "tree": None}, handle)
    damaged = checkpoint_summary(folder)
    assert (damaged["parts_exact"], damaged["parts_bounded"]) == (summary["parts_exact"] - 1,
                                                                  summary["parts_bounded"])


def _brute_force_parts(game: Game, opening: str) -> dict:
    """{printed score: secrets} of every non-winning part below `opening`, by the plain score."""
    from collections import Counter

    from mmlib.core.scoring import format_score, reference_score

    found = Counter(reference_score(game.format_codeword(s), opening) for s in range(game.size))
    return {format_score(b, w): n for (b, w), n in found.items() if b != game.pins}


def test_the_standing_of_a_finished_search_sizes_its_parts_and_totals_its_openings(tmp_path, monkeypatch):
    """`optimal-status`'s figures for a finished search: every opening's parts are the plain
    score's parts, the parts not exact are listed with their sizes, and a settled opening's total
    is the search's answer for the winning opening and more for any other."""
    from mmlib.core.optimal import config
    from mmlib.core.optimal.checkpoint import checkpoint_summary
    from mmlib.core.optimal.standing import checkpoint_standing

    monkeypatch.setattr(config, "STEPWISE_MIN_SECRETS", 40)
    folder = tmp_path / "kept"
    result = optimal("4p5c", workers=2, checkpoint=folder)
    game = Game.parse("4p5c")
    standing = checkpoint_standing(folder)
    assert {k: standing[k] for k in checkpoint_summary(folder)} == checkpoint_summary(folder)
    openings = {o["opening"]: o for o in standing["openings"]}
    winner = openings[game.format_codeword(result.first_guess)]
    assert winner["total"] == result.total_turns and not winner["left"]
    assert winner["exact"] == winner["parts"]
    for name, opening in openings.items():
        parts = _brute_force_parts(game, name)
        assert opening["parts"] == len(parts)
        assert opening["exact"] + len(opening["left"]) == len(parts)
        assert all(parts[p["score"]] == p["secrets"] for p in opening["left"])
        assert [p["secrets"] for p in opening["left"]] == sorted((p["secrets"] for p in opening["left"]),
                                                                 reverse=True)
        assert opening["total"] is None or opening["total"] >= result.total_turns
        assert opening["bounded"] == sum(p["bound"] is not None for p in opening["left"])


def test_the_standing_of_a_stopped_search_shows_its_step_logs_and_the_cli_prints_it(
        tmp_path, monkeypatch, capsys):
    from mmlib.core.optimal import TimeLimitReached
    from mmlib.core.optimal.checkpoint import checkpoint_summary
    from mmlib.core.optimal.standing import checkpoint_standing

    folder = tmp_path / "kept"
    for turns in (3, 6, 12, 24):  # stopped early, until a stop finds a part under way
        with monkeypatch.context() as patch:
            _stop_after(patch, turns)
            with pytest.raises(TimeLimitReached):
                optimal("4p5c", workers=2, checkpoint=folder, time_limit=3600, stepwise_min_secrets=40)
        if checkpoint_summary(folder)["step_logs"]:
            break
    standing = checkpoint_standing(folder)
    logged = {s["part"]: s for s in checkpoint_summary(folder)["step_logs"]}
    assert logged  # the run stopped with parts under way
    shown = [(o, p) for o in standing["openings"] for p in o["left"] if p["positions"]]
    assert len(shown) == len(logged)
    assert sorted(p["second_guesses"] for _o, p in shown) == sorted(s["second_guesses"] for s in logged.values())
    assert sorted(p["positions"] for _o, p in shown) == sorted(s["positions"] for s in logged.values())
    for opening, part in shown:
        assert _brute_force_parts(Game.parse("4p5c"), opening["opening"])[part["score"]] == part["secrets"]
        assert opening["total"] is None

    assert main(["optimal-status", str(folder)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"4p5c, objective total: {standing['runs']} runs,")
    assert f"opening {shown[0][0]['opening']}: " in out and "second guesses logged" in out
    assert main(["optimal-status", str(folder), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["openings"] == json.loads(json.dumps(standing["openings"]))

    (tmp_path / "junk").mkdir()
    (tmp_path / "junk" / "run.json").write_text('{"game": 7}')
    for bad in (tmp_path / "nothing", tmp_path / "junk"):
        assert main(["optimal-status", str(bad)]) == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        assert captured.err.strip() == (f"error: {str(bad)!r} holds no checkpointed search "
                                        "(no readable run.json)")


# -- a checkpoint folder is evidence, not trust (issue 41, class 1) -----------------------------

def _write_gzipped_text(path, text: str) -> None:
    import gzip

    path.unlink(missing_ok=True)
    path.write_bytes(gzip.compress(text.encode()))


def _in_time(function, seconds: float = 120):
    """function() run in a thread, its result; fails the test if it has not ended in time (a read
    that waits on a FIFO would wait for ever)."""
    import threading

    answer = []
    thread = threading.Thread(target=lambda: answer.append(function()), daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        pytest.fail(f"{function} did not end within {seconds} s")
    assert answer, "it raised (see the thread's traceback above)"
    return answer[0]


def _exact_part(folder, opening: "int | None" = None):
    """The first exact part file kept in `folder`; with `opening` (a codeword's index), the first of
    that opening's."""
    import gzip

    named = "d*.json.gz" if opening is None else f"d*_g{opening}_o*.json.gz"
    return next(p for p in sorted((folder / "parts").glob(named))
                if not p.name.endswith(".steps.json.gz") and json.loads(gzip.open(p).read())["exact"])


@pytest.mark.parametrize("damage", ["value up", "value down", "NaN", "Infinity", "huge bound", "float value",
                                    "gzip bomb", "too large", "FIFO", "tree of another part"])
def test_a_part_that_does_not_hold_is_set_aside_and_searched_again(damage, tmp_path):
    """A part file is believed only once it holds: read by the one reader (regular file, size,
    unpacked size, JSON without NaN), its value within the part's bounds and its tree played out
    on the part's secrets to that value. Whatever is wrong with it, the run gives the answer of a
    search never stopped, and the file is renamed aside."""
    import gzip
    import os
    import shutil

    from mmlib.core.optimal.checkpoint import checkpoint_summary

    kept = tmp_path / "kept"
    whole = optimal("4p4c", workers=1, checkpoint=kept)
    summary = checkpoint_summary(kept)
    folder = tmp_path / "damaged"
    shutil.copytree(kept, folder)
    # A part of the best opening: every run reads all of them, to build its tree (a part of an opening
    # that is refuted may never be read again, by the order the root sends parts in).
    part = _exact_part(folder, Game.parse("4p4c").parse_codeword(whole.first_guess_text))
    found = json.loads(gzip.open(part).read())
    others = [p for p in sorted((folder / "parts").glob("d*.json.gz")) if p != part]
    if damage == "value up":  # a worse total with the optimal tree: the tree says otherwise
        _write_gzipped_text(part, json.dumps({**found, "value": found["value"] + 48}))
    elif damage == "value down":
        _write_gzipped_text(part, json.dumps({**found, "value": found["value"] - 1}))
    elif damage in ("NaN", "Infinity"):
        _write_gzipped_text(part, json.dumps({**found, "value": 0}).replace('"value": 0', f'"value": {damage}'))
    elif damage == "huge bound":  # "no strategy fits", where every part has room for one
        _write_gzipped_text(part, json.dumps({"value": 10 ** 12, "exact": False, "tree": None}))
    elif damage == "float value":
        _write_gzipped_text(part, json.dumps({**found, "value": found["value"] + 0.5}))
    elif damage == "gzip bomb":  # a few kilobytes that unpack to 64 MB
        part.write_bytes(gzip.compress(b" " * (64 << 20) + json.dumps(found).encode()))
    elif damage == "too large":
        part.unlink()
        with part.open("wb") as handle:
            handle.truncate(1 << 30)  # sparse: a gigabyte on paper, nothing on disk
    elif damage == "FIFO":
        part.unlink()
        os.mkfifo(part)
    elif damage == "tree of another part":
        other = next(p for p in others if json.loads(gzip.open(p).read())["exact"]
                     and json.loads(gzip.open(p).read())["tree"] != found["tree"])
        _write_gzipped_text(part, json.dumps({**found, "tree": json.loads(gzip.open(other).read())["tree"]}))
    damaged = _in_time(lambda: checkpoint_summary(folder))  # as optimal-status reads it
    assert damaged["parts_exact"] == summary["parts_exact"] - 1
    again = _in_time(lambda: optimal("4p4c", workers=1, checkpoint=folder))
    assert (again.total_turns, again.max_turns) == (whole.total_turns, whole.max_turns)
    assert verify_tree(again.tree_json()).total_turns == whole.total_turns
    assert part.with_name(part.name + ".rejected").exists()
    assert checkpoint_summary(folder)["parts_exact"] == summary["parts_exact"]  # searched again and kept


def test_a_step_log_entry_a_position_cannot_have_is_not_believed(tmp_path, monkeypatch):
    """Step logs are read by the same reader, and each entry is checked against the position it
    names where it is used: one that says less than the position's counting bound, or (a file
    that is not JSON) NaN, leaves the answer as it is."""
    import gzip

    from mmlib.core.optimal import TimeLimitReached, config

    monkeypatch.setattr(config, "SPLIT_LARGE_PARTS", False)
    whole = optimal("4p5c", workers=1)
    folder = tmp_path / "kept"
    with monkeypatch.context() as patch:
        _stop_after(patch, 6)
        with pytest.raises(TimeLimitReached):
            optimal("4p5c", workers=2, checkpoint=folder, time_limit=3600, stepwise_min_secrets=40)
    logs = sorted((folder / "parts").glob("*.steps.json.gz"))
    assert logs
    for number, log in enumerate(logs):
        (folder / "parts" / log.name.replace(".steps.json.gz", ".json.gz")).unlink(missing_ok=True)
        found = json.loads(gzip.open(log).read())
        if number % 2:
            _write_gzipped_text(log, json.dumps(found)[:-2] + ', [0, 0, NaN, true]]}')
        else:  # every exact value one turn: less than any position of three or more secrets takes
            found["entries"] = [[g, o, 1, True] for g, o, _v, _e in found["entries"]]
            _write_gzipped_text(log, json.dumps(found))
    again = optimal("4p5c", workers=2, checkpoint=folder, stepwise_min_secrets=40)
    assert (again.total_turns, again.max_turns) == (whole.total_turns, whole.max_turns)


def test_a_folder_whose_run_json_is_gone_or_not_a_file_is_refused_in_one_line(tmp_path, capsys):
    """The folder says what it belongs to: parts without a run.json could be any search's (4p6c
    answered 5660 from a possible-guesses folder), and a run.json that is a FIFO is refused, not
    waited on."""
    import os

    folder = tmp_path / "kept"
    assert main(["optimal", "3p4c", "--possible-guesses", "--checkpoint", str(folder)]) == 0
    capsys.readouterr()
    (folder / "run.json").unlink()
    assert main(["optimal", "3p4c", "--checkpoint", str(folder)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.strip().splitlines()) == 1
    assert "holds parts but no run.json" in captured.err
    os.mkfifo(folder / "run.json")
    assert _in_time(lambda: main(["optimal", "3p4c", "--checkpoint", str(folder)]), 60) == 2
    assert _in_time(lambda: main(["optimal-status", str(folder)]), 60) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.strip().splitlines()) == 2, captured.err
    assert "run.json" in captured.err


def test_runs_json_a_fifo_or_not_finite_never_hangs_nor_prints_nan(tmp_path, capsys):
    import os

    folder = tmp_path / "kept"
    optimal("3p3c", workers=1, checkpoint=folder)
    (folder / "runs.json").write_text('{"format": 1, "runs": [{"started": "x", "seconds": NaN, '
                                      '"workers": 1, "machine": "m"}]}')
    assert main(["optimal-status", str(folder), "--json"]) == 0
    out = capsys.readouterr().out
    assert "NaN" not in out and json.loads(out)["runs"] == 0
    (folder / "runs.json").unlink()
    os.mkfifo(folder / "runs.json")
    assert _in_time(lambda: main(["optimal-status", str(folder), "--json"]), 60) == 0
    assert json.loads(capsys.readouterr().out)["runs"] == 0
    result = _in_time(lambda: optimal("3p3c", workers=1, checkpoint=folder), 60)
    assert result.total_turns == 73 and len(result.checkpoint_runs) == 1  # the FIFO set aside
    assert (folder / "runs.json.rejected").exists()


def test_a_part_named_with_other_digits_counts_nowhere(tmp_path):
    """Names are parsed by one ASCII-only pattern: a part named with Arabic-Indic digits (which
    int() reads) or a leading zero is not the part a run looks up, so optimal-status does not
    count it either."""
    from mmlib.core.optimal.checkpoint import checkpoint_summary, kept_files

    folder = tmp_path / "kept"
    optimal("4p3c", workers=1, checkpoint=folder)
    before = checkpoint_summary(folder)
    part = _exact_part(folder)
    depth = part.name.split("_")[0][1:]
    arabic = depth.translate(str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩"))
    part.rename(part.with_name(part.name.replace(f"d{depth}_", f"d{arabic}_")))
    (folder / "parts" / ("d0" + part.name[1:])).write_bytes(b"")  # d0255_...: a leading zero
    assert len(kept_files(folder)) == len(list(kept_files(folder))) == before["parts_exact"] \
        + before["parts_bounded"] - 1
    assert checkpoint_summary(folder)["parts_exact"] == before["parts_exact"] - 1
    assert optimal("4p3c", workers=1, checkpoint=folder).total_turns == 246


# -- signals and races: a stopped search is never a proof (issue 41, class 2) -------------------

def test_a_stopped_search_is_never_read_as_infeasible():
    """A search stopped by its abort ticket leaves the engine's stop flag set; the tree read next
    (a shared candidate whose parts all came from the step log) took it for "no strategy fits",
    the false infeasibility that poisoned a folder after Ctrl-C. A flag is cleared before every
    search, and a walk stopped by a ticket raises SearchAborted, not an answer."""
    from mmlib.core.optimal import engine as en
    from mmlib.core.optimal.search import OptimalSearch, SearchAborted

    search = OptimalSearch("4p5c")
    everything = np.arange(search.game.size)
    part = search.split(0, everything)[0][1]
    search.counters[en.S_ABORTED] = 1  # what an earlier stopped search left
    tree = search.tree(part, (0,), 10)
    assert tree["games"] == len(part) and tree["guess"] == search.game.format_codeword(
        search.best_guess(part, (0,), 10))
    fresh = OptimalSearch("4p6c")
    fresh.control[0] = fresh.run[0] + 1  # the ticket passed: told to stop
    with pytest.raises(SearchAborted):
        fresh.tree(np.arange(fresh.game.size), (), 9)


_WRITING_WORKER_SIGNALLED = """
import os, sys, time
from pathlib import Path
from mmlib.core import files, lifetime
lifetime.die_with_parent()  # as a pool's worker starts
def slowly(temporary):
    Path(temporary).write_text("half of a step log")
    print("writing", flush=True)
    time.sleep(60)
files.write_atomically(sys.argv[1], slowly)
"""


def test_a_worker_ended_in_the_middle_of_a_write_leaves_no_temporary_file(tmp_path):
    """SIGTERM (or Ctrl-C) reaching a worker between writing a step log and renaming it: the
    worker removes its temporary file as it ends."""
    import os
    import signal
    import subprocess
    import sys

    root = __import__("pathlib").Path(__file__).resolve().parents[1]
    for signum in (signal.SIGTERM, signal.SIGINT):
        target = tmp_path / f"d3_g1_o2.steps.json.gz.{signum}"
        worker = subprocess.Popen([sys.executable, "-c", _WRITING_WORKER_SIGNALLED, str(target)],
                                  stdout=subprocess.PIPE, cwd=root,
                                  env={**os.environ, "PYTHONPATH": str(root)},
                                  preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        assert worker.stdout.readline() == b"writing\n"
        assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
        worker.send_signal(signum)
        assert worker.wait(timeout=30) == 128 + signum
        worker.stdout.close()
        assert sorted(p.name for p in tmp_path.iterdir()) == [], signum


def test_a_run_removes_the_temporary_files_a_killed_run_left(tmp_path):
    """A worker killed outright (SIGKILL, a machine gone) leaves its temporary; the next run
    removes it as it takes the folder's lock, and leaves every other file as it was."""
    folder = tmp_path / "kept"
    optimal("3p3c", workers=1, checkpoint=folder)
    parts = folder / "parts"
    kept = {p.name for p in parts.iterdir()}
    (parts / ".d2_g0_o1.json.gz.k3j4h5.tmp").write_text("half")
    (parts / ".mmlib.a1b2c3.probe").write_text("")
    (folder / ".runs.json.x9y8.tmp").write_text("half")
    (parts / "notes.txt").write_text("a person's")
    assert optimal("3p3c", workers=1, checkpoint=folder).total_turns == 73
    now = {p.name for p in parts.iterdir()}
    assert kept | {"notes.txt"} <= now and not [name for name in now if name.startswith(".")]
    assert not list(folder.glob(".*.tmp"))


def test_a_checkpointed_search_signalled_at_random_moments_resumes_to_the_uninterrupted_answer(tmp_path):
    """`optimal --checkpoint` sent SIGINT (Ctrl-C, to the whole process group) or SIGTERM at
    random moments, its large parts shared by candidate tasks, then run again: every run ends
    with status 130 or 143 (or finishes), no temporary file is left in the folder, and the last
    run gives the answer of a search never stopped."""
    import os
    import shutil
    import signal
    import subprocess
    import sys

    root = __import__("pathlib").Path(__file__).resolve().parents[1]
    folder = tmp_path / "kept"
    command = [sys.executable, "-m", "mmlib", "optimal", "4p5c", "--checkpoint", str(folder), "--workers", "2",
               "--stepwise-min", "40"]
    environment = {**os.environ, "PYTHONPATH": str(root)}
    rng = np.random.default_rng(41)
    stopped, scale = 0, 1.0
    for run in range(16):
        signum = (signal.SIGINT, signal.SIGTERM)[run % 2]
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, cwd=root,
                                   env=environment, start_new_session=True,
                                   preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        try:
            out, _ = process.communicate(timeout=float(rng.uniform(1.5, 5.0)) * scale)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signum)
            out, _ = process.communicate(timeout=60)
        assert process.returncode in (0, 128 + signum), out
        stopped += process.returncode != 0
        left = [p.name for p in folder.rglob("*") if p.name.startswith(".") and p.name != ".lock"]
        assert not left, (run, left)
        if process.returncode == 0:
            if stopped:
                break
            shutil.rmtree(folder)  # a quick machine finished before any signal: again, sooner
            scale /= 2
    assert stopped >= 1
    last = subprocess.run(command + ["--json"], capture_output=True, text=True, cwd=root, env=environment,
                          timeout=600)
    assert last.returncode == 0, last.stderr
    assert json.loads(last.stdout)["total_turns"] == optimal("4p5c", workers=1).total_turns


def test_parts_of_another_search_are_not_believed_when_run_json_is_replaced(tmp_path):
    """Every part names the search it belongs to: a folder of a possible-guesses run whose
    run.json was rewritten to claim the classic objective still gives the classic optimum (905,
    not the restricted 908), its parts set aside."""
    folder = tmp_path / "kept"
    assert optimal("4p4c", workers=1, checkpoint=folder, possible_guesses=True).total_turns == 908
    run = json.loads((folder / "run.json").read_text())
    (folder / "run.json").write_text(json.dumps({**run, "objective": "total"}))
    assert optimal("4p4c", workers=1, checkpoint=folder).total_turns == 905
    assert list((folder / "parts").glob("*.rejected"))
