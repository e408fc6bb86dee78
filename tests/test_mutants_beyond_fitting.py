"""Tests written to kill mutants of lenwordle/engine (beyond.py, fitting.py, boards.py,
constraints.py) that survived the mutation run (benchmarks/mutation.py;
docs/reliability.md#mutation-testing). Past the dictionary: the strings of letters that fit
the clues, how they are sampled, and the probe by the letters' information. Expectations
come from the reference scorer (reply_for), brute force over tiny alphabets, plain Python
written from the docstrings, or are worked by hand, never from the code under test."""

import itertools
from collections import Counter

import numpy as np
from helpers import wordlist

from lenwordle.engine.beyond import (
    _estimated_probe,
    _fitting_now,
    _one_letter_each,
    _scores,
    _string_tables,
    board_tables,
    determined,
    probe_scores,
)
from lenwordle.engine.boards import Boards
from lenwordle.engine.constraints import Clues, clues, fitting_string
from lenwordle.engine.feedback import reply_for
from lenwordle.engine.fitting import _Table, fitting
from lenwordle.engine.rules import Rules
from lenwordle.engine.state import GameState
from lenwordle.words.alphabet import AZ
from lenwordle.words.letters import encode_word
from lenwordle.words.wordlist import WordList

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


# --- _scores: the bits a word tells, a table lookup per place -------------------------------


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
    assert np.allclose(_scores(tables, codes), plain_scores(tables, words))
    # one board alone: its own sum (not the other's)
    assert np.allclose(_scores(tables[1:], codes), plain_scores(tables[1:], words))


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


def test_the_string_played_now_takes_the_likeliest_letters_ties_alphabetically():
    state = outside_state()  # _ L A M _, no C E F N R Y
    # place 1, among the words' letters there not absent: B 3 of 13 (bight blimp buxom),
    # the likeliest; place 5: P (clamp blimp) and T (bight gloat) 2 of 12 each: P first
    assert _fitting_now([state], set()) == "blamp"
    # BLAMP refused: the next at place 5, T
    assert _fitting_now([state.refuse("blamp")], set()) == "blamt"
    # both played: then the letters there once each, alphabetically first B (plumb)
    assert _fitting_now([state], {"blamp", "blamt"}) == "blamb"


# --- _fill: the game's letters, not a-z ------------------------------------------------------


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


# --- Boards.widen ----------------------------------------------------------------------------


def test_widening_boards_widens_the_open_board_without_a_candidate_and_no_other():
    small = wordlist(WORDS)
    everything = wordlist([*WORDS, "glamp"])
    boards = Boards.new(GameState.new(small, uniform=True), Rules(5, boards=3))
    for guess in ("crane", "flamy"):  # GLAMP (not a word here), PLUMB, and FLAMY solved
        replies = [reply_for(guess, a) for a in ("glamp", "plumb", "flamy")]
        boards = boards.after(guess, replies[: len(boards.open_boards())])
    assert boards.counts() == [0, 2, None]
    wide = boards.widen(everything)
    history = boards.states[0].history
    assert wide.states[0].candidate_words() == [
        w for w in everything.strings if fits_history(w, history)
    ]  # GLAMP
    assert wide.states[1] is boards.states[1]  # it has candidates: as it was
    assert wide.states[2] is boards.states[2]  # solved
    assert wide.history == boards.history


# --- _Table.sample: in proportion, reproducibly -----------------------------------------------

# A once and no more, not first nor second; B, not third; C fourth; no E. Tracked by count:
# A (one more: no string) and B; C and D anywhere else
SAMPLED = (("aabce", reply_for("aabce", "bdacb")),)


def brute_sampled() -> list[str]:
    return [
        w for w in map("".join, itertools.product("abcde", repeat=5)) if fits_history(w, SAMPLED)
    ]


def test_samples_are_strings_that_fit_each_about_equally_often():
    letters, expected = "abcde", brute_sampled()
    assert SAMPLED[0][1] == "y.yg." and len(expected) == 29
    n = 60 * len(expected)
    table = _Table(clues(SAMPLED, 5), letters)
    assert table.count == len(expected)
    drawn = Counter("".join(letters[j] for j in row) for row in table.sample(n, seed=3))
    assert set(drawn) <= set(expected)  # never a string that does not fit
    # each of the strings that fit about n / count times (60, sd under 8)
    assert set(drawn) == set(expected)
    assert max(abs(c - 60) for c in drawn.values()) < 35


class Edge:
    """A generator whose draws are all exactly `value` (rng.random() is in [0, 1))."""

    def __init__(self, value: float):
        self.value = value

    def random(self, n: int) -> np.ndarray:
        return np.full(n, self.value)


def test_a_draw_of_exactly_zero_or_just_under_one_still_gives_a_string_that_fits(monkeypatch):
    table = _Table(clues(SAMPLED, 5), "abcde")
    # the choices at a place: the letters untracked (C D) then the tracked (A B); a draw
    # of 0 takes the first that some string completes, just under 1 the last
    for value, string in ((0.0, "ccacb"), (1 - 2**-53, "bbacb")):
        assert string in brute_sampled()
        monkeypatch.setattr(np.random, "default_rng", lambda seed, value=value: Edge(value))
        drawn = ["".join("abcde"[j] for j in row) for row in table.sample(3)]
        assert drawn == [string] * 3


def test_a_sample_is_drawn_again_the_same_with_the_same_seed():
    c = clues((), 6)
    a, b = fitting(c, "abcd", 20, seed=5), fitting(c, "abcd", 20, seed=5)
    assert not a.complete and np.array_equal(a.strings, b.strings)
    assert not np.array_equal(a.strings, fitting(c, "abcd", 20, seed=6).strings)
    # the table's own default draw is fitting's default one
    assert np.array_equal(_Table(c, "abcd").sample(20), fitting(c, "abcd", 20).strings)


# --- _estimated_probe: the probe by the letters' information ---------------------------------


def estimate_reference(states: list[GameState], played: set[str]) -> str:
    """The docstring's choice, in plain Python: of the widest board's words that may be
    suggested, neither refused nor played (and legal in hard mode), the one telling most
    (probe_scores summed over the boards), the first on ties."""
    base = max(states, key=lambda s: len(s.allowed))
    legal = base.legal
    words = base.allowed.words_at(range(len(base.allowed)))
    scores = probe_scores(states, base.allowed.codes)
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


def test_the_estimated_probe_keeps_hard_mode_and_fits_when_no_legal_word_is_left():
    state = outside_state(hard=True)
    assert _estimated_probe([state], set()) == "clamp"  # only CLAMP keeps L A M
    # CLAMP refused and FLAMY played: a string that fits (the likeliest letters)
    assert _estimated_probe([state.refuse("clamp")], set()) == "blamp"


def test_on_the_last_guess_the_estimated_probe_is_a_string_that_fits():
    state = outside_state(rules=Rules(5, max_guesses=3))
    assert state.on_last_guess
    assert _estimated_probe([state], set()) == "blamp"


def test_a_word_telling_nothing_is_not_probed_but_one_telling_under_a_bit_is():
    # NERFY: every letter absent, 0 bits: a string that fits instead
    state = outside_state(["crane", "flamy", "nerfy"])
    assert probe_scores([state], state.allowed.codes)[state.allowed.index["nerfy"]] == 0
    word = _estimated_probe([state], set())
    assert word != "nerfy" and fits_history(word, state.history)
    # NERFS: S last, where one word of five has it (the others P): under a bit, but some
    state = outside_state(["crane", "flamy", "nerfs", "cenrp", "ecnrp", "rcenp", "yernp"])
    scores = probe_scores([state], state.allowed.codes)
    assert 0 < scores.max() < 1
    assert _estimated_probe([state], set()) == estimate_reference([state], set())
