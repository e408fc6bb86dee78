"""`lenwordle practice` in a real pseudo-terminal, where the terminal is the point: the rows
as coloured letter tiles (green and yellow, or the high-contrast orange and blue), the share
grid and the statistics at the end, Ctrl-D mid-game counting nothing."""

import re

from lenwordle.api.practice import practice, statistics
from lenwordle.engine.feedback import reply_for

BACKGROUND = {"g": "42", "y": "43", ".": "100"}
HIGH_CONTRAST = {"g": "48;5;208", "y": "48;5;33", ".": "100"}


def tiles_of(text: str) -> list[tuple[str, str]]:
    """Return each coloured tile of text: (its background code, its letter)."""
    return re.findall(r"\x1b\[1;97;([\d;]+)m (\w) \x1b\[0m", text)


def test_a_whole_game_in_a_terminal_shows_the_games_colours(terminal, tmp_path):
    secret = practice(seed=1).answers[0]
    term = terminal("practice", "--seed", "1", "--data-dir", str(tmp_path))
    assert "Guess the word of 5 letters (--seed 1" in term.read_until("? ")
    term.type("crane")
    row = tiles_of(term.read_until("? "))
    assert row == [
        (BACKGROUND[m], ch.upper()) for ch, m in zip("crane", reply_for("crane", secret))
    ]
    term.type(secret)
    rest = term.rest()
    assert tiles_of(rest)[:5] == [(BACKGROUND["g"], ch.upper()) for ch in secret]
    assert "Solved in 2 guesses." in rest and "🟩" * 5 in rest
    assert "1 game played, 100 % won, streak 1 (best 1)" in rest
    assert term.wait() == 0
    assert [(s.played, s.won) for s in statistics(tmp_path)] == [(1, 1)]


def test_high_contrast_tiles_are_orange_and_blue_in_the_rows_and_the_grid(terminal, tmp_path):
    secret = practice(seed=2).answers[0]
    guess = "slate" if secret != "slate" else "crane"
    term = terminal("practice", "--seed", "2", "--high-contrast", "--data-dir", str(tmp_path))
    term.read_until("? ")
    term.type(guess)
    row = tiles_of(term.read_until("? "))
    assert row == [(HIGH_CONTRAST[m], c.upper()) for c, m in zip(guess, reply_for(guess, secret))]
    term.type(secret)
    rest = term.rest()
    grid = rest[rest.index("lenwordle practice 2/6") :]
    assert "🟧" * 5 in grid and "🟩" not in grid and "🟨" not in grid
    assert term.wait() == 0


def test_end_of_input_mid_game_counts_nothing(terminal, tmp_path):
    term = terminal("practice", "--seed", "3", "--data-dir", str(tmp_path))
    term.read_until("? ")
    term.type("crane")
    term.read_until("? ")
    term.send(b"\x04")  # Ctrl-D at the prompt
    assert "end of input; the game is not finished" in term.rest()
    assert term.wait() == 1
    assert statistics(tmp_path) == []
