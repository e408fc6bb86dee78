"""Practice: lenwordle hosts a game and the player guesses. The secrets are drawn from the
likeliest answers a game would pick (never a name, nor a word outside the dictionaries),
by a seed or as a daily puzzle: the same secret for everyone on a date, for each game,
language and length, on every platform (sha256 of a canonical string, never hash()). The
referee of games/referees.py gives each reply; a guess the game would not take is refused,
not counted, and the game is as it was."""

from __future__ import annotations

import copy
import datetime
import hashlib
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Unpack

import numpy as np

from lenwordle.api.checks import MoveError, SetupError, typed
from lenwordle.api.game import GameOptions, checked, opened, options, word_of
from lenwordle.api.setup import Settings
from lenwordle.engine.boards import Boards
from lenwordle.engine.state import GameState, NoCandidates
from lenwordle.games.referees import Referee, VariantTarget, referee_for
from lenwordle.words.languages import DEFAULT_LANGUAGE
from lenwordle.words.wordlist import WordListError, common_mask, not_names

__all__ = ["Hint", "Practice", "Refused", "Row", "practice", "secret_key", "secret_pool"]

# the secrets are the likeliest answers that carry this share of the prior's weight (of the
# common words that are no name): the words a game's editor would pick, not its rare ones
SECRET_SHARE = 0.8
MAX_DRAWS = 1000  # redraws for boards' distinct answers (Xordle's: sharing no letter)


class Refused(MoveError):
    """A guess the game does not take (not a word it accepts, hard mode's rule, the game
    over): not counted; the game is exactly as it was."""


@dataclass(frozen=True)
class Row:
    """A guess played (as the player reads it), each board's reply in the game's marks (None:
    solved before) and the row as the game shows it (coloured squares, a variant's signs)."""

    guess: str
    replies: tuple[str | None, ...]
    tiles: str


@dataclass(frozen=True)
class Hint:
    """What a coach says: the words still possible (every open board's together) and the
    solver's suggestion (None: it has none)."""

    count: int
    suggestion: str | None


def secret_pool(state: GameState) -> list[str]:
    """Return the words a practice game may hide, in code-point order: the possible answers
    that are neither names nor OUTSIDE, common where any is, the likeliest of them carrying
    SECRET_SHARE of their weight."""
    answers = state.answers
    plain = state.mask & not_names(answers)
    common = plain & common_mask(answers)
    rows = np.flatnonzero(common if common.any() else plain)
    rows = rows[np.lexsort((rows, -state.weights[rows]))]
    total = np.cumsum(state.weights[rows])
    keep = int(np.searchsorted(total, SECRET_SHARE * total[-1])) + 1 if len(rows) else 0
    return sorted(answers.words_at(rows[:keep]))


def secret_key(when: str, game: str, lang: str, rule: str, k: int, board: int, draw: int) -> str:
    """Return the canonical string a secret is drawn by (when: 'daily YYYY-MM-DD' or 'seed
    N'; board from 0; draw: 0, then each redraw)."""
    return f"lenwordle practice|{when}|{game}|{lang}|{rule}|{k}|{board}|{draw}"


def drawn(key: str, n: int) -> int:
    """Return an index below n drawn by key: the first 8 bytes of its sha256, modulo n."""
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big") % n


def game_name(settings: Settings) -> str:
    """Return the game as a secret's key names it: the variant, absurdle, or wordle with its
    boards and SUTOM's first letter."""
    name = "absurdle" if settings.absurdle else settings.variant
    if settings.boards != 1:
        name += f" x{settings.boards}"
    return name + (f" from {settings.letter}" if settings.letter else "")


def draw_secrets(settings: Settings, pool: list[str], when: str, wanted: int) -> list[str]:
    """Return `wanted` different secrets of pool drawn by when, board by board."""
    rule = settings.accents or settings.language.default
    chosen: list[str] = []
    for board in range(wanted):
        for draw in range(MAX_DRAWS):
            key = secret_key(
                when, game_name(settings), settings.lang, rule, settings.k, board, draw
            )
            word = pool[drawn(key, len(pool))]
            if word not in chosen and _fits(settings, chosen + [word]):
                chosen.append(word)
                break
        else:
            raise SetupError(f"no {wanted} different answers could be drawn")
    return chosen


def _fits(settings: Settings, words: list[str]) -> bool:
    """Return whether words may be a game's answers so far (Xordle's share no letter)."""
    return len(words) < 2 or not settings.variant == "xordle" or not set(words[0]) & set(words[1])


def when_of(
    seed: int | None, daily: bool, date: str | datetime.date | None
) -> tuple[str, int | None]:
    """Return what the secrets are drawn by ('daily YYYY-MM-DD' or 'seed N') and the seed
    (one drawn at random when neither is given); SetupError naming a wrong argument."""
    typed("seed", seed, int, type(None))
    typed("daily", daily, bool)
    typed("date", date, str, datetime.date, type(None))
    if seed is not None and (daily or date is not None):
        raise SetupError(
            "give {seed} or a daily puzzle ({daily}, {date}), not both", "seed", "daily", "date"
        )
    if daily or date is not None:
        return f"daily {day_of(date).isoformat()}", None
    seed = secrets.randbelow(2**32) if seed is None else seed
    return f"seed {seed}", seed


def day_of(date: str | datetime.date | None) -> datetime.date:
    """Return the day of a daily puzzle (None: today, in UTC); SetupError unless a str is a
    date written YYYY-MM-DD."""
    if date is None:
        return datetime.datetime.now(datetime.UTC).date()
    if isinstance(date, datetime.date):
        return date
    try:
        if len(date) != 10:
            raise ValueError
        return datetime.date.fromisoformat(date)
    except ValueError:
        raise SetupError(f"date must be a day written YYYY-MM-DD, not {date!r}") from None


def practice(
    length: int = 5,
    lang: str = DEFAULT_LANGUAGE,
    *,
    seed: int | None = None,
    daily: bool = False,
    date: str | datetime.date | None = None,
    accepted: str | Path | None = None,
    **settings: Unpack[GameOptions],
) -> Practice:
    """Return a practice game: its secrets drawn by seed, or the daily puzzle of date (daily
    alone: today's, in UTC), or by a seed drawn at random; accepted, a file of the only words
    the game takes. The options are Game's (absurdle=True: the host keeps no secret)."""
    checked(dict(settings))
    typed("accepted", accepted, str, Path, type(None))
    return Practice(options(length, lang, **settings), seed, daily, date, accepted)


class Practice:
    """A game lenwordle hosts: `guess(word)` returns the row the game shows, `hint()` what
    a coach says; `done`, `won` and `share()` at the end."""

    def __init__(
        self,
        settings: Settings,
        seed: int | None = None,
        daily: bool = False,
        date: str | datetime.date | None = None,
        accepted: str | Path | None = None,
    ) -> None:
        self.when, self.seed = when_of(seed, daily, date)
        self.settings = settings
        first = opened(settings, announce=lambda _: None)
        self.solver = first.solver
        self.position: Any = first.position or Boards.new(first.state)
        self.answers = self._secrets(first.state)
        target = VariantTarget(self.answers, self._swapped()) if first.position else None
        self.referee: Referee = referee_for(self.position, target or self.answers or None)
        self.accepted = self._accepted(first.state, accepted)

    def _secrets(self, state: GameState) -> tuple[str, ...]:
        """Return the secrets (none for Absurdle, whose host keeps none)."""
        if self.settings.absurdle:
            return ()
        position = self.position
        if isinstance(position, Boards):
            lists, wanted = state, position.boards
        else:
            lists, wanted = position.lists, position.variant.answers_per_game
        pool = secret_pool(lists)
        if not pool:
            raise SetupError("no word a game would pick is left to hide")
        return tuple(draw_secrets(self.settings, pool, self.when, wanted))

    def _swapped(self) -> bool:
        """Return whether Hardle swaps its colours in this game (drawn as the secrets are)."""
        return bool(self.position.variant.swaps) and drawn(f"{self.when}|swap", 2) == 1

    def _accepted(self, state: GameState, path: str | Path | None) -> frozenset[str]:
        """Return the words the game takes: the file's, else the game's words but names and
        the words OUTSIDE the dictionaries (a Spanish game takes no TRUMP)."""
        if path is not None:
            try:
                return frozenset(self.settings.read(Path(path)).strings)
            except (WordListError, OSError) as error:
                raise SetupError(f"accepted: {str(error).splitlines()[0]}") from None
        words = state if isinstance(self.position, Boards) else self.position.lists
        allowed = words.allowed
        return frozenset(allowed.words_at(np.flatnonzero(not_names(allowed))))

    @property
    def limit(self) -> int:
        """Return the guesses the game allows."""
        return int(self.position.limit)

    @property
    def turns(self) -> int:
        return len(self.position.history)

    @property
    def done(self) -> bool:
        """Return whether the game is over: solved (Antiwordle: the answer hit) or out of
        guesses."""
        return self.outcome is not None

    @property
    def outcome(self) -> str | None:
        """Return how the game ended: 'solved', 'hit' (Antiwordle: the answer guessed), 'out'
        (of guesses), or None while it goes on."""
        if self.position.outcome() is not None:
            return str(self.position.outcome())
        return "out" if self.turns >= self.limit else None

    @property
    def won(self) -> bool:
        """Return whether every board was solved within the limit."""
        return bool(self.position.outcome() == "solved") and self.turns <= self.limit

    def guess(self, text: str) -> Row:
        """Play a guess; return the row the game shows. Refused (not counted, the game as it
        was) if the game would not take it; MoveError if text is no str."""
        typed("text", text, str, error=MoveError)
        if self.done:
            raise Refused("the game is over")
        word = self._word(text)
        referee = _copied(self.referee)  # (its state kept only if the move is taken)
        try:
            after = self.position.after(word, referee.replies(word), referee.hit(word))
        except ValueError as error:  # hard mode's rule, a variant's (its own message)
            raise Refused(str(error).splitlines()[0]) from None
        self.position, self.referee = after, referee
        reply = after.history[-1][1]
        return Row(after.display(word), after.marks(reply), after.tiles(reply))

    def _word(self, text: str) -> str:
        """Return text as a word the game takes (folded); Refused saying why not."""
        noun = self.settings.variant_rules.noun
        try:
            word = word_of(self.settings.game_alphabet(), self.settings.k, text, "", noun)
        except SetupError as error:
            raise Refused(str(error)) from None
        if word not in self.accepted:
            raise Refused(f"{self.position.display(word)} is not in the game's word list")
        if self.settings.first_letter_problem(word):  # SUTOM: a guess begins as the answer
            raise Refused(self.settings.first_letter_problem(word).split(":")[0])
        return word

    def hint(self) -> Hint:
        """Return how many words are still possible and the solver's suggestion."""
        counts = [n for n in self.position.counts() if n is not None]
        try:
            suggestion = None if self.done else self.solver.choose_boards(self.position)
        except NoCandidates:
            suggestion = None
        shown = self.position.display(suggestion) if suggestion else None
        return Hint(sum(counts), shown)

    def share(self) -> str:
        """Return the share grid: 'lenwordle', the puzzle (daily: its date) and the game's
        title, then each row as the game shows it."""
        puzzle = self.when.removeprefix("daily ") if self.seed is None else "practice"
        rows = [self.position.tiles(reply) for _, reply in self.position.history]
        return "\n".join([f"lenwordle {puzzle} {self.position.title()}", *rows])

    def secrets(self) -> list[str]:
        """Return the secrets as the player reads them (Absurdle: the word the host kept,
        once shown)."""
        return [self.position.display(w) for w in self.referee.answers]


def _copied(referee: Referee) -> Referee:
    """Return a copy of referee whose moves leave referee as it was (the boards it counts
    solved, its generator's draws)."""
    fresh = copy.copy(referee)
    for name in ("solved", "random"):
        if hasattr(referee, name):
            setattr(fresh, name, copy.deepcopy(getattr(referee, name)))
    return fresh
