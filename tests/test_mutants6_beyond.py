"""Quick tests written to kill mutants of lenwordle/engine/beyond.py that survived the
mutation run of 2026-11-26 (benchmarks/mutation.py; docs/mutants.md). Expectations are worked
by hand from the docstrings on a few tiny words."""

import numpy as np

from lenwordle.engine.beyond import letter_chances
from lenwordle.engine.constraints import clues
from lenwordle.engine.feedback import reply_for
from lenwordle.words.letters import encode_word

A, B, C, D, E = range(5)


def test_a_present_letter_is_placed_though_an_earlier_present_letter_is_all_placed():
    # ABC against ADB: A green at place 1 (present, its one copy placed: nothing to raise),
    # B present but not at place 2, C absent. B's one copy has one place left, place 3, so
    # it is certain there (the docstring of _place_present: certain when n = m), although
    # no word has B there and A, the letter before it, needed no raise.
    assert reply_for("abc", "adb") == "gy."
    c = clues((("abc", "gy."),), 3)
    assert c.least == {"a": 1, "b": 1}
    words = np.array([encode_word(w) for w in ["add", "ade", "aed"]])
    chances = letter_chances(c, words)
    assert chances[0, A] == 1 and chances[0].sum() == 1  # the green
    assert chances[1, B] == 0 and np.allclose(chances[1, [D, E]], [2 / 3, 1 / 3])
    assert chances[2, B] == 1 and chances[2].sum() == 1  # D and E share nothing left
