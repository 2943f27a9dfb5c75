"""`next` (the assistant), `play` (a game in the terminal) and `verify` (check a strategy tree).

`play` reads one line per turn, so it works the same typed at a terminal or
piped from a file or a test. When its input is not a terminal it echoes each
line it reads, so a transcript reads like the session. It never ends with a
traceback: bad input gets a one-line reason and the prompt again, and the end
of input ends the session with a message.

Exit status of `play`: 0 when the game was won, 1 when it ended before that
(quit or end of input), 2 for bad command-line arguments.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from typing import BinaryIO, Iterator, TextIO

from ..core.coach import DEFAULT_TIME_LIMIT_S, STRATEGY_CHOICES
from ..core.games import COLOR_CHARS
from ..core.options import OPTIMAL_PLAYS_ITS_OWN_OPENING
from ..core.openings import pairs_first_guess
from ..core.play import GameSession, score_format, format_move, parse_move, parse_score, random_secret
from ..core.results import OPTIMAL
from ..core.scoring import format_score
from .arguments import integer, seconds

SHOW_POSSIBLE = 10


def register(subparsers):
    n = subparsers.add_parser("next", help="the secrets still possible and the strategy's next guess")
    n.add_argument("game", metavar="GAME", help="pins and colors, e.g. 4p6c")
    n.add_argument("moves", metavar="GUESS=B,W", nargs="*", help="the moves so far, e.g. 1122=1,0")
    _add_strategy_options(n)
    n.add_argument("--json", action="store_true",
                   help="print one JSON object: moves, remaining, possible, next_guess, won (with "
                        "--strategy optimal also total_turns and expected_turns from here)")
    n.add_argument("--show", type=integer, default=SHOW_POSSIBLE, metavar="N",
                   help=f"list at most N possible secrets (default {SHOW_POSSIBLE}; 0 lists them all)")
    n.set_defaults(handler=run_next)

    p = subparsers.add_parser("play", help="play a game in the terminal, either side")
    p.add_argument("game", metavar="GAME")
    _add_strategy_options(p)
    p.add_argument("--secret", metavar="CODE", help="you guess, the computer scores against CODE")
    p.add_argument("--codemaker", action="store_true",
                   help="you guess, the computer scores against a random secret")
    p.add_argument("--seed", type=integer, metavar="N", help="seed for the random secret of --codemaker")
    p.add_argument("--coach", action="store_true",
                   help="with --secret or --codemaker: after each of your guesses, what it lost against "
                        "the best move")
    p.set_defaults(handler=run_play)

    v = subparsers.add_parser("verify", help="check a strategy tree written by solve --tree, independently")
    v.add_argument("tree", metavar="TREE.json")
    v.add_argument("--possible-guesses", action="store_true",
                   help="also require every guess to be one of the secrets still possible where it is "
                        "played (a tree of optimal --possible-guesses says so itself and is always held to it)")
    v.set_defaults(handler=run_verify)


def _add_strategy_options(parser):
    parser.add_argument("--strategy", default="knuth", metavar="S",
                        help=f"one of {', '.join(STRATEGY_CHOICES)} (default knuth); optimal: the exact "
                             "search's proven best guess")
    parser.add_argument("--first-guess", metavar="G",
                        help="the opening (default: the one solve plays; optimal: a best one)")
    parser.add_argument("--time-limit", type=seconds, default=DEFAULT_TIME_LIMIT_S, metavar="S",
                        help=f"seconds for each answer that needs the exact search: an optimal guess (next: "
                             f"the whole command), a hint, a coach line (default {DEFAULT_TIME_LIMIT_S:g})")


# -- next ------------------------------------------------------------------------


def _check_strategy_options(args) -> None:
    """The options `next` and `play` share, refused where they would do nothing."""
    if args.first_guess is not None and str(args.strategy).strip().lower() == OPTIMAL.label:
        raise ValueError(f"--first-guess: {OPTIMAL_PLAYS_ITS_OWN_OPENING}")


def run_next(args) -> int:
    _check_strategy_options(args)
    session = GameSession(args.game, args.strategy, args.first_guess, time_limit=args.time_limit)
    if args.show < 0:
        raise ValueError(f"--show must be 0 or more, got {args.show}")
    for text in args.moves:
        move = parse_move(text, session.game)
        session.play(move.guess, move.score)
        if session.conflict is not None:
            raise ValueError(session.conflict)
    limit = None if args.show == 0 else args.show
    total = None  # optimal: the least total turns over the possible secrets from here
    if session.strategy is OPTIMAL and not session.won:
        guess, total = session.optimal_move()
    else:
        guess = session.next_guess()
    next_text = None if guess is None else session.game.format_codeword(guess)
    possible = session.possible_codewords(limit)
    if args.json:
        out = {
            "game": session.game.name,
            "strategy": session.strategy.label,
            "moves": session.move_texts(),
            "remaining": session.remaining,
            "possible": possible,
            "next_guess": next_text,
            "won": session.won,
        }
        if session.strategy is OPTIMAL:
            out["total_turns"] = total
            out["expected_turns"] = None if total is None else round(total / session.remaining, 6)
        print(json.dumps(out))
        return 0
    more = session.remaining - len(possible)
    print(f"possible secrets: {session.remaining:,}")
    print("  " + " ".join(possible) + (f" ... ({more:,} more)" if more else ""))
    if session.won:
        print(f"won: the secret is {next_text or possible[0]}")
    else:
        print(f"next guess ({session.strategy.title}): {next_text}")
        if total is not None:
            print(f"  proven best: {total / session.remaining:.4f} turns expected from here, this guess "
                  f"included ({total:,} in all over the {session.remaining:,} possible secrets)")
    return 0


# -- play ------------------------------------------------------------------------


# A line longer than this is refused (and the rest of it skipped) before it is looked at.
MAX_LINE_CHARS = 1000


@dataclass(frozen=True)
class BadLine:
    """A line that could not be read as text; `reason` is said and the prompt comes again."""

    echo: str
    reason: str


class Console:
    """Prompts on `out`, lines from `lines`; echoes what it reads when the input is not a terminal.

    `lines` yields str, or BadLine for a line that could not be read (not valid in
    the input's encoding, too long): `ask` says why and asks again.
    """

    def __init__(self, lines: "Iterator[str | BadLine]", out: TextIO, echo: bool):
        self.lines, self.out, self.echo = lines, out, echo

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def ask(self, prompt: str) -> "str | None":
        """The next good line, stripped and lower-cased, or None at the end of input."""
        while True:
            print(prompt, end="", file=self.out, flush=True)
            line = next(self.lines, None)
            if line is None:
                self.say()
                return None
            if isinstance(line, BadLine):
                if self.echo:
                    self.say(line.echo)
                self.say(f"  {line.reason}")
                continue
            line = line.rstrip("\r\n")
            if len(line) > MAX_LINE_CHARS:
                if self.echo:
                    self.say(line[:60] + "...")
                self.say(f"  {_too_long()}")
                continue
            if self.echo:
                self.say(line)
            return line.strip().lower()


def _too_long() -> str:
    return f"that line is too long (at most {MAX_LINE_CHARS:,} characters): type it again"


def byte_lines(stream: BinaryIO, encoding: str) -> "Iterator[str | BadLine]":
    """Lines of a binary stream, each decoded on its own, so a bad line costs only itself.

    Reading bytes line by line (not through a text layer that decodes a whole
    buffer at once) means the lines before an undecodable one are never lost.
    An over-long line is skipped to its end in bounded pieces.
    """
    while True:
        raw = stream.readline(MAX_LINE_CHARS * 4 + 2)
        if not raw:
            return
        if not raw.endswith(b"\n") and len(raw) > MAX_LINE_CHARS * 4:
            while raw and not raw.endswith(b"\n"):
                raw = stream.readline(1 << 16)
            yield BadLine("...", _too_long())
            continue
        try:
            yield raw.decode(encoding)
        except UnicodeDecodeError:
            yield BadLine(raw.decode(encoding, "replace").rstrip("\r\n"),
                          f"that line is not valid {encoding} text: type it again")


def stdin_console() -> Console:
    if sys.stdin is None:  # started with stdin closed: the input ends at once
        return Console(iter(()), sys.stdout, echo=True)
    if sys.stdin.isatty():
        def typed() -> "Iterator[str | BadLine]":
            while True:
                try:
                    yield input()
                except EOFError:
                    return
                except UnicodeDecodeError:
                    yield BadLine("", f"that line is not valid {sys.stdin.encoding} text: type it again")
        return Console(typed(), sys.stdout, echo=False)
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is None:  # a text stream standing in for stdin (tests): lines as they come
        return Console(iter(sys.stdin.readline, ""), sys.stdout, echo=True)
    return Console(byte_lines(buffer, sys.stdin.encoding or "utf-8"), sys.stdout, echo=True)


def run_play(args) -> int:
    _check_strategy_options(args)
    if args.secret is not None and args.codemaker:
        raise ValueError("--secret and --codemaker both choose the secret: give one of them")
    if args.seed is not None and not args.codemaker:
        raise ValueError("--seed picks the random secret of --codemaker; add --codemaker")
    if args.seed is not None and args.seed < 0:
        raise ValueError(f"--seed must be 0 or more, got {args.seed}")
    if args.coach and args.secret is None and not args.codemaker:
        raise ValueError("--coach reviews your guesses: add --codemaker or --secret CODE")
    secret = args.secret
    if secret is None and args.codemaker:
        probe = GameSession(args.game, args.strategy, args.first_guess)  # checks the game first
        secret = random_secret(probe.game, args.seed)
    session = GameSession(args.game, args.strategy, args.first_guess, secret=secret, time_limit=args.time_limit)
    console = stdin_console()
    if secret is not None:
        won = play_codemaker(session, console, coach=args.coach)
    else:
        won = play_codebreaker(session, console)
    return 0 if won else 1


def _colors_text(session: GameSession) -> str:
    game = session.game
    rules = {"norepeat": ", all different", "black": "; scores count black pegs only"}.get(game.rules, "")
    return f"{game.pins} pins, colors 1..{COLOR_CHARS[game.colors - 1]}{rules}"


def _guesses(count: int) -> str:
    return f"{count} guess{'es' if count != 1 else ''}"


def _possible_line(session: GameSession) -> str:
    count = session.remaining
    return f"{count:,} secret{'s' if count != 1 else ''} possible"


def _list_possible(session: GameSession, console: Console) -> None:
    shown = session.possible_codewords(SHOW_POSSIBLE)
    more = session.remaining - len(shown)
    console.say("  possible: " + " ".join(shown) + (f" ... ({more:,} more)" if more else ""))


def _undo(session: GameSession, console: Console) -> None:
    try:
        move = session.undo()
    except ValueError as error:
        console.say(f"  {error}")
        return
    console.say(f"  took back {format_move(session.game, move)}; {_possible_line(session)}")


def play_codebreaker(session: GameSession, console: Console) -> bool:
    """The computer guesses the person's secret from the scores typed in. True if it won.

    Nothing typed ends the session but quit and the end of input: a bad score, a
    score that contradicts the others, a position too large to search: each is
    said, and the person can type again or undo.
    """
    game, title = session.game, session.strategy.title
    console.say(f"{game.name}: think of a secret of {_colors_text(session)}. I play {title}.")
    console.say(f'Score each guess as {score_format(game)}; "undo" takes back your last score, '
                '"list" shows the possible secrets, "quit" ends.')
    told = None  # the refusal last said, so that it is said once per position
    while True:
        # `stuck` says why no guess can be played: a contradiction, or a search refused.
        stuck, guess = session.conflict, None
        if stuck is None:
            try:
                guess = session.next_guess()
            except ValueError as error:
                stuck = str(error)
                if told != (len(session.moves), stuck):
                    console.say(f"  {stuck}")
                    told = (len(session.moves), stuck)
        if stuck is not None:
            answer = console.ask("undo or quit? ")
        else:
            console.say(f"guess {session.turn}: {game.format_codeword(guess)}   ({_possible_line(session)})")
            answer = console.ask("score? ")
        if answer is None:
            console.say(f"end of input: stopped after {_guesses(len(session.moves))}")
            return False
        if answer in ("quit", "q", "exit"):
            console.say(f"stopped after {_guesses(len(session.moves))}")
            return False
        if answer == "undo":
            _undo(session, console)
            continue
        if answer in ("list", "possible"):
            _list_possible(session, console)
            continue
        if answer in ("help", "?", ""):
            console.say(f"  type the score as {score_format(game)}, or undo, list, quit")
            continue
        if stuck is not None:
            console.say(f"  {stuck}: type undo to take back {format_move(game, session.moves[-1])}, or quit")
            continue
        try:
            score = parse_score(answer, game)
            session.play(guess, score)
        except ValueError as error:
            console.say(f"  {error}")
            continue
        if session.conflict is not None:
            console.say(f"  {session.conflict}")
            console.say(f"  type undo to take back {format_move(game, session.moves[-1])}")
        elif session.won:
            console.say(f"I win: your secret is {game.format_codeword(guess)}, "
                        f"found in {_guesses(len(session.moves))}.")
            return True


def play_codemaker(session: GameSession, console: Console, coach: bool = False) -> bool:
    """The person guesses the session's secret; the computer scores. True if the person found it.

    A bad guess, or a hint the strategy cannot give here, is said and the prompt comes again.
    `coach`: after each guess, one line with what it lost against the best move.
    """
    game, title = session.game, session.strategy.title
    console.say(f"{game.name}: I have a secret of {_colors_text(session)}. Find it!")
    # An example only: the optimal opening is not searched for it.
    example = pairs_first_guess(game) if session.strategy is OPTIMAL else game.format_codeword(session.first_guess)
    console.say(f'Type a guess such as {example}; "hint" asks {title}, '
                '"undo" takes back your last guess, "list" shows the possible secrets, '
                '"quit" gives up and shows the secret.')
    secret_text = game.format_codeword(session.secret)
    while True:
        answer = console.ask(f"guess {session.turn}? ")
        if answer is None:
            console.say(f"end of input: stopped after {_guesses(len(session.moves))}; "
                        f"the secret was {secret_text}")
            return False
        if answer in ("quit", "q", "exit"):
            console.say(f"the secret was {secret_text}")
            return False
        if answer == "undo":
            _undo(session, console)
            continue
        if answer in ("list", "possible"):
            _list_possible(session, console)
            continue
        if answer in ("help", "?", ""):
            console.say("  type a guess, or hint, undo, list, quit")
            continue
        try:
            if answer == "hint":
                console.say(f"  hint: {title} plays {game.format_codeword(session.next_guess())}")
                continue
            score = session.guess(answer)
        except ValueError as error:
            console.say(f"  {error}")
            continue
        shown = f"{game.format_codeword(session.moves[-1].guess)} scores {format_score(*score)}"
        if session.won:
            console.say(f"  {shown}: you found the secret in {_guesses(len(session.moves))}.")
        else:
            console.say(f"  {shown}; {_possible_line(session)}")
        if coach:
            console.say(f"  {_coach_line(session)}")
        if session.won:
            return True


def _coach_line(session: GameSession) -> str:
    """The coach's line for the session's last move."""
    from ..core.review import review_session_move

    return review_session_move(session, len(session.moves) - 1, session.time_limit).coach_line()


# -- verify ----------------------------------------------------------------------


def run_verify(args) -> int:
    from ..core.verify import TreeDefect, verify_tree_file

    try:
        report = verify_tree_file(args.tree, args.possible_guesses)
    except TreeDefect as defect:
        print(f"invalid strategy tree: {defect}", file=sys.stderr)
        return 1
    print(report.describe())
    return 0

