"""Strategies: `choose(state) -> word`, from the estimate, the shortlist and an exact metric.

Every strategy but `frequency` ranks all allowed words by the per-position estimate, keeps
the top shortlist (plus the likeliest candidates), computes each shortlisted word's exact
partition of the candidates by streaming them, and picks the best by its metric. Ties go to
a word that could be the answer, then the likelier one, then the alphabetically first.
"""

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Protocol

import numpy as np

from lenwordle.engine.boards import Boards
from lenwordle.engine.estimate import estimate, position_entropy
from lenwordle.engine.feedback import code_to_reply, solved_code
from lenwordle.engine.kernel import score
from lenwordle.engine.metrics import METRICS
from lenwordle.engine.partitions import partition_scores
from lenwordle.engine.state import GameState, NoCandidates, hard_mode_hints
from lenwordle.engine.tree import Node
from lenwordle.search.adversary import NoPlan, Progress, rank
from lenwordle.strategies.joint import joint_choice, summed, turns_left
from lenwordle.strategies.worst_case import WorstCase
from lenwordle.words.letters import ALPHABET, encode_word

MIN_SHORTLIST = 20  # never fewer exact evaluations than this


LIKELY = 10  # the likeliest candidates always join the shortlist


DEFAULT_SHORTLIST = 3.0


DEFAULT_WIDTH = 8


DEFAULT_ENDGAME = 60


DIGITS = 9  # scores are compared rounded to this many digits, so that ties are ties


FAIL_PENALTY = 20.0  # endgame: extra cost of a guess past the rules' limit


HARD_ENDGAME = 300  # hard mode rolls out from this many candidates: its traps come early


# When the best words leave an answer unsolved after six guesses, search further (the
# "rescue"); limits measured on the standard lists and on per-turn time (docs/strategies.md):
RESCUE_BEFORE = 3  # rollouts rescue only with fewer turns played (the 2nd and 3rd guess)...


RESCUE_MAX = 12  # ...and with at most this many candidates


RESCUE_ROOT_MAX = 20  # the choice itself goes past its top `width` words with this many...


RESCUE_WIDTH = 3  # ...down to RESCUE_WIDTH x width words


# Word files of one's own may hold far more words than any bundled list (up to 2 000 000):
# with more candidates than HUGE, the shortlist (unless 100 %) is cut so that the exact pass
# scores at most EXACT_PAIRS (guess, candidate) pairs, which keeps the first guess of a
# million words within seconds (benchmarks/loading.py). No bundled list has so many words.
HUGE = 100_000


EXACT_PAIRS = 300_000_000


MODEL_VERSION = "5"  # bump when a metric changes: starter files record it


@dataclass(frozen=True)
class Choice:
    """A ranked guess: the word, its per-position estimate and its exact metric value."""

    word: str
    estimate: float
    score: float
    is_candidate: bool
    weight: float


class Strategy(Protocol):
    """What the referee and the interactive game ask of a strategy."""

    name: str  # its name in the registry (and in starter files)

    def choose(self, state: GameState) -> str:
        """Return the next guess on one board."""

    def choose_boards(self, boards: Boards) -> str:
        """Return the next guess when several boards are played at once."""

    def with_progress(self, progress: Progress) -> "Strategy":
        """Return the strategy reporting a long search's progress(done, total, about) (itself
        when no choice of its takes long enough to report)."""


@dataclass(frozen=True, kw_only=True)
class Ranked:
    """The shared machinery: rank every allowed word by the estimate, score the shortlist
    exactly by `metric`, and play the best (subclasses decide otherwise where they say).

    Several boards are chosen for jointly (lenwordle.joint), with the same metric.
    """

    metric: str = "entropy"
    shortlist: float = DEFAULT_SHORTLIST
    width: int = DEFAULT_WIDTH  # words given the endgame rollouts or lookahead's search
    openers: dict = field(default_factory=dict)  # {k: word}, supplied by starters
    endgame: int = DEFAULT_ENDGAME  # roll the greedy play out to the end from this many
    _memo: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def name(self) -> str:
        return self.metric

    @property
    def strategy(self) -> str:
        """Return the registry name (what starter files record)."""
        return self.name

    def with_progress(self, progress: Progress) -> "Ranked":
        """Return itself: a choice takes at most about a second (docs/benchmarks.md)."""
        return self

    def choose(self, state: GameState, ranked: list[Choice] | None = None) -> str:
        """Return the guess to play in state (`ranked`: self.rank(state) if already computed)."""
        if len(state.candidate_rows) == 0:
            raise NoCandidates("no word the solver knows fits the feedback")
        if not state.history and not state.refused and state.k in self.openers:
            return self.openers[state.k]
        return self.forced(state) or self.decide(state, ranked)

    def decide(self, state: GameState, ranked: list[Choice] | None) -> str:
        """Return the guess when it is not forced: the best by the metric."""
        ranked = ranked or self.rank(state, top=1)
        return informative_or_likeliest(state, ranked[0].word)

    def choose_boards(self, boards: Boards) -> str:
        """Return the next guess on several boards: one board alone is played as ever."""
        first = boards.states[0]
        if len(boards.states) == 1:
            return self.choose(first)
        if not boards.history and not boards.refused and first.k in self.openers:
            return self.openers[first.k]  # every board is alike: one board's best opener
        return joint_choice(boards, METRICS[self.metric], self.shortlist, self.combine)

    @property
    def combine(self):
        """Return how the metric of several boards makes one value (lenwordle.joint)."""
        return summed

    def forced(self, state: GameState) -> str:
        """Return the guess when one or two candidates are left, else ''."""
        if len(state.candidate_rows) > 2:
            return ""
        words = [w for w in state.candidate_words() if state.is_legal(w)]
        return words[0] if words else ""  # the likelier of two (then alphabetical)

    def rank(
        self, state: GameState, top: int = 10, progress=None, workers: int = 1
    ) -> list[Choice]:
        """Return the best `top` guesses by the metric, best first."""
        if len(state.candidate_rows) == 0:
            raise NoCandidates("no word the solver knows fits the feedback")
        likely = _likely_rows(state)
        pool = np.flatnonzero(_guess_pool_mask(state, also=likely))
        cands = state.candidates
        est = estimate(state.allowed.codes[pool], position_entropy(cands))
        size = min(len(pool), max(MIN_SHORTLIST, math.ceil(self.shortlist / 100 * len(pool))))
        if cands.n > HUGE and self.shortlist < 100:
            size = min(size, max(MIN_SHORTLIST, EXACT_PAIRS // cands.n))
        short = pool[np.lexsort((pool, -est))[:size]]
        short = np.union1d(short, likely)
        scores = partition_scores(
            state.allowed.codes[short], cands, METRICS[self.metric](state.k), progress, workers
        )
        est_of = np.zeros(len(state.allowed))
        est_of[pool] = est
        weight = np.zeros(len(state.allowed))
        weight[state.answer_rows[state.candidate_rows]] = state.weights[state.candidate_rows]
        words = state.allowed.words_at(short)
        # best first: the score, then a possible answer, the likelier, the first alphabetically
        alphabetical = np.argsort(np.argsort(np.array(words)))
        w = weight[short]
        order = np.lexsort((alphabetical, -w, w <= 0, -np.round(scores, DIGITS)))[:top]
        return [
            Choice(
                words[i], float(est_of[short[i]]), float(scores[i]), bool(w[i] > 0), float(w[i])
            )
            for i in order.tolist()
        ]


@dataclass(frozen=True, kw_only=True)
class ExpectedGuesses(Ranked):
    """The fewest expected guesses; with few candidates left, each of the top `width` words
    is followed by its greedy play to the end (the rollout) and the cheapest is played."""

    metric: str = "expected-guesses"

    @property
    def combine(self):
        """Return the turns still needed on several boards, from the expected guesses."""
        return turns_left

    def rolls_out(self, state: GameState) -> bool:
        """Return whether the choice in state rolls the top words out to the end: with at most
        `endgame` candidates left (HARD_ENDGAME in hard mode)."""
        endgame = max(self.endgame, HARD_ENDGAME) if state.hard and self.endgame else self.endgame
        return len(state.candidate_rows) <= endgame

    def decide(self, state: GameState, ranked: list[Choice] | None) -> str:
        if self.rolls_out(state):
            return informative_or_likeliest(state, self._endgame_choice(state))
        return self.decide_by_ranking(state, ranked)

    def decide_by_ranking(self, state: GameState, ranked: list[Choice] | None) -> str:
        """Return the guess with many candidates left: the best by the metric."""
        return super().decide(state, ranked)

    def _endgame_choice(self, state: GameState) -> str:
        """Return the best of the top `width` words when each is followed by its rollout."""
        few = len(state.candidate_rows) <= RESCUE_ROOT_MAX and not hopeless(state)
        return self._search(state, self.width, RESCUE_WIDTH * self.width if few else self.width)[0]

    def _search(self, state: GameState, width: int, limit: int) -> tuple[str, tuple[float, bool]]:
        """Return the word of lowest rollout cost among the top `width`, and its (cost, fails).

        While every word tried leaves some answer unsolved within the limit, the search
        goes on down the ranking, to `limit` words: a one-step metric misses such traps
        (hard mode's above all).
        """
        ranked = self.rank(state, top=limit)
        values: dict[str, tuple[float, bool]] = {}
        for index, choice in enumerate(ranked):
            if index >= width and any(not fails for _, fails in values.values()):
                break
            values[choice.word] = self.value(state, choice.word)
        word = lowest([c for c in ranked if c.word in values], lambda w: values[w][0])
        return word, values[word]

    def value(self, state: GameState, word: str) -> tuple[float, bool]:
        """Return the expected cost of playing word now and the rollout ever after, and
        whether some answer then needs more guesses than the rules allow.

        A guess costs 1, or 1 + FAIL_PENALTY past the limit, so that a play that finishes
        within the limit wins unless it costs clearly more on average.
        """
        parts, solved = state.split(word), solved_code(state.k)
        if len(parts) == 1 and parts[0][0] != solved:
            return math.inf, True  # tells nothing (every word left refused or ruled out): never
        total, fails = _guess_cost(state), _too_late(state)
        for code, mass, child in parts:
            if code != solved:
                cost, sub_fails = self._rollout(child)
                total, fails = total + mass * cost, fails or sub_fails
        return total, fails

    def _rollout(self, state: GameState) -> tuple[float, bool]:
        """Return the expected cost to finish from state, and whether some answer fails.

        Play is greedy (the metric's best word) unless greedy play leaves some answer
        unsolved within the limit; then further words are searched (see _search). The word
        chosen is remembered with the value: endgame_tree reads the play back.
        """
        rows = state.candidate_rows
        if len(rows) == 1:
            return _guess_cost(state), _too_late(state)
        key = self._key(state)
        if key not in self._memo:
            forced = self.forced(state)
            if forced:
                self._memo[key] = forced, self.value(state, forced)
            elif (
                len(state.history) < RESCUE_BEFORE
                and len(rows) <= RESCUE_MAX
                and not hopeless(state)
            ):
                self._memo[key] = self._search(state, 1, self.width)
            else:  # later, searching costs more than it saves: stay greedy
                word = self.rank(state, top=1)[0].word
                self._memo[key] = word, self.value(state, word)
        return self._memo[key][1]

    def _key(self, state: GameState) -> tuple:
        """Return what a rollout from state depends on."""
        # in hard mode the legal guesses depend on the hints, not only on the candidates
        hints = state.history if state.hard else ()
        rows = state.candidate_rows
        return (rows.tobytes(), hints, state.refused, min(len(state.history), state.limit))

    def endgame_tree(self, state: GameState) -> Node:
        """Return the endgame search's play from state as a decision tree: the word chosen,
        then on each reply the word its rollout plays."""
        word = self._endgame_choice(state)
        self.value(state, word)  # every rollout below it is in the memo
        return self._subtree(state, word)

    def _subtree(self, state: GameState, word: str) -> Node:
        """Return the tree of playing word in state, then the remembered rollouts."""
        children = {}
        for code, _, child in state.split(word):
            if code == solved_code(state.k):
                continue
            rows = child.candidate_rows
            if len(rows) == 1:
                children[code_to_reply(code, state.k)] = Node(child.candidate_words()[0], True)
            else:
                chosen = self._memo[self._key(child)][0]
                children[code_to_reply(code, state.k)] = self._subtree(child, chosen)
        row = state.answers.row(word)
        return Node(word, row is not None and bool(state.mask[row]), children)


@dataclass(frozen=True, kw_only=True)
class Lookahead(ExpectedGuesses):
    """expected-guesses, with the top `width` words judged two steps deep (the next turn
    greedy) while many candidates are left."""

    @property
    def name(self) -> str:
        return "lookahead"

    def decide_by_ranking(self, state: GameState, ranked: list[Choice] | None) -> str:
        ranked = (ranked or self.rank(state, top=self.width))[: self.width]
        if len(ranked) > 1:
            return informative_or_likeliest(state, lookahead_choice(self, state, ranked))
        return informative_or_likeliest(state, ranked[0].word)


@dataclass(frozen=True, kw_only=True)
class Frequency(Ranked):
    """The classic baseline: the candidate whose letters are commonest in their places (it
    ranks by entropy only to list words)."""

    @property
    def name(self) -> str:
        return "frequency"

    def decide(self, state: GameState, ranked: list[Choice] | None) -> str:
        return frequency_choice(state)

    def choose_boards(self, boards: Boards) -> str:
        """Return the choice on the open board with the fewest candidates (the only one)."""
        return self.choose(boards.most_urgent())


@dataclass(frozen=True, kw_only=True)
class OneByOne(ExpectedGuesses):
    """The baseline for several boards: solve them one after another with expected-guesses,
    the first open board first (on one board, expected-guesses itself)."""

    @property
    def name(self) -> str:
        return "one-by-one"

    def choose_boards(self, boards: Boards) -> str:
        for state in boards.open_states():
            if len(state.candidate_rows):
                return self.choose(state)
        raise NoCandidates("no word the solver knows fits the feedback on any open board")


@dataclass(frozen=True, kw_only=True)
class Optimal(ExpectedGuesses):
    """Play from a best tree (lenwordle.besttree, given by Settings.open): the tree's guess
    while the game follows it, expected-guesses off it (another answer, a refused word)."""

    tree: Node | None = None

    @property
    def name(self) -> str:
        return "optimal"

    def choose(self, state: GameState, ranked: list[Choice] | None = None) -> str:
        node = self.node_at(state)
        if node is not None and state.is_legal(node.guess):
            return node.guess
        return super().choose(state, ranked)

    def node_at(self, state: GameState) -> Node | None:
        """Return the tree's node the game has reached, or None off the tree."""
        node = self.tree
        if state.refused or node is None:
            return None
        for guess, reply in state.history:
            if node.guess != guess or reply not in node.children:
                return None
            node = node.children[reply]
        return node


STRATEGIES: dict[str, Callable[..., Strategy]] = {
    "expected-guesses": ExpectedGuesses,
    "entropy": partial(Ranked, metric="entropy"),
    "expected-size": partial(Ranked, metric="expected-size"),
    "most-parts": partial(Ranked, metric="most-parts"),
    "minimax": partial(Ranked, metric="minimax"),
    "frequency": Frequency,
    "lookahead": Lookahead,
    "one-by-one": OneByOne,
    "optimal": Optimal,
    "worst-case": lambda **options: WorstCasePlan(width=max(options.get("width", 0), 20)),
}


DEFAULT_STRATEGY = "expected-guesses"


ABSURDLE_STRATEGY = "worst-case"  # what --absurdle plays unless another strategy is named


OPTIMAL_STRATEGY = "optimal"


PLANS_ITSELF = (ABSURDLE_STRATEGY, OPTIMAL_STRATEGY)  # no starter file holds their first guess


# worst-case plans its game only with at most this many words left (the standard answers,
# 2315, take about a second); with more (the whole bundled dictionary, 20 000 and more) it
# plays the shortlisted word of smallest largest group until few enough are left
PLAN_MAX = 3000


@dataclass(frozen=True)
class WorstCasePlan(WorstCase):
    """The Absurdle solver (lenwordle.absurdle): the first guess of the shortest plan against
    the largest-group host; past any plan within the limit, the guess of smallest largest
    group. One board only."""

    openers: dict = field(default_factory=dict)  # none: it plans from the first guess on

    def choose(self, state: GameState) -> str:
        if len(state.candidate_rows) == 0:
            raise NoCandidates("no word the solver knows fits the feedback")
        if len(state.candidate_rows) > PLAN_MAX:  # too many to plan: the smallest worst case
            return Ranked(metric="minimax").choose(state)
        try:
            return super().choose(state)
        except NoPlan:
            return rank(state, 1).words[0]

    def choose_boards(self, boards: Boards) -> str:
        if len(boards.states) != 1:
            raise ValueError("worst-case plays one board (Absurdle)")
        return self.choose(boards.states[0])

    @property
    def strategy(self) -> str:
        return self.name


def make(name: str = DEFAULT_STRATEGY, **options) -> Strategy:
    """Return the registered strategy `name` with options (shortlist, width, openers, endgame)."""
    return STRATEGIES[name](**options)


def hopeless(state: GameState) -> bool:
    """Return whether hard mode must leave an answer unsolved within the limit.

    With every position but one green, a legal guess differs from the candidates in that
    one letter only, so it rules out at most one of them.
    """
    return (
        state.hard
        and len(hard_mode_hints(state.history)[0]) >= state.k - 1
        and len(state.candidate_rows) > state.limit - len(state.history)
    )


def _too_late(state: GameState) -> bool:
    """Return whether the next guess would be past the game's limit (a failure)."""
    return len(state.history) >= state.limit


def _guess_cost(state: GameState) -> float:
    """Return the cost of the next guess: 1, plus FAIL_PENALTY past the game's limit."""
    return 1.0 + (FAIL_PENALTY if _too_late(state) else 0.0)


def _guess_pool_mask(state: GameState, also: np.ndarray) -> np.ndarray:
    """Return a mask of the allowed words that may be suggested now: the guess pool's words
    and the rows `also`, if legal and not refused."""
    ok = state.suggestable.copy()
    ok[also] = True
    if state.legal is not None:
        ok &= state.legal
    return ok & ~state.allowed.mask_of(state.refused)


def _likely_rows(state: GameState) -> np.ndarray:
    """Return the allowed rows of the likeliest candidates, in the guess pool or not."""
    rows = state.candidate_rows
    order = np.lexsort((rows, -state.weights[rows]))
    return state.answer_rows[rows[order[:LIKELY]]]


def informative_or_likeliest(state: GameState, word: str) -> str:
    """Return word if it could be the answer or its feedback can differ between candidates,
    else the likeliest candidate: a guess that cannot change what is known is never played."""
    row = state.answers.index.get(word)
    if row is not None and state.mask[row]:
        return word
    codes = score(encode_word(word)[None, :], state.answers.codes[state.candidate_rows])[0]
    if codes.min() != codes.max():
        return word
    return next(w for w in state.candidate_words() if state.is_legal(w))


def frequency_choice(state: GameState) -> str:
    """Return the candidate whose letters are commonest in their places, distinct ones first."""
    rows = state.candidate_rows
    codes = state.answers.codes[rows]
    k = state.k
    w = state.weights[rows] / state.weights[rows].sum()
    freq = np.stack([np.bincount(codes[:, i], w, ALPHABET) for i in range(k)])
    overall = freq.sum(axis=0)
    score = freq[np.arange(k), codes].sum(axis=1)
    distinct = np.zeros(len(codes))
    for letter in range(ALPHABET):  # count each distinct letter once
        distinct += (codes == letter).any(axis=1) * overall[letter]
    total = score + distinct
    ok = np.ones(len(rows), bool) if state.legal is None else state.legal[state.answer_rows[rows]]
    words = state.answers.strings
    order = np.lexsort((rows, -w, -np.round(total, DIGITS)))
    return next(words[rows[i]] for i in order if ok[i])


def lookahead_choice(solver: Ranked, state: GameState, ranked: list[Choice]) -> str:
    """Return the ranked word with the fewest expected guesses when the next turn is greedy."""
    greedy = Ranked(metric="expected-guesses", shortlist=solver.shortlist)
    return lowest(ranked, lambda word: _two_step(greedy, state, word))


def lowest(ranked: list[Choice], cost) -> str:
    """Return the ranked word of lowest cost(word); ties broken as in Ranked.rank."""

    def key(c: Choice):
        return (min(round(cost(c.word), DIGITS), 1e300), not c.is_candidate, -c.weight, c.word)

    return min(ranked, key=key).word


def _two_step(greedy: Ranked, state: GameState, word: str) -> float:
    """Return the expected guesses of playing word, then the greedy best, then the estimate."""
    total = 1.0
    for code, mass, child in state.split(word):
        if code == solved_code(state.k):
            continue
        count = len(child.candidate_rows)
        if count <= 2:
            sub = 1.0 if count == 1 else 1.5
        else:
            sub = -greedy.rank(child, top=1)[0].score
        total += mass * sub
    return total
