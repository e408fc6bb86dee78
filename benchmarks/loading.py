"""Huge word files: peak memory and seconds from the command to the first guess (or the refusal).

1. 1 000 000 distinct random 7-letter words: `play --words FILE -k 7` with no input, so it
   reads the file, computes and prints the first guess, then ends (goal: 300 MB, 20 s).
   Then `solve` plays a whole game against one of them (the turns after the first too).
2. 200 MB of random words of 2 to 20 letters: `play -k 5` over the 884 894 five-letter
   words among them (goal: peak under 500 MB).
3. 200 MB of random 5-letter lines (11 million different words): refused in one line, past
   the limit of 2 000 000 different words, in bounded memory.
4. The same mixed 200 MB asked for words of 25 letters, which it does not hold: the whole
   file is scanned, nothing is kept, and the error says so.
Each command runs in its own process; the peak is that process's ru_maxrss (from wait4).
The files are generated in a temporary folder (seeded). Run: python benchmarks/loading.py
"""

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np


def distinct_words(path: Path, n: int, k: int, seed: int = 1) -> None:
    """Write n distinct random words of k letters, one a line, in random order."""
    rng = np.random.default_rng(seed)
    letters = rng.integers(ord("a"), ord("z") + 1, size=(int(n * 1.01) + 100, k), dtype=np.uint8)
    words = np.unique(letters.view(f"S{k}").ravel())[:n]
    rng.shuffle(words)
    path.write_bytes(b"\n".join(words.tolist()) + b"\n")


def random_lines(path: Path, size: int, low: int, high: int, seed: int = 2) -> None:
    """Write about `size` bytes of random lower-case words of low to high letters, one a line."""
    rng = np.random.default_rng(seed)
    with path.open("wb") as f:
        written = 0
        while written < size:
            lengths = rng.integers(low, high + 1, size=1 << 20)
            ends = np.cumsum(lengths + 1) - 1
            data = rng.integers(ord("a"), ord("z") + 1, size=int(ends[-1]) + 1, dtype=np.uint8)
            data[ends] = ord("\n")
            f.write(data.tobytes()[: size - written])
            written += min(len(data), size - written)


def measure(args: list[str], folder: Path) -> tuple[float, float, str]:
    """Return (peak MB, seconds, the last line printed) of `lenwordle ARGS` with no input."""
    out, err = folder / "out.txt", folder / "err.txt"
    began = time.perf_counter()
    with out.open("wb") as stdout, err.open("wb") as stderr:
        proc = subprocess.Popen(
            [sys.executable, "-m", "lenwordle", *args],
            stdin=subprocess.DEVNULL,
            stdout=stdout,
            stderr=stderr,
        )
        _, _, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - began
    printed = out.read_text().splitlines()
    lines = [line for line in printed if line.startswith(">")] + printed[-1:]
    lines += [
        line
        for line in err.read_text().splitlines()
        if line.startswith("error") and "end of input" not in line
    ]
    shown = (lines or ["(nothing)"])[0].replace(f"{folder}/", "")
    return usage.ru_maxrss / 1024, seconds, shown[:100]


def generate(folder: Path) -> None:
    """Write the three files into folder."""
    distinct_words(folder / "million7.txt", 1_000_000, 7)
    random_lines(folder / "mixed.txt", 200 << 20, 2, 20)
    random_lines(folder / "fives.txt", 200 << 20, 5, 5)


def main() -> None:
    if sys.argv[1:2] == ["--generate"]:
        generate(Path(sys.argv[2]))
        return
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        # in a child process: a forked child's peak counts the memory of its parent at the fork
        subprocess.run([sys.executable, __file__, "--generate", tmp], check=True)
        million, mixed, fives = folder / "million7.txt", folder / "mixed.txt", folder / "fives.txt"
        cases = [
            ("1 000 000 distinct 7-letter words, play -k 7", ["play", "-k", "7", million]),
            ("the same, solve (a whole game)", ["solve", "jaavjzs", million]),
            ("200 MB, words of 2-20 letters, play -k 5", ["play", "-k", "5", mixed]),
            ("200 MB of random 5-letter lines, play -k 5", ["play", "-k", "5", fives]),
            ("200 MB, words of 2-20 letters, play -k 25 (none)", ["play", "-k", "25", mixed]),
        ]
        print(f"{'case':<50} {'peak MB':>8} {'seconds':>8}  first guess or error")
        for label, args in cases:
            mb, seconds, shown = measure([*args[:-1], "--words", str(args[-1])], folder)
            print(f"{label:<50} {mb:8.0f} {seconds:8.1f}  {shown}", flush=True)


if __name__ == "__main__":
    main()
