"""Practice's response times: the first prompt of `lenwordle practice` (a process started
from nothing to its first line, the page cache warm) and a hint at each turn of a game, in
Wordle at 5 and 11 letters and in each variant, the player playing the solver's suggestion.
Goals (issue 39): the first prompt within 1 s; a hint within 0.3 s at 5 letters and 1 s at
11. A hint's time is its whole: the solver's suggestion, the likeliest words and the review
of the last guess. Figures in docs/performance.md#practice.
Run: python benchmarks/practice.py [--seeds N] [--runs R]
"""

import argparse
import statistics
import subprocess
import sys
import time

from lenwordle.api.practice import practice

GAMES = [
    ("wordle 5", 5, {}),
    ("wordle 11", 11, {}),
    ("wordle 5, es", 5, {"lang": "es"}),
    ("wordle 5, 4 boards", 5, {"boards": 4}),
    ("absurdle", 5, {"absurdle": True}),
    *[(name, 5, {"variant": name}) for name in ("fibble", "xordle", "hardle", "woodle")],
    ("warmle", 5, {"variant": "warmle"}),
    ("peaks", 5, {"variant": "peaks"}),
    ("antiwordle", 5, {"variant": "antiwordle"}),
]


def first_prompt(runs: int) -> list[float]:
    """Return the seconds from starting `lenwordle practice` to its first line, each run."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        process = subprocess.Popen(
            [sys.executable, "-m", "lenwordle", "practice", "--seed", "1", "--data-dir", "/tmp"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert process.stdout is not None
        line = process.stdout.readline()
        times.append(time.perf_counter() - start)
        assert line.startswith("Guess the"), line
        process.kill()
        process.communicate()
    return times


def hint_times(k: int, options: dict, seed: int) -> list[float]:
    """Return the seconds of each turn's hint in a game played by the hints' suggestions."""
    game = practice(k, seed=seed, **options)
    times = []
    while not game.done and len(times) < 8:
        start = time.perf_counter()
        hint = game.hint()
        times.append(time.perf_counter() - start)
        game.guess(hint.suggestion or game.secrets()[0])
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    prompts = first_prompt(args.runs)
    print(f"first prompt: median {statistics.median(prompts):.2f} s, max {max(prompts):.2f} s")
    print(f"{'game':<20} {'turn 1':>7} {'later median':>13} {'later max':>10}  (s a hint)")
    for name, k, options in GAMES:
        practice(k, seed=0, **options).hint()  # (the lists read once, as a player's game has)
        runs = [hint_times(k, options, seed) for seed in range(args.seeds)]
        first = statistics.median(r[0] for r in runs)
        later = [t for r in runs for t in r[1:]] or [0.0]
        print(f"{name:<20} {first:>7.3f} {statistics.median(later):>13.3f} {max(later):>10.3f}")


if __name__ == "__main__":
    main()
