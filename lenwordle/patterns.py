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


GROUP = 5  # positions summed in one byte: a group's pattern is at most 3**5 - 1 = 242
GREEN_MARK = 255  # in AnswerBlock.avail: the guess letter is green here (above any count)


class AnswerBlock:
    """A chunk of answers prepared for scoring: letter columns, letter counts, lookup rows.

    Row i * 26 + c of each (k * 26) x n table is about guess letter c at position i:
    `digits` holds its pattern digit when c occurs once in the guess (2 green, 1 present,
    0 absent), times its weight 3**(i % GROUP) inside its group of positions; `avail`
    holds GREEN_MARK where the answer has c at i, else the answer's count of c.
    """

    def __init__(self, codes: np.ndarray):
        codes = np.asarray(codes, np.uint8)
        n, k = codes.shape
        self.k, self.n = k, n
        self.dtype = pattern_dtype(k)
        self.columns = np.ascontiguousarray(codes.T)  # k x n
        self.counts = np.ascontiguousarray(letter_counts(codes).T)  # 26 x n
        letters = np.arange(ALPHABET, dtype=np.uint8)[:, None]
        weight = (3 ** (np.arange(k) % GROUP)).astype(np.uint8)
        self.digits = np.empty((k * ALPHABET, n), np.uint8)
        self.avail = np.empty((k * ALPHABET, n), np.uint8)
        present = np.minimum(self.counts, 1)
        for i in range(k):
            rows = slice(i * ALPHABET, (i + 1) * ALPHABET)
            green = self.columns[i] == letters  # 26 x n
            np.multiply(np.where(green, np.uint8(2), present), weight[i], out=self.digits[rows])
            np.copyto(self.avail[rows], np.where(green, np.uint8(GREEN_MARK), self.counts))


def repeated_mask(guesses: np.ndarray) -> np.ndarray:
    """Return a (B x k) bool mask of guess letters that occur more than once in their guess."""
    same = guesses[:, :, None] == guesses[:, None, :]
    return same.sum(axis=2) > 1


def score_into(guesses: np.ndarray, block: AnswerBlock, out: np.ndarray) -> np.ndarray:
    """Write the (B x n) patterns of guesses (B x k uint8) against block into out; return out.

    Every (guess, position) gets a row of weighted digits, looked up in block.digits; the
    rows of repeated letters are then redone for all guesses at once (`_fix_repeated`), and
    each guess's rows are summed a group of GROUP positions at a time in bytes.
    """
    guesses = np.asarray(guesses, np.uint8)
    b, k = guesses.shape
    n = block.n
    if b == 0 or n == 0:
        return out
    rows = (np.arange(0, k * ALPHABET, ALPHABET, dtype=np.intp) + guesses).ravel()  # b*k
    digits = np.take(block.digits, rows, axis=0, mode="clip")  # (b*k) x n
    _fix_repeated(guesses, block, rows, digits)
    digits = digits.reshape(b, k, n)
    if k <= GROUP:
        np.add.reduce(digits, axis=1, dtype=np.uint8, out=out)
        return out
    group = np.empty((b, n), np.uint8)
    starts = range((k - 1) // GROUP * GROUP, -1, -GROUP)
    for step, start in enumerate(starts):
        part = digits[:, start:start + GROUP]
        if part.shape[1] == 1:
            sums = part[:, 0]
        else:
            sums = np.add.reduce(part, axis=1, dtype=np.uint8, out=group)
        if step == 0:
            np.copyto(out, sums)
        else:
            np.multiply(out, out.dtype.type(3**GROUP), out=out)
            np.add(out, sums, out=out)
    return out


def _fix_repeated(guesses: np.ndarray, block: AnswerBlock, rows: np.ndarray,
                  digits: np.ndarray) -> None:
    """Redo, in digits, the rows of guess letters that occur more than once in their guess.

    A non-green letter that is the r-th (0-based) copy of its letter in the guess is yellow
    iff r + (greens of that letter at later positions) < the answer's count of it. Copies
    are taken last-first, one level of "copies after this one" at a time, across all
    guesses: the bar of a copy is the bar of the next copy, less one unless that is green.
    """
    b, k = guesses.shape
    same = guesses[:, :, None] == guesses[:, None, :]  # b x k x k
    total = np.count_nonzero(same, axis=2).ravel()
    repeated = np.flatnonzero(total > 1)  # flat (guess, position) rows
    if repeated.size == 0:
        return
    earlier = np.count_nonzero(same & _tri(k, -1), axis=2).ravel()
    later = total - 1 - earlier
    order = repeated[np.argsort(later[repeated], kind="stable")]  # last copies first
    level = later[order]
    bounds = np.searchsorted(level, np.arange(int(level[-1]) + 2))
    # the next copy of each row's letter (meaningful where later > 0)
    following = np.argmax(same & ~_tri(k, 0), axis=2).ravel()
    following += np.repeat(np.arange(0, b * k, k), k)
    slot = np.empty(b * k, np.intp)
    slot[order] = np.arange(order.size)

    avail = np.take(block.avail, rows[order], axis=0, mode="clip")  # q x n
    bar = np.empty_like(avail)
    bar[:bounds[1]] = earlier[order[:bounds[1]]].astype(np.uint8)[:, None]
    for lev in range(1, len(bounds) - 1):
        prev, here = slice(bounds[lev - 1], bounds[lev]), slice(bounds[lev], bounds[lev + 1])
        step = np.subtract(bar[prev], avail[prev] != GREEN_MARK)
        nxt = slot[following[order[here]]] - bounds[lev - 1]
        np.take(step, nxt, axis=0, out=bar[here], mode="clip")
    keep = np.greater(avail, bar, out=bar.view(bool) if False else None)
    digits[order] = np.multiply(digits[order], keep)


@functools.lru_cache(maxsize=64)
def _tri(k: int, diagonal: int) -> np.ndarray:
    """Return the k x k bool mask of j <= i + diagonal (read-only, cached)."""
    mask = np.tri(k, k, diagonal, dtype=bool)
    mask.flags.writeable = False
    return mask


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
