"""The best tree of an opener on the standard Wordle lists (`lenwordle tree`), in normal and
hard mode: seconds, total, mean, max, histogram, and the peak resident memory of this process
(VmHWM of /proc/self/status) and of its largest worker (getrusage of the children).
Run: python benchmarks/tree.py [--start salet] [--width 8] [--workers 2] [--modes normal,hard]
"""

import argparse
import re
import resource
import time
from pathlib import Path

from lenwordle.engine.state import GameState
from lenwordle.engine.tree import summary
from lenwordle.search.besttree import best_tree
from lenwordle.search.optimal import DEFAULT_WIDTH
from lenwordle.words.wordlist import read_words

NYT = Path(__file__).resolve().parent.parent.parent / "shared" / "bench" / "nyt"


def memory_mb(field: str) -> float:
    """Return a memory figure of this process (VmHWM: peak, VmRSS: now) in MB."""
    status = Path("/proc/self/status").read_text()
    return int(re.search(rf"{field}:\s+(\d+)", status)[1]) / 1024


def children_peak_mb() -> float:
    """Return the peak resident memory of the largest worker process so far, in MB."""
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--start", default="salet")
    parser.add_argument("--width", type=int, default=DEFAULT_WIDTH)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--modes", default="normal,hard")
    parser.add_argument("--lists", type=Path, default=NYT, help="holds answers.txt, guesses.txt")
    args = parser.parse_args()
    answers = read_words(args.lists / "answers.txt", 5)
    allowed = read_words(args.lists / "guesses.txt", 5)
    print(f"{len(answers)} answers, {len(allowed)} guesses, opener {args.start.upper()}, ", end="")
    print(f"width {args.width}, {args.workers} workers")
    for mode in args.modes.split(","):
        state = GameState.new(allowed, answers, uniform=True, hard=mode == "hard")
        began = time.perf_counter()
        result = best_tree(state, [args.start], args.width, args.workers)
        seconds = time.perf_counter() - began
        figures = summary(result.tree)
        print(
            f"{mode:>6}: total {figures['total']}  mean {figures['mean']:.4f}  max "
            f"{figures['max']}  {seconds:.1f} s  histogram {figures['histogram']}"
        )
    print(
        f"memory: peak {memory_mb('VmHWM'):.0f} MB in this process, "
        f"{children_peak_mb():.0f} MB in the largest worker"
    )


if __name__ == "__main__":
    main()
