"""`lenwordle tree`'s options checked before any search: where the tree is written (--out,
--trees), the size of the search, the --scheduler address and what answers there; a finished
tree printed even when its file cannot be written; the progress line within the terminal."""

import errno
import os
import socket
import stat
import subprocess
import sys
import tempfile
import threading
import time

import pytest
from helpers import invoke, one_line_error, tree_lists
from test_optimal import game, sample

from lenwordle.cli import common
from lenwordle.search import besttree
from lenwordle.search.optimal import problem_of
from lenwordle.store import treefiles
from lenwordle.words import files

WORDS = sample(3, 12)
ANSWERS = WORDS[:7]


@pytest.fixture
def lists(tmp_path, monkeypatch):
    """Return the --words and --answers options of a small game (trees in tmp_path)."""
    return tree_lists(tmp_path, monkeypatch, WORDS, ANSWERS)


def total_of(result) -> int:
    return int(result.stdout.split("total ")[1].split()[0])


# -- --width ------------------------------------------------------------------------------


@pytest.mark.parametrize("width", ["0", "abc", "-1", ""])
def test_a_width_that_is_none_is_one_line_before_any_search(lists, width, no_search):
    message = one_line_error(invoke("tree", *lists, "--width", width))
    assert message == f"error: --width '{width}': a number of guesses (at least 1), or all"


def test_the_least_width_searches(lists):
    result = invoke("tree", *lists, "--width", "1", "--workers", "1")  # (exactly the least)
    assert result.returncode == 0 and result.stdout.startswith("opener "), result.stderr


def test_a_wrong_game_is_said_before_a_wrong_width(lists, no_search):
    message = one_line_error(invoke("tree", *lists, "--width", "abc", "--lang", "xx"))
    assert message.startswith("error: unknown language 'xx'")


# -- --out and --trees -------------------------------------------------------------------


def test_a_fifo_as_out_is_refused_before_the_search_and_stays_a_fifo(tmp_path, lists, no_search):
    fifo = tmp_path / "p"
    os.mkfifo(fifo)
    message = one_line_error(invoke("tree", *lists, "--out", str(fifo)))
    assert message == f"error: --out: {fifo}: is a named pipe (FIFO), not a regular file"
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_a_device_as_out_is_refused_and_left_alone(lists, no_search):
    message = one_line_error(invoke("tree", *lists, "--out", os.devnull))
    assert "is a character device, not a regular file" in message
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)


@pytest.mark.process
@pytest.mark.parametrize("stream", ["/dev/stdout", "/dev/stderr", "/dev/fd/1", "/proc/self/fd/1"])
def test_the_process_own_output_as_out_is_refused(tmp_path, lists, stream):
    # into a file, /dev/stdout leads to that file: replacing it would lose the printed figures
    with open(tmp_path / "printed.txt", "w") as printed:
        result = subprocess.run(
            [sys.executable, "-m", "lenwordle", "tree", *lists, "--out", stream],
            stdout=printed,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )
    assert result.returncode == 2 and "is a stream of this process" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_symlink_to_a_pipe_is_refused_as_the_pipe(tmp_path, lists):
    read, write = os.pipe()
    link = tmp_path / "out"
    link.symlink_to(f"/proc/{os.getpid()}/fd/{write}")  # realpath: 'pipe:[N]', no file
    try:
        message = one_line_error(invoke("tree", *lists, "--out", str(link)))
    finally:
        os.close(read), os.close(write)
    assert message == f"error: --out: {link}: is a named pipe (FIFO), not a regular file"


def test_a_folder_as_out_is_refused_before_the_search(tmp_path, lists, no_search):
    (tmp_path / "d").mkdir()
    message = one_line_error(invoke("tree", *lists, "--out", str(tmp_path / "d")))
    assert message == f"error: --out: {tmp_path / 'd'}: is a directory, not a file"


def test_out_through_a_symlink_replaces_the_file_it_points_to_and_keeps_the_link(tmp_path, lists):
    (tmp_path / "elsewhere").mkdir()
    target = tmp_path / "elsewhere" / "tree.json"
    target.write_text("old\n")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    result = invoke("tree", *lists, "--out", str(link))
    assert result.returncode == 0, result.stderr
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert treefiles.read(target)["summary"]["total"] == total_of(result)
    assert sorted(p.name for p in (tmp_path / "elsewhere").iterdir()) == ["tree.json"]


def test_out_through_a_dangling_symlink_creates_the_file_it_names(tmp_path, lists):
    target = tmp_path / "new.json"
    link = tmp_path / "link.json"
    link.symlink_to(target)
    assert invoke("tree", *lists, "--out", str(link)).returncode == 0
    assert link.is_symlink() and treefiles.read(target)["complete"]


def test_a_symlink_to_a_fifo_is_refused(tmp_path, lists, no_search):
    os.mkfifo(tmp_path / "p")
    (tmp_path / "link").symlink_to(tmp_path / "p")
    assert "named pipe" in one_line_error(invoke("tree", *lists, "--out", str(tmp_path / "link")))


def test_a_trees_folder_under_a_regular_file_is_refused_before_the_search(
    tmp_path, lists, no_search
):
    (tmp_path / "f").write_text("")
    message = one_line_error(invoke("tree", *lists, "--trees", str(tmp_path / "f" / "sub")))
    assert message.startswith("error: --trees: ") and "Not a directory" in message


def unwritable(monkeypatch, folder):
    """Make folder refuse new files, as it would without write permission (tests run as root)."""
    real = tempfile.mkstemp

    def mkstemp(*args, dir=None, **kwargs):
        if dir is not None and os.fspath(dir) == os.fspath(folder):
            raise PermissionError(errno.EACCES, "Permission denied", os.fspath(folder))
        return real(*args, dir=dir, **kwargs)

    monkeypatch.setattr(files.tempfile, "mkstemp", mkstemp)


def test_an_unwritable_trees_folder_is_refused_before_the_search(
    tmp_path, lists, monkeypatch, no_search
):
    folder = tmp_path / "ro"
    folder.mkdir()
    unwritable(monkeypatch, folder)
    message = one_line_error(invoke("tree", *lists, "--trees", str(folder)))
    assert f"cannot write in {folder} (Permission denied)" in message


def test_an_unwritable_default_tree_folder_is_refused_before_the_search(
    tmp_path, lists, monkeypatch, no_search
):
    unwritable(monkeypatch, tmp_path / "trees")
    message = one_line_error(invoke("tree", *lists))
    assert message.startswith("error: the tree folder: ") and "Permission denied" in message


def test_a_write_that_fails_after_the_search_prints_the_tree_and_names_the_file(
    tmp_path, lists, monkeypatch
):
    out = tmp_path / "tree.json"
    real = treefiles.write

    def write(path, record):
        if os.fspath(path) == os.fspath(out):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(path, record)

    monkeypatch.setattr(treefiles, "write", write)
    result = invoke("tree", *lists, "--out", str(out))
    message = one_line_error(result, 1)
    assert message == f"error: the tree above was not written to {out} (No space left on device)"
    assert result.stdout.startswith("opener ") and "total " in result.stdout
    assert not out.exists()
    assert len(list((tmp_path / "trees").iterdir())) == 1  # the other file was written


# -- the size of the search --------------------------------------------------------------


def table_bytes() -> int:
    problem = problem_of(game(WORDS, ANSWERS))
    return len(problem.answer_words) * len(problem.guess_words)  # 1 byte a 5-letter pattern


def test_a_search_exactly_at_the_size_limit_runs(lists, monkeypatch):
    monkeypatch.setattr(besttree, "MAX_TABLE_BYTES", table_bytes())
    result = invoke("tree", *lists)
    assert result.returncode == 0, result.stderr


def test_a_search_one_byte_past_the_size_limit_is_refused_up_front(lists, monkeypatch, no_search):
    size = table_bytes()
    monkeypatch.setattr(besttree, "MAX_TABLE_BYTES", size - 1)
    message = one_line_error(invoke("tree", *lists))
    assert message == (
        f"error: {len(ANSWERS)} answers x {len(WORDS)} guesses is too big for a tree search "
        f"(a pattern table of {size:,} bytes, past the {size - 1:,} it is bounded by); give "
        "fewer answers (or words)"
    )


def test_the_bundled_dictionary_is_refused_at_once(no_search):
    started = time.monotonic()
    for k in ("5", "11"):
        assert "too big for a tree search" in one_line_error(invoke("tree", "-k", k))
    assert time.monotonic() - started < 10


# -- --scheduler -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "address, why",
    [
        ("bogus", "give HOST:PORT"),
        ("tcp://somehost", "give HOST:PORT"),
        ("tcp://somehost:0", "give HOST:PORT"),
        ("tcp://somehost:65536", "give HOST:PORT"),
        ("carrier-pigeon://somehost:8786", "unknown protocol carrier-pigeon://"),
    ],
)
def test_a_scheduler_address_of_the_wrong_form_is_refused_before_the_lists_are_read(
    tmp_path, address, why, no_search
):
    missing = str(tmp_path / "missing.txt")  # never read: the address is refused first
    message = one_line_error(invoke("tree", "--words", missing, "--scheduler", address))
    assert message.startswith(f"error: --scheduler '{address}' is not a Dask scheduler address")
    assert why in message


def test_a_scheduler_without_dask_installed_is_refused_before_the_lists_are_read(
    tmp_path, monkeypatch, no_search
):
    monkeypatch.setitem(sys.modules, "distributed.comm", None)  # import fails
    missing = str(tmp_path / "missing.txt")
    message = one_line_error(invoke("tree", "--words", missing, "--scheduler", "tcp://h:8786"))
    assert "--scheduler needs dask.distributed" in message


def listener(reply: bytes | None):
    """Return the port of a TCP listener that answers every connection with reply (None:
    never answers), and its socket (close it when done)."""
    server = socket.create_server(("127.0.0.1", 0))
    kept = []

    def serve():
        while True:
            try:
                conn, _ = server.accept()
            except OSError:
                return
            kept.append(conn)
            if reply is not None:
                conn.recv(1024)
                conn.sendall(reply)
                conn.close()

    threading.Thread(target=serve, daemon=True).start()
    return server.getsockname()[1], server, kept


@pytest.fixture
def short_waits(monkeypatch):
    monkeypatch.setattr(besttree, "CONNECT_SECONDS", 1.0)
    monkeypatch.setattr(besttree, "WORKER_SECONDS", 1.0)


def timed(args) -> tuple[str, float]:
    started = time.monotonic()
    message = one_line_error(invoke(*args))
    return message, time.monotonic() - started


def test_a_scheduler_that_answers_http_is_named_not_a_dask_scheduler(lists, short_waits):
    port, server, _ = listener(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
    try:
        message, _ = timed(["tree", *lists, "--scheduler", f"tcp://127.0.0.1:{port}"])
    finally:
        server.close()
    assert "what answered is not a Dask scheduler" in message


def test_a_scheduler_that_never_answers_is_given_up_after_the_timeout(lists, short_waits):
    port, server, kept = listener(None)
    try:
        message, seconds = timed(["tree", *lists, "--scheduler", f"tcp://127.0.0.1:{port}"])
    finally:
        server.close()
        for conn in kept:
            conn.close()
    assert "gave no Dask handshake within 1 s" in message and seconds < 10


def test_a_refused_scheduler_port_is_said_at_once(lists):
    with socket.create_server(("127.0.0.1", 0)) as server:
        port = server.getsockname()[1]  # closed: nothing listens there any more
    message, seconds = timed(["tree", *lists, "--scheduler", f"tcp://127.0.0.1:{port}"])
    assert "cannot connect (Connection refused)" in message and seconds < 5


def test_a_scheduler_with_no_worker_says_so_after_the_wait(lists, short_waits, no_search):
    distributed = pytest.importorskip(
        "dask.distributed", reason="dask[distributed] is not installed"
    )
    with distributed.LocalCluster(n_workers=0, processes=False) as cluster:
        address = cluster.scheduler_address
        message, seconds = timed(["tree", *lists, "--scheduler", address])
    assert message.startswith(f"error: --scheduler {address}: the scheduler has no worker")
    assert "waited 1 s" in message and seconds < 10


# -- progress ----------------------------------------------------------------------------


@pytest.mark.parametrize("columns", [20, 80])
def test_the_progress_line_is_cut_to_the_terminal_width(capsys, monkeypatch, columns):
    monkeypatch.setenv("COLUMNS", str(columns))
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    about = "SALET: 12 of 20 parts, best REAST 7927 " * 3
    common.progress_line(12, 20, about)
    shown = capsys.readouterr().err
    line = shown.removeprefix("\r").removesuffix("\x1b[K")
    assert line == f"12/20 {about}"[: columns - 1]
