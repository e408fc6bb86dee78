"""The prompts of a game in the terminal: a line read at a time, at most MAX_INPUT_LINE
characters; at a terminal, with line editing and a history of the lines typed (the
standard library's readline, where the platform has it)."""

import signal
import sys
import threading

from lenwordle.cli.console import show

MAX_INPUT_LINE = 4096  # characters of a line typed to play, its newline aside; longer is refused
DISCARD_CHUNK = 1 << 16  # characters of a refused line read at once, to be dropped
# While readline waits for a key, a Ctrl-C that comes between the prompt and its wait is held
# until the next key (CPython's readline waits in select() and reads the signals only when
# that is interrupted): a tick this often interrupts the wait, and the Ctrl-C is acted on
TICK_SECONDS = 0.1


def ask(prompt: str) -> tuple[str | None, int]:
    """Show prompt and return the line typed, its newline kept ('' at the end of input),
    and its length; for a line longer than MAX_INPUT_LINE characters, None. At a terminal
    (stdin and stdout both one) the line is edited as a shell's (arrows, Home, End, Ctrl-A,
    Ctrl-E) and Up recalls the lines typed before, where readline can be had."""
    if sys.stdin is None:
        show(prompt, nl=False)
        return "", 0
    if _editing():
        try:
            line = _edited(prompt)
        except EOFError:
            return "", 0
        if len(line) > MAX_INPUT_LINE:
            return None, len(line)
        return line + "\n", len(line)
    show(prompt, nl=False)
    sys.stdout.flush()
    return read_line(sys.stdin)


def _edited(prompt: str) -> str:
    """Return the line typed after prompt, edited by readline; Ctrl-C raises
    KeyboardInterrupt at once (TICK_SECONDS), wherever it comes."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(
        signal, "setitimer"
    ):
        return input(prompt)
    before = signal.signal(signal.SIGALRM, _tick)
    signal.setitimer(signal.ITIMER_REAL, TICK_SECONDS, TICK_SECONDS)
    try:
        return input(prompt)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)


def _tick(signum: int, frame: object) -> None:
    """Do nothing: the tick only wakes readline's wait (see TICK_SECONDS)."""


def _editing() -> bool:
    """Return whether the prompt edits lines (readline loaded): stdin and stdout terminals."""
    try:
        terminal = sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError, OSError):  # (a closed or odd stream)
        return False
    if not terminal:
        return False
    try:
        import readline  # noqa: F401  (loaded, input() edits lines and keeps a history)
    except ImportError:  # (Windows, or Python built without it: plain lines)
        return False
    return True


def read_line(stream, cap: int = MAX_INPUT_LINE) -> tuple[str | None, int]:
    """Return the next line of stream ('' at the end of input) and its length; for a line
    longer than cap characters (its newline aside), None: it is dropped, never held whole."""
    line = stream.readline(cap + 1)
    if len(line) <= cap or line.endswith("\n"):
        return line, len(line.removesuffix("\n"))
    length = len(line)
    while True:
        chunk = stream.readline(DISCARD_CHUNK)
        length += len(chunk.removesuffix("\n"))
        if not chunk or chunk.endswith("\n"):
            return None, length
