"""Five ways to score every guess against every secret, for the scoring notebook.

Each variant returns the same (guesses, secrets) matrix of score ordinals; only
the way it gets there differs, so timing them side by side shows what packing
and compiling buy. The packed per-element math is `mmlib.scoring`'s own; this
module only drives it in different loops.

* ``python``: `reference_score` on printed codewords, one pair at a time;
* ``numpy``: `score_block_reference`, broadcasting over digits and color counts;
* ``numba-digits``: a compiled loop over the digits, colors counted per pair;
* ``numba-packed-pairs``: the packed score through `score_pairs`, one
  (guess, secret) index pair per element, each codeword looked up by index;
* ``numba-packed-array``: the packed score through `score_ordinals_into`, one
  guess against the contiguous array of all secrets (a loop LLVM can vectorize).

It also spells out the two bit tricks of the packed score one step at a time
(`black_hits_steps`, `lane_min_steps`), so the notebook can show every
intermediate word; tests check that the last step equals the kernels' result.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from typing import Callable, NamedTuple

import numpy as np
from numba import njit

from .games import Game
from .scoring import (
    reference_score, score_block_reference, score_ordinals_into, score_pairs,
    score_to_ordinal, unused_pins_mask,
)

# -- the bit tricks, step by step (plain Python ints, for reading) ---------------

_NIBBLE_LOW3 = 0x77777777
_WORD_MASK = 0xFFFFFFFF
_LANE_HIGH = 0x8080808080808080
_LANE_ONES = 0x0101010101010101
_WORD64_MASK = 0xFFFFFFFFFFFFFFFF


class Step(NamedTuple):
    """One step of a bit trick: the operation in symbols, the word it leaves, and its effect in a
    few words (`value` second, so that `steps[-1][1]` is the trick's result)."""

    operation: str
    value: int
    effect: str


def black_hits_steps(secret_word: int, guess_word: int, pins: int) -> list[Step]:
    """The zero-nibble trick of `scoring.black_hits`, one named 32-bit word per step.

    `x` is secret xor guess with the unused pins set, `y` the word being worked on. The last step
    is the number of black hits.
    """
    steps = []
    x = int(secret_word) ^ int(guess_word)
    steps.append(Step("x = secret xor guess", x, "0 where pins are equal"))
    x |= int(unused_pins_mask(pins))
    steps.append(Step("x = x | unused-pins mask", x, "unused pins never 0"))
    y = x & _NIBBLE_LOW3
    steps.append(Step("y = x & 0x77777777", y, "high bits cleared"))
    y = y + _NIBBLE_LOW3
    steps.append(Step("y = y + 0x77777777", y, "high bit where low bits ≠ 0"))
    y = y | x
    steps.append(Step("y = y | x", y, "high bit where nibble ≠ 0"))
    y = y | _NIBBLE_LOW3
    steps.append(Step("y = y | 0x77777777", y, "low bits all set"))
    ones = ~y & _WORD_MASK
    steps.append(Step("~y", ones, "bit 3 per zero nibble"))
    steps.append(Step("popcount", bin(ones).count("1"), "black hits"))
    return steps


def lane_min_steps(a: int, b: int) -> list[Step]:
    """The lane-wise minimum and lane sum of `scoring.lane_min_sum`, one 64-bit word per step.

    `a` and `b` hold eight 8-bit color counts each (the secret's and the guess's); `h` is
    0x80 in every lane. The last step is the sum of the lane-wise minimums.
    """
    steps = []
    a, b = int(a), int(b)
    d = a | _LANE_HIGH
    steps.append(Step("d = a | h", d, "every high bit set"))
    d = (d - b) & _WORD64_MASK
    steps.append(Step("d = d − b", d, "high bit where a ≥ b"))
    m = (d & _LANE_HIGH) >> 7
    steps.append(Step("m = (d & h) >> 7", m, "1 where a ≥ b"))
    m = (m * 0xFF) & _WORD64_MASK
    steps.append(Step("m = m × 0xff", m, "0xff where a ≥ b"))
    minimum = (b & m) | (a & ~m & _WORD64_MASK)
    steps.append(Step("n = (b & m) | (a & ~m)", minimum, "min(a, b) in each lane"))
    summed = (minimum * _LANE_ONES) & _WORD64_MASK
    steps.append(Step("s = n × 0x0101010101010101", summed, "top lane: sum of lanes"))
    steps.append(Step("s >> 56", summed >> 56, "all hits"))
    return steps


def lanes(word: int, count: int = 8) -> list[int]:
    """The 8-bit lanes of a packed color-count word, lane 0 first."""
    return [(int(word) >> (8 * k)) & 0xFF for k in range(count)]


# -- the five variants over a block of guess rows ----------------------------------


def _python_rows(game: Game, guesses: np.ndarray, secrets: np.ndarray) -> np.ndarray:
    printed = [game.format_codeword(i) for i in range(game.size)]
    secret_texts = [printed[s] for s in secrets]
    out = np.empty((len(guesses), len(secrets)), dtype=np.uint8)
    for row, guess in enumerate(guesses):
        guess_text = printed[guess]
        for column, secret_text in enumerate(secret_texts):
            out[row, column] = score_to_ordinal(*reference_score(secret_text, guess_text), game.pins)
    return out


def _numpy_rows(game: Game, guesses: np.ndarray, secrets: np.ndarray) -> np.ndarray:
    # Broadcasts over blocks of rows, comparing digits and color counts.
    return score_block_reference(game, guesses, secrets)


@njit(cache=True)
def _digit_loop_rows_kernel(guesses, digits, secret_digits, colors, pins, out):
    guess_counts = np.zeros(colors, dtype=np.int64)
    secret_counts = np.zeros(colors, dtype=np.int64)
    for row in range(guesses.shape[0]):
        g = guesses[row]
        for secret in range(secret_digits.shape[0]):
            black = 0
            guess_counts[:] = 0
            secret_counts[:] = 0
            for position in range(pins):
                if digits[g, position] == secret_digits[secret, position]:
                    black += 1
                guess_counts[digits[g, position]] += 1
                secret_counts[secret_digits[secret, position]] += 1
            hits = 0
            for color in range(colors):
                hits += min(guess_counts[color], secret_counts[color])
            out[row, secret] = black * (2 * pins + 1 - black) // 2 + hits


def _numba_digit_rows(game: Game, guesses: np.ndarray, secrets: np.ndarray) -> np.ndarray:
    out = np.empty((len(guesses), len(secrets)), dtype=np.uint8)
    digits = game.codewords.digits
    _digit_loop_rows_kernel(guesses, digits, digits[secrets], game.colors, game.pins, out)
    return out


def _packed_pair_rows(game: Game, guesses: np.ndarray, secrets: np.ndarray) -> np.ndarray:
    pair_guesses = np.repeat(guesses, len(secrets))
    pair_secrets = np.tile(secrets, len(guesses))
    return score_pairs(game, pair_guesses, pair_secrets).reshape(len(guesses), len(secrets))


@njit(cache=True)
def _packed_array_rows_kernel(guesses, words, counts_lo, counts_hi, secret_words, secret_lo, secret_hi,
                              pins, out):
    for row in range(guesses.shape[0]):
        g = guesses[row]
        score_ordinals_into(words[g], counts_lo[g], counts_hi[g], secret_words, secret_lo, secret_hi,
                            pins, np.uint64((0xFFFFFFFF << (4 * pins)) & 0xFFFFFFFF), out[row])


def _packed_array_rows(game: Game, guesses: np.ndarray, secrets: np.ndarray) -> np.ndarray:
    cw = game.codewords
    out = np.empty((len(guesses), len(secrets)), dtype=np.uint8)
    # The guesses are looked up by index in the whole table; the secrets are gathered
    # into contiguous arrays once, so the inner loop runs over plain arrays.
    _packed_array_rows_kernel(guesses, cw.words, cw.counts_lo, cw.counts_hi, cw.words[secrets],
                              cw.counts_lo[secrets], cw.counts_hi[secrets], game.pins, out)
    return out


@dataclass(frozen=True)
class ScoringVariant:
    name: str
    description: str
    rows: Callable[[Game, np.ndarray, np.ndarray], np.ndarray]  # (game, guesses, secrets)
    # Scoring every pair of a large game this way would take minutes: time a
    # sample of guess rows instead (the result is per score either way).
    sample_rows: "int | None" = None


VARIANTS = (
    ScoringVariant("python", "Python, reference_score on strings", _python_rows, sample_rows=24),
    ScoringVariant("numpy", "numpy, broadcast over digits and counts", _numpy_rows),
    ScoringVariant("numba-digits", "Numba, loops over digits", _numba_digit_rows),
    ScoringVariant("numba-packed-pairs", "Numba packed, one index pair at a time", _packed_pair_rows),
    ScoringVariant("numba-packed-array", "Numba packed, one guess vs all secrets", _packed_array_rows),
)
VARIANT_NAMES = tuple(v.name for v in VARIANTS)
# How prose and notes name a variant in a few words (its description without the words it shares
# with others: "Numba packed, one guess vs all secrets" is "one guess vs all secrets").
SHORT_NAMES = {"python": "Python", "numpy": "numpy", "numba-digits": "loops over digits",
               "numba-packed-pairs": "one index pair at a time", "numba-packed-array": "one guess vs all secrets"}
# The pair variant holds two int64 index arrays of n*n entries.
MAX_VARIANT_CODEWORDS = 4096


def variant(name: str) -> ScoringVariant:
    for candidate in VARIANTS:
        if candidate.name == name:
            return candidate
    raise ValueError(f"unknown scoring variant {name!r}: choose one of {', '.join(VARIANT_NAMES)}")


def classic_game(game: "Game | str") -> Game:
    """The game, if its rules are classic: the variants time the classic (black, white) score."""
    game = Game.parse(game)
    if game.rules != "classic":
        raise ValueError(f"the scoring variants compute the classic score; {game.name} has other rules "
                         f"(its scores come from mmlib.core.scoring)")
    return game


def score_rows(game: "Game | str", variant_name: str, guesses: "np.ndarray | None" = None,
               secrets: "np.ndarray | None" = None) -> np.ndarray:
    """(len(guesses), len(secrets)) score ordinals of `guesses` against `secrets` (codeword
    indices; each defaults to every codeword)."""
    game = classic_game(game)
    if game.size > MAX_VARIANT_CODEWORDS:
        raise ValueError(
            f"{game.name} has {game.size:,} codewords; the scoring variants take at most "
            f"{MAX_VARIANT_CODEWORDS:,}"
        )
    chosen = variant(variant_name)
    guesses = _indices(game, guesses, "guess")
    secrets = _indices(game, secrets, "secret")
    return chosen.rows(game, guesses, secrets)


def _indices(game: Game, indices, what: str) -> np.ndarray:
    if indices is None:
        return np.arange(game.size, dtype=np.int64)
    indices = np.ascontiguousarray(indices, dtype=np.int64)
    if len(indices) and (indices.min() < 0 or indices.max() >= game.size):
        raise ValueError(f"{what} indices must be 0..{game.size - 1} for {game.name}")
    return indices


def cpu_clock() -> float:
    """Seconds of CPU time of the calling thread (user and system): unlike the wall clock, it does
    not count the time the thread waited for a core while other processes ran on it."""
    try:
        return time.thread_time()
    except (AttributeError, OSError):  # a platform without a thread clock: the process's
        return time.process_time()


def timed_twice(work: Callable[[], object]) -> "tuple[float, float]":
    """(wall seconds, CPU seconds of the thread) of one call of `work`, the CPU clock read inside the
    wall clock's interval, so that the CPU time of a run never exceeds its wall time."""
    started = time.perf_counter()
    cpu_started = cpu_clock()
    work()
    cpu = cpu_clock() - cpu_started
    return time.perf_counter() - started, cpu


def load_average() -> float:
    """The machine's 1-minute load average now (NaN where the platform gives none): how busy it was
    as a timing began, since a shared machine stretches every time."""
    try:
        return os.getloadavg()[0]
    except (AttributeError, OSError):
        return float("nan")


def variant_guesses(game: Game, chosen: ScoringVariant) -> np.ndarray:
    """The guesses `time_variants` scores against every secret with `chosen`: all of them, or its
    `sample_rows`, spread over the game so that no corner of it is favoured."""
    count = game.size if chosen.sample_rows is None else min(game.size, chosen.sample_rows)
    return np.linspace(0, game.size - 1, count).round().astype(np.int64)


def timing_row(game: Game, chosen: ScoringVariant, guesses: np.ndarray, runs: "list[tuple[float, float]]") -> dict:
    """One row of `time_variants` from the (wall, CPU) seconds of each run of `guesses` against
    every secret: the best run by the wall clock, and the least CPU time of the runs (the cost of the
    work in the run the rest of the machine disturbed least, which need not be the best by the wall
    clock; it never exceeds the best wall time)."""
    wall = [w for w, _ in runs]
    best = min(wall)
    best_cpu = min(c for _, c in runs)
    scores = len(guesses) * game.size
    return {"variant": chosen.name, "description": chosen.description, "guesses": len(guesses),
            "scores": scores, "runs": len(runs), "best_s": best, "slowest_s": max(wall),
            "ns_per_score": best / scores * 1e9, "best_cpu_s": best_cpu,
            "ns_per_score_cpu": best_cpu / scores * 1e9}


def timings_frame(rows: "list[dict]", load: float):
    """The DataFrame of `time_variants` from its rows, with the load average as the timing began
    and each variant's speed-up over the first (Python)."""
    import pandas as pd

    frame = pd.DataFrame(rows)
    frame["load_avg"] = load
    frame["speedup_vs_python"] = frame["ns_per_score"].iloc[0] / frame["ns_per_score"]
    return frame


def time_variants(game: "Game | str", repeats: int = 3):
    """A DataFrame with one row per variant: scores computed, best time, ns per score.

    Each variant runs once untimed first (Numba compiles on first use), then
    `repeats` times; the best run counts (`slowest_s` says how far the runs spread, `load_avg` how
    busy the machine was as the timing began: its 1-minute load average). Each run is timed twice:
    by the wall clock (`best_s`, `ns_per_score`) and, inside it, by the CPU time of the thread
    (`best_cpu_s`, `ns_per_score_cpu`: the least CPU time of the runs), which leaves out the time the
    thread waited for a core while other processes ran, so never exceeds the best wall time. A variant
    with `sample_rows` scores that many guesses (`guesses`), spread over the game, against every
    secret. (`seed_workloads.time_variants_beside_replay` times the same runs taking turns with a
    replay of the seed's workload.)
    """
    game = classic_game(game)
    load = load_average()
    rows = []
    for chosen in VARIANTS:
        guesses = variant_guesses(game, chosen)
        score_rows(game, chosen.name, guesses[:1])
        runs = [timed_twice(lambda: score_rows(game, chosen.name, guesses)) for _ in range(max(1, repeats))]
        rows.append(timing_row(game, chosen, guesses, runs))
    return timings_frame(rows, load)


PACKED_VARIANTS = ("numba-packed-pairs", "numba-packed-array")


def packed_against_plain(max_codewords: int = 300, pins: range = range(2, 9), colors: range = range(2, 16)):
    """Both packed variants against the plain score (`reference_score` on strings) on every pair of
    every classic game of `pins` and `colors` with at most `max_codewords` codewords.

    A DataFrame with one row per pin count: the colors and codewords its games span (as text,
    "2 to 15"), the games, the pairs scored, and whether both packed variants gave the plain score's
    ordinal on every pair (a bool).
    """
    import pandas as pd

    def span(values: list[int]) -> str:
        return f"{values[0]:,}" if values[0] == values[-1] else f"{values[0]:,} to {values[-1]:,}"

    rows = []
    for p in pins:
        games = [Game(p, c) for c in colors if c ** p <= max_codewords]
        if not games:
            continue
        agree = True
        for game in games:
            plain = score_rows(game, "python")
            agree &= all(np.array_equal(score_rows(game, name), plain) for name in PACKED_VARIANTS)
        rows.append({
            "pins": p,
            "colors": span([g.colors for g in games]),
            "codewords": span([g.size for g in games]),
            "games": len(games),
            "pairs": sum(g.size ** 2 for g in games),
            "packed = plain": agree,
        })
    return pd.DataFrame(rows)
