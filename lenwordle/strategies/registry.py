"""The registry: every strategy by name. A new strategy is one class and one line here."""

from collections.abc import Callable
from typing import Any

from lenwordle.engine.metrics import (
    entropy_metric,
    expected_size_metric,
    minimax_metric,
    most_parts_metric,
)
from lenwordle.search.adversary import PLAN_WIDTH
from lenwordle.strategies.base import Strategy
from lenwordle.strategies.expected import ExpectedGuesses, Lookahead, OneByOne
from lenwordle.strategies.frequency import Frequency
from lenwordle.strategies.optimal import Optimal
from lenwordle.strategies.ranked import Ranked
from lenwordle.strategies.shown import Metric, ShownRowsStrategy
from lenwordle.strategies.worst_case import WorstCasePlan

STRATEGIES: dict[str, Callable[..., Strategy]] = {
    "expected-guesses": ExpectedGuesses,
    "entropy": lambda **options: Ranked(name="entropy", metric=entropy_metric, **options),
    "expected-size": lambda **options: Ranked(
        name="expected-size", metric=expected_size_metric, **options
    ),
    "most-parts": lambda **options: Ranked(name="most-parts", metric=most_parts_metric, **options),
    "minimax": lambda **options: Ranked(name="minimax", metric=minimax_metric, **options),
    "frequency": Frequency,
    "lookahead": Lookahead,
    "one-by-one": OneByOne,
    "optimal": Optimal,
    "worst-case": lambda **options: WorstCasePlan(width=max(options.get("width", 0), PLAN_WIDTH)),
}
DEFAULT_STRATEGY = "expected-guesses"
ABSURDLE_STRATEGY = "worst-case"  # what --absurdle plays unless another strategy is named
MODEL_VERSION = "5"  # bump when a metric changes: starter files record it


# A variant's game is played over the rows it shows (strategies/shown.py): the strategies
# whose measure applies to rows, by the measure; the others, and why a variant cannot take them
SHOWN_MEASURES: dict[str, Metric] = {
    "expected-guesses": "expected",
    "entropy": "entropy",
    "expected-size": "size",
    "most-parts": "parts",
    "minimax": "worst",
    "worst-case": "worst",  # (Absurdle's plan; over a variant's rows, the worst row)
}
NOT_OVER_SHOWN_ROWS = {
    "frequency": "it scores letters by where Wordle's words have them, not rows shown",
    "lookahead": "it searches Wordle's replies two guesses deep, not the rows shown",
    "one-by-one": "it searches Wordle's replies one answer at a time, not the rows shown",
    "optimal": "its tree is of Wordle's replies, not of the rows a variant shows",
}


def make_shown(name: str = DEFAULT_STRATEGY) -> ShownRowsStrategy:
    """Return the strategy `name` over the rows a variant's game shows (one of
    SHOWN_MEASURES: the others cannot play a variant, NOT_OVER_SHOWN_ROWS says why)."""
    return ShownRowsStrategy(name, SHOWN_MEASURES[name])


def make(name: str = DEFAULT_STRATEGY, **options: Any) -> Strategy:
    """Return the registered strategy `name` with options (shortlist, width, endgame) and what
    its traits ask to be handed (openers={k: (word, ...)}, tree=)."""
    return STRATEGIES[name](**options)


def storable() -> list[str]:
    """Return the strategies whose first guess a starter file can hold."""
    return [name for name in STRATEGIES if make(name).traits.stores_opener]
