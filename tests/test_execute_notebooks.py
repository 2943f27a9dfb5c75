"""scripts/execute_notebooks.py: runs notebooks in place with the kernel client's polls woken once a
second (nbconvert's can miss a reply and wait for ever), and names notebooks as page_review does."""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import execute_notebooks  # noqa: E402 (scripts/ is not a package)


def test_notebooks_are_named_by_number_file_name_or_path():
    assert [p.name for p in execute_notebooks.notebook_paths(["06"])] == ["06_results.ipynb"]
    assert execute_notebooks.notebook_paths(["notebooks/08_optimal.ipynb"])[0].name == "08_optimal.ipynb"
    assert len(execute_notebooks.notebook_paths([])) == len(list((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")))
    with pytest.raises(SystemExit, match="no notebook '42'"):
        execute_notebooks.notebook_paths(["42"])


def test_a_notebook_runs_in_place_and_keeps_its_outputs_on_failure(tmp_path):
    execute_notebooks.poll_in_slices()
    path = tmp_path / "01_small.ipynb"
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("print(6 * 7)")])
    nbformat.write(notebook, path)
    execute_notebooks.execute(path, timeout=120)
    ran = nbformat.read(path, as_version=4)
    assert ran.cells[0].outputs[0]["text"] == "42\n"
    # A failing cell raises before anything is written: the file keeps what it had.
    ran.cells.append(nbformat.v4.new_code_cell("raise ValueError('no')"))
    nbformat.write(ran, path)
    before = path.read_text()
    with pytest.raises(Exception, match="no"):
        execute_notebooks.execute(path, timeout=120)
    assert path.read_text() == before and not list(tmp_path.glob(".*.executing"))
