"""`review`: every move of a game against the best possible play (mmlib.core.review)."""

from __future__ import annotations

import json

from ..core.coach import DEFAULT_TIME_LIMIT_S
from .arguments import seconds


def register(subparsers):
    r = subparsers.add_parser("review", help="how far each move of a game is from the best possible")
    r.add_argument("game", metavar="GAME", help="pins and colors, e.g. 4p6c")
    r.add_argument("moves", metavar="GUESS=B,W", nargs="*", help="the game's moves in order, e.g. 1122=1,0")
    r.add_argument("--time-limit", type=seconds, default=DEFAULT_TIME_LIMIT_S, metavar="S",
                   help=f"seconds for the whole review; a move whose search is not done by then is given "
                        f"bounds instead (default {DEFAULT_TIME_LIMIT_S:g})")
    r.add_argument("--json", action="store_true",
                   help="print one JSON object: game, moves (one object per move), total_loss, exact")
    r.set_defaults(handler=run_review)


def run_review(args) -> int:
    from ..core.review import review_game

    reviewed = review_game(args.game, args.moves, time_limit=args.time_limit)
    print(json.dumps(reviewed.as_json()) if args.json else reviewed.describe())
    return 0
