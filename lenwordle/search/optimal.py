"""The fewest total guesses over all answers: an exact depth-first search for a decision tree.

A position is a set S of n candidates (answer rows) and the guesses left. Playing g costs n
guesses now (one per answer) plus, for each reply but all green, the cost of its part. The
search keeps, per position, the `width` best guesses by a cheap estimate (every guess for a
proof), merges guesses with identical partitions, goes through each guess's parts smallest
first, and stops a guess as soon as its cost so far plus the lower bounds of the parts left
reaches the best found. Positions are remembered by their candidate set, with their exact
value or a lower bound (in hard mode, each with its guesses left and legal guesses, and
reused for positions those bound: see Search._solve_hard).

Lower bounds (each proved where it is defined): `set_bound`, 2n - 1, and `guess_bounds`,
3n - s - q for a guess of q parts, s of them solved. A guess whose parts have at most two
answers each costs exactly its bound, so it is taken without recursing when it is the best.

Over 300 lines: the search, its bounds and its two memos are one piece (each step of the
recursion reads and writes them), kept together so the proofs sit beside the code they prove.
"""

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from typing import NamedTuple

import numpy as np

from lenwordle.engine.feedback import code_to_reply, pattern_dtype, solved_code
from lenwordle.engine.hard_mode import hard_mode_mask, letter_counts
from lenwordle.engine.kernel import pattern_codes
from lenwordle.engine.metrics import guesses_needed
from lenwordle.engine.rules import DEFAULT_LIMIT
from lenwordle.engine.state import GameState
from lenwordle.engine.tree import Node
from lenwordle.words.alphabet import ENGLISH, Alphabet

# guesses tried per position, by the tree search and by the strategies' rollouts (--width):
# 8 finds SALET's 7920 on the standard lists, and rollouts gain nothing past it
# (docs/strategies.md)
DEFAULT_WIDTH = 8
# the cost of a position that cannot be finished within the limit: above any tree's total,
# which is at most answers squared, and besttree.size_problem bounds answers x guesses
INFEASIBLE = 10**9
MATRIX_BYTES = 256 << 20  # keep every (answer, guess) pattern when they fit in this
MEMO_ENTRIES = 2_000_000  # positions remembered at most (the memo is cleared past it)
HARD_MEMO_ENTRIES = 400_000  # hard mode: each also keeps its legal guesses (G / 8 bytes)
STATS_CELLS = 1 << 22  # (guess, answer) cells of one block of partition_stats (~100 MB)
# sorting each guess's codes is most of partition_stats: numpy sorts 16-bit rows with SIMD
# (x86-simd-sort) and 8- or 16-bit rows in linear time (radix, kind="stable"); measured here
# (12 972 rows): 8-bit rows sorted as 16-bit 17-25x quicker than as 8-bit from 64 to 400
# answers, the radix sort quicker from about 500 (benchmarks/tree_sort.py)
RADIX_FROM = 512


@dataclass(frozen=True)
class Problem:
    """What the search needs, picklable: the guesses and answers as letter codes, the rules."""

    guess_words: tuple[str, ...]
    guess_codes: np.ndarray  # G x k letter indices
    answer_words: tuple[str, ...]
    answer_codes: np.ndarray  # A x k
    answer_guess: np.ndarray  # the guess row of each answer (-1: not a guess)
    limit: int = DEFAULT_LIMIT
    hard: bool = False
    alphabet: Alphabet = ENGLISH  # the letters of the words (hard mode's hints are letters)
    ultra_hard: bool = False  # (hard is then True too)

    @property
    def k(self) -> int:
        return self.guess_codes.shape[1]


def problem_of(state: GameState) -> Problem:
    """Return the search problem of a state with no history: its guess pool (and every
    candidate) as guesses, its candidates as answers, its limit and hard mode (ultra-hard)."""
    pool = state.suggestable & ~state.allowed.mask_of(state.refused)
    rows = state.candidate_rows
    pool[state.answer_rows[rows]] = True
    guesses = np.flatnonzero(pool)
    where = np.full(len(state.allowed), -1)
    where[guesses] = np.arange(len(guesses))
    return Problem(
        tuple(state.allowed.words_at(guesses)),
        state.allowed.codes[guesses],
        tuple(state.answers.words_at(rows)),
        state.answers.codes[rows],
        where[state.answer_rows[rows]],
        state.limit,
        state.hard,
        state.allowed.alphabet,
        state.ultra_hard,
    )


def set_bound(n: int) -> int:
    """Return a lower bound on the guesses n answers need together: 2n - 1.

    Proof: the first guess solves at most one of them; every other needs a second guess.
    """
    return 2 * n - 1 if n else 0


def guess_bounds(n: int, solved: np.ndarray, parts: np.ndarray) -> np.ndarray:
    """Return, for guesses of `parts` parts (`solved` 1 where one is the all-green reply), a
    lower bound on the total when the guess is played on n answers: 3n - solved - parts.

    Proof: n for this guess, plus set_bound(|p|) = 2|p| - 1 for each of the parts - solved
    parts that are not solved, whose sizes add up to n - solved.
    """
    return 3 * n - solved - parts


@dataclass
class Stats:
    """The partitions of one position by every legal guess: sizes and bounds per guess."""

    codes: np.ndarray  # G' x n pattern codes (rows: the legal guesses `rows`)
    rows: np.ndarray  # guess rows
    parts: np.ndarray
    solved: np.ndarray  # 1 where the guess is one of the candidates
    largest: np.ndarray  # the largest part that is not solved
    estimate: np.ndarray  # the estimated total: the ranking
    bounds: np.ndarray  # guess_bounds


# one block of a position's partitions before they are counted: (codes, rows, ordered), the
# codes of the guesses `rows` on its answers and the same codes each row sorted (sorted_rows)
Block = tuple[np.ndarray, np.ndarray, np.ndarray]


def estimated_cost(sizes: np.ndarray) -> np.ndarray:
    """Return the estimated total guesses of parts of these sizes: |p| (1 + 0.8 sqrt(ln |p|)),
    the expected-guesses curve (engine.metrics.guesses_needed) times the size."""
    return sizes * guesses_needed(sizes)


def partition_stats(
    codes: np.ndarray, rows: np.ndarray, solved_value: int, ordered: np.ndarray | None = None
) -> Stats:
    """Return the Stats of guesses whose pattern codes against the n candidates are codes
    (ordered: each row sorted, sorted_rows(codes), if made already)."""
    g, n = codes.shape
    if ordered is None:
        ordered = sorted_rows(codes)
    starts = np.empty((g, n), bool)
    starts[:, 0] = True
    np.not_equal(ordered[:, 1:], ordered[:, :-1], out=starts[:, 1:])
    first = np.flatnonzero(starts)  # each part's first cell
    sizes = np.diff(first, append=g * n)
    row = first // n
    done = ordered.ravel()[first] == solved_value
    parts = np.bincount(row, minlength=g)
    solved = np.bincount(row[done], minlength=g)
    unsolved = np.where(done, 0, sizes)
    largest = np.maximum.reduceat(unsolved, np.cumsum(parts) - parts)
    estimate = n + np.bincount(row, estimated_cost(unsolved), minlength=g)
    return Stats(codes, rows, parts, solved, largest, estimate, guess_bounds(n, solved, parts))


def best_bound(ordered: np.ndarray, solved_value: int) -> int | None:
    """Return the lowest guess_bounds of the guesses that split the n answers or solve one,
    from their codes each row sorted (ordered, G' x n); None if no guess does."""
    n = ordered.shape[1]
    parts = np.count_nonzero(ordered[:, 1:] != ordered[:, :-1], axis=1) + 1
    solved = (ordered == solved_value).any(axis=1)
    useful = (parts > 1) | solved
    return int(guess_bounds(n, solved, parts)[useful].min()) if useful.any() else None


def sorted_rows(codes: np.ndarray) -> np.ndarray:
    """Return the codes sorted along each row, by the quickest of numpy's sorts for their
    type and length (RADIX_FROM); 8-bit codes come back as 16-bit."""
    if codes.dtype.itemsize > 2:
        return np.sort(codes, axis=1)
    if codes.shape[1] < RADIX_FROM:
        return np.sort(codes.astype(np.uint16, copy=False), axis=1)
    return np.sort(codes, axis=1, kind="stable")


def joined(blocks: list[Stats]) -> Stats:
    """Return the Stats of several blocks of guesses as one."""
    names = Stats.__dataclass_fields__
    return Stats(*(np.concatenate([getattr(b, name) for b in blocks]) for name in names))


def canonical(codes: np.ndarray, solved_value: int) -> bytes:
    """Return a key equal for two guesses exactly when they split the candidates alike (the
    same groups, the same one solved): each candidate labelled by the first of its group."""
    order = np.argsort(codes, kind="stable")
    ordered = codes[order]
    starts = np.ones(len(codes), bool)
    starts[1:] = ordered[1:] != ordered[:-1]
    first = order[np.flatnonzero(starts)][np.cumsum(starts) - 1]
    labels = np.empty(len(codes), np.int32)
    labels[order] = first
    labels[codes == solved_value] = -1
    return labels.tobytes()


class HardEntry(NamedTuple):
    """One position of a candidate set S in the hard-mode memo: its guesses left and legal
    guesses (packed bits), a lower bound on its total and, once solved, its value and tree."""

    left: int
    legal: np.ndarray
    bound: int
    value: int | None = None
    tree: Node | None = None

    def bound_holds(self, left: int, here: np.ndarray) -> bool:
        """Return whether this bound is one of (S, left, here) too: this position has as many
        guesses left or more, and every guess of here legal (see Search._solve_hard)."""
        return self.left >= left and not np.any(here & ~self.legal)

    def tree_fits(self, left: int, here: np.ndarray) -> bool:
        """Return whether a tree of this position is one of (S, left, here) too: it has as
        many guesses left or fewer, and its legal guesses are among here's."""
        return self.left <= left and not np.any(self.legal & ~here)


class Recalled(NamedTuple):
    """What the hard-mode memo tells of a position: its best lower bound, the best total and
    tree remembered (INFEASIBLE, None: none), and the index of its own entry (None: none)."""

    bound: int
    best: int
    tree: Node | None
    same: int | None


@dataclass
class Result:
    """A search's answer: the tree, its total guesses, and whether the search finished."""

    tree: Node | None
    total: int
    complete: bool = True


@dataclass
class Search:
    """The depth-first search over one problem, with its memo (positions -> value or bound).

    width: guesses tried per position, best first by the estimate (None: every guess, for a
    proof); every_below, wide_from and wide_width change it by the position's size (every
    guess below every_below answers; at least wide_width from wide_from answers). The value
    found is the fewest total guesses among the trees that play, in every position, one of
    those guesses or a guess whose parts all have at most two answers.
    """

    problem: Problem
    width: int | None = DEFAULT_WIDTH
    every_below: int = 0  # positions of fewer answers than this try every guess
    wide_from: int | None = None  # positions of at least this many answers try more guesses:
    wide_width: int = 0  # at least this many
    memo: dict = field(default_factory=dict)
    # before a guess's parts are searched, each part of 3 answers or more is bounded by its
    # best guess's bound (its partitions, kept for its own search): a guess is refuted
    # without a search when these reach beta (a proof's cutoff)
    bound_parts: bool = False
    _matrix: np.ndarray | None = None  # A x G patterns, when they fit MATRIX_BYTES
    positions: int = 0  # positions evaluated (a measure of the work)

    def __post_init__(self):
        p = self.problem
        size = len(p.answer_words) * len(p.guess_words) * np.dtype(pattern_dtype(p.k)).itemsize
        if size <= MATRIX_BYTES:
            self._matrix = np.ascontiguousarray(pattern_codes(p.guess_codes, p.answer_codes).T)
        self.solved_value = solved_code(p.k)
        self.all_guesses = np.arange(len(p.guess_words))
        self._everyone = np.packbits(np.ones(len(p.guess_words), bool))
        self.hard_memo: dict[bytes, list[HardEntry]] = {}
        self._hard_count = 0
        # the sorted codes made by bound_parts (sorted_blocks), not yet used, each with the
        # legal guesses they were made of (the very array: a part's search is handed the one
        # its bound was made with)
        self._ready: dict[bytes, tuple[np.ndarray | None, list[Block]]] = {}
        self._counts = (  # hard mode's masks read each guess's letter counts from here
            letter_counts(p.guess_codes, len(p.alphabet.letters)) if p.hard else None
        )

    def forget(self) -> None:
        """Empty the memos and the kept partitions: what is searched next is searched as by a
        new search (its pattern matrix kept)."""
        self.memo.clear()
        self.hard_memo.clear()
        self._hard_count = 0
        self._ready.clear()

    def codes(self, answers: np.ndarray, guesses: np.ndarray) -> np.ndarray:
        """Return the (guesses x answers) pattern codes."""
        if self._matrix is not None:
            picked = self._matrix[answers]
            if len(guesses) < picked.shape[1]:
                picked = picked[:, guesses]
            return np.ascontiguousarray(picked.T)
        p = self.problem
        return pattern_codes(p.guess_codes[guesses], p.answer_codes[answers])

    def stats(self, answers: np.ndarray, legal: np.ndarray | None) -> Stats:
        """Return the Stats of every legal guess on these answers (from their sorted codes
        kept by _bounded, if kept for this legal array)."""
        ready = self._ready.pop(answers.tobytes(), None)
        if ready is not None and ready[0] is legal:
            made = [
                partition_stats(codes, rows, self.solved_value, ordered)
                for codes, rows, ordered in ready[1]
            ]
        else:
            made = [
                partition_stats(self.codes(answers, rows), rows, self.solved_value)
                for rows in self.row_blocks(answers, legal)
            ]
        return made[0] if len(made) == 1 else joined(made)

    def row_blocks(self, answers: np.ndarray, legal: np.ndarray | None) -> list[np.ndarray]:
        """Return the legal guesses' rows in blocks of at most STATS_CELLS cells each."""
        rows = self.all_guesses if legal is None else np.flatnonzero(legal)
        step = max(1, STATS_CELLS // len(answers))
        return [rows[i : i + step] for i in range(0, len(rows), step)]

    def sorted_blocks(self, answers: np.ndarray, legal: np.ndarray | None) -> list[Block]:
        """Return the legal guesses' codes on these answers, a block of rows at a time,
        each with its rows and its codes each row sorted: (codes, rows, ordered)."""
        blocks = []
        for rows in self.row_blocks(answers, legal):
            codes = self.codes(answers, rows)
            blocks.append((codes, rows, sorted_rows(codes)))
        return blocks

    def solve(
        self, answers: np.ndarray, left: int, legal: np.ndarray | None, beta: int = INFEASIBLE
    ) -> tuple[int, Node | None]:
        """Return (total, tree) of the best tree for these answers (sorted rows) with `left`
        guesses allowed, if its total is below beta; else (a lower bound >= beta, None)."""
        n = len(answers)
        if n == 1:
            return (1, self.leaf(answers[0])) if left >= 1 else (INFEASIBLE, None)
        if left <= 1:
            return INFEASIBLE, None
        if self.problem.hard:
            return self._solve_hard(answers, left, legal, beta)
        key = (answers.tobytes(), left, None)
        bound, value, tree = self.memo.get(key, (set_bound(n), None, None))
        if value is not None:
            return (value, tree) if value < beta else (value, None)
        if bound >= beta:
            return bound, None
        value, tree, bound = self._search(answers, left, legal, beta)
        if len(self.memo) >= MEMO_ENTRIES:
            self.memo.clear()
        found = tree is not None
        self.memo[key] = (value if found else max(bound, beta), value if found else None, tree)
        return (value, tree) if tree is not None else (max(bound, beta), None)

    def _solve_hard(
        self, answers: np.ndarray, left: int, legal: np.ndarray | None, beta: int
    ) -> tuple[int, Node | None]:
        """Return solve's answer in hard mode: the memo keeps, per candidate set, positions
        by guesses left and legal guesses, each with a lower bound and, once solved, its
        value and tree.

        Proof that the other positions of the same candidates S bound this one: write
        opt(S, t, L) for the best total with t guesses left and the legal guesses L. If
        L' ⊇ L and t' >= t, every tree of (S, t, L) is a tree of (S, t', L') (each later legal
        set is L or L' cut by the same hints, so the first within the second; a tree within t
        guesses is within t'), so opt(S, t', L') <= opt(S, t, L): a lower bound remembered
        for (S, t', L') is one here, and a tree remembered for (S, t, L) is a tree there.
        """
        key, here = answers.tobytes(), self._packed(legal)
        entries = self.hard_memo.setdefault(key, [])
        known = self._recalled(entries, left, here, len(answers))
        if known.best <= known.bound:  # a tree meets a lower bound: it is the best
            return (known.best, known.tree) if known.best < beta else (known.best, None)
        if known.bound >= beta:
            return known.bound, None
        value, tree, found_bound = self._search(answers, left, legal, min(beta, known.best))
        if tree is None and known.best < beta:  # nothing beats the remembered tree: the best
            value, tree = known.best, known.tree
        if tree is None:
            value = max(found_bound, beta)
        entry = HardEntry(left, here, value, value if tree is not None else None, tree)
        self._remember_hard(key, entries, known.same, entry)
        return value, tree

    def _recalled(self, entries: list[HardEntry], left: int, here: np.ndarray, n: int) -> Recalled:
        """Return what the memo's entries of a candidate set of n answers tell of its position
        with `left` guesses left and the legal guesses here (packed)."""
        bound, best, best_tree, same = set_bound(n), INFEASIBLE, None, None
        for i, entry in enumerate(entries):
            wider = entry.bound_holds(left, here)
            narrower = entry.tree_fits(left, here)
            if wider and narrower:
                same = i
            if wider:
                bound = max(bound, entry.bound)
            if narrower and entry.value is not None and entry.value < best:
                best, best_tree = entry.value, entry.tree
        return Recalled(bound, best, best_tree, same)

    def _remember_hard(
        self, key: bytes, entries: list[HardEntry], same: int | None, entry: HardEntry
    ) -> None:
        """Keep a hard-mode entry among its candidate set's entries, in place of the one of the
        same position (index same); the memo is emptied first when it is full."""
        if self._hard_count >= HARD_MEMO_ENTRIES:
            self.hard_memo.clear()
            self._hard_count = 0
            entries, same = self.hard_memo.setdefault(key, []), None
        if same is not None:
            entries[same] = entry
        else:
            entries.append(entry)
            self._hard_count += 1

    def _packed(self, legal: np.ndarray | None) -> np.ndarray:
        """Return the legal guesses as packed bits, the memo's key for them (None: all)."""
        return np.packbits(legal) if legal is not None else self._everyone

    def _search(
        self, answers: np.ndarray, left: int, legal: np.ndarray | None, beta: int
    ) -> tuple[int, Node | None, int]:
        """Return (total, tree, lower bound) of the position; tree None if nothing beats beta."""
        self.positions += 1
        st = self.stats(answers, legal)
        useful = (st.parts > 1) | (st.solved > 0)
        bound = int(st.bounds[useful].min())
        if bound >= beta:
            return bound, None, bound
        if self.problem.hard:
            # a guess of one part that is not solved never helps, here or in any part of S
            # later (it splits none of them): the parts' legal guesses are kept among useful
            legal = np.zeros(len(self.problem.guess_words), bool)
            legal[st.rows[useful]] = True
        # a guess whose unsolved parts have at most 2 answers (1 with two guesses left)
        # costs exactly its bound
        exact = useful & (st.largest <= (2 if left >= 3 else 1))
        best, best_tree = beta, None
        if exact.any():
            i = _first(exact, st.bounds, st.estimate)
            if st.bounds[i] < best:
                best, best_tree = int(st.bounds[i]), self.play(answers, st, i, left, legal)[1]
        if best <= bound or left < 3:
            return best, best_tree, bound
        for i in self.trying(st, useful, lambda i: bool(st.bounds[i] < best)):  # noqa: B023
            if st.bounds[i] >= best:
                continue
            cost, tree = self.play(answers, st, i, left, legal, best)
            if tree is not None:
                best, best_tree = cost, tree
                if best <= bound:
                    break
        return best, best_tree, bound

    def tried(self, st: Stats, useful: np.ndarray) -> list[int]:
        """Return the guesses to try, best estimate first, one per distinct partition (in
        normal mode), at most `width` of them (all with width None), as the position's size
        asks (every_below, wide_from)."""
        return list(self.trying(st, useful))

    def trying(
        self, st: Stats, useful: np.ndarray, worth: Callable[[int], bool] | None = None
    ) -> Iterator[int]:
        """Yield tried's guesses one by one; with every guess tried (no width), those not worth
        trying when their turn comes (worth(i) false: their bound reaches the best so far) are
        passed over before their partition is keyed (the costly part), and so are all of the
        same partition after them (the same bound)."""
        order = np.lexsort((st.rows, st.bounds, st.estimate))
        order = order[useful[order]]
        seen: set[int | bytes] = set()
        n, width = st.codes.shape[1], self.width
        if n < self.every_below:
            width = None
        elif width is not None and self.wide_from is not None and n >= self.wide_from:
            width = max(width, self.wide_width)
        for i in order.tolist():
            if width is None and worth is not None and not worth(i):
                continue
            # in hard mode the same partition may leave other guesses legal: all are kept
            key = i if self.problem.hard else canonical(st.codes[i], self.solved_value)
            if key not in seen:
                seen.add(key)
                yield i
                if width is not None and len(seen) >= width:
                    break

    def play(
        self,
        answers: np.ndarray,
        st: Stats,
        i: int,
        left: int,
        legal: np.ndarray | None,
        beta: int = INFEASIBLE,
    ) -> tuple[int, Node | None]:
        """Return (total, tree) of playing guess i of st here, if below beta, its parts
        smallest first; else (a lower bound >= beta, None)."""
        guess = int(st.rows[i])
        codes = st.codes[i]
        order = np.argsort(codes, kind="stable")  # answers stay sorted inside each part
        ordered = codes[order]
        starts = np.flatnonzero(np.r_[True, ordered[1:] != ordered[:-1]])
        groups = np.split(answers[order], starts[1:])
        keep = [
            (len(g), v, g)
            for g, v in zip(groups, ordered[starts].tolist())
            if v != self.solved_value
        ]
        keep.sort(key=lambda item: (item[0], item[1]))
        total = len(answers)
        child_legal = self.legal_after(legal, guess, keep)
        made: dict[int, np.ndarray] = {}

        def sub(j: int) -> np.ndarray | None:
            """Return the guesses legal in part j (hard mode), made when first asked."""
            if child_legal is None:
                return None
            if j not in made:
                made[j] = child_legal(keep[j][1])
            return made[j]

        lows = [self.lower(g, left - 1, partial(sub, j)) for j, (_, _, g) in enumerate(keep)]
        try:
            if self.bound_parts and beta < INFEASIBLE:
                lows = self._bounded(keep, sub, lows, beta - total)
            lower = sum(lows)
            if total + lower >= beta:
                return total + lower, None
            children = {}
            for j, ((_, value, group), low) in enumerate(zip(keep, lows)):
                lower -= low
                cost, tree = self.solve(group, left - 1, sub(j), beta - total - lower)
                total += cost
                if tree is None or total + lower >= beta:
                    return max(total + lower, beta), None
                children[code_to_reply(value, self.problem.k)] = tree
        finally:
            for _, _, group in keep:
                self._ready.pop(group.tobytes(), None)
        solves = bool(st.solved[i])
        return total, Node(self.problem.guess_words[guess], solves, children)

    def _bounded(
        self, keep: list, sub: Callable[[int], np.ndarray | None], lows: list[int], beta: int
    ) -> list[int]:
        """Return the parts' lower bounds raised to their best guess's bound, largest part
        first, until they reach beta (then the guess is refuted); each partition made is kept
        for the part's own search (_ready)."""
        lows = list(lows)
        for j in sorted(range(len(keep)), key=lambda j: -keep[j][0]):
            size, _, group = keep[j]
            if size <= 2 or sum(lows) >= beta:
                break
            blocks = self.sorted_blocks(group, sub(j))
            bounds = [best_bound(ordered, self.solved_value) for _, _, ordered in blocks]
            if found := [bound for bound in bounds if bound is not None]:
                lows[j] = max(lows[j], min(found))
            self.keep_ready(group, sub(j), blocks)
        return lows

    def keep_ready(
        self, answers: np.ndarray, legal: np.ndarray | None, blocks: list[Block]
    ) -> None:
        """Keep the sorted codes of these answers and legal guesses (sorted_blocks) for their
        search (stats takes them back only for the same legal array)."""
        self._ready[answers.tobytes()] = (legal, blocks)

    def lower(
        self,
        answers: np.ndarray,
        left: int,
        legal: np.ndarray | None | Callable[[], np.ndarray | None] = None,
    ) -> int:
        """Return the best known lower bound of a part (remembered, or set_bound); in hard
        mode, of the positions of these answers with as many guesses left or more and legal
        guesses including these (see _solve_hard; legal may be a function that makes them,
        called only when the memo has positions of these answers)."""
        n = len(answers)
        if n <= 2:
            return set_bound(n)
        if self.problem.hard:
            entries = self.hard_memo.get(answers.tobytes(), ())
            if not entries:
                return set_bound(n)
            here, bound = self._packed(legal() if callable(legal) else legal), set_bound(n)
            for entry in entries:
                if entry.bound > bound and entry.bound_holds(left, here):
                    bound = entry.bound
            return bound
        known = self.memo.get((answers.tobytes(), left, None))
        return max(set_bound(n), known[0]) if known else set_bound(n)

    def legal_after(self, legal, guess: int, keep) -> Callable | None:
        """Return, in hard mode, reply code -> the guesses legal after this guess got it."""
        if not self.problem.hard:
            return None
        p = self.problem
        before = np.ones(len(p.guess_words), bool) if legal is None else legal
        word = p.guess_words[guess]

        def after(value: int) -> np.ndarray:
            turn = ((word, code_to_reply(value, p.k)),)
            return before & hard_mode_mask(
                p.guess_codes, turn, p.alphabet, p.ultra_hard, self._counts
            )

        return after

    def leaf(self, answer: int) -> Node:
        """Return the tree of one answer left: guess it."""
        return Node(self.problem.answer_words[answer], True)


def _first(mask: np.ndarray, bounds: np.ndarray, estimate: np.ndarray) -> int:
    """Return the index of the lowest bound where mask holds (ties: the lowest estimate)."""
    candidates = np.flatnonzero(mask)
    return int(candidates[np.lexsort((estimate[candidates], bounds[candidates]))[0]])
