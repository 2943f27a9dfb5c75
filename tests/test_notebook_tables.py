"""The tables a notebook stores must still be what data/ gives today.

nbval re-runs the notebooks, but a cell tagged `nbval-ignore-output` is never compared, and a table
read from data/ goes stale the moment a sweep or a benchmark adds rows. So every notebook cell that
shows a table of data/ names, in its metadata (out of the reader's sight), the expression that
renders it from data/::

    "metadata": {"mmlib": {"data_table": "benchmark_table(load_benchmarks().frame)"}}

and this test evaluates that expression against data/ and compares the result with the stored
output, HTML and text alike. Re-run the notebook (nbconvert --execute --inplace) when it fails.

Every table a notebook shows goes through one formatter, `mmlib.workbench.tables.readable`: the
last tests here check that no stored output holds a table drawn any other way.
"""

import copy
import csv
import functools
import json
import re
import shutil
from pathlib import Path

import pandas as pd
import pytest

from mmlib.studies import data_tables, optimal_table, rule_variants, seed_comparison, seed_workloads
from mmlib.studies.data_tables import SOLVE_STRATEGIES
from mmlib.workbench import tables

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
LOADERS = ("load_results", "load_first_guesses", "load_benchmarks")


def marked_cells(notebook: dict):
    """(cell index, expression, cell) for every code cell whose metadata names its data/ table."""
    for index, cell in enumerate(notebook["cells"]):
        if cell["cell_type"] != "code":
            continue
        expression = cell.get("metadata", {}).get("mmlib", {}).get("data_table")
        if expression:
            yield index, expression, cell


def render(expression: str, data_dir=None) -> tables.ReadableTable:
    """Evaluate a cell's data_table expression with the data/ loaders (reading `data_dir` if given)
    and the table helpers in scope, and nothing else."""
    scope = {}
    for module in (data_tables, optimal_table, rule_variants, seed_comparison, seed_workloads, tables):
        scope.update({name: getattr(module, name) for name in dir(module) if not name.startswith("_")})
    if data_dir is not None:
        scope.update({name: functools.partial(getattr(data_tables, name), data_dir) for name in LOADERS})
        scope["load_table"] = functools.partial(data_tables.load_table, data_dir=data_dir)
        scope["load_seed_comparison"] = functools.partial(seed_comparison.load_seed_comparison,
                                                          Path(data_dir) / "seed_comparison.csv")
    table = eval(expression, {"__builtins__": {}}, scope)  # noqa: S307 (the notebooks' own cell metadata)
    assert isinstance(table, tables.ReadableTable), f"{expression} gave a {type(table).__name__}, not a table"
    return table


def stored_outputs(cell) -> dict:
    """The stored rich output of a cell: its execute_result's data (text/plain, text/html)."""
    results = [o for o in cell.get("outputs", []) if o.get("output_type") == "execute_result"]
    return results[-1]["data"] if results else {}


def stale_tables(notebook_path: Path, data_dir=None) -> list[str]:
    """One line per marked table whose stored output differs from what data/ renders now."""
    notebook = json.loads(Path(notebook_path).read_text())
    problems = []
    for index, expression, cell in marked_cells(notebook):
        data = stored_outputs(cell)
        if not data:
            problems.append(f"{Path(notebook_path).name} cell {index}: no stored table for {expression}")
            continue
        table = render(expression, data_dir)
        # pandas' defaults in a Jupyter kernel (the table prints in full whatever they are).
        with pd.option_context("display.max_columns", 20, "display.max_rows", 60, "display.width", 80):
            expected = {"text/plain": repr(table), "text/html": table._repr_html_()}
        for mime, text in expected.items():
            stored = "".join(data.get(mime, ""))
            if stored.strip() != text.strip():
                problems.append(f"{Path(notebook_path).name} cell {index}: stored {mime} of {expression} "
                                f"differs from data/ today")
    return problems


def test_some_notebook_tables_are_marked():
    marked = {path.name: len(list(marked_cells(json.loads(path.read_text())))) for path in NOTEBOOKS}
    # Notebook 6 shows the benchmark table, the first-guess table and the strategy summary.
    assert marked.get("06_results.ipynb", 0) >= 3, marked


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_stored_tables_match_data(path):
    assert stale_tables(path) == []


def test_benchmark_table_has_the_case_equivalence_column_and_7p7c():
    table = render("benchmark_table(load_benchmarks().frame)").frame
    assert "case equivalence" in table.columns
    assert set(table.loc[table["game"] == "7p7c", "case equivalence"]) >= {"on", "off"}
    assert not table.isna().any().any()
    # One row per game, strategy, backend and case-equivalence setting: no duplicate-looking rows.
    keys = ["game", "strategy", "backend", "case equivalence"]
    assert not table.duplicated(subset=keys).any()


def test_a_doctored_stored_table_is_caught(tmp_path):
    """A copy of notebook 6 whose stored benchmark table has one number changed fails the check."""
    source = ROOT / "notebooks" / "06_results.ipynb"
    notebook = json.loads(source.read_text())
    doctored = copy.deepcopy(notebook)
    index, expression, cell = next(c for c in marked_cells(doctored) if "benchmark_table" in c[1])
    data = stored_outputs(cell)
    for mime in ("text/plain", "text/html"):
        text = "".join(data[mime])
        assert "7p7c" in text
        data[mime] = text.replace("7p7c", "7p8c", 1)
    path = tmp_path / source.name
    path.write_text(json.dumps(doctored))
    assert stale_tables(source) == []
    problems = stale_tables(path)
    assert len(problems) == 2 and all(f"cell {index}" in p for p in problems), problems


def test_a_changed_data_table_is_caught(tmp_path):
    """The stored tables against a data/ with one benchmark row fewer: the benchmark table is stale."""
    for path in (ROOT / "data").glob("*.csv"):
        shutil.copy(path, tmp_path / path.name)
    lines = (tmp_path / "benchmarks.csv").read_text().splitlines(keepends=True)
    rows = list(csv.DictReader(lines))
    # Drop the newest timing of a whole solve (the table notebook 6 shows: cluster rows, with a
    # scheduler, the optimal search and the kernel alone are not in it).
    newest = max(i for i, row in enumerate(rows) if not row.get("scheduler") and row["strategy"] in SOLVE_STRATEGIES)
    (tmp_path / "benchmarks.csv").write_text("".join(lines[:newest + 1] + lines[newest + 2:]))
    problems = stale_tables(ROOT / "notebooks" / "06_results.ipynb", data_dir=tmp_path)
    assert problems and all("benchmark_table" in p for p in problems), problems


def shown_tables(notebook: dict):
    """(cell index, HTML) of every table in a notebook's stored outputs."""
    for index, cell in enumerate(notebook["cells"]):
        for output in cell.get("outputs", []):
            html = "".join(output.get("data", {}).get("text/html", ""))
            for table in re.findall(r"<table[^>]*>", html):
                yield index, table


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_every_stored_table_comes_from_the_one_formatter(path):
    others = [(index, tag) for index, tag in shown_tables(json.loads(path.read_text()))
              if tables.READABLE_CLASS not in tag]
    assert others == [], f"tables not drawn by mmlib.workbench.tables.readable: {others}"


def test_a_table_drawn_past_the_formatter_is_caught():
    frame = pd.DataFrame({"total_turns": [5801.0], "average": [4.4761]}, index=pd.Index(["knuth"], name="strategy"))
    notebook = {"cells": [{"cell_type": "code", "source": "", "outputs": [
        {"output_type": "execute_result", "data": {"text/html": frame._repr_html_()}},
        {"output_type": "execute_result", "data": {"text/html": tables.readable(frame)._repr_html_()}}]}]}
    tags = [tag for _, tag in shown_tables(notebook)]
    assert len(tags) == 2 and [tables.READABLE_CLASS in tag for tag in tags] == [False, True]
