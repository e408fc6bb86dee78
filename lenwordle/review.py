"""Reviewing a game already played: each guess beside the solver's best, and the luck.

The figures of a guess, from the words still possible before it (weighted by the prior):
- expected_left: the expected number of words still possible after it, sum over its
  replies r of P(r) x (words that give r); the all-green reply leaves one word.
- expected_guesses: the expected guesses to finish, this one included, as the strategy
  itself estimates them. An expected-guesses strategy (also lookahead, one-by-one) that
  rolls out from here (at most `endgame` candidates, 300 in hard mode) gives the exact
  expectation of this guess followed by its own play (ExpectedGuesses.value: a guess past
  the limit costs 1 + FAIL_PENALTY there, as in its search); with more candidates, or any
  other strategy, it is the expected-guesses metric, 1 + sum over the replies that are not
  all green of P(r) x (1 + 0.8 sqrt(ln n)) for a part of n words.
- luck, in bits: the information the reply gave, log2(1 / P(reply)), less the information
  the guess gives on average (the entropy of its replies). 0 is an average reply (the mean
  luck is 0), +1 a reply that cut the chances twice as far as an average one, -1 half as
  far. With equally likely words it is log2(typical words left / words left), the typical
  being the geometric mean of the words each reply leaves (not expected_left, the
  arithmetic mean, which a guess beats more often than not).
"""

import math
from dataclasses import asdict, dataclass, field, replace

from lenwordle.encoding import encode_word
from lenwordle.entropy import Parts, entropy, guess_parts
from lenwordle.metrics import neg_expected_guesses
from lenwordle.patterns import Reply, parse_reply, reply_for, reply_to_code
from lenwordle.starters import expected_remaining
from lenwordle.state import GameState, hard_mode_problem
from lenwordle.strategies import DIGITS, ExpectedGuesses, Strategy

Turn = tuple[str, Reply]


@dataclass(frozen=True)
class Figures:
    """What a guess is expected to do: the words left after it, the guesses to finish."""

    word: str
    expected_left: float
    expected_guesses: float
    parts: Parts = field(compare=False, repr=False)  # its partition of the words possible


@dataclass(frozen=True)
class TurnReview:
    """One turn of a game: the guess played, the reply, its figures and the best guess's.

    The figures are None when no word the solver knows was still possible before the guess
    (an answer outside the dictionary); luck is None when none is left after it.
    """

    guess: str
    reply: Reply
    possible_before: int
    possible_after: int
    expected_left: float | None
    expected_guesses: float | None
    best_guess: str | None
    best_expected_left: float | None
    best_expected_guesses: float | None
    luck: float | None  # bits: log2(1 / P(reply)) less the guess's entropy; positive is lucky
    hard_mode_problem: str  # why the guess breaks hard mode ('' if it does not, or not hard)
    could_be_answer: bool  # the guess was one of the words still possible
    solved: bool  # the reply was all green

    @property
    def matched_best(self) -> bool:
        """Return whether the guess was the best guess or expects no more guesses than it."""
        if self.guess == self.best_guess:
            return True
        if self.expected_guesses is None or self.best_expected_guesses is None:
            return False
        return round(self.expected_guesses, DIGITS) <= round(self.best_expected_guesses, DIGITS)

    def as_dict(self) -> dict:
        """Return the turn as plain JSON values (with matched_best; None for no figure)."""
        values = asdict(self) | {"matched_best": self.matched_best}
        return {key: None if _infinite(v) else v for key, v in values.items()}


def _infinite(value) -> bool:
    """Return whether value is an infinite float (no JSON number)."""
    return isinstance(value, float) and math.isinf(value)


def turns_against(answer: str, guesses: list[str]) -> list[Turn]:
    """Return each guess with the reply the answer gives it."""
    return [(guess, reply_for(guess, answer)) for guess in guesses]


def review(state: GameState, strategy: Strategy, turns: list[Turn]) -> list[TurnReview]:
    """Return the review of each turn (guess, reply in any accepted notation) played from
    state; ValueError for a word of the wrong length, a turn after the game was solved or
    a reply no word could give (ImpossibleFeedback)."""
    reviews = []
    for number, (guess, reply) in enumerate(turns, 1):
        if state.solved:
            raise ValueError(f"guess {number}, {guess.upper()}, comes after the game was solved")
        if len(guess) != state.k:
            raise ValueError(f"{guess.upper()} has {len(guess)} letters, the game has {state.k}")
        after = next_state(state, guess, parse_reply(reply, state.k))
        reviews.append(review_turn(state, after, strategy))
        state = after
    return reviews


def review_turn(state: GameState, after: GameState, strategy: Strategy) -> TurnReview:
    """Return the review of the turn that led from state to after (its last guess, reply)."""
    guess, reply = after.history[-1]
    problem = hard_mode_problem(guess, state.history) if state.hard else ""
    before, after = len(state.candidate_rows), len(after.candidate_rows)
    flags = {
        "hard_mode_problem": problem,
        "could_be_answer": is_candidate(state, guess),
        "solved": set(reply) == {"g"},
    }
    if before == 0:
        return TurnReview(guess, reply, 0, after, None, None, None, None, None, None, **flags)
    yours = figures(relaxed(state) if problem else state, strategy, guess)
    best = figures(state, strategy, strategy.choose(state))
    return TurnReview(
        guess,
        reply,
        before,
        after,
        yours.expected_left,
        yours.expected_guesses,
        best.word,
        best.expected_left,
        best.expected_guesses,
        luck(yours.parts, reply),
        **flags,
    )


def luck(parts: Parts, reply: Reply) -> float | None:
    """Return the luck of reply, in bits, to a guess of these parts: the information it gave
    less the guess's average (None when no word gives it)."""
    given = parts.masses[parts.codes == reply_to_code(reply)]
    return float(-math.log2(given[0]) - entropy(parts)) + 0.0 if len(given) else None  # not -0.0


def figures(state: GameState, strategy: Strategy, word: str) -> Figures:
    """Return word's expected words left and expected guesses to finish in state."""
    parts = guess_parts(encode_word(word), state.candidates)
    guesses = expected_guesses(state, strategy, word, parts)
    return Figures(word, expected_remaining(parts), guesses, parts)


def expected_guesses(state: GameState, strategy: Strategy, word: str, parts: Parts) -> float:
    """Return the expected guesses to finish after playing word (it included), as strategy
    estimates them: its rollout where it rolls out, else the expected-guesses metric."""
    if not (isinstance(strategy, ExpectedGuesses) and strategy.rolls_out(state)):
        return -neg_expected_guesses(parts, state.k)
    cost = strategy.value(state, word)[0]
    if math.isinf(cost):  # one reply, not all green: the guess tells nothing, the play goes on
        (_, _, same), *_ = state.split(word)
        return 1.0 + figures(same, strategy, strategy.choose(same)).expected_guesses
    return cost


def next_state(state: GameState, guess: str, reply: Reply) -> GameState:
    """Return the state after guess got reply; a guess that breaks hard mode is let through
    (the rules stay hard for the next turns); ImpossibleFeedback if no word gives reply."""
    if state.hard and hard_mode_problem(guess, state.history):
        return replace(relaxed(state).after(guess, reply), rules=state.rules)
    return state.after(guess, reply)


def relaxed(state: GameState) -> GameState:
    """Return state in normal mode (a guess that breaks hard mode is judged as in it)."""
    return replace(state, rules=replace(state.rules, hard=False), legal_before=None)


def is_candidate(state: GameState, word: str) -> bool:
    """Return whether word is one of the words still possible in state."""
    row = state.answers.row(word)
    return row is not None and bool(state.mask[row])


def summary(reviews: list[TurnReview]) -> dict:
    """Return the game in a few figures: guesses, solved, total luck, guesses as good as the
    best (matched_best)."""
    lucks = [r.luck for r in reviews if r.luck is not None]
    return {
        "guesses": len(reviews),
        "solved": bool(reviews) and reviews[-1].solved,
        "luck": sum(lucks),
        "matched_best": sum(r.matched_best for r in reviews),
    }
