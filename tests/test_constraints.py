"""Whether any string of letters fits a history of feedback: against brute force."""

import itertools

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from lenwordle.engine.constraints import Known, fits_some_string, known, well_formed
from lenwordle.engine.feedback import code_to_reply, reply_for
from lenwordle.engine.kernel import score

K = 3
EVERY_STRING = np.array(list(itertools.product(range(26), repeat=K)), np.uint8)  # 17 576


def brute_force(history) -> bool:
    """Return whether some string of K letters gives every reply of history."""
    ok = np.ones(len(EVERY_STRING), bool)
    for guess, reply in history:
        codes = score(np.frombuffer(guess.encode(), np.uint8)[None, :] - 97, EVERY_STRING)[0]
        ok &= np.array([code_to_reply(c, K) for c in range(3**K)])[codes] == reply
    return bool(ok.any())


guesses = st.text("abcd", min_size=K, max_size=K)
replies = st.text(".yg", min_size=K, max_size=K)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(guesses, replies), min_size=1, max_size=3))
def test_fits_some_string_agrees_with_brute_force(history):
    assert fits_some_string(tuple(history), K) == brute_force(history)


@settings(max_examples=60, deadline=None)
@given(st.lists(guesses, min_size=1, max_size=4), st.text("abcde", min_size=K, max_size=K))
def test_feedback_from_a_real_answer_always_fits(guess_list, answer):
    history = tuple((g, reply_for(g, answer)) for g in guess_list)
    assert fits_some_string(history, K)


def test_a_grey_copy_before_a_yellow_copy_is_never_shown():
    assert not well_formed("geese", "..y..") and well_formed("geese", ".y...")
    words = ["speed", "geese", "eerie", "abide", "elder", "eeeee", "sheep"]
    assert all(well_formed(g, reply_for(g, a)) for g, a in itertools.product(words, words))


def test_known_shows_greens_a_yellow_in_two_places_and_the_absent_letters():
    # the answer GLAMP: A green; P yellow first in place 1, then in place 2
    history = (("crane", "..g.."), ("pouty", "y...."), ("sport", ".y..."))
    summary = known(history, 5)
    assert summary == Known(
        pattern=[None, None, "a", None, None],
        not_at={"a": [], "p": [0, 1]},
        least={"a": 1, "p": 1},
        most={},
        absent=["c", "e", "n", "o", "r", "s", "t", "u", "y"],
    )
    assert summary.describe() == [
        "pattern: _ _ A _ _",
        "present: P (not 1, not 2)",
        "absent:  C E N O R S T U Y",
    ]


def test_a_grey_copy_of_a_green_letter_caps_it_at_one():
    summary = known((("hello", "...gy"),), 5)  # the answer WORLD: one L, in place 4
    assert summary.pattern == [None, None, None, "l", None]
    assert (summary.least["l"], summary.most["l"]) == (1, 1)
    assert "l" not in summary.absent and summary.absent == ["e", "h"]
    assert summary.not_at == {"l": [2], "o": [4]}
    # place 3 is not L, but L has no copy to place: not said
    assert summary.describe()[1] == "present: L (exactly 1), O (not 5)"


def test_known_counts_repeated_letters():
    summary = known((("llama", "gy..."),), 5)  # the answer LOLLY: at least two Ls
    assert summary.least == {"l": 2} and summary.most == {} and summary.absent == ["a", "m"]
    assert summary.describe() == [
        "pattern: L _ _ _ _",
        "present: L (at least 2, not 2)",
        "absent:  A M",
    ]
    summary = known((("eerie", "y.y.y"),), 5)  # two yellow Es and a grey one: exactly two
    assert summary.describe()[1:] == [
        "present: E (exactly 2, not 1, not 2, not 5), R (not 3)",
        "absent:  I",
    ]


@settings(max_examples=80, deadline=None)
@given(st.lists(guesses, min_size=1, max_size=4), st.text("abcde", min_size=K, max_size=K))
def test_the_answer_agrees_with_what_is_known(guess_list, answer):
    summary = known(tuple((g, reply_for(g, answer)) for g in guess_list), K)
    assert all(p is None or p == a for p, a in zip(summary.pattern, answer))
    assert not set(summary.absent) & set(answer)
    for letter, least in summary.least.items():
        assert least <= answer.count(letter) <= summary.most.get(letter, K)
        assert all(answer[i] != letter for i in summary.not_at[letter])
