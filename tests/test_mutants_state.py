"""Quick tests of lenwordle/engine/state.py written to kill mutants that survived the mutation
run (benchmarks/mutation.py; docs/reliability.md#mutation-testing), which runs against a
mutant only its quickest tests. Lists are made up here; expectations are worked by hand."""

import numpy as np
import pyarrow as pa
import pytest
from helpers import wordlist

from lenwordle.engine.boards import Boards
from lenwordle.engine.rules import Rules
from lenwordle.engine.state import GameState, HardModeViolation, ImpossibleFeedback
from lenwordle.words.alphabet import Alphabet
from lenwordle.words.languages import language
from lenwordle.words.wordlist import WordList


def test_rules_of_another_length_than_the_words_are_refused_naming_both():
    with pytest.raises(ValueError) as error:
        GameState.new(wordlist(["crane", "slate"]), rules=Rules(6))
    assert str(error.value) == "rules for 6 letters, words of 5"


def test_answers_apart_from_the_allowed_words_join_them_and_the_guess_pool():
    allowed = wordlist(["crane", "slate", "trace"])
    answers = wordlist(["crane", "zesty"])
    # the pool as 0 and 1 (read as true and false, not as rows): slate is left out
    state = GameState.new(allowed, answers, suggest=[1, 0, 1])
    assert state.allowed.strings == ["crane", "slate", "trace", "zesty"]
    assert state.suggestable.tolist() == [True, False, True, True]
    assert np.array(state.allowed.strings)[state.suggestable].tolist() == [
        "crane",
        "trace",
        "zesty",
    ]  # a mask, as the engine reads it
    assert state.answers is answers
    assert state.allowed.words_at(state.answer_rows) == ["crane", "zesty"]
    assert state.candidate_words() == ["crane", "zesty"]


def test_answers_among_the_allowed_words_join_the_pool_and_leave_the_list_as_it_is():
    # crane, the first allowed word (row 0), is an answer the pool left out; the answers
    # give it another frequency, which the allowed list does not take
    allowed = wordlist(["crane", "slate", "trace"], zipf=[3.0, 4.0, 5.0])
    answers = wordlist(["crane", "trace"], zipf=[6.0, 5.0])
    state = GameState.new(allowed, answers, suggest=np.array([False, True, False]))
    assert state.allowed.strings == ["crane", "slate", "trace"]
    assert state.allowed.zipf_array().tolist() == [3.0, 4.0, 5.0]
    assert state.suggestable.tolist() == [True, True, True]
    assert state.allowed.words_at(state.answer_rows) == ["crane", "trace"]


def test_uniform_weighs_every_answer_alike_whatever_its_level_and_frequency():
    words = wordlist(["crane", "slate", "trace"], levels=[10, 35, 70], zipf=[5.0, 3.0, 1.0])
    uniform = GameState.new(words, uniform=True)
    assert uniform.weights.tolist() == [1.0, 1.0, 1.0]
    # by the prior, the common word weighs more than the rare one
    by_prior = GameState.new(words)
    assert by_prior.weights[0] > by_prior.weights[2]


def test_a_sutom_guess_that_begins_with_the_letter_shown_must_get_it_green():
    state = GameState.new(wordlist(["crane", "chomp", "slate"])).with_first_letter("c")
    for reply in ("y....", ".gggg", "....."):
        with pytest.raises(ImpossibleFeedback) as error:
            state.after("crane", reply)
        assert str(error.value) == "CRANE begins with the letter shown, C: it is green"
    # green, it is taken; a guess of another first letter needs no green
    assert state.after("crane", "g....").candidate_words() == ["chomp"]
    assert state.after("slate", ".....").candidate_words() == ["chomp"]


def test_feedback_no_string_could_give_says_so_and_whether_after_earlier_feedback():
    state = GameState.new(wordlist(["crane", "slate"]))
    with pytest.raises(ImpossibleFeedback) as error:
        state.after("aaaaa", "y....")  # one a, and in none of the five places
    assert str(error.value) == "no word can give y.... for AAAAA"
    later = state.after("slate", ".....")
    with pytest.raises(ImpossibleFeedback) as error:
        later.after("crane", "y.g..")  # a is gray in slate
    assert str(error.value) == "no word can give y.g.. for CRANE after the earlier feedback"


def test_feedback_is_impossible_when_no_string_of_the_games_own_letters_fits():
    # a game of three letters: once a, b and c are all gray, no string is left, although
    # strings of other letters (d, say) would give the same replies
    abc = Alphabet("abc")
    words = WordList(
        pa.array(["ab", "ba", "cc"], pa.large_string()),
        pa.array([35, 35, 35], pa.uint8()),
        2,
        freqs=pa.array([3.0, 3.0, 3.0], pa.float32()),
        alphabet=abc,
    )
    state = GameState.new(words).after("ab", "..")
    assert state.candidate_words() == ["cc"]
    with pytest.raises(ImpossibleFeedback):
        state.after("cc", "..")


def test_widening_keeps_every_guess_that_was_suggested_before():
    small = wordlist(["crane", "slate", "trace"])
    everything = wordlist(["chomp", "crane", "craze", "slate", "trace", "zesty"])
    # trace against crane: r, a, e green, c elsewhere, no t
    state = GameState.new(small).after("trace", ".ggyg")
    assert state.candidate_words() == ["crane"]
    wide = state.widen(everything)
    assert wide.candidate_words() == ["crane", "craze"]
    # slate and trace no longer fit, but they stay guesses to suggest, as before the widening
    suggested = np.array(wide.allowed.strings)[wide.suggestable].tolist()
    assert suggested == ["crane", "craze", "slate", "trace"]


def test_a_guess_outside_the_list_is_judged_by_the_hints_in_hard_mode_and_free_otherwise():
    words = wordlist(["crane", "slate", "trace"])
    assert GameState.new(words, hard=True).is_legal("zzzzz")  # no hint yet
    hard = GameState.new(words, hard=True).after("trace", ".ggyg")
    assert hard.legal is not None  # the allowed words' verdicts, read from the mask
    assert hard.is_legal("crane") and not hard.is_legal("slate")
    # words outside the list are judged by the hints themselves: r, a, e in place, and a c
    assert hard.is_legal("craze") and hard.is_legal("brace")
    assert not hard.is_legal("brave") and not hard.is_legal("zzzzz")
    easy = GameState.new(words).after("trace", ".ggyg")
    assert easy.is_legal("slate") and easy.is_legal("brave") and easy.is_legal("zzzzz")


def test_a_hard_mode_violation_writes_the_letter_in_the_languages_capitals():
    tr = language("tr").alphabet()
    words = WordList(
        pa.array(["bilge", "kalem"], pa.large_string()),
        pa.array([35, 35], pa.uint8()),
        5,
        freqs=pa.array([3.0, 3.0], pa.float32()),
        alphabet=tr,
    )
    state = GameState.new(words, hard=True).after("bilge", ".g...")  # i green
    with pytest.raises(HardModeViolation) as error:
        state.after("kalem", ".....")
    assert str(error.value) == "letter 2 must be İ"  # Turkish: the capital of i is dotted


FIVE = ["chomp", "crane", "fizzy", "slate", "trace"]


def test_the_most_urgent_board_is_the_one_with_fewest_candidates_but_some():
    boards = Boards.new(GameState.new(wordlist(FIVE)), Rules(5, boards=2))
    # board 1: an f, but not first: no word of the list (its answer is outside it);
    # board 2: none of f, i, z, y: chomp, crane, slate and trace
    boards = boards.after("fizzy", ["y....", "....."])
    assert boards.counts() == [0, 4]
    assert boards.most_urgent() is boards.states[1]


def test_a_refused_word_leaves_every_open_board_and_no_solved_one():
    boards = Boards.new(GameState.new(wordlist(FIVE)), Rules(5, boards=2))
    boards = boards.after("chomp", ["ggggg", "....."])  # board 1 solved; 2: fizzy, slate
    refused = boards.refuse("slate")
    assert refused.refused == frozenset({"slate"})
    assert refused.states[0].refused == frozenset()  # solved: as it was
    assert refused.states[1].refused == frozenset({"slate"})
    assert refused.counts() == [None, 1]
