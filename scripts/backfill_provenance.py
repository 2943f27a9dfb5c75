"""Give the timing rows written before the provenance columns existed their date, machine, mmlib
version and engine version, from the repository's own evidence, never from an assumption.

    python scripts/backfill_provenance.py            # rewrite the tables in data/
    python scripts/backfill_provenance.py --report   # print, per table, the commits rows came from

For each row of a table this finds the first commit whose version of the file holds the row (its
identifying columns and its timing, compared as text): that commit is when the row entered the
repository, so its commit is the row's `mmlib_version` (the measurement ran on that commit's code or
an earlier one) and its date the row's `date`, unless the row has a date of its own. The machine is
the row's own (a `machine` column, or benchmarks.csv's cpu_model, cores and device); else the one
the adding commit's message or the docs name for that table (EVIDENCE below, each with where it is
said); else `unrecorded`. The engine version is the number of that engine's changes of speed
(`mmlib.core.machine.ENGINE_CHANGES`) that the row's commit contains; a version before the
current one is superseded, and figures leave such rows out. A row that already has an engine
keeps its provenance as it is, so running this again changes nothing.
"""

from __future__ import annotations

import argparse
import io
import subprocess
import sys
from pathlib import Path

import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mmlib.core.files import write_atomically  # noqa: E402
from mmlib.core.machine import (ENGINE_CHANGES, PROVENANCE_COLUMNS, UNRECORDED, readable_cpu,  # noqa: E402
                                solve_engine)

EPYC = "AMD EPYC, 2 cores"

# Each timing table: the engine it timed (a function of the row where the table mixes engines), the
# columns that say which row is which, and its timing columns.
TABLES = {
    "benchmarks.csv": ("by row", ["game", "strategy", "backend", "first_guess", "case_equivalence",
                                       "command", "scheduler"], ["median_s"]),
    "results.csv": ("by row", ["game", "strategy", "first_guess", "case_equivalence", "backend"], ["seconds"]),
    "case_equivalence_timing.csv": ("by row", ["game", "strategy", "backend", "case_equivalence"], ["median_s"]),
    "ce_threshold.csv": ("by row", ["game", "strategy", "first_guess", "backend", "setting"], ["median_s"]),
    "seed_one_at_a_time.csv": ("solve-cpu", ["game", "strategy", "first_guess", "method"], ["median_s"]),
    "seed_scoring_workload.csv": ("scoring", ["workload", "variant"], ["median_s"]),
    "optimal.csv": ("optimal", ["game", "objective", "max_turns_limit"], ["seconds"]),
    "optimal_openings.csv": ("optimal", ["game", "opening"], ["seconds"]),
    "inline_search.csv": ("optimal", ["workload", "game", "setting"], ["median_s"]),
    "part_lookahead.csv": ("optimal", ["game", "max_turns", "part_lookahead"], ["median_s"]),
    "part_order.csv": ("optimal", ["game", "max_turns", "part_order"], ["median_s"]),
    "root_bound.csv": ("optimal", ["game", "max_turns", "root_bound"], ["median_s"]),
    "split_parts.csv": ("optimal", ["game", "max_turns", "large_parts"], ["median_s"]),
    "stepwise_lookahead.csv": ("optimal", ["game", "opening", "setting"], ["median_s"]),
    "stepwise_parts.csv": ("optimal", ["game", "max_turns", "parts"], ["median_s"]),
    "possible_guesses_check.csv": ("optimal", ["game", "first_guess", "score"], ["independent_nodes"]),
}

# Where a table that records no machine was measured, as the project's own words say it; a table
# not named here, with no machine of its own, stays `unrecorded`.
EVIDENCE = {
    "results.csv": (EPYC, "commits 361e5e8 and ddbfec2 (the sweep on the cpu backend, one thread); docs/data.md: "
                          "the variant sweep 'about 7 minutes on the shared 2 cores'; README: 'Measured by mmlib "
                          "on this project's machine, a 2-core AMD EPYC (Zen 4) virtual machine'"),
    "case_equivalence_timing.csv": (EPYC, "docs/backends.md: 'Measured with the cpu backend on this project's "
                                          "2-core AMD EPYC machine (python -m mmlib ce-timing --backend cpu ...)'"),
    "optimal_openings.csv": (EPYC, "commit 7c7b11a: 'optimal-openings: data/optimal_openings.csv ... 28 s on 2 cores'"),
    "ce_threshold.csv": (EPYC, "docs/seed_results.md: 'All timings were taken on the 2-core AMD EPYC (AVX-512) machine'"),
    "seed_one_at_a_time.csv": (EPYC, "docs/seed_results.md: 'All timings were taken on the 2-core AMD EPYC (AVX-512) machine'"),
    "seed_scoring_workload.csv": (EPYC, "docs/seed_results.md: 'All timings were taken on the 2-core AMD EPYC (AVX-512) machine'"),
}



def git(*args: str) -> str:
    return subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True, check=True).stdout


def versions_of(name: str) -> list[tuple[str, str, pd.DataFrame]]:
    """(commit, ISO date, frame) of every committed version of data/NAME, oldest first."""
    out = []
    for line in git("log", "--reverse", "--format=%h %aI", "--", f"data/{name}").splitlines():
        commit, date = line.split()
        try:
            frame = pd.read_csv(io.StringIO(git("show", f"{commit}:data/{name}")), dtype=str, keep_default_na=False)
        except subprocess.CalledProcessError:  # the file was deleted in that commit
            continue
        out.append((commit, date, frame))
    return out


def _normal(value: str) -> str:
    """A cell compared across versions: numbers by value (7 and 7.0 alike), text as it is."""
    text = str(value).strip()
    try:
        number = float(text)
    except ValueError:
        return text
    return "" if number != number else repr(round(number, 6))


def row_keys(frame: pd.DataFrame, columns: list[str]) -> pd.Series:
    present = [c for c in columns if c in frame.columns]
    return frame[present].apply(lambda row: tuple(_normal(v) for v in row), axis=1) if len(frame) else pd.Series(dtype=object)


def adding_commits(name: str, head: pd.DataFrame) -> list[tuple[str, str]]:
    """For each row of `head`: (commit, date) of the first version of the file holding it."""
    _, keys, timings = TABLES[name]
    versions = versions_of(name)
    found: list["tuple[str, str] | None"] = [None] * len(head)
    for commit, date, frame in versions:
        columns = [c for c in keys + timings if c in frame.columns and c in head.columns]
        seen = set(row_keys(frame, columns))
        head_keys = row_keys(head, columns)
        for i, key in enumerate(head_keys):
            if found[i] is None and key in seen:
                found[i] = (commit, date)
    if not versions:
        return [(UNRECORDED, UNRECORDED)] * len(head)
    # A row that never matched (a cell rewritten since): the last commit that changed the file.
    last = versions[-1][:2]
    return [f or last for f in found]


def contains(commit: str, ancestor: str) -> bool:
    return subprocess.run(["git", "-C", str(ROOT), "merge-base", "--is-ancestor", ancestor, commit]).returncode == 0


def engine_of(engine: str, commit: str) -> str:
    """'ENGINE K': K of the engine's changes are in `commit` (0: it predates them all)."""
    if commit == UNRECORDED:
        return UNRECORDED
    return f"{engine} {sum(contains(commit, change) for change, _ in ENGINE_CHANGES[engine])}"


def row_engine(name: str, row: pd.Series) -> str:
    """The engine a row timed: its table's, or for a table of several, the row's strategy's or
    backend's (benchmarks time the optimal search and the scoring kernel beside the solves)."""
    engine = TABLES[name][0]
    if engine != "by row":
        return engine
    strategy = row.get("strategy", "")
    if strategy == "optimal":
        return "optimal"
    if strategy == "score-kernel":
        return "scoring"
    return solve_engine(row.get("backend") or "cpu")


def row_machine(name: str, row: pd.Series) -> str:
    given = str(row.get("machine", "") or "")
    if given and given != UNRECORDED:
        return given
    if name == "benchmarks.csv":
        if row.get("backend") == "cuda" and row.get("device"):
            return str(row["device"])
        if row.get("cpu_model"):
            cores = str(row.get("cores") or "")
            return f"{readable_cpu(row['cpu_model'])}, {cores} cores" if cores else readable_cpu(row["cpu_model"])
    if name in EVIDENCE:
        return EVIDENCE[name][0]
    return UNRECORDED


def backfill(name: str, report: bool) -> None:
    path = ROOT / "data" / name
    head = pd.read_csv(path, dtype=str, keep_default_na=False)
    commits = adding_commits(name, head)
    if report:
        print(f"== {name}: {len(head)} rows")
        for (commit, date), count in pd.Series(commits).value_counts(sort=False).items():
            message = git("log", "-1", "--format=%s", commit).strip()[:140] if commit != UNRECORDED else ""
            print(f"  {commit} {date[:16]}  {count:4} rows  {message}")
        return
    dates, machines, versions, engines = [], [], [], []
    for (commit, date), (_, row) in zip(commits, head.iterrows()):
        if str(row.get("engine", "") or ""):  # written with its provenance: kept as it is
            for values, column in zip((dates, machines, versions, engines), PROVENANCE_COLUMNS):
                values.append(row[column])
            continue
        own = str(row.get("date", "") or "")
        dates.append(own if own and own != UNRECORDED else (date[:19] if date != UNRECORDED else UNRECORDED))
        machines.append(row_machine(name, row))
        # benchmarks.csv's old mmlib_version is the package version (0.1.0 on every row): the
        # commit that added the row says more.
        versions.append(commit)
        engines.append(engine_of(row_engine(name, row), commit))
    frame = head.copy()  # a column the table has keeps its place; the others go last
    for column, values in zip(PROVENANCE_COLUMNS, (dates, machines, versions, engines)):
        frame[column] = values
    write_atomically(path, frame.to_csv(index=False))
    print(f"{name}: {len(frame)} rows given provenance")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--report", action="store_true", help="print the commits rows came from; write nothing")
    parser.add_argument("tables", nargs="*", default=list(TABLES))
    args = parser.parse_args(argv)
    for name in args.tables:
        backfill(name, args.report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
