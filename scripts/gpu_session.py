#!/usr/bin/env python3
"""Check and time the `cuda` backend on a machine with an NVIDIA GPU.

Run from the repository root on the GPU machine (its python3 needs numpy,
numba, numba-cuda with NVVM, pandas, tqdm and pytest; mmlib itself is found
through PYTHONPATH, no install needed):

    PYTHONPATH=. python3 scripts/gpu_session.py check
        the CUDA tests (tests/test_solver_cuda.py, tests/test_rules_cuda.py) on the real device
    PYTHONPATH=. python3 scripts/gpu_session.py bench [--games 5p8c,6p6c,7p6c,7p7c,8p6c]
            [--strategies knuth,expected-size,entropy,most-parts] [--case-equivalence auto|on|off|both]
            [--check-cpu] [--csv data/benchmarks.csv]
        times every game with every strategy, prints a table and appends one row
        per solve to the CSV, with the device's name
    PYTHONPATH=. python3 scripts/gpu_session.py ab --tunable SUBSET_HITS --values lanes,thermometer
            [--games 7p7c] [--strategies knuth] [--rounds 3]
        one tunable of mmlib.core.config at each value, solves taking turns in one process
        (compile excluded), the same guesses required; rows to data/gpu_ab.csv
    PYTHONPATH=. python3 scripts/gpu_session.py phases [--games 7p7c] [--strategies knuth]
        where one solve's seconds go, turn by turn: phase 1, phase 2 up to host sync 2, the
        host's search plan, the searches; rows to data/gpu_phases.csv
    ncu --profile-from-start off --kernel-name regex:subsetting --launch-count 3 ... \
        python3 scripts/gpu_session.py profile --turn 4 [--games 7p7c] [--strategies knuth]
        one warm solve with the CUDA profiler on only while turn 4's searches run, so that
        Nsight Compute (started with --profile-from-start off) measures that turn's launches
    PYTHONPATH=. python3 scripts/gpu_session.py all      check, then bench with the defaults

The device image of 2026-11-26 has numpy 2.5.2, which removed np.row_stack; its numba-cuda still
reads it when it compiles the first kernel, so every CUDA test fails there with an AttributeError
inside numba-cuda. Carry numpy 2.4 as a wheel and put it first on the path (the device tool's
README says how): `PYTHONPATH=/tmp/site python3 scripts/gpu_session.py check` then passes
(data/device_runs/2026-11-26_h100_gpu_tests.md).

Targets on an H100: 7p7c Knuth under 2.0 s; 8p8c Knuth (`bench --games 8p8c
--strategies knuth`) under 10 minutes. `elapsed_s` excludes kernel compilation,
which is reported apart as `compile_s` (the first solve of each pin count
compiles its kernels).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_GAMES = ("5p8c", "6p6c", "7p6c", "7p7c", "8p6c")
STRATEGIES = ("knuth", "expected-size", "entropy", "most-parts")


def run_check() -> int:
    """The CUDA tests, on the real device (the simulator off)."""
    env = dict(os.environ, MMLIB_REAL_GPU="1", NUMBA_ENABLE_CUDASIM="0")
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    command = [sys.executable, "-m", "pytest", "tests/test_solver_cuda.py", "tests/test_rules_cuda.py", "-q",
               "-p", "no:cacheprovider", "-ra", "--durations=10"]
    print("+", " ".join(command), flush=True)
    return subprocess.run(command, cwd=ROOT, env=env, check=False).returncode


def recorded_cpu_rows(path: Path = ROOT / "data" / "benchmarks.csv") -> dict:
    """(game, strategy, first guess, case equivalence) -> (total turns, scores) of the cpu rows
    already in data/benchmarks.csv: what a cuda solve of a large game must reproduce."""
    import csv

    recorded = {}
    if path.exists():
        with open(path, newline="") as handle:
            for row in csv.DictReader(handle):
                if row["backend"] == "cpu" and row["total_turns"] and row["strategy"] != "optimal":
                    key = (row["game"], row["strategy"], row["first_guess"], row["case_equivalence"])
                    recorded[key] = (int(row["total_turns"]), int(row["scores"]))
    return recorded


def run_bench(games, strategies, modes, csv_path: Path, check_cpu: bool, repeats: int,
              warm_up: bool = True) -> int:
    """`mmlib bench --backend cuda` for every game, strategy and mode: one CSV layout for all."""
    sys.path.insert(0, str(ROOT))
    import warnings

    import numpy as np
    from numba.core.errors import NumbaPerformanceWarning

    # Small turns launch small grids on purpose; numba-cuda's occupancy warning would drown the table.
    warnings.simplefilter("ignore", NumbaPerformanceWarning)

    from mmlib import solve
    from mmlib.studies.bench import append_rows, bench_solve, markdown_table
    from mmlib.core.solver_cuda import device_name
    from mmlib.studies.commands import rerun_command

    print(f"device: {device_name()}", flush=True)
    command = rerun_command("python3 scripts/gpu_session.py", sys.argv[1:])
    rows, failures = [], 0
    recorded = recorded_cpu_rows()
    for game in games:
        for strategy in strategies:
            for mode in modes:
                row = bench_solve(game, strategy, "cuda", case_equivalence=mode, repeats=repeats,
                                  command=command, warm_up=warm_up)
                append_rows([row], csv_path)  # saved as soon as measured
                rows.append(row)
                print(f"{game:6} {strategy:14} ce {row['case_equivalence']:3} median {row['median_s']} s "
                      f"scores {int(row['scores']):,} ({row['scores_per_s']}/s) compile {row['compile_s']} s",
                      flush=True)
                key = (game, strategy, str(row["first_guess"]), str(row["case_equivalence"]))
                if key in recorded:  # a cpu run of the same solve is on record: same turns, same scores
                    same = recorded[key] == (int(row["total_turns"]), int(row["scores"]))
                    failures += not same
                    print(f"       recorded cpu row: {'same' if same else 'DIFFERENT'} total turns and scores "
                          f"{recorded[key]}", flush=True)
                if check_cpu:
                    same = np.array_equal(solve(game, strategy, "cuda", case_equivalence=mode).guesses,
                                          solve(game, strategy, "cpu", case_equivalence=mode).guesses)
                    failures += not same
                    print(f"       cpu backend: {'same guesses' if same else 'DIFFERENT GUESSES'}", flush=True)
    print(markdown_table(rows))
    print(f"appended {len(rows)} rows to {csv_path}")
    return 1 if failures else 0


AB_CSV = ROOT / "data" / "gpu_ab.csv"
PHASES_CSV = ROOT / "data" / "gpu_phases.csv"


def append_table(rows: list, path: Path) -> None:
    """Append rows to a table of their own columns (the file's first, then any new), atomically."""
    import csv
    import io

    from mmlib.core.files import locked, write_atomically
    from mmlib.core.tables import read_table

    with locked(path):
        old = read_table(path) if path.exists() else []
        columns = list(old[0]) if old else []
        for row in rows:
            columns += [column for column in row if column not in columns]
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=columns, lineterminator="\n")
        writer.writeheader()
        writer.writerows({column: row.get(column, "") for column in columns} for row in old + rows)
        write_atomically(path, out.getvalue())


def _setup_device_imports():
    sys.path.insert(0, str(ROOT))
    import warnings

    from numba.core.errors import NumbaPerformanceWarning

    # Small turns launch small grids on purpose; numba-cuda's occupancy warning would drown the table.
    warnings.simplefilter("ignore", NumbaPerformanceWarning)


def run_ab(games, strategies, mode: str, rounds: int, tunable: str, values: list,
           csv_path: Path = AB_CSV) -> int:
    """config.`tunable` at each of `values` (the first is the baseline), solves taking turns:
    medians and their ratios to the first."""
    _setup_device_imports()
    import statistics

    import numpy as np

    from mmlib.core import config
    from mmlib.core.games import Game
    from mmlib.core.machine import provenance
    from mmlib.core.solve import solve
    from mmlib.studies.commands import rerun_command

    command = rerun_command("python3 scripts/gpu_session.py", sys.argv[1:])
    if not hasattr(config, tunable):
        raise SystemExit(f"mmlib.core.config has no tunable {tunable}")
    kept = getattr(config, tunable)
    failures = 0
    for game in games:
        for strategy in strategies:
            first = {}
            for value in values:  # warm-up: compiles each value's kernels, and the result to compare
                setattr(config, tunable, value)
                first[value] = solve(game, strategy, "cuda", case_equivalence=mode)
            base = first[values[0]]
            same = all(np.array_equal(r.guesses, base.guesses) and r.scores == base.scores
                       for r in first.values())
            failures += not same
            seconds = {value: [] for value in values}
            rows = []
            for round_number in range(1, rounds + 1):
                for value in (values if round_number % 2 else values[::-1]):
                    setattr(config, tunable, value)
                    result = solve(game, strategy, "cuda", case_equivalence=mode)
                    seconds[value].append(result.elapsed_s)
                    rows.append({**provenance("solve-cuda", "cuda"), "game": Game.parse(game).name,
                                 "strategy": strategy, "case_equivalence": "on" if result.case_equivalence else "off",
                                 "tunable": tunable, "value": str(value), "round": str(round_number),
                                 "seconds": f"{result.elapsed_s:.4f}", "scores": str(int(result.scores)),
                                 "total_turns": str(result.total_turns), "same_guesses": "yes" if same else "no",
                                 "command": command})
            setattr(config, tunable, kept)
            append_table(rows, csv_path)
            medians = {value: statistics.median(seconds[value]) for value in values}
            print(f"{game:6} {strategy:14} ce {mode:4} {tunable}: "
                  + "  ".join(f"{v} {m:.3f} s ({medians[values[0]] / m:.2f}x)" for v, m in medians.items())
                  + f"  (medians of {rounds}: {seconds})  same guesses and scores: {same}", flush=True)
    return 1 if failures else 0


def run_phases(games, strategies, mode: str, csv_path: Path = PHASES_CSV) -> int:
    """One warm solve per game and strategy, its seconds turn by turn."""
    _setup_device_imports()
    from mmlib.core.games import Game
    from mmlib.core.machine import provenance
    from mmlib.core.solve import solve
    from mmlib.core.solver_cuda import solve_cuda
    from mmlib.core.openings import default_first_guess
    from mmlib.core.strategies import Strategy
    from mmlib.studies.commands import rerun_command

    command = rerun_command("python3 scripts/gpu_session.py", sys.argv[1:])
    for name in games:
        for strategy in strategies:
            game, parsed = Game.parse(name), Strategy.parse(strategy)
            solve(game, parsed, "cuda", case_equivalence=mode)  # compiles
            turns: list = []
            result = solve_cuda(game, parsed, default_first_guess(game, parsed), case_equivalence=mode,
                                phase_times=turns)
            keys = ("phase1_s", "settle_s", "plan_s", "search_s")
            totals = {k: sum(t[k] for t in turns) for k in keys}
            host = result.elapsed_s - sum(totals.values())
            print(f"{game.name} {parsed.label} ce {mode}: {result.elapsed_s:.3f} s; "
                  + ", ".join(f"{k} {v:.3f} s ({v / result.elapsed_s:.0%})" for k, v in totals.items())
                  + f", outside the turns {host:.3f} s", flush=True)
            print("turn  games_active  regions  searched  phase1_s  settle_s  plan_s  search_s")
            rows = []
            for t in turns:
                print(f"{t['turn']:4} {t['games_active']:13,} {t['regions']:8,} {t['searched_regions']:9,} "
                      + "  ".join(f"{t[k]:8.4f}" for k in keys))
                rows.append({**provenance("solve-cuda", "cuda"), "game": game.name, "strategy": parsed.label,
                             "case_equivalence": "on" if result.case_equivalence else "off",
                             "turn": str(t["turn"]), "games_active": str(t["games_active"]),
                             "regions": str(t["regions"]), "searched_regions": str(t["searched_regions"]),
                             **{k: f"{t[k]:.4f}" for k in keys}, "solve_seconds": f"{result.elapsed_s:.4f}",
                             "command": command})
            append_table(rows, csv_path)
    return 0


def run_profile(games, strategies, mode: str, turn: int) -> int:
    """A warm solve per game and strategy with the CUDA profiler started for `turn`'s phase 2 only."""
    _setup_device_imports()
    from numba import cuda

    from mmlib.core import solver_cuda
    from mmlib.core.solve import solve

    phase2 = solver_cuda._DeviceRun._phase2
    # numba-cuda's profile_start/stop on a GPU (cuProfilerStart/Stop); the simulator has none.
    start = getattr(cuda, "profile_start", lambda: None)
    stop = getattr(cuda, "profile_stop", lambda: None)

    def profiled_phase2(self, this_turn, *args, **kwargs):
        if this_turn != turn:
            return phase2(self, this_turn, *args, **kwargs)
        cuda.synchronize()
        start()
        try:
            return phase2(self, this_turn, *args, **kwargs)
        finally:
            cuda.synchronize()
            stop()

    for game in games:
        for strategy in strategies:
            solve(game, strategy, "cuda", case_equivalence=mode)  # compiles, unprofiled
            solver_cuda._DeviceRun._phase2 = profiled_phase2
            try:
                result = solve(game, strategy, "cuda", case_equivalence=mode)
            finally:
                solver_cuda._DeviceRun._phase2 = phase2
            print(f"{game} {strategy} ce {mode}: profiled turn {turn}; the solve took {result.elapsed_s:.3f} s "
                  "under the profiler", flush=True)
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("check", "bench", "ab", "phases", "profile", "all"))
    parser.add_argument("--turn", type=int, default=4, help="profile: the turn whose searches are profiled")
    parser.add_argument("--rounds", type=int, default=3, help="ab: solves of each value, taking turns")
    parser.add_argument("--tunable", default="SUBSET_HITS", help="ab: the name of a tunable of mmlib.core.config")
    parser.add_argument("--values", default="lanes,thermometer",
                        help="ab: its values, comma-separated, the baseline first (whole numbers are read as such)")
    parser.add_argument("--games", default=",".join(DEFAULT_GAMES))
    parser.add_argument("--strategies", default=",".join(STRATEGIES))
    parser.add_argument("--case-equivalence", default="auto", choices=("auto", "on", "off", "both"))
    parser.add_argument("--check-cpu", action="store_true",
                        help="also solve each game on the cpu backend and compare the guesses")
    parser.add_argument("--csv", default=str(ROOT / "data" / "benchmarks.csv"))
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--no-warm-up", action="store_true",
                        help="no untimed solve first (for games too long to solve twice; compile time is "
                             "still taken out)")
    args = parser.parse_args(argv)
    status = 0
    if args.what in ("check", "all"):
        status = run_check()
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    strategies = [s.strip() for s in args.strategies.split(",") if s.strip()]
    if args.what == "ab":
        mode = "on" if args.case_equivalence == "auto" else args.case_equivalence
        values = [int(v) if v.strip().isdigit() else v.strip() for v in args.values.split(",") if v.strip()]
        status = run_ab(games, strategies, mode, args.rounds, args.tunable, values)
    if args.what == "phases":
        mode = "on" if args.case_equivalence == "auto" else args.case_equivalence
        status = run_phases(games, strategies, mode)
    if args.what == "profile":
        mode = "on" if args.case_equivalence == "auto" else args.case_equivalence
        status = run_profile(games, strategies, mode, args.turn)
    if args.what in ("bench", "all"):
        modes = ("off", "on") if args.case_equivalence == "both" else (args.case_equivalence,)
        status = run_bench([g.strip() for g in args.games.split(",") if g.strip()],
                           [s.strip() for s in args.strategies.split(",") if s.strip()],
                           modes, Path(args.csv), args.check_cpu, args.repeats,
                           not args.no_warm_up) or status
    return status


if __name__ == "__main__":
    sys.exit(main())
