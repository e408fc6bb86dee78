"""Reviewing a game already played: each guess beside the solver's best, its skill and luck.

docs/trees-and-review.md defines the figures and the ratings, with a worked example. In the
code's terms, from the words still possible before a guess (weighted by the prior):
expected_left is expected_remaining over its parts; expected_guesses (this guess included)
is the strategy's own estimate when it ranks guesses (an expected-guesses strategy rolls out
at most `endgame` candidates exactly, 300 in hard mode, a guess past the limit costing
1 + FAIL_PENALTY there), else the expected-guesses metric. On the last guess the rules allow
only a possible answer can win: the best guess is the likeliest (as every strategy plays
it), a guess's expected_guesses are 1 + FAIL_PENALTY x the chance it misses and its skill
its chance of being the answer over the best's. Skill and luck are ratings 0-99, rounded
half up; the game's are the means of its turns' that have one, and its verdict names their
bands (SKILL_BANDS, LUCK_BANDS).

A variant's game (review_rows) is judged on the same scales over the rows it may show
(strategies/shown.py): expected guesses as its strategy counts them, luck by the worlds a
row leaves open; its turns are TurnReviews too, summed up by the same summary.
"""

import math
from dataclasses import asdict, dataclass, field, replace
from typing import Any

import numpy as np
import numpy.typing as npt

from lenwordle.engine.boards import Boards
from lenwordle.engine.feedback import Reply, parse_reply, reply_for, reply_to_code, solved_code
from lenwordle.engine.hard_mode import hard_mode_problem
from lenwordle.engine.metrics import DIGITS, expected_guesses, expected_remaining
from lenwordle.engine.partitions import Parts, guess_parts
from lenwordle.engine.position import Outcome, Target
from lenwordle.engine.rules import DEFAULT_LIMIT
from lenwordle.engine.state import GameState
from lenwordle.engine.variants.state import VariantGame
from lenwordle.games.play import solve_game
from lenwordle.strategies.base import Ranking, Strategy
from lenwordle.strategies.expected import FAIL_PENALTY
from lenwordle.strategies.ranked import last_guess
from lenwordle.strategies.shown import (
    EXACT_WORLDS,
    Metric,
    choose,
    exact_value,
    shown_rows,
    spread_sample,
)
from lenwordle.words.wordlist import WordList

Turn = tuple[str, Reply]
TOP = 99  # the highest rating (of skill and luck)
SKILL_BANDS = ((90, "excellent"), (75, "good"), (50, "fair"), (0, "loose"))  # from the game's
LUCK_BANDS = ((67, "lucky"), (34, "average"), (0, "unlucky"))  # skill, luck: the first it reaches


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
    (an answer outside the dictionary), and so is skill; luck is None when only one reply
    could come or none of the words gives the reply.
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
    skill: int | None  # 0-99: the guess's expected guesses against the best guess's
    luck: int | None  # 0-99: the reply's words left against the guess's other replies'
    hard_mode_problem: str  # why the guess breaks hard mode ('' if it does not, or not hard)
    could_be_answer: bool  # the guess was one of the words still possible
    solved: bool  # the reply was all green
    refused: tuple[str, ...] = ()  # words the game refused just before this guess (WORD!)

    @property
    def matched_best(self) -> bool:
        """Return whether the guess was the best guess or expects no more guesses than it."""
        if self.guess == self.best_guess:
            return True
        if self.expected_guesses is None or self.best_expected_guesses is None:
            return False
        return round(self.expected_guesses, DIGITS) <= round(self.best_expected_guesses, DIGITS)

    def as_dict(self) -> dict[str, object]:
        """Return the turn as plain JSON values (with matched_best; None for no figure)."""
        values = asdict(self) | {"matched_best": self.matched_best}
        return {key: None if _infinite(v) else v for key, v in values.items()}


def _infinite(value: object) -> bool:
    """Return whether value is an infinite float (no JSON number)."""
    return isinstance(value, float) and math.isinf(value)


def turns_against(answer: str, guesses: list[str]) -> list[Turn]:
    """Return each guess with the reply the answer gives it."""
    return [(guess, reply_for(guess, answer)) for guess in guesses]


def review(
    state: GameState,
    strategy: Strategy,
    turns: list[Turn],
    refusals: dict[int, tuple[str, ...]] | None = None,
    since: int = 0,
) -> list[TurnReview]:
    """Return the review of each turn (guess, reply in any accepted notation) played from
    state, from turn `since` on (from 0: the turns before it are played, checked alike and not
    judged; a hint's last turn is judged as in the whole review); refusals[i]: the words the
    game refused before turn i (from 0), no longer guesses nor answers when that turn and the
    later ones are judged. ValueError for a word of the wrong length, a turn after the game
    was solved, a word played after it was refused or a reply no word could give
    (ImpossibleFeedback)."""
    refusals = refusals or {}
    reviews, shown = [], state.allowed.display
    for number, (guess, reply) in enumerate(turns, 1):
        if state.solved:
            raise ValueError(f"guess {number}, {shown(guess)}, comes after the game was solved")
        if len(guess) != state.k:
            raise ValueError(f"{shown(guess)} has {len(guess)} letters, the game has {state.k}")
        refused = refusals.get(number - 1, ())
        for word in refused:
            state = state.refuse(word)
        if guess in state.refused:
            why = "was refused by the game before: it cannot be played"
            raise ValueError(f"guess {number}, {shown(guess)}, {why}")
        after = next_state(state, guess, parse_reply(reply, state.k))
        if number > since:
            reviews.append(replace(review_turn(state, after, strategy), refused=refused))
        state = after
    return reviews


def review_turn(state: GameState, after: GameState, strategy: Strategy) -> TurnReview:
    """Return the review of the turn that led from state to after (its last guess, reply)."""
    guess, reply = after.history[-1]
    upper = state.allowed.alphabet.upper
    ultra = state.ultra_hard
    problem = hard_mode_problem(guess, state.history, upper, ultra) if state.hard else ""
    before, left = len(state.candidate_rows), len(after.candidate_rows)
    flags = (problem, state.could_be(guess), set(reply) == {"g"})
    if before == 0:  # no figures, skill nor luck
        return TurnReview(guess, reply, 0, left, *(None,) * 7, *flags)
    yours = figures(relaxed(state) if problem else state, strategy, guess)
    judged: int | None
    if state.on_last_guess:  # only a possible answer can win: the likeliest is the best
        likeliest = last_guess(state) or strategy.choose(state)
        yours = last_guess_figures(state, yours)
        best = last_guess_figures(state, figures(state, strategy, likeliest))
        top = answer_chance(state, best.word)
        judged = rating(answer_chance(state, guess) / top) if top > 0 else None
    else:
        best = figures(state, strategy, strategy.choose(state))
        judged = skill(yours.expected_guesses, best.expected_guesses)
    mine = (yours.expected_left, yours.expected_guesses)
    theirs = (best.word, best.expected_left, best.expected_guesses)
    scores = (judged, luck(yours.parts, reply))
    return TurnReview(guess, reply, before, left, *(mine + theirs + scores + flags))


def answer_chance(state: GameState, word: str) -> float:
    """Return the chance that word is the answer: its weight over the candidates' (0 for a
    word that cannot be)."""
    if not state.could_be(word):
        return 0.0
    rows = state.candidate_rows
    return float(state.weights[state.answers.row(word)] / state.weights[rows].sum())


def last_guess_figures(state: GameState, yours: Figures) -> Figures:
    """Return a guess's figures on the last guess the rules allow (1 + FAIL_PENALTY x the
    chance it misses)."""
    missed = 1.0 - answer_chance(state, yours.word)
    return replace(yours, expected_guesses=1.0 + FAIL_PENALTY * missed)


def rating(fraction: float) -> int:
    """Return a fraction in [0, 1] as a rating 0-99, rounded half up (99 x 0.5 is 50)."""
    return math.floor(round(TOP * fraction, 6) + 0.5)


def skill(yours: float, best: float) -> int | None:
    """Return the skill of a guess expecting `yours` guesses to finish where the best guess
    expects `best`: 99 x (1 - the guesses lost), within 0 and 99 (None if both are infinite)."""
    lost = round(yours - best, 9)
    if math.isnan(lost):  # both infinite: nothing to compare
        return None
    return rating(min(1.0, max(0.0, 1.0 - lost)))


def luck(parts: Parts, reply: Reply) -> int | None:
    """Return the luck of reply to a guess of these parts (the all-green reply leaves no
    word); None when only one reply could come, or no word gives it."""
    left = np.where(parts.codes == solved_code(len(reply)), 0, parts.counts)
    return luck_among(parts.codes, left, parts.masses, reply_to_code(reply))


def luck_among(
    codes: npt.NDArray[Any], left: npt.NDArray[Any], chance: npt.NDArray[Any], code: int
) -> int | None:
    """Return the luck of the reply (or row) code among codes, each leaving left words (or
    worlds) with its chance: the chance of one that leaves more, plus half that of one
    leaving as many (this one too), as 0-99; None when only one could come, or none is it."""
    given = codes == code
    if len(codes) < 2 or not given.any():
        return None
    mine = left[given][0]
    more, same = chance[left > mine].sum(), chance[left == mine].sum()
    return rating(float(more + 0.5 * same))


def figures(state: GameState, strategy: Strategy, word: str) -> Figures:
    """Return word's expected words left and expected guesses to finish in state (as the
    strategy estimates them when it ranks guesses, else by the expected-guesses metric)."""
    parts = guess_parts(state.encode(word), state.candidates)
    if isinstance(strategy, Ranking):
        guesses = strategy.expected_guesses(state, word, parts)
    else:
        guesses = expected_guesses(parts, state.k)
    return Figures(word, expected_remaining(parts), guesses, parts)


def next_state(state: GameState, guess: str, reply: Reply) -> GameState:
    """Return the state after guess got reply; a guess that breaks hard mode is let through
    (the rules stay hard for the next turns); ImpossibleFeedback if no word gives reply."""
    if state.hard and hard_mode_problem(guess, state.history, ultra=state.ultra_hard):
        return replace(relaxed(state).after(guess, reply), rules=state.rules)
    return state.after(guess, reply)


def relaxed(state: GameState) -> GameState:
    """Return state in normal mode (a guess that breaks hard mode is judged as in it)."""
    normal = replace(state.rules, hard=False, ultra_hard=False)
    return replace(state, rules=normal, legal_before=None)


def mean_rating(ratings: list[int | None]) -> int | None:
    """Return the mean of the ratings that are not None, rounded half up (None if none is)."""
    given = [value for value in ratings if value is not None]
    return math.floor(sum(given) / len(given) + 0.5) if given else None


def band(value: int, bands: tuple[tuple[int, str], ...]) -> str:
    """Return the name of the first band whose floor the value reaches."""
    return next(name for floor, name in bands if value >= floor)


def solver_guesses(
    strategy: Strategy, state: GameState, answer: str, everything: WordList | None = None
) -> int | None:
    """Return how many guesses the strategy takes on answer from state, as `solve` plays it
    (widening to `everything` when no word is left); None if it does not find it."""
    game = solve_game(strategy, Boards.new(state), Target((answer,)), everything)
    return len(game.turns) if game.solved else None


def summary(
    reviews: list[TurnReview], lenwordle_guesses: int | None = None, limit: int = DEFAULT_LIMIT
) -> dict[str, Any]:
    """Return the game in a few figures and its verdict: solved is all green at last, won
    solved within the limit (Outcome.won), expected_guesses the best first guess's, and
    lenwordle_guesses the solver's own game's (when known)."""
    expected = reviews[0].best_expected_guesses if reviews else None
    expected = None if _infinite(expected) else expected
    solved = bool(reviews) and reviews[-1].solved
    figures = {
        "guesses": len(reviews),
        "solved": solved,
        "limit": limit,
        "won": Outcome("solved" if solved else None, len(reviews), limit).won,
        "skill": mean_rating([r.skill for r in reviews]),
        "luck": mean_rating([r.luck for r in reviews]),
        "expected_guesses": expected,
        "over_expected": None if expected is None else len(reviews) - expected,
        "lenwordle_guesses": lenwordle_guesses,
        "matched_best": sum(r.matched_best for r in reviews),
    }
    return figures | {"verdict": verdict(figures)}


def verdict(figures: dict[str, Any]) -> str:
    """Return the game in one sentence: solved or not, when solved over the limit that limit
    (as `solve` says it), else against lenwordle's expectation from the start, and the bands
    of its skill and luck ('Solved in 6, 2.4 more than lenwordle expects: fair play, unlucky
    replies.'; 'Solved in 3, over the limit of 2: good play, lucky replies.')."""
    n = figures["guesses"]
    outcome = f"Solved in {n}" if figures["solved"] else f"Not solved after {n}"
    over, limit = figures["over_expected"], figures.get("limit")
    if figures["solved"] and limit is not None and n > limit:
        outcome += f", over the limit of {limit}"
    elif over is not None and figures["solved"]:
        shown = round(over, 1)
        more = "more" if shown > 0 else "fewer"
        than = f"{abs(shown):.1f} {more} than" if shown else "as many as"
        outcome += f", {than} lenwordle expects"
    bands = [
        f"{band(figures['skill'], SKILL_BANDS)} play" if figures["skill"] is not None else "",
        f"{band(figures['luck'], LUCK_BANDS)} replies" if figures["luck"] is not None else "",
    ]
    judged = ", ".join(word for word in bands if word)
    return f"{outcome}: {judged}." if judged else f"{outcome}."


def review_rows(
    start: VariantGame,
    turns: list[tuple[str, int]],
    metric: Metric = "expected",
    refused: dict[int, tuple[str, ...]] | None = None,
    since: int = 0,
    known_best: str | None = None,
) -> list[TurnReview]:
    """Return each turn (guess, reply code) of a variant's game reviewed over the rows it may
    show, the best guess by the metric's strategy (at turn `since`, known_best when given: that
    strategy's choice there, remembered), from turn `since` on (as review's); refused[i]: the
    words the game refused before turn i (from 0). The moves' errors as VariantGame.after's
    and refuse's."""
    reviewed, game = [], start
    for at, (word, shown) in enumerate(turns):
        if game.outcome().over:
            over = "was solved" if game.outcome().solved else "was over"
            raise ValueError(f"guess {at + 1}, {game.display(word)}, comes after the game {over}")
        gone = (refused or {}).get(at, ())
        for refusal in gone:
            game = game.refuse(refusal)
        if at < since:  # (played, not judged)
            game = game.after(word, shown)
            continue
        worlds = spread_sample(game.worlds, EXACT_WORLDS)
        known = known_best if at == since and not gone else None
        best = known or choose(game, metric)
        letters = game.encode([word, best])
        yours, theirs = (exact_value(game, row, worlds, "expected") for row in letters)
        before, could_be = game.left(), bool(game.hits(word).any())
        rows = shown_rows(game, letters[0], worlds)
        scores = (skill(yours, theirs), luck_among(rows.codes, rows.left, rows.chance, shown))
        game = game.after(word, shown)
        # (no words left: a variant's worlds are not Wordle's parts; no hard mode)
        turn = (word, game.marks(shown)[0], before, game.left(), None, yours, best, None, theirs)
        solved = game.outcome().ending == "solved"
        reviewed.append(TurnReview(*turn, *scores, "", could_be, solved, gone))
    return reviewed
