"""The server's honest replies under the hostile mix (docs/web.md): the real `lenwordle
serve` in its own process, 400 half-open sockets, cookieless, foreign, cross-site and heavy
requests from a process of its own, while four players play whole games. The mix and its
behaviour (every honest game answered and kept, every hostile request refused) are
tests/test_web_load.py's; this times it: each run's honest requests, their median and
slowest reply against the goal (REPLY_SECONDS), the server's peak memory and the mix's
seconds. Quote the figures with the machine's load: the goal is for a machine no other
work loads.

Run: python benchmarks/hostile.py [--runs 3]   (needs the [web] extra and httpx)
"""

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from test_web_load import hostile_mix  # noqa: E402

REPLY_SECONDS = 1.0  # every honest reply within this (issue 38's goal)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    runs = parser.parse_args().runs
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    print("run  honest requests  median s  slowest s  within goal  peak MB  mix s")
    for run in range(1, runs + 1):
        with tempfile.TemporaryDirectory() as folder:
            plays, _, _, peak, took = hostile_mix(Path(folder) / "server.log")
        replies = [s for seconds, _, _ in plays for s in seconds]
        slowest = max(replies)
        print(
            f"{run:3d}  {len(replies):15d}  {statistics.median(replies):8.3f}  {slowest:9.3f}"
            f"  {'yes' if slowest < REPLY_SECONDS else 'NO':>11}  {peak >> 20:7d}  {took:5.1f}"
        )


if __name__ == "__main__":
    main()
