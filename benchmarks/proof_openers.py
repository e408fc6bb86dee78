"""What a proof spends on its first guesses (`lenwordle prove`'s search, search.proof): the
CPU seconds to prove each of a fixed sample of first guesses against a cutoff on the standard
lists, one search and memo for them in turn as a worker proves its group, and what is proven
of each; with --other DIR, the same in the lenwordle checkout at DIR side by side (a
subprocess each, one after the other), as ratios, and whether both proved the same.

The sample: the first guesses of ranks --from to --to by the estimate (the costly ones come
first in a proof) and --random more drawn by hash over the rest (a proof's long tail).
Run: python benchmarks/proof_openers.py [--hard] [--cutoff 8024] [--from 1500] [--to 1510]
         [--random 20] [--other DIR]
"""

import argparse
import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

NYT = Path(__file__).resolve().parent.parent.parent / "shared" / "bench" / "nyt"


def sample(args: argparse.Namespace) -> list[tuple[str, int, bool, float]]:
    """Return (word, total, exact, CPU seconds) of each first guess of the sample."""
    from lenwordle.api.proofs import options, problem_of
    from lenwordle.search import proof

    chosen = options(
        5, "en", words=NYT / "guesses.txt", answers=NYT / "answers.txt", hard=args.hard
    )
    problem = problem_of(chosen.opening().state)
    ranked = proof.ranked(problem)
    rest = sorted(ranked[args.to :], key=lambda w: hashlib.sha256(w.encode()).hexdigest())
    words = ranked[args.start : args.to] + rest[: args.random]
    search = proof.proof_search(problem)
    found = []
    for word in words:
        started = time.thread_time()
        total, exact = proof.opener_total(search, word, args.cutoff + 1)
        found.append(
            (word, total if exact else args.cutoff + 1, exact, time.thread_time() - started)
        )
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hard", action="store_true")
    parser.add_argument(
        "--cutoff",
        type=int,
        default=None,
        help="default: the cutoff of proofs/nyt-proof-normal.txt (8024) or -hard.txt (8241)",
    )
    parser.add_argument("--from", dest="start", type=int, default=1500)
    parser.add_argument("--to", type=int, default=1510)
    parser.add_argument("--random", type=int, default=20)
    parser.add_argument("--other", type=Path, help="another lenwordle checkout, side by side")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.cutoff is None:
        args.cutoff = 8241 if args.hard else 8024
    if args.json:
        print(json.dumps(sample(args)))
        return
    runs = {}
    for name, where in (("other", args.other), ("here", Path(__file__).resolve().parent.parent)):
        if where is None:
            continue
        command = [sys.executable, __file__, "--json", *sys.argv[1:]]
        env = {**os.environ, "PYTHONPATH": str(where.resolve())}
        out = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
        runs[name] = json.loads(out.stdout)
    here = runs["here"]
    other = runs.get("other")
    mode = "hard" if args.hard else "normal"
    print(f"{len(here)} first guesses, {mode} mode, cutoff {args.cutoff}; CPU seconds")
    print(
        f"{'word':<6} {'proven':>7} {'here':>7}"
        + (f" {'other':>7} {'ratio':>6} same" if other else "")
    )
    for i, (word, total, exact, cpu) in enumerate(here):
        said = f"{'' if exact else '>='}{total}"
        line = f"{word:<6} {said:>7} {cpu:7.2f}"
        if other:
            same = other[i][:3] == [word, total, exact]
            line += f" {other[i][3]:7.2f} {other[i][3] / cpu:5.2f}x {'yes' if same else 'NO'}"
        print(line)
    total_here = sum(row[3] for row in here)
    line = f"{'all':<6} {'':>7} {total_here:7.1f}"
    if other:
        total_other = sum(row[3] for row in other)
        line += f" {total_other:7.1f} {total_other / total_here:5.2f}x"
    print(line)


if __name__ == "__main__":
    main()
