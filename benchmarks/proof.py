"""The proof over every first guess (`lenwordle prove`) on 1, 2 and 4 workers, forked or on a
local Dask cluster (4 workers on this 2-core machine: simulated, they share 2 cores), side by
side: wall seconds, CPU seconds (the results file's), the speed-up over one worker, and
whether every run wrote the same results (it must: a proof does not depend on its workers).
The problem: a slice of the standard lists, every --answers-every-th answer and the answers
plus every --guesses-every-th guess (the whole lists: --answers-every 1 --guesses-every 1).
Run: python benchmarks/proof.py [--lists DIR] [--answers-every 4] [--guesses-every 8]
         [--top 10] [--hard] [--ways fork1,fork2,dask1,dask2,dask4]
"""

import argparse
import re
import tempfile
import time
from pathlib import Path

from lenwordle.api.proofs import prove

NYT = Path(__file__).resolve().parent.parent.parent / "shared" / "bench" / "nyt"


def results(path: Path) -> str:
    """Return a results file without the lines that say how it was made."""
    return re.sub(r"# (run|cpu-seconds) .*\n", "", path.read_text())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lists", type=Path, default=NYT, help="holds answers.txt, guesses.txt")
    parser.add_argument("--answers-every", type=int, default=4)
    parser.add_argument("--guesses-every", type=int, default=8)
    parser.add_argument("--top", type=int, default=10)
    parser.add_argument("--hard", action="store_true")
    parser.add_argument("--ways", default="fork1,fork2,dask1,dask2,dask4")
    args = parser.parse_args()
    answers = (args.lists / "answers.txt").read_text().split()[:: args.answers_every]
    guesses = (args.lists / "guesses.txt").read_text().split()[:: args.guesses_every]
    folder = Path(tempfile.mkdtemp(prefix="proof-bench-"))
    (folder / "answers.txt").write_text("\n".join(answers) + "\n")
    (folder / "words.txt").write_text("\n".join(sorted(set(answers) | set(guesses))) + "\n")
    lists = {"words": folder / "words.txt", "answers": folder / "answers.txt"}
    print(
        f"{len(answers)} answers, {len(set(answers) | set(guesses))} first guesses, "
        f"top {args.top}, {'hard' if args.hard else 'normal'} mode"
    )
    print(f"{'way':<8} {'wall s':>8} {'CPU s':>8} {'speed-up':>9} {'same file':>10}  best")
    first_wall, first_text = None, None
    for way in args.ways.split(","):
        kind, workers = way[:-1], int(way[-1])
        out = folder / f"{way}.txt"
        started = time.monotonic()
        if kind == "dask":
            from dask.distributed import LocalCluster

            with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True) as cluster:
                made = prove(
                    results=out,
                    top=args.top,
                    hard=args.hard,
                    scheduler=cluster.scheduler_address,
                    **lists,
                )
        else:
            made = prove(results=out, top=args.top, hard=args.hard, workers=workers, **lists)
        wall = time.monotonic() - started
        first_wall = first_wall or wall
        first_text = first_text or results(out)
        same = "yes" if results(out) == first_text else "NO"
        best = f"{made.best[0].upper()} {made.best[1]}" if made.best else "-"
        print(
            f"{way:<8} {wall:>8.1f} {made.core_hours * 3600:>8.1f} {first_wall / wall:>8.2f}x "
            f"{same:>10}  {best}",
            flush=True,
        )


if __name__ == "__main__":
    main()
