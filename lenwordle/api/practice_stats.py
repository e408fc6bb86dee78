"""Practice statistics beyond a game: written whole to a file and merged from one (a new
device, a browser and a terminal), and the daily puzzles of recent days, played or not."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Unpack

from lenwordle.api.checks import SetupError, a_path, text, typed
from lenwordle.api.game import GameOptions, checked, options
from lenwordle.api.practice import day_of, stats_game
from lenwordle.store import stats_file
from lenwordle.store.stats import Merged, Stats, stats_path
from lenwordle.store.stats_file import FILE_LIMIT, StatsFileError
from lenwordle.words.languages import DEFAULT_LANGUAGE

__all__ = [
    "DAYS_LISTED",
    "FILE_LIMIT",
    "Merged",
    "PuzzleDay",
    "StatsFileError",
    "daily_days",
    "export_statistics",
    "import_statistics",
    "statistics_file",
]

DAYS_LISTED = 14  # the recent days whose daily puzzles a list shows (today's among them)
DAYS_MOST = 366  # the most days asked for at once


@dataclass(frozen=True)
class PuzzleDay:
    """A day's daily puzzle of a game, as a player stands with it: played (counted) or not,
    won, and whether on its own day (in the daily streak)."""

    day: datetime.date
    played: bool
    won: bool
    on_day: bool


def statistics_file(data_dir: str | Path | None = None, player: str | None = "") -> dict[str, Any]:
    """Return player's statistics in data_dir whole (None: one with none yet), as a
    statistics file holds them (JSON: its format, its version, each game with its id);
    StatsError when they cannot be read."""
    folder = a_path("data_dir", data_dir)
    if player is None:
        return stats_file.document([])
    return stats_file.document(Stats(stats_path(folder)).games(text("player", player)))


def export_statistics(
    path: str | Path, data_dir: str | Path | None = None, player: str = ""
) -> int:
    """Write player's statistics in data_dir whole to the file at path (JSON, atomically:
    never half a file); return how many games it holds. StatsFileError when the file cannot
    be written, StatsError when the statistics cannot be read."""
    target = a_path("path", path)
    if target is None:
        raise SetupError("{path} is required: the file to write", "path")
    content = statistics_file(data_dir, player)
    stats_file.write(target, content)
    return len(content["games"])


def import_statistics(
    source: str | Path | bytes, data_dir: str | Path | None = None, player: str = ""
) -> Merged:
    """Merge a statistics file (its path, or its bytes) into player's statistics in data_dir,
    in one transaction: each game kept once by its id (a file imported twice adds nothing
    the second time); a daily puzzle counted already is kept, counted nowhere. A file that
    is none is StatsFileError (one line) and changes nothing; StatsError when the statistics
    cannot be written."""
    typed("source", source, str, Path, bytes)
    given = source if isinstance(source, bytes) else a_path("source", source)
    if given is None:
        raise SetupError("{source} is required: a statistics file", "source")
    games = stats_file.read(given)
    stats = Stats(stats_path(a_path("data_dir", data_dir)), writing=True)
    return stats.merge(games, text("player", player))


def daily_days(
    length: int = 5,
    lang: str = DEFAULT_LANGUAGE,
    *,
    days: int = DAYS_LISTED,
    until: str | datetime.date | None = None,
    data_dir: str | Path | None = None,
    player: str | None = "",
    sutom: bool = False,
    **settings: Unpack[GameOptions],
) -> list[PuzzleDay]:
    """Return the daily puzzles of the game of these options (Game's, and sutom: SUTOM as
    its host plays it) on the `days` days up to until (None: today, UTC), the latest first,
    as player stands with each in data_dir (None: one with no statistics yet); StatsError
    when the statistics cannot be read."""
    checked(dict(settings))
    typed("sutom", sutom, bool)
    typed("days", days, int)
    if not 1 <= days <= DAYS_MOST:
        raise SetupError(f"{{days}} must be 1 to {DAYS_MOST}, not {days}", "days")
    chosen = options(length, lang, **settings)
    last = day_of(until)
    game = stats_game(chosen, sutom)
    folder = a_path("data_dir", data_dir)
    games = {}
    if player is not None:
        stats = Stats(stats_path(folder))
        games = stats.daily_games(game, chosen.lang, chosen.k, text("player", player))
    listed = []
    for back in range(days):
        day = last - datetime.timedelta(days=back)
        won, on_day = games.get(day, (False, False))
        listed.append(PuzzleDay(day, day in games, won, on_day))
    return listed
