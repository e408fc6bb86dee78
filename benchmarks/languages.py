"""Figures per language: 150 common words of 5 and 7 letters as targets the solver is not told.

Targets: for each language and length, the common words (Zipf >= 2.5, the band the prior
reads as SCOWL level 35, as benchmarks/lengths.py draws English words of levels <= 35) of
its bundled list, drawn by the lowest hash with a fixed seed (turns.common_sample's rule).
The solver knows the whole list, weighted by the prior, with its stored opener. Printed:
mean, max, failures (more than 6 guesses), the targets among the possible answers, the
first guess's seconds (from the starter file, the word list read), the worst turn's seconds
and, with --memory, `play`'s peak resident memory answering one turn.
Run: python benchmarks/languages.py [CODE ...] [--lengths 5,7] [--targets N] [--memory]
"""

import hashlib
import sys
import time

from turns import peak_mb

from lenwordle.api.setup import Settings
from lenwordle.engine.position import Target
from lenwordle.games import bench
from lenwordle.words.languages import LANGUAGES
from lenwordle.words.wordlist import OUTSIDE

COMMON_ZIPF = 2.5


def option(name: str, default: str) -> str:
    """Return the value after --name on the command line, or default."""
    args = sys.argv[1:]
    return args[args.index(name) + 1] if name in args else default


def common_targets(settings: Settings, n: int, seed: int = 7) -> list[str]:
    """Return n common words of the language and length, drawn by hash with a fixed seed:
    none OUTSIDE the dictionaries (those are measured by daily.py --field), so the targets
    are the same as before they were written."""
    words = settings.allowed()
    inside = words.mark_array() & OUTSIDE == 0
    common = [
        w
        for w, z, keep in zip(words.strings, words.zipf_array(), inside)
        if z >= COMMON_ZIPF and keep
    ]

    def draw(word: str) -> bytes:
        return hashlib.sha256(f"{seed}:{word}".encode()).digest()

    return sorted(common, key=draw)[:n]


class Timed:
    """A strategy whose choices are timed: the slowest one is kept."""

    def __init__(self, strategy):
        self.strategy, self.worst = strategy, 0.0  # (its traits: __getattr__)

    def choose_boards(self, boards):
        began = time.perf_counter()
        word = self.strategy.choose_boards(boards)
        self.worst = max(self.worst, time.perf_counter() - began)
        return word

    def __getattr__(self, name):
        return getattr(self.strategy, name)


def row(code: str, k: int, n: int, memory: bool) -> str:
    """Return one language and length's figures as a table row."""
    settings = Settings(k, lang=code)
    began = time.perf_counter()
    opened = settings.open()
    first = opened.solver.choose(opened.state)
    first_seconds = time.perf_counter() - began
    targets = common_targets(settings, n)
    covered = sum(t in opened.state.answers for t in targets)
    timed = Timed(opened.solver)
    games = [Target((word,)) for word in targets]
    result = bench.run(timed, opened.position, games, everything=settings.allowed())
    mb = f"{peak_mb(['play', '--lang', code, '-k', str(k)]):.0f}" if memory else "-"
    return (
        f"| {code} | {k} | {len(targets)} | {result.mean:.3f} | {result.max} | "
        f"{len(result.failed)} | {covered}/{len(targets)} | {first.upper()} | "
        f"{first_seconds:.2f} | {timed.worst:.2f} | {mb} |"
    )


def main() -> None:
    codes = [a for a in sys.argv[1:] if a in LANGUAGES] or [c for c in LANGUAGES if c != "en"]
    lengths = [int(k) for k in option("--lengths", "5,7").split(",")]
    n, memory = int(option("--targets", "150")), "--memory" in sys.argv
    print(
        "| lang | k | targets | mean | max | failures | among answers | opener | "
        "first s | worst turn s | play MB |"
    )
    print("| --- " * 11 + "|")
    for code in codes:
        for k in lengths:
            print(row(code, k, n, memory), flush=True)


if __name__ == "__main__":
    main()
