"""The games the page plays, kept by a random id a browser (its cookie): the game it solves
and the game it practises (lenwordle keeping the secret), at most `size` games in all, the
least recently used browser's dropped first, and none idle longer than `idle` seconds; each
game with its own lock, so that two requests of one browser never interleave."""

from __future__ import annotations

import gc
import os
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from lenwordle.api import Game, MoveError, Reviewed, review
from lenwordle.api.practice import Practice, Row
from lenwordle.web.views import page_notes, undone_note

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
        events = self.game.tell(*replies, word=word)
        self.moves.append(None)
        self.reviewed = None
        return page_notes(self.game, events)

    def refuse(self) -> list[str]:
        """The game refused the suggestion; return the notes to show."""
        self._room()
        word = self.game.suggestion
        events = self.game.refuse()
        self.moves.append(word)
        return page_notes(self.game, events)

    def _room(self) -> None:
        """Raise MoveError when the game has made its MAX_MOVES moves."""
        if len(self.moves) >= MAX_MOVES:
            raise MoveError(
                f"a game here takes at most {MAX_MOVES} replies and refusals; undo, or start "
                "a new game"
            )

    def undo(self) -> str:
        """Take back the last reply or refusal; return what was taken back."""
        undone = self.game.undo()
        self.moves.pop()
        self.reviewed = None
        return undone_note(undone)

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
            ultra_hard=settings.ultra_hard,
            strategy=settings.strategy,
            max_guesses=limit,
            variant=settings.variant,
            first_letter=settings.first_letter,  # (SUTOM: the best guesses begin with it)
        )


@dataclass
class Practicing:
    """A browser's practice game: lenwordle keeps the secret, the player guesses. Its moves
    (guesses and refused words) are counted: past MAX_MOVES, none is taken (Antiwordle
    allows 1 000 guesses)."""

    practice: Practice
    lock: threading.Lock = field(default_factory=threading.Lock)
    moves: int = 0  # guesses and refusals asked for
    refused: list[str] = field(default_factory=list)  # the words refused, as typed
    reviewed: list[Reviewed] | None = None  # the finished game's review, once asked for

    def guess(self, word: str) -> Row:
        """Play a guess (a refused one counts as a move); return the row the game shows."""
        if self.moves >= MAX_MOVES:
            raise MoveError(
                f"a game here takes at most {MAX_MOVES} guesses and refused words; start a "
                "new game"
            )
        self.moves += 1
        return self.practice.guess(word)

    def review(self) -> list[Reviewed]:
        """Return the review of the finished game, one a board (kept once made)."""
        if self.reviewed is None:
            self.reviewed = self.practice.review()
        return self.reviewed


@dataclass
class Kept:
    """What the store keeps for a browser: the game it solves, the game it practises."""

    play: Play | None = None
    practicing: Practicing | None = None

    @property
    def games(self) -> int:
        return (self.play is not None) + (self.practicing is not None)


def resident_bytes() -> int | None:
    """Return this process's resident memory in bytes (None where /proc does not say)."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None


class Games:
    """The games kept, by a browser's id; `clock` gives the time in seconds (time.monotonic),
    `memory` the process's resident bytes (resident_bytes): past `budget`, the least
    recently used browsers' games are dropped, all but the one in use. A browser's two games
    (solved and practised) are kept and dropped together, so that a browser whose id is kept
    and has no game of a kind never had one."""

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
        self._kept: OrderedDict[str, tuple[Kept, float]] = OrderedDict()  # oldest use first
        self._lock = threading.Lock()

    def __len__(self) -> int:
        """Return the games kept (a browser's two count two)."""
        with self._lock:
            self._drop_idle()
            return sum(kept.games for kept, _ in self._kept.values())

    def get(self, key: str | None) -> Play | None:
        """Return the game browser key solves, its games now the most recent (None: none,
        or dropped)."""
        kept = self._used(key)
        return kept.play if kept else None

    def practicing(self, key: str | None) -> Practicing | None:
        """Return the game browser key practises, its games now the most recent (None:
        none, or dropped)."""
        kept = self._used(key)
        return kept.practicing if kept else None

    def knows(self, key: str | None) -> bool:
        """Return whether games of browser key are kept (of either kind)."""
        with self._lock:
            self._drop_idle()
            return bool(key) and key in self._kept

    def _used(self, key: str | None) -> Kept | None:
        with self._lock:
            self._drop_idle()
            if not key or key not in self._kept:
                return None
            kept, _ = self._kept[key]
            self._kept[key] = (kept, self.clock())
            self._kept.move_to_end(key)
            self._within_bounds()
            return kept

    def add(self, play: Play, key: str | None = None) -> str:
        """Keep the game a browser solves (under key, replacing its game, or a new random
        id); return its id. Past `size` games, the least recently used browser's go."""
        return self._add(key, play=play)

    def add_practice(self, practicing: Practicing, key: str | None = None) -> str:
        """Keep the game a browser practises, as `add` keeps the game it solves."""
        return self._add(key, practicing=practicing)

    def _add(self, key: str | None, **game: Any) -> str:
        key = key or secrets.token_urlsafe(18)
        with self._lock:
            self._drop_idle()
            kept, _ = self._kept.get(key, (Kept(), 0.0))
            for kind, value in game.items():
                setattr(kept, kind, value)
            self._kept[key] = (kept, self.clock())
            self._kept.move_to_end(key)
            self._within_bounds()
        return key

    def _within_bounds(self) -> None:
        """Drop the least recently used browsers' games while over `size` games or the
        memory budget, all but the most recent browser's (its games hold each other: the
        collector frees them)."""
        while len(self._kept) > 1 and sum(k.games for k, _ in self._kept.values()) > self.size:
            self._kept.popitem(last=False)
        while len(self._kept) > 1:
            used = self.memory()
            if used is None or used <= self.budget:
                return
            self._kept.popitem(last=False)
            gc.collect()

    def _drop_idle(self) -> None:
        """Drop the games idle longer than `idle` (the oldest uses come first)."""
        now = self.clock()
        while self._kept:
            key, (_, used) = next(iter(self._kept.items()))
            if now - used <= self.idle:
                return
            del self._kept[key]
