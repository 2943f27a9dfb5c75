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
    """Average turns of each strategy's best opening against the colors, one line per strategy and
    rule set, for the games of `pins` pins."""
    fig = Figure(figsize=(8.5, 4.4), layout="constrained")
    ax = fig.subplots()
    best = best_totals(results)
    best = best[best["pins"] == pins]
    if best.empty:
        _empty_note(ax, f"data/results.csv has no {pins}-pin game yet")
    for rules in RULES:
        for strategy in Strategy:
            rows = best[(best["rules"] == rules) & (best["strategy"] == strategy.label)].sort_values("colors")
            if len(rows):
                ax.plot(rows["colors"], rows["average_turns"], RULE_LINES[rules], marker=RULE_MARKERS[rules],
                        color=STRATEGY_COLORS[strategy], markersize=4, alpha=0.85,
                        label=f"{strategy.title}, {rules}")
    ax.set_xlabel("colors")
    ax.set_ylabel("average turns per game (best opening)")
    ax.set_title(f"{pins} pins: average turns under each rule set\n"
                 "(solid: classic, dashed: no repeated colors, dotted: black pegs only)")
    if len(best):
        ax.legend(fontsize=7, ncol=3)
    return fig
