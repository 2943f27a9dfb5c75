"""`images`: regenerate the README's plots in images/ from the notebooks' figure functions.

`IMAGES` is the registry: (file name, function returning a Figure). Add a figure
by appending a pair; every function must draw from `mmlib` alone, quickly (the
whole command runs in seconds), with no argument.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from ..core.files import IMAGES_DIR, check_writable_directory, write_atomically
from ..core.outputs import check_outputs
from ..core.games import shown

DEFAULT_OUT = IMAGES_DIR
DPI = 100


def _score_distribution():
    from ..workbench.plots import score_distribution_figure

    return score_distribution_figure("4p6c", "1122")


def _first_guess_partitions():
    from ..workbench.plots import first_guess_partition_figure

    return first_guess_partition_figure("4p6c")


def _turn_histograms():
    from ..workbench.plots import PUBLISHED_FIRST_GUESSES_4P6C, turn_histograms_figure
    from ..core.solve import solve

    # The reference backend is the specification, so its turns are every
    # backend's turns; for 4p6c it needs no compiling and takes about a second.
    results = [solve("4p6c", strategy, backend="reference", first_guess=guess)
               for strategy, guess in PUBLISHED_FIRST_GUESSES_4P6C.items()]
    return turn_histograms_figure(results)


def _score_matrix():
    from ..workbench.plots import score_matrix_figure

    return score_matrix_figure("3p3c")


def _ordinal_grid():
    from ..workbench.plots import ordinal_grid_figure

    return ordinal_grid_figure(5)


def _region_sizes():
    from ..workbench.plots_results import region_sizes_figure
    from ..core.solve import solve

    # Case equivalence off: the plain scores notebook 5 explains; reference needs no compiling.
    return region_sizes_figure(solve("4p6c", "knuth", backend="reference", first_guess="1122",
                                     case_equivalence="off"))


def _strategy_tree():
    from ..core.solve import solve
    from ..workbench.tree_render import strategy_tree_figure

    result = solve("3p3c", "knuth", backend="reference", first_guess="112")
    return strategy_tree_figure(result.tree, title="Strategy tree of 3p3c (27 games), Knuth")


def _average_turns_heatmap():
    from ..studies.data_tables import best_max_rows, load_results
    from ..workbench.plots_results import results_heatmap_figure

    return results_heatmap_figure(best_max_rows(load_results().frame), "average_turns", "knuth")


def _acr_sizes():
    from ..workbench.plots import acr_sizes_figure

    return acr_sizes_figure("4p6c")


IMAGES: list[tuple[str, Callable]] = [
    ("score_distribution_4p6c_1122.png", _score_distribution),
    ("first_guess_partitions_4p6c.png", _first_guess_partitions),
    ("turn_histograms_4p6c.png", _turn_histograms),
    ("score_matrix_3p3c.png", _score_matrix),
    ("score_ordinals_5_pins.png", _ordinal_grid),
    ("acr_sizes_4p6c.png", _acr_sizes),
    ("region_sizes_4p6c_knuth.png", _region_sizes),
    ("strategy_tree_3p3c_knuth.png", _strategy_tree),
    ("average_turns_knuth.png", _average_turns_heatmap),
]


def save_figure(figure, path: Path) -> None:
    """Save as PNG to a temporary name beside `path`, then rename it into place."""
    write_atomically(path, lambda temporary: figure.savefig(temporary, format="png", dpi=DPI))


def write_images(out: "str | Path" = DEFAULT_OUT, only: "list[str] | None" = None) -> list[Path]:
    """Draw and save every registered image (or those named in `only`); return the paths."""
    check_images(only)
    out = check_writable_directory(out)
    check_outputs(files=[out / name for name, _ in IMAGES if not only or name in only])  # before drawing
    written = []
    for name, draw in IMAGES:
        if only and name not in only:
            continue
        path = out / name
        save_figure(draw(), path)
        written.append(path)
    return written


def check_images(only: "list[str] | None") -> None:
    """ValueError naming the first of `only` that is not a registered image."""
    known = [name for name, _ in IMAGES]
    for name in only or []:
        if name not in known:
            raise ValueError(f"unknown image {shown(name)}: choose from {', '.join(known)}")


def register(subparsers):
    p = subparsers.add_parser("images", help="regenerate the README plots (PNG) in images/")
    p.add_argument("--out", default=str(DEFAULT_OUT), metavar="DIR",
                   help="folder to write to (default: images/ of the repository)")
    p.add_argument("--only", nargs="+", metavar="NAME", help="just these files, e.g. turn_histograms_4p6c.png")
    p.add_argument("--list", action="store_true", help="list the registered images and exit")
    p.set_defaults(handler=run_images)


def run_images(args) -> int:
    check_images(args.only)
    if args.list:
        for name, _ in IMAGES:
            if not args.only or name in args.only:
                print(name)
        return 0
    for path in write_images(args.out, args.only):
        print(path)
    return 0
