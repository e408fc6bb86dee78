"""Peaks (Wordle Peaks): each tile says whether the answer's letter there is the same as
the guess's, or earlier or later in the alphabet (the language's own order)."""

import numpy as np

from lenwordle.engine.variants.base import Codes, Letters, Marks, Variant, Worlds, code_of

LATER, EARLIER, SAME = 0, 1, 2  # the answer's letter compared with the guess's


def heights(guesses: Letters, answers: Letters, worlds: Worlds) -> Codes:
    """Return each tile's direction: SAME, EARLIER (the answer's letter comes before the
    guess's) or LATER."""
    mine = answers[worlds.rows[:, 0]][None]  # (1 x n x k)
    mine_ = np.atleast_2d(guesses)[:, None]
    tiles = np.where(mine == mine_, SAME, np.where(mine < mine_, EARLIER, LATER))
    return code_of(tiles.astype(np.uint8))


PEAKS = Variant(
    "peaks",
    "each tile: the same letter, or the answer's is earlier (v) or later (^) in the alphabet",
    limit=6,
    replies=heights,
    marks=Marks(
        "^vg",
        {"u": LATER, "d": EARLIER, "<": EARLIER, ">": LATER, "=": SAME},
        names=("later", "earlier", "same"),
    ),
    source="Wordle Peaks",
)
