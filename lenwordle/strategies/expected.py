"""The fewest expected guesses, and the strategies built on it: endgame rollouts, a rescue
search past the top words when an answer would go unsolved, lookahead, one board at a time."""

import math
from dataclasses import dataclass, field

import numpy as np

from lenwordle.engine.feedback import code_to_reply, solved_code
from lenwordle.engine.hard_mode import hard_mode_hints
from lenwordle.engine.metrics import expected_guesses_metric
from lenwordle.engine.partitions import Parts, guess_parts
from lenwordle.engine.position import Position
from lenwordle.engine.state import GameState, NoCandidates
from lenwordle.engine.tree import Node, Turns
from lenwordle.strategies.base import Choice, boards_of, lowest, refusal_prices
from lenwordle.strategies.joint import Combine, turns_left
from lenwordle.strategies.ranked import MetricOf, Ranked, informative_or_likeliest

DEFAULT_ENDGAME = 60
# a refusal's price, in guesses (Ranked.refusal_cost; docs/playing.md, "When the game
# refuses a word")
REFUSAL_COST = 0.5
FAIL_PENALTY = 20.0  # endgame: extra cost of a guess past the rules' limit
HARD_ENDGAME = 300  # hard mode rolls out from this many candidates: its traps come early
# ...and past this many candidates, only the top words are rolled out: (candidates, words),
# the first a state has more candidates than (the standard lists in hard mode: 3.5205, no
# failure, as with 8 words; 1 word past 150 loses 3 guesses in 150 games of 6 letters, 1
# word past 100 gives 3.5231 on the standard lists: docs/strategies.md)
HARD_WIDE = ((100, 2),)
# When the best words leave an answer unsolved after six guesses, search further (the
# "rescue"); limits measured on the standard lists and on per-turn time (docs/strategies.md):
RESCUE_BEFORE = 3  # rollouts rescue only with fewer turns played (the 2nd and 3rd guess)...
RESCUE_MAX = 12  # ...and with at most this many candidates
RESCUE_ROOT_MAX = 20  # the choice itself goes past its top `width` words with this many
# (in ultra-hard with any number)...
RESCUE_WIDTH = 3  # ...down to RESCUE_WIDTH x width words
# what a rollout from a state depends on (ExpectedGuesses._key)
RolloutKey = tuple[bytes, Turns, bool, frozenset[str], int]


@dataclass(frozen=True, kw_only=True)
class ExpectedGuesses(Ranked):
    """The fewest expected guesses; with few candidates left, each of the top `width` words
    is followed by its greedy play to the end (the rollout) and the cheapest is played."""

    name: str = "expected-guesses"
    metric: MetricOf = expected_guesses_metric
    endgame: int = DEFAULT_ENDGAME  # roll the greedy play out to the end from this many
    refusal_cost: float = REFUSAL_COST
    _memo: dict[RolloutKey, tuple[str, tuple[float, bool]]] = field(
        default_factory=dict, compare=False, repr=False
    )

    @property
    def combine(self) -> Combine:
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

    def expected_guesses(self, state: GameState, word: str, parts: Parts) -> float:
        """Return the expected guesses to finish after word (it included): by the rollout
        where the choice rolls out, else by the metric."""
        if not self.rolls_out(state):
            return super().expected_guesses(state, word, parts)
        cost = self.value(state, word)[0]
        if math.isinf(cost):  # one reply, not all green: the guess tells nothing, play goes on
            (_, _, same), *_ = state.split(word)
            word = self.choose(same)
            return 1.0 + self.expected_guesses(
                same, word, guess_parts(same.encode(word), same.candidates)
            )
        return cost

    def _endgame_choice(self, state: GameState) -> str:
        """Return the best of the top `width` words when each is followed by its rollout."""
        left = len(state.candidate_rows)
        # (ultra-hard's traps come with more words left: fewer guesses escape them; its
        # rollouts keep the whole width)
        few = (left <= RESCUE_ROOT_MAX or state.ultra_hard) and not hopeless(state)
        wide = next((words for more, words in HARD_WIDE if left > more), self.width)
        width = min(self.width, wide) if state.hard and not state.ultra_hard else self.width
        return self._search(state, width, RESCUE_WIDTH * width if few else width)[0]

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
        tried = [c for c in ranked if c.word in values]
        rows = np.array([state.allowed.index[c.word] for c in tried], np.intp)
        price = dict(zip(values, refusal_prices(state, rows, self.refusal_cost).tolist()))
        word = lowest(tried, lambda w: values[w][0] + price[w])
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
        total, fails = guess_cost(state), too_late(state)
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
        if len(state.candidate_rows) == 1:
            return guess_cost(state), too_late(state)
        key = self._key(state)
        if key not in self._memo:
            self._memo[key] = self._rollout_choice(state)
        return self._memo[key][1]

    def _rollout_choice(self, state: GameState) -> tuple[str, tuple[float, bool]]:
        """Return the word a rollout plays in state and its (cost, fails)."""
        forced = self.forced(state)
        if forced:
            return forced, self.value(state, forced)
        if (
            len(state.history) < RESCUE_BEFORE
            and len(state.candidate_rows) <= RESCUE_MAX
            and not hopeless(state)
        ):
            return self._search(state, 1, self.width)
        word = self.rank(state, top=1)[0].word  # later, searching costs more than it saves
        return word, self.value(state, word)

    def _key(self, state: GameState) -> RolloutKey:
        """Return what a rollout from state depends on."""
        # in hard mode the legal guesses depend on the hints, not only on the candidates (and
        # in ultra-hard on its own rules too: the same hints leave fewer guesses legal)
        hints: Turns = state.history if state.hard else ()
        rows, turns = state.candidate_rows, min(len(state.history), state.limit)
        return (rows.tobytes(), hints, state.ultra_hard, state.refused, turns)

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
        return Node(word, state.could_be(word), children)


@dataclass(frozen=True, kw_only=True)
class Lookahead(ExpectedGuesses):
    """expected-guesses, with the top `width` words judged two steps deep (the next turn
    greedy) while many candidates are left."""

    name: str = "lookahead"

    def decide_by_ranking(self, state: GameState, ranked: list[Choice] | None) -> str:
        ranked = (ranked or self.rank(state, top=self.width))[: self.width]
        if len(ranked) > 1:
            return informative_or_likeliest(state, lookahead_choice(self, state, ranked))
        return informative_or_likeliest(state, ranked[0].word)


@dataclass(frozen=True, kw_only=True)
class OneByOne(ExpectedGuesses):
    """The baseline for several boards: solve them one after another with expected-guesses,
    the first open board first (on one board, expected-guesses itself)."""

    name: str = "one-by-one"

    def choose_boards(self, position: Position) -> str:
        boards = boards_of(position)
        for state in boards.open_states():
            if len(state.candidate_rows):
                return self.choose(state)
        raise NoCandidates("no word the solver knows fits the feedback on any open board")


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


def too_late(state: GameState) -> bool:
    """Return whether the next guess would be past the game's limit (a failure)."""
    return len(state.history) >= state.limit


def guess_cost(state: GameState) -> float:
    """Return the cost of the next guess: 1, plus FAIL_PENALTY past the game's limit."""
    return 1.0 + (FAIL_PENALTY if too_late(state) else 0.0)


def lookahead_choice(solver: Ranked, state: GameState, ranked: list[Choice]) -> str:
    """Return the ranked word with the fewest expected guesses when the next turn is greedy."""
    greedy = Ranked(
        name="expected-guesses", metric=expected_guesses_metric, shortlist=solver.shortlist
    )
    return lowest(ranked, lambda word: _two_step(greedy, state, word))


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
            sub = greedy.rank(child, top=1)[0].value
        total += mass * sub
    return total
