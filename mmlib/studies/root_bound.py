"""A/B of the bound of each part below an opening when the parts are farmed out
(config.ROOT_LOOKAHEAD): the counting bound of the part's size, or one guess deeper
(`OptimalSearch.lookahead_bound`), which tightens every part's budget and each opening's floor.

Every run is a fresh process with two worker processes (`search_ab`; the root's parts are
farmed out only then), the settings alternate, and the medians are written to
data/root_bound.csv:

    python -m mmlib.studies.root_bound 6p4c:- 4p9c:- --repeats 3

A case is GAME:MAX_TURNS (- for no limit). Each row: the game and limit, the bound (counting or
lookahead), the runs, their median and every run's seconds (`optimal(game, max_turns,
workers=2)`, the heuristics' bound included), the answer, the machine and the command.
"""

from __future__ import annotations

import sys

from .search_ab import DATA, run_study

SETTINGS = {"counting": False, "lookahead": True}
DEFAULT_CSV = DATA / "root_bound.csv"


def main(argv=None) -> int:
    return run_study(argv, "python -m mmlib.studies.root_bound", __doc__.split("\n\n")[0], "ROOT_LOOKAHEAD",
                     SETTINGS, "root_bound", DEFAULT_CSV, workers=2)


if __name__ == "__main__":
    sys.exit(main())
