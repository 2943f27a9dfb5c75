"""A/B of the lookahead inside a stepwise part (config.STEPWISE_LOOKAHEAD): a candidate's parts
bounded one guess deeper before any of them is searched, or by the counting bound alone.

A case is GAME:OPENING, e.g. 4p9c:1234: the largest part below that first guess, searched
stepwise (`stepwise.solve_stepwise`, no log) with the budget a whole-game search would give it
first (the four strategies' best total plus one, less the game's size and the lookahead bounds
of the opening's other parts). Every run is a fresh process, the settings alternate
(`search_ab.alternate`), and the medians go to data/stepwise_lookahead.csv:

    python -m mmlib.studies.stepwise_lookahead 4p9c:1234 4p9c:1123 --repeats 1
"""

from __future__ import annotations

import json
import statistics
import sys

from .search_ab import DATA, STUDY_TAIL, alternate, append_rows, run_child, study_arguments

SETTINGS = {"counting": False, "lookahead": True}
DEFAULT_CSV = DATA / "stepwise_lookahead.csv"
COLUMNS = ["date", "game", "opening", "part", "budget", "setting", "runs", "median_s", "seconds", "nodes",
           "value", *STUDY_TAIL]

_CHILD = r"""
import json, sys, time
import numpy as np
from mmlib.core.optimal import config
config.STEPWISE_LOOKAHEAD = json.loads(sys.argv[1])
from mmlib.core.optimal.search import OptimalSearch
from mmlib.core.optimal.stepwise import solve_stepwise
from mmlib.core.optimal.whole_game import heuristic_bounds
search = OptimalSearch(sys.argv[2])
game = search.game
opening = game.parse_codeword(sys.argv[3])
everything = np.arange(game.size, dtype=np.int64)
parts = sorted((p for o, p in search.split(opening, everything) if o != game.win_ordinal), key=len, reverse=True)
depth = game.size - 1
others = sum(search.lookahead_bound(p, (opening,), depth) for p in parts[1:])
budget = min(total for total, _max in heuristic_bounds(game)) + 1 - game.size - others
search = OptimalSearch(game)  # nothing cached from the bounds
started = time.perf_counter()
value, _tree = solve_stepwise(search, parts[0], (opening,), depth, budget)
print(json.dumps([time.perf_counter() - started, [value, len(parts[0]), budget, search.stats.nodes]]))
"""


def time_once(lookahead: bool, game: str, opening: str) -> tuple[float, list]:
    """One stepwise search of the part in a fresh process: (seconds, [value, size, budget, nodes])."""
    return run_child(_CHILD, json.dumps(lookahead), game, opening)


def parse_case(text: str) -> tuple[str, str]:
    from ..core.games import Game

    name, sep, opening = text.partition(":")
    if not sep:
        raise ValueError(f"case {text!r}: write GAME:OPENING, e.g. 4p9c:1234")
    game = Game.parse(name)
    return game.name, game.format_codeword(game.parse_codeword(opening))


def main(argv=None) -> int:
    from ..core.machine import provenance

    parsed = study_arguments(argv, "python -m mmlib.studies.stepwise_lookahead", __doc__.split("\n\n")[0],
                             "GAME:OPENING", parse_case, DEFAULT_CSV, 1)
    if parsed is None:
        return 2
    args, cases, command = parsed
    where = provenance("optimal")
    rows = []
    for game, opening in cases:
        answers_of = {}

        def run_once(label):
            took, answer = time_once(SETTINGS[label], game, opening)
            answers_of.setdefault(label, []).append(answer)
            return took, answer[0]

        seconds, values = alternate(list(SETTINGS), args.repeats, run_once)
        if len(set().union(*values.values())) != 1:
            raise AssertionError(f"{game} below {opening}: the settings disagree: {values}")
        for label in SETTINGS:
            value, size, budget, _nodes = answers_of[label][0]
            rows.append({**where, "game": game, "opening": opening, "part": size, "budget": budget,
                         "setting": label, "runs": args.repeats,
                         "median_s": round(statistics.median(seconds[label]), 3),
                         "seconds": " ".join(f"{s:.3f}" for s in seconds[label]),
                         "nodes": " ".join(str(a[3]) for a in answers_of[label]), "value": value,
                         "command": command})
    append_rows(args.csv, rows, COLUMNS)
    for a, b in zip(rows[::2], rows[1::2]):
        print(f"{a['game']}, the {a['part']:,} secrets below {a['opening']} (value {a['value']}, budget "
              f"{a['budget']}): counting {a['median_s']:.2f} s, lookahead {b['median_s']:.2f} s, "
              f"x{a['median_s'] / b['median_s']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
