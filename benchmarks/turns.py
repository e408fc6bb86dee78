"""Seconds per turn after the opener, default dictionary, lengths 4 to 11; peak memory of play.

Plays 30 games per length (targets: common words drawn with a fixed seed) and times every
decision after the first guess, without the bench's decision cache. Then measures the peak
resident memory of `lenwordle play -k 11` and of `--shortlist 100` at every length (with no
starter file, so the exact first pass runs), each in its own process.
Run: python benchmarks/turns.py [--hard]   (--hard: hard mode, 20 games per length, no memory
figures)
"""

import hashlib
import statistics
import subprocess
import sys
import tempfile
import time

from lenwordle.api.setup import Settings
from lenwordle.engine.feedback import reply_for
from lenwordle.store import starters
from lenwordle.words.wordlist import bundled


def common_sample(k: int, n: int, seed: int = 7) -> list[str]:
    """Return n words of length k at SCOWL levels <= 35, drawn with a fixed seed.

    The words whose hash with the seed is lowest: a word added to the lists later changes
    the sample only if it is drawn itself.
    """

    def draw(word: str) -> bytes:
        return hashlib.sha256(f"{seed}:{word}".encode()).digest()

    return sorted(bundled(k, 35).strings, key=draw)[:n]


def turn_times(k: int, games: int, hard: bool = False) -> list[float]:
    """Return the seconds of every decision after the opener over `games` games."""
    settings = Settings(k, hard=hard)
    state = settings.state()
    solver = settings.solver(
        {k: starters.opener(starters.default_dir(), state, settings.solver())}
    )
    times = []
    for target in common_sample(k, games):
        s = state
        while not s.solved:
            began = time.perf_counter()
            guess = solver.choose(s)
            if s.history:
                times.append(time.perf_counter() - began)
            s = s.after(guess, reply_for(guess, target))
    return times


def peak_mb(args: list[str]) -> float:
    """Return the peak resident memory, in MB, of `lenwordle ARGS` answering one turn.

    Read from VmHWM, which starts afresh at exec; ru_maxrss would carry over this parent's
    own peak into the child (Linux keeps it across fork and exec).
    """
    code = (
        "import re, sys\nfrom lenwordle.cli.app import main\nsys.argv = ['lenwordle'] + "
        f"{args!r}\ntry:\n    main()\nexcept SystemExit:\n    pass\n"
        "status = open('/proc/self/status').read()\n"
        "print(int(re.search(r'VmHWM:\\s+(\\d+)', status)[1]) / 1024, file=sys.stderr)"
    )
    done = subprocess.run([sys.executable, "-c", code], input="", capture_output=True, text=True)
    return float(done.stderr.strip().splitlines()[-1])


def main() -> None:
    hard = "--hard" in sys.argv
    print(f"k   turns  median s  worst s{'   (hard mode)' if hard else ''}")
    for k in range(4, 12):
        t = turn_times(k, 20 if hard else 30, hard)
        print(f"{k:<3} {len(t):5d}  {statistics.median(t):8.3f}  {max(t):7.3f}", flush=True)
    if hard:
        return
    print(f"peak memory, play -k 11 (first turn): {peak_mb(['play', '-k', '11']):.0f} MB")
    with tempfile.TemporaryDirectory() as empty:  # no starter file: the exact pass really runs
        for k in range(4, 12):
            print(
                f"peak memory, play -k {k} --shortlist 100 (opener computed): "
                f"{peak_mb(['play', '-k', str(k), '--shortlist', '100', '--starters', empty]):.0f}"
                " MB"
            )


if __name__ == "__main__":
    main()
