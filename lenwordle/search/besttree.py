"""The best tree of one opener or of the top few: the parts of an opener, or the openers, are
independent tasks, run in forked processes (engine.workers) or on a Dask cluster.

Ctrl-C (or SIGTERM) returns at once with the best tree so far: of one opener, every part not
yet searched is played by its quick tree (the width-1 search's; quick_tree), made for every
part first, as tasks before the parts' own searches; of several openers, the best opener
searched. Before these exist nothing is kept (workers.nothing_kept): nothing is searched
after the interruption.

Over 300 lines: the local and the Dask ways of running the same tasks, with the checks of
a scheduler before it is used and the collection of results in a fixed order, so that
both give the same tree.
"""

import asyncio
import ctypes
import logging
import os
import socket
import threading
import time
import warnings
from collections.abc import Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field

import numpy as np

from lenwordle.engine.feedback import code_to_reply, pattern_dtype
from lenwordle.engine.hard_mode import hard_mode_mask
from lenwordle.engine.state import GameState
from lenwordle.engine.tree import Node
from lenwordle.engine.workers import Progress, fork_map, nothing_kept
from lenwordle.search.optimal import (
    DEFAULT_WIDTH,
    INFEASIBLE,
    STATS_CELLS,
    Problem,
    Search,
    partition_stats,
    problem_of,
)
from lenwordle.words.quoting import quoted

DEFAULT_OPENERS = 10  # openers searched when none is named (SALET is 6th on the standard lists)
FALLBACK_WIDTHS = (1, 4, 16)
# hard mode: where the estimate ranks the best guess far down (SALET, all gray: CRUMP, 108th,
# is the best), the width grows with the position: every guess below HARD_EVERY_BELOW
# answers, at least HARD_WIDE_WIDTH guesses from HARD_WIDE_FROM answers
HARD_EVERY_BELOW = 50
HARD_WIDE_FROM = 150
HARD_WIDE_WIDTH = 200
# the search keeps the pattern of every (answer, guess) pair (optimal.MATRIX_BYTES) and
# partitions positions against every guess: past this table it is refused up front
# (docs/trees-and-review.md, "What `tree` checks first": the peak memory measured at this edge)
MAX_TABLE_BYTES = 64 << 20
CONNECT_SECONDS = 10.0  # --scheduler: to connect and hear the scheduler's handshake
WORKER_SECONDS = 30.0  # --scheduler: to wait for a first worker


class NoDask(ImportError):
    """--scheduler was given but dask.distributed is not installed."""


@dataclass
class TreeResult:
    """The best tree found, its total, and how far the search went."""

    tree: Node
    total: int
    answers: int
    width: int | None  # None: every guess was tried
    complete: bool  # the best of its width (False: interrupted, the best so far)
    openers: dict[str, int | None] = field(default_factory=dict)  # each opener's total
    seconds: float = 0.0
    hard: bool = False
    ultra_hard: bool = False

    @property
    def tried(self) -> str:
        """Return which guesses each position tried, in words."""
        if self.width is None:
            return "every guess"
        if self.hard:
            mode = "ultra-hard" if self.ultra_hard else "hard mode"
            return (
                f"the {self.width} best guesses ({mode}: every guess below "
                f"{HARD_EVERY_BELOW} answers, {max(self.width, HARD_WIDE_WIDTH)} from "
                f"{HARD_WIDE_FROM})"
            )
        return f"the {self.width} best guesses"

    @property
    def proven(self) -> bool:
        """Return whether the tree is proven optimal: every guess tried, the search finished."""
        return self.complete and self.width is None

    @property
    def opener(self) -> str:
        return self.tree.guess


def main_search(problem: Problem, width: int | None) -> Search:
    """Return the search of the given width; in hard mode, wider as the position's size asks
    (HARD_EVERY_BELOW, HARD_WIDE_FROM): the standard lists' optimum, 8122 after SALET, needs
    it."""
    if not problem.hard or width is None:
        return Search(problem, width=width)
    return Search(problem, width, HARD_EVERY_BELOW, HARD_WIDE_FROM, HARD_WIDE_WIDTH)


NO_TREE_KEPT = "no tree was kept"  # what a stopped or failed search says it kept
TREE_WITHIN = "tree within"  # what NoTree says, also when a worker's error carries it


class NoTree(ValueError):
    """No tree the search tried answers every answer within the limit."""


def size_problem(problem: Problem) -> str:
    """Return why the search will not start on this problem ('' if it will): its pattern
    table (answers x guesses x the bytes of a pattern) larger than MAX_TABLE_BYTES."""
    answers, guesses = len(problem.answer_words), len(problem.guess_words)
    table = answers * guesses * np.dtype(pattern_dtype(problem.k)).itemsize
    if table <= MAX_TABLE_BYTES:
        return ""
    return (
        f"{answers} answers x {guesses} guesses is too big for a tree search (a pattern table "
        f"of {table:,} bytes, past the {MAX_TABLE_BYTES:,} it is bounded by); give fewer "
        "answers (or words)"
    )


def ranked_openers(problem: Problem, count: int) -> list[str]:
    """Return the `count` best first guesses by the search's estimate (ties: bound, order).
    The guesses are measured a block of STATS_CELLS at a time, and only their figures kept."""
    search = Search(problem, width=1)
    everyone = np.arange(len(problem.answer_words))
    step = max(1, STATS_CELLS // len(everyone))
    kept = []
    for i in range(0, len(search.all_guesses), step):
        block = search.all_guesses[i : i + step]
        st = partition_stats(search.codes(everyone, block), block, search.solved_value)
        kept.append((st.rows, st.bounds, st.estimate))
    rows, bounds, estimate = (np.concatenate(column) for column in zip(*kept))
    order = np.lexsort((rows, bounds, estimate))[:count]
    return [problem.guess_words[int(rows[i])] for i in order]


def opener_parts(search: Search, word: str) -> tuple[list[tuple[str, np.ndarray]], bool]:
    """Return the parts an opener leaves, as (reply, answer rows), largest first, and whether
    the opener is itself an answer."""
    problem = search.problem
    guess = problem.guess_words.index(word)
    everyone = np.arange(len(problem.answer_words))
    codes = search.codes(everyone, np.array([guess]))[0]
    parts = []
    for value in np.unique(codes).tolist():
        if value != search.solved_value:
            parts.append((code_to_reply(value, problem.k), everyone[codes == value]))
    parts.sort(key=lambda part: -len(part[1]))
    return parts, bool((codes == search.solved_value).any())


def part_legal(problem: Problem, word: str, reply: str) -> np.ndarray | None:
    """Return the guesses legal after the opener got reply (None: all, in normal mode)."""
    if not problem.hard:
        return None
    turn = ((word, reply),)
    return hard_mode_mask(problem.guess_codes, turn, problem.alphabet, problem.ultra_hard)


def solve_part(search: Search, word: str, reply: str, answers: np.ndarray) -> tuple[int, Node]:
    """Return the best total and tree of one part after the opener."""
    legal = part_legal(search.problem, word, reply)
    cost, tree = search.solve(answers, search.problem.limit - 1, legal)
    if tree is None:
        shown, limit = search.problem.alphabet.upper(word), search.problem.limit
        raise NoTree(f"{shown} {reply}: no {TREE_WITHIN} {limit} guesses")
    return cost, tree


def quick_tree(
    searches: dict[int, Search], problem: Problem, word: str, reply: str, rows: np.ndarray
) -> tuple[int, Node | None]:
    """Return the quick tree of one part, kept for Ctrl-C: the width-1 search's, else (hard
    mode may need more) the width-4 or width-16 search's; (INFEASIBLE, None) if none fits.
    searches holds the searches of FALLBACK_WIDTHS made so far (by width), and gets those
    this part needed."""
    legal = part_legal(problem, word, reply)
    for width in FALLBACK_WIDTHS:
        if width not in searches:
            searches[width] = Search(problem, width=width)
        cost, tree = searches[width].solve(rows, problem.limit - 1, legal)
        if tree is not None:
            break
    return cost, tree


def opener_tree(
    problem: Problem,
    word: str,
    width: int | None,
    workers: int = 1,
    progress: Progress | None = None,
    keep: bool = True,
) -> tuple[Node, int, bool]:
    """Return the best tree after opener word, its total, and whether the search finished.

    keep: Ctrl-C returns the best tree so far, each part not finished played by its quick
    tree; the quick trees are the first tasks (the parts split between the workers), so
    Ctrl-C before all are known keeps nothing. Without keep (one task of many openers), no
    quick tree is made and Ctrl-C is the caller's."""
    quick_searches: dict[int, Search] = {}  # (made here: the workers inherit them)
    try:
        quick_searches[1] = Search(problem, width=1)
        parts, solves = opener_parts(quick_searches[1], word)
        search = main_search(problem, width)
    except KeyboardInterrupt:
        if keep:
            raise nothing_kept(NO_TREE_KEPT) from None
        raise
    shares = min(workers, len(parts)) if keep else 0
    tasks: list[tuple[str, list[int] | int]] = [
        ("quick", list(range(i, len(parts), shares))) for i in range(shares)
    ]
    tasks += [("part", i) for i in range(len(parts))]
    found: dict[int, tuple[int, Node | None]] = {}
    quick: dict[int, tuple[int, Node | None]] = {}
    report = progress or (lambda done, total, text: None)

    def work(task: tuple, tick) -> None:
        kind, which = task
        if kind == "quick":
            for i in which:
                cost, tree = quick_tree(quick_searches, problem, word, *parts[i])
                tick([i, cost, None if tree is None else tree.as_json()])
        else:
            cost, tree = solve_part(search, word, *parts[which])
            tick([which, cost, tree.as_json()])

    def record(index: int, value) -> None:
        part, cost, tree = value
        (quick if tasks[index][0] == "quick" else found)[part] = (
            cost,
            None if tree is None else Node.from_json(tree),
        )
        about = f"{problem.alphabet.upper(word)}: {len(found)} of {len(parts)} parts"
        if keep and len(quick) < len(parts):
            about += f" (quick trees, for Ctrl-C: {len(quick)})"
        report(len(found) + len(quick), len(parts) + (len(parts) if keep else 0), about)

    complete = True
    try:
        fork_map(work, tasks, workers, record)
    except KeyboardInterrupt:
        if not keep:
            raise
        complete = False
    chosen = [found.get(i, quick.get(i, (INFEASIBLE, None))) for i in range(len(parts))]
    trees = [tree for _, tree in chosen if tree is not None]
    if len(trees) < len(chosen):  # interrupted before a quick tree of each
        raise nothing_kept(NO_TREE_KEPT)
    children = {reply: tree for (reply, _), tree in zip(parts, trees)}
    total = len(problem.answer_words) + sum(cost for cost, _ in chosen)
    return Node(word, solves, children), total, complete


def opener_task(problem: Problem, word: str, width: int | None) -> list:
    """Return [total, tree as JSON] of one opener (one task: a process or a Dask worker), or
    [INFEASIBLE, None] when some reply leaves no tree within the limit (hard mode's traps)."""
    try:
        tree, total, _ = opener_tree(problem, word, width, keep=False)
    except ValueError:  # no tree within the limit after this opener: another may have one
        return [INFEASIBLE, None]
    return [total, tree.as_json()]


def best_tree(
    state: GameState,
    openers: list[str] | int = 1,
    width: int | None = DEFAULT_WIDTH,
    workers: int = 1,
    scheduler: str | None = None,
    progress: Progress | None = None,
) -> TreeResult:
    """Return the best tree of the given openers (or of the top `openers` by the estimate),
    each searched to `width` guesses per position (None: all, a proof)."""
    started = time.monotonic()
    problem = problem_of(state)
    try:
        words = ranked_openers(problem, openers) if isinstance(openers, int) else list(openers)
    except KeyboardInterrupt:
        raise nothing_kept(NO_TREE_KEPT) from None
    results: dict[str, tuple[int, Node | None]]
    best: tuple[int, Node] | None
    if len(words) == 1 and scheduler is None:
        tree, total, complete = opener_tree(problem, words[0], width, workers, progress)
        results = {words[0]: (total, tree)} if complete else {}
        best = (total, tree)
    else:
        results, complete = _many(problem, words, width, workers, scheduler, progress)
        best = best_of(words, results)
        if best is None and complete:
            raise NoTree(
                f"none of the {len(words)} openers has a {TREE_WITHIN} {problem.limit} guesses"
            )
        if best is None:  # interrupted before any opener finished
            raise nothing_kept(NO_TREE_KEPT)
    return TreeResult(
        best[1],
        best[0],
        len(problem.answer_words),
        width,
        complete and best[0] < INFEASIBLE,
        {w: results[w][0] if results.get(w, (0, None))[1] is not None else None for w in words},
        time.monotonic() - started,
        problem.hard,
        problem.ultra_hard,
    )


def best_of(
    words: list[str], results: Mapping[str, tuple[int, Node | None]]
) -> tuple[int, Node] | None:
    """Return the (total, tree) of the opener of lowest total among results ({opener:
    (total, tree or None)}); of openers tied, the first in words (the ranking by the
    estimate, or the order given), never the first to finish. None: no opener has a tree."""
    best: tuple[int, Node] | None = None
    for word in words:
        total, tree = results.get(word, (INFEASIBLE, None))
        if tree is not None and (best is None or total < best[0]):
            best = (total, tree)
    return best


def _many(
    problem, words, width, workers, scheduler, progress
) -> tuple[dict[str, tuple[int, Node | None]], bool]:
    """Return {opener: (total, tree or None)} of the openers searched, and whether all were."""
    results: dict[str, tuple[int, Node | None]] = {}
    report = progress or (lambda done, total, text: None)

    def record(index: int, value) -> None:
        results[words[index]] = (value[0], None if value[1] is None else Node.from_json(value[1]))
        best = best_of(words, results)
        upper = problem.alphabet.upper
        known = f"best {upper(best[1].guess)} {best[0]}" if best else "no tree yet"
        report(len(results), len(words), known)

    try:
        if scheduler is None:

            def work(word: str, tick) -> list:  # (a worker ignores Ctrl-C: engine.workers)
                value = opener_task(problem, word, width)
                tick(value)
                return value

            fork_map(work, words, workers, record)
        else:
            _on_dask(problem, words, width, scheduler, record)
    except KeyboardInterrupt:
        return results, False
    return results, True


class SchedulerError(ValueError):
    """--scheduler names no Dask scheduler that can take the work, or the cluster was lost
    during the search; the message is one line."""


NETWORKED = ("tcp", "tls", "ws", "wss")
IN_PROCESS = "inproc"  # a cluster inside this Python process (LocalCluster(processes=False))


def check_scheduler(address: str) -> None:
    """Check, without connecting, that dask.distributed is installed (NoDask) and that address
    has a Dask address's form (SchedulerError): a known protocol whose transport is there (not
    ucx:// without its package), a host and a port; or an inproc:// cluster of this process."""
    try:
        from distributed.comm import parse_address, parse_host_port
        from distributed.comm.registry import backends
    except ImportError:
        raise NoDask("--scheduler needs dask.distributed: pip install 'lenwordle[dask]'") from None
    bad = f"--scheduler {quoted(address)} is not a Dask scheduler address"
    try:
        protocol, where = parse_address(address)
        if protocol not in backends:
            raise SchedulerError(f"{bad} (unknown protocol {protocol}://)")
        if protocol in NETWORKED:
            host, port = parse_host_port(where)
            if not host or not 0 < int(port) < 65536:
                raise ValueError
        elif protocol == IN_PROCESS:
            if not _in_this_process(where):
                raise SchedulerError(
                    f"{bad} (inproc:// is a cluster inside the same Python process, and this "
                    "one has none; give tcp://HOST:PORT)"
                )
        elif not _usable(backends[protocol]):
            raise SchedulerError(
                f"{bad} (the {protocol}:// transport is not available here; give tcp://HOST:PORT)"
            )
    except SchedulerError:
        raise
    except (ValueError, TypeError):
        raise SchedulerError(f"{bad} (give HOST:PORT, e.g. tcp://10.0.0.5:8786)") from None


def _in_this_process(where: str) -> bool:
    """Return whether an inproc:// address names a listener of this process."""
    from distributed.comm.inproc import global_manager

    try:
        return global_manager.get_listener_for(where) is not None
    except ValueError:  # another host's or process's, or not HOST/PID/N at all
        return False


def _usable(backend) -> bool:
    """Return whether a Dask transport can make a connection here (ucx:// without
    distributed-ucxx cannot: its connector refuses to be made)."""
    try:
        with warnings.catch_warnings():  # (ucx:// warns before it refuses: said in our line)
            warnings.simplefilter("ignore")
            backend.get_connector()
    except Exception:  # noqa: BLE001 (a transport's own reason, of any class)
        return False
    return True


def reach(address: str) -> None:
    """Make sure a Dask scheduler answers at address and has a worker, each within a time
    limit; SchedulerError says in one line what was found instead: nothing listening, no
    answer within CONNECT_SECONDS, something that is not a Dask scheduler, or no worker
    within WORKER_SECONDS."""
    check_scheduler(address)
    from distributed.comm import connect, parse_address, parse_host_port

    protocol, where = parse_address(address)
    if protocol in NETWORKED:  # (inproc: a cluster of this process, always there)
        host, port = parse_host_port(where)
        try:
            socket.create_connection((host, port), timeout=CONNECT_SECONDS).close()
        except OSError as error:
            reason = "no answer" if isinstance(error, TimeoutError) else error.strerror or error
            raise SchedulerError(f"--scheduler {address}: cannot connect ({reason})") from None

        async def handshake() -> None:
            comm = await asyncio.wait_for(connect(address), CONNECT_SECONDS)
            await comm.close()

        try:
            asyncio.run(handshake())
        except TimeoutError:
            raise SchedulerError(
                f"--scheduler {address}: something listens there but gave no Dask handshake "
                f"within {CONNECT_SECONDS:g} s (not a Dask scheduler?)"
            ) from None
        except Exception as error:  # noqa: BLE001 (a peer speaking another protocol)
            raise SchedulerError(
                f"--scheduler {address}: what answered is not a Dask scheduler "
                f"({type(error).__name__})"
            ) from None
    with _client(address):
        pass


@contextmanager
def _quiet_dask():
    """Keep Dask's own log lines (a lost connection's tracebacks) off stderr while it runs:
    what went wrong is said in one line (SchedulerError)."""
    # Dask's loggers keep levels of their own and print through the handler of "distributed":
    # that handler is raised; tornado's and asyncio's print through logging's last resort
    quieted = [*logging.getLogger("distributed").handlers]
    quieted += [logging.getLogger(name) for name in ("tornado", "asyncio")]
    levels = [each.level for each in quieted]
    for each in quieted:
        each.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        for each, level in zip(quieted, levels):
            each.setLevel(level)


@contextmanager
def _client(address: str):
    """Yield a Dask client of the scheduler at address once it has a worker; SchedulerError
    if it cannot connect within CONNECT_SECONDS or has no worker within WORKER_SECONDS."""
    from dask.distributed import Client

    with _quiet_dask():
        try:
            client = Client(address, timeout=CONNECT_SECONDS)
        except Exception as error:  # noqa: BLE001 (dask's errors have no common class)
            first = str(error).splitlines()[0] if str(error) else type(error).__name__
            raise SchedulerError(f"--scheduler {address}: cannot connect ({first})") from None
        try:
            try:
                client.wait_for_workers(1, timeout=WORKER_SECONDS)
            except TimeoutError:
                raise SchedulerError(
                    f"--scheduler {address}: the scheduler has no worker (waited "
                    f"{WORKER_SECONDS:g} s); start one with `dask worker {address}`"
                ) from None
            yield client
        finally:
            try:
                client.close(timeout=CONNECT_SECONDS)
            except Exception:  # noqa: BLE001, S110 (a client whose scheduler is gone: closed)
                pass


WATCH_SECONDS = 1.0  # --scheduler: how often the search looks for a worker on the cluster


def _lost(address: str, kept: str = NO_TREE_KEPT) -> str:
    """Return the one-line message of a scheduler lost during the search."""
    return f"--scheduler {address}: lost the connection to the scheduler during the search; {kept}"


# a Dask nanny starts its worker with MALLOC_TRIM_THRESHOLD_=65536 in the environment
# (distributed.nanny.pre-spawn-environ): a threshold set stops glibc's own adjustment of the
# size past which an allocation is mapped anew, so every array of a search's positions over
# 128 KiB was mapped and zeroed afresh (a task took 1.6x the CPU of a forked worker's). A task
# sets both back to the largest glibc's adjustment reaches (32 MiB; trimmed past twice it).
MMAP_THRESHOLD = 32 << 20
TRIM_THRESHOLD = 2 * MMAP_THRESHOLD
_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD = -1, -3  # glibc's mallopt parameters (malloc.h)
_malloc_set = False


def roomy_malloc() -> None:
    """In a process whose environment sets MALLOC_TRIM_THRESHOLD_ (a Dask nanny's worker),
    set glibc's mmap and trim thresholds to MMAP_THRESHOLD and TRIM_THRESHOLD, once; nothing
    elsewhere, nor without glibc."""
    global _malloc_set
    if _malloc_set or "MALLOC_TRIM_THRESHOLD_" not in os.environ:
        return
    _malloc_set = True
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD)
        libc.mallopt(_M_TRIM_THRESHOLD, TRIM_THRESHOLD)
    except (OSError, AttributeError):  # not glibc: its allocator as it is
        pass


def _tuned(fn, shared, *task):
    """Return fn(shared, *task), glibc's allocator set for a search first (roomy_malloc)."""
    roomy_malloc()
    return fn(shared, *task)


def _given(value):
    """Return value: the problem as a task of its own, which the cluster can make again on
    another worker if the one holding it is lost (scattered data could not be)."""
    return value


def _on_dask(problem, words, width, scheduler: str, record) -> None:
    """Run each opener's tree as a task on the Dask cluster at scheduler (on_dask)."""
    tasks = [(word, width) for word in words]
    on_dask(
        scheduler,
        problem,
        opener_task,
        tasks,
        record,
        lambda i: f"the search of {problem.alphabet.upper(words[i])}",
        NO_TREE_KEPT,
    )


def on_dask(scheduler: str, shared, fn, tasks: list[tuple], record, named, kept: str) -> None:
    """Run fn(shared, *task) for each task on the Dask cluster at scheduler, shared sent
    once; record(index, result) as each ends.

    A worker lost while others remain: Dask runs its tasks again elsewhere (the results do
    not depend on where or when a task ran). Every worker gone for WORKER_SECONDS, the
    scheduler lost, or a task that killed its workers one after another (KilledWorker):
    SchedulerError, in one line (named(index): the task in words; kept: what is kept)."""
    check_scheduler(scheduler)
    from dask.distributed import as_completed
    from distributed.client import FutureCancelledError
    from distributed.scheduler import KilledWorker

    with _client(scheduler) as client:
        given = client.submit(_given, shared, pure=False)
        futures = {
            client.submit(_tuned, fn, given, *task, pure=False): index
            for index, task in enumerate(tasks)
        }
        watch = _Watch(client, list(futures), scheduler, kept)
        try:
            for future in as_completed(futures):
                try:
                    value = future.result()
                except KilledWorker:
                    raise SchedulerError(
                        f"--scheduler {scheduler}: {named(futures[future])} was lost with each "
                        f"worker that ran it in turn (KilledWorker: short of memory?); {kept}"
                    ) from None
                except (FutureCancelledError, OSError, TimeoutError):
                    raise SchedulerError(watch.why or _lost(scheduler, kept)) from None
                record(futures[future], value)
        finally:
            watch.stop()


class _Watch:
    """A thread that cancels the futures when the cluster has had no worker for
    WORKER_SECONDS (they would wait for one forever); why then says so."""

    def __init__(self, client, futures: list, address: str, kept: str = NO_TREE_KEPT):
        self.why = ""
        self._stopped = threading.Event()
        self._thread = threading.Thread(
            target=self._run, args=(client, futures, address, kept), daemon=True
        )
        self._thread.start()

    def _run(self, client, futures: list, address: str, kept: str) -> None:
        since = time.monotonic()
        while not self._stopped.wait(WATCH_SECONDS):
            try:
                workers = len(client.nthreads())
            except Exception:  # noqa: BLE001 (the scheduler lost: the futures say so)
                return
            if workers:
                since = time.monotonic()
            elif time.monotonic() - since >= WORKER_SECONDS:
                self.why = (
                    f"--scheduler {address}: the cluster lost its workers and had none for "
                    f"{WORKER_SECONDS:g} s; {kept}"
                )
                client.cancel(futures, reason="no worker")
                return

    def stop(self) -> None:
        self._stopped.set()
        self._thread.join(CONNECT_SECONDS)  # (a call to a lost scheduler may hang)
