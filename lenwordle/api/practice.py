"""Practice: lenwordle hosts a game and the player guesses. The secrets are drawn from the
likeliest answers a game would pick (never a name, nor a word outside the dictionaries), by a
seed or as a daily puzzle: the same secret for everyone on a date, for each game, language and
length, on every platform (sha256 of a canonical string, never hash())."""

from __future__ import annotations

import datetime
import enum
import hashlib
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal, Unpack

import numpy as np

from lenwordle.api.catalog import kind_of, played_name, showing_letter, stats_name
from lenwordle.api.checks import MoveError, SetupError, a_path, setup_error, text, typed
from lenwordle.api.game import Chance, GameOptions, checked, options, word_of
from lenwordle.api.opening import FirstRemembered, Opened
from lenwordle.api.run import Reviewed, reviewed_turns
from lenwordle.api.setup import SUTOM_LENGTHS, Settings, bundled, open_game
from lenwordle.engine.hard_mode import BrokenRule, HardModeViolation
from lenwordle.engine.position import Outcome, Position, Target
from lenwordle.engine.state import GameState, NoCandidates
from lenwordle.games.challenge import Challenge, ChallengeError
from lenwordle.games.challenge import Problem as ChallengeProblem
from lenwordle.games.referees import Referee, referee_for
from lenwordle.games.review import TurnReview
from lenwordle.games.session import chances_of
from lenwordle.store.stats import Finished, Problem, Standing, Stats, StatsError, stats_path
from lenwordle.words.languages import DEFAULT_LANGUAGE
from lenwordle.words.wordlist import WordListError, common_mask, not_names

__all__ = [
    "BrokenRule",
    "Hint",
    "Kept",
    "Practice",
    "Problem",
    "Refusal",
    "Refused",
    "Row",
    "Standing",
    "StatsError",
    "check_statistics",
    "last_review",
    "practice",
    "secret_key",
    "secret_pool",
    "statistics",
]

# the secrets are the likeliest answers that carry this share of the prior's weight (of the
# common words that are no name): the words a game's editor would pick, not its rare ones
SECRET_SHARE = 0.8
HINT_WORDS = 5  # the likeliest words a hint names
HIGH_CONTRAST = str.maketrans("🟩🟨", "🟧🟦")  # the games' high-contrast tiles
# the options a finished game keeps (after its length), in this order, as review() takes them
KEPT = (
    *("lang", "accents", "hard", "ultra_hard", "max_guesses", "boards", "absurdle"),
    *("first_letter", "variant"),
)


# why a guess was refused: the game over, a spelling that is no word of the game's letters
# and length, a word not in its list, SUTOM's first letter, the game's rules (hard mode's,
# a variant's)
Refusal = Literal["over", "spelling", "unlisted", "first_letter", "rules"]


class Refused(MoveError):
    """A guess the game does not take (not a word it accepts, hard mode's rule, the game
    over): not counted; the game is exactly as it was. kind: why (Refusal), for a face to
    tell apart without reading the message; broken: the rule of hard mode or ultra-hard it
    breaks, as a value (None: another reason)."""

    def __init__(
        self, message: str, kind: Refusal = "rules", broken: BrokenRule | None = None
    ) -> None:
        super().__init__(message)
        self.kind: Refusal = kind
        self.broken = broken


class Kept(enum.Enum):
    """How a finished practice game counts in the statistics (a face words it)."""

    RANDOM = "random"  # a game of a seed: the random games' figures
    DAILY = "daily"  # the day's puzzle on its day: the daily figures and the daily streak
    OTHER_DAY = "other day"  # another day's puzzle, played once: the daily figures alone
    REPLAY = "replay"  # a daily puzzle finished before: practice, counted nowhere
    CHALLENGE = "challenge"  # a challenge's code: the random games' figures, as its puzzle


@dataclass(frozen=True)
class Row:
    """A guess played (as the player reads it), each board's reply in the game's marks (None:
    solved before) and the row as the game shows it (coloured squares, a variant's signs)."""

    guess: str
    replies: tuple[str | None, ...]
    tiles: str


@dataclass(frozen=True)
class Hint:
    """What a coach says, over the words the host picks from (never the dictionary's others):
    how many of them are still possible (on the open boards together), the first open board's
    likeliest, the solver's suggestion and the last guess's review on the first board it left
    open (None: no guess yet, or not reviewed)."""

    count: int  # the words the host picks from still possible, summed over the open boards
    likeliest: tuple[Chance, ...]
    suggestion: str | None
    last: TurnReview | None
    host_words: int  # how many words the host picks from (each board's secret is one)
    boards: int  # the open boards counted


def secret_pool(
    state: GameState, accepted: frozenset[str] | None = None, share: float = SECRET_SHARE
) -> list[str]:
    """Return the words a practice game may hide, in code-point order: the possible answers
    that are neither names nor OUTSIDE, among the words the game takes (accepted; None: the
    dictionaries'), common where any is, the likeliest carrying `share` of their weight."""
    answers = state.answers
    plain = state.mask & not_names(answers)
    if accepted is not None:
        plain &= answers.mask_of(accepted)
    common = plain & common_mask(answers)
    rows = np.flatnonzero(common if common.any() else plain)
    rows = rows[np.lexsort((rows, -state.weights[rows]))]
    total = np.cumsum(state.weights[rows])
    keep = int(np.searchsorted(total, share * total[-1])) + 1 if len(rows) else 0
    return sorted(answers.words_at(rows[:keep]))


@dataclass(frozen=True)
class Hosting:
    """What a host opens a game with: its opening, the words it may hide and those it takes."""

    opening: Opened
    pool: list[str]
    accepted: frozenset[str]


def hosting(
    settings: Settings,
    accepted: frozenset[str] | None,
    sutom: bool = False,
    also: tuple[str, ...] = (),
    base: list[str] | None = None,
) -> Hosting:
    """Return how a host opens a game of settings, taking the accepted words (None: the
    dictionaries' but names and the words OUTSIDE them: a Spanish game takes no TRUMP); sutom:
    the host drew the first letter shown and hides the words of the language's pool (base,
    when drawn already) that begin with it; also: words it may hide besides (a recorded game's
    answers). The coach suggests only words the game takes, and the game ends at its limit
    (one board of Wordle with no limit would play on). SetupError when no word is left."""
    first = open_game(settings, quiet=True)
    lists = first.state
    if sutom:
        base = sutom_pool(settings, accepted) if base is None else base
        pool = [w for w in base if not settings.first_letter_problem(w)]
    else:  # (an adversary's words are a game's picks already: setup's share)
        pool = secret_pool(lists, accepted, 1.0 if kind_of(settings).adversary else SECRET_SHARE)
    pool = sorted(set(pool).union(also)) if also else pool
    if not pool:
        raise SetupError("no word a game would pick is left to hide")
    suggestable = lists.suggestable
    if accepted is None:
        words = frozenset(lists.allowed.words_at(np.flatnonzero(not_names(lists.allowed))))
    else:
        words, suggestable = accepted, suggestable & lists.allowed.mask_of(accepted)
    rules = replace(lists.rules, max_guesses=lists.rules.limit)
    state = replace(lists, mask=lists.answers.mask_of(pool), suggestable=suggestable, rules=rules)
    return Hosting(Opened(state, settings.solver(), first.position.over(state)), pool, words)


def hidden_problem(settings: Settings, host: Hosting, words: tuple[str, ...]) -> str:
    """Return why a game of settings (opened by host) would not hide these words, one a
    board, as its lists hold them ('' when it would): their number, a word it does not take
    or that cannot be its answer, a first letter it does not show, two alike, Xordle's two
    sharing a letter."""
    wanted = host.opening.position.answers_per_game
    if len(words) != wanted:
        hides = f"{wanted} word{'s' if wanted != 1 else ''} (apart by commas)"
        return f"this game hides {hides}, not {len(words)}"
    answers, shown = host.opening.state.answers, host.opening.position.display
    for word in words:
        if word not in host.accepted or answers.row(word) is None:
            return f"{shown(word)} is not a word this game may hide"
        if problem := settings.first_letter_problem(word):
            return problem
    if len(set(words)) != len(words):
        return "the words must differ, one a board"
    if settings.variant_rules.disjoint and set(words[0]) & set(words[1]):
        return f"{shown(words[0])} and {shown(words[1])} share a letter: Xordle's two share none"
    return ""


def sutom_pool(settings: Settings, accepted: frozenset[str] | None) -> list[str]:
    """Return the words SUTOM's host draws its secret from, whatever the letter shown."""
    unshown = replace(settings, first_letter=None)
    return secret_pool(open_game(unshown, quiet=True).state, accepted)


def secret_key(when: str, game: str, lang: str, rule: str, k: int, board: int, draw: int) -> str:
    """Return the canonical string a secret is drawn by (when: 'daily YYYY-MM-DD' or 'seed
    N'; board from 0; draw: always 0 since each board's word is drawn once, among those that
    may join the boards' before: a first secret's key is as it was when words were redrawn)."""
    return f"lenwordle practice|{when}|{game}|{lang}|{rule}|{k}|{board}|{draw}"


def drawn(key: str, n: int) -> int:
    """Return an index below n drawn by key: the first 8 bytes of its sha256, modulo n."""
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big") % n


def game_name(settings: Settings, sutom: bool = False) -> str:
    """Return the game as a secret's key names it: its rules, boards and first letter shown
    (sutom: SUTOM whose host picks the letter)."""
    if sutom:
        return showing_letter().name
    played = stats_name(played_name(settings), settings.boards, first_letter=False)
    return played + (f" from {settings.letter}" if settings.letter else "")


def draw_secrets(
    settings: Settings, pool: list[str], when: str, wanted: int, sutom: bool = False
) -> list[str]:
    """Return `wanted` different secrets of pool drawn by when, board by board, each from the
    words that may join those drawn before (_eligible); SetupError when the pool holds too few."""
    rule = settings.accents or settings.language.default
    game = game_name(settings, sutom)
    chosen: list[str] = []
    for board in range(wanted):
        eligible = _eligible(settings, pool, chosen)
        if not eligible:
            raise SetupError(f"no {wanted} different answers could be drawn")
        key = secret_key(when, game, settings.lang, rule, settings.k, board, 0)
        chosen.append(eligible[drawn(key, len(eligible))])
    return chosen


def _eligible(settings: Settings, pool: list[str], chosen: list[str]) -> list[str]:
    """Return the words of pool that may join the answers chosen so far, in pool's order:
    not chosen, and in Xordle (two answers that share no letter) a first answer some word
    shares no letter with, a second that shares none with the first."""
    left = [word for word in pool if word not in chosen]
    if not settings.variant_rules.disjoint:
        return left
    if chosen:
        return [word for word in left if not set(word) & set(chosen[0])]
    bit = {letter: 1 << n for n, letter in enumerate(sorted(set("".join(left))))}  # (< 64)
    sets = np.array([sum(bit[letter] for letter in set(word)) for word in left], np.uint64)
    partnered = [bool((sets & own == 0).any()) for own in sets]
    return [word for word, ok in zip(left, partnered) if ok]


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


DAY = re.compile(r"\d{4}-\d{2}-\d{2}", re.ASCII)  # a day as the docs write it: YYYY-MM-DD


def day_of(date: str | datetime.date | None) -> datetime.date:
    """Return the day of a daily puzzle (None: today, in UTC; a datetime: its day, as the
    clock it was given in reads it); SetupError unless a str is a date written YYYY-MM-DD
    (not 2026-W01-1 nor 20260101, which fromisoformat would take)."""
    if date is None:
        return datetime.datetime.now(datetime.UTC).date()
    if isinstance(date, datetime.date):
        return date.date() if isinstance(date, datetime.datetime) else date
    try:
        if not DAY.fullmatch(date):
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
    sutom: bool = False,
    **settings: Unpack[GameOptions],
) -> Practice:
    """Return a practice game: its secrets drawn by seed, or the daily puzzle of date (daily
    alone: today's, in UTC), or by a seed drawn at random; accepted, a file of the only words
    the game takes; sutom, SUTOM as its host plays it: the secret's first letter shown (with
    first_letter instead, the secret begins with the letter given). The options are Game's
    (absurdle=True: the host keeps no secret)."""
    checked(dict(settings))
    a_path("accepted", accepted)
    typed("sutom", sutom, bool)
    return Practice(options(length, lang, **settings), seed, daily, date, accepted, sutom)


class Practice:
    """A game lenwordle hosts: `guess(word)` returns the row the game shows, `hint()` what
    a coach says; `done`, `won` and `share()` at the end. Its secrets are drawn (a seed, a
    day), or a challenge's words (challenge: api/challenge.py checks it, and its options)."""

    def __init__(
        self,
        settings: Settings,
        seed: int | None = None,
        daily: bool = False,
        date: str | datetime.date | None = None,
        accepted: str | Path | None = None,
        sutom: bool = False,
        challenge: Challenge | None = None,
    ) -> None:
        self.opened_on = day_of(None)  # (a daily puzzle of this day is played on its day)
        if challenge is None:
            self.when, self.seed = when_of(seed, daily, date)
        elif seed is not None or daily or date is not None or accepted is not None or sutom:
            raise SetupError("a challenge's words are set: no seed, day, accepted nor sutom")
        else:  # (its own puzzle; api/challenge.py checks the rest)
            self.when, self.seed = f"challenge {challenge.code}", None
        self.challenge = challenge
        self.kept: Kept | None = None  # how the game counts, once asked (kept_as, record)
        path = a_path("accepted", accepted)  # (a file of the only words the game takes)
        try:
            given = None if path is None else frozenset(settings.read(path).strings)
        except (WordListError, OSError) as error:
            raise SetupError(f"{{accepted}}: {str(error).splitlines()[0]}", "accepted") from None
        secret, base = "", None
        if sutom:  # the host draws the secret, then shows its first letter
            settings, secret, base = self._sutom(settings, given)
        self.settings, self.sutom, self.bounded = settings, sutom, given is not None
        chosen = challenge.words if challenge else ()
        host = hosting(settings, given, sutom, chosen, base)
        if chosen and hidden_problem(settings, host, chosen):  # (its words untold)
            raise ChallengeError(
                "{challenge} hides what this game would not: no word of its lists (made by "
                "another lenwordle's?)",
                ChallengeProblem.NOT_THE_GAMES,
            )
        self.opening, self.accepted = host.opening, host.accepted
        self.host_words = len(host.pool)  # (the words it picks its secrets from)
        self.position: Position = self.opening.position
        # the coach's first guess is the same in every game of these settings (SUTOM's host
        # hides other words than a --first-letter game): kept once, on the bundled lists
        key = (settings, "hosted", sutom) if given is None and bundled(settings) else None
        self.solver = FirstRemembered(self.opening.solver, key)
        wanted = 0 if kind_of(settings).adversary else self.position.answers_per_game
        if chosen:
            drawn_now = list(chosen)
        else:
            drawn_now = [secret] if sutom else draw_secrets(settings, host.pool, self.when, wanted)
        self.answers = tuple(drawn_now)  # (none for Absurdle, whose host keeps none)
        # Hardle swaps its colours in some games, drawn as the secrets are
        swapped = settings.variant_rules.swaps and drawn(f"{self.when}|swap", 2) == 1
        target = Target(self.answers, swapped) if self.answers else None
        self.referee: Referee = referee_for(self.position.board(0), target)
        self.rows: list[Row] = []  # the guesses played, as the game showed them
        self.hinted: list[int] = []  # the turns (guesses played then) a hint was taken at
        self.chosen: dict[tuple[str, ...], str] = {}  # the coach's guess after these guesses
        self.recorded = False

    def _sutom(
        self, settings: Settings, accepted: frozenset[str] | None
    ) -> tuple[Settings, str, list[str]]:
        """Return SUTOM's settings, its first letter the secret's, the secret and the words
        it was drawn from (sutom_pool); SetupError for a game SUTOM is not."""
        if settings.first_letter is not None:
            raise SetupError("give {sutom} or {first_letter}, not both", "sutom", "first_letter")
        if settings.boards != 1 or kind_of(settings).adversary:
            raise SetupError(
                "{sutom} is one board with a secret: not with boards nor absurdle", "sutom"
            )
        low, high = SUTOM_LENGTHS
        if not low <= settings.k <= high:
            raise SetupError(f"{{sutom}} is played with {low} to {high} letters", "sutom")
        pool = sutom_pool(settings, accepted)
        if not pool:
            raise SetupError("no word a game would pick is left to hide")
        (secret,) = draw_secrets(settings, pool, self.when, 1, sutom=True)
        try:
            return replace(settings, first_letter=secret[0]), secret, pool
        except ValueError as error:  # (boards, a variant, Absurdle: not SUTOM's tiles)
            raise setup_error(error) from None

    @property
    def limit(self) -> int:
        """Return the guesses the game allows."""
        return int(self.position.limit)

    @property
    def turns(self) -> int:
        return len(self.position.history)

    @property
    def outcome(self) -> Outcome:
        """Return how the game stands by its rules (the host ends every game at its limit)."""
        return self.position.outcome()

    @property
    def done(self) -> bool:
        """Return whether the game is over: solved (Antiwordle: the answer hit), out of guesses."""
        return self.outcome.over

    @property
    def won(self) -> bool:
        """Return whether every board was solved within the limit."""
        return self.outcome.won

    def guess(self, text: str) -> Row:
        """Play a guess; return the row the game shows. Refused (not counted, the game as it
        was) if the game would not take it; MoveError if text is no str."""
        typed("text", text, str, error=MoveError)
        if self.done:
            raise Refused("the game is over", "over")
        word = self._word(text)
        referee = self.referee.copied()  # (its state kept only if the move is taken)
        try:
            replies = referee.replies(self.position, word)
            after = self.position.after(word, replies, referee.hit(word))
        except HardModeViolation as error:  # hard mode's rule, or ultra-hard's
            raise Refused(str(error).splitlines()[0], "rules", error.broken) from None
        except ValueError as error:  # a variant's rule (its own message)
            raise Refused(str(error).splitlines()[0]) from None
        self.position, self.referee = after, referee
        reply = after.history[-1][1]
        row = Row(after.display(word), after.marks(reply), after.tiles(reply))
        self.rows.append(row)
        return row

    def _word(self, text: str) -> str:
        """Return text as a word the game takes (folded); Refused saying why not."""
        noun = self.settings.variant_rules.noun
        try:
            word = word_of(self.settings.game_alphabet(), self.settings.k, text, "", noun)
        except SetupError as error:
            raise Refused(str(error), "spelling") from None
        if word not in self.accepted:
            raise Refused(
                f"{self.position.display(word)} is not in the game's word list", "unlisted"
            )
        if problem := self.settings.first_letter_problem(word):  # SUTOM: begins as the answer
            raise Refused(problem.split(":")[0], "first_letter")
        return word

    def hint(self) -> Hint:
        """Return what a coach says now (Hint); a hint taken before a guess is counted (in
        the review, the share grid and the statistics), one a turn."""
        counts = self.position.counts()
        likeliest: tuple[Chance, ...] = ()
        suggestion = None
        if not self.done:
            if self.turns not in self.hinted:
                self.hinted.append(self.turns)
            board = next((b for b, n in enumerate(counts) if n is not None), 0)
            chances = chances_of(self.position, board, HINT_WORDS)
            likeliest = tuple(Chance(word, chance) for word, chance in chances)
            try:
                suggestion = self.solver.choose_boards(self.position)
                self.chosen[tuple(row.guess for row in self.rows)] = suggestion
            except NoCandidates:
                pass
        shown = self.position.display(suggestion) if suggestion else None
        open_counts = [n for n in counts if n is not None]
        last = self._last_worth()
        return Hint(sum(open_counts), likeliest, shown, last, self.host_words, len(open_counts))

    def _last_worth(self) -> TurnReview | None:
        """Return the last guess's review on the first board it found open (None: no guess
        yet, or a game not reviewed)."""
        if not self.rows:
            return None
        board = next(b for b, r in enumerate(self.rows[-1].replies) if r is not None)
        try:  # (the last turn alone judged: the whole review's turns[-1], at a turn's cost)
            return self._board_review(board, last=True).turns[-1]
        except SetupError:
            return None

    def share(self, high_contrast: bool = False) -> str:
        """Return the share grid: 'lenwordle', the puzzle (daily: its date), the game's title
        and the hints taken, then each row as the game shows it (💡: after a hint;
        high_contrast: 🟧 🟦 for 🟩 🟨)."""
        typed("high_contrast", high_contrast, bool, error=MoveError)
        puzzle = self.when.removeprefix("daily ") if self.seed is None else "practice"
        hints = len(self.hinted)
        taken = f" ({hints} hint{'s' if hints != 1 else ''})" if hints else ""
        rows = [row.tiles + (" 💡" if n in self.hinted else "") for n, row in enumerate(self.rows)]
        grid = "\n".join([f"lenwordle {puzzle} {self.position.title()}{taken}", *rows])
        return grid.translate(HIGH_CONTRAST) if high_contrast else grid

    def review(self) -> list[Reviewed]:
        """Return the review of the game (so far), one a board; SetupError for a game that
        is not reviewed (Absurdle before its end, Antiwordle: scored by guesses survived)."""
        return [self._board_review(board) for board in range(len(self.position.counts()))]

    def _board_review(self, board: int, last: bool = False) -> Reviewed:
        record, display = self.finished().record, self.position.display
        known = None  # (a variant's best guess before the last turn: the coach's, if it said)
        if last and self.opening.position.variant_game() is not None:
            played = tuple(row.guess for row in self.rows[:-1])
            known = self.chosen.get(played)
            if not played and known is None:  # (the first guess: remembered in the process)
                known = self.solver.choose_boards(self.opening.position)
        return reviewed_board(record, board, display, self.opening, last, known)

    def finished(self) -> Finished:
        """Return the game as the statistics keep it (its options as review() takes them)."""
        settings = self.settings
        chosen = {"length": settings.k} | {name: getattr(settings, name) for name in KEPT}
        chosen["max_guesses"] = self.limit  # (the limit the host ends the game at)
        record = {
            "options": chosen,
            "guesses": [row.guess for row in self.rows],
            "replies": [list(row.replies) for row in self.rows],
            "tiles": [row.tiles for row in self.rows],
            "hinted": list(self.hinted),
            "secrets": self.secrets(),
            "sutom": self.sutom,
            "accepted": self.bounded,  # (a file of the player's: its words are not kept)
            "challenge": self.challenge.code if self.challenge else None,
        }
        played = (self.when, self.won, self.turns, self.limit, len(self.hinted))
        return Finished(stats_game(settings), settings.lang, settings.k, *played, record)

    @property
    def on_day(self) -> bool:
        """Return whether the game is a daily puzzle played on its own day (UTC, the day
        the game was opened)."""
        return self.seed is None and self.when == f"daily {self.opened_on.isoformat()}"

    def kept_as(self, data_dir: str | Path | None = None, player: str | None = "") -> Kept:
        """Return how the game will count in the statistics of data_dir, under player (None:
        one with no statistics yet; a replay: a daily puzzle player finished before, counted
        nowhere), kept as self.kept; StatsError when they cannot be read."""
        folder = a_path("data_dir", data_dir)
        played = False
        if player is not None and self.seed is None and self.challenge is None:
            played = Stats(stats_path(folder)).played(self.finished(), text("player", player))
        self.kept = self._kind_kept(counted=not played)
        return self.kept

    def _kind_kept(self, counted: bool) -> Kept:
        if self.challenge is not None:
            return Kept.CHALLENGE
        if self.seed is not None:
            return Kept.RANDOM
        if not counted:
            return Kept.REPLAY
        return Kept.DAILY if self.on_day else Kept.OTHER_DAY

    def record(self, data_dir: str | Path | None = None, player: str = "") -> Kept:
        """Keep the finished game in the statistics of data_dir (None: the player's data
        directory), under player ('' the terminal's); return how it counts (a daily puzzle
        player finished before: Kept.REPLAY, kept, counted nowhere). MoveError before the
        end or a second time, SetupError naming a wrong argument, StatsError when the
        statistics cannot be written (its problem says why: a file that is no statistics
        database, full, locked...)."""
        folder = a_path("data_dir", data_dir)
        text("player", player)
        if not self.done:
            raise MoveError("the game is not over: it is recorded at its end")
        if self.recorded:
            raise MoveError("the game is recorded already")
        counted = Stats(stats_path(folder)).record(self.finished(), player, self.on_day)
        self.recorded = True
        self.kept = self._kind_kept(counted)
        return self.kept

    def secrets(self) -> list[str]:
        """Return the secrets as the player reads them (Absurdle: the word the host was left
        with once shown; out of guesses, the likeliest of the words it could still call the
        answer, to which it then holds; before the end, none)."""
        if not self.done:
            return []
        if self.referee.adversary and self.outcome.ending == "out":
            return [chances_of(self.position, 0, 1)[0][0]]
        return [self.position.display(w) for w in self.referee.answers]


def stats_game(settings: Settings, sutom: bool = False) -> str:
    """Return the game as the statistics name it (stats_name): the variant or absurdle, its
    boards, and sutom for a game shown its first letter (whichever letter; sutom: the letter
    its host will draw)."""
    shown = settings.first_letter is not None or sutom
    return stats_name(played_name(settings), settings.boards, shown)


def reviewed_board(
    record: dict[str, Any],
    board: int,
    display: Callable[[str], str],
    first: Opened,
    last: bool = False,
    known_best: str | None = None,
) -> Reviewed:
    """Return the review of one board of a game kept as Practice.finished() keeps it, over its
    hosted opening (first): its guesses up to its solve (last: its last turn alone judged; a
    variant's best guess on that turn known_best, when known), each word as display shows it
    (the game's spelling: KİTAP in Turkish); SetupError for a game not reviewed."""
    dropped = ("length", "lang", "boards", "absurdle")  # (a board is a game of its own)
    given = {name: value for name, value in record["options"].items() if name not in dropped}
    turns = [(g, r[board]) for g, r in zip(record["guesses"], record["replies"])]
    turns = [(g, r) for g, r in turns if r is not None]
    if not turns:
        raise SetupError("no guess to review")
    chosen = options(record["options"]["length"], record["options"]["lang"], **given)
    one = replace(first, state=replace(first.state, rules=chosen.rules()))
    since = len(turns) - 1 if last else 0
    guesses, replies = [g for g, _ in turns], [r for _, r in turns]
    done = reviewed_turns(chosen, one, guesses, replies, since, known_best)
    shown = [
        replace(
            turn,
            guess=display(turn.guess),
            best_guess=display(turn.best_guess) if turn.best_guess else None,
            refused=tuple(map(display, turn.refused)),
        )
        for turn in done.turns
    ]
    return replace(done, turns=shown, display=str)  # (its words shown already)


def check_statistics(data_dir: str | Path | None = None) -> None:
    """Raise StatsError unless finished games can be recorded in data_dir (None: the player's
    data directory), checked before a game is played (a file that is no statistics database,
    read-only, locked...)."""
    Stats(stats_path(a_path("data_dir", data_dir)), writing=True)


def statistics(data_dir: str | Path | None = None, player: str = "") -> list[Standing]:
    """Return player's practice statistics in data_dir, one Standing a game, language and
    length; StatsError when they cannot be read (a bad file is left as it is)."""
    return Stats(stats_path(a_path("data_dir", data_dir))).standings(text("player", player))


def last_review(
    data_dir: str | Path | None = None, player: str = ""
) -> tuple[Finished, list[Reviewed]] | None:
    """Return player's last recorded game and its review, a board each (None: no game yet);
    SetupError for a game not reviewed, StatsError for a bad file."""
    last = Stats(stats_path(a_path("data_dir", data_dir))).last(text("player", player))
    if last is None:
        return None
    given = dict(last.record["options"])
    length, lang, boards = given.pop("length"), given.pop("lang"), given["boards"]
    settings = options(length, lang, **given)
    # (a game of a player's accepted words: reviewed over the dictionaries' and its answers)
    fold = settings.game_alphabet().fold
    # (a challenge's words, which the host would not draw, too)
    rare = last.record.get("accepted") or last.record.get("challenge")
    answers = tuple(map(fold, last.record["secrets"])) if rare else ()
    first = hosting(settings, None, bool(last.record.get("sutom")), answers).opening
    display = first.position.display
    return last, [reviewed_board(last.record, board, display, first) for board in range(boards)]
