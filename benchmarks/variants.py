"""Each variant on the standard lists (Nerdle on its generated equations): mean, max,
failures, time, and the time a turn takes.

The solver knows the standard answers as its answers (--answers) and the standard guesses
as its words; it is not told the target. Xordle pairs each answer with the next in the
list that shares no letter; Hardle swaps the colours in every other game; Fibble's lies are
drawn by a generator seeded from the target. Antiwordle's figure is the guesses survived.
Run: python benchmarks/variants.py [VARIANT ...] [--limit N] [--workers W] [--strategy S]
(default: every variant, every answer, 1 worker, expected-guesses)
With --first: the seconds of `play`'s first turn for each variant with the bundled English
dictionary and its prior (24 320 words; Xordle's pairs of its 3 000 likeliest), the best of 3.
"""

import statistics
import sys
import time
from pathlib import Path

from lenwordle.api.setup import Settings, variant_game
from lenwordle.engine.variants import VARIANTS
from lenwordle.engine.variants.state import targets_for
from lenwordle.games.bench import run as bench
from lenwordle.strategies import shown
from lenwordle.strategies.registry import make_shown

SHARED = Path(__file__).resolve().parents[2] / "shared" / "bench" / "nyt"
NERDLE_SIZES = (5, 6, 8)  # micro, mini, classic (maxi's 2.2 million answers: too slow here)


def option(name: str, default: str) -> str:
    """Return the value after --name on the command line, or default."""
    args = sys.argv[1:]
    return args[args.index(name) + 1] if name in args else default


class Timed:
    """A variant's strategy whose choices are timed (each worker times its own turns)."""

    def __init__(self, strategy: str, turns: list[float]):
        self.strategy, self.turns = make_shown(strategy), turns

    def choose_boards(self, game) -> str:
        began = time.perf_counter()
        word = self.strategy.choose_boards(game)
        self.turns.append(time.perf_counter() - began)
        return word


def run(name: str, k: int, limit: int | None, workers: int, strategy: str) -> None:
    """Print one variant's figures at one length."""
    lists = (
        {}
        if name == "nerdle"
        else {"answers": SHARED / "answers.txt", "words": SHARED / "guesses.txt"}
    )
    settings = Settings(k, variant=name, strategy=strategy, **lists)
    began = time.perf_counter()
    game = variant_game(settings)
    words = game.lists.answers.order or game.lists.answers.strings
    plays = targets_for(game.variant, list(words)[:limit], list(words))
    turns: list[float] = []
    result = bench(Timed(strategy, turns), game, plays, workers=workers)
    seconds = time.perf_counter() - began
    scores = list(result.guesses.values())
    if game.variant.avoid:
        figures = (
            f"survived mean {statistics.mean(scores):.4f} min {min(scores)} max {max(scores)}"
        )
    else:
        figures = f"mean {result.mean:.4f} max {result.max} failures {len(result.failed)}"
    turn = f"turn median {statistics.median(turns):.3f} s max {max(turns):.3f} s" if turns else ""
    print(
        f"{name:<11} k={k:<2} games {len(plays):>5}  {figures}  {seconds:.0f} s  {turn}",
        flush=True,
    )


def first_turns(names: list[str]) -> None:
    """Print the seconds of each variant's first choice on the bundled dictionary."""
    for name in names:
        k = 8 if name == "nerdle" else 5
        game = variant_game(Settings(k, variant=name))
        seconds = []
        for _ in range(3):
            began = time.perf_counter()
            word = shown.choose(game)
            seconds.append(time.perf_counter() - began)
        print(
            f"{name:<11} k={k:<2} worlds {len(game.worlds):>9}  "
            f"first turn {min(seconds):.3f} s  ({word})",
            flush=True,
        )


def main() -> None:
    names = [a for a in sys.argv[1:] if a in VARIANTS] or [v for v in VARIANTS if v != "wordle"]
    if "--first" in sys.argv:
        first_turns(names)
        return
    limit = int(option("--limit", "0")) or None
    workers, strategy = int(option("--workers", "1")), option("--strategy", "expected-guesses")
    for name in names:
        for k in NERDLE_SIZES if name == "nerdle" else (5,):
            run(name, k, limit, workers, strategy)


if __name__ == "__main__":
    main()
