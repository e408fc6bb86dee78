"""Referees: what the game answers to a guess. A strategy never sees the answers.

A referee's `replies(guess)` returns one reply per board not yet solved, in board order.
`FixedAnswers` is the game with secret words (one per board); lenwordle.absurdle has the
adversarial host, which keeps no answer at all.
"""

from typing import Protocol

from lenwordle.patterns import Reply, reply_for


class Referee(Protocol):
    """The game's side: the replies to a guess on each open board, and the answers."""

    adversary: bool  # the host keeps no answer of its own (Absurdle)

    def replies(self, guess: str) -> tuple[Reply, ...]:
        """Return the reply to guess on each board not yet solved, in board order."""

    @property
    def answers(self) -> tuple[str, ...]:
        """Return the secret words (an adversary: the word it was left with, once found)."""


class FixedAnswers:
    """The ordinary game: one secret word per board."""

    adversary = False

    def __init__(self, answers: tuple[str, ...] | list[str]):
        self.answers = tuple(answers)
        self.solved = [False] * len(self.answers)

    def replies(self, guess: str) -> tuple[Reply, ...]:
        out = []
        for i, answer in enumerate(self.answers):
            if not self.solved[i]:
                out.append(reply_for(guess, answer))
                self.solved[i] = guess == answer
        return tuple(out)
