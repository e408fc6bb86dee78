"""Warmle: green is the right letter; yellow a wrong letter within 3 places of the right
one in the alphabet; grey one further, tile by tile."""

import numpy as np

from lenwordle.engine.variants.base import Codes, Letters, Marks, Variant, Worlds, code_of

NEAR = 3  # places in the alphabet a yellow letter may be from the answer's


def warmth(guesses: Letters, answers: Letters, worlds: Worlds) -> Codes:
    """Return each tile's warmth: 2 the answer's letter, 1 within NEAR places, 0 further."""
    mine = answers[worlds.rows[:, 0]].astype(np.int16)[None]  # (1 x n x k)
    gap = np.abs(np.atleast_2d(guesses).astype(np.int16)[:, None] - mine)
    return code_of(np.where(gap == 0, 2, np.where(gap <= NEAR, 1, 0)).astype(np.uint8))


WARMLE = Variant(
    "warmle",
    "yellow: a letter within 3 places of the right one in the alphabet",
    limit=6,
    replies=warmth,
    marks=Marks(names=("cold", "warm", "right")),
    source="Warmle",
)
