"""The cheap estimate: per letter and position, the entropy of the probe 'letter c at i'
over the weighted candidates; a word's estimate is the sum over its letters."""

import numpy as np
import numpy.typing as npt

from lenwordle.engine.partitions import CHUNK, Candidates


def position_entropy(candidates: Candidates) -> npt.NDArray[np.float64]:
    """Return the (k x letters) entropy, in bits, of probing letter c at position i."""
    k = candidates.k
    letters = candidates.letters
    green = np.zeros((k, letters))
    present = np.zeros(letters)
    for codes, w in candidates.batches():
        for i in range(k):
            green[i] += np.bincount(codes[:, i], w, letters)
        has = np.zeros((len(codes), letters), bool)
        has[np.arange(len(codes))[:, None], codes] = True
        present += w @ has
    # present (a dot) may round an ulp below green (a bincount): never a negative chance
    yellow = np.clip(present[None, :] - green, 0, 1)
    grey = np.clip(1 - green - yellow, 0, 1)
    return _h(green) + _h(yellow) + _h(grey)


def _h(p: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """Return -p log2 p elementwise, 0 where p is 0."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(p > 0, -p * np.log2(np.where(p > 0, p, 1)), 0.0)


def estimate(
    guess_codes: npt.NDArray[np.uint8], table: npt.NDArray[np.float64]
) -> npt.NDArray[np.float64]:
    """Return each word's estimate: the sum of its letters' position entropies.

    Words go CHUNK * 8 at a time: the lookup makes an index and a float per letter of each
    word (16 bytes; 112 MB for a million 7-letter words at once).
    """
    positions = np.arange(guess_codes.shape[1])
    out = np.empty(len(guess_codes))
    for start in range(0, len(guess_codes), 8 * CHUNK):
        rows = guess_codes[start : start + 8 * CHUNK]
        out[start : start + len(rows)] = table[positions, rows].sum(axis=1)
    return out
