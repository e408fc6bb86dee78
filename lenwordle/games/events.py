"""What a move says, as values (a reply taken, a refusal, a note, the outcome, a line that
cannot be and why), which each face words in its own style. Words in events are as the player
reads them: their dictionary spelling, in capitals (ÁRBOL, KİTAP)."""

from dataclasses import dataclass, field
from typing import Literal

from lenwordle.engine.position import Outcome


@dataclass(frozen=True)
class Taken:
    """A reply taken: the guess and its reply in the game's marks, one a board (None: solved
    before), or a variant's row."""

    word: str
    marks: tuple[str | None, ...]


@dataclass(frozen=True)
class Ended:
    """The last move ended the game: its outcome, and the boards it left unsolved."""

    outcome: Outcome
    unsolved: int
    boards: int


@dataclass(frozen=True)
class Refusal:
    """The game refused the suggestion: it is no longer a guess nor an answer."""

    word: str


@dataclass(frozen=True)
class Undone:
    """A move taken back: the reply to word, or (refusal) its refusal."""

    word: str
    refusal: bool


@dataclass(frozen=True)
class Fit:
    """The strings of letters that fit every reply on a board past the dictionary: how many
    (None: too many to count), and each of them when few enough to list."""

    count: int | None
    strings: tuple[str, ...] = ()


NoteKind = Literal[
    "widened",  # no word of the answer list fits: suggestions from every word known
    "outside",  # no word known fits: the answer is outside the dictionary
    "list_hint",  # (once a game) list shows what is known
    "all_refused",  # every word that fits has been refused by the game
    "may_be_answer",  # the row may be a win (one answer of two found): say found if so
    "past_dictionary",  # a board past the dictionary: the strings of letters that fit
]


@dataclass(frozen=True)
class Note:
    """A note of a kind on a board (None: on the game); its word, or the strings that fit."""

    kind: NoteKind
    board: int | None = None
    word: str = ""
    fit: Fit | None = None


ProblemKind = Literal[
    "over",  # the game is over (undo takes the last move back)
    "nothing_to_undo",
    "no_suggestion",  # no suggestion to refuse
    "nothing_to_suggest",  # no word is left to suggest: the word played must be typed
    "last_answer",  # refusing the only answer left (detail: the engine's words)
    "not_text",  # a byte that is not UTF-8 text (detail: the byte)
    "expected",  # not a reply, nor a word and a reply
    "wrong_count",  # replies not one per open board (count: the open boards)
    "foreign",  # letters the game lacks (word; letters)
    "length",  # a word of another length (word; count: its length)
    "refused_before",  # a word the game refused (word)
    "cannot_be",  # no game gives that reply, hard mode's rule, a variant's (detail)
    "nothing_found",  # found with no word played
    "found_after_refusal",  # found right after a refusal (word)
    "found_already",  # found twice (word)
    "found_told",  # found where the row tells (word)
]


@dataclass(frozen=True)
class Problem:
    """Why a line cannot be a move: the game is exactly as it was."""

    kind: ProblemKind
    word: str = ""
    detail: str = ""  # the engine's own account (an impossible reply, a variant's rule), a byte
    count: int = 0
    letters: tuple[str, ...] = ()


@dataclass(frozen=True)
class Help:
    """What help shows: how a reply is typed, and whether the player may say found."""

    typing: str
    found: bool


@dataclass(frozen=True)
class BoardListing:
    """A board's likeliest possible answers with their chances; with none, why (no word known
    fits, or every one that fits was refused), what is known, and the strings that fit."""

    board: int
    words: tuple[tuple[str, float], ...]  # (word, chance), at most LIST_SIZE
    count: int  # every possible answer
    rest: float  # the chance of those past the list
    no_fit: bool = False
    known: tuple[str, ...] = ()
    fit: Fit | None = None


@dataclass(frozen=True)
class Listing:
    """What list shows: each open board's listing."""

    boards: tuple[BoardListing, ...]


Event = Taken | Ended | Refusal | Undone | Note | Problem | Help | Listing


@dataclass
class Said:
    """What the session says after a line: its events, and whether a new suggestion follows."""

    events: list[Event] = field(default_factory=list)
    suggestion: bool = False

    @property
    def taken(self) -> Taken | None:
        """Return the reply taken, if the line was one."""
        return next((e for e in self.events if isinstance(e, Taken)), None)

    @property
    def ended(self) -> Ended | None:
        """Return the game's end, if the line ended it."""
        return next((e for e in self.events if isinstance(e, Ended)), None)

    @property
    def problem(self) -> Problem | None:
        """Return why the line could not be a move (the game as it was), if it could not."""
        return next((e for e in self.events if isinstance(e, Problem)), None)

    @property
    def notes(self) -> list[Note]:
        """Return the notes, in order."""
        return [e for e in self.events if isinstance(e, Note)]
