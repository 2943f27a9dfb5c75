import os

import pytest

# Numba's CUDA simulator must be chosen before numba is imported anywhere; the
# CUDA tests run on it in CI, where there is never a GPU. MMLIB_REAL_GPU=1 keeps
# the real device (for runs on a lent GPU machine).
if os.environ.get("MMLIB_REAL_GPU") != "1":
    os.environ.setdefault("NUMBA_ENABLE_CUDASIM", "1")


# -- the browser tests (tests/test_browser.py, tests/test_browser_notebooks.py) -------------------
# One JupyterLab and one Chromium per file: each file goes whole to one test process.


@pytest.fixture(scope="module")
def lab():
    import browser_session as session

    with session.JupyterLabServer() as server:
        yield server


@pytest.fixture(scope="module")
def browser():
    import browser_session as session

    with session.chromium() as chromium:
        yield chromium


@pytest.fixture
def page(browser):
    import browser_session as session

    with session.new_page(browser) as page:
        yield page
