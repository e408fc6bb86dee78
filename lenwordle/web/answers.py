"""The server's JSON answers: the headers every answer carries and the browser's cookies (its
games' id, and its player id for the statistics), HttpOnly and SameSite=Strict."""

from __future__ import annotations

from typing import Any

from starlette.responses import JSONResponse

COOKIE = "lenwordle"  # the browser's games (games.Games)
PLAYER_COOKIE = "lenwordle-player"  # the browser's statistics, set when a game is recorded
PLAYER_SECONDS = 400 * 24 * 60 * 60  # the longest a browser keeps a cookie (Chromium's cap)
HEADERS = {  # the page's own files only: no script but its own, nothing from elsewhere
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
    "frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


def json_answer(
    status: int, content: dict[str, Any], cookie: str | None = None, player: str | None = None
) -> JSONResponse:
    """Return a JSON answer with HEADERS, setting the games' cookie and the player's when
    given (the player's lasts PLAYER_SECONDS; the games' the browser's session)."""
    response = JSONResponse(content, status_code=status, headers=HEADERS)
    if cookie:
        response.set_cookie(COOKIE, cookie, httponly=True, samesite="strict")
    if player:
        response.set_cookie(
            PLAYER_COOKIE, player, max_age=PLAYER_SECONDS, httponly=True, samesite="strict"
        )
    return response
