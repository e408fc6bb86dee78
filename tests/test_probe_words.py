"""A suggestion past the dictionary is a word a large dictionary of its language has
(engine/beyond.py's known_pool, words/wordlist.py's in_large_dictionary), or none is
suggested: checked against Debian's large English lists, and by the rule in every language."""

import json
import unicodedata
from pathlib import Path

import numpy as np
import pytest
from helpers import run_in_process

from lenwordle.api.setup import Settings
from lenwordle.engine.beyond import known_pool
from lenwordle.words.languages import LANGUAGES
from lenwordle.words.wordlist import (
    GUESSED_LEVEL,
    LARGE_LEVEL,
    NOT_IN_SCOWL,
    bundled,
    in_large_dictionary,
    not_names,
)

DICT = Path("/usr/share/dict")
LARGE = ("american-english-huge", "british-english-huge")  # Debian's wamerican-huge, wbritish-huge


def folded(word: str) -> str:
    """Return a word in lower case without its accents (après is apres)."""
    decomposed = unicodedata.normalize("NFD", word)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).lower()


@pytest.fixture(scope="module")
def large_english() -> set[str]:
    if not all((DICT / name).exists() for name in LARGE):
        pytest.skip("Debian's wamerican-huge and wbritish-huge are not installed")
    words: set[str] = set()
    for name in LARGE:
        text = (DICT / name).read_text(encoding="utf-8", errors="replace")
        words |= {folded(line.strip()) for line in text.splitlines()}
    return words


@pytest.mark.parametrize("k", range(4, 12))
def test_the_english_probe_pool_is_the_large_dictionaries_words(k, large_english):
    words = bundled(k)
    pool = np.flatnonzero(in_large_dictionary(words) & not_names(words))
    strings = words.words_at(pool)
    missing = [w for w in strings if w not in large_english]
    # but for some regional spellings (auld, brekky, advertize), which SCOWL's size 80 has
    assert len(missing) <= 0.005 * len(strings), missing[:20]
    levels = words.level_array()
    outside = np.flatnonzero(~in_large_dictionary(words))
    assert (levels[outside] > LARGE_LEVEL).all()
    sample = words.words_at(outside[:: max(1, len(outside) // 300)])
    left_out = sum(w not in large_english for w in sample)
    assert left_out >= 0.9 * len(sample)  # what is left out, they mostly lack


def test_lampblacked_is_no_probe_and_a_word_at_the_limit_is():
    words = bundled(11)
    large = in_large_dictionary(words)
    levels = words.level_array()
    assert not large[words.row("lampblacked")]  # level 95: no large dictionary has it
    at = np.flatnonzero(levels == LARGE_LEVEL)
    past = np.flatnonzero(levels == LARGE_LEVEL + 15)  # SCOWL's next size, 95
    assert large[at].all() and not large[past].any()


@pytest.mark.parametrize("code", [c for c in LANGUAGES if c != "en"])
def test_in_every_other_language_a_probe_is_a_word_a_dictionary_lists(code):
    settings = Settings(5, lang=code)
    state = settings.state()
    words = settings.everything(state)
    marks, levels = words.mark_array(), words.level_array()
    assert (marks & GUESSED_LEVEL != 0).all()
    rows = known_pool(state.widen(words), set())
    assert len(rows)
    widened = state.widen(words).allowed
    assert (widened.level_array()[rows] < NOT_IN_SCOWL).all()  # not one only wordfreq knows
    only_wordfreq = np.flatnonzero(levels == NOT_IN_SCOWL)
    assert not in_large_dictionary(words)[only_wordfreq].any()


@pytest.mark.parametrize(
    "args", [("-k", "11", "lampblackex"), ("-k", "5", "zzxqv"), ("--lang", "ru", "щюжфх")]
)
def test_a_game_past_the_dictionary_plays_only_large_dictionary_words(args):
    *options, answer = args
    played = json.loads(run_in_process("solve", *args, "--json").stdout)
    k = int(options[1]) if options[0] == "-k" else 5
    lang = options[1] if options[0] == "--lang" else "en"
    settings = Settings(k, lang=lang)
    words = settings.everything(settings.state())
    large = in_large_dictionary(words) & not_names(words)
    alphabet = settings.alphabet()
    for guess in (g["word"] for g in played["guesses"]):
        word = alphabet.fold(alphabet.lower(guess))
        if word == answer:
            continue  # the one string left, played as the answer
        row = words.row(word)
        assert row is not None and large[row], guess
