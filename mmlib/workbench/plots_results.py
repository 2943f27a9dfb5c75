"""Figures for notebooks 5 (playing all games at once) and 6 (results).

Every function returns a matplotlib `Figure` with a title and labelled axes,
built without pyplot so that notebooks, the images command and tests can draw
them side by side without a global current figure. Figures from tables draw a
one-line note instead of failing when the table has no rows for them yet.
"""

from __future__ import annotations

import math
import textwrap
import numpy as np
import pandas as pd
from matplotlib.colors import LogNorm
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter
from matplotlib.ticker import NullLocator

from ..core.games import MAX_COLORS, MAX_PINS, MIN_COLORS, MIN_PINS, Game
from .plots import STRATEGY_COLORS, compact_count
from ..core.results import SolveResult
from ..core.strategies import Strategy
from ..studies.data_tables import (  # noqa: F401 (latest_rows is re-exported for the tests)
    KERNEL_STRATEGY, SOLVE_STRATEGIES, UNRECORDED_MACHINE, best_max_rows, latest_rows, machine_names, solve_rows,
    this_machine,
)

HEATMAP_VALUES = {
    # column: (what it is, colorbar label, number format, log color scale)
    "average_turns": ("Average turns", "turns per game", "{:.3f}", False),
    "max_turns": ("Max turns", "turns (worst game)", "{:.0f}", False),
    "seconds": ("Solve time", "seconds (log scale)", "{:.3g}", True),
}


def _title_of(result: SolveResult) -> str:
    return (f"{result.game.name} ({result.game.size:,} games), {result.strategy.title}, "
            f"first guess {result.first_guess_text}, {result.backend} backend, "
            f"case equivalence {'on' if result.case_equivalence else 'off'}")


def _empty_note(ax, text: str) -> None:
    ax.text(0.5, 0.5, text, ha="center", va="center", transform=ax.transAxes, fontsize=11, color="0.35")


BACKEND_COLORS = {"cpu": "#3a3a8c", "cuda": "#2ca02c", "reference": "0.5"}


def _line_style(backend: str, strategy: str, case_equivalence: str, one_strategy: bool) -> dict:
    """A marker per backend (cpu: circle, cuda: square), a line style per case-equivalence setting
    (on: dotted, filled marker; off: solid, open marker), and a color per strategy (as in every mmlib
    figure), or per backend when the figure shows one strategy."""
    if one_strategy:
        color = BACKEND_COLORS.get(backend, "0.4")
    else:
        try:
            color = STRATEGY_COLORS[Strategy.parse(strategy)]
        except ValueError:
            color = "0.4"
    on = case_equivalence == "on"
    return {"color": color, "marker": "o" if backend == "cpu" else "s", "linestyle": ":" if on else "-",
            "fillstyle": "full" if on else "none", "markersize": 7}


# -- notebook 5: one solve, turn by turn --------------------------------------


def regions_per_turn_figure(result: SolveResult) -> Figure:
    """Games still playing and the regions they form, turn by turn (one guess chosen per region)."""
    sizes = result.tree.region_sizes_per_turn()
    turns = np.arange(1, len(sizes) + 1)
    games = np.array([int(s.sum()) for s in sizes])
    regions = np.array([len(s) for s in sizes])
    fig = Figure(figsize=(7, 4), layout="constrained")
    ax = fig.subplots()
    width = 0.4
    bars_games = ax.bar(turns - width / 2, games, width, label="games still playing", color="#9ecae1")
    bars_regions = ax.bar(turns + width / 2, regions, width, label="regions (one guess each)", color="#3182bd")
    for bars in (bars_games, bars_regions):
        ax.bar_label(bars, labels=[compact_count(v) for v in bars.datavalues], fontsize=8, padding=2)
    ax.set_yscale("log")
    ax.set_ylim(0.7, games.max() * 3)
    ax.set_xticks(turns)
    ax.set_xlabel("turn")
    ax.set_ylabel("count (games, regions; log scale)")
    ax.set_title(f"Regions per turn\n{_title_of(result)}", fontsize=11)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.14), ncols=2, fontsize=9, frameon=False)
    return fig


def size_bins(largest: int) -> list[tuple[int, int]]:
    """Region-size bins 1, 2, 3-4, 5-8, ... (powers of two) up to `largest`."""
    bins, low = [(1, 1)], 2
    while low <= largest:
        high = 2 * low - 2 if low > 2 else 2
        bins.append((low, high))
        low = high + 1
    return bins


def region_size_counts(result: SolveResult) -> tuple[list[tuple[int, int]], np.ndarray]:
    """(bins, counts): counts[b, t] regions whose size falls in bins[b] choose a guess for turn t+1."""
    sizes = result.tree.region_sizes_per_turn()
    bins = size_bins(result.game.size)
    counts = np.zeros((len(bins), len(sizes)), dtype=np.int64)
    for t, turn_sizes in enumerate(sizes):
        for b, (low, high) in enumerate(bins):
            counts[b, t] = int(((turn_sizes >= low) & (turn_sizes <= high)).sum())
    return bins, counts


def region_sizes_figure(result: SolveResult) -> Figure:
    """How many regions of each size choose a guess on each turn (a heat map of counts)."""
    bins, counts = region_size_counts(result)
    used = np.flatnonzero(counts.sum(axis=1))  # drop size bins no region falls in
    bins, counts = [bins[b] for b in used], counts[used]
    turns = counts.shape[1]
    fig = Figure(figsize=(7, 0.9 + 0.38 * len(bins)), layout="constrained")
    ax = fig.subplots()
    shown = np.ma.masked_equal(counts, 0)
    image = ax.imshow(shown, origin="lower", aspect="auto", cmap="viridis",
                      norm=LogNorm(vmin=1, vmax=max(int(counts.max()), 2)))
    for b in range(len(bins)):
        for t in range(turns):
            if counts[b, t]:
                ax.text(t, b, str(counts[b, t]), ha="center", va="center", fontsize=8,
                        color="white" if counts[b, t] < counts.max() ** 0.5 else "black")
    ax.set_xticks(range(turns), [str(t + 1) for t in range(turns)])
    ax.set_yticks(range(len(bins)), [f"{lo}" if lo == hi else f"{lo}-{hi}" for lo, hi in bins])
    ax.set_xlabel("turn (the guess the region chooses)")
    ax.set_ylabel("region size (games)")
    ax.set_title(f"Region sizes per turn\n{_title_of(result)}", fontsize=11)
    fig.colorbar(image, ax=ax, label="regions (count, log scale)")
    return fig


def scores_per_turn_figure(result: SolveResult) -> Figure:
    """Scores computed on each turn: playing the guesses plus choosing the next ones."""
    turns = np.array([s.turn for s in result.turn_stats])
    scores = np.array([s.scores for s in result.turn_stats], dtype=np.float64)
    fig = Figure(figsize=(7, 4), layout="constrained")
    ax = fig.subplots()
    bars = ax.bar(turns, scores, color="#e6550d")
    ax.bar_label(bars, labels=[compact_count(v) for v in scores], fontsize=8, padding=2)
    ax.set_yscale("log")
    ax.set_ylim(0.7, scores.max() * 4)
    ax.set_xticks(turns)
    ax.set_xlabel("turn")
    ax.set_ylabel("scores computed (count, log scale)")
    ax.set_title(f"Scores per turn: {compact_count(result.scores)} in all\n{_title_of(result)}", fontsize=11)
    return fig


def _series_label(backend: str, machine: str, strategy: str, case_equivalence: str) -> str:
    label = f"{backend} ({machine}), {strategy}"
    return label if case_equivalence in ("-", "nan", "") else f"{label}, case equivalence {case_equivalence}"


def _lines_by_backend(ax, table: pd.DataFrame, column: str, empty_text: str, name_games: bool,
                      strategies=None) -> str:
    """One log-log line of `column` against game size per backend, machine, strategy and
    case-equivalence setting, from the latest run of each whole solve (the optimal search and the
    scoring kernel alone are no solves), one opening per game and strategy so that every line
    at a game played the same games (`data_tables.solve_rows`). Returns a note naming the rows
    left out for another opening ('' if none)."""
    rows = table.dropna(subset=["codewords", column]) if len(table) else table
    rows = rows[rows[column] > 0] if len(rows) else rows
    kept, left_out = solve_rows(rows)
    if strategies is not None:
        chosen = [Strategy.parse(s).label for s in strategies]
        kept, left_out = (f[f["strategy"].isin(chosen)] for f in (kept, left_out))
    if len(kept) == 0:
        _empty_note(ax, empty_text)
        return ""
    one_strategy = kept["strategy"].nunique() == 1
    for (backend, machine, strategy, ce), group in kept.groupby(
            ["backend", "machine", "strategy", "case_equivalence"], sort=True):
        group = group.sort_values("codewords")
        style = _line_style(backend, strategy, ce, one_strategy)
        ax.plot(group["codewords"], group[column], label=_series_label(backend, machine, strategy, ce), **style)
    ax.set_xscale("log")
    ax.set_yscale("log")
    if name_games:  # the games as the x ticks, once each, slanted so that close games stay apart
        games = kept.drop_duplicates("codewords").sort_values("codewords")
        ax.xaxis.set_minor_locator(NullLocator())
        ax.set_xticks(list(games["codewords"]), [f"{g} ({int(n):,})" for g, n in zip(games["game"], games["codewords"])],
                      fontsize=8, rotation=90)
    if one_strategy:
        ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    else:  # one entry per color, marker and line style, instead of one per line
        from matplotlib.lines import Line2D

        keys = [Line2D([], [], color=STRATEGY_COLORS[Strategy.parse(label)], label=label)
                for label in SOLVE_STRATEGIES if label in set(kept["strategy"])]
        keys += [Line2D([], [], color="0.3", marker="o" if backend == "cpu" else "s", linestyle="none",
                        label=f"{backend} ({machine})")
                 for backend, machine in kept[["backend", "machine"]].drop_duplicates().itertuples(index=False)]
        keys += [Line2D([], [], color="0.3", marker="o", fillstyle="none", linestyle="-",
                        label="case equivalence off"),
                 Line2D([], [], color="0.3", marker="o", linestyle=":", label="case equivalence on")]
        ax.legend(handles=keys, fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    ax.grid(True, which="major", alpha=0.3)
    if len(left_out) == 0:
        return ""
    return "Left out, to compare one opening per game and strategy: " + "; ".join(
        f"{r.game} {r.strategy} {r.backend} case equivalence {r.case_equivalence} (opening {r.first_guess})"
        for r in left_out.itertuples())


def _footnote(fig: Figure, text: str) -> None:
    """A note under the plot, in the space the layout keeps for it."""
    if text:
        fig.supxlabel(textwrap.fill(text, 160), fontsize=8, color="0.3", x=0.01, ha="left")


def backend_timings_figure(timings: pd.DataFrame, title: str = "Solve time across game sizes",
                           strategies=None) -> Figure:
    """Median solve time against game size, one line per backend, machine, strategy and
    case-equivalence setting (the latest run of each, one opening per game and strategy), log-log;
    `strategies` (default all four) picks the lines."""
    fig = Figure(figsize=(10, 5), layout="constrained")
    ax = fig.subplots()
    _footnote(fig, _lines_by_backend(ax, timings, "median_s", "no timings yet", name_games=True,
                                     strategies=strategies))
    ax.set_xlabel("game and its codewords (log scale)")
    ax.set_ylabel("median solve time (s, log scale)")
    ax.set_title(title, fontsize=11)
    return fig


# -- notebook 6: the tables across every game size -----------------------------


def heatmap_grid(best: pd.DataFrame, value: str) -> tuple[list[int], list[int], np.ndarray]:
    """(pins, colors, grid): grid[i, j] is `value` for pins[i] and colors[j], NaN where unknown."""
    # Every game size mmlib accepts, so that a missing game shows as a grey cell.
    rows = best.dropna(subset=["pins", "colors"])
    pins, colors = list(range(MIN_PINS, MAX_PINS + 1)), list(range(MIN_COLORS, MAX_COLORS + 1))
    grid = np.full((len(pins), len(colors)), np.nan)
    for _, row in rows.iterrows():
        grid[pins.index(int(row["pins"])), colors.index(int(row["colors"]))] = row[value]
    return pins, colors, grid


def format_seconds(seconds: float) -> str:
    """Seconds with two significant digits, never an exponent: 0.00012, 0.018, 0.17, 2.7, 948."""
    if seconds >= 10:
        return f"{seconds:,.0f}"
    if seconds <= 0:
        return "0"
    decimals = max(1, 1 - math.floor(math.log10(seconds)))
    return f"{seconds:.{decimals}f}"


def results_heatmap_figure(best: pd.DataFrame, value: str, strategy: "str | Strategy",
                           backend: "str | None" = "cpu", case_equivalence: str = "on") -> Figure:
    """`value` (average_turns, max_turns or seconds) per game as a pins-by-colors heat map.

    Solve times compare only on one backend and one case-equivalence setting: for `seconds` only
    the rows of `backend` and `case_equivalence` are drawn, and the title names them and where the
    seconds come from; turns are the same on every backend, so they use every row.
    """
    if value not in HEATMAP_VALUES:
        raise ValueError(f"unknown heat map value {value!r}: choose one of {', '.join(HEATMAP_VALUES)}")
    strategy = Strategy.parse(strategy)
    what, unit, number_format, log_scale = HEATMAP_VALUES[value]
    rows = best[best["strategy"] == strategy.label] if len(best) else best
    timed_on = ""
    if value == "seconds" and backend is not None:
        if len(rows):
            rows = rows[rows["backend"] == backend]
        if len(rows) and "case_equivalence" in rows.columns:
            rows = rows[rows["case_equivalence"] == case_equivalence]
        timed_on = f" on the {backend} backend, case equivalence {case_equivalence}"
    pins, colors, grid = heatmap_grid(rows, value)
    fig = Figure(figsize=(1.6 + 0.62 * len(colors), 1.6 + 0.5 * len(pins)), layout="constrained")
    ax = fig.subplots()
    known = np.isfinite(grid) & ((grid > 0) if log_scale else True)
    ax.set_facecolor("0.92")  # games not computed yet
    if known.any():
        shown = np.ma.masked_where(~known, grid)
        norm = LogNorm(vmin=grid[known].min(), vmax=max(grid[known].max(), grid[known].min() * 1.01)) \
            if log_scale else None
        image = ax.imshow(shown, origin="lower", aspect="auto", cmap="viridis", norm=norm)
        fig.colorbar(image, ax=ax, label=unit)
        middle = np.sqrt(grid[known].min() * grid[known].max()) if log_scale else \
            (grid[known].min() + grid[known].max()) / 2
        for i, j in zip(*np.nonzero(known)):
            text = format_seconds(grid[i, j]) if value == "seconds" else number_format.format(grid[i, j])
            ax.text(j, i, text, ha="center", va="center", fontsize=7,
                    color="white" if grid[i, j] < middle else "black")
    else:
        ax.imshow(np.zeros_like(grid), origin="lower", aspect="auto", cmap="Greys", vmin=0, vmax=10)
        _empty_note(ax, "no results for this strategy yet")
    ax.set_xticks(range(len(colors)), [str(c) for c in colors])
    ax.set_yticks(range(len(pins)), [str(p) for p in pins])
    ax.set_xlabel("colors")
    ax.set_ylabel("pins")
    grey = "not timed so" if timed_on else "not computed yet"
    title = f"{what}{timed_on}, {strategy.title}, best-max first guess per game (grey: {grey})"
    if timed_on:
        title += f"\nwall time of each sweep solve (data/results.csv), measured on {UNRECORDED_MACHINE}"
    ax.set_title(title, fontsize=10)
    return fig


def first_guesses_figure(results: pd.DataFrame, game: "str | Game") -> Figure:
    """Average turns of every first guess data/results.csv holds for `game`, per strategy."""
    game = Game.parse(game)
    rows = results[results["game"] == game.name].dropna(subset=["average_turns"]) if len(results) else results
    fig = Figure(figsize=(8, 4.2), layout="constrained")
    ax = fig.subplots()
    if len(rows) == 0:
        _empty_note(ax, f"no results for {game.name} yet")
    else:
        guesses = sorted(rows["first_guess"].astype(str).unique())
        strategies = [s.label for s in Strategy if s.label in set(rows["strategy"])]
        width = 0.8 / len(strategies)
        for k, label in enumerate(strategies):
            mine = rows[rows["strategy"] == label]
            by_guess = mine.set_index(mine["first_guess"].astype(str))
            heights = [by_guess["average_turns"].get(g, np.nan) for g in guesses]
            maxima = [by_guess["max_turns"].get(g, np.nan) for g in guesses]
            x = np.arange(len(guesses)) + (k - (len(strategies) - 1) / 2) * width
            strategy = Strategy.parse(label)
            bars = ax.bar(x, heights, width, label=strategy.title, color=STRATEGY_COLORS[strategy])
            ax.bar_label(bars, labels=["" if np.isnan(m) else f"{m:.0f}" for m in maxima], fontsize=7,
                         padding=1)
        low, high = np.nanmin(rows["average_turns"]), np.nanmax(rows["average_turns"])
        ax.set_ylim(max(0.0, low - 0.25 * (high - low + 0.1)), high + 0.2 * (high - low + 0.1))
        ax.set_xticks(range(len(guesses)), guesses)
        ax.legend(fontsize=8, ncols=4, loc="upper center", bbox_to_anchor=(0.5, -0.13), frameon=False)
        ax.set_ylim(top=ax.get_ylim()[1] + 0.05 * (high - low + 0.1))  # room for the max-turn labels
    ax.set_xlabel("first guess (number above a bar: max turns)")
    ax.set_ylabel("average turns per game")
    ax.set_title(f"First guesses in {game.name} ({game.size:,} games)", fontsize=11)
    return fig


def benchmarks_figure(benchmarks: pd.DataFrame) -> Figure:
    """Scores per second of whole solves against game size, one line per backend, machine, strategy
    and case-equivalence setting (the latest run of each, one opening per game and strategy),
    log-log. The optimal search and the scoring kernel alone are left to their own figures."""
    fig = Figure(figsize=(10, 5), layout="constrained")
    ax = fig.subplots()
    _footnote(fig, _lines_by_backend(ax, benchmarks, "scores_per_s", "no benchmarks yet", name_games=True))
    ax.set_xlabel("game and its codewords (log scale)")
    ax.set_ylabel("scores per second (log scale)")
    ax.set_title("Scoring throughput of whole solves (data/benchmarks.csv, latest run of each)", fontsize=11)
    return fig


def scoring_kernel_figure(benchmarks: pd.DataFrame) -> Figure:
    """The scoring kernel timed alone (benchmark rows `score-kernel`): scores per second of every
    run, per game, backend and machine, in the order they were measured."""
    rows = benchmarks[benchmarks["strategy"] == KERNEL_STRATEGY].dropna(subset=["scores_per_s"]) \
        if len(benchmarks) else benchmarks
    fig = Figure(figsize=(7, 3.6), layout="constrained")
    ax = fig.subplots()
    if len(rows) == 0:
        _empty_note(ax, "no scoring-kernel rows yet")
    else:
        rows = rows.assign(machine=machine_names(rows))
        for (game, backend, machine), group in rows.groupby(["game", "backend", "machine"], sort=True):
            when = group["date"].astype(str).str.slice(0, 16).str.replace("T", " ") if "date" in group.columns \
                else pd.Series(range(1, len(group) + 1)).astype(str)
            ax.plot(list(when), group["scores_per_s"] / 1e9, "o-", label=f"{game}, {backend} ({machine})")
            for x, y in zip(when, group["scores_per_s"] / 1e9):
                ax.annotate(f"{y:.2f}", (x, y), fontsize=8, textcoords="offset points", xytext=(0, 6),
                            ha="center")
        ax.set_ylim(0, (rows["scores_per_s"].max() / 1e9) * 1.3)
        ax.tick_params(axis="x", labelrotation=20, labelsize=8)
        ax.legend(fontsize=8, loc="lower right")
    ax.set_xlabel("run (date and time)")
    ax.set_ylabel("scores per second (billions)")
    ax.set_title("The scoring kernel alone: one guess against every secret (data/benchmarks.csv)", fontsize=10)
    return fig


# -- notebook 5: where the time goes -------------------------------------------------


def turn_seconds_figure(result: SolveResult, run: str = "this run") -> Figure:
    """Per turn: the seconds of phase 1 (play, split the regions) and phase 2 (choose the next
    guesses), and how the regions of phase 2 were settled (|PS| 1-2, fully discriminating, full
    search). Seconds are this run's wall clock; the counts are the same on every backend."""
    stats = result.turn_stats
    turns = np.array([s.turn for s in stats])
    phase1 = np.array([s.phase1_s for s in stats])
    phase2 = np.array([s.phase2_s for s in stats])
    scale, unit = (1.0, "s") if (phase1 + phase2).sum() >= 1 else (1e-3, "ms")
    fig = Figure(figsize=(10, 4.8), layout="constrained")
    left, right = fig.subplots(1, 2)
    left.bar(turns, phase1, color="#9ecae1", label="phase 1: play, split into regions")
    bars = left.bar(turns, phase2, bottom=phase1, color="#e6550d", label="phase 2: choose the next guesses")
    total = phase1 + phase2
    left.bar_label(bars, labels=[f"{format_seconds(t / scale)} {unit}" for t in total], fontsize=8, padding=2)
    left.set_ylim(0, max(total.max(), 1e-9) * 1.2)
    left.yaxis.set_major_formatter(lambda value, _pos: f"{value / scale:g}")
    left.set_xticks(turns)
    left.set_xlabel("turn")
    left.set_ylabel(f"wall clock ({unit})")
    left.set_title(f"Time per turn, {format_seconds(total.sum() / scale)} {unit} in all", fontsize=10)
    left.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.16), frameon=False)
    ways = (("tiny_regions", "|PS| 1-2: play the first", "#c7e9c0"),
            ("fd_regions", "fully discriminating member", "#74c476"),
            ("searched_regions", "full search", "#238b45"))
    bottom = np.zeros(len(stats))
    for name, label, color in ways:
        counts = np.array([getattr(s, name) for s in stats], dtype=float)
        right.bar(turns, counts, bottom=bottom, color=color, label=label)
        bottom += counts
    for t, height in zip(turns, bottom):
        if height:
            right.annotate(f"{int(height):,}", (t, height), ha="center", va="bottom", fontsize=8,
                           textcoords="offset points", xytext=(0, 2))
    right.set_ylim(0, max(bottom.max(), 1) * 1.2)
    right.set_xticks(turns)
    right.set_xlabel("turn (regions that choose the next turn's guess)")
    right.set_ylabel("regions (count)")
    right.set_title("How each region's next guess was found", fontsize=10)
    right.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.16), ncols=2, frameon=False)
    fig.suptitle(f"{_title_of(result)}\n{run}, measured here on {this_machine(result.backend)}", fontsize=11)
    return fig


# -- case equivalence across every game size ------------------------------------------


def case_equivalence_scores(results: pd.DataFrame, strategy: "str | Strategy" = "knuth") -> pd.DataFrame:
    """Per game (by size): the scores of `strategy`'s best-max solve without and with case
    equivalence, from the columns scores_without_ce and scores_with_ce of data/results.csv
    (`data_tables.case_equivalence_scores`). A table older than those columns still gives them
    where a row was solved with case equivalence: its `scores` are with it, and `scores` +
    `scores_saved` the same solve's scores without it."""
    from ..studies.data_tables import case_equivalence_scores as from_columns

    frame = from_columns(results, strategy)
    if len(frame) or len(results) == 0:
        return frame
    best = best_max_rows(results[results["case_equivalence"] == "on"], strategy)
    frame = best.assign(scores_with_ce=best["scores"], scores_without_ce=best["scores"] + best["scores_saved"])
    frame = frame[["game", "pins", "colors", "codewords", "first_guess", "scores_without_ce", "scores_with_ce"]]
    frame = frame.assign(ratio=frame["scores_without_ce"] / frame["scores_with_ce"])
    return frame.sort_values(["codewords", "pins"]).reset_index(drop=True)


def case_equivalence_seconds(timing: pd.DataFrame, backend: str = "cpu") -> pd.DataFrame:
    """data/case_equivalence_timing.csv as one row per game and strategy: the latest median seconds
    on `backend` without and with case equivalence, and the share of the time it saves."""
    latest = latest_rows(timing[timing["backend"] == backend], ("game", "strategy", "backend", "case_equivalence"))
    wide = latest.pivot_table(index=["game", "codewords", "strategy"], columns="case_equivalence",
                              values="median_s", aggfunc="last").reset_index()
    if "on" not in wide.columns or "off" not in wide.columns:
        return pd.DataFrame(columns=["game", "codewords", "strategy", "off", "on", "saved"])
    wide["saved"] = 1 - wide["on"] / wide["off"]
    return wide.sort_values(["codewords", "game", "strategy"], kind="stable").reset_index(drop=True)


def case_equivalence_figure(results: pd.DataFrame, timing: pd.DataFrame, strategy: "str | Strategy" = "knuth") -> Figure:
    """Left: the share of the scores case equivalence leaves, per game (pins by colors) of
    data/results.csv, both counts from the same solve. Right: the share of solve time it saves, per
    game and strategy, from data/case_equivalence_timing.csv (the latest run of each)."""
    strategy = Strategy.parse(strategy)
    scores = case_equivalence_scores(results, strategy)
    seconds = case_equivalence_seconds(timing) if len(timing) else pd.DataFrame()
    fig = Figure(figsize=(13, 5.2), layout="constrained")
    left, right = fig.subplots(1, 2, gridspec_kw={"width_ratios": [1.35, 1.0]})
    if len(scores) == 0:
        _empty_note(left, "no results yet")
    else:
        pins, colors, grid = heatmap_grid(scores.assign(left=scores["scores_with_ce"] / scores["scores_without_ce"]),
                                          "left")
        known = np.isfinite(grid)
        left.set_facecolor("0.92")
        image = left.imshow(np.ma.masked_where(~known, grid), origin="lower", aspect="auto", cmap="viridis",
                            vmin=0, vmax=1)
        for i, j in zip(*np.nonzero(known)):
            left.text(j, i, f"{100 * grid[i, j]:.0f}%", ha="center", va="center", fontsize=8,
                      color="white" if grid[i, j] < 0.5 else "black")
        left.set_xticks(range(len(colors)), [str(c) for c in colors])
        left.set_yticks(range(len(pins)), [str(p) for p in pins])
        fig.colorbar(image, ax=left, label="scores with / scores without", format=lambda v, _pos: f"{100 * v:.0f}%")
    left.set_xlabel("colors")
    left.set_ylabel("pins")
    left.set_title(f"Scores left with case equivalence, {strategy.title}, best-max opening\n"
                   "(both counts from the same solve; grey: not in data/results.csv)", fontsize=10)
    if len(seconds) == 0:
        _empty_note(right, "no timings with and without case equivalence yet")
    else:
        games = list(dict.fromkeys(seconds["game"]))
        width = 0.8 / 4
        for k, s in enumerate(Strategy):
            mine = seconds[seconds["strategy"] == s.label].set_index("game")
            values = [100 * mine["saved"].get(g, np.nan) for g in games]
            right.bar(np.arange(len(games)) + (k - 1.5) * width, values, width, color=STRATEGY_COLORS[s],
                      label=s.title)
        right.axhline(0, color="0.3", linewidth=0.8)
        right.set_xticks(range(len(games)), games, rotation=45, ha="right", rotation_mode="anchor", fontsize=9)
        right.legend(fontsize=8, ncols=2, loc="upper left")
        low = max(-60.0, min(-10.0, np.nanmin(seconds["saved"]) * 100 - 5))
        right.set_ylim(low, 100)
        clipped = seconds[seconds["saved"] * 100 < low]
        if len(clipped):  # tiny games whose timings are noise: say so rather than stretch the axis
            right.text(0.99, 0.02, f"{len(clipped)} bars below {low:.0f}% cut off (tiny games, "
                       "times of a millisecond)", transform=right.transAxes, ha="right", fontsize=8, color="0.3")
    right.set_xlabel("game, by number of codewords")
    right.set_ylabel("solve time saved (% of the time without)")
    right.set_title("Solve time saved, cpu backend (data/case_equivalence_timing.csv, latest run)\n"
                    f"measured on {UNRECORDED_MACHINE}", fontsize=10)
    return fig


# -- notebook 7: how fast the possible secrets run out ---------------------------------


def secrets_left_figure(after: dict, game: "str | Game", strategy: "str | Strategy") -> Figure:
    """`after[turn]` lists, over the games still played, the possible secrets left after that guess:
    the largest and the average after each guess, on a log axis, both starting from the game's size
    before the first guess (the point at "start")."""
    game, strategy = Game.parse(game), Strategy.parse(strategy)
    turns = list(after)
    fig = Figure(figsize=(7, 4), layout="constrained")
    ax = fig.subplots()
    ax.plot([0, *turns], [game.size, *[max(v) for v in after.values()]], "o-", label="largest")
    ax.plot([0, *turns], [game.size, *[sum(v) / len(v) for v in after.values()]], "s-", label="average")
    for turn, lefts in after.items():
        ax.annotate(f"{max(lefts):,}", (turn, max(lefts)), xytext=(6, 4), textcoords="offset points", fontsize=9)
    ax.annotate(f"{game.size:,}", (0, game.size), xytext=(6, 4), textcoords="offset points", fontsize=9)
    ax.set_yscale("log")
    ax.set_xticks([0, *turns], ["start", *[str(t) for t in turns]])
    ax.set_xlim(-0.3, max(turns) + 0.6)
    ax.set_ylim(top=game.size * 3)
    ax.yaxis.set_major_formatter(FuncFormatter(lambda value, _pos: f"{value:,.0f}"))  # 1,000, not 10³
    ax.set_xlabel("after guess (start: before the first guess)")
    ax.set_ylabel("possible secrets left (log scale)")
    ax.set_title(f"{game.name}, {strategy.title}: possible secrets after each guess, over all "
                 f"{game.size:,} games", fontsize=10)
    ax.legend(loc="upper right")
    return fig


# -- the seed's workloads ---------------------------------------------------------------


def seed_scoring_figure(workload: pd.DataFrame, seed_seconds: dict) -> Figure:
    """Seconds for the seed's scoring workload (every score Knuth's algorithm needs for 4p6c, one game
    at a time): the seed's two figures beside each of mmlib's variants, on a log axis."""
    fig = Figure(figsize=(8, 4), layout="constrained")
    ax = fig.subplots()
    if len(workload) == 0:
        _empty_note(ax, "no data/seed_scoring_workload.csv yet (python -m mmlib seed-data scoring)")
    else:
        mine = workload.sort_values("workload_s", ascending=False)
        names = [f"seed: {n.removeprefix('seed: ')}" for n in seed_seconds] + [f"mmlib: {v}" for v in mine["variant"]]
        seconds = list(seed_seconds.values()) + [float(s) for s in mine["workload_s"]]
        colors = ["#bdbdbd"] * len(seed_seconds) + ["#3182bd"] * len(mine)
        bars = ax.barh(range(len(names)), seconds, color=colors)
        ax.bar_label(bars, labels=[f"{format_seconds(s)} s" for s in seconds], fontsize=8, padding=3)
        ax.set_yticks(range(len(names)), names, fontsize=8)
        ax.invert_yaxis()
        ax.set_xscale("log")
        ax.set_xlim(min(seconds) / 2, max(seconds) * 8)
        scores = int(mine["workload_scores"].iloc[0])
        ax.set_title(f"The seed's scoring workload: {scores:,} scores (Knuth, 4p6c, one game at a time)",
                     fontsize=10)
    ax.set_xlabel("seconds for the whole workload (log scale)\nthe seed's on its own machine; mmlib's "
                  f"on {UNRECORDED_MACHINE}", fontsize=9)
    return fig


def one_at_a_time_figure(timings: pd.DataFrame) -> Figure:
    """Seconds to play every game: one at a time (without and with a cache of positions) against all
    at once (`solve`), per game and strategy, on a log axis."""
    fig = Figure(figsize=(9, 4.4), layout="constrained")
    ax = fig.subplots()
    if len(timings) == 0:
        _empty_note(ax, "no data/seed_one_at_a_time.csv yet (python -m mmlib seed-data one-at-a-time)")
    else:
        frame = timings.assign(case=timings["game"] + "\n" + timings["strategy"])
        cases = list(dict.fromkeys(frame.sort_values(["codewords", "strategy"], kind="stable")["case"]))
        methods = list(dict.fromkeys(frame["method"]))
        width = 0.8 / len(methods)
        palette = ["#de2d26", "#fc9272", "#3182bd", "#31a354"]
        for k, method in enumerate(methods):
            mine = frame[frame["method"] == method].set_index("case")["median_s"].astype(float)
            values = [mine.get(c, np.nan) for c in cases]
            bars = ax.bar(np.arange(len(cases)) + (k - (len(methods) - 1) / 2) * width, values, width,
                          label=method, color=palette[k % len(palette)])
            ax.bar_label(bars, labels=["" if np.isnan(v) else format_seconds(v) for v in values], fontsize=6,
                         padding=1, rotation=90)
        ax.set_yscale("log")
        ax.set_ylim(top=np.nanmax(frame["median_s"].astype(float)) * 20)
        ax.set_xticks(range(len(cases)), cases, fontsize=8)
        ax.legend(fontsize=8, loc="upper left", ncols=len(methods))
    ax.set_xlabel("game and strategy")
    ax.set_ylabel("seconds to play every game (log scale)")
    threads = ", ".join(sorted({str(int(t)) for t in timings["threads"].dropna()})) \
        if len(timings) and "threads" in timings.columns else "?"
    ax.set_title("One game at a time against all games at once: cpu backend, case equivalence off, "
                 f"{threads} thread(s)\ndata/seed_one_at_a_time.csv, measured on {UNRECORDED_MACHINE}", fontsize=10)
    return fig
