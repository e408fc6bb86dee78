"""Referees: what the game answers to a guess. A strategy never sees the answers.

A referee's `replies(guess)` returns one reply per board not yet solved, in board order.
`FixedAnswers` is the game with fixed answers (one per board); `LargestGroupHost` is the
adversarial host (Absurdle), which keeps no answer at all.
"""

from collections.abc import Sequence
from typing import Protocol

from lenwordle.engine.feedback import Reply, reply_for
from lenwordle.engine.state import GameState
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

    def replies(self, guess: str) -> tuple[Reply, ...]:
        """Return the reply to guess on each board not yet solved, in board order."""

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
