"""The machinery most strategies share: rank every allowed word by the estimate, measure
the shortlist exactly by a metric, and play the best (the least value).

Every allowed word is ranked by the per-position estimate; the top shortlist (plus the
likeliest candidates) gets its exact partition of the candidates, streamed, and the best by
the metric wins. Ties go to a word that could be the answer, then the likelier one, then the
alphabetically first.
"""

import math
from collections.abc import Callable, Collection
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from lenwordle.engine.estimate import estimate, position_entropy
from lenwordle.engine.kernel import pattern_codes
from lenwordle.engine.metrics import DIGITS, expected_guesses
from lenwordle.engine.partitions import Metric, Parts, partition_values
from lenwordle.engine.position import Position
from lenwordle.engine.state import GameState, NoCandidates
from lenwordle.search.optimal import DEFAULT_WIDTH
from lenwordle.strategies.base import Choice, Traits, boards_of, refusal_prices
from lenwordle.strategies.joint import Combine, joint_choice, summed

MIN_SHORTLIST = 20  # never fewer exact evaluations than this
LIKELY = 10  # the likeliest candidates always join the shortlist
DEFAULT_SHORTLIST = 3.0
# Word files of one's own may hold far more words than any bundled list (up to 2 000 000):
# with more candidates than HUGE, the shortlist (unless 100 %) is cut so that the exact pass
# measures at most EXACT_PAIRS (guess, candidate) pairs, which keeps the first guess of a
# million words within seconds (benchmarks/loading.py). No bundled list has so many words.
HUGE = 100_000
EXACT_PAIRS = 300_000_000
MetricOf = Callable[[int], Metric]  # the metric for words of length k


@dataclass(frozen=True, kw_only=True)
class Ranked:
    """Play the best of the shortlist by `metric` (subclasses decide otherwise where they
    say). Several boards are chosen for jointly (strategies.joint), with the same metric."""

    name: str
    metric: MetricOf
    shortlist: float = DEFAULT_SHORTLIST
    width: int = DEFAULT_WIDTH
    # {k: (opener, fallback, ...)}: stored, handed to it; a fallback is played when the game
    # has refused every word before it and no reply has come yet
    openers: dict[int, tuple[str, ...]] = field(default_factory=dict)
    refusal_cost: float = 0.0  # in the metric's units: what a refusal costs (0: not priced)

    @property
    def traits(self) -> Traits:
        """Return what it is and can do: its opener can be stored, it plays several boards."""
        return Traits(name=self.name, shortlist=self.shortlist, width=self.width)

    def opener(self, state: GameState) -> str | None:
        """Return the stored opener when no reply has come yet: the first the game has not
        refused; None if every stored one was refused (or none is stored)."""
        if state.history:
            return None
        return stored_opener(self.openers.get(state.k, ()), state.refused)

    def choose(self, state: GameState, ranked: list[Choice] | None = None) -> str:
        """Return the guess to play in state (`ranked`: self.rank(state) if already made)."""
        if len(state.candidate_rows) == 0:
            raise NoCandidates("no word the solver knows fits the feedback")
        return (
            last_guess(state)
            or self.opener(state)
            or self.forced(state)
            or self.decide(state, ranked)
        )

    def decide(self, state: GameState, ranked: list[Choice] | None) -> str:
        """Return the guess when it is not forced: the best by the metric."""
        ranked = ranked or self.rank(state, top=1)
        return informative_or_likeliest(state, ranked[0].word)

    def choose_boards(self, position: Position) -> str:
        """Return the next guess on several boards: one board alone is played as ever."""
        boards = boards_of(position)
        first = boards.states[0]
        if len(boards.states) == 1:
            return self.choose(first)
        stored = stored_opener(self.openers.get(first.k, ()), boards.refused)
        if not boards.history and stored is not None:
            if boards.spare > 0:  # (none to spare: only a word that could solve a board)
                return stored  # every board is alike: one board's best opener
        return joint_choice(boards, self.metric, self.shortlist, self.combine, self.refusal_cost)

    @property
    def combine(self) -> Combine:
        """Return how the metric of several boards makes one value (strategies.joint)."""
        return summed

    def forced(self, state: GameState) -> str:
        """Return the guess when one or two candidates are left, else ''."""
        if len(state.candidate_rows) > 2:
            return ""
        words = [w for w in state.candidate_words() if state.is_legal(w)]
        return words[0] if words else ""  # the likelier of two (then alphabetical)

    def expected_guesses(self, state: GameState, word: str, parts: Parts) -> float:
        """Return the expected guesses to finish after word (it included), by the
        expected-guesses metric."""
        return expected_guesses(parts, state.k)

    def rank(
        self,
        state: GameState,
        top: int = 10,
        progress: Callable[[int, int], None] | None = None,
        workers: int = 1,
    ) -> list[Choice]:
        """Return the best `top` guesses by the metric, best first."""
        if len(state.candidate_rows) == 0:
            raise NoCandidates("no word the solver knows fits the feedback")
        likely = likely_rows(state)
        pool = np.flatnonzero(state.guessable(also=likely))
        cands = state.candidates
        est = estimate(state.allowed.codes[pool], position_entropy(cands))
        short = np.union1d(
            pool[np.lexsort((pool, -est))[: self.shortlist_size(state, pool)]], likely
        )
        values = partition_values(
            state.allowed.codes[short], cands, self.metric(state.k), progress, workers
        )
        est_of = np.zeros(len(state.allowed))
        est_of[pool] = est
        weight = np.zeros(len(state.allowed))
        weight[state.answer_rows[state.candidate_rows]] = state.weights[state.candidate_rows]
        # best first: the least value, then a possible answer, the likelier, the first
        # alphabetically (a-z: the rows' order, short being sorted; else the words')
        if state.allowed.alphabet.is_ascii_az:
            alphabetical = np.arange(len(short))
        else:
            alphabetical = np.argsort(np.argsort(np.array(state.allowed.words_at(short))))
        w = weight[short]
        priced = values + refusal_prices(state, short, self.refusal_cost)
        order = np.lexsort((alphabetical, -w, w <= 0, np.round(priced, DIGITS)))[:top].tolist()
        words = state.allowed.words_at(short[order])
        return [
            Choice(word, float(est_of[short[i]]), float(values[i]), bool(w[i] > 0), float(w[i]))
            for word, i in zip(words, order)
        ]

    def shortlist_size(self, state: GameState, pool: npt.NDArray[np.intp]) -> int:
        """Return how many of the pool's words, best by the estimate, are measured exactly."""
        size = min(len(pool), max(MIN_SHORTLIST, math.ceil(self.shortlist / 100 * len(pool))))
        if state.candidates.n > HUGE and self.shortlist < 100:
            size = min(size, max(MIN_SHORTLIST, EXACT_PAIRS // state.candidates.n))
        return size


def last_guess(state: GameState) -> str:
    """Return the guess on one board when it is the last the rules allow: the likeliest
    possible answer that may be played (a word that cannot be the answer cannot win); ''
    when it is not the last, or no candidate is left."""
    if not state.on_last_guess:
        return ""
    return next((w for w in state.candidate_words() if state.is_legal(w)), "")


def likely_rows(state: GameState) -> npt.NDArray[np.int64]:
    """Return the allowed rows of the likeliest candidates, in the guess pool or not."""
    return state.answer_rows[state.likeliest_candidates(LIKELY)]


def informative_or_likeliest(state: GameState, word: str) -> str:
    """Return word if it could be the answer or its feedback can differ between candidates,
    else the likeliest candidate: a guess that cannot change what is known is never played."""
    if state.could_be(word):
        return word
    candidates = state.answers.codes[state.candidate_rows]
    codes = pattern_codes(state.encode(word)[None, :], candidates)[0]
    if codes.min() != codes.max():
        return word
    return next(w for w in state.candidate_words() if state.is_legal(w))


def stored_opener(stored: tuple[str, ...], refused: Collection[str]) -> str | None:
    """Return the first of the stored openers the game has not refused, None if none."""
    return next((word for word in stored if word not in refused), None)
