"""Plain references for the variants' replies, written from each game's rules one word at a
time (imported by name, as helpers.py is): the tests hold the vectorized functions to them.

A row is a tuple of tile values (0 grey, 1 yellow, 2 green, or the variant's own three), its
code the sum of 3**i times the tile at i."""

from lenwordle.engine.feedback import reply_for

TILE = {".": 0, "y": 1, "g": 2}


def code(row) -> int:
    """Return the reply code of a row of tile values."""
    return sum(3**i * value for i, value in enumerate(row))


def row_of(code_: int, k: int) -> tuple[int, ...]:
    """Return the tile values of a reply code of k tiles."""
    return tuple((code_ // 3**i) % 3 for i in range(k))


def wordle(guess: str, answer: str) -> tuple[int, ...]:
    """Return Wordle's row (the reference scorer's)."""
    return tuple(TILE[mark] for mark in reply_for(guess, answer))


def xordle(guess: str, first: str, second: str) -> tuple[int, ...]:
    """Return Xordle's row: each tile the better of its colours for the two answers."""
    return tuple(max(a, b) for a, b in zip(wordle(guess, first), wordle(guess, second)))


def warmle(guess: str, answer: str, alphabet: str) -> tuple[int, ...]:
    """Return Warmle's row: green the same letter, yellow within 3 places in the alphabet."""
    out = []
    for g, a in zip(guess, answer):
        places = abs(alphabet.index(g) - alphabet.index(a))
        out.append(2 if places == 0 else 1 if places <= 3 else 0)
    return tuple(out)


LATER, EARLIER, SAME = 0, 1, 2


def peaks(guess: str, answer: str, alphabet: str) -> tuple[int, ...]:
    """Return Peaks' row: SAME, or whether the answer's letter is EARLIER or LATER."""
    out = []
    for g, a in zip(guess, answer):
        mine, theirs = alphabet.index(g), alphabet.index(a)
        out.append(SAME if mine == theirs else EARLIER if theirs < mine else LATER)
    return tuple(out)


def woodle(guess: str, answer: str) -> int:
    """Return Woodle's reply: the greens times (k + 1) plus the yellows of Wordle's row."""
    reply = reply_for(guess, answer)
    return reply.count("g") * (len(guess) + 1) + reply.count("y")


def hardle(guess: str, answer: str, swapped: bool) -> tuple[int, ...]:
    """Return Hardle's row: Wordle's, green and yellow traded when swapped."""
    reply = reply_for(guess, answer)
    if swapped:
        reply = reply.translate(str.maketrans("gy", "yg"))
    return tuple(TILE[mark] for mark in reply)


def fibble(true_row: tuple[int, ...]) -> dict[int, float]:
    """Return Fibble's shown rows for a true row, code -> chance: a win as is; otherwise one
    tile changed to one of the two other colours, each alike, never an all-green row."""
    k = len(true_row)
    if all(value == 2 for value in true_row):
        return {code(true_row): 1.0}
    lies = []
    for i, value in enumerate(true_row):
        for other in {0, 1, 2} - {value}:
            lie = (*true_row[:i], other, *true_row[i + 1 :])
            if lie != (2,) * k:
                lies.append(code(lie))
    return {lie: 1 / len(lies) for lie in lies}


def antiwordle_keeps(guess: str, rows: list[tuple[str, str]]) -> bool:
    """Return whether guess keeps to Antiwordle's rows so far (word, Wordle's reply): no
    letter that was only grey in a row, every yellow letter used, every green in place."""
    for word, reply in rows:
        for i, (letter, mark) in enumerate(zip(word, reply)):
            if mark == "g" and guess[i] != letter:
                return False
            if mark == "y" and letter not in guess:
                return False
            coloured = any(w == letter and m != "." for w, m in zip(word, reply))
            if mark == "." and not coloured and letter in guess:
                return False
    return True
