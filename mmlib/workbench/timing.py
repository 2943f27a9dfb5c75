"""Live timings a notebook shows as wall time, and the machine they ran on.

A timing taken live in a cell names the machine it ran on, mmlib's commit and the engine's
version (`where_measured`), as the rows of data/ do, so that a reader can tell it from a table's.

The exact optimal search of a game of several hundred codewords or more works in worker
processes, whose CPU time IPython's `%time` cannot see (it reports this process's few
milliseconds), so notebook 8 times it here with `time.perf_counter` and says so.
"""

from __future__ import annotations

import time

from ..core.games import Game
from ..core.optimal import optimal
from ..studies.data_tables import measured_just_now


def where_measured(engine: str = "solve-cpu", backend: str = "cpu") -> str:
    """Print and return the line that names where a live timing ran: 'measured just now on AMD
    EPYC, 2 cores (mmlib c58d718, engine solve-cpu 6)'. `engine`: 'solve-cpu', 'solve-cuda',
    'solve-reference', 'optimal' or 'scoring'."""
    line = measured_just_now(engine, backend)
    print(line)
    return line


def timed_optimal(game: "Game | str", max_turns: "int | None" = None, objective: str = "total"):
    """`optimal(game, max_turns, objective)`, printing a line before it starts (a session's first
    search also starts the worker processes, which takes seconds) and, after, the result with the
    wall time it took on this machine. Returns the result."""
    game = Game.parse(game)
    what = f"objective {objective}" + (f", at most {max_turns} turns" if max_turns else "")
    print(f"{game.name}, {what}: search started", flush=True)
    started = time.perf_counter()
    result = optimal(game, max_turns=max_turns, objective=objective)
    wall = time.perf_counter() - started
    print(f"  total {result.total_turns:,} turns, max {result.max_turns}, opening {result.first_guess_text}: "
          f"{wall:.2f} s wall time,\n  {measured_just_now('optimal')}")  # two lines: a narrow page keeps each whole
    return result
