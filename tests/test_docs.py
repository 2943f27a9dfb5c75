"""The docs stay what a reader can use: the generated table of proven optima is data/optimal.csv's
as it stands, the README reads in five minutes, and every link between the docs leads somewhere."""

from __future__ import annotations

import re

import pytest

from mmlib.core.files import REPOSITORY
from mmlib.workbench import optimal_table_doc

DOCS = sorted([REPOSITORY / "README.md", *(REPOSITORY / "docs").glob("*.md")])


def test_the_table_of_proven_optima_is_the_tables():
    """docs/optimal_table.md is what data/optimal.csv generates: renew it with
    `python -m mmlib.workbench.optimal_table_doc` after optimal-table runs."""
    assert optimal_table_doc.DOC.read_text(encoding="utf-8") == optimal_table_doc.document(), \
        f"docs/optimal_table.md is stale: run {optimal_table_doc.REGENERATE}"
    assert optimal_table_doc.main(["--check"]) == 0


def test_the_check_finds_a_stale_table(tmp_path, monkeypatch, capsys):
    stale = tmp_path / "optimal_table.md"
    stale.write_text(optimal_table_doc.document().replace("5,625", "5,624"), encoding="utf-8")
    monkeypatch.setattr(optimal_table_doc, "DOC", stale)
    monkeypatch.setattr(optimal_table_doc, "REPOSITORY", tmp_path)
    assert optimal_table_doc.main(["--check"]) == 1
    assert "stale" in capsys.readouterr().err
    assert optimal_table_doc.main([]) == 0 and optimal_table_doc.main(["--check"]) == 0


@pytest.mark.parametrize("name, most", [("README.md", 12_000), ("docs/optimal.md", 20_000)])
def test_the_front_doors_stay_short(name, most):
    """Issue 43: the README reads in five minutes and the search's design in one sitting; detail
    and history go to the docs and the log."""
    size = len((REPOSITORY / name).read_text(encoding="utf-8"))
    assert size <= most, f"{name} has {size:,} characters, more than {most:,}"


@pytest.mark.parametrize("doc", DOCS, ids=lambda path: path.relative_to(REPOSITORY).as_posix())
def test_every_relative_link_leads_to_a_file(doc):
    text = doc.read_text(encoding="utf-8")
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue
        path = (doc.parent / target.split("#")[0]).resolve()
        assert path.exists(), f"{doc.name} links to {target}, which is not there"
