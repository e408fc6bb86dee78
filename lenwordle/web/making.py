"""The server's heavy work (new games, hints) done one job at a time, in one worker thread of
its own: the caches a game opens (the word lists the server's games share, a variant's
opening, a coach's first guess) are then each built once and found made by the jobs after,
the server's memory holds one such job at a time, and the moves of the games kept (cheap:
a reply, a refusal) never wait behind them, each in a thread of the server's pool. The jobs
wait their turn in order, holding no thread; past MAX_WAITING_JOBS the server is busy
(Refused, 503). The worker is a daemon: a stop of the server waits for no job (one begun
runs on until the process ends; those not begun are dropped)."""

from __future__ import annotations

import asyncio
import queue
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from lenwordle.web.reading import Refused

MAX_WAITING_JOBS = 64  # heavy jobs waiting while one is done; one more is refused
BUSY = "the server is busy with other players' games: try again in a moment"
STOPPING = "the server is stopping: try again once it is back"
T = TypeVar("T")
Job = tuple[Callable[[], Any], asyncio.AbstractEventLoop, "asyncio.Future[Any]"]


class OneAtATime:
    """Runs heavy jobs one after another in its worker thread, at most `waiting` of them
    waiting."""

    def __init__(self, waiting: int = MAX_WAITING_JOBS) -> None:
        self.waiting = waiting
        self.asked = 0  # jobs being done or waiting
        self._jobs: queue.SimpleQueue[Job] = queue.SimpleQueue()
        self._worker: threading.Thread | None = None
        self._lock = threading.Lock()

    async def make(self, build: Callable[[], T]) -> T:
        """Return what build makes, once the jobs asked before are done; Refused (503)
        when `waiting` are waiting already."""
        with self._lock:
            if self.asked > self.waiting:
                raise Refused(503, BUSY)
            self.asked += 1
        try:
            return await self.once(build)
        finally:
            with self._lock:
                self.asked -= 1

    async def once(self, build: Callable[[], T]) -> T:
        """Return what build makes, in its turn, however many wait (for what is made once
        and then kept, such as the view every new browser is shown: its first asking waits
        its turn and the others find it made)."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[T] = loop.create_future()
        self._start()
        self._jobs.put((build, loop, done))
        try:
            return await done
        except asyncio.CancelledError:  # (its asker gone: the job is dropped if not begun)
            done.cancel()
            raise

    def _start(self) -> None:
        with self._lock:
            if self._worker is None:
                self._worker = threading.Thread(target=self._work, name="heavy jobs", daemon=True)
                self._worker.start()

    def _work(self) -> None:
        """Do the jobs in order, each unless its asker is gone (a request cancelled, the
        server stopping), its result or error handed to the asker's loop."""
        while True:
            build, loop, done = self._jobs.get()
            if done.cancelled():
                continue
            try:
                result, error = build(), None
            except BaseException as raised:  # (handed to the asker, as its own)
                result, error = None, raised
            try:
                loop.call_soon_threadsafe(_settle, done, result, error)
            except RuntimeError:  # (its loop closed: the server stopped)
                pass


@contextmanager
def told_if_stopping() -> Iterator[None]:
    """Answer a route's request cancelled while it waits (the server stopping, its wait for
    the requests in flight over) as a 503 that says so, not uvicorn's 500 and traceback."""
    try:
        yield
    except asyncio.CancelledError:
        raise Refused(503, STOPPING) from None


def _settle(done: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if done.cancelled():
        return
    if error is not None:
        done.set_exception(error)
    else:
        done.set_result(result)
