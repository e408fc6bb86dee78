"""Checks of the values a command is given: each exits with a one-line message if it fails."""

from pathlib import Path

from lenwordle.api.lists import skipped_lines
from lenwordle.api.setup import Settings
from lenwordle.cli.console import fail, warn
from lenwordle.words.wordlist import LETTERS, WordList, WordListError


def is_word(text: str) -> bool:
    """Return whether text is letters a-z in either case (ASCII only: the Kelvin sign, which
    lowers to k, is not a K)."""
    return text.isascii() and LETTERS.fullmatch(text.lower()) is not None


def at_least_one(option: str, value: int) -> None:
    """Exit with a one-line message unless value is at least 1."""
    if value < 1:
        fail(f"{option} must be at least 1, not {value}")


def read_list(path: Path, settings: Settings) -> WordList:
    """Return the words of a word file in the settings' length and alphabet (.order as
    listed), warning about skipped lines; or exit."""
    try:
        words = settings.read(path, in_file_order=True)
    except WordListError as error:
        fail(str(error))
    warn(skipped_lines(words))
    return words
