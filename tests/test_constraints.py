"""Whether any string of letters fits a history of feedback (engine/constraints.py), against
brute force over every string of a few letters in several scripts; the flow that bounds each
letter's count, and its maximum flow; what is known, described; a string that fits, in the
game's own letters."""

import copy
import itertools
from collections import Counter

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from lenwordle.engine.constraints import (
    Clues,
    Known,
    _fillable,
    _max_flow,
    clues,
    fits_clues,
    fits_some_string,
    fitting_string,
    known,
    well_formed,
)
from lenwordle.engine.feedback import code_to_reply, reply_for
from lenwordle.engine.kernel import pattern_codes
from lenwordle.words.alphabet import AZ

K = 3
EVERY_STRING = np.array(list(itertools.product(range(26), repeat=K)), np.uint8)  # 17 576


def brute_force(history) -> bool:
    """Return whether some string of K letters gives every reply of history."""
    ok = np.ones(len(EVERY_STRING), bool)
    for guess, reply in history:
        letters = np.frombuffer(guess.encode(), np.uint8)[None, :] - 97
        codes = pattern_codes(letters, EVERY_STRING)[0]
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


# --- known: what is known, described --------------------------------------------------------


def test_known_describes_bounds_on_a_letter_given_directly():
    # from a history `most` is never above `least` (a grey copy caps the count at what its
    # turn showed); a Known made directly may say so, and is described as it says
    summary = Known(
        pattern=[None] * 5, not_at={"е": [0]}, least={"е": 1}, most={"е": 3}, absent=[]
    )
    assert summary.describe() == ["pattern: _ _ _ _ _", "present: Е (at most 3, not 1)"]


@pytest.mark.parametrize(
    "answer, first, second, letter",
    [
        # the letter is yellow where a later guess finds another letter green: its one
        # place known not to be is taken, so nothing is said of it but that it is there
        ("bcdfg", "abhij", "kclmn", "B"),
        ("ñcdfg", "añhij", "kclmn", "Ñ"),
        ("жбвгд", "ажзий", "кблмн", "Ж"),
    ],
)
def test_a_present_letter_with_nothing_more_to_say_is_its_name_alone(
    answer, first, second, letter
):
    history = ((first, reply_for(first, answer)), (second, reply_for(second, answer)))
    assert history[0][1] == ".y..." and history[1][1] == ".g..."
    lines = known(history, 5).describe()
    assert lines[1] == f"present: {letter}"


# --- fits_some_string: a few letters of any script, every string tried ----------------------


def every_string_fits(history, k, letters) -> bool:
    """Return whether some string of k of these letters gives every reply (brute force)."""
    return any(
        all(reply_for(g, "".join(s)) == r for g, r in history)
        for s in itertools.product(letters, repeat=k)
    )


@st.composite
def small_histories(draw):
    """A few letters of one script (2 or 3), a length of 1 to 4, up to 3 turns of any marks:
    few letters and several places, so that the flow's bounds decide."""
    letters = draw(st.sampled_from(["ñn", "ñnó", "ёе", "ёеж", "ıi", "ıiş", "ab", "abc"]))
    k = draw(st.integers(1, 4))
    turn = st.tuples(
        st.text(st.sampled_from(letters), min_size=k, max_size=k),
        st.text(st.sampled_from(".yg"), min_size=k, max_size=k),
    )
    return draw(st.lists(turn, min_size=0, max_size=3)), k, letters


@settings(max_examples=400, deadline=None)
@given(small_histories())
@example(([("ab", "y.")], 2, "ab"))  # one place can take a letter, the other none
@example(([("ac", "g."), ("bc", "g.")], 2, "abc"))  # two greens in one place
@example(([("aab", "y.y")], 3, "ab"))  # a letter capped at one copy
@example(([("ıiı", "y.y"), ("iıı", ".yg")], 3, "ıi"))
@example(([("abbb", "...."), ("cdaa", "..y.")], 4, "abcde"))  # absent, then present
def test_fits_some_string_of_a_few_letters_agrees_with_brute_force(case):
    history, k, letters = case
    assert fits_some_string(tuple(history), k, letters) == every_string_fits(history, k, letters)


@st.composite
def fillings(draw):
    """Free places, the letters each may take, and each letter's bounds (need <= cap)."""
    letters = draw(st.sampled_from(["ñnó", "ёеж", "ıiş"]))
    free = list(range(draw(st.integers(0, 4))))
    allowed = {i: draw(st.lists(st.sampled_from(letters), unique=True)) for i in free}
    need = {ch: draw(st.integers(0, 2)) for ch in letters}
    cap = {ch: need[ch] + draw(st.integers(0, 2)) for ch in letters}
    return free, allowed, need, cap


@settings(max_examples=500, deadline=None)
@given(fillings())
@example(
    ([0, 1, 2], {0: ["ı"], 1: ["ı"], 2: ["ı"]}, {"ı": 1, "i": 0, "ş": 0}, {"ı": 1, "i": 0, "ş": 0})
)
def test_the_flow_with_bounds_agrees_with_trying_every_filling(case):
    free, allowed, need, cap = case
    counts = (Counter(choice) for choice in itertools.product(*(allowed[i] for i in free)))
    expected = any(all(need[ch] <= c[ch] <= cap[ch] for ch in need) for c in counts)
    assert _fillable(free, allowed, need, cap) == expected


@pytest.mark.parametrize("letters", ["ñn", "ёе", "ıi"])
def test_an_empty_history_is_fit_by_any_string(letters):
    assert fits_some_string((), 3, letters)


@pytest.mark.parametrize(
    "history, k, letters",
    [
        ([("ab", "y.")], 2, "ab"),  # a elsewhere, b absent: place 1 takes a, place 0 nothing
        ([("ab", "yy")], 2, "ab"),  # ba
        ([("bc", "yy"), ("ba", "yy")], 2, "abc"),  # place 0 takes nothing of a, b, c
        ([("bc", "yy"), ("ca", "yy")], 2, "abc"),  # cb
        ([("ab", ".y"), ("aa", ".g")], 2, "ab"),  # no a, then an a
        ([("ab", ".y"), ("ba", ".g")], 2, "ab"),  # a absent, then a green
        ([("a", "g"), ("a", "y")], 1, "ab"),  # a there, then not there
        ([("ac", "g."), ("bc", "g.")], 2, "abc"),  # a, then b, green in place 0
        ([("ba", "gy"), ("ab", "yy")], 2, "ab"),  # ba
    ],
)
def test_a_small_history_fits_some_string_exactly_when_trying_every_string_finds_one(
    history, k, letters
):
    assert fits_some_string(tuple(history), k, letters) == every_string_fits(history, k, letters)


def _some_string_has(k, letters, least, most) -> bool:
    """Return whether some string of k of these letters has each letter's count in bounds."""
    return any(
        all(least.get(ch, 0) <= Counter(s)[ch] <= most.get(ch, k) for ch in letters)
        for s in itertools.product(letters, repeat=k)
    )


@pytest.mark.parametrize(
    "k, least, most",
    [
        (4, {"a": 1, "b": 1}, {"a": 1, "b": 1, "c": 1}),  # three letters at most for four places
        (4, {"a": 1, "b": 1}, {"a": 1, "b": 1, "c": 2}),  # abcc
        (3, {"a": 1}, {"a": 1, "b": 1, "c": 0}),  # two letters at most for three places
        (3, {"a": 2}, {"a": 2, "b": 1, "c": 0}),  # aab
    ],
)
def test_letters_needed_at_least_and_allowed_at_most_fit_only_if_the_places_add_up(k, least, most):
    c = Clues(k, least=Counter(least), most=dict(most))
    assert fits_clues(c, "abc") == _some_string_has(k, "abc", least, most)


def test_the_maximum_flow_cancels_flow_sent_twice_down_one_edge():
    # p and q each reach t by m -> n (short) or by a chain of their own (long); r reaches t
    # only by n. The shortest paths first fill m -> n with p's and q's units; r's two units
    # then each push one back along n -> m. The cut {n -> t, a3 -> t, b3 -> t} is 4.
    edges = [("s", "p", 1), ("s", "q", 1), ("p", "m", 1), ("q", "m", 1), ("m", "n", 2)]
    edges += [("n", "t", 2), ("s", "r", 2), ("r", "r1", 2), ("r1", "r2", 2), ("r2", "n", 2)]
    edges += [("p", "a1", 1), ("a1", "a2", 1), ("a2", "a3", 1), ("a3", "t", 1)]
    edges += [("q", "b1", 1), ("b1", "b2", 1), ("b2", "b3", 1), ("b3", "t", 1)]
    graph = {}
    for u, v, capacity in edges:
        graph.setdefault(u, {})[v] = capacity
        graph.setdefault(v, {}).setdefault(u, 0)
    assert _max_flow(copy.deepcopy(graph), "s", "t") == 4


# --- fitting_string: a string of the game's own letters -------------------------------------


def test_a_fitting_string_is_found_in_the_games_own_letters_or_none_is():
    # one place; every letter a-z shown gray: only a letter beyond them (ñ) is left
    letters = "abcdefghijklmnñopqrstuvwxyz"
    history = tuple((ch, ".") for ch in "abcdefghijklmnopqrstuvwxyz")
    c = clues(history, 1)
    assert fitting_string(c, letters, [list(letters)]) == "ñ"
    # ñ gray too: nothing fits
    c = clues((*history, ("ñ", ".")), 1)
    assert fitting_string(c, letters, [list(letters)]) == ""


def test_a_fitting_string_may_need_a_letter_outside_a_to_z_the_clues_never_named():
    # letters A and Ñ; every other letter of a-z absent, A not second: the second place is
    # Ñ, a letter no clue names
    c = Clues(2, banned={1: {"a"}}, most={ch: 0 for ch in AZ if ch != "a"})
    letters = "añ"
    expected = [
        w for w in map("".join, itertools.product(letters, repeat=2)) if w[1] != "a"
    ]  # AÑ, ÑÑ: A comes first in the order at place 1
    assert expected == ["añ", "ññ"]
    assert fitting_string(c, letters, [list(letters)] * 2) == "añ"
