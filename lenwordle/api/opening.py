"""A game's opening (Opened: what it starts from, and what to tell the player), and what the
openings of variants keep, bounded (Kept) and on the bundled lists only (a file of the
player's may change): their worlds (Xordle's hold a million pairs) shared by a server's games
and their first guess (0.1 to 0.7 s) remembered. Wordle's openers are stored in files."""

from collections.abc import Callable, Hashable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from lenwordle.api.lists import Kept
from lenwordle.engine.boards import Boards
from lenwordle.engine.position import Position
from lenwordle.engine.state import GameState
from lenwordle.strategies.base import Strategy, Traits
from lenwordle.strategies.shown import ShownRowsStrategy
from lenwordle.words.wordlist import WordList


@dataclass(frozen=True)
class Opened:
    """A game ready to start, whatever the game (its position), and what to tell the player
    about how it was set up."""

    state: GameState  # the lists: the allowed words, the answers with their prior
    solver: Strategy
    position: Position  # the game's start: Wordle's boards (Absurdle's too), a variant's
    # every word a board with none left widens to (read when first needed; None: none, as in
    # a variant's game, whose worlds are of the words it knows)
    everything: Callable[[], WordList | None] = lambda: None
    skipped: tuple[str, ...] = ()  # lines of the word files that were skipped (skipped_lines)
    no_opener: str | None = None  # why no stored opener is used (the solver computes one)
    named: tuple[str, ...] = ()  # the options no_opener names as {option}: why_no_opener
    openers_from: npt.NDArray[np.bool_] | None = None  # the words a stored opener is among
    instant: bool = False  # the first guess needs no search: an opener or tree handed, a plan


MAX_FIRST_GUESSES = 64  # first guesses remembered, by settings (a few strings)
FIRST_GUESSES = Kept(MAX_FIRST_GUESSES)
# Wordle's alternatives at the opening where no opener is stored (English past 11 letters:
# 0.6 s at 12), by settings, suggestion and n
OPENING_ALTERNATIVES = Kept(MAX_FIRST_GUESSES)
OPENINGS = Kept(None)  # a server's (share_openings); a command opens its own


def share_openings(size: int | None) -> None:
    """Keep the last `size` openings of variants' games on the bundled lists, shared by every
    game that opens one (a server's); None (the default): each game opens its own."""
    global OPENINGS
    OPENINGS = Kept(size)


@dataclass(frozen=True)
class FirstRemembered:
    """A strategy whose first guess on the bundled lists is remembered by a key (a variant's
    settings, or a hosted game's settings and what its host hides; None: not remembered)."""

    strategy: Strategy | ShownRowsStrategy
    key: Hashable | None  # (the settings, or settings and what else the first guess hangs on)

    @property
    def traits(self) -> Traits:
        return self.strategy.traits

    def choose(self, state: GameState) -> str:
        return self.choose_boards(Boards.new(state))

    def choose_boards(self, game: Position) -> str:
        """Return the next guess in game, the first from memory when kept."""
        first = not game.history and not game.refused and self.key is not None
        kept = FIRST_GUESSES.get(self.key) if first else None
        if kept is not None:
            return str(kept)
        guess = self.strategy.choose_boards(game)
        if first:
            FIRST_GUESSES.keep(self.key, guess)
        return guess
