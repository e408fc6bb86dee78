"""Referees: what the game answers to a guess. A strategy never sees the answers.

A referee's `replies(guess)` returns the reply the position takes (engine/position.py): one
per board not yet solved, in board order (Wordle), or a variant's row; `hit(guess)` whether
the game says the guess is an answer. `FixedAnswers` is the game with fixed answers (one per
board); `LargestGroupHost` is the adversarial host (Absurdle), which keeps no answer at all;
`VariantReferee` plays a variant's rules (Fibble's lies drawn from a seeded generator).
"""

import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from lenwordle.engine.feedback import Reply, reply_for
from lenwordle.engine.position import Position
from lenwordle.engine.state import GameState
from lenwordle.engine.variants.base import Worlds
from lenwordle.engine.variants.state import VariantGame
from lenwordle.search.adversary import host_reply


class LargestGroupHost:
    """The Absurdle referee: one board, whose answers shrink to the largest group each turn."""

    adversary = True

    def __init__(self, state: GameState):
        self.state = state

    def replies(self, guess: str) -> tuple[Reply]:
        """Return the host's reply for guess (one board), keeping the group it shows."""
        reply = host_reply(self.state, guess)
        self.state = self.state.after(guess, reply)
        return (reply,)

    def hit(self, guess: str) -> bool | None:
        return None  # (its all green says it)

    @property
    def answers(self) -> tuple[str, ...]:
        """Return the word the host was left with, once it showed all green (else none)."""
        return tuple(self.remaining) if self.state.solved else ()

    @property
    def remaining(self) -> list[str]:
        """Return the words the host may still call the answer."""
        return self.state.answers.words_at(self.state.candidate_rows)


class Referee(Protocol):
    """The game's side: the replies to a guess on each open board, and the answers."""

    adversary: bool  # the host keeps no answer of its own (Absurdle)

    def replies(self, guess: str) -> Any:
        """Return the reply to guess: on each board not yet solved, in board order, or a
        variant's row."""

    def hit(self, guess: str) -> bool | None:
        """Return whether the game says guess is an answer (None: it says nothing)."""

    @property
    def answers(self) -> tuple[str, ...]:
        """Return the answers (an adversary: the word it was left with, once found)."""


class FixedAnswers:
    """The ordinary game: one answer per board."""

    adversary = False

    def __init__(self, answers: Sequence[str]):
        self.answers = tuple(answers)
        self.solved = [False] * len(self.answers)

    def replies(self, guess: str) -> tuple[Reply, ...]:
        out = []
        for i, answer in enumerate(self.answers):
            if not self.solved[i]:
                out.append(reply_for(guess, answer))
                self.solved[i] = guess == answer
        return tuple(out)

    def hit(self, guess: str) -> bool | None:
        return guess in self.answers


@dataclass(frozen=True)
class VariantTarget:
    """What one game of a variant hides: its answers (Xordle's two), and Hardle's swap."""

    answers: tuple[str, ...]
    swapped: bool = False

    @property
    def name(self) -> str:
        """Return the target as a result names it."""
        return " ".join(self.answers) + (" (swapped)" if self.swapped else "")


class VariantReferee:
    """A variant's side: the true reply of a guess, and the row shown for it (Fibble's lie
    drawn by a generator seeded from the target, so a game replays the same)."""

    adversary = False

    def __init__(self, game: VariantGame, target: VariantTarget):
        self.game = game
        self.answers = target.answers
        self.letters = game.encode(list(target.answers))  # known to the solver or not
        self.world = Worlds(
            np.arange(len(target.answers))[None], np.ones(1), np.array([target.swapped])
        )
        self.random = np.random.default_rng(zlib.crc32(target.name.encode()))

    def replies(self, guess: str) -> int:
        """Return the row the game shows for guess."""
        game = self.game
        true = game.variant.replies(game.encode([guess]), self.letters, self.world)[0]
        rows, chances = game.shown_chances(true)
        pick = self.random.choice(rows.shape[1], p=chances[0] / chances[0].sum())
        return int(rows[0, pick])

    def hit(self, guess: str) -> bool | None:
        return guess in self.answers


Target = str | tuple[str, ...] | VariantTarget | None  # a word, one a board, None: Absurdle


def referee_for(position: Position, target: Target) -> Referee:
    """Return the referee of a game from position against target: the Absurdle host (None),
    a variant's rules, or the fixed answers (a word, or one per board)."""
    if isinstance(position, VariantGame):
        if not isinstance(target, VariantTarget):
            target = VariantTarget((target,) if isinstance(target, str) else tuple(target or ()))
        return VariantReferee(position, target)
    if target is None:
        return LargestGroupHost(position.states[0])  # type: ignore[attr-defined]
    assert not isinstance(target, VariantTarget)
    return FixedAnswers((target,) if isinstance(target, str) else target)
