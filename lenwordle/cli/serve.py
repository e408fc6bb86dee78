"""`lenwordle serve`: the web page (lenwordle.web) served on this computer by uvicorn. The
web layer and its packages (the [web] extra) are imported here only, when the command runs:
without them, the rest of the command line works, and serve says how to install them."""

import socket
from pathlib import Path
from typing import Annotated

import typer

from lenwordle.api.lists import share_word_lists
from lenwordle.api.opening import share_openings
from lenwordle.api.practice import StatsError, check_statistics
from lenwordle.cli.checks import stats_said
from lenwordle.cli.common import app
from lenwordle.cli.console import fail, show

DEFAULT_HOST = "127.0.0.1"  # this computer only
DEFAULT_PORT = 8765
INSTALL = "lenwordle serve needs the web extra: pip install 'lenwordle[web]'"
SHARED_LISTS = 8  # word lists (a language, length and rule each) the server's games share
SHARED_OPENINGS = 4  # variants' openings kept (Xordle's holds 27 MB)


@app.command(name="serve")
def serve_command(
    host: Annotated[
        str,
        typer.Option(
            "--host",
            help="The address to listen on (default 127.0.0.1: this computer only; 0.0.0.0 "
            "lets other computers in).",
        ),
    ] = DEFAULT_HOST,
    port: Annotated[
        int, typer.Option("--port", help="The port to listen on (0: any free port).")
    ] = DEFAULT_PORT,
    data_dir: Annotated[
        Path | None,
        typer.Option(
            "--data-dir",
            help="Keep the page's practice statistics in this directory (default: your data "
            "directory, as lenwordle practice does).",
        ),
    ] = None,
) -> None:
    """Serve the web page: play in a browser.

    The page suggests each guess as tiles: click them (or press g, y or . on each) to give the
    colours the game showed, in any of the 13 languages and any length; each browser has its
    own game. Its Practice mode hides a secret for you to guess, and keeps your statistics.
    Ctrl-C stops the server. Needs the web extra (docs/web.md).

    Example: lenwordle serve   (then open http://127.0.0.1:8765)
    """
    if not 0 <= port <= 65535:
        fail(f"--port must be 0 to 65535, not {port}")
    try:
        check_statistics(data_dir)  # (a bad file is told now, not at a browser's first game)
    except StatsError as error:
        fail(stats_said(error), 1)
    try:
        from lenwordle.web.app import create_app
        from lenwordle.web.server import BACKLOG, Server, config
    except ImportError:
        fail(INSTALL, 1)
    try:
        listener = listening(host, port, BACKLOG)
    except OSError as error:
        fail(f"cannot listen on {host}:{port}: {error.strerror or error}", 1)
    shown = f"[{host}]" if ":" in host else host
    show(f"lenwordle serves http://{shown}:{listener.getsockname()[1]}/ (Ctrl-C stops it)")
    share_word_lists(SHARED_LISTS)  # the games of one list hold one copy of it
    share_openings(SHARED_OPENINGS)  # ...and the games of one variant its opening
    app = create_app(host=host, warm=True, data_dir=data_dir)  # (the first page's game made now)
    Server(config(app)).run(sockets=[listener])


def listening(host: str, port: int, backlog: int) -> socket.socket:
    """Return a socket bound to host and port (its first address) and listening, backlog
    connections waiting to be accepted: a browser may connect as soon as the address is
    shown. OSError if it cannot be (a port in use, an address not of this computer...)."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
    except socket.gaierror as error:
        raise OSError(error.errno, f"no such address ({error.strerror})") from None
    listener = socket.socket(family, kind, proto)
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(address)
        listener.listen(backlog)
    except OSError:
        listener.close()
        raise
    return listener
