"""Partitions of the candidates by feedback, and the metric values of them.

Counting is separate from measuring: `partition_values` streams the candidates through
Arrow record batches, accumulates each guess's pattern counts, and hands each guess's
parts (pattern codes, probability masses, word counts) to a metric function.
"""

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import numpy.typing as npt
import pyarrow as pa

from lenwordle.engine.feedback import Patterns
from lenwordle.engine.kernel import AnswerBlock, pattern_codes_into
from lenwordle.engine.workers import fork_map
from lenwordle.words.letters import ALPHABET

CHUNK = 8192  # candidates per record batch: bounds every per-chunk buffer
GUESS_BLOCK = 64  # guesses counted together
SORTED_BLOCK = 2048  # ...or up to this many, when few candidates' codes are sorted
DENSE_BYTES = 24 << 20  # budget of a guess block's dense pattern histogram
CACHE_BYTES = 32 << 20  # keep prepared answer blocks when their tables fit in this
TILE_BYTES = 16 << 20  # keep each chunk's weights repeated for a guess block when they fit
PARALLEL_PAIRS = 20_000_000  # share an exact pass between workers from this many pairs


@dataclass(frozen=True)
class Parts:
    """One guess's partition: the patterns that occur, their masses and their word counts."""

    codes: npt.NDArray[np.integer]
    masses: npt.NDArray[np.float64]  # probability mass of each part (sums to 1)
    counts: npt.NDArray[np.integer]  # candidates in each part
    scale: float = 1.0  # masses x scale = each part's size in words of the highest weight


Metric = Callable[[Parts], float]  # may carry `of_tables`, the same for a block of guesses
# a metric's block form: (masses, counts, scale) -> one value per row of the tables
OfTables = Callable[
    [npt.NDArray[np.float64], npt.NDArray[np.integer], float], npt.NDArray[np.floating]
]


def with_tables(of_tables: OfTables) -> Callable[[Metric], Metric]:
    """Return a decorator giving a metric its block form: of_tables(masses, counts, scale)
    -> one value per row, from (B x 3**k) dense histograms (the solved reply last).
    It spares a Python call per guess, and must agree with the metric on every row."""

    def attach(metric: Metric) -> Metric:
        metric.of_tables = of_tables  # type: ignore[attr-defined]  # a function's attribute
        return metric

    return attach


class Candidates:
    """The possible answers with their weights, as Arrow record batches of bounded size."""

    def __init__(
        self,
        codes: npt.NDArray[np.uint8],
        weights: npt.NDArray[np.float64],
        chunk: int = CHUNK,
        letters: int = ALPHABET,
    ):
        self.letters = letters  # the alphabet's size: every table has a row per letter
        self.k = codes.shape[1]
        self.n = codes.shape[0]
        self.total = float(weights.sum())
        self.scale = self.total / float(weights.max()) if self.n else 1.0
        flat = pa.py_buffer(np.ascontiguousarray(codes).tobytes())
        column = pa.Array.from_buffers(pa.binary(self.k), self.n, [None, flat])
        self.table = pa.table({"codes": column, "weight": pa.array(weights / self.total)})
        self.chunk = chunk

    def batches(self) -> Iterator[tuple[npt.NDArray[np.uint8], npt.NDArray[np.float64]]]:
        """Yield (codes n x k, weights) views of each record batch, without copying."""
        for batch in self.table.to_batches(max_chunksize=self.chunk):
            column = batch.column(0)
            codes = np.frombuffer(
                column.buffers()[1],
                np.uint8,
                count=len(column) * self.k,
                offset=column.offset * self.k,
            ).reshape(-1, self.k)
            yield codes, batch.column(1).to_numpy()

    @cached_property
    def _cache(self) -> list[tuple[AnswerBlock, npt.NDArray[np.float64]]] | None:
        """Return the prepared blocks when they fit the cache budget, else None."""
        table_bytes = 2 * self.n * self.k * self.letters  # AnswerBlock.digits and .avail
        if table_bytes > CACHE_BYTES:
            return None
        return [(AnswerBlock(codes, self.letters), w) for codes, w in self.batches()]

    @cached_property
    def _tiles(self) -> list[npt.NDArray[np.float64]] | None:
        """Return each chunk's weights repeated GUESS_BLOCK times, when that fits TILE_BYTES."""
        if self.n * GUESS_BLOCK * 8 > TILE_BYTES:
            return None
        return [np.tile(w, GUESS_BLOCK) for _, w in self.batches()]

    @property
    def tiles_kept(self) -> bool:
        """Return whether each chunk's repeated weights are kept for dense passes."""
        return self._tiles is not None

    @property
    def dense(self) -> bool:
        """Return whether passes count patterns in a 3**k histogram (else they sort codes)."""
        return bool(3**self.k <= max(729, 4 * self.n))  # (int ** int is Any to mypy)

    def blocks_ready(self) -> None:
        """Prepare the cached answer blocks (and weights, for dense passes) before a fork."""
        _ = self._cache, self.dense and self._tiles

    def weight_rows(
        self, index: int, w: npt.NDArray[np.float64], rows: int
    ) -> npt.NDArray[np.float64]:
        """Return chunk `index`'s weights w repeated `rows` times, flat (cached when possible)."""
        if self._tiles is not None and rows <= GUESS_BLOCK:
            return self._tiles[index][: rows * len(w)]
        return np.tile(w, rows)

    def blocks(self) -> Iterator[tuple[AnswerBlock, npt.NDArray[np.float64]]]:
        """Yield each batch prepared for pattern codes, with its weights."""
        if self._cache is not None:
            yield from self._cache
        else:
            for codes, w in self.batches():
                yield AnswerBlock(codes, self.letters), w


def partition_values(
    guesses: npt.NDArray[np.uint8],
    candidates: Candidates,
    metric: Metric,
    progress: Callable[[int, int], None] | None = None,
    workers: int = 1,
) -> npt.NDArray[np.float64]:
    """Return metric(parts) for each guess (B x k), streaming the candidates in chunks.

    progress(done, total), if given, is called after each block of guesses. With several
    workers and enough pairs, slices of the guesses are measured in forked processes.
    """
    if workers > 1 and len(guesses) * candidates.n >= PARALLEL_PAIRS:
        return _parallel_values(guesses, candidates, metric, progress, workers)
    k = candidates.k
    bins = 3**k
    dense = candidates.dense  # else sorting n codes beats clearing 3**k bins
    if dense:
        size = max(1, min(GUESS_BLOCK, DENSE_BYTES // (16 * bins)))
    elif hasattr(metric, "of_tables"):  # (B x n+1) tables: many guesses at once when n is small
        size = max(1, min(SORTED_BLOCK, DENSE_BYTES // (16 * (candidates.n + 1))))
    else:
        size = GUESS_BLOCK
    values = np.empty(len(guesses))
    for start in range(0, len(guesses), size):
        block_guesses = guesses[start : start + size]
        if hasattr(metric, "of_tables"):
            tables = _dense_tables if dense else _sorted_tables
            masses, counts = tables(block_guesses, candidates, bins)
            values[start : start + len(block_guesses)] = metric.of_tables(
                masses, counts, candidates.scale
            )
        else:
            parts = _dense_parts if dense else _sparse_parts
            for row, p in enumerate(parts(block_guesses, candidates, bins)):
                values[start + row] = metric(p)
        if progress:
            progress(start + len(block_guesses), len(guesses))
    return values


def _parallel_values(
    guesses: npt.NDArray[np.uint8],
    candidates: Candidates,
    metric: Metric,
    progress: Callable[[int, int], None] | None,
    workers: int,
) -> npt.NDArray[np.float64]:
    """Return partition_values with one equal slice of the guesses per forked worker.

    Slices of equal size cost the same (same candidates), and each fork costs its page faults.
    """
    candidates.blocks_ready()  # prepared once here, shared by the forked workers
    edges = np.linspace(0, len(guesses), workers + 1).astype(int)
    slices = [(int(a), int(b)) for a, b in zip(edges[:-1], edges[1:]) if b > a]
    done = [0] * len(slices)

    def value_slice(bounds: tuple[int, int], tick: Callable[[int], None]) -> list[float]:
        a, b = bounds
        values: list[float] = partition_values(
            guesses[a:b], candidates, metric, lambda finished, total: tick(finished)
        ).tolist()
        return values

    def report(index: int, finished: object) -> None:
        assert isinstance(finished, int)  # value_slice's tick (back from a worker's JSON)
        done[index] = finished
        if progress:
            progress(sum(done), len(guesses))

    results = fork_map(value_slice, slices, workers, report)
    return np.array([x for part in results for x in part], float)


def guess_parts(guess: npt.NDArray[np.uint8], candidates: Candidates) -> Parts:
    """Return the partition of the candidates by one guess (k,)."""
    return next(iter(_sparse_parts(guess[None, :], candidates, 3**candidates.k)))


def _dense_tables(
    guesses: npt.NDArray[np.uint8], candidates: Candidates, bins: int
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.integer]]:
    """Return the (B x 3**k) masses and counts of each guess's replies, over the chunks."""
    b = len(guesses)
    masses = np.zeros(b * bins)
    counts = np.zeros(b * bins, np.int64)
    offsets = (np.arange(b, dtype=np.int64) * bins)[:, None]
    for index, (block, w) in enumerate(candidates.blocks()):
        codes = pattern_codes_into(guesses, block, np.empty((b, block.n), block.dtype))
        flat = (codes + offsets).ravel()
        masses += np.bincount(flat, candidates.weight_rows(index, w, b), b * bins)
        counts += np.bincount(flat, minlength=b * bins)
    return masses.reshape(b, bins), counts.reshape(b, bins)


def _sorted_tables(
    guesses: npt.NDArray[np.uint8], candidates: Candidates, bins: int
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.integer]]:
    """Return (B x n+1) masses and counts of each guess's replies, found by sorting its n codes:
    the parts in order of their codes, then zeros, the solved reply last (the block form for
    few candidates and many patterns, where a 3**k histogram would be mostly empty)."""
    b, n = len(guesses), candidates.n
    chunks = [
        (pattern_codes_into(guesses, block, np.empty((b, block.n), block.dtype)), w)
        for block, w in candidates.blocks()
    ]
    codes = np.concatenate([c for c, _ in chunks], axis=1)
    weights = np.concatenate([w for _, w in chunks])
    order = np.argsort(codes, axis=1, kind="stable")  # a part's weights add in word order
    ordered = np.take_along_axis(codes, order, axis=1)
    starts = np.ones((b, n), bool)
    starts[:, 1:] = ordered[:, 1:] != ordered[:, :-1]
    part = np.cumsum(starts, axis=1) - 1
    part[ordered == bins - 1] = n
    flat = (part + (np.arange(b, dtype=np.int64) * (n + 1))[:, None]).ravel()
    # (weighted, bincount gives floats: numpy's stubs say intp)
    masses: npt.NDArray[np.float64] = np.bincount(  # type: ignore[assignment]
        flat, weights[order].ravel(), b * (n + 1)
    )
    counts = np.bincount(flat, minlength=b * (n + 1))
    return masses.reshape(b, n + 1), counts.reshape(b, n + 1)


def _dense_parts(
    guesses: npt.NDArray[np.uint8], candidates: Candidates, bins: int
) -> Iterator[Parts]:
    """Yield each guess's parts, accumulated in a (B x 3**k) histogram over the chunks."""
    b = len(guesses)
    masses, counts = _dense_tables(guesses, candidates, bins)
    for row in range(b):
        present = np.flatnonzero(counts[row])
        yield Parts(present, masses[row, present], counts[row, present], candidates.scale)


def _sparse_parts(
    guesses: npt.NDArray[np.uint8], candidates: Candidates, bins: int
) -> Iterator[Parts]:
    """Yield each guess's parts by sorting its pattern codes (for lengths with many patterns)."""
    b = len(guesses)
    codes: list[Patterns] = []
    weights: list[npt.NDArray[np.float64]] = []
    for block, w in candidates.blocks():
        codes.append(pattern_codes_into(guesses, block, np.empty((b, block.n), block.dtype)))
        weights.append(w)
    all_codes, all_weights = np.concatenate(codes, axis=1), np.concatenate(weights)
    for row in range(b):
        present, inverse, counts = np.unique(
            all_codes[row], return_inverse=True, return_counts=True
        )
        # (weighted, bincount gives floats: numpy's stubs say intp)
        masses: npt.NDArray[np.float64] = np.bincount(  # type: ignore[assignment]
            inverse, all_weights, len(present)
        )
        yield Parts(present, masses, counts, candidates.scale)
