"""Antiwordle: avoid the answer as long as possible. A grey letter may not be used again,
a yellow one must be used, a green one stays in its place; the score is the guesses
survived."""

import numpy as np
import numpy.typing as npt

from lenwordle.engine.variants.base import Letters, Variant


def keeps_to(
    guesses: Letters, rows: list[tuple[Letters, npt.NDArray[np.uint8]]]
) -> npt.NDArray[np.bool_]:
    """Return which guesses keep to every row so far: no grey letter, every yellow letter,
    every green in its place."""
    ok = np.ones(len(guesses), bool)
    for word, digits in rows:
        for i, (letter, digit) in enumerate(zip(word, digits)):
            if digit == 2:
                ok &= guesses[:, i] == letter
            elif digit == 1:
                ok &= (guesses == letter).any(axis=1)
            elif not ((word == letter) & (digits > 0)).any():  # a grey copy of a yellow letter
                ok &= ~(guesses == letter).any(axis=1)
    return ok


ANTIWORDLE = Variant(
    "antiwordle",
    "avoid the answer: grey letters never again, yellow ones used, greens kept",
    limit=1000,
    avoid=True,
    guess_rule=keeps_to,
    source="Antiwordle",
)
