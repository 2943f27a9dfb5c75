"""Each strategy from its own opening: which first guess its rank picks, how all games then go,
and how long its worst game is beside the other strategies' (notebook 4).

A strategy's rank reads only the split of the next guess (the subset sizes): Knuth's the largest
subset, so it minimises the worst case of the next turn, not of the whole game. `worst_turns`
puts the four strategies' longest games side by side over many games, so that where Knuth's worst
game is longer than another strategy's is computed, not assumed.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..core.games import Game
from ..core.next_guess import choose_next_guess
from ..core.openings import first_guess_patterns
from ..core.scoring import score_ordinals, score_to_ordinal
from ..core.solve import solve
from ..core.strategies import Strategy, best_candidate, entropy_table, rank_rows

# How Knuth's worst game compares with the shortest worst game of the other three.
SHORTER, AS_LONG, LONGER = "shorter", "as long", "longer"


def subset_sizes(game: "Game | str", guess: "str | int", secrets: "np.ndarray | None" = None) -> np.ndarray:
    """How many of `secrets` (default: all) give each score ordinal against `guess`.

    One entry per counter slot, the hole at (p-1, 1) included (always 0).
    """
    game = Game.parse(game)
    index = game.parse_codeword(guess, what="guess") if isinstance(guess, str) else int(guess)
    if not 0 <= index < game.size:
        raise ValueError(f"guess index {index} is not a codeword of {game.name} (0..{game.size - 1})")
    return np.bincount(score_ordinals(game, index, secrets), minlength=game.score_slots)


def own_openings(game: "Game | str") -> dict:
    """Each strategy's own opening: its pick among the game's first-guess patterns, by its rank and
    the tie-break (best rank, then a guess in PS, which every codeword is before turn 1, then the
    lowest index)."""
    game = Game.parse(game)
    options = first_guess_patterns(game)
    sizes = np.array([subset_sizes(game, p) for p in options])
    indices = np.array([game.parse_codeword(p) for p in options])
    everyone_possible = np.ones(len(options), dtype=bool)
    return {strategy: game.format_codeword(best_candidate(
        rank_rows(sizes, int(strategy), entropy_table(game.size)), everyone_possible, indices))
        for strategy in Strategy}


first_guess_picks = own_openings  # the older name

_SOLVED: dict = {}


def solve_from_own_opening(game: "Game | str", strategy: "Strategy | str"):
    """`solve` from the opening the strategy's own rank picks (`own_openings`), as it picks every
    later guess, remembered for the session. On 4p6c these are the openings of the published totals."""
    game, strategy = Game.parse(game), Strategy.parse(strategy)
    key = (game, strategy)
    if key not in _SOLVED:
        _SOLVED[key] = solve(game, strategy, first_guess=own_openings(game)[strategy])
    return _SOLVED[key]


solve_from_own_pick = solve_from_own_opening  # the older name


def secrets_left(game: "Game | str", moves) -> np.ndarray:
    """The possible secrets (codeword indices) after `moves`, pairs (guess, (black, white))."""
    game = Game.parse(game)
    ps = np.arange(game.size)
    for guess, (black, white) in moves:
        ps = ps[score_ordinals(game, game.parse_codeword(guess), ps) == score_to_ordinal(black, white, game.pins)]
    return ps


def largest_subsets(game: "Game | str", secrets: np.ndarray) -> pd.DataFrame:
    """Knuth's choice among every codeword of the game for the possible secrets `secrets`: one row
    per size of the largest subset a guess leaves (Knuth's rank), smallest first, with how many
    guesses leave it, how many of those are themselves possible secrets (the tie-break prefers them)
    and the lowest such possible secret (None if there is none)."""
    game = Game.parse(game)
    secrets = np.asarray(secrets)
    possible = np.zeros(game.size, dtype=bool)
    possible[secrets] = True
    largest = np.array([int(subset_sizes(game, guess, secrets).max()) for guess in range(game.size)])
    rows = []
    for size in np.unique(largest):
        guesses = np.flatnonzero(largest == size)
        in_ps = guesses[possible[guesses]]
        rows.append({"largest": int(size), "guesses": len(guesses), "possible": len(in_ps),
                     "lowest_possible": game.format_codeword(int(in_ps[0])) if len(in_ps) else None})
    return pd.DataFrame(rows, columns=["largest", "guesses", "possible", "lowest_possible"])


def next_guess_picks(game: "Game | str", secrets: np.ndarray) -> dict:
    """Each strategy's next guess (as text) for the possible secrets `secrets`."""
    game = Game.parse(game)
    return {strategy: game.format_codeword(choose_next_guess(game, strategy, secrets)[0]) for strategy in Strategy}


def worst_turns(games) -> pd.DataFrame:
    """One row per game: the codewords, each strategy's worst game (max turns) from its own opening,
    and how Knuth's worst compares with the shortest worst of the other three (`knuth_worst`:
    shorter, as long or longer)."""
    rows = []
    for game in map(Game.parse, games):
        worst = {strategy: solve_from_own_opening(game, strategy).max_turns for strategy in Strategy}
        others = min(turns for strategy, turns in worst.items() if strategy != Strategy.KNUTH)
        knuth = worst[Strategy.KNUTH]
        rows.append({"game": game.name, "codewords": game.size, **{s.label: worst[s] for s in Strategy},
                     "knuth_worst": SHORTER if knuth < others else AS_LONG if knuth == others else LONGER})
    return pd.DataFrame(rows, columns=["game", "codewords", *(s.label for s in Strategy), "knuth_worst"])


# Where a strategy stands on one game's total turns, beside the other three.
FEWEST_ALONE, FEWEST_TIED, MORE = "fewest alone", "fewest, tied", "more"


def total_turns(games) -> pd.DataFrame:
    """One row per game: the codewords, each strategy's total turns (over every secret) from its own
    opening, from the same solves as `worst_turns`, and the strategies that need the fewest
    (`fewest`: their labels, several where they tie)."""
    rows = []
    for game in map(Game.parse, games):
        totals = {strategy: solve_from_own_opening(game, strategy).total_turns for strategy in Strategy}
        least = min(totals.values())
        rows.append({"game": game.name, "codewords": game.size, **{s.label: totals[s] for s in Strategy},
                     "fewest": tuple(s.label for s in Strategy if totals[s] == least)})
    return pd.DataFrame(rows, columns=["game", "codewords", *(s.label for s in Strategy), "fewest"])


def fewest_turns_counts(totals: pd.DataFrame) -> pd.DataFrame:
    """`total_turns` counted per strategy: in how many games it alone needs the fewest total turns,
    in how many it ties for the fewest with others, and in how many another needs fewer."""
    rows = []
    for strategy in Strategy:
        mine = [strategy.label in fewest for fewest in totals["fewest"]]
        alone = [fewest == (strategy.label,) for fewest in totals["fewest"]]
        rows.append({"strategy": strategy.label, FEWEST_ALONE: sum(alone),
                     FEWEST_TIED: sum(mine) - sum(alone), MORE: len(totals) - sum(mine)})
    return pd.DataFrame(rows, columns=["strategy", FEWEST_ALONE, FEWEST_TIED, MORE])
