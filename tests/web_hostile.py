"""A hostile client of the web server, run in a process of its own by the load test
(tests/test_web_load.py): sockets that send half a request head and hold, reopened as the
server closes them, and requests another page or a rogue client would send."""

import http.client
import json
import socket
import threading
from concurrent.futures import ThreadPoolExecutor

COOKIELESS = 300  # GETs without a cookie (what an <img> on another page sends)
FOREIGN = 50  # requests naming another Host (DNS rebinding)
CROSS_SITE = 50  # POSTs from another page's origin
HEAVY = 10  # games too heavy for the server (Nerdle maxi)
HEAD = b"GET /api/game HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Half: "  # never ends
REOPEN_SECONDS = 0.2  # how often the closed half-open sockets are opened again


class HalfOpen:
    """`count` sockets that each send half a request head and hold, reopened as the server
    closes them, until stopped; counts those the server closed."""

    def __init__(self, port: int, count: int, stop: threading.Event):
        self.port, self.count, self.stop = port, count, stop
        self.held: list[socket.socket] = []
        self.closed = 0

    def hold(self, full: threading.Event) -> None:
        """Open the sockets (full: set once they are all open) and keep them open."""
        while not self.stop.is_set():
            self.held = [s for s in self.held if self._open(s)]
            while len(self.held) < self.count and not self.stop.is_set():
                s = socket.create_connection(("127.0.0.1", self.port), timeout=10)
                s.sendall(HEAD)
                s.setblocking(False)
                self.held.append(s)
            full.set()
            self.stop.wait(REOPEN_SECONDS)
        for s in self.held:
            s.close()

    def _open(self, s: socket.socket) -> bool:
        """Return whether the server keeps the socket open (else close it here, counted)."""
        try:
            if s.recv(1024) == b"":
                raise ConnectionResetError
        except BlockingIOError:
            return True
        except OSError:
            pass
        s.close()
        self.closed += 1
        return False


def ask(port: int, method: str, path: str, body: bytes, headers: dict) -> tuple:
    """Send one request on a connection of its own; return its status (None: the server
    closed the connection first) and whether it set a cookie."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request(
            method, path, body or None, {"Content-Type": "application/json"} | headers
        )
        answer = connection.getresponse()
        answer.read()
        return answer.status, answer.getheader("Set-Cookie") is not None
    except ConnectionError:  # (past the cap, one that had not sent its request in time)
        return None, False
    finally:
        connection.close()


def requests(port: int) -> list[tuple[str, int, bool]]:
    """Send the hostile requests, eight at once; return each kind, status and whether it set
    a cookie."""
    heavy = json.dumps({"variant": "nerdle", "length": 10}).encode()
    kinds = (
        [("cookieless", "GET", "/api/game", b"", {})] * COOKIELESS
        + [("foreign", "GET", "/api/game", b"", {"Host": "evil.example.com"})] * FOREIGN
        + [("cross-site", "POST", "/api/new", b"{}", {"Origin": "http://evil.example"})]
        * CROSS_SITE
        + [("heavy", "POST", "/api/new", heavy, {})] * HEAVY
    )
    kinds = kinds[::2] + kinds[1::2]  # (mixed)
    with ThreadPoolExecutor(8) as pool:
        return list(pool.map(lambda k: (k[0], *ask(port, *k[1:])), kinds))


def attack(port: int, half_open: int, held, stop, results) -> None:
    """Hold half_open sockets half open (held: set once they are) and send the hostile
    requests, then hold on until stop; put in results the requests' answers and how many
    sockets the server closed."""
    stopping = threading.Event()
    sockets = HalfOpen(port, half_open, stopping)
    full = threading.Event()
    holder = threading.Thread(target=sockets.hold, args=(full,), daemon=True)
    holder.start()
    answered: list = []
    try:
        full.wait(60)
        held.set()
        answered = requests(port)
        stop.wait(120)
    finally:
        stopping.set()
        holder.join(30)
        results.put((answered, sockets.closed))
