"""The figures a notebook's prose quotes from data/ must still be what data/ holds.

A number in a markdown cell cannot be computed, and a sweep or a benchmark that adds rows to data/
would leave it stale without a word. So each figure the prose quotes from data/ is listed here with
the code that computes it from data/ as it is now, and the test fails (naming the notebook and the
text it expected) until the prose is brought up to date. Timings that are about to change (the
exact search's) are not quoted in prose at all: notebook 8 prints them from data/benchmarks.csv.
"""

import functools
import json
import re
from pathlib import Path

import pandas as pd
import pytest

from mmlib.studies.data_tables import (case_equivalence_scores, latest_rows, load_benchmarks, load_results,
                                       load_table)
from mmlib.studies.optimal_table import heuristic_gaps, load_optimal
from mmlib.studies.rule_variants import gaps_by_rules, harder_by_strategy, rules_side_by_side
from mmlib.studies.seed_workloads import SEED_SCORING_SECONDS
from mmlib.workbench.tables import ce_threshold_table

ROOT = Path(__file__).resolve().parent.parent


@functools.cache
def prose(notebook: str) -> str:
    """The notebook's markdown, with every run of white space one space (lines wrap anywhere)."""
    cells = json.loads((ROOT / "notebooks" / notebook).read_text())["cells"]
    return re.sub(r"\s+", " ", " ".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown"))


def workload(variant: str) -> pd.Series:
    frame = load_table("seed_scoring_workload.csv", ("variant",)).frame
    return frame.set_index("variant").loc[variant]


def one_at_a_time_ratios(method: str) -> str:
    frame = load_table("seed_one_at_a_time.csv", ("method",)).frame
    wide = frame.pivot_table(index=["game", "strategy"], columns="method", values="median_s")
    solve = next(c for c in wide.columns if c.startswith("all at once"))
    ratio = wide[method] / wide[solve]
    return f"{ratio.min():,.0f} to {ratio.max():,.0f} times"


def cuda_knuth_7p7c(ce: str, run: int = -1) -> str:
    """The median of the 7p7c Knuth cuda solve with case equivalence `ce`, of the latest run (or an
    earlier one: -2)."""
    frame = load_benchmarks().frame
    rows = frame[(frame["game"] == "7p7c") & (frame["strategy"] == "knuth") & (frame["backend"] == "cuda")
                 & (frame["case_equivalence"] == ce)].sort_values("date")
    return f"{rows['median_s'].iloc[run]:.2f} s"


def current_cuda_solves() -> pd.DataFrame:
    """The cuda solves notebook 5's table shows: one GPU, the newest version of its engine."""
    from mmlib.studies.data_tables import SOLVE_STRATEGIES, one_machine_one_engine

    frame = load_benchmarks().frame
    return one_machine_one_engine(frame[(frame["backend"] == "cuda") & frame["strategy"].isin(SOLVE_STRATEGIES)]).rows


def cuda_rate_range() -> str:
    frame = current_cuda_solves()
    rows = latest_rows(frame[frame["codewords"] >= 279_936])
    low, high = (round(v / 1e9, -1) for v in (rows["scores_per_s"].min(), rows["scores_per_s"].max()))
    return f"{low:.0f} to {high:.0f} billion scores a second"


def small_cuda_range() -> str:
    frame = current_cuda_solves()
    rows = latest_rows(frame[frame["codewords"] < 279_936])
    return f"{rows['median_s'].min():.2f}-{rows['median_s'].max():.2f} s"


def cpu_solve_rate() -> str:
    """The range of the cpu's scores per second over the whole solves notebook 6's table shows, as the
    table writes them (billions, three significant figures)."""
    from mmlib.workbench.plots_results import three_figures
    from mmlib.workbench.tables import solve_benchmarks

    rate = solve_benchmarks(load_benchmarks().frame)[0]["scores_per_s_cpu"].dropna() / 1e9
    return f"the cpu backend scores {three_figures(rate.min())} to {three_figures(rate.max())} billion scores a second"


def gpu_over_cpu() -> str:
    """How many times as fast the GPU runs the solves notebook 6's benchmark table pairs with the cpu
    (per game, as the table writes the ratios), and which GPU."""
    from mmlib.workbench.tables import solve_benchmarks, times_as

    wide = solve_benchmarks(load_benchmarks().frame)[0].dropna(subset=["cpu_over_cuda"])
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
    from mmlib.studies.data_tables import average_turns_spread

    spread = average_turns_spread(best_rows())
    widest = spread[spread["spread"].round(2) == round(spread["spread"].max(), 2)]["game"]
    return (f"within {spread['spread'].median():.2f} turns of each other in the median game, and at most "
            f"{spread['spread'].max():.2f} apart ({', '.join(widest)})")


def lowest_average_counts() -> str:
    from mmlib.studies.data_tables import strategy_summary

    summary = strategy_summary(best_rows()).set_index("strategy")
    games = int(summary["games"].iloc[0])
    count = summary["lowest_average_in"]
    return (f"Over the {games} games that `data/results.csv` holds for every strategy, each played from its best "
            f"first guess, Entropy has the lowest (or tied lowest) average in {count['entropy']}, Expected Size in "
            f"{count['expected-size']}, Most Parts in {count['most-parts']} and Knuth in {count['knuth']}")


def averages_4p6c() -> str:
    rows = best_rows().query("game == '4p6c'").set_index("strategy")
    low, high = rows["average_turns"].idxmin(), rows["average_turns"].idxmax()
    titles = {"most-parts": "Most Parts", "knuth": "Knuth", "entropy": "Entropy", "expected-size": "Expected Size"}
    return (f"they average from {rows.loc[low, 'average_turns']:.3f} turns ({titles[low]}, opening "
            f"{rows.loc[low, 'first_guess']}) to {rows.loc[high, 'average_turns']:.3f} ({titles[high]}, opening "
            f"{rows.loc[high, 'first_guess']})")


def within_5_4p6c() -> str:
    frame = load_results().frame
    rows = frame[(frame["game"] == "4p6c") & (frame["max_turns"] <= 5)]
    (guess,) = set(rows["first_guess"])
    assert set(rows["strategy"]) == {"knuth", "expected-size"}
    return f"only the opening {guess}, with Knuth or Expected Size, wins every game within 5 turns"


def opening_steps_counts() -> str:
    from mmlib.studies.data_tables import load_first_guesses, opening_steps

    steps = opening_steps(load_first_guesses().frame)
    knuth = steps[(steps["strategy"] == "knuth") & (steps["change"] < 0)].iloc[0]
    return (f"Of the {len(steps)} steps from a game to the game with one more color (the same pins and strategy, "
            f"`data/first_guesses.csv`), the best opening uses more distinct colors in {(steps['change'] > 0).sum()}, "
            f"as many in {(steps['change'] == 0).sum()} and fewer in {(steps['change'] < 0).sum()}, such as Knuth's "
            f"{knuth['opening']} in {knuth['pins']}p{knuth['colors']}c and {knuth['next_opening']} in "
            f"{knuth['pins']}p{knuth['colors'] + 1}c")


def seed_rows() -> pd.DataFrame:
    from mmlib.studies.seed_comparison import load_seed_comparison

    return load_seed_comparison()


def gpu_against_seed(what: str) -> str:
    """mmlib's GPU time against the seed's RTX 4090 time for the same solve (notebook 6's seed times)."""
    rows = seed_rows()
    gpu = rows[rows["mmlib_machine"].astype(str).str.contains("cuda backend")
               & rows["seed_machine"].astype(str).str.contains("RTX")]
    ratio = gpu["mmlib_seconds"].astype(float) / gpu["seed_seconds"].astype(float)
    seven = gpu[gpu["game"] == "7p7c"].set_index("case_equivalence")
    if what == "headline":
        return (f"{float(seven.loc['on', 'mmlib_seconds']):.2f} s against {float(seven.loc['on', 'seed_seconds']):.2f} s "
                "for 7p7c Knuth")
    on, off = (float(seven.loc[ce, "mmlib_seconds"]) / float(seven.loc[ce, "seed_seconds"]) for ce in ("on", "off"))
    five = ratio[gpu["game"] == "5p8c"]
    return (f"it takes {on:.1f} times the seed's time with case equivalence ({float(seven.loc['on', 'mmlib_seconds']):.2f} s "
            f"against {float(seven.loc['on', 'seed_seconds']):.2f} s) and {off:.1f} times without; on 5p8c, "
            f"{five.min():.1f} to {five.max():.1f} times")


def cpu_against_seed() -> str:
    from mmlib.workbench.tables import times_as

    rows = seed_rows()
    cpu = rows[rows["mmlib_machine"].astype(str).str.contains("cpu backend")
               & rows["seed_machine"].astype(str).str.contains("C\\+\\+")]
    ratio = cpu["seed_seconds"].astype(float) / cpu["mmlib_seconds"].astype(float)
    return f"mmlib is {times_as(ratio.min())[:-1]} to {times_as(ratio.max())[:-1]} times as fast"


def cpu_7p7c() -> str:
    frame = load_benchmarks().frame
    rows = frame[(frame["game"] == "7p7c") & (frame["backend"] == "cpu") & (frame["strategy"] == "knuth")]
    on = latest_rows(rows[rows["case_equivalence"] == "on"]).iloc[-1]
    off = latest_rows(rows[rows["case_equivalence"] == "off"]).iloc[-1]
    return (f"in {on['median_s']:,.0f} s with case equivalence (engine {on['engine']}) and {off['median_s']:,.0f} s "
            f"without (engine {off['engine']})")


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
    """The same four 5p8c cpu solves (case equivalence on) by solve-cpu 5 and by solve-cpu 6: their range."""
    frame = load_benchmarks().frame
    rows = frame[(frame["game"] == "5p8c") & (frame["backend"] == "cpu") & (frame["case_equivalence"] == "on")]
    ranges = []
    for engine in ("solve-cpu 5", "solve-cpu 6"):
        mine = latest_rows(rows[rows["engine"] == engine])
        assert len(mine) == 4, engine
        ranges.append(f"{mine['median_s'].min():.2f} to {mine['median_s'].max():.2f} s with {engine}")
    return f"the same four 5p8c solves took {ranges[0]} and {ranges[1]}"


def kernel_rate() -> str:
    from mmlib.studies.data_tables import KERNEL_STRATEGY, one_machine_one_engine
    from mmlib.workbench.plots_results import three_figures

    frame = load_benchmarks().frame
    kernel = latest_rows(one_machine_one_engine(frame[frame["strategy"] == KERNEL_STRATEGY]).rows, ("game",))
    assert kernel["threads"].tolist() == [1]
    return f"scores {three_figures(kernel['scores_per_s'].iloc[0] / 1e9)} billion scores a second on one thread"


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
    values = table[column].str.rstrip("%").astype(float)
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
    return f"at worst {per_game.max():.2f} turns per game ({percent:.1f}%) above the optimum ({worst})"


def rules_results() -> pd.DataFrame:
    return load_results(rules=None).frame


def rules_median(column: str) -> str:
    values = harder_by_strategy(rules_results())[column].abs()
    return f"{values.min():.{1 if column.startswith('black') else 2}f} to {values.max():.{1 if column.startswith('black') else 2}f}"


def rules_4p6c_knuth(column: str) -> str:
    side = rules_side_by_side(rules_results(), "knuth")
    return f"{side[(side['pins'] == 4) & (side['colors'] == 6)][column].iloc[0]:.2f}"


def variant_gaps() -> pd.DataFrame:
    return gaps_by_rules(load_optimal(rules=None), rules_results())


def variant_optimal_counts() -> str:
    gaps = variant_gaps()
    parts = []
    for rules in ("norepeat", "black"):
        per_game = gaps[gaps["rules"] == rules].groupby("game")["gap"].min()
        parts.append((int((per_game == 0).sum()), len(per_game)))
    return f"optimal in {parts[0][0]} of the {parts[0][1]} and {parts[1][0]} of the {parts[1][1]}"


def bulls_and_cows(what: str) -> str:
    optima = load_optimal(rules=None)
    row = optima[(optima["game"] == "4p10c-norepeat") & (optima["objective"] == "total")
                 & optima["max_turns_limit"].isna()].iloc[0]
    if what == "seconds":  # the table's row: its seconds with the engine version and day that took them
        return f"records {row['seconds']:.0f} s, the time of an older engine version ({row['engine']}, {row['date'][:10]})"
    if what == "benchmark":  # the latest benchmark of the proof, which notebook 8's table shows
        from mmlib.studies.data_tables import latest_rows, load_benchmarks

        bench = load_benchmarks().frame
        latest = latest_rows(bench[(bench["strategy"] == "optimal") & (bench["game"] == "4p10c-norepeat")],
                             ("game",)).iloc[0]
        return f"took {latest['median_s']:.0f} s ({latest['engine'].replace('optimal', 'engine optimal')}, {latest['date'][:10]}"
    gaps = variant_gaps()
    return f"Entropy needs {gaps[(gaps['game'] == '4p10c-norepeat') & (gaps['strategy'] == 'entropy')]['heuristic_total'].iloc[0]:,}"


CLAIMS = [
    ("01_scoring.ipynb", lambda: f": {workload('numba-packed-array')['ns_per_score']:.1f} ns on the seed's workload"),
    ("01_scoring.ipynb", lambda: f"plain Python ({workload('python')['ns_per_score']:,.1f} ns on the same workload)"),
    ("01_scoring.ipynb", lambda: f"{workload('numba-packed-array')['workload_scores'] / 1e6:.1f} million scores"),
    ("01_scoring.ipynb", lambda: f"it takes {workload('numba-packed-array')['workload_s']:.2f} s on the machine its row names"),
    # The machine and engine version the summary names are the row's own.
    ("01_scoring.ipynb", lambda: "({}; scoring engine {})".format(
        workload('numba-packed-array')['machine'], workload('numba-packed-array')['engine'].split()[-1])),
    ("01_scoring.ipynb", lambda: "the seed's {:.2f} s (plain) and {:.2f} s (hand-vectorized)".format(
        *SEED_SCORING_SECONDS.values())),
    ("05_all_games_at_once.ipynb", lambda: f"{one_at_a_time_ratios('one at a time, cache of positions')} the time of all at once"),
    ("05_all_games_at_once.ipynb", lambda: f"positions, {one_at_a_time_ratios('one at a time, no cache').removesuffix(' times')} times without"),
    ("05_all_games_at_once.ipynb", lambda: f"7p7c Knuth takes {cuda_knuth_7p7c('on')} with case equivalence and "
                                           f"{cuda_knuth_7p7c('off')} without"),
    ("05_all_games_at_once.ipynb", cuda_rate_range),
    ("05_all_games_at_once.ipynb", lambda: f"over in {small_cuda_range()}"),
    ("05_all_games_at_once.ipynb", lambda: f"7p7c with Knuth's strategy in {cuda_knuth_7p7c('on')}"),
    ("06_results.ipynb", ce_share),
    ("06_results.ipynb", ce_keeps_all),
    ("06_results.ipynb", ce_steps),
    ("06_results.ipynb", gpu_over_cpu),
    ("06_results.ipynb", cpu_solve_rate),
    ("06_results.ipynb", turn_spread),
    ("06_results.ipynb", lambda: turn_spread().split(" (")[0].replace(", and at most", " and at most")),
    ("06_results.ipynb", lowest_average_counts),
    ("06_results.ipynb", averages_4p6c),
    ("06_results.ipynb", within_5_4p6c),
    ("06_results.ipynb", opening_steps_counts),
    ("06_results.ipynb", lambda: gpu_against_seed("headline")),
    ("06_results.ipynb", lambda: gpu_against_seed("table")),
    ("06_results.ipynb", cpu_against_seed),
    ("06_results.ipynb", cpu_7p7c),
    ("06_results.ipynb", cpu_runs_6p6c),
    ("06_results.ipynb", engines_5p8c),
    ("06_results.ipynb", kernel_rate),
    ("06_results.ipynb", seed_trillions),
    ("06_results.ipynb", entropy_totals),
    ("06_results.ipynb", lambda: f"account for {ce_threshold('saved scores from regions of 3-5', percent=True)}"),
    ("06_results.ipynb", lambda: f"makes the solve {ce_threshold('time on from 6 / on from 1', ['5p5c', '4p8c', '5p6c', '5p7c'])} slower"),
    ("06_results.ipynb", lambda: f"a threshold of 16 costs {ce_threshold('time on from 16 / on from 1')}"),
    ("08_optimal.ipynb", lambda: f"Over the {len(gaps_up_to_1296()[1])} games of at most 1,296 codewords"),
    ("08_optimal.ipynb", lambda: f"is optimal in {int((gaps_up_to_1296()[1] == 0).sum())} "),
    ("08_optimal.ipynb", best_heuristic_gap),
    ("08_optimal.ipynb", lambda: "furthest, up to {:.2f} turns per game".format(
        gaps_up_to_1296()[0].query("strategy == 'knuth'")["gap_per_game"].max())),
    ("09_rule_variants.ipynb", lambda: f"over the {int(harder_by_strategy(rules_results())['boards'].max())} boards"),
    ("09_rule_variants.ipynb", lambda: f"median saving is {rules_median('norepeat - classic')} turns per game"),
    ("09_rule_variants.ipynb", lambda: f"(4p6c, Knuth: {rules_4p6c_knuth('classic')} turns a game, "
                                       f"{rules_4p6c_knuth('norepeat')} without repeats)"),
    ("09_rule_variants.ipynb", lambda: f"every strategy needs {rules_median('black - classic')} more turns a game "
                                       f"(4p6c, Knuth: {rules_4p6c_knuth('black')})"),
    ("09_rule_variants.ipynb", lambda: "Entropy {:,}, Most Parts {:,}, Expected Size {:,}, Knuth {:,}".format(*(
        variant_gaps().query("game == '4p6c-norepeat'").set_index("strategy").loc[
            ["entropy", "most-parts", "expected-size", "knuth"], "heuristic_total"]))),
    ("09_rule_variants.ipynb", variant_optimal_counts),
    ("09_rule_variants.ipynb", lambda: "the largest gap is {:.2f} turns a game".format(
        variant_gaps().query("rules != 'classic'")["gap_per_game"].max())),
    ("09_rule_variants.ipynb", lambda: bulls_and_cows("entropy")),
    ("09_rule_variants.ipynb", lambda: bulls_and_cows("benchmark")),
    ("09_rule_variants.ipynb", lambda: bulls_and_cows("seconds")),
]


@pytest.mark.parametrize("notebook, expected", CLAIMS, ids=[f"{n[:2]}-{i}" for i, (n, _) in enumerate(CLAIMS)])
def test_prose_quotes_data_as_it_is(notebook, expected):
    text = expected()
    assert text in prose(notebook), f"{notebook}: its prose should say {text!r} (data/ changed?)"


def test_a_stale_figure_is_caught():
    """The same check against prose that quotes an older figure fails."""
    stale = prose("01_scoring.ipynb").replace(f"{workload('numba-packed-array')['workload_s']:.2f} s", "0.52 s")
    expected = CLAIMS[3][1]()
    assert expected in prose("01_scoring.ipynb") and expected not in stale
