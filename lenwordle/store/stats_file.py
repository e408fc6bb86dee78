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
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from lenwordle.games.challenge import DIGITS, MAX_NUMBER
from lenwordle.words.files import write_atomic
from lenwordle.words.languages import LANGUAGES
from lenwordle.words.letters import MAX_LENGTH
from lenwordle.words.wordlist import MIN_LENGTH

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
RECORD_DEPTH = 10  # the deepest nesting of a game's record (a review's is 3 deep)
FILE_DEPTH = 3 + RECORD_DEPTH  # the deepest nesting of a file: its games, a game, its record
RECORD_LIMIT = 256 * 1024  # the largest record of one game, in bytes of JSON
FUTURE_SLACK = datetime.timedelta(days=1)  # a game finished later than now + this is refused
# the options a game's record keeps (Practice.finished's, the review's), and the type of each
# (None: may be null); length, lang, boards and variant are kept always
RECORD_OPTIONS: dict[str, tuple[type | None, ...]] = {
    "length": (int,),
    "lang": (str,),
    "accents": (str, None),
    "hard": (bool,),
    "ultra_hard": (bool,),
    "max_guesses": (int, None),
    "boards": (int,),
    "absurdle": (bool,),
    "first_letter": (str, None),
    "variant": (str,),
}
RECORD_OPTIONS_KEPT = ("length", "lang", "boards", "variant")
# a record's fields and the type of each (its lists' items: RECORD_ITEMS); sutom, accepted and
# challenge are newer than the first records, and may be missing
RECORD_FIELDS: dict[str, tuple[type | None, ...]] = {
    "options": (dict,),
    "guesses": (list,),
    "replies": (list,),
    "tiles": (list,),
    "hinted": (list,),
    "secrets": (list,),
    "sutom": (bool,),
    "accepted": (bool,),
    "challenge": (str, None),
}
RECORD_OPTIONAL = ("sutom", "accepted", "challenge")
RECORD_ITEMS: dict[str, type] = {
    "guesses": str,
    "tiles": str,
    "hinted": int,
    "secrets": str,
}
# a game's puzzle: a daily one, a seed's, or a challenge's code (games/challenge.py's digits)
PUZZLE = re.compile(
    rf"daily \d{{4}}-\d{{2}}-\d{{2}}|seed \d{{1,20}}|challenge [{DIGITS}]+", re.ASCII
)


CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")  # a control character: no text of a game's has one
# what is wrong with a game beside what the file format says (the API's: a game no lenwordle
# plays), None: nothing
Check = Callable[[dict[str, Any]], str | None]


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


SQLITE_HEADER = b"SQLite format 3\x00"  # how every SQLite database begins
SQLITE_SIDES = ("-journal", "-wal", "-shm")  # the files SQLite keeps beside a database


def write(path: Path, content: dict[str, Any], database: Path | None = None) -> None:
    """Write a statistics file atomically (never half a file); StatsFileError if it cannot,
    or if path is the statistics database (or a file SQLite keeps beside it) or any other
    SQLite database: a file of games is never written over the games themselves."""
    if database is not None and _same(path, database):
        raise StatsFileError(f"{path} is the statistics database itself: give another file")
    if _begins_sqlite(path):
        raise StatsFileError(f"{path} is an SQLite database: it is not replaced")
    text = json.dumps(content, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    try:
        write_atomic(path, text)
    except OSError as error:
        why = error.strerror or type(error).__name__
        raise StatsFileError(f"{path}: cannot be written ({why})") from None


def _same(path: Path, database: Path) -> bool:
    """Return whether path names the database or a file SQLite keeps beside it (through
    links and relative names too)."""
    target = path.resolve()
    whole = database.resolve()
    names = {whole, *(whole.with_name(whole.name + side) for side in SQLITE_SIDES)}
    if target in names:
        return True
    try:
        return target.exists() and any(
            one.exists() and target.samefile(one) for one in names
        )  # (a hard link)
    except OSError:
        return False


def _begins_sqlite(path: Path) -> bool:
    """Return whether an existing file at path begins as an SQLite database does."""
    try:
        with path.open("rb") as f:
            return f.read(len(SQLITE_HEADER)) == SQLITE_HEADER
    except OSError:  # (none, or not readable: written, or refused, as it comes)
        return False


def read(source: str | Path | bytes, check: Check | None = None) -> list[dict[str, Any]]:
    """Return the games of a statistics file (a path, or its bytes), each checked (by check
    too, when given) and its finished time in UTC; StatsFileError (one line) for a file that
    is none (UTF-8, with a byte order mark or not)."""
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
    if _nesting(data) > FILE_DEPTH:  # (told before JSON's reader exhausts Python's stack)
        raise bad(f"a game of it has a record nested deeper than {RECORD_DEPTH}")
    try:
        content = json.loads(data.decode("utf-8-sig"), parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise bad("not a lenwordle statistics file (not JSON)") from None
    if not isinstance(content, dict) or content.get("format") != FORMAT:
        raise bad("not a lenwordle statistics file")
    version = content.get("version")
    if type(version) is not int or version != FORMAT_VERSION:  # (not 1.0, not true)
        raise bad(f"of format version {version!r}: this lenwordle reads {FORMAT_VERSION}")
    games = content.get("games")
    if not isinstance(games, list):
        raise bad("it has no list of games")
    seen: set[str] = set()
    checked = []
    for n, game in enumerate(games, 1):
        why = _odd(game)
        if why is None and check is not None:
            why = check(game)
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
    why = record_problem(game["record"])
    if why is not None:
        return why
    if not _utf8(json.dumps(game, ensure_ascii=False)):
        return "has a text that is not Unicode"
    return _odd_figures(game)


_kinds = {
    str: "a text",
    int: "a whole number",
    bool: "true or false",
    dict: "an object",
    list: "a list",
}


def _odd_figures(game: dict[str, Any]) -> str | None:
    """Return what is wrong with a game's values, its types right (None: nothing)."""
    try:
        canonical = str(uuid.UUID(game["id"])) == game["id"]
    except ValueError:
        canonical = False
    if not canonical:
        return "has an id that is not a UUID written 8-4-4-4-12 in lower case"
    if not game["game"] or CONTROL.search(game["game"]):
        return f"has no game, or a control character in it: {game['game'][:40]!r}"
    if game["lang"] not in LANGUAGES:
        return f"has a language no lenwordle plays: {game['lang'][:40]!r}"
    if not MIN_LENGTH <= game["length"] <= MAX_LENGTH:
        return f"has a length out of {MIN_LENGTH} to {MAX_LENGTH}"
    chosen = game["record"]["options"]
    if (chosen["length"], chosen["lang"]) != (game["length"], game["lang"]):
        return "has a record of another length or language than its own"
    puzzle = game["puzzle"]
    if not PUZZLE.fullmatch(puzzle) or (puzzle.startswith("daily") and not _date(puzzle[6:])):
        return (
            f"has a puzzle not 'daily YYYY-MM-DD', 'seed N' nor 'challenge CODE': {puzzle[:40]!r}"
        )
    if game["on_day"] and not puzzle.startswith("daily"):
        return "is on its own day, but no daily puzzle"
    if not 1 <= game["max_guesses"] <= MAX_NUMBER:
        return f"has a max_guesses out of 1 to {MAX_NUMBER}"
    if not 0 <= game["guesses"] <= game["max_guesses"]:
        return "has guesses out of 0 to its max_guesses"
    if game["won"] and game["guesses"] < 1 or not 0 <= game["hints"] <= game["max_guesses"]:
        return "was won in no guess, or has hints out of 0 to its max_guesses"
    finished = _utc(game["finished"])
    if finished is None:
        return "has a finished time not ISO 8601 with its offset from UTC (years 1 to 9999)"
    latest = datetime.datetime.now(datetime.UTC) + FUTURE_SLACK
    if datetime.datetime.fromisoformat(finished) > latest:
        return f"has a finished time after today's: {finished}"
    if game["on_day"]:  # (opened on its day, UTC: finished then, or after midnight)
        late = datetime.date.fromisoformat(finished[:10]) - datetime.date.fromisoformat(puzzle[6:])
        if late.days not in (0, 1):
            return "is on its own day, but was finished neither then nor the day after"
    return None


def record_problem(record: Any) -> str | None:
    """Return what is wrong with a game's record (None: nothing): the review reads it (its
    options, its guesses and replies a board each, its secrets...), so a record is checked
    whole, its nesting (RECORD_DEPTH) and its size (RECORD_LIMIT) before anything else."""
    if not isinstance(record, dict):
        return "has a record that is not an object"
    if _depth(record) > RECORD_DEPTH:
        return f"has a record nested deeper than {RECORD_DEPTH}"
    if len(json.dumps(record, ensure_ascii=False).encode("utf-8", "replace")) > RECORD_LIMIT:
        return f"has a record larger than {RECORD_LIMIT // 1024} KiB"
    if _has_control(record):  # (a review prints its texts: no escape to the terminal)
        return "has a record with a control character in a text"
    why = _fields_problem(record, RECORD_FIELDS, RECORD_OPTIONAL, "record")
    if why is not None:
        return why
    options = record["options"]
    kept = tuple(name for name in RECORD_OPTIONS if name not in RECORD_OPTIONS_KEPT)
    why = _fields_problem(options, RECORD_OPTIONS, kept, "record's options")
    if why is not None:
        return why
    for name, kind in RECORD_ITEMS.items():
        if not all(_is(item, kind) for item in record[name]):
            return f"has a record whose {name} are not each {_kinds[kind]}"
    boards, replies = options["boards"], record["replies"]
    if len(replies) != len(record["guesses"]) or not all(
        isinstance(reply, list)
        and len(reply) == boards
        and all(one is None or isinstance(one, str) for one in reply)
        for reply in replies
    ):
        return "has a record whose replies are not a list of texts a board, a guess each"
    return None


def _fields_problem(
    value: dict[str, Any],
    kinds: dict[str, tuple[type | None, ...]],
    optional: tuple[str, ...],
    what: str,
) -> str | None:
    """Return what is wrong with an object of these fields and types (None: nothing)."""
    unknown = sorted(set(value) - set(kinds))
    if unknown:
        return f"has a {what} with a field no game has: {unknown[0][:40]!r}"
    for name, allowed in kinds.items():
        if name not in value:
            if name in optional:
                continue
            return f"has a {what} with no {name}"
        item = value[name]
        if not any(item is None if kind is None else _is(item, kind) for kind in allowed):
            return f"has a {what} whose {name} is not {_kinds[allowed[0] or str]}"
    return None


def _is(value: Any, kind: type) -> bool:
    """Return whether value is of kind (JSON's true and false no whole numbers)."""
    return isinstance(value, kind) and not (kind is not bool and isinstance(value, bool))


STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)  # a JSON string (its escapes)


def _nesting(data: bytes) -> int:
    """Return how deep the lists and objects of a JSON text nest (outside its strings), by
    its brackets counted at once (any text: one that is no JSON is refused after)."""
    codes = np.frombuffer(STRING.sub(b"", data), dtype=np.uint8)
    steps = np.isin(codes, OPENING).astype(np.int8) - np.isin(codes, CLOSING).astype(np.int8)
    steps = steps[steps != 0].astype(np.int32)
    return int(np.cumsum(steps).max(initial=0))


OPENING, CLOSING = np.frombuffer(b"[{", dtype=np.uint8), np.frombuffer(b"]}", dtype=np.uint8)


def _has_control(value: Any) -> bool:
    """Return whether a text in value (its keys too) has a control character."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if CONTROL.search(item):
                return True
        elif isinstance(item, dict):
            stack.extend(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def _depth(value: Any) -> int:
    """Return how deep lists and objects nest in value (1: none within), counted without
    recursion (a deep one would exhaust Python's stack)."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, depth)
            inner = item.values() if isinstance(item, dict) else item
            stack.extend((one, depth + 1) for one in inner if isinstance(one, dict | list))
    return deepest


def _utc(text: str) -> str | None:
    """Return a time written in ISO 8601 with its offset, in UTC as the database keeps it
    (None: it is not such a time)."""
    try:
        when = datetime.datetime.fromisoformat(text)
        if when.tzinfo is None:
            return None
        return when.astimezone(datetime.UTC).isoformat(timespec="seconds")
    except (ValueError, OverflowError):  # (year 1 at +14:00 is before year 1 in UTC)
        return None


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
