"""Screenshots of every notebook as a reader sees it, for a review against docs/notebooks.md's rubric.

    .venv/bin/python scripts/page_review.py                      # all notebooks into /tmp/page_review
    .venv/bin/python scripts/page_review.py 05 08 --out /tmp/shots

For each notebook (all of notebooks/, or those named: a file name, a path or its number), this opens
it in JupyterLab in headless Chromium, runs all cells from the Run menu and waits for the kernel to
be idle (`tests/browser_session.py`, the browser test's own session), then writes

* the whole notebook as the reader scrolls through it, in numbered slices of about 1,600 pixels
  (`page_01.png`, `page_02.png`, ...), at 100% zoom with the file browser folded away;
* for every interactive cell, its controls moved one at a time (each slider to its minimum, its
  maximum and a middle position; each menu through up to four of its options; each toggle through
  its buttons; the play widget's Hint), the cell screenshotted after each move once the kernel is
  idle again (`widget_NN_<control>_<value>_1.png`, ...);
* `index.txt`, naming what each screenshot shows (the caption line of an interactive cell
  included, and every option of a menu longer than the four shown), and `problems.txt`, the
  defects the browser test's page check finds (empty when none).

The screenshots show the notebook, not JupyterLab's editing state: the bar, outline and toolbar
that mark the active cell (Run All leaves the last cell active) are hidden.

Each notebook's screenshots go to `<out>/<notebook name>/`, written under a temporary name and
renamed when the notebook is done, so a folder is never half old and half new. Nothing is written
into the repository: JupyterLab serves a temporary copy of notebooks/ (`browser_session`), and an
--out inside the repository is refused.

Progress shows on one line of stderr. If a notebook shows an error (a traceback or anything on
stderr) or does not run, the others are still done and the script ends with one line per such
notebook and exit status 1; bad arguments give one line and exit status 2.
"""

from __future__ import annotations

import argparse
import contextlib
import re
import shutil
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import browser_session as session  # noqa: E402 (tests/ is not a package: found through sys.path)

DEFAULT_OUT = Path("/tmp/page_review")
DEFAULT_WIDTH = 1280
# About one screen of a laptop: short enough for an image viewer, tall enough for a figure and its text.
DEFAULT_SLICE_HEIGHT = 1600
# How long a moved control may keep the kernel busy (a new game's figure on 2 shared cores).
MOVE_TIMEOUT_S = 180.0
# How long an output must stay unchanged before it counts as drawn.
SETTLE_S = 1.0
# A menu is shown with at most this many of its options (first, second, middle, last).
MENU_OPTIONS = 4
# JupyterLab's marks of the active cell (the blue bar, the focus outline, the cell toolbar, a heading's
# fold arrow), which Run All leaves on the last cell: editing state, not the notebook, so hidden from
# the screenshots.
NO_ACTIVE_CELL_CSS = """
.jp-Notebook .jp-Cell .jp-Collapser { background: transparent !important; }
.jp-Notebook .jp-Cell, .jp-Notebook .jp-Cell.jp-mod-selected, .jp-Notebook .jp-Cell.jp-mod-active {
    background: transparent !important; border-color: transparent !important; box-shadow: none !important;
    outline: none !important; }
.jp-Notebook:focus, .jp-Notebook .jp-Cell:focus, .jp-Notebook .jp-Cell:focus-visible { outline: none !important; }
.jp-cell-toolbar, .jp-Notebook .jp-Toolbar.jp-cell-toolbar { display: none !important; }
.jp-Notebook .jp-collapseHeadingButton { display: none !important; }
.jp-Notebook .jp-Cell .jp-MarkdownOutput { border-color: transparent !important; }
"""


@dataclass
class Control:
    """One control of an interactive cell: which cell (counting every cell from 0), its mm- class, and
    its kind (slider, menu, toggle or button)."""

    cell: int
    css_class: str
    kind: str


# The mm- controls of the notebook on show, in page order. A slider is an ipywidgets IntSlider
# (noUiSlider inside), a menu a Dropdown (<select>), a toggle a ToggleButtons; the play widget's
# Hint is the one button pressed (the others change the game rather than show it).
CONTROLS_JS = """() => {
    const panel = [...document.querySelectorAll('.jp-NotebookPanel')]
        .find(element => element.offsetParent !== null);
    if (!panel) return [];
    const cells = [...panel.querySelectorAll('.jp-Cell')];
    const found = [];
    cells.forEach((cell, index) => {
        cell.querySelectorAll('.jp-OutputArea [class*="mm-"]').forEach(element => {
            const css = [...element.classList].find(name => name.startsWith('mm-'));
            let kind = null;
            if (element.querySelector('.noUi-handle')) kind = 'slider';
            else if (element.querySelector('select')) kind = 'menu';
            else if (element.classList.contains('widget-toggle-buttons')) kind = 'toggle';
            else if (css === 'mm-hint') kind = 'button';
            if (kind && element.offsetParent !== null) found.push([index, css, kind]);
        });
    });
    return found;
}"""

# The scroll box of the notebook on show (JupyterLab scrolls the notebook inside it, not the page).
SCROLLER_JS = """() => {
    const panel = [...document.querySelectorAll('.jp-NotebookPanel')]
        .find(element => element.offsetParent !== null);
    return panel?.querySelector('.jp-WindowedPanel-outer') ?? null;
}"""

# The box's place on the page, its size and the scroll height of what it holds.
GEOMETRY_JS = """(scroller) => {
    const box = scroller.getBoundingClientRect();
    return {x: box.x, y: box.y, width: box.width, height: scroller.clientHeight,
            scrollHeight: scroller.scrollHeight};
}"""

# Where cell `index` starts and ends inside the scroll box's content, in pixels.
CELL_SPAN_JS = """([scroller, index]) => {
    const panel = scroller.closest('.jp-NotebookPanel');
    const cell = panel.querySelectorAll('.jp-Cell')[index];
    const box = scroller.getBoundingClientRect(), rect = cell.getBoundingClientRect();
    const top = rect.top - box.top + scroller.scrollTop;
    return [top, top + rect.height];
}"""

# A fingerprint of what a cell's outputs show: its text and the source of every image in it.
OUTPUT_FINGERPRINT_JS = """([scroller, index]) => {
    const cell = scroller.closest('.jp-NotebookPanel').querySelectorAll('.jp-Cell')[index];
    const area = cell.querySelector('.jp-OutputArea');
    if (!area) return '';
    let text = area.innerText;
    area.querySelectorAll('img').forEach(image => { text += '|' + image.src.length + image.src.slice(-64); });
    return text;
}"""

IMAGES_LOADED_JS = """(scroller) => [...scroller.querySelectorAll('img')].every(image => image.complete)"""


class ReviewError(Exception):
    """A notebook that cannot be reviewed as it stands; the message is the one line to print."""


def slices(top: float, bottom: float, height: int) -> list[tuple[int, int]]:
    """The (start, end) pixel rows that cut [top, bottom) into pieces of at most `height` rows, in
    order; an empty range gives none."""
    start, end = int(top), int(round(bottom))
    return [(y, min(y + height, end)) for y in range(start, end, height)]


def spread(values: list, count: int = MENU_OPTIONS) -> list:
    """At most `count` of `values`, first and last always among them, the rest evenly between."""
    if len(values) <= count:
        return list(values)
    picks = {round(i * (len(values) - 1) / (count - 1)) for i in range(count)}
    return [values[i] for i in sorted(picks)]


def slider_positions(low: int, high: int) -> list[int]:
    """The minimum, the maximum and a middle position of a slider, each once."""
    return list(dict.fromkeys([low, high, (low + high) // 2]))


def resolve_notebooks(names: list[str], notebooks_dir: Path = session.NOTEBOOKS) -> list[str]:
    """The notebook file names meant by `names` (a file name, a path, or the leading number such as
    05); all of them when `names` is empty. Raises ReviewError naming the first one not found."""
    available = sorted(path.name for path in notebooks_dir.glob("*.ipynb"))
    if not names:
        return available
    chosen = []
    for name in names:
        base = Path(name).name
        matches = [n for n in available if n == base or Path(n).stem == base or n.split("_")[0] == base]
        if len(matches) != 1:
            raise ReviewError(f"no notebook {name!r} in {notebooks_dir} (there are: {', '.join(available)})")
        chosen.append(matches[0])
    return list(dict.fromkeys(chosen))


def check_out_dir(out: Path) -> Path:
    """`out` made absolute; a ReviewError if it lies inside the repository (screenshots are never
    committed) or is a file."""
    out = out.expanduser().resolve()
    if out == ROOT or ROOT in out.parents:
        raise ReviewError(f"--out {out} is inside the repository; write the screenshots elsewhere")
    if out.exists() and not out.is_dir():
        raise ReviewError(f"--out {out} is a file, not a folder")
    return out


class Progress:
    """One line on stderr, rewritten in place on a terminal (one line per message elsewhere)."""

    def __init__(self, stream=sys.stderr):
        self.stream = stream
        self.live = stream.isatty()

    def show(self, text: str) -> None:
        if self.live:
            self.stream.write("\r\033[K" + text[:150])
        else:
            self.stream.write(text + "\n")
        self.stream.flush()

    def done(self) -> None:
        if self.live:
            self.stream.write("\r\033[K")
            self.stream.flush()


class NotebookReview:
    """The screenshots of one notebook open in `page`, written into `folder`."""

    def __init__(self, page, server, notebook: str, folder: Path, slice_height: int, progress, prefix: str):
        self.page, self.server, self.notebook = page, server, notebook
        self.folder, self.slice_height = folder, slice_height
        self.progress, self.prefix = progress, prefix
        self.index: list[str] = []

    def say(self, text: str) -> None:
        self.progress.show(f"{self.prefix} {self.notebook}: {text}")

    # -- the page ---------------------------------------------------------------------------

    def scroller(self):
        handle = self.page.evaluate_handle(SCROLLER_JS)
        if handle.evaluate("element => element === null"):
            raise ReviewError(f"{self.notebook}: JupyterLab shows no notebook scroll box (.jp-WindowedPanel-outer)")
        return handle

    def frame_the_page(self) -> None:
        """Fold the file browser away, hide the active cell's marks and make the notebook's scroll box
        one slice tall."""
        self.page.add_style_tag(content=NO_ACTIVE_CELL_CSS)
        self.page.evaluate("() => document.activeElement?.blur()")  # no focus ring on the last cell
        open_side_tab = self.page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current")
        if open_side_tab.count():
            open_side_tab.first.click()
        viewport = self.page.viewport_size
        for _ in range(3):  # the box's height follows the window's after a reflow
            box = self.page.evaluate(GEOMETRY_JS, self.scroller())
            missing = self.slice_height - int(box["height"])
            if abs(missing) <= 1:
                break
            viewport = {"width": viewport["width"], "height": viewport["height"] + missing}
            self.page.set_viewport_size(viewport)
            self.page.wait_for_timeout(500)

    def capture(self, top: float, bottom: float, stem: str) -> list[str]:
        """Screenshots of the notebook's rows [top, bottom), one slice each: `stem_1.png`, ...
        (or `stem_01.png`, ... for the whole page). Returns the file names."""
        scroller = self.scroller()
        pieces = slices(top, bottom, self.slice_height)
        digits = 2 if stem == "page" else 1
        names = []
        for number, (start, end) in enumerate(pieces, 1):
            shown_from = scroller.evaluate("(box, y) => { box.scrollTop = y; return box.scrollTop; }", start)
            self.page.wait_for_timeout(150)
            with contextlib.suppress(Exception):
                self.page.wait_for_function(IMAGES_LOADED_JS, arg=scroller, timeout=10_000)
            box = self.page.evaluate(GEOMETRY_JS, scroller)
            clip = {"x": box["x"], "y": box["y"] + (start - shown_from), "width": box["width"],
                    "height": max(1, end - start)}
            name = f"{stem}_{number:0{digits}d}.png"
            self.page.screenshot(path=str(self.folder / name), clip=clip)
            names.append(name)
        return names

    def whole_page(self) -> None:
        scroller = self.scroller()
        # To the last cell's end: JupyterLab lets the notebook scroll a window's height past it.
        last_cell = self.page.locator(f"{session.PANEL} .jp-Cell").count() - 1
        height = min(round(self.page.evaluate(CELL_SPAN_JS, [scroller, last_cell])[1]) + 16,
                     self.page.evaluate(GEOMETRY_JS, scroller)["scrollHeight"])
        self.say(f"screenshots of the page ({height:,} px)")
        names = self.capture(0, height, "page")
        self.index.append(f"{names[0]} .. {names[-1]}: the whole notebook after Run All, "
                          f"{height:,} px in {len(names)} slices of {self.slice_height} px")

    # -- the controls -----------------------------------------------------------------------

    def cell_locator(self, cell: int):
        return self.page.locator(f"{session.PANEL} .jp-Cell").nth(cell)

    def caption(self, cell: int) -> str:
        label = self.cell_locator(cell).locator(f".{session.LABEL_CLASS}")
        return " ".join(label.first.inner_text().split()) if label.count() else ""

    def wait_for_redraw(self, cell: int, before: str) -> str:
        """Wait until the kernel is idle and the cell's outputs have stopped changing; '' when they
        did, else a note saying what was still going on."""
        scroller = self.scroller()
        deadline = time.monotonic() + MOVE_TIMEOUT_S
        time.sleep(0.5)  # the change reaches the kernel first
        last, stable_since = None, time.monotonic()
        while time.monotonic() < deadline:
            now = self.page.evaluate(OUTPUT_FINGERPRINT_JS, [scroller, cell])
            if now != last:
                last, stable_since = now, time.monotonic()
            idle = self.server.kernel_state(self.notebook) == "idle"
            if idle and time.monotonic() - stable_since >= SETTLE_S:
                return "" if now != before else " (the output did not change)"
            time.sleep(0.25)
        return f" (still {self.server.kernel_state(self.notebook)} after {MOVE_TIMEOUT_S:.0f} s)"

    def shoot_cell(self, number: int, control: Control, what: str, before: str, more: str = "") -> None:
        note = self.wait_for_redraw(control.cell, before) + more
        span = self.page.evaluate(CELL_SPAN_JS, [self.scroller(), control.cell])
        stem = f"widget_{number:02d}_{control.css_class.removeprefix('mm-')}_{re.sub(r'[^A-Za-z0-9]+', '-', what).strip('-')}"
        names = self.capture(span[0], span[1], stem)
        caption = self.caption(control.cell)
        self.index.append(f"{', '.join(names)}: cell {control.cell}, {control.css_class} {what}{note}"
                          + (f"; caption: {caption}" if caption else ""))

    def fingerprint(self, cell: int) -> str:
        return self.page.evaluate(OUTPUT_FINGERPRINT_JS, [self.scroller(), cell])

    def set_slider(self, control: Control, value: int) -> None:
        """Type `value` into the slider's readout and press Enter, as a person can; ipywidgets
        clamps it to the slider's range."""
        slider = self.cell_locator(control.cell).locator(f".{control.css_class}").first
        readout = slider.locator(".widget-readout").first
        readout.scroll_into_view_if_needed()
        readout.click()
        self.page.keyboard.press("Control+A")
        self.page.keyboard.type(str(value))
        self.page.keyboard.press("Enter")
        readout.evaluate("element => element.blur()")  # no edit box drawn around the value

    def slider_range(self, control: Control) -> tuple[int, int]:
        handle = self.cell_locator(control.cell).locator(f".{control.css_class} .noUi-handle").first
        return (round(float(handle.get_attribute("aria-valuemin"))),
                round(float(handle.get_attribute("aria-valuemax"))))

    def move(self, control: Control, number: int) -> int:
        """Move one control through its positions, a screenshot after each; returns the next number."""
        widget = self.cell_locator(control.cell).locator(f".{control.css_class}").first
        if control.kind == "slider":
            readout = widget.locator(".widget-readout").first
            low, high = self.slider_range(control)
            for value in slider_positions(low, high):
                self.say(f"{control.css_class} to {value} (cell {control.cell})")
                before = self.fingerprint(control.cell)
                self.set_slider(control, value)
                shown = readout.inner_text().strip()
                self.shoot_cell(number, control, f"{value}" + ("" if shown == str(value) else f" (shows {shown})"),
                                before)
                number += 1
        elif control.kind == "menu":
            select = widget.locator("select").first
            options = select.locator("option").all_inner_texts()
            first = select.input_value()
            shown = spread(options)
            # The options not shown are still named, so a reader knows the whole menu.
            whole = (f" (the menu's {len(options)} options: {', '.join(options)}; {len(shown)} shown)"
                     if len(shown) < len(options) else "")
            for option in shown:
                self.say(f"{control.css_class}: {option} (cell {control.cell})")
                before = self.fingerprint(control.cell)
                select.select_option(label=option)
                self.shoot_cell(number, control, option, before, whole)
                number += 1
            if select.input_value() != first:
                self.say(f"{control.css_class} back to {first} (cell {control.cell})")
                before = self.fingerprint(control.cell)
                select.select_option(value=first)
                self.wait_for_redraw(control.cell, before)
        elif control.kind == "toggle":
            buttons = widget.locator("button")
            for i in range(buttons.count()):
                text = buttons.nth(i).inner_text().strip()
                self.say(f"{control.css_class}: {text} (cell {control.cell})")
                before = self.fingerprint(control.cell)
                buttons.nth(i).click()
                self.shoot_cell(number, control, text, before)
                number += 1
        elif control.kind == "button":
            button = widget.locator("button").first if widget.locator("button").count() else widget
            if button.is_visible():
                self.say(f"press {control.css_class} (cell {control.cell})")
                before = self.fingerprint(control.cell)
                button.click()
                self.shoot_cell(number, control, "pressed", before)
                number += 1
        return number

    def controls(self) -> list[Control]:
        return [Control(*found) for found in self.page.evaluate(CONTROLS_JS)]

    def slider_values(self, cell: int) -> dict:
        """The value each slider of `cell` shows, by its mm- class, in page order."""
        return {control.css_class: int(self.cell_locator(cell).locator(
                    f".{control.css_class} .widget-readout").first.inner_text().strip())
                for control in self.controls() if control.cell == cell and control.kind == "slider"}

    def restore_sliders(self, cell: int, start: dict) -> None:
        """Put the cell's sliders back where the notebook put them (pins before colors: the colors
        slider's range follows the pins), so that each control moves from the reader's start; moving
        the pins to their maximum may have pushed the colors down."""
        for css_class, value in start.items():
            if self.slider_values(cell).get(css_class) != value:
                self.say(f"{css_class} back to {value} (cell {cell})")
                before = self.fingerprint(cell)
                self.set_slider(Control(cell, css_class, "slider"), value)
                self.wait_for_redraw(cell, before)

    def move_every_control(self) -> None:
        number = 1
        start = {}
        for control in self.controls():
            if control.cell not in start:
                start[control.cell] = self.slider_values(control.cell)
            number = self.move(control, number)
            self.restore_sliders(control.cell, start[control.cell])


def review_notebook(browser, server, notebook: str, out: Path, args, progress, prefix: str) -> "str | None":
    """Write the screenshots of `notebook` into out/<stem>/; None when it ran cleanly, else the one
    line that says why not (the screenshots taken so far are still written)."""
    folder = out / Path(notebook).stem
    building = out / f".{Path(notebook).stem}.partial"
    shutil.rmtree(building, ignore_errors=True)
    building.mkdir(parents=True)
    failure = None
    with session.new_page(browser, width=args.width) as page:
        review = NotebookReview(page, server, notebook, building, args.slice_height, progress, prefix)
        try:
            review.say("opening it and running all cells")
            session.open_and_run_all(page, server, notebook, failure_dir=building)
            errors = session.page_problems(page, patterns=False)
            if errors:
                failure = f"{notebook}: {errors[0][:200]}"
            (building / "problems.txt").write_text("".join(f"{p}\n" for p in session.page_problems(page)))
            review.frame_the_page()
            review.whole_page()
            if args.widgets:
                review.move_every_control()
        except (session.BrowserCheckFailed, ReviewError) as error:
            failure = failure or f"{notebook}: {str(error).strip().splitlines()[0]}"
        except Exception as error:  # a page that broke the review: say so, keep what was taken
            failure = failure or f"{notebook}: {type(error).__name__}: {str(error).strip().splitlines()[0][:200]}"
        finally:
            server.shut_down(notebook)
            if failure:
                review.index.append(f"FAILED: {failure}")
            (building / "index.txt").write_text("".join(f"{line}\n" for line in review.index))
    shutil.rmtree(folder, ignore_errors=True)
    building.rename(folder)
    return failure


def main(argv: "list[str] | None" = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", help="notebooks to review (default: all of notebooks/), "
                                                     "by name, path or number (05)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT,
                        help=f"folder for the screenshots, outside the repository (default {DEFAULT_OUT})")
    parser.add_argument("--width", type=int, default=DEFAULT_WIDTH, help="browser window width in pixels")
    parser.add_argument("--slice-height", type=int, default=DEFAULT_SLICE_HEIGHT,
                        help="height of each screenshot in pixels")
    parser.add_argument("--no-widgets", dest="widgets", action="store_false",
                        help="the page only: do not move the controls")
    args = parser.parse_args(argv)
    try:
        notebooks = resolve_notebooks(args.notebooks)
        out = check_out_dir(args.out)
        if args.width < 600 or args.slice_height < 400:
            raise ReviewError("--width must be at least 600 and --slice-height at least 400 pixels")
    except ReviewError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    reason = session.skip_reason()
    if reason:
        print(f"error: {reason}", file=sys.stderr)
        return 2
    out.mkdir(parents=True, exist_ok=True)
    progress = Progress()
    failures = []
    started = time.monotonic()
    try:
        progress.show("starting JupyterLab and Chromium")
        with session.JupyterLabServer() as server, session.chromium() as browser:
            for number, notebook in enumerate(notebooks, 1):
                failure = review_notebook(browser, server, notebook, out, args, progress,
                                          f"[{number}/{len(notebooks)}]")
                if failure:
                    failures.append(failure)
    except session.BrowserCheckFailed as error:
        progress.done()
        print(f"error: {str(error).strip().splitlines()[0]}", file=sys.stderr)
        return 1
    progress.done()
    for failure in failures:
        print(f"error: {failure}", file=sys.stderr)
    shots = sum(1 for notebook in notebooks for _ in (out / Path(notebook).stem).glob("*.png"))
    print(f"{shots} screenshots of {len(notebooks)} notebook(s) in {out} ({time.monotonic() - started:.0f} s); "
          f"index.txt in each folder names them")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
