"""Live timings a notebook shows as wall time.

The exact optimal search of a game of several hundred codewords or more works in worker
processes, whose CPU time IPython's `%time` cannot see (it reports this process's few
milliseconds), so notebook 8 times it here with `time.perf_counter` and says so.
"""

from __future__ import annotations

import time

from ..core.games import Game
from ..core.optimal import optimal
from ..studies.data_tables import this_machine


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
          f"{wall:.2f} s wall time on {this_machine()}")
    return result
