"""`bench`: rows written to a temporary CSV on tiny games (a few seconds)."""

import csv
import json

import pytest

from mmlib.studies import bench
from mmlib.cli import main

NUMERIC = ("repeats", "median_s", "min_s", "compile_s", "scores", "scores_per_s", "total_turns",
           "max_turns", "peak_rss_mib", "cores", "threads", "load_avg", "cpu_util")


def read_csv(path):
    with open(path, newline="") as handle:
        return list(csv.DictReader(handle))


def test_solve_rows_are_well_formed_and_appended(tmp_path):
    path = tmp_path / "benchmarks.csv"
    row = bench.bench_solve("3p3c", "knuth", "cpu", repeats=2, command="test")
    assert list(row) == list(bench.COLUMNS)
    assert (row["game"], row["strategy"], row["backend"], row["repeats"]) == ("3p3c", "knuth", "cpu", "2")
    for column in NUMERIC:
        float(row[column])
    assert float(row["min_s"]) <= float(row["median_s"])
    assert int(row["total_turns"]) > 27 and int(row["scores"]) > 0
    assert row["cpu_model"] and int(row["cores"]) >= 1 and row["first_guess"]
    bench.append_rows([row], path)
    other = bench.bench_solve("3p3c", "most-parts", "reference", first_guess="123", repeats=1)
    bench.append_rows([other], path)
    rows = read_csv(path)
    assert [r["strategy"] for r in rows] == ["knuth", "most-parts"]
    assert rows[1]["first_guess"] == "123" and rows[1]["backend"] == "reference"
    # No temporaries left; the lock file beside the table stays (docs/guarantees.md).
    assert sorted(p.name for p in tmp_path.iterdir()) == [".benchmarks.csv.lock", "benchmarks.csv"]
    # A row with a column of its own (another tool's) keeps it.
    bench.append_rows([{"game": "2p2c", "strategy": "knuth", "elapsed_s": "0.1"}], path)
    rows = read_csv(path)
    assert len(rows) == 3 and rows[2]["elapsed_s"] == "0.1" and rows[0]["elapsed_s"] == ""


def test_kernel_row():
    row = bench.bench_kernel("4p4c", guesses=8, repeats=2)
    assert row["strategy"] == bench.KERNEL_ROW and row["threads"] == "1"
    assert int(row["scores"]) == 8 * 256 and float(row["scores_per_s"]) > 0


def test_latest_rows_and_markdown_table():
    rows = [
        {"game": "5p8c", "strategy": "knuth", "backend": "cpu", "first_guess": "11223",
         "case_equivalence": "off", "median_s": "2.5", "scores": "3455514359", "date": "2026-01-01T10:00:00",
         "cpu_model": "AMD EPYC", "cores": "2"},
        {"game": "5p8c", "strategy": "knuth", "backend": "cpu", "first_guess": "11223",
         "case_equivalence": "off", "median_s": "2.0", "scores": "3455514359", "date": "2026-01-02T10:00:00",
         "cpu_model": "AMD EPYC", "cores": "2"},
        {"game": "6p6c", "strategy": "knuth", "backend": "cpu", "first_guess": "112233",
         "case_equivalence": "off", "median_s": "3.0", "scores": "1", "date": "2026-01-02T11:00:00",
         "cpu_model": "AMD EPYC", "cores": "2"},
    ]
    rows.insert(0, {"game": "6p9c", "strategy": bench.KERNEL_ROW, "backend": "cpu", "median_s": "0.04",
                    "scores": "34012224", "date": "2026-01-02T09:00:00", "cpu_model": "AMD EPYC", "cores": "2"})
    latest = bench.latest_rows(rows)
    assert [r["median_s"] for r in latest] == ["0.04", "2.0", "3.0"]  # the kernel first, then by size
    latest = latest[1:]
    table = bench.markdown_table(latest).splitlines()
    assert table[0].startswith("| game | strategy |") and table[1].startswith("|---|")
    assert "| 5p8c | knuth | cpu | 11223 | off | 2.0 |" in table[2] and "3,455,514,359" in table[2]
    assert len(table) == 4
    assert bench.machine_line(latest) == "AMD EPYC, 2 cores"


def test_command_appends_prints_and_shows_the_table(tmp_path, capsys):
    path = tmp_path / "bench.csv"
    assert main(["bench", "3p3c", "--strategies", "knuth,entropy", "--repeats", "1",
                 "--csv", str(path), "--table"]) == 0
    out = capsys.readouterr().out
    assert "3p3c knuth" in out and "| game |" in out and "Machine:" in out
    rows = read_csv(path)
    assert [r["strategy"] for r in rows] == ["knuth", "entropy"]
    assert rows[0]["command"] == ("python -m mmlib bench 3p3c --strategies knuth,entropy --backend cpu "
                                  "--case-equivalence auto --repeats 1")
    assert main(["bench", "3p3c", "--strategies", "most-parts", "--repeats", "1", "--csv", str(path),
                 "--json", "--no-save"]) == 0
    assert json.loads(capsys.readouterr().out)["strategy"] == "most-parts"
    assert len(read_csv(path)) == 2  # --no-save kept the file as it was


def test_optimal_rows_in_process_and_as_whole_processes(tmp_path, capsys):
    """`--optimal --whole-process`: the in-process search, then `python -m mmlib optimal` timed
    as whole processes; both rows prove the same optimum."""
    path = tmp_path / "bench.csv"
    assert main(["bench", "3p3c", "--optimal", "--whole-process", "--repeats", "1", "--csv", str(path)]) == 0
    inside, whole = read_csv(path)
    assert (inside["strategy"], inside["scheduler"]) == ("optimal", "")
    assert (whole["strategy"], whole["scheduler"]) == ("optimal", bench.WHOLE_PROCESS)
    assert inside["total_turns"] == whole["total_turns"] == "73" and int(whole["nodes"]) >= 1
    # A whole process imports and loads its kernels: it takes longer than the search inside it.
    assert float(whole["median_s"]) > float(inside["median_s"]) > 0
    assert whole["command"].endswith("--optimal --repeats 1 --whole-process")
    assert bench.latest_rows(read_csv(path)) == [inside]  # the backend table keeps the in-process row


@pytest.mark.parametrize("argv, message", [
    (["bench"], "bench needs a game"),
    (["bench", "3p3c", "--whole-process", "--no-save"], "--whole-process times"),
    (["bench", "3p3c", "--repeats", "0", "--no-save"], "repeats must be at least 1"),
    (["bench", "3p3c", "--strategies", "bogus", "--no-save"], "unknown strategy"),
    (["bench", "3p3c", "--backend", "abacus", "--no-save"], "unknown backend"),
    (["bench", "9p9c", "--no-save"], "pins must be 2..8"),
])
def test_bad_input_is_one_line(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1
