"""Checks of the values a command is given: each exits with a one-line message if it fails."""

from collections.abc import Callable
from pathlib import Path

from lenwordle.api.checks import SetupError, at_least
from lenwordle.api.lists import skipped_lines
from lenwordle.api.practice import Problem, StatsError
from lenwordle.api.setup import Settings
from lenwordle.cli.console import fail, warn
from lenwordle.words.wordlist import LETTERS, WordList, WordListError


def is_word(text: str) -> bool:
    """Return whether text is letters a-z in either case (ASCII only: the Kelvin sign, which
    lowers to k, is not a K)."""
    return text.isascii() and LETTERS.fullmatch(text.lower()) is not None


def flag(name: str) -> str:
    """Return an option as the command line names it: max_guesses as --max-guesses."""
    return "--" + name.replace("_", "-")


def said(error: Exception, name: Callable[[str], str] = flag) -> str:
    """Return an error's line, the options it names as {option} (an OptionError's, the
    library's SetupError's: max_guesses) written by name (the command line's --max-guesses)."""
    named = getattr(error, "named", None)
    return named(name) if callable(named) else str(error)


# what a player can do about a statistics file, by its problem (the library names the file and
# what happened; the command line adds its own flags)
STATS_ADVICE = {
    Problem.NOT_OURS: "move it away, or give --data-dir",
    Problem.DAMAGED: "move it away, or give --data-dir",
    Problem.NEWER: "upgrade lenwordle, or give --data-dir",
    Problem.FULL: "free some space, or give --data-dir",
    Problem.READ_ONLY: "give --data-dir",
    Problem.NO_PERMISSION: "give --data-dir",
    Problem.NOT_A_FOLDER: "give --data-dir",
    Problem.NOT_A_FILE: "give --data-dir",
    Problem.LOCKED: "try again once the other program is done",
}


def stats_said(error: StatsError) -> str:
    """Return a statistics error as the command line says it: the library's line and what
    the player can do."""
    advice = STATS_ADVICE.get(error.problem)
    return f"{error}: {advice}" if advice else str(error)


def at_least_one(option: str, value: int, least: int = 1) -> None:
    """Exit with a one-line message unless the option's value (option: its Python name) is
    at least least, as the library checks it."""
    try:
        at_least(option, value, least)
    except SetupError as error:
        fail(said(error))


def read_list(path: Path, settings: Settings) -> WordList:
    """Return the words of a word file in the settings' length and alphabet (.order as
    listed), warning about skipped lines; or exit."""
    try:
        words = settings.read(path, in_file_order=True)
    except WordListError as error:
        fail(str(error))
    warn(skipped_lines(words))
    return words
