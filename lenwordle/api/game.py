"""A game played from Python, of any kind (Wordle, its boards, Absurdle, a variant): it
suggests, takes the replies the game showed or its refusals, undoes, and lists the possible
answers with their chances. `play` and the web page play through it."""

from dataclasses import dataclass, replace
from pathlib import Path
from typing import TypedDict, Unpack, get_type_hints

from lenwordle.api.checks import (
    MoveError,
    Notice,
    SetupError,
    Told,
    a_path,
    at_least,
    kinds_of,
    setup_error,
    typed,
    untold,
    words,
)
from lenwordle.api.opening import OPENING_ALTERNATIVES
from lenwordle.api.setup import Settings, bundled, open_game
from lenwordle.engine.position import Outcome, Position
from lenwordle.engine.workers import Progress
from lenwordle.games.alternatives import Alternative, alternatives
from lenwordle.games.events import Event, Problem, Said, Taken, Undone
from lenwordle.games.session import LIST_SIZE, Session, chances_of
from lenwordle.words.alphabet import Alphabet
from lenwordle.words.languages import DEFAULT_LANGUAGE
from lenwordle.words.quoting import quoted
from lenwordle.words.typed import plain_word

__all__ = [
    "Alternative",
    "Chance",
    "Game",
    "GameOptions",
    "MoveError",
    "Preview",
    "SetupError",
    "Turn",
    "options",
]


@dataclass(frozen=True)
class Chance:
    """A possible answer (as the player reads it, in capitals) and its chance."""

    word: str
    chance: float


@dataclass(frozen=True)
class Preview:
    """What a move would do (Game.preview): the answers each open board would have left,
    whether it solves each, and how the game would then stand."""

    left: tuple[int, ...]
    solves: tuple[bool, ...]
    outcome: Outcome


@dataclass(frozen=True)
class Turn:
    """A guess played (in capitals) and the reply of each board (None: solved already)."""

    guess: str
    replies: tuple[str | None, ...]


class GameOptions(TypedDict, total=False):
    """The options a game takes beside its length and language: the command line's, by name."""

    strategy: str
    hard: bool
    ultra_hard: bool
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
    answers_like: str


PATHS = ("words", "answers", "exclude")  # options naming a file: a str or a Path
# each option's types, checked when the game opens, for callers that mypy does not check
OPTION_TYPES = {name: kinds_of(hint) for name, hint in get_type_hints(GameOptions).items()}


def checked(given: dict[str, object]) -> None:
    """Raise SetupError for an option that is not one (its name) or of a wrong type."""
    for name, value in given.items():
        if name not in OPTION_TYPES:
            raise SetupError(f"no option {name!r}; the options are {', '.join(OPTION_TYPES)}")
        typed(name, value, *OPTION_TYPES[name])


def options(
    length: int = 5, lang: str = DEFAULT_LANGUAGE, **settings: Unpack[GameOptions]
) -> Settings:
    """Return the settings of a game (the command line's options); SetupError if they cannot."""
    typed("length", length, int)
    typed("lang", lang, str)
    checked(dict(settings))
    given = {name: a_path(name, v) if name in PATHS else v for name, v in settings.items()}
    try:
        return Settings(k=length, lang=lang, **given)  # type: ignore[arg-type]
    except ValueError as error:
        raise setup_error(error) from None


def word_of(
    alphabet: Alphabet, k: int, text: str, what: str = "", noun: str = "word", *named: str
) -> str:
    """Return text as a word (or equation) of k tiles of the alphabet, made plain and folded;
    SetupError, naming it as `what` (its options as {option}: named), if it is not one."""
    typed = plain_word(text)
    word = alphabet.fold(typed)
    if len(word) != k or not alphabet.is_word(word) or not alphabet.typed_plainly(typed):
        tiles = f"a word of {k} letters" if noun == "word" else f"{k} tiles"
        raise SetupError(f"{what}{quoted(typed)} is not {tiles} {alphabet.described()}", *named)
    return word


def start_word(settings: Settings, text: str) -> str:
    """Return the forced first guess (start=), folded; SetupError if it is none of the game."""
    rules = settings.variant_rules
    word = word_of(settings.game_alphabet(), settings.k, text, "{start} ", rules.noun, "start")
    if rules.accepts is not None and not rules.accepts(word):
        raise SetupError(
            f"{{start}} {quoted(word)} is no {rules.noun} {rules.name} takes", "start"
        )
    return word


MESSAGES = {  # MoveError's message for a problem (foreign and length: problem_message's own)
    "over": "the game is over",
    "nothing_to_undo": "nothing to undo",
    "no_suggestion": "there is no suggestion to refuse",
    "nothing_to_suggest": "no word is left to suggest: give the word played",
    "refused_before": "{word} was refused by the game, so it was not played; undo takes the "
    "refusal back",
    "cannot_be": "{detail}",
    "last_answer": "{detail}",
    "not_text": "the line has a byte that is not UTF-8 text ({detail})",
    "expected": "expected a reply like {example}, or a word and its reply",
    "wrong_count": "expected {count} repl{ies}, one per open board",
    "nothing_found": "no word played to mark as found",
    "found_after_refusal": "the last move was a refusal; to mark {word} found, undo it first",
    "found_already": "{word} is marked already; undo to change it",
    "found_told": "{word}'s row tells whether it is an answer: no need",
}


class Game:
    """A game in progress, of any kind: Wordle on one board or several, Absurdle, or a
    variant's (Fibble, Woodle, Nerdle...).

    >>> game = Game(5)                      # English words of 5 letters
    >>> game.suggestion, game.count          # doctest: +SKIP
    ('SALET', 3158)
    >>> game.tell("..g.y")                   # the colours the game showed for the suggestion
    >>> game.refuse()                        # the game refused the suggestion

    Every option is the command line's, by the same name; variant= names the game, whose
    replies are written in its marks (g/y/. in Wordle's colours, ^/v/g for Peaks, '2 1' for
    Woodle). A reply that cannot be raises MoveError and leaves the game as it was.
    """

    def __init__(
        self,
        length: int = 5,
        lang: str = DEFAULT_LANGUAGE,
        start: str | None = None,
        *,
        starters: str | Path | None = None,
        told: Told = untold,
        progress: Progress | None = None,
        **settings: Unpack[GameOptions],
    ) -> None:
        chosen = options(length, lang, **settings)
        typed("start", start, str, type(None))
        start = start_word(chosen, start) if start is not None else None
        quiet = start is not None  # (the opener forced: nothing to say of the stored one)
        first = open_game(
            chosen, a_path("starters", starters), told=told, progress=progress, quiet=quiet
        )
        if not quiet and not first.instant:
            told(Notice("computing the first guess", kind="computing"))
        self.settings = chosen
        why = [str(Notice(first.no_opener, first.named))] if first.no_opener else []
        self.notes: list[str] = [*first.skipped, *why]  # what the player should know
        self._session = Session(first.solver, first.position, first.everything, start)
        rules = chosen.variant_rules  # (a variant's rules said first, with its limit)
        self.about = "" if rules.plain else f"{rules.name}: {rules.about} ({self.limit} guesses)"

    def handle(self, line: str) -> Said:
        """Act on a line typed at `play`'s prompt (a reply, a command); return what happened."""
        typed("line", line, str, error=MoveError)
        return self._session.handle(line)

    @property
    def noun(self) -> str:
        """Return what an answer is called: word (Nerdle: equation)."""
        return self._position.noun

    @property
    def pairs(self) -> int | None:
        """Return the pairs of answers still possible (Xordle's), or None."""
        return self._position.pairs

    @property
    def paired_from(self) -> int | None:
        """Return how many of the likeliest answers Xordle's pairs are made of (None: of all)."""
        return self._position.paired_from

    @property
    def example(self) -> str:
        """Return an example of a reply to type for one board."""
        return self._position.example()

    @property
    def _position(self) -> Position:
        return self._session.position

    @property
    def suggestion(self) -> str | None:
        """Return the guess to play next, in capitals (None: nothing to suggest)."""
        guess = self._session.guess
        return self._session.shown(guess) if guess and not self.done else None

    @property
    def count(self) -> int:
        """Return how many answers are still possible on the open boards together (Xordle:
        every word its rows leave possible, in a pair kept or not yet made)."""
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
        return self.settings.variant

    @property
    def boards(self) -> int:
        return self._session.boards

    @property
    def limit(self) -> int:
        """Return the guesses the rules allow (a variant's own, or max_guesses)."""
        return int(self._position.limit)

    @property
    def probing(self) -> bool:
        """Return whether no word the solver knows fits: the suggestion tests letters."""
        return self._session.probing

    @property
    def turns(self) -> list[Turn]:
        """Return the guesses played and their replies, in the game's marks."""
        shown, position = self._session.shown, self._position
        return [Turn(shown(word), position.marks(reply)) for word, reply in position.history]

    @property
    def refused(self) -> list[str]:
        """Return the words the game refused, in capitals."""
        return sorted(self._session.shown(w) for w in self._position.refused)

    @property
    def outcome(self) -> Outcome:
        """Return how the game stands by its rules (over, solved, won, lost, score...)."""
        return self._position.outcome()

    @property
    def ends_at_limit(self) -> bool:
        """Return whether the game ends at its limit (a variant, several boards, a limit
        given); one board of Wordle with no limit given plays on past six guesses, lost."""
        return bool(self._position.strict)

    @property
    def done(self) -> bool:
        """Return whether every board is solved (Antiwordle: the answer hit) or out of guesses."""
        return self.outcome.over

    @property
    def won(self) -> bool:
        """Return whether every board was solved within the limit (one board of Wordle with
        no max_guesses plays on past six guesses, lost: X/6). Antiwordle is never won."""
        return self.outcome.won

    def possible(self, board: int = 0, limit: int = LIST_SIZE) -> list[Chance]:
        """Return the likeliest possible answers of a board (from 0), at most limit of them,
        with their chances (Xordle: of being one of the two, so that they sum to about 2)."""
        typed("board", board, int, error=MoveError)
        at_least("limit", limit, 0, error=MoveError)
        if not 0 <= board < self.boards:
            raise MoveError(f"there is no board {board}: they are numbered 0 to {self.boards - 1}")
        return [Chance(w, p) for w, p in chances_of(self._position, board, limit)]

    def alternatives(self, n: int = 4) -> list[Alternative]:
        """Return the suggestion, then the strategy's next best guesses by its own ranking, at
        most n in all; [] where that ranking is not had cheaply (docs/api.md says where)."""
        at_least("n", n, 1, error=MoveError)
        if self.done or self.probing:
            return []
        session, position = self._session, self._position
        opening = not position.history and not position.refused and bundled(self.settings)
        key = (self.settings, session.guess, n)
        found = OPENING_ALTERNATIVES.get(key) if opening else None
        if found is None:
            found = alternatives(position, session.solver, session.guess, n)
            if opening:
                OPENING_ALTERNATIVES.keep(key, found)
        return [replace(a, word=session.shown(a.word)) for a in found]

    def shown(self, word: str) -> str:
        """Return a word as the player reads it: folded to the game's letters, then in its
        dictionary spelling, in capitals (árbol and ARBOL are ÁRBOL in Spanish)."""
        typed("word", word, str, error=MoveError)
        return self._session.shown(self._session.alphabet.fold(plain_word(word)))

    def share(self) -> str:
        """Return the share grid of the game so far."""
        return self._session.share()

    def tiles(self, reply: str) -> str:
        """Return one board's reply as the game shows it (squares, arrows); MoveError if none."""
        typed("reply", reply, str, error=MoveError)
        try:
            replies = self._position.read([plain_word(reply)])
        except ValueError as error:
            raise MoveError(str(error)) from None
        return str(self._position.tiles(replies))

    def tell(self, *replies: str, word: str | None = None) -> list[Event]:
        """Play word (default: the suggestion) with the replies the game showed, one per open
        board; return the notes and end that followed. MoveError (the game as it was) if not."""
        played = self._move(replies, word)
        said = self._session.play(played, [plain_word(r) for r in replies])
        if said.problem is not None:
            raise MoveError(self.problem_message(said.problem))
        return [event for event in said.events if not isinstance(event, Taken)]

    def preview(self, *replies: str, word: str | None = None) -> Preview:
        """Return what word (default: the suggestion) getting these replies would do (the
        answers left: before any word past the answer list is let in); MoveError if it cannot."""
        played = self._move(replies, word)
        position = self._position
        try:
            after = position.after(played, position.read([plain_word(r) for r in replies]))
        except ValueError as error:  # (impossible feedback and hard mode's are ValueErrors)
            raise MoveError(str(error)) from None
        open_boards, counts = position.open_boards(), after.counts()
        return Preview(
            tuple(after.left(i) for i in open_boards),
            tuple(counts[i] is None for i in open_boards),
            after.outcome(),
        )

    def _move(self, replies: tuple[str, ...], word: str | None) -> str:
        """Return the word a move plays (folded; default: the suggestion); MoveError if the
        game is over, the word cannot be played or the replies are not one per open board."""
        words("replies", replies, error=MoveError)
        typed("word", word, str, type(None), error=MoveError)
        if self.done:
            raise MoveError("the game is over")
        if word is None:
            word = self._session.guess
            if not word:
                raise MoveError("there is no suggestion to play: give the word played")
        else:
            word = self._session.alphabet.fold(plain_word(word))
            problem = self._session.check_word(word)
            if problem is not None:
                raise MoveError(self.problem_message(problem))
        wanted = len(self._position.open_boards())
        if len(replies) != wanted:
            raise MoveError(
                f"expected {wanted} repl{'ies' if wanted != 1 else 'y'}, one per "
                f"open board, not {len(replies)}"
            )
        return word

    def refuse(self) -> list[Event]:
        """The game refused the suggestion: it is no longer a guess nor a possible answer.
        Return the Refusal (and a Note if every word that fits is refused), or MoveError."""
        said = self._session.handle("")  # (a blank line: over, no suggestion, or refused)
        if said.problem is not None:  # (a variant's last answer too: the game as it was)
            raise MoveError(self.problem_message(said.problem))
        return said.events

    def undo(self) -> Undone:
        """Take back the last reply or refusal and return it; MoveError if there is none."""
        if not self._session.past:
            raise MoveError("nothing to undo")
        (undone,) = self._session.undo().events
        assert isinstance(undone, Undone)  # (there was a move to take back)
        return undone

    def problem_message(self, problem: Problem) -> str:
        """Return why a move cannot be: MoveError's message (a face adds its own hints)."""
        typed("problem", problem, Problem, error=MoveError)
        word, count = problem.word, problem.count
        tiles = "letters" if self.noun == "word" else "tiles"
        if problem.kind == "foreign":
            return (
                f"{quoted(word)} has {tiles} the game lacks ({' '.join(problem.letters)}); "
                f"its {tiles} are {self._session.alphabet.described()}"
            )
        if problem.kind == "length":
            unit = tiles.removesuffix("s") if count == 1 else tiles
            return f"{quoted(word)} has {count} {unit}, not {self.length}"
        ies = "ies" if count != 1 else "y"
        return MESSAGES[problem.kind].format(
            word=word, detail=problem.detail, count=count, ies=ies, example=self.example
        )

    def __repr__(self) -> str:
        kind = "" if self.settings.variant_rules.plain else f"{self.variant} "
        return (
            f"<Game {kind}{self.settings.lang} k={self.length} boards={self.boards} "
            f"turns={len(self.turns)} suggestion={self.suggestion} count={self.count}>"
        )
