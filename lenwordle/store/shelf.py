"""Where a game finds what its strategy plays from, to hand it over: starter files for
openers, tree files for best trees (a missing tree is searched now, when the answers are few
enough, and stored)."""

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from lenwordle.engine.state import GameState
from lenwordle.engine.tree import Node
from lenwordle.engine.workers import Progress, default_workers
from lenwordle.search.besttree import DEFAULT_OPENERS, best_tree, size_problem
from lenwordle.search.optimal import problem_of
from lenwordle.store import starters, treefiles
from lenwordle.strategies.base import Strategy
from lenwordle.words.files import check_writable
from lenwordle.words.wordlist import WordListError

# a missing tree is searched now with at most this many answers (the standard 2 315 take
# about 40 s for 10 openers); with more, `lenwordle tree` makes it, with its progress shown
OPTIMAL_MAX = 3000


class NoStoredOpener(Exception):
    """No stored opener serves this strategy here; the message says why."""


@dataclass(frozen=True)
class Shelf:
    """Starter files in `starters_dir` and tree files in `trees_dir` (None: the defaults).

    why_not_stored: when set, the reason a stored opener cannot serve (such as --exclude,
    which changes the possible answers); announce is told before a tree is searched, and
    progress follows the search."""

    starters_dir: Path | None = None
    trees_dir: Path | None = None
    why_not_stored: str | None = None
    announce: Callable[[str], None] | None = None
    progress: Progress | None = None
    tree_command: str | None = None  # the `lenwordle tree` command of the same settings

    def opener(self, state: GameState, strategy: Strategy) -> tuple[str, ...]:
        """Return the stored openers of state for strategy, the opener then its fallbacks;
        NoStoredOpener says why none serves."""
        try:
            words = starters.opener(self.starters_dir or starters.default_dir(), state, strategy)
        except starters.StarterError as error:
            raise NoStoredOpener(self.why_not_stored or str(error)) from None
        return words

    def tree(self, state: GameState, width: int) -> tuple[Node, str | None]:
        """Return the stored tree of state when a tree file fits, else one searched now (and
        stored, when the folder takes it), with what the player should be told."""
        folder = self.trees_dir or treefiles.default_dir()
        own = path = treefiles.path_for(folder, state, width)
        proven = treefiles.path_for(folder, state, None)  # `tree --width all`: serves any width
        if not path.exists() and proven.exists():
            path = proven
        try:
            return treefiles.tree_for(path, state, None if path == proven else width), None
        except treefiles.TreeFileError as error:
            told = f"{error}; computing the tree (the best of {DEFAULT_OPENERS} openers)"
        return self._searched(state, width, own, told)

    def _searched(
        self, state: GameState, width: int, path: Path, told: str
    ) -> tuple[Node, str | None]:
        """Return a tree searched now and stored at path (if the folder takes it), with what
        the player should be told: told, unless it was announced, and whether it was stored."""
        if len(state.candidate_rows) > OPTIMAL_MAX:
            raise WordListError(too_many_answers(state, self.tree_command))
        if self.announce:
            self.announce(told)  # said now, before the search; not again after it
            told = ""
        result = best_tree(
            state, DEFAULT_OPENERS, width, default_workers(), progress=self.progress
        )
        if result.complete:
            try:
                check_writable(path.parent)
                treefiles.write(path, treefiles.record_of(state, result))  # (never the proven's)
            except OSError as error:
                unstored = f"cannot store it in {path.parent} ({error.strerror or error})"
                told = f"{told}; {unstored}" if told else f"the tree is computed, but {unstored}"
        return result.tree, told or None


def too_many_answers(state: GameState, command: str | None) -> str:
    """Return what --strategy optimal says with no stored tree and more than OPTIMAL_MAX
    answers: the command that makes the tree (`lenwordle tree` with the same settings), when
    there is one and the tree search takes the problem; else that only fewer answers will
    do."""
    told = (
        f"--strategy optimal has no tree for these settings, and {len(state.candidate_rows)} "
        f"answers are too many to compute one now (at most {OPTIMAL_MAX})"
    )
    fewer = f"give --answers, a list of at most {OPTIMAL_MAX} words"
    too_big = size_problem(problem_of(state)).partition("; give")[0]
    if too_big:  # `tree` itself refuses it: only fewer answers will do
        return f"{told}, and `lenwordle tree` cannot make one either: {too_big}; {fewer}"
    if command is None:  # settings `tree` does not take (--exclude, --uniform)
        return f"{told}; {fewer}"
    return (
        f"{told}; make it first with `{command}` (it stores it where this strategy finds "
        f"it), or {fewer}"
    )
