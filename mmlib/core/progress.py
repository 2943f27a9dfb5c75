"""Progress of a long all-games solve: one tqdm bar per turn on stderr.

Backend-neutral: a solver says when a turn starts (and how many scores it will
compute in it), reports work as it goes if it can, and says how the turn ended.
The CPU backend advances the bar after each batch of search tasks; a backend
that cannot report from inside a turn simply calls `start_turn` and `end_turn`.

    with SolveProgress(enabled, "5p8c knuth cpu") as progress:
        for each turn:
            progress.start_turn(turn, games_active, scores_planned)
            progress.advance(scores_done_in_this_batch)      # any number of times
            progress.end_turn(games_left, regions, scores_so_far)

When `enabled` is false every method does nothing, so solvers call it
unconditionally.
"""

from __future__ import annotations

import sys


class SolveProgress:
    """Per-turn progress bars for one solve; a context manager."""

    def __init__(self, enabled: bool, label: str, file=None):
        self.enabled = bool(enabled)
        self.label = label
        self.file = file
        self._bar = None
        self._done = 0

    def __enter__(self) -> "SolveProgress":
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    def start_turn(self, turn: int, games_active: int, scores_planned: int) -> None:
        """Open the bar of `turn`: `games_active` games play, `scores_planned` scores to compute."""
        if not self.enabled:
            return
        from tqdm.auto import tqdm  # noqa: PLC0415 (only when asked for)

        self.close()
        self._done = 0
        self._bar = tqdm(
            total=max(int(scores_planned), 1),
            desc=f"{self.label} turn {turn}",
            unit="score",
            unit_scale=True,
            leave=True,
            dynamic_ncols=True,
            file=self.file if self.file is not None else sys.stderr,
            postfix=f"games {games_active:,}",
        )

    def advance(self, scores: int) -> None:
        """`scores` more scores of this turn are done."""
        if self._bar is not None:
            self._done += int(scores)
            self._bar.update(int(scores))

    def end_turn(self, games_left: int, regions: int, scores_so_far: int) -> None:
        """Close this turn's bar with what it left: games still playing, their regions, scores so far."""
        if self._bar is None:
            return
        remaining = self._bar.total - self._done
        if remaining > 0:
            self._bar.update(remaining)
        self._bar.set_postfix_str(
            f"games left {games_left:,}, regions {regions:,}, scores {scores_so_far:,}", refresh=False
        )
        self.close()  # draws the bar a last time, with this postfix

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None
