"""What the page is sent, as plain JSON values: a game as the player sees it (with its
keyboard), a reply's preview, the notes of a move in the page's words, its review, and the
languages with their lengths."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any

from lenwordle.api import (
    Event,
    Fit,
    Game,
    MoveError,
    Note,
    Refusal,
    Reviewed,
    SetupError,
    Undone,
    readable_variant,
)
from lenwordle.api.catalog import games, kind_of, variants
from lenwordle.api.setup import Settings
from lenwordle.api.starters import lengths_offered

LISTED = 10  # the likeliest possible answers shown for each open board
ALTERNATIVES = 4  # the suggestion and the next best guesses shown under it
# games whose opening alone is past what the server holds for every browser's games (its
# memory budget, games.MEMORY_BUDGET): not offered, and refused before any work (reading.py),
# by (variant, length)
TOO_HEAVY = {
    (rules.name, heavy.length): f"{heavy.title} is not played here: {heavy.cost}; "
    f"`lenwordle play --variant {rules.name} -k {heavy.length}` plays it"
    for rules in variants()
    for heavy in rules.heavy
}
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
    rules = game.settings.variant_rules
    return {
        "game": kind_of(game.settings).name,
        "first_letter": first_letter(game.settings),
        "variant": rules.name,
        "noun": rules.noun,
        "length": k,
        "lang": game.settings.lang,
        "hard": game.settings.hard,
        "ultra_hard": game.settings.ultra_hard,
        "boards": game.boards,
        "limit": game.limit,
        "suggestion": suggestion,
        "letters": letters(suggestion, k) if suggestion else None,
        "count": game.count,
        "counts": counts,
        "open": open_boards,
        "probing": game.probing,
        "alternatives": [
            {"word": a.word, "left": a.expected_left, "could_win": a.could_be_answer}
            for a in game.alternatives(ALTERNATIVES)
        ],
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
        "strict": game.ends_at_limit,
        "keyboard": keyboard(game),
        "keys": key_states(game),
    }


def first_letter(settings: Settings) -> str | None:
    """Return SUTOM's first letter as the game shows it, a capital (Turkish i is İ, ı is I);
    None in another game."""
    return settings.alphabet().upper(settings.letter) if settings.letter else None


def keyboard(game: Game) -> list[str]:
    """Return the keys of the game's keyboard (keys_of)."""
    return keys_of(game.settings)


def keys_of(settings: Settings) -> list[str]:
    """Return the keys of a game's keyboard: its tiles' letters in capitals (Nerdle: its
    digits and signs)."""
    alphabet = settings.game_alphabet()
    return [alphabet.upper(letter) for letter in alphabet.letters]


def key_states(game: Game) -> list[dict[str, int]] | None:
    """Return each board's keyboard as the game colours it (coloured_keys)."""
    turns = [(turn.guess, turn.replies) for turn in game.turns]
    return coloured_keys(game.settings, game.boards, turns)


def coloured_keys(
    settings: Settings, boards: int, turns: Sequence[tuple[str, Sequence[str | None]]]
) -> list[dict[str, int]] | None:
    """Return each board's keyboard as the game colours it after these turns (a guess and
    its replies): each letter played, its best reply on that board (2 green beats 1 yellow
    beats 0 grey); None in a variant, whose rows do not tell a letter's place (lies, arrows,
    counts)."""
    if not settings.variant_rules.plain:
        return None
    alphabet, k = settings.alphabet(), settings.k
    states: list[dict[str, int]] = [{} for _ in range(boards)]
    for guess, replies in turns:
        keys = alphabet.upper(alphabet.fold(guess))
        if len(keys) != k:  # (never seen: a guess that folds to another length)
            continue
        for board, reply in zip(states, replies):
            for key, mark in zip(keys, reply or ""):
                board[key] = max(board.get(key, 0), ".yg".index(mark))
    return states


def preview_view(game: Game, replies: list[str], word: str | None) -> dict[str, Any]:
    """Return what these replies to word (default: the suggestion) would do, the game
    unchanged: the answers each open board would have left, whether the move solves each
    board and ends the game; a reply that cannot be is said as `problem`, not an error (the
    page asks as each tile changes, and a row on its way to the game's is often no reply)."""
    shown = game.shown(word) if word else game.suggestion or ""
    said: dict[str, Any] = {"word": shown, "letters": letters(shown, game.length)}
    try:
        after = game.preview(*replies, word=word)
    except MoveError as error:
        return said | {"left": None, "solves": None, "ends": False, "problem": str(error)}
    return said | {
        "left": list(after.left),
        "solves": list(after.solves),
        "ends": after.outcome.over,
        "problem": None,
    }


# the notes, as the page says them: it has no prompt to type at (no WORD FEEDBACK, no list,
# no found), and says the outcome in its own status line
PAGE_NOTES = {
    "outside": "No word lenwordle knows fits: the answer is outside its dictionary. "
    "Type each word you play (all green ends the game), or undo a typo.",
    "widened": "No word of the answer list fits: lenwordle suggests from every word it knows.",
    "all_refused": "Every word that fits has been refused by the game: type the word you play, "
    "or undo.",
}


def page_notes(game: Game, events: list[Event]) -> list[str]:
    """Return a move's events in the page's words: none that names a command it has not, nor
    the outcome its status line says."""
    said = []
    for event in events:
        if isinstance(event, Refusal):
            said.append(f"{event.word}: refused by the game.")
        if not isinstance(event, Note):
            continue
        if event.kind in PAGE_NOTES:
            text = PAGE_NOTES[event.kind]
        elif event.kind == "past_dictionary" and event.fit is not None:
            text = fitting(event.fit)
        else:  # (list's hint, and found: the page has neither)
            continue
        board = event.board if game.boards > 1 else None
        said.append(text if board is None else f"Board {board + 1}: {text}")
    return said


def fitting(fit: Fit) -> str:
    """Return how many strings of the game's letters fit a board past the dictionary, and
    those strings when few enough to list."""
    if fit.count is None:
        return "Past the dictionary: too many strings of letters fit to count."
    count = f"{fit.count:,}".replace(",", " ")
    fits = "string of letters fits" if fit.count == 1 else "strings of letters fit"
    strings = ": " + " ".join(fit.strings) if fit.strings else ""
    return f"Past the dictionary: {count} {fits} every reply{strings}."


def undone_note(undone: Undone) -> str:
    """Return what undo took back, in the page's words."""
    what = "the refusal of" if undone.refusal else "the reply to"
    return f"Took back {what} {undone.word}."


def review_view(game: Game, reviewed: list[Reviewed]) -> dict[str, Any]:
    """Return the review of a finished game (reviewed_view), its words as the game shows them."""
    return reviewed_view(reviewed, game.length, game.shown)


def reviewed_view(
    reviewed: list[Reviewed],
    k: int,
    shown: Callable[[str], str],
    hinted: Collection[int] = (),
) -> dict[str, Any]:
    """Return the review of a game, a board each: each turn's guess (as shown(word) shows it),
    reply, words before and after, skill and luck, whether a hint was taken before it (its
    index in hinted); the game's figures and verdict."""
    return {
        "boards": [
            {
                "turns": [
                    turn.as_dict()
                    | {
                        "guess": shown(turn.guess),
                        "letters": letters(shown(turn.guess), k),
                        "best_guess": turn.best_guess and shown(turn.best_guess),
                        "refused": [shown(w) for w in turn.refused],
                        "hinted": index in hinted,
                    }
                    for index, turn in enumerate(board.turns)
                ],
                "figures": board.figures,
            }
            for board in reviewed
        ]
    }


def picture_read(variant: str) -> bool:
    """Return whether a screenshot of the variant's game is read (readable_variant)."""
    try:
        readable_variant(variant)
    except SetupError:
        return False
    return True


def languages_view() -> list[dict[str, Any]]:
    """Return each language: its code, name, the lengths the page offers and its accent
    rules (its game's first)."""
    return [
        {"code": lang.code, "name": lang.name, "lengths": lengths, "accents": list(lang.rules())}
        for lang, lengths in lengths_offered()
    ]


def variants_view() -> list[dict[str, Any]]:
    """Return the rules of the rows each game the page plays is drawn by (Wordle's first,
    then every variant's): its name, one line about it, its marks (a mark per tile value
    and each value's name, or counts), the keys that set a tile, its lengths when fixed,
    whether it has words of its own; whether its rows are Wordle's own (its squares and
    digits typed, the keyboard coloured by them), whether it ends when the answer is hit
    (Antiwordle), what a tile holds, and its keyboard's rows when its tiles are its own."""
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
            # (a length too heavy for the page, Nerdle maxi, is not offered: it is refused)
            "lengths": [k for k in rules.lengths if (rules.name, k) not in TOO_HEAVY] or None,
            "own_words": rules.lists is not None,
            "plain": rules.plain,
            "avoid": rules.avoid,
            "tile": rules.tile,
            "layout": list(rules.layout) or None,
            "picture": picture_read(rules.name),
        }
        for rules in variants()
    ]


def games_view() -> list[dict[str, Any]]:
    """Return each game the page's Game select offers (the library's games: Wordle,
    Absurdle, SUTOM, then each variant): its name, label, the variant its rows are drawn by,
    one line about it, its lengths when fixed (None: the language's), the most boards,
    whether hard mode may be asked, whether it plays words of its own, and whether the
    player gives the first letter his game shows (SUTOM's, in Solve)."""
    return [
        {
            "variant": kind.rules.name,
            "lengths": [k for k in kind.lengths if (kind.rules.name, k) not in TOO_HEAVY]
            if kind.lengths
            else None,
            "boards": MAX_BOARDS if kind.several_boards else 1,
            "hard": kind.hard,
            "own_words": kind.own_words,
            "letter": kind.first_letter,
            "name": kind.name,
            "label": kind.label,
            "about": kind.about,
        }
        for kind in games()
    ]
