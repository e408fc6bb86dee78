"""The decision tree of fewest total guesses over one board's answers (`lenwordle tree`),
searched here or on a Dask cluster, and the files it is written to."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, fields
from pathlib import Path
from typing import TypedDict, Unpack

from lenwordle.api.checks import (
    Notice,
    SetupError,
    Told,
    a_path,
    at_least,
    setup_error,
    typed,
    untold,
    usable_workers,
)
from lenwordle.api.game import checked, options, word_of
from lenwordle.engine.state import GameState
from lenwordle.engine.tree import Summary, as_dot, summary
from lenwordle.engine.workers import Progress, WorkerError
from lenwordle.search import besttree
from lenwordle.search.besttree import TreeResult
from lenwordle.search.optimal import DEFAULT_WIDTH, problem_of
from lenwordle.store import treefiles
from lenwordle.words.files import BadFile, destination, write_atomic
from lenwordle.words.languages import DEFAULT_LANGUAGE
from lenwordle.words.quoting import quoted

__all__ = ["DEFAULT_OPENERS", "DEFAULT_WIDTH", "MadeTree", "TreeResult", "tree"]

DEFAULT_OPENERS = besttree.DEFAULT_OPENERS


class TreeOptions(TypedDict, total=False):
    """The options of a tree search: a one-board game's dictionary and rules."""

    hard: bool
    ultra_hard: bool
    max_guesses: int | None
    accents: str | None
    first_letter: str | None
    words: str | Path | None
    answers: str | Path | None
    guesses: str
    answers_like: str


@dataclass
class MadeTree(TreeResult):
    """A tree found (TreeResult), its figures (engine.tree.summary), its words as the player
    reads them (display), and the files it could not be written to, each with why."""

    display: Callable[[str], str] = str.upper
    figures: Summary | None = None
    unwritten: tuple[str, ...] = ()


def tree(
    length: int = 5,
    *,
    start: str | None = None,
    openers: int = DEFAULT_OPENERS,
    width: int | None = DEFAULT_WIDTH,
    workers: int = 1,
    lang: str = DEFAULT_LANGUAGE,
    scheduler: str | None = None,
    out: str | Path | None = None,
    dot: str | Path | None = None,
    store: bool = False,
    trees: str | Path | None = None,
    told: Told = untold,
    progress: Progress | None = None,
    **settings: Unpack[TreeOptions],
) -> MadeTree:
    """Return the decision tree of fewest total guesses over the answers (of start, or the
    best of the top openers by the estimate), trying width guesses in each position (None:
    every guess, a proof), on the Dask cluster at scheduler if given; written to out (a tree
    file), dot (a Graphviz graph) and, with store, to trees (None: the folder the optimal
    strategy reads), each written whole or not at all. SetupError if the problem is too big,
    a file cannot be written, or no tree is found within the guess limit."""
    typed("start", start, str, type(None))
    typed("width", width, int, type(None))
    typed("scheduler", scheduler, str, type(None))
    checked(dict(settings))
    if ignored := set(settings) - set(TreeOptions.__annotations__):
        raise SetupError(f"tree() takes no {', '.join(sorted(ignored))}: a tree is of one board")
    chosen = options(length, lang, **settings)
    if width is not None and width < 1:
        raise SetupError(f"width must be at least 1 (or None: every guess), not {width}")
    at_least("openers", openers, 1)
    if start is not None:
        start = word_of(chosen.alphabet(), chosen.k, start, "{start} ", "word", "start")
    workers = usable_workers(workers, told)
    checked_scheduler(scheduler)
    out, dot = a_path("out", out), a_path("dot", dot)
    out_to, dot_to = landing(out, "{out}", "out"), landing(dot, "{dot}", "dot")
    if dot_to is not None and dot_to == out_to:
        raise SetupError(f"{{dot}} and {{out}} name the same file: {dot}", "dot", "out")
    try:
        first = chosen.opening()
    except ValueError as error:
        raise setup_error(error) from None
    for line in first.skipped:
        told(Notice(line, kind="warning"))
    state = first.state
    if start is not None and start not in state.allowed:
        raise SetupError(f"{{start}} {quoted(start)} is not one of the allowed guesses", "start")
    if too_big := besttree.size_problem(problem_of(state)):
        raise SetupError(too_big)
    stored = None
    if store:
        folder = a_path("trees", trees) or treefiles.default_dir()
        stored = treefiles.path_for(folder, state, width)
        if landing(stored, *(("{trees}", "trees") if trees else ("the tree folder",))) == dot_to:
            raise SetupError(
                f"{{dot}} {dot} is the stored tree's file: the graph would replace the tree", "dot"
            )
    openers_searched = [start] if start is not None else openers
    common_only = chosen.guesses == "common" and chosen.words is None
    result = searched(state, openers_searched, width, workers, scheduler, progress, common_only)
    paths = [out] + ([stored] if result.complete else [])  # (a tree cut short is not stored)
    unwritten = written(state, result, paths, dot)
    made = {f.name: getattr(result, f.name) for f in fields(TreeResult)}
    return MadeTree(
        **made, display=state.allowed.display, figures=summary(result.tree), unwritten=unwritten
    )


def checked_scheduler(scheduler: str | None) -> None:
    """Raise SetupError in one line if a scheduler is given that is no Dask scheduler's
    address, or Dask is not installed (before any search: besttree.check_scheduler)."""
    if scheduler is not None:
        try:
            besttree.check_scheduler(scheduler)
        except (besttree.NoDask, ValueError) as error:
            raise SetupError(str(error)) from None


def landing(path: str | Path | None, what: str, *named: str) -> Path | None:
    """Return where a write to path lands (None: no path); SetupError saying what it is (its
    options named) if it cannot be written there, before any search."""
    if path is None:
        return None
    try:
        return destination(path)
    except BadFile as error:
        raise SetupError(f"{what}: {error}", *named) from None


def searched(
    state: GameState,
    openers: list[str] | int,
    width: int | None,
    workers: int,
    scheduler: str | None,
    progress: Progress | None,
    common_only: bool,
) -> TreeResult:
    """Return the best tree of the openers; SetupError for the search's one-line error (no
    tree within the limit: with what may still find one)."""
    hint = [
        *(["{guesses=all} (every word known as a guess)"] if common_only else []),
        *(["{width=all} (every guess tried in each position)"] if width is not None else []),
        "another {start}" if isinstance(openers, list) else "more {openers}",
    ]
    ways = f"; {' or '.join(hint)} may find one", "guesses=all", "width=all", "start", "openers"
    try:
        if scheduler is not None:
            besttree.reach(scheduler)
        return besttree.best_tree(state, openers, width, workers, scheduler, progress)
    except WorkerError as error:  # a worker's error: the search's own, said as its own
        if besttree.TREE_WITHIN not in str(error):
            raise
        raise SetupError(str(error).splitlines()[0] + ways[0], *ways[1:]) from None
    except (besttree.NoDask, ValueError, OSError) as error:
        said = str(error).splitlines()[0] if str(error) else type(error).__name__
        if isinstance(error, besttree.NoTree):
            raise SetupError(said + ways[0], *ways[1:]) from None
        raise SetupError(said) from None


def written(
    state: GameState, result: TreeResult, paths: list[Path | None], dot: Path | None
) -> tuple[str, ...]:
    """Write the tree's record to each path given, and its DOT graph to dot (each atomically;
    a link's target replaced); return those it could not be written to, each with why."""
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
    return tuple(failed)
