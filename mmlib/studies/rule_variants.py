"""The rule sets side by side (docs/rules.md), from data/results.csv and data/optimal.csv.

For notebook 9: how much harder each rule set is for each strategy on the same board (pins and
colors), and how far each strategy stays from the optimum under each rule set.
"""

from __future__ import annotations

import pandas as pd

from ..core.games import RULES, Game
from .optimal_table import heuristic_gaps


def best_totals(results: pd.DataFrame) -> pd.DataFrame:
    """Per game and strategy: the fewest total turns over the openings played, with the game's
    pins, colors, rules and codewords and the average turns of that opening."""
    if results.empty:
        return pd.DataFrame(columns=["game", "pins", "colors", "rules", "codewords", "strategy",
                                     "first_guess", "total_turns", "max_turns", "average_turns"])
    best = (results.sort_values(["total_turns", "max_turns"], kind="stable")
            .groupby(["game", "strategy"], sort=False).head(1).copy())
    games = best["game"].map(Game.parse)
    best["pins"] = games.map(lambda g: g.pins)
    best["colors"] = games.map(lambda g: g.colors)
    best["rules"] = games.map(lambda g: g.rules)
    best["codewords"] = games.map(lambda g: g.size)
    best["total_turns"] = best["total_turns"].astype(int)
    best["average_turns"] = best["total_turns"] / best["codewords"]
    columns = ["game", "pins", "colors", "rules", "codewords", "strategy", "first_guess", "total_turns",
               "max_turns", "average_turns"]
    return best[columns].sort_values(["pins", "colors", "strategy", "rules"], ignore_index=True)


def rules_side_by_side(results: pd.DataFrame, strategy: "str | None" = None) -> pd.DataFrame:
    """One row per board (pins, colors) and strategy that every rule set was played on: the
    average turns under each rule set and their differences from classic."""
    best = best_totals(results)
    if strategy is not None:
        best = best[best["strategy"] == strategy]
    wide = best.pivot_table(index=["pins", "colors", "strategy"], columns="rules", values="average_turns")
    present = [r for r in RULES if r in wide.columns]
    wide = wide.dropna(subset=present).reindex(columns=present)
    for rules in present[1:]:
        wide[f"{rules} - classic"] = wide[rules] - wide["classic"]
    return wide.reset_index().rename_axis(columns=None).round(4)


def harder_by_strategy(results: pd.DataFrame) -> pd.DataFrame:
    """Per strategy: over the boards every rule set was played on, the median extra average turns
    of each rule set against classic (negative: easier) and how many boards that is."""
    side = rules_side_by_side(results)
    differences = [c for c in side.columns if c.endswith(" - classic")]
    summary = side.groupby("strategy")[differences].median()
    summary["boards"] = side.groupby("strategy").size()
    return summary.reset_index().round(4)


def gaps_by_rules(optimal: pd.DataFrame, results: pd.DataFrame) -> pd.DataFrame:
    """`heuristic_gaps` with each game's rule set: per game and strategy, the fewest total turns
    over the openings played, the optimum and the gap (rows of games both tables hold)."""
    gaps = heuristic_gaps(optimal, results)
    gaps.insert(1, "rules", gaps["game"].map(lambda name: Game.parse(name).rules))
    return gaps


def best_of_four_optimal(optimal: pd.DataFrame, results: pd.DataFrame) -> pd.DataFrame:
    """Per rule set: the games data/optimal.csv proves (objective total, no turn limit), how many of
    them data/results.csv holds too (the games the gaps are over), and in how many of those the
    best of the four strategies reaches the optimum."""
    proven = optimal[(optimal["objective"] == "total") & optimal["max_turns_limit"].isna()]
    proven_rules = proven["game"].map(lambda name: Game.parse(name).rules)
    best = gaps_by_rules(optimal, results).groupby(["rules", "game"])["gap"].min()
    rows = [{"rules": rules, "games proven": int(proven.loc[proven_rules == rules, "game"].nunique()),
             "with strategy results": int((best.index.get_level_values("rules") == rules).sum()),
             "best of the four optimal in": int((best.loc[rules] == 0).sum()) if rules in best.index else 0}
            for rules in RULES]
    return pd.DataFrame(rows)


def gap_summary(optimal: pd.DataFrame, results: pd.DataFrame) -> pd.DataFrame:
    """Per rule set and strategy: how many games have an optimum, the median and the largest gap
    per game (extra average turns) and the median gap in percent."""
    gaps = gaps_by_rules(optimal, results)
    grouped = gaps.groupby(["rules", "strategy"])
    summary = pd.DataFrame({
        "games": grouped.size(),
        "median_gap_per_game": grouped["gap_per_game"].median(),
        "max_gap_per_game": grouped["gap_per_game"].max(),
        "median_gap_percent": grouped["gap_percent"].median(),
    }).reset_index()
    summary["order"] = summary["rules"].map(RULES.index)
    return summary.sort_values(["order", "strategy"]).drop(columns="order").reset_index(drop=True).round(4)
