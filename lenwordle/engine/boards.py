"""Several boards at once (Dordle to Duotrigordle): one GameState per board, every guess
played on each board not yet solved, the game won when all are solved within the limit."""

from collections.abc import Sequence
from dataclasses import dataclass, replace

from lenwordle.engine.feedback import Reply
from lenwordle.engine.rules import Rules
from lenwordle.engine.state import GameState, HardModeViolation, ImpossibleFeedback
from lenwordle.words.wordlist import WordList

Replies = tuple[Reply | None, ...]  # one reply per board, None for a board already solved


@dataclass(frozen=True, eq=False)
class Boards:
    """An immutable multi-board game: `after(guess, replies)` returns the next position."""

    states: tuple[GameState, ...]
    history: tuple[tuple[str, Replies], ...] = ()
    refused: frozenset[str] = frozenset()

    @classmethod
    def new(cls, state: GameState, rules: Rules | None = None) -> "Boards":
        """Return a game of rules.boards boards, each where state is (its turns so far are
        every board's)."""
        rules = rules or state.rules
        start = replace(state, rules=rules)
        history = tuple((word, (reply,) * rules.boards) for word, reply in state.history)
        return cls(tuple(start for _ in range(rules.boards)), history, state.refused)

    @property
    def rules(self) -> Rules:
        return self.states[0].rules

    @property
    def k(self) -> int:
        return self.states[0].k

    @property
    def key(self) -> tuple[tuple[tuple[str, Replies], ...], frozenset[str], Rules]:
        """Return what a decision here depends on: the turns, the refusals, the rules."""
        return (self.history, self.refused, self.rules)

    def open_boards(self) -> list[int]:
        """Return the indices of the boards not yet solved."""
        return [i for i, state in enumerate(self.states) if not state.solved]

    def open_states(self) -> list[GameState]:
        """Return the states of the boards not yet solved, in board order."""
        return [self.states[i] for i in self.open_boards()]

    @property
    def solved(self) -> bool:
        return not self.open_boards()

    @property
    def spare(self) -> int:
        """Return the guesses left beyond one for each open board (0 or less: each guess
        left must be able to solve a board)."""
        return self.rules.limit - len(self.history) - len(self.open_boards())

    def counts(self) -> list[int | None]:
        """Return the words still possible on each board (None for a solved one)."""
        return [None if s.solved else len(s.candidate_rows) for s in self.states]

    def most_urgent(self) -> GameState:
        """Return the open board with the fewest candidates (but some), the first on ties."""
        live = [s for s in self.open_states() if len(s.candidate_rows)] or self.open_states()
        return min(live, key=lambda s: len(s.candidate_rows))

    def after(self, guess: str, replies: Sequence[Reply]) -> "Boards":
        """Return the position after guess got `replies`, one per open board in board order.

        ValueError if the count is wrong; ImpossibleFeedback and HardModeViolation name the
        board (numbered from 1) when there are several.
        """
        open_ = self.open_boards()
        if len(replies) != len(open_):
            raise ValueError(
                f"expected {len(open_)} replies (one per open board), not {len(replies)}"
            )
        states = list(self.states)
        shown: list[Reply | None] = [None] * len(self.states)
        for i, reply in zip(open_, replies):
            try:
                states[i] = self.states[i].after(guess, reply)
            except (ImpossibleFeedback, HardModeViolation) as error:
                if len(self.states) == 1:
                    raise
                raise type(error)(f"board {i + 1}: {error}") from None
            shown[i] = reply
        return replace(self, states=tuple(states), history=self.history + ((guess, tuple(shown)),))

    def refuse(self, word: str) -> "Boards":
        """Return the position with word refused by the game on every board."""
        states = tuple(s if s.solved else s.refuse(word) for s in self.states)
        return replace(self, states=states, refused=self.refused | {word})

    def widen(self, everything: WordList) -> "Boards":
        """Return the position with each open board that has no candidate widened to every
        word of `everything` that fits its history."""
        states = tuple(
            s.widen(everything)
            if not s.solved and not len(s.candidate_rows) and s.answers is not everything
            else s
            for s in self.states
        )
        return replace(self, states=states)
