"""The metrics a strategy ranks guesses by: functions of a guess's partition counts, each with
a block form for many guesses at once (lenwordle.entropy holds the plain ones)."""

import numpy as np

from lenwordle import entropy as E
from lenwordle.entropy import Parts
from lenwordle.patterns import solved_code


def guesses_needed(count: np.ndarray) -> np.ndarray:
    """Return the estimated guesses still needed for a set of `count` candidates (1 for one).

    The curve 1 + 0.8 sqrt(ln n) was fitted by a grid search on the standard lists
    (docs/strategies.md).
    """
    return 1.0 + 0.8 * np.sqrt(np.log(np.maximum(count, 1)))


def neg_expected_guesses(parts: Parts, k: int) -> float:
    """Return minus the expected number of guesses, this one included."""
    rest = parts.codes != solved_code(k)
    size = E.effective_size(parts.masses[rest], parts.counts[rest], parts.scale)
    return -(1.0 + float((parts.masses[rest] * guesses_needed(size)).sum()))


def neg_expected_guesses_of_tables(
    masses: np.ndarray, counts: np.ndarray, scale: float
) -> np.ndarray:
    """Return neg_expected_guesses of each row of dense histograms (the solved reply last)."""
    rest_m, rest_c = masses[:, :-1], counts[:, :-1]
    size = E.effective_size(rest_m, rest_c, scale)
    return -(1.0 + (rest_m * guesses_needed(size)).sum(1))


def expected_guesses_metric(k: int) -> E.Metric:
    """Return the expected-guesses metric for words of length k, with its block form."""
    return E.with_tables(neg_expected_guesses_of_tables)(
        lambda parts: neg_expected_guesses(parts, k)
    )


METRICS = {
    "entropy": lambda k: E.entropy,
    "expected-guesses": expected_guesses_metric,
    "expected-size": lambda k: E.neg_expected_size,
    "most-parts": lambda k: E.parts_count,
    "minimax": lambda k: E.neg_largest,
}
