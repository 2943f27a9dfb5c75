"""The notebooks' wiring (show_interactive, game menus, sliders limited to a table's games), their
views, and the tidy tables and figures of issue 15, checked without a browser."""

import re

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


def test_the_guess_keeps_its_pattern_and_says_when_it_changed():
    """Notebook 1's guess menu: a new game keeps the repeat pattern of the guess picked (1122 is
    pairs at every pin count), spreads the pins evenly where the pattern needs more colors than the
    game has, says so in the caption, and comes back to the pick with its game."""
    controls = game_controls(pins=4, colors=6, max_codewords=50_000)
    menu = views.opening_menu()
    box = show_interactive(views.score_distribution_view, controls, menus=[menu])
    label = box.children[-2]
    assert menu.value == "1122" and "changed" not in label.value
    assert "the colors go up to" not in label.value  # the cap is said only where it lowered the colors
    controls.pins.value = 2  # one color count fills both pins
    assert menu.value == "11" and "11 takes the first color count of 1122 (picked in 4p6c): 2" in label.value
    controls.pins.value = 5
    assert menu.value == "11223" and ("11223 takes the color counts of 1122 (picked in 4p6c), 2 and 2, in turn until its 5 pins are "
                                     "filled: 2, 2 and 1") in label.value
    controls.pins.value = 8  # at most 3 colors: pairs would need 4
    assert controls.game.name == "8p3c" and menu.value == "11122233"
    assert "would need 4 colors at 8 pins, so 11122233 spreads the pins evenly over the 3 colors" in label.value
    assert label.value.count("the colors go up to 3") == 1  # the cap said once
    assert "colors lowered from the 6 chosen" in label.value
    controls.pins.value, controls.colors.value = 4, 6
    assert menu.value == "1122" and "changed" not in label.value
    menu.widget.value = "1123"  # a pick by hand is what later games carry
    controls.pins.value = 6
    assert menu.value == "112234" and ("112234 takes the color counts of 1123 (picked in 4p6c), 2, 1 and 1, in "
                                       "turn until its 6 pins are filled: 2, 1, 1 and 2") in label.value


def test_seed_workload_views_take_the_table_and_say_what_is_missing(tmp_path):
    """Notebook 1 hands the loaded table to the seed-workload figure and tables: no fallback code in
    the notebook; a missing table shows its problem in place of the rows and the dots."""
    from mmlib.studies.data_tables import load_table
    from mmlib.workbench.plots_results import seed_scoring_figure
    from mmlib.workbench.tables import scoring_summary_table, scoring_workload_table

    stored = load_table("seed_scoring_workload.csv", ("variant", "workload_s"))
    assert list(scoring_workload_table(stored).frame["variant"][:2]) == ["seed: plain C++", "seed: hand-vectorized"]
    assert len(scoring_summary_table(stored)) == len(scoring_summary_table(stored.frame))
    missing = load_table("seed_scoring_workload.csv", ("variant", "workload_s"), data_dir=tmp_path)
    assert not missing.ok
    for table in (scoring_workload_table(missing), scoring_summary_table(missing)):
        assert len(table) == 0 and table.note == missing.problem
    assert [text.get_text() for text in seed_scoring_figure(missing).axes[0].texts] == [missing.problem]
    # The summary's ns per score are the workload table's, each the seconds as shown ÷ the scores.
    workload = scoring_workload_table(stored).frame.set_index("variant")["ns per score"]
    summary = scoring_summary_table(stored).frame
    assert [workload[f"mmlib: {v}"] for v in summary["variant"]] == list(summary["ns per score, the seed's workload"])


@pytest.mark.parametrize("picked, game, carried", [
    ("1122", "2p6c", "11"), ("1122", "7p4c", "1122334"), ("1111", "8p3c", "11111111"), ("1234", "6p6c", "123456"),
    ("1123", "5p8c", "11234"), ("1234", "4p2c", "1122"), ("11223", "4p6c", "1122")])
def test_carried_opening_is_an_opening_of_the_new_game(picked, game, carried):
    from mmlib.core.openings import first_guess_patterns

    value, note = views.carried_opening(Game.parse(game), picked, Game.parse(f"{len(picked)}p6c"))
    assert value == carried and value in first_guess_patterns(Game.parse(game)) and note


def test_scoring_tables_write_times_to_three_significant_figures():
    from mmlib.core.scoring_variants import time_variants
    from mmlib.workbench.plots import significant
    from mmlib.workbench.tables import scoring_variants_table

    assert [significant(v) for v in (2851.05, 56.51, 8.26, 0.73, 0.0012, 99.96, 1168.93)] == \
        ["2,850", "56.5", "8.26", "0.730", "0.00120", "100", "1,170"]
    table = scoring_variants_table(time_variants("2p3c", repeats=2))
    assert list(table.frame.columns) == ["variant", "scores timed", "best of 2 (ms)", "slowest ÷ best", "ns per score",
                                         "times faster than Python"]
    assert table.frame["times faster than Python"].iloc[0] == "1.00" and this_machine() in table.note
    # The derived columns come from the values as shown: a reader who divides them gets every digit.
    def number(text):
        return float(text.replace(",", ""))

    for row in table.frame.itertuples(index=False):
        ms, scores, ns = number(row[2]), number(row[1]), number(row[4])
        assert significant(ms * 1e6 / scores) == row[4]
        assert significant(number(table.frame["ns per score"].iloc[0]) / ns) == row[5]
    assert "load average was" in table.note  # how busy the shared machine was, read as the timing began


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
    # Each line names its backend and case-equivalence setting; the title, the machine and engine
    # of each backend's lines (one strategy: no strategy in the legend).
    assert lines == {"cpu, case equivalence off": [2.5], "cpu, case equivalence on": [0.8]}
    assert "cpu: AMD EPYC, 2 cores, engine solve-cpu 6" in figure.axes[0].get_title()


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
    # One backend: named once in the note, not in every row; millions of scores a second said in words.
    # The rate from the seconds as shown: 1,123,234 / 0.0025 s = 449 million a second.
    assert timings_table(live).frame.iloc[0].tolist() == ["4p6c", "1,296", "0.0025", "1,123,234", "449"]
    assert list(timings_table(live).frame.columns)[-1] == "million scores/s"
    both = pd.concat([live, live.assign(backend="cuda")], ignore_index=True)
    assert timings_table(both).frame["backend"].tolist() == ["cpu", "cuda"]


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
    assert left.get_ylabel() and right.get_ylabel() and left.get_xlabel() == "turn t"
    heights = sum(p.get_height() for p in right.patches)
    assert heights == sum(t.regions for t in result.turn_stats)


def test_seed_tables_put_the_seed_beside_mmlib():
    from mmlib.studies.data_tables import load_table
    from mmlib.studies.seed_comparison import load_seed_comparison
    from mmlib.studies.seed_workloads import SEED_SCORING_SECONDS
    from mmlib.workbench.plots import significant
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
    shown = scoring_workload_table(load_table("seed_scoring_workload.csv", ()).frame, SEED_SCORING_SECONDS)
    workload = shown.frame
    assert list(workload["variant"][:2]) == ["seed: plain C++", "seed: hand-vectorized"]
    assert list(workload["seconds for the workload"][:2]) == ["4.49", "0.924"]
    # The seed's ns per score: its seconds over the workload's scores, not "not given".
    scores = int(load_table("seed_scoring_workload.csv", ()).frame["workload_scores"].iloc[0])
    assert workload["ns per score"].iloc[0] == f"{4.4948 / scores * 1e9:,.1f}"
    # Computed from the seconds as shown: 0.924 s ÷ 390,654,576 scores is 2.37 ns (0.9237 s gives 2.36).
    assert workload["ns per score"].iloc[1] == f"{0.924 / scores * 1e9:,.2f}"
    for seconds, ns in zip(workload["seconds for the workload"], workload["ns per score"]):
        assert ns == significant(float(seconds.replace(",", "")) / scores * 1e9)
    # What the rows share is said once in the note, not repeated in a column: the scores and
    # searches, the stored rows' commit, and the variants that timed a share of the searches.
    assert list(workload.columns) == ["variant", "seconds for the workload", "ns per score"]
    rows = load_table("seed_scoring_workload.csv", ()).frame.set_index("variant")
    assert f"{scores:,} scores in " in shown.note and f"mmlib {rows['mmlib_version'].iloc[0]}" in shown.note
    share = {v: (f"{100 * rows.loc[v, 'scores_timed'] / rows.loc[v, 'workload_scores']:.3g}% of the scores: "
                 f"{rows.loc[v, 'scores_timed']:,} in {rows.loc[v, 'searches_timed']:,} searches") for v in ("python", "numpy")}
    assert f"except Python ({share['python']}) and numpy ({share['numpy']})" in shown.note
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


def test_the_acr_maps_share_one_scale_and_their_key_says_what_grey_and_frames_mean():
    """Issue r1 of notebook 3: each game's map had its own color scale (50%-100% for two colors,
    0.05%-100% for 5p10c), and its empty rows and columns said nothing."""
    from mmlib.workbench.plots import acr_sizes_figure

    def scale(fig):
        return [t.get_text() for t in fig.axes[1].get_yticklabels()]

    two_colors = acr_sizes_figure("4p2c")  # every cell after a guess is 100%: the scale is still the shared one
    assert scale(two_colors) == scale(acr_sizes_figure("4p6c")) == scale(acr_sizes_figure("5p10c")) == \
        ["0.01%", "0.1%", "1%", "10%", "100%"]
    key = [t.get_text() for t in acr_sizes_figure("4p6c").legends[0].get_texts()]
    assert len(key) == 3 and key[0].startswith("dashed: before the first guess")
    assert key[1].startswith("grey: one Zero or one Free color") and key[2].startswith("light grey: no region")
    framed = [t.get_text() for t in acr_sizes_figure("4p6c", marked=[(2, 4)]).legends[0].get_texts()]
    assert framed == ["framed: a region of the example path", *key]
    # Before the first guess (all six colors Free): the 15 first guesses left by renaming colors.
    assert "15" in [t.get_text() for t in acr_sizes_figure("4p6c").axes[0].texts]


def test_notebooks_2_and_3_say_where_the_colors_stop_beside_the_slider_and_why_where_the_pins_lower_them():
    """Review r7 of notebook 2: the caption repeated at every position the range the label beside the
    colors slider gives, and wrapped with one word alone on a line at a control's line height. Now the
    label beside the slider says where the colors stop at every position, the caption says why only
    where more pins lowered the colors chosen (as in notebook 1), and a wrapped caption keeps the line
    height of text."""
    controls = game_controls(pins=5, colors=4, max_codewords=4096)
    box = show_interactive(views.score_ordinals_view, controls)
    label = box.children[-2]
    assert controls.colors_range.value.endswith(">of 2 to 5 colors at 5 pins</span>")
    assert label.value.endswith("20 of them occur in 5p4c") and "the colors go up to" not in label.value
    controls.colors.value = 5  # at the top of the slider by choice: the label beside it says so
    assert label.value.endswith("20 of them occur in 5p5c")
    controls.colors.value = 4
    controls.pins.value = 8  # the pins lowered the colors from 4 to 2: said once, with why
    assert controls.colors_range.value.endswith(">only 2 colors at 8 pins</span>")
    assert label.value.endswith("25 of them occur in 8p2c; colors lowered from the 4 chosen; with 8 pins only 2 "
                                "colors fit within 4,096 codewords (3⁸ = 6,561 would not)")
    assert label.value.count("only 2 colors fit") == 1  # review r10: one value is no range to 'go up to'
    controls.pins.value = 5  # the reader's colors come back, and the note goes
    assert controls.game.name == "5p4c" and "the colors go up to" not in label.value
    from mmlib.workbench.widgets import CAPTION_STYLE

    styles = [child for child in box.children if getattr(child, "value", None) == CAPTION_STYLE]
    assert len(styles) == 1 and styles[0].layout.display == "none" and "line-height: 1.5" in CAPTION_STYLE
    caption = views.acr_sizes_view(game_controls(pins=5, colors=2, max_codewords=100_000)).caption
    assert "|ACr| = |AC| = 32" in caption and "16 first guesses left by renaming colors, and 3 first-guess patterns" in caption
    assert caption.endswith("once pins may be reordered as well")
    eight = game_controls(pins=5, colors=8, max_codewords=100_000)
    eight.pins.value = 8
    assert views.acr_sizes_view(eight).caption.endswith(
        "; colors lowered from the 8 chosen; with 8 pins the colors go up to 4, to stay within 100,000 codewords")


def test_notebooks_2_and_3_review_r3_fixes():
    """Review r3: the 4-pin table hid the hole's slot number that the prose cites; the widget's
    first-guess patterns fell from 7 to 3 at 5 pins with no word why; the 4p6c map's key did not say
    which path its frames belong to; the published sizes' source was said three times."""
    from mmlib.core.openings import first_guess_patterns
    from mmlib.workbench.case_tables import path_acr_map, path_regions, published_acr_table

    assert list(views.ordinal_table(4).frame.iloc[3])[:3] == ["3", "12", "13*"]  # the star: review r4
    assert views.ordinal_table(8).frame["white 1"].iloc[7] == "43*"
    fewer = views.acr_sizes_view(game_controls(pins=5, colors=2, max_codewords=100_000)).caption
    assert "3 first-guess patterns (partitions of the 5 pins into at most 2 parts, one color each)" in fewer
    assert len(first_guess_patterns("8p4c")) == 15 and "into at most 4 parts" in \
        views.acr_sizes_view(game_controls(pins=8, colors=4, max_codewords=100_000)).caption
    assert "parts" not in views.acr_sizes_view(game_controls(pins=5, colors=8, max_codewords=100_000)).caption
    game = Game.parse("4p6c")
    regions = path_regions(game, "3456", solve(game, "knuth", backend="reference", first_guess="1122")
                           .game_path("3456"))[:2]
    key = [t.get_text() for t in path_acr_map(game, regions).legends[0].get_texts()]
    assert key[0] == ("framed: the 3456 path after 1122 (2 Zero, 4 Free) and\n"
                      "after 1122 3345 (2 Zero, Free {6}*, which counts as none, so column 0)")  # review r5, r10
    assert published_acr_table().note == ""


def test_notebooks_2_and_3_review_r4_fixes():
    """Review r4: the hole's cell held a number and a word in a column of numbers; the grid's axes
    called the score's pegs pins; a set of one color was a phrase in a column of sets; the column
    names "scores, AC" read as two items; the pairs checked against counting left the state before
    the first guess (the map's dashed cell) unsaid."""
    from mmlib.workbench.case_tables import (
        ONE_COLOR_NOTE, closed_form_against_count, path_regions, path_regions_table, paths_summary_table,
        same_guess_table,
    )
    from mmlib.workbench.plots import ordinal_grid_figure

    four = views.ordinal_table(4)
    assert four.note == "* The hole: the slot of the pair 3,1, which is never a score." and "13*" in four._repr_html_()
    assert "hole" not in "".join(four.frame.astype(str).to_numpy().ravel())  # said under the table only
    assert all(column in four.numeric for column in four.frame.columns)
    grid = ordinal_grid_figure(5).axes[0]
    assert (grid.get_xlabel(), grid.get_ylabel()) == ("white (pegs)", "black (pegs)")
    game = Game.parse("4p6c")
    knuth = solve(game, "knuth", backend="reference", first_guess="1122")
    path = path_regions(game, "3456", knuth.game_path("3456"))
    regions = path_regions_table(path)
    assert list(regions.frame["Free"]) == ["{3, 4, 5, 6}", "{6}*", "{6}*"]
    assert regions.note.endswith(ONE_COLOR_NOTE) and "counted as none" not in repr(regions)
    summary = paths_summary_table(game, {"3456": path})
    assert summary.note.endswith(ONE_COLOR_NOTE)
    one_region = path_regions_table(path[:1])
    assert ONE_COLOR_NOTE not in one_region.note  # no set of one color, no star to explain
    assert list(same_guess_table(game, path[:1]).frame.columns)[-2:] == ["scores computed over AC", "scores computed over ACr"]
    counted = closed_form_against_count(["3p4c", "4p6c"]).frame
    assert list(counted.columns) == ["game", "pairs", "pairs agreeing",
                                     "first guess: closed form", "first guess: count"]
    assert list(counted.iloc[1]) == ["4p6c", "15", "15", "15", "15"]
    assert list(counted.iloc[0])[-2:] == ["5", "5"]  # Bell(3): the first guesses of 3p4c by renaming colors



def test_notebooks_2_and_3_review_r5_fixes():
    """Review r5: the hole was a score in some places and no score in others; the path table said
    its one Zero set under the table (notebook 3 now says it in the sentence above it)."""
    from mmlib.workbench.case_tables import ONE_COLOR_NOTE, path_regions, path_regions_table
    from mmlib.workbench.plots import ordinal_grid_figure

    key = [t.get_text() for t in ordinal_grid_figure(5).legends[0].get_texts()]
    assert key[1] == "the hole: the slot of the pair 4,1, never a score"
    game = Game.parse("4p6c")
    path = path_regions(game, "3456", solve(game, "knuth", backend="reference", first_guess="1122")
                        .game_path("3456"))
    above = path_regions_table(path, columns=["played", "score", "|PS|", "Free", "|ACr|"])  # r6: no zero_said_above
    assert "Zero" not in above.frame.columns and above.note == ONE_COLOR_NOTE
    assert path_regions_table(path).note == f"Zero is {{1, 2}} in every region of this path. {ONE_COLOR_NOTE}"


def test_notebook_3_review_r6_fixes():
    """Review r6: the path table's option named the page's prose (now `columns`, a table's own
    choice); the summary's note ran the first-guess patterns and the star's note together (the
    patterns are said above the table now); "published |ACr|" left unclear whose sizes they are."""
    from mmlib.workbench.case_tables import (
        ONE_COLOR_NOTE, path_regions, path_regions_table, paths_summary_table, published_acr_table,
    )

    game = Game.parse("4p6c")
    path = path_regions(game, "3456", solve(game, "knuth", backend="reference", first_guess="1122")
                        .game_path("3456"))
    shown = path_regions_table(path, columns=["played", "|ACr|"])
    assert list(shown.frame.columns) == ["played", "|ACr|"] and shown.note == ""
    assert paths_summary_table(game, {"3456": path}).note == ONE_COLOR_NOTE
    assert list(published_acr_table().frame.columns) == ["game", "|Zero|", "|Free|", "seed's |ACr|", "closed form"]


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
    assert "cpu, case equivalence on" in labels and "cuda, case equivalence on" in labels
    title = figure.axes[0].get_title()
    assert f"cpu: AMD EPYC, 2 cores, engine solve-cpu {cpu_engine[1]}" in title
    assert f"cuda: {cuda_machine}, engine solve-cuda {cuda_engine[1]}" in title
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
    # The rules menu's choice shows: marked in the table, outlined in the chart, named in the caption.
    assert list(table.frame["rules"]) == ["classic", "no repeated colors (chosen)", "black pegs only"]
    assert "chosen" in legend.get_texts()[1].get_text() and "outlined" in shown.caption
    # Times: the median of several solves in ms and, in brackets, the fastest and the slowest, all to two
    # decimals (one precision in the column, so no spread collapses to 11 (11–11)); a codeword is text.
    assert f"median of {views.SOLVES_TIMED} solves" in table.note and "fastest and the slowest" in table.note
    assert "vary" in table.note and "from redraw to redraw" in table.note
    import re

    two_digits = r"(0|[1-9]\d{0,2}(,\d{3})*)\.\d\d"  # 0.91, 4.00, 11.02, 1,203.40
    for cell in table.frame[views.SOLVE_MS]:
        assert re.fullmatch(rf"{two_digits} \({two_digits}–{two_digits}\)", cell), cell
        median, fastest, slowest = (float(v.replace(",", "")) for v in re.findall(r"[\d.,]+", cell))
        assert fastest <= median <= slowest
    assert views.solve_ms_text([0.00397, 0.0031, 0.0072, 0.0040, 0.0052]) == "4.00 (3.10–7.20)"
    assert views.solve_ms_text([0.01102, 0.01095, 0.01112]) == "11.02 (10.95–11.12)"  # a spread, not 11 (11–11)
    # The spread is stated as measured, worked out from the times shown and named by its game, never a
    # bound some redraw breaks ("several times at worst" beside 0.37–37); the load average is given.
    assert "several times" not in table.note and "The widest spread here is " in table.note
    assert "not the game but this shared machine" in table.note and "load average at" in table.note
    assert views.solve_spread_text({"2p6c": [0.00033, 0.0004, 0.0012], "2p6c-norepeat": [0.00037, 0.0006, 0.0371]}) \
        == "The widest spread here is 2p6c-norepeat's: its slowest solve took 100 times its fastest (37.10 ÷ 0.37)."
    assert views.solve_spread_text({"6p6c-norepeat": [0.0046, 0.012, 0.024]}) \
        == "Here 6p6c-norepeat's slowest solve took 5.2 times its fastest (24.00 ÷ 4.60)."
    assert views.solve_spread_text({"4p6c": [0.0032, 0.007, 0.020]}).startswith("Here 4p6c's slowest solve took 6.3 times")
    assert views.load_text(7.09, 2) == ", with the machine's load average at 7.1 as they began, more work than its " \
                                       "2 cores run at once"
    assert views.load_text(float("nan"), 2) == ""
    assert views.SOLVE_MS in table.numeric and "best opening" not in table.numeric
    # The Vocabulary's names (notebook 9): "best opening" and "turns per game", in the table and the caption.
    assert "first guess" not in table.frame.columns and "average turns" not in table.frame.columns
    assert "turns per game" in table.frame.columns and "Knuth from its best opening " in shown.caption
    # No promised redraw time: the note gives the one measured around this redraw's solves.
    solves = 3 * views.SOLVES_TIMED
    assert re.search(rf"In all, this redraw's {solves} solves took [\d.,]+ ms of wall time: [\d.,]+ ms in their "
                     f"{solves} timings", table.note)
    assert "about a second" not in views.CAP_REASON
    # In ms, as the time column; its parts, as measured, add up to the whole as shown (1,203 = 710 + 452 + 41).
    assert views.redraw_solves_text(1.2034, [0.71 / 27] * 27, 0.452) == (
        "In all, this redraw's 27 solves took 1,203 ms of wall time: 710 ms in their 27 timings, 452 ms compiling or "
        "loading the solver's code and 41 ms in the rest of each solve's setup, both of which the timings leave out.")
    assert views.redraw_solves_text(0.0823, [0.061 / 27] * 27) == (
        "In all, this redraw's 27 solves took 82 ms of wall time: 61 ms in their 27 timings and 21 ms in the rest "
        "of each solve's setup, which the timings leave out.")
    for wall, timed, compiling in ((0.3049, [0.0112] * 27, 0.0049), (0.0084, [0.00028] * 27, 0.0003)):
        parts = [float(v.replace(",", "")) for v in re.findall(r"([\d.,]+) ms\b", views.redraw_solves_text(wall, timed, compiling))]
        assert len(parts) >= 2 and abs(parts[0] - sum(parts[1:])) < 1e-9, parts
    # Each game from the strategy's best opening in data/results.csv, as the notebook's tables.
    from mmlib.studies.data_tables import load_results
    from mmlib.studies.rule_variants import best_totals

    best = best_totals(load_results(rules=None).frame).query("strategy == 'knuth'").set_index("game")["first_guess"]
    assert list(table.frame["best opening"]) == [str(best[g]) for g in table.frame["game"]]
    # Beside a small no-repeat game, a classic one over the cell's cap is named, not solved.
    capped = views.rule_variant_view(game_controls(pins=4, colors=7, strategy="entropy", rules="norepeat",
                                                   max_codewords=1296))
    assert "Here 4p7c-norepeat's slowest solve took " in capped.items[1].note  # one game: no "widest" of one
    assert list(capped.items[1].frame["game"]) == ["4p7c-norepeat"]
    # ... with what data/results.csv records of it, and why the cell solves nothing larger.
    from mmlib.studies.per_game import per_game, rounded

    recorded = best_totals(load_results(rules=None).frame).query("strategy == 'entropy'").set_index("game")
    turns = {g: f"{rounded(per_game(recorded.loc[g, 'total_turns'], 2401)):.3f}" for g in ("4p7c", "4p7c-black")}
    assert (f"over the cell's cap of 1,296 codewords: 4p7c (2,401 codewords; Entropy's {turns['4p7c']} turns per "
            f"game in data/results.csv), 4p7c-black (2,401 codewords; Entropy's {turns['4p7c-black']} turns per game "
            "in data/results.csv).") in capped.items[1].note
    assert capped.items[1].note.endswith(views.CAP_REASON) and "redraw" in views.CAP_REASON
    # One rule set drawn: the chart's title says which, not "per rule set".
    assert capped.items[0].axes[0].get_title().endswith("no repeated colors only")
    assert figure.axes[0].get_title().endswith("per rule set")
    # The time column says what one solve is: every secret of the game.
    assert views.SOLVE_MS == "ms to solve all secrets" and "every secret of the game" in table.note
    # The caption says where the colors slider stops at every position, at 2 pins too (mmlib's most).
    two = game_controls(pins=2, colors=6, strategy="knuth", rules="norepeat", max_codewords=1296)
    assert views.rule_variant_view(two).caption.endswith("at 2 pins the colors go up to 15, mmlib's most")
    assert "nowrap" in two.colors_range.value  # the range text never breaks after "to"
    two.colors.value = 8
    two.pins.value = 6  # 6p6c-norepeat: the cap lowers the colors, and the caption says so, once
    caption = views.rule_variant_view(two).caption
    assert caption.endswith("; colors lowered from the 8 chosen; at 6 pins the colors go up to 6, to stay within "
                            "1,296 codewords")
    assert caption.count("the colors go up to") == 1


def test_the_rule_variant_view_marks_a_default_opening():
    """Notebook 9's widget: a game data/results.csv lacks (7p2c) plays the strategy's default opening;
    the "best opening" column and the caption say so rather than call it the best."""
    shown = views.rule_variant_view(game_controls(pins=7, colors=2, strategy="knuth", rules="classic",
                                                  max_codewords=1296))
    table = shown.items[1]
    assert list(table.frame["game"]) == ["7p2c", "7p2c-black"]
    assert all(cell.endswith(" (default)") for cell in table.frame["best opening"])
    assert "Knuth from its default opening " in shown.caption
    assert "default opening, marked (default): 7p2c, 7p2c-black." in table.note


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
    shown = proven_optima_table(optima, rules="classic", pins=4)
    table = shown.frame
    assert 0 < len(table) < 40 and "rules" not in table.columns
    assert not table["source"].str.contains("the same|no published value").any()
    # A disagreement is marked in its cell and spelled out, with the values, in the note.
    assert short_source("X 1999: 26,374, not the same") == "X 1999 (differs)"
    bulls = proven_optima_table(optima, rules="norepeat", pins=4)
    assert "(differs)" in " ".join(bulls.frame["source"]) and "4p10c-norepeat, 26,374 in fancidev 2012 tests against 26,688 here" in bulls.note
    # ... and why it differs: another, looser rule (fancidev's -po), not this rule's optimum.
    assert "(not this rule's optimum: those tests run fancidev's -po option" in bulls.note
    assert len(proven_optima_summary(optima)) <= 6
    # Every source cited is spelled out under the table, by its key.
    assert "Sources: " in shown.note and "Koyama and Lai 1993: K. Koyama and T. W. Lai" in shown.note
    # The seconds are right aligned, the dashes of older engines included; sub-millisecond ones say so.
    # A cell with no value holds a dash, not a phrase, and the note says what the dash means.
    assert "search wall time (s)" in shown.numeric
    # (a board whose search the table records as 0.000 s, whole milliseconds, is under one: 2p2c
    # made so here, as a re-measured table need not hold such a board)
    whole_game = (optima["rules"] == "classic") & (optima["objective"] == "total") & optima["max_turns_limit"].isna()
    quick = optima.copy()
    quick.loc[whole_game & (quick["game"] == "2p2c"), "seconds"] = 0.0
    two = proven_optima_table(quick, rules="classic", pins=2).frame
    assert set(two.loc[two["game"] == "2p2c", "search wall time (s)"]) <= {"< 0.001", "\u2014"}
    assert "< 0.001" in set(two.loc[two["game"] == "2p2c", "search wall time (s)"])
    assert not table.isin(["older engine", "none found"]).any().any()
    assert "A dash in that column" in shown.note and "A dash as source: no published value found" in shown.note
    assert "two significant figures" in shown.note
    # A choice with no timing of the newest engine version has no seconds column, and says why.
    black = proven_optima_table(optima, rules="black", pins=4)
    assert "search wall time (s)" not in black.frame.columns and "No search shown here was timed" in black.note
    # Nor a column that says "none found" in every row: the note says it once.
    assert "source" not in black.frame.columns and "None of these optima was published" in black.note


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


def test_notebook_6_review_r7_fixes():
    """Review r7 of notebook 6: the lowest-average counts say what a tie does (Knuth's 7 are all
    four-way ties); the benchmark table says how the file's rows make its lines; the throughput plot
    says why a column has no cpu circle; the case-equivalence map and bars come one per cell, each with
    its own note; the seed's cpu times say what REFERENCE.md does and does not record; the kernel's
    version label says what it is."""
    from mmlib.studies.data_tables import best_max_rows, load_results, load_table, strategy_summary
    from mmlib.studies.seed_comparison import load_seed_comparison
    from mmlib.workbench.plots_results import benchmarks_figure, case_equivalence_figure
    from mmlib.workbench.tables import (scoring_kernel_table, seed_times_table, solve_benchmark_table,
                                        strategy_summary_table)

    results = load_results().frame
    best = best_max_rows(results)
    summary = strategy_summary(best).set_index("strategy")
    assert (summary["lowest_alone_in"] <= summary["lowest_average_in"]).all()
    assert summary.loc["knuth", "lowest_alone_in"] == 0
    assert summary.loc["knuth", "lowest_average_in"] == summary.loc["knuth", "lowest_all_tie_in"]
    table = strategy_summary_table(best)
    assert "of them, without a tie" in table.frame.columns
    total = int(summary["lowest_average_in"].sum())
    assert f"add up to {total}, more than the {int(summary['games'].iloc[0])} games" in table.note
    assert "Knuth's 7 are exactly those: it never has the lowest average alone." in table.note
    # The 30 rows of the data-files table against the benchmark table's lines.
    solves = solve_benchmark_table(load_benchmarks().frame)
    times = int((solves.frame[["cpu s", "cuda s"]] != "–").sum().sum())
    assert solves.note.startswith(f"One line per solve: the {times} rows of data/benchmarks.csv it shows")
    assert f"make {len(solves.frame)} lines" in solves.note
    # The columns with no cpu circle, and the setting the cpu engine never timed, said under the plot.
    note = " ".join(benchmarks_figure(load_benchmarks().frame)._supxlabel.get_text().split())
    assert "No circles at 7p7c and 8p6c: engine solve-cpu 6 has not timed them on the cpu backend" in note
    # Review r10: the older runs name their machine and day, as every other timing does.
    assert ("7p7c Knuth on AMD EPYC, 2 cores 948 s with case equivalence on (solve-cpu 5, 2026-11-21)" in note
            and "No hollow circles" in note)
    # One figure per cell: the map alone has no note (the page and the share sentence say it); the bars
    # have their own, which points at the map above, not at a "top" panel.
    timing = load_table("case_equivalence_timing.csv", ("game",)).frame
    scores = case_equivalence_figure(results, timing, part="scores")
    assert len(scores.axes) == 2 and not (scores._supxlabel and scores._supxlabel.get_text())  # map and colorbar
    bars = case_equivalence_figure(results, timing, part="time")
    text = " ".join(bars._supxlabel.get_text().split())
    assert len(bars.axes) == 1 and "Left out of the bars" in text and "(the map above)" in text
    assert "Top:" not in text and "--fill-ce-scores" not in text
    with pytest.raises(ValueError):
        case_equivalence_figure(results, timing, part="left")
    # The seed's cpu times: what REFERENCE.md records, and that it names no one, no day and no load.
    cpu = seed_times_table(load_seed_comparison(), "cpu").note
    assert "does not say who ran them, on what day or under what load" in cpu
    assert "the machine type the seed's solver was built and run on" not in cpu
    kernel = scoring_kernel_table(load_benchmarks().frame, define_columns=True).note
    assert ": the commit of mmlib that measured it." in kernel
    assert "commit of mmlib" not in scoring_kernel_table(load_benchmarks().frame, brief=True).note


def test_the_gpu_diagram_writes_every_label_at_9_pt_without_raw_underscores():
    """Issue 40: the diagram's box texts and side notes were 6-7 px and showed a raw 'c_t'."""
    from matplotlib.text import Text

    from mmlib.workbench.gpu_diagram import gpu_turn_figure

    figure = gpu_turn_figure()
    figure.canvas.draw()
    texts = [t for t in figure.findobj(Text) if t.get_visible() and t.get_text()]
    assert texts and all(t.get_fontsize() >= 9 for t in texts)
    assert not any("c_t" in t.get_text().replace("$c_t$", "") for t in texts)
    # t is the turn in notebook 5: a thread is i.
    assert not any(word in t.get_text() for t in texts for word in ("thread t", "$c_t$", "rank t"))
    assert any("thread i" in t.get_text() for t in texts)


def test_the_caption_says_why_the_colors_moved_when_the_codeword_cap_stops_them():
    controls = game_controls(pins=4, colors=6, max_codewords=4096)
    box = show_interactive(lambda c: View(f"<b>{c.game.name}</b>", []), controls)
    label = box.children[-2]
    assert "4,096" not in label.value  # colors below their limit: nothing to explain
    controls.pins.value = 8  # 3**8 > 4,096: the colors slider falls to 2 by itself
    assert controls.colors.value == 2
    assert "8p2c" in label.value and "with 8 pins only 2 colors fit within 4,096 codewords" in label.value and "4,096" in label.value
    # Sliders bounded by the games of a table, not by a cap, have nothing to explain.
    limited = game_controls(pins=4, colors=6, games=["4p6c", "8p2c"])
    limited.pins.value = 8
    assert limited.cap_note() == ""


def test_the_colors_come_back_when_fewer_pins_lift_the_cap_and_their_range_is_shown():
    controls = game_controls(pins=4, colors=6, max_codewords=4096)
    assert controls.colors_range in controls.box().children
    assert "of 2 to 8" in controls.colors_range.value  # 9**4 > 4,096
    controls.pins.value = 8
    assert controls.colors.value == 2 and "only 2 colors at 8 pins" in controls.colors_range.value
    assert "colors lowered from the 6 chosen" in controls.cap_note()
    controls.pins.value = 5  # 5p5c fits: the colors rise toward the 6 chosen as far as the range allows
    assert controls.colors.value == 5 and "of 2 to 5" in controls.colors_range.value
    controls.pins.value = 4
    assert controls.colors.value == 6 and controls.cap_note() == ""
    controls.pins.value = 2
    assert controls.colors.value == 6 and "of 2 to 15" in controls.colors_range.value
    controls.colors.value = 3  # the reader's own choice is remembered, not the 6 of before
    controls.pins.value = 8
    controls.pins.value = 4
    assert controls.colors.value == 3
    # The label names what it ranges over, at the pins chosen.
    assert controls.range_text() == "of 2 to 8 colors at 4 pins"


def test_a_tables_sliders_range_over_the_games_of_the_rules_chosen():
    """Review r2 of notebook 8: with `games=` and a rules menu, the colors range (and the most pins)
    are those of the chosen rule set's games, not of every rule set's together; a view that hides the
    colors slider hides its range too, and its caption says which boards its table spans."""
    games = ["4p2c", "4p10c", "4p4c-norepeat", "4p11c-norepeat", "4p2c-black", "4p5c-black", "6p6c-norepeat",
             "8p2c", "8p2c-black"]
    controls = game_controls(pins=4, colors=6, rules="classic", games=games)
    assert controls.range_text() == "of 2 to 10 colors at 4 pins"
    controls.rules.value = "norepeat"
    assert controls.range_text() == "of 4 to 11 colors at 4 pins" and controls.pins.max == 6
    controls.rules.value = "black"
    assert controls.range_text() == "of 2 to 5 colors at 4 pins" and controls.pins.max == 8
    controls.pins.value = 8
    assert controls.range_text() == "only 2 colors at 8 pins"
    controls.hide_colors()
    assert controls.colors.layout.display == "none" and controls.colors_range.layout.display == "none"
    from mmlib.studies.optimal_table import load_optimal

    box = views.show_proven_optima(load_optimal(rules=None))
    pins, _colors, colors_range, rules = box.children[0].children[:4]
    assert colors_range.layout.display == "none"
    label = box.children[-2]
    assert "4 pins: 9 boards, 4p2c to 4p10c" in label.value
    rules.value = "black"
    assert "black pegs only, 4 pins: 4 boards, 4p2c-black to 4p5c-black" in label.value


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


def test_the_turn_histograms_count_secrets_not_games():
    """Review r8 of notebook 4: a game is 4p6c; one play is a secret, in the title and on the count axis."""
    view = views.turn_histograms_view(game_controls(pins=4, colors=6, strategy="knuth", max_codewords=4096))
    ax = view.items[0].axes[0]
    assert ax.get_xlabel() == "secrets (count)"
    assert ax.get_title().startswith("Turns to win each of the 1,296 secrets of 4p6c")


def test_strategy_results_hold_one_count_per_cell_and_a_column_per_turn():
    from mmlib.workbench.tables import strategy_results_table

    table = strategy_results_table([solve("3p3c", s, backend="reference") for s in ("knuth", "entropy")]).frame
    # Every solve wins exactly one game on turn 1 (its opening): the caption says so once, no column repeats it.
    assert [c for c in table.columns if c.startswith("on turn ")] == [
        "on turn 2 (secrets)", "on turn 3 (secrets)", "on turn 4 (secrets)"]
    assert not [c for c in table.columns if c.startswith("in ")]  # "in N turns" reads as "within N"
    assert "worst (turns)" in table.columns and "strategy" in table.columns
    assert not table.map(lambda cell: ", " in str(cell)).any().any()  # no list in a cell
    # One strategy from two openings: the strategy is said once above the table, the opening leads.
    two = strategy_results_table([solve("4p6c", "expected-size", first_guess=g) for g in ("1123", "1122")]).frame
    assert list(two.columns[:2]) == ["opening", "total turns"] and list(two["total turns"]) == ["5,696", "5,764"]


def test_strategy_results_table_headers_wrap_to_fit_the_page():
    """Review r11 of notebook 4: with every header on one line the 4p6c table ran past the page's
    right edge and hid its turn-6 column; its long column names may now wrap between their words."""
    from mmlib.workbench.tables import strategy_results_table

    table = strategy_results_table([solve("4p6c", s) for s in ("knuth", "expected-size", "entropy", "most-parts")])
    assert "on turn 6 (secrets)" in table.frame.columns
    head = table._repr_html_().split("</thead>")[0]
    assert 'nowrap;">on turn 6 (secrets)</th>' not in head and 'left;">on turn 6 (secrets)</th>' not in head
    assert 'text-align: right;">on turn 6 (secrets)</th>' in head


def test_knuths_worst_game_is_compared_not_assumed():
    """Notebook 4's worst-case tables: Knuth's minimax looks one guess ahead, so its worst game is
    the shortest on 4p6c but longer than the others' on 2p5c and 8p2c."""
    from mmlib.studies.own_picks import LONGER, SHORTER, worst_turns
    from mmlib.workbench.tables import knuth_worst_summary_table, knuth_worst_table

    worst = worst_turns(["2p5c", "4p6c", "8p2c", "3p3c"]).set_index("game")
    assert worst.loc["4p6c", ["knuth", "expected-size", "entropy", "most-parts"]].tolist() == [5, 6, 6, 6]
    assert worst.loc["4p6c", "knuth_worst"] == SHORTER
    assert worst.loc["2p5c", "knuth_worst"] == worst.loc["8p2c", "knuth_worst"] == LONGER
    summary = knuth_worst_summary_table(worst.reset_index()).frame
    assert summary["games"].tolist() == ["1", "1", "2"]
    assert knuth_worst_table(worst.reset_index()).frame["game"].tolist() == ["2p5c", "4p6c", "8p2c"]


def test_the_worst_game_table_and_the_histograms_agree_on_every_game():
    """Notebook 4's worst-game table and its histogram sliders give each strategy the same worst
    game, on every one of the games the sliders reach (8p2c: Knuth 7, Expected Size 6, Entropy 6,
    Most Parts 7, each from its own opening); both tables write the comparison in the same words."""
    from mmlib.core.strategies import Strategy
    from mmlib.studies.own_picks import worst_turns
    from mmlib.workbench.tables import knuth_worst_summary_table, knuth_worst_table
    from mmlib.workbench.widgets import games_within

    worst = worst_turns(games_within(4096)).set_index("game")
    assert len(worst) == 45
    assert worst.loc["8p2c", [s.label for s in Strategy]].tolist() == [7, 6, 6, 7]
    for name in worst.index:
        game = Game.parse(name)
        controls = game_controls(pins=game.pins, colors=game.colors, strategy="most-parts", max_codewords=4096)
        view = views.turn_histograms_view(controls)
        assert f"{worst.loc[name, 'most-parts']} at worst" in view.caption
        legend = [text.get_text() for text in view.items[0].legends[0].get_texts()]
        assert [entry.rsplit("worst ", 1)[1] for entry in legend] == [str(worst.loc[name, s.label]) for s in Strategy]
    words = set(knuth_worst_summary_table(worst.reset_index()).frame["Knuth's worst case is"])
    assert words == {"shorter", "as long", "longer"}
    assert set(knuth_worst_table(worst.reset_index()).frame["Knuth's worst case is"]) <= words


def test_the_2p5c_split_where_knuth_loses_a_turn():
    from mmlib.core.strategies import Strategy
    from mmlib.studies.own_picks import next_guess_picks, secrets_left
    from mmlib.workbench.tables import partition_table

    left = secrets_left("2p5c", [("12", (0, 0))])
    assert [Game.parse("2p5c").format_codeword(s) for s in left] == ["33", "34", "35", "43", "44", "45", "53",
                                                                      "54", "55"]
    picks = next_guess_picks("2p5c", left)
    assert picks[Strategy.KNUTH] == "33" and {picks[s] for s in Strategy if s != Strategy.KNUTH} == {"34"}
    table = partition_table("2p5c", ["33", "34"], left, picks=picks, sizes=True)
    assert table.frame["subset sizes"].tolist() == ["4 4 1", "4 2 1 1 1"]
    assert table.frame["largest subset (secrets)"].tolist() == ["4", "4"] and "guess" not in table.numeric


def test_the_published_table_reads_data_and_agrees():
    from mmlib.studies.seed_comparison import load_seed_comparison
    from mmlib.workbench.tables import published_strategies_table

    frame = published_strategies_table(load_seed_comparison()).frame
    assert len(frame) == 8 and (frame["own opening"] == "yes").sum() == 4
    assert (frame["total in the notes (turns)"] == frame["mmlib's own total (turns)"]).all()
    assert (frame["worst case in the notes (turns)"] == frame["mmlib's own worst case (turns)"]).all()
    own = frame[frame["own opening"] == "yes"].set_index("strategy")
    assert own["opening"].to_dict() == {"Knuth": "1122", "Expected Size": "1123", "Entropy": "1234",
                                        "Most Parts": "1123"}
    # Every row names the author of the rule it plays, whatever its opening ...
    rule_by = {"Knuth": "Knuth 1976", "Expected Size": "Irving 1978", "Entropy": "Neuwirth 1982",
               "Most Parts": "Kooi 2005"}
    assert [rule_by[s] for s in frame["strategy"]] == frame["rule by"].tolist()
    # ... and, apart, where the notes' total comes from: Knuth's own paper for his own total; for the
    # other own openings the notes say "the literature" but name no paper, and the cell says so rather
    # than read as a citation (review r5 of notebook 4); no source for the other openings.
    assert own["total's source"].to_dict() == {"Knuth": "Knuth 1976", "Expected Size": "unnamed papers",
                                               "Entropy": "unnamed papers", "Most Parts": "unnamed papers"}
    assert set(frame[frame["own opening"] == "no"]["total's source"]) == {"no source"}
    assert not frame["total's source"].str.contains("literature").any()
    note = published_strategies_table(load_seed_comparison()).note
    assert "Knuth printed 5,801, the total of his own rule (Knuth 1976)" in note
    assert ("for 5,696, 5,722 and 5,668 (Irving's, Neuwirth's and Kooi's rules) the notes say only that the "
            "literature agrees, and name no paper (unnamed papers)") in note
    assert "for the four totals from other openings, and all eight worst cases, they give none (no source)" in note
    assert "those of the four rules and of the optimum (Koyama and Lai 1993)" in note
    # Review r6: two sentences, and no clause that reads as an unfinished check.
    assert note.count(". ") == 1 and "not checked" not in note


def test_the_total_turns_widget_lists_every_game_of_the_pins_chosen():
    """Review r5 of notebook 4: the games its fewest-turns counts cover are shown, one pin count at a
    time: each strategy's total, and which need the fewest ("all four" where all four tie)."""
    from mmlib.studies.own_picks import total_turns
    from mmlib.workbench.tables import total_turns_table

    totals = total_turns(["2p2c", "2p5c", "4p6c", "8p2c"])
    two = total_turns_table(totals, 2).frame
    assert two["game"].tolist() == ["2p2c", "2p5c"]
    assert two["fewest turns"].tolist() == ["all four", "all but Knuth"]
    assert two["Knuth, total (turns)"].tolist() == ["8", "84"]
    four = total_turns_table(totals, 4).frame
    assert four["Most Parts, total (turns)"].tolist() == ["5,668"] and four["fewest turns"].tolist() == ["Most Parts"]
    box = views.show_total_turns(totals)
    pins, colors, colors_range = box.children[0].children[:3]
    assert colors.layout.display == "none" and colors_range.layout.display == "none"
    assert (pins.min, pins.max, pins.value) == (2, 8, 4)
    label = box.children[-2]
    assert "4 pins: 1 game, 4p6c; total turns over every secret" in label.value
    pins.value = 2
    assert "2 pins: 2 games, 2p2c to 2p5c" in label.value


def test_the_fewest_turns_table_counts_every_game_once_per_strategy():
    """Notebook 4: over the games its sliders reach, how often each strategy needs the fewest total
    turns (alone or tied) or more than another; each row adds up to the games, and the 4p6c row of
    `total_turns` names Most Parts alone, as the answer says."""
    from mmlib.studies.own_picks import total_turns
    from mmlib.workbench.tables import fewest_turns_table

    totals = total_turns(["2p2c", "2p5c", "4p6c", "8p2c"])
    assert totals.set_index("game")["fewest"].to_dict() == {
        "2p2c": ("knuth", "expected-size", "entropy", "most-parts"),
        "2p5c": ("expected-size", "entropy", "most-parts"), "4p6c": ("most-parts",), "8p2c": ("expected-size",)}
    assert totals.set_index("game").loc["4p6c", ["knuth", "expected-size", "entropy", "most-parts"]].tolist() == [
        5801, 5696, 5722, 5668]
    frame = fewest_turns_table(totals).frame.set_index("strategy").astype(int)
    # Each header names its unit (review r7: the counts are games, not turns).
    assert frame.columns.tolist() == ["games with the fewest turns, alone", "games tied for the fewest turns",
                                      "games with more turns than another"]
    assert (frame.sum(axis=1) == 4).all()
    assert frame.loc["Most Parts"].tolist() == [1, 2, 1] and frame.loc["Knuth"].tolist() == [0, 1, 3]


def test_knuths_choice_over_every_guess_is_shown():
    """Notebook 4's 2p5c example: no guess leaves fewer than 4 of the nine secrets at worst; of the
    21 guesses that leave 4, nine are possible secrets and the lowest is 33, Knuth's pick."""
    from mmlib.studies.own_picks import secrets_left
    from mmlib.workbench.tables import largest_subsets_table

    table = largest_subsets_table("2p5c", secrets_left("2p5c", [("12", (0, 0))]))
    frame = table.frame
    assert frame["largest subset (secrets)"].tolist() == ["4", "9"] and frame["guesses (of 25)"].tolist() == ["21", "4"]
    assert frame["possible secrets among them"].tolist() == ["9", "0"]
    assert frame["the lowest of those"].tolist() == ["33", "none"] and "the lowest of those" not in table.numeric


def test_notebook_8_tables_say_shared_values_once():
    """Values the same in every row go into the note: the benchmark's number of searches, the
    optimum beside the strategies' losses, the number of games of the gap table."""
    from mmlib.studies.data_tables import load_results
    from mmlib.studies.optimal_table import best_of_four, heuristic_gaps, load_optimal
    from mmlib.workbench.coach_tables import strategy_loss_summary
    from mmlib.workbench.tables import gap_table, optimal_benchmark_table, search_stats_table

    bench = optimal_benchmark_table(load_benchmarks().frame, load_optimal(rules=None))
    assert "searches timed" not in bench.frame.columns and "Median of 3 searches each" in bench.note
    assert "`" not in bench.note and "GAME --optimal" in bench.note
    # Wall time, and which boards searched in worker processes, whose CPU time no row records.
    assert "(wall time)" in bench.note and "4p6c in that process alone; 4p7c, " in bench.note
    assert "of 2,000 codewords or more, in worker processes, one per core" in bench.note
    assert list(bench.frame.columns[:2]) == ["game", "optimal total"]
    gaps = heuristic_gaps(load_optimal(), load_results().frame)
    assert "games" not in gap_table(gaps).frame.columns and "Over the 33 boards" in gap_table(gaps).note
    losses = strategy_loss_summary("3p3c")
    assert "optimum" not in losses.frame.columns and "found by the exact search" in losses.note
    assert set(losses.frame["where it loses most"]) <= {"first guess"} | {
        w for w in losses.frame["where it loses most"] if w.startswith("after ") and " scored " in w}
    # The counters in order: the three ways a position is settled first.
    stats = {"scores": 9, "nodes": 1, "cache_hits": 2, "shortcuts": 3, "cache_entries": 4}
    assert list(search_stats_table(stats).frame["counter"])[:3] == [
        "positions searched", "positions answered from the cache", "positions settled at their lower bound"]
    best = best_of_four(gaps)
    assert best.optimal_in_words().startswith("every board of fewer than") and best.worst["game"] in best.other_games


def test_the_live_proof_timings_name_their_kind_and_source():
    """Notebook 8: one proof timed four ways, each row saying what its clock covers and its source."""
    from mmlib.studies.optimal_table import load_optimal
    from mmlib.workbench.timing import live_optimal_searches, proof_timings_table

    live = live_optimal_searches("3p3c", max_turns=None, repeats=2)
    assert "measured just now on" in live.table().note and len(live.table()) == 3
    bench = pd.DataFrame([{"game": "3p3c", "strategy": "optimal", "repeats": 3, "median_s": 0.01, "cpu_util": 0.5,
                           "threads": 2, "machine": live.machine, "engine": live.engine, "mmlib_version": "abc1234",
                           "nodes": live.first.nodes_searched, "date": "2026-11-26T12:00:00", "codewords": 27}])
    table = proof_timings_table(live, load_optimal(), bench)
    assert list(table.frame["timing"]) == ["live, first search", "live, warm", "stored table", "benchmark"]
    assert table.frame["source"].iloc[2].startswith("data/optimal.csv") and "data/benchmarks.csv" in table.frame["source"].iloc[3]
    assert table.frame["CPU time (s)"].iloc[3] == "0.010" and table.frame["CPU time (s)"].iloc[2] == "\u2014"
    assert "A dash as CPU time: data/optimal.csv records no CPU time." in table.note and "CPU time (s)" in table.numeric
    # The first search's one-time costs are measured, in CPU seconds, never merely asserted.
    assert "The first live search took " in table.note
    # Live rows and stored rows name different commits: the note says whose each is.
    assert "the live rows this page's" in table.note
    # One precision per column: every time to the millisecond.
    assert all(len(cell.split(".")[1]) == 3 for cell in table.frame["wall time (s)"])
    assert all(len(cell.split(".")[1]) == 3 for cell in live.table().frame["wall time (s)"])


def test_the_independent_check_of_bulls_and_cows_is_shown_with_its_sum():
    """Notebook 8: the row by row check of 26,688 (data/possible_guesses_check.csv), its parts added
    up in the note to data/optimal.csv's optimum, where and when it ran."""
    from mmlib.studies.optimal_table import load_optimal, load_possible_guesses_check
    from mmlib.workbench.tables import possible_check_table

    check = load_possible_guesses_check()
    table = possible_check_table(check, load_optimal(rules=None))
    assert len(table.frame) == len(check) == 13 and table.frame["score"].iloc[0] == "2,2"
    assert "The two agree in all 13 parts." in table.note
    assert "5,040 turns of the first guess" in table.note and "= 26,688 turns by the independent search" in table.note
    assert "data/optimal.csv's optimum under the rule: 26,688" in table.note and "AMD EPYC, 2 cores" in table.note
    differing = check.assign(mmlib_turns=check["mmlib_turns"].where(check["score"] != "0,1", 0))
    assert "They differ in 1 of the 13 parts: 0,1." in possible_check_table(differing, load_optimal(rules=None)).note


def test_the_stored_proof_beside_its_benchmark_says_what_is_known_and_no_more():
    """Notebook 8: the stored table's seconds beside the benchmark's median, with the benchmark's fastest
    search, and no cause data/ cannot show."""
    from mmlib.studies.optimal_table import load_optimal
    from mmlib.workbench.timing import _stored_beside_benchmark

    rows = [{"timing": "stored table", "wall time (s)": 0.084}, {"timing": "benchmark", "wall time (s)": 0.0634}]
    bench = pd.DataFrame([{"median_s": 0.0634, "min_s": 0.0598, "repeats": 3, "date": "2026-11-26T22:27:47"}])
    text = _stored_beside_benchmark(load_optimal(), bench, rows)
    assert "0.084 s is one search" in text and "the median of 3 searches, the fastest of them 0.060 s" in text
    assert "the 0.021 s between them went to is not known" in text  # 0.084 - 0.063, as the table shows them
    assert "vary" not in text


def test_notebook_8_figures_name_their_games_and_hide_no_marker():
    from mmlib.core.strategies import Strategy
    from mmlib.studies.data_tables import load_results
    from mmlib.studies.optimal_table import heuristic_gaps, load_optimal
    from mmlib.workbench.plots_optimal import (heuristic_gap_figure, openings_figure, optimum_against_heuristics_figure,
                                               search_cost_figure)
    from mmlib.studies.optimal_openings import load_openings

    optima = load_optimal()
    gaps = heuristic_gaps(optima, load_results().frame)
    ax = heuristic_gap_figure(gaps).axes[0]
    drawn = [line for line in ax.get_lines() if line.get_label() in {s.title for s in Strategy}]
    # Hollow markers of four sizes, nested: where all four strategies meet (at zero) each stays visible.
    assert len({line.get_markersize() for line in drawn}) == 4
    assert all(line.get_markerfacecolor() == "none" for line in drawn)
    assert {"3p8c", "4p6c"} <= {t.get_text().split(":")[0] for t in ax.texts}
    cost = search_cost_figure(optima, load_benchmarks().frame)
    named = {t.get_text().split(":")[0] for t in cost.axes[1].texts}
    assert {"4p6c", "4p7c", "5p2c", "5p3c", "8p2c"} <= named
    # Each name gives its value (and its benchmark's): 4p8c, its benchmark and 6p4c meet at 4,096 codewords.
    texts = {t.get_text().split(":")[0]: t.get_text() for t in cost.axes[1].texts}
    assert texts["4p8c"].startswith("4p8c: ") and ", benchmark " in texts["4p8c"] and texts["6p4c"].endswith(" s")
    assert {t.get_text() for t in cost.axes[0].texts} >= {"8p2c: 453", "5p3c: 49"}
    # The first board past the dotted line (3p11c, 1,331 codewords) is paler and named with its size.
    assert any(t.get_text().startswith("3p11c (1,331 codewords)") for t in ax.texts)
    assert any(line.get_alpha() is not None and line.get_alpha() < 1 for line in ax.get_lines())
    assert "mmlib " in cost._suptitle.get_text()
    # The panel's title names what is drawn; the Vocabulary defines it once.
    assert cost.axes[0].get_title() == "Positions searched"
    bars = openings_figure(load_openings(), "4p6c").axes[0]
    assert "5,702\n+77" in {t.get_text() for t in bars.texts}
    same = optimum_against_heuristics_figure(gaps, "2p3c").axes[0]
    assert "all four strategies reach the optimum" in same.get_title()
    assert same.yaxis.get_major_formatter()(5000, 0) == "5,000"


def test_notebook_6_review_r1_fixes():
    """Review r1 of notebook 6: the GPU beside the cpu in one row with its ratio, one precision and one
    unit for timings, codewords left aligned, row counts that add up, and the openings' steps counted."""
    from mmlib.studies.data_tables import load_first_guesses, opening_steps
    from mmlib.workbench.tables import (data_files_table, opening_drops_table, readable, scoring_kernel_table,
                                        solve_benchmark_table, solve_benchmarks)

    table = solve_benchmark_table(load_benchmarks().frame)
    frame = table.frame
    assert {"cpu s", "cuda s", "cuda faster by", "cpu: billion scores/s",
            "cuda: billion scores/s"} <= set(frame)
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
    assert "Left out of the bars" in " ".join(figure._supxlabel.get_text().split())  # wherever the note wraps
    figure = benchmarks_figure(load_benchmarks().frame)
    points = [(round(float(line.get_xdata()[0]), 6), line.get_marker(), line.get_fillstyle())
              for line in figure.axes[0].get_lines() if len(line.get_xdata())]
    xs = [p[0] for p in points]
    # Two points share an x only as the cpu and the GPU of one solve, never two solves of one backend.
    assert len(set(points)) == len(points) and len(set(xs)) >= len(xs) / 2


def test_the_colors_caption_says_when_mmlibs_own_limit_stops_the_colors():
    """Review r2 of notebook 5: at 2 pins the colors slider read 'of 2 to 15' and nothing said why."""
    controls = game_controls(pins=2, colors=6, strategy="knuth", max_codewords=4096)
    assert controls.most_colors_note() == ("; with 2 pins the colors go up to 15, the most mmlib allows "
                                           "(2p15c has 225 codewords, within the 4,096)")
    controls.pins.value = 4  # the cap stops the colors at 8: cap_note's, not this one's
    assert controls.most_colors_note() == ""


def test_region_size_bins_are_written_with_separators():
    from mmlib.workbench.plots_results import region_sizes_figure

    result = solve("4p8c", "knuth", first_guess="1234", case_equivalence="off")
    ticks = [t.get_text() for t in region_sizes_figure(result).axes[0].get_yticklabels()]
    assert "513-1,024" in ticks and not any(re.search(r"\d{4}", t) for t in ticks)


def test_a_live_turn_timing_names_its_load_and_threads(capsys):
    from mmlib.workbench.timing import fastest_solve

    result = fastest_solve("3p3c", "knuth", runs=2, first_guess="112", case_equivalence="off")
    printed = " ".join(capsys.readouterr().out.split())  # the line wraps for a narrow page
    assert result.total_turns and "load average before the solves" in printed
    assert "on 1 thread: each turn computes fewer than 16,777,216 scores" in printed


def test_notebook_6_review_r3_fixes():
    """Review r3 of notebook 6: the seed's 5p8c GPU figure, whose case equivalence its documents do not
    state, beside mmlib's time both ways; ratios a reader can reproduce from the times shown; a game
    whose first guesses are not all played marked wherever its opening is shown; codewords left
    aligned at any length; solves too short to time left out of the threshold ratios; the games
    solved only as benchmarks listed."""
    from mmlib.studies.data_tables import best_max_rows, incomplete_openings, load_results, load_table
    from mmlib.studies.seed_comparison import load_seed_comparison
    from mmlib.workbench.plots_results import cell_text, results_heatmaps_figure
    from mmlib.workbench.tables import (RATIO_TITLE, TOO_SHORT, benchmark_only_games_table, best_first_guesses_table,
                                        ce_threshold_table, seed_times_table, solve_benchmark_table)

    benchmarks = load_benchmarks().frame
    gpu = seed_times_table(load_seed_comparison(), "gpu", benchmarks)
    five = gpu.frame[gpu.frame["game"] == "5p8c"]
    assert set(five["case equivalence, seed"]) == {"not stated"} and "do not say" in gpu.note
    assert sorted(five["case equivalence, mmlib"].value_counts().items()) == [("off", 4), ("on", 4)]
    seven = gpu.frame[gpu.frame["game"] == "7p7c"]
    assert list(seven["case equivalence, seed"]) == list(seven["case equivalence, mmlib"]) == ["on", "off"]
    shown = gpu.frame["mmlib s (NVIDIA H200)"].astype(float) / gpu.frame["seed s (RTX 4090)"].astype(float)
    assert list(gpu.frame["seed faster by"]) == [f"{r:.1f}x" for r in shown]
    cpu = seed_times_table(load_seed_comparison(), "cpu").frame
    assert "7.9x" in set(cpu["mmlib faster by"])  # 18.4 / 2.34, as shown
    table = solve_benchmark_table(benchmarks).frame
    paired = table[table[RATIO_TITLE] != "–"]
    ratios = paired["cpu s"].astype(float) / paired["cuda s"].astype(float)
    assert all(abs(float(r.rstrip("x")) - v) <= 0.05 * v for r, v in zip(paired[RATIO_TITLE], ratios))
    assert "44x" in set(paired[RATIO_TITLE])  # 2.34 / 0.0526, not 45x from the unrounded medians
    results = load_results().frame
    unfinished = incomplete_openings(results)
    assert {(g, s) for g, s in zip(unfinished["game"], unfinished["strategy"])} == {("6p7c", "expected-size")}
    best = best_max_rows(results)
    guesses = best_first_guesses_table(best, "6p7c", unfinished)
    assert guesses.frame["best-max first guess"].iloc[1].endswith("(so far)") and "only 6 of the 11" in guesses.note
    assert "best-max first guess" not in best_first_guesses_table(best, "2p6c").numeric
    figure = results_heatmaps_figure(best, "expected-size", incomplete=unfinished)
    outlined = [p for ax in figure.axes for p in ax.patches if p.get_edgecolor()[:3] == (1.0, 0.0, 0.0)]
    assert len(outlined) == 4 and "Expected Size 6p7c (6 of its 11 first guesses)" in " ".join(figure._supxlabel.get_text().split())
    assert not [p for ax in results_heatmaps_figure(best, "knuth", incomplete=unfinished).axes for p in ax.patches
                if p.get_edgecolor()[:3] == (1.0, 0.0, 0.0)]
    # Review r4: no codeword is broken over two lines (an 8-pin one fits its cell: see the r4 test).
    assert cell_text("1112233") == "1112233" and cell_text("11122334") == "11122334"
    threshold = ce_threshold_table(load_table("ce_threshold.csv", ()).frame)
    row = threshold.frame.set_index("game").loc["4p6c"]
    assert row["time on from 6 / on from 1"] == TOO_SHORT and "4p6c's solves take" in threshold.note
    assert row["saved scores from regions of 3-5"].endswith("%")
    only = benchmark_only_games_table(results, benchmarks).frame
    assert {"7p7c", "8p6c"} <= set(only["game"]) and not set(only["game"]) & set(results["game"])


def test_notebook_6_review_r4_fixes():
    """Review r4 of notebook 6: where the share map's two counts come from, named; "so far" in the
    cell of an opening chosen from some first guesses; every table the notebook reads counted; the
    runs behind the benchmark table exact; a tie on max and average named; an 8-pin codeword whole
    in its cell; the footnote true to each bar below 0; the spread defined and shown per game; the
    seed tables in the strategy order, a value most rows share said once."""
    from matplotlib.text import Text

    from mmlib.studies.data_tables import best_max_rows, incomplete_openings, load_results, load_table
    from mmlib.studies.seed_comparison import load_seed_comparison
    from mmlib.workbench.plots_results import (case_equivalence_counted_again, case_equivalence_figure,
                                               case_equivalence_sources, results_heatmaps_figure)
    from mmlib.workbench.tables import (best_first_guesses_table, data_files_table, seed_comparison_table,
                                        solve_benchmark_table, strategy_summary_table)

    results = load_results().frame
    best = best_max_rows(results)
    # 1. A game solved with case equivalence off had its count with it from a second solve: named.
    again = case_equivalence_counted_again(results)
    assert {"6p4c", "7p4c", "7p5c", "8p4c"} <= set(again["game"]) and "4p6c" not in set(again["game"])
    sources = case_equivalence_sources(results)
    assert "6p4c, 7p4c, 7p5c and 8p4c" in sources and "--fill-ce-scores" in sources
    # The games counted once, by a solve with it on, per backend: the reference ones named, so that
    # they and the reference games counted again add up to the time map's grey reference games.
    on_reference = best[(best["strategy"] == "knuth") & (best["backend"] == "reference")
                        & (best["case_equivalence"] == "on")]
    assert len(on_reference) and all(g in sources.split("The other")[0] for g in on_reference["game"])
    timing = load_table("case_equivalence_timing.csv", ("game",)).frame
    figure = case_equivalence_figure(results, timing)
    note = " ".join(figure._supxlabel.get_text().split())
    assert "same solve" not in figure.axes[0].get_title() and "6p4c, 7p4c, 7p5c and 8p4c" in note
    # 9. Below 0: which strategies, game by game.
    assert "5p4c (all four strategies) and 6p4c (all but Entropy)" in note
    # 2. The opening map writes "so far" in the outlined cell; 8. an 8-pin codeword stays whole.
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    maps = results_heatmaps_figure(best, "expected-size", incomplete=incomplete_openings(results))
    FigureCanvasAgg(maps).draw()
    opening = maps.axes[3]
    texts = {t.get_text(): t for t in opening.findobj(Text) if t.get_text()}
    assert "111223\nso far" in texts and "11122233" in texts
    renderer = maps.canvas.get_renderer()
    cell = opening.get_window_extent(renderer).width / len(opening.get_xticks())
    assert texts["11122233"].get_window_extent(renderer).width < cell
    assert "Grey in the time map: the 33 smallest games" in " ".join(maps._supxlabel.get_text().split())
    # One play is counted by its secret, a game is a size: "Average turns per secret", not "per game".
    assert [ax.get_title() for ax in maps.axes[:2]] == ["Average turns per secret", "Max turns (the worst secret)"]
    # 3. Every table notebook 6 reads is counted; 4. the benchmark table's 30 times and the 2 earlier runs.
    files = data_files_table().frame
    named = set(files["file"]) - {""}
    assert {"data/case_equivalence_timing.csv", "data/ce_threshold.csv", "data/seed_comparison.csv"} <= named
    earlier = files[files["rows of"].str.startswith("earlier runs")]
    shown = solve_benchmark_table(load_benchmarks().frame)
    times = int((shown.frame[["cpu s", "cuda s"]] != "–").sum().sum())
    from mmlib.workbench.tables import notebook_6_cell

    assert (files["shown in"] == notebook_6_cell("benchmark table")).any()
    assert int(files.loc[files["shown in"] == notebook_6_cell("benchmark table"), "rows"].iloc[0]) == times
    # Review r6: short value columns; every row left out says why in the note.
    assert not files["rows of"].str.contains(": ").any() and "Left out: " in data_files_table().note
    assert len(earlier) == 1 and "two or more" not in shown.note and "two runs each of" in shown.note
    # 10. The spread: defined in the summary's note, and given for the chosen game.
    assert "median game" not in strategy_summary_table(best).note
    assert "The spread in 4p6c" in best_first_guesses_table(best, "4p6c").note
    # Review r6: where the four strategies agree, one sentence instead of four equal rows.
    tied = best_first_guesses_table(best, "2p6c")
    assert tied.frame.columns.empty and tied.note.startswith("All four strategies") and "<table" not in tied._repr_html_()
    # 11. The seed's turn counts in the strategy order, then by first guess; values most rows share said once.
    turns = seed_comparison_table(load_seed_comparison(), "turns")
    order = ["Knuth", "Expected Size", "Entropy", "Most Parts"]
    strategies = list(dict.fromkeys(turns.frame["strategy"]))
    assert strategies == order
    # Review r12: the one row that differs is marked †, no column blank but in that row.
    assert "agreement" not in turns.frame.columns and "seed's figure from" not in turns.frame.columns
    assert turns.frame["first guess"].str.endswith(" †").sum() == 1 and "† " in turns.note and "differs" in turns.note
    scores = seed_comparison_table(load_seed_comparison(), "scores")
    assert "agreement" not in scores.frame.columns and "agree in every row" in scores.note
    # 5. A tie on max and average: the caption names the other first guess.
    from mmlib.workbench import views
    from mmlib.workbench.widgets import game_controls

    view = views.results_view(results, best)(game_controls(pins=4, colors=2, strategy="knuth"))
    assert "tied with 1122 on max and average" in view.caption


def test_search_cost_labels_sit_on_their_own_points_and_cover_nothing():
    """Notebook 8's cost figure: each name's anchor is its board's point (its codewords and its value in
    data/optimal.csv), with a line to it; the name covers no line, no marker and no other name, stays
    inside its panel, and is nearer its own point than any other; the benchmark's stars are hollow and
    drawn under the points; the note names the boards it leaves out."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.path import Path
    from matplotlib.text import Text
    from matplotlib.transforms import Bbox

    from mmlib.studies.optimal_table import load_optimal
    from mmlib.workbench.plots_optimal import COST_LABELS, SAME_PLACE_PT, search_cost_figure

    optima = load_optimal()
    cost = search_cost_figure(optima, load_benchmarks().frame)
    canvas = FigureCanvasAgg(cost)
    canvas.draw()
    renderer = canvas.get_renderer()
    rows = optima[(optima["objective"] == "total") & optima["max_turns_limit"].isna()].set_index("game")
    for ax, column, floor in zip(cost.axes, ("nodes", "seconds"), (1, 1e-3)):
        # Each name is its board's, then its value ("4p8c: 177,180"; "4p8c: 7.4 s, benchmark 6.6 s").
        names = [t for t in ax.texts if t.get_text().split(":")[0] in COST_LABELS]
        assert {t.get_text().split(":")[0] for t in names} == set(COST_LABELS) & set(rows.index)
        paths, markers = [], []
        for line in ax.get_lines():
            xy = ax.transData.transform(line.get_xydata())
            if line.get_linestyle() not in ("None", "none", ""):
                paths.append(Path(xy))
            r = line.get_markersize() * cost.dpi / 72 / 2
            markers += [(x, y, Bbox.from_extents(x - r, y - r, x + r, y + r)) for x, y in xy]
        frame = ax.get_window_extent(renderer)
        boxes = []
        for name in names:
            row = rows.loc[name.get_text().split(":")[0]]
            assert name.xy == (row["codewords"], max(row[column], floor))  # anchored at its own point
            assert name.arrow_patch is not None  # with a line to it
            box = Text.get_window_extent(name, renderer)  # the name alone, not its line
            assert frame.contains(box.x0, box.y0) and frame.contains(box.x1, box.y1)
            assert not any(path.intersects_bbox(box, filled=False) for path in paths), name.get_text()
            assert not any(box.overlaps(marker) for _x, _y, marker in markers), name.get_text()
            assert not any(box.overlaps(other) for other in boxes), name.get_text()
            boxes.append(box)
            # Nearer its own point than any other named point (4p8c's name beside 6p4c's point would be
            # read as 6p4c's); points closer than a marker's width are one place.
            own = ax.transData.transform(name.xy)

            def gap(x, y):
                return np.hypot(max(box.x0 - x, 0, x - box.x1), max(box.y0 - y, 0, y - box.y1))
            same = SAME_PLACE_PT * cost.dpi / 72
            others = [gap(*ax.transData.transform(other.xy)) for other in names if other is not name
                      and np.hypot(*(ax.transData.transform(other.xy) - own)) > same]
            assert all(gap(*own) < other for other in others), name.get_text()
    stars = [line for line in cost.axes[1].get_lines() if line.get_marker() == "*"]
    assert stars and all(line.get_markerfacecolor() == "none" for line in stars)
    assert all(line.get_zorder() < 2 for line in stars)  # under the lines and their points
    note = " ".join(t.get_text() for t in cost.axes[0].texts).replace("\n", " ")
    assert "The boards left out: 4p9c, 5p6c and 4p10c." in note or "Left out" not in note


def test_notebook_5_review_r5_fixes():
    """Review r5 of notebook 5: turn 2 of the turn-by-turn plot took three times turn 1 for fewer scores
    (other work had held the core: each bar now shows its turn's CPU time beside the wall clock); the
    benchmark figure's cpu line stopped at 6p6c with no word why under it; one solve had two wall times
    on the page, unreconciled."""
    from mmlib.core.strategies import Strategy
    from mmlib.workbench.timing import _beside_live

    # Each turn of a cpu solve records its CPU time, drawn as a black line across its bar and given in
    # its label; the reference backend records none, and its bars stand alone.
    cpu = solve("4p6c", "knuth", backend="cpu", first_guess="1122", case_equivalence="off")
    assert sum(s.cpu_s for s in cpu.turn_stats) > 0
    left = turn_seconds_figure(cpu).axes[0]
    assert len(left.collections) == 1 and len(left.collections[0].get_segments()) == len(cpu.turn_stats)
    assert all("CPU" in t.get_text() for t in left.texts) and "CPU" in left.get_title()
    reference = solve("3p3c", "knuth", backend="reference", first_guess="112", case_equivalence="off")
    plain = turn_seconds_figure(reference).axes[0]
    assert not plain.collections and not any("CPU" in t.get_text() for t in plain.texts)

    # Under the benchmark figure: which points a backend's current engine has not timed, and which of
    # them an older engine did (left out of the figure).
    def row(backend, game, codewords, ce, engine, seconds):
        return {"date": "2026-01-02", "game": game, "codewords": codewords, "backend": backend,
                "strategy": "knuth", "case_equivalence": ce, "first_guess": "1", "median_s": seconds,
                "machine": "NVIDIA H200" if backend == "cuda" else "AMD EPYC, 2 cores",
                "cpu_model": "AMD EPYC", "cores": 2, "engine": engine, "mmlib_version": "abc1234"}
    cpu_engine, cuda_engine = f"solve-cpu {ENGINE_VERSIONS['solve-cpu']}", f"solve-cuda {ENGINE_VERSIONS['solve-cuda']}"
    table = pd.DataFrame([row("cpu", "5p8c", 32768, "on", cpu_engine, 0.7),
                          row("cpu", "7p7c", 823543, "on", "solve-cpu 1", 900.0),
                          row("cuda", "5p8c", 32768, "on", cuda_engine, 0.06),
                          row("cuda", "7p7c", 823543, "on", cuda_engine, 3.6),
                          row("cuda", "7p7c", 823543, "off", cuda_engine, 5.7)])
    note = " ".join(backend_timings_figure(table)._supxlabel.get_text().split())
    assert (f"Not drawn: cpu with case equivalence off (no line) and cpu at 7p7c with case equivalence on, "
            f"which engine {cpu_engine} has not timed (older cpu engines timed 7p7c with case equivalence on: "
            "they are among the rows left out).") in note
    assert "Not drawn: cuda" in note  # cuda has no 5p8c with case equivalence off
    # One backend alone (the live figure): its settings split the games by design, nothing to say.
    alone = backend_timings_figure(table[table["backend"] == "cpu"])._supxlabel
    assert alone is None or "Not drawn" not in alone.get_text()

    # The live table's time of the same solve, beside this table's wall time, and why they differ.
    # Review r7: both with their CPU times, and the reason the times show (a wall time far above its CPU
    # time: the solves waited while other work held the core), never "other runs, picked another way".
    live = pd.DataFrame([{"game": "4p6c", "strategy": "knuth", "backend": "cpu", "first_guess": "1122",
                          "case_equivalence": "on", "repeats": 3, "median_s": 0.0090, "cpu_s": 0.0029}])
    rows = [{"case equivalence": "off", "wall s": 0.0073, "CPU s": 0.0052},
            {"case equivalence": "on", "wall s": 0.0029, "CPU s": 0.0029}]
    text = _beside_live(live, cpu, Strategy.parse("knuth"), rows)
    assert ("(case equivalence on), the median of 3 other solves, each around the whole call: 0.0090 s wall, "
            "0.0029 s CPU; this row, the solve of least CPU time here: 0.0029 s wall, 0.0029 s CPU.") in text
    assert "its wall time is 3.1 times its CPU time, while other work on the machine held the core" in text
    assert "picked another way" not in text
    assert _beside_live(live.assign(first_guess="1123"), cpu, Strategy.parse("knuth"), rows) == ""
    # The same wall times within a fifth: nothing to explain.
    alike = _beside_live(live.assign(median_s=0.0030), cpu, Strategy.parse("knuth"), rows)
    assert alike.endswith("0.0029 s CPU.")


def test_notebook_5_review_r7_fixes():
    """Review r7 of notebook 5: the live table's 4p6c median, three times its neighbours', had no CPU time
    beside it; the turn-by-turn bars' labels did not add up to the title's total nor give its share back;
    the one-at-a-time ratios came from seconds the figure does not show; 8p6c's low GPU rate had no word;
    a claim of 3p4c's turns had no cell; the diagram's host syncs were not glossed; and '1.0 ms' beside
    'CPU 1.00 ms' (format_seconds wrote a value that rounds up to 1 with one digit too many)."""
    from mmlib.core.results import TurnStats
    from mmlib.studies.data_tables import load_table
    from mmlib.workbench.plots_results import one_at_a_time_ratios, turn_seconds_line, turn_times_shown
    from mmlib.workbench.tables import gpu_alone_table

    assert [format_seconds(v) for v in (0.9996, 1.0004, 0.0999, 9.96, 0.00999)] == ["1.0", "1.0", "0.10", "10", "0.010"]

    # The live table: max turns and CPU s beside the median wall time; a row whose wall time stands far
    # above its CPU time is named in the note with both, and the rate's drop is put down to the wait.
    live = pd.DataFrame([{"game": g, "codewords": n, "first_guess": "1122", "backend": "cpu", "case_equivalence": "on",
                          "max_turns": 5, "median_s": wall, "cpu_s": cpu, "scores": 1_123_234,
                          "machine": "AMD EPYC, 2 cores", "engine": "solve-cpu 6", "mmlib_version": "abc1234"}
                         for g, n, wall, cpu in (("4p6c", 1296, 0.0090, 0.0029), ("5p5c", 3125, 0.028, 0.026))])
    table = timings_table(live)
    assert list(table.frame.columns)[4:7] == ["max turns", "median s", "CPU s"]
    assert "(4p6c: 0.0090 s against 0.0029 s, 3.1 times)" in table.note and "5p5c:" not in table.note
    assert "held the core, so the rate, from the wall time, is the lower for it" in table.note
    calm = timings_table(live.assign(median_s=live["cpu_s"]))
    assert "stretched none by much" in calm.note

    # The bars' labels, three significant figures, add up to the title's total, which gives the share.
    turns = [TurnStats(t, 10, 1, 1, phase1_s=0.0, phase2_s=s, cpu_s=s) for t, s in
             enumerate((0.00234, 0.00204, 0.000470, 0.0000700, 0.0000490), 1)]
    result = solve("3p3c", "knuth", first_guess="112", case_equivalence="off")
    result.turn_stats = turns
    shown = turn_times_shown(result)
    assert shown["wall"] == ["2.34", "2.04", "0.470", "0.0700", "0.0490"] and shown["unit"] == "ms"
    assert turn_seconds_line(result).startswith("turns 1 and 2: 88% of 4.97 ms in all")
    left = turn_seconds_figure(result).axes[0]
    assert left.get_title() == "Time per turn, 4.97 ms in all (CPU 4.97 ms)"
    assert left.texts[0].get_text() == "2.34 ms\nCPU 2.34 ms"

    # The one-at-a-time ratios, from the seconds as the figure shows them.
    frame = pd.DataFrame([{"game": "4p6c", "strategy": "knuth", "method": m, "median_s": s, "machine": "AMD EPYC, 2 cores",
                           "engine": "solve-cpu 5", "mmlib_version": "abc1234", "date": "2026-11-23", "threads": 1,
                           "repeats": 3, "codewords": 1296}
                          for m, s in (("all at once (solve, cpu)", 0.02149), ("one at a time, no cache", 7.14),
                                       ("one at a time, cache of positions", 0.2649))])
    assert one_at_a_time_ratios(frame) == {"one at a time, cache of positions": ("12", "12"),
                                           "one at a time, no cache": ("338", "338")}

    # 8p6c's one solve had no warm-up solve before it: the note says so, and gives the warm one of gpu_ab.csv.
    note = gpu_alone_table(load_benchmarks().frame, ab=load_table("gpu_ab.csv", ("game", "seconds")).frame).note
    if "--no-warm-up" in note:
        assert "is an open question" in note and "an untimed warm-up solve of 8p6c itself, then the same solve timed, in" in note
        assert "The table keeps the bench run" in note
        assert "SUBSET_COUNTER_LAYOUT" not in note  # the setting in words, not a config name

    # The GPU diagram glosses its host syncs and scans.
    texts = " ".join(t.get_text() for ax in gpu_turn_figure().axes for t in ax.texts)
    assert "the CPU waits for the GPU" in texts and "running sums" in texts and " game" not in texts


def test_packed_against_plain_table_says_once_what_every_row_shares():
    """Notebook 1's check of the packed kernels: no column repeats "yes" in every row; the note says
    it once, with the pairs and games checked, and names the pins of a game whose check failed."""
    from mmlib.core.scoring_variants import packed_against_plain
    from mmlib.workbench.tables import packed_against_plain_table

    checks = packed_against_plain(max_codewords=40)
    table = packed_against_plain_table(checks)
    assert "packed = plain" not in table.frame.columns and len(table) == len(checks)
    assert table.note == (f"Both packed kernels gave the plain score on every pair: {int(checks['pairs'].sum()):,} "
                          f"pairs in {int(checks['games'].sum()):,} games.")
    failed = checks.assign(**{"packed = plain": checks["pins"] != 3})
    assert packed_against_plain_table(failed).note.startswith("A packed kernel differed from the plain score at 3 pins")


def test_live_beside_stored_table_follows_each_variant_from_the_stored_time_to_the_live_one(tmp_path):
    """The stored ns per score (as the seed's workload table shows them), the same work replayed just
    now by the wall clock and by CPU time, every pair by CPU time and by the wall clock (as the live
    table shows it), and live ÷ stored computed from the values as shown."""
    from mmlib.core.scoring_variants import time_variants
    from mmlib.studies.data_tables import load_table
    from mmlib.studies.seed_workloads import knuth_workload, replay_workload
    from mmlib.workbench.plots import significant
    from mmlib.workbench.tables import live_beside_stored_table, scoring_variants_table, scoring_workload_table

    timings = time_variants("2p3c", repeats=1)
    assert (timings["ns_per_score_cpu"] > 0).all()
    replay = replay_workload(knuth_workload("3p3c", "112"), repeats=1)
    assert list(replay["variant"]) == list(timings["variant"]) and (replay["ns_per_score_cpu"] > 0).all()
    stored = load_table("seed_scoring_workload.csv", ("variant", "workload_s"))
    table = live_beside_stored_table(timings, replay, stored)
    frame = table.frame
    assert list(frame.columns) == ["variant", "stored, the seed's workload, wall (ns per score)",
                                   "just now, the seed's workload, wall (ns per score)",
                                   "just now, the seed's workload, CPU (ns per score)",
                                   "just now, every pair, CPU (ns per score)",
                                   "just now, every pair, wall (ns per score)", "live ÷ stored"]
    shown = scoring_workload_table(stored).frame.set_index("variant")["ns per score"]
    assert list(frame["stored, the seed's workload, wall (ns per score)"]) == [shown[f"mmlib: {v}"] for v in frame["variant"]]
    live = scoring_variants_table(timings).frame.set_index("variant")["ns per score"]
    assert list(frame["just now, every pair, wall (ns per score)"]) == [live[v] for v in frame["variant"]]

    def number(text):
        return float(text.replace(",", ""))

    for row in frame.itertuples(index=False):
        assert row[6] == significant(number(row[5]) / number(row[1]))
    assert this_machine() in table.note and "best of 1 runs" in table.note and "load average" in table.note
    assert "In this run the wall" in table.note  # what the wall and CPU columns show of this run's waiting
    missing = load_table("seed_scoring_workload.csv", ("variant", "workload_s"), data_dir=tmp_path)
    assert len(live_beside_stored_table(timings, replay, missing)) == 0


def test_the_live_timing_and_the_replay_take_turns_in_one_timing():
    """`time_variants_beside_replay` gives the frames of `time_variants` and `replay_workload` (the
    same columns, variants and work), its runs taking turns, and the table beside the stored times
    says so in its note, with one load average."""
    from mmlib.core.scoring_variants import time_variants
    from mmlib.studies.data_tables import load_table
    from mmlib.studies.seed_workloads import knuth_workload, replay_workload, time_variants_beside_replay
    from mmlib.workbench.tables import live_beside_stored_table

    workload = knuth_workload("3p3c", "112")
    timings, replay = time_variants_beside_replay(workload, repeats=2)
    alone, replayed = time_variants("3p3c", repeats=1), replay_workload(workload, repeats=1)
    assert list(timings.columns) == list(alone.columns) and list(replay.columns) == list(replayed.columns)
    for mine, theirs, same in ((timings, alone, ["variant", "guesses", "scores"]),
                               (replay, replayed, ["variant", "every", "searches", "scores"])):
        assert mine[same].equals(theirs[same])
    assert (timings["runs"] == 2).all() and (replay["runs"] == 2).all()
    assert replay["alternating"].all() and not replayed["alternating"].any()
    assert (timings["best_cpu_s"] <= timings["best_s"]).all() and (replay["best_cpu_s"] <= replay["best_s"]).all()
    stored = load_table("seed_scoring_workload.csv", ("variant", "workload_s"))
    note = live_beside_stored_table(timings, replay, stored).note
    assert "runs taking turns" in note and note.count("load average") == 1
    assert "runs taking turns" not in live_beside_stored_table(alone, replayed, stored).note


def test_the_two_figures_of_ns_per_score_in_notebook_1_share_their_range():
    """The live figure and the seed's workload's figure both draw ns per score over one range, so
    that a dot sits at the same place in both for the same time."""
    from mmlib.core.scoring_variants import time_variants
    from mmlib.studies.data_tables import load_table
    from mmlib.workbench.plots import NS_PER_SCORE_RANGE, ns_per_score_limits, scoring_variants_figure
    from mmlib.workbench.plots_results import seed_scoring_figure

    timings = time_variants("2p3c", repeats=1)
    live = scoring_variants_figure(timings, "2p3c").axes[0]
    seed = seed_scoring_figure(load_table("seed_scoring_workload.csv", ("variant", "workload_s"))).axes[0]
    assert live.get_xlim() == pytest.approx(ns_per_score_limits(timings["ns_per_score"]))
    assert seed.get_xlim() == pytest.approx(NS_PER_SCORE_RANGE)
    assert "ns" in live.get_xlabel() and "ns" in seed.get_xlabel() and seed.get_xscale() == live.get_xscale() == "log"
    assert live.get_ylabel() == "scoring variant (blue: mmlib)" and seed.get_ylabel().startswith("scoring variant")
    assert all(re.fullmatch(r"[\d,.]+ ns \([\d,.]+ s\)", t.get_text()) for t in seed.texts)


def test_notebook_6_cells_named_in_the_data_files_table():
    """Review r8 of notebook 6: the data-files table says where each table is shown by its cell number;
    each number is the stored notebook's cell that calls the function drawing that table."""
    import json

    from mmlib.core.files import DATA_DIR
    from mmlib.workbench.tables import NOTEBOOK_6_CELLS

    calls = {"benchmark-only games": "benchmark_only_games_table(", "time-saved bars": 'part="time"',
             "threshold table": "ce_threshold_table(", "4p6c turns table": '"turns")',
             "7p7c scores table": '"scores")', "GPU times, 7p7c": '"7p7c"', "GPU times, 5p8c": '"5p8c"',
             "cpu times table": '"cpu", benchmarks.frame)', "benchmark table": "solve_benchmark_table(",
             "scoring kernel table": "scoring_kernel_table("}
    assert set(calls) == set(NOTEBOOK_6_CELLS)
    notebook = json.loads((DATA_DIR.parent / "notebooks" / "06_results.ipynb").read_text())
    cells = {c["execution_count"]: "".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code"}
    for name, number in NOTEBOOK_6_CELLS.items():
        assert calls[name] in cells.get(number, ""), (name, number)


def test_the_two_figures_of_ns_per_score_in_notebook_1_put_their_axes_at_one_place_and_color():
    """The axes frame begins and ends at the same x in both figures as the page shows them (cropped
    to what they draw), so that over their one range (the test above) a decade is as wide and 1 ns
    at the same x in both; no name runs into the y label; mmlib's dots are the same blue in both."""
    import io

    from matplotlib.colors import to_hex

    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from mmlib.core.scoring_variants import time_variants
    from mmlib.studies.data_tables import load_table
    from mmlib.workbench.plots import MMLIB_DOT_COLOR, scoring_variants_figure
    from mmlib.workbench.plots_results import seed_scoring_figure

    figures = [scoring_variants_figure(time_variants("2p3c", repeats=1), "2p3c"),
               seed_scoring_figure(load_table("seed_scoring_workload.csv", ("variant", "workload_s")))]
    placed = []
    for fig in figures:
        fig.savefig(io.BytesIO(), format="png", bbox_inches="tight")
        renderer = FigureCanvasAgg(fig).get_renderer()
        fig.draw(renderer)
        ax = fig.axes[0]
        left = fig.get_tightbbox(renderer).x0 * fig.dpi  # where the page's image begins
        label = ax.yaxis.label.get_window_extent(renderer)
        assert all(t.get_window_extent(renderer).x0 > label.x1 for t in ax.get_yticklabels())
        frame = ax.get_window_extent(renderer)
        placed.append((fig.get_figwidth(), round(frame.x0 - left, 3), round(frame.x1 - left, 3)))
    assert placed[0] == placed[1]
    live_dots = {to_hex(line.get_color()) for line in figures[0].axes[0].lines}
    seed_dots = {to_hex(c) for c in figures[1].axes[0].collections[0].get_facecolors()}
    assert live_dots == {MMLIB_DOT_COLOR} and MMLIB_DOT_COLOR in seed_dots


def test_turn_by_turn_plot_and_case_equivalence_table_show_one_solve(capsys):
    """Review r8 of notebook 5: the turn-by-turn plot and the case-equivalence table timed the same
    solve in two runs, picked by two rules, whose CPU times differed by half. Now both come from one set
    of interleaved solves, by one rule (least CPU time): the table's off row is the plot's very solve,
    and the note gives the range of each setting's CPU times, claiming no immunity to load."""
    from mmlib.workbench.timing import case_equivalence_beside, interleaved_solves

    solves = interleaved_solves("3p3c", "knuth", runs=2, first_guess="112")
    printed = " ".join(capsys.readouterr().out.split())
    assert "the solve of least CPU time of 2 with case equivalence off" in printed
    plotted = solves.result("off")
    assert plotted is min(solves.solves["off"], key=solves.cpu_s)[0]
    table = case_equivalence_beside("3p3c", turn_by_turn=plotted, turn_by_turn_runs=2, solves=solves)
    note = " ".join(table.note.split())
    assert "The off row is the very solve drawn turn by turn above" in note
    assert "ranged from" in note and "stretches far less" not in note
    assert table.frame["scores computed"].tolist() == [f"{solves.result(s).scores:,}" for s in ("off", "on")]


def test_black_scores_text_explains_black_pegs_only_slower():
    """Notebook 9's widget note says why black pegs only does more work than classic on as many codewords,
    from the scores the two solves computed; it names the time only where the ranges do not overlap, and
    says nothing where the times show it faster."""
    from mmlib.core.strategies import Strategy

    results = {rules: solve(Game(4, 6, rules), Strategy.KNUTH, "cpu") for rules in ("classic", "black")}
    assert results["black"].scores > results["classic"].scores
    text = views.black_scores_text(results, {"classic": [0.002], "black": [0.004]})
    ratio = results["black"].scores / results["classic"].scores
    assert f"4p6c-black's solve scored {results['black'].scores:,} guess–secret pairs" in text
    assert f"{ratio:.1f} times 4p6c's {results['classic'].scores:,}" in text and "more turns" in text
    assert views.black_scores_text(results, {"classic": [0.004], "black": [0.002]}) == ""
    # Stated as work; a time only where the ranges do not overlap (review 12)
    assert "does more work on as many codewords, and its median is higher." in text and "takes longer" not in text
    overlapping = views.black_scores_text(results, {"classic": [0.0037, 0.0111], "black": [0.0070, 0.0080]})
    assert overlapping.endswith("does more work on as many codewords; here the ranges overlap, so this redraw's "
                                "times cannot show it.") and "median is higher" not in overlapping
    assert views.black_scores_text({"classic": results["classic"]}, {"classic": [0.002]}) == ""


def test_a_note_keeps_a_game_with_a_rule_set_whole():
    """Notebook 9's widget note: '4p6c-black' never splits at its hyphen at a line's end (review 9)."""
    from mmlib.workbench.tables import note_html

    text = note_html("4p6c-black's solve, 4p6c's, on `solve-cpu 6`", whole_names=True, whole_games=True)
    assert text.startswith('<span style="white-space: nowrap">4p6c-black</span>&#x27;s solve, 4p6c&#x27;s')
    assert "\0" not in text and "\1" not in text
    assert note_html("4p6c-black", whole_names=True) == "4p6c-black"  # other tables unchanged


def test_notebook_3_review_r12_one_secret_note():
    """Review r12: a region of one secret showed an |ACr| that no search ever uses, unsaid under the
    path and summary tables."""
    from mmlib.workbench.case_tables import (
        ONE_COLOR_NOTE, ONE_SECRET_NOTE, path_regions, path_regions_table, paths_summary_table,
    )

    game = Game.parse("4p6c")
    knuth = solve(game, "knuth", backend="reference", first_guess="1122")
    path = path_regions(game, "3632", knuth.game_path("3632"))
    assert len(path[-1].ps) == 1
    assert path_regions_table(path).note == f"{ONE_SECRET_NOTE} {ONE_COLOR_NOTE}"
    assert ONE_SECRET_NOTE in paths_summary_table(game, {"3632": path}).note
    assert ONE_SECRET_NOTE not in path_regions_table(path[:-1]).note
