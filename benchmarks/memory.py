"""Peak memory of exact passes that would need gigabytes as a full pattern matrix.

1. `play -k 9 --words all9.txt --shortlist 100`: every SCOWL 9-letter word (60 942, all
   levels) scored exactly against every other: a 60 942^2 matrix would be 7.4 GB as uint16.
2. `play -k 6 --words synthetic.txt` with 200 000 random 6-letter words: the first turn at
   the default shortlist, 6 000 guesses x 200 000 candidates, streamed in chunks.
Each runs in its own process; the figure is its peak resident set (VmHWM).
Run: python benchmarks/memory.py
"""

import random
import string
import tempfile
import time
from pathlib import Path

from turns import peak_mb

from lenwordle.words.wordlist import bundled


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        all9 = Path(tmp) / "all9.txt"
        every9 = bundled(9, 95).strings
        all9.write_text("\n".join(every9))
        synthetic = Path(tmp) / "synthetic.txt"
        rng = random.Random(1)
        words = {"".join(rng.choices(string.ascii_lowercase, k=6)) for _ in range(210_000)}
        synthetic.write_text("\n".join(sorted(words)[:200_000]))
        for label, args in [
            (
                f"9 letters, all {len(every9)} SCOWL words, --shortlist 100",
                ["play", "-k", "9", "--words", str(all9), "--shortlist", "100"],
            ),
            (
                "200 000 synthetic 6-letter words, default shortlist",
                ["play", "-k", "6", "--words", str(synthetic)],
            ),
        ]:
            began = time.perf_counter()
            mb = peak_mb(args)
            print(f"{label}: peak {mb:.0f} MB, {time.perf_counter() - began:.0f} s")


if __name__ == "__main__":
    main()
