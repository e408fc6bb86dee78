"""A variant's opening (its worlds: Xordle's hold a million pairs) shared by a server's games,
and its first guess (0.1 to 0.7 s) remembered, both on the bundled lists only (a file of the
player's may change) and both bounded: Wordle's openers are stored in files instead
(store/starters.py)."""

from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from lenwordle.engine.variants.state import VariantGame
from lenwordle.strategies.base import Traits
from lenwordle.strategies.shown import ShownRowsStrategy

if TYPE_CHECKING:  # (setup imports this module)
    from lenwordle.api.setup import Settings

MAX_FIRST_GUESSES = 64  # first guesses remembered, by settings (a few strings)


class Kept:
    """The last `size` values by key (None: nothing kept), least recently used dropped."""

    def __init__(self, size: int | None) -> None:
        self.size = size or 0
        self.values: OrderedDict[Any, Any] = OrderedDict()

    def get(self, key: Any) -> Any:
        """Return the value kept for key (None: none), now the most recent."""
        if key not in self.values:
            return None
        self.values.move_to_end(key)
        return self.values[key]

    def keep(self, key: Any, value: Any) -> None:
        """Keep value for key, dropping the least recent past `size`."""
        if not self.size:
            return
        self.values[key] = value
        self.values.move_to_end(key)
        while len(self.values) > self.size:
            self.values.popitem(last=False)


FIRST_GUESSES = Kept(MAX_FIRST_GUESSES)
OPENINGS = Kept(None)  # a server's (share_openings); a command opens its own


def share_openings(size: int | None) -> None:
    """Keep the last `size` openings of variants' games on the bundled lists, shared by every
    game that opens one (a server's); None (the default): each game opens its own."""
    global OPENINGS
    OPENINGS = Kept(size)


def bundled(settings: "Settings") -> bool:
    """Return whether the settings play the bundled lists (no file of the player's)."""
    return settings.words is None and settings.answers is None and settings.exclude is None


def opening(settings: "Settings") -> VariantGame:
    """Return the opening of the settings' variant (shared when share_openings says so);
    ValueError if no game can be made."""
    shared = bundled(settings)
    game = OPENINGS.get(settings) if shared else None
    if game is None:
        game = settings.variant_game()
        if shared:
            OPENINGS.keep(settings, game)
    assert isinstance(game, VariantGame)
    return game


@dataclass(frozen=True)
class FirstRemembered:
    """A variant's strategy whose first guess on the bundled lists is remembered by the
    settings (key; None: not remembered)."""

    strategy: ShownRowsStrategy
    key: "Settings | None"

    @property
    def traits(self) -> Traits:
        return self.strategy.traits

    def choose(self, game: Any) -> str:
        return self.choose_boards(game)

    def choose_boards(self, game: Any) -> str:
        """Return the next guess in game, the first from memory when kept."""
        first = not game.history and not game.refused and self.key is not None
        kept = FIRST_GUESSES.get(self.key) if first else None
        if kept is not None:
            return str(kept)
        guess = self.strategy.choose_boards(game)
        if first:
            FIRST_GUESSES.keep(self.key, guess)
        return guess
