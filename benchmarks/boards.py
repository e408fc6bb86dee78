"""Several boards at once on the standard lists: the joint choice against solving the boards
one after another, side by side in one run.

Uses ../shared/bench/nyt/guesses.txt (12 972 allowed) and answers.txt (2 315 answers, given
to the solver: uniform). Each game draws distinct answers with a fixed seed; both strategies
play the same games. Quordle 1000 games, Octordle 300, Sedecordle 100, Duotrigordle 30 (or
fewer: python benchmarks/boards.py --quick). Then one Duotrigordle game from scratch (no
decision cache, the opener computed), timed alone.
Run: python benchmarks/boards.py [--quick]
"""

import sys
import time
from pathlib import Path

from lenwordle.api.setup import Settings
from lenwordle.engine.boards import Boards
from lenwordle.engine.rules import Rules
from lenwordle.engine.workers import default_workers
from lenwordle.games import bench
from lenwordle.games.play import solve_game

NYT = Path(__file__).resolve().parent.parent.parent / "shared" / "bench" / "nyt"
VARIANTS = [("Quordle", 4, 1000), ("Octordle", 8, 300), ("Sedecordle", 16, 100),
            ("Duotrigordle", 32, 30)]  # fmt: skip
SEED = 2026


def figures(strategy: str, boards: int, games: int) -> dict:
    """Return the bench figures of strategy on `games` games of `boards` boards."""
    settings = Settings(5, NYT / "guesses.txt", NYT / "answers.txt", strategy=strategy)
    state = settings.state()
    targets = bench.draw(sorted(state.answers.strings), boards, games, SEED)
    position = Boards.new(state, Rules(5, boards=boards))
    began = time.perf_counter()
    result = bench.run(settings.solver(), position, targets, workers=default_workers())
    out = result.as_dict()
    out["seconds"] = time.perf_counter() - began
    return out


def one_game(boards: int) -> tuple[float, int]:
    """Return the seconds and guesses of one game of `boards` boards from scratch."""
    settings = Settings(5, NYT / "guesses.txt", NYT / "answers.txt", boards=boards)
    began = time.perf_counter()
    state = settings.state()
    answers = bench.draw(sorted(state.answers.strings), boards, 1, SEED + 1)[0]
    game = solve_game(settings.solver(), Boards.new(state), answers)
    return time.perf_counter() - began, len(game.turns)


def main() -> None:
    quick = "--quick" in sys.argv
    print(f"{default_workers()} workers, seed {SEED}")
    print(
        f"{'variant':<13} {'games':>5} {'limit':>5} | {'joint: mean':>11} {'max':>4} {'fail':>4} "
        f"{'s':>6} {'slowest':>7} | {'one by one: mean':>16} {'max':>4} {'fail':>4} {'s':>6} "
        f"| {'difference':>10}"
    )
    for name, boards, games in VARIANTS:
        games = max(3, games // 10) if quick else games
        joint, plain = (
            figures("expected-guesses", boards, games),
            figures("one-by-one", boards, games),
        )
        print(
            f"{name:<13} {games:>5} {boards + 5:>5} | {joint['mean']:>11.4f} {joint['max']:>4} "
            f"{joint['failures']:>4} {joint['seconds']:>6.1f} "
            f"{joint['slowest_game_seconds']:>7.2f} | {plain['mean']:>16.4f} {plain['max']:>4} "
            f"{plain['failures']:>4} "
            f"{plain['seconds']:>6.1f} | {joint['mean'] - plain['mean']:>+10.4f}",
            flush=True,
        )
    seconds, guesses = one_game(32)
    print(f"one Duotrigordle game from scratch: {guesses} guesses in {seconds:.1f} s")


if __name__ == "__main__":
    main()
