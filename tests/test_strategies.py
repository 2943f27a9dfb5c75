import math

import numpy as np
import pytest

from mmlib.core.strategies import Strategy, entropy_table, rank_of_counts


def rank(strategy, sizes, slots=15):
    counts = np.zeros(slots, dtype=np.int64)
    counts[: len(sizes)] = sizes
    return rank_of_counts(counts, int(Strategy.parse(strategy)), entropy_table(100))


def test_strategy_names():
    assert [s.label for s in Strategy] == ["knuth", "expected-size", "entropy", "most-parts"]
    with pytest.raises(ValueError, match="unknown strategy 'bogus': choose one of knuth"):
        Strategy.parse("bogus")


def test_ranks():
    assert rank("knuth", [3, 5, 1]) == 5
    assert rank("expected-size", [3, 5, 1]) == 35
    assert rank("most-parts", [3, 5, 1]) == -3


def test_entropy_ties_are_exact_for_equal_products():
    # 4 log 4 == 4 * (2 log 2): different multisets, equal sums.
    assert rank("entropy", [4, 1, 1, 1, 1]) == rank("entropy", [2, 2, 2, 2])
    # The order of the scores never matters.
    sizes = [7, 3, 12, 1, 9, 2]
    assert rank("entropy", sizes) == rank("entropy", sizes[::-1]) == rank("entropy", sorted(sizes))


def test_entropy_table_follows_s_log_s():
    table = entropy_table(5000)
    s = np.arange(2, 5001)
    np.testing.assert_allclose(table[2:5001] / 2**30, s * np.log2(s), rtol=1e-8)
    assert table[0] == table[1] == 0
    assert table[12] == 12 * (2 * round(2**30) + round(math.log2(3) * 2**30))


def test_entropy_prefers_more_even_splits():
    assert rank("entropy", [5, 5]) < rank("entropy", [9, 1])
