"""`mmlib.workbench.compiled`: the counts notebook 2 shows of what Numba compiles a kernel to."""

import numba
import numpy as np

from mmlib.core.scoring import ordinal_of
from mmlib.workbench.compiled import compiled_counts


def test_the_rule_set_test_of_ordinal_of_is_a_select():
    """Review r5 of notebook 2: "no branch" was said, not shown. With the types the scoring loop
    passes, the compiled ordinal_of has no conditional branch and one select; the fresh copy the
    count compiles still computes the ordinal."""
    counts = compiled_counts(ordinal_of, np.uint64(2), np.uint64(3), 4, np.uint64(0))
    assert (counts.branches, counts.selects) == (0, 1)
    assert str(counts) == ("ordinal_of, compiled for (uint64, uint64, int64, uint64): "
                           "0 conditional branches, 1 select")


def test_a_loop_that_stops_early_counts_its_branches():
    def first_square_over(limit):
        for i in range(limit):
            if i * i > limit:
                return i
        return -1

    counts = compiled_counts(numba.njit(first_square_over), 50)
    assert counts.branches > 0 and str(counts).startswith("first_square_over, compiled for (int64): ")


def test_the_types_are_read_from_the_scoring_loop():
    """Review r7 of notebook 2: the types the count compiles `ordinal_of` for were chosen by hand;
    they are read from the CPU scoring loop, compiled for a game's arrays as the solver passes them."""
    from mmlib.core import kernels_cpu
    from mmlib.workbench.compiled import compiled_counts_as_called, score_block_arguments, types_passed

    for game in ("4p6c", "4p10c"):  # at most 8 colors, and more: the loop's two branches
        passed = types_passed(kernels_cpu.score_block, ordinal_of, *score_block_arguments(game))
        assert [str(t) for t in passed] == ["uint64", "uint64", "int64", "uint64"]
    counts = compiled_counts_as_called(ordinal_of, kernels_cpu.score_block, *score_block_arguments("4p6c"))
    assert (counts.branches, counts.selects) == (0, 1)
    assert str(counts) == ("kernels_cpu.score_block passes ordinal_of (uint64, uint64, int64, uint64)\n"
                           "ordinal_of, compiled for those types: 0 conditional branches, 1 select")


def test_the_win_in_the_holes_slot_is_counted_beside_ordinal_of():
    """Review r8 of notebook 2: the trade-off (a compare per score against the hole's counter) was
    argued, not shown. The variant gives the win the hole's slot, and its compiled code is counted
    beside ordinal_of's, for the types the scoring loop passes; the compiler is named."""
    from mmlib.core import kernels_cpu
    from mmlib.workbench.compiled import (compiled_with, instruction_table, ordinal_win_in_hole,
                                          score_block_arguments)

    assert ordinal_win_in_hole(4, 4, 4) == ordinal_of(4, 4, 4) - 1 == 13  # 4 pins: the win in slot 13
    assert ordinal_win_in_hole(3, 4, 4) == ordinal_of(3, 4, 4)  # every other score keeps its slot
    frame = instruction_table([ordinal_of, ordinal_win_in_hole], kernels_cpu.score_block,
                              *score_block_arguments("4p6c")).frame
    real, variant = (frame.iloc[i] for i in range(2))
    assert (real["kernel"], variant["kernel"]) == ("ordinal_of", "ordinal_win_in_hole")
    assert int(variant["compares"]) == int(real["compares"]) + 1  # the frame holds the text cells
    assert int(variant["LLVM instructions in all"]) > int(real["LLVM instructions in all"])
    assert compiled_with().startswith(f"Numba {numba.__version__}, LLVM ")
