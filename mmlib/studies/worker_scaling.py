"""How the exact search scales with worker processes: the same game proven with 1 worker (the
search in one process) and with N (the root's parts farmed out to N forked workers).

Every run is a fresh process (no tables, cache or pool carried over), one warm-up run first
compiles the engine, the worker counts alternate (1 N, N 1, ...), and each case's medians are
written to data/worker_scaling.csv:

    python -m mmlib.studies.worker_scaling 6p4c:- 4p8c:- --workers 1,2 --repeats 3

A case is GAME:MAX_TURNS (- for no limit). Each row: the game and limit, the workers, the runs,
the median and every run's wall seconds (`optimal(game, max_turns, workers=N)`, the heuristics'
bound included), the median of the positions searched, the speedup over the first worker count
(its median over this one's), the answer (which every run must agree on), the machine and the
command. The positions searched tell the work apart from the machine's load: with N workers a
search does more of them (workers do not share their position caches, and an opening's parts
start before the best total is known), and the speedup is at most N times their ratio.
"""

from __future__ import annotations

import statistics
import sys

from ..core.machine import provenance
from .search_ab import DATA, STUDY_TAIL, alternate, append_rows, parse_case, study_arguments, time_search

DEFAULT_CSV = DATA / "worker_scaling.csv"
COLUMNS = ["date", "game", "max_turns", "workers", "runs", "median_s", "seconds", "positions", "speedup",
           "answer", *STUDY_TAIL]


def parse_workers(text: str) -> list[int]:
    """'1,2' -> [1, 2]: at least two distinct worker counts, each at least 1."""
    try:
        counts = [int(part) for part in text.split(",")]
    except ValueError:
        counts = []
    if len(counts) < 2 or len(set(counts)) != len(counts) or min(counts) < 1:
        raise ValueError(f"--workers {text!r}: two or more distinct counts of at least 1, e.g. 1,2")
    return counts


def compare(cases, counts: list[int], repeats: int) -> list[dict]:
    """One row per case and worker count (provenance and command left for the caller); the
    answers of every run of a case must agree."""
    time_search("3p3c", None, counts[0])  # a warm-up: the engine compiled and cached
    rows = []
    for game, max_turns in cases:
        positions = {count: [] for count in counts}

        def run_once(count):
            took, answer, nodes = time_search(game, max_turns, count)
            positions[count].append(nodes)
            return took, answer

        seconds, answers = alternate(counts, repeats, run_once)
        found = set().union(*answers.values())
        if len(found) != 1:
            raise AssertionError(f"{game} within {max_turns}: the worker counts disagree: {answers}")
        base = statistics.median(seconds[counts[0]])
        for count in counts:
            median = statistics.median(seconds[count])
            rows.append({"game": game, "max_turns": max_turns, "workers": count, "runs": repeats,
                         "median_s": round(median, 3), "seconds": " ".join(f"{s:.3f}" for s in seconds[count]),
                         "positions": int(statistics.median(positions[count])),
                         "speedup": round(base / median, 2), "answer": next(iter(found))})
    return rows


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    workers_text = "1,2"
    if "--workers" in argv:  # taken out before the shared parser, which knows cases, --repeats, --csv
        at = argv.index("--workers")
        if at + 1 >= len(argv):
            print("error: --workers needs a value, e.g. 1,2", file=sys.stderr)
            return 2
        workers_text = argv[at + 1]
        del argv[at:at + 2]
    prog = "python -m mmlib.studies.worker_scaling"
    parsed = study_arguments(argv, prog, __doc__.split("\n\n")[0], "GAME:MAX_TURNS", parse_case, DEFAULT_CSV, 3)
    if parsed is None:
        return 2
    args, cases, command = parsed
    try:
        counts = parse_workers(workers_text)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    rows = compare(cases, counts, args.repeats)
    where = provenance("optimal")
    command += f" --workers {workers_text}"
    for row in rows:
        row.update(where, command=command)
    append_rows(args.csv, rows, COLUMNS)
    for row in rows:
        within = row["max_turns"] or "any number of"
        print(f"{row['game']} within {within} turns: {row['answer']}; {row['workers']} worker(s) "
              f"{row['median_s']:.2f} s, {row['positions']:,} positions, x{row['speedup']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
