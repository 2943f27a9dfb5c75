"""A picture of one turn of the `cuda` backend, drawn with matplotlib alone (notebook 5).

The turn has two phases (see `mmlib.core.solver_cuda`): Phase 1 scores every secret in play against its
region's guess and regroups the secrets into regions with a counting sort; Phase 2 chooses one guess per region, where
the big regions are searched with one GPU thread per candidate guess, each thread counting subset
sizes in its own slice of the block's shared memory, and two reductions (in the block, then over
blocks) keep the best candidate. The figure shows that flow on the left and one thread block of the
search on the right.
"""

from __future__ import annotations

from matplotlib.figure import Figure
from matplotlib.patches import FancyArrowPatch, FancyBboxPatch, Rectangle

PHASE1_COLOR, PHASE2_COLOR, SYNC_COLOR = "#c6dbef", "#fdd0a2", "#e5e5e5"

# (step, in words, what it does, phase color)
TURN_STEPS = [
    ("score and count", "each secret in play is scored against its region's guess;\ncount the secrets per bucket "
                   "(region, score ordinal)", PHASE1_COLOR),
    ("exclusive scans", "running sums: bucket counts → each bucket's first position;\nnon-empty flags → "
                        "new region numbers", PHASE1_COLOR),
    ("scatter into new regions", "offsets and lengths of the new regions;\nmove each secret not yet "
                              "found to its place", PHASE1_COLOR),
    ("host sync 1", "the CPU waits for the GPU, then reads back the secrets\nstill in play and the number of "
                    "regions", SYNC_COLOR),
    ("1-2 secrets and fully discriminating checks", "regions of 1-2 secrets play their first member; regions of 3 to\n"
                                    "p(p+3)/2 secrets (the number of scores): a member that splits them all",
     PHASE2_COLOR),
    ("host sync 2", "the CPU waits for the GPU, reads back the region lengths and\nthe guesses settled so far, "
                    "and plans the searches", SYNC_COLOR),
    ("full search, then best per region", "the rest: one thread per candidate guess,\n"
                                 "then the best candidate per region", PHASE2_COLOR),
]


def _box(ax, x, y, width, height, color, title, text=None):
    ax.add_patch(FancyBboxPatch((x, y), width, height, boxstyle="round,pad=0.02,rounding_size=0.08",
                                facecolor=color, edgecolor="0.3", linewidth=1))
    if text is None:
        ax.text(x + width / 2, y + height / 2, title, ha="center", va="center", fontsize=9,
                fontweight="bold")
    else:
        ax.text(x + 0.08, y + height - 0.12, title, ha="left", va="top", fontsize=9, fontweight="bold")
        ax.text(x + 0.08, y + height - 0.42, text, ha="left", va="top", fontsize=9)


def _arrow(ax, start, end, text=None):
    ax.add_patch(FancyArrowPatch(start, end, arrowstyle="-|>", mutation_scale=12, color="0.25",
                                 linewidth=1.1))
    if text:
        ax.text((start[0] + end[0]) / 2 + 0.08, (start[1] + end[1]) / 2, text, fontsize=9,
                va="center", color="0.25")


def _turn_flow(ax) -> None:
    """Left panel: the steps of one turn, top to bottom."""
    height, gap, width = 0.95, 0.3, 5.2
    top = len(TURN_STEPS) * (height + gap)
    for k, (title, text, color) in enumerate(TURN_STEPS):
        y = top - (k + 1) * (height + gap)
        _box(ax, 0.2, y, width, height, color, title, text)
        if k + 1 < len(TURN_STEPS):
            _arrow(ax, (0.2 + width / 2, y), (0.2 + width / 2, y - gap))
    # A bracket per phase, each around its steps, the host sync that ends it included.
    for first, last, label, color in ((0, 3, "Phase 1\nplay and\nregroup\n(counting\nsort)", "#2171b5"),
                                      (4, 6, "Phase 2\na next\nguess per\nregion", "#d94801")):
        high = top - first * (height + gap) - gap + 0.02
        low = top - (last + 1) * (height + gap) - 0.02
        ax.plot([5.5, 5.62, 5.62, 5.5], [high, high, low, low], color=color, linewidth=1.5)
        ax.text(5.72, (high + low) / 2, label, fontsize=9, va="center", color=color)
    ax.set_xlim(0, 6.6)
    ax.set_ylim(-0.1, top + 0.1)
    ax.set_title("The steps of a turn, in order", fontsize=10)
    ax.axis("off")


def _thread_block(ax, threads: int = 6, slots: int = 5) -> None:
    """Right panel: one block of the search, threads over candidates, counters in shared memory."""
    # The region's possible secrets, read by every thread.
    ax.text(0.2, 9.55, "PS of one region (its secrets, packed, in the GPU's global memory)", fontsize=9)
    for j in range(10):
        ax.add_patch(Rectangle((0.2 + 0.55 * j, 8.9), 0.5, 0.45, facecolor="#deebf7", edgecolor="0.4"))
        ax.text(0.45 + 0.55 * j, 9.12, f"s{j}", ha="center", va="center", fontsize=9)
    # Threads are numbered i (t is the turn everywhere in notebook 5).
    ax.text(6.1, 8.1, "every thread reads\nall of PS: thread i\nscores candidate\nguess $c_i$ against\n"
                      "every secret", fontsize=9, va="center")
    # One bracket under the whole of PS, and from it an arrow to each thread: each reads every secret.
    ax.plot([0.2, 0.2, 5.65, 5.65], [8.85, 8.65, 8.65, 8.85], color="0.25", linewidth=1.1)
    for i in range(threads):
        x = 0.3 + 0.95 * i
        ax.add_patch(FancyBboxPatch((x, 7.25), 0.75, 0.6, boxstyle="round,pad=0.02", facecolor="#fdae6b",
                                    edgecolor="0.3"))
        ax.text(x + 0.375, 7.55, f"thread {i}\n$c_{i}$", ha="center", va="center", fontsize=9)
        _arrow(ax, (x + 0.375, 8.65), (x + 0.375, 7.9))
        # The thread's own counters: one per score slot, in shared memory.
        for s in range(slots):
            ax.add_patch(Rectangle((x + 0.1, 4.5 + 0.5 * s), 0.55, 0.45, facecolor="#fff5eb", edgecolor="0.5"))
        _arrow(ax, (x + 0.375, 7.2), (x + 0.375, 7.0))
        ax.text(x + 0.375, 4.2, f"rank {i}", ha="center", va="center", fontsize=9)
    ax.add_patch(Rectangle((0.2, 4.35), 0.95 * threads, 2.7, fill=False, edgecolor="#d94801",
                           linestyle="--", linewidth=1.2))
    ax.text(6.1, 5.7, "shared memory:\neach thread's\ncounters, one per\nscore ordinal (a\nscore's index,\n"
                      "notebook 2), 8, 16\nor 32 bits by |PS|;\ncounter[score] += 1\nfor each secret",
            fontsize=9, va="center", color="#a63603")
    ax.text(6.1, 3.6, "rank i: how the\nstrategy values $c_i$\nfrom its counters\n(Knuth: the largest\n"
                      "count; lower is\nbetter)", fontsize=9, va="center")
    # Reduction in the block, then over blocks.
    ax.add_patch(FancyBboxPatch((0.6, 2.65), 4.9, 0.75, boxstyle="round,pad=0.02", facecolor=PHASE2_COLOR,
                                edgecolor="0.3"))
    ax.text(3.05, 3.02, "block reduction: the best of the block by rank,\nthen a member of PS, then the lower index",
            ha="center", va="center", fontsize=9)
    for i in range(threads):
        _arrow(ax, (0.675 + 0.95 * i, 4.05), (3.05, 3.45))
    ax.add_patch(FancyBboxPatch((0.6, 1.0), 4.9, 0.75, boxstyle="round,pad=0.02", facecolor=PHASE2_COLOR,
                                edgecolor="0.3"))
    ax.text(3.05, 1.37, "the best over the region's blocks\n→ the region's next guess",
            ha="center", va="center", fontsize=9)
    _arrow(ax, (3.05, 2.6), (3.05, 1.8), "one result per block")
    ax.set_xlim(0, 7.6)
    ax.set_ylim(0.6, 10.0)
    ax.set_title("One thread block of the full search", fontsize=10)
    ax.axis("off")


def gpu_turn_figure() -> Figure:
    """How the cuda backend plays a turn: the kernels in order, and one thread block of the search."""
    # One panel above the other, each the page's width, so that their 9 pt labels stay readable.
    fig = Figure(figsize=(9, 13.5), layout="constrained")
    left, right = fig.subplots(2, 1)
    _turn_flow(left)
    _thread_block(right)
    fig.suptitle("One turn of the cuda backend: a counting sort into regions, then one thread per\n"
                 "candidate guess, with counters in shared memory, and two reductions", fontsize=11)
    return fig
