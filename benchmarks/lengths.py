"""Mean, max and failures per length 4 to 11: default dictionary and prior, 150 common targets.

The targets are drawn with a fixed seed from the words at SCOWL levels <= 35 of each length
(the solver is not told them; it knows the whole default dictionary, weighted by the prior).
Run: python benchmarks/lengths.py [STRATEGY ...] [--targets N] [--seed S]
(default: expected-guesses expected-size frequency, 150 targets, seed 7)
"""

import sys

from turns import common_sample

from lenwordle.api.setup import Settings
from lenwordle.engine.boards import Boards
from lenwordle.engine.position import Target
from lenwordle.games import bench
from lenwordle.store import starters


def option(name: str, default: int) -> int:
    """Return the integer after --name on the command line, or default."""
    args = sys.argv[1:]
    return int(args[args.index(name) + 1]) if name in args else default


def main() -> None:
    count, seed = option("--targets", 150), option("--seed", 7)
    values = {str(count), str(seed)}
    strategies = [a for a in sys.argv[1:] if not a.startswith("--") and a not in values]
    strategies = strategies or ["expected-guesses", "expected-size", "frequency"]
    print(
        f"{'strategy':<17} "
        + " ".join(f"{k:>14}" for k in range(4, 12))
        + "   (mean max failures)"
    )
    for strategy in strategies:
        cells, seconds = [], 0.0
        for k in range(4, 12):
            settings = Settings(k, strategy=strategy)
            state, solver = settings.state(), settings.solver()
            try:
                solver = settings.solver(
                    {k: starters.opener(starters.default_dir(), state, solver)}
                )
            except starters.StarterError:
                pass
            sample = [Target((word,)) for word in common_sample(k, count, seed)]
            result = bench.run(solver, Boards.new(state), sample)
            seconds += result.seconds
            cells.append(f"{result.mean:.2f} {result.max} {len(result.failed)}")
        print(f"{strategy:<17} " + " ".join(f"{c:>14}" for c in cells) + f"   {seconds:.0f} s")


if __name__ == "__main__":
    main()
