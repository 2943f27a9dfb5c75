"""What a reader sees in every notebook's stored outputs: no errors, no NaN, nothing cut off with
"…", no count in exponent notation, no raw Python string repr (`reader_checks`).

nbval re-runs the notebooks and compares the outputs it may compare with these stored ones, so a
fresh run that shows a defect fails there or here; the outputs nbval may not compare (timings,
widgets) are checked as the browser renders them after Run All (`tests/test_browser.py`).

The cells' sources hold no test bookkeeping either (`reader_checks.bookkeeping_in`): nbval reads
its markers from cell tags and `tests/test_notebook_tables.py` its table expressions from cell
metadata, where the reader does not see them.
"""

import json
from pathlib import Path

import pytest

import reader_checks

ROOT = Path(__file__).resolve().parent.parent
# JupyterLab wraps a printed line that does not fit anywhere, even inside a word.
MAX_LINE = 100
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def output_problems(notebook: dict) -> list[str]:
    problems = []
    for index, cell in enumerate(notebook["cells"]):
        for output in cell.get("outputs", []):
            if output.get("output_type") == "error" or output.get("name") == "stderr":
                problems.append(f"cell {index}: error output {reader_checks.shown_text(output)[:200]!r}")
                continue
            problems += [f"cell {index}: {p}" for p in reader_checks.problems_in(reader_checks.shown_text(output))]
            if output.get("output_type") == "stream":
                problems += [f"cell {index}: a printed line of {len(line)} characters, which a narrow page "
                             f"wraps mid-word: {line[:60]!r}..."
                             for line in "".join(output["text"]).splitlines() if len(line) > MAX_LINE]
    return problems


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_stored_outputs_read_cleanly(path):
    assert output_problems(json.loads(path.read_text())) == []


@pytest.mark.parametrize("text, what", [
    ("  total turns   5801\n  average   NaN", "NaN"),
    ("<td>nan</td>", "NaN"),
    ("The computer gu\u2026", "text cut off with \u2026"),
    ("<td>times only; seed: RTX 4090, CUDA; mmlib: 2-core AM...</td>", "text cut off with \u2026"),
    ("|ACr| 1.7e+04", "a number in exponent notation"),
    ("scores 2.5e11 a second", "a number in exponent notation"),
    ("'4p6c (1,296 games)\\n  total turns 5,801'", "a raw Python string"),
    ("possible: ['221', '231', '321']", "a raw Python string"),
    ("{'Knuth': '1122', 'Entropy': '1234'}", "a raw Python string"),
])
def test_each_defect_is_caught(text, what):
    found = reader_checks.problems_in(reader_checks.shown_text({"output_type": "stream", "text": text}))
    assert [p.split(":")[0] for p in found] == [what]


@pytest.mark.parametrize("text", [
    "Knuth's minimax from 1122: 5,801 turns, 4.476 per game",
    'n0 [label="112\\n27 games"];',                      # GraphViz text, not a Python repr
    "score 0,1: 4 games: 223 233 323 331",
    "games won in 1, 2, ... turns; 4p6c: searching (the worker processes)...",
    "hex ffff7b79 eeee7978 0302020101000000",
    "the seed's figure, its own machine (0.924 s); mmlib: 0.467 s",
    "measured just now on AMD EPYC, 2 cores (mmlib 4e01489, engine scoring 6)",  # a commit, not 4e1489
])
def test_clean_text_passes(text):
    assert reader_checks.problems_in(text) == []


def test_a_widget_and_a_figure_hide_their_text_repr():
    widget = {"output_type": "execute_result", "data": {
        "application/vnd.jupyter.widget-view+json": {}, "text/plain": "VBox(children=(IntSlider(_d\u2026"}}
    figure = {"output_type": "display_data", "data": {"image/png": "", "text/plain": "<Figure 1.7e+04>"}}
    table = {"output_type": "execute_result", "data": {"text/html": "<table><td>NaN</td></table>", "text/plain": ""}}
    assert [reader_checks.shown_text(o).strip() for o in (widget, figure)] == ["", ""]
    assert reader_checks.problems_in(reader_checks.shown_text(table))


def test_a_long_printed_line_is_caught():
    cell = {"outputs": [{"output_type": "stream", "name": "stdout", "text": "x" * (MAX_LINE + 1)}]}
    assert len(output_problems({"cells": [cell]})) == 1


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_cell_sources_hold_no_bookkeeping(path):
    cells = json.loads(path.read_text())["cells"]
    found = [f"cell {index}: {problem}" for index, cell in enumerate(cells) if cell["cell_type"] == "code"
             for problem in reader_checks.bookkeeping_in("".join(cell["source"]))]
    assert found == [], "move these into cell tags or metadata (docs/notebooks.md):\n" + "\n".join(found)


@pytest.mark.parametrize("source, what", [
    ("# NBVAL_IGNORE_OUTPUT\nbest = timed_optimal('4p6c')", "an nbval comment marker"),
    ("x = 1\n  #NBVAL_SKIP", "an nbval comment marker"),
    ("# data-table: benchmark_table(load_benchmarks().frame)\nbenchmark_table(b)", "a data-table marker"),
    ("# The figures above: if data/ grew, run the notebook again and update them.\nassert s",
     "a note on keeping the notebook up to date"),
])
def test_each_kind_of_bookkeeping_is_caught(source, what):
    assert [p.split(":")[0] for p in reader_checks.bookkeeping_in(source)] == [what]


@pytest.mark.parametrize("source", [
    "# Zero: the highest colors; Free: the next ones down. Which colors does not matter.",
    "# The turns lost at every position add up to each strategy's gap to the optimum.",
    'print("data-table: none")',
])
def test_a_comment_for_the_reader_passes(source):
    assert reader_checks.bookkeeping_in(source) == []


def test_every_nbval_tag_is_one_nbval_reads():
    """A misspelled tag would leave a timing cell compared, or a compared cell unread: every tag that
    names nbval must be one of nbval's own, and the timing cells do carry them."""
    from nbval.plugin import metadata_tags

    assert "nbval-ignore-output" in metadata_tags
    tags = [tag for path in NOTEBOOKS for cell in json.loads(path.read_text())["cells"]
            for tag in cell.get("metadata", {}).get("tags", []) if tag.startswith("nbval")]
    assert tags and set(tags) <= set(metadata_tags), sorted(set(tags) - set(metadata_tags))
