"""The web page's server: a Starlette app serving the page (static/) and its JSON routes,
each browser's game kept by a cookie (games.py).

Every route answers JSON: the game as the page shows it, or {"error": one line} with a 4xx
status for a request that cannot be (bad JSON, an unknown language, a reply no word gives);
a move that cannot be leaves the game as it was. The game's work runs in a worker thread,
under the game's lock.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from lenwordle.api import Game, MoveError, SetupError
from lenwordle.web.answers import COOKIE, HEADERS, json_answer
from lenwordle.web.games import IDLE_SECONDS, Games, Play
from lenwordle.web.guard import LOCAL_NAMES, WILDCARDS, Guard, served_names
from lenwordle.web.making import OneAtATime, told_if_stopping
from lenwordle.web.picture_routes import picture_routes
from lenwordle.web.practice_routes import practice_routes
from lenwordle.web.reading import (
    BODY_LIMIT,
    Refused,
    body_of,
    field,
    game_asked,
    new_game,
    replies_of,
)
from lenwordle.web.views import (
    MAX_BOARDS,
    game_view,
    games_view,
    languages_view,
    preview_view,
    review_view,
    variants_view,
)

STATIC = Path(__file__).parent / "static"
DROPPED = (
    f"your game was no longer kept (idle over {IDLE_SECONDS // 3600} hours, too many games "
    "at once, or the server restarted): a new game has started"
)


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
    return json_answer(status, content, cookie)


def create_app(
    games: Games | None = None,
    body_limit: int = BODY_LIMIT,
    host: str = LOCAL_NAMES[0],
    warm: bool = False,
    data_dir: Path | None = None,
) -> Starlette:
    """Return the app: the page, its files, and the JSON routes over `games` (the Practice
    ones too: practice_routes.py, its statistics in data_dir, None: the player's data
    directory), answering to the names a server listening on `host` serves (guard.py);
    warm: with the view of a new default game made now (its word lists read), not at the
    first browser's asking."""
    store = games if games is not None else Games()
    maker = OneAtATime()
    opening: dict[str, Any] = {"game": game_view(Game())} if warm else {}  # made once

    def known(request: Request) -> tuple[str | None, Play | None]:
        """Return the browser's id (None: none kept, or its games were dropped) and the game
        it solves (None: none yet, a browser that only practised, or dropped)."""
        key = request.cookies.get(COOKIE)
        play = store.get(key)
        return (key if play is not None or store.knows(key) else None), play

    async def made(asked: dict[str, Any] | None = None) -> tuple[Play, dict[str, Any]]:
        """Return a new game (of game_asked's options; default: Wordle's, 5 letters) and its
        view, made by the maker (not yet kept)."""

        def build() -> tuple[Play, dict[str, Any]]:
            game = new_game(asked) if asked is not None else Game()
            return Play(game), game_view(game)

        with told_if_stopping():
            return await maker.make(build)

    async def default_view() -> dict[str, Any]:
        """Return the view of a new default game (what a browser without one is shown)."""
        if not opening:

            def build() -> dict[str, Any]:
                return opening or opening.setdefault("game", game_view(Game()))

            with told_if_stopping():
                await maker.once(build)
        return dict(opening["game"])

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers=HEADERS)

    async def languages(request: Request) -> Response:
        return _json(
            200,
            {
                "languages": languages_view(),
                "max_boards": MAX_BOARDS,
                "variants": variants_view(),
                "games": games_view(),
            },
        )

    async def current(request: Request) -> Response:
        """The browser's game; a browser without one is shown a new game, kept only when it
        makes its first move (a GET keeps nothing), and told once if its game was dropped."""
        key, play = known(request)
        if play is not None:
            return await _in_game(play, lambda: {})
        if key is not None or COOKIE not in request.cookies:  # (a browser that practised)
            return _json(200, {"game": await default_view()})
        response = _json(200, {"game": await default_view(), "notice": DROPPED})
        response.delete_cookie(COOKIE, httponly=True, samesite="strict")
        return response

    async def new(request: Request) -> Response:
        asked = game_asked(await body_of(request, body_limit))
        play, view = await made(asked)
        key, _ = known(request)
        return _json(200, {"game": view}, store.add(play, key))

    Work = Callable[[Play, dict[str, Any]], dict[str, Any]]

    def move(work: Work) -> Callable[[Request], Awaitable[Response]]:
        """Return a route that does work on the browser's game (under its lock). A browser
        without a game plays its move on a new one (the game it was shown); one whose game
        was dropped gets a new one, the move not made (410)."""

        async def route(request: Request) -> Response:
            body = await body_of(request, body_limit)
            key, play = known(request)
            if play is not None:
                return await _in_game(play, lambda: work(play, body))
            new_play, view = await made()
            gone = key is None and COOKIE in request.cookies
            key = store.add(new_play, key)
            if gone:
                return _json(410, {"error": DROPPED, "game": view}, key)
            return await _in_game(new_play, lambda: work(new_play, body), key)

        return route

    def tell(play: Play, body: dict[str, Any]) -> dict[str, Any]:
        notes = play.tell(replies_of(body), field(body, "word", str, None))
        return {"game": game_view(play.game), "notes": notes}

    def preview(play: Play, body: dict[str, Any]) -> dict[str, Any]:
        return preview_view(play.game, replies_of(body), field(body, "word", str, None))

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
        key, play = known(request)
        if play is None:  # (a review starts no game: the page asks for one first)
            gone = key is None and COOKIE in request.cookies
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
        *practice_routes(store, maker, data_dir, body_limit),
        *picture_routes(maker, body_limit),
        Mount("/static", _Strict(StaticFiles(directory=STATIC)), name="static"),
    ]
    handlers: dict[Any, Any] = {
        Refused: _refused,
        HTTPException: _http_error,
        Exception: _internal_error,
    }
    guard = Middleware(
        Guard, served=served_names(host), any_address=host in WILDCARDS, headers=HEADERS
    )
    app = Starlette(routes=routes, middleware=[guard], exception_handlers=handlers)
    app.router.redirect_slashes = False  # (a redirect would name the Host it was sent)
    return app


async def _in_game(
    play: Play, work: Callable[[], dict[str, Any]], cookie: str | None = None
) -> Response:
    """Do work on a game in a worker thread, under the game's lock; a move that cannot be
    is a 422 with the game as it is. The answer sets the cookie when given."""

    def locked() -> tuple[int, dict[str, Any]]:
        with play.lock:
            try:
                return 200, work() or {"game": game_view(play.game)}
            except (MoveError, SetupError) as error:  # (SetupError: a game no review takes)
                return 422, {"error": str(error), "game": game_view(play.game)}
            except Refused as refused:
                return refused.status, {"error": refused.message}

    status, content = await run_in_threadpool(locked)
    return _json(status, content, cookie)


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
