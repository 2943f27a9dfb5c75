"""Draw a strategy tree with matplotlib alone.

`StrategyTree.to_dot()` gives GraphViz text, but rendering it needs the `dot`
program, which a fresh machine with only Python lacks; this draws the same tree
(left to right: one box per region with its guess and its games, edges
labelled with the score that led there) from the tree's node arrays.
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


def strategy_tree_figure(tree: StrategyTree, max_depth: "int | None" = None, title: "str | None" = None) -> Figure:
    """The strategy tree, left to right: a box per region (guess, games), edges labelled b,w."""
    shown, x, y = tree_layout(tree, max_depth)
    if len(shown) > MAX_DRAWN_NODES:
        raise ValueError(
            f"the tree of {tree.game.name} has {len(shown)} nodes to draw, more than {MAX_DRAWN_NODES}: "
            "pass a smaller max_depth"
        )
    leaves = int(np.nanmax(y)) + 1
    levels = int(x[shown].max()) + 1
    fig = Figure(figsize=(1.2 + 1.9 * levels, max(2.5, 0.8 + 0.3 * leaves)), layout="constrained")
    ax = fig.subplots()
    top = leaves - 1
    for node in shown[1:]:
        parent = tree.parent[node]
        ax.plot([x[parent], x[node]], [top - y[parent], top - y[node]], color="0.6", lw=0.8, zorder=1)
        black, white = ordinal_to_score(int(tree.edge_score[node]), tree.game)
        # The score sits on its edge, nearer the child, where sibling edges have spread apart.
        along = 0.62
        label_x = x[parent] + along * (x[node] - x[parent])
        label_y = top - (y[parent] + along * (y[node] - y[parent]))
        ax.text(label_x, label_y, format_score(black, white), ha="center", va="center",
                fontsize=7, color="#08519c", zorder=3,
                bbox=dict(boxstyle="round,pad=0.1", fc="white", ec="none"))
    for node in shown:
        games = int(tree.games[node])
        solved = games == 1  # a region of one game: its guess is the secret
        label = f"{tree.game.format_codeword(tree.guess[node])}" + ("" if solved else f"  ({games})")
        ax.text(x[node], top - y[node], label, ha="center", va="center", fontsize=8, family="monospace",
                zorder=4, bbox=dict(boxstyle="round,pad=0.25", fc="#c7e9c0" if solved else "#deebf7",
                                    ec="#31a354" if solved else "#3182bd", lw=0.8))
    ax.set_xlim(-0.5, levels - 0.5)
    ax.set_ylim(-0.7, top + 0.7)
    ax.set_xticks(range(levels), [str(level + 1) for level in range(levels)])
    ax.set_yticks([])
    for side in ("left", "right", "top"):
        ax.spines[side].set_visible(False)
    ax.set_xlabel("turn (guess played; blue: the region's games in brackets, green: a single game, won)")
    ax.set_title(title or f"Strategy tree of {tree.game.name} ({tree.game.size:,} games)", fontsize=11)
    return fig
