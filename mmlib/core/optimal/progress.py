"""The one line of progress an exact search shows while it runs (`optimal --progress`).

What a person watching a long search wants to know, and nothing else: how far the opening being
settled has come (its parts proven of all its parts), the best total found so far and the lower
bound proven for the optimum, what the search has cost (core-hours, every run of a checkpoint
included) and how fast it goes. On a terminal the line is rewritten in place (a carriage return,
cut to the terminal's width); anywhere else (a log file, a pipe) it is written as a plain line
now and then, so a log of a day's run stays readable. `optimal-status` says the rest, part by
part, from a checkpoint's files.
"""

from __future__ import annotations

import shutil
import sys
import time
from dataclasses import dataclass

# How often the line is rewritten on a terminal, and written as a new line elsewhere (seconds).
TERMINAL_EVERY_S = 0.25
PLAIN_EVERY_S = 60.0


@dataclass
class RootStanding:
    """Where the search below the first guess stands (`root.RootSearch`, each time it looks)."""

    opening: str  # the earliest opening not settled yet
    order: int  # its place among the openings, from 1
    openings: int
    proven: int  # its parts whose exact value is known
    parts: int
    running: int  # its parts being searched now
    best: "int | None"  # the least total found so far (None: none yet)
    lower: "int | None"  # the least total any opening still open can reach: the optimum is at least this
    # (done, of) second guesses of the large parts running (searched one second guess at a time)
    inside: "tuple[int, int] | None" = None


def _count(value: "int | None") -> str:
    return "-" if value is None else f"{value:,}"


def _duration(seconds: float) -> str:
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}"


def progress_text(label: str, standing: "RootStanding | None", nodes: int, seconds: float,
                  core_hours: float) -> str:
    """The line: the search's label, where the root stands (when it is known), then the
    core-hours (every run), the rate and the time of this run."""
    text = label
    if standing is not None:
        s = standing
        text += f": opening {s.opening} {s.order}/{s.openings}, parts {s.proven}/{s.parts} proven +{s.running}"
        if s.inside is not None and s.inside[1] > 0:
            text += f", inside {s.inside[0]:,}/{s.inside[1]:,}"
        text += f" | best {_count(s.best)}, lower bound {_count(s.lower)}"
    rate = nodes / seconds if seconds > 0 else 0.0
    hours = f"{core_hours:.2f}" if core_hours < 100 else f"{core_hours:,.0f}"
    return f"{text} | {hours} core-h, {rate:,.0f} nodes/s, {_duration(seconds)}"


class ProgressLine:
    """One line of progress on `stream` (default stderr): rewritten in place on a terminal (at
    most every TERMINAL_EVERY_S seconds); elsewhere written as a new line at once, every
    PLAIN_EVERY_S seconds after, and when the search ends. `clock`: seconds, monotonic (a
    test passes its own). `workers`: the cores this run uses, for its core-hours; `earlier_core_hours`:
    those of the checkpoint's earlier runs. `width`: the terminal's columns the line may fill (None:
    the terminal's width less one; a longer line is cut, as a wrapped one would not go back)."""

    def __init__(self, label: str, stream=None, clock=time.monotonic, workers: int = 1,
                 earlier_core_hours: float = 0.0, terminal: "bool | None" = None, width: "int | None" = None):
        self.label, self.clock, self.workers = label, clock, max(1, int(workers))
        self.stream = sys.stderr if stream is None else stream
        self.terminal = self.stream.isatty() if terminal is None else terminal
        self.earlier_core_hours = float(earlier_core_hours)
        self.width = width
        self.started = clock()
        self.nodes = 0
        self.standing: "RootStanding | None" = None
        self._written_at: "float | None" = None
        self._shown = ""

    @property
    def core_hours(self) -> float:
        return self.earlier_core_hours + (self.clock() - self.started) * self.workers / 3600

    def text(self) -> str:
        return progress_text(self.label, self.standing, self.nodes, self.clock() - self.started,
                             self.core_hours)

    def add_nodes(self, nodes: int) -> None:
        self.nodes += int(nodes)
        self.refresh()

    def show_nodes(self, nodes: int) -> None:
        """The nodes searched so far, when a live count is known (never moves back)."""
        if nodes > self.nodes:
            self.nodes = int(nodes)
        self.refresh()

    def show_standing(self, standing: RootStanding) -> None:
        self.standing = standing
        self.refresh()

    def refresh(self, force: bool = False) -> None:
        """Write the line if it is due (or `force`)."""
        now = self.clock()
        every = TERMINAL_EVERY_S if self.terminal else PLAIN_EVERY_S
        if not force and self._written_at is not None and now - self._written_at < every:
            return
        self._written_at = now
        line = self.text()
        if self.terminal:
            width = self.width or shutil.get_terminal_size((120, 24)).columns - 1
            line = line[:width]
            self.stream.write("\r" + line + " " * max(0, len(self._shown) - len(line)))
            self._shown = line
        else:
            self.stream.write(line + "\n")
        self.stream.flush()

    def close(self) -> None:
        """Clear the line on a terminal (the result is printed next); elsewhere, write where the
        search ended as a last line."""
        if not self.terminal:
            self.refresh(force=True)
        elif self._shown:
            self.stream.write("\r" + " " * len(self._shown) + "\r")
            self.stream.flush()
            self._shown = ""
