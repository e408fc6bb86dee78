"""Statistics that move: a player's finished games written whole to a JSON file (a versioned
format, written atomically) and read back to be merged, each game by its UUID, so that a file
imported twice counts nothing twice. A file that is not such a file (not JSON, another
version, a row no game is, a field missing) is one line, StatsFileError, and nothing of it
is kept."""

from __future__ import annotations

import datetime
import json
import re
import uuid
from pathlib import Path
from typing import Any

from lenwordle.games.challenge import DIGITS
from lenwordle.words.files import write_atomic

FORMAT = "lenwordle statistics"  # what the file says it is
FORMAT_VERSION = 1  # the file format's version (not the database's schema)
FILE_LIMIT = 32 * 1024 * 1024  # the largest statistics file read, in bytes
# a game's fields in the file, and the type of each (bool apart from int: JSON's true)
FIELDS: dict[str, type] = {
    "id": str,
    "game": str,
    "lang": str,
    "length": int,
    "puzzle": str,
    "won": bool,
    "guesses": int,
    "max_guesses": int,
    "hints": int,
    "finished": str,
    "counted": bool,
    "on_day": bool,
    "record": dict,
}
# a game's puzzle: a daily one, a seed's, or a challenge's code (games/challenge.py's digits)
PUZZLE = re.compile(
    rf"daily \d{{4}}-\d{{2}}-\d{{2}}|seed \d{{1,20}}|challenge [{DIGITS}]+", re.ASCII
)


class StatsFileError(Exception):
    """A statistics file that cannot be written or imported: one line naming the file (or
    'the file' for one given as bytes) and what is wrong with it; nothing was imported."""


def document(games: list[dict[str, Any]], now: datetime.datetime | None = None) -> dict[str, Any]:
    """Return the statistics file's content for games (each a dict of FIELDS)."""
    when = now or datetime.datetime.now(datetime.UTC)
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "exported": when.isoformat(timespec="seconds"),
        "games": games,
    }


def write(path: Path, content: dict[str, Any]) -> None:
    """Write a statistics file atomically (never half a file); StatsFileError if it cannot."""
    text = json.dumps(content, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    try:
        write_atomic(path, text)
    except OSError as error:
        why = error.strerror or type(error).__name__
        raise StatsFileError(f"{path}: cannot be written ({why})") from None


def read(source: str | Path | bytes) -> list[dict[str, Any]]:
    """Return the games of a statistics file (a path, or its bytes), each checked and its
    finished time in UTC; StatsFileError (one line) for a file that is none."""
    name = "the file" if isinstance(source, bytes) else str(source)

    def bad(why: str) -> StatsFileError:
        return StatsFileError(f"{name}: {why}; nothing was imported")

    if isinstance(source, bytes):
        data = source
    else:
        try:
            with Path(source).open("rb") as f:
                data = f.read(FILE_LIMIT + 1)
        except OSError as error:
            raise bad(f"cannot be read ({error.strerror or type(error).__name__})") from None
    if len(data) > FILE_LIMIT:
        raise bad(f"larger than the {FILE_LIMIT // 2**20} MiB a statistics file may be")
    try:
        content = json.loads(data.decode("utf-8"), parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise bad("not a lenwordle statistics file (not JSON)") from None
    if not isinstance(content, dict) or content.get("format") != FORMAT:
        raise bad("not a lenwordle statistics file")
    version = content.get("version")
    if version != FORMAT_VERSION or isinstance(version, bool):
        raise bad(f"of format version {version!r}: this lenwordle reads {FORMAT_VERSION}")
    games = content.get("games")
    if not isinstance(games, list):
        raise bad("it has no list of games")
    seen: set[str] = set()
    checked = []
    for n, game in enumerate(games, 1):
        why = _odd(game)
        if why is None and game["id"] in seen:
            why = f"its id {game['id']} is another game's too"
        if why is not None:
            raise bad(f"game {n} {why}")
        seen.add(game["id"])
        checked.append(game | {"finished": _utc(game["finished"])})
    return checked


def _odd(game: Any) -> str | None:
    """Return what is wrong with a game of a statistics file (None: nothing)."""
    if not isinstance(game, dict):
        return "is not an object"
    missing = [name for name in FIELDS if name not in game]
    if missing:
        return f"has no {missing[0]}"
    unknown = sorted(set(game) - set(FIELDS))
    if unknown:
        return f"has a field no game has: {unknown[0][:40]!r}"
    for name, kind in FIELDS.items():
        value = game[name]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            return f"has a {name} that is not {_kinds[kind]}"
    if not _utf8(json.dumps(game, ensure_ascii=False)):
        return "has a text that is not Unicode"
    return _odd_figures(game)


_kinds = {str: "a text", int: "a whole number", bool: "true or false", dict: "an object"}


def _odd_figures(game: dict[str, Any]) -> str | None:
    """Return what is wrong with a game's values, its types right (None: nothing)."""
    try:
        canonical = str(uuid.UUID(game["id"])) == game["id"]
    except ValueError:
        canonical = False
    if not canonical:
        return "has an id that is not a UUID written 8-4-4-4-12 in lower case"
    if not (game["game"] and game["lang"]) or game["length"] < 1:
        return "has no game, language or length"
    puzzle = game["puzzle"]
    if not PUZZLE.fullmatch(puzzle) or (puzzle.startswith("daily") and not _date(puzzle[6:])):
        return (
            f"has a puzzle not 'daily YYYY-MM-DD', 'seed N' nor 'challenge CODE': {puzzle[:40]!r}"
        )
    if game["on_day"] and not puzzle.startswith("daily"):
        return "is on its own day, but no daily puzzle"
    if game["max_guesses"] < 1 or not 0 <= game["guesses"] <= game["max_guesses"]:
        return "has guesses out of 0 to its max_guesses (at least 1)"
    if game["won"] and game["guesses"] < 1 or game["hints"] < 0:
        return "was won in no guess, or has hints below 0"
    if _utc(game["finished"]) is None:
        return "has a finished time that is not ISO 8601 with its offset from UTC"
    return None


def _utc(text: str) -> str | None:
    """Return a time written in ISO 8601 with its offset, in UTC as the database keeps it
    (None: it is not such a time)."""
    try:
        when = datetime.datetime.fromisoformat(text)
    except ValueError:
        return None
    if when.tzinfo is None:
        return None
    return when.astimezone(datetime.UTC).isoformat(timespec="seconds")


def _date(text: str) -> bool:
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return True


def _utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _no_constant(name: str) -> float:
    """Refuse NaN and Infinity, which JSON has not (Python's json reads them)."""
    raise ValueError(name)
