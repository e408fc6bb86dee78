"""SUTOM's --first-letter everywhere: an answer that does not begin with it (solve, review,
bench, several boards), the letter folded by the language's rule (Turkish I is ı), Absurdle's
guesses, the widened candidates and the guess past the dictionary."""

from dataclasses import replace

import pytest
from helpers import one_line_error, run_in_process

from lenwordle.api.setup import Settings
from lenwordle.engine.beyond import probe
from lenwordle.engine.constraints import clues, fits_clues, fitting_string
from lenwordle.engine.feedback import reply_for
from lenwordle.words.alphabet import AZ
from lenwordle.words.languages import LANGUAGES

# (language, an answer of 6 letters as typed, the letter it begins with, another letter)
ANSWERS = [
    ("es", "acción", "Á", "C"),  # the accent folds: Á is a
    ("ru", "мастер", "М", "Б"),
    ("tr", "ılımlı", "I", "İ"),  # Turkish: I is ı, İ is i
    ("tr", "içeren", "İ", "I"),
]


@pytest.mark.parametrize(("lang", "answer", "letter", "other"), ANSWERS)
def test_solve_plays_an_answer_that_begins_with_the_letter_and_refuses_one_that_does_not(
    lang, answer, letter, other
):
    ok = run_in_process("solve", answer, "--lang", lang, "--first-letter", letter)
    assert ok.returncode == 0, ok.stderr
    settings = Settings(6, lang=lang, first_letter=letter)
    first = settings.letter
    guesses = [line.split()[0] for line in ok.stdout.splitlines()[:-1]]
    assert guesses and all(settings.alphabet().fold(g).startswith(first) for g in guesses)
    error = one_line_error(
        run_in_process("solve", answer, "--lang", lang, "--first-letter", other)
    )
    shown = settings.alphabet().upper(Settings(6, lang=lang).alphabet().fold(answer))
    assert f"{shown} does not begin with {Settings(6, lang=lang).alphabet().upper(other)}" in error


def test_the_issues_planet_against_q_is_one_line_not_an_internal_error():
    error = one_line_error(run_in_process("solve", "planet", "--first-letter", "Q"))
    assert error == "error: PLANET does not begin with Q: the game shows the answer's first letter"


@pytest.mark.parametrize(
    ("lang", "letter", "first"),
    [("tr", "I", "ı"), ("tr", "ı", "ı"), ("tr", "İ", "i"), ("tr", "i", "i"), ("es", "Á", "a")],
)
def test_the_first_letter_folds_by_the_languages_rule(lang, letter, first):
    state = Settings(6, lang=lang, first_letter=letter).state()
    words = state.candidate_words()
    assert words and all(word[0] == first for word in words)
    # every word of the answers that begins with it, counted apart from the engine
    assert len(words) == sum(word[0] == first for word in state.answers.strings)


def test_several_boards_refuse_the_board_whose_answer_does_not_begin_with_the_letter():
    args = ("solve", "--boards", "2", "--lang", "ru", "--first-letter", "м")
    assert run_in_process(*args, "мастер", "максим").returncode == 0
    error = one_line_error(run_in_process(*args, "мастер", "белого"))
    assert "БЕЛОГО does not begin with М" in error


def test_review_refuses_an_answer_that_does_not_begin_with_the_letter():
    args = ("--lang", "tr", "--first-letter", "ş")
    assert run_in_process("review", "şeyler", "şehrin", "şeyler", *args).returncode == 0
    error = one_line_error(run_in_process("review", "ılımlı", "ışıklı", "ılımlı", *args))
    assert "ILIMLI does not begin with Ş" in error


def test_bench_plays_only_the_targets_that_begin_with_the_letter(tmp_path):
    targets = tmp_path / "targets.txt"
    targets.write_text("abrazo\ncabeza\nabuela\n")
    args = ("bench", "--lang", "es", "-k", "6", "--targets", str(targets), "--workers", "1")
    result = run_in_process(*args, "--first-letter", "a")
    assert result.returncode == 0, result.stderr
    assert "games 2 " in result.stdout  # abrazo, abuela
    assert "1 of the 3 --targets does not begin with A (--first-letter): not played" in (
        result.stderr
    )
    result = run_in_process(*args, "--first-letter", "c")
    assert "games 1 " in result.stdout and "2 of the 3 --targets do not begin with C" in (
        result.stderr
    )
    error = one_line_error(run_in_process(*args, "--first-letter", "b"))
    assert "none of the --targets begins with B" in error


@pytest.mark.parametrize(("lang", "letter"), [("en", "P"), ("ru", "М"), ("tr", "Ş")])
def test_absurdle_guesses_begin_with_the_letter(lang, letter):
    result = run_in_process(
        "solve", "--absurdle", "-k", "6", "--lang", lang, "--first-letter", letter
    )
    assert result.returncode == 0, result.stderr
    settings = Settings(6, lang=lang, first_letter=letter)
    guesses = [line.split()[0] for line in result.stdout.splitlines()[:-1]]
    assert guesses and all(settings.alphabet().fold(g)[0] == settings.letter for g in guesses)


@pytest.mark.parametrize(
    ("lang", "letter", "guess"),
    [("es", "a", "pinche"), ("ru", "м", "белого"), ("tr", "ş", "ılımlı")],
)
def test_widening_keeps_only_the_words_that_begin_with_the_letter(lang, letter, guess):
    settings = Settings(6, lang=lang, first_letter=letter)
    state = settings.state()
    # a guess typed that does not begin with the letter: its first mark is not green, so
    # words of other first letters fit its feedback too
    state = state.after(guess, "." * 6)
    everything = settings.allowed()
    wide = state.widen(everything)
    words = wide.candidate_words()
    fitting = [
        w for w in everything.strings if w[0] == settings.letter and not set(w) & set(guess)
    ]
    assert words and sorted(words) == sorted(fitting)


def two_strings_state(lang: str, letter: str, a: str, refuse_all=True, max_guesses=None):
    """Return a SUTOM state of 6 letters past the dictionary where only a and b (a with its
    2nd and 5th letters swapped) fit, every known word refused (none is left to tell
    anything) unless not refuse_all; and b."""
    filler = {"es": "e", "ru": "а", "tr": "e"}[lang]  # a letter a lacks
    one = a[0] + filler + a[1] + a[4] + filler + a[5]  # a's 2nd and 5th letters elsewhere
    two = a[0] + filler + a[2] + a[3] + filler + a[5]  # a's 1st, 3rd, 4th and 6th in place
    b = a[0] + a[4] + a[2] + a[3] + a[1] + a[5]
    state = Settings(6, lang=lang, first_letter=letter, max_guesses=max_guesses).state()
    for guess in (one, two):
        assert reply_for(guess, a) == reply_for(guess, b)
        state = state.after(guess, reply_for(guess, a))
    return (replace(state, refused=frozenset(state.allowed.strings)) if refuse_all else state), b


@pytest.mark.parametrize(
    ("lang", "letter", "a"), [("es", "P", "pxqzvw"), ("ru", "М", "мщшъюэ"), ("tr", "Ş", "şğüçöj")]
)
def test_past_the_dictionary_sutom_makes_up_a_string_only_as_the_one_answer_left(lang, letter, a):
    state, b = two_strings_state(lang, letter, a)
    assert not len(state.candidate_rows)
    assert probe([state]) == ""  # two strings fit, no known word is left: none made up
    assert probe([state.refuse(a)]) == b  # one refused: the other is the one answer left
    assert probe([state.refuse(b)]) == a
    assert probe([state.refuse(a).refuse(b)]) == ""  # both refused: no string fits


@pytest.mark.parametrize(
    ("lang", "letter", "a"), [("es", "P", "pxqzvw"), ("ru", "М", "мщшъюэ"), ("tr", "Ş", "şğüçöj")]
)
def test_past_the_dictionary_the_probe_is_a_known_word_of_the_letter_that_tells_the_two_apart(
    lang, letter, a
):
    free, b = two_strings_state(lang, letter, a, refuse_all=False)
    word = probe([free])
    first = LANGUAGES[lang].alphabet().fold(letter)
    assert word in free.allowed and word[0] == first and word not in (a, b)
    assert reply_for(word, a) != reply_for(word, b)
    before, _ = two_strings_state(lang, letter, a, refuse_all=False, max_guesses=4)
    assert not before.on_last_guess and probe([before]) == word  # as with no limit
    # the last guess allowed: only a word that may win; no known word fits, none is made up
    last, _ = two_strings_state(lang, letter, a, refuse_all=False, max_guesses=3)
    assert last.on_last_guess and probe([last]) == ""


def test_the_probe_keeps_the_first_letter_a_sutom_board_shows_and_makes_up_nothing():
    # no turn has placed the first letter: the state's letter shown does
    state = Settings(6, lang="ru", first_letter="м").state().after("белого", "......")
    suggested = probe([state])
    assert suggested in state.allowed and suggested.startswith("м")
    assert not set(suggested) & set("белого")
    assert probe([replace(state, refused=frozenset(state.allowed.strings))]) == ""


def test_a_fitting_string_takes_the_letters_in_order_and_avoids_those_refused():
    c = clues((("aexveh", "g.yy.g"), ("aeqzeh", "g.gg.g")), 6)
    assert fits_clues(c)
    order = [list(AZ)] * 6
    assert fitting_string(c, AZ, order) == "avqzxh"  # v before x
    assert fitting_string(c, AZ, order, frozenset({"avqzxh"})) == "axqzvh"
    assert fitting_string(c, AZ, order, frozenset({"avqzxh", "axqzvh"})) == ""
    assert fitting_string(c, AZ, [list(reversed(AZ))] * 6) == "axqzvh"  # x before v
