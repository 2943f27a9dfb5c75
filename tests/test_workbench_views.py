"""The notebooks' wiring (show_interactive, game menus, sliders limited to a table's games), their
views, and the tidy tables and figures of issue 15, checked without a browser."""

import numpy as np
import pandas as pd
import pytest

from mmlib import solve
from mmlib.core.games import Game
from mmlib.studies.data_tables import load_benchmarks
from mmlib.workbench import views
from mmlib.workbench.gpu_diagram import gpu_turn_figure
from mmlib.workbench.plots_results import (backend_timings_figure, case_equivalence_scores, format_seconds,
                                           latest_rows, turn_seconds_figure)
from mmlib.workbench.tables import benchmark_table, timings_table
from mmlib.workbench.widgets import View, game_controls, game_menu, show_interactive


def test_show_interactive_redraws_once_per_change_and_names_the_game():
    calls = []

    def draw(controls):
        calls.append(controls.game.name)
        return View(f"<b>{controls.game.name}</b>", [])

    controls = game_controls(pins=3, colors=3, max_codewords=100)
    box = show_interactive(draw, controls)
    label = box.children[-2]
    assert calls == ["3p3c"] and "3p3c" in label.value and "mm-game-label" in label._dom_classes
    controls.colors.value = 4
    assert calls[-1] == "3p4c" and "3p4c" in label.value and len(calls) == 2


def test_a_menu_follows_the_game_and_redraws_once():
    calls = []
    menu = game_menu("guess", lambda game: [f"{game.name}-a", f"{game.name}-b"], lambda game: f"{game.name}-b")
    controls = game_controls(pins=3, colors=3, max_codewords=100)
    show_interactive(lambda c, guess: calls.append((c.game.name, guess)) or [], controls, menus=[menu])
    assert calls == [("3p3c", "3p3c-b")]
    controls.colors.value = 4  # new options, new value: one redraw, with both consistent
    assert calls[1:] == [("3p4c", "3p4c-b")]
    menu.widget.value = "3p4c-a"
    assert calls[-1] == ("3p4c", "3p4c-a") and len(calls) == 3


def test_sliders_reach_only_the_games_given():
    controls = game_controls(pins=4, colors=6, games=["3p2c", "3p5c", "4p3c", "4p6c", "6p2c"])
    assert (controls.pins.min, controls.pins.max) == (3, 6)
    assert (controls.colors.min, controls.colors.max) == (3, 6)
    controls.pins.value = 3
    assert (controls.colors.min, controls.colors.max) == (2, 5) and controls.colors.value == 5
    controls.pins.value = 6
    assert (controls.colors.min, controls.colors.max) == (2, 2) and controls.game == Game(6, 2)


def test_the_views_caption_and_draw_their_game():
    controls = game_controls(pins=3, colors=3, strategy="knuth", max_codewords=100)
    for view in (views.score_ordinals_view, views.acr_sizes_view, views.first_guess_partitions_view,
                 views.turn_histograms_view, views.turn_by_turn_view, views.strategy_tree_view):
        shown = view(controls)
        assert "3p3c" in shown.caption and shown.items, view.__name__
    shown = views.score_distribution_view(controls, "112")
    assert "guess 112" in shown.caption
    picks = views.first_guess_picks(Game.parse("4p6c"))
    assert [picks[s] for s in picks] == ["1122", "1123", "1234", "1123"]  # the published openings


def test_latest_rows_keep_the_newest_run_of_each_setting():
    table = pd.DataFrame({
        "date": ["2026-01-01", "2026-01-03", "2026-01-02", "2026-01-01"],
        "game": ["5p8c"] * 4, "backend": ["cpu"] * 4, "strategy": ["knuth"] * 4,
        "case_equivalence": ["off", "off", "on", "on"], "median_s": [2.0, 2.5, 0.8, 0.9],
        "codewords": [32768] * 4,
    })
    latest = latest_rows(table)
    assert sorted(latest["median_s"]) == [0.8, 2.5]
    figure = backend_timings_figure(table)
    lines = {line.get_label(): list(line.get_ydata()) for line in figure.axes[0].get_lines()}
    assert lines == {"cpu, knuth, case equivalence off": [2.5], "cpu, knuth, case equivalence on": [0.8]}


def test_benchmark_table_is_tidy():
    table = benchmark_table(load_benchmarks().frame)
    assert not table.isna().any().any()
    assert not table.duplicated(subset=["game", "strategy", "backend", "case equivalence"]).any()
    assert table["strategy"].iloc[-1] == "scoring kernel alone"
    text = table.to_string()
    assert "e+" not in text and "nan" not in text.lower()


def test_numbers_print_without_exponents():
    assert [format_seconds(s) for s in (0.000012, 0.018, 0.165, 2.7, 947.71, 1694.58)] == \
        ["0.000012", "0.018", "0.17", "2.7", "948", "1,695"]
    live = pd.DataFrame({"game": ["4p6c"], "codewords": [1296.0], "backend": ["cpu"], "median_s": [0.0025],
                         "scores": [1123234.0], "scores_per_s": [4.472595e+08]})
    assert timings_table(live).iloc[0].tolist() == ["4p6c", "1,296", "cpu", "0.0025", "1,123,234", "447"]


def test_case_equivalence_scores_come_from_one_solve():
    off = solve("4p6c", "knuth", backend="reference", first_guess="1122", case_equivalence="off")
    on = solve("4p6c", "knuth", backend="reference", first_guess="1122", case_equivalence="on")
    # A results table without the scores_*_ce columns: the row solved with case equivalence gives both.
    rows = pd.DataFrame([{**r.summary(), "case_equivalence": ce, "pins": 4, "colors": 6, "codewords": 1296}
                         for r, ce in ((off, "off"), (on, "on"))])
    scores = case_equivalence_scores(rows)
    assert scores.iloc[0][["scores_without_ce", "scores_with_ce"]].tolist() == [off.scores, on.scores]


def test_the_turn_figures_are_labelled():
    result = solve("3p3c", "knuth", first_guess="112", case_equivalence="off")
    for figure in (turn_seconds_figure(result), gpu_turn_figure()):
        assert figure._suptitle is not None and figure._suptitle.get_text()
    left, right = turn_seconds_figure(result).axes[:2]
    assert left.get_ylabel() and right.get_ylabel() and left.get_xlabel() == "turn"
    heights = sum(p.get_height() for p in right.patches)
    assert heights == sum(t.regions for t in result.turn_stats)


def test_seed_tables_put_the_seed_beside_mmlib():
    from mmlib.studies.data_tables import load_table
    from mmlib.studies.seed_comparison import load_seed_comparison
    from mmlib.studies.seed_workloads import SEED_SCORING_SECONDS
    from mmlib.workbench.tables import ce_threshold_table, scoring_workload_table, seed_comparison_table

    comparison = seed_comparison_table(load_seed_comparison())
    seven = comparison[comparison["game"] == "7p7c"]
    # The seed's two 7p7c GPU figures, each beside mmlib's cpu backend and, measured on a GPU, its cuda backend.
    assert len(seven) == 4 and not comparison.isna().any().any()
    assert seven["reason"].str.contains("mmlib cuda backend").sum() == 2
    for scores in seven["scores (seed / mmlib)"]:
        seed, mine = scores.split(" / ")
        assert seed == mine  # equal to the last digit
    differs = comparison[comparison["agreement"].str.startswith("differs")]
    assert (differs["reason"] != "-").all()
    workload = scoring_workload_table(load_table("seed_scoring_workload.csv", ()).frame, SEED_SCORING_SECONDS)
    assert list(workload["who"][:2]) == ["seed", "seed"] and list(workload["seconds for the workload"][:2]) == \
        ["4.5", "0.92"]
    thresholds = ce_threshold_table(load_table("ce_threshold.csv", ()).frame)
    assert "time on from 6 / on from 1" in thresholds.columns and len(thresholds) >= 1
