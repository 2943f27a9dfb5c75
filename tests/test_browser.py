"""End to end: the scoring notebook in JupyterLab, in headless Chromium, with a moving slider.

nbval shows the notebooks run; these tests show that a person who opens one in JupyterLab sees
its widgets work. They run with every other test (`python3 dev.py test`) and alone with
`-m browser`. They need Debian's chromium (`python3 dev.py test` installs it when run as root)
and Playwright (from the test extra); without either they are skipped with a one-line reason.

Cost on a shared 2-core machine: 15-20 s to start JupyterLab, 30-50 s to open the notebook, run
all its cells (its timing cell takes most of that) and check the slider, and as long again for the
copy whose slider callbacks are broken: 85-120 s in all.
"""

import pytest

import browser_session as session

SKIP_REASON = session.skip_reason()
pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(SKIP_REASON is not None, reason=SKIP_REASON or "")]

# A working callback renames the game within a second or two; a broken one never does, and this
# long is enough to say so without waiting the full CHANGE_TIMEOUT_S.
BROKEN_CALLBACK_WAIT_S = 10.0


@pytest.fixture(scope="module")
def lab():
    with session.JupyterLabServer() as server:
        yield server


@pytest.fixture(scope="module")
def browser():
    with session.chromium() as chromium:
        yield chromium


@pytest.fixture
def page(browser):
    with session.new_page(browser) as page:
        yield page


def test_pins_slider_renames_the_game(lab, page, tmp_path):
    served_from = session.NOTEBOOKS / session.NOTEBOOK
    assert served_from.is_file(), f"{served_from} is missing"
    original = served_from.read_bytes()

    check = session.open_run_and_move_pins(page, lab, failure_dir=tmp_path)

    assert check.pins_after == check.pins_before + 1
    assert check.game_before != check.game_after
    assert check.game_before in check.label_before
    assert check.game_after in check.label_after and check.label_after != check.label_before
    # JupyterLab served a temporary copy with autosave off: the repository's notebook is untouched.
    assert served_from.read_bytes() == original


def test_check_fails_when_the_slider_callback_is_broken(lab, page, tmp_path):
    """The same check on a copy whose kernel disconnects the sliders' callbacks must fail, and
    fail at the last step: the slider moved, the label did not follow."""
    broken = lab.broken_copy()
    with pytest.raises(session.GameNotRenamed, match="the label still says") as failure:
        session.open_run_and_move_pins(page, lab, broken, change_timeout_s=BROKEN_CALLBACK_WAIT_S,
                                       failure_dir=tmp_path)
    assert "the sliders show" in str(failure.value)
