"""`solve` (every game at once) and `game` (the guesses against one secret)."""

from __future__ import annotations

import json

from ..core.cluster import SCHEDULER_HELP
from ..core.files import write_atomically, write_gzipped_json
from ..core.options import OPTIMAL_PLAYS_ITS_OWN_OPENING
from ..core.outputs import check_outputs
from ..core.solve import BACKENDS, CASE_EQUIVALENCE_MODES, solve
from ..core.strategies import STRATEGY_NAMES
from .arguments import integer


def add_solver_options(parser, backend=True):
    parser.add_argument("--strategy", default="knuth", metavar="S",
                        help=f"one of {', '.join(STRATEGY_NAMES)} (default knuth), or optimal: the "
                             "exact optimal strategy (`optimal GAME`), its own opening, on the cpu")
    parser.add_argument("--first-guess", metavar="G",
                        help="the opening, e.g. 1122 (default: data/first_guesses.csv, else pairs 1122..)")
    if backend:
        parser.add_argument("--backend", default="cpu", metavar="B",
                            help=f"one of {', '.join(BACKENDS)} (default cpu)")
    parser.add_argument("--case-equivalence", default="auto", metavar="MODE",
                        help=f"one of {', '.join(CASE_EQUIVALENCE_MODES)} (default auto)")


def register(subparsers):
    p = subparsers.add_parser("solve", help="play every game at once and summarise")
    p.add_argument("game", metavar="GAME", help="pins and colors, e.g. 4p6c")
    add_solver_options(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--tree", metavar="FILE",
                   help="write the strategy tree: .dot for GraphViz, .gz for gzipped JSON, anything else JSON")
    p.add_argument("--ce-min-region", type=integer, default=0, metavar="N",
                   help="with case equivalence on, only regions of at least N games search their "
                        "class representatives (default 0: every region)")
    p.add_argument("--progress", action="store_true", help="show a progress bar on stderr")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help=SCHEDULER_HELP + "; the big searches of each turn run on its workers (with --backend cuda, on their GPUs)")
    p.set_defaults(handler=run_solve)

    g = subparsers.add_parser("game", help="the guesses played against one secret")
    g.add_argument("game", metavar="GAME")
    g.add_argument("secret", metavar="SECRET")
    add_solver_options(g)
    g.set_defaults(handler=run_game)


def _is_optimal(args) -> bool:
    """--strategy optimal: the exact search plays instead of a strategy, with what it allows."""
    if str(args.strategy).strip().lower() != "optimal":
        return False
    if args.first_guess is not None:
        raise ValueError(f"--first-guess: {OPTIMAL_PLAYS_ITS_OWN_OPENING}")
    if getattr(args, "backend", "cpu") != "cpu":
        raise ValueError("--strategy optimal is the exact search, which runs on the cpu backend")
    if args.case_equivalence != "auto":
        raise ValueError("--case-equivalence: the exact search always uses every symmetry")
    if getattr(args, "ce_min_region", 0):
        raise ValueError("--ce-min-region is for the four strategies, not the exact search")
    return True


def run_solve(args) -> int:
    import sys

    from ..core.cluster import check_backend_here, maybe_client, parse_scheduler
    from ..core.solve import check_cluster_backend, parse_backend

    show_progress = args.progress or (not args.json and sys.stderr.isatty())
    if _is_optimal(args):
        from ..core.optimal import optimal

        if args.scheduler is not None:
            parse_scheduler(args.scheduler)
        check_outputs(files=[args.tree])
        with maybe_client(args.scheduler) as client:
            result = optimal(args.game, progress=show_progress, client=client)
        if args.tree is not None:
            write_tree_file(result, args.tree)
        print(result.to_json() if args.json else result.describe())
        return 0
    backend = parse_backend(args.backend)
    if args.scheduler is not None:
        parse_scheduler(args.scheduler)
        check_cluster_backend(backend)
    check_backend_here(backend, args.scheduler)
    check_outputs(files=[args.tree])  # before the solve, which may take hours
    with maybe_client(args.scheduler, backend) as client:
        result = solve(args.game, args.strategy, backend, args.first_guess, args.case_equivalence,
                       progress=show_progress, ce_min_region=args.ce_min_region, client=client)
    if args.tree is not None:
        write_tree_file(result, args.tree)
    print(result.to_json() if args.json else result.describe())
    return 0


def write_tree_file(result, path: str) -> None:
    """`--tree FILE`: GraphViz dot for a .dot file, gzipped JSON for a .gz file (as in
    data/optimal_trees/), otherwise the tree's JSON."""
    if path.endswith(".dot"):
        write_atomically(path, result.tree.to_dot())
    elif path.endswith(".gz"):
        write_gzipped_json(path, result.tree_json())
    else:
        write_atomically(path, json.dumps(result.tree_json()) + "\n")


def run_game(args) -> int:
    from ..core.games import Game

    game = Game.parse(args.game)
    secret = game.parse_codeword(args.secret, what="secret")
    if _is_optimal(args):
        from ..core.optimal import optimal

        print(" ".join(optimal(game).game_path(secret)))
        return 0
    result = solve(game, args.strategy, args.backend, args.first_guess, args.case_equivalence)
    print(" ".join(result.game_path(secret)))
    return 0
