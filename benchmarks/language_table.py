"""`lenwordle languages`: seconds and peak memory of the command that prints the table of
languages (letters, accent rules, words per length), each run its own process.

The words per length come from wordlists/lang/counts.json when it matches the files (the
usual case: no word is read); --again also times counting them from the Parquet files, as
when counts.json is missing or out of date (lenwordle.words.langlists.counted_exactly).
The peak is the process's ru_maxrss (from wait4). Run: python benchmarks/language_table.py
[--runs N] [--again]
"""

import os
import subprocess
import sys
import time


def measured(args: list[str]) -> tuple[float, float]:
    """Return (seconds, peak MB) of a Python process running args."""
    began = time.perf_counter()
    proc = subprocess.Popen([sys.executable, *args], stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    if status != 0:
        raise SystemExit(f"{' '.join(args)} failed (status {status})")
    return time.perf_counter() - began, usage.ru_maxrss / 1024


AGAIN = """
import pyarrow as pa
from lenwordle.words.langlists import counted_exactly
from lenwordle.words.languages import DEFAULT_LANGUAGE, LANGUAGES
for code, language in LANGUAGES.items():
    if code != DEFAULT_LANGUAGE:
        counted_exactly(language)
"""


def main() -> None:
    args = sys.argv[1:]
    runs = int(args[args.index("--runs") + 1]) if "--runs" in args else 5
    figures = [measured(["-m", "lenwordle", "languages"]) for _ in range(runs)]
    seconds = sorted(s for s, _ in figures)
    peak = max(mb for _, mb in figures)
    print(
        f"lenwordle languages: {runs} runs, median {seconds[len(seconds) // 2]:.2f} s "
        f"(min {seconds[0]:.2f}, max {seconds[-1]:.2f}), peak {peak:.0f} MB"
    )
    if "--again" in args:
        s, mb = measured(["-c", AGAIN])
        print(f"counting every language's words again (no counts.json): {s:.1f} s, {mb:.0f} MB")


if __name__ == "__main__":
    main()
