"""Nerdle: the answer is an equation (micro 5 tiles, mini 6, classic 8, maxi 10 with
brackets and powers) and the colours are Wordle's; the words are generated
(words/equations.py), in an alphabet of digits and signs."""

from functools import cache

import numpy as np
import pyarrow as pa

from lenwordle.engine.variants.base import Heavy, Variant
from lenwordle.words.alphabet import Alphabet
from lenwordle.words.equations import NERDLE_GAMES, answers, guesses, is_equation, symbols_of
from lenwordle.words.wordlist import NOT_IN_SCOWL, WordList

TYPED_SIGNS = {"−": "-", "×": "*", "÷": "/"}  # typed as a keyboard or a text gives them
# maxi's 13.6 million guesses would hold about a gigabyte: it is played with its answers
GUESSES_UP_TO = 8


def equation_list(words: list[str], size: int) -> WordList:
    """Return equations as a word list of the game's tiles, sorted as its alphabet is."""
    alphabet = Alphabet(symbols_of(size), TYPED_SIGNS)
    codes = alphabet.encode(words, size)
    order = np.lexsort(codes.T[::-1])
    chosen = pa.array([words[i] for i in order], pa.large_string())
    levels = pa.array(np.full(len(words), NOT_IN_SCOWL, np.uint8), pa.uint8())
    return WordList(chosen, levels, size, source=f"nerdle-{size}", alphabet=alphabet)


@cache
def nerdle_lists(size: int) -> tuple[WordList, WordList]:
    """Return the equations Nerdle accepts as guesses at a size, and those it may pick."""
    if size not in NERDLE_GAMES.values():
        sizes = ", ".join(f"{n} ({name})" for name, n in NERDLE_GAMES.items())
        raise ValueError(f"Nerdle is played with {sizes} tiles, not {size}")
    picked = equation_list(answers(size), size)
    allowed = equation_list(guesses(size), size) if size <= GUESSES_UP_TO else picked
    return allowed, picked


NERDLE = Variant(
    "nerdle",
    "the answer is an equation: 5, 6, 8 or 10 tiles of digits and signs",
    limit=6,
    lists=nerdle_lists,
    lengths=tuple(NERDLE_GAMES.values()),
    noun="equation",
    tile="sign",
    layout=("1234567890", "+-*/=()²³"),
    heavy=(Heavy(10, "Nerdle maxi (10 tiles)", "its opening takes about 37 s and 1.9 GB"),),
    accepts=is_equation,
    source="Nerdle (its help page and FAQ, as words/equations.py reads them)",
)
