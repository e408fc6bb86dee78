"""`lenwordle serve`: the real command, its one-line errors (no extra, a port in use, a bad
port), and a real server process that answers and stops on a signal."""

import json
import os
import resource
import signal
import socket
import subprocess
import sys
import urllib.request

import pytest
from helpers import one_line_error, run_in_process

from lenwordle.cli.serve import INSTALL


def test_without_the_web_extra_serve_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # (None: `import uvicorn` fails)
    monkeypatch.delitem(sys.modules, "lenwordle.web.server", raising=False)
    result = run_in_process("serve", "--port", "0")
    assert one_line_error(result, 1) == f"error: {INSTALL}"
    assert result.stdout == ""


def test_without_starlette_too(monkeypatch):
    monkeypatch.setitem(sys.modules, "starlette.applications", None)
    monkeypatch.delitem(sys.modules, "lenwordle.web.app", raising=False)
    assert one_line_error(run_in_process("serve"), 1) == f"error: {INSTALL}"


@pytest.mark.parametrize("port", ["-1", "65536"])
def test_a_port_out_of_range_is_a_usage_error(port):
    assert "--port must be 0 to 65535" in one_line_error(run_in_process("serve", "--port", port))


def test_a_port_in_use_is_one_line():
    pytest.importorskip("uvicorn", reason="the [web] extra is not installed")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        error = one_line_error(run_in_process("serve", "--port", str(port)), 1)
    assert error.startswith(f"error: cannot listen on 127.0.0.1:{port}: ")


def test_an_address_that_is_none_is_one_line():
    pytest.importorskip("uvicorn", reason="the [web] extra is not installed")
    error = one_line_error(run_in_process("serve", "--host", "no-such-host.invalid"), 1)
    assert error.startswith("error: cannot listen on no-such-host.invalid:8765: ")


def start_server(sigint=signal.SIG_DFL, open_files=None, stderr=subprocess.PIPE):
    """Start `lenwordle serve --port 0` in a process of its own, with no terminal (stdin
    from /dev/null), SIGINT as given whatever this process's is (SIG_IGN: as `nohup cmd &`
    starts it), its open files limited if given; return it and its URL."""

    def started() -> None:
        signal.signal(signal.SIGINT, sigint)
        if open_files is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (open_files, open_files))

    server = subprocess.Popen(
        [sys.executable, "-m", "lenwordle", "serve", "--port", "0"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=stderr,
        text=True,
        env={**os.environ, "LENWORDLE_DEBUG": ""},
        preexec_fn=started,
    )
    line = server.stdout.readline()
    assert line.startswith("lenwordle serves http://127.0.0.1:"), line
    return server, line.split()[2]


def stopped(server):
    """Stop a server still running (killed); return its stderr."""
    if server.poll() is None:
        server.kill()
    server.wait(30)
    return server.stderr.read() if server.stderr else ""


def game_of(url):
    with urllib.request.urlopen(url + "api/game", timeout=30) as answer:
        return json.load(answer)["game"]


@pytest.mark.process
@pytest.mark.parametrize(
    "sig, code, said", [(signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "terminated")]
)
def test_the_server_answers_and_a_signal_stops_it_in_one_line(sig, code, said):
    pytest.importorskip("uvicorn", reason="the [web] extra is not installed")
    server, url = start_server()
    try:
        assert game_of(url)["suggestion"] == "SLATE"
        server.send_signal(sig)
        assert server.wait(30) == code
        errors = server.stderr.read()
        assert errors.strip() == said, errors
    finally:
        stopped(server)


@pytest.mark.process
def test_a_server_started_ignoring_sigint_keeps_serving_through_it_and_stops_on_sigterm():
    """As `nohup lenwordle serve &` starts it: SIGINT stays ignored, as in every command."""
    pytest.importorskip("uvicorn", reason="the [web] extra is not installed")
    server, url = start_server(sigint=signal.SIG_IGN)
    try:
        server.send_signal(signal.SIGINT)
        assert game_of(url)["suggestion"] == "SLATE" and server.poll() is None
        server.send_signal(signal.SIGTERM)
        assert server.wait(30) == 143
        assert server.stderr.read().strip() == "terminated"
    finally:
        stopped(server)


@pytest.mark.process
def test_the_real_server_refuses_another_host_and_never_redirects():
    pytest.importorskip("uvicorn", reason="the [web] extra is not installed")
    server, url = start_server()
    try:
        port = int(url.rsplit(":", 1)[1].strip("/"))
        status, head, _ = raw(port, b"GET /api/game HTTP/1.1\r\nHost: evil.example.com\r\n\r\n")
        assert status == 400
        status, head, _ = raw(port, b"GET /api/game/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert status == 404 and b"location" not in head.lower()
    finally:
        stopped(server)


def raw(port, request, timeout=30):
    """Send request bytes on a connection of its own; return the answer's status, head and
    body (the connection closed by the server after them: Connection: close)."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as connection:
        connection.sendall(request.replace(b"\r\n\r\n", b"\r\nConnection: close\r\n\r\n", 1))
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split()[1]), head, body


@pytest.mark.process
def test_past_the_cap_the_socket_waiting_longest_is_closed_and_a_browser_is_answered():
    pytest.importorskip("uvicorn", reason="the [web] extra is not installed")
    from lenwordle.web.server import BACKLOG, FD_RESERVE, connection_cap

    cap = 8
    open_files = cap + 2 * BACKLOG + FD_RESERVE
    assert connection_cap(open_files) == cap
    server, url = start_server(open_files=open_files)
    port = int(url.rsplit(":", 1)[1].strip("/"))
    held = []
    try:
        for _ in range(cap + 1):  # one past the cap, each half a request
            held.append(socket.create_connection(("127.0.0.1", port), timeout=30))
            held[-1].sendall(b"GET /api/game HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Half: ")
        assert held[0].recv(1024) == b""  # closed by the server, after its grace
        for kept in held[1:]:
            kept.setblocking(False)
            with pytest.raises(BlockingIOError):
                kept.recv(1024)
        assert game_of(url)["suggestion"] == "SLATE"  # a browser's request: answered
    finally:
        for connection in held:
            connection.close()
        stopped(server)


@pytest.mark.process
def test_a_flood_of_bad_requests_is_one_line_in_the_log_and_a_head_past_its_limit_is_a_400():
    pytest.importorskip("uvicorn", reason="the [web] extra is not installed")
    from lenwordle.web.server import MAX_HEAD_BYTES

    server, url = start_server()
    port = int(url.rsplit(":", 1)[1].strip("/"))
    try:
        for _ in range(100):
            assert raw(port, b"NOT HTTP AT ALL\r\n\r\n")[0] == 400
        head = b"GET /api/game HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Long: "
        status, _, body = raw(port, head + b"x" * (MAX_HEAD_BYTES + 1 - len(head)))
        assert status == 400 and body == b"Invalid HTTP request received."
        long = head + b"x" * (MAX_HEAD_BYTES - 200) + b"\r\n\r\n"  # whole: answered
        assert raw(port, long)[0] == 200
        server.terminate()
        assert server.wait(30) == 143
        assert server.stderr.read().splitlines() == [
            "WARNING: Invalid HTTP request received.",
            "terminated",
        ]
    finally:
        stopped(server)


def test_the_servers_games_share_their_word_lists(monkeypatch):
    pytest.importorskip("uvicorn")
    from lenwordle.api import lists
    from lenwordle.cli.serve import SHARED_LISTS
    from lenwordle.web.server import Server

    ran = []
    monkeypatch.setattr(Server, "run", lambda self, sockets: ran.append(sockets))
    try:
        assert run_in_process("serve", "--port", "0").returncode == 0 and ran
        assert lists.SHARED_LISTS.size == SHARED_LISTS == 8
    finally:
        lists.share_word_lists(None)
        for listener in ran[0] if ran else []:
            listener.close()
