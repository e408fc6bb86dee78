"""The game's state (engine/state.py), its rules (engine/rules.py) and several boards at once
(engine/boards.py): the lists a game is made of, the weights, the feedback no string could
give, the letter shown first (Sutom), hard mode's hints and its verdicts in the language's
capitals, widening to a larger list, the rules' own checks, and boards that share turns and
refusals. Lists are made up here; expectations are worked by hand or come from the reference
scorer (reply_for) and the pure-Python hard-mode check."""

import re

import numpy as np
import pyarrow as pa
import pytest
from helpers import wordlist

from lenwordle.engine.boards import Boards
from lenwordle.engine.feedback import reply_for
from lenwordle.engine.hard_mode import HardModeViolation, hard_mode_mask, hard_mode_problem
from lenwordle.engine.rules import Rules
from lenwordle.engine.state import GameState, ImpossibleFeedback
from lenwordle.words.alphabet import Alphabet
from lenwordle.words.langlists import language_words
from lenwordle.words.languages import language
from lenwordle.words.wordlist import WordList

# --- GameState ---------------------------------------------------------------------------


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


def test_the_likeliest_of_no_candidates_is_no_candidate():
    state = GameState.new(wordlist(["crane", "slate", "trace"]))
    empty = state.excluding(wordlist(["crane", "slate", "trace"]))
    assert len(empty.likeliest(0.5).candidate_rows) == 0


def test_in_hard_mode_only_legal_words_of_the_pool_or_those_added_are_guessable():
    words = ["crane", "crate", "slate", "trace"]  # sorted: rows 0..3
    pool = np.array([True, False, True, True])  # crate is legal later but not in the pool
    state = GameState.new(wordlist(words), hard=True, suggest=pool)
    after = state.after("slate", "..ggg")  # hard: _ _ a t e (crate, not crane nor trace)
    assert after.legal.tolist() == [False, True, True, False]
    assert after.guessable(np.array([], np.int64)).tolist() == [False, False, True, False]
    assert after.guessable(np.array([1])).tolist() == [False, True, True, False]


def test_hard_mode_asks_for_every_green_of_a_turn():
    words = ["abcde", "axcde", "xbcde", "abxde", "edcba"]
    codes = np.array([[ord(c) - ord("a") for c in w] for w in words], np.uint8)
    # greens at positions 0, 1 and 2 (a, b, c): only abcde keeps all three in place
    mask = hard_mode_mask(codes, (("abcxx", "ggg.."),))
    assert mask.tolist() == [True, False, False, False, False]


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


# --- rules ------------------------------------------------------------------------------


def test_the_rules_say_what_is_wrong_with_them():
    with pytest.raises(ValueError, match=r"^--boards must be at least 1, not 0$"):
        Rules(boards=0)
    said = "--max-guesses must be at least 2, not 1: each board needs a guess of its own"
    with pytest.raises(ValueError, match=f"^{re.escape(said)}$"):
        Rules(boards=2, max_guesses=1)
    said = (
        "--hard is for one board: the hints of several boards soon leave no word "
        "that uses them all"
    )
    with pytest.raises(ValueError, match=f"^{re.escape(said)}$"):
        Rules(boards=2, hard=True)


# --- Boards ------------------------------------------------------------------------------

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


def test_new_boards_share_the_turns_and_refusals_of_the_game_so_far():
    state = GameState.new(wordlist(["crane", "slate", "trace"])).after("slate", "..ggg")
    state = state.refuse("brace")
    boards = Boards.new(state, Rules(boards=2))
    assert boards.history == (("slate", ("..ggg", "..ggg")),)
    assert boards.refused == frozenset({"brace"})


def test_impossible_feedback_names_its_board_only_when_there_are_several():
    state = GameState.new(wordlist(["crane", "slate", "trace"]))
    # c green, then gray in the same place: no string of letters gives both
    one = Boards.new(state, Rules(boards=1)).after("crane", ["g...."])
    with pytest.raises(ImpossibleFeedback) as error:
        one.after("crane", ["....."])
    assert not str(error.value).startswith("board")
    two = Boards.new(state, Rules(boards=2)).after("crane", [".....", "g...."])
    with pytest.raises(ImpossibleFeedback, match=r"^board 2: "):
        two.after("crane", [".....", "....."])


WORDS = [
    "crane", "flamy", "slate", "bight", "pudgy", "whisk", "clamp", "dolts",
    "gloat", "ghoul", "plumb", "oxbow", "blimp", "twang", "buxom", "kudzu",
]  # fmt: skip


def fits_history(word: str, history) -> bool:
    return all(reply_for(guess, word) == reply for guess, reply in history)


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
