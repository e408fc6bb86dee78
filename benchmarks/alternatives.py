"""The time `Game.alternatives` takes (docs/web.md): the suggestion and the next best
guesses with their figures, asked at every turn of whole games, as the page asks for them.

At 5 and 11 letters (English, the bundled lists and stored openers), GAMES games each
against answers drawn (seeded) from the 2 000 likeliest, played with the suggestion to the
end; every turn `alternatives(n)` is timed in this process (the first game's first turn
included: nothing is cached). Prints the median and the slowest, the turns timed, and for
contrast a turn of a variant and of several boards (which give none: []).

Run: python benchmarks/alternatives.py [--games 20] [--n 4]
"""

import argparse
import random
import statistics
import time

from lenwordle import Game
from lenwordle.engine.feedback import reply_for


def timed_games(k: int, games: int, n: int) -> list[float]:
    """Return the seconds alternatives(n) took at each turn of `games` games of k letters."""
    pool = [c.word.lower() for c in Game(k).possible(0, 2000)]
    answers = random.Random(k).sample(pool, games)
    times = []
    for answer in answers:
        game = Game(k)
        while not game.done and game.suggestion:
            began = time.perf_counter()
            found = game.alternatives(n)
            times.append(time.perf_counter() - began)
            assert found and found[0].word == game.suggestion
            game.tell(reply_for(game.suggestion.lower(), answer))
    return times


def once(game: Game, n: int) -> str:
    """Return how long one call took and how many it gave."""
    began = time.perf_counter()
    found = game.alternatives(n)
    return f"{1000 * (time.perf_counter() - began):.1f} ms, {len(found)} given"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--n", type=int, default=4)
    args = parser.parse_args()
    print(f"alternatives(n={args.n}), {args.games} games a length, every turn:")
    for k in (5, 11):
        times = [1000 * t for t in timed_games(k, args.games, args.n)]
        print(
            f"  {k:2d} letters: median {statistics.median(times):.1f} ms, "
            f"max {max(times):.1f} ms, {len(times)} turns"
        )
    print("  Fibble, 5 letters:", once(Game(5, variant="fibble"), args.n))
    print("  4 boards, 5 letters:", once(Game(5, boards=4), args.n))


if __name__ == "__main__":
    main()
