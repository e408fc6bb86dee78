"""A variant of the game as one value: how a reply is made from a guess and the answers,
which true replies a shown row may stand for, what may be guessed, and when the game ends.

The hidden part of a game is a *world*: the answers (one, or Xordle's two) and, for Hardle,
whether green and yellow are swapped. A game keeps every world that fits what was shown; a
strategy scores a guess over the rows the game may *show* (Fibble's lies included), not
over the true ones.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, cached_property
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from lenwordle.engine.kernel import pattern_codes
from lenwordle.words.wordlist import WordList

Codes = npt.NDArray[np.int64]  # reply codes: one per (guess, world)
Letters = npt.NDArray[np.uint8]  # letter indices, (n x k)
GREY, YELLOW, GREEN = 0, 1, 2


@dataclass(frozen=True, eq=False)
class Worlds:
    """What a game may hide: `rows` (n x m) index the answers of each world (m answers a
    game), `swapped` says whether its green and yellow trade places (Hardle), `found`
    (n x m) which of its answers were guessed already."""

    rows: npt.NDArray[np.intp]
    weights: npt.NDArray[np.float64]
    swapped: npt.NDArray[np.bool_] = field(default_factory=lambda: np.zeros(0, bool))
    found: npt.NDArray[np.bool_] = field(default_factory=lambda: np.zeros((0, 0), bool))

    def __post_init__(self) -> None:
        if len(self.swapped) != len(self.rows):
            object.__setattr__(self, "swapped", np.zeros(len(self.rows), bool))
        if self.found.shape != self.rows.shape:
            object.__setattr__(self, "found", np.zeros(self.rows.shape, bool))

    def __len__(self) -> int:
        return len(self.rows)

    def take(self, keep: npt.NDArray[np.intp]) -> "Worlds":
        """Return the worlds at the indices keep."""
        return Worlds(self.rows[keep], self.weights[keep], self.swapped[keep], self.found[keep])

    def reweighed(
        self, chances: npt.NDArray[np.float64], found: npt.NDArray[np.bool_]
    ) -> "Worlds":
        """Return these worlds with their weights times chances, and found answers."""
        return Worlds(self.rows, self.weights * chances, self.swapped, self.found | found)

    @cached_property
    def used(self) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]:
        """Return the answers the worlds use (rows, sorted) and where each world's answers
        are among them (n x m): replies are scored once for each answer used."""
        used, at = np.unique(self.rows, return_inverse=True)
        return used, at.reshape(self.rows.shape)

    @property
    def complete(self) -> npt.NDArray[np.bool_]:
        """Return which worlds have had all their answers found."""
        return np.asarray(self.found.all(axis=1), bool)


def one_answer(weights: npt.NDArray[np.float64], answers: Letters) -> Worlds:
    """Return a world for each answer: the plain game's."""
    return Worlds(np.arange(len(weights))[:, None], np.asarray(weights, np.float64))


TABLE_UP_TO = 11  # lengths whose every reply's digits are kept in a table (3**11 x 11 bytes)


@cache
def digit_table(k: int) -> npt.NDArray[np.uint8]:
    """Return the digits of every reply code of k tiles (3**k x k)."""
    powers = 3 ** np.arange(k, dtype=np.int64)
    return ((np.arange(3**k)[:, None] // powers) % 3).astype(np.uint8)


def digits_of(codes: Codes, k: int) -> npt.NDArray[np.uint8]:
    """Return the base-3 digits (... x k, 0 grey, 1 yellow, 2 green) of reply codes."""
    codes = np.asarray(codes, np.int64)
    if k <= TABLE_UP_TO:
        return digit_table(k)[codes]
    powers = 3 ** np.arange(k, dtype=np.int64)
    return ((codes[..., None] // powers) % 3).astype(np.uint8)


def code_of(digits: npt.NDArray[np.uint8]) -> Codes:
    """Return the reply codes of base-3 digits (... x k)."""
    powers = 3 ** np.arange(digits.shape[-1], dtype=np.int64)
    return np.asarray(digits.astype(np.int64) @ powers, np.int64)


def colours(guesses: Letters, answers: Letters) -> Codes:
    """Return Wordle's reply codes of guesses (B x k) against answers (n x k), as (B x n)."""
    return pattern_codes(np.atleast_2d(guesses), answers).astype(np.int64)


def colour_digits(guesses: Letters, answers: Letters) -> npt.NDArray[np.uint8]:
    """Return Wordle's colours of guesses against answers as digits (B x n x k)."""
    return digits_of(colours(guesses, answers), answers.shape[1])


ReplyFn = Callable[[Letters, Letters, Worlds], Codes]
# which answers (n x k) may still be in a world, after rows (guess letters, code shown)
Narrows = Callable[[Letters, list[tuple[Letters, int]]], npt.NDArray[np.bool_]]
ShownFn = Callable[[Codes, int], tuple[Codes, npt.NDArray[np.float64]]]
WorldsFn = Callable[[npt.NDArray[np.float64], Letters], Worlds]
# which guesses (N x k) a game allows after its rows so far: (guess letters, true digits)
GuessRule = Callable[[Letters, list[tuple[Letters, npt.NDArray[np.uint8]]]], npt.NDArray[np.bool_]]


def plain_replies(guesses: Letters, answers: Letters, worlds: Worlds) -> Codes:
    """Return Wordle's replies of guesses in each world of one answer (B x n)."""
    used, at = worlds.used
    return colours(guesses, answers[used])[:, at[:, 0]]


def shown_as_is(codes: Codes, k: int) -> tuple[Codes, npt.NDArray[np.float64]]:
    """Return the rows a game shows for true replies: the replies themselves, surely."""
    return codes[..., None], np.ones((*codes.shape, 1))


@dataclass(frozen=True)
class Marks:
    """How a variant's replies are written: a mark per tile value, or counts (Woodle)."""

    tiles: str = ".yg"  # the mark of tile value 0, 1, 2
    typed: dict[str, int] = field(default_factory=dict)  # other marks a player may type
    counts: bool = False  # Woodle: the reply is a number of greens and of yellows
    names: tuple[str, str, str] = ("grey", "yellow", "green")


class Heavy(NamedTuple):
    """A length whose opening alone is heavy: the game at it, and what its opening takes."""

    length: int
    title: str  # "Nerdle maxi (10 tiles)"
    cost: str  # "its opening takes about 37 s and 1.9 GB"


@dataclass(frozen=True)
class Variant:
    """A game played on the model: replies, what a shown row stands for, limits, the end."""

    name: str
    about: str  # one line for --help and the docs
    limit: int  # guesses allowed
    replies: ReplyFn = plain_replies  # true replies of guesses in each world (B x n)
    shown: ShownFn = shown_as_is  # the rows shown for true replies, with their chances
    worlds: WorldsFn = one_answer  # the hidden worlds of a game, from its answers
    answers_per_game: int = 1
    swaps: bool = False  # Hardle: a game may swap green and yellow
    marks: Marks = Marks()
    avoid: bool = False  # Antiwordle: the score is the guesses survived
    guess_rule: "GuessRule | None" = None  # what a guess must keep to (Antiwordle)
    reply_space: Callable[[int], int] = lambda k: 3**k  # how many replies of k tiles
    source: str = ""  # the game whose rules these are
    # a variant with words of its own (Nerdle): its allowed words and answers at a length
    lists: "Callable[[int], tuple[WordList, WordList]] | None" = None
    lengths: tuple[int, ...] = ()  # the lengths it is played at (none: any)
    noun: str = "word"  # what its answers are called
    tile: str = "letter"  # what a tile holds (Nerdle: a sign)
    # the rows of its keyboard, when its tiles are its own (Nerdle's digits, then its signs;
    # none: the language's letters)
    layout: tuple[str, ...] = ()
    disjoint: bool = False  # Xordle: a game's answers share no letter
    heavy: tuple[Heavy, ...] = ()  # lengths whose opening alone is heavy (Nerdle maxi)
    # what the game takes as a guess beside its tiles (Nerdle: an equation; None: any word,
    # as Wordle's game is the authority on its words)
    accepts: "Callable[[str], bool] | None" = None
    # worlds made of the likeliest `most_answers` answers only (Xordle's pairs); `narrows`
    # then says which answers rows shown leave possible in some world, so that the worlds
    # are made again of all those once they are few enough
    most_answers: int | None = None
    narrows: "Narrows | None" = None

    @property
    def plain(self) -> bool:
        """Return whether this is Wordle itself."""
        return self.name == "wordle"
