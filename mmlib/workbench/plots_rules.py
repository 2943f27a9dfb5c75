"""Figures for notebook 9 (rule variants): the rule sets side by side.

Like every mmlib figure, each function returns a matplotlib `Figure` with a title and labelled
axes, built without pyplot, and draws a one-line note instead of failing when its table has no
rows yet.
"""

from __future__ import annotations

import pandas as pd
from matplotlib.figure import Figure

from ..core.games import RULES
from ..core.strategies import Strategy
from ..studies.rule_variants import best_totals
from .plots import STRATEGY_COLORS
from .plots_results import _empty_note

RULE_MARKERS = {"classic": "o", "norepeat": "s", "black": "^"}
RULE_LINES = {"classic": "-", "norepeat": "--", "black": ":"}


def rules_turns_figure(results: pd.DataFrame, pins: int = 4) -> Figure:
    """Average turns of each strategy's best opening against the colors for the games of `pins`
    pins: one panel per rule set (sharing the axes, so that the rules compare panel to panel), one
    line per strategy, the legend under the panels. A panel's title says up to how many colors
    data/results.csv holds that rule set."""
    from .widgets import RULE_TITLES

    fig = Figure(figsize=(11, 4.6), layout="constrained")
    axes = fig.subplots(1, len(RULES), sharex=True, sharey=True)
    best = best_totals(results)
    best = best[best["pins"] == pins]
    for ax, rules in zip(axes, RULES):
        chosen = best[best["rules"] == rules]
        if chosen.empty:
            _empty_note(ax, f"no {pins}-pin game\nunder these rules yet")
            ax.set_title(RULE_TITLES[rules], fontsize=11)
            continue
        for strategy in Strategy:
            rows = chosen[chosen["strategy"] == strategy.label].sort_values("colors")
            if len(rows):
                ax.plot(rows["colors"], rows["average_turns"], "-", marker=RULE_MARKERS[rules],
                        color=STRATEGY_COLORS[strategy], markersize=4, label=strategy.title)
        low, high = int(chosen["colors"].min()), int(chosen["colors"].max())
        ax.set_title(f"{RULE_TITLES[rules]}\n(data/results.csv: {low} to {high} colors)", fontsize=11)
        ax.set_xlabel("colors")
        ax.grid(alpha=0.3)
    axes[0].set_ylabel("average turns per game (best opening)")
    fig.suptitle(f"{pins} pins: average turns under each rule set, each strategy from its best opening",
                 fontsize=12)
    handles, labels = axes[0].get_legend_handles_labels()
    if handles:
        fig.legend(handles, labels, loc="outside lower center", ncols=len(handles), fontsize=10)
    return fig


def rules_histogram_figure(results_by_rules) -> Figure:
    """One board solved under each rule set (`{rules: SolveResult}`, one strategy): the share of
    secrets won on each turn, bars side by side per turn, from zero, the legend under the axes."""
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
        ax.bar([t + 1 + (i - (len(results_by_rules) - 1) / 2) * width for t in range(len(share))], share, width,
               color=colors.get(rules, "0.5"),
               label=f"{RULE_TITLES[rules]} ({result.game.size:,} secrets): {result.average_turns:.3f} on average")
    ax.set_xticks(range(1, turns + 1))
    ax.set_xlabel("turn on which the secret is found")
    ax.set_ylabel("share of the secrets")
    ax.set_ylim(0, None)
    strategy = next(iter(results_by_rules.values())).strategy.title
    ax.set_title(f"{strategy}: on which turn each secret is found, per rule set", fontsize=11)
    # Under the axes, not inside them: inside, the legend hid the tallest bar (2p6c, 4p7c-norepeat).
    handles, labels = ax.get_legend_handles_labels()
    fig.legend(handles, labels, loc="outside lower center", ncols=1, fontsize=9)
    return fig
