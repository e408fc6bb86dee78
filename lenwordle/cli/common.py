"""What the commands share: the typer app they register on, and how a command calls the
library: what it tells the player (notes, warnings) and a long search's progress on stderr,
its error in one line."""

import os
import shutil
import sys
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

import typer

import lenwordle
from lenwordle.api import Notice, SetupError
from lenwordle.cli.checks import flag, said
from lenwordle.cli.console import fail, note, takes_escapes, warn
from lenwordle.cli.formatting import capitals, coloured_word
from lenwordle.cli.typer_app import App

app = App(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="An approximate, low-memory Wordle solver for words of any length.",
    epilog=(
        "Example: lenwordle play   (then type the colours the game showed: g green, y "
        "yellow, . grey; e.g. ..yg.)  Each command's --help has its own."
    ),
)


def _version(shown: bool) -> None:
    """Print the version and stop, when --version is given."""
    if shown:
        typer.echo(f"lenwordle {lenwordle.__version__}")
        raise typer.Exit(0)


@app.callback()
def _options(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Print the version."),
    ] = False,
) -> None:
    """An approximate, low-memory Wordle solver for words of any length."""


def use_colour() -> bool:
    """Return whether stdout takes colours: a terminal that understands them, NO_COLOR unset."""
    return not os.environ.get("NO_COLOR") and takes_escapes(sys.stdout)


def colour_tiles(word: str, reply: str) -> str:
    """Return the guess as coloured letter tiles for a terminal, or plain text if colour is off."""
    return coloured_word(word, reply) if use_colour() else f"{capitals(word)} {reply}"


T = TypeVar("T")


def asked(
    function: Callable[..., T],
    *args: Any,
    wording: Callable[[SetupError], str] = said,
    **kwargs: Any,
) -> T:
    """Return what a library function gives; or exit with its one-line error (as wording
    words it: by default its line, its options as the command line names them)."""
    try:
        return function(*args, **kwargs)
    except SetupError as error:
        fail(wording(error))


def called(function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """Return what a library function of a command gives, the player told what to know and
    a long search's progress on the way; or exit with its one-line error."""
    return asked(function, *args, **{"told": told, "progress": progress_line, **kwargs})


def game_options(options: dict[str, Any]) -> dict[str, Any]:
    """Return the options of a game as the library's functions take them: -k as length."""
    return {("length" if name == "k" else name): value for name, value in options.items()}


def told(notice: Notice) -> None:
    """Tell the player a notice on stderr (that the first guess is computed: on a terminal)."""
    if notice.kind == "warning":
        warn([notice.named(flag)])
    elif notice.kind == "note":
        note(notice.named(flag))
    elif sys.stderr.isatty():
        typer.echo("(computing the first guess...)", err=True)


def progress_line(done: int, total: int, about: str) -> None:
    """Print the search's progress on stderr, when it is a terminal."""
    if takes_escapes(sys.stderr):  # cut to the terminal's width: a line that wraps is not redrawn
        line = f"{done}/{total} {about}"[: max(1, shutil.get_terminal_size().columns - 1)]
        typer.echo(f"\r{line}\x1b[K", err=True, nl=done == total)
