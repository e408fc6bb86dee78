"""What a command was asked for (length, word files, strategy...), turned into a state and a solver."""

from dataclasses import dataclass
from pathlib import Path

from lenwordle.state import GameState
from lenwordle.strategies import DEFAULT_SHORTLIST, DEFAULT_STRATEGY, STRATEGIES, Solver
from lenwordle.wordlist import WordList, WordListError, bundled, read_words


@dataclass(frozen=True)
class Settings:
    """The dictionary and solver options shared by play, solve, bench and precompute-starters."""

    k: int = 5
    words: Path | None = None
    answers: Path | None = None
    uniform: bool = False
    shortlist: float = DEFAULT_SHORTLIST
    strategy: str = DEFAULT_STRATEGY
    hard: bool = False
    width: int = 8

    def __post_init__(self):
        if not 0 < self.shortlist <= 100:
            raise WordListError(f"--shortlist must be in (0, 100], not {self.shortlist:g}")
        if self.strategy not in STRATEGIES:
            raise WordListError(f"unknown strategy {self.strategy!r}; choose from {', '.join(STRATEGIES)}")
        if self.width < 1:
            raise WordListError(f"--width must be at least 1, not {self.width}")

    def allowed(self) -> WordList:
        """Return the allowed guesses."""
        return read_words(self.words, self.k) if self.words else bundled(self.k)

    def answer_list(self) -> WordList | None:
        """Return the answer list, or None for 'every allowed word, by the prior'."""
        return read_words(self.answers, self.k) if self.answers else None

    def state(self, allowed: WordList | None = None, answers: WordList | None = None) -> GameState:
        """Return the opening state of a game (from these lists if they were read already)."""
        allowed = self.allowed() if allowed is None else allowed
        answers = self.answer_list() if answers is None else answers
        return GameState.new(allowed, answers, uniform=self.uniform or answers is not None,
                             hard=self.hard)

    def solver(self, openers: dict | None = None) -> Solver:
        """Return the strategy with these settings."""
        return Solver(self.strategy, self.shortlist, self.width, openers or {})
