"""Draw a strategy tree with matplotlib alone.

`StrategyTree.to_dot()` gives GraphViz text, but rendering it needs the `dot`
program, which a fresh machine with only Python lacks; this draws the same tree
(left to right: one box per region with its guess and its games, edges
labelled with the score that led there) from the tree's node arrays. Notebook 5
calls a box's secrets a region (of secrets); notebook 8, whose exact search splits
the possible secrets into parts, draws the same boxes as parts (of secrets):
`strategy_tree_figure(..., part="part", member="secret")`.
"""

from __future__ import annotations

import numpy as np
from matplotlib.figure import Figure

from ..core.results import StrategyTree
from ..core.scoring import format_score, ordinal_to_score

MAX_DRAWN_NODES = 400  # beyond this the labels overlap whatever the figure size


def tree_layout(tree: StrategyTree, max_depth: "int | None" = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(shown, x, y): the nodes drawn and their positions.

    x is the node's depth; leaves get y = 0, 1, 2, ... top to bottom in score
    order, and each parent sits at the middle of its children.
    """
    limit = int(tree.depth.max()) if max_depth is None else int(max_depth)
    if limit < 0:
        raise ValueError(f"max_depth must be at least 0, got {max_depth}")
    kids = tree.children()
    x = tree.depth.astype(np.float64)
    y = np.full(len(tree), np.nan)
    next_leaf = 0
    # Iterative post-order walk: y of a parent needs the y of its children first.
    stack = [(0, False)]
    while stack:
        node, children_done = stack.pop()
        below = [k for k in kids[node] if tree.depth[k] <= limit]
        if not below:
            y[node] = next_leaf
            next_leaf += 1
        elif children_done:
            y[node] = (y[below[0]] + y[below[-1]]) / 2
        else:
            stack.append((node, True))
            stack.extend((k, False) for k in reversed(below))
    shown = np.flatnonzero(np.isfinite(y))
    return shown, x, y


FONT_POINTS = 9  # boxes and scores: readable at 100% zoom
CHAR_INCHES = 0.602 * FONT_POINTS / 72  # a character's width in DejaVu Sans Mono, matplotlib's monospace
PAD_INCHES = 0.25 * FONT_POINTS / 72  # a box's padding (boxstyle pad=0.25, in font sizes) on each side
LEAF_INCHES = 0.34  # vertical room per leaf: one box and its score


def _box_text(tree: StrategyTree, node: int) -> str:
    games = int(tree.games[node])
    return tree.game.format_codeword(tree.guess[node]) + ("" if games == 1 else f" ({games:,})")


# The turn axis's label: what its ticks number.
TURN_AXIS_LABEL = "turn t (the boxes above it play the t-th guess)"


def tree_legend(part: str = "region", member: str = "game", one_member_boxes: bool = True) -> list[str]:
    """The legend under a drawn tree, one item a line, each a sentence: how a turn's scores split the
    boxes (the regions after turn t, as notebook 5's tables and figures call them), what a blue box,
    a blue label and a green box are. `part`: the word for a box's secrets (notebook 5's 'region',
    notebook 8's 'part'); `member`: the word for one of them ('game', 'secret')."""
    lines = [f"The scores of turn t split each box above it into the {part}s after turn t.",
             f"Blue box: a {part}, with the guess played there and (how many {member}s it holds).",
             f"Blue label: the score that leads to that {part}.",
             f"A {member} that the box's guess finds is counted in the box but has no branch."]
    if one_member_boxes:
        lines.append(f"Green box: a {part} of one {member}, found by its guess.")
    return lines


def strategy_tree_figure(tree: StrategyTree, max_depth: "int | None" = None, title: "str | None" = None,
                         part: str = "region", member: str = "game") -> Figure:
    """The strategy tree, left to right: a box per region (guess, games), and each score on the
    last, horizontal stretch of the edge that leads to its box, so that no score sits in the fan of
    edges at a parent and each one is read beside the box it leads to. The legend under it
    (`tree_legend`, left aligned) names a box's secrets `part` ('region' or 'part') of `member`s
    ('game' or 'secret')."""
    shown, x, y = tree_layout(tree, max_depth)
    if len(shown) > MAX_DRAWN_NODES:
        raise ValueError(
            f"the tree of {tree.game.name} has {len(shown)} nodes to draw, more than {MAX_DRAWN_NODES}: "
            "pass a smaller max_depth"
        )
    leaves = int(np.nanmax(y)) + 1
    levels = int(x[shown].max()) + 1
    texts = {int(node): _box_text(tree, int(node)) for node in shown}
    scores = {}
    for node in shown[1:]:
        black, white = ordinal_to_score(int(tree.edge_score[node]), tree.game)
        scores[int(node)] = str(black) if tree.game.black_only else format_score(black, white)
    box_inches = max(len(t) for t in texts.values()) * CHAR_INCHES + 2 * PAD_INCHES
    score_inches = (max(map(len, scores.values())) * CHAR_INCHES + 0.15) if scores else 0
    # One level: a box, then the vertical run of the edges (0.3 in), then the score before the next box.
    level_inches = box_inches + 0.3 + score_inches + 0.15
    margin_inches = box_inches / 2 + 0.15
    width = level_inches * (levels - 1) + 2 * margin_inches
    one_member = bool((tree.games[shown] == 1).any())
    legend = tree_legend(part, member, one_member)
    below, above = 0.45 + 0.19 * (len(legend) + 1), 0.45  # turn axis, its label and the legend (a line each); title
    height = max(2.5, below + above + LEAF_INCHES * leaves)
    fig = Figure(figsize=(max(width, 4.5), height))
    # Axes placed by hand, one level exactly `level_inches` wide, so that the boxes' widths (known
    # in inches from their text) fix where each edge starts and ends.
    left = (fig.get_figwidth() - width) / 2 / fig.get_figwidth()
    ax = fig.add_axes((left, below / height, width / fig.get_figwidth(), 1 - (below + above) / height))
    top = leaves - 1

    def half_box(node: int) -> float:  # half a box's width, in levels
        return (len(texts[node]) * CHAR_INCHES + 2 * PAD_INCHES) / 2 / level_inches

    for node in shown[1:]:
        node = int(node)
        parent = int(tree.parent[node])
        bend = x[parent] + (box_inches / 2 + 0.15) / level_inches  # past the widest parent box
        start = x[parent] + half_box(parent)
        end = x[node] - half_box(node)
        ax.plot([start, bend, bend, end], [top - y[parent], top - y[parent], top - y[node], top - y[node]],
                color="0.6", lw=0.8, zorder=1)
        ax.text(end - 0.07 / level_inches, top - y[node], scores[node], ha="right", va="center",
                fontsize=FONT_POINTS, color="#08519c", zorder=3,
                bbox=dict(boxstyle="round,pad=0.1", fc="white", ec="none"))
    for node in shown:
        solved = int(tree.games[node]) == 1  # a region of one game: its guess is the secret
        ax.text(x[node], top - y[node], texts[int(node)], ha="center", va="center", fontsize=FONT_POINTS,
                family="monospace", zorder=4,
                bbox=dict(boxstyle="round,pad=0.25", fc="#c7e9c0" if solved else "#deebf7",
                          ec="#31a354" if solved else "#3182bd", lw=0.8))
    margin = margin_inches / level_inches
    ax.set_xlim(-margin, levels - 1 + margin)
    ax.set_ylim(-0.7, top + 0.7)
    ax.set_xticks(range(levels), [str(level + 1) for level in range(levels)])
    ax.set_yticks([])
    for side in ("left", "right", "top"):
        ax.spines[side].set_visible(False)
    ax.set_xlabel(TURN_AXIS_LABEL, fontsize=FONT_POINTS)
    # The legend, one item a line, left aligned under the axis label; a narrow tree (two levels) widens
    # its figure as the notebook draws it (the inline backend's tight bounding box), cutting nothing off.
    fig.text(left, (below - 0.45 - 0.12) / height, "\n".join(legend), fontsize=FONT_POINTS, ha="left", va="top")
    ax.set_title(title or f"Strategy tree of {tree.game.name} ({tree.game.size:,} games)", fontsize=11)
    return fig
