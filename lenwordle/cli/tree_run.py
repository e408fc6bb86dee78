"""The work of `lenwordle tree`: its own options checked, the position opened, the tree
searched and written; the command itself, last, strings them."""

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer

from lenwordle.api.setup import Settings
from lenwordle.cli import common
from lenwordle.cli.checks import at_least_one
from lenwordle.cli.common import (
    app,
    settings_from,
    usable_workers,
    words_of,
)
from lenwordle.cli.console import (
    fail,
    show,
    warn,
)
from lenwordle.cli.formatting import (
    tree_lines,
)
from lenwordle.cli.options import (
    SettingsOptions,
    TreeWidth,
    Workers,
    a_path,
    settings_options,
)
from lenwordle.engine.state import GameState
from lenwordle.engine.tree import as_dot
from lenwordle.engine.workers import (
    WorkerError,
    default_workers,
)
from lenwordle.search import besttree
from lenwordle.search.optimal import DEFAULT_WIDTH, problem_of
from lenwordle.store import treefiles
from lenwordle.words.files import BadFile, destination, write_atomic
from lenwordle.words.quoting import quoted
from lenwordle.words.typed import plain_word
from lenwordle.words.wordlist import (
    WordListError,
)


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


@app.command(name="tree")
@settings_options(
    leave_out=(
        "uniform",
        "shortlist",
        "strategy",
        "width",
        "boards",
        "absurdle",
        "exclude",
        "variant",
    )
)
def tree_command(
    options: SettingsOptions,
    start: Annotated[
        str | None, typer.Option("--start", help="The opener (default: the best of --openers).")
    ] = None,
    openers: Annotated[
        int, typer.Option("--openers", help="Without --start: how many openers to search.")
    ] = besttree.DEFAULT_OPENERS,
    width: TreeWidth = str(DEFAULT_WIDTH),
    out: Annotated[
        Path | None,
        typer.Option("--out", parser=a_path, help="Also write the tree to this JSON file."),
    ] = None,
    dot: Annotated[
        Path | None,
        typer.Option(
            "--dot",
            parser=a_path,
            help="Also write the tree as a Graphviz DOT graph to this file (a box per guess, "
            "an edge per reply, a leaf per answer).",
        ),
    ] = None,
    text: Annotated[
        bool, typer.Option("--text", help="Print each answer with its path of guesses.")
    ] = False,
    trees: Annotated[
        Path | None,
        typer.Option(
            "--trees",
            parser=a_path,
            help="Folder to store the tree in (default: the one the optimal strategy of play, "
            "solve and bench reads).",
        ),
    ] = None,
    scheduler: Annotated[
        str | None,
        typer.Option("--scheduler", help="Search the openers on this Dask cluster (address)."),
    ] = None,
    workers: Workers = default_workers(),
) -> None:
    """Find the decision tree of fewest guesses.

    The tree of fewest total guesses over all answers (Ctrl-C keeps the best so far): it
    prints its figures and stores the tree where the optimal strategy of play, solve and
    bench finds it (or in --trees).

    Example: lenwordle tree --words guesses.txt --answers answers.txt --start salet
    """
    settings = settings_from(**options)
    search_width = _tree_width(width)
    at_least_one("openers", openers)
    if start is not None:
        alphabet, start = settings.alphabet(), plain_word(start)
        if not words_of(alphabet, start, alphabet.fold(start), settings.k):
            fail(
                f"--start {quoted(start)} is not a word of {settings.k} letters "
                f"{alphabet.described()}"
            )
        start = alphabet.fold(start)
    ask = TreeAsk(search_width, usable_workers(workers), start, openers, scheduler)
    check_options(settings, ask)
    folder = trees or treefiles.default_dir()
    json_to = _tree_destination(out, "--out") if out is not None else None
    dot_to = _tree_destination(dot, "--dot") if dot is not None else None
    if dot_to is not None and dot_to == json_to:
        fail(f"--dot and --out name the same file: {dot}")
    state = opening_state(settings, ask)
    stored = treefiles.path_for(folder, state, search_width)
    if _tree_destination(stored, "--trees" if trees else "the tree folder") == dot_to:
        fail(f"--dot {dot} is the stored tree's file: the graph would replace the tree")
    result = searched(
        state, ask, lambda done, total, about: common.progress_line(done, total, about), settings
    )
    paths = [out] + ([stored] if result.complete else [])  # a tree cut short is not stored
    failed = unwritten(state, result, paths, dot)
    for line in tree_lines(result, text, state.allowed.display):
        show(line)
    if failed:
        fail(f"the tree above was not written to {'; nor to '.join(failed)}", 1)


def _tree_destination(path: Path, option: str) -> Path:
    """Return where a write to the tree file path lands; exit with a one-line message if it
    cannot be written (a folder, a special file, a folder that cannot take it; a link: the
    file it points to), before any search."""
    try:
        return destination(path)
    except BadFile as error:
        fail(f"{option}: {error}")


def _tree_width(text: str) -> int | None:
    """Return --width as a number, or None for all; exit with a message if it is neither."""
    if text.strip().lower() == "all":
        return None
    if not text.strip().isdigit() or int(text) < 1:
        fail(f"--width {quoted(text)}: a number of guesses (at least 1), or all")
    return int(text)
