"""The outcome of playing every game at once: turns, the strategy tree, exports.

Every backend returns a `SolveResult`. Its core is `guesses`, the seed's per-turn
next-guess vectors: `guesses[t, s]` is the codeword index played on turn t+1 in
the game whose secret is s (-1 once that game is won). Everything else, the
turn counts, the strategy tree and the moves of any single game, follows from it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from .games import Game, shown
from .scoring import format_score, ordinal_to_score, score_pairs
from .strategies import Strategy


@dataclass(frozen=True)
class StrategyLabel:
    """A strategy that is none of the four rank functions, e.g. the exact optimum.

    It has what results print of a `Strategy`: `label` (as in `--json`) and `title`.
    """

    label: str
    title: str


OPTIMAL = StrategyLabel("optimal", "Optimal")


@dataclass
class TurnStats:
    """What one turn of the all-games loop saw, and what it cost.

    Each of the `regions` is settled one of three ways, so
    tiny_regions + fd_regions + searched_regions == regions. The counts are the
    same on every backend (the tests compare them); the seconds are wall-clock
    time on this run and are left out of ==.

    Phase 1 plays the turn: every active game scores its region's guess and the
    regions are split by score. Phase 2 chooses the next guess of every new
    region (shortcuts, then the full search). On `cuda` the searches are waited
    for at the end of phase 2, so each phase's seconds are its own.

    `cpu_s` (the `cpu` backend on one machine only, else 0) is the CPU time the solving
    process got during the turn, all its threads together: on one thread, where it is well
    below `seconds`, other work on the machine held the core for the rest of the turn.
    """

    turn: int
    games_active: int  # games that play a guess this turn
    regions: int  # regions that need a new guess after this turn's scores
    scores: int  # scores computed while choosing those guesses
    tiny_regions: int = 0  # |PS| 1 or 2: the lowest secret is played, no score computed
    fd_regions: int = 0  # settled by a fully discriminating member of PS
    searched_regions: int = 0  # needed the full search over the candidates
    seconds: float = field(default=0.0, compare=False)  # the whole turn: phase1_s + phase2_s
    phase1_s: float = field(default=0.0, compare=False)  # play and split the regions
    phase2_s: float = field(default=0.0, compare=False)  # choose the next guesses
    cpu_s: float = field(default=0.0, compare=False)  # the process's CPU time in the turn (cpu backend)

    def as_dict(self) -> dict:
        out = {name: getattr(self, name) for name in TURN_STATS_COUNTS}
        out.update({name: round(getattr(self, name), 6) for name in TURN_STATS_SECONDS})
        return out


TURN_STATS_COUNTS = ("turn", "games_active", "regions", "scores", "tiny_regions", "fd_regions",
                     "searched_regions")
TURN_STATS_SECONDS = ("seconds", "phase1_s", "phase2_s")


def make_turn_stats(turn: int, games_active: int, scores: int, region_lengths, searched: int,
               phase1_s: float, phase2_s: float, cpu_s: float = 0.0) -> TurnStats:
    """The TurnStats of a turn whose new regions have `region_lengths` games each and of
    which `searched` needed the full search (every other region of 3 or more games
    was settled by a fully discriminating guess)."""
    lengths = np.asarray(region_lengths)
    tiny = int(np.count_nonzero(lengths <= 2))
    searched = int(searched)
    phase1_s, phase2_s = max(0.0, float(phase1_s)), max(0.0, float(phase2_s))
    return TurnStats(int(turn), int(games_active), int(lengths.size), int(scores), tiny,
                     int(lengths.size) - tiny - searched, searched, phase1_s + phase2_s,
                     phase1_s, phase2_s, max(0.0, float(cpu_s)))


@dataclass
class StrategyTree:
    """Nodes of the strategy tree, as parallel arrays; node 0 is the root.

    A node is a region before a guess: the games that saw the same scores so far.
    `edge_score` is the ordinal of the score that led from `parent` to the node.
    """

    game: Game
    parent: np.ndarray
    edge_score: np.ndarray
    guess: np.ndarray
    depth: np.ndarray
    games: np.ndarray

    def __len__(self) -> int:
        return len(self.guess)

    def children(self) -> list[list[int]]:
        kids: list[list[int]] = [[] for _ in range(len(self))]
        for node in np.argsort(self.edge_score, kind="stable"):
            if self.parent[node] >= 0:
                kids[self.parent[node]].append(int(node))
        return kids

    def as_dict(self) -> dict:
        """Nested {"guess", "games", "next": {"b,w": node}}; a game won at a node has no entry."""
        kids = self.children()

        def build(node: int) -> dict:
            entry = {"guess": self.game.format_codeword(self.guess[node]), "games": int(self.games[node])}
            if kids[node]:
                entry["next"] = {
                    format_score(*ordinal_to_score(int(self.edge_score[k]), self.game)): build(k)
                    for k in kids[node]
                }
            return entry

        return build(0)

    @classmethod
    def from_dict(cls, game: Game, data: dict) -> "StrategyTree":
        """The tree of a nested dict as `as_dict` writes it (e.g. a `--tree` file's "tree")."""
        from .scoring import score_to_ordinal

        parent, edge, guess, depth, games = [], [], [], [], []
        stack = [(data, -1, -1, 0)]
        while stack:
            node, up, score, level = stack.pop()
            me = len(guess)
            parent.append(up)
            edge.append(score)
            guess.append(game.parse_codeword(node["guess"]))
            depth.append(level)
            games.append(int(node.get("games", 0)))
            for key, child in reversed(list(node.get("next", {}).items())):
                black, white = (int(x) for x in key.split(","))
                stack.append((child, me, score_to_ordinal(black, white, game), level + 1))
        return cls(game, *(np.array(a, dtype=np.int64) for a in (parent, edge, guess, depth, games)))

    def to_dot(self) -> str:
        """GraphViz dot: one box per guess, edges labelled with the score that led there."""
        lines = [
            "digraph strategy {",
            '  graph [rankdir=LR, fontname="Helvetica"];',
            '  node [shape=box, fontname="Courier"];',
            '  edge [fontname="Helvetica", fontsize=10];',
        ]
        for node in range(len(self)):
            label = f"{self.game.format_codeword(self.guess[node])}\\n{int(self.games[node])} games"
            lines.append(f'  n{node} [label="{label}"];')
        for node in range(1, len(self)):
            b, w = ordinal_to_score(int(self.edge_score[node]), self.game)
            lines.append(f'  n{self.parent[node]} -> n{node} [label="{b},{w}"];')
        lines.append("}")
        return "\n".join(lines) + "\n"

    def region_sizes_per_turn(self) -> list[np.ndarray]:
        """Element t: the sizes (games) of the regions that choose a guess for turn t+1.

        Nodes at depth t are exactly those regions, so element 0 is [all games].
        """
        turns = int(self.depth.max()) + 1
        return [np.sort(self.games[self.depth == t])[::-1] for t in range(turns)]


@dataclass
class SolveResult:
    """Every game of `game` played with `strategy` from `first_guess`."""

    game: Game
    strategy: "Strategy | StrategyLabel"
    backend: str
    first_guess: int
    guesses: np.ndarray  # (max turns, n) int32, -1 once won
    turns: np.ndarray  # (n,) turns needed by each game, the winning guess included
    scores: int  # scores computed, see README "What counts as a score"
    elapsed_s: float
    case_equivalence: bool = False
    scores_saved: int = 0  # scores case equivalence avoided
    turn_stats: list[TurnStats] = field(default_factory=list)
    compile_s: float = 0.0

    # -- summary -------------------------------------------------------------

    @property
    def total_turns(self) -> int:
        return int(self.turns.sum(dtype=np.int64))

    @property
    def max_turns(self) -> int:
        return int(self.turns.max())

    @property
    def average_turns(self) -> float:
        return self.total_turns / len(self.turns)

    @property
    def turn_histogram(self) -> list[int]:
        """Games won in 1, 2, ... max turns."""
        return [int(x) for x in np.bincount(self.turns, minlength=self.max_turns + 1)[1:]]

    @property
    def first_guess_text(self) -> str:
        return self.game.format_codeword(self.first_guess)

    def summary(self) -> dict:
        """The JSON object of `solve --json`."""
        return {
            "game": self.game.name,
            "pins": self.game.pins,
            "colors": self.game.colors,
            "strategy": self.strategy.label,
            "backend": self.backend,
            "first_guess": self.first_guess_text,
            "total_turns": self.total_turns,
            "max_turns": self.max_turns,
            "average_turns": round(self.average_turns, 6),
            "turn_histogram": {str(t + 1): n for t, n in enumerate(self.turn_histogram)},
            "scores": int(self.scores),
            "elapsed_s": round(self.elapsed_s, 6),
            "compile_s": round(self.compile_s, 6),
            "case_equivalence": bool(self.case_equivalence),
            "scores_saved": int(self.scores_saved),
            "regions_per_turn": [s.regions for s in self.turn_stats],
            "turn_stats": [s.as_dict() for s in self.turn_stats],
        }

    def to_json(self, indent: "int | None" = None) -> str:
        return json.dumps(self.summary(), indent=indent, allow_nan=False)  # JSON has no NaN: a bug says so

    def describe(self) -> str:
        """A readable summary for people."""
        hist = ", ".join(str(x) for x in self.turn_histogram)
        lines = [
            f"{self.game.name} ({self.game.size:,} games), {self.strategy.title}, first guess "
            f"{self.first_guess_text}, backend {self.backend}",
            f"  total turns   {self.total_turns:,}",
            f"  average turns {self.average_turns:.4f}",
            f"  max turns     {self.max_turns}",
            f"  histogram     {hist}  (games won in 1, 2, ... turns)",
            f"  scores        {self.scores:,}",
            f"  time          {self.elapsed_s:.3f} s",
        ]
        if self.case_equivalence:
            lines.append(f"  case equivalence on: {self.scores_saved:,} scores saved")
        return "\n".join(lines)

    def dataframe(self):
        """One row per game: secret, turns and the guesses played."""
        import pandas as pd

        fmt = self.game.format_codeword
        rows = {
            "secret": [fmt(s) for s in range(self.game.size)],
            "turns": self.turns.astype(int),
        }
        for t in range(self.guesses.shape[0]):
            rows[f"guess_{t + 1}"] = [fmt(g) if g >= 0 else "" for g in self.guesses[t]]
        return pd.DataFrame(rows)

    def turn_stats_frame(self):
        """One row per turn: games, regions, how each way settled them, scores and seconds."""
        import pandas as pd

        columns = TURN_STATS_COUNTS + TURN_STATS_SECONDS
        return pd.DataFrame([vars(s) for s in self.turn_stats], columns=list(columns))

    # -- single games and the tree -----------------------------------------

    def game_path(self, secret: "int | str") -> list[str]:
        """The guesses played against `secret` (a codeword string or an index), the winning one last."""
        allowed = (f"a codeword of {self.game.name} such as {self.game.format_codeword(0)}, "
                   f"or an index 0..{self.game.size - 1}")
        if isinstance(secret, str):
            secret = self.game.parse_codeword(secret, what="secret")
        elif isinstance(secret, (int, np.integer)) and not isinstance(secret, (bool, np.bool_)):
            if not 0 <= int(secret) < self.game.size:
                raise ValueError(f"secret index {int(secret)} is out of range: give {allowed}")
            secret = int(secret)
        else:
            raise ValueError(f"secret {shown(secret)} is neither a codeword nor an index: give {allowed}")
        column = self.guesses[:, secret]
        return [self.game.format_codeword(g) for g in column[column >= 0]]

    @cached_property
    def tree(self) -> StrategyTree:
        return build_tree(self.game, self.guesses)

    def tree_json(self) -> dict:
        """The strategy tree with the summary, as written by `solve --tree FILE.json`."""
        out = self.summary()
        out["tree"] = self.tree.as_dict()
        return out


def build_tree(game: Game, guesses: np.ndarray) -> StrategyTree:
    """Turn per-turn guess vectors into tree nodes, one turn at a time with numpy."""
    n = game.size
    slots = game.score_slots
    win = game.win_ordinal
    secrets = np.arange(n, dtype=np.int64)
    node_of_game = np.zeros(n, dtype=np.int64)
    parent, edge, guess, depth, games = [np.array([-1])], [np.array([-1])], [], [np.array([0])], [np.array([n])]
    guess.append(np.array([guesses[0, 0]]))
    active = secrets
    next_node = 1
    for t in range(guesses.shape[0]):
        played = guesses[t, active]
        ordinals = score_pairs(game, played, active).astype(np.int64)
        alive = ordinals != win
        active, ordinals = active[alive], ordinals[alive]
        if len(active) == 0:
            break
        keys = node_of_game[active] * slots + ordinals
        unique_keys, first, inverse, counts = np.unique(
            keys, return_index=True, return_inverse=True, return_counts=True
        )
        parent.append(unique_keys // slots)
        edge.append(unique_keys % slots)
        guess.append(guesses[t + 1, active[first]])
        depth.append(np.full(len(unique_keys), t + 1))
        games.append(counts)
        node_of_game[active] = next_node + inverse
        next_node += len(unique_keys)
    return StrategyTree(
        game,
        np.concatenate(parent).astype(np.int64),
        np.concatenate(edge).astype(np.int64),
        np.concatenate(guess).astype(np.int64),
        np.concatenate(depth).astype(np.int64),
        np.concatenate(games).astype(np.int64),
    )
