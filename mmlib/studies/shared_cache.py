"""A/B of the exact values the workers of a process pool share (config.SHARED_CACHE_BYTES):
each worker's table published for the others to read on a miss, or nothing shared.

Every run is a fresh process with two worker processes (`search_ab`), no checkpoint, the
settings alternating; the medians of the seconds and of the positions searched are written to
data/shared_cache.csv:

    python -m mmlib.studies.shared_cache 6p4c:- 4p8c:- 4p7c:- --repeats 3

A case is GAME:MAX_TURNS (- for no limit). Each row: the game and limit, the setting, the runs,
their median and every run's seconds (`optimal(game, max_turns, workers=2)`, the heuristics'
bound included), the answer, the median positions, the machine and the command.
"""

from __future__ import annotations

import sys

from .search_ab import DATA, run_study

SETTINGS = {"shared": 64 << 20, "own cache only": 0}
DEFAULT_CSV = DATA / "shared_cache.csv"


def main(argv=None) -> int:
    return run_study(argv, "python -m mmlib.studies.shared_cache", __doc__.split("\n\n")[0],
                     "SHARED_CACHE_BYTES", SETTINGS, "workers_share", DEFAULT_CSV, workers=2, positions=True)


if __name__ == "__main__":
    sys.exit(main())
