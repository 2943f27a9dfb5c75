"""End to end: every notebook in JupyterLab, in headless Chromium, run as a reader runs it.

nbval shows the notebooks run; these tests show what a person who opens one in JupyterLab sees.
Each notebook is opened and run with Run All, and the page it renders must hold no error output
and none of the defects `reader_checks` names (NaN, text cut off, counts in exponent notation,
raw string reprs), no table drawn past mmlib's formatter and no text the page cuts short. In the
scoring notebook the pins slider is moved too, and the label and plot must follow. They run with
every other test (`python3 dev.py test`) and alone with `-m browser`. They need Debian's chromium
(`python3 dev.py test` installs it when run as root) and Playwright (from the test extra); without
either they are skipped with a one-line reason.

Cost on a shared 2-core machine: 15-20 s to start JupyterLab, then 10-50 s a notebook to open it
and run all its cells (notebook 1's timing cell and notebook 8's exact searches take longest), each
kernel shut down before the next notebook opens, and as long again as notebook 1 for the copy whose
slider callbacks are broken.

The notebooks are shared with `tests/test_browser_notebooks.py` (notebook 6 on), which starts its
own JupyterLab (the fixtures are in `tests/conftest.py`): `python3 dev.py test` hands each file whole
to one process, and the two halves, a few minutes each, then run side by side instead of one after
the other at the end of the run.
"""

import pytest

import browser_session as session

SKIP_REASON = session.skip_reason()
# Notebook 1 is run (and read) by the slider test; notebooks 2 to 5 here, the rest in
# tests/test_browser_notebooks.py.
OTHER_NOTEBOOKS = sorted(p.name for p in session.NOTEBOOKS.glob("*.ipynb")
                         if p.name != session.NOTEBOOK and p.name < session.SECOND_HALF)
pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(SKIP_REASON is not None, reason=SKIP_REASON or "")]

# A working callback renames the game within a second or two; a broken one never does, and this
# long is enough to say so without waiting the full CHANGE_TIMEOUT_S.
BROKEN_CALLBACK_WAIT_S = 10.0


def test_pins_slider_renames_the_game(lab, page, tmp_path):
    served_from = session.NOTEBOOKS / session.NOTEBOOK
    assert served_from.is_file(), f"{served_from} is missing"
    original = served_from.read_bytes()

    check = session.open_run_and_move_pins(page, lab, failure_dir=tmp_path)

    assert check.pins_after == check.pins_before + 1
    assert check.game_before != check.game_after
    assert check.game_before in check.label_before
    assert check.game_after in check.label_after and check.label_after != check.label_before
    assert session.page_problems(page) == []
    lab.shut_down(session.NOTEBOOK)
    # JupyterLab served a temporary copy with autosave off: the repository's notebook is untouched.
    assert served_from.read_bytes() == original


@pytest.mark.parametrize("notebook", OTHER_NOTEBOOKS)
def test_notebook_reads_cleanly_after_run_all(lab, page, tmp_path, notebook):
    assert session.problems_after_run_all(page, lab, notebook, tmp_path) == []


def test_check_fails_when_the_slider_callback_is_broken(lab, page, tmp_path):
    """The same check on a copy whose kernel disconnects the sliders' callbacks must fail, and
    fail at the last step: the slider moved, the label did not follow."""
    broken = lab.broken_copy()
    with pytest.raises(session.GameNotRenamed, match="the label still says") as failure:
        session.open_run_and_move_pins(page, lab, broken, change_timeout_s=BROKEN_CALLBACK_WAIT_S,
                                       failure_dir=tmp_path)
    assert "the sliders show" in str(failure.value)


# One cell per defect the page check must find.
DEFECTS = {
    "NaN": "import pandas as pd\nprint(pd.Series([float('nan')]).to_string())",
    "a table not drawn by the formatter": "pd.DataFrame({'scores': [17000]})",
    "a number in exponent notation": "print(f'{17000:.2g} scores')",
    "a raw Python string": "'4p6c\\n  total turns 5,801'",
    "error output": "import sys\nprint('something went wrong', file=sys.stderr)",
}


def test_the_page_check_finds_each_defect(lab, page, tmp_path):
    name = lab.notebook_of("defects.ipynb", list(DEFECTS.values()))
    try:
        session.open_and_run_all(page, lab, name, failure_dir=tmp_path)
        problems = session.page_problems(page)
    finally:
        lab.shut_down(name)
    for what in DEFECTS:
        assert any(problem.startswith(what) for problem in problems), (what, problems)


def test_two_sessions_that_draw_the_same_port_each_get_their_own_server():
    """A session whose free port another session took meanwhile starts again on another port,
    and neither can read the other's server (each has its own token): page reviews run side by
    side never screenshot another worktree's notebooks."""
    import json
    import urllib.error
    import urllib.request

    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with session.JupyterLabServer() as first, session.JupyterLabServer(port=first.port) as second:
        assert second.port != first.port and second.token != first.token
        for server in (first, second):
            with opener.open(f"{server.base_url}/api/contents?token={server.token}", timeout=30) as answer:
                listed = {item["name"] for item in json.loads(answer.read())["content"]}
            assert session.NOTEBOOK in listed
        with pytest.raises(urllib.error.HTTPError) as refused:
            opener.open(f"{first.base_url}/api/status?token={second.token}", timeout=30)
        assert refused.value.code == 403
