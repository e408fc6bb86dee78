"""Hints and hard-mode turns, two checkouts side by side: the seconds of a practice hint after
the first turn (its whole: the solver's suggestion, the likeliest words, the last guess's
review) in every game the host plays, the first hint of a process (the coach's first guess
worked out, where it is not stored), and the turns of `play --hard` after the opener at 4
to 11 letters (as benchmarks/turns.py --hard times them). Goals (issue 47): 0.3 s at the
median and 1 s at the worst after the first turn.

Each game is timed in a fresh process of each checkout (PYTHONPATH=CHECKOUT), before and
after taking turns (the order swapped from one game to the next), so that a machine shared
with other work loads both alike; the ratios after / before are the figures to read.
The player plays the coach's suggestion, and every other turn the likeliest word instead.
Figures in docs/benchmarks.md#hints.
Run: python benchmarks/hints.py [--before CHECKOUT] [--after CHECKOUT] [--seeds N]
         [--games NAME,NAME] [--no-turns] [--turn-games N]
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

GAMES: dict[str, tuple[int, dict[str, object]]] = {
    "wordle 5": (5, {}),
    "wordle 11": (11, {}),
    "wordle 5 hard": (5, {"hard": True}),
    "wordle 5, 4 boards": (5, {"boards": 4}),
    "wordle 5, es": (5, {"lang": "es"}),
    "wordle 5, ru": (5, {"lang": "ru"}),
    "absurdle": (5, {"absurdle": True}),
    **{name: (5, {"variant": name}) for name in ("fibble", "xordle", "hardle", "woodle")},
    **{name: (5, {"variant": name}) for name in ("warmle", "peaks", "antiwordle")},
    "nerdle 8": (8, {"variant": "nerdle"}),
    "antiwordle 11": (11, {"variant": "antiwordle"}),
}
TURN_LENGTHS = range(4, 12)
MAX_HINTS = 8  # a game's hints timed at most


def hint_game(k: int, options: dict[str, object], seed: int) -> list[float]:
    """Return the seconds of each turn's hint in a game of seed (the player plays the
    suggestion, and on every other turn the likeliest word, when the game takes it)."""
    from lenwordle.api.practice import Refused, practice

    game = practice(k, seed=seed, **options)
    times = []
    while not game.done and len(times) < MAX_HINTS:
        start = time.perf_counter()
        hint = game.hint()
        times.append(time.perf_counter() - start)
        words = [c.word for c in hint.likeliest[:1]] if len(times) % 2 == 0 else []
        for word in [*words, hint.suggestion]:
            try:
                game.guess(word or "")
                break
            except Refused:
                continue
        else:
            break
    return times


def child_hints(name: str, seeds: int) -> dict[str, list[float]]:
    """Return a game's first hint in a fresh process (the lists read before), and the
    first and later hints of `seeds` games."""
    from lenwordle.api.practice import practice

    k, options = GAMES[name]
    game = practice(k, seed=0, **options)  # (the lists read once, as a player's game has)
    start = time.perf_counter()
    game.hint()
    cold = time.perf_counter() - start
    runs = [hint_game(k, options, seed) for seed in range(1, seeds + 1)]
    later = [t for r in runs for t in r[1:]]
    return {"cold": [cold], "first": [r[0] for r in runs], "later": later}


def child_turns(k: int, games: int) -> dict[str, list[float]]:
    """Return the seconds of every hard-mode decision after the opener over `games` games
    (benchmarks/turns.py --hard's)."""
    sys.path.insert(0, str(Path(__file__).parent))
    from turns import turn_times

    return {"later": turn_times(k, games, hard=True)}


def timed_in(checkout: str, args: list[str]) -> dict[str, list[float]]:
    """Return the figures a child run of this script prints, run on checkout's code."""
    env = dict(os.environ, PYTHONPATH=checkout)
    command = [sys.executable, __file__, "--child", *args]
    done = subprocess.run(command, env=env, capture_output=True, text=True, cwd=checkout)
    if done.returncode:
        raise SystemExit(f"{checkout} {' '.join(args)}: {done.stderr.strip().splitlines()[-1]}")
    figures: dict[str, list[float]] = json.loads(done.stdout.splitlines()[-1])
    return figures


def line(name: str, sides: list[dict[str, list[float]]]) -> str:
    """Return a table row: each side's median and worst later time, and after / before."""
    cells, medians, worsts = [], [], []
    for figures in sides:
        later = figures["later"] or [0.0]
        medians.append(statistics.median(later))
        worsts.append(max(later))
        cold = f"{figures['cold'][0]:6.2f}" if "cold" in figures else f"{'':6}"
        cells.append(f"{cold} {medians[-1]:7.3f} {worsts[-1]:7.3f}")
    if len(sides) == 2:
        ratio = [a / b if b else float("nan") for a, b in ((medians[1], medians[0]),)]
        ratio.append(worsts[1] / worsts[0] if worsts[0] else float("nan"))
        cells.append(f"{ratio[0]:6.2f}x {ratio[1]:6.2f}x")
    return f"{name:<20} " + "  |".join(cells)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", help="the checkout to compare with (its folder)")
    parser.add_argument("--after", default=str(Path(__file__).resolve().parent.parent))
    parser.add_argument("--seeds", type=int, default=5, help="games a game (hints)")
    parser.add_argument("--games", help="the games to time, by name, comma-separated")
    parser.add_argument("--no-turns", action="store_true", help="no hard-mode turns of play")
    parser.add_argument("--turn-games", type=int, default=10, help="games a length (turns)")
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        kind, what = args.child
        figures = child_turns(int(what), args.turn_games) if kind == "turns" else None
        print(json.dumps(figures or child_hints(what, args.seeds)))
        return
    checkouts = [c for c in (args.before, args.after) if c]
    names = args.games.split(",") if args.games else list(GAMES)
    head = "first  median   worst"
    print(f"{'':<20} " + "  |".join(f"{Path(c).name:>21}" for c in checkouts))
    print(f"{'game (s a hint)':<20} " + "  |".join([head] * len(checkouts)), end="")
    print("  | after/before median, worst" if len(checkouts) == 2 else "")
    jobs = [(n, ["hints", n, "--seeds", str(args.seeds)]) for n in names]
    if not args.no_turns:
        turns = ["--turn-games", str(args.turn_games)]
        jobs += [(f"play --hard, {k}", ["turns", str(k), *turns]) for k in TURN_LENGTHS]
    for number, (name, child) in enumerate(jobs):
        order = checkouts if number % 2 == 0 else checkouts[::-1]
        got = {c: timed_in(c, child) for c in order}
        print(line(name, [got[c] for c in checkouts]), flush=True)


if __name__ == "__main__":
    main()
