"""A game lenwordle ships no opener for (here: the bundled starters folder emptied) says so
once, in plain words, without a path; a starters folder of one's own still names its file.
In Spanish with accents kept, Russian and Turkish with accents folded, and English."""

import pytest
from helpers import run_in_process

from lenwordle.engine.feedback import reply_for
from lenwordle.store import starters
from lenwordle.words.languages import LANGUAGES


@pytest.fixture
def nothing_stored(tmp_path, monkeypatch):
    """Make the bundled starters folder an empty one."""
    monkeypatch.setattr(starters, "default_dir", lambda: tmp_path / "bundled")
    (tmp_path / "bundled").mkdir()
    return tmp_path / "bundled"


CASES = [
    (["--lang", "es", "--accents", "keep"], "cañón", "Spanish words of 5 letters, accents kept"),
    (["--lang", "ru", "--accents", "keep"], "ёжики", "Russian words of 5 letters, accents kept"),
    (["--lang", "tr", "--accents", "fold"], "ılık", "Turkish words of 4 letters, accents folded"),
    ([], "crane", "English words of 5 letters"),
]


def notes(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith("note:")]


@pytest.mark.parametrize("options, answer, settings", CASES)
def test_no_stored_opener_is_said_once_in_plain_words(nothing_stored, options, answer, settings):
    result = run_in_process("solve", *options, answer)
    assert result.returncode == 0, result.stderr
    said = f"note: lenwordle has no stored opener for {settings}; computing the opener"
    assert notes(result.stderr) == [said]
    assert str(nothing_stored) not in result.stderr and ".json" not in result.stderr


@pytest.mark.parametrize("options, answer, settings", CASES[:3])
def test_a_played_game_says_it_once_over_several_turns(nothing_stored, options, answer, settings):
    guesses = {"cañón": ["perro", "cañón"], "ёжики": ["кобра", "ёжики"], "ılık": ["kalp", "ılık"]}
    fold = LANGUAGES[options[1]].alphabet(options[3]).fold  # (the game's letters: ı is i)
    lines = "".join(f"{g} {reply_for(fold(g), fold(answer))}\n" for g in guesses[answer])
    result = run_in_process("play", *options, "-k", str(len(answer)), input_text=lines)
    assert result.returncode == 0, result.stderr
    assert "Solved in 2 guesses." in result.stdout
    assert notes(result.stderr) == [
        f"note: lenwordle has no stored opener for {settings}; computing the opener"
    ]


def test_a_stored_opener_says_nothing_and_an_own_folder_names_its_file(tmp_path):
    shipped = run_in_process("solve", "--lang", "es", "cabra")
    assert shipped.returncode == 0 and notes(shipped.stderr) == []
    own = run_in_process("solve", "--lang", "es", "--starters", str(tmp_path), "cabra")
    assert notes(own.stderr) == [
        f"note: no starter file {tmp_path / '05.json'}; computing the opener"
    ]
