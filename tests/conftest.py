"""Fixtures (the standard lists, a pseudo-terminal, the umask kept); shared helpers that
are not fixtures are in helpers.py, imported by name."""

import contextlib
import fcntl
import json
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


@pytest.fixture(scope="module")
def server():
    """The page's real server on 127.0.0.1, for a module of browser tests: its URL."""
    from web_helpers import serving

    with serving() as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    """Debian's chromium launched headless, for a module of browser tests (web_browser)."""
    from web_browser import chromium

    with chromium() as launched:
        yield launched


@pytest.fixture(autouse=True, scope="session")
def data_dir_of_the_run(tmp_path_factory):
    """Point the player's data directory (XDG_DATA_HOME: practice's statistics) at a folder
    of the test run, for this process and those it starts: never the user's own."""
    os.environ["XDG_DATA_HOME"] = str(tmp_path_factory.mktemp("data-home"))
    yield


@pytest.hookimpl(tryfirst=True, hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """Under pytest-xdist (the README's `-n 2`), hold a lock shared by the run's workers
    around each test (set-up, call, teardown): shared, or exclusive for a test marked `alone`,
    which so runs with no other test beside it, as in a serial run. Outside xdist (a plain
    `pytest`, the mutation run) nothing is locked."""
    if "PYTEST_XDIST_WORKER" not in os.environ:
        yield
        return
    with _the_run_lock(item.config, exclusive=item.get_closest_marker("alone") is not None):
        yield


@contextlib.contextmanager
def _the_run_lock(config, exclusive):
    """Hold the run's lock, shared or exclusive; an exclusive one waiting goes first: it holds
    the gate while it waits, and every test takes the gate on its way in (flock alone would
    let shared holders pass it for ever). Both files are in the run's own temporary folder
    (each worker's basetemp is a folder of it), so two runs at once never wait on each other."""
    folder = config._tmp_path_factory.getbasetemp().parent  # pytest-N, shared by the workers
    gate = os.open(folder / "alone-gate.lock", os.O_RDWR | os.O_CREAT, 0o600)
    lock = os.open(folder / "alone.lock", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(gate, fcntl.LOCK_EX)
        fcntl.flock(lock, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
        if not exclusive:
            fcntl.flock(gate, fcntl.LOCK_UN)
        yield
    finally:
        os.close(lock)  # (closing drops the locks)
        os.close(gate)


@pytest.fixture(autouse=True)
def umask_unchanged():
    """Fail a test that leaves the umask changed (later tests would see it); restore it."""
    before = os.umask(0o022)
    os.umask(before)
    yield
    after = os.umask(before)
    assert after == before, f"the test left the umask at {after:03o}, not {before:03o}"


# Under mutation (mutmut sets MUTANT_UNDER_TEST), among tests of equal time these files' tests
# run first, in this order: the unit tests of the four mutated packages (words, engine, search,
# store), each file named after the module or feature it pins; quick, they kill most mutants
# of those layers, and mutmut stops a mutant's run at its first failure. The leaders first,
# then the others alphabetically. Files, not a marker: a mutant's tests are picked from the
# ids mutmut passes, before collection (tests/test_mutation_selection.py checks each exists).
FIRST_UNDER_MUTATION = (
    "test_patterns.py",
    "test_constraints.py",
    "test_kernel.py",
    "test_files.py",
    "test_alphabets.py",
    "test_wordlist.py",
    "test_limits.py",
    "test_entropy.py",
    "test_beyond.py",
    "test_state.py",
    "test_starters.py",
    "test_treefiles.py",
    "test_adversary.py",
    # the others, alphabetically
    "test_besttree.py",
    "test_estimate.py",
    "test_fitting.py",
    "test_kernel_guards.py",
    "test_langlists.py",
    "test_optimal_hard.py",
    "test_optimal_search.py",
    "test_partitions.py",
    "test_precompute.py",
    "test_prior.py",
    "test_probe.py",
    "test_quoting.py",
    "test_shelf.py",
    "test_tree.py",
    "test_typed_text.py",
    "test_wordfile.py",
    "test_workers.py",
)


# Under mutation, a mutant runs the quickest of the tests that reach its function, quickest
# first, until their times in mutmut's first pass add up to MUTATION_BUDGET seconds (at least
# one test); each of them is stopped past MUTATION_TIMEOUT times its time, and never sooner
# than MUTATION_TIMEOUT_FLOOR seconds. A test's time is its whole time in that pass: fixture
# set-up and teardown too (WHOLE_TIMES, written by this file), where mutmut counts the call
# alone. See docs/reliability.md#mutation-testing.
MUTATION_BUDGET = 1.0
MUTATION_TIMEOUT = 10
MUTATION_TIMEOUT_FLOOR = 3.0
WHOLE_TIMES = "mutation-test-times.json"  # in mutants/, beside mutmut-stats.json


def _against_a_mutant():
    """Whether this run is against one mutant (not mutmut's first pass, clean run or check)."""
    return "__mutmut_" in os.environ.get("MUTANT_UNDER_TEST", "")


def _in_the_first_pass():
    """Whether this run is mutmut's first pass (it learns which tests reach which function)."""
    return os.environ.get("MUTANT_UNDER_TEST") == "stats"


def _read_times(path):
    """Return the {test id: seconds} of a JSON file (mutmut's, under key, or ours), or {}."""
    try:
        with open(path, encoding="utf-8") as f:
            record = json.load(f)
    except (OSError, ValueError):
        return {}
    times = record.get("duration_by_test", record) if isinstance(record, dict) else None
    if not isinstance(times, dict):
        return {}
    return {k: v for k, v in times.items() if isinstance(v, int | float)}


def _durations_under_mutation():
    """Each test's time in mutmut's first pass: its whole time where this file measured it,
    else mutmut's time of its call (mutants/mutmut-stats.json); {} before the pass."""
    return {**_read_times("mutmut-stats.json"), **_read_times(WHOLE_TIMES)}


_whole_times: dict[str, float] = {}  # this session's, in mutmut's first pass


def pytest_sessionstart(session):
    _whole_times.clear()


def pytest_runtest_logreport(report):
    """In mutmut's first pass, add up each test's set-up, call and teardown times."""
    if _in_the_first_pass():
        _whole_times[report.nodeid] = _whole_times.get(report.nodeid, 0.0) + report.duration


def pytest_sessionfinish(session):
    """After mutmut's first pass, write the whole times (with those of earlier passes, which
    mutmut runs again for new tests only), atomically."""
    if not (_in_the_first_pass() and _whole_times):
        return
    merged = {**_read_times(WHOLE_TIMES), **_whole_times}
    temporary = f"{WHOLE_TIMES}.{os.getpid()}.tmp"
    with open(temporary, "w", encoding="utf-8") as f:
        json.dump(merged, f, indent=0, sort_keys=True)
    os.replace(temporary, WHOLE_TIMES)


def _quickest_first(names, durations):
    """Sort test ids (or items, by their ids) quickest first; among equals (times are rounded
    to 10 ms) FIRST_UNDER_MUTATION's files in its order, then the other files, then by id:
    the order never depends on the order mutmut passes them in (a set's, which changes with
    the hash seed: a run once left out a 12 ms test that kills 15 kernel mutants, in the
    0.01 s group where the budget ran out)."""
    rank = {name: i for i, name in enumerate(FIRST_UNDER_MUTATION)}

    def key(name):
        file = name.split("::")[0].rsplit("/", 1)[-1]
        return (round(durations.get(name, 0.0), 2), rank.get(file, len(rank)), name)

    return sorted(names, key=key)


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "process: starts a lenwordle process (a pseudo-terminal, signals, a pipe); left out of "
        "the mutation run (benchmarks/mutation.py), which runs its tests in-process",
    )
    config.addinivalue_line(
        "markers",
        "alone: holds the machine to itself, as in a serial run (a bound on wall time that "
        "another test on the other core would break): under pytest-xdist no other test runs "
        "beside it",
    )
    config.addinivalue_line(
        "markers",
        "heavy: makes Nerdle maxi's 2 177 736 equations (40 s here, past the mutation run's "
        "300 s limit under mutmut's trampoline); left out of the mutation run",
    )
    if _against_a_mutant() and config.args and all("::" in a for a in config.args):
        # mutmut names the tests that reach the mutant's function: keep the quickest within
        # the budget, before collection, so that only their files are collected
        durations = _durations_under_mutation()
        kept, spent = [], 0.0
        for name in _quickest_first(config.args, durations):
            if kept and spent >= MUTATION_BUDGET:
                break
            kept.append(name)
            spent += durations.get(name, 0.0)
        config.args[:] = kept
        config.stash[_DURATIONS] = durations


_DURATIONS = pytest.StashKey[dict]()


def pytest_collection_modifyitems(config, items):
    """Mark `process` every test that plays in a pseudo-terminal (the `terminal` fixture);
    against a mutant, run the quickest first (mutmut stops at the first failure), each with
    its own time limit (MUTATION_TIMEOUT)."""
    for item in items:
        if "terminal" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.process)
    if _against_a_mutant():
        durations = config.stash.get(_DURATIONS, None)
        if durations is None:
            durations = _durations_under_mutation()
        by_id = {item.nodeid: item for item in items}
        items[:] = [by_id[name] for name in _quickest_first(list(by_id), durations)]
        for item in items:
            took = durations.get(item.nodeid, 0.0)
            limit = max(MUTATION_TIMEOUT_FLOOR, MUTATION_TIMEOUT * took)
            # the call alone: a module's fixture, set up by whichever of its tests runs
            # first, is not held to the limit of a test that did not pay for it in the pass
            item.add_marker(pytest.mark.timeout(limit, func_only=True))


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


@pytest.fixture
def no_search(monkeypatch):
    """Make any tree search fail the test: what is refused must be refused before it."""
    from lenwordle.search import besttree

    def searched(*args, **kwargs):
        raise AssertionError("the search started")

    monkeypatch.setattr(besttree, "best_tree", searched)
