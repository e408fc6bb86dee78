"""One worker against two, side by side: bench on the standard lists and precompute-starters.

Run: python benchmarks/workers.py   (needs ../shared/bench/nyt beside the checkout)
"""

import subprocess
import sys
import tempfile
import time

from standard import play_all


def bench_seconds(workers: int) -> tuple[float, float]:
    """Return (seconds, mean) of the standard-list bench, opener included."""
    figures = play_all("expected-guesses", workers=workers)
    return figures["seconds"], figures["mean"]


def precompute_seconds(workers: int, *args: str) -> float:
    """Return the seconds of `lenwordle precompute-starters ARGS --workers N` (temp folder)."""
    with tempfile.TemporaryDirectory() as out:
        began = time.perf_counter()
        subprocess.run(
            [
                sys.executable,
                "-m",
                "lenwordle",
                "precompute-starters",
                "--out",
                out,
                "--workers",
                str(workers),
                *args,
            ],
            check=True,
            capture_output=True,
        )
        return time.perf_counter() - began


def main() -> None:
    print("job                                            1 worker  2 workers  speed-up")
    one, two = bench_seconds(1), bench_seconds(2)
    print(
        f"{f'bench, standard lists (mean {one[1]:.4f})':<46} {one[0]:8.1f}  {two[0]:9.1f}  "
        f"{one[0] / two[0]:7.2f}x"
    )
    for label, args in [
        ("precompute-starters 4-11 (default: exact)", ()),
        ("precompute-starters 4-11 --shortlist 3", ("--shortlist", "3")),
    ]:
        a, b = precompute_seconds(1, *args), precompute_seconds(2, *args)
        print(f"{label:<46} {a:8.1f}  {b:9.1f}  {a / b:7.2f}x")


if __name__ == "__main__":
    main()
