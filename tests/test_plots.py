"""The notebooks' figures, the scoring variants they time, and `python -m mmlib images`.

Cost: about 5 s on 2 cores when Numba's cache is warm (the images test solves
4p6c with four strategies).
"""

import numpy as np
import pytest

from mmlib.workbench import plots
from mmlib.cli import main
from mmlib.cli import images_command
from mmlib.core.games import Game
from mmlib.core.scoring import all_hits, black_hits, score_matrix_reference, unused_pins_mask
from mmlib.core.scoring_variants import (
    VARIANT_NAMES, black_hits_steps, lane_min_steps, lanes, score_rows, time_variants,
)
from mmlib.core.solve import solve
from mmlib.core.strategies import Strategy
from naive import naive_pair_ordinals, small_games

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def titles_of(fig) -> list[str]:
    texts = [ax.get_title() or ax.get_title(loc="left") for ax in fig.axes]
    return [t for t in texts + [fig.get_suptitle()] if t]


def assert_labelled(fig, game_name: str) -> None:
    """A title naming the game, and some axes with both axis labels."""
    titles = titles_of(fig)
    assert titles, "the figure has no title"
    assert any(game_name in t for t in titles), titles
    assert any(ax.get_xlabel() and ax.get_ylabel() for ax in fig.axes), "axes without labels"


# -- the numbers the figures draw ----------------------------------------------------


@pytest.mark.parametrize("game", [Game(2, 3), Game(3, 4), Game(4, 6)], ids=str)
def test_subset_sizes_count_the_naive_scores(game):
    everyone = np.arange(game.size)
    for guess in (0, game.size // 3, game.size - 1):
        expected = np.bincount(
            naive_pair_ordinals(game, np.full(game.size, guess), everyone), minlength=game.score_slots
        )
        sizes = plots.subset_sizes(game, guess)
        np.testing.assert_array_equal(sizes, expected)
        assert sizes.sum() == game.size
        hole = game.num_scores - 1  # (p-1, 1) never happens
        assert sizes[hole] == 0


def test_subset_sizes_of_1122_in_4p6c_are_knuths():
    sizes = plots.subset_sizes("4p6c", "1122")
    assert sizes.max() == 256  # Knuth's worst case after 1122
    # 13 parts: no rearrangement of 1122 has exactly one pin in place, so (1,3) never happens.
    assert (sizes > 0).sum() == 13
    assert sizes[Game(4, 6).num_scores - 1] == 0 and sizes[8] == 0  # the hole (3,1) and (1,3)
    assert sizes[Game(4, 6).win_ordinal] == 1


@pytest.mark.parametrize("game", [Game(2, 3), Game(3, 4), Game(8, 2)], ids=str)
def test_score_frequencies_count_every_pair(game):
    everyone = np.arange(game.size)
    expected = np.bincount(
        naive_pair_ordinals(game, np.repeat(everyone, game.size), np.tile(everyone, game.size)),
        minlength=game.score_slots,
    )
    np.testing.assert_array_equal(plots.score_frequencies(game), expected)
    with pytest.raises(ValueError, match="at most"):
        plots.score_frequencies("5p6c")


def test_partition_summary_by_hand():
    summary = plots.partition_summary(np.array([2, 0, 2]))
    assert summary == {"secrets": 4, "largest": 2, "expected_size": 2.0, "entropy_bits": 1.0, "parts": 2}
    assert plots.partition_summary(np.array([1, 1, 1, 1]))["entropy_bits"] == pytest.approx(2.0)
    with pytest.raises(ValueError, match="no secrets"):
        plots.partition_summary(np.zeros(15, dtype=int))
    with pytest.raises(ValueError, match="not a codeword"):
        plots.subset_sizes("4p6c", 1296)
    with pytest.raises(ValueError, match="not a codeword"):
        plots.subset_sizes("4p6c", "1127")


# -- the scoring variants ----------------------------------------------------------------


@pytest.mark.parametrize("game", small_games(1296)[::4] + [Game(4, 6)], ids=str)
def test_every_scoring_variant_gives_the_reference_matrix(game):
    expected = score_matrix_reference(game)
    rows = np.unique(np.linspace(0, game.size - 1, 9).round().astype(np.int64))
    for name in VARIANT_NAMES:
        np.testing.assert_array_equal(score_rows(game, name, rows), expected[rows], err_msg=name)


def test_scoring_variants_reject_bad_input():
    with pytest.raises(ValueError, match="unknown scoring variant"):
        score_rows("3p3c", "assembly")
    with pytest.raises(ValueError, match="at most"):
        score_rows("6p6c", "numpy")
    with pytest.raises(ValueError, match="guess indices"):
        score_rows("3p3c", "python", np.array([27]))


def test_time_variants_reports_every_variant_per_score():
    frame = time_variants("2p3c", repeats=1)
    assert list(frame["variant"]) == list(VARIANT_NAMES)
    assert (frame["ns_per_score"] > 0).all()
    assert frame["scores"].iloc[1] == 81  # every guess against every secret


@pytest.mark.parametrize("game", [Game(4, 6), Game(5, 8), Game(8, 15), Game(3, 12)], ids=str)
def test_bit_trick_steps_end_at_the_kernels_answer(game):
    rng = np.random.default_rng(game.size % 1000)
    indices = rng.integers(0, game.size, size=(40, 2))
    from mmlib.core.games import Codewords

    cw = Codewords.of(game, indices.ravel())
    for k in range(len(indices)):
        s, g = 2 * k, 2 * k + 1
        black = black_hits_steps(cw.words[s], cw.words[g], game.pins)[-1][1]
        assert black == int(black_hits(cw.words[s], cw.words[g], unused_pins_mask(game.pins)))
        hits = (lane_min_steps(cw.counts_lo[s], cw.counts_lo[g])[-1][1]
                + lane_min_steps(cw.counts_hi[s], cw.counts_hi[g])[-1][1])
        assert hits == int(all_hits(cw.counts_lo[s], cw.counts_hi[s], cw.counts_lo[g], cw.counts_hi[g]))
        counts = cw.color_counts()
        assert hits == int(np.minimum(counts[s], counts[g]).sum())


def test_lanes_unpack_color_counts():
    game = Game(4, 6)
    word = game.codewords.counts_lo[game.parse_codeword("1123")]
    assert lanes(word)[:6] == [2, 1, 1, 0, 0, 0]


# -- the figures ---------------------------------------------------------------------------


def test_notebook_figures_have_titles_and_labels():
    assert_labelled(plots.score_distribution_figure("4p6c", "1122"), "4p6c")
    assert_labelled(plots.score_distribution_figure(Game(5, 3), 7), "5p3c")
    assert_labelled(plots.score_matrix_figure("2p3c"), "2p3c")
    assert_labelled(plots.first_guess_partition_figure("3p4c"), "3p4c")
    fig = plots.ordinal_grid_figure(5)
    assert_labelled(fig, "5 pins")
    assert "20 scores in 21 slots" in titles_of(fig)[0]
    assert_labelled(plots.counter_slots_figure(highlight_pins=4), "Counters")
    assert_labelled(plots.scoring_variants_figure(time_variants("2p3c", repeats=1), "2p3c"), "2p3c")
    assert_labelled(plots.score_frequencies_figure("3p4c"), "3p4c")
    fig = plots.acr_sizes_figure("4p6c", marked=[(2, 4)])
    assert_labelled(fig, "4p6c")
    assert "52" in [t.get_text() for t in fig.axes[0].texts]  # |ACr| for 2 Zero and 4 Free colors


def test_turn_histograms_figure_names_each_strategy():
    results = [solve("3p3c", s, backend="reference") for s in ("knuth", "most-parts")]
    fig = plots.turn_histograms_figure(results, highlight="knuth")
    assert_labelled(fig, "3p3c")
    legend = [t.get_text() for t in fig.legends[0].get_texts()]
    assert legend[0].startswith("Knuth from ") and legend[1].startswith("Most Parts from ")
    # An empty slot is labelled: on 4p6c Knuth's "0" games in 6 turns is the notebook's finding.
    from mmlib.studies.own_picks import solve_from_own_opening

    four = plots.turn_histograms_figure([solve_from_own_opening("4p6c", s) for s in Strategy])
    knuth_labels = [t.get_text() for t in four.axes[0].texts[:6]]  # the first strategy's bars come first
    assert knuth_labels == ["1", "6", "62", "533", "694", "0"]
    with pytest.raises(ValueError, match="same game"):
        plots.turn_histograms_figure(results + [solve("2p3c", "knuth", backend="reference")])


def test_figures_refuse_what_they_cannot_draw():
    with pytest.raises(ValueError, match="at most 1,024"):
        plots.score_matrix_figure("4p6c")
    with pytest.raises(ValueError, match="pins"):
        plots.ordinal_grid_figure(9)
    with pytest.raises(ValueError, match="no results"):
        plots.turn_histograms_figure([])


# -- the images command ------------------------------------------------------------------


def test_images_command_writes_every_registered_png(tmp_path, capsys):
    assert main(["images", "--out", str(tmp_path)]) == 0
    names = [name for name, _ in images_command.IMAGES]
    assert len(names) >= 3 and len(set(names)) == len(names)
    for name in names:
        data = (tmp_path / name).read_bytes()
        assert data.startswith(PNG_SIGNATURE), name
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(names)  # no temporary files left
    assert capsys.readouterr().out.count(".png") == len(names)


def test_images_command_only_and_bad_names(tmp_path, capsys):
    name = images_command.IMAGES[0][0]
    assert main(["images", "--out", str(tmp_path), "--only", name]) == 0
    assert [p.name for p in tmp_path.iterdir()] == [name]
    assert main(["images", "--out", str(tmp_path), "--only", "nope.png"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: unknown image 'nope.png'") and err.count("\n") == 1
    assert main(["images", "--list"]) == 0
    assert name in capsys.readouterr().out


# -- issue 40: notebook 1's figures read at every slider position ---------------------


@pytest.mark.parametrize("game, guess, missing", [("4p6c", "1122", "1,3 (no secret"), ("8p3c", "11112222", "1,7; 3,5; 5,3"),
                                                   ("8p3c", "11111111", "0,1; 0,2"), ("4p6c", "1234", "")])
def test_score_distribution_bars_start_at_zero_with_level_labels(game, guess, missing):
    """Horizontal bars from zero at every pin count: the score labels stay level (not rotated) and
    at least 9 pt, and every bar carries its count with thousands separators. A bar for every score
    some secret gets, and none for the others, which the note under the bars names (or says that all possible scores occur)."""
    fig = plots.score_distribution_figure(game, guess)
    ax = fig.axes[0]
    assert ax.get_xlim()[0] == 0 and ax.get_xscale() == "linear"
    fig.canvas.draw()
    for label in ax.get_yticklabels():
        assert label.get_rotation() == 0 and label.get_fontsize() >= 9
    counts = [t.get_text() for t in ax.texts]
    sizes = plots.subset_sizes(game, guess)
    assert len(counts) == np.count_nonzero(sizes) and all(t.replace(",", "").isdigit() for t in counts)
    assert sorted(int(t.replace(",", "")) for t in counts) == sorted(sizes[sizes > 0])
    note = fig._supxlabel.get_text() if fig._supxlabel is not None else ""
    g = Game.parse(game)
    assert (missing in note) if missing else note.startswith(f"All {g.num_scores:,} possible scores occur; ")
    # the score no guess can get is named, in the same form at every position
    assert f"{g.pins - 1},1 cannot occur" in note and " of the " not in note
    assert fig.get_figheight() * fig.dpi <= 900  # the tallest (8 pins) fits a screen


def test_timing_figures_of_notebook_1_draw_dots_not_bars_on_log_axes():
    """A bar on a log axis starts nowhere in particular: the timing figures draw dots."""
    from matplotlib.patches import Rectangle

    from mmlib.core.scoring_variants import time_variants

    fig = plots.scoring_variants_figure(time_variants("2p3c", repeats=1), "2p3c")
    ax = fig.axes[0]
    assert ax.get_xscale() == "log"
    assert not [p for p in ax.patches if isinstance(p, Rectangle)]
    assert all(t.get_fontsize() >= 9 for t in ax.get_yticklabels())


def test_the_scoring_kernel_figure_names_its_threads_and_numbers_its_runs():
    """The kernel alone beside whole solves: its title says how many threads it ran on (solves run
    on more), and its x axis numbers the runs instead of printing rotated date-times."""
    import pandas as pd

    from mmlib.workbench.plots_results import scoring_kernel_figure

    rows = pd.DataFrame([{"strategy": "score-kernel", "game": "6p9c", "backend": "cpu", "threads": 1,
                          "scores_per_s": v, "date": f"2026-11-2{k}T10:00:00", "machine": "Test CPU, 7 cores",
                          "engine": "scoring 6"} for k, v in enumerate((8e8, 7.5e8))])
    ax = scoring_kernel_figure(rows).axes[0]
    assert "1 thread:" in ax.get_title()
    assert [t.get_text() for t in ax.get_xticklabels()] == ["1", "2"]


# -- what a reader sees: bars from zero, text >= 11 px, legends over no bar (issue 40) -----------

MIN_FONT_POINTS = 8  # 11 pixels at the 100 dpi the notebooks draw at


def assert_readable(fig) -> None:
    """Every axes with bars is linear from zero; no text under MIN_FONT_POINTS; no legend over a bar."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.patches import Rectangle
    from matplotlib.text import Text

    renderer = FigureCanvasAgg(fig).get_renderer()
    fig.draw(renderer)
    bars = []
    for ax in fig.axes:
        drawn = [p for p in ax.patches if isinstance(p, Rectangle) and p.get_height() > 0]
        if drawn:
            # Horizontal bars (barh) all start at x = 0: their count axis is x, and it must start at zero.
            horizontal = all(p.get_x() == 0 for p in drawn) and not all(p.get_y() == 0 for p in drawn)
            scale, limits = (ax.get_xscale(), ax.get_xlim()) if horizontal else (ax.get_yscale(), ax.get_ylim())
            assert scale == "linear", f"bars on a {scale} axis: {ax.get_title()}"
            assert limits[0] == 0, f"bars from {limits[0]}, not zero: {ax.get_title()}"
            bars += drawn
    small = [(t.get_text(), t.get_fontsize()) for t in fig.findobj(Text)
             if t.get_visible() and t.get_text().strip() and t.get_fontsize() < MIN_FONT_POINTS]
    assert small == [], f"text smaller than {MIN_FONT_POINTS} points: {small[:5]}"
    legends = list(fig.legends) + [ax.get_legend() for ax in fig.axes if ax.get_legend() is not None]
    for legend in legends:
        box = legend.get_window_extent(renderer)
        covered = [bar for bar in bars if box.overlaps(bar.get_window_extent(renderer))]
        assert covered == [], f"the legend covers {len(covered)} bar(s)"


@pytest.mark.parametrize("game", ["4p6c", "8p2c", "2p6c"])
def test_score_frequencies_are_linear_from_zero_with_readable_labels(game):
    fig = plots.score_frequencies_figure(game)
    assert_readable(fig)
    labels = [t.get_text() for t in fig.axes[0].texts]
    frequencies = plots.score_frequencies(game)
    # Every slot is labelled: its count, or why it has no bar.
    assert labels == [f"{n:,}" if n else ("hole" if slot == Game.parse(game).num_scores - 1 else "unused")
                      for slot, n in enumerate(frequencies)]


def test_ordinal_grid_and_counter_slots_are_readable():
    assert_readable(plots.ordinal_grid_figure(5))
    assert_readable(plots.ordinal_grid_figure(8))
    assert_readable(plots.counter_slots_figure(highlight_pins=4))
    assert_readable(plots.counter_slots_figure(highlight_pins=8))


@pytest.mark.parametrize("game", ["3p3c", "8p2c"])
def test_turn_histograms_are_linear_from_zero_and_the_legend_covers_no_bar(game):
    results = [solve(game, s, backend="reference" if game == "3p3c" else "cpu") for s in Strategy]
    assert_readable(plots.turn_histograms_figure(results))
    assert_readable(plots.turn_histograms_figure(results, highlight="entropy"))


def overlapping_texts(fig) -> list[tuple[str, str]]:
    """Pairs of texts of one axes (tick labels of one axis, or the titles and bar labels) whose
    boxes overlap once the figure is drawn."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.text import Text

    renderer = FigureCanvasAgg(fig).get_renderer()
    fig.draw(renderer)
    pairs = []
    for ax in fig.axes:
        groups = [ax.get_xticklabels(), ax.get_yticklabels(), [c for c in ax.get_children() if isinstance(c, Text)]]
        for group in groups:
            shown = [(t.get_window_extent(renderer), t.get_text()) for t in group
                     if t.get_visible() and t.get_text().strip()]
            pairs += [(a[1], b[1]) for k, a in enumerate(shown) for b in shown[k + 1:] if a[0].overlaps(b[0])]
    return pairs


@pytest.mark.parametrize("game", ["8p2c", "6p4c", "7p3c", "3p8c", "5p4c", "7p2c", "4p6c"])
def test_first_guess_partitions_keep_every_label_level_and_apart(game):
    """Notebook 4's partitions widget at its most crowded games: only the scores some first guess
    gives are drawn (the axis label says how many are left out), every label is level, no two
    collide, and the panels of the picks name their strategies."""
    fig = plots.first_guess_partition_figure(game, picks=True)
    assert_readable(fig)
    assert overlapping_texts(fig) == []
    for ax in fig.axes:
        assert all(t.get_rotation() == 0 for t in ax.get_xticklabels() + ax.texts)
    chosen = Game.parse(game)
    ticks = [t.get_text() for t in fig.axes[-1].get_xticklabels()]
    if len(ticks) < chosen.num_scores:
        assert f"the {chosen.num_scores - len(ticks)} of {chosen.num_scores} scores" in fig.axes[-1].get_xlabel()
    picked = [ax._right_title.get_text() for ax in fig.axes if ax._right_title.get_text()]  # noqa: SLF001
    assert picked and all(text.startswith("picked by ") for text in picked)
    # Each panel names its quantities with their nouns, as the tables and the Vocabulary do.
    assert all(", expected size " in ax.get_title(loc="left") for ax in fig.axes)
    # A panel's two titles stay apart (5p4c and 7p2c have the longest pair: three strategies pick one
    # opening, and the panel names them as "all but Knuth").
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    renderer = FigureCanvasAgg(fig).get_renderer()
    for ax in fig.axes:
        if ax._right_title.get_text():  # noqa: SLF001
            gap = ax._right_title.get_window_extent(renderer).x0 - ax._left_title.get_window_extent(renderer).x1  # noqa: SLF001
            assert gap > 20, (ax._left_title.get_text(), ax._right_title.get_text())  # noqa: SLF001


def test_first_guess_partitions_leave_out_only_the_scores_no_opening_gives():
    """Notebook 4's sentence above its partitions widget (review r7): the scores that no opening
    gives are left out, at 4p2c or 8p2c for example, whatever the number of scores; 4p6c, with as
    many scores as 4p2c, leaves none out, and its axis label says nothing of it."""
    def label(game):
        return plots.first_guess_partition_figure(game).axes[-1].get_xlabel()

    assert label("4p2c").endswith("; the 5 of 14 scores that no opening gives are left out")
    assert label("8p2c").endswith("; the 19 of 44 scores that no opening gives are left out")
    assert label("4p6c") == "score b,w (black, white)"


@pytest.mark.parametrize("game", ["3p15c", "4p8c", "8p2c"])
def test_turn_histograms_keep_every_count_level_and_apart(game):
    """The most crowded positions of notebook 4's histogram widget (up to 40 bars, counts up to
    1,440): horizontal bars, every count level and clear of the others."""
    from mmlib.studies.own_picks import solve_from_own_pick

    fig = plots.turn_histograms_figure([solve_from_own_pick(game, s) for s in Strategy], highlight="knuth")
    assert_readable(fig)
    assert overlapping_texts(fig) == []
    assert all(t.get_rotation() == 0 for t in fig.axes[0].texts)


def test_averages_round_half_up_from_the_exact_fraction():
    assert plots.average_text(106, 32) == "3.313"  # 3.3125, which Python's format writes 3.312
    assert plots.average_text(5801, 1296) == "4.476"
    assert plots.average_text(84, 25) == "3.360"


@pytest.mark.parametrize("game", ["2p6c", "4p7c-norepeat"])
def test_the_rules_histogram_legend_covers_no_bar(game):
    # Notebook 9's widget: inside the axes the legend hid the tallest bar at these two games.
    from mmlib.core.games import NOREPEAT, RULES
    from mmlib.workbench.plots_rules import rules_histogram_figure

    chosen = Game.parse(game)
    games = [Game(chosen.pins, chosen.colors, rules) for rules in RULES
             if not (rules == NOREPEAT and chosen.pins > chosen.colors)]
    results = {g.rules: solve(g, "entropy", "cpu") for g in games if g == chosen or g.size <= 1296}
    assert_readable(rules_histogram_figure(results))
