"""`tree --scheduler` on a real Dask cluster (in this process) that loses a worker, all its
workers or its scheduler during the search: a worker lost while others remain is retried
elsewhere, with the same tree; the others end in one line, exit 2, within bounded time. And
addresses whose transport this process cannot use (ucx://, another process's inproc://)."""

import contextlib
import threading
import time

import pytest
from helpers import invoke, one_line_error, tree_lists
from test_optimal import game, sample

from lenwordle.search import besttree
from lenwordle.search.besttree import best_tree

distributed = pytest.importorskip("dask.distributed", reason="dask[distributed] is not installed")
dask = pytest.importorskip("dask")

WORDS = sample(5, 16)
ANSWERS = WORDS[:10]
OPENERS = 3


@pytest.fixture
def lists(tmp_path, monkeypatch):
    """Return the --words and --answers options of a small game (trees in tmp_path)."""
    return tree_lists(tmp_path, monkeypatch, WORDS, ANSWERS)


@pytest.fixture
def short_waits(monkeypatch):
    """Shorten the wait for a worker that never comes back (the connection's own time limit
    is kept: a Client made in 1 s fails now and then on a loaded machine)."""
    monkeypatch.setattr(besttree, "WORKER_SECONDS", 1.0)
    monkeypatch.setattr(besttree, "WATCH_SECONDS", 0.1)


CLOSE_SECONDS = 20  # a cluster whose scheduler a test closed may never finish closing
GONE_CONNECT = "1s"  # the time to connect to a scheduler that is gone (Dask's: 30 s)


@contextlib.contextmanager
def cluster(workers: int):
    """Yield a cluster of this process, closed at the end within CLOSE_SECONDS: after its
    scheduler was closed under it, LocalCluster's own close could wait for good (a run
    under load hung at the end of the test, past the suite's 300 s). Its close asks the
    scheduler to retire the workers: when a test closed the scheduler, that fails after
    GONE_CONNECT, not after the whole CLOSE_SECONDS."""
    local = distributed.LocalCluster(
        n_workers=workers, threads_per_worker=1, processes=False, dashboard_address=None
    )
    try:
        yield local
    finally:
        gone = local.scheduler.status.name in ("closing", "closed")
        connect = {"distributed.comm.timeouts.connect": GONE_CONNECT} if gone else {}
        with contextlib.suppress(Exception), dask.config.set(connect):
            local.close(timeout=CLOSE_SECONDS)  # (TimeoutError, or the scheduler already gone)


def until(condition, seconds: float = 20.0) -> None:
    """Wait until condition() holds (the test fails past seconds)."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the cluster did not get there in time"
        time.sleep(0.02)


PLAN: dict = {}  # what losing_task does: read in the workers' threads (tasks are pickled
# by reference, so the task is a function of this module and its plan a global)
REAL_TASK = besttree.opener_task


def losing_task(problem, word, width):
    """The first opener task calls PLAN["lose"]() (in its worker's thread), waits until
    PLAN["gone"]() holds and returns a wrong result, which must never be used; the other
    tasks, and the first again on another worker, run as they are."""
    with PLAN["lock"]:
        first = not PLAN["ran"]
        PLAN["ran"].append(word)
    if first:
        PLAN["lose"]()
        until(PLAN["gone"])
        return [1, None]  # (a total no tree has: the test sees it if it is used)
    return REAL_TASK(problem, word, width)


def losing_on_first_task(monkeypatch, lose, gone) -> list[str]:
    """Make the opener tasks losing_task's with lose and gone; return the words each task
    was run for. gone must stay true once true: the test may end, and its cluster close,
    before losing_task sees it (a worker count of 1 passed by on the way to 0 left the
    task waiting, and the cluster's close with it, for 20 s)."""
    PLAN.clear()
    PLAN.update(lose=lose, gone=gone, ran=[], lock=threading.Lock())
    monkeypatch.setattr(besttree, "opener_task", losing_task)
    return PLAN["ran"]


def close_worker_of_this_task():
    worker = distributed.get_worker()
    worker.loop.add_callback(worker.close)


def test_a_worker_lost_while_another_remains_is_retried_and_the_tree_is_the_same(monkeypatch):
    state = game(WORDS, ANSWERS)
    local = best_tree(state, OPENERS, width=None, workers=1)
    with cluster(2) as two:
        scheduler = two.scheduler
        ran = losing_on_first_task(
            monkeypatch, close_worker_of_this_task, lambda: len(scheduler.workers) <= 1
        )
        remote = best_tree(state, OPENERS, width=None, scheduler=two.scheduler_address)
        assert len(scheduler.workers) == 1  # one worker was lost indeed
    assert len(ran) == OPENERS + 1 and ran.count(ran[0]) == 2  # the lost one ran again
    assert remote.proven and remote.total == local.total and remote.openers == local.openers
    assert remote.tree.as_json() == local.tree.as_json()


def test_a_task_lost_with_as_many_workers_as_allowed_is_said_in_one_line(monkeypatch, lists):
    """allowed-failures 0: the first worker lost with the task is one too many."""
    with cluster(2) as two:
        scheduler = two.scheduler
        losing_on_first_task(
            monkeypatch, close_worker_of_this_task, lambda: len(scheduler.workers) <= 1
        )
        scheduler.allowed_failures = 0  # (distributed.scheduler.allowed-failures: 3)
        message = one_line_error(invoke("tree", *lists, "--scheduler", two.scheduler_address))
    assert "was lost with each worker that ran it in turn (KilledWorker" in message
    assert message.endswith("no tree was kept")


def test_the_last_worker_lost_is_said_after_the_wait_not_waited_on_forever(
    monkeypatch, lists, short_waits
):
    with cluster(1) as one:
        scheduler = one.scheduler
        losing_on_first_task(
            monkeypatch, close_worker_of_this_task, lambda: len(scheduler.workers) == 0
        )
        started = time.monotonic()
        message = one_line_error(invoke("tree", *lists, "--scheduler", one.scheduler_address))
        seconds = time.monotonic() - started
    assert message == (
        f"error: --scheduler {one.scheduler_address}: the cluster lost its workers and had "
        "none for 1 s; no tree was kept"
    )
    assert 1 <= seconds < 30


def test_the_scheduler_lost_during_the_search_is_said_in_one_line(monkeypatch, lists, capfd):
    """The waits are the command's own (no short_waits): with 1 s to connect and to hear
    of a worker, a loaded machine sometimes failed before the search ("cannot connect
    (TimeoutError)"); the scheduler lost is said as soon as the client knows it."""
    with cluster(2) as two:
        scheduler = two.scheduler

        def close_scheduler():
            scheduler.loop.add_callback(scheduler.close)

        losing_on_first_task(
            monkeypatch, close_scheduler, lambda: scheduler.status.name in ("closing", "closed")
        )
        started = time.monotonic()
        message = one_line_error(invoke("tree", *lists, "--scheduler", two.scheduler_address))
        seconds = time.monotonic() - started
    assert message == (
        f"error: --scheduler {two.scheduler_address}: lost the connection to the scheduler "
        "during the search; no tree was kept"
    )
    assert seconds < 60
    assert "Traceback" not in capfd.readouterr().err  # Dask's own log kept quiet


@pytest.mark.parametrize(
    "address, why",
    [
        ("ucx://127.0.0.1:8786", "the ucx:// transport is not available here"),
        ("inproc://x", "inproc:// is a cluster inside the same Python process"),
        ("inproc://127.0.0.1/1/1", "inproc:// is a cluster inside the same Python process"),
    ],
)
def test_a_transport_this_process_cannot_use_is_refused_before_the_lists_are_read(
    tmp_path, address, why
):
    missing = str(tmp_path / "missing.txt")  # never read: the address is refused first
    message = one_line_error(invoke("tree", "--words", missing, "--scheduler", address))
    assert message.startswith(f"error: --scheduler '{address}' is not a Dask scheduler address")
    assert why in message and "Traceback" not in message


def test_an_inproc_address_of_this_process_is_taken():
    with cluster(1) as one:
        assert one.scheduler_address.startswith("inproc://")
        besttree.check_scheduler(one.scheduler_address)  # no error
