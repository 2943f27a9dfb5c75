"""A/B of one tunable of the exact search (`mmlib.core.optimal.config`): every run a fresh process.

A fresh process per run carries no tables or position cache over from the other setting's run
(which would flatter whichever runs second); one warm-up run first compiles the engine. The
settings alternate (A B, B A, ...), and each case's medians are written to a CSV under data/.
The studies built on it (`part_order`, `root_bound`) name the tunable, its two settings and the
worker processes each run uses.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

from ..core.machine import provenance

DATA = Path(__file__).resolve().parents[2] / "data"
# The last columns of every study's table: where and with what it ran (`provenance`; the date is
# each table's first column) and the command.
STUDY_TAIL = ["machine", "command", "mmlib_version", "engine"]

# One `optimal()` call in a fresh process, with config.<tunable> set first unless the tunable is "-";
# its last line: [seconds, [answer, positions searched]].
_CHILD = r"""
import json, sys, time
from mmlib.core.optimal import config
if sys.argv[1] != "-":
    setattr(config, sys.argv[1], json.loads(sys.argv[2]))
from mmlib.core.optimal import optimal
cap = None if sys.argv[4] == "-" else int(sys.argv[4])
started = time.perf_counter()
try:
    result = optimal(sys.argv[3], max_turns=cap, workers=int(sys.argv[5]))
    answer = [f"{result.total_turns} max {result.max_turns}", int(result.nodes_searched)]
except ValueError:
    answer = ["infeasible", 0]
print(json.dumps([time.perf_counter() - started, answer]))
"""


def parse_case(text: str) -> tuple[str, "int | None"]:
    from ..core.games import Game

    name, sep, cap = text.partition(":")
    if not sep or not (cap == "-" or cap.isdigit()):
        raise ValueError(f"case {text!r}: write GAME:MAX_TURNS, e.g. 5p6c:5 (or 4p7c:- for no limit)")
    return Game.parse(name).name, (None if cap == "-" else int(cap))


def run_child(script: str, *args: str) -> tuple[float, object]:
    """Run `script` in a fresh Python with `args`; its last line of output is the JSON pair
    [seconds, answer] it measured."""
    done = subprocess.run([sys.executable, "-c", script, *args], capture_output=True, text=True, check=True)
    seconds, answer = json.loads(done.stdout.strip().splitlines()[-1])
    return float(seconds), answer


def time_search(game: str, max_turns: "int | None", workers: int, tunable: "str | None" = None,
                value=None) -> tuple[float, str, int]:
    """One `optimal()` call in a fresh process, with config.<tunable> = value where a tunable is
    named: (seconds, answer, positions searched; 0 where no strategy fits)."""
    seconds, (answer, nodes) = run_child(_CHILD, tunable or "-", json.dumps(value), game,
                                         "-" if max_turns is None else str(max_turns), str(workers))
    return seconds, answer, nodes


def time_once(tunable: str, value, game: str, max_turns: "int | None", workers: int) -> tuple[float, str]:
    """One `optimal()` call in a fresh process with config.<tunable> = value: (seconds, answer)."""
    seconds, answer, _nodes = time_search(game, max_turns, workers, tunable, value)
    return seconds, answer


def append_rows(path: Path, rows: list[dict], columns: list[str]) -> None:
    """Add the rows to the study's CSV (made if missing), written atomically; `max_turns`, where
    the table has it, stays whole numbers with blanks."""
    import pandas as pd

    from ..core.files import write_atomically

    new = pd.DataFrame(rows, columns=columns)
    table = pd.concat([pd.read_csv(path), new]) if path.exists() else new
    if "max_turns" in table:
        table["max_turns"] = table["max_turns"].astype("Int64")
    write_atomically(path, table.to_csv(index=False))


def alternate(labels, repeats: int, run_once) -> "tuple[dict, dict]":
    """Run `run_once(label)` -> (seconds, answer) `repeats` times per label, alternating
    (A B, B A, ...): (label -> seconds of each run, label -> the set of answers)."""
    seconds = {label: [] for label in labels}
    answers = {label: set() for label in labels}
    for r in range(repeats):
        for label in (labels if r % 2 == 0 else labels[::-1]):
            took, answer = run_once(label)
            seconds[label].append(took)
            answers[label].add(answer)
    return seconds, answers


def compare(tunable: str, settings: dict, column: str, cases, repeats: int = 3, workers: int = 1) -> list[dict]:
    """Rows (provenance and command left for the caller), one per case and setting, with the
    median of the positions each run searched. `settings`: label -> the tunable's value, two or
    more; the answers must agree."""
    labels = list(settings)
    time_once(tunable, settings[labels[0]], "3p3c", None, workers)  # a warm-up: the engine compiled and cached
    rows = []
    for game, max_turns in cases:
        positions = {label: [] for label in labels}

        def run_once(label):
            seconds, answer, nodes = time_search(game, max_turns, workers, tunable, settings[label])
            positions[label].append(nodes)
            return seconds, answer

        seconds, answers = alternate(labels, repeats, run_once)
        if len(set().union(*answers.values())) != 1:
            raise AssertionError(f"{game} within {max_turns}: the settings of {tunable} disagree: {answers}")
        for label in labels:
            rows.append({"game": game, "max_turns": max_turns, column: label, "runs": repeats,
                         "median_s": round(statistics.median(seconds[label]), 3),
                         "seconds": " ".join(f"{s:.3f}" for s in seconds[label]),
                         "answer": answers[label].pop(),
                         "positions": int(statistics.median(positions[label]))})
    return rows


def study_arguments(argv, prog: str, description: str, metavar: str, parse_case, default_csv: Path,
                    repeats: int):
    """A study's command line: its cases (`parse_case` of each), --repeats and --csv. Returns
    (args, cases, the command that reruns it), or None after one line on stderr for bad input."""
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument("cases", nargs="+", metavar=metavar)
    parser.add_argument("--repeats", type=int, default=repeats)
    parser.add_argument("--csv", type=Path, default=default_csv)
    args = parser.parse_args(argv)
    try:
        cases = [parse_case(text) for text in args.cases]
        if args.repeats < 1:
            raise ValueError(f"--repeats {args.repeats}: at least 1")
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return None
    return args, cases, f"{prog} " + " ".join(args.cases) + f" --repeats {args.repeats}"


def run_study(argv, prog: str, description: str, tunable: str, settings: dict, column: str,
              default_csv: Path, workers: int, positions: bool = False) -> int:
    """The command line of a study: cases GAME:MAX_TURNS, --repeats, --csv; appends its rows to
    the CSV and prints each case's medians (the first setting's over each other's). `positions`:
    the table has a column of the median positions searched (tables made before it have none)."""
    parsed = study_arguments(argv, prog, description, "GAME:MAX_TURNS", parse_case, default_csv, 3)
    if parsed is None:
        return 2
    args, cases, command = parsed
    rows = compare(tunable, settings, column, cases, args.repeats, workers)
    where = provenance("optimal")
    for row in rows:
        row.update(where, command=command)
    columns = ["date", "game", "max_turns", column, "runs", "median_s", "seconds", "answer",
               *(["positions"] if positions else []), *STUDY_TAIL]
    append_rows(args.csv, rows, columns)
    count = len(settings)
    for at in range(0, len(rows), count):
        case = rows[at:at + count]
        first = case[0]
        within = first["max_turns"] or "any number of"
        medians = ", ".join(f"{row[column]} {row['median_s']:.2f} s"
                            + (f" ({row['positions']:,} positions)" if positions else "") for row in case)
        ratios = ", ".join(f"x{first['median_s'] / row['median_s']:.2f}" for row in case[1:])
        print(f"{first['game']} within {within} turns: {first['answer']}; {medians} ({first[column]} over the "
              f"others: {ratios})")
    return 0
