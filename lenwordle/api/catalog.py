"""The games lenwordle plays as the faces offer them: Wordle, Absurdle and SUTOM (Wordle's
tiles; the last two on one board), then every variant. Each is one value, a Kind, carrying
what a face needs of it (its label, one line about it, its lengths, its rules' rows and
keys...), and the library's options that open it: the one place a game's name becomes
options, and a game's options its name."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from lenwordle.api.checks import SetupError
from lenwordle.api.setup import SUTOM_LENGTHS, Settings
from lenwordle.engine.variants import VARIANTS, WORDLE
from lenwordle.engine.variants.base import Variant


@dataclass(frozen=True)
class Kind:
    """A game as a face offers it."""

    name: str  # a variant's own; absurdle, sutom
    label: str
    rules: Variant  # what its rows are drawn by
    about: str  # one line about it (none for Wordle itself)
    lengths: tuple[int, ...] | None = None  # when fixed (None: its language's)
    several_boards: bool = False
    hard: bool = False  # whether it may be played in hard mode
    adversary: bool = False  # its host an adversary keeping no secret (Absurdle)
    first_letter: bool = False  # it shows the answer's first letter (SUTOM)

    @property
    def own_words(self) -> bool:
        """Return whether it plays words of its own (Nerdle's equations), not a language's."""
        return self.rules.lists is not None

    @property
    def played(self) -> str:
        """Return the game its rules and host play, its first letter aside (SUTOM's: wordle)."""
        return self.rules.name if self.first_letter else self.name


@cache
def games() -> tuple[Kind, ...]:
    """Return every game the faces offer: Wordle, Absurdle, SUTOM, then each variant."""
    least, most = SUTOM_LENGTHS
    absurdle = (
        "the host is an adversary keeping no secret: each reply leaves as many words as it "
        "can, until one is left and guessed"
    )
    sutom = (
        f"the answer's first letter is shown, and every guess begins with it ({least} to "
        f"{most} letters)"
    )
    lengths = tuple(range(least, most + 1))
    wordles = (
        Kind("wordle", "Wordle", WORDLE, "", several_boards=True, hard=True),
        Kind("absurdle", "Absurdle", WORDLE, absurdle, hard=True, adversary=True),
        Kind("sutom", "SUTOM", WORDLE, sutom, lengths, hard=True, first_letter=True),
    )
    return wordles + tuple(
        Kind(rules.name, rules.name.capitalize(), rules, rules.about, rules.lengths or None)
        for rules in variants()[1:]
    )


def variants() -> list[Variant]:
    """Return the rules a game's rows are drawn by: Wordle's, then each variant's."""
    return list(VARIANTS.values())


def kind_named(name: str) -> Kind | None:
    """Return the game a face names (any case, spaces around), None for no game's name."""
    return {kind.name: kind for kind in games()}.get(name.strip().lower())


def kind_of(settings: Settings) -> Kind:
    """Return the game settings open: Absurdle (its host the adversary), SUTOM (a first
    letter shown) or their variant."""
    kinds = {(kind.rules.name, kind.adversary, kind.first_letter): kind for kind in games()}
    shown = settings.first_letter is not None and not settings.absurdle
    return kinds[settings.variant, settings.absurdle, shown]


def played_name(settings: Settings) -> str:
    """Return the game settings' rules and host play, its first letter aside: absurdle, or
    the variant (wordle, fibble...)."""
    kinds = {(kind.rules.name, kind.adversary): kind for kind in games()}
    return kinds[settings.variant, settings.absurdle].played


def showing_letter() -> Kind:
    """Return the game that shows the answer's first letter (SUTOM)."""
    return next(kind for kind in games() if kind.first_letter)


def stats_name(played: str, boards: int, first_letter: bool) -> str:
    """Return a game as the statistics name it (its boards, SUTOM's name for a game shown its
    first letter, whichever letter): 'wordle x2', 'absurdle', 'wordle sutom'."""
    name = played + (f" x{boards}" if boards != 1 else "")
    return name + (f" {showing_letter().name}" if first_letter else "")


def stats_label(game: str) -> str:
    """Return a game as the statistics name it (stats_name) as a face labels it: the label
    of a game on one board ('SUTOM'), else the name capitalized ('Wordle x2')."""
    labels = {stats_name(kind.played, 1, kind.first_letter): kind.label for kind in games()}
    return labels.get(game, game[:1].upper() + game[1:])


def options_of(name: str, boards: int, first_letter: str | None, hosted: bool) -> dict[str, Any]:
    """Return the library's options, beside its variant, of the game a face names on boards:
    absurdle, or SUTOM's first_letter (the letter the player's game shows; sutom when hosted:
    the host draws it); none for a variant or an unknown name (the library says why not);
    SetupError for a first letter a game does not show, one missing, or more boards than
    Absurdle's or SUTOM's one."""
    kind = kind_named(name)
    letter = None if hosted else first_letter
    if letter is not None and not (kind and kind.first_letter):
        shows = showing_letter()
        raise SetupError(f"first_letter is {shows.label}'s: give it with variant {shows.name}")
    if kind is None or not (kind.adversary or kind.first_letter):  # no more than its rules
        return {}
    if boards != 1:
        raise SetupError(f"{kind.label} is played on one board, not {boards}")
    options: dict[str, Any] = {"variant": kind.rules.name}
    if kind.adversary:
        return options | {"absurdle": True}
    if hosted:
        return options | {"sutom": True}
    if letter is None:
        raise SetupError(f"{kind.label}: give the first letter your game shows (first_letter)")
    return options | {"first_letter": letter}
