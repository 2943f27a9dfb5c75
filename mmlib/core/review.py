"""A review of one game, move by move, against the best possible play (`mmlib.review`).

Each move `GUESS=B,W` is replayed in a `GameSession` (so bad moves, impossible scores and
contradictions are refused as everywhere else) and reviewed at the position before it with
`mmlib.core.coach.review_move`: the secrets possible, the move's value against the best
value, the loss in expected turns, the best moves, each strategy's move and loss there, and
whether the guess could still be the secret. The game's total loss is the sum of its moves'
losses: the expected turns these choices cost, each at its own position, against best play.
"""

from __future__ import annotations

from dataclasses import dataclass

from .coach import DEFAULT_TIME_LIMIT_S, MoveReview, check_time_limit, review_move
from .deadline import Deadline
from .games import Game
from .options import parse_moves
from .play import GameSession, Move, format_move, parse_move
from .strategies import Strategy

# A guess's review lists at most this many best moves (and says how many more there are).
SHOW_BEST_MOVES = 3


@dataclass(frozen=True)
class GameReview:
    """Every move of one game reviewed, in play order."""

    game: Game
    moves: tuple  # Move per move
    reviews: tuple  # MoveReview per move

    @property
    def exact(self) -> bool:
        return all(r.exact for r in self.reviews)

    @property
    def total_loss(self) -> tuple[float, float]:
        """(least, most) expected turns the game's moves lost in all; equal when exact."""
        return (sum(r.loss[0] for r in self.reviews), sum(r.loss[1] for r in self.reviews))

    def rows(self) -> list[dict]:
        """One dict per move: what `frame` and `--json` show."""
        fmt = self.game.format_codeword
        out = []
        for turn, (move, r) in enumerate(zip(self.moves, self.reviews), start=1):
            row = {"turn": turn, "move": format_move(self.game, move), "possible": r.possible,
                   "value": r.value.high, "best_value": r.best.high, "loss": r.loss[1],
                   "best_moves": r.best_text(SHOW_BEST_MOVES)}
            for s in r.strategies:
                row[s.strategy.label] = "" if s.guess is None else fmt(s.guess)
                row[f"{s.strategy.label}_loss"] = None if s.loss is None else s.loss[1]
            row["could_be_secret"] = r.could_be_secret
            row["exact"] = r.exact
            row["note"] = _bounds_note(r)
            out.append(row)
        return out

    def frame(self):
        """The review as a pandas DataFrame, one row per move (see `review`)."""
        import pandas as pd

        frame = pd.DataFrame(self.rows(), columns=COLUMNS)
        frame.attrs["total_loss"] = self.total_loss[1]
        frame.attrs["exact"] = self.exact
        return frame

    def as_json(self) -> dict:
        low, high = self.total_loss
        rows = [{k: round(v, 6) if isinstance(v, float) else v for k, v in row.items()} for row in self.rows()]
        return {"game": self.game.name, "moves": rows, "total_loss": round(high, 6),
                "total_loss_at_least": round(low, 6), "exact": self.exact}

    def describe(self) -> str:
        """A table for people, then the total loss and a note for every move given as bounds."""
        from tabulate import tabulate

        fmt = self.game.format_codeword
        header = ["turn", "move", "possible", "value", "best", "loss", "best move(s)",
                  *[s.title for s in Strategy], "secret?"]
        body = []
        for turn, (move, r) in enumerate(zip(self.moves, self.reviews), start=1):
            at_most = "" if r.exact else "<="
            cells = [turn, format_move(self.game, move), f"{r.possible:,}", at_most + f"{r.value.high:,}",
                     at_most + f"{r.best.high:,}", at_most + f"{r.loss[1]:.3f}", r.best_text(SHOW_BEST_MOVES)]
            for s in r.strategies:
                cells.append(("stopped" if s.stopped else "refused") if s.guess is None else
                             f"{fmt(s.guess)} {'' if s.value.exact and r.best.exact else '<='}{s.loss[1]:.3f}")
            cells.append("yes" if r.could_be_secret else "no")
            body.append(cells)
        lines = [f"{self.game.name}: {len(self.moves)} move{'s' if len(self.moves) != 1 else ''} against the "
                 "best possible play (values: least total turns over the secrets possible, this guess "
                 "then best play; loss: expected turns lost)",
                 tabulate(body, headers=header, disable_numparse=True, stralign="right")]
        low, high = self.total_loss
        if self.exact:
            lines.append(f"total loss: {high:.3f} expected turns")
        else:
            lines.append(f"total loss: between {low:.3f} and {high:.3f} expected turns (bounds)")
        for turn, r in enumerate(self.reviews, start=1):
            if not r.exact:
                lines.append(f"  turn {turn}: {_bounds_note(r)}")
        return "\n".join(lines)


COLUMNS = ["turn", "move", "possible", "value", "best_value", "loss", "best_moves",
           *[c for s in Strategy for c in (s.label, f"{s.label}_loss")], "could_be_secret", "exact", "note"]


def _bounds_note(r: MoveReview) -> str:
    if not r.stopped:
        return ""
    if r.exact:
        partial = [] if r.best_moves_complete else ["the best moves listed may be only some of them"]
        if any(s.value is not None and not s.value.exact for s in r.strategies):
            partial.append("a strategy's loss marked <= is an upper bound")
        return f"the exact search ran past {r.time_limit:g} s: " + "; ".join(partial)
    low, high = r.loss
    return (f"bounds: the exact search ran past {r.time_limit:g} s; value {r.value.text()}, best "
            f"{r.best.text()} (upper ends: the four strategies' play), loss {low:.3f} to {high:.3f}")


def _session_of(game, moves) -> GameSession:
    session = GameSession(game)
    for item in moves:
        move = item if isinstance(item, Move) else parse_move(str(item), session.game)
        session.play(move.guess, move.score)
        if session.conflict is not None:
            raise ValueError(session.conflict)
    return session


def review_game(game: "Game | str", moves, time_limit: "float | None" = DEFAULT_TIME_LIMIT_S) -> GameReview:
    """Every move of a game (`GUESS=B,W` texts or `Move`s, in play order) against the best
    possible play, all of it within `time_limit` seconds (None: no limit): one deadline for the
    whole review, so the moves reviewed first take what they need and, once it has passed, the
    others get what needs no search (the cache, bounds)."""
    time_limit = check_time_limit(time_limit)
    session = _session_of(game, parse_moves(moves))
    if not session.moves:
        raise ValueError("a review needs at least one move, e.g. 1122=1,0")
    deadline = Deadline(time_limit)
    reviews = tuple(review_session_move(session, k, time_limit, deadline) for k in range(len(session.moves)))
    return GameReview(session.game, tuple(session.moves), reviews)


def review_session_move(session: GameSession, k: int, time_limit: "float | None" = DEFAULT_TIME_LIMIT_S,
                        deadline: "Deadline | None" = None) -> MoveReview:
    """The review of the session's move k (0 for the first) at the position before it, within
    `time_limit` seconds, or by `deadline` where one is given (a whole review's)."""
    played = tuple(move.guess for move in session.moves[:k])
    return review_move(session.game, session.possible_after(k), played, session.moves[k].guess, time_limit,
                       deadline)


def review(game: "Game | str", moves, time_limit: "float | None" = DEFAULT_TIME_LIMIT_S):
    """A pandas DataFrame with one row per move of a game, e.g.
    `review("4p6c", ["1122=1,0", "1344=0,1", "3526=1,2", "1462=1,1", "3632=4,0"])`.

    Columns: turn, move, possible (secrets possible before it), value (least total turns over
    those secrets with this guess, then best play), best_value, loss (expected turns lost:
    (value - best_value) / possible), best_moves, each strategy's guess there and its loss
    (`knuth`, `knuth_loss`, ...), could_be_secret, exact, note. Where `exact` is False the
    review ran past `time_limit` seconds (for the whole game): value and best_value are then upper bounds
    (from the four strategies' play), loss an upper bound, and `note` gives both ends.
    `frame.attrs["total_loss"]` is the sum of the losses.
    """
    return review_game(game, moves, time_limit).frame()
