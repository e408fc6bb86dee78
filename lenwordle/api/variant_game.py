"""A variant's game played from Python (Fibble, Woodle, Peaks, Xordle, Nerdle...): the same
face as Game (`Game(5, variant="fibble")` opens one), over the engine's VariantGame and the
shown-row chooser. What does not apply to a variant (several boards) says so in one line."""

from __future__ import annotations

from collections import OrderedDict
from typing import Unpack

import numpy as np
import numpy.typing as npt

from lenwordle.api.game import Chance, Game, GameOptions, MoveError, SetupError, Turn, options
from lenwordle.api.setup import Settings
from lenwordle.engine.variants.notation import example, marks_of, parse_shown, tiles_of
from lenwordle.engine.variants.state import NotAllowed, NoWorlds, VariantGame
from lenwordle.games.session import LIST_SIZE
from lenwordle.strategies.shown import VARIANT_METRICS, choose
from lenwordle.words.languages import DEFAULT_LANGUAGE
from lenwordle.words.quoting import quoted
from lenwordle.words.typed import plain_word

__all__ = ["GameOfVariant", "share_openings", "variant_opening", "variant_word"]

# The first guess of a variant's game (0.1 to 0.7 s): kept by the settings of the bundled
# lists (a file of the player's may change), as few strings
OPENERS: OrderedDict[Settings, str] = OrderedDict()
MAX_OPENERS = 64
# A server's games of one variant share its opening (immutable; Xordle's holds 1 million
# pairs, 27 MB): the last few, when share_openings says so (None: each game opens its own)
_OPENINGS: OrderedDict[Settings, VariantGame] | None = None
_OPENINGS_SIZE = 0


def share_openings(size: int | None) -> None:
    """Keep the last `size` openings of variants' games on the bundled lists, shared by every
    game that opens one (a server's); None (the default): each game opens its own."""
    global _OPENINGS, _OPENINGS_SIZE
    _OPENINGS, _OPENINGS_SIZE = (None, 0) if not size else (OrderedDict(), size)


def _bundled(settings: Settings) -> bool:
    return settings.words is None and settings.answers is None and settings.exclude is None


def variant_opening(settings: Settings) -> VariantGame:
    """Return the opening of the settings' variant (shared when share_openings says so);
    SetupError if no game can be made."""
    if _OPENINGS is not None and _bundled(settings) and settings in _OPENINGS:
        _OPENINGS.move_to_end(settings)
        return _OPENINGS[settings]
    try:
        opening = settings.variant_game()
    except ValueError as error:  # (WordListError is one)
        raise SetupError(str(error).splitlines()[0]) from None
    if _OPENINGS is not None and _bundled(settings):
        _OPENINGS[settings] = opening
        while len(_OPENINGS) > _OPENINGS_SIZE:
            _OPENINGS.popitem(last=False)
    return opening


def variant_word(game: VariantGame, text: str, what: str = "") -> str:
    """Return typed text as a word (or equation) of the game: made plain, folded; a
    ValueError that says why it is not one."""
    alphabet = game.lists.allowed.alphabet
    word = alphabet.fold(plain_word(text))
    if alphabet.foreign(word):
        letters = " ".join(alphabet.upper(ch) for ch in alphabet.foreign(word))
        raise ValueError(f"{what}{quoted(text)} has tiles the game lacks ({letters})")
    if len(word) != game.k:
        raise ValueError(f"{what}{quoted(text)} has {len(word)} tiles, not {game.k}")
    return word


class GameOfVariant(Game):
    """A game of a variant in progress, one board: `Game(5, "en", variant="fibble")`.

    Replies are written in the variant's marks (g/y/. for the variants in Wordle's colours,
    ^/v/g for Peaks, '2 1' for Woodle's greens and yellows); `share()` shows the rows as the
    game shows them. There are no boards past the first, no probing, and no review (it is for
    Wordle's rules).
    """

    def __init__(
        self,
        length: int = 5,
        lang: str = DEFAULT_LANGUAGE,
        start: str | None = None,
        **settings: Unpack[GameOptions],
    ) -> None:
        self.settings = options(length, lang, **settings)
        self.notes: list[str] = []
        self._game = variant_opening(self.settings)
        self._metric = VARIANT_METRICS[self.settings.strategy]
        self._past: list[tuple[VariantGame, str, str]] = []  # before each move: game, guess, move
        self._mass: tuple[VariantGame, npt.NDArray[np.float64]] | None = None
        try:
            begin = variant_word(self._game, start, "start ") if start is not None else None
        except ValueError as error:
            raise SetupError(str(error)) from None
        self._guess = begin or self._choose(self._game)

    def _choose(self, game: VariantGame) -> str:
        """Return the guess to play in game (a bundled list's first guess remembered)."""
        first = not game.history and not game.lists.refused and _bundled(self.settings)
        if first and self.settings in OPENERS:
            return OPENERS[self.settings]
        guess = choose(game, self._metric)
        if first:
            OPENERS[self.settings] = guess
            while len(OPENERS) > MAX_OPENERS:
                OPENERS.popitem(last=False)
        return guess

    def _answer_mass(self, game: VariantGame | None = None) -> npt.NDArray[np.float64]:
        game = game or self._game
        if self._mass is None or self._mass[0] is not game:
            self._mass = (game, game.answer_mass())
        return self._mass[1]

    # what the player sees
    @property
    def variant(self) -> str:
        return self._game.variant.name

    @property
    def suggestion(self) -> str | None:
        return None if self.done else self._upper(self._guess)

    @property
    def count(self) -> int:
        """Return how many answers are still to find (Xordle: in any pair still possible)."""
        return int(np.count_nonzero(self._answer_mass()))

    @property
    def counts(self) -> list[int | None]:
        return [None if self.won else self.count]

    @property
    def boards(self) -> int:
        return 1

    @property
    def probing(self) -> bool:
        return False

    @property
    def turns(self) -> list[Turn]:
        """Return the guesses played and the row shown for each, in the variant's marks."""
        variant, k = self._game.variant, self._game.k
        return [
            Turn(self._upper(word), (marks_of(variant, code, k),))
            for word, code in self._game.history
        ]

    @property
    def refused(self) -> list[str]:
        return sorted(self._upper(word) for word in self._game.lists.refused)

    @property
    def done(self) -> bool:
        """Return whether the game is over: its answers found (Antiwordle: the answer hit),
        or the variant's guesses used up."""
        return self._game.over or len(self._game.history) >= self._game.variant.limit

    @property
    def won(self) -> bool:
        """Return whether every answer was found within the limit (Antiwordle, where the
        answer is avoided, is never won: its score is the guesses survived)."""
        return self._game.won

    def possible(self, board: int = 0, limit: int = LIST_SIZE) -> list[Chance]:
        """Return the likeliest answers still to find, with their chances (Xordle: that the
        word is one of the two, so they sum to about 2)."""
        if board != 0:
            raise MoveError(f"a {self.variant} game has one board, 0, not {board}")
        if limit < 0:
            raise MoveError(f"limit must be at least 0, not {limit}")
        mass = self._answer_mass()
        rows = np.flatnonzero(mass)
        rows = rows[np.lexsort((rows, -mass[rows]))][:limit]
        total = self._live_weight()
        answers = self._game.lists.answers
        return [
            Chance(answers.display(word), float(mass[row] / total))
            for row, word in zip(rows, answers.words_at(rows))
        ]

    def _live_weight(self) -> float:
        worlds = self._game.worlds
        if self._game.history and not self._game.variant.avoid:
            return float(worlds.weights[~worlds.complete].sum()) or 1.0
        return float(worlds.weights.sum()) or 1.0

    def shown(self, word: str) -> str:
        return self._upper(self._game.lists.allowed.alphabet.fold(plain_word(word)))

    def _upper(self, word: str) -> str:
        return self._game.lists.allowed.alphabet.upper(word)

    def share(self) -> str:
        """Return the game so far as its rows are shown (tiles, Peaks' arrows, Woodle's
        counts), headed 'lenwordle fibble 5/9' (X when not solved; Antiwordle: survived N)."""
        variant, k, history = self._game.variant, self._game.k, self._game.history
        n = len(history)
        if variant.avoid:
            head = f"lenwordle {variant.name}: survived {n - 1 if self._game.over else n}"
        else:
            head = f"lenwordle {variant.name} {n if self.won else 'X'}/{variant.limit}"
        return "\n".join([head, *(tiles_of(variant, code, k) for _, code in history)])

    # what the player does
    def tell(self, *replies: str, word: str | None = None) -> list[str]:
        """Play word (default: the suggestion) with the row the game showed, in the
        variant's marks; return the notes to show. MoveError if it cannot be: the game is
        then as it was."""
        played, after = self._after(replies, word)
        self._past.append((self._game, self._guess, f"the row for {self._upper(played)}"))
        self._game = after
        if not self.done:
            self._guess = self._choose(after)
        n = len(after.history)
        if after.over and after.variant.avoid:
            return [f"Hit the answer after surviving {n - 1}."]
        if self.won:
            return [f"Solved in {n} guess{'es' if n != 1 else ''}."]
        if self.done:
            return [f"Out of guesses: not solved in {n}."]
        return []

    def left_after(self, *replies: str, word: str | None = None) -> list[int]:
        """Return how many answers would be left to find, were word (default: the
        suggestion) shown this row; 0: the row ends the game. The game is unchanged."""
        _, after = self._after(replies, word)
        return [int(np.count_nonzero(after.answer_mass()))]

    def _after(self, replies: tuple[str, ...], word: str | None) -> tuple[str, VariantGame]:
        """Return the word a move plays and the game after it; MoveError if it cannot be."""
        if self.done:
            raise MoveError("the game is over")
        if len(replies) != 1:
            raise MoveError(f"a {self.variant} game takes one reply, not {len(replies)}")
        game = self._game
        try:
            played = self._guess if word is None else variant_word(game, word)
            if played in game.lists.refused:
                raise MoveError(
                    f"{self._upper(played)} was refused by the game, so it was not played; "
                    "undo takes the refusal back"
                )
            code = parse_shown(game.variant, plain_word(replies[0]), game.k)
            return played, game.after(played, code)
        except (ValueError, NotAllowed, NoWorlds) as error:  # (MoveError is a ValueError)
            message = str(error)
            if "unknown mark" in message or "marks" in message:
                message += f" (e.g. {example(game.variant, game.k)})"
            raise MoveError(message) from None

    def refuse(self) -> list[str]:
        """The game refused the suggestion: it is no longer a guess nor an answer."""
        if self.done:
            raise MoveError("the game is over")
        try:
            game = self._game.refuse(self._guess)
        except NoWorlds as error:
            raise MoveError(str(error)) from None
        refused = self._upper(self._guess)
        self._past.append((self._game, self._guess, f"the refusal of {refused}"))
        self._game, self._guess = game, self._choose(game)
        return [f"{refused}: refused by the game ({self.count} {self._game.variant.noun}s left)"]

    def undo(self) -> str:
        """Take back the last row or refusal; return what was taken back."""
        if not self._past:
            raise MoveError("nothing to undo")
        self._game, self._guess, change = self._past.pop()
        return f"took back {change}"

    def __repr__(self) -> str:
        return (
            f"<Game {self.variant} {self.settings.lang} k={self.length} "
            f"turns={len(self.turns)} suggestion={self.suggestion} count={self.count}>"
        )


Game.of_variant = GameOfVariant  # Game(variant=...) opens one
