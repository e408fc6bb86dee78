"""This checkout against another, side by side in one run: the standard bench's seconds.

Each round times `bench` on the standard lists (expected-guesses, normal and hard mode,
2 workers, opener included) with this code and with the other checkout's, alternately, in
fresh processes, so both meet the same drift of the machine. Prints each time and the ratio.
Run: python benchmarks/versus.py OTHER_CHECKOUT [--rounds N]
(e.g. `git worktree add /tmp/old <commit>` first)
"""

import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
NYT = HERE.parent / "shared" / "bench" / "nyt"
JOB = """
import json, sys, time
from lenwordle.games import bench
from lenwordle.api.setup import Settings
nyt, hard = sys.argv[1], sys.argv[2] == "hard"
began = time.perf_counter()
settings = Settings(5, nyt + "/guesses.txt", nyt + "/answers.txt", hard=hard)
state, solver = settings.state(), settings.solver()
words = open(nyt + "/answers.txt").read().split()
try:  # (a checkout where every game opens as a position, each target a Target)
    from lenwordle.engine.boards import Boards
    from lenwordle.engine.position import Target
    position, targets = Boards.new(state), [Target((word,)) for word in words]
except ImportError:  # (one before: a state, and words)
    position, targets = state, words
result = bench.run(solver, position, targets, workers=2)
print(json.dumps({"mean": result.mean, "max": result.max,
                  "seconds": time.perf_counter() - began}))
"""


def timed(checkout: Path, mode: str) -> dict:
    """Return the figures of one bench run with the lenwordle package of checkout."""
    env = dict(os.environ, PYTHONPATH=str(checkout))
    out = subprocess.run(
        [sys.executable, "-c", JOB, str(NYT), mode],
        env=env,
        check=True,
        capture_output=True,
        text=True,
        cwd=checkout,
    ).stdout
    return json.loads(out.splitlines()[-1])


def main() -> None:
    other = Path(sys.argv[1]).resolve()
    rounds = int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else 3
    print(f"this: {HERE}\nother: {other}")
    print("mode    round  this: mean  max  seconds   other: mean  max  seconds   this/other")
    for mode in ("normal", "hard"):
        for r in range(rounds):
            a, b = timed(HERE, mode), timed(other, mode)
            print(
                f"{mode:<7} {r + 1:5d}  {a['mean']:10.4f} {a['max']:4d} {a['seconds']:8.1f}"
                f"   {b['mean']:11.4f} {b['max']:4d} {b['seconds']:8.1f}"
                f"   {a['seconds'] / b['seconds']:9.2f}x",
                flush=True,
            )


if __name__ == "__main__":
    main()
