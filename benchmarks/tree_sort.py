"""The sort of partition_stats (search.optimal.sorted_rows): seconds to sort each row of a
guesses x answers table of pattern codes, by each of numpy's ways, for 8-bit codes (5
letters) and 16-bit codes (6 to 10 letters), at sizes of a position from 8 to 2 000 answers.
The quickest of each row is what sorted_rows picks (RADIX_FROM: the size from which the
radix sort is used). Run: python benchmarks/tree_sort.py [--guesses 12972] [--repeat 5]
"""

import argparse
import time

import numpy as np

from lenwordle.search.optimal import RADIX_FROM, sorted_rows

WAYS = {
    "quicksort": lambda codes: np.sort(codes, axis=1),
    "as 16-bit": lambda codes: np.sort(codes.astype(np.uint16), axis=1),
    "radix": lambda codes: np.sort(codes, axis=1, kind="stable"),
    "sorted_rows": sorted_rows,
}


def seconds(way, codes: np.ndarray, repeat: int) -> float:
    """Return the least seconds of repeat runs of one way (the least: the machine's noise)."""
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        way(codes)
        best = min(best, time.perf_counter() - started)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--guesses", type=int, default=12972)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    print(f"seconds to sort {args.guesses} rows (least of {args.repeat}); RADIX_FROM {RADIX_FROM}")
    print(f"{'codes':>6} {'answers':>7} " + " ".join(f"{name:>11}" for name in WAYS))
    for dtype, top in ((np.uint8, 243), (np.uint16, 3**10)):
        for n in (8, 16, 64, 200, 400, 600, 1000, 2000):
            codes = rng.integers(0, top, (args.guesses, n)).astype(dtype)
            times = [seconds(way, codes, args.repeat) for way in WAYS.values()]
            bits = 8 * np.dtype(dtype).itemsize
            print(f"{bits:>4}-b {n:>7} " + " ".join(f"{t:>11.4f}" for t in times))


if __name__ == "__main__":
    main()
