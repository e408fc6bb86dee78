"""Fixtures (the standard lists, a pseudo-terminal, the umask kept); shared helpers that
are not fixtures are in helpers.py, imported by name."""

import fcntl
import os
import pty
import select
import signal
import subprocess
import sys
import termios
import time

import pytest
from helpers import NO_NYT, NYT


@pytest.fixture
def nyt():
    """The standard Wordle lists (answers.txt, guesses.txt), read from ../shared."""
    if not (NYT / "answers.txt").is_file():
        pytest.skip(NO_NYT)
    return NYT


@pytest.fixture(autouse=True)
def umask_unchanged():
    """Fail a test that leaves the umask changed (later tests would see it); restore it."""
    before = os.umask(0o022)
    os.umask(before)
    yield
    after = os.umask(before)
    assert after == before, f"the test left the umask at {after:03o}, not {before:03o}"


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "process: starts a lenwordle process (a pseudo-terminal, signals, a pipe); left out of "
        "the mutation run (benchmarks/mutation.py), which runs its tests in-process",
    )


# Under mutation (mutmut sets MUTANT_UNDER_TEST), these files run first: quick, and they
# kill most mutants of the lower layers, and mutmut stops a mutant's run at its first failure
FIRST_UNDER_MUTATION = (
    "test_patterns.py",
    "test_constraints.py",
    "test_mutants_engine.py",
    "test_mutants_words.py",
    "test_alphabets.py",
    "test_wordlist.py",
    "test_limits.py",
    "test_entropy.py",
    "test_beyond.py",
)


def pytest_collection_modifyitems(config, items):
    """Mark `process` every test that plays in a pseudo-terminal (the `terminal` fixture);
    under mutation, run FIRST_UNDER_MUTATION first (otherwise the order is unchanged)."""
    for item in items:
        if "terminal" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.process)
    if os.environ.get("MUTANT_UNDER_TEST"):
        rank = {name: i for i, name in enumerate(FIRST_UNDER_MUTATION)}
        items.sort(key=lambda item: rank.get(item.path.name, len(rank)))


def pytest_terminal_summary(terminalreporter):
    """Say in one line how many tests were skipped for want of ../shared (easy to miss in -q)."""
    skipped = [r for r in terminalreporter.stats.get("skipped", []) if NO_NYT in str(r.longrepr)]
    if skipped:
        tests = "test was" if len(skipped) == 1 else "tests were"
        terminalreporter.write_line(
            f"note: {len(skipped)} {tests} skipped because {NO_NYT}", yellow=True, bold=True
        )


def _controlling_terminal():
    """In the child: start a session whose controlling terminal is the pty (so Ctrl-C works).

    SIGINT goes back to its default: a job started in the background inherits it ignored,
    and Python then never turns Ctrl-C into KeyboardInterrupt.
    """
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Terminal:
    """A `lenwordle` command in a real pseudo-terminal, typed at as a person would."""

    def __init__(self, *args, env=None):
        self.master, slave = pty.openpty()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "lenwordle", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            close_fds=True,
            preexec_fn=_controlling_terminal,
            env={**os.environ, "TERM": "xterm", "NO_COLOR": "", **(env or {})},  # a real one
        )
        os.close(slave)
        self.output = ""

    def read_until(self, marker: str, timeout: float = 120) -> str:
        """Return the output up to and including marker (all output since the last call)."""
        deadline = time.monotonic() + timeout
        while marker not in self.output:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no {marker!r} in {self.output!r}")
            chunk = self._read(left)
            if chunk == "":
                raise EOFError(f"the program ended before {marker!r}: {self.output!r}")
            self.output += chunk or ""
        head, _, tail = self.output.partition(marker)
        self.output = tail
        return head + marker

    def _read(self, timeout: float) -> str | None:
        """Return what the program printed within timeout (None: nothing yet; '': it ended)."""
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return None
        try:
            return os.read(self.master, 4096).decode("utf-8", "replace").replace("\r\n", "\n")
        except OSError:  # the pty is closed once the program has exited
            return ""

    def type(self, line: str) -> None:
        """Type a line and Enter."""
        os.write(self.master, line.encode() + b"\r")

    def send(self, data: bytes) -> None:
        os.write(self.master, data)

    def rest(self, timeout: float = 60) -> str:
        """Return everything printed until the program exits."""
        deadline = time.monotonic() + timeout
        out = self.output
        while time.monotonic() < deadline:
            chunk = self._read(0.2)
            if chunk == "" or (chunk is None and self.proc.poll() is not None):
                break
            out += chunk or ""
        self.output = ""
        return out

    def wait(self, timeout: float = 60) -> int:
        return self.proc.wait(timeout)

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        os.close(self.master)


@pytest.fixture
def terminal():
    """Return a function that starts lenwordle in a pseudo-terminal; closes them afterwards."""
    started = []

    def start(*args, env=None):
        t = Terminal(*args, env=env)
        started.append(t)
        return t

    yield start
    for t in started:
        t.close()
