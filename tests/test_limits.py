"""Hardening, round four (issue 41): time limits that hold, any depth, and options checked one way.

3. every time limit bounds the whole command (the exact search, and the bounds given in its
   place, stop at one deadline), and a limited `optimal` run keeps some of its work;
4. a game of many moves (the same guess again and again, 150 moves) is answered or refused in
   one line, and the engine never writes past its buffers;
6. the Python API refuses bad option values with the command line's ValueError, takes numpy
   numbers, and no option is silently ignored;
and, from round three: `--max-turns` past int64, and a file root may not replace.

The time-limit tests use 6p6c, the game the failures were found on (its search object takes about
half a second to set up), with bounds of three times the limit plus a fixed second: generous on
a loaded machine, and far below the 12 s to 90 s the old code took.
"""

from __future__ import annotations

import io
import os
import sys
import time

import numpy as np
import pytest

import mmlib
from mmlib.cli import main
from mmlib.core import coach, files
from mmlib.core.files import check_writable
from mmlib.core.games import Game
from mmlib.core.optimal import INFEASIBLE, OptimalSearch, TimeLimitReached, engine as en, optimal
from mmlib.core.optimal.search import SearchTooDeep
from mmlib.core.review import review_game
from test_hostile_input import main_in_process, one_error_line, run_cli


def within(limit: float) -> float:
    """What a command limited to `limit` seconds may take here: three times it and a second."""
    return 3 * limit + 1.0


# -- 3. time limits bound the whole command --------------------------------------------------------


@pytest.fixture(scope="module")
def big_game():
    """6p6c, its coach's search made once (as a command makes it before its clock starts), and
    the coach's kernels compiled on a small game first: a limit bounds the work, not Numba's
    first compile, which a fresh test process would otherwise count against it."""
    small = Game.parse("3p3c")
    coach.optimal_move(small, np.arange(1, small.size), (0,), time_limit=60)
    game = Game.parse("6p6c")
    coach.shared_search(game)
    return game


def test_an_optimal_guess_is_refused_at_its_time_limit(big_game):
    """`next 6p6c --strategy optimal --time-limit 0.2` answered after 12 s: the engine looked at
    its stop only every 256 positions, and one position of 6p6c ranks millions of guesses."""
    started = time.perf_counter()
    with pytest.raises(ValueError, match="did not finish within 0.2 s"):
        coach.optimal_move(big_game, np.arange(big_game.size), (), time_limit=0.2)
    assert time.perf_counter() - started < within(0.2)


def test_a_review_is_bounded_as_a_whole_by_its_time_limit(big_game):
    """`review 6p6c ... --time-limit 1` ran past 90 s: after the search stopped, the strategies
    played every stopped part to its end. Now one deadline bounds the review of every move, the
    bounds included, and the bounds still hold (each low end at most its high end)."""
    moves = ["112233=1,1", "123456=0,3"]
    started = time.perf_counter()
    reviewed = review_game(big_game, moves, time_limit=1)
    assert time.perf_counter() - started < within(1)
    assert not reviewed.exact
    for r in reviewed.reviews:
        assert r.value.low <= r.value.high and r.best.low <= r.best.high and r.loss[0] <= r.loss[1]


def test_a_coached_move_is_bounded_by_its_time_limit(big_game, monkeypatch, capsys):
    """`play --coach --time-limit 0.5` on 6p6c ran past 90 s per move."""
    # The same command on a small game first: the coach's bounds play the strategies, whose
    # kernels a fresh clone compiles at their first use (not counted against the limit).
    monkeypatch.setattr(sys, "stdin", io.StringIO("1122\nquit\n"))
    main(["play", "4p4c", "--secret", "1234", "--coach", "--time-limit", "60"])
    capsys.readouterr()
    monkeypatch.setattr(sys, "stdin", io.StringIO("112233\nquit\n"))
    started = time.perf_counter()
    assert main(["play", "6p6c", "--secret", "123456", "--coach", "--time-limit", "0.5"]) == 1
    assert time.perf_counter() - started < within(0.5)
    assert "coach: 112233 loses at most" in capsys.readouterr().out


def test_a_limited_optimal_run_stops_in_time_and_keeps_work(tmp_path):
    """`optimal 5p5c --checkpoint DIR --time-limit 1` kept nothing, run after run: the heuristics
    and the setting up took the second, and the parts stopped were lost. Now the run stops at its
    deadline (counted once the engine is loaded) and its parts go stepwise, their steps kept."""
    # The same path on a tiny game first, so that Numba's first compile (a fresh clone has no
    # cache, and the workers would compile the engine inside the timed run) is not counted.
    optimal("3p3c", checkpoint=tmp_path / "warm-up", workers=2)
    started = time.perf_counter()
    with pytest.raises(TimeLimitReached):
        optimal("5p5c", checkpoint=tmp_path / "5p5c", time_limit=1, workers=2)
    assert time.perf_counter() - started < within(1) + 2  # the engine's loading comes first
    assert list((tmp_path / "5p5c" / "parts").iterdir()), "the limited run kept nothing"


def test_a_run_past_its_deadline_from_the_start_still_keeps_a_step(tmp_path, monkeypatch):
    """However short the limit, a run keeps something before it stops (it used to stop with
    nothing kept, and the next run did the same): here the root is past its deadline at its first
    look, and the run still ends with a part or a step in the folder."""
    from mmlib.core.optimal.root import RootSearch

    monkeypatch.setattr(RootSearch, "out_of_time", lambda self: True)
    with pytest.raises(TimeLimitReached):
        optimal("4p5c", checkpoint=tmp_path, time_limit=1, workers=2)
    assert list((tmp_path / "parts").iterdir())


def test_a_search_stopped_by_its_deadline_answers_exactly_afterwards():
    """The deadline stops the engine through the search's own flag (never the pool's ticket), and
    leaves nothing behind: the next search of the same object is exact."""
    from mmlib.core.deadline import Deadline, DeadlinePassed

    game = Game.parse("4p7c")
    search = OptimalSearch(game)
    everything = np.arange(game.size, dtype=np.int64)
    with pytest.raises(DeadlinePassed), search.stopping_at(Deadline(0.05)):
        search.value(everything, (), game.size, INFEASIBLE)
    assert search.control[0] == 0 and search.counters[en.S_ABORTED] == 0
    part = dict(search.split(0, everything))[0]
    assert search.value(part, (0,), game.size, INFEASIBLE) == OptimalSearch(game).value(
        part, (0,), game.size, INFEASIBLE)
    with search.stopping_at(Deadline(1e-9)):  # past the deadline: the cache answers, no search
        assert search.value(part, (0,), game.size, INFEASIBLE) == OptimalSearch(game).value(
            part, (0,), game.size, INFEASIBLE)


def test_best_moves_whose_floors_the_deadline_stopped_are_said_to_be_partial(monkeypatch):
    """The floors of every guess are scored in slices, the deadline asked between them; stopped
    there, the best value stands and the search's own best guess is listed, as one of maybe more."""
    from mmlib.core.play import GameSession

    session = GameSession("4p4c")
    session.play("1122", "1,0")
    position = coach.Position(session.game, session.possible, (session.game.parse_codeword("1122"),), None)
    monkeypatch.setattr(coach.Position, "floors", lambda self: None)
    best, moves, complete = position.best()
    assert best.exact and not complete and len(moves) == 1
    assert position.value(moves[0]) == best


# -- 4. depth ----------------------------------------------------------------------------------------


def test_a_game_of_the_same_move_again_and_again_is_answered(capsys):
    """`next` with 45 to 150 moves ended in "the exact search went deeper than its buffers allow";
    the guesses played set up the search's symmetry one level each. Now they are settled into
    level 0: a move played again adds nothing, and the answer is the one after the move once."""
    once = main_in_process(["next", "4p6c", "--strategy", "optimal", "1122=1,0"], capsys)
    many = main_in_process(["next", "4p6c", "--strategy", "optimal", *["1122=1,0"] * 150], capsys)
    assert once[0] == many[0] == 0 and once[1] == many[1] and many[2] == ""


def test_a_review_of_150_moves_ends_well_in_a_real_process():
    """With 150 moves the engine wrote past its buffers: exit 139 (a segfault), or glibc's
    "corrupted size vs. prev_size"."""
    moves = ["1122=1,0", "1344=0,1", "3526=1,2", "1462=1,1"] * 37 + ["3632=4,0"]
    status, out, err = run_cli("review", "4p6c", *moves, "--time-limit", "5")
    assert status == 0 and err == "", err
    assert "total loss:" in out


def test_the_coach_takes_fifty_guesses_of_one_codeword(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("1122\n" * 50 + "3632\n"))
    assert main(["play", "4p6c", "--secret", "3632", "--coach"]) == 0
    out = capsys.readouterr().out
    assert out.count("coach: 1122 loses") == 50 and "found the secret in 51 guesses" in out


def test_the_engine_refuses_a_level_past_its_buffers_and_writes_nothing():
    """The bound is checked where the engine is entered: a level with no row of the buffers sets
    S_TOO_DEEP and returns, and Python says so in one line (a ValueError)."""
    game = Game.parse("3p3c")
    search = OptimalSearch(game)
    everything = np.arange(game.size, dtype=np.int64)
    search._load(everything, ())
    ranked = search.buffers.ranked.copy()
    args = (search.tables, search.buffers, search.cache, search.counters, search.control, search.live,
            search.run, 0, game.size, game.size, INFEASIBLE, en.MAX_LEVELS, game.size)
    en.position_value(*args)
    assert search.counters[en.S_TOO_DEEP] == 1 and (search.buffers.ranked == ranked).all()
    with pytest.raises(SearchTooDeep):
        search._check_depth()
    assert issubclass(SearchTooDeep, ValueError)
    assert search.value(everything, (), game.size, INFEASIBLE) == 73


def test_any_number_of_played_guesses_starts_the_search_at_level_zero():
    game = Game.parse("4p4c")
    search = OptimalSearch(game)
    everything = np.arange(game.size, dtype=np.int64)
    part = dict(search.split(5, everything))[0]
    assert search._load(part, (5,) * 200) == 0
    assert search.value(part, (5,) * 200, game.size, INFEASIBLE) == \
        OptimalSearch(game).value(part, (5,), game.size, INFEASIBLE)


# -- 6. the Python API and the options -----------------------------------------------------------------


@pytest.mark.parametrize("options, message", [
    ({"checkpoint": 123}, "checkpoint must be a folder's path"),
    ({"checkpoint": b"ck"}, "checkpoint must be a folder's path"),
    ({"checkpoint": True}, "checkpoint must be a folder's path"),
    ({"possible_guesses": "false"}, "possible_guesses must be True or False"),
    ({"progress": "no"}, "progress must be True or False"),
    ({"workers": 100_000}, "workers must be from 1 to"),
    ({"workers": 2.0}, "workers must be a whole number"),
    ({"time_limit": np.float64("nan")}, "not a positive number of seconds"),
], ids=lambda value: repr(value)[:30])
def test_bad_options_of_optimal_are_value_errors(options, message):
    with pytest.raises(ValueError, match=message):
        optimal("3p3c", **options)


def test_a_checkpoint_whose_parts_is_a_file_is_refused_alike(tmp_path, capsys):
    (tmp_path / "parts").write_text("")
    with pytest.raises(ValueError, match="parts'?: it is not a directory") as raised:
        optimal("3p3c", checkpoint=tmp_path)
    status, out, err = main_in_process(["optimal", "3p3c", "--checkpoint", tmp_path], capsys)
    assert status == 2 and one_error_line(err) and str(raised.value) in err


def test_numpy_numbers_are_taken_like_python_ones(tmp_path):
    result = optimal("3p3c", checkpoint=tmp_path, time_limit=np.int64(60), workers=np.int64(1),
                     possible_guesses=np.bool_(False))
    assert result.total_turns == 73
    assert review_game("3p3c", ["112=1,0"], time_limit=np.int32(5)).reviews[0].exact


@pytest.mark.parametrize("moves", [None, "1122=1,0", 1122])
def test_review_refuses_moves_that_are_not_a_list(moves):
    with pytest.raises(ValueError, match="moves must be a list of moves"):
        mmlib.review("4p6c", moves)


@pytest.mark.parametrize("args, message", [
    (["next", "4p6c", "--strategy", "optimal", "--first-guess", "1122"], "--first-guess: the optimal strategy"),
    (["play", "4p6c", "--strategy", "optimal", "--first-guess", "1122"], "--first-guess: the optimal strategy"),
    (["optimal", "3p3c", "--workers", "100000"], "--workers must be from 1 to"),
    (["optimal", "3p3c", "--workers", "2", "--scheduler", "local:1"], "--workers: with --scheduler"),
])
def test_options_that_would_be_ignored_are_refused(args, message, capsys):
    status, out, err = main_in_process(args, capsys)
    assert status == 2 and one_error_line(err) and message in err, err


def test_the_session_refuses_an_opening_for_the_optimal_strategy():
    from mmlib.core.play import GameSession

    with pytest.raises(ValueError, match="first guess: the optimal strategy plays its own best opening"):
        GameSession("4p6c", "optimal", first_guess="1122")


# -- from round three ---------------------------------------------------------------------------------


def test_max_turns_past_int64_is_no_limit(capsys):
    """`optimal 3p3c --max-turns 999999999999999999999999999` printed a numba traceback."""
    status, out, err = main_in_process(["optimal", "3p3c", "--max-turns", "9" * 27, "--json"], capsys)
    assert status == 0 and err == "" and '"total_turns": 73' in out


def test_root_may_not_replace_a_file_of_a_user_its_namespace_does_not_map(tmp_path, monkeypatch):
    """Root in a container (a user namespace) cannot replace, in a sticky folder, the file of a user
    the container does not map: `--tree` there was refused only after the solve, by the write."""
    sticky = tmp_path / "shared"
    sticky.mkdir()
    sticky.chmod(0o1777)
    theirs = sticky / "tree.json"
    theirs.write_text("{}")
    if os.geteuid() == 0:  # the file and the folder another user's: root owns neither
        os.chown(theirs, 4242, 4242)
        os.chown(sticky, 4242, 4242)
    monkeypatch.setattr(files.os, "geteuid", lambda: 0)
    monkeypatch.setattr(files, "_id_mapped", lambda number, map_name: False)
    with pytest.raises(ValueError, match="belongs to another user .* sticky folder"):
        check_writable(theirs)
    monkeypatch.setattr(files, "_id_mapped", lambda number, map_name: True)
    assert check_writable(theirs) == theirs  # mapped: root may
