"""The seed's published figures beside mmlib's own, read from data/.

`SEED_FIGURES` holds what the seed documents report (the inputs: figures as
printed in shared/REFERENCE.md and seeds/Mastermind_on_the_GPU.md, with where
each comes from). `comparison_rows` puts mmlib's figures for the same game,
strategy, opening and case-equivalence setting beside them, read from
data/results.csv (turns, scores) and data/benchmarks.csv (times, and the games
too big for the sweep, such as 7p7c), and says whether they agree. Where they
do not, the input's `reason` says why. `python -m mmlib seed-data comparison`
writes the rows to data/seed_comparison.csv; `load_seed_comparison` reads it.
"""

from __future__ import annotations

from pathlib import Path

from ..core.files import DATA_DIR
from ..core.games import Game

SEED_COMPARISON_CSV = DATA_DIR / "seed_comparison.csv"

COLUMNS = ("game", "strategy", "first_guess", "case_equivalence", "seed_source",
           "seed_total_turns", "seed_max_turns", "seed_scores", "seed_seconds", "seed_machine",
           "mmlib_total_turns", "mmlib_max_turns", "mmlib_scores", "mmlib_seconds", "mmlib_machine",
           "mmlib_source", "agreement", "reason", "mmlib_date", "mmlib_engine")

_REF = REFERENCE_FIGURES = "REFERENCE.md, figures to reproduce"
_GPU = "Mastermind_on_the_GPU.md, Some Numbers"
_ANCHOR = "REFERENCE.md, performance anchors (seed's C++ CPU solver, built and run on this machine type)"
_GPU_ANCHOR = "REFERENCE.md, performance anchors (seed's CUDA solver: about 0.018 s each)"
_CPU_MACHINE = "2-core AMD EPYC, seed's single-threaded C++"
# The sources whose times do not say whether the seed had case equivalence on: REFERENCE.md's 5p8c
# figure for the seed's CUDA solver ("about 0.018 s each"). Its rows are filed under "on", mmlib's
# default, but that solver turns case equivalence on only above 400,000 codewords
# (Mastermind_on_the_GPU.md, Case Equivalence Optimization), and the figure itself does not say; so
# the tables set mmlib's time both ways beside it (`tables.seed_times_table`).
CE_NOT_STATED = frozenset({"REFERENCE.md, performance anchors (seed's CUDA solver: about 0.018 s each)"})
_FLOAT_ENTROPY = ("the seed ranks Entropy in float32 with fast math, which breaks ties between equal "
                  "entropies differently; mmlib's integer ranks are exact")

# What the seed documents report (inputs). None: not reported.
SEED_FIGURES = (
    # game, strategy, first guess, case equivalence, source, total, max, scores, seconds, machine, reason
    ("4p6c", "knuth", "1122", "off", _REF, 5801, 5, None, None, "", ""),
    ("4p6c", "knuth", "1123", "off", _REF, 5803, 6, None, None, "", ""),
    ("4p6c", "most-parts", "1123", "off", _REF, 5668, 6, None, None, "", ""),
    ("4p6c", "most-parts", "1122", "off", _REF, 5728, 6, None, None, "", ""),
    ("4p6c", "expected-size", "1123", "off", _REF, 5696, 6, None, None, "", ""),
    ("4p6c", "expected-size", "1122", "off", _REF, 5764, 5, None, None, "", ""),
    ("4p6c", "entropy", "1234", "off", _REF, 5722, 6, None, None, "", ""),
    ("4p6c", "entropy", "1123", "off", _REF, 5680, 6, None, None, "", ""),
    ("4p6c", "entropy", "1123", "off", "REFERENCE.md: the seed's GPU solver publishes", 5683, None, None,
     None, "", _FLOAT_ENTROPY),
    ("7p7c", "knuth", "", "on", _GPU, None, None, 1_688_549_605_473, 2.6222, "RTX 4090, CUDA", ""),
    ("7p7c", "knuth", "", "off", _GPU, None, None, 2_594_858_890_338, 3.5283, "RTX 4090, CUDA", ""),
    ("5p8c", "knuth", "11223", "on", _GPU_ANCHOR, None, None, None, 0.018, "RTX 4090, CUDA", ""),
    ("5p8c", "most-parts", "11223", "on", _GPU_ANCHOR, None, None, None, 0.018, "RTX 4090, CUDA", ""),
    ("5p8c", "expected-size", "11223", "on", _GPU_ANCHOR, None, None, None, 0.018, "RTX 4090, CUDA", ""),
    ("5p8c", "entropy", "11223", "on", _GPU_ANCHOR, None, None, None, 0.018, "RTX 4090, CUDA", ""),
    ("5p8c", "knuth", "11223", "on", _ANCHOR, None, None, None, 4.53, _CPU_MACHINE, ""),
    ("5p8c", "most-parts", "11223", "on", _ANCHOR, None, None, None, 5.0, _CPU_MACHINE, ""),
    ("5p8c", "expected-size", "11223", "on", _ANCHOR, None, None, None, 4.5, _CPU_MACHINE, ""),
    ("5p8c", "entropy", "11223", "on", _ANCHOR, None, None, None, 5.7, _CPU_MACHINE, ""),
    ("6p6c", "knuth", "111234", "on", _ANCHOR, None, None, None, 15.7, _CPU_MACHINE, ""),
    ("6p6c", "most-parts", "", "on", _ANCHOR, None, None, None, 18.4, _CPU_MACHINE, ""),
    ("6p6c", "expected-size", "112233", "on", _ANCHOR, None, None, None, 15.3, _CPU_MACHINE, ""),
    ("6p6c", "entropy", "111223", "on", _ANCHOR, None, None, None, 13.5, _CPU_MACHINE, ""),
)


def _text(value) -> str:
    return "" if value is None else str(value)


def comparison_rows(data_dir: "str | Path | None" = None) -> list[dict]:
    """One row per entry of SEED_FIGURES, mmlib's figures read from `data_dir` (default data/)."""
    from .first_guess import read_rows

    data = Path(data_dir) if data_dir is not None else DATA_DIR
    results = read_rows(data / "results.csv")
    benchmarks = read_rows(data / "benchmarks.csv")
    winners = {(r["game"], r["strategy"]): r["best_max"] for r in read_rows(data / "first_guesses.csv")}
    rows = []
    # A figure the seed measured on a GPU is set beside mmlib's cpu backend and, where
    # data/benchmarks.csv holds one, its cuda backend too: one row each.
    entries = [(entry, backend) for entry in SEED_FIGURES
               for backend in (("cpu", "cuda") if "CUDA" in entry[9] else ("cpu",))]
    for (game, strategy, opening, ce, source, total, worst, scores, seconds, machine, reason), backend in entries:
        row = {"game": game, "strategy": strategy, "case_equivalence": ce, "seed_source": source,
               "seed_total_turns": _text(total), "seed_max_turns": _text(worst),
               "seed_scores": _text(scores), "seed_seconds": _text(seconds), "seed_machine": machine}
        bench = _latest_benchmark(benchmarks, game, strategy, ce, opening, backend)
        if backend == "cuda" and bench is None:
            continue  # no GPU measurement of it yet
        first = opening or (bench["first_guess"] if bench else winners.get((game, strategy), ""))
        row["first_guess"] = first
        mine = _mmlib_figures(results, bench, game, strategy, first, ce)
        row.update({key: _text(value) for key, value in mine.items()})
        pairs = {"total": (total, mine["mmlib_total_turns"]), "max": (worst, mine["mmlib_max_turns"]),
                 "scores": (scores, mine["mmlib_scores"])}
        compared = [name for name, (seed_value, _mine) in pairs.items() if seed_value is not None]
        differs = [name for name in compared if pairs[name][0] != pairs[name][1]]
        if not compared:
            row["agreement"] = "times only"
        elif differs:
            row["agreement"] = "differs: " + ", ".join(differs)
        else:
            row["agreement"] = "equal: " + ", ".join(compared)
        row["reason"] = reason if differs else ""
        rows.append(row)
    return rows


def _mmlib_figures(results, bench, game, strategy, first, ce) -> dict:
    """mmlib's total, max and scores (with `ce` on or off) for the game, strategy and opening."""
    out = {"mmlib_total_turns": None, "mmlib_max_turns": None, "mmlib_scores": None,
           "mmlib_seconds": None, "mmlib_machine": "", "mmlib_source": "", "mmlib_date": "",
           "mmlib_engine": ""}
    sources = []
    row = next((r for r in results if (r["game"], r["strategy"], r["first_guess"]) == (game, strategy, first)),
               None)
    if row is not None:
        out["mmlib_total_turns"], out["mmlib_max_turns"] = int(row["total_turns"]), int(row["max_turns"])
        on = row["case_equivalence"] == "on"
        if ce == "on" and on:
            out["mmlib_scores"] = int(row["scores"])
        elif ce == "off":
            out["mmlib_scores"] = int(row["scores"]) + int(row["scores_saved"])
        sources.append("results.csv")
    if bench is not None:
        if out["mmlib_total_turns"] is None and bench.get("total_turns"):
            out["mmlib_total_turns"] = int(bench["total_turns"])
            out["mmlib_max_turns"] = int(bench["max_turns"]) if bench.get("max_turns") else None
        if out["mmlib_scores"] is None:
            out["mmlib_scores"] = int(bench["scores"])
        out["mmlib_seconds"] = float(bench["median_s"])
        out["mmlib_machine"] = (f"{bench['device']}, mmlib cuda backend" if bench["backend"] == "cuda"
                                else f"{bench['cores']}-core {bench['cpu_model']}, mmlib {bench['backend']} "
                                     f"backend, {bench['threads']} threads")
        sources.append(f"benchmarks.csv {bench['date']}")
        # When and with which engine version mmlib's seconds were measured (benchmarks.csv's provenance).
        out["mmlib_date"], out["mmlib_engine"] = bench.get("date", ""), bench.get("engine", "")
    out["mmlib_source"] = "; ".join(sources)
    return out


def _latest_benchmark(benchmarks, game, strategy, ce, opening, backend="cpu") -> "dict | None":
    """The latest row of data/benchmarks.csv of `backend` for the game, strategy and setting (and
    opening), measured in-process (a cluster's rows are its own comparison)."""
    found = [r for r in benchmarks
             if (r["game"], r["strategy"], r["backend"], r["case_equivalence"]) == (game, strategy, backend, ce)
             and (not opening or r["first_guess"] == opening) and not r.get("scheduler")]
    return found[-1] if found else None


def load_seed_comparison(path: "str | Path | None" = None):
    """data/seed_comparison.csv as a DataFrame (the table notebook 6 shows)."""
    import pandas as pd

    path = Path(path) if path is not None else SEED_COMPARISON_CSV
    frame = pd.read_csv(path, dtype=str, keep_default_na=False)
    frame["codewords"] = [Game.parse(name).size for name in frame["game"]]
    return frame
