"""Resumable whole-game searches (`optimal(..., checkpoint=DIR)`, `optimal --checkpoint DIR`)."""

import numpy as np
import pytest

from mmlib.cli import main
from mmlib.core.optimal import optimal
from mmlib.core.optimal.checkpoint import Checkpoint
from mmlib.core.verify import verify_tree


class _Interrupted(BaseException):
    """Stands for Ctrl-C or a killed process, at a chosen moment of the search."""


def _interrupt_after(monkeypatch, parts: int):
    """Make the checkpoint's `record` stop the run once it has kept `parts` parts."""
    original = Checkpoint.record
    kept = []

    def record(self, *args, **kwargs):
        original(self, *args, **kwargs)
        kept.append(args)
        if len(kept) >= parts:
            raise _Interrupted

    monkeypatch.setattr(Checkpoint, "record", record)
    return kept


@pytest.mark.parametrize("game, objective", [("4p4c", "total"), ("3p5c", "worst"), ("4p3c", "total")])
def test_a_search_interrupted_at_random_points_and_resumed_gives_the_uninterrupted_answer(
        game, objective, tmp_path, monkeypatch):
    whole = optimal(game, objective=objective, workers=1)
    rng = np.random.default_rng(len(game))
    folder = tmp_path / "checkpoint"
    stops = 0
    for _ in range(12):  # interrupt again and again, each run going on from the last
        with monkeypatch.context() as patch:
            _interrupt_after(patch, int(rng.integers(1, 4)))
            try:
                result = optimal(game, objective=objective, workers=2, checkpoint=folder)
                break
            except _Interrupted:
                stops += 1
    else:
        result = optimal(game, objective=objective, workers=2, checkpoint=folder)
    assert stops >= 1  # the search was stopped at least once before it finished
    assert (result.total_turns, result.max_turns) == (whole.total_turns, whole.max_turns)
    report = verify_tree(result.tree_json())
    assert (report.total_turns, report.max_turns) == (whole.total_turns, whole.max_turns)
    # Once finished, a run with the same folder takes the parts from it: every part of the opening
    # that wins (in the search at the final depth) comes exactly from the folder, and only parts
    # an earlier run stopped before they ended (those of openings that could no longer win) are
    # searched again. (How many those are depends on how the two workers' parts interleaved, so
    # their node count is only compared.)
    looked_up = []
    with monkeypatch.context() as patch:
        lookup = Checkpoint.lookup

        def recorded(self, depth, guess, ordinal):
            known = lookup(self, depth, guess, ordinal)
            looked_up.append((depth, guess, known is not None and known[1]))
            return known

        patch.setattr(Checkpoint, "lookup", recorded)
        again = optimal(game, objective=objective, workers=2, checkpoint=folder)
    fresh = optimal(game, objective=objective, workers=2)
    assert again.total_turns == whole.total_turns
    last = max(depth for depth, _g, _e in looked_up)  # the worst objective first refutes fewer turns
    winning = [exact for depth, guess, exact in looked_up if depth == last and guess == again.first_guess]
    assert len(winning) >= 2 and all(winning), looked_up
    assert again.nodes_searched < fresh.nodes_searched, (again.nodes_searched, fresh.nodes_searched)


def test_a_checkpoint_of_another_search_is_refused_and_the_cli_says_so_in_one_line(tmp_path, capsys):
    folder = tmp_path / "kept"
    optimal("3p3c", workers=1, checkpoint=folder)
    with pytest.raises(ValueError, match="holds a search of 3p3c"):
        optimal("3p4c", workers=1, checkpoint=folder)
    with pytest.raises(ValueError, match="holds a search of 3p3c"):
        optimal("3p3c", objective="worst", workers=1, checkpoint=folder)
    assert main(["optimal", "3p4c", "--checkpoint", str(folder)]) == 2
    err = capsys.readouterr().err
    assert "holds a search of 3p3c" in err and len(err.strip().splitlines()) == 1
    assert main(["optimal", "3p3c", "--checkpoint", str(folder)]) == 0
    assert "73" in capsys.readouterr().out.replace(",", "")


def test_a_damaged_part_file_is_searched_again(tmp_path):
    folder = tmp_path / "kept"
    first = optimal("4p3c", workers=1, checkpoint=folder)
    parts = sorted((folder / "parts").iterdir())
    assert parts
    parts[0].write_bytes(b"\x1f\x8b not really gzip")
    again = optimal("4p3c", workers=1, checkpoint=folder)
    assert again.total_turns == first.total_turns and again.nodes_searched >= 0
