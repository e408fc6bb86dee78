"""Absurdle: a host with no fixed answer, and the solver that beats it in the fewest guesses.

The host keeps, after each guess, the largest group of the remaining possible answers
(grouped by the reply each would give) and shows that group's reply. Ties between groups of
equal size go to the reply with the fewest greens, then the fewest yellows, then the smallest
pattern code (patterns.py: position i weighs 3**i). So the host shows all green only when
the group is that one word: the game is won by guessing the last word left.

The host is deterministic, so against it a plan is a plain sequence of guesses, and its
worst case is its length. `plan` finds the shortest one by iterative deepening over the
top `width` guesses of each position (ranked by the size of their largest group) and every
candidate word, with a bound that cuts most positions before any guess is tried (`capacity`).
"""

from dataclasses import dataclass, field

import numpy as np

from lenwordle.engine.feedback import Reply, code_to_reply
from lenwordle.engine.hard_mode import hard_mode_hints, ultra_hard_hints
from lenwordle.engine.kernel import pattern_codes
from lenwordle.engine.rules import DEFAULT_LIMIT
from lenwordle.engine.state import GameState
from lenwordle.engine.workers import Progress

GUESS_CHUNK = 1024  # guesses coded at a time: 1024 x 2315 answers is 2.4 MB of patterns
# guesses tried per position besides the candidates: 20 wins the standard lists in 4 guesses
# (the fewest: no first guess leaves few enough for 3) in about 1 s (benchmarks/absurdle.py)
PLAN_WIDTH = 20
# positions a search remembers (rankings, known failures), kept across the turns of a game;
# past this many the rankings, the larger part, are dropped and made again when needed
MAX_MEMO = 100_000
# (guess, answer) pairs one plan may code: about 2.5 s on one core; past it the plan is
# given up (NoPlan) and the strategy plays the guess of smallest largest group, so a turn
# never runs for minutes (the plan of the standard lists codes 35 million)
PAIR_BUDGET = 200_000_000


# what decides a position's future (position_key): its candidates, the refused words, the hints
# hard mode's greens and counts (ultra-hard's barred places and most copies): (place, letter)
# or (letter, count) pairs
Hints = tuple[tuple[tuple[int | str, ...], ...], ...]
PositionKey = tuple[bytes, tuple[str, ...], Hints]


class NoPlan(ValueError):
    """No sequence of at most `limit` guesses (within the search's width) wins."""


def host_code(codes: np.ndarray, k: int) -> int:
    """Return the pattern code the host shows, given one guess's code against each candidate."""
    present, counts = np.unique(codes, return_counts=True)
    tied = present[counts == counts.max()]
    greens, yellows = _marks(tied, k)
    return int(tied[np.lexsort((tied, yellows, greens))[0]])


def _marks(codes: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    """Return the number of greens and of yellows of each pattern code."""
    powers = np.uint64(3) ** np.arange(k, dtype=np.uint64)
    digits = codes.astype(np.uint64)[:, None] // powers % np.uint64(3)
    return (digits == 2).sum(axis=1), (digits == 1).sum(axis=1)


def host_reply(state: GameState, guess: str) -> Reply:
    """Return the reply the host shows for guess: that of the largest group, by the tie rule."""
    return code_to_reply(host_code(_codes_against(state, guess), state.k), state.k)


def _codes_against(state: GameState, guess: str) -> np.ndarray:
    """Return guess's pattern code against each candidate of state."""
    return pattern_codes(state.encode(guess)[None, :], _candidate_codes(state))[0]


def group_sizes(guesses: np.ndarray, answers: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Return, for each guess (g x k), its largest group of answers (n x k) and its group count.

    Guesses are coded GUESS_CHUNK at a time and each row sorted: a group is a run of equal
    codes, so nothing grows with the 3**k possible replies.
    """
    largest, parts = np.empty(len(guesses), np.int64), np.empty(len(guesses), np.int64)
    for start in range(0, len(guesses), GUESS_CHUNK):
        part = slice(start, start + GUESS_CHUNK)
        largest[part], parts[part] = _runs(np.sort(pattern_codes(guesses[part], answers), axis=1))
    return largest, parts


def _runs(ordered: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Return the longest run and the number of runs of each sorted row (b x n, n > 0)."""
    b, n = ordered.shape
    starts = np.ones((b, n), bool)
    np.not_equal(ordered[:, 1:], ordered[:, :-1], out=starts[:, 1:])
    flat = np.flatnonzero(starts)
    lengths = np.diff(flat, append=b * n)
    parts = starts.sum(axis=1)
    first = np.concatenate([[0], np.cumsum(parts)[:-1]])
    return np.maximum.reduceat(lengths, first), parts


def capacity(guesses: int, parts: int) -> int:
    """Return the most candidates that can be won in `guesses` guesses (this one included)
    when no guess splits them into more than `parts` groups: parts ** (guesses - 1).

    One word is won in one guess, and more never are (the host avoids all green while it
    can). With more, the host's group, the largest, must be won in one guess fewer, and
    there are at most `parts` groups, so capacity(g) <= parts * capacity(g - 1). A guess
    splits a subset into no more groups than the whole set, so `parts` measured at a
    position bounds every position after it; in hard mode the legal guesses only shrink.
    """
    return parts ** (guesses - 1) if guesses >= 1 else 0


def guess_pool(state: GameState) -> np.ndarray:
    """Return the rows (into allowed) of the words that may be guessed now: in the guess pool
    or still possible (the last word left must be guessed), legal, not refused, and
    beginning with the letter shown (SUTOM's --first-letter), if any."""
    ok = state.guessable(also=state.answer_rows[state.candidate_rows])
    if state.first_letter:
        ok &= state.begins_with_first(state.allowed.codes)
    return np.flatnonzero(ok)


@dataclass
class _Ranking:
    """The guesses worth trying at a position, best first, and the most groups any makes."""

    words: list[str]
    largest: np.ndarray  # the largest group of each of words
    parts: int


def rank(state: GameState, width: int) -> _Ranking:
    """Return the top `width` guesses and every candidate that may be guessed, ranked by
    largest group, then being a candidate, then alphabetically."""
    pool = guess_pool(state)
    largest, parts = group_sizes(state.allowed.codes[pool], _candidate_codes(state))
    is_candidate = np.zeros(len(state.allowed), bool)
    is_candidate[state.answer_rows[state.candidate_rows]] = True
    order = np.lexsort((pool, ~is_candidate[pool], largest))  # pool rows are alphabetical
    keep = is_candidate[pool[order]]
    keep[:width] = True
    chosen = order[keep]
    return _Ranking(
        state.allowed.words_at(pool[chosen]), largest[chosen], int(parts.max(initial=0))
    )


def _candidate_codes(state: GameState) -> np.ndarray:
    """Return the letter matrix of the candidates."""
    return state.answers.codes[state.candidate_rows]


@dataclass
class Search:
    """One search: its width, the rankings made so far, and the positions known to fail."""

    width: int
    rankings: dict[PositionKey, _Ranking] = field(default_factory=dict)
    failed: dict[PositionKey, int] = field(default_factory=dict)  # most guesses known to fail
    pairs: int = 0  # (guess, answer) pairs coded by this plan's rankings (PAIR_BUDGET)

    def win(self, state: GameState, guesses: int) -> list[str] | None:
        """Return the guesses that win from state within `guesses`, or None if none is found."""
        n = len(state.candidate_rows)
        if n == 1:
            return state.answers.words_at(state.candidate_rows)
        key = position_key(state)
        if guesses < 2 or self.failed.get(key, 0) >= guesses:
            return None
        for guess in self.tries(state, key, guesses):
            rest = self.win(state.after(guess, host_reply(state, guess)), guesses - 1)
            if rest is not None:
                return [guess, *rest]
        self.failed[key] = guesses
        return None

    def tries(self, state: GameState, key: PositionKey, guesses: int) -> list[str]:
        """Return the guesses to try, best first: those whose largest group can still be won
        in the guesses left after them, and that shrink the candidates."""
        if key not in self.rankings:
            if len(self.rankings) + len(self.failed) >= MAX_MEMO:
                self.rankings.clear()
                if len(self.failed) >= MAX_MEMO:
                    self.failed.clear()
            self.pairs += len(state.allowed) * len(state.candidate_rows)
            if self.pairs > PAIR_BUDGET:
                raise NoPlan(f"no plan found within {PAIR_BUDGET:.0e} word pairs scored")
            self.rankings[key] = rank(state, self.width)
        ranking = self.rankings[key]
        bound = min(capacity(guesses - 1, ranking.parts), len(state.candidate_rows) - 1)
        return ranking.words[: int(np.searchsorted(ranking.largest, bound, side="right"))]


def position_key(state: GameState) -> PositionKey:
    """Return what decides a position's future: its candidates, the words the game refused
    (no longer guesses) and, in hard mode, its hints (in ultra-hard, its letters barred too)."""
    hints: Hints = ()
    if state.hard:
        greens, needed = hard_mode_hints(state.history)
        hints = (tuple(sorted(greens.items())), tuple(sorted(needed.items())))
    if state.ultra_hard:
        banned, most = ultra_hard_hints(state.history)
        barred = tuple((i, "".join(sorted(letters))) for i, letters in sorted(banned.items()))
        hints += (barred, tuple(sorted(most.items())))
    return state.candidate_rows.tobytes(), tuple(sorted(state.refused)), hints


def plan(
    state: GameState,
    limit: int = DEFAULT_LIMIT,
    width: int = PLAN_WIDTH,
    search: "Search | None" = None,
    progress: Progress | None = None,
) -> list[str]:
    """Return the shortest guesses (the last gets all green) that beat the host from state.

    Iterative deepening: the first length that wins is the shortest within the width (the
    true shortest when width covers every allowed word). NoPlan if none wins within limit.
    search: the memo of earlier searches of the same width, to reuse (what failed stays
    failed: a position's future depends only on it). progress(done, total, about), if
    given, hears of each length tried, then once with done == total at the end.
    """
    if len(state.candidate_rows) == 0:
        raise NoPlan("no word is left for the host to keep")
    search = search if search is not None and search.width == width else Search(width)
    search.pairs = 0  # the budget is each plan's
    report = progress or (lambda done, total, about: None)
    try:
        for guesses in range(1, limit + 1):
            tried = f"{guesses} guess{'es' if guesses > 1 else ''}"
            report(guesses - 1, limit, f"Absurdle plan: trying {tried}")
            found = search.win(state, guesses)
            if found is not None:
                return found
    finally:
        report(limit, limit, f"Absurdle plan: {search.pairs / 1e6:.0f} million word pairs")
    raise NoPlan(f"no win within {limit} guesses (width {width})")
