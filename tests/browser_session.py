"""The workbench in a real browser: JupyterLab on loopback, headless Chromium, the pins slider.

`tests/test_browser.py` uses this module, and so does the command that draws the README's
screenshot, so the picture shows exactly what the test checked:

    .venv/bin/python tests/browser_session.py --screenshot images/workbench_slider.png

What it does is what a person does: open the notebook in JupyterLab, run all cells, wait for the
kernel to be idle, press the right arrow key on the pins slider (`mm-pins`), and read the label
(`mm-game-label`) that names the game until it names the new one and the plot beside it has been
drawn again.

Nothing is written into the repository: JupyterLab serves a copy of `notebooks/` from a temporary
directory, with its settings, workspaces, runtime files and IPython profile there too, autosave
off, and no news, update check or extension manager (this machine has no network). JupyterLab is
started in its own process group and that group is killed whatever happens.

The module needs neither mmlib nor pytest: only the standard library and Playwright (imported
when a browser is launched), with Debian's Chromium as the browser (Playwright's own browser
download is never used).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
NOTEBOOK = "01_scoring.ipynb"
# The browser tests' two files: tests/test_browser_notebooks.py runs the notebooks from this one
# on (their names sort at or after it), tests/test_browser.py those before it.
SECOND_HALF = "06"
# Each server has its own token: a page or a check that reaches another session's server (two
# sessions that drew the same free port) is refused there instead of reading its notebooks.
TOKEN_PREFIX = "mmlib-browser-"
PINS_CLASS, COLORS_CLASS, LABEL_CLASS = "mm-pins", "mm-colors", "mm-game-label"

# Every wait is bounded; on a busy 2-core machine starting JupyterLab or a kernel that imports
# Numba takes tens of seconds, so the bounds are generous but each one fails with its own message.
STEP_TIMEOUT_S = 120.0
# How long a working callback may take to rename the game after the slider moved.
CHANGE_TIMEOUT_S = 120.0
# How long Run All may take for one notebook (the slowest runs for tens of seconds on 2 cores).
RUN_ALL_TIMEOUT_S = 300.0

# Headless Chromium as root on a machine with no network: no sandbox (root), no GPU, and none of
# the background connections (updates, sync, QUIC) that would be refused and only add noise.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
    "--no-proxy-server",
]

# The kernel of the deliberately broken copy of the notebook: the same Python, with an IPython
# start-up file that turns every slider callback of the game controls into a no-op before the
# notebook's first cell runs. Used only to show that the browser check notices a dead slider.
BROKEN_KERNEL = "mmlib-broken-callback"
BREAK_CALLBACKS = '''\
"""Test-only: the game controls' sliders still move, but nothing listens to them."""
import mmlib.workbench.widgets as _widgets

_make_controls = _widgets.game_controls


def _game_controls_without_callbacks(*args, **kwargs):
    controls = _make_controls(*args, **kwargs)
    for slider in (controls.pins, controls.colors):
        slider.observe = lambda *_args, **_kwargs: None
    return controls


_widgets.game_controls = _game_controls_without_callbacks
_widgets.GameControls.observe = lambda self, callback: None
'''


class BrowserCheckFailed(AssertionError):
    """A step of the browser check did not happen; the message says which, and where to look."""


class GameNotRenamed(BrowserCheckFailed):
    """The slider moved but no visible text named the new game."""


class PlotNotRedrawn(BrowserCheckFailed):
    """The label named the new game but the plot beside it was never drawn again."""


def find_chromium() -> "str | None":
    """Debian's Chromium, the only browser the test uses."""
    for candidate in ("/usr/bin/chromium", shutil.which("chromium")):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def skip_reason() -> "str | None":
    """One line saying why the browser test cannot run here, or None when it can."""
    if find_chromium() is None:
        return "Debian's chromium is not installed (python3 dev.py test installs it when run as root)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError as error:
        return f"playwright cannot be imported ({error}); python3 dev.py test installs it"
    return None


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _end_with_parent() -> None:
    """In the child, before JupyterLab starts: on Linux, get SIGTERM if the test runner dies
    without tearing down (killed, say), so that no server or kernel outlives it."""
    with contextlib.suppress(Exception):
        import ctypes

        PR_SET_PDEATHSIG = 1
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def _write_json(path: Path, content: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(content, indent=1))


class JupyterLabServer:
    """JupyterLab on 127.0.0.1 serving a temporary copy of the notebooks; a context manager."""

    def __init__(self, notebooks: "Path | None" = None, port: "int | None" = None):
        self.source = Path(notebooks or NOTEBOOKS)
        self.port = port or free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.token = TOKEN_PREFIX + secrets.token_hex(12)
        self.home: "Path | None" = None
        self.process: "subprocess.Popen | None" = None
        # Loopback only: never through a proxy the environment may name.
        self._opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))

    @property
    def notebook_dir(self) -> Path:
        return self.home / "notebooks"

    def __enter__(self) -> "JupyterLabServer":
        self.home = Path(tempfile.mkdtemp(prefix="mmlib-browser-"))
        try:
            self._prepare()
            self._start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc_info) -> None:
        self.stop()

    def _prepare(self) -> None:
        shutil.copytree(self.source, self.notebook_dir,
                        ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
        settings = self.home / "lab-settings"
        # Autosave off: even the copy keeps the outputs it was served with.
        _write_json(settings / "@jupyterlab" / "docmanager-extension" / "plugin.jupyterlab-settings",
                    {"autosave": False})
        # No news, no update check, no toasts over the widgets.
        _write_json(settings / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings",
                    {"fetchNews": "false", "checkForUpdates": False, "doNotDisturbMode": True})
        # Every cell attached to the page, in view or not, so that a check reads every output.
        _write_json(settings / "@jupyterlab" / "notebook-extension" / "tracker.jupyterlab-settings",
                    {"windowingMode": "none"})
        broken_profile = self.home / "ipython-broken" / "profile_default" / "startup"
        broken_profile.mkdir(parents=True)
        (broken_profile / "00-break-callbacks.py").write_text(BREAK_CALLBACKS)
        _write_json(self.home / "data" / "kernels" / BROKEN_KERNEL / "kernel.json", {
            "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
            "display_name": "Python 3 (slider callbacks disabled)",
            "language": "python",
            "env": {"IPYTHONDIR": str(self.home / "ipython-broken")},
        })

    def broken_copy(self, notebook: str = NOTEBOOK) -> str:
        """A copy of `notebook` that runs on the kernel whose slider callbacks do nothing."""
        content = json.loads((self.notebook_dir / notebook).read_text())
        content.setdefault("metadata", {})["kernelspec"] = {
            "name": BROKEN_KERNEL, "display_name": "Python 3 (slider callbacks disabled)",
            "language": "python",
        }
        name = f"{Path(notebook).stem}.broken-callback.ipynb"
        (self.notebook_dir / name).write_text(json.dumps(content, indent=1))
        return name

    def notebook_of(self, name: str, sources: list) -> str:
        """A notebook `name` in the served folder whose code cells are `sources` (for the checks
        that must fail)."""
        cells = [{"cell_type": "code", "execution_count": None, "id": f"cell{i}", "metadata": {},
                  "outputs": [], "source": source} for i, source in enumerate(sources)]
        content = {"cells": cells, "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                               "language": "python"}},
                   "nbformat": 4, "nbformat_minor": 5}
        (self.notebook_dir / name).write_text(json.dumps(content, indent=1))
        return name

    def _environment(self) -> dict:
        env = dict(os.environ)
        # The kernel draws with the notebook's inline backend, not the test runner's Agg.
        env.pop("MPLBACKEND", None)
        env.update(
            JUPYTER_CONFIG_DIR=str(self.home / "config"),
            JUPYTER_DATA_DIR=str(self.home / "data"),
            JUPYTER_RUNTIME_DIR=str(self.home / "runtime"),
            JUPYTERLAB_SETTINGS_DIR=str(self.home / "lab-settings"),
            JUPYTERLAB_WORKSPACES_DIR=str(self.home / "lab-workspaces"),
            IPYTHONDIR=str(self.home / "ipython"),
            JUPYTER_PLATFORM_DIRS="1",
            PYTHONUNBUFFERED="1",
        )
        return env

    def command(self) -> list[str]:
        command = [
            sys.executable, "-m", "jupyterlab",
            "--no-browser",
            "--ip=127.0.0.1",
            f"--port={self.port}",
            "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={self.token}",
            f"--ServerApp.root_dir={self.notebook_dir}",
            "--LabApp.news_url=None",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
            "--LabApp.extension_manager=readonly",
        ]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            command.append("--allow-root")
        return command

    def kernel_state(self, notebook: str) -> str:
        """The execution state the server has for the kernel of `notebook`, or "not started"."""
        try:
            with self._opener.open(f"{self.base_url}/api/sessions?token={self.token}", timeout=10) as answer:
                sessions = json.loads(answer.read())
        except (urllib.error.URLError, OSError, ValueError):
            return "unknown (the server did not answer)"
        for session in sessions:
            if session.get("path") == notebook and session.get("kernel"):
                return session["kernel"].get("execution_state", "unknown")
        return "not started"

    def shut_down(self, notebook: str) -> None:
        """End the kernel of `notebook` (and its session), so that it holds no CPU or memory while the
        next notebook runs."""
        try:
            with self._opener.open(f"{self.base_url}/api/sessions?token={self.token}", timeout=10) as answer:
                sessions = json.loads(answer.read())
        except (urllib.error.URLError, OSError, ValueError):
            return
        for session in sessions:
            if session.get("path") == notebook:
                request = urllib.request.Request(
                    f"{self.base_url}/api/sessions/{session['id']}?token={self.token}", method="DELETE")
                with contextlib.suppress(urllib.error.URLError, OSError):
                    self._opener.open(request, timeout=30).close()

    @property
    def log_path(self) -> Path:
        return self.home / "jupyterlab.log"

    def log_tail(self, lines: int = 15) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def _start(self, tries: int = 3) -> None:
        """Start JupyterLab and wait until it answers; where the free port was taken meanwhile
        (another session drew the same one), again on another port."""
        for attempt in range(tries):
            try:
                self._start_once()
                return
            except BrowserCheckFailed:
                tail = self.log_tail().lower()
                in_use = "already in use" in tail or "is not available" in tail
                if attempt + 1 == tries or not in_use:
                    raise
                self.port = free_port()
                self.base_url = f"http://127.0.0.1:{self.port}"

    def _start_once(self) -> None:
        with open(self.log_path, "wb") as log:
            # A new session makes JupyterLab the leader of its own process group, so stop()
            # can end it together with every kernel it started.
            self.process = subprocess.Popen(
                self.command(), cwd=self.home, env=self._environment(), stdin=subprocess.DEVNULL,
                stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
                preexec_fn=_end_with_parent if sys.platform.startswith("linux") else None,
            )
        status = f"{self.base_url}/api/status?token={self.token}"
        deadline = time.monotonic() + STEP_TIMEOUT_S
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise BrowserCheckFailed(
                    f"JupyterLab exited with status {self.process.returncode} before answering:\n"
                    + self.log_tail())
            try:
                with self._opener.open(status, timeout=5) as answer:
                    if answer.status == 200:
                        return
            except (urllib.error.URLError, OSError):
                pass
            time.sleep(0.5)
        raise BrowserCheckFailed(
            f"JupyterLab did not answer on {self.base_url} within {STEP_TIMEOUT_S:.0f} s:\n"
            + self.log_tail())

    def stop(self) -> None:
        """End JupyterLab's whole process group (kernels included), then remove its files."""
        if self.process is not None and self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=15)
        # Kernels live in the same group; make sure none outlives its server.
        if self.process is not None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.process.pid, signal.SIGKILL)
        if self.home is not None:
            shutil.rmtree(self.home, ignore_errors=True)
            self.home = None


@contextlib.contextmanager
def chromium():
    """Headless Debian Chromium driven by Playwright; closed whatever happens."""
    from playwright.sync_api import sync_playwright

    executable = find_chromium()
    if executable is None:
        raise BrowserCheckFailed("Debian's chromium is not installed")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, headless=True,
                                             args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@contextlib.contextmanager
def new_page(browser, width: int = 1280, height: int = 1000):
    """A page in a fresh browser context (no cookies or storage shared with other checks)."""
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(STEP_TIMEOUT_S * 1000)
    try:
        yield context.new_page()
    finally:
        context.close()


@dataclass
class SliderCheck:
    """What the page showed before and after the pins slider moved one step to the right."""

    label_before: str
    label_after: str
    game_before: str
    game_after: str
    pins_before: int
    pins_after: int
    seconds_to_rename: float
    plots_redrawn: int
    seconds_to_redraw: float


# Every locator is scoped to the notebook panel on show, so a notebook left open in another tab
# can never answer for the one under test.
PANEL = ".jp-NotebookPanel:visible"

# Each code cell's prompt ("[3]:", "[*]:", "[ ]:") and whether it holds any code.
CELL_PROMPTS_JS = """() => {
    const panel = [...document.querySelectorAll('.jp-NotebookPanel')]
        .find(element => element.offsetParent !== null);
    if (!panel) return [];
    return [...panel.querySelectorAll('.jp-CodeCell')].map(cell => [
        (cell.querySelector('.jp-InputPrompt')?.textContent ?? '').trim(),
        (cell.querySelector('.cm-content')?.textContent ?? '').trim().length > 0,
    ]);
}"""


def _cell_prompts(page) -> list:
    return page.evaluate(CELL_PROMPTS_JS)


def _all_cells_ran(prompts) -> bool:
    return bool(prompts) and all(re.fullmatch(r"\[\d+\]:?", prompt) for prompt, has_code in prompts
                                 if has_code)


def _readout(page, css_class: str) -> int:
    text = page.locator(f"{PANEL} .{css_class} .widget-readout").first.inner_text().strip()
    if not text.isdigit():
        raise BrowserCheckFailed(f"the .{css_class} slider's readout is {text!r}, not a number")
    return int(text)


def _shown_game(page) -> str:
    """The game the sliders show, written as mmlib writes games (`4p6c`)."""
    return f"{_readout(page, PINS_CLASS)}p{_readout(page, COLORS_CLASS)}c"


def _label_text(page) -> str:
    return page.locator(f"{PANEL} .{LABEL_CLASS}").first.inner_text().strip()


# A fingerprint of each image in the output that holds the game label: the plot drawn for the
# chosen game. Its title cannot be read from the page (it is pixels), but a new game's plot is a
# new image, so a changed fingerprint shows the plot was drawn again.
PLOT_FINGERPRINTS_JS = """(labelClass) => {
    const label = [...document.querySelectorAll('.' + labelClass)]
        .find(element => element.offsetParent !== null);
    const output = label?.closest('.jp-OutputArea');
    if (!output) return [];
    return [...output.querySelectorAll('img')].map(image => {
        let hash = 2166136261;
        for (let i = 0; i < image.src.length; i++) {
            hash = Math.imul(hash ^ image.src.charCodeAt(i), 16777619) >>> 0;
        }
        return `${image.src.length}:${hash}`;
    });
}"""


def _plot_fingerprints(page) -> list:
    return page.evaluate(PLOT_FINGERPRINTS_JS, LABEL_CLASS)


def _error_outputs(page) -> str:
    """The text of any traceback the notebook shows, to say why its widgets never came."""
    errors = page.locator(
        f'{PANEL} .jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')
    texts = [errors.nth(i).inner_text() for i in range(min(errors.count(), 3))]
    return "\n".join(text.strip()[-800:] for text in texts)


def _step(description: str, action, page, failure_dir: "Path | None"):
    """Run one step; on failure, save a screenshot in `failure_dir` (a new temporary directory
    if None) and say which step failed and why."""
    try:
        return action()
    except Exception as error:
        if failure_dir is None:
            failure_dir = Path(tempfile.mkdtemp(prefix="mmlib-browser-failure-"))
        failure_dir.mkdir(parents=True, exist_ok=True)
        shot = failure_dir / f"failed-{re.sub(r'[^a-z0-9]+', '-', description.lower()).strip('-')}.png"
        with contextlib.suppress(Exception):
            page.screenshot(path=str(shot))
        errors = ""
        with contextlib.suppress(Exception):
            errors = _error_outputs(page)
        detail = f"\nerror output in the notebook:\n{errors}" if errors else ""
        kind = type(error) if isinstance(error, BrowserCheckFailed) else BrowserCheckFailed
        first_line = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise kind(f"browser check failed while trying to {description}: {first_line}\n"
                   f"screenshot: {shot}{detail}") from error


def _wait_until(condition, timeout_s: float, message) -> None:
    deadline = time.monotonic() + timeout_s
    while not condition():
        if time.monotonic() > deadline:
            raise BrowserCheckFailed(message() if callable(message) else message)
        time.sleep(0.25)


def problems_after_run_all(page, server: JupyterLabServer, notebook: str, failure_dir) -> list:
    """Open `notebook`, Run All, and return what `page_problems` finds; the notebook is shut down
    whatever happens."""
    try:
        open_and_run_all(page, server, notebook, failure_dir=failure_dir)
        return page_problems(page)
    finally:
        server.shut_down(notebook)


def open_and_run_all(page, server: JupyterLabServer, notebook: str,
                     failure_dir: "Path | None" = None) -> None:
    """Open `notebook`, run all its cells from the Run menu and wait until every code cell has run
    and the kernel is idle. Raises BrowserCheckFailed naming the step that failed, with a
    screenshot in `failure_dir` (a new temporary directory if none is given)."""
    timeout_ms = STEP_TIMEOUT_S * 1000

    def step(description, action):
        return _step(description, action, page, failure_dir)

    def open_notebook():
        # A workspace of its own per notebook, so JupyterLab reopens nothing else beside it.
        workspace = re.sub(r"[^A-Za-z0-9_-]+", "-", Path(notebook).stem)
        page.goto(f"{server.base_url}/lab/workspaces/{workspace}/tree/{notebook}?reset&token={server.token}",
                  wait_until="domcontentloaded", timeout=timeout_ms)
        page.locator(f"{PANEL} .jp-Cell").first.wait_for(state="visible", timeout=timeout_ms)

    step(f"open {notebook} in JupyterLab", open_notebook)

    def wait_for_idle_kernel():
        # JupyterLab starts the kernel the notebook names; should it ask instead, answer as a
        # person would, with the Select button of its "Select Kernel" dialog.
        select = page.locator(".jp-Dialog", has_text="Select Kernel").locator(".jp-mod-accept")

        def kernel_idle():
            if select.count() and select.first.is_visible():
                select.first.click()
            return server.kernel_state(notebook) == "idle"

        _wait_until(kernel_idle, STEP_TIMEOUT_S,
                    lambda: f"the kernel is {server.kernel_state(notebook)} after {STEP_TIMEOUT_S:.0f} s")

    step("start the notebook's kernel", wait_for_idle_kernel)

    def run_all_cells():
        # The menu a person uses: Run > Run All Cells.
        page.locator("#jp-MainMenu").get_by_text("Run", exact=True).click()
        page.locator(".lm-Menu-item").filter(
            has=page.get_by_text("Run All Cells", exact=True)).first.click()

    step("run all cells from the Run menu", run_all_cells)

    def wait_for_cells_to_finish():
        # Done when no cell is queued or running ("[*]") and the server says the kernel is idle;
        # a cell that raised stops Run All, which shows as a code cell left without a number.
        def finished():
            prompts = _cell_prompts(page)
            return (not any(prompt.startswith("[*]") for prompt, _ in prompts)
                    and server.kernel_state(notebook) == "idle")

        # Polling right after the click could see the state from before Run All took effect.
        time.sleep(1.0)
        _wait_until(finished, RUN_ALL_TIMEOUT_S, f"cells still running after {RUN_ALL_TIMEOUT_S:.0f} s")
        prompts = _cell_prompts(page)
        # Every code cell on the page (none left out of view by JupyterLab's windowing), so that a
        # check of the outputs reads them all.
        content = json.loads((server.notebook_dir / notebook).read_text())
        expected = sum(cell["cell_type"] == "code" for cell in content["cells"])
        if len(prompts) != expected:
            raise BrowserCheckFailed(f"{len(prompts)} of the notebook's {expected} code cells are on the page")
        if not _all_cells_ran(prompts):
            missing = [i for i, (prompt, has_code) in enumerate(prompts, 1)
                       if has_code and not re.fullmatch(r"\[\d+\]:?", prompt)]
            raise BrowserCheckFailed(f"code cells {missing} (counting code cells from 1) did not run")

    step("run every cell and see the kernel idle", wait_for_cells_to_finish)


# What a reader sees in the notebook's outputs once it has run: each output's text (without the
# style sheets pandas puts beside a table), the tables (by their class), and the text that the page
# cuts short with an ellipsis because it does not fit.
PAGE_OUTPUTS_JS = """(readableClass) => {
    const panel = [...document.querySelectorAll('.jp-NotebookPanel')]
        .find(element => element.offsetParent !== null);
    if (!panel) return {texts: [], errors: [], tables: [], cut: []};
    const outputs = [...panel.querySelectorAll('.jp-OutputArea-output')];
    const textOf = element => {
        const copy = element.cloneNode(true);
        copy.querySelectorAll('style, script').forEach(node => node.remove());
        return copy.textContent;
    };
    const cut = [...panel.querySelectorAll('.jp-OutputArea-output *')].filter(element => {
        const style = getComputedStyle(element);
        return style.textOverflow === 'ellipsis' && element.scrollWidth > element.clientWidth + 1
            && element.textContent.trim().length > 0;
    }).map(element => element.textContent.trim());
    return {
        texts: outputs.map(textOf),
        errors: outputs.filter(element => element.matches(
            '[data-mime-type="application/vnd.jupyter.stderr"]') || element.querySelector('.jp-RenderedText[data-mime-type="application/vnd.jupyter.stderr"]'))
            .map(textOf),
        tables: [...panel.querySelectorAll('.jp-OutputArea-output table')]
            .filter(table => !table.classList.contains(readableClass))
            .map(table => table.textContent.trim().slice(0, 80)),
        cut: cut,
    };
}"""
READABLE_CLASS = "mm-readable"  # the class of every table mmlib.workbench.tables.readable draws


def page_problems(page, patterns: bool = True) -> list[str]:
    """What is wrong with the outputs the notebook on show renders: error output (a traceback or
    anything written to stderr), and with `patterns` the defects of `reader_checks` (NaN, text cut
    off, exponent notation, raw string reprs), tables drawn past mmlib's formatter, and text the page
    cuts short with an ellipsis."""
    import reader_checks

    shown = page.evaluate(PAGE_OUTPUTS_JS, READABLE_CLASS)
    problems = [f"error output: {text.strip()[-300:]!r}" for text in shown["errors"]]
    problems += [f"a traceback: {text.strip()[-300:]!r}" for text in shown["texts"]
                 if "Traceback (most recent call last)" in text]
    if patterns:
        for text in shown["texts"]:
            problems += reader_checks.problems_in(text)
        problems += [f"a table not drawn by the formatter: {text!r}" for text in shown["tables"]]
        problems += [f"text cut off on the page: {text!r}" for text in shown["cut"]]
    return list(dict.fromkeys(problems))


def open_run_and_move_pins(page, server: JupyterLabServer, notebook: str = NOTEBOOK,
                           change_timeout_s: float = CHANGE_TIMEOUT_S,
                           failure_dir: "Path | None" = None) -> SliderCheck:
    """Open `notebook`, run all cells, press ArrowRight on the pins slider, and check that the
    game label then names the game the sliders show.

    Raises BrowserCheckFailed naming the step that failed, with a screenshot in `failure_dir`
    (a new temporary directory if none is given); GameNotRenamed when the slider moved but the
    label never named the new game within `change_timeout_s`."""
    timeout_ms = STEP_TIMEOUT_S * 1000

    def step(description, action):
        return _step(description, action, page, failure_dir)

    open_and_run_all(page, server, notebook, failure_dir)
    pins_handle = page.locator(f"{PANEL} .{PINS_CLASS} .noUi-handle").first
    step(f"see the pins slider (.{PINS_CLASS}) and the game label (.{LABEL_CLASS})", lambda: (
        pins_handle.wait_for(state="visible", timeout=timeout_ms),
        page.locator(f"{PANEL} .{LABEL_CLASS}").first.wait_for(state="visible",
                                                                timeout=timeout_ms)))
    game_before = step("read the sliders", lambda: _shown_game(page))
    pins_before = _readout(page, PINS_CLASS)

    def label_names_game_before():
        _wait_until(lambda: game_before in _label_text(page), STEP_TIMEOUT_S,
                    lambda: f"the label says {_label_text(page)!r}, not the shown game {game_before}")
        return _label_text(page)

    label_before = step(f"see the label name {game_before}", label_names_game_before)
    plots_before = _plot_fingerprints(page)

    def move_pins_right():
        pins_handle.scroll_into_view_if_needed()
        pins_handle.focus()
        # The slider has continuous_update=False: a drag sends its value when released, and a
        # key press sends it at once; the readout shows the browser side has moved.
        page.keyboard.press("ArrowRight")
        _wait_until(lambda: _readout(page, PINS_CLASS) == pins_before + 1, STEP_TIMEOUT_S,
                    lambda: f"the pins readout stayed at {_readout(page, PINS_CLASS)}")

    step("move the pins slider one step right with the keyboard", move_pins_right)
    moved = time.monotonic()

    def label_follows():
        def renamed():
            label = _label_text(page)
            return label != label_before and _shown_game(page) in label

        try:
            _wait_until(renamed, change_timeout_s,
                        lambda: f"after {change_timeout_s:.0f} s the label still says "
                                f"{_label_text(page)!r}; the sliders show {_shown_game(page)}")
        except BrowserCheckFailed as error:
            raise GameNotRenamed(str(error)) from None

    step("see the label name the new game", label_follows)
    renamed = time.monotonic()

    def plot_follows():
        # The callback may go on drawing after it renamed the game: done when the kernel is idle
        # again and every plot beside the label is a new image.
        def redrawn():
            plots = _plot_fingerprints(page)
            return (server.kernel_state(notebook) == "idle" and len(plots) == len(plots_before)
                    and not set(plots) & set(plots_before))

        try:
            _wait_until(redrawn, change_timeout_s,
                        lambda: f"after {change_timeout_s:.0f} s the kernel is "
                                f"{server.kernel_state(notebook)} and {len(plots_before)} plot(s) "
                                f"beside the label became {len(_plot_fingerprints(page))}, "
                                f"{len(set(_plot_fingerprints(page)) & set(plots_before))} unchanged")
        except BrowserCheckFailed as error:
            raise PlotNotRedrawn(str(error)) from None

    step("see the plot beside the label drawn again", plot_follows)
    return SliderCheck(label_before, _label_text(page), game_before, _shown_game(page),
                       pins_before, _readout(page, PINS_CLASS), renamed - moved,
                       len(plots_before), time.monotonic() - moved)


def save_screenshot(page, path: Path) -> None:
    """Screenshot of the notebook with its moved slider, written to a temporary name first.

    Framed for the README: the file browser folded away and the controls' output at the top."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    open_side_tab = page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current")
    if open_side_tab.count():
        open_side_tab.first.click()
    page.locator(f"{PANEL} .{LABEL_CLASS}").first.evaluate(
        """label => {
            label.closest('.jp-OutputArea').scrollIntoView({block: 'start'});
            label.closest('.jp-WindowedPanel-outer')?.scrollBy(0, -16);
        }""")
    page.wait_for_timeout(500)  # let the panel reflow after the side bar folded
    temporary = path.with_name(f".{path.name}.tmp.png")
    try:
        page.screenshot(path=str(temporary))
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)


def main(argv: "list[str] | None" = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--screenshot", type=Path, required=True,
                        help="PNG file for the notebook after the pins slider moved")
    parser.add_argument("--notebook", default=NOTEBOOK, help="notebook in notebooks/ to open")
    args = parser.parse_args(argv)
    reason = skip_reason()
    if reason:
        print(f"error: {reason}", file=sys.stderr)
        return 2
    try:
        with JupyterLabServer() as server, chromium() as browser, new_page(browser) as page:
            check = open_run_and_move_pins(page, server, args.notebook)
            save_screenshot(page, args.screenshot)
    except BrowserCheckFailed as failure:
        print(f"error: {failure}", file=sys.stderr)
        return 1
    print(f"{args.notebook}: {check.label_before!r} -> {check.label_after!r} "
          f"({check.game_before} -> {check.game_after}: label renamed in "
          f"{check.seconds_to_rename:.1f} s, {check.plots_redrawn} plot(s) redrawn in "
          f"{check.seconds_to_redraw:.1f} s); "
          f"wrote {args.screenshot}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
