"""Games in other languages, played a line at a time as a person types (helpers.Typist):
Spanish (accents typed either way, ñ a letter), Russian (a word in another alphabet refused
in one line), SUTOM (the first letter shown, every guess beginning with it)."""

import re

from helpers import run_in_process

from lenwordle.engine.feedback import reply_for
from lenwordle.words.languages import LANGUAGES

GUESS = re.compile(r"> (\S+) \((\d+) words?\)")


def suggestion(text: str, lang: str) -> tuple[str, str, int]:
    """Return the last suggestion play printed as shown, as the game's word (folded), and its
    count."""
    shown, count = GUESS.findall(text)[-1]
    return shown, LANGUAGES[lang].alphabet().fold(shown), int(count)


def play_to(text: str, lang: str, answer: str, turns: int = 8):
    """Answer every suggestion, from the one in text on, as the game would for answer; return
    the words shown and what play printed after the last answer."""
    shown_words = []
    for _ in range(turns):
        shown, word, _ = suggestion(text, lang)
        shown_words.append(shown)
        text = yield reply_for(word, answer)
        if word == answer:
            break
    return shown_words, text


def test_a_spanish_game_folds_accents_and_keeps_ñ():
    def player():
        shown, word, total = suggestion((yield), "es")
        assert total > 5000
        assert shown == LANGUAGES["es"].alphabet().upper(shown)  # capitals: SERÍA, not SERíA
        text = yield f"CAÑÓN {reply_for('cañon', 'señor')}"  # typed with accents: cañon, Ñ green
        assert "CAÑÓN" in text  # shown as typed, in capitals
        after = int(GUESS.findall(text)[-1][1])
        assert after < total
        listing = yield "list"
        assert "SEÑOR" in listing  # the green Ñ: señor fits
        assert not re.search(r"\b..N..\b", listing)  # ...and no word with an N there: ñ is not n
        suggested = LANGUAGES["es"].alphabet().fold(GUESS.findall(text)[-1][0])  # before the list
        rest = yield reply_for(suggested, "señor")
        if suggested == "señor":
            words = [suggested.upper()]
        else:
            words, rest = yield from play_to(rest, "es", "señor")
        assert words[-1] == "SEÑOR"
        assert "Solved in" in rest and "🟩🟩🟩🟩🟩" in rest

    assert run_in_process("play", "--lang", "es", input_text=player()).returncode == 0


def test_a_russian_game_refuses_latin_letters_in_one_line_and_goes_on():
    def player():
        shown, word, total = suggestion((yield), "ru")
        assert re.fullmatch(r"[А-ЯЁ]{5}", shown)
        text = yield "crane ....."  # a word of another alphabet: refused, the game as it was
        errors = [line for line in text.splitlines() if "letters the game lacks" in line]
        assert len(errors) == 1 and "а б в г" in errors[0] and "> " not in text
        text = yield reply_for(word, "время")
        words, rest = yield from play_to(text, "ru", "время")
        assert words[-1] == "ВРЕМЯ"
        assert "Solved in" in rest

    assert run_in_process("play", "--lang", "ru", input_text=player()).returncode == 0


def test_ё_is_typed_as_е_by_default():
    def player():
        yield
        rest = yield f"ЁЛКА {reply_for('елка', 'елка')}"  # ёлка is елка in the game
        assert "Solved in 1 guess." in rest

    assert run_in_process("play", "--lang", "ru", "-k", "4", input_text=player()).returncode == 0


def test_a_sutom_game_shows_the_first_letter_and_every_guess_begins_with_it():
    answer = "parfois"

    def player():
        words = []
        text = yield
        for _ in range(8):
            shown, word, count = suggestion(text, "fr")
            words.append(word)
            assert word.startswith("p"), shown
            text = yield reply_for(word, answer)
            if word == answer:
                break
        assert words[-1] == answer
        assert "Solved in" in text

    args = ["play", "--lang", "fr", "-k", "7", "--first-letter", "P"]
    assert run_in_process(*args, input_text=player()).returncode == 0
