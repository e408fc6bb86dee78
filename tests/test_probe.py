"""The probe past the dictionary (engine/beyond.py): the guess that best splits the strings
that fit the clues, over every board (the bits of its replies, then a string that fits, then
the likelier letters, then a known word), within its budget and shortlist; when the strings
are too many to count, the word telling most of the unknown letters (_estimated_probe); and
the answer determined when one string alone fits. Expectations come from plain Python written
from the docstrings (brute force over the strings of tiny alphabets, the reference scorer
reply_for), or are counted by hand, never from the code under test."""

import itertools
import math
from collections import Counter

import numpy as np
import pyarrow as pa
from helpers import wordlist

from lenwordle.engine import beyond, fitting
from lenwordle.engine.beyond import (
    _estimated_probe,
    _one_letter_each,
    board_tables,
    determined,
    letter_chances,
    probe,
    probe_bits,
    split_bits,
    state_clues,
)
from lenwordle.engine.feedback import reply_for
from lenwordle.engine.rules import Rules
from lenwordle.engine.state import GameState
from lenwordle.words.alphabet import AZ, Alphabet
from lenwordle.words.letters import encode_word
from lenwordle.words.wordlist import NAME, WordList

WORDS = [
    "crane", "flamy", "slate", "bight", "pudgy", "whisk", "clamp", "dolts",
    "gloat", "ghoul", "plumb", "oxbow", "blimp", "twang", "buxom", "kudzu",
]  # fmt: skip


def outside_state(words=WORDS, hard: bool = False, rules: Rules | None = None) -> GameState:
    """Return a game against GLAMP, which the words lack: none fits CRANE, then FLAMY."""
    state = GameState.new(wordlist(words), uniform=True, hard=hard, rules=rules)
    for guess in ("crane", "flamy"):
        state = state.after(guess, reply_for(guess, "glamp"))
    assert len(state.candidate_rows) == 0
    return state


def tiny_list(words: list[str], letters: str) -> WordList:
    """Return a WordList of these words over an alphabet of these letters."""
    return wordlist(words, letters=letters)


def fits_history(word: str, history) -> bool:
    return all(reply_for(guess, word) == reply for guess, reply in history)


def codes_of(words: list[str]) -> np.ndarray:
    return np.array([encode_word(w) for w in words])


def h(*ps: float) -> float:
    """The entropy (bits) of these chances (0 log 0 = 0)."""
    return -sum(p * math.log2(p) for p in ps if p > 0)


def game(words: list[str], letters: str, turns, hard: bool = False) -> GameState:
    """Return a game of these words and letters after these (guess, answer) turns."""
    state = GameState.new(tiny_list(words, letters), uniform=True, hard=hard)
    for guess, answer in turns:
        state = state.after(guess, reply_for(guess, answer))
    return state


# --- split_bits: the entropy of the replies over the strings, and how many there are ------


def plain_split(guess: str, strings: list[str]) -> tuple[float, int]:
    """The docstring in plain Python: the entropy of the replies (strings equally likely)
    and the number of distinct replies."""
    groups = Counter(reply_for(guess, s) for s in strings)
    n = len(strings)
    return h(*(m / n for m in groups.values())), len(groups)


def test_split_bits_are_the_entropy_and_the_number_of_the_replies():
    strings = ["cab", "cad", "cba", "cbd", "cca", "ccd", "dab"]
    guesses = ["cab", "dab", "add", "bbb", "eee", "cca", "bad"]
    bits, parts = split_bits(codes_of(guesses), codes_of(strings))
    expected = [plain_split(g, strings) for g in guesses]
    assert np.allclose(bits, [b for b, _ in expected])
    assert parts.tolist() == [p for _, p in expected]
    assert parts.dtype.kind == "i"  # numbers of replies, as integers
    # EEE: grey against every string, one reply, no bit; BBB: ..g twice, ... three times,
    # .g. twice
    assert bits[4] == 0 and parts[4] == 1
    assert parts[3] == 3 and np.isclose(bits[3], h(2 / 7, 3 / 7, 2 / 7))


def test_a_single_string_gives_one_reply_and_no_string_none():
    bits, parts = split_bits(codes_of(["abc", "cab"]), codes_of(["abc"]))
    assert bits.tolist() == [0, 0] and parts.tolist() == [1, 1]
    bits, parts = split_bits(codes_of(["abc", "cab"]), np.zeros((0, 3), np.uint8))
    assert bits.tolist() == [0, 0] and parts.tolist() == [0, 0]


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
    known words (any commonness, no name; not refused nor played; legal in hard mode),
    those splitting some board or fitting one (on the last guess, fitting one), the one of
    most bits (summed over the boards), then one that fits, then the likelier letters by
    place (letter_chances of board 1, tested by hand in test_beyond.py), then the first;
    '' when none."""
    played = {g for s in states for g, _ in s.history}
    fit = [strings_that_fit(s, set(s.refused) | played) for s in states]
    for f in fit:
        if len(f) == 1:
            return f[0]
    base = max(states, key=lambda s: len(s.allowed))
    letters = base.allowed.alphabet.letters
    words = base.allowed.words_at(range(len(base.allowed)))
    marks = base.allowed.mark_array()
    known = [
        w
        for row, w in enumerate(words)
        if not marks[row] & NAME
        and w not in set(base.refused) | played
        and (base.legal is None or base.legal[row])
    ]
    first = states[0]
    chances = letter_chances(state_clues(first), first.allowed.codes, letters)
    best = None
    for index, word in enumerate(known):
        splits = [plain_split(word, f) for f in fit if f]
        is_fit = any(word in f for f in fit)
        if not is_fit and (first.on_last_guess or not any(parts > 1 for _, parts in splits)):
            continue
        bits = sum(b for b, _ in splits)
        likely = sum(math.log(chances[i, letters.index(ch)] + 1e-12) for i, ch in enumerate(word))
        key = (-round(bits, 9), not is_fit, -round(likely, 9), index)
        if best is None or key < best[0]:
            best = (key, word)
    return "" if best is None else best[1]


def two_boards(words: list[str], answers: list[str], guesses: list[str]) -> list[GameState]:
    """Return the boards of a game of these words (letters A B C D) against these answers,
    none a word, after these guesses."""
    states = [game(words, "abcd", [(g, answer) for g in guesses]) for answer in answers]
    assert not any(len(s.candidate_rows) for s in states)
    return states


def test_the_probe_on_two_boards_is_the_guess_of_most_bits_over_both_then_fit_then_likelier():
    # (games found to tell apart the rules of the choice; the expected guess is the plain
    # reference's, by brute force)
    # board 1: DBD or DCD; board 2: B or C at each place (8 strings). The string BCB would
    # tell them all apart (1 + 3 bits), but only known words are probes: BBD (no C: 1 bit
    # on board 1 ... the reference works out the rest)
    states = two_boards(["cac", "bbd", "cca", "dcb", "add", "cda", "bdc"], ["dbd", "bbc"], ["add"])
    assert plain_probe(states) == probe(states) == "bbd"
    assert "bcb" not in states[0].allowed
    # bits summed over both boards, of the known words BBD and DAC (CBC, CBA played): DAC
    states = two_boards(["bbd", "cba", "cbc", "dac"], ["dab", "aaa"], ["cbc", "cba"])
    assert plain_probe(states) == probe(states) == "dac"
    assert [probe(states[:1]), probe(states[1:])] == [plain_probe(states[:1]), "dac"]
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
    # (estimate_reference, below, works it out in plain Python)
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
    # DBA would split the strings left best, and stays legal in hard mode; of the known
    # words left (BCB, AAD; CCB played), BCB (a string such as BBA is no probe)
    state = game(["bad", "bcb", "ccb", "aad", "aba", "dba"], "abcd", [("ccb", "aba")], hard=True)
    for word in ("aba", "bad", "dba"):
        state = state.refuse(word)
    assert len(state.candidate_rows) == 0
    assert plain_probe([state]) == probe([state]) == "bcb"
    assert probe([state.refuse("bcb")]) == plain_probe([state.refuse("bcb")])


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


# --- _estimated_probe: the probe by the letters' information ---------------------------------


def estimate_reference(states: list[GameState], played: set[str]) -> str:
    """The docstring's choice, in plain Python: of the widest board's words that may be
    suggested, neither refused nor played (and legal in hard mode), the one telling most
    (probe_bits summed over the boards), the first on ties."""
    base = max(states, key=lambda s: len(s.allowed))
    legal = base.legal
    words = base.allowed.words_at(range(len(base.allowed)))
    scores = probe_bits(states, base.allowed.codes)
    pool = [
        (-scores[row], row)
        for row, word in enumerate(words)
        if base.suggestable[row]
        and word not in base.refused | played
        and (legal is None or legal[row])
    ]
    return words[min(pool)[1]]


DET = "abcdñ"


def determined_state() -> GameState:
    """Return a game of 3 letters of A B C D Ñ against ÑAÑ (not a word): BCD none, AAB with
    only the middle A, so Ñ first and last."""
    state = GameState.new(tiny_list(["abc", "bcd", "cda", "dab", "bad"], DET), uniform=True)
    for guess in ("bcd", "aab"):
        state = state.after(guess, reply_for(guess, "ñañ"))
    return state


def test_the_estimated_probe_plays_an_answer_certain_at_every_place_unless_played_or_refused():
    state = determined_state()
    assert _estimated_probe([state], set()) == "ñañ"
    # played, or refused by the game: nothing else fits
    assert _estimated_probe([state], {"ñañ"}) == ""
    assert _estimated_probe([state.refuse("ñañ")], set()) == ""
    # another board still open (its letters unknown): the certain one comes first
    other = GameState.new(state.allowed, uniform=True).after("cda", "y..")
    assert _estimated_probe([other, state], set()) == "ñañ"


def two_fit_state() -> GameState:
    """Return a game of A B C D Ñ where the words' letters make every place look certain
    (ÑAA) but two strings fit the clues, ÑAA and ÑAÑ: ABC y.., BCD ..., DAB .g. (A once
    or more, not first; no B, C, D)."""
    state = GameState.new(tiny_list(["abc", "bcd", "cda", "dab", "bad"], DET), uniform=True)
    for guess, reply in (("abc", "y.."), ("bcd", "..."), ("dab", ".g.")):
        state = state.after(guess, reply)
    return state


def test_the_answer_is_determined_only_when_one_string_fits_not_by_the_words_letters():
    state = two_fit_state()
    fitting_now = [
        "".join(t)
        for t in itertools.product(DET, repeat=3)
        if all(reply_for(g, "".join(t)) == r for g, r in state.history)
    ]
    assert fitting_now == ["ñaa", "ñañ"]  # by brute force: two strings fit
    assert determined(state) == ""
    assert determined(state.refuse("ñaa")) == "ñañ"  # the other refused: one is left
    assert determined(state.refuse("ñaa").refuse("ñañ")) == ""  # both refused: none is left
    assert determined(determined_state()) == "ñañ"


def test_the_estimated_probe_never_plays_as_certain_a_string_the_clues_rule_out():
    # the words' letters at each place say C B C B, but BDBA y... allows one B only
    words = ["abbb", "accb", "acdb", "acdc", "bdba", "cadd", "cbdb", "ccdb", "dabd", "dcbb"]
    state = GameState.new(tiny_list(words, DET), uniform=True)
    for guess in ("bdba", "acdc"):
        state = state.after(guess, reply_for(guess, "cbcñ"))
    assert _one_letter_each(board_tables(state)[0], DET) == "cbcb"
    assert not fits_history("cbcb", state.history)
    assert _estimated_probe([state], set()) != "cbcb"


def test_the_estimated_probe_is_the_word_telling_most_of_the_unknown_letters():
    state = outside_state()
    assert _estimated_probe([state], set()) == estimate_reference([state], set()) == "bight"
    # refused: the next, DOLTS (2.75 bits; BLIMP, a row before it, 2.26)
    refused = state.refuse("bight")
    assert _estimated_probe([refused], set()) == estimate_reference([refused], set()) == "dolts"
    # played (given as played): the same
    assert _estimated_probe([state], {"bight"}) == "dolts"


def test_the_estimated_probe_reads_the_widest_board_and_sums_over_the_boards():
    # board 1 (PLUMB) knows every word but BIGHT and DOLTS; board 2 (GLAMP) all, widened
    fewer = [w for w in WORDS if w not in ("bight", "dolts")]
    plumb = GameState.new(wordlist(fewer), uniform=True)
    for guess in ("crane", "flamy"):
        plumb = plumb.after(guess, reply_for(guess, "plumb"))
    wide = outside_state().widen(wordlist([*WORDS, "glamp"]))
    states = [plumb, wide]
    assert len(wide.allowed) > len(plumb.allowed)
    assert _estimated_probe(states, set()) == estimate_reference(states, set()) == "bight"
    # on board 1's words alone, another
    assert _estimated_probe([plumb, plumb], set()) != "bight"


def test_the_estimated_probe_keeps_hard_mode_and_is_none_when_no_legal_word_is_left():
    state = outside_state(hard=True)
    assert _estimated_probe([state], set()) == "clamp"  # only CLAMP keeps L A M
    # CLAMP refused and FLAMY played: no known word is left, and no string is made up
    assert _estimated_probe([state.refuse("clamp")], set()) == ""


def test_on_the_last_guess_the_estimated_probe_makes_up_no_string():
    state = outside_state(rules=Rules(5, max_guesses=3))
    assert state.on_last_guess
    assert _estimated_probe([state], set()) == ""
    assert _estimated_probe([outside_state(rules=Rules(5, max_guesses=4))], set()) != ""


def test_a_word_telling_nothing_is_not_probed_but_one_telling_under_a_bit_is():
    # NERFY: every letter absent, 0 bits: no probe at all (no string is made up)
    state = outside_state(["crane", "flamy", "nerfy"])
    assert probe_bits([state], state.allowed.codes)[state.allowed.index["nerfy"]] == 0
    assert _estimated_probe([state], set()) == ""
    # NERFS: S last, where one word of five has it (the others P): under a bit, but some
    state = outside_state(["crane", "flamy", "nerfs", "cenrp", "ecnrp", "rcenp", "yernp"])
    scores = probe_bits([state], state.allowed.codes)
    assert 0 < scores.max() < 1
    assert _estimated_probe([state], set()) == estimate_reference([state], set())


# --- determined: the answer when one string alone fits --------------------------------------


def _words(strings, alphabet):
    return WordList(
        pa.array(strings, pa.large_string()),
        pa.array([35] * len(strings), pa.uint8()),
        len(strings[0]),
        freqs=pa.array([3.0] * len(strings), pa.float32()),
        alphabet=alphabet,
    )


def test_the_answer_is_determined_in_the_games_own_letters():
    # a game of three letters, none of them a, b or c: once x and y are gray, only zz is left
    state = GameState.new(_words(["xy", "yx", "zz"], Alphabet("xyz"))).after("xy", "..")
    assert determined(state) == "zz"
    assert determined(GameState.new(_words(["xy", "yx", "zz"], Alphabet("xyz")))) == ""


# --- what a probe may be: a known word of any commonness, no name, no string made up -------


def _marked(words: list[str], letters: str, marks: dict[str, int], suggest=None) -> GameState:
    """Return a game of these words (uniform) with these marks, suggesting `suggest` only."""
    plain = tiny_list(words, letters)
    listed = WordList(
        plain.words,
        plain.levels,
        plain.k,
        freqs=plain.freqs,
        alphabet=plain.alphabet,
        marks=pa.array([marks.get(w, 0) for w in plain.words.to_pylist()], pa.uint8()),
    )
    pool = None if suggest is None else listed.mask_of(suggest)
    return GameState.new(listed, uniform=True, suggest=pool)


def test_a_name_is_never_probed_though_it_splits_best_and_a_rare_word_may_be():
    words = ["cac", "bbd", "cca", "dcb", "add", "cda", "bdc"]
    state = game(words, "abcd", [("add", "dbd")])
    best = probe([state])
    assert best == plain_probe([state]) and best in words
    named = _marked(words, "abcd", {best: NAME})
    named = named.after("add", reply_for("add", "dbd"))
    assert probe([named]) not in ("", best) and probe([named]) == plain_probe([named])
    # the best word though no suggestion (a rare word the lists know): still the probe
    rare = _marked(words, "abcd", {}, suggest=[w for w in words if w != best])
    assert probe([rare.after("add", reply_for("add", "dbd"))]) == best


def test_a_made_up_string_is_played_only_as_the_one_answer_left():
    # AAA against BCD, letters A B C D: A absent, 3 letters a place, 27 strings fit
    state = game(["aaa", "bbb", "ccc", "ddd"], "abcd", [("aaa", "bcd")])
    assert len(strings_that_fit(state, {"aaa"})) == 27
    assert probe([state]) in ("bbb", "ccc", "ddd")  # a known word that splits
    for guess in ("bbb", "ccc"):
        state = state.after(guess, reply_for(guess, "bcd"))
    assert strings_that_fit(state, {"aaa", "bbb", "ccc"}) == ["bcd"]
    assert probe([state]) == "bcd"  # the one answer left, though no word
    assert probe([state.refuse("bcd")]) == ""  # refused: nothing is left to play
