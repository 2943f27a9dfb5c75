"""Figures for notebook 9 (rule variants): the rule sets side by side.

Like every mmlib figure, each function returns a matplotlib `Figure` with a title and labelled
axes, built without pyplot, and draws a one-line note instead of failing when its table has no
rows yet.
"""

from __future__ import annotations

import pandas as pd
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from ..core.games import RULES
from ..core.strategies import Strategy
from ..studies.per_game import per_game, rounded
from ..studies.rule_variants import best_totals
from .plots import STRATEGY_COLORS
from .plots_results import _empty_note

# Each strategy its own marker and dash as well as its color: where two strategies take the same
# turns (every strategy on black pegs only, Expected Size beside Entropy), their lines coincide,
# and the markers, set a little apart sideways, still show both.
STRATEGY_MARKERS = {Strategy.KNUTH: "o", Strategy.EXPECTED_SIZE: "s", Strategy.ENTROPY: "^", Strategy.MOST_PARTS: "D"}
STRATEGY_DASHES = {Strategy.KNUTH: "-", Strategy.EXPECTED_SIZE: "--", Strategy.ENTROPY: "-.", Strategy.MOST_PARTS: ":"}
STRATEGY_OFFSET = 0.12  # colors: how far apart sideways the strategies' markers are drawn


def rules_turns_figure(results: pd.DataFrame, pins: int = 4) -> Figure:
    """Average turns of each strategy's best opening against the colors for the games of `pins`
    pins, one column of panels per rule set (the rows share their axes, so that the rules compare
    panel to panel). Top row: the average turns; bottom row: how many turns per game each strategy
    is above the best of the four on that board, which tells apart the strategies whose lines
    coincide at the top. Each strategy has its color, marker and dash, its markers set a little
    apart sideways; the legend is under the panels. A panel's title says up to how many colors
    data/results.csv holds that rule set."""
    from .widgets import RULE_TITLES

    fig = Figure(figsize=(11, 7.4), layout="constrained")
    grid = fig.subplots(2, len(RULES), sharex=True, sharey="row", squeeze=False)
    best = best_totals(results)
    best = best[best["pins"] == pins]
    offsets = {s: (k - (len(Strategy) - 1) / 2) * STRATEGY_OFFSET for k, s in enumerate(Strategy)}
    for column, rules in enumerate(RULES):
        top, bottom = grid[0][column], grid[1][column]
        chosen = best[best["rules"] == rules]
        if chosen.empty:
            _empty_note(top, f"no {pins}-pin game\nunder these rules yet")
            _empty_note(bottom, f"no {pins}-pin game\nunder these rules yet")
            top.set_title(RULE_TITLES[rules], fontsize=11)
            continue
        fewest = chosen.groupby("colors")["average_turns"].min()
        for strategy in Strategy:
            rows = chosen[chosen["strategy"] == strategy.label].sort_values("colors")
            if not len(rows):
                continue
            style = dict(linestyle=STRATEGY_DASHES[strategy], marker=STRATEGY_MARKERS[strategy],
                         color=STRATEGY_COLORS[strategy], markersize=5, label=strategy.title)
            x = rows["colors"] + offsets[strategy]
            top.plot(x, rows["average_turns"], **style)
            bottom.plot(x, rows["average_turns"].to_numpy() - fewest.loc[rows["colors"]].to_numpy(), **style)
        low, high = int(chosen["colors"].min()), int(chosen["colors"].max())
        top.set_title(f"{RULE_TITLES[rules]}\n(data/results.csv: {low} to {high} colors)", fontsize=11)
        bottom.set_xlabel("colors")
        for ax in (top, bottom):
            ax.grid(alpha=0.3)
    # Zero is the best strategy of each board: a little room under it keeps its markers whole (the
    # row shares its axis, so the limits come from every panel of it).
    high = max((line.get_ydata().max() for ax in grid[1] for line in ax.get_lines()), default=0) or 1.0
    grid[1][0].set_ylim(-0.04 * high, 1.08 * high)
    grid[1][0].xaxis.set_major_locator(MaxNLocator(integer=True))
    grid[0][0].set_ylabel("turns per game")
    grid[1][0].set_ylabel("turns per game above\nthe best of the four")
    fig.suptitle(f"{pins} pins: turns per game under each rule set, each strategy from its best opening",
                 fontsize=12)
    handles, labels = grid[0][0].get_legend_handles_labels()
    for row in grid:
        for ax in row:
            if not handles:
                handles, labels = ax.get_legend_handles_labels()
    if handles:
        fig.legend(handles, labels, loc="outside lower center", ncols=len(handles), fontsize=10)
    return fig


def rules_histogram_figure(results_by_rules, chosen: "str | None" = None) -> Figure:
    """One board solved under each rule set (`{rules: SolveResult}`, one strategy): the share of
    secrets won on each turn, bars side by side per turn, from zero, the legend under the axes.
    The bars of the `chosen` rule set (the rules menu's) are outlined in black, and its legend
    entry says "chosen"."""
    from .widgets import RULE_TITLES

    fig = Figure(figsize=(8, 3.8), layout="constrained")
    ax = fig.subplots()
    if not results_by_rules:
        _empty_note(ax, "no game to draw")
        ax.set_axis_off()
        return fig
    turns = max(len(r.turn_histogram) for r in results_by_rules.values())
    width = 0.8 / len(results_by_rules)
    colors = {"classic": "#4c72b0", "norepeat": "#dd8452", "black": "#55a868"}
    for i, (rules, result) in enumerate(results_by_rules.items()):
        share = [n / result.game.size for n in result.turn_histogram]
        mine = rules == chosen
        ax.bar([t + 1 + (i - (len(results_by_rules) - 1) / 2) * width for t in range(len(share))], share, width,
               color=colors.get(rules, "0.5"), edgecolor="black" if mine else "none", linewidth=1.6 if mine else 0,
               label=f"{RULE_TITLES[rules]}{', chosen' if mine else ''} ({result.game.size:,} secrets): "
                     f"{rounded(per_game(result.total_turns, result.game.size)):.3f} turns per game")
    ax.set_xticks(range(1, turns + 1))
    ax.set_xlabel("turn on which the secret is found")
    ax.set_ylabel("share of the secrets")
    ax.set_ylim(0, None)
    strategy = next(iter(results_by_rules.values())).strategy.title
    # One rule set drawn (the others over the cell's cap): the title says which, not "per rule set".
    which = ("per rule set" if len(results_by_rules) > 1
             else f"{RULE_TITLES[next(iter(results_by_rules))]} only")
    ax.set_title(f"{strategy}: on which turn each secret is found, {which}", fontsize=11)
    # Under the axes, not inside them: inside, the legend hid the tallest bar (2p6c, 4p7c-norepeat).
    handles, labels = ax.get_legend_handles_labels()
    fig.legend(handles, labels, loc="outside lower center", ncols=1, fontsize=9)
    return fig
