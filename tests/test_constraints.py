"""Whether any string of letters fits a history of feedback: against brute force."""

import itertools

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from lenwordle.constraints import fits_some_string, well_formed
from lenwordle.patterns import code_to_reply, reply_for, score

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
