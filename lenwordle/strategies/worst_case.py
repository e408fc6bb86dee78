"""The strategy against the Absurdle host: the first guess of the shortest plan."""

from dataclasses import dataclass, field, replace

from lenwordle.engine.state import GameState
from lenwordle.search import adversary
from lenwordle.search.adversary import DEFAULT_LIMIT, DEFAULT_WIDTH, Progress, host_reply


@dataclass(frozen=True)
class WorstCase:
    """The strategy against the Absurdle host: the first guess of the shortest plan, kept
    for the turns after (the host is deterministic: the rest of a shortest plan is the
    shortest from where it leads), with the search's memo kept across turns."""

    limit: int = DEFAULT_LIMIT
    width: int = DEFAULT_WIDTH
    name: str = "worst-case"
    _planned: dict = field(default_factory=dict, compare=False, repr=False)
    _search: list = field(default_factory=list, compare=False, repr=False)
    progress: Progress | None = field(default=None, compare=False, repr=False)

    def with_progress(self, progress: Progress) -> "WorstCase":
        """Return the strategy telling progress about each plan it searches."""
        return replace(self, progress=progress)

    def choose(self, state: GameState) -> str:
        """Return the planned guess of this position, else the first of plan(state)."""
        key = adversary.position_key(state)
        if key not in self._planned:
            if not self._search:
                self._search.append(adversary.Search(self.width))
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
