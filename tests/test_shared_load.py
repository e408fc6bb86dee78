"""The real server under a household's load, on 127.0.0.1: its statistics shared with
terminal games (benchmarks/shared_stats.py, briefly), and heavy hints that starve no other
player and hold up no stop."""

import signal
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

pytest.importorskip("uvicorn", reason="the [web] extra is not installed")
httpx = pytest.importorskip("httpx", reason="the web tests need httpx")

from lenwordle.api.practice import practice  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import shared_stats  # noqa: E402

pytestmark = [pytest.mark.process, pytest.mark.alone]  # a real server; bounds on wall time

HEAVY = {"length": 11, "variant": "antiwordle"}  # its first hint: 3 to 9 s of CPU
HINTS = 48  # players asking for one at once
REPLY_SECONDS = 2.0  # another player's reply, beside them
STOP_SECONDS = 10.0  # SIGTERM stops the server within this, beside them


def test_serve_and_terminal_games_sharing_statistics_keep_every_game_and_the_file_whole():
    figures = shared_stats.run(seconds=8, browsers=3, readers=2, terminals=2)
    assert figures["errors"] == [] and figures["not_recorded"] == []
    assert figures["integrity"] == ["ok"]
    assert figures["rows"] == figures["acknowledged"]
    assert figures["acknowledged_by"]["page"] > 10 and figures["acknowledged_by"]["terminal"] > 0
    assert figures["reads"] > 10


def started(tmp_path):
    return shared_stats.start_server(tmp_path / "data")


def test_many_heavy_hints_starve_no_players_guess_nor_the_stop(tmp_path):
    server, url = started(tmp_path)
    try:
        heavy = [httpx.Client(base_url=url, timeout=120) for _ in range(HINTS)]
        for client in heavy:
            assert client.post("/api/practice/new", json={**HEAVY, "seed": 1}).status_code == 200
        other = httpx.Client(base_url=url, timeout=30)
        assert other.post("/api/practice/new", json={"seed": 5}).status_code == 200
        (secret,) = practice(seed=5).answers
        statuses = []

        def hint(client):
            try:
                statuses.append(client.post("/api/practice/hint", json={}).status_code)
            except httpx.HTTPError as error:  # (the server stopped under it)
                statuses.append(type(error).__name__)

        pool = ThreadPoolExecutor(HINTS)
        for client in heavy:
            pool.submit(hint, client)
        time.sleep(1.0)  # (the hints are being worked on)
        replies = []
        for word in ("crane", "moist", secret):
            began = time.monotonic()
            answer = other.post("/api/practice/guess", json={"word": word})
            replies.append(time.monotonic() - began)
            assert answer.status_code == 200, answer.text
        assert answer.json()["practice"]["won"]
        assert max(replies) < REPLY_SECONDS, replies
        began = time.monotonic()
        server.send_signal(signal.SIGTERM)
        server.wait(STOP_SECONDS + 5)
        assert time.monotonic() - began < STOP_SECONDS
        pool.shutdown(wait=True, cancel_futures=True)
        assert set(statuses) <= {200, 503, "RemoteProtocolError", "ReadError"}  # (503: stopping)
        assert len(statuses) == HINTS  # (each answered: in its turn, or told of the stop)
    finally:
        if server.poll() is None:
            server.kill()
        server.wait(30)


def test_heavy_hints_each_answered_in_turn_or_told_busy(tmp_path):
    """Past the jobs the server lets wait, a hint is a 503 at once, never a hang."""
    from lenwordle.web.making import MAX_WAITING_JOBS

    server, url = started(tmp_path)
    try:
        clients = [httpx.Client(base_url=url, timeout=120) for _ in range(MAX_WAITING_JOBS + 8)]
        for client in clients:
            assert client.post("/api/practice/new", json={**HEAVY, "seed": 2}).status_code == 200
        begun = threading.Barrier(len(clients))

        def hint(client):
            begun.wait()
            answer = client.post("/api/practice/hint", json={})
            return answer.status_code, answer.json()

        with ThreadPoolExecutor(len(clients)) as pool:
            answers = list(pool.map(hint, clients))
        statuses = [status for status, _ in answers]
        assert set(statuses) <= {200, 503} and statuses.count(200) >= MAX_WAITING_JOBS
        suggestions = {a["hint"]["suggestion"] for s, a in answers if s == 200}
        assert len(suggestions) == 1  # every game of these settings: the same first guess
        busy = [a["error"] for s, a in answers if s == 503]
        assert busy and all("busy" in error for error in busy)  # (the first took seconds)
    finally:
        server.terminate()
        server.wait(30)
