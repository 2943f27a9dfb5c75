"""A/B of sharing a large part's candidates among the workers (config.SPLIT_LARGE_PARTS): each
part below an opening that goes stepwise (1,000 secrets or more) searched by the root one
candidate per task on every free worker (`split.SplitPart`), or by one worker alone.

Every run is a fresh process with two worker processes (`search_ab`), no checkpoint, the
settings alternating; the medians are written to data/split_parts.csv:

    python -m mmlib.studies.split_parts 4p8c:- 4p9c:- --repeats 3

A case is GAME:MAX_TURNS (- for no limit). Each row: the game and limit, the setting (one
worker or shared), the runs, their median and every run's seconds (`optimal(game, max_turns,
workers=2)`, the heuristics' bound included), the answer, the machine and the command.
"""

from __future__ import annotations

import sys

from .search_ab import DATA, run_study

SETTINGS = {"one worker": False, "shared": True}
DEFAULT_CSV = DATA / "split_parts.csv"


def main(argv=None) -> int:
    return run_study(argv, "python -m mmlib.studies.split_parts", __doc__.split("\n\n")[0],
                     "SPLIT_LARGE_PARTS", SETTINGS, "large_parts", DEFAULT_CSV, workers=2)


if __name__ == "__main__":
    sys.exit(main())
