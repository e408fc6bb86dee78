"""The games the page plays, one per browser, kept by a random id (its cookie): at most
`size` games, the least recently used dropped first, and none idle longer than `idle`
seconds; each with its own lock, so that two requests of one browser never interleave."""

from __future__ import annotations

import gc
import os
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

from lenwordle.api import Game, MoveError, Reviewed, review
from lenwordle.web.views import page_notes

MAX_GAMES = 200  # games kept at once; past it, the least recently used is dropped
IDLE_SECONDS = 2 * 60 * 60  # a game untouched this long is dropped
# moves of a game (replies and refusals): each keeps what undo takes back (0.4 to 1 MB at
# 5 letters), so a game that never ends, a browser refusing word after word, is bounded
MAX_MOVES = 60
MEMORY_BUDGET = 1 << 30  # bytes of the server's resident memory past which old games go


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
        self._room()
        notes = self.game.tell(*replies, word=word)
        self.moves.append(None)
        self.reviewed = None
        return page_notes(notes)

    def refuse(self) -> list[str]:
        """The game refused the suggestion; return the notes to show."""
        self._room()
        word = self.game.suggestion
        notes = self.game.refuse()
        self.moves.append(word)
        return page_notes(notes)

    def _room(self) -> None:
        """Raise MoveError when the game has made its MAX_MOVES moves."""
        if len(self.moves) >= MAX_MOVES:
            raise MoveError(
                f"a game here takes at most {MAX_MOVES} replies and refusals; undo, or start "
                "a new game"
            )

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
            variant=settings.variant,
        )


def resident_bytes() -> int | None:
    """Return this process's resident memory in bytes (None where /proc does not say)."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None


class Games:
    """The games kept, by id; `clock` gives the time in seconds (time.monotonic), `memory`
    the process's resident bytes (resident_bytes): past `budget`, the least recently used
    games are dropped, all but the one in use."""

    def __init__(
        self,
        size: int = MAX_GAMES,
        idle: float = IDLE_SECONDS,
        clock: Callable[[], float] = time.monotonic,
        budget: int = MEMORY_BUDGET,
        memory: Callable[[], int | None] = resident_bytes,
    ) -> None:
        if size < 1:
            raise ValueError(f"a store of games keeps at least one, not {size}")
        self.size, self.idle, self.clock = size, idle, clock
        self.budget, self.memory = budget, memory
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
            self._within_budget()
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
            self._within_budget()
        return key

    def _within_budget(self) -> None:
        """Drop the least recently used games while the process is over its memory budget,
        all but the most recent (its games hold each other: the collector frees them)."""
        while len(self._plays) > 1:
            used = self.memory()
            if used is None or used <= self.budget:
                return
            self._plays.popitem(last=False)
            gc.collect()

    def _drop_idle(self) -> None:
        """Drop the games idle longer than `idle` (the oldest uses come first)."""
        now = self.clock()
        while self._plays:
            key, (_, used) = next(iter(self._plays.items()))
            if now - used <= self.idle:
                return
            del self._plays[key]
