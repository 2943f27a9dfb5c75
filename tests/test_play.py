"""The assistant (`next`), the terminal game (`play`) and the Play widget, all on mmlib.core.play.

Cost: about 13 s of CPU; the all-secrets game runs in-process (about 3 s), and
three real subprocess pipes cost about 2 s each (more wall time on a busy machine).
"""

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from mmlib.cli import main
from mmlib.core.games import Game
from mmlib.core.play import GameSession, check_score, parse_move, parse_score
from mmlib.core.scoring import reference_score
from mmlib.core.solve import solve

ROOT = Path(__file__).resolve().parent.parent
GAME = Game(4, 6)


def run_cli(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "mmlib", *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, timeout=120)


def run_in_process(args, stdin, monkeypatch, capsys):
    """main(args) with `stdin` piped in; (exit status, stdout, stderr)."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(args)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def true_score(secret: str, guess: str) -> str:
    return "{},{}".format(*reference_score(secret, guess))


def scores_for(secret: str, strategy="knuth") -> tuple[list[str], list[str]]:
    """The computer's guesses against `secret` and the true score lines a person would type."""
    session = GameSession(GAME, strategy)
    guesses, lines = [], []
    while not session.won:
        guess = GAME.format_codeword(session.next_guess())
        guesses.append(guess)
        lines.append(true_score(secret, guess))
        session.play(guess, lines[-1])
    return guesses, lines


@pytest.fixture(scope="module")
def knuth_1122():
    return solve(GAME, "knuth", "reference", first_guess="1122")


# -- scores ---------------------------------------------------------------------------


@pytest.mark.parametrize("text, score", [("1,0", (1, 0)), ("1 0", (1, 0)), (" 0 , 4 ", (0, 4)),
                                         ("4,0", (4, 0)), ("2 2", (2, 2))])
def test_scores_read_as_black_white(text, score):
    assert parse_score(text, 4) == score


@pytest.mark.parametrize("text, reason", [
    ("5,0", "5 black but only 4 pins"),
    ("3,2", "3 black + 2 white is more than 4 pins"),
    ("0,5", "0 black + 5 white is more than 4 pins"),
    ("3,1", "cannot be a right color in the wrong place"),
    ("1-0", "not a score"), ("10", "not a score"), ("1,0,0", "not a score"), ("", "not a score"),
    ("a,b", "not a score"),
])
def test_impossible_scores_are_refused_with_the_reason(text, reason):
    with pytest.raises(ValueError, match=re.escape(reason)):
        parse_score(text, 4)


def test_every_refused_score_is_one_no_secret_can_get():
    """check_score accepts exactly the scores that some guess and secret produce (3p3c, by brute force)."""
    game = Game(3, 3)
    codes = [game.format_codeword(i) for i in range(game.size)]
    real = {reference_score(s, g) for s in codes for g in codes}
    for black in range(5):
        for white in range(5):
            try:
                check_score(black, white, 3)
                accepted = True
            except ValueError:
                accepted = False
            assert accepted == ((black, white) in real), (black, white)


def test_moves_parse_and_refuse():
    assert parse_move("1122=1,0", GAME).guess == GAME.parse_codeword("1122")
    with pytest.raises(ValueError, match="GUESS=B,W"):
        parse_move("1122", GAME)
    with pytest.raises(ValueError, match="colors must be 1..6"):
        parse_move("1127=1,0", GAME)


# -- the session --------------------------------------------------------------------


def test_knuth_wins_every_4p6c_game_in_at_most_5_guesses_from_the_scores_given(knuth_1122):
    """All 1296 secrets: true scores in, the same guesses as the all-games solver out."""
    assert GameSession(GAME, "knuth").first_guess == GAME.parse_codeword("1122")
    codes = [GAME.format_codeword(i) for i in range(GAME.size)]
    turns = []
    for secret in codes:
        session = GameSession(GAME, "knuth")
        played = []
        while not session.won:
            guess = GAME.format_codeword(session.next_guess())
            played.append(guess)
            session.play(guess, reference_score(secret, guess))
            assert session.conflict is None
            assert secret in session.possible_codewords(None) or len(played) > 5
            assert len(played) <= 5, (secret, played)
        assert played == knuth_1122.game_path(secret), secret
        assert session.possible_codewords() == [secret]
        turns.append(len(played))
    assert sum(turns) == 5801 and max(turns) == 5


def test_the_text_game_wins_every_4p6c_game_from_true_score_lines(knuth_1122):
    """All 1296 secrets through the `play` loop itself, score lines in, transcript out (in-process)."""
    from mmlib.cli.play_commands import Console, play_codebreaker

    for secret in range(GAME.size):
        secret_text = GAME.format_codeword(secret)
        expected = knuth_1122.game_path(secret)
        lines = iter(f"{true_score(secret_text, guess)}\n" for guess in expected)
        out = io.StringIO()
        assert play_codebreaker(GameSession(GAME, "knuth"), Console(lines, out, echo=True)), secret_text
        transcript = out.getvalue().splitlines()
        assert [line.split()[2] for line in transcript if line.startswith("guess ")] == expected
        assert len(expected) <= 5
        assert transcript[-1].startswith(f"I win: your secret is {secret_text}, found in {len(expected)} guess")


def test_possible_secrets_are_those_that_fit_every_move():
    session = GameSession(GAME, "knuth")
    moves = [("1122", (1, 0)), ("1344", (0, 1)), ("3526", (1, 1))]
    for guess, score in moves:
        session.play(guess, score)
    expected = [s for s in (GAME.format_codeword(i) for i in range(GAME.size))
                if all(reference_score(s, g) == sc for g, sc in moves)]
    assert session.possible_codewords(None) == expected
    assert session.remaining == len(expected)
    assert session.remaining_after_each_move()[-1] == len(expected)
    assert session.possible_codewords(3) == expected[:3]


def test_inconsistent_pair_is_named_and_undo_recovers():
    session = GameSession(GAME, "knuth")
    session.play("1122", "1,1")
    before = session.possible.copy()
    session.play("3456", "0,0")
    assert session.conflict == "no secret is consistent with 1122=1,1 and 3456=0,0 together"
    assert session.remaining == 0 and not session.won
    with pytest.raises(ValueError, match="undo first"):
        session.play("1234", "0,0")
    with pytest.raises(ValueError, match="1122=1,1 and 3456=0,0"):
        session.next_guess()
    assert session.undo().score == (0, 0)
    assert session.conflict is None
    assert np.array_equal(session.possible, before)
    assert session.next_guess() is not None


def test_a_score_no_secret_gives_one_guess_is_named_alone():
    session = GameSession(GAME, "knuth")
    session.play("1122", "1,0")
    session.play("1111", "0,1")  # any 1 in the secret would be black against 1111
    assert session.conflict == "no secret of 4p6c gives 1111 the score 0,1"


def test_a_conflict_of_three_moves_names_just_those_three():
    """No two of 3351=1,0, 1316=1,1, 3616=1,1 conflict, all three do; an unrelated move is left out."""
    session = GameSession(GAME, "knuth")
    moves = [("3351", "1,0"), ("1316", "1,1"), ("3616", "1,1")]
    for i, (g1, s1) in enumerate(moves):
        for g2, s2 in moves[i + 1:]:
            pair = GameSession(GAME)
            pair.play(g1, s1)
            pair.play(g2, s2)
            assert pair.conflict is None
    # A first move that some secret consistent with the first two also satisfies.
    session.play("3351", "1,0")
    session.play("1316", "1,1")
    witness = session.possible_codewords(1)[0]
    session.undo()
    session.undo()
    session.play("2222", true_score(witness, "2222"))
    for guess, score in moves:
        session.play(guess, score)
    assert session.conflict == "no secret is consistent with 3351=1,0, 1316=1,1 and 3616=1,1 together"


def test_winning_ends_the_game_and_undo_reopens_it():
    session = GameSession(GAME, "knuth")
    session.play("1122", "4,0")
    assert session.won and session.next_guess() is None and session.remaining == 1
    with pytest.raises(ValueError, match="the game is won: the secret is 1122"):
        session.play("1234", "0,0")
    session.undo()
    assert not session.won and session.remaining == GAME.size
    with pytest.raises(ValueError, match="nothing to undo"):
        session.undo()


def test_the_codemaker_side_scores_truly():
    session = GameSession(GAME, "knuth", secret="3632")
    assert session.guess("1122") == (1, 0)
    assert session.guess("1344") == (0, 1)
    assert session.guess("3632") == (4, 0) and session.won
    with pytest.raises(ValueError, match="no secret"):
        GameSession(GAME).score_of("1122")


@pytest.mark.parametrize("strategy", ["expected-size", "entropy", "most-parts"])
def test_other_strategies_agree_with_the_solver_on_a_few_secrets(strategy):
    opening = GAME.format_codeword(GameSession(GAME, strategy).first_guess)
    result = solve(GAME, strategy, "reference", first_guess=opening)
    for secret in ("3632", "6666", "1111", "2153", "5641"):
        guesses, _lines = scores_for(secret, strategy)
        assert guesses == result.game_path(secret)


def test_games_too_big_to_hold_are_refused_clearly():
    with pytest.raises(ValueError, match="too many to play here"):
        GameSession("8p9c")


# -- next -----------------------------------------------------------------------------


def knuths_example_moves(upto: int) -> list[str]:
    """Knuth's game against 3632 (1122 1344 3526 1462 3632) as GUESS=B,W, first `upto` moves."""
    return [f"{g}={true_score('3632', g)}" for g in ("1122", "1344", "3526", "1462", "3632")[:upto]]


def test_next_prints_possible_secrets_and_the_next_guess(capsys):
    assert main(["next", "4p6c", *knuths_example_moves(4)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == ["possible secrets: 1", "  3632", "next guess (Knuth): 3632"]
    assert main(["next", "4p6c", "--strategy", "entropy"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "possible secrets: 1,296"
    assert out[1].split()[:10] == [GAME.format_codeword(i) for i in range(10)]
    assert out[1].endswith("(1,286 more)")


def test_next_json_is_machine_readable(capsys):
    assert main(["next", "4p6c", "1122=1,0", "1344=0,1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    session = GameSession(GAME)
    session.play("1122", "1,0")
    session.play("1344", "0,1")
    assert out["remaining"] == session.remaining == 44
    assert out["possible"] == session.possible_codewords(10)
    assert out["next_guess"] == "3526" and out["won"] is False
    assert out["moves"] == ["1122=1,0", "1344=0,1"]


def test_next_shows_all_with_show_0_and_reports_a_win(capsys):
    assert main(["next", "4p6c", "1122=1,0", "--json", "--show", "0"]) == 0
    assert len(json.loads(capsys.readouterr().out)["possible"]) == 256
    assert main(["next", "4p6c", *knuths_example_moves(5), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["won"] is True and out["next_guess"] is None and out["possible"] == ["3632"]


@pytest.mark.parametrize("moves, message", [
    (["1122=1,1", "3456=0,0"], "no secret is consistent with 1122=1,1 and 3456=0,0 together"),
    (["1122=5,0"], "5 black but only 4 pins"),
    (["1122=3,1"], "cannot be a right color in the wrong place"),
    (["1122=2,3"], "more than 4 pins"),
    (["1122"], "must be GUESS=B,W"),
    (["1722=1,0"], "colors must be 1..6"),
])
def test_next_refuses_bad_moves_in_one_line_exit_2(moves, message, capsys):
    assert main(["next", "4p6c", *moves]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and message in captured.err


def test_next_inconsistent_in_a_real_process():
    done = run_cli("next", "4p6c", "1122=1,1", "3456=0,0")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "error: no secret is consistent with 1122=1,1 and 3456=0,0 together\n"


# -- play: the computer guesses ---------------------------------------------------


def check_winning_transcript(secret, status, out, err, solver_result):
    assert status == 0, out + err
    assert err == ""
    played = [line.split()[2] for line in out.splitlines() if line.startswith("guess ")]
    assert played == solver_result.game_path(secret)
    assert len(played) <= 5
    assert out.rstrip().endswith(f"I win: your secret is {secret}, found in {len(played)} "
                                 f"guess{'es' if len(played) > 1 else ''}.")


def test_play_piped_into_a_real_process_wins_knuths_example(knuth_1122):
    _guesses, lines = scores_for("3632")
    done = run_cli("play", "4p6c", stdin="\n".join(lines) + "\n")
    check_winning_transcript("3632", done.returncode, done.stdout, done.stderr, knuth_1122)


@pytest.mark.parametrize("secret", ["1122", "6543", "2211", "5156"])
def test_play_piped_wins_with_the_solvers_guesses(secret, knuth_1122, monkeypatch, capsys):
    _guesses, lines = scores_for(secret)
    status, out, err = run_in_process(["play", "4p6c"], "\n".join(lines) + "\n", monkeypatch, capsys)
    check_winning_transcript(secret, status, out, err, knuth_1122)


def test_play_inconsistent_scores_get_the_message_and_go_on_after_undo(monkeypatch, capsys):
    _guesses, lines = scores_for("3632")
    # 1122=1,1 then Knuth plays 1134; no secret scores 1,1 and 0,4 on those two.
    stdin = "1,1\n0,4\n2,0\nundo\nundo\n" + "\n".join(lines) + "\n"
    status, out, err = run_in_process(["play", "4p6c"], stdin, monkeypatch, capsys)
    assert status == 0 and err == ""
    conflicts = [line for line in out.splitlines() if line.startswith("  no secret is consistent")]
    assert conflicts == ["  no secret is consistent with 1122=1,1 and 1134=0,4 together",
                         "  no secret is consistent with 1122=1,1 and 1134=0,4 together: "
                         "type undo to take back 1134=0,4, or quit"]
    assert "  type undo to take back 1134=0,4" in out.splitlines()
    assert "undo or quit? 2,0" in out
    assert "took back 1134=0,4" in out and "took back 1122=1,1" in out
    assert out.rstrip().endswith("I win: your secret is 3632, found in 5 guesses.")


def test_play_in_a_real_process_survives_bad_lines_and_a_conflict():
    stdin = "1,1\n4,0\nhello\nundo\n5,0\n0,0\nlist\n"
    done = run_cli("play", "4p6c", stdin=stdin)
    assert done.stderr == ""
    out = done.stdout
    assert "no secret is consistent with 1122=1,1 and 1134=4,0 together" in out
    assert "undo or quit? hello" in out and "undo or quit? undo" in out
    assert "took back 1134=4,0; 208 secrets possible" in out
    assert "5 black but only 4 pins" in out
    assert "guess 3: 2525   (20 secrets possible)" in out
    assert "  possible: 2225 2226 2252" in out
    assert done.returncode == 1
    assert out.rstrip().endswith("end of input: stopped after 2 guesses")


def test_play_refuses_impossible_scores_and_asks_again(monkeypatch, capsys):
    status, out, _err = run_in_process(["play", "4p6c"], "3,1\n4,1\nnope\n4,0\n", monkeypatch, capsys)
    assert status == 0
    assert "cannot be a right color in the wrong place" in out
    assert "more than 4 pins" in out
    assert "'nope' is not a score" in out
    assert out.count("guess 1: 1122") == 4
    assert "found in 1 guess." in out


@pytest.mark.parametrize("stdin", ["", "1,0\n", "1,1\n0,0\n", "quit\n"])
def test_play_ends_cleanly_at_end_of_input_or_quit(stdin, monkeypatch, capsys):
    status, out, err = run_in_process(["play", "4p6c"], stdin, monkeypatch, capsys)
    assert status == 1 and err == ""
    assert out.rstrip().splitlines()[-1].startswith(("end of input: stopped", "stopped after"))


# -- play: the person guesses -----------------------------------------------------


def test_play_codemaker_scores_hints_and_undoes(monkeypatch, capsys):
    stdin = "hint\n1122\n1127\nundo\n1122\nhint\n1344\n3526\n1462\n3632\n"
    status, out, err = run_in_process(["play", "4p6c", "--secret", "3632"], stdin, monkeypatch, capsys)
    assert status == 0 and err == ""
    assert "  hint: Knuth plays 1122" in out and "  hint: Knuth plays 1344" in out
    assert out.count("  1122 scores 1,0; 256 secrets possible") == 2
    assert "colors must be 1..6" in out and "took back 1122=1,0; 1,296 secrets possible" in out
    assert "  1344 scores 0,1; 44 secrets possible" in out
    assert out.rstrip().endswith("3632 scores 4,0: you found the secret in 5 guesses.")


def test_play_codemaker_random_secret_is_seeded(monkeypatch, capsys):
    args = ["play", "4p6c", "--codemaker", "--seed", "7"]
    first = run_in_process(args, "1122\nquit\n", monkeypatch, capsys)
    again = run_in_process(args, "1122\nquit\n", monkeypatch, capsys)
    assert first == again and first[0] == 1 and first[2] == ""
    secret = first[1].rstrip().split()[-1]
    assert first[1].rstrip().endswith(f"the secret was {secret}")
    assert f"1122 scores {true_score(secret, '1122')};" in first[1]
    others = {run_in_process(["play", "4p6c", "--codemaker", "--seed", str(seed)], "quit\n", monkeypatch,
                             capsys)[1].split()[-1] for seed in range(8)}
    assert len(others) > 1  # the seed does pick the secret


@pytest.mark.parametrize("args, message", [
    (["play", "4p6c", "--seed", "3"], "add --codemaker"),
    (["play", "4p6c", "--secret", "12345"], "has 5 pins"),
    (["play", "9p6c"], "pins must be 2..8"),
    (["play", "4p6c", "--strategy", "psychic"], "unknown strategy"),
])
def test_play_bad_arguments_exit_2(args, message, monkeypatch, capsys):
    status, out, err = run_in_process(args, "", monkeypatch, capsys)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and message in err


# -- the widget -----------------------------------------------------------------------


def test_widget_guesses_your_secret_from_the_scores_you_give():
    from mmlib.workbench.play_widget import PlayWidget

    widget = PlayWidget(pins=4, colors=6, strategy="knuth")
    assert "1122" in widget.computer_guess.value and "1,296" in widget.status.value
    guesses, lines = scores_for("3632")
    for line in lines:
        widget.black.value, widget.white.value = parse_score(line, 4)
        widget.score_button.click()
    assert "I found your secret 3632 in 5 guesses" in widget.message.value
    assert [row.split("<code>")[1][:4] for row in widget.history.value.split("<tr>")[2:]] == guesses


def test_widget_conflict_then_undo_then_hint():
    from mmlib.workbench.play_widget import PlayWidget

    widget = PlayWidget()
    widget.score(1, 1)
    widget.score(0, 4)
    assert "no secret is consistent with 1122=1,1 and 1134=0,4 together" in widget.message.value
    widget.score(1, 0)  # refused while the conflict stands
    assert "press Undo" in widget.message.value
    widget.undo_button.click()
    assert "Took back 1134=0,4" in widget.message.value and "208" in widget.status.value
    widget.hint_button.click()
    assert widget.message.value.count(" ") > 10 and "Possible secrets:" in widget.message.value
    widget.score(3, 1)
    assert "cannot be a right color" in widget.message.value


def test_widget_scores_your_guesses_and_hints():
    from mmlib.workbench.play_widget import YOU_GUESS, PlayWidget

    widget = PlayWidget(seed=5)
    widget.mode.value = YOU_GUESS
    secret = GAME.format_codeword(widget.session.secret)
    widget.hint_button.click()
    assert "Knuth would play 1122" in widget.message.value
    widget.guess_text.value = "1122"
    widget.guess_button.click()
    assert f"1122 scores {true_score(secret, '1122')}" in widget.message.value
    session = GameSession(GAME)
    session.play("1122", true_score(secret, "1122"))
    assert f"<b>{session.remaining:,}</b>" in widget.status.value
    widget.guess("12")
    assert "has 2 pins" in widget.message.value
    widget.guess(secret)
    assert "You found my secret" in widget.message.value
    widget.controls.pins.value = 3
    assert widget.session.game == Game(3, 6) and widget.session.moves == []


def test_widget_controls_carry_css_classes():
    from mmlib.workbench.play_widget import PlayWidget

    widget = PlayWidget()
    classes = {c for w in (widget.controls.pins, widget.controls.colors, widget.controls.strategy,
                           widget.mode, widget.black, widget.white, widget.score_button, widget.guess_text,
                           widget.guess_button, widget.hint_button, widget.undo_button, widget.new_button,
                           widget.status, widget.history, widget.message)
               for c in w._dom_classes}
    assert {"mm-pins", "mm-colors", "mm-strategy", "mm-mode", "mm-black", "mm-white", "mm-score",
            "mm-guess", "mm-guess-button", "mm-hint", "mm-undo", "mm-new", "mm-status"} <= classes


def test_widget_coaches_your_guesses_and_offers_the_optimal_strategy():
    from mmlib.core.review import review_game
    from mmlib.workbench.play_widget import YOU_GUESS, PlayWidget

    widget = PlayWidget(seed=5)
    assert widget.mode.style.button_width == "auto"  # "The computer guesses" is not cut short
    assert "mm-coach" in widget.coach._dom_classes and widget.coach.value == ""
    widget.mode.value = YOU_GUESS
    secret = GAME.format_codeword(widget.session.secret)
    widget.guess("1234")
    widget.guess("1122")
    expected = review_game(GAME, widget.session.move_texts()).reviews[-1].coach_line()
    assert expected[len("coach: "):] in widget.coach.value and "loses" in widget.coach.value
    widget.undo()
    assert widget.coach.value == ""
    widget.guess(secret)
    assert "best move" in widget.coach.value or "loses" in widget.coach.value

    assert ("Optimal", "optimal") in widget.controls.strategy.options
    widget.controls.strategy.value = "optimal"
    assert "Optimal would play 1123" in widget.hint()
    widget.mode.value = "computer-guesses"
    assert "1123" in widget.computer_guess.value and "Optimal" in widget.status.value


def test_widget_names_its_mode_toggle_in_line_and_says_why_the_colors_moved():
    from mmlib.workbench.play_widget import PlayWidget

    play = PlayWidget(pins=4, colors=6, strategy="knuth")
    row = play.mode_row
    assert [type(c).__name__ for c in row.children] == ["Label", "ToggleButtons"]
    assert row.children[0].value == "mode" and not play.mode.description
    assert "4,096" not in play.status.value
    # The pins stop at 7, where the colors still have a choice (2 or 3): at 8 only 2 would fit
    # within 4,096 codewords, a colors slider of one value (review r3 of notebook 7).
    assert play.controls.pins.max == 7 and play.controls.colors.max == 8
    play.controls.pins.value = 7  # 4**7 > 4,096: the colors fall to 3 by themselves
    assert "7p3c" in play.status.value and "with 7 pins the colors go up to 3" in play.status.value
    assert play.controls.colors_range.value.endswith("of 2 to 3 colors at 7 pins</span>")
    # Where the cap would allow more colors, the slider stops at mmlib's most, and the line says why.
    play.controls.pins.value = 2
    assert play.controls.colors.max == 15 and "with 2 pins the colors go up to 15, mmlib" in play.status.value
    assert "hexadecimal digit" in play.status.value


def test_widget_names_the_opening_each_strategy_plays():
    """The strategies open with their default opening (the one `solve` plays), which the status line
    names, so that Expected Size's 1122 does not read as its own measure's pick."""
    from mmlib.workbench.play_widget import PlayWidget

    play = PlayWidget(pins=4, colors=6, strategy="expected-size")
    assert "Expected Size from its default opening 1122" in play.status.value
    assert "1122" in play.computer_guess.value
    play.controls.strategy.value = "entropy"
    assert "Entropy from its default opening 1123" in play.status.value
    play.controls.strategy.value = "optimal"
    # The optimal opening named as the others are (review r4 of notebook 7), from data/optimal_openings.csv.
    assert "(4p6c, Optimal from its opening 1123, the first of the best openings)" in play.status.value


def test_secrets_fitting_counts_the_secrets_a_set_of_moves_admits():
    session = GameSession("4p6c")
    assert session.secrets_fitting(["1122=1,0"]) == 256
    assert session.secrets_fitting(["1122=1,0", "1344=0,1"]) == 44
    clash = ["3351=1,0", "1316=1,1", "3616=1,1"]
    assert session.secrets_fitting(clash) == 0 and session.secrets_fitting(clash[:2]) > 0
    assert session.secrets_fitting([]) == 1296 and not session.moves  # the session's own moves untouched
