"""`lenwordle play` as a person plays it, a line typed at each prompt: in this process
(helpers.Typist), and through a real pseudo-terminal where the terminal is the point (its
colours, a dumb terminal, NO_COLOR, Ctrl-D and Ctrl-C at the prompt)."""

import re

import pytest
from helpers import run_in_process

from lenwordle.engine.feedback import reply_for
from lenwordle.engine.hard_mode import hard_mode_problem

GUESS = re.compile(r"> ([A-Z]+) \((\d+) words?\)")


def suggestion(text: str) -> tuple[str, int]:
    """Return the last suggested (word, count) of what play printed."""
    word, count = GUESS.findall(text)[-1]
    return word.lower(), int(count)


def next_guess(term) -> tuple[str, int]:
    """Return the next suggested (word, count), after its prompt."""
    return suggestion(term.read_until("? "))


def test_a_whole_game_to_the_end():
    def player():
        text = yield
        for turn in range(1, 7):  # noqa: B007 (the last turn is checked below)
            word, count = suggestion(text)
            text = yield reply_for(word, "crane")
            if word == "crane":
                break
        assert f"Solved in {turn} guesses." in text
        assert "🟩🟩🟩🟩🟩" in text  # the grid to paste

    assert run_in_process("play", input_text=player()).returncode == 0


def test_skip_other_word_undo_list_and_refused_lines_keep_the_game(terminal):
    term = terminal("play")
    first, total = next_guess(term)
    term.type("")  # the game refused it: it is no longer a possible answer either
    second, count = next_guess(term)
    assert second != first and count == total - 1
    term.type("g.x..")  # unknown character: refused, the game is as it was
    text = term.read_until("? ")
    assert "unknown feedback character 'x'" in text and "> " not in text
    term.type(f"trace {reply_for('trace', 'crane')}")  # a word of the player's own
    text = term.read_until("? ")
    assert "\x1b[1;97;42m A \x1b[0m" in text  # coloured tiles: A is green
    count_after = int(GUESS.findall(text)[-1][1])
    assert count_after < total
    term.type("list")
    listing = term.read_until("? ")
    assert f"{count_after} possible" in listing and "CRANE" in listing
    term.type("undo")
    text = term.read_until("? ")
    assert (
        "took back the feedback for TRACE" in text
        and f"> {second.upper()} ({total - 1} words)" in text
    )
    term.type("undo")  # the refusal too: the refused word comes back
    text = term.read_until("? ")
    assert (
        f"took back the refusal of {first.upper()}" in text
        and f"> {first.upper()} ({total} words)" in text
    )
    term.type("undo")
    assert "nothing to undo" in term.read_until("? ")
    term.type("help")
    assert "undo" in term.read_until("? ")
    term.type("slatey ggggg")
    assert "has 6 letters" in term.read_until("? ")


def test_impossible_feedback_is_refused_and_the_game_goes_on():
    def player():
        word, total = suggestion((yield))
        word2, count = suggestion((yield reply_for(word, "crane")))
        text = yield f"{word} ggggg"  # contradicts the first turn
        assert f"no word can give ggggg for {word.upper()}" in text and "> " not in text
        text = yield reply_for(word2, "crane")  # the refused line left the game as it was
        if word2 == "crane":
            assert "Solved in 2 guesses." in text
        else:
            assert suggestion(text)[1] < count

    result = run_in_process("play", input_text=player())
    if "Solved in" in result.stdout:
        assert result.returncode == 0


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


def test_hard_mode_refuses_a_typed_word_that_ignores_a_hint():
    def player():
        word, _ = suggestion((yield))
        assert word == "crane"
        text = yield reply_for("crane", "bread")  # .gy.y: R stays green, A and E are reused
        word2, count = suggestion(text)
        assert word2[1] == "r" and "a" in word2 and "e" in word2
        text = yield "slate ....."
        assert "letter 2 must be R" in text and "> " not in text
        text = yield reply_for(word2, "bread")  # the refused line left the game as it was
        if word2 == "bread":
            assert "Solved in 2 guesses." in text
        else:
            word3, count3 = suggestion(text)
            history = (("crane", reply_for("crane", "bread")), (word2, reply_for(word2, "bread")))
            assert hard_mode_problem(word3, history) == "" and count3 < count

    result = run_in_process("play", "--hard", "--start", "crane", input_text=player())
    if "Solved in" in result.stdout:
        assert result.returncode == 0


def listed():
    """Type `list`; return the words it shows (all of them when there are at most 20)."""
    lines = (yield "list").split("possible:")[-1].splitlines()
    return {line.split()[0] for line in lines if line.startswith("  ") and "..." not in line}


def test_a_refused_word_lowers_the_count_leaves_the_list_and_never_comes_back():
    def player():
        yield
        yield reply_for("crane", "stale")
        text = yield f"spelt {reply_for('spelt', 'stale')}"  # a handful of candidates left
        word, count = suggestion(text)
        refused = []
        while count > 1:
            possible = yield from listed()
            assert len(possible) == count
            text = yield ""
            refused.append(word)
            word, after = suggestion(text)
            assert after == count - (word.upper() in possible or refused[-1].upper() in possible)
            assert after == count - (refused[-1].upper() in possible)
            assert word not in refused and not {w.upper() for w in refused} & (yield from listed())
            count = after

    run_in_process("play", "--start", "crane", input_text=player())


def test_refusing_every_possible_word_ends_in_a_clear_line_not_a_loop(tmp_path):
    answers = tmp_path / "answers.txt"
    answers.write_text("crane\nslate\ntrace\n")

    def player():
        seen = []
        text = yield
        for _ in range(40):
            if "every word that fits has been refused" in text:
                break
            word, count = GUESS.findall(text)[-1]
            assert word not in seen
            seen.append(word)
            text = yield ""
        else:
            raise AssertionError(f"still suggesting after refusing {seen}")
        assert {"CRANE", "SLATE", "TRACE"} <= set(seen)
        text = yield ""  # nothing left to refuse: one line, the game goes on
        assert "no suggestion to refuse" in text
        text = yield "brick ggggg"  # the game's answer is the game's word
        assert "Solved in 1 guess." in text

    assert run_in_process("play", "--answers", str(answers), input_text=player()).returncode == 0


def test_a_typed_word_outside_the_dictionary_with_all_green_ends_the_game():
    def player():
        yield
        text = yield "qzxqz ggggg"
        assert "Solved in 1 guess." in text and "Traceback" not in text

    result = run_in_process("play", input_text=player())
    assert "Traceback" not in result.stderr
    assert result.returncode == 0


def test_feedback_outside_the_dictionary_is_kept_and_the_game_goes_on(terminal):
    term = terminal("play")
    next_guess(term)
    term.type("zebra ggg.g")  # zeb?a without R: a string, but no word lenwordle knows
    text = term.read_until("? ")
    assert "the answer is outside its dictionary" in text and "\x1b[1;97;100m R " in text
    term.type("list")
    assert "0 possible" in term.read_until("? ")
    term.type("zebza ggggg")
    assert "Solved in 2 guesses." in term.rest()
    assert term.wait() == 0


REFUSED = re.compile(r"([A-Z]+): refused by the game \((\d+) words?\)")


def test_a_blank_line_is_acknowledged_with_the_words_left_then_the_next_suggestion():
    def player():
        _, total = suggestion((yield))
        text = yield ""  # the game refused CRANE, one of the possible words
        [(word, left)] = REFUSED.findall(text)
        after, count = GUESS.findall(text)[-1]
        assert word == "CRANE" and int(left) == int(count) == total - 1 and after != "CRANE"
        assert text.index("refused by the game") < text.index(f"> {after} ")

    run_in_process("play", "--start", "crane", input_text=player())


def test_refusing_the_last_words_counts_down_to_none(tmp_path):
    answers = tmp_path / "answers.txt"
    answers.write_text("crane\nslate\n")

    def player():
        yield
        said, transcript = [], ""
        for _ in range(40):
            text = yield ""
            said, transcript = said + REFUSED.findall(text), transcript + text
            if "every word that fits has been refused" in text:
                break
        else:
            raise AssertionError(f"still suggesting after {said}")
        answers_refused = [(word, left) for word, left in said if word in ("CRANE", "SLATE")]
        assert [left for _, left in answers_refused] == ["1", "0"]
        assert "refused by the game (1 word)\n" in transcript  # one word: no plural
        assert text.index("refused by the game (0 words)") < text.index("every word that fits")

    run_in_process("play", "--answers", str(answers), input_text=player())


def test_help_shows_the_table_then_the_pending_suggestion_again():
    def player():
        yield
        word, count = suggestion((yield reply_for("crane", "slate")))
        text = yield "help"
        assert "WORD FEEDBACK" in text and "undo" in text
        assert GUESS.findall(text) == [(word.upper(), str(count))]
        assert text.index("undo") < text.index(f"> {word.upper()} ({count} word")

    run_in_process("play", "--start", "crane", input_text=player())


ESCAPE = "\x1b["  # what a dumb terminal shows as garbage: colours, erase to end of line


def play_to_the_end(term, answer: str = "crane") -> str:
    """Play the suggestions against answer to the end; return all the output."""
    shown = ""
    for _ in range(6):
        text = term.read_until("? ")
        shown += text
        word = GUESS.findall(text)[-1][0].lower()
        term.type(reply_for(word, answer))
        if word == answer:
            break
    return shown + term.rest()


@pytest.mark.parametrize("term_name", ["dumb", "", "unknown", "xterm"])
def test_a_dumb_terminal_gets_no_colours(terminal, term_name):
    term = terminal("play", env={"TERM": term_name})  # "": as if TERM were unset
    shown = play_to_the_end(term)
    assert "Solved in" in shown and term.wait() == 0
    if term_name == "xterm":  # the same game on a terminal that takes them: coloured tiles
        assert "\x1b[1;97;42m" in shown
    else:
        assert ESCAPE not in shown and "CRANE ggggg" in shown  # the tiles as plain marks


@pytest.mark.parametrize("term_name", ["dumb", "xterm"])
def test_a_dumb_terminal_gets_no_progress_line_that_redraws(terminal, tmp_path, term_name, nyt):
    # the optimal strategy computes its tree (no stored one in an empty folder): its progress
    # is a line redrawn with \r and \x1b[K on a terminal, nothing on a dumb one
    words = tmp_path / "words.txt"
    words.write_text("".join((nyt / "answers.txt").read_text().splitlines(True)[:30]))
    env = {"TERM": term_name, "LENWORDLE_TREES": str(tmp_path / "trees")}
    term = terminal("solve", "--strategy", "optimal", "--words", str(words), "crane", env=env)
    shown = term.rest(timeout=240)
    assert term.wait() == 0 and "Solved in" in shown and "computing the tree" in shown
    assert ("\x1b[K" in shown) is (term_name == "xterm")
    assert (ESCAPE in shown) is (term_name == "xterm")
    bench = terminal("bench", "--words", str(words), "--limit", "5", "--workers", "1", env=env)
    shown = bench.rest(timeout=120)  # its progress bar: drawn with escapes, or not at all
    assert bench.wait() == 0 and "games 5" in shown
    assert (ESCAPE in shown) is (term_name == "xterm")
