"""Figures for notebook 8 (exact optimal strategies).

Like every mmlib figure, each function returns a matplotlib `Figure` with a
title and labelled axes, built without pyplot, and draws a one-line note
instead of failing when its table has no rows yet.
"""

from __future__ import annotations

import textwrap

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from ..core.optimal.config import PARALLEL_MIN_CODEWORDS
from ..core.strategies import Strategy
from .plots import STRATEGY_COLORS
from .plots_results import _empty_note


# One hollow marker shape and size per strategy, drawn one inside the other (Knuth's the largest),
# so that strategies at the same point (every one at zero on the small games) all stay visible.
STRATEGY_MARKERS = {Strategy.KNUTH: "o", Strategy.EXPECTED_SIZE: "s", Strategy.ENTROPY: "^",
                    Strategy.MOST_PARTS: "D"}
STRATEGY_MARKER_SIZES = {Strategy.KNUTH: 12, Strategy.EXPECTED_SIZE: 9, Strategy.ENTROPY: 6.5,
                         Strategy.MOST_PARTS: 4.5}


def heuristic_gap_figure(gaps: pd.DataFrame, max_codewords: int = 1296, label_games=("3p8c", "4p6c")) -> Figure:
    """Extra average turns of each strategy (its best opening by total) over the optimum, against
    the game size: one hollow marker shape and size per strategy, nested, so that none hides
    another. A dotted line marks `max_codewords` (the boards the notebook's answer covers); each board
    of `label_games` is named beside its best strategy's gap, ringed, and the largest gap of all at its
    point, as is the largest gap on the boards of at most `max_codewords` codewords."""
    fig = Figure(figsize=(8.5, 4.6), layout="constrained")
    ax = fig.subplots()
    if gaps.empty:
        _empty_note(ax, "no game is in both data/optimal.csv and data/results.csv yet")
    for strategy in Strategy:
        rows = gaps[gaps["strategy"] == strategy.label].sort_values("codewords")
        # The boards past the dotted line paler: 3p11c (1,331 codewords) sits on the line beside 4p6c
        # (1,296), and its markers must not pass for those of a board of the answer.
        for part, alpha, label in ((rows[rows["codewords"] <= max_codewords], 1.0, strategy.title),
                                   (rows[rows["codewords"] > max_codewords], PALER, "_nolegend_")):
            if len(part):
                ax.plot(part["codewords"], part["gap_per_game"], STRATEGY_MARKERS[strategy], markerfacecolor="none",
                        markeredgecolor=STRATEGY_COLORS[strategy], markeredgewidth=1.2, label=label, alpha=alpha,
                        markersize=STRATEGY_MARKER_SIZES[strategy], linestyle="none")
    ax.set_xscale("log")
    ax.set_xlabel("board size (codewords, log scale)")
    ax.set_ylabel("extra turns per game over the optimum")
    ax.set_title("How far each strategy (its best opening by total) is from the optimal strategy")
    ax.axhline(0, color="0.5", lw=0.8)
    if len(gaps):
        top = gaps["gap_per_game"].max()
        ax.set_ylim(-0.1 * top, top * 1.2)  # room under the zero line for a name (4p6c's)
        ax.axvline(max_codewords, color="0.4", lw=0.8, ls=":")
        ax.text(max_codewords * 0.93, top * 1.13, f"at most {max_codewords:,} codewords \u2190", ha="right",
                va="center", fontsize=9, color="0.3")
        larger = gaps.loc[gaps["codewords"] > max_codewords, "codewords"]
        if len(larger):  # the other side of the line says where it starts
            ax.text(max_codewords * 1.08, top * 1.13, f"\u2192 {int(larger.min()):,} or more, paler",
                    ha="left", va="center", fontsize=9, color="0.3")
        best = gaps.loc[gaps.groupby("game")["gap_per_game"].idxmin()].set_index("game")
        for game in (game for game in label_games if game in best.index):
            row = best.loc[game]
            point = (row["codewords"], row["gap_per_game"])
            # A black ring around the point, and its name just beside it, up and to the left (where a
            # board left of the dotted line) or down and to the right (on the line), with a short line
            # that ends at the ring: the reader sees which marker is meant.
            ax.plot(*point, "o", markersize=17, markerfacecolor="none", markeredgecolor="black",
                    markeredgewidth=1.3, zorder=5)
            right = row["codewords"] >= max_codewords
            ax.annotate(f"{game}: best of the four, {row['gap_per_game']:.3f}", point,
                        xytext=(14, -30) if right else (-14, 44), textcoords="offset points",
                        ha="left" if right else "right", va="center", fontsize=9,
                        arrowprops={"arrowstyle": "-", "color": "0.2", "lw": 0.8, "shrinkA": 2, "shrinkB": 8.5})
        worst = gaps.loc[gaps["gap_per_game"].idxmax()]
        title = Strategy.parse(worst["strategy"]).title
        ax.legend(fontsize=9, loc="upper left", bbox_to_anchor=(0, 0.93))
        # The largest gap of all, named in free space beside its point with a line to it (`label_points`),
        # on its own side of the dotted line. The next board past the line sits almost on it (3p11c,
        # 1,331 codewords, beside 1,296): its largest gap is named with its size, so that no reader
        # takes it for a board of the answer.
        named = [(f"{worst['game']}: {title}, {worst['gap_per_game']:.3f}", worst["codewords"], worst["gap_per_game"])]
        beyond = gaps[gaps["codewords"] > max_codewords]
        if len(beyond) and beyond["codewords"].min() < max_codewords * NEAR_THE_LINE:
            near = beyond[beyond["codewords"] == beyond["codewords"].min()]
            row = near.loc[near["gap_per_game"].idxmax()]
            if row["game"] != worst["game"]:
                named.append((f"{row['game']} ({int(row['codewords']):,} codewords): "
                              f"{Strategy.parse(row['strategy']).title}, {row['gap_per_game']:.3f}",
                              row["codewords"], row["gap_per_game"]))
        # The largest gap on the boards of the answer (the gap table's largest per game) is named at its
        # point too, so that the reader finds its board in the figure.
        answer = gaps[gaps["codewords"] <= max_codewords]
        if len(answer):
            row = answer.loc[answer["gap_per_game"].idxmax()]
            if row["game"] != worst["game"] and row["game"] not in label_games:
                named.append((f"{row['game']}: {Strategy.parse(row['strategy']).title}, {row['gap_per_game']:.3f}",
                              row["codewords"], row["gap_per_game"]))
        if named:
            label_points(fig, ax, named)
    return fig


# The opacity of the markers of the boards past the dotted line of `heuristic_gap_figure`.
PALER = 0.45
# A board less than this factor past the dotted line of `heuristic_gap_figure` is drawn on it, to the eye.
NEAR_THE_LINE = 1.1


COST_LABELS = ("4p6c", "4p7c", "4p8c", "6p4c", "5p2c", "5p3c", "8p2c")
# One hollow marker shape per pin count: points of two pin counts at one board size (4p8c and 6p4c at
# 4,096 codewords, 2p8c, 3p4c and 6p2c at 64) stay visible one over the other.
PIN_MARKERS = {2: "o", 3: "s", 4: "^", 5: "D", 6: "v", 7: "p", 8: "h"}


def search_cost_figure(optimal_frame: pd.DataFrame, benchmarks: "pd.DataFrame | None" = None,
                       label_games=COST_LABELS) -> Figure:
    """Positions searched and seconds of the exact search (objective total, no limit) against game
    size, as data/optimal.csv records them: only the rows of one machine and the newest engine
    version among them (`data_tables.one_machine_one_engine`; positions searched change with the
    engine too), named in the title, the rest counted in a note that names their boards. One
    full-width panel each (nodes above, seconds below), one line per pin count, each with its own
    hollow marker, the legend under the panels. With `benchmarks`, the latest optimal benchmark of
    each game of the same rule set(s), machine and engine version (data/benchmarks.csv) is marked
    beside the seconds by a hollow star, the point under it still seen. The games of `label_games`
    are named in both panels, each name in free space near its point with a line to it
    (`label_points`)."""
    from ..core.games import Game
    from ..studies.data_tables import latest_rows, one_machine_one_engine

    fig = Figure(figsize=(9, 8.5), layout="constrained")
    nodes_ax, seconds_ax = fig.subplots(2, 1, sharex=True)
    rows = optimal_frame[(optimal_frame["objective"] == "total") & optimal_frame["max_turns_limit"].isna()]
    timings = one_machine_one_engine(rows)
    rows = timings.rows.sort_values("codewords")
    floors = {"nodes": 1, "seconds": 1e-3}  # a proof under the clock's resolution sits at the floor
    for ax, column, label in ((nodes_ax, "nodes", "positions searched"), (seconds_ax, "seconds", "seconds")):
        if rows.empty:
            _empty_note(ax, "data/optimal.csv has no timing of a recorded machine and engine yet")
            continue
        for pins, group in rows.groupby("pins"):
            ax.plot(group["codewords"], group[column].clip(lower=floors[column]), "-",
                    marker=PIN_MARKERS.get(int(pins), "o"), markerfacecolor="none", markeredgewidth=1.2,
                    label=f"{pins} pins", markersize=6)
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_ylabel(f"{label} (log scale)")
        # Room above the highest point and right of the largest board, inside the frame, for names.
        high = max(rows[column].max(), floors[column])
        ax.set_ylim(top=high * (25 if column == "nodes" else 4))
        ax.set_xlim(right=rows["codewords"].max() * 4)
    nodes_ax.set_title("Positions searched", fontsize=11)
    seconds_ax.set_title("Wall time of one search", fontsize=11)
    seconds_ax.set_xlabel("board size (codewords, log scale)")
    starred = {}  # game -> the seconds of its benchmark's star
    starred_nodes = {}  # game -> the positions its benchmark searched
    if benchmarks is not None and len(benchmarks) and len(rows):
        rules = set(rows["game"].map(lambda name: Game.parse(name).rules))
        optimal_rows = benchmarks[(benchmarks["strategy"] == "optimal")
                                  & benchmarks["game"].map(lambda name: Game.parse(name).rules in rules)]
        same = one_machine_one_engine(optimal_rows, machine=timings.machine)
        timed = latest_rows(same.rows, ("game",)) if same.engine == timings.engine else same.rows.iloc[0:0]
        starred = dict(zip(timed["game"], timed["median_s"]))
        starred_nodes = {game: int(n) for game, n in zip(timed["game"], timed["nodes"]) if pd.notna(n)}
        if len(timed):
            # Hollow and drawn under the lines: the table's point of the same board shows inside it.
            seconds_ax.plot(timed["codewords"], timed["median_s"], "*", color="#d62728", markersize=17,
                            markerfacecolor="none", markeredgewidth=1.1, zorder=1.5,
                            label="latest benchmark (data/benchmarks.csv, median)")
    handles, labels = seconds_ax.get_legend_handles_labels()
    if handles:
        fig.legend(handles, labels, loc="outside lower center", ncols=min(len(handles), 5), fontsize=10)
    commits = timings.commits()
    caption = timings.caption() + (f", mmlib {commits}" if commits else "")
    fig.suptitle("The cost of the exact search, objective total (data/optimal.csv)\n"
                 + textwrap.fill(caption, 110), fontsize=11)
    left_out = timings.left_out_note(consequence="their positions and seconds are not drawn")
    if left_out:
        left_out += f" The boards left out: {_board_list(timings.left_out)}."
        nodes_ax.text(0.01, 0.97, textwrap.fill(left_out, 80), transform=nodes_ax.transAxes,
                      ha="left", va="top", fontsize=9, color="0.3")
    if len(rows) and rows["codewords"].max() >= PARALLEL_MIN_CODEWORDS:
        # Which points are searched in one process and which in worker processes, one per core.
        for ax in (nodes_ax, seconds_ax):
            ax.vlines(PARALLEL_MIN_CODEWORDS, 0, 1, transform=ax.get_xaxis_transform(), colors="0.45",
                      linestyles=":", linewidth=1.1, zorder=0.5)  # a collection: the lines stay one per pin count
        seconds_ax.text(PARALLEL_MIN_CODEWORDS * 1.06, 0.03, f"{PARALLEL_MIN_CODEWORDS:,} codewords or more:\n"
                        "worker processes, one per core \u2192", transform=seconds_ax.get_xaxis_transform(),
                        ha="left", va="bottom", fontsize=9, color="0.3")
        seconds_ax.text(PARALLEL_MIN_CODEWORDS / 1.06, 0.03, "\u2190 one process", ha="right", va="bottom",
                        transform=seconds_ax.get_xaxis_transform(), fontsize=9, color="0.3")
    if len(rows):
        from .tables import recorded_seconds

        named = rows[rows["game"].isin(label_games)]
        # Each name with its value, and in the seconds panel its benchmark's: points at one board size
        # (4p8c, its benchmark and 6p4c, all near 7 s at 4,096 codewords) are told apart by their values.
        # A board searched by worker processes searches other positions in another run (the order the
        # workers finish changes it): where its benchmark's count differs, the name gives both.
        nodes_names = {row["game"]: f"{row['game']}: {int(row['nodes']):,}"
                       + (f"\nbenchmark {starred_nodes[row['game']]:,}"
                          if starred_nodes.get(row["game"], int(row["nodes"])) != int(row["nodes"]) else "")
                       for _, row in named.iterrows()}
        seconds_names = {row["game"]: f"{row['game']}: {recorded_seconds(row['seconds'])} s"
                         + (f", benchmark {recorded_seconds(starred[row['game']])} s" if row["game"] in starred else "")
                         for _, row in named.iterrows()}
        for ax, column, names in ((nodes_ax, "nodes", nodes_names), (seconds_ax, "seconds", seconds_names)):
            label_points(fig, ax, [(names[row["game"]], row["codewords"], max(row[column], floors[column]))
                                   for _, row in named.iterrows()])
    return fig


def _board_list(rows: pd.DataFrame) -> str:
    """'4p9c, 5p6c and 4p10c': the boards of `rows`, smallest first, each once."""
    order = rows.sort_values("codewords", kind="stable") if "codewords" in rows.columns else rows
    boards = list(dict.fromkeys(order["game"].astype(str)))
    return boards[0] if len(boards) == 1 else ", ".join(boards[:-1]) + " and " + boards[-1]


# Where `label_points` tries a name around its point: the distance from the point to the name's
# near edge (points), nearest first, and the directions (degrees), up and to the left first.
LABEL_DISTANCES = (14, 20, 28, 38, 50, 64, 80, 98, 118, 140)
LABEL_ANGLES = (135, 90, 45, 180, 0, 225, 270, 315, 112, 158, 68, 22, 202, 248, 292, 338,
                101, 124, 146, 169, 191, 214, 236, 259, 281, 304, 326, 349, 11, 34, 56, 79)
SAME_PLACE_PT = 6  # points closer than this (a marker's width) are one place to a reader


def _drawn_marks(fig, ax, renderer):
    """What a name must not cover in `ax`, in pixels: the lines drawn (paths) and the markers on
    them (boxes), and the texts already there (boxes)."""
    from matplotlib.path import Path
    from matplotlib.transforms import Bbox

    paths, boxes = [], []
    for line in ax.get_lines():
        xy = ax.transData.transform(line.get_xydata())
        if line.get_linestyle() not in ("None", "none", "", " ") and len(xy) > 1:
            paths.append(Path(xy))
        if line.get_marker() not in (None, "None", "none", "", " "):
            r = line.get_markersize() * fig.dpi / 72 / 2 + 1
            boxes += [Bbox.from_extents(x - r, y - r, x + r, y + r) for x, y in xy]
    texts = [t.get_window_extent(renderer) for t in ax.texts if t.get_text()]
    return paths, boxes, texts


def label_points(fig, ax, points, fontsize: float = 9) -> list:
    """Name each point of `points` ((name, x, y) in data coordinates) in `ax`: the name goes in the
    nearest place around its point that covers no line, no marker, no other name and no text of the
    axes and stays inside the frame, with a thin line from the name to its point (the annotation's
    anchor is the point itself). Places are tried nearest first (`LABEL_DISTANCES`, `LABEL_ANGLES`);
    where none is free, the one that covers least. The figure's layout is settled first, and the
    names are kept out of it, so that the places stay where they were computed. Returns the
    annotations."""
    import math

    from matplotlib.transforms import Bbox

    fig.draw_without_rendering()
    renderer = fig._get_renderer()
    frame = ax.get_window_extent(renderer).padded(-3)
    paths, boxes, taken = _drawn_marks(fig, ax, renderer)
    points_px = {name: tuple(ax.transData.transform((x, y))) for name, x, y in points}
    named = list(points_px.values())
    px_per_pt = fig.dpi / 72
    placed = []
    for name, x, y in points:
        px, py = points_px[name]
        probe = ax.text(0, 0, name, fontsize=fontsize)
        extent = probe.get_window_extent(renderer)
        probe.remove()
        w, h = extent.width + 4, extent.height + 2
        # Markers closer than a marker's width to the point sit at the same place (4p8c and 6p4c at
        # 7 s): the name's line may end among them.
        same = SAME_PLACE_PT * px_per_pt
        others = [o for o in boxes if math.hypot((o.x0 + o.x1) / 2 - px, (o.y0 + o.y1) / 2 - py) > same]
        best, best_cost = None, None
        for distance in LABEL_DISTANCES:
            for angle in LABEL_ANGLES:
                dx, dy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
                cx = px + dx * (distance * px_per_pt + w / 2)
                cy = py + dy * (distance * px_per_pt + h / 2)
                box = Bbox.from_bounds(cx - w / 2, cy - h / 2, w, h)
                cost = 0 if frame.contains(box.x0, box.y0) and frame.contains(box.x1, box.y1) else 100
                cost += 10 * sum(path.intersects_bbox(box, filled=False) for path in paths)
                cost += 10 * sum(box.overlaps(other) for other in boxes + taken)
                # The line to the name (drawn towards its middle) passes over no other marker or name.
                cost += sum(_segment_meets(other, (px, py), (cx, cy)) for other in others + taken)
                # Nearer its own point than any other named point (the reader pairs a name with what is
                # nearest, 4p8c's with 6p4c's point just above it) and, where it can, than any marker.
                near = _distance(box, (px, py))
                cost += 10 * sum(_distance(box, point) < near for point in named
                                 if math.hypot(point[0] - px, point[1] - py) > same)
                cost += 3 * sum(_distance(box, ((o.x0 + o.x1) / 2, (o.y0 + o.y1) / 2)) < near for o in others)
                if best_cost is None or cost < best_cost:
                    best, best_cost = (cx - px, cy - py, box), cost
                if cost == 0:
                    break
            if best_cost == 0:
                break
        offset_x, offset_y, box = best
        note = ax.annotate(name, (x, y), xytext=(offset_x / px_per_pt, offset_y / px_per_pt),
                           textcoords="offset points", ha="center", va="center", fontsize=fontsize, color="0.1",
                           arrowprops={"arrowstyle": "-", "color": "0.2", "lw": 0.8, "shrinkA": 1, "shrinkB": 3})
        note.set_in_layout(False)  # the layout the places were computed for stays as it is
        taken.append(box)
        placed.append(note)
    return placed


def _distance(box, point) -> float:
    """Pixels from `point` to the nearest edge of `box` (0 inside it)."""
    x, y = point
    return float(np.hypot(max(box.x0 - x, 0, x - box.x1), max(box.y0 - y, 0, y - box.y1)))


def _segment_meets(box, start, end, steps: int = 12) -> bool:
    """Whether the segment from `start` to `end` (pixels) passes through `box`."""
    return any(box.contains(start[0] + (end[0] - start[0]) * k / steps, start[1] + (end[1] - start[1]) * k / steps)
               for k in range(1, steps + 1))


def _thousands(ax) -> None:
    """Tick labels of the y axis with thousands separators (5,000), as the bars' labels write them."""
    from matplotlib.ticker import FuncFormatter

    ax.yaxis.set_major_formatter(FuncFormatter(lambda value, _pos: f"{value:,.0f}"))


def optimum_against_heuristics_figure(gaps: pd.DataFrame, game: str, optimal_opening: str | None = None) -> Figure:
    """One game: each strategy's fewest total turns (from its best opening by total, named under its
    bar) beside the optimum (its opening, `optimal_opening`, named under its bar where given)."""
    fig = Figure(figsize=(6.5, 3.8), layout="constrained")
    ax = fig.subplots()
    rows = gaps[gaps["game"] == game]
    if rows.empty:
        _empty_note(ax, f"{game} is not in both data/optimal.csv and data/results.csv")
        ax.set_title(f"{game}: total turns")
        ax.set_axis_off()  # no bars: ticks from 0 to 1 would mean nothing
        return fig
    labels = ["Optimal" if optimal_opening is None else f"Optimal\n{optimal_opening}"]
    totals, colors = [int(rows["optimal_total"].iloc[0])], ["0.3"]
    for strategy in Strategy:
        row = rows[rows["strategy"] == strategy.label]
        if len(row):
            labels.append(f"{strategy.title}\n{row['first_guess'].iloc[0]}")
            totals.append(int(row["heuristic_total"].iloc[0]))
            colors.append(STRATEGY_COLORS[strategy])
    bars = ax.bar(labels, totals, color=colors)
    for bar, total in zip(bars, totals):
        above = "" if total == totals[0] else f"\n+{100 * (total / totals[0] - 1):.1f}%"
        ax.text(bar.get_x() + bar.get_width() / 2, bar.get_height(), f"{total:,}{above}", ha="center",
                va="bottom", fontsize=9)
    # From zero, so that a gap of a few percent looks like one; the numbers on the bars give it exactly.
    ax.set_ylim(0, max(totals) * 1.2)
    _thousands(ax)
    ax.set_xlabel("strategy and its best opening by total")
    ax.set_ylabel("total turns over every secret")
    gap = max(totals) / totals[0] - 1
    ax.set_title(f"{game}: all four strategies reach the optimum" if gap == 0 else
                 f"{game}: the optimum and the four strategies (the furthest {100 * gap:.1f}% above it)",
                 fontsize=10)
    return fig


def openings_figure(openings: pd.DataFrame, game: str) -> Figure:
    """One game: the optimal total with each first guess fixed (data/optimal_openings.csv), in total
    turns over every secret, with the turns each opening loses against the best one."""
    fig = Figure(figsize=(7, 3.8), layout="constrained")
    ax = fig.subplots()
    rows = openings[openings["game"] == game]
    ax.set_title(f"{game}: best play after each first guess (+: turns lost in all against the best)")
    ax.set_xlabel("first guess (its class: the number of codewords like it)")
    ax.set_ylabel("total turns over every secret")
    if rows.empty:
        _empty_note(ax, f"data/optimal_openings.csv has no rows for {game}")
        return fig
    labels = [f"{r.opening}\n({int(r.codewords):,})" for r in rows.itertuples()]
    colors = ["#55a868" if best else "0.6" for best in rows["best"]]
    bars = ax.bar(labels, rows["total_turns"], color=colors)
    for bar, row in zip(bars, rows.itertuples()):
        note = "best" if row.best else f"+{int(row.extra_turns):,}"
        ax.text(bar.get_x() + bar.get_width() / 2, bar.get_height(), f"{int(row.total_turns):,}\n{note}",
                ha="center", va="bottom", fontsize=9)
    # From zero, so that a bar's height is its value; the labels give the turns each opening loses.
    ax.set_ylim(0, rows["total_turns"].max() * 1.2)
    _thousands(ax)
    return fig


def strategy_loss_by_turn_figure(losses) -> Figure:
    """Turns lost against the optimum on each turn, one line per strategy (`StrategyLoss`es of
    one game, from `mmlib.studies.strategy_loss`): where each strategy's gap comes from. Each
    strategy has its own marker, its points set a little apart, so that equal losses stay visible."""
    fig = Figure(figsize=(7, 4.2), layout="constrained")
    ax = fig.subplots()
    game = losses[0].game.name if losses else ""
    offsets = {strategy: 0.06 * (i - 1.5) for i, strategy in enumerate(Strategy)}
    for loss in losses:
        turns = loss.by_turn()
        ax.plot(turns["turn"] + offsets[loss.strategy], turns["turns_lost"] / loss.game.size,
                marker=STRATEGY_MARKERS[loss.strategy], color=STRATEGY_COLORS[loss.strategy],
                markerfacecolor="none", markeredgewidth=1.2, markersize=6,
                label=f"{loss.strategy.title} ({loss.first_guess}): {loss.loss_per_game:.3f} turns per game in all")
    if not losses:
        _empty_note(ax, "no strategy given")
    ax.set_title(f"{game}: where each strategy loses turns against the best possible play")
    ax.set_xlabel("turn")
    ax.set_ylabel("turns lost per game on that turn")
    ax.axhline(0, color="0.5", lw=0.8)
    if losses:
        top = max(float((loss.by_turn()["turns_lost"] / loss.game.size).max()) for loss in losses)
        ax.set_ylim(-0.05 * top, top * 1.55)  # room above the lines for the legend
        ax.legend(fontsize=9, loc="upper right")
    return fig
