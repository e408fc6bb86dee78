"""A game's position, whatever the game: what every face, loop and strategy asks of it.

Two kinds implement it: `Boards` (engine/boards.py: Wordle on one board or several, and
Absurdle, whose host keeps one board) and `VariantGame` (engine/variants/state.py: a variant's
worlds that fit every row shown). A position is immutable: a move returns the next one. A row
shown is a *reply*: a tuple of one Wordle reply per open board (Boards), or a variant's reply
code (VariantGame); `read` makes one from what a player typed and `marks` writes it back.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

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


class Position(Protocol):
    """A game in progress: its moves, what is still possible, and how it ends."""

    @property
    def k(self) -> int:
        """Return the tiles of a row (the word length)."""
        ...

    @property
    def history(self) -> tuple[tuple[str, Any], ...]:
        """Return each guess played and its reply."""
        ...

    @property
    def refused(self) -> frozenset[str]:
        """Return the words the game refused: neither guesses nor answers."""
        ...

    @property
    def limit(self) -> int:
        """Return the guesses the rules allow."""
        ...

    @property
    def noun(self) -> str:
        """Return what an answer is called (word, equation)."""
        ...

    @property
    def boards(self) -> int:
        """Return how many boards are played at once."""
        ...

    def outcome(self) -> Outcome:
        """Return how the game stands by its rules: over, solved, won, lost (Outcome)."""
        ...

    def open_boards(self) -> list[int]:
        """Return the indices of the boards still to solve."""
        ...

    def counts(self) -> list[int | None]:
        """Return the answers still possible on each board (None: solved)."""
        ...

    def left(self, board: int) -> int:
        """Return the answers still possible on a board (Wordle's solved board: its answer;
        a variant's game over: 0)."""
        ...

    def read(self, typed: Sequence[str]) -> Any:
        """Return a reply from what was typed (one text per open board); ValueError says
        why it is not one."""
        ...

    def marks(self, reply: Any) -> tuple[str | None, ...]:
        """Return a reply in plain marks, one text per board (None: solved before)."""
        ...

    def tiles(self, reply: Any, high_contrast: bool = False) -> str:
        """Return a reply as the game shows it (coloured squares, arrows, counts)."""
        ...

    def title(self) -> str:
        """Return the head of the game's share grid ('4/6', 'fibble X/9', '2 boards: 5 X')."""
        ...

    def example(self) -> str:
        """Return a reply to show as an example of what to type for one board."""
        ...

    def after(self, guess: str, reply: Any, hit: bool | None = None) -> "Position":
        """Return the position after guess got reply (hit: the game said guess is an
        answer, when a row alone cannot tell); ValueError if it cannot be."""
        ...

    def refuse(self, word: str) -> "Position":
        """Return the position with word refused by the game."""
        ...
