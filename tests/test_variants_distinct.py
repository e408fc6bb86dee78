"""The chooser's count of distinct replies agrees with np.unique on both of its paths."""

import numpy as np
import pytest

from lenwordle.strategies import shown


@pytest.mark.parametrize("space", [50, shown.COUNTED_SPACE, shown.COUNTED_SPACE + 1])
def test_distinct_is_np_unique_at_and_past_the_counted_space(space):
    codes = np.random.default_rng(5).integers(0, 50, 400).astype(np.int64)
    codes[-1] = 49
    values, where = shown.distinct(codes, space)
    expected, inverse = np.unique(codes, return_inverse=True)
    assert values.tolist() == expected.tolist() and where.tolist() == inverse.tolist()
    assert (values[where] == codes).all()


def test_distinct_sorts_a_space_too_large_to_count():
    """Replies of 26 tiles: a count over their 3**26 codes could not be held."""
    codes = np.array([3**25, 7, 3**25], np.int64)
    values, where = shown.distinct(codes, 3**26)
    assert values.tolist() == [7, 3**25] and where.tolist() == [1, 0, 1]
