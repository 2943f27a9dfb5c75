#!/usr/bin/env python3
"""Go on with a checkpointed exact search for a fixed time on a borrowed machine, and pack the
folder to carry it back.

Run from the repository root on the machine with many cores (its python3 needs numpy, numba,
pandas, tqdm and filelock; mmlib itself is found through PYTHONPATH, no install needed):

    PYTHONPATH=. python3 scripts/checkpoint_session.py 7p4c data/checkpoints/7p4c-total \\
        --workers 16 --time-limit 480 --stepwise-min 250 --out "$OUT"

It prints the machine and the versions, then runs `python -m mmlib optimal GAME --checkpoint
DIR --workers N --time-limit S --stepwise-min M`, which stops at the time limit with what it
proved kept in DIR (step logs written, the run's time in runs.json). Every minute, and at the
end, it prints where the search stands (`checkpoint_summary`), and last opening by opening
(`optimal-status`). Then it packs DIR (without its lock) into OUT/NAME.tgz; unpack that over DIR here and commit it:

    tar xzf FILES_AT/NAME.tgz            # from the repository root: it holds DIR's path
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tarfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def describe_machine() -> str:
    sys.path.insert(0, str(ROOT))
    import numba
    import numpy

    from mmlib.core.machine import machine_label

    return (f"{machine_label()}; Python {platform.python_version()}, numpy {numpy.__version__}, "
            f"numba {numba.__version__}")


def summary_line(folder: Path) -> str:
    from mmlib.core.optimal.checkpoint import checkpoint_summary

    found = checkpoint_summary(folder)
    logs = found["step_logs"]
    # One line a person can read each minute: the step logs summed (optimal-status has each one).
    steps = (f"{len(logs)} parts, {sum(s['second_guesses'] for s in logs):,} second guesses, "
             f"{sum(s['positions'] for s in logs):,} positions") if logs else "none"
    return (f"{found['runs']} runs, {found['core_hours']} core-hours; parts exact {found['parts_exact']}, "
            f"bounded {found['parts_bounded']}; step logs: {steps}")


def pack(folder: Path, out: Path) -> Path:
    """DIR as OUT/NAME.tgz, its paths relative to the repository root, the lock left out."""
    out.mkdir(parents=True, exist_ok=True)
    target = out / f"{folder.name}.tgz"
    with tarfile.open(target, "w:gz") as archive:
        for path in sorted(folder.rglob("*")):
            if path.is_file() and path.name != ".lock" and not path.name.startswith("."):
                archive.add(path, arcname=str(path.resolve().relative_to(ROOT)))
    return target


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("folder")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--time-limit", type=float, required=True)
    parser.add_argument("--stepwise-min", type=int, default=None)
    parser.add_argument("--objective", default="total")
    parser.add_argument("--out", default=os.environ.get("OUT", "."))
    args = parser.parse_args(argv)
    folder = (ROOT / args.folder).resolve()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    print(describe_machine(), flush=True)
    print("before:", summary_line(folder), flush=True)
    command = [sys.executable, "-m", "mmlib", "optimal", args.game, "--objective", args.objective,
               "--checkpoint", str(folder), "--workers", str(args.workers),
               "--time-limit", str(args.time_limit), "--json"]
    if args.stepwise_min is not None:
        command += ["--stepwise-min", str(args.stepwise_min)]
    print("+", " ".join(command), flush=True)
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    started = time.monotonic()
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
    while process.poll() is None:
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            print(f"{time.monotonic() - started:6.0f} s:", summary_line(folder), flush=True)
            if time.monotonic() - started > args.time_limit + 90:  # it should have stopped by now
                print("past its time limit: ended (SIGTERM)", flush=True)
                process.terminate()
    output = process.stdout.read()
    status = process.returncode
    print(f"exit status {status} after {time.monotonic() - started:.0f} s", flush=True)
    if status == 0:  # the search finished: its result
        result = json.loads(output)
        print(json.dumps({k: result.get(k) for k in ("game", "objective", "total_turns", "max_turns",
                                                     "first_guess")}), flush=True)
        (out / f"{folder.name}.result.json").write_text(output)
    print("after:", summary_line(folder), flush=True)
    from mmlib.core.optimal.standing import checkpoint_standing, describe_standing

    print(describe_standing(checkpoint_standing(folder)), flush=True)  # opening by opening
    print("packed:", pack(folder, out), flush=True)
    return 0 if status in (0, 3) else status


if __name__ == "__main__":
    sys.exit(main())
