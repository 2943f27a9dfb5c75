"""Games, codewords and their packed forms.

A game `PpCc` has P pins (2..8) and C colors (2..15) and a rule set, named by
a suffix (docs/rules.md):

* `4p6c` (classic): every C**P codeword; the score is (black, white);
* `4p10c-norepeat`: only codewords whose P colors all differ (P <= C; Bulls
  and Cows is 4p10c-norepeat); the score is (black, white) as in classic;
* `4p6c-black`: every C**P codeword; the score is the number of black pegs
  alone (P + 1 scores).

A codeword is P colors, printed as `1`..`9` then `a`..`f`. The game's
codewords in lexical order of their printed form are its *index order*: the
index of a codeword is its position in that order (for classic and black the
C-ary number of its colors; for norepeat its rank among the all-different
codewords). Only this module turns an index into colors and back
(`digits_of`, `parse_codeword`, `Codewords.of`); everything else goes through
the game.

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
from math import perm
from numbers import Integral

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


def whole_number(value, what: str, minimum: "int | None" = None, maximum: "int | None" = None) -> int:
    """`value` as an int if it is an integer of Python or numpy (not a bool) within the bounds;
    else ValueError. Text, floats (4.0, inf) and lists are refused, not converted."""
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise ValueError(f"{what} must be a whole number, got {shown(repr(value))} ({type(value).__name__})")
    value = int(value)
    if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
        bounds = (f"from {minimum} to {maximum}" if minimum is not None and maximum is not None
                  else f"at least {minimum}" if minimum is not None else f"at most {maximum}")
        raise ValueError(f"{what} must be {bounds}, got {value}")
    return value


# The rule sets, by the suffix that names them ("" for classic).
CLASSIC, NOREPEAT, BLACK = "classic", "norepeat", "black"
RULES = (CLASSIC, NOREPEAT, BLACK)
RULE_SUFFIXES = {CLASSIC: "", NOREPEAT: "-norepeat", BLACK: "-black"}


def parse_rules(text) -> str:
    """'classic', 'norepeat' or 'black' (a leading '-' and case are ignored); ValueError otherwise."""
    rules = check_length(text, "rules").strip().lower().removeprefix("-")
    if rules not in RULES:
        raise ValueError(f"unknown rules {shown(text)}: use one of {', '.join(RULES)}")
    return rules


@dataclass(frozen=True)
class Game:
    """A Mastermind game: `pins` positions, each one of `colors` colors, under `rules`
    ('classic', 'norepeat' or 'black'; see the module docstring)."""

    pins: int
    colors: int
    rules: str = CLASSIC

    def __post_init__(self):
        # numpy integers are welcome and stored as int; text and floats are refused here,
        # not half-accepted to fail later (Game(4.0, 6) would name itself 4.0p6c).
        object.__setattr__(self, "pins", whole_number(self.pins, "pins"))
        object.__setattr__(self, "colors", whole_number(self.colors, "colors"))
        if not isinstance(self.rules, str) or self.rules not in RULES:
            raise ValueError(f"unknown rules {shown(self.rules)}: use one of {', '.join(RULES)}")
        if not MIN_PINS <= self.pins <= MAX_PINS:
            raise ValueError(
                f"game {self.name}: pins must be {MIN_PINS}..{MAX_PINS}, got {self.pins}"
            )
        if not MIN_COLORS <= self.colors <= MAX_COLORS:
            raise ValueError(
                f"game {self.name}: colors must be {MIN_COLORS}..{MAX_COLORS}, got {self.colors}"
            )
        if self.rules == NOREPEAT and self.pins > self.colors:
            raise ValueError(
                f"game {self.name}: more pins than colors, so no codeword has {self.pins} different colors"
            )

    @classmethod
    def parse(cls, text: "str | Game") -> "Game":
        """`Game.parse("4p6c")` -> Game(pins=4, colors=6); `Game.parse("4p10c-norepeat")`,
        `Game.parse("4p6c-black")` name the other rule sets."""
        if isinstance(text, Game):
            return text
        text = check_length(text, "game")
        size_text, dash, rules_text = text.strip().lower().partition("-")
        pins_text, p, rest = size_text.partition("p")
        colors_text, c, tail = rest.partition("c")
        pins, colors = ascii_whole_number(pins_text), ascii_whole_number(colors_text)
        if not (p and c) or tail or pins is None or colors is None:
            raise ValueError(
                f"invalid game {shown(text)}: write it as PpCc with digits 0-9, e.g. 4p6c "
                f"(pins {MIN_PINS}..{MAX_PINS}, colors {MIN_COLORS}..{MAX_COLORS}), "
                f"optionally with -norepeat or -black"
            )
        rules = CLASSIC
        if dash:
            if rules_text not in (NOREPEAT, BLACK):
                raise ValueError(
                    f"invalid game {shown(text)}: unknown rules suffix {shown('-' + rules_text)}; "
                    f"use -norepeat, -black or none (classic)"
                )
            rules = rules_text
        return cls(pins, colors, rules)

    @property
    def name(self) -> str:
        return f"{self.pins}p{self.colors}c{RULE_SUFFIXES.get(self.rules, '-' + str(self.rules))}"

    def __str__(self) -> str:
        return self.name

    @property
    def norepeat(self) -> bool:
        """Only codewords whose colors all differ."""
        return self.rules == NOREPEAT

    @property
    def black_only(self) -> bool:
        """The score is the number of black pegs alone."""
        return self.rules == BLACK

    @property
    def size(self) -> int:
        """Number of codewords: C**P, or C!/(C-P)! without repeated colors."""
        if self.norepeat:
            return perm(self.colors, self.pins)
        return self.colors**self.pins

    @property
    def num_scores(self) -> int:
        """Number of possible scores: p(p+3)/2 (Ville 2013), or p + 1 counting black pegs only.

        Without repeated colors some of the p(p+3)/2 scores may never occur (4p4c-norepeat
        has only the scores with b + w = 4); p(p+3)/2 stays an upper bound, which is all the
        fully-discriminating shortcut needs.
        """
        if self.black_only:
            return self.pins + 1
        return self.pins * (self.pins + 3) // 2

    @property
    def score_slots(self) -> int:
        """Counter slots that index every score ordinal directly (classic: one hole included)."""
        return self.win_ordinal + 1

    @property
    def win_ordinal(self) -> int:
        """The ordinal of the winning score (p, 0): the last slot. Black only: the ordinal is
        the number of black pegs, 0..p, so the win is p."""
        if self.black_only:
            return self.pins
        return self.pins * (self.pins + 3) // 2

    # -- codewords ---------------------------------------------------------

    def parse_codeword(self, text: str, what: str = "codeword") -> int:
        """The index of a printed codeword, e.g. `parse_codeword("1122")` in 4p6c -> 7."""
        text = check_length(text, what).strip().lower()
        if len(text) != self.pins:
            raise ValueError(
                f"{what} {shown(text)} has {len(text)} pins; {self.name} needs {self.pins}"
            )
        allowed = COLOR_CHARS[: self.colors]
        digits = []
        for char in text:
            if char not in allowed:
                raise ValueError(
                    f"{what} {text!r} is not a codeword of {self.name}: "
                    f"colors must be 1..{allowed[-1]}, one of {allowed}"
                )
            digits.append(allowed.index(char))
        if self.norepeat and len(set(digits)) < len(digits):
            raise ValueError(
                f"{what} {text!r} is not a codeword of {self.name}: its colors must all differ"
            )
        return self.index_of(digits)

    def index_of(self, digits) -> int:
        """The index of the codeword with zero-based colors `digits` (leftmost pin first)."""
        digits = [int(d) for d in digits]
        if self.norepeat:
            return int(_norepeat_rank(np.array(digits, dtype=np.int64), self.colors))
        index = 0
        for digit in digits:
            index = index * self.colors + digit
        return index

    def format_codeword(self, index: int) -> str:
        """The printed form of codeword number `index`."""
        return "".join(COLOR_CHARS[d] for d in self.digits_of(int(index)))

    def digits_of(self, index: int) -> list[int]:
        """Zero-based colors of codeword number `index`, leftmost pin first."""
        index = int(index)
        if not 0 <= index < self.size:
            raise ValueError(f"{index} is not a codeword index of {self.name} (0..{self.size - 1})")
        if self.norepeat:
            out = np.empty(self.pins, dtype=np.int64)
            _norepeat_unrank(index, self.pins, self.colors, out)
            return [int(d) for d in out]
        digits = []
        for _ in range(self.pins):
            index, digit = divmod(index, self.colors)
            digits.append(digit)
        return digits[::-1]

    def format_codewords(self, indices) -> list[str]:
        """`format_codeword` of many codewords at once (the strategy trees' thousands of nodes)."""
        indices = np.asarray(indices, dtype=np.int64)
        if len(indices) and (indices.min() < 0 or indices.max() >= self.size):
            raise ValueError(f"codeword indices of {self.name} run 0..{self.size - 1}")
        chars = np.array(list(COLOR_CHARS[: self.colors]))[self.codewords.digits[indices]]
        return np.ascontiguousarray(chars).view(f"<U{self.pins}").ravel().tolist()

    def parse_codewords(self, texts, what: str = "codeword") -> np.ndarray:
        """`parse_codeword` of many printed codewords at once; a bad one raises its ValueError."""
        texts = list(texts)
        if not texts:
            return np.zeros(0, dtype=np.int64)
        lookup = np.full(128, -1, dtype=np.int64)
        for digit, char in enumerate(COLOR_CHARS[: self.colors]):
            lookup[ord(char)] = digit
        try:
            codes = np.frombuffer("".join(texts).encode("ascii"), dtype=np.uint8)
        except UnicodeEncodeError:
            codes = None
        if codes is None or len(codes) != len(texts) * self.pins:
            return np.array([self.parse_codeword(t, what) for t in texts], dtype=np.int64)
        digits = lookup[codes].reshape(len(texts), self.pins)
        radix = np.zeros(len(texts), dtype=np.int64)
        for q in range(self.pins):
            radix = radix * self.colors + digits[:, q]
        bad = (digits < 0).any(axis=1)
        if self.norepeat:
            ordered = np.sort(digits, axis=1)
            bad |= (ordered[:, 1:] == ordered[:, :-1]).any(axis=1)
        if bad.any():
            self.parse_codeword(texts[int(np.flatnonzero(bad)[0])], what)  # raises its own message
        if not self.norepeat:
            return radix
        return np.array([self.index_of(row) for row in digits], dtype=np.int64)

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
        _pack_codewords(indices, game.pins, game.colors, game.norepeat, digits, words, counts_lo, counts_hi)
        for array in (digits, words, counts_lo, counts_hi):
            array.flags.writeable = False
        return cls(game, digits, words, counts_lo, counts_hi)

    def __len__(self) -> int:
        return len(self.words)

    def color_counts(self) -> np.ndarray:
        """(n, colors) counts of each color, unpacked; for readable code and tests."""
        return np.stack([(self.digits == k).sum(axis=1) for k in range(self.game.colors)], axis=1)


@njit(cache=True)
def _arrangements(n, k):
    """n!/(n-k)!: the ways to fill k pins from n colors without repeats."""
    out = np.int64(1)
    for j in range(k):
        out *= n - j
    return out


@njit(cache=True)
def _norepeat_unrank(index, pins, colors, out):
    """out[:] = zero-based colors of the norepeat codeword of lexical rank `index`.

    Pin q has (colors-q-1)!/(colors-pins)! completions per choice of its color, so
    the rank's digit in that mixed radix picks the (digit+1)-th unused color.
    """
    rest = np.int64(index)
    used = np.int64(0)
    for q in range(pins):
        block = _arrangements(colors - q - 1, pins - q - 1)
        nth = rest // block
        rest -= nth * block
        for color in range(colors):
            if not (used >> color) & 1:
                if nth == 0:
                    out[q] = color
                    used |= np.int64(1) << color
                    break
                nth -= 1


@njit(cache=True)
def _norepeat_rank(digits, colors):
    """The lexical rank of a codeword with all-different colors `digits` (inverse of unrank)."""
    pins = digits.shape[0]
    rank = np.int64(0)
    used = np.int64(0)
    for q in range(pins):
        d = digits[q]
        smaller_unused = 0
        for color in range(d):
            if not (used >> color) & 1:
                smaller_unused += 1
        rank += smaller_unused * _arrangements(colors - q - 1, pins - q - 1)
        used |= np.int64(1) << d
    return rank


@njit(cache=True)
def _pack_codewords(indices, pins, colors, norepeat, digits, words, counts_lo, counts_hi):
    scratch = np.empty(pins, dtype=np.int64)
    for i in range(indices.shape[0]):
        rest = indices[i]
        if norepeat:
            _norepeat_unrank(rest, pins, colors, scratch)
        word = np.uint32(0)
        lo = np.uint64(0)
        hi = np.uint64(0)
        for position in range(pins - 1, -1, -1):
            if norepeat:
                digit = scratch[position]
            else:
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
