"""The `command` column of every table in data/: a command line a user can run as written, from the
repository's root, on any machine (no path of the machine a row was measured on)."""

from __future__ import annotations

import csv
import shlex
import sys
from pathlib import Path

import pytest

from mmlib.core.files import DATA_DIR, REPOSITORY
from mmlib.studies import optimal_table
from mmlib.studies.commands import portable_arguments, portable_path, rerun_command


def _tables_with_commands():
    for path in sorted(DATA_DIR.rglob("*.csv")):
        with path.open(newline="", encoding="utf-8") as handle:
            reader = csv.DictReader(handle)
            if "command" in (reader.fieldnames or ()):
                yield path, [row["command"] for row in reader]


def _words(command: str) -> list[str]:
    """The shell words of a command, with && and parentheses as words of their own."""
    lexer = shlex.shlex(command, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    return list(lexer)


def test_data_holds_tables_with_commands():
    names = {path.name for path, _ in _tables_with_commands()}
    assert {"optimal.csv", "benchmarks.csv", "possible_guesses_check.csv"} <= names, names


@pytest.mark.parametrize("path, commands", list(_tables_with_commands()),
                         ids=lambda value: value.name if isinstance(value, Path) else "")
def test_no_command_in_data_names_an_absolute_path(path, commands):
    for line, command in enumerate(commands, start=2):
        where = f"{path.relative_to(REPOSITORY)} line {line}: {command!r}"
        assert command, f"{where}: no command"
        words = _words(command)
        for word in words:
            value = word.partition("=")[2] if word.startswith("--") else word
            assert not value.startswith(("/", "~")), f"{where} names the path {value!r} of its machine"
        # A note in parentheses is a syntax error in a shell, not a command.
        assert not {"(", ")", ";"} & set(words), f"{where} is not one command line"
        program = words[:3]
        assert program[:2] in (["python", "-m"], ["python3", "scripts/gpu_session.py"],
                               ["python3", "scripts/score_loop_sass.py"]) \
            or program[0] == "gcc", f"{where}: an unknown program"


def test_paths_inside_the_repository_stay_and_others_become_placeholders(tmp_path):
    repository = tmp_path / "repo"
    (repository / "data" / "checkpoints").mkdir(parents=True)
    elsewhere = tmp_path / "runs"
    elsewhere.mkdir()
    assert portable_path(str(elsewhere), repository=repository) == "DIR"  # an existing folder
    assert portable_path(str(elsewhere / "gone"), folder=True, repository=repository) == "DIR"
    assert portable_path(str(elsewhere / "t.json"), repository=repository) == "FILE"
    assert portable_path(str(repository / "data" / "checkpoints"), repository=repository) == "data/checkpoints"
    # Relative paths are relative to where the run started, not to the repository.
    assert portable_path("checkpoints/7p4c", cwd=repository / "data", repository=repository) \
        == "data/checkpoints/7p4c"
    assert portable_path("../runs/x.csv", cwd=repository, repository=repository) == "FILE"
    assert portable_path(str(repository / "data" / ".." / ".."), repository=repository) == "DIR"


def test_a_rerun_command_keeps_every_argument_but_the_machines_paths(tmp_path):
    repository = tmp_path / "repo"
    (repository / "data").mkdir(parents=True)
    argv = ["optimal-table", "4p10c", "--objectives", "worst", "--trees", "--checkpoint", "/work/runs/ck",
            "--csv=/tmp/bench.csv", "--scheduler", "tcp://10.0.0.5:8786", "--output", "data/x.csv",
            str(tmp_path / "loose.json")]
    assert portable_arguments(argv, cwd=repository, repository=repository) == [
        "optimal-table", "4p10c", "--objectives", "worst", "--trees", "--checkpoint", "DIR",
        "--csv=FILE", "--scheduler", "tcp://10.0.0.5:8786", "--output", "data/x.csv", "FILE"]
    command = rerun_command("python -m mmlib", ["seed-data", "scoring", "--games", "4p6c 5p5c"],
                            cwd=repository, repository=repository)
    assert command == "python -m mmlib seed-data scoring --games '4p6c 5p5c'"
    assert shlex.split(command)[-1] == "4p6c 5p5c"


def test_optimal_table_records_its_checkpoint_as_dir(tmp_path, monkeypatch):
    """A row written by `optimal-table --checkpoint /some/folder` says `--checkpoint DIR`."""
    from mmlib.cli.main import main

    table = tmp_path / "optimal.csv"
    monkeypatch.setattr(optimal_table, "OPTIMAL_CSV", table)
    argv = ["optimal-table", "2p2c", "--objectives", "total", "--checkpoint", str(tmp_path / "ck")]
    monkeypatch.setattr(sys, "argv", ["mmlib", *argv])
    assert main(argv) == 0
    rows = optimal_table.read_optimal_rows(table)
    assert [row["command"] for row in rows] == \
        ["python -m mmlib optimal-table 2p2c --objectives total --checkpoint DIR"]
