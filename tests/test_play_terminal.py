"""`lenwordle play` driven through a real pseudo-terminal, as a person would use it."""

import re

from lenwordle.patterns import reply_for

GUESS = re.compile(r"> ([A-Z]+) \((\d+) words?\)")


def next_guess(term) -> tuple[str, int]:
    """Return the next suggested (word, count), after its prompt."""
    text = term.read_until("? ")
    word, count = GUESS.findall(text)[-1]
    return word.lower(), int(count)


def test_a_whole_game_to_the_end(terminal):
    term = terminal("play")
    for turn in range(1, 7):
        word, count = next_guess(term)
        term.type(reply_for(word, "crane"))
        if word == "crane":
            break
    rest = term.rest()
    assert f"Solved in {turn} guesses." in rest
    assert "🟩🟩🟩🟩🟩" in rest  # the grid to paste
    assert term.wait() == 0


def test_skip_other_word_undo_list_and_refused_lines_keep_the_game(terminal):
    term = terminal("play")
    first, total = next_guess(term)
    term.type("")  # the game refused it
    second, count = next_guess(term)
    assert second != first and count == total
    term.type("g.x..")  # unknown character: refused, the game is as it was
    text = term.read_until("? ")
    assert "unknown feedback character 'x'" in text and "> " not in text
    term.type(f"slate {reply_for('slate', 'crane')}")  # a word of the player's own
    text = term.read_until("? ")
    assert "\x1b[1;97;42m A \x1b[0m" in text  # coloured tiles: A is green
    count_after = int(GUESS.findall(text)[-1][1])
    assert count_after < total
    term.type("list")
    listing = term.read_until("? ")
    assert f"{count_after} possible" in listing and "CRANE" in listing
    term.type("undo")
    text = term.read_until("? ")
    assert "took back the feedback for SLATE" in text and f"> {second.upper()} ({total} words)" in text
    term.type("undo")  # the skip too: the refused word comes back
    text = term.read_until("? ")
    assert f"took back the skip of {first.upper()}" in text and f"> {first.upper()} ({total} words)" in text
    term.type("undo")
    assert "nothing to undo" in term.read_until("? ")
    term.type("help")
    assert "undo" in term.read_until("? ")
    term.type("slatey ggggg")
    assert "has 6 letters" in term.read_until("? ")
    term.type("qqqqq .....")
    assert "not in the word list" in term.read_until("? ")


def test_impossible_feedback_is_refused_and_the_game_goes_on(terminal):
    term = terminal("play")
    word, total = next_guess(term)
    term.type(reply_for(word, "crane"))
    word2, count = next_guess(term)
    term.type(f"{word} ggggg")  # contradicts the first turn
    text = term.read_until("? ")
    assert "no word in the list gives ggggg" in text and "> " not in text
    term.type(reply_for(word2, "crane"))
    text = term.rest(timeout=5) if word2 == "crane" else term.read_until("? ")
    assert "Traceback" not in text and ("Solved" in text or f"({count} words)" not in text)


def test_end_of_input_and_ctrl_c_exit_without_a_traceback(terminal):
    term = terminal("play")
    next_guess(term)
    term.send(b"\x04")  # Ctrl-D at the prompt
    rest = term.rest()
    assert "end of input" in rest and "Traceback" not in rest
    assert term.wait() == 1
    term = terminal("play")
    next_guess(term)
    term.send(b"\x03")  # Ctrl-C at the prompt
    rest = term.rest()
    assert "Traceback" not in rest
    assert term.wait() == 130


def test_no_color_gives_plain_text_feedback(terminal):
    term = terminal("play", env={"NO_COLOR": "1"})
    word, _ = next_guess(term)
    term.type(reply_for(word, "crane"))
    text = term.read_until("? ")
    assert f"{word.upper()} {reply_for(word, 'crane')}" in text and "\x1b[" not in text


def test_hard_mode_refuses_a_typed_word_that_ignores_a_hint(terminal):
    term = terminal("play", "--hard", "--start", "crane")
    word, _ = next_guess(term)
    assert word == "crane"
    term.type(reply_for("crane", "bread"))  # .gy.y: R stays green, A and E are reused
    word2, count = next_guess(term)
    assert word2[1] == "r" and "a" in word2 and "e" in word2
    term.type("slate .....")
    text = term.read_until("? ")
    assert "letter 2 must be R" in text and "> " not in text
    term.type(reply_for(word2, "bread"))
    assert "Traceback" not in term.read_until("? ") if word2 != "bread" else True
