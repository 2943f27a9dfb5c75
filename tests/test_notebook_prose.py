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
    """The range of the cpu's scores per second over the whole solves notebook 6's table shows."""
    from mmlib.studies.data_tables import load_benchmarks
    from mmlib.workbench.tables import solve_benchmark_table

    table = solve_benchmark_table(load_benchmarks().frame).frame
    rate = table.loc[table["backend"] == "cpu", "M scores/s"].str.replace(",", "").astype(float) / 1000
    return f"the cpu backend scores {rate.min():.1f} to {rate.max():.1f} billion scores a second"


def gpu_over_cpu_6p6c() -> str:
    """How many times the cpu's scores a second the GPU scores in 6p6c Most Parts and Knuth with case
    equivalence (notebook 6's benchmark table), and which GPU."""
    from mmlib.studies.data_tables import load_benchmarks
    from mmlib.workbench.tables import solve_benchmark_table

    table = solve_benchmark_table(load_benchmarks().frame).frame
    rows = table[(table["game"] == "6p6c") & (table["case equivalence"] == "on")
                 & table["strategy"].isin(["Most Parts", "Knuth"])]
    rate = rows.assign(rate=rows["M scores/s"].str.replace(",", "").astype(float)).pivot_table(
        index="strategy", columns="backend", values="rate")
    ratios = rate["cuda"] / rate["cpu"]
    gpu = current_cuda_solves()["machine"].iloc[0]
    return f"one {gpu} about {ratios.min():.0f} to {ratios.max():.0f} times as many in the same solve"


def ce_share() -> str:
    scores = case_equivalence_scores(load_results().frame).dropna(subset=["scores_with_ce", "scores_without_ce"])
    share = scores["scores_with_ce"] / scores["scores_without_ce"]
    return f"as few as {share.min():.0%} in {scores['game'].iloc[share.argmin()]}"


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
    return f"at worst {per_game.max():.3f} turns per game ({percent:.1f}%) above the optimum ({worst})"


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
    and engine."""
    from mmlib.workbench.plots_results import format_seconds

    rows = latest_optimal_benchmarks()
    a, b = rows.loc["4p6c"], rows.loc["4p7c"]
    assert a["machine"] == b["machine"] and a["engine"] == b["engine"] and a["mmlib_version"] == b["mmlib_version"]
    return (f"the median of {int(a['repeats'])} searches on {a['machine']}, engine {a['engine']}, mmlib "
            f"{a['mmlib_version']}): proving 4p6c takes {format_seconds(float(a['median_s']))} s and "
            f"{int(a['nodes']):,} positions searched; 4p7c takes {format_seconds(float(b['median_s']))} s and "
            f"{int(b['nodes']):,} positions")


def proof_cost_ratio() -> str:
    rows = latest_optimal_benchmarks()
    ratio = float(rows.loc["4p7c", "median_s"]) / float(rows.loc["4p6c", "median_s"])
    return f"4p7c has {2401 / 1296:.2f} times the codewords of 4p6c and takes {ratio:.0f} times as long to prove"


def same_positions_4p6c() -> str:
    """Every timing of the 4p6c proof searched the same positions: the benchmark's and the table's."""
    bench = int(latest_optimal_benchmarks().loc["4p6c", "nodes"])
    optima = load_optimal()
    stored = optima[(optima["game"] == "4p6c") & (optima["objective"] == "total") & optima["max_turns_limit"].isna()]
    assert bench == int(stored["nodes"].iloc[0])
    return f"All four searched the same {bench:,} positions"


def optimal_engine() -> str:
    return f"written `engine {latest_optimal_benchmarks()['engine'].iloc[0]}`"


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
    return (f"fancidev/mastermind's tests give {published:,}, the search here "
            f"{int(possible_row('4p10c-norepeat')['total_turns']):,}")


def unpublished_possible_only() -> str:
    """7p4c and 6p5c: optima with guesses only from the possible secrets, no unrestricted row yet."""
    optima = load_optimal(rules=None)
    for game in ("7p4c", "6p5c"):
        assert len(possible_row(game)) and optima[(optima["game"] == game) & (optima["objective"] == "total")].empty
    return "also 7p4c and 6p5c at pins 7 and 6, whose optima without the rule are not proven yet"


def cost_8p2c_5p3c() -> str:
    optima = load_optimal()
    rows = optima[(optima["objective"] == "total") & optima["max_turns_limit"].isna()].set_index("game")
    assert rows.loc["8p2c", "engine"] == rows.loc["5p3c", "engine"]
    assert rows.loc["5p2c", "seconds"] > rows.loc["5p3c", "seconds"]
    return f"8p2c searches {rows.loc['8p2c', 'nodes'] / rows.loc['5p3c', 'nodes']:.0f} times the positions of 5p3c"


def bulls_and_cows_stored_seconds() -> str:
    optima = load_optimal(rules=None)
    row = optima[(optima["game"] == "4p10c-norepeat") & (optima["objective"] == "total")
                 & optima["max_turns_limit"].isna()].iloc[0]
    assert row["engine"] != latest_optimal_benchmarks().loc["4p10c-norepeat", "engine"]
    return f"by an older engine version, whose {row['seconds']:.0f} s do not compare"


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
    ("06_results.ipynb", gpu_over_cpu_6p6c),
    ("06_results.ipynb", cpu_solve_rate),
    ("06_results.ipynb", lambda: f"account for {ce_threshold('saved scores from regions of 3-5', percent=True)}"),
    ("06_results.ipynb", lambda: f"makes the solve {ce_threshold('time on from 6 / on from 1', ['5p5c', '4p8c', '5p6c', '5p7c'])} slower"),
    ("06_results.ipynb", lambda: f"a threshold of 16 costs {ce_threshold('time on from 16 / on from 1')}"),
    ("08_optimal.ipynb", lambda: f"Over the {len(gaps_up_to_1296()[1])} games of at most 1,296 codewords"),
    ("08_optimal.ipynb", lambda: f"is optimal in {int((gaps_up_to_1296()[1] == 0).sum())} "),
    ("08_optimal.ipynb", best_heuristic_gap),
    ("08_optimal.ipynb", lambda: "furthest, up to {:.3f} turns per game".format(
        gaps_up_to_1296()[0].query("strategy == 'knuth'")["gap_per_game"].max())),
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
    ("08_optimal.ipynb", lambda: f"the published {int(possible_row('5p8c')['total_turns']):,}"),
    ("08_optimal.ipynb", unpublished_possible_only),
    ("08_optimal.ipynb", cost_8p2c_5p3c),
    ("08_optimal.ipynb", bulls_and_cows_stored_seconds),
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
