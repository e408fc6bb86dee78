"""`lenwordle practice --make-challenge WORD` and `--challenge CODE` as a player runs them: the
code and the page's link printed (never the word), the challenge's game said before the first
guess, its word played and kept as 'challenge CODE'; a bad code, an option beside it that says
another game, a word the game would not hide: one line and exit 2."""

import pytest
from helpers import one_line_error, run_in_process

from lenwordle.api import read_challenge
from lenwordle.cli.serve import DEFAULT_HOST, DEFAULT_PORT
from lenwordle.store.stats import Stats, stats_path


def made(*args):
    """Return the code --make-challenge prints, its output checked."""
    result = run_in_process("practice", "--make-challenge", *args)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    code = lines[1].removeprefix("Code: ")
    assert lines[2] == f"Play it: lenwordle practice --challenge {code}"
    assert lines[3].endswith(f"http://{DEFAULT_HOST}:{DEFAULT_PORT}/?challenge={code}")
    return code, lines[0]


@pytest.mark.parametrize(
    "word, args, said, hidden",
    [
        ("crane", (), "A challenge: Wordle, English, 5 letters.", "crane"),
        (
            "Árbol",
            ("--lang", "es", "--accents", "keep", "--hard"),
            "Wordle, Spanish, 5 letters, hard mode, accents kept.",
            "árbol",
        ),
        ("ЯБЛОКО", ("--lang", "ru", "-k", "6"), "Wordle, Russian, 6 letters.", "яблоко"),
        ("IŞIK", ("--lang", "tr", "-k", "4"), "Wordle, Turkish, 4 letters.", "ışık"),
        ("crane", ("--variant", "fibble"), "Fibble, English, 5 letters.", "crane"),
        ("3+4*2=11", ("--variant", "nerdle", "-k", "8"), "Nerdle, 8 tiles.", "3+4*2=11"),
        ("crane,sloth", ("--boards", "2"), "Wordle, English, 5 letters, 2 boards.", "crane sloth"),
        ("hacker", ("--sutom", "-k", "6"), "SUTOM, English, 6 letters.", "hacker"),
    ],
)
def test_a_challenge_made_prints_its_code_and_link_and_plays_its_word(
    tmp_path, word, args, said, hidden
):
    code, first = made(word, *args)
    assert first.endswith(said)
    assert word.lower() not in code.lower() and word.lower()[::-1] not in code.lower()
    assert read_challenge(code).words == tuple(hidden.split())
    typed = "\n".join(word.split(",")) + "\n"
    result = run_in_process(
        "practice", "--challenge", code, "--data-dir", tmp_path, input_text=typed
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout.splitlines()
    assert out[0].endswith(said)  # before the first guess: the game, never the word
    assert all(part not in out[0].lower() for part in hidden.split())
    assert any(line.startswith("Guess the") and f"(challenge {code}," in line for line in out)
    if "fibble" not in args:  # (Fibble's one lie a row: the word, then solved)
        assert any(line.startswith("Solved in") for line in out)
        assert f"lenwordle challenge {code} " in result.stdout
    assert Stats(stats_path(tmp_path)).last().puzzle == f"challenge {code}"


def test_an_option_beside_a_challenge_that_says_another_game_is_one_line(tmp_path):
    code, _ = made("árbol", "--lang", "es")
    for args, said in [
        (("--lang", "en"), "error: --lang en contradicts the challenge's --lang es"),
        (("-k", "6"), "error: -k 6 contradicts the challenge's -k 5"),
        (("--hard",), "error: --hard contradicts the challenge, played without it"),
        (("--boards", "2"), "error: --boards 2 contradicts the challenge's --boards 1"),
        (
            ("--variant", "fibble"),
            "error: --variant fibble contradicts the challenge's --variant wordle",
        ),
        (
            ("--accents", "keep"),
            "error: --accents keep contradicts the challenge's --accents fold",
        ),
        (("--sutom",), "error: --sutom contradicts the challenge, played without it"),
        (("--seed", "3"), "error: --seed is for a game lenwordle draws: not with --challenge"),
        (("--daily",), "error: --daily is for a game lenwordle draws: not with --challenge"),
        (("--stats",), "error: --stats prints and stops: not with --challenge"),
        (("--make-challenge", "crane"), "error: give --make-challenge or --challenge, not both"),
    ]:
        result = run_in_process("practice", "--challenge", code, "--data-dir", tmp_path, *args)
        assert one_line_error(result) == said, args
    agreeing = ("--lang", "es", "-k", "5", "--accents", "fold", "--variant", "wordle")
    result = run_in_process(
        "practice", "--challenge", code, *agreeing, "--data-dir", tmp_path, input_text="árbol\n"
    )
    assert result.returncode == 0 and "Solved in 1 guess." in result.stdout


def test_a_bad_code_is_one_line(tmp_path):
    code, _ = made("crane")
    for typed, said in [
        (code[:-1], "error: --challenge is mistyped: its check does not match (copy it again)"),
        (code[:5] + ("X" if code[5] != "X" else "Y") + code[6:], "mistyped"),
        ("", "error: --challenge is empty: give the code you were sent"),
        ("UUUU", "which no challenge code has"),
    ]:
        result = run_in_process("practice", "--challenge", typed, "--data-dir", tmp_path)
        assert said in one_line_error(result), typed
    assert not stats_path(tmp_path).exists()  # (nothing played, nothing kept)


def test_a_word_the_game_would_not_hide_makes_no_challenge():
    for args, said in [
        (("xyzzy",), "error: XYZZY is not a word this game may hide"),
        (("crane", "--boards", "2"), "error: this game hides 2 words (apart by commas), not 1"),
        (("crane", "--absurdle"), "error: --absurdle: its host keeps no secret, so no challenge"),
        (
            ("crane", "--seed", "4"),
            "error: --seed is for a game lenwordle draws: not with --make-challenge",
        ),
        (("crane,slate", "--variant", "xordle"), "share a letter"),
    ]:
        assert said in one_line_error(run_in_process("practice", "--make-challenge", *args))
