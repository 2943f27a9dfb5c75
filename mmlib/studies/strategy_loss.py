"""How far a way of playing is from the best possible, move by move, over every secret.

A strategy played against every secret of a game is a tree of positions (the secrets still
possible, reached by the moves so far). At each position S it plays a guess g; the coach's
value of g (`mmlib.core.coach`) against the best value F(S) says how many turns, in all over
S, that one choice costs: V(S, g) - F(S), or (V(S, g) - F(S)) / |S| expected turns. Summed
over the tree these *turns lost* are exactly the strategy's total turns minus the optimum:

    H(S) - F(S) = (V(S, g) - F(S)) + sum over g's non-winning parts P of (H(P) - F(P))

so `strategy_loss` says where a strategy's gap to the optimum comes from. The average loss
per move weighs every move played, in every game, alike: the turns lost in all over the
moves played in all (which is the strategy's total turns).

`player_loss` does the same for a player who need not be a strategy tree (such as one who
guesses a random secret still possible), game by game over every secret.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..core.coach import NO_LIMIT, Position, optimal_move, shared_search
from ..core.games import Game
from ..core.optimal import INFEASIBLE
from ..core.scoring import format_score, ordinal_to_score
from ..core.solve import solve
from ..core.strategies import Strategy

POSITION_COLUMNS = ["turn", "moves", "possible", "guess", "value", "best_value", "turns_lost", "loss",
                    "best_move"]


@dataclass
class StrategyLoss:
    """A strategy over every secret of a game, against the optimum, position by position."""

    game: Game
    strategy: Strategy
    first_guess: str
    total_turns: int  # the strategy's, over every secret
    optimal_total: int
    positions: "object"  # DataFrame, one row per position the strategy meets (POSITION_COLUMNS)

    @property
    def turns_lost(self) -> int:
        """The strategy's total minus the optimum: the sum of the turns lost at every position."""
        return self.total_turns - self.optimal_total

    @property
    def loss_per_game(self) -> float:
        return self.turns_lost / self.game.size

    @property
    def loss_per_move(self) -> float:
        """Expected turns lost by an average move (every move of every game counted once)."""
        return self.turns_lost / self.total_turns

    def worst(self, count: int = 5):
        """The positions where the strategy loses most turns in all, most first."""
        lost = self.positions[self.positions["turns_lost"] > 0]
        return lost.sort_values(["turns_lost", "turn"], ascending=[False, True]).head(count).reset_index(drop=True)

    def by_turn(self):
        """Per turn: the moves played, the turns lost in all, and the average loss per move."""
        frame = self.positions.groupby("turn").agg(moves=("possible", "sum"), turns_lost=("turns_lost", "sum"))
        frame["loss_per_move"] = frame["turns_lost"] / frame["moves"]
        return frame.reset_index()

    def summary(self) -> dict:
        worst = self.worst(1)
        return {"game": self.game.name, "strategy": self.strategy.label, "first_guess": self.first_guess,
                "total_turns": self.total_turns, "optimal_total": self.optimal_total,
                "turns_lost": self.turns_lost, "loss_per_game": self.loss_per_game,
                "loss_per_move": self.loss_per_move,
                "worst_position": worst["moves"].iloc[0] if len(worst) else "",
                "worst_guess": worst["guess"].iloc[0] if len(worst) else "",
                "worst_turns_lost": int(worst["turns_lost"].iloc[0]) if len(worst) else 0,
                "worst_loss": float(worst["loss"].iloc[0]) if len(worst) else 0.0}


def _move_text(game: Game, guess: int, ordinal: int) -> str:
    return f"{game.format_codeword(guess)}={format_score(*ordinal_to_score(ordinal, game))}"


def strategy_loss(game: "Game | str", strategy: "Strategy | str", first_guess: "str | None" = None) -> StrategyLoss:
    """The strategy (from `first_guess`, default the opening `solve` plays) over every secret,
    each position it meets against the best possible there, by the exact search (no time limit:
    for games the search finishes)."""
    import pandas as pd

    game, strategy = Game.parse(game), Strategy.parse(strategy)
    result = solve(game, strategy, first_guess=first_guess)
    search = shared_search(game)
    rows = []
    stack = [(np.arange(game.size, dtype=np.int64), (), ())]
    while stack:
        secrets, played, path = stack.pop()
        guess = int(result.guesses[len(played), secrets[0]])
        best_move, best = optimal_move(game, secrets, played, None)
        value = Position(game, secrets, played, None).value(guess).low
        rows.append({"turn": len(played) + 1, "moves": " ".join(path), "possible": len(secrets),
                     "guess": game.format_codeword(guess), "value": value, "best_value": best,
                     "turns_lost": value - best, "loss": (value - best) / len(secrets),
                     "best_move": game.format_codeword(best_move)})
        for ordinal, part in reversed(search.split(guess, secrets)):
            if ordinal != game.win_ordinal:
                stack.append((part, played + (guess,), path + (_move_text(game, guess, ordinal),)))
    optimum = Position(game, np.arange(game.size), ()).best_value().low if rows else 0
    positions = pd.DataFrame(rows, columns=POSITION_COLUMNS)
    return StrategyLoss(game, strategy, result.first_guess_text, result.total_turns, optimum, positions)


def strategy_losses(game: "Game | str", strategies=tuple(Strategy)):
    """One row per strategy (its default opening): total turns, the optimum, the turns lost,
    the loss per game and per move, and the position where it loses most."""
    import pandas as pd

    return pd.DataFrame([strategy_loss(game, s).summary() for s in strategies])


# -- any player, game by game --------------------------------------------------------------


def random_possible_secret(seed: int = 0):
    """A player who guesses one of the secrets still possible, drawn at random (seeded)."""
    rng = np.random.default_rng(seed)

    def choose(game: Game, secrets: np.ndarray, played: tuple) -> int:
        return int(secrets[rng.integers(len(secrets))])

    choose.label = "a random possible secret"
    return choose


def strategy_player(strategy: "Strategy | str"):
    """A player who takes the strategy's hint every move."""
    strategy = Strategy.parse(strategy)

    def choose(game: Game, secrets: np.ndarray, played: tuple) -> int:
        return Position(game, secrets, played, None).strategy_guess(strategy)

    choose.label = f"the {strategy.title} hint"
    choose.deterministic = True  # its guess depends on the position alone
    return choose


def player_loss(game: "Game | str", choose, secrets=None) -> dict:
    """`choose(game, possible secrets, guesses played)` plays every secret of `secrets` (default
    all) to the end; each move is valued against the best there. Returns the player's label,
    games, total and average turns, the optimum's total and average turns, and the expected turns
    lost per game (the sum of each game's move losses, averaged) and per move.

    Games share their first moves, so each position (named by the guesses and scores that led
    to it) is split and valued once; a player marked `deterministic` (the same guess wherever
    the position is the same) is also asked once per position. Any other player, such as the
    random one, is asked at every move, in the same order as a game-by-game walk.

    A move's value is |S| plus the best values F(P) of its guess's non-winning parts P
    (`mmlib.core.coach`), and the best value of the position a move leads to is one of those
    F(P): each set's F is searched once per call (`_exact_best_value`), not again as the next
    position's best value, and without setting up a `Position` for each set."""
    game = Game.parse(game)
    search = shared_search(game)
    best_values = {}  # {the bytes of a set of secrets (sorted): its best value F}
    secrets = np.arange(game.size, dtype=np.int64) if secrets is None else np.asarray(secrets, dtype=np.int64)
    everything = np.arange(game.size, dtype=np.int64)
    start = Position(game, everything, (), None)  # the openings' values, from data/optimal_openings.csv
    optimum = start.best_value().low

    def best_value(possible: np.ndarray, played: tuple) -> int:
        key = possible.tobytes()
        if key not in best_values:
            best_values[key] = _exact_best_value(search, possible, played)
        return best_values[key]

    deterministic = getattr(choose, "deterministic", False)
    chosen, losses, parts = {}, {}, {}  # by position, by (position, guess), by (position, guess)
    turns = lost = moves = 0
    for secret in secrets:
        possible, played, path = everything, (), ()
        while True:
            if deterministic and path in chosen:
                guess = chosen[path]
            else:
                guess = int(choose(game, possible, played))
                if deterministic:
                    chosen[path] = guess
            if (path, guess) not in parts:
                parts[path, guess] = dict(search.split(guess, possible))
            if (path, guess) not in losses:
                if not played:
                    value = start.value(guess).low
                else:
                    value = len(possible) + sum(best_value(part, played + (guess,))
                                                for ordinal, part in parts[path, guess].items()
                                                if ordinal != game.win_ordinal)
                losses[path, guess] = value - (optimum if not played else best_value(possible, played))
            lost += losses[path, guess] / len(possible)
            moves += 1
            if guess == secret:
                break
            ordinal = next(o for o, _part in search.split(guess, np.array([secret])))
            possible = parts[path, guess][ordinal]
            played += (guess,)
            path += ((guess, ordinal),)
        turns += len(played) + 1
    return {"player": getattr(choose, "label", "player"), "games": len(secrets), "total_turns": turns,
            "average_turns": turns / len(secrets), "optimal_total_turns": int(optimum),
            "optimal_average_turns": optimum / game.size,
            "loss_per_game": lost / len(secrets), "loss_per_move": lost / moves}


def _exact_best_value(search, secrets: np.ndarray, played: tuple) -> int:
    """F(secrets), the least total turns over the sorted set `secrets` reached by `played`, exactly (no
    time limit): what `Position(game, secrets, played, None).best_value()` finds, without setting up a
    Position for each of the thousands of sets a played-out game meets."""
    if len(secrets) <= 2:
        return 2 * len(secrets) - 1  # one secret takes one guess, two take 1 + 2 (as `Position` has it)
    with search.stopping_at(None):
        return int(search.value(secrets, played, NO_LIMIT, INFEASIBLE))


def optimal_player():
    """A player who takes the optimal hint every move (a proven best guess)."""

    def choose(game: Game, secrets: np.ndarray, played: tuple) -> int:
        return optimal_move(game, secrets, played, None)[0]

    choose.label = "the optimal hint"
    choose.deterministic = True  # the lowest-index best guess of the position
    return choose
