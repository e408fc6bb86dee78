"""Share work between processes: fork workers that send JSON lines back through pipes.

The children inherit the parent's memory by fork (nothing is pickled); each returns
progress ticks and one JSON result. Used by bench (targets) and precompute-starters (lengths).
"""

import json
import os
import selectors
import sys
from collections.abc import Callable, Sequence


class WorkerError(RuntimeError):
    """A worker failed; the message is the worker's own error, in one line."""


def default_workers() -> int:
    """Return how many workers to use by default: the cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:
        return os.cpu_count() or 1


def fork_map(
    fn: Callable,
    batches: Sequence,
    workers: int,
    progress: Callable[[int, object], None] | None = None,
) -> list:
    """Return [fn(batch, tick) for batch in batches], run in up to `workers` forked processes.

    fn must return JSON-ready values; tick(value) inside fn calls progress(batch index, value).
    The results are in the order of the batches, whichever worker finishes first.
    """
    report = progress or (lambda index, value: None)
    if workers <= 1 or len(batches) <= 1 or not hasattr(os, "fork"):
        return [fn(batch, lambda value, i=i: report(i, value)) for i, batch in enumerate(batches)]
    results: dict[int, object] = {}
    pending = list(enumerate(batches))
    running: dict[int, tuple[int, int, bytes]] = {}  # fd -> (pid, index, buffer)
    selector = selectors.DefaultSelector()
    try:
        while pending or running:
            while pending and len(running) < workers:
                index, batch = pending.pop(0)
                fd, pid = _start(fn, batch)
                running[fd] = (pid, index, b"")
                selector.register(fd, selectors.EVENT_READ)
            for key, _ in selector.select():
                fd = key.fd
                pid, index, buffer = running[fd]
                data = os.read(fd, 65536)
                buffer += data
                *lines, buffer = buffer.split(b"\n")
                for line in lines:
                    message = json.loads(line)
                    if "tick" in message:
                        report(index, message["tick"])
                    elif "error" in message:
                        raise WorkerError(message["error"])
                    else:
                        results[index] = message["result"]
                running[fd] = (pid, index, buffer)
                if not data:
                    selector.unregister(fd)
                    os.close(fd)
                    del running[fd]
                    _, status = os.waitpid(pid, 0)
                    if index not in results:
                        raise WorkerError(f"a worker stopped early (status {status})")
    finally:
        for fd, (pid, _, _) in running.items():
            _kill(pid)
            os.close(fd)
        selector.close()
    return [results[i] for i in range(len(batches))]


def _start(fn: Callable, batch) -> tuple[int, int]:
    """Fork a worker that runs fn(batch, tick) and writes JSON lines; return (read fd, pid)."""
    read_fd, write_fd = os.pipe()
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid:
        os.close(write_fd)
        return read_fd, pid
    os.close(read_fd)  # the child: whatever happens, it ends in os._exit, never returns
    code = 1
    try:
        out = os.fdopen(write_fd, "w")

        def tick(value) -> None:
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


def _kill(pid: int) -> None:
    """Stop a worker and reap it."""
    try:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
    except (ProcessLookupError, ChildProcessError):
        pass
