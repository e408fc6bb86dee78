"""Choosing a guess in a variant: over the rows the game may show, not the true ones.

Every allowed guess is first ranked by the information of its true replies in a sample of
the worlds (the sample is spread over their chances, so the same game always gives the same
sample); the best SHORTLIST, with the likeliest answers, are then measured over every world
and every row it may be shown, by a measure of the rows as Wordle's strategies measure the
replies: the expected guesses, the information, the expected worlds left, the rows that may
come, or the most worlds one row leaves (Metric).
"""

from dataclasses import dataclass
from typing import Literal

import numpy as np
import numpy.typing as npt

from lenwordle.engine.metrics import guesses_needed
from lenwordle.engine.position import Position
from lenwordle.engine.state import GameState
from lenwordle.engine.variants.base import Codes, Worlds, digits_of
from lenwordle.engine.variants.state import NoWorlds, VariantGame
from lenwordle.strategies.base import Traits

SAMPLE = 192  # worlds every guess is first ranked against
SHORTLIST = 40  # guesses then measured over every world
ANSWERS_TOO = 24  # the likeliest answers, measured whatever their rank
EXACT_WORLDS = 30_000  # past this, the exact values use a sample of this many worlds
CHUNK = 2048  # guesses ranked at a time
EXACT_CHUNK = 16  # guesses whose replies in every world are worked out at once
Metric = Literal["expected", "entropy", "size", "parts", "worst"]


def spread_sample(worlds: Worlds, size: int) -> Worlds:
    """Return size worlds drawn at evenly spaced points of their cumulative chances, each
    then of the same weight (drawn by its chance, a world counts once a draw); all of them
    when there are no more than size."""
    if len(worlds) <= size:
        return worlds
    cumulative = np.cumsum(worlds.weights)
    points = (np.arange(size) + 0.5) / size * cumulative[-1]
    picked = np.minimum(np.searchsorted(cumulative, points), len(worlds) - 1)
    drawn = worlds.take(picked)
    return Worlds(drawn.rows, np.ones(size), drawn.swapped, drawn.found)


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
    """What one guess may show: each distinct row's chance, the worlds it leaves going on and
    their chance, and the guesses owed for answers a world hides past its next one (Xordle)."""

    codes: Codes  # the distinct rows, sorted
    chance: npt.NDArray[np.float64]
    left: npt.NDArray[np.float64]
    left_chance: npt.NDArray[np.float64]
    owed: float
    hits: float  # the chance the guess is an answer still to find


COUNTED_SPACE = 1 << 20  # replies of a space this size are told apart by counting, not sorting


def distinct(codes: Codes, space: int) -> tuple[Codes, npt.NDArray[np.intp]]:
    """Return the distinct codes (sorted) and where each code is among them, as np.unique
    does: by a count over the codes' space when it is small enough."""
    if space > COUNTED_SPACE:
        return np.unique(codes, return_inverse=True)
    seen = np.bincount(codes, minlength=space) > 0
    where = np.cumsum(seen) - 1
    return np.flatnonzero(seen).astype(np.int64), where[codes]


def shown_rows(
    game: VariantGame,
    guess: npt.NDArray[np.uint8],
    worlds: Worlds,
    replies: npt.NDArray[np.int64] | None = None,
) -> ShownRows:
    """Return what guess may show over worlds, summed by the row shown (replies: its true
    reply in each world, when worked out already).

    What a row may stand for depends on the true reply alone, so the worlds are summed by
    their true reply first, and only the distinct replies (at most 3**k) are expanded
    into the rows they may show (Fibble's 2k each).
    """
    replies = game.replies(guess[None], worlds)[0] if replies is None else replies
    true, at = distinct(replies, game.variant.reply_space(game.k))
    weights = worlds.weights / worlds.weights.sum()
    word = game.word(guess)
    ends = game.ends(word, worlds)

    def by_reply(values: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        return np.bincount(at, values, len(true)).astype(np.float64)[:, None]

    mass, going = by_reply(weights), by_reply(np.where(ends, 0.0, weights))
    open_worlds = by_reply((~ends).astype(np.float64))
    rows, chances = game.shown_chances(true)
    codes, where = np.unique(rows.ravel(), return_inverse=True)

    def by_row(values: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        return np.bincount(where, values.ravel(), len(codes)).astype(np.float64)

    hit = game.hits(word, worlds) & ~worlds.found
    unfound = (~(worlds.found | hit)).sum(axis=1)
    return ShownRows(
        codes,
        by_row(mass * chances),
        by_row(open_worlds * (chances > 0)),
        by_row(going * chances),
        float((weights * np.maximum(unfound - 1, 0))[~ends].sum()),
        float(weights[hit.any(axis=1)].sum()),
    )


def exact_value(
    game: VariantGame,
    guess: npt.NDArray[np.uint8],
    worlds: Worlds,
    metric: Metric,
    replies: npt.NDArray[np.int64] | None = None,
) -> float:
    """Return guess's metric over the rows shown (the least is the best; replies: its true
    reply in each world, when worked out already)."""
    shown = shown_rows(game, guess, worlds, replies)
    live = shown.chance > 0
    tie = 1e-6 * shown.hits  # (ties: the guess likelier to be an answer)
    if metric == "entropy":  # minus the information of the rows
        chance = shown.chance[live]
        return float((chance * np.log2(chance)).sum()) - tie
    if metric == "size":  # the worlds a row leaves open, expected
        return float((shown.chance * shown.left).sum()) - tie
    if metric == "parts":  # minus the rows that may come
        return -float(np.count_nonzero(live)) - tie
    if metric == "worst":  # the most worlds a row leaves open
        return float(shown.left[live].max(initial=0.0)) - tie
    expected = (shown.left_chance * guesses_needed(shown.left)).sum()
    return 1.0 + float(expected) + shown.owed


def sample_information(game: VariantGame, pool: npt.NDArray[np.intp]) -> npt.NDArray[np.float64]:
    """Return the information (bits) of each guess of the pool (rows into allowed): of its
    true replies in SAMPLE worlds spread over their chances, CHUNK guesses at a time."""
    letters, sample = game.lists.allowed.codes, spread_sample(game.worlds, SAMPLE)
    chunks = (pool[start : start + CHUNK] for start in range(0, len(pool), CHUNK))
    return np.concatenate([row_entropy(game.replies(letters[rows], sample)) for rows in chunks])


@dataclass(frozen=True)
class ShownRowsStrategy:
    """A strategy for a variant's game: the guess whose rows shown are the best by a measure
    (strategies/registry.py makes one for each strategy whose measure applies)."""

    name: str
    metric: Metric = "expected"

    @property
    def traits(self) -> Traits:
        """Return what it is: it stores no opener and plays one board."""
        return Traits(
            name=self.name,
            shortlist=0.0,  # (it measures SHORTLIST guesses exactly, however many there are)
            width=SHORTLIST,
            stores_opener=False,
            several_boards=False,
        )

    def choose(self, state: GameState) -> str:
        """Refuse a board of Wordle: this strategy plays a variant's rows (choose_boards)."""
        raise ValueError(f"{self.name} over the rows shown plays a variant's game, not a board")

    def choose_boards(self, position: Position) -> str:
        """Return the next guess in a variant's game; ValueError for Wordle's boards."""
        game = position.variant_game()
        if game is None:
            raise ValueError(f"{self.name} over the rows shown plays a variant's game")
        return choose(game, self.metric)


def choose(game: VariantGame, metric: Metric = "expected") -> str:
    """Return the guess to play next in a variant's game."""
    remaining = game.remaining()
    if not game.variant.avoid and (len(remaining) == 1 or len(game.worlds) == 1):
        return game.lists.answers.words_at(remaining[:1])[0]  # (one world: its answers)
    pool = np.flatnonzero(game.lists.guessable(np.zeros(0, np.int64)))  # not refused
    letters = game.lists.allowed.codes
    pool = pool[game.allows(letters[pool])]
    if not len(pool):
        raise NoWorlds("the game has refused every guess the rules allow")
    if game.variant.avoid:
        return game.lists.allowed.words_at([survivor(game, pool)])[0]
    order = np.lexsort((pool, -sample_information(game, pool)))
    shortlist = list(pool[order[:SHORTLIST]])
    answer_rows = game.lists.answer_rows[remaining[:ANSWERS_TOO]]
    allowed_answers = answer_rows[game.allows(letters[answer_rows])]
    shortlist += [row for row in allowed_answers if row not in shortlist]
    worlds = spread_sample(game.worlds, EXACT_WORLDS)
    values = []
    for start in range(0, len(shortlist), EXACT_CHUNK):  # (the replies of a few at once)
        rows = letters[shortlist[start : start + EXACT_CHUNK]]
        replies = game.replies(rows, worlds)
        values += [exact_value(game, row, worlds, metric, got) for row, got in zip(rows, replies)]
    best = min(range(len(shortlist)), key=lambda i: (values[i], shortlist[i]))
    return game.lists.allowed.words_at([shortlist[best]])[0]


AVOID_SHORTLIST = 12  # Antiwordle: guesses judged by the guesses they leave allowed
AVOID_ROWS = 0.99  # ... over the likeliest rows that carry this share of the chance


def survivor(game: VariantGame, pool: npt.NDArray[np.intp]) -> int:
    """Return the row (into allowed) of the guess to play when avoiding the answer: the
    least likely to be it, then the one whose rows leave the most guesses allowed (the
    expected log of their count), among the guesses that tell least in a sample."""
    shortlist = pool[np.lexsort((pool, sample_information(game, pool)))[:AVOID_SHORTLIST]]
    worlds = spread_sample(game.worlds, EXACT_WORLDS)
    survival = [_survival(game, row, pool, worlds) for row in shortlist]
    return int(shortlist[max(range(len(shortlist)), key=lambda i: (survival[i], -shortlist[i]))])


def _survival(game: VariantGame, row: int, pool: npt.NDArray[np.intp], worlds: Worlds) -> float:
    """Return how well playing the guess at row keeps the game going (higher is better)."""
    weights = worlds.weights / worlds.weights.sum()
    rule = game.variant.guess_rule
    assert rule is not None  # (avoiding variants have one)
    guess = game.lists.allowed.codes[row]
    hit = game.ends(game.word(guess), worlds)
    codes, at = np.unique(game.replies(guess[None], worlds)[0][~hit], return_inverse=True)
    mass = np.bincount(at, weights[~hit], len(codes))
    order = np.argsort(-mass, kind="stable")
    kept = order[: int(np.searchsorted(np.cumsum(mass[order]), AVOID_ROWS * mass.sum())) + 1]
    kinds, counts = alike(game.lists.allowed.codes[pool[pool != row]], guess)
    left = [
        int(counts[rule(kinds, [(guess, digits_of(np.array(codes[i]), game.k))])].sum())
        for i in kept
    ]
    allowed_after = float((mass[kept] * np.log2(1 + np.array(left))).sum())
    return -1e3 * float(weights[hit].sum()) + allowed_after


def alike(
    words: npt.NDArray[np.uint8], guess: npt.NDArray[np.uint8]
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.intp]]:
    """Return one of words of each kind a guess rule tells apart after guess (the places where
    it has guess's letter, and which of guess's letters it holds anywhere) and how many words
    are of each kind: the rule counts the kinds, not tens of thousands of words."""
    holds = np.zeros(words.shape, bool)
    for letter in np.unique(guess):  # (each letter once: a word holds it anywhere or not)
        holds[:, guess == letter] = (words == letter).any(axis=1)[:, None]
    features = np.concatenate([words == guess, holds], axis=1)
    if features.shape[1] <= 62:  # (one integer a kind)
        keys = features @ (np.int64(1) << np.arange(features.shape[1], dtype=np.int64))
        _, first, counts = np.unique(keys, return_index=True, return_counts=True)
    else:
        packed = np.packbits(features, axis=1)
        _, first, counts = np.unique(packed, axis=0, return_index=True, return_counts=True)
    return words[first], counts
