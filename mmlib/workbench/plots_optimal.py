"""Figures for notebook 8 (exact optimal strategies).

Like every mmlib figure, each function returns a matplotlib `Figure` with a
title and labelled axes, built without pyplot, and draws a one-line note
instead of failing when its table has no rows yet.
"""

from __future__ import annotations

import textwrap

import pandas as pd
from matplotlib.figure import Figure

from ..core.strategies import Strategy
from .plots import STRATEGY_COLORS
from .plots_results import _empty_note


# One hollow marker shape and size per strategy, drawn one inside the other (Knuth's the largest),
# so that strategies at the same point (every one at zero on the small games) all stay visible.
STRATEGY_MARKERS = {Strategy.KNUTH: "o", Strategy.EXPECTED_SIZE: "s", Strategy.ENTROPY: "^",
                    Strategy.MOST_PARTS: "D"}
STRATEGY_MARKER_SIZES = {Strategy.KNUTH: 12, Strategy.EXPECTED_SIZE: 9, Strategy.ENTROPY: 6.5,
                         Strategy.MOST_PARTS: 4.5}


def heuristic_gap_figure(gaps: pd.DataFrame, max_codewords: int = 1296, label_games=("3p8c", "4p6c")) -> Figure:
    """Extra average turns of each strategy (its best opening by total) over the optimum, against
    the game size: one hollow marker shape and size per strategy, nested, so that none hides
    another. A dotted line marks `max_codewords` (the boards the notebook's answer covers); each board
    of `label_games` is named beside its best strategy's gap, ringed, and the largest gap of all at its
    point."""
    fig = Figure(figsize=(8.5, 4.6), layout="constrained")
    ax = fig.subplots()
    if gaps.empty:
        _empty_note(ax, "no game is in both data/optimal.csv and data/results.csv yet")
    for strategy in Strategy:
        rows = gaps[gaps["strategy"] == strategy.label].sort_values("codewords")
        if len(rows):
            ax.plot(rows["codewords"], rows["gap_per_game"], STRATEGY_MARKERS[strategy], markerfacecolor="none",
                    markeredgecolor=STRATEGY_COLORS[strategy], markeredgewidth=1.2, label=strategy.title,
                    markersize=STRATEGY_MARKER_SIZES[strategy], linestyle="none")
    ax.set_xscale("log")
    ax.set_xlabel("board size (codewords, log scale)")
    ax.set_ylabel("extra turns per game over the optimum")
    ax.set_title("How far each strategy (its best opening by total) is from the optimal strategy")
    ax.axhline(0, color="0.5", lw=0.8)
    if len(gaps):
        top = gaps["gap_per_game"].max()
        ax.set_ylim(-0.1 * top, top * 1.2)  # room under the zero line for a name (4p6c's)
        ax.axvline(max_codewords, color="0.4", lw=0.8, ls=":")
        ax.text(max_codewords * 0.93, top * 1.13, f"at most {max_codewords:,} codewords \u2190", ha="right",
                va="center", fontsize=9, color="0.3")
        best = gaps.loc[gaps.groupby("game")["gap_per_game"].idxmin()].set_index("game")
        for game in (game for game in label_games if game in best.index):
            row = best.loc[game]
            point = (row["codewords"], row["gap_per_game"])
            # A black ring around the point, and its name just beside it, up and to the left (where a
            # board left of the dotted line) or down and to the right (on the line), with a short line
            # that ends at the ring: the reader sees which marker is meant.
            ax.plot(*point, "o", markersize=17, markerfacecolor="none", markeredgecolor="black",
                    markeredgewidth=1.3, zorder=5)
            right = row["codewords"] >= max_codewords
            ax.annotate(f"{game}: best of the four, {row['gap_per_game']:.3f}", point,
                        xytext=(14, -30) if right else (-14, 44), textcoords="offset points",
                        ha="left" if right else "right", va="center", fontsize=9,
                        arrowprops={"arrowstyle": "-", "color": "0.2", "lw": 0.8, "shrinkA": 2, "shrinkB": 8.5})
        worst = gaps.loc[gaps["gap_per_game"].idxmax()]
        title = Strategy.parse(worst["strategy"]).title
        ax.annotate(f"{worst['game']}: {title}, {worst['gap_per_game']:.3f}", (worst["codewords"], worst["gap_per_game"]),
                    xytext=(-12, 2), textcoords="offset points", ha="right", va="center", fontsize=9)
        ax.legend(fontsize=9, loc="upper left", bbox_to_anchor=(0, 0.93))
    return fig


COST_LABELS = ("4p6c", "4p7c", "4p8c", "5p2c", "5p3c", "8p2c")
COST_LABELS_BELOW = ("5p3c",)  # named below their point: above it, lines of other pins cross


def search_cost_figure(optimal_frame: pd.DataFrame, benchmarks: "pd.DataFrame | None" = None,
                       label_games=COST_LABELS) -> Figure:
    """Positions searched and seconds of the exact search (objective total, no limit) against game
    size, as data/optimal.csv records them: only the rows of one machine and the newest engine
    version among them (`data_tables.one_machine_one_engine`; positions searched change with the
    engine too), named in the title, the rest counted in a note. One full-width panel each (nodes
    above, seconds below), one line per pin count, the legend under the panels. With `benchmarks`,
    the latest optimal benchmark of each game of the same rule set(s), machine and engine version
    (data/benchmarks.csv) is marked beside the seconds. The games of `label_games` are named at their
    points in both panels."""
    from ..core.games import Game
    from ..studies.data_tables import latest_rows, one_machine_one_engine

    fig = Figure(figsize=(9, 8.5), layout="constrained")
    nodes_ax, seconds_ax = fig.subplots(2, 1, sharex=True)
    rows = optimal_frame[(optimal_frame["objective"] == "total") & optimal_frame["max_turns_limit"].isna()]
    timings = one_machine_one_engine(rows)
    rows = timings.rows.sort_values("codewords")
    for ax, column, label in ((nodes_ax, "nodes", "positions searched"), (seconds_ax, "seconds", "seconds")):
        if rows.empty:
            _empty_note(ax, "data/optimal.csv has no timing of a recorded machine and engine yet")
            continue
        # A proof faster than the clock's resolution is drawn at the floor, not dropped from a log axis.
        floor = 1e-3 if column == "seconds" else 1
        for pins, group in rows.groupby("pins"):
            ax.plot(group["codewords"], group[column].clip(lower=floor), "o-", label=f"{pins} pins",
                    markersize=5)
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_ylabel(f"{label} (log scale)")
        for row in rows[rows["game"].isin(label_games)].itertuples():
            point = (row.codewords, max(getattr(row, column), floor))
            if row.game in COST_LABELS_BELOW:
                # Where the lines cross at its point: below it, in empty space, with a short line to it.
                ax.annotate(row.game, point, xytext=(0, -30), textcoords="offset points", ha="center",
                            va="top", fontsize=9, color="0.1",
                            arrowprops={"arrowstyle": "-", "color": "0.3", "lw": 0.7, "shrinkA": 1, "shrinkB": 4})
                continue
            # Up and to the left of its point, on a white ground: readable over the lines it crosses.
            ax.annotate(row.game, point, xytext=(-5, 5),
                        textcoords="offset points", ha="right", va="bottom", fontsize=9, color="0.1",
                        bbox={"boxstyle": "round,pad=0.15", "facecolor": "white", "edgecolor": "none",
                              "alpha": 0.7})
        # Room above the highest point for its name (4p8c), inside the frame, not on it.
        high = max(rows[column].max(), floor)
        ax.set_ylim(top=high * (6 if column == "nodes" else 4))
    nodes_ax.set_title("Positions searched (positions whose candidate guesses were scored)", fontsize=11)
    seconds_ax.set_title("Wall time of one search", fontsize=11)
    seconds_ax.set_xlabel("board size (codewords, log scale)")
    if benchmarks is not None and len(benchmarks) and len(rows):
        rules = set(rows["game"].map(lambda name: Game.parse(name).rules))
        optimal_rows = benchmarks[(benchmarks["strategy"] == "optimal")
                                  & benchmarks["game"].map(lambda name: Game.parse(name).rules in rules)]
        same = one_machine_one_engine(optimal_rows, machine=timings.machine)
        timed = latest_rows(same.rows, ("game",)) if same.engine == timings.engine else same.rows.iloc[0:0]
        if len(timed):
            seconds_ax.plot(timed["codewords"], timed["median_s"], "*", color="#d62728", markersize=13,
                            label="latest benchmark (data/benchmarks.csv, median)")
    handles, labels = seconds_ax.get_legend_handles_labels()
    if handles:
        fig.legend(handles, labels, loc="outside lower center", ncols=min(len(handles), 5), fontsize=10)
    commits = timings.commits()
    caption = timings.caption() + (f", mmlib {commits}" if commits else "")
    fig.suptitle("The cost of the exact search, objective total (data/optimal.csv)\n"
                 + textwrap.fill(caption, 110), fontsize=11)
    left_out = timings.left_out_note(consequence="their positions and seconds are not drawn")
    if left_out:
        nodes_ax.text(0.01, 0.97, textwrap.fill(left_out, 80), transform=nodes_ax.transAxes,
                      ha="left", va="top", fontsize=9, color="0.3")
    return fig


def _thousands(ax) -> None:
    """Tick labels of the y axis with thousands separators (5,000), as the bars' labels write them."""
    from matplotlib.ticker import FuncFormatter

    ax.yaxis.set_major_formatter(FuncFormatter(lambda value, _pos: f"{value:,.0f}"))


def optimum_against_heuristics_figure(gaps: pd.DataFrame, game: str) -> Figure:
    """One game: each strategy's fewest total turns (from its best opening by total, named under its
    bar) beside the optimum."""
    fig = Figure(figsize=(6.5, 3.8), layout="constrained")
    ax = fig.subplots()
    rows = gaps[gaps["game"] == game]
    if rows.empty:
        _empty_note(ax, f"{game} is not in both data/optimal.csv and data/results.csv")
        ax.set_title(f"{game}: total turns")
        ax.set_axis_off()  # no bars: ticks from 0 to 1 would mean nothing
        return fig
    labels, totals, colors = ["Optimal"], [int(rows["optimal_total"].iloc[0])], ["0.3"]
    for strategy in Strategy:
        row = rows[rows["strategy"] == strategy.label]
        if len(row):
            labels.append(f"{strategy.title}\n{row['first_guess'].iloc[0]}")
            totals.append(int(row["heuristic_total"].iloc[0]))
            colors.append(STRATEGY_COLORS[strategy])
    bars = ax.bar(labels, totals, color=colors)
    for bar, total in zip(bars, totals):
        above = "" if total == totals[0] else f"\n+{100 * (total / totals[0] - 1):.1f}%"
        ax.text(bar.get_x() + bar.get_width() / 2, bar.get_height(), f"{total:,}{above}", ha="center",
                va="bottom", fontsize=9)
    # From zero, so that a gap of a few percent looks like one; the numbers on the bars give it exactly.
    ax.set_ylim(0, max(totals) * 1.2)
    _thousands(ax)
    ax.set_xlabel("strategy and its best opening by total")
    ax.set_ylabel("total turns over every secret")
    gap = max(totals) / totals[0] - 1
    ax.set_title(f"{game}: all four strategies reach the optimum" if gap == 0 else
                 f"{game}: the optimum and the four strategies (the furthest {100 * gap:.1f}% above it)",
                 fontsize=10)
    return fig


def openings_figure(openings: pd.DataFrame, game: str) -> Figure:
    """One game: the optimal total with each first guess fixed (data/optimal_openings.csv), in total
    turns over every secret, with the turns each opening loses against the best one."""
    fig = Figure(figsize=(7, 3.8), layout="constrained")
    ax = fig.subplots()
    rows = openings[openings["game"] == game]
    ax.set_title(f"{game}: best play after each first guess (+: turns lost in all against the best)")
    ax.set_xlabel("first guess (its class: the number of codewords like it)")
    ax.set_ylabel("total turns over every secret")
    if rows.empty:
        _empty_note(ax, f"data/optimal_openings.csv has no rows for {game}")
        return fig
    labels = [f"{r.opening}\n({int(r.codewords):,})" for r in rows.itertuples()]
    colors = ["#55a868" if best else "0.6" for best in rows["best"]]
    bars = ax.bar(labels, rows["total_turns"], color=colors)
    for bar, row in zip(bars, rows.itertuples()):
        note = "best" if row.best else f"+{int(row.extra_turns):,}"
        ax.text(bar.get_x() + bar.get_width() / 2, bar.get_height(), f"{int(row.total_turns):,}\n{note}",
                ha="center", va="bottom", fontsize=9)
    # From zero, so that a bar's height is its value; the labels give the turns each opening loses.
    ax.set_ylim(0, rows["total_turns"].max() * 1.2)
    _thousands(ax)
    return fig


def strategy_loss_by_turn_figure(losses) -> Figure:
    """Turns lost against the optimum on each turn, one line per strategy (`StrategyLoss`es of
    one game, from `mmlib.studies.strategy_loss`): where each strategy's gap comes from. Each
    strategy has its own marker, its points set a little apart, so that equal losses stay visible."""
    fig = Figure(figsize=(7, 4.2), layout="constrained")
    ax = fig.subplots()
    game = losses[0].game.name if losses else ""
    offsets = {strategy: 0.06 * (i - 1.5) for i, strategy in enumerate(Strategy)}
    for loss in losses:
        turns = loss.by_turn()
        ax.plot(turns["turn"] + offsets[loss.strategy], turns["turns_lost"] / loss.game.size,
                marker=STRATEGY_MARKERS[loss.strategy], color=STRATEGY_COLORS[loss.strategy],
                markerfacecolor="none", markeredgewidth=1.2, markersize=6,
                label=f"{loss.strategy.title} ({loss.first_guess}): {loss.loss_per_game:.3f} turns per game in all")
    if not losses:
        _empty_note(ax, "no strategy given")
    ax.set_title(f"{game}: where each strategy loses turns against the best possible play")
    ax.set_xlabel("turn")
    ax.set_ylabel("turns lost per game on that turn")
    ax.axhline(0, color="0.5", lw=0.8)
    if losses:
        top = max(float((loss.by_turn()["turns_lost"] / loss.game.size).max()) for loss in losses)
        ax.set_ylim(-0.05 * top, top * 1.55)  # room above the lines for the legend
        ax.legend(fontsize=9, loc="upper right")
    return fig
