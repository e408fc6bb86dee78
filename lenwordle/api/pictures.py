"""A finished game read from a screenshot, then reviewed: read_image (the words and replies
the board shows) and review_image (them, and the review that review() gives of them). The
picture is read by games/picture.py (the board) and games/glyphs.py (the letters); the
[image] extra brings what they need."""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from pathlib import Path
from typing import Unpack

from lenwordle.api.checks import SetupError, Told, a_path, typed, untold
from lenwordle.api.checks import words as words_of
from lenwordle.api.game import GameOptions, checked
from lenwordle.api.run import Reviewed, alphabet, review, rules_of
from lenwordle.engine.feedback import reply_for
from lenwordle.engine.workers import Progress
from lenwordle.games.glyphs import NoReader, capitals_of, read_letters
from lenwordle.games.picture import MAX_BYTES as MAX_PICTURE_BYTES
from lenwordle.games.picture import PictureError, find_grid, read_picture
from lenwordle.words.languages import DEFAULT_LANGUAGE, language

__all__ = [
    "MAX_PICTURE_BYTES",
    "BoardRead",
    "PictureReview",
    "UnreadPicture",
    "read_image",
    "review_board",
    "review_image",
]

INSTALL = "reading a picture needs the [image] extra: pip install 'lenwordle[image]'"
UNREAD = "?"  # a tile whose letter was not read, in BoardRead.shown


class UnreadPicture(SetupError):
    """A picture that gives no game to review: no board, a bad file, a tile not read."""


@dataclass(frozen=True)
class BoardRead:
    """The board a picture shows: each row's word (folded as the game has it; None: a tile
    of it was not read), its reply (g/y/.), the row as the tiles show it (capitals, UNREAD
    for a tile not read) and the tiles not read as (row, column), from 0."""

    words: tuple[str | None, ...]
    replies: tuple[str, ...]
    shown: tuple[str, ...]
    unread: tuple[tuple[int, int], ...]

    @property
    def length(self) -> int:
        """Return the word's length: the tiles in a row."""
        return len(self.replies[0])

    def as_dict(self) -> dict[str, object]:
        """Return the board read as JSON takes it."""
        return {
            "words": list(self.words),
            "replies": list(self.replies),
            "shown": list(self.shown),
            "unread": [list(tile) for tile in self.unread],
        }


@dataclass(frozen=True)
class PictureReview:
    """A screenshot's game: the board read, then its review."""

    read: BoardRead
    review: Reviewed


def read_image(
    path: str | Path, lang: str = DEFAULT_LANGUAGE, accents: str | None = None
) -> BoardRead:
    """Return the board of a finished game's screenshot (PNG or JPEG): its words in the
    language's letters (accents folded by its rule), its replies; UnreadPicture for a file
    that is none, or has no board to read; SetupError without the [image] extra."""
    file = a_path("path", path)
    typed("lang", lang, str)
    letters = alphabet(lang, accents)  # (SetupError for a language or rule that is none)
    if importlib.util.find_spec("PIL") is None:
        raise SetupError(INSTALL)
    assert file is not None
    try:
        grid = find_grid(read_picture(file))
        capitals = capitals_of(letters, list(language(lang.lower()).accents))
        glyphs = [tile.glyph for row in grid.rows for tile in row]
        inks = [tile.ink for row in grid.rows for tile in row]
        read = read_letters(glyphs, inks, capitals, lang.lower())
    except (PictureError, NoReader) as error:
        raise UnreadPicture(f"{file.name}: {error}") from None
    if all(glyph is None for glyph in glyphs):
        said = "the tiles have no letters (a share grid?): give a screenshot of the board"
        raise UnreadPicture(f"{file.name}: {said}")
    k = grid.length
    rows = [read[i : i + k] for i in range(0, len(read), k)]
    shown = tuple("".join(ch or UNREAD for ch in row) for row in rows)
    words = tuple(
        None if None in row else letters.fold("".join(ch for ch in row if ch)) for row in rows
    )
    unread = tuple((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch is None)
    replies = tuple("".join(tile.reply for tile in row) for row in grid.rows)
    return BoardRead(words, replies, shown, unread)


def review_image(
    path: str | Path,
    lang: str = DEFAULT_LANGUAGE,
    starters: str | Path | None = None,
    told: Told = untold,
    progress: Progress | None = None,
    **settings: Unpack[GameOptions],
) -> PictureReview:
    """Return a finished game's screenshot read and reviewed as review() reviews it: with
    the answer when its last row is all green (each row's colours checked against it), else
    from each row's reply. UnreadPicture as read_image says, and for a tile not read."""
    checked(dict(settings))
    if not rules_of(settings).plain:
        name = f"variant={settings.get('variant')}"
        raise SetupError(f"{{{name}}}: a picture is read as a game of Wordle's colours", name)
    read = read_image(path, lang, settings.get("accents"))
    if read.unread:
        row, column = read.unread[0]
        tiles = f"{len(read.unread)} tile{'s' if len(read.unread) > 1 else ''}"
        said = f"{tiles} not read (the first: row {row + 1}, letter {column + 1})"
        raise UnreadPicture(f"{Path(path).name}: {said}; type the game instead")
    words = [word for word in read.words if word is not None]
    try:
        done = review_board(words, read.replies, lang=lang, starters=starters, told=told,
                            progress=progress, **settings)  # fmt: skip
    except UnreadPicture as error:
        raise UnreadPicture(f"{Path(path).name}: {error}") from None
    return PictureReview(read, done)


def review_board(
    guesses: list[str] | tuple[str, ...],
    replies: list[str] | tuple[str, ...],
    /,
    lang: str = DEFAULT_LANGUAGE,
    starters: str | Path | None = None,
    told: Told = untold,
    progress: Progress | None = None,
    **settings: Unpack[GameOptions],
) -> Reviewed:
    """Return the review of a board read from a picture (and perhaps corrected by hand):
    its guesses and each row's reply (g/y/.), reviewed with the answer when the last row is
    all green (each row's colours checked against it: UnreadPicture for one no answer
    gives), else from each row's reply; SetupError as review() says."""
    words = words_of("guesses", guesses)
    replies = words_of("replies", replies)
    if not words or len(replies) != len(words):
        said = f"are {len(replies)} for {len(words)} guesses: a reply a guess, a guess at least"
        raise SetupError(f"{{replies}} {said}", "replies")
    last = words[-1]
    if replies[-1] == "g" * len(replies[-1]):
        for number, (word, shown) in enumerate(zip(words, replies), 1):
            if len(shown) != len(last) or reply_for(word, last) != shown:
                said = f"row {number}'s colours ({shown}) are not {word.upper()}'s"
                raise UnreadPicture(f"{said} against the answer")
        return review(*words, answer=last, lang=lang, starters=starters, told=told,
                      progress=progress, **settings)  # fmt: skip
    return review(*words, replies=replies, lang=lang, starters=starters, told=told,
                  progress=progress, **settings)  # fmt: skip
