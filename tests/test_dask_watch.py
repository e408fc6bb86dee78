"""`tree --scheduler`'s own logic without a cluster, in milliseconds: the watch that gives up
when the cluster has had no worker for WORKER_SECONDS, the one-line messages, and how the
openers' tasks are sent and their results recorded (a fake client stands for Dask's; the
real cluster's behaviour is in test_tree_dask.py, which takes seconds a test)."""

import threading
import time
from contextlib import contextmanager

import pytest
from test_optimal import game, sample

from lenwordle.search import besttree
from lenwordle.search.besttree import SchedulerError, opener_task
from lenwordle.search.optimal import problem_of

distributed = pytest.importorskip("dask.distributed", reason="dask[distributed] is not installed")
from distributed.client import FutureCancelledError  # noqa: E402
from distributed.scheduler import KilledWorker  # noqa: E402

ADDRESS = "tcp://127.0.0.1:8786"


class FakeClient:
    """A client whose cluster has workers[i] workers at its i-th look (the last for ever
    after), and which records what it was asked to cancel."""

    def __init__(self, workers=(1,), fails=False):
        self.workers, self.fails = list(workers), fails
        self.looks = 0
        self.cancelled: list[tuple[list, str, float]] = []
        self.submitted: list[tuple] = []

    def nthreads(self):
        if self.fails:
            raise OSError("the scheduler is gone")
        count = self.workers[min(self.looks, len(self.workers) - 1)]
        self.looks += 1
        return {f"tcp://w{i}": 1 for i in range(count)}

    def cancel(self, futures, reason=None):
        self.cancelled.append((list(futures), reason, time.monotonic()))

    def submit(self, function, *args, pure=True):
        assert pure is False  # the problem is not hashed, and each opener is its own task
        self.submitted.append((function, args))
        return FakeFuture(function, [a.value if isinstance(a, FakeFuture) else a for a in args])


class FakeFuture:
    """A task's future, run at once; raises `error` from result() when given one."""

    def __init__(self, function, args, error=None):
        self.error = error
        self.value = None if error else function(*args)

    def result(self):
        if self.error:
            raise self.error
        return self.value


@pytest.fixture
def quick(monkeypatch):
    monkeypatch.setattr(besttree, "WATCH_SECONDS", 0.01)
    monkeypatch.setattr(besttree, "WORKER_SECONDS", 0.1)


def wait_for(condition, seconds=5.0):
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.005)
    return condition()


def test_a_lost_scheduler_is_said_in_one_line_naming_its_address():
    assert besttree._lost("tcp://10.0.0.5:8786") == (
        "--scheduler tcp://10.0.0.5:8786: lost the connection to the scheduler during the "
        "search; no tree was kept"
    )


def test_the_watch_cancels_the_futures_once_the_cluster_has_had_no_worker_for_the_wait(quick):
    client, futures = FakeClient(workers=(0,)), ["f1", "f2"]
    started = time.monotonic()
    watch = besttree._Watch(client, futures, ADDRESS)
    assert wait_for(lambda: client.cancelled)
    watch.stop()
    assert not watch._thread.is_alive()
    [(cancelled, reason, when)] = client.cancelled  # once, then the watch ends
    assert cancelled == futures and reason == "no worker"
    assert when - started >= 0.1  # not before WORKER_SECONDS
    assert watch.why == (
        f"--scheduler {ADDRESS}: the cluster lost its workers and had none for 0.1 s; "
        "no tree was kept"
    )


def test_the_watch_waits_the_whole_wait_from_the_last_worker_seen(quick):
    # workers for the first 20 looks (about 0.2 s, twice the wait), then none
    client = FakeClient(workers=[2] * 20 + [0])
    watch = besttree._Watch(client, ["f"], ADDRESS)
    assert wait_for(lambda: client.cancelled)
    watch.stop()
    assert client.looks > 20  # never cancelled while there were workers
    assert watch.why.endswith("had none for 0.1 s; no tree was kept")


def test_the_watch_never_cancels_while_the_cluster_has_workers_and_stops_when_told(quick):
    client = FakeClient(workers=(1,))
    watch = besttree._Watch(client, ["f"], ADDRESS)
    assert wait_for(lambda: client.looks >= 20)  # 0.2 s: twice the wait
    assert watch._thread.is_alive()
    watch.stop()
    assert not watch._thread.is_alive()
    assert client.cancelled == [] and watch.why == ""


def test_the_watch_leaves_a_lost_scheduler_to_the_futures(quick):
    client = FakeClient(fails=True)
    watch = besttree._Watch(client, ["f"], ADDRESS)
    watch._thread.join(5)
    assert not watch._thread.is_alive()  # it ended of itself, at its first look
    assert client.cancelled == [] and watch.why == ""
    watch.stop()


def test_the_watch_is_a_daemon_thread_so_a_hung_scheduler_never_holds_the_program(quick):
    watch = besttree._Watch(FakeClient(), ["f"], ADDRESS)
    try:
        assert watch._thread.daemon
        assert watch._thread is not threading.current_thread()
    finally:
        watch.stop()


WORDS = sample(5, 12)
ANSWERS = WORDS[:8]


@pytest.fixture
def dask_run(monkeypatch, quick):
    """Run _on_dask on a small problem with a fake client whose futures complete in the order
    given (by opener index), some of them raising; return the problem and the records."""
    problem = problem_of(game(WORDS, ANSWERS))

    def run(words, order=None, errors=None, client=None):
        client = client or FakeClient()
        errors = errors or {}

        @contextmanager
        def fake_client(address):
            assert address == ADDRESS
            yield client

        def as_completed(futures):
            indices = dict(futures)
            by_index = {i: f for f, i in indices.items()}
            for i in order or range(len(words)):
                future = by_index[i]
                if i in errors:
                    future.error = errors[i]
                yield future

        monkeypatch.setattr(besttree, "_client", fake_client)
        monkeypatch.setattr(distributed, "as_completed", as_completed)
        records = []
        besttree._on_dask(problem, words, 3, ADDRESS, lambda i, v: records.append((i, v)))
        return records, client

    return problem, run


def test_each_openers_result_is_recorded_at_its_own_index_whatever_the_order(dask_run):
    problem, run = dask_run
    words = WORDS[:3]
    records, client = run(words, order=[2, 0, 1])
    assert [i for i, _ in records] == [2, 0, 1]
    for index, value in records:
        assert value == opener_task(problem, words[index], 3)
    # the problem is sent once, as a task of its own, and each opener's task reads it
    (first, first_args), *tasks = client.submitted
    assert first is besttree._given and first_args == (problem,)
    # ... each through _tuned (glibc's allocator set for a search on a nanny's worker)
    assert [(f, args[0], args[2:]) for f, args in tasks] == [
        (besttree._tuned, opener_task, (w, 3)) for w in words
    ]


class FakeLibc:
    """glibc as roomy_malloc sees it: records each mallopt(parameter, value)."""

    def __init__(self):
        self.calls = []

    def mallopt(self, parameter, value):
        self.calls.append((parameter, value))
        return 1


@pytest.mark.parametrize("environ", [True, False])
def test_a_nanny_s_worker_gets_glibc_s_thresholds_set_back_once(monkeypatch, environ):
    # a Dask nanny sets MALLOC_TRIM_THRESHOLD_=65536 (1.6x a search's CPU: benchmarks/proof.py)
    import ctypes

    libc = FakeLibc()
    monkeypatch.setattr(ctypes, "CDLL", lambda name: libc)
    monkeypatch.setattr(besttree, "_malloc_set", False)
    if environ:
        monkeypatch.setenv("MALLOC_TRIM_THRESHOLD_", "65536")
    else:
        monkeypatch.delenv("MALLOC_TRIM_THRESHOLD_", raising=False)
    assert besttree._tuned(lambda shared, a, b: (shared, a, b), "p", 1, 2) == ("p", 1, 2)
    besttree._tuned(lambda shared: shared, "p")  # once a process
    mmap, trim = -3, -1  # M_MMAP_THRESHOLD, M_TRIM_THRESHOLD (glibc's malloc.h)
    assert libc.calls == ([(mmap, 32 << 20), (trim, 64 << 20)] if environ else [])


def test_a_worker_without_glibc_runs_its_task_with_its_allocator_as_it_is(monkeypatch):
    import ctypes

    def no_glibc(name):
        raise OSError(f"{name}: cannot open shared object file")

    monkeypatch.setattr(ctypes, "CDLL", no_glibc)
    monkeypatch.setattr(besttree, "_malloc_set", False)
    monkeypatch.setenv("MALLOC_TRIM_THRESHOLD_", "65536")
    assert besttree._tuned(lambda shared: shared * 2, 21) == 42


def test_a_task_that_killed_its_workers_is_said_naming_the_opener_in_capitals(dask_run):
    _, run = dask_run
    with pytest.raises(SchedulerError) as error:
        run(WORDS[:3], order=[0, 1, 2], errors={1: KilledWorker("task", "worker", 3)})
    assert str(error.value) == (
        f"--scheduler {ADDRESS}: the search of {WORDS[1].upper()} was lost with each worker "
        "that ran it in turn (KilledWorker: short of memory?); no tree was kept"
    )


@pytest.mark.parametrize(
    "lost", [FutureCancelledError("k", "no worker"), OSError("gone"), TimeoutError()]
)
def test_a_cancelled_or_lost_task_is_said_as_a_lost_scheduler(dask_run, lost):
    _, run = dask_run
    with pytest.raises(SchedulerError) as error:
        run(WORDS[:3], order=[0, 2, 1], errors={2: lost})
    assert str(error.value) == besttree._lost(ADDRESS)


def test_a_cluster_with_no_worker_is_said_as_the_watch_says_it(dask_run):
    _, run = dask_run
    client = FakeClient(workers=(0,))

    def cancel(futures, reason=None):  # the watch's cancel: the next result says so
        FakeClient.cancel(client, futures, reason)
        for future in futures:
            future.error = FutureCancelledError("k", reason)

    client.cancel = cancel
    original = FakeFuture.result

    def slow_result(self):  # the results wait for the watch, as on a cluster with no worker
        wait_for(lambda: client.cancelled)
        return original(self)

    FakeFuture.result = slow_result
    try:
        with pytest.raises(SchedulerError) as error:
            run(WORDS[:2], client=client)
    finally:
        FakeFuture.result = original
    assert str(error.value) == (
        f"--scheduler {ADDRESS}: the cluster lost its workers and had none for 0.1 s; "
        "no tree was kept"
    )


def test_stopping_the_watch_waits_at_most_the_connection_limit_for_a_hung_scheduler(
    quick, monkeypatch
):
    monkeypatch.setattr(besttree, "CONNECT_SECONDS", 0.2)
    released, asked = threading.Event(), threading.Event()
    client = FakeClient()

    def hung():  # a call to a scheduler that never answers
        asked.set()
        released.wait(10)
        return {}

    client.nthreads = hung
    watch = besttree._Watch(client, ["f"], ADDRESS)
    try:
        assert asked.wait(5)
        started = time.monotonic()
        watch.stop()
        assert time.monotonic() - started < 2  # not the 10 s the call hangs
        assert watch._thread.is_alive()
    finally:
        released.set()


def test_an_address_of_no_dask_form_is_refused_before_any_client_is_made(dask_run, monkeypatch):
    def no_client(address):
        raise AssertionError("a client was made")

    monkeypatch.setattr(besttree, "_client", no_client)
    with pytest.raises(SchedulerError, match="is not a Dask scheduler address"):
        besttree._on_dask(None, ["a"], 1, "tcp://nowhere", lambda i, v: None)
