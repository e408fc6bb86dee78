"""A household sharing one statistics file: a real `lenwordle serve --data-dir D` on
127.0.0.1 with browsers finishing practice games and others reading their statistics, beside
loops of `lenwordle practice --data-dir D` in terminals, for a while; then the file is
checked (PRAGMA integrity_check), every game acknowledged must be a row and none told "not
recorded". Goals (issue 44): integrity ok, acknowledged == rows, no game told "not
recorded". tests/test_shared_load.py runs it briefly. Figures in
docs/reliability.md#statistics-shared-by-several-programs.
Run: python benchmarks/shared_stats.py [--seconds 45] [--browsers 4] [--readers 2]
     [--terminals 3] [--json]
"""

import argparse
import json
import os
import random
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

from lenwordle.api.practice import practice

POOL_SEEDS = 200  # the seeds the games are drawn from (their secrets computed once)


def start_server(data_dir: Path) -> tuple[subprocess.Popen[str], str]:
    """Start `lenwordle serve --port 0 --data-dir data_dir` (its log in data_dir's parent,
    serve.log: a pipe nobody reads would stop it once full); return it and its URL."""
    data_dir.parent.mkdir(parents=True, exist_ok=True)
    with open(data_dir.parent / "serve.log", "w") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "lenwordle", "serve", "--port", "0"]
            + ["--data-dir", str(data_dir)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=log,
            text=True,
        )
    assert server.stdout is not None
    line = server.stdout.readline()
    if not line.startswith("lenwordle serves http://"):
        server.kill()
        server.wait()
        said = (data_dir.parent / "serve.log").read_text()
        raise SystemExit(f"the server did not start: {line!r} {said!r}")
    return server, line.split()[2]


class Tally:
    """What the players were told, counted across threads."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.acknowledged = {"page": 0, "terminal": 0}
        self.not_recorded: list[str] = []
        self.errors: list[str] = []
        self.reads = 0

    def add(self, face: str, notice: str | None = None) -> None:
        with self.lock:
            if notice:
                self.not_recorded.append(notice)
            else:
                self.acknowledged[face] += 1


def finish_one(client: httpx.Client, secrets: dict[int, str], seed: int, tally: Tally) -> None:
    """Play one practice game on the page to its end: a word refused, then the secret."""
    made = client.post("/api/practice/new", json={"seed": seed})
    if made.status_code != 200:
        tally.errors.append(f"new: {made.status_code} {made.text[:80]}")
        return
    for word in ("zzzzz", secrets[seed]):
        answer = client.post("/api/practice/guess", json={"word": word})
    if answer.status_code != 200 or not answer.json()["practice"]["done"]:
        tally.errors.append(f"guess: {answer.status_code} {answer.text[:80]}")
        return
    tally.add("page", answer.json().get("notice"))


def browser(url: str, secrets: dict[int, str], stop: float, tally: Tally) -> None:
    """Play practice games on the page until stop."""
    rng = random.Random()
    with httpx.Client(base_url=url, timeout=60) as client:
        while time.monotonic() < stop:
            finish_one(client, secrets, rng.randrange(POOL_SEEDS), tally)


def reader(url: str, secrets: dict[int, str], stop: float, tally: Tally) -> None:
    """Read a player's statistics on the page until stop (its player id made by a first
    game)."""
    with httpx.Client(base_url=url, timeout=60) as client:
        finish_one(client, secrets, 0, tally)
        while time.monotonic() < stop:
            answer = client.get("/api/stats")
            if answer.status_code != 200 or not answer.json()["stats"]:
                tally.errors.append(f"stats: {answer.status_code} {answer.text[:80]}")
            with tally.lock:
                tally.reads += 1


def terminal(data_dir: Path, secrets: dict[int, str], stop: float, tally: Tally) -> None:
    """Play `lenwordle practice --data-dir` games, one process a game, until stop."""
    rng = random.Random()
    while time.monotonic() < stop:
        seed = rng.randrange(POOL_SEEDS)
        done = subprocess.run(
            [sys.executable, "-m", "lenwordle", "practice", "--seed", str(seed)]
            + ["--data-dir", str(data_dir)],
            input=f"{secrets[seed]}\n",
            capture_output=True,
            text=True,
            timeout=120,
        )
        if done.returncode != 0:
            tally.add("terminal", done.stderr.strip().splitlines()[-1] if done.stderr else "?")
        elif "game played" not in done.stdout and "games played" not in done.stdout:
            tally.errors.append(f"terminal: {done.stdout[-120:]!r}")
        else:
            tally.add("terminal")


def run(seconds: float, browsers: int, readers: int, terminals: int) -> dict:
    """Return the figures of a household's run of `seconds`."""
    secrets = {seed: practice(seed=seed).answers[0] for seed in range(POOL_SEEDS)}
    with tempfile.TemporaryDirectory() as folder:
        data_dir = Path(folder) / "data"
        server, url = start_server(data_dir)
        tally = Tally()
        try:
            stop = time.monotonic() + seconds
            threads = [
                *(
                    threading.Thread(target=browser, args=(url, secrets, stop, tally))
                    for _ in range(browsers)
                ),
                *(
                    threading.Thread(target=reader, args=(url, secrets, stop, tally))
                    for _ in range(readers)
                ),
                *(
                    threading.Thread(target=terminal, args=(data_dir, secrets, stop, tally))
                    for _ in range(terminals)
                ),
            ]
            began = time.monotonic()
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            took = time.monotonic() - began
        finally:
            server.terminate()
            server.wait(30)
        connection = sqlite3.connect(data_dir / "stats.sqlite3")
        integrity = [row[0] for row in connection.execute("PRAGMA integrity_check")]
        rows = connection.execute("SELECT count(*) FROM games").fetchone()[0]
        connection.close()
    return {
        "seconds": round(took, 1),
        "browsers": browsers,
        "readers": readers,
        "terminals": terminals,
        "acknowledged": sum(tally.acknowledged.values()),
        "acknowledged_by": tally.acknowledged,
        "rows": rows,
        "integrity": integrity[:3],
        "not_recorded": tally.not_recorded[:5],
        "not_recorded_count": len(tally.not_recorded),
        "reads": tally.reads,
        "errors": tally.errors[:5],
        "cores": os.cpu_count(),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=45.0)
    parser.add_argument("--browsers", type=int, default=4)
    parser.add_argument("--readers", type=int, default=2)
    parser.add_argument("--terminals", type=int, default=3)
    parser.add_argument("--json", action="store_true", help="one JSON object")
    args = parser.parse_args()
    figures = run(args.seconds, args.browsers, args.readers, args.terminals)
    if args.json:
        print(json.dumps(figures))
        return
    ok = figures["integrity"] == ["ok"] and figures["acknowledged"] == figures["rows"]
    print(
        f"{figures['seconds']} s, {args.browsers} browsers, {args.readers} readers, "
        f"{args.terminals} terminals ({figures['cores']} cores): "
        f"{figures['acknowledged']} games acknowledged ({figures['acknowledged_by']}), "
        f"{figures['rows']} rows, integrity {', '.join(figures['integrity'])}, "
        f"{figures['not_recorded_count']} told not recorded, {figures['reads']} reads, "
        f"errors {figures['errors'] or 'none'}: {'ok' if ok else 'FAILED'}"
    )


if __name__ == "__main__":
    main()
