"""Xordle: two answers that share no letter; a tile is green or yellow if it is so for
either answer, else grey; find both within 9 guesses."""

from functools import cache

import numpy as np
import numpy.typing as npt

from lenwordle.engine.variants.base import (
    Codes,
    Letters,
    Variant,
    Worlds,
    code_of,
    colour_digits,
    colours,
    digits_of,
)

MAX_ANSWERS = 3000  # the likeliest answers paired: 3 000 make at most 4.5 million pairs


def letter_sets(answers: Letters) -> npt.NDArray[np.uint64]:
    """Return each answer's letters as bits of a uint64 (alphabets have at most 64)."""
    bits = np.left_shift(np.uint64(1), answers.astype(np.uint64))
    return np.asarray(np.bitwise_or.reduce(bits, axis=1), np.uint64)


def pairs(weights: npt.NDArray[np.float64], answers: Letters) -> Worlds:
    """Return a world for each pair of answers with no letter in common (the likeliest
    MAX_ANSWERS answers), weighted by the product of their chances."""
    order = np.argsort(-weights, kind="stable")[:MAX_ANSWERS]
    sets = letter_sets(answers[order])
    firsts, seconds = [], []
    for i in range(len(order)):  # one row of the pair table at a time
        later = np.flatnonzero((sets[i + 1 :] & sets[i]) == 0) + i + 1
        firsts.append(np.full(len(later), i))
        seconds.append(later)
    first, second = np.concatenate(firsts), np.concatenate(seconds)
    rows = np.stack([order[first], order[second]], axis=1).astype(np.intp)
    return Worlds(rows, weights[rows[:, 0]] * weights[rows[:, 1]])


TABLED_UP_TO = 6  # lengths whose pairs of replies are combined by a table (729 x 729)


@cache
def better_of(k: int) -> npt.NDArray[np.int32]:
    """Return the reply of every pair of replies of k tiles, tile by tile the better."""
    digits = digits_of(np.arange(3**k), k)
    return code_of(np.maximum(digits[:, None], digits[None])).astype(np.int32)


def either(guesses: Letters, answers: Letters, worlds: Worlds) -> Codes:
    """Return the replies of guesses in each world of two answers: the better colour of
    each tile over the two (green over yellow over grey)."""
    used, at = worlds.used
    k = answers.shape[1]
    if k <= TABLED_UP_TO:
        codes = colours(guesses, answers[used])  # (B x u)
        return better_of(k)[codes[:, at[:, 0]], codes[:, at[:, 1]]].astype(np.int64)
    digits = colour_digits(guesses, answers[used])  # (B x u x k)
    return code_of(np.maximum(digits[:, at[:, 0]], digits[:, at[:, 1]]))


def within(answers: Letters, rows: list[tuple[Letters, int]]) -> npt.NDArray[np.bool_]:
    """Return which answers may be one of a pair after these rows: each tile's colour for
    it is at most the colour shown (the other answer gives the rest)."""
    k = answers.shape[1]
    ok = np.ones(len(answers), bool)
    for guess, shown in rows:
        mine = colour_digits(guess[None], answers)[0]  # (n x k)
        ok &= (mine <= digits_of(np.array(shown), k)).all(axis=1)
    return ok


XORDLE = Variant(
    "xordle",
    "two answers with no letter in common, one row of colours for both",
    limit=9,
    replies=either,
    worlds=pairs,
    answers_per_game=2,
    disjoint=True,
    most_answers=MAX_ANSWERS,
    narrows=within,
    source="Xordle",
)
