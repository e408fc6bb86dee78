"""Feedback: the reference replies (reply_for), pattern codes, and the notations players type.

A pattern is one integer per (guess, answer) pair: sum over positions i of 3**i times
0 (grey), 1 (yellow) or 2 (green). Repeated letters follow the game: greens first, then
yellows left to right while unmatched copies of that letter remain in the answer.
"""

from collections import Counter
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from lenwordle.words.letters import MAX_LENGTH

Reply = str  # e.g. 'g.y..': g green, y yellow, . grey
Patterns = npt.NDArray[np.unsignedinteger]  # pattern codes, of pattern_dtype(k)


GREY, YELLOW, GREEN = 0, 1, 2


SYMBOLS = {  # the tiles: the game's, and its high-contrast (colour-blind) mode's 🟧 and 🟦
    GREY: ".0⬜⬛",
    YELLOW: "y1🟨🟦",
    GREEN: "g2🟩🟧",
}


TILES = "⬜⬛🟨🟩🟦🟧"
_VALUE_OF = {ch: value for value, chars in SYMBOLS.items() for ch in chars} | {"Y": 1, "G": 2}
ACCEPTED = "g/y/. (or 2/1/0, or tiles 🟩 🟨 ⬜ ⬛, high contrast 🟧 🟦)"


def pattern_dtype(k: int) -> np.dtype[np.unsignedinteger]:
    """Return the smallest unsigned dtype that holds every base-3 pattern of length k."""
    if not 1 <= k <= MAX_LENGTH:
        raise ValueError(f"word length must be 1 to {MAX_LENGTH}, not {k}")
    for dtype in (np.uint8, np.uint16, np.uint32, np.uint64):
        if 3**k - 1 <= np.iinfo(dtype).max:
            return np.dtype(dtype)
    raise AssertionError("unreachable")


def reply_for(guess: str, answer: str) -> Reply:
    """Return the feedback for guess against answer, as a 'g'/'y'/'.' string (the reference)."""
    reply = ["."] * len(guess)
    unmatched = Counter(a for g, a in zip(guess, answer) if g != a)
    for i, (g, a) in enumerate(zip(guess, answer)):  # pass 1: greens
        if g == a:
            reply[i] = "g"
    for i, g in enumerate(guess):  # pass 2: yellows, left to right, while copies remain
        if reply[i] == "." and unmatched[g] > 0:
            reply[i] = "y"
            unmatched[g] -= 1
    return "".join(reply)


def solved_code(k: int) -> int:
    """Return the pattern code of the all-green reply for words of k letters."""
    code: int = 3**k - 1  # (int ** int is Any to mypy: a negative power gives a float)
    return code


def reply_to_code(reply: Reply) -> int:
    """Return the integer pattern of a 'g'/'y'/'.' reply."""
    return sum(3**i * _VALUE_OF[ch] for i, ch in enumerate(reply))


def code_to_reply(code: int, k: int) -> Reply:
    """Return the 'g'/'y'/'.' reply of an integer pattern of length k."""
    out = []
    for _ in range(k):
        code, digit = divmod(int(code), 3)
        out.append(".yg"[digit])
    return "".join(out)


def parse_reply(text: str, k: int) -> Reply:
    """Return text (any accepted notation) as a 'g'/'y'/'.' reply; ValueError says what is not."""
    chars = [ch for ch in text.strip() if ch not in "\ufe0f "]
    bad = sorted({ch for ch in chars if ch not in _VALUE_OF})
    if bad:
        raise ValueError(f"unknown feedback character {bad[0]!r}; use {ACCEPTED}")
    kinds = {_notation(ch) for ch in chars}
    if len(kinds) > 1:
        raise ValueError(f"feedback mixes notations; use one of {ACCEPTED}")
    if len(chars) != k:
        raise ValueError(f"feedback has {len(chars)} marks, the word has {k} letters")
    return "".join(".yg"[_VALUE_OF[ch]] for ch in chars)


def _notation(ch: str) -> str:
    """Return which notation a feedback character belongs to."""
    return "digits" if ch in "012" else "tiles" if ch in TILES else "letters"


HIGH_CONTRAST = "🟧🟦"  # the high-contrast mode's green and yellow tiles
_TILE_OF = {
    False: {"g": "🟩", "y": "🟨", ".": "⬛"},
    True: {"g": HIGH_CONTRAST[0], "y": HIGH_CONTRAST[1], ".": "⬛"},
}


def tiles(reply: Reply, high_contrast: bool = False) -> str:
    """Return a reply as coloured square emoji (the high-contrast mode's 🟧 🟦 if asked)."""
    return "".join(_TILE_OF[high_contrast][ch] for ch in reply)


def typed_high_contrast(text: str) -> bool:
    """Return whether typed feedback has a tile of the high-contrast mode (🟧 or 🟦)."""
    return any(tile in text for tile in HIGH_CONTRAST)


BLANK_TILE = "\u3000"  # a solved board's place in a row of tiles: a space as wide as a tile


def tiles_side_by_side(
    replies: Sequence[Reply | None], gap: str = " ", high_contrast: bool = False
) -> str:
    """Return one turn's tiles on several boards side by side (None: a solved board, blank;
    the blanks of the last boards, solved, are stripped from the end of the row)."""
    k = len(next(r for r in replies if r is not None))
    row = [tiles(r, high_contrast) if r is not None else BLANK_TILE * k for r in replies]
    return gap.join(row).rstrip()
