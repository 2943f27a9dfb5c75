"""The exact search's one line of progress (`optimal.progress`), on a fake clock."""

import io

import numpy as np

from mmlib.core.optimal.progress import PLAIN_EVERY_S, TERMINAL_EVERY_S, ProgressLine, RootStanding, progress_text


class FakeClock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def _standing(**changes):
    fields = dict(opening="1123", order=2, openings=5, proven=3, parts=13, running=2, best=5625, lower=5480)
    fields.update(changes)
    return RootStanding(**fields)


def test_the_line_says_parts_proven_best_lower_bound_core_hours_and_rate():
    text = progress_text("4p6c (total)", _standing(inside=(68, 1819)), 123456, 60.0, 0.25)
    assert text == ("4p6c (total): opening 1123 2/5, parts 3/13 proven +2, inside 68/1,819 | "
                    "best 5,625, lower bound 5,480 | 0.25 core-h, 2,058 nodes/s, 0:01:00")
    # No opening settled yet, and a search in one process (no root standing at all).
    assert "| best -, lower bound 5,480 |" in progress_text("x", _standing(best=None), 0, 0.0, 0.0)
    assert progress_text("3p3c (total)", None, 10, 3725.0, 1.0) == "3p3c (total) | 1.00 core-h, 0 nodes/s, 1:02:05"
    # About as long as a wide terminal, on the largest search run so far.
    large = RootStanding("1112223", 2, 9, 29, 34, 15, 77123, 76001, (1234, 5678))
    assert len(progress_text("7p4c (total)", large, 10 ** 9, 36000.0, 150.0)) <= 150


def test_on_a_terminal_one_line_is_rewritten_in_place_and_cleared_at_the_end():
    clock, out = FakeClock(), io.StringIO()
    line = ProgressLine("4p6c (total)", out, clock, workers=2, earlier_core_hours=1.0, terminal=True,
                        width=300)
    line.show_standing(_standing())
    clock.now += TERMINAL_EVERY_S / 2
    line.show_nodes(500)  # too soon: not written
    assert out.getvalue().count("\r") == 1 and "\n" not in out.getvalue()
    clock.now += 1800 - TERMINAL_EVERY_S / 2  # half an hour on two workers: one more core-hour
    line.show_nodes(400)  # a live count never moves back
    written = out.getvalue().split("\r")
    assert len(written) == 3 and "\n" not in out.getvalue()
    assert written[-1].endswith("| 2.00 core-h, 0 nodes/s, 0:30:00")
    # Cut to the terminal's width: a wrapped line could not be rewritten in place.
    narrow = ProgressLine("4p6c (total)", io.StringIO(), clock, terminal=True, width=40)
    narrow.show_standing(_standing())
    assert len(narrow.stream.getvalue()) == 1 + 40
    line.close()
    assert out.getvalue().endswith("\r") and out.getvalue().split("\r")[-2].strip() == ""


def test_elsewhere_plain_lines_come_now_and_then_and_once_at_the_end():
    clock, out = FakeClock(), io.StringIO()
    line = ProgressLine("7p4c (total)", out, clock, workers=16, terminal=False)
    line.show_standing(_standing())
    for _ in range(100):  # what the root reports every second for 100 s
        clock.now += 1.0
        line.add_nodes(256)
    line.close()
    lines = out.getvalue().splitlines()
    assert "\r" not in out.getvalue()
    assert len(lines) == 1 + 100 // int(PLAIN_EVERY_S) + 1  # at once, each minute, at the end
    assert all(text.startswith("7p4c (total): opening 1123 2/5, parts 3/13 proven") for text in lines)
    assert lines[-1].endswith("| 0.44 core-h, 256 nodes/s, 0:01:40")


def test_the_root_standing_sums_the_large_parts_and_bounds_the_optimum_by_the_open_openings():
    from mmlib.core.games import Game
    from mmlib.core.optimal import INFEASIBLE
    from mmlib.core.optimal.root import Opening, _standing as root_standing

    game = Game.parse("4p6c")
    part = np.arange(10)
    first = Opening(5400, game.parse_codeword("1123"), [(0, part), (1, part)], [2000, 2100])
    second = Opening(5500, game.parse_codeword("1122"), [(0, part)], [3000])
    first.known[0] = (2400, {})  # one part proven: its floor is 1296 + 2400 + 2100
    first.running = 1
    steps = np.array([[68, 1819], [0, 0], [2, 10]], dtype=np.int64)
    got = root_standing(game, [first, second], INFEASIBLE, None, steps)
    assert (got.opening, got.order, got.openings, got.proven, got.parts, got.running) == ("1123", 1, 2, 1, 2, 1)
    assert got.best is None and got.lower == min(1296 + 2400 + 2100, 1296 + 3000)
    assert got.inside == (70, 1829)
    first.failed = True  # it cannot beat the best: the bound is the best or the other opening's floor
    got = root_standing(game, [first, second], 4500, second, None)
    assert got.best == 4500 and got.lower == 4296 and got.inside is None
    second.finished = first.finished = True  # all settled: the best opening, the optimum proven
    got = root_standing(game, [first, second], 4500, second, None)
    assert (got.opening, got.order, got.best, got.lower) == ("1122", 1, 4500, 4500)


def test_the_session_scripts_minute_line_sums_the_step_logs(monkeypatch, tmp_path):
    """scripts/checkpoint_session.py prints where a checkpoint stands every minute: one line with
    the step logs summed, however many parts keep one (optimal-status lists each)."""
    import importlib.util
    from pathlib import Path

    from mmlib.core.optimal import config, optimal
    from mmlib.core.optimal.checkpoint import checkpoint_summary

    path = Path(__file__).resolve().parents[1] / "scripts" / "checkpoint_session.py"
    spec = importlib.util.spec_from_file_location("checkpoint_session", path)
    session = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(session)
    assert session.summary_line(tmp_path).endswith("step logs: none")
    monkeypatch.setattr(config, "STEPWISE_MIN_SECRETS", 40)
    optimal("4p4c", workers=2, checkpoint=tmp_path)
    logs = checkpoint_summary(tmp_path)["step_logs"]
    assert len(logs) >= 2
    line = session.summary_line(tmp_path)
    assert "\n" not in line and line.endswith(
        f"step logs: {len(logs)} parts, {sum(s['second_guesses'] for s in logs):,} second guesses, "
        f"{sum(s['positions'] for s in logs):,} positions")
