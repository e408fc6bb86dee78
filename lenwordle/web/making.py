"""New games made one at a time, in a worker thread: the caches a game opens (the word lists
the server's games share, a variant's opening and first guess) are then each built once,
and the server's memory holds the making of one game at a time, not of every request at
once. The others wait their turn without holding a worker thread (the moves of the games
kept have theirs); past MAX_WAITING_GAMES the server is busy (Refused, 503)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

import anyio
import anyio.to_thread

from lenwordle.web.reading import Refused

MAX_WAITING_GAMES = 64  # new games waiting while one is made; one more is refused
BUSY = "the server is busy making other games: try again in a moment"
T = TypeVar("T")


class OneAtATime:
    """Runs the making of games one after another, at most `waiting` of them waiting."""

    def __init__(self, waiting: int = MAX_WAITING_GAMES) -> None:
        self.waiting = waiting
        self.asked = 0  # makings being made or waiting
        self._turn = anyio.CapacityLimiter(1)  # (waited for in the event loop)
        self._making = threading.Lock()  # (and in the thread: an app in several loops)
        self._counting = threading.Lock()

    async def make(self, build: Callable[[], T]) -> T:
        """Return what build makes, once the games asked before are made; Refused (503)
        when `waiting` are waiting already."""
        with self._counting:
            if self.asked > self.waiting:
                raise Refused(503, BUSY)
            self.asked += 1
        try:
            return await self.once(build)
        finally:
            with self._counting:
                self.asked -= 1

    async def once(self, build: Callable[[], T]) -> T:
        """Return what build makes, in its turn, however many wait (for what is made once
        and then kept, such as the view every new browser is shown: its first asking waits
        its turn and the others find it made)."""
        return await anyio.to_thread.run_sync(self._one, build, limiter=self._turn)

    def _one(self, build: Callable[[], T]) -> T:
        with self._making:
            return build()
