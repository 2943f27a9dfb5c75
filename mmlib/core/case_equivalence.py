"""Case equivalence (Ville 2013): search only one guess of each class of equivalent guesses.

Per region (a set PS of still-possible secrets reached by the guesses played on
its path):

* Zero colors: colors absent from every codeword of PS;
* Free colors: colors in no guess played on the path, and not Zero.
* A set of size 1 counts as empty (it would reduce nothing).

Color sets are bit masks: bit k stands for color k+1 (printed `1` is bit 0).

Two guesses are *equivalent* when one turns into the other by

1. replacing a pin that holds a Zero color with any other Zero color, or
2. renaming the Free colors among themselves (the same permutation on every pin).

Why equivalent guesses rank the same and are equally "in PS":

1. A Zero color matches no pin and no color count of any secret in PS, so
   swapping one Zero color for another changes no score against PS. A guess
   with a Zero color is in PS on neither side.
2. A permutation of Free colors fixes every guess played (they hold no Free
   color), so it maps PS onto itself: score(g_i, pi(s)) = score(pi(g_i), pi(s)) =
   score(g_i, s). Hence pi(g) scores against PS the multiset that g scores
   against pi^-1(PS) = PS, and pi(g) is in PS exactly when g is.

So rank and membership in PS are constant on a class. The class representative is
its lexically first member (the one with the lowest index): every Zero pin holds
the lowest Zero color, and the Free colors appear, reading left to right, in
increasing order (`is_class_representative`). ACr is the set of representatives
in index order.

Searching ACr gives the very guess the full search gives: let w win the full
search (rank, then in PS, then lowest index) and r be w's representative. r has
w's rank and membership and an index no higher, so r = w, unless r is excluded as
a guess already played. But a played guess scores every secret of PS alike (that
is how PS was formed), so it puts PS in one subset, and with |PS| >= 3 every
member of PS ranks strictly better under all four strategies; such a w never
wins. Hence w is in ACr, and the best over ACr is w.

Closed form of |ACr| (`acr_size`): let m = c - z - f + [z > 0] be the colors a
representative may use freely (the non-Zero non-Free colors, plus the lowest
Zero color when there is one). A representative picks j of its p pins for Free
colors (C(p, j) ways), fills the other p - j pins from the m colors (m^(p-j)),
and splits the j Free pins into k <= f groups of equal color (Stirling number
S(j, k)); the colors of the groups are then forced (lowest Free color first).

    |ACr| = sum_{k=0}^{f} sum_{j=k}^{p} C(p, j) * m^(p-j) * S(j, k)

(the inner sum is the r-Stirling number S_m(p+m, k+m)). It gives the same for
z = 1 as for z = 0, and for f = 1 as for f = 0, as it must: a set of one color
reduces nothing.

Under the other rule sets (docs/rules.md):

* black (the score is the black pegs alone): the same classes and representatives,
  exact for the same reasons. Zero is defined by PS itself (colors no secret of PS
  holds), not by any score; a pin holding a color that no secret holds makes no
  black peg against any of them, whichever such color it holds, so rule 1 changes
  no score. Renaming colors changes no black count, so rule 2's argument holds as
  written. (A score of 0 blacks does not prove colors absent, so Zero colors are
  rarer under these rules; they are never wrong.)
* norepeat (only codewords whose colors all differ): the codewords are closed under
  renaming colors, so rule 2 and its argument hold unchanged (pi maps PS onto itself
  and codewords onto codewords). Rule 1 would give a codeword with a repeated color
  whenever two pins hold Zero colors, so it becomes: 1'. re-colour the pins that
  hold Zero colors with any other Zero colors, all different; no score against PS
  changes (a Zero color matches nothing of PS) and such a guess is in PS on neither
  side. Rules 1' and 2 act on disjoint colors, so the lexically first member of a
  class has its Zero pins, and likewise its Free pins, holding the lowest colors of
  that set in increasing order from left to right (`is_class_representative_norepeat`).
  The argument that the best of ACr is the guess of the full search is unchanged.
  Its size: with i Zero pins, j Free pins and m = c - z - f other colors,

      |ACr| = sum_{i<=z, j<=f} p! / (i! j! (p-i-j)!) * m!/(m-(p-i-j))!

  (again the same for z = 1 as for z = 0, by P(m+1, k) = P(m, k) + k P(m, k-1)).
"""

from __future__ import annotations

from collections import OrderedDict
from functools import lru_cache
from math import comb, factorial, perm

import numpy as np
from numba import njit

from .games import MAX_MATERIALIZED_CODEWORDS, Codewords, Game
from .options import parse_case_equivalence

# `--case-equivalence auto` turns it on for games with at least AUTO_MIN_CODEWORDS
# codewords and at least pins - 1 colors. Measured with
# `python -m mmlib ce-timing` (data/case_equivalence_timing.csv; 2-core AMD EPYC,
# median of 3 with on and off taking turns): what it saves depends on colors more
# than on size. On the cpu backend, 2026-11-21: with colors >= pins it saves 25-97%
# of the scores and runs 1.3-8x as fast from about 1,000 codewords up (4p6c 1.3-2x,
# 5p5c 1.3-1.5x, 4p8c 2.7-3.5x, 3p15c 7-8.5x, 5p8c 2-2.9x, 6p6c 1.3-1.8x); with one
# color fewer than pins it still pays (6p5c: 1.1-1.4x; 5p4c takes 2.5 ms either way);
# with two fewer (6p4c) the first guesses use up nearly every color, under 1% is
# saved and it runs 0.97-1.02x as fast. Below about 1,000 codewords a game takes milliseconds either way.
AUTO_MIN_CODEWORDS = 1000
AUTO_MIN_COLORS_MINUS_PINS = -1
# On a GPU, small games are bound by launches and copies, and building each region's class
# representatives every turn costs more than the scores it saves: on an NVIDIA H200 (2026-11-27,
# engine solve-cuda 6, `scripts/gpu_session.py bench --case-equivalence both`, medians of 3) 5p8c
# took 0.036-0.049 s off against 0.053-0.074 s on and 6p6c (46,656 codewords) 0.041-0.057 s
# against 0.050-0.073 s, each strategy; 7p7c Knuth 5.72 s off against 3.65 s on (and on an H100,
# 2026-11-23, 7p6c, 117,649 codewords: 0.74-0.77 s off against 0.63-0.65 s on). So the cuda
# backend's `auto` turns it on from 100,000 codewords.
CUDA_AUTO_MIN_CODEWORDS = 100_000


# -- color masks ------------------------------------------------------------------


def color_mask(colors_used) -> int:
    """The mask of a collection of zero-based colors: bit k for color k+1."""
    mask = 0
    for color in colors_used:
        mask |= 1 << int(color)
    return mask


def mask_colors(mask: int) -> list[int]:
    """Zero-based colors in a mask, lowest first."""
    return [k for k in range(int(mask).bit_length()) if mask >> k & 1]


def format_mask(mask: int) -> str:
    """The colors of a mask as printed, e.g. 0b101 -> '13'; '-' when empty."""
    from .games import COLOR_CHARS

    return "".join(COLOR_CHARS[k] for k in mask_colors(mask)) or "-"


def region_color_sets(game: Game, ps, played) -> tuple[set, set]:
    """(Zero colors, Free colors) of a region as sets of zero-based colors, before a set of one
    color counts as empty: the colors absent from every secret of `ps`, and the colors neither
    Zero nor in any guess `played` on its path (codeword indices)."""
    ps = np.asarray(ps, dtype=np.int64)
    if len(ps) == 0:
        raise ValueError("a region needs at least one possible secret")
    every_color = set(range(game.colors))
    zero = every_color - _colors_in(game, ps)
    free = every_color - _colors_in(game, np.asarray(list(played), dtype=np.int64)) - zero
    return zero, free


def region_zero_free(game: Game, ps, played) -> tuple[int, int]:
    """(zero mask, free mask) of a region: its secrets `ps` and the guesses `played`
    on its path (codeword indices), a set of one color counted as empty (it allows no swap).
    The readable version; see `region_zero_free_packed`.
    """
    zero, free = region_color_sets(game, ps, played)
    return (color_mask(zero) if len(zero) > 1 else 0, color_mask(free) if len(free) > 1 else 0)


def _colors_in(game: Game, indices: np.ndarray) -> set:
    """The colors that appear anywhere in the codewords `indices`."""
    if len(indices) == 0:
        return set()
    for index in (int(indices.min()), int(indices.max())):
        if not 0 <= index < game.size:
            raise ValueError(f"{index} is not a codeword index of {game.name} (0..{game.size - 1})")
    return {int(c) for c in np.unique(Codewords.of(game, indices).digits)}


# -- per-element math, shared by CPU and CUDA kernels ------------------------------
# Plain integer operations on int64 masks only: no arrays, no Python objects.


@njit(cache=True)
def count_lanes_mask(counts_lo, counts_hi, colors):
    """Mask of the colors whose 8-bit count lane is non-zero.

    Works on one codeword's packed counts, and equally on the OR of many
    codewords' counts: a lane of the OR is non-zero exactly when some
    codeword has that color, so a region's colors are one OR-reduction away.
    """
    lo = np.uint64(counts_lo)
    hi = np.uint64(counts_hi)
    mask = np.int64(0)
    for k in range(colors):
        if k < 8:
            lane = (lo >> np.uint64(8 * k)) & np.uint64(0xFF)
        else:
            lane = (hi >> np.uint64(8 * (k - 8))) & np.uint64(0xFF)
        if lane != np.uint64(0):
            mask |= np.int64(1) << np.int64(k)
    return mask


@njit(cache=True)
def drop_single_color(mask):
    """A set of one color counts as empty: it reduces nothing."""
    m = np.int64(mask)
    if m & (m - np.int64(1)) == np.int64(0):
        return np.int64(0)
    return m


@njit(cache=True)
def zero_free_of_masks(present_mask, played_mask, colors):
    """(zero, free) from the colors present in PS and the colors of the guesses played."""
    every = (np.int64(1) << np.int64(colors)) - np.int64(1)
    zero = every & ~np.int64(present_mask)
    free = every & ~np.int64(played_mask) & ~zero
    return drop_single_color(zero), drop_single_color(free)


@njit(cache=True)
def is_class_representative(word, zero_mask, free_mask, pins):
    """Is the packed codeword `word` (one nibble per pin, color + 1, first pin
    highest) the lexically first member of its class?

    (a) its only Zero color is the lowest Zero color;
    (b) reading left to right, each new Free color is the lowest Free color not
        yet met.
    """
    w = np.int64(word)
    zero = np.int64(zero_mask)
    free = np.int64(free_mask)
    lowest_zero = zero & -zero
    seen_free = np.int64(0)
    for position in range(pins):
        nibble = (w >> np.int64(4 * (pins - 1 - position))) & np.int64(0xF)
        bit = np.int64(1) << (nibble - np.int64(1))
        if bit & zero:
            if bit != lowest_zero:
                return False
        elif bit & free:
            if not bit & seen_free:
                unseen = free & ~seen_free
                if bit != unseen & -unseen:
                    return False
                seen_free |= bit
    return True


@njit(cache=True)
def is_class_representative_norepeat(word, zero_mask, free_mask, pins):
    """The same question under the norepeat rules: reading left to right, each Zero
    color is the lowest Zero color not yet met, and so is each Free color (each
    color appears at most once)."""
    return (is_class_representative(word, 0, zero_mask, pins)
            and is_class_representative(word, 0, free_mask, pins))


@njit(cache=True)
def class_representative(word, zero_mask, free_mask, pins, norepeat):
    """`is_class_representative`, or its norepeat form when `norepeat`."""
    if norepeat:
        return is_class_representative_norepeat(word, zero_mask, free_mask, pins)
    return is_class_representative(word, zero_mask, free_mask, pins)


# -- array kernels -------------------------------------------------------------------


@njit(cache=True)
def region_zero_free_packed(ps_counts_lo, ps_counts_hi, played_counts_lo, played_counts_hi, colors):
    """(zero, free) of one region from packed color counts of its PS and its played guesses."""
    present_lo = np.uint64(0)
    present_hi = np.uint64(0)
    for i in range(ps_counts_lo.shape[0]):
        present_lo |= ps_counts_lo[i]
        present_hi |= ps_counts_hi[i]
    played_lo = np.uint64(0)
    played_hi = np.uint64(0)
    for i in range(played_counts_lo.shape[0]):
        played_lo |= played_counts_lo[i]
        played_hi |= played_counts_hi[i]
    return zero_free_of_masks(
        count_lanes_mask(present_lo, present_hi, colors),
        count_lanes_mask(played_lo, played_hi, colors),
        colors,
    )


@njit(cache=True)
def regions_zero_free(secrets, starts, lengths, counts_lo, counts_hi, played_masks, colors,
                      zero_out, free_out):
    """(zero, free) of many regions at once.

    Region r holds the codewords secrets[starts[r] : starts[r] + lengths[r]]
    (indices into the counts arrays); played_masks[r] is the color mask of the
    guesses played on its path (all games of a region share their path, so a
    backend can keep one running mask per game: mask |= count_lanes_mask(guess)).
    """
    for r in range(starts.shape[0]):
        present_lo = np.uint64(0)
        present_hi = np.uint64(0)
        for i in range(starts[r], starts[r] + lengths[r]):
            present_lo |= counts_lo[secrets[i]]
            present_hi |= counts_hi[secrets[i]]
        zero, free = zero_free_of_masks(
            count_lanes_mask(present_lo, present_hi, colors), played_masks[r], colors
        )
        zero_out[r] = zero
        free_out[r] = free


@njit(cache=True)
def fill_class_representatives(pins, colors, zero_mask, free_mask, out):
    """Write the indices of every class representative, in index order, to `out`;
    return how many. Walks all codewords with an odometer on the packed word."""
    n = np.int64(colors) ** np.int64(pins)
    word = np.int64(0)
    for position in range(pins):  # 11..1
        word |= np.int64(1) << np.int64(4 * position)
    found = 0
    for index in range(n):
        if is_class_representative(word, zero_mask, free_mask, pins):
            if found < out.shape[0]:
                out[found] = index
            found += 1
        # next codeword: add one to the last pin, carrying leftwards
        for position in range(pins):
            shift = np.int64(4 * position)
            nibble = (word >> shift) & np.int64(0xF)
            if nibble < colors:
                word += np.int64(1) << shift
                break
            word -= np.int64(colors - 1) << shift  # back to color 1, carry on
    return found


@njit(cache=True)
def fill_class_representatives_of_words(words, zero_mask, free_mask, pins, norepeat, out):
    """`fill_class_representatives` over a game's packed codewords `words` (index order):
    for games whose indices are not C-ary numbers (norepeat)."""
    found = 0
    for index in range(words.shape[0]):
        if class_representative(words[index], zero_mask, free_mask, pins, norepeat):
            if found < out.shape[0]:
                out[found] = index
            found += 1
    return found


# -- ACr and its size ----------------------------------------------------------------


def check_masks(game: Game, zero_mask: int, free_mask: int) -> tuple[int, int]:
    zero_mask, free_mask = int(zero_mask), int(free_mask)
    every = (1 << game.colors) - 1
    if zero_mask < 0 or free_mask < 0 or zero_mask & ~every or free_mask & ~every:
        raise ValueError(f"color masks must lie within the {game.colors} colors of {game.name}")
    if zero_mask & free_mask:
        raise ValueError("a color cannot be both Zero and Free")
    return zero_mask, free_mask


# ACr lists kept for reuse, least recently used dropped first once they hold more
# than this many bytes (one 8p8c list can be 134 MB; a game meets dozens of (Zero, Free)).
ACR_CACHE_BYTES = 512 * 2**20
_acr_cache: "OrderedDict[tuple[int, int, int, int, bool], np.ndarray]" = OrderedDict()


def _acr_cached(game: Game, zero_mask: int, free_mask: int) -> np.ndarray:
    pins, colors, norepeat = game.pins, game.colors, game.norepeat
    key = (pins, colors, zero_mask, free_mask, norepeat)
    if key in _acr_cache:
        _acr_cache.move_to_end(key)
        return _acr_cache[key]
    size = acr_size(pins, colors, zero_mask.bit_count(), free_mask.bit_count(), norepeat)
    out = np.empty(size, dtype=np.int64)
    if norepeat:
        found = fill_class_representatives_of_words(game.codewords.words, np.int64(zero_mask),
                                                    np.int64(free_mask), pins, True, out)
    else:
        found = fill_class_representatives(pins, colors, np.int64(zero_mask), np.int64(free_mask), out)
    if found != size:  # the closed form and the predicate must agree
        raise AssertionError(f"ACr of {game.name} has {found} members, closed form says {size}")
    out.flags.writeable = False
    _acr_cache[key] = out
    while len(_acr_cache) > 1 and sum(a.nbytes for a in _acr_cache.values()) > ACR_CACHE_BYTES:
        _acr_cache.popitem(last=False)
    return out


def acr_candidates(game: Game, zero_mask: int, free_mask: int) -> np.ndarray:
    """The class representatives for (zero, free), as sorted int64 codeword indices
    (read-only, cached). With both sets empty that is every codeword."""
    zero_mask, free_mask = check_masks(game, zero_mask, free_mask)
    if game.size > MAX_MATERIALIZED_CODEWORDS:
        raise ValueError(f"{game.name} is too large to list its class representatives")
    return _acr_cached(game, zero_mask, free_mask)


def acr_codewords(game: Game, zero_mask: int, free_mask: int) -> Codewords:
    """Packed forms of `acr_candidates`, for kernels that score them."""
    return Codewords.of(game, acr_candidates(game, zero_mask, free_mask))


@lru_cache(maxsize=None)
def _stirling2(n: int, k: int) -> int:
    """Stirling number of the second kind: ways to split n things into k non-empty groups."""
    if n == k:
        return 1
    if k == 0 or k > n:
        return 0
    return k * _stirling2(n - 1, k) + _stirling2(n - 1, k - 1)


def acr_size(pins: int, colors: int, zero: int, free: int, norepeat: bool = False) -> int:
    """|ACr| for `zero` Zero colors and `free` Free colors, by the closed form
    sum_{k<=free} sum_j C(p, j) m^(p-j) S(j, k) with m = c - zero - free + [zero > 0];
    with `norepeat`, the norepeat form of the module docstring."""
    pins, colors, zero, free = int(pins), int(colors), int(zero), int(free)
    if pins < 1 or colors < 1 or zero < 0 or free < 0 or zero + free > colors:
        raise ValueError(
            f"no ACr for {pins} pins, {colors} colors, {zero} Zero and {free} Free colors"
        )
    if norepeat:
        others = colors - zero - free
        return sum(
            factorial(pins) // (factorial(i) * factorial(j) * factorial(pins - i - j))
            * perm(others, pins - i - j)
            for i in range(min(zero, pins) + 1)
            for j in range(min(free, pins - i) + 1)
        )
    fixed = colors - zero - free + (1 if zero > 0 else 0)
    return sum(
        comb(pins, j) * fixed ** (pins - j) * _stirling2(j, k)
        for k in range(free + 1)
        for j in range(k, pins + 1)
    )


# |ACr| as the seed published it: seeds/Mastermind_on_the_GPU.md takes its |ACr| sizes from a
# companion notebook, "Symmetry and Case Equivalence in Mastermind" (not among the seed documents),
# and REFERENCE.md quotes these seven: (pins, colors, |Zero|, |Free|, |ACr|).
PUBLISHED_ACR_SIZES = ((4, 6, 0, 2, 776), (4, 6, 0, 4, 151), (4, 6, 2, 0, 625), (4, 6, 2, 2, 353),
                       (4, 6, 3, 0, 256), (4, 6, 4, 0, 81), (5, 8, 0, 2, 20272))
PUBLISHED_ACR_SOURCE = ("the seed document Mastermind_on_the_GPU.md takes its |ACr| sizes from its companion "
                        "notebook Symmetry and Case Equivalence in Mastermind; the project's REFERENCE.md "
                        "quotes these seven")


def possible_zero_free(colors: int) -> list[tuple[int, int]]:
    """Every (|Zero|, |Free|) that can occur once at least one guess is played.

    * PS is never empty, so some color is present: |Zero| <= c - 1.
    * Free colors are neither Zero nor played, and at least one color has been
      played: |Free| <= c - |Zero|, and |Free| <= c - 1 when |Zero| = 0 (when
      |Zero| >= 2 the played colors may all be Zero, as after 1111 and 2222 both
      score 0,0, so |Free| = c - |Zero| can happen).
    * A set of size 1 counts as empty, so neither count is ever 1.
    These are necessary conditions; a pair may need more pins or guesses than
    a given game has in order to occur.
    """
    pairs = []
    for zero in [0, *range(2, colors)]:
        for free in [0, *range(2, colors - zero + 1)]:
            if zero == 0 and free == colors:
                continue
            pairs.append((zero, free))
    return pairs


def use_case_equivalence(game: Game, mode: "str | bool", backend: str = "cpu") -> bool:
    """Whether a solve with `mode` ('auto', 'on' or 'off') on `backend` uses case equivalence
    (under every rule set: see the module docstring). `auto` turns it on from AUTO_MIN_CODEWORDS
    codewords, CUDA_AUTO_MIN_CODEWORDS on the cuda backend, where colors - pins >= -1."""
    mode = parse_case_equivalence(mode)
    if mode == "auto":
        least = CUDA_AUTO_MIN_CODEWORDS if backend == "cuda" else AUTO_MIN_CODEWORDS
        return game.size >= least and game.colors - game.pins >= AUTO_MIN_COLORS_MINUS_PINS
    return mode == "on"
