"""Real games: the standard answers as secret words the solver is not told.

1. Coverage of ../shared/bench/nyt/answers.txt by the bundled 5-letter words at each setting
   (SCOWL level limits, then the words added from wordfreq, by their Zipf threshold), and how
   many of each setting's words the NYT game accepts (guesses.txt).
2. `bench`: default dictionary and prior, every answer of answers.txt as a target, and a game
   that refuses any guess not in guesses.txt (`--accepted`): unsolvable, failures (more than
   six guesses, or unsolvable), mean, max, refusals per game, seconds.
Run: python benchmarks/real.py [--guesses common|all] [--limit N]
"""

import sys
import time
from pathlib import Path

import numpy as np

from lenwordle.api.setup import Settings
from lenwordle.engine.boards import Boards
from lenwordle.engine.position import Target
from lenwordle.engine.workers import default_workers
from lenwordle.games import bench
from lenwordle.store import starters
from lenwordle.words.wordlist import NAME, NOT_IN_SCOWL, bundled

NYT = Path(__file__).resolve().parent.parent.parent / "shared" / "bench" / "nyt"


def coverage() -> None:
    """Print the answers covered and the words accepted at each dictionary setting."""
    answers = (NYT / "answers.txt").read_text().split()
    accepted = set((NYT / "guesses.txt").read_text().split())
    words = bundled(5)
    strings = np.asarray(words.strings, dtype=object)
    levels, zipf = words.level_array(), words.zipf_array()
    named = words.mark_array() & NAME != 0  # names: possible answers, never suggested
    print("setting                           words  answers covered  missing  accepted by NYT")
    settings = [
        (f"SCOWL levels <= {lv}", (levels <= lv) & ~named) for lv in (35, 50, 60, 70, 80, 95)
    ]
    settings += [
        (f"all SCOWL + wordfreq Zipf >= {z:g}", ((levels < NOT_IN_SCOWL) | (zipf >= z)) & ~named)
        for z in (3.0, 2.5, 2.0, 1.75)
    ]
    settings.append(("the bundled lists, names too", np.ones(len(words), bool)))
    for label, mask in settings:
        chosen = set(strings[mask].tolist())
        covered = sum(a in chosen for a in answers)
        missing = [a for a in answers if a not in chosen]
        print(
            f"{label:<32} {len(chosen):6d}  {covered:5d} ({covered / len(answers):6.2%})  "
            f"{len(missing):7d}  {len(chosen & accepted) / len(chosen):7.1%}"
            + (f"   ({' '.join(missing)})" if 0 < len(missing) <= 8 else "")
        )


def real_games(guesses: str, limit: int | None) -> None:
    """Print the bench of every answer, not told, against a game accepting guesses.txt only."""
    settings = Settings(5, guesses=guesses)
    began = time.perf_counter()
    state, solver = settings.state(), settings.solver()
    try:  # the shipped opener, as `lenwordle bench` uses it
        solver = settings.solver({5: starters.opener(starters.default_dir(), state, solver)})
    except starters.StarterError:
        pass
    targets = (NYT / "answers.txt").read_text().split()[:limit]
    accepted = frozenset((NYT / "guesses.txt").read_text().split())
    result = bench.run(
        solver,
        Boards.new(state),
        [Target((word,)) for word in targets],
        workers=default_workers(),
        accepted=accepted,
        everything=settings.everything(state),
    )
    f = result.as_dict()
    print(
        f"\n--guesses {guesses}: games {f['games']}  unsolvable {len(f['unsolvable'])}  "
        f"failures {f['failures']}  mean {f['mean']:.4f}  max {f['max']}  refusals "
        f"{f['refusals']} ({f['refusals_per_game']:.3f} per game, at most "
        f"{f['max_refusals']})  {time.perf_counter() - began:.1f} s"
    )
    print(f"histogram {f['histogram']}" + (f"  failed {f['failed']}" if f["failed"] else ""))


def main() -> None:
    args = sys.argv[1:]
    guesses = args[args.index("--guesses") + 1] if "--guesses" in args else "common"
    limit = int(args[args.index("--limit") + 1]) if "--limit" in args else None
    coverage()
    real_games(guesses, limit)


if __name__ == "__main__":
    main()
