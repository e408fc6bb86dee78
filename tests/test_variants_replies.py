"""Each variant's vectorized replies held to a plain reference written from its rules
(tests/variant_rules.py), on random words of 1 to 11 letters over small alphabets (repeated
and near letters often) and over alphabets beyond a-z (Spanish ñ, Russian, Turkish), then
to worked examples from each game's help, by hand."""

import numpy as np
import pytest
import variant_rules as rules
from hypothesis import given, settings
from hypothesis import strategies as st

from lenwordle.engine.variants import VARIANTS, variant
from lenwordle.engine.variants.base import Worlds, code_of, digits_of
from lenwordle.engine.variants.fibble import lies
from lenwordle.words.alphabet import Alphabet
from lenwordle.words.equations import symbols_of
from lenwordle.words.languages import language

SMALL = ["ab", "abc", "abcdef"]  # few letters: repeats and near letters in most words
LANGUAGES = ["es", "ru", "tr"]


@st.composite
def game(draw, answers_per_world=1, alphabets=None):
    """Draw (letters, guesses, answers, world rows): random words of one length 1-11 over an
    alphabet, and worlds that index the answers in any order, with repeats."""
    if alphabets is None:
        alphabets = SMALL + [language(code).alphabet().letters for code in LANGUAGES]
    letters = draw(st.sampled_from(alphabets))
    k = draw(st.integers(1, 11))
    word = st.text(st.sampled_from(letters), min_size=k, max_size=k)
    guesses = draw(st.lists(word, min_size=1, max_size=4))
    answers = draw(st.lists(word, min_size=1, max_size=6))
    index = st.integers(0, len(answers) - 1)
    row = st.lists(index, min_size=answers_per_world, max_size=answers_per_world)
    rows = draw(st.lists(row, min_size=1, max_size=8))
    return letters, guesses, answers, rows


def replies(name, letters, guesses, answers, rows, swapped=None):
    """Return the variant's replies (guesses x worlds) as the engine makes them."""
    alphabet = Alphabet(letters)
    k = len(guesses[0])
    worlds = Worlds(
        np.array(rows, np.intp),
        np.ones(len(rows)),
        np.zeros(len(rows), bool) if swapped is None else np.array(swapped, bool),
    )
    got = variant(name).replies(alphabet.encode(guesses, k), alphabet.encode(answers, k), worlds)
    assert got.shape == (len(guesses), len(rows))
    return got


@settings(max_examples=150, deadline=None)
@given(game())
def test_wordle_and_nerdle_reply_as_the_reference_scorer(drawn):
    letters, guesses, answers, rows = drawn
    want = [[rules.code(rules.wordle(g, answers[r[0]])) for r in rows] for g in guesses]
    assert replies("wordle", letters, guesses, answers, rows).tolist() == want
    assert replies("nerdle", letters, guesses, answers, rows).tolist() == want


@settings(max_examples=150, deadline=None)
@given(game(answers_per_world=2))
def test_xordle_shows_each_tile_at_its_better_colour_over_the_two_answers(drawn):
    letters, guesses, answers, rows = drawn
    pairs = [(answers[a], answers[b]) for a, b in rows]
    want = [[rules.code(rules.xordle(g, *pair)) for pair in pairs] for g in guesses]
    assert replies("xordle", letters, guesses, answers, rows).tolist() == want


@settings(max_examples=200, deadline=None)
@given(game())
def test_warmle_is_the_distance_in_the_alphabets_order(drawn):
    letters, guesses, answers, rows = drawn
    want = [[rules.code(rules.warmle(g, answers[r[0]], letters)) for r in rows] for g in guesses]
    assert replies("warmle", letters, guesses, answers, rows).tolist() == want


@settings(max_examples=200, deadline=None)
@given(game())
def test_peaks_says_whether_the_answers_letter_is_earlier_or_later(drawn):
    letters, guesses, answers, rows = drawn
    want = [[rules.code(rules.peaks(g, answers[r[0]], letters)) for r in rows] for g in guesses]
    assert replies("peaks", letters, guesses, answers, rows).tolist() == want


@settings(max_examples=150, deadline=None)
@given(game())
def test_woodle_counts_wordles_greens_and_yellows(drawn):
    letters, guesses, answers, rows = drawn
    want = [[rules.woodle(g, answers[r[0]]) for r in rows] for g in guesses]
    assert replies("woodle", letters, guesses, answers, rows).tolist() == want


@settings(max_examples=150, deadline=None)
@given(game(), st.data())
def test_hardle_trades_green_and_yellow_in_the_swapped_worlds(drawn, data):
    letters, guesses, answers, rows = drawn
    swapped = data.draw(st.lists(st.booleans(), min_size=len(rows), max_size=len(rows)))
    want = [
        [rules.code(rules.hardle(g, answers[r[0]], s)) for r, s in zip(rows, swapped)]
        for g in guesses
    ]
    assert replies("hardle", letters, guesses, answers, rows, swapped).tolist() == want


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 11).flatmap(lambda k: st.lists(st.integers(0, 2), min_size=k, max_size=k)))
def test_fibble_shows_the_lies_of_its_rules_with_their_chances(row):
    k = len(row)
    shown, chances = lies(np.array([rules.code(row)]), k)
    assert shown.shape == chances.shape == (1, 2 * k)
    got: dict[int, float] = {}
    for lie, chance in zip(shown[0].tolist(), chances[0].tolist()):
        got[lie] = got.get(lie, 0.0) + chance
    got = {lie: chance for lie, chance in got.items() if chance > 0}
    want = rules.fibble(tuple(row))
    assert got.keys() == want.keys()
    for lie in want:
        assert got[lie] == pytest.approx(want[lie])


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 11), st.data())
def test_fibble_lies_of_many_replies_at_once_are_each_ones_own(k, data):
    """A (guesses x worlds) table of replies: each cell's lies as that reply's alone."""
    row = st.lists(st.integers(0, 3**k - 1), min_size=3, max_size=3)
    codes = data.draw(st.lists(row, min_size=2, max_size=2))
    shown, chances = lies(np.array(codes), k)
    assert shown.shape == chances.shape == (2, 3, 2 * k)
    for i in range(2):
        for j in range(3):
            alone = lies(np.array([codes[i][j]]), k)
            assert shown[i, j].tolist() == alone[0][0].tolist()
            assert chances[i, j].tolist() == alone[1][0].tolist()


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 11), st.data())
def test_digits_and_codes_are_base_three_both_ways(k, data):
    row = data.draw(st.lists(st.integers(0, 2), min_size=k, max_size=k))
    assert code_of(np.array([row], np.uint8)).tolist() == [rules.code(row)]
    assert digits_of(np.array([rules.code(row)]), k).tolist() == [row]


def test_every_variant_is_registered_under_its_name():
    assert set(VARIANTS) == {
        "wordle",
        *"fibble xordle warmle peaks woodle hardle antiwordle nerdle".split(),
    }
    for name, value in VARIANTS.items():
        assert value.name == name and variant(f" {name.upper()} ") is value


# Worked examples, by hand from each game's help page


def one(name, guess, answer, letters="abcdefghijklmnopqrstuvwxyz", swapped=False):
    """Return the tiles of one guess against one answer in a variant."""
    rows = [[0, 1]] if isinstance(answer, tuple) else [[0]]
    answers = list(answer) if isinstance(answer, tuple) else [answer]
    got = replies(name, letters, [guess], answers, rows, [swapped])
    return tuple(rules.row_of(int(got[0, 0]), len(guess)))


G, Y, _ = 2, 1, 0
YG = (Y, G)


def test_wordles_help_examples():
    # WEARY: W in the word and in the right spot; PILLS: I in the word, wrong spot;
    # VAGUE: U in no spot (the answers chosen to show just that; GHOST has a G elsewhere)
    assert one("wordle", "weary", "wound") == (G, _, _, _, _)
    assert one("wordle", "pills", "oxide") == (_, Y, _, _, _)
    assert one("wordle", "vague", "ghost") == (_, _, Y, _, _)
    # a repeated letter: PILLS against SPOIL, one L is yellow, the other grey
    assert one("wordle", "pills", "spoil") == (Y, Y, Y, _, Y)


def test_hardle_swaps_the_colours_of_wordles_examples():
    assert one("hardle", "weary", "wound") == (G, _, _, _, _)
    assert one("hardle", "weary", "wound", swapped=True) == (Y, _, _, _, _)
    assert one("hardle", "pills", "oxide", swapped=True) == (_, G, _, _, _)
    # the answer itself, swapped: every tile shows yellow
    assert one("hardle", "weary", "weary", swapped=True) == (Y,) * 5


def test_woodle_gives_only_the_counts():
    # PILLS against SPOIL: Y Y Y . Y, no green and four yellows: 0 * 6 + 4
    assert variant("woodle").reply_space(5) == 36
    got = replies("woodle", "abcdefghijklmnopqrstuvwxyz", ["pills"], ["spoil"], [[0]])
    assert got.tolist() == [[4]]
    # WEARY against WOUND: one green, no yellow: 1 * 6 + 0
    got = replies("woodle", "abcdefghijklmnopqrstuvwxyz", ["weary", "wound"], ["wound"], [[0]])
    assert got.tolist() == [[6], [5 * 6]]


def test_xordle_examples():
    # VAGUE and PILLS share no letter. WEARY: E and A are in VAGUE, elsewhere
    assert one("xordle", "weary", ("vague", "pills")) == (_, Y, Y, _, _)
    # SPILL: every letter in PILLS, the first L in place
    assert one("xordle", "spill", ("vague", "pills")) == (Y, Y, Y, G, Y)
    # VALUE: V A . U E green for VAGUE and L green for PILLS: all green, yet neither answer
    assert one("xordle", "value", ("vague", "pills")) == (G,) * 5
    assert one("xordle", "value", ("pills", "vague")) == (G,) * 5


def test_warmle_examples():
    # C is 3 places before F: warm; B is 4: cold
    assert one("warmle", "c", "f") == (Y,)
    assert one("warmle", "b", "f") == (_,)
    assert one("warmle", "i", "f") == (Y,) and one("warmle", "j", "f") == (_,)
    # CRANE against FLAME: C-F 3 warm, R-L 6 cold, A right, N-M 1 warm, E right
    assert one("warmle", "crane", "flame") == (Y, _, G, Y, G)


def test_warmle_counts_places_in_the_games_alphabet():
    spanish = language("es").alphabet().letters  # ... m n ñ o p ...
    assert one("warmle", "n", "p", spanish) == (Y,)  # n ñ o p: 3 places
    assert one("warmle", "m", "p", spanish) == (_,)  # 4 places in Spanish
    assert one("warmle", "m", "p") == (Y,)  # 3 in English
    assert one("warmle", "ñ", "o", spanish) == (Y,)
    turkish = language("tr").alphabet().letters  # ... g ğ h ı i j ...
    assert one("warmle", "g", "i", turkish) == (_,)  # g ğ h ı i: 4 places
    assert one("warmle", "g", "ı", turkish) == (Y,)
    russian = language("ru").alphabet().letters  # ... е ж з и й ...
    assert one("warmle", "е", "й", russian) == (_,)
    assert one("warmle", "ж", "й", russian) == (Y,)


def test_peaks_examples():
    # M against A: the answer's letter is earlier (v); A against M: later (^)
    assert one("peaks", "m", "a") == (rules.EARLIER,)
    assert one("peaks", "a", "m") == (rules.LATER,)
    assert one("peaks", "z", "z") == (rules.SAME,)
    # CRANE against FLAME: F later than C, L earlier than R, A same, M earlier than N, E same
    assert one("peaks", "crane", "flame") == (0, 1, 2, 1, 2)
    marks = variant("peaks").marks.tiles
    assert "".join(marks[t] for t in one("peaks", "crane", "flame")) == "^vgvg"
    spanish = language("es").alphabet().letters
    assert one("peaks", "ñ", "n", spanish) == (rules.EARLIER,)
    assert one("peaks", "ñ", "o", spanish) == (rules.LATER,)


def test_fibble_example():
    # WEARY against WOUND: truly G . . . . ; Fibble shows one tile changed, each of the
    # ten rows alike (none is all green)
    true = rules.code((G, _, _, _, _))
    shown, chances = lies(np.array([true]), 5)
    want = {
        rules.code((Y, _, _, _, _)),
        rules.code((_, _, _, _, _)),
        *(rules.code((G, *[c if j == i else _ for j in range(4)])) for i in range(4) for c in YG),
    }
    assert set(shown[0].tolist()) == want and len(want) == 10
    assert chances[0].tolist() == [0.1] * 10
    # a win is shown as it is
    shown, chances = lies(np.array([3**5 - 1]), 5)
    assert set(shown[0].tolist()) == {3**5 - 1} and chances.sum() == pytest.approx(1)


def test_nerdle_example():
    # 10+20=30 against 20+10=30: 0 + 0 = 3 0 are in place; the 1 and the 2 are in the
    # answer, elsewhere (its unplaced 2 and 1)
    letters = symbols_of(8)
    got = replies("nerdle", letters, ["10+20=30"], ["20+10=30"], [[0]])
    assert rules.row_of(int(got[0, 0]), 8) == (Y, G, G, Y, G, G, G, G)
    # 12+35=47 against 20+10=30: the 1 is elsewhere, + and = in place; 2 is in the
    # answer (first place), once; 3 is in the answer (seventh), elsewhere
    got = replies("nerdle", letters, ["12+35=47"], ["20+10=30"], [[0]])
    assert rules.row_of(int(got[0, 0]), 8) == (Y, Y, G, Y, _, G, _, _)


@pytest.mark.parametrize("k", [6, 7])  # the last length with a table of pairs, one past
def test_xordles_replies_by_table_and_past_it_are_the_references(k):
    from lenwordle.engine.variants.xordle import TABLED_UP_TO

    assert TABLED_UP_TO == 6
    words = ["abcdefg", "hijklmn", "gfedcba", "nopqrst", "aabbccd", "uvwxyzh"]
    words = [word[:k] for word in words]
    guesses = ["abhicde"[:k], "gfnmlab"[:k], "zzzaaab"[:k]]
    rows = [[0, 1], [1, 3], [3, 0], [5, 2], [4, 1]]
    got = replies("xordle", "abcdefghijklmnopqrstuvwxyz", guesses, words, rows)
    want = [
        [rules.code(rules.xordle(guess, words[i], words[j])) for i, j in rows] for guess in guesses
    ]
    assert got.tolist() == want
