"""A/B of searching the large parts below the openings stepwise (config.STEPWISE_MIN_SECRETS):
each part of at least 1,000 secrets one candidate at a time, its candidates' parts bounded one
guess deeper first (`stepwise`), or every part in one engine call.

Every run is a fresh process with two worker processes (`search_ab`), no checkpoint, the
settings alternating; the medians are written to data/stepwise_parts.csv:

    python -m mmlib.studies.stepwise_parts 4p9c:- --repeats 2

A case is GAME:MAX_TURNS (- for no limit). Each row: the game and limit, the setting (whole or
stepwise), the runs, their median and every run's seconds (`optimal(game, max_turns,
workers=2)`, the heuristics' bound included), the answer, the machine and the command.
"""

from __future__ import annotations

import sys

from .search_ab import DATA, run_study

SETTINGS = {"whole": 1 << 30, "stepwise": 1000}
DEFAULT_CSV = DATA / "stepwise_parts.csv"


def main(argv=None) -> int:
    return run_study(argv, "python -m mmlib.studies.stepwise_parts", __doc__.split("\n\n")[0],
                     "STEPWISE_MIN_SECRETS", SETTINGS, "parts", DEFAULT_CSV, workers=2)


if __name__ == "__main__":
    sys.exit(main())
