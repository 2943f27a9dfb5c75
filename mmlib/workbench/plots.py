"""Figures for the notebooks and the README, one function per figure.

Every function returns a `matplotlib.figure.Figure` built without pyplot, so
it leaves no global state behind: a notebook shows it with `display(fig)`,
`python -m mmlib images` saves it with `fig.savefig`. Every figure has a title
that names the game, axis labels and units.

The few numbers the figures need beyond `mmlib`'s kernels (the sizes of the
subsets a guess splits PS into, and what each strategy reads from them) are
here too, so that a notebook and the README image are drawn from the same code.
"""

from __future__ import annotations

import math
import textwrap
from typing import Sequence

import numpy as np
from matplotlib import colormaps
from matplotlib.colors import ListedColormap, to_rgba
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter

from ..core.openings import first_guess_patterns
from ..core.games import Game
from ..core.scoring import (
    all_scores, format_score, ordinal_to_score, score_matrix_reference, score_ordinals, score_to_ordinal,
)
from ..core.strategies import Strategy
from ..studies.own_picks import first_guess_picks, own_openings, subset_sizes  # noqa: F401 (also the figures' own names)

STRATEGY_COLORS = {
    Strategy.KNUTH: "#4c72b0",
    Strategy.EXPECTED_SIZE: "#dd8452",
    Strategy.ENTROPY: "#55a868",
    Strategy.MOST_PARTS: "#c44e52",
}
# The openings the published 4p6c figures use for each strategy (REFERENCE.md).
PUBLISHED_FIRST_GUESSES_4P6C = {
    Strategy.KNUTH: "1122",
    Strategy.EXPECTED_SIZE: "1123",
    Strategy.ENTROPY: "1234",
    Strategy.MOST_PARTS: "1123",
}
# Labels over bars: 8 points, 11 pixels at the notebooks' 100 dpi (no text under 9 pixels).
BAR_LABEL_FONT_SIZE = 8
# Small multiples beyond this many rows get too short to read.
MAX_PARTITION_PANELS = 12


# -- numbers the figures draw -----------------------------------------------------


def compact_count(count: int) -> str:
    """A count short enough for a small cell or a bar, never in exponent notation: 776, 9,999, 17k,
    1.2M, 2.6G, 1,690T."""
    count = int(count)
    for limit, suffix in ((10**12, "T"), (10**9, "G"), (10**6, "M"), (10**4, "k")):
        if count >= limit:
            scaled = count / (limit if limit != 10**4 else 1000)
            return f"{scaled:.2g}{suffix}" if scaled < 10 else f"{scaled:,.0f}{suffix}"
    return f"{count:,}"


def significant(value: float, digits: int = 3) -> str:
    """`value` to `digits` significant figures, trailing zeros kept, thousands separated, never an
    exponent: 2,850; 56.5; 8.26; 0.730; 0.00120. Every time notebook 1 shows is written this way."""
    value = float(value)
    if value == 0:
        return "0"
    value = float(f"{value:.{digits}g}")  # rounded first, so that 99.96 becomes 100 before the decimals
    decimals = digits - 1 - math.floor(math.log10(abs(value)))
    return f"{value:,.{max(0, decimals)}f}"


def rounded_as_shown(value: float, digits: int = 3) -> float:
    """`value` rounded as `significant` writes it (2,851.05 -> 2850.0; 0.7264 -> 0.726): the number a
    reader sees, for a column computed from it, so that the reader who redoes the division gets
    every digit."""
    return float(f"{float(value):.{digits}g}")


# Notebook 1's two figures of ns per score (the live one and the seed's workload) share this range
# (and the place of their axes, `place_ns_per_score_axes`), so that a dot sits at the same place in
# both for the same time; each widens it only for a time
# outside it (a label needs about a decade to its right).
NS_PER_SCORE_RANGE = (0.2, 200_000.0)


def shown_ns_per_score(seconds: float, scores: int) -> float:
    """Nanoseconds per score of a time on the seed's workload, computed from the seconds as the
    tables show them (three significant figures): 0.924 s over 390,654,576 scores is 2.37 ns (the
    unrounded 0.9237 s would give 2.36, which a reader could not get back)."""
    return rounded_as_shown(rounded_as_shown(float(seconds)) / int(scores) * 1e9)


def ns_per_score_limits(values) -> "tuple[float, float]":
    """The x limits of a figure of ns per score: `NS_PER_SCORE_RANGE`, widened only where a value
    (or its label) would fall outside it."""
    values = np.asarray(values, dtype=float)
    low, high = NS_PER_SCORE_RANGE
    return min(low, float(values.min()) / 2), max(high, float(values.max()) * 15)


# The two figures of ns per score are 8 inches wide and put their axes at the same place across the
# figure (figure fractions), and their y label at the same place left of it, so that the page shows
# one decade at the same width and 1 ns at the same x in both. The left edge leaves room for the
# seed's figure's longest name ("mmlib: Numba packed, one guess vs all secrets").
NS_PER_SCORE_AXES_X = (0.44, 0.995)
NS_PER_SCORE_YLABEL_X = 0.025
MMLIB_DOT_COLOR = "#3182bd"  # mmlib's dots in both figures; the seed's are grey


def place_ns_per_score_axes(fig: Figure, ax) -> None:
    """Put `ax` of one of notebook 1's two figures of ns per score at `NS_PER_SCORE_AXES_X` across
    the figure, with its y label at `NS_PER_SCORE_YLABEL_X`: the constrained layout places the title
    and the labels top to bottom, then is fixed, and only the sides are set, the same in both."""
    from matplotlib.transforms import blended_transform_factory

    fig.draw_without_rendering()
    fig.set_layout_engine("none")
    box = ax.get_position()
    left, right = NS_PER_SCORE_AXES_X
    ax.set_position([left, box.y0, right - left, box.height])
    ax.yaxis.set_label_coords(NS_PER_SCORE_YLABEL_X, 0.5,
                              transform=blended_transform_factory(fig.transFigure, ax.transAxes))


def shown_scoring_times(timings) -> "pd.DataFrame":
    """Notebook 1's live timings (`scoring_variants.time_variants`) as its table and figure show them,
    each derived column computed from the rounded values shown before it: `best_ms` (the best run,
    three figures), `ns_per_score` (best_ms as shown ÷ the scores timed, three figures) and
    `times_faster` (the first variant's, Python's, ns per score as shown ÷ the variant's, three figures)."""
    import pandas as pd

    best_ms = [rounded_as_shown(s * 1e3) for s in timings["best_s"]]
    ns = [rounded_as_shown(ms * 1e6 / int(scores)) for ms, scores in zip(best_ms, timings["scores"])]
    return pd.DataFrame({"best_ms": best_ms, "ns_per_score": ns, "times_faster": [rounded_as_shown(ns[0] / v) for v in ns]},
                        index=timings.index)


def score_frequencies(game: "Game | str") -> np.ndarray:
    """How many (guess, secret) pairs of `game` give each score ordinal, over all n*n pairs.

    One entry per counter slot; the hole at (p-1, 1) is always 0 and the win is n.
    """
    from ..core.scoring_variants import MAX_VARIANT_CODEWORDS, score_rows

    game = Game.parse(game)
    if game.size > MAX_VARIANT_CODEWORDS:
        raise ValueError(f"{game.name} has {game.size:,} codewords: score frequencies are for at most "
                         f"{MAX_VARIANT_CODEWORDS:,}")
    totals = np.zeros(game.score_slots, dtype=np.int64)
    block = 256  # guess rows at a time keep the memory small
    for start in range(0, game.size, block):
        rows = np.arange(start, min(game.size, start + block), dtype=np.int64)
        totals += np.bincount(score_rows(game, "numba-packed-array", rows).ravel(), minlength=game.score_slots)
    return totals


def partition_summary(sizes: np.ndarray) -> dict:
    """What each strategy reads from one partition of PS, in readable units.

    largest: Knuth's worst case; expected_size: sum s*s / |PS|; entropy_bits:
    log2 |PS| - sum s*log2(s) / |PS|; parts: non-empty subsets (Most Parts).
    """
    sizes = np.asarray(sizes, dtype=np.int64)
    total = int(sizes.sum())
    if total == 0:
        raise ValueError("a partition of no secrets has nothing to summarise")
    nonzero = sizes[sizes > 0].astype(float)
    return {
        "secrets": total,
        "largest": int(sizes.max()),
        "expected_size": float((nonzero**2).sum() / total),
        "entropy_bits": float(math.log2(total) - (nonzero * np.log2(nonzero)).sum() / total),
        "parts": int((sizes > 0).sum()),
    }


def average_text(total_turns: int, games: int) -> str:
    """Average turns per game with 3 decimals, rounded half up from the exact fraction total turns /
    games (106 / 32 = 3.3125 reads 3.313, as a reader rounds it by hand; Python's format would give
    3.312)."""
    from decimal import ROUND_HALF_UP, Decimal

    exact = Decimal(int(total_turns)) / Decimal(int(games))
    return str(exact.quantize(Decimal("0.001"), rounding=ROUND_HALF_UP))


def thousands_axis(axis) -> None:
    """Tick labels of a count axis with thousands separators (400,000, never 400000 or 4e5)."""
    from matplotlib.ticker import FuncFormatter

    axis.set_major_formatter(FuncFormatter(lambda value, _pos: f"{value:,.0f}"))


def _score_labels(pins: int) -> list[str]:
    return [format_score(b, w) for b, w in all_scores(pins)]


def _score_slots(pins: int) -> list[int]:
    return [score_to_ordinal(b, w, pins) for b, w in all_scores(pins)]


def _codeword_text(game: Game, guess: "str | int") -> str:
    return guess if isinstance(guess, str) else game.format_codeword(int(guess))


# -- notebook 1: scoring -------------------------------------------------------------


def score_distribution_figure(game: "Game | str", guess: "str | int") -> Figure:
    """Horizontal bars: how many secrets give each score against `guess`, each bar labelled with
    its count. Horizontal at every pin count, so that the score labels stay level and readable
    (8 pins have 44 scores) and the view keeps one look while the sliders move. Only the scores
    some secret gets are drawn (a guess of one color gets no white pin at all): a note under the
    bars lists the others (or says that every possible score occurs), in one form at every slider position,
    and names the score that cannot occur."""
    game = Game.parse(game)
    guess_text = _codeword_text(game, guess)
    every = subset_sizes(game, guess_text)[_score_slots(game.pins)]
    labels = _score_labels(game.pins)
    shown = every > 0
    sizes = every[shown]
    fig = Figure(figsize=(8, 1.5 + 0.17 * len(sizes)), layout="constrained")
    ax = fig.add_subplot()
    positions = np.arange(len(sizes))
    bars = ax.barh(positions, sizes, color="#4c72b0")
    ax.bar_label(bars, labels=[f"{s:,}" for s in sizes], fontsize=9, padding=2)
    ax.set_yticks(positions, [label for label, kept in zip(labels, shown) if kept], fontsize=9)
    ax.set_ylim(len(sizes) - 0.5, -0.5)  # 0,0 at the top, as the scores are listed; no empty margin
    ax.set_xlim(0, sizes.max() * 1.15)  # room for the labels; bars start at zero
    ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _pos: f"{v:,.0f}"))
    ax.set_title(f"Score distribution of {game.name}, guess {guess_text} ({game.size:,} secrets)")
    ax.set_ylabel("score b,w (black, white)")
    ax.set_xlabel("secrets (count)")
    missing = [label for label, kept in zip(labels, shown) if not kept]
    # one form at every slider position: the scores left out (or that none is), and the one no guess can get
    impossible = (f"{game.pins - 1},1 cannot occur (one pin misplaced, all others in place)."
                  if not game.black_only and game.pins > 1 else "")
    if missing:
        these = "this score" if len(missing) == 1 else "these scores"
        note = f"Not drawn: {'; '.join(missing)} (no secret gets {these} against {guess_text}). {impossible}"
    else:
        note = (f"All {len(labels):,} possible scores occur; {impossible}" if impossible
                else f"All {len(labels):,} possible scores occur.")
    fig.supxlabel(textwrap.fill(note.rstrip(), 110), fontsize=9, color="0.3", x=0.01, ha="left")
    return fig


def scoring_variants_figure(timings, game: "Game | str") -> Figure:
    """Dots on a log axis: nanoseconds per score of each scoring variant (dots, not bars: a bar's
    length on a log axis starts nowhere in particular and would mislead), each labelled to three
    significant figures as the table beside it writes them (`shown_scoring_times`).

    `timings` is the DataFrame of `scoring_variants.time_variants`; a variant that scored a sample
    of the guesses is named in the title with its number of guesses.
    """
    from ..studies.data_tables import measured_just_now

    game = Game.parse(game)
    fig = Figure(figsize=(8, 3.6), layout="constrained")
    ax = fig.add_subplot()
    positions = np.arange(len(timings))
    ns = timings["ns_per_score"].to_numpy()
    ax.plot(ns, positions, "o", color=MMLIB_DOT_COLOR, markersize=8)
    # Each dot labelled with the table's ns per score (the best time as shown ÷ the scores).
    for value, shown, position in zip(ns, shown_scoring_times(timings)["ns_per_score"], positions):
        ax.annotate(f"{significant(shown)} ns", (value, position), xytext=(8, 0), textcoords="offset points",
                    va="center", fontsize=9)
    ax.set_yticks(positions, timings["description"], fontsize=9)
    ax.invert_yaxis()
    ax.set_xscale("log")
    ax.set_xlim(*ns_per_score_limits(ns))  # the range of the seed's workload's figure too
    ax.set_ylim(len(ns) - 0.5, -0.5)
    ax.grid(axis="x", which="major", alpha=0.3)
    sampled = timings[timings["scores"] < game.size * game.size] if "scores" in timings else timings.iloc[0:0]
    # "Python, reference_score on strings" is "Python" here: the first words of its description.
    samples = "".join(f" ({row.description.split(',')[0]}: {row.scores // game.size:,} guesses)"
                      for row in sampled.itertuples())
    runs = int(timings["runs"].max()) if "runs" in timings else 3
    ax.set_title(f"Time per score on {game.name}, every guess against every secret{samples}, best of {runs} runs\n"
                 f"one thread, {measured_just_now('scoring')}", fontsize=10)
    ax.set_xlabel("time per score (ns, log scale; lower is faster)")
    ax.set_ylabel("scoring variant (blue: mmlib)")  # as the seed's workload's figure says it
    place_ns_per_score_axes(fig, ax)  # at the same place as in the seed's workload's figure
    return fig


def score_matrix_figure(game: "Game | str") -> Figure:
    """Image: the score ordinal of every guess (row) against every secret (column)."""
    game = Game.parse(game)
    if game.size > 1024:
        raise ValueError(f"{game.name} has {game.size:,} codewords: the matrix image is for at most 1,024")
    # Colors go by score, not by ordinal, so the hole gets no color of its own.
    score_number = np.zeros(game.score_slots, dtype=np.int64)
    score_number[_score_slots(game.pins)] = np.arange(game.num_scores)
    matrix = score_number[score_matrix_reference(game)]
    fig = Figure(figsize=(8.5, 7.6), layout="constrained")
    ax = fig.add_subplot()
    # Strong, distinct hues first (tab10), then the light ones: neighbouring shades of one hue
    # (tab20's pairs) cannot be told apart in a grid of small cells.
    tab20 = colormaps["tab20"].colors
    qualitative = list(colormaps["tab10"].colors) + list(tab20[1::2]) + list(colormaps["tab20b"].colors)
    qualitative = [c for c in qualitative if c != colormaps["tab10"].colors[7]]  # tab10's grey: too near black
    colors = list(qualitative[: game.num_scores - 1]) + ["#000000"]  # the win in black
    image = ax.imshow(matrix, cmap=ListedColormap(colors), vmin=-0.5, vmax=game.num_scores - 0.5,
                      interpolation="nearest")
    if game.size <= 32:
        printed = [game.format_codeword(i) for i in range(game.size)]
        ax.set_xticks(range(game.size), printed, rotation=90, fontsize=9, family="monospace")
        ax.set_yticks(range(game.size), printed, fontsize=9, family="monospace")
    bar = fig.colorbar(image, ax=ax, ticks=range(game.num_scores))
    bar.ax.set_yticklabels(_score_labels(game.pins), fontsize=9)
    bar.set_label("score b,w (black, white)")
    ax.set_title(f"Score of every guess against every secret, {game.name} ({game.size}×{game.size})")
    ax.set_xlabel("secret (codeword, index order)")
    ax.set_ylabel("guess (codeword, index order)")
    return fig


# -- notebook 2: score ordinals --------------------------------------------------------


def ordinal_grid_figure(pins: int) -> Figure:
    """Grid of (black, white): each possible score with its dense ordinal, the hole marked, and a
    key under the grid saying what each color means."""
    from matplotlib.patches import Patch

    game = Game(pins, 2)  # colors do not change the ordinals; Game checks the pin count
    size = pins + 1
    # 0 impossible (b + w > p), 1 a score, 2 the hole (p-1, 1)
    kind = np.zeros((size, size), dtype=int)
    for b, w in all_scores(pins):
        kind[b, w] = 1
    kind[pins - 1, 1] = 2
    shades = ["#eeeeee", "#cfe1f2", "#f4a582"]
    fig = Figure(figsize=(1.6 + 0.62 * size, 1.5 + 0.55 * size), layout="constrained")
    ax = fig.add_subplot()
    ax.imshow(kind, cmap=ListedColormap(shades), vmin=0, vmax=2)
    for b in range(size):
        for w in range(size - b):
            if kind[b, w] == 1:
                ax.text(w, b, str(score_to_ordinal(b, w, pins)), ha="center", va="center", fontsize=10)
            elif kind[b, w] == 2:
                hole = b * (2 * pins + 1 - b) // 2 + b + w
                ax.text(w, b, str(hole), ha="center", va="center", fontsize=10, color="#67001f")
    ax.set_xticks(range(size))
    ax.set_yticks(range(size))
    ax.set_title(f"Score ordinals, {pins} pins: {game.num_scores} scores in {game.score_slots} slots",
                 fontsize=10)
    ax.set_xlabel("white (pegs)")
    ax.set_ylabel("black (pegs)")
    fig.legend(handles=[Patch(color=shades[1], label="a possible score: its ordinal"),
                        Patch(color=shades[2], label=f"the hole: the slot of the pair {pins - 1},1, never a score"),
                        Patch(color=shades[0], label="no score (black + white > pins)")],
               loc="outside lower center", fontsize=9, ncols=1, frameon=False)
    return fig


def score_frequencies_figure(game: "Game | str") -> Figure:
    """Bars over the counter slots: how many of all (guess, secret) pairs give each score.

    One layout for every game: a row per slot, slot 0 at the top as in the table of ordinals, each
    row named "slot: score" on one line and its count written level after the bar, so the labels
    stay readable from 6 slots to 45. The count axis is linear from zero; a slot no pair uses says
    "unused" (or "hole") in words."""
    game = Game.parse(game)
    totals = score_frequencies(game)
    hole = game.num_scores - 1
    slots = np.arange(game.score_slots)
    fig = Figure(figsize=(8.5, max(3.0, 1.4 + 0.22 * game.score_slots)), layout="constrained")
    ax = fig.add_subplot()
    bars = ax.barh(slots, totals, height=0.75, color="#4c72b0")
    labels = [f"{n:,}" if n else ("hole" if slot == hole else "unused") for slot, n in zip(slots, totals)]
    texts = ax.bar_label(bars, labels=labels, fontsize=9, padding=3)
    for text, n in zip(texts, totals):
        if not n:
            text.set_color("#b2182b")
    ax.set_xlim(0, totals.max() * 1.14)  # room for the count after the longest bar
    ticks = [f"{slot}: " + ("hole" if slot == hole else format_score(*ordinal_to_score(int(slot), game)))
             for slot in slots]
    ax.set_yticks(slots, ticks, fontsize=9)
    ax.set_ylim(game.score_slots - 0.4, -0.6)  # slot 0 on top
    ax.set_title(f"How often each score occurs among all {game.size ** 2:,} (guess, secret) pairs of {game.name}")
    ax.set_ylabel("counter slot: score b,w")
    ax.set_xlabel("pairs (count)")
    thousands_axis(ax.xaxis)
    return fig


def counter_slots_figure(highlight_pins: "int | None" = None) -> Figure:
    """Counters a candidate needs to index every score directly, for 2..8 pins, three ways."""
    pins = np.arange(2, 9)
    dense = pins * (pins + 3) // 2 + 1
    square = (pins + 1) ** 2
    nibbles = 16 * pins + 1
    fig = Figure(figsize=(7.5, 4.2), layout="constrained")
    ax = fig.add_subplot()
    ax.plot(pins, nibbles, "s-", color="#8c8c8c", label="b,w byte key 16·b + w: 16p + 1")
    ax.plot(pins, square, "^-", color="#dd8452", label="b,w square: (p + 1)²")
    ax.plot(pins, dense, "o-", color="#4c72b0", label="dense ordinal: p(p + 3)/2 + 1")
    for x, y in zip(pins, dense):
        ax.annotate(str(y), (x, y), xytext=(0, -15), textcoords="offset points", ha="center",
                    fontsize=9, color="#4c72b0")
    if highlight_pins is not None:
        k = int(highlight_pins) - 2
        # A ring round the point and its label below the line, right of the point's own number.
        ax.plot([pins[k]], [dense[k]], "o", markersize=13, markerfacecolor="none", markeredgecolor="#4c72b0",
                markeredgewidth=1.5)
        right_edge = pins[k] >= 7  # near the right edge the label goes to the left of the point
        ax.annotate(f"{highlight_pins} pins: {dense[k]} slots", (pins[k], dense[k]),
                    xytext=(-26 if right_edge else 26, -30), textcoords="offset points",
                    ha="right" if right_edge else "left", va="center", fontsize=9, color="#4c72b0", fontweight="bold",
                    arrowprops=dict(arrowstyle="-", color="#4c72b0", linewidth=1))
    ax.set_title("Counters per candidate guess to index every score directly")
    ax.set_xlabel("pins")
    ax.set_ylabel("counter slots (count)")
    ax.set_ylim(bottom=-8)
    ax.legend(loc="upper left")
    return fig


# -- notebook 3: symmetry and case equivalence ------------------------------------------


# One color scale for every game's map (|ACr| / |AC|, log): from 0.01%, below the smallest share
# of any game up to 100,000 codewords (0.032% in 4p15c), to 100%. The same color is the same share
# whatever the game, so maps can be compared side by side or through the slider.
ACR_SHARE_RANGE = (1e-4, 1.0)


def _digits_width(text: str, points: float) -> float:
    """Inches a number written with digits and commas takes at `points` in DejaVu Sans."""
    ems = sum(0.318 if ch in ",." else 0.636 for ch in text)
    return ems * points / 72


def _percent(share: float) -> str:
    """A share as a percentage in plain digits, however small: 50%, 0.2%, 0.00001%."""
    percent = 100 * share
    return f"{percent:.3g}%" if percent >= 0.01 else f"{percent:.12f}".rstrip("0") + "%"


def acr_sizes_figure(game: "Game | str", marked: "Sequence[tuple[int, int]]" = (),
                     marked_label: "str | None" = None) -> Figure:
    """Heat map over (|Zero|, |Free|): |ACr| by the closed form, colored by its share of |AC| on
    the scale every game shares (`ACR_SHARE_RANGE`).

    Every pair that can occur once a guess is played carries its size, written in full (1,679,616,
    as every table writes it): the cells grow with the longest number. The cell of all colors Free
    (nothing played yet) shows the first guesses left by renaming colors, in a dashed frame. The
    row and column of one Zero or one Free color are grey (a set of one color counts as none,
    so such a region is drawn in row or column 0), the pairs no region can have light grey; the key
    under the map says so. `marked` pairs (e.g. the
    regions of an example path) get a red frame, named in the key: `marked_label` (which may take
    two lines) or, without it, "framed: a region of the example path".
    """
    from matplotlib.colors import LogNorm
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch, Rectangle

    from ..core.case_equivalence import acr_size, possible_zero_free

    game = Game.parse(game)
    c = game.colors
    share = np.full((c + 1, c + 1), np.nan)
    sizes = {}
    for zero, free in [*possible_zero_free(c), (0, c)]:  # (0, c): before the first guess
        sizes[zero, free] = acr_size(game.pins, c, zero, free, game.norepeat)
        share[zero, free] = sizes[zero, free] / game.size
    # Grey underneath: darker where one Zero or one Free color counts as none, light where no
    # region can be (more Zero and Free colors than the game has, or every color Zero).
    single, impossible = "#c4c4c4", "#eeeeee"
    grey = np.zeros((c + 1, c + 1, 4))
    for zero in range(c + 1):
        for free in range(c + 1):
            if (zero, free) not in sizes:
                countable = zero + free <= c and zero < c
                grey[zero, free] = to_rgba(single if countable and 1 in (zero, free) else impossible)
    # Inches: the longest number at 9 points (a digit is 0.636 em wide in DejaVu Sans, a comma
    # 0.318 em) with a margin each side, so that 100,000 keeps clear of its cell's edges.
    longest = max(_digits_width(f"{size:,}", 9) for size in sizes.values())
    cell = max(0.45, longest + 0.12)
    framed = marked_label or "framed: a region of the example path"
    keys = 3 + (framed.count("\n") + 1 if marked else 0)  # lines of the key under the map beside the grey one's two
    fig = Figure(figsize=(max(5.6, 2.4 + cell * (c + 1)), 2.35 + 0.36 * (c + 1) + 0.24 * keys),
                 layout="constrained")
    ax = fig.add_subplot()
    ax.imshow(grey, origin="lower", aspect="auto")
    norm = LogNorm(*ACR_SHARE_RANGE)
    image = ax.imshow(share, cmap="viridis", norm=norm, origin="lower", aspect="auto")
    for (zero, free), size in sizes.items():
        ax.text(free, zero, f"{size:,}", ha="center", va="center", fontsize=9,
                color="white" if norm(share[zero, free]) < 0.6 else "black")
    ax.add_patch(Rectangle((c - 0.5, -0.5), 1, 1, fill=False, edgecolor="black", linewidth=1.5, linestyle="--"))
    for zero, free in marked:
        ax.add_patch(Rectangle((free - 0.5, zero - 0.5), 1, 1, fill=False, edgecolor="#d62728", linewidth=2))
    ax.set_xticks(range(c + 1))
    ax.set_yticks(range(c + 1))
    bar = fig.colorbar(image, ax=ax, shrink=0.8)
    ticks = [10.0 ** e for e in range(round(math.log10(ACR_SHARE_RANGE[0])), 1)]
    bar.set_ticks(ticks, labels=[_percent(t) for t in ticks])
    bar.minorticks_off()
    bar.set_label("|ACr| / |AC| (log scale),\nthe same scale for every game")
    ax.set_title(f"|ACr| of {game.name} by Zero and Free colors (|AC| = {game.size:,})", fontsize=10)
    ax.set_xlabel("Free colors (count)")
    ax.set_ylabel("Zero colors (count)")
    handles = [
        Patch(fill=False, edgecolor="black", linewidth=1.5, linestyle="--",
              label=f"dashed: before the first guess, all {c} colors Free"),
        Patch(facecolor=single, label="grey: one Zero or one Free color counts as none,\nso its region is drawn in row or column 0"),
        Patch(facecolor=impossible, edgecolor="#c4c4c4",
              label="light grey: no region (Zero + Free > colors, or every color Zero)"),
    ]
    if marked:
        handles.insert(0, Line2D([], [], color="#d62728", linewidth=2, marker="s", markersize=12,
                                 markerfacecolor="none", linestyle="none",
                                 label=framed))
    fig.legend(handles=handles, loc="outside lower center", fontsize=9, frameon=False)
    return fig


# -- notebook 4: strategies ------------------------------------------------------------


def first_guess_partition_figure(game: "Game | str", patterns: "Sequence[str] | None" = None,
                                 picks: "bool | dict" = False) -> Figure:
    """Small multiples: the subset sizes per score for each candidate first guess, on one scale.

    Only the scores that some first guess gives are drawn (8 pins have 44 scores, of which 8p2c's
    first guesses give 25); the axis label says how many are left out. Tick and bar labels stay
    level: past 20 scores the figure is wider. With `picks` (True: each strategy's own opening,
    `own_openings`; or a dict strategy -> guess) each panel names the strategies that pick it,
    in bold at its right ("all four" when every strategy picks it, "all but Knuth" when three do)."""
    game = Game.parse(game)
    patterns = list(patterns) if patterns is not None else first_guess_patterns(game)
    if not patterns:
        raise ValueError("no first guess to draw")
    if len(patterns) > MAX_PARTITION_PANELS:
        raise ValueError(f"{len(patterns)} first guesses: the figure draws at most {MAX_PARTITION_PANELS}")
    if picks is True:
        picks = own_openings(game)
    picked_by = {pattern: [Strategy.parse(s).title for s, g in (picks or {}).items() if g == pattern]
                 for pattern in patterns}
    all_sizes = {pattern: subset_sizes(game, pattern) for pattern in patterns}
    slots = [slot for slot in _score_slots(game.pins) if any(sizes[slot] for sizes in all_sizes.values())]
    labels = [format_score(*ordinal_to_score(slot, game.pins)) for slot in slots]
    many = len(slots) > 20
    fig = Figure(figsize=(10.5 if many else 9.5, 0.9 + 1.55 * len(patterns)), layout="constrained")  # room for both titles
    axes = fig.subplots(len(patterns), 1, sharex=True, sharey=True, squeeze=False)[:, 0]
    positions = np.arange(len(slots))
    tallest = max(int(sizes.max()) for sizes in all_sizes.values())
    for ax, pattern in zip(axes, patterns):
        sizes = all_sizes[pattern]
        summary = partition_summary(sizes)
        bars = ax.bar(positions, sizes[slots], color="#4c72b0")
        ax.bar_label(bars, labels=[f"{s:,}" if s else "" for s in sizes[slots]], fontsize=BAR_LABEL_FONT_SIZE,
                     padding=1)
        ax.set_title(
            f"{pattern}: largest subset {summary['largest']:,}, expected size {summary['expected_size']:,.3f} (secrets), "
            f"entropy {summary['entropy_bits']:.3f} bits, {summary['parts']} parts",
            fontsize=9, loc="left",
        )
        if picked_by[pattern]:
            # Three names are written by the one left out, so that the panel's two titles never meet.
            left_out = [s.title for s in Strategy if s.title not in picked_by[pattern]]
            who = ("all four" if not left_out else f"all but {left_out[0]}" if len(left_out) == 1
                   else ", ".join(picked_by[pattern]))
            ax.set_title(f"picked by {who}", fontsize=9, loc="right", fontweight="bold")
        ax.set_ylabel("secrets (count)")
        ax.set_ylim(0, tallest * 1.3)  # one shared scale, with room for the labels
        thousands_axis(ax.yaxis)
    axes[-1].set_xticks(positions, labels, fontsize=9)
    axes[-1].set_xlim(-0.6, len(slots) - 0.4)
    left_out = game.num_scores - len(slots)
    axes[-1].set_xlabel("score b,w (black, white)" + (
        f"; the {left_out} of {game.num_scores} scores that no opening gives are left out" if left_out else ""))
    fig.suptitle(f"How each opening splits the {game.size:,} secrets of {game.name}")
    return fig


def turn_histograms_figure(results: Sequence, highlight: "Strategy | str | None" = None) -> Figure:
    """Grouped horizontal bars: secrets found in 1, 2, ... turns, one bar per strategy (SolveResults of
    one game), turn 1 at the top.

    Horizontal, so that every count is written level at the end of its own bar whatever the
    number of turns and strategies (a bar of one secret is too short to see, its label is not), and
    the figure keeps one look while the sliders move; a strategy that finds no secret in some number of
    turns up to the worst case of any shows a "0" there. The count axis is linear from zero. The
    legend sits under the axes, where it covers no bar. With `highlight`, the other strategies'
    bars are pale with a full-color edge and the highlighted one's legend entry is bold."""
    if not results:
        raise ValueError("no results to draw")
    game = results[0].game
    if any(r.game != game for r in results):
        raise ValueError("the results must all be for the same game")
    highlighted = Strategy.parse(highlight) if highlight is not None else None
    max_turns = max(r.max_turns for r in results)
    thickness = 0.8 / len(results)
    fig = Figure(figsize=(8.5, 1.9 + 0.16 * len(results) * max_turns), layout="constrained")
    ax = fig.add_subplot()
    turns = np.arange(1, max_turns + 1)
    largest = 1
    for k, result in enumerate(results):
        histogram = np.zeros(max_turns, dtype=int)
        histogram[: len(result.turn_histogram)] = result.turn_histogram
        largest = max(largest, int(histogram.max()))
        color = STRATEGY_COLORS.get(result.strategy, "#777777")
        faded = highlighted is not None and result.strategy != highlighted
        bars = ax.barh(
            turns + (k - (len(results) - 1) / 2) * thickness, histogram, thickness,
            color=to_rgba(color, 0.3) if faded else color, edgecolor=color, linewidth=1,
            label=f"{result.strategy.title} from {result.first_guess_text}: "
                  f"average {average_text(result.total_turns, game.size)}, worst {result.max_turns}",
        )
        # A count of 0 is written too: an empty slot is a finding ("0 secrets need a 6th turn").
        ax.bar_label(bars, labels=[f"{v:,}" for v in histogram], fontsize=BAR_LABEL_FONT_SIZE, padding=2)
    ax.set_xlim(0, largest * 1.12)  # room for the labels right of the longest bar
    ax.set_yticks(turns)
    ax.set_ylim(max_turns + 0.5, 0.5)  # turn 1 at the top
    openings = ", ".join(f"{r.strategy.title} {r.first_guess_text}" for r in results)
    ax.set_title(f"Turns to win each of the {game.size:,} secrets of {game.name}\nopenings: {openings}", fontsize=11)
    ax.set_ylabel("turns to win (the winning guess included)")
    ax.set_xlabel("secrets (count)")
    thousands_axis(ax.xaxis)
    legend = fig.legend(loc="outside lower center", ncols=2, fontsize=9)
    if highlighted is not None:
        for text, result in zip(legend.get_texts(), results):
            text.set_fontweight("bold" if result.strategy == highlighted else "normal")
    return fig
