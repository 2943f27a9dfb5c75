"""Hardening, round three (issue 24): one test per class of failure a hostile user found.

1. outputs proved writable, and the tables merged into proved parseable, before the work;
2. one `error:` line, never a traceback (scheduler transports, foreign table headers,
   long CSV fields, a closed stderr);
3. a FIFO where a table belongs is refused, not waited on;
4. forked search workers die with their parent, however it ends;
5. the lock of a table follows the file, not TMPDIR (in test_hostile_input.py, beside the
   lock's other test);
6. SIGINT and SIGTERM alike: no temporary file left from any moment, `interrupted`,
   128 + the signal, even while the interpreter would tear down;
7. options that would do nothing are refused;
8. scheduler addresses: ASCII digits, tcp:// and local:N only;
9. a missing GPU is said before anything is planned or measured;
10. the Python API raises ValueError;
11. verify: the depth scan is linear, and a big file is refused unread;
and `optimal-table --redo` without `--trees` keeps the rows' trees.

Processes are started only where the promise is about a process (signals, closed
streams, orphans); they run at once where they can. Cost: about 15 s on 2 cores.
"""

from __future__ import annotations

import contextlib
import gzip
import json
import math
import multiprocessing
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest

import mmlib.cli.optimal_command
import mmlib.core.optimal
import mmlib.core.solve
import mmlib.core.solver_cuda
import mmlib.studies.bench
from mmlib.cli import main
from mmlib.core import files, lifetime
from mmlib.core.cluster import parse_scheduler
from mmlib.core.files import check_writable
from mmlib.core.games import Game
from mmlib.core.options import parse_max_turns
from mmlib.core.solve import solve
from mmlib.core.verify import MAX_TREE_FILE_BYTES, json_depth
from mmlib.studies import optimal_table
from terminal import as_from_a_terminal
from mmlib.studies.first_guess import RESULTS_COLUMNS, RESULTS_TABLE, read_rows
from test_hostile_input import main_in_process, one_error_line

ROOT = Path(__file__).resolve().parent.parent
ENVIRONMENT = {**os.environ, "PYTHONPATH": str(ROOT)}


def start(*args, script: "str | None" = None) -> subprocess.Popen:
    """`python -m mmlib ARGS`, or `python -c SCRIPT ARGS`, in its own process, signals at their defaults."""
    command = [sys.executable, "-c", script, *args] if script else [sys.executable, "-m", "mmlib", *args]
    return subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            cwd=ROOT, env=ENVIRONMENT, preexec_fn=as_from_a_terminal)


@pytest.fixture
def no_work(monkeypatch, tmp_path):
    """Every solve, search and measurement fails the test; data/optimal.csv is a file in tmp_path."""
    def forbidden(*_args, **_kwargs):
        raise AssertionError("refused too late: the work started")

    for module, name in ((mmlib.core.solve, "solve"), (mmlib.core.optimal, "optimal"),
                         (mmlib.cli.optimal_command, "optimal"), (mmlib.studies.bench, "bench_solve"),
                         (mmlib.studies.bench, "bench_kernel")):
        monkeypatch.setattr(module, name, forbidden)
    data = tmp_path / "data"
    data.mkdir()
    monkeypatch.setattr(optimal_table, "OPTIMAL_CSV", data / "optimal.csv")
    return data


def optimal_row(game: str = "2p2c", tree: str = "") -> str:
    """A line of data/optimal.csv (2p2c's true figures)."""
    return (f"{game},total,,8,3,1 2 1,0.001,0,16,0,11,{tree},python -m mmlib optimal-table,classic,"
            "2026-11-26T00:00:00,test machine,abc1234,optimal 17\n")


OPTIMAL_HEADER = ",".join(optimal_table.COLUMNS) + "\n"


def results_table(path: Path, *games: str, histogram: str = "1 2 1") -> Path:
    """A results table with one row per game (2p2c's figures, whatever the game says)."""
    lines = [",".join(RESULTS_COLUMNS)]
    for game in games:
        lines.append(f"{game},2,2,4,knuth,11,8,3,2.000000,{histogram},8,0,off,0.0003,reference,8,8,classic,"
                     "2026-11-26T00:00:00,test machine,abc1234,solve-reference 4")
    path.write_text("\n".join(lines) + "\n")
    return path


@contextlib.contextmanager
def unchangeable(path: Path):
    """`path` made so that it (a file) cannot be replaced, or nothing can be made in it (a folder):
    chattr +i as root (who ignores permission bits), read-only permissions otherwise."""
    if os.geteuid() == 0:
        if shutil.which("chattr") is None or subprocess.run(["chattr", "+i", str(path)],
                                                            capture_output=True).returncode != 0:
            pytest.skip("chattr +i is not available here")
        try:
            yield
        finally:
            subprocess.run(["chattr", "-i", str(path)], check=True)
    elif path.is_dir():
        path.chmod(0o500)
        try:
            yield
        finally:
            path.chmod(0o700)
    else:
        pytest.skip("only root can make a file in a writable folder unreplaceable")


# -- 1. outputs and tables proved before the work ------------------------------------------


def test_a_long_path_in_an_error_keeps_its_file_name(tmp_path):
    # The head of a deep path is the same for every file; its tail says which one is wrong.
    deep = tmp_path.joinpath(*["a-rather-long-folder-name"] * 6)
    deep.mkdir(parents=True)
    (deep / "optimal_trees").write_text("")
    with pytest.raises(ValueError) as error:
        files.check_writable_directory(deep / "optimal_trees")
    message = str(error.value)
    assert "optimal_trees" in message and message.count("...") == 1 and len(message) < 140, message


def test_optimal_table_refuses_its_outputs_before_searching(no_work, capsys):
    table = optimal_table.OPTIMAL_CSV
    # The trees folder is a regular file, for a row that has a tree (so --redo stores one).
    table.write_text(OPTIMAL_HEADER + optimal_row(tree="optimal_trees/2p2c_total.json.gz"))
    (no_work / "optimal_trees").write_text("")
    status, out, err = main_in_process(["optimal-table", "2p2c", "--redo"], capsys)
    assert status == 2 and one_error_line(err) and "optimal_trees" in err and "not a directory" in err, err
    (no_work / "optimal_trees").unlink()
    # A row whose game does not parse, anywhere in the table.
    table.write_text(OPTIMAL_HEADER + optimal_row() + optimal_row("4p6x"))
    status, out, err = main_in_process(["optimal-table", "2p2c", "--redo"], capsys)
    assert status == 2 and one_error_line(err) and "line 3" in err and "invalid game '4p6x'" in err, err
    # A folder where nothing can be made.
    table.write_text(OPTIMAL_HEADER + optimal_row())
    with unchangeable(no_work):
        status, out, err = main_in_process(["optimal-table", "2p2c", "--redo"], capsys)
    assert status == 2 and one_error_line(err) and "cannot create a file" in err, err


def test_a_file_that_cannot_be_replaced_is_refused_before_the_work(no_work, tmp_path, capsys):
    tree = tmp_path / "tree.json"
    tree.write_text("{}")
    with unchangeable(tree):
        status, out, err = main_in_process(["solve", "3p3c", "--tree", tree], capsys)
        assert status == 2 and one_error_line(err) and "immutable" in err, err
        status, out, err = main_in_process(["optimal", "3p3c", "--tree", tree], capsys)
        assert status == 2 and one_error_line(err) and "immutable" in err, err
    assert tree.read_text() == "{}"


def test_another_users_file_in_a_sticky_folder_is_refused(tmp_path, monkeypatch):
    sticky = tmp_path / "shared"
    sticky.mkdir()
    sticky.chmod(0o1777)
    theirs = sticky / "tree.json"
    theirs.write_text("{}")
    someone_else = os.getuid() + 1000  # owns neither the file nor the folder, and is not root
    monkeypatch.setattr(files.os, "geteuid", lambda: someone_else)
    with pytest.raises(ValueError, match="belongs to another user .* sticky folder"):
        check_writable(theirs)


def test_sweep_refuses_a_results_table_it_could_not_merge_into_before_the_plan(no_work, tmp_path, capsys):
    results = results_table(tmp_path / "results.csv", "2p2c", "4p6x")
    status, out, err = main_in_process(["sweep", "--games", "2p3c", "--results", results, "--first-guesses",
                                        tmp_path / "fg.csv", "--no-progress"], capsys)
    assert status == 2 and one_error_line(err) and "results table" in err and "'4p6x'" in err, err
    assert "sweep:" not in err and out == ""  # refused before the plan was shown


# -- 2. one line, never a traceback ---------------------------------------------------------


@pytest.mark.parametrize("header, command", [
    ("name,value\nx,1\n", "optimal-table"), ("game,objective\n2p2c\n", "optimal-table"),
    ("name,value\nx,1\n", "sweep"), ("game,strategy\n2p2c,knuth\n", "sweep"),
], ids=["optimal foreign", "optimal partial", "results foreign", "results partial"])
def test_a_foreign_or_partial_table_is_one_line(header, command, no_work, tmp_path, capsys):
    if command == "optimal-table":
        optimal_table.OPTIMAL_CSV.write_text(header)
        args = ["optimal-table", "2p2c"]
    else:
        (tmp_path / "results.csv").write_text(header)
        args = ["sweep", "--games", "2p2c", "--results", tmp_path / "results.csv", "--first-guesses",
                tmp_path / "fg.csv"]
    status, out, err = main_in_process(args, capsys)
    assert status == 2 and one_error_line(err), err
    assert "its header has no" in err or "fields, the header" in err, err


def test_a_field_longer_than_the_csv_default_limit_is_read(tmp_path, capsys):
    long = " ".join(["1"] * 100_000)  # 199,999 characters, over csv's 131,072
    results = results_table(tmp_path / "results.csv", "2p2c", histogram=long)
    assert read_rows(results, RESULTS_TABLE)[0]["histogram"] == long
    status, out, err = main_in_process(["sweep", "--games", "2p2c", "--strategies", "knuth", "--results",
                                        results, "--dry-run"], capsys)
    assert status == 0 and out == "2p2c knuth 12\n", err


def test_a_closed_stderr_runs_the_command(tmp_path):
    tree = tmp_path / "tree.json"

    def closed_stderr(*args):
        return subprocess.run(["bash", "-c", 'exec "$0" -m mmlib "$@" 2>&-', sys.executable, *args],
                              capture_output=True, cwd=ROOT, env=ENVIRONMENT, timeout=120)

    done = closed_stderr("solve", "3p3c", "--backend", "reference", "--tree", str(tree))
    assert done.returncode == 0 and done.stdout.decode().startswith("3p3c (27 games)")
    assert json.loads(tree.read_text())["tree"]["games"] == 27  # the tree went to its file, not to fd 2
    assert closed_stderr("solve", "3p3x").returncode == 2


# -- 3. a FIFO where a table belongs ----------------------------------------------------------


def test_a_fifo_table_is_refused_not_waited_on(no_work, tmp_path, capsys):
    fifo = tmp_path / "table.fifo"
    os.mkfifo(fifo)
    optimal_table.OPTIMAL_CSV.unlink(missing_ok=True)
    os.symlink(fifo, optimal_table.OPTIMAL_CSV)
    outcomes = []
    for args in (["optimal-table", "2p2c"],
                 ["sweep", "--games", "2p2c", "--results", fifo, "--first-guesses", tmp_path / "fg.csv"],
                 ["ce-timing", "--games", "2p2c", "--output", fifo],
                 ["bench", "2p2c", "--csv", fifo]):
        thread = threading.Thread(target=lambda a=args: outcomes.append((a, main([str(x) for x in a]))),
                                  daemon=True)
        thread.start()
        thread.join(timeout=30)
        if thread.is_alive():  # it waits for a writer: give it one, so the test can end
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
            thread.join(timeout=10)
            pytest.fail(f"{args[0]} waited on the FIFO")
    err = capsys.readouterr().err
    assert [status for _, status in outcomes] == [2, 2, 2, 2], err
    assert err.count("it is a FIFO") == 4, err


# -- 4. workers die with their parent ----------------------------------------------------------

POOL_PARENT = """
import sys, time
from mmlib.core import lifetime, optimal as search
if sys.argv[1] == "handlers":  # as python -m mmlib does
    lifetime.install_signal_handlers()
search.config.PARALLEL_MIN_CODEWORDS = 0  # a pool of forked workers even for 3p3c
search.optimal("3p3c", workers=2)
print("ready", flush=True)
time.sleep(120)
"""


def children_of(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rpartition(")")[2].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def ended(pid: int) -> bool:
    """Gone, or a zombie waiting for init (which may be slow to reap in a container)."""
    try:
        return (Path("/proc") / str(pid) / "stat").read_text().rpartition(")")[2].split()[0] == "Z"
    except OSError:
        return True


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds the workers through /proc")
def test_forked_search_workers_die_with_their_parent(tmp_path):
    cases = {("handlers", signal.SIGINT): 130, ("handlers", signal.SIGTERM): 143,
             ("library", signal.SIGTERM): -signal.SIGTERM}
    parents, workers = {}, {}
    for case in cases:
        # stderr to a file: an orphaned worker would hold a pipe open, and reading it would wait
        with (tmp_path / f"{case[0]}-{case[1]}.err").open("wb") as err:
            parents[case] = subprocess.Popen([sys.executable, "-c", POOL_PARENT, case[0]], stdout=subprocess.PIPE,
                                             stderr=err, cwd=ROOT, env=ENVIRONMENT,
                                             preexec_fn=as_from_a_terminal)
    try:
        for case, parent in parents.items():
            assert parent.stdout.readline() == b"ready\n", (tmp_path / f"{case[0]}-{case[1]}.err").read_text()
            workers[case] = children_of(parent.pid)
            assert len(workers[case]) == 2, case
            parent.send_signal(case[1])  # to the parent alone, not its process group
        for case, parent in parents.items():
            assert parent.wait(timeout=30) == cases[case], (tmp_path / f"{case[0]}-{case[1]}.err").read_text()
        deadline = time.monotonic() + 5
        while not all(ended(pid) for pids in workers.values() for pid in pids) and time.monotonic() < deadline:
            time.sleep(0.05)
        left = {case: [pid for pid in pids if not ended(pid)] for case, pids in workers.items()}
        assert not any(left.values()), f"workers outlived their parent: {left}"
    finally:
        for pid in [pid for pids in workers.values() for pid in pids if not ended(pid)]:
            os.kill(pid, signal.SIGKILL)
        for parent in parents.values():
            parent.kill()
            parent.wait()
            parent.stdout.close()


def _parent_of_a_watched_child(pid_pipe: int) -> None:
    child = os.fork()
    if child == 0:
        lifetime.watch_parent(os.getppid(), poll_s=0.05)
        time.sleep(60)
        os._exit(0)
    os.write(pid_pipe, f"{child}\n".encode())
    time.sleep(60)
    os._exit(0)


def test_the_portable_watcher_ends_a_worker_whose_parent_was_killed():
    """Where the kernel cannot be asked (not Linux), a thread of the worker watches its parent."""
    reader, writer = os.pipe()
    parent = multiprocessing.get_context("fork").Process(target=_parent_of_a_watched_child, args=(writer,))
    parent.start()
    with os.fdopen(reader) as pids:
        child = int(pids.readline())
    os.close(writer)
    parent.kill()  # SIGKILL: nothing of the parent runs
    parent.join(10)
    deadline = time.monotonic() + 5
    while not ended(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    if not ended(child):
        os.kill(child, signal.SIGKILL)
        pytest.fail("the watched child outlived its parent")


# -- 5. the lock follows the table: test_hostile_input.py's
# test_the_lock_excludes_another_process_whatever_its_tmpdir ---------------------------------


# -- 6. signals: one policy, nothing left behind ------------------------------------------------

SIGNAL_IN_THE_WINDOW = """
import os, signal, sys, tempfile
from mmlib.core import files, lifetime
lifetime.install_signal_handlers()
made = tempfile.mkstemp

def signalled_mkstemp(*args, **kwargs):
    answer = made(*args, **kwargs)
    os.kill(os.getpid(), getattr(signal, sys.argv[2]))  # handled before mkstemp has returned
    return answer

tempfile.mkstemp = signalled_mkstemp
path = os.path.join(sys.argv[3], "table.csv")
if sys.argv[1] == "write":
    files.write_atomically(path, "a,b\\n")
else:
    files.check_writable(path)
print("the signal was lost")
"""

SIGNAL_DURING_TEARDOWN = """
import os, runpy, signal, sys

class SignalWhenDestroyed:
    def __del__(self):
        os.kill(os.getpid(), signal.SIGINT)

late = SignalWhenDestroyed()  # destroyed with the modules, once Python no longer handles signals
sys.argv = ["mmlib", *sys.argv[1:]]
runpy.run_module("mmlib", run_name="__main__", alter_sys=True)
"""


def test_a_signal_between_creating_and_recording_a_temporary_leaves_nothing(tmp_path):
    runs = {}
    for what, name in (("write", "SIGINT"), ("probe", "SIGTERM")):
        folder = tmp_path / what
        folder.mkdir()
        runs[what, name] = (folder, start(what, name, str(folder), script=SIGNAL_IN_THE_WINDOW))
    for (what, name), (folder, process) in runs.items():
        out, err = process.communicate(timeout=60)
        assert (process.returncode, err.decode()) == (128 + getattr(signal, name), "interrupted\n"), err
        assert sorted(p.name for p in folder.iterdir()) == [], what  # no .table.csv.*.tmp, no .mmlib.*.probe


def test_sigterm_and_sighup_are_handled_as_ctrl_c_is():
    prompts = {signum: start("play", "4p6c") for signum in (signal.SIGTERM, signal.SIGHUP)}
    for signum, process in prompts.items():
        shown = b""
        while b"score? " not in shown:
            chunk = os.read(process.stdout.fileno(), 4096)
            assert chunk, "play ended before its first prompt"
            shown += chunk
        process.send_signal(signum)
    for signum, process in prompts.items():
        _, err = process.communicate(timeout=60)
        assert (process.returncode, err.decode()) == (128 + signum, "interrupted\n"), signum


def test_a_signal_while_the_interpreter_would_tear_down_cannot_kill_by_the_signal():
    process = start("solve", "2p2c", "--backend", "reference", script=SIGNAL_DURING_TEARDOWN)
    out, err = process.communicate(timeout=120)
    assert process.returncode == 0 and out.decode().startswith("2p2c (4 games)"), (process.returncode, err)


# -- 7. options that would do nothing -------------------------------------------------------------


@pytest.mark.parametrize("args, reason", [
    (["optimal-table", "--objectives", ""], "no objective given"),
    (["optimal-table", "2p2c", "--objectives", " , "], "no objective given"),
    (["optimal-table", "3p3c", "--rules", "black"], "not both"),
    (["optimal-table", "3p3c", "--max-codewords", "5"], "not both"),
    (["bench", "--kernel", "--backend", "cuda", "--no-save"], "--kernel times the cpu scoring kernel"),
    (["bench", "--kernel", "3p3c", "--no-save"], "3p3c has only 27 codewords"),
])
def test_options_that_would_do_nothing_are_refused(args, reason, no_work, capsys):
    status, out, err = main_in_process(args, capsys)
    assert status == 2 and one_error_line(err) and reason in err, err


# -- 8. scheduler addresses ---------------------------------------------------------------------


@pytest.mark.parametrize("address, reason", [
    ("local:٣", "written with digits 0-9"), ("local:²", "written with digits 0-9"),
    ("local:0", "from 1 to"), ("tls://127.0.0.1:1", "tcp:// schedulers only"),
    ("ucx://127.0.0.1:1", "tcp:// schedulers only"), ("inproc://x", "tcp:// schedulers only"),
    ("tcp://host:٣", "write tcp://HOST:PORT"), ("tcp://host:99999", "1..65535"),
])
def test_scheduler_addresses_are_refused_with_one_clear_line(address, reason, no_work, tmp_path, capsys):
    with pytest.raises(ValueError, match=reason.replace(".", r"\.").replace("/", "/")):
        parse_scheduler(address)
    for args in (["solve", "3p3c"], ["optimal", "3p3c"], ["sweep", "--games", "2p2c", "--results",
                                                          tmp_path / "r.csv", "--dry-run"]):
        status, out, err = main_in_process([*args, "--scheduler", address], capsys)
        assert status == 2 and one_error_line(err) and "bad scheduler" in err and reason in err, err
    assert parse_scheduler("tcp://[::1]:8786") == ("remote", "tcp://[::1]:8786")
    assert parse_scheduler(" LOCAL:2 ") == ("local", 2)


# -- 9. a missing GPU, said first ------------------------------------------------------------------


@pytest.mark.parametrize("args", [
    ["sweep", "--games", "2p2c", "--backend", "cuda", "--no-progress"],
    ["bench", "2p2c", "--strategies", "knuth", "--backend", "cuda", "--kernel", "--no-save"],
    ["solve", "2p2c", "--backend", "cuda"],
    ["first-guess", "2p2c", "--backend", "cuda"],
], ids=["sweep", "bench", "solve", "first-guess"])
def test_a_missing_gpu_is_said_before_anything_is_planned_or_measured(args, no_work, tmp_path, monkeypatch,
                                                                      capsys):
    monkeypatch.setattr(mmlib.core.solver_cuda, "cuda_gpu_available", lambda: False)
    if args[0] == "sweep":
        args = [*args, "--results", tmp_path / "r.csv", "--first-guesses", tmp_path / "fg.csv"]
    status, out, err = main_in_process(args, capsys)
    assert status == 2 and one_error_line(err) and "no CUDA GPU found" in err, err
    assert out == "" and not (tmp_path / "r.csv").exists()


# -- 10. the Python API raises ValueError ------------------------------------------------------------


def test_games_take_numpy_integers_and_refuse_what_is_not_a_whole_number():
    game = Game(np.int64(3), np.int32(3))
    assert game == Game(3, 3) and type(game.pins) is int and game.name == "3p3c"
    assert solve(game, "knuth", "reference").total_turns == solve("3p3c", "knuth", "reference").total_turns
    for pins, colors in ((4.0, 6), ("4", 6), (True, 6), (4, None), (4, [6])):
        with pytest.raises(ValueError, match="must be a whole number"):
            Game(pins, colors)


def test_the_api_refuses_bad_arguments_with_value_error(tmp_path):
    for bad in (math.inf, -math.inf, math.nan, 5.5, 5.0, [5], "5", 0, True):
        with pytest.raises(ValueError, match="max turns must be"):
            parse_max_turns(bad)
    assert parse_max_turns(np.int64(6)) == 6 and parse_max_turns(None) is None
    with pytest.raises(ValueError, match="an address, not a client"):
        solve("2p2c", "knuth", "cpu", client="local:1")
    with pytest.raises(ValueError, match="not a client|distributed.Client"):
        optimal_table.update_optimal_table(["2p2c"], path=tmp_path / "optimal.csv", client="local:1")
    tree = gzip.compress(json.dumps({"game": "2p2c"}).encode() * 50)
    (tmp_path / "cut.json.gz").write_bytes(tree[: len(tree) // 2])
    (tmp_path / "plain.json.gz").write_text("{}")
    for name, reason in (("cut.json.gz", "cut short"), ("plain.json.gz", "gzip"), ("none.json.gz", "no such")):
        with pytest.raises(ValueError, match=f"cannot read the tree .*{reason}"):
            optimal_table.read_tree(name, tmp_path)


def test_optimal_refuses_bad_limits_and_clients_with_value_error():
    from mmlib import optimal

    for bad in (math.inf, [5]):
        with pytest.raises(ValueError):
            optimal("2p2c", max_turns=bad)
    with pytest.raises(ValueError):
        optimal("2p2c", client="local:1")


# -- 11. verify: linear, and a big file unread -----------------------------------------------------


def test_the_depth_scan_is_linear_and_still_exact(tmp_path):
    hostile = tmp_path / "quotes.json"
    hostile.write_bytes(b'\\"' * 500_000)  # 1 MB; the quadratic scan took hours on this
    done = subprocess.run([sys.executable, "-m", "mmlib", "verify", str(hostile)], capture_output=True,
                          text=True, cwd=ROOT, env=ENVIRONMENT, timeout=60)
    assert done.returncode == 2 and "is not JSON" in done.stderr and done.stderr.count("\n") == 1
    assert json_depth(json.dumps({"a": '[[{"\\', "b": [[["x"]]], "c": "]]"}).encode()) == 4
    assert json_depth(b'[[["unterminated [[[[[[') == 3  # the parser stops at the string
    assert json_depth(b'["a\\\\", ["b"]]') == 2  # an escaped backslash ends no string early


@pytest.mark.skipif(not Path("/proc/self/io").exists(), reason="counts the bytes read through /proc")
def test_a_file_over_the_limit_is_refused_unread(tmp_path, capsys):
    big = tmp_path / "big.json"
    with big.open("wb") as handle:
        handle.truncate(MAX_TREE_FILE_BYTES + 1)  # sparse: no disk, but 256 MiB to read

    def bytes_read() -> int:
        return int(next(line for line in Path("/proc/self/io").read_text().splitlines()
                        if line.startswith("rchar:")).split()[1])

    before = bytes_read()
    status, out, err = main_in_process(["verify", big], capsys)
    assert status == 2 and one_error_line(err) and "the most verify reads" in err
    assert bytes_read() - before < 1 << 20


# -- also seen: --redo without --trees keeps the trees -------------------------------------------------


def test_redo_without_trees_keeps_each_rows_tree(tmp_path):
    from mmlib.core.verify import verify_tree

    table = tmp_path / "optimal.csv"
    optimal_table.update_optimal_table(["2p2c"], objectives=["total", "worst"], trees=True, progress=False,
                                       path=table)
    first = {row["objective"]: row["tree"] for row in optimal_table.read_optimal_rows(table)}
    assert all(first.values())
    optimal_table.update_optimal_table(["2p2c"], objectives=["total", "worst"], redo=True, trees=False,
                                       progress=False, path=table)
    rows = optimal_table.read_optimal_rows(table)
    assert {row["objective"]: row["tree"] for row in rows} == first
    for row in rows:
        report = verify_tree(optimal_table.read_tree(row["tree"], tmp_path))
        assert (report.total_turns, report.max_turns) == (int(row["total_turns"]), int(row["max_turns"]))


IGNORING_PARENT = """
import sys
from mmlib.core import lifetime, optimal as search
lifetime.install_signal_handlers()  # as python -m mmlib does: SIGINT was ignored at start, and stays so
search.config.PARALLEL_MIN_CODEWORDS = 0  # a pool of forked workers even for 3p3c
search.optimal("3p3c", workers=2)
print("ready", flush=True)
sys.stdin.readline()
print(search.optimal("3p4c", workers=2).total_turns, flush=True)  # on the same workers
"""


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds the workers through /proc")
def test_workers_of_a_run_that_ignores_ctrl_c_ignore_it_too():
    """A run started in the background by a script ignores SIGINT; a Ctrl-C sent to its whole process
    group must not kill its workers alone (the search would stop with a broken pool)."""
    parent = subprocess.Popen([sys.executable, "-c", IGNORING_PARENT], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, env=ENVIRONMENT,
                              start_new_session=True,
                              preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
    try:
        assert parent.stdout.readline() == b"ready\n"
        workers = children_of(parent.pid)
        assert len(workers) == 2
        os.killpg(parent.pid, signal.SIGINT)  # the parent and its workers, as a terminal's Ctrl-C does
        time.sleep(0.5)
        assert not any(ended(pid) for pid in workers), "a worker died of the ignored Ctrl-C"
        out, err = parent.communicate(b"go\n", timeout=60)
        assert parent.returncode == 0, err.decode()
        assert out == b"206\n"
    finally:
        if parent.poll() is None:
            os.killpg(parent.pid, signal.SIGKILL)
            parent.wait()


def test_a_worker_killed_from_outside_is_one_line(monkeypatch, capsys):
    """A broken worker pool (kill -9 of a worker, the kernel out of memory) ends the command with one
    line on stderr and status 1, not a traceback."""
    from concurrent.futures.process import BrokenProcessPool

    import mmlib.cli.optimal_command as optimal_command
    from mmlib.cli import main

    def broken(*_args, **_kwargs):
        raise BrokenProcessPool("A process in the process pool was terminated abruptly")

    monkeypatch.setattr(optimal_command, "optimal", broken)
    assert main(["optimal", "3p3c"]) == 1
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "a worker process ended before its part" in err
