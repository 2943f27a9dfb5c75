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

Hostile input is bounded before it costs anything: a file over
MAX_TREE_FILE_BYTES is refused unread (its size is known from the file system;
a pipe is read to one byte past the limit), JSON nested deeper than
MAX_JSON_DEPTH is refused before it is parsed (the parser recurses) after a
scan that is linear in the text, the memory the game needs is
checked against what the machine has before any secret is listed, and the walk
itself is a loop, so no tree is too deep for it. Every number that counts
something must be a JSON integer; every key must be written exactly as `solve
--tree` writes it, so two keys can never name the same score or turn.
"""

from __future__ import annotations

import itertools
import json
import math
import os
import re
import stat
import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .games import COLOR_CHARS, Game
from .memory import format_gib, host_memory_available, require_fits
from .scoring import reference_score_under

SUMMARY_KEYS = ("game", "total_turns", "max_turns", "turn_histogram", "tree")

# The largest tree file read: the 5p8c tree (32,768 games) is 1.4 MiB, so 7p7c
# (823,543) is about 40 MiB.
MAX_TREE_FILE_BYTES = 256 << 20
# JSON nested deeper than this is refused before parsing: two levels per turn,
# so trees of up to 100 turns; no strategy needs more than about 12.
MAX_JSON_DEPTH = 200
# Bytes of Python objects per byte of JSON once parsed (measured on the 5p8c
# Knuth tree, 1.4 MiB of JSON: about 24).
PARSED_BYTES_PER_FILE_BYTE = 32
# Bytes the walk holds per secret: its printed form, its place in the lists of
# the levels, its turns (measured with tracemalloc on 5p8c: about 100).
VERIFY_BYTES_PER_SECRET = 256

# A JSON string, or an unterminated one running to the end of the text (the parser stops
# there, so nothing after it can nest). Every string that starts matches in one pass:
# nothing in the pattern can backtrack, so removing the strings is linear in the text.
_JSON_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)', re.DOTALL)


class TreeFormatError(ValueError):
    """The input is not a readable strategy tree."""


class TreeDefect(Exception):
    """The tree is readable but wrong; the message says where and how."""


def json_depth(data: bytes) -> int:
    """How deeply arrays and objects nest in JSON text, found in linear time without parsing."""
    brackets = _JSON_STRING.sub(b"", data).translate(None, delete=bytes(set(range(256)) - set(b"[]{}")))
    if not brackets:
        return 0
    codes = np.frombuffer(brackets, dtype=np.uint8)
    opens = (codes == ord("[")) | (codes == ord("{"))
    steps = opens.astype(np.int8) * 2 - 1  # +1 for an opening bracket, -1 for a closing one
    return int(np.cumsum(steps, dtype=np.int32).max())


def _no_duplicate_keys(pairs):
    seen = {}
    for key, value in pairs:
        if key in seen:
            raise TreeDefect(f"an object has the key {key!r} twice, so one of them would be ignored")
        seen[key] = value
    return seen


def estimate_verify_bytes(game: Game) -> int:
    """Bytes of memory verifying a tree of `game` needs (the tree itself aside)."""
    return game.size * VERIFY_BYTES_PER_SECRET


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
    # Is every guess one of the secrets that reach its node (still possible where it is played)?
    guesses_all_possible: bool = False
    possible_guesses_required: bool = False  # was that checked as a rule (the file claims it, or asked)?

    def describe(self) -> str:
        strategy = f" {self.strategy}" if self.strategy else ""
        rule = "; every guess a secret still possible" if self.possible_guesses_required else ""
        return (
            f"OK: {self.game.name}{strategy} tree from {self.first_guess}: all {self.secrets:,} secrets "
            f"won in {self.nodes:,} nodes; total turns {self.total_turns:,}, max {self.max_turns}, "
            f"histogram {', '.join(str(n) for n in self.histogram)}{rule}"
        )


def _too_large(path: Path) -> TreeFormatError:
    return TreeFormatError(f"{path} is larger than {format_gib(MAX_TREE_FILE_BYTES)}, the most verify reads")


GZIP_MAGIC = b"\x1f\x8b"


def _gunzip_bounded(raw: bytes, path: Path) -> bytes:
    """The gzip file's text, refused past MAX_TREE_FILE_BYTES unpacked (a small file can unpack
    to far more: it is unpacked only that far)."""
    unpacker = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)  # gzip header and trailer
    try:
        text = unpacker.decompress(raw, MAX_TREE_FILE_BYTES + 1)
        if len(text) > MAX_TREE_FILE_BYTES:
            raise TreeFormatError(f"{path} unpacks to more than {format_gib(MAX_TREE_FILE_BYTES)}, "
                                  "the most verify reads")
        if not unpacker.eof:
            raise TreeFormatError(f"{path} is a gzip file cut short")
    except zlib.error as error:
        raise TreeFormatError(f"{path} is not a readable gzip file: {error}") from None
    return text


def verify_tree_file(path: "str | Path", possible_guesses: bool = False) -> VerifyReport:
    """Read and check a tree file, JSON or gzipped JSON; TreeFormatError if it cannot be read,
    TreeDefect if wrong (`possible_guesses`: see verify_tree)."""
    path = Path(path)
    try:
        with path.open("rb") as handle:
            # A regular file's size is known before a byte is read: too large, it stays unread.
            # A pipe's is not: it is read to at most one byte over the limit.
            status = os.fstat(handle.fileno())
            if stat.S_ISREG(status.st_mode) and status.st_size > MAX_TREE_FILE_BYTES:
                raise _too_large(path)
            raw = handle.read(MAX_TREE_FILE_BYTES + 1)
    except OSError as error:
        raise TreeFormatError(f"cannot read {path}: {(error.strerror or str(error)).lower()}") from None
    if len(raw) > MAX_TREE_FILE_BYTES:
        raise _too_large(path)
    if raw[:2] == GZIP_MAGIC:  # data/optimal_trees/*.json.gz, or `--tree FILE.gz`
        raw = _gunzip_bounded(raw, path)
    require_fits(len(raw) * PARSED_BYTES_PER_FILE_BYTE, host_memory_available(), "memory",
                 f"reading the {len(raw):,}-byte tree {path}")
    depth = json_depth(raw)
    if depth > MAX_JSON_DEPTH:
        raise TreeFormatError(f"{path} nests {depth:,} levels deep; a tree file nests at most {MAX_JSON_DEPTH}")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise TreeFormatError(f"{path} is not UTF-8 text: {error.reason} at byte {error.start}") from None
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicate_keys)
    except json.JSONDecodeError as error:
        raise TreeFormatError(f"{path} is not JSON: {error}") from None
    except (RecursionError, ValueError) as error:  # nesting the scan missed; an integer too long
        raise TreeFormatError(f"{path} is not a readable tree: {str(error).splitlines()[0]}") from None
    return verify_tree(data, possible_guesses)


def verify_tree(data: dict, possible_guesses: bool = False) -> VerifyReport:
    """Check the parsed JSON of a `solve --tree` file and return what was recomputed.

    `possible_guesses`: also require every guess to be one of the secrets still possible where
    it is played. A tree whose file says `"possible_guesses": true` (`optimal --possible-guesses`)
    is held to that rule whatever this says."""
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
        if key in data and _whole(data[key], key) != actual:
            raise TreeDefect(f"{key} says {data[key]!r} but game {game.name} has {actual}")
    require_fits(estimate_verify_bytes(game), host_memory_available(), "memory",
                 f"verifying a tree of {game.name} ({game.size:,} secrets)")
    claimed = data.get("possible_guesses", False)
    if not isinstance(claimed, bool):
        raise TreeFormatError(f"possible_guesses says {_short(claimed)}, neither true nor false")
    required = bool(possible_guesses) or claimed

    turns, nodes, first_impossible = _walk(game, data["tree"])
    if required and first_impossible is not None:
        guess, reach, path = first_impossible
        said = "the tree file says every guess is a secret still possible, but " if claimed else ""
        raise TreeDefect(f"{said}the guess {guess} {_where(path)} is not one of the {reach:,} secrets "
                         "still possible there")
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
        guesses_all_possible=first_impossible is None,
        possible_guesses_required=required,
    )


def every_secret(game: Game) -> list[str]:
    """Every codeword of the game, printed, in index order (enumerated from the rules:
    without repeats, only the words whose colors all differ)."""
    colors = COLOR_CHARS[: game.colors]
    words = ("".join(chars) for chars in itertools.product(colors, repeat=game.pins))
    if game.norepeat:
        return [word for word in words if len(set(word)) == game.pins]
    return list(words)


def _whole(value, what: str) -> int:
    """`value` if it is a JSON integer; TreeFormatError if not a number, TreeDefect if not whole."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TreeFormatError(f"{what} is {_short(value)}, not a number")
    if isinstance(value, float):
        raise TreeDefect(f"{what} is {value!r}, not a whole number" if math.isfinite(value)
                         else f"{what} is {value!r}, not a finite number")
    return value


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _where(path: list[str]) -> str:
    if not path:
        return "at the root"
    if len(path) > 8:  # a hostile tree can be thousands of moves deep: keep the message one short line
        return f"after {' '.join(path[:3])} ... ({len(path) - 6} more) ... {' '.join(path[-3:])}"
    return f"after {' '.join(path)}"


def _node_fields(node, path: list[str]) -> tuple[str, int | None, dict]:
    """(guess, games or None, branches) of one node, or TreeFormatError."""
    if not isinstance(node, dict):
        raise TreeFormatError(f"the node {_where(path)} is not an object")
    guess = node.get("guess")
    if not isinstance(guess, str):
        raise TreeFormatError(f"the node {_where(path)} has no guess string")
    games = node.get("games")
    if games is not None:
        games = _whole(games, f"the games count of the node {_where(path)}")
    branches = node.get("next", {})
    if not isinstance(branches, dict):
        raise TreeFormatError(f"the node {_where(path)} has a 'next' that is not an object")
    return guess, games, branches


def _plain_number(text: str) -> "int | None":
    """The value of `text` if it is a number written as the tree writer writes one
    (ASCII digits, no sign, no leading zero), else None: so no two texts mean one number."""
    if not (text.isascii() and text.isdigit()) or (len(text) > 1 and text[0] == "0") or len(text) > 20:
        return None
    return int(text)


def _score_key(key: str, pins: int, black_only: bool = False) -> "tuple[int, int] | None":
    """The score a branch key names, or None if it names none that this game can produce.

    Only the form `solve --tree` writes is read ("1,0", never "01,0" or other digits),
    so two keys of one node can never name the same score.
    """
    parts = key.split(",")
    if len(parts) != 2:
        return None
    black, white = _plain_number(parts[0]), _plain_number(parts[1])
    if black is None or white is None:
        return None
    if black + white > pins or (black == pins - 1 and white == 1) or (black_only and white):
        return None
    return black, white


def subtree_turns(game: Game, tree, secrets: "list[str]") -> tuple[dict[str, int], bool]:
    """Play `secrets` (printed codewords: the secrets still possible where the subtree starts)
    down a subtree: ({secret: turns from its root, its guess counted}, whether every guess is
    one of the secrets reaching its node); TreeFormatError or TreeDefect if it does not win
    each of them. How a checkpoint's part is checked against the value it claims."""
    turns, _nodes, first_impossible = _walk(game, tree, secrets)
    return turns, first_impossible is None


def _walk(game: Game, root, secrets: "list[str] | None" = None
          ) -> tuple[dict[str, int], int, "tuple[str, int, list[str]] | None"]:
    """Play every secret (or those of `secrets`) down the tree: {secret: turns}, the number of
    nodes, and the first guess (depth first) that is not one of the secrets reaching its node,
    as (guess, how many reach it, path), None if there is none; or TreeDefect."""
    pins = game.pins
    win = (pins, 0)
    allowed = set(COLOR_CHARS[: game.colors])
    turns: dict[str, int] = {}
    nodes = 0
    first_impossible = None
    # Depth first, children in file order: (node, secrets reaching it, moves so far).
    start = every_secret(game) if secrets is None else list(secrets)
    stack = [(root, start, [])]
    while stack:
        node, secrets, path = stack.pop()
        nodes += 1
        guess, games, branches = _node_fields(node, path)
        turn = len(path) + 1
        if len(guess) != pins or not set(guess) <= allowed or (game.norepeat and len(set(guess)) < pins):
            raise TreeDefect(f"the guess {guess!r} {_where(path)} is not a codeword of {game.name}")
        if games is not None and games != len(secrets):
            raise TreeDefect(
                f"node {guess} {_where(path)} says {games} games, but {len(secrets)} secrets reach it"
            )
        groups: dict[tuple[int, int], list[str]] = {}
        for secret in secrets:
            groups.setdefault(reference_score_under(secret, guess, game.black_only), []).append(secret)
        won = groups.pop(win, [])
        for secret in won:
            turns[secret] = turn
        if not won and first_impossible is None:  # only the guess itself scores the win
            first_impossible = (guess, len(secrets), path)
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
            score = _score_key(key, pins, game.black_only)
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
    if len(turns) != len(start):  # cannot happen when every branch is checked; kept as a guard
        never = next(s for s in start if s not in turns)
        raise TreeDefect(f"secret {never} is never won")
    return turns, nodes, first_impossible


def _check_summary(data: dict, turns: dict[str, int]) -> list[int]:
    """Compare the summary with the recomputed figures; the recomputed histogram, or TreeDefect."""
    total = sum(turns.values())
    worst = max(turns.values())
    histogram = [0] * worst
    for t in turns.values():
        histogram[t - 1] += 1
    if _whole(data["total_turns"], "total_turns") != total:
        raise TreeDefect(f"total_turns says {data['total_turns']}, recomputed {total}")
    if _whole(data["max_turns"], "max_turns") != worst:
        raise TreeDefect(f"max_turns says {data['max_turns']}, recomputed {worst}")
    claimed = data["turn_histogram"]
    if not isinstance(claimed, dict):
        raise TreeFormatError("turn_histogram is not an object of turns to game counts")
    claimed_counts: dict[int, int] = {}
    for key, count in claimed.items():
        key = str(key)
        if not key.strip().isdigit():
            raise TreeFormatError(f"turn_histogram entry {_short(key)}: {_short(count)} is not turns: games")
        turn = _plain_number(key)
        if turn is None:
            raise TreeDefect(f"turn_histogram key {_short(key)} is not written as a plain turn number "
                             "(ASCII digits, no leading zero), so it could repeat another key")
        claimed_counts[turn] = _whole(count, f"turn_histogram entry {key}")
    for t in sorted(set(claimed_counts) | set(range(1, worst + 1))):
        said = claimed_counts.get(t, 0)
        actual = histogram[t - 1] if 1 <= t <= worst else 0
        if said != actual:
            raise TreeDefect(f"turn_histogram says {said} games won in {t} turns, recomputed {actual}")
        if not 1 <= t <= worst:
            raise TreeDefect(f"turn_histogram has an entry for {t} turns, outside 1..{worst}")
    if "average_turns" in data:
        average = total / len(turns)
        claimed_average = data["average_turns"]
        if (isinstance(claimed_average, bool) or not isinstance(claimed_average, (int, float))
                or not math.isfinite(claimed_average) or abs(claimed_average - average) > 5e-6):
            raise TreeDefect(f"average_turns says {_short(claimed_average)}, recomputed {average:.6f}")
    return histogram
