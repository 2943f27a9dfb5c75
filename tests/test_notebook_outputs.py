"""What a reader sees in every notebook's stored outputs: no errors, no NaN, nothing cut off with
"…", no count in exponent notation, no raw Python string repr (`reader_checks`).

nbval re-runs the notebooks and compares the outputs it may compare with these stored ones, so a
fresh run that shows a defect fails there or here; the outputs nbval may not compare (timings,
widgets) are checked as the browser renders them after Run All (`tests/test_browser.py`).
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
