"""The shortest plan against the Absurdle host on the standard Wordle lists.

Prints each guess with the host's reply and the words it keeps, the plan's length, the
seconds `plan` took, and this process's peak resident memory (VmHWM of /proc/self/status).
Run: python benchmarks/absurdle.py [--width 20] [--hard] [--lists ../shared/bench/nyt]
"""

import argparse
import re
import time
from pathlib import Path

from lenwordle.engine.boards import Boards
from lenwordle.engine.state import GameState
from lenwordle.games.referees import LargestGroupHost
from lenwordle.search.adversary import PLAN_WIDTH, plan
from lenwordle.words.wordlist import read_words

NYT = Path(__file__).resolve().parent.parent.parent / "shared" / "bench" / "nyt"


def memory_mb(field: str) -> float:
    """Return a memory figure of this process (VmHWM: peak, VmRSS: now) in MB."""
    status = Path("/proc/self/status").read_text()
    return int(re.search(rf"{field}:\s+(\d+)", status)[1]) / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--width", type=int, default=PLAN_WIDTH)
    parser.add_argument("--hard", action="store_true")
    parser.add_argument("--lists", type=Path, default=NYT, help="holds answers.txt, guesses.txt")
    args = parser.parse_args()
    answers = read_words(args.lists / "answers.txt", 5)
    allowed = read_words(args.lists / "guesses.txt", 5)
    state = GameState.new(allowed, answers, uniform=True, hard=args.hard)
    loaded = memory_mb("VmRSS")
    began = time.perf_counter()
    guesses = plan(state, width=args.width)
    seconds = time.perf_counter() - began
    host = LargestGroupHost(state)
    print(f"{len(answers)} answers, {len(allowed)} guesses, width {args.width}", end="")
    print(", hard mode" if args.hard else "")
    for guess in guesses:
        (reply,) = host.replies(Boards.new(state), guess)
        left = host.remaining
        print(f"  {guess}  {reply}  {len(left)} left" + (f": {', '.join(left)}" * (len(left) < 9)))
    print(f"won in {len(guesses)} guesses; plan took {seconds:.1f} s")
    print(f"memory: {loaded:.0f} MB after loading the lists, peak {memory_mb('VmHWM'):.0f} MB")


if __name__ == "__main__":
    main()
