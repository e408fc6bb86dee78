"""Fibble: in every row but the winning one, exactly one tile lies (shows one of the other
two colours), each tile and each wrong colour alike; 9 guesses."""

import numpy as np
import numpy.typing as npt

from lenwordle.engine.variants.base import Codes, Variant, digits_of


def lies(codes: Codes, k: int) -> tuple[Codes, npt.NDArray[np.float64]]:
    """Return the 2k rows shown for each true reply (one tile changed to another colour),
    with their chances: alike among those that are not all green; a win is shown as is."""
    codes = np.asarray(codes, np.int64)
    powers = 3 ** np.arange(k, dtype=np.int64)
    digit = digits_of(codes, k).astype(np.int64)  # (... x k)
    shown = [codes[..., None] + ((digit + step) % 3 - digit) * powers for step in (1, 2)]
    rows: Codes = np.concatenate(shown, axis=-1).astype(np.int64)  # (... x 2k)
    win = 3**k - 1
    chances: npt.NDArray[np.float64] = (rows != win).astype(np.float64)
    chances /= np.maximum(chances.sum(axis=-1, keepdims=True), 1)
    won = codes == win
    rows[won] = win
    chances[won] = 1.0 / (2 * k)
    return rows, chances


FIBBLE = Variant(
    "fibble",
    "one tile of every row lies",
    limit=9,
    shown=lies,
    source="Fibble",
)
