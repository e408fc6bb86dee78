"""What the commands share: the typer app they register on, the checks of typed words and
languages, and the game a command opens (its notes said first)."""

import os
import shutil
import sys
from dataclasses import replace
from pathlib import Path

import typer

from lenwordle.api.checks import MIN_WORKERS
from lenwordle.api.setup import Settings
from lenwordle.cli.checks import at_least_one, flag
from lenwordle.cli.console import (
    fail,
    note,
    takes_escapes,
    warn,
)
from lenwordle.cli.formatting import (
    capitals,
    coloured_word,
)
from lenwordle.cli.options import (
    SettingsOptions,
)
from lenwordle.cli.typer_app import App
from lenwordle.engine.workers import (
    default_workers,
)
from lenwordle.strategies.base import ReportsProgress
from lenwordle.words.alphabet import ENGLISH, Alphabet
from lenwordle.words.quoting import quoted
from lenwordle.words.typed import plain_word
from lenwordle.words.wordlist import (
    WordListError,
)

app = App(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="An approximate, low-memory Wordle solver for words of any length.",
)


def words_alike(words: list[str], alphabet: Alphabet = ENGLISH) -> list[str]:
    """Return the words as the game has them (made plain as typed text is, lower case,
    folded), or exit saying which is not a word of the game's letters or not as long as the
    first."""
    words = [plain_word(word) for word in words]
    folded = [alphabet.fold(word) for word in words]
    for word, typed in zip(folded, words):
        if not alphabet.is_word(word) or not alphabet.typed_plainly(typed):
            fail(f"{quoted(typed)} is not a word of letters {alphabet.described()}")
        if len(word) != len(folded[0]):
            fail(
                f"{quoted(typed)} has {len(word)} letters, {quoted(words[0])} has {len(folded[0])}"
            )
    return folded


def words_of(alphabet: Alphabet, typed: str, word: str, k: int) -> bool:
    """Return whether typed (folded: word) is a word of k of the alphabet's letters."""
    return len(word) == k and alphabet.is_word(word) and alphabet.typed_plainly(typed)


def alphabet_of(options: SettingsOptions) -> Alphabet:
    """Return the alphabet of the asked language and accent rule, or exit saying why not."""
    try:
        return Settings(lang=options["lang"], accents=options["accents"]).alphabet()
    except WordListError as error:
        fail(str(error))


def settings_from(**options) -> Settings:
    """Return the Settings of these options, or exit with the one-line reason they are wrong."""
    try:
        return Settings(**options)
    except WordListError as error:
        fail(str(error))


def use_colour() -> bool:
    """Return whether stdout takes colours: a terminal that understands them (TERM neither
    dumb nor unset), and NO_COLOR unset."""
    return not os.environ.get("NO_COLOR") and takes_escapes(sys.stdout)


def colour_tiles(word: str, reply: str) -> str:
    """Return the guess as coloured letter tiles for a terminal, or plain text if colour is off."""
    return coloured_word(word, reply) if use_colour() else f"{capitals(word)} {reply}"


def usable_workers(workers: int) -> int:
    """Return --workers, checked and capped at the cores (more processes only compete for them)."""
    at_least_one("workers", workers, MIN_WORKERS)
    cores = default_workers()
    if workers > cores:
        note(
            f"--workers {workers} is more than the {cores} core{'s' if cores != 1 else ''} "
            f"this process may use; using {cores}"
        )
        return cores
    return workers


def opened(
    settings: Settings,
    starters: Path | None,
    quiet=False,
    in_file_order=False,
    own_progress=False,
    said: set[str] | None = None,
    about: str = "",
):
    """Return the game the settings open, after telling what the player should know (the
    skipped lines of word files; unless quiet, why no stored opener is used); or exit.
    own_progress: the command shows its own progress bar, so the strategy's searches do not
    draw a line of theirs over it. When a command opens several games (compare): said, the
    warnings given already (each is given once); about, what the notes are about (the
    strategy), said first."""

    def warned(line: str) -> None:
        if said is None or line not in said:
            warn([line])
        if said is not None:
            said.add(line)

    def told(line: str) -> None:
        note(f"{about}: {line}" if about else line)

    try:
        first = settings.open(
            starters,
            in_file_order,
            announce=None if quiet else told,
            # the progress line redraws itself (\r, \x1b[K): not on a dumb terminal
            progress=None if quiet or not takes_escapes(sys.stderr) else progress_line,
        )
    except (WordListError, ValueError) as error:
        fail(str(error))
    for line in first.skipped:
        warned(line)
    solver = first.solver  # a strategy whose choices may search long tells their progress
    if isinstance(solver, ReportsProgress) and not quiet and not own_progress:
        first = replace(first, solver=solver.with_progress(progress_line))
    if first.no_opener and not quiet:
        told(first.why_no_opener(flag) or "")
    return first


def progress_line(done: int, total: int, about: str) -> None:
    """Print the search's progress on stderr, when it is a terminal."""
    if takes_escapes(sys.stderr):  # cut to the terminal's width: a line that wraps is not redrawn
        line = f"{done}/{total} {about}"[: max(1, shutil.get_terminal_size().columns - 1)]
        typer.echo(f"\r{line}\x1b[K", err=True, nl=done == total)
