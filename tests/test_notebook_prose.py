"""The figures a notebook's prose quotes from data/ must still be what data/ holds.

A number in a markdown cell cannot be computed, and a sweep or a benchmark that adds rows to data/
would leave it stale without a word. So each figure the prose quotes from data/ is listed here with
the code that computes it from data/ as it is now, and the test fails (naming the notebook and the
text it expected) until the prose is brought up to date. A timing quoted in prose (notebook 8's
answer quotes the latest benchmarks of the exact search) is computed here from the same rows, with
the machine, commit and engine version those rows record.
"""

import functools
import json
import re
from pathlib import Path

import pandas as pd
import pytest

from mmlib.core.games import Game
from mmlib.core.strategies import Strategy
from mmlib.studies.data_tables import (case_equivalence_scores, latest_rows, load_benchmarks, load_results,
                                       load_table)
from mmlib.studies.optimal_table import heuristic_gaps, load_optimal
from mmlib.studies.rule_variants import (best_totals, board_ranges, gap_summary, gaps_by_rules, harder_by_strategy,
                                         largest_gaps, norepeat_boards, proof_times, rules_side_by_side,
                                         scores_that_occur, shared_optimal_boards)
from mmlib.studies.seed_workloads import SEED_SCORING_SECONDS
from mmlib.workbench.plots import significant
from mmlib.workbench.tables import ce_threshold_table, shown_ns_per_score
from mmlib.workbench.views import CAP_REASON, SOLVES_TIMED

ROOT = Path(__file__).resolve().parent.parent


@functools.cache
def prose(notebook: str) -> str:
    """The notebook's markdown, with every run of white space one space (lines wrap anywhere)."""
    cells = json.loads((ROOT / "notebooks" / notebook).read_text())["cells"]
    return re.sub(r"\s+", " ", " ".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown"))


def workload(variant: str) -> pd.Series:
    frame = load_table("seed_scoring_workload.csv", ("variant",)).frame
    return frame.set_index("variant").loc[variant]


def shown_ns(variant: str) -> str:
    """A variant's ns per score on the seed's workload as notebook 1's tables show it: its seconds as
    shown (three figures) over the workload's scores, to three figures."""
    from mmlib.workbench.tables import shown_ns_per_score

    row = workload(variant)
    return significant(shown_ns_per_score(row['workload_s'], int(row['workload_scores'])))


def one_at_a_time_ratios(method: str) -> str:
    """The range of `method`'s time over all at once's, from the seconds as notebook 5's figure labels
    show them (two significant digits), so that a reader who divides the labels gets it."""
    from mmlib.workbench.plots_results import format_seconds

    frame = load_table("seed_one_at_a_time.csv", ("method",)).frame
    frame = frame.assign(median_s=[float(format_seconds(float(v)).replace(",", "")) for v in frame["median_s"]])
    wide = frame.pivot_table(index=["game", "strategy"], columns="method", values="median_s")
    solve = next(c for c in wide.columns if c.startswith("all at once"))
    ratio = wide[method] / wide[solve]
    return f"{format_seconds(ratio.min())} to {format_seconds(ratio.max())} times"


def cuda_knuth_7p7c(ce: str, run: int = -1, backend: str = "cuda") -> str:
    """The median of the 7p7c Knuth solve on `backend` with case equivalence `ce`, of the latest run
    (or an earlier one: -2), to two significant digits as notebook 5's tables write seconds."""
    from mmlib.workbench.plots_results import format_seconds

    frame = load_benchmarks().frame
    rows = frame[(frame["game"] == "7p7c") & (frame["strategy"] == "knuth") & (frame["backend"] == backend)
                 & (frame["case_equivalence"] == ce)].sort_values("date")
    return f"{format_seconds(rows['median_s'].iloc[run])} s"


def knuth_7p7c_row(ce: str, backend: str) -> pd.Series:
    """The latest 7p7c Knuth row of `backend` with case equivalence `ce` in data/benchmarks.csv."""
    frame = load_benchmarks().frame
    rows = frame[(frame["game"] == "7p7c") & (frame["strategy"] == "knuth") & (frame["backend"] == backend)
                 & (frame["case_equivalence"] == ce)].sort_values("date")
    return rows.iloc[-1]


def summary_7p7c(backend: str) -> str:
    """Notebook 5's summary: the 7p7c Knuth solve (case equivalence on) of `backend`, with the machine,
    engine and mmlib commit its row records (the cpu row's engine called older where it is)."""
    from mmlib.core.machine import ENGINE_VERSIONS
    from mmlib.studies.data_tables import engine_parts

    row = knuth_7p7c_row("on", backend)
    if backend == "cuda":
        return (f"On one {row['machine']} (engine {row['engine']}, mmlib {row['mmlib_version']}) the `cuda` "
                f"backend plays every secret of 7p7c with Knuth's strategy in {cuda_knuth_7p7c('on')}")
    name, version = engine_parts(row["engine"])
    older = "the older " if version < ENGINE_VERSIONS[name] else ""
    return (f"which took {cuda_knuth_7p7c('on', backend='cpu')} on {row['machine']}, with {older}engine "
            f"{row['engine']} (mmlib {row['mmlib_version']})")


def seed_faster_7p7c(where: str = "body") -> str:
    """Notebook 5: mmlib's GPU time of 7p7c Knuth against the seed's published one, both ways, as the
    seed-solve table shows the seconds (the ratios from the seconds as shown)."""
    from mmlib.studies.seed_comparison import load_seed_comparison
    from mmlib.workbench.tables import seed_solve_table

    table = seed_solve_table(load_seed_comparison(), load_benchmarks().frame, "7p7c", "knuth", rates=True).frame
    seconds = {(row["solver"], row["case equivalence"]): row["seconds"] for _, row in table.iterrows()}
    on = (seconds[("mmlib cuda", "on")], seconds[("seed CUDA", "on")])
    off = (seconds[("mmlib cuda", "off")], seconds[("seed CUDA", "off")])
    ratio = [float(a.replace(",", "")) / float(b.replace(",", "")) for a, b in (on, off)]
    assert all(r > 1 for r in ratio), "the prose says the seed's solver is the faster"
    if where == "summary":
        return f"is the faster: it publishes {on[1]} s (`Mastermind_on_the_GPU.md`)"
    return (f"takes {ratio[0]:.1f} times the seed's time with case equivalence ({on[0]} s against {on[1]} s) "
            f"and {ratio[1]:.1f} times without ({off[0]} s against {off[1]} s)")


def one_at_a_time_where() -> str:
    """The machine and commit of data/seed_one_at_a_time.csv's rows, as notebook 5's summary names them."""
    frame = load_table("seed_one_at_a_time.csv", ("machine", "mmlib_version", "engine")).frame
    (machine,), (commit,), (engine,) = set(frame["machine"]), set(frame["mmlib_version"]), set(frame["engine"])
    return f"Measured on {machine} (mmlib {commit}), with the older engine {engine}"


def current_cuda_solves() -> pd.DataFrame:
    """The cuda solves notebook 5's table shows: one GPU, the newest version of its engine."""
    from mmlib.studies.data_tables import SOLVE_STRATEGIES, one_machine_one_engine

    frame = load_benchmarks().frame
    return one_machine_one_engine(frame[(frame["backend"] == "cuda") & frame["strategy"].isin(SOLVE_STRATEGIES)]).rows


def cuda_rate_range() -> str:
    """The range of the GPU-alone table's billion scores/s (computed there from the seconds as
    shown), to two significant digits, as notebook 5's prose quotes it."""
    from mmlib.workbench.tables import gpu_alone_table

    rates = gpu_alone_table(load_benchmarks().frame).frame["billion scores/s"].str.replace(",", "").astype(float)
    return f"about {significant(rates.min(), 2)} to {significant(rates.max(), 2)} billion counted scores a second"


def small_cuda_range() -> str:
    frame = current_cuda_solves()
    from mmlib.workbench.plots_results import format_seconds

    rows = latest_rows(frame[frame["codewords"] < 279_936])
    return f"{format_seconds(rows['median_s'].min())}-{format_seconds(rows['median_s'].max())} s"


def kernel_run() -> pd.Series:
    """The scoring-kernel row notebook 5's table shows (its latest run by the current scoring engine)."""
    from mmlib.workbench.tables import scoring_kernel_table

    return scoring_kernel_table(load_benchmarks().frame).frame.iloc[0]


def all_at_once_4p6c() -> str:
    """The all-at-once time data/seed_one_at_a_time.csv records of 4p6c Knuth, in ms and seconds, as
    notebook 5 quotes it beside its own turn-by-turn timing."""
    from mmlib.workbench.plots_results import format_seconds

    frame = load_table("seed_one_at_a_time.csv", ("method",)).frame
    rows = frame[(frame["game"] == "4p6c") & (frame["strategy"] == "knuth")
                 & frame["method"].str.startswith("all at once")]
    seconds = float(rows["median_s"].iloc[-1])
    return f"Knuth's strategy, {format_seconds(seconds * 1000)} ms ({format_seconds(seconds)} s)"


def solve_beats_kernel() -> str:
    """Notebook 5: the cpu solve of 7p7c (case equivalence on) against the scoring kernel, per thread,
    as the seed-solve table and the kernel table show their billions of scores a second."""
    from mmlib.studies.seed_comparison import load_seed_comparison
    from mmlib.workbench.tables import scoring_kernel_table, seed_solve_table

    frame = load_benchmarks().frame
    seed = seed_solve_table(load_seed_comparison(), frame, "7p7c", "knuth", rates=True).frame
    cpu = seed[(seed["solver"] == "mmlib cpu") & (seed["case equivalence"] == "on")].iloc[0]
    threads = int(cpu["threads"])
    kernel = scoring_kernel_table(frame, brief=True).frame.iloc[0]
    return (f"ran at {cpu['billion scores/s']} billion counted scores a second on {threads} threads, about "
            f"{significant(float(cpu['billion scores/s']) / threads, 2)} per thread, against the kernel's "
            f"{kernel['billion scores/s']} on one")


def kernel_in_millions() -> str:
    """Notebook 5: the scoring kernel's rate, as its table shows it in billions, in the live table's millions."""
    from mmlib.workbench.tables import scoring_kernel_table

    rate = scoring_kernel_table(load_benchmarks().frame, brief=True).frame.iloc[0]["billion scores/s"]
    return f"the scoring kernel's {rate} billion above is {float(rate) * 1000:,.0f} million"


def one_at_a_time_engine() -> str:
    """The engine and threads of data/seed_one_at_a_time.csv's rows, as notebook 5's summary names them."""
    frame = load_table("seed_one_at_a_time.csv", ("engine", "threads")).frame
    (engine,), (threads,) = set(frame["engine"]), set(frame["threads"])
    return f"engine {engine} on {threads} thread{'s' if threads != 1 else ''} (`data/seed_one_at_a_time.csv`)"


def solve_table_numbers(column: str) -> pd.Series:
    """A column of notebook 6's benchmark table as numbers, as the table writes them (the cells not
    timed left out)."""
    from mmlib.workbench.tables import NOT_TIMED, solve_benchmark_table

    table = solve_benchmark_table(load_benchmarks().frame).frame
    cells = table[column][table[column] != NOT_TIMED]
    return cells.str.rstrip("x").str.replace(",", "").astype(float).set_axis(cells.index), table


def cpu_solve_rate() -> str:
    """The range of the cpu's scores per second over the whole solves notebook 6's table shows, as the
    table writes them (billions, three significant figures, from the seconds as shown)."""
    from mmlib.workbench.plots_results import three_figures

    from mmlib.workbench.tables import RATE_TITLES

    rate, _table = solve_table_numbers(RATE_TITLES["cpu"])
    return (f"the cpu backend runs at {three_figures(rate.min())} to {three_figures(rate.max())} billion scores "
            "(guess-secret pairs scored) a second")


def gpu_over_cpu() -> str:
    """How many times as fast the GPU runs the solves notebook 6's benchmark table pairs with the cpu
    (per game, as the table writes the ratios), and which GPU."""
    from mmlib.workbench.tables import RATIO_TITLE, times_as

    ratio, table = solve_table_numbers(RATIO_TITLE)
    wide = table.loc[ratio.index].assign(cpu_over_cuda=ratio)
    games = [f"{times_as(g['cpu_over_cuda'].min())[:-1]} to {times_as(g['cpu_over_cuda'].max())[:-1]} times"
             + (" as fast" if k == 0 else "") + f" on {game}"
             for k, (game, g) in enumerate(wide.groupby("game", sort=False))]
    gpu = current_cuda_solves()["machine"].iloc[0]
    return f"one {gpu} runs the same solves {' and '.join(games)}"


def ce_share() -> str:
    scores = case_equivalence_scores(load_results().frame).dropna(subset=["scores_with_ce", "scores_without_ce"])
    share = scores["scores_with_ce"] / scores["scores_without_ce"]
    return f"as few as {share.min():.1%} in {scores['game'].iloc[share.argmin()]}"


def ce_keeps_all() -> str:
    """The games where case equivalence leaves Knuth every score: how many, and their colors (each game
    of those colors among them)."""
    scores = case_equivalence_scores(load_results().frame).dropna(subset=["scores_with_ce", "scores_without_ce"])
    every = scores[scores["scores_with_ce"] == scores["scores_without_ce"]]
    colors = sorted(set(every["colors"].astype(int)))
    assert set(scores[scores["colors"].isin(colors)]["game"]) == set(every["game"])
    return f"every score in the {len(every)} games of {' or '.join(map(str, colors))} colors"


def ce_steps() -> str:
    from mmlib.workbench.plots_results import case_equivalence_steps

    steps = case_equivalence_steps(load_results().frame)
    return f"with one more color the share falls in {(steps['change'] == 'falls').sum()} of the {len(steps)} steps"


def best_rows() -> pd.DataFrame:
    from mmlib.studies.data_tables import best_max_rows

    return best_max_rows(load_results().frame)


def turn_spread() -> str:
    """The spread of average turns over the four strategies, from the averages as the tables show them
    (three decimals, as the chosen game's table gives its spread)."""
    from mmlib.studies.data_tables import average_turns_spread

    best = best_rows()
    spread = average_turns_spread(best.assign(average_turns=best["average_turns"].astype(float).round(3)))
    spread = spread.assign(spread=spread["spread"].round(3))
    widest = spread[spread["spread"] == spread["spread"].max()]["game"]
    return (f"is {spread['spread'].median():.3f} turns at the median of the {len(spread)} games and at most "
            f"{spread['spread'].max():.3f} ({', '.join(widest)})")


def lowest_average_counts() -> str:
    """How many games each strategy has the lowest average in (a tie counts for each), how many of them
    without a tie, and Knuth's: only games where all four tie (review r7: "Knuth in 7" read as wins)."""
    from mmlib.studies.data_tables import strategy_summary

    summary = strategy_summary(best_rows()).set_index("strategy")
    games = int(summary["games"].iloc[0])
    count, alone = summary["lowest_average_in"], summary["lowest_alone_in"]
    knuth = (f"Knuth only in the {count['knuth']} where all four tie"
             if count["knuth"] == summary.loc["knuth", "lowest_all_tie_in"] and alone["knuth"] == 0
             else f"Knuth in {count['knuth']} ({alone['knuth']} without a tie)")
    return (f"Over the {games} games that `data/results.csv` holds for every strategy, each played from its "
            f"best-max first guess (the first guess with the fewest turns at worst, then the fewest on average), "
            f"Entropy has the lowest average in {count['entropy']} ({alone['entropy']} of them without "
            f"a tie), Expected Size in {count['expected-size']} ({alone['expected-size']} without a tie), Most Parts "
            f"in {count['most-parts']} ({alone['most-parts']} without a tie) and {knuth}; a tie counts for each "
            "strategy in it")


def averages_4p6c() -> str:
    rows = best_rows().query("game == '4p6c'").set_index("strategy")
    low, high = rows["average_turns"].idxmin(), rows["average_turns"].idxmax()
    titles = {"most-parts": "Most Parts", "knuth": "Knuth", "entropy": "Entropy", "expected-size": "Expected Size"}
    return (f"they average from {rows.loc[low, 'average_turns']:.3f} turns ({titles[low]}, first guess "
            f"{rows.loc[low, 'first_guess']}) to {rows.loc[high, 'average_turns']:.3f} ({titles[high]}, first guess "
            f"{rows.loc[high, 'first_guess']})")


def within_5_4p6c() -> str:
    frame = load_results().frame
    rows = frame[(frame["game"] == "4p6c") & (frame["max_turns"] <= 5)]
    (guess,) = set(rows["first_guess"])
    assert set(rows["strategy"]) == {"knuth", "expected-size"}
    return f"only the first guess {guess}, with Knuth or Expected Size, finds every secret within 5 turns"


def opening_steps_counts() -> str:
    from mmlib.studies.data_tables import load_first_guesses, opening_steps

    steps = opening_steps(load_first_guesses().frame)
    knuth = steps[(steps["strategy"] == "knuth") & (steps["change"] < 0)].iloc[0]
    more, same, fewer = (steps["change"] > 0).sum(), (steps["change"] == 0).sum(), (steps["change"] < 0).sum()
    # "mostly keeps": more than half the steps; "far more often": at least three times as often.
    assert same > len(steps) / 2 and more >= 3 * fewer
    # The practical answer first (review r8): the best-max first guess of 4p6c per strategy, then the
    # all-different guesses of 4 and 2 pins from the colors where every strategy plays them on.
    guesses = load_first_guesses().frame
    classic = guesses.assign(guess=guesses["best_max"].astype(str))
    four = classic[classic["game"] == "4p6c"].set_index("strategy")["guess"]
    by_guess = {}
    for strategy in Strategy:
        by_guess.setdefault(four[strategy.label], []).append(strategy.title)
    in_4p6c = " and ".join(f"{g} for {' and '.join(t)}" for g, t in by_guess.items())

    def all_different(pins: int) -> tuple:
        rows = classic[classic["pins"] == pins]
        different = rows["guess"].map(lambda g: len(set(g)) == pins)
        every = rows[different].groupby("colors")["strategy"].nunique() == len(Strategy)
        start = int(every[every].index.min())
        later = rows[rows["colors"] >= start]
        return start, int(later["colors"].max()), int(different[later.index].sum()), len(later)

    start4, end4, hits4, games4 = all_different(4)
    start2, end2, hits2, games2 = all_different(2)
    assert hits2 == games2 and hits4 > games4 / 2 and end2 == classic.loc[classic["pins"] == 2, "colors"].max()
    return (f"**First guess: the best-max first guess of 4p6c is {in_4p6c}; with 4 pins and {start4} to {end4} "
            f"colors it is the all-different {''.join(map(str, range(1, 5)))} in {hits4} of the {games4} games and "
            f"strategies, and with 2 pins 12 from {start2} colors on. With one more color the best-max first guess "
            f"mostly keeps its number of distinct colors (in {same} of {len(steps)} steps); when the number changes, it "
            f"grows (in {more}) far more often than it shrinks (in {fewer}).** A step goes from a game to the game with "
            f"one more color, with the same pins and strategy (`data/first_guesses.csv`); Knuth's best-max first guess, "
            f"for one, shrinks from {knuth['opening']} in {knuth['pins']}p{knuth['colors']}c to {knuth['next_opening']} "
            f"in {knuth['pins']}p{knuth['colors'] + 1}c")


def seed_rows() -> pd.DataFrame:
    from mmlib.studies.seed_comparison import load_seed_comparison

    return load_seed_comparison()


def gpu_against_seed(what: str) -> str:
    """mmlib's GPU time against the seed's RTX 4090 time for the same solve, as notebook 6's seed times
    table shows them (the ratios from the times as shown); for 5p8c, whose seed figure does not say
    whether case equivalence was on, mmlib's time both ways."""
    from mmlib.workbench.tables import seed_times_table

    table = seed_times_table(seed_rows(), "gpu", load_benchmarks().frame).frame
    seed, mmlib = (next(c for c in table.columns if c.startswith(p)) for p in ("seed s", "mmlib s ("))
    ratio = table["seed faster by"].str.rstrip("x").astype(float)
    assert (ratio.round(1) == (table[mmlib].astype(float) / table[seed].astype(float)).round(1)).all()
    seven = table[table["game"] == "7p7c"].set_index("case equivalence, mmlib")
    if what == "headline":
        return f"{seven.loc['on', mmlib]} s against {seven.loc['on', seed]} s for 7p7c Knuth"
    if what == "table":
        on, off = (float(seven.loc[ce, "seed faster by"].rstrip("x")) for ce in ("on", "off"))
        return (f"it takes {on:.1f} times the seed's time with case equivalence ({seven.loc['on', mmlib]} s "
                f"against {seven.loc['on', seed]} s) and {off:.1f} times without")
    five = table[table["game"] == "5p8c"]
    assert set(five["case equivalence, seed"]) == {"not stated"}
    both = {ce: ratio[five.index][five["case equivalence, mmlib"] == ce] for ce in ("off", "on")}
    return (f"mmlib takes {both['off'].min():.1f} to {both['off'].max():.1f} times the seed's time without case "
            f"equivalence and {both['on'].min():.1f} to {both['on'].max():.1f} times with it")


def cuda_auto_threshold() -> str:
    from mmlib.core.case_equivalence import CUDA_AUTO_MIN_CODEWORDS

    return (f"the cuda backend's `auto` setting turns it on only from {CUDA_AUTO_MIN_CODEWORDS:,} codewords "
            "(`mmlib.core.case_equivalence.CUDA_AUTO_MIN_CODEWORDS`)")


def cuda_ce_slower() -> str:
    """How many of the GPU solves of 5p8c and 6p6c notebook 6's benchmark table shows are slower with
    case equivalence on than off, and that 7p7c Knuth is faster with it (as the table writes them)."""
    from mmlib.workbench.tables import solve_benchmark_table

    table = solve_benchmark_table(load_benchmarks().frame).frame
    cuda = table.pivot_table(index=["game", "strategy"], columns="case equivalence", values="cuda s",
                             aggfunc="first").dropna()
    both = cuda.astype(float)
    small = both.loc[["5p8c", "6p6c"]]
    slower = int((small["on"] > small["off"]).sum())
    assert both.loc[("7p7c", "Knuth"), "on"] < both.loc[("7p7c", "Knuth"), "off"]
    return f"case equivalence makes {slower} of the {len(small)} solves of 5p8c and 6p6c slower"


def gpu_named_headline() -> str:
    """The GPU and engine of mmlib's cuda solves, as the answer at the top of notebook 6 names them."""
    rows = current_cuda_solves()
    (machine,), (engine,) = set(rows["machine"]), set(rows["engine"])
    return f"mmlib's GPU solver, on an {machine} (engine {engine}), is still slower than the seed's"


def cpu_named_headline(where: str = "answer") -> str:
    """The machine and engine of the cpu solves notebook 6's benchmark table shows, as its answer at the
    top (and its Summary) names them: one machine, the newest version of its engine."""
    from mmlib.studies.data_tables import SOLVE_STRATEGIES, one_machine_one_engine

    frame = load_benchmarks().frame
    rows = one_machine_one_engine(frame[(frame["backend"] == "cpu") & frame["strategy"].isin(SOLVE_STRATEGIES)]).rows
    (machine,), (engine,) = set(rows["machine"]), set(rows["engine"])
    assert machine == "AMD EPYC, 2 cores"
    if where == "summary":
        return f"as the 2-core cpu (engine {engine})"
    return (f"on two threads of a 2-core AMD EPYC (engine {engine}: version {engine.split()[-1]} of the cpu "
            "solver)")


def untimed_games() -> str:
    """The games the time maps leave grey: how many were solved on the reference backend (the same for
    every strategy, and smaller than every game solved on cpu) and which only with case equivalence off."""
    best = best_rows()
    counts = {len(g[g["backend"] == "reference"]) for _, g in best.groupby("strategy")}
    (count,) = counts
    assert best.loc[best["backend"] == "reference", "codewords"].max() < best.loc[best["backend"] == "cpu", "codewords"].min()
    off = best[(best["backend"] == "cpu") & (best["case_equivalence"] == "off")]
    games = sorted(set(off["game"]), key=lambda g: (Game.parse(g).pins, Game.parse(g).colors))
    # Of the reference games, how many were solved with case equivalence off and which with it on (the
    # same for every strategy): the case-equivalence section counts them apart.
    reference = best[best["backend"] == "reference"]
    (reference_off,) = {int(g["case_equivalence"].eq("off").sum()) for _, g in reference.groupby("strategy")}
    (reference_on,) = {tuple(sorted(g.loc[g["case_equivalence"] == "on", "game"],
                                    key=lambda n: (Game.parse(n).pins, Game.parse(n).colors)))
                       for _, g in reference.groupby("strategy")}
    assert reference_off + len(reference_on) == count
    return (f"The {count} smallest games were solved on the `reference` backend ({reference_off} with case "
            f"equivalence off, and {' and '.join(reference_on)} with it on), and {', '.join(games[:-1])} and "
            f"{games[-1]} only with case equivalence off")


def ce_counted_again() -> str:
    """How many of the share map's games one solve with case equivalence counted both ways, and how
    many were solved with it off and counted again (`case_equivalence_counted_again`), per backend."""
    from mmlib.workbench.plots_results import case_equivalence_counted_again

    scores = case_equivalence_scores(load_results().frame).dropna(subset=["scores_with_ce", "scores_without_ce"])
    again = case_equivalence_counted_again(load_results().frame)
    reference = again[again["backend"] == "reference"]
    cpu = sorted(again.loc[again["backend"] == "cpu", "game"], key=lambda g: (Game.parse(g).pins, Game.parse(g).colors))
    assert len(reference) + len(cpu) == len(again)
    # The games counted once, by a solve with it on: on cpu, and the reference games named.
    best = best_rows().query("strategy == 'knuth'")
    once = best[best["game"].isin(scores["game"]) & ~best["game"].isin(again["game"])]
    on_reference = sorted(once.loc[once["backend"] == "reference", "game"],
                          key=lambda g: (Game.parse(g).pins, Game.parse(g).colors))
    on_cpu = int((once["backend"] == "cpu").sum())
    assert on_cpu + len(on_reference) == len(once) == len(scores) - len(again)
    return (f"in {len(scores) - len(again)} games ({on_cpu} on `cpu`, and {' and '.join(on_reference)} on the "
            f"`reference` backend); the other {len(again)} were solved with it off "
            f"({len(reference)} small games on the `reference` backend, and {', '.join(cpu[:-1])} and {cpu[-1]} on `cpu`)")


def best_max_tie() -> str:
    """The game where two first guesses tie on max and average turns for every strategy, as the
    Vocabulary's last tie-break names them (the lexically first is kept)."""
    best = best_rows()
    frame = load_results().frame
    ties = []
    for (game, strategy), row in best.set_index(["game", "strategy"]).iterrows():
        same = frame[(frame["game"] == game) & (frame["strategy"] == strategy) & (frame["max_turns"] == row["max_turns"])
                     & (frame["total_turns"] == row["total_turns"])]
        guesses = sorted(set(same["first_guess"].astype(str)), key=Game.parse(game).parse_codeword)
        if len(guesses) > 1 and Game.parse(game).pins > 2:
            assert guesses[0] == str(row["first_guess"])
            ties.append((game, tuple(guesses)))
    (game, guesses), = set(ties)
    return f"as {' and '.join(guesses)} do in {game}"


def incomplete_games() -> str:
    from mmlib.studies.data_tables import incomplete_openings

    rows = incomplete_openings(load_results().frame)
    named = ", ".join(f"{Strategy.parse(s).title} {g}" for g, s in zip(rows["game"], rows["strategy"]))
    return f"A game whose first guesses are not all played yet ({named}) is outlined in red"


def cpu_against_seed() -> str:
    from mmlib.workbench.tables import seed_times_table

    table = seed_times_table(seed_rows(), "cpu").frame
    ratio = table["mmlib faster by"].str.rstrip("x")
    values = ratio.astype(float)
    return f"mmlib is {ratio[values.idxmin()]} to {ratio[values.idxmax()]} times as fast"


def cpu_7p7c() -> str:
    frame = load_benchmarks().frame
    rows = frame[(frame["game"] == "7p7c") & (frame["backend"] == "cpu") & (frame["strategy"] == "knuth")]
    on = latest_rows(rows[rows["case_equivalence"] == "on"]).iloc[-1]
    off = latest_rows(rows[rows["case_equivalence"] == "off"]).iloc[-1]
    # Review r10: the machine and the day of each, as every other timing names them.
    assert on["machine"] == off["machine"]
    return (f"on the `{on['machine']}` machine, in {on['median_s']:,.0f} s with case equivalence "
            f"(engine {on['engine']}, {str(on['date'])[:10]}) and {off['median_s']:,.0f} s "
            f"without (engine {off['engine']}, {str(off['date'])[:10]})")


def cpu_runs_6p6c() -> str:
    """The two runs of notebook 6's 6p6c Knuth cpu solve by the current engine, and how far apart."""
    from mmlib.studies.data_tables import one_machine_one_engine

    frame = load_benchmarks().frame
    rows = frame[(frame["game"] == "6p6c") & (frame["backend"] == "cpu") & (frame["strategy"] == "knuth")
                 & (frame["case_equivalence"] == "on")]
    rows = one_machine_one_engine(rows).rows.sort_values("date")
    first, last = rows.iloc[0], rows.iloc[-1]
    minutes = (pd.Timestamp(last["date"]) - pd.Timestamp(first["date"])).total_seconds() / 60
    return f"took {first['median_s']:.2f} s and {last['median_s']:.2f} s, {minutes:.0f} minutes apart"


def engines_5p8c() -> str:
    """The same four 5p8c cpu solves (case equivalence on) by solve-cpu 5 and by solve-cpu 6: their range,
    the machine both ran on, and how many days apart."""
    frame = load_benchmarks().frame
    rows = frame[(frame["game"] == "5p8c") & (frame["backend"] == "cpu") & (frame["case_equivalence"] == "on")]
    ranges, days, machines = [], [], set()
    for engine in ("solve-cpu 5", "solve-cpu 6"):
        mine = latest_rows(rows[rows["engine"] == engine])
        assert len(mine) == 4, engine
        ranges.append(f"{mine['median_s'].min():.2f} to {mine['median_s'].max():.2f} s with {engine}")
        days.append(pd.Timestamp(mine["date"].max()).normalize())
        machines |= set(mine["machine"])
    (machine,) = machines
    return (f"On the `{machine}` machine the same four 5p8c solves took {ranges[0]} and {ranges[1]} "
            f"(`data/benchmarks.csv`, runs {(days[1] - days[0]).days} days apart)")


def kernel_rate() -> str:
    """The scoring kernel's rate as notebook 6's kernel table writes it, on the guesses of its game."""
    from mmlib.workbench.tables import scoring_kernel_table

    kernel = scoring_kernel_table(load_benchmarks().frame, define_columns=True).frame.iloc[0]
    assert kernel["threads"] == "1"
    return (f"on guesses of {kernel['game']} each scored against every secret, runs at "
            f"{kernel['billion scores/s']} billion scores a second on one thread")


def seed_trillions() -> str:
    rows = seed_rows()
    seven = rows[rows["game"] == "7p7c"].drop_duplicates("case_equivalence").set_index("case_equivalence")
    return (f"(7p7c's {float(seven.loc['on', 'seed_scores']) / 1e12:.2f} and "
            f"{float(seven.loc['off', 'seed_scores']) / 1e12:.2f} trillion scores included)")


def entropy_totals() -> str:
    rows = seed_rows()
    differs = rows[rows["agreement"].str.startswith("differs")].iloc[0]
    return f"({int(differs['seed_total_turns']):,} against {int(differs['mmlib_total_turns']):,}, table below)"


def ce_threshold(column: str, games=None, percent: bool = False) -> str:
    table = ce_threshold_table(load_table("ce_threshold.csv", ("game",)).frame).frame
    if games:
        table = table[table["game"].isin(games)]
    from mmlib.workbench.tables import TOO_SHORT

    values = table[column][table[column] != TOO_SHORT].str.rstrip("%").astype(float)
    if percent:
        return f"{values.min():.1f}% to {values.max():.1f}%"
    return f"{round(100 * (values.min() - 1))}% to {round(100 * (values.max() - 1))}%"


def gaps_up_to_1296() -> tuple[pd.DataFrame, pd.Series]:
    gaps = heuristic_gaps(load_optimal(), load_results().frame)
    small = gaps[gaps["codewords"] <= 1296]
    return small, small.groupby("game")["gap_per_game"].min()


def best_heuristic_gap() -> str:
    small, per_game = gaps_up_to_1296()
    worst = per_game.idxmax()
    percent = small[small["game"] == worst]["gap_percent"].min()
    return f"at worst {per_game.max():.3f} turns per game ({percent:.1f}%) above the optimum ({worst})"


def knuths_largest_gap() -> str:
    """The answer: Knuth's largest gap per game on the boards of at most 1,296 codewords, with its board
    (as the gap table gives it), and that Knuth is the furthest there."""
    small, _ = gaps_up_to_1296()
    worst = small.loc[small["gap_per_game"].idxmax()]
    assert worst["strategy"] == "knuth", "the prose names Knuth as the furthest on these boards"
    return f"furthest, up to {worst['gap_per_game']:.3f} turns per game (on {worst['game']})"


def larger_boards_of_the_figure() -> str:
    """The boards the gap figure adds to those of the answer: both tables hold them, past 1,296 codewords."""
    gaps = heuristic_gaps(load_optimal(), load_results().frame)
    larger = gaps[gaps["codewords"] > 1296]["game"].nunique()
    return f"on the {larger} larger boards that the figure adds, Most Parts goes further ("


def best_of_four_in_words() -> str:
    from mmlib.studies.optimal_table import best_of_four

    return f"({best_of_four(heuristic_gaps(load_optimal(), load_results().frame)).optimal_in_words()})"


def largest_gap_of_all(prefix: str = "Most Parts goes further (", suffix: str = ")") -> str:
    """The largest gap of any strategy over every game both tables hold (Most Parts, the prose says)."""
    gaps = heuristic_gaps(load_optimal(), load_results().frame)
    worst = gaps.loc[gaps["gap_per_game"].idxmax()]
    assert worst["strategy"] == "most-parts", "the prose names Most Parts as the furthest on the larger games"
    return f"{prefix}{worst['gap_per_game']:.3f} turns per game on {worst['game']}{suffix}"


def optimal_4p6c() -> str:
    optima = load_optimal()
    rows = optima[(optima["game"] == "4p6c") & (optima["objective"] == "total")]
    best = rows[rows["max_turns_limit"].isna()].iloc[0]
    within = rows[rows["max_turns_limit"] == 5].iloc[0]
    return (f"needs {int(best['total_turns']):,} turns in all ({best['total_turns'] / 1296:.3f} per game, max "
            f"{int(best['max_turns'])}; Koyama and Lai 1993), or {int(within['total_turns']):,} if no game may take "
            "more than 5 turns")


def most_parts_4p6c() -> str:
    optimum = int(load_optimal().query("game == '4p6c' and objective == 'total'")["total_turns"].min())
    rows = load_results().frame.query("game == '4p6c' and strategy == 'most-parts'")
    best = rows.loc[rows["total_turns"].idxmin()]
    extra = int(best["total_turns"]) - optimum
    return (f"Most Parts from {best['first_guess']}, needs {int(best['total_turns']):,}: {extra} turns more, "
            f"{extra / 1296:.3f} per game")


def default_opening_4p6c_expected_size() -> str:
    row = load_table("first_guesses.csv", ("game", "strategy")).frame.query(
        "game == '4p6c' and strategy == 'expected-size'").iloc[0]
    return (f"{row['best_average']} by total ({int(row['best_average_total_turns']):,} turns, max "
            f"{int(row['best_average_max_turns'])}), {row['best_max']} by default "
            f"({int(row['best_max_total_turns']):,} turns, max {int(row['best_max_max_turns'])})")


def latest_optimal_benchmarks() -> pd.DataFrame:
    from mmlib.studies.data_tables import one_machine_one_engine

    bench = load_benchmarks().frame
    shown = one_machine_one_engine(bench[bench["strategy"] == "optimal"])
    return latest_rows(shown.rows, ("game",)).set_index("game")


def proof_cost() -> str:
    """The answer's cost: 4p6c and 4p7c from their latest benchmarks, with the rows' machine, commit
    and engine; 4p6c searched in one process on one core (its CPU time is its wall time), 4p7c in
    worker processes, one per core, whose CPU time the benchmark does not record."""
    from mmlib.core.optimal import MAX_WORKERS, PARALLEL_MIN_CODEWORDS
    from mmlib.workbench.plots_results import format_seconds

    rows = latest_optimal_benchmarks()
    a, b = rows.loc["4p6c"], rows.loc["4p7c"]
    assert a["machine"] == b["machine"] and a["engine"] == b["engine"] and a["mmlib_version"] == b["mmlib_version"]
    assert Game.parse("4p6c").size < PARALLEL_MIN_CODEWORDS <= Game.parse("4p7c").size
    assert abs(float(a["cpu_util"]) * int(a["threads"]) - 1) < 0.05 and pd.isna(b["cpu_util"])
    workers = min(int(b["cores"]), MAX_WORKERS)
    return (f"wall time, median of {int(a['repeats'])} searches, {a['machine']}, engine {a['engine']}, mmlib "
            f"{a['mmlib_version']}; see \"Engine version\" in the Vocabulary below): proving 4p6c takes "
            f"{format_seconds(float(a['median_s']))} s and searches {int(a['nodes']):,} positions, in one process on "
            f"one core; 4p7c takes {format_seconds(float(b['median_s']))} s and searches {int(b['nodes']):,} "
            f"positions, in {workers} worker processes, one per core, as every board of "
            f"{PARALLEL_MIN_CODEWORDS:,} codewords or more is searched.")


def proof_cost_ratio() -> str:
    """The answer's ratios, worked out from the figures as the answer shows them."""
    from mmlib.workbench.plots_results import format_seconds

    rows = latest_optimal_benchmarks()
    shown = {game: float(format_seconds(float(rows.loc[game, "median_s"]))) for game in ("4p6c", "4p7c")}
    optima = load_optimal()
    stored = optima[(optima["objective"] == "total") & optima["max_turns_limit"].isna()].set_index("game")["nodes"]
    ratios = sorted(int(nodes["4p7c"]) / int(nodes["4p6c"]) for nodes in (rows["nodes"], stored))
    searched = (f"{ratios[0]:.0f} times" if f"{ratios[0]:.0f}" == f"{ratios[1]:.0f}"
                else f"{ratios[0]:.0f} to {ratios[1]:.0f} times")
    # the wall time of both runs, each from its seconds as the page shows them (the stored run's in the
    # table under "Board by board", the benchmark's in the answer)
    seconds = optima[(optima["objective"] == "total") & optima["max_turns_limit"].isna()].set_index("game")["seconds"]
    stored_shown = {game: float(format_seconds(float(seconds[game]))) for game in ("4p6c", "4p7c")}
    times = sorted(run["4p7c"] / run["4p6c"] for run in (shown, stored_shown))
    took = (f"{times[0]:.0f} times" if f"{times[0]:.0f}" == f"{times[1]:.0f}"
            else f"{times[0]:.0f} to {times[1]:.0f} times")
    # both runs named, with the figures each ratio comes from
    bench_nodes, table_nodes = (f"{int(nodes['4p7c']):,} against {int(nodes['4p6c']):,}" for nodes in (rows["nodes"], stored))
    bench_s, table_s = (f"{format_seconds(run['4p7c'])} s against {format_seconds(run['4p6c'])} s"
                        for run in (shown, stored_shown))
    return (f"4p7c has {2401 / 1296:.2f} times the codewords of 4p6c; its proof searches {searched} the positions "
            f"(the sub-problems it solves, see Vocabulary: {bench_nodes} in `data/benchmarks.csv`, {table_nodes} in "
            f"`data/optimal.csv`) and takes {took} the wall time ({bench_s} in the benchmarks, {table_s} in "
            "`data/optimal.csv`)")


def stored_positions_4p7c() -> str:
    """The answer: 4p7c's positions searched in data/optimal.csv's run, beside the benchmark's."""
    optima = load_optimal()
    row = optima[(optima["game"] == "4p7c") & (optima["objective"] == "total") & optima["max_turns_limit"].isna()]
    return f"`data/optimal.csv`'s run of 4p7c searched {int(row['nodes'].iloc[0]):,}."


def same_positions_4p6c() -> str:
    """Every timing of the 4p6c proof searched the same positions: the benchmark's and the table's."""
    bench = int(latest_optimal_benchmarks().loc["4p6c", "nodes"])
    optima = load_optimal()
    stored = optima[(optima["game"] == "4p6c") & (optima["objective"] == "total") & optima["max_turns_limit"].isna()]
    assert bench == int(stored["nodes"].iloc[0])
    # "with the same engine version": the benchmark's, the table's and the one the live cells run
    from mmlib.core.machine import engine_version
    assert latest_optimal_benchmarks().loc["4p6c", "engine"] == stored["engine"].iloc[0] == engine_version("optimal")
    return "All four searched the same positions with the same engine version (the note under the table gives both)"


def optimal_engine() -> str:
    from mmlib.core.machine import engine_version

    engine = latest_optimal_benchmarks()["engine"].iloc[0]
    assert engine == engine_version("optimal"), "the Vocabulary says this page runs the engine that timed data/"
    return f"written `engine {engine}`: the version this page runs"


def slow_small_boards() -> str:
    """The cost section: the 2-pin boards of fewer than 9 colors whose search took longer than every
    one of 2p9c to 2p15c (more positions each), as data/optimal.csv records them."""
    optima = load_optimal()
    rows = optima[(optima["objective"] == "total") & optima["max_turns_limit"].isna()].set_index("game")
    later = rows.loc[[f"2p{c}c" for c in range(9, 15)]]
    slower = [f"2p{c}c" for c in range(2, 9) if rows.loc[f"2p{c}c", "seconds"] > later["seconds"].max()]
    assert slower and all(rows.loc[g, "nodes"] < later["nodes"].min() for g in slower)
    listed = slower[0] if len(slower) == 1 else f"{', '.join(slower[:-1])} and {slower[-1]}"
    return f"and {listed} longer than 2p9c to 2p14c"


def same_size_other_way() -> str:
    """The cost section: of the two boards of 4,096 codewords, 6p4c searched more positions than 4p8c
    in less time, in data/optimal.csv's rows and beside 4p8c's benchmark alike."""
    optima = load_optimal()
    rows = optima[(optima["objective"] == "total") & optima["max_turns_limit"].isna()].set_index("game")
    a, b = rows.loc["6p4c"], rows.loc["4p8c"]
    assert a["nodes"] > b["nodes"] and a["seconds"] < b["seconds"]
    assert a["seconds"] < float(latest_optimal_benchmarks().loc["4p8c", "median_s"])
    return ("At 4,096 codewords the two boards run the other way round: 6p4c searched more positions than 4p8c, "
            "in less time. A position's time differs from board to board")


def within_4p4c() -> str:
    optima = load_optimal()
    rows = optima[(optima["game"] == "4p4c") & (optima["objective"] == "total")]
    unlimited = rows[rows["max_turns_limit"].isna()].iloc[0]
    within = rows[rows["max_turns_limit"].notna()].iloc[0]
    assert within["total_turns"] == unlimited["total_turns"]
    return (f"(4p4c: {int(within['total_turns']):,} within {int(within['max_turns_limit'])} turns, while the tree "
            f"the search returned has max {int(unlimited['max_turns'])})")


def possible_row(game: str) -> pd.Series:
    optima = load_optimal(rules=None)
    return optima[(optima["game"] == game) & (optima["objective"] == "possible")].iloc[0]


def bulls_and_cows_possible() -> str:
    from mmlib.studies.optimal_table import PUBLISHED_OPTIMA

    published = PUBLISHED_OPTIMA[("4p10c-norepeat", "possible")][0]
    return (f"its 2012 code), has tests that give {published:,}; the search here gives "
            f"{int(possible_row('4p10c-norepeat')['total_turns']):,}")


def bulls_and_cows_summary() -> str:
    """Notebook 8's summary: the restricted Bulls and Cows optimum, which the independent check adds up to,
    beside the figure of fancidev's tests."""
    from mmlib.studies.optimal_table import PUBLISHED_OPTIMA, load_possible_guesses_check

    optimum = int(possible_row("4p10c-norepeat")["total_turns"])
    check = load_possible_guesses_check()
    assert (check["independent_turns"] == check["mmlib_turns"]).all()
    assert 5040 + int(check["independent_turns"].sum()) == optimum
    published = PUBLISHED_OPTIMA[("4p10c-norepeat", "possible")][0]
    return (f"Bulls and Cows with guesses only from the possible secrets: {optimum:,}, which an independent search "
            f"confirms part by part; the {published:,} of fancidev's tests is of a looser rule")


def possible_rule_below_1000() -> str:
    """Notebook 8's clause on the boards below the possible-secrets comparison's cut-off: how many
    data/optimal.csv holds under the rule, and how far the best of the four is above the optimum there."""
    from mmlib.studies.optimal_table import possible_guess_gaps

    small = possible_guess_gaps(load_optimal(), max_codewords=999)
    best = small.groupby("game")["gap_percent"].min()
    return (f"on the {len(best)} smaller boards that `data/optimal.csv` holds under the rule, the best of the "
            f"four is at most {best.max():.1f}% above the optimum ({best.idxmax()})")


def all_four_at_zero() -> str:
    """Notebook 8's gap figure: the boards where every strategy's gap is zero, and that the best of
    the four is at zero on every board below the first where it is not."""
    gaps = heuristic_gaps(load_optimal(), load_results().frame)
    worst = gaps.groupby(["game", "codewords"])["gap_per_game"].max().reset_index()
    zero = worst[worst["gap_per_game"] == 0]
    first_off = int(worst[worst["gap_per_game"] > 0]["codewords"].min())
    smallest = zero[zero["codewords"] < first_off]
    others = zero[zero["codewords"] >= first_off].sort_values(["codewords", "game"])["game"].tolist()
    best = gaps.groupby(["game", "codewords"])["gap_per_game"].min().reset_index()
    below = int(best[best["gap_per_game"] > 0]["codewords"].min())
    assert len(smallest) == len(gaps[gaps["codewords"] < first_off]["game"].unique())  # every one of them
    return (f"all four sit at zero on {len(zero)} boards (every board of {int(smallest['codewords'].max())} "
            f"codewords or fewer, {' and '.join(others)}), and the best of the four on every board below {below} "
            "codewords")


def unpublished_possible_only(said: str = "cell") -> str:
    """7p4c and 6p5c: optima with guesses only from the possible secrets, published by nobody the
    project checked, and no unrestricted row yet (as the table's cell and the summary say)."""
    from mmlib.studies.optimal_table import PUBLISHED_OPTIMA

    optima = load_optimal(rules=None)
    for game in ("7p4c", "6p5c"):
        assert len(possible_row(game)) and optima[(optima["game"] == game) & (optima["objective"] == "total")].empty
        assert (game, "possible") not in PUBLISHED_OPTIMA
    if said == "summary":
        return ("it also proves 6p5c (pins 6) and 7p4c (pins 7), for which no published value was found in the sources "
                "checked, and which are "
                "not proven yet without the rule")
    return ("Pins 6 and 7 show 6p5c and 7p4c under that rule. No published value of these optima was found in the "
            "sources checked, and without the "
            "rule they are not proven yet.")


def optimal_openings_claim() -> str:
    """Where the optimal opening is every strategy's best opening, and 4p6c's, as openings_table shows."""
    from mmlib.core.strategies import Strategy
    from mmlib.studies.optimal_table import openings

    frame = openings(load_optimal(), load_results().frame).set_index("game")
    strategies = [s.label for s in Strategy]
    held = frame[strategies].notna().any(axis=1)
    same = held & frame[strategies].eq(frame["optimal opening"], axis=0).all(axis=1)
    row = frame.loc["4p6c"]
    others = [s for s in Strategy if row[s.label] != row["optimal opening"]]
    assert len(others) == 1
    small = held & (frame["codewords"] <= 1296)
    largest = frame[held].sort_values("codewords").index[-1]
    return (f"every strategy's best opening on {int(same.sum())} of the {int(held.sum())} boards both tables "
            f"hold (the {int(small.sum())} above and {int((held & ~small).sum())} larger ones, up to {largest}); "
            f"on 4p6c it is {row['optimal opening']}, the best opening of every strategy but "
            f"{others[0].title} ({row[others[0].label]})")


def cost_8p2c_5p3c() -> str:
    optima = load_optimal()
    rows = optima[(optima["objective"] == "total") & optima["max_turns_limit"].isna()].set_index("game")
    assert rows.loc["8p2c", "engine"] == rows.loc["5p3c", "engine"]
    # "5p2c took longer than 5p3c, which searched more positions"
    assert rows.loc["5p2c", "seconds"] > rows.loc["5p3c", "seconds"]
    assert rows.loc["5p3c", "nodes"] > rows.loc["5p2c", "nodes"]
    return (f"8p2c searches {int(rows.loc['8p2c', 'nodes']):,} positions, "
            f"{rows.loc['8p2c', 'nodes'] / rows.loc['5p3c', 'nodes']:.0f} times the {int(rows.loc['5p3c', 'nodes']):,} "
            "of 5p3c")


def bulls_and_cows_stored_seconds() -> str:
    optima = load_optimal(rules=None)
    row = optima[(optima["game"] == "4p10c-norepeat") & (optima["objective"] == "total")
                 & optima["max_turns_limit"].isna()].iloc[0]
    assert row["engine"] != latest_optimal_benchmarks().loc["4p10c-norepeat", "engine"]
    return f"by an older engine version, whose {row['seconds']:.0f} s do not compare"


def rules_results() -> pd.DataFrame:
    return load_results(rules=None).frame


def rules_median(column: str) -> str:
    """The range of the strategies' medians over the boards, as the table shows them (3 decimals)."""
    values = harder_by_strategy(rules_results())[column].abs()
    return f"{values.min():.3f} to {values.max():.3f}"


def rules_4p6c_knuth(column: str) -> str:
    side = rules_side_by_side(rules_results(), "knuth")
    return f"{side[(side['pins'] == 4) & (side['colors'] == 6)][column].iloc[0]:.3f}"


def knuth_4_pins_black() -> str:
    """Knuth on the 4-pin boards: the least and the most extra turns with black pegs only."""
    side = rules_side_by_side(rules_results(), "knuth")
    four = side[side["pins"] == 4].set_index("colors")["black - classic"]
    return (f"(Knuth, 4 pins: from {four.min():.3f} at 4p{four.idxmin()}c to {four.max():.3f} "
            f"at 4p{four.idxmax()}c)")


def black_ties() -> str:
    """With black pegs only every strategy takes more turns than in classic on every board but the
    ones where it ties (2p2c), and on none fewer."""
    ties = set()
    for strategy in Strategy:
        side = rules_side_by_side(rules_results(), strategy.label)
        extra = side.set_index(side["pins"].astype(str) + "p" + side["colors"].astype(str) + "c")["black - classic"]
        assert (extra >= 0).all()
        ties |= set(extra[extra == 0].index)
    return f"With black pegs only it takes more turns on every board but {' and '.join(sorted(ties))}, where it ties"


def five_games_black() -> str:
    """Notebook 9's five games: 4p6c-black has no proven optimum, so the two largest 4-pin games with black
    pegs only that are proven and played stand in for it."""
    optima = load_optimal(rules=None)
    assert "4p6c-black" not in set(optima["game"])
    gaps = gaps_by_rules(optima, rules_results())
    four = sorted({g for g in gaps.loc[gaps["rules"] == "black", "game"] if Game.parse(g).pins == 4},
                  key=lambda g: Game.parse(g).size)
    return ("since 4p6c-black has no proven optimum (no row in `data/optimal.csv`), the two largest 4-pin games "
            f"with black pegs only whose optimum is proven: {four[-2]} and {four[-1]}")


def norepeat_split() -> str:
    split = norepeat_boards(rules_results())
    total = sum(len(v) for v in split.values())
    assert not split["mixed"]  # the prose says "fewer" or "more" for every board
    boards = [b for v in split.values() for b in v]
    other = {1: "other one", 2: "other two", 3: "other three"}[len(split["more"])]
    return (f"of the {total} boards played under all three rule sets ({board_ranges(boards)}), with no repeated "
            f"colors a game takes fewer turns for every strategy on {len(split['fewer'])}, and more on the {other}, "
            f"{' and '.join(split['more'])}")


def norepeat_saves() -> str:
    split = norepeat_boards(rules_results())
    total = sum(len(v) for v in split.values())
    return (f"every strategy takes fewer turns on {len(split['fewer'])} of the {total} boards and more on "
            f"{' and '.join(split['more'])}")


def norepeat_more() -> str:
    return f"and more on {' and '.join(norepeat_boards(rules_results())['more'])}"


def black_more_count() -> str:
    """Notebook 9's count of the boards where black pegs only costs every strategy turns, beside the
    ones where it costs none (the rules split table's two black columns)."""
    from mmlib.studies.rule_variants import black_boards

    black = black_boards(rules_results())
    assert not black["mixed"]  # the prose says "more" or "as many" for every board
    return (f"with black pegs only every strategy takes more turns on {len(black['more'])} of them and as many on "
            f"{' and '.join(black['same'])}")


def shared_gap_bound() -> str:
    """The answer's bound: no strategy's gap on the shared boards exceeds the largest of the three rule
    sets' largest gaps (as the table of the largest gaps shows it)."""
    worst = largest_gaps(load_optimal(rules=None), rules_results(), shared=True)
    boards = len(shared_optimal_boards(load_optimal(rules=None), rules_results()))
    shared = shared_optimal_boards(load_optimal(rules=None), rules_results())
    return (f"on the {boards} boards ({board_ranges(shared)}) whose optimum is proven under all three, no strategy "
            "needs more than "
            f"{worst['gap_per_game'].max():.3f} turns per game above it")


def _names(names: list) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def most_often_optimal() -> "tuple[dict, list, list]":
    """Notebook 9: under which rule set each strategy reaches the optimum on most of the shared boards
    (the table of counts), grouped by rule set, and the strategies for which that is (and is not) the rule
    set of its smallest largest gap (the table of gaps). Each strategy's most must be one rule set alone."""
    summary = shared_gap_summary()
    counts = summary.pivot(index="strategy", columns="rules", values="optimal_in")
    gaps = summary.pivot(index="strategy", columns="rules", values="max_gap_per_game")
    assert (counts.eq(counts.max(axis=1), axis=0).sum(axis=1) == 1).all()  # no tie for the most
    most, closest = counts.idxmax(axis=1), gaps.idxmin(axis=1)
    order = [s for s in Strategy if s.label in counts.index]
    groups = {rules: [s.title for s in order if most[s.label] == rules] for rules in ("classic", "norepeat", "black")}
    agree = [s.title for s in order if most[s.label] == closest[s.label]]
    differ = [s.title for s in order if most[s.label] != closest[s.label]]
    assert agree and differ  # "depends on the measure"
    return {rules: names for rules, names in groups.items() if names}, agree, differ


def closest_two_measures() -> str:
    """The sentence under the table of largest gaps: the other measure, and where the two agree."""
    groups, agree, differ = most_often_optimal()
    parts = [f"{_names(names)} {'do' if len(names) > 1 else 'does'} best {RULE_WORDS[rules]}" if not i
             else f"{_names(names)} {RULE_WORDS[rules]}" for i, (rules, names) in enumerate(groups.items())]
    return (f"Counted by the boards where the strategy reaches the optimum (the table above), {_names(parts)}: the "
            f"two measures agree for {_names(agree)}, and disagree for {_names(differ)}")


def most_often_optimal_detail() -> str:
    """The answer in more detail: the rule set under which each strategy reaches the optimum most often."""
    groups, _, _ = most_often_optimal()
    parts = [f"{_names(names)} reach{'' if len(names) > 1 else 'es'} it most often {RULE_WORDS[rules]}" if not i
             else f"{_names(names)} {RULE_WORDS[rules]}" for i, (rules, names) in enumerate(groups.items())]
    return f"on the same boards, {', '.join(parts)}; so which rule set keeps a strategy closest depends on the measure"


def bulls_and_cows_source() -> str:
    """Notebook 9 rests the Bulls and Cows optimum on what it shows: mmlib's proof in data/optimal.csv,
    and fancidev/mastermind's solver, which gives the same total. Tanaka 1996 has no title or venue in
    the project's sources, so the notebook does not call the value published."""
    from mmlib.studies.optimal_table import PUBLISHED_OPTIMA

    total, keys = PUBLISHED_OPTIMA[("4p10c-norepeat", None)]
    assert "fancidev 2012" in keys.split("; ")
    published_sources("4p10c-norepeat")  # the optimum proven here is the one fancidev's solver gives
    return (f"Bulls and Cows (4p10c-norepeat) has an optimum of {total:,} turns over its "
            f"{Game.parse('4p10c-norepeat').size:,} secrets, proven by mmlib's exact search. An independent exact "
            "solver on GitHub, [fancidev/mastermind](https://github.com/fancidev/mastermind) (its 2012 code), gives "
            "the same total.")


def norepeat_4p6c_source() -> str:
    from mmlib.studies.optimal_table import PUBLISHED_OPTIMA

    total, key = PUBLISHED_OPTIMA[("4p6c-norepeat", None)]
    assert key == "arfst23 2023"
    published_sources("4p6c-norepeat")
    # A repository on GitHub found it: not called a publication.
    return (f"4p6c-norepeat's optimum of {total:,} was found by [arfst23/Mastermind](https://github.com/arfst23/Mastermind) "
            "(2023), an exact solver in C on GitHub")


def shared_boards() -> str:
    """The boards all three rule sets were played on, as ranges per pin count (2p2c to 2p15c, ...),
    and the rule that picks them: at least as many colors as pins, at most mmlib's most colors, and
    every game of the board within the largest variant game data/results.csv holds (Bulls and Cows'
    5,040 codewords). The rule must give exactly the boards listed."""
    from mmlib.core.games import MAX_COLORS

    side = rules_side_by_side(rules_results())
    parts = []
    for pins, colors in side.groupby("pins")["colors"]:
        low, high = int(colors.min()), int(colors.max())
        parts.append(f"{pins}p{low}c" if low == high else f"{pins}p{low}c to {pins}p{high}c")
    variants = rules_results()[rules_results()["rules"] != "classic"]
    largest = max(Game.parse(name).size for name in variants["game"])
    assert largest == Game.parse("4p10c-norepeat").size  # "Bulls and Cows' size"
    # The classic game is the largest of a board's three, so "its games all have at most" is c ** p.
    rule = {(p, c) for p in range(2, 9) for c in range(p, MAX_COLORS + 1) if c ** p <= largest}
    assert rule == set(zip(side["pins"].astype(int), side["colors"].astype(int)))
    return (f"every board with at least as many colors as pins and at most {MAX_COLORS} colors (mmlib's most) whose "
            f"games all have at most {largest:,} codewords, the largest the variants were played on (Bulls and "
            f"Cows' size). They are {', '.join(parts[:-1])} and {parts[-1]}.")


def panel_colors() -> str:
    """The colors each rule set's 4-pin panel reaches (classic: mmlib's most)."""
    from mmlib.core.games import MAX_COLORS

    best = best_totals(rules_results())
    high = best[best["pins"] == 4].groupby("rules")["colors"].max()
    assert high["classic"] == MAX_COLORS
    return (f"classic up to {high['classic']} colors (mmlib's most), no repeated colors up to {high['norepeat']} "
            f"and black pegs only up to {high['black']}")


def largest_variant_gap() -> str:
    """The answer's comparison of the rule sets' gaps, on the boards all three share (like with like),
    each the same in the per-strategy table (`gap_summary`) as in the table of the largest gaps."""
    worst = largest_gaps(load_optimal(rules=None), rules_results(), shared=True).set_index("rules")
    summary = shared_gap_summary().groupby("rules")["max_gap_per_game"].max()
    title = {s.label: s.title for s in Strategy}

    def one(rules: str) -> str:
        row = worst.loc[rules]
        assert f"{summary[rules]:.3f}" == f"{row['gap_per_game']:.3f}"  # one gap, one value in both tables
        return f"{row['gap_per_game']:.3f}", f"{title[row['strategy']]}, {row['game']}"

    classic, norepeat, black = one("classic"), one("norepeat"), one("black")
    return (f"On those boards the largest gap of any strategy is {classic[0]} turns per game in classic "
            f"({classic[1]}), {norepeat[0]} with no repeated colors ({norepeat[1]}) and {black[0]} with black pegs "
            f"only ({black[1]})")


def closest_rules_with_gaps() -> str:
    """The answer: under which rule set each strategy's largest gap on the shared boards is the least,
    with those gaps; no rule set is the least for every strategy."""
    wide = shared_gap_summary().pivot(index="strategy", columns="rules", values="max_gap_per_game")
    closest = wide.idxmin(axis=1)
    assert closest.nunique() > 1  # "no rule set keeps every strategy closest to it"
    title = {s.label: s.title for s in Strategy}
    parts = []
    for rules in ("black", "classic", "norepeat"):
        labels = [s.label for s in Strategy if closest.get(s.label) == rules]
        if not labels:
            continue
        names = " and of ".join(title[label] for label in labels)
        gaps = " and ".join(f"{wide.loc[label, rules]:.3f}" for label in labels)
        parts.append(f"the largest gap of {names} is smallest {RULE_WORDS[rules]} ({gaps} turns per game)" if not parts
                     else f"that of {names} {RULE_WORDS[rules]} ({gaps})")
    boards = len(shared_optimal_boards(load_optimal(rules=None), rules_results()))
    return (f"on the {boards} boards whose optimum is proven under all three rule sets, "
            + ", ".join(parts[:-1]) + " and " + parts[-1])


RULE_WORDS = {"classic": "in classic", "norepeat": "with no repeated colors", "black": "with black pegs only"}


def shared_gap_summary() -> pd.DataFrame:
    return gap_summary(load_optimal(rules=None), rules_results(), shared=True)


def closest_rules_per_strategy() -> str:
    """Which rule set keeps each strategy closest to the optimum on the shared boards (its largest
    gap the least); the prose says that no rule set is the closest for every strategy."""
    wide = shared_gap_summary().pivot(index="strategy", columns="rules", values="max_gap_per_game")
    closest = wide.idxmin(axis=1)
    assert closest.nunique() > 1  # "no rule set is the closest for every strategy"
    title = {s.label: s.title for s in Strategy}
    parts = []
    for rules in ("black", "classic", "norepeat"):
        names = [title[label] for label in (s.label for s in Strategy) if closest.get(label) == rules]
        if names:
            parts.append(f"{' and '.join(names)} come{'s' if len(names) == 1 else ''} closest {RULE_WORDS[rules]}"
                         if not parts else f"{' and '.join(names)} {RULE_WORDS[rules]}")
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def entropy_closest() -> str:
    """Entropy's largest gap is the least of the four under every rule set, on the shared boards."""
    wide = shared_gap_summary().pivot(index="strategy", columns="rules", values="max_gap_per_game")
    assert (wide.idxmin() == "entropy").all()
    e = wide.loc["entropy"]
    return (f"Entropy's largest gap is the smallest of the four strategies' under every rule set ({e['classic']:.3f} "
            f"turns per game in classic, {e['norepeat']:.3f} with no repeated colors and {e['black']:.3f} with black "
            "pegs only)")


def shared_best_of_four() -> str:
    gaps = gaps_by_rules(load_optimal(rules=None), rules_results(), shared=True)
    best = gaps.groupby(["rules", "game"])["gap"].min()
    n = {rules: int((best.loc[rules] == 0).sum()) for rules in ("classic", "norepeat", "black")}
    boards = len(shared_optimal_boards(load_optimal(rules=None), rules_results()))
    return (f"The best of the four strategies reaches it on {n['classic']} of the {boards} boards in classic, "
            f"{n['norepeat']} with no repeated colors and {n['black']} with black pegs only")


def shared_board_list() -> str:
    boards = shared_optimal_boards(load_optimal(rules=None), rules_results())
    return f"under all three rule sets: the {len(boards)} boards {board_ranges(boards)}."


def published_sources(game: str) -> str:
    from mmlib.studies.optimal_table import PUBLISHED_OPTIMA, SOURCES

    total, keys = PUBLISHED_OPTIMA[(game, None)]
    proven = load_optimal(rules=None)
    row = proven[(proven["game"] == game) & (proven["objective"] == "total") & proven["max_turns_limit"].isna()]
    assert int(row["total_turns"].iloc[0]) == total  # the published optimum is the one proven here
    return f"{total:,} ({'; '.join(SOURCES[k] for k in keys.split('; '))})"


def variant_gaps() -> pd.DataFrame:
    return gaps_by_rules(load_optimal(rules=None), rules_results())


def bulls_and_cows(what: str) -> str:
    """The Bulls and Cows proof's times as the notebook's table shows them (`proof_times`: the row of
    data/optimal.csv and the latest benchmark, the one notebook 8's benchmark table shows)."""
    from mmlib.workbench.tables import PROOF_SECONDS_DECIMALS

    def format_seconds(seconds: float) -> str:  # as the notebook's table of the proof's times shows them
        return f"{seconds:.{PROOF_SECONDS_DECIMALS}f}"

    times = proof_times(load_optimal(rules=None), load_benchmarks().frame).set_index("table")
    if what == "seconds":  # the stored proof: its seconds with the engine version that took them
        row = times.loc["data/optimal.csv"]
        assert row["machine"] == times.loc["data/benchmarks.csv", "machine"]  # "on the same machine"
        return (f"the search that first proved it, with engine {row['engine']} and mmlib {row['mmlib_version']} on "
                f"the same machine, took "
                f"{format_seconds(row['seconds'])} s")
    if what == "benchmark":
        row = times.loc["data/benchmarks.csv"]
        return (f"in {format_seconds(row['seconds'])} s in its latest benchmark (median of {row['searches']} searches, "
                f"engine {row['engine']}, mmlib {row['mmlib_version']}, on {row['machine']};")
    gaps = variant_gaps()
    return f"Entropy needs {gaps[(gaps['game'] == '4p10c-norepeat') & (gaps['strategy'] == 'entropy')]['heuristic_total'].iloc[0]:,}"


@functools.cache
def own_pick_totals() -> dict:
    """4p6c's total turns in data/results.csv by (strategy label, first guess), for each strategy's
    own pick and for 1122 (notebook 4)."""
    from mmlib.studies.own_picks import first_guess_picks

    frame = load_results().frame
    frame = frame[frame["game"] == "4p6c"]
    openings = [(s.label, g) for s, g in first_guess_picks("4p6c").items()] + [(s.label, "1122") for s in Strategy]
    return {(label, guess): int(frame[(frame["strategy"] == label) & (frame["first_guess"] == guess)]
                                ["total_turns"].iloc[0]) for label, guess in openings}


def own_pick_answer() -> str:
    from mmlib.studies.own_picks import first_guess_picks

    totals = {s.label: own_pick_totals()[s.label, g] for s, g in first_guess_picks("4p6c").items()}
    assert min(totals, key=totals.get) == "most-parts", "notebook 4's answer names Most Parts the fewest"
    return ("Most Parts needs the fewest turns: {:,} in all, {:.3f} per secret (Expected Size {:,}, Entropy {:,}, "
            "Knuth {:,})").format(totals["most-parts"], totals["most-parts"] / 1296, totals["expected-size"],
                                  totals["entropy"], totals["knuth"])


def reference_totals() -> dict:
    """Notebook 4's eight reference rows (REFERENCE.md's "Figures to reproduce", as
    data/seed_comparison.csv keeps them): mmlib's 4p6c total by (strategy label, opening)."""
    from mmlib.studies.seed_comparison import REFERENCE_FIGURES, load_seed_comparison

    rows = load_seed_comparison()
    rows = rows[(rows["game"] == "4p6c") & (rows["seed_source"] == REFERENCE_FIGURES)]
    assert (rows["seed_total_turns"] == rows["mmlib_total_turns"]).all(), "the prose says all eight rows agree"
    return {(s, g): int(t) for s, g, t in zip(rows["strategy"], rows["first_guess"], rows["mmlib_total_turns"])}


def opening_against_rank() -> list:
    """Notebook 4: what another opening does to each strategy's 4p6c total, and how far the ranks
    part from the same opening; neither is the larger in every case."""
    totals = reference_totals()
    t = {key: f"{value:,}" for key, value in totals.items()}
    cost = {s: totals[s, other] - totals[s, own] for s, own, other in
            [("expected-size", "1123", "1122"), ("most-parts", "1123", "1122"), ("knuth", "1122", "1123"),
             ("entropy", "1234", "1123")]}
    spread = {}
    for opening in ("1122", "1123"):
        shown = {s: v for (s, g), v in totals.items() if g == opening}
        spread[opening] = max(shown.values()) - min(shown.values())
        assert max(shown, key=shown.get) == "knuth" and min(shown, key=shown.get) == "most-parts"
    assert cost["entropy"] < 0 < min(cost[s] for s in ("expected-size", "most-parts", "knuth"))
    # Neither effect always the larger: another opening costs more than some rank gap, and less than another.
    assert cost["expected-size"] > totals["knuth", "1122"] - totals["expected-size", "1122"]
    assert cost["knuth"] < spread["1122"]
    # The table has no Entropy row from 1122; the prose quotes it from data/results.csv, inside the spread.
    entropy_1122 = own_pick_totals()["entropy", "1122"]
    assert totals["most-parts", "1122"] < entropy_1122 < totals["knuth", "1122"]
    return [f"another opening costs Expected Size {cost['expected-size']} turns ({t['expected-size', '1122']} from "
            f"`1122` against {t['expected-size', '1123']} from its own `1123`), Most Parts {cost['most-parts']} "
            f"({t['most-parts', '1122']} against {t['most-parts', '1123']}) and Knuth only {cost['knuth']} "
            f"({t['knuth', '1123']} from `1123` against {t['knuth', '1122']}), and saves Entropy {-cost['entropy']} "
            f"({t['entropy', '1123']} from `1123` against {t['entropy', '1234']} from its own `1234`)",
            f"another rank from the same opening moves the total by up to {spread['1122']} turns from `1122` "
            f"(Knuth {t['knuth', '1122']} against Most Parts {t['most-parts', '1122']}; Entropy from `1122`, not in the "
            f"table, needs {entropy_1122:,} in `data/results.csv`) and by up to "
            f"{spread['1123']} from `1123` (Knuth {t['knuth', '1123']} against Most Parts {t['most-parts', '1123']})"]


def knuth_worst_at_8p2c() -> str:
    """Notebook 4's sentence under the worst-game table, computed live as the table and the sliders are."""
    from mmlib.studies.own_picks import LONGER, worst_turns

    row = worst_turns(["8p2c"]).iloc[0]
    assert row["knuth_worst"] == LONGER and row["most-parts"] == row["knuth"]
    assert row["expected-size"] == row["entropy"] == row["knuth"] - 1, "the prose says one turn longer"
    return (f"At 8p2c Most Parts' worst case is as long as Knuth's, {row['knuth']} turns (the sliders above show "
            f"it at 8 pins), but Expected Size and Entropy find every secret within {row['entropy']}, so Knuth's is "
            f"one turn longer than theirs")


def over_the_optimum() -> str:
    optimal = load_optimal()
    optimum = int(optimal[(optimal["game"] == "4p6c") & (optimal["objective"] == "total")
                          & optimal["max_turns_limit"].isna()]["total_turns"].iloc[0])
    totals = own_pick_totals()
    most_parts, knuth = totals["most-parts", "1123"] - optimum, totals["knuth", "1122"] - optimum
    return (f"Most Parts needs {most_parts} turns more than the optimum over the 1,296 secrets, "
            f"{most_parts / 1296:.3f} per secret; Knuth {knuth} more")


@functools.cache
def knuth_worst_counts() -> dict:
    """Computed live, as notebook 4 computes its table: over the games its sliders reach, in how
    many Knuth's worst game is shorter, as long as or longer than the shortest of the others'."""
    from mmlib.studies.own_picks import AS_LONG, LONGER, SHORTER, worst_turns
    from mmlib.workbench.widgets import games_within

    counts = worst_turns(games_within(4096))["knuth_worst"].value_counts()
    return {"games": int(counts.sum()), "shorter": int(counts.get(SHORTER, 0)),
            "as_long": int(counts.get(AS_LONG, 0)), "longer": int(counts.get(LONGER, 0))}


@functools.cache
def fewest_turns_games() -> dict:
    """Computed live, as notebook 4's fewest-turns table is: over the games its sliders reach, the
    games where each strategy alone needs the fewest total turns, where Knuth is among the fewest,
    and where all four tie."""
    from mmlib.studies.own_picks import total_turns
    from mmlib.workbench.widgets import games_within

    totals = total_turns(games_within(4096))
    pairs = list(zip(totals["game"], totals["fewest"]))
    return {"games": len(pairs),
            "alone": {s.label: [g for g, f in pairs if f == (s.label,)] for s in Strategy},
            "knuth_fewest": [g for g, f in pairs if "knuth" in f],
            "all_four": [g for g, f in pairs if len(f) == len(Strategy)]}


def listed(names) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def sliders_range() -> str:
    """Notebook 4: the pins and colors the games its sliders reach span, and the cap, as its prose
    says them ('2 to 8 pins, 2 to 15 colors, at most 4,096 codewords')."""
    from mmlib.workbench.widgets import games_within

    games = [Game.parse(g) for g in games_within(4096)]
    pins, colors = [g.pins for g in games], [g.colors for g in games]
    assert max(g.size for g in games) == 4096
    return f"{min(pins)} to {max(pins)} pins, {min(colors)} to {max(colors)} colors, at most 4,096 codewords"


def knuth_alone_within() -> str:
    """Notebook 4's answer: on 4p6c (data/results.csv), each strategy from its own opening, only Knuth
    wins every secret within its worst game's turns, and Expected Size does too from Knuth's 1122."""
    from mmlib.studies.own_picks import first_guess_picks

    frame = load_results().frame
    frame = frame[frame["game"] == "4p6c"]

    def worst(label, guess):
        return int(frame[(frame["strategy"] == label) & (frame["first_guess"] == guess)]["max_turns"].iloc[0])

    own = {s.label: worst(s.label, g) for s, g in first_guess_picks("4p6c").items()}
    knuth = own["knuth"]
    assert all(turns > knuth for label, turns in own.items() if label != "knuth"), "only Knuth, from its own"
    assert first_guess_picks("4p6c")[Strategy.KNUTH] == "1122" and worst("expected-size", "1122") <= knuth
    return (f"on 4p6c, each strategy from its own opening, only Knuth finds every secret within {knuth} turns; "
            "from Knuth's `1122`, Expected Size does too (table below)")


def fewest_turns_answer() -> str:
    """Notebook 4's answer: of the games its sliders reach, in how many each strategy alone needs
    the fewest turns (the most first, as the answer names them), and how many are ties."""
    f = fewest_turns_games()
    alone = {s: len(g) for s, g in f["alone"].items()}
    assert alone["entropy"] > alone["most-parts"] > alone["expected-size"] > alone["knuth"] == 0, "the answer's order"
    return (f"of the {f['games']} games the sliders below reach ({sliders_range()}), Entropy alone needs the fewest turns in "
            f"{alone['entropy']}, Most Parts alone in {alone['most-parts']}, Expected Size alone in "
            f"{alone['expected-size']} and Knuth alone in none; in the other {f['games'] - sum(alone.values())}, "
            "two or more tie")


def fewest_turns_where() -> str:
    """Notebook 4's sentence under the fewest-turns table: where Most Parts and Expected Size alone
    need the fewest turns, and that Knuth is among the fewest only where all four tie."""
    f = fewest_turns_games()
    alone = f["alone"]
    assert max(alone, key=lambda s: len(alone[s])) == "entropy" and not alone["knuth"]
    assert f["knuth_fewest"] == f["all_four"], "the prose says Knuth ties only where all four tie"
    only = "only in " if len(alone["expected-size"]) == 1 else "in "
    return (f"Entropy is alone the best in {len(alone['entropy'])} games, the most of any; Most Parts alone in "
            f"{listed(alone['most-parts'])}; Expected Size alone {only}{listed(alone['expected-size'])}; and Knuth "
            f"ties for the fewest only in the {len(f['all_four'])} games where all four tie "
            f"({listed(f['all_four'])})")


def knuths_opening_reviewed() -> tuple:
    """Notebook 7's review of Knuth's opening 1122 in 4p6c, which reads data/optimal_openings.csv:
    its loss, the lowest best opening and how many openings are best."""
    from mmlib.core.review import review_game

    reviewed = review_game("4p6c", ["1122=1,0"], time_limit=None)
    move = reviewed.reviews[0]
    return reviewed.rows()[0]["loss"], reviewed.game.format_codeword(move.best_moves[0]), len(move.best_moves)


def default_openings_4p6c() -> str:
    """Notebook 7's Vocabulary: each strategy's default opening in 4p6c, the best-max row of
    data/first_guesses.csv, strategies of the same opening named together."""
    from mmlib.core.openings import table_first_guess

    game = Game.parse("4p6c")
    by_opening = {}
    for s in Strategy:
        by_opening.setdefault(table_first_guess(game, s), []).append(s.title)
    return "In 4p6c that is " + " and ".join(f"`{opening}` for {' and '.join(names)}"
                                            for opening, names in by_opening.items()) + "."


def own_picks_unlike_defaults_4p6c() -> str:
    """Notebook 7's Vocabulary: the strategies whose default opening (data/first_guesses.csv) is not
    their own pick, and their own picks."""
    from mmlib.core.openings import table_first_guess
    from mmlib.studies.own_picks import first_guess_picks

    game = Game.parse("4p6c")
    own = first_guess_picks(game)
    differ = [s for s in Strategy if table_first_guess(game, s) != own[s]]
    return (f"For {' and '.join(s.title for s in differ)} it is not their **own pick**, the first guess their own "
            f"measure ranks best ({' and '.join(f'`{own[s]}`' for s in differ)}).")


def knuths_opening_row() -> str:
    """Notebook 7: the review's first row reads the best value and the best moves of the opening
    from data/optimal_openings.csv."""
    from mmlib.core.review import review_game

    reviewed = review_game("4p6c", ["1122=1,0"], time_limit=None)
    first = reviewed.rows()[0]
    return (f"They make the review's first row below: its value ({first['value']:,}, the value of 1122 in the table above), "
            f"its best value ({first['best_value']:,}) and its best moves ({len(reviewed.reviews[0].best_moves):,}, "
            "the openings like 1123).")


def knuths_game_total_loss() -> str:
    """Notebook 7: Knuth's example game's total loss (the review's total row), beside Knuth's loss
    over all 1,296 games (its gap: solve's total against data/optimal_openings.csv's optimum)."""
    from mmlib.core.coach import opening_totals
    from mmlib.core.review import review_game
    from mmlib.core.solve import solve
    from mmlib.studies.per_game import rounded

    game = Game.parse("4p6c")
    reviewed = review_game(game, ["1122=1,0", "1344=0,1", "3526=1,2", "1462=1,1", "3632=4,0"], time_limit=None)
    optimum = min(opening_totals(game).values())
    gap = rounded((solve(game, Strategy.KNUTH).total_turns - optimum) / game.size)
    return (f"In all, Knuth's example game loses {reviewed.total_loss[1]:.3f} turns (the review's total row: its "
            f"moves' losses added up): the turns this one game is expected to take beyond best play, each move's "
            f"loss averaged over the secrets still possible at that move. Over all {game.size:,} games, Knuth's "
            f"hint loses {gap:.3f} turns per game on average")


def gaps_from_totals_4p6c(which: str) -> str:
    """Notebook 7's hint table: a gap is (total turns - the optimal total) / secrets, rounded once;
    the optimal total is data/optimal_openings.csv's, each strategy's total its solve from its
    default opening; Expected Size's gap differs in the last digit from its rounded averages'."""
    from mmlib.core.coach import opening_totals
    from mmlib.core.solve import solve
    from mmlib.studies.per_game import rounded

    game = Game.parse("4p6c")
    optimum = min(opening_totals(game).values())
    if which == "definition":
        return (f"its total turns minus the optimal hint's ({optimum:,}), divided by the {game.size:,} secrets. That "
                f"is its average turns minus the optimal hint's ({rounded(optimum / game.size):.3f})")
    total = solve(game, Strategy.parse(which)).total_turns
    gap = f"{rounded((total - optimum) / game.size):.3f}"
    if which == "knuth":
        return (f"Knuth's gap is ({total:,} - {optimum:,}) / {game.size:,} = {total - optimum:,} / {game.size:,} = "
                f"{gap} turns per game")
    averages = (f"{rounded(total / game.size):.3f} - {rounded(optimum / game.size):.3f} gives "
                f"{rounded(rounded(total / game.size) - rounded(optimum / game.size)):.3f}")
    return f"(Expected Size: ({total:,} - {optimum:,}) / {game.size:,} = {gap}, where {averages})"


def own_pick_openings_4p6c() -> str:
    """Notebook 7's Summary: the strategies whose default opening (data/first_guesses.csv) is not their
    own pick, their averages here from the default opening, and their averages from their own picks
    (solve, as the table "Each strategy's opening" runs them), not figures of the literature with no
    paper named (review r8 of notebook 7)."""
    from mmlib.core.openings import table_first_guess
    from mmlib.core.solve import solve
    from mmlib.studies.own_picks import first_guess_picks
    from mmlib.studies.per_game import rounded

    game = Game.parse("4p6c")
    own = first_guess_picks(game)
    differ = [s for s in Strategy if table_first_guess(game, s) != own[s]]
    here = [rounded(solve(game, s).total_turns / game.size) for s in differ]
    from_own = [rounded(solve(game, s, first_guess=own[s]).total_turns / game.size) for s in differ]
    return ("so their figures here (from {}: {} average turns) differ from their runs from their own picks {} in "
            "\"Each strategy's opening\" ({} average turns).").format(
        " and ".join(f"`{table_first_guess(game, s)}`" for s in differ), " and ".join(f"{v:.3f}" for v in here),
        " and ".join(f"`{own[s]}`" for s in differ), " and ".join(f"{v:.3f}" for v in from_own))


CLAIMS = [
    ("01_scoring.ipynb", lambda: f"one guess vs all secrets, in the tables), takes {shown_ns('numba-packed-array')} "
                                 "ns per score"),
    # A ratio the prose quotes stands beside the two numbers it divides, as they are shown (three
    # figures), and to two figures computed from the unrounded values, which the shown ones give back.
    ("01_scoring.ipynb", lambda: "(Python, reference_score on strings) takes {0} ns, about {2} times as long ({0} ns ÷ {1} ns)".format(
        shown_ns('python'), shown_ns('numba-packed-array'),
        significant(workload('python')['ns_per_score'] / workload('numba-packed-array')['ns_per_score'], 2))),
    ("01_scoring.ipynb", lambda: f"on the seed's workload ({int(workload('numba-packed-array')['workload_scores']):,} scores)"),
    ("01_scoring.ipynb", lambda: f"it takes {significant(workload('numba-packed-array')['workload_s'])} s on the machine its row names"),
    ("01_scoring.ipynb", lambda: f"nothing cached: {int(workload('numba-packed-array')['workload_scores']):,} scores in"),
    # The machine and engine version the summary names are the row's own.
    ("01_scoring.ipynb", lambda: "({}; engine {})".format(
        workload('numba-packed-array')['machine'], workload('numba-packed-array')['engine'])),
    ("01_scoring.ipynb", lambda: "the seed's {} s (plain) and {} s (hand-vectorized)".format(
        *(significant(s) for s in SEED_SCORING_SECONDS.values()))),
    # The answer names the stored row's machine, engine, commit and day.
    ("01_scoring.ipynb", lambda: "measured on {}, by engine {} (version {} of mmlib's scoring kernels), mmlib {}, {}".format(
        workload('numba-packed-array')['machine'], workload('numba-packed-array')['engine'],
        str(workload('numba-packed-array')['engine']).split()[-1], workload('numba-packed-array')['mmlib_version'],
        str(workload('numba-packed-array')['date'])[:10])),
    # The answer gives the seed's own times per score, as the table of the seed's workload shows them.
    ("01_scoring.ipynb", lambda: "The seed's C++ took {} ns per score (plain) and {} ns (hand-vectorized)".format(
        *(significant(shown_ns_per_score(s, int(workload('numba-packed-array')['workload_scores'])))
          for s in SEED_SCORING_SECONDS.values()))),
    # Why mmlib reads the seed's "a 4p6c game" as all 1,296 games: over one game its plain seconds would make
    # 1,296 times its ns per score as shown, more than plain Python's.
    ("01_scoring.ipynb", lambda: "the seed's plain {} s would make 1,296 × {} ns, about {} ns per score, more than plain "
                                 "Python's {} ns".format(
        significant(SEED_SCORING_SECONDS["seed: plain C++"]),
        significant(shown_ns_per_score(SEED_SCORING_SECONDS["seed: plain C++"], int(workload('numba-packed-array')['workload_scores']))),
        significant(1296 * float(significant(shown_ns_per_score(SEED_SCORING_SECONDS["seed: plain C++"],
                                                                int(workload('numba-packed-array')['workload_scores']))))),
        shown_ns('python'))),
    ("01_scoring.ipynb", lambda: f"in {int(workload('numba-packed-array')['searches_timed']):,} searches"),
    ("01_scoring.ipynb", lambda: "{:.0f} on average ({:,} scores over 1,296 codewords × {:,} searches)".format(
        workload('numba-packed-array')['workload_scores'] / 1296 / workload('numba-packed-array')['searches_timed'],
        int(workload('numba-packed-array')['workload_scores']), int(workload('numba-packed-array')['searches_timed']))),
    ("01_scoring.ipynb", lambda: "The plain version takes {} s ÷ {} s, about {} times as long".format(
        significant(SEED_SCORING_SECONDS["seed: plain C++"]), significant(workload('numba-packed-array')['workload_s']),
        significant(SEED_SCORING_SECONDS["seed: plain C++"] / workload('numba-packed-array')['workload_s'], 2))),
    ("01_scoring.ipynb", lambda: "The hand-vectorized version takes {} s ÷ {} s, about {} times as long".format(
        significant(SEED_SCORING_SECONDS["seed: hand-vectorized"]), significant(workload('numba-packed-array')['workload_s']),
        significant(SEED_SCORING_SECONDS["seed: hand-vectorized"] / workload('numba-packed-array')['workload_s'], 2))),
    # Under the listing: the seed's hand-vectorized seconds against "one guess vs all secrets".
    ("01_scoring.ipynb", lambda: "took {0} s and mmlib's \"one guess vs all secrets\" {1} s (the table above): {0} s ÷ {1} s, about {2} "
                                 "times as long".format(
        significant(SEED_SCORING_SECONDS["seed: hand-vectorized"]), significant(workload('numba-packed-array')['workload_s']),
        significant(SEED_SCORING_SECONDS["seed: hand-vectorized"] / workload('numba-packed-array')['workload_s'], 2))),
    ("01_scoring.ipynb", lambda: f"Each of the {int(workload('numba-packed-array')['searches_timed']):,} searches gathers "
                                 "the secrets still possible ({:.0f} on average)".format(
        workload('numba-packed-array')['workload_scores'] / 1296 / workload('numba-packed-array')['searches_timed'])),
    # The ratios the prose quotes are the ones the rounded numbers beside them give back.
    ("01_scoring.ipynb", lambda: "about {} times as long: an order of magnitude".format(significant(
        float(significant(SEED_SCORING_SECONDS["seed: plain C++"])) /
        float(significant(workload('numba-packed-array')['workload_s'])), 2))),
    ("01_scoring.ipynb", lambda: "about {} times as long ({} ns ÷ {} ns)".format(significant(
        float(shown_ns('python').replace(",", "")) / float(shown_ns('numba-packed-array')), 2),
        shown_ns('python'), shown_ns('numba-packed-array'))),
    # Under the live table, the answer's numbers, where they come from, and why they differ.
    ("01_scoring.ipynb", lambda: "The answer at the top quotes {} ns and {} ns per score from the table of the seed's "
                                 "workload".format(shown_ns('numba-packed-array'), shown_ns('python'))),
    ("01_scoring.ipynb", lambda: "{:.0f} on average rather than all 1,296 as here".format(
        workload('numba-packed-array')['workload_scores'] / 1296 / workload('numba-packed-array')['searches_timed'])),
    # Step 1 of the live-beside-stored table names the stored commit and engine version.
    ("01_scoring.ipynb", lambda: "The commit differs too (mmlib {} stored; just now, the commit that ran this page, which "
                                 "the note under the table names), with the same engine version, {}".format(workload('numba-packed-array')['mmlib_version'],
                                                                   workload('numba-packed-array')['engine'])),
    ("01_scoring.ipynb", lambda: "medians of {} runs stored on {}, where this table".format(
        {3: "three"}.get(int(workload('numba-packed-array')['repeats']), workload('numba-packed-array')['repeats']),
        str(workload('numba-packed-array')['date'])[:10])),
    ("05_all_games_at_once.ipynb", lambda: f"{one_at_a_time_ratios('one at a time, cache of positions')} the time of all at once"),
    ("05_all_games_at_once.ipynb", lambda: f"positions, {one_at_a_time_ratios('one at a time, no cache').removesuffix(' times')} times without"),
    ("05_all_games_at_once.ipynb", lambda: f"7p7c Knuth takes {cuda_knuth_7p7c('on')} with case equivalence and "
                                           f"{cuda_knuth_7p7c('off')} without"),
    ("05_all_games_at_once.ipynb", cuda_rate_range),
    ("05_all_games_at_once.ipynb", lambda: f"over in {small_cuda_range()}"),
    ("05_all_games_at_once.ipynb", lambda: f"7p7c with Knuth's strategy in {cuda_knuth_7p7c('on')}"),
    ("05_all_games_at_once.ipynb", lambda: summary_7p7c("cuda")),
    ("05_all_games_at_once.ipynb", lambda: summary_7p7c("cpu")),
    ("05_all_games_at_once.ipynb", seed_faster_7p7c),
    ("05_all_games_at_once.ipynb", lambda: seed_faster_7p7c("summary")),
    ("05_all_games_at_once.ipynb", one_at_a_time_where),
    ("05_all_games_at_once.ipynb", one_at_a_time_engine),
    ("05_all_games_at_once.ipynb", lambda: "one timed run takes {guesses} distinct guesses of {game} and scores each "
                                           "against all {secrets} secrets".format(**kernel_run())),
    ("05_all_games_at_once.ipynb", lambda: f"{kernel_run()['scores per run']} scores a run"),
    ("05_all_games_at_once.ipynb", all_at_once_4p6c),
    ("05_all_games_at_once.ipynb", solve_beats_kernel),
    # Review r10 of notebook 5: the live table's millions a second beside the kernel's billions.
    ("05_all_games_at_once.ipynb", kernel_in_millions),
    ("06_results.ipynb", ce_share),
    ("06_results.ipynb", ce_keeps_all),
    ("06_results.ipynb", ce_steps),
    ("06_results.ipynb", gpu_over_cpu),
    ("06_results.ipynb", cpu_solve_rate),
    ("06_results.ipynb", turn_spread),
    ("06_results.ipynb", lambda: turn_spread().split(" (")[0]),
    ("06_results.ipynb", gpu_named_headline),
    ("06_results.ipynb", cpu_named_headline),
    ("06_results.ipynb", lambda: cpu_named_headline("summary")),
    ("06_results.ipynb", lambda: gpu_named_headline().split(", is")[0].replace("mmlib's GPU solver, on an", "one")
     .replace(")", ") runs the same solves")),
    ("06_results.ipynb", best_max_tie),
    ("06_results.ipynb", untimed_games),
    ("06_results.ipynb", ce_counted_again),
    ("06_results.ipynb", lowest_average_counts),
    ("06_results.ipynb", averages_4p6c),
    ("06_results.ipynb", within_5_4p6c),
    ("06_results.ipynb", opening_steps_counts),
    ("06_results.ipynb", lambda: gpu_against_seed("headline")),
    ("06_results.ipynb", lambda: gpu_against_seed("table")),
    ("06_results.ipynb", lambda: gpu_against_seed("5p8c")),
    ("06_results.ipynb", cuda_auto_threshold),
    ("06_results.ipynb", cuda_ce_slower),
    ("06_results.ipynb", incomplete_games),
    ("06_results.ipynb", cpu_against_seed),
    ("06_results.ipynb", cpu_7p7c),
    ("06_results.ipynb", cpu_runs_6p6c),
    ("06_results.ipynb", engines_5p8c),
    ("06_results.ipynb", kernel_rate),
    ("06_results.ipynb", seed_trillions),
    ("06_results.ipynb", entropy_totals),
    ("06_results.ipynb", lambda: f"account for {ce_threshold('saved scores from regions of 3-5', percent=True)}"),
    ("06_results.ipynb", lambda: f"makes the solve {ce_threshold('time on from 6 / on from 1')} slower"),
    ("06_results.ipynb", lambda: f"a threshold of 16 costs {ce_threshold('time on from 16 / on from 1')}"),
    ("07_play.ipynb", lambda: "the opening 1122 loses {:.3f} turns per game against the best openings ({} and the "
                              "other {:,} openings as good;".format(knuths_opening_reviewed()[0], knuths_opening_reviewed()[1],
                                                              knuths_opening_reviewed()[2] - 1)),
    ("07_play.ipynb", default_openings_4p6c),
    ("07_play.ipynb", own_picks_unlike_defaults_4p6c),
    ("07_play.ipynb", knuths_opening_row),
    ("07_play.ipynb", knuths_game_total_loss),
    ("07_play.ipynb", lambda: gaps_from_totals_4p6c("definition")),
    ("07_play.ipynb", lambda: gaps_from_totals_4p6c("knuth")),
    ("07_play.ipynb", lambda: gaps_from_totals_4p6c("expected-size")),
    ("07_play.ipynb", own_pick_openings_4p6c),
    ("08_optimal.ipynb", lambda: f"Over the {len(gaps_up_to_1296()[1])} boards of at most 1,296 codewords"),
    ("08_optimal.ipynb", lambda: f"is optimal in {int((gaps_up_to_1296()[1] == 0).sum())} "),
    ("08_optimal.ipynb", best_heuristic_gap),
    ("08_optimal.ipynb", knuths_largest_gap),
    ("08_optimal.ipynb", larger_boards_of_the_figure),
    ("08_optimal.ipynb", best_of_four_in_words),
    ("08_optimal.ipynb", largest_gap_of_all),
    ("08_optimal.ipynb", lambda: largest_gap_of_all("Most Parts' ", " is the largest gap of all")),
    ("08_optimal.ipynb", optimal_4p6c),
    ("08_optimal.ipynb", most_parts_4p6c),
    ("08_optimal.ipynb", default_opening_4p6c_expected_size),
    ("08_optimal.ipynb", proof_cost),
    ("08_optimal.ipynb", proof_cost_ratio),
    ("08_optimal.ipynb", same_positions_4p6c),
    ("08_optimal.ipynb", optimal_engine),
    ("08_optimal.ipynb", within_4p4c),
    ("08_optimal.ipynb", bulls_and_cows_possible),
    ("08_optimal.ipynb", stored_positions_4p7c),
    ("08_optimal.ipynb", all_four_at_zero),
    ("08_optimal.ipynb", bulls_and_cows_summary),
    ("08_optimal.ipynb", possible_rule_below_1000),
    ("08_optimal.ipynb", lambda: f"the published {int(possible_row('5p8c')['total_turns']):,}"),
    ("08_optimal.ipynb", unpublished_possible_only),
    ("08_optimal.ipynb", lambda: unpublished_possible_only("summary")),
    ("08_optimal.ipynb", optimal_openings_claim),
    ("08_optimal.ipynb", cost_8p2c_5p3c),
    ("08_optimal.ipynb", slow_small_boards),
    ("08_optimal.ipynb", same_size_other_way),
    ("08_optimal.ipynb", bulls_and_cows_stored_seconds),
    ("09_rule_variants.ipynb", lambda: f"holds {int(harder_by_strategy(rules_results())['boards'].max())} boards under all three"),
    ("09_rule_variants.ipynb", lambda: f"over those {int(harder_by_strategy(rules_results())['boards'].max())} boards"),
    ("09_rule_variants.ipynb", norepeat_split),
    ("09_rule_variants.ipynb", black_ties),
    ("09_rule_variants.ipynb", five_games_black),
    ("09_rule_variants.ipynb", lambda: f"the median of {SOLVES_TIMED} such solves timed as the cell runs"),
    ("09_rule_variants.ipynb", lambda: f"The {SOLVES_TIMED} solves of a game play the same guesses"),
    ("09_rule_variants.ipynb", norepeat_more),
    ("09_rule_variants.ipynb", norepeat_saves),
    ("09_rule_variants.ipynb", lambda: f"median saving is {rules_median('norepeat - classic')} turns per game"),
    ("09_rule_variants.ipynb", lambda: f"median is {rules_median('black - classic')} turns per game more"),
    ("09_rule_variants.ipynb", knuth_4_pins_black),
    ("09_rule_variants.ipynb", largest_variant_gap),
    ("09_rule_variants.ipynb", lambda: f"(Knuth: {rules_4p6c_knuth('classic')} turns per game in 4p6c, "
                                       f"{rules_4p6c_knuth('norepeat')} in 4p6c-norepeat)"),
    ("09_rule_variants.ipynb", lambda: f"(Knuth: {rules_4p6c_knuth('black')} turns per game in 4p6c-black, against "
                                       f"{rules_4p6c_knuth('classic')} in 4p6c)"),
    ("09_rule_variants.ipynb", lambda: f"pins + 1 things ({scores_that_occur('4p6c-black')} for 4 pins) instead of "
                                       f"one of {scores_that_occur('4p6c')} in 4p6c"),
    ("09_rule_variants.ipynb", closest_rules_per_strategy),
    ("09_rule_variants.ipynb", closest_rules_with_gaps),
    ("09_rule_variants.ipynb", entropy_closest),
    ("09_rule_variants.ipynb", shared_best_of_four),
    ("09_rule_variants.ipynb", shared_board_list),
    ("09_rule_variants.ipynb", lambda: "Per strategy and rule set, on the {} shared boards".format(
        len(shared_optimal_boards(load_optimal(rules=None), rules_results())))),
    ("09_rule_variants.ipynb", lambda: "largest gap on the {} shared boards".format(
        len(shared_optimal_boards(load_optimal(rules=None), rules_results())))),
    ("09_rule_variants.ipynb", bulls_and_cows_source),
    ("09_rule_variants.ipynb", norepeat_4p6c_source),
    ("09_rule_variants.ipynb", black_more_count),
    ("09_rule_variants.ipynb", shared_gap_bound),
    ("09_rule_variants.ipynb", closest_two_measures),
    ("09_rule_variants.ipynb", most_often_optimal_detail),
    ("09_rule_variants.ipynb", lambda: CAP_REASON),
    ("09_rule_variants.ipynb", shared_boards),
    ("09_rule_variants.ipynb", panel_colors),
    ("09_rule_variants.ipynb", lambda: "4-pin boards that all three rule sets share ({} to {} colors)".format(
        *(lambda four: (int(four.min()), int(four.max())))(
            rules_side_by_side(rules_results()).query("pins == 4")["colors"]))),
    ("09_rule_variants.ipynb", lambda: f"black + white is always 4: only {scores_that_occur('4p4c-norepeat')} scores remain"),
    ("09_rule_variants.ipynb", lambda: "Entropy {:,}, Most Parts {:,}, Expected Size {:,}, Knuth {:,}".format(*(
        variant_gaps().query("game == '4p6c-norepeat'").set_index("strategy").loc[
            ["entropy", "most-parts", "expected-size", "knuth"], "heuristic_total"]))),
    ("09_rule_variants.ipynb", lambda: bulls_and_cows("entropy")),
    ("09_rule_variants.ipynb", lambda: bulls_and_cows("benchmark")),
    ("09_rule_variants.ipynb", lambda: bulls_and_cows("seconds")),
    ("04_strategies.ipynb", own_pick_answer),
    ("04_strategies.ipynb", lambda: opening_against_rank()[0]),
    ("04_strategies.ipynb", lambda: opening_against_rank()[1]),
    ("04_strategies.ipynb", knuth_worst_at_8p2c),
    ("04_strategies.ipynb", lambda: "and needs {} turns more than from its own `1123`".format(
        own_pick_totals()["expected-size", "1122"] - own_pick_totals()["expected-size", "1123"])),
    ("04_strategies.ipynb", over_the_optimum),
    ("04_strategies.ipynb", lambda: "on {longer} of the {games} games the sliders below reach".format(
        **knuth_worst_counts())),
    ("04_strategies.ipynb", lambda: "over the {games} games the sliders reach, its worst case is the shortest of "
                                    "the four in {shorter}, as long as the shortest worst case among the other three "
                                    "in {as_long}, and longer in {longer}".format(**knuth_worst_counts())),
    ("04_strategies.ipynb", fewest_turns_answer),
    ("04_strategies.ipynb", fewest_turns_where),
    ("04_strategies.ipynb", lambda: "Over the {} games the sliders above reach ({})".format(
        fewest_turns_games()["games"], sliders_range())),
    ("04_strategies.ipynb", knuth_alone_within),
]


@pytest.mark.parametrize("notebook, expected", CLAIMS, ids=[f"{n[:2]}-{i}" for i, (n, _) in enumerate(CLAIMS)])
def test_prose_quotes_data_as_it_is(notebook, expected):
    text = expected()
    assert text in prose(notebook), f"{notebook}: its prose should say {text!r} (data/ changed?)"


def test_a_stale_figure_is_caught():
    """The same check against prose that quotes an older figure fails."""
    stale = prose("01_scoring.ipynb").replace(f"{significant(workload('numba-packed-array')['workload_s'])} s", "0.52 s")
    expected = CLAIMS[3][1]()
    assert expected in prose("01_scoring.ipynb") and expected not in stale
