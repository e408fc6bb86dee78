"""The work of `lenwordle tree`: its own options checked, the position opened, the tree
searched and written (the command itself, in cli.app, strings them)."""

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from lenwordle.api.setup import Settings
from lenwordle.cli.console import fail, warn
from lenwordle.engine.state import GameState
from lenwordle.engine.tree import as_dot
from lenwordle.engine.workers import WorkerError
from lenwordle.search import besttree
from lenwordle.search.optimal import problem_of
from lenwordle.store import treefiles
from lenwordle.words.files import write_atomic
from lenwordle.words.quoting import quoted
from lenwordle.words.wordlist import WordListError


@dataclass(frozen=True)
class TreeAsk:
    """What tree's own options ask for, the Settings aside (check_options checks them)."""

    width: int | None  # guesses tried per position (None: all)
    workers: int
    start: str | None  # --start as given
    openers: int  # without --start: the openers searched
    scheduler: str | None  # a Dask cluster's address

    @property
    def searched_openers(self) -> list[str] | int:
        """Return what best_tree searches: the --start word alone, or how many openers."""
        return [self.start.lower()] if self.start else self.openers


def check_options(settings: Settings, ask: TreeAsk) -> None:
    """Exit with a one-line message if --scheduler is no address of a cluster, before any
    word list is read (--start is checked by the command)."""
    if ask.scheduler is not None:
        try:
            besttree.check_scheduler(ask.scheduler)
        except (besttree.NoDask, ValueError) as error:
            fail(str(error))


def opening_state(settings: Settings, ask: TreeAsk) -> GameState:
    """Return the position whose tree is searched, after warning about skipped lines of the
    word files; or exit if --start is not an allowed guess or the problem is too big."""
    try:
        first = settings.opening()
    except (WordListError, ValueError) as error:
        fail(str(error))
    warn(first.skipped)
    state = first.state
    if ask.start is not None and ask.start.lower() not in state.allowed:
        fail(f"--start {quoted(ask.start)} is not one of the allowed guesses")
    too_big = besttree.size_problem(problem_of(state))
    if too_big:
        fail(too_big)
    return state


def searched(
    state: GameState,
    ask: TreeAsk,
    progress: Callable[[int, int, str], None],
    settings: Settings,
) -> besttree.TreeResult:
    """Return the best tree that tree's options ask for; or exit with the search's one-line
    error (no Dask, an unreachable cluster, no process to fork; no tree within the limit,
    with what may still find one under these settings)."""
    try:
        if ask.scheduler is not None:
            besttree.reach(ask.scheduler)
        return besttree.best_tree(
            state, ask.searched_openers, ask.width, ask.workers, ask.scheduler, progress
        )
    except WorkerError as error:  # a worker's error: the search's own, said as its own
        if besttree.TREE_WITHIN not in str(error):
            raise
        fail(f"{str(error).splitlines()[0]}{no_tree_hint(settings, ask)}")
    except (besttree.NoDask, ValueError, OSError) as error:
        hint = no_tree_hint(settings, ask) if isinstance(error, besttree.NoTree) else ""
        fail((str(error).splitlines()[0] if str(error) else type(error).__name__) + hint)


def no_tree_hint(settings: Settings, ask: TreeAsk) -> str:
    """Return what may still find a tree when none was found within the limit: more words
    to guess (--guesses all: the bundled lists' common words only were), every guess tried
    (--width all), other openers."""
    ways = []
    if settings.guesses == "common" and settings.words is None:
        ways.append("--guesses all (every word known as a guess)")
    if ask.width is not None:
        ways.append("--width all (every guess tried in each position)")
    ways.append("another --start" if ask.start is not None else "more --openers")
    return f"; {' or '.join(ways)} may find one"


def unwritten(
    state: GameState, result: besttree.TreeResult, paths: list[Path | None], dot: Path | None
) -> list[str]:
    """Write the tree's record to each path given, and its DOT graph to dot if given (each
    atomically; a link followed, the file it points to replaced); return those it could not
    be written to, each with why (a failed write loses no result: the figures are printed
    all the same)."""
    record = treefiles.record_of(state, result)
    writes: list[tuple[Path, Callable[[Path], object]]] = [
        (path, lambda path: treefiles.write(path, record)) for path in paths if path is not None
    ]
    if dot is not None:
        text = as_dot(result.tree, state.allowed.display)
        writes.append((dot, lambda path: write_atomic(Path(os.path.realpath(path)), text)))
    failed = []
    for path, write in writes:
        try:
            write(path)
        except OSError as error:
            failed.append(f"{path} ({error.strerror or error})")
    return failed
