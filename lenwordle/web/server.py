"""The server under the page: uvicorn, with the limits that keep it answering while slow or
idle clients hold connections and while an error repeats, and a signal the process was
started ignoring left ignored.

uvicorn's own settings give the idle timeout between requests (timeout_keep_alive), the
cap on a request's head (h11_max_incomplete_event_size) and the backlog. It has no time
limit on a request's arrival, and its cap on connections (limit_concurrency) answers 503 to
every newcomer while the cap is reached: 400 sockets that send half a header would then
hold it shut for everyone. Guarded adds both as honest clients need them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import logging.config
import re
import resource
import signal
import socket
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

REQUEST_SECONDS = 10.0  # a request (head and body) arrives whole within this of its turn
KEEP_ALIVE_SECONDS = 5  # a connection idle between requests is closed after this
MAX_CONNECTIONS = 200  # connections kept open at once; past it, those waiting longest go
GRACE_SECONDS = 0.5  # past the cap, the time a newcomer has to send its request
BACKLOG = 128  # connections waiting to be accepted (asyncio accepts as many at once)
FD_RESERVE = 64  # file descriptors for the server's own files, past its connections
MAX_HEAD_BYTES = 8 * 1024  # bytes of a request line and headers not yet whole
STOP_SECONDS = 3  # on a stop (SIGTERM, Ctrl-C), the time requests in flight have to end
LOG_INTERVAL = 60.0  # seconds: a kind of log line is written once in this
LOG_KINDS = 200  # kinds of log line remembered; past it, each logger's rest are one kind


class Guarded(H11Protocol):
    """uvicorn's HTTP/1.1 connection with two limits it lacks. A request must arrive whole
    within `request_seconds` of the connection being ready for it (on opening, and after
    each answer), else the connection is closed. Past `cap` open connections, those that
    have waited on their client (for a request, or the rest of one) `grace` seconds or more
    are closed, those never served first, then those that waited longest, a connection
    served before only as far as those never served cannot make up the count: a newcomer
    that sends its request at once, as a browser does, is being answered by then and stays,
    and so does a player's connection between its requests. Past `cap + BACKLOG`, before
    the server runs out of files, the first of them is closed at once."""

    request_seconds: float = REQUEST_SECONDS
    cap: int = MAX_CONNECTIONS
    grace: float = GRACE_SECONDS
    sweeping: asyncio.TimerHandle | None = None  # (the class's: every connection's)
    since: float = 0.0  # when the connection began to wait on its client
    served = False  # whether it has been answered once
    _deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._wait()
        live = self._live()
        if len(live) > self.cap + BACKLOG:
            for connection in self._waiting(live)[:1]:
                connection.transport.close()
        if len(live) > self.cap and type(self).sweeping is None:
            type(self).sweeping = self.loop.call_later(self.grace, self.sweep)

    def on_response_complete(self) -> None:
        self.served = True
        if not self.transport.is_closing():
            self._wait()
        super().on_response_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
        super().connection_lost(exc)

    def waiting(self) -> bool:
        """Return whether the connection is open and waits on its client (for a request or
        the rest of one) with no answer being made."""
        cycle = self.cycle
        answering = (
            cycle is not None
            and not cycle.response_complete
            and (cycle.response_started or not cycle.more_body)
        )
        return not answering and not self.transport.is_closing()

    def sweep(self) -> None:
        """Close the connections past the cap that have waited their grace (as the class
        says); look again in `grace` while past the cap."""
        type(self).sweeping = None
        live = self._live()
        past = len(live) - self.cap
        if past <= 0:
            return
        waiting = self._waiting(live)
        never = [c for c in waiting if not c.served]
        due = [c for c in never if self._waited(c)][:past]
        room = max(0, past - len(never))  # (those never served do not make up the count)
        due += [c for c in waiting if c.served and self._waited(c)][:room]
        for connection in due:
            connection.transport.close()
        if past > len(due):
            type(self).sweeping = self.loop.call_later(self.grace, self.sweep)

    def _live(self) -> list[Any]:
        return [c for c in self.connections if not c.transport.is_closing()]

    def _waiting(self, live: list[Any]) -> list[Guarded]:
        """Return the connections that wait on their client, never served first, then
        longest waiting first."""
        waiting = [c for c in live if isinstance(c, Guarded) and c.waiting()]
        return sorted(waiting, key=lambda c: (c.served, c.since))

    def _waited(self, connection: Guarded) -> bool:
        """Return whether a connection has waited its grace on its client."""
        return self.loop.time() - connection.since >= self.grace

    def _wait(self) -> None:
        """Start the client's time to bring its next request whole."""
        if self._deadline is not None:
            self._deadline.cancel()
        self.since = self.loop.time()
        self._deadline = self.loop.call_later(self.request_seconds, self._late)

    def _late(self) -> None:
        if self.waiting():
            self.transport.close()


def guarded(request_seconds: float, cap: int) -> type[Guarded]:
    """Return the Guarded protocol with these limits."""

    class Limited(Guarded):
        pass

    Limited.request_seconds, Limited.cap = request_seconds, cap
    return Limited


def connection_cap(open_files: int | None = None) -> int:
    """Return the connections to keep open at once: MAX_CONNECTIONS, fewer where the
    process may open fewer files (open_files: default its soft RLIMIT_NOFILE) than that, two
    BACKLOGs (Guarded's margin past the cap, and as many accepted at once before it acts)
    and FD_RESERVE. Past that limit no connection could be accepted, and asyncio would stop
    accepting for a second."""
    if open_files is None:
        open_files = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    if open_files == resource.RLIM_INFINITY:
        return MAX_CONNECTIONS
    return max(1, min(MAX_CONNECTIONS, open_files - 2 * BACKLOG - FD_RESERVE))


class OncePerInterval(logging.Filter):
    """Lets each kind of log line through once an `interval` (seconds of `clock`); the next
    one through says how many like it were held back. A kind is the logger, the level, the
    first line of the message before its arguments (digits aside) and the exception's type."""

    def __init__(
        self,
        interval: float = LOG_INTERVAL,
        clock: Callable[[], float] = time.monotonic,
        kinds: int = LOG_KINDS,
    ) -> None:
        super().__init__()
        self.interval, self.clock, self.kinds = interval, clock, kinds
        self._shown: dict[tuple[str, ...], float] = {}
        self._held: dict[tuple[str, ...], int] = {}
        self._lock = threading.Lock()

    def kind(self, record: logging.LogRecord) -> tuple[str, ...]:
        """Return the kind of a log line (the same for each of a flood of them)."""
        error = record.exc_info[0].__name__ if record.exc_info and record.exc_info[0] else ""
        first = re.sub(r"\d+", "#", str(record.msg).split("\n", 1)[0])[:100]
        return (record.name, str(record.levelno), first, error)

    def filter(self, record: logging.LogRecord) -> bool:
        kind, now = self.kind(record), self.clock()
        with self._lock:
            if kind not in self._shown and len(self._shown) >= self.kinds:
                kind = (record.name, str(record.levelno), "", "")  # (a flood of new kinds)
            shown = self._shown.get(kind)
            if shown is not None and now - shown < self.interval:
                self._held[kind] = self._held.get(kind, 0) + 1
                return False
            self._shown[kind] = now
            held = self._held.pop(kind, 0)
        if held:
            more = f" ({held} more like it held back in the last {self.interval:g} s)"
            record.msg = str(record.msg) + more.replace("%", "%%")
        return True


def log_config() -> dict[str, Any]:
    """Return the logging set-up of the server: warnings and errors on stderr, one line per
    kind per interval (OncePerInterval), uvicorn's and every other logger's (asyncio's)."""
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"once": {"()": OncePerInterval}},
        "formatters": {"plain": {"format": "%(levelname)s: %(message)s"}},
        "handlers": {
            "stderr": {
                "class": "logging.StreamHandler",
                "stream": "ext://sys.stderr",
                "filters": ["once"],
                "formatter": "plain",
            }
        },
        "root": {"handlers": ["stderr"], "level": "WARNING"},
        "loggers": {"uvicorn": {"handlers": [], "propagate": True}},
    }


def config(
    app: Any, request_seconds: float = REQUEST_SECONDS, cap: int | None = None
) -> uvicorn.Config:
    """Return the server's configuration of app: its limits (cap: connection_cap()) and its
    log."""
    return uvicorn.Config(
        app,
        http=guarded(request_seconds, connection_cap() if cap is None else cap),
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        h11_max_incomplete_event_size=MAX_HEAD_BYTES,
        backlog=BACKLOG,
        log_config=None,  # (Server.run sets it: a Config is also made in tests)
        log_level="warning",
        access_log=False,
        lifespan="off",
        timeout_graceful_shutdown=STOP_SECONDS,  # (then cancelled: a heavy job waits for none)
    )


class Server(uvicorn.Server):
    """uvicorn's server, its log as log_config says, which takes SIGINT and SIGTERM as its
    stop, except one the process was started ignoring (nohup, a background job): that one
    stays ignored, as in every other command (engine.workers.catch_signals)."""

    def run(self, sockets: list[socket.socket] | None = None) -> None:
        logging.config.dictConfig(log_config())
        super().run(sockets)

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        ignored = [s for s in (signal.SIGINT, signal.SIGTERM) if ignoring(s)]
        with super().capture_signals():
            for sig in ignored:
                signal.signal(sig, signal.SIG_IGN)
            yield


def ignoring(sig: signal.Signals) -> bool:
    """Return whether the process ignores sig (in the main thread: elsewhere, no handler
    is set)."""
    in_main = threading.current_thread() is threading.main_thread()
    return in_main and signal.getsignal(sig) is signal.SIG_IGN
