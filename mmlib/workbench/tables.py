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
from ..studies.data_tables import (CODEWORD_COLUMNS, KERNEL_STRATEGY, SOLVE_STRATEGIES, commits_of_rows,
                                   gpu_beside_cpu, latest_rows, machine_names, one_machine_one_engine, per_engine,
                                   this_machine)
from ..studies.data_tables import Table, frame_and_problem  # noqa: F401 (Table: the annotations)
from ..studies.own_picks import AS_LONG, LONGER, SHORTER, own_openings
from .plots import (average_text, partition_summary, rounded_as_shown, shown_ns_per_score, shown_scoring_times,
                    significant, subset_sizes)
from .plots_results import format_seconds, mmlib_versions, three_figures


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


# A name set in backticks in a note (`solve`, `data/first_guesses.csv`), as in the notebooks' Markdown.
_CODE_SPAN = re.compile(r"`([^`]+)`")


# An engine version (solve-cpu 6, solve-cuda 6), a date or a hyphenated name in backticks: never broken at a hyphen.
_ENGINE_NAME = re.compile(r"\b((?:solve-cpu|solve-cuda|solve-reference)(?: \d+)?|\d{4}-\d\d-\d\d)")


# A game with a rule set in its name (4p6c-black, 4p6c-norepeat): never broken at its hyphen.
_GAME_NAME = re.compile(r"\b(\d+p\d+c-(?:norepeat|black))\b")


def note_html(note: str, whole_names: bool = False, whole_games: bool = False) -> str:
    """A table's note as HTML: escaped, each name in backticks set in code font, as the notebooks'
    Markdown sets it (the plain-text note keeps the backticks, as Markdown source does). With
    `whole_names`, a name with a hyphen (an engine such as solve-cpu 6, a file name in backticks) is
    kept on one line. With `whole_games`, a game with a rule set in its name (4p6c-black) is too."""
    if whole_games:
        note_escaped = _GAME_NAME.sub(lambda m: f"\0{m.group(1)}\1", note)  # marked, then set whole below
        return (note_html(note_escaped, whole_names).replace("\0", '<span style="white-space: nowrap">')
                .replace("\1", "</span>"))
    if not whole_names:
        return _CODE_SPAN.sub(lambda m: f"<code>{m.group(1)}</code>", html.escape(note))

    def code(match) -> str:
        name = match.group(1)
        return f'<code style="white-space: nowrap">{name}</code>' if "-" in name else f"<code>{name}</code>"

    text = _ENGINE_NAME.sub(lambda m: f'<span style="white-space: nowrap">{m.group(1)}</span>', html.escape(note))
    return _CODE_SPAN.sub(code, text)


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
        self.whole_names = False  # True: the note's hyphenated names never break at a line's end
        self.whole_games = False  # True: so do its games with a rule set in their names (4p6c-black)
        # Column names longer than this may wrap between their words (a wide table sets it lower to fit the page).
        self.header_nowrap_max = NOWRAP_MAX_HEADER_CHARS

    def __len__(self) -> int:
        return len(self.frame)

    def _repr_html_(self) -> str:
        if self.frame.columns.empty and self.note:  # nothing to tabulate: the note alone, as a sentence
            return f'<p class="mm-table-note">{note_html(self.note)}</p>'
        # Drawn by hand rather than by pandas so that each column carries its alignment: Jupyter's
        # style sheet right-aligns every cell. The class names the formatter, so a test (or a
        # browser) can tell its tables from any other; no cell is ever cut short.
        def cell(tag: str, text, column) -> str:
            text = str(text)
            style = f"text-align: {'right' if column in self.numeric else 'left'};"
            if len(text) <= (NOWRAP_MAX_CHARS if tag == "td" else self.header_nowrap_max):
                style += " white-space: nowrap;"
            return f'<{tag} style="{style}">{html.escape(text)}</{tag}>'

        columns = list(self.frame.columns)
        head = "".join(cell("th", column, column) for column in columns)
        body = "\n".join("<tr>" + "".join(cell("td", value, column) for value, column in zip(row, columns))
                         + "</tr>" for row in self.frame.itertuples(index=False))
        table = (f'<table border="0" class="dataframe {READABLE_CLASS}">\n<thead><tr>{head}</tr></thead>\n'
                 f"<tbody>\n{body}\n</tbody>\n</table>")
        return table + (f'\n<p class="mm-table-note">{note_html(self.note, self.whole_names, self.whole_games)}</p>' if self.note else "")

    def markdown(self) -> str:
        """The table as a Markdown (GitHub) table, for the docs; the note is left out."""
        def line(cells) -> str:
            return "| " + " | ".join(str(cell).replace("|", "\\|") for cell in cells) + " |"

        rows = [line(self.frame.columns), line(["---"] * len(self.frame.columns))]
        return "\n".join(rows + [line(row) for row in self.frame.itertuples(index=False)])

    def __repr__(self) -> str:
        if self.frame.columns.empty and self.note:
            return self.note
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


def _whole_names(function):
    """`function`'s table keeps the hyphenated names of its note whole (`ReadableTable.whole_names`)."""
    import functools

    @functools.wraps(function)
    def wrapped(*args, **kwargs):
        table = function(*args, **kwargs)
        if isinstance(table, ReadableTable):
            table.whole_names = True
        return table
    return wrapped


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
      column (by its raw name) a number of decimals, "count", "seconds" (`format_seconds`), "3 figures"
      (`three_figures`: 0.0601, 3.65, 948), "percent" (a share as 12.3%) or a function of the value.
    - Codewords (a column named as `data_tables.CODEWORD_COLUMNS`, such as first_guess) are names:
      left aligned, 112 as 1122.
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
        if str(raw) in CODEWORD_COLUMNS:  # a guess such as 112 is a name, left aligned as 1122 is
            continue
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
    if how == "3 figures":
        return [three_figures(v) for v in numbers]
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


NOT_TIMED = "–"  # a solve not timed on a backend (by its current engine); the notes say so


def solve_benchmarks(benchmarks: pd.DataFrame) -> tuple[pd.DataFrame, dict]:
    """The whole solves of data/benchmarks.csv (not the optimal search, not the kernel alone), one
    row per game, strategy, case-equivalence setting and opening: the latest run's median on the
    cpu and on the cuda backend (NaN where not timed), each backend's rows of one machine and the
    newest version of its engine (`one_machine_one_engine`), with the scores and, where both
    backends timed it, cpu over cuda. Returns (frame, {backend: Timings}); the frame also holds
    how many runs data/benchmarks.csv has of each backend's solve (`runs_cpu`, `runs_cuda`)."""
    solves = benchmarks[benchmarks["strategy"].isin(SOLVE_STRATEGIES)] if len(benchmarks) else benchmarks
    if len(solves) == 0:
        return pd.DataFrame(), {}
    parts = {backend: one_machine_one_engine(group) for backend, group in solves.groupby("backend", sort=True)}
    frame = pd.concat([part.rows for part in parts.values()])
    keys = ["game", "backend", "strategy", "case_equivalence"]
    runs = frame.assign(**{k: frame[k].fillna("-").astype(str) for k in keys}).groupby(keys).size()
    latest = latest_rows(frame, keys)
    latest = latest.assign(first_guess=latest["first_guess"].astype(str),
                           runs=[int(runs[tuple(str(row[k]) for k in keys)]) for _, row in latest.iterrows()])
    solve = ["game", "codewords", "strategy", "case_equivalence", "first_guess"]
    wide = latest.pivot_table(index=solve, columns="backend", values=["median_s", "scores", "scores_per_s", "runs"],
                              aggfunc="last")
    wide.columns = [f"{value}_{backend}" for value, backend in wide.columns]
    wide = wide.reset_index()
    for backend in ("cpu", "cuda"):
        for value in ("median_s", "scores", "scores_per_s", "runs"):
            if f"{value}_{backend}" not in wide.columns:
                wide[f"{value}_{backend}"] = np.nan
    wide["scores"] = wide["scores_cuda"].fillna(wide["scores_cpu"])
    wide["cpu_over_cuda"] = wide["median_s_cpu"] / wide["median_s_cuda"]
    order = {s.label: k for k, s in enumerate(Strategy)}
    wide = wide.assign(_order=wide["strategy"].map(order), _off=wide["case_equivalence"].ne("on"))
    wide = wide.sort_values(["codewords", "game", "_order", "_off"], kind="stable").drop(columns=["_order", "_off"])
    return wide.reset_index(drop=True), parts


def _solves_named(rows: pd.DataFrame) -> str:
    """'6p6c Knuth and Expected Size; 8p6c Knuth': the solves of `rows`, by game, strategies in order."""
    order = {s.label: k for k, s in enumerate(Strategy)}
    parts = []
    for game, group in rows.groupby("game", sort=False):
        titles = [Strategy.parse(s).title for s in sorted(dict.fromkeys(group["strategy"]), key=order.get)]
        parts.append(f"{game} {', '.join(titles[:-1])} and {titles[-1]}" if len(titles) > 1 else f"{game} {titles[0]}")
    return "; ".join(parts)


# Column titles in the pattern of the seed tables' ("seed, times as fast") and the unit of the others ("billion scores/s").
# Short titles, so that the ten columns fit a page of about 900 px (review r11: the last was cut off).
# Every ratio column names the faster side, in one pattern (review r12: "seed, times as fast" beside
# "mmlib, times as fast" and "cpu s / cuda s" read in different directions).
RATIO_TITLE = "cuda faster by"
RATE_TITLES = {backend: f"{backend}: billion scores/s" for backend in ("cpu", "cuda")}


def solve_benchmark_table(benchmarks: pd.DataFrame) -> ReadableTable:
    """`solve_benchmarks` as a reader wants it: one row per solve, its seconds on the cpu and on
    the GPU side by side, how many times as fast the GPU ran it, and the scores a second of each in
    billions, every measured quantity with three significant figures. The note says, once per
    backend, where, with which engine and when they were measured (`Timings.caption`), with how
    many threads the cpu ran, how many runs the file holds, and what was left out."""
    wide, parts = solve_benchmarks(benchmarks)
    if len(wide) == 0:
        return ReadableTable(pd.DataFrame(), "data/benchmarks.csv has no timed solves")
    # The ratio and the rates from the seconds as the table shows them (three significant figures),
    # so that a reader who divides the numbers shown gets the ones beside them.
    cpu, cuda = as_shown(wide["median_s_cpu"], three_figures), as_shown(wide["median_s_cuda"], three_figures)
    shown = pd.DataFrame({
        "game": wide["game"], "strategy": [Strategy.parse(s).title for s in wide["strategy"]],
        "case equivalence": wide["case_equivalence"], "scores": wide["scores"],
        "cpu s": wide["median_s_cpu"], "cuda s": wide["median_s_cuda"], RATIO_TITLE: cpu / cuda,
        RATE_TITLES["cpu"]: wide["scores"] / cpu / 1e9, RATE_TITLES["cuda"]: wide["scores"] / cuda / 1e9,
    })
    figures = {c: "3 figures" for c in ("cpu s", "cuda s", *RATE_TITLES.values())}
    table = readable(shown, formats={**figures, RATIO_TITLE: times_as},
                     blank={c: NOT_TIMED for c in shown.columns})
    where = []
    for backend, part in parts.items():
        if len(part.rows) == 0:
            continue
        threads = sorted({int(t) for t in part.rows.get("threads", pd.Series(dtype=float)).dropna()})
        on = f", {', '.join(map(str, threads))} thread{'s' if threads != [1] else ''}" \
            if backend == "cpu" and threads else ""
        cores = sorted({int(c) for c in part.rows.get("cores", pd.Series(dtype=float)).dropna()})
        if backend != "cpu" and len(cores) == 1:  # the load average is the GPU's host's: say of how many cores
            on = f" on a {cores[0]}-core host"
        where.append(f"{backend}: {part.caption()}{mmlib_versions(latest_rows(part.rows))}{on}")
    # How many solves each median is of: the usual count once, the solves of another count named.
    latest = pd.concat([latest_rows(part.rows) for part in parts.values() if len(part.rows)])
    repeats = latest["repeats"].dropna().astype(int) if "repeats" in latest.columns else pd.Series(dtype=int)
    usual = int(repeats.mode().iloc[0]) if len(repeats) else None
    other = [f"{count} on the {backend} backend for {_solves_named(group)}" for (backend, count), group in
             latest[repeats.reindex(latest.index).ne(usual) & repeats.reindex(latest.index).notna()]
             .groupby(["backend", "repeats"], sort=True)] if usual is not None else []
    medians = (f" Each time is the median of the latest run's {usual} solves"
               + (f" ({'; '.join(other)})" if other else "") + ".") if usual is not None else ""
    # How many runs the file holds of a solve timed more than once, exactly: "2 runs each of ...".
    words = {2: "two", 3: "three", 4: "four", 5: "five"}
    twice = [f"{words.get(int(count), int(count))} runs {'each ' if len(group) > 1 else ''}of the {backend} "
             f"backend's {_solves_named(group)}"
             for backend in ("cpu", "cuda")
             for count, group in wide[wide[f"runs_{backend}"] > 1].groupby(f"runs_{backend}", sort=True)]
    # Each such solve's times, earliest first, so that the earlier runs are shown too (review r8).
    earlier_times = []
    for backend in ("cpu", "cuda"):
        if backend not in parts or f"runs_{backend}" not in wide.columns:
            continue
        for _, solve_row in wide[wide[f"runs_{backend}"] > 1].iterrows():
            rows = parts[backend].rows
            same = rows[(rows["game"] == solve_row["game"]) & (rows["strategy"] == solve_row["strategy"])
                        & (rows["case_equivalence"] == solve_row["case_equivalence"])
                        & (rows["first_guess"].astype(str) == str(solve_row["first_guess"]))].sort_values("date")
            times = " then ".join(f"{three_figures(float(v))} s" for v in same["median_s"])
            earlier_times.append(f"{solve_row['game']} {Strategy.parse(solve_row['strategy']).title} {times}")
    runs = (f" data/benchmarks.csv holds {' and '.join(twice)}"
            + (f" ({'; '.join(earlier_times)})" if earlier_times else "") + ": the table shows the latest."
            if twice else "")
    left = "; ".join(part.left_out_note().removeprefix("Left out: ").rstrip(".") for part in parts.values()
                     if part.left_out_note())
    # The file's rows of the solves shown, against the lines they make: a line holds one solve's cpu
    # and cuda times side by side (review r7: "30 rows" in the data-files table, 24 lines here).
    counts = {b: int(wide[f"median_s_{b}"].notna().sum()) for b in ("cpu", "cuda") if f"median_s_{b}" in wide.columns}
    lines = (f"One line per solve: the {sum(counts.values())} rows of data/benchmarks.csv it shows "
             f"({', '.join(f'{n} {b}' for b, n in counts.items())}) make {len(wide)} lines, a solve's cpu and "
             "cuda times side by side. ") if sum(counts.values()) != len(wide) else ""
    # The first guesses in the note, not in a column of their own (review r11: the table was too wide).
    firsts = []
    for game, group in wide.groupby("game", sort=False):
        guesses = group["first_guess"].astype(str)
        if guesses.nunique() == 1:
            firsts.append(f"{guesses.iloc[0]} in {game}")
        else:
            by_guess = {g: [Strategy.parse(s).title for s in group.loc[guesses == g, "strategy"].unique()]
                        for g in guesses.unique()}
            firsts.append(f"in {game} " + ", ".join(f"{g} for {' and '.join(names)}" for g, names in by_guess.items()))
    first = f" First guess: {'; '.join(firsts)}." if firsts else ""
    note = (f"{lines}{'; '.join(where)}.{medians}{runs}{first} {RATIO_TITLE}: how many times as fast the GPU ran "
            f"the solve, computed, as the scores a second are, from "
            f"the scores and the seconds as shown. {NOT_TIMED}: not timed on that backend by its current engine."
            + (f" Left out: {left}." if left else ""))
    return ReadableTable(table.frame, note, table.numeric)


def benchmark_only_games_table(results: pd.DataFrame, benchmarks: pd.DataFrame) -> ReadableTable:
    """The games mmlib solved only as benchmarks (whole solves in data/benchmarks.csv, no row in
    data/results.csv): their turns, one row per game, strategy and first guess (every run of a solve
    plays the same turns, on every backend and with case equivalence on or off). They were solved from
    one first guess each, so they have no best-max first guess and stay off the maps of data/results.csv."""
    solves = benchmarks[benchmarks["strategy"].isin(SOLVE_STRATEGIES)] if len(benchmarks) else benchmarks
    solves = solves[~solves["game"].isin(set(results["game"]))].dropna(subset=["total_turns"]) if len(solves) else solves
    if len(solves) == 0:
        return ReadableTable(pd.DataFrame(), "every game data/benchmarks.csv solved is in data/results.csv")
    keys = ["game", "strategy", "first_guess"]
    turns = solves.groupby(keys, sort=False)[["total_turns", "max_turns"]].agg(["min", "max"])
    if ((turns.xs("min", axis=1, level=1) != turns.xs("max", axis=1, level=1))
            & turns.xs("max", axis=1, level=1).notna()).any().any():
        raise ValueError("two runs of one solve in data/benchmarks.csv played different turns")
    rows = turns.xs("max", axis=1, level=1).reset_index()
    rows = rows.assign(codewords=[Game.parse(g).size for g in rows["game"]],
                       order=rows["strategy"].map({s.label: k for k, s in enumerate(Strategy)}))
    rows = rows.sort_values(["codewords", "game", "order"], kind="stable")
    frame = pd.DataFrame({
        "game": rows["game"], "codewords": rows["codewords"],
        "strategy": [Strategy.parse(s).title for s in rows["strategy"]],
        "first_guess": rows["first_guess"].astype(str), "total_turns": rows["total_turns"].astype(int),
        "average_turns": rows["total_turns"] / rows["codewords"], "max_turns": rows["max_turns"],
    })
    return readable(frame, formats={"average_turns": 3, "max_turns": "count"}, blank={"max_turns": "not recorded"},
                    note="Solved only as benchmarks (data/benchmarks.csv), each from one first guess: they have "
                         "no best-max first guess, so they are not on the maps. Every run of a solve plays the same "
                         "turns, on either backend and with case equivalence on or off.")


def _and(words) -> str:
    """'a', 'a and b', 'a, b and c'."""
    words = list(words)
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


NOT_SHOWN = "left out"  # data_files_table: rows no table or figure of notebook 6 shows
# Where notebook 6 shows each table of data/, by the number of the cell that draws it (notebook 6 runs
# top to bottom, so its cells are numbered in order; tests/test_workbench_views.py checks each number
# against the stored notebook, the function its cell calls).
NOTEBOOK_6_CELLS = {"benchmark-only games": 7, "time-saved bars": 12, "threshold table": 13,
                    "4p6c turns table": 14, "7p7c scores table": 15, "GPU times, 7p7c": 16,
                    "GPU times, 5p8c": 17, "cpu times table": 18, "benchmark table": 19, "scoring kernel table": 21}


def notebook_6_cell(*names: str) -> str:
    """'cell [19]', or 'cells [16] and [17]': where notebook 6 shows the tables `names`."""
    numbers = [f"[{number}]" for number in sorted(NOTEBOOK_6_CELLS[name] for name in names)]
    return f"cell {numbers[0]}" if len(numbers) == 1 else f"cells {_and(numbers)}"


def data_files_table(data_dir=None) -> ReadableTable:
    """What the rows of the six tables notebook 6 reads are, counted so that each file's parts add
    up to its rows: the rule sets of data/results.csv and data/first_guesses.csv (the classic rows
    here, the variants notebook 9's); the kinds of run of data/benchmarks.csv (whole solves of the
    current engines, the latest run of each the benchmark table's times and the earlier runs of the
    same solves named, and of older ones; the optimal search, notebook 8's; the scoring kernel alone;
    the cluster-overhead rows, docs/cluster.md's); and the rows of data/case_equivalence_timing.csv,
    data/ce_threshold.csv and data/seed_comparison.csv, by the figure or table that shows them."""
    from ..studies.data_tables import BENCHMARKS_COLUMNS, load_first_guesses, load_results, load_table

    rows, detail = [], ""
    results = load_results(data_dir, rules=None).frame
    guesses = load_first_guesses(data_dir, rules=None).frame
    for name, frame in (("data/results.csv", results), ("data/first_guesses.csv", guesses)):
        classic = frame[frame["rules"] == "classic"]
        what = "classic rules"
        if name.endswith("first_guesses.csv") and len(classic):
            counts = classic.groupby("strategy")["game"].nunique()
            per = {}
            for strategy in Strategy:
                per.setdefault(int(counts.get(strategy.label, 0)), []).append(strategy.title)
            what = "classic rules, one per game and strategy"
            detail = "The classic rows of data/first_guesses.csv: " + "; ".join(
                f"{_and(titles)} {n} games" + (" each" if len(titles) > 1 else "")
                for n, titles in sorted(per.items(), reverse=True))
            # Why a strategy has fewer games: none of the game in data/results.csv, or not every first
            # guess of it played yet (the sweep writes first_guesses.csv once every one is).
            from ..studies.data_tables import incomplete_openings

            solved = results[results["rules"] == "classic"]
            every = set(classic["game"])
            absent = {}
            for strategy in Strategy:
                for game in sorted(every - set(solved.loc[solved["strategy"] == strategy.label, "game"])):
                    absent.setdefault(game, []).append(strategy.title)
            why = [f"{_and(titles)} {'have' if len(titles) > 1 else 'has'} no {game} in data/results.csv"
                   for game, titles in absent.items()]
            why += [f"{Strategy.parse(r.strategy).title}'s {r.game} is incomplete: {r.played} of its {r.patterns} "
                    "first guesses played" for r in incomplete_openings(solved).itertuples()]
            if why:
                detail += f" ({'; '.join(why)})"
            detail += ". "
        rows.append({"file": name, "rows": len(classic), "rows of": what, "shown in": "this notebook"})
        rows.append({"file": "", "rows": len(frame) - len(classic), "rows of": "other rule sets",
                     "shown in": "notebook 9"})
    raw = load_table("benchmarks.csv", BENCHMARKS_COLUMNS, data_dir).frame
    cluster = raw["scheduler"].notna() if "scheduler" in raw.columns else pd.Series(False, index=raw.index)
    plain = raw[~cluster]
    solves = plain[plain["strategy"].isin(SOLVE_STRATEGIES)]
    now = pd.concat([one_machine_one_engine(group).rows for _, group in solves.groupby("backend")]) \
        if len(solves) else solves
    current = len(now)
    latest = latest_rows(now)
    earlier = now.drop(index=latest.index)
    kernel = plain[plain["strategy"] == KERNEL_STRATEGY]
    kernel_now = len(one_machine_one_engine(kernel).rows)
    parts = [("whole solves, current engines, latest run of each", notebook_6_cell("benchmark table"), len(latest), "")]
    shown_too = ""
    if len(earlier):
        named = "; ".join(f"the {backend} backend's {_solves_named(group)}"
                          for backend, group in earlier.groupby("backend", sort=True))
        parts.append(("earlier runs of the same solves", f"{notebook_6_cell('benchmark table')}'s note",
                      len(earlier), ""))
        shown_too = f"Earlier runs: {named}, whose times the note of {notebook_6_cell('benchmark table')} gives. "
    # The games solved only as benchmarks: their turns, from whole solves of any engine version or run.
    only = solves[~solves["game"].isin(set(results["game"]))].dropna(subset=["total_turns"])
    if len(only):
        shown_too += (f"{notebook_6_cell('benchmark-only games').capitalize()} reads the turns of "
                      f"{_and(sorted(set(only['game']), key=lambda g: Game.parse(g).size))}, which data/results.csv lacks, from the {len(only)} "
                      "whole-solve rows of data/benchmarks.csv that solve them (every run plays the same turns). ")
    one_engine = "the rows of older engine versions in data/benchmarks.csv, as a table shows one engine version"
    parts += [("whole solves, older engine versions", NOT_SHOWN, len(solves) - current, one_engine),
             ("the optimal search", "notebook 8", int((plain["strategy"] == "optimal").sum()), ""),
             ("the scoring kernel alone, current engine", notebook_6_cell("scoring kernel table"), kernel_now, ""),
             ("the scoring kernel alone, older engines", NOT_SHOWN, len(kernel) - kernel_now, one_engine),
             ("solves run through a Dask scheduler", "docs/cluster.md", int(cluster.sum()), "")]
    counted = sum(part[2] for part in parts)
    if counted != len(raw):
        parts.append(("other rows", NOT_SHOWN, len(raw) - counted, ""))
    reasons = []
    for k, (what, where, n, why) in enumerate(parts):
        rows.append({"file": "data/benchmarks.csv" if k == 0 else "", "rows": n, "rows of": what, "shown in": where})
        if why and n and why not in reasons:
            reasons.append(why)
    totals = {name: len(frame) for name, frame in (("data/results.csv", results),
                                                      ("data/first_guesses.csv", guesses),
                                                      ("data/benchmarks.csv", raw))}
    for name, parts in _other_data_files(data_dir).items():
        for k, (what, where, n, why) in enumerate(parts):
            rows.append({"file": name if k == 0 else "", "rows": n, "rows of": what, "shown in": where})
            if why:
                reasons.append(why)
        totals[name] = sum(part[2] for part in parts)
    left_out = f"Left out: {'; '.join(reasons)}. " if reasons else ""
    return readable(pd.DataFrame(rows),
                    note=detail + shown_too + left_out + "Rows in all: "
                    + "; ".join(f"{name} {n:,}" for name, n in totals.items()) + ".")


def _other_data_files(data_dir=None) -> dict:
    """The rows of the other three tables notebook 6 reads, by the figure or table that shows them:
    {file: [(rows of, shown in, rows, why left out), ...]}, each file's parts adding up to its rows."""
    from ..studies.data_tables import load_table
    from ..studies.seed_comparison import load_seed_comparison

    files = {}
    timing = load_table("case_equivalence_timing.csv", ("game", "strategy", "case_equivalence", "median_s"),
                        data_dir).frame
    cpu = timing[timing["backend"] == "cpu"] if len(timing) else timing
    bars = latest_rows(one_machine_one_engine(cpu).rows) if len(cpu) else cpu
    # The games the bars leave out, solved too fast either way to compare (`case_equivalence_figure`).
    from .plots_results import MIN_COMPARABLE_S, case_equivalence_seconds

    seconds = case_equivalence_seconds(timing) if len(timing) else pd.DataFrame(columns=["game", "off", "on"])
    shortest = seconds.groupby("game")[["off", "on"]].min().min(axis=1) if len(seconds) else pd.Series(dtype=float)
    tiny = list(shortest[shortest < MIN_COMPARABLE_S].index)
    fast = bars[bars["game"].isin(tiny)] if len(bars) else bars
    files["data/case_equivalence_timing.csv"] = [
        part for part in (
            ("cpu backend, case equivalence on and off", notebook_6_cell("time-saved bars"), len(bars) - len(fast), ""),
            (f"cpu backend, the {len(tiny)} fastest games", NOT_SHOWN, len(fast),
             # Their times once, with machine and engine, in the bars' note (review r11: not twice).
             f"the {_and(tiny)} rows of data/case_equivalence_timing.csv, too fast either way to compare "
             f"(the note of {notebook_6_cell('time-saved bars')} gives their times)"),
            ("cpu backend, earlier runs or other engines", NOT_SHOWN, len(cpu) - len(bars),
             "the earlier runs in data/case_equivalence_timing.csv, as the bars draw the latest run of one engine"),
            ("reference backend", NOT_SHOWN, len(timing) - len(cpu), "the rows of the reference backend in data/case_equivalence_timing.csv, as the bars compare cpu solves"))
        if part[2]]
    threshold = load_table("ce_threshold.csv", ("game", "strategy", "setting", "median_s"), data_dir).frame
    off = (threshold["setting"] == "off").sum() if len(threshold) else 0
    files["data/ce_threshold.csv"] = [
        part for part in (
            ("case equivalence on from 1, 6 and 16", notebook_6_cell("threshold table"), int(len(threshold) - off), ""),
            ("case equivalence off", NOT_SHOWN, int(off), "the rows of data/ce_threshold.csv with case equivalence off, as the time-saved bars answer that"))
        if part[2]]
    from pathlib import Path

    path = None if data_dir is None else Path(data_dir) / "seed_comparison.csv"
    seed = load_seed_comparison(path)
    kinds = {"turns": 0, "gpu": 0, "cpu": 0, "crossed": 0, "other": 0}
    for _, row in seed.iterrows():
        if _figure(row.get("seed_total_turns", ""), "turns", ""):
            kinds["turns"] += 1
        elif _figure(row.get("seed_seconds", ""), "seconds", ""):
            seed_gpu = any(w in str(row.get("seed_machine", "")) for w in GPU_WORDS)
            mmlib_gpu = "mmlib cuda backend" in str(row.get("mmlib_machine", ""))
            kinds["gpu" if seed_gpu and mmlib_gpu else "cpu" if not (seed_gpu or mmlib_gpu) else "crossed"] += 1
        else:
            kinds["other"] += 1
    files["data/seed_comparison.csv"] = [
        (what, where, kinds[kind], why) for kind, what, where, why in (
            ("turns", "4p6c turn counts", notebook_6_cell("4p6c turns table"), ""),
            ("gpu", "score counts and GPU times, seed's against mmlib's cuda", notebook_6_cell("GPU times, 7p7c", "GPU times, 5p8c", "7p7c scores table"), ""),
            ("cpu", "cpu times, seed's C++ against mmlib's cpu", notebook_6_cell("cpu times table"), ""),
            ("crossed", "seed's GPU times against mmlib's cpu", NOT_SHOWN,
             "the seed's GPU times beside mmlib's cpu times in data/seed_comparison.csv, as they would compare "
             "machines, not solvers"),
            ("other", "other rows", NOT_SHOWN, "")) if kinds[kind]]
    return files


def published_check_table(result, results: pd.DataFrame, comparison: pd.DataFrame,
                          published_by: str = "") -> ReadableTable:
    """One solve three ways: the published figures (data/seed_comparison.csv's row of the same game,
    strategy and opening from REFERENCE.md's figures to reproduce), the solve `result` just made,
    and its row of data/results.csv: total, max and average turns each."""
    game, strategy, guess = result.game.name, result.strategy.label, result.first_guess_text
    rows = []
    published = comparison[(comparison["game"] == game) & (comparison["strategy"] == strategy)
                           & (comparison["first_guess"].astype(str) == guess)
                           & comparison["seed_source"].astype(str).str.contains("figures to reproduce")] \
        if len(comparison) else comparison
    if len(published):
        row = published.iloc[0]
        total = int(row["seed_total_turns"])
        source = seed_source(row["seed_source"])
        rows.append({"figures": f"{published_by or 'published'}, as {source.split(',')[0]} quotes it",
                     "total turns": total, "max turns": int(row["seed_max_turns"]),
                     "average turns": total / result.game.size})
    rows.append({"figures": f"solved just now ({result.backend} backend)", "total turns": result.total_turns,
                 "max turns": result.max_turns, "average turns": result.average_turns})
    stored = results[(results["game"] == game) & (results["strategy"] == strategy)
                     & (results["first_guess"].astype(str) == guess)] if len(results) else results
    if len(stored):
        row = stored.iloc[0]
        rows.append({"figures": "data/results.csv", "total turns": int(row["total_turns"]),
                     "max turns": int(row["max_turns"]), "average turns": float(row["average_turns"])})
    return readable(pd.DataFrame(rows), formats={"average turns": 3},
                    note=f"{game}, {result.strategy.title}, first guess {guess}.")


@_whole_names
def timings_table(timings: pd.DataFrame) -> ReadableTable:
    """Live timings (from `time_solves`): seconds, scores, millions of scores per second; the note
    names the machine and engine of each backend, read from the rows, the machine's load average
    and, for the cpu backend, the threads its solves ran on. A backend column only where the rows
    have more than one backend: one is named once, in the note."""
    columns = [c for c in ("game", "codewords", "first_guess", "backend", "case_equivalence", "max_turns", "median_s",
                           "cpu_s", "scores", "scores_per_s")
               if c in timings.columns]
    if "backend" in columns and timings["backend"].nunique() == 1:
        columns.remove("backend")
    where = ""
    if {"machine", "engine"} <= set(timings.columns) and len(timings):
        commits = timings["mmlib_version"] if "mmlib_version" in timings.columns else pd.Series("", index=timings.index)
        where = "; ".join(f"{backend} on {machine}, engine {engine}"
                          + (f", mmlib {commit}" if str(commit) else "")
                          for backend, machine, engine, commit in
                          timings.assign(_commit=commits.fillna(""))[["backend", "machine", "engine", "_commit"]]
                          .drop_duplicates().itertuples(index=False))
    note = f"Median of 3 solves each, measured just now: {where}." if where else ""
    if "cpu_s" in columns:
        note += (" Each solve is timed around the whole call: median s is the median of the wall times, CPU s the "
                 "median of the same solves' CPU times.")
    if "scores_per_s" in columns:
        note += " Each rate is counted scores per second: scores computed over median s as shown."
    if "cpu_s" in columns:
        note += _stretched_rows(timings)
    if "threads" in timings.columns and (timings["backend"] == "cpu").any():
        from ..studies.data_tables import one_thread_reason

        threads = pd.to_numeric(timings.loc[timings["backend"] == "cpu", "threads"], errors="coerce").dropna()
        if len(threads):
            note += f" Every solve ran {one_thread_reason(threads)}."
    if "load_avg" in timings.columns and timings["load_avg"].notna().any():
        # A shared machine: how busy it was before the timings says how far other work may have stretched them.
        loads = timings["load_avg"].dropna().astype(float)
        note += f" Load average before the solves: {loads.min():.1f}" + \
            (f" to {loads.max():.1f}" if loads.max() - loads.min() >= 0.1 else "") + \
            (f" on {int(timings['cores'].iloc[0])} cores" if "cores" in timings.columns else "") + "."
    if len(timings) and "cuda" not in set(timings["backend"]):
        from ..studies.data_tables import real_gpu_present

        if not real_gpu_present():
            note += " This machine has no GPU, so the cpu backend alone is timed here."
    # The rate from the seconds as shown, so that a reader who divides gets it.
    rate = pd.to_numeric(timings["scores"], errors="coerce") / as_shown(timings["median_s"]) / 1e6
    return readable(timings[columns].assign(scores_per_s=rate),
                    names={"scores_per_s": "million scores/s", "scores": "scores computed", "first_guess": "opening",
                           "cpu_s": "CPU s"},
                    # Three significant figures, as notebook 5's billions of scores a second: a rate under
                    # one million a second (a tiny game on a busy machine) reads 0.174, not 0.
                    formats={"median_s": "seconds", "cpu_s": "seconds", "scores_per_s": lambda v: significant(v, 3)},
                    note=note.strip())


STRETCHED = 1.5  # a live solve's wall time over its CPU time past which its note says other work held the core


def _stretched_rows(timings: pd.DataFrame) -> str:
    """A sentence naming the rows of `timings` whose median wall time is at least `STRETCHED` times
    their median CPU time, both as the table shows them: other work on the machine held the core
    during those solves, and their rate, from the wall time, is the lower for it ('' if none)."""
    wall, cpu = as_shown(timings["median_s"]), as_shown(timings["cpu_s"])
    stretched = [(game, w, c) for game, w, c in zip(timings["game"], wall, cpu) if c > 0 and w >= STRETCHED * c]
    if not stretched:
        return " No median wall time stands far above its CPU time: other work on the machine stretched none by much."
    which = "; ".join(f"{game}: {format_seconds(w)} s against {format_seconds(c)} s, {w / c:.1f} times"
                      for game, w, c in stretched)
    return (f" Where median s stands far above CPU s ({which}), the solves waited while other work on the machine "
            "held the core, so the rate, from the wall time, is the lower for it.")


def first_guess_table(first_guesses: pd.DataFrame) -> ReadableTable:
    """The best-max first guess of every game (rows pins, colors) per strategy (columns)."""
    table = first_guesses.dropna(subset=["pins", "colors"])
    if len(table) == 0:
        return ReadableTable(pd.DataFrame(), "data/first_guesses.csv has no rows yet")
    table = table.assign(pins=table["pins"].astype(int), colors=table["colors"].astype(int))
    wide = table.pivot_table(index=["pins", "colors"], columns="strategy", values="best_max", aggfunc="first")
    return readable(wide, blank="not swept yet")


SPREAD_NOTED = 0.2  # turns a game: the spread past which the summary names the games


def shown_turns_spread(best: pd.DataFrame) -> pd.DataFrame:
    """`data_tables.average_turns_spread` worked out from the average turns as the tables show them
    (three decimals), so that a game's spread reads the same in the summary, in the prose and under
    the chosen game's table (4p15c: 0.422, not the unrounded 0.421)."""
    from ..studies.data_tables import average_turns_spread

    shown = best.assign(average_turns=best["average_turns"].astype(float).round(3)) if len(best) else best
    spread = average_turns_spread(shown)
    return spread.assign(spread=spread["spread"].astype(float).round(3)) if len(spread) else spread


def strategy_summary_table(best: pd.DataFrame) -> ReadableTable:
    """`data_tables.strategy_summary` as a reader wants it: strategies by their names, the number of
    games they share said once in the note instead of in every row, with the games some strategy
    lacks, and how far apart the four strategies' averages are (`data_tables.average_turns_spread`):
    its median over the games, its largest (where), and the games past SPREAD_NOTED turns."""
    from ..studies.data_tables import lowest_average_strategies, strategy_summary

    summary = strategy_summary(best)
    games = sorted(set(summary["games"].astype(int))) if len(summary) else []
    shown = summary.drop(columns=["games", "lowest_all_tie_in"]).assign(
        strategy=[Strategy.parse(s).title for s in summary["strategy"]])
    note = ""
    if games:
        strategies = [s for s in Strategy if s.label in set(best["strategy"])]
        note = f"Over the {', '.join(map(str, games))} games data/results.csv holds for all {len(strategies)} strategies"
        partial = [(game, [s.title for s in strategies if s.label in set(group["strategy"])])
                   for game, group in best.groupby("game", sort=False) if group["strategy"].nunique() < len(strategies)]
        if partial:
            note += " (" + "; ".join(f"{game}: {' and '.join(titles)} only" for game, titles in partial) + ")"
        note += "." + _lowest_average_ties_note(summary, lowest_average_strategies(best), len(strategies))
        spread = shown_turns_spread(best)
        if len(spread):
            widest = spread[spread["spread"] == spread["spread"].max()]
            wide = spread[spread["spread"] > SPREAD_NOTED]
            note += (f" A game's spread: its highest average turns minus its lowest, over the {len(strategies)} "
                     "strategies (the table under the controls above gives it for the chosen game). The spread "
                     f"is {spread['spread'].median():.3f} turns at the median of the {len(spread)} games and at most "
                     f"{spread['spread'].max():.3f} ({', '.join(widest['game'])})")
            if len(wide):
                note += f"; more than {SPREAD_NOTED} turns only in {', '.join(wide['game'])}"
            note += "."
    return readable(shown, names={"lowest_average_in": "games with the lowest average (ties count)",
                                  "lowest_alone_in": "of them, without a tie",
                                  "worst_max_turns": "worst max turns"}, note=note)


def _lowest_average_ties_note(summary: pd.DataFrame, lowest: pd.DataFrame, strategies: int) -> str:
    """Why the games with the lowest average add up to more than the games (a tie counts for every
    strategy in it): in how many games one strategy is lowest alone, some tie and all tie (named),
    and the strategies whose lowest games are all of them games where all tie."""
    tied = lowest.sum(axis=1)
    if len(tied) == 0 or (tied == 1).all():
        return ""
    alone, some, every = int((tied == 1).sum()), int(((tied > 1) & (tied < strategies)).sum()), tied == strategies
    all_tie = sorted(tied[every].index, key=lambda g: (Game.parse(g).pins, Game.parse(g).colors))
    words = {2: "two", 3: "three", 4: "four", 5: "five"}
    parts = [f"one strategy has it alone in {alone}"]
    if some:
        parts.append(f"{'two' if strategies == 3 else 'two or three' if strategies == 4 else f'two to {strategies - 1}'}"
                     f" tie in {some}")
    if all_tie:
        parts.append(f"all {words.get(strategies, strategies)} tie in {len(all_tie)} ({', '.join(all_tie)})")
    total = int(summary["lowest_average_in"].sum())
    text = (f" A game where strategies tie for the lowest average counts for each of them, so the games with the "
            f"lowest average add up to {total}, more than the {len(tied)} games: {_and(parts)}.")
    only_ties = [(Strategy.parse(r.strategy).title, int(r.lowest_average_in)) for r in summary.itertuples()
                 if r.lowest_average_in and r.lowest_average_in == r.lowest_all_tie_in]
    for title, count in only_ties:
        text += f" {title}'s {count} are exactly those: it never has the lowest average alone."
    return text


def opening_drops_table(first_guesses: pd.DataFrame) -> ReadableTable:
    """`data_tables.opening_steps`: the steps to one more color where the best-max first guess uses fewer
    distinct colors, one row each; the note counts the steps where it uses more and as many."""
    from ..studies.data_tables import opening_steps

    steps = opening_steps(first_guesses)
    drops = steps[steps["change"] < 0]
    frame = pd.DataFrame({
        "strategy": [Strategy.parse(s).title for s in drops["strategy"]],
        "games": [f"{p}p{c}c to {p}p{c + 1}c" for p, c in zip(drops["pins"], drops["colors"])],
        "best-max first guess": [f"{a} to {b}" for a, b in zip(drops["opening"], drops["next_opening"])],
        "distinct colors": [f"{a} to {b}" for a, b in zip(drops["distinct"], drops["next_distinct"])],
    })
    note = (f"Of the {len(steps)} steps to one more color in data/first_guesses.csv (the same pins and strategy), "
            f"the best-max first guess uses more distinct colors in {int((steps['change'] > 0).sum())}, as many in "
            f"{int((steps['change'] == 0).sum())} and fewer in these {len(drops)}.")
    return ReadableTable(frame, note, numeric=[])


def best_first_guesses_table(best: pd.DataFrame, game: str,
                             incomplete: "pd.DataFrame | None" = None) -> ReadableTable:
    """The best-max first guess of `game` per strategy, with its average and max turns (`best` is
    `data_tables.best_max_rows` of data/results.csv), strategies in the order the notebooks use. A
    strategy whose first guesses of the game are not all played yet (`incomplete`, from
    `data_tables.incomplete_openings`) has its opening marked "so far", and the note says how many."""
    rows = best[best["game"] == game] if len(best) else best
    order = {s.label: k for k, s in enumerate(Strategy)}
    rows = rows.assign(order=rows["strategy"].map(order)).sort_values("order") if len(rows) else rows
    unfinished = incomplete[incomplete["game"] == game].set_index("strategy") \
        if incomplete is not None and len(incomplete) else pd.DataFrame(columns=["played", "patterns"])
    guesses = [f"{g} (so far)" if s in unfinished.index else str(g)
               for g, s in zip(rows["first_guess"].astype(str), rows["strategy"])]
    shown = pd.DataFrame({"strategy": [Strategy.parse(s).title for s in rows["strategy"]],
                          "first_guess": guesses,
                          "average turns": rows["average_turns"].astype(float).tolist(),
                          "max turns": rows["max_turns"].astype(int).tolist()})
    note = " ".join(f"{Strategy.parse(s).title}: only {int(r['played'])} of the {int(r['patterns'])} first guesses "
                    f"of {game} played yet, so its best-max first guess may still change."
                    for s, r in unfinished.iterrows())
    if len(rows) == len(Strategy):  # the game's spread, from the averages as shown
        shown_averages = [round(float(v), 3) for v in rows["average_turns"]]
        note = (f"The spread in {game} (the highest average turns minus the lowest): "
                f"{max(shown_averages) - min(shown_averages):.3f} turns. " + note).strip()
        if unfinished.empty:  # a value every strategy shares is said once, not in every row
            first, average, worst = shown["first_guess"].iloc[0], shown_averages[0], int(shown["max turns"].iloc[0])
            same = {"first_guess": shown["first_guess"].nunique() == 1,
                    "average turns": len(set(shown_averages)) == 1, "max turns": shown["max turns"].nunique() == 1}
            if all(same.values()):
                # Nothing left to tabulate: one sentence, shown where the table would be.
                return ReadableTable(pd.DataFrame(), f"All four strategies open {game} with the same best-max first "
                                     f"guess, {first}: {average:.3f} turns on average, {worst} at worst, so the "
                                     "spread is 0.000 turns.")
            said = [words for column, words in (("first_guess", f"open with {first}"),
                                                 ("max turns", f"need {worst} turns at worst")) if same[column]]
            if said:
                note = f"All four strategies {_and(said)} in {game}. " + note
            shown = shown.drop(columns=[column for column, alike in same.items() if alike])
    # first_guess: a codeword, a name, left aligned whatever its length (12 as 1122).
    return readable(shown, names={"first_guess": "best-max first guess"},
                    formats={"average turns": 3} if "average turns" in shown.columns else {}, note=note)


def seed_source(text) -> str:
    """Where a figure of data/seed_comparison.csv comes from, short enough for a cell: the document and
    its section ('REFERENCE.md, figures to reproduce'), the seed's GPU solver named where it is the
    one that publishes the figure."""
    text = str(text).split(" (")[0]
    return text.replace(": the seed's GPU solver publishes", ", the seed's GPU solver")


def seed_comparison_table(comparison: pd.DataFrame, part: str = "all") -> ReadableTable:
    """The turn and score counts of data/seed_comparison.csv: the seed's beside mmlib's, each in its
    own column, one row per figure compared (a figure compared against two of mmlib's runs shows
    once), where the seed's figure comes from, and whether they agree; the note says why where they
    differ. Times are `seed_times_table`'s: they need machines, counts do not. `part` "turns" or
    "scores" keeps only those counts (and the rows where the seed gives them), so that each half
    fits a page; a column with one value in every row of the half is said once in the note. A
    figure the seed does not give shows a dash, which the note explains."""
    wanted = {"all": ("seed_total_turns", "seed_max_turns", "seed_scores"),
              "turns": ("seed_total_turns", "seed_max_turns"), "scores": ("seed_scores",)}[part]
    given = [c for c in wanted if c in comparison.columns]
    counted = comparison[comparison[given].apply(lambda r: any(_figure(v, "n", "") for v in r), axis=1)] \
        if len(comparison) else comparison
    missing = NOT_TIMED if part != "all" else "not given"
    rows = []
    for _, row in counted.iterrows():
        rows.append({
            "game": row["game"], "strategy": Strategy.parse(row["strategy"]).title,
            "first guess": row["first_guess"] if isinstance(row["first_guess"], str) and row["first_guess"]
            else "not given",
            "case equivalence": row["case_equivalence"],
            "seed's figure from": seed_source(row.get("seed_source", "")),
            "total turns, seed": _figure(row.get("seed_total_turns", ""), "turns", missing),
            "total turns, mmlib": _figure(row.get("mmlib_total_turns", ""), "turns", "not counted"),
            "max turns, seed": _figure(row.get("seed_max_turns", ""), "turns", missing),
            "max turns, mmlib": _figure(row.get("mmlib_max_turns", ""), "turns", "not counted"),
            "scores, seed": _figure(row.get("seed_scores", ""), "scores", missing),
            "scores, mmlib": _figure(row.get("mmlib_scores", ""), "scores", "not counted"),
            "agreement": row["agreement"],
        })
    frame = pd.DataFrame(rows) if rows else pd.DataFrame()
    notes = []
    if rows and part != "all":
        kept = [c for c in frame.columns if not c.startswith(("total turns", "max turns", "scores"))
                or c.startswith({"turns": ("total turns", "max turns"), "scores": ("scores",)}[part])]
        frame = frame[kept].drop_duplicates()
        # The notebooks' strategy order, then the first guess, the usual source before another.
        order = {s.title: k for k, s in enumerate(Strategy)}
        common = frame["seed's figure from"].value_counts().index[0]
        frame = frame.assign(_s=frame["strategy"].map(order), _g=frame["first guess"].astype(str),
                             _src=frame["seed's figure from"].ne(common))
        frame = frame.sort_values(["_s", "_g", "_src"], kind="stable").drop(columns=["_s", "_g", "_src"])
        same = [c for c in ("game", "strategy", "first guess", "case equivalence", "seed's figure from")
                if frame[c].nunique() == 1 and len(frame) > 1]
        said = [frame[c].iloc[0] if c in ("game", "strategy") else f"{c} {frame[c].iloc[0]}" for c in same]
        source = "seed's figure from"
        if source not in same:  # one document, several sections: the document once, the sections in the rows
            documents = frame[source].str.split(", ").str[0]
            if documents.nunique() == 1 and frame[source].str.contains(", ").all():
                said.append(f"the seed's figures from {documents.iloc[0]}")
                frame[source] = frame[source].str.split(", ", n=1).str[1]
        if said:
            notes.append("Every row: " + ", ".join(said) + ".")
            frame = frame.drop(columns=same)
        # A column whose value most rows share shows it only where a row differs, the usual value said
        # once here: the differing row stands out, and no value fills the column.
        # A column of one value in every row is said once; where a few rows differ, the column goes too
        # (review r12: two columns blank in all rows but one) and those rows are marked † in their
        # first-guess cell, the note saying what differs in them.
        marked = pd.Series(False, index=frame.index)
        differ = {}
        for column in (source, "agreement"):
            if column not in frame.columns or len(frame) < 2:
                continue
            usual = frame[column].value_counts().index[0]
            said_usual = usual
            if column == "agreement" and usual.startswith("equal: "):  # "equal: total, max"
                said_usual = f"{_and(usual.removeprefix('equal: ').split(', '))} equal"
            if frame[column].nunique() == 1:
                notes.append("Seed and mmlib agree in every row." if column == "agreement"
                             else f"{column.capitalize()}: {usual} in every row.")
            else:
                differ[column] = (said_usual, frame[column].where(frame[column] != usual, ""))
                marked |= frame[column] != usual
            frame = frame.drop(columns=[column])
        if marked.any():
            rows_said = "; ".join(
                ", ".join(f"{'the seed' + chr(39) + 's figure from' if c == source else c} {v[1][i]}"
                          for c, v in differ.items() if v[1][i]) for i in frame.index[marked])
            others = ", ".join(f"{'the seed' + chr(39) + 's figure from' if c == source else c} {v[0]}"
                               for c, v in differ.items())
            notes.append(f"† {rows_said}. Every other row: {others}.")
            cell = "first guess" if "first guess" in frame.columns else "strategy"
            frame[cell] = frame[cell].astype(str).where(~marked, frame[cell].astype(str) + " †")
        if (frame.drop(columns=[c for c in frame.columns if not c.endswith(", seed")]) == NOT_TIMED).any().any():
            notes.append(f"{NOT_TIMED}: a figure that source does not give.")
    frame = frame.drop_duplicates()
    reasons = sorted({str(r) for r in counted.get("reason", pd.Series(dtype=object)).dropna() if str(r)})
    notes += [f"Where they differ: {r}." for r in reasons]
    numeric = [c for c in frame.columns if c.startswith(("total turns", "max turns", "scores"))]
    return ReadableTable(frame.reset_index(drop=True), " ".join(notes), numeric)


def times_as(ratio: float) -> str:
    """A ratio of two times with two significant figures: 0.30x, 7.3x, 66x."""
    if ratio >= 9.95:
        return f"{ratio:,.0f}x"
    return f"{ratio:.1f}x" if ratio >= 0.995 else f"{ratio:.2f}x"


def _seed_seconds(value) -> str:
    """One of the seed's times with three significant figures, or as few as the seed wrote (its 5.0 s
    stays 5.0, its 'about 0.018 s' 0.018)."""
    text = str(value).strip()
    if text in ("", "nan"):
        return ""
    shown = three_figures(float(text))
    written = len(text.split(".")[1]) if "." in text else 0
    if "." in shown and len(shown.split(".")[1]) > written:
        shown = f"{float(text):.{written}f}"
    return shown


GPU_WORDS = ("CUDA", "NVIDIA", "RTX", "GPU")


def best_max_sentence(rows: pd.DataFrame, game: str, strategy: "str | Strategy") -> str:
    """How the best-max rule picks among the results rows of one game and strategy (one per first
    guess), in a Markdown sentence: which first guesses tie at the lowest max turns, and, when several
    do, that the lowest average among them decides."""
    from ..studies.data_tables import best_max_rows

    title = Strategy.parse(strategy).title
    best = best_max_rows(rows.assign(game=game, strategy=Strategy.parse(strategy).label)).iloc[0]
    least = int(rows["max_turns"].min())
    tied = rows[rows["max_turns"] == least]
    guesses = [str(g) for g in tied["first_guess"]]
    if len(tied) == 1:
        return (f"Only **{best['first_guess']}** wins every game of {game} within {least} turns, so it is "
                f"{title}'s best max.")
    words = {2: "two", 3: "three", 4: "four", 5: "five"}
    which = (f"All {words.get(len(rows), len(rows))} first guesses" if len(tied) == len(rows)
             else f"The first guesses {_and(guesses)}")
    return (f"{which} tie at max {least} turns, so the lowest average decides: **{best['first_guess']}** "
            f"({float(best['average_turns']):.3f} turns on average) is {title}'s best max in {game}.")


SETTING_NOT_STATED = "not stated"  # the seed's case equivalence, where its source does not say


# The seed's sources whose table of times names no card: the card is that of the document's section.
CARD_FROM_SECTION = {"Mastermind_on_the_GPU.md, Some Numbers": "Case Equivalence Optimization"}


SEED_FASTER, MMLIB_FASTER = "seed faster by", "mmlib faster by"  # the pattern of RATIO_TITLE


def seed_times_table(comparison: pd.DataFrame, kind: str = "gpu",
                     benchmarks: "pd.DataFrame | None" = None, games: "list[str] | None" = None) -> ReadableTable:
    """The seconds of data/seed_comparison.csv, the seed's beside mmlib's for the same solve, GPU
    against GPU (`kind` "gpu": the seed's CUDA solver, mmlib's cuda backend) or cpu against cpu
    ("cpu": the seed's C++ solver and mmlib's cpu backend, built and run on the same machine type):
    each time with three significant figures (the seed's with as few as it wrote), and their ratio,
    computed from the times as shown: how many times as fast mmlib ran it ("cpu"), or how many times
    as fast the seed's ran it ("gpu", where mmlib's is the longer): a larger number, the faster solver. The columns name the machines;
    the note names mmlib's engine version and day, where the seed's figures come from, and the rows
    that pair a GPU with a cpu (left out: they compare machines, not solvers).

    Where the seed's source does not say whether its figure had case equivalence
    (`seed_comparison.CE_NOT_STATED`: its 5p8c GPU figure), the seed's setting reads "not stated"
    and, given `benchmarks` (data/benchmarks.csv), mmlib's time both ways stands beside it, one row
    each, from the same machine and engine version (`solve_benchmarks`).

    `games` keeps those games' rows alone (notebook 6 shows 7p7c and 5p8c apart); a column with one
    value in every row (the game, the strategy, the seed's one 5p8c figure and its setting) is then
    said once in the note instead, and the rows left out for pairing a GPU with a cpu are the
    note of the table with every game."""
    from ..studies.seed_comparison import CE_NOT_STATED

    if len(comparison) == 0 or "seed_seconds" not in comparison.columns:
        return ReadableTable(pd.DataFrame(), "data/seed_comparison.csv has no times")
    timed = comparison[comparison["seed_seconds"].map(lambda v: _figure(v, "seconds", "") != "")]
    timed = timed.assign(backend=timed["mmlib_machine"].astype(str).str.extract(r"mmlib (\w+) backend")[0],
                         seed_gpu=timed["seed_machine"].astype(str).map(lambda m: any(w in m for w in GPU_WORDS)))
    timed = timed.assign(mmlib_gpu=timed["backend"].eq("cuda"))
    chosen = timed[(timed["seed_gpu"] == (kind == "gpu")) & (timed["mmlib_gpu"] == (kind == "gpu"))]
    crossed = timed[timed["seed_gpu"] != timed["mmlib_gpu"]]
    if len(chosen) == 0:
        return ReadableTable(pd.DataFrame(), f"data/seed_comparison.csv has no {kind} times of both")
    chosen = chosen.assign(seed_setting=chosen["case_equivalence"], mmlib_setting=chosen["case_equivalence"])
    unstated = chosen["seed_source"].isin(CE_NOT_STATED)
    if unstated.any() and benchmarks is not None and len(benchmarks):
        # The seed's setting unknown: mmlib's time with case equivalence off and on, the latest run of
        # each from the rows of data/benchmarks.csv the benchmark table shows (one machine, the newest
        # engine version of the backend).
        backend = "cuda" if kind == "gpu" else "cpu"
        _wide, parts = solve_benchmarks(benchmarks)
        runs = latest_rows(parts[backend].rows) if backend in parts else pd.DataFrame(columns=benchmarks.columns)
        both = []
        for _, row in chosen.iterrows():
            if row["seed_source"] not in CE_NOT_STATED:
                both.append(row)
                continue
            for setting in ("off", "on"):
                match = runs[(runs["game"] == row["game"]) & (runs["strategy"] == row["strategy"])
                             & (runs["case_equivalence"] == setting)
                             & (runs["first_guess"].astype(str) == str(row["first_guess"]))]
                if len(match) == 0:
                    continue
                run = match.sort_values("date").iloc[-1]
                mine = row.copy()
                mine["mmlib_seconds"], mine["mmlib_setting"] = float(run["median_s"]), setting
                mine["mmlib_date"], mine["mmlib_engine"] = str(run["date"]), str(run["engine"])
                both.append(mine)
        chosen = pd.DataFrame(both)
    chosen = chosen.assign(seed_setting=np.where(chosen["seed_source"].isin(CE_NOT_STATED), SETTING_NOT_STATED,
                                                 chosen["seed_setting"]))
    if games is not None:
        chosen, crossed = chosen[chosen["game"].isin(list(games))], crossed.iloc[0:0]
        if len(chosen) == 0:
            return ReadableTable(pd.DataFrame(), f"data/seed_comparison.csv has no {kind} times of {', '.join(games)}")
    # The games in the file's order, each game's strategies in the notebooks' order (off before on).
    order = {s.label: k for k, s in enumerate(Strategy)}
    games = {g: k for k, g in enumerate(dict.fromkeys(chosen["game"]))}
    chosen = chosen.assign(_game=chosen["game"].map(games), _strategy=chosen["strategy"].map(order),
                           _row=range(len(chosen)))
    chosen = chosen.sort_values(["_game", "_strategy", "_row"], kind="stable").drop(columns=["_game", "_strategy", "_row"])
    seed_machine = " / ".join(dict.fromkeys(chosen["seed_machine"].astype(str)))
    mmlib_machine = " / ".join(dict.fromkeys(chosen["mmlib_machine"].astype(str)))
    if kind == "gpu":
        seed_name, mmlib_name = seed_machine.split(",")[0], mmlib_machine.split(",")[0]
    else:  # the same machine type: the columns name the solvers
        seed_name = seed_machine.split(", ", 1)[-1].removeprefix("seed's ")
        mmlib_name = mmlib_machine.split(", ", 1)[-1].removeprefix("mmlib ")
    # A card the seed's row does not name, only its document's section (review r11): marked †.
    inferred = kind == "gpu" and chosen["seed_source"].isin(list(CARD_FROM_SECTION)).all()
    if inferred:
        seed_name += "†"
    seed_column, mmlib_column = f"seed s ({seed_name})", f"mmlib s ({mmlib_name})"
    seed_shown = [_seed_seconds(v) for v in chosen["seed_seconds"]]
    mmlib_shown = [three_figures(float(v)) for v in chosen["mmlib_seconds"]]
    # The ratio of the times as shown, so that a reader who divides them gets it.
    if kind == "gpu":
        ratio_column = SEED_FASTER
        ratios = [times_as(float(m.replace(",", "")) / float(t.replace(",", ""))) for t, m in zip(seed_shown, mmlib_shown)]
    else:
        ratio_column = MMLIB_FASTER
        ratios = [times_as(float(t.replace(",", "")) / float(m.replace(",", ""))) for t, m in zip(seed_shown, mmlib_shown)]
    frame = pd.DataFrame({
        "game": chosen["game"].tolist(), "strategy": [Strategy.parse(s).title for s in chosen["strategy"]],
        "case equivalence, seed": chosen["seed_setting"].tolist(),
        "case equivalence, mmlib": chosen["mmlib_setting"].tolist(),
        seed_column: seed_shown, mmlib_column: mmlib_shown, ratio_column: ratios,
    })
    notes = []
    if (frame["case equivalence, seed"] == frame["case equivalence, mmlib"]).all():
        frame = frame.drop(columns=["case equivalence, mmlib"]).rename(
            columns={"case equivalence, seed": "case equivalence"})
        if frame["case equivalence"].nunique() == 1 and len(frame) > 1:
            notes.append(f"Case equivalence {frame['case equivalence'].iloc[0]} in every row.")
            frame = frame.drop(columns=["case equivalence"])
    sources = "; ".join(f"{seed_source(source)} ({', '.join(dict.fromkeys(group['game']))})"
                        for source, group in chosen.groupby("seed_source", sort=False))
    if kind == "cpu":
        # Who ran the seed's cpu solver, and when, REFERENCE.md does not say: say so, rather than guess.
        notes.append(f"The seed's times: {sources}. REFERENCE.md gives them as medians of the seed's solver built "
                     f"from its public source and run on a machine like this project's ({seed_machine.split(',')[0]}), "
                     "but does not say who ran them, on what day or under what load; it gives some to two "
                     "significant figures only, shown here as it gives them.")
    else:
        notes.append(f"The seed's times: {sources}, to three significant figures, or as few as the seed gives.")
    one_figure = [game for game, group in chosen.groupby("game", sort=False)
                  if group["strategy"].nunique() > 1 and group["seed_seconds"].astype(float).nunique() == 1]
    if one_figure:
        quoted = [str(s).split("(", 1)[1].rstrip(")").split(": ")[-1] for s in chosen["seed_source"]
                  if "(" in str(s) and str(s).split("(", 1)[0].strip() and "about" in str(s)]
        notes.append(f"For {', '.join(one_figure)} it gives one figure for all {chosen['strategy'].nunique()} strategies"
                     + (f" (\"{quoted[0]}\")" if quoted else "") + ".")
    if (chosen["seed_setting"] == SETTING_NOT_STATED).any():
        games = ", ".join(dict.fromkeys(chosen.loc[chosen["seed_setting"] == SETTING_NOT_STATED, "game"]))
        notes.append(f"{SETTING_NOT_STATED.capitalize()}: the seed's documents do not say whether its {games} figure "
                     "had case equivalence, so mmlib's time is shown both ways.")
    engines = "; ".join(f"engine {engine}, {', '.join(sorted(set(group['mmlib_date'].astype(str).str.slice(0, 10))))}"
                        for engine, group in chosen.groupby("mmlib_engine", sort=True))
    machine = mmlib_machine.split(",")[0]
    where = f"{machine}, {engines}"
    if benchmarks is not None and len(benchmarks) and "mmlib_version" in benchmarks.columns:
        # The commit of mmlib that measured each time, from its row of data/benchmarks.csv (review r12).
        dates = set(chosen["mmlib_date"].astype(str).str.slice(0, 10))
        measured = benchmarks[benchmarks["engine"].isin(set(chosen["mmlib_engine"]))
                              & benchmarks["date"].astype(str).str.slice(0, 10).isin(dates)]
        where += mmlib_versions(measured) if len(measured) else ""
    notes.append(f"mmlib's times: {where} (data/benchmarks.csv).")
    if games is not None and len(frame) > 1:
        # One value in every row: said once, before the rest of the note.
        same = []
        for column in ("game", "strategy", "case equivalence, seed", "case equivalence", seed_column):
            if column in frame.columns and frame[column].nunique() == 1:
                value = frame[column].iloc[0]
                same.append(value if column in ("game", "strategy") else
                            f"the seed's time {value} s ({seed_name})" if column == seed_column else
                            f"case equivalence {value}" if column == "case equivalence" else
                            f"the seed's case equivalence {value}")
                frame = frame.drop(columns=[column])
        if same:
            solve = " ".join(v for v in same if not v.startswith(("the seed's", "case equivalence")))
            rest = [v for v in same if v.startswith(("the seed's", "case equivalence"))]
            notes.insert(0, f"Every row: {'; '.join(([solve] if solve else []) + rest)}.")
    if inferred:
        sections = ", ".join(dict.fromkeys(CARD_FROM_SECTION[v] for v in chosen["seed_source"]))
        notes.append(f"†: the card of that document's section ({sections}); its table of times names none.")
    notes.append(f"{ratio_column}: computed from the two times as shown"
                 + (f" ({mmlib_column} / {seed_column})" if kind == "gpu" else "") + ".")
    if len(crossed):
        notes.append(f"Left out: the {len(crossed)} rows of data/seed_comparison.csv that set mmlib's cpu times "
                     f"beside the seed's GPU times ({', '.join(dict.fromkeys(crossed['game']))}).")
    return ReadableTable(frame, " ".join(notes), numeric=[c for c in (seed_column, mmlib_column, ratio_column)
                                                          if c in frame.columns])


def _figure(value, what: str, missing: str) -> str:
    if value is None or str(value).strip() in ("", "nan"):
        return missing
    number = float(value)
    if what != "seconds":
        return f"{int(number):,}"
    return f"{number:,.0f}" if number >= 100 else f"{number:.3g}"


# -- notebook 1: scoring ----------------------------------------------------------------


def black_hits_steps_table(game: "Game | str", secret: str, guess: str) -> ReadableTable:
    """Every step of the zero-nibble trick (`scoring_variants.black_hits_steps`) for `guess`
    against `secret`: the operation, the 32-bit word it leaves in hex and in nibbles, its effect."""
    from ..core.scoring_variants import black_hits_steps

    game = Game.parse(game)
    words = game.codewords.words
    steps = black_hits_steps(words[game.parse_codeword(secret)], words[game.parse_codeword(guess)], game.pins)
    rows = [{"operation": step.operation, "hex": f"{step.value:08x}",
             "nibbles (binary)": " ".join(f"{step.value:032b}"[k:k + 4] for k in range(0, 32, 4)),
             "effect": step.effect} for step in steps[:-1]]
    return ReadableTable(pd.DataFrame(rows), numeric=[])


def lane_min_steps_table(game: "Game | str", secret: str, guess: str) -> ReadableTable:
    """Every step of the lane-wise minimum (`scoring_variants.lane_min_steps`) of the color counts
    of `secret` (a) and `guess` (b), colors 1 to 8: the operation, the 64-bit word it leaves as
    eight hex lanes (lane 7, color 8, first), its effect."""
    from ..core.scoring_variants import lane_min_steps

    game = Game.parse(game)
    counts = game.codewords.counts_lo
    steps = lane_min_steps(counts[game.parse_codeword(secret)], counts[game.parse_codeword(guess)])
    rows = [{"operation": step.operation,
             "lanes 7 to 0 (colors 8 to 1), hex": " ".join(f"{step.value:016x}"[k:k + 2] for k in range(0, 16, 2)),
             "effect": step.effect} for step in steps]
    return ReadableTable(pd.DataFrame(rows), numeric=[])


def _three_figures(value) -> str:
    from .plots import significant

    return significant(value, 3)


def scoring_variants_table(timings: pd.DataFrame) -> ReadableTable:
    """The live timings of the scoring variants (`scoring_variants.time_variants`), one row per
    variant named as the figure beside it names it, every time to three significant figures, and
    the derived columns computed from the values as shown (`plots.shown_scoring_times`), so that a
    reader who divides them gets every digit; the machine they ran on, and which variant scored a
    sample of the guesses, in the note."""
    from ..studies.data_tables import measured_just_now

    runs = int(timings["runs"].max())
    size = int(round(timings["scores"].max() ** 0.5))  # every guess against every secret: size²
    derived = shown_scoring_times(timings)
    shown = pd.DataFrame({
        "variant": timings["description"],
        "scores timed": [f"{int(s):,}" for s in timings["scores"]],
        f"best of {runs} (ms)": [_three_figures(v) for v in derived["best_ms"]],
        "slowest ÷ best": [_three_figures(w / b) for w, b in zip(timings["slowest_s"], timings["best_s"])],
        "ns per score": [_three_figures(v) for v in derived["ns_per_score"]],
        "times faster than Python": [_three_figures(v) for v in derived["times_faster"]],
    })
    sampled = timings[timings["scores"] < timings["scores"].max()]
    samples = "".join(f" {row.description.split(',')[0]} scored {int(row.scores) // size:,} of the {size:,} "
                      f"guesses, spread over the game, against every secret." for row in sampled.itertuples())
    load = float(timings["load_avg"].iloc[0]) if "load_avg" in timings else float("nan")
    busy = "" if math.isnan(load) else (f" The machine's load average was {load:.1f} as the timing began; "
                                         "the times are wall-clock times, which also count the time the "
                                         "timing waited for a core while other processes ran.")
    spreads = timings["slowest_s"] / timings["best_s"]
    widest = int(spreads.to_numpy().argmax())
    spread = ""
    if spreads.iloc[widest] >= 1.1:  # one variant's runs spread far more than the rest: say which, and why it can
        name = timings["description"].iloc[widest]
        spread = (f" The runs of {name} spread most (slowest ÷ best {spreads.iloc[widest]:.2g})"
                  + (f": it writes two index arrays with one entry per pair (here {size * size:,} entries, {size * size * 8 / 1e6:,.0f} MB apiece) "
                     f"in every pass, "
                     "and its time differs widely from run to run (see \"The stored times beside the live ones\")."
                     if "index pair" in name else "."))
    first = timings['description'].iloc[0].split(',')[0]
    derivation = (f" Computed from the values shown: each ns per score is the best time ÷ the scores timed, and "
                  f"each \"times faster than {first}\" is {first}'s ns per score ÷ the variant's.")
    return ReadableTable(shown, f"One thread, {measured_just_now('scoring')}.{samples}{busy}{spread}{derivation}")


def scoring_workload_table(workload: "Table | pd.DataFrame", seed_seconds: "dict | None" = None) -> ReadableTable:
    """mmlib's scoring variants on the seed's workload (data/seed_scoring_workload.csv, as a `Table`
    or its frame), fastest last, after the seed's own figures for the same workload (its ns per
    score: its seconds over the same number of scores; default `SEED_SCORING_SECONDS`), every time
    to three significant figures, each ns per score computed from the seconds as shown (so that a
    reader who divides them gets every digit); mmlib's rows of one machine and engine version
    (`data_tables.one_machine_one_engine`). The note says once what every row shares: the scores
    and searches, where and by what mmlib's rows were measured, and which variants timed a share of
    the searches. A table that is missing or partial shows no rows, and its problem as the note."""
    from ..studies.seed_workloads import SEED_SCORING_SECONDS, workload_coverage

    workload, problem = frame_and_problem(workload)
    if problem:
        return ReadableTable(pd.DataFrame(), problem)
    seed_seconds = SEED_SCORING_SECONDS if seed_seconds is None else seed_seconds
    timings = one_machine_one_engine(workload)
    workload = timings.rows
    coverage = workload_coverage(workload)
    scores = coverage.scores
    rows = [{"variant": f"seed: {name.removeprefix('seed: ')}",
             "seconds for the workload": _three_figures(seconds),
             "ns per score": _three_figures(shown_ns_per_score(seconds, scores)) if scores else ""}
            for name, seconds in seed_seconds.items()]
    for _, row in workload.sort_values("workload_s", ascending=False).iterrows():
        rows.append({"variant": f"mmlib: {row.get('description', row['variant'])}",
                     "seconds for the workload": _three_figures(row["workload_s"]),
                     "ns per score": _three_figures(shown_ns_per_score(row["workload_s"], scores))})
    return readable(pd.DataFrame(rows), note=workload_note(workload, timings))


def workload_note(workload: pd.DataFrame, timings) -> str:
    """What the rows of the seed's workload share, said once under its table and figure."""
    from ..studies.seed_workloads import workload_coverage

    coverage = workload_coverage(workload)
    repeats = " or ".join(str(r) for r in coverage.repeats)
    searches = f" in {coverage.searches:,} searches" if coverage.searches else ""
    note = (f"{coverage.scores:,} scores{searches}; each ns per score is the seconds as shown ÷ these scores. "
            f"The seed's seconds are its own, on a machine it does not name; the seed states no count of "
            f"its scores, so its ns per score assume these same {coverage.scores:,}. "
            f"mmlib's rows: {f'the median of {repeats} runs' if repeats else 'medians'}, {timings.caption()}"
            f"{mmlib_versions(workload)}.")
    if coverage.sampled:
        note += (f" Every variant timed all the scores except {coverage.sampled_text()}: each timed an even share "
                 "of the searches and has its seconds scaled up to the whole workload.")
    return (note + f" {timings.left_out_note()}").strip()


# The unit each time column of `live_beside_stored_table` names in its header.
NS_PER_SCORE_UNIT = "(ns per score)"


def live_beside_stored_table(timings: pd.DataFrame, replay: pd.DataFrame,
                             workload: "Table | pd.DataFrame") -> ReadableTable:
    """Notebook 1's stored and live ns per score side by side, one row per variant, so that a reader
    can follow each row from the stored figure to the live one and see what each step changes:

    - "stored, the seed's workload, wall": data/seed_scoring_workload.csv as `scoring_workload_table`
      shows it (a median of the wall clock);
    - "just now, the seed's workload, wall" and "..., CPU": the same searches replayed just now
      (`seed_workloads.replay_workload`: all or an even share of them, best runs) by the wall clock
      and by the CPU time of the thread (the least of the runs), which leaves out the time it waited for a core;
    - "just now, every pair, CPU" and "..., wall": the live table (`scoring_variants.time_variants`,
      best runs), its wall column as that table shows it;
    - "live ÷ stored": the live table's ns per score ÷ the stored one, as both are shown.

    Each time column names its unit (ns per score). Every number to three significant figures; the
    note says what was replayed, and the machine, commit and load average of each measurement, and,
    where the replay's runs took turns with the live table's (`seed_workloads.time_variants_beside_replay`:
    the replay's `alternating`), says so. A stored table that is missing or partial shows no
    rows, and its problem as the note."""
    from ..studies.data_tables import measured_just_now
    from ..studies.seed_workloads import workload_coverage

    stored, problem = frame_and_problem(workload)
    if problem:
        return ReadableTable(pd.DataFrame(), problem)
    kept = one_machine_one_engine(stored)
    scores = workload_coverage(kept.rows).scores
    stored_ns = {row["variant"]: rounded_as_shown(shown_ns_per_score(row["workload_s"], scores))
                 for _, row in kept.rows.iterrows()}
    live_wall = dict(zip(timings["variant"], shown_scoring_times(timings)["ns_per_score"]))
    live_cpu = dict(zip(timings["variant"], timings["ns_per_score_cpu"]))
    replayed = replay.set_index("variant")
    rows = []
    for variant, description in zip(timings["variant"], timings["description"]):
        if variant not in stored_ns or variant not in replayed.index:
            continue
        rows.append({"variant": description,
                     f"stored, the seed's workload, wall {NS_PER_SCORE_UNIT}": _three_figures(stored_ns[variant]),
                     f"just now, the seed's workload, wall {NS_PER_SCORE_UNIT}":
                         _three_figures(replayed.loc[variant, "ns_per_score"]),
                     f"just now, the seed's workload, CPU {NS_PER_SCORE_UNIT}":
                         _three_figures(replayed.loc[variant, "ns_per_score_cpu"]),
                     f"just now, every pair, CPU {NS_PER_SCORE_UNIT}": _three_figures(live_cpu[variant]),
                     f"just now, every pair, wall {NS_PER_SCORE_UNIT}": _three_figures(live_wall[variant]),
                     "live ÷ stored": _three_figures(live_wall[variant] / stored_ns[variant])})
    from ..core.scoring_variants import SHORT_NAMES

    shares = [f"every {int(r.every):,}th search for {SHORT_NAMES.get(r.variant, r.description)} ({int(r.searches):,} searches)"
              if int(r.every) > 1 else
              f"all {int(r.searches):,} searches for {SHORT_NAMES.get(r.variant, r.description)} (the stored work itself)"
              for r in replay.itertuples()]
    runs = int(replay["runs"].max())
    live_runs = int(timings["runs"].max())
    loads = [float(frame["load_avg"].iloc[0]) for frame in (replay, timings) if "load_avg" in frame]
    alternating = "alternating" in replay and bool(replay["alternating"].all())
    known = len(loads) == 2 and not any(map(math.isnan, loads))
    if alternating:
        load = (" The live table's cell timed both, each variant's runs taking turns (a run of every pair, then a "
                "run of the replay), so that the two shapes of work ran at the same moments"
                + (f"; the machine's load average was {loads[1]:.1f} as that timing began." if known else "."))
    else:
        load = (f" The machine's load average was {loads[0]:.1f} as the replay began and {loads[1]:.1f} as the "
                "live table's timing began." if known else "")
    repeats = " or ".join(str(r) for r in workload_coverage(kept.rows).repeats)
    note = (f"Stored: data/seed_scoring_workload.csv, {f'the median of {repeats} runs' if repeats else 'medians'}, "
            f"{kept.caption()}{mmlib_versions(kept.rows)}. The seed's workload just now: the best of {runs} runs "
            f"by the wall clock and the least CPU time of the {runs}, replaying {_listed(shares)}, "
            f"{measured_just_now('scoring')}. Every pair just now: the live table above, the best of {live_runs} runs "
            f"by the wall clock and the least CPU time of the {live_runs}.{load} Live ÷ stored is the live table's ns "
            "per score ÷ the stored one, as both are shown." + _waiting_in_this_run(rows))
    return readable(pd.DataFrame(rows), note=note)


def _waiting_in_this_run(rows: list) -> str:
    """What the wall and CPU columns of `live_beside_stored_table` show of this run's waiting for a
    core, from the values as shown: the largest gap of wall over CPU in either shape of work (the least
    CPU time never exceeds the best wall time, so the gap bounds the best run's waiting), and any row
    whose every-pair CPU figure comes out above its wall one, which only the rounding of the live
    table's wall figure (its best time rounded to three figures before dividing) can do."""
    if not rows:
        return ""
    shapes = (("the seed's workload", f"just now, the seed's workload, wall {NS_PER_SCORE_UNIT}",
               f"just now, the seed's workload, CPU {NS_PER_SCORE_UNIT}"),
              ("every pair", f"just now, every pair, wall {NS_PER_SCORE_UNIT}", f"just now, every pair, CPU {NS_PER_SCORE_UNIT}"))

    def number(text) -> float:
        return float(str(text).replace(",", ""))

    gaps = [(number(row[wall]) / number(row[cpu]) - 1, row["variant"], shape)
            for row in rows for shape, wall, cpu in shapes]
    largest, variant, shape = max(gaps)
    if largest < 0.01:
        said = (" In this run the wall and CPU figures of every row agree within 1% in both shapes of work, so "
                "these runs hardly waited for a core.")
    else:
        said = (f" In this run the wall figure is at most {round(largest * 100)}% above the CPU one ({variant}, {shape}): "
                "waiting for a core added no more than that to a best run.")
    above = [row["variant"] for row in rows
             if number(row[shapes[1][2]]) > number(row[shapes[1][1]])]
    if above:
        said += (f" For {_listed(above)} the CPU figure of every pair comes out above the wall one: the wall "
                 "figure is the live table's, its best time rounded to three figures before dividing, while no "
                 "run's CPU time exceeds its wall time.")
    return said


def _listed(items: list) -> str:
    """'a', 'a and b', 'a, b and c'."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def packed_against_plain_table(checks: pd.DataFrame) -> ReadableTable:
    """`scoring_variants.packed_against_plain` as a table: one row per number of pins, with its
    colors, codewords, games and pairs; whether both packed kernels gave the plain score is said
    once in the note (with the totals of pairs and games), and, where some did not, which pins."""
    shown = checks.drop(columns=["packed = plain"])
    pairs, games = int(checks["pairs"].sum()), int(checks["games"].sum())
    wrong = checks.loc[~checks["packed = plain"].astype(bool), "pins"].tolist()
    if not wrong:
        note = f"Both packed kernels gave the plain score on every pair: {pairs:,} pairs in {games:,} games."
    else:
        note = (f"A packed kernel differed from the plain score at {_listed([f'{p} pins' for p in wrong])}; "
                f"{pairs:,} pairs in {games:,} games were checked.")
    return readable(shown, note=note)


def scoring_summary_table(workload: "Table | pd.DataFrame") -> ReadableTable:
    """The five ways to score, named as the timing tables name them, with their ns per score on the
    seed's workload as `scoring_workload_table` shows it (data/seed_scoring_workload.csv as a `Table`
    or its frame, one machine and engine version, named in the note; a missing or partial table shows
    its problem instead)."""
    from ..studies.seed_workloads import workload_coverage

    workload, problem = frame_and_problem(workload)
    if problem:
        return ReadableTable(pd.DataFrame(), problem)
    timings = one_machine_one_engine(workload)
    rows = timings.rows.sort_values("workload_s", ascending=False)
    scores = workload_coverage(timings.rows).scores
    shown = pd.DataFrame({"variant": rows["description"] if "description" in rows else rows["variant"],
                          "ns per score, the seed's workload": [_three_figures(shown_ns_per_score(s, scores))
                                                                for s in rows["workload_s"]]})
    repeats = " or ".join(str(r) for r in workload_coverage(timings.rows).repeats)
    return ReadableTable(shown.reset_index(drop=True),
                         f"data/seed_scoring_workload.csv: {f'the median of {repeats} runs' if repeats else 'medians'}, "
                         f"{timings.caption()}{mmlib_versions(timings.rows)}; ns per score as in the table of "
                         f"the seed's workload (its seconds as shown ÷ {scores:,} scores).")


UNPAIRED = "–"  # an unpaired solve's cpu cells; the note says why


def _days(dates) -> str:
    """'2026-11-27', or '2026-11-26 to 2026-11-27', of date-time texts."""
    days = sorted({str(d)[:10] for d in dates if str(d) not in ("", "nan", "NaT", "None")})
    return "" if not days else days[0] if len(days) == 1 else f"{days[0]} to {days[-1]}"


def _joined(items) -> str:
    """'7p7c', '7p7c and 8p6c', '5p8c, 6p6c and 7p7c'."""
    items = list(dict.fromkeys(items))
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _where_timed(pairs: pd.DataFrame, backend: str) -> str:
    """'NVIDIA H200, engine solve-cuda 6, mmlib e821b5f, measured 2026-11-27' of one backend's rows of
    `gpu_beside_cpu`, read from them ('' if none)."""
    if backend == "cuda":
        rows = pairs
        machine, engine, commit, date = rows["gpu"], rows["cuda_engine"], rows["cuda_commit"], rows["cuda_date"]
    else:
        rows = pairs[pairs["cpu_s"].notna()]
        machine, engine, commit, date = rows["cpu_machine"], rows["cpu_engine"], rows["cpu_commit"], rows["cpu_date"]
    if len(rows) == 0:
        return ""
    # Several commits: each names the rows it timed.
    commits = commits_of_rows(rows.assign(_commit=commit, _date=date), "_commit", "_date")
    text = f"{', '.join(dict.fromkeys(machine))}, engine {', '.join(dict.fromkeys(engine))}"
    text += f", mmlib {commits}" if commits else ""
    return text + (f", measured {_days(date)}" if _days(date) else "")


def _paired_games(pairs: pd.DataFrame) -> set:
    """The games of which some cuda solve has the same solve on the cpu backend."""
    return set(pairs.loc[pairs["cpu_s"].notna(), "game"])


@_whole_names
def gpu_beside_cpu_table(benchmarks: pd.DataFrame, turns: bool = False) -> ReadableTable:
    """`data_tables.gpu_beside_cpu`, for the games timed on both backends: one row per game, strategy
    and opening, with the cuda seconds of each case-equivalence setting, the cpu seconds of the very
    same solve (game, strategy, opening, setting) and cpu over cuda, for each setting some cpu run
    has. The note names each backend's machine, engine, commits and days, and says in one line which
    cuda solves have no cpu counterpart and why: a game with none at all is `gpu_alone_table`'s.
    With `turns`, two last columns give each solve's total turns as its cuda and its cpu rows record
    them (one number where every setting agrees, else each setting's), and the note says whether every
    cuda solve played the total turns and computed the scores of the cpu solve beside it."""
    pairs = gpu_beside_cpu(benchmarks)
    if len(pairs) == 0:
        return ReadableTable(pd.DataFrame(), "data/benchmarks.csv has no cuda rows yet")
    paired = pairs["cpu_s"].notna()
    games = _paired_games(pairs)
    mine = pairs[pairs["game"].isin(games)]
    settings = [ce for ce in ("off", "on") if (mine["case_equivalence"] == ce).any()]
    with_cpu = {ce for ce in settings if (paired & (pairs["case_equivalence"] == ce) & pairs["game"].isin(games)).any()}
    rows = []
    for (game, strategy, opening), group in mine.groupby(["game", "strategy", "opening"], sort=False):
        by = group.set_index("case_equivalence")
        row = {"game": game, "strategy": Strategy.parse(strategy).title, "opening": opening}
        for ce in settings:
            there = ce in by.index
            row[f"cuda s, {ce}"] = format_seconds(by.at[ce, "cuda_s"]) if there else UNPAIRED
            if ce in with_cpu:
                ok = there and pd.notna(by.at[ce, "cpu_s"])
                row[f"cpu s, {ce}"] = format_seconds(by.at[ce, "cpu_s"]) if ok else UNPAIRED
                row[f"cpu / cuda, {ce}"] = shown_ratio(row[f"cpu s, {ce}"], row[f"cuda s, {ce}"]) if ok else UNPAIRED
        if turns:  # each backend's total turns in its own column, so that a reader sees them agree (review r11)
            for backend in ("cuda", "cpu"):
                recorded = {ce: int(by.at[ce, f"{backend}_total_turns"]) for ce in settings
                            if ce in by.index and pd.notna(by.at[ce, f"{backend}_total_turns"])}
                row[f"{backend} turns"] = (f"{next(iter(recorded.values())):,}" if len(set(recorded.values())) == 1 else
                                          "; ".join(f"{ce} {value:,}" for ce, value in recorded.items()) or UNPAIRED)
        rows.append(row)
    shown = pd.DataFrame(rows)
    # Which cuda solves have no cpu counterpart, and why, in one line.
    missing: dict = {}
    for r in pairs[~paired].itertuples():
        reason = str(r.no_cpu_because)
        if r.game not in games:
            missing.setdefault(("games", "no run of them by the current cpu engine"), []).append(r.game)
        elif reason.startswith("no cpu run of") and reason.endswith(f"case equivalence {r.case_equivalence}"):
            missing.setdefault((f"case equivalence {r.case_equivalence} in",
                                "no run with that setting by the current cpu engine"), []).append(r.game)
        else:
            title = Strategy.parse(r.strategy).title
            missing.setdefault((f"{title} with case equivalence {r.case_equivalence} in", reason), []).append(r.game)
    parts = [f"{'' if what == 'games' else what + ' '}{_joined(g)} ({why})" for (what, why), g in missing.items()]
    none = f" No cpu counterpart: {'; '.join(parts)}." if parts else ""
    where = "; ".join(f"{b}: {_where_timed(mine, b)}" for b in ("cuda", "cpu") if _where_timed(mine, b))
    numbers = [c for c in shown.columns if c.startswith(("cuda s", "cpu s", "cpu / cuda"))]
    solves = "; ".join(f"{b} of {_solves(mine[f'{b}_repeats'])}" for b in ("cuda", "cpu")
                       if mine[f"{b}_repeats"].notna().any())
    medians = f" Each time is one run's median ({solves})." if solves else " Each time is one run's median."
    ratio = (" cpu / cuda is computed from the two times as shown (two significant digits), not from the "
             "unrounded medians.") if with_cpu else ""
    same = ""
    if turns:
        numbers += ["cuda turns", "cpu turns"]
        both = mine[mine["cpu_s"].notna()]
        agree = (pd.to_numeric(both["cuda_total_turns"]) == pd.to_numeric(both["cpu_total_turns"])) \
            & (pd.to_numeric(both["cuda_scores"]) == pd.to_numeric(both["cpu_scores"]))
        single = all("; " not in str(t) for c in ("cuda turns", "cpu turns") for t in shown[c])
        places = "on both backends and in both settings" if len(settings) > 1 else "on both backends"
        if len(both) and agree.all() and single:
            same = (f" cuda turns, cpu turns: the total turns as the rows record them, the same {places}; every "
                    "cuda solve with a cpu solve beside it also computed the same scores (the column scores of "
                    "those rows of data/benchmarks.csv).")
        elif len(both) and agree.all():
            same = (" cuda turns, cpu turns: the total turns as the rows record them; every cuda solve with a cpu "
                    "solve beside it played the same total turns and computed the same scores (the column scores "
                    "of those rows of data/benchmarks.csv).")
        elif len(both):
            same = (" cuda turns, cpu turns: the total turns as the rows record them; some cuda solves differ from "
                    "the cpu solve beside them.")
    return ReadableTable(shown, f"off, on: case equivalence off, on. {where}.{medians}{ratio}{same}{none}",
                         numeric=numbers)


def as_shown(seconds, how=None) -> pd.Series:
    """Seconds as a table shows them (`format_seconds`, or `how`), read back as numbers: a rate a
    table shows beside them is computed from these, so that a reader who divides gets it."""
    write = how or format_seconds
    return pd.Series([float(write(float(v)).replace(",", "")) if pd.notna(v) else np.nan for v in seconds],
                     index=getattr(seconds, "index", None))


def shown_ratio(numerator: str, denominator: str) -> str:
    """'43x': the ratio of two times as a table shows them ('2.3' over '0.053'), so that a reader who
    divides the shown times gets the shown ratio."""
    value = float(numerator.replace(",", "")) / float(denominator.replace(",", ""))
    return f"{value:,.0f}x"


def _solves(repeats: pd.Series) -> str:
    """'3 solves', '1 to 3 solves' of a repeats column."""
    counts = sorted({int(r) for r in pd.to_numeric(repeats, errors="coerce").dropna()})
    text = str(counts[0]) if len(counts) == 1 else f"{counts[0]} to {counts[-1]}"
    return f"{text} solve{'s' if counts != [1] else ''}"


@_whole_names
def gpu_alone_table(benchmarks: pd.DataFrame, ab: "pd.DataFrame | None" = None) -> ReadableTable:
    """The cuda solves of the games no cpu run by the current cpu engine has (`gpu_beside_cpu_table`
    shows the others): seconds, scores computed and billions of scores a second, one row per game,
    strategy, opening and case-equivalence setting; the note names the GPU, engine, commit and day,
    and the rows timed with no warm-up solve before them (`_no_warm_up`, with `ab`, the rows of
    data/gpu_ab.csv: the same solve timed after a warm-up, where it has one)."""
    pairs = gpu_beside_cpu(benchmarks)
    alone = pairs[~pairs["game"].isin(_paired_games(pairs))] if len(pairs) else pairs
    if len(alone) == 0:
        return ReadableTable(pd.DataFrame(), "every game timed on the cuda backend was timed on the cpu backend too")
    shown = pd.DataFrame({
        "game": alone["game"], "strategy": [Strategy.parse(s).title for s in alone["strategy"]],
        "opening": alone["opening"], "case equivalence": alone["case_equivalence"],
        "solves": pd.to_numeric(alone["cuda_repeats"], errors="coerce"),
        "cuda s": alone["cuda_s"], "scores computed": alone["cuda_scores"],
        # From the seconds as shown, as every ratio of notebook 5's tables: a reader who divides gets it.
        "billion scores/s": pd.to_numeric(alone["cuda_scores"], errors="coerce") / as_shown(alone["cuda_s"]) / 1e9,
    })
    cpu = ", ".join(dict.fromkeys(e for e in pairs["cpu_engine"].dropna()))
    why = f"engine {cpu}" if cpu else "the cpu engine"
    return readable(shown, formats={"cuda s": "seconds", "billion scores/s": 0},
                    blank={"scores computed": "not counted", "billion scores/s": "not counted",
                           "solves": "not recorded"},
                    note=f"{_where_timed(alone, 'cuda')}. Each time is one run's median over its solves; billion "
                         "scores/s is counted scores per second: scores computed over cuda s as shown (two significant digits). No run of "
                         f"{_joined(alone['game'])} by the current cpu engine ({why})." + _no_warm_up(alone, ab))


# A setting of data/gpu_ab.csv in words, for a reader who does not know the kernel's config names.
_AB_SETTING_WORDS = {
    ("SUBSET_COUNTER_LAYOUT", "rows"): "the score counters laid out as in the row's commit (one row of counters "
                                       "per score in the GPU's shared memory)",
}


def _no_warm_up(alone: pd.DataFrame, ab: "pd.DataFrame | None") -> str:
    """Sentences on the rows of `alone` (of `gpu_beside_cpu`) whose command timed them with no warm-up
    solve before them ('--no-warm-up'), where the others followed one; and, from `ab` (data/gpu_ab.csv),
    the same solve (game, strategy, case equivalence, GPU, engine and scores) timed after a warm-up,
    with its seconds and rate as this table writes them. What the times do not show is said not to be
    measured ('' where every row followed a warm-up)."""
    commands = alone["cuda_command"].astype(object).fillna("").astype(str) if "cuda_command" in alone.columns else None
    if commands is None or not commands.str.contains("--no-warm-up").any():
        return ""
    cold = alone[commands.str.contains("--no-warm-up")]
    warm = alone[~commands.str.contains("--no-warm-up")]
    text = ""
    for _, row in cold.iterrows():
        name = f"{row['game']} {Strategy.parse(row['strategy']).title}"
        others = f", where every {_joined(warm['game'])} row followed one" if len(warm) else ""
        text += (f" {name} is one solve with no warm-up solve before it (its bench command's --no-warm-up, which saves "
                 f"solving it twice in that session; the kernels' compile time is still taken out){others}.")
        again = pd.DataFrame()
        if ab is not None and len(ab):
            again = ab[(ab["game"] == row["game"]) & (ab["strategy"] == row["strategy"])
                       & (ab["case_equivalence"] == row["case_equivalence"]) & (ab["machine"] == row["gpu"])
                       & (ab["engine"] == row["cuda_engine"])
                       & (pd.to_numeric(ab["scores"], errors="coerce") == float(row["cuda_scores"]))]
        if len(again):
            later = again.sort_values("date").iloc[-1]
            seconds = format_seconds(float(later["seconds"]))
            rate = float(row["cuda_scores"]) / float(seconds.replace(",", "")) / 1e9
            text += (f" A separate session (data/gpu_ab.csv, mmlib {later['mmlib_version']}, {str(later['date'])[:10]}) "
                     f"solved {row['game']} twice: an untimed warm-up solve of {row['game']} itself, then the same solve "
                     f"timed, in {seconds} s, {rate:,.0f} billion scores/s, with "
                     f"{_AB_SETTING_WORDS.get((later['tunable'], later['value']), 'the same kernel')} and the same engine: "
                     "it differs from the row by the warm-up before it and by being another run, and which of the "
                     "two made the difference was not measured. The table keeps the bench run, as every row of it "
                     "comes from data/benchmarks.csv.")
        if len(warm):
            text += (f" Why {row['game']} runs at fewer scores a second than {_joined(warm['game'])} is an open "
                     "question: timing each phase of its turns on the GPU would settle it.")
    return text


NOT_GIVEN = "–"  # a seed-solve cell with no value (a GPU's threads; the seed's engine, commit, solves); the note says why


@_whole_names
def seed_solve_table(comparison: pd.DataFrame, benchmarks: pd.DataFrame, game: str = "7p7c",
                     strategy: str = "knuth", rates: bool = False) -> ReadableTable:
    """One solve of data/seed_comparison.csv on every machine that timed it: mmlib's cuda and cpu
    backends (their rows of data/benchmarks.csv, each with its threads, engine, commit, machine and
    day) and the seed's published figure, per case-equivalence setting, each with the scores it
    computed (the seed publishes its count). One value per cell: the solver, its threads, its
    engine and commit in columns of their own. The note says whether the scores agree, and mmlib's
    total turns on each backend, read from the rows. With `rates`, a last column gives billions of
    scores a second: scores computed over the seconds as shown, three significant figures."""
    label = Strategy.parse(strategy).label
    rows = comparison[(comparison["game"] == game) & (comparison["strategy"] == label)] if len(comparison) \
        else comparison
    if len(rows) == 0:
        return ReadableTable(pd.DataFrame(), f"data/seed_comparison.csv has no {game} {label} row")
    bench = benchmarks.assign(machine=machine_names(benchmarks)) if len(benchmarks) else benchmarks
    shown, scores, turns = [], {}, {}
    for ce in ("on", "off"):
        mine = rows[rows["case_equivalence"] == ce]
        if mine.empty:
            continue
        # The GPU first, then the cpu, as the notebook's tables before this one.
        mine = mine.iloc[np.argsort(~mine["mmlib_machine"].astype(str).str.contains("cuda backend"), kind="stable")]
        for _, row in mine.iterrows():
            timed = bench[(bench["game"] == game) & (bench["strategy"] == label) & (bench["case_equivalence"] == ce)
                          & (bench["date"].astype(str) == str(row["mmlib_date"]))]
            if timed.empty or not str(row.get("mmlib_seconds", "")).strip():
                continue
            b = timed.iloc[-1]
            cpu = b["backend"] == "cpu"
            shown.append({"case equivalence": ce, "solver": f"mmlib {b['backend']}",
                          "threads": f"{int(b['threads'])}" if cpu and pd.notna(b.get("threads")) else NOT_GIVEN,
                          "engine": str(b["engine"]), "commit": str(b.get("mmlib_version", "")) or "not recorded",
                          "machine": b["machine"], "measured": str(b["date"])[:10],
                          "solves": f"{int(b['repeats'])}" if pd.notna(b.get("repeats")) else "1",
                          "scores computed": _count_or(row["mmlib_scores"]),
                          "seconds": format_seconds(float(row["mmlib_seconds"]))})
            scores.setdefault(ce, set()).add(str(row["mmlib_scores"]))
            turns.setdefault(b["backend"], set()).add(str(row["mmlib_total_turns"]))
        seed = mine.iloc[0]
        shown.append({"case equivalence": ce, "solver": "seed CUDA", "threads": NOT_GIVEN,
                      "engine": NOT_GIVEN, "commit": NOT_GIVEN,
                      "machine": str(seed["seed_machine"]).removesuffix(", CUDA"), "measured": "published",
                      "solves": NOT_GIVEN, "scores computed": _count_or(seed["seed_scores"]),
                      "seconds": format_seconds(float(seed["seed_seconds"]))})
        scores.setdefault(ce, set()).add(str(seed["seed_scores"]))
    note = ["threads: the cpu backend's; – for a GPU, whose solver runs on the GPU's threads (the machine column "
            "names the GPU). – for the seed's engine and commit (not mmlib's) and its solves (the seed does not "
            "publish how many solves)."]
    if all(len(v) == 1 for v in scores.values()):
        note.append("The scores computed agree in every row of a setting, the seed's published count included.")
    if turns and all(len(v) == 1 for v in turns.values()) and len({next(iter(v)) for v in turns.values()}) == 1:
        note.append(f"mmlib's total turns: {int(next(iter(next(iter(turns.values()))))):,} on "
                    f"{'both backends' if len(turns) == 2 else 'the ' + next(iter(turns)) + ' backend'} "
                    "(the seed publishes no turn count).")
    note.append(f"Sources: data/benchmarks.csv (mmlib); the seed's {seed['seed_source']} "
                "(docs/seed_results.md lists it).")
    frame = pd.DataFrame(shown)
    numeric = ["threads", "solves", "scores computed", "seconds"]
    if rates and len(frame):
        frame["billion scores/s"] = [
            significant(float(c.replace(",", "")) / float(t.replace(",", "")) / 1e9, 3)
            if c.replace(",", "").isdigit() else "not given" for c, t in zip(frame["scores computed"], frame["seconds"])]
        numeric.append("billion scores/s")
        note.insert(-1, "billion scores/s: counted scores per second, scores computed over seconds as shown, the whole "
                           "solve's on all its threads.")
    return ReadableTable(frame, " ".join(note), numeric=numeric)


def _count_or(value, missing: str = "not given") -> str:
    """A count with separators (1,688,549,605,473), or `missing` where the row has none."""
    number = pd.to_numeric(pd.Series([value]), errors="coerce").iloc[0]
    return missing if pd.isna(number) else f"{int(number):,}"


def _three_digits(seconds: float) -> str:
    """Seconds to three significant digits (0.0425): the kernel's median as data/ records it."""
    return significant(seconds, 3)


def scoring_kernel_table(benchmarks: pd.DataFrame, define_columns: bool = False,
                         brief: bool = False) -> ReadableTable:
    """The scoring kernel timed alone (benchmark rows `score-kernel`): the latest run of each game
    and backend, of one machine and the newest engine version, with its threads, billions of
    scores a second, the machine's load average before the run and the CPU use during it (CPU
    time over wall time and threads: 1.00 means no other work took the kernel's cores). The note
    names the machine, engine, commit and day, and the rows left out. With `define_columns` (notebook
    6, where the table stands without notebook 5's paragraph on the kernel) the note says what each
    of the runs scores and what every column means, CPU use and load average included.

    `brief`, for a page whose prose says what one timed run does (notebook 5): the load average to
    one decimal and a note of the column meanings, machine, engine and commit alone. The seconds
    and the rate are written as notebook 6 writes them (0.0425 s, 0.80), so the two pages agree."""
    rows = benchmarks[benchmarks["strategy"] == KERNEL_STRATEGY] if len(benchmarks) else benchmarks
    timings = one_machine_one_engine(rows)
    latest = latest_rows(timings.rows, ("game", "backend"))
    if len(latest) == 0:
        return ReadableTable(pd.DataFrame(), "data/benchmarks.csv has no scoring-kernel rows yet")
    # What one timed run does: the benchmark scores a number of guesses, each against every codeword
    # of the game (every secret), so the row's scores are guesses × secrets (`bench.bench_kernel`).
    secrets = pd.Series([Game.parse(g).size for g in latest["game"]], index=latest.index)
    scores = pd.to_numeric(latest["scores"], errors="coerce")
    guesses = scores // secrets
    if not (guesses * secrets == scores).all():
        raise ValueError("a scoring-kernel row whose scores are not a whole number of guesses against every secret")
    seconds = _three_digits  # as notebook 6 shows them, brief or not: the same digits on both pages
    shown = pd.DataFrame({
        "game": latest["game"], "backend": latest["backend"], "threads": latest["threads"],
        "guesses": guesses, "secrets": secrets, "scores per run": scores,
        "runs": pd.to_numeric(latest["repeats"], errors="coerce"), "median s": latest["median_s"],
        "billion scores/s": scores / as_shown(latest["median_s"], seconds) / 1e9,
        "load average": pd.to_numeric(latest["load_avg"], errors="coerce"),
        "CPU use": pd.to_numeric(latest["cpu_util"], errors="coerce"),
    })
    backends = list(dict.fromkeys(latest["backend"]))
    if len(backends) == 1:  # one backend: said once in the note, not in every row
        shown = shown.drop(columns="backend")
    runs = [f"{int(n):,} distinct guesses of {g}, each scored against all {int(c):,} secrets: {int(n * c):,} scores"
            for g, n, c in zip(latest["game"], guesses, secrets)]
    what = (f"The {' and '.join(backends)} backend's scoring kernel. One timed run: {'; '.join(runs)}. median s: "
            "the median of the runs; billion scores/s: scores per run over median s as shown.")
    if define_columns:
        each = "; ".join(f"{int(n):,} guesses of {g}, each scored against every one of its {int(c):,} secrets"
                         for g, n, c in zip(latest["game"], guesses, secrets))
        what = (f"The {' and '.join(backends)} backend's scoring kernel. Each run: {each} (scores per run); "
                "runs: how many runs were timed; median s: the median of their times; billion scores/s: scores "
                "per run over median s as shown; load average: the machine's, before the runs; CPU use: CPU "
                "seconds over wall seconds and threads during the runs (1.00: no other work took the kernel's "
                "cores).")
    latest_timings = type(timings)(latest, timings.left_out, timings.machine, timings.engine)
    if brief:
        what = (f"The {' and '.join(backends)} backend's scoring kernel. median s: the median of the runs; "
                "billion scores/s: scores per run over median s as shown.")
    # What the version label is, where the page does not say it (notebook 6).
    label = f"mmlib {latest_timings.commits()}: the commit of mmlib that measured it. " \
        if define_columns and latest_timings.commits() else ""
    note = (f"{what} Latest run, {latest_timings.caption(commits=True, load=False).removeprefix('measured ')}. "
            f"{label}{timings.left_out_note()}")
    formats = {"median s": _three_digits, "billion scores/s": 2, "load average": 1 if brief else 2,
               "CPU use": 2}
    return readable(shown, formats=formats,
                    blank={"load average": "not recorded", "CPU use": "not recorded", "threads": "not recorded",
                           "runs": "not recorded"},
                    note=note.strip())



def turn_stats_table(result, note: "str | None" = None) -> ReadableTable:
    """The counts of every turn of `result`, numbered as notebook 5's figures number them: turn t is
    the t-th guess, played against every secret still in play; its scores split them into the regions
    after turn t, each of which chooses one guess for turn t+1 (the last three columns: how those
    guesses were found, as the figures' legends name the ways). `note`, if given, replaces the note
    that says so (a second table of the same columns on a page need not say it again)."""
    from .plots_results import SETTLED_WAYS

    stats = result.turn_stats
    frame = pd.DataFrame({
        "turn": [s.turn for s in stats], "secrets in play": [s.games_active for s in stats],
        "scores computed": [s.scores for s in stats], "regions after it": [s.regions for s in stats],
        **{label: [getattr(s, name) for s in stats] for name, label, _color in SETTLED_WAYS},
    })
    explained = ("Turn t: the t-th guess, played against every secret in play (not found yet). Regions after "
                 "turn t: the groups its scores form (a secret found forms none), each choosing one guess for turn "
                 "t+1; the last three columns say how those guesses were found. Scores computed on turn t: one per "
                 "secret in play, then, to choose turn t+1's guesses, k² for each region of 3 to p(p+3)/2 secrets "
                 "(k secrets: the fully discriminating check) and candidates × k for each region searched in full.")
    return readable(frame, note=explained if note is None else note)


def turn_scores_sum(result, turn: int = 1) -> str:
    """Turn `turn`'s scores computed of `result`, rebuilt from the rule every backend counts by
    (`mmlib.core.solver_reference`): one score per secret in play (its region's guess against it); k² for each
    region after the turn of 3 to p(p+3)/2 games (the number of different scores), whose k members
    are each scored against each other in the search for a fully discriminating member, whether or
    not one is found; and (every codeword) × k for each region searched in full, which includes each
    region of 3 to p(p+3)/2 games whose check found no such member (the text says how many did). The regions searched
    in full are not recorded one by one, so their secrets are what the other two terms leave, divided by
    the codewords; a result that does not add up that way is a ValueError. Case equivalence off only:
    with it on, a full search scores each region's own number of candidates."""
    if result.case_equivalence:
        raise ValueError("the scores of a solve with case equivalence on do not split into codewords × games")
    stats = result.turn_stats[turn - 1]
    game = result.game
    per_turn = result.tree.region_sizes_per_turn()  # element t: the regions after turn t
    sizes = [int(k) for k in per_turn[turn]] if turn < len(per_turn) else []
    checked = [k for k in sizes if 3 <= k <= game.num_scores]
    checks = sum(k * k for k in checked)
    searched_scores = stats.scores - stats.games_active - checks
    searched_games, rest = divmod(searched_scores, game.size)
    if rest or searched_games < 0 or searched_games > sum(k for k in sizes if k >= 3):
        raise ValueError(f"turn {turn} of {game.name}: {stats.scores:,} scores do not add up by the rule")
    # A region whose check finds no fully discriminating member is then searched in full as well, and
    # pays both terms: say how many found one (the table's column), so that the full searches add up.
    found, not_found = stats.fd_regions, len(checked) - stats.fd_regions
    if len(checked) == 1:
        outcome = ("it has a fully discriminating member" if found else
                   "no member of it is fully discriminating, so it is also searched in full")
    elif not_found == 0:
        outcome = "each has a fully discriminating member"
    elif found == 0:
        outcome = "none has a fully discriminating member, so each is also searched in full"
    else:
        outcome = (f"{found:,} have a fully discriminating member, "
                   + ("the other one has none and is" if not_found == 1 else f"the other {not_found:,} have none and are")
                   + " also searched in full")
    if not checked:
        check_text = "0 (no region of 3 to {} secrets)".format(game.num_scores)
    elif len(checked) <= 8:
        which = "the one region" if len(checked) == 1 else f"the {len(checked)} regions"
        check_text = (f"{checks:,} ({' + '.join(f'{k}²' for k in checked)}: {which} of 3 to {game.num_scores} secrets;"
                      f"\n    {outcome})")
    else:
        check_text = (f"{checks:,} (k² for each of the {len(checked):,} regions of 3 to {game.num_scores} secrets;"
                      f"\n    {outcome})")
    return (f"turn {turn} of {game.name}: {stats.games_active:,} secrets in play, each scored against its guess "
            f"({stats.games_active:,} scores)\n"
            f"  + fully discriminating checks: {check_text}\n"
            f"  + full searches: {searched_games:,} secrets in the regions searched × {game.size:,} codewords "
            f"= {searched_scores:,}\n"
            f"  = {stats.scores:,} scores computed on turn {turn}")


# The shortest solve (case equivalence in every region, the longest strategy's median) whose time
# `ce_threshold_table` compares: the settings differ by a few percent, and a solve of a few
# milliseconds moves by more than that from run to run on a shared machine (4p6c's, 5 to 12 ms, gave
# "on from 6" 0.79 of "on from 1" although it searches more).
CE_THRESHOLD_MIN_S = 0.02
TOO_SHORT = "–"  # a time ratio of solves too short to compare; the note says which and how long


def ce_threshold_table(timings: pd.DataFrame, off: bool = False) -> ReadableTable:
    """data/ce_threshold.csv, one row per game: each setting's time against case equivalence in every
    region ("on from 1"), as the geometric mean over the strategies measured (their number said once
    in the note), and the share of the scores case equivalence saves that the regions of 3 to 5
    secrets account for (what "on from 6" gives up). A game whose solves take under
    CE_THRESHOLD_MIN_S shows no time ratios ("–"), and the note gives its times. Case equivalence
    off is left out unless `off`: the question is the threshold, and notebook 6 answers off against
    on with data/case_equivalence_timing.csv."""
    shown = one_machine_one_engine(timings)
    timings = shown.rows
    if len(timings) == 0:
        return ReadableTable(pd.DataFrame(), "data/ce_threshold.csv has no rows of a recorded machine and engine yet")
    frame = timings.assign(median_s=pd.to_numeric(timings["median_s"]), scores=pd.to_numeric(timings["scores"]),
                           scores_saved=pd.to_numeric(timings["scores_saved"]))
    frame = frame.drop_duplicates(["game", "strategy", "setting"], keep="last")
    base_setting = "on from 1"  # case equivalence in every region
    others = [s for s in dict.fromkeys(frame["setting"]) if s != base_setting and (off or s != "off")]
    rows, strategies, short = [], set(), []
    for game, group in frame.sort_values(["codewords", "game"], kind="stable").groupby("game", sort=False):
        wide = group.pivot_table(index="strategy", columns="setting", values=["median_s", "scores", "scores_saved"])
        if base_setting not in wide["median_s"].columns:
            continue
        strategies.add(len(wide))
        row = {"game": game}
        base = wide["median_s"][base_setting]
        too_short = base.max() < CE_THRESHOLD_MIN_S
        if too_short:
            short.append(f"{game}'s solves take {1000 * base.min():.0f} to {1000 * base.max():.0f} ms")
        for setting in others:
            if setting in wide["median_s"].columns:
                ratio = wide["median_s"][setting] / base
                row[f"time {setting} / on from 1"] = np.nan if too_short else float(np.exp(np.log(ratio).mean()))
        if "on from 6" in wide["scores"].columns:
            given_up = (wide["scores"]["on from 6"] - wide["scores"][base_setting]).sum()
            row["saved scores from regions of 3-5"] = given_up / wide["scores_saved"][base_setting].sum()
        rows.append(row)
    ratios = {column: 2 for column in rows[0] if column.startswith("time ")} if rows else {}
    threads = sorted({int(t) for t in timings["threads"].dropna()}) if "threads" in timings.columns else []
    on = f", {', '.join(map(str, threads))} thread{'s' if threads != [1] else ''}" if threads else ""
    over = (f"The time columns: the geometric mean, over the {' or '.join(map(str, sorted(strategies)))} strategies, "
            "of the time with that setting over the time with case equivalence in every searched region (above 1: "
            "slower). Saved scores from regions of 3-5: the share of the scores case equivalence saves (in every "
            "searched region, summed over the strategies) that comes from regions of 3 to 5 secrets. ") \
        if strategies else ""
    if short:
        over += (f"{TOO_SHORT}: {'; '.join(short)} with case equivalence in every region, too short to time "
                 "a difference of a few percent. ")
    blanks = {c: TOO_SHORT for c in ratios}
    blanks["saved scores from regions of 3-5"] = "setting not measured for this game"
    return readable(pd.DataFrame(rows), formats={**ratios, "saved scores from regions of 3-5": "percent"},
                    blank=blanks, note=f"{over}Times {shown.caption()}{on}. {shown.left_out_note()}".strip())


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


@_whole_names  # its note's dates and engine names stay on one line
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
    frame["median wall time (s)"] = pd.to_numeric(latest["median_s"], errors="coerce").to_numpy()
    frame["positions searched"] = pd.to_numeric(latest["nodes"], errors="coerce").to_numpy()
    repeats = _one_or_column(latest, "repeats")
    if repeats is None:
        frame.insert(1, "searches timed", latest["repeats"].to_numpy())
    formats, blank = {"median wall time (s)": "seconds"}, {"positions searched": "not recorded", "optimal total": "not recorded"}
    stored_note = ""
    if optimal_frame is not None and len(optimal_frame):
        stored = optimal_frame[(optimal_frame["objective"] == "total") & optimal_frame["max_turns_limit"].isna()]
        stored = stored.set_index("game")
        same = [g in stored.index and stored.loc[g, "engine"] == timings.engine
                and stored.loc[g, "machine"] == timings.machine for g in frame["game"]]
        frame["data/optimal.csv wall time (s)"] = [stored.loc[g, "seconds"] if ok else np.nan
                                              for g, ok in zip(frame["game"], same)]
        frame["data/optimal.csv positions"] = [stored.loc[g, "nodes"] if ok else np.nan
                                                for g, ok in zip(frame["game"], same)]
        formats["data/optimal.csv wall time (s)"] = "seconds"
        blank.update({"data/optimal.csv wall time (s)": DASH, "data/optimal.csv positions": DASH})
        older = [g for g, ok in zip(frame["game"], same) if not ok and g in stored.index]
        rows_of = "; ".join(
            f"{g}'s row: engine {stored.loc[g, 'engine']}, {recorded_seconds(float(stored.loc[g, 'seconds']))} s, "
            f"{int(stored.loc[g, 'nodes']):,} positions, on {stored.loc[g, 'machine']}, mmlib "
            f"{stored.loc[g, 'mmlib_version']}, {str(stored.loc[g, 'date'])[:10]}" for g in older)
        stored_note = (" data/optimal.csv: the same proof's row in the table of optima (one search, timed without "
                       f"set-up and tree read-out){'; a dash: written by an older version of the search, whose time does not compare' if older else ''}"
                       + (f" ({rows_of})" if rows_of else "") + ".")
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
    # A count that ends in 000 reads as rounded: say that it is the exact count the row records.
    round_counts = [f"{game}'s {int(n):,}" for game, n in zip(frame["game"], frame["positions searched"])
                    if pd.notna(n) and n >= 1000 and int(n) % 1000 == 0]
    exact = (f" ({' and '.join(round_counts)} too, a round number by chance, as the row records it)"
             if round_counts else "")
    # Boards this large search in worker processes, one per core: wall time, and no CPU time recorded.
    from ..core.optimal.config import PARALLEL_MIN_CODEWORDS

    farmed = [g for g, n in zip(latest["game"], latest["codewords"]) if n >= PARALLEL_MIN_CODEWORDS]
    alone = [g for g in latest["game"] if g not in farmed]

    def listed(games):
        return games[0] if len(games) == 1 else f"{', '.join(games[:-1])} and {games[-1]}"

    if farmed:
        where = ("in one run of python -m mmlib bench GAME --optimal: "
                 + (f"{listed(alone)} in that process alone; " if alone else "")
                 + f"{listed(farmed)}, of {PARALLEL_MIN_CODEWORDS:,} codewords or more, in worker processes, one "
                 "per core, whose CPU time the row does not record. Objective")
    else:
        where = "in one process (python -m mmlib bench GAME --optimal); objective"
    table = readable(frame, formats=formats, blank=blank, note=(
        f"{searches} (wall time), after a warm-up search of the same board, {where} total, any codeword may be "
        f"guessed; seconds to {SECONDS_FIGURES}; "
        f"positions searched: the exact count of "
        f"the last timed search{exact}. Measured on {_where_and_when(timings)}.{load_text}{stored_note} "
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
    key_of = {label: key for key, label in SOURCE_LABELS.items() if label}
    for cell in sources:
        for part in str(cell).replace(" (differs)", "").split("; "):
            part = key_of.get(part, part)
            if part in SOURCES and part not in keys:
                keys.append(part)
    if not keys:
        return ""
    return "Sources: " + "; ".join(f"{SOURCE_LABELS.get(key) or key}: {SOURCES[key]}" for key in sorted(keys)) + "."


SECONDS_COLUMN = "search wall time (s)"
# How a source key of `optimal_table.PUBLISHED_OPTIMA` reads in a table cell, where not as itself:
# fancidev's totals, from its repository or run here, under one label (an exact solver's answer);
# None: left out of the cell (Tanaka 1996, which the reference notes give with no title or venue,
# so that no reader can trace it; fancidev's solver gives the same total).
SOURCE_LABELS = {"fancidev 2012": "fancidev 2012 (solver)", "fancidev 2012, run here": "fancidev 2012 (solver, run here)",
                 "Tanaka 1996": None}
# A cell of notebook 8's tables with no value to show, as its note says why (an older engine's
# seconds, which do not compare; no published source): a dash, so that the values stand out.
DASH = "\u2014"
# How format_seconds writes seconds (0.063, 1.9, 7.4), said once under a table that shows them.
SECONDS_FIGURES = "two significant figures"


@_whole_names  # its note's dates and engine names stay on one line
def proven_optima_table(optimal_frame: pd.DataFrame, min_codewords: int = 0, rules: "str | None" = None,
                        pins: "int | None" = None) -> ReadableTable:
    """`optimal_table.proven_optima`: every optimum mmlib has proven, its source beside it (only the
    games of at least `min_codewords` codewords, of the rule set `rules` and of `pins` pins where
    given). Seconds (of mmlib's search that proved the row) are shown for the searches of one
    machine and the newest engine version among the rows (`data_tables.one_machine_one_engine`),
    named in the note; a search by an older engine keeps its optimum, its seconds left out, and
    where no row shown has seconds of that version the column is left out and the note says so.
    The note lists the sources cited and spells out a published value that differs."""
    from ..studies.optimal_table import GUESSES_POSSIBLE, WHY_DIFFERS, proven_optima

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
    def why(row) -> str:  # what the reference notes say of the difference, where they say it
        limit = None if row["within"] == "no limit" else int(row["within"].split()[0])
        reason = WHY_DIFFERS.get((row["game"], "possible" if row["guesses"] == GUESSES_POSSIBLE else limit))
        return f" ({reason})" if reason else ""

    differs = [f"{row['game']}, {row['source'].split(': ', 1)[1].split(', not')[0]} in "
               f"{row['source'].split(': ', 1)[0]} against {int(row['optimal total']):,} here{why(row)}"
               for _, row in frame.iterrows() if row["source"].endswith("not the same")]
    frame["source"] = frame["source"].map(short_source)
    versions = ", ".join(sorted(set(older["engine"].astype(str)) - {"", "unrecorded"}, key=_engine_order))
    if frame["seconds"].isna().all():
        frame = frame.drop(columns=["seconds"])
        seconds_note = (f"No search shown here was timed by engine {timings.engine}, the version that timed "
                        f"data/optimal.csv's newest rows (on {timings.machine}): these optima were proven by older versions ({versions}), "
                        "whose seconds do not compare; data/optimal.csv keeps them.")
        seconds_note += _benchmarked_note(frame["game"], timings)
    else:
        seconds_note = (f"{SECONDS_COLUMN}: the seconds of mmlib's search that proved the row, on "
                        f"{_where_and_when(timings)}, to {SECONDS_FIGURES} (under 0.01 s, the whole "
                        "milliseconds data/optimal.csv records).")
        seconds_note += _processes_note(frame[frame["seconds"].notna()], timings.machine)
        seconds_note += _benchmarks_beside_note(frame.loc[frame["seconds"].notna(), "game"], timings)
        if (frame["seconds"] < NOISE_SECONDS).sum() > 1:
            seconds_note += (f" Under about {NOISE_SECONDS} s the seconds do not follow the positions searched (a "
                             "smaller board can take longer): data/optimal.csv records no load average of the "
                             "shared machine, so whether other work on it took those milliseconds cannot be told.")
        if len(older):
            seconds_note += (f" A dash in that column: one of the {len(older):,} rows here proven by older "
                             f"versions of the search ({versions}), whose seconds do not compare; data/optimal.csv "
                             "keeps them.")
    note = seconds_note
    if (frame["source"] == "none found").all():  # a column of one value says it once, here
        frame = frame.drop(columns=["source"])
        note += " None of these optima was published elsewhere, as far as the sources the project checked go."
    if differs:
        note += " Differs: " + "; ".join(differs) + "."
    sources = cited_sources(frame["source"]) if "source" in frame.columns else ""
    if "source" in frame.columns and (frame["source"] == NO_PUBLICATION).any():
        # A dash, not a phrase in most cells: the eye finds the sources that are there.
        frame["source"] = frame["source"].replace(NO_PUBLICATION, DASH)
        note += " A dash as source: no published value found, as far as the sources the project checked go."
    if sources:
        note += " " + sources
    table = readable(frame.rename(columns={"seconds": SECONDS_COLUMN}), formats={SECONDS_COLUMN: recorded_seconds},
                     blank={SECONDS_COLUMN: DASH}, note=note)
    if SECONDS_COLUMN in table.frame.columns:
        table.numeric.add(SECONDS_COLUMN)  # right aligned, the dashes of older engines included
    return table


def _optimal_benchmarks(games: pd.Series, timings) -> pd.DataFrame:
    """The latest rows of data/benchmarks.csv that time the exact search on `games` with the
    engine and machine of `timings` (maybe none)."""
    from ..studies.data_tables import load_benchmarks

    bench = load_benchmarks().frame
    if not len(bench):
        return bench
    return latest_rows(bench[(bench["strategy"] == "optimal") & (bench["engine"] == timings.engine)
                             & (bench["machine"] == timings.machine) & bench["game"].isin(set(games))])


def _benchmarked_note(games: pd.Series, timings) -> str:
    """Where data/benchmarks.csv times some of `games` with the engine and machine of `timings`
    (which data/optimal.csv's rows of those games lack), one sentence that points to it."""
    bench = _optimal_benchmarks(games, timings)
    if not len(bench):
        return ""
    timed = "; ".join(f"{row.game} at {format_seconds(row.median_s)} s median" for row in bench.itertuples())
    return (f" data/benchmarks.csv does time some of these boards with engine {timings.engine} ({timed}): "
            "the table under \"The cost of the search\" gives them.")


def _benchmarks_beside_note(games: pd.Series, timings) -> str:
    """Where data/benchmarks.csv times some of the timed `games` with the engine and machine of
    `timings`, one sentence that gives the benchmarks' medians, so that a reader who meets the same
    proof's other figure under "The cost of the search" knows both."""
    bench = _optimal_benchmarks(games, timings)
    if not len(bench):
        return ""
    bench = bench.assign(order=bench["game"].map(list(dict.fromkeys(games)).index)).sort_values("order")
    timed = ", ".join(f"{row.game} {format_seconds(row.median_s)} s" for row in bench.itertuples())
    repeats = _one_or_column(bench, "repeats")
    median = f"the median of {repeats} searches after a warm-up" if repeats else "the median of the searches timed after a warm-up"
    return (f" The benchmarks of the same {'board' if len(bench) == 1 else 'boards'} (data/benchmarks.csv, "
            f"{median}), under \"The cost of the search\", give {timed}.")


NOISE_SECONDS = 0.05  # below this, a recorded search's seconds say more about the machine than the search


def _processes_note(timed: pd.DataFrame, machine: str) -> str:
    """Where a seconds column mixes searches in one process with searches in worker processes
    (boards of `PARALLEL_MIN_CODEWORDS` codewords or more), one sentence that says which is which."""
    import re

    from ..core.optimal.config import MAX_WORKERS, PARALLEL_MIN_CODEWORDS

    large = timed["codewords"] >= PARALLEL_MIN_CODEWORDS
    if not large.any():
        return ""
    cores = re.search(r"(\d+) cores", str(machine))
    workers = f"{min(int(cores.group(1)), MAX_WORKERS)} worker processes, one per core" if cores else "worker processes"
    if large.all():
        return f" Every board here has {PARALLEL_MIN_CODEWORDS:,} codewords or more: each was searched in {workers}."
    return (f" Boards of {PARALLEL_MIN_CODEWORDS:,} codewords or more ({_games_in_words(timed[large]['game'])}) "
            f"were searched in {workers}; the others in one process, on one core.")


def _games_in_words(games) -> str:
    names = list(dict.fromkeys(games.astype(str)))
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _engine_order(text: str):
    from ..studies.data_tables import engine_parts

    parts = engine_parts(text)
    return (parts[0], parts[1]) if parts else (text, -1)


def _source_label(key: str) -> str:
    """A source key (or keys joined by '; ') as a table cell shows it (`SOURCE_LABELS`)."""
    labels = [SOURCE_LABELS.get(part, part) for part in key.split("; ")]
    return "; ".join(label for label in labels if label)


def short_source(source: str) -> str:
    """`proven_optima`'s source in a table cell: 'Goddard 2004' for 'Goddard 2004: the same',
    'none found' for 'no published value found', 'X (differs)' for 'X: 26,374, not the same' (the
    table's note gives the value); fancidev's totals under one label (`SOURCE_LABELS`)."""
    if source == "no published value found":
        return "none found"
    if source.endswith(": the same"):
        return _source_label(source.removesuffix(": the same"))
    return _source_label(source.split(": ", 1)[0]) + " (differs)"


def proven_optima_summary(optimal_frame: pd.DataFrame) -> ReadableTable:
    """`optimal_table.proven_optima` in a few rows: per rule set and guess rule, how many games are
    proven (boards: pins and colors), the largest of them, and how many optima were published
    elsewhere and agree."""
    from ..studies.optimal_table import proven_optima
    from .widgets import RULE_TITLES

    frame = proven_optima(optimal_frame)
    rows = []
    for (rules, guesses), group in frame.groupby(["rules", "guesses"], sort=False):
        largest = group.loc[group["codewords"].idxmax()]
        # Boards, not rows: one board can have two rows with a source (4p6c with no limit and within 5 turns).
        published = group["source"] != "no published value found"
        differs = group["source"].str.endswith(", not the same")
        with_value = set(group.loc[published, "game"])
        agreeing = with_value - set(group.loc[differs, "game"])
        rows.append({"rules": RULE_TITLES.get(rules, rules), "guesses": guesses,
                     "boards proven": group["game"].nunique(),
                     "largest": f"{largest['game']} ({int(largest['codewords']):,} codewords)",
                     "boards with a published or solver value": len(with_value),
                     "of them, agreeing": len(agreeing)})
    return readable(pd.DataFrame(rows), note=(
        "Published or solver value: a board with a source in the table under \"Board by board\": a paper or "
        "program that published its optimum, or the totals of fancidev's exact solver (\"fancidev 2012 (solver)\" "
        "and \"fancidev 2012 (solver, run here)\" there), a second solver's answers. Agreeing: every such value "
        "of the board equals mmlib's optimum."))


@_whole_names  # its note's dates and engine names stay on one line
def possible_check_table(check: pd.DataFrame, optimal_frame: pd.DataFrame) -> ReadableTable:
    """`optimal_table.load_possible_guesses_check`: Bulls and Cows with guesses only from the possible
    secrets, one row per part below the first guess, mmlib's turns beside those of the independent
    search (scripts/independent_possible_check.c); the note adds the parts up to the game's total and
    sets it beside data/optimal.csv's optimum, with where and when the check ran."""
    from ..studies.optimal_table import GUESSES_POSSIBLE, proven_optima

    if check.empty:
        return ReadableTable(pd.DataFrame(), "data/possible_guesses_check.csv holds no row yet")
    game, opening = check["game"].iloc[0], check["first_guess"].iloc[0]
    size = Game.parse(game).size
    frame = check[["score", "secrets", "mmlib_turns", "independent_turns", "independent_nodes"]]
    table = readable(frame, names={"mmlib_turns": "mmlib's tree (turns)",
                                   "independent_turns": "independent search (turns)",
                                   "independent_nodes": "independent search (positions)"})
    optima = proven_optima(optimal_frame)
    stored = optima[(optima["game"] == game) & (optima["guesses"] == GUESSES_POSSIBLE)]
    differ = check.loc[check["mmlib_turns"] != check["independent_turns"], "score"].tolist()
    agree = (f"The two agree in all {len(check)} parts." if not differ
             else f"They differ in {len(differ)} of the {len(check)} parts: {', '.join(differ)}.")
    mmlib_sum, independent_sum = int(check["mmlib_turns"].sum()), int(check["independent_turns"].sum())
    total = (f"In all: {size:,} turns of the first guess (every secret plays it, and it wins itself, scoring "
             f"{Game.parse(game).pins},0) + {independent_sum:,} = {size + independent_sum:,} turns by the "
             "independent search")
    total += ("" if mmlib_sum == independent_sum else f" and {size + mmlib_sum:,} by mmlib's tree")
    if len(stored):
        total += f"; data/optimal.csv's optimum under the rule: {int(stored['optimal total'].iloc[0]):,}"
    where = "; ".join(sorted({f"{row.machine}, {str(row.date)[:10]}, against the tree of mmlib {row.mmlib_version} "
                              f"(engine {row.engine})" for row in check.itertuples()}))
    note = (f"{game}, guesses only from the possible secrets: each part of the secrets that the first guess "
            f"{opening} leaves (every first guess is the same up to renaming digits and places), its secrets "
            "and the turns they take from the second guess on, in mmlib's stored tree and by "
            "scripts/independent_possible_check.c, an exact search in plain C that shares no code with mmlib "
            f"(no symmetry; its positions are the sets it searched). {agree} {total}. Checked on {where}; "
            "data/possible_guesses_check.csv.")
    return ReadableTable(table.frame, note, table.numeric)


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
    # Those boards in two counts, as the notebook's answer and gap figure take them: up to 1,296 codewords, and larger.
    small = int((held & (frame["codewords"] <= 1296)).sum())
    split = f" ({small} of at most 1,296 codewords and {int(held.sum()) - small} larger)" if small < int(held.sum()) else ""
    note = (f"The other {same} of the {same + len(shown)} boards both tables hold{split}: every strategy's best "
            "opening is the optimal one")
    if missing:
        note += (f"; {len(missing)} board{'s' if len(missing) != 1 else ''} of data/optimal.csv "
                 f"{'are' if len(missing) != 1 else 'is'} not in data/results.csv: {', '.join(missing)}")
    titles = {s.label: s.title for s in Strategy if s.label in strategies}
    # The strategies in their usual order (Knuth, Expected Size, Entropy, Most Parts), as the figures' legends.
    order = [c for c in shown.columns if c not in titles] + [s.label for s in Strategy if s.label in titles]
    return readable(shown[order], names={"its max": "max turns", **titles}, blank="not in results.csv",
                    note=note + ".")


def gap_table(gaps: pd.DataFrame, max_codewords: int = 1296) -> ReadableTable:
    """Per strategy, over the games of at most `max_codewords` codewords that both data/optimal.csv
    and data/results.csv hold: the mean and the largest gap to the optimum, per game and in percent,
    each largest with the board it is on, '0.263 (3p10c)' (the number of games, the same for every
    strategy, in the note)."""
    chosen = gaps[gaps["codewords"] <= max_codewords]
    summary = chosen.groupby("strategy").agg(
        mean_gap_per_game=("gap_per_game", "mean"),
        largest_gap_per_game=("gap_per_game", "max"), mean_gap_percent=("gap_percent", "mean"),
        largest_gap_percent=("gap_percent", "max"))
    # Each largest gap with its board, so that a reader can trace it to data/ (a strategy's largest
    # per game and its largest in percent can be on two boards: Knuth's are).
    for column, measure, decimals in (("largest_gap_per_game", "gap_per_game", 3),
                                      ("largest_gap_percent", "gap_percent", 1)):
        board = chosen.loc[chosen.groupby("strategy")[measure].idxmax()].set_index("strategy")["game"]
        summary[column] = [f"{value:.{decimals}f} ({board[label]})" for label, value in summary[column].items()]
    # The strategies' names as the figures' legends write them, in their usual order.
    titles = {s.label: s.title for s in Strategy}
    summary = summary.reindex([s.label for s in Strategy if s.label in summary.index])
    summary.index = summary.index.map(titles)
    largest = {"largest_gap_per_game": "largest gap per game (turns) and its board",
               "largest_gap_percent": "largest gap (% of the optimum) and its board"}
    table = readable(summary, formats={"mean_gap_per_game": 3, "mean_gap_percent": 1},
                     names={"mean_gap_per_game": "mean gap per game (turns)",
                            "mean_gap_percent": "mean gap (% of the optimum)", **largest},
                     note=f"Over the {chosen['game'].nunique()} boards of at most {max_codewords:,} codewords "
                          "that both data/optimal.csv and data/results.csv hold, each strategy from its best "
                          "opening by total.")
    table.numeric.update(largest.values())  # right aligned, as numbers are
    return table


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
        f"Guesses only from the possible secrets, {gaps['game'].nunique()} boards: Knuth {low['knuth']:.1f}% to "
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
    # The unit once, in the note, rather than "(turns per game)" in every header.
    names = {c: f"{RULE_TITLES.get(c[:-len(' - classic')], c)} − classic" for c in frame.columns if c.endswith(" - classic")}
    names.update({c: RULE_TITLES[c] for c in frame.columns if c in RULE_TITLES})
    if any(c in RULE_TITLES or c.endswith(" - classic") for c in frame.columns):
        note = "turns per game" + (f"; {note}" if note else "")  # the Vocabulary's term: already an average
    if any(c.endswith(" - classic") for c in frame.columns):
        note += f". {DIFFERENCE_ROUNDING}"
    note = note[:1].upper() + note[1:]  # a caption starts as a sentence does (notebook 9's one style)
    return readable(frame, formats={**turns, **percent}, names=names, note=note)


def _strategy_title(label: str) -> str:
    return next((s.title for s in Strategy if s.label == label), label)


def harder_table(summary: pd.DataFrame) -> ReadableTable:
    """`rule_variants.harder_by_strategy` as notebook 9 shows it: per strategy and rule set, the
    median, the least and the most extra average turns per game against classic over the boards
    every rule set was played on, and the board of the least and the most. The unit and the number
    of boards are said once, in the note; so is a column with one value for every strategy (the
    least of every strategy on one board, say) and the board it was found on."""
    frame = summary.copy()
    frame["strategy"] = frame["strategy"].map(_strategy_title)
    boards = int(frame["boards"].max()) if len(frame) else 0
    from .widgets import RULE_TITLES

    short = {rules: RULE_TITLES[rules] for rules in ("norepeat", "black")}  # one name per rule set, as the menu's
    names, columns, same = {}, ["strategy"], []
    for column in [c for c in frame.columns if c.endswith(" - classic")]:
        title = short.get(column[:-len(" - classic")], column)
        for suffix, word in (("", "median"), (" least", "least"), (" most", "most")):
            value, board = column + suffix, column + suffix + " on"
            if len(frame) > 1 and frame[value].nunique() == 1:
                where = f" (on {frame[board].iloc[0]})" if board in frame.columns and frame[board].nunique() == 1 else ""
                same.append(f"{title}, {word} {frame[value].iloc[0]:.3f}{where}")
                continue
            columns.append(value)
            names[value] = f"{title}: {word}"
            if board in frame.columns:
                if frame[board].nunique() == 1 and len(frame) > 1:
                    same.append(f"{title}, {word} on {frame[board].iloc[0]}")
                else:
                    columns.append(board)
                    names[board] = f"{title}: {word} on"
    note = (f"Extra turns per game against classic (negative: fewer), over the {boards} boards (pins and "
            "colors) played under all three rule sets.")
    if same:
        note += f" The same for every strategy: {'; '.join(same)}."
    note += f" {DIFFERENCE_ROUNDING}"
    return readable(frame[columns], formats={c: 3 for c in columns[1:] if not c.endswith(" on")}, names=names,
                    note=note)


def colors_as_pins_table(results: pd.DataFrame) -> ReadableTable:
    """`rule_variants.as_many_colors_as_pins`: the boards with as many colors as pins, each
    strategy's extra average turns per game with no repeated colors (`rules_split_table` counts
    the boards where that saves every strategy turns and where it costs them)."""
    from ..studies.rule_variants import as_many_colors_as_pins

    frame = as_many_colors_as_pins(results)
    order = [s.label for s in Strategy if s.label in frame.columns]
    frame = frame[["board", "codewords", "codewords without repeats"] + order]
    note = ("Each strategy's extra turns per game with no repeated colors against classic (negative: "
            f"fewer). {DIFFERENCE_ROUNDING}")
    return readable(frame, formats={label: 3 for label in order},
                    names={"codewords without repeats": "codewords, no repeated colors",
                           **{label: _strategy_title(label) for label in order}}, note=note)


# Said under a table of differences in average turns per game (notebook 9): each difference is worked
# out from the whole-number totals and rounded once (`per_game`), so it can differ by 0.001 from the
# difference of the two rounded averages another table or the widget shows (3.583 − 3.563 = 0.020,
# where 86/24 − 912/256 = 0.0208 reads 0.021).
DIFFERENCE_ROUNDING = ("Each difference is worked out from the unrounded averages and then rounded, so it can "
                       "differ by 0.001 from the difference of two rounded averages.")


NOREPEAT_FEWER = "no repeated colors: fewer turns for every strategy"
NOREPEAT_MORE = "no repeated colors: more turns for every strategy"
NOREPEAT_MIXED = "no repeated colors: fewer or more, by strategy"
BLACK_MORE = "black pegs only: more turns for every strategy"
BLACK_SAME = "black pegs only: as many turns for every strategy"
BLACK_MIXED = "black pegs only: otherwise"


def rules_split_table(results: pd.DataFrame) -> ReadableTable:
    """`rule_variants.boards_by_pins`: per pin count, the boards every rule set was played on; on how
    many every strategy takes fewer turns per game with no repeated colors than in classic and on how
    many every strategy takes more; on how many every strategy takes more with black pegs only than in
    classic and on how many every strategy takes as many (counts beside counts; the note names the
    boards of the smaller counts); a last row sums them up. A column for the boards where the
    strategies disagree shows only where there are some."""
    from ..studies.rule_variants import boards_by_pins

    frame = boards_by_pins(results)
    counted = {NOREPEAT_MORE: "more", NOREPEAT_MIXED: "mixed", BLACK_MORE: "black more", BLACK_SAME: "black same",
               BLACK_MIXED: "black mixed"}
    shown = [title for title, key in counted.items()
             if title not in (NOREPEAT_MIXED, BLACK_MIXED) or any(len(b) for b in frame[key])]
    rows = [{"pins": str(row["pins"]), "colors": row["colors"], "boards": row["boards"], NOREPEAT_FEWER: row["fewer"],
             **{title: len(row[counted[title]]) for title in shown}} for _, row in frame.iterrows()]
    rows.append({"pins": "all", "colors": "", "boards": int(frame["boards"].sum()),
                 NOREPEAT_FEWER: int(frame["fewer"].sum()),
                 **{title: sum(len(b) for b in frame[counted[title]]) for title in shown}})
    columns = ["pins", "colors", "boards", NOREPEAT_FEWER, *(t for t in shown if t.startswith("no repeated")),
               *(t for t in shown if t.startswith("black"))]

    def named(key: str) -> str:
        boards = [b for boards in frame[key] for b in boards]
        return f" ({', '.join(boards)})" if boards else ""

    note = ("The boards (pins and colors) played under all three rule sets, by pins: on how many every strategy "
            "takes fewer turns per game with no repeated colors than in classic, and on how many every "
            f"strategy takes more{named('more')}; on how many every strategy takes more with black pegs only than "
            f"in classic, and on how many every strategy takes as many{named('black same')}.")
    if NOREPEAT_MIXED in shown:
        note += f" Fewer or more with no repeated colors, by strategy: {named('mixed').strip(' ()')}."
    if BLACK_MIXED in shown:
        note += f" Otherwise with black pegs only (not the same for every strategy): {named('black mixed').strip(' ()')}."
    table = readable(pd.DataFrame(rows)[columns], formats={c: "count" for c in columns[3:]}, note=note)
    table.numeric.add("pins")  # a number per row, right aligned as numbers are; "all" sums them up
    return table


def gap_summary_table(summary: pd.DataFrame, value: str = "optimal_in", over: "str | None" = None) -> ReadableTable:
    """`rule_variants.gap_summary` as one row per strategy and one column per rule set (its games
    counted in the header): `value` "optimal_in", in how many games the strategy's best opening
    reaches the optimum, or "max_gap_per_game", its largest gap in turns per game. `over`, if given,
    names the games once in the note (the same boards under every rule set: "the 23 boards ..."),
    and the headers name the rule sets alone."""
    from ..core.games import RULES
    from .widgets import RULE_TITLES

    order = [s.label for s in Strategy if s.label in set(summary["strategy"])]
    frame = pd.DataFrame({"strategy": [_strategy_title(label) for label in order]})
    for rules in [r for r in RULES if r in set(summary["rules"])]:
        rows = summary[summary["rules"] == rules].set_index("strategy").reindex(order)
        title = RULE_TITLES[rules] if over else f"{RULE_TITLES[rules]} ({int(rows['games'].max())} games)"
        frame[title] = rows[value].to_numpy()
    where = f", over {over}" if over else ""
    if value == "optimal_in":
        return readable(frame, formats={c: "count" for c in frame.columns[1:]}, blank="no game",
                        note=f"Games where the strategy, from its best opening, reaches the optimum{where}.")
    return readable(frame, formats={c: 3 for c in frame.columns[1:]}, blank="no game",
                    note=f"The strategy's largest gap, in turns per game above the optimum{where}.")


def best_of_four_table(counts: pd.DataFrame, over: str) -> ReadableTable:
    """`rule_variants.best_of_four_optimal`: per rule set, the games proven, those with strategy
    results and in how many the best of the four strategies reaches the optimum, then the same count
    over the boards every rule set shares, which `over` names in the note (with their number, which
    is the same in every row and so leaves the table)."""
    from .widgets import RULE_TITLES

    frame = counts.copy()
    frame["rules"] = frame["rules"].map(lambda rules: RULE_TITLES.get(rules, rules))
    shared = int(frame["shared boards"].max()) if len(frame) else 0
    frame = frame.drop(columns="shared boards")
    return readable(frame, names={
        "best of the four optimal in": "best strategy reaches optimum: of those",
        "best of the four optimal on the shared boards": f"best strategy reaches optimum: of the {shared} shared boards"},
        note=f"Games proven: in data/optimal.csv (objective total, no turn limit). With strategy results: also in "
             f"data/results.csv. Best strategy reaches optimum: the games where the best of the four strategies, "
             f"each from its best opening, reaches the optimum. Shared boards: {over}.")


def largest_gap_table(worst: pd.DataFrame) -> ReadableTable:
    """`rule_variants.largest_gaps`: per rule set, the game and strategy furthest from the optimum,
    with the optimum, the strategy's total from its best opening and the gap."""
    from .widgets import RULE_TITLES

    frame = worst.copy()
    frame["rules"] = frame["rules"].map(lambda rules: RULE_TITLES.get(rules, rules))
    frame["strategy"] = frame["strategy"].map(_strategy_title)
    frame = frame[["rules", "game", "strategy", "first_guess", "optimal_total", "heuristic_total",
                   "gap_per_game", "gap_percent"]]
    table = readable(frame, formats={"gap_per_game": 3, "gap_percent": 2},
                     names={"first_guess": "best opening", "optimal_total": "optimum",
                            "heuristic_total": "strategy's total", "gap_per_game": "gap (turns per game)",
                            "gap_percent": "gap (%)"},
                     note="Optimum and strategy's total: total turns over every secret. Gap (%): the gap as a "
                          "percent of the optimum.")
    table.numeric.discard("best opening")  # a codeword is a name, not a number (12 beside 1234)
    return table


def strategy_totals_table(gaps: pd.DataFrame) -> ReadableTable:
    """Gaps to the optimum (`rule_variants.gaps_by_rules` rows) as one row per game: the optimum
    and each strategy's total turns from its best opening, its gap in percent in brackets."""
    order = [s.label for s in Strategy if s.label in set(gaps["strategy"])]
    games = gaps.drop_duplicates("game").sort_values(["codewords", "game"], kind="stable")
    frame = pd.DataFrame({"game": games["game"].to_numpy(), "codewords": games["codewords"].to_numpy(),
                          "optimum": games["optimal_total"].to_numpy()})
    cells = gaps.set_index(["game", "strategy"])
    for label in order:
        frame[label] = [f"{int(cells.loc[(g, label), 'heuristic_total']):,} (+{cells.loc[(g, label), 'gap_percent']:.2f}%)"
                        if (g, label) in cells.index else None for g in frame["game"]]
    titles = {label: f"{_strategy_title(label)} total (% above optimum)" for label in order}
    table = readable(frame, names={"optimum": "optimum (turns)", **titles},
                     blank="not in results.csv",
                     note="Total turns over every secret, each strategy from its best opening by total turns "
                          "(data/results.csv); in brackets, the gap (%): how far above the optimum "
                          "(data/optimal.csv), as a percent of it.")
    table.numeric |= set(titles.values())
    return table


PROOF_SECONDS_DECIMALS = 1  # one precision for the seconds of a proof's rows: 408.0 beside 7.3


def proof_times_table(times: pd.DataFrame) -> ReadableTable:
    """`rule_variants.proof_times`: the seconds of one exact search as data/optimal.csv and
    data/benchmarks.csv record them, each with its engine version, day and mmlib commit; what both
    rows share (the total proven, the machine) is said once, in the note."""
    if times.empty:
        return ReadableTable(pd.DataFrame(), "no timing of this proof in data/ yet")
    frame = times.copy()
    shared = [c for c in ("total_turns", "machine") if frame[c].nunique() == 1]
    how = {"data/optimal.csv": "data/optimal.csv (stored proof)",
           "data/benchmarks.csv": "data/benchmarks.csv (latest benchmark)"}
    frame["table"] = frame["table"].map(lambda t: how.get(t, t))
    frame = frame.drop(columns=shared)
    note = []
    if "total_turns" in shared:
        note.append(f"both rows prove {int(times['total_turns'].iloc[0]):,} turns (objective total, no turn limit)")
    if "machine" in shared:
        note.append(f"both measured on {times['machine'].iloc[0]}")
    several = times[times["searches"] > 1]
    if len(several):
        note.extend(f"the seconds of {table}: the median of its {int(n)} searches"
                    for table, n in zip(several["table"], several["searches"]))
    note = "; ".join(note)
    return readable(frame, formats={"seconds": PROOF_SECONDS_DECIMALS, "searches": "count"},
                    names={"table": "source", "searches": "searches timed", "mmlib_version": "mmlib commit",
                           "total_turns": "total turns"},
                    note=(note[:1].upper() + note[1:] + ".") if note else "")


def games_won_by_turn(histograms, max_turns: "int | None" = None) -> dict[str, list[int]]:
    """Games won in 1, 2, ... turns as one column per turn ("in 1 turn", "in 2 turns", ...), not a
    list in one cell, so that the counts of one turn line up from row to row; a turn past a row's
    worst game counts 0."""
    histograms = [list(h) for h in histograms]
    turns = max_turns or max((len(h) for h in histograms), default=0)
    return {f"in {t} turn{'s' if t > 1 else ''}": [h[t - 1] if t <= len(h) else 0 for h in histograms]
            for t in range(1, turns + 1)}


def _average_column(totals, games) -> list[str]:
    return [average_text(total, n) for total, n in zip(totals, games)]


def strategy_results_table(results) -> ReadableTable:
    """Solves of one game (`SolveResult`s), one row each: strategy, opening, total, average and
    worst turns, and the games won in each number of turns (the winning guess counts), one column
    per turn. What every row shares is left for the caption to say once: the games won in 1 turn
    (always 1, the secret equal to the opening) and the strategy when all rows have the same."""
    results = list(results)
    won = games_won_by_turn(r.turn_histogram for r in results)
    if all(count == 1 for count in won.get("in 1 turn", [])):
        del won["in 1 turn"]
    # "on turn N", not "in N turns", which also reads as "within N turns" (review r10 of notebook 4).
    won = {f"on turn {name.split()[1]} (secrets)": counts for name, counts in won.items()}
    columns = {"strategy": [r.strategy.title for r in results], "opening": [r.first_guess_text for r in results],
               "total turns": [r.total_turns for r in results],
               "average turns": _average_column([r.total_turns for r in results], [r.game.size for r in results]),
               "worst (turns)": [r.max_turns for r in results], **won}
    if len(results) > 1 and len(set(columns["strategy"])) == 1:
        del columns["strategy"]
    table = readable(pd.DataFrame(columns))
    # Up to 5 "on turn N (secrets)" columns: their names wrap onto two lines so that the table fits
    # a page about 900 px wide (review r11 of notebook 4: the turn-6 column was cut off at the right).
    table.header_nowrap_max = len("opening")
    return table


# What each strategy looks for in a guess's split, in the words of notebook 4's Vocabulary (the
# values a reader sees in its tables, not the integers mmlib compares: core.strategies).
RANK_TEXT = {
    Strategy.KNUTH: "the smallest largest subset",
    Strategy.EXPECTED_SIZE: "the smallest expected size",
    Strategy.ENTROPY: "the most information (bits)",
    Strategy.MOST_PARTS: "the most non-empty subsets",
}


def strategies_summary_table(results) -> ReadableTable:
    """One row per solve: the strategy, what it looks for, its opening, total, average and worst turns."""
    results = list(results)
    return readable(pd.DataFrame({
        "strategy": [r.strategy.title for r in results],
        "it picks the guess of": [RANK_TEXT[r.strategy] for r in results],
        "opening": [r.first_guess_text for r in results],
        "total turns": [r.total_turns for r in results],
        "average turns": _average_column([r.total_turns for r in results], [r.game.size for r in results]),
        "worst (turns)": [r.max_turns for r in results],
    }))


def partition_table(game: "Game | str", guesses, secrets=None, picks: "Mapping | None" = None,
                    sizes: bool = False) -> ReadableTable:
    """How each of `guesses` splits `secrets` (default: every codeword): what each strategy reads
    from the subset sizes (`plots.partition_summary`; expected size and entropy with 3 decimals),
    and with `picks` (strategy -> guess) which strategies pick it. `sizes`: a column with the
    subset sizes, largest first."""
    game = Game.parse(game)
    rows = []
    for guess in guesses:
        counts = subset_sizes(game, guess, secrets)
        summary = partition_summary(counts)
        row = {"guess": guess}
        if sizes:
            row["subset sizes"] = " ".join(str(n) for n in sorted(counts[counts > 0], reverse=True))
        row.update({k: v for k, v in summary.items() if k != "secrets"})
        if picks is not None:
            row["picked by"] = ", ".join(Strategy.parse(s).title for s, g in picks.items() if g == guess) or "none"
        rows.append(row)
    # Sizes count secrets, as the entropy column says its bits.
    table = readable(pd.DataFrame(rows), formats={"expected_size": 3, "entropy_bits": 3},
                     names={"largest": "largest subset (secrets)", "expected_size": "expected size (secrets)"})
    table.numeric.discard("guess")  # a codeword such as 12 is a name, not a number
    return table


# Whose rule each strategy plays, as REFERENCE.md names them ("Knuth (minimax, 1976)", "Expected Size
# (Irving)", "Entropy (Neuwirth)", "Most Parts (Kooi, 2005)"); notebook 4 cites the four papers in full.
RULE_BY = {
    Strategy.KNUTH: "Knuth 1976",
    Strategy.EXPECTED_SIZE: "Irving 1978",
    Strategy.ENTROPY: "Neuwirth 1982",
    Strategy.MOST_PARTS: "Kooi 2005",
}
PUBLISHED_TOTAL_BY = RULE_BY  # the older name
NO_PUBLICATION = "none found"
# Where the notes' 4p6c total of a row comes from (REFERENCE.md, under "Figures to reproduce": "The
# literature agrees: Knuth 5801 (1976), Irving's expected size 5696, Neuwirth's entropy 5722, Kooi's
# most parts 5668"): Knuth's own paper for his own rule's total; for the other three own openings the
# notes say "the literature" but name no paper, so the cell says that, not a citation; for the other
# openings the notes give no source at all.
# (review r10 of notebook 4: two values that do not read alike, a source the notes leave unnamed
# against none at all.)
TOTAL_FROM_LITERATURE = "unnamed papers"
TOTAL_NO_SOURCE = "no source"


def _and_list(items: list) -> str:
    """'a, b and c'."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def published_strategies_table(comparison: pd.DataFrame) -> ReadableTable:
    """The eight 4p6c figures of REFERENCE.md's "Figures to reproduce" (each strategy from two
    openings), as data/seed_comparison.csv keeps them, beside mmlib's own rows of data/results.csv.
    Totals and worst cases in turns; `own opening` says which opening is the strategy's own opening
    (its rank's pick). `rule by` names the author of the rule each row plays (`RULE_BY`), on every
    row; `total's source` says where the notes' total comes from: Knuth 1976 for Knuth's own
    opening; "unnamed papers" for the other own openings, whose totals the notes credit to the
    literature without naming a paper; "no source" for the other openings. The note under the table
    says so with the totals."""
    from ..studies.seed_comparison import REFERENCE_FIGURES

    rows = comparison[(comparison["game"] == "4p6c") & (comparison["seed_source"] == REFERENCE_FIGURES)]
    order = {s.label: k for k, s in enumerate(Strategy)}
    rows = rows.assign(order=rows["strategy"].map(order)).sort_values("order", kind="stable")
    own = own_openings("4p6c")
    strategies = [Strategy.parse(s) for s in rows["strategy"]]
    is_own = [own[s] == g for s, g in zip(strategies, rows["first_guess"])]
    sources = [TOTAL_NO_SOURCE if not mine else RULE_BY[s] if s == Strategy.KNUTH else TOTAL_FROM_LITERATURE
               for s, mine in zip(strategies, is_own)]
    own_totals = {s: int(t) for s, mine, t in zip(strategies, is_own, rows["seed_total_turns"]) if mine}
    others = [s for s in Strategy if s != Strategy.KNUTH]
    totals = _and_list([f"{own_totals[s]:,}" for s in others])
    authors = _and_list([f"{RULE_BY[s].split()[0]}'s" for s in others])
    note = (f"Total's source: Knuth printed {own_totals[Strategy.KNUTH]:,}, the total of his own rule "
            f"({RULE_BY[Strategy.KNUTH]}); for {totals} ({authors} rules) the notes say only that the "
            f"literature agrees, and name no paper ({TOTAL_FROM_LITERATURE}); for the four totals from other "
            f"openings, and all eight worst cases, they give none ({TOTAL_NO_SOURCE}). The papers listed "
            "below the table are those of the four rules and of the optimum (Koyama and Lai 1993).")
    return readable(pd.DataFrame({
        "strategy": [s.title for s in strategies],
        "rule by": [RULE_BY[s] for s in strategies],
        "opening": list(rows["first_guess"]),
        "own opening": is_own,
        "total in the notes (turns)": [int(v) for v in rows["seed_total_turns"]],
        "mmlib's own total (turns)": [int(v) for v in rows["mmlib_total_turns"]],
        "worst case in the notes (turns)": [int(v) for v in rows["seed_max_turns"]],
        "mmlib's own worst case (turns)": [int(v) for v in rows["mmlib_max_turns"]],
        "total's source": sources,
    }), note=note)


def optimum_beside_table(optimal_frame: pd.DataFrame, results) -> ReadableTable:
    """The optimal total of the results' game (data/optimal.csv, no limit on the turns) above each
    solve's total: average turns, and how many turns more than the optimum."""
    results = list(results)
    game = results[0].game
    rows = optimal_frame[(optimal_frame["game"] == game.name) & (optimal_frame["objective"] == "total")
                         & optimal_frame["max_turns_limit"].isna()]
    optimum = int(rows["total_turns"].iloc[0])
    names = ["optimal strategy"] + [r.strategy.title for r in results]
    totals = [optimum] + [r.total_turns for r in results]
    return readable(pd.DataFrame({
        "strategy": names, "total turns": totals, "average turns": _average_column(totals, [game.size] * len(totals)),
        "more than the optimum (turns)": [total - optimum for total in totals],
    }))


# How both worst-game tables write the comparison, in one word each (the notebook's sentence above
# them says what each word means: beside the shortest worst case of the other three strategies).
KNUTH_WORST_TEXT = {SHORTER: "shorter", AS_LONG: "as long", LONGER: "longer"}
# A strategy's worst case: the most turns it needs for any one secret of a game (notebook 4's Vocabulary).
KNUTH_WORST_HEADER = "Knuth's worst case is"


def knuth_worst_summary_table(worst: pd.DataFrame) -> ReadableTable:
    """`studies.own_picks.worst_turns` counted: in how many games Knuth's worst case is shorter
    than the other three's, as long as the shortest of theirs, or longer; the words are those of
    `knuth_worst_table`."""
    counts = worst["knuth_worst"].value_counts()
    return readable(pd.DataFrame({KNUTH_WORST_HEADER: [KNUTH_WORST_TEXT[k] for k in KNUTH_WORST_TEXT],
                                  "games": [int(counts.get(k, 0)) for k in KNUTH_WORST_TEXT]}))


def knuth_worst_table(worst: pd.DataFrame) -> ReadableTable:
    """The games of `studies.own_picks.worst_turns` where Knuth's worst case is not as long as the
    shortest of the other three's: each strategy's worst case (turns), from its own opening."""
    shown = worst[worst["knuth_worst"] != AS_LONG]
    return readable(pd.DataFrame({
        "game": list(shown["game"]), "codewords": list(shown["codewords"]),
        **{f"{s.title}, worst (turns)": list(shown[s.label]) for s in Strategy},
        KNUTH_WORST_HEADER: [KNUTH_WORST_TEXT[k] for k in shown["knuth_worst"]],
    }))


# How the fewest-turns table heads its counts (the sentence above it says: of the games the sliders
# reach, each strategy's total turns from its own opening beside the other three's). Each header
# names its unit, games, so that a count is not read as turns.
FEWEST_TURNS_TEXT = {"fewest alone": "games with the fewest turns, alone",
                     "fewest, tied": "games tied for the fewest turns",
                     "more": "games with more turns than another"}


def fewest_turns_table(totals: pd.DataFrame) -> ReadableTable:
    """`studies.own_picks.total_turns` counted per strategy (`fewest_turns_counts`): in how many games
    it alone needs the fewest total turns, ties for the fewest, or needs more than another; each row
    adds up to the games counted."""
    from ..studies.own_picks import fewest_turns_counts

    counts = fewest_turns_counts(totals)
    counts["strategy"] = [Strategy.parse(s).title for s in counts["strategy"]]
    return readable(counts.rename(columns=FEWEST_TURNS_TEXT))


# How the per-game totals table names the strategies that need the fewest turns when all four tie.
ALL_FOUR_TIE = "all four"


def _fewest_text(fewest: tuple) -> str:
    """The strategies that tie for the fewest turns, in words: 'Entropy', 'Expected Size and Entropy',
    'all but Knuth' (as the partition panels say it), 'all four'."""
    if len(fewest) == len(Strategy):
        return ALL_FOUR_TIE
    if len(fewest) == len(Strategy) - 1:
        return "all but " + next(s.title for s in Strategy if s.label not in fewest)
    return _and_list([Strategy.parse(s).title for s in fewest])


def total_turns_table(totals: pd.DataFrame, pins: int) -> ReadableTable:
    """The games of `studies.own_picks.total_turns` with `pins` pins, by colors: each strategy's total
    turns over every secret, from its own opening, and the strategies that need the fewest ("all
    four" where all four tie), the rows `fewest_turns_table` counts."""
    shown = totals[[Game.parse(g).pins == pins for g in totals["game"]]]
    fewest = [_fewest_text(f) for f in shown["fewest"]]
    return readable(pd.DataFrame({
        "game": list(shown["game"]), "codewords": list(shown["codewords"]),
        **{f"{s.title}, total (turns)": list(shown[s.label]) for s in Strategy},
        "fewest turns": fewest,
    }))


def largest_subsets_table(game: "Game | str", secrets) -> ReadableTable:
    """`studies.own_picks.largest_subsets`: every codeword of the game as a guess for the possible
    secrets `secrets`, grouped by the largest subset it leaves (Knuth's rank), smallest first; how
    many of each group are possible secrets, and the lowest of those (Knuth's tie-break)."""
    from ..studies.own_picks import largest_subsets

    game = Game.parse(game)
    frame = largest_subsets(game, secrets)
    table = readable(frame, names={"largest": "largest subset (secrets)", "guesses": f"guesses (of {game.size:,})",
                                   "possible": "possible secrets among them", "lowest_possible": "the lowest of those"},
                     blank={"lowest_possible": "none"})
    table.numeric.discard("the lowest of those")  # a codeword such as 33 is a name, not a number
    return table


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
