"""The answer model in the game: names possible but never suggested, derived forms at the daily
length, the suggestion pools, the Absurdle host's words, and the languages' marks."""

import json
from dataclasses import replace

import numpy as np
import pyarrow as pa
import pytest
from helpers import invoke, wordlist

from lenwordle.api.setup import ABSURDLE_SHARE, Settings
from lenwordle.engine.state import GameState
from lenwordle.search.adversary import guess_pool
from lenwordle.words.langlists import language_words, opener_pool
from lenwordle.words.languages import language
from lenwordle.words.prior import ANY_FORM_SHARE, DAILY_LENGTH, prior, weights_of
from lenwordle.words.wordlist import (
    DERIVED,
    GUESSED_LEVEL,
    NAME,
    UNSUGGESTED,
    bundled,
    common_mask,
    not_names,
)


def marked(words, marks):
    """Return a list of words (level 35, Zipf 3) with these marks."""
    order = np.argsort(words)  # (the helper sorts the words; its lists have no marks)
    return replace(wordlist(words), marks=pa.array(np.asarray(marks, np.uint8)[order]))


@pytest.mark.parametrize("k", [4, 5, 6, 11])
def test_derived_forms_weigh_less_at_the_daily_length_only(k):
    words = marked(["a" * (k - 1) + "b", "a" * (k - 1) + "c"], [0, DERIVED])
    plain, derived = weights_of(words)
    if k == DAILY_LENGTH:  # a mixture: ANY_FORM_SHARE of a game that does not read DERIVED
        assert derived < plain / 10
        daily, any_form = prior([35], [3.0], [DERIVED])[0], prior([35], [3.0], [0])[0]
        assert derived == pytest.approx((1 - ANY_FORM_SHARE) * daily + ANY_FORM_SHARE * any_form)
        assert plain == pytest.approx(any_form)  # (the two games agree on a base form)
        assert 0 < ANY_FORM_SHARE < 0.1
    else:
        assert derived == plain


@pytest.mark.parametrize("k", [4, 5, 6, 11])
def test_a_game_of_any_form_weighs_a_derived_form_as_its_base_at_every_length(k):
    words = marked(["a" * (k - 1) + "b", "a" * (k - 1) + "c"], [0, DERIVED])
    plain, derived = weights_of(words, "any")
    assert derived == plain == pytest.approx(prior([35], [3.0], [0])[0])
    if k != DAILY_LENGTH:  # (elsewhere the daily game reads DERIVED at no length either)
        assert weights_of(words, "any").tolist() == weights_of(words, "daily").tolist()


def test_answers_like_any_reaches_the_state_its_widening_and_the_command_line():
    from lenwordle.engine.rules import OptionError

    daily, any_form = Settings(5).state(), Settings(5, answers_like="any").state()
    row = daily.answers.row("coxed")  # a past tense the daily game holds near zero
    assert any_form.weights[row] > 10 * daily.weights[row]
    assert any_form.answers_like == "any"
    wide = any_form.widen(any_form.answers)
    assert wide.weights.tolist() == any_form.weights.tolist()  # (its prior kept)
    with pytest.raises(OptionError, match="must be one of daily, any, dictionary, not 'some'"):
        Settings(5, answers_like="some")
    result = invoke("solve", "coxed", "--answers-like", "any", "--json")
    assert result.returncode == 0 and json.loads(result.stdout)["solved"]
    wrong = invoke("solve", "coxed", "--answers-like", "some")
    assert wrong.returncode == 2
    assert "--answers-like must be one of daily, any, dictionary, not 'some'" in wrong.stderr


def test_names_are_possible_answers_never_suggested():
    words = bundled(5)
    marks = words.mark_array()
    names = marks & NAME != 0
    assert names.sum() > 3000  # koran, quran, petri, capri, paris...
    common, every = common_mask(words), not_names(words)
    assert not (common & names).any() and not (every & names).any()
    assert every[~names].all()
    state = Settings(5).state()
    koran = state.answers.index["koran"]
    assert state.mask[koran] and 0 < state.weights[koran] < 0.1
    assert not state.suggestable[state.answer_rows[koran]]
    assert not Settings(5, guesses="all").state().suggestable[state.answer_rows[koran]]


@pytest.mark.parametrize("word", ["koran", "quran", "petri", "capri"])
def test_a_word_the_dictionaries_capitalize_is_found(word):
    result = invoke("solve", word, "--json")
    assert result.returncode == 0, result.stderr
    assert f'"answer": "{word}"' in result.stdout and '"solved": true' in result.stdout


def test_roman_numerals_are_never_possible_and_three_greys_suggest_a_word():
    result = invoke("play", input_text="tares .....\ncould .....\nnymph .....\nlist\n")
    shown = result.stdout.upper()
    for numeral in ("XVIII", "XXIII", "XXVII", "XXXVI", "XXXII", "XXXIV", "XXXIX"):
        assert numeral not in shown


def test_likeliest_keeps_the_fewest_words_that_reach_the_share_exactly_at_and_past_it():
    words = wordlist(["aaaaa", "bbbbb", "ccccc", "ddddd"], [10, 35, 50, 60])
    state = GameState.new(words)
    weights = state.weights / state.weights.sum()
    order = np.argsort(-weights)
    at = weights[order[0]] + weights[order[1]]  # two words carry exactly this share
    assert len(state.likeliest(at).candidate_rows) == 2
    assert len(state.likeliest(at + 1e-9).candidate_rows) == 3
    assert len(state.likeliest(1.0).candidate_rows) == 4
    assert len(state.likeliest(0.0).candidate_rows) == 1
    kept = state.likeliest(at).candidate_words()
    assert set(kept) == {
        state.answers.words_at([order[0]])[0],
        state.answers.words_at([order[1]])[0],
    }


def test_the_absurdle_host_keeps_the_likely_words_and_the_solver_guesses_real_words():
    settings = Settings(5, absurdle=True)
    state = settings.state()
    every = Settings(5).state()
    share = every.weights[state.candidate_rows].sum() / every.weights.sum()
    assert ABSURDLE_SHARE <= share < ABSURDLE_SHARE + 0.01
    assert 2000 < len(state.candidate_rows) < 5000  # the real game's list holds 2 315
    pool = guess_pool(state)
    names = pool[state.allowed.mark_array()[pool] & NAME != 0]
    candidates = state.answer_rows[state.candidate_rows]
    assert np.isin(names, candidates).all()  # a name is guessed only as a possible answer
    assert np.isin(candidates, pool).all()  # (the last word left can be guessed)
    result = invoke("solve", "--absurdle", "--json")
    assert result.returncode == 0
    played = [g["word"] for g in json.loads(result.stdout)["guesses"]]
    marks = dict(zip(state.allowed.strings, state.allowed.mark_array()))
    assert played and all(marks[w] & NAME == 0 for w in played)
    levels = dict(zip(state.allowed.strings, state.allowed.level_array()))
    assert levels[played[-1]] <= 60  # the host is left with a word a game would pick


@pytest.mark.parametrize(
    "code, k, names, derived, bases",
    [
        ("es", 6, ["madrid"], ["perros", "cantan"], ["cantar", "ciudad"]),
        ("es", 5, [], ["casas", "niños"], ["perro", "árbol"]),
        ("ru", 6, ["москва"], ["книгой"], ["машина"]),
        ("tr", 6, ["ankara"], ["evleri"], ["bilgin"]),
    ],
)
def test_the_languages_mark_names_and_derived_forms(code, k, names, derived, bases):
    words = language_words(language(code), k)
    marks = dict(zip(words.strings, words.mark_array()))
    display = {words.spelling(w): w for w in words.strings}
    for word in names:
        assert marks[display[word]] & NAME, word
    for word in derived:
        assert marks[display[word]] & DERIVED and not marks[display[word]] & NAME, word
    for word in bases:
        assert marks[display[word]] & (NAME | DERIVED) == 0, word
    assert all(m & GUESSED_LEVEL for m in marks.values())


@pytest.mark.parametrize("code", ["es", "ru", "tr"])
def test_a_language_suggests_and_opens_with_base_forms_only(code):
    words = language_words(language(code), 5)
    marks = words.mark_array()
    base = marks & (UNSUGGESTED | DERIVED) == 0  # (neither a name nor a word OUTSIDE)
    assert not (common_mask(words) & ~base).any()
    pool = opener_pool(words)
    assert pool.sum() == 1000 and not (pool & ~base).any()
    zipf = words.zipf_array()
    assert zipf[pool].min() >= zipf[base & ~pool & (words.level_array() < 100)].max()


def test_a_union_keeps_name_and_derived_where_both_lists_say_so_and_a_guessed_level_always():
    mine = marked(["crane", "slate", "about"], [NAME | GUESSED_LEVEL, DERIVED, NAME | DERIVED])
    theirs = marked(["crane", "trace", "about"], [0, GUESSED_LEVEL, NAME])
    joined = mine.union(theirs)
    assert dict(zip(joined.strings, joined.mark_array().tolist())) == {
        "about": NAME,  # a name in both, derived in one
        "crane": GUESSED_LEVEL,  # a name in one only: a word; the level guessed in one
        "slate": DERIVED,
        "trace": GUESSED_LEVEL,
    }
    plain = wordlist(["crane"]).union(wordlist(["slate"]))
    assert plain.marks is None and (plain.mark_array() == 0).all()


def test_several_boards_suggest_a_name_only_among_a_boards_likeliest_candidates():
    from lenwordle.strategies.joint import LIKELY_NAMES, may_solve

    # 12 candidates: 11 names and 1 word, the names likelier the earlier in the alphabet
    words = [c * 5 for c in "abcdefghijkl"]
    state = GameState.new(marked(words, [NAME] * 11 + [0]))
    weights = np.linspace(2.0, 1.0, len(words))  # aaaaa likeliest
    state = replace(state, weights=weights)
    chance = np.zeros(len(state.allowed))
    chance[state.answer_rows] = weights / weights.sum()
    joins = may_solve(state, [state], chance)
    assert LIKELY_NAMES == 10
    assert [w for w, j in zip(state.allowed.strings, joins) if j] == words[:10] + ["lllll"]
    chance[state.answer_rows[0]] = 0.0  # a word that cannot be the answer never joins
    assert not may_solve(state, [state], chance)[state.answer_rows[0]]


@pytest.mark.parametrize("code", ["es", "ru", "tr"])
def test_a_languages_possible_answers_do_not_join_its_guess_pool(code):
    state = Settings(5, lang=code).state()
    marks = state.allowed.mark_array()
    assert (state.suggestable == common_mask(state.allowed)).all()
    assert not (state.suggestable & (marks & (NAME | DERIVED) != 0)).any()
    answers = np.zeros(len(state.allowed), bool)
    answers[state.answer_rows[state.candidate_rows]] = True
    assert (answers & ~state.suggestable).sum() > 1000  # possible, yet not suggested
    english = Settings(5, answers=None).state()  # (English: the answers are the allowed words)
    assert (english.suggestable == common_mask(english.allowed)).all()
