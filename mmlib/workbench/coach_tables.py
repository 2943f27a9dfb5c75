"""Tables of the Play notebook and the coach: the secrets left turn by turn, a game reviewed, the
strategies' losses, what a hint is worth.

Each computes with `mmlib.core.play`, `mmlib.core.review` or `mmlib.studies.strategy_loss` and
returns a pandas DataFrame (or a `ReadableTable`) with readable column names and rounded numbers, so
a notebook cell is one call.

The reviews default to no time limit: a table a notebook stores must come out the same on a loaded
machine, and the exact search finishes the games the notebooks review (4p6c in well under a second).
A time limit (seconds) is for larger games, where a move whose search is not done is given bounds.
"""

from __future__ import annotations

import pandas as pd

from ..core.review import review_game
from ..core.strategies import Strategy
from ..studies.strategy_loss import (optimal_player, player_loss, random_possible_secret, strategy_losses,
                                     strategy_player)
from .tables import ReadableTable, readable

DIGITS = 3


def secrets_left(sessions) -> dict:
    """`{turn: [secrets possible after that guess, one count per game that made it]}` over finished
    `GameSession`s (a game won with that guess counts with its one secret)."""
    after = {}
    for session in sessions:
        for turn, left in enumerate(session.remaining_after_each_move(), start=1):
            after.setdefault(turn, []).append(left)
    return after


def secrets_left_table(after: dict) -> ReadableTable:
    """After each guess: how many games made it, and the largest and the average number of secrets
    still possible over them (`secrets_left`). The smallest is said once under the table when it is
    the same after every guess, else it is a column."""
    frame = pd.DataFrame([{"after guess": turn, "games that made this guess": len(lefts),
                           "largest": max(lefts), "average": sum(lefts) / len(lefts), "smallest": min(lefts)}
                          for turn, lefts in after.items()])
    note = ""
    if frame["smallest"].nunique() == 1:
        smallest = int(frame["smallest"].iloc[0])
        note = (f"After every guess some game has {smallest:,} secret{'s' if smallest != 1 else ''} "
                f"left (the smallest count is {smallest:,} in every row).")
        frame = frame.drop(columns="smallest")
    return readable(frame, formats={"average": 2}, note=note)


def review_table(game: str, moves, time_limit: "float | None" = None) -> pd.DataFrame:
    """A game's moves against the best possible play, one row per move, the total loss last. One
    value per cell: how many best moves there were and the lowest of them, not a list; what each
    strategy would have played is `strategy_moves_table`. `possible before`: the secrets still
    possible when the move is played (after it, the next row's count)."""
    reviewed = review_game(game, moves, time_limit)
    fmt = reviewed.game.format_codeword
    rows = []
    for row, move_review in zip(reviewed.rows(), reviewed.reviews):
        at_most = "" if row["exact"] else "at most "
        best = move_review.best_moves
        # Counts written out here (1,296), as the total row below leaves these cells empty.
        rows.append({"move": row["move"], "possible before": f"{row['possible']:,}", "value": f"{row['value']:,}",
                     "best value": f"{row['best_value']:,}", "loss": f"{at_most}{row['loss']:.{DIGITS}f}",
                     "best moves": f"{len(best):,}" + ("" if move_review.best_moves_complete else " or more"),
                     "lowest best move": fmt(best[0]) if best else fmt(move_review.best_known()),
                     "could be the secret": "yes" if row["could_be_secret"] else "no"})
    low, high = reviewed.total_loss
    total = f"{high:.{DIGITS}f}" if reviewed.exact else f"{low:.{DIGITS}f} to {high:.{DIGITS}f}"
    rows.append({**{column: "" for column in rows[0]}, "move": "total", "loss": total})
    return pd.DataFrame(rows)


def strategy_moves_table(game: str, moves, time_limit: "float | None" = None) -> pd.DataFrame:
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


def hint_value_table(game: str, seed: int = 0) -> ReadableTable:
    """What following a hint is worth: a player who guesses a random possible secret (seeded),
    one who takes each strategy's hint, and one who takes the optimal hint, each over every secret:
    average turns, the gap to the optimum (average turns minus the optimal average) and the
    expected turns lost per game against the best possible play (the coach's move losses added up).
    For a player who plays the same guess wherever the position is the same (a strategy, the optimal
    hint) the gap and the turns lost are equal; for the random player the gap is one random playing
    of every game, the turns lost an estimate of the same expected gap with less noise
    (`random_player_table`)."""
    players = [random_possible_secret(seed), *[strategy_player(s) for s in Strategy], optimal_player()]
    frame = pd.DataFrame([player_loss(game, player) for player in players])
    return readable(pd.DataFrame({
        "player": frame["player"],
        "average turns": frame["average_turns"],
        "gap to the optimum": frame["average_turns"] - frame["optimal_average_turns"],
        "turns lost per game": frame["loss_per_game"],
    }), formats={"average turns": DIGITS, "gap to the optimum": DIGITS, "turns lost per game": DIGITS})


def random_player_table(game: str, seeds=range(20)) -> ReadableTable:
    """The random player (`random_possible_secret`) over every secret, once per seed: the mean,
    lowest and highest over the seeds of its average turns, its gap to the optimum and its turns
    lost per game. Both the gap and the turns lost estimate the same expected gap; the gap is the
    noisier one, as each seed plays every game once at random, while the turns lost value each move
    over every secret still possible."""
    seeds = list(seeds)
    frame = pd.DataFrame([player_loss(game, random_possible_secret(seed)) for seed in seeds])
    frame["gap"] = frame["average_turns"] - frame["optimal_average_turns"]
    rows = [{"over the seeds": title, f"mean of {len(seeds)}": frame[column].mean(),
             "lowest": frame[column].min(), "highest": frame[column].max()}
            for title, column in (("average turns", "average_turns"), ("gap to the optimum", "gap"),
                                  ("turns lost per game", "loss_per_game"))]
    first, last = seeds[0], seeds[-1]
    named = f"seeds {first} to {last}" if seeds == list(range(first, last + 1)) else \
        "seeds " + ", ".join(str(s) for s in seeds)
    return readable(pd.DataFrame(rows).rename(columns={"over the seeds": f"{game}, {named}"}),
                    formats={f"mean of {len(seeds)}": DIGITS, "lowest": DIGITS, "highest": DIGITS})
