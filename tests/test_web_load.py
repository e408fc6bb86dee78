"""The web server under load, on 127.0.0.1: many browsers' games at once (threads with
httpx, each its own cookies), none lost or mixed up; one browser's requests never
interleave, two browsers' may."""

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

pytest.importorskip("starlette", reason="the [web] extra is not installed")
httpx = pytest.importorskip("httpx", reason="the web tests need httpx")

from web_helpers import reply_to, serving  # noqa: E402
from web_helpers import store as web_store  # noqa: E402

from lenwordle import Game  # noqa: E402

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
    real = Game.left_after

    def slow(self, *replies, word=None):
        with lock:
            running[id(self)] = running.get(id(self), 0) + 1
            most[id(self)] = max(most.get(id(self), 0), running[id(self)])
            most[0] = max(most.get(0, 0), sum(running.values()))
        time.sleep(0.1)
        with lock:
            running[id(self)] -= 1
        return real(self, *replies, word=word)

    monkeypatch.setattr(Game, "left_after", slow)
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
