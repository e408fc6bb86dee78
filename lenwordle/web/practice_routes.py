"""The page's Practice routes: lenwordle keeps the secret, the browser guesses. Each browser's
practice game is kept beside the game it solves (games.Games, by the same cookie), made (and
each hint given) in the heavy jobs' turn (making.py); a game
is recorded in the statistics (an SQLite file in data_dir) when it ends, under the browser's
player id: a second cookie, long-lived, set by the move that records its first game. A guess
the game does not take is its ordinary answer (200: `refused`, its kind and its one line, and
the game as it was), not an error. A GET makes, keeps and sets nothing."""

from __future__ import annotations

import logging
import re
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from lenwordle.api import MoveError, SetupError
from lenwordle.api.challenge import make_challenge, page_path
from lenwordle.api.practice import Refused as NotTaken
from lenwordle.api.practice import StatsError, statistics
from lenwordle.api.practice_stats import (
    FILE_LIMIT,
    StatsFileError,
    daily_days,
    import_statistics,
    statistics_file,
)
from lenwordle.web.answers import COOKIE, PLAYER_COOKIE, json_answer
from lenwordle.web.games import IDLE_SECONDS, Games, Practicing
from lenwordle.web.making import OneAtATime, told_if_stopping
from lenwordle.web.practice_views import (
    day_view,
    hint_view,
    practice_review_view,
    practice_view,
    row_view,
    standing_view,
    store_said,
)
from lenwordle.web.reading import (
    BODY_LIMIT,
    Refused,
    body_of,
    challenge_said,
    days_asked,
    field,
    game_asked,
    new_practice,
    practice_asked,
    raw_body,
)

PRACTICE_DROPPED = (
    f"your practice game was no longer kept (idle over {IDLE_SECONDS // 3600} hours, too "
    "many games at once, or the server restarted): start a new one"
)
NO_PRACTICE = "there is no practice game: start one"
LOG = logging.getLogger("lenwordle.web")
EXPORT_NAME = "lenwordle-statistics.json"  # the name a browser saves the statistics under
PLAYER_ID = re.compile(r"[A-Za-z0-9_-]{24}")  # secrets.token_urlsafe(18): a player id made here


def player_of(request: Request) -> str | None:
    """Return the browser's player id (None: none, or not one this server makes: a forged
    '' would be the terminal's statistics)."""
    player = request.cookies.get(PLAYER_COOKIE, "")
    return player if PLAYER_ID.fullmatch(player) else None


def practice_routes(
    store: Games, maker: OneAtATime, data_dir: Path | None, body_limit: int = BODY_LIMIT
) -> list[Route]:
    """Return the Practice routes over store, new games made by maker, the statistics in
    data_dir (None: the player's data directory)."""

    def known(request: Request) -> Practicing:
        """Return the browser's practice game; Refused: it has none (404), or it was
        dropped (410)."""
        key = request.cookies.get(COOKIE)
        practicing = store.practicing(key)
        if practicing is not None:
            return practicing
        if key is not None and not store.knows(key):
            raise Refused(410, PRACTICE_DROPPED)
        raise Refused(404, NO_PRACTICE)

    async def current(request: Request) -> Response:
        """The browser's practice game (null: none; the page then offers one)."""
        try:
            practicing = known(request)
        except Refused:
            return json_answer(200, {"practice": None})
        return await _in_practice(practicing, lambda: {})

    async def new(request: Request) -> Response:
        asked = practice_asked(await body_of(request, body_limit))
        player = player_of(request)

        def build() -> tuple[Practicing, dict[str, Any]]:
            made = Practicing(new_practice(asked))
            try:  # (how the game will count: a daily puzzle played before is practice)
                made.practice.kept_as(data_dir, player)
            except StatsError as error:
                LOG.warning("the statistics were not read: %s", error)
            return made, practice_view(made.practice)

        with told_if_stopping():
            practicing, view = await maker.make(build)
        key = request.cookies.get(COOKIE)
        kept = store.add_practice(practicing, key if store.knows(key) else None)
        return json_answer(200, {"practice": view}, kept)

    async def guess(request: Request) -> Response:
        body = await body_of(request, body_limit)
        word = field(body, "word", str, "")
        practicing = known(request)
        player = player_of(request)
        recorder = player or secrets.token_urlsafe(18)
        recorded: list[bool] = []

        def work() -> dict[str, Any]:
            try:
                row = practicing.guess(word)
            except NotTaken as refused:  # (the game's ordinary reply: not counted, said)
                return {"refused": {"kind": refused.kind, "message": str(refused)}}
            answer: dict[str, Any] = {"row": row_view(row, practicing.practice.settings.k)}
            game = practicing.practice
            if game.done and not game.recorded:
                try:
                    game.record(data_dir, player=recorder)
                    recorded.append(True)
                except StatsError as error:  # (the server's log names the file)
                    LOG.warning("a practice game was not recorded: %s", error)
                    answer["notice"] = f"the game was not recorded: {store_said(error)}"
            return answer

        status, content = await _locked(practicing, work)
        return json_answer(status, content, player=None if player or not recorded else recorder)

    async def hint(request: Request) -> Response:
        """A coach's hint: heavy work (a solver's search), done in the maker's turn, so that
        many at once starve no player's moves."""
        await body_of(request, body_limit)
        practicing = known(request)
        game = practicing.practice
        work = _locked_work(practicing, lambda: {"hint": hint_view(game.hint(), game)})
        with told_if_stopping():
            status, content = await maker.make(work)
        return json_answer(status, content)

    async def challenge(request: Request) -> Response:
        """A challenge for a friend: the code of the game the body asks for (game_asked's
        options) hiding its word (one a board, apart by commas), and the page's path that
        opens it. Made in the maker's turn: it opens the game's word lists."""
        body = await body_of(request, body_limit)
        word = field(body, "word", str, "")
        asked = game_asked({name: v for name, v in body.items() if name != "word"}, True)
        length, lang = asked.pop("length"), asked.pop("lang")

        def build() -> dict[str, Any]:
            try:
                made = make_challenge(word, length, lang, **asked)
            except (SetupError, ValueError) as error:
                raise Refused(400, challenge_said(error)) from None
            return {"code": made.code, "path": page_path(made.code)}

        with told_if_stopping():
            return json_answer(200, await maker.make(build))

    async def review(request: Request) -> Response:
        practicing = known(request)

        def reviewed() -> dict[str, Any]:
            game = practicing.practice
            if not game.done:
                raise Refused(409, "the game is not over: it is reviewed at its end")
            return {"review": practice_review_view(game, practicing.review())}

        return await _in_practice(practicing, reviewed)

    async def stats(request: Request) -> Response:
        """The browser's statistics, one a game, language and length (none without a
        player id)."""
        player = player_of(request)
        if player is None:
            return json_answer(200, {"stats": []})
        try:
            standings = await run_in_threadpool(statistics, data_dir, player)
        except StatsError as error:
            LOG.warning("the statistics were not read: %s", error)
            raise Refused(503, f"the statistics cannot be read: {store_said(error)}") from None
        return json_answer(200, {"stats": [standing_view(s) for s in standings]})

    async def days(request: Request) -> Response:
        """The daily puzzles of the game asked on the recent days, as the browser stands
        with each (played, won, on its day)."""
        asked = days_asked(await body_of(request, body_limit))
        options = dict(asked)
        length, lang = options.pop("length"), options.pop("lang")
        try:
            listed = await run_in_threadpool(
                lambda: daily_days(
                    length, lang, data_dir=data_dir, player=player_of(request), **options
                )
            )
        except SetupError as error:
            raise Refused(400, str(error).splitlines()[0]) from None
        except StatsError as error:
            LOG.warning("the statistics were not read: %s", error)
            raise Refused(503, f"the statistics cannot be read: {store_said(error)}") from None
        return json_answer(200, {"days": [day_view(day) for day in listed]})

    async def export(request: Request) -> Response:
        """The browser's statistics whole, as a file to download (a statistics file, as
        practice --export-stats writes it)."""
        player = player_of(request)
        try:
            content = await run_in_threadpool(statistics_file, data_dir, player)
        except StatsError as error:
            LOG.warning("the statistics were not read: %s", error)
            raise Refused(503, f"the statistics cannot be read: {store_said(error)}") from None
        answer = json_answer(200, content)
        answer.headers["Content-Disposition"] = f'attachment; filename="{EXPORT_NAME}"'
        return answer

    async def merge(request: Request) -> Response:
        """Merge a statistics file sent (its JSON, as it is) into the browser's: a game
        imported before is not counted again; a bad file changes nothing."""
        data = await raw_body(request, FILE_LIMIT)
        player = player_of(request)
        recorder = player or secrets.token_urlsafe(18)
        try:
            merged = await run_in_threadpool(import_statistics, data, data_dir, recorder)
        except StatsFileError as error:
            raise Refused(400, str(error)) from None
        except StatsError as error:
            LOG.warning("the statistics were not imported: %s", error)
            raise Refused(503, f"the statistics cannot be kept: {store_said(error)}") from None
        content = {"added": merged.added, "known": merged.known, "uncounted": merged.uncounted}
        made = None if player or not merged.added else recorder
        return json_answer(200, {"imported": content}, player=made)

    return [
        Route("/api/practice", current),
        Route("/api/practice/days", days, methods=["POST"]),
        Route("/api/stats/export", export),
        Route("/api/stats/import", merge, methods=["POST"]),
        Route("/api/practice/new", new, methods=["POST"]),
        Route("/api/practice/guess", guess, methods=["POST"]),
        Route("/api/practice/hint", hint, methods=["POST"]),
        Route("/api/practice/review", review),
        Route("/api/practice/challenge", challenge, methods=["POST"]),
        Route("/api/stats", stats),
    ]


def _locked_work(
    practicing: Practicing, work: Callable[[], dict[str, Any]]
) -> Callable[[], tuple[int, dict[str, Any]]]:
    """Return work to do on a practice game under its lock, giving its status and content,
    the game as it is then beside: a move the game does not take is a 422 (the game as it
    was)."""

    def locked() -> tuple[int, dict[str, Any]]:
        with practicing.lock:
            try:
                done = work()
            except (MoveError, SetupError) as error:  # (SetupError: a game no review takes)
                return 422, {"error": str(error), "practice": practice_view(practicing.practice)}
            except Refused as refused:
                return refused.status, {"error": refused.message}
            return 200, done | {"practice": practice_view(practicing.practice)}

    return locked


async def _locked(
    practicing: Practicing, work: Callable[[], dict[str, Any]]
) -> tuple[int, dict[str, Any]]:
    """Return the status and content of work done on a practice game in a worker thread of
    the server's pool, under its lock (_locked_work)."""
    return await run_in_threadpool(_locked_work(practicing, work))


async def _in_practice(practicing: Practicing, work: Callable[[], dict[str, Any]]) -> Response:
    status, content = await _locked(practicing, work)
    return json_answer(status, content)
