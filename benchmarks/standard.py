"""The standard Wordle lists: every strategy, normal and hard mode, side by side in one run.

Uses ../shared/bench/nyt/guesses.txt (12 972 allowed) and answers.txt (2 315 answers, all
played). The opener of each row is computed in the run and its seconds are included.
Run: python benchmarks/standard.py [STRATEGY ...] [--shortlist-compare]
"""

import sys
import time
from pathlib import Path

from lenwordle.api.setup import Settings
from lenwordle.engine.boards import Boards
from lenwordle.engine.position import Target
from lenwordle.engine.workers import default_workers
from lenwordle.games import bench
from lenwordle.strategies.registry import STRATEGIES

WORKERS = default_workers()
NYT = Path(__file__).resolve().parent.parent.parent / "shared" / "bench" / "nyt"


def play_all(
    strategy: str, hard: bool = False, shortlist: float = 3.0, workers: int = WORKERS
) -> dict:
    """Return the bench figures (opener included in seconds) on the standard lists."""
    settings = Settings(
        5,
        NYT / "guesses.txt",
        NYT / "answers.txt",
        strategy=strategy,
        hard=hard,
        shortlist=shortlist,
    )
    began = time.perf_counter()
    state, solver = settings.state(), settings.solver()
    targets = [Target((word,)) for word in (NYT / "answers.txt").read_text().split()]
    result = bench.run(solver, Boards.new(state), targets, workers=workers)
    figures = result.as_dict()
    figures["seconds"] = time.perf_counter() - began
    figures["opener"] = solver.choose(state)
    return figures


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if "--shortlist-compare" in sys.argv:
        print("strategy          shortlist   mean    max  seconds")
        for strategy in args or ["expected-guesses", "entropy"]:
            for shortlist in (3.0, 100.0):
                f = play_all(strategy, shortlist=shortlist)
                print(
                    f"{strategy:<17} {shortlist:8g}%  {f['mean']:.4f}  {f['max']:3d}  "
                    f"{f['seconds']:7.1f}"
                )
        return
    print(
        "strategy          opener  mean    max  failures  seconds  "
        "| hard: mean   max  failures  seconds"
    )
    for strategy in args or STRATEGIES:
        f, h = play_all(strategy), play_all(strategy, hard=True)
        print(
            f"{strategy:<17} {f['opener']:<6}  {f['mean']:.4f}  {f['max']:3d}  "
            f"{f['failures']:8d}  "
            f"{f['seconds']:7.1f}  |       {h['mean']:.4f}  {h['max']:3d}  {h['failures']:8d}  "
            f"{h['seconds']:7.1f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
