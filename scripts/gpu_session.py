#!/usr/bin/env python3
"""Check and time the `cuda` backend on a machine with an NVIDIA GPU.

Run from the repository root on the GPU machine (its python3 needs numpy,
numba, numba-cuda with NVVM, pandas, tqdm and pytest; mmlib itself is found
through PYTHONPATH, no install needed):

    PYTHONPATH=. python3 scripts/gpu_session.py check
        the CUDA tests (tests/test_solver_cuda.py) on the real device
    PYTHONPATH=. python3 scripts/gpu_session.py bench [--games 5p8c,6p6c,7p6c,7p7c,8p6c]
            [--strategies knuth,expected-size,entropy,most-parts] [--case-equivalence auto|on|off|both]
            [--check-cpu] [--csv data/benchmarks.csv]
        times every game with every strategy, prints a table and appends one row
        per solve to the CSV, with the device's name
    PYTHONPATH=. python3 scripts/gpu_session.py all      check, then bench with the defaults

Targets on an H100: 7p7c Knuth under 2.0 s; 8p8c Knuth (`bench --games 8p8c
--strategies knuth`) under 10 minutes. `elapsed_s` excludes kernel compilation,
which is reported apart as `compile_s` (the first solve of each pin count
compiles its kernels).
"""

from __future__ import annotations

import argparse
import csv
import io
import os
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_GAMES = ("5p8c", "6p6c", "7p6c", "7p7c", "8p6c")
STRATEGIES = ("knuth", "expected-size", "entropy", "most-parts")
CSV_COLUMNS = (
    "date_utc", "device", "backend", "game", "strategy", "first_guess", "case_equivalence",
    "total_turns", "max_turns", "average_turns", "scores", "scores_saved", "elapsed_s",
    "compile_s", "scores_per_s", "commit",
)


def run_check() -> int:
    """The CUDA tests, on the real device (the simulator off)."""
    env = dict(os.environ, MMLIB_REAL_GPU="1", NUMBA_ENABLE_CUDASIM="0")
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    command = [sys.executable, "-m", "pytest", "tests/test_solver_cuda.py", "-q", "-p", "no:cacheprovider",
               "-ra", "--durations=10"]
    print("+", " ".join(command), flush=True)
    return subprocess.run(command, cwd=ROOT, env=env, check=False).returncode


def commit() -> str:
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                             text=True, timeout=10, check=False)
        return out.stdout.strip() or "unknown"
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def append_rows(path: Path, rows: list[dict]) -> None:
    """Append rows to the CSV (header written if the file is new), through a rename."""
    sys.path.insert(0, str(ROOT))
    from mmlib.cli import write_atomically

    old = path.read_text() if path.exists() else ""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS, extrasaction="ignore", lineterminator="\n")
    if not old:
        writer.writeheader()
    writer.writerows(rows)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, old + out.getvalue())


def run_bench(games, strategies, modes, csv_path: Path, check_cpu: bool) -> int:
    sys.path.insert(0, str(ROOT))
    import numpy as np

    from mmlib import solve
    from mmlib.solver_cuda import device_name

    device = device_name()
    print(f"device: {device}", flush=True)
    header = f"{'game':6} {'strategy':14} {'ce':5} {'turns':>10} {'max':>4} {'scores':>20} " \
             f"{'elapsed s':>10} {'compile s':>10} {'scores/s':>10}"
    print(header)
    print("-" * len(header), flush=True)
    rows, failures = [], 0
    for game in games:
        for strategy in strategies:
            for mode in modes:
                result = solve(game, strategy, "cuda", case_equivalence=mode)
                rate = result.scores / result.elapsed_s if result.elapsed_s > 0 else float("nan")
                print(f"{game:6} {strategy:14} {('on' if result.case_equivalence else 'off'):5} "
                      f"{result.total_turns:>10,} {result.max_turns:>4} {result.scores:>20,} "
                      f"{result.elapsed_s:>10.3f} {result.compile_s:>10.2f} {rate:>10.3g}", flush=True)
                rows.append({
                    "date_utc": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
                    "device": device, "backend": "cuda", "game": game, "strategy": strategy,
                    "first_guess": result.first_guess_text,
                    "case_equivalence": "on" if result.case_equivalence else "off",
                    "total_turns": result.total_turns, "max_turns": result.max_turns,
                    "average_turns": f"{result.average_turns:.6f}", "scores": result.scores,
                    "scores_saved": result.scores_saved, "elapsed_s": f"{result.elapsed_s:.4f}",
                    "compile_s": f"{result.compile_s:.2f}", "scores_per_s": f"{rate:.4g}",
                    "commit": commit(),
                })
                if check_cpu:
                    started = time.perf_counter()
                    expected = solve(game, strategy, "cpu")
                    same = np.array_equal(result.guesses, expected.guesses)
                    failures += not same
                    print(f"       cpu backend: {'same guesses' if same else 'DIFFERENT GUESSES'} "
                          f"({time.perf_counter() - started:.1f} s)", flush=True)
    append_rows(csv_path, rows)
    print(f"appended {len(rows)} rows to {csv_path}")
    return 1 if failures else 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("check", "bench", "all"))
    parser.add_argument("--games", default=",".join(DEFAULT_GAMES))
    parser.add_argument("--strategies", default=",".join(STRATEGIES))
    parser.add_argument("--case-equivalence", default="auto", choices=("auto", "on", "off", "both"))
    parser.add_argument("--check-cpu", action="store_true",
                        help="also solve each game on the cpu backend and compare the guesses")
    parser.add_argument("--csv", default=str(ROOT / "data" / "benchmarks.csv"))
    args = parser.parse_args(argv)
    status = 0
    if args.what in ("check", "all"):
        status = run_check()
    if args.what in ("bench", "all"):
        modes = ("off", "on") if args.case_equivalence == "both" else (args.case_equivalence,)
        status = run_bench([g.strip() for g in args.games.split(",") if g.strip()],
                           [s.strip() for s in args.strategies.split(",") if s.strip()],
                           modes, Path(args.csv), args.check_cpu) or status
    return status


if __name__ == "__main__":
    sys.exit(main())
