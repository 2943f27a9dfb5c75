"""The Dask cluster path (`--scheduler`, `client=`) against the in-process run.

One local cluster of 2 worker processes (one thread each) serves the module.
Sweeps and first-guess rankings on it give the rows of the in-process run
(seconds aside); `solve` gives the same guess for every game, with every
turn's search sent to the workers; a worker killed in the middle of a sweep
costs nothing but time, and the tables on disk are whole at every moment.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from mmlib.core import solver_cpu
from mmlib.core.cluster import (ClusterPool, SharedBound, SharedValue, map_tasks, open_client,
                                parse_scheduler, wait_first)
from mmlib.core.solve import solve
from mmlib.core.solver_cuda import cuda_gpu_available
from mmlib.studies.first_guess import (FIRST_GUESSES_COLUMNS, RESULTS_COLUMNS, parse_games,
                                       parse_strategies, plan_sweep, rank_first_guesses, read_rows,
                                       run_sweep)

ROOT = Path(__file__).resolve().parent.parent
SWEEP_GAMES = "2p3c,3p3c,3p4c,4p3c,4p4c,3p6c"


@pytest.fixture(scope="module")
def client():
    with open_client("local:2") as client:
        client.wait_for_workers(2)
        yield client


def without_seconds(rows):
    """The rows but for how long each solve took and when it ended (their machine, mmlib version
    and engine are compared like every other column)."""
    return [{k: v for k, v in row.items() if k not in ("seconds", "date")} for row in rows]


def sweep_tables(directory: Path, client=None, on_saved=None):
    results, winners = directory / "results.csv", directory / "first_guesses.csv"
    plan = plan_sweep(parse_games(SWEEP_GAMES), parse_strategies("all"), results)
    written = run_sweep(plan, "cpu", "auto", results, winners, progress=False, client=client,
                        on_saved=on_saved)
    assert written == len(plan.todo) > 0
    return read_rows(results), winners.read_text()


@pytest.fixture(scope="module")
def in_process_sweep(tmp_path_factory):
    return sweep_tables(tmp_path_factory.mktemp("in_process"))


# -- the address ------------------------------------------------------------------------


@pytest.mark.parametrize("text, expected", [
    ("local:2", ("local", 2)), ("LOCAL:16", ("local", 16)),
    ("tcp://10.0.0.5:8786", ("remote", "tcp://10.0.0.5:8786")),
    ("tcp://scheduler.example.org:8786", ("remote", "tcp://scheduler.example.org:8786")),
])
def test_parse_scheduler(text, expected):
    assert parse_scheduler(text) == expected


@pytest.mark.parametrize("text", ["", "local", "local:0", "local:-1", "local:x", "8786",
                                  "http://host:8786", "tcp://", "tcp://host:port"])
def test_bad_scheduler_is_one_line(text):
    with pytest.raises(ValueError, match="bad scheduler") as error:
        parse_scheduler(text)
    assert "\n" not in str(error.value)


def test_cli_refuses_bad_scheduler_and_cuda_without_gpu():
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    for arguments, expected in [(["solve", "4p4c", "--scheduler", "local"], "bad scheduler"),
                                (["sweep", "--games", "3p3c", "--scheduler", "x:1"], "bad scheduler"),
                                (["solve", "4p4c", "--backend", "reference", "--scheduler", "local:2"],
                                 "reference backend"),
                                # No GPU: the backend's refusal; with one (or the simulator) a
                                # local cuda cluster is dask-cuda's, which CI does not install.
                                (["solve", "4p4c", "--backend", "cuda", "--scheduler", "local:2"],
                                 "GPU" if not cuda_gpu_available() else "dask-cuda")]:
        done = subprocess.run([sys.executable, "-m", "mmlib", *arguments], capture_output=True,
                              text=True, env=env, timeout=120)
        assert done.returncode == 2, done.stderr
        assert expected in done.stderr and len(done.stderr.strip().splitlines()) == 1, done.stderr
    if not cuda_gpu_available():  # a local cuda cluster refuses before starting anything
        with pytest.raises(ValueError, match="GPU"):
            with open_client("local:2", backend="cuda"):
                pass


def test_no_dask_import_without_scheduler():
    code = ("import sys\n"
            "from mmlib.core.solve import solve\n"
            "from mmlib.studies.first_guess import rank_first_guesses\n"
            "solve('4p4c', 'knuth')\n"
            "rank_first_guesses('3p3c', 'entropy')\n"
            "from mmlib.cli.main import main\n"
            "assert main(['solve', '3p4c', '--json']) == 0\n"
            "import mmlib.core.optimal as exact\n"
            "exact.config.PARALLEL_MIN_CODEWORDS = 0  # the worker-pool path, on a small game\n"
            "assert exact.optimal('3p4c', workers=2).total_turns == 206\n"
            "assert main(['optimal', '3p3c', '--json']) == 0\n"
            "loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed'))\n"
            "print('LOADED', loaded)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=300)
    assert done.returncode == 0, done.stderr
    assert "LOADED []" in done.stdout


# -- sweeps and first guesses -----------------------------------------------------------


def test_sweep_on_cluster_gives_the_in_process_tables(client, in_process_sweep, tmp_path):
    rows, winners = sweep_tables(tmp_path, client)
    expected_rows, expected_winners = in_process_sweep
    assert without_seconds(rows) == without_seconds(expected_rows)
    assert winners == expected_winners
    assert all(row["backend"] == "cpu" and float(row["seconds"]) >= 0 for row in rows)


def test_first_guess_on_cluster(client):
    seen = []
    ranked = rank_first_guesses("4p5c", "expected_size", client=client, on_result=seen.append)
    expected = rank_first_guesses("4p5c", "expected_size")
    assert without_seconds(ranked.rows) == without_seconds(expected.rows)
    assert len(seen) == len(expected.rows) == 5


def test_killed_worker_mid_sweep(client, in_process_sweep, tmp_path):
    """SIGKILL a busy worker after the first row; every row still comes, tables always whole."""
    results = tmp_path / "results.csv"
    pids_before = client.run(os.getpid)
    killed = []
    saved = []

    def on_saved(row):
        saved.append(row)
        # What is on disk now is whole: every row saved so far, every column filled.
        on_disk = read_rows(results)
        assert len(on_disk) == len(saved)
        # scores_with_ce is filled exactly when the row was solved with case equivalence on.
        assert all(None not in row.values()
                   and all(row[c] != "" for c in RESULTS_COLUMNS if c != "scores_with_ce")
                   and (row["scores_with_ce"] != "") == (row["case_equivalence"] == "on")
                   for row in on_disk)
        header = (tmp_path / "first_guesses.csv").read_text().splitlines()[0]
        assert header == ",".join(FIRST_GUESSES_COLUMNS)
        if not killed:
            busy = [worker for worker, keys in client.processing().items() if keys]
            victim = busy[0] if busy else next(iter(pids_before))
            os.kill(pids_before[victim], signal.SIGKILL)
            killed.append(victim)

    rows, winners = sweep_tables(tmp_path, client, on_saved)
    expected_rows, expected_winners = in_process_sweep
    assert killed
    assert without_seconds(rows) == without_seconds(expected_rows)
    assert winners == expected_winners
    assert not list(tmp_path.glob(".*.tmp"))  # no temporary file left behind
    # The nanny restarts the killed worker: two workers again, one of them new.
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        answers = client.run(os.getpid, on_error="return").values()
        pids = {pid for pid in answers if isinstance(pid, int)}
        if len(pids) == 2 and pids != set(pids_before.values()):
            break
        time.sleep(0.2)
    assert len(pids) == 2 and pids_before[killed[0]] not in pids


# -- solve ----------------------------------------------------------------------------------


@pytest.fixture
def every_turn_on_cluster(monkeypatch):
    """Send every turn's search to the workers, however small; count the turns sent."""
    sent = []
    original = solver_cpu.GuessSearch._search_on_cluster

    def counting(self, *arguments):
        sent.append(1)
        return original(self, *arguments)

    monkeypatch.setattr(solver_cpu, "CLUSTER_MIN_SCORES", 0)
    monkeypatch.setattr(solver_cpu.GuessSearch, "_search_on_cluster", counting)
    return sent


@pytest.mark.parametrize("game", ["4p6c", "5p5c", "4p7c"])
def test_solve_on_cluster_gives_the_same_guesses(client, every_turn_on_cluster, game):
    for strategy in ("knuth", "expected_size", "entropy", "most_parts"):
        expected = solve(game, strategy, "cpu", case_equivalence="off")
        for mode in ("off", "on"):
            sent_before = len(every_turn_on_cluster)
            result = solve(game, strategy, "cpu", case_equivalence=mode, client=client)
            assert np.array_equal(result.guesses, expected.guesses), (game, strategy, mode)
            assert np.array_equal(result.turns, expected.turns)
            assert result.scores == solve(game, strategy, "cpu", case_equivalence=mode).scores
            assert len(every_turn_on_cluster) > sent_before  # the searches did go to the workers


# The tunables tests/test_solver_cuda.py sets on numba-cuda's simulator, which runs every CUDA
# thread as a Python thread: a few threads per block, so that the kernels this process launches
# cost seconds, not tens of seconds, and span several blocks even on small games.
SIMULATOR_TUNABLES = {"GAME_THREADS": 8, "MAX_GRID_BLOCKS": 2, "SCAN_THREADS": 4, "SCAN_ITEMS": 16,
                      "REGION_THREADS": 8, "COLOR_RUN": 4, "TINY_THREADS": 8, "FD_THREADS": 4, "FD_MAX_BLOCKS": 2,
                      "SUBSET_THREADS": {1: 8, 2: 8, 4: 4}, "REDUCE_THREADS": 4, "REGIONS_PER_CHUNK": 3,
                      "MAX_BLOCKS_PER_LAUNCH": 24, "ACR_BUFFER_CODEWORDS": 100}


@pytest.fixture
def simulator_tunables_here(monkeypatch):
    """SIMULATOR_TUNABLES in this process while the simulator runs the kernels (none on a GPU)."""
    from mmlib.core import config

    if os.environ.get("NUMBA_ENABLE_CUDASIM") == "1":
        for name, value in SIMULATOR_TUNABLES.items():
            monkeypatch.setattr(config, name, value)


@pytest.mark.skipif(not cuda_gpu_available(), reason="no CUDA GPU and the simulator is off")
def test_bench_times_a_cuda_solve_in_process_and_on_the_gpu_workers(client, simulator_tunables_here):
    """`bench GAME --backend cuda --scheduler ADDRESS`: two cuda rows, the same game played."""
    from mmlib.studies.bench import bench_cluster

    address = client.scheduler.address
    rows = bench_cluster(address, "3p3c", "knuth", repeats=1, command="test", backend="cuda")
    expected = solve("3p3c", "knuth", "reference")
    assert [row["backend"] for row in rows] == ["cuda", "cuda"]
    assert {row["total_turns"] for row in rows} == {str(expected.total_turns)}
    assert rows[0]["scheduler"] == "in-process" and rows[1]["scheduler"].startswith(address)
    assert all(row["device"] for row in rows)
    with pytest.raises(ValueError, match="runs on the cpu backend"):
        bench_cluster(address, "3p3c", optimal=True, backend="cuda")


@pytest.mark.skipif(not cuda_gpu_available(), reason="no CUDA GPU and the simulator is off")
def test_cuda_solve_split_over_gpu_workers(client, every_turn_on_cluster):
    """`solve(backend="cuda", client=...)`: every turn's searches on the workers' GPUs.

    In CI the two workers run numba-cuda's simulator (they inherit NUMBA_ENABLE_CUDASIM
    from tests/conftest.py) with a few threads per block and launches of a few rows,
    so that tasks span several blocks and chunks; the guesses must be the reference's.
    """
    from mmlib.core import config

    tiny = {"SUBSET_THREADS": {1: 8, 2: 8, 4: 4}, "REGIONS_PER_CHUNK": 3, "MAX_BLOCKS_PER_LAUNCH": 24,
            "MIN_COUNTER_BYTES": 1}
    real = {name: getattr(config, name) for name in tiny}

    def set_config(values):
        for name, value in values.items():
            setattr(config, name, value)

    if cuda_gpu_available() and os.environ.get("NUMBA_ENABLE_CUDASIM") == "1":
        client.run(set_config, tiny)
    try:
        for game, strategy, mode in [("3p4c", "knuth", "off"), ("3p4c", "entropy", "on"),
                                     ("4p3c", "expected_size", "on"), ("3p5c", "most_parts", "off")]:
            sent_before = len(every_turn_on_cluster)
            expected = solve(game, strategy, "reference", case_equivalence=mode)
            result = solve(game, strategy, "cuda", case_equivalence=mode, client=client)
            assert result.backend == "cuda"
            assert np.array_equal(result.guesses, expected.guesses), (game, strategy, mode)
            assert result.scores == expected.scores
            assert len(every_turn_on_cluster) > sent_before
        # 16-bit counters: the same kernel's wide specialisation.
        client.run(set_config, {"MIN_COUNTER_BYTES": 2})
        expected = solve("3p4c", "most_parts", "reference", case_equivalence="off")
        result = solve("3p4c", "most_parts", "cuda", case_equivalence="off", client=client)
        assert np.array_equal(result.guesses, expected.guesses)
    finally:
        client.run(set_config, real)


def test_cuda_on_a_cluster_without_gpus_is_one_line(client):
    with pytest.raises(ValueError, match="needs a CUDA GPU on every worker; 2 of 2 workers have none"):
        solver_cpu._require_worker_gpus(client, has_gpu=lambda: False)
    solver_cpu._require_worker_gpus(client, has_gpu=lambda: True)  # every worker has one: no error


def test_solve_cli_with_local_scheduler():
    import json

    # 5p5c's second turn searches 3125 * 3125 scores: over CLUSTER_MIN_SCORES, so it goes out.
    done = subprocess.run([sys.executable, "-m", "mmlib", "solve", "5p5c", "--strategy", "entropy",
                           "--json", "--scheduler", "local:1"], capture_output=True, text=True,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=300)
    assert done.returncode == 0, done.stderr
    on_cluster = json.loads(done.stdout)
    expected = solve("5p5c", "entropy")
    assert on_cluster["total_turns"] == expected.total_turns
    histogram = {turn: n for turn, n in on_cluster["turn_histogram"].items() if n}
    assert histogram == {str(t): n for t, n in enumerate(expected.turn_histogram, 1) if n}


# -- the generic helpers (for optimal and others) ------------------------------------------


def _lower_to(value, bound):
    bound.offer(value)
    return bound.get()


def test_map_tasks_and_shared_bound(client):
    assert map_tasks(client, abs, [-3, 2, -1], "abs", progress=False) == [3, 2, 1]
    bound = SharedBound(client, "test-bound", initial=100)
    try:
        seen = map_tasks(client, _lower_to, [50, 70, 20, 90], "bound", progress=False, bound=bound)
        assert bound.get() == 20
        assert all(value <= offered for value, offered in zip(seen, [50, 70, 20, 90]))
        assert not bound.offer(30) and bound.offer(10) and bound.get() == 10
    finally:
        bound.delete()


def _read_ticket(ticket):
    return ticket.value


def test_shared_value_pool_and_wait_first(client):
    from concurrent.futures import ThreadPoolExecutor

    ticket = SharedValue(client, "test-ticket", 0)
    try:
        pool = ClusterPool(client)
        assert pool.submit(_read_ticket, ticket).result() == 0
        ticket.value = ticket.value + 1
        running = {pool.submit(_read_ticket, ticket), pool.submit(abs, -5)}
        results = set()
        while running:
            done, running = wait_first(running)
            results |= {future.result() for future in done}
        assert results == {1, 5}
        # With a timeout (a deadline's look) it comes back with none done, as concurrent's does.
        slow = pool.submit(time.sleep, 2)
        started = time.perf_counter()
        done, running = wait_first([slow], timeout=0.2)
        assert not done and running == {slow} and time.perf_counter() - started < 1.5
        assert wait_first([slow])[0] == {slow}
    finally:
        ticket.delete()
    with ThreadPoolExecutor(1) as threads:  # the same call on a concurrent.futures pool
        done, not_done = wait_first([threads.submit(abs, -2)])
        assert [future.result() for future in done] == [2] and not not_done


def test_cluster_benchmark_rows_stay_out_of_backend_timings(tmp_path):
    from mmlib.studies import bench
    from mmlib.studies.data_tables import load_benchmarks

    plain = {"game": "4p6c", "strategy": "knuth", "backend": "cpu", "median_s": "0.5", "scores": "1000"}
    rows = [plain, {**plain, "median_s": "0.9", "scheduler": "local:2 (2 workers)"},
            {**plain, "strategy": "sweep knuth", "scheduler": bench.IN_PROCESS, "sweep_games": "4p6c"}]
    bench.append_rows(rows, tmp_path / "benchmarks.csv")
    assert bench.latest_rows(bench.read_rows(tmp_path / "benchmarks.csv")) == [
        {**{c: "" for c in bench.read_rows(tmp_path / "benchmarks.csv")[0]}, **plain}]
    frame = load_benchmarks(tmp_path).frame
    assert list(frame["median_s"]) == [0.5]


# -- the exact optimal search -------------------------------------------------------------


sent_parts_of: dict = {}  # id(a parts_sent list) -> the (played, secrets) of each solve_part sent
sent_steps_of: dict = {}  # id(a parts_sent list) -> the step-log file each solve_part was given


@pytest.fixture
def parts_sent(monkeypatch):
    """Count the parts `optimal` hands to the cluster (on the client: ClusterPool.submit)."""
    sent = []
    sent_parts = sent_parts_of[id(sent)] = []
    sent_steps = sent_steps_of[id(sent)] = []
    original = ClusterPool.submit

    def counting(self, function, *arguments, **keywords):
        sent.append(function.__name__)
        if function.__name__ == "solve_part":  # which part: the guesses played, then its secrets
            sent_parts.append((tuple(arguments[3]), tuple(int(s) for s in arguments[2])))
            sent_steps.append(arguments[9] if len(arguments) > 9 else keywords.get("steps"))
        return original(self, function, *arguments, **keywords)

    monkeypatch.setattr(ClusterPool, "submit", counting)
    return sent


def same_optimum(found, expected):
    return ((found.total_turns, found.max_turns, list(found.turn_histogram))
            == (expected.total_turns, expected.max_turns, list(expected.turn_histogram)))


@pytest.mark.parametrize("game", ["3p3c", "4p3c", "3p4c"])
def test_optimal_on_cluster_gives_the_in_process_totals(client, parts_sent, game):
    import json

    from mmlib.core.optimal import optimal
    from mmlib.core.verify import verify_tree

    expected = optimal(game, workers=1)
    found = optimal(game, client=client)
    assert same_optimum(found, expected), game
    assert parts_sent and set(parts_sent) == {"solve_part"}  # the subtrees went to the workers
    # The workers' statistics came back (the client itself searches no position below the root).
    assert found.nodes_searched + found.search_stats["shortcuts"] > 0
    assert verify_tree(json.loads(json.dumps(found.tree_json()))).total_turns == expected.total_turns


@pytest.mark.parametrize("game, options", [("3p4c", {"objective": "worst"}),
                                           ("2p5c", {"max_turns": 4}),
                                           ("2p5c", {"objective": "worst"})])
def test_optimal_objectives_on_cluster(client, parts_sent, game, options):
    from mmlib.core.optimal import optimal

    assert same_optimum(optimal(game, client=client, **options), optimal(game, workers=1, **options))
    assert parts_sent


def test_optimal_on_cluster_refuses_what_in_process_refuses(client):
    from mmlib.core.optimal import optimal

    with pytest.raises(ValueError, match="no strategy wins every game of 3p4c within 3 turns"):
        optimal("3p4c", max_turns=3, client=client)


def test_optimal_part_stops_on_the_shared_abort_ticket(client):
    """A part reads the run's abort ticket (a SharedValue) on its worker: past its ticket, it stops."""
    from mmlib.core.optimal import OptimalSearch, solve_part

    search = OptimalSearch("3p4c")
    opening = search.game.parse_codeword("112")
    part = max((p for _o, p in search.split(opening, np.arange(search.game.size))), key=len)
    abort = SharedValue(client, "test-optimal-abort", 0)
    try:
        pool = ClusterPool(client)
        value, tree, stats = pool.submit(solve_part, "test-run", "3p4c", part, (opening,), 3,
                                         10**9, 0, abort).result()
        assert value is not None and tree is not None and stats["nodes"] >= 0
        abort.value = 1
        assert pool.submit(solve_part, "test-run-2", "3p4c", part, (opening,), 3, 10**9, 0,
                           abort).result() == (None, None, {})
    finally:
        abort.delete()


def test_optimal_cli_with_local_scheduler(tmp_path):
    import json

    tree = tmp_path / "tree.json"
    done = subprocess.run([sys.executable, "-m", "mmlib", "optimal", "3p4c", "--json", "--tree", str(tree),
                           "--scheduler", "local:1"], capture_output=True, text=True,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=300)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["total_turns"] == 206 and tree.exists()


def test_bench_cluster_rows_of_an_optimal_search(client):
    from mmlib.studies import bench

    address = client.scheduler_info()["address"]
    rows = bench.bench_cluster(address, "3p4c", repeats=1, optimal=True)
    assert [row["scheduler"] for row in rows] == [bench.IN_PROCESS, f"{address} (2 workers)"]
    assert all((row["strategy"], row["total_turns"], row["max_turns"]) == ("optimal", "206", "4")
               for row in rows)
    assert all(float(row["median_s"]) > 0 and int(row["scores"]) > 0 for row in rows)


def test_optimal_table_on_cluster(client, parts_sent, tmp_path):
    from mmlib.studies.optimal_table import update_optimal_table

    kept = ("game", "objective", "max_turns_limit", "total_turns", "max_turns")
    tables = []
    for with_client in (None, client):
        rows = update_optimal_table(["2p5c", "3p3c"], trees=False, progress=False,
                                    path=tmp_path / f"optimal_{len(tables)}.csv", client=with_client)
        tables.append(sorted(tuple(row[c] for c in kept) for row in rows))
    assert tables[0] == tables[1] and len(tables[0]) == 5  # 2p5c: total, within 4, worst; 3p3c: 2
    assert parts_sent


def test_optimal_on_cluster_resumes_from_the_clients_checkpoint(client, parts_sent, tmp_path, monkeypatch):
    """The checkpoint lives on the client: a cluster run stopped part-way goes on from it."""
    from mmlib.core.optimal import optimal
    from mmlib.core.optimal.checkpoint import Checkpoint
    from mmlib.core.verify import verify_tree

    class Interrupted(BaseException):
        pass

    original, kept = Checkpoint.record, []

    def record_then_stop(self, *args, **kwargs):
        original(self, *args, **kwargs)
        kept.append(args)
        if len(kept) == 2:
            raise Interrupted

    from mmlib.core.optimal import config

    # Every part large enough to keep its steps, were the workers on this machine: on a cluster
    # they cannot write the client's folder, so the unit stays the whole part.
    monkeypatch.setattr(config, "STEPWISE_MIN_SECRETS", 1)
    folder = tmp_path / "kept"
    with monkeypatch.context() as patch:
        patch.setattr(Checkpoint, "record", record_then_stop)
        with pytest.raises(Interrupted):
            optimal("4p3c", client=client, checkpoint=folder)
    assert len(list((folder / "parts").iterdir())) == 2  # what the stopped run proved is on the client
    sent_before = len(parts_sent)
    resumed = optimal("4p3c", client=client, checkpoint=folder)
    expected = optimal("4p3c", workers=1)
    assert same_optimum(resumed, expected)
    assert verify_tree(resumed.tree_json()).total_turns == expected.total_turns
    # The resumed run did not send again a part the stopped run had solved exactly.
    from mmlib.core.optimal import OptimalSearch

    search = OptimalSearch("4p3c")
    everything = np.arange(search.game.size)
    solved = {((guess,), tuple(int(s) for s in part))
              for _depth, guess, ordinal, _value, exact, _tree in kept if exact
              for o, part in search.split(guess, everything) if o == ordinal}
    assert solved  # the stopped run had solved some part exactly
    resumed_parts = set(sent_parts_of[id(parts_sent)][sent_before:])
    assert resumed_parts and not (solved & resumed_parts)
    assert sent_steps_of[id(parts_sent)] and not any(sent_steps_of[id(parts_sent)])
