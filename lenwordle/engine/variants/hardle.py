"""Hardle: Wordle's hints in two colours whose roles are drawn for the whole game: either
may mean "right place", the other "elsewhere in the word"; 8 guesses."""

import numpy as np
import numpy.typing as npt

from lenwordle.engine.variants.base import (
    Codes,
    Letters,
    Variant,
    Worlds,
    code_of,
    colour_digits,
)


def both_ways(weights: npt.NDArray[np.float64], answers: Letters) -> Worlds:
    """Return two worlds for each answer: the colours as in Wordle, and swapped."""
    n = len(weights)
    rows = np.tile(np.arange(n), 2)[:, None]
    return Worlds(rows, np.tile(weights, 2) / 2, np.repeat([False, True], n))


def maybe_swapped(guesses: Letters, answers: Letters, worlds: Worlds) -> Codes:
    """Return Wordle's replies, green and yellow traded in the swapped worlds."""
    used, at = worlds.used
    digits = colour_digits(guesses, answers[used])[:, at[:, 0]]  # (B x n x k)
    swapped = np.where(digits == 0, 0, 3 - digits).astype(np.uint8)
    return code_of(np.where(worlds.swapped[None, :, None], swapped, digits))


HARDLE = Variant(
    "hardle",
    "green and yellow may be swapped for the whole game, unknown which",
    limit=8,
    replies=maybe_swapped,
    worlds=both_ways,
    swaps=True,
    source="Hardle",
)
