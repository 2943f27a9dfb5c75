"""A/B of the counting bounds of a node's parts (config.SET_PARTS_BOUND): with K, the most
non-winning parts any guess makes of any set of the game, or with K_S, the most any guess makes
of the node's own set (never more than K; below S no node has more children than that).

Every run is a fresh process (`search_ab`), the settings alternate, and each row keeps the
positions searched as well as the seconds: with one worker (the default) the node count is the
same on every run, so it measures the bound apart from the noise of a shared machine:

    python -m mmlib.studies.set_bound 4p8c:- 6p4c:- --repeats 3

A case is GAME:MAX_TURNS (- for no limit), or GAME/SCORE: one part of a game too long to search
whole here, the secrets that score SCORE against the opening of the game's stored optimal tree
(data/optimal_trees/GAME_total.json.gz), searched with its exact value plus one as the budget
(a proof that the opening's subtree there is optimal, as the whole search makes it), e.g.
`5p6c/1,2` (984 secrets below 11223); its rows go to data/set_bound_parts.csv. Each row: the game and limit, the bound (game or
set), the workers, the runs, their median and every run's seconds and nodes (`optimal(game,
max_turns, workers=W)`, the heuristics' bound included), the answer, the command and
the provenance of every timing row (date, machine, mmlib_version, engine).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

import numpy as np

from ..core.machine import PROVENANCE_COLUMNS, provenance
from .search_ab import DATA, alternate, append_rows, parse_case, run_child

SETTINGS = {"game": False, "set": True}
DEFAULT_CSV = DATA / "set_bound.csv"
PARTS_CSV = DATA / "set_bound_parts.csv"
PART_COLUMNS = ["game", "opening", "score", "secrets", "budget", "set_bound", "runs", "median_s", "seconds",
                "nodes", "value", "command", *PROVENANCE_COLUMNS]
COLUMNS = ["game", "max_turns", "set_bound", "workers", "runs", "median_s", "seconds", "nodes",
           "answer", "command", *PROVENANCE_COLUMNS]

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


# One part below the stored tree's opening, searched with its value plus one as the budget; the
# last line: [seconds, [value, secrets, positions searched]].
_PART_CHILD = r"""
import gzip, json, sys, time
import numpy as np
from mmlib.core.optimal import config
config.SET_PARTS_BOUND = json.loads(sys.argv[1])
from mmlib.core.optimal.search import OptimalSearch
from mmlib.studies.set_bound import part_below_tree
search = OptimalSearch(sys.argv[2])
opening, secrets, value = part_below_tree(search, sys.argv[3], sys.argv[4])
started = time.perf_counter()
got = search.value(secrets, (opening,), search.game.size - 1, value + 1)
print(json.dumps([time.perf_counter() - started, [int(got), len(secrets), search.stats.nodes]]))
"""


def _tree_turns(node: dict) -> int:
    """The turns the secrets below a tree node take from it on (its guess counted)."""
    return node["games"] + sum(_tree_turns(child) for child in node.get("next", {}).values())


def part_below_tree(search, tree_path: str, score: str):
    """(opening, secrets, value): the secrets that score `score` against the opening of the stored
    tree at `tree_path`, and the turns the tree spends on them (their optimum, the tree being optimal)."""
    import gzip

    from ..core.scoring import format_score, ordinal_to_score

    with gzip.open(tree_path, "rt") as file:
        tree = json.load(file)["tree"]
    game = search.game
    opening = game.parse_codeword(tree["guess"])
    everything = np.arange(game.size, dtype=np.int64)
    for ordinal, secrets in search.split(opening, everything):
        if ordinal != game.win_ordinal and format_score(*ordinal_to_score(ordinal, game)) == score:
            return opening, secrets, _tree_turns(tree["next"][score])
    raise ValueError(f"no secret of {game.name} scores {score} against {tree['guess']}")


def parse_set_case(text: str) -> tuple:
    """("game", GAME, MAX_TURNS) for GAME:MAX_TURNS, or ("part", GAME, SCORE) for GAME/SCORE."""
    from ..core.games import Game

    if "/" in text:
        name, score = text.split("/", 1)
        game = Game.parse(name).name
        tree = DATA / "optimal_trees" / f"{game}_total.json.gz"
        if not tree.exists():
            raise ValueError(f"case {text!r}: no stored optimal tree {tree.relative_to(DATA.parent)}")
        return "part", game, score
    return ("game",) + parse_case(text)


def _run_once(kind: str, label: str, game: str, detail, workers: int):
    """One search in a fresh process: (seconds, (answer, nodes, secrets or None))."""
    if kind == "part":
        tree = str(DATA / "optimal_trees" / f"{game}_total.json.gz")
        seconds, (value, secrets, nodes) = run_child(_PART_CHILD, json.dumps(SETTINGS[label]), game, tree, detail)
        return seconds, (value, nodes, secrets)
    seconds, (answer, nodes) = run_child(_CHILD, json.dumps(SETTINGS[label]), game,
                                         "-" if detail is None else str(detail), str(workers))
    return seconds, (answer, nodes, None)


def compare(cases, repeats: int, workers: int):
    """Each case's kind and rows (one per setting), case by case; both settings must give the
    same answer. An infeasible search (a limit too short) has no node count (-1)."""
    labels = list(SETTINGS)
    _run_once("game", labels[0], "3p3c", None, workers)  # a warm-up: the engine compiled and cached
    for kind, game, detail in cases:
        nodes, sizes = {label: [] for label in labels}, []

        def timed(label):
            seconds, (answer, searched, secrets) = _run_once(kind, label, game, detail, workers)
            nodes[label].append(searched)
            sizes.append(secrets)
            return seconds, answer

        seconds, answers = alternate(labels, repeats, timed)
        if len(set().union(*answers.values())) != 1:
            raise AssertionError(f"{game} {detail}: the bounds disagree: {answers}")
        rows = []
        for label in labels:
            row = {"set_bound": label, "runs": repeats, "median_s": round(statistics.median(seconds[label]), 3),
                   "seconds": " ".join(f"{s:.3f}" for s in seconds[label]),
                   "nodes": " ".join(str(n) for n in nodes[label])}
            answer = answers[label].pop()
            if kind == "part":
                row.update(game=game, score=detail, secrets=sizes[0], budget=answer + 1, value=answer)
            else:
                row.update(game=game, max_turns=detail, workers=workers, answer=answer)
            rows.append(row)
        yield kind, rows


def main(argv=None) -> int:
    prog = "python -m mmlib.studies.set_bound"
    parser = argparse.ArgumentParser(prog=prog, description=__doc__.split("\n\n")[0])
    parser.add_argument("cases", nargs="+", metavar="GAME:MAX_TURNS or GAME/SCORE")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--csv", type=Path, default=DEFAULT_CSV)
    parser.add_argument("--parts-csv", type=Path, default=PARTS_CSV)
    args = parser.parse_args(argv)
    try:
        cases = [parse_set_case(text) for text in args.cases]
        for name in ("repeats", "workers"):
            if getattr(args, name) < 1:
                raise ValueError(f"--{name} {getattr(args, name)}: at least 1")
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    command = f"{prog} " + " ".join(args.cases) + f" --repeats {args.repeats} --workers {args.workers}"
    for kind, (a, b) in compare(cases, args.repeats, args.workers):  # each case kept as soon as it is done
        where = provenance("optimal")
        for row in (a, b):
            row.update(command=command, **where)
        if kind == "part":
            for row in (a, b):
                row["opening"] = part_opening(row["game"])
            append_rows(args.parts_csv, [a, b], PART_COLUMNS)
            what = f"{a['game']}, the {a['secrets']:,} secrets scoring {a['score']} (value {a['value']})"
        else:
            append_rows(args.csv, [a, b], COLUMNS)
            what = f"{a['game']} within {a['max_turns'] or 'any number of'} turns: {a['answer']}"
        print(f"{what}; game's K {a['median_s']:.2f} s ({a['nodes'].split()[0]} nodes), "
              f"set's K_S {b['median_s']:.2f} s ({b['nodes'].split()[0]} nodes)", flush=True)
    return 0


def part_opening(game: str) -> str:
    """The opening of the game's stored optimal tree."""
    import gzip

    with gzip.open(DATA / "optimal_trees" / f"{game}_total.json.gz", "rt") as file:
        return json.load(file)["tree"]["guess"]


if __name__ == "__main__":
    sys.exit(main())
