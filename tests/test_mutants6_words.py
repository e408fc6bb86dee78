"""Quick tests written to kill mutants of lenwordle/words that survived the mutation run of
2026-11-26 06:03 (benchmarks/mutation.py; docs/mutants.md): a file's words given the
dictionary's commonness keep the game's alphabet, a language's game words follow the rule
asked for, and the prior weighs a word of guessed level by the transfer model. Each asserts
behaviour worked out by hand (tiny lists), not output copied from the program."""

import math

import pyarrow as pa
import pytest
from helpers import language_file

from lenwordle.words import langlists
from lenwordle.words.alphabet import Alphabet
from lenwordle.words.langlists import game_words
from lenwordle.words.languages import LANGUAGES
from lenwordle.words.prior import prior
from lenwordle.words.wordlist import GUESSED_LEVEL, WordList


def _list(words, alphabet, levels=None):
    """A WordList of these words (sorted in the alphabet's order) over the alphabet."""
    n = len(words)
    return WordList(
        pa.array(words, pa.large_string()),
        pa.array([35] * n if levels is None else levels, pa.uint8()),
        len(words[0]),
        freqs=pa.array([3.0] * n, pa.float32()),
        alphabet=alphabet,
    )


# ---- WordList.commonness_from ----


def test_a_files_words_given_the_dictionarys_commonness_keep_the_games_alphabet():
    # a game of the two letters a, ñ (in this order): ña is letters 1, 0; with a-z's
    # alphabet ñ would be no letter at all
    alphabet = Alphabet("añ")
    known = _list(["aa", "añ", "ña"], alphabet, levels=[10, 20, 30])
    mine = _list(["añ", "ña"], alphabet)
    given = mine.commonness_from(known)
    assert given.alphabet == alphabet
    assert given.level_array().tolist() == [20, 30]
    assert given.codes.tolist() == [[0, 1], [1, 0]]


# ---- langlists.game_words ----


def test_a_languages_game_words_follow_the_accent_rule_asked_for(tmp_path, monkeypatch):
    monkeypatch.setattr(langlists, "language_dir", lambda: tmp_path)
    language_file(tmp_path, "es", [("café", 3.0, 1, 0), ("casa", 3.0, 1, 0)])
    spanish = LANGUAGES["es"]
    assert spanish.default == "fold"  # (so that "keep" is not the rule given by default)
    # kept, é is a letter of its own; folded (the default), café is played as cafe
    assert game_words(spanish, 4, "keep").words.to_pylist() == ["café", "casa"]
    assert "é" in game_words(spanish, 4, "keep").alphabet.letters
    assert game_words(spanish, 4).words.to_pylist() == ["cafe", "casa"]


# ---- prior.prior ----


def _logistic(logit):
    return 1.0 / (1.0 + math.exp(-logit))


def test_a_word_of_guessed_level_is_weighed_by_the_transfer_model_the_others_by_the_english():
    # Zipf 0 (never seen), level 50: features bias 1 and unseen 1; a guessed level reads
    # no level band (level 50 < 95), a listed one the band "level <= 50"
    # English: bias -3.5923, zipf 0+ 0 (no piece), unseen -0.6333, level <= 50 -1.1824
    # transfer (guessed): bias -7.4442, unseen -0.9319, no band
    weights = prior([50, 50], [0.0, 0.0], [0, GUESSED_LEVEL])
    assert weights[0] == pytest.approx(_logistic(-3.5923 - 0.6333 - 1.1824), rel=1e-12)
    assert weights[1] == pytest.approx(_logistic(-7.4442 - 0.9319), rel=1e-12)
