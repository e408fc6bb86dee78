"""Throughput of the feedback kernel: pairs scored per second, alone and with a histogram.

For k = 5 and k = 11 it takes up to 16384 words of wordlists/{k:02d}.tsv (all levels) as
answers, also 2048 and 500 of them, scores blocks of 64 guesses against each answer set
with AnswerBlock + pattern_codes_into, then histograms every row with np.bincount (minlength 3**k),
as the solver does. Then the same for random words over alphabets of 26, 33 (Russian) and
64 letters, side by side: the speed per pair by the alphabet's size (tables have a row per
letter). Run it as `python benchmarks/kernel.py`; it takes a few seconds.
"""

import resource
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from lenwordle.engine.kernel import AnswerBlock, pattern_codes_into  # noqa: E402

LENGTHS = (5, 11)
SIZES = (16384, 2048, 500)
GUESS_BLOCK = 64
SECONDS = 0.25  # timing budget of each measurement


def load(k: int) -> np.ndarray:
    """Return the (n x k) uint8 letter matrix of every word of wordlists/{k:02d}.tsv."""
    text = (ROOT / "wordlists" / f"{k:02d}.tsv").read_text(encoding="ascii")
    words = [line.split("\t", 1)[0] for line in text.splitlines() if line.strip()]
    words = [w for w in words if len(w) == k and w.isascii() and w.isalpha() and w.islower()]
    flat = np.frombuffer("".join(words).encode("ascii"), np.uint8)
    return flat.reshape(-1, k) - np.uint8(ord("a"))


def timed(step, seconds: float = SECONDS) -> float:
    """Return the best seconds per call of step() over about `seconds` of repeated calls."""
    step()  # warm up (caches, first-touch allocations)
    best, spent, calls = float("inf"), 0.0, 0
    while spent < seconds or calls < 3:
        start = time.perf_counter()
        step()
        took = time.perf_counter() - start
        best, spent, calls = min(best, took), spent + took, calls + 1
    return best


def peak_mb() -> float:
    """Return the process's peak resident memory in MB (ru_maxrss is KB on Linux)."""
    scale = 1 if sys.platform != "darwin" else 1 / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * scale / 1024


def measure(words: np.ndarray, n: int, rng: np.random.Generator) -> dict:
    """Return timings for n answers drawn from words, scored by cycling guess blocks."""
    k = words.shape[1]
    answers = words[rng.choice(len(words), min(n, len(words)), replace=False)]
    guesses = words[rng.choice(len(words), 8 * GUESS_BLOCK, replace=len(words) < 8 * GUESS_BLOCK)]
    blocks = [
        np.ascontiguousarray(guesses[i : i + GUESS_BLOCK])
        for i in range(0, len(guesses), GUESS_BLOCK)
    ]
    letters = max(26, int(words.max()) + 1)
    prep = timed(lambda: AnswerBlock(answers, letters), SECONDS / 5)
    block = AnswerBlock(answers, letters)
    out = np.empty((GUESS_BLOCK, block.n), block.dtype)
    bins = 3**k
    turn = [0]

    def kernel():
        turn[0] += 1
        pattern_codes_into(blocks[turn[0] % len(blocks)], block, out)

    def kernel_histogram():
        kernel()
        for row in out:
            np.bincount(row, minlength=bins)

    pairs = GUESS_BLOCK * block.n
    return {
        "k": k,
        "n": block.n,
        "prep": prep,
        "kernel": pairs / timed(kernel),
        "both": pairs / timed(kernel_histogram),
        "rss": peak_mb(),
    }


def main():
    rng = np.random.default_rng(2024)
    words = {k: load(k) for k in LENGTHS}
    print(
        f"feedback kernel, blocks of {GUESS_BLOCK} guesses, numpy {np.__version__}, "
        f"best of repeated calls"
    )
    print(f"peak RSS is the whole process's so far: {peak_mb():.1f} MB before any scoring")
    header = (
        f"{'k':>3} {'answers':>8} {'prep ms':>8} {'kernel Mpairs/s':>16} "
        f"{'+histogram Mpairs/s':>20} {'peak RSS MB':>12}"
    )
    print(header)
    print("-" * len(header))
    for k in LENGTHS:
        for n in SIZES:
            r = measure(words[k], n, rng)
            print(
                f"{r['k']:>3} {r['n']:>8} {1e3 * r['prep']:>8.2f} {r['kernel'] / 1e6:>16.1f} "
                f"{r['both'] / 1e6:>20.1f} {r['rss']:>12.1f}"
            )
    alphabets(rng)


def alphabets(rng: np.random.Generator) -> None:
    """Print the kernel's pairs per second on random words over alphabets of 26 to 64
    letters, and the ratio to 26."""
    print()
    print("random words, 16384 answers: kernel Mpairs/s by alphabet size (ratio to 26)")
    for k in LENGTHS:
        speeds = {}
        for size in (26, 33, 64):
            words = rng.integers(0, size, (16384, k), dtype=np.uint8)
            words[0, 0] = size - 1  # the alphabet's last letter occurs
            speeds[size] = measure(words, 16384, rng)["kernel"]
        cells = "  ".join(f"{s}: {v / 1e6:.1f} ({v / speeds[26]:.2f})" for s, v in speeds.items())
        print(f"k={k:<3} {cells}")


if __name__ == "__main__":
    main()
