"""Choosing a guess in a variant: over the rows the game may show, not the true ones.

Every allowed guess is first ranked by the information of its true replies in a sample of
the worlds (the sample is spread over their chances, so the same game always gives the same
sample); the best SHORTLIST, with the likeliest answers, are then scored over every world
and every row it may be shown: the expected information, or the expected guesses.
"""

from dataclasses import dataclass
from typing import Literal

import numpy as np
import numpy.typing as npt

from lenwordle.engine.metrics import guesses_needed
from lenwordle.engine.variants.base import Codes, Worlds
from lenwordle.engine.variants.state import VariantGame

SAMPLE = 192  # worlds every guess is first ranked against
SHORTLIST = 40  # guesses then scored over every world
ANSWERS_TOO = 24  # the likeliest answers, scored whatever their rank
EXACT_WORLDS = 30_000  # past this, the exact scores use a sample of this many worlds
CHUNK = 2048  # guesses ranked at a time
Metric = Literal["expected", "entropy"]
METRICS: tuple[Metric, ...] = ("expected", "entropy")


def spread_sample(worlds: Worlds, size: int) -> Worlds:
    """Return size worlds drawn at evenly spaced points of their cumulative chances (all
    of them when there are no more than size)."""
    if len(worlds) <= size:
        return worlds
    cumulative = np.cumsum(worlds.weights)
    points = (np.arange(size) + 0.5) / size * cumulative[-1]
    picked = np.minimum(np.searchsorted(cumulative, points), len(worlds) - 1)
    return worlds.take(picked)


def row_entropy(codes: Codes) -> npt.NDArray[np.float64]:
    """Return the entropy in bits of each row's codes (B x S), each column alike."""
    b, s = codes.shape
    ordered = np.sort(codes, axis=1)
    new = np.ones(ordered.shape, bool)
    new[:, 1:] = ordered[:, 1:] != ordered[:, :-1]
    starts = np.flatnonzero(new.ravel())
    share = np.diff(np.append(starts, ordered.size)) / s
    return np.bincount(starts // s, weights=-share * np.log2(share), minlength=b).astype(float)


@dataclass(frozen=True)
class ShownRows:
    """What one guess may show: each distinct row's chance, the worlds it leaves going on
    and their chance, the chance the guess ends the game, and the guesses still owed for
    answers a world hides past its next one (Xordle)."""

    chance: npt.NDArray[np.float64]
    left: npt.NDArray[np.float64]
    left_chance: npt.NDArray[np.float64]
    ends: float
    owed: float


def shown_rows(game: VariantGame, guess: npt.NDArray[np.uint8], worlds: Worlds) -> ShownRows:
    """Return what guess may show over worlds, summed by the row shown."""
    rows, chances = game.shown_chances(game.replies(guess[None], worlds)[0])
    weights = worlds.weights / worlds.weights.sum()
    word = game.word(guess)
    ends = game.ends(word, worlds)
    codes, where = np.unique(rows.ravel(), return_inverse=True)

    def by_row(values: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        return np.bincount(where, values.ravel(), len(codes)).astype(np.float64)

    going_on = chances * ~ends[:, None]
    unfound = (~(worlds.found | game.hits(word, worlds))).sum(axis=1)
    return ShownRows(
        by_row(weights[:, None] * chances),
        by_row((going_on > 0).astype(np.float64)),
        by_row(weights[:, None] * going_on),
        float(weights[ends].sum()),
        float((weights * np.maximum(unfound - 1, 0))[~ends].sum()),
    )


def exact_score(
    game: VariantGame, guess: npt.NDArray[np.uint8], worlds: Worlds, metric: Metric
) -> float:
    """Return how good guess is over the rows shown (higher is better)."""
    shown = shown_rows(game, guess, worlds)
    if game.variant.avoid:  # first not to hit, then to keep the most worlds going
        return -shown.ends + 1e-3 * float(
            (shown.chance * np.log2(np.maximum(shown.left, 1))).sum()
        )
    if metric == "entropy":
        live = shown.chance[shown.chance > 0]
        return float(-(live * np.log2(live)).sum()) + 1e-6 * shown.ends
    expected = (shown.left_chance * guesses_needed(shown.left)).sum()
    return -(1.0 + float(expected) + shown.owed)


def choose(game: VariantGame, metric: Metric = "expected") -> str:
    """Return the guess to play next in a variant's game."""
    remaining = game.remaining()
    if not game.variant.avoid and len(remaining) == 1:
        return game.lists.answers.words_at(remaining[:1])[0]
    pool = np.flatnonzero(game.lists.suggestable & ~game.lists.allowed.mask_of(game.lists.refused))
    letters = game.lists.allowed.codes
    pool = pool[game.allows(letters[pool])]
    sample = spread_sample(game.worlds, SAMPLE)
    information = np.concatenate(
        [
            row_entropy(game.replies(letters[pool[start : start + CHUNK]], sample))
            for start in range(0, len(pool), CHUNK)
        ]
    )
    if game.variant.avoid:
        information = -information
    order = np.lexsort((pool, -information))
    shortlist = list(pool[order[:SHORTLIST]])
    answer_rows = game.lists.answer_rows[remaining[:ANSWERS_TOO]]
    allowed_answers = answer_rows[game.allows(letters[answer_rows])]
    if not game.variant.avoid:
        shortlist += [row for row in allowed_answers if row not in shortlist]
    worlds = spread_sample(game.worlds, EXACT_WORLDS)
    scores = [exact_score(game, letters[row], worlds, metric) for row in shortlist]
    best = max(range(len(shortlist)), key=lambda i: (scores[i], -shortlist[i]))
    return game.lists.allowed.words_at([shortlist[best]])[0]
