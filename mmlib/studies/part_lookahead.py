"""A/B of the bounds a candidate's parts get inside the engine before any is searched
(config.PART_LOOKAHEAD_MIN_SECRETS): the counting bound of each part's size, or what the
position cache knows of each part and, for a part of at least 100 secrets, one guess deeper
(`engine._part_floor`), with the part searched first reusing that ranking.

Every run is a fresh process with two worker processes (`search_ab`), the settings alternate,
and the medians are written to data/part_lookahead.csv:

    python -m mmlib.studies.part_lookahead 4p8c:- 3p15c:- --repeats 3

A case is GAME:MAX_TURNS (- for no limit). Each row: the game and limit, the bound (counting or
lookahead), the runs, their median and every run's seconds (`optimal(game, max_turns,
workers=2)`, the heuristics' bound included), the answer, the machine and the command.
"""

from __future__ import annotations

import sys

from .search_ab import DATA, run_study

SETTINGS = {"counting": None, "lookahead": 100}
DEFAULT_CSV = DATA / "part_lookahead.csv"


def main(argv=None) -> int:
    return run_study(argv, "python -m mmlib.studies.part_lookahead", __doc__.split("\n\n")[0],
                     "PART_LOOKAHEAD_MIN_SECRETS", SETTINGS, "part_lookahead", DEFAULT_CSV, workers=2)


if __name__ == "__main__":
    sys.exit(main())
