"""A game's opening (Opened: what it starts from, and what to tell the player), and a
variant's: its worlds (Xordle's hold a million pairs) shared by a server's games and its first
guess (0.1 to 0.7 s) remembered, both on the bundled lists only (a file of the player's may
change) and both bounded (Kept). Wordle's openers are stored in files instead
(store/starters.py), and its opening made by api/setup.py."""

from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from lenwordle.api.checks import Notice, Told, setup_error, untold
from lenwordle.api.lists import Kept
from lenwordle.engine.position import Position
from lenwordle.engine.state import GameState
from lenwordle.engine.variants.state import VariantGame
from lenwordle.engine.workers import Progress
from lenwordle.strategies.base import ReportsProgress, Strategy, Traits
from lenwordle.strategies.shown import ShownRowsStrategy
from lenwordle.words.wordlist import WordList, WordListError

if TYPE_CHECKING:  # (setup imports this module)
    from lenwordle.api.setup import Settings


def no_words() -> WordList | None:
    """Return no words to widen to (a variant's game: its worlds are of the words it knows)."""
    return None


@dataclass(frozen=True)
class Opened:
    """A game ready to start, whatever the game (its position), and what to tell the player
    about how it was set up."""

    state: GameState  # the lists: the allowed words, the answers with their prior
    solver: Strategy
    position: Position  # the game's start: Wordle's boards (Absurdle's too), a variant's
    # every word a board with none left widens to (read when first needed; None: none)
    everything: Callable[[], WordList | None] = no_words
    skipped: tuple[str, ...] = ()  # lines of the word files that were skipped (skipped_lines)
    no_opener: str | None = None  # why no stored opener is used (the solver computes one)
    named: tuple[str, ...] = ()  # the options no_opener names as {option}: why_no_opener
    openers_from: npt.NDArray[np.bool_] | None = None  # the words a stored opener is among
    instant: bool = False  # the first guess needs no search: an opener or tree handed, a plan


def open_game(
    settings: "Settings",
    starters: Path | None = None,
    in_file_order: bool = False,
    told: Told = untold,
    progress: Progress | None = None,
    quiet: bool = False,
    bar: bool = False,
) -> Opened:
    """Return the game settings open, its solver handed its stored opener (from starters:
    None, the bundled ones) or tree, after telling what the player should know: the lines of
    the word files skipped and, unless quiet, why no stored opener serves or a tree is
    searched now (its progress told). A strategy's long searches tell their progress too,
    unless the face shows a bar of its own. in_file_order: the answers' .order as their file
    lists them. SetupError if the settings open no game."""
    note = None if quiet else lambda line: told(Notice(line))
    try:
        first = settings.open(starters, in_file_order, None, note, None if quiet else progress)
    except ValueError as error:
        raise setup_error(error) from None
    for line in first.skipped:
        told(Notice(line, kind="warning"))
    if progress and not (quiet or bar) and isinstance(first.solver, ReportsProgress):
        first = replace(first, solver=first.solver.with_progress(progress))
    if first.no_opener and not quiet:
        told(Notice(first.no_opener, first.named))
    return first


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


def bundled(settings: "Settings") -> bool:
    """Return whether the settings play the bundled lists (no file of the player's)."""
    return settings.words is None and settings.answers is None and settings.exclude is None


def variant_game(settings: "Settings", in_file_order: bool = False) -> VariantGame:
    """Return the opening of the settings' variant (shared when share_openings says so): its
    own words, or the language's lists with their prior; WordListError if no game can be
    made of them (in_file_order: the answers' .order as their file lists them)."""
    shared = bundled(settings)
    game = OPENINGS.get(settings) if shared else None
    if game is None:
        rules, k = settings.variant_rules, settings.k
        if rules.lists is not None:
            allowed, answers = rules.lists(k)
            lists = GameState.new(allowed, answers, uniform=True)
        else:
            lists = settings.state(answers=settings.answer_list(in_file_order))
        game = VariantGame.new(rules, lists, settings.max_guesses)
        if not len(game.worlds):
            raise WordListError(f"no {rules.name} game can be made of these {k}-letter words")
        if shared:
            OPENINGS.keep(settings, game)
    assert isinstance(game, VariantGame)
    return game


def opened(settings: "Settings", in_file_order: bool = False) -> Opened:
    """Return a variant's opening and its strategy over the rows shown, its first guess
    remembered on the bundled lists (in_file_order: as variant_game)."""
    game = variant_game(settings, in_file_order)
    remembered = settings if bundled(settings) else None
    solver = FirstRemembered(settings.solver(), remembered)
    return Opened(game.lists, solver, game)


@dataclass(frozen=True)
class FirstRemembered:
    """A strategy whose first guess on the bundled lists is remembered by a key (a variant's
    settings, or a hosted game's settings and what its host hides; None: not remembered)."""

    strategy: Strategy | ShownRowsStrategy
    key: Hashable | None  # (the settings, or settings and what else the first guess hangs on)

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
