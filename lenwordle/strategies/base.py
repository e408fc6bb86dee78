"""What every strategy is: the protocol its callers use, the record of what it can do, and
the order in which ties between equally good guesses are broken."""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from lenwordle.engine.boards import Boards
from lenwordle.engine.metrics import DIGITS
from lenwordle.engine.partitions import Parts
from lenwordle.engine.position import Position
from lenwordle.engine.state import GameState
from lenwordle.engine.workers import Progress


@dataclass(frozen=True, kw_only=True)
class Traits:
    """What a strategy is, needs and can do, as its callers read it: plain values."""

    name: str  # its name in the registry (and in starter files)
    shortlist: float  # the percent of allowed words it measures exactly
    width: int  # how many words its searches try per position
    # what the game hands it when it is made (api.setup: Settings.open), at most one:
    stores_opener: bool = True  # its first guess, from a starter file (openers=); it ranks
    wants_tree: bool = False  # a best tree of the opening, stored or searched (tree=)
    plans: bool = False  # nothing: it plans its whole game as it plays (about a second)
    several_boards: bool = True  # it plays several boards at once


@dataclass(frozen=True)
class Choice:
    """A ranked guess: the word, its per-position estimate and its exact metric value (the
    least is the best)."""

    word: str
    estimate: float
    value: float
    is_candidate: bool
    weight: float


class Chooser(Protocol):
    """What the play loop and the session ask of whatever plays: the next guess in a
    position (engine/position.py): Wordle's boards, or a variant's game."""

    def choose_boards(self, position: Position) -> str:
        """Return the next guess in the position (on Wordle's boards, played at once)."""
        ...


class Strategy(Protocol):
    """A strategy as every caller uses it: what it is and can do (its traits), and its
    choice on one board and on several. Whatever it plays from (a stored opener, a tree) is
    handed to it when it is made (strategies.registry); what only some callers ask of some
    strategies is a protocol of its own (Ranking, ReportsProgress)."""

    @property
    def traits(self) -> Traits:
        """Return what it is, needs and can do (name, shortlist, width, ...)."""
        ...

    def choose(self, state: GameState) -> str:
        """Return the next guess on one board."""
        ...

    def choose_boards(self, position: Position) -> str:
        """Return the next guess in the position: Wordle's boards, played at once (a
        strategy over a variant's rows: its game)."""
        ...


@runtime_checkable
class Ranking(Strategy, Protocol):
    """A strategy that ranks the guesses by a metric (the Ranked family), as the starter
    files (store.starters) and the review (games.review) read it."""

    def choose(self, state: GameState, ranked: list[Choice] | None = None) -> str:
        """Return the next guess on one board (`ranked`: its own rank(state), if made)."""
        ...

    def rank(
        self,
        state: GameState,
        top: int = 10,
        progress: Callable[[int, int], None] | None = None,
        workers: int = 1,
    ) -> list[Choice]:
        """Return its best `top` guesses in state by its metric, best first."""
        ...

    def expected_guesses(self, state: GameState, word: str, parts: Parts) -> float:
        """Return the guesses it expects to finish in after playing word (it included);
        parts: word's partition of the candidates."""
        ...


@runtime_checkable
class ReportsProgress(Protocol):
    """A strategy whose choice may search long enough to report its progress."""

    def with_progress(self, progress: Progress) -> Strategy:
        """Return the strategy reporting each long search's progress(done, total, about)."""
        ...


def lowest(ranked: list[Choice], cost: Callable[[str], float]) -> str:
    """Return the ranked word of lowest cost(word); ties broken as in Ranked.rank."""

    def key(c: Choice) -> tuple[float, bool, float, str]:
        return (min(round(cost(c.word), DIGITS), 1e300), not c.is_candidate, -c.weight, c.word)

    return min(ranked, key=key).word


def boards_of(position: Position) -> Boards:
    """Return the position as Wordle's boards, which a Wordle strategy plays; ValueError for
    a variant's game (played by a strategy over the rows it shows: strategies/shown.py)."""
    boards = position.wordle_boards()
    if boards is None:
        raise ValueError("a Wordle strategy plays Wordle's boards, not a variant's rows")
    return boards


# Once the game has refused a word, a guess it may refuse is priced by that chance
# (words/taking.py): its value plus the strategy's refusal_cost times how far the chance is
# below TAKEN_SURE (a word taken with TAKEN_SURE or more costs nothing more)
TAKEN_SURE = 0.9


def refusal_prices(
    state: GameState, rows: npt.NDArray[np.intp], cost: float
) -> npt.NDArray[np.float64]:
    """Return what playing each allowed word at rows costs for the chance the game refuses
    it: cost times how far its chance of being taken is below TAKEN_SURE; 0 until the game has
    refused a word (its guess pool is common words, which games take: one refusal in 100
    NYT games), and when cost is."""
    if not cost or not state.refused:
        return np.zeros(len(rows))
    return cost * np.maximum(0.0, TAKEN_SURE - state.taking(rows)) / TAKEN_SURE
