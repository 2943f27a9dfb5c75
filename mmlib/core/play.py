"""Playing one game on a real board: the moves so far, the secrets still possible, the next guess.

`GameSession` is the logic behind `python -m mmlib next`, `python -m mmlib play`
and the Play notebook's widget. It holds a game, a strategy and the moves played
so far, each a guess with its score. After every move it keeps the set PS of
secrets that give every move its score, so undo is a pop and the strategy's next
guess is `strategy_next_guess` on PS; the strategy "optimal" plays the exact
search's proven best guess (`mmlib.core.coach.optimal_move`), within a time limit.

Scores typed by people go wrong in two ways, told apart here:

* a score no game of this size can produce (5 black on 4 pins, black + white
  more than the pins, or (p-1, 1)) is refused with the reason, before any move
  is recorded;
* a score that is possible in general but contradicts earlier moves empties
  PS. The move is recorded, the session says which earlier moves it conflicts
  with (`conflict`), and nothing else is allowed until it is undone.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .coach import DEFAULT_TIME_LIMIT_S, check_time_limit, opening_totals, optimal_move, parse_strategy_choice
from .games import MAX_MATERIALIZED_CODEWORDS, Game, ascii_whole_number, check_length, shown
from .next_guess import strategy_next_guess
from .options import OPTIMAL_PLAYS_ITS_OWN_OPENING
from .scoring import format_score, reference_score_under, score_ordinals, score_to_ordinal
from .openings import default_first_guess
from .results import OPTIMAL
from .strategies import Strategy

SCORE_FORMAT = "black,white such as 1,0 (or 1 0)"
BLACK_SCORE_FORMAT = "the number of black pegs, such as 1 (or 1,0)"


def score_format(game: Game) -> str:
    """How a person types a score in `game`: black,white, or black pegs alone."""
    return BLACK_SCORE_FORMAT if game.black_only else SCORE_FORMAT

def check_score(black: int, white: int, pins: "int | Game") -> tuple[int, int]:
    """(black, white) if some guess and secret of the game (or with `pins` pins, classic
    rules) can score it, else ValueError saying why."""
    shown = format_score(black, white)
    black_only = isinstance(pins, Game) and pins.black_only
    pins = pins.pins if isinstance(pins, Game) else pins
    if black_only and white:
        raise ValueError(f"score {shown} is impossible: these rules count black pegs only (write B or B,0)")
    if black < 0 or white < 0:
        raise ValueError(f"score {shown} is impossible: counts cannot be negative")
    if black > pins:
        raise ValueError(f"score {shown} is impossible: {black} black but only {pins} pins")
    if black + white > pins:
        raise ValueError(
            f"score {shown} is impossible: {black} black + {white} white is more than {pins} pins"
        )
    if black == pins - 1 and white == 1:
        raise ValueError(
            f"score {shown} is impossible: with {black} pins right in place, the one pin left "
            "cannot be a right color in the wrong place"
        )
    return black, white


def parse_score(text: str, pins: "int | Game") -> tuple[int, int]:
    """`parse_score("1,0", 4)` -> (1, 0); `"1 0"` reads the same. Impossible scores are refused.
    For a black-only game (`pins` a Game) the black count alone, `"1"`, reads as (1, 0)."""
    text = check_length(text, "score").strip()
    parts = [part.strip() for part in text.split(",")] if "," in text else text.split()
    numbers = [ascii_whole_number(part) for part in parts]
    black_only = isinstance(pins, Game) and pins.black_only
    if black_only and len(numbers) == 1 and None not in numbers:
        numbers.append(0)
    if len(numbers) != 2 or None in numbers:
        form = BLACK_SCORE_FORMAT if black_only else SCORE_FORMAT
        raise ValueError(f"score {shown(text)} is not a score: write it as {form}")
    return check_score(numbers[0], numbers[1], pins)


@dataclass(frozen=True)
class Move:
    """One guess and the score it got."""

    guess: int
    score: tuple[int, int]


def format_move(game: Game, move: Move) -> str:
    """`1122=1,0`: the form moves take on the command line and in messages."""
    return f"{game.format_codeword(move.guess)}={format_score(*move.score)}"


def parse_move(text: str, game: Game) -> Move:
    """`parse_move("1122=1,0", game)` -> Move(7, (1, 0))."""
    guess_text, separator, score_text = check_length(text, "move").partition("=")
    if not separator:
        raise ValueError(f"move {shown(text.strip())} must be GUESS=B,W, e.g. 1122=1,0")
    guess = game.parse_codeword(guess_text, what="guess")
    return Move(guess, parse_score(score_text, game))


def join_words(words: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def random_secret(game: Game, seed: "int | None" = None) -> int:
    """A secret drawn uniformly at random; the same seed gives the same secret."""
    return int(np.random.default_rng(seed).integers(game.size))


def play_against(game: "str | Game", strategy: "str | Strategy", secret: "str | int",
                 first_guess: "str | int | None" = None) -> "GameSession":
    """The strategy plays against a known secret, each guess scored truly; the finished session.

    >>> play_against("4p6c", "knuth", "3632").move_texts()
    ['1122=1,0', '1344=0,1', '3526=1,2', '1462=1,1', '3632=4,0']
    """
    session = GameSession(game, strategy, first_guess, secret=secret)
    while not session.won:
        session.guess(session.next_guess())
    return session


class GameSession:
    """One game on a real board: the moves played, the secrets still possible, undo, the next guess.

    >>> session = GameSession("4p6c", "knuth")
    >>> session.game.format_codeword(session.next_guess())
    '1122'
    >>> session.play("1122", "1,0"); session.remaining
    256
    """

    def __init__(self, game: "str | Game", strategy: "str | Strategy" = "knuth",
                 first_guess: "str | int | None" = None, secret: "str | int | None" = None,
                 time_limit: "float | None" = DEFAULT_TIME_LIMIT_S):
        self.game = Game.parse(game)
        # One of the four strategies, or OPTIMAL: the exact search's proven best guess.
        self.strategy = parse_strategy_choice(strategy)
        # Seconds the exact search may take for one optimal guess (None: no limit).
        self.time_limit = check_time_limit(time_limit)
        if self.game.size > MAX_MATERIALIZED_CODEWORDS:
            raise ValueError(
                f"{self.game.name} has {self.game.size:,} codewords, too many to play here "
                f"(at most {MAX_MATERIALIZED_CODEWORDS:,})"
            )
        if first_guess is not None and self.strategy is OPTIMAL:
            raise ValueError(f"first guess: {OPTIMAL_PLAYS_ITS_OWN_OPENING}")
        # The optimal opening is looked up (or searched) only when it is asked for.
        self._first_guess = None if first_guess is None else self._codeword(first_guess, "first guess")
        if self._first_guess is None and self.strategy is not OPTIMAL:
            self._first_guess = default_first_guess(self.game, self.strategy)
        self.secret = None if secret is None else self._codeword(secret, "secret")
        self.moves: list[Move] = []
        # _possible[k] is PS after the first k moves; None stands for every codeword,
        # so a session on a big game costs nothing until the first move.
        self._possible: list["np.ndarray | None"] = [None]
        self.conflict: "str | None" = None

    @property
    def first_guess(self) -> int:
        """The opening the strategy plays (given, or the one `solve` plays; optimal: a proven best,
        never given)."""
        if self._first_guess is None:
            self._first_guess = self.optimal_move(possible_after=0)[0]
        return self._first_guess

    @property
    def first_guess_known(self) -> bool:
        """Whether `first_guess` costs no search: given, a strategy's default opening, an optimal
        opening already searched, or one read from data/optimal_openings.csv."""
        return self._first_guess is not None or opening_totals(self.game) is not None

    # -- what the board says ---------------------------------------------------

    @property
    def possible(self) -> np.ndarray:
        """Indices of the secrets that give every move its score, in index order."""
        ps = self._possible[-1]
        return np.arange(self.game.size, dtype=np.int64) if ps is None else ps

    @property
    def remaining(self) -> int:
        ps = self._possible[-1]
        return self.game.size if ps is None else len(ps)

    def possible_codewords(self, limit: "int | None" = 10) -> list[str]:
        """The first `limit` possible secrets, printed (all of them with `limit=None`)."""
        count = self.remaining if limit is None else min(limit, self.remaining)
        ps = self._possible[-1]
        indices = range(count) if ps is None else ps[:count]
        return [self.game.format_codeword(i) for i in indices]

    @property
    def won(self) -> bool:
        """True once a move scored (pins, 0) and agreed with the moves before it."""
        return bool(self.moves) and self.conflict is None and self.moves[-1].score == (self.game.pins, 0)

    @property
    def turn(self) -> int:
        """The number of the next move, 1 for the first."""
        return len(self.moves) + 1

    def possible_after(self, count: int) -> np.ndarray:
        """The secrets that were possible after the first `count` moves (0: every codeword)."""
        if not 0 <= count <= len(self.moves):
            raise ValueError(f"there is no position after {count} moves: {len(self.moves)} were played")
        ps = self._possible[count]
        return np.arange(self.game.size, dtype=np.int64) if ps is None else ps

    def remaining_after_each_move(self) -> list[int]:
        """How many secrets were still possible after each move, in play order."""
        return [len(ps) for ps in self._possible[1:]]

    def move_texts(self) -> list[str]:
        return [format_move(self.game, move) for move in self.moves]

    # -- playing ---------------------------------------------------------------

    def play(self, guess: "str | int", score: "str | tuple[int, int]") -> None:
        """Record that `guess` scored `score`.

        An impossible score or a guess that is not a codeword raises ValueError and
        records nothing. A score that contradicts the earlier moves is recorded and
        sets `conflict`; undo it before anything else.
        """
        self._require_playable()
        guess = self._codeword(guess, "guess")
        if isinstance(score, str):
            score = parse_score(score, self.game)
        else:
            score = check_score(int(score[0]), int(score[1]), self.game)
        move = Move(guess, score)
        ps = self.possible
        ordinals = score_ordinals(self.game, guess, ps)
        ps = ps[ordinals == score_to_ordinal(*score, self.game)]
        ps.flags.writeable = False
        self.moves.append(move)
        self._possible.append(ps)
        if len(ps) == 0:
            self.conflict = self._explain_conflict()

    def undo(self) -> Move:
        """Take back the last move and return it."""
        if not self.moves:
            raise ValueError("nothing to undo: no move has been played")
        self._possible.pop()
        self.conflict = None
        return self.moves.pop()

    def next_guess(self) -> "int | None":
        """The strategy's next guess, or None once the game is won."""
        if self.conflict is not None:
            raise ValueError(self.conflict)
        if self.won:
            return None
        if not self.moves:
            return self.first_guess
        if self.strategy is OPTIMAL:
            return self.optimal_move()[0]
        return strategy_next_guess(self.game, self.strategy, self.possible, [move.guess for move in self.moves])

    def optimal_move(self, possible_after: "int | None" = None) -> tuple[int, int]:
        """(a proven best guess, the least total turns over the possible secrets from here), by the
        exact search within the session's time limit (ValueError past it), whatever the strategy.
        `possible_after` k: at the position after the first k moves instead of now."""
        k = len(self.moves) if possible_after is None else possible_after
        played = tuple(move.guess for move in self.moves[:k])
        return optimal_move(self.game, self.possible_after(k), played, self.time_limit)

    # -- the codemaker's side --------------------------------------------------

    def score_of(self, guess: "str | int") -> tuple[int, int]:
        """The true score of `guess` against the session's secret."""
        if self.secret is None:
            raise ValueError("this session has no secret to score against")
        guess = self._codeword(guess, "guess")
        return reference_score_under(self.game.format_codeword(self.secret), self.game.format_codeword(guess),
                               self.game.black_only)

    def guess(self, guess: "str | int") -> tuple[int, int]:
        """Play `guess` against the session's secret and return its score."""
        self._require_playable()
        score = self.score_of(guess)
        self.play(guess, score)
        return score

    # -- inside ----------------------------------------------------------------

    def _codeword(self, value: "str | int", what: str) -> int:
        if isinstance(value, (int, np.integer)):
            if not 0 <= int(value) < self.game.size:
                raise ValueError(f"{what} index {value} is not a codeword of {self.game.name}")
            return int(value)
        return self.game.parse_codeword(value, what=what)

    def _require_playable(self) -> None:
        if self.conflict is not None:
            raise ValueError(f"{self.conflict}; undo first")
        if self.won:
            raise ValueError(
                f"the game is won: the secret is {self.game.format_codeword(self.moves[-1].guess)}"
            )

    def secrets_fitting(self, moves) -> int:
        """How many secrets of the game give each of `moves` (texts such as "1122=1,0", or `Move`s)
        its score, whatever the session's own moves: 0 when they contradict each other.

        >>> GameSession("4p6c").secrets_fitting(["1122=1,0", "1344=0,1"])
        44
        """
        parsed = [move if isinstance(move, Move) else parse_move(move, self.game) for move in moves]
        return int(self._fits(parsed).sum())

    def _fits(self, moves: list[Move]) -> np.ndarray:
        """Mask over every codeword: True where the secret gives each of `moves` its score."""
        mask = np.ones(self.game.size, dtype=bool)
        for move in moves:
            mask &= score_ordinals(self.game, move.guess) == score_to_ordinal(*move.score, self.game)
        return mask

    def _explain_conflict(self) -> str:
        """Which moves admit no secret together, named as briefly as possible.

        The newest move alone, if no secret can give it its score; else the newest
        with the earliest single earlier move that already leaves no secret; else a
        smallest-by-deletion set: every earlier move whose removal would let some
        secret through.
        """
        newest = self.moves[-1]
        earlier = self.moves[:-1]
        newest_fits = self._fits([newest])
        if not newest_fits.any():
            return (
                f"no secret of {self.game.name} gives {self.game.format_codeword(newest.guess)} "
                f"the score {format_score(*newest.score)}"
            )
        for move in earlier:
            if not (newest_fits & self._fits([move])).any():
                return self._conflict_message([move, newest])
        involved = list(earlier)
        for move in list(involved):
            rest = [m for m in involved if m is not move]
            if not (newest_fits & self._fits(rest)).any():
                involved = rest
        return self._conflict_message(involved + [newest])

    def _conflict_message(self, moves: list[Move]) -> str:
        names = [format_move(self.game, move) for move in moves]
        return f"no secret is consistent with {join_words(names)} together"
