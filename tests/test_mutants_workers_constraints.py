"""Quick tests written to kill mutants of lenwordle/engine/workers.py (fork_map and its
workers), engine/constraints.py (whether a string can still fit the clues) and store/shelf.py
that survived the mutation run (benchmarks/mutation.py; docs/reliability.md#mutation-testing).
Expectations are worked by hand or by trying every string of a small alphabet; the forking
tests fork a few tiny workers (a few tens of milliseconds)."""

import copy
import itertools
import json
import os
import signal
from collections import Counter

import pytest
from helpers import wordlist

from lenwordle.engine import workers
from lenwordle.engine.constraints import Clues, _max_flow, fits_clues, fits_some_string
from lenwordle.engine.feedback import reply_for
from lenwordle.engine.state import GameState
from lenwordle.engine.workers import WorkerError, fork_map
from lenwordle.store import starters
from lenwordle.store.shelf import NoStoredOpener, Shelf
from lenwordle.strategies.registry import make

# ---- fork_map and its workers (engine/workers.py) ----


def _fork_map(fn, batches, n, progress=None):
    """fork_map; should a worker's copy of this test come back here (a broken worker), it
    ends at once with code 3 instead of running the rest of the tests."""
    parent = os.getpid()
    try:
        return fork_map(fn, batches, n, progress)
    finally:
        if os.getpid() != parent:
            os._exit(3)


def _where(batch, tick):
    """A task: tell the batch as progress, return it with the process that ran it."""
    tick(batch * 10)
    return [batch, os.getpid()]


def test_batches_run_in_forked_workers_their_results_in_order_and_every_tick_reported():
    told = []
    results = _fork_map(_where, [3, 1, 2], 2, lambda index, value: told.append((index, value)))
    assert [batch for batch, _ in results] == [3, 1, 2]
    pids = [pid for _, pid in results]
    assert os.getpid() not in pids and len(set(pids)) == 3  # one fresh worker a batch
    assert sorted(told) == [(0, 30), (1, 10), (2, 20)]
    with pytest.raises(ChildProcessError):
        os.waitpid(-1, os.WNOHANG)  # every worker was reaped


def test_two_batches_and_two_workers_fork_two_workers():
    results = _fork_map(_where, [1, 2], 2)
    assert [batch for batch, _ in results] == [1, 2]
    assert os.getpid() not in {pid for _, pid in results}


def test_one_batch_or_one_worker_runs_in_this_process_and_a_tick_returns_nothing():
    told = []
    assert _fork_map(_where, [7], 4, lambda i, v: told.append((i, v))) == [[7, os.getpid()]]
    assert _fork_map(_where, [1, 2], 1) == [[1, os.getpid()], [2, os.getpid()]]
    assert _fork_map(_where, [], 4) == []
    assert told == [(0, 70)]
    # tick is a procedure, in this process as in a worker: nothing comes back from it
    assert _fork_map(lambda batch, tick: tick(batch), [1], 4) == [None]
    assert _fork_map(lambda batch, tick: tick(batch), [1, 2], 2) == [None, None]


def test_never_more_workers_run_at_once_than_asked(monkeypatch):
    running_before = []
    start = workers._Pool.start

    def counted(self, index, batch):
        running_before.append(len(self.running))
        start(self, index, batch)

    monkeypatch.setattr(workers._Pool, "start", counted)
    assert [b for b, _ in _fork_map(_where, [1, 2, 3, 4], 2)] == [1, 2, 3, 4]
    assert len(running_before) == 4 and max(running_before) == 1


def test_a_pool_that_ended_normally_kills_none_of_its_reaped_workers(monkeypatch):
    killed = []
    monkeypatch.setattr(workers, "_kill", killed.append)  # (a reaped pid may be reused)
    assert len(_fork_map(_where, [1, 2, 3], 2)) == 3
    assert killed == []


def test_a_worker_that_exits_without_a_result_is_an_error_with_its_status():
    def gone(batch, tick):
        os._exit(5)

    with pytest.raises(WorkerError) as error:
        _fork_map(gone, [1, 2], 2)
    assert str(error.value) == f"a worker stopped early (status {5 << 8})"  # waitpid's status


def test_an_error_without_a_message_is_named_by_its_type():
    def fails(batch, tick):
        raise ZeroDivisionError()

    with pytest.raises(WorkerError) as error:
        _fork_map(fails, [1, 2], 2)
    assert str(error.value) == "ZeroDivisionError"


def _forked(fn, batch):
    """Start one worker as fork_map does (signals held); return (its lines, its exit code).
    Should the worker's copy of this test come back here, it ends with code 3."""
    parent = os.getpid()
    try:
        with workers._held():
            fd, pid = workers._start(fn, batch)
    finally:
        if os.getpid() != parent:
            os._exit(3)
    data = b""
    while chunk := os.read(fd, 4096):
        data += chunk
    os.close(fd)
    _, status = os.waitpid(pid, 0)
    return [json.loads(line) for line in data.decode().splitlines()], os.waitstatus_to_exitcode(
        status
    )


def test_a_worker_sends_its_result_and_exits_0_or_its_error_and_exits_1():
    assert _forked(lambda batch, tick: batch + 1, 41) == ([{"result": 42}], 0)

    def ticks_then_fails(batch, tick):
        tick("half")
        raise ValueError(f"{batch} is bad")

    assert _forked(ticks_then_fails, 3) == ([{"tick": "half"}, {"error": "3 is bad"}], 1)


def test_a_fork_refused_raises_its_own_error_and_leaves_no_pipe_open(monkeypatch):
    def no_fork():
        raise BlockingIOError(11, "Resource temporarily unavailable")

    before = sorted(os.listdir("/proc/self/fd"))
    monkeypatch.setattr(os, "fork", no_fork)
    with pytest.raises(BlockingIOError):
        _fork_map(_where, [1, 2, 3], 2)
    assert sorted(os.listdir("/proc/self/fd")) == before


def test_ending_a_pool_whose_pipe_is_closed_already_is_quiet():
    pool = workers._Pool(_where, 2, lambda index, value: None)
    read_fd, write_fd = os.pipe()
    os.close(read_fd)
    os.close(write_fd)
    pool.running[read_fd] = (0, 0, b"")  # no worker alive, its pipe gone
    pool.end()  # no OSError (EBADF) out of it


@pytest.fixture
def stop_handlers():
    saved = {sig: signal.getsignal(sig) for sig in workers.STOP_SIGNALS}
    try:
        yield
    finally:
        for sig, handler in saved.items():
            signal.signal(sig, handler)


def test_catching_signals_leaves_one_the_process_was_started_ignoring_ignored(stop_handlers):
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # as under nohup
    workers.catch_signals()
    assert signal.getsignal(signal.SIGINT) is workers._on_signal
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_IGN


def test_the_default_workers_are_the_cores_allowed_else_the_cores_else_one(monkeypatch):
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0})
    assert workers.default_workers() == 1
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 3, 5})
    assert workers.default_workers() == 3
    monkeypatch.delattr(os, "sched_getaffinity")  # (not on every system)
    monkeypatch.setattr(os, "cpu_count", lambda: 8)
    assert workers.default_workers() == 8
    monkeypatch.setattr(os, "cpu_count", lambda: None)  # undetermined
    assert workers.default_workers() == 1


# ---- whether a string still fits (engine/constraints.py) ----


def every_string_fits(history, k, letters) -> bool:
    """Return whether some string of k of these letters gives every reply (brute force)."""
    return any(
        all(reply_for(g, "".join(s)) == r for g, r in history)
        for s in itertools.product(letters, repeat=k)
    )


@pytest.mark.parametrize(
    "history, k, letters",
    [
        ([("ab", "y.")], 2, "ab"),  # a elsewhere, b absent: place 1 takes a, place 0 nothing
        ([("ab", "yy")], 2, "ab"),  # ba
        ([("bc", "yy"), ("ba", "yy")], 2, "abc"),  # place 0 takes nothing of a, b, c
        ([("bc", "yy"), ("ca", "yy")], 2, "abc"),  # cb
        ([("ab", ".y"), ("aa", ".g")], 2, "ab"),  # no a, then an a
        ([("ab", ".y"), ("ba", ".g")], 2, "ab"),  # a absent, then a green
        ([("a", "g"), ("a", "y")], 1, "ab"),  # a there, then not there
        ([("ac", "g."), ("bc", "g.")], 2, "abc"),  # a, then b, green in place 0
        ([("ba", "gy"), ("ab", "yy")], 2, "ab"),  # ba
    ],
)
def test_a_small_history_fits_some_string_exactly_when_trying_every_string_finds_one(
    history, k, letters
):
    assert fits_some_string(tuple(history), k, letters) == every_string_fits(history, k, letters)


def _some_string_has(k, letters, least, most) -> bool:
    """Return whether some string of k of these letters has each letter's count in bounds."""
    return any(
        all(least.get(ch, 0) <= Counter(s)[ch] <= most.get(ch, k) for ch in letters)
        for s in itertools.product(letters, repeat=k)
    )


@pytest.mark.parametrize(
    "k, least, most",
    [
        (4, {"a": 1, "b": 1}, {"a": 1, "b": 1, "c": 1}),  # three letters at most for four places
        (4, {"a": 1, "b": 1}, {"a": 1, "b": 1, "c": 2}),  # abcc
        (3, {"a": 1}, {"a": 1, "b": 1, "c": 0}),  # two letters at most for three places
        (3, {"a": 2}, {"a": 2, "b": 1, "c": 0}),  # aab
    ],
)
def test_letters_needed_at_least_and_allowed_at_most_fit_only_if_the_places_add_up(k, least, most):
    c = Clues(k, least=Counter(least), most=dict(most))
    assert fits_clues(c, "abc") == _some_string_has(k, "abc", least, most)


def test_the_maximum_flow_cancels_flow_sent_twice_down_one_edge():
    # p and q each reach t by m -> n (short) or by a chain of their own (long); r reaches t
    # only by n. The shortest paths first fill m -> n with p's and q's units; r's two units
    # then each push one back along n -> m. The cut {n -> t, a3 -> t, b3 -> t} is 4.
    edges = [("s", "p", 1), ("s", "q", 1), ("p", "m", 1), ("q", "m", 1), ("m", "n", 2)]
    edges += [("n", "t", 2), ("s", "r", 2), ("r", "r1", 2), ("r1", "r2", 2), ("r2", "n", 2)]
    edges += [("p", "a1", 1), ("a1", "a2", 1), ("a2", "a3", 1), ("a3", "t", 1)]
    edges += [("q", "b1", 1), ("b1", "b2", 1), ("b2", "b3", 1), ("b3", "t", 1)]
    graph = {}
    for u, v, capacity in edges:
        graph.setdefault(u, {})[v] = capacity
        graph.setdefault(v, {}).setdefault(u, 0)
    assert _max_flow(copy.deepcopy(graph), "s", "t") == 4


# ---- the store (store/shelf.py) ----


def test_with_no_starter_file_the_shelf_says_so_unless_it_has_its_own_reason(tmp_path):
    state = GameState.new(wordlist(["bake", "cake"]), wordlist(["bake", "cake"]), uniform=True)
    strategy = make("entropy")
    with pytest.raises(NoStoredOpener) as error:
        Shelf(starters_dir=tmp_path).opener(state, strategy)
    assert str(error.value) == f"no starter file {starters.path_for(tmp_path, 4)}"
    with pytest.raises(NoStoredOpener) as error:
        Shelf(starters_dir=tmp_path, why_not_stored="--exclude changes the answers").opener(
            state, strategy
        )
    assert str(error.value) == "--exclude changes the answers"
