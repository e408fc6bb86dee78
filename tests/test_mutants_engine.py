"""Tests written to kill mutants of lenwordle/engine that survived the mutation run
(benchmarks/mutation.py; docs/reliability.md#mutation-testing). Expectations come from the
reference scorer (reply_for), the pure-Python hard-mode check or worked by hand, never from
the code under test."""

import itertools
import math
from collections import Counter

import numpy as np
import pytest
from helpers import traced_peak
from hypothesis import example, given, settings
from hypothesis import strategies as st

from lenwordle.engine.constraints import (
    Known,
    _fillable,
    clues,
    fits_some_string,
    fitting_string,
    known,
)
from lenwordle.engine.feedback import parse_reply, reply_for
from lenwordle.engine.kernel import AnswerBlock, score_into
from lenwordle.engine.metrics import expected_guesses_metric
from lenwordle.engine.partitions import Parts
from lenwordle.engine.state import GameState, hard_mode_problem
from lenwordle.words.langlists import language_words
from lenwordle.words.languages import language


@pytest.mark.parametrize(
    "code, letter, answer",
    [("es", "ñ", "ñandu"), ("ru", "я", "яблок"), ("tr", "ş", "şafak")],
)
def test_widening_a_sutom_game_brings_every_word_with_the_letter_that_fits(code, letter, answer):
    everything = language_words(language(code), 5)
    strings = everything.strings
    # the game's own list: every tenth word, without the answer
    small = everything.select(
        (np.arange(len(everything)) % 10 == 0) & (everything.mask_of([answer]) == 0)
    )
    guess = next(w for w in small.strings if w[0] != letter)
    state = GameState.new(small, hard=True).with_first_letter(letter)
    state = state.after(guess, reply_for(guess, answer))
    # a second turn, so that hard mode has a mask from before it (of the smaller list)
    again = next(
        w for w in small.strings if w != guess and not hard_mode_problem(w, state.history)
    )
    state = state.after(again, reply_for(again, answer))
    assert state.legal_before is not None
    wide = state.widen(everything)

    expected = {
        w
        for w in strings
        if w[0] == letter and all(reply_for(g, w) == r for g, r in state.history)
    }
    assert answer in expected and len(expected) < len(strings)
    assert set(wide.candidate_words()) == expected
    # each of them may be suggested, with a probability
    rows = wide.answer_rows[wide.candidate_rows]
    assert wide.suggestable[rows].all()
    assert np.isfinite(wide.weights).all() and (wide.weights > 0).all()
    # hard mode reads the whole history again over the wider list
    legal = wide.legal
    assert legal is not None and len(legal) == len(wide.allowed)
    sample = range(0, len(wide.allowed), max(1, len(wide.allowed) // 300))
    words = wide.allowed.words_at(sample)
    assert [bool(legal[i]) for i in sample] == [
        hard_mode_problem(w, wide.history) == "" for w in words
    ]


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


@pytest.mark.parametrize("text", ["g.yX.", "g.y.X", "X"])
def test_a_capital_x_in_feedback_is_an_unknown_mark_not_dropped(text):
    # only spaces and the emoji variation selector (U+FE0F) are dropped from feedback
    with pytest.raises(ValueError, match="unknown feedback character 'X'"):
        parse_reply(text, 5)
    assert parse_reply(" g.\ufe0fy.. ", 5) == "g.y.."


@pytest.mark.parametrize(
    "history, guess, problem",
    [
        ((("ñandu", "y...."),), "lunes", "the guess must contain Ñ"),  # once: no count
        ((("ññaaa", "yy..."),), "bañar", "the guess must contain Ñ 2 times"),
        ((("ябеда", ".g..."),), "сабля", "letter 2 must be Б"),
        ((("şafak", "y...."),), "kaşık", ""),  # Ş is there: nothing wrong
        ((("şşaaa", "yy..."),), "kaşık", "the guess must contain Ş 2 times"),
    ],
)
def test_hard_mode_says_which_hint_a_guess_leaves_out_and_how_many_times(history, guess, problem):
    assert hard_mode_problem(guess, history) == problem


@pytest.mark.parametrize("letters", ["ñn", "ёе", "ıi"])
def test_an_empty_history_is_fit_by_any_string(letters):
    assert fits_some_string((), 3, letters)


@pytest.mark.parametrize("code, k", [("es", 5), ("ru", 5), ("tr", 5), ("es", 7), ("ru", 11)])
def test_scoring_again_allocates_nothing_the_size_of_the_answers(code, k):
    # score_into keeps its work arrays between calls (kernel._scratch): once warm, a call
    # makes no array of digit rows (guesses x k x answers bytes), the ones it would need
    words = language_words(language(code), k)  # past 5 letters, digits are summed by groups
    codes = words.codes[:8192]
    block = AnswerBlock(codes, letters=words.alphabet.size)
    guesses = words.codes[::97][:64]
    assert sum(len(set(g)) < k for g in guesses.tolist()) > 10  # letters repeated: redone
    out = np.empty((len(guesses), len(codes)), block.dtype)
    score_into(guesses, block, out)  # warm
    expected = out.copy()
    _, peak = traced_peak(lambda: score_into(guesses, block, out))
    assert (out == expected).all()
    assert peak < len(guesses) * k * len(codes) // 16, peak


def test_expected_guesses_of_a_partition_worked_by_hand_in_both_forms():
    # one-letter words: replies gray (0), yellow (1), green (2, solved); 10 words weigh 1 at most
    masses, counts = np.array([0.5, 0.3, 0.2]), np.array([3, 1, 1])
    # solved at once with 0.2; else this guess and 1 + 0.8 sqrt(ln n) more for n words
    # left: 3 words (0.5 x 10 = 5 words' weight, capped at the count) and 1 word
    expected = 1 + 0.5 * (1 + 0.8 * math.sqrt(math.log(3))) + 0.3 * 1
    metric = expected_guesses_metric(1)
    parts = Parts(codes=np.array([0, 1, 2]), masses=masses, counts=counts, scale=10.0)
    assert metric(parts) == pytest.approx(-expected)
    (of_table,) = metric.of_tables(masses[None, :], counts[None, :], 10.0)
    assert of_table == pytest.approx(-expected)


def test_a_fitting_string_is_found_in_the_games_own_letters_or_none_is():
    # one place; every letter a-z shown gray: only a letter beyond them (ñ) is left
    letters = "abcdefghijklmnñopqrstuvwxyz"
    history = tuple((ch, ".") for ch in "abcdefghijklmnopqrstuvwxyz")
    c = clues(history, 1)
    assert fitting_string(c, letters, [list(letters)]) == "ñ"
    # ñ gray too: nothing fits
    c = clues((*history, ("ñ", ".")), 1)
    assert fitting_string(c, letters, [list(letters)]) == ""
