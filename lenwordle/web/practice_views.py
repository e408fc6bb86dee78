"""What the page is sent of a practice game (lenwordle keeps the secret, the player guesses),
as plain JSON values: the game as the player sees it (never its secrets before its end), a
hint, the review with the turns after a hint marked, and the player's statistics."""

from __future__ import annotations

from typing import Any

from lenwordle.api.catalog import kind_of, stats_label
from lenwordle.api.practice import Hint, Practice, Problem, Row, Standing, StatsError
from lenwordle.api.practice_stats import PuzzleDay
from lenwordle.web.views import coloured_keys, first_letter, keys_of, letters, reviewed_view


def practice_view(game: Practice) -> dict[str, Any]:
    """Return a practice game as the page shows it: its settings, its rows as the game
    showed them, the turns a hint was taken at, its keyboard; at its end its outcome, its
    secrets and its share grid, and the statistics it is counted in."""
    settings, done = game.settings, game.done
    finished = game.finished() if done else None
    return {
        "game": kind_of(settings).name,
        "first_letter": first_letter(settings),
        "variant": settings.variant,
        "noun": settings.variant_rules.noun,
        "length": settings.k,
        "lang": settings.lang,
        "hard": settings.hard,
        "ultra_hard": settings.ultra_hard,
        "boards": settings.boards,
        "limit": game.limit,
        "puzzle": game.when,
        "seed": game.seed,
        "challenge": game.challenge.code if game.challenge else None,
        "turns": [row_view(row, settings.k) for row in game.rows],
        # (the boards not solved; not how many words each has left: that is a hint's)
        "open": [b for b, n in enumerate(game.position.counts()) if n is not None],
        "hinted": list(game.hinted),
        "done": done,
        "won": game.won,
        "outcome": game.outcome.ending,
        "secrets": game.secrets() if done else None,
        "share": game.share() if done else None,
        "standing": (
            {
                "game": finished.game,
                "lang": finished.lang,
                "length": finished.length,
                "daily": game.seed is None,
            }
            if finished
            else None
        ),
        # how it counts: random, daily, other day (not in the daily streak), replay (nowhere)
        "kept": game.kept.value if game.kept else None,
        "keyboard": keys_of(settings),
        "keys": coloured_keys(
            settings, settings.boards, [(row.guess, row.replies) for row in game.rows]
        ),
    }


def row_view(row: Row, k: int) -> dict[str, Any]:
    """Return a row played: the guess, its letters, each board's reply (None: solved before)
    in the game's marks, and the row as the game shows it."""
    return {
        "guess": row.guess,
        "letters": letters(row.guess, k),
        "replies": list(row.replies),
        "tiles": row.tiles,
    }


def hint_view(hint: Hint, game: Practice) -> dict[str, Any]:
    """Return a hint: the words still possible of those the host picks from (host_words), on
    the open boards (boards), the likeliest with their chances, the solver's suggestion, and
    what the last guess was worth (None before the first, or where the game is not reviewed)."""
    last = hint.last
    shown = game.position.display
    return {
        "count": hint.count,
        "host_words": hint.host_words,
        "boards": hint.boards,
        "likeliest": [{"word": c.word, "chance": c.chance} for c in hint.likeliest],
        "suggestion": hint.suggestion,
        "last": last
        and {
            "guess": shown(last.guess),
            "possible_before": last.possible_before,
            "possible_after": last.possible_after,
            "skill": last.skill,
            "luck": last.luck,
            "best_guess": last.best_guess and shown(last.best_guess),
            "expected_guesses": last.expected_guesses,
            "best_expected_guesses": last.best_expected_guesses,
        },
    }


def practice_review_view(game: Practice, reviewed: list[Any]) -> dict[str, Any]:
    """Return the review of a practice game, a board each, the turns after a hint marked."""
    return reviewed_view(reviewed, game.settings.k, game.position.display, game.hinted)


def standing_view(standing: Standing) -> dict[str, Any]:
    """Return a player's figures in one game, language and length, its random games' or its
    daily puzzles' (the game as the statistics name it, and its label: 'Wordle daily')."""
    return {
        "game": standing.game,
        "label": stats_label(standing.game) + (" daily" if standing.daily else ""),
        "daily": standing.daily,
        "lang": standing.lang,
        "length": standing.length,
        "played": standing.played,
        "won": standing.won,
        "win_percent": standing.win_percent,
        "streak": standing.streak,
        "best_streak": standing.best_streak,
        "distribution": list(standing.distribution),
        "hints": standing.hints,
    }


# a statistics problem as a browser is told it: what happened, never the server's path
STORE_SAID = {
    Problem.FULL: "the server's disk is full",
    Problem.READ_ONLY: "the server's statistics file is read-only",
    Problem.NO_PERMISSION: "the server may not write its statistics",
    Problem.LOCKED: "another program holds the server's statistics",
    Problem.NOT_OURS: "the server's statistics file is not one of lenwordle's",
    Problem.DAMAGED: "the server's statistics file is damaged",
    Problem.NEWER: "the server's statistics file is of a newer lenwordle",
}


def store_said(error: StatsError) -> str:
    """Return what a browser is told of a statistics error (its server's log has the file)."""
    return STORE_SAID.get(error.problem, "the server's statistics cannot be used")


def day_view(day: PuzzleDay) -> dict[str, Any]:
    """Return a day's daily puzzle as a player stands with it."""
    return {"day": day.day.isoformat(), "played": day.played, "won": day.won, "on_day": day.on_day}
