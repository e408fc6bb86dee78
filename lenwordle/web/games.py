"""The games the page plays, one per browser, kept by a random id (its cookie): at most
`size` games, the least recently used dropped first, and none idle longer than `idle`
seconds; each with its own lock, so that two requests of one browser never interleave."""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

from lenwordle.api import Game, Reviewed, review

MAX_GAMES = 200  # games kept at once; past it, the least recently used is dropped
IDLE_SECONDS = 2 * 60 * 60  # a game untouched this long is dropped


@dataclass
class Play:
    """A browser's game, with the moves made in order (what undo takes back, and which words
    the game refused before which guess, for the review)."""

    game: Game
    lock: threading.Lock = field(default_factory=threading.Lock)
    moves: list[str | None] = field(default_factory=list)  # a refused word, or None: a reply
    reviewed: list[Reviewed] | None = None  # the finished game's review, once asked for

    def tell(self, replies: list[str], word: str | None = None) -> list[str]:
        """Play the replies (to word, default the suggestion); return the notes to show."""
        notes = self.game.tell(*replies, word=word)
        self.moves.append(None)
        self.reviewed = None
        return notes

    def refuse(self) -> list[str]:
        """The game refused the suggestion; return the notes to show."""
        word = self.game.suggestion
        notes = self.game.refuse()
        self.moves.append(word)
        return notes

    def undo(self) -> str:
        """Take back the last reply or refusal; return what was taken back."""
        said = self.game.undo()
        self.moves.pop()
        self.reviewed = None
        return said

    def refused_before(self) -> dict[int, tuple[str, ...]]:
        """Return the words the game refused before each guess (by its index, from 0)."""
        refused: dict[int, tuple[str, ...]] = {}
        turn = 0
        for move in self.moves:
            if move is None:
                turn += 1
            else:
                refused[turn] = (*refused.get(turn, ()), move)
        return refused

    def review(self) -> list[Reviewed]:
        """Return the review of the finished game, one a board: each board's guesses up to
        its solve, with its replies."""
        if self.reviewed is None:
            self.reviewed = [self._board_review(b) for b in range(self.game.boards)]
        return self.reviewed

    def _board_review(self, board: int) -> Reviewed:
        game, settings = self.game, self.game.settings
        turns = [t for t in game.turns if t.replies[board] is not None]
        limit = settings.max_guesses if game.boards == 1 else settings.rules().limit
        refused = {i: w for i, w in self.refused_before().items() if i < len(turns)}
        return review(
            *[t.guess for t in turns],
            replies=[str(t.replies[board]) for t in turns],
            refused=refused,
            lang=settings.lang,
            accents=settings.accents,
            hard=settings.hard,
            strategy=settings.strategy,
            max_guesses=limit,
        )


class Games:
    """The games kept, by id; `clock` gives the time in seconds (time.monotonic)."""

    def __init__(
        self,
        size: int = MAX_GAMES,
        idle: float = IDLE_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if size < 1:
            raise ValueError(f"a store of games keeps at least one, not {size}")
        self.size, self.idle, self.clock = size, idle, clock
        self._plays: OrderedDict[str, tuple[Play, float]] = OrderedDict()  # oldest use first
        self._lock = threading.Lock()

    def __len__(self) -> int:
        with self._lock:
            self._drop_idle()
            return len(self._plays)

    def get(self, key: str | None) -> Play | None:
        """Return the game kept for key, now its most recent (None: none, or dropped)."""
        with self._lock:
            self._drop_idle()
            if not key or key not in self._plays:
                return None
            play, _ = self._plays[key]
            self._plays[key] = (play, self.clock())
            self._plays.move_to_end(key)
            return play

    def add(self, play: Play, key: str | None = None) -> str:
        """Keep a game (under key, replacing its game, or a new random id); return its id.
        Past `size` games, the least recently used is dropped."""
        key = key or secrets.token_urlsafe(18)
        with self._lock:
            self._drop_idle()
            self._plays[key] = (play, self.clock())
            self._plays.move_to_end(key)
            while len(self._plays) > self.size:
                self._plays.popitem(last=False)
        return key

    def _drop_idle(self) -> None:
        """Drop the games idle longer than `idle` (the oldest uses come first)."""
        now = self.clock()
        while self._plays:
            key, (_, used) = next(iter(self._plays.items()))
            if now - used <= self.idle:
                return
            del self._plays[key]
