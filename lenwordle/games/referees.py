"""Referees: what the game answers to a guess. A strategy never sees the answers.
HiddenAnswers hides a game's answers; LargestGroupHost, Absurdle's host, keeps none at all."""

import copy
import zlib
from typing import Protocol

import numpy as np

from lenwordle.engine.feedback import Reply
from lenwordle.engine.position import Position, Row, Target
from lenwordle.engine.state import GameState
from lenwordle.search.adversary import host_reply


class LargestGroupHost:
    """The Absurdle referee: one board, whose answers shrink to the largest group each turn."""

    adversary = True

    def __init__(self, state: GameState):
        self.state = state

    def replies(self, position: Position, guess: str) -> tuple[Reply]:
        """Return the host's reply for guess (one board), keeping the group it shows."""
        reply = host_reply(self.state, guess)
        self.state = self.state.after(guess, reply)
        return (reply,)

    def hit(self, guess: str) -> bool | None:
        return None  # (its all green says it)

    def copied(self) -> "LargestGroupHost":
        """Return a copy whose moves leave this host as it is."""
        return LargestGroupHost(self.state)

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

    def replies(self, position: Position, guess: str) -> Row:
        """Return the reply to guess: one per open board, in board order, or a variant's row."""

    def hit(self, guess: str) -> bool | None:
        """Return whether the game says guess is an answer (None: it says nothing)."""

    @property
    def answers(self) -> tuple[str, ...]:
        """Return the answers (an adversary: the word it was left with, once found)."""

    def copied(self) -> "Referee":
        """Return a copy whose moves leave this referee as it is (a move not taken)."""


class HiddenAnswers:
    """A game hiding its answers (one a board; a variant's): the position says what the game
    shows for them; a lie (Fibble's) is drawn by a generator seeded from the target, so
    that a game replays the same."""

    adversary = False

    def __init__(self, target: Target):
        self.target = target
        self.answers = target.answers
        self.random = np.random.default_rng(zlib.crc32(target.name.encode()))

    def replies(self, position: Position, guess: str) -> Row:
        """Return what the game shows for guess from position."""
        return position.reply_to(guess, self.target, self.random)

    def hit(self, guess: str) -> bool | None:
        return guess in self.answers

    def copied(self) -> "HiddenAnswers":
        """Return a copy whose moves leave this referee as it is (its generator's draws)."""
        fresh = copy.copy(self)
        fresh.random = copy.deepcopy(self.random)
        return fresh


def referee_for(lists: GameState, target: Target | None) -> Referee:
    """Return the referee of a game hiding target, or (None) the Absurdle host over lists."""
    return LargestGroupHost(lists) if target is None else HiddenAnswers(target)
