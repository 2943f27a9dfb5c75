"""Check a strategy tree written by `solve --tree`, without the solver's code path.

A strategy tree claims: start with the root's guess; after each score, play the
guess of the branch for that score; every secret is won; and the summary's
totals are what that play costs. This module believes none of it. It lists
every secret as a printed codeword, scores with the plain-Python
`reference_score` on printed codewords (not the packed kernels, not the solver),
walks the tree top-down with the secrets that really reach each node, and
recomputes the totals.

Two kinds of failure:

* `TreeFormatError` (a ValueError, exit status 2): the file is not a tree at
  all: not JSON, a missing key, a node that is not an object;
* `TreeDefect` (exit status 1): the tree is readable but wrong. The first
  defect found is reported, walking the tree depth first in file order.

It checks what the tree does, not which strategy chose its guesses: repeating
the strategy's choices would need the solver again.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass
from pathlib import Path

from .games import COLOR_CHARS, Game
from .scoring import reference_score

SUMMARY_KEYS = ("game", "total_turns", "max_turns", "turn_histogram", "tree")


class TreeFormatError(ValueError):
    """The input is not a readable strategy tree."""


class TreeDefect(Exception):
    """The tree is readable but wrong; the message says where and how."""


@dataclass
class VerifyReport:
    """What the verifier recomputed for a valid tree."""

    game: Game
    strategy: "str | None"
    first_guess: str
    secrets: int
    nodes: int
    total_turns: int
    max_turns: int
    histogram: list[int]  # games won in 1, 2, ... max_turns turns

    def describe(self) -> str:
        strategy = f" {self.strategy}" if self.strategy else ""
        return (
            f"OK: {self.game.name}{strategy} tree from {self.first_guess}: all {self.secrets:,} secrets "
            f"won in {self.nodes:,} nodes; total turns {self.total_turns:,}, max {self.max_turns}, "
            f"histogram {', '.join(str(n) for n in self.histogram)}"
        )


def verify_tree_file(path: "str | Path") -> VerifyReport:
    """Read and check a tree file; TreeFormatError if it cannot be read, TreeDefect if wrong."""
    path = Path(path)
    try:
        text = path.read_text()
    except (OSError, UnicodeDecodeError) as error:
        raise TreeFormatError(f"cannot read {path}: {error}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise TreeFormatError(f"{path} is not JSON: {error}") from None
    return verify_tree(data)


def verify_tree(data: dict) -> VerifyReport:
    """Check the parsed JSON of a `solve --tree` file and return what was recomputed."""
    if not isinstance(data, dict):
        raise TreeFormatError("a strategy tree file holds one JSON object")
    missing = [key for key in SUMMARY_KEYS if key not in data]
    if missing:
        raise TreeFormatError(f"the tree file has no {', '.join(repr(k) for k in missing)}")
    try:
        game = Game.parse(data["game"])
    except ValueError as error:
        raise TreeFormatError(f"unreadable game: {error}") from None
    for key, actual in (("pins", game.pins), ("colors", game.colors)):
        if key in data and data[key] != actual:
            raise TreeDefect(f"{key} says {data[key]!r} but game {game.name} has {actual}")

    turns, nodes = _walk(game, data["tree"])
    root_guess = data["tree"]["guess"]
    if "first_guess" in data and data["first_guess"] != root_guess:
        raise TreeDefect(f"first_guess says {data['first_guess']!r} but the tree starts with {root_guess}")
    histogram = _check_summary(data, turns)
    strategy = data.get("strategy")
    return VerifyReport(
        game=game,
        strategy=strategy if isinstance(strategy, str) else None,
        first_guess=root_guess,
        secrets=len(turns),
        nodes=nodes,
        total_turns=sum(turns.values()),
        max_turns=max(turns.values()),
        histogram=histogram,
    )


def every_secret(game: Game) -> list[str]:
    """Every codeword of the game, printed, in index order."""
    colors = COLOR_CHARS[: game.colors]
    return ["".join(chars) for chars in itertools.product(colors, repeat=game.pins)]


def _where(path: list[str]) -> str:
    return f"after {' '.join(path)}" if path else "at the root"


def _node_fields(node, path: list[str]) -> tuple[str, int | None, dict]:
    """(guess, games or None, branches) of one node, or TreeFormatError."""
    if not isinstance(node, dict):
        raise TreeFormatError(f"the node {_where(path)} is not an object")
    guess = node.get("guess")
    if not isinstance(guess, str):
        raise TreeFormatError(f"the node {_where(path)} has no guess string")
    games = node.get("games")
    if games is not None and (not isinstance(games, int) or isinstance(games, bool)):
        raise TreeFormatError(f"the node {_where(path)} has a games count that is not a whole number")
    branches = node.get("next", {})
    if not isinstance(branches, dict):
        raise TreeFormatError(f"the node {_where(path)} has a 'next' that is not an object")
    return guess, games, branches


def _score_key(key: str, pins: int) -> "tuple[int, int] | None":
    """The score a branch key names, or None if it names none that this game can produce."""
    parts = key.split(",")
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        return None
    black, white = int(parts[0]), int(parts[1])
    if black + white > pins or (black == pins - 1 and white == 1):
        return None
    return black, white


def _walk(game: Game, root) -> tuple[dict[str, int], int]:
    """Play every secret down the tree; {secret: turns} and the number of nodes, or TreeDefect."""
    pins = game.pins
    win = (pins, 0)
    allowed = set(COLOR_CHARS[: game.colors])
    turns: dict[str, int] = {}
    nodes = 0
    # Depth first, children in file order: (node, secrets reaching it, moves so far).
    stack = [(root, every_secret(game), [])]
    while stack:
        node, secrets, path = stack.pop()
        nodes += 1
        guess, games, branches = _node_fields(node, path)
        turn = len(path) + 1
        if len(guess) != pins or not set(guess) <= allowed:
            raise TreeDefect(f"the guess {guess!r} {_where(path)} is not a codeword of {game.name}")
        if games is not None and games != len(secrets):
            raise TreeDefect(
                f"node {guess} {_where(path)} says {games} games, but {len(secrets)} secrets reach it"
            )
        groups: dict[tuple[int, int], list[str]] = {}
        for secret in secrets:
            groups.setdefault(reference_score(secret, guess), []).append(secret)
        for secret in groups.pop(win, []):
            turns[secret] = turn
        for score in sorted(groups):
            key = f"{score[0]},{score[1]}"
            if key not in branches:
                lost = groups[score][0]
                raise TreeDefect(
                    f"secret {lost} is never won: guess {guess} {_where(path)} scores {key} "
                    f"and the tree has no branch {key} there"
                )
        children = []
        for key, child in branches.items():
            score = _score_key(key, pins)
            if score is None:
                raise TreeDefect(
                    f"node {guess} {_where(path)} has a branch {key!r}, not a score of {game.name}"
                )
            if score == win:
                raise TreeDefect(
                    f"node {guess} {_where(path)} has a branch {key}, but that score wins the game"
                )
            if score not in groups:
                raise TreeDefect(
                    f"node {guess} {_where(path)}: branch {key} is not the true score of any secret "
                    f"that reaches it"
                )
            children.append((child, groups[score], path + [f"{guess}={key}"]))
        stack.extend(reversed(children))
    if len(turns) != game.size:  # cannot happen when every branch is checked; kept as a guard
        never = next(s for s in every_secret(game) if s not in turns)
        raise TreeDefect(f"secret {never} is never won")
    return turns, nodes


def _check_summary(data: dict, turns: dict[str, int]) -> list[int]:
    """Compare the summary with the recomputed figures; the recomputed histogram, or TreeDefect."""
    total = sum(turns.values())
    worst = max(turns.values())
    histogram = [0] * worst
    for t in turns.values():
        histogram[t - 1] += 1
    if data["total_turns"] != total:
        raise TreeDefect(f"total_turns says {data['total_turns']}, recomputed {total}")
    if data["max_turns"] != worst:
        raise TreeDefect(f"max_turns says {data['max_turns']}, recomputed {worst}")
    claimed = data["turn_histogram"]
    if not isinstance(claimed, dict):
        raise TreeFormatError("turn_histogram is not an object of turns to game counts")
    claimed_counts: dict[int, int] = {}
    for key, count in claimed.items():
        if not str(key).isdigit() or not isinstance(count, int):
            raise TreeFormatError(f"turn_histogram entry {key!r}: {count!r} is not turns: games")
        claimed_counts[int(key)] = count
    for t in sorted(set(claimed_counts) | set(range(1, worst + 1))):
        said = claimed_counts.get(t, 0)
        actual = histogram[t - 1] if t <= worst else 0
        if said != actual:
            raise TreeDefect(f"turn_histogram says {said} games won in {t} turns, recomputed {actual}")
    if "average_turns" in data:
        average = total / len(turns)
        claimed_average = data["average_turns"]
        if not isinstance(claimed_average, (int, float)) or abs(claimed_average - average) > 5e-6:
            raise TreeDefect(f"average_turns says {claimed_average}, recomputed {average:.6f}")
    return histogram
