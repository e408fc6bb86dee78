"""Words as numbers: letters to an (n x k) uint8 matrix of letter indices."""

import numpy as np
import numpy.typing as npt
import pyarrow as pa

ALPHABET = 26
MAX_LENGTH = 40  # 3**40 still fits a uint64 pattern code


def ascii_matrix(words: pa.Array, k: int) -> npt.NDArray[np.uint8]:
    """Return the (n x k) uint8 ASCII view of same-length words, without copying the Arrow data."""
    words = words.cast(pa.large_string()) if words.type != pa.large_string() else words
    n = len(words)
    if n == 0:
        return np.zeros((0, k), np.uint8)
    _, offsets, data = words.buffers()
    start = np.frombuffer(offsets, np.int64, count=1, offset=8 * words.offset)[0]
    return np.frombuffer(data, np.uint8, count=n * k, offset=int(start)).reshape(n, k)


def encode(words: pa.Array, k: int) -> npt.NDArray[np.uint8]:
    """Return the (n x k) uint8 matrix of letter indices (a=0 ... z=25)."""
    return ascii_matrix(words, k) - np.uint8(ord("a"))


def encode_word(word: str) -> npt.NDArray[np.uint8]:
    """Return one word's letter indices as a uint8 vector."""
    return np.frombuffer(word.encode("ascii"), np.uint8) - np.uint8(ord("a"))
