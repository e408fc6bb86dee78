"""The classic baseline: the candidate whose letters are commonest in their places."""

from dataclasses import dataclass

import numpy as np

from lenwordle.engine.metrics import DIGITS, entropy_metric
from lenwordle.engine.position import Position
from lenwordle.engine.state import GameState
from lenwordle.strategies.base import Choice, boards_of
from lenwordle.strategies.ranked import MetricOf, Ranked


@dataclass(frozen=True, kw_only=True)
class Frequency(Ranked):
    """The candidate whose letters are commonest in their places (it ranks by entropy only
    to list words)."""

    name: str = "frequency"
    metric: MetricOf = entropy_metric

    def decide(self, state: GameState, ranked: list[Choice] | None) -> str:
        return frequency_choice(state)

    def choose_boards(self, position: Position) -> str:
        """Return the choice on the open board with the fewest candidates (the only one)."""
        boards = boards_of(position)
        return self.choose(boards.most_urgent())


def frequency_choice(state: GameState) -> str:
    """Return the candidate whose letters are commonest in their places, distinct ones first."""
    rows = state.candidate_rows
    codes = state.answers.codes[rows]
    k = state.k
    w = state.weights[rows] / state.weights[rows].sum()
    letters = state.allowed.alphabet.size
    freq = np.stack([np.bincount(codes[:, i], w, letters) for i in range(k)])
    overall = freq.sum(axis=0)
    placed = freq[np.arange(k), codes].sum(axis=1)
    distinct = np.zeros(len(codes))
    for letter in range(letters):  # count each distinct letter once
        distinct += (codes == letter).any(axis=1) * overall[letter]
    total = placed + distinct
    ok = np.ones(len(rows), bool) if state.legal is None else state.legal[state.answer_rows[rows]]
    words = state.answers.strings
    order = np.lexsort((rows, -w, -np.round(total, DIGITS)))
    return next(words[int(rows[i])] for i in order if ok[i])
