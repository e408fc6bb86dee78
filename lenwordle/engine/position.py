"""A game's position, whatever the game: what every face, loop and strategy asks of it.

Two kinds implement it: `Boards` (engine/boards.py: Wordle on one board or several, and
Absurdle, whose host keeps one board) and `VariantGame` (engine/variants/state.py: a variant's
worlds that fit every row shown). A position is immutable: a move returns the next one. A row
shown is a *reply*: a tuple of one Wordle reply per open board (Boards), or a variant's reply
code (VariantGame); `read` makes one from what a player typed and `marks` writes it back.
"""

from collections.abc import Hashable, Sequence
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from lenwordle.engine.boards import Boards
from lenwordle.engine.outcome import Ending, Outcome, Target
from lenwordle.engine.state import GameState
from lenwordle.engine.variants.state import VariantGame
from lenwordle.words.alphabet import Alphabet
from lenwordle.words.wordlist import WordList

__all__ = ["Ending", "Outcome", "Position", "Row", "Target"]

Row = Any  # a reply in a position's own terms: one per board (Boards), a row's code (a variant)


class Position(Protocol):
    """A game in progress, whatever the game: its moves, what is still possible, what its
    game shows for hidden answers, and how it ends (outcome). Every face, loop, host and
    strategy reads a game through these members only."""

    # what the game is
    @property
    def k(self) -> int:
        """Return the tiles of a row (the word length)."""
        ...

    @property
    def limit(self) -> int:
        """Return the guesses the rules allow."""
        ...

    @property
    def strict(self) -> bool:
        """Return whether the game ends at its limit (else it plays on past it, lost)."""
        ...

    @property
    def ends_at_limit(self) -> bool:
        """Return whether even a benchmark stops at the limit (a variant's game; Wordle's
        strict games play on there, to count how far past)."""
        ...

    @property
    def survival(self) -> bool:
        """Return whether the game is scored by the guesses survived (Antiwordle)."""
        ...

    @property
    def noun(self) -> str:
        """Return what an answer is called (word, equation)."""
        ...

    @property
    def boards(self) -> int:
        """Return how many boards are played at once."""
        ...

    @property
    def answers_per_game(self) -> int:
        """Return how many answers a game hides (one a board; Xordle's two)."""
        ...

    @property
    def alphabet(self) -> Alphabet:
        """Return the game's alphabet (its letters, or Nerdle's tiles)."""
        ...

    @property
    def may_be_found(self) -> bool:
        """Return whether a row alone may not tell that a guess is an answer (the player
        then says so: found)."""
        ...

    def display(self, word: str) -> str:
        """Return word as the player reads it: its dictionary spelling, in capitals."""
        ...

    def target_problem(self, answers: list[str]) -> str:
        """Return why these answers (folded) cannot be one game's, or ''."""
        ...

    def targets(self, words: list[str], pool: list[str] | None = None) -> list[Target]:
        """Return the games a bench plays of words, one a word (Xordle's pairs drawn from
        pool)."""
        ...

    def over(self, lists: GameState) -> "Position":
        """Return the start of the same game over other lists (a host's words)."""
        ...

    # where it stands
    @property
    def history(self) -> tuple[tuple[str, Row], ...]:
        """Return each guess played and its reply."""
        ...

    @property
    def told(self) -> tuple[bool | None, ...]:
        """Return, for each row, whether the game said it was an answer (None: it did not)."""
        ...

    @property
    def refused(self) -> frozenset[str]:
        """Return the words the game refused: neither guesses nor answers."""
        ...

    @property
    def key(self) -> Hashable:
        """Return what a decision here depends on (the turns, the refusals, the rules)."""
        ...

    @property
    def pairs(self) -> int | None:
        """Return the pairs of answers still possible (Xordle's), or None."""
        ...

    @property
    def paired_from(self) -> int | None:
        """Return how many of the likeliest answers the pairs are made of, while not of every
        answer the rows leave (Xordle's first 3 000), else None."""
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

    def chances(self, board: int) -> tuple[list[str], npt.NDArray[np.float64], float]:
        """Return a board's possible answers, likeliest first, their weights in that order,
        and the weight they are chances of."""
        ...

    def answer_in(self, word: str) -> bool:
        """Return whether word's row alone may not tell whether it is an answer."""
        ...

    def board(self, board: int) -> GameState:
        """Return a board's state: its lists, turns and candidates (a variant's: its lists)."""
        ...

    def past_dictionary(self) -> list[GameState]:
        """Return the open boards on which no word the solver knows fits (a variant's: none)."""
        ...

    def variant_game(self) -> VariantGame | None:
        """Return the game as a variant's worlds, judged by the rows it shows (None: Wordle's
        boards, judged by their replies)."""
        ...

    def wordle_boards(self) -> Boards | None:
        """Return the game as Wordle's boards, played by a Wordle strategy (None: a variant's
        game, played over the rows it shows)."""
        ...

    def ranked_state(self) -> GameState | None:
        """Return the one open board a Wordle strategy ranks alone (None: several open, or a
        variant's rows)."""
        ...

    # reading and showing a row
    def read(self, typed: Sequence[str]) -> Row:
        """Return a reply from what was typed (one text per open board); ValueError says
        why it is not one."""
        ...

    def marks(self, reply: Row) -> tuple[str | None, ...]:
        """Return a reply in plain marks, one text per board (None: solved before)."""
        ...

    def tiles(self, reply: Row, high_contrast: bool = False) -> str:
        """Return a reply as the game shows it (coloured squares, arrows, counts)."""
        ...

    def title(self) -> str:
        """Return the head of the game's share grid ('4/6', 'fibble X/9', '2 boards: 5 X')."""
        ...

    def example(self) -> str:
        """Return a reply to show as an example of what to type for one board."""
        ...

    def typing(self) -> str:
        """Return how a reply is typed, for help."""
        ...

    # the moves
    def reply_to(self, guess: str, target: Target, random: np.random.Generator) -> Row:
        """Return what the game shows for guess when it hides target (on each open board;
        a variant's row, its lie drawn by random)."""
        ...

    def after(self, guess: str, reply: Row, hit: bool | None = None) -> "Position":
        """Return the position after guess got reply (hit: the game said guess is an
        answer, when a row alone cannot tell); ValueError if it cannot be."""
        ...

    def refuse(self, word: str) -> "Position":
        """Return the position with word refused by the game."""
        ...

    def widen(self, everything: WordList) -> "Position":
        """Return the position with each board that has no candidate widened to every word
        of everything that fits it (a variant's: as it is)."""
        ...

    def bare(self) -> "Position":
        """Return the same position without its cached tables (kept for undo)."""
        ...
