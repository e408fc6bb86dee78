"""The rules of a game: word length, boards, the guess limit and hard mode (or ultra-hard),
as one value."""

from collections.abc import Callable
from dataclasses import dataclass

from lenwordle.words.wordlist import WordListError

EXTRA_GUESSES = 5  # the guess limit is boards + 5: Wordle 6, Dordle 7, Quordle 9, ... 37
DEFAULT_LIMIT = 1 + EXTRA_GUESSES  # one board's: Wordle's 6
# Kilordle's thousand boards; each costs about 0.4 MB and 0.14 s of a game (5 letters, one
# core: benchmarks/boards.py), so the most is about 500 MB and minutes a game
MAX_BOARDS = 1000


def flag(name: str) -> str:
    """Return an option as the command line names it: max_guesses as --max-guesses."""
    return "--" + name.replace("_", "-")


class OptionError(WordListError):
    """Options that cannot make a game, in one line that names each option as {name} (its
    Python name) for the face to write: str() as the command line does (--max-guesses),
    named(str) as Python does (max_guesses)."""

    def __init__(self, template: str, *options: str) -> None:
        self.template, self.options = template, options
        super().__init__(self.named(flag))

    def named(self, name: Callable[[str], str]) -> str:
        """Return the message with each option named by name(option)."""
        text = self.template
        for option in self.options:
            text = text.replace("{" + option + "}", name(option))
        return text


@dataclass(frozen=True)
class Rules:
    """What a game allows: `limit` guesses to solve `boards` words of `k` letters."""

    k: int = 5
    boards: int = 1
    max_guesses: int | None = None  # None: boards + EXTRA_GUESSES
    hard: bool = False
    ultra_hard: bool = False  # hard mode and more (engine/hard_mode.py): it sets hard

    def __post_init__(self) -> None:
        if self.ultra_hard:
            object.__setattr__(self, "hard", True)
        if self.boards < 1:
            raise OptionError(f"{{boards}} must be at least 1, not {self.boards}", "boards")
        if self.boards > MAX_BOARDS:
            raise OptionError(
                f"{{boards}} must be at most {MAX_BOARDS} (Kilordle), not {self.boards}", "boards"
            )
        if self.max_guesses is not None and self.max_guesses < self.boards:
            raise OptionError(
                f"{{max_guesses}} must be at least {self.boards}, not {self.max_guesses}: "
                "each board needs a guess of its own",
                "max_guesses",
            )
        if self.hard and self.boards > 1:  # one guess would have to fit every board's hints
            mode = "ultra_hard" if self.ultra_hard else "hard"
            raise OptionError(
                f"{{{mode}}} is for one board: the hints of several boards soon leave no word "
                "that uses them all",
                mode,
            )

    @property
    def strict(self) -> bool:
        """Return whether a game ends at the limit: on several boards, or when the limit was
        given; one board's game may go on past its six guesses (many games allow more)."""
        return self.boards > 1 or self.max_guesses is not None

    @property
    def limit(self) -> int:
        """Return the most guesses a won game may take."""
        return self.boards + EXTRA_GUESSES if self.max_guesses is None else self.max_guesses
