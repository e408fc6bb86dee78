"""The strategy against the Absurdle host: the first guess of the shortest plan
(search.adversary), kept for the turns after."""

from dataclasses import dataclass, field, replace
from typing import Self

from lenwordle.engine.metrics import minimax_metric
from lenwordle.engine.position import Position
from lenwordle.engine.rules import DEFAULT_LIMIT
from lenwordle.engine.state import GameState, NoCandidates
from lenwordle.engine.workers import Progress
from lenwordle.search import adversary
from lenwordle.search.adversary import PLAN_WIDTH, NoPlan, PositionKey, Search, host_reply, rank
from lenwordle.strategies.base import Traits, boards_of
from lenwordle.strategies.ranked import DEFAULT_SHORTLIST, Ranked

# it plans its game only with at most this many words left (the standard answers, 2315,
# take about a second); with more (the whole bundled dictionary, 20 000 and more) it plays
# the shortlisted word of smallest largest group until few enough are left
PLAN_MAX = 3000


@dataclass(frozen=True)
class WorstCase:
    """The first guess of the shortest plan against the host, kept for the turns after (the
    host is deterministic: the rest of a shortest plan is the shortest from where it leads),
    with the search's memo kept across turns."""

    limit: int = DEFAULT_LIMIT
    width: int = PLAN_WIDTH
    name: str = "worst-case"
    _planned: dict[PositionKey, str] = field(default_factory=dict, compare=False, repr=False)
    _search: list[Search] = field(default_factory=list, compare=False, repr=False)
    progress: Progress | None = field(default=None, compare=False, repr=False)

    def with_progress(self, progress: Progress) -> Self:
        """Return the strategy telling progress about each plan it searches."""
        return replace(self, progress=progress)

    def choose(self, state: GameState) -> str:
        """Return the planned guess of this position, else the first of plan(state)."""
        key = adversary.position_key(state)
        if key not in self._planned:
            if not self._search:
                self._search.append(Search(self.width))
            found = adversary.plan(state, self.limit, self.width, self._search[0], self.progress)
            self._remember(state, found)
        return self._planned[key]

    def _remember(self, state: GameState, guesses: list[str]) -> None:
        """Remember the guess of each position the plan goes through, as the host answers."""
        if len(self._planned) >= adversary.MAX_MEMO:
            self._planned.clear()
        for guess in guesses:
            self._planned[adversary.position_key(state)] = guess
            if len(state.candidate_rows) == 1:
                break
            state = state.after(guess, host_reply(state, guess))


@dataclass(frozen=True)
class WorstCasePlan(WorstCase):
    """The Absurdle solver: the first guess of the shortest plan against the largest-group
    host; past any plan within the limit, the guess of smallest largest group. One board;
    it plans its whole game, so it needs nothing stored."""

    @property
    def traits(self) -> Traits:
        """Return what it is and can do: it plans its game (nothing stored), on one board."""
        return Traits(
            name=self.name,
            shortlist=DEFAULT_SHORTLIST,  # of its fallback, the smallest largest group
            width=self.width,
            stores_opener=False,
            plans=True,
            several_boards=False,
        )

    def fallback(self) -> Ranked:
        """Return the strategy it plays with too many words to plan: the smallest worst case."""
        return Ranked(name="minimax", metric=minimax_metric)

    def choose(self, state: GameState) -> str:
        if len(state.candidate_rows) == 0:
            raise NoCandidates("no word the solver knows fits the feedback")
        if len(state.candidate_rows) > PLAN_MAX:  # too many to plan: the smallest worst case
            return self.fallback().choose(state)
        try:
            return super().choose(state)
        except NoPlan:
            return rank(state, 1).words[0]

    def choose_boards(self, position: Position) -> str:
        boards = boards_of(position)
        if len(boards.states) != 1:
            raise ValueError("worst-case plays one board (Absurdle)")
        return self.choose(boards.states[0])
