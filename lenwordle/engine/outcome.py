"""How a game ends (Outcome, decided by its position: engine/position.py) and what one game
hides (Target): values every kind of position shares, below them all."""

from dataclasses import dataclass
from typing import Literal

Ending = Literal["solved", "hit", "out"]  # every answer found, Antiwordle's hit, out of guesses


@dataclass(frozen=True)
class Outcome:
    """How a game stands by its own rules, decided in one place (a position's `outcome()`):
    every face, the host, the review and the bench read it.

    A game of Wordle on one board with no limit given plays on past its six guesses (many
    games allow more), but is lost there: solved in eight, it is `over` and `solved` but not
    `won` (its share grid says X/6). Every other game (several boards, a limit given, a
    variant, a hosted game) ends at its limit: `ending` is "out"."""

    ending: Ending | None  # how the game ended (None: it goes on)
    guesses: int  # the guesses played
    limit: int  # the guesses the rules allow
    survival: bool = False  # scored by the guesses survived, the answer avoided (Antiwordle)

    @property
    def over(self) -> bool:
        """Return whether the game has ended: no move is left to make."""
        return self.ending is not None

    @property
    def solved(self) -> bool:
        """Return whether every answer was found (Antiwordle: its answer hit), within the
        limit or past it."""
        return self.ending in ("solved", "hit")

    @property
    def within(self) -> bool:
        """Return whether the guesses played are within the limit."""
        return self.guesses <= self.limit

    @property
    def won(self) -> bool:
        """Return whether every answer was found within the limit (never in a game scored by
        the guesses survived)."""
        return self.ending == "solved" and self.within and not self.survival

    @property
    def lost(self) -> bool:
        """Return whether the game can no longer be won: over and not won, or its guesses
        used up unsolved while it plays on (a game scored by survival is neither won nor
        lost: see score)."""
        return not self.survival and not self.won and (self.over or self.guesses >= self.limit)

    @property
    def score(self) -> int:
        """Return the guesses a solved game took (0: not solved); in a game scored by
        survival, the guesses survived (the one that hit the answer not counted)."""
        if self.survival:
            return self.guesses - 1 if self.ending == "hit" else self.guesses
        return self.guesses if self.solved else 0


@dataclass(frozen=True)
class Target:
    """What one game hides: its answers (one a board; Xordle's two), and whether Hardle swaps
    its colours in it."""

    answers: tuple[str, ...]
    swapped: bool = False

    @property
    def name(self) -> str:
        """Return the target as a result names it: its words joined by spaces."""
        return " ".join(self.answers) + (" (swapped)" if self.swapped else "")
