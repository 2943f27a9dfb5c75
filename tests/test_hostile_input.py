"""Hostile but realistic input (issue 12): every promise of the command line and the files holds.

One section per class of defect. Each class runs at least once through the real
command line (`python -m mmlib` in a subprocess: exit statuses, streams,
signals, FIFOs) and through the Python API or `mmlib.cli.main` in-process for
the many cases that only parse (a subprocess costs 1-2 s of numba import).
FIFOs and symbolic links are made in temporary folders; of /dev only /dev/null
is written, which the issue says must be written straight through.

Cost: about 20 s on 2 cores (median of 4 runs), most of it the 40 concurrent
sweeps, the five interrupted processes and the four other subprocesses.
"""

from __future__ import annotations

import csv
import io
import json
import multiprocessing
import os
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import numpy as np
import pytest

import mmlib.core.next_guess
from mmlib.cli import main
from mmlib.core.files import check_writable, lock_path, locked, write_atomically
from mmlib.core.games import MAX_TEXT_CHARS, Game
from mmlib.core.play import GameSession, parse_move, parse_score
from mmlib.core.solve import solve
from mmlib.core.verify import (MAX_JSON_DEPTH, TreeDefect, TreeFormatError, json_depth,
                               verify_tree, verify_tree_file)
from mmlib.studies.first_guess import first_guess_patterns
from terminal import as_from_a_terminal

ROOT = Path(__file__).resolve().parent.parent
LONG_NAME = "x" * 300


def run_cli(*args, stdin=None, env=None, timeout=120):
    """`python -m mmlib ARGS` in a subprocess, bytes in and text out."""
    environment = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    done = subprocess.run([sys.executable, "-m", "mmlib", *args], input=stdin, capture_output=True,
                          cwd=ROOT, env=environment, timeout=timeout)
    return done.returncode, done.stdout.decode(), done.stderr.decode()


def main_in_process(args, capsys):
    """`main(args)` in this process; (exit status, stdout, stderr)."""
    status = main([str(a) for a in args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def one_error_line(err: str) -> bool:
    return err.count("\n") == 1 and err.startswith("error: ") and "Traceback" not in err


def read_fifo_in_thread(path: Path) -> tuple[threading.Thread, list[bytes]]:
    got: list[bytes] = []

    def reader():
        with open(path, "rb") as fifo:
            got.append(fifo.read())

    thread = threading.Thread(target=reader, daemon=True)
    thread.start()
    return thread, got


# -- 1. writes never damage what they replace ---------------------------------------------


def test_a_fifo_is_written_through_by_the_real_command_line(tmp_path):
    fifo = tmp_path / "tree.json"
    os.mkfifo(fifo)
    thread, got = read_fifo_in_thread(fifo)
    status, out, err = run_cli("solve", "3p3c", "--backend", "reference", "--tree", str(fifo))
    thread.join(timeout=30)
    assert status == 0, err
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)  # still a FIFO, not a file renamed onto it
    assert json.loads(got[0])["tree"]["games"] == 27
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tree.json"]  # no temporaries left


def test_dev_stdout_sent_to_a_file_is_appended_to_not_replaced(tmp_path):
    out_file = tmp_path / "out.txt"
    with out_file.open("w") as out:
        done = subprocess.run([sys.executable, "-m", "mmlib", "solve", "3p3c", "--backend", "reference",
                               "--tree", "/dev/stdout"], stdout=out, stderr=subprocess.PIPE, cwd=ROOT,
                              env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120)
        inode = os.fstat(out.fileno()).st_ino
    assert done.returncode == 0, done.stderr
    assert out_file.stat().st_ino == inode  # the file stdout was sent to, not a new one renamed onto it
    tree_line, *summary = out_file.read_text().splitlines()
    assert json.loads(tree_line)["tree"]["games"] == 27 and summary[0].startswith("3p3c (27 games)")
    # The same through the API, by /proc/self/fd/N and /dev/fd/N.
    with out_file.open("w") as out:
        out.write("first\n")
        out.flush()
        write_atomically(f"/proc/self/fd/{out.fileno()}", "second\n")
        write_atomically(f"/dev/fd/{out.fileno()}", b"third\n")
        assert os.fstat(out.fileno()).st_ino == out_file.stat().st_ino
    assert out_file.read_text() == "first\nsecond\nthird\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]


def test_streams_links_and_modes_through_the_api_and_main(tmp_path, capsys):
    # A regular file keeps its mode.
    private = tmp_path / "private.json"
    private.write_text("old")
    private.chmod(0o600)
    assert main(["solve", "3p3c", "--backend", "reference", "--tree", str(private)]) == 0
    assert stat.S_IMODE(private.stat().st_mode) == 0o600 and json.loads(private.read_text())["game"] == "3p3c"
    # A symbolic link is followed: the target is replaced, the link stays a link.
    target = tmp_path / "target.dot"
    target.write_text("old")
    link = tmp_path / "link.dot"
    link.symlink_to(target)
    assert main(["solve", "3p3c", "--backend", "reference", "--tree", str(link)]) == 0
    assert link.is_symlink() and target.read_text().startswith("digraph")
    # A link in a chain, to a new file, and bytes and callables through the API.
    chain = tmp_path / "chain"
    chain.symlink_to(link)
    write_atomically(chain, b"bytes")
    assert chain.is_symlink() and link.is_symlink() and target.read_bytes() == b"bytes"
    dangling = tmp_path / "dangling"
    dangling.symlink_to(tmp_path / "made.txt")
    write_atomically(dangling, lambda temporary: Path(temporary).write_text("made"))
    assert dangling.is_symlink() and (tmp_path / "made.txt").read_text() == "made"
    # A character device is written straight through.
    assert main(["solve", "3p3c", "--backend", "reference", "--tree", "/dev/null"]) == 0
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    write_atomically("/dev/null", "nothing")
    # A FIFO through the API, text and a callable.
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for content, expected in (("text", b"text"), (lambda p: Path(p).write_bytes(b"call"), b"call")):
        thread, got = read_fifo_in_thread(fifo)
        write_atomically(fifo, content)
        thread.join(timeout=10)
        assert got == [expected] and stat.S_ISFIFO(os.lstat(fifo).st_mode)
    capsys.readouterr()
    leftovers = {p.name for p in tmp_path.iterdir()} - {"private.json", "target.dot", "link.dot", "chain",
                                                         "dangling", "made.txt", "pipe"}
    assert leftovers == set()


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path):
    path = tmp_path / "table.csv"
    path.write_text("old")

    def fails(temporary):
        Path(temporary).write_text("half")
        raise RuntimeError("disk full")

    with pytest.raises(RuntimeError):
        write_atomically(path, fails)
    assert path.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["table.csv"]


# -- 2. every output path of every command: one line and exit 2, before the work ----------


def output_commands(bad: str, folder: Path) -> list[list[str]]:
    """Every command that writes a file, with `bad` as its output path (cheap settings)."""
    return [
        ["solve", "3p3c", "--backend", "reference", "--tree", bad],
        ["optimal", "3p3c", "--tree", bad],
        ["acr-sizes", "--output", bad],
        ["sweep", "--games", "2p2c", "--strategies", "knuth", "--backend", "reference", "--results", bad,
         "--first-guesses", str(folder / "fg.csv"), "--no-progress"],
        ["sweep", "--games", "2p2c", "--strategies", "knuth", "--backend", "reference", "--results",
         str(folder / "r.csv"), "--first-guesses", bad, "--no-progress"],
        ["ce-timing", "--games", "2p2c", "--strategies", "knuth", "--backend", "reference", "--repeats", "1",
         "--output", bad],
        ["bench", "3p3c", "--strategies", "knuth", "--backend", "reference", "--repeats", "1", "--csv", bad],
        ["bench", "3p3c", "--strategies", "knuth", "--backend", "reference", "--repeats", "1", "--table",
         "--csv", bad],
    ]


def bad_paths(folder: Path) -> dict[str, str]:
    (folder / "a-file").write_text("")
    paths = {
        "a directory": str(folder),
        "empty": "",
        "300 characters": str(folder / LONG_NAME),
        "under /proc": "/proc/mmlib-nowhere/out.csv",
        "under a file": str(folder / "a-file" / "out.csv"),
        "no such folder": str(folder / "nowhere" / "out.csv"),
    }
    if os.geteuid() != 0:  # root writes anywhere
        locked_folder = folder / "locked"
        locked_folder.mkdir()
        locked_folder.chmod(0o500)
        paths["unwritable"] = str(locked_folder / "out.csv")
    return paths


def test_every_output_path_is_checked_before_the_work(tmp_path, capsys, monkeypatch):
    import mmlib.cli.optimal_command
    import mmlib.core.solve
    import mmlib.studies.bench

    def no_work(*_args, **_kwargs):
        raise AssertionError("the path must be refused before any solve or measurement")

    monkeypatch.setattr(mmlib.core.solve, "solve", no_work)
    monkeypatch.setattr(mmlib.cli.optimal_command, "optimal", no_work)
    monkeypatch.setattr(mmlib.studies.bench, "bench_solve", no_work)
    monkeypatch.setattr(mmlib.studies.bench, "bench_kernel", no_work)
    for what, bad in bad_paths(tmp_path).items():
        for args in output_commands(bad, tmp_path):
            status, out, err = main_in_process(args, capsys)
            assert status == 2 and one_error_line(err), (what, args, err)
            assert len(err) < 300, err
    for what, bad in bad_paths(tmp_path).items():
        if what not in ("a directory", "no such folder"):  # images --out is a folder, made if missing
            status, _, err = main_in_process(["images", "--out", bad + ("/x" if what == "under a file" else ""),
                                              "--only", "score_matrix_3p3c.png"], capsys)
            assert status == 2 and one_error_line(err), (what, err)
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith("locked")) == ["a-file"]


def test_bench_refuses_its_csv_at_once_in_a_real_process(tmp_path):
    started = time.perf_counter()
    status, out, err = run_cli("bench", "4p6c", "--csv", str(tmp_path))
    assert status == 2 and one_error_line(err) and "is a directory" in err and out == ""
    assert time.perf_counter() - started < 20  # no warm-up solve, no measurement


def test_check_writable_says_why():
    with pytest.raises(ValueError, match="empty path"):
        check_writable("")
    with pytest.raises(ValueError, match="is a directory"):
        check_writable("/")
    with pytest.raises(ValueError, match="300 bytes"):
        check_writable(LONG_NAME)
    with pytest.raises(ValueError, match="cannot create a file in '/proc'"):
        check_writable("/proc/mmlib-out.csv")


# -- 3. concurrent sweeps keep every row ---------------------------------------------------

SWEEP_STRATEGIES = "knuth,entropy,most-parts,expected-size"


def _exit_codes_of_children_started_together(target, argument_sets) -> list:
    """Fork one process per argument tuple, running target(*arguments, start); all wait on the
    `start` event, set once every one is running, so they race for the same files."""
    context = multiprocessing.get_context("fork")
    start = context.Event()
    children = [context.Process(target=target, args=(*arguments, start)) for arguments in argument_sets]
    for child in children:
        child.start()
    start.set()
    for child in children:
        child.join(timeout=120)
    return [child.exitcode for child in children]


def _sweep_in_child(games: str, results: str, first_guesses: str, start) -> None:
    start.wait()
    status = main(["sweep", "--games", games, "--strategies", SWEEP_STRATEGIES, "--backend", "reference",
                   "--case-equivalence", "off", "--results", results, "--first-guesses", first_guesses,
                   "--no-progress"])
    os._exit(status)


def expected_rows(*game_lists: str) -> set[tuple[str, str, str]]:
    games = {Game.parse(g) for games in game_lists for g in games.split(",")}
    return {(g.name, s, p) for g in games for s in SWEEP_STRATEGIES.split(",")
            for p in first_guess_patterns(g)}


@pytest.mark.parametrize("games_a, games_b", [
    ("2p2c,2p3c,3p2c,3p3c,2p4c", "2p3c,3p2c,3p3c,2p4c,2p5c"),  # overlapping
    ("2p2c,2p3c,3p3c,2p4c", "3p2c,2p5c,4p2c,2p6c"),  # disjoint
], ids=["overlapping", "disjoint"])
def test_two_concurrent_sweeps_keep_every_row(games_a, games_b, tmp_path, capsys):
    solve("3p3c", "knuth", "reference", "112", "off")  # imports done before forking
    want = expected_rows(games_a, games_b)
    for round_ in range(10):
        results, first_guesses = tmp_path / f"results{round_}.csv", tmp_path / f"fg{round_}.csv"
        exit_codes = _exit_codes_of_children_started_together(
            _sweep_in_child, [(games, str(results), str(first_guesses)) for games in (games_a, games_b)])
        assert exit_codes == [0, 0]
        with results.open(newline="") as handle:
            rows = list(csv.DictReader(handle))
        got = {(r["game"], r["strategy"], r["first_guess"]) for r in rows}
        assert got == want and len(rows) == len(want), f"round {round_}: missing {sorted(want - got)[:5]}"
        with first_guesses.open(newline="") as handle:
            winners = {(r["game"], r["strategy"]) for r in csv.DictReader(handle)}
        assert winners == {(g, s) for g, s, _ in want}
    capsys.readouterr()


def _optimal_table_in_child(games: list[str], table: str, start) -> None:
    from mmlib.studies.optimal_table import update_optimal_table

    start.wait()
    update_optimal_table(games, objectives=["total", "worst"], trees=False, progress=False, path=table)
    os._exit(0)


def test_two_concurrent_optimal_tables_keep_every_row(tmp_path):
    from mmlib import optimal
    from mmlib.studies.optimal_table import read_optimal_rows

    optimal("3p3c")  # imports and kernels loaded before forking
    games = (["2p2c", "2p3c", "3p2c", "2p4c"], ["4p2c", "2p5c", "3p3c", "5p2c"])
    for round_ in range(5):
        table = tmp_path / f"optimal{round_}.csv"
        exit_codes = _exit_codes_of_children_started_together(
            _optimal_table_in_child, [(some, str(table)) for some in games])
        assert exit_codes == [0, 0]
        got = {(row["game"], row["objective"]) for row in read_optimal_rows(table)}
        assert got == {(g, o) for some in games for g in some for o in ("total", "worst")}, round_


def test_the_lock_excludes_another_process_whatever_its_tmpdir(tmp_path, monkeypatch):
    """The lock follows the table's real file (issue 24): a run with another TMPDIR, writing
    through a symbolic link, still waits for the one holding it."""
    table = tmp_path / "table.csv"
    table.write_text("")
    link = tmp_path / "link.csv"
    link.symlink_to(table)
    theirs, ours = tmp_path / "their-tmp", tmp_path / "our-tmp"
    theirs.mkdir()
    ours.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(ours))
    assert lock_path(link) == lock_path(table)
    context = multiprocessing.get_context("fork")
    holding, release = context.Event(), context.Event()

    def hold():
        tempfile.tempdir = str(theirs)  # as TMPDIR=... in the other run's environment
        with locked(table):
            holding.set()
            release.wait(30)
        os._exit(0)

    child = context.Process(target=hold)
    child.start()
    assert holding.wait(30)
    acquired = threading.Event()

    def take():
        with locked(link):
            acquired.set()

    thread = threading.Thread(target=take, daemon=True)
    thread.start()
    try:
        assert not acquired.wait(0.5), "two processes held the table's lock at once"
    finally:
        release.set()
        child.join(30)
    assert acquired.wait(30)


# -- 4. verify rejects corrupted trees and cannot be exhausted -----------------------------


@pytest.fixture(scope="module")
def tree_3p3c():
    return solve("3p3c", "knuth", "reference", "112").tree_json()


def corrupted(tree: dict, change) -> dict:
    tree = json.loads(json.dumps(tree))
    change(tree)
    return tree


def first_branch(tree: dict) -> str:
    return next(iter(tree["tree"]["next"]))


DEFECTS = {
    "histogram key 0 with no games": (lambda t: t["turn_histogram"].update({"0": 0}), "outside 1..4"),
    "histogram key past max with no games": (lambda t: t["turn_histogram"].update({"99": 0}), "outside 1..4"),
    "histogram key with a leading zero": (lambda t: t["turn_histogram"].update({"03": 0}), "plain turn number"),
    "histogram key in other digits": (lambda t: t["turn_histogram"].update({"３": 0}), "plain turn number"),
    "branch key with a leading zero": (
        lambda t: t["tree"]["next"].update({"0" + first_branch(t): t["tree"]["next"][first_branch(t)]}),
        "not a score of 3p3c"),
    "branch key in other digits": (
        lambda t: t["tree"]["next"].update({"０,０": t["tree"]["next"][first_branch(t)]}), "not a score of 3p3c"),
    "NaN total": (lambda t: t.update(total_turns=float("nan")), "total_turns is nan, not a finite number"),
    "infinite max": (lambda t: t.update(max_turns=float("inf")), "max_turns is inf, not a finite number"),
    "fractional total": (lambda t: t.update(total_turns=79.5), "not a whole number"),
    "whole float total": (lambda t: t.update(total_turns=79.0), "not a whole number"),
    "NaN average": (lambda t: t.update(average_turns=float("nan")), "average_turns says nan"),
    "NaN games count": (lambda t: t["tree"].update(games=float("nan")), "games count of the node at the root"),
    "NaN histogram count": (lambda t: t["turn_histogram"].update({"1": float("nan")}), "not a finite number"),
}

MALFORMED = {
    "total as a string": (lambda t: t.update(total_turns=str(t["total_turns"])), "not a number"),
    "total as true": (lambda t: t.update(total_turns=True), "not a number"),
    "pins as a string": (lambda t: t.update(pins="3"), "not a number"),
    "games count as a string": (lambda t: t["tree"].update(games="27"), "not a number"),
}


@pytest.mark.parametrize("name", DEFECTS)
def test_verify_rejects_each_defect(name, tree_3p3c, tmp_path, capsys):
    change, reason = DEFECTS[name]
    tree = corrupted(tree_3p3c, change)
    with pytest.raises(TreeDefect, match=reason.replace("(", r"\(")):
        verify_tree(tree)
    path = tmp_path / "tree.json"
    path.write_text(json.dumps(tree))  # NaN and Infinity written as Python's json writes them
    status, out, err = main_in_process(["verify", path], capsys)
    assert status == 1 and out == "" and err.count("\n") == 1 and reason in err


@pytest.mark.parametrize("name", MALFORMED)
def test_verify_calls_numbers_of_the_wrong_type_malformed(name, tree_3p3c, tmp_path, capsys):
    change, reason = MALFORMED[name]
    tree = corrupted(tree_3p3c, change)
    with pytest.raises(TreeFormatError, match=reason):
        verify_tree(tree)
    path = tmp_path / "tree.json"
    path.write_text(json.dumps(tree))
    status, out, err = main_in_process(["verify", path], capsys)
    assert status == 2 and one_error_line(err) and reason in err


def test_verify_rejects_a_key_given_twice(tree_3p3c, tmp_path, capsys):
    text = json.dumps(tree_3p3c)
    key = first_branch(tree_3p3c)
    text = text.replace('"next": {', '"next": {"%s": {"guess": "111"}, ' % key, 1)
    path = tmp_path / "tree.json"
    path.write_text(text)
    status, out, err = main_in_process(["verify", path], capsys)
    assert status == 1 and f"the key '{key}' twice" in err and err.count("\n") == 1


SUMMARY_2P2C = '"game": "2p2c", "total_turns": 1, "max_turns": 1, "turn_histogram": {"1": 1}'


def deep_chain(depth: int) -> dict:
    """A 2p2c tree that plays 11 again and again on 1,0: `depth` levels, every one of them reached."""
    node = {"guess": "11"}
    for _ in range(depth):
        node = {"guess": "11", "next": {"1,0": node}}
    return {**json.loads("{" + SUMMARY_2P2C + "}"),
            "tree": {"guess": "11", "next": {"0,0": {"guess": "22"}, "1,0": node}}}


def deep_chain_text(depth: int) -> str:
    """`deep_chain(depth)` as JSON, written without recursion (json.dumps would recurse)."""
    return ("{" + SUMMARY_2P2C + ', "tree": {"guess": "11", "next": {"0,0": {"guess": "22"}, "1,0": '
            + '{"guess": "11", "next": {"1,0": ' * depth + '{"guess": "11"}' + "}}" * depth + "}}}")


def test_verify_walks_a_deep_tree_iteratively_and_refuses_deep_json(tmp_path, capsys):
    with pytest.raises(TreeDefect, match=r"secret 12 is never won: .*\(2995 more\)"):
        verify_tree(deep_chain(3000))  # 3,000 levels walked, no RecursionError
    deep_file = tmp_path / "deep.json"
    assert json.loads(deep_chain_text(30)) == deep_chain(30)
    deep_file.write_text(deep_chain_text(3000))
    nested = tmp_path / "nested.json"
    nested.write_text("[" * 100_000 + "]" * 100_000)
    strings = tmp_path / "strings.json"  # brackets inside strings do not count
    strings.write_text(json.dumps({"game": "[" * 5000, "tree": "{" * 5000}))
    assert json_depth(strings.read_bytes()) == 1
    for path in (deep_file, nested):
        with pytest.raises(TreeFormatError, match=f"a tree file nests at most {MAX_JSON_DEPTH}"):
            verify_tree_file(path)
    status, out, err = run_cli("verify", str(nested))
    assert status == 2 and one_error_line(err) and "nests 100,000 levels deep" in err


def test_verify_refuses_a_huge_game_and_a_huge_file_before_building_anything(tmp_path, capsys, monkeypatch):
    import mmlib.core.verify as verify

    header = {"game": "8p15c", "total_turns": 1, "max_turns": 1, "turn_histogram": {"1": 1},
              "tree": {"guess": "11111111"}}

    def no_secrets(_game):
        raise AssertionError("the secrets must not be listed")

    monkeypatch.setattr(verify, "every_secret", no_secrets)
    monkeypatch.setattr(verify, "host_memory_available", lambda: 64 << 30)
    with pytest.raises(ValueError, match=r"8p15c \(2,562,890,625 secrets\) needs about 611\.0 GiB of memory"):
        verify_tree(header)
    path = tmp_path / "big.json"
    path.write_text(json.dumps(header))
    status, _, err = main_in_process(["verify", path], capsys)
    assert status == 2 and one_error_line(err) and "611.0 GiB" in err
    monkeypatch.setattr(verify, "MAX_TREE_FILE_BYTES", 100)
    path.write_text(" " * 101)
    status, _, err = main_in_process(["verify", path], capsys)
    assert status == 2 and one_error_line(err) and "the most verify reads" in err


# -- 5. parsing is linear, over-long input refused at once ---------------------------------


def test_over_long_input_is_refused_at_once():
    game = Game(4, 6)
    spaces = " " * 50_000
    hostile = [
        (Game.parse, "4p6c" + spaces + "x"), (Game.parse, spaces + "4p6c"),
        (lambda t: game.parse_codeword(t), "1" + spaces + "2"),
        (lambda t: parse_score(t, 4), "1" + spaces + "x"), (lambda t: parse_score(t, 4), "1" + spaces + ",0x"),
        (lambda t: parse_move(t, game), "1122=1" + spaces + "0x"),
        (lambda t: parse_move(t, game), "1122" + spaces),
    ]
    for parse, text in hostile:
        started = time.perf_counter()
        with pytest.raises(ValueError, match=f"too long: at most {MAX_TEXT_CHARS} characters"):
            parse(text)
        assert time.perf_counter() - started < 1  # the quadratic patterns took 20 s
    # Just under the limit, the worst shapes for a backtracking pattern are still fast.
    started = time.perf_counter()
    for text in ("1" + " " * (MAX_TEXT_CHARS - 3) + "x", "1" + " " * (MAX_TEXT_CHARS - 4) + ",x"):
        with pytest.raises(ValueError):
            parse_score(text, 4)
    assert parse_score(" 1 " + " " * 150 + " 0 ", 4) == (1, 0)
    assert time.perf_counter() - started < 1


# -- 6. play: a refusal inside a game is said, and the prompt comes again ------------------


def test_play_survives_bad_bytes_and_long_lines_in_a_real_process():
    lines = [b"1,0", b"\xff\xfe not utf-8", b" " * 50_000 + b"0,1", b"0,1", b"quit"]
    started = time.perf_counter()
    status, out, err = run_cli("play", "4p6c", stdin=b"\n".join(lines) + b"\n",
                               env={"LC_ALL": "C.UTF-8", "PYTHONIOENCODING": "utf-8:strict"})
    assert time.perf_counter() - started < 30
    assert status == 1 and err == ""
    assert "that line is not valid utf-8 text: type it again" in out
    assert "that line is too long" in out
    # The good lines on either side of the bad ones were all played: 1,0 then 0,1, then quit.
    assert "guess 3: 3526" in out and "stopped after 2 guesses" in out


def play_with_a_tiny_search_limit(args, stdin: str, monkeypatch, capsys) -> tuple[int, str]:
    """`main(args)` with `stdin` typed, where every next-guess search past the first is refused."""
    monkeypatch.setattr(mmlib.core.next_guess, "MAX_SEARCH_SCORES", 10)
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(args)
    return status, capsys.readouterr().out


def test_play_says_a_refused_search_and_lets_the_person_undo(monkeypatch, capsys):
    status, out = play_with_a_tiny_search_limit(["play", "3p4c", "--first-guess", "112"],
                                                "0,0\n1,0\nlist\nundo\nquit\n", monkeypatch, capsys)
    assert status == 1
    refusal = [line for line in out.splitlines() if line.endswith("play more moves first")]
    assert len(refusal) == 1 and refusal[0].startswith("  choosing the next guess means scoring")
    assert out.count("play more moves first: type undo to take back 112=0,0, or quit") == 1
    assert "took back 112=0,0" in out and "stopped after 0 guesses" in out


def test_play_codemaker_says_a_refused_hint(monkeypatch, capsys):
    status, out = play_with_a_tiny_search_limit(["play", "4p4c", "--secret", "2222"],
                                                "1234\nhint\n4444\n2222\n", monkeypatch, capsys)
    assert status == 0
    assert "play more moves first" in out and "you found the secret in 3 guesses" in out


# -- 7. the Python API ----------------------------------------------------------------------


def test_game_path_says_what_it_accepts():
    result = solve("3p3c", "knuth", "reference", "112")
    for bad in (-1, 99999, 27, None, 2.0, True, [1]):
        with pytest.raises(ValueError, match=r"a codeword of 3p3c such as 111, or an index 0\.\.26"):
            result.game_path(bad)
    assert result.game_path(0) == result.game_path("111") == result.game_path(np.int64(0))
    assert result.game_path(26)[-1] == "333"


# -- 8. start-up: a bad environment, and Ctrl-C at any moment -------------------------------


def test_a_bad_numba_environment_is_one_line():
    for value in ("0", "-1", "two", "２"):
        status, out, err = run_cli("solve", "2p2c", env={"NUMBA_NUM_THREADS": value})
        assert status == 2 and one_error_line(err) and "NUMBA_NUM_THREADS" in err, err


def loaded(process: subprocess.Popen, libraries: tuple[str, ...]) -> bool:
    """True once the process has mapped a shared library whose path contains one of `libraries`."""
    try:
        maps = Path(f"/proc/{process.pid}/maps").read_text()
    except OSError:
        return False
    return any(library in maps for library in libraries)


def test_ctrl_c_at_any_moment_is_exit_130_and_one_line():
    """Interrupt during numpy's import, numba's, the first solve's start, the solve, and a prompt.

    Each moment is recognised, not guessed from a delay: by the libraries the process
    has mapped (so a loaded machine cannot move the signal before mmlib runs), and for
    `play` by its prompt.
    """
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}

    def start(*args):
        return subprocess.Popen([sys.executable, "-m", "mmlib", *args], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, env=environment,
                                preexec_fn=as_from_a_terminal)

    solve_args = ("solve", "5p8c", "--strategy", "entropy")  # about 7 s, compiling included
    threads = ("omppool", "tbbpool", "workqueue")  # numba's threading layer, whichever it is
    moments = {"importing numpy": ("numpy",), "importing numba": ("/numba/",), "starting the solve": threads}
    runs = []
    for moment, library in moments.items():
        runs.append((moment, start(*solve_args), library, 0.0))
    runs.append(("solving", start(*solve_args), threads, 1.5))
    deadline = time.monotonic() + 60
    for moment, process, library, after in runs:
        while not loaded(process, library) and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.002)
        time.sleep(after)
        process.send_signal(signal.SIGINT)
    prompt = start("play", "4p6c")
    shown = b""
    while b"score? " not in shown:
        chunk = os.read(prompt.stdout.fileno(), 4096)
        assert chunk, "play ended before its first prompt"
        shown += chunk
    prompt.send_signal(signal.SIGINT)
    runs.append(("waiting at a prompt", prompt, (), 0.0))
    for moment, process, _, _ in runs:
        _, err = process.communicate(timeout=120)
        assert (process.returncode, err.decode()) == (130, "interrupted\n"), (moment, err.decode()[-500:])


# -- 9. flags that were silently accepted ----------------------------------------------------


@pytest.mark.parametrize("args, reason", [
    (["sweep", "--games", "", "--dry-run"], "no game given"),
    (["sweep", "--games", " , ", "--dry-run"], "no game given"),
    (["sweep", "--games", "3p3c", "--max-codewords", "-5", "--dry-run"], "--max-codewords must be at least 1"),
    (["sweep", "--games", "3p3c", "--max-codewords", "5", "--dry-run"], "no game has at most 5 codewords"),
    (["sweep", "--games", "3p3c", "--max-codewords", "５０", "--dry-run"], "not a whole number written with digits"),
    (["sweep", "--games", "3p3c", "--strategies", "", "--dry-run"], "no strategy given"),
    (["solve", "3p3c", "--tree", ""], "empty path"),
    (["play", "4p6c", "--secret", "1234", "--codemaker", "--seed", "5"], "--secret and --codemaker"),
    (["play", "4p6c", "--codemaker", "--seed", "-3"], "--seed must be 0 or more"),
    (["images", "--only", "nosuch.png"], "unknown image 'nosuch.png'"),
    (["images", "--list", "--only", "nosuch.png"], "unknown image 'nosuch.png'"),
    (["next", "４p６c"], "invalid game"),
    (["next", "4p6c", "３６３２=1,0"], "not a codeword of 4p6c"),
    (["game", "4p6c", "３６３２"], "not a codeword of 4p6c"),
    (["next", "4p6c", "1122=１,0"], "not a score"),
    (["next", "4p6c", "--show", "１"], "not a whole number written with digits"),
    (["bench", "3p3c", "--repeats", "0", "--no-save"], "repeats must be at least 1"),
    (["optimal", "4p6c", "--max-turns", "-3"], "at least 1"),
    (["optimal", "4p6c", "--max-turns", "５"], "not a whole number written with digits"),
    (["optimal", "4p6c", "--objective", "nosuch"], "unknown objective"),
    (["optimal", "3p3c", "--max-turns", "1"], "no strategy wins every game"),
    (["optimal", "8p8c"], "the exact search takes at most"),
    (["optimal-table", "8p8c"], "the exact search takes at most"),
    (["optimal-table", "--max-codewords", "0"], "at least 4"),
    (["optimal", "3p3c", "--scheduler", "local"], "bad scheduler"),
    (["optimal", "3p3c", "--scheduler", "tcp://host:port", "--tree", "/proc/mmlib-nowhere/t.json"],
     "bad scheduler"),
    (["optimal-table", "3p3c", "--scheduler", "local:0"], "bad scheduler"),
    (["solve", "3p3c", "--ce-min-region", "-1"], "0 or more"),
    (["solve", "3p3c", "--ce-min-region", "１"], "not a whole number written with digits"),
    (["seed-data", "ce-threshold", "--thresholds", "1,x"], "--thresholds must be sizes"),
    (["seed-data", "scoring", "--repeats", "0"], "repeats must be at least 1"),
    (["seed-data", "comparison", "--output", "/proc/mmlib-nowhere/x.csv"], "cannot write"),
    (["sweep", "--fill-ce-scores", "--games", "3p3c", "--ce-scores-from", "/nonexistent.csv"], "no such file"),
    (["bench", "3p3c", "--backend", "nosuch", "--no-save"], "unknown backend"),
])
def test_flags_are_refused_with_a_reason(args, reason, capsys):
    status, out, err = main_in_process(args, capsys)
    assert status == 2 and one_error_line(err) and reason in err, err


def test_a_game_or_strategy_named_twice_is_played_once(tmp_path, capsys):
    status, out, err = main_in_process(["sweep", "--games", "3p3c,3P3C, 3p3c", "--strategies", "knuth,KNUTH",
                                        "--results", tmp_path / "r.csv", "--dry-run"], capsys)
    assert status == 0 and out.splitlines() == ["3p3c knuth 111", "3p3c knuth 112", "3p3c knuth 123"]


def test_games_and_codewords_follow_one_digit_rule():
    with pytest.raises(ValueError, match="digits 0-9"):
        Game.parse("４p６c")
    with pytest.raises(ValueError, match="not a codeword"):
        Game(4, 6).parse_codeword("３６３２")
    assert Game.parse(" 4P6C ") == Game(4, 6) and Game(4, 6).parse_codeword("3632") == 2 * 216 + 5 * 36 + 2 * 6 + 1
    with pytest.raises(ValueError, match="not a codeword"):
        GameSession("4p6c").play("１１２２", "1,0")


# -- 10. options anywhere --------------------------------------------------------------------


def test_options_may_come_before_between_and_after_positionals(capsys):
    outputs = set()
    for args in (["next", "4p6c", "--strategy", "knuth", "1122=1,0", "--json"],
                 ["next", "--json", "4p6c", "1122=1,0", "--strategy", "knuth"],
                 ["next", "--strategy", "knuth", "--json", "4p6c", "1122=1,0"]):
        status, out, err = main_in_process(args, capsys)
        assert status == 0, err
        outputs.add(out)
    assert len(outputs) == 1 and json.loads(outputs.pop())["next_guess"] == "1344"
    status, out, err = main_in_process(["next", "4p6c", "--strategy", "entropy", "1122=1,0", "1344=0,1"], capsys)
    assert status == 0 and "Entropy" in out
    status, out, err = main_in_process(["game", "--backend", "reference", "3p3c", "--first-guess", "112", "333"],
                                       capsys)
    assert status == 0 and out.split()[-1] == "333"


# -- 11. optimal-openings and its table (issue 41, class 5) ----------------------------------


def test_optimal_openings_refuses_a_game_too_large_before_any_work(capsys):
    """8p15c once grew to 24 GB listing its codewords before the search said no."""
    started = time.perf_counter()
    assert main(["optimal-openings", "8p15c"]) == 2
    captured = capsys.readouterr()
    assert time.perf_counter() - started < 5
    assert captured.out == "" and captured.err.strip() == (
        "error: 8p15c has 2,562,890,625 codewords; the exact search takes at most 65,536")


@pytest.mark.parametrize("damage", ["renamed column", "short line", "extra column", "bad total", "FIFO"])
def test_a_foreign_openings_table_is_refused_in_one_line_and_never_rewritten(damage, tmp_path, monkeypatch):
    """A table whose header renames a column was rewritten with every other game's totals
    emptied; a short line or a renamed column gave a traceback. The openings table follows the
    rules of every table: refused in one line before any search, left as it was."""
    from mmlib.core import coach
    from mmlib.studies import optimal_openings

    path = tmp_path / "openings.csv"
    assert optimal_openings.update_openings_table(["2p3c"], progress=False, path=path) == []
    text = path.read_text()
    if damage == "renamed column":
        text = text.replace("total_turns", "turns", 1)
    elif damage == "short line":
        text += "2p2c,11,2\n"
    elif damage == "extra column":
        header, *lines = text.splitlines()
        text = "\n".join([header + ",note", *(line + ",mine" for line in lines)]) + "\n"
    elif damage == "bad total":
        text = text.replace("\n2p3c,11,3,", "\n2p3c,11,3,many-", 1)
    if damage == "FIFO":
        path.unlink()
        os.mkfifo(path)
    else:
        path.write_text(text)
    searched = []
    monkeypatch.setattr(optimal_openings, "searched_opening_totals", lambda *a, **k: searched.append(a))
    with pytest.raises(ValueError) as refused:
        optimal_openings.update_openings_table(["2p2c"], progress=False, path=path)
    assert len(str(refused.value).splitlines()) == 1 and "openings table" in str(refused.value)
    assert searched == []
    if damage != "FIFO":
        assert path.read_text() == text
    # The coach reads the same table the same way: refused at once, never waited on.
    monkeypatch.setattr(coach, "OPENINGS_CSV", path)
    coach.forget_openings_table()
    try:
        answer = []
        thread = threading.Thread(target=lambda: answer.append(_refusal(lambda: coach.opening_totals(
            Game.parse("2p2c")))), daemon=True)
        thread.start()
        thread.join(30)
        assert not thread.is_alive(), "the coach waited on the table"
        assert "openings table" in answer[0]
    finally:
        coach.forget_openings_table()


def _refusal(function) -> str:
    try:
        function()
    except ValueError as error:
        return str(error)
    return "accepted"


def test_a_table_that_cannot_be_written_is_refused_before_the_search(tmp_path, monkeypatch):
    from mmlib.studies import optimal_openings

    searched = []
    monkeypatch.setattr(optimal_openings, "searched_opening_totals", lambda *a, **k: searched.append(a))
    (tmp_path / "data").write_text("a file where the table's folder should be")
    (tmp_path / "a folder").mkdir()
    for path in (tmp_path / "data" / "openings.csv", tmp_path / "a folder"):
        with pytest.raises(ValueError, match="cannot"):
            optimal_openings.update_openings_table(["2p2c"], progress=False, path=path)
    assert searched == []


def test_review_with_the_openings_table_a_fifo_says_so_and_does_not_wait(tmp_path, monkeypatch, capsys):
    from mmlib.core import coach

    fifo = tmp_path / "openings.csv"
    os.mkfifo(fifo)
    monkeypatch.setattr(coach, "OPENINGS_CSV", fifo)
    coach.forget_openings_table()
    try:
        outcome = []
        thread = threading.Thread(target=lambda: outcome.append(main(["review", "3p3c", "112=1,0"])), daemon=True)
        thread.start()
        thread.join(60)
        assert not thread.is_alive(), "review waited on the FIFO"
        assert outcome == [2]
        err = capsys.readouterr().err
        assert "it is a FIFO" in err and len(err.strip().splitlines()) == 1
    finally:
        coach.forget_openings_table()
