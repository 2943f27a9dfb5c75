"""Games, codewords and their packed forms.

A game `PpCc` has P pins (2..8) and C colors (2..15). A codeword is P colors,
printed as `1`..`9` then `a`..`f`. All C**P codewords in lexical order of
their printed form are the game's *index order*.

Packed forms (see seeds/Efficient_Scoring_Functions.md):

* the codeword: one 4-bit nibble per pin in a uint32, the first (leftmost) pin
  in the highest used nibble, so that `1123` packs to `0x1123` and numeric
  order of packed words is index order;
* its color counts: one 8-bit lane per color, colors 1..8 in `counts_lo`
  (lane 0 = color 1) and colors 9..15 in `counts_hi` (lane 0 = color 9).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np
from numba import njit

MIN_PINS, MAX_PINS = 2, 8
MIN_COLORS, MAX_COLORS = 2, 15
COLOR_CHARS = "123456789abcdef"
# Above this, codewords are packed on demand for the indices at hand (8p8c has 16.8M).
MAX_MATERIALIZED_CODEWORDS = 1 << 25

# Text typed by a person (a game, a codeword, a score, a move) is refused at
# once beyond this length, before any other look at it; parsing is linear.
MAX_TEXT_CHARS = 200


def shown(text, limit: int = 40) -> str:
    """`repr` of a piece of input for a message, cut short if long."""
    text = str(text)
    return repr(text) if len(text) <= limit else repr(text[:limit]) + f"... ({len(text):,} characters)"


def check_length(text, what: str) -> str:
    """`text` as a str, or ValueError at once if it is longer than any valid one could be."""
    text = str(text)
    if len(text) > MAX_TEXT_CHARS:
        raise ValueError(f"{what} {shown(text)} is too long: at most {MAX_TEXT_CHARS} characters")
    return text


def ascii_whole_number(text: str) -> "int | None":
    """The value of a run of ASCII digits 0-9, else None (no sign, no spaces, no other digits)."""
    return int(text) if text and text.isascii() and text.isdigit() else None


@dataclass(frozen=True)
class Game:
    """A Mastermind game size: `pins` positions, each one of `colors` colors."""

    pins: int
    colors: int

    def __post_init__(self):
        if not MIN_PINS <= self.pins <= MAX_PINS:
            raise ValueError(
                f"game {self.pins}p{self.colors}c: pins must be {MIN_PINS}..{MAX_PINS}, got {self.pins}"
            )
        if not MIN_COLORS <= self.colors <= MAX_COLORS:
            raise ValueError(
                f"game {self.pins}p{self.colors}c: colors must be {MIN_COLORS}..{MAX_COLORS}, got {self.colors}"
            )

    @classmethod
    def parse(cls, text: "str | Game") -> "Game":
        """`Game.parse("4p6c")` -> Game(pins=4, colors=6)."""
        if isinstance(text, Game):
            return text
        text = check_length(text, "game")
        pins_text, p, rest = text.strip().lower().partition("p")
        colors_text, c, tail = rest.partition("c")
        pins, colors = ascii_whole_number(pins_text), ascii_whole_number(colors_text)
        if not (p and c) or tail or pins is None or colors is None:
            raise ValueError(
                f"invalid game {shown(text)}: write it as PpCc with digits 0-9, e.g. 4p6c "
                f"(pins {MIN_PINS}..{MAX_PINS}, colors {MIN_COLORS}..{MAX_COLORS})"
            )
        return cls(pins, colors)

    @property
    def name(self) -> str:
        return f"{self.pins}p{self.colors}c"

    def __str__(self) -> str:
        return self.name

    @property
    def size(self) -> int:
        """Number of codewords, C**P."""
        return self.colors**self.pins

    @property
    def num_scores(self) -> int:
        """Number of possible scores, p(p+3)/2 (Ville 2013)."""
        return self.pins * (self.pins + 3) // 2

    @property
    def score_slots(self) -> int:
        """Counter slots that index every score ordinal directly (one hole included)."""
        return self.num_scores + 1

    @property
    def win_ordinal(self) -> int:
        """The ordinal of the winning score (p, 0): the last slot."""
        return self.num_scores

    # -- codewords ---------------------------------------------------------

    def parse_codeword(self, text: str, what: str = "codeword") -> int:
        """The index of a printed codeword, e.g. `parse_codeword("1122")` in 4p6c -> 7."""
        text = check_length(text, what).strip().lower()
        if len(text) != self.pins:
            raise ValueError(
                f"{what} {shown(text)} has {len(text)} pins; {self.name} needs {self.pins}"
            )
        allowed = COLOR_CHARS[: self.colors]
        index = 0
        for char in text:
            if char not in allowed:
                raise ValueError(
                    f"{what} {text!r} is not a codeword of {self.name}: "
                    f"colors must be 1..{allowed[-1]}, one of {allowed}"
                )
            index = index * self.colors + allowed.index(char)
        return index

    def format_codeword(self, index: int) -> str:
        """The printed form of codeword number `index`."""
        return "".join(COLOR_CHARS[d] for d in self.digits_of(int(index)))

    def digits_of(self, index: int) -> list[int]:
        """Zero-based colors of codeword number `index`, leftmost pin first."""
        digits = []
        for _ in range(self.pins):
            index, digit = divmod(index, self.colors)
            digits.append(digit)
        return digits[::-1]

    @cached_property
    def codewords(self) -> "Codewords":
        """Every codeword of the game in index order, in packed form."""
        return Codewords.of(self)


@dataclass(frozen=True, eq=False)
class Codewords:
    """All codewords of a game in index order, as parallel arrays.

    digits: (n, pins) uint8, zero-based colors
    words: (n,) uint32, one nibble per pin (color + 1)
    counts_lo / counts_hi: (n,) uint64, 8-bit color-count lanes
    """

    game: Game
    digits: np.ndarray
    words: np.ndarray
    counts_lo: np.ndarray
    counts_hi: np.ndarray

    @classmethod
    def of(cls, game: Game, indices: "np.ndarray | None" = None) -> "Codewords":
        """Packed forms of the codewords `indices` (default: all of them, in index order)."""
        if indices is None:
            if game.size > MAX_MATERIALIZED_CODEWORDS:
                raise ValueError(
                    f"{game.name} has {game.size:,} codewords, too many to hold at once "
                    f"(at most {MAX_MATERIALIZED_CODEWORDS:,})"
                )
            indices = np.arange(game.size, dtype=np.int64)
        indices = np.ascontiguousarray(indices, dtype=np.int64)
        n = len(indices)
        digits = np.empty((n, game.pins), dtype=np.uint8)
        words = np.empty(n, dtype=np.uint32)
        counts_lo = np.empty(n, dtype=np.uint64)
        counts_hi = np.empty(n, dtype=np.uint64)
        _pack_codewords(indices, game.pins, game.colors, digits, words, counts_lo, counts_hi)
        for array in (digits, words, counts_lo, counts_hi):
            array.flags.writeable = False
        return cls(game, digits, words, counts_lo, counts_hi)

    def __len__(self) -> int:
        return len(self.words)

    def color_counts(self) -> np.ndarray:
        """(n, colors) counts of each color, unpacked; for readable code and tests."""
        return np.stack([(self.digits == k).sum(axis=1) for k in range(self.game.colors)], axis=1)


@njit(cache=True)
def _pack_codewords(indices, pins, colors, digits, words, counts_lo, counts_hi):
    for i in range(indices.shape[0]):
        rest = indices[i]
        word = np.uint32(0)
        lo = np.uint64(0)
        hi = np.uint64(0)
        for position in range(pins - 1, -1, -1):
            digit = rest % colors
            rest //= colors
            digits[i, position] = digit
            word |= np.uint32((digit + 1) << (4 * (pins - 1 - position)))
            if digit < 8:
                lo += np.uint64(1) << np.uint64(8 * digit)
            else:
                hi += np.uint64(1) << np.uint64(8 * (digit - 8))
        words[i] = word
        counts_lo[i] = lo
        counts_hi[i] = hi
