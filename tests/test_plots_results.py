"""Fast checks of the figures and table loaders of notebooks 5 and 6 (about 3 s in all).

Solves use the `reference` backend on games of at most 27 codewords, so these
tests compile no parallel kernels.
"""

import numpy as np
import pandas as pd
import pytest
from matplotlib.figure import Figure

from mmlib import solve
from mmlib.studies.data_tables import (best_max_rows, live_backends, load_benchmarks, load_first_guesses,
                               load_results, real_gpu_present, strategy_summary, time_solves)
from mmlib.workbench.plots_results import (backend_timings_figure, benchmarks_figure, first_guesses_figure,
                                 heatmap_grid, region_size_counts, region_sizes_figure,
                                 regions_per_turn_figure, results_heatmap_figure,
                                 scores_per_turn_figure, size_bins)
from mmlib.workbench.tree_render import strategy_tree_figure, tree_layout


@pytest.fixture(scope="module")
def toy():
    return solve("3p3c", "knuth", backend="reference", first_guess="112")


def assert_labelled(fig: Figure):
    """Every figure has a title and both axis labels."""
    assert isinstance(fig, Figure)
    ax = fig.axes[0]
    assert ax.get_title().strip()
    assert ax.get_xlabel().strip() and ax.get_ylabel().strip()


def results_rows():
    """A hand-made results table: for 3p3c/knuth the best max is 112 (max 3 beats 4), then
    lower average decides between two rows of equal max in 2p3c."""
    return pd.DataFrame([
        {"game": "3p3c", "strategy": "knuth", "first_guess": "111", "total_turns": 90, "max_turns": 4,
         "average_turns": 90 / 27, "seconds": 0.5, "backend": "cpu"},
        {"game": "3p3c", "strategy": "knuth", "first_guess": "112", "total_turns": 95, "max_turns": 3,
         "average_turns": 95 / 27, "seconds": 0.25, "backend": "cpu"},
        {"game": "2p3c", "strategy": "knuth", "first_guess": "11", "total_turns": 30, "max_turns": 4,
         "average_turns": 30 / 9, "seconds": 0.1, "backend": "cpu"},
        {"game": "2p3c", "strategy": "knuth", "first_guess": "12", "total_turns": 28, "max_turns": 4,
         "average_turns": 28 / 9, "seconds": 0.2, "backend": "cpu"},
        {"game": "2p3c", "strategy": "entropy", "first_guess": "12", "total_turns": 27, "max_turns": 4,
         "average_turns": 27 / 9, "seconds": 0.3, "backend": "cpu"},
    ])


# -- regions per turn ------------------------------------------------------------


def test_region_sizes_agree_with_the_turn_statistics(toy):
    sizes = toy.tree.region_sizes_per_turn()
    assert list(sizes[0]) == [toy.game.size]
    assert [int(s.sum()) for s in sizes] == [t.games_active for t in toy.turn_stats]
    assert [len(s) for s in sizes[1:]] == [t.regions for t in toy.turn_stats[:-1]]
    assert sum(len(s) for s in sizes) == len(toy.tree)


def test_size_bins_cover_every_size_once():
    for largest in (1, 2, 3, 27, 1296):
        bins = size_bins(largest)
        covered = [size for low, high in bins for size in range(low, high + 1)]
        assert covered[: largest] == list(range(1, largest + 1))
        assert len(covered) == len(set(covered))


def test_region_size_counts_count_every_region(toy):
    _bins, counts = region_size_counts(toy)
    assert list(counts.sum(axis=0)) == [len(s) for s in toy.tree.region_sizes_per_turn()]


def test_turn_figures_are_labelled(toy):
    for make in (regions_per_turn_figure, region_sizes_figure, scores_per_turn_figure):
        fig = make(toy)
        assert_labelled(fig)
        assert toy.game.name in fig.axes[0].get_title()


# -- the strategy tree -------------------------------------------------------------


def test_tree_layout_puts_parents_between_their_children(toy):
    tree = toy.tree
    shown, x, y = tree_layout(tree)
    assert len(shown) == len(tree)
    kids = tree.children()
    leaves = [node for node in range(len(tree)) if not kids[node]]
    assert sorted(y[leaves]) == list(range(len(leaves)))  # one row per leaf
    for node in range(len(tree)):
        if kids[node]:
            assert min(y[kids[node]]) <= y[node] <= max(y[kids[node]])
    assert np.array_equal(x, tree.depth)


def test_tree_layout_stops_at_max_depth(toy):
    shown, _x, _y = tree_layout(toy.tree, max_depth=1)
    assert set(toy.tree.depth[shown]) == {0, 1}
    assert len(shown) == 1 + toy.turn_stats[0].regions
    with pytest.raises(ValueError, match="max_depth"):
        tree_layout(toy.tree, max_depth=-1)


def test_tree_figure_is_labelled_and_refuses_huge_trees(toy):
    fig = strategy_tree_figure(toy.tree)
    assert "3p3c" in fig.axes[0].get_title() and fig.axes[0].get_xlabel()
    big = solve("4p5c", "knuth", backend="reference", first_guess="1122")
    assert len(big.tree) > 400
    with pytest.raises(ValueError, match="max_depth"):
        strategy_tree_figure(big.tree)
    fig = strategy_tree_figure(big.tree, max_depth=1)
    assert len(fig.axes[0].texts) == 2 * (1 + big.turn_stats[0].regions) - 1  # boxes and edge scores


# -- tables --------------------------------------------------------------------------


def test_missing_tables_load_empty_with_a_note(tmp_path):
    for load in (load_results, load_first_guesses, load_benchmarks):
        table = load(tmp_path)
        assert not table.ok and "is not there yet" in table.describe()
        assert table.frame.empty and {"game", "strategy"} <= set(table.frame.columns)
    empty = load_results(tmp_path).frame
    assert_labelled(results_heatmap_figure(best_max_rows(empty), "average_turns", "knuth"))
    assert_labelled(first_guesses_figure(empty, "4p6c"))
    assert_labelled(benchmarks_figure(load_benchmarks(tmp_path).frame))
    assert_labelled(backend_timings_figure(load_benchmarks(tmp_path).frame))
    assert strategy_summary(best_max_rows(empty)).empty


def test_partial_tables_gain_the_missing_columns(tmp_path):
    (tmp_path / "results.csv").write_text("game,strategy,first_guess,max_turns\n4p6c,knuth,1122,5\n")
    table = load_results(tmp_path)
    assert "average_turns" in table.problem and "seconds" in table.problem
    row = table.frame.iloc[0]
    assert (row["pins"], row["colors"], row["codewords"]) == (4, 6, 1296)
    assert row["first_guess"] == "1122"  # a codeword, not the number 1122
    assert np.isnan(row["average_turns"])
    (tmp_path / "benchmarks.csv").write_text("game,strategy,backend,median_s,scores\n4p6c,knuth,cpu,0.5,1000\n")
    assert load_benchmarks(tmp_path).frame["scores_per_s"].iloc[0] == 2000


def test_best_max_rows_take_lowest_max_then_lowest_average(tmp_path):
    results_rows().to_csv(tmp_path / "results.csv", index=False)
    table = load_results(tmp_path)
    assert table.ok, table.problem
    best = best_max_rows(table.frame, "knuth")
    assert dict(zip(best["game"], best["first_guess"])) == {"2p3c": "12", "3p3c": "112"}
    assert list(best_max_rows(table.frame)["strategy"]).count("entropy") == 1


def test_strategy_summary_counts_games_every_strategy_has(tmp_path):
    results_rows().to_csv(tmp_path / "results.csv", index=False)
    best = best_max_rows(load_results(tmp_path).frame)
    summary = strategy_summary(best).set_index("strategy")
    assert list(summary.index) == ["knuth", "entropy"]
    assert summary.loc["entropy", "games"] == 1  # only 2p3c has both strategies
    assert summary.loc["entropy", "lowest_average_in"] == 1 and summary.loc["knuth", "lowest_average_in"] == 0


def test_heatmap_grid_places_each_game(tmp_path):
    results_rows().to_csv(tmp_path / "results.csv", index=False)
    best = best_max_rows(load_results(tmp_path).frame, "knuth")
    pins, colors, grid = heatmap_grid(best, "max_turns")
    assert (pins, colors) == (list(range(2, 9)), list(range(2, 16)))
    assert grid[pins.index(3), colors.index(3)] == 3 and grid[pins.index(2), colors.index(3)] == 4
    assert np.isfinite(grid).sum() == 2
    for value in ("average_turns", "max_turns", "seconds"):
        assert_labelled(results_heatmap_figure(best, value, "knuth"))
    with pytest.raises(ValueError, match="heat map value"):
        results_heatmap_figure(best, "colour", "knuth")


def test_first_guesses_figure_draws_one_dot_per_row(tmp_path):
    """Dots, not bars: averages a few hundredths apart drawn as bars from anywhere but zero mislead
    (issue 40); the max turns get their own panel instead of tiny labels over bars."""
    results_rows().to_csv(tmp_path / "results.csv", index=False)
    frame = load_results(tmp_path).frame
    fig = first_guesses_figure(frame, "2p3c")
    top, bottom = fig.axes
    assert top.get_title().strip() and top.get_ylabel() and bottom.get_xlabel() and bottom.get_ylabel()
    assert not top.patches and not bottom.patches
    dots = sum(int(np.isfinite(line.get_ydata()).sum()) for line in top.get_lines())
    assert dots == (frame["game"] == "2p3c").sum()  # one dot per row of the game
    # One play is counted by its secret; "game" names the size (2p3c).
    assert top.get_title() == "First guesses in 2p3c (9 secrets)" and top.get_ylabel() == "average turns per secret"


def test_first_guesses_of_many_pins_are_written_upright():
    """Eight-pin first guesses side by side would run into each other: they stand upright, 9 pt."""
    rows = pd.DataFrame([{"game": "8p4c", "strategy": "knuth", "first_guess": g, "average_turns": 6.0 + k / 10,
                          "max_turns": 8} for k, g in enumerate(["11111111", "11111112", "11111122", "11111123",
                                                                  "11111222", "11111223", "11111234"])])
    fig = first_guesses_figure(rows, "8p4c")
    fig.canvas.draw()
    labels = fig.axes[1].get_xticklabels()
    assert len(labels) == 7 and all(t.get_rotation() == 90 and t.get_fontsize() >= 9 for t in labels)


# -- live timings ----------------------------------------------------------------------


def test_time_solves_rows_match_the_benchmark_columns():
    live = time_solves(["2p2c", "2p3c"], "knuth", backends=("reference",), repeats=2)
    assert list(live["game"]) == ["2p2c", "2p3c"] and list(live["codewords"]) == [4, 9]
    assert (live["median_s"] > 0).all() and (live["scores"] > 0).all()
    assert np.allclose(live["scores_per_s"], live["scores"] / live["median_s"])
    assert_labelled(backend_timings_figure(live))
    with pytest.raises(ValueError, match="repeats"):
        time_solves(["2p2c"], repeats=0)


def test_the_simulator_is_not_a_gpu():
    from numba import config

    if config.ENABLE_CUDASIM:  # tests/conftest.py sets it unless MMLIB_REAL_GPU=1
        assert not real_gpu_present()
        assert live_backends() == ["cpu"]
    assert live_backends()[0] == "cpu"


def test_turn_count_bars_start_at_zero_on_linear_axes():
    """Issue 40: bars of regions and scores per turn on a log axis drew 694 scores as half of 1.7
    million; the axes are linear from zero and the labels write counts in full."""
    result = solve("3p3c", "knuth", backend="reference", first_guess="112")
    for make in (regions_per_turn_figure, scores_per_turn_figure):
        ax = make(result).axes[0]
        assert ax.get_yscale() == "linear" and ax.get_ylim()[0] == 0
        assert all(t.get_text().replace(",", "").isdigit() for t in ax.texts)


def test_one_at_a_time_draws_dots_with_readable_labels():
    """Issue 40: dots on the log axis (not bars), every label level and at least 9 pt."""
    from matplotlib.patches import Rectangle

    from mmlib.studies.data_tables import load_table
    from mmlib.workbench.plots_results import one_at_a_time_figure

    fig = one_at_a_time_figure(load_table("seed_one_at_a_time.csv", ("game",)).frame)
    ax = fig.axes[0]
    assert ax.get_xscale() == "log" and not [p for p in ax.patches if isinstance(p, Rectangle)]
    assert ax.texts and all(t.get_fontsize() >= 9 and t.get_rotation() == 0 for t in ax.texts)


def test_turn_figures_number_turns_as_the_turn_statistics_do(toy):
    """Issue 40: one numbering for the turn story. Turn t's bar of regions and the region-size map's
    column t both count the regions turn t's scores form, as the turn-statistics table does."""
    regions = [s.regions for s in toy.turn_stats]
    ax = regions_per_turn_figure(toy).axes[0]
    region_bars = ax.containers[1]
    assert [int(v) for v in region_bars.datavalues] == regions
    _bins, counts = region_size_counts(toy)
    assert list(counts[:, 1:].sum(axis=0)) == regions[:len(counts[0]) - 1]
    ticks = [t.get_text() for t in region_sizes_figure(toy).axes[0].get_xticklabels()]
    assert ticks == [str(s.turn) for s in toy.turn_stats][:len(ticks)] and ticks[0] == "1"


def test_tree_scores_sit_beside_their_boxes_not_at_the_root():
    """Each edge's score is drawn at the child end of its edge, right before the child's box, at a
    readable size, and no two scores overlap, even at 8p2c's first level (13 scores)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from mmlib import optimal

    for game in ("4p6c", "8p2c"):
        result = optimal(game) if game == "8p2c" else solve(game, "knuth", backend="reference")
        fig = strategy_tree_figure(result.tree, max_depth=1)
        canvas = FigureCanvasAgg(fig)
        canvas.draw()
        renderer = canvas.get_renderer()
        ax = fig.axes[0]
        boxes = [t for t in ax.texts if t.get_fontfamily() == ["monospace"]]
        scores = [t for t in ax.texts if t not in boxes]
        assert len(scores) == len(boxes) - 1 and min(t.get_fontsize() for t in ax.texts) >= 9
        extents = [t.get_window_extent(renderer) for t in scores]
        for i, first in enumerate(extents):
            assert not any(first.overlaps(other) for other in extents[i + 1:])
        root_x = boxes[0].get_position()[0]
        for score in scores:
            x, y = score.get_position()
            assert x > root_x + 0.5  # nearer the child (at x = 1) than the root (at x = 0)
            # its own box is the one at the same height, right of it
            assert any(b.get_position()[1] == y and b.get_position()[0] == 1 for b in boxes)
        # Each edge leaves its parent's box at the box's right side and ends at its child's left side.
        root_box = boxes[0].get_bbox_patch().get_window_extent(renderer)
        for line in ax.get_lines():
            xs, ys = line.get_xydata()[:, 0], line.get_xydata()[:, 1]
            start = ax.transData.transform((xs[0], ys[0]))
            assert root_box.x1 - 6 < start[0] <= root_box.x1 + 1  # under the box's edge, no gap
            child = next(b for b in boxes if b.get_position()[1] == ys[-1] and b.get_position()[0] == 1)
            end = ax.transData.transform((xs[-1], ys[-1]))
            child_x0 = child.get_bbox_patch().get_window_extent(renderer).x0
            assert child_x0 - 1 <= end[0] < child_x0 + 6


def test_secrets_left_figure_shows_both_series_where_they_meet():
    from mmlib.core.play import play_against
    from mmlib.workbench.coach_tables import secrets_left
    from mmlib.workbench.plots_results import secrets_left_figure

    after = secrets_left(play_against("3p3c", "knuth", secret) for secret in range(27))
    ax = secrets_left_figure(after, "3p3c", "knuth").axes[0]
    largest, average = ax.get_lines()
    # The largest are hollow circles drawn larger, so a square of the same value shows inside them.
    assert largest.get_markerfacecolor() == "white" and largest.get_markersize() > average.get_markersize()
    labels = [t.get_text() for t in ax.texts]
    assert f"{max(after[1]):,}" in labels and f"{sum(after[1]) / len(after[1]):,.2f}" in labels
    assert min(t.get_fontsize() for t in ax.texts) >= 9 and "log scale" in ax.get_ylabel()


def test_the_tree_names_its_turn_axis_and_the_regions_after_each_turn(toy):
    """Review r3 of notebook 5: bare ticks 1 2 3 4 under the tree, and 'regions at turn t+1' where
    every other figure says 'regions after turn t'."""
    from mmlib.workbench.tree_render import TURN_AXIS_LABEL, tree_legend

    fig = strategy_tree_figure(toy.tree)
    assert fig.axes[0].get_xlabel() == TURN_AXIS_LABEL and "turn t" in TURN_AXIS_LABEL
    legend = "\n".join(t.get_text() for t in fig.texts)
    assert "regions after turn t" in legend and "turn t+1" not in legend
    assert all(not line.startswith(" ") for line in tree_legend())


def test_the_same_solve_measured_twice_is_printed_in_both_units(toy):
    from mmlib.studies.data_tables import load_table
    from mmlib.workbench.plots_results import all_at_once_beside

    timed = solve("4p6c", "knuth", backend="reference", first_guess="1122", case_equivalence="off")
    frame = load_table("seed_one_at_a_time.csv", ("game", "strategy", "method", "median_s")).frame
    text = " ".join(all_at_once_beside(frame, timed, runs=5).split())  # lines wrap anywhere
    assert text.startswith("4p6c, Knuth, opening 1122") and " ms (" in text and "fastest of 5 runs" in text
    if len(frame):
        assert "data/seed_one_at_a_time.csv" in text and "median of" in text
