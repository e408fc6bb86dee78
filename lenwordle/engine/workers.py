"""Share work between processes: fork workers that send JSON lines back through pipes, and
end them all when the command ends.

The children inherit the parent's memory by fork (nothing is pickled); each returns
progress ticks and one JSON result. Used by bench (targets), precompute-starters (lengths),
the exact pass (slices of guesses) and tree (parts of an opener, or openers).

Ending: catch_signals makes SIGINT (Ctrl-C) raise KeyboardInterrupt and SIGTERM Terminated
(a KeyboardInterrupt too) in the command, and remembers them (stopped_by: the exit code is
130 or 143); fork_map, whatever stops it, kills and reaps its workers before it returns.
The workers ignore SIGINT (Ctrl-C reaches the whole process group: the parent decides),
die by SIGTERM, and die with their parent however it ends (SIGKILL, a crash): on Linux by
prctl(PR_SET_PDEATHSIG, SIGKILL), elsewhere by a thread that watches os.getppid().
"""

import contextlib
import functools
import json
import os
import selectors
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from types import FrameType
from typing import Any

# what a long job tells as it goes: (done, of how many, what is being done)
Progress = Callable[[int, int, str], None]
Tick = Callable[[Any], None]  # what a worker's function calls to tell its progress (JSON)
Task = Callable[[Any, Tick], Any]  # fn(batch, tick) -> a JSON-ready result
Report = Callable[[int, Any], None]  # progress(batch index, what its tick told)

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)
PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
_received: list[int] = []  # the stopping signals received, first first
_notes: list[str] = []  # what an interrupted command could not keep


class WorkerError(RuntimeError):
    """A worker failed; the message is the worker's own error, in one line."""


class Terminated(KeyboardInterrupt):
    """SIGTERM: the command stops as on Ctrl-C (its workers killed, its files intact)."""


def catch_signals() -> None:
    """Make SIGINT raise KeyboardInterrupt and SIGTERM Terminated, and remember them; a signal
    the process was started ignoring (nohup, a background job) stays ignored."""
    for sig in STOP_SIGNALS:
        if signal.getsignal(sig) is not signal.SIG_IGN:
            signal.signal(sig, _on_signal)


def _on_signal(signum: int, frame: FrameType | None) -> None:
    _received.append(signum)
    raise Terminated() if signum == signal.SIGTERM else KeyboardInterrupt()


def stopped_by() -> int | None:
    """Return the first SIGINT or SIGTERM the command received (None: none)."""
    return _received[0] if _received else None


def nothing_kept(note: str) -> KeyboardInterrupt:
    """Return the KeyboardInterrupt to raise when a command that keeps its work on Ctrl-C
    has nothing to keep; its one line on stderr says note."""
    _notes.append(note)
    return KeyboardInterrupt(note)


def stop_notes() -> list[str]:
    """Return what interrupted commands said they could not keep."""
    return list(_notes)


def default_workers() -> int:
    """Return how many workers to use by default: the cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:
        return os.cpu_count() or 1


def fork_map(
    fn: Task,
    batches: Sequence[Any],
    workers: int,
    progress: Report | None = None,
) -> list[Any]:
    """Return [fn(batch, tick) for batch in batches], run in up to `workers` forked processes.

    fn must return JSON-ready values; tick(value) inside fn calls progress(batch index, value).
    The results are in the order of the batches, whichever worker finishes first. However it
    ends (a result, an error, Ctrl-C, SIGTERM), no worker is left running or unreaped.
    """
    report: Report = progress or (lambda index, value: None)
    if workers <= 1 or len(batches) <= 1 or not hasattr(os, "fork"):
        return [fn(batch, _ticker(report, i)) for i, batch in enumerate(batches)]
    _pdeathsig()  # (loaded before forking)
    pool = _Pool(fn, workers, report)
    try:
        pool.run(list(enumerate(batches)))
    finally:
        pool.end()
    return [pool.results[i] for i in range(len(batches))]


def _ticker(report: Report, index: int) -> Tick:
    """Return the tick of batch index: it reports its value with the index."""
    return lambda value: report(index, value)


class _Pool:
    """The forked workers of one fork_map: their pipes, their pids, the results so far."""

    def __init__(self, fn: Task, workers: int, report: Report):
        self.fn, self.workers, self.report = fn, workers, report
        self.results: dict[int, object] = {}
        self.running: dict[int, tuple[int, int, bytes]] = {}  # fd -> (pid, index, buffer)
        self.alive: set[int] = set()  # the workers not yet reaped
        self.selector = selectors.DefaultSelector()

    def run(self, pending: list[tuple[int, object]]) -> None:
        """Run each (index, batch) of pending, `workers` at a time, until every one answered."""
        while pending or self.running:
            while pending and len(self.running) < self.workers:
                self.start(*pending.pop(0))
            for key, _ in self.selector.select():
                self.read(key.fd)

    def start(self, index: int, batch: Any) -> None:
        """Fork the worker of one batch and watch its pipe."""
        with _held():  # a signal now is delivered once the worker is known
            fd, pid = _start(self.fn, batch)
            self.alive.add(pid)
            self.running[fd] = (pid, index, b"")
            self.selector.register(fd, selectors.EVENT_READ)

    def read(self, fd: int) -> None:
        """Take the JSON lines a worker wrote so far; reap it at the end of its pipe."""
        pid, index, buffer = self.running[fd]
        data = os.read(fd, 65536)
        *lines, buffer = (buffer + data).split(b"\n")
        for line in lines:
            self.take(index, json.loads(line))
        self.running[fd] = (pid, index, buffer)
        if not data:
            self.reap(fd)

    def take(self, index: int, message: dict[str, Any]) -> None:
        """Act on one message of the worker of batch index: a tick, its error or its result."""
        if "tick" in message:
            self.report(index, message["tick"])
        elif "error" in message:
            raise WorkerError(message["error"])
        else:
            self.results[index] = message["result"]

    def reap(self, fd: int) -> None:
        """Close a finished worker's pipe and reap it; WorkerError if it sent no result."""
        pid, index, _ = self.running[fd]
        with _held():
            self.selector.unregister(fd)
            del self.running[fd]
            os.close(fd)
            _, status = os.waitpid(pid, 0)
            self.alive.discard(pid)
        if index not in self.results:
            raise WorkerError(f"a worker stopped early (status {status})")

    def end(self) -> None:
        """Kill and reap every worker still alive, and close every pipe."""
        with _held():  # a second Ctrl-C waits until every worker is gone
            for pid in self.alive:
                _kill(pid)
            for fd in self.running:
                with contextlib.suppress(OSError):
                    os.close(fd)
            self.selector.close()


@contextlib.contextmanager
def _held() -> Iterator[None]:
    """Hold SIGINT and SIGTERM back inside the block; they are delivered on leaving it."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _start(fn: Task, batch: Any) -> tuple[int, int]:
    """Fork a worker that runs fn(batch, tick) and writes JSON lines; return (read fd, pid).
    Called with SIGINT and SIGTERM held back (_held): the worker sets its own before it
    lets them in."""
    read_fd, write_fd = os.pipe()
    sys.stdout.flush()
    sys.stderr.flush()
    parent = os.getpid()
    try:
        pid = os.fork()
    except OSError:  # no process to be had (EAGAIN, ENOMEM): no pipe left open either
        os.close(read_fd)
        os.close(write_fd)
        raise
    if pid:
        os.close(write_fd)
        return read_fd, pid
    os.close(read_fd)  # the child: whatever happens, it ends in os._exit, never returns
    code = 1
    try:
        _worker_signals(parent)
        out = os.fdopen(write_fd, "w")

        def tick(value: Any) -> None:
            out.write(json.dumps({"tick": value}) + "\n")
            out.flush()

        try:
            out.write(json.dumps({"result": fn(batch, tick)}) + "\n")
            code = 0
        except BaseException as error:  # reported to the parent, which raises it
            out.write(json.dumps({"error": str(error) or type(error).__name__}) + "\n")
        out.flush()
    finally:
        os._exit(code)


def _worker_signals(parent: int) -> None:
    """In a worker: ignore Ctrl-C, die by SIGTERM, die with the parent; then let signals in."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    prctl = _pdeathsig()
    if prctl is None or prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) != 0:
        threading.Thread(target=_watch, args=(parent,), daemon=True).start()
    if os.getppid() != parent:  # the parent died before the worker could ask to die with it
        os._exit(1)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)


@functools.cache
def _pdeathsig() -> Callable[..., int] | None:
    """Return libc's prctl on Linux (None elsewhere, or if it cannot be loaded)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        return ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None


def _watch(parent: int) -> None:
    """In a worker without PR_SET_PDEATHSIG: end it once its parent is gone."""
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)


def _kill(pid: int) -> None:
    """Stop a worker and reap it."""
    try:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    except (ProcessLookupError, ChildProcessError):
        pass
