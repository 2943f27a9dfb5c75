"""The coach: every move's value against a brute force, the values chaining to the optimum, the
openings table, bounds past the time limit, reviews of whole games and the strategies' losses.

Cost: about 30 s of CPU, most of it the brute force over the games of at most 64 codewords.
"""

import io
import json
import sys
from fractions import Fraction
from functools import lru_cache

import numpy as np
import pytest

from mmlib.cli import main
from mmlib.core import coach
from mmlib.core.coach import (NO_LIMIT, Bounds, Position, optimal_move, review_move, searched_opening_totals,
                              shared_search)
from mmlib.core.games import Game
from mmlib.core.openings import first_guess_patterns
from mmlib.core.optimal import INFEASIBLE, OptimalSearch
from mmlib.core.play import GameSession, play_against
from mmlib.core.review import review, review_game
from mmlib.core.solve import solve
from mmlib.core.strategies import Strategy
from mmlib.studies.optimal_openings import load_openings, update_openings_table
from mmlib.studies.optimal_table import load_optimal
from mmlib.studies.per_game import rounded
from mmlib.studies.strategy_loss import player_loss, strategy_loss, strategy_player

from naive import BruteForceOptimum, small_games

SMALL = small_games(64)
KNUTHS_GAME = ["1122=1,0", "1344=0,1", "3526=1,2", "1462=1,1", "3632=4,0"]


def optimum(game) -> int:
    """The game's optimal total from data/optimal.csv (objective total, no limit)."""
    table = load_optimal(rules=None)
    row = table[(table["game"] == str(game)) & (table["objective"] == "total") & table["max_turns_limit"].isna()]
    return int(row["total_turns"].iloc[0])


@lru_cache(maxsize=None)
def brute_force(game: Game) -> BruteForceOptimum:
    """One brute force per game, shared by the tests (its memo is most of its cost)."""
    return BruteForceOptimum(game)


def cold(monkeypatch, game) -> None:
    """The coach's searches of `game` start from an empty cache (so a search runs long enough to
    be stopped by a time limit)."""
    fresh = OptimalSearch(game)
    monkeypatch.setattr(coach, "shared_search", lambda _game: fresh)


def positions(game: Game, search: OptimalSearch, rng):
    """(played, secrets) of the start, of every score of a few first guesses (each opening class
    and random codewords), and of every score of a random second guess after one of them."""
    everything = np.arange(game.size, dtype=np.int64)
    yield (), everything
    firsts = [game.parse_codeword(p) for p in first_guess_patterns(game)]
    firsts += [int(g) for g in rng.choice(game.size, size=min(3, game.size), replace=False)]
    for first in firsts:
        for _ordinal, part in search.split(first, everything):
            yield (first,), part
    first = firsts[-1]
    for _ordinal, part in search.split(first, everything):
        second = int(rng.integers(game.size))
        for _o, rest in search.split(second, part):
            yield (first, second), rest


@pytest.mark.parametrize("game", SMALL, ids=str)
def test_every_move_value_matches_a_brute_force(game):
    """Every codeword's value, the best value and the full list of best moves, at the start (from
    the search and from the openings table) and at positions one and two moves in."""
    brute = brute_force(game)
    search = shared_search(game)
    rng = np.random.default_rng(game.size)
    for played, secrets in positions(game, search, rng):
        mask = brute.mask_of(secrets)
        least, best = brute.best_moves(mask)
        tables = (False, True) if not played else (False,)
        for openings_table in tables:
            position = Position(game, secrets, played, None, openings_table=openings_table)
            values = [position.value(g) for g in range(game.size)]
            expected = [int(brute.value(mask, g)) for g in range(game.size)]
            assert values == [Bounds(v, v) for v in expected], (played, secrets)
            found, moves, complete = position.best()
            assert found == Bounds(least, least) and list(moves) == best and complete
        if not played:
            assert least == optimum(game)  # the best first guess's value is the game's optimum


def test_the_openings_table_agrees_with_the_optimum_and_the_brute_force():
    openings = load_openings()
    optimal = load_optimal(rules=None)
    optimal = optimal[(optimal["objective"] == "total") & optimal["max_turns_limit"].isna()]
    optimal = dict(zip(optimal["game"], optimal["total_turns"]))
    assert {"4p6c", "3p9c", "5p4c"} <= set(openings["game"])
    for name, rows in openings.groupby("game"):
        game = Game.parse(name)
        assert list(rows["opening"]) == first_guess_patterns(game)
        assert rows["codewords"].sum() == game.size
        assert rows["total_turns"].min() == optimal[name]
        assert (rows["extra_turns"] == rows["total_turns"] - optimal[name]).all()
        assert list(rows["best"]) == list(rows["extra_turns"] == 0)
        assert np.allclose(rows["loss"], rows["extra_turns"] / game.size, atol=1e-6)
        # The brute force of the black-pegs games slows down fast: 2p8c-black takes minutes.
        if game.size <= (36 if game.black_only else 64):
            brute = brute_force(game)
            everything = (1 << game.size) - 1
            assert list(rows["total_turns"]) == [brute.value(everything, game.parse_codeword(p))
                                                 for p in rows["opening"]]
    fresh = searched_opening_totals("4p6c")
    rows = openings[openings["game"] == "4p6c"]
    assert {p: t for p, (t, _s) in fresh.items()} == dict(zip(rows["opening"], rows["total_turns"]))


def test_the_openings_table_is_written_under_its_lock_and_keeps_other_games(tmp_path, monkeypatch):
    path = tmp_path / "openings.csv"
    assert update_openings_table(["3p3c"], progress=False, path=path) == []
    assert update_openings_table(["2p4c", "3p3c"], progress=False, path=path) == []
    frame = load_openings(path)
    assert list(frame["game"].unique()) == ["2p4c", "3p3c"] and len(frame) == 2 + 3
    # A game whose openings run past the time limit is left out, and the table keeps the others.
    cold(monkeypatch, "4p6c")
    assert update_openings_table(["4p6c"], time_limit=1e-6, progress=False, path=path) == ["4p6c"]
    assert list(load_openings(path)["game"].unique()) == ["2p4c", "3p3c"]
    with pytest.raises(ValueError, match="ran past"):
        searched_opening_totals("4p6c", time_limit=1e-6)


def test_past_the_time_limit_the_bounds_hold_and_say_so(monkeypatch):
    """A cold search stopped at its first check: the move's value, the best value, the loss and
    each strategy's value lie within the bounds given, and the review says they are bounds."""
    game = Game.parse("4p6c")
    everything = np.arange(game.size)
    exact_values = {p: t for p, (t, _s) in searched_opening_totals(game).items()}
    cold(monkeypatch, game)
    monkeypatch.setattr(coach, "opening_totals", lambda game: None)
    guess = game.parse_codeword("1122")
    reviewed = review_move(game, everything, (), guess, time_limit=1e-6)
    assert reviewed.stopped and not reviewed.exact
    assert reviewed.value.low <= exact_values["1122"] <= reviewed.value.high
    assert reviewed.best.low <= min(exact_values.values()) <= reviewed.best.high
    low, high = reviewed.loss
    assert low <= (exact_values["1122"] - min(exact_values.values())) / game.size <= high
    for move in reviewed.strategies:
        pattern = game.format_codeword(move.guess)
        assert move.value.low <= exact_values[pattern] <= move.value.high
    assert reviewed.best_moves == () and "bound" in reviewed.coach_line()
    assert "at most" in reviewed.coach_line()


def test_bounds_hold_one_move_in(monkeypatch):
    game = Game.parse("4p6c")
    session = GameSession(game)
    session.play("1111", "0,0")  # 625 secrets left
    secrets, played = session.possible, (game.parse_codeword("1111"),)
    exact = Position(game, secrets, played, None)
    guess = game.parse_codeword("2233")
    exact_value, exact_best = exact.value(guess).low, exact.best_value().low
    cold(monkeypatch, game)
    stopped = review_move(game, secrets, played, guess, time_limit=1e-6)
    assert stopped.stopped and not stopped.best.exact
    assert stopped.value.low <= exact_value <= stopped.value.high
    assert stopped.best.low <= exact_best <= stopped.best.high


@pytest.mark.parametrize("game", [Game(3, 3), Game(2, 5), Game(4, 2), Game(3, 4)], ids=str)
def test_a_game_of_best_moves_loses_nothing_at_any_move(game):
    for secret in range(game.size):
        played = play_against(game, "optimal", secret)
        reviewed = review_game(game, played.moves, time_limit=None)
        for move, r in zip(played.moves, reviewed.reviews):
            assert r.exact and r.loss == (0.0, 0.0) and r.value == r.best
            assert move.guess in r.best_moves


@pytest.mark.parametrize("game", [*SMALL, Game(4, 6)], ids=str)
def test_the_optimal_player_over_every_secret_totals_the_optimum(game):
    total = sum(len(play_against(game, "optimal", secret).moves) for secret in range(game.size))
    assert total == optimum(game)


def test_knuths_game_reviewed():
    frame = review("4p6c", KNUTHS_GAME)
    assert list(frame["move"]) == KNUTHS_GAME
    assert frame["best_value"].iloc[0] == optimum("4p6c")  # the values chain to data/optimal.csv
    assert list(frame["possible"]) == [1296, 256, 44, 7, 1]
    assert np.allclose(frame["loss"], (frame["value"] - frame["best_value"]) / frame["possible"], atol=1e-6)
    # Knuth's column is the game played, so its loss is the move's.
    assert [f"{g}=" for g in frame["knuth"]] == [m[:5] for m in KNUTHS_GAME]
    assert np.allclose(frame["knuth_loss"], frame["loss"])
    assert list(frame["could_be_secret"]) == [True, True, True, False, True]  # 1462 was not possible
    assert frame.attrs["total_loss"] == pytest.approx(frame["loss"].sum())
    assert frame["exact"].all() and (frame["note"] == "").all()


def test_each_strategy_column_is_what_the_strategy_plays():
    """Reviewing a game a strategy played: its column is every move it made, at no loss to itself."""
    for strategy in Strategy:
        played = play_against("4p6c", strategy, "2525")
        frame = review("4p6c", played.move_texts())
        assert list(frame[strategy.label]) == [m.split("=")[0] for m in played.move_texts()]
        assert np.allclose(frame[f"{strategy.label}_loss"], frame["loss"])


@pytest.mark.parametrize("game", ["4p6c", "3p4c-norepeat", "2p6c-black"])
def test_one_or_two_secrets_are_valued_as_the_search_values_them(game):
    """Position._exact answers sets of one or two secrets without a search (1 and 3 turns): the
    search's own answer for every such set of a small game, with and without a bound."""
    game = Game.parse(game)
    position = Position(game, np.arange(game.size))
    search = shared_search(game)
    rng = np.random.default_rng(7)
    for n in (1, 2):
        for _ in range(40):
            secrets = np.sort(rng.choice(game.size, n, replace=False))
            searched = int(search.value(secrets, None, NO_LIMIT, INFEASIBLE))
            assert position._exact(secrets, ()) == searched == 2 * n - 1
            bounded = int(search.value(secrets, None, NO_LIMIT, 2))  # F if below 2, else at least 2
            assert bounded == searched if searched < 2 else bounded >= 2


def test_the_value_of_a_move_adds_up_its_parts():
    """value = possible + the best values of the positions each score leads to."""
    game = Game.parse("4p6c")
    session = GameSession(game)
    session.play("1122", "1,0")
    position = Position(game, session.possible, (game.parse_codeword("1122"),), None)
    guess = game.parse_codeword("1344")
    total = position.n
    for ordinal, part in shared_search(game).split(guess, position.secrets):
        if ordinal != game.win_ordinal:
            total += Position(game, part, (*position.played, guess), None).best_value().low
    assert position.value(guess).low == total


@pytest.mark.parametrize("game", [Game(3, 3), Game(4, 2), Game(3, 4), Game(4, 6)], ids=str)
def test_a_strategys_losses_add_up_to_its_gap_to_the_optimum(game):
    strategies = [Strategy.KNUTH] if game.size > 64 else list(Strategy)
    for strategy in strategies:
        loss = strategy_loss(game, strategy)
        total = solve(game, strategy).total_turns
        assert loss.total_turns == total and loss.optimal_total == optimum(game)
        assert loss.positions["turns_lost"].sum() == total - optimum(game) == loss.turns_lost
        assert (loss.positions["turns_lost"] >= 0).all()
        assert loss.by_turn()["moves"].sum() == total
        if game.size <= 64:
            assert player_loss(game, strategy_player(strategy))["loss_per_game"] == pytest.approx(loss.loss_per_game)



def test_a_player_marked_deterministic_is_asked_once_per_position_and_loses_the_same():
    """player_loss asks a `deterministic` player once per position (its strategy tree's nodes)
    and any other player at every move of every game; both walks give the same figures, and a
    strategy's figures agree with its tree's (strategy_loss)."""
    game = Game.parse("3p4c")
    entropy = strategy_player(Strategy.ENTROPY)
    calls = []

    def player(game, secrets, played):
        calls.append(len(secrets))
        return entropy(game, secrets, played)

    player.label = "counted"
    every_move = player_loss(game, player)
    asked_every_move = len(calls)
    calls.clear()
    player.deterministic = True
    once = player_loss(game, player)
    tree = strategy_loss(game, Strategy.ENTROPY)
    assert once == every_move
    assert asked_every_move == round(every_move["average_turns"] * game.size) == tree.total_turns
    assert len(calls) == len(tree.positions) < asked_every_move
    assert once["loss_per_game"] == pytest.approx(tree.loss_per_game)

def test_optimal_move_and_time_limits():
    game = Game.parse("4p6c")
    guess, total = optimal_move(game, np.arange(game.size), ())
    assert total == optimum(game) and game.format_codeword(guess) in set(
        load_openings().query("game == '4p6c' and best")["opening"])
    with pytest.raises(ValueError, match="positive number of seconds"):
        Position(game, np.arange(game.size), (), time_limit=0)
    with pytest.raises(ValueError, match="no secret is possible"):
        Position(game, [], ())


# -- the command line -----------------------------------------------------------------------


def test_review_command_prints_every_move_and_the_total_loss(capsys):
    assert main(["review", "4p6c", *KNUTHS_GAME]) == 0
    out = capsys.readouterr().out
    frame = review("4p6c", KNUTHS_GAME)
    for move, best in zip(KNUTHS_GAME, frame["best_value"]):
        assert any(move in line and f"{best:,}" in line for line in out.splitlines())
    assert f"total loss: {frame.attrs['total_loss']:.3f} expected turns" in out
    assert main(["review", "4p6c", *KNUTHS_GAME, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [m["move"] for m in data["moves"]] == KNUTHS_GAME and data["exact"] is True
    assert data["total_loss"] == pytest.approx(frame.attrs["total_loss"], abs=1e-6)


@pytest.mark.parametrize("args, message", [
    (["review", "4p6c"], "a review needs at least one move"),
    (["review", "4p6c", "1122=5,0"], "5 black but only 4 pins"),
    (["review", "4p6c", "1122=1,1", "3456=0,0"], "no secret is consistent with 1122=1,1 and 3456=0,0"),
    (["review", "4p6c", "3632=4,0", "1122=1,0"], "the game is won"),
    (["review", "4p6c", "1122"], "must be GUESS=B,W"),
    (["review", "9p9c", "1122=1,0"], "9p9c"),
    (["review", "4p6c", "1122=1,0", "--time-limit", "0"], "not a positive number of seconds"),
    (["review", "4p6c", "1122=1,0", "--time-limit", "1e9"], "not a positive number of seconds"),
    (["next", "4p6c", "--strategy", "best"], "choose one of knuth, expected-size, entropy, most-parts, optimal"),
    (["play", "4p6c", "--coach"], "--coach reviews your guesses: add --codemaker or --secret"),
    (["optimal-openings", "--time-limit", "-1"], "not a positive number of seconds"),
])
def test_bad_input_is_one_line_and_exit_2(args, message, capsys):
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and message in err and err.count("\n") == 1


def test_next_with_the_optimal_strategy_gives_a_proven_best_guess(capsys):
    game = Game.parse("4p6c")
    assert main(["next", "4p6c", "1122=1,0", "--strategy", "optimal"]) == 0
    out = capsys.readouterr().out
    session = GameSession(game)
    session.play("1122", "1,0")
    position = Position(game, session.possible, tuple(m.guess for m in session.moves), None)
    best, moves, _complete = position.best()
    guess = out.split("next guess (Optimal): ")[1].split()[0]
    assert game.parse_codeword(guess) in moves
    assert f"{best.low / 256:.4f} turns expected from here" in out and f"{best.low:,} in all" in out
    assert main(["next", "4p6c", "1122=1,0", "--strategy", "optimal", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["total_turns"] == best.low and data["expected_turns"] == pytest.approx(best.low / 256)
    assert data["next_guess"] == guess and data["strategy"] == "optimal"


def test_play_with_the_optimal_strategy_and_with_the_coach(monkeypatch, capsys):
    secret = "3632"
    expected = play_against("4p6c", "optimal", secret)
    scores = "".join(f"{m.score[0]},{m.score[1]}\n" for m in expected.moves)
    monkeypatch.setattr(sys, "stdin", io.StringIO(scores))
    assert main(["play", "4p6c", "--strategy", "optimal"]) == 0
    out = capsys.readouterr().out
    assert f"found in {len(expected.moves)} guesses" in out
    assert [line.split()[2] for line in out.splitlines() if line.startswith("guess ")] == \
        [m.split("=")[0] for m in expected.move_texts()]

    monkeypatch.setattr(sys, "stdin", io.StringIO("1234\n1122\n3632\n"))
    assert main(["play", "4p6c", "--secret", secret, "--coach"]) == 0
    lines = [line.strip() for line in capsys.readouterr().out.splitlines() if "coach:" in line]
    reviewed = review_game("4p6c", play_guesses("4p6c", secret, ["1234", "1122", "3632"]))
    assert lines == [r.coach_line() for r in reviewed.reviews]
    assert "loses" in lines[0] and "best: 1123" in lines[0]


def play_guesses(game, secret, guesses) -> list[str]:
    session = GameSession(game, secret=secret)
    for guess in guesses:
        session.guess(guess)
    return session.move_texts()


# -- what notebooks 7 and 8 show ---------------------------------------------------------------


def test_coach_figures_and_tables_for_the_notebooks():
    from mmlib.workbench.coach_tables import review_table, strategy_loss_table
    from mmlib.workbench.plots_optimal import openings_figure, strategy_loss_by_turn_figure

    fig = openings_figure(load_openings(), "4p6c")
    ax = fig.axes[0]
    assert "4p6c" in ax.get_title() and ax.get_xlabel() and "turns" in ax.get_ylabel()
    assert [t.get_text().split()[0] for t in ax.get_xticklabels()] == first_guess_patterns("4p6c")
    assert ax.get_ylim()[0] == 0  # bars from zero: 1111 is not drawn four times as tall as 1123
    assert min(t.get_fontsize() for t in ax.texts) >= 9
    empty = openings_figure(load_openings(), "8p8c")
    assert any("no rows" in t.get_text() for t in empty.axes[0].texts)

    losses = [strategy_loss("3p3c", s) for s in Strategy]
    ax = strategy_loss_by_turn_figure(losses).axes[0]
    assert "3p3c" in ax.get_title() and ax.get_xlabel() == "turn" and "per game" in ax.get_ylabel()
    assert len(ax.get_legend().get_texts()) == 4

    table = strategy_loss_table("3p3c")
    assert list(table["turns lost"]) == [loss.turns_lost for loss in losses]
    shown = review_table("4p6c", KNUTHS_GAME)
    assert list(shown["move"]) == [*KNUTHS_GAME, "total"]
    assert shown["loss (turns per game)"].iloc[-1] == f"{review('4p6c', KNUTHS_GAME).attrs['total_loss']:.3f}"
    # One value per cell (issue 40): how many best moves and the first, not a list of them.
    assert shown["best moves"].iloc[0] == "720" and shown["first best move"].iloc[0] == "1123"
    # Each header names its unit: totals of turns beside a loss in turns per game.
    assert {"value (total turns)", "best value (total turns)"} <= set(shown.columns)
    from mmlib.workbench.coach_tables import strategy_moves_table

    moves = strategy_moves_table("4p6c", KNUTHS_GAME)
    # For reading, nothing repeated in every row (review r4 of notebook 7): Most Parts loses nothing
    # at any position of Knuth's game, and the last move, with one secret left, is every strategy's.
    from mmlib.workbench.coach_tables import strategy_moves_summary

    summary = strategy_moves_summary("4p6c", KNUTHS_GAME)
    # Each row is a position (review r6 of notebook 7), named by Knuth's move before it, and the guess
    # Knuth played there in its own column, without a score (review r10 of notebook 7).
    assert summary.frame["position (after Knuth's move)"].tolist() == ["the start", *KNUTHS_GAME[:-2]]
    assert summary.frame["Knuth played there"].tolist() == [move.split("=")[0] for move in KNUTHS_GAME[:-1]]
    assert "Most Parts loss (turns per game)" not in summary.frame.columns and "Most Parts" in summary.frame.columns
    assert summary.note.startswith("Most Parts plays a best move at every position here")
    assert "The move `3632=4,0`, played with one secret left, is left out" in summary.note
    # Knuth played the game: its guesses are the move column, its losses the review's (review r5 of
    # notebook 7), so its two columns are left out and the note says why.
    assert "Knuth" not in summary.frame.columns and "Knuth loss (turns per game)" not in summary.frame.columns
    assert list(summary.frame.columns[2:4]) == ["Expected Size", "Expected Size loss (turns per game)"]
    assert ("Knuth played every move of this game: its losses would repeat the loss column of the game's review, "
            "so they are not shown.") in summary.note
    # The review's unit in every loss header (review r3 of notebook 7: one label for one quantity).
    assert list(moves.columns[:3]) == ["move", "Knuth", "Knuth loss (turns per game)"]
    assert (moves["Knuth"].iloc[0], moves["Knuth loss (turns per game)"].iloc[0]) == ("1122", "0.059")
    # The review's first row is read from data/optimal_openings.csv: its rows are shown beside it
    # (review r6 of notebook 7: where 1122's 5,702 total turns come from).
    from mmlib.workbench.coach_tables import opening_rows_table

    rows = opening_rows_table("4p6c", ["1122", "1123"]).frame
    assert rows["value (total turns)"].tolist() == [shown["value (total turns)"].iloc[0],
                                                    shown["best value (total turns)"].iloc[0]]
    # The review's name for it, not "total turns", which the strategies' tables give their own totals
    # (review r8 of notebook 7: 1122 with 5,702 and 5,801 under one header).
    assert "total turns" not in rows.columns
    assert rows["openings like it"].iloc[1] == shown["best moves"].iloc[0]
    assert rows["loss (turns per game)"].iloc[0] == shown["loss (turns per game)"].iloc[0]
    # "possible" names when: before the move (after it is the next row's count), as notebook 7 says.
    assert shown["possible before"].tolist()[:3] == ["1,296", "256", "44"]


def test_notebook_7_tables_of_secrets_left_and_of_what_a_hint_is_worth():
    from mmlib.workbench.coach_tables import (hint_value_table, random_player_table, secrets_left,
                                              secrets_left_table)

    after = secrets_left(play_against("3p3c", "knuth", secret) for secret in range(27))
    assert sorted(after) == list(range(1, max(after) + 1)) and len(after[1]) == 27
    table = secrets_left_table(after)
    assert list(table.frame.columns) == ["after guess", "games that made this guess", "largest (secrets left)",
                                         "average (secrets left)"]
    # Said once, not a column of 1s, with why the table and the figure leave it out.
    assert table.note == ("The smallest number of secrets left is 1 after every guess (some game that made the "
                          "guess has only its secret left), so neither the table nor the figure shows it.")

    shown = hint_value_table("3p3c")
    hints = shown.frame.set_index("player")
    assert hints.index[0] == "a random possible secret (seed 0)"
    assert hints.loc["the Knuth hint", "opening"] == "112"  # each strategy from its default opening
    # A player who plays the same guess wherever the position is the same loses exactly its gap.
    for player in ("the Knuth hint", "the Most Parts hint", "the optimal hint"):
        assert hints.loc[player, "gap to the optimum (turns per game)"] == hints.loc[player, "loss (turns per game)"]
    assert hints.loc["the optimal hint", "gap to the optimum (turns per game)"] == "0.000"

    seeds = random_player_table("3p3c", seeds=range(3))
    assert list(seeds.frame.columns) == ["3p3c, seeds 0 to 2", "mean of 3", "lowest", "highest"]
    assert seeds.frame.iloc[:, 0].tolist() == ["average turns", "gap to the optimum (turns per game)",
                                               "loss (turns per game)"]
    low, high = (float(v) for v in seeds.frame.loc[2, ["lowest", "highest"]])
    assert low <= float(seeds.frame.loc[2, "mean of 3"]) <= high
    # Each gap comes back from the total turns shown: (total - the optimal total) / secrets, rounded
    # once (review r4 of notebook 7: 4.448 - 4.340 is not the 0.107 of 139 / 1,296).
    optimal_total = int(hints.loc["the optimal hint", "total turns"].replace(",", ""))
    for player, row in hints.iterrows():
        total = Fraction(row["total turns"].replace(",", ""))
        assert row["gap to the optimum (turns per game)"] == f"{rounded((total - optimal_total) / 27):.3f}"
        assert row["average turns"] == f"{rounded(total / 27):.3f}"
    # With seeds, the hint table's random row is their mean, as the seeds table's first column.
    mean = hint_value_table("3p3c", seeds=range(3)).frame.set_index("player")
    row = mean.loc["a random possible secret (mean of 3 seeds)"]
    assert [row["average turns"], row["gap to the optimum (turns per game)"], row["loss (turns per game)"]] == \
        seeds.frame["mean of 3"].tolist()
    assert "mean of its 3 runs' totals" in hint_value_table("3p3c", seeds=range(3)).note


def test_notebook_7_names_each_strategys_opening_and_why_it_differs_from_the_published_one():
    """Every strategy opens with its default opening (the best-max row of data/first_guesses.csv);
    for Expected Size and Entropy on 4p6c that is not the first guess their own measure ranks best,
    which the published figures start from: the tables say so, with the figures."""
    from mmlib.core.openings import table_first_guess
    from mmlib.workbench.coach_tables import hint_value_table, strategy_openings, strategy_openings_table

    frame = strategy_openings("4p6c")
    for strategy in Strategy:
        rows = frame[frame["strategy"] == strategy.label]
        assert rows["opening"].iloc[-1] == table_first_guess(Game.parse("4p6c"), strategy)
    expected = frame[frame["strategy"] == "expected-size"].set_index("chosen as")
    assert expected.loc["own pick", "opening"] == "1123" and expected.loc["default opening", "opening"] == "1122"
    assert expected.loc["own pick", "measure"] < expected.loc["default opening", "measure"]  # 185.27 < 204.54
    assert expected.loc["default opening", "max turns"] < expected.loc["own pick", "max turns"]
    entropy = frame[frame["strategy"] == "entropy"].set_index("chosen as")
    assert entropy.loc["own pick", "opening"] == "1234" and entropy.loc["default opening", "opening"] == "1123"
    assert entropy.loc["own pick", "measure"] > entropy.loc["default opening", "measure"]  # more bits
    note = strategy_openings_table("4p6c").note
    assert "Default opening: the first guess that `solve` plays when none is given" in note
    # Names in code font in the note's HTML, as in the notebook's Markdown (review r4 of notebook 7).
    assert "<code>data/first_guesses.csv</code>" in strategy_openings_table("4p6c")._repr_html_()
    assert "Expected Size's default opening 1122 wins every game within 5 turns, its own pick 1123 needs 6" in note

    table = hint_value_table("4p6c", seed=0)
    openings = table.frame.set_index("player")["opening"]
    assert openings["the Expected Size hint"] == "1122" and openings["the Entropy hint"] == "1123"
    # Expected Size and Entropy from their own picks, as the table "Each strategy's opening" runs them,
    # not "the literature's" figures with no paper named (review r8 of notebook 7).
    assert ("so their rows differ from their runs from those picks in the table \"Each strategy's opening\" above: "
            "Expected Size 4.395 and Entropy 4.415 average turns.") in table.note
    assert "Knuth (4.476) and Most Parts (4.373) open with their own picks, so their rows are their runs there." in table.note
    assert "literature" not in table.note and "REFERENCE.md" not in table.note
    own = strategy_openings_table("4p6c").frame.set_index(["strategy", "chosen as"])["average turns"]
    assert (own["Expected Size", "own pick"], own["Entropy", "own pick"]) == ("4.395", "4.415")
    assert "Kooi 2005 compares" not in table.note and "published averages of their own variants" not in table.note
    assert "(Irving 1978)" not in table.note and "(Neuwirth 1982)" not in table.note
    shown = strategy_openings_table("4p6c").frame
    assert list(shown.columns[3:5]) == ["measure", "measured"]  # the measure's name beside its value, not in one cell
    # Headed "measured", not "value", which this page keeps for the coach's total turns (review r9 of notebook 7).
    assert "value" not in shown.columns
    assert shown["measured"].tolist()[:2] == ["256", "185.27"] and shown["measure"].iloc[3] == "entropy (bits)"


def test_solve_and_game_take_optimal_as_a_fifth_strategy(capsys):
    """`solve GAME --strategy optimal` is the exact search's result in solve's form; `game` plays
    its tree against one secret; options that only make sense for the four strategies are refused."""
    from mmlib.core.optimal import optimal

    assert main(["solve", "3p4c", "--strategy", "optimal", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    best = optimal("3p4c", workers=1)
    assert (shown["strategy"], shown["total_turns"], shown["max_turns"]) == ("optimal", best.total_turns,
                                                                             best.max_turns)
    assert main(["game", "3p4c", "432", "--strategy", "optimal"]) == 0
    path = capsys.readouterr().out.split()
    assert path[-1] == "432" and path[0] == best.first_guess_text
    for extra, message in ((["--first-guess", "123"], "--first-guess"), (["--backend", "reference"], "cpu"),
                           (["--case-equivalence", "off"], "--case-equivalence")):
        assert main(["solve", "3p4c", "--strategy", "optimal", *extra]) == 2
        err = capsys.readouterr().err
        assert message in err and len(err.strip().splitlines()) == 1
