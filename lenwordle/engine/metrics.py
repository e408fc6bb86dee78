"""The metrics a strategy ranks guesses by: functions of a guess's partition counts, each with
a block form for many guesses at once, and each what the strategy minimises: the expected
guesses, the expected size, the largest part, or minus a measure it would have the most of
(`negated`: entropy, parts_count). A strategy takes a metric as a function of the word
length (`MetricOf`), since expected guesses needs it to know the all-green reply."""

import numpy as np
import numpy.typing as npt

from lenwordle.engine.feedback import solved_code
from lenwordle.engine.partitions import Metric, Parts, with_tables

DIGITS = 9  # metric values are compared rounded to this many digits, so that ties are ties


def guesses_needed(count: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """Return the estimated guesses still needed for a set of `count` candidates (1 for one).

    The curve 1 + 0.8 sqrt(ln n) was fitted by a grid search on the standard lists
    (docs/strategies.md).
    """
    return 1.0 + 0.8 * np.sqrt(np.log(np.maximum(count, 1)))


def expected_guesses(parts: Parts, k: int) -> float:
    """Return the expected number of guesses, this one included."""
    rest = parts.codes != solved_code(k)
    size = effective_size(parts.masses[rest], parts.counts[rest], parts.scale)
    return 1.0 + float((parts.masses[rest] * guesses_needed(size)).sum())


def expected_guesses_of_tables(
    masses: npt.NDArray[np.float64], counts: npt.NDArray[np.integer], scale: float
) -> npt.NDArray[np.float64]:
    """Return expected_guesses of each row of dense histograms (the solved reply last)."""
    rest_m, rest_c = masses[:, :-1], counts[:, :-1]
    size = effective_size(rest_m, rest_c, scale)
    values: npt.NDArray[np.float64] = 1.0 + (rest_m * guesses_needed(size)).sum(1)
    return values


def expected_guesses_metric(k: int) -> Metric:
    """Return the expected-guesses metric for words of length k, with its block form."""
    return with_tables(expected_guesses_of_tables)(lambda parts: expected_guesses(parts, k))


def _h_rows(masses: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """Return each row's entropy in bits (empty replies count nothing)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        bits = masses * np.log2(np.where(masses > 0, masses, 1))
        h: npt.NDArray[np.float64] = -np.where(masses > 0, bits, 0).sum(1)
    return h


@with_tables(lambda masses, counts, scale: _h_rows(masses))
def entropy(parts: Parts) -> float:
    """Return the entropy of the feedback, in bits."""
    m = parts.masses[parts.masses > 0]
    return float(-(m * np.log2(m)).sum()) + 0.0  # (+ 0.0: one part gives 0.0, not -0.0)


def effective_size(
    masses: npt.NDArray[np.float64], counts: npt.NDArray[np.integer], scale: float
) -> npt.NDArray[np.float64]:
    """Return each part's size in words of the highest weight (its count, if all weigh alike)."""
    size: npt.NDArray[np.float64] = np.minimum(counts, np.maximum(masses * scale, 1.0))
    return size


@with_tables(lambda masses, counts, scale: (masses * effective_size(masses, counts, scale)).sum(1))
def expected_size(parts: Parts) -> float:
    """Return the expected number of candidates left, counted in words of the highest
    weight, so a crowd of unlikely words does not outweigh a few likely ones."""
    return float((parts.masses * effective_size(parts.masses, parts.counts, parts.scale)).sum())


@with_tables(
    lambda masses, counts, scale: (counts > 0).sum(1) - counts.max(1) / (counts.sum(1) + 1)
)
def parts_count(parts: Parts) -> float:
    """Return the number of distinct feedbacks, less a tie-break by the largest part."""
    return float(len(parts.counts) - parts.counts.max() / (parts.counts.sum() + 1))


@with_tables(lambda masses, counts, scale: counts.max(1).astype(float))
def largest(parts: Parts) -> float:
    """Return the largest part's size (the worst case)."""
    return float(parts.counts.max())


def expected_remaining(parts: Parts) -> float:
    """Return the expected number of words still possible after the guess (each counted
    once, however unlikely; the expected-size strategy counts them by weight instead)."""
    return float((parts.masses * parts.counts).sum())


def negated(measure: Metric) -> Metric:
    """Return minus measure, with its block form: the metric of a measure a strategy would
    have the most of (the least of its negation ranks the same words first, ties alike)."""
    of_tables = measure.of_tables  # type: ignore[attr-defined]  # (with_tables gave it one)
    return with_tables(lambda masses, counts, scale: -of_tables(masses, counts, scale))(
        lambda parts: -measure(parts)
    )


MINUS_ENTROPY = negated(entropy)  # least for the most informative guess
MINUS_PARTS_COUNT = negated(parts_count)  # least for the guess of the most distinct replies


def entropy_metric(k: int) -> Metric:
    """Return minus the entropy of the feedback (the same at every length)."""
    return MINUS_ENTROPY


def expected_size_metric(k: int) -> Metric:
    """Return the expected number of candidates left (the same at every length)."""
    return expected_size


def most_parts_metric(k: int) -> Metric:
    """Return minus the number of distinct replies (the same at every length)."""
    return MINUS_PARTS_COUNT


def minimax_metric(k: int) -> Metric:
    """Return the largest part (the same at every length)."""
    return largest


METRICS = {  # every metric by its name
    "entropy": entropy_metric,
    "expected-guesses": expected_guesses_metric,
    "expected-size": expected_size_metric,
    "most-parts": most_parts_metric,
    "minimax": minimax_metric,
}
