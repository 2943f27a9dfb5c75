"""A/B of the exact search's part order (config.PART_ORDER): which order of a candidate's parts
proves fastest that a game cannot be won within some number of turns, and costs nothing elsewhere.

Every run is a fresh process, one worker (`search_ab`), the orders alternate, and the medians
are written to data/part_order.csv:

    python -m mmlib.studies.part_order 4p8c:5 5p6c:5 4p7c:-  --repeats 3

A case is GAME:MAX_TURNS (- for no limit). Each row: the game and limit, the order, the runs,
their median and every run's seconds (`optimal(game, max_turns, workers=1)`, the heuristics'
bound included), the answer (total and max, or "infeasible"), the machine and the command.
"""

from __future__ import annotations

import sys

from .search_ab import DATA, run_study

ORDERS = ("smallest", "adaptive")
DEFAULT_CSV = DATA / "part_order.csv"


def main(argv=None) -> int:
    return run_study(argv, "python -m mmlib.studies.part_order", __doc__.split("\n\n")[0], "PART_ORDER",
                     {order: order for order in ORDERS}, "part_order", DEFAULT_CSV, workers=1)


if __name__ == "__main__":
    sys.exit(main())
