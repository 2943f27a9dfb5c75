"""A/B of the order in which the root sends an opening's parts to the workers
(config.ROOT_PART_ORDER): adaptive (the default), largest first, or smallest first.

Every run is a fresh process with two worker processes (`search_ab`), no checkpoint, the
settings alternating; the medians are written to data/root_part_order.csv:

    python -m mmlib.studies.root_part_order 6p4c:- 4p8c:- 4p7c:- --repeats 3

A case is GAME:MAX_TURNS (- for no limit). Each row: the game and limit, the order, the runs,
their median and every run's seconds (`optimal(game, max_turns, workers=2)`, the heuristics'
bound included), the answer, the machine and the command.
"""

from __future__ import annotations

import sys

from .search_ab import DATA, run_study

SETTINGS = {"adaptive": "adaptive", "largest first": "largest", "smallest first": "smallest"}
DEFAULT_CSV = DATA / "root_part_order.csv"


def main(argv=None) -> int:
    return run_study(argv, "python -m mmlib.studies.root_part_order", __doc__.split("\n\n")[0],
                     "ROOT_PART_ORDER", SETTINGS, "root_part_order", DEFAULT_CSV, workers=2)


if __name__ == "__main__":
    sys.exit(main())
