"""Nerdle's word lists (engine/variants/nerdle.py): equations made a game's words, in the
alphabet of its tiles (digits, then + - * / =, maxi's brackets and powers), sorted in that
alphabet's order, not in Unicode's; each held to a sort written here from the tiles."""

import pyarrow as pa
import pytest

from lenwordle.engine.variants.nerdle import equation_list, nerdle_lists
from lenwordle.words.equations import SYMBOLS
from lenwordle.words.wordlist import NOT_IN_SCOWL

# micro (5 tiles): + sorts after the digits in the game (before them in Unicode); the words
# differ at each place in turn, so that no sort by fewer places, or from the last, agrees
MICRO = ["9-8=1", "1+2=3", "2*3=6", "1*2=2", "2+1=3", "1+1=2", "3-2=1", "4/2=2", "8/4=2", "2/1=2"]
MAXI = ["(1+2)*4=12", "2³+1²+8=17", "(10-1)²=81", "10+20+3=33", "1+2+3+4=10"]


def by_tiles(words, symbols):
    """Return the words sorted by their tiles' places in the game's symbols."""
    return sorted(words, key=lambda word: [symbols.index(tile) for tile in word])


@pytest.mark.parametrize(
    ("words", "size", "symbols"), [(MICRO, 5, SYMBOLS["micro"]), (MAXI, 10, SYMBOLS["maxi"])]
)
def test_equations_are_a_word_list_of_the_games_tiles_in_its_order(words, size, symbols):
    listed = equation_list(words, size)
    assert listed.words.to_pylist() == by_tiles(words, symbols) != sorted(words)
    assert listed.k == size and len(listed) == len(words)
    assert listed.alphabet.letters == symbols
    assert listed.levels.to_pylist() == [NOT_IN_SCOWL] * len(words)
    assert listed.level_array().tolist() == [NOT_IN_SCOWL] * len(words)
    assert listed.source == f"nerdle-{size}"
    assert listed.words.type == pa.large_string() and listed.levels.type == pa.uint8()
    assert [listed.row(word) for word in by_tiles(words, symbols)] == list(range(len(words)))


def test_the_signs_a_keyboard_types_are_read_as_the_games():
    listed = equation_list(MICRO, 5)
    assert listed.alphabet.fold("9−8=1") == "9-8=1"  # U+2212 minus
    assert listed.alphabet.fold("2×3=6") == "2*3=6"
    assert listed.alphabet.fold("8÷4=2") == "8/4=2"


def test_micros_guesses_hold_its_answers_and_lone_zeros_besides():
    nerdle_lists.cache_clear()  # made here, not read from an earlier test's cache
    allowed, picked = nerdle_lists(5)
    assert set(picked.words.to_pylist()) < set(allowed.words.to_pylist())
    assert "0+5=5" in allowed and "0+5=5" not in picked
    assert allowed.words.to_pylist() == by_tiles(allowed.words.to_pylist(), SYMBOLS["micro"])
    with pytest.raises(ValueError, match="Nerdle is played with 5 \\(micro\\), 6 \\(mini\\)"):
        nerdle_lists(7)
