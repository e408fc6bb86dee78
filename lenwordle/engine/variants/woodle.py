"""Woodle (Word500): a row says only how many tiles are green and how many yellow, not
which; 8 guesses."""

import numpy as np

from lenwordle.engine.variants.base import (
    Codes,
    Letters,
    Marks,
    Variant,
    Worlds,
    colour_digits,
)


def counts(guesses: Letters, answers: Letters, worlds: Worlds) -> Codes:
    """Return Wordle's colours counted: greens * (k + 1) + yellows."""
    used, at = worlds.used
    digits = colour_digits(guesses, answers[used])
    k = answers.shape[1]
    greens = (digits == 2).sum(axis=-1)
    yellows = (digits == 1).sum(axis=-1)
    return np.asarray((greens * (k + 1) + yellows)[:, at[:, 0]], np.int64)


WOODLE = Variant(
    "woodle",
    "a row says only how many tiles are green and how many yellow (8 guesses)",
    limit=8,
    replies=counts,
    marks=Marks(counts=True),
    reply_space=lambda k: (k + 1) ** 2,
    source="Word500 / Woodle: How to play",
)
