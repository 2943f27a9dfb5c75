"""Benchmarks: timed solves and the scoring kernel, appended to data/benchmarks.csv.

A solve benchmark runs one warm-up solve (it compiles the kernels, or loads
them from numba's cache), then `repeats` timed solves, and records the median
and the fastest wall time with the scores they computed. The JIT compile time
is a column of its own, never part of the timings. Each row also says what ran
it: the CPU model, its cores, numba's threads, the GPU for the cuda backend, the
provenance every timing table has (`mmlib.core.machine.provenance`: date, machine,
mmlib_version, engine),
the load average just before the row was measured, and `cpu_util`, the CPU
time the process got during the timed solves over (wall time x threads): well
under 1 means other work on the machine took cores away (or serial parts).

The kernel benchmark times the hot loop alone on one core: one guess scored
against a contiguous array of codewords, the subset sizes counted, ranked
(`kernels_cpu.candidate_rank`), for many guesses.

`bench_cluster` measures the Dask cluster path (`--scheduler`) against the
in-process run, for a solve or a sweep: two rows, told apart by their
`scheduler` column (the plots of backend timings leave such rows out).

Rows are appended: the file is read, the new rows added, and the whole written
to a temporary file that is renamed into place.
"""

from __future__ import annotations

import csv
import io
import os
import resource
import statistics
import time
from pathlib import Path

import numpy as np

from ..core.files import DATA_DIR
from ..core.games import Game
from ..core.machine import cpu_model, provenance, solve_engine
from ..core.strategies import Strategy
from ..core.tables import TableSchema, read_table

BENCHMARKS_CSV = DATA_DIR / "benchmarks.csv"

COLUMNS = (
    "date", "game", "strategy", "backend", "first_guess", "case_equivalence", "repeats",
    "median_s", "min_s", "compile_s", "scores", "scores_per_s", "total_turns", "max_turns",
    "peak_rss_mib", "cpu_model", "cores", "threads", "device", "load_avg", "cpu_util",
    "mmlib_version", "command", "machine", "engine",
)
# The `strategy` of a scoring-kernel row.
KERNEL_ROW = "score-kernel"
KERNEL_GAME = "6p9c"
# Guesses the kernel benchmark scores against every codeword (distinct codewords).
KERNEL_GUESSES = 64
# Any columns: rows are appended whole, and columns this version does not know are kept.
BENCHMARKS_TABLE = TableSchema("benchmarks table")

# Columns of the README table, in order, with their headings.
TABLE_COLUMNS = (
    ("game", "game"), ("strategy", "strategy"), ("backend", "backend"),
    ("first_guess", "first guess"), ("case_equivalence", "CE"), ("median_s", "median s"),
    ("compile_s", "compile s"), ("scores", "scores"), ("scores_per_s", "scores/s"),
    ("peak_rss_mib", "peak MiB"), ("cores", "cores"), ("cpu_util", "CPU use"), ("date", "date"),
)


# -- the machine -------------------------------------------------------------------


def load_average() -> float:
    try:
        return os.getloadavg()[0]
    except (OSError, AttributeError):
        return float("nan")


def peak_rss_mib() -> float:
    """The peak resident memory of this process so far, in MiB (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _threads(backend: str) -> int:
    if backend == "cpu":
        import numba

        return numba.get_num_threads()
    return 1


def _device(backend: str) -> str:
    if backend != "cuda":
        return ""
    from ..core.solver_cuda import device_name

    return device_name()


def _in_order(row: dict) -> dict:
    """A row with the COLUMNS first, in their order, then any column of its own."""
    return {**{column: row.get(column, "") for column in COLUMNS},
            **{key: value for key, value in row.items() if key not in COLUMNS}}


# -- solve benchmarks ----------------------------------------------------------------

# JIT compile time each backend has spent in this process so far (a solve
# reports what it compiled; later solves find the kernels ready). Each row
# shows the total up to it.
_compile_seconds: dict[str, float] = {}


def bench_solve(game, strategy, backend: str = "cpu", first_guess: "str | None" = None,
                case_equivalence: str = "auto", repeats: int = 3, command: str = "",
                progress: bool = False, warm_up: bool = True) -> dict:
    """Warm up, then solve `repeats` times; the benchmarks.csv row of the result (strings).

    Each solve is timed by the wall clock, less the compile time the backend
    reports for it (none once warm). `warm_up=False` skips the warm-up solve,
    for runs too long to do twice: the first timed solve then compiles, and
    the backend's own compile figure is taken out of its time.
    """
    from ..core.solve import parse_backend, parse_case_equivalence, solve

    game = Game.parse(game)
    strategy = Strategy.parse(strategy)
    backend = parse_backend(backend)
    case_equivalence = parse_case_equivalence(case_equivalence)
    if repeats < 1:
        raise ValueError(f"repeats must be at least 1, got {repeats}")
    load = load_average()

    def timed_solve():
        started = time.perf_counter()
        result = solve(game, strategy, backend, first_guess, case_equivalence, progress=progress)
        return result, time.perf_counter() - started

    warm = timed_solve()[0] if warm_up else None
    times, results = [], []
    cpu_started, wall_started = time.process_time(), time.perf_counter()
    for _ in range(repeats):
        result, wall = timed_solve()
        times.append(wall - result.compile_s)
        results.append(result)
        baseline = warm if warm is not None else results[0]
        if (result.total_turns, int(result.scores)) != (baseline.total_turns, int(baseline.scores)):
            raise RuntimeError(f"{game.name} {strategy.label} on {backend} gave different results "
                               "on repeated solves")
    cpu_util = (time.process_time() - cpu_started) / max(
        1e-9, (time.perf_counter() - wall_started) * _threads(backend))
    median = statistics.median(times)
    # Compile time as the backends report it (the reference compiles nothing);
    # kernels compile once per process, whichever solve first needs them.
    _compile_seconds[backend] = _compile_seconds.get(backend, 0.0) + sum(
        r.compile_s for r in ([warm] if warm is not None else []) + results)
    return _in_order({
        "game": game.name,
        "strategy": strategy.label,
        "backend": backend,
        "first_guess": result.first_guess_text,
        "case_equivalence": "on" if result.case_equivalence else "off",
        "repeats": str(repeats),
        "median_s": f"{median:.4f}",
        "min_s": f"{min(times):.4f}",
        "compile_s": f"{_compile_seconds[backend]:.2f}",
        "scores": str(int(result.scores)),
        "scores_per_s": f"{result.scores / median:.4g}",
        "total_turns": str(result.total_turns),
        "max_turns": str(result.max_turns),
        "peak_rss_mib": f"{peak_rss_mib():.0f}",
        "cpu_model": cpu_model(),
        "cores": str(os.cpu_count() or 1),
        "threads": str(_threads(backend)),
        "device": _device(backend),
        "load_avg": f"{load:.2f}",
        "cpu_util": f"{cpu_util:.2f}",
        **provenance(solve_engine(backend), backend),
        "command": command,
    })


def bench_optimal(game, objective: str = "total", max_turns: "int | None" = None, repeats: int = 3,
                  command: str = "", warm_up: bool = True) -> dict:
    """Time the exact optimal search (`mmlib.core.optimal`) like a solve: a warm-up, then
    `repeats` timed searches. The row's strategy is "optimal" (with the objective and limit
    after a colon when they are not the plain total); `nodes`, `cache_hits` and `shortcuts`
    say where the time went. The search's time includes its heuristic first bound. For games
    searched in worker processes, `peak_rss_mib` is this process's alone and `cpu_util` is
    left empty."""
    from ..core.optimal import optimal

    game = Game.parse(game)
    if repeats < 1:
        raise ValueError(f"repeats must be at least 1, got {repeats}")
    load = load_average()
    compile_started = time.perf_counter()
    # Without the full warm-up, a tiny game still loads every kernel before the timing.
    warm = optimal(game, max_turns=max_turns, objective=objective) if warm_up else optimal("3p3c")
    compile_s = time.perf_counter() - compile_started - (warm.elapsed_s if warm else 0.0)
    times, results = [], []
    cpu_started, wall_started = time.process_time(), time.perf_counter()
    for _ in range(repeats):
        started = time.perf_counter()
        result = optimal(game, max_turns=max_turns, objective=objective)
        times.append(time.perf_counter() - started)
        results.append(result)
        if result.total_turns != results[0].total_turns:
            raise RuntimeError(f"{game.name} optimal gave different totals on repeated searches")
    # Games of PARALLEL_MIN_CODEWORDS and more search in worker processes, whose CPU time
    # this process cannot see (they live on between searches): no CPU use figure for them.
    from ..core.optimal import config

    cpu_util = "" if game.size >= config.PARALLEL_MIN_CODEWORDS else f"{(time.process_time() - cpu_started) / max(1e-9, (time.perf_counter() - wall_started) * _threads('cpu')):.2f}"
    median = statistics.median(times)
    label = "optimal" if objective == "total" and max_turns is None else (
        f"optimal:{objective}" + (f":max{max_turns}" if max_turns else ""))
    stats = result.search_stats
    return _in_order({
        "game": game.name, "strategy": label, "backend": "cpu",
        "first_guess": result.first_guess_text, "case_equivalence": "on", "repeats": str(repeats),
        "median_s": f"{median:.4f}", "min_s": f"{min(times):.4f}", "compile_s": f"{max(0.0, compile_s):.2f}",
        "scores": str(int(result.scores)), "scores_per_s": f"{result.scores / median:.4g}",
        "total_turns": str(result.total_turns), "max_turns": str(result.max_turns),
        "peak_rss_mib": f"{peak_rss_mib():.0f}", "cpu_model": cpu_model(),
        "cores": str(os.cpu_count() or 1), "threads": str(_threads("cpu")), "device": "",
        "load_avg": f"{load:.2f}", "cpu_util": cpu_util, **provenance("optimal"),
        "command": command, "nodes": str(result.nodes_searched),
        "cache_hits": str(stats.get("cache_hits", 0)), "shortcuts": str(stats.get("shortcuts", 0)),
    })


OPTIMAL_ROW = "optimal"  # the strategy of an optimal search's rows, as bench_optimal's
WHOLE_PROCESS = "whole process"  # the `scheduler` of bench_optimal_process's rows


def bench_optimal_process(game, repeats: int = 3, command: str = "") -> dict:
    """Time `python -m mmlib optimal GAME` as whole processes, as a user runs it: `repeats` runs,
    each from a fresh interpreter (imports, loading the compiled kernels from Numba's cache,
    starting workers and printing included). A row like bench_optimal's, with `scheduler`
    "whole process" and the wall times in median_s and min_s."""
    import json
    import subprocess
    import sys

    game = Game.parse(game)
    if repeats < 1:
        raise ValueError(f"repeats must be at least 1, got {repeats}")
    load = load_average()
    argv = [sys.executable, "-m", "mmlib", "optimal", game.name, "--json"]
    subprocess.run(argv, check=True, capture_output=True)  # Numba's cache filled, pages warm
    times, found = [], None
    for _ in range(repeats):
        started = time.perf_counter()
        done = subprocess.run(argv, check=True, capture_output=True, text=True)
        times.append(time.perf_counter() - started)
        found = json.loads(done.stdout)
    median = statistics.median(times)
    stats = found.get("stats", {})
    return _in_order({
        "game": game.name, "strategy": OPTIMAL_ROW, "backend": "cpu",
        "first_guess": found["first_guess"], "case_equivalence": "on", "repeats": str(repeats),
        "median_s": f"{median:.4f}", "min_s": f"{min(times):.4f}", "compile_s": "",
        "scores": str(int(found["scores"])), "scores_per_s": f"{found['scores'] / median:.4g}",
        "total_turns": str(found["total_turns"]), "max_turns": str(found["max_turns"]),
        "peak_rss_mib": "", "cpu_model": cpu_model(),
        "cores": str(os.cpu_count() or 1), "threads": str(_threads("cpu")), "device": "",
        "load_avg": f"{load:.2f}", "cpu_util": "", **provenance("optimal"),
        "command": command, "nodes": str(found.get("nodes_searched", "")),
        "cache_hits": str(stats.get("cache_hits", "")), "shortcuts": str(stats.get("shortcuts", "")),
        "scheduler": WHOLE_PROCESS,
    })


# -- the scoring kernel ----------------------------------------------------------------


def check_kernel_game(game, guesses: int = KERNEL_GUESSES) -> Game:
    """The game the kernel benchmark can time: one of at least `guesses` codewords; else ValueError."""
    game = Game.parse(game)
    if game.size < guesses:
        raise ValueError(f"the kernel benchmark scores {guesses} different guesses; {game.name} has only "
                         f"{game.size} codewords")
    return game


def bench_kernel(game=KERNEL_GAME, guesses: int = KERNEL_GUESSES, repeats: int = 5, command: str = "") -> dict:
    """Scores per second on one core: `guesses` guesses, each against every codeword, counted.

    The loop the search spends its time in (`kernels_cpu.candidate_rank` with
    Knuth's rank and no early exit). The row's `scores_per_s` is per core.
    """
    from ..core import kernels_cpu as k
    from ..core.scoring import score_mask
    from ..core.strategies import entropy_table

    if guesses < 1 or repeats < 1:
        raise ValueError("guesses and repeats must be at least 1")
    game = check_kernel_game(game, guesses)
    codewords = game.codewords
    words, lo, hi = codewords.words, codewords.counts_lo, codewords.counts_hi
    slots = game.score_slots
    ordinals = np.empty(k.SCORE_BLOCK, dtype=np.uint8)
    sub_counts = np.zeros(4 * slots, dtype=np.uint32)
    counts = np.zeros(slots, dtype=np.uint32)
    entropy = entropy_table(2)
    unused = score_mask(game)
    wide = game.colors > 8
    picks = np.random.default_rng(game.size).choice(game.size, size=guesses, replace=False)
    load = load_average()

    def run_once() -> float:
        started = time.perf_counter()
        for g in picks:
            k.candidate_rank(words[g], lo[g], hi[g], words, lo, hi, game.pins, unused, wide,
                             int(Strategy.KNUTH), entropy, k.NO_BOUND, ordinals, sub_counts, counts)
        return time.perf_counter() - started

    started = time.perf_counter()
    run_once()  # compiles, or loads from the cache
    first = time.perf_counter() - started
    cpu_started, wall_started = time.process_time(), time.perf_counter()
    times = [run_once() for _ in range(repeats)]
    cpu_util = (time.process_time() - cpu_started) / max(1e-9, time.perf_counter() - wall_started)
    median = statistics.median(times)
    scores = guesses * game.size
    return _in_order({
        "game": game.name,
        "strategy": KERNEL_ROW,
        "backend": "cpu",
        "first_guess": "",
        "case_equivalence": "",
        "repeats": str(repeats),
        "median_s": f"{median:.4f}",
        "min_s": f"{min(times):.4f}",
        "compile_s": f"{max(0.0, first - median):.2f}",
        "scores": str(scores),
        "scores_per_s": f"{scores / median:.4g}",
        "total_turns": "",
        "max_turns": "",
        "peak_rss_mib": f"{peak_rss_mib():.0f}",
        "cpu_model": cpu_model(),
        "cores": str(os.cpu_count() or 1),
        "threads": "1",
        "device": "",
        "load_avg": f"{load:.2f}",
        "cpu_util": f"{cpu_util:.2f}",
        **provenance("scoring"),
        "command": command,
    })


# -- the table on disk ---------------------------------------------------------------


def read_rows(path: "str | Path" = BENCHMARKS_CSV) -> list[dict]:
    """The rows of the benchmarks table; none if it is not there (or is a device or a descriptor)."""
    return read_table(path, BENCHMARKS_TABLE)


def rows_text(rows: list[dict]) -> str:
    """CSV text of `rows`: the COLUMNS, then any other column some row has (none is dropped)."""
    columns = list(COLUMNS)
    for row in rows:
        columns += [column for column in row if column not in columns and column is not None]
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=columns, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({column: row.get(column) or "" for column in columns})
    return out.getvalue()


def append_rows(new_rows: list[dict], path: "str | Path" = BENCHMARKS_CSV) -> list[dict]:
    """Append rows to the CSV at `path` (created if missing), atomically; returns all rows."""
    from ..core.files import locked, write_atomically

    with locked(path):  # another bench may append to the same table meanwhile
        rows = read_rows(path) + list(new_rows)
        write_atomically(path, rows_text(rows))
    return rows


def _table_order(row: dict) -> tuple:
    """Kernel rows first, then by game size, strategy, backend."""
    try:
        size = Game.parse(row.get("game", "")).size
    except ValueError:
        size = 0
    try:
        strategy = int(Strategy.parse(row.get("strategy", "")))
    except ValueError:  # the scoring kernel first, the optimal searches after the strategies
        strategy = len(Strategy) if str(row.get("strategy", "")).startswith("optimal") else -1
    return strategy >= 0, size, strategy, row.get("backend", ""), row.get("case_equivalence", "")


def latest_rows(rows: list[dict]) -> list[dict]:
    """The newest row of each (game, strategy, backend, first guess, case equivalence, device),
    kernel rows first, then by game size and strategy."""
    latest: dict[tuple, dict] = {}
    for row in rows:
        if row.get("scheduler"):  # the cluster's overhead (bench_cluster), not a backend's timing
            continue
        key = tuple(row.get(c, "") for c in ("game", "strategy", "backend", "first_guess",
                                              "case_equivalence", "device"))
        latest[key] = row
    return sorted(latest.values(), key=_table_order)


def markdown_table(rows: list[dict]) -> str:
    """A GitHub markdown table of `rows` (the README's benchmark table)."""
    header = "| " + " | ".join(title for _, title in TABLE_COLUMNS) + " |"
    rule = "|" + "|".join("---" for _ in TABLE_COLUMNS) + "|"
    lines = [header, rule]
    for row in rows:
        cells = []
        for column, _ in TABLE_COLUMNS:
            value = row.get(column, "")
            if column == "scores" and value:
                value = f"{int(value):,}"
            elif column == "date":
                value = value[:10]
            cells.append(value)
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def machine_line(rows: list[dict]) -> str:
    """One line naming the machine(s) of `rows`."""
    machines = sorted({(r.get("cpu_model", ""), r.get("cores", ""), r.get("device", "")) for r in rows})
    parts = []
    for model, cores, device in machines:
        part = f"{model}, {cores} cores"
        if device:
            part += f", {device}"
        parts.append(part)
    return "; ".join(parts)


# -- the cluster path against in-process -----------------------------------------------

# A sweep row's `strategy` is "sweep STRATEGY"; cluster rows name their `scheduler`
# ('in-process', or the address and the number of workers).
SWEEP_ROW = "sweep"
IN_PROCESS = "in-process"


def bench_cluster(address: str, game=None, strategy="knuth", sweep_games: "str | None" = None,
                  repeats: int = 3, command: str = "", optimal: bool = False,
                  backend: str = "cpu") -> list[dict]:
    """Two rows, in-process and on the cluster at `address`: a solve of `game`, or a sweep,
    or (`optimal`) the exact optimal search of `game` (strategy "optimal", objective total).

    The two runs take turns (in-process, cluster, in-process, ...), so that a
    change in the machine's load hits both alike; one untimed run of each
    first loads the kernels (in every worker too). A sweep plays every first
    guess of `sweep_games` with `strategy` into temporary tables (--redo), the
    cluster's time including the client writing the tables. The rows carry
    `scheduler` and, for sweeps, `sweep_games`; `threads` is the worker threads
    of the cluster row, and `cpu_util` is left empty there (the work runs in
    other processes). An optimal search's in-process run uses its own worker
    processes (one per core) from 2,000 codewords on; its rows' `scores` are
    each side's last search's (they differ a little with how parts meet the
    workers' caches), and the two totals must agree. A solve with `backend` "cuda" runs on this
    process's GPU, and on the cluster's GPU workers (dask-cuda's LocalCUDACluster for local:N).
    """
    import tempfile

    from ..core.cluster import open_client, worker_count
    from ..core.solve import parse_backend, solve
    from .first_guess import parse_games, plan_sweep, run_sweep

    if repeats < 1:
        raise ValueError(f"repeats must be at least 1, got {repeats}")
    backend = parse_backend(backend)
    if backend not in ("cpu", "cuda") or (backend == "cuda" and (optimal or sweep_games is not None)):
        raise ValueError(f"a cluster benchmark of {'a sweep' if sweep_games else 'the optimal search' if optimal else 'a solve'}"
                         f" runs on the cpu backend{' or cuda' if not (optimal or sweep_games) else ''}, "
                         f"not {backend}")
    if not optimal:
        strategy = Strategy.parse(strategy)
    label_of_strategy = OPTIMAL_ROW if optimal else strategy.label
    load = load_average()
    with open_client(address, backend) as client, tempfile.TemporaryDirectory() as scratch:
        if sweep_games is not None:
            games = parse_games(sweep_games)
            plan = plan_sweep(games, [strategy], Path(scratch) / "none.csv", redo=True)

            def run(with_client):
                started = time.perf_counter()
                run_sweep(plan, "cpu", "auto", Path(scratch) / "results.csv",
                          Path(scratch) / "first_guesses.csv", progress=False, client=with_client)
                return time.perf_counter() - started, None
        elif optimal:
            from ..core.optimal import optimal as optimal_search

            game = Game.parse(game)

            def run(with_client):
                result = optimal_search(game, client=with_client)
                return result.elapsed_s, result
        else:
            game = Game.parse(game)

            def run(with_client):
                result = solve(game, strategy, backend, client=with_client)
                return result.elapsed_s, result

        times = {IN_PROCESS: [], address: []}
        outcome, scores_of = {}, {}
        for repeat in range(repeats + 1):
            for label, with_client in ((IN_PROCESS, None), (address, client)):
                seconds, result = run(with_client)
                if result is not None:
                    # An optimal search's scores depend on the order its parts meet the caches.
                    found = (result.total_turns, result.max_turns if optimal else result.scores)
                    if label in outcome and found != outcome[label]:
                        raise RuntimeError(f"{game.name}: repeated solves differ")
                    outcome[label] = found
                    scores_of[label] = result.scores
                if repeat:  # the first round warms up
                    times[label].append(seconds)
        if len(set(outcome.values())) > 1:
            raise RuntimeError(f"{game.name} {label_of_strategy}: the cluster's result differs")
        threads = {IN_PROCESS: _threads(backend), address: sum(client.nthreads().values())}
        if optimal:  # its worker processes, one per core (see core.optimal)
            from ..core.optimal import config

            threads[IN_PROCESS] = min(os.cpu_count() or 1, config.MAX_WORKERS) \
                if game.size >= config.PARALLEL_MIN_CODEWORDS else 1
        workers = worker_count(client)
        # Read while the client is open: a cluster row's machine names the cluster.
        where = provenance("optimal" if optimal else solve_engine(backend), backend, client)
    device = ""
    if backend == "cuda":
        from ..core.solver_cuda import device_name

        device = device_name()
    rows = []
    for label, measured in times.items():
        median = statistics.median(measured)
        turns = outcome.get(label, ("",))[0]
        scores = scores_of.get(label, "")
        rows.append(_in_order({
                "game": (parse_games(sweep_games)[-1].name if sweep_games else game.name),
            "strategy": f"{SWEEP_ROW} {label_of_strategy}" if sweep_games else label_of_strategy,
            "backend": backend, "first_guess": "" if sweep_games else result.first_guess_text,
            "case_equivalence": "on" if optimal else "auto", "repeats": str(repeats),
            "median_s": f"{median:.4f}", "min_s": f"{min(measured):.4f}", "compile_s": "",
            "scores": str(scores), "scores_per_s": f"{scores / median:.4g}" if scores else "",
            "total_turns": str(turns),
            "max_turns": str(outcome[label][1]) if optimal else "", "peak_rss_mib": f"{peak_rss_mib():.0f}",
            "cpu_model": cpu_model(), "cores": str(os.cpu_count() or 1),
            "threads": str(threads[label]), "device": device, "load_avg": f"{load:.2f}", "cpu_util": "",
            **where,
            "command": command,
            "scheduler": label if label == IN_PROCESS else f"{address} ({workers} workers)",
            "sweep_games": sweep_games or "",
        }))
    return rows
