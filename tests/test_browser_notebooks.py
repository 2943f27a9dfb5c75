"""The second half of tests/test_browser.py: notebook 6 on, each opened in JupyterLab in headless
Chromium and run with Run All, its page read as a reader sees it (the same check as there).

A file of its own so that `python3 dev.py test`, which hands each file whole to one process, runs
the two halves side by side; each starts its own JupyterLab (the fixtures in tests/conftest.py).
"""

import pytest

import browser_session as session

SKIP_REASON = session.skip_reason()
NOTEBOOKS = sorted(p.name for p in session.NOTEBOOKS.glob("*.ipynb") if p.name >= session.SECOND_HALF)
pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(SKIP_REASON is not None, reason=SKIP_REASON or "")]


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_notebook_reads_cleanly_after_run_all(lab, page, tmp_path, notebook):
    assert session.problems_after_run_all(page, lab, notebook, tmp_path) == []
