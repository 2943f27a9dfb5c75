"""A/B of the exact search's part order (config.PART_ORDER): which order of a candidate's parts
proves fastest that a game cannot be won within some number of turns, and costs nothing elsewhere.

Every run is a fresh process (no tables or position cache carried over from the other order's
run, which would flatter whichever runs second; one warm-up run first compiles the engine), the
orders alternate, and the medians are written to data/part_order.csv:

    python -m mmlib.studies.part_order 4p8c:5 5p6c:5 4p7c:-  --repeats 3

A case is GAME:MAX_TURNS (- for no limit). Each row: the game and limit, the order, the runs,
their median and every run's seconds (`optimal(game, max_turns, workers=1)`, the heuristics'
bound included), the answer (total and max, or "infeasible"), the machine and the command.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path

ORDERS = ("smallest", "adaptive")
COLUMNS = ["date", "game", "max_turns", "part_order", "runs", "median_s", "seconds", "answer",
           "machine", "command"]
DEFAULT_CSV = Path(__file__).resolve().parents[2] / "data" / "part_order.csv"

_CHILD = r"""
import json, sys, time
from mmlib.core.optimal import config
config.PART_ORDER = sys.argv[1]
from mmlib.core.optimal import optimal
cap = None if sys.argv[3] == "-" else int(sys.argv[3])
started = time.perf_counter()
try:
    result = optimal(sys.argv[2], max_turns=cap, workers=1)
    answer = f"{result.total_turns} max {result.max_turns}"
except ValueError:
    answer = "infeasible"
print(json.dumps([time.perf_counter() - started, answer]))
"""


def parse_case(text: str) -> tuple[str, "int | None"]:
    from ..core.games import Game

    name, sep, cap = text.partition(":")
    if not sep or not (cap == "-" or cap.isdigit()):
        raise ValueError(f"case {text!r}: write GAME:MAX_TURNS, e.g. 5p6c:5 (or 4p7c:- for no limit)")
    return Game.parse(name).name, (None if cap == "-" else int(cap))


def time_once(order: str, game: str, max_turns: "int | None") -> tuple[float, str]:
    """One `optimal()` call in a fresh process under this part order: (seconds, answer)."""
    done = subprocess.run([sys.executable, "-c", _CHILD, order, game, "-" if max_turns is None else str(max_turns)],
                          capture_output=True, text=True, check=True)
    seconds, answer = json.loads(done.stdout.strip().splitlines()[-1])
    return float(seconds), answer


def compare(cases, repeats: int = 3) -> list[dict]:
    """Rows of COLUMNS (date, machine and command left for the caller), two per case."""
    time_once(ORDERS[0], "3p3c", None)  # a warm-up: the engine compiled and cached on disk
    rows = []
    for game, max_turns in cases:
        seconds = {order: [] for order in ORDERS}
        answers = {order: set() for order in ORDERS}
        for r in range(repeats):
            for order in (ORDERS if r % 2 == 0 else ORDERS[::-1]):
                took, answer = time_once(order, game, max_turns)
                seconds[order].append(took)
                answers[order].add(answer)
        if len(answers["smallest"] | answers["adaptive"]) != 1:
            raise AssertionError(f"{game} within {max_turns}: the part orders disagree: {answers}")
        for order in ORDERS:
            rows.append({"game": game, "max_turns": max_turns, "part_order": order, "runs": repeats,
                         "median_s": round(statistics.median(seconds[order]), 3),
                         "seconds": " ".join(f"{s:.3f}" for s in seconds[order]),
                         "answer": answers[order].pop()})
    return rows


def main(argv=None) -> int:
    import pandas as pd

    from ..core.files import write_atomically
    from ..core.machine import machine_label

    parser = argparse.ArgumentParser(prog="python -m mmlib.studies.part_order", description=__doc__.split("\n\n")[0])
    parser.add_argument("cases", nargs="+", metavar="GAME:MAX_TURNS")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--csv", type=Path, default=DEFAULT_CSV)
    args = parser.parse_args(argv)
    try:
        cases = [parse_case(text) for text in args.cases]
        if args.repeats < 1:
            raise ValueError(f"--repeats {args.repeats}: at least 1")
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    rows = compare(cases, args.repeats)
    stamp = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S")
    command = "python -m mmlib.studies.part_order " + " ".join(args.cases) + f" --repeats {args.repeats}"
    for row in rows:
        row.update(date=stamp, machine=machine_label(), command=command)
    new = pd.DataFrame(rows, columns=COLUMNS)
    table = pd.concat([pd.read_csv(args.csv), new]) if args.csv.exists() else new
    table["max_turns"] = table["max_turns"].astype("Int64")
    write_atomically(args.csv, table.to_csv(index=False))
    for smallest, adaptive in zip(rows[::2], rows[1::2]):
        within = smallest["max_turns"] or "any number of"
        print(f"{smallest['game']} within {within} turns: {smallest['answer']}; smallest first "
              f"{smallest['median_s']:.2f} s, adaptive {adaptive['median_s']:.2f} s, "
              f"x{smallest['median_s'] / adaptive['median_s']:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
