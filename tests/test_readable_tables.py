"""The one table formatter (`mmlib.workbench.tables.readable`) and the like-with-like pairing of
benchmark rows behind notebook 5's GPU table and the benchmark figures."""

import numpy as np
import re

import pandas as pd
import pytest

import reader_checks
from mmlib.studies.data_tables import gpu_beside_cpu, like_with_like, load_benchmarks, machine_names
from mmlib.workbench.tables import READABLE_CLASS, gpu_alone_table, gpu_beside_cpu_table, readable


def test_numbers_read_as_a_person_writes_them():
    frame = pd.DataFrame({"total_turns": [5801.0, 26274.0], "average_turns": [4.47612, 5.2131],
                          "gap_per_game": [0.0201, 0.298], "first_guess": ["1122", "1123"],
                          "optimal": [True, False], "scores": [1.7e4, 2_594_858_890_338]})
    table = readable(frame).frame
    assert list(table.columns) == ["total turns", "average turns", "gap per game (turns)", "first guess",
                                   "optimal", "scores"]
    assert table.iloc[0].tolist() == ["5,801", "4.476", "0.0201", "1122", "yes", "17,000"]
    assert table.iloc[1].tolist() == ["26,274", "5.213", "0.2980", "1123", "no", "2,594,858,890,338"]
    assert reader_checks.problems_in(repr(readable(frame))) == []


def test_formats_names_and_index():
    frame = pd.DataFrame({"median_s": [0.000123, 948.0], "share": [0.057, 0.5], "x_y": [1.23456, 2.0]},
                         index=pd.Index(["4p6c", "7p7c"], name="game"))
    table = readable(frame, formats={"median_s": "seconds", "share": "percent", "x_y": 1},
                     names={"x_y": "ratio"}).frame
    assert list(table.columns) == ["game", "median s", "share", "ratio"]  # a named index is a column
    assert table.iloc[:, 1:].values.tolist() == [["0.00012", "5.7%", "1.2"], ["948", "50.0%", "2.0"]]
    filtered = pd.DataFrame({"a": [1, 2, 3]}, index=[248, 249, 250])
    assert "248" not in repr(readable(filtered))  # row numbers left by a filter are no column


def test_an_empty_cell_must_say_why():
    frame = pd.DataFrame({"game": ["7p2c"], "entropy": [np.nan]})
    with pytest.raises(ValueError, match="entropy.*say why"):
        readable(frame)
    assert readable(frame, blank="not in results.csv").frame["entropy"].tolist() == ["not in results.csv"]
    assert readable(frame, blank={"entropy": "not swept"}).frame["entropy"].tolist() == ["not swept"]


def test_grouped_columns_are_joined_and_nothing_is_cut_off():
    frame = pd.DataFrame({"strategy": ["knuth", "knuth"], "gap": [0.1, 0.3]})
    grouped = frame.groupby("strategy")[["gap"]].agg(["mean", "max"])
    assert list(readable(grouped).frame.columns) == ["strategy", "gap, mean", "gap, max"]
    long = "times only; seed: RTX 4090, CUDA; mmlib: 2-core AMD EPYC, mmlib cpu backend, 2 threads"
    shown = readable(pd.DataFrame({"reason": [long]}))
    with pd.option_context("display.max_colwidth", 20):
        assert long in shown._repr_html_() and long in repr(shown)
    assert f'class="dataframe {READABLE_CLASS}"' in shown._repr_html_()


def test_a_note_sets_names_in_backticks_in_code_font():
    """Review r4 of notebook 7: a note's code names read as broken English in plain text."""
    table = readable(pd.DataFrame({"a": [1]}), note="the first guess that `solve` plays, from `data/x.csv` (a < b)")
    assert table._repr_html_().endswith('<p class="mm-table-note">the first guess that <code>solve</code> plays, '
                                        'from <code>data/x.csv</code> (a &lt; b)</p>')
    assert repr(table).endswith("the first guess that `solve` plays, from `data/x.csv` (a < b)")


def benchmark(date, backend, opening, ce, seconds, **extra):
    return {"date": date, "game": "6p6c", "codewords": 46656, "strategy": "knuth", "backend": backend,
            "first_guess": opening, "case_equivalence": ce, "median_s": seconds, "scores": 1, "scores_per_s": 1.0,
            "cpu_model": "AMD EPYC" if backend == "cpu" else "Intel(R) Xeon(R) Processor", "cores": 2 if backend == "cpu" else 16,
            "device": "NVIDIA H100 80GB HBM3" if backend == "cuda" else np.nan,
            "machine": "NVIDIA H100 80GB HBM3" if backend == "cuda" else "AMD EPYC, 2 cores",
            "engine": "solve-cuda 5" if backend == "cuda" else "solve-cpu 6", **extra}


def test_the_gpu_is_paired_with_the_cpu_run_of_the_same_solve():
    rows = pd.DataFrame([
        benchmark("2026-11-23T09:48", "cuda", "111234", "off", 0.04),
        benchmark("2026-11-21T21:41", "cpu", "112233", "off", 3.6),   # another opening: no pair
        benchmark("2026-11-23T09:49", "cuda", "111234", "on", 0.05),
        benchmark("2026-11-22T10:00", "cpu", "111234", "on", 2.5),    # newest cpu run of this solve ...
        benchmark("2026-11-21T22:09", "cpu", "111234", "on", 2.7),    # ... though written after this one
    ])
    pairs = gpu_beside_cpu(rows).set_index("case_equivalence")
    assert pairs.loc["on", "cpu_s"] == 2.5 and pairs.loc["on", "cpu_over_cuda"] == pytest.approx(50)
    assert np.isnan(pairs.loc["off", "cpu_s"]) and pairs.loc["off", "no_cpu_because"] == "the cpu run opened 112233"
    table = gpu_beside_cpu_table(rows)
    # One row per solve, each setting's cuda time beside the cpu time of the very same solve; the
    # setting no cpu run pairs has no cpu column, and the note says why.
    assert table.frame.iloc[0].to_dict() == {
        "game": "6p6c", "strategy": "Knuth", "opening": "111234", "cuda s, off": "0.040",
        "cuda s, on": "0.050", "cpu s, on": "2.5", "cpu / cuda, on": "50x"}
    assert table.note.startswith("off, on: case equivalence off, on.")
    assert "Knuth with case equivalence off in 6p6c (the cpu run opened 112233)" in table.note
    assert "NVIDIA H100 80GB HBM3" in table.note and "AMD EPYC, 2 cores" in table.note
    assert reader_checks.problems_in(repr(table)) == []
    # A game no cpu run has goes to the table of the GPU alone, and the note says so.
    alone = pd.DataFrame([benchmark("2026-11-23T09:50", "cuda", "1122334", "on", 3.6, game="7p7c", codewords=823543)])
    both = pd.concat([rows, alone], ignore_index=True)
    assert "7p7c" not in set(gpu_beside_cpu_table(both).frame["game"])
    assert "7p7c (no run of them by the current cpu engine)" in gpu_beside_cpu_table(both).note
    assert gpu_alone_table(both).frame["game"].tolist() == ["7p7c"]


def test_like_with_like_keeps_one_opening_per_game_and_strategy():
    rows = pd.DataFrame([benchmark("1", "cuda", "111234", "off", 0.04), benchmark("2", "cuda", "111234", "on", 0.05),
                         benchmark("3", "cpu", "111234", "on", 2.7), benchmark("4", "cpu", "112233", "off", 3.6)])
    kept, left_out = like_with_like(rows)
    assert set(kept["first_guess"]) == {"111234"} and left_out["first_guess"].tolist() == ["112233"]
    assert machine_names(kept).tolist() == ["NVIDIA H100 80GB HBM3"] * 2 + ["AMD EPYC, 2 cores"]


def test_every_cuda_row_of_data_is_paired_or_says_why():
    frame = load_benchmarks().frame
    pairs = gpu_beside_cpu(frame)
    beside, alone = gpu_beside_cpu_table(frame), gpu_alone_table(frame)
    assert len(beside.frame) and not beside.frame.isna().any().any() and not alone.frame.isna().any().any()
    # Every cuda solve is in one of the two tables: its game beside the cpu or alone, never both.
    assert set(beside.frame["game"]) | set(alone.frame["game"]) == set(pairs["game"])
    assert not set(beside.frame["game"]) & set(alone.frame["game"])
    cuda_cells = beside.frame[[c for c in beside.frame.columns if c.startswith("cuda s")]]
    shown = int((cuda_cells != "–").sum().sum()) + len(alone.frame)
    assert shown == len(pairs)
    # A cuda solve with no cpu counterpart is named, with why, in one line of the note.
    if (~pairs["cpu_s"].notna()).any():
        assert "No cpu counterpart: " in beside.note


def test_text_columns_are_left_aligned_numbers_right_and_short_cells_never_wrap():
    frame = pd.DataFrame({"player": ["a random possible secret", "Knuth"], "turns": [4.695, 4.5],
                          "opening": ["1122", "1234"], "machine": ["AMD EPYC, 2 cores", "Apple M2"],
                          "why": ["a reason long enough to be allowed to wrap over two lines", "short"]})
    table = readable(frame)
    page = table._repr_html_()
    cells = re.findall(r'<td style="text-align: (\w+);( white-space: nowrap;)?">([^<]*)</td>', page)
    align = {text: side for side, _, text in cells}
    assert align["a random possible secret"] == "left" and align["4.695"] == "right"
    assert align["1122"] == "left"  # a codeword is a name, not a number
    wraps = {text: not nowrap for _, nowrap, text in cells}
    assert not wraps["AMD EPYC, 2 cores"] and wraps[frame["why"][0]]
    # The plain text lines up the same way.
    lines = repr(table).splitlines()
    assert lines[2].startswith("Knuth ") and lines[2].split()[1] == "4.500"
    assert lines[0].index("turns") + len("turns") == lines[1].index("4.695") + len("4.695")


def test_counts_given_as_text_line_up_as_numbers_but_codewords_stay_names():
    table = readable(pd.DataFrame({"move": ["1122=1,0", "total"], "possible": ["1,296", ""],
                                   "loss": ["0.059", "0.147"], "guess": ["1122", "1234"]}))
    assert table.numeric == {"possible", "loss"}  # the empty cell of a total row does not make text


def test_each_of_several_commits_names_the_rows_it_timed():
    """Review r2 of notebook 5: 'mmlib b163b50, d1ef6c5' beside timings said nothing of which rows each timed."""
    from mmlib.studies.data_tables import commits_of_rows

    rows = pd.DataFrame([
        {"game": "5p8c", "strategy": "knuth", "case_equivalence": "on", "mmlib_version": "b163b50", "date": "1"},
        {"game": "6p6c", "strategy": "entropy", "case_equivalence": "on", "mmlib_version": "b163b50", "date": "2"},
        {"game": "6p6c", "strategy": "knuth", "case_equivalence": "on", "mmlib_version": "d1ef6c5", "date": "3"},
    ])
    assert commits_of_rows(rows) == "b163b50 (5p8c; 6p6c Entropy), d1ef6c5 (6p6c Knuth)"
    assert commits_of_rows(rows[rows["game"] == "5p8c"]) == "b163b50"  # one commit: nothing to tell apart
    pairs = gpu_beside_cpu_table(load_benchmarks().frame)
    if len(set(gpu_beside_cpu(load_benchmarks().frame)["cpu_commit"].dropna())) > 1:
        assert re.search(r"mmlib \w+ \(\S", pairs.note)


def test_a_ratio_is_what_a_reader_gets_from_the_times_shown():
    """Review r2 of notebook 5: 45x beside 2.3 s and 0.053 s (which give 43x)."""
    from mmlib.workbench.tables import shown_ratio

    assert shown_ratio("2.3", "0.053") == "43x" and shown_ratio("1,695", "5.7") == "297x"
    table = gpu_beside_cpu_table(load_benchmarks().frame)
    for _, row in table.frame.iterrows():
        for ce in ("off", "on"):
            if f"cpu / cuda, {ce}" in row and row[f"cpu / cuda, {ce}"] != "–":
                assert row[f"cpu / cuda, {ce}"] == shown_ratio(row[f"cpu s, {ce}"], row[f"cuda s, {ce}"])
    assert "as shown" in table.note


def test_the_kernel_row_says_what_one_timed_run_does():
    """Review r2 of notebook 5: 34,012,224 scores for 'one guess against every secret' of 531,441."""
    from mmlib.core.games import Game
    from mmlib.studies.bench import KERNEL_GUESSES
    from mmlib.workbench.tables import scoring_kernel_table

    table = scoring_kernel_table(load_benchmarks().frame)
    row = table.frame.iloc[0]
    size = Game.parse(row["game"]).size
    assert row["guesses"] == f"{KERNEL_GUESSES:,}" and row["secrets"] == f"{size:,}"
    assert row["scores per run"] == f"{KERNEL_GUESSES * size:,}"
    assert f"One timed run: {KERNEL_GUESSES} distinct guesses of {row['game']}" in table.note


def test_the_seed_solve_table_holds_one_value_per_cell_and_every_scores_count():
    from mmlib.studies.seed_comparison import load_seed_comparison
    from mmlib.workbench.tables import seed_solve_table

    table = seed_solve_table(load_seed_comparison(), load_benchmarks().frame, "7p7c", "knuth")
    frame = table.frame
    assert list(frame.columns) == ["case equivalence", "solver", "threads", "engine", "commit", "machine",
                                   "measured", "solves", "scores computed", "seconds"]
    assert set(frame["solver"]) == {"mmlib cuda", "mmlib cpu", "seed CUDA"}
    # Every row shows the scores it computed, the seed's published count included, and they agree per setting.
    assert frame.groupby("case equivalence")["scores computed"].nunique().eq(1).all()
    assert "the seed publishes no turn count" in table.note
    assert reader_checks.problems_in(repr(table)) == []


def test_every_rate_is_what_a_reader_gets_from_the_seconds_shown():
    """Notebook 5's rule for every table: a rate beside seconds is computed from the seconds as shown."""
    from mmlib.workbench.tables import gpu_alone_table, scoring_kernel_table

    def number(text: str) -> float:
        return float(str(text).replace(",", ""))

    frame = load_benchmarks().frame
    for _, row in gpu_alone_table(frame).frame.iterrows():
        assert row["billion scores/s"] == f"{number(row['scores computed']) / number(row['cuda s']) / 1e9:,.0f}"
    kernel = scoring_kernel_table(frame).frame.iloc[0]
    assert kernel["billion scores/s"] == f"{number(kernel['scores per run']) / number(kernel['median s']) / 1e9:.2f}"


def test_a_turns_scores_add_up_by_the_rule_the_page_gives():
    """Review r3 of notebook 5: 1,296 + 1,294 × 1,296 is not the 1,678,336 of turn 1 without the
    k² of the fully discriminating check."""
    from mmlib import solve
    from mmlib.workbench.tables import turn_scores_sum

    toy = solve("3p3c", "knuth", backend="reference", first_guess="112", case_equivalence="off")
    text = turn_scores_sum(toy, turn=1)
    assert "27 secrets in play, each scored against its guess (27 scores)" in text
    assert "113 (6² + 6² + 4² + 4² + 3²: the 5 regions of 3 to 9 secrets;" in text
    # Review r4: a region whose check finds no fully discriminating member is searched in full as well.
    assert "4 have a fully discriminating member, the other one has none and is also searched in full)" in text
    assert toy.turn_stats[0].fd_regions == 4 and toy.turn_stats[0].searched_regions == 1
    result = solve("4p6c", "knuth", backend="reference", first_guess="1122", case_equivalence="off")
    assert ("16 (4²: the one region of 3 to 14 secrets;\n    no member of it is fully discriminating, so it is also "
            "searched in full)") in turn_scores_sum(result, turn=1)
    assert "6 secrets in the regions searched × 27 codewords = 162" in text and text.endswith("= 302 scores computed on turn 1")
    for turn in range(1, len(toy.turn_stats) + 1):  # the last turn leaves no region after it
        assert f"= {toy.turn_stats[turn - 1].scores:,} scores computed on turn {turn}" in turn_scores_sum(toy, turn)
    with pytest.raises(ValueError, match="case equivalence"):
        turn_scores_sum(solve("3p3c", "knuth", backend="reference", case_equivalence="on"), 1)


def test_the_gpu_table_shows_the_turns_both_backends_played():
    """Review r3 of notebook 5: 'the GPU played the same guess in every game' with nothing on the page
    that showed it."""
    table = gpu_beside_cpu_table(load_benchmarks().frame, turns=True)
    # Review r11: each backend's total turns in its own column, so that the reader sees them agree.
    assert list(table.frame.columns[-2:]) == ["cuda turns", "cpu turns"]
    assert {"cuda turns", "cpu turns"} <= set(table.numeric)
    pairs = gpu_beside_cpu(load_benchmarks().frame)
    paired = pairs[pairs["cpu_s"].notna()]
    if len(paired) and (paired["cuda_total_turns"] == paired["cpu_total_turns"]).all():
        assert "the same on both backends" in table.note
    assert list(gpu_beside_cpu_table(load_benchmarks().frame).frame.columns) == list(table.frame.columns[:-2])
    if len(paired) and (paired["cuda_total_turns"] == paired["cpu_total_turns"]).all():
        shown = table.frame[table.frame["cpu turns"] != "–"]
        assert len(shown) and (shown["cuda turns"] == shown["cpu turns"]).all()


def test_notebooks_5_and_6_write_the_kernel_table_alike():
    """Review r3 of notebook 5 (0.0425 and 1.10 beside tables of two significant digits) against
    notebook 6's table of the same row: one kernel run is written the same way on both pages (its
    median 0.0425 s and 0.80 billion scores a second), the rate worked out from the seconds as shown;
    notebook 5's brief note leaves out what its prose says, and its load average has one decimal."""
    from mmlib.workbench.tables import scoring_kernel_table

    frame = load_benchmarks().frame
    full, brief = scoring_kernel_table(frame, define_columns=True), scoring_kernel_table(frame, brief=True)
    for column in ("median s", "billion scores/s", "scores per run", "runs", "CPU use"):
        assert brief.frame[column].tolist() == full.frame[column].tolist(), column
    row = brief.frame.iloc[0]
    number = float(row["scores per run"].replace(",", "")) / float(row["median s"]) / 1e9
    assert row["billion scores/s"] == f"{number:.2f}" and re.fullmatch(r"\d+\.\d", row["load average"])
    assert "Each run" in full.note and "One timed run" not in brief.note and "Each run" not in brief.note
    assert "engine scoring" in brief.note


def test_the_seed_solve_table_can_give_each_rows_rate():
    from mmlib.studies.seed_comparison import load_seed_comparison
    from mmlib.workbench.tables import seed_solve_table

    table = seed_solve_table(load_seed_comparison(), load_benchmarks().frame, "7p7c", "knuth", rates=True)
    for _, row in table.frame.iterrows():
        rate = float(row["scores computed"].replace(",", "")) / float(row["seconds"].replace(",", "")) / 1e9
        assert float(row["billion scores/s"].replace(",", "")) == pytest.approx(rate, rel=5e-3)
    assert "billion scores/s" in table.numeric and "as shown" in table.note


def test_case_equivalence_is_timed_both_ways_at_the_same_load():
    """Review r4 of notebook 5: the live 4p6c solve with case equivalence computed a third of the scores
    in the time of the solve without, and nothing on the page said whether case equivalence pays there."""
    from mmlib import solve
    from mmlib.workbench.timing import case_equivalence_beside

    table = case_equivalence_beside("4p6c", "knuth", runs=1, first_guess="1122")
    assert table.frame["case equivalence"].tolist() == ["off", "on"]
    assert list(table.frame.columns) == ["case equivalence", "scores computed", "turn 1: scores",
                                         "turns 2 to 5: scores", "CPU s", "wall s"]
    for setting, row in zip(("off", "on"), table.frame.itertuples(index=False)):
        result = solve("4p6c", "knuth", backend="reference", first_guess="1122", case_equivalence=setting)
        stats = result.turn_stats
        assert [row[1], row[2], row[3]] == [f"{result.scores:,}", f"{stats[0].scores:,}",
                                            f"{sum(s.scores for s in stats[1:]):,}"]
    assert "4p6c, Knuth, opening 1122" in table.note and "solve-cpu" in table.note and "load average" in table.note
