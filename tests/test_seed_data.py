"""The seed's workloads (mmlib.studies.seed_workloads) and the comparison table (seed_comparison).

Timings are not checked (they go to data/); what is checked is that each
workload is the one it claims to be and that data/seed_comparison.csv is what
data/ says. Cost: about 20 s.
"""

import csv
import shutil

import numpy as np
import pytest

from mmlib.cli import main
from mmlib.core.files import DATA_DIR
from mmlib.core.games import Game
from mmlib.core.scoring import score_matrix_reference
from mmlib.core.scoring_variants import VARIANT_NAMES, score_rows
from mmlib.core.solve import solve
from mmlib.studies import seed_comparison as sc
from mmlib.studies import seed_workloads as sw
from mmlib.studies.first_guess import read_rows


def test_the_4p6c_workload_plays_knuths_games():
    workload = sw.knuth_workload("4p6c", "1122")
    assert int(workload.turns.sum()) == 5801
    np.testing.assert_array_equal(workload.turns, solve("4p6c", "knuth", "cpu", "1122").turns)
    assert workload.search_scores == 1296 * sum(len(ps) for ps in workload.searches)
    assert workload.distinct_searches < len(workload.searches)  # one game at a time repeats them


def test_workload_searches_are_the_possible_secrets_of_each_game():
    """Rebuilt independently: every game's PS after each score, every one of 2 or more searched."""
    game = Game(3, 4)
    workload = sw.knuth_workload(game, "112")
    reference = solve(game, "knuth", "reference", "112")
    np.testing.assert_array_equal(workload.turns, reference.turns)
    scores = score_matrix_reference(game)
    expected = []
    for secret in range(game.size):
        ps = np.arange(game.size)
        for t in range(int(reference.turns[secret]) - 1):
            guess = reference.guesses[t, secret]
            ps = ps[scores[guess, ps] == scores[guess, secret]]
            if len(ps) >= 2:
                expected.append(ps)
    assert len(workload.searches) == len(expected)
    for got, want in zip(workload.searches, expected):
        np.testing.assert_array_equal(got, want)


def test_every_variant_scores_a_block_of_secrets():
    game = Game(3, 5)
    matrix = score_matrix_reference(game)
    secrets = np.array([3, 17, 40, 99, 124])
    guesses = np.array([0, 7, 124])
    for name in VARIANT_NAMES:
        np.testing.assert_array_equal(score_rows(game, name, guesses, secrets), matrix[np.ix_(guesses, secrets)],
                                      err_msg=name)
        np.testing.assert_array_equal(score_rows(game, name, None, secrets), matrix[:, secrets], err_msg=name)


def test_scoring_workload_rows():
    workload = sw.knuth_workload("3p4c", "112")
    rows = sw.time_scoring_workload(workload, repeats=1, sample_every={"python": 3}, command="test")
    assert [row["variant"] for row in rows] == list(VARIANT_NAMES)
    for row in rows:
        assert row["workload_scores"] == workload.search_scores
        assert 0 < row["scores_timed"] <= workload.search_scores
        assert float(row["median_s"]) > 0 and float(row["workload_s"]) >= float(row["median_s"])
    assert rows[0]["scores_timed"] < workload.search_scores  # python replays a sample
    assert rows[-1]["scores_timed"] == workload.search_scores


def test_packed_score_loop_assembly():
    assembly = sw.packed_score_loop("4p6c")
    assert assembly.loops, "no loop found in the assembly"
    narrow = assembly.loop(wide_colors=False)
    assert narrow.label in assembly.asm
    assert all(instruction in assembly.asm for instruction in narrow.instructions[:3])
    assert narrow.scores_per_iteration >= 1 and 0 < narrow.instructions_per_score < 100
    assert narrow.instructions[-1].startswith("j")
    # the whole score: the listing reads the color counts (all hits), not only the packed words
    assert narrow.full_score and any(",8)" in line for line in narrow.instructions)
    # The lines under the listing write each ratio with the counts it comes from, and count the
    # loop that scores the secrets left after the last full pass (unvectorized: fewer per pass).
    count, scores = len(narrow.instructions), narrow.scores_per_iteration
    lines = assembly.counted(21)
    assert f"{count} instructions for {scores} scores, {count} ÷ {scores} = {count / scores:.4g} per score" in lines
    assert f"21 ÷ {count / scores:.4g} = {21 / (count / scores):.2g} times as many" in lines
    leftover = assembly.leftover_loop()
    if leftover is not None:
        assert leftover.full_score and leftover.scores_per_iteration < scores
        assert f"{len(leftover.instructions)} instructions for {leftover.scores_per_iteration} scores" in lines
    assert all(len(line) <= 100 for line in lines.splitlines())  # printed: no line a page must wrap


@pytest.mark.parametrize("cache", [False, True])
def test_one_at_a_time_plays_the_same_games_as_solve(cache):
    expected = solve("3p5c", "expected-size", "cpu", "112", case_equivalence="off")
    played = sw.play_one_at_a_time("3p5c", "expected-size", "112", cache)
    np.testing.assert_array_equal(played["turns"], expected.turns)
    uncached = sw.play_one_at_a_time("3p5c", "expected-size", "112", False)
    if cache:
        assert played["searches"] < uncached["searches"]


def test_one_at_a_time_rows():
    rows = sw.time_one_at_a_time(["3p4c"], ["knuth", "most-parts"], repeats=1)
    assert len(rows) == 6
    assert {row["method"] for row in rows} == {"all at once (solve, cpu)", "one at a time, cache of positions",
                                               "one at a time, no cache"}
    assert len({(row["strategy"], row["total_turns"]) for row in rows}) == 2


def test_ce_threshold_rows():
    rows = sw.time_ce_threshold(["4p4c"], ["knuth"], thresholds=(1, 6), repeats=1)
    scores = {row["setting"]: int(row["scores"]) for row in rows}
    saved = {row["setting"]: int(row["scores_saved"]) for row in rows}
    assert scores["on from 1"] < scores["on from 6"] <= scores["off"]
    assert saved["off"] == 0
    assert all(scores[s] + saved[s] == scores["off"] for s in scores)


def test_seed_comparison_table_is_what_data_says():
    """data/seed_comparison.csv equals the rows rebuilt from the seed's figures and data/."""
    with (DATA_DIR / "seed_comparison.csv").open(newline="") as handle:
        stored = list(csv.DictReader(handle))
    rebuilt = [{column: str(row[column]) for column in sc.COLUMNS} for row in sc.comparison_rows()]
    assert stored == rebuilt
    for row in stored:
        if row["agreement"].startswith("differs"):
            assert row["reason"], row
        else:
            assert not row["reason"], row
    seven = [row for row in stored if row["game"] == "7p7c"]
    assert {row["case_equivalence"] for row in seven} == {"on", "off"}
    assert all(row["agreement"] == "equal: scores" for row in seven)
    frame = sc.load_seed_comparison()
    assert len(frame) == len(stored) and (frame["codewords"] > 0).all()


def test_seed_comparison_reports_a_difference(tmp_path):
    """The agreement column is computed: change mmlib's 4p6c Knuth total and it differs."""
    for name in ("results.csv", "benchmarks.csv", "first_guesses.csv"):
        shutil.copy(DATA_DIR / name, tmp_path / name)
    text = (tmp_path / "results.csv").read_text().splitlines()
    for i, line in enumerate(text):
        if line.startswith("4p6c,4,6,1296,knuth,1122,5801,"):
            text[i] = line.replace(",5801,", ",5802,", 1)
    (tmp_path / "results.csv").write_text("\n".join(text) + "\n")
    rows = sc.comparison_rows(tmp_path)
    knuth = next(r for r in rows if (r["game"], r["strategy"], r["first_guess"]) == ("4p6c", "knuth", "1122"))
    assert knuth["agreement"] == "differs: total" and knuth["mmlib_total_turns"] == "5802"


def test_seed_data_command(tmp_path, capsys):
    out = tmp_path / "comparison.csv"
    assert main(["seed-data", "comparison", "--output", str(out)]) == 0
    assert out.read_text() == (DATA_DIR / "seed_comparison.csv").read_text()
    assert main(["seed-data", "ce-threshold", "--thresholds", "x", "--output", str(out)]) == 2
    assert "error:" in capsys.readouterr().err


def test_every_game_has_scores_with_and_without_case_equivalence():
    """The seed's log-scale figure: both counts for every game's best-max opening, every strategy."""
    from mmlib.studies.data_tables import case_equivalence_scores, load_results

    results = load_results(rules=None).frame  # every rule set
    for strategy in ("knuth", "expected-size", "entropy", "most-parts"):
        frame = case_equivalence_scores(results, strategy)
        complete = {row["game"] for row in read_rows(DATA_DIR / "first_guesses.csv")
                    if row["strategy"] == strategy}
        assert complete <= set(frame["game"]), complete - set(frame["game"])
        assert (frame["scores_with_ce"] <= frame["scores_without_ce"]).all()
        assert (frame["ratio"] >= 1).all() and frame["ratio"].max() > 2
    rows = [r for r in read_rows(DATA_DIR / "results.csv") if r["scores_with_ce"]]
    assert all(int(r["scores_without_ce"]) == int(r["scores"]) + int(r["scores_saved"]) for r in rows)
