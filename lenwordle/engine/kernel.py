"""The vectorized feedback kernel: one base-3 pattern code per (guess, answer) pair, computed
for blocks of guesses against prepared blocks of answers (held to feedback.reply_for)."""

import math
import threading
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from lenwordle.engine.feedback import Patterns, pattern_dtype
from lenwordle.words.letters import ALPHABET

GROUP = 5  # positions summed in one byte: a group's pattern is at most 3**5 - 1 = 242
GREEN_MARK = 255  # in AnswerBlock.avail: the guess letter is green here (above any count)
SLICE_BYTES = 2 << 20  # digit rows computed at a time (b_slice * k * n bytes)
CODES_CHUNK = 8192  # answers prepared at a time by pattern_codes() (its tables grow with them)
_Scalar = TypeVar("_Scalar", bound=np.generic)


class AnswerBlock:
    """A chunk of answers prepared for pattern codes: letter columns, letter counts, lookup rows.

    Row i * L + c of each (k * L) x n table (L letters) is about guess letter c at position i:
    `digits` holds its pattern digit when c occurs once in the guess (2 green, 1 present,
    0 absent), times its weight 3**(i % GROUP) inside its group of positions; `avail`
    holds GREEN_MARK where the answer has c at i, else the answer's count of c.
    """

    def __init__(self, codes: npt.NDArray[np.uint8], letters: int = ALPHABET):
        codes = np.asarray(codes, np.uint8)
        n, k = codes.shape
        self.k, self.n, self.letters = k, n, letters
        self.dtype = pattern_dtype(k)
        self.columns = np.ascontiguousarray(codes.T)  # k x n
        # cell (letter, answer) of a 26 x n table, for each position's letter
        cells = (self.columns.astype(np.intp) * n + np.arange(n)).ravel()
        counts = np.bincount(cells, minlength=letters * n).astype(np.uint8)
        self.counts = counts.reshape(letters, n)  # letters x n
        weight = (3 ** (np.arange(k) % GROUP)).astype(np.uint8)
        present = np.minimum(self.counts, 1)
        self.digits = (present * weight[:, None, None]).reshape(k * letters, n)
        self.avail = np.tile(self.counts, (k, 1))
        green = (
            np.arange(k)[:, None] * (letters * n) + cells.reshape(k, n)
        ).ravel()  # flat cell of each answer's own letters
        np.put(self.digits, green, np.repeat(2 * weight, n))
        np.put(self.avail, green, GREEN_MARK)


def pattern_codes_into(
    guesses: npt.NDArray[np.uint8], block: AnswerBlock, out: Patterns
) -> Patterns:
    """Write the (B x n) patterns of guesses (B x k uint8) against block into out; return out.

    Every (guess, position) gets a row of weighted digits, looked up in block.digits; the
    rows of repeated letters are then redone for all guesses at once (`_fix_repeated`), and
    each guess's rows are summed a group of GROUP positions at a time in bytes. Guesses go
    through in slices of about SLICE_BYTES of digit rows, and the work arrays are kept
    between calls (`_scratch`), so a call allocates nothing of size n once warm.
    """
    guesses = np.asarray(guesses, np.uint8)
    b, k = guesses.shape
    n = block.n
    if b == 0 or n == 0:
        return out
    if k != block.k or guesses.max() >= block.letters:
        raise ValueError(f"guesses must be {block.k} letter indices below {block.letters}")
    size = max(1, min(b, SLICE_BYTES // (k * n)))
    offsets = np.arange(0, k * block.letters, block.letters, dtype=np.intp)
    for start in range(0, b, size):
        part = guesses[start : start + size]
        rows = (offsets + part).ravel()
        digits = np.take(
            block.digits,
            rows,
            axis=0,
            mode="clip",
            out=_scratch("digits", (rows.size, n), np.uint8),
        )
        _fix_repeated(part, block, rows, digits)
        _sum_digits(digits.reshape(len(part), k, n), out[start : start + size])
    return out


def _sum_digits(digits: npt.NDArray[np.uint8], out: Patterns) -> None:
    """Write into out (b x n) the patterns of weighted digits (b x k x n)."""
    b, k, n = digits.shape
    if k <= GROUP:
        np.add.reduce(digits, axis=1, dtype=np.uint8, out=out)
        return
    group = _scratch("group", (b, n), np.uint8)
    top = (k - 1) // GROUP * GROUP
    for start in range(top, -1, -GROUP):
        part = digits[:, start : start + GROUP]
        sums = (
            part[:, 0]
            if part.shape[1] == 1
            else np.add.reduce(part, axis=1, dtype=np.uint8, out=group)
        )
        if start == top:
            np.multiply(sums, out.dtype.type(3**GROUP), out=out)
        elif start:
            np.add(out, sums, out=out)
            np.multiply(out, out.dtype.type(3**GROUP), out=out)
        else:
            np.add(out, sums, out=out)


def _fix_repeated(
    guesses: npt.NDArray[np.uint8],
    block: AnswerBlock,
    rows: npt.NDArray[np.integer],
    digits: npt.NDArray[np.uint8],
) -> None:
    """Redo, in digits, the rows of guess letters that occur more than once in their guess.

    A non-green letter that is the r-th (0-based) copy of its letter in the guess is yellow
    iff r + (greens of that letter at later positions) < the answer's count of it, i.e. iff
    avail > bar with bar = r + later greens (avail is GREEN_MARK where green, so the digit
    row is kept as it is). Copies are handled last-first, one level of "copies after this
    one" at a time, across all guesses: the bar of the last copy is its rank r, and the
    bar of any other copy is the bar of the next copy less one, unless that one is green.
    """
    b, k = guesses.shape
    n = digits.shape[1]
    letters = block.letters
    key = (np.arange(0, b * letters, letters, dtype=np.intp)[:, None] + guesses).ravel()
    count = np.bincount(key, minlength=b * letters)  # copies of each (guess, letter)
    total = count[key]
    repeated = np.flatnonzero(total > 1)  # flat (guess, position) rows
    if repeated.size == 0:
        return
    ranked = np.argsort(key, kind="stable")  # by guess, letter, position
    earlier = np.empty_like(ranked)
    earlier[ranked] = np.arange(ranked.size) - (np.cumsum(count) - count)[key[ranked]]
    later = total - 1 - earlier
    following = np.empty_like(ranked)  # the row of the next copy (where later > 0)
    following[ranked[:-1]] = ranked[1:]
    order = repeated[np.argsort(later[repeated], kind="stable")]  # last copies first
    bounds = np.searchsorted(later[order], np.arange(int(later[order[-1]]) + 2)).tolist()
    slot = np.empty(b * k, np.intp)
    slot[order] = np.arange(order.size)

    q = (order.size, n)
    avail = np.take(
        block.avail, rows[order], axis=0, mode="clip", out=_scratch("avail", q, np.uint8)
    )
    bar = _scratch("bar", q, np.uint8)
    keep = _scratch("keep", q, np.bool_)
    missed = _scratch("missed", q, np.bool_)
    bar[: bounds[1]] = earlier[order[: bounds[1]], None]
    for lev in range(1, len(bounds) - 1):
        prev, here = slice(bounds[lev - 1], bounds[lev]), slice(bounds[lev], bounds[lev + 1])
        np.greater(avail[prev], bar[prev], out=keep[prev])
        np.not_equal(avail[prev], GREEN_MARK, out=missed[prev])
        np.subtract(bar[prev], missed[prev].view(np.uint8), out=bar[prev])
        np.take(
            bar[prev],
            slot[following[order[here]]] - bounds[lev - 1],
            axis=0,
            out=bar[here],
            mode="clip",
        )
    last = slice(bounds[-2], bounds[-1])
    np.greater(avail[last], bar[last], out=keep[last])
    fixed = np.take(digits, order, axis=0, out=avail, mode="clip")
    np.multiply(fixed, keep.view(np.uint8), out=fixed)
    digits[order] = fixed


_SCRATCH = threading.local()


def _scratch(name: str, shape: tuple[int, ...], dtype: type[_Scalar]) -> npt.NDArray[_Scalar]:
    """Return a work array of this shape, reusing this thread's buffer of that name.

    Fresh large arrays cost a page fault per page on first touch, often more than the work
    done in them; the buffers are at most a few slices (SLICE_BYTES) big, or one guess.
    """
    size = math.prod(shape) * np.dtype(dtype).itemsize
    buffer: npt.NDArray[np.uint8] | None = _SCRATCH.__dict__.get(name)
    if buffer is None or buffer.size < size:
        buffer = _SCRATCH.__dict__[name] = np.empty(size, np.uint8)
    return buffer[:size].view(dtype).reshape(shape)


def pattern_codes(guesses: npt.NDArray[np.uint8], answers: npt.NDArray[np.uint8]) -> Patterns:
    """Return the (B x n) patterns of guesses (B x k) against answers (n x k).

    Answers are prepared CODES_CHUNK at a time: an AnswerBlock of a million answers would
    take about 100 bytes per answer and letter of the word (700 MB at 7 letters).
    """
    # letter indices are below 64; one past 255 in a wider type would wrap here, unrefused
    guesses, answers = np.atleast_2d(guesses), np.asarray(answers, np.uint8)
    out = np.empty((len(guesses), len(answers)), pattern_dtype(answers.shape[1]))
    letters = letters_of(guesses, answers)
    for start in range(0, len(answers), CODES_CHUNK):
        block = AnswerBlock(answers[start : start + CODES_CHUNK], letters)
        pattern_codes_into(guesses, block, out[:, start : start + CODES_CHUNK])
    return out


def letters_of(*codes: npt.NDArray[np.uint8]) -> int:
    """Return the letters a table needs for these letter matrices: a-z's 26, or more when an
    index is higher (another alphabet, up to 64 letters)."""
    return max([ALPHABET] + [int(c.max()) + 1 for c in codes if c.size])
