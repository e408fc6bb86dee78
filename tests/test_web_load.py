"""The web server under load, on 127.0.0.1: many browsers' games at once (threads with
httpx, each its own cookies), none lost or mixed up; one browser's requests never
interleave, two browsers' may."""

import contextlib
import multiprocessing
import re
import resource
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the [web] extra is not installed")
httpx = pytest.importorskip("httpx", reason="the web tests need httpx")

from web_helpers import reply_to, serving  # noqa: E402
from web_helpers import store as web_store  # noqa: E402
from web_hostile import attack  # noqa: E402

from lenwordle import Game  # noqa: E402
from lenwordle.web.games import MEMORY_BUDGET  # noqa: E402
from lenwordle.web.server import connection_cap  # noqa: E402

pytestmark = pytest.mark.process  # a real server, many connections

ANSWERS = (
    "flame crane moist vivid lucky money blind chest paint abide speed elder error stone "
    "house water night light sound place plant point right small sweet sharp grape shade "
    "trace brick"
).split()  # 30 answers, one a browser
BROWSERS = len(ANSWERS)
SECONDS = 120  # the whole load test's bound


def play(url: str, answer: str, start: threading.Barrier) -> list[dict]:
    """Play one browser's game to its end against answer; return its turns."""
    with httpx.Client(base_url=url, timeout=60) as browser:
        start.wait()
        game = browser.post("/api/new", json={"length": 5}).json()["game"]
        for _ in range(10):
            if game["done"]:
                return game["turns"]
            reply = reply_to(game["suggestion"], answer)
            assert browser.post("/api/preview", json={"replies": [reply]}).status_code == 200
            answered = browser.post("/api/tell", json={"replies": [reply]})
            assert answered.status_code == 200, answered.text
            game = answered.json()["game"]
            assert game["turns"][-1]["guess"] == game["turns"][-1]["guess"].upper()
        raise AssertionError(f"{answer}: not solved in 10 guesses")


def test_thirty_browsers_at_once_each_solve_their_own_answer():
    store = web_store(size=BROWSERS)
    with serving(store) as url:
        start = threading.Barrier(BROWSERS)
        began = time.monotonic()
        with ThreadPoolExecutor(BROWSERS) as pool:
            games = list(pool.map(lambda a: play(url, a, start), ANSWERS))
        took = time.monotonic() - began
    assert took < SECONDS, took
    for answer, turns in zip(ANSWERS, games):
        assert turns[-1] == {
            "guess": answer.upper(),
            "letters": list(answer.upper()),
            "replies": ["ggggg"],
        }
        for turn in turns:  # every turn its own game's: the reply its answer gives
            assert turn["replies"] == [reply_to(turn["guess"], answer)]
        alone = Game(5)  # the same game played alone, in order
        for turn in turns:
            assert alone.suggestion == turn["guess"]
            alone.tell(*turn["replies"])
    assert len(store) == BROWSERS


def test_one_browsers_requests_never_interleave_two_browsers_may(monkeypatch):
    """Each preview holds the game for a while; count how many run at once."""
    running: dict[int, int] = {}
    most: dict[int, int] = {}
    lock = threading.Lock()
    real = Game.preview

    def slow(self, *replies, word=None):
        with lock:
            running[id(self)] = running.get(id(self), 0) + 1
            most[id(self)] = max(most.get(id(self), 0), running[id(self)])
            most[0] = max(most.get(0, 0), sum(running.values()))
        time.sleep(0.1)
        with lock:
            running[id(self)] -= 1
        return real(self, *replies, word=word)

    monkeypatch.setattr(Game, "preview", slow)
    with serving() as url, httpx.Client(base_url=url) as one, httpx.Client(base_url=url) as two:
        one.post("/api/new", json={})  # (a game each, kept by its first POST)
        two.post("/api/new", json={})
        asks = [one] * 4 + [two] * 4
        with ThreadPoolExecutor(len(asks)) as pool:
            answers = list(
                pool.map(lambda b: b.post("/api/preview", json={"replies": ["....."]}), asks)
            )
    assert [a.status_code for a in answers] == [200] * len(asks)
    assert len([k for k in most if k]) == 2
    assert all(most[k] == 1 for k in most if k)  # one at a time within a game
    assert most[0] == 2  # the two games at once


# The hostile mix (issue 38): while honest players play, another page and a slow or rogue
# client (tests/web_hostile.py, in a process of its own) do what they can, against the real
# `lenwordle serve` in its own process.
HALF_OPEN = 400  # sockets that send half a request head and hold (reopened when closed)
PLAYERS = 4  # honest browsers, each playing a whole game meanwhile
START_SECONDS = 0.5  # between two players' first games: players do not start as one
OPEN_FILES = 512  # the server's open files here: a cap of 192 connections, under HALF_OPEN
LOG_BYTES = 1 << 20  # the server's log stays under this
MIX_SECONDS = 30  # the whole mix's bound


@contextlib.contextmanager
def real_server(log: Path, open_files: int = OPEN_FILES):
    """Run `lenwordle serve --port 0` in its own process, its open files limited and its
    stderr in log; yield the process and its port."""

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (open_files, open_files))

    with open(log, "wb") as errors:
        server = subprocess.Popen(
            [sys.executable, "-m", "lenwordle", "serve", "--port", "0"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=errors,
            text=True,
            preexec_fn=limited,
        )
    try:
        line = server.stdout.readline()
        assert line.startswith("lenwordle serves http://127.0.0.1:"), line
        yield server, int(line.split(":")[2].split("/")[0])
    finally:
        server.terminate()
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def peak_memory(pid: int) -> int:
    """Return a process's peak resident memory in bytes (VmHWM)."""
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmHWM:\s+(\d+) kB", status).group(1)) * 1024


def timed_play(port: int, answer: str, attacked: threading.Event, wait: float):
    """Play one honest browser's game to its end, once attacked: open the page, then
    `wait` seconds later (players do not all start at once) a new game to answer; return
    each request's seconds and status, and the game's turns as the server keeps them.
    (Every request is timed under the attack, none while the attacker's process starts.)"""
    seconds, statuses = [], []
    with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as browser:

        def send(method, path, body=None):
            began = time.monotonic()
            answered = browser.request(method, path, json=body)
            seconds.append(time.monotonic() - began)
            statuses.append(answered.status_code)
            return answered.json()

        attacked.wait(MIX_SECONDS)
        assert "game" in send("GET", "/api/game")
        time.sleep(wait)
        game = send("POST", "/api/new", {"length": 5})["game"]
        while not game["done"] and len(game["turns"]) < 10:
            reply = reply_to(game["suggestion"], answer)
            send("POST", "/api/preview", {"replies": [reply]})
            game = send("POST", "/api/tell", {"replies": [reply]})["game"]
            time.sleep(0.1)  # a player's pause: its connection idles meanwhile
        kept = send("GET", "/api/game")["game"]["turns"]
    return seconds, statuses, kept


def hostile_mix(log: Path):
    """Run the hostile mix against a real server logging to log; return the honest
    players' plays (seconds, statuses, kept turns), the attacker's requests and the
    half-open sockets the server closed, its peak memory and the whole mix's seconds.
    benchmarks/hostile.py times the honest replies with it."""
    began = time.monotonic()
    spawn = multiprocessing.get_context("spawn")
    held, stop, results = spawn.Event(), spawn.Event(), spawn.Queue()
    with real_server(log) as (server, port), ThreadPoolExecutor(PLAYERS) as pool:
        attacked = threading.Event()
        plays = [
            pool.submit(timed_play, port, answer, attacked, START_SECONDS * i)
            for i, answer in enumerate(ANSWERS[:PLAYERS])
        ]
        attacker = spawn.Process(target=attack, args=(port, HALF_OPEN, held, stop, results))
        attacker.start()
        try:
            assert held.wait(MIX_SECONDS)
            attacked.set()
            plays = [play.result() for play in plays]
        finally:
            stop.set()
            answered, closed = results.get(timeout=MIX_SECONDS)
            attacker.join(MIX_SECONDS)
        peak = peak_memory(server.pid)
        assert server.poll() is None  # still serving
    return plays, answered, closed, peak, time.monotonic() - began


@pytest.mark.alone  # the attack's cap and cut-offs hold on a machine no other test loads
def test_a_hostile_mix_leaves_every_honest_player_answered(tmp_path):
    log = tmp_path / "server.log"
    plays, answered, closed, peak, took = hostile_mix(log)
    replies = [s for seconds, _, _ in plays for s in seconds]
    cut = sum(status is None for _, status, _ in answered)
    print(
        f"\n{len(replies)} honest requests, slowest {max(replies):.3f} s; {len(answered)} "
        f"hostile requests ({cut} cut off); {closed} half-open sockets closed by the server; "
        f"log {log.stat().st_size} bytes; peak memory {peak >> 20} MB; {took:.1f} s"
    )
    for answer, (_, statuses, kept) in zip(ANSWERS, plays):
        assert set(statuses) == {200}, statuses  # no game lost (410), nothing refused
        assert kept[-1]["guess"] == answer.upper() and kept[-1]["replies"] == ["ggggg"]
    statuses = {}
    for kind, status, cookie in answered:
        statuses.setdefault(kind, set()).add(status)
        assert not cookie, kind  # nothing kept for any of them
    expected = {"cookieless": 200, "foreign": 400, "cross-site": 403, "heavy": 400}
    for kind, status in expected.items():  # (past the cap, a few may be cut off first)
        assert status in statuses[kind] and statuses[kind] <= {status, None}, kind
    assert cut < len(answered) // 10
    assert closed >= HALF_OPEN - connection_cap(OPEN_FILES)  # past the cap, the oldest went
    assert log.stat().st_size < LOG_BYTES, log.read_text()[:2000]
    assert peak < MEMORY_BUDGET
    assert took < MIX_SECONDS
