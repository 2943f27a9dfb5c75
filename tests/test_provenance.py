"""Every timing says where, when and with what it was measured (issue 40).

The tables in data/ carry date, machine, mmlib_version and engine on every timing row; the writers
add them (each run here into a temporary folder, on tiny games); a figure or table draws one machine
and one engine version, names them from the rows, and leaves the rest out or refuses.
"""

import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from mmlib.cli import main
from mmlib.core import machine
from mmlib.core.machine import ENGINE_CHANGES, ENGINE_VERSIONS, PROVENANCE_COLUMNS, UNRECORDED, provenance
from mmlib.studies.data_tables import (Timings, engine_parts, measured_just_now, one_machine_one_engine, per_engine,
                                       this_machine)

DATA = Path(__file__).resolve().parent.parent / "data"
# Columns that hold a measured time, by whatever name a table gives it.
TIMING_COLUMN = re.compile(r"(^|_)(seconds|median_s|min_s|ns_per_score|workload_s|elapsed_s)$")


def timing_tables() -> list[Path]:
    """Every table of data/ with a column of measured seconds (or nodes of a timed check), and
    possible_guesses_check.csv, whose independent search's rows say where they ran."""
    found = []
    for path in sorted(DATA.glob("*.csv")):
        columns = pd.read_csv(path, nrows=0).columns
        if path.name == "seed_comparison.csv":
            continue  # quotes benchmarks.csv's rows (mmlib_date, mmlib_engine) beside the seed's figures
        if any(TIMING_COLUMN.search(c) for c in columns) or path.name == "possible_guesses_check.csv":
            found.append(path)
    return found


def test_the_timing_tables_are_found():
    names = {p.name for p in timing_tables()}
    assert {"benchmarks.csv", "results.csv", "optimal.csv", "optimal_openings.csv", "case_equivalence_timing.csv",
            "ce_threshold.csv", "seed_one_at_a_time.csv", "seed_scoring_workload.csv", "inline_search.csv",
            "part_order.csv", "root_bound.csv", "split_parts.csv", "stepwise_parts.csv", "stepwise_lookahead.csv",
            "possible_guesses_check.csv"} <= names


@pytest.mark.parametrize("path", timing_tables(), ids=lambda p: p.name)
def test_every_timing_row_has_its_provenance(path):
    """date, machine, mmlib_version, engine: on every row, none empty (unknown is 'unrecorded')."""
    frame = pd.read_csv(path, dtype=str, keep_default_na=False)
    assert set(PROVENANCE_COLUMNS) <= set(frame.columns), f"{path.name} lacks {set(PROVENANCE_COLUMNS) - set(frame)}"
    for column in PROVENANCE_COLUMNS:
        empty = frame[column].str.strip() == ""
        assert not empty.any(), f"{path.name}: {int(empty.sum())} rows with no {column}"
    engines = frame["engine"][frame["engine"] != UNRECORDED].map(engine_parts)
    assert engines.notna().all(), f"{path.name}: an engine that is not 'NAME VERSION'"
    for name, version in engines:
        assert name in ENGINE_VERSIONS and 0 <= version <= ENGINE_VERSIONS[name], (path.name, name, version)
    dated = frame["date"][frame["date"] != UNRECORDED]
    assert dated.str.match(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}").all(), path.name


def test_engine_versions_count_their_changes():
    assert set(ENGINE_VERSIONS) == set(ENGINE_CHANGES)
    for engine, changes in ENGINE_CHANGES.items():
        assert ENGINE_VERSIONS[engine] == len(changes), engine
    with pytest.raises(ValueError, match="engine 'warp'"):
        machine.engine_version("warp")


def test_one_record_says_where_when_and_with_what():
    record = provenance("optimal")
    assert list(record) == list(PROVENANCE_COLUMNS)
    assert record["machine"] == this_machine() and re.fullmatch(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}", record["date"])
    assert record["engine"] == f"optimal {ENGINE_VERSIONS['optimal']}"
    # The commit (with +dirty where mmlib/ has changes not committed), else the package's version.
    import mmlib

    assert re.fullmatch(r"[0-9a-f]{7,40}(\+dirty)?", record["mmlib_version"]) or \
        record["mmlib_version"] == mmlib.__version__
    assert provenance("solve-cpu")["engine"].startswith("solve-cpu ")


def test_outside_a_git_checkout_the_version_is_the_package_version(monkeypatch, tmp_path):
    import mmlib

    machine.mmlib_version.cache_clear()
    monkeypatch.setattr(machine, "REPOSITORY", tmp_path)  # no .git here
    try:
        assert machine.mmlib_version() == mmlib.__version__
    finally:
        machine.mmlib_version.cache_clear()


# -- the writers ------------------------------------------------------------------------------


def assert_provenance(row: dict, engine: str):
    assert {c: row[c] for c in PROVENANCE_COLUMNS} | {"date": "", "mmlib_version": ""} == \
        {"date": "", "machine": this_machine(), "mmlib_version": "", "engine": f"{engine} {ENGINE_VERSIONS[engine]}"}
    assert row["date"] and row["mmlib_version"]


def test_the_writers_record_provenance(tmp_path):
    from mmlib.studies import bench
    from mmlib.studies.optimal_openings import opening_rows
    from mmlib.studies.optimal_table import solve_rows

    assert_provenance(bench.bench_solve("3p3c", "knuth", "cpu", repeats=1, command="test"), "solve-cpu")
    assert_provenance(bench.bench_solve("3p3c", "knuth", "reference", repeats=1), "solve-reference")
    assert_provenance(bench.bench_kernel("4p4c", guesses=4, repeats=1), "scoring")
    assert_provenance(bench.bench_optimal("3p3c", repeats=1), "optimal")
    game_rows = solve_rows(__import__("mmlib.core.games", fromlist=["Game"]).Game.parse("3p3c"),
                           objectives=("total",), trees=False, data_dir=tmp_path)
    assert_provenance({k: str(v) for k, v in game_rows[0].items()}, "optimal")
    assert_provenance(opening_rows("3p3c")[0], "optimal")


def test_the_commands_write_provenance_into_their_tables(tmp_path):
    results, winners, timing = tmp_path / "results.csv", tmp_path / "first_guesses.csv", tmp_path / "ce.csv"
    assert main(["sweep", "--games", "3p3c", "--strategies", "knuth", "--results", str(results),
                 "--first-guesses", str(winners), "--no-progress"]) == 0
    assert main(["ce-timing", "--games", "3p3c", "--strategies", "knuth", "--repeats", "1",
                 "--output", str(timing)]) == 0
    scoring = tmp_path / "ce_threshold.csv"
    assert main(["seed-data", "ce-threshold", "--games", "3p4c", "--strategies", "knuth", "--thresholds", "1",
                 "--repeats", "1", "--output", str(scoring)]) == 0
    for path, engine in ((results, "solve-cpu"), (timing, "solve-cpu"), (scoring, "solve-cpu")):
        frame = pd.read_csv(path, dtype=str, keep_default_na=False)
        assert len(frame), path.name
        for _, row in frame.iterrows():
            assert_provenance(row.to_dict(), engine)


def test_a_search_study_records_provenance(tmp_path, monkeypatch):
    """search_ab.run_study: its rows end with machine, command, mmlib_version and engine (the
    fresh-process timing replaced by a stub: the writer is what is tested)."""
    from mmlib.studies import search_ab

    monkeypatch.setattr(search_ab, "time_once", lambda *args: (0.5, "8 max 3"))
    path = tmp_path / "study.csv"
    assert search_ab.run_study(["2p2c:-", "--repeats", "1", "--csv", str(path)], "study", "a study", "PART_ORDER",
                               {"a": "smallest", "b": "adaptive"}, "part_order", path, workers=1) == 0
    frame = pd.read_csv(path, dtype=str, keep_default_na=False)
    assert list(frame.columns[-4:]) == search_ab.STUDY_TAIL and len(frame) == 2
    for _, row in frame.iterrows():
        assert_provenance(row.to_dict(), "optimal")


# -- figures and tables: one machine, one engine version, named from the rows -----------------


def timing_row(game="4p6c", machine_name="Test CPU 9000, 7 cores", engine="solve-cpu 6", seconds=1.0, **extra):
    from mmlib.core.games import Game

    parsed = Game.parse(game)
    return {"game": game, "pins": parsed.pins, "colors": parsed.colors, "codewords": parsed.size,
            "strategy": "knuth", "backend": "cpu", "first_guess": "1122", "case_equivalence": "on",
            "median_s": seconds, "seconds": seconds, "scores": 100, "scores_per_s": 100 / seconds,
            "date": "2026-11-26T12:00:00", "machine": machine_name, "mmlib_version": "abc1234",
            "engine": engine, **extra}


def test_rows_of_two_engines_are_refused_and_older_versions_left_out():
    rows = pd.DataFrame([timing_row(engine="solve-cpu 6"), timing_row(engine="optimal 17")])
    with pytest.raises(ValueError, match="2 engines"):
        one_machine_one_engine(rows)
    rows = pd.DataFrame([timing_row("4p6c", engine="solve-cpu 6"), timing_row("5p5c", engine="solve-cpu 5"),
                         timing_row("4p7c", engine=UNRECORDED)])
    shown = one_machine_one_engine(rows)
    assert shown.rows["game"].tolist() == ["4p6c"] and shown.engine == "solve-cpu 6"
    assert shown.left_out_note() == ("Left out: 1 row of older engine versions (solve-cpu 5); "
                                     "1 row whose machine or engine is unrecorded.")
    # Each engine apart: the cpu solver's rows and the optimal search's side by side, each named.
    both = per_engine(pd.DataFrame([timing_row(engine="solve-cpu 6"), timing_row(engine="optimal 17")]))
    assert len(both.rows) == 2 and both.engine == "solve-cpu 6, optimal 17"


def test_rows_of_two_machines_are_split_and_the_caption_names_the_one_shown():
    rows = pd.DataFrame([timing_row("4p6c"), timing_row("5p5c"), timing_row("4p7c", machine_name="Other CPU, 64 cores")])
    shown = one_machine_one_engine(rows)
    assert set(shown.rows["machine"]) == {"Test CPU 9000, 7 cores"}
    assert shown.caption().startswith("measured on Test CPU 9000, 7 cores, engine solve-cpu 6, 2026-11-26")
    assert "1 row of other machines (Other CPU, 64 cores)" in shown.left_out_note()
    other = one_machine_one_engine(rows, machine="Other CPU, 64 cores")
    assert other.rows["game"].tolist() == ["4p7c"]


def test_an_engine_changed_since_is_said():
    old = one_machine_one_engine(pd.DataFrame([timing_row(engine="solve-cpu 2")]))
    assert not old.current and f"now solve-cpu {ENGINE_VERSIONS['solve-cpu']}" in old.caption()
    assert Timings(pd.DataFrame(), pd.DataFrame()).caption() == "no timing with a recorded machine and engine"


def test_figures_and_tables_name_the_machine_of_their_rows():
    """The machine in each caption is the rows' own (a made-up one here), never an assumed one;
    two machines' rows are never drawn as one."""
    from mmlib.studies.data_tables import best_max_rows
    from mmlib.workbench.plots_results import (backend_timings_figure, one_at_a_time_figure, results_heatmap_figure,
                                               seed_scoring_figure)
    from mmlib.workbench.tables import benchmark_table, ce_threshold_table, optimal_benchmark_table

    results = pd.DataFrame([timing_row("4p6c", total_turns=5801, max_turns=5, average_turns=4.47, rules="classic"),
                            timing_row("5p5c", "Other CPU, 64 cores", total_turns=1, max_turns=6,
                                       average_turns=5.0, rules="classic"),
                            timing_row("4p7c", total_turns=1, max_turns=6, average_turns=5.0, rules="classic")])
    title = results_heatmap_figure(best_max_rows(results), "seconds", "knuth").axes[0].get_title()
    assert "measured on Test CPU 9000, 7 cores, engine solve-cpu 6" in title and "Other CPU" not in title

    figure = backend_timings_figure(results)
    labels = [line.get_label() for line in figure.axes[0].get_lines()]
    assert labels == ["cpu, case equivalence on"]  # the title names the machine and engine of the line
    assert "cpu: Test CPU 9000, 7 cores, engine solve-cpu 6" in figure.axes[0].get_title()
    assert "Other CPU" not in figure.axes[0].get_title()
    ticks = [t.get_text() for t in figure.axes[0].get_xticklabels()]
    assert ticks == ["4p6c\n1,296", "4p7c\n2,401"]  # 5p5c, another machine, left out
    assert "1 row of other machines (Other CPU, 64 cores)" in " ".join(figure._supxlabel.get_text().split())

    workload = pd.DataFrame([timing_row(engine="scoring 6", workload="w", variant="packed", workload_s=0.5,
                                        workload_scores=1000)])
    assert "measured on Test CPU 9000, 7 cores, engine scoring 6" in seed_scoring_figure(workload, {}).axes[0].get_xlabel()
    seed = pd.DataFrame([timing_row(method=m, threads=1) for m in ("all at once", "one at a time")])
    assert "Test CPU 9000, 7 cores" in one_at_a_time_figure(seed).axes[0].get_title()

    thresholds = pd.DataFrame([timing_row(setting=s, scores=10, scores_saved=5) for s in ("on from 1", "on from 6")])
    assert "Times measured on Test CPU 9000, 7 cores" in ce_threshold_table(thresholds).note

    optimal = pd.DataFrame([timing_row(strategy="optimal", engine="optimal 17", repeats=3, nodes=5,
                                       command="bench"),
                            timing_row("4p7c", strategy="optimal", engine="optimal 9", repeats=3, nodes=5,
                                       command="bench")])
    table = optimal_benchmark_table(optimal)
    assert table.frame["game"].tolist() == ["4p6c"] and "engine optimal 17" in table.note
    assert "1 row of older engine versions (optimal 9)" in table.note
    shown = benchmark_table(pd.DataFrame([timing_row(), timing_row("5p5c", engine="solve-cpu 5")]))
    assert shown.frame["engine"].tolist() == ["solve-cpu 6"] and "solve-cpu 5" in shown.note


def test_a_live_timing_names_this_machine():
    from mmlib.studies.data_tables import time_solves
    from mmlib.workbench.tables import timings_table
    from mmlib.workbench.timing import where_measured

    line = measured_just_now("optimal")
    assert line.startswith(f"measured just now on {this_machine()} (mmlib ")
    assert line.endswith(f"engine optimal {ENGINE_VERSIONS['optimal']})")
    assert where_measured("scoring") == measured_just_now("scoring")
    # Work no versioned engine times (a loop of Python calls) names the machine and commit alone.
    assert measured_just_now(None) == line.split(", engine ")[0] + ")"
    live = time_solves(["3p3c"], repeats=1)
    assert list(live[list(PROVENANCE_COLUMNS)].iloc[0])[1:] == list(provenance("solve-cpu").values())[1:]
    assert f"cpu on {this_machine()}, engine solve-cpu" in timings_table(live).note
    assert np.isfinite(live["median_s"]).all()


def test_a_wall_clock_names_its_machine_and_the_load_it_began_under():
    """Notebook 7's live loop: the wall time, the machine and commit, and the load average as the
    loop began, on two lines that a narrow page keeps whole."""
    from mmlib.workbench.timing import WallClock

    with WallClock() as clock:
        sum(range(1000))
    first, second = str(clock).split("\n")
    assert first.endswith(" s wall time,") and clock.seconds >= 0
    assert second.strip().startswith(measured_just_now(None)) and "load average" in second
    assert max(len(first), len(second)) <= 100


def test_rows_with_a_repeated_index_keep_their_own_provenance():
    """Tables put together (pd.concat) repeat index labels: each row is still judged on its own."""
    rows = pd.concat([pd.DataFrame([timing_row("4p6c", engine="solve-cpu 6")]),
                      pd.DataFrame([timing_row("5p5c", engine="solve-cpu 4")])])
    assert list(rows.index) == [0, 0]
    shown = one_machine_one_engine(rows)
    assert shown.rows["game"].tolist() == ["4p6c"] and shown.left_out["game"].tolist() == ["5p5c"]
