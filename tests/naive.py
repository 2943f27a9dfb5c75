"""Slow, obviously correct references that the fast code is tested against."""

from __future__ import annotations

import numpy as np

from mmlib.core.games import Game


def digits_of(game: Game, indices: np.ndarray) -> np.ndarray:
    """(len(indices), pins) zero-based colors, by repeated division."""
    indices = np.asarray(indices, dtype=np.int64)
    out = np.empty((len(indices), game.pins), dtype=np.int64)
    for position in range(game.pins - 1, -1, -1):
        out[:, position] = indices % game.colors
        indices = indices // game.colors
    return out


def naive_pair_ordinals(game: Game, guesses: np.ndarray, secrets: np.ndarray) -> np.ndarray:
    """Score ordinals of guesses[i] against secrets[i], counting colors one by one."""
    g, s = digits_of(game, guesses), digits_of(game, secrets)
    black = (g == s).sum(axis=1)
    hits = np.zeros(len(g), dtype=np.int64)
    for color in range(game.colors):
        hits += np.minimum((g == color).sum(axis=1), (s == color).sum(axis=1))
    p = game.pins
    return black * (2 * p + 1 - black) // 2 + hits


def small_games(max_codewords: int = 1296):
    """Every game with at most `max_codewords` codewords."""
    return [
        Game(p, c)
        for p in range(2, 9)
        for c in range(2, 16)
        if c**p <= max_codewords
    ]


# REFERENCE.md: 4p6c, strategy, first guess -> total, max, histogram
PUBLISHED_4P6C = [
    ("knuth", "1122", 5801, 5, [1, 6, 62, 533, 694]),
    ("knuth", "1123", 5803, 6, [1, 8, 66, 521, 696, 4]),
    ("most-parts", "1123", 5668, 6, [1, 12, 72, 635, 569, 7]),
    ("most-parts", "1122", 5728, 6, [1, 9, 70, 589, 619, 8]),
    ("expected-size", "1123", 5696, 6, [1, 10, 54, 645, 583, 3]),
    ("expected-size", "1122", 5764, 5, [1, 8, 51, 586, 650]),
    ("entropy", "1234", 5722, 6, [1, 4, 71, 612, 596, 12]),
    ("entropy", "1123", 5680, 6, [1, 10, 56, 658, 567, 4]),
]


class BruteForceOptimum:
    """The optimal strategy by exhaustive search: no bounds, no symmetry, no shortcuts.

    cost(S, d) = the fewest total turns for the secrets S with d guesses left
    (d None: no limit): |S| + the least, over every codeword g, of the sum of
    cost(P, d - 1) over the parts P that g splits S into (the winning part left
    out); infinity when d = 0. A guess that leaves all of S in one part is
    skipped (it would recurse on the same position forever, and it never helps).
    Sets are bit masks (bit s for secret s); `part[g][score]` is the mask of
    every codeword giving that score against g, by `reference_score` on printed
    codewords, so the parts of S are S & part[g][score]. Memoised on (S, d).
    """

    INFINITY = float("inf")

    def __init__(self, game: Game, possible_only: bool = False):
        from mmlib.core.scoring import reference_score_under
        from mmlib.core.verify import every_secret

        self.game = game
        words = every_secret(game)
        self.win = (game.pins, 0)
        self.part = []
        for g in words:
            masks: dict = {}
            for s, secret in enumerate(words):
                score = reference_score_under(secret, g, game.black_only)
                masks[score] = masks.get(score, 0) | (1 << s)
            self.part.append([mask for score, mask in masks.items() if score != self.win])
        self.memo: dict = {}
        # Guesses only from the secrets still possible (players' rule): g must be a bit of S.
        self.possible_only = possible_only

    def cost(self, secrets: int, depth: "int | None") -> float:
        if secrets == 0:
            return 0
        if depth == 0:
            return self.INFINITY
        key = (secrets, depth)
        if key not in self.memo:
            size = secrets.bit_count()
            below = None if depth is None else depth - 1
            best = self.INFINITY
            for g, masks in enumerate(self.part):
                if self.possible_only and not (secrets >> g) & 1:
                    continue
                parts = [secrets & mask for mask in masks]
                if secrets in parts:
                    continue
                best = min(best, size + sum(self.cost(p, below) for p in parts if p))
            self.memo[key] = best
        return self.memo[key]

    def value(self, secrets: int, guess: int) -> float:
        """The coach's value of `guess` at the position `secrets` (a mask), no turn limit: |S| + the
        sum of cost(P) over the parts it splits S into, the winning part left out. A guess that
        leaves S whole costs |S| + cost(S)."""
        parts = [secrets & mask for mask in self.part[guess]]
        return secrets.bit_count() + sum(self.cost(p, None) for p in parts if p)

    def best_moves(self, secrets: int) -> tuple[float, list[int]]:
        """(cost(S), every codeword whose value is cost(S), in index order)."""
        values = [self.value(secrets, g) for g in range(self.game.size)]
        least = min(values)
        return least, [g for g, v in enumerate(values) if v == least]

    @staticmethod
    def mask_of(indices) -> int:
        mask = 0
        for s in indices:
            mask |= 1 << int(s)
        return mask

    def total(self, max_turns: "int | None" = None) -> float:
        """The optimal total turns over every secret, within max_turns guesses if given."""
        return self.cost((1 << self.game.size) - 1, max_turns)

    def worst(self) -> tuple[int, float]:
        """(least max turns, the least total among strategies reaching it)."""
        depth = 1
        while self.total(depth) == self.INFINITY:
            depth += 1
        return depth, self.total(depth)


# -- rule variants (docs/rules.md), by brute force in plain Python ----------------------
# Nothing here uses mmlib's codeword tables, packed forms or ordinals: the codewords are
# enumerated from the rules, scored pin by pin, and the strategies played on lists.

VARIANT_RULES = ("norepeat", "black")


def variant_games(max_codewords: int, rules=VARIANT_RULES):
    """Every game of the variant rules with at most `max_codewords` codewords."""
    games = []
    for r in rules:
        for p in range(2, 9):
            for c in range(2, 16):
                if r == "norepeat" and p > c:
                    continue
                size = c ** p if r == "black" else _arrangements(c, p)
                if size <= max_codewords:
                    games.append(Game(p, c, r))
    return games


def _arrangements(n: int, k: int) -> int:
    out = 1
    for j in range(k):
        out *= n - j
    return out


def enumerate_codewords(pins: int, colors: int, rules: str) -> list[tuple[int, ...]]:
    """The codewords of the rules as tuples of zero-based colors, in lexical order."""
    import itertools

    words = itertools.product(range(colors), repeat=pins)  # lexical order already
    if rules == "norepeat":
        return [w for w in words if len(set(w)) == pins]
    return list(words)


def brute_score(secret, guess, rules: str):
    """The score by the rules: (black, white), or black alone under 'black'."""
    black = sum(1 for s, g in zip(secret, guess) if s == g)
    if rules == "black":
        return black
    hits = 0
    rest = list(secret)
    for g in guess:  # each guess pin takes one equal secret pin, if one is left
        if g in rest:
            rest.remove(g)
            hits += 1
    return black, hits - black


def brute_solve(pins: int, colors: int, rules: str, strategy: str, first: tuple,
                possible_only: bool = False) -> dict:
    """{secret: list of guesses} played by `strategy` from `first`, by brute force.

    Each turn every secret's guess is scored; the secrets that saw the same scores
    share a region PS; the next guess of a region is, over every codeword not yet
    played on its path, the best by the strategy (Knuth: least largest part;
    expected-size: least sum of squares; entropy: least sum of s*log2(s), compared
    exactly as the product of s**s; most-parts: most parts), then one in PS, then
    the lexically first. No shortcuts, no symmetry. `possible_only`: the next guess only
    from the region's own secrets (PS), the rule many players keep.
    """
    words = enumerate_codewords(pins, colors, rules)
    win = pins if rules == "black" else (pins, 0)
    paths = {w: [first] for w in words}
    regions = {(): (list(words), [first])}
    while regions:
        new: dict = {}
        for key, (secrets, path) in regions.items():
            guess = path[-1]
            for s in secrets:
                score = brute_score(s, guess, rules)
                if score != win:
                    new.setdefault(key + (score,), ([], path))[0].append(s)
        regions = {}
        for key, (secrets, path) in new.items():
            best = None
            ps = set(secrets)
            for g in secrets if possible_only else words:
                if g in path:
                    continue
                parts: dict = {}
                for s in secrets:
                    score = brute_score(s, g, rules)
                    parts[score] = parts.get(score, 0) + 1
                sizes = list(parts.values())
                if strategy == "knuth":
                    rank = max(sizes)
                elif strategy == "expected-size":
                    rank = sum(x * x for x in sizes)
                elif strategy == "entropy":
                    rank = 1
                    for x in sizes:
                        rank *= x ** x
                else:
                    rank = -len(sizes)
                candidate = (rank, g not in ps, g)
                if best is None or candidate < best:
                    best = candidate
            next_path = path + [best[2]]
            for s in secrets:
                paths[s] = next_path
            regions[key] = (secrets, next_path)
    return paths
