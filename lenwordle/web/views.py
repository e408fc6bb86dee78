"""What the page is sent, as plain JSON values: a game as the player sees it, its review,
and the languages with their lengths."""

from __future__ import annotations

from typing import Any

from lenwordle.api import Game, Reviewed
from lenwordle.engine.variants import VARIANTS, variant
from lenwordle.words.langlists import MAX_GAME_LENGTH, MIN_GAME_LENGTH
from lenwordle.words.languages import LANGUAGES
from lenwordle.words.wordlist import bundled_lengths

LISTED = 10  # the likeliest possible answers shown for each open board
MAX_BOARDS = 8  # the page plays 1 to 8 boards (Octordle): each has its row and its review


def letters(word: str, k: int) -> list[str]:
    """Return a word as the player reads it, a string a tile (its k letters)."""
    if len(word) == k:
        return list(word)
    return [word]  # (never seen: a spelling of another length is shown as the word it folds to)


def game_view(game: Game) -> dict[str, Any]:
    """Return the game as the page shows it: the suggestion and its letters, the words still
    possible (counts, the likeliest with their chances), the turns, and at the end the share
    grid."""
    k, counts = game.length, game.counts
    suggestion = game.suggestion
    open_boards = [i for i, count in enumerate(counts) if count is not None]
    rules = variant(game.variant)
    return {
        "variant": rules.name,
        "noun": rules.noun,
        "length": k,
        "lang": game.settings.lang,
        "hard": game.settings.hard,
        "boards": game.boards,
        "limit": game.limit,
        "suggestion": suggestion,
        "letters": letters(suggestion, k) if suggestion else None,
        "count": game.count,
        "counts": counts,
        "open": open_boards,
        "probing": game.probing,
        "possible": [
            {
                "board": i,
                "count": counts[i],
                "words": [{"word": c.word, "chance": c.chance} for c in game.possible(i, LISTED)],
            }
            for i in open_boards
        ],
        "turns": [
            {"guess": t.guess, "letters": letters(t.guess, k), "replies": list(t.replies)}
            for t in game.turns
        ],
        "refused": game.refused,
        "done": game.done,
        "won": game.won,
        "share": game.share() if game.done else None,
    }


def review_view(game: Game, reviewed: list[Reviewed]) -> dict[str, Any]:
    """Return the review of a finished game, a board each: each turn's guess (as the player
    reads it), reply, words before and after, skill and luck; the game's figures and verdict."""
    k = game.length
    return {
        "boards": [
            {
                "turns": [
                    turn.as_dict()
                    | {
                        "guess": game.shown(turn.guess),
                        "letters": letters(game.shown(turn.guess), k),
                        "best_guess": turn.best_guess and game.shown(turn.best_guess),
                        "refused": [game.shown(w) for w in turn.refused],
                    }
                    for turn in board.turns
                ],
                "figures": board.figures,
            }
            for board in reviewed
        ]
    }


def languages_view() -> list[dict[str, Any]]:
    """Return each language: its code, name and the lengths the page offers."""
    theirs = list(range(MIN_GAME_LENGTH, MAX_GAME_LENGTH + 1))
    return [
        {
            "code": lang.code,
            "name": lang.name,
            "lengths": bundled_lengths() if lang.graded else theirs,
        }
        for lang in LANGUAGES.values()
    ]


def variants_view() -> list[dict[str, Any]]:
    """Return each game the page plays (Wordle first, then every variant): its name, one
    line about it, its marks (a mark per tile value and each value's name, or counts), the
    keys that set a tile, its lengths when fixed, and whether it has words of its own."""
    return [
        {
            "name": rules.name,
            "about": rules.about,
            "limit": rules.limit,
            "noun": rules.noun,
            "marks": list(rules.marks.tiles),
            "names": list(rules.marks.names),
            "counts": rules.marks.counts,
            "keys": {mark: value for value, mark in enumerate(rules.marks.tiles)}
            | rules.marks.typed,
            "lengths": list(rules.lengths) or None,
            "own_words": rules.lists is not None,
        }
        for rules in VARIANTS.values()
    ]
