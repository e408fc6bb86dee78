"""Tests written to kill mutants of lenwordle/engine/fitting.py (fitting, fits, _without,
_Table.strings) that survived the mutation run (benchmarks/mutation.py;
docs/reliability.md#mutation-testing): the strings of a small alphabet that fit the clues,
counted, listed up to the limit or sampled past it, less the words avoided. Expectations come
from brute force over every string of the alphabet (itertools.product) checked with the
reference scorer (reply_for), or are worked by hand, never from the code under test."""

import itertools

import numpy as np

from lenwordle.engine.constraints import Clues, clues
from lenwordle.engine.feedback import reply_for
from lenwordle.engine.fitting import MAX_STATES, _Table, fits, fitting


def brute(letters: str, k: int, history=()) -> list[str]:
    """Every string of k of these letters giving each reply of history, in the alphabet's
    order."""
    return [
        word
        for word in map("".join, itertools.product(letters, repeat=k))
        if all(reply_for(guess, word) == reply for guess, reply in history)
    ]


def decoded(strings: np.ndarray, letters: str) -> list[str]:
    return ["".join(letters[j] for j in row) for row in strings]


def assert_none_listed(strings: np.ndarray, k: int) -> None:
    """No string: an array of 0 rows of k letter indices (uint8), as when some are listed."""
    assert isinstance(strings, np.ndarray)
    assert strings.shape == (0, k) and strings.dtype == np.uint8


# --- fits: a word against the clues, as the reference scorer has it ---------------------------

# AAB against BAC: the second A green, the first grey (A exactly once), B present not last;
# then CAB: C present not first, B not last
FITS_HISTORY = (("aab", reply_for("aab", "bac")), ("cab", reply_for("cab", "bac")))
ATLEAST_HISTORY = (("aab", reply_for("aab", "baa")),)  # A twice (one green), B once


def test_a_word_fits_the_clues_exactly_when_it_gives_every_reply_and_has_k_letters():
    assert FITS_HISTORY == (("aab", ".gy"), ("cab", "ygy"))  # (worked by hand)
    assert ATLEAST_HISTORY == (("aab", "ygy"),)
    for history in (FITS_HISTORY, ATLEAST_HISTORY):
        c = clues(history, 3)
        for word in map("".join, itertools.product("abc", repeat=3)):
            expected = all(reply_for(g, word) == r for g, r in history)
            assert fits(c, word) == expected, (history, word)
    # BAC (one A, where the clues put it) lacks A's second copy: not a fit
    assert not fits(clues(ATLEAST_HISTORY, 3), "bac")


def test_a_word_of_another_length_never_fits():
    c = clues((), 3)  # no clue: every string of 3 letters fits
    assert fits(c, "abc")
    assert not fits(c, "ab") and not fits(c, "abcd") and not fits(c, "")


# --- fitting: none, one, too many to count --------------------------------------------------


def test_when_nothing_fits_the_count_is_zero_and_the_empty_list_is_complete():
    history = (("aa", "g."), ("bb", ".."))  # A first and only there; no B: nothing second
    assert brute("ab", 2, history) == []
    for limit in (0, 5):
        found = fitting(clues(history, 2), "ab", limit)
        assert found.count == 0 and found.complete is True
        assert_none_listed(found.strings, 2)
    # nor when the clues need a letter the alphabet lacks
    found = fitting(clues((("ca", "g."),), 2), "ab", 5)
    assert found.count == 0 and found.complete is True
    assert_none_listed(found.strings, 2)


def test_when_one_string_fits_it_is_counted_and_listed():
    history = (("ab", "g."),)  # A first, no B: AA
    assert brute("ab", 2, history) == ["aa"]
    found = fitting(clues(history, 2), "ab", 5)
    assert found.count == 1 and found.complete is True
    assert decoded(found.strings, "ab") == ["aa"] and found.strings.dtype == np.uint8


def test_too_many_combinations_of_counts_give_no_count_and_no_string_and_not_complete():
    # each of 20 letters present (yellow, not at its place): 20 letters tracked, each count
    # 0 or at least 1, 2**20 combinations, past MAX_STATES
    letters = "abcdefghijklmnopqrst"
    assert 2**20 > MAX_STATES
    found = fitting(clues(((letters, "y" * 20),), 20), letters, 5)
    assert found.count is None and found.complete is False
    assert_none_listed(found.strings, 20)


# --- fitting: the words avoided -------------------------------------------------------------


def test_a_word_avoided_that_fits_is_neither_counted_nor_listed_even_of_every_letter():
    # no clue: the four strings of A and B; AB is spelt with every letter of the alphabet
    assert brute("ab", 2) == ["aa", "ab", "ba", "bb"]
    found = fitting(clues((), 2), "ab", 10, frozenset({"ab"}))
    assert found.count == 3 and found.complete is True
    assert decoded(found.strings, "ab") == ["aa", "ba", "bb"]


def test_words_avoided_that_do_not_fit_change_nothing():
    history = (("ab", "g."),)  # AA alone fits
    # BA: not A first; AC: C not a letter here; AAB and A: of other lengths
    avoid = frozenset({"ba", "ac", "aab", "a"})
    found = fitting(clues(history, 2), "ab", 5, avoid)
    assert found.count == 1 and decoded(found.strings, "ab") == ["aa"]
    found = fitting(clues((), 2), "ab", 3, frozenset({"abb", "ca"}))  # none fits: 4 > 3
    assert found.count == 4 and found.complete is False


def test_with_words_avoided_the_list_is_complete_up_to_the_limit_and_sampled_one_past():
    # 4 strings fit, AB avoided: 3 are left; a limit of 3 lists them all, of 2 samples them
    avoid = frozenset({"ab"})
    found = fitting(clues((), 2), "ab", 3, avoid)
    assert found.count == 3 and found.complete is True
    assert decoded(found.strings, "ab") == ["aa", "ba", "bb"]
    found = fitting(clues((), 2), "ab", 2, avoid)
    assert found.count == 3 and found.complete is False
    assert set(decoded(found.strings, "ab")) <= {"aa", "ba", "bb"}


def test_a_sample_never_holds_a_word_avoided():
    # 100 strings of 2 of ten letters; the 50 beginning A to E avoided: 50 left, a sample of
    # 49 (drawn from all 100, about half of the draws would be avoided words)
    letters = "abcdefghij"
    every = brute(letters, 2)
    avoid = frozenset(w for w in every if w[0] in "abcde")
    assert len(every) == 100 and len(avoid) == 50
    found = fitting(clues((), 2), letters, 49, avoid)
    assert found.count == 50 and found.complete is False
    assert found.strings.ndim == 2 and found.strings.shape[1] == 2
    drawn = decoded(found.strings, letters)
    assert drawn and set(drawn) <= set(every) - avoid


# --- _Table.strings: a table of clues nothing fits -------------------------------------------


def test_the_strings_of_a_table_where_a_place_bans_every_letter_are_none():
    # A and B both banned at one place, first or last (the others free): no string fits, and
    # the table lists none
    for place in (0, 2):
        c = Clues(3, banned={place: {"a", "b"}})
        assert [w for w in brute("ab", 3) if fits(c, w)] == []
        table = _Table(c, "ab")
        assert table.count == 0
        assert_none_listed(table.strings(), 3)
