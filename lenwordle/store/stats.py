"""Practice statistics that last: each finished game a row of an SQLite database in the
player's data directory (the platform's convention, by platformdirs), written in one
transaction, so that a process killed mid-game loses at most that game and two processes
writing at once lose nothing (SQLite's lock; a writer waits up to BUSY_SECONDS for the
other). A file that is not such a database, or was written by a newer lenwordle, is an
error of one line and is never overwritten."""

from __future__ import annotations

import datetime
import json
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FILE_NAME = "stats.sqlite3"
VERSION = 1  # the schema's version (PRAGMA user_version); a newer file is never written
BUSY_SECONDS = 30.0  # how long a writer waits for another process's transaction
# a distribution covers 1 to the games' limit of guesses, up to this many (Duotrigordle's is
# 37); past it (Antiwordle's 1 000, no real limit), 1 to the most guesses of a game won
DISTRIBUTION_MAX = 100
HEADER = b"SQLite format 3\x00"  # the first bytes of every SQLite database file
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


class StatsError(Exception):
    """A statistics database that cannot be read or written; one line, saying which file."""


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
    held between games (another process may write in between)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._check_folder()  # (checked now: a player learns of a bad file before the game)
        if path.exists():
            with self._connection():
                pass

    def _check_folder(self) -> None:
        """Raise StatsError unless the database's folder is one, or can be made (its first
        existing ancestor a folder this process may write in)."""
        folder = self.path.parent
        while not folder.exists() and folder != folder.parent:
            folder = folder.parent
        if not folder.is_dir():
            raise StatsError(f"{folder} is not a folder: the statistics cannot be kept there")
        if not self.path.exists() and not os.access(folder, os.W_OK | os.X_OK):
            raise StatsError(f"{folder}: no permission to write the statistics there")

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        """Yield a connection to the checked database (made if missing), closed after."""
        self._check_header()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            connection = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None)
        except (OSError, sqlite3.Error) as error:
            raise StatsError(f"{self.path}: cannot be opened ({_first_line(error)})") from None
        try:
            self._check(connection)
            yield connection
        except sqlite3.DatabaseError as error:
            raise self._bad(_first_line(error)) from None
        finally:
            connection.close()

    def _check_header(self) -> None:
        """Raise StatsError unless the file is missing, empty or begins as SQLite's do."""
        try:
            with self.path.open("rb") as file:
                head = file.read(len(HEADER))
        except FileNotFoundError:
            return
        except OSError as error:
            raise StatsError(f"{self.path}: cannot be read ({_first_line(error)})") from None
        if head and head != HEADER:
            raise self._bad("it is not an SQLite database")

    def _check(self, connection: sqlite3.Connection) -> None:
        """Make the schema in a new file; raise StatsError for a file of a newer version, of
        other tables, or damaged."""
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        if version > VERSION:
            raise StatsError(
                f"{self.path} was written by a newer lenwordle (schema {version}, this one "
                f"reads {VERSION}); it is left as it is: upgrade lenwordle, or give --data-dir"
            )
        if connection.execute("PRAGMA quick_check").fetchone()[0] != "ok":
            raise self._bad("it is damaged")
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
        if version == VERSION and "games" in tables:
            return
        if version != 0 or tables:
            raise self._bad("its tables are not lenwordle's")
        with _transaction(connection):
            for statement in SCHEMA:  # (one by one: executescript would commit first)
                connection.execute(statement)
            connection.execute(f"PRAGMA user_version = {VERSION}")

    def _bad(self, why: str) -> StatsError:
        return StatsError(
            f"{self.path} is not a lenwordle statistics database ({why}); it is left as it "
            "is: move it away, or give --data-dir"
        )

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
        if not self.path.exists():
            return []
        query = (
            "SELECT game, lang, length, won, guesses, max_guesses, hints FROM games "
            "WHERE player = ? ORDER BY game, lang, length, id"
        )
        with self._connection() as connection:
            rows = connection.execute(query, (player,)).fetchall()
        groups: dict[tuple[str, str, int], list[tuple[int, int, int, int]]] = {}
        for game, lang, length, *figures in rows:
            groups.setdefault((game, lang, length), []).append(tuple(figures))
        return [_standing(key, games) for key, games in groups.items()]

    def last(self, player: str = "") -> Finished | None:
        """Return player's last game recorded (None: none yet)."""
        if not self.path.exists():
            return None
        query = (
            "SELECT game, lang, length, puzzle, won, guesses, max_guesses, hints, record "
            "FROM games WHERE player = ? ORDER BY id DESC LIMIT 1"
        )
        with self._connection() as connection:
            row = connection.execute(query, (player,)).fetchone()
        if row is None:
            return None
        game, lang, length, puzzle, won, guesses, most, hints, record = row
        return Finished(
            game, lang, length, puzzle, bool(won), guesses, most, hints, json.loads(record)
        )


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


@contextmanager
def _transaction(connection: sqlite3.Connection) -> Iterator[None]:
    """Run the block in one write transaction (taken at once: BEGIN IMMEDIATE), rolled back
    if it fails."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        connection.execute("ROLLBACK")
        raise
    connection.execute("COMMIT")


def _first_line(error: BaseException) -> str:
    return (str(error).splitlines() or [type(error).__name__])[0]
