"""The strings of a game's letters that fit every clue, over the places together: counted
exactly, listed when few, sampled when many.

A letter whose count the clues bound (at least n, or at most n below the free places) is
tracked by its count so far; every other letter may go to any free place where it is not
banned, so it only multiplies. A backward table over the free places holds, for each
combination of the tracked counts, the number of ways to fill the places left: one array
step per place and tracked letter (exact integers: the counts can be astronomically many),
never a loop over the strings. The same table lists the strings (place by place, keeping
only prefixes that some string completes) or draws them at random in proportion.
"""

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from lenwordle.engine.constraints import Clues

MAX_STATES = 1 << 18  # combinations of tracked counts beyond which the count is not made


@dataclass(frozen=True)
class Fitting:
    """The strings that fit: how many (None when too many combinations to count), and
    their letter indices (all when complete, else a random sample)."""

    count: int | None
    strings: npt.NDArray[np.uint8]  # (m x k) letter indices
    complete: bool


def fits(c: Clues, word: str) -> bool:
    """Return whether word (of c.k letters) fits the clues c."""
    if len(word) != c.k:
        return False
    if any(word[i] not in placed for i, placed in c.fixed.items()):
        return False
    if any(word[i] in banned for i, banned in c.banned.items()):
        return False
    if any(word.count(ch) < n for ch, n in c.least.items()):
        return False
    return all(word.count(ch) <= n for ch, n in c.most.items())


class _Table:
    """The backward table of clues c over the letters: ways[i][s], the strings of the free
    places i.. from tracked counts s (flat index)."""

    def __init__(self, c: Clues, letters: str):
        k = c.k
        self.k, self.letters = k, letters
        self.empty = False
        fixed: dict[int, str] = {}
        for i, placed in c.fixed.items():
            if len(placed) != 1 or placed & c.banned.get(i, set()) or not placed <= set(letters):
                self.empty = True
                return
            fixed[i] = next(iter(placed))
        self.fixed = fixed
        self.free = [i for i in range(k) if i not in fixed]
        n_free = len(self.free)
        size = len(letters)
        greens = np.zeros(size, int)
        for ch in fixed.values():
            greens[letters.index(ch)] += 1
        least = np.array([c.least.get(ch, 0) for ch in letters]) - greens
        most = np.array([c.most.get(ch, k) for ch in letters]) - greens
        need, cap = np.maximum(least, 0), np.minimum(most, n_free)
        if (cap < need).any() or any(n > 0 and ch not in letters for ch, n in c.least.items()):
            self.empty = True
            return
        allowed = np.zeros((n_free, size), bool)
        for row, i in enumerate(self.free):
            allowed[row] = cap > 0
            allowed[row, [letters.index(ch) for ch in c.banned.get(i, ()) if ch in letters]] = (
                False
            )
        tracked = [j for j in range(size) if cap[j] > 0 and (need[j] > 0 or cap[j] < n_free)]
        self.allowed, self.tracked = allowed, tracked
        # a tracked letter's digit: its count, up to cap (a capped letter: one more is not
        # allowed), or up to need (an uncapped letter: more stays at need)
        capped = [bool(cap[j] < n_free) for j in tracked]
        sizes = [int(cap[j] if cap_ else need[j]) + 1 for j, cap_ in zip(tracked, capped)]
        states = int(np.prod(sizes, dtype=object)) if sizes else 1
        if states > MAX_STATES:
            self.states = 0
            return
        self.states = states
        flat = np.arange(states)
        strides = np.cumprod([1, *sizes[:-1]]).astype(np.int64) if sizes else np.zeros(0, int)
        self.step: list[tuple[npt.NDArray[np.int64], npt.NDArray[np.bool_]]] = []
        accept = np.ones(states, bool)
        for t, j in enumerate(tracked):
            digit = (flat // strides[t]) % sizes[t]
            last = digit == sizes[t] - 1
            if capped[t]:  # one more than cap: no string
                self.step.append((np.where(last, flat, flat + strides[t]), ~last))
            else:  # more than need: stays at need
                self.step.append((np.where(last, flat, flat + strides[t]), np.ones(states, bool)))
            accept &= digit >= need[j]
        others = np.ones(size, bool)
        others[tracked] = False
        self.free_letters = allowed & others  # (free place x letter): untracked, allowed
        ways = [np.zeros(states, object) for _ in range(n_free + 1)]
        ways[n_free][:] = accept.astype(int)
        for row in range(n_free - 1, -1, -1):
            after = ways[row + 1]
            here = after * int(self.free_letters[row].sum())
            for t, j in enumerate(tracked):
                if allowed[row, j]:
                    nxt, ok = self.step[t]
                    here = here + np.where(ok, after[nxt], 0)
            ways[row] = here
        self.ways = ways

    @property
    def count(self) -> int | None:
        if self.empty:
            return 0
        if not self.states:
            return None
        return int(self.ways[0][0])

    def _options(
        self, row: int, state: npt.NDArray[np.int64]
    ) -> tuple[list[int], list[npt.NDArray[np.int64]]]:
        """Return the letters possible at free place `row` and each one's next states (-1:
        no string)."""
        chosen: list[int] = []
        nexts: list[npt.NDArray[np.int64]] = []
        for letter in np.flatnonzero(self.free_letters[row]):
            chosen.append(int(letter))
            nexts.append(state)
        for t, j in enumerate(self.tracked):
            if self.allowed[row, j]:
                nxt, ok = self.step[t]
                chosen.append(int(j))
                nexts.append(np.where(ok[state], nxt[state], -1))
        return chosen, nexts

    def strings(self) -> npt.NDArray[np.uint8]:
        """Return every string that fits (call only when few), in alphabetical order."""
        rows = np.zeros((1, 0), np.uint8)
        state = np.zeros(1, np.int64)
        for row in range(len(self.free)):
            after = self.ways[row + 1]
            chosen, nexts = self._options(row, state)
            kept_rows, kept_states = [], []
            for j, nxt in zip(chosen, nexts):
                keep = (nxt >= 0) & (after[np.maximum(nxt, 0)] > 0)
                grown = np.column_stack([rows[keep], np.full(keep.sum(), j, np.uint8)])
                kept_rows.append(grown)
                kept_states.append(nxt[keep])
            rows = np.concatenate(kept_rows) if kept_rows else np.zeros((0, row + 1), np.uint8)
            state = np.concatenate(kept_states) if kept_states else np.zeros(0, np.int64)
        return self._whole(rows)

    def sample(self, n: int, seed: int = 0) -> npt.NDArray[np.uint8]:
        """Return n strings that fit, drawn at random in proportion (with replacement)."""
        rng = np.random.default_rng(seed)
        rows = np.zeros((n, 0), np.uint8)
        state = np.zeros(n, np.int64)
        for row in range(len(self.free)):
            after = self.ways[row + 1].astype(float)
            chosen, nexts = self._options(row, state)
            weights = np.stack(
                [np.where(nxt >= 0, after[np.maximum(nxt, 0)], 0.0) for nxt in nexts], axis=1
            )
            cumulative = np.cumsum(weights, axis=1)
            draw = rng.random(n) * cumulative[:, -1]
            # <=: a draw of exactly 0 passes over the choices of weight 0; the draw stays
            # below the total (random() < 1), so the minimum is only a guard
            pick = np.minimum((cumulative <= draw[:, None]).sum(1), len(chosen) - 1)
            letters = np.array(chosen, np.uint8)[pick]
            state = np.stack(nexts, axis=1)[np.arange(n), pick]
            rows = np.column_stack([rows, letters])
        return self._whole(rows)

    def _whole(self, free_rows: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
        """Return whole strings: the fixed letters and these rows' letters at the free places."""
        out = np.zeros((len(free_rows), self.k), np.uint8)
        for i, ch in self.fixed.items():
            out[:, i] = self.letters.index(ch)
        if self.free:
            out[:, self.free] = free_rows
        order = np.lexsort(out.T[::-1]) if len(out) else np.zeros(0, int)
        return out[order]


def fitting(
    c: Clues, letters: str, limit: int, avoid: frozenset[str] = frozenset(), seed: int = 0
) -> Fitting:
    """Return the strings of these letters that fit clues c, not in avoid (words the game
    refused or that were played): their exact count, and all of them when at most limit,
    else a sample of limit drawn at random in proportion."""
    table = _Table(c, letters)
    total = table.count
    if total is None:
        return Fitting(None, np.zeros((0, c.k), np.uint8), False)
    if total == 0:
        return Fitting(0, np.zeros((0, c.k), np.uint8), True)
    avoided = {w for w in avoid if set(w) <= set(letters) and fits(c, w)}
    count = total - len(avoided)
    if total <= limit + len(avoided):
        return Fitting(count, _without(table.strings(), avoided, letters), True)
    return Fitting(count, _without(table.sample(limit, seed), avoided, letters), False)


def _without(rows: np.ndarray, avoided: set[str], letters: str) -> np.ndarray:
    """Return the rows of letter indices that spell none of the avoided strings."""
    if not avoided:
        return rows
    codes = np.array([[letters.index(ch) for ch in w] for w in avoided], np.uint8)
    spelt = (rows[:, None, :] == codes[None]).all(2).any(1)
    kept: np.ndarray = rows[~spelt]
    return kept
