"""The `reference` backend: every game at once, written to be obviously correct.

This is the specification the fast backends are tested against. It follows the
algorithm of seeds/Mastermind_on_the_GPU.md step by step:

1. every secret is a game, and every game plays the first guess;
2. the scores a game has seen so far are its *region id*; the games of one
   region are exactly that region's still-possible secrets PS;
3. each region not yet won gets one next guess, chosen from PS alone;
4. repeat until every game is won.

Scores come from `score_matrix_reference`, plain numpy on digits and color
counts, not from the packed kernels, so this backend checks them too. It holds
an n-by-n matrix, so it is meant for games of a few thousand codewords.

What counts as a score (the same for every backend): each game scores its guess
once per turn; choosing a guess for a region of size k costs k*k scores for the
fully-discriminating check when it is tried, and (candidates)*k for the full
search. Regions of size 1 and 2 cost nothing.

With case equivalence on (see mmlib/case_equivalence.py) the full search scores
only the class representatives ACr of the region's Zero and Free colors; it
picks the same guess, and `scores_saved` adds up the (all codewords - ACr)*k
scores it did not compute.
"""

from __future__ import annotations

import time
from collections import defaultdict
from functools import lru_cache

import numpy as np

from .case_equivalence import acr_candidates, region_zero_free, use_case_equivalence
from .games import Game
from .results import SolveResult, make_turn_stats
from .scoring import score_matrix_reference
from .strategies import Strategy, best_candidate, entropy_table, rank_rows

REFERENCE_MAX_CODEWORDS = 6561
# How `choose_guess` settled a region.
TINY, FULLY_DISCRIMINATING, SEARCHED = "tiny", "fully discriminating", "searched"


def subset_sizes(scores_vs_ps: np.ndarray, slots: int) -> np.ndarray:
    """(candidates, slots) subset sizes from (candidates, |PS|) score ordinals."""
    candidates = scores_vs_ps.shape[0]
    flat = scores_vs_ps.astype(np.int64) + slots * np.arange(candidates, dtype=np.int64)[:, None]
    return np.bincount(flat.ravel(), minlength=candidates * slots).reshape(candidates, slots)


def fully_discriminating_guess(scores: np.ndarray, ps: np.ndarray) -> "int | None":
    """The lowest member of PS that splits PS into singletons, if any."""
    for guess in ps:  # ps is sorted, so the first hit is the lowest
        if len(np.unique(scores[guess, ps])) == len(ps):
            return int(guess)
    return None


def choose_guess(
    game: Game,
    strategy: Strategy,
    scores: np.ndarray,
    ps: np.ndarray,
    played: list[int],
    entropy: np.ndarray,
    case_equivalence: bool = False,
) -> tuple[int, int, int]:
    """The next guess for a region with secrets `ps` (sorted): (guess, scores it cost,
    scores case equivalence saved, how it was settled: TINY, FULLY_DISCRIMINATING or SEARCHED)."""
    if len(ps) == 1:
        return int(ps[0]), 0, 0, TINY
    if len(ps) == 2:
        return int(ps[0]), 0, 0, TINY
    cost = 0
    if len(ps) <= game.num_scores:
        cost += len(ps) * len(ps)
        guess = fully_discriminating_guess(scores, ps)
        if guess is not None:
            return guess, cost, 0, FULLY_DISCRIMINATING
    if case_equivalence:
        zero, free = region_zero_free(game, ps, played)
        candidates = acr_candidates(game, zero, free)
    else:
        candidates = np.arange(game.size)
    ranks = rank_rows(subset_sizes(scores[np.ix_(candidates, ps)], game.score_slots), int(strategy), entropy)
    cost += len(candidates) * len(ps)
    saved = (game.size - len(candidates)) * len(ps)
    # Guesses already played on this path are not candidates. (They put all of
    # PS in one subset, so a member of PS always outranks them anyway.)
    allowed = ~np.isin(candidates, played)
    in_ps = np.isin(candidates, ps)
    return best_candidate(ranks[allowed], in_ps[allowed], candidates[allowed]), cost, saved, SEARCHED


@lru_cache(maxsize=1)
def _score_matrix(game: Game) -> np.ndarray:
    # Kept for the next solve of the same game (at most 6561**2 bytes, 43 MB):
    # comparing strategies, first guesses or case equivalence solves a game
    # several times in a row.
    scores = score_matrix_reference(game)
    scores.flags.writeable = False
    return scores


def solve_reference(game: Game, strategy: Strategy, first_guess: int,
                    case_equivalence: "str | bool" = "off", ce_min_region: int = 0,
                    **_options) -> SolveResult:
    """Play every game of `game` at once and record every guess.

    `case_equivalence`: 'on', 'off' or 'auto' (see `use_case_equivalence`);
    when on, regions of fewer than `ce_min_region` games search every codeword.
    """
    if game.size > REFERENCE_MAX_CODEWORDS:
        raise ValueError(
            f"the reference backend is for games of at most {REFERENCE_MAX_CODEWORDS} codewords; "
            f"{game.name} has {game.size}: use --backend cpu"
        )
    use_ce = use_case_equivalence(game, case_equivalence)
    started = time.perf_counter()
    n = game.size
    scores = _score_matrix(game)  # scores[guess, secret]
    entropy = entropy_table(n)
    win = game.win_ordinal

    # region id (tuple of score ordinals) -> its secrets, its next guess, its path
    regions: dict[tuple, np.ndarray] = {(): np.arange(n)}
    next_guess: dict[tuple, int] = {(): first_guess}
    played_on_path: dict[tuple, list[int]] = {(): []}

    turns = np.zeros(n, dtype=np.int64)
    guesses_per_turn = []
    total_scores = 0
    scores_saved = 0
    stats = []
    turn = 0
    while regions:
        turn += 1
        turn_started = time.perf_counter()
        played_now = np.full(n, -1, dtype=np.int32)
        new_regions: dict[tuple, list[int]] = defaultdict(list)
        for region_id, secrets in regions.items():
            guess = next_guess[region_id]
            for secret in secrets:
                played_now[secret] = guess
                score = scores[guess, secret]
                if score == win:
                    turns[secret] = turn
                else:
                    new_regions[region_id + (int(score),)].append(int(secret))
        guesses_per_turn.append(played_now)
        games_active = sum(len(s) for s in regions.values())
        turn_scores = games_active
        phase2_started = time.perf_counter()

        regions, next_guess, paths = {}, {}, {}
        searched = 0
        for region_id, secrets in new_regions.items():
            parent = region_id[:-1]
            path = played_on_path[parent] + [int(played_now[secrets[0]])]
            ps = np.array(sorted(secrets))
            guess, cost, saved, way = choose_guess(
                game, strategy, scores, ps, path, entropy, use_ce and len(ps) >= ce_min_region
            )
            regions[region_id], next_guess[region_id], paths[region_id] = ps, guess, path
            turn_scores += cost
            scores_saved += saved
            searched += way == SEARCHED
        played_on_path = paths
        total_scores += turn_scores
        turn_ended = time.perf_counter()
        stats.append(make_turn_stats(turn, games_active, turn_scores, [len(ps) for ps in regions.values()],
                                searched, phase2_started - turn_started, turn_ended - phase2_started))

    return SolveResult(
        game=game,
        strategy=strategy,
        backend="reference",
        first_guess=first_guess,
        guesses=np.array(guesses_per_turn, dtype=np.int32),
        turns=turns,
        scores=total_scores,
        elapsed_s=time.perf_counter() - started,
        case_equivalence=use_ce,
        scores_saved=scores_saved,
        turn_stats=stats,
    )
