"""What a reader must never see in a notebook's output, as patterns; standard library only.

`tests/test_notebook_outputs.py` applies them to every notebook's stored outputs and
`tests/test_browser.py` to the page JupyterLab renders after Run All, so the two agree on what a
defect is:

* NaN (a table cell nobody explained),
* text cut off with "…",
* a count in exponent notation (1.7e+04),
* a raw Python string repr: quotes around it, or strings shown inside a list or dict repr.

`BOOKKEEPING` names what a reader must never see in a notebook's cells either: the markers that
tell the tests how to treat a cell (nbval's comment markers, the data-table marker) and notes on
keeping the notebook up to date. Those live in cell tags (`nbval-ignore-output`) and cell metadata
(`"mmlib": {"data_table": ...}`), and the upkeep in docs/notebooks.md.
"""

from __future__ import annotations

import html
import re

PATTERNS = {
    "NaN": re.compile(r"\bNaN\b|\bnan\b|<NA>"),
    # pandas cuts a long cell to "abc..." and JupyterLab a long label to "abc…"
    "text cut off with …": re.compile(r"\u2026|\w\.\.\.(?=[\s<]|$)"),
    # (not a git commit: "mmlib 4e01489" names the code, seven or more hexadecimal digits)
    "a number in exponent notation": re.compile(r"(?<![\w.])(?![0-9a-f]{7,40}\b)\d+(?:\.\d+)?e[+-]?\d+\b"),
    "a raw Python string": re.compile(
        r"^'[^\n]*(?:\n[^\n]*)*'$"                       # a str repr shown as the whole output
        r"|^\"[^\n]*(?:\n[^\n]*)*\"$"
        r"|'[^'\n]*\\n[^'\n]*'"                         # quotes and a literal \n
        r"|[\[({,]\s*'[^'\n]*'\s*[,:\])}]",            # strings in a list, tuple or dict repr
        re.MULTILINE),
}

BOOKKEEPING = {
    # nbval reads the same markers from cell tags: nbval-ignore-output, nbval-skip, ...
    "an nbval comment marker": re.compile(r"^\s*#\s*(?:NBVAL|PYTEST_VALIDATE)_[A-Z_]+", re.MULTILINE),
    "a data-table marker": re.compile(r"^\s*#\s*data-table\s*:", re.MULTILINE),
    "a note on keeping the notebook up to date": re.compile(
        r"^\s*#.*(?:\bif data/ grew\b|\b(?:re-?run|run) (?:the|this) notebook\b|\bnbconvert\b)",
        re.MULTILINE | re.IGNORECASE),
}


def bookkeeping_in(source: str) -> list[str]:
    """The test bookkeeping a cell's source shows the reader, one line each: what, and the line."""
    found = []
    for what, pattern in BOOKKEEPING.items():
        found += [f"{what}: {match.group(0).strip()!r}" for match in pattern.finditer(source)]
    return found


# Rich outputs shown by JupyterLab in place of their text/plain (which stays hidden).
SHOWN_INSTEAD = ("application/vnd.jupyter.widget-view+json", "text/html", "image/png", "image/svg+xml")


def problems_in(text: str) -> list[str]:
    """The defects `text` shows, one line each: what, and the text around it."""
    found = []
    for what, pattern in PATTERNS.items():
        match = pattern.search(text)
        if match:
            start = max(0, match.start() - 40)
            found.append(f"{what}: ...{text[start:match.end() + 40]!r}...")
    return found


def shown_text(output: dict) -> str:
    """The text a reader sees of one stored output (nbformat): a stream's text, an error's name and
    message, the visible text of HTML, or the text/plain when nothing richer is shown."""
    kind = output.get("output_type")
    if kind == "stream":
        return "".join(output.get("text", ""))
    if kind == "error":
        return f"{output.get('ename')}: {output.get('evalue')}"
    data = output.get("data", {})
    if "application/vnd.jupyter.widget-view+json" in data:
        return ""  # a live widget: what it shows is checked in the browser
    if "text/html" in data:
        return html.unescape(re.sub(r"<style.*?</style>|<[^>]+>", " ", "".join(data["text/html"]), flags=re.S))
    if any(mime in data for mime in SHOWN_INSTEAD):
        return ""
    return "".join(data.get("text/plain", ""))
