"""Woodle (Word500): a row says only how many tiles are green and how many yellow, not
which; 8 guesses."""

from functools import cache

import numpy as np

from lenwordle.engine.variants.base import (
    Codes,
    Letters,
    Marks,
    Variant,
    Worlds,
    colour_digits,
    colours,
    digits_of,
)

COUNTED_UP_TO = 3**12  # replies of up to 12 tiles are counted by a table


@cache
def count_table(k: int) -> Codes:
    """Return Woodle's code of every Wordle reply of k tiles: greens * (k + 1) + yellows."""
    digits = digits_of(np.arange(3**k), k)
    return np.asarray((digits == 2).sum(axis=1) * (k + 1) + (digits == 1).sum(axis=1), np.int64)


def counts(guesses: Letters, answers: Letters, worlds: Worlds) -> Codes:
    """Return Wordle's colours counted: greens * (k + 1) + yellows."""
    used, at = worlds.used
    k = answers.shape[1]
    if 3**k > COUNTED_UP_TO:  # too long for a table: count the digits
        digits = colour_digits(guesses, answers[used])
        codes = (digits == 2).sum(axis=-1) * (k + 1) + (digits == 1).sum(axis=-1)
        return np.asarray(codes[:, at[:, 0]], np.int64)
    return count_table(k)[colours(guesses, answers[used])][:, at[:, 0]]


WOODLE = Variant(
    "woodle",
    "a row says only how many tiles are green and how many yellow",
    limit=8,
    replies=counts,
    marks=Marks(counts=True),
    reply_space=lambda k: (k + 1) ** 2,
    source="Woodle (Word500)",
)
