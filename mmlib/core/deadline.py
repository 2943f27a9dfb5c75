"""The one rule for time limits: a `Deadline`, made once when a command's work starts and handed
down to every step that can take long, so that the limit bounds the whole command.

`optimal --time-limit`, `next --strategy optimal --time-limit`, `review --time-limit` and the
coach each make one deadline and pass the same object down: to the exact search (which stops at
it, `OptimalSearch.value`), to the bounds given in place of a stopped search (the strategies'
play, the floors of every guess: each stops at it too and falls back on a bound that needs no
work), and to the root of a whole-game search. A step that finds the deadline passed does only
what needs no search (a cache look-up, a closed-form bound), so the work after the deadline is
bounded by the number of steps, never by the size of the game.
"""

from __future__ import annotations

import math
import time


class DeadlinePassed(TimeoutError):
    """A step stopped because its deadline passed."""


class Deadline:
    """`seconds` from now (None: never). `passed()` is the question every step asks; `reached`
    stays True once any step found it passed, so the result can say that it holds bounds."""

    def __init__(self, seconds: "float | None"):
        self.seconds = seconds
        self.end = None if seconds is None else time.monotonic() + seconds
        self.reached = False

    @classmethod
    def of(cls, deadline: "Deadline | None", seconds: "float | None") -> "Deadline":
        """`deadline` if one is given (a step of a larger command shares its caller's), else a new
        one of `seconds`."""
        return deadline if deadline is not None else cls(seconds)

    def share(self, fraction: float) -> "Deadline":
        """A deadline of its own at `fraction` of the time left to this one (this one, for 1 or
        without a limit): a step that must leave time to the steps after it."""
        if self.end is None or fraction >= 1:
            return self
        part = Deadline(None)
        part.seconds = self.seconds
        part.end = time.monotonic() + fraction * self.left()
        return part

    def left(self) -> float:
        """Seconds until the deadline (0 once passed; infinity without one)."""
        if self.end is None:
            return math.inf
        return max(0.0, self.end - time.monotonic())

    def overrun(self) -> float:
        """Seconds past the deadline now (0 before it, or without one)."""
        return 0.0 if self.end is None else max(0.0, time.monotonic() - self.end)

    def passed(self) -> bool:
        if self.end is not None and time.monotonic() >= self.end:
            self.reached = True
        return self.reached

    def check(self, *_ignored) -> None:
        """DeadlinePassed once the deadline has passed (usable as a search's `abort_check`)."""
        if self.passed():
            raise DeadlinePassed
