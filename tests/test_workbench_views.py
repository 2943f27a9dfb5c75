"""The notebooks' wiring (show_interactive, game menus, sliders limited to a table's games), their
views, and the tidy tables and figures of issue 15, checked without a browser."""

import numpy as np
import pandas as pd
import pytest

from mmlib import solve
from mmlib.core.games import Game
from mmlib.core.machine import ENGINE_VERSIONS
from mmlib.studies.data_tables import engine_parts, load_benchmarks, one_machine_one_engine, this_machine
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
        "codewords": [32768] * 4, "cpu_model": ["AMD EPYC"] * 4, "cores": [2] * 4,
        "machine": ["AMD EPYC, 2 cores"] * 4, "engine": ["solve-cpu 6"] * 4,
    })
    latest = latest_rows(table)
    assert sorted(latest["median_s"]) == [0.8, 2.5]
    figure = backend_timings_figure(table)
    lines = {line.get_label(): list(line.get_ydata()) for line in figure.axes[0].get_lines()}
    # Each line names its backend, machine and engine, strategy and case-equivalence setting.
    assert lines == {"cpu (AMD EPYC, 2 cores; engine solve-cpu 6), knuth, case equivalence off": [2.5],
                     "cpu (AMD EPYC, 2 cores; engine solve-cpu 6), knuth, case equivalence on": [0.8]}


def test_benchmark_table_is_tidy():
    table = benchmark_table(load_benchmarks().frame).frame
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
    assert timings_table(live).frame.iloc[0].tolist() == ["4p6c", "1,296", "cpu", "0.0025", "1,123,234", "447"]


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
    from mmlib.workbench.tables import (ce_threshold_table, scoring_workload_table, seed_comparison_table,
                                        seed_times_table)

    counts = seed_comparison_table(load_seed_comparison())
    comparison = counts.frame
    seven = comparison[comparison["game"] == "7p7c"]
    # The seed's two 7p7c score counts (case equivalence on and off), each once, beside mmlib's.
    assert len(seven) == 2 and not comparison.isna().any().any()
    assert (seven["scores, seed"] == seven["scores, mmlib"]).all()  # equal to the last digit
    assert not comparison["agreement"].eq("times only").any()  # times are the times table's
    assert "float32" in counts.note  # why the one Entropy total differs, said once
    gpu = seed_times_table(load_seed_comparison(), "gpu")
    seven = gpu.frame[gpu.frame["game"] == "7p7c"]
    # The seed's 7p7c GPU times beside mmlib's GPU times (one engine, named), the machines in the columns.
    assert len(seven) == 2 and {"seed s (RTX 4090)", "mmlib s (NVIDIA H200)"} <= set(gpu.frame.columns)
    assert list(seven["mmlib s (NVIDIA H200)"]) == ["3.65", "5.72"] and "engine solve-cuda 6" in gpu.note
    assert "about 0.018 s each" in gpu.note  # why the seed shows one 5p8c time for four strategies
    cpu = seed_times_table(load_seed_comparison(), "cpu")
    # The seed's C++ beside mmlib's cpu backend on the same machine type, one engine version, no GPU row.
    assert set(cpu.frame["game"]) == {"5p8c", "6p6c"} and "engine solve-cpu 6" in cpu.note
    assert "solve-cpu 4" not in cpu.note and "solve-cpu 5" not in cpu.note
    # A GPU time is never set beside a cpu time: those rows are left out, and counted.
    assert "Left out: the 6 rows" in cpu.note and "Left out: the 6 rows" in gpu.note
    # Three significant figures, or as few as the seed wrote (its 5.0 s stays 5.0).
    assert "0.710" in set(cpu.frame["mmlib s (cpu backend, 2 threads)"]) and "5.0" in set(cpu.frame.iloc[:, 2])
    workload = scoring_workload_table(load_table("seed_scoring_workload.csv", ()).frame, SEED_SCORING_SECONDS).frame
    assert list(workload["variant"][:2]) == ["seed: plain C++", "seed: hand-vectorized"]
    assert list(workload["seconds for the workload"][:2]) == ["4.49", "0.924"]
    # The seed's ns per score: its seconds over the workload's scores, not "not given".
    scores = int(load_table("seed_scoring_workload.csv", ()).frame["workload_scores"].iloc[0])
    assert workload["ns per score"].iloc[0] == f"{4.4948 / scores * 1e9:,.1f}"
    assert not workload["scores timed"].str.contains(" ").any()  # values, not sentences
    thresholds = ce_threshold_table(load_table("ce_threshold.csv", ()).frame).frame
    assert "time on from 6 / on from 1" in thresholds.columns and len(thresholds) >= 1


# -- issue 25: every figure names what it measured and compares like with like ---------------------


def figure_texts(figure) -> list:
    """Every piece of text a figure draws (titles, labels, ticks, legends, annotations)."""
    from matplotlib.text import Text

    figure.canvas.draw()  # tick labels exist once drawn
    return [t for t in figure.findobj(Text) if t.get_visible() and t.get_text()]


def test_the_acr_map_writes_every_size_in_full_and_readable():
    import reader_checks
    from mmlib.workbench.plots import acr_sizes_figure, compact_count

    assert [compact_count(n) for n in (776, 9_999, 17_303, 1_234_567, 2_562_890_625)] == \
        ["776", "9,999", "17k", "1.2M", "2.6G"]
    texts = figure_texts(acr_sizes_figure("8p15c"))
    cells = [t for t in texts if t.get_text()[:1].isdigit() and t.axes is not None and t not in
             t.axes.get_xticklabels() + t.axes.get_yticklabels()]
    # One notation in a map, as in every table: 2,562,890,625, never 2.6G beside 7,087.
    assert len(cells) > 50 and min(t.get_fontsize() for t in cells) >= 9
    assert "2,562,890,625" in [t.get_text() for t in cells]
    assert all(t.get_text().replace(",", "").isdigit() for t in cells)
    assert not any(reader_checks.problems_in(t.get_text()) for t in texts)


def test_the_acr_map_of_two_colors_has_a_scale_and_frames_have_a_key():
    from mmlib.workbench.plots import acr_sizes_figure

    fig = acr_sizes_figure("4p2c")  # every cell is 100%: the scale must still run from 50%
    bar_labels = [t.get_text() for t in fig.axes[1].get_yticklabels()]
    assert "50%" in bar_labels and "100%" in bar_labels
    assert not acr_sizes_figure("4p6c").legends
    assert [t.get_text() for t in acr_sizes_figure("4p6c", marked=[(2, 4)]).legends[0].get_texts()] == \
        ["framed: a region of the example path"]


def test_benchmark_figures_name_machines_and_leave_out_other_openings():
    from mmlib.workbench.plots_results import benchmarks_figure

    frame = load_benchmarks().frame
    # 6p6c Knuth without case equivalence, timed from 112233 on the cpu and 111234 on the GPU (as
    # the table held before the cpu solves were timed again): rows of the current engines, so
    # only the opening tells them apart.
    def latest(backend):
        rows = frame[(frame["backend"] == backend) & (frame["game"] == "6p6c") & (frame["strategy"] == "knuth")]
        engines = rows["engine"].map(engine_parts)
        return rows[engines == engines.max()].iloc[[-1]].copy()
    cpu_off, cuda_off = latest("cpu"), latest("cuda")
    cpu_off["case_equivalence"], cpu_off["first_guess"] = "off", "112233"
    cuda_off["case_equivalence"], cuda_off["first_guess"] = "off", "111234"
    frame = pd.concat([frame, cpu_off, cuda_off], ignore_index=True)
    figure = backend_timings_figure(frame, strategies=["knuth"])
    labels = [line.get_label() for line in figure.axes[0].get_lines()]
    # Each backend's lines: one machine, one engine version, both named (read from the rows).
    cpu_engine = frame.loc[frame["backend"] == "cpu", "engine"].map(engine_parts).dropna().max()
    cuda_engine = frame.loc[frame["backend"] == "cuda", "engine"].map(engine_parts).dropna().max()
    cuda_rows = frame[(frame["backend"] == "cuda") & (frame["engine"] == f"solve-cuda {cuda_engine[1]}")]
    (cuda_machine,) = set(cuda_rows["machine"])  # the latest cuda engine was timed on one GPU
    assert f"cpu (AMD EPYC, 2 cores; engine solve-cpu {cpu_engine[1]}), knuth, case equivalence on" in labels
    assert f"cuda ({cuda_machine}; engine solve-cuda {cuda_engine[1]}), knuth, case equivalence on" in labels
    assert not any("optimal" in label for label in labels)
    # 6p6c Knuth without case equivalence ran from 112233 on the cpu, 111234 on the GPU: left out, and said.
    note = " ".join(figure._supxlabel.get_text().split())  # the note is wrapped to the figure's width
    assert "6p6c knuth cpu case equivalence off (opening 112233)" in note
    legend = [t.get_text() for t in benchmarks_figure(frame).axes[0].get_legend().get_texts()]
    assert f"cpu (AMD EPYC, 2 cores; engine solve-cpu {cpu_engine[1]})" in legend
    assert f"cuda ({cuda_machine}; engine solve-cuda {cuda_engine[1]})" in legend


def test_time_figures_say_where_their_seconds_come_from():
    from mmlib.studies.data_tables import best_max_rows, load_results
    from mmlib.workbench.plots_results import results_heatmap_figure

    heat = results_heatmap_figure(best_max_rows(load_results().frame), "seconds", "knuth")
    title = heat.axes[0].get_title()
    assert "cpu backend, case equivalence on" in title and "AMD EPYC" in title
    result = solve("3p3c", "knuth", first_guess="112", case_equivalence="off")
    suptitle = turn_seconds_figure(result, run="fastest of 5 runs")._suptitle.get_text()
    assert "case equivalence off" in suptitle and f"fastest of 5 runs, measured just now on {this_machine()}" in suptitle
    assert f"engine solve-cpu {ENGINE_VERSIONS['solve-cpu']}" in suptitle


def test_optimal_figures_start_at_zero_and_name_their_runs():
    from mmlib.studies.data_tables import load_results
    from mmlib.studies.optimal_table import heuristic_gaps, load_optimal
    from mmlib.workbench.plots_optimal import optimum_against_heuristics_figure, search_cost_figure

    optimal = load_optimal()
    bars = optimum_against_heuristics_figure(heuristic_gaps(optimal, load_results().frame), "3p9c")
    assert bars.axes[0].get_ylim()[0] == 0
    # A game with no row shows its note alone, without axes whose 0-1 ticks would mean nothing.
    missing = optimum_against_heuristics_figure(heuristic_gaps(optimal, load_results().frame), "8p2c")
    assert not missing.axes[0].axison and missing.axes[0].texts
    cost = search_cost_figure(optimal, load_benchmarks().frame)
    labels = [t.get_text() for t in cost.legends[0].get_texts()]
    shown = one_machine_one_engine(optimal[(optimal["objective"] == "total") & optimal["max_turns_limit"].isna()])
    # The caption names the machine and engine version of the rows drawn, read from them.
    assert f"measured on {shown.machine}, engine {shown.engine}" in cost._suptitle.get_text()
    # The benchmarks' stars join only when they ran the same engine version on the same machine.
    benchmarks = load_benchmarks().frame
    timed = one_machine_one_engine(benchmarks[benchmarks["strategy"] == "optimal"], machine=shown.machine)
    stars = any(label.startswith("latest benchmark") for label in labels)
    assert stars == (timed.engine == shown.engine and len(timed.rows) > 0)


def _cost_row(game, command, engine, seconds):
    return {"game": game, "objective": "total", "max_turns_limit": np.nan, "seconds": seconds, "nodes": 10,
            "command": command, "machine": "AMD EPYC, 2 cores", "engine": engine, "date": "2026-11-26T20:00:00",
            "pins": Game.parse(game).pins, "codewords": Game.parse(game).size}


def test_search_cost_draws_one_engine_and_leaves_older_ones_out():
    """Rows of two runs of one engine version are both drawn; rows of an older engine version are
    left out, and the note says so."""
    from mmlib.workbench.plots_optimal import search_cost_figure

    row = _cost_row
    frame = pd.DataFrame([row("3p3c", "run a", "optimal 17", 0.01), row("4p4c", "run a", "optimal 17", 0.02),
                          row("4p5c", "run b", "optimal 17", 0.05), row("4p6c", "run c", "optimal 9", 131.0)])
    cost = search_cost_figure(frame)
    assert "engine optimal 17" in cost._suptitle.get_text()
    notes = " ".join(t.get_text() for t in cost.axes[0].texts).replace("\n", " ")
    assert "1 row of older engine versions (optimal 9)" in notes
    drawn = [y for line in cost.axes[1].get_lines() for y in line.get_ydata()]
    assert 131.0 not in drawn and 0.05 in drawn  # both runs of the newest engine, not the older one
    # A benchmark star joins only when its engine version and machine are the table's.
    bench = pd.DataFrame([{**row("3p3c", "bench", "optimal 17", 0.01), "strategy": "optimal", "median_s": 0.01},
                          {**row("4p6c", "bench", "optimal 9", 0.5), "strategy": "optimal", "median_s": 0.5}])
    labels = [t.get_text() for t in search_cost_figure(frame, bench).legends[0].get_texts()]
    assert any(label.startswith("latest benchmark") for label in labels)
    labels = [t.get_text() for t in search_cost_figure(frame, bench.iloc[1:]).legends[0].get_texts()]
    assert not any(label.startswith("latest benchmark") for label in labels)
    # A benchmark of another rule set is not drawn among the classic games by its codeword count.
    other = pd.DataFrame([{**row("4p6c-norepeat", "bench", "optimal 17", 0.004), "strategy": "optimal",
                           "median_s": 0.004}])
    labels = [t.get_text() for t in search_cost_figure(frame, other).legends[0].get_texts()]
    assert not any(label.startswith("latest benchmark") for label in labels)


def test_search_cost_figure_is_readable_with_many_games():
    """After a full re-measure (several games of one engine version): each panel spans the figure's
    width, the legend lies outside both panels and the titles, and no text is under 9 points."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from mmlib.workbench.plots_optimal import search_cost_figure

    games = [f"{p}p{c}c" for p in (2, 3, 4, 5) for c in range(2, 9) if Game.parse(f"{p}p{c}c").size <= 4096]
    frame = pd.DataFrame([_cost_row(g, "optimal-table", "optimal 17", 1e-4 * Game.parse(g).size) for g in games])
    bench = pd.DataFrame([{**_cost_row(g, "bench", "optimal 17", 0.1), "strategy": "optimal", "median_s": 0.1}
                          for g in games[:5]])
    fig = search_cost_figure(frame, bench)
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    renderer = canvas.get_renderer()
    width = fig.bbox.width
    for ax in fig.axes:
        assert ax.get_window_extent(renderer).width > 0.75 * width
    legend = fig.legends[0].get_window_extent(renderer)
    for ax in fig.axes:
        assert not legend.overlaps(ax.get_window_extent(renderer))
        assert not legend.overlaps(ax.title.get_window_extent(renderer))
    assert not legend.overlaps(fig._suptitle.get_window_extent(renderer))
    sizes = [t.get_fontsize() for t in fig.findobj(lambda a: hasattr(a, "get_fontsize") and hasattr(a, "get_text"))
             if t.get_text()]
    assert min(sizes) >= 9
    assert len(fig.axes[0].get_lines()) == 4  # one line per pin count


def test_the_rule_variant_view_shows_a_table_not_a_string():
    from mmlib.workbench.tables import ReadableTable

    shown = views.rule_variant_view(game_controls(pins=3, colors=4, strategy="knuth", rules="norepeat",
                                                   max_codewords=100))
    assert "3p4c-norepeat" in shown.caption
    # The board under each rule set: a histogram, then a table whose live seconds name their machine.
    figure, table = shown.items
    legend = figure.axes[0].get_legend() or figure.legends[0]  # under the axes, over no bar
    assert len(legend.get_texts()) == 3 and figure.axes[0].get_ylim()[0] == 0
    assert isinstance(table, ReadableTable) and "measured just now on" in table.note
    assert list(table.frame["game"]) == ["3p4c", "3p4c-norepeat", "3p4c-black"]
    # Beside a small no-repeat game, a classic one over the cell's cap is named, not solved.
    capped = views.rule_variant_view(game_controls(pins=4, colors=7, rules="norepeat", max_codewords=1296))
    assert list(capped.items[1].frame["game"]) == ["4p7c-norepeat"]
    assert "4p7c (2,401 codewords), 4p7c-black (2,401 codewords)" in capped.items[1].note


def test_no_repeat_controls_stay_under_their_codeword_cap():
    """Notebook 9's widget: moving the pins to 8 under no repeats must not solve 8p8c-norepeat
    (40,320 codewords) when the cell caps the games at 1,296 codewords."""
    controls = game_controls(pins=4, colors=6, strategy="entropy", rules="norepeat", max_codewords=1296)
    for pins in range(controls.pins.min, controls.pins.max + 1):
        controls.pins.value = pins
        for colors in range(controls.colors.min, controls.colors.max + 1):
            controls.colors.value = colors
            assert controls.game.size <= 1296, controls.game.name
    assert controls.pins.max == 6  # 7 pins need 7 colors: 5,040 codewords
    controls.rules.value = "classic"
    assert controls.pins.max > 6


def test_proven_optima_view_is_short_and_has_no_sentence_cells():
    """Notebook 8's table of every optimum: one rule set and pin count at a time (not ~300 rows),
    the source in a word or two, a disagreement spelled out."""
    from mmlib.studies.optimal_table import load_optimal
    from mmlib.workbench.tables import proven_optima_summary, proven_optima_table, short_source

    optima = load_optimal(rules=None)
    table = proven_optima_table(optima, rules="classic", pins=4).frame
    assert 0 < len(table) < 40 and "rules" not in table.columns
    assert not table["published by"].str.contains("the same|no published value").any()
    assert short_source("X 1999: 26,374, not the same") == "X 1999: 26,374 (differs)"
    assert len(proven_optima_summary(optima)) <= 6


def test_optimal_game_view_says_in_words_when_the_strategies_lack_a_game():
    from mmlib.studies.data_tables import load_results
    from mmlib.studies.optimal_table import heuristic_gaps, load_optimal

    optima = load_optimal()
    gaps = heuristic_gaps(optima, load_results().frame)
    shown = views.optimal_game_view(optima, gaps)(game_controls(pins=8, colors=2, max_codewords=1296))
    assert "no solve of it by the four strategies" in shown.caption
    assert len(shown.items) == 1  # the tree alone, no empty bar frame
    assert len(views.optimal_game_view(optima, gaps)(game_controls(pins=4, colors=6)).items) == 2


def test_notebook_6_tables_are_short_and_name_machines_once():
    """Issue 40: the solve benchmarks hold whole solves only, strategies by name, the machine and
    engine of each backend said once in the note (not repeated in every row); the strategy summary
    says its games once; the chosen game's first guesses come one row per strategy."""
    from mmlib.studies.data_tables import best_max_rows, load_results
    from mmlib.workbench.tables import best_first_guesses_table, solve_benchmark_table, strategy_summary_table

    solves = solve_benchmark_table(load_benchmarks().frame)
    assert {"machine", "engine", "date"}.isdisjoint(solves.frame.columns)
    assert set(solves.frame["strategy"]) <= {"Knuth", "Expected Size", "Entropy", "Most Parts"}
    assert "cpu: measured on" in solves.note and "engine solve-cpu" in solves.note
    best = best_max_rows(load_results().frame)
    summary = strategy_summary_table(best)
    assert "games" not in summary.frame.columns and summary.note.startswith("Over the ")
    assert list(summary.frame["strategy"]) == ["Knuth", "Expected Size", "Entropy", "Most Parts"]
    guesses = best_first_guesses_table(best, "4p6c").frame
    assert list(guesses["strategy"]) == ["Knuth", "Expected Size", "Entropy", "Most Parts"]
    assert guesses.loc[0, "best-max first guess"] == "1122"


def test_the_gpu_diagram_writes_every_label_at_9_pt_without_raw_underscores():
    """Issue 40: the diagram's box texts and side notes were 6-7 px and showed a raw 'c_t'."""
    from matplotlib.text import Text

    from mmlib.workbench.gpu_diagram import gpu_turn_figure

    figure = gpu_turn_figure()
    figure.canvas.draw()
    texts = [t for t in figure.findobj(Text) if t.get_visible() and t.get_text()]
    assert texts and all(t.get_fontsize() >= 9 for t in texts)
    assert not any("c_t" in t.get_text().replace("$c_t$", "") for t in texts)


def test_the_caption_says_why_the_colors_moved_when_the_codeword_cap_stops_them():
    controls = game_controls(pins=4, colors=6, max_codewords=4096)
    box = show_interactive(lambda c: View(f"<b>{c.game.name}</b>", []), controls)
    label = box.children[-2]
    assert "4,096" not in label.value  # colors below their limit: nothing to explain
    controls.pins.value = 8  # 3**8 > 4,096: the colors slider falls to 2 by itself
    assert controls.colors.value == 2
    assert "8p2c" in label.value and "with 8 pins the colors go up to 2" in label.value and "4,096" in label.value
    # Sliders bounded by the games of a table, not by a cap, have nothing to explain.
    limited = game_controls(pins=4, colors=6, games=["4p6c", "8p2c"])
    limited.pins.value = 8
    assert limited.cap_note() == ""


def test_the_turn_histograms_open_with_each_strategys_own_pick():
    """One convention with the partitions view and the published table: on 4p6c the picks are the
    published openings (1122, 1123, 1234, 1123), not the best-max ones of data/first_guesses.csv."""
    from mmlib.core.strategies import Strategy
    from mmlib.workbench.plots import PUBLISHED_FIRST_GUESSES_4P6C

    controls = game_controls(pins=4, colors=6, strategy="expected-size", max_codewords=4096)
    view = views.turn_histograms_view(controls)
    assert "Expected Size from 1123" in view.caption and "5,696 turns" in view.caption
    assert views.first_guess_picks(Game.parse("4p6c")) == PUBLISHED_FIRST_GUESSES_4P6C
    eight = views.first_guess_picks(Game.parse("8p2c"))
    assert views.solve_from_own_pick(Game.parse("8p2c"), Strategy.KNUTH).first_guess_text == eight[Strategy.KNUTH]


def test_strategy_results_hold_one_count_per_cell_and_a_column_per_turn():
    from mmlib.workbench.tables import strategy_results_table

    table = strategy_results_table([solve("3p3c", s, backend="reference") for s in ("knuth", "entropy")]).frame
    assert [c for c in table.columns if c.startswith("in ")] == ["in 1 turn", "in 2 turns", "in 3 turns",
                                                                  "in 4 turns"]
    assert not table.map(lambda cell: ", " in str(cell)).any().any()  # no list in a cell


def test_notebook_6_review_r1_fixes():
    """Review r1 of notebook 6: the GPU beside the cpu in one row with its ratio, one precision and one
    unit for timings, codewords left aligned, row counts that add up, and the openings' steps counted."""
    from mmlib.studies.data_tables import load_first_guesses, opening_steps
    from mmlib.workbench.tables import (data_files_table, opening_drops_table, readable, scoring_kernel_table,
                                        solve_benchmark_table, solve_benchmarks)

    table = solve_benchmark_table(load_benchmarks().frame)
    frame = table.frame
    assert {"cpu s", "cuda s", "cuda: how many times as fast", "cpu: billions of scores a second",
            "cuda: billions of scores a second"} <= set(frame)
    assert not any("M scores" in c for c in frame.columns)
    wide, _parts = solve_benchmarks(load_benchmarks().frame)
    paired = wide.dropna(subset=["median_s_cpu", "median_s_cuda"])
    assert len(paired) and np.allclose(paired["cpu_over_cuda"], paired["median_s_cpu"] / paired["median_s_cuda"])
    # Every timing with three significant figures (0.0601, 0.710, 3.65), as the seed tables write them.
    shown = frame["cuda s"][frame["cuda s"] != "–"]
    assert all(len(v.replace(".", "").replace(",", "").lstrip("0")) == 3 or float(v.replace(",", "")) >= 100
               for v in shown)
    assert "2 threads" in table.note and "the table shows the latest" in table.note
    # Codewords are names: 112 is left aligned, as 1122 is.
    toy = readable(pd.DataFrame({"first_guess": ["111", "112"], "total_turns": [87, 74]}))
    assert "first guess" not in toy.numeric and "total turns" in toy.numeric
    # Each file's parts add up to its rows.
    files = data_files_table().frame
    counts = files["rows"].str.replace(",", "").astype(int)
    blocks = (files["file"] != "").cumsum()
    totals = dict(zip(files.loc[files["file"] != "", "file"], counts.groupby(blocks).sum()))
    from mmlib.core.files import DATA_DIR

    raw = {name: len(pd.read_csv(DATA_DIR / name.removeprefix("data/"))) for name in totals}
    assert totals == raw
    # The opening steps: more, as many and fewer add up to all; the table lists every step with fewer.
    steps = opening_steps(load_first_guesses().frame)
    drops = opening_drops_table(load_first_guesses().frame)
    assert len(drops) == int((steps["change"] < 0).sum()) and f"Of the {len(steps)} steps" in drops.note
    kernel = scoring_kernel_table(load_benchmarks().frame).frame
    assert len(kernel) == 1 and kernel["threads"].iloc[0] == "1"


def test_notebook_6_maps_share_their_scales_and_columns():
    """Review r1 of notebook 6: one color scale per map for every strategy, the maps' columns aligned,
    plain tick labels on the log scale (0.01, not 10⁻²), text of at least 8 pt."""
    from mmlib.studies.data_tables import best_max_rows, load_results
    from mmlib.workbench.plots_results import results_heatmaps_figure

    best = best_max_rows(load_results().frame)
    scales, lefts = [], []
    for strategy in ("knuth", "entropy"):
        figure = results_heatmaps_figure(best, strategy)
        figure.canvas.draw()
        maps = [ax for ax in figure.axes if ax.images]
        scales.append([ax.images[0].norm.vmin for ax in maps] + [ax.images[0].norm.vmax for ax in maps])
        lefts.append({round(ax.get_position().x0, 3) for ax in maps})
        labels = [t.get_text() for ax in figure.axes for t in ax.get_yticklabels()]
        assert not any("$" in label or "^" in label for label in labels)
        assert min(t.get_fontsize() for t in figure_texts(figure)) >= 8
    assert scales[0] == scales[1]
    assert all(len(x) == 1 for x in lefts)  # the four maps start at one x: their columns line up


def test_notebook_6_figures_draw_no_rounding_noise_and_no_piles():
    """Review r1 of notebook 6: the case-equivalence bars leave out solves too short for the file's
    rounding (and say so); the throughput plot gives each strategy and setting its own slot."""
    from mmlib.studies.data_tables import load_results, load_table
    from mmlib.workbench.plots_results import MIN_COMPARABLE_S, benchmarks_figure, case_equivalence_figure

    timing = load_table("case_equivalence_timing.csv", ("game",)).frame
    figure = case_equivalence_figure(load_results().frame, timing)
    figure.canvas.draw()
    bars = figure.axes[1]
    shown = {t.get_text() for t in bars.get_xticklabels()}
    short = set(timing[timing["median_s"] < MIN_COMPARABLE_S]["game"])
    assert short and not shown & short
    assert "Left out of the bars" in figure._supxlabel.get_text()
    figure = benchmarks_figure(load_benchmarks().frame)
    points = [(round(float(line.get_xdata()[0]), 6), line.get_marker(), line.get_fillstyle())
              for line in figure.axes[0].get_lines() if len(line.get_xdata())]
    xs = [p[0] for p in points]
    # Two points share an x only as the cpu and the GPU of one solve, never two solves of one backend.
    assert len(set(points)) == len(points) and len(set(xs)) >= len(xs) / 2
