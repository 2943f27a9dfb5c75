import json
import subprocess
import sys
from pathlib import Path

import pytest

from mmlib.cli import main
from mmlib.core.solve import solve

ROOT = Path(__file__).resolve().parent.parent


def run_cli(*args, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "mmlib", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=300)


def test_solve_json_reports_knuths_figures():
    done = run_cli("solve", "4p6c", "--strategy", "knuth", "--first-guess", "1122", "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["total_turns"] == 5801 and out["max_turns"] == 5
    assert out["turn_histogram"] == {"1": 1, "2": 6, "3": 62, "4": 533, "5": 694}
    assert (out["game"], out["pins"], out["colors"]) == ("4p6c", 4, 6)
    assert (out["strategy"], out["backend"], out["first_guess"]) == ("knuth", "cpu", "1122")
    assert out["scores"] > 0 and out["elapsed_s"] > 0
    assert abs(out["average_turns"] - 5801 / 1296) < 1e-5
    turns = out["turn_stats"]
    assert [t["regions"] for t in turns] == out["regions_per_turn"]
    assert all(t["tiny_regions"] + t["fd_regions"] + t["searched_regions"] == t["regions"] for t in turns)
    assert all(t["seconds"] >= 0 for t in turns) and sum(t["seconds"] for t in turns) <= out["elapsed_s"] + 1e-5


def test_game_prints_knuths_example():
    done = run_cli("game", "4p6c", "3632", "--strategy", "knuth", "--first-guess", "1122")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["1122", "1344", "3526", "1462", "3632"]


def test_readable_summary_and_tree_files(tmp_path, capsys):
    tree_file = tmp_path / "tree.json"
    assert main(["solve", "3p3c", "--backend", "reference", "--tree", str(tree_file)]) == 0
    assert "total turns" in capsys.readouterr().out
    tree = json.loads(tree_file.read_text())
    assert tree["tree"]["games"] == 27
    dot_file = tmp_path / "tree.dot"
    assert main(["solve", "3p3c", "--tree", str(dot_file)]) == 0
    assert dot_file.read_text().startswith("digraph")
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # no temporaries


BAD_INPUT = [
    (["solve", "9p6c"], "pins must be 2..8"),
    (["solve", "4p16c"], "colors must be 2..15"),
    (["solve", "4p1c"], "colors must be 2..15"),
    (["solve", "4x6"], "write it as PpCc"),
    (["solve", "4p6c", "--first-guess", "1127"], "colors must be 1..6"),
    (["solve", "4p6c", "--first-guess", "112"], "has 3 pins; 4p6c needs 4"),
    (["solve", "4p6c", "--strategy", "bogus"], "choose one of knuth, expected-size, entropy, most-parts"),
    (["solve", "4p6c", "--backend", "gpu9000"], "choose one of reference, cpu, cuda"),
    (["solve", "4p6c", "--case-equivalence", "maybe"], "choose one of auto, on, off"),
    (["game", "4p6c", "3637"], "colors must be 1..6"),
    (["solve"], "required"),
    (["frobnicate"], "invalid choice"),
]


@pytest.mark.parametrize("args, message", BAD_INPUT, ids=lambda x: " ".join(x) if isinstance(x, list) else None)
def test_bad_input_is_one_line_and_exit_2(args, message, tmp_path):
    done = run_cli(*args, "--tree", str(tmp_path / "t.json")) if args[0] == "solve" and len(args) > 1 else run_cli(*args)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert message in lines[0]
    assert "Traceback" not in done.stderr
    assert done.stdout == ""
    assert list(tmp_path.iterdir()) == []  # nothing half-written


@pytest.mark.parametrize(
    "kwargs, message",
    [({"game": "9p6c"}, "pins must be 2..8"), ({"game": "4x6"}, "PpCc"),
     ({"game": "4p6c", "first_guess": "1127"}, "colors must be 1..6"),
     ({"game": "4p6c", "strategy": "bogus"}, "unknown strategy"),
     ({"game": "4p6c", "backend": "bogus"}, "unknown backend")],
)
def test_bad_input_from_python_raises_value_error(kwargs, message):
    with pytest.raises(ValueError, match=message):
        solve(**kwargs)
