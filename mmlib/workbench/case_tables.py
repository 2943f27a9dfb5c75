"""The tables of notebook 3 (symmetry and case equivalence), computed here so the notebook only
calls them: the regions on a game's path with their Zero and Free colors, the guesses each strategy
picks from all codewords and from the class representatives, the closed form of |ACr| against the
seed's sizes and against counting, and the summary of both example paths.

Sets of colors read as a person writes them: {1, 2} (color k + 1 for bit k of a mask), "none" for
the empty set, and "{6}*" for a set of one color, which allows no swap and counts as none; a table
with such a cell says so under it (`ONE_COLOR_NOTE`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..core.case_equivalence import (
    PUBLISHED_ACR_SIZES, acr_candidates, acr_size, color_mask, possible_zero_free,
    region_color_sets,
)
from ..core.games import Game
from ..core.next_guess import choose_next_guess
from ..core.scoring import format_score, packed_score, score_ordinals, score_to_ordinal
from ..core.strategies import Strategy
from .tables import ReadableTable, readable


ONE_COLOR_MARK = "*"
ONE_COLOR_NOTE = f"{ONE_COLOR_MARK} A set of one color allows no swap, so it counts as none."


def color_set(colors) -> str:
    """A set of zero-based colors as a reader writes it: {1, 2}; "none" when empty; a set of one
    color as "{6}*", the star said under the table (`with_one_color_note`)."""
    colors = sorted(int(c) for c in colors)
    if not colors:
        return "none"
    written = "{" + ", ".join(str(c + 1) for c in colors) + "}"
    return written + ONE_COLOR_MARK if len(colors) == 1 else written


def with_one_color_note(frame: pd.DataFrame, note: str = "") -> str:
    """`note`, and after it `ONE_COLOR_NOTE` if a cell of `frame` (or `note` itself) holds a set of one
    color ("{6}*")."""
    starred = ONE_COLOR_MARK in note or any(str(cell).endswith("}" + ONE_COLOR_MARK)
                                            for column in frame.columns for cell in frame[column])
    return " ".join(part for part in (note, ONE_COLOR_NOTE if starred else "") if part)


ONE_SECRET_NOTE = "|PS| 1: the one secret left is played directly, so that region's ACr is never searched."


def with_one_secret_note(sizes, note: str = "") -> str:
    """`note`, and after it `ONE_SECRET_NOTE` if a region of |PS| `sizes` holds one secret (its |ACr|
    is shown but never searched)."""
    return " ".join(part for part in (note, ONE_SECRET_NOTE if any(int(n) == 1 for n in sizes) else "") if part)


def mask_set(mask: int) -> str:
    """A color mask (bit k is color k + 1) as a set: {1, 2}, or "none"."""
    return color_set(k for k in range(int(mask).bit_length()) if mask >> k & 1)


@dataclass
class PathRegion:
    """One region on a game's path: the guesses played to reach it, the score of the last one, its
    possible secrets, its Zero and Free colors (as sets, before a set of one color counts as empty,
    and as the masks the search uses) and |ACr|."""

    secret: str
    played: list
    score: str
    ps: np.ndarray
    zero: set
    free: set
    masks: tuple
    acr: int

    @property
    def zero_free_counts(self) -> tuple[int, int]:
        """(|Zero|, |Free|) as the search counts them (a set of one color as none)."""
        return self.masks[0].bit_count(), self.masks[1].bit_count()


def path_regions(game: Game, secret: str, path) -> list[PathRegion]:
    """The regions the game against `secret` passes through when `path` (codeword strings, the
    winning guess last) is played: one after each guess but the winning one."""
    secret_index = game.parse_codeword(secret)
    ps, played, regions = np.arange(game.size), [], []
    for guess in path:
        guess_index = game.parse_codeword(guess)
        played.append(guess_index)
        score = packed_score(game, secret_index, guess_index)
        ps = ps[score_ordinals(game, guess_index, ps) == score_to_ordinal(*score, game.pins)]
        if score == (game.pins, 0):
            break
        zero, free = region_color_sets(game, ps, played)
        masks = (color_mask(zero) if len(zero) > 1 else 0, color_mask(free) if len(free) > 1 else 0)
        regions.append(PathRegion(secret, list(path[:len(played)]), format_score(*score), ps, zero, free, masks,
                                  len(acr_candidates(game, *masks))))
    return regions


def path_regions_table(regions: "list[PathRegion]", columns: "list[str] | None" = None) -> ReadableTable:
    """A row per region: the guesses played, the last score, |PS|, Zero, Free, |ACr|. A Zero set that
    stays the same along the path is said once, under the table, instead of in every row. With
    `columns`, the table shows just those columns, in that order, and says nothing of the ones left
    out (the star of a set of one color is still explained under it)."""
    frame = pd.DataFrame([{"played": " ".join(r.played), "score": r.score, "|PS|": len(r.ps),
                           "Zero": color_set(r.zero), "Free": color_set(r.free), "|ACr|": r.acr}
                          for r in regions])
    note = ""
    if columns is not None:
        frame = frame[list(columns)]
    elif len(frame) > 1 and frame["Zero"].nunique() == 1:
        note = f"Zero is {frame['Zero'].iloc[0]} in every region of this path."
        frame = frame.drop(columns=["Zero"])
    note = with_one_secret_note([len(r.ps) for r in regions], note)
    return readable(frame, note=with_one_color_note(frame, note))


def same_guess_table(game: Game, regions: "list[PathRegion]") -> ReadableTable:
    """For each region of three secrets or more: the guess each strategy picks searching all
    codewords (AC) and searching the class representatives (ACr), written once where the two
    agree ("differ" otherwise), and the scores each search computes (the same for every strategy,
    "differ" otherwise)."""
    def one_number(values: set):
        return values.pop() if len(values) == 1 else "differ"

    rows = []
    for region in regions:
        if len(region.ps) < 3:  # one or two secrets: the first is played, no search
            continue
        row = {"secret": region.secret, "played": " ".join(region.played), "score": region.score,
               "|PS|": len(region.ps)}
        plain_costs, reduced_costs = set(), set()
        for strategy in Strategy:
            everyone, plain_cost = choose_next_guess(game, strategy, region.ps)
            reduced, reduced_cost = choose_next_guess(game, strategy, region.ps,
                                                      candidates=acr_candidates(game, *region.masks))
            row[strategy.title] = game.format_codeword(everyone) if everyone == reduced else "differ"
            plain_costs.add(plain_cost)
            reduced_costs.add(reduced_cost)
        rows.append({**row, "scores computed over AC": one_number(plain_costs),
                     "scores computed over ACr": one_number(reduced_costs)})
    return readable(pd.DataFrame(rows))


def published_acr_table(sizes=PUBLISHED_ACR_SIZES) -> ReadableTable:
    """The seed's |ACr| sizes, (pins, colors, |Zero|, |Free|, |ACr|) rows (by default
    `case_equivalence.PUBLISHED_ACR_SIZES`, which no table of data/ holds: the notebook passes it by
    name), beside the closed form's. Their source is said once, in the notebook's prose above the table."""
    rows = [(f"{pins}p{colors}c", zero, free, size, acr_size(pins, colors, zero, free))
            for pins, colors, zero, free, size in sizes]
    frame = pd.DataFrame(rows, columns=["game", "|Zero|", "|Free|", "seed's |ACr|", "closed form"])
    return readable(frame)


def path_acr_map(game: Game, regions: "list[PathRegion]"):
    """The |ACr| map of `game` (`plots.acr_sizes_figure`) with the (|Zero|, |Free|) cell of each of
    `regions` framed, and the key naming them: "framed: the 3456 path after 1122 (2 Zero, 4 Free)
    and after 1122 3345 (2 Zero, Free {6}*, which counts as none, so column 0)", the counts as the
    search takes them: a set of one color is named, starred as the Vocabulary writes it, with the row
    or column 0 it is drawn in."""
    from .plots import acr_sizes_figure

    def counts(region: PathRegion) -> str:
        said = []
        for colors, count, kind, line in ((region.zero, region.zero_free_counts[0], "Zero", "row"),
                                          (region.free, region.zero_free_counts[1], "Free", "column")):
            if len(colors) == 1:
                said.append(f"{kind} {{{next(iter(colors)) + 1}}}*, which counts as none, so {line} 0")
            else:
                said.append(f"{count} {kind}")
        return ", ".join(said)

    secrets = sorted({region.secret for region in regions})
    places = [f"after {' '.join(region.played)} ({counts(region)})" for region in regions]
    label = f"framed: the {' and '.join(secrets)} path{'s' if len(secrets) > 1 else ''} " + (
        " and\n".join(places) if len(places) > 1 else places[0])
    return acr_sizes_figure(game, marked=[region.zero_free_counts for region in regions], marked_label=label)


def closed_form_against_count(games) -> ReadableTable:
    """For each game, every (|Zero|, |Free|) pair that can occur once a guess is played: the closed
    form against counting the codewords that pass the class-representative predicate (the highest
    colors Zero, the next ones down Free; which colors does not matter); and the state before the
    first guess (no Zero, every color Free, the map's dashed cell), by the closed form and by count."""
    rows = []
    for name in games:
        game = Game.parse(name)
        pairs = possible_zero_free(game.colors)
        agree = 0
        for zero, free in pairs:
            zero_mask = color_mask(range(game.colors - zero, game.colors))
            free_mask = color_mask(range(game.colors - zero - free, game.colors - zero))
            agree += acr_size(game.pins, game.colors, zero, free) == len(acr_candidates(game, zero_mask, free_mask))
        first = (acr_size(game.pins, game.colors, 0, game.colors),
                 len(acr_candidates(game, 0, color_mask(range(game.colors)))))
        rows.append((game.name, len(pairs), agree, *first))
    # Short headers ("pairs": the (|Zero|, |Free|) pairs once a guess is played; "first guess": the
    # state before it); the notebook's sentence above the table says so.
    return readable(pd.DataFrame(rows, columns=["game", "pairs", "pairs agreeing",
                                                "first guess: closed form", "first guess: count"]))


def paths_summary_table(game: Game, paths: "dict[str, list[PathRegion]]", turns: "int | None" = None) -> ReadableTable:
    """The state before the first guess (every color Free), then the regions of each path (of its
    first `turns` turns; None: all of them), grouped by path: the guesses played, the score of the
    last one (written b,w, as every table writes a score), |PS|, Zero, Free and |ACr|. The note
    under the table explains the star of a set of one color, if a cell has one."""
    every = set(range(game.colors))
    rows = [{"secret": "any", "played": "nothing yet", "score": "—", "|PS|": game.size, "Zero": "none",
             "Free": color_set(every), "|ACr|": acr_size(game.pins, game.colors, 0, game.colors, game.norepeat)}]
    for secret, regions in paths.items():
        for region in regions[:turns]:
            rows.append({"secret": secret, "played": " ".join(region.played), "score": region.score,
                         "|PS|": len(region.ps), "Zero": color_set(region.zero), "Free": color_set(region.free),
                         "|ACr|": region.acr})
    frame = pd.DataFrame(rows)
    return readable(frame, note=with_one_color_note(frame, with_one_secret_note(frame["|PS|"])))
