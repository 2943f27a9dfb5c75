"""`seed-data`: the seed's workloads measured by mmlib, written to data/ (see docs/seed_results.md)."""

from __future__ import annotations

import sys

from ..core.files import DATA_DIR, write_atomically
from ..core.games import ascii_whole_number
from ..core.outputs import check_outputs
from ..studies.commands import rerun_command
from .arguments import integer

OUTPUTS = {
    "scoring": DATA_DIR / "seed_scoring_workload.csv",
    "one-at-a-time": DATA_DIR / "seed_one_at_a_time.csv",
    "ce-threshold": DATA_DIR / "ce_threshold.csv",
    "comparison": DATA_DIR / "seed_comparison.csv",
}


def register(subparsers):
    s = subparsers.add_parser(
        "seed-data",
        help="measure the seed's workloads and write them to data/",
        description=(
            "scoring: time each scoring variant on the scores Knuth's algorithm computes playing "
            "the 1,296 games of 4p6c one at a time (the seed's scoring benchmark); "
            "one-at-a-time: play every secret on its own (with and without a cache of positions) "
            "against one all-games solve; ce-threshold: case equivalence off, and on only in regions "
            "of at least N games; comparison: the seed's published figures beside mmlib's, from data/."
        ),
    )
    s.add_argument("what", choices=sorted(OUTPUTS), help="which table to make")
    s.add_argument("--games", metavar="LIST", help="comma-separated games (one-at-a-time, ce-threshold)")
    s.add_argument("--strategies", default="all", metavar="LIST", help="strategies, or all (default)")
    s.add_argument("--thresholds", default="1,6", metavar="LIST",
                   help="ce-threshold: the least region sizes to try (default 1,6)")
    s.add_argument("--repeats", type=integer, default=3, metavar="N", help="timed runs of each (default 3)")
    s.add_argument("--output", metavar="FILE", help="where to write (default data/<table>.csv)")
    s.set_defaults(handler=run_seed_data)


DEFAULT_GAMES = {"one-at-a-time": "4p6c,5p5c,4p7c", "ce-threshold": "4p6c,5p5c,4p8c,5p6c,5p7c"}


def run_seed_data(args) -> int:
    from ..studies import seed_comparison, seed_workloads as sw
    from ..studies.first_guess import csv_text, parse_games, parse_strategies

    if args.repeats < 1:
        raise ValueError("--repeats must be at least 1")
    command = rerun_command("python -m mmlib", sys.argv[1:])
    output = args.output if args.output is not None else str(OUTPUTS[args.what])
    check_outputs(files=[output])
    games = parse_games(args.games or DEFAULT_GAMES.get(args.what, "4p6c"))
    strategies = parse_strategies(args.strategies)
    if args.what == "scoring":
        workload = sw.knuth_workload()
        print(workload.describe(), file=sys.stderr)
        rows, columns = sw.time_scoring_workload(workload, repeats=args.repeats, command=command), \
            sw.SCORING_WORKLOAD_COLUMNS
    elif args.what == "one-at-a-time":
        rows = sw.time_one_at_a_time(games, strategies, repeats=args.repeats, command=command)
        columns = sw.ONE_AT_A_TIME_COLUMNS
    elif args.what == "ce-threshold":
        thresholds = [ascii_whole_number(t.strip()) for t in args.thresholds.split(",") if t.strip()]
        if not thresholds or None in thresholds:
            raise ValueError("--thresholds must be sizes of 0 or more, e.g. 1,6")
        rows = sw.time_ce_threshold(games, strategies, thresholds, args.repeats, command=command)
        columns = sw.CE_THRESHOLD_COLUMNS
    else:
        rows, columns = seed_comparison.comparison_rows(), seed_comparison.COLUMNS
    write_atomically(output, csv_text(rows, columns))
    print(f"wrote {len(rows)} rows to {output}")
    return 0

