"""Games in other languages, played through a real pseudo-terminal: Spanish (accents typed
either way, ñ a letter), Russian (a word in another alphabet refused in one line), SUTOM
(the first letter shown, every guess beginning with it)."""

import re

from lenwordle.engine.feedback import reply_for
from lenwordle.words.languages import LANGUAGES

GUESS = re.compile(r"> (\S+) \((\d+) words?\)")


def next_guess(term, lang: str) -> tuple[str, str, int]:
    """Return the next suggestion as shown, as the game's word (folded), and its count."""
    text = term.read_until("? ")
    shown, count = GUESS.findall(text)[-1]
    return shown, LANGUAGES[lang].alphabet().fold(shown), int(count)


def play_to(term, lang: str, answer: str, turns: int = 8) -> list[str]:
    """Answer every suggestion as the game would for answer; return the words shown."""
    shown_words = []
    for _ in range(turns):
        shown, word, _ = next_guess(term, lang)
        shown_words.append(shown)
        term.type(reply_for(word, answer))
        if word == answer:
            break
    return shown_words


def test_a_spanish_game_folds_accents_and_keeps_ñ(terminal):
    term = terminal("play", "--lang", "es")
    shown, word, total = next_guess(term, "es")
    assert total > 5000
    assert shown == LANGUAGES["es"].alphabet().upper(shown)  # capitals: SERÍA, not SERíA
    term.type(f"CAÑÓN {reply_for('cañon', 'señor')}")  # typed with accents: cañon, Ñ green
    text = term.read_until("? ")
    assert "CAÑÓN" in text  # shown as typed, in capitals
    after = int(GUESS.findall(text)[-1][1])
    assert after < total
    term.type("list")
    listing = term.read_until("? ")
    assert "SEÑOR" in listing  # the green Ñ: señor fits
    assert not re.search(r"\b..N..\b", listing)  # ...and no word with an N there: ñ is not n
    suggested = LANGUAGES["es"].alphabet().fold(GUESS.findall(text)[-1][0])  # before the list
    term.type(reply_for(suggested, "señor"))
    words = [suggested.upper()] if suggested == "señor" else play_to(term, "es", "señor")
    assert words[-1] == "SEÑOR"
    rest = term.rest()
    assert "Solved in" in rest and "🟩🟩🟩🟩🟩" in rest
    assert term.wait() == 0


def test_a_russian_game_refuses_latin_letters_in_one_line_and_goes_on(terminal):
    term = terminal("play", "--lang", "ru")
    shown, word, total = next_guess(term, "ru")
    assert re.fullmatch(r"[А-ЯЁ]{5}", shown)
    term.type("crane .....")  # a word of another alphabet: refused, the game as it was
    text = term.read_until("? ")
    errors = [line for line in text.splitlines() if "letters the game lacks" in line]
    assert len(errors) == 1 and "а б в г" in errors[0] and "> " not in text
    term.type(reply_for(word, "время"))
    words = play_to(term, "ru", "время")
    assert words[-1] == "ВРЕМЯ"
    assert "Solved in" in term.rest() and term.wait() == 0


def test_ё_is_typed_as_е_by_default(terminal):
    term = terminal("play", "--lang", "ru", "-k", "4")
    _, word, total = next_guess(term, "ru")
    term.type(f"ЁЛКА {reply_for('елка', 'елка')}")  # ёлка is елка in the game
    assert "Solved in 1 guess." in term.rest() and term.wait() == 0


def test_a_sutom_game_shows_the_first_letter_and_every_guess_begins_with_it(terminal):
    term = terminal("play", "--lang", "fr", "-k", "7", "--first-letter", "P")
    answer = "parfois"
    words = []
    for _ in range(8):
        shown, word, count = next_guess(term, "fr")
        words.append(word)
        assert word.startswith("p"), shown
        term.type(reply_for(word, answer))
        if word == answer:
            break
    assert words[-1] == answer
    assert "Solved in" in term.rest() and term.wait() == 0
