"""Stopping a command with real signals: SIGTERM and Ctrl-C end it at once, with its exit code
and one line, and leave none of its worker processes behind (read from /proc)."""

import contextlib
import errno
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import run

from lenwordle.engine import workers as parallel

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/stat").exists(), reason="reads the processes from /proc"
)

# `lenwordle` (argv[1:]) whose tree progress goes to stderr as `progress ...` lines, terminal
# or not: the test sees when every quick tree is known
WITH_PROGRESS = """
import sys
from lenwordle.cli import app as cli, common
common.progress_line = lambda done, total, about: print("progress", about, file=sys.stderr,
                                                      flush=True)
sys.argv = ["lenwordle", *sys.argv[1:]]
cli.main()
"""


def processes() -> list[tuple[int, str, int, int]]:
    """Return (pid, state, parent pid, process group) of every process."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:  # (gone meanwhile)
                continue
            state, ppid, pgrp = stat.rsplit(")", 1)[1].split()[:3]
            found.append((int(entry), state, int(ppid), int(pgrp)))
    return found


def workers_of(pid: int) -> list[int]:
    """Return the live child processes of pid."""
    return [p for p, state, ppid, _ in processes() if ppid == pid and state != "Z"]


def left_of(group: int) -> list[int]:
    """Return the live processes of a process group (the command's session: its workers)."""
    return [p for p, state, _, pgrp in processes() if pgrp == group and state != "Z"]


def start(*args, script: str | None = None) -> subprocess.Popen:
    """Start `lenwordle args` in its own session (so its process group is its own)."""
    command = ["-c", script] if script else ["-m", "lenwordle"]
    return subprocess.Popen(
        [sys.executable, *command, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=_interruptible,
    )


def _interruptible() -> None:
    """In the child: Ctrl-C as a terminal gives it, even when these tests were started with
    SIGINT ignored (a background job of a shell without job control), which lenwordle
    would keep ignoring, as nohup asks."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def wait_for_workers(proc: subprocess.Popen, count: int = 2, timeout: float = 60) -> list[int]:
    """Wait until the command runs `count` workers; return them."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert proc.poll() is None, proc.communicate()
        workers = workers_of(proc.pid)
        if len(workers) >= count:
            return workers
        time.sleep(0.05)
    raise AssertionError(f"no {count} workers within {timeout} s")


def stop(proc: subprocess.Popen, sig: int) -> tuple[str, str, float]:
    """Send sig; return the command's stdout, stderr and seconds to exit (bounded wait)."""
    sent = time.monotonic()
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=30)
    return out, err, time.monotonic() - sent


def assert_nothing_left(proc: subprocess.Popen) -> None:
    """Assert that no process of the command's group is alive (given a moment to die)."""
    deadline = time.monotonic() + 5
    while left_of(proc.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert left_of(proc.pid) == []


@contextlib.contextmanager
def cleaned(proc: subprocess.Popen):
    """Whatever the test asserts, kill what is left of the command at the end."""
    try:
        yield proc
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()


def nyt_args(nyt) -> list[str]:
    return ["--words", str(nyt / "guesses.txt"), "--answers", str(nyt / "answers.txt")]


@pytest.mark.parametrize("openers", [["--start", "salet"], ["--openers", "2"]])
def test_sigterm_to_tree_ends_it_and_its_workers(nyt, tmp_path, openers):
    args = ["tree", *nyt_args(nyt), *openers, "--workers", "2", "--trees", str(tmp_path)]
    with cleaned(start(*args)) as proc:
        wait_for_workers(proc)
        out, err, seconds = stop(proc, signal.SIGTERM)
        assert proc.returncode == 143, err
        assert seconds < 5
        assert err.startswith("terminated") and len(err.splitlines()) == 1, err
        assert_nothing_left(proc)
    assert list(tmp_path.iterdir()) == []  # an unfinished tree is not stored


def test_sigterm_to_bench_ends_it_and_its_workers(nyt):
    with cleaned(start("bench", *nyt_args(nyt), "--workers", "2")) as proc:
        wait_for_workers(proc)
        out, err, seconds = stop(proc, signal.SIGTERM)
        assert proc.returncode == 143, err
        assert seconds < 5
        assert err.splitlines()[-1] == "terminated" and "Traceback" not in err, err
        assert out == ""
        assert_nothing_left(proc)


@pytest.mark.alone  # (a bound on wall time: nothing beside it, as a player's Ctrl-C)
@pytest.mark.parametrize("openers", [["--start", "salet"], ["--openers", "2"]])
def test_ctrl_c_on_tree_exits_130_at_once_with_one_line(nyt, tmp_path, openers):
    # the workers' first tasks: the quick trees of one opener, or the openers themselves, of
    # a few seconds each: nothing to keep yet, and nothing is computed after the interruption
    args = ["tree", *nyt_args(nyt), *openers, "--workers", "2", "--trees", str(tmp_path)]
    with cleaned(start(*args)) as proc:
        wait_for_workers(proc)
        out, err, seconds = stop(proc, signal.SIGINT)
        assert proc.returncode == 130, err
        assert seconds < 3
        assert err.splitlines() in (["interrupted: no tree was kept"], ["interrupted"]), err
        if err == "interrupted\n":  # (a slow start: the quick trees were already known)
            assert "not proven: interrupted" in out
        else:
            assert out == ""
        assert_nothing_left(proc)


@pytest.mark.alone  # (a bound on wall time)
def test_ctrl_c_on_tree_keeps_the_best_tree_so_far(nyt, tmp_path):
    args = ["tree", *nyt_args(nyt), "--start", "salet", "--workers", "2", "--trees"]
    with cleaned(start(*args, str(tmp_path), script=WITH_PROGRESS)) as proc:
        for line in proc.stderr:  # until every part has its quick tree
            assert line.startswith("progress "), line
            if "quick trees" not in line:
                break
        sent = time.monotonic()
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
        assert time.monotonic() - sent < 3
        assert proc.returncode == 130, err
        assert [line for line in err.splitlines() if not line.startswith("progress ")] == [
            "interrupted"
        ]
        assert out.startswith("opener SALET  total ") and "not proven: interrupted" in out
        assert_nothing_left(proc)
    assert list(tmp_path.iterdir()) == []


# forks two workers that say their pids and sleep; the test kills this parent with SIGKILL
DIES_WITH_PARENT = """
import sys, os, time
from lenwordle.engine.workers import fork_map

def work(n, tick):
    tick(os.getpid())
    time.sleep(120)
    return n

fork_map(work, [1, 2], 2, lambda i, pid: print(pid, flush=True))
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_a_worker_dies_when_its_parent_is_killed():
    with cleaned(start(script=DIES_WITH_PARENT)) as proc:
        workers = [int(proc.stdout.readline()) for _ in range(2)]
        assert sorted(workers) == sorted(workers_of(proc.pid))
        os.kill(proc.pid, signal.SIGKILL)  # no clean-up of its own can run
        proc.wait(timeout=10)
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and any(
            pid in workers and state != "Z" for pid, state, _, _ in processes()
        ):
            time.sleep(0.05)
        assert [pid for pid, state, _, _ in processes() if pid in workers and state != "Z"] == []


def test_a_fork_that_fails_leaves_no_pipe_open(monkeypatch):
    def no_fork():
        raise BlockingIOError(errno.EAGAIN, "Resource temporarily unavailable")

    before = len(os.listdir("/proc/self/fd"))
    monkeypatch.setattr(os, "fork", no_fork)
    with pytest.raises(OSError):
        parallel.fork_map(lambda batch, tick: batch, [1, 2, 3], workers=2)
    assert len(os.listdir("/proc/self/fd")) == before


def test_ctrl_c_on_prove_keeps_what_is_proven_and_a_run_again_resumes_it(tmp_path):
    from test_optimal import sample

    from lenwordle.api.proofs import prove
    from lenwordle.store import proof_file

    words = sample(3, 800)
    (tmp_path / "w.txt").write_text("\n".join(words) + "\n")
    (tmp_path / "a.txt").write_text("\n".join(words[::2]) + "\n")
    lists = ["--words", str(tmp_path / "w.txt"), "--answers", str(tmp_path / "a.txt")]
    whole = tmp_path / "whole.txt"
    prove(results=whole, words=tmp_path / "w.txt", answers=tmp_path / "a.txt")
    cut = tmp_path / "cut.txt"
    args = ["prove", *lists, "--workers", "2", "--results", str(cut)]
    with cleaned(start(*args, script=WITH_PROGRESS)) as proc:
        for line in proc.stderr:  # until a first guess is proven
            if "left" in line:
                break
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
        assert proc.returncode == 130, err
        assert err.splitlines()[-1] == "interrupted" and "Traceback" not in err, err
        assert "not finished: run the same command again" in out
        assert_nothing_left(proc)
    kept = proof_file.read(cut, words)
    assert 1 <= len(kept.verdicts) < len(words)
    assert kept.runs[-1].endswith("(interrupted)")
    again = run(*args)
    assert again.returncode == 0, again.stderr
    assert "is the best first guess: proven over all 800" in again.stdout

    def made(path):
        return [
            line
            for line in path.read_text().splitlines()
            if not line.startswith(("# run", "# cpu"))
        ]

    assert made(cut) == made(whole)
