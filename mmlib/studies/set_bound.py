"""A/B of the counting bounds of a node's parts (config.SET_PARTS_BOUND): with K, the most
non-winning parts any guess makes of any set of the game, or with K_S, the most any guess makes
of the node's own set (never more than K; below S no node has more children than that).

Every run is a fresh process (`search_ab`), the settings alternate, and each row keeps the
positions searched as well as the seconds: with one worker (the default) the node count is the
same on every run, so it measures the bound apart from the noise of a shared machine:

    python -m mmlib.studies.set_bound 4p8c:- 6p4c:- --repeats 3

A case is GAME:MAX_TURNS (- for no limit). Each row: the game and limit, the bound (game or
set), the workers, the runs, their median and every run's seconds and nodes (`optimal(game,
max_turns, workers=W)`, the heuristics' bound included), the answer, mmlib's version and
commit, the machine and the command.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path

from .search_ab import DATA, alternate, append_rows, parse_case, run_child

SETTINGS = {"game": False, "set": True}
DEFAULT_CSV = DATA / "set_bound.csv"
COLUMNS = ["date", "game", "max_turns", "set_bound", "workers", "runs", "median_s", "seconds", "nodes",
           "answer", "version", "machine", "command"]

# One search in a fresh process; its last line: [seconds, answer, positions searched].
_CHILD = r"""
import json, sys, time
from mmlib.core.optimal import config
config.SET_PARTS_BOUND = json.loads(sys.argv[1])
from mmlib.core.optimal import optimal
cap = None if sys.argv[3] == "-" else int(sys.argv[3])
started = time.perf_counter()
try:
    result = optimal(sys.argv[2], max_turns=cap, workers=int(sys.argv[4]))
    answer, nodes = f"{result.total_turns} max {result.max_turns}", result.nodes_searched
except ValueError as error:  # no strategy fits the limit; anything else (memory) is named
    answer, nodes = ("infeasible" if "no strategy wins" in str(error) else f"error: {error}"), -1
print(json.dumps([time.perf_counter() - started, [answer, nodes]]))
"""


def version_label() -> str:
    """mmlib's version and the commit of the code that ran (with +changes if the tree differs)."""
    import mmlib

    root = DATA.parent
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True,
                                text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=root,
                               capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return mmlib.__version__
    return f"{mmlib.__version__} {commit}{'+changes' if dirty else ''}"


def compare(cases, repeats: int, workers: int):
    """Each case's rows (one per setting), case by case; both settings must give the same
    answer. An infeasible search (a limit too short) has no node count (-1)."""
    labels = list(SETTINGS)

    def run_once(label, game, max_turns):
        return run_child(_CHILD, json.dumps(SETTINGS[label]), game, "-" if max_turns is None else str(max_turns),
                         str(workers))

    run_once(labels[0], "3p3c", None)  # a warm-up: the engine compiled and cached
    for game, max_turns in cases:
        nodes = {label: [] for label in labels}

        def timed(label):
            seconds, (answer, searched) = run_once(label, game, max_turns)
            nodes[label].append(searched)
            return seconds, answer

        seconds, answers = alternate(labels, repeats, timed)
        if len(set().union(*answers.values())) != 1:
            raise AssertionError(f"{game} within {max_turns}: the bounds disagree: {answers}")
        rows = []
        for label in labels:
            rows.append({"game": game, "max_turns": max_turns, "set_bound": label, "workers": workers,
                         "runs": repeats, "median_s": round(statistics.median(seconds[label]), 3),
                         "seconds": " ".join(f"{s:.3f}" for s in seconds[label]),
                         "nodes": " ".join(str(n) for n in nodes[label]), "answer": answers[label].pop()})
        yield rows


def main(argv=None) -> int:
    from ..core.machine import machine_label

    prog = "python -m mmlib.studies.set_bound"
    parser = argparse.ArgumentParser(prog=prog, description=__doc__.split("\n\n")[0])
    parser.add_argument("cases", nargs="+", metavar="GAME:MAX_TURNS")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--csv", type=Path, default=DEFAULT_CSV)
    args = parser.parse_args(argv)
    try:
        cases = [parse_case(text) for text in args.cases]
        for name in ("repeats", "workers"):
            if getattr(args, name) < 1:
                raise ValueError(f"--{name} {getattr(args, name)}: at least 1")
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    command = f"{prog} " + " ".join(args.cases) + f" --repeats {args.repeats} --workers {args.workers}"
    version = version_label()
    for a, b in compare(cases, args.repeats, args.workers):  # each case kept as soon as it is done
        stamp = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S")
        for row in (a, b):
            row.update(date=stamp, version=version, machine=machine_label(), command=command)
        append_rows(args.csv, [a, b], COLUMNS)
        within = a["max_turns"] or "any number of"
        print(f"{a['game']} within {within} turns: {a['answer']}; game's K {a['median_s']:.2f} s "
              f"({a['nodes'].split()[0]} nodes), set's K_S {b['median_s']:.2f} s ({b['nodes'].split()[0]} nodes)",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
