"""The choice on several boards at once: each board's exact partition, summed.

A word's value is the sum over the open boards of the metric of its partition of that
board's candidates (streamed as on one board), so a word that solves one board while it
splits the others wins when it should. The shortlist is the top words by the summed
per-position estimate, plus every candidate of a board with few left (a board with one
candidate is considered every turn) and each board's likeliest candidates. Boards near the
guess limit come first: with no guess to spare (as many guesses left as open boards), only
a word that could solve a board is played, the likeliest first.
"""

import math
from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from lenwordle.engine.boards import Boards
from lenwordle.engine.estimate import estimate, position_entropy
from lenwordle.engine.metrics import DIGITS
from lenwordle.engine.partitions import Metric, partition_values
from lenwordle.engine.state import GameState, NoCandidates
from lenwordle.strategies.base import refusal_prices
from lenwordle.words.wordlist import not_names

FEW = 20  # every candidate of a board with at most this many is in the shortlist
LIKELY_PER_BOARD = 3  # ...and each board's likeliest candidates
LIKELY_NAMES = 10  # a name may be suggested among a board's 10 likeliest candidates only
MIN_SHORTLIST = 40
SURE = 1e6  # a bonus that outweighs any value (taken from it): the word must be played
# turns_left counts the unsolved boards' own guesses plus the information still needed: the
# most any board needs plus INFO_SHARE of the sum (information serves several boards at once:
# the sum alone overcounts it, the most alone undercounts it). Chosen on 300 Quordle games of
# the standard lists among 0, 0.1, 0.25, 0.4, 0.5 and the plain sum (benchmarks/boards.py).
INFO_SHARE = 0.25
# combine(per_board, hits) -> values: each shortlisted word's metric on each board and its
# chance to be that board's answer (boards x words) make one value per word, the least best
Combine = Callable[[npt.NDArray[np.float64], npt.NDArray[np.float64]], npt.NDArray[np.float64]]


def joint_choice(
    boards: Boards,
    metric_of: Callable[[int], Metric],
    shortlist: float,
    combine: Combine | None = None,
    refusal_cost: float = 0.0,
) -> str:
    """Return the word of least joint value over the open boards (see the module's text).

    combine(per_board, hits) -> values (the least is the best) takes the metric of each
    shortlisted word on each board and its chance to be that board's answer (boards x
    words); by default the metrics are summed. Once the game has refused a word, each word
    is priced by the chance it is refused (refusal_prices, at refusal_cost).
    """
    combine = combine or summed
    live = [s for s in boards.open_states() if len(s.candidate_rows)]
    if not live:
        raise NoCandidates("no word the solver knows fits the feedback on any open board")
    base = max(live, key=lambda s: len(s.allowed))  # a widened board knows the most words
    chances = np.stack([_chance(base, state) for state in live])  # of being each one's answer
    chance = chances.sum(0)  # each word's summed chance of solving a board now
    spare = boards.spare
    playable = ~base.allowed.mask_of(base.refused)  # (hard mode is for one board: Rules)
    must = may_solve(base, live, chance) & playable
    pool = (base.suggestable & playable) | must
    if spare <= 0 and must.any():
        pool = must
    rows = np.flatnonzero(pool)
    tables = [position_entropy(s.candidates) for s in live]
    table = sum(tables[1:], start=tables[0])  # (live is not empty)
    est = estimate(base.allowed.codes[rows], table)
    size = min(len(rows), max(MIN_SHORTLIST, math.ceil(shortlist / 100 * len(rows))))
    short = np.union1d(rows[np.lexsort((rows, -est))[:size]], rows[_few(base, live, rows)])
    per = _per_board(base.allowed.codes[short], live, metric_of(boards.k))
    value = combine(per, chances[:, short]) + refusal_prices(base, short, refusal_cost)
    sure = [s.candidate_words()[0] for s in live if len(s.candidate_rows) == 1]
    if sure:  # a board with one word left: play it (its guess is owed anyway), best first
        value = value - SURE * base.allowed.mask_of(sure)[short]
    words = np.array(base.allowed.words_at(short))
    if spare <= 0:  # every guess left must solve a board: the likeliest to, first
        value = value - chance[short] * SURE
    order = np.lexsort((words, -chance[short], np.round(value, DIGITS)))
    return str(words[order[0]])


def may_solve(
    base: GameState, live: list[GameState], chance: npt.NDArray[np.float64]
) -> npt.NDArray[np.bool_]:
    """Return which of base's words join the pool as a board's possible answer: every word
    with a chance, but a name (which the games refuse as a guess) only among a board's
    LIKELY_NAMES likeliest candidates."""
    likely = np.zeros(len(base.allowed), bool)
    for state in live:
        likely[_answer_rows(base, state)[state.likeliest_candidates(LIKELY_NAMES)]] = True
    joins: npt.NDArray[np.bool_] = (chance > 0) & (not_names(base.allowed) | likely)
    return joins


def _chance(base: GameState, state: GameState) -> npt.NDArray[np.float64]:
    """Return, over base's words, the chance of each being state's answer."""
    chance = np.zeros(len(base.allowed))
    rows = state.candidate_rows
    chance[_answer_rows(base, state)[rows]] = state.weights[rows] / state.weights[rows].sum()
    return chance


def _answer_rows(base: GameState, state: GameState) -> npt.NDArray[np.int64]:
    """Return the row in base's words of each of state's answers."""
    if state.allowed is base.allowed:
        return state.answer_rows
    return base.allowed.rows_of(state.answers)


def _few(
    base: GameState, live: list[GameState], rows: npt.NDArray[np.intp]
) -> npt.NDArray[np.bool_]:
    """Return which of rows are a candidate of a board with at most FEW left, or one of a
    board's LIKELY_PER_BOARD likeliest."""
    keep = np.zeros(len(base.allowed), bool)
    for state in live:
        words = state.candidate_words()
        keep |= base.allowed.mask_of(words if len(words) <= FEW else words[:LIKELY_PER_BOARD])
    return keep[rows]


def _per_board(
    codes: npt.NDArray[np.uint8], live: list[GameState], metric: Metric
) -> npt.NDArray[np.float64]:
    """Return each guess's metric on each board (boards x guesses; boards with the same
    candidates are measured once)."""
    out = np.empty((len(live), len(codes)))
    seen: dict[tuple[int, bytes], npt.NDArray[np.float64]] = {}
    for i, state in enumerate(live):
        key = (id(state.answers), state.candidate_rows.tobytes())
        if key not in seen:
            seen[key] = partition_values(codes, state.candidates, metric)
        out[i] = seen[key]
    return out


def summed(
    per_board: npt.NDArray[np.float64], hits: npt.NDArray[np.float64]
) -> npt.NDArray[np.float64]:
    """Return the metric summed over the boards."""
    values: npt.NDArray[np.float64] = per_board.sum(0)
    return values


def turns_left(
    expected: npt.NDArray[np.float64], hits: npt.NDArray[np.float64]
) -> npt.NDArray[np.float64]:
    """Return the turns still needed, from each board's expected guesses (this one
    included) and the chance of solving it now: the boards left unsolved, each owing its
    own guess, plus the information guesses, shared between boards."""
    unsolved = 1.0 - hits
    info = expected - 1.0 - unsolved  # per board: expected guesses beyond its own
    turns: npt.NDArray[np.float64] = unsolved.sum(0) + info.max(0) + INFO_SHARE * info.sum(0)
    return turns
