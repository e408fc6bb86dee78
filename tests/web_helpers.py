"""Helpers of the web page's tests: the real server (uvicorn) in a thread, on a free port of
127.0.0.1, and a game's replies computed for a known answer."""

import contextlib
import socket
import threading
import time

import uvicorn

from lenwordle import options
from lenwordle.engine.feedback import reply_for
from lenwordle.web.app import create_app
from lenwordle.web.games import Games


def store(**options) -> Games:
    """Return a store of games whose memory bound never acts: the test process's own size
    (grown by the tests run before, which keep their caches) is not a server's. The tests
    of the bound give it a measure of their own."""
    return Games(**{"memory": lambda: 0, **options})


@contextlib.contextmanager
def serving(games: Games | None = None, **app_options):
    """Run the app (over `games`, default a `store()`) on a free port of 127.0.0.1 in a
    thread; yield its base URL."""
    games = store() if games is None else games
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    config = uvicorn.Config(create_app(games, **app_options), log_level="warning", lifespan="off")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(30)
        listener.close()


def reply_to(guess: str, answer: str, lang: str = "en") -> str:
    """Return the reply the game gives guess (as shown, in capitals) against answer."""
    fold = options(len(answer), lang).alphabet().fold
    return reply_for(fold(guess), fold(answer))
