"""The tables in data/, read for the notebooks, and small live timings to set beside them.

The tables are written by mmlib's sweeps and benchmarks and grow as they run,
so a loader never fails on a table that is missing or still partial: it returns
a `Table` whose frame has every column the plots need (empty, or NaN where a
column is absent) and whose `problem` says in one line what is missing.
"""

from __future__ import annotations

import os
import statistics
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from ..core.files import DATA_DIR
from ..core.games import Game, parse_rules
from ..core.machine import ENGINE_VERSIONS, UNRECORDED, engine_version
from ..core.strategies import Strategy


# The columns each table must have for the plots; other columns are kept as they are.
RESULTS_COLUMNS = ("game", "pins", "colors", "strategy", "first_guess", "total_turns", "max_turns",
                   "average_turns", "seconds", "backend")
FIRST_GUESSES_COLUMNS = ("game", "pins", "colors", "strategy", "best_max")
BENCHMARKS_COLUMNS = ("game", "pins", "colors", "strategy", "backend", "median_s", "scores",
                      "scores_per_s")

CODEWORD_COLUMNS = ("first_guess", "best_max", "best_average", "best_avg", "best_average_guess")

# Other names a table may use for a column the plots need.
COLUMN_ALIASES = {"elapsed_s": "seconds"}

# Columns the tables hold as numbers even when a partial file left them empty.
_NUMERIC = ("pins", "colors", "codewords", "total_turns", "max_turns", "average_turns", "seconds",
            "median_s", "scores", "scores_per_s", "scores_saved", "scores_without_ce", "scores_with_ce")


@dataclass
class Table:
    """One table of data/: its frame (never None) and, if it is missing or partial, why."""

    name: str
    frame: pd.DataFrame
    problem: "str | None" = None

    @property
    def ok(self) -> bool:
        return self.problem is None

    def describe(self) -> str:
        """One line for people: the table's size, or what is wrong with it."""
        if self.problem:
            return self.problem
        games = self.frame["game"].nunique()
        return f"data/{self.name}: {len(self.frame):,} rows, {games} games"


def frame_and_problem(table: "Table | pd.DataFrame") -> "tuple[pd.DataFrame, str | None]":
    """The frame of a `Table` (or a bare frame) and what is wrong with it (None if nothing), for the
    figures and tables that take either and say a missing table's problem in place of its rows."""
    if isinstance(table, Table):
        return table.frame, table.problem
    return table, None


def load_table(name: str, columns: tuple[str, ...], data_dir: "str | Path | None" = None) -> Table:
    """Read data/NAME as a DataFrame with at least `columns`, tolerating a missing or partial file."""
    path = Path(data_dir or DATA_DIR) / name
    if not path.exists():
        frame = pd.DataFrame({column: pd.Series(dtype=object) for column in columns})
        return Table(name, _with_game_size(frame), f"data/{name} is not there yet: its plots stay empty")
    try:
        # Codewords stay text: 1122 is a guess, not a number (and 12ab is one too).
        frame = pd.read_csv(path, dtype={column: str for column in CODEWORD_COLUMNS})
    except (pd.errors.EmptyDataError, pd.errors.ParserError) as error:
        frame = pd.DataFrame({column: pd.Series(dtype=object) for column in columns})
        first_line = str(error).splitlines()[0] if str(error) else type(error).__name__
        return Table(name, _with_game_size(frame), f"data/{name} could not be read: {first_line}")
    frame = _with_game_size(frame.rename(columns={k: v for k, v in COLUMN_ALIASES.items()
                                                  if k in frame.columns and v not in frame.columns}))
    absent = [column for column in columns if column not in frame.columns]
    for column in absent:
        frame[column] = np.nan
    problem = f"data/{name} lacks the columns {', '.join(absent)}" if absent else None
    if problem is None and frame.empty:
        problem = f"data/{name} has no rows yet"
    return Table(name, frame, problem)


def _with_game_size(frame: pd.DataFrame) -> pd.DataFrame:
    """Fill pins, colors and rules from the game name where absent, and set `codewords` to
    the game's number of codewords (colors**pins, fewer without repeated colors)."""
    frame = frame.copy()
    parsed = frame["game"].map(_parse_game_or_none) if "game" in frame.columns and len(frame) else None
    if parsed is not None:
        for column, attribute in (("pins", "pins"), ("colors", "colors"), ("rules", "rules")):
            from_name = parsed.map(lambda game, a=attribute: getattr(game, a) if game else np.nan)
            frame[column] = frame[column].fillna(from_name) if column in frame.columns else from_name
    elif "rules" not in frame.columns:
        frame["rules"] = pd.Series(dtype=object)
    for column in _NUMERIC:
        if column in frame.columns:
            frame[column] = pd.to_numeric(frame[column], errors="coerce")
    if "pins" in frame.columns and "colors" in frame.columns:
        frame["codewords"] = frame["colors"] ** frame["pins"]
        if parsed is not None:
            sizes = parsed.map(lambda game: game.size if game else np.nan)
            frame["codewords"] = sizes.where(sizes.notna(), frame["codewords"])
    return frame


def only_rules(table: Table, rules: "str | None") -> Table:
    """The table's rows of one rule set (None: all of them), e.g. 'classic'."""
    if rules is None:
        return table
    rules = parse_rules(rules)
    table.frame = table.frame[table.frame["rules"] == rules].reset_index(drop=True)
    return table


def _parse_game_or_none(name) -> "Game | None":
    try:
        return Game.parse(str(name))
    except ValueError:
        return None


def load_results(data_dir=None, rules: "str | None" = "classic") -> Table:
    """data/results.csv: one row per game, strategy and first guess; the rows of `rules`
    (default classic; None: every rule set)."""
    return only_rules(load_table("results.csv", RESULTS_COLUMNS, data_dir), rules)


def load_first_guesses(data_dir=None, rules: "str | None" = "classic") -> Table:
    """data/first_guesses.csv: the best first guesses per game and strategy, of `rules`."""
    return only_rules(load_table("first_guesses.csv", FIRST_GUESSES_COLUMNS, data_dir), rules)


def load_benchmarks(data_dir=None) -> Table:
    """data/benchmarks.csv: measured solve times per game, strategy and backend."""
    table = load_table("benchmarks.csv", BENCHMARKS_COLUMNS, data_dir)
    if "scheduler" in table.frame:  # cluster-overhead rows (bench --scheduler) are no backend timing
        table.frame = table.frame[table.frame["scheduler"].isna()].reset_index(drop=True)
    frame = table.frame
    # Scores per second follow from the other two columns where a row lacks them.
    if len(frame):
        derived = frame["scores"] / frame["median_s"]
        frame["scores_per_s"] = frame["scores_per_s"].fillna(derived)
    return table


def best_max_rows(results: pd.DataFrame, strategy: "str | Strategy | None" = None) -> pd.DataFrame:
    """One row per game (and strategy): the first guess with the lowest max turns, then average.

    This is the "best max" rule of the first-guess table, applied to whichever
    first guesses data/results.csv holds for that game.
    """
    frame = results
    if strategy is not None:
        frame = frame[frame["strategy"] == Strategy.parse(strategy).label]
    frame = frame.dropna(subset=["max_turns", "average_turns"])
    # The same opening solved several ways plays the same turns; keep the solve whose time the heat
    # maps compare: case equivalence on (the default), on the cpu backend.
    frame = frame.assign(_ce_off=frame["case_equivalence"].ne("on") if "case_equivalence" in frame else True,
                         _not_cpu=frame["backend"].ne("cpu") if "backend" in frame else True)
    ordered = frame.sort_values(["max_turns", "average_turns", "first_guess", "_ce_off", "_not_cpu"],
                                kind="stable").drop(columns=["_ce_off", "_not_cpu"])
    best = ordered.drop_duplicates(subset=["game", "strategy"], keep="first")
    return best.sort_values(["pins", "colors", "strategy"], kind="stable").reset_index(drop=True)


def incomplete_openings(results: pd.DataFrame) -> pd.DataFrame:
    """The games and strategies of data/results.csv whose first guesses are not all played yet: their
    best-max row is the best of those played, and a first guess not played may still beat it (the
    sweep writes first_guesses.csv only once every one is). Columns: game, strategy, played (first
    guesses in the table), patterns (first guesses the game has, `openings.first_guess_patterns`)."""
    from ..core.openings import first_guess_patterns

    columns = ["game", "strategy", "played", "patterns"]
    if len(results) == 0:
        return pd.DataFrame(columns=columns)
    played = results.dropna(subset=["max_turns"]).groupby(["game", "strategy"], sort=False)["first_guess"].nunique()
    rows = [{"game": game, "strategy": strategy, "played": int(n), "patterns": len(first_guess_patterns(game))}
            for (game, strategy), n in played.items()]
    frame = pd.DataFrame(rows, columns=columns)
    return frame[frame["played"] < frame["patterns"]].reset_index(drop=True)


def case_equivalence_scores(results: pd.DataFrame, strategy: "str | Strategy" = "knuth") -> pd.DataFrame:
    """Per game, the scores of the best-max opening's solve with and without case equivalence
    (the seed's log-scale figure), smallest game first; games whose row lacks a count are left out.

    Columns: game, pins, colors, codewords, first_guess, scores_without_ce, scores_with_ce, ratio
    (without / with).
    """
    best = best_max_rows(results, strategy)
    columns = ["game", "pins", "colors", "codewords", "first_guess", "scores_without_ce", "scores_with_ce"]
    if best.empty or "scores_with_ce" not in best.columns:
        return pd.DataFrame(columns=columns + ["ratio"])
    frame = best[columns].dropna(subset=["scores_without_ce", "scores_with_ce"]).copy()
    frame["ratio"] = frame["scores_without_ce"] / frame["scores_with_ce"]
    return frame.sort_values(["codewords", "pins"]).reset_index(drop=True)


def lowest_average_strategies(best: pd.DataFrame) -> pd.DataFrame:
    """Per game of `best` (from `best_max_rows`) that every strategy has, one column per strategy:
    True where its average turns is the lowest of the game (several where they tie)."""
    per_game = best.pivot_table(index="game", columns="strategy", values="average_turns")
    complete = per_game.dropna()
    return complete.eq(complete.min(axis=1), axis=0)


def strategy_summary(best: pd.DataFrame) -> pd.DataFrame:
    """Per strategy, over the games of `best` (from `best_max_rows`) that every strategy has:
    how many, in how many of them its average turns is the lowest (ties count for each), in how
    many of those no other strategy ties with it (`lowest_alone_in`), in how many all of them tie
    (`lowest_all_tie_in`), and its worst max turns."""
    strategies = [s.label for s in Strategy if s.label in set(best["strategy"])]
    columns = ["strategy", "games", "lowest_average_in", "lowest_alone_in", "lowest_all_tie_in", "worst_max_turns"]
    per_game = best.pivot_table(index="game", columns="strategy", values=["average_turns", "max_turns"])
    if per_game.empty:
        return pd.DataFrame(columns=columns)
    complete = per_game.dropna()
    lowest = lowest_average_strategies(best)
    tied = lowest.sum(axis=1)
    rows = [{
        "strategy": label,
        "games": len(complete),
        "lowest_average_in": int(lowest[label].sum()),
        "lowest_alone_in": int((lowest[label] & (tied == 1)).sum()),
        "lowest_all_tie_in": int((lowest[label] & (tied == len(strategies))).sum()),
        "worst_max_turns": int(complete["max_turns"][label].max()) if len(complete) else None,
    } for label in strategies]
    return pd.DataFrame(rows, columns=columns)


def average_turns_spread(best: pd.DataFrame) -> pd.DataFrame:
    """Per game that every strategy of `best` (from `best_max_rows`) has: how far apart the
    strategies' average turns are (the highest minus the lowest, `spread`), and which strategy has
    the lowest and the highest. Smallest game first."""
    per_game = best.pivot_table(index=["game", "pins", "colors"], columns="strategy", values="average_turns")
    complete = per_game.dropna()
    if complete.empty:
        return pd.DataFrame(columns=["game", "pins", "colors", "spread", "lowest", "highest"])
    frame = pd.DataFrame({"spread": complete.max(axis=1) - complete.min(axis=1),
                          "lowest": complete.idxmin(axis=1), "highest": complete.idxmax(axis=1)})
    frame = frame.reset_index()
    frame["codewords"] = frame["colors"] ** frame["pins"]
    return frame.sort_values(["codewords", "pins"], kind="stable").reset_index(drop=True)


def distinct_colors(codeword) -> int:
    """How many distinct colors a codeword uses: 3 for 1123."""
    return len(set(str(codeword)))


def opening_steps(first_guesses: pd.DataFrame, column: str = "best_max") -> pd.DataFrame:
    """Each step to one more color in data/first_guesses.csv (the same pins and strategy, c and c+1
    colors both in the table): the best opening (`column`) at c and at c+1 and how many distinct
    colors each uses. Columns: strategy, pins, colors (c), opening, next_opening, distinct,
    next_distinct, change (next_distinct - distinct)."""
    table = first_guesses.dropna(subset=["pins", "colors", column])
    rows = []
    for (strategy, pins), group in table.groupby(["strategy", "pins"], sort=False):
        by_colors = group.set_index(group["colors"].astype(int))[column].astype(str)
        for colors, opening in by_colors.items():
            if colors + 1 in by_colors.index:
                after = by_colors[colors + 1]
                rows.append({"strategy": strategy, "pins": int(pins), "colors": colors, "opening": opening,
                             "next_opening": after, "distinct": distinct_colors(opening),
                             "next_distinct": distinct_colors(after)})
    frame = pd.DataFrame(rows, columns=["strategy", "pins", "colors", "opening", "next_opening", "distinct",
                                        "next_distinct"])
    frame["change"] = frame["next_distinct"] - frame["distinct"]
    order = {s.label: k for k, s in enumerate(Strategy)}
    frame = frame.assign(_order=frame["strategy"].map(order))
    return frame.sort_values(["_order", "pins", "colors"], kind="stable").drop(columns="_order").reset_index(drop=True)


# -- timings: one machine, one engine version ------------------------------------------


def engine_parts(engine) -> "tuple[str, int] | None":
    """('optimal', 17) of an engine column's 'optimal 17'; None where unrecorded or empty."""
    name, _, number = str(engine).strip().rpartition(" ")
    return (name, int(number)) if name and number.isdigit() else None


def recorded(rows: pd.DataFrame) -> pd.Series:
    """True for each row whose machine and engine are known (not empty, not 'unrecorded')."""
    if len(rows) == 0:
        return pd.Series(dtype=bool)
    machine = rows["machine"] if "machine" in rows.columns else pd.Series("", index=rows.index)
    engine = rows["engine"] if "engine" in rows.columns else pd.Series("", index=rows.index)
    return machine.fillna("").astype(str).str.strip().ne("") & machine.ne(UNRECORDED) \
        & engine.map(lambda e: engine_parts(e) is not None)


def _strategy_title(label) -> str:
    try:
        return Strategy.parse(label).title
    except (ValueError, KeyError):
        return str(label)


def commits_of_rows(rows: pd.DataFrame, commit: str = "mmlib_version", date: str = "date") -> str:
    """mmlib's commits of timing rows, oldest first, each with the rows it timed when there are
    several: 'b163b50' for one; 'b163b50 (5p8c; 6p6c Entropy, Most Parts), d1ef6c5 (6p6c Knuth,
    Expected Size)' for two. A game all of whose rows one commit timed is named alone; else its
    strategies (and, where one strategy's rows are split too, the case-equivalence setting).
    '' where the rows record no commit."""
    if commit not in rows.columns or len(rows) == 0:
        return ""
    rows = rows.sort_values(date, kind="stable") if date in rows.columns else rows
    known = rows[rows[commit].notna() & ~rows[commit].astype(str).str.strip().isin(["", UNRECORDED, "nan"])]
    commits = list(dict.fromkeys(str(c) for c in known[commit]))
    if len(commits) < 2 or "game" not in known.columns:
        return ", ".join(commits)

    def split(frame: pd.DataFrame) -> bool:
        return frame[commit].astype(str).nunique() > 1

    named = []
    for this in commits:
        mine, parts = known[known[commit].astype(str) == this], []
        for game in dict.fromkeys(mine["game"]):
            if not split(known[known["game"] == game]) or "strategy" not in known.columns:
                parts.append(str(game))
                continue
            strategies = []
            order = list(SOLVE_STRATEGIES)
            for strategy in sorted(dict.fromkeys(mine.loc[mine["game"] == game, "strategy"]),
                                   key=lambda s: order.index(s) if s in order else len(order)):
                same = known[(known["game"] == game) & (known["strategy"] == strategy)]
                text = _strategy_title(strategy)
                if split(same) and "case_equivalence" in known.columns:
                    settings = mine.loc[(mine["game"] == game) & (mine["strategy"] == strategy), "case_equivalence"]
                    text += f" (case equivalence {', '.join(dict.fromkeys(str(s) for s in settings))})"
                strategies.append(text)
            parts.append(f"{game} {', '.join(strategies)}")
        named.append(f"{this} ({'; '.join(parts)})")
    return ", ".join(named)


@dataclass
class Timings:
    """The timing rows a figure or table shows (`rows`: one machine, one engine version) and the
    rows it leaves out, each with why (`left_out`'s `why` column, a key of LEFT_OUT_REASONS, and
    `detail`: the row's engine or machine)."""

    rows: pd.DataFrame
    left_out: pd.DataFrame
    machine: str = ""
    engine: str = ""

    @property
    def current(self) -> bool:
        """Whether the rows ran the engine as it is now (`ENGINE_VERSIONS`)."""
        parts = engine_parts(self.engine)
        return parts is not None and ENGINE_VERSIONS.get(parts[0]) == parts[1]

    def dates(self) -> str:
        """The day the rows were measured, or the first and last: '2026-11-24' or '2026-11-23 to 2026-11-24'."""
        if "date" not in self.rows.columns or len(self.rows) == 0:
            return ""
        days = sorted(set(self.rows["date"].dropna().astype(str).str.slice(0, 10)) - {"", UNRECORDED})
        return "" if not days else days[0] if len(days) == 1 else f"{days[0]} to {days[-1]}"

    def commits(self) -> str:
        """mmlib's commits that measured the rows, oldest first: 'b163b50, d1ef6c5' ('' if unrecorded)."""
        if "mmlib_version" not in self.rows.columns or len(self.rows) == 0:
            return ""
        order = self.rows.sort_values("date", kind="stable") if "date" in self.rows.columns else self.rows
        found = [str(v) for v in order["mmlib_version"].dropna() if str(v).strip() not in ("", UNRECORDED, "nan")]
        return ", ".join(dict.fromkeys(found))

    def caption(self, commits: bool = False, load: bool = True) -> str:
        """Where, with what and when the shown rows were measured, read from them: 'measured on AMD
        EPYC, 2 cores, engine optimal 17, 2026-11-26' (with the machine's load average where the
        rows record it, and, for an engine changed since, the current version). `commits`: name
        mmlib's commits too ('engine optimal 17, mmlib b163b50, 2026-11-26'); `load`: False leaves
        the load average out."""
        if len(self.rows) == 0:
            return "no timing with a recorded machine and engine"
        text = f"measured on {self.machine}, engine {self.engine}"
        if commits and self.commits():
            # Several commits: each says which rows it timed.
            text += f", mmlib {commits_of_rows(self.rows) or self.commits()}"
        if self.dates():
            text += f", {self.dates()}"
        loads = pd.to_numeric(self.rows["load_avg"], errors="coerce").dropna() \
            if load and "load_avg" in self.rows else []
        if len(loads):  # a shared machine: how busy it was says how far the seconds may be stretched
            low, high = loads.min(), loads.max()
            text += f", load average {low:.1f}" + (f" to {high:.1f}" if high - low >= 0.1 else "")
        if not self.current:
            name = engine_parts(self.engine)[0]
            text += f" (the engine has changed since: now {engine_version(name)})"
        return text

    def left_out_note(self, what: str = "row", consequence: str = "") -> str:
        """One sentence counting what was left out and why ('' if nothing): 'Left out: 281 rows of
        older engine versions (optimal 0, 2, 8); 2 rows of another machine (...)'. `what` names
        what a row is ('timing': '281 timings of ...'); `consequence`, if given, follows the
        counts after a colon ('their optima are shown, their seconds are not')."""
        if len(self.left_out) == 0:
            return ""
        parts = []
        for why, group in self.left_out.groupby("why", sort=False):
            n = len(group)
            details = ", ".join(sorted(set(group["detail"].astype(str)) - {""}, key=_natural))
            parts.append(f"{n:,} {what}{'s' if n != 1 else ''} {LEFT_OUT_REASONS[why]}" + (f" ({details})" if details else ""))
        return "Left out: " + "; ".join(parts) + (f": {consequence}" if consequence else "") + "."

    def commits(self) -> str:
        """The mmlib commits of the shown rows, as their `mmlib_version` column records them:
        'b163b50' or 'b163b50, c58d718' ('' where the rows record none)."""
        if "mmlib_version" not in self.rows.columns or len(self.rows) == 0:
            return ""
        found = [str(v) for v in self.rows["mmlib_version"].dropna() if str(v) and str(v) != UNRECORDED]
        return ", ".join(dict.fromkeys(sorted(found)))


# Why a timing row is left out of a figure, as `Timings.left_out`'s `why` column says it, and in words.
LEFT_OUT_REASONS = {"unrecorded": "whose machine or engine is unrecorded",
                    "older engine": "of older engine versions", "other machine": "of other machines"}


def _natural(text: str):
    """'optimal 9' before 'optimal 10'."""
    parts = engine_parts(text)
    return (parts[0], parts[1], "") if parts else ("", -1, text)


def one_machine_one_engine(rows: pd.DataFrame, machine: "str | None" = None) -> Timings:
    """The rows of one machine and one engine version, and the rest with why they were left out.

    Rows whose machine or engine is unrecorded are left out; so are rows of an older version of
    the engine than the newest among them (timed by an engine since changed), then rows of other
    machines than `machine` (default: the machine with the most rows of that version, the latest
    measured on a tie). Rows of two different engines (say the optimal search and the cpu solver)
    measured different things: a ValueError asks to split them first."""
    frame = rows.reset_index(drop=True)  # positions, so that an index with repeats cannot misalign
    for column in ("machine", "engine"):
        if column not in frame.columns:
            frame[column] = ""
    why = pd.Series("", index=frame.index, dtype=object)
    detail = pd.Series("", index=frame.index, dtype=object)
    known = recorded(frame) if len(frame) else pd.Series(dtype=bool)
    why[~known] = "unrecorded"
    parts = frame["engine"].map(engine_parts)
    names = {p[0] for p in parts[known]} if len(frame) else set()
    if len(names) > 1:
        raise ValueError(f"these timings ran {len(names)} engines ({', '.join(sorted(names))}): "
                         "draw each engine's rows apart")
    if names:
        newest = max(p[1] for p in parts[known])
        older = known & parts.map(lambda p: p is not None and p[1] < newest)
        why[older], detail[older] = "older engine", frame.loc[older, "engine"].astype(str)
    candidates = frame[(why == "").to_numpy()]
    chosen = machine
    if chosen is None and len(candidates):
        dates = candidates["date"].astype(str) if "date" in candidates.columns else pd.Series("", index=candidates.index)
        tally = candidates.assign(_date=dates).groupby("machine").agg(n=("engine", "size"), last=("_date", "max"))
        chosen = max(tally.index, key=lambda m: (tally.loc[m, "n"], tally.loc[m, "last"]))
    other = (why == "") & frame["machine"].ne(chosen)
    why[other], detail[other] = "other machine", frame.loc[other, "machine"].astype(str)
    shown = (why == "").to_numpy()  # by position: an index with repeats stays aligned
    kept = frame[shown]
    left = frame[~shown].assign(why=why[~shown].to_numpy(), detail=detail[~shown].to_numpy())
    engine = str(kept["engine"].iloc[0]) if len(kept) else ""
    return Timings(rows[shown], left, (chosen or "") if len(kept) else "", engine)


def per_engine(rows: pd.DataFrame, by: "str | None" = None) -> Timings:
    """`one_machine_one_engine` for each engine among `rows` (or each value of the column `by`,
    such as backend) apart, put together: one machine and the newest version per engine, for
    figures whose lines or columns name their own machine (cpu beside cuda)."""
    if len(rows) == 0 or (by is None and "engine" not in rows.columns):
        return one_machine_one_engine(rows)
    if by is not None:
        key = rows[by].fillna("-").astype(str)
    else:  # the engine's name; rows of no known engine go together (and are left out)
        key = rows["engine"].map(lambda e: (engine_parts(e) or (UNRECORDED, 0))[0])
    parts = [one_machine_one_engine(rows[key == value]) for value in dict.fromkeys(key)]
    kept = pd.concat([p.rows for p in parts]) if parts else rows.iloc[0:0]
    left = pd.concat([p.left_out for p in parts]) if parts else rows.iloc[0:0]
    shown = [p for p in parts if len(p.rows)]
    return Timings(kept.sort_index(), left.sort_index(), ", ".join(dict.fromkeys(p.machine for p in shown)),
                   ", ".join(dict.fromkeys(p.engine for p in shown)))


KERNEL_STRATEGY = "score-kernel"  # benchmark rows that time the scoring kernel alone, not a solve
SOLVE_STRATEGIES = tuple(s.label for s in Strategy)  # rows of whole solves (not optimal, sweep, kernel)


def latest_rows(table: pd.DataFrame, keys=("game", "backend", "strategy", "case_equivalence")) -> pd.DataFrame:
    """The newest row (by `date`, else the last in the file) of each game, backend, strategy and
    case-equivalence setting: one measurement of one thing, never a median over rows that measured
    different things."""
    if len(table) == 0:
        return table
    keys = [k for k in keys if k in table.columns]
    frame = table.copy()
    for key in keys:
        frame[key] = frame[key].fillna("-").astype(str)
    order = frame.sort_values("date", kind="stable") if "date" in frame.columns else frame
    return order.drop_duplicates(subset=keys, keep="last").sort_index()


def machine_names(rows: pd.DataFrame) -> pd.Series:
    """The machine of each benchmark row, as a reader names it: the GPU for cuda rows
    ('NVIDIA H100 80GB HBM3'), else the CPU and its cores ('AMD EPYC, 2 cores')."""
    def name(row) -> str:
        given = row.get("machine")
        if isinstance(given, str) and given:
            return given
        device = row.get("device")
        if row.get("backend") == "cuda" and isinstance(device, str) and device:
            return device
        model = str(row.get("cpu_model") or "unknown CPU").replace("(R)", "").replace("(TM)", "").strip()
        cores = row.get("cores")
        return f"{model}, {int(cores)} cores" if pd.notna(cores) else model
    return rows.apply(name, axis=1) if len(rows) else pd.Series(dtype=object)


def like_with_like(rows: pd.DataFrame) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(kept, left out): solve rows of one opening per game and strategy, so that every backend and
    case-equivalence setting compared at a game played the same games the same way. The opening
    kept is the one measured in the most (backend, case equivalence) settings, ties going to the
    latest measured."""
    if len(rows) == 0:
        return rows, rows
    frame = rows.assign(first_guess=rows["first_guess"].fillna("-").astype(str) if "first_guess" in rows else "-",
                        date=rows["date"].fillna("").astype(str) if "date" in rows else "")
    if "case_equivalence" not in frame.columns:
        frame["case_equivalence"] = "-"
    kept = []
    for _, group in frame.groupby(["game", "strategy"], sort=False):
        settings = group.groupby("first_guess").apply(
            lambda g: (g[["backend", "case_equivalence"]].drop_duplicates().shape[0], str(g["date"].max())),
            include_groups=False)
        kept.append(group[group["first_guess"] == max(settings.index, key=lambda k: settings[k])])
    kept = pd.concat(kept).sort_index()
    return kept, frame.drop(kept.index)


def solve_rows(benchmarks: pd.DataFrame) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(kept, left out): the latest run of every whole solve (not the optimal search, a sweep or the
    scoring kernel alone) in data/benchmarks.csv, per game, strategy, backend, case-equivalence
    setting and machine, one opening per game and strategy (`like_with_like`), with a `machine`
    column."""
    rows = benchmarks[benchmarks["strategy"].isin(SOLVE_STRATEGIES)] if len(benchmarks) else benchmarks
    if len(rows) == 0:
        return rows.assign(machine=pd.Series(dtype=object)), rows
    rows = rows.assign(machine=machine_names(rows))
    latest = latest_rows(rows, ("game", "strategy", "backend", "case_equivalence", "first_guess", "machine"))
    return like_with_like(latest)


def gpu_beside_cpu(benchmarks: pd.DataFrame) -> pd.DataFrame:
    """Every solve timed on the cuda backend beside the very same solve on the cpu backend.

    One row per game, strategy, opening and case-equivalence setting that has a cuda row: the
    latest cuda run's median and GPU; the latest cpu run's median and machine for the same game,
    strategy, opening and setting; cpu over cuda; and when the cuda row was measured. Where no cpu
    run matches, `cpu_s` is NaN and `no_cpu_because` says why (no cpu run of that game, of that
    strategy and setting, or only from another opening). Each backend's rows are one machine's of
    the newest version of its engine (`per_engine`); `cuda_engine` and `cpu_engine` name them,
    `cuda_commit` and `cpu_commit` mmlib's commit, `cuda_date` and `cpu_date` the day and time;
    `cuda_scores`, `cuda_scores_per_s`, `cuda_repeats` (the solves its median is of) and `cuda_command`
    (the command that timed it) are the cuda run's, `cpu_repeats` the cpu run's; `cuda_total_turns`, `cpu_total_turns` and `cpu_scores` let a
    table check that both backends played the same games."""
    key = ["game", "strategy", "first_guess", "case_equivalence"]
    solves = per_engine(benchmarks[benchmarks["strategy"].isin(SOLVE_STRATEGIES)]).rows
    solves = solves.assign(first_guess=solves["first_guess"].fillna("-").astype(str),
                           machine=machine_names(solves))
    latest = latest_rows(solves, key + ["backend"])
    cuda, cpu = latest[latest["backend"] == "cuda"].copy(), latest[latest["backend"] == "cpu"].copy()
    for frame in (cuda, cpu):  # a table older than the provenance columns still pairs
        for column in ("mmlib_version", "date", "scores", "scores_per_s", "repeats", "total_turns", "command"):
            if column not in frame.columns:
                frame[column] = np.nan
    both = cuda.merge(cpu[key + ["median_s", "machine", "engine", "mmlib_version", "date", "repeats", "scores",
                                 "total_turns"]], on=key, how="left", suffixes=("", "_cpu"))
    both = both.sort_values(["codewords", "game", "strategy", "case_equivalence"], kind="stable")

    def why(row) -> str:
        if pd.notna(row["median_s_cpu"]):
            return ""
        same_game = cpu[cpu["game"] == row["game"]]
        if same_game.empty:
            return f"no cpu run of {row['game']}"
        same = same_game[(same_game["strategy"] == row["strategy"])
                         & (same_game["case_equivalence"] == row["case_equivalence"])]
        if same.empty:
            return f"no cpu run of {row['strategy']} with case equivalence {row['case_equivalence']}"
        return f"the cpu run opened {', '.join(sorted(set(same['first_guess'])))}"

    return pd.DataFrame({
        "game": both["game"], "codewords": both["codewords"], "strategy": both["strategy"],
        "opening": both["first_guess"], "case_equivalence": both["case_equivalence"],
        "cuda_s": both["median_s"], "gpu": both["machine"], "cpu_s": both["median_s_cpu"],
        "cpu_machine": both["machine_cpu"], "cpu_over_cuda": both["median_s_cpu"] / both["median_s"],
        "cuda_engine": both["engine"], "cpu_engine": both["engine_cpu"],
        "cuda_date": both["date"].astype(str).str.slice(0, 16).str.replace("T", " "),
        "cpu_date": both["date_cpu"].astype(str).str.slice(0, 16).str.replace("T", " "),
        "cuda_commit": both["mmlib_version"], "cpu_commit": both["mmlib_version_cpu"],
        "cuda_scores": both["scores"], "cuda_scores_per_s": both["scores_per_s"],
        "cuda_repeats": both["repeats"], "cpu_repeats": both["repeats_cpu"],
        "cuda_total_turns": both["total_turns"], "cpu_total_turns": both["total_turns_cpu"],
        "cpu_scores": both["scores_cpu"], "cuda_command": both["command"],
        "no_cpu_because": both.apply(why, axis=1) if len(both) else pd.Series(dtype=object),
    }).reset_index(drop=True)


# -- live timings ----------------------------------------------------------------


def this_machine(backend: str = "cpu") -> str:
    """This machine as the tables' `machine` column names it: the GPU for cuda, else the CPU and
    its cores (`mmlib.core.machine.machine_description`)."""
    from ..core.machine import machine_description

    return machine_description(backend)


def measured_just_now(engine: "str | None", backend: str = "cpu", verb: str = "measured") -> str:
    """How a timing taken live in a cell names its machine: 'measured just now on AMD EPYC, 2
    cores (mmlib c58d718, engine solve-cpu 6)'. `engine`: a key of ENGINE_VERSIONS, or None for
    work no versioned engine times (a loop of Python calls): '... (mmlib c58d718)'; `verb` names
    what was done just now, for work other than a timing ('compiled just now on ...')."""
    from ..core.machine import mmlib_version

    engine_part = f", engine {engine_version(engine)}" if engine is not None else ""
    return f"{verb} just now on {this_machine(backend)} (mmlib {mmlib_version()}{engine_part})"


def real_gpu_present() -> bool:
    """True only for a real CUDA device: Numba's simulator (set for the tests) does not count."""
    from numba import config

    if config.ENABLE_CUDASIM:
        return False
    try:
        from numba import cuda

        return bool(cuda.is_available())
    except Exception:  # noqa: BLE001 (a broken driver means no usable GPU)
        return False


def cpu_threads_used(result) -> int:
    """The threads the cpu backend shared `result`'s turns among: 1 when no turn computed the
    `solver_cpu.PARALLEL_MIN_SCORES` scores from which a turn's search runs on every core (a turn
    with fewer runs on one thread), else numba's threads."""
    import numba

    from ..core.solver_cpu import PARALLEL_MIN_SCORES

    workers = numba.get_num_threads()
    return workers if workers > 1 and any(t.scores >= PARALLEL_MIN_SCORES for t in result.turn_stats) else 1


def one_thread_reason(threads) -> str:
    """Why a live cpu timing ran on one thread, or on how many it ran: 'on 1 thread: each turn computes
    fewer than 16,777,216 scores, below which the cpu backend keeps a turn's search on one thread'."""
    from ..core.solver_cpu import PARALLEL_MIN_SCORES

    most = int(max(threads))
    if most == 1:
        return (f"on 1 thread: each turn computes fewer than {PARALLEL_MIN_SCORES:,} scores, below which the cpu "
                "backend keeps a turn's search on one thread")
    return f"on up to {most} threads (a turn of {PARALLEL_MIN_SCORES:,} scores or more shares its search among them)"


def live_backends() -> list[str]:
    """The backends worth timing here: `cpu`, and `cuda` where a real GPU is present."""
    return ["cpu", "cuda"] if real_gpu_present() else ["cpu"]


def time_solves(games, strategy="knuth", backends=("cpu",), repeats: int = 3) -> pd.DataFrame:
    """Solve each game with each backend `repeats` times; one row per game and backend.

    The columns match data/benchmarks.csv (median_s, scores, scores_per_s, and the provenance:
    date, machine, mmlib_version, engine), so the same figures draw both. Each solve is timed as the
    benchmarks time it, around the whole call, less the compile time the backend reports (none once
    warm): `median_s` is the median of the wall times, `cpu_s` the median of the same solves' CPU
    times (the process's, every thread: other work on a shared machine stretches a wall time far
    more than a CPU time), `max_turns` the most turns any secret took.
    """
    import time

    from ..core.machine import provenance, solve_engine
    from ..core.solve import solve

    if repeats < 1:
        raise ValueError(f"repeats must be at least 1, got {repeats}")
    strategy = Strategy.parse(strategy)

    def timed(game, backend):
        # Both clocks around the same call, so that the CPU time covers what the wall time covers.
        cpu, wall = time.process_time(), time.perf_counter()
        result = solve(game, strategy, backend=backend)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        return result, max(0.0, wall - result.compile_s), max(0.0, cpu - result.compile_s)

    rows = []
    for backend in backends:
        for game in games:
            game = Game.parse(game)
            load = os.getloadavg()[0] if hasattr(os, "getloadavg") else np.nan  # how busy before the solves
            solves = [timed(game, backend) for _ in range(repeats)]
            runs = [result for result, _wall, _cpu in solves]
            median = statistics.median(wall for _result, wall, _cpu in solves)
            rows.append({
                "game": game.name, "pins": game.pins, "colors": game.colors, "codewords": game.size,
                "strategy": strategy.label, "backend": backend, "repeats": repeats, "median_s": median,
                "cpu_s": statistics.median(cpu for _result, _wall, cpu in solves),
                "scores": runs[0].scores, "scores_per_s": runs[0].scores / median if median > 0 else np.nan,
                "total_turns": runs[0].total_turns, "max_turns": runs[0].max_turns,
                "case_equivalence": "on" if runs[0].case_equivalence else "off",
                "first_guess": runs[0].first_guess_text, "load_avg": load, "cores": os.cpu_count() or 1,
                "threads": cpu_threads_used(runs[0]) if backend == "cpu" else np.nan,
                **provenance(solve_engine(backend), backend),
            })
    return pd.DataFrame(rows)
