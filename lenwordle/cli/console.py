"""Writing to the console: the lines every command prints (show on stdout; note, warn and
fail on stderr), as text its encoding can carry; a write to stdout that fails, whoever makes
it (a command, typer's help, the flush at exit), is an OutputError (guard_stdout)."""

import contextlib
import io
import os
import sys
from typing import NoReturn

import typer

from lenwordle.api.text import ACCEPTED, BLANK_TILE

# Where the console cannot encode the tiles (a latin-1 or ASCII terminal), the plain marks:
PLAIN = str.maketrans(
    {"🟩": "g", "🟨": "y", "🟧": "g", "🟦": "y", "⬛": ".", "⬜": ".", "█": "#", BLANK_TILE: " "}
)
PLAIN_ACCEPTED = "g/y/. (or 2/1/0)"  # ACCEPTED without the tiles nobody could type there
DUMB_TERMS = frozenset({"", "dumb", "unknown"})  # TERM of a terminal that takes no escapes


class OutputError(Exception):
    """Standard output cannot be written (a full disk, a closed pipe...); not an OSError, so
    that nothing on the way (typer quietly ends on a closed pipe) takes it for another one."""

    def __init__(self, error: OSError):
        super().__init__(error.strerror or str(error))
        self.errno = error.errno


class StdoutFile(io.RawIOBase):
    """The stdout file descriptor, written directly; a failed write is an OutputError."""

    def __init__(self, stream):
        super().__init__()
        self.stream = stream  # the stream it replaces: kept open, so the descriptor stays valid
        self.fd = stream.fileno()

    def write(self, data) -> int:
        try:
            return os.write(self.fd, data)
        except OSError as error:
            raise OutputError(error) from None

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self.fd

    def isatty(self) -> bool:
        return os.isatty(self.fd)


def guard_stdout() -> None:
    """Route every write to stdout (ours, typer's help, the last flush) through StdoutFile."""
    old = sys.stdout
    try:
        raw = StdoutFile(old)
    except (AttributeError, OSError, ValueError):  # not a file (a test's capture): leave it
        return
    old.flush()
    sys.stdout = io.TextIOWrapper(
        io.BufferedWriter(raw),
        encoding=old.encoding,
        errors=old.errors,
        line_buffering=bool(old.line_buffering),
    )


def takes_escapes(stream) -> bool:
    """Return whether stream is a terminal that understands escape sequences (colours, erase
    to end of line): its TERM is not dumb nor unknown (unset, as git takes it, is dumb too)."""
    term = os.environ.get("TERM", "").strip().lower()
    try:
        return term not in DUMB_TERMS and stream is not None and stream.isatty()
    except (AttributeError, OSError, ValueError):  # not a file, or a closed one
        return False


def printable(text: str, stream) -> str:
    """Return text as the stream's encoding can carry it: tiles as g/y/., anything else escaped."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
        return text
    except UnicodeEncodeError:
        plain = text.replace(ACCEPTED, PLAIN_ACCEPTED).translate(PLAIN)
        return plain.encode(encoding, "backslashreplace").decode(encoding)
    except LookupError:  # an encoding Python does not know: leave the text to the stream
        return text


def drop_stdout() -> None:
    """Send what is still buffered for stdout to /dev/null: Python flushes it at exit, and
    output that could not be written must not fail a second time."""
    with contextlib.suppress(AttributeError, OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def show(text: str = "", nl: bool = True) -> None:
    """Print to stdout, as plain marks where it cannot show the tiles."""
    typer.echo(printable(text, sys.stdout), nl=nl)


def fail(message: str, code: int = 2) -> NoReturn:
    """Print a one-line error to stderr and exit."""
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


def note(message: str) -> None:
    """Print a one-line note to stderr."""
    typer.echo(f"note: {message}", err=True)


def warn(lines) -> None:
    """Print each line as a warning on stderr."""
    for line in lines:
        typer.echo(f"warning: {line}", err=True)
