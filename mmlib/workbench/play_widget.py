"""The Play notebook's widget: play against the computer either way, on top of `mmlib.play`.

Two modes (the `mm-mode` toggle):

* "The computer guesses": you think of a secret; the computer shows its guess,
  you set black and white (`mm-black`, `mm-white`) and press Score (`mm-score`);
* "You guess": the computer draws a secret; you type a guess (`mm-guess`) and
  press Guess (`mm-guess-button`); the computer scores it.

Both have Hint (`mm-hint`: the strategy's next guess, or the possible secrets
when the computer is guessing), Undo (`mm-undo`) and New game (`mm-new`), and
show the number of secrets still possible (`mm-status`), the moves
(`mm-history`) and the last message (`mm-message`). When you guess, the coach
line (`mm-coach`) says after each guess how many turns it lost on average
against the best move there, and which moves were best (`mmlib.core.coach`).
The strategy menu offers the four strategies and Optimal, the exact search's
proven best guess. Every control carries a CSS class so a browser test can find
it; the methods `score`, `guess`, `hint`, `undo`, `new_game` and `reveal` do
what the buttons do, for scripts and tests.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets
import numpy as np

from ..core.coach import DEFAULT_TIME_LIMIT_S, opening_totals
from ..core.games import COLOR_CHARS, MAX_COLORS, MAX_PINS, MIN_COLORS, MIN_PINS
from ..core.play import GameSession, format_move, parse_score
from ..core.review import review_session_move
from ..core.scoring import format_score
from ..core.strategies import Strategy
from .widgets import game_controls, max_colors_for

COMPUTER_GUESSES, YOU_GUESS = "computer-guesses", "you-guess"
SHOW_POSSIBLE = 10


def most_pins_with_a_choice(max_codewords: int) -> int:
    """The most pins at which the colors slider still offers a choice within `max_codewords`: 7 for
    4,096 (8 pins would leave only 2 colors, as 3 colors make 3**8 = 6,561 codewords), so that no
    position of the pins leaves a colors slider of one value."""
    return max([p for p in range(MIN_PINS, MAX_PINS + 1) if max_colors_for(p, max_codewords) > MIN_COLORS],
               default=MIN_PINS)


def _with_class(widget, css_class: str):
    widget.add_class(css_class)
    return widget


class PlayWidget:
    """A game against the computer in a notebook; display `PlayWidget().widget`."""

    def __init__(self, pins: int = 4, colors: int = 6, strategy: str = "knuth",
                 mode: str = COMPUTER_GUESSES, seed: "int | None" = None, max_codewords: int = 4096,
                 time_limit: "float | None" = DEFAULT_TIME_LIMIT_S):
        # The pins stop where the colors still have a choice (7 within 4,096 codewords).
        self.controls = game_controls(pins, colors, strategy, max_codewords=max_codewords, optimal=True,
                                      max_pins=most_pins_with_a_choice(max_codewords))
        self.rng = np.random.default_rng(seed)
        self.time_limit = time_limit  # seconds of exact search per optimal guess or coach line
        # Buttons as wide as their labels: the default width cuts "The computer guesses" short.
        self.mode = _with_class(widgets.ToggleButtons(
            options=[("The computer guesses", COMPUTER_GUESSES), ("You guess", YOU_GUESS)],
            value=mode, style={"button_width": "auto"}), "mm-mode")
        # The toggle's name sits left of it, in line with "pins" and "colors" (a ToggleButtons'
        # own description wraps onto a line of its own).
        self.mode_row = widgets.HBox([widgets.Label("mode", layout=widgets.Layout(
            width="var(--jp-widgets-inline-label-width)", justify_content="flex-end", margin="0 8px 0 0")),
            self.mode])

        self.computer_guess = _with_class(widgets.HTML(), "mm-computer-guess")
        self.black = _with_class(widgets.BoundedIntText(value=0, min=0, max=pins, description="black",
                                                        layout=widgets.Layout(width="150px")), "mm-black")
        self.white = _with_class(widgets.BoundedIntText(value=0, min=0, max=pins, description="white",
                                                        layout=widgets.Layout(width="150px")), "mm-white")
        self.score_button = _with_class(widgets.Button(description="Score", button_style="primary"), "mm-score")
        self.guess_text = _with_class(widgets.Text(placeholder="e.g. 1122", description="guess"), "mm-guess")
        self.guess_button = _with_class(widgets.Button(description="Guess", button_style="primary"),
                                        "mm-guess-button")
        self.reveal_button = _with_class(widgets.Button(description="Show the secret"), "mm-reveal")
        self.hint_button = _with_class(widgets.Button(description="Hint"), "mm-hint")
        self.undo_button = _with_class(widgets.Button(description="Undo"), "mm-undo")
        self.new_button = _with_class(widgets.Button(description="New game"), "mm-new")
        self.status = _with_class(widgets.HTML(), "mm-status")
        self.message = _with_class(widgets.HTML(), "mm-message")
        self.history = _with_class(widgets.HTML(), "mm-history")
        self.coach = _with_class(widgets.HTML(), "mm-coach")

        self.computer_panel = widgets.VBox([
            self.computer_guess, widgets.HBox([self.black, self.white, self.score_button])])
        self.you_panel = widgets.HBox([self.guess_text, self.guess_button, self.reveal_button])
        self.widget = widgets.VBox([
            self.controls.box(), self.mode_row, self.computer_panel, self.you_panel,
            widgets.HBox([self.hint_button, self.undo_button, self.new_button]),
            self.status, self.message, self.coach, self.history,
        ])

        self.score_button.on_click(lambda _b: self.score(self.black.value, self.white.value))
        self.guess_button.on_click(lambda _b: self.guess(self.guess_text.value))
        self.reveal_button.on_click(lambda _b: self.reveal())
        self.hint_button.on_click(lambda _b: self.hint())
        self.undo_button.on_click(lambda _b: self.undo())
        self.new_button.on_click(lambda _b: self.new_game())
        self.controls.observe(lambda _controls: self.new_game())
        self.mode.observe(lambda _change: self.new_game(), names="value")
        self.new_game()

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    # -- actions -----------------------------------------------------------------

    @property
    def computer_is_guessing(self) -> bool:
        return self.mode.value == COMPUTER_GUESSES

    def new_game(self) -> None:
        """Start over with the chosen game, strategy and mode (a fresh secret when you guess)."""
        game = self.controls.game
        strategy = self.controls.chosen_strategy
        secret = None if self.computer_is_guessing else int(self.rng.integers(game.size))
        self.session = GameSession(game, strategy, secret=secret, time_limit=self.time_limit)
        self.coach.value = ""
        self.black.max = self.white.max = game.pins
        self.black.value = self.white.value = 0
        self.guess_text.value = ""
        if self.computer_is_guessing:
            self._say(f"Think of a secret of {game.pins} pins and {game.colors} colors, "
                      "then score each of my guesses.")
        else:
            self._say(f"I have a secret of {game.pins} pins and {game.colors} colors. Type a guess.")
        self._refresh()

    def score(self, black: int, white: int) -> None:
        """The score of the computer's current guess (the computer is guessing)."""
        if not self._ready(COMPUTER_GUESSES):
            return
        try:
            score = parse_score(f"{int(black)},{int(white)}", self.session.game)
        except ValueError as error:
            self._say(str(error), problem=True)
            return
        try:
            guess = self.session.next_guess()
        except ValueError as error:  # the optimal guess ran past its time limit
            self._say(str(error), problem=True)
            return
        self.session.play(guess, score)
        self._say(f"{self.session.game.format_codeword(guess)} scored {format_score(*score)}.")
        self._after_move()

    def guess(self, text: str) -> None:
        """Your guess at the computer's secret (you are guessing)."""
        if not self._ready(YOU_GUESS):
            return
        try:
            score = self.session.guess(text)
        except ValueError as error:
            self._say(str(error), problem=True)
            return
        self.guess_text.value = ""
        played = self.session.game.format_codeword(self.session.moves[-1].guess)
        self._say(f"{played} scores {format_score(*score)}.")
        self._coach_last_move()
        self._after_move()

    def hint(self) -> str:
        """The strategy's next guess when you guess; the possible secrets when the computer does."""
        session = self.session
        if session.conflict is not None:
            text = f"{session.conflict}: undo first."
        elif session.won:
            text = "The game is won."
        elif self.computer_is_guessing:
            shown = session.possible_codewords(SHOW_POSSIBLE)
            more = session.remaining - len(shown)
            text = "Possible secrets: " + " ".join(shown) + (f" and {more:,} more" if more else "")
        else:
            try:
                text = f"{session.strategy.title} would play {session.game.format_codeword(session.next_guess())}."
            except ValueError as error:
                self._say(str(error), problem=True)
                return str(error)
        self._say(text)
        return text

    def undo(self) -> None:
        try:
            move = self.session.undo()
        except ValueError as error:
            self._say(str(error), problem=True)
            return
        self._say(f"Took back {format_move(self.session.game, move)}.")
        self.coach.value = ""
        self._refresh()

    def reveal(self) -> None:
        if self.session.secret is None:
            self._say("The secret is in your head, not mine.", problem=True)
            return
        self._say(f"The secret is {self.session.game.format_codeword(self.session.secret)}.")

    # -- display -----------------------------------------------------------------

    def _coach_last_move(self) -> None:
        """The coach line for the move just played (not for a move that contradicts the others)."""
        session = self.session
        if session.conflict is not None:
            self.coach.value = ""
            return
        line = review_session_move(session, len(session.moves) - 1, self.time_limit).coach_line()
        self.coach.value = f"<i>{escape(line[0].upper() + line[1:])}</i>"

    def _ready(self, mode: str) -> bool:
        if self.mode.value != mode:
            self._say("That button belongs to the other mode.", problem=True)
            return False
        if self.session.conflict is not None:
            self._say(f"{self.session.conflict}: press Undo.", problem=True)
            return False
        if self.session.won:
            self._say("The game is won: press New game to play again.", problem=True)
            return False
        return True

    def _after_move(self) -> None:
        session = self.session
        count = len(session.moves)
        if session.conflict is not None:
            self._say(f"{session.conflict}. Press Undo to take back "
                      f"{format_move(session.game, session.moves[-1])}.", problem=True)
        elif session.won:
            secret = session.game.format_codeword(session.moves[-1].guess)
            who = "I found your secret" if self.computer_is_guessing else "You found my secret"
            self._say(f"{who} {secret} in {count} guess{'es' if count != 1 else ''}.")
        self.black.value = self.white.value = 0
        self._refresh()

    def _say(self, text: str, problem: bool = False) -> None:
        color = "#b00020" if problem else "inherit"
        self.message.value = f'<span style="color:{color}">{escape(text)}</span>'

    def _strategy_text(self) -> str:
        """The strategy and the opening it plays: 'Expected Size from its default opening 1122' (the
        first guess that `solve` plays when none is given); 'Optimal from its opening 1123, the first
        of the best openings' where data/optimal_openings.csv gives them (in index order), 'a proven
        best opening' where the exact search found it, and where it is not searched yet, that it is
        searched at the first guess asked for (the search may take seconds)."""
        session = self.session
        if isinstance(session.strategy, Strategy):
            return (f"{session.strategy.title} from its default opening "
                    f"{session.game.format_codeword(session.first_guess)}")
        if not session.first_guess_known:
            return f"{session.strategy.title}, whose opening is searched at the first guess asked for"
        which = ("the first of the best openings" if opening_totals(session.game) is not None
                 else "a proven best opening")
        return f"{session.strategy.title} from its opening {session.game.format_codeword(session.first_guess)}, {which}"

    def _colors_note(self) -> str:
        """Why the colors slider stops where it does: the codeword cap (`GameControls.cap_note`), or,
        where the cap would allow more, mmlib's most colors (a codeword holds each color in 4 bits and
        writes it as one hexadecimal digit)."""
        note = self.controls.cap_note()
        if note or self.controls.colors.max < MAX_COLORS:
            return note
        pins = self.controls.pins.value
        return (f"; with {pins} pins the colors go up to {MAX_COLORS}, mmlib's most: each color is one hexadecimal "
                f"digit, {COLOR_CHARS[0]} to {COLOR_CHARS[8]} then {COLOR_CHARS[9]} to {COLOR_CHARS[-1]}")

    def _refresh(self) -> None:
        session = self.session
        self.computer_panel.layout.display = None if self.computer_is_guessing else "none"
        self.you_panel.layout.display = "none" if self.computer_is_guessing else None
        remaining = session.remaining
        if self.computer_is_guessing:
            if session.conflict is not None or session.won:
                self.computer_guess.value = ""
            else:
                try:
                    guess = session.game.format_codeword(session.next_guess())
                    self.computer_guess.value = f"My guess {session.turn}: <code>{guess}</code>"
                except ValueError as error:  # the optimal guess ran past its time limit
                    self.computer_guess.value = ""
                    self._say(str(error), problem=True)
        # After the computer's guess: an optimal opening it searched is named too.
        self.status.value = (
            f"<b>{remaining:,}</b> secret{'s' if remaining != 1 else ''} possible "
            f"({session.game.name}, {escape(self._strategy_text())}){escape(self._colors_note())}"
        )
        rows = "".join(
            f"<tr><td>{turn}</td><td><code>{session.game.format_codeword(move.guess)}</code></td>"
            f"<td>{format_score(*move.score)}</td><td>{left:,}</td></tr>"
            for turn, (move, left) in enumerate(zip(session.moves, session.remaining_after_each_move()), start=1)
        )
        self.history.value = (
            "<table><tr><th>turn</th><th>guess</th><th>score</th><th>possible after</th></tr>"
            f"{rows}</table>" if rows else ""
        )
