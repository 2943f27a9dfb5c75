"""A/B of where `OptimalSearch.value` runs the engine (config.INLINE_SEARCH_NODES): in a thread
started for every call, or in the caller's thread up to 256 positions and only a longer search
in a thread of its own.

Every run is a fresh process (`search_ab`), the settings alternate, and the medians are written
to data/inline_search.csv:

    python -m mmlib.studies.inline_search hints:4p6c optimal:4p7c --repeats 3

A case is WORKLOAD:GAME: `hints` is the coach's table of notebook 7
(`coach_tables.hint_value_table(game, seed=0)`: every secret played to the end by six players,
each position they reach valued exactly, thousands of short searches; the rows dated before
2026-11-26 measured the table when it valued every move of every game again, hundreds of
thousands of searches); `optimal` is one whole-game
search (`optimal(game, workers=1)`: few, long searches). Each row: the workload and game, the
setting (thread or inline), the runs, their median and every run's seconds, the answer, the
machine and the command.
"""

from __future__ import annotations

import json
import statistics
import sys

from .search_ab import DATA, STUDY_TAIL, alternate, append_rows, run_child, study_arguments

SETTINGS = {"thread": 0, "inline": 256}
WORKLOADS = ("hints", "optimal")
DEFAULT_CSV = DATA / "inline_search.csv"

_CHILD = r"""
import json, sys, time
from mmlib.core.optimal import config
config.INLINE_SEARCH_NODES = int(sys.argv[1])
workload, game = sys.argv[2], sys.argv[3]
if workload == "hints":
    from mmlib.workbench.coach_tables import hint_value_table
    started = time.perf_counter()
    table = hint_value_table(game, seed=0)
    answer = " ".join(table.frame["loss (turns per game)"])  # a ReadableTable: its cells are text
else:
    from mmlib.core.optimal import optimal
    started = time.perf_counter()
    result = optimal(game, workers=1)
    answer = f"{result.total_turns} max {result.max_turns}"
print(json.dumps([time.perf_counter() - started, answer]))
"""


def parse_case(text: str) -> tuple[str, str]:
    from ..core.games import Game

    workload, sep, name = text.partition(":")
    if not sep or workload not in WORKLOADS:
        raise ValueError(f"case {text!r}: write WORKLOAD:GAME with WORKLOAD one of {', '.join(WORKLOADS)}, "
                         "e.g. hints:4p6c")
    return workload, Game.parse(name).name


def main(argv=None) -> int:
    from ..core.machine import provenance

    parsed = study_arguments(argv, "python -m mmlib.studies.inline_search", __doc__.split("\n\n")[0],
                             "WORKLOAD:GAME", parse_case, DEFAULT_CSV, 3)
    if parsed is None:
        return 2
    args, cases, command = parsed
    labels = list(SETTINGS)
    run_child(_CHILD, "0", "optimal", "3p3c")  # a warm-up: the engine compiled and cached
    rows = []
    for workload, game in cases:
        seconds, answers = alternate(labels, args.repeats,
                                     lambda label: run_child(_CHILD, str(SETTINGS[label]), workload, game))
        if len(set().union(*answers.values())) != 1:
            raise AssertionError(f"{workload} {game}: the settings disagree: {answers}")
        for label in labels:
            rows.append({"workload": workload, "game": game, "setting": label, "runs": args.repeats,
                         "median_s": round(statistics.median(seconds[label]), 3),
                         "seconds": " ".join(f"{s:.3f}" for s in seconds[label]),
                         "answer": answers[label].pop()})
    where = provenance("optimal")
    for row in rows:
        row.update(where, command=command)
    columns = ["date", "workload", "game", "setting", "runs", "median_s", "seconds", "answer", *STUDY_TAIL]
    append_rows(args.csv, rows, columns)
    for a, b in zip(rows[::2], rows[1::2]):
        print(f"{a['workload']} {a['game']}: thread {a['median_s']:.2f} s, inline {b['median_s']:.2f} s, "
              f"x{a['median_s'] / b['median_s']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
