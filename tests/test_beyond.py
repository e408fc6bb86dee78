"""Past the dictionary (engine/beyond.py): the letter chances, the information tables, the
string played now and the probe (whose choice is pinned in detail in test_probe.py).
Expectations are counted by hand on a few tiny words, or come from plain Python written from
the docstrings (the reference scorer reply_for), never from the code under test."""

import math

import numpy as np
from helpers import terminal, wordlist

from lenwordle.cli.wording import LIST_HINT, NO_FIT
from lenwordle.engine.beyond import (
    _letter_bits,
    _one_letter_each,
    _string_tables,
    board_fitting,
    determined,
    information_tables,
    letter_chances,
    probe,
    probe_bits,
    split_bits,
    state_clues,
)
from lenwordle.engine.boards import Boards
from lenwordle.engine.constraints import clues
from lenwordle.engine.feedback import reply_for
from lenwordle.engine.rules import Rules
from lenwordle.engine.state import GameState
from lenwordle.games.session import Session
from lenwordle.strategies.registry import make
from lenwordle.words.alphabet import AZ
from lenwordle.words.letters import encode_word
from lenwordle.words.wordlist import WordList

A, B, C, D, E = range(5)


def test_letter_chances_keep_the_clues_and_the_frequencies_by_position():
    c = clues((("ab", "g."),), 2)  # A in place 1; no B
    codes = np.array([encode_word(w) for w in ["ab", "ac", "bc", "cd", "ad", "dd"]])
    chances = letter_chances(c, codes)
    assert chances[0, A] == 1 and chances[0].sum() == 1  # the green letter alone
    assert chances[1, B] == 0  # absent: never, though a word has it there
    assert np.allclose(chances[1, [C, D]], [2 / 5, 3 / 5]) and np.isclose(chances[1].sum(), 1)
    first, again = information_tables(c, chances)
    assert first[0, A] == 0 and again[0, A] == 0  # probing a green tells nothing
    assert first[1, B] == 0 and first[0, B] == 0  # nor an absent letter
    h = -(0.4 * np.log2(0.4) + 0.6 * np.log2(0.6))
    assert np.isclose(first[1, C], h)  # green or grey (C may be only in place 2)
    assert np.isclose(first[0, C], h)  # in place 1 (green A): yellow or grey, as likely
    assert np.isclose(again[1, C], h) and again[0, C] == 0


def test_a_present_letter_not_placed_is_raised_where_it_may_be():
    c = clues((("ab", ".y"),), 2)  # B is present, not in place 2 (nor A anywhere): place 1
    chances = letter_chances(c, np.array([encode_word(w) for w in ["ba", "bc", "cb", "dd"]]))
    assert chances[0, B] == 1 and chances[0].sum() == 1 and chances[1, B] == 0
    first, _ = information_tables(c, chances)
    assert first[0, B] == 0 and first[1, B] == 0  # certain: probing B tells nothing
    c = clues((("abc", ".y."),), 3)  # B in place 1 or 3: at least even odds in each
    codes = np.array([encode_word(w) for w in ["bdd", "ddd", "ddd", "ddd", "dbd"]])
    chances = letter_chances(c, codes)
    assert np.allclose(chances[:, B], [0.5, 0, 0.5]) and np.allclose(chances.sum(1), 1)
    assert np.allclose(chances[:, D], [0.5, 1, 0.5])  # the rest, as the words have it


WORDS = [
    "crane", "flamy", "slate", "bight", "pudgy", "whisk", "clamp", "dolts",
    "gloat", "ghoul", "plumb", "oxbow", "blimp", "twang", "buxom", "kudzu",
]  # fmt: skip


def outside_state(hard: bool = False) -> GameState:
    """Return a game against GLAMP, which the words lack: none fits CRANE, then FLAMY."""
    state = GameState.new(wordlist(WORDS), uniform=True, hard=hard)
    for guess in ("crane", "flamy"):
        state = state.after(guess, reply_for(guess, "glamp"))
    assert len(state.candidate_rows) == 0
    return state


def test_the_probe_tests_unknown_letters_and_no_absent_one():
    state = outside_state()
    word = probe([state])
    tested = set("craneflamy")
    absent = set("crnefy")
    assert not set(word) & absent and set(word) - tested
    # the most bits over the strings that fit (_ L A M _), of every allowed word and string
    strings = board_fitting(state).strings
    assert board_fitting(state).complete and len(strings) == 20**2  # (no C E F N R Y)
    bits, _ = split_bits(np.concatenate([state.allowed.codes, strings]), strings)
    assert np.isclose(split_bits(state.encode(word)[None], strings)[0][0], bits.max())
    scores = probe_bits([state], state.allowed.codes)  # the estimate: what it tells
    assert scores[state.allowed.index[word]] > 0
    assert probe([state.refuse(word)]) not in ("", word)  # refused: the next best


def test_the_probe_keeps_hard_mode():
    state = outside_state(hard=True)
    word = probe([state])
    assert word[1:4] == "lam"  # only a word keeping the greens is legal: CLAMP
    # no legal word is left but FLAMY, played: no probe (no string is made up)
    assert probe([state.refuse(word)]) == ""


def test_on_two_boards_list_says_per_board_and_the_probe_comes_when_none_fits():
    state = GameState.new(wordlist(WORDS), uniform=True)
    session = Session(make(), Boards.new(state, Rules(5, boards=2)))
    for guess in ("crane", "flamy"):  # board 1: GLAMP (not a word here), board 2: PLUMB
        event = session.handle(f"{guess} {reply_for(guess, 'glamp')} {reply_for(guess, 'plumb')}")
    assert LIST_HINT in terminal(session, event) and session.counts() == [0, 2]
    assert not session.probing  # board 2 still has words: the usual choice
    assert terminal(session, session.handle("list")) == [
        f"board 1: 0 possible: {NO_FIT}",
        "  pattern: _ L A M _",
        "  absent:  C E F N R Y",
        # _ L A M _: any of the 20 letters not absent at places 1 and 5
        f"  past the dictionary: {len(set(AZ) - set('cefnry')) ** 2} strings of letters "
        "fit every reply",
        "board 2: 2 possible:",
        "  BLIMP  50.0%",
        "  PLUMB  50.0%",
    ]
    session.handle(f"plumb {reply_for('plumb', 'glamp')} ggggg")  # board 2 solved
    assert session.probing and session.guess and not set(session.guess) & set("cefnryub")
    assert terminal(session, session.handle("list"))[0] == f"board 1: 0 possible: {NO_FIT}"


def test_a_word_the_clues_leave_one_letter_at_each_place_is_suggested_itself():
    state = GameState.new(wordlist(["crane", "slate", "pudgy", "gibed", "tares", "clonk"]))
    for guess in ["tares", "clonk", "llama", "flamm"]:
        state = state.after(guess, reply_for(guess, "glamp"))
    assert len(state.candidate_rows) == 0
    assert determined(state) == ""  # _ L A M _: the first and last letters unknown
    assert probe([state]) != "glamp"
    state = state.after("pudgy", reply_for("pudgy", "glamp"))  # P and G, neither at 1 or 4
    assert determined(state) == "glamp" and probe([state]) == "glamp"  # G at 1, P at 5
    assert probe([state.refuse("glamp")]) != "glamp"  # refused by the game: not again


def codes_of(words: list[str]) -> np.ndarray:
    return np.array([encode_word(w) for w in words])


def h(*ps: float) -> float:
    """The entropy (bits) of these chances (0 log 0 = 0)."""
    return -sum(p * math.log2(p) for p in ps if p > 0)


def tiny_list(words: list[str], letters: str) -> WordList:
    """Return a WordList of these words over an alphabet of these letters."""
    return wordlist(words, letters=letters)


def game(words: list[str], letters: str, turns, hard: bool = False) -> GameState:
    """Return a game of these words and letters after these (guess, answer) turns."""
    state = GameState.new(tiny_list(words, letters), uniform=True, hard=hard)
    for guess, answer in turns:
        state = state.after(guess, reply_for(guess, answer))
    return state


# --- letter_chances: the letters' frequencies by place, kept to what the clues allow -------


def test_a_letter_whose_copies_are_all_green_has_no_chance_at_any_other_place():
    # AAAB gg..: A at places 1 and 2 and nowhere else (the grey third copy), no B
    c = clues((("aaab", "gg.."),), 4)
    assert c.most["a"] == 2 and "a" not in c.banned.get(3, set())
    chances = letter_chances(c, codes_of(["bcda", "cdba", "dcbc", "bbbd"]))
    # place 4: A A C D among the words, A ruled out (both copies placed): C and D half each
    assert chances[3, A] == 0 and np.allclose(chances[3, [C, D]], [0.5, 0.5])
    # place 3: D B B B, B absent: D alone
    assert chances[2, D] == 1 and chances[2].sum() == 1


def test_a_second_copy_known_to_exist_is_certain_at_the_one_place_left_for_it():
    # AAAB gy.. (against ACCA): A exactly twice, at place 1 and not at places 2 or 3: place 4
    c = clues((("aaab", reply_for("aaab", "acca")),), 4)
    assert reply_for("aaab", "acca") == "gy.."
    chances = letter_chances(c, codes_of(["bcdc", "cdbd", "dcbc", "bbbd"]))
    assert chances[3, A] == 1 and chances[3].sum() == 1
    assert chances[0, A] == 1 and chances[1, A] == chances[2, A] == 0


def test_clues_leaving_no_letter_at_a_place_give_it_no_chance_rather_than_nan():
    # (replies no string gives: a board typed wrong) A and B absent, the only letters
    c = clues((("ab", ".."),), 2)
    chances = letter_chances(c, codes_of(["ab", "ba"]), "ab")
    assert np.array_equal(chances, np.zeros((2, 2)))


def test_a_present_letter_with_no_place_left_for_it_does_not_break_the_chances():
    # (replies no string gives) AB gy: A at place 1, B present but not at place 2
    c = clues((("ab", "gy"),), 2)
    chances = letter_chances(c, codes_of(["ab", "ba", "bc", "cd"]), "abcd")
    assert np.array_equal(chances[0], [1, 0, 0, 0])
    assert np.allclose(chances[1], [1 / 3, 0, 1 / 3, 1 / 3])  # A, C, D as the words have them


def test_more_copies_wanted_than_places_left_still_make_the_letter_only_certain():
    # (replies no string gives) BBC yy.: two B, neither at place 1 or 2, only place 3 left
    c = clues((("bbc", "yy."),), 3)
    chances = letter_chances(c, codes_of(["abd", "dab", "add"]), "abcd")
    assert np.array_equal(chances[2], [0, 1, 0, 0])
    assert (chances >= 0).all() and (chances <= 1).all()


def test_a_present_letter_already_as_likely_as_its_share_leaves_its_place_untouched():
    # ABC .y.: B in place 1 or 3, at least even odds at each; at place 1 the words give it
    # just that (7 of 14), so the chances there stay the words' frequencies, exactly
    c = clues((("abc", ".y."),), 3)
    words = ["bdb"] * 7 + ["ddb"] * 2 + ["edb"] * 2 + ["fdb"] * 3
    chances = letter_chances(c, codes_of(words))
    assert chances[0, [B, D, 4, 5]].tolist() == [7 / 14, 2 / 14, 2 / 14, 3 / 14]
    assert chances[2, B] == 1  # B at place 3 in every word: more than its share


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


# --- information_tables: the bits of probing a letter at a place ----------------------------


def test_a_green_letter_that_may_have_another_copy_is_probed_for_it_at_the_other_places():
    # ABC g..: A at place 1, no B or C; A may be again at place 2 (half the words) and at
    # place 3 (half): present again with chance 1 - 1/2 * 1/2 = 3/4
    c = clues((("abc", "g.."),), 3)
    chances = letter_chances(c, codes_of(["xay", "xda", "xdd", "xaa"]))
    assert np.allclose(chances[1, [A, D]], [0.5, 0.5])
    assert np.allclose(chances[2, [A, D, ord("y") - 97]], [0.5, 0.25, 0.25])
    first, again = information_tables(c, chances)
    # A at place 2: green 1/2, yellow (at place 3 only) 1/4, grey 1/4
    assert np.isclose(first[1, A], h(0.5, 0.25, 0.25))
    assert np.isclose(again[1, A], h(0.5, 0.5))
    assert first[0, A] == 0 and again[0, A] == 0  # the green itself tells nothing


def test_a_present_letter_even_at_two_places_is_green_or_yellow_there_never_grey():
    # ABC .y.: B in place 1 or 3, even odds: probing B at place 1 is green or yellow, 1 bit
    c = clues((("abc", ".y."),), 3)
    chances = letter_chances(c, codes_of(["bdd", "ddd", "ddd", "ddd", "dbd"]))
    assert np.allclose(chances[:, B], [0.5, 0, 0.5])
    first, again = information_tables(c, chances)
    assert np.isclose(first[0, B], 1) and np.isclose(first[2, B], 1)
    assert np.isclose(again[0, B], 1)
    # B at place 2, where it is not: yellow for sure, nothing to learn
    assert first[1, B] == 0


# --- state_clues, _string_tables ------------------------------------------------------------


def test_the_letter_shown_first_is_fixed_at_the_first_place_before_any_guess():
    state = GameState.new(tiny_list(["abc", "bca", "cab"], "abcd"), uniform=True)
    c = state_clues(state.with_first_letter("b"))
    assert c.fixed == {0: {"b"}}
    assert state_clues(state).fixed == {}


def test_string_tables_cover_every_letter_even_those_no_string_has():
    state = GameState.new(tiny_list(["abc", "bca", "cab", "dda"], "abcd"), uniform=True)
    strings = np.array([[A, B, A], [A, A, B]], np.uint8)  # ABA, AAB: no C or D
    first, again = _string_tables(state, strings)
    assert first.shape == again.shape == (3, 4)
    # place 1: A for sure (green, tells nothing); place 2: A or B, even odds
    assert first[0, A] == 0 and np.isclose(again[1, A], 1) and np.isclose(again[2, B], 1)
    assert first[0, C] == first[1, D] == 0  # in no string: grey for sure


# --- _letter_bits: the bits a word tells, a table lookup per place -------------------------------


def plain_scores(tables, words: list[str]) -> list[float]:
    """The docstring's sum, in plain Python: over the boards, for each place, the first-copy
    bits of its letter there, or the further-copy bits when the letter came earlier."""
    out = []
    for word in words:
        total = 0.0
        for first, again in tables:
            for i, ch in enumerate(word):
                table = again if ch in word[:i] else first
                total += table[i][AZ.index(ch)]
        out.append(total)
    return out


def test_a_repeated_letter_scores_its_further_copy_bits_summed_over_every_board():
    rng = np.random.default_rng(7)
    tables = [(rng.random((4, 26)), rng.random((4, 26)) / 10) for _ in range(2)]
    # repeats at the second place, at the third from the first or the second, at the last,
    # none at all, and every letter the same
    words = ["aabc", "abac", "abbc", "abca", "abcd", "dddd", "bcda"]
    codes = np.array([encode_word(w) for w in words])
    assert np.allclose(_letter_bits(tables, codes), plain_scores(tables, words))
    # one board alone: its own sum (not the other's)
    assert np.allclose(_letter_bits(tables[1:], codes), plain_scores(tables[1:], words))


# --- _string_tables: the information of the letters among the fitting strings --------------


def test_one_fitting_string_makes_every_letter_certain_and_probing_tell_nothing():
    state = GameState.new(wordlist(WORDS), uniform=True)  # no turn: no clue
    first, again = _string_tables(state, np.array([encode_word("abcde")]))
    assert not first.any() and not again.any()


def test_two_fitting_strings_differing_at_the_end_make_one_bit_of_their_last_letters():
    state = GameState.new(wordlist(WORDS), uniform=True)
    strings = np.array([encode_word(w) for w in ["abcde", "abcdf"]])
    first, again = _string_tables(state, strings)
    E, F = AZ.index("e"), AZ.index("f")
    # E: at the end even odds (green or grey), elsewhere yellow or grey as likely: one bit
    # everywhere, as F; every other letter is certain (A to D where they are) or absent
    expected = np.zeros((5, 26))
    expected[:, [E, F]] = 1.0
    assert np.allclose(first, expected)
    # a further copy: green or not, even odds only at the end
    expected = np.zeros((5, 26))
    expected[4, [E, F]] = 1.0
    assert np.allclose(again, expected)


# --- _one_letter_each: certain within 1e-12 --------------------------------------------------


def test_a_chance_within_the_tolerance_of_one_is_certain_and_just_past_it_is_not():
    edge = 1.0 - 1e-12
    assert _one_letter_each(np.array([[edge, 1 - edge], [0.0, 1.0]]), "ab") == "ab"
    assert _one_letter_each(np.array([[1 - 1e-11, 1e-11], [0.0, 1.0]]), "ab") == ""


# --- _fitting_now: a string that fits, likeliest letters first ------------------------------
