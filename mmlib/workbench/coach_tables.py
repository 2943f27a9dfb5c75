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

import functools
from fractions import Fraction

import numpy as np
import pandas as pd

from ..core.games import Game
from ..core.openings import default_first_guess
from ..core.review import review_game
from ..core.solve import solve
from ..core.strategies import Strategy
from ..studies.per_game import rounded
from ..studies.strategy_loss import (optimal_player, player_loss, random_possible_secret, strategy_losses,
                                     strategy_player)
from .tables import ReadableTable, readable

DIGITS = 3
# The unit of every loss and gap the tables show: a move's loss, (value - best value) / secrets
# possible, is the turns it adds to the game on average over those secrets; a game's total loss adds
# them up, and a player's loss averages that over every secret. One label in every table.
LOSS_UNIT = "turns per game"
LOSS = f"loss ({LOSS_UNIT})"
GAP = f"gap to the optimum ({LOSS_UNIT})"


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
    still possible over them (`secrets_left`). The smallest is said once under the table, with why
    it is not drawn, when it is the same after every guess, else it is a column."""
    frame = pd.DataFrame([{"after guess": turn, "games that made this guess": len(lefts),
                           "largest (secrets left)": max(lefts), "average (secrets left)": sum(lefts) / len(lefts),
                           "smallest (secrets left)": min(lefts)}
                          for turn, lefts in after.items()])
    note = ""
    if frame["smallest (secrets left)"].nunique() == 1:
        smallest = int(frame["smallest (secrets left)"].iloc[0])
        note = (f"The smallest number of secrets left is {smallest:,} after every guess (some game that made the guess "
                f"has only {'its secret' if smallest == 1 else f'{smallest:,} secrets'} left), so neither the table "
                "nor the figure shows it.")
        frame = frame.drop(columns="smallest (secrets left)")
    return readable(frame, formats={"average (secrets left)": 2}, note=note)


def review_table(game: str, moves, time_limit: "float | None" = None) -> pd.DataFrame:
    """A game's moves against the best possible play, one row per move, the total loss last. One
    value per cell: how many best moves there were and the first of them in index order (1111, 1112,
    ...), not a list; what each strategy would have played is `strategy_moves_table`. `possible
    before`: the secrets still possible when the move is played (after it, the next row's count).
    Value and best value are total turns over those secrets; the loss is turns per game (`LOSS_UNIT`)."""
    reviewed = review_game(game, moves, time_limit)
    fmt = reviewed.game.format_codeword
    rows = []
    for row, move_review in zip(reviewed.rows(), reviewed.reviews):
        at_most = "" if row["exact"] else "at most "
        best = move_review.best_moves
        # Counts written out here (1,296), as the total row below leaves these cells empty.
        rows.append({"move": row["move"], "possible before": f"{row['possible']:,}",
                     "value (total turns)": f"{row['value']:,}", "best value (total turns)": f"{row['best_value']:,}",
                     LOSS: f"{at_most}{row['loss']:.{DIGITS}f}",
                     "best moves": f"{len(best):,}" + ("" if move_review.best_moves_complete else " or more"),
                     "first best move": fmt(best[0]) if best else fmt(move_review.best_known()),
                     "could be the secret": "yes" if row["could_be_secret"] else "no"})
    low, high = reviewed.total_loss
    total = f"{high:.{DIGITS}f}" if reviewed.exact else f"{low:.{DIGITS}f} to {high:.{DIGITS}f}"
    rows.append({**{column: "" for column in rows[0]}, "move": "total", LOSS: total})
    return pd.DataFrame(rows)


def opening_rows_table(game: str, openings) -> ReadableTable:
    """The rows of data/optimal_openings.csv for some openings of a game: its value, the least total turns
    over every secret with that first guess and every later guess best (the exact search; the
    review's name for it, so that no strategy's total turns shares its header), how many openings are like it (the same
    after renaming colors and reordering pins), and how much it loses against the best openings.
    A review's first row (`review_table`) reads its value, best value and best moves from them."""
    from ..studies.optimal_openings import load_openings

    frame = load_openings()
    frame = frame[frame["game"] == Game.parse(game).name]
    best = int(frame["total_turns"].min())
    rows = []
    for opening in openings:
        row = frame[frame["opening"] == opening].iloc[0]
        rows.append({"opening": opening, "openings like it": f"{int(row['codewords']):,}",
                     "value (total turns)": f"{int(row['total_turns']):,}",
                     "turns more than the best": f"{int(row['extra_turns']):,}",
                     LOSS: f"{row['loss']:.{DIGITS}f}"})
    note = (f"{Game.parse(game).name}, from `data/optimal_openings.csv` (the exact search with every later guess "
            f"best; notebook 8). Openings like it: the codewords that become this opening once colors are renamed and "
            f"pins reordered, all with the same value. The best openings' value is {best:,} turns; the loss is the turns more than the best "
            f"divided by the {Game.parse(game).size:,} secrets.")
    table = readable(pd.DataFrame(rows), note=note)
    table.numeric -= {"opening"}  # codewords, names rather than numbers
    return table


def strategy_moves_table(game: str, moves, time_limit: "float | None" = None) -> pd.DataFrame:
    """At the position of each of a game's moves, the guess each strategy would have played and the
    turns it would have lost there against the best move (the coach's loss, in the review's unit,
    `LOSS_UNIT`), a column each."""
    reviewed = review_game(game, moves, time_limit)
    rows = []
    for row in reviewed.rows():
        line = {"move": row["move"]}
        for s in Strategy:
            line[s.title] = row[s.label] or "refused"
            # The review's unit in every header, so that the two tables read as the same loss.
            line[f"{s.title} {LOSS}"] = ("" if row[f"{s.label}_loss"] is None
                                               else f"{row[s.label + '_loss']:.{DIGITS}f}")
        rows.append(line)
    return pd.DataFrame(rows)


def strategy_moves_summary(game: str, moves, time_limit: "float | None" = None) -> ReadableTable:
    """`strategy_moves_table` for reading, with nothing repeated in every row: a move played with one
    secret left (every strategy plays that secret and loses nothing) is left out; so are both columns
    of a strategy that played every move of the game (its guesses are the move column, its losses
    the review's: `review_table`), and the loss column of a strategy that plays a best move at every
    position left (0.000 in every row); the note says each in words."""
    frame = strategy_moves_table(game, moves, time_limit)
    reviewed = review_game(game, moves, time_limit)
    last = [row["move"] for row in reviewed.rows() if row["possible"] == 1]
    frame = frame[~frame["move"].isin(last)].reset_index(drop=True)
    guesses = frame["move"].str.split("=").str[0]
    players = [s for s in Strategy if len(frame) and (frame[s.title] == guesses).all()]
    frame = frame.drop(columns=[column for s in players for column in (s.title, f"{s.title} {LOSS}")])
    lossless = [s for s in Strategy if s not in players and len(frame)
                and (frame[f"{s.title} {LOSS}"] == f"{0:.{DIGITS}f}").all()]
    frame = frame.drop(columns=[f"{s.title} {LOSS}" for s in lossless])
    # Each row is the position where the move was played, not the move itself: the other columns are
    # other strategies' guesses there, which that score does not belong to (review r6 of notebook 7).
    # The position is named by the move before it (the start for the first), and the guess played
    # there, without its score, has its own column (review r10 of notebook 7).
    who = players[0].title if len(players) == 1 else "the game"
    position = f"position (after {who}'s move)" if len(players) == 1 else "position (after the move)"
    before = ["the start", *frame["move"].iloc[:-1]] if len(frame) else []
    frame.insert(0, position, before)
    frame = frame.rename(columns={"move": f"{who} played there"})
    frame[f"{who} played there"] = guesses
    notes = []
    if lossless:
        names = " and ".join(s.title for s in lossless)
        notes.append(f"{names} {'plays' if len(lossless) == 1 else 'play'} a best move at every position "
                     f"here, so {'its' if len(lossless) == 1 else 'their'} loss would be "
                     f"{0:.{DIGITS}f} in every row and is not shown.")
    if last:
        moved = " and ".join(f"`{move}`" for move in last)
        notes.append(f"{'The move' if len(last) == 1 else 'The moves'} {moved}, played with one secret left, "
                     f"{'is' if len(last) == 1 else 'are'} left out: there every strategy plays that secret "
                     "and loses nothing.")
    if players:
        names = " and ".join(s.title for s in players)
        its = "its" if len(players) == 1 else "their"
        notes.append(f"{names} played every move of this game: {its} losses would repeat the loss column of "
                     "the game's review, so they are not shown.")
    table = readable(frame, note=" ".join(notes))
    table.numeric -= {s.title for s in Strategy} | {f"{who} played there"}  # codewords: names, not numbers
    return table


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
    most = [solve(game, Strategy.parse(s), first_guess=opening).max_turns
            for s, opening in zip(frame["strategy"], frame["first_guess"])]
    shown = pd.DataFrame({
        "strategy": [Strategy.parse(s).title for s in frame["strategy"]], "opening": frame["first_guess"],
        "total turns": frame["total_turns"], "max turns": most, "turns lost": frame["turns_lost"],
        "turns lost per game": frame["loss_per_game"], "turns lost per move": frame["loss_per_move"],
        "where it loses most": [_where_lost(moves) for moves in frame["worst_position"]],
        "its guess there": frame["worst_guess"], "turns lost there": frame["worst_turns_lost"],
    })
    table = readable(shown, formats={"turns lost per game": DIGITS, "turns lost per move": DIGITS},
                    note=f"The optimum of {game}, found by the exact search: {optimum:,} turns. Each strategy from "
                         "its default opening (the first guess solve plays when none is given). Turns lost per move: "
                         "the turns lost divided by the moves played against every secret (the strategy's "
                         "total turns)." + _best_by_total_note(game, frame))
    # Names longer than "total turns" wrap between their words, so that the ten columns fit a page
    # about 900 px wide (review r12 of notebook 8: the units added to two names cut the last one off).
    table.header_nowrap_max = len("total turns")
    return table


def _best_by_total_note(game: str, frame: pd.DataFrame) -> str:
    """' Expected Size's best opening by total (data/results.csv) is 1123 instead: 5,696 turns, max
    6.' for each strategy whose best opening by total is not the default opening it is played from:
    the first guess of the fewest total turns among the strategy's rows of data/results.csv, the
    file the notebooks define it by (as `optimal_table.heuristic_gaps` picks it)."""
    from ..studies.data_tables import load_results

    name = Game.parse(game).name
    rows = load_results(rules=None).frame
    rows = rows[rows["game"] == name]
    notes = []
    for s, opening in zip(frame["strategy"], frame["first_guess"]):
        played = rows[rows["strategy"] == s]
        if played.empty:
            continue
        best = played.sort_values("total_turns").iloc[0]
        if str(best["first_guess"]) != str(opening):
            notes.append(f" {Strategy.parse(s).title}'s best opening by total (data/results.csv) is "
                         f"{best['first_guess']} instead: {int(best['total_turns']):,} turns, max "
                         f"{int(best['max_turns'])}.")
    return "".join(notes)


# Whom each strategy is credited to (notebook 4 cites them in full).
PUBLISHED_BY = {Strategy.KNUTH: "Knuth 1976", Strategy.EXPECTED_SIZE: "Irving 1978",
                Strategy.ENTROPY: "Neuwirth 1982", Strategy.MOST_PARTS: "Kooi 2005"}
MEASURES = {  # what each strategy reads from the split of a guess: its key, its name (with its unit), its value written
    Strategy.KNUTH: ("largest", "largest part (secrets)", lambda v: f"{int(v):,}"),
    Strategy.EXPECTED_SIZE: ("expected_size", "expected size (secrets)", lambda v: f"{v:.2f}"),
    Strategy.ENTROPY: ("entropy_bits", "entropy (bits)", lambda v: f"{v:.3f}"),
    Strategy.MOST_PARTS: ("parts", "parts", lambda v: f"{int(v):,}"),
}
# Names set in backticks, which a table's note shows in code font (`tables.note_html`).
DEFAULT_OPENING = ("the first guess that `solve` plays when none is given, the best-max opening of "
                   "`data/first_guesses.csv` (the fewest max turns, then the fewest total)")


def strategy_openings(game: str) -> pd.DataFrame:
    """Each strategy's own pick (the first guess its own measure ranks best, with the tie-break:
    `own_picks.first_guess_picks`) and its default opening (the one `solve` plays:
    `openings.default_first_guess`), one row per opening (one row where they are the same): the
    strategy (its label), the strategy's measure of that opening and the turns the strategy takes from it over every secret."""
    from ..studies.own_picks import first_guess_picks, subset_sizes
    from .plots import partition_summary

    game = Game.parse(game)
    own = first_guess_picks(game)
    rows = []
    for strategy in Strategy:
        default = game.format_codeword(default_first_guess(game, strategy))
        openings = [(own[strategy], "own pick, default opening")] if own[strategy] == default else \
            [(own[strategy], "own pick"), (default, "default opening")]
        key = MEASURES[strategy][0]
        for opening, chosen_as in openings:
            result = solve(game, strategy, first_guess=opening)
            rows.append({"strategy": strategy.label, "opening": opening, "chosen as": chosen_as,
                         "measure": partition_summary(subset_sizes(game, opening))[key],
                         "max turns": result.max_turns, "total turns": result.total_turns,
                         "average turns": result.total_turns / game.size})
    return pd.DataFrame(rows)


def strategy_openings_table(game: str) -> ReadableTable:
    """`strategy_openings` for reading: each strategy's own pick beside its default opening, the
    strategy's measure of each (its name and unit in one column, left aligned; the number it gives, headed
    "measured", in the next, right aligned) and the turns it takes from each over every secret;
    the note says why a default opening is not the own pick (a shorter worst game, or as long a
    worst game and fewer turns in all)."""
    game = Game.parse(game)
    frame = strategy_openings(game)
    why = []
    for strategy in Strategy:
        rows = frame[frame["strategy"] == strategy.label]
        if len(rows) < 2:
            continue
        own, default = rows.iloc[0], rows.iloc[1]
        if default["max turns"] < own["max turns"]:
            why.append(f"{strategy.title}'s default opening {default['opening']} wins every game within "
                       f"{default['max turns']} turns, its own pick {own['opening']} needs {own['max turns']}")
        else:
            why.append(f"{strategy.title}'s default opening {default['opening']} needs no more turns at worst "
                       f"({default['max turns']}) than its own pick {own['opening']} and fewer in all "
                       f"({default['total turns']:,} against {own['total turns']:,})")
    note = (f"{game.name}, each strategy against every secret from each opening (`solve`, run here). Own pick: the "
            "first guess the strategy's own measure ranks best (a tie goes to a possible secret, then to the "
            f"lowest codeword; notebook 4). Default opening: {DEFAULT_OPENING}.")
    if why:
        note += " " + "; ".join(why) + "."
    strategies = [Strategy.parse(s) for s in frame["strategy"]]
    shown = frame.assign(strategy=[s.title for s in strategies],
                         measure=[MEASURES[s][1] for s in strategies],
                         measured=[MEASURES[s][2](v) for s, v in zip(strategies, frame["measure"])])
    # "measured", not "value": on this page "value" is the coach's total turns (review r9 of notebook 7).
    shown = shown[["strategy", "opening", "chosen as", "measure", "measured", "max turns", "total turns",
                   "average turns"]]
    table = readable(shown, formats={"average turns": DIGITS}, note=note)
    table.numeric.discard("opening")  # a codeword is a name, not a number
    table.numeric.add("measured")  # numbers, each written to its measure's precision
    return table


@functools.lru_cache(maxsize=None)
def _random_player_loss(game: str, seed: int) -> dict:
    """`player_loss` of the random player of `seed` (the same for every call: the tables of notebook 7
    ask for the same seeds twice)."""
    return player_loss(game, random_possible_secret(seed))


def _published_note(game: Game, openings: dict) -> str:
    """Which strategies' rows differ from their runs from their own picks (the own-pick rows of
    `strategy_openings_table`, computed here with `solve`), and why: they open with their default
    opening instead. The note names no outside source: the figures it quotes are mmlib's own runs."""
    from ..studies.own_picks import first_guess_picks

    own = first_guess_picks(game)
    differ, same = [], []
    for strategy in Strategy:
        average = solve(game, strategy, first_guess=own[strategy]).total_turns / game.size
        if openings[strategy] == own[strategy]:
            same.append(f"{strategy.title} ({average:.{DIGITS}f})")
        else:
            differ.append((strategy, own[strategy], average))
    if not differ:
        return ""
    names = " and ".join(s.title for s, _, _ in differ)
    picks = " and ".join(pick for _, pick, _ in differ)
    runs = " and ".join(f"{s.title} {average:.{DIGITS}f}" for s, _, average in differ)
    text = (f" {names} do not open with their own picks ({picks}, the first guesses their measures rank best), "
            "so their rows differ from their runs from those picks in the table \"Each strategy's opening\" "
            f"above: {runs} average turns.")
    if same:
        text += f" {' and '.join(same)} open with their own picks, so their rows are their runs there."
    return text


def _turns_cells(total: Fraction, optimum: int, games: int) -> dict:
    """A player's total turns, average turns and gap to the optimum as shown: the average and the gap
    worked out from the totals and rounded once (`per_game`), so that (total - optimum) / games gives
    the gap's digits back. A whole total is written as one (5,801); a mean of several runs' totals
    to two decimals (6,020.55: a mean of 20 whole numbers to the last digit)."""
    total = Fraction(total)
    return {"total turns": f"{int(total):,}" if total.denominator == 1 else f"{float(total):,.2f}",
            "average turns": f"{rounded(total / games, DIGITS):.{DIGITS}f}",
            GAP: f"{rounded((total - optimum) / games, DIGITS):.{DIGITS}f}"}


def hint_value_table(game: str, seed: int = 0, seeds=None) -> ReadableTable:
    """What following a hint is worth: a player who guesses a random possible secret (seeded),
    one who takes each strategy's hint (from its default opening), and one who takes the optimal hint,
    each over every secret: the opening, total and average turns, the gap to the optimum ((total
    turns - the optimal total) / secrets, from the totals shown: `_turns_cells`) and the expected
    turns lost per game against the best possible play (the coach's move losses added up). For a
    player who plays the same guess wherever the position is the same (a strategy, the optimal hint)
    the gap and the turns lost are equal; for the random player the gap is one random playing of
    every game, the turns lost an estimate of the same expected gap with less noise
    (`random_player_table`). With `seeds`, the random player's row is the mean over those seeds (as
    `random_player_table`'s first column), its total turns the mean of their totals, else the run of
    `seed`. The note names the openings and which strategies' rows differ from their runs from their own picks."""
    game = Game.parse(game)
    if seeds is None:
        random_row = {**_random_player_loss(game.name, seed), "player": f"a random possible secret (seed {seed})"}
        random_total = Fraction(random_row["total_turns"])
    else:
        seeds = list(seeds)
        runs = pd.DataFrame([_random_player_loss(game.name, s) for s in seeds])
        random_total = Fraction(int(runs["total_turns"].sum()), len(seeds))
        random_row = {**runs.iloc[0].to_dict(), "loss_per_game": runs["loss_per_game"].mean(),
                      "player": f"a random possible secret (mean of {len(seeds)} seeds)"}
    players = [*[strategy_player(s) for s in Strategy], optimal_player()]
    played = [player_loss(game, player) for player in players]
    optimum = int(played[-1]["optimal_total_turns"])
    totals = [random_total, *(Fraction(int(row["total_turns"])) for row in played)]
    everything = np.arange(game.size, dtype=np.int64)
    openings = {s: game.format_codeword(default_first_guess(game, s)) for s in Strategy}
    optimal_opening = game.format_codeword(players[-1](game, everything, ()))
    note = (f"{game.name}, every secret. Each strategy's hint from its default opening (the first guess that "
            f"`solve` plays when none is given); the optimal hint opens with {optimal_opening}, the first of the "
            "best openings; the random player with a random codeword.")
    if seeds is not None:
        note += (f" The random player's total turns is the mean of its {len(seeds)} runs' totals (whole numbers), "
                 "hence its two decimals.")
    shown = pd.DataFrame([{"player": row["player"], "opening": opening,
                           **_turns_cells(total, optimum, game.size), LOSS: row["loss_per_game"]}
                          for row, opening, total in zip([random_row, *played],
                                                         ["random", *openings.values(), optimal_opening], totals)])
    table = readable(shown, formats={LOSS: DIGITS}, note=note + _published_note(game, openings))
    table.numeric.discard("opening")  # a codeword is a name, not a number
    return table


def random_player_table(game: str, seeds=range(20)) -> ReadableTable:
    """The random player (`random_possible_secret`) over every secret, once per seed: the mean,
    lowest and highest over the seeds of its average turns, its gap to the optimum and its turns
    lost per game. Both the gap and the turns lost estimate the same expected gap; the gap is the
    noisier one, as each seed plays every game once at random, while the turns lost value each move
    over every secret still possible."""
    seeds = list(seeds)
    size = Game.parse(game).size
    frame = pd.DataFrame([_random_player_loss(Game.parse(game).name, seed) for seed in seeds])
    # Averages and gaps from the whole totals, rounded once, as the hint table's (`_turns_cells`).
    totals = [Fraction(int(t)) for t in frame["total_turns"]]
    optimum = int(frame["optimal_total_turns"].iloc[0])
    cells = [_turns_cells(total, optimum, size)
             for total in (Fraction(int(sum(totals)), len(seeds)), min(totals), max(totals))]
    rows = [{"over the seeds": title, **dict(zip((f"mean of {len(seeds)}", "lowest", "highest"),
                                                 (c[title] for c in cells)))}
            for title in ("average turns", GAP)]
    rows.append({"over the seeds": LOSS, **{column: f"{value:.{DIGITS}f}" for column, value in (
        (f"mean of {len(seeds)}", frame["loss_per_game"].mean()), ("lowest", frame["loss_per_game"].min()),
        ("highest", frame["loss_per_game"].max()))}})
    first, last = seeds[0], seeds[-1]
    named = f"seeds {first} to {last}" if seeds == list(range(first, last + 1)) else \
        "seeds " + ", ".join(str(s) for s in seeds)
    return readable(pd.DataFrame(rows).rename(columns={"over the seeds": f"{game}, {named}"}))
