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


def seed_comparison_table(comparison: pd.DataFrame) -> pd.DataFrame:
    """data/seed_comparison.csv side by side: the seed's total, max, score count and seconds beside
    mmlib's, whether they agree, and why not (or, for times, on which machines)."""
    def pair(row, what: str) -> tuple[str, str]:
        return tuple(_figure(row.get(f"{side}_{what}", ""), what) for side in ("seed", "mmlib"))

    rows = []
    for _, row in comparison.iterrows():
        total, worst, scores, seconds = (pair(row, w) for w in ("total_turns", "max_turns", "scores", "seconds"))
        reason = _text(row.get("reason", ""))
        if reason == MISSING and seconds != (MISSING, MISSING):
            reason = f"times only; seed: {row['seed_machine']}; mmlib: {row['mmlib_machine']}"
        rows.append({
            "game": row["game"], "strategy": row["strategy"], "first guess": _text(row["first_guess"]),
            "case equivalence": row["case_equivalence"],
            "total turns (seed / mmlib)": " / ".join(total), "max turns": " / ".join(worst),
            "scores (seed / mmlib)": " / ".join(scores), "seconds (seed / mmlib)": " / ".join(seconds),
            "agreement": row["agreement"], "reason": reason,
        })
    return pd.DataFrame(rows)


def _figure(value, what: str) -> str:
    if value is None or str(value).strip() in ("", "nan"):
        return MISSING
    number = float(value)
    if what != "seconds":
        return f"{int(number):,}"
    return f"{number:,.0f}" if number >= 100 else f"{number:.3g}"


def scoring_workload_table(workload: pd.DataFrame, seed_seconds: dict) -> pd.DataFrame:
    """mmlib's scoring variants on the seed's workload (data/seed_scoring_workload.csv), fastest last,
    after the seed's own figures for the same workload."""
    rows = [{"who": "seed", "variant": name, "seconds for the workload": format_seconds(seconds),
             "ns per score": MISSING, "timed": "seed's figure"} for name, seconds in seed_seconds.items()]
    for _, row in workload.sort_values("workload_s", ascending=False).iterrows():
        sampled = int(row["scores_timed"]) < int(row["workload_scores"])
        rows.append({"who": "mmlib", "variant": row["variant"],
                     "seconds for the workload": format_seconds(float(row["workload_s"])),
                     "ns per score": f"{float(row['ns_per_score']):,.1f}",
                     "timed": (f"{int(row['searches_timed']):,} searches ("
                               f"{int(row['scores_timed']) / int(row['workload_scores']):.1%} of the scores), scaled"
                               if sampled else f"all {int(row['searches_timed']):,} searches")})
    return pd.DataFrame(rows)


def ce_threshold_table(timings: pd.DataFrame) -> pd.DataFrame:
    """data/ce_threshold.csv, one row per game: each setting's time against case equivalence in every
    region ("on from 1"), as the geometric mean over the strategies measured, and the share of the
    scores case equivalence saves that the regions of 3 to 5 secrets account for (what "on from 6"
    gives up)."""
    if len(timings) == 0:
        return pd.DataFrame()
    frame = timings.assign(median_s=pd.to_numeric(timings["median_s"]), scores=pd.to_numeric(timings["scores"]),
                           scores_saved=pd.to_numeric(timings["scores_saved"]))
    frame = frame.drop_duplicates(["game", "strategy", "setting"], keep="last")
    base_setting = "on from 1"  # case equivalence in every region
    others = [s for s in dict.fromkeys(frame["setting"]) if s != base_setting]
    rows = []
    for game, group in frame.sort_values(["codewords", "game"], kind="stable").groupby("game", sort=False):
        wide = group.pivot_table(index="strategy", columns="setting", values=["median_s", "scores", "scores_saved"])
        if base_setting not in wide["median_s"].columns:
            continue
        row = {"game": game, "strategies": len(wide)}
        for setting in others:
            if setting in wide["median_s"].columns:
                ratio = wide["median_s"][setting] / wide["median_s"][base_setting]
                row[f"time {setting} / on from 1"] = f"{np.exp(np.log(ratio).mean()):.2f}"
        if "on from 6" in wide["scores"].columns:
            given_up = (wide["scores"]["on from 6"] - wide["scores"][base_setting]).sum()
            row["saved scores from regions of 3-5"] = f"{given_up / wide['scores_saved'][base_setting].sum():.1%}"
        rows.append(row)
    return pd.DataFrame(rows).fillna(MISSING)
