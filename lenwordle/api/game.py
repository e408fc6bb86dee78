"""A game played from Python: opened for a language, length, rules and strategy; it suggests,
takes the replies the game showed or its refusals, undoes, and lists the possible answers
with their chances. The web page plays through it; `play` runs the same Session underneath."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypedDict, Unpack, get_args, get_type_hints

from lenwordle.api.setup import Opened, Settings
from lenwordle.engine.feedback import parse_reply
from lenwordle.games.play import share_grid
from lenwordle.games.session import LIST_SIZE, Event, Session, chances_of
from lenwordle.words.languages import DEFAULT_LANGUAGE
from lenwordle.words.typed import plain_word
from lenwordle.words.wordlist import WordListError

__all__ = ["Chance", "Game", "GameOptions", "MoveError", "SetupError", "Turn", "options"]


class SetupError(WordListError):
    """Options that cannot make a game (an unknown language, a length with no words...); the
    message is one line for the player, options named as Python names them."""

    def __init__(self, message: str) -> None:
        super().__init__(re.sub(r"(?<![\w-])--([a-z][a-z-]*)", _python_name, message))


def _python_name(flag: re.Match[str]) -> str:
    """Return a command line's option (--max-guesses) as the API's keyword (max_guesses)."""
    return flag.group(1).replace("-", "_")


class MoveError(ValueError):
    """A reply, word or refusal the game cannot take; the game is exactly as it was."""


@dataclass(frozen=True)
class Chance:
    """A possible answer (as the player reads it: its dictionary spelling, in capitals) and
    its chance of being the answer."""

    word: str
    chance: float


@dataclass(frozen=True)
class Turn:
    """A guess played (in capitals) and the reply of each board (None: solved already)."""

    guess: str
    replies: tuple[str | None, ...]


class GameOptions(TypedDict, total=False):
    """The options a game takes beside its length and language: the command line's, by the
    same names (docs/playing.md says what each does); mypy checks their names and types."""

    strategy: str
    hard: bool
    max_guesses: int | None
    boards: int
    absurdle: bool
    accents: str | None
    first_letter: str | None
    words: str | Path | None
    answers: str | Path | None
    exclude: str | Path | None
    guesses: str
    shortlist: float
    uniform: bool
    width: int
    variant: str


PATHS = ("words", "answers", "exclude")  # options naming a file: a str or a Path


def _kinds(hint: Any) -> tuple[type, ...]:
    """Return the types an option of this annotation takes at run time (a float takes an
    int too, as the type checker lets it)."""
    kinds = get_args(hint) or (hint,)
    return tuple(kind for each in kinds for kind in ((int, float) if each is float else (each,)))


# each option's types, checked when the game opens, for callers that mypy does not check
OPTION_TYPES = {name: _kinds(hint) for name, hint in get_type_hints(GameOptions).items()}


def checked(given: dict[str, object]) -> None:
    """Raise SetupError for an option that is not one (its name) or of a wrong type."""
    for name, value in given.items():
        if name not in OPTION_TYPES:
            raise SetupError(f"no option {name!r}; the options are {', '.join(OPTION_TYPES)}")
        wanted = OPTION_TYPES[name]
        wrong_bool = isinstance(value, bool) and bool not in wanted  # (True is an int too)
        if not isinstance(value, wanted) or wrong_bool:
            names = " or ".join("None" if t is type(None) else t.__name__ for t in wanted)
            raise SetupError(f"{name} must be {names}, not {value!r}")


def options(
    length: int = 5, lang: str = DEFAULT_LANGUAGE, **settings: Unpack[GameOptions]
) -> Settings:
    """Return the settings of a game (the options of the command line, by the same names; the
    others as Settings has them); SetupError if they cannot make one."""
    if not isinstance(length, int) or isinstance(length, bool):
        raise SetupError(f"length must be int, not {length!r}")
    if not isinstance(lang, str):
        raise SetupError(f"lang must be str, not {lang!r}")
    checked(dict(settings))
    given = {name: _path(v) if name in PATHS else v for name, v in settings.items()}
    try:
        return Settings(k=length, lang=lang, **given)  # type: ignore[arg-type]
    except ValueError as error:
        raise SetupError(str(error)) from None


def _path(path: object) -> Path | None:
    return None if path is None else Path(str(path))


def game_word(settings: Settings, text: str, what: str = "") -> str:
    """Return text as a word of the game: made plain as typed text is (words/typed.py), then
    folded; SetupError, naming it as `what`, if it is not a word of the game's letters and
    length."""
    alphabet, typed = settings.alphabet(), plain_word(text)
    word = alphabet.fold(typed)
    if len(word) != settings.k or not alphabet.is_word(word) or not alphabet.typed_plainly(typed):
        raise SetupError(
            f"{what}{typed!r} is not a word of {settings.k} letters {alphabet.described()}"
        )
    return word


def opened(settings: Settings, announce: Callable[[str], None] | None = None) -> Opened:
    """Return the game the settings open, its solver handed its opener or tree; SetupError if
    they cannot."""
    if settings.k < 1:
        raise SetupError(f"the length must be at least 1, not {settings.k}")
    try:
        return settings.open(announce=announce)
    except ValueError as error:
        raise SetupError(str(error)) from None


class Game:
    """A game in progress on one board or several.

    >>> game = Game(5)                      # English words of 5 letters
    >>> game.suggestion, game.count          # doctest: +SKIP
    ('SALET', 3158)
    >>> game.tell("..g.y")                   # the colours the game showed for the suggestion
    >>> game.refuse()                        # the game refused the suggestion
    >>> game.undo()                          # takes the refusal back

    Every option is the command line's, by the same name (`options`); variant= opens a
    variant's game (api/variant_game.py), with the same face. A reply that cannot be
    (a wrong length, a letter that is no colour, replies no word can give) raises MoveError
    and leaves the game as it was.
    """

    # the class of a variant's game: api/variant_game.py sets it (a Game itself, it imports
    # this module, which so never imports it)
    of_variant: type[Game] | None = None

    def __new__(
        cls,
        length: int = 5,
        lang: str = DEFAULT_LANGUAGE,
        start: str | None = None,
        **settings: Unpack[GameOptions],
    ) -> Game:
        """Return a new game: of a variant (api/variant_game.py) when variant= names one."""
        chosen = settings.get("variant", "wordle")
        variant = isinstance(chosen, str) and chosen.strip().lower() != "wordle"
        if cls is Game and variant and Game.of_variant is not None:
            return object.__new__(Game.of_variant)
        return object.__new__(cls)

    def __init__(
        self,
        length: int = 5,
        lang: str = DEFAULT_LANGUAGE,
        start: str | None = None,
        **settings: Unpack[GameOptions],
    ) -> None:
        self.settings = options(length, lang, **settings)
        first = opened(self.settings, announce=lambda _: None)
        self.notes: list[str] = [*first.skipped, *([first.no_opener] if first.no_opener else [])]
        state = first.state
        if start is not None:
            start = game_word(self.settings, start, "start ")
        self._session = Session(
            first.solver, state, lambda: self.settings.everything(state), start
        )
        self._last: Event | None = None

    # what the player sees
    @property
    def suggestion(self) -> str | None:
        """Return the guess to play next, as the player reads it (None: nothing to suggest)."""
        guess = self._session.guess
        return self._session.shown(guess) if guess and not self.done else None

    @property
    def count(self) -> int:
        """Return how many answers are still possible on the open boards together."""
        return self._session.count

    @property
    def counts(self) -> list[int | None]:
        """Return how many answers are still possible on each board (None: solved)."""
        return self._session.counts()

    @property
    def length(self) -> int:
        return self.settings.k

    @property
    def variant(self) -> str:
        """Return the name of the game played: wordle, or a variant's (fibble, woodle...)."""
        return "wordle"

    @property
    def boards(self) -> int:
        return self._session.boards

    @property
    def probing(self) -> bool:
        """Return whether no word the solver knows fits: the suggestion tests letters."""
        return self._session.probing

    @property
    def turns(self) -> list[Turn]:
        """Return the guesses played and their replies."""
        shown = self._session.shown
        return [
            Turn(shown(word), tuple(replies)) for word, replies in self._session.position.history
        ]

    @property
    def refused(self) -> list[str]:
        """Return the words the game refused, in capitals."""
        return sorted(self._session.shown(w) for w in self._session.position.refused)

    @property
    def done(self) -> bool:
        """Return whether the game is over: every board solved, or out of guesses."""
        return bool(self._last and self._last.done)

    @property
    def won(self) -> bool:
        """Return whether every board was solved (within the limit, when the rules end the
        game there: max_guesses given, or several boards; a one-board game without it goes
        on past six guesses, as `play` does, while its share grid says X/6)."""
        return self.done and not (self._last and self._last.failed)

    def possible(self, board: int = 0, limit: int = LIST_SIZE) -> list[Chance]:
        """Return the likeliest possible answers of a board (from 0), likeliest first, at
        most limit of them, with their chances (of all the board's possible answers)."""
        if not 0 <= board < self.boards:
            raise MoveError(f"there is no board {board}: they are numbered 0 to {self.boards - 1}")
        if limit < 0:
            raise MoveError(f"limit must be at least 0, not {limit}")
        state = self._session.position.states[board]
        return [Chance(w, p) for w, p in chances_of(state, limit)]

    def shown(self, word: str) -> str:
        """Return a word as the player reads it: folded to the game's letters, then in its
        dictionary spelling, in capitals (árbol and ARBOL are ÁRBOL in Spanish)."""
        return self._session.shown(self._session.alphabet.fold(plain_word(word)))

    def share(self) -> str:
        """Return the share grid of the game so far (the tiles, as the game shows them)."""
        position = self._session.position
        return share_grid(
            position.history, position.solved, position.rules.limit, self._session.high_contrast
        )

    # what the player does
    def tell(self, *replies: str, word: str | None = None) -> list[str]:
        """Play word (default: the suggestion) with the replies the game showed, one per open
        board (g/y/., 2/1/0 or the tiles); return the notes to show. MoveError if the move
        cannot be; the game is then as it was."""
        played = self._move(replies, word)
        event = self._session.play(played, [plain_word(r) for r in replies])
        if event.scored is None:
            raise MoveError(event.lines[0].removesuffix("; try again (help for help)"))
        self._last = event
        return event.lines

    def left_after(self, *replies: str, word: str | None = None) -> list[int]:
        """Return how many answers each open board would have left, were word (default: the
        suggestion) to get these replies (one per open board), before any word past the
        answer list is let in; the game is unchanged. MoveError if the move cannot be."""
        played = self._move(replies, word)
        try:
            parsed = [parse_reply(plain_word(r), self.length) for r in replies]
            after = self._session.position.after(played, parsed)
        except ValueError as error:  # (impossible feedback and hard mode's are ValueErrors)
            raise MoveError(str(error)) from None
        return [len(after.states[i].candidate_rows) for i in self._session.position.open_boards()]

    def _move(self, replies: tuple[str, ...], word: str | None) -> str:
        """Return the word a move plays (folded; default: the suggestion); MoveError if the
        game is over, the word cannot be played or the replies are not one per open board."""
        if self.done:
            raise MoveError("the game is over")
        if word is None:
            word = self._session.guess
            if not word:
                raise MoveError("there is no suggestion to play: give the word played")
        else:
            word = self._session.alphabet.fold(plain_word(word))
            problem = self._session.check_word(word)
            if problem:
                raise MoveError(problem)
        wanted = len(self._session.position.open_boards())
        if len(replies) != wanted:
            raise MoveError(
                f"expected {wanted} repl{'ies' if wanted != 1 else 'y'}, one per "
                f"open board, not {len(replies)}"
            )
        return word

    def refuse(self) -> list[str]:
        """The game refused the suggestion: it is no longer a guess nor a possible answer.
        Return the notes to show; MoveError if there is no suggestion."""
        if self.done:
            raise MoveError("the game is over")
        if not self._session.guess:
            raise MoveError("there is no suggestion to refuse")
        return self._session.refuse().lines

    def undo(self) -> str:
        """Take back the last reply or refusal; return what was taken back. MoveError if
        there is nothing to undo."""
        if not self._session.past:
            raise MoveError("nothing to undo")
        event = self._session.undo()
        self._last = None
        return event.lines[0]

    def __repr__(self) -> str:
        return (
            f"<Game {self.settings.lang} k={self.length} boards={self.boards} "
            f"turns={len(self.turns)} suggestion={self.suggestion} count={self.count}>"
        )
