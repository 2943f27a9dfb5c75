"""`optimal` (the exact optimal strategy of one game) and `optimal-table` (data/optimal.csv)."""

from __future__ import annotations

import sys

from ..core.cluster import SCHEDULER_HELP
from ..core.optimal import OBJECTIVES, optimal
from ..core.outputs import check_outputs
from .arguments import integer
from .solve_commands import write_tree_file


def register(subparsers):
    p = subparsers.add_parser("optimal", help="the exact optimal strategy: fewest total turns, proven")
    p.add_argument("game", metavar="GAME", help="pins and colors, e.g. 4p6c")
    p.add_argument("--max-turns", type=integer, metavar="D",
                   help="only strategies that never need more than D turns")
    p.add_argument("--objective", default="total", metavar="OBJ",
                   help=f"one of {', '.join(OBJECTIVES)} (default total); worst: least max turns, "
                        "then fewest total turns")
    p.add_argument("--tree", metavar="FILE",
                   help="write the strategy tree: .dot for GraphViz, anything else JSON")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--progress", action="store_true", help="show a progress bar on stderr")
    p.add_argument("--scheduler", metavar="ADDRESS", help=SCHEDULER_HELP + OPTIMAL_ON_CLUSTER)
    p.set_defaults(handler=run_optimal)

    t = subparsers.add_parser("optimal-table", help="solve games exactly and keep data/optimal.csv")
    t.add_argument("games", metavar="GAME", nargs="*",
                   help="games to solve (default: every game of at most --max-codewords codewords)")
    t.add_argument("--max-codewords", type=integer, metavar="N",
                   help="with no GAME, every game of at most N codewords (default 1296)")
    t.add_argument("--rules", metavar="LIST",
                   help="with no GAME, the games of these rule sets: comma-separated from classic, "
                        "norepeat, black, or all (default classic)")
    t.add_argument("--objectives", default="total,limit,worst", metavar="LIST",
                   help="comma-separated: total, limit (total within the least max turns), worst "
                        "(default all three)")
    t.add_argument("--redo", action="store_true", help="solve rows the table already has again")
    t.add_argument("--trees", action="store_true",
                   help="also store each row's tree in data/optimal_trees/ (small games only)")
    t.add_argument("--scheduler", metavar="ADDRESS", help=SCHEDULER_HELP + OPTIMAL_ON_CLUSTER)
    t.set_defaults(handler=run_table)


OPTIMAL_ON_CLUSTER = "; the subtrees below the first guesses are searched on its workers"


def run_optimal(args) -> int:
    from ..core.cluster import maybe_client, parse_scheduler

    show_progress = args.progress or (not args.json and sys.stderr.isatty())
    if args.scheduler is not None:
        parse_scheduler(args.scheduler)
    check_outputs(files=[args.tree])  # before the search, which may take hours
    with maybe_client(args.scheduler) as client:
        result = optimal(args.game, max_turns=args.max_turns, objective=args.objective,
                         progress=show_progress, client=client)
    if args.tree is not None:
        write_tree_file(result, args.tree)
    print(result.to_json() if args.json else result.describe())
    return 0


def run_table(args) -> int:
    from ..core.cluster import maybe_client, parse_scheduler
    from ..studies import optimal_table
    from ..studies.first_guess import parse_rule_list

    if args.scheduler is not None:
        parse_scheduler(args.scheduler)
    if args.games and (args.rules is not None or args.max_codewords is not None):
        raise ValueError("give games, or --rules and --max-codewords to choose them, not both: "
                         "a game's name carries its rules (4p6c-black)")
    objectives = optimal_table.parse_objective_rows(args.objectives)
    command = "python -m mmlib " + " ".join(sys.argv[1:]) if sys.argv[1:2] == ["optimal-table"] \
        else "python -m mmlib optimal-table"
    rules = parse_rule_list(args.rules if args.rules is not None else "classic")
    max_codewords = args.max_codewords if args.max_codewords is not None else optimal_table.DEFAULT_MAX_CODEWORDS
    plan = optimal_table.plan_optimal_table(args.games or None, max_codewords, objectives, args.redo,
                                            args.trees, optimal_table.OPTIMAL_CSV, rules)
    with maybe_client(args.scheduler if plan.todo else None) as client:
        optimal_table.run_optimal_table(plan, command, progress=True, client=client)
    return 0
