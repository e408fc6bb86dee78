"""The page's review of a screenshot: the picture sent (its bytes, at most the library's
MAX_PICTURE_BYTES) is read by read_boards into the boards it shows (one for Wordle, Dordle's
two, Quordle's four: words, replies, the tiles not read), which the page shows for the
player to correct; the corrected boards are then reviewed by review_boards, a board each.
Both are heavy jobs, done in their turn (making.py). The server is the player's own
(lenwordle serve): the picture goes no further, and is not kept (a temporary file, removed
once read). A picture that cannot be read is a 400 and one line."""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from lenwordle.api import (
    MAX_PICTURE_BYTES,
    Game,
    SetupError,
    read_boards,
    readable_variant,
    review_boards,
)
from lenwordle.web.answers import json_answer
from lenwordle.web.making import OneAtATime, told_if_stopping
from lenwordle.web.reading import TEXT_LIMIT, Refused, body_of, bytes_of, field
from lenwordle.web.views import MAX_BOARDS, reviewed_view

PICTURE_NAME = "screenshot"  # the picture's file as its errors name it
PICTURE_TYPES = ("image/png", "image/jpeg")  # the pictures the page sends
T = TypeVar("T")
MAX_ROWS = 32  # rows a corrected board may have (a game of 6 to 21 guesses: well within)


def picture_routes(maker: OneAtATime, body_limit: int) -> list[Route]:
    """Return the routes of a screenshot's review: POST /api/review/image (the picture's
    bytes; ?lang=, ?accents= and ?variant= its game) and POST /api/review/board (JSON: words,
    replies, or boards (each board's replies), lang, accents, variant)."""

    async def read(request: Request) -> Response:
        lang = request.query_params.get("lang", "en")[:TEXT_LIMIT]
        accents = request.query_params.get("accents", None)
        accents = None if not accents else accents[:TEXT_LIMIT]  # (none: the game's rule)
        variant = request.query_params.get("variant", "wordle")[:TEXT_LIMIT]
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind not in PICTURE_TYPES:  # (never a form's kind: another site's form posts none)
            raise Refused(
                415, "send a PNG or JPEG picture (Content-Type: image/png or image/jpeg)"
            )
        data = await bytes_of(request, MAX_PICTURE_BYTES)
        if not data:
            raise Refused(400, "no picture was sent: give a PNG or JPEG screenshot")
        refused_unless(lambda: readable_variant(variant))  # (before the picture is read)

        def build() -> dict[str, Any]:
            with tempfile.TemporaryDirectory(prefix="lenwordle-") as folder:
                path = Path(folder) / PICTURE_NAME
                path.write_bytes(data)
                # (UnreadPicture: no board; or no [image] extra)
                boards = refused_unless(lambda: read_boards(path, lang, accents))
            read = [board.as_dict() for board in boards]
            return {"boards": read, "lang": lang, "accents": accents, "variant": variant}

        with told_if_stopping():
            return json_answer(200, await maker.make(build))

    async def reviewed(request: Request) -> Response:
        body = await body_of(request, body_limit)
        lang = field(body, "lang", str, "en")
        accents = field(body, "accents", str, None)
        variant = field(body, "variant", str, "wordle")
        words = rows_of(body, "words")
        if "boards" in body:
            boards = body["boards"]
            if not isinstance(boards, list) or not 1 <= len(boards) <= MAX_BOARDS:
                raise Refused(400, f"boards must be a list of 1 to {MAX_BOARDS} boards' replies")
            replies = [rows_of({"boards": board}, "boards") for board in boards]
        else:
            replies = [rows_of(body, "replies")]
        refused_unless(lambda: readable_variant(variant))

        def build() -> dict[str, Any]:
            def made() -> dict[str, Any]:
                done = review_boards(words, replies, lang=lang, accents=accents,
                                     variant=variant)  # fmt: skip
                game = Game(len(words[0]), lang, accents=accents, variant=variant)
                return {"review": reviewed_view(list(done), game.length, game.shown)}

            return refused_unless(made)

        with told_if_stopping():
            return json_answer(200, await maker.make(build))

    return [
        Route("/api/review/image", read, methods=["POST"]),
        Route("/api/review/board", reviewed, methods=["POST"]),
    ]


def refused_unless(work: Callable[[], T]) -> T:
    """Return what work gives; Refused (400, the library's one line) for its SetupError or
    ValueError (a picture not read, a board no game shows, an option that is none)."""
    try:
        return work()
    except (SetupError, ValueError) as error:
        raise Refused(400, str(error).splitlines()[0]) from None


def rows_of(body: dict[str, Any], name: str) -> list[str]:
    """Return a board's rows of the request (a list of 1 to MAX_ROWS strings); Refused if not."""
    rows = body.get(name)
    if not isinstance(rows, list) or not all(isinstance(row, str) for row in rows):
        raise Refused(400, f"{name} must be a list of strings, a row each")
    if not 1 <= len(rows) <= MAX_ROWS or any(len(row) > TEXT_LIMIT for row in rows):
        raise Refused(400, f"{name}: 1 to {MAX_ROWS} rows of at most {TEXT_LIMIT} characters")
    return rows
