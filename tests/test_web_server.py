"""The server's limits (lenwordle/web/server.py) without a network: a connection's time to
bring its request, the cap on connections and who goes past it, the log's one line per kind
per interval, and the signals a server started ignoring keeps ignoring. The real server
under them is in test_web_serve.py and test_web_load.py."""

import logging
import resource
import signal

import pytest

uvicorn = pytest.importorskip("uvicorn", reason="the [web] extra is not installed")

from uvicorn.server import ServerState  # noqa: E402

from lenwordle.web import server  # noqa: E402
from lenwordle.web.server import (  # noqa: E402
    BACKLOG,
    FD_RESERVE,
    GRACE_SECONDS,
    KEEP_ALIVE_SECONDS,
    LOG_INTERVAL,
    LOG_KINDS,
    MAX_CONNECTIONS,
    MAX_HEAD_BYTES,
    REQUEST_SECONDS,
    OncePerInterval,
    Server,
    config,
    connection_cap,
    guarded,
)


class Timer:
    def __init__(self, when, callback):
        self.when, self.callback, self.cancelled = when, callback, False

    def cancel(self):
        self.cancelled = True


class Loop:
    """An event loop's clock and timers, moved by hand."""

    def __init__(self):
        self.now = 100.0
        self.timers = []

    def time(self):
        return self.now

    def call_later(self, delay, callback, *args):
        timer = Timer(self.now + delay, lambda: callback(*args))
        self.timers.append(timer)
        return timer

    def fire(self, until):
        """Move the clock to until, running the timers due by then, in order."""
        while due := sorted(
            (t for t in self.timers if not t.cancelled and t.when <= until), key=lambda t: t.when
        ):
            timer = due[0]
            self.now = max(self.now, timer.when)
            self.timers.remove(timer)
            timer.callback()
        self.now = until


class Transport:
    def __init__(self):
        self.closed = False

    def is_closing(self):
        return self.closed

    def close(self):
        self.closed = True

    def get_extra_info(self, name, default=None):
        return default


class Cycle:
    """A request being read or answered: what Guarded reads of it."""

    def __init__(self, more_body=False, response_started=False, response_complete=False):
        self.more_body, self.response_started = more_body, response_started
        self.response_complete = response_complete


async def nothing(scope, receive, send):
    pass


class Connections:
    """Connections of one server (a Guarded protocol of its own), opened by hand."""

    def __init__(self, cap, request_seconds=REQUEST_SECONDS):
        self.loop, self.state = Loop(), ServerState()
        self.protocol = guarded(request_seconds, cap)
        self.config = uvicorn.Config(nothing, log_config=None)

    def open(self, at=None):
        """Open a connection (at a time: default now); return it."""
        if at is not None:
            self.loop.fire(at)
        connection = self.protocol(
            config=self.config, server_state=self.state, app_state={}, _loop=self.loop
        )
        connection.connection_made(Transport())
        return connection

    def served(self, connection, at):
        """Answer a request of the connection at a time."""
        self.loop.fire(at)
        connection.on_response_complete()


def closed(*connections):
    return [c.transport.closed for c in connections]


def test_a_connection_has_its_request_seconds_to_bring_a_request_whole():
    server = Connections(cap=10)
    connection = server.open()
    (deadline,) = server.loop.timers
    assert deadline.when == server.loop.now + REQUEST_SECONDS
    server.loop.fire(deadline.when - 0.001)
    assert closed(connection) == [False]
    server.loop.fire(deadline.when)
    assert closed(connection) == [True]


@pytest.mark.parametrize(
    "cycle, waits",
    [
        (None, True),  # no request yet
        (Cycle(more_body=True), True),  # its body still coming, no answer begun
        (Cycle(more_body=False), False),  # whole: being answered
        (Cycle(more_body=True, response_started=True), False),  # answered before its body
        (Cycle(response_started=True, response_complete=True), True),  # answered: the next
    ],
)
def test_a_connection_waits_on_its_client_until_its_request_is_whole_or_answered(cycle, waits):
    server = Connections(cap=10)
    connection = server.open()
    connection.cycle = cycle
    assert connection.waiting() is waits
    server.loop.fire(server.loop.now + REQUEST_SECONDS)
    assert closed(connection) == [waits]


def test_after_each_answer_the_next_request_has_its_time_again():
    server = Connections(cap=10)
    connection = server.open()
    connection.cycle = Cycle(more_body=False)  # being answered, past its first deadline
    server.loop.fire(server.loop.now + REQUEST_SECONDS + 5)
    connection.cycle = Cycle(response_started=True, response_complete=True)
    server.served(connection, server.loop.now)
    assert connection.served and connection.since == server.loop.now
    connection.data_received(b"GET / HTTP/1.1\r\nHo")  # (not idle: the keep-alive waits)
    server.loop.fire(server.loop.now + REQUEST_SECONDS - 0.001)
    assert closed(connection) == [False]
    server.loop.fire(server.loop.now + 0.001)
    assert closed(connection) == [True]


def test_at_the_cap_every_connection_stays_one_past_the_longest_waiting_goes_after_its_grace():
    server = Connections(cap=3)
    first, second, third = (server.open(at=100 + i) for i in range(3))
    assert server.protocol.sweeping is None  # exactly at the cap
    fourth = server.open(at=103)
    assert server.protocol.sweeping.when == 103 + GRACE_SECONDS
    server.loop.fire(103 + GRACE_SECONDS)
    assert closed(first, second, third, fourth) == [True, False, False, False]
    assert server.protocol.sweeping is None


def test_past_the_cap_a_connection_is_closed_once_it_has_waited_its_grace_not_before():
    server = Connections(cap=1)
    first = server.open(at=100)
    first.cycle = Cycle(more_body=False)  # being answered: it stays
    young = server.open(at=100.25)  # past the cap: a sweep at 100.75
    newer = server.open(at=100.5)
    assert server.protocol.sweeping.when == 100.25 + GRACE_SECONDS
    server.loop.fire(100.75)  # young has waited exactly its grace, newer not yet
    assert closed(first, young, newer) == [False, True, False]
    assert server.protocol.sweeping.when == 100.75 + GRACE_SECONDS  # still past: again
    server.loop.fire(101.25)
    assert closed(first, young, newer) == [False, True, True]
    assert server.protocol.sweeping is None


def test_past_the_cap_the_longest_waiting_goes_first():
    server = Connections(cap=2)
    old, middle, new = (server.open(at=at) for at in (100, 100.25, 100.5))
    server.loop.fire(101)
    assert closed(old, middle, new) == [True, False, False]


def test_a_served_connection_goes_only_as_far_as_those_never_served_cannot_make_the_count():
    server = Connections(cap=3)
    players = [server.open(at=100), server.open(at=100)]
    for player in players:  # two players' connections between two requests
        server.served(player, 100.25)
    slow = server.open(at=101)  # a socket that never sends its request
    newcomer = server.open(at=101.25)  # one past the cap, two never served
    server.loop.fire(101.25 + GRACE_SECONDS)  # the sweep: slow has waited longest
    assert closed(*players, slow, newcomer) == [False, False, True, False]
    server.served(newcomer, 101.75)
    server.served(players[1], 102)
    busy = server.open(at=103)  # one past the cap, none waiting but the three served
    busy.cycle = Cycle(more_body=False)  # (being answered)
    server.loop.fire(103 + GRACE_SECONDS)
    assert closed(*players, newcomer, busy) == [True, False, False, False]  # longest waiting


def test_past_the_cap_and_its_backlog_the_longest_waiting_goes_at_once():
    server = Connections(cap=1)
    first = server.open()
    server.served(first, 100.5)
    kept = [server.open(at=101 + i / 1000) for i in range(BACKLOG)]
    assert not any(closed(first, *kept))  # exactly cap + BACKLOG: the sweep waits its grace
    server.open(at=101.5)  # one past
    assert closed(first, *kept) == [False, True] + [False] * (BACKLOG - 1)  # never served


def test_when_every_connection_is_being_answered_none_is_closed():
    server = Connections(cap=1)
    answering = []
    for i in range(3):
        answering.append(server.open(at=100 + i))
        answering[-1].cycle = Cycle(more_body=False)
    server.loop.fire(100 + REQUEST_SECONDS + 5)
    assert not any(closed(*answering))


def test_the_cap_leaves_the_server_files_for_a_backlog_twice_and_its_own():
    spare = 2 * BACKLOG + FD_RESERVE
    assert connection_cap(MAX_CONNECTIONS + spare) == MAX_CONNECTIONS  # exactly: the cap
    assert connection_cap(MAX_CONNECTIONS + spare - 1) == MAX_CONNECTIONS - 1  # one less
    assert connection_cap(MAX_CONNECTIONS + spare + 1) == MAX_CONNECTIONS
    assert connection_cap(spare + 1) == 1 and connection_cap(spare) == 1  # at least one
    assert connection_cap(resource.RLIM_INFINITY) == MAX_CONNECTIONS
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    assert connection_cap() == connection_cap(soft)


def test_the_configuration_holds_the_limits():
    settings = config(nothing, cap=7)
    assert settings.timeout_keep_alive == KEEP_ALIVE_SECONDS
    assert settings.h11_max_incomplete_event_size == MAX_HEAD_BYTES
    assert settings.backlog == BACKLOG and settings.access_log is False
    settings.load()
    protocol = settings.http_protocol_class
    assert issubclass(protocol, server.Guarded)
    assert (protocol.cap, protocol.request_seconds) == (7, REQUEST_SECONDS)
    assert config(nothing).http.cap == connection_cap()


def record(message, *args, name="uvicorn.error", level=logging.WARNING, error=None):
    exc_info = (type(error), error, None) if error else None
    return logging.LogRecord(name, level, __file__, 1, message, args, exc_info)


class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def test_a_kind_of_log_line_is_written_once_an_interval_then_says_how_many_were_held():
    clock = Clock()
    once = OncePerInterval(clock=clock)
    assert once.filter(record("Invalid HTTP request received."))
    clock.now = LOG_INTERVAL - 0.001
    assert not once.filter(record("Invalid HTTP request received."))
    assert not once.filter(record("Invalid HTTP request received."))
    clock.now = LOG_INTERVAL  # exactly one interval after the first: written
    again = record("Invalid HTTP request received.")
    assert once.filter(again)
    assert again.getMessage() == (
        f"Invalid HTTP request received. (2 more like it held back in the last {LOG_INTERVAL:g} s)"
    )
    assert not once.filter(record("Invalid HTTP request received."))


def test_a_kind_is_its_logger_level_first_line_and_error_not_its_numbers():
    once = OncePerInterval(clock=Clock())
    assert once.filter(record("socket.accept() out of system resource\nsocket: fd=3"))
    assert not once.filter(record("socket.accept() out of system resource\nsocket: fd=4"))
    assert once.filter(record("closed %d connections", 5))
    assert not once.filter(record("closed %d connections", 6))  # (before its arguments)
    assert once.filter(record("closed 7 connections"))
    assert not once.filter(record("closed 8 connections"))  # (the same, digits aside)
    assert once.filter(record("closed 7 connections", name="asyncio"))  # another logger
    assert once.filter(record("closed 7 connections", level=logging.ERROR))  # another level
    assert once.filter(record("Exception in ASGI application", error=KeyError("k")))
    assert once.filter(record("Exception in ASGI application", error=ValueError("v")))
    assert not once.filter(record("Exception in ASGI application", error=ValueError("w")))


def test_past_its_kinds_a_loggers_new_kinds_are_one_kind():
    once = OncePerInterval(clock=Clock(), kinds=3)
    assert all(once.filter(record(f"kind {name}")) for name in "abc")  # exactly: 3 kinds
    assert once.filter(record("kind d"))  # one past: the logger's other kind, once
    assert not once.filter(record("kind e"))
    assert once.filter(record("kind a")) is False  # (the first three still known)
    assert LOG_KINDS > 3


def test_a_log_line_with_a_percent_after_its_count_is_still_written():
    clock = Clock()
    once = OncePerInterval(clock=clock, interval=2.5)
    once.filter(record("100%% of %s", "it"))
    once.filter(record("100%% of %s", "it"))
    clock.now = 2.5
    again = record("100%% of %s", "it")
    assert once.filter(again)
    assert again.getMessage() == "100% of it (1 more like it held back in the last 2.5 s)"


@pytest.mark.parametrize("ignored", [True, False])
def test_the_server_stops_on_sigint_unless_the_process_was_started_ignoring_it(ignored):
    before = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    served = Server(config(nothing))
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN if ignored else signal.default_int_handler)
        with served.capture_signals():
            inside = signal.getsignal(signal.SIGINT)
            assert signal.getsignal(signal.SIGTERM) == served.handle_exit
        assert (inside is signal.SIG_IGN) is ignored
        assert ignored or inside == served.handle_exit
        assert signal.getsignal(signal.SIGINT) is (
            signal.SIG_IGN if ignored else signal.default_int_handler
        )
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)
