"""Reading a request: its JSON body within its limits, its fields each of its kind and all its
text Unicode, and the game it asks for (refused before any work when too heavy for the
server). What cannot be read is Refused: a status and one line."""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import ClientDisconnect, Request

from lenwordle.api import Game, SetupError
from lenwordle.api.catalog import options_of
from lenwordle.api.challenge import ChallengeError, practice_challenge, read_challenge
from lenwordle.api.practice import Practice, practice
from lenwordle.web.views import MAX_BOARDS, TOO_HEAVY

BODY_LIMIT = 16 * 1024  # bytes a request's body may have
TEXT_LIMIT = 200  # characters a reply or a word may have
# what a new game may ask
GAME_OPTIONS = ("length", "lang", "hard", "ultra_hard", "boards", "variant")
PUZZLE_OPTIONS = ("daily", "seed", "date")  # ...and a new practice game
CHALLENGE = "challenge"  # ...or a challenge's code, alone (api/challenge.py)
MAX_SEED = 2**32 - 1  # the seeds a game drawn at random has: each may be played again


class Refused(Exception):
    """A request that cannot be: its status and its one-line message."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status, self.message = status, message


async def body_of(request: Request, limit: int = BODY_LIMIT) -> dict[str, Any]:
    """Return the request's JSON object; Refused if it is over limit bytes, cut off, not
    JSON, not an object, or has text that is not Unicode (read in chunks: a body past the
    limit is never held whole)."""
    data = await raw_body(request, limit)
    try:
        value = json.loads(data or b"{}")
    except (ValueError, UnicodeDecodeError, RecursionError):  # (nested past Python's depth)
        raise Refused(400, "the request is not JSON") from None
    if not isinstance(value, dict):
        raise Refused(400, "the request is not a JSON object")
    if not unicode(value):
        raise Refused(400, "the request has text that is not Unicode (a lone surrogate)")
    return value


async def raw_body(request: Request, limit: int) -> bytes:
    """Return the bytes of a request sent as JSON; Refused if it is over limit bytes, cut
    off, or not sent as JSON (read in chunks: a body past the limit is never held whole)."""
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        raise Refused(415, "send JSON (Content-Type: application/json)")
    return await bytes_of(request, limit)


async def bytes_of(request: Request, limit: int) -> bytes:
    """Return the bytes of a request's body; Refused if it is over limit bytes or cut off
    (read in chunks: a body past the limit is never held whole)."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise Refused(413, f"the request is over {limit} bytes")
    data = bytearray()  # (grown in place: a picture's megabytes are not copied a chunk each)
    try:
        async for chunk in request.stream():
            data += chunk
            if len(data) > limit:
                raise Refused(413, f"the request is over {limit} bytes")
    except ClientDisconnect:  # (the answer reaches no one)
        raise Refused(400, "the request was cut off") from None
    return bytes(data)


def unicode(value: Any) -> bool:
    """Return whether every string of a JSON value (keys too) is Unicode text: JSON may
    spell a lone surrogate (\\ud800), which no text can be written in."""
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except (UnicodeEncodeError, RecursionError):
        return False
    return True


def field(body: dict[str, Any], name: str, kind: type, default: Any) -> Any:
    """Return a field of the request, of its kind (a bool is no int); Refused if not."""
    value = body.get(name, default)
    if value is None and default is None:
        return None
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        kind_name = {"int": "a whole number", "bool": "true or false", "str": "a string"}.get(
            kind.__name__, kind.__name__
        )
        raise Refused(400, f"{name} must be {kind_name}, not {json.dumps(value)[:40]}")
    if isinstance(value, str) and len(value) > TEXT_LIMIT:
        raise Refused(400, f"{name} is over {TEXT_LIMIT} characters")
    return value


def replies_of(body: dict[str, Any]) -> list[str]:
    """Return the replies of a move (a list of strings, one per open board); Refused if not."""
    replies = body.get("replies")
    if not isinstance(replies, list) or not all(isinstance(r, str) for r in replies):
        raise Refused(400, "replies must be a list of replies, one per open board")
    if len(replies) > MAX_BOARDS or any(len(r) > TEXT_LIMIT for r in replies):
        raise Refused(400, f"at most {MAX_BOARDS} replies of {TEXT_LIMIT} characters")
    return replies


def game_asked(body: dict[str, Any], practising: bool = False) -> dict[str, Any]:
    """Return the options of the game the request asks for (length, lang, hard, ultra_hard,
    boards, variant: the game as the Game select names it), as the library takes them (options_of:
    absurdle; SUTOM's first_letter, or sutom when practising, the host showing its
    secret's); Refused if they cannot be, or the game is TOO_HEAVY."""
    asked = {
        "length": field(body, "length", int, 5),
        "lang": field(body, "lang", str, "en"),
        "hard": field(body, "hard", bool, False),
        "ultra_hard": field(body, "ultra_hard", bool, False),
        "boards": field(body, "boards", int, 1),
        "variant": field(body, "variant", str, "wordle"),
    }
    if not 1 <= asked["boards"] <= MAX_BOARDS:
        raise Refused(400, f"the page plays 1 to {MAX_BOARDS} boards, not {asked['boards']}")
    heavy = TOO_HEAVY.get((asked["variant"].strip().lower(), asked["length"]))
    if heavy is not None:
        raise Refused(400, heavy)
    letter = None if practising else field(body, "first_letter", str, None)
    try:
        return asked | options_of(asked["variant"], asked["boards"], letter, practising)
    except SetupError as error:
        raise Refused(400, str(error)) from None


def new_game(asked: dict[str, Any]) -> Game:
    """Return the game of these options (game_asked's); Refused if none."""
    options = dict(asked)
    try:
        return Game(options.pop("length"), options.pop("lang"), **options)
    except (SetupError, ValueError) as error:
        raise Refused(400, str(error).splitlines()[0]) from None


def practice_asked(body: dict[str, Any]) -> dict[str, Any]:
    """Return the options of the practice game the request asks for (game_asked's, daily
    and seed; or a challenge's code, alone); Refused for an option of another name, or
    options that cannot be."""
    if CHALLENGE in body:
        beside = sorted(set(body) - {CHALLENGE})
        if beside:
            raise Refused(400, f"a challenge code carries its game: not with {beside[0]!r}")
        return {CHALLENGE: field(body, CHALLENGE, str, "")}
    unknown = sorted(set(body) - {*GAME_OPTIONS, *PUZZLE_OPTIONS})
    if unknown:
        raise Refused(400, f"unknown option {json.dumps(unknown[0])[:40]}")
    asked = game_asked(body, practising=True)
    asked["daily"] = field(body, "daily", bool, False)
    seed = asked["seed"] = field(body, "seed", int, None)
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise Refused(400, f"seed must be 0 to {MAX_SEED}, not {seed}")
    date = asked["date"] = field(body, "date", str, None)
    if seed is not None and (asked["daily"] or date is not None):
        raise Refused(400, "give a seed or ask for the daily puzzle, not both")
    return asked


def days_asked(body: dict[str, Any]) -> dict[str, Any]:
    """Return the options of the game whose daily puzzles the request asks for (game_asked's);
    Refused for an option of another name."""
    unknown = sorted(set(body) - set(GAME_OPTIONS))
    if unknown:
        raise Refused(400, f"unknown option {json.dumps(unknown[0])[:40]}")
    return game_asked(body, practising=True)


def new_practice(asked: dict[str, Any]) -> Practice:
    """Return the practice game of these options (practice_asked's); Refused if none."""
    if CHALLENGE in asked:
        return challenge_practice(asked[CHALLENGE])
    options = dict(asked)
    try:
        return practice(options.pop("length"), options.pop("lang"), **options)
    except (SetupError, ValueError) as error:
        raise Refused(400, str(error).splitlines()[0]) from None


def challenge_practice(code: str) -> Practice:
    """Return the practice game of a challenge's code; Refused (400) for a bad code, or a
    game the page does not play (more boards, TOO_HEAVY)."""
    try:
        read = read_challenge(code)
        if read.boards > MAX_BOARDS:
            raise Refused(400, f"the page plays 1 to {MAX_BOARDS} boards, not {read.boards}")
        heavy = TOO_HEAVY.get((read.variant, read.length))
        if heavy is not None:
            raise Refused(400, heavy)
        return practice_challenge(read)
    except (SetupError, ValueError) as error:
        raise Refused(400, challenge_said(error)) from None


def challenge_said(error: Exception) -> str:
    """Return a challenge's error as the page says it: its options as the page names them."""
    if isinstance(error, ChallengeError | SetupError):
        named = {CHALLENGE: "the challenge code", "sutom": "SUTOM", "absurdle": "Absurdle"}
        return error.named(lambda name: named.get(name, name.replace("_", " ")))
    return str(error).splitlines()[0]
