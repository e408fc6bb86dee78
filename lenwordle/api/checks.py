"""The library's errors and the checks of its arguments: one of a wrong type or past its limit
is a SetupError (a game's setup) or a MoveError (a move), naming it as Python spells it; and
what a face is told while a command works (Notice). A line names an option as {option} or
{option=value}, which each face writes its own way (the command line: --boards 3)."""

import reprlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, get_args

from lenwordle.engine.rules import OptionError
from lenwordle.engine.workers import default_workers

cores = default_workers  # the cores this process may use: the workers by default

MIN_WORKERS = 1  # the processes a bench or a tree search uses: at least one, in every face


@dataclass(frozen=True)
class Notice:
    """A line the player should know while a command works: a note (why no stored opener
    serves, a search begun, the cores), a warning (a line of a word file skipped), or that
    the first guess is being computed."""

    template: str
    options: tuple[str, ...] = ()
    kind: Literal["note", "warning", "computing"] = "note"

    def named(self, name: Callable[[str], str] = str) -> str:
        """Return the line, each option it names written by name (str: as Python does)."""
        line = self.template
        for option in self.options:
            line = line.replace("{" + option + "}", name(option))
        return line

    def __str__(self) -> str:
        return self.named()


Told = Callable[[Notice], None]


def untold(notice: Notice) -> None:
    """Tell nothing (every function's default: Python's callers ask for what they want)."""


def usable_workers(workers: int, told: Told = untold) -> int:
    """Return workers, checked (at least MIN_WORKERS) and capped at the cores this process
    may use (more only compete for them), the cap told."""
    at_least("workers", workers, MIN_WORKERS)
    cores = default_workers()
    if workers <= cores:
        return workers
    plural = "s" if cores != 1 else ""
    said = f"{{workers}} {workers} is more than the {cores} core{plural} this process may use"
    told(Notice(f"{said}; using {cores}", ("workers",)))
    return cores


class SetupError(OptionError):
    """Options that cannot make a game (an unknown language, a length with no words...) in one
    line for the player, options named as Python names them (max_guesses); named(name) names
    them as another face does (the command line's --max-guesses)."""

    def __init__(self, template: str, *options: str) -> None:
        self.template, self.options = template, options
        Exception.__init__(self, self.named(str))


class MoveError(ValueError):
    """A reply, word or refusal the game cannot take; the game is exactly as it was."""


Error = Callable[[str], Exception]


def setup_error(error: Exception) -> SetupError:
    """Return error as a SetupError of one line, an OptionError's options kept to be named
    by the face (max_guesses in Python, --max-guesses on the command line)."""
    if isinstance(error, OptionError):
        return SetupError(error.template, *error.options)
    return SetupError(str(error).splitlines()[0])


def kinds_of(hint: Any) -> tuple[type, ...]:
    """Return the types an argument of this annotation takes at run time (a float takes an
    int too, as the type checker lets it)."""
    kinds = get_args(hint) or (hint,)
    return tuple(kind for each in kinds for kind in ((int, float) if each is float else (each,)))


def typed(name: str, value: object, *kinds: type, error: Error = SetupError) -> None:
    """Raise error naming the argument unless value is of one of kinds (type(None) for None;
    True is no int unless bool is one of them)."""
    wrong_bool = isinstance(value, bool) and bool not in kinds
    if not isinstance(value, kinds) or wrong_bool:
        names = " or ".join("None" if t is type(None) else t.__name__ for t in kinds)
        raise error(f"{name} must be {names}, not {reprlib.repr(value)}")


def a_path(name: str, value: object, error: Error = SetupError) -> Path | None:
    """Return value as a Path (None stays None), raising error naming the argument unless it
    is a str or a Path, not empty (as the command line refuses too), without a NUL."""
    typed(name, value, str, Path, type(None), error=error)
    if value is None:
        return None
    if value == "":
        raise error(f"{name} must be a path, not ''")
    if "\x00" in str(value):
        raise error(f"{name} must be a path without a NUL character, not {reprlib.repr(value)}")
    return Path(str(value))


def text(name: str, value: object, error: Error = SetupError) -> str:
    """Return value, raising error naming the argument unless it is a str that UTF-8 can
    write (no lone surrogate: a database or a file could not keep it)."""
    typed(name, value, str, error=error)
    assert isinstance(value, str)
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise error(f"{name} must be text UTF-8 can write, not {reprlib.repr(value)}") from None
    return value


def at_least(name: str, value: int, least: int, error: Error = SetupError) -> None:
    """Raise error naming the argument (an int, checked first) unless value >= least."""
    typed(name, value, int, error=error)
    if value < least:
        said = f"must be at least {least}, not {value}"
        if error is SetupError:  # (the face names it: workers, --workers)
            raise SetupError(f"{{{name}}} {said}", name)
        raise error(f"{name} {said}")


def words(name: str, value: object, error: Error = SetupError) -> list[str]:
    """Return value's words, raising error naming the argument unless it is an iterable of
    str (a str alone is a word, not words)."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise error(f"{name} must be an iterable of str, not {reprlib.repr(value)}")
    given = list(value)
    for word in given:
        typed(f"each of {name}", word, str, error=error)
    return given
