"""The kernel's guards, each pinned at its edge: the early-out of an empty block of guesses
or answers, the refusal of guesses of another length or of a letter past the table, the
slice of guesses scored at a time (at least one, however large the answers), the letters a
table needs, and the pattern dtype at each length where it grows. Each test fails if its
guard is removed or flipped; every result is held to the reference scorer (reply_for)."""

import numpy as np
import pytest

from lenwordle.engine import kernel
from lenwordle.engine.feedback import code_to_reply, pattern_dtype, reply_for, solved_code
from lenwordle.engine.kernel import AnswerBlock, letters_of, pattern_codes, pattern_codes_into
from lenwordle.words.languages import LANGUAGES


def codes_of(words: list[str], letters: str) -> np.ndarray:
    """Return words as letter indices of the given letters (independent of the encoders)."""
    return np.array([[letters.index(ch) for ch in w] for w in words], np.uint8)


def replies(codes: np.ndarray, k: int) -> list[list[str]]:
    return [[code_to_reply(c, k) for c in row] for row in codes]


SPANISH = LANGUAGES["es"].alphabet("keep").letters  # ñ and the accents: 33 letters
RUSSIAN = LANGUAGES["ru"].alphabet("keep").letters  # ё kept
TURKISH = LANGUAGES["tr"].alphabet().letters  # ı and i two letters
GAMES = [
    (SPANISH, ["cañón", "canon", "ñandú", "acción"[:5]], ["cañón", "nacón", "ñoñón"]),
    (RUSSIAN, ["ёжики", "ежики", "кобра"], ["ёлкаа", "ежики", "обрык", "кобра"]),
    (TURKISH, ["ılık", "ilik", "kılı"], ["ıııi", "ilık", "kılı", "lıkı"]),
]


def expected(guesses: list[str], answers: list[str]) -> list[list[str]]:
    return [[reply_for(g, a) for a in answers] for g in guesses]


@pytest.mark.parametrize("letters, guesses, answers", GAMES)
def test_no_answers_or_no_guesses_give_an_empty_table(letters, guesses, answers):
    g, a = codes_of(guesses, letters), codes_of(answers, letters)
    k = g.shape[1]
    empty_block = AnswerBlock(a[:0], len(letters))
    out = np.empty((len(g), 0), pattern_dtype(k))
    got = pattern_codes_into(g, empty_block, out)
    assert got is out  # (without the early-out: a division by 0)
    block = AnswerBlock(a, len(letters))
    none = np.empty((0, len(a)), pattern_dtype(k))
    assert pattern_codes_into(g[:0], block, none) is none  # (without it: the max of no letter)
    assert pattern_codes(g, a[:0]).shape == (len(g), 0)
    assert pattern_codes(g[:0], a).shape == (0, len(a))


@pytest.mark.parametrize("letters, guesses, answers", GAMES)
def test_a_guess_of_another_length_is_refused(letters, guesses, answers):
    g, a = codes_of(guesses, letters), codes_of(answers, letters)
    block = AnswerBlock(a, len(letters))
    out = np.empty((len(g), len(a)), block.dtype)
    for wrong in (np.hstack([g, g[:, :1]]), g[:, :-1]):  # one letter more, one fewer
        with pytest.raises(ValueError, match=f"guesses must be {block.k} letter indices"):
            pattern_codes_into(wrong, block, out)


@pytest.mark.parametrize("letters, guesses, answers", GAMES)
def test_a_letter_index_at_the_tables_size_is_refused_one_below_is_scored(
    letters, guesses, answers
):
    g, a = codes_of(guesses, letters), codes_of(answers, letters)
    size = len(letters)
    block = AnswerBlock(a, size)
    out = np.empty((1, len(a)), block.dtype)
    last = np.full((1, g.shape[1]), size - 1, np.uint8)  # the alphabet's last letter
    pattern_codes_into(last, block, out)
    assert replies(out, g.shape[1])[0] == expected([letters[-1] * g.shape[1]], answers)[0]
    past = np.full((1, g.shape[1]), size, np.uint8)  # one past: no row of the table
    with pytest.raises(ValueError, match=f"below {size}"):
        pattern_codes_into(past, block, out)


@pytest.mark.parametrize("letters, guesses, answers", GAMES)
@pytest.mark.parametrize("slice_rows", [1, 2, 3, 4, 5, "all", "one more"])  # at a time
def test_guesses_scored_a_slice_at_a_time_give_the_same_table(
    monkeypatch, letters, guesses, answers, slice_rows
):
    g, a = codes_of(guesses * 2, letters), codes_of(answers, letters)
    k, n = g.shape[1], len(a)
    if isinstance(slice_rows, str):  # every guess in one slice: exactly, or with room left
        slice_rows = len(g) + (slice_rows == "one more")
    monkeypatch.setattr(kernel, "SLICE_BYTES", slice_rows * k * n)  # exactly slice_rows
    sliced = []
    summed = kernel._sum_digits
    monkeypatch.setattr(
        kernel, "_sum_digits", lambda d, out: sliced.append(len(d)) or summed(d, out)
    )
    table = pattern_codes(g, a)
    assert replies(table, k) == expected(guesses * 2, answers)
    whole, rest = divmod(len(g), slice_rows)
    if slice_rows >= len(g):
        assert sliced == [len(g)]
    else:
        assert sliced == [slice_rows] * whole + ([rest] if rest else [])


@pytest.mark.parametrize("letters, guesses, answers", GAMES)
def test_answers_too_many_for_one_guess_a_slice_are_still_scored(
    monkeypatch, letters, guesses, answers
):
    """k x n past SLICE_BYTES: a slice is still one guess (never none: an endless loop)."""
    g, a = codes_of(guesses, letters), codes_of(answers, letters)
    k, n = g.shape[1], len(a)
    for bytes_ in (k * n - 1, 1, 0):
        monkeypatch.setattr(kernel, "SLICE_BYTES", bytes_)
        assert replies(pattern_codes(g, a), k) == expected(guesses, answers)


def test_the_letters_a_table_needs():
    az = np.array([[0, 25]], np.uint8)
    assert letters_of(az) == 26  # a-z: 26 rows at least
    assert letters_of(np.array([[0, 1]], np.uint8)) == 26  # a and b only: still a-z's 26
    assert letters_of(np.array([[26]], np.uint8)) == 27  # one past z: a row more
    assert letters_of(np.empty((0, 5), np.uint8), az) == 26  # no words: no letter of theirs
    assert letters_of(codes_of(["ёжикя"], RUSSIAN)) == len(RUSSIAN)  # я, the last letter
    assert letters_of(np.array([[len(TURKISH) - 1]], np.uint8)) == len(TURKISH)


@pytest.mark.parametrize(
    "k, dtype",
    [(5, np.uint8), (6, np.uint16), (10, np.uint16), (11, np.uint32), (20, np.uint32)]
    + [(21, np.uint64), (40, np.uint64)],
)
def test_each_dtype_holds_its_longest_all_green_and_the_next_length_needs_the_next(k, dtype):
    assert pattern_dtype(k) == dtype
    assert 3**k - 1 <= np.iinfo(dtype).max  # all green fits
    word = codes_of(["ab" * 20], "ab")[:, :k]
    table = pattern_codes(word, word)
    assert table.dtype == dtype and int(table[0, 0]) == solved_code(k) == 3**k - 1


@pytest.mark.parametrize("k", [0, 41])
def test_lengths_past_the_dtypes_are_refused(k):
    with pytest.raises(ValueError, match="word length must be 1 to 40"):
        pattern_dtype(k)


def test_a_negative_letter_index_in_signed_guesses_is_refused():
    block = AnswerBlock(np.array([[0, 1, 2]], np.uint8))
    out = np.empty((1, 1), block.dtype)
    with pytest.raises(ValueError, match="letter indices below 26"):
        pattern_codes_into(np.array([[0, -1, 2]], np.int64), block, out)
