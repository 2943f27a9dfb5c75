"""First guesses: the patterns, the ranking, the sweep and its tables, solve's default.

Cost on the 2-core machine: about 15 s (the 4p6c rankings, ten solves, and
small sweeps on the reference backend), plus the cpu backend's compile time if
no earlier test paid it.
"""

import csv
import json

import numpy as np
import pytest

import mmlib.core.openings as openings
import mmlib.studies.first_guess as fg
from mmlib.cli import main
from mmlib.studies.first_guess import (
    FIRST_GUESSES_CSV,
    RESULTS_CSV,
    best_average_key,
    best_max_key,
    default_sweep_games,
    first_guess_patterns,
    first_guess_table,
    read_rows,
)
from mmlib.core.games import Game
from mmlib.core.solve import solve
from mmlib.core.strategies import Strategy

from naive import digits_of, small_games

# REFERENCE.md figures for the openings the two strategies should pick.
PUBLISHED = {("knuth", "1122"): (5801, 5), ("most-parts", "1123"): (5668, 6)}


def test_patterns_of_4_pins():
    assert first_guess_patterns("4p6c") == ["1111", "1112", "1122", "1123", "1234"]
    assert first_guess_patterns("4p2c") == ["1111", "1112", "1122"]
    assert first_guess_patterns("2p9c") == ["11", "12"]
    assert len(first_guess_patterns("8p15c")) == 22  # every partition of 8


@pytest.mark.parametrize("game", small_games(4096), ids=str)
def test_patterns_are_the_first_codeword_of_each_color_count_shape(game):
    """Brute force: group all codewords by their sorted color counts; the patterns
    are the lexically first codeword of each group."""
    digits = digits_of(game, np.arange(game.size))
    counts = np.stack([(digits == k).sum(axis=1) for k in range(game.colors)], axis=1)
    shapes = np.sort(counts, axis=1)
    _, first = np.unique(shapes, axis=0, return_index=True)
    expected = sorted(game.format_codeword(i) for i in first)
    assert first_guess_patterns(game) == expected


def run_json(capsys, *args):
    assert main(list(args)) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("strategy, winner", [("knuth", "1122"), ("most-parts", "1123")])
def test_first_guess_command_picks_the_published_openings(capsys, strategy, winner):
    out = run_json(capsys, "first-guess", "4p6c", "--strategy", strategy, "--json")
    assert out["best_max"] == winner
    rows = {row["first_guess"]: row for row in out["patterns"]}
    assert sorted(rows) == first_guess_patterns("4p6c")
    total, worst = PUBLISHED[(strategy, winner)]
    assert (rows[winner]["total_turns"], rows[winner]["max_turns"]) == (total, worst)
    # The ranking: lowest max, then lowest total; best average by total first.
    ranked = sorted(rows.values(), key=lambda r: (r["max_turns"], r["total_turns"]))
    assert [r["first_guess"] for r in out["patterns"]] == [r["first_guess"] for r in ranked]
    assert out["best_average"] == min(rows.values(), key=lambda r: r["total_turns"])["first_guess"]
    for row in out["patterns"]:
        assert sum(row["histogram"]) == 1296 and row["average_turns"] == pytest.approx(row["total_turns"] / 1296)


def test_first_guess_readable_table(capsys):
    assert main(["first-guess", "3p3c", "--strategy", "entropy", "--backend", "reference"]) == 0
    out = capsys.readouterr().out
    assert "best max" in out and "best average" in out
    for pattern in first_guess_patterns("3p3c"):
        assert pattern in out


def test_default_sweep_covers_the_issue_games():
    names = {g.name for g in default_sweep_games()}
    for p in range(2, 6):
        for c in range(2, 9):
            assert f"{p}p{c}c" in names
    assert {f"6p{c}c" for c in range(2, 7)} <= names and "6p7c" not in names
    assert {f"{p}p{c}c" for p in (2, 3, 4) for c in range(2, 16)} <= names
    sizes = [g.size for g in default_sweep_games()]
    assert sizes == sorted(sizes)  # smallest first


def sweep(tmp_path, *extra):
    return main(["sweep", "--backend", "reference", "--no-progress",
                 "--results", str(tmp_path / "results.csv"),
                 "--first-guesses", str(tmp_path / "first_guesses.csv"), *extra])


def test_sweep_writes_both_tables_and_resumes(tmp_path, capsys):
    assert sweep(tmp_path, "--games", "3p3c,2p4c", "--strategies", "knuth,entropy") == 0
    results = read_rows(tmp_path / "results.csv")
    assert len(results) == 2 * (len(first_guess_patterns("3p3c")) + len(first_guess_patterns("2p4c")))
    for row in results:
        game = Game.parse(row["game"])
        played = solve(game, row["strategy"], "reference", row["first_guess"], "off")
        assert int(row["total_turns"]) == played.total_turns
        assert int(row["max_turns"]) == played.max_turns
        assert row["histogram"].split() == [str(n) for n in played.turn_histogram]
        assert row["backend"] == "reference" and float(row["seconds"]) >= 0
    winners = read_rows(tmp_path / "first_guesses.csv")
    assert len(winners) == 4
    for winner in winners:
        rows = [r for r in results if (r["game"], r["strategy"]) == (winner["game"], winner["strategy"])]
        assert winner["best_max"] == min(rows, key=best_max_key)["first_guess"]
        assert winner["best_average"] == min(rows, key=best_average_key)["first_guess"]
    capsys.readouterr()

    # Resuming plays nothing new; a lost row is played again, and only that one.
    assert sweep(tmp_path, "--games", "3p3c,2p4c", "--strategies", "knuth,entropy") == 0
    assert "wrote 0 rows" in capsys.readouterr().out
    assert read_rows(tmp_path / "results.csv") == results
    kept = [r for r in results if not (r["game"] == "3p3c" and r["strategy"] == "knuth"
                                       and r["first_guess"] == "123")]
    with open(tmp_path / "results.csv", "w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(results[0]))
        writer.writeheader()
        writer.writerows(kept)
    assert sweep(tmp_path, "--games", "3p3c,2p4c", "--strategies", "knuth,entropy") == 0
    assert "wrote 1 rows" in capsys.readouterr().out
    again = read_rows(tmp_path / "results.csv")
    assert [{k: v for k, v in r.items() if k != "seconds"} for r in again] == \
        [{k: v for k, v in r.items() if k != "seconds"} for r in results]
    # No temporaries; the lock file beside the results table stays (docs/guarantees.md).
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == [".results.csv.lock"]


def test_partial_games_get_no_winner(tmp_path):
    results = [
        {"game": "3p3c", "strategy": "knuth", "first_guess": "111", "total_turns": "80", "max_turns": "4",
         "average_turns": "2.96"},
    ]
    assert first_guess_table(results) == []


def test_sweep_dry_run_and_bad_input(tmp_path, capsys):
    assert sweep(tmp_path, "--max-codewords", "9", "--strategies", "most-parts", "--dry-run") == 0
    out = capsys.readouterr().out.split("\n")
    assert "2p2c most-parts 11" in out and "2p3c most-parts 12" in out
    assert not (tmp_path / "results.csv").exists()
    assert main(["sweep", "--games", "9p9c"]) == 2
    assert "pins must be 2..8" in capsys.readouterr().err
    assert main(["first-guess", "4p6c", "--strategy", "bogus"]) == 2
    assert "choose one of knuth" in capsys.readouterr().err


def test_solve_plays_the_tables_first_guess(tmp_path, monkeypatch):
    table = tmp_path / "first_guesses.csv"
    table.write_text("game,strategy,best_max\n3p3c,knuth,123\n")
    monkeypatch.setattr(openings, "FIRST_GUESSES_CSV", table)
    openings._first_guess_rows.cache_clear()
    try:
        assert solve("3p3c", "knuth", "reference").first_guess_text == "123"
        # No row: the rule of pairs, 1122.. (see mmlib.core.openings.default_first_guess).
        assert solve("3p3c", "entropy", "reference").first_guess_text == "112"
    finally:
        monkeypatch.undo()
        openings._first_guess_rows.cache_clear()


def test_saving_the_default_table_makes_solve_read_it_again(tmp_path, monkeypatch):
    """save_tables on the table solve reads (the default path) drops solve's cached copy."""
    table = tmp_path / "first_guesses.csv"
    monkeypatch.setattr(openings, "FIRST_GUESSES_CSV", table)
    monkeypatch.setattr(fg, "FIRST_GUESSES_CSV", table)
    openings.forget_first_guess_table()
    try:
        assert fg.table_first_guess(Game(2, 2), Strategy.KNUTH) is None
        rows = [fg.result_row(solve("2p2c", "knuth", "reference", pattern))
                for pattern in fg.first_guess_patterns(Game(2, 2))]
        fg.save_tables(rows, tmp_path / "results.csv", table)
        assert fg.table_first_guess(Game(2, 2), Strategy.KNUTH) == fg.first_guess_table(rows)[0]["best_max"]
    finally:
        monkeypatch.undo()
        openings.forget_first_guess_table()


def test_data_tables_agree():
    """data/first_guesses.csv is derived from data/results.csv, whose 4p6c rows hold
    REFERENCE.md's figures, and the table's winners are what solve plays by default."""
    results = read_rows(RESULTS_CSV)
    assert read_rows(FIRST_GUESSES_CSV) == first_guess_table(results)
    figures = {(r["strategy"], r["first_guess"]): (int(r["total_turns"]), int(r["max_turns"]))
               for r in results if r["game"] == "4p6c"}
    for key, expected in PUBLISHED.items():
        assert figures[key] == expected
    winners = {(r["game"], r["strategy"]): r["best_max"] for r in read_rows(FIRST_GUESSES_CSV)}
    assert winners[("4p6c", "knuth")] == "1122" and winners[("4p6c", "most-parts")] == "1123"
    openings._first_guess_rows.cache_clear()
    for strategy in Strategy:
        assert fg.table_first_guess(Game(4, 6), strategy) == winners[("4p6c", strategy.label)]


def test_fill_ce_scores_gives_every_row_both_counts(tmp_path, capsys):
    results, winners = tmp_path / "results.csv", tmp_path / "first_guesses.csv"
    common = ["--results", str(results), "--first-guesses", str(winners), "--no-progress",
              "--strategies", "knuth"]
    assert main(["sweep", "--games", "3p4c", "--case-equivalence", "off", *common]) == 0
    assert main(["sweep", "--games", "2p4c", "--case-equivalence", "on", *common]) == 0
    rows = read_rows(results)
    assert all(r["scores_without_ce"] for r in rows)
    assert {r["game"] for r in rows if not r["scores_with_ce"]} == {"3p4c"}
    copy = tmp_path / "copy.csv"
    copy.write_text(results.read_text())
    assert main(["sweep", "--fill-ce-scores", "--games", "3p4c", "--results", str(copy),
                 "--first-guesses", str(tmp_path / "w2.csv"), "--no-progress"]) == 0
    assert main(["sweep", "--fill-ce-scores", "--ce-scores-from", str(copy), *common]) == 0
    assert "filled the case-equivalence scores of 3 rows" in capsys.readouterr().out
    filled = read_rows(results)
    assert read_rows(winners) == first_guess_table(filled)
    for row in filled:
        on = solve(row["game"], "knuth", "reference", row["first_guess"], case_equivalence="on")
        assert int(row["scores_with_ce"]) == on.scores
        assert int(row["scores_without_ce"]) == on.scores + on.scores_saved
    assert any(int(r["scores_with_ce"]) < int(r["scores_without_ce"]) for r in filled)


def test_fill_ce_scores_winners_only(tmp_path):
    results, winners = tmp_path / "results.csv", tmp_path / "first_guesses.csv"
    assert main(["sweep", "--games", "3p5c", "--case-equivalence", "off", "--strategies", "knuth",
                 "--results", str(results), "--first-guesses", str(winners), "--no-progress"]) == 0
    table = fg.first_guess_table(read_rows(results))[0]
    assert fg.fill_ce_scores(results, winners, winners_only=True, progress=False) == \
        len({table["best_max"], table["best_average"]})
    filled = {r["first_guess"] for r in read_rows(results) if r["scores_with_ce"]}
    assert filled == {table["best_max"], table["best_average"]}
