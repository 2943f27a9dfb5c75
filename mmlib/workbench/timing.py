"""Live timings a notebook shows as wall time, and the machine they ran on.

A timing taken live in a cell names the machine it ran on, mmlib's commit and the engine's
version (`where_measured`), as the rows of data/ do, so that a reader can tell it from a table's.

The exact optimal search of a game of 2,000 codewords or more (`optimal.config.PARALLEL_MIN_CODEWORDS`)
works in worker processes, whose CPU time IPython's `%time` cannot see (it reports this process's
few milliseconds), so notebook 8 times every search by its wall time (`time.perf_counter`), as the
benchmarks do, and says so.
"""

from __future__ import annotations

import os
import statistics
import textwrap
import time

import pandas as pd

from ..core.games import Game
from ..core.optimal import optimal
from ..studies.data_tables import measured_just_now


def where_measured(engine: str = "solve-cpu", backend: str = "cpu") -> str:
    """Print and return the line that names where a live timing ran: 'measured just now on AMD
    EPYC, 2 cores (mmlib c58d718, engine solve-cpu 6)'. `engine`: 'solve-cpu', 'solve-cuda',
    'solve-reference', 'optimal' or 'scoring'."""
    line = measured_just_now(engine, backend)
    print(line)
    return line


def fastest_solve(game: "Game | str", strategy="knuth", runs: int = 5, **options):
    """Solve `game` `runs` times on the cpu backend and return the fastest run (its wall-clock
    seconds, turn by turn, in `turn_stats`), printing where it ran: this machine, mmlib's commit,
    the engine, the load average before the solves and the threads the solves ran on."""
    from ..core.solve import solve
    from ..studies.data_tables import cpu_threads_used, one_thread_reason

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    fastest = min((solve(game, strategy, **options) for _ in range(runs)), key=lambda run: run.elapsed_s)
    lines = [measured_just_now("solve-cpu")]
    if load is not None:
        lines.append(f"load average before the solves: {load:.1f} on {os.cpu_count()} cores")
    lines.append(textwrap.fill(f"the fastest of {runs} solves, wall clock, {one_thread_reason([cpu_threads_used(fastest)])}",
                               100))  # lines a narrow page shows whole, never broken inside a word
    print("\n".join(lines))
    return fastest


class InterleavedSolves:
    """One game solved on the cpu backend with case equivalence off and on, `runs` times each, the two
    settings taking turns (so that both meet the same load). Each solve keeps its result and three
    clocks read around the same call: the solving thread's CPU time, the process's (every thread's)
    and the wall time. `least_cpu(setting)` is the solve of least CPU time of a setting: the one
    rule by which notebook 5's turn-by-turn plot and its case-equivalence table both pick theirs, so
    that they show the very same solve."""

    def __init__(self, game: "Game | str", strategy="knuth", runs: int = 5, **options):
        from ..core.solve import solve
        from ..studies.data_tables import cpu_threads_used

        self.game, self.strategy, self.runs, self.options = Game.parse(game), strategy, runs, options
        self.load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
        self.solves: dict = {"off": [], "on": []}
        for _ in range(runs):
            for setting, timed in self.solves.items():
                # Both clocks around the same call, so that the wall time is never the shorter.
                thread, process, wall = time.thread_time(), time.process_time(), time.perf_counter()
                result = solve(self.game, strategy, case_equivalence=setting, **options)
                timed.append((result, time.thread_time() - thread, time.process_time() - process,
                              time.perf_counter() - wall))
        self.threads = [cpu_threads_used(result) for timed in self.solves.values() for result, *_ in timed]
        self.one_thread = max(self.threads) == 1  # else every thread's CPU time: the process's

    def cpu_s(self, solve: tuple) -> float:
        """A solve's CPU seconds: its thread's on one thread, else the process's."""
        return solve[1] if self.one_thread else solve[2]

    def least_cpu(self, setting: str) -> tuple:
        """(result, thread CPU s, process CPU s, wall s) of the solve of least CPU time of `setting`."""
        return min(self.solves[setting], key=self.cpu_s)

    def result(self, setting: str = "off"):
        """The result of the solve of least CPU time of `setting`."""
        return self.least_cpu(setting)[0]

    def cpu_range(self, setting: str) -> tuple:
        """The least and the most CPU seconds of `setting`'s solves."""
        seconds = [self.cpu_s(solve) for solve in self.solves[setting]]
        return min(seconds), max(seconds)

    def lines(self, setting: str = "off") -> str:
        """The lines to print above a plot of `result(setting)`: where it ran, the load average before
        the solves, how it was picked and the threads."""
        from ..studies.data_tables import one_thread_reason

        other = "on" if setting == "off" else "off"
        lines = [measured_just_now("solve-cpu")]
        if self.load is not None:
            lines.append(f"load average before the solves: {self.load:.1f} on {os.cpu_count()} cores")
        lines.append(textwrap.fill(
            f"the solve of least CPU time of {self.runs} with case equivalence {setting}, taking turns with "
            f"{self.runs} with it {other} (the table on case equivalence below shows both), "
            f"{one_thread_reason(self.threads)}", 100))  # lines a narrow page shows whole
        return "\n".join(lines)


def interleaved_solves(game: "Game | str", strategy="knuth", runs: int = 5, show: str = "off",
                       **options) -> InterleavedSolves:
    """`InterleavedSolves` of `game`, printing the lines that say where they ran and how the solve of
    setting `show` that a plot draws was picked."""
    solves = InterleavedSolves(game, strategy, runs, **options)
    print(solves.lines(show))
    return solves


class WallClock:
    """`with WallClock() as clock:` times the block by its wall time (`time.perf_counter`) and reads
    the machine's load average as it begins; `str(clock)` names both and where they were measured,
    on two lines: '1.69 s wall time,' then '  measured just now on AMD EPYC, 2 cores (mmlib c087988);
    load average 0.8 as it began' (other work on the cores stretches the time). `engine`: as for
    `where_measured`, or None for work no versioned engine times (a loop of Python calls)."""

    def __init__(self, engine: "str | None" = None, backend: str = "cpu"):
        self.engine, self.backend = engine, backend
        self.load: "float | None" = None
        self.seconds: "float | None" = None

    def __enter__(self) -> "WallClock":
        self.load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
        self.started = time.perf_counter()
        return self

    def __exit__(self, *_exc) -> bool:
        self.seconds = time.perf_counter() - self.started
        return False

    def __str__(self) -> str:
        load = "" if self.load is None else f"; load average {self.load:.1f} as it began"
        # two lines: a narrow page keeps each whole
        return f"{self.seconds:.2f} s wall time,\n  {measured_just_now(self.engine, self.backend)}{load}"


def timed_optimal(game: "Game | str", max_turns: "int | None" = None, objective: str = "total"):
    """`optimal(game, max_turns, objective)`, printing a line before it starts (a session's first
    search also starts the worker processes, which takes seconds) and, after, the result with the
    wall time it took on this machine. Returns the result."""
    game = Game.parse(game)
    what = f"objective {objective}" + (f", at most {max_turns} turns" if max_turns else "")
    print(f"{game.name}, {what}: search started", flush=True)
    started = time.perf_counter()
    result = optimal(game, max_turns=max_turns, objective=objective)
    wall = time.perf_counter() - started
    print(f"  total {result.total_turns:,} turns, max {result.max_turns}, opening {result.first_guess_text}: "
          f"{wall:.2f} s wall time,\n  {measured_just_now('optimal')}")  # two lines: a narrow page keeps each whole
    return result


# -- notebook 8: one proof, timed live, beside the times data/ records of it -----------------------


def milliseconds(seconds: float) -> str:
    """Seconds to the millisecond, as data/optimal.csv records a proof's: 0.220, 0.080, 1.883; one
    precision for a whole column of live timings."""
    return f"{seconds:,.3f}"


class LiveSearches:
    """The exact search of one game timed live as a session runs it: objective total (the session's
    first search of the game, then `repeats` more), the fewest total within `max_turns`, and the
    objective worst. Each time is the wall time of one whole call of `optimal` on this machine
    (`time.perf_counter`), as `bench GAME --optimal` times it."""

    def __init__(self, game: "Game | str", max_turns: "int | None" = None, repeats: int = 3):
        from ..core.machine import machine_description, mmlib_version
        from ..core.machine import engine_version

        self.game = Game.parse(game)
        self.machine, self.commit, self.engine = machine_description(), mmlib_version(), engine_version("optimal")
        self.cpu_s: dict = {}
        self.load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
        self.first, self.first_s = self._timed()
        self.warm = [self._timed() for _ in range(repeats)]
        self.others = []
        if max_turns is not None:
            self.others.append((f"total, within {max_turns} turns",) + self._timed(max_turns=max_turns))
        self.others.append(("worst",) + self._timed(objective="worst"))

    def _timed(self, **options):
        """(result, wall seconds) of one call; its CPU seconds (this process's, every thread) are kept
        in `cpu_s`, keyed by the result."""
        cpu, started = time.process_time(), time.perf_counter()
        result = optimal(self.game, **options)
        wall = time.perf_counter() - started
        self.cpu_s[id(result)] = time.process_time() - cpu
        return result, wall

    @property
    def best(self):
        """The result of objective total (its tree, its counters)."""
        return self.first

    @property
    def warm_median_s(self) -> float:
        return statistics.median(seconds for _result, seconds in self.warm)

    def cpu_seconds(self, result) -> float:
        """The CPU seconds of the call that gave `result` (this process's, every thread: the search
        of a game searched in this process runs on one core)."""
        return self.cpu_s[id(result)]

    @property
    def warm_median_cpu_s(self) -> float:
        return statistics.median(self.cpu_seconds(result) for result, _seconds in self.warm)

    def where(self) -> str:
        return f"{self.machine} (mmlib commit {self.commit}, engine {self.engine})"

    def table(self):
        """One row per search: the objective, which run, the total and max turns, the positions it
        searched, the wall time; the opening, when every search plays the same, and where they ran in
        the note."""
        from .tables import readable

        warm = self.warm[len(self.warm) // 2][0] if self.warm else self.first
        rows = [("total", "first of this session", self.first, self.first_s)]
        if self.warm:
            rows.append(("total", f"median of the {len(self.warm)} after it", warm, self.warm_median_s))
        rows += [(objective, "one search", result, seconds) for objective, result, seconds in self.others]
        frame = pd.DataFrame({"objective": [r[0] for r in rows], "run": [r[1] for r in rows],
                              "total turns": [r[2].total_turns for r in rows],
                              "max turns": [r[2].max_turns for r in rows],
                              "opening": [r[2].first_guess_text for r in rows],
                              "positions searched": [r[2].nodes_searched for r in rows],
                              "wall time (s)": [r[3] for r in rows]})
        openings = frame["opening"].unique()
        note = (f"Wall time of each whole call of optimal(), measured just now on {self.where()}.")
        if len(openings) == 1:
            frame = frame.drop(columns=["opening"])
            note += f" Every search opens with {openings[0]}."
        if self.warm:
            times = ", ".join(milliseconds(seconds) for _result, seconds in self.warm)
            note += f" The {len(self.warm)} searches after the first took {times} s."
        if self.load is not None:
            note += f" Load average {self.load:.1f} as the cell started (on {os.cpu_count()} cores)."
        return readable(frame, formats={"wall time (s)": milliseconds}, note=note)


def live_optimal_searches(game: "Game | str", max_turns: "int | None" = None, repeats: int = 3) -> LiveSearches:
    """`LiveSearches`: the game's exact search timed live (objective total: the session's first
    search, then `repeats` more; total within `max_turns`; worst)."""
    return LiveSearches(game, max_turns, repeats)


def proof_timings_table(live: LiveSearches, optimal_frame: pd.DataFrame, benchmarks: pd.DataFrame):
    """The same proof (the live game, objective total, no limit) timed four ways, one row each: live,
    the session's first search; live, the median of the searches after it; the seconds data/optimal.csv
    records; the latest benchmark's median (data/benchmarks.csv). Each row gives its wall and CPU
    seconds, the positions it searched, the mmlib commit and its source (what each clock covers is
    the notebook's list above the table); the machine and engine version go in the note when every
    row shares them, else in columns."""
    from ..studies.data_tables import latest_rows, one_machine_one_engine
    from .tables import DASH, readable

    game = live.game.name
    rows = [{"timing": "live, first search", "wall time (s)": live.first_s, "CPU time (s)": live.cpu_seconds(live.first),
             "machine": live.machine, "engine": live.engine, "mmlib": live.commit,
             "positions searched": live.first.nodes_searched, "source": "the cell above, just now"}]
    if live.warm:
        rows.append({"timing": "live, warm", "wall time (s)": live.warm_median_s, "CPU time (s)": live.warm_median_cpu_s,
                     "machine": live.machine, "engine": live.engine,
                     "mmlib": live.commit, "positions searched": live.warm[0][0].nodes_searched,
                     "source": "the cell above, just now"})
    stored = optimal_frame[(optimal_frame["game"] == game) & (optimal_frame["objective"] == "total")
                           & optimal_frame["max_turns_limit"].isna()]
    if len(stored):
        row = stored.iloc[-1]
        rows.append({"timing": "stored table", "wall time (s)": float(row["seconds"]), "machine": row["machine"], "engine": row["engine"],
                     "mmlib": row["mmlib_version"], "positions searched": int(row["nodes"]),
                     "source": f"data/optimal.csv: {game}, objective total, {str(row['date'])[:10]}"})
    bench = benchmarks[(benchmarks["strategy"] == "optimal") & (benchmarks["game"] == game)] if len(benchmarks) else benchmarks
    if len(bench):
        shown = one_machine_one_engine(bench).rows
        row = latest_rows(shown if len(shown) else bench, ("game",)).iloc[-1]
        util = pd.to_numeric(pd.Series([row.get("cpu_util"), row.get("threads")]), errors="coerce")
        rows.append({"timing": "benchmark", "wall time (s)": float(row["median_s"]), "CPU time (s)": float(row["median_s"]) * util[0] * util[1],
                     "machine": row["machine"], "engine": row["engine"],
                     "mmlib": row["mmlib_version"], "positions searched": int(float(row["nodes"])),
                     "source": f"data/benchmarks.csv: {game} optimal, {str(row['date'])[:10]}"})
    frame = pd.DataFrame(rows)
    shared = []
    # A value the same in every row is said once, in the note, not in a column (a board searched in
    # one process searches the same positions every time; one searched by workers does not).
    for column, say in (("machine", "on {}"), ("engine", "engine {}"),
                        ("positions searched", "with {:,} positions searched")):
        values = frame[column].unique()
        if len(values) == 1:
            shared.append(say.format(values[0]))
            frame = frame.drop(columns=[column])
    note = (f"The proof of {game}'s optimum ({live.first.total_turns:,} turns, objective total, any codeword may "
            f"be guessed), timed four ways" + (f"; every row {', '.join(shared)}" if shared else "") + ".")
    note += (" CPU time: the CPU seconds of the search (of this process, for the live rows; for the benchmark, the "
             "share of a core it recorded over its timed searches times its median). A board of this size is "
             "searched on one core: where the CPU seconds fall short of the wall seconds, other work held the core.")
    note += _one_time_costs(live)
    if frame["CPU time (s)"].isna().any():
        note += " A dash as CPU time: data/optimal.csv records no CPU time."
    note += _stored_beside_benchmark(stored, bench if len(bench) else None, rows)
    if frame["mmlib"].nunique() > 1:
        note += (" The mmlib column names the commit each row ran: the live rows this page's, the others the one "
                 "that wrote the row to data/.")
    order = [c for c in ("timing", "wall time (s)", "CPU time (s)", "positions searched", "machine", "engine", "mmlib",
                         "source") if c in frame.columns]
    table = readable(frame[order], formats={"wall time (s)": milliseconds, "CPU time (s)": milliseconds},
                     blank={"CPU time (s)": DASH}, note=note)
    table.numeric.add("CPU time (s)")  # right aligned, the dash included
    return table


def _one_time_costs(live: LiveSearches) -> str:
    """The one-time costs of the session's first search of the game (building the board's tables,
    which the calls after it reuse), measured as the CPU seconds it took beyond the warm median's, as
    the table shows them; and whether the wall times show them, which other work on the cores stretches."""
    if not live.warm:
        return ""
    extra = float(milliseconds(live.cpu_seconds(live.first))) - float(milliseconds(live.warm_median_cpu_s))
    costs = "its one-time costs (such as building the board's tables, which the calls after it reuse)"
    if extra < 0.0005:
        return (f" The first live search took no more CPU time than the warm median: {costs} are too small to "
                "see here.")
    text = (f" The first live search took {milliseconds(extra)} CPU seconds more than the warm median: about the "
            f"size of {costs}.")
    wall = float(milliseconds(live.first_s)) - float(milliseconds(live.warm_median_s))
    if wall < extra - 0.0005:
        text += (f" The wall times hide them ({milliseconds(live.first_s)} s first, {milliseconds(live.warm_median_s)} "
                 "s warm): other work on the cores moves each wall time by more.")
    return text


def _stored_beside_benchmark(stored: pd.DataFrame, bench: "pd.DataFrame | None", rows: list) -> str:
    """What data/ says of the stored table's seconds beside the benchmark's, and no more: one search
    against the median of several, the benchmark's fastest search, and that data/optimal.csv keeps
    neither the search's CPU time nor the load, so that the cause of a difference is not known."""
    by_kind = {row["timing"]: row for row in rows}
    if bench is None or "stored table" not in by_kind or "benchmark" not in by_kind:
        return ""
    table, mark = by_kind["stored table"], by_kind["benchmark"]
    latest = bench.sort_values("date").iloc[-1] if "date" in bench.columns else bench.iloc[-1]
    fastest = pd.to_numeric(pd.Series([latest.get("min_s")]), errors="coerce").iloc[0]
    repeats = pd.to_numeric(pd.Series([latest.get("repeats")]), errors="coerce").iloc[0]
    # The difference of the seconds as the table shows them, so that a reader who subtracts gets it.
    shown = float(milliseconds(table["wall time (s)"])) - float(milliseconds(mark["wall time (s)"]))
    if abs(shown) < 0.0005:
        return ""
    of = f"the median of {int(repeats)} searches" if pd.notna(repeats) else "a median"
    text = (f" The stored table's {milliseconds(table['wall time (s)'])} s is one search; the benchmark's "
            f"{milliseconds(mark['wall time (s)'])} s is {of}")
    if pd.notna(fastest):
        text += f", the fastest of them {milliseconds(fastest)} s (data/benchmarks.csv keeps no slowest)"
    return text + (f". They were two separate runs on the shared machine. data/optimal.csv keeps neither the "
                   f"search's CPU time nor the machine's load, so what the {milliseconds(abs(shown))} s between "
                   "them went to is not known.")


def case_equivalence_beside(game: "Game | str", strategy="knuth", runs: int = 5, live: "pd.DataFrame | None" = None,
                            turn_by_turn=None, turn_by_turn_runs: "int | None" = None,
                            solves: "InterleavedSolves | None" = None, **options):
    """One game solved on the cpu backend with case equivalence off and on, `runs` times each, the two
    settings taking turns (so that both meet the same load), as a table of two rows. Each row is the
    solve of least CPU time of its setting: its scores computed, on turn 1 (the biggest regions, where
    case equivalence saves the most) and on the later turns, its CPU seconds (those of the thread that
    solved) and its wall seconds (which other work on a shared machine can double for a solve of a few
    milliseconds); the note gives the range of each setting's CPU seconds and its wall seconds. The note names the game, strategy, opening,
    machine, engine, mmlib commit, the load average before the solves and the threads they ran on.
    `live`, the rows of `time_solves` shown on the same page: where they time the same solve (game,
    strategy, opening, cpu backend) with one of the two settings, the note sets their median wall and
    CPU times beside this row's, and says what the times show of why they differ (a wall time far above
    its CPU time: other work held the core). `turn_by_turn`, the solve drawn turn by turn on the same
    page (`fastest_solve`, the fastest of `turn_by_turn_runs`): the note sets the time of its turns, as
    that plot adds them up, beside the time of the turns of the row of its setting and the row's whole
    call. `solves`: the `InterleavedSolves` to show, run already (for the turn-by-turn plot, which
    then draws the off row's very solve); else they are run here."""
    from ..core.strategies import Strategy
    from ..studies.data_tables import one_thread_reason
    from .tables import readable

    if solves is None:
        solves = InterleavedSolves(game, strategy, runs, **options)
    game, strategy, runs = solves.game, solves.strategy, solves.runs
    load, threads, one_thread = solves.load, solves.threads, solves.one_thread
    rows, chosen = [], {}
    for setting in solves.solves:
        result, thread_s, process_s, wall_s = solves.least_cpu(setting)
        chosen[setting] = result
        stats = result.turn_stats
        rows.append({"case equivalence": setting, "scores computed": result.scores,
                     "turn 1: scores": stats[0].scores, f"turns 2 to {len(stats)}: scores": sum(s.scores for s in stats[1:]),
                     "CPU s": thread_s if one_thread else process_s, "wall s": wall_s})
    first = solves.solves["off"][0][0]
    clock = "the solving thread's" if one_thread else "the process's (every thread's)"
    note = (f"{game.name}, {Strategy.parse(strategy).title}, opening {first.first_guess_text}; each row the solve of "
            f"least CPU time of {runs} with its setting, the two settings taking turns, {one_thread_reason(threads)}; "
            f"{measured_just_now('solve-cpu')}"
            + (f"; load average before the solves: {load:.1f} on {os.cpu_count()} cores" if load is not None else "")
            + f". CPU s: {clock} CPU time (the time it ran on a core); "
            "wall s: the same solve's wall time, longer where the solve waited while other work held the core."
            + _cpu_ranges(solves)
            + _beside_live(live, first, Strategy.parse(strategy), rows)
            + _beside_turn_by_turn(turn_by_turn, turn_by_turn_runs, rows, runs, chosen))
    table = readable(pd.DataFrame(rows), formats={"CPU s": "seconds", "wall s": "seconds"}, note=note)
    table.whole_names = True  # engine solve-cpu 6 on one line
    return table


def _cpu_ranges(solves: InterleavedSolves) -> str:
    """The least and the most CPU seconds of each setting's solves, as the table writes seconds: a
    solve's CPU time, too, varies from run to run, and each row shows its setting's least."""
    from .plots_results import format_seconds

    ranges = "; ".join(f"{format_seconds(_shown(low))} to {format_seconds(_shown(high))} s with it {setting}"
                       for setting in solves.solves for low, high in [solves.cpu_range(setting)])
    return (f" The CPU s of the {solves.runs} solves of each setting ranged from {ranges}: a solve's CPU time, too, "
            "varies from run to run on this machine, and each row is its setting's least.")


def _shown(seconds: float) -> float:
    """Seconds as the table writes them (`format_seconds`), read back."""
    from .plots_results import format_seconds

    return float(format_seconds(float(seconds)).replace(",", ""))


def _beside_turn_by_turn(result, runs: "int | None", rows: list, table_runs: int, chosen: dict) -> str:
    """A sentence setting the turn-by-turn plot's solve (`result`, from `fastest_solve`) beside the row
    of its case-equivalence setting (`chosen`: the row's solve): the time of the turns of each, wall and
    CPU, as that plot adds them up (three significant figures), and the row's whole call, which also
    counts the work before the first turn and after the last ('' without `result`)."""
    from .plots_results import format_seconds, three_figures, turn_times_shown

    if result is None:
        return ""
    setting = "on" if result.case_equivalence else "off"
    row = next((r for r in rows if r["case equivalence"] == setting), None)
    if row is None or setting not in chosen:
        return ""
    there, here = turn_times_shown(result), turn_times_shown(chosen[setting])
    if there["unit"] != "ms" or here["unit"] != "ms":
        return ""
    if result is chosen[setting]:  # the plot drew this very solve: one timing, not two
        cpu = f", CPU {three_figures(there['cpu_total'])} ms" if there["cpu_total"] is not None else ""
        # The whole call in ms with three significant figures, as the turns' totals beside it (review r11).
        whole = f"{three_figures(row['wall s'] * 1000)} ms wall, CPU {three_figures(row['CPU s'] * 1000)} ms"
        return (f" The {setting} row is the very solve drawn turn by turn above: its turns took "
                f"{three_figures(there['wall_total'])} ms wall{cpu} (the plot's totals); its whole call, which "
                f"the row's wall s and CPU s give to two figures, took {whole}, and also counts the work before "
                "the first turn and after the last.")
    of = f"the fastest of {runs} solves" if runs else "the fastest of its solves"

    def turns(shown) -> str:
        cpu = f", CPU {three_figures(shown['cpu_total'])} ms" if shown["cpu_total"] is not None else ""
        return f"{three_figures(shown['wall_total'])} ms wall{cpu}"

    text = (f" The {setting} row is the solve of the turn-by-turn plot above, timed again. Its turns took "
            f"{turns(there)} there ({of} by wall time; the plot's totals) and {turns(here)} here; the row's "
            f"wall s, {format_seconds(_shown(row['wall s']) * 1000)} ms, times the whole call, which also counts "
            "the work before the first turn and after the last.")
    return text + _why_apart("The two solves' turns", there["wall_total"], there["cpu_total"],
                             here["wall_total"], here["cpu_total"])


def _why_apart(what: str, wall_a: float, cpu_a: "float | None", wall_b: float, cpu_b: "float | None",
               cpu_differs: str = "what took the slower one's extra CPU time was not measured.") -> str:
    """What two timings of the same solve show of why their wall times differ, in a sentence: nothing
    where they are within a fifth of each other; else the slower one's wall time over its CPU time where
    that is large (other work held the core), or that the CPU times differ too, for a reason not
    measured."""
    from .tables import STRETCHED

    if min(wall_a, wall_b) <= 0 or max(wall_a, wall_b) < 1.2 * min(wall_a, wall_b):
        return ""
    wall, cpu = (wall_a, cpu_a) if wall_a > wall_b else (wall_b, cpu_b)
    if cpu and wall >= STRETCHED * cpu:
        return (f" {what} differ in wall time because the slower waited: its wall time is {wall / cpu:.1f} times "
                "its CPU time, while other work on the machine held the core.")
    return f" {what} differ in CPU time as well; {cpu_differs}"


def _beside_live(live: "pd.DataFrame | None", result, strategy, rows: list) -> str:
    """A sentence setting the live table's median wall and CPU times of the same solve beside the
    row's, both as the tables show them, and what they show of why they differ ('' if `live` has no
    such row)."""
    from .plots_results import format_seconds

    if live is None or len(live) == 0:
        return ""
    same = live[(live["game"] == result.game.name) & (live["strategy"] == strategy.label)
                & (live["backend"] == "cpu") & (live["first_guess"] == result.first_guess_text)]
    for row in rows:
        match = same[same["case_equivalence"] == row["case equivalence"]]
        if len(match) == 0:
            continue
        timed = match.iloc[-1]
        solves = int(timed["repeats"]) if "repeats" in timed.index else None
        median = f"the median of {solves} other solves" if solves else "the median of other solves"
        wall = _shown(timed["median_s"])
        cpu = _shown(timed["cpu_s"]) if "cpu_s" in timed.index and pd.notna(timed["cpu_s"]) else None
        mine = _shown(row["CPU s"]) if row.get("CPU s") is not None else None
        text = (f" The live table above times the same solve (case equivalence {row['case equivalence']}), "
                f"{median}, each around the whole call: {format_seconds(wall)} s wall"
                + (f", {format_seconds(cpu)} s CPU" if cpu is not None else "")
                + f"; this row, the solve of least CPU time here: {format_seconds(_shown(row['wall s']))} s wall"
                + (f", {format_seconds(mine)} s CPU." if mine is not None else "."))
        return text + _why_apart("The two", wall, cpu, _shown(row["wall s"]), mine,
                                 f"the one is {median}, the other the least of this table's "
                                 "(the range of their CPU times is above).")
    return ""
