"""`tree` with no tree within the limit says what may still find one: the words known as
guesses (--guesses all), every guess tried (--width all), other openers; at the limit where
a tree is found and one below it, in a language of each script (SUTOM games of few answers).
"""

import pytest
from helpers import invoke, one_line_error

GUESSES = "--guesses all (every word known as a guess)"
WIDTH = "--width all (every guess tried in each position)"

# (options of a small game, the fewest guesses a tree of it takes with the default search)
GAMES = [
    (["--lang", "es", "-k", "6", "--first-letter", "k"], 3),  # 11 answers
    (["--lang", "tr", "-k", "6", "--first-letter", "ı"], 3),  # 32 answers
    (["--lang", "ru", "-k", "6", "--first-letter", "ю"], 4),  # 65 answers
]


@pytest.mark.parametrize(("game", "fewest"), GAMES)
def test_at_the_limit_a_tree_is_found_one_below_the_message_says_what_may_find_one(
    game, fewest, tmp_path, monkeypatch
):
    monkeypatch.setenv("LENWORDLE_TREES", str(tmp_path / "trees"))
    found = invoke("tree", *game, "--max-guesses", str(fewest), "--workers", "1")
    assert found.returncode == 0, found.stderr
    assert f"max {fewest} " in found.stdout
    error = one_line_error(invoke("tree", *game, "--max-guesses", str(fewest - 1)))
    assert error == (
        f"error: none of the 10 openers has a tree within {fewest - 1} guesses; "
        f"{GUESSES} or {WIDTH} or more --openers may find one"
    )


def test_the_hint_names_only_what_was_not_searched_already(tmp_path, monkeypatch):
    monkeypatch.setenv("LENWORDLE_TREES", str(tmp_path / "trees"))
    game = [*GAMES[0][0], "--max-guesses", "2"]
    every_word = one_line_error(invoke("tree", *game, "--guesses", "all"))
    assert every_word.endswith(f"; {WIDTH} or more --openers may find one")
    proof = one_line_error(invoke("tree", *game, "--guesses", "all", "--width", "all"))
    assert proof.endswith("within 2 guesses; more --openers may find one")


@pytest.mark.parametrize("workers", ["1", "2"])  # the search's error, or a worker's
def test_one_opener_without_a_tree_points_to_another(workers, tmp_path, monkeypatch):
    monkeypatch.setenv("LENWORDLE_TREES", str(tmp_path / "trees"))
    game = [*GAMES[0][0], "--max-guesses", "2", "--start", "kaiser", "--workers", workers]
    error = one_line_error(invoke("tree", *game))
    assert error.startswith("error: KAISER ") and ": no tree within 2 guesses; " in error
    assert error.endswith(f"{GUESSES} or {WIDTH} or another --start may find one")


def test_word_files_of_ones_own_are_not_told_of_guesses_all(tmp_path, monkeypatch):
    monkeypatch.setenv("LENWORDLE_TREES", str(tmp_path / "trees"))
    words = tmp_path / "words.txt"
    words.write_text("eight\nfight\nlight\nmight\nnight\nright\nsight\ntight\n")
    error = one_line_error(invoke("tree", "--words", str(words), "--max-guesses", "3"))
    assert error.endswith(f"within 3 guesses; {WIDTH} or more --openers may find one")
