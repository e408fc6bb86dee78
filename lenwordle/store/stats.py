"""Practice statistics that last: each finished game a row of an SQLite database in the
player's data directory (the platform's convention, by platformdirs), written in one
transaction, so that a process killed mid-game loses at most that game and two processes
writing at once lose nothing (SQLite's lock; a writer waits up to BUSY_SECONDS for the
other). A file that is not such a database, or was written by a newer lenwordle, is an
error of one line and is never overwritten; an error of the operation (a full disk, a lock
held, a read-only file) is said as what it is (StatsError.problem)."""

from __future__ import annotations

import datetime
import enum
import json
import os
import sqlite3
import stat
import uuid
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lenwordle.store.stats_file import FIELDS

FILE_NAME = "stats.sqlite3"
VERSION = 2  # the schema's version (PRAGMA user_version); a newer file is never written
BUSY_SECONDS = 30.0  # how long a writer waits for another process's transaction
# a distribution covers 1 to the games' limit of guesses, up to this many (Duotrigordle's is
# 37); past it (Antiwordle's 1 000, no real limit), 1 to the most guesses of a game won
DISTRIBUTION_MAX = 100
DAILY = "daily "  # a daily puzzle's name begins so: 'daily YYYY-MM-DD'
GAME_COLUMNS = (
    "uid, player, game, lang, length, puzzle, won, guesses, max_guesses, hints, finished, "
    "record, counted, on_day"
)
# the columns of schema 1's games, in this order
V1_COLUMNS = (
    "id, player, game, lang, length, puzzle, won, guesses, max_guesses, hints, finished, record"
)
SCHEMA = (
    """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    uid TEXT NOT NULL,            -- a random UUID made when the game was recorded (schema 2)
    player TEXT NOT NULL,         -- '' the terminal's, or a browser's id on the page
    game TEXT NOT NULL,           -- wordle, fibble, absurdle, wordle x4, sutom...
    lang TEXT NOT NULL,
    length INTEGER NOT NULL,
    puzzle TEXT NOT NULL,         -- 'daily YYYY-MM-DD' or 'seed N'
    won INTEGER NOT NULL CHECK (won IN (0, 1)),
    guesses INTEGER NOT NULL,
    max_guesses INTEGER NOT NULL,
    hints INTEGER NOT NULL,
    finished TEXT NOT NULL,       -- UTC, ISO 8601
    record TEXT NOT NULL,         -- JSON: what the review of the game needs
    counted INTEGER NOT NULL CHECK (counted IN (0, 1)),  -- 0: a daily puzzle played again
    on_day INTEGER NOT NULL CHECK (on_day IN (0, 1))     -- 1: a daily puzzle on its own day
)""",
    "CREATE INDEX IF NOT EXISTS games_by_player ON games (player, game, lang, length, id)",
    "CREATE UNIQUE INDEX IF NOT EXISTS games_by_uid ON games (player, uid)",
    # one counted game a daily puzzle (a day, a game, a language, a length) and player
    "CREATE UNIQUE INDEX IF NOT EXISTS daily_counted ON games "
    f"(player, game, lang, length, puzzle) WHERE counted = 1 AND puzzle LIKE '{DAILY}%'",
)


class Problem(enum.Enum):
    """What is wrong with a statistics database (a face words it: the terminal names the
    file and what to do, the page tells a browser only that its game was not kept)."""

    NOT_A_FOLDER = "not a folder"  # the database's folder is a file, or lies under one
    NO_PERMISSION = "no permission"  # its folder may not be written
    NOT_A_FILE = "not a file"  # a folder, a FIFO or a device in the file's place
    NOT_OURS = "not ours"  # not an SQLite database, or another program's tables
    DAMAGED = "damaged"  # SQLite's integrity check fails, or a row no game of ours is
    NEWER = "newer"  # written by a newer lenwordle (its schema version)
    FULL = "full"  # the disk (or the file's limit) is full
    READ_ONLY = "read-only"  # the file, or its file system, may only be read
    LOCKED = "locked"  # another process held it for BUSY_SECONDS
    IO = "I/O error"  # the operating system failed to read or write it
    CANNOT_OPEN = "cannot open"  # SQLite cannot open it (a missing folder made meanwhile...)


# SQLite's primary result codes (error.sqlite_errorcode & 0xFF) as a Problem: an error of the
# operation (a full disk, a lock) is never reported as a bad file
PROBLEMS = {
    sqlite3.SQLITE_FULL: Problem.FULL,
    sqlite3.SQLITE_READONLY: Problem.READ_ONLY,
    sqlite3.SQLITE_PERM: Problem.READ_ONLY,
    sqlite3.SQLITE_BUSY: Problem.LOCKED,
    sqlite3.SQLITE_LOCKED: Problem.LOCKED,
    sqlite3.SQLITE_IOERR: Problem.IO,
    sqlite3.SQLITE_CANTOPEN: Problem.CANNOT_OPEN,
    sqlite3.SQLITE_NOTADB: Problem.NOT_OURS,
    sqlite3.SQLITE_CORRUPT: Problem.DAMAGED,
}
# a row no game of ours is (a hand-edited or foreign file), read as damaged, never as figures:
# not a whole number where one is kept, a game won in no guess or in more than its limit, a
# record that is not JSON
ODD_ROW = """(
    typeof(length) != 'integer' OR typeof(won) != 'integer' OR won NOT IN (0, 1)
    OR typeof(guesses) != 'integer' OR typeof(max_guesses) != 'integer'
    OR typeof(hints) != 'integer' OR typeof(game) != 'text' OR typeof(lang) != 'text'
    OR typeof(puzzle) != 'text' OR typeof(record) != 'text'
    OR max_guesses < 1 OR guesses < 0 OR guesses > max_guesses OR hints < 0
    OR (won = 1 AND guesses < 1)
    OR (puzzle LIKE 'daily %' AND date(substr(puzzle, 7)) IS NOT substr(puzzle, 7))
    OR typeof(uid) != 'text' OR uid = '' OR typeof(counted) != 'integer'
    OR counted NOT IN (0, 1) OR typeof(on_day) != 'integer' OR on_day NOT IN (0, 1)
    OR CASE WHEN json_valid(record) THEN json_type(record) != 'object' ELSE 1 END
)"""


class StatsError(Exception):
    """A statistics database that cannot be read or written: one line saying which file
    and what happened, its problem (a Problem) and its path as values."""

    def __init__(self, message: str, problem: Problem, path: Path) -> None:
        super().__init__(message)
        self.problem, self.path = problem, path


@dataclass(frozen=True)
class Finished:
    """A finished practice game as the statistics keep it (record: what its review needs,
    as JSON-able data)."""

    game: str
    lang: str
    length: int
    puzzle: str
    won: bool
    guesses: int
    max_guesses: int
    hints: int
    record: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Standing:
    """A player's figures in one game, language and length, its random games' or (daily)
    its daily puzzles': games played and won, the current and the longest run of wins (of
    the daily puzzles: days in a row won, each on its own day, the current one ending today
    or yesterday, UTC), and how many games were won in each number of guesses
    (distribution[n - 1]: in n guesses, n up to the most any game allowed, or, past
    DISTRIBUTION_MAX, the most any game won took)."""

    game: str
    lang: str
    length: int
    played: int
    won: int
    streak: int
    best_streak: int
    distribution: tuple[int, ...]
    hints: int
    daily: bool = False

    @property
    def win_percent(self) -> int:
        """Return the share of games won, in whole percent (rounded down: 100 only when every
        game was won)."""
        return 100 * self.won // self.played if self.played else 0


@dataclass(frozen=True)
class Merged:
    """What an import of a statistics file did: the games added, those kept already (by
    their id: imported before), and of those added the ones counted nowhere (a daily
    puzzle counted already, or counted nowhere in the file)."""

    added: int
    known: int
    uncounted: int


# a game's fields in a statistics file, as Stats.games gives them (the record last)
FILE_FIELDS = tuple(name for name in FIELDS if name != "record")


def default_dir() -> Path:
    """Return the player's data directory for lenwordle (XDG_DATA_HOME's on Linux)."""
    import platformdirs

    return Path(platformdirs.user_data_dir("lenwordle", appauthor=False))


def stats_path(data_dir: Path | None = None) -> Path:
    """Return the statistics database's path in data_dir (None: the default)."""
    return (default_dir() if data_dir is None else data_dir) / FILE_NAME


class Stats:
    """The statistics database at path: `record` a finished game, `standings` of a player,
    `last` game of a player. Each call opens the file, checks it and closes it: nothing is
    held between games (another process may write in between). Only SQLite opens the file:
    a descriptor of it opened and closed by anything else would drop the locks SQLite holds
    on it in this process (POSIX advisory locks), and a writer beside would corrupt it."""

    def __init__(self, path: Path, writing: bool = False) -> None:
        """Check the database now (a player learns of a bad file before the game), as one
        to write in (writing: its folder and its file may be written) or to read."""
        self.path = path
        self._whole = False  # whether SQLite's integrity check passed on this object's file
        self._check_folder(writing)
        if self._kind() is not None:
            with self._connection() as connection:
                if writing:  # (a read-only file or file system is told now, not at the end)
                    with _transaction(connection, keep=False):  # (a write, taken back)
                        connection.execute(f"PRAGMA user_version = {VERSION}")

    def _check_folder(self, writing: bool) -> None:
        """Raise StatsError unless the database's folder is one, or can be made (its first
        existing ancestor a folder this process may write in, when writing or the file is
        still to be made)."""
        folder = self.path.parent
        while not folder.exists() and folder != folder.parent:
            folder = folder.parent
        if not folder.is_dir():
            raise StatsError(
                f"{folder} is not a folder: the statistics cannot be kept there",
                Problem.NOT_A_FOLDER,
                self.path,
            )
        made = self.path.exists()
        if (writing or not made) and not os.access(folder, os.W_OK | os.X_OK):
            raise StatsError(
                f"{folder}: no permission to write the statistics there",
                Problem.NO_PERMISSION,
                self.path,
            )

    def _kind(self) -> int | None:
        """Return the file's mode (None: there is none yet); StatsError for one that is not
        a regular file (a FIFO would hang the reader), told by stat, which opens nothing."""
        try:
            mode = self.path.stat().st_mode
        except FileNotFoundError:
            return None
        except OSError as error:
            raise StatsError(
                f"{self.path}: cannot be read ({_first_line(error)})", Problem.IO, self.path
            ) from None
        if not stat.S_ISREG(mode):
            raise StatsError(
                f"{self.path} is not a file: the statistics cannot be kept there",
                Problem.NOT_A_FILE,
                self.path,
            )
        return mode

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        """Yield a connection to the checked database (made if missing), closed after;
        StatsError naming what happened for any error of SQLite's."""
        self._kind()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StatsError(
                f"{self.path.parent}: cannot be made ({_first_line(error)})",
                Problem.CANNOT_OPEN,
                self.path,
            ) from None
        try:
            connection = connect(self.path)
        except sqlite3.Error as error:
            raise self._failed(error) from None
        try:
            self._check(connection)
            yield connection
        except sqlite3.Error as error:
            raise self._failed(error) from None
        finally:
            connection.close()

    def _check(self, connection: sqlite3.Connection) -> None:
        """Make the schema in a new file; raise StatsError for a file of a newer version, of
        other tables, or damaged (SQLite's integrity check: its indexes too; the rows read
        are checked as they are read, _rows)."""
        version, tables = _schema(connection)
        if version == 0 and not tables:
            with _transaction(connection):
                version, tables = _schema(connection)  # (another process may have made it)
                if version == 0 and not tables:
                    for statement in SCHEMA:  # (one by one: executescript would commit first)
                        connection.execute(statement)
                    connection.execute(f"PRAGMA user_version = {VERSION}")
                    return
        if version == 1 and "games" in tables:
            self._migrate(connection)
            version, tables = _schema(connection)
        if version > VERSION:
            raise StatsError(
                f"{self.path} was written by a newer lenwordle (schema {version}, this one "
                f"reads {VERSION}); it is left as it is",
                Problem.NEWER,
                self.path,
            )
        if not self._whole:  # (once an object: each call of the API makes one)
            if connection.execute("PRAGMA integrity_check(1)").fetchone()[0] != "ok":
                raise self._bad("it is damaged", Problem.DAMAGED)
            self._whole = True
        if version != VERSION or _columns(connection) != {"id", *GAME_COLUMNS.split(", ")}:
            raise self._bad("its tables are not lenwordle's", Problem.NOT_OURS)

    def _migrate(self, connection: sqlite3.Connection) -> None:
        """Bring a file of schema 1 to this one, in one transaction: each game is given a
        UUID; a daily puzzle played again the same day (schema 1 counted it) is kept,
        counted no more; a daily puzzle finished on its day (UTC) is marked so."""
        with _transaction(connection):
            if _schema(connection)[0] != 1:  # (another process migrated it meanwhile)
                return
            if _columns(connection) != set(V1_COLUMNS.split(", ")):
                raise self._bad("its tables are not lenwordle's", Problem.NOT_OURS)
            connection.execute("DROP INDEX IF EXISTS games_by_player")
            connection.execute("ALTER TABLE games RENAME TO games_1")
            for statement in SCHEMA:
                connection.execute(statement)
            old = connection.execute(f"SELECT {V1_COLUMNS} FROM games_1 ORDER BY id").fetchall()
            seen: set[tuple[Any, ...]] = set()
            rows = []
            for row in old:
                _, player, game, lang, length, puzzle, *_, finished, _ = row
                day = puzzle.removeprefix(DAILY) if isinstance(puzzle, str) else None
                daily = day is not None and day != puzzle
                key = (player, game, lang, length, puzzle)
                counted = not (daily and key in seen)
                seen.add(key)
                on_day = daily and counted and str(finished)[:10] == day
                rows.append((*row[:1], str(uuid.uuid4()), *row[1:], int(counted), int(on_day)))
            connection.executemany(
                f"INSERT INTO games (id, {GAME_COLUMNS}) VALUES ({', '.join(['?'] * 15)})",
                rows,
            )
            connection.execute("DROP TABLE games_1")
            connection.execute(f"PRAGMA user_version = {VERSION}")

    def _bad(self, why: str, problem: Problem) -> StatsError:
        return StatsError(
            f"{self.path} is not a lenwordle statistics database ({why}); it is left as it is",
            problem,
            self.path,
        )

    def _failed(self, error: sqlite3.Error) -> StatsError:
        """Return StatsError for an error of SQLite's, as what happened: the file is not
        ours or damaged, or the operation failed (full, read-only, locked, I/O)."""
        code = getattr(error, "sqlite_errorcode", None)
        problem = PROBLEMS.get(code & 0xFF, Problem.IO) if code is not None else Problem.IO
        detail = _first_line(error)
        if problem in (Problem.NOT_OURS, Problem.DAMAGED):
            why = "it is not an SQLite database" if problem is Problem.NOT_OURS else detail
            return self._bad(why, problem)
        said = {
            Problem.FULL: "cannot be written: the disk is full",
            Problem.READ_ONLY: "is read-only: the statistics cannot be kept in it",
            Problem.LOCKED: f"is locked by another program (waited {BUSY_SECONDS:g} s)",
            Problem.CANNOT_OPEN: "cannot be opened",
        }.get(problem, "cannot be read or written: an I/O error")
        return StatsError(f"{self.path} {said} ({detail})", problem, self.path)

    def record(self, finished: Finished, player: str = "", on_day: bool = False) -> bool:
        """Add a finished game of player, in one transaction, under a new UUID; return
        whether it counts: a daily puzzle (on_day: played on its own day, UTC) of a game,
        language and length player has finished before is kept, counted nowhere."""
        row = (
            str(uuid.uuid4()),
            player,
            finished.game,
            finished.lang,
            finished.length,
            finished.puzzle,
            int(finished.won),
            finished.guesses,
            finished.max_guesses,
            finished.hints,
            datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
            json.dumps(finished.record, ensure_ascii=False, sort_keys=True),
        )
        daily = finished.puzzle.startswith(DAILY)
        with self._connection() as connection, _transaction(connection):
            counted = not (daily and _counted(connection, player, finished))
            connection.execute(
                f"INSERT INTO games ({GAME_COLUMNS}) VALUES ({', '.join(['?'] * 14)})",
                (*row, int(counted), int(daily and on_day and counted)),
            )
        return counted

    def played(self, finished: Finished, player: str = "") -> bool:
        """Return whether player has a counted game of finished's puzzle (its game, language
        and length): a daily puzzle played again would count nowhere."""
        if self._kind() is None:
            return False
        with self._connection() as connection:
            return _counted(connection, player, finished)

    def standings(self, player: str = "", today: datetime.date | None = None) -> list[Standing]:
        """Return player's figures in each game, language and length played, in that order,
        the random games' before the daily puzzles' (today: the day the daily streak runs
        to, by default today's in UTC); a game counted nowhere is left out."""
        query = (
            "SELECT game, lang, length, puzzle LIKE 'daily %', won, guesses, max_guesses, "
            "hints, puzzle, on_day FROM games WHERE player = ? AND counted = 1 "
            "ORDER BY game, lang, length, puzzle LIKE 'daily %', finished, id"
        )
        groups: dict[tuple[str, str, int, int], list[tuple[Any, ...]]] = {}
        for game, lang, length, daily, *figures in self._rows(query, player):
            groups.setdefault((game, lang, length, daily), []).append(tuple(figures))
        day = datetime.datetime.now(datetime.UTC).date() if today is None else today
        return [_standing(key, games, day) for key, games in groups.items()]

    def daily_games(
        self, game: str, lang: str, length: int, player: str = ""
    ) -> dict[datetime.date, tuple[bool, bool]]:
        """Return player's daily puzzles counted in a game, language and length: by day,
        whether each was won and whether on its own day."""
        query = (
            "SELECT puzzle, won, on_day FROM games WHERE player = ? AND counted = 1 "
            "AND game = ? AND lang = ? AND length = ? AND puzzle LIKE 'daily %'"
        )
        rows = self._rows(query, player, game, lang, length)
        return {_day(puzzle): (bool(won), bool(on_day)) for puzzle, won, on_day in rows}

    def last(self, player: str = "") -> Finished | None:
        """Return player's last game recorded (None: none yet)."""
        query = (
            "SELECT game, lang, length, puzzle, won, guesses, max_guesses, hints, record "
            "FROM games WHERE player = ? ORDER BY finished DESC, id DESC LIMIT 1"
        )
        rows = self._rows(query, player)
        if not rows:
            return None
        game, lang, length, puzzle, won, guesses, most, hints, record = rows[0]
        return Finished(
            game, lang, length, puzzle, bool(won), guesses, most, hints, json.loads(record)
        )

    def games(self, player: str = "") -> list[dict[str, Any]]:
        """Return player's games whole, in the order they finished, as a statistics file
        keeps them (stats_file.FIELDS: the UUID as id, the record as an object)."""
        query = (
            "SELECT uid, game, lang, length, puzzle, won, guesses, max_guesses, hints, "
            "finished, counted, on_day, record FROM games WHERE player = ? "
            "ORDER BY finished, id"
        )
        games = []
        for *values, record in self._rows(query, player):
            game = dict(zip(FILE_FIELDS, values))
            for name in ("won", "counted", "on_day"):
                game[name] = bool(game[name])
            games.append(game | {"record": json.loads(record)})
        return games

    def merge(self, games: list[dict[str, Any]], player: str = "") -> Merged:
        """Add to player's games those of a statistics file (stats_file.read's) not kept
        yet, by their UUID, in one transaction: all or none. A daily puzzle player has a
        counted game of already is kept, counted nowhere."""
        added = uncounted = 0
        with self._connection() as connection, _transaction(connection):
            for game in games:
                known = connection.execute(
                    "SELECT 1 FROM games WHERE player = ? AND uid = ?", (player, game["id"])
                ).fetchone()
                if known:
                    continue
                values = [game[name] for name in FILE_FIELDS]
                finished = Finished(*values[1:9])  # (its game to its hints)
                counted = game["counted"] and not (
                    game["puzzle"].startswith(DAILY) and _counted(connection, player, finished)
                )
                record = json.dumps(game["record"], ensure_ascii=False, sort_keys=True)
                row = (game["id"], player, *values[1:10], record)
                connection.execute(
                    f"INSERT INTO games ({GAME_COLUMNS}) VALUES ({', '.join(['?'] * 14)})",
                    (*row, int(counted), int(counted and game["on_day"])),
                )
                added += 1
                uncounted += not counted
        return Merged(added, len(games) - added, uncounted)

    def _rows(self, query: str, player: str, *more: Any) -> list[tuple[Any, ...]]:
        """Return the rows of a query of player's games (none without a file); StatsError
        (damaged) for a row of them that is no game lenwordle keeps (ODD_ROW)."""
        if self._kind() is None:
            return []
        checked = query.replace("SELECT ", f"SELECT id, {ODD_ROW}, ", 1)
        with self._connection() as connection:
            rows = connection.execute(checked, (player, *more)).fetchall()
        odd = next((row[0] for row in rows if row[1]), None)
        if odd is not None:
            raise self._bad(f"its row {odd} is no game lenwordle keeps", Problem.DAMAGED)
        return [row[2:] for row in rows]


def _standing(
    key: tuple[str, str, int, int], games: list[tuple[Any, ...]], today: datetime.date
) -> Standing:
    """Return the figures of one game, language and length from its games in order (won,
    guesses, max_guesses, hints, puzzle, on_day), random or daily (key's last: the daily
    streak is of days, to today)."""
    name, lang, length, daily = key
    streak = best = 0
    most = max(limit for _, _, limit, *_ in games)
    if most > DISTRIBUTION_MAX:
        most = max((guesses for won, guesses, *_ in games if won), default=0)
    distribution = [0] * most
    for won, guesses, *_ in games:
        streak = streak + 1 if won else 0
        best = max(best, streak)
        if won:
            distribution[guesses - 1] += 1
    if daily:
        on_day = {_day(puzzle): won for won, _, _, _, puzzle, on in games if on}
        streak, best = daily_streak(on_day, today)
    wins = sum(won for won, *_ in games)
    hints = sum(game[3] for game in games)
    return Standing(
        name, lang, length, len(games), wins, streak, best, tuple(distribution), hints, bool(daily)
    )


def daily_streak(won_on: dict[datetime.date, bool], today: datetime.date) -> tuple[int, int]:
    """Return the current and the longest run of days in a row whose daily puzzle was won,
    from the puzzles played on their own day (won_on: by day, whether won); the current run
    ends today or yesterday (today's puzzle not played yet breaks nothing)."""
    run = best = 0
    last: datetime.date | None = None
    for day in sorted(won_on):
        follows = last is not None and day - last == datetime.timedelta(days=1)
        run = (run + 1 if follows else 1) if won_on[day] else 0
        best, last = max(best, run), day
    current = run if last is not None and last >= today - datetime.timedelta(days=1) else 0
    return current, best


def _columns(connection: sqlite3.Connection) -> set[str]:
    """Return the names of the columns of the table games (none without one)."""
    return {row[1] for row in connection.execute("PRAGMA table_info(games)")}


def _day(puzzle: str) -> datetime.date:
    """Return the day of a daily puzzle ('daily YYYY-MM-DD')."""
    return datetime.date.fromisoformat(puzzle.removeprefix(DAILY))


def _counted(connection: sqlite3.Connection, player: str, finished: Finished) -> bool:
    """Return whether player has a counted game of finished's puzzle, game, language and
    length."""
    return (
        connection.execute(
            "SELECT 1 FROM games WHERE player = ? AND game = ? AND lang = ? AND length = ? "
            "AND puzzle = ? AND counted = 1 LIMIT 1",
            (player, finished.game, finished.lang, finished.length, finished.puzzle),
        ).fetchone()
        is not None
    )


def _schema(connection: sqlite3.Connection) -> tuple[int, set[str]]:
    """Return the database's schema version and the names in its schema, read in one
    statement (one snapshot: another process may make the schema between two)."""
    version, names = connection.execute(
        "SELECT (SELECT user_version FROM pragma_user_version), "
        "(SELECT json_group_array(name) FROM sqlite_master)"
    ).fetchone()
    return int(version), set(json.loads(names))


def connect(path: Path) -> sqlite3.Connection:
    """Return a connection to the database at path (made if missing), waiting up to
    BUSY_SECONDS for another process's lock, in autocommit (transactions are explicit)."""
    return sqlite3.connect(path, timeout=BUSY_SECONDS, isolation_level=None)


@contextmanager
def _transaction(connection: sqlite3.Connection, keep: bool = True) -> Iterator[None]:
    """Run the block in one write transaction (taken at once: BEGIN IMMEDIATE), committed
    (keep=False: rolled back, a write tried and taken back), rolled back if it fails; the
    block's error is the one raised (SQLite may have rolled back itself, on a full disk,
    and a ROLLBACK would then fail)."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        yield
        if keep:
            connection.execute("COMMIT")
    except BaseException:
        _rolled_back(connection)
        raise
    _rolled_back(connection)


def _rolled_back(connection: sqlite3.Connection) -> None:
    """Roll back the transaction in progress, if any (its error never hiding another)."""
    if connection.in_transaction:
        with suppress(sqlite3.Error):
            connection.execute("ROLLBACK")


def _first_line(error: BaseException) -> str:
    return (str(error).splitlines() or [type(error).__name__])[0]
