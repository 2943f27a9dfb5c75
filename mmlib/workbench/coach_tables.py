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
    """A game's moves against the best possible play, one row per move, the total loss last. One
    value per cell: how many best moves there were and the lowest of them, not a list; what each
    strategy would have played is `strategy_moves_table`."""
    reviewed = review_game(game, moves, time_limit)
    fmt = reviewed.game.format_codeword
    rows = []
    for row, move_review in zip(reviewed.rows(), reviewed.reviews):
        at_most = "" if row["exact"] else "at most "
        best = move_review.best_moves
        # Counts written out here (1,296), as the total row below leaves these cells empty.
        rows.append({"move": row["move"], "possible": f"{row['possible']:,}", "value": f"{row['value']:,}",
                     "best value": f"{row['best_value']:,}", "loss": f"{at_most}{row['loss']:.{DIGITS}f}",
                     "best moves": f"{len(best):,}" + ("" if move_review.best_moves_complete else " or more"),
                     "lowest best move": fmt(best[0]) if best else fmt(move_review.best_known()),
                     "could be the secret": "yes" if row["could_be_secret"] else "no"})
    low, high = reviewed.total_loss
    total = f"{high:.{DIGITS}f}" if reviewed.exact else f"{low:.{DIGITS}f} to {high:.{DIGITS}f}"
    rows.append({**{column: "" for column in rows[0]}, "move": "total", "loss": total})
    return pd.DataFrame(rows)


def strategy_moves_table(game: str, moves, time_limit: "float | None" = DEFAULT_TIME_LIMIT_S) -> pd.DataFrame:
    """At the position of each of a game's moves, the guess each strategy would have played and the
    turns it would have lost there against the best move (the coach's loss), a column each."""
    reviewed = review_game(game, moves, time_limit)
    rows = []
    for row in reviewed.rows():
        line = {"move": row["move"]}
        for s in Strategy:
            line[s.title] = row[s.label] or "refused"
            line[f"{s.title} loss"] = "" if row[f"{s.label}_loss"] is None else f"{row[s.label + '_loss']:.{DIGITS}f}"
        rows.append(line)
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


def _where_lost(moves: str) -> str:
    """A position as the moves that reach it, in words: '' -> 'first guess';
    '1123=1,0 1456=0,2' -> 'after 1123 scored 1,0, then 1456 scored 0,2'."""
    if not moves:
        return "first guess"
    steps = [step.replace("=", " scored ") for step in moves.split()]
    return "after " + ", then ".join(steps)


def strategy_loss_summary(game: str):
    """`strategy_loss_table` for reading (a `ReadableTable`): each strategy with the opening it is
    played from (its default opening, the one `solve` plays), the turns it loses against the
    optimum in all, per game and per move (three decimals each), and the position where it loses
    most, written as the moves that reach it. The optimum, the same for every row, is in the note."""
    from .tables import readable

    frame = strategy_losses(game)  # unrounded: rounded once, to the decimals shown
    optimum = int(frame["optimal_total"].iloc[0]) if len(frame) else 0
    shown = pd.DataFrame({
        "strategy": [Strategy.parse(s).title for s in frame["strategy"]], "opening": frame["first_guess"],
        "total turns": frame["total_turns"], "turns lost": frame["turns_lost"],
        "lost per game": frame["loss_per_game"], "lost per move": frame["loss_per_move"],
        "where it loses most": [_where_lost(moves) for moves in frame["worst_position"]],
        "its guess there": frame["worst_guess"], "turns lost there": frame["worst_turns_lost"],
    })
    return readable(shown, formats={"lost per game": DIGITS, "lost per move": DIGITS},
                    note=f"The optimum of {game}, found by the exact search: {optimum:,} turns. Each strategy from "
                         "its default opening (the first guess solve plays when none is given). Lost per move: "
                         "the turns lost divided by the moves played against every secret (the strategy's "
                         "total turns).")


def hint_value_table(game: str, seed: int = 0) -> pd.DataFrame:
    """What following a hint is worth: a player who guesses a random possible secret (seeded),
    one who takes each strategy's hint, and one who takes the optimal hint, each over every secret:
    average turns, and expected turns lost per game and per move against the best possible play."""
    players = [random_possible_secret(seed), *[strategy_player(s) for s in Strategy], optimal_player()]
    frame = pd.DataFrame([player_loss(game, player) for player in players])
    return pd.DataFrame({
        "player": frame["player"],
        # Rounded once, to the decimals shown: rounding 4.44753 to 4.4475 first would show 4.447.
        "average turns": frame["average_turns"].round(DIGITS),
        "turns lost per game": frame["loss_per_game"].round(DIGITS + 1),
        "turns lost per move": frame["loss_per_move"].round(DIGITS + 1),
    })
