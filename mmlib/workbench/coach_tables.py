"""Tables of the coach for the notebooks: a game reviewed, the strategies' losses, what a hint is worth.

Each computes with `mmlib.core.review` or `mmlib.studies.strategy_loss` and returns a pandas
DataFrame with readable column names and rounded numbers, so a notebook cell is one call.
"""

from __future__ import annotations

import pandas as pd

from ..core.coach import DEFAULT_TIME_LIMIT_S
from ..core.review import review_game
from ..core.strategies import Strategy
from ..studies.strategy_loss import (optimal_player, player_loss, random_possible_secret, strategy_losses,
                                     strategy_player)

DIGITS = 3


def review_table(game: str, moves, time_limit: "float | None" = DEFAULT_TIME_LIMIT_S) -> pd.DataFrame:
    """A game's moves against the best possible play, one row per move, the total loss last."""
    reviewed = review_game(game, moves, time_limit)
    rows = []
    for row in reviewed.rows():
        at_most = "" if row["exact"] else "at most "
        rows.append({"move": row["move"], "possible": row["possible"], "value": row["value"],
                     "best value": row["best_value"], "loss": f"{at_most}{row['loss']:.{DIGITS}f}",
                     "best moves": row["best_moves"],
                     **{s.title: f"{row[s.label]} {row[s.label + '_loss']:.{DIGITS}f}"
                        if row[s.label] else "refused" for s in Strategy},
                     "could be the secret": "yes" if row["could_be_secret"] else "no"})
    low, high = reviewed.total_loss
    total = f"{high:.{DIGITS}f}" if reviewed.exact else f"{low:.{DIGITS}f} to {high:.{DIGITS}f}"
    rows.append({**{column: "" for column in rows[0]}, "move": "total", "loss": total})
    return pd.DataFrame(rows)


def strategy_loss_table(game: str) -> pd.DataFrame:
    """Each strategy from its default opening against the optimum: total turns, turns lost (in all,
    per game, per move) and the position where it loses most."""
    frame = strategy_losses(game)
    return pd.DataFrame({
        "strategy": [Strategy.parse(s).title for s in frame["strategy"]],
        "first guess": frame["first_guess"],
        "total turns": frame["total_turns"],
        "optimum": frame["optimal_total"],
        "turns lost": frame["turns_lost"],
        "lost per game": frame["loss_per_game"].round(DIGITS + 1),
        "lost per move": frame["loss_per_move"].round(DIGITS + 1),
        "loses most after": frame["worst_position"].replace("", "(the first guess)"),
        "its guess there": frame["worst_guess"],
        "turns lost there": frame["worst_turns_lost"],
    })


def hint_value_table(game: str, seed: int = 0) -> pd.DataFrame:
    """What following a hint is worth: a player who guesses a random possible secret (seeded),
    one who takes each strategy's hint, and one who takes the optimal hint, each over every secret:
    average turns, and expected turns lost per game and per move against the best possible play."""
    players = [random_possible_secret(seed), *[strategy_player(s) for s in Strategy], optimal_player()]
    frame = pd.DataFrame([player_loss(game, player) for player in players])
    return pd.DataFrame({
        "player": frame["player"],
        "average turns": frame["average_turns"].round(DIGITS + 1),
        "turns lost per game": frame["loss_per_game"].round(DIGITS + 1),
        "turns lost per move": frame["loss_per_move"].round(DIGITS + 1),
    })
