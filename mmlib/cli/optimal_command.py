"""`optimal` (the exact optimal strategy of one game) and `optimal-table` (data/optimal.csv)."""

from __future__ import annotations

import sys

from ..core.cluster import SCHEDULER_HELP
from ..core.optimal import MAX_WORKERS, OBJECTIVES, TimeLimitReached, config, optimal
from ..core.options import parse_count, parse_workers, worker_limit
from ..core.outputs import check_outputs
from ..studies.commands import rerun_command
from ..studies.optimal_openings import DEFAULT_GAME_TIME_LIMIT_S, DEFAULT_MAX_CODEWORDS
from .arguments import integer, seconds
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
                   help="write the strategy tree: .dot for GraphViz, .gz for gzipped JSON, anything else JSON")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--progress", action="store_true", help="show a progress bar on stderr")
    p.add_argument("--scheduler", metavar="ADDRESS", help=SCHEDULER_HELP + OPTIMAL_ON_CLUSTER)
    p.add_argument("--checkpoint", metavar="DIR", help=CHECKPOINT_HELP)
    p.add_argument("--possible-guesses", action="store_true",
                   help="every guess must be one of the secrets still possible (4p6c: 5660 turns)")
    p.add_argument("--workers", type=integer, metavar="N",
                   help=f"worker processes for the subtrees below the first guesses (default: one per "
                        f"core, at most {MAX_WORKERS}; 1 searches in this process; at most "
                        f"{worker_limit()} here: the cores, or 8)")
    p.add_argument("--time-limit", type=seconds, metavar="S",
                   help="with --checkpoint: stop S seconds after the engine is loaded, keeping what was "
                        f"proven (exit status {TIME_LIMIT_EXIT}); the same command goes on from there. Each "
                        "run keeps at least one step: one that has kept none by then goes on until it has")
    p.add_argument("--stepwise-min", type=integer, metavar="N",
                   help="parts below the first guess of at least N secrets are searched one second "
                        "guess at a time, their progress kept as they go with --checkpoint (default "
                        f"{config.STEPWISE_MIN_SECRETS}; lower it for short runs on many cores)")
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
                   help="comma-separated: total, limit (total within the least max turns), worst, "
                        "possible (total with every guess a secret still possible; not in the default) "
                        "(default total,limit,worst)")
    t.add_argument("--redo", action="store_true",
                   help="solve games again whose rows of these objectives the table already has")
    t.add_argument("--trees", action="store_true",
                   help="also store each row's tree in data/optimal_trees/ (small games only)")
    t.add_argument("--scheduler", metavar="ADDRESS", help=SCHEDULER_HELP + OPTIMAL_ON_CLUSTER)
    t.add_argument("--checkpoint", metavar="DIR",
                   help="keep each search's progress in a folder of DIR (one per game and row) and go "
                        "on from it: a run stopped for any reason resumes where it stopped")
    t.set_defaults(handler=run_table)

    s = subparsers.add_parser("optimal-status",
                              help="where a search kept with --checkpoint DIR stands, opening by opening")
    s.add_argument("folder", metavar="DIR", help="the folder given to optimal --checkpoint")
    s.add_argument("--json", action="store_true", help="print one JSON object")
    s.set_defaults(handler=run_status)

    o = subparsers.add_parser("optimal-openings",
                              help="the optimal total with each first guess fixed: data/optimal_openings.csv")
    o.add_argument("games", metavar="GAME", nargs="*",
                   help="games to search (default: those of data/optimal.csv with at most --max-codewords)")
    o.add_argument("--max-codewords", type=integer, default=DEFAULT_MAX_CODEWORDS, metavar="N",
                   help=f"with no GAME, the games of data/optimal.csv of at most N codewords "
                        f"(default {DEFAULT_MAX_CODEWORDS})")
    o.add_argument("--time-limit", type=seconds, default=DEFAULT_GAME_TIME_LIMIT_S, metavar="S",
                   help=f"leave out a game whose openings take more than S seconds in all "
                        f"(default {DEFAULT_GAME_TIME_LIMIT_S:g})")
    o.add_argument("--redo", action="store_true", help="search games the table already has again")
    o.set_defaults(handler=run_openings)


# The exit status of a search stopped at its --time-limit (0 done, 2 bad input, 130 Ctrl-C).
TIME_LIMIT_EXIT = 3
OPTIMAL_ON_CLUSTER = "; the subtrees below the first guesses are searched on its workers"
CHECKPOINT_HELP = ("keep what the search has proven in DIR as it goes, and go on from what DIR holds: "
                   "a run stopped for any reason (Ctrl-C, a killed process) resumes where it stopped")


def run_optimal(args) -> int:
    from ..core.cluster import maybe_client, parse_scheduler

    show_progress = args.progress or (not args.json and sys.stderr.isatty())
    if args.scheduler is not None:
        parse_scheduler(args.scheduler)
    parse_workers(args.workers, "--workers")  # before a cluster is opened for the run
    if args.workers is not None and args.scheduler is not None:
        raise ValueError("--workers: with --scheduler the cluster's worker threads search the parts; "
                         "give one or the other")
    parse_count(args.stepwise_min, "--stepwise-min")
    if args.time_limit is not None and args.checkpoint is None:
        raise ValueError("--time-limit needs --checkpoint DIR, the folder that keeps what the search proves")
    check_outputs(files=[args.tree], folders=[f for f in [args.checkpoint] if f is not None])  # before the search
    try:
        with maybe_client(args.scheduler) as client:
            result = optimal(args.game, max_turns=args.max_turns, objective=args.objective,
                             progress=show_progress, client=client, checkpoint=args.checkpoint,
                             possible_guesses=args.possible_guesses, workers=args.workers,
                             time_limit=args.time_limit, stepwise_min_secrets=args.stepwise_min)
    except TimeLimitReached as stopped:
        print(stopped, file=sys.stderr)
        return TIME_LIMIT_EXIT
    if args.tree is not None:
        write_tree_file(result, args.tree)
    print(result.to_json() if args.json else result.describe())
    return 0


def run_status(args) -> int:
    import json

    from ..core.optimal.standing import checkpoint_standing, describe_standing

    standing = checkpoint_standing(args.folder)
    print(json.dumps(standing, allow_nan=False) if args.json else describe_standing(standing))
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
    command = rerun_command("python -m mmlib", sys.argv[1:] if sys.argv[1:2] == ["optimal-table"]
                            else ["optimal-table"])
    rules = parse_rule_list(args.rules if args.rules is not None else "classic")
    max_codewords = args.max_codewords if args.max_codewords is not None else optimal_table.DEFAULT_MAX_CODEWORDS
    plan = optimal_table.plan_optimal_table(args.games or None, max_codewords, objectives, args.redo,
                                            args.trees, optimal_table.OPTIMAL_CSV, rules)
    if args.checkpoint is not None:
        check_outputs(folders=[args.checkpoint])
    with maybe_client(args.scheduler if plan.todo else None) as client:
        optimal_table.run_optimal_table(plan, command, progress=True, client=client,
                                        checkpoint=args.checkpoint)
    return 0


def run_openings(args) -> int:
    from ..studies.optimal_openings import update_openings_table

    command = rerun_command("python -m mmlib", sys.argv[1:] if sys.argv[1:2] == ["optimal-openings"]
                            else ["optimal-openings"])
    left_out = update_openings_table(args.games or None, max_codewords=args.max_codewords,
                                     time_limit=args.time_limit, redo=args.redo, command=command)
    if left_out:
        print(f"left out (past {args.time_limit:g} s): {' '.join(left_out)}")
    return 0
