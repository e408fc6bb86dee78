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
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FILE_NAME = "stats.sqlite3"
VERSION = 1  # the schema's version (PRAGMA user_version); a newer file is never written
BUSY_SECONDS = 30.0  # how long a writer waits for another process's transaction
# a distribution covers 1 to the games' limit of guesses, up to this many (Duotrigordle's is
# 37); past it (Antiwordle's 1 000, no real limit), 1 to the most guesses of a game won
DISTRIBUTION_MAX = 100
SCHEMA = (
    """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
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
    record TEXT NOT NULL          -- JSON: what the review of the game needs
)""",
    "CREATE INDEX IF NOT EXISTS games_by_player ON games (player, game, lang, length, id)",
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
    """A player's figures in one game, language and length: games played and won, the
    current and the longest run of wins, and how many games were won in each number of
    guesses (distribution[n - 1]: in n guesses, n up to the most any game allowed, or, past
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

    @property
    def win_percent(self) -> int:
        """Return the share of games won, in whole percent (rounded down: 100 only when every
        game was won)."""
        return 100 * self.won // self.played if self.played else 0


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
        if version != VERSION or "games" not in tables:
            raise self._bad("its tables are not lenwordle's", Problem.NOT_OURS)

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

    def record(self, finished: Finished, player: str = "") -> None:
        """Add a finished game of player, in one transaction."""
        row = (
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
        with self._connection() as connection, _transaction(connection):
            connection.execute(
                "INSERT INTO games (player, game, lang, length, puzzle, won, guesses, "
                "max_guesses, hints, finished, record) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                row,
            )

    def standings(self, player: str = "") -> list[Standing]:
        """Return player's figures in each game, language and length played, in that order."""
        query = (
            "SELECT game, lang, length, won, guesses, max_guesses, hints FROM games "
            "WHERE player = ? ORDER BY game, lang, length, id"
        )
        groups: dict[tuple[str, str, int], list[tuple[int, int, int, int]]] = {}
        for game, lang, length, *figures in self._rows(query, player):
            groups.setdefault((game, lang, length), []).append(tuple(figures))
        return [_standing(key, games) for key, games in groups.items()]

    def last(self, player: str = "") -> Finished | None:
        """Return player's last game recorded (None: none yet)."""
        query = (
            "SELECT game, lang, length, puzzle, won, guesses, max_guesses, hints, record "
            "FROM games WHERE player = ? ORDER BY id DESC LIMIT 1"
        )
        rows = self._rows(query, player)
        if not rows:
            return None
        game, lang, length, puzzle, won, guesses, most, hints, record = rows[0]
        return Finished(
            game, lang, length, puzzle, bool(won), guesses, most, hints, json.loads(record)
        )

    def _rows(self, query: str, player: str) -> list[tuple[Any, ...]]:
        """Return the rows of a query of player's games (none without a file); StatsError
        (damaged) for a row of them that is no game lenwordle keeps (ODD_ROW)."""
        if self._kind() is None:
            return []
        checked = query.replace("SELECT ", f"SELECT id, {ODD_ROW}, ", 1)
        with self._connection() as connection:
            rows = connection.execute(checked, (player,)).fetchall()
        odd = next((row[0] for row in rows if row[1]), None)
        if odd is not None:
            raise self._bad(f"its row {odd} is no game lenwordle keeps", Problem.DAMAGED)
        return [row[2:] for row in rows]


def _standing(key: tuple[str, str, int], games: list[tuple[int, int, int, int]]) -> Standing:
    """Return the figures of one game, language and length from its games in order (won,
    guesses, max_guesses, hints)."""
    streak = best = 0
    most = max(limit for _, _, limit, _ in games)
    if most > DISTRIBUTION_MAX:
        most = max((guesses for won, guesses, _, _ in games if won), default=0)
    distribution = [0] * most
    for won, guesses, _, _ in games:
        streak = streak + 1 if won else 0
        best = max(best, streak)
        if won:
            distribution[guesses - 1] += 1
    wins = sum(won for won, *_ in games)
    hints = sum(hints for *_, hints in games)
    return Standing(*key, len(games), wins, streak, best, tuple(distribution), hints)


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
