"""Feedback: the reference scorer, the vectorized kernel, and the notations players type.

A pattern is one integer per (guess, answer) pair: sum over positions i of 3**i times
0 (grey), 1 (yellow) or 2 (green). Repeated letters follow the game: greens first, then
yellows left to right while unmatched copies of that letter remain in the answer.
"""

import functools
from collections import Counter

import numpy as np

from lenwordle.encoding import ALPHABET, letter_counts, pattern_dtype

Reply = str  # e.g. 'g.y..': g green, y yellow, . grey

GREY, YELLOW, GREEN = 0, 1, 2
SYMBOLS = {
    GREY: ".0⬜⬛",
    YELLOW: "y1🟨",
    GREEN: "g2🟩",
}
_VALUE_OF = {ch: value for value, chars in SYMBOLS.items() for ch in chars} | {"Y": 1, "G": 2}
ACCEPTED = "g/y/. (or 2/1/0, or tiles 🟩 🟨 ⬜ ⬛)"


def reply_for(guess: str, answer: str) -> Reply:
    """Return the feedback for guess against answer, as a 'g'/'y'/'.' string (reference scorer)."""
    reply = ["."] * len(guess)
    unmatched = Counter(a for g, a in zip(guess, answer) if g != a)
    for i, (g, a) in enumerate(zip(guess, answer)):  # pass 1: greens
        if g == a:
            reply[i] = "g"
    for i, g in enumerate(guess):  # pass 2: yellows, left to right, while copies remain
        if reply[i] == "." and unmatched[g] > 0:
            reply[i] = "y"
            unmatched[g] -= 1
    return "".join(reply)


def reply_to_code(reply: Reply) -> int:
    """Return the integer pattern of a 'g'/'y'/'.' reply."""
    return sum(3**i * _VALUE_OF[ch] for i, ch in enumerate(reply))


def code_to_reply(code: int, k: int) -> Reply:
    """Return the 'g'/'y'/'.' reply of an integer pattern of length k."""
    out = []
    for _ in range(k):
        code, digit = divmod(int(code), 3)
        out.append(".yg"[digit])
    return "".join(out)


def parse_reply(text: str, k: int) -> Reply:
    """Return text (any accepted notation) as a 'g'/'y'/'.' reply; ValueError says what is accepted."""
    chars = [ch for ch in text.strip() if ch not in "\ufe0f "]
    bad = sorted({ch for ch in chars if ch not in _VALUE_OF})
    if bad:
        raise ValueError(f"unknown feedback character {bad[0]!r}; use {ACCEPTED}")
    kinds = {_notation(ch) for ch in chars}
    if len(kinds) > 1:
        raise ValueError(f"feedback mixes notations; use one of {ACCEPTED}")
    if len(chars) != k:
        raise ValueError(f"feedback has {len(chars)} marks, the word has {k} letters")
    return "".join(".yg"[_VALUE_OF[ch]] for ch in chars)


def _notation(ch: str) -> str:
    """Return which notation a feedback character belongs to."""
    return "digits" if ch in "012" else "tiles" if ch in "⬜⬛🟨🟩" else "letters"


def tiles(reply: Reply) -> str:
    """Return a reply as coloured square emoji."""
    return "".join({"g": "🟩", "y": "🟨", ".": "⬛"}[ch] for ch in reply)


class AnswerBlock:
    """A chunk of answers prepared for scoring: letter columns, letter counts, contribution table."""

    def __init__(self, codes: np.ndarray):
        n, k = codes.shape
        self.k, self.n = k, n
        self.dtype = pattern_dtype(k)
        self.columns = np.ascontiguousarray(codes.T)  # k x n
        self.counts = np.ascontiguousarray(letter_counts(codes).T)  # 26 x n
        present = self.counts > 0
        # table[i, c] is the pattern contribution of letter c at position i when c occurs
        # once in the guess; row 26 is zero, for letters that repeat (scored separately).
        self.table = np.zeros((k, ALPHABET + 1, n), self.dtype)
        rows = np.arange(n)
        for i in range(k):
            place = self.dtype.type(3**i)
            self.table[i, :ALPHABET] = present * place
            self.table[i, self.columns[i], rows] = 2 * place


def repeated_mask(guesses: np.ndarray) -> np.ndarray:
    """Return a (B x k) bool mask of guess letters that occur more than once in their guess."""
    same = guesses[:, :, None] == guesses[:, None, :]
    return same.sum(axis=2) > 1


def score_into(guesses: np.ndarray, block: AnswerBlock, out: np.ndarray) -> np.ndarray:
    """Write the (B x n) patterns of guesses (B x k uint8) against block into out; return out."""
    b, k = guesses.shape
    repeated = repeated_mask(guesses)
    index = np.where(repeated, ALPHABET, guesses)
    np.take(block.table[0], index[:, 0], axis=0, out=out)
    for i in range(1, k):
        out += block.table[i].take(index[:, i], axis=0)
    for row in np.flatnonzero(repeated.any(axis=1)):
        _add_repeated(guesses[row], repeated[row], block, out[row])
    return out


def _add_repeated(guess: np.ndarray, repeated: np.ndarray, block: AnswerBlock, out: np.ndarray):
    """Add to out the contributions of one guess's repeated letters, one table lookup per letter."""
    positions = np.flatnonzero(repeated)
    for letter in np.unique(guess[positions]):
        spots = tuple(int(p) for p in positions[guess[positions] == letter])
        table = _repeat_table(spots, block.k).astype(block.dtype, copy=False)
        kind = np.uint8 if table.size <= 256 else np.uint16
        index = block.counts[letter].astype(kind) << kind(len(spots))
        for bit, p in enumerate(spots):
            index |= (block.columns[p] == letter).astype(kind) << kind(bit)
        out += table.take(index)


@functools.lru_cache(maxsize=4096)
def _repeat_table(spots: tuple[int, ...], k: int) -> np.ndarray:
    """Return the contribution of a letter at these guess positions, by (answer count, green bits)."""
    m = len(spots)
    table = np.zeros((k + 1) << m, np.uint64)
    for count in range(k + 1):
        for bits in range(1 << m):
            unmatched = count - bin(bits).count("1")
            value = 0
            for bit, p in enumerate(spots):
                if bits >> bit & 1:
                    value += 2 * 3**p
                elif unmatched > 0:
                    value += 3**p
                    unmatched -= 1
            table[(count << m) | bits] = value
    return table


def score(guesses: np.ndarray, answers: np.ndarray) -> np.ndarray:
    """Return the (B x n) patterns of guesses (B x k) against answers (n x k)."""
    block = AnswerBlock(answers)
    out = np.empty((len(guesses), block.n), block.dtype)
    return score_into(np.atleast_2d(guesses), block, out)
