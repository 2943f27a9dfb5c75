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


def heuristic_gap_figure(gaps: pd.DataFrame) -> Figure:
    """Extra average turns of each strategy over the optimum, against the game size."""
    fig = Figure(figsize=(8.5, 4.2), layout="constrained")
    ax = fig.subplots()
    if gaps.empty:
        _empty_note(ax, "no game is in both data/optimal.csv and data/results.csv yet")
    for strategy in Strategy:
        rows = gaps[gaps["strategy"] == strategy.label].sort_values("codewords")
        if len(rows):
            ax.plot(rows["codewords"], rows["gap_per_game"], "o", color=STRATEGY_COLORS[strategy],
                    label=strategy.title, alpha=0.8, markersize=5)
    ax.set_xscale("log")
    ax.set_xlabel("game size (codewords, log scale)")
    ax.set_ylabel("extra turns per game over the optimum")
    ax.set_title("How far each strategy (its best opening by total) is from the optimal strategy")
    ax.axhline(0, color="0.5", lw=0.8)
    if len(gaps):
        ax.legend(fontsize=9)
    return fig


def search_cost_figure(optimal_frame: pd.DataFrame, benchmarks: "pd.DataFrame | None" = None) -> Figure:
    """Positions searched and seconds of the exact search (objective total, no limit) against game
    size, as data/optimal.csv records them: only the rows of one machine and the newest engine
    version among them (`data_tables.one_machine_one_engine`; positions searched change with the
    engine too), named in the title, the rest counted in a note. One full-width panel each (nodes
    above, seconds below), one line per pin count, the legend under the panels. With `benchmarks`,
    the latest optimal benchmark of each game of the same rule set(s), machine and engine version
    (data/benchmarks.csv) is marked beside the seconds."""
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
    nodes_ax.set_title("Positions searched (positions whose candidate guesses were scored)", fontsize=11)
    seconds_ax.set_title("Wall time of one search", fontsize=11)
    seconds_ax.set_xlabel("game size (codewords, log scale)")
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
    fig.suptitle("The cost of the exact search, objective total (data/optimal.csv)\n"
                 + textwrap.fill(timings.caption(), 110), fontsize=11)
    if timings.left_out_note():
        nodes_ax.text(0.01, 0.97, textwrap.fill(timings.left_out_note(), 80), transform=nodes_ax.transAxes,
                      ha="left", va="top", fontsize=9, color="0.3")
    return fig


def optimum_against_heuristics_figure(gaps: pd.DataFrame, game: str) -> Figure:
    """One game: each strategy's fewest total turns beside the optimum."""
    fig = Figure(figsize=(6.5, 3.6), layout="constrained")
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
            labels.append(strategy.title)
            totals.append(int(row["heuristic_total"].iloc[0]))
            colors.append(STRATEGY_COLORS[strategy])
    bars = ax.bar(labels, totals, color=colors)
    for bar, total in zip(bars, totals):
        above = "" if total == totals[0] else f"\n+{100 * (total / totals[0] - 1):.1f}%"
        ax.text(bar.get_x() + bar.get_width() / 2, bar.get_height(), f"{total:,}{above}", ha="center",
                va="bottom", fontsize=9)
    # From zero, so that a gap of a few percent looks like one; the numbers on the bars give it exactly.
    ax.set_ylim(0, max(totals) * 1.2)
    ax.set_xlabel("strategy (its best opening by total)")
    ax.set_ylabel("total turns over every secret")
    gap = max(totals) / totals[0] - 1
    ax.set_title(f"{game}: the optimum and the four strategies (the furthest {100 * gap:.1f}% above it)",
                 fontsize=10)
    return fig


def openings_figure(openings: pd.DataFrame, game: str) -> Figure:
    """One game: the optimal total with each first guess fixed (data/optimal_openings.csv), as
    average turns per secret, with the turns each opening loses against the best one."""
    fig = Figure(figsize=(7, 3.8), layout="constrained")
    ax = fig.subplots()
    rows = openings[openings["game"] == game]
    ax.set_title(f"{game}: best play after each first guess (+: turns lost against the best)")
    ax.set_xlabel("first guess (its class: the number of codewords like it)")
    ax.set_ylabel("average turns per secret")
    if rows.empty:
        _empty_note(ax, f"data/optimal_openings.csv has no rows for {game}")
        return fig
    labels = [f"{r.opening}\n({int(r.codewords):,})" for r in rows.itertuples()]
    colors = ["#55a868" if best else "0.6" for best in rows["best"]]
    bars = ax.bar(labels, rows["average_turns"], color=colors)
    for bar, row in zip(bars, rows.itertuples()):
        note = "best" if row.best else f"+{row.loss:.3f}"
        ax.text(bar.get_x() + bar.get_width() / 2, bar.get_height(), f"{row.average_turns:.3f}\n{note}",
                ha="center", va="bottom", fontsize=9)
    # From zero, so that a bar's height is its value; the labels give the turns each opening loses.
    ax.set_ylim(0, rows["average_turns"].max() * 1.2)
    return fig


def strategy_loss_by_turn_figure(losses) -> Figure:
    """Turns lost against the optimum on each turn, one line per strategy (`StrategyLoss`es of
    one game, from `mmlib.studies.strategy_loss`): where each strategy's gap comes from."""
    fig = Figure(figsize=(7, 3.8), layout="constrained")
    ax = fig.subplots()
    game = losses[0].game.name if losses else ""
    for loss in losses:
        turns = loss.by_turn()
        ax.plot(turns["turn"], turns["turns_lost"] / loss.game.size, "o-", color=STRATEGY_COLORS[loss.strategy],
                label=f"{loss.strategy.title} ({loss.first_guess}): {loss.loss_per_game:.3f} in all", markersize=4)
    if not losses:
        _empty_note(ax, "no strategy given")
    ax.set_title(f"{game}: where each strategy loses turns against the best possible play")
    ax.set_xlabel("turn")
    ax.set_ylabel("turns lost per game on that turn")
    ax.axhline(0, color="0.5", lw=0.8)
    if losses:
        ax.legend(fontsize=8)
    return fig
