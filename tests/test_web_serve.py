"""`lenwordle serve`: the real command, its one-line errors (no extra, a port in use, a bad
port), and a real server process that answers and stops on a signal."""

import json
import os
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


@pytest.mark.process
@pytest.mark.parametrize(
    "sig, code, said", [(signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "terminated")]
)
def test_the_server_answers_and_a_signal_stops_it_in_one_line(sig, code, said):
    pytest.importorskip("uvicorn", reason="the [web] extra is not installed")
    server = subprocess.Popen(
        [sys.executable, "-m", "lenwordle", "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "LENWORDLE_DEBUG": ""},
    )
    try:
        line = server.stdout.readline()
        assert line.startswith("lenwordle serves http://127.0.0.1:"), line
        url = line.split()[2]
        with urllib.request.urlopen(url + "api/game", timeout=30) as answer:
            assert json.load(answer)["game"]["suggestion"] == "SLATE"
        server.send_signal(sig)
        assert server.wait(30) == code
        errors = server.stderr.read()
        assert errors.strip() == said, errors
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()


def test_the_servers_games_share_their_word_lists(monkeypatch):
    uvicorn = pytest.importorskip("uvicorn")
    from lenwordle.api import lists
    from lenwordle.cli.serve import SHARED_LISTS

    ran = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets: ran.append(sockets))
    try:
        assert run_in_process("serve", "--port", "0").returncode == 0 and ran
        assert lists.SHARED_LISTS.size == SHARED_LISTS == 8
    finally:
        lists.share_word_lists(None)
        for listener in ran[0] if ran else []:
            listener.close()
