"""Tables of data/ made for reading: one row per thing measured, no NaN, numbers in plain digits.

The loaders of `mmlib.studies.data_tables` give the tables as they are in data/, every run of a
benchmark included. The notebooks show these tidier views of them instead: the latest run of each
game, strategy, backend and case-equivalence setting, with text columns where a number would print as
1.7e+04 or NaN. `tests/test_notebook_tables.py` re-renders the tables a notebook stores from data/
and fails when they no longer match.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from .plots_results import KERNEL_STRATEGY, format_seconds, latest_rows

MISSING = "-"


def _int_text(value) -> str:
    return MISSING if pd.isna(value) else f"{int(value):,}"


def _text(value) -> str:
    return MISSING if pd.isna(value) or str(value) in ("", "nan") else str(value)


def _millions_per_s(value) -> str:
    return MISSING if pd.isna(value) else f"{value / 1e6:,.0f}"


def benchmark_table(benchmarks: pd.DataFrame) -> pd.DataFrame:
    """data/benchmarks.csv as a reader wants it: the latest run of each game, strategy, backend and
    case-equivalence setting (how many runs the file holds beside it), whole solves by game size
    first, then the scoring kernel timed alone."""
    columns = ["game", "strategy", "backend", "case equivalence", "first guess", "median s", "scores",
               "M scores/s", "runs in file", "machine", "date"]
    if len(benchmarks) == 0:
        return pd.DataFrame(columns=columns)
    frame = benchmarks.copy()
    if "case_equivalence" not in frame.columns:
        frame["case_equivalence"] = np.nan
    keys = ["game", "backend", "strategy", "case_equivalence"]
    runs = frame.assign(**{k: frame[k].fillna(MISSING).astype(str) for k in keys}).groupby(keys).size()
    latest = latest_rows(frame, keys)
    latest = latest.assign(kernel=latest["strategy"] == KERNEL_STRATEGY)
    latest = latest.sort_values(["kernel", "codewords", "game", "strategy", "case_equivalence", "backend"],
                                kind="stable")
    rows = []
    for _, row in latest.iterrows():
        kernel = row["kernel"]
        machine = ", ".join(t for t in (_text(row.get("cpu_model")), _text(row.get("device")))
                            if t != MISSING)
        cores = row.get("cores")
        rows.append({
            "game": row["game"],
            "strategy": "scoring kernel alone" if kernel else row["strategy"],
            "backend": row["backend"],
            "case equivalence": _text(row["case_equivalence"]),
            "first guess": _text(row.get("first_guess")),
            "median s": format_seconds(row["median_s"]) if pd.notna(row["median_s"]) else MISSING,
            "scores": _int_text(row.get("scores")),
            "M scores/s": _millions_per_s(row.get("scores_per_s")),
            "runs in file": int(runs[tuple(row[k] for k in keys)]),
            "machine": (f"{machine}, {int(cores)} cores" if pd.notna(cores) else machine) or MISSING,
            "date": _text(row.get("date"))[:10],
        })
    return pd.DataFrame(rows, columns=columns).reset_index(drop=True)


def timings_table(timings: pd.DataFrame) -> pd.DataFrame:
    """Live timings (from `time_solves`) with readable numbers: seconds, scores, millions per second."""
    return pd.DataFrame({
        "game": timings["game"],
        "codewords": [_int_text(v) for v in timings["codewords"]],
        "backend": timings["backend"],
        "median s": [format_seconds(v) for v in timings["median_s"]],
        "scores": [_int_text(v) for v in timings["scores"]],
        "M scores/s": [_millions_per_s(v) for v in timings["scores_per_s"]],
    })


def first_guess_table(first_guesses: pd.DataFrame) -> pd.DataFrame:
    """The best-max first guess of every game (rows pins, colors) per strategy (columns)."""
    table = first_guesses.dropna(subset=["pins", "colors"])
    if len(table) == 0:
        return pd.DataFrame()
    table = table.assign(pins=table["pins"].astype(int), colors=table["colors"].astype(int))
    return table.pivot_table(index=["pins", "colors"], columns="strategy", values="best_max",
                             aggfunc="first").fillna(MISSING)
