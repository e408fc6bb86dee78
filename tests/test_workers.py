"""The forked workers (engine/workers.py): fork_map's batches run in fresh workers, never more
at once than asked, their results in order and every tick reported; a worker that fails or
exits early; a fork refused; the default number of workers; and the signals: a worker ignores
Ctrl-C, dies by SIGTERM and with its parent, and a signal's note is kept. The forking tests
fork a few tiny workers (a few tens of milliseconds); the signal tests call a worker's set-up
in this process, its system calls stood in for. Expectations are worked by hand."""

import json
import os
import signal
from types import SimpleNamespace

import pytest

from lenwordle.engine import workers
from lenwordle.engine.workers import WorkerError, fork_map

# ---- fork_map and its workers ----


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
    for pid in pids:  # every worker was reaped (another test's child may still be about)
        with pytest.raises(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)


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


# ---- a worker's signals, its system calls stood in for ----


class _Exited(Exception):
    """os._exit, stood in for: the code it was given."""


@pytest.fixture
def worker_world(monkeypatch):
    """Stand in for what a worker's set-up touches beyond signal handlers: prctl, threads,
    os.getppid/os._exit, sleeping; restore SIGINT's and SIGTERM's handlers and the mask."""
    world = SimpleNamespace(prctl=[], threads=[], sleeps=[], ppid=[4242], prctl_answer=0)

    def prctl(*args):
        world.prctl.append(args)
        return world.prctl_answer

    class Thread:
        def __init__(self, **kwargs):
            self.kwargs = kwargs

        def start(self):
            world.threads.append(self.kwargs)

    def getppid():
        return world.ppid.pop(0) if len(world.ppid) > 1 else world.ppid[0]

    def _exit(code):
        raise _Exited(code)

    world.pdeathsig = prctl
    monkeypatch.setattr(workers, "_pdeathsig", lambda: world.pdeathsig)
    monkeypatch.setattr(workers, "threading", SimpleNamespace(Thread=Thread))
    monkeypatch.setattr(workers, "os", SimpleNamespace(getppid=getppid, _exit=_exit))
    monkeypatch.setattr(workers, "time", SimpleNamespace(sleep=world.sleeps.append))
    handlers = {sig: signal.getsignal(sig) for sig in workers.STOP_SIGNALS}
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, [])
    try:
        yield world
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        for sig, handler in handlers.items():
            signal.signal(sig, handler)


def _noted(signum, frame):
    pass


def test_a_worker_ignores_ctrl_c_dies_by_sigterm_asks_to_die_with_its_parent_and_lets_signals_in(
    worker_world,
):
    signal.signal(signal.SIGINT, _noted)
    signal.signal(signal.SIGTERM, _noted)
    signal.pthread_sigmask(signal.SIG_BLOCK, workers.STOP_SIGNALS)  # as _start holds them
    workers._worker_signals(4242)
    assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL
    assert worker_world.prctl == [(1, 9, 0, 0, 0)]  # PR_SET_PDEATHSIG, SIGKILL
    assert worker_world.threads == []  # no watcher needed
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, [])
    assert signal.SIGINT not in blocked and signal.SIGTERM not in blocked


@pytest.mark.parametrize("prctl", ["missing", "failing"])
def test_a_worker_without_pdeathsig_watches_its_parent_from_a_daemon_thread(worker_world, prctl):
    if prctl == "missing":
        worker_world.pdeathsig = None
    worker_world.prctl_answer = -1
    workers._worker_signals(4242)
    assert worker_world.threads == [{"target": workers._watch, "args": (4242,), "daemon": True}]


def test_a_worker_whose_parent_died_already_ends_with_status_1(worker_world):
    worker_world.ppid = [1]  # adopted: its parent 4242 is gone
    with pytest.raises(_Exited) as ended:
        workers._worker_signals(4242)
    assert ended.value.args == (1,)


def test_the_watcher_sleeps_at_most_half_a_second_a_time_until_the_parent_is_gone(worker_world):
    worker_world.ppid = [4242, 4242, 4242, 1]
    with pytest.raises(_Exited) as ended:
        workers._watch(4242)
    assert ended.value.args == (1,)
    assert len(worker_world.sleeps) == 3 and all(0 < s <= 0.5 for s in worker_world.sleeps)


def test_sigint_raises_keyboardinterrupt_sigterm_terminated_and_the_first_is_remembered(
    monkeypatch,
):
    monkeypatch.setattr(workers, "_received", [])
    with pytest.raises(KeyboardInterrupt) as caught:
        workers._on_signal(signal.SIGINT, None)
    assert type(caught.value) is KeyboardInterrupt
    with pytest.raises(KeyboardInterrupt) as caught:  # (Terminated is one)
        workers._on_signal(signal.SIGTERM, None)
    assert type(caught.value) is workers.Terminated
    assert workers.stopped_by() == signal.SIGINT and workers._received == [2, 15]


def test_nothing_kept_says_its_note_and_the_stop_notes_keep_it(monkeypatch):
    monkeypatch.setattr(workers, "_notes", [])
    error = workers.nothing_kept("the tree was not written")
    assert isinstance(error, KeyboardInterrupt) and str(error) == "the tree was not written"
    notes = workers.stop_notes()
    assert notes == ["the tree was not written"]
    notes.append("changed")  # a copy
    assert workers.stop_notes() == ["the tree was not written"]
