"""The web page's server: a Starlette app serving the page (static/) and its JSON routes,
each browser's game kept by a cookie (games.py).

Every route answers JSON: the game as the page shows it, or {"error": one line} with a 4xx
status for a request that cannot be (bad JSON, an unknown language, a reply no word gives);
a move that cannot be leaves the game as it was. The game's work runs in a worker thread,
under the game's lock.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from lenwordle.api import Game, MoveError, SetupError
from lenwordle.web.games import IDLE_SECONDS, Games, Play
from lenwordle.web.views import (
    MAX_BOARDS,
    game_view,
    languages_view,
    preview_view,
    review_view,
    variants_view,
)

STATIC = Path(__file__).parent / "static"
COOKIE = "lenwordle"
BODY_LIMIT = 16 * 1024  # bytes a request's body may have
TEXT_LIMIT = 200  # characters a reply or a word may have
DROPPED = (
    f"your game was no longer kept (idle over {IDLE_SECONDS // 3600} hours, too many games "
    "at once, or the server restarted): a new game has started"
)
HEADERS = {  # the page's own files only: no script but app.js, nothing from elsewhere
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
    "frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


class Refused(Exception):
    """A request that cannot be: its status and its one-line message."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status, self.message = status, message


class _Strict:
    """An ASGI app (the page's files) whose every answer carries HEADERS."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        async def with_headers(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                names = {name.lower() for name in HEADERS}
                kept = [(k, v) for k, v in message.get("headers", []) if k.decode() not in names]
                added = [(k.lower().encode(), v.encode()) for k, v in HEADERS.items()]
                message = {**message, "headers": kept + added}
            await send(message)

        await self.app(scope, receive, with_headers)


def _json(status: int, content: dict[str, Any], cookie: str | None = None) -> JSONResponse:
    response = JSONResponse(content, status_code=status, headers=HEADERS)
    if cookie:
        response.set_cookie(COOKIE, cookie, httponly=True, samesite="strict")
    return response


async def _body(request: Request, limit: int) -> dict[str, Any]:
    """Return the request's JSON object; Refused if it is over limit bytes, not JSON or not
    an object (read in chunks: a body past the limit is never held whole)."""
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        raise Refused(415, "send JSON (Content-Type: application/json)")
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise Refused(413, f"the request is over {limit} bytes")
    data = b""
    async for chunk in request.stream():
        data += chunk
        if len(data) > limit:
            raise Refused(413, f"the request is over {limit} bytes")
    try:
        value = json.loads(data or b"{}")
    except (ValueError, UnicodeDecodeError, RecursionError):  # (nested past Python's depth)
        raise Refused(400, "the request is not JSON") from None
    if not isinstance(value, dict):
        raise Refused(400, "the request is not a JSON object")
    return value


def _field(body: dict[str, Any], name: str, kind: type, default: Any) -> Any:
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


def _replies(body: dict[str, Any]) -> list[str]:
    """Return the replies of a move (a list of strings, one per open board); Refused if not."""
    replies = body.get("replies")
    if not isinstance(replies, list) or not all(isinstance(r, str) for r in replies):
        raise Refused(400, "replies must be a list of replies, one per open board")
    if len(replies) > MAX_BOARDS or any(len(r) > TEXT_LIMIT for r in replies):
        raise Refused(400, f"at most {MAX_BOARDS} replies of {TEXT_LIMIT} characters")
    return replies


def new_game(body: dict[str, Any]) -> Game:
    """Return the game the request asks for (length, lang, hard, boards, variant); Refused if
    none."""
    length = _field(body, "length", int, 5)
    lang = _field(body, "lang", str, "en")
    hard = _field(body, "hard", bool, False)
    boards = _field(body, "boards", int, 1)
    variant = _field(body, "variant", str, "wordle")
    if not 1 <= boards <= MAX_BOARDS:
        raise Refused(400, f"the page plays 1 to {MAX_BOARDS} boards, not {boards}")
    try:
        return Game(length, lang, hard=hard, boards=boards, variant=variant)
    except (SetupError, ValueError) as error:
        raise Refused(400, str(error).splitlines()[0]) from None


def create_app(games: Games | None = None, body_limit: int = BODY_LIMIT) -> Starlette:
    """Return the app: the page, its files, and the JSON routes over `games`."""
    store = games if games is not None else Games()

    def known(request: Request) -> tuple[str | None, Play | None]:
        """Return the browser's id and game (None, None: it has none, or it was dropped)."""
        key = request.cookies.get(COOKIE)
        play = store.get(key)
        return (key, play) if play is not None else (None, None)

    async def fresh(request: Request) -> tuple[str, Game, dict[str, str]]:
        """Return a new default game kept for the browser, its id, and what to tell it: that
        its game was dropped, if it had one."""
        game = await run_in_threadpool(Game)
        key = store.add(Play(game))
        return key, game, {"notice": DROPPED} if COOKIE in request.cookies else {}

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers=HEADERS)

    async def languages(request: Request) -> Response:
        return _json(
            200,
            {"languages": languages_view(), "max_boards": MAX_BOARDS, "variants": variants_view()},
        )

    async def current(request: Request) -> Response:
        """The browser's game (a new one when it has none: with a notice if it was dropped)."""
        _, play = known(request)
        if play is not None:
            return await _in_game(play, lambda: {})
        key, game, notice = await fresh(request)
        return _json(200, {"game": game_view(game)} | notice, key)

    async def new(request: Request) -> Response:
        body = await _body(request, body_limit)
        game = await run_in_threadpool(new_game, body)
        key, _ = known(request)
        key = store.add(Play(game), key)
        return _json(200, {"game": game_view(game)}, key)

    Work = Callable[[Play, dict[str, Any]], dict[str, Any]]

    def move(work: Work) -> Callable[[Request], Awaitable[Response]]:
        """Return a route that does work on the browser's game (under its lock); a browser
        whose game was dropped gets a new one, the move not made."""

        async def route(request: Request) -> Response:
            body = await _body(request, body_limit)
            _, play = known(request)
            if play is None:
                key, game, notice = await fresh(request)
                message = notice.get("notice", "there was no game: a new game has started")
                return _json(410, {"error": message, "game": game_view(game)}, key)
            return await _in_game(play, lambda: work(play, body))

        return route

    def tell(play: Play, body: dict[str, Any]) -> dict[str, Any]:
        notes = play.tell(_replies(body), _field(body, "word", str, None))
        return {"game": game_view(play.game), "notes": notes}

    def preview(play: Play, body: dict[str, Any]) -> dict[str, Any]:
        return preview_view(play.game, _replies(body), _field(body, "word", str, None))

    def refuse(play: Play, body: dict[str, Any]) -> dict[str, Any]:
        notes = play.refuse()
        return {"game": game_view(play.game), "notes": notes}

    def undo(play: Play, body: dict[str, Any]) -> dict[str, Any]:
        notes = [play.undo()]
        return {"game": game_view(play.game), "notes": notes}

    def reviewed(play: Play, body: dict[str, Any]) -> dict[str, Any]:
        if not play.game.done:
            raise Refused(409, "the game is not over: it is reviewed at its end")
        return {"review": review_view(play.game, play.review())}

    async def review_route(request: Request) -> Response:
        _, play = known(request)
        if play is None:  # (a review starts no game: the page asks for one first)
            gone = COOKIE in request.cookies
            raise Refused(410 if gone else 404, DROPPED if gone else "there is no game to review")
        return await _in_game(play, lambda: reviewed(play, {}))

    routes = [
        Route("/", page),
        Route("/api/languages", languages),
        Route("/api/game", current),
        Route("/api/new", new, methods=["POST"]),
        Route("/api/preview", move(preview), methods=["POST"]),
        Route("/api/tell", move(tell), methods=["POST"]),
        Route("/api/refuse", move(refuse), methods=["POST"]),
        Route("/api/undo", move(undo), methods=["POST"]),
        Route("/api/review", review_route),
        Mount("/static", _Strict(StaticFiles(directory=STATIC)), name="static"),
    ]
    handlers: dict[Any, Any] = {
        Refused: _refused,
        HTTPException: _http_error,
        Exception: _internal_error,
    }
    return Starlette(routes=routes, exception_handlers=handlers)


async def _in_game(play: Play, work: Callable[[], dict[str, Any]]) -> Response:
    """Do work on a game in a worker thread, under the game's lock; a move that cannot be
    is a 422 with the game as it is."""

    def locked() -> tuple[int, dict[str, Any]]:
        with play.lock:
            try:
                return 200, work() or {"game": game_view(play.game)}
            except (MoveError, SetupError) as error:  # (SetupError: a game no review takes)
                return 422, {"error": str(error), "game": game_view(play.game)}
            except Refused as refused:
                return refused.status, {"error": refused.message}

    status, content = await run_in_threadpool(locked)
    return _json(status, content)


async def _refused(request: Request, error: Exception) -> Response:
    assert isinstance(error, Refused)
    return _json(error.status, {"error": error.message})


async def _http_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    return _json(error.status_code, {"error": str(error.detail).lower().rstrip(".")})


async def _internal_error(request: Request, error: Exception) -> Response:
    """A bug: one line, no traceback (the server's log has it)."""
    message = f"internal error ({type(error).__name__}); please report it"
    return _json(500, {"error": message})
