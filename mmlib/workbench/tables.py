"""Tables made for reading: every table a notebook shows goes through `readable`.

`readable` is the one formatter: numbers with thousands separators and a sensible number of
decimals (never 1.7e+04), human column names, no index, every cell in full (nothing cut off with
"…"), and no NaN: an empty cell says why it is empty, in words the caller gives. It returns a
`ReadableTable`, which Jupyter shows as an HTML table and prints as plain text.

The loaders of `mmlib.studies.data_tables` give the tables as they are in data/, every run of a
benchmark included. The functions below are the views the notebooks show of them: the latest run of
each game, strategy, backend and case-equivalence setting, and so on, each a `ReadableTable`.
`tests/test_notebook_tables.py` re-renders the tables a notebook stores from data/ and fails when
they no longer match.
"""

from __future__ import annotations

import html
import math
import re
from collections.abc import Callable, Iterable, Mapping

import numpy as np
import pandas as pd

from ..core.games import Game
from ..core.strategies import Strategy
from ..studies.data_tables import (KERNEL_STRATEGY, SOLVE_STRATEGIES, gpu_beside_cpu, latest_rows, machine_names,
                                   one_machine_one_engine, per_engine, this_machine)
from .plots_results import format_seconds


# Human names for the raw column names of mmlib's tables (a name not here loses its underscores).
COLUMN_TITLES = {
    "first_guess": "first guess", "total_turns": "total turns", "max_turns": "max turns",
    "average_turns": "average turns", "case_equivalence": "case equivalence", "median_s": "median s",
    "best_s": "best of 3 (s)", "ns_per_score": "ns per score", "speedup_vs_python": "times faster than Python",
    "games_active": "games still playing", "tiny_regions": "regions of 1-2 games",
    "fd_regions": "settled by a fully discriminating member", "searched_regions": "searched in full",
    "expected_size": "expected size", "entropy_bits": "entropy (bits)", "lowest_average_in": "lowest average in",
    "worst_max_turns": "worst max turns", "heuristic_total": "strategy's total", "optimal_total": "optimal total",
    "gap_per_game": "gap per game (turns)", "gap_percent": "gap (% of the optimum)",
    "median_gap_per_game": "median gap per game (turns)", "max_gap_per_game": "largest gap per game (turns)",
    "median_gap_percent": "median gap (% of the optimum)", "codewords": "codewords",
}


READABLE_CLASS = "mm-readable"


# A cell that reads as a number (1,296; 4.476; -0.136; 12.3%; 0.43 s; 38x): such columns are right
# aligned, every other column is text and left aligned.
# A run of four digits or more with no separator is a name, such as the codeword 1122 or a year:
# every count this formatter writes has its separators (1,296).
_NUMBER_CELL = re.compile(r"^[-+\u2212]?\d{1,3}(,\d{3})*(\.\d+)?\s?(%|x|s|ms|µs|ns|min|h)?$")
# A cell this short never wraps: "AMD EPYC, 2 cores" stays on one line, a sentence may wrap.
NOWRAP_MAX_CHARS = 40
NOWRAP_MAX_HEADER_CHARS = 24  # a longer column name may wrap between its words


def _looks_numeric(cells) -> bool:
    """Whether every cell that is not empty reads as a number (an empty cell, such as those of a
    total row, does not make a column text)."""
    cells = [str(cell) for cell in cells if str(cell).strip()]
    return bool(cells) and all(_NUMBER_CELL.match(cell) for cell in cells)


class ReadableTable:
    """A table whose every cell is already text: shown as HTML in Jupyter, printed as plain text.
    `frame` holds the text cells (column names as shown); `note`, if any, is printed under it.
    `numeric` names the columns that hold numbers (right aligned); when not given, a column is
    numeric if every cell reads as a number. Every other column is text, left aligned."""

    def __init__(self, frame: pd.DataFrame, note: str = "", numeric: "Iterable[str] | None" = None):
        self.frame = frame
        self.note = note
        self.numeric = (set(numeric) if numeric is not None
                        else {c for c in frame.columns if _looks_numeric(frame[c])})

    def __len__(self) -> int:
        return len(self.frame)

    def _repr_html_(self) -> str:
        # Drawn by hand rather than by pandas so that each column carries its alignment: Jupyter's
        # style sheet right-aligns every cell. The class names the formatter, so a test (or a
        # browser) can tell its tables from any other; no cell is ever cut short.
        def cell(tag: str, text, column) -> str:
            text = str(text)
            style = f"text-align: {'right' if column in self.numeric else 'left'};"
            if len(text) <= (NOWRAP_MAX_CHARS if tag == "td" else NOWRAP_MAX_HEADER_CHARS):
                style += " white-space: nowrap;"
            return f'<{tag} style="{style}">{html.escape(text)}</{tag}>'

        columns = list(self.frame.columns)
        head = "".join(cell("th", column, column) for column in columns)
        body = "\n".join("<tr>" + "".join(cell("td", value, column) for value, column in zip(row, columns))
                         + "</tr>" for row in self.frame.itertuples(index=False))
        table = (f'<table border="0" class="dataframe {READABLE_CLASS}">\n<thead><tr>{head}</tr></thead>\n'
                 f"<tbody>\n{body}\n</tbody>\n</table>")
        return table + (f'\n<p class="mm-table-note">{html.escape(self.note)}</p>' if self.note else "")

    def markdown(self) -> str:
        """The table as a Markdown (GitHub) table, for the docs; the note is left out."""
        def line(cells) -> str:
            return "| " + " | ".join(str(cell).replace("|", "\\|") for cell in cells) + " |"

        rows = [line(self.frame.columns), line(["---"] * len(self.frame.columns))]
        return "\n".join(rows + [line(row) for row in self.frame.itertuples(index=False)])

    def __repr__(self) -> str:
        if self.frame.columns.empty:
            text = "(no rows)"
        else:
            # Text columns left-aligned here too, numbers right-aligned, headers as their column.
            columns = list(self.frame.columns)
            rows = [columns] + [[str(v) for v in row] for row in self.frame.itertuples(index=False)]
            widths = [max(len(str(row[k])) for row in rows) for k in range(len(columns))]
            text = "\n".join("  ".join(str(v).rjust(w) if c in self.numeric else str(v).ljust(w)
                                       for v, w, c in zip(row, widths, columns)).rstrip() for row in rows)
        return text + (f"\n{self.note}" if self.note else "")


Format = "int | str | Callable[[float], str] | None"


def readable(frame: "pd.DataFrame | pd.Series", *, names: "Mapping[str, str] | None" = None,
             formats: "Mapping[str, Format] | None" = None, blank: "str | Mapping[str, str] | None" = None,
             note: str = "") -> ReadableTable:
    """`frame` as a reader wants it.

    - A named index (or several levels) becomes ordinary columns; an unnamed one, such as the row
      numbers left by a filter, is dropped. Column levels are joined with ", ".
    - Column names: `names` first, then `COLUMN_TITLES`, else the name with spaces for underscores.
    - Numbers: whole numbers with thousands separators; other numbers with four significant digits
      of the column's largest value (4.476, 0.2980, 1,447), never an exponent. `formats` may give a
      column (by its raw name) a number of decimals, "count", "seconds" (`format_seconds`),
      "percent" (a share as 12.3%) or a function of the value.
    - Booleans read yes and no; text stays as it is.
    - An empty cell (NaN, None) shows `blank` (one text for every column, or per raw column name):
      the caller says why it is empty. An empty cell with nothing to say is a ValueError.
    """
    if isinstance(frame, pd.Series):
        frame = frame.to_frame()
    frame = _without_index_noise(frame)
    names, formats = dict(names or {}), dict(formats or {})
    columns, numeric = {}, set()
    for raw in frame.columns:
        values = frame[raw]
        empty = values.isna() | values.astype(str).isin(["nan", "NaN", "None", "<NA>"])
        reason = blank.get(raw) if isinstance(blank, Mapping) else blank
        if empty.any() and reason is None:
            raise ValueError(f"column {raw!r} has {int(empty.sum())} empty cell(s): say why with blank=")
        shown = _format_column(values[~empty], formats.get(raw))
        column = pd.Series(reason, index=values.index, dtype=object)
        column[~empty] = shown
        title = _title(raw, names)
        columns[title] = column.tolist()
        if _is_number_column(values[~empty], formats.get(raw), shown):
            numeric.add(title)
    return ReadableTable(pd.DataFrame(columns, columns=list(columns)).reset_index(drop=True), note, numeric)


def _without_index_noise(frame: pd.DataFrame) -> pd.DataFrame:
    frame = frame.copy()
    if isinstance(frame.columns, pd.MultiIndex):
        frame.columns = [", ".join(_title(level, {}) for level in column if str(level) != "")
                         for column in frame.columns]
    frame.columns.name = None
    named = [name for name in frame.index.names if name is not None]
    if named:
        frame = frame.reset_index(level=named)
    return frame.reset_index(drop=True)


def _title(raw, names: Mapping) -> str:
    raw = str(raw)
    return names.get(raw) or COLUMN_TITLES.get(raw) or raw.replace("_", " ")


def _format_column(values: pd.Series, how: Format) -> list[str]:
    if len(values) == 0:
        return []
    if callable(how):
        return [how(v) for v in values]
    if pd.api.types.is_bool_dtype(values) or all(isinstance(v, (bool, np.bool_)) for v in values):
        return ["yes" if v else "no" for v in values]
    numeric = pd.api.types.is_numeric_dtype(values) or all(
        isinstance(v, (int, float, np.number)) and not isinstance(v, bool) for v in values)
    if not numeric:  # text, codewords such as 1122 included, stays as written
        return [str(v) for v in values]
    numbers = values.astype(float)
    if how == "seconds":
        return [format_seconds(v) for v in numbers]
    if how == "percent":
        return [f"{100 * v:.1f}%" for v in numbers]
    if how == "count" or (how is None and (numbers == numbers.round()).all()):
        return [f"{int(round(v)):,}" for v in numbers]
    decimals = how if isinstance(how, int) else _decimals(numbers)
    return [f"{v:,.{decimals}f}" for v in numbers]


def _is_number_column(values: pd.Series, how: Format, shown: list[str]) -> bool:
    """Whether a column holds numbers (right aligned): numbers formatted as numbers, or cells a
    format function wrote as numbers. Codewords given as text (1122) and yes/no stay text."""
    if callable(how) or pd.api.types.is_string_dtype(values) or pd.api.types.is_object_dtype(values) and all(
            isinstance(v, str) for v in values):
        return _looks_numeric(shown)  # text the caller wrote as numbers (1,296; 0.059) lines up as numbers
    if len(values) == 0 or pd.api.types.is_bool_dtype(values) or any(isinstance(v, (bool, np.bool_)) for v in values):
        return False
    return pd.api.types.is_numeric_dtype(values) or all(
        isinstance(v, (int, float, np.number)) for v in values)


def _decimals(numbers: pd.Series) -> int:
    """Four significant digits of the column's largest value, at most four decimals."""
    largest = float(numbers.abs().max())
    if largest == 0:
        return 0
    return min(4, max(0, 3 - math.floor(math.log10(largest))))


def benchmark_table(benchmarks: pd.DataFrame) -> ReadableTable:
    """data/benchmarks.csv as a reader wants it: the latest run of each game, strategy, backend and
    case-equivalence setting (how many runs the file holds beside it), whole solves by game size
    first, then the scoring kernel timed alone. Per engine (the cpu solver, the cuda solver, the
    optimal search, the scoring kernel) only one machine's rows of the newest engine version are
    shown (`data_tables.per_engine`), each with its machine and engine; the note counts the rest."""
    columns = ["game", "strategy", "backend", "case equivalence", "first guess", "median s", "scores",
               "M scores/s", "runs in file", "machine", "engine", "date"]
    if len(benchmarks) == 0:
        return ReadableTable(pd.DataFrame(columns=columns), "data/benchmarks.csv has no rows yet")
    timings = per_engine(benchmarks)
    frame = timings.rows.copy()
    if "case_equivalence" not in frame.columns:
        frame["case_equivalence"] = np.nan
    keys = ["game", "backend", "strategy", "case_equivalence"]
    runs = frame.assign(**{k: frame[k].fillna("-").astype(str) for k in keys}).groupby(keys).size()
    latest = latest_rows(frame, keys)
    latest = latest.assign(kernel=latest["strategy"] == KERNEL_STRATEGY, machine=machine_names(latest))
    latest = latest.sort_values(["kernel", "codewords", "game", "strategy", "case_equivalence", "backend"],
                                kind="stable")
    shown = pd.DataFrame({
        "game": latest["game"],
        "strategy": np.where(latest["kernel"], "scoring kernel alone", latest["strategy"]),
        "backend": latest["backend"],
        "case equivalence": np.where(latest["kernel"], "no solve", latest["case_equivalence"]),
        "first guess": np.where(latest["kernel"], "no solve", latest["first_guess"].fillna("").astype(str)),
        "median s": latest["median_s"], "scores": latest["scores"], "M scores/s": latest["scores_per_s"] / 1e6,
        "runs in file": [int(runs[tuple(row[k] for k in keys)]) for _, row in latest.iterrows()],
        "machine": latest["machine"], "engine": latest["engine"],
        "date": latest["date"].astype(str).str.slice(0, 10),
    })
    return readable(shown, formats={"median s": "seconds", "M scores/s": 0},
                    blank={"scores": "not counted", "M scores/s": "not counted", "median s": "not timed"},
                    note=timings.left_out_note())


def solve_benchmark_table(benchmarks: pd.DataFrame) -> ReadableTable:
    """The whole solves of data/benchmarks.csv (not the optimal search, not the kernel alone): the
    latest run of each game, strategy, backend and case-equivalence setting, of one machine and the
    newest engine version per backend; the note says, once per backend, where, with which engine
    and when they were measured (`Timings.caption`), and what was left out."""
    solves = benchmarks[benchmarks["strategy"].isin(SOLVE_STRATEGIES)] if len(benchmarks) else benchmarks
    if len(solves) == 0:
        return ReadableTable(pd.DataFrame(), "data/benchmarks.csv has no timed solves")
    parts = {backend: one_machine_one_engine(group) for backend, group in solves.groupby("backend", sort=True)}
    frame = pd.concat([part.rows for part in parts.values()])
    keys = ["game", "backend", "strategy", "case_equivalence"]
    runs = frame.assign(**{k: frame[k].fillna("-").astype(str) for k in keys}).groupby(keys).size()
    latest = latest_rows(frame, keys).sort_values(["codewords", "game", "strategy", "case_equivalence", "backend"],
                                                  kind="stable")
    shown = pd.DataFrame({
        "game": latest["game"], "strategy": [Strategy.parse(s).title for s in latest["strategy"]],
        "backend": latest["backend"], "case equivalence": latest["case_equivalence"],
        "first guess": latest["first_guess"].astype(str), "median s": latest["median_s"], "scores": latest["scores"],
        "M scores/s": latest["scores_per_s"] / 1e6,
        "runs in file": [int(runs[tuple(str(row[k]) for k in keys)]) for _, row in latest.iterrows()],
    })
    where = "; ".join(f"{backend}: {part.caption()}" for backend, part in parts.items() if len(part.rows))
    left = "; ".join(part.left_out_note().removeprefix("Left out: ").rstrip(".") for part in parts.values()
                     if part.left_out_note())
    left = f"Left out: {left}." if left else ""
    return readable(shown, formats={"median s": "seconds", "M scores/s": 0},
                    blank={"scores": "not counted", "M scores/s": "not counted", "median s": "not timed"},
                    note=f"{where}. {left}".strip())


def timings_table(timings: pd.DataFrame) -> ReadableTable:
    """Live timings (from `time_solves`): seconds, scores, millions of scores per second; the note
    names the machine and engine of each backend, read from the rows."""
    columns = [c for c in ("game", "codewords", "backend", "case_equivalence", "median_s", "scores", "scores_per_s")
               if c in timings.columns]
    where = ""
    if {"machine", "engine"} <= set(timings.columns) and len(timings):
        where = "; ".join(f"{backend} on {machine}, engine {engine}" for backend, machine, engine in
                          timings[["backend", "machine", "engine"]].drop_duplicates().itertuples(index=False))
    return readable(timings[columns].assign(scores_per_s=timings["scores_per_s"] / 1e6),
                    names={"scores_per_s": "M scores/s"}, formats={"median_s": "seconds", "scores_per_s": 0},
                    note=f"median of 3 solves each, measured just now: {where}" if where else "")


def first_guess_table(first_guesses: pd.DataFrame) -> ReadableTable:
    """The best-max first guess of every game (rows pins, colors) per strategy (columns)."""
    table = first_guesses.dropna(subset=["pins", "colors"])
    if len(table) == 0:
        return ReadableTable(pd.DataFrame(), "data/first_guesses.csv has no rows yet")
    table = table.assign(pins=table["pins"].astype(int), colors=table["colors"].astype(int))
    wide = table.pivot_table(index=["pins", "colors"], columns="strategy", values="best_max", aggfunc="first")
    return readable(wide, blank="not swept yet")


def strategy_summary_table(best: pd.DataFrame) -> ReadableTable:
    """`data_tables.strategy_summary` as a reader wants it: strategies by their names, the number of
    games they share said once in the note instead of in every row."""
    from ..studies.data_tables import strategy_summary

    summary = strategy_summary(best)
    games = sorted(set(summary["games"].astype(int))) if len(summary) else []
    shown = summary.drop(columns=["games"]).assign(strategy=[Strategy.parse(s).title for s in summary["strategy"]])
    return readable(shown, names={"lowest_average_in": "games with the lowest average (ties count)",
                                  "worst_max_turns": "worst max turns"},
                    note=f"Over the {', '.join(map(str, games))} games every strategy has." if games else "")


def best_first_guesses_table(best: pd.DataFrame, game: str) -> ReadableTable:
    """The best-max first guess of `game` per strategy, with its average and max turns (`best` is
    `data_tables.best_max_rows` of data/results.csv), strategies in the order the notebooks use."""
    rows = best[best["game"] == game] if len(best) else best
    order = {s.label: k for k, s in enumerate(Strategy)}
    rows = rows.assign(order=rows["strategy"].map(order)).sort_values("order") if len(rows) else rows
    shown = pd.DataFrame({"strategy": [Strategy.parse(s).title for s in rows["strategy"]],
                          "best-max first guess": rows["first_guess"].astype(str).tolist(),
                          "average turns": rows["average_turns"].astype(float).tolist(),
                          "max turns": rows["max_turns"].astype(int).tolist()})
    return readable(shown, formats={"average turns": 3})


def seed_comparison_table(comparison: pd.DataFrame, part: str = "all") -> ReadableTable:
    """The turn and score counts of data/seed_comparison.csv: the seed's beside mmlib's, each in its
    own column, one row per figure compared (a figure compared against two of mmlib's runs shows
    once), and whether they agree; the note says why where they differ. Times are
    `seed_times_table`'s: they need machines, counts do not. `part` "turns" or "scores" keeps only
    those counts (and the rows where the seed gives them), so that each half fits a page."""
    wanted = {"all": ("seed_total_turns", "seed_max_turns", "seed_scores"),
              "turns": ("seed_total_turns", "seed_max_turns"), "scores": ("seed_scores",)}[part]
    given = [c for c in wanted if c in comparison.columns]
    counted = comparison[comparison[given].apply(lambda r: any(_figure(v, "n", "") for v in r), axis=1)] \
        if len(comparison) else comparison
    rows = []
    for _, row in counted.iterrows():
        rows.append({
            "game": row["game"], "strategy": Strategy.parse(row["strategy"]).title,
            "first guess": row["first_guess"] if isinstance(row["first_guess"], str) and row["first_guess"]
            else "not given",
            "case equivalence": row["case_equivalence"],
            "total turns, seed": _figure(row.get("seed_total_turns", ""), "turns", "not given"),
            "total turns, mmlib": _figure(row.get("mmlib_total_turns", ""), "turns", "not counted"),
            "max turns, seed": _figure(row.get("seed_max_turns", ""), "turns", "not given"),
            "max turns, mmlib": _figure(row.get("mmlib_max_turns", ""), "turns", "not counted"),
            "scores, seed": _figure(row.get("seed_scores", ""), "scores", "not given"),
            "scores, mmlib": _figure(row.get("mmlib_scores", ""), "scores", "not counted"),
            "agreement": row["agreement"],
        })
    frame = pd.DataFrame(rows) if rows else pd.DataFrame()
    if rows and part != "all":
        kept = [c for c in frame.columns if not c.startswith(("total turns", "max turns", "scores"))
                or c.startswith({"turns": ("total turns", "max turns"), "scores": ("scores",)}[part])]
        frame = frame[kept]
    frame = frame.drop_duplicates()
    reasons = sorted({str(r) for r in counted.get("reason", pd.Series(dtype=object)).dropna() if str(r)})
    note = " ".join(f"Where they differ: {r}." for r in reasons)
    return readable(frame, note=note)


def seed_times_table(comparison: pd.DataFrame) -> ReadableTable:
    """The seconds of data/seed_comparison.csv: each of the seed's times, with its machine, beside
    mmlib's time for the same solve on each backend; the note names the machine and engine version
    behind mmlib's seconds (a time says little without them)."""
    if len(comparison) == 0 or "seed_seconds" not in comparison.columns:
        return ReadableTable(pd.DataFrame(), "data/seed_comparison.csv has no times")
    timed = comparison[comparison["seed_seconds"].map(lambda v: _figure(v, "seconds", "") != "")]
    timed = timed.assign(backend=timed["mmlib_machine"].astype(str).str.extract(r"mmlib (\w+) backend")[0],
                         machine=timed["mmlib_machine"].astype(str).str.split(", mmlib ").str[0])
    keys = ["game", "strategy", "case_equivalence", "seed_seconds", "seed_machine"]
    backends = [b for b in ("cpu", "cuda") if b in set(timed["backend"])]
    rows = []
    for key, group in timed.groupby(keys, sort=False):
        by_backend = group.set_index("backend")["mmlib_seconds"]
        row = {"game": key[0], "strategy": Strategy.parse(key[1]).title, "case equivalence": key[2],
               "seed s": _figure(key[3], "seconds", ""), "seed's machine": key[4]}
        for backend in backends:
            row[f"mmlib {backend} s"] = _figure(by_backend.get(backend, ""), "seconds", UNPAIRED)
        rows.append(row)
    where = []
    for (backend, machine), group in timed.groupby(["backend", "machine"], sort=False):
        solves = group["game"] + np.where(group["case_equivalence"] == "off", " without case equivalence", "")
        engines = solves.groupby(group["mmlib_engine"], sort=True).apply(lambda g: ", ".join(dict.fromkeys(g)))
        versions = "; ".join(f"engine {engine} ({games})" for engine, games in engines.items())
        where.append(f"mmlib {backend}: {machine}, {versions}")
    frame = pd.DataFrame(rows)
    untimed = [b for b in backends if (frame[f"mmlib {b} s"] == UNPAIRED).any()]
    note = ". ".join(where) + "." + "".join(f" {UNPAIRED} under mmlib {b} s: that solve not timed on the {b} backend."
                                          for b in untimed)
    return ReadableTable(frame, note, numeric=["seed s"] + [f"mmlib {b} s" for b in backends])


def _figure(value, what: str, missing: str) -> str:
    if value is None or str(value).strip() in ("", "nan"):
        return missing
    number = float(value)
    if what != "seconds":
        return f"{int(number):,}"
    return f"{number:,.0f}" if number >= 100 else f"{number:.3g}"


def scoring_workload_table(workload: pd.DataFrame, seed_seconds: dict) -> ReadableTable:
    """mmlib's scoring variants on the seed's workload (data/seed_scoring_workload.csv), fastest last,
    after the seed's own figures for the same workload (its ns per score: its seconds over the same
    number of scores); mmlib's rows of one machine and engine version
    (`data_tables.one_machine_one_engine`), named in the note."""
    timings = one_machine_one_engine(workload)
    workload = timings.rows
    scores = int(workload["workload_scores"].iloc[0]) if len(workload) else 0
    rows = [{"variant": f"seed: {name.removeprefix('seed: ')}",
             "seconds for the workload": _figure(seconds, "seconds", ""),
             "ns per score": f"{seconds / scores * 1e9:,.1f}" if scores else "",
             "scores timed": "all"}
            for name, seconds in seed_seconds.items()]
    sampled = False
    for _, row in workload.sort_values("workload_s", ascending=False).iterrows():
        share = int(row["scores_timed"]) / int(row["workload_scores"])
        sampled |= share < 1
        rows.append({"variant": f"mmlib: {row.get('description', row['variant'])}",
                     "seconds for the workload": _figure(row["workload_s"], "seconds", ""),
                     "ns per score": f"{float(row['ns_per_score']):,.1f}",
                     "scores timed": "all" if share >= 1 else f"{share:.1%}"})
    note = (f"The seed's seconds are its own, on its own machine. mmlib's rows {timings.caption()}"
            + ("; a variant that timed a share of the searches has its seconds scaled up to the whole workload"
               if sampled else "") + f". {timings.left_out_note()}")
    return readable(pd.DataFrame(rows), note=note.strip())


def scoring_variants_table(timings: pd.DataFrame) -> ReadableTable:
    """The live timings of the scoring variants (`scoring_variants.time_variants`), one row per
    variant named as the figure beside it names it, and the machine they ran on in the note."""
    from ..studies.data_tables import measured_just_now

    shown = timings[["description", "scores", "best_s", "ns_per_score", "speedup_vs_python"]]
    return readable(shown, formats={"best_s": "seconds", "ns_per_score": 2, "speedup_vs_python": 0},
                    names={"description": "variant", "scores": "scores timed", "best_s": "best of 3 (s)",
                           "ns_per_score": "ns per score", "speedup_vs_python": "times faster than Python"},
                    note=f"One thread, {measured_just_now('scoring')}.")


UNPAIRED = "–"  # an unpaired solve's cpu cells; the note says why


def gpu_beside_cpu_table(benchmarks: pd.DataFrame) -> ReadableTable:
    """`data_tables.gpu_beside_cpu`: every cuda solve beside the same solve (game, strategy, opening,
    case equivalence) on the cpu backend; an unpaired row's cpu cells show a dash, and the note says
    once why each is unpaired."""
    pairs = gpu_beside_cpu(benchmarks)
    if len(pairs) == 0:
        return ReadableTable(pd.DataFrame(), "data/benchmarks.csv has no cuda rows yet")
    paired = pairs["cpu_s"].notna()
    shown = pd.DataFrame({
        "game": pairs["game"], "strategy": [Strategy.parse(s).title for s in pairs["strategy"]],
        "opening": pairs["opening"], "case equivalence": pairs["case_equivalence"],
        "cuda s": [format_seconds(v) for v in pairs["cuda_s"]],
        "cpu s": [format_seconds(v) if ok else UNPAIRED for v, ok in zip(pairs["cpu_s"], paired)],
        "cpu / cuda": [f"{v:,.0f}x" if ok else UNPAIRED for v, ok in zip(pairs["cpu_over_cuda"], paired)],
    })
    titles = {s: Strategy.parse(s).title for s in pairs["strategy"]}

    def titled(reason: str) -> str:
        for raw, title in titles.items():
            reason = reason.replace(f" {raw} ", f" {title} ")
        return reason

    why = "; ".join(dict.fromkeys(titled(str(r)).removeprefix("no cpu run of ")
                                  for r, ok in zip(pairs["no_cpu_because"], paired) if not ok))
    days = sorted(set(pairs["cuda_date"].astype(str).str.slice(0, 10)))  # said once, not in every row
    when = f", measured {days[0]}" if len(days) == 1 else f", measured {days[0]} to {days[-1]}" if days else ""
    gpus = ", ".join(dict.fromkeys(f"{g}, engine {e}{when}" for g, e in zip(pairs["gpu"], pairs["cuda_engine"])))
    cpus = ", ".join(dict.fromkeys(f"{m}, engine {e}" for m, e in
                                   zip(pairs.loc[paired, "cpu_machine"], pairs.loc[paired, "cpu_engine"])))
    unpaired = f" {UNPAIRED}: no run of the same solve by the current cpu engine ({why})." if why else ""
    return ReadableTable(shown, f"cuda: {gpus}; cpu: {cpus or 'none paired'}. Each time is one run's median.{unpaired}",
                         numeric=["cuda s", "cpu s", "cpu / cuda"])


def ce_threshold_table(timings: pd.DataFrame) -> ReadableTable:
    """data/ce_threshold.csv, one row per game: each setting's time against case equivalence in every
    region ("on from 1"), as the geometric mean over the strategies measured, and the share of the
    scores case equivalence saves that the regions of 3 to 5 secrets account for (what "on from 6"
    gives up)."""
    shown = one_machine_one_engine(timings)
    timings = shown.rows
    if len(timings) == 0:
        return ReadableTable(pd.DataFrame(), "data/ce_threshold.csv has no rows of a recorded machine and engine yet")
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
                row[f"time {setting} / on from 1"] = float(np.exp(np.log(ratio).mean()))
        if "on from 6" in wide["scores"].columns:
            given_up = (wide["scores"]["on from 6"] - wide["scores"][base_setting]).sum()
            row["saved scores from regions of 3-5"] = given_up / wide["scores_saved"][base_setting].sum()
        rows.append(row)
    ratios = {column: 2 for column in rows[0] if column.startswith("time ")} if rows else {}
    return readable(pd.DataFrame(rows), formats={**ratios, "saved scores from regions of 3-5": "percent"},
                    blank="setting not measured for this game",
                    note=f"Times {shown.caption()}. {shown.left_out_note()}".strip())


# -- notebooks 8 and 9: the optimum beside the strategies ------------------------------------------


def _one_or_column(frame: pd.DataFrame, column: str) -> "str | None":
    """The one value every row of `frame` holds in `column` (to say once, above or under a table),
    or None when the rows differ (the column then stays)."""
    values = frame[column].dropna().astype(str).unique() if column in frame.columns else []
    return str(values[0]) if len(values) == 1 and frame[column].notna().all() else None


def _where_and_when(timings, commits: str = "") -> str:
    """'AMD EPYC, 2 cores, engine optimal 18, mmlib b163b50, 2026-11-26': the shown rows' machine,
    commit, engine version and day, read from them."""
    commits = commits or timings.commits()
    text = f"{timings.machine}, engine {timings.engine}" + (f", mmlib {commits}" if commits else "")
    return text + (f", {timings.dates()}" if timings.dates() else "")


def optimal_benchmark_table(benchmarks: pd.DataFrame, optimal_frame: "pd.DataFrame | None" = None) -> ReadableTable:
    """The latest timing of the exact optimal search of each game in data/benchmarks.csv (one run of
    one `bench GAME --optimal` command each) of one machine and the newest engine version
    (`data_tables.one_machine_one_engine`): the optimum it proved, its median and the positions it
    searched. With `optimal_frame` (data/optimal.csv), the same proof's row there beside it: its
    seconds (where the same engine version and machine took them) and positions searched. What
    every row shares (the number of searches, the machine, commit, engine and day, the load) is
    said once in the note, with the rows left out."""
    rows = benchmarks[benchmarks["strategy"] == "optimal"] if len(benchmarks) else benchmarks
    timings = one_machine_one_engine(rows)
    rows = timings.rows
    if len(rows) == 0:
        return ReadableTable(pd.DataFrame(), "data/benchmarks.csv has no optimal benchmark of a recorded machine "
                                             "and engine yet")
    latest = latest_rows(rows, ("game",)).sort_values("codewords", kind="stable")
    frame = pd.DataFrame({"game": latest["game"].to_numpy()})
    if "total_turns" in latest.columns:
        frame["optimal total"] = pd.to_numeric(latest["total_turns"], errors="coerce").to_numpy()
    frame["median s"] = pd.to_numeric(latest["median_s"], errors="coerce").to_numpy()
    frame["positions searched"] = pd.to_numeric(latest["nodes"], errors="coerce").to_numpy()
    repeats = _one_or_column(latest, "repeats")
    if repeats is None:
        frame.insert(1, "searches timed", latest["repeats"].to_numpy())
    formats, blank = {"median s": "seconds"}, {"positions searched": "not recorded", "optimal total": "not recorded"}
    stored_note = ""
    if optimal_frame is not None and len(optimal_frame):
        stored = optimal_frame[(optimal_frame["objective"] == "total") & optimal_frame["max_turns_limit"].isna()]
        stored = stored.set_index("game")
        same = [g in stored.index and stored.loc[g, "engine"] == timings.engine
                and stored.loc[g, "machine"] == timings.machine for g in frame["game"]]
        frame["data/optimal.csv: seconds"] = [stored.loc[g, "seconds"] if ok else np.nan
                                              for g, ok in zip(frame["game"], same)]
        frame["data/optimal.csv: positions"] = [stored.loc[g, "nodes"] if ok else np.nan
                                                for g, ok in zip(frame["game"], same)]
        formats["data/optimal.csv: seconds"] = "seconds"
        blank.update({"data/optimal.csv: seconds": "older engine", "data/optimal.csv: positions": "older engine"})
        stored_note = (" data/optimal.csv: the same proof's row in the table of optima (one search, timed without "
                       "set-up and tree read-out); older engine: written by an older version of the search, "
                       "whose time does not compare.")
    searches = f"Median of {repeats} searches each" if repeats is not None else "Median of the searches timed"
    load = pd.to_numeric(latest["load_avg"], errors="coerce").dropna() if "load_avg" in latest.columns else []
    load_text = ""
    if len(load):
        low, high = load.min(), load.max()
        span = f"{low:.1f}" + (f" to {high:.1f}" if high - low >= 0.1 else "")
        load_text = (f" Load average {span} (1-minute, as each benchmark started: it counts the searches just "
                     "before it as well as any other work)")
        # A search in this process records its CPU use: a whole core means no other work slowed it.
        if {"cpu_util", "threads"} <= set(latest.columns):
            cores = (pd.to_numeric(latest["cpu_util"], errors="coerce")
                     * pd.to_numeric(latest["threads"], errors="coerce"))
            whole = latest.loc[cores >= 0.95, "game"].tolist()
            if whole:
                load_text += (f"; by the CPU time it recorded, {' and '.join(whole)} had a core to "
                              f"{'itself' if len(whole) == 1 else 'themselves'}")
        load_text += "."
    table = readable(frame, formats=formats, blank=blank, note=(
        f"{searches}, after a warm-up search of the same game, in one process (python -m mmlib bench GAME "
        f"--optimal); objective total, any codeword may be guessed; positions searched: the exact count of "
        f"the last timed search. Measured on {_where_and_when(timings)}.{load_text}{stored_note} "
        f"{timings.left_out_note(consequence='earlier benchmarks of this search, not comparable')}").strip())
    table.numeric |= {c for c in frame.columns if c.startswith("data/optimal.csv")}
    return table


# The exact search's counters (`SearchStats`) in a reader's words, in the order a table shows them:
# the positions met (searched, or settled without a search), the cache, the guesses, the scores.
SEARCH_COUNTERS = {
    "nodes": "positions searched",
    "cache_hits": "positions answered from the cache",
    "shortcuts": "positions settled at their lower bound",
    "cache_entries": "cache entries written",
    "cache_thinned": "times the cache was emptied",
    "candidates_searched": "candidate guesses searched",
    "candidates_cut": "candidate guesses cut by their bound",
    "group_positions": "positions narrowed by symmetry",
    "scores": "scores computed or looked up",
}


def search_stats_table(stats: Mapping[str, int]) -> ReadableTable:
    """One optimal search's counters (`SolveResult.search_stats`), each named in words, in the order
    of SEARCH_COUNTERS (any other counter after them)."""
    order = [k for k in SEARCH_COUNTERS if k in stats] + [k for k in stats if k not in SEARCH_COUNTERS]
    frame = pd.DataFrame({"counter": [SEARCH_COUNTERS.get(k, k.replace("_", " ")) for k in order],
                          "count": [int(stats[k]) for k in order]})
    return readable(frame)


def recorded_seconds(seconds: float) -> str:
    """A proof's seconds as data/optimal.csv records them (to the millisecond): a 0 there was
    under a millisecond, not missing ('< 0.001'); below 0.01 s, the milliseconds as recorded
    (0.003); else two significant digits."""
    if seconds < 0.0005:
        return "< 0.001"
    return f"{seconds:.3f}" if seconds < 0.0095 else format_seconds(seconds)


def cited_sources(sources: Iterable[str]) -> str:
    """'Sources: Goddard 2004: W. Goddard, ...; Ville 2013: ...' for the source keys of
    `optimal_table.PUBLISHED_OPTIMA` among `sources` (the cells of a table's source column)."""
    from ..studies.optimal_table import SOURCES

    keys = []
    for cell in sources:
        for part in str(cell).replace(" (differs)", "").split("; "):
            if part in SOURCES and part not in keys:
                keys.append(part)
    if not keys:
        return ""
    return "Sources: " + "; ".join(f"{key}: {SOURCES[key]}" for key in sorted(keys)) + "."


SECONDS_COLUMN = "mmlib search (s)"


def proven_optima_table(optimal_frame: pd.DataFrame, min_codewords: int = 0, rules: "str | None" = None,
                        pins: "int | None" = None) -> ReadableTable:
    """`optimal_table.proven_optima`: every optimum mmlib has proven, its source beside it (only the
    games of at least `min_codewords` codewords, of the rule set `rules` and of `pins` pins where
    given). Seconds (of mmlib's search that proved the row) are shown for the searches of one
    machine and the newest engine version among the rows (`data_tables.one_machine_one_engine`),
    named in the note; a search by an older engine keeps its optimum, its seconds left out, and
    where no row shown has seconds of that version the column is left out and the note says so.
    The note lists the sources cited and spells out a published value that differs."""
    from ..studies.optimal_table import proven_optima

    frame = proven_optima(optimal_frame)
    timings = one_machine_one_engine(frame)
    frame["seconds"] = frame["seconds"].where(frame.index.isin(timings.rows.index))
    chosen = frame["codewords"] >= min_codewords
    if rules is not None:
        chosen &= frame["rules"] == rules
    if pins is not None:
        chosen &= frame["game"].map(lambda name: Game.parse(name).pins) == pins
    older = frame[chosen & frame["seconds"].isna()]
    frame = frame[chosen].drop(columns=["machine", "engine", "date", "mmlib_version"]).reset_index(drop=True)
    if rules is not None:  # one rule set: the game's name already says it
        frame = frame.drop(columns=["rules"])
    if len(frame) == 0:
        return ReadableTable(pd.DataFrame(), "data/optimal.csv proves no optimum of these rules and pins yet")
    # The source in a word or two: who published it; a disagreement in the note, not in the cell.
    differs = [f"{row['game']}, {row['source'].split(': ', 1)[1].split(', not')[0]} in "
               f"{row['source'].split(': ', 1)[0]} against {int(row['optimal total']):,} here"
               for _, row in frame.iterrows() if row["source"].endswith("not the same")]
    frame["source"] = frame["source"].map(short_source)
    versions = ", ".join(sorted(set(older["engine"].astype(str)) - {"", "unrecorded"}, key=_engine_order))
    if frame["seconds"].isna().all():
        frame = frame.drop(columns=["seconds"])
        seconds_note = (f"No search shown here was timed by engine {timings.engine}, the newest version of the "
                        f"search (on {timings.machine}): these optima were proven by older versions ({versions}), "
                        "whose seconds do not compare; data/optimal.csv keeps them.")
    else:
        seconds_note = (f"{SECONDS_COLUMN}: the seconds of mmlib's search that proved the row, on "
                        f"{_where_and_when(timings)}.")
        if len(older):
            seconds_note += (f" 'older engine': the {len(older):,} rows here proven by older versions of the search "
                             f"({versions}), whose seconds do not compare; data/optimal.csv keeps them.")
    note = seconds_note
    if (frame["source"] == "none found").all():  # a column of one value says it once, here
        frame = frame.drop(columns=["source"])
        note += " None of these optima was published elsewhere, as far as the sources the project checked go."
    if differs:
        note += " Differs: " + "; ".join(differs) + "."
    sources = cited_sources(frame["source"]) if "source" in frame.columns else ""
    if sources:
        note += " " + sources
    table = readable(frame.rename(columns={"seconds": SECONDS_COLUMN}), formats={SECONDS_COLUMN: recorded_seconds},
                     blank={SECONDS_COLUMN: "older engine"}, note=note)
    if SECONDS_COLUMN in table.frame.columns:
        table.numeric.add(SECONDS_COLUMN)  # right aligned, "older engine" cells included
    return table


def _engine_order(text: str):
    from ..studies.data_tables import engine_parts

    parts = engine_parts(text)
    return (parts[0], parts[1]) if parts else (text, -1)


def short_source(source: str) -> str:
    """`proven_optima`'s source in a table cell: 'Goddard 2004' for 'Goddard 2004: the same',
    'none found' for 'no published value found', 'X (differs)' for 'X: 26,374, not the same' (the
    table's note gives the value)."""
    if source == "no published value found":
        return "none found"
    if source.endswith(": the same"):
        return source.removesuffix(": the same")
    return source.split(": ", 1)[0] + " (differs)"


def proven_optima_summary(optimal_frame: pd.DataFrame) -> ReadableTable:
    """`optimal_table.proven_optima` in a few rows: per rule set and guess rule, how many games are
    proven, the largest of them, and how many optima were published elsewhere and agree."""
    from ..studies.optimal_table import proven_optima
    from .widgets import RULE_TITLES

    frame = proven_optima(optimal_frame)
    rows = []
    for (rules, guesses), group in frame.groupby(["rules", "guesses"], sort=False):
        largest = group.loc[group["codewords"].idxmax()]
        published = group["source"] != "no published value found"
        agree = group["source"].str.endswith(": the same")
        rows.append({"rules": RULE_TITLES.get(rules, rules), "guesses": guesses,
                     "games proven": group["game"].nunique(),
                     "largest": f"{largest['game']} ({int(largest['codewords']):,} codewords)",
                     "published elsewhere": int(published.sum()), "the same as published": int(agree.sum())})
    return readable(pd.DataFrame(rows))


def proven_optima_record(optimal_frame: pd.DataFrame, min_codewords: int = 0) -> ReadableTable:
    """`optimal_table.proven_optima` as a record of every proof (docs/optimal_table.md): each row's
    seconds beside the machine and the engine version that took them, since they are a row's own
    history, not times to compare (`proven_optima_table` shows one engine version's)."""
    from ..studies.optimal_table import proven_optima

    frame = proven_optima(optimal_frame)
    frame = frame[frame["codewords"] >= min_codewords].drop(columns=["date", "mmlib_version"]).reset_index(drop=True)
    return readable(frame, formats={"seconds": "seconds"})


def openings_table(optimal_frame: pd.DataFrame, results: pd.DataFrame) -> ReadableTable:
    """`optimal_table.openings`: the optimal opening of each game beside each strategy's best opening
    by total, for the games where some strategy's best opening is not the optimal one; the note
    counts the rest and names the games data/results.csv lacks."""
    from ..studies.optimal_table import openings

    frame = openings(optimal_frame, results)
    strategies = [c for c in frame.columns if c not in ("game", "codewords", "optimal opening", "optimal total", "its max")]
    # Only the games where some strategy's best opening is not the optimal one: the rest say nothing.
    differs = frame[strategies].ne(frame["optimal opening"], axis=0) & frame[strategies].notna()
    shown = frame[differs.any(axis=1)]
    # The rest are counted only where results.csv holds some strategy: a game with none says nothing.
    held = frame[strategies].notna().any(axis=1)
    same, missing = int((held & ~differs.any(axis=1)).sum()), frame.loc[~held, "game"].tolist()
    note = f"{same} other games: every strategy's best opening is the optimal one"
    if missing:
        note += (f"; {len(missing)} game{'s' if len(missing) != 1 else ''} of data/optimal.csv "
                 f"{'are' if len(missing) != 1 else 'is'} not in data/results.csv: {', '.join(missing)}")
    titles = {s.label: s.title for s in Strategy if s.label in strategies}
    return readable(shown, names={"its max": "max turns", **titles}, blank="not in results.csv", note=note + ".")


def gap_table(gaps: pd.DataFrame, max_codewords: int = 1296) -> ReadableTable:
    """Per strategy, over the games of at most `max_codewords` codewords that both data/optimal.csv
    and data/results.csv hold: the mean and the largest gap to the optimum, per game and in percent
    (the number of games, the same for every strategy, in the note)."""
    chosen = gaps[gaps["codewords"] <= max_codewords]
    summary = chosen.groupby("strategy").agg(
        mean_gap_per_game=("gap_per_game", "mean"),
        largest_gap_per_game=("gap_per_game", "max"), mean_gap_percent=("gap_percent", "mean"),
        largest_gap_percent=("gap_percent", "max"))
    # The strategies' names as the figures' legends write them, in their usual order.
    titles = {s.label: s.title for s in Strategy}
    summary = summary.reindex([s.label for s in Strategy if s.label in summary.index])
    summary.index = summary.index.map(titles)
    return readable(summary, formats={"mean_gap_per_game": 3, "largest_gap_per_game": 3,
                                      "mean_gap_percent": 1, "largest_gap_percent": 1},
                    names={"mean_gap_per_game": "mean gap per game (turns)",
                           "largest_gap_per_game": "largest gap per game (turns)",
                           "mean_gap_percent": "mean gap (% of the optimum)",
                           "largest_gap_percent": "largest gap (% of the optimum)"},
                    note=f"Over the {chosen['game'].nunique()} games of at most {max_codewords:,} codewords "
                         "that both data/optimal.csv and data/results.csv hold, each strategy from its best "
                         "opening by total.")


def possible_gap_table(gaps: pd.DataFrame) -> ReadableTable:
    """`studies.optimal_table.possible_guess_gaps` as one row per game: the optimum and each
    strategy's gap to it in percent (one decimal), when every guess is only from the possible secrets."""
    return strategy_gap_table(gaps, "optimum (turns)",
                              "Guesses only from the possible secrets, for the optimum and for each strategy "
                              "(played just now, from its best opening under that rule).", decimals=1)


def possible_gap_summary(gaps: pd.DataFrame) -> str:
    """`possible_guess_gaps` in one line: Knuth's range of gaps, and the largest gap of the other three
    strategies and of the closest of them ('Knuth 1.8% to 3.0% above the optimum; the other three at
    most 2.4%, Entropy at most 1.2%')."""
    titles = {s.label: s.title for s in Strategy}
    if gaps.empty:
        return "no game with guesses only from the possible secrets in data/optimal.csv yet"
    by = gaps.groupby("strategy")["gap_percent"]
    low, high = by.min(), by.max()
    others = [label for label in high.index if label != "knuth"]
    closest = min(others, key=lambda label: high[label])
    import textwrap

    return textwrap.fill(
        f"Guesses only from the possible secrets, {gaps['game'].nunique()} games: Knuth {low['knuth']:.1f}% to "
        f"{high['knuth']:.1f}% above the optimum; the other three at most {high[others].max():.1f}%, "
        f"{titles[closest]} at most {high[closest]:.1f}%.", 96)


def strategy_gap_table(gaps: pd.DataFrame, optimum: str = "optimum (turns)",
                       note: str = "each strategy from its best opening by total", decimals: int = 2) -> ReadableTable:
    """Gaps to the optimum (rows of game, codewords, optimal_total, strategy, gap_percent) as one
    row per game: the optimum (its column named `optimum`) and each strategy's gap in percent."""
    titles = {s.label: s.title for s in Strategy}
    wide = gaps.pivot_table(index=["game", "codewords", "optimal_total"], columns="strategy",
                            values="gap_percent", sort=False).reset_index()
    wide = wide.sort_values(["codewords", "game"], ignore_index=True)
    wide.columns.name = None
    order = [s.label for s in Strategy if s.label in wide.columns]
    wide = wide[["game", "codewords", "optimal_total"] + order]
    return readable(wide, formats={label: decimals for label in order},
                    names={"optimal_total": optimum, **{label: f"{titles[label]} gap (%)" for label in order}},
                    note=note)


def rules_table(frame: pd.DataFrame) -> ReadableTable:
    """A table of notebook 9 (`studies.rule_variants`), in the rules menu's and the legends' words:
    rule sets as "no repeated colors" and "black pegs only", strategies as "Expected Size", a
    difference as "no repeated colors − classic". Turns per game with three decimals, gaps in percent
    with two. A column with one value in every row (the pins or strategy a cell chose) goes to the
    note; so do the rules beside a game name that already says them, and the raw gap in turns."""
    from .widgets import RULE_TITLES

    frame = frame.copy()
    titles = {s.label: s.title for s in Strategy}
    if "strategy" in frame.columns:
        frame["strategy"] = frame["strategy"].map(lambda label: titles.get(label, label))
    if "rules" in frame.columns:
        frame["rules"] = frame["rules"].map(lambda rules: RULE_TITLES.get(rules, rules))
    dropped = [c for c in ("pins", "strategy") if c in frame.columns and len(frame) > 1 and frame[c].nunique() == 1]
    note = ", ".join(f"{c} {frame[c].iloc[0]}" for c in dropped)
    frame = frame.drop(columns=dropped + (["rules"] if "game" in frame.columns else [])
                       + (["gap"] if "gap_per_game" in frame.columns else []), errors="ignore")
    turns = {c: 3 for c in frame.columns if c in RULE_TITLES or c.endswith(" - classic") or "gap_per_game" in c}
    percent = {c: 2 for c in frame.columns if "percent" in c}
    names = {c: f"{RULE_TITLES.get(c[:-len(' - classic')], c)} − classic (turns per game)"
             for c in frame.columns if c.endswith(" - classic")}
    names.update({c: f"{RULE_TITLES[c]} (turns per game)" for c in frame.columns if c in RULE_TITLES})
    return readable(frame, formats={**turns, **percent}, names=names, note=note)


def games_won_by_turn(histograms, max_turns: "int | None" = None) -> dict[str, list[int]]:
    """Games won in 1, 2, ... turns as one column per turn ("in 1 turn", "in 2 turns", ...), not a
    list in one cell, so that the counts of one turn line up from row to row; a turn past a row's
    worst game counts 0."""
    histograms = [list(h) for h in histograms]
    turns = max_turns or max((len(h) for h in histograms), default=0)
    return {f"in {t} turn{'s' if t > 1 else ''}": [h[t - 1] if t <= len(h) else 0 for h in histograms]
            for t in range(1, turns + 1)}


def strategy_results_table(results) -> ReadableTable:
    """Solves of one game (`SolveResult`s), one row each: strategy, opening, total, average and
    worst turns, and the games won in each number of turns, one column per turn."""
    results = list(results)
    frame = pd.DataFrame({
        "strategy": [r.strategy.title for r in results], "first guess": [r.first_guess_text for r in results],
        "total turns": [r.total_turns for r in results], "average turns": [r.average_turns for r in results],
        "worst": [r.max_turns for r in results],
        **games_won_by_turn(r.turn_histogram for r in results),
    })
    return readable(frame, formats={"average turns": 3},
                    note="games won in each number of turns, the winning guess included")


def solve_summary_table(result) -> ReadableTable:
    """One solve (a `SolveResult`) as a one-row table: opening, turns, games won in each number of
    turns (a column each), scores, time."""
    return readable(pd.DataFrame([{
        "game": result.game.name, "strategy": result.strategy.title, "first guess": result.first_guess_text,
        "backend": result.backend, "case equivalence": "on" if result.case_equivalence else "off",
        "total turns": result.total_turns, "average turns": result.average_turns, "max turns": result.max_turns,
        **{turn: counts[0] for turn, counts in games_won_by_turn([result.turn_histogram]).items()},
        "scores": result.scores, "seconds": result.elapsed_s,
    }]), formats={"average turns": 4, "seconds": "seconds"},
        note=f"seconds: this solve, measured here on {this_machine()}")
