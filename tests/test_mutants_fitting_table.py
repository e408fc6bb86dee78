"""Tests written to kill mutants of lenwordle/engine/fitting.py's backward table (_Table: how
it is built, the letters possible at a place, the whole strings in order) that survived the
mutation run (benchmarks/mutation.py; docs/reliability.md#mutation-testing). Expectations
come from brute force over tiny alphabets (every string, kept when the reference scorer
reply_for gives each reply, or when it meets the clues as their docstring says), or are
worked by hand, never from the code under test. Each test takes milliseconds."""

import itertools
import math
import random
from collections import Counter

import pytest

from lenwordle.engine import fitting as fitting_module
from lenwordle.engine.constraints import Clues, clues
from lenwordle.engine.feedback import reply_for
from lenwordle.engine.fitting import fitting

ALL = 10**6  # a listing limit no test reaches: every string is listed


def by_replies(letters: str, k: int, history) -> list[str]:
    """Every string of k of these letters giving each reply of history (alphabet order)."""
    return [
        word
        for word in map("".join, itertools.product(letters, repeat=k))
        if all(reply_for(guess, word) == reply for guess, reply in history)
    ]


def meets(c: Clues, word: str) -> bool:
    """Whether word meets clues c as Clues says: its green letter at each fixed place (one
    place holds one letter), no banned letter at a place, each letter's count within its
    bounds."""
    return (
        all(placed == {word[i]} for i, placed in c.fixed.items())
        and all(word[i] not in banned for i, banned in c.banned.items())
        and all(word.count(ch) >= n for ch, n in c.least.items())
        and all(word.count(ch) <= n for ch, n in c.most.items())
    )


def by_meaning(c: Clues, letters: str) -> list[str]:
    return [w for w in map("".join, itertools.product(letters, repeat=c.k)) if meets(c, w)]


def listed(c: Clues, letters: str) -> tuple[int | None, list[str]]:
    """The count fitting gives and every string it lists, spelt."""
    found = fitting(c, letters, ALL)
    assert found.complete or found.count is None
    return found.count, ["".join(letters[j] for j in row) for row in found.strings]


# (letters, k, history, the strings that fit worked by hand; brute force checks them too)
CASES = [
    # the first place green for A and for B: no string has both there
    ("ab", 2, (("ab", "g."), ("bb", "g.")), []),
    # A green at the first place, and yellow there (so not A there): nothing
    ("abc", 2, (("ab", "g."), ("ab", "y.")), []),
    # a green letter outside the alphabet: no string of its letters
    ("ab", 2, (("zb", "g."),), []),
    # an alphabet of one letter, both places green for it: AA
    ("a", 2, (("aa", "gg"),), ["aa"]),
    # A green twice and grey once (exactly two As), C absent: the free places take B only
    ("abc", 4, (("aaac", "gg.."),), ["aabb"]),
    # a letter outside the alphabet is present: nothing
    ("ab", 2, (("zb", "y."),), []),
    # A present (yellow) and absent (grey): nothing; D is never named
    ("abcd", 2, (("ab", "y."), ("ca", "..")), []),
    # exactly one A, not at the first two places (so last); C present, not last; B free
    ("abc", 3, (("aac", "y.y"),), ["bca", "cba", "cca"]),
    # at least one A (no grey copy), not first; C absent: BAA BAB BBA
    ("abc", 3, (("acc", "y.."),), ["baa", "bab", "bba"]),
    # at least one A, not first; D absent: B or C first, then at least one A in the two last
    # places (AA AB AC BA CA)
    (
        "abcd",
        3,
        (("add", "y.."),),
        [
            "baa",
            "bab",
            "bac",
            "bba",
            "bca",
            "caa",
            "cab",
            "cac",
            "cba",
            "cca",
        ],
    ),
    # the same with B green last: A second
    ("abcd", 3, (("adb", "y.g"),), ["bab", "cab"]),
    # B green second, at least one A (not first), C absent: BBA
    ("abc", 3, (("abc", "yg."),), ["bba"]),
    # the same but one B only (grey second copy) and C free: CBA
    ("abc", 3, (("abb", "yg."),), ["cba"]),
]


@pytest.mark.parametrize("letters, k, history, expected", CASES)
def test_the_count_and_the_listing_are_the_strings_that_give_every_reply(
    letters, k, history, expected
):
    assert by_replies(letters, k, history) == expected  # (the hand's list is brute force's)
    assert listed(clues(history, k), letters) == (len(expected), expected)


def test_random_histories_count_and_list_what_brute_force_finds():
    rng = random.Random(7)
    for _ in range(150):
        letters = rng.choice(["ab", "abc", "abcd", "жщю"])
        k = rng.randint(1, 4)
        answer = "".join(rng.choice(letters) for _ in range(k))
        history = []
        for _ in range(rng.randint(1, 3)):
            guess = "".join(rng.choice(letters + "z") for _ in range(k))
            scored = answer if rng.random() < 0.85 else "".join(rng.choices(letters, k=k))
            history.append((guess, reply_for(guess, scored)))
        expected = by_replies(letters, k, history)
        assert listed(clues(tuple(history), k), letters) == (len(expected), expected), history


# clues no history gives alone, but clues all the same: bounds on counts, met or not
MEANT = [
    (Clues(3, most={"a": 1}), "ab", 4),  # BBB ABB BAB BBA
    (Clues(3, least=Counter(a=1), most={"a": 2}), "ab", 6),  # one A (3 ways) or two (3)
    (Clues(3, least=Counter(a=1), most={"a": 2}, banned={0: {"a"}}), "abc", 2 * (4 + 1)),
    (Clues(2, least=Counter(z=0)), "ab", 4),  # at least no Z: every string
]


@pytest.mark.parametrize("c, letters, count", MEANT)
def test_bounds_on_a_letters_count_keep_the_strings_within_them(c, letters, count):
    expected = by_meaning(c, letters)
    assert len(expected) == count  # (worked by hand)
    assert listed(c, letters) == (count, expected)


def test_a_letter_needed_once_in_many_free_places_is_counted_exactly():
    # each of A-F at least once among 8 places of A-H: by inclusion and exclusion over the
    # letters missing. Only 2**6 combinations of counts (present or not) are tracked, far
    # under MAX_STATES; counting each letter up to 8 would be 9**6, over it
    c = Clues(8, least=Counter(dict.fromkeys("abcdef", 1)))
    expected = sum((-1) ** i * math.comb(6, i) * (8 - i) ** 8 for i in range(7))
    assert 9**6 > fitting_module.MAX_STATES
    assert fitting(c, "abcdefgh", 5).count == expected == 514_080


def test_combinations_past_two_to_the_63_are_too_many_not_wrapped_around():
    # 21 letters each at least 7 times in 147 places: 8**21 = 2**63 combinations of counts,
    # which an int64 product wraps to a negative number
    letters = "abcdefghijklmnopqrstu"
    c = Clues(147, least=Counter(dict.fromkeys(letters, 7)))
    found = fitting(c, letters, 5)
    assert found.count is None and not found.complete and found.strings.shape == (0, 147)


def test_a_table_of_exactly_max_states_combinations_is_counted_and_one_past_is_not(
    monkeypatch,
):
    one_a = (("abb", "y.."),)  # A present, not first; B absent: 2 combinations (A or not)
    a_and_c = (("acb", "yy."),)  # A and C present: 4 combinations
    assert by_replies("abc", 3, one_a) == ["caa", "cac", "cca"]
    monkeypatch.setattr(fitting_module, "MAX_STATES", 2)
    assert listed(clues(one_a, 3), "abc") == (3, ["caa", "cac", "cca"])
    assert fitting(clues(a_and_c, 3), "abc", ALL).count is None
    # no letter tracked: one combination, counted even when only one is allowed
    monkeypatch.setattr(fitting_module, "MAX_STATES", 1)
    assert fitting(clues((), 3), "abc", ALL).count == 27
    assert fitting(clues(one_a, 3), "abc", ALL).count is None


def test_a_limit_of_none_gives_the_count_and_no_string():
    history = (("aac", "y.y"),)  # BCA CBA CCA, as above
    for c in (clues(history, 3), clues((), 2)):
        found = fitting(c, "abc", 0)
        assert found.count == len(by_meaning(c, "abc")) > 0
        assert not found.complete and found.strings.shape == (0, c.k)
