"""Scoring a guess against a secret: the plain reference, the packed score, and score ordinals.

Score of guess g against secret s: black b = pins equal in place; all hits =
sum over colors of min(count in g, count in s); white w = all hits - b. Under
the `black` rules the score is b alone; it is written (b, 0) wherever a score
is a pair, and the white pegs are never shown. The `norepeat` rules score as
classic, on fewer codewords.

The packed score (seeds/Efficient_Scoring_Functions.md) works on the packed
forms of `mmlib.games`:

* black: xor the two words so equal pins become zero nibbles, then turn every
  zero nibble into one bit with the "zero in word" trick, and count the bits;
* all hits: lane-wise minimum of the two color-count vectors and a sum of the
  lanes, done with plain 64-bit arithmetic (SWAR) since Numba has no SSE.

The per-element functions below are `@njit` functions with no Python objects,
so the CPU kernels and the CUDA kernels call the very same code.

Score ordinals pack (b, w) densely: O(b, w) = b(2p+1-b)/2 + (b + w). They run
0 .. p(p+3)/2 with one hole at (p-1, 1) and the win (p, 0) last. Under the
black rules the ordinal is b, 0 .. p, the win p last.

The kernels learn the rules from the *score mask* (`score_mask`): its low 32
bits set the nibbles above the game's pins (they never count as a black), and
bit BLACK_ONLY_BIT says the score is the black pegs alone. Every kernel that
scores already carries this mask, so the rules need no further argument.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .games import MAX_MATERIALIZED_CODEWORDS, Codewords, Game

# -- the plain reference -------------------------------------------------------


def reference_score(secret: "str | list[int]", guess: "str | list[int]") -> tuple[int, int]:
    """(black, white) of `guess` against `secret`, the obvious way.

    >>> reference_score("6684", "8466"), reference_score("6684", "6485")
    ((0, 4), (2, 1))
    """
    if len(secret) != len(guess):
        raise ValueError("secret and guess must have the same number of pins")
    black = sum(1 for s, g in zip(secret, guess) if s == g)
    all_hits = sum(min(list(secret).count(color), list(guess).count(color)) for color in set(guess))
    return black, all_hits - black


def reference_score_under(secret: "str | list[int]", guess: "str | list[int]",
                          black_only: bool = False) -> tuple[int, int]:
    """`reference_score`, or (black, 0) under the black rules (`black_only`)."""
    black, white = reference_score(secret, guess)
    return (black, 0) if black_only else (black, white)


# -- score ordinals --------------------------------------------------------------


def _pins_rules(pins: "int | Game") -> tuple[int, bool]:
    """(pins, black only) from a Game, or from a pin count (classic scores)."""
    if isinstance(pins, Game):
        return pins.pins, pins.black_only
    return int(pins), False


def score_to_ordinal(black: int, white: int, pins: "int | Game") -> int:
    """The dense ordinal of score (black, white) for a game (or a pin count: classic scores)."""
    p, black_only = _pins_rules(pins)
    if black_only:
        if not (0 <= black <= p and white == 0):
            raise ValueError(f"({black}, {white}) is not a possible score with {p} pins counting black pegs only")
        return black
    if not (0 <= black and 0 <= white and black + white <= p) or (black == p - 1 and white == 1):
        raise ValueError(f"({black}, {white}) is not a possible score with {p} pins")
    return black * (2 * p + 1 - black) // 2 + black + white


def ordinal_to_score(ordinal: int, pins: "int | Game") -> tuple[int, int]:
    """The score (black, white) whose dense ordinal is `ordinal`."""
    p, black_only = _pins_rules(pins)
    if black_only:
        if not 0 <= ordinal <= p:
            raise ValueError(f"{ordinal} is not a score ordinal with {p} pins counting black pegs only")
        return int(ordinal), 0
    for black in range(p, -1, -1):
        first = black * (2 * p + 1 - black) // 2 + black
        if ordinal >= first:
            white = ordinal - first
            score_to_ordinal(black, white, p)  # rejects the hole and overruns
            return black, white
    raise ValueError(f"{ordinal} is not a score ordinal with {p} pins")


def all_scores(pins: "int | Game") -> list[tuple[int, int]]:
    """Every possible score in ordinal order (the hole left out)."""
    p, black_only = _pins_rules(pins)
    if black_only:
        return [(b, 0) for b in range(p + 1)]
    return [
        (b, w)
        for b in range(p + 1)
        for w in range(p - b + 1)
        if not (b == p - 1 and w == 1)
    ]


def format_score(black: int, white: int) -> str:
    return f"{black},{white}"


# -- the packed score: per-element math, shared by CPU and CUDA kernels -------

_NIBBLE_LOW3 = np.uint64(0x77777777)
_WORD_MASK = np.uint64(0xFFFFFFFF)
_NIBBLE_ONES = np.uint64(0x11111111)
_LANE_HIGH = np.uint64(0x8080808080808080)
_LANE_ONES = np.uint64(0x0101010101010101)
# Bit of the score mask that says: the score is the number of black pegs alone.
BLACK_ONLY_BIT = np.uint64(1 << 32)


def unused_pins_mask(pins: int) -> np.uint64:
    """Nibbles above the game's pins, set so that they never count as a match."""
    return np.uint64((0xFFFFFFFF << (4 * pins)) & 0xFFFFFFFF)


def score_mask(game: Game) -> np.uint64:
    """The mask every scoring kernel takes: `unused_pins_mask`, plus BLACK_ONLY_BIT under
    the black rules (`black_hits` looks at the low 32 bits only)."""
    mask = unused_pins_mask(game.pins)
    return mask | BLACK_ONLY_BIT if game.black_only else mask


@njit(cache=True)
def matching_pins(secret_word, guess_word, unused_mask):
    """One bit per pin equal in place (bit 3 of its nibble), within the low 32 bits."""
    v = (np.uint64(secret_word) ^ np.uint64(guess_word)) | unused_mask
    # A nibble's high bit ends up clear only if the nibble was zero.
    return ~((((v & _NIBBLE_LOW3) + _NIBBLE_LOW3) | v) | _NIBBLE_LOW3) & _WORD_MASK


@njit(cache=True)
def black_hits(secret_word, guess_word, unused_mask):
    """Pins equal in place: count the zero nibbles of secret xor guess."""
    r = matching_pins(secret_word, guess_word, unused_mask)
    # Move each match bit to bit 0 of its nibble and add all eight nibbles into
    # the top one with a multiply: a popcount that LLVM vectorizes on the CPU.
    # (The GPU's subsetting kernel counts the same bits with its popc instruction.)
    return ((r >> np.uint64(3)) * _NIBBLE_ONES >> np.uint64(28)) & np.uint64(0xF)


@njit(cache=True)
def lane_min_sum(a, b):
    """Sum over 8 byte lanes of min(a lane, b lane); lanes hold counts <= 8."""
    # Lanes of (a | 0x80) - b keep their high bit exactly where a >= b.
    keep_b = (((a | _LANE_HIGH) - b) & _LANE_HIGH) >> np.uint64(7)
    keep_b = keep_b * np.uint64(0xFF)
    minimum = (b & keep_b) | (a & ~keep_b)
    return (minimum * _LANE_ONES) >> np.uint64(56)


@njit(cache=True)
def all_hits(secret_lo, secret_hi, guess_lo, guess_hi):
    """Black plus white: sum over colors of the smaller of the two counts."""
    return lane_min_sum(np.uint64(secret_lo), np.uint64(guess_lo)) + lane_min_sum(
        np.uint64(secret_hi), np.uint64(guess_hi)
    )


@njit(cache=True)
def ordinal_of(black, hits, pins, mask=0):
    """Dense score ordinal from black and all hits: b(2p+1-b)/2 + hits; b alone when the
    score mask carries BLACK_ONLY_BIT (a select, not a branch, on a bit that is the same for
    every score of a game). Without a mask, the classic ordinal."""
    b = np.int64(black)
    classic = b * (2 * pins + 1 - b) // 2 + np.int64(hits)
    return b if np.uint64(mask) & BLACK_ONLY_BIT else classic


@njit(cache=True)
def packed_score_ordinal(secret_word, secret_lo, secret_hi, guess_word, guess_lo, guess_hi, pins, unused_mask):
    """The score ordinal of one guess against one secret, from their packed forms
    (`unused_mask` is the game's `score_mask`)."""
    black = black_hits(secret_word, guess_word, unused_mask)
    hits = all_hits(secret_lo, secret_hi, guess_lo, guess_hi)
    return ordinal_of(black, hits, pins, unused_mask)


# -- the thermometer code of the color counts (the GPU's all hits) -----------------
# Color k (zero-based) owns bits k*pins .. k*pins + pins - 1 of 128, split over two 64-bit
# words; a count of m sets the field's lowest m bits. The AND of two such codes keeps, in
# each field, the smaller count's bits, so all hits = the number of set bits of the AND: two
# AND and two population counts on a GPU (popc), against a dozen 64-bit operations and two
# 64-bit multiplies for `all_hits`' byte lanes. Up to 8 pins and 15 colors, 120 bits suffice;
# games of pins * colors <= 64 leave the high word zero and skip it.


def thermometer_words(game: Game) -> int:
    """64-bit words of the game's thermometer codes that can hold a set bit: 1 or 2."""
    return 1 if game.pins * game.colors <= 64 else 2


@njit(cache=True)
def thermometer_code(counts_lo, counts_hi, pins):
    """(low word, high word) of the thermometer code of one codeword's color counts."""
    lo = np.uint64(0)
    hi = np.uint64(0)
    for k in range(16):
        lanes = np.uint64(counts_lo) if k < 8 else np.uint64(counts_hi)
        count = (lanes >> np.uint64(8 * (k % 8))) & np.uint64(0xFF)
        for m in range(count):
            bit = k * pins + m
            if bit < 64:
                lo |= np.uint64(1) << np.uint64(bit)
            else:
                hi |= np.uint64(1) << np.uint64(bit - 64)
    return lo, hi


@njit(cache=True)
def _thermometer_codes_into(counts_lo, counts_hi, pins, lo_out, hi_out):
    for i in range(counts_lo.shape[0]):
        lo_out[i], hi_out[i] = thermometer_code(counts_lo[i], counts_hi[i], pins)


def thermometer_codes(codewords: Codewords) -> tuple[np.ndarray, np.ndarray]:
    """(low words, high words), uint64, of the thermometer codes of every codeword in `codewords`."""
    lo = np.empty(len(codewords), dtype=np.uint64)
    hi = np.empty(len(codewords), dtype=np.uint64)
    _thermometer_codes_into(codewords.counts_lo, codewords.counts_hi, codewords.game.pins, lo, hi)
    return lo, hi


# -- CPU kernels over arrays -----------------------------------------------------


@njit(cache=True)
def score_ordinals_into(guess_word, guess_lo, guess_hi, words, counts_lo, counts_hi, pins, unused, out):
    """Score one guess against many secrets, writing each score's ordinal to `out`
    (`unused` is the game's `score_mask`).

    A tight loop with no data-dependent branches, so LLVM can vectorize it.
    """
    for i in range(words.shape[0]):
        out[i] = packed_score_ordinal(
            words[i], counts_lo[i], counts_hi[i], guess_word, guess_lo, guess_hi, pins, unused
        )


def score_ordinals(game: Game, guess: int, secrets: "np.ndarray | None" = None) -> np.ndarray:
    """Ordinals of codeword `guess` scored against `secrets` (indices; default all)."""
    cw = game.codewords
    if secrets is None:
        words, lo, hi = cw.words, cw.counts_lo, cw.counts_hi
    else:
        secrets = np.asarray(secrets, dtype=np.int64)
        words, lo, hi = cw.words[secrets], cw.counts_lo[secrets], cw.counts_hi[secrets]
    out = np.empty(len(words), dtype=np.uint8)
    score_ordinals_into(
        cw.words[guess], cw.counts_lo[guess], cw.counts_hi[guess], words, lo, hi, game.pins,
        score_mask(game), out
    )
    return out


def packed_score(game: Game, secret: int, guess: int) -> tuple[int, int]:
    """(black, white) by the packed score, for codeword indices `secret` and `guess`."""
    cw = Codewords.of(game, np.array([secret, guess]))
    black = int(black_hits(cw.words[0], cw.words[1], unused_pins_mask(game.pins)))
    if game.black_only:
        return black, 0
    hits = int(all_hits(cw.counts_lo[0], cw.counts_hi[0], cw.counts_lo[1], cw.counts_hi[1]))
    return black, hits - black


def score_matrix_reference(game: Game) -> np.ndarray:
    """(n, n) ordinals of every guess (row) against every secret (column), by plain numpy.

    Independent of the packed kernels: compares digits and color counts directly.
    Memory is n*n bytes, so this is for small games only.
    """
    everyone = np.arange(game.size, dtype=np.int64)
    return score_block_reference(game, everyone, everyone)


def score_block_reference(game: Game, guesses: np.ndarray, secrets: np.ndarray) -> np.ndarray:
    """(len(guesses), len(secrets)) ordinals by plain numpy, for codeword index arrays."""
    cw = game.codewords
    guess_digits = cw.digits[guesses].astype(np.int16)
    secret_digits = cw.digits[secrets].astype(np.int16)
    all_counts = cw.color_counts().astype(np.int16)
    guess_counts, secret_counts = all_counts[guesses], all_counts[secrets]
    out = np.empty((len(guesses), len(secrets)), dtype=np.uint8)
    pins = game.pins
    block = max(1, 2_000_000 // max(1, len(secrets) * max(pins, game.colors)))
    for start in range(0, len(guesses), block):
        rows = slice(start, min(len(guesses), start + block))
        black = (guess_digits[rows, None, :] == secret_digits[None, :, :]).sum(axis=2)
        if game.black_only:
            out[rows] = black
            continue
        hits = np.minimum(guess_counts[rows, None, :], secret_counts[None, :, :]).sum(axis=2)
        out[rows] = black * (2 * pins + 1 - black) // 2 + hits
    return out


@njit(cache=True)
def _score_pairs_kernel(guess_index, secret_index, words, counts_lo, counts_hi, pins, unused, out):
    for i in range(guess_index.shape[0]):
        g = guess_index[i]
        s = secret_index[i]
        out[i] = packed_score_ordinal(
            words[s], counts_lo[s], counts_hi[s], words[g], counts_lo[g], counts_hi[g], pins, unused
        )


def score_pairs(game: Game, guesses: np.ndarray, secrets: np.ndarray) -> np.ndarray:
    """Ordinals of guesses[i] scored against secrets[i], for index arrays of equal length."""
    guesses = np.ascontiguousarray(guesses, dtype=np.int64)
    secrets = np.ascontiguousarray(secrets, dtype=np.int64)
    out = np.empty(len(guesses), dtype=np.uint8)
    if game.size <= MAX_MATERIALIZED_CODEWORDS:
        cw = game.codewords
        _score_pairs_kernel(guesses, secrets, cw.words, cw.counts_lo, cw.counts_hi, game.pins,
                            score_mask(game), out)
    else:  # pack just the codewords at hand
        both = Codewords.of(game, np.concatenate([guesses, secrets]))
        half = np.arange(len(guesses), dtype=np.int64)
        _score_pairs_kernel(half, half + len(guesses), both.words, both.counts_lo, both.counts_hi,
                            game.pins, score_mask(game), out)
    return out
