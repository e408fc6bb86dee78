"""Tests written to kill mutants of lenwordle/engine/beyond.py that survived the whole
mutation run (benchmarks/mutation.py; docs/reliability.md#mutation-testing): the chance of
each letter at each place, the information of probing a letter, the split of the fitting
strings by a guess, and the probe chosen. Expectations are counted by hand on a few tiny
words, or come from plain Python written from the docstrings (brute force over the strings
of tiny alphabets, the reference scorer reply_for), never from the code under test."""

import itertools
import math
from collections import Counter

import numpy as np
from helpers import wordlist

from lenwordle.engine import beyond, fitting
from lenwordle.engine.beyond import (
    _fitting_now,
    _string_tables,
    information_tables,
    letter_chances,
    probe,
    split_scores,
    state_clues,
)
from lenwordle.engine.constraints import clues
from lenwordle.engine.feedback import reply_for
from lenwordle.engine.state import GameState
from lenwordle.words.alphabet import AZ
from lenwordle.words.letters import encode_word
from lenwordle.words.wordlist import WordList

A, B, C, D = range(4)


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


# --- split_scores: the entropy of the replies over the strings, and how many there are ------


def plain_split(guess: str, strings: list[str]) -> tuple[float, int]:
    """The docstring in plain Python: the entropy of the replies (strings equally likely)
    and the number of distinct replies."""
    groups = Counter(reply_for(guess, s) for s in strings)
    n = len(strings)
    return h(*(m / n for m in groups.values())), len(groups)


def test_split_scores_are_the_entropy_and_the_number_of_the_replies():
    strings = ["cab", "cad", "cba", "cbd", "cca", "ccd", "dab"]
    guesses = ["cab", "dab", "add", "bbb", "eee", "cca", "bad"]
    bits, parts = split_scores(codes_of(guesses), codes_of(strings))
    expected = [plain_split(g, strings) for g in guesses]
    assert np.allclose(bits, [b for b, _ in expected])
    assert parts.tolist() == [p for _, p in expected]
    assert parts.dtype.kind == "i"  # numbers of replies, as integers
    # EEE: grey against every string, one reply, no bit; BBB: ..g twice, ... three times,
    # .g. twice
    assert bits[4] == 0 and parts[4] == 1
    assert parts[3] == 3 and np.isclose(bits[3], h(2 / 7, 3 / 7, 2 / 7))


def test_a_single_string_gives_one_reply_and_no_string_none():
    bits, parts = split_scores(codes_of(["abc", "cab"]), codes_of(["abc"]))
    assert bits.tolist() == [0, 0] and parts.tolist() == [1, 1]
    bits, parts = split_scores(codes_of(["abc", "cab"]), np.zeros((0, 3), np.uint8))
    assert bits.tolist() == [0, 0] and parts.tolist() == [0, 0]


# --- state_clues, _string_tables, _fitting_now ------------------------------------------------


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


def test_the_string_played_now_takes_the_likeliest_letter_at_each_place():
    # CCC g..: C at place 1 and nowhere else
    state = game(["aaa", "bdb", "ddb", "adb", "aab"], "abcd", [("ccc", "cab")])
    assert state.history[0][1] == "g.."
    word = _fitting_now([state], set())
    # place 2: D (3 of 5) over A (2), B (none); place 3: B (4 of 5) over A (1), D (none)
    assert word == "cdb"


# --- probe: the guess that best splits the strings that fit ---------------------------------


def strings_that_fit(state: GameState, avoid: set[str]) -> list[str]:
    """Every string of the game's letters giving every reply of the board, not avoided."""
    letters = state.allowed.alphabet.letters
    return [
        w
        for w in map("".join, itertools.product(letters, repeat=state.k))
        if all(reply_for(g, w) == r for g, r in state.history) and w not in avoid
    ]


def plain_probe(states: list[GameState]) -> str:
    """probe's docstring in plain Python, brute force over tiny alphabets (every string
    that fits, none sampled): one string fits a board: it; else, of the widest board's
    words that may be suggested (not refused nor played; legal in hard mode) and the
    strings that fit, those splitting some board or fitting one, the one of most bits
    (summed over the boards), then a string that fits, then the likelier letters by place
    (letter_chances of board 1, tested by hand above), then a known word, then the first."""
    played = {g for s in states for g, _ in s.history}
    fit = [strings_that_fit(s, set(s.refused) | played) for s in states]
    for f in fit:
        if len(f) == 1:
            return f[0]
    base = max(states, key=lambda s: len(s.allowed))
    letters = base.allowed.alphabet.letters
    words = base.allowed.words_at(range(len(base.allowed)))
    known = [
        w
        for row, w in enumerate(words)
        if base.suggestable[row]
        and w not in set(base.refused) | played
        and (base.legal is None or base.legal[row])
    ]
    strings = sorted({w for f in fit for w in f}, key=lambda w: [letters.index(ch) for ch in w])
    first = states[0]
    chances = letter_chances(state_clues(first), first.allowed.codes, letters)
    best = None
    for index, (word, is_string) in enumerate(
        [(w, False) for w in known] + [(w, True) for w in strings]
    ):
        splits = [plain_split(word, f) for f in fit if f]
        is_fit = any(word in f for f in fit)
        if not is_fit and not any(parts > 1 for _, parts in splits):
            continue
        bits = sum(b for b, _ in splits)
        likely = sum(math.log(chances[i, letters.index(ch)] + 1e-12) for i, ch in enumerate(word))
        key = (-round(bits, 9), not is_fit, -round(likely, 9), is_string, index)
        if best is None or key < best[0]:
            best = (key, word)
    assert best is not None
    return best[1]


def two_boards(words: list[str], answers: list[str], guesses: list[str]) -> list[GameState]:
    """Return the boards of a game of these words (letters A B C D) against these answers,
    none a word, after these guesses."""
    states = [game(words, "abcd", [(g, answer) for g in guesses]) for answer in answers]
    assert not any(len(s.candidate_rows) for s in states)
    return states


def test_the_probe_on_two_boards_is_the_guess_of_most_bits_over_both_then_fit_then_likelier():
    # (games found to tell apart the rules of the choice; the expected guess is the plain
    # reference's, by brute force)
    # board 1: DBD or DCD; board 2: B or C at each place (8 strings). BCB tells them all
    # apart (1 + 3 bits), as do others: the likelier letters by place decide
    states = two_boards(["cac", "bbd", "cca", "dcb", "add", "cda", "bdc"], ["dbd", "bbc"], ["add"])
    assert plain_probe(states) == probe(states) == "bcb"
    # bits summed over both boards: ADB tells apart the 5 strings of board 1 and the 4 of
    # board 2, though board 1 alone would take BAD and board 2 alone DAA
    states = two_boards(["bbd", "cba", "cbc", "dac"], ["dab", "aaa"], ["cbc", "cba"])
    assert plain_probe(states) == probe(states) == "adb"
    # a guess with exactly two replies on each board still splits them: AAC (DCC DCD DDC,
    # and AAB BAB)
    states = two_boards(["aac", "dab", "cab", "bbb", "ccd"], ["ddc", "aab"], ["dab", "cab"])
    assert plain_probe(states) == probe(states) == "aac"


def test_on_a_full_tie_a_known_word_that_fits_comes_before_a_string_that_is_no_word():
    # CC g. and DD ..: C first and only there, no D: CA or CB, as likely (A and B each
    # twice at place 2 among the words). CB is a word one may guess, not a possible answer.
    allowed = tiny_list(["aa", "ba", "bb", "cb", "cc", "dd"], "abcd")
    state = GameState.new(allowed, tiny_list(["aa", "ba", "bb"], "abcd"), uniform=True)
    for guess in ("cc", "dd"):
        state = state.after(guess, reply_for(guess, "ca"))
    assert len(state.candidate_rows) == 0 and strings_that_fit(state, set()) == ["ca", "cb"]
    # CA and CB: one bit each, both fit, equally likely: the known word
    assert plain_probe([state]) == probe([state]) == "cb"


def test_when_the_strings_that_fit_are_too_many_to_count_the_probe_is_by_the_letters(
    monkeypatch,
):
    # (no count made at all) the word telling most of the unknown letters, as
    # _estimated_probe: of these words against GLAMP after CRANE and FLAMY, BIGHT
    # (test_mutants_beyond_fitting.py works it out in plain Python)
    monkeypatch.setattr(fitting, "MAX_STATES", 0)
    words = [
        "crane", "flamy", "slate", "bight", "pudgy", "whisk", "clamp", "dolts",
        "gloat", "ghoul", "plumb", "oxbow", "blimp", "twang", "buxom", "kudzu",
    ]  # fmt: skip
    state = game(words, AZ, [("crane", "glamp"), ("flamy", "glamp")])
    assert fitting.fitting(state_clues(state), AZ, 1000).count is None
    assert probe([state]) == "bight"
    assert probe([state.refuse("bight")]) == "dolts"  # the next (played ones left out)


def test_when_every_word_against_every_string_is_within_the_budget_no_word_is_left_out(
    monkeypatch,
):
    words = ["adc", "aab", "cdd", "bab", "add", "ddd", "aca", "ddb", "abc"]
    state = game(words, "abcd", [("aca", "dac")])
    strings = strings_that_fit(state, {"aca"})
    # the eight words not played against every string: exactly the budget, so all are
    # scored exactly, though the shortlist by the estimate would keep one only
    monkeypatch.setattr(beyond, "SHORTLIST", 1)
    monkeypatch.setattr(beyond, "BUDGET", 8 * len(strings))
    assert probe([state]) == plain_probe([state]) == "ddb"


def test_the_shortlist_keeps_the_words_telling_most_by_the_estimate(monkeypatch):
    # all the words not played but one, left out by the estimate: the best is kept
    state = game(["aca", "caa", "add", "ddd", "dcb"], "abcd", [("caa", "cab"), ("aca", "cab")])
    monkeypatch.setattr(beyond, "SHORTLIST", 2)
    monkeypatch.setattr(beyond, "BUDGET", 0)
    assert probe([state]) == plain_probe([state]) == "dcb"


def test_in_hard_mode_a_word_the_game_refused_is_not_probed_though_it_splits_best():
    # CCB ..y (against ABA): no C, B not last; ABA, BAD, DBA fit, all refused by the game;
    # DBA would split the strings left best, and stays legal in hard mode
    state = game(["bad", "bcb", "ccb", "aad", "aba", "dba"], "abcd", [("ccb", "aba")], hard=True)
    for word in ("aba", "bad", "dba"):
        state = state.refuse(word)
    assert len(state.candidate_rows) == 0
    assert plain_probe([state]) == probe([state]) == "bba"


def test_a_shortlist_of_one_is_the_word_telling_most_by_the_estimate_to_the_last_digits(
    monkeypatch,
):
    # BDC splits the strings that fit best, and the estimate puts it first, by a fraction
    # of a bit (not a whole one) over words before it
    state = game(["abb", "bbc", "bcc", "aad", "bdc", "bac"], "abcd", [("aad", "dba")])
    monkeypatch.setattr(beyond, "SHORTLIST", 1)
    monkeypatch.setattr(beyond, "BUDGET", 0)
    assert probe([state]) == plain_probe([state]) == "bdc"


def test_a_guess_splitting_the_first_board_only_is_probed_when_it_tells_most():
    # board 1 (against BDA): BAA, BBA, BDA fit; board 2 (against CEF): CEF and FEC. AAD
    # tells board 1's three apart (log2 3 bits) and nothing of board 2 (no A or D there),
    # more than any string that fits tells of both (1 bit at most)
    states = [
        game(["aad", "bfe", "eca"], "abcdef", [("bfe", answer), ("eca", answer)])
        for answer in ("bda", "cef")
    ]
    assert [strings_that_fit(s, set()) for s in states] == [["baa", "bba", "bda"], ["cef", "fec"]]
    assert plain_split("aad", ["cef", "fec"]) == (0, 1)
    assert np.isclose(plain_split("aad", ["baa", "bba", "bda"])[0], math.log2(3))
    assert plain_probe(states) == probe(states) == "aad"
