"""The page's review of a screenshot: the picture sent (its bytes, at most the library's
MAX_PICTURE_BYTES) is read by read_image into the board it shows (words, replies, the tiles
not read), which the page shows for the player to correct; the corrected board is then
reviewed by review_board. Both are heavy jobs, done in their turn (making.py). The server
is the player's own (lenwordle serve): the picture goes no further, and is not kept (a
temporary file, removed once read). A picture that cannot be read is a 400 and one line."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from lenwordle.api import MAX_PICTURE_BYTES, Game, SetupError, read_image, review_board
from lenwordle.web.answers import json_answer
from lenwordle.web.making import OneAtATime, told_if_stopping
from lenwordle.web.reading import TEXT_LIMIT, Refused, body_of, bytes_of, field
from lenwordle.web.views import reviewed_view

PICTURE_NAME = "screenshot"  # the picture's file as its errors name it
PICTURE_TYPES = ("image/png", "image/jpeg")  # the pictures the page sends
MAX_ROWS = 32  # rows a corrected board may have (a game of 6 to 21 guesses: well within)


def picture_routes(maker: OneAtATime, body_limit: int) -> list[Route]:
    """Return the routes of a screenshot's review: POST /api/review/image (the picture's
    bytes; ?lang= its language) and POST /api/review/board (JSON: words, replies, lang)."""

    async def read(request: Request) -> Response:
        lang = request.query_params.get("lang", "en")[:TEXT_LIMIT]
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind not in PICTURE_TYPES:  # (never a form's kind: another site's form posts none)
            raise Refused(
                415, "send a PNG or JPEG picture (Content-Type: image/png or image/jpeg)"
            )
        data = await bytes_of(request, MAX_PICTURE_BYTES)
        if not data:
            raise Refused(400, "no picture was sent: give a PNG or JPEG screenshot")

        def build() -> dict[str, Any]:
            with tempfile.TemporaryDirectory(prefix="lenwordle-") as folder:
                path = Path(folder) / PICTURE_NAME
                path.write_bytes(data)
                try:
                    board = read_image(path, lang)
                except SetupError as error:  # (UnreadPicture: no board; or no [image] extra)
                    raise Refused(400, str(error).splitlines()[0]) from None
            return {"read": board.as_dict(), "lang": lang}

        with told_if_stopping():
            return json_answer(200, await maker.make(build))

    async def reviewed(request: Request) -> Response:
        body = await body_of(request, body_limit)
        lang = field(body, "lang", str, "en")
        words, replies = rows_of(body, "words"), rows_of(body, "replies")

        def build() -> dict[str, Any]:
            try:
                done = review_board(words, replies, lang=lang)
                game = Game(len(words[0]), lang)
            except (SetupError, ValueError) as error:
                raise Refused(400, str(error).splitlines()[0]) from None
            return {"review": reviewed_view([done], game.length, game.shown)}

        with told_if_stopping():
            return json_answer(200, await maker.make(build))

    return [
        Route("/api/review/image", read, methods=["POST"]),
        Route("/api/review/board", reviewed, methods=["POST"]),
    ]


def rows_of(body: dict[str, Any], name: str) -> list[str]:
    """Return a board's rows of the request (a list of 1 to MAX_ROWS strings); Refused if not."""
    rows = body.get(name)
    if not isinstance(rows, list) or not all(isinstance(row, str) for row in rows):
        raise Refused(400, f"{name} must be a list of strings, a row each")
    if not 1 <= len(rows) <= MAX_ROWS or any(len(row) > TEXT_LIMIT for row in rows):
        raise Refused(400, f"{name}: 1 to {MAX_ROWS} rows of at most {TEXT_LIMIT} characters")
    return rows
