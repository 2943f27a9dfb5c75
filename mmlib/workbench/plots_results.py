"""Figures for notebooks 5 (playing every secret at once) and 6 (results).

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
from matplotlib.patches import Rectangle
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter, MaxNLocator, NullLocator

from ..core.games import MAX_COLORS, MAX_PINS, MIN_COLORS, MIN_PINS, Game
from .plots import STRATEGY_COLORS, compact_count, significant
from ..core.results import SolveResult
from ..core.strategies import Strategy
from ..studies.data_tables import (  # noqa: F401 (latest_rows is re-exported for the tests)
    KERNEL_STRATEGY, SOLVE_STRATEGIES, best_max_rows, latest_rows, machine_names, measured_just_now,
    one_machine_one_engine, per_engine, solve_rows,
)
from ..studies.data_tables import Table, frame_and_problem  # noqa: F401 (Table: the annotations)

HEATMAP_VALUES = {
    # column: (what it is, colorbar label, number format, log color scale)
    "average_turns": ("Average turns", "turns per secret", "{:.3f}", False),
    "max_turns": ("Max turns", "turns (worst secret)", "{:.0f}", False),
    "seconds": ("Solve time", "seconds (log scale)", "{:.3g}", True),
}


def _title_of(result: SolveResult) -> str:
    return (f"{result.game.name} ({result.game.size:,} secrets), {result.strategy.title}, "
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


# How a region's next guess is found, as every table and legend of notebook 5 names the ways:
# (TurnStats field, label, color).
SETTLED_WAYS = (("tiny_regions", "1-2 secrets: play the first", "#c7e9c0"),
                ("fd_regions", "fully discriminating member", "#74c476"),
                ("searched_regions", "full search", "#238b45"))

# Turn t is the t-th guess; the regions its scores form are the regions "after turn t", each of
# which chooses one guess for turn t+1. Every figure, table and tree of notebook 5 says it so.
AFTER_TURN = "regions after turn t (each chooses one guess for turn t+1)"


def regions_per_turn_figure(result: SolveResult) -> Figure:
    """Turn by turn, as the turn statistics number turns: the secrets in play on turn t (not found
    before it: each is scored against turn t's guess of its region) and the regions after turn t
    (its scores split the secrets into them), each of which chooses one guess for turn t+1."""
    stats = result.turn_stats
    turns = np.array([s.turn for s in stats])
    games = np.array([s.games_active for s in stats])
    regions = np.array([s.regions for s in stats])
    fig = Figure(figsize=(7, 4), layout="constrained")
    ax = fig.subplots()
    width = 0.4
    bars_games = ax.bar(turns - width / 2, games, width, label="secrets in play on turn t", color="#9ecae1")
    bars_regions = ax.bar(turns + width / 2, regions, width, label=AFTER_TURN, color="#3182bd")
    for bars in (bars_games, bars_regions):
        ax.bar_label(bars, labels=[f"{int(v):,}" for v in bars.datavalues], fontsize=9, padding=2)
    # A linear axis from zero: bars on a log axis draw 1 region as a sliver and 12 as a third of 1,296.
    ax.set_ylim(0, max(games.max(), regions.max()) * 1.15)
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))  # counts: no tick at 2.5 labelled "2"
    ax.yaxis.set_major_formatter(lambda value, _pos: f"{value:,.0f}")
    ax.set_xticks(turns)
    ax.set_xlabel("turn t")
    ax.set_ylabel("count (secrets, regions)")
    ax.set_title(f"Secrets in play and regions per turn\n{_title_of(result)}", fontsize=11)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.14), ncols=1, fontsize=10, frameon=False)
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
    """(bins, counts): counts[b, t] regions whose size falls in bins[b] choose a guess for turn t+1
    (column 0: the root, every secret before turn 1; column t: the regions after turn t)."""
    sizes = result.tree.region_sizes_per_turn()
    bins = size_bins(result.game.size)
    counts = np.zeros((len(bins), len(sizes)), dtype=np.int64)
    for t, turn_sizes in enumerate(sizes):
        for b, (low, high) in enumerate(bins):
            counts[b, t] = int(((turn_sizes >= low) & (turn_sizes <= high)).sum())
    return bins, counts


def region_sizes_figure(result: SolveResult) -> Figure:
    """How many regions of each size each turn's scores form (a heat map of counts)."""
    bins, counts = region_size_counts(result)
    # Turns numbered as the turn statistics number them: column t holds the regions after turn t,
    # which choose turn t+1's guess (the root, every secret before turn 1, is left out); every turn
    # has its column, the last one's empty (its secrets are all found), as the other figures show it.
    counts = counts[:, 1:]
    turns = max(len(result.turn_stats), counts.shape[1])
    counts = np.pad(counts, ((0, 0), (0, turns - counts.shape[1])))
    used = np.flatnonzero(counts.sum(axis=1))  # drop size bins no region falls in
    bins, counts = [bins[b] for b in used], counts[used]
    fig = Figure(figsize=(7, 1.2 + 0.38 * len(bins)), layout="constrained")
    ax = fig.subplots()
    shown = np.ma.masked_equal(counts, 0)
    image = ax.imshow(shown, origin="lower", aspect="auto", cmap="viridis",
                      norm=LogNorm(vmin=1, vmax=max(int(counts.max()), 2)))
    for b in range(len(bins)):
        for t in range(turns):
            if counts[b, t]:
                ax.text(t, b, f"{counts[b, t]:,}", ha="center", va="center", fontsize=9,
                        color="white" if counts[b, t] < counts.max() ** 0.5 else "black")
    ax.set_xticks(range(turns), [str(t + 1) for t in range(turns)])
    ax.set_yticks(range(len(bins)), [f"{lo:,}" if lo == hi else f"{lo:,}-{hi:,}" for lo, hi in bins])
    ax.set_xlabel(f"turn t: {AFTER_TURN}")
    ax.set_ylabel("region size (secrets)")
    ax.set_title(f"Region sizes after each turn\n{_title_of(result)}", fontsize=11)
    bar = fig.colorbar(image, ax=ax, label="regions (count, log scale; white: none)")
    bar.ax.yaxis.set_major_formatter(FuncFormatter(lambda value, _pos: f"{value:,.0f}"))  # 1, 10, 100: no 10⁰
    bar.ax.yaxis.set_minor_formatter(FuncFormatter(
        lambda value, _pos: f"{value:,.0f}" if counts.max() < 10 and value == round(value) else ""))
    return fig


def scores_per_turn_figure(result: SolveResult) -> Figure:
    """Scores computed on each turn: playing the guesses plus choosing the next ones."""
    turns = np.array([s.turn for s in result.turn_stats])
    scores = np.array([s.scores for s in result.turn_stats], dtype=np.float64)
    fig = Figure(figsize=(7, 4), layout="constrained")
    ax = fig.subplots()
    bars = ax.bar(turns, scores, color="#e6550d")
    ax.bar_label(bars, labels=[f"{int(v):,}" for v in scores], fontsize=9, padding=2)
    # A linear axis from zero, so that the bars show where the work is (log bars draw 694 scores
    # as half of 1.7 million); the labels give the small turns' counts.
    ax.set_ylim(0, scores.max() * 1.15)
    ax.yaxis.set_major_formatter(lambda value, _pos: f"{value:,.0f}")
    ax.set_xticks(turns)
    ax.set_xlabel("turn t (playing its guesses, then choosing turn t+1's)")
    ax.set_ylabel("scores computed (count)")
    ax.set_title(f"Scores computed per turn: {int(result.scores):,} in all\n{_title_of(result)}", fontsize=11)
    return fig


def _series_label(backend: str, machine: str, strategy: str, case_equivalence: str) -> str:
    label = f"{backend} ({machine}), {strategy}"  # the machine names its engine too: see _lines_by_backend
    return label if case_equivalence in ("-", "nan", "") else f"{label}, case equivalence {case_equivalence}"


def _solves_shown(table: pd.DataFrame, column: str, strategies=None):
    """(kept, left_out, timings): the whole solves a figure of `column` draws, the latest run of each
    (the optimal search and the scoring kernel alone are no solves), one opening per game and
    strategy (`data_tables.solve_rows`), each backend's rows of one machine and one engine version
    (`data_tables.per_engine`), their `machine` naming the engine too; `strategies` picks some."""
    rows = table.dropna(subset=["codewords", column]) if len(table) else table
    rows = rows[rows[column] > 0] if len(rows) else rows
    rows = rows[rows["strategy"].isin(SOLVE_STRATEGIES)] if len(rows) else rows
    timings = per_engine(rows, by="backend")
    # A line's machine as the legend names it, with the engine version that ran it.
    named = timings.rows.assign(machine=[f"{m}; engine {e}" for m, e in zip(machine_names(timings.rows),
                                                                          timings.rows["engine"])]) \
        if len(timings.rows) else timings.rows
    kept, left_out = solve_rows(named)
    if strategies is not None:
        chosen = [Strategy.parse(s).label for s in strategies]
        kept, left_out = (f[f["strategy"].isin(chosen)] for f in (kept, left_out))
    return kept, left_out, timings


def _left_out_note(timings, left_out: pd.DataFrame) -> str:
    notes = [timings.left_out_note()]
    if len(left_out):
        notes.append("Left out, to compare one opening per game and strategy: " + "; ".join(
            f"{r.game} {r.strategy} {r.backend} case equivalence {r.case_equivalence} (opening {r.first_guess})"
            for r in left_out.itertuples()))
    return " ".join(n for n in notes if n)


def _and(items: list) -> str:
    """'7p7c', '7p7c and 8p6c', '5p8c, 7p7c and 8p6c'."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _not_drawn_note(kept: pd.DataFrame, timings) -> str:
    """Why a line of a backend stops short of the others, or is missing (a sentence per backend, ''
    if none; only where the figure draws two backends or more): a game that another backend draws
    with the same case-equivalence setting, or this backend with the other setting, and that this
    backend's current engine has not timed with this one; and which of those older engines of the
    backend did time (rows left out of the figure)."""
    if len(kept) == 0 or kept["backend"].nunique() < 2:
        return ""
    older = timings.left_out
    older = older[older["why"] == "older engine"] if len(older) and "why" in older.columns else older.iloc[0:0]
    order = kept.drop_duplicates("game").sort_values("codewords")["game"].tolist()
    several = kept["strategy"].nunique() > 1
    clauses = []
    for backend, mine in kept.groupby("backend", sort=True):
        engine = ", ".join(dict.fromkeys(mine["engine"].astype(str)))
        missing = []  # (strategy, setting, games)
        for strategy, drawn in kept.groupby("strategy", sort=True):
            for ce in sorted(set(drawn["case_equivalence"])):
                same_ce, same_backend = drawn["case_equivalence"] == ce, drawn["backend"] == backend
                others = drawn[same_ce != same_backend]  # another backend's line, or this one's other setting
                here = set(drawn[(drawn["case_equivalence"] == ce) & (drawn["backend"] == backend)]["game"])
                games = [g for g in order if g in set(others["game"]) and g not in here]
                if games:
                    missing.append((strategy, ce, games, not here))
        if not missing:
            continue
        items, timed_before = [], []
        for strategy, ce, games, whole_line in missing:
            who = f" {Strategy.parse(strategy).title}" if several else ""
            items.append(f"{backend}{who} with case equivalence {ce} (no line)" if whole_line
                         else f"{backend}{who} at {_and(games)} with case equivalence {ce}")
            mine_older = older[(older["backend"] == backend) & (older["strategy"] == strategy)
                               & (older["case_equivalence"] == ce)] if len(older) else older
            before = [g for g in games if g in set(mine_older["game"])] if len(mine_older) else []
            if before:
                timed_before.append(f"{who.strip()} {_and(before)} with case equivalence {ce}".strip())
        clause = f"Not drawn: {_and(items)}, which engine {engine} has not timed"
        if timed_before:
            clause += (f" (older {backend} engines timed {_and(timed_before)}: they are among the rows "
                       "left out)")
        clauses.append(clause + ".")
    return " ".join(clauses)


def _lines_by_backend(ax, table: pd.DataFrame, column: str, empty_text: str, name_games: bool,
                      strategies=None, compact: bool = False) -> "str | tuple[str, str]":
    """One log-log line of `column` against game size per backend, machine, strategy and
    case-equivalence setting, from the latest run of each whole solve (the optimal search and the
    scoring kernel alone are no solves), one opening per game and strategy so that every line
    at a game played the same games (`data_tables.solve_rows`). Each backend's lines are one
    machine's and one engine version's (`data_tables.per_engine`), named in the legend. Returns a
    note naming the rows left out ('' if none).

    `compact`: the games evenly spaced in order of size (close sizes such as 5p8c and 6p6c never
    crowd their labels), the legend under the plot naming only backend, case equivalence and
    strategy, and a second string returned: where each backend's lines were measured (machine,
    engine, mmlib commits, days), for the title."""
    kept, left_out, timings = _solves_shown(table, column, strategies)
    if len(kept) == 0:
        _empty_note(ax, empty_text)
        return ("", "") if compact else ""
    one_strategy = kept["strategy"].nunique() == 1
    games = kept.drop_duplicates("codewords").sort_values("codewords")
    position = {n: k for k, n in enumerate(games["codewords"])}  # compact: evenly spaced by size
    for (backend, machine, strategy, ce), group in kept.groupby(
            ["backend", "machine", "strategy", "case_equivalence"], sort=True):
        group = group.sort_values("codewords")
        style = _line_style(backend, strategy, ce, one_strategy)
        if compact:
            label = f"{backend}, case equivalence {ce}"
            label += "" if one_strategy else f", {Strategy.parse(strategy).title}"
            # The two settings a little apart, so that close times at one game never hide each other.
            dodge = {"off": -0.05, "on": 0.05}.get(ce, 0.0)
            ax.plot([position[n] + dodge for n in group["codewords"]], group[column], label=label, **style)
        else:
            ax.plot(group["codewords"], group[column], label=_series_label(backend, machine, strategy, ce), **style)
    if not compact:
        ax.set_xscale("log")
    ax.set_yscale("log")
    if compact:
        ax.set_xticks(range(len(games)), [f"{g}\n{int(n):,}" for g, n in zip(games["game"], games["codewords"])],
                      fontsize=9)
        ax.set_xlim(-0.5, len(games) - 0.5)
        ax.yaxis.set_major_formatter(FuncFormatter(lambda value, _pos: f"{value:,g}"))  # 0.01, 1, 10: no 10⁻²
    elif name_games:  # the games as the x ticks, once each, slanted so that close games stay apart
        ax.xaxis.set_minor_locator(NullLocator())
        ax.set_xticks(list(games["codewords"]), [f"{g} ({int(n):,})" for g, n in zip(games["game"], games["codewords"])],
                      fontsize=9, rotation=90)
    if compact:
        handles, labels = ax.get_legend_handles_labels()
        ax.legend(handles, labels, fontsize=10, loc="upper center", bbox_to_anchor=(0.5, -0.2),
                  ncols=min(3, len(labels)), frameon=False)
    elif one_strategy:
        ax.legend(fontsize=9, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    else:  # one entry per color, marker and line style, instead of one per line
        from matplotlib.lines import Line2D

        keys = [Line2D([], [], color=STRATEGY_COLORS[Strategy.parse(label)], label=Strategy.parse(label).title)
                for label in SOLVE_STRATEGIES if label in set(kept["strategy"])]
        keys += [Line2D([], [], color="0.3", marker="o" if backend == "cpu" else "s", linestyle="none",
                        label=f"{backend} ({machine})")
                 for backend, machine in kept[["backend", "machine"]].drop_duplicates().itertuples(index=False)]
        keys += [Line2D([], [], color="0.3", marker="o", fillstyle="none", linestyle="-",
                        label="case equivalence off"),
                 Line2D([], [], color="0.3", marker="o", linestyle=":", label="case equivalence on")]
        ax.legend(handles=keys, fontsize=9, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    ax.grid(True, which="major", alpha=0.3)
    note = _left_out_note(timings, left_out)
    if not compact:
        return note
    note = " ".join(n for n in (note, _not_drawn_note(kept, timings)) if n)
    where = []
    for backend, group in kept.groupby("backend", sort=True):
        shown = timings.rows.loc[timings.rows.index.intersection(group.index)]
        part = one_machine_one_engine(shown) if len(shown) else None
        text = part.caption(commits=True, load=False).removeprefix("measured on ") if part is not None else ""
        where.append(f"{backend}: {text}")
    return note, "\n".join(where)


def _footnote(fig: Figure, text: str) -> None:
    """A note under the plot, in the space the layout keeps for it."""
    if text:
        fig.supxlabel(textwrap.fill(text, 140), fontsize=9, color="0.3", x=0.01, ha="left")


def backend_timings_figure(timings: pd.DataFrame, title: str = "Solve time across game sizes",
                           strategies=None) -> Figure:
    """Median solve time against game size, one line per backend, machine, strategy and
    case-equivalence setting (the latest run of each, one opening per game and strategy), the
    games evenly spaced in order of size and the seconds on a log axis; `strategies` (default all
    four) picks the lines. The title says where each backend's lines were measured (machine,
    engine, commits, days), so that the legend under the plot names only what tells lines apart."""
    fig = Figure(figsize=(10, 5.6), layout="constrained")
    ax = fig.subplots()
    note, where = _lines_by_backend(ax, timings, "median_s", "no timings yet", name_games=True,
                                    strategies=strategies, compact=True)
    _footnote(fig, note)
    ax.set_xlabel("game and its codewords (evenly spaced in order of size, not to scale)")
    ax.set_ylabel("median solve time (s, log scale)")
    ax.set_title(f"{title}\n{where}" if where else title, fontsize=11)
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
    """Seconds with two significant digits, never an exponent: 0.00012, 0.018, 0.17, 2.7, 948. A value
    that rounds up into the next decade keeps two digits there: 0.9996 is 1.0 (not 1.00), 9.96 is 10."""
    if seconds <= 0:
        return "0"
    decimals = max(1, 1 - math.floor(math.log10(seconds)))
    rounded = round(seconds, decimals)  # rounded first, so that 0.9996 is placed as 1.0
    if rounded >= 10:
        return f"{rounded:,.0f}"
    decimals = max(1, 1 - math.floor(math.log10(rounded)))
    return f"{seconds:.{decimals}f}"


def three_figures(value: float) -> str:
    """A measured quantity (seconds, billions of scores a second) with three significant figures,
    never an exponent: 0.0601, 0.710, 3.65, 34.5, 474; from 100 on, whole with separators (948,
    1,695)."""
    if value >= 99.95:
        return f"{value:,.0f}"
    if value <= 0:
        return "0"
    decimals = max(0, 2 - math.floor(math.log10(value)))
    text = f"{value:.{decimals}f}"
    if len(text.replace(".", "").lstrip("0")) > 3 and decimals:  # 9.996 rounds up to 10.00: 10.0
        text = f"{value:.{decimals - 1}f}"
    return text


def _seconds_rows(best: pd.DataFrame, backend: str, case_equivalence: str):
    """The rows of `best` whose seconds a time map compares: one backend, one case-equivalence
    setting, one machine and engine version (`one_machine_one_engine`), as a `Timings`."""
    rows = best
    if len(rows):
        rows = rows[rows["backend"] == backend]
    if len(rows) and "case_equivalence" in rows.columns:
        rows = rows[rows["case_equivalence"] == case_equivalence]
    return one_machine_one_engine(rows)


def _why_grey(best: pd.DataFrame, timed: pd.DataFrame, backend: str, case_equivalence: str) -> str:
    """Why a time map's grey cells have no time, from their rows (review r11: the title said 'not
    timed so by this machine and engine', though they were solved on another backend or setting)."""
    left = best[~best["game"].isin(set(timed["game"]))] if len(best) and len(timed) else best
    reasons = []
    for _, row in left.iterrows():
        if row.get("backend") != backend:
            reason = f"on the {row.get('backend')} backend"
        elif "case_equivalence" in left.columns and row["case_equivalence"] != case_equivalence:
            reason = f"with case equivalence {row['case_equivalence']}"
        else:
            reason = "by another machine or engine"
        if reason not in reasons:
            reasons.append(reason)
    return "solved " + " or ".join(reasons) if reasons else "not in data/results.csv"


def plain_number(value: float, _pos=None) -> str:
    """A tick label of a log axis without an exponent: 0.01, 0.1, 1, 10, 1,000."""
    if value <= 0:
        return ""
    return f"{value:,.0f}" if value >= 1 else f"{value:.{max(0, -math.floor(math.log10(value) + 1e-9))}f}"


# The longest line a map's cell holds at 9 pt: an 8-pin codeword (11122334, 64 pixels at 100 dpi in
# a cell of about 66), so that no codeword is ever broken over two lines nor drawn smaller than the
# rest. A longer line is broken in the middle.
CELL_LINE_CHARS = MAX_PINS


def cell_text(text: str) -> str:
    """A map cell's label at the one size every cell uses, line by line: '11122334' whole,
    '111223\nso far' as given; only a line longer than any codeword is broken in two."""
    lines = []
    for line in text.split("\n"):
        if len(line) <= CELL_LINE_CHARS:
            lines.append(line)
        else:
            half = (len(line) + 1) // 2
            lines += [line[:half], line[half:]]
    return "\n".join(lines)


def _heatmap_panel(fig: Figure, ax, grid: np.ndarray, pins: list, colors: list, value: str,
                   limits: "tuple[float, float] | None" = None, texts: "np.ndarray | None" = None,
                   label: "str | None" = None, empty: str = "no results for this strategy yet",
                   marked: "np.ndarray | None" = None) -> None:
    """One pins-by-colors map of `grid` on `ax` with its colorbar: each known cell colored on the
    scale `limits` (vmin, vmax; default the grid's own) and labelled with its value (`texts`, if
    given, instead), 9 pt, a long label on two lines (`cell_text`); unknown cells grey; the cells
    `marked` (a boolean grid) outlined in red. A log scale (seconds) has plain tick labels."""
    _what, unit, number_format, log_scale = HEATMAP_VALUES.get(value, ("", label or "", "{:.0f}", False))
    known = np.isfinite(grid) & ((grid > 0) if log_scale else True)
    ax.set_facecolor("0.92")  # games not in the table
    if known.any():
        low, high = limits if limits is not None else (grid[known].min(), grid[known].max())
        high = max(high, low * 1.01) if log_scale else max(high, low + 1e-9)
        norm = LogNorm(vmin=low, vmax=high) if log_scale else None
        image = ax.imshow(np.ma.masked_where(~known, grid), origin="lower", aspect="auto", cmap="viridis",
                          norm=norm, vmin=None if log_scale else low, vmax=None if log_scale else high)
        bar = fig.colorbar(image, ax=ax, label=label or unit, pad=0.01, fraction=0.04)
        if log_scale:
            bar.ax.yaxis.set_major_formatter(FuncFormatter(plain_number))
            bar.ax.yaxis.set_minor_formatter(FuncFormatter(lambda _v, _p: ""))
        else:
            bar.ax.yaxis.set_major_locator(MaxNLocator(integer=True))
        middle = np.sqrt(low * high) if log_scale else (low + high) / 2
        for i, j in zip(*np.nonzero(known)):
            if texts is not None:
                text = str(texts[i, j])
            else:
                text = three_figures(grid[i, j]) if value == "seconds" else number_format.format(grid[i, j])
            ax.text(j, i, cell_text(text), ha="center", va="center", fontsize=9, linespacing=1.0,
                    color="white" if grid[i, j] < middle else "black")
    else:
        ax.imshow(np.zeros_like(grid), origin="lower", aspect="auto", cmap="Greys", vmin=0, vmax=10)
        _empty_note(ax, empty)
    if marked is not None:
        for i, j in zip(*np.nonzero(marked & np.isfinite(grid))):
            ax.add_patch(Rectangle((j - 0.46, i - 0.45), 0.92, 0.9, fill=False, edgecolor="red", linewidth=2.5))
    ax.set_xticks(range(len(colors)), [str(c) for c in colors])
    ax.set_yticks(range(len(pins)), [str(p) for p in pins])
    ax.set_xlabel("colors")
    ax.set_ylabel("pins")


def results_heatmap_figure(best: pd.DataFrame, value: str, strategy: "str | Strategy",
                           backend: "str | None" = "cpu", case_equivalence: str = "on") -> Figure:
    """`value` (average_turns, max_turns or seconds) per game as a pins-by-colors heat map.

    Solve times compare only on one backend and one case-equivalence setting: for `seconds` only
    the rows of `backend` and `case_equivalence` are drawn, and the title names them and where the
    seconds come from; turns are the same on every backend, so they use every row.
    `results_heatmaps_figure` draws the maps of one strategy together, on scales shared by every
    strategy.
    """
    if value not in HEATMAP_VALUES:
        raise ValueError(f"unknown heat map value {value!r}: choose one of {', '.join(HEATMAP_VALUES)}")
    strategy = Strategy.parse(strategy)
    what, _unit, _number_format, _log_scale = HEATMAP_VALUES[value]
    rows = best[best["strategy"] == strategy.label] if len(best) else best
    timed_on = ""
    if value == "seconds" and backend is not None:
        timed_on = f" on the {backend} backend, case equivalence {case_equivalence}"
        timings = _seconds_rows(rows, backend, case_equivalence)
        rows = timings.rows
    pins, colors, grid = heatmap_grid(rows, value)
    # Cells wide enough for a 9 pt number of six characters ("0.0056", "5.241"), the figure no wider
    # than a notebook's output (about 10.5 inches at 100 dpi): a wider one is shrunk, its text too.
    fig = Figure(figsize=(10.5, 1.6 + 0.5 * len(pins)), layout="constrained")
    ax = fig.subplots()
    _heatmap_panel(fig, ax, grid, pins, colors, value)
    grey = "not timed so on this machine by this engine" if timed_on else "not in data/results.csv"
    title = f"{what}{timed_on}, {strategy.title}, best-max first guess per game (grey: {grey})"
    if timed_on:
        title += f"\nwall time of each sweep solve (data/results.csv), {timings.caption()}"
    ax.set_title(textwrap.fill(title, 120) if not timed_on else title, fontsize=10)
    return fig


def heatmap_limits(best: pd.DataFrame, backend: str = "cpu", case_equivalence: str = "on") -> dict:
    """The color scale of each map of `results_heatmaps_figure` over every strategy of `best`, so
    that one color means one value whichever strategy is drawn: {value: (low, high)}."""
    limits = {}
    for value in ("average_turns", "max_turns"):
        known = best[value].dropna() if len(best) else pd.Series(dtype=float)
        if len(known):
            limits[value] = (float(known.min()), float(known.max()))
    seconds = _seconds_rows(best, backend, case_equivalence).rows
    known = seconds["seconds"].dropna() if len(seconds) else pd.Series(dtype=float)
    known = known[known > 0]
    if len(known):
        limits["seconds"] = (float(known.min()), float(known.max()))
    guesses = best["first_guess"].dropna().astype(str) if len(best) else pd.Series(dtype=str)
    if len(guesses):
        distinct = guesses.map(lambda g: len(set(g)))
        limits["distinct"] = (float(distinct.min()), float(distinct.max()))
    return limits


def results_heatmaps_figure(best: pd.DataFrame, strategy: "str | Strategy", backend: str = "cpu",
                            case_equivalence: str = "on", incomplete: "pd.DataFrame | None" = None) -> Figure:
    """The chosen strategy's maps of every game (pins up, colors across), each game played from its
    best-max first guess (`best` is `best_max_rows` of data/results.csv, every strategy): average
    turns, max turns, solve time (the rows of `backend` and `case_equivalence` of one machine and
    engine, log color scale), and the opening itself, colored by how many distinct colors it uses.
    The four panels share their columns, and each color scale is the same for every strategy
    (`heatmap_limits`); where the seconds were measured is said under the figure. The games of
    `incomplete` (`data_tables.incomplete_openings`: not every first guess played yet, so the opening
    shown may not be the best) are outlined in red in every panel, and named under the figure."""
    strategy = Strategy.parse(strategy)
    limits = heatmap_limits(best, backend, case_equivalence)
    rows = best[best["strategy"] == strategy.label] if len(best) else best
    timings = _seconds_rows(rows, backend, case_equivalence)
    unfinished = incomplete[incomplete["strategy"] == strategy.label] if incomplete is not None and len(incomplete) \
        else pd.DataFrame(columns=["game", "strategy", "played", "patterns"])
    marked = np.zeros((MAX_PINS - MIN_PINS + 1, MAX_COLORS - MIN_COLORS + 1), dtype=bool)
    for name in unfinished["game"]:
        game = Game.parse(name)
        marked[game.pins - MIN_PINS, game.colors - MIN_COLORS] = True
    fig = Figure(figsize=(10.5, 14.0), layout="constrained")
    axes = fig.subplots(4, 1, sharex=True)
    panels = [("average_turns", rows, "Average turns per secret", None),
              ("max_turns", rows, "Max turns (the worst secret)", None),
              ("seconds", timings.rows, f"Solve time, {backend} backend, case equivalence {case_equivalence} "
                                        f"(grey: {_why_grey(rows, timings.rows, backend, case_equivalence)})", None),
              ("distinct", rows, "The best-max first guess (color: how many distinct colors it uses)",
               "distinct colors")]
    for ax, (value, frame, title, label) in zip(axes, panels):
        if value == "distinct":
            shown = frame.assign(distinct=frame["first_guess"].astype(str).map(lambda g: len(set(g)))) \
                if len(frame) else frame.assign(distinct=pd.Series(dtype=float))
            pins, colors, grid = heatmap_grid(shown, "distinct")
            _p, _c, order = heatmap_grid(shown.assign(order=np.arange(len(shown))), "order") if len(shown) \
                else (pins, colors, np.full_like(grid, np.nan))
            names = list(shown["first_guess"].astype(str)) if len(shown) else []
            texts = np.full(grid.shape, "", dtype=object)
            for i, j in zip(*np.nonzero(np.isfinite(order))):
                # An opening chosen from some first guesses only says so in its cell.
                texts[i, j] = names[int(order[i, j])] + ("\nso far" if marked[i, j] else "")
            _heatmap_panel(fig, ax, grid, pins, colors, "distinct", limits.get("distinct"), texts, label,
                           marked=marked)
        else:
            pins, colors, grid = heatmap_grid(frame, value)
            _heatmap_panel(fig, ax, grid, pins, colors, value, limits.get(value),
                           empty="no solve timed so for this strategy" if value == "seconds" else
                           "no results for this strategy yet", marked=marked)
        ax.set_title(title, fontsize=11)
        ax.xaxis.set_tick_params(labelbottom=True)
    fig.suptitle(f"{strategy.title}: every game of data/results.csv, each from its best-max first guess "
                 "(grey: not in data/results.csv)", fontsize=12)
    outlined = "; ".join(f"{game} ({played} of its {patterns} first guesses)" for game, played, patterns
                        in zip(unfinished["game"], unfinished["played"], unfinished["patterns"]))
    _footnote(fig, (f"Outlined in red, its opening marked \"so far\": not every first guess played yet, so the "
                    f"best-max first guess shown is the best of those played and may still change: {strategy.title} "
                    f"{outlined}. " if outlined else "")
              + f"Solve times: the wall time of each sweep solve in data/results.csv, {timings.caption()}."
              + _untimed_games(rows, backend, case_equivalence) + " "
              "A time need not grow with the game: each is the solve from that game's own best-max first guess, "
              "which changes from one game to the next, on a machine shared with other work. "
              "Each map's color scale is the same for all four strategies.")
    return fig


def _untimed_games(rows: pd.DataFrame, backend: str, case_equivalence: str) -> str:
    """Why a game of `rows` (best-max rows of one strategy) is grey in the time map, in a sentence: the
    games solved on another backend (counted; called the smallest where none of the others is
    smaller) and those solved on `backend` only with the other case-equivalence setting, named."""
    if len(rows) == 0:
        return ""
    elsewhere = rows[rows["backend"] != backend]
    other = rows[(rows["backend"] == backend) & (rows["case_equivalence"] != case_equivalence)]
    parts = []
    if len(elsewhere):
        backends = " and ".join(f"the {b} backend" for b in dict.fromkeys(elsewhere["backend"]))
        smallest = elsewhere["codewords"].max() < rows.loc[rows["backend"] == backend, "codewords"].min() \
            if (rows["backend"] == backend).any() else False
        parts.append(f"the {len(elsewhere)} {'smallest ' if smallest else ''}games, solved on {backends}")
    if len(other):
        games = _games_in_words(other)
        parts.append(f"{games}, solved only with case equivalence {'off' if case_equivalence == 'on' else 'on'}")
    return f" Grey in the time map: {', and '.join(parts)}." if parts else ""


def _games_in_words(rows: pd.DataFrame) -> str:
    """'6p4c, 7p4c, 7p5c and 8p4c': the games of `rows` by pins, then colors."""
    games = [g.name for g in sorted({Game.parse(name) for name in rows["game"]}, key=lambda g: (g.pins, g.colors))]
    return games[0] if len(games) == 1 else f"{', '.join(games[:-1])} and {games[-1]}"


def first_guesses_figure(results: pd.DataFrame, game: "str | Game") -> Figure:
    """Average turns (top) and max turns (bottom) of every first guess data/results.csv holds for
    `game`, per strategy, as dots: the averages differ by a few hundredths, which bars from zero
    would hide and bars from elsewhere would exaggerate. First guesses of many pins are written
    upright, so that their labels never run into each other."""
    game = Game.parse(game)
    rows = results[results["game"] == game.name].dropna(subset=["average_turns"]) if len(results) else results
    fig = Figure(figsize=(8, 5.2), layout="constrained")
    if len(rows) == 0:
        ax = fig.subplots()
        _empty_note(ax, f"no results for {game.name} in data/results.csv")
        ax.set_xlabel("first guess")
        ax.set_ylabel("average turns per secret")
        ax.set_title(f"First guesses in {game.name} ({game.size:,} secrets)", fontsize=11)
        return fig
    top, bottom = fig.subplots(2, 1, sharex=True, height_ratios=[2, 1])
    guesses = sorted(rows["first_guess"].astype(str).unique())
    strategies = [s.label for s in Strategy if s.label in set(rows["strategy"])]
    # The strategies side by side within a guess's slot (80% of it), each dot no wider than its
    # share, so that equal values (four max turns of 7) stand apart instead of on top of each other.
    step = 0.8 / len(strategies) if len(strategies) > 1 else 0.0
    slot_points = 6.2 * 72 / max(len(guesses), 1)  # the axes are about 6.2 inches wide
    size = 7.0 if step == 0 else max(3.5, min(7.0, 0.65 * step * slot_points))
    for k, label in enumerate(strategies):
        mine = rows[rows["strategy"] == label]
        by_guess = mine.set_index(mine["first_guess"].astype(str))
        average = [by_guess["average_turns"].get(g, np.nan) for g in guesses]
        worst = [by_guess["max_turns"].get(g, np.nan) for g in guesses]
        x = np.arange(len(guesses)) + (k - (len(strategies) - 1) / 2) * step
        strategy = Strategy.parse(label)
        top.plot(x, average, "o", label=strategy.title, color=STRATEGY_COLORS[strategy], markersize=size)
        bottom.plot(x, worst, "o", color=STRATEGY_COLORS[strategy], markersize=size)
    top.grid(axis="y", alpha=0.3)
    bottom.grid(axis="y", alpha=0.3)
    bottom.yaxis.set_major_locator(MaxNLocator(integer=True))
    low, high = np.nanmin(rows["max_turns"]), np.nanmax(rows["max_turns"])
    bottom.set_ylim(low - 0.6, high + 0.6)
    upright = len(guesses) * game.pins > 48  # more characters than fit level under the axis
    bottom.set_xticks(range(len(guesses)), guesses, rotation=90 if upright else 0, fontsize=9,
                      family="monospace")
    top.legend(fontsize=9, loc="center left", bbox_to_anchor=(1.0, 0.5), frameon=False)
    top.set_ylabel("average turns per secret")
    bottom.set_ylabel("max turns")
    bottom.set_xlabel("first guess")
    top.set_title(f"First guesses in {game.name} ({game.size:,} secrets)", fontsize=11)
    return fig


def _missing_marks_note(kept: pd.DataFrame, timings) -> str:
    """Why a column of the throughput plot has no mark of a backend, or no mark of one setting (''
    if none): the games a backend's current engine has not timed ('No circles at 7p7c and 8p6c:
    engine solve-cpu 6 has not timed them on the cpu backend'), with what older engines of it took
    there (rows left out), and a case-equivalence setting a backend's engine timed nowhere ('No
    hollow circles')."""
    if len(kept) == 0 or kept["backend"].nunique() < 2:
        return ""
    older = timings.left_out
    older = older[older["why"] == "older engine"] if len(older) and "why" in older.columns else older.iloc[0:0]
    order = kept.drop_duplicates("game").sort_values(["codewords", "game"])["game"].tolist()
    notes = []
    for backend, mine in kept.groupby("backend", sort=True):
        engine = _and(list(dict.fromkeys(mine["engine"].astype(str))))
        games = [g for g in order if g not in set(mine["game"])]
        shape = "circles" if backend == "cpu" else "squares"
        if games:
            note = (f"No {shape} at {_and(games)}: engine {engine} has not timed "
                    f"{'it' if len(games) == 1 else 'them'} on the {backend} backend")
            before = older[(older["backend"] == backend) & older["game"].isin(games)] if len(older) else older
            if len(before):
                runs = []
                for (game, strategy), group in before.groupby(["game", "strategy"], sort=False):
                    latest = group.sort_values("date").groupby("case_equivalence", sort=True).tail(1) \
                        .sort_values("case_equivalence", ascending=False)
                    times = [f"{format_seconds(float(r.median_s))} s with {'case equivalence' if k == 0 else 'it'} "
                             f"{r.case_equivalence} ({r.engine}, {str(r.date)[:10]})"
                             for k, r in enumerate(latest.itertuples())]
                    machines = _and(list(dict.fromkeys(latest["machine"].astype(str))))
                    runs.append(f"{game} {Strategy.parse(strategy).title} on {machines} {_and(times)}")
                note += (f". Older {backend} engines took {'; '.join(runs)}, in rows left out here")
            notes.append(note + ".")
        settings = set(kept["case_equivalence"].astype(str))
        missing = sorted(settings - set(mine["case_equivalence"].astype(str)))
        for ce in missing:
            notes.append(f"No {'hollow' if ce == 'off' else 'filled'} {shape}: engine {engine} timed the {backend} "
                         f"backend with case equivalence {'on' if ce == 'off' else 'off'} only.")
    return " ".join(notes)


def benchmarks_figure(benchmarks: pd.DataFrame) -> Figure:
    """Billions of scores per second of the whole solves of data/benchmarks.csv: one column per game
    (by size), and within it one slot per strategy and case-equivalence setting, so that no two
    points stand on one another; a circle for the cpu backend, a square for the GPU, filled with
    case equivalence on, open without. The latest run of each, one opening per game and strategy,
    each backend of one machine and engine version (`_solves_shown`), named in the legend. A log
    axis with plain labels (1, 10, 100). The optimal search and the scoring kernel alone are no
    solves: they have their own tables."""
    from matplotlib.legend_handler import HandlerTuple
    from matplotlib.lines import Line2D

    fig = Figure(figsize=(10.5, 5.2), layout="constrained")
    ax = fig.subplots()
    frame = benchmarks.assign(scores_per_s=benchmarks["scores_per_s"] / 1e9) if len(benchmarks) else benchmarks
    kept, left_out, timings = _solves_shown(frame, "scores_per_s")
    if len(kept) == 0:
        _empty_note(ax, "no benchmarks yet")
    else:
        games = kept.drop_duplicates("game").sort_values(["codewords", "game"])
        slots = [(s, ce) for s in Strategy for ce in ("on", "off")
                 if ((kept["strategy"] == s.label) & (kept["case_equivalence"].astype(str) == ce)).any()]
        width = 0.8 / len(slots)
        for x, game in enumerate(games["game"]):
            for k, (strategy, ce) in enumerate(slots):
                mine = kept[(kept["game"] == game) & (kept["strategy"] == strategy.label)
                            & (kept["case_equivalence"].astype(str) == ce)]
                for row in mine.itertuples():
                    ax.plot([x + (k - (len(slots) - 1) / 2) * width], [row.scores_per_s],
                            marker="o" if row.backend == "cpu" else "s", markersize=7, linestyle="none",
                            color=STRATEGY_COLORS[strategy], fillstyle="full" if ce == "on" else "none",
                            markeredgewidth=1.5)
            if x:
                ax.axvline(x - 0.5, color="0.85", linewidth=0.8)
        ax.set_xticks(range(len(games)), [f"{g} ({int(n):,})" for g, n in zip(games["game"], games["codewords"])])
        ax.set_xlim(-0.5, len(games) - 0.5)
        ax.set_yscale("log")
        ax.set_ylim(kept["scores_per_s"].min() / 1.6, kept["scores_per_s"].max() * 1.6)
        ax.yaxis.set_major_formatter(FuncFormatter(plain_number))
        ax.yaxis.set_minor_formatter(FuncFormatter(lambda _v, _p: ""))
        ax.grid(True, axis="y", which="major", alpha=0.3)
        keys = [Line2D([], [], color=STRATEGY_COLORS[s], marker="o", linestyle="none", label=s.title)
                for s in Strategy if s.label in set(kept["strategy"])]
        keys += [Line2D([], [], color="0.3", marker="o" if backend == "cpu" else "s", linestyle="none",
                        label=f"{backend} ({machine})")
                 for backend, machine in kept[["backend", "machine"]].drop_duplicates().itertuples(index=False)]
        # Shape tells the backend, fill the setting: each setting's key shows both shapes, filled or
        # hollow, so that it reads as neither backend's key.
        fill = {ce: tuple(Line2D([], [], color="0.3", marker=m, fillstyle="full" if ce == "on" else "none",
                                 markeredgewidth=1.5, linestyle="none")
                          for m in dict.fromkeys("o" if b == "cpu" else "s" for b in kept["backend"]))
                for ce in ("on", "off")}
        labels = [k.get_label() for k in keys] + ["case equivalence on (filled)", "case equivalence off (hollow)"]
        ax.legend(handles=keys + [fill["on"], fill["off"]], labels=labels, fontsize=9, loc="upper left",
                  bbox_to_anchor=(1.01, 1.0), handler_map={tuple: HandlerTuple(ndivide=None)})
    _footnote(fig, " ".join(n for n in (_missing_marks_note(kept, timings), _left_out_note(timings, left_out)) if n))
    ax.set_xlabel("game (its codewords); in each, one slot per strategy and case-equivalence setting")
    ax.set_ylabel("billion scores/s (log scale)")
    ax.set_title("Scoring throughput of whole solves (data/benchmarks.csv, latest run of each)", fontsize=11)
    return fig


def scoring_kernel_figure(benchmarks: pd.DataFrame) -> Figure:
    """The scoring kernel timed alone (benchmark rows `score-kernel`): scores per second of every
    run, per game, backend and machine, in the order they were measured."""
    rows = benchmarks[benchmarks["strategy"] == KERNEL_STRATEGY].dropna(subset=["scores_per_s"]) \
        if len(benchmarks) else benchmarks
    timings = one_machine_one_engine(rows)
    rows = timings.rows
    fig = Figure(figsize=(8, 3.9), layout="constrained")
    ax = fig.subplots()
    if len(rows) == 0:
        _empty_note(ax, "no scoring-kernel rows yet")
    else:
        rows = rows.assign(machine=machine_names(rows))
        # Runs numbered in the order measured: their dates are in the caption, and date-times on
        # an axis are uneven, long and rotated.
        for (game, backend, machine), group in rows.groupby(["game", "backend", "machine"], sort=True):
            runs = np.arange(1, len(group) + 1)
            ax.plot(runs, group["scores_per_s"] / 1e9, "o-", label=f"{game}, {backend} ({machine})")
            for x, y in zip(runs, group["scores_per_s"] / 1e9):
                ax.annotate(f"{y:.2f}", (x, y), fontsize=9, textcoords="offset points", xytext=(0, 6),
                            ha="center")
        ax.set_xticks(range(1, rows.groupby(["game", "backend", "machine"]).size().max() + 1))
        ax.set_ylim(0, (rows["scores_per_s"].max() / 1e9) * 1.3)
        ax.legend(fontsize=9, loc="lower right")
    threads = sorted({int(t) for t in rows["threads"].dropna()}) if len(rows) and "threads" in rows.columns else []
    on = f"{', '.join(map(str, threads))} thread{'s' if threads != [1] else ''}" if threads else "threads unrecorded"
    ax.set_xlabel("run, in the order measured")
    ax.set_ylabel("scores per second (billions)")
    ax.set_title(f"The scoring kernel alone, {on}: one guess against every secret (data/benchmarks.csv)\n"
                 + textwrap.fill(timings.caption(), 100), fontsize=10)
    _footnote(fig, timings.left_out_note())
    return fig


# -- notebook 5: where the time goes -------------------------------------------------


def turn_times_shown(result: SolveResult) -> dict:
    """`result`'s seconds turn by turn as `turn_seconds_figure` writes them: the unit ('ms' when the
    turns took under a second in all, else 's'), each turn's wall time and CPU time in it to three
    significant figures (`three_figures`: 2.34, 0.470), and the totals added up from those shown
    values, so that a reader who adds the bars' labels gets the title's total. Keys: unit, scale,
    wall (texts), cpu (texts, empty where the run recorded no CPU time), wall_total, cpu_total (numbers)."""
    stats = result.turn_stats
    wall = np.array([s.phase1_s + s.phase2_s for s in stats])
    cpu = np.array([s.cpu_s for s in stats])
    scale, unit = (1.0, "s") if wall.sum() >= 1 else (1e-3, "ms")
    walls = [three_figures(w / scale) for w in wall]
    cpus = [three_figures(c / scale) for c in cpu] if bool((cpu > 0).any()) else []

    def added(texts):
        return sum(float(t.replace(",", "")) for t in texts)

    return {"unit": unit, "scale": scale, "wall": walls, "cpu": cpus, "wall_total": added(walls),
            "cpu_total": added(cpus) if cpus else None}


def turn_seconds_line(result: SolveResult, first: int = 2) -> str:
    """The line above `turn_seconds_figure`: the share of the wall time its first `first` turns took
    and the total, both added up from the bars' labels as the figure shows them: 'turns 1 and 2: 88% of
    4.97 ms in all (from the bars' labels)'."""
    shown = turn_times_shown(result)
    head = sum(float(t.replace(",", "")) for t in shown["wall"][:first])
    turns = " and ".join(str(t) for t in range(1, min(first, len(shown["wall"])) + 1))
    share = head / shown["wall_total"] if shown["wall_total"] else 0.0
    return (f"turns {turns}: {share:.0%} of {three_figures(shown['wall_total'])} {shown['unit']} in all "
            "(added up from the bars' labels below)")


def turn_seconds_figure(result: SolveResult, run: str = "this run") -> Figure:
    """Per turn: the seconds of phase 1 (play, split the regions) and phase 2 (choose the next
    guesses), and how the regions of phase 2 were settled (`SETTLED_WAYS`: 1-2 secrets, a fully
    discriminating member, the full search). Seconds are this run's wall clock; the counts are the
    same on every backend. Where the run recorded each turn's CPU time (`TurnStats.cpu_s`, the cpu
    backend), a black line across each bar marks it and the bar's label gives it: a bar well above
    its line waited while other work on the machine held the core."""
    stats = result.turn_stats
    turns = np.array([s.turn for s in stats])
    phase1 = np.array([s.phase1_s for s in stats])
    phase2 = np.array([s.phase2_s for s in stats])
    cpu = np.array([s.cpu_s for s in stats])
    with_cpu = bool((cpu > 0).any())
    shown = turn_times_shown(result)  # three significant figures; the totals added up from the labels
    scale, unit = shown["scale"], shown["unit"]
    fig = Figure(figsize=(10, 4.8), layout="constrained")
    left, right = fig.subplots(1, 2, width_ratios=[3, 2])  # room for the labels of five bars, three figures each
    share = phase1.sum() / max((phase1 + phase2).sum(), 1e-12)
    # Phase 1's bar is a thin strip at the foot of each bar, where it shows at all: the legend says where.
    thin = (f"\n({share:.1%} of the time: the thin strip at the foot of each bar;\n"
            "under each turn's number, phase 1's share of that turn)") if share < 0.05 else ""
    left.bar(turns, phase1, color="#9ecae1", label=f"phase 1: play turn t, split into regions{thin}")
    left.bar(turns, phase2, bottom=phase1, color="#e6550d", label="phase 2: choose turn t+1's guesses")
    total = phase1 + phase2
    top = np.maximum(total, cpu)
    if with_cpu:
        left.hlines(cpu, turns - 0.4, turns + 0.4, colors="black", linewidth=2.5,
                    label="CPU time of the turn: where the bar stands above it,\nother work on the machine held the core")
    for k, (t, height) in enumerate(zip(turns, top)):
        # Each value with its unit: the wall clock's line, then the CPU time's.
        text = f"{shown['wall'][k]} {unit}" + (f"\nCPU {shown['cpu'][k]} {unit}" if with_cpu else "")
        left.annotate(text, (t, height), ha="center", va="bottom", fontsize=8 if with_cpu else 10,
                      textcoords="offset points", xytext=(0, 2))
    left.set_ylim(0, max(top.max(), 1e-9) * (1.35 if with_cpu else 1.2))
    left.yaxis.set_major_formatter(lambda value, _pos: f"{value / scale:g}")
    # Each turn's phase-1 share under its number: on a short bar the strip cannot be seen (review r11).
    turn_share = phase1 / np.maximum(phase1 + phase2, 1e-12)
    # The row labelled itself (review r12: a bare percentage read as the turn's share of all the time).
    left.set_xticks(turns, [f"{t}\nphase 1:\n{p:.1%}" for t, p in zip(turns, turn_share)] if thin else turns)
    left.set_xlabel("turn t")
    left.set_ylabel(f"wall clock ({unit})")
    cpu_total = f" (CPU {three_figures(shown['cpu_total'])} {unit})" if with_cpu else ""
    left.set_title(f"Time per turn, {three_figures(shown['wall_total'])} {unit} in all{cpu_total}", fontsize=11)
    handles, labels = left.get_legend_handles_labels()  # the bars' phases first, the CPU line last
    order = sorted(range(len(labels)), key=lambda i: labels[i].startswith("CPU"))
    left.legend([handles[i] for i in order], [labels[i] for i in order], fontsize=10, loc="upper center",
                bbox_to_anchor=(0.5, -0.34 if thin else -0.16), frameon=False)  # under the shares' line
    bottom = np.zeros(len(stats))
    for name, label, color in SETTLED_WAYS:
        counts = np.array([getattr(s, name) for s in stats], dtype=float)
        right.bar(turns, counts, bottom=bottom, color=color, label=label)
        bottom += counts
    for t, height in zip(turns, bottom):  # 0 too: a turn after which every secret is found forms no region
        right.annotate(f"{int(height):,}", (t, height), ha="center", va="bottom", fontsize=10,
                       textcoords="offset points", xytext=(0, 2))
    right.set_ylim(0, max(bottom.max(), 1) * 1.2)
    right.set_xticks(turns)
    right.set_xlabel("turn t: regions after turn t")
    right.set_ylabel("regions (count)")
    right.set_title("How the regions' guesses for turn t+1 were found", fontsize=11)
    right.legend(fontsize=10, loc="upper center", bbox_to_anchor=(0.5, -0.16), ncols=1, frameon=False)
    from ..core.machine import solve_engine

    fig.suptitle(f"{_title_of(result)}\n{run}, {measured_just_now(solve_engine(result.backend), result.backend)}",
                 fontsize=11)
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


def case_equivalence_counted_again(results: pd.DataFrame, strategy: "str | Strategy" = "knuth") -> pd.DataFrame:
    """The games of `case_equivalence_scores` whose best-max solve of `strategy` in data/results.csv
    was made with case equivalence off: that solve counts only the scores without it, and the count
    with it comes from solving the same game, strategy and opening again with it on (`python -m mmlib
    sweep --fill-ce-scores`, which checks that the turns are the same and that the second solve's
    scores and the scores it saved add up to the first's). A solve made with it on records both
    counts itself. Columns: game, backend, codewords; smallest game first."""
    scores = case_equivalence_scores(results, strategy).dropna(subset=["scores_with_ce", "scores_without_ce"])
    best = best_max_rows(results, strategy) if len(results) else results
    if len(scores) == 0 or len(best) == 0:
        return pd.DataFrame(columns=["game", "backend", "codewords"])
    off = best[best["game"].isin(scores["game"]) & best["case_equivalence"].ne("on")]
    return off.sort_values(["codewords", "pins"], kind="stable")[["game", "backend", "codewords"]] \
        .reset_index(drop=True)


def case_equivalence_sources(results: pd.DataFrame, strategy: "str | Strategy" = "knuth") -> str:
    """Where the two counts of the share map come from, in a sentence: how many games were solved with
    case equivalence on (one solve records both counts) and how many with it off, per backend, the
    larger ones named, whose count with it comes from a second solve (`case_equivalence_counted_again`)."""
    scores = case_equivalence_scores(results, strategy).dropna(subset=["scores_with_ce", "scores_without_ce"])
    again = case_equivalence_counted_again(results, strategy)
    once = len(scores) - len(again)
    if len(again) == 0:
        return f"In all {len(scores)} games one solve with case equivalence records both counts."
    on = _counted_once_by_backend(results, strategy, scores, again)
    parts = []
    for backend, group in again.groupby("backend", sort=False):
        parts.append(f"{len(group)} on the {backend} backend ({_games_in_words(group)})" if len(group) <= 6
                     else f"{len(group)} on the {backend} backend (games of at most "
                          f"{int(group['codewords'].max()):,} codewords)")
    return (f"In {once} games{on} the solve was made with case equivalence on and records both counts (the scores "
            f"it computed and those it saved). The other {len(again)} were solved with it off, "
            f"{' and '.join(parts)}: each was solved again with it on from the same opening "
            "(`python -m mmlib sweep --fill-ce-scores`, which checks that the turns are the same), and that "
            "solve gives the count with it.")


def _counted_once_by_backend(results: pd.DataFrame, strategy: "str | Strategy", scores: pd.DataFrame,
                             again: pd.DataFrame) -> str:
    """The games of `scores` whose best-max solve was made with case equivalence on (not in `again`),
    per backend, as ' (23 on the cpu backend, and 3p10c and 4p6c on the reference backend)': the
    backend with the most counted, the others' games named. Empty where one backend solved them all."""
    best = best_max_rows(results, strategy)
    once = best[best["game"].isin(scores["game"]) & ~best["game"].isin(again["game"])]
    groups = sorted(once.groupby("backend"), key=lambda item: -len(item[1]))
    if len(groups) < 2:
        return ""
    (backend, most), rest = groups[0], groups[1:]
    others = ", and ".join(f"{_games_in_words(group)} on the {name} backend" for name, group in rest)
    return f" ({len(most)} on the {backend} backend, and {others})"


def case_equivalence_seconds(timing: pd.DataFrame, backend: str = "cpu") -> pd.DataFrame:
    """data/case_equivalence_timing.csv as one row per game and strategy: the latest median seconds
    on `backend` without and with case equivalence, and the share of the time it saves."""
    latest = latest_rows(one_machine_one_engine(timing[timing["backend"] == backend]).rows,
                         ("game", "strategy", "backend", "case_equivalence"))
    wide = latest.pivot_table(index=["game", "codewords", "strategy"], columns="case_equivalence",
                              values="median_s", aggfunc="last").reset_index()
    if "on" not in wide.columns or "off" not in wide.columns:
        return pd.DataFrame(columns=["game", "codewords", "strategy", "off", "on", "saved"])
    wide["saved"] = 1 - wide["on"] / wide["off"]
    return wide.sort_values(["codewords", "game", "strategy"], kind="stable").reset_index(drop=True)


# The shortest solve whose time a share saved can be read from: data/case_equivalence_timing.csv
# keeps seconds to a tenth of a millisecond, so a shorter solve's share moves in steps of over 5%.
MIN_COMPARABLE_S = 0.002


def case_equivalence_steps(results: pd.DataFrame, strategy: "str | Strategy" = "knuth") -> pd.DataFrame:
    """Each step to one more color (the same pins, both games counted both ways) of the share of the
    scores case equivalence leaves `strategy`: pins, colors (before), share, next_share, change
    ('falls', 'stays' or 'rises')."""
    scores = case_equivalence_scores(results, strategy).dropna(subset=["scores_with_ce", "scores_without_ce"])
    share = (scores["scores_with_ce"] / scores["scores_without_ce"]).to_numpy()
    by_game = {(int(p), int(c)): v for p, c, v in zip(scores["pins"], scores["colors"], share)}
    rows = [{"pins": p, "colors": c, "share": v, "next_share": by_game[(p, c + 1)]}
            for (p, c), v in sorted(by_game.items()) if (p, c + 1) in by_game]
    frame = pd.DataFrame(rows, columns=["pins", "colors", "share", "next_share"])
    frame["change"] = np.select([frame["next_share"] < frame["share"], frame["next_share"] > frame["share"]],
                                ["falls", "rises"], "stays")
    return frame


def case_equivalence_share(results: pd.DataFrame, strategy: "str | Strategy" = "knuth") -> str:
    """Two sentences (Markdown, for `IPython.display.Markdown`): over the games of data/results.csv
    solved both ways, the least and the most of the scores case equivalence leaves `strategy`'s
    best-max solve, one decimal, and where; and how that share moves with one more color
    (`case_equivalence_steps`), naming the steps where it rises."""
    scores = case_equivalence_scores(results, strategy).dropna(subset=["scores_with_ce", "scores_without_ce"])
    if len(scores) == 0:
        return "No game of `data/results.csv` is counted both ways yet."
    title = Strategy.parse(strategy).title
    share = scores["scores_with_ce"] / scores["scores_without_ce"]
    least, most = share.idxmin(), share.idxmax()
    everything = scores.loc[share >= 1 - 1e-12, "game"]
    text = (f"Over the {len(scores)} games whose {title} best-max solve is counted both ways, case equivalence "
            f"leaves it {share[least]:.1%} ({scores.loc[least, 'game']}) to {share[most]:.1%} of the scores"
            + (f" (all of them in {len(everything)} games)" if len(everything) else "") + ".")
    steps = case_equivalence_steps(results, strategy)
    if len(steps):
        count = steps["change"].value_counts()
        rises = steps[steps["change"] == "rises"]
        named = [f"{p}p{c}c to {p}p{c + 1}c" for p, c in zip(rises["pins"], rises["colors"])]
        text += (f" With one more color the share falls in {count.get('falls', 0)} of the {len(steps)} steps, "
                 f"stays in {count.get('stays', 0)} and rises in {count.get('rises', 0)}"
                 + (f": {', '.join(named[:-1]) + ' and ' + named[-1] if len(named) > 1 else named[0]}"
                    if named else "") + ".")
    return text


def case_equivalence_figure(results: pd.DataFrame, timing: pd.DataFrame, strategy: "str | Strategy" = "knuth",
                            part: str = "both") -> Figure:
    """Top: the share of the scores case equivalence leaves, per game (pins by colors) of
    data/results.csv, both counts from the same solve, one decimal. Bottom: the share of solve time
    it saves, per game and strategy, from data/case_equivalence_timing.csv (the latest run of each);
    games solved in under MIN_COMPARABLE_S either way are left out, and named under the figure,
    since the file's rounding of their seconds would draw larger bars than any real effect.

    `part` "scores" draws the map alone, with no note (the page says where its counts come from,
    and `case_equivalence_share` sums it up under it); "time" draws the bars alone, with their own
    note; "both" draws both, one above the other, with one note for both under them."""
    if part not in ("both", "scores", "time"):
        raise ValueError(f"part is 'both', 'scores' or 'time', not {part!r}")
    strategy = Strategy.parse(strategy)
    scores = case_equivalence_scores(results, strategy)
    seconds = case_equivalence_seconds(timing) if len(timing) else pd.DataFrame()
    timings = one_machine_one_engine(timing[timing["backend"] == "cpu"] if len(timing) else timing)
    if part == "both":
        # One panel above the other, each the page's width: side by side, the time panel was a third
        # of the page and its labels were squeezed.
        fig = Figure(figsize=(10.5, 10.5), layout="constrained")
        top, bottom = fig.subplots(2, 1, height_ratios=[1.15, 1.0])
    else:
        fig = Figure(figsize=(10.5, 5.6 if part == "scores" else 5.2), layout="constrained")
        top, bottom = (fig.subplots(), None) if part == "scores" else (None, fig.subplots())
    if top is not None:
        _share_map(fig, top, scores, strategy)
    notes = []
    if bottom is not None:
        notes = _time_saved_bars(bottom, scores, seconds, timings, strategy,
                                 where_scores="(top)" if part == "both" else "(the map above)")
    text = " ".join(n for n in notes if n)
    if part == "both" and len(scores):  # where the top's two counts come from, before the notes on the bars
        sources = case_equivalence_sources(results, strategy).replace("`", "")
        text = f"Top: {sources[0].lower()}{sources[1:]} {text}".strip()
    _footnote(fig, text)
    return fig


def _share_map(fig: Figure, ax, scores: pd.DataFrame, strategy: Strategy) -> None:
    """`case_equivalence_figure`'s map: the share of the scores case equivalence leaves, per game."""
    if len(scores) == 0:
        _empty_note(ax, "no results yet")
    else:
        pins, colors, grid = heatmap_grid(scores.assign(left=scores["scores_with_ce"] / scores["scores_without_ce"]),
                                          "left")
        known = np.isfinite(grid)
        ax.set_facecolor("0.92")
        image = ax.imshow(np.ma.masked_where(~known, grid), origin="lower", aspect="auto", cmap="viridis",
                          vmin=0, vmax=1)
        for i, j in zip(*np.nonzero(known)):
            ax.text(j, i, f"{100 * grid[i, j]:.1f}%", ha="center", va="center", fontsize=9,
                    color="white" if grid[i, j] < 0.5 else "black")
        ax.set_xticks(range(len(colors)), [str(c) for c in colors])
        ax.set_yticks(range(len(pins)), [str(p) for p in pins])
        fig.colorbar(image, ax=ax, label="scores with / scores without", format=lambda v, _pos: f"{100 * v:.0f}%",
                     pad=0.01)
    ax.set_xlabel("colors")
    ax.set_ylabel("pins")
    ax.set_title(f"Scores left with case equivalence, {strategy.title}, best-max first guess "
                 "(grey: not in data/results.csv)", fontsize=10)


def _time_saved_bars(ax, scores: pd.DataFrame, seconds: pd.DataFrame, timings, strategy: Strategy,
                     where_scores: str) -> list:
    """`case_equivalence_figure`'s bars: the share of solve time case equivalence saves, per game and
    strategy. Returns the notes for under them: the games left out, and why some bars fall below 0
    (the share of the scores it leaves there, as the map `where_scores` shows it)."""
    notes = [timings.left_out_note()]
    if len(seconds) == 0:
        _empty_note(ax, "no timings with and without case equivalence yet")
    else:
        shortest = seconds.groupby("game")[["off", "on"]].min().min(axis=1)
        tiny = shortest[shortest < MIN_COMPARABLE_S]
        if len(tiny):
            spans = seconds[seconds["game"].isin(tiny.index)][["off", "on"]]
            notes.insert(0, f"Left out of the bars: {', '.join(tiny.index)}, solved in {1000 * spans.min().min():.1f} "
                            f"to {1000 * spans.max().max():.1f} ms either way: data/case_equivalence_timing.csv "
                            "keeps seconds to 0.1 ms, too coarse to compare them.")
        shown = seconds[~seconds["game"].isin(tiny.index)]
        games = list(dict.fromkeys(shown["game"]))
        # Why a bar falls below 0: where case equivalence saves almost no scores, its own work shows.
        slower = [g for g in games if (shown.loc[shown["game"] == g, "saved"] < 0).any()]
        left = (scores.set_index("game")["scores_with_ce"] / scores.set_index("game")["scores_without_ce"]) \
            if len(scores) else pd.Series(dtype=float)
        known = [g for g in slower if g in left.index and np.isfinite(left[g])]
        if known:
            shares = [f"{100 * left[g]:.1f}%" for g in known]
            # Which bars of each such game fall below 0: all four strategies, all but some, or which.
            which = []
            for g in known:
                below = [s for s in Strategy
                         if (shown.loc[(shown["game"] == g) & (shown["strategy"] == s.label), "saved"] < 0).any()]
                above = [s.title for s in Strategy if s not in below]
                which.append(f"{g} (all four strategies)" if not above else
                             f"{g} (all but {' and '.join(above)})" if len(above) < len(below) else
                             f"{g} ({' and '.join(s.title for s in below)})")
            notes.append(f"Below 0 (slower with it) in {' and '.join([', '.join(which[:-1]), which[-1]] if len(which) > 1 else which)}: "
                         f"there case equivalence leaves {strategy.title} "
                         f"{' and '.join([', '.join(shares[:-1]), shares[-1]] if len(shares) > 1 else shares)} of the "
                         f"scores {where_scores}, so it saves almost nothing and its own work (finding the Zero and "
                         "Free colors, listing the class representatives) shows.")
        width = 0.8 / 4
        for k, s in enumerate(Strategy):
            mine = shown[shown["strategy"] == s.label].set_index("game")
            values = [100 * mine["saved"].get(g, np.nan) for g in games]
            ax.bar(np.arange(len(games)) + (k - 1.5) * width, values, width, color=STRATEGY_COLORS[s],
                   label=s.title)
        ax.axhline(0, color="0.3", linewidth=0.8)
        ax.set_xticks(range(len(games)), [f"{g} ({Game.parse(g).size:,})" for g in games], fontsize=9)
        ax.legend(fontsize=9, ncols=4, loc="upper left")
        low = min(-10.0, np.nanmin(shown["saved"]) * 100 - 5) if len(shown) else -10.0
        ax.set_ylim(low, 100)
    ax.set_xlabel("game (its codewords), by number of codewords")
    ax.set_ylabel("solve time saved (% of the time without;\nbelow 0: slower with it)")
    ax.set_title("Solve time saved, cpu backend (data/case_equivalence_timing.csv, latest run), "
                 f"{timings.caption()}", fontsize=10, wrap=True)
    return notes


# -- notebook 7: how fast the possible secrets run out ---------------------------------


def secrets_left_figure(after: dict, game: "str | Game", strategy: "str | Strategy") -> Figure:
    """`after[turn]` lists, over the games that made that guess, the possible secrets left after it:
    the largest and the average after each guess, on a log axis, both starting from the game's size
    before the first guess (the point at "start"). The largest are hollow circles, the averages
    filled squares inside them where the two are equal; each point carries its number (the largest
    above right, the averages below left, as the table beside it writes them)."""
    game, strategy = Game.parse(game), Strategy.parse(strategy)
    turns = list(after)
    largest = [max(v) for v in after.values()]
    average = [sum(v) / len(v) for v in after.values()]
    fig = Figure(figsize=(7, 4), layout="constrained")
    ax = fig.subplots()
    ax.plot([0, *turns], [game.size, *largest], "o-", markersize=11, markerfacecolor="white",
            markeredgewidth=1.8, label="largest", zorder=2)
    ax.plot([0, *turns], [game.size, *average], "s-", markersize=5, label="average", zorder=3)
    for turn, most, mean in zip(turns, largest, average):
        ax.annotate(f"{most:,}", (turn, most), xytext=(7, 5), textcoords="offset points", fontsize=9,
                    color="C0")
        # Below left of the square: the line to the next point runs down to the right.
        ax.annotate(f"{mean:,.2f}", (turn, mean), xytext=(-7, -14), textcoords="offset points", fontsize=9,
                    color="C1", ha="right")
    ax.annotate(f"{game.size:,} (both)", (0, game.size), xytext=(8, 5), textcoords="offset points", fontsize=9)
    ax.set_yscale("log")
    ax.set_xticks([0, *turns], ["start", *[str(t) for t in turns]])
    ax.set_xlim(-0.3, max(turns) + 0.7)
    ax.set_ylim(0.5, game.size * 3)
    ax.yaxis.set_major_formatter(FuncFormatter(lambda value, _pos: f"{value:,.0f}"))  # 1,000, not 10³
    ax.set_xlabel("after guess (start: before the first guess)")
    ax.set_ylabel("possible secrets left (log scale)")
    ax.set_title(f"{game.name}, {strategy.title}: possible secrets after each guess, over all "
                 f"{game.size:,} games", fontsize=10)
    ax.legend(loc="upper right", title="secrets left, over the games")
    return fig


# -- the seed's workloads ---------------------------------------------------------------


def mmlib_versions(rows: pd.DataFrame) -> str:
    """', mmlib b163b50' (every commit the rows name), or ', no mmlib version recorded'."""
    versions = sorted(set(rows["mmlib_version"].dropna().astype(str)) - {"", "unrecorded"}) \
        if "mmlib_version" in rows else []
    return f", mmlib {', '.join(versions)}" if versions else ", no mmlib version recorded"


def seed_scoring_figure(workload: "Table | pd.DataFrame", seed_seconds: "dict | None" = None) -> Figure:
    """Time per score on the seed's scoring workload (every score Knuth's algorithm needs for 4p6c,
    one game at a time; data/seed_scoring_workload.csv as a `Table` or its frame): the seed's two
    figures (default `SEED_SCORING_SECONDS`) beside each of mmlib's variants, as dots on a log axis of
    ns per score (a bar on a log axis starts nowhere in particular and would mislead), over the same
    range as notebook 1's live figure (`plots.ns_per_score_limits`), so that the two can be set side by
    side; each dot is labelled with its ns per score and its seconds for the whole workload, both as
    the table beside it shows them. A missing or partial table leaves the axes with its problem
    written in them."""
    from ..studies.seed_workloads import SEED_SCORING_SECONDS, workload_coverage

    workload, problem = frame_and_problem(workload)
    seed_seconds = SEED_SCORING_SECONDS if seed_seconds is None else seed_seconds
    fig = Figure(figsize=(8, 4), layout="constrained")
    ax = fig.subplots()
    timings = one_machine_one_engine(workload.iloc[:0] if problem else workload)
    workload = timings.rows
    if len(workload) == 0:
        _empty_note(ax, problem or "no data/seed_scoring_workload.csv rows of a recorded machine and engine yet "
                                   "(python -m mmlib seed-data scoring)")
    else:
        mine = workload.sort_values("workload_s", ascending=False)
        names = [f"seed: {n.removeprefix('seed: ')}" for n in seed_seconds] + \
            [f"mmlib: {d}" for d in (mine["description"] if "description" in mine else mine["variant"])]
        from .plots import MMLIB_DOT_COLOR, ns_per_score_limits, shown_ns_per_score

        seconds = list(seed_seconds.values()) + [float(s) for s in mine["workload_s"]]
        coverage = workload_coverage(mine)
        # ns per score as the table beside it computes them: the seconds as shown ÷ the scores.
        ns = [shown_ns_per_score(s, coverage.scores) for s in seconds]
        colors = ["#636363"] * len(seed_seconds) + [MMLIB_DOT_COLOR] * len(mine)
        positions = np.arange(len(names))
        ax.scatter(ns, positions, c=colors, s=60, zorder=3)
        for value, second, position in zip(ns, seconds, positions):
            # Three significant figures, as the table beside it writes them (2.37 ns, 0.924 s).
            ax.annotate(f"{significant(value)} ns ({significant(second)} s)", (value, position), xytext=(8, 0),
                        textcoords="offset points", va="center", fontsize=9)
        ax.set_yticks(positions, names, fontsize=9)
        ax.set_ylim(len(names) - 0.5, -0.5)
        ax.set_ylabel("scoring variant (grey: the seed's C++; blue: mmlib)")  # as the live figure's axis
        ax.set_xscale("log")
        ax.set_xlim(*ns_per_score_limits(ns))  # the live figure's range
        ax.grid(axis="x", which="major", alpha=0.3)
        searches = f" in {coverage.searches:,} searches" if coverage.searches else ""
        ax.set_title(f"The seed's scoring workload: {coverage.scores:,} scores{searches} (Knuth, 4p6c, one game "
                     "at a time)", fontsize=10)
    repeats = " or ".join(str(r) for r in workload_coverage(workload).repeats) if len(workload) else ""
    scores = f"{workload_coverage(workload).scores:,}" if len(workload) else "its"
    ax.set_xlabel(f"time per score (ns, log scale; lower is faster) = the seconds for the whole workload (in brackets) "
                  f"÷ {scores} scores\ngrey: the seed's, on a machine it does not name; "
                  f"blue: mmlib's, {f'the median of {repeats} runs' if repeats else 'medians'},\n"
                  f"{timings.caption()}{mmlib_versions(workload)}", fontsize=9)
    _footnote(fig, timings.left_out_note())
    if len(workload):
        from .plots import place_ns_per_score_axes

        place_ns_per_score_axes(fig, ax)  # at the same place as in the live figure
    return fig


def one_at_a_time_figure(timings: pd.DataFrame) -> Figure:
    """Seconds to play every secret: one at a time (without and with a cache of positions) against all
    at once (`solve`), per game and strategy: one row each, the methods as dots on a log axis (a bar
    on a log axis starts nowhere in particular), each labelled with its seconds."""
    shown = one_machine_one_engine(timings)
    timings = shown.rows
    cases = list(dict.fromkeys(timings.sort_values(["codewords", "strategy"], kind="stable")
                               .pipe(lambda f: f["game"] + ", " + f["strategy"].map(lambda s: Strategy.parse(s).title))))\
        if len(timings) else []
    fig = Figure(figsize=(9, 2.2 + 0.42 * max(len(cases), 4)), layout="constrained")
    ax = fig.subplots()
    if len(timings) == 0:
        _empty_note(ax, "no data/seed_one_at_a_time.csv rows of a recorded machine and engine yet "
                        "(python -m mmlib seed-data one-at-a-time)")
    else:
        frame = timings.assign(case=timings["game"] + ", " + timings["strategy"].map(lambda s: Strategy.parse(s).title))
        methods = list(dict.fromkeys(frame["method"]))
        palette, markers = ["#de2d26", "#fc9272", "#3182bd", "#31a354"], ["o", "s", "D", "^"]
        for k, method in enumerate(methods):
            mine = frame[frame["method"] == method].set_index("case")["median_s"].astype(float)
            values = np.array([mine.get(c, np.nan) for c in cases])
            ax.scatter(values, np.arange(len(cases)), marker=markers[k % 4], s=45, label=method,
                       color=palette[k % len(palette)], zorder=3)
            for position, value in enumerate(values):
                if not np.isnan(value):
                    ax.annotate(format_seconds(value), (value, position), xytext=(6, 0), textcoords="offset points",
                                va="center", fontsize=9)
        seconds = frame["median_s"].astype(float)
        ax.set_xscale("log")
        ax.xaxis.set_major_formatter(FuncFormatter(lambda value, _pos: f"{value:,g}"))  # 0.01, 1, 100: no 10⁻²
        ax.set_xlim(seconds.min() / 2, seconds.max() * 8)
        ax.set_yticks(range(len(cases)), cases, fontsize=9)
        ax.set_ylim(len(cases) - 0.5, -1.6)  # room above the first row for the legend
        ax.grid(axis="x", which="major", alpha=0.3)
        ax.legend(fontsize=9, loc="upper center", ncols=len(methods), frameon=False)
    ax.set_ylabel("game and strategy")
    ax.set_xlabel("seconds to play every secret (log scale)")
    threads = sorted({int(t) for t in timings["threads"].dropna()}) if len(timings) and "threads" in timings.columns \
        else []
    on = f"{', '.join(map(str, threads))} thread{'s' if threads != [1] else ''}" if threads else "threads unrecorded"
    ax.set_title("One secret at a time against all secrets at once: cpu backend, case equivalence off, "
                 f"{on}\n" + textwrap.fill(f"data/seed_one_at_a_time.csv, {shown.caption(commits=True)}", 95),
                 fontsize=10)
    _footnote(fig, shown.left_out_note())
    return fig


def one_at_a_time_summary(timings: pd.DataFrame) -> str:
    """What `one_at_a_time_figure` shows, in lines to print: the engine, threads and day of the rows
    (and the current engine where it has changed since), how long the timed runs took in all, and
    how many times the time of all at once each one-at-a-time method took, over games and strategies."""
    shown = one_machine_one_engine(timings)
    rows = shown.rows
    if len(rows) == 0:
        return "no data/seed_one_at_a_time.csv rows of a recorded machine and engine yet"
    threads = sorted({int(t) for t in rows["threads"].dropna()}) if "threads" in rows.columns else []
    on = f" on {', '.join(map(str, threads))} thread{'s' if threads != [1] else ''}" if threads else ""
    minutes = float((rows["median_s"].astype(float) * rows["repeats"].astype(float)).sum()) / 60
    lines = [f"engine {shown.engine}{on}, {shown.dates()}"
             + ("" if shown.current else f" (the engine is now {_current_engine(shown.engine)})")
             + ";", f"the timed runs took about {minutes:,.0f} minutes in all"]
    for column, (low, high) in one_at_a_time_ratios(timings).items():
        lines.append(f"{column}: {low} to {high} times the time of all at once")
    if lines[2:]:
        lines.append("(each ratio from the seconds as the figure shows them)")
    return "\n".join(lines)


def one_at_a_time_ratios(timings: pd.DataFrame) -> dict:
    """Per one-at-a-time method of `one_at_a_time_figure`, the lowest and the highest ratio of its
    time to all at once's over the games and strategies, worked out from the seconds as the figure's
    labels show them (two significant digits, `format_seconds`), so that a reader who divides the
    labels gets them, and written as `format_seconds` writes a number (5.6, 13, 338)."""
    rows = one_machine_one_engine(timings).rows
    if len(rows) == 0:
        return {}
    shown = rows.assign(median_s=[float(format_seconds(float(v)).replace(",", "")) for v in rows["median_s"]])
    wide = shown.pivot_table(index=["game", "strategy"], columns="method", values="median_s")
    solve_column = next((c for c in wide.columns if c.startswith("all at once")), None)
    if solve_column is None:
        return {}
    ratios = {}
    for column in wide.columns.drop(solve_column):
        ratio = (wide[column] / wide[solve_column]).dropna()
        ratios[column] = (format_seconds(ratio.min()), format_seconds(ratio.max()))
    return ratios


def all_at_once_beside(timings: pd.DataFrame, timed: SolveResult, runs: int, picked: "str | None" = None,
                       wall_s: "float | None" = None) -> str:
    """Lines to print under `one_at_a_time_figure`: the all-at-once time data/seed_one_at_a_time.csv
    records of `timed`'s game, strategy and opening (its engine, threads and runs), beside `timed`'s
    own, a live solve of the same game (the fastest of `runs`, or as `picked` says: 'the solve of least
    CPU time of 5'): the same solve measured twice, each
    in ms and seconds, the whole solve's wall time as both measure it, and the live run's turns
    alone (the total its turn-by-turn plot shows). `wall_s`: the live solve's wall time as another table
    of the page gives it, timed around the whole call (else `timed.elapsed_s`)."""
    from ..core.machine import engine_version
    from ..studies.data_tables import cpu_threads_used

    rows = timings[(timings["game"] == timed.game.name) & (timings["strategy"] == timed.strategy.label)
                   & (timings["first_guess"].astype(str) == timed.first_guess_text)
                   & timings["method"].astype(str).str.startswith("all at once")] if len(timings) else timings
    live_threads = cpu_threads_used(timed)

    def both_units(seconds: float) -> str:
        return f"{format_seconds(seconds * 1000)} ms ({format_seconds(seconds)} s)"

    def threads(n: int) -> str:
        return f"{n} thread{'s' if n != 1 else ''}"

    head = (f"{timed.game.name}, {timed.strategy.title}, opening {timed.first_guess_text}, all at once, "
            "the whole solve's wall time:")
    # The turn-by-turn section prints only the turns' total, so this line says whose whole call it is.
    whole = timed.elapsed_s if wall_s is None else wall_s  # three figures, as the turns' total it is set beside
    live = (f"{three_figures(whole * 1000)} ms ({three_figures(whole)} s) for the whole call of the solve timed turn by "
            f"turn further up (engine {engine_version('solve-cpu')}, {threads(live_threads)}, "
            f"{picked or f'the fastest of {runs} runs'} in this session); that plot shows its turns alone: "
            f"{_turns_total(timed)}")
    if len(rows) == 0:
        recorded = "not in data/seed_one_at_a_time.csv"
    else:
        row = rows.iloc[-1]
        recorded = (f"{both_units(float(row['median_s']))} in the figure above (data/seed_one_at_a_time.csv): engine "
                    f"{row['engine']}, {threads(int(row['threads']))}, the median of {int(row['repeats'])} runs, "
                    f"{str(row['date'])[:10]}")
    return "\n".join([head] + [textwrap.fill(line, 100, initial_indent="  ", subsequent_indent="    ",
                                              break_on_hyphens=False)  # engine names kept whole
                                for line in (recorded, live)])


def _turns_total(result: SolveResult) -> str:
    """The total time of `result`'s turns with its unit, as `turn_seconds_figure`'s title writes it."""
    shown = turn_times_shown(result)
    return f"{three_figures(shown['wall_total'])} {shown['unit']}"


def _current_engine(engine: str) -> str:
    from ..core.machine import engine_version
    from ..studies.data_tables import engine_parts

    return engine_version(engine_parts(engine)[0])
