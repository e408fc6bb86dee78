"""A finished game read from a screenshot, then reviewed: read_boards (the words and
replies each board shows: one for Wordle, Dordle's two, Quordle's four), read_image (the
one board's) and review_image (them, and the review review() gives of them, a board each).
The picture is read by games/picture.py (the boards) and games/glyphs.py (the letters); the
[image] extra brings what they need."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Unpack

from lenwordle.api.checks import SetupError, Told, a_path, typed, untold
from lenwordle.api.checks import words as words_of
from lenwordle.api.game import GameOptions, checked, options
from lenwordle.api.run import Reviewed, alphabet, review, rules_of
from lenwordle.engine.feedback import reply_for
from lenwordle.engine.workers import Progress
from lenwordle.games.glyphs import NoReader, capitals_of, read_letters
from lenwordle.games.picture import MAX_BYTES as MAX_PICTURE_BYTES
from lenwordle.games.picture import Grid, PictureError, find_grids, read_picture
from lenwordle.words.languages import DEFAULT_LANGUAGE, language

__all__ = [
    "MAX_PICTURE_BYTES",
    "BoardRead",
    "PictureReview",
    "UnreadPicture",
    "read_boards",
    "read_image",
    "readable_variant",
    "review_board",
    "review_boards",
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
    """A screenshot's game: each board read (one for Wordle), then each one's review, as
    review_boards gives them."""

    boards: tuple[BoardRead, ...]
    reviews: tuple[Reviewed, ...]

    @property
    def read(self) -> BoardRead:
        """Return the board read (the first, of several)."""
        return self.boards[0]

    @property
    def review(self) -> Reviewed:
        """Return the board's review (the first board's, of several)."""
        return self.reviews[0]


def readable_variant(variant: str = "wordle") -> None:
    """Raise SetupError (naming variant) unless a picture of the variant's game can be read:
    its rows Wordle's colour tiles holding letters (Fibble, Xordle, Warmle, Hardle; not
    Peaks' arrows, Woodle's counts nor Nerdle's signs)."""
    typed("variant", variant, str)
    rules = rules_of({"variant": variant})
    why = (
        "its rows are counts of tiles" if rules.marks.counts
        else "its tiles are arrows" if rules.marks.tiles != ".yg"
        else f"its tiles are {rules.tile}s, not letters" if rules.lists is not None
        else None
    )  # fmt: skip
    if why is not None:
        name = f"variant={rules.name}"
        said = f"{{{name}}}: {why}, which a picture is not read for; type the game instead"
        raise SetupError(said, name)


def read_boards(
    path: str | Path, lang: str = DEFAULT_LANGUAGE, accents: str | None = None
) -> tuple[BoardRead, ...]:
    """Return the boards of a finished game's screenshot (PNG or JPEG) in reading order (one
    for Wordle; Dordle's two, Quordle's four, each with the rows it shows): their words in
    the language's letters (accents folded by its rule), their replies. The boards of one
    game show the same guesses: a letter read on one board and not another is the other's
    too, and one read as two letters on two boards is read on neither. UnreadPicture for a
    file that is none, or has no board to read; SetupError without the [image] extra."""
    file = a_path("path", path)
    typed("lang", lang, str)
    letters = alphabet(lang, accents)  # (SetupError for a language or rule that is none)
    if importlib.util.find_spec("PIL") is None:
        raise SetupError(INSTALL)
    assert file is not None
    try:
        grids = find_grids(read_picture(file))
        capitals = capitals_of(letters, list(language(lang.lower()).accents))
        tiles = [tile for grid in grids for row in grid.rows for tile in row]
        glyphs = [tile.glyph for tile in tiles]
        read = iter(read_letters(glyphs, [tile.ink for tile in tiles], capitals, lang.lower()))
    except (PictureError, NoReader) as error:
        raise UnreadPicture(f"{file.name}: {error}") from None
    if all(glyph is None for glyph in glyphs):
        said = "the tiles have no letters (a share grid?): give a screenshot of the board"
        raise UnreadPicture(f"{file.name}: {said}")
    boards = [[[next(read) for _ in row] for row in grid.rows] for grid in grids]
    for r in range(max(map(len, boards))):
        shown = [board[r] for board in boards if r < len(board)]
        for c in range(len(shown[0])):
            seen = {row[c] for row in shown} - {None}
            letter = next(iter(seen)) if len(seen) == 1 else None  # (two: neither sure)
            for row in shown:
                row[c] = letter
    return tuple(
        board_read(rows, grid, letters.fold) for rows, grid in zip(boards, grids, strict=True)
    )


def board_read(rows: list[list[str | None]], grid: Grid, fold: Callable[[str], str]) -> BoardRead:
    """Return a board read: its rows' letters (None: a tile not read) and its grid's colours."""
    shown = tuple("".join(ch or UNREAD for ch in row) for row in rows)
    words = tuple(None if None in row else fold("".join(ch or "" for ch in row)) for row in rows)
    unread = tuple((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch is None)
    replies = tuple("".join(tile.reply for tile in row) for row in grid.rows)
    return BoardRead(words, replies, shown, unread)


def read_image(
    path: str | Path, lang: str = DEFAULT_LANGUAGE, accents: str | None = None
) -> BoardRead:
    """Return the board of a finished game's screenshot, as read_boards reads it;
    UnreadPicture as it says, and for a picture of several boards (read_boards reads them)."""
    boards = read_boards(path, lang, accents)
    if len(boards) > 1:
        said = f"{len(boards)} boards found (Dordle, Quordle): read_boards reads each"
        raise UnreadPicture(f"{Path(path).name}: {said}")
    return boards[0]


def review_image(
    path: str | Path,
    lang: str = DEFAULT_LANGUAGE,
    starters: str | Path | None = None,
    told: Told = untold,
    progress: Progress | None = None,
    **settings: Unpack[GameOptions],
) -> PictureReview:
    """Return a finished game's screenshot read (read_boards) and reviewed as
    review_boards reviews it, a board each: a board whose last row is all green with its
    answer (each row's colours checked against it), else from each row's reply; a variant's
    (readable_variant) from its rows. UnreadPicture as read_boards says, and for a tile not
    read; SetupError for a variant whose picture is not read."""
    checked(dict(settings))
    readable_variant(str(settings.get("variant", "wordle")))
    boards = read_boards(path, lang, settings.get("accents"))
    unread = [(b, r, c) for b, board in enumerate(boards) for r, c in board.unread]
    if unread:
        board, row, column = unread[0]
        tiles = f"{len(unread)} tile{'s' if len(unread) > 1 else ''}"
        where = f"board {board + 1}, " if len(boards) > 1 else ""
        said = f"{tiles} not read (the first: {where}row {row + 1}, letter {column + 1})"
        raise UnreadPicture(f"{Path(path).name}: {said}; type the game instead")
    longest = max(boards, key=lambda board: len(board.words))
    words = [word for word in longest.words if word is not None]
    try:
        replies = [board.replies for board in boards]
        done = review_boards(words, replies, lang=lang, starters=starters, told=told,
                             progress=progress, **settings)  # fmt: skip
    except UnreadPicture as error:
        raise UnreadPicture(f"{Path(path).name}: {error}") from None
    return PictureReview(boards, done)


def review_boards(
    guesses: Sequence[str],
    replies: Sequence[Sequence[str]],
    /,
    lang: str = DEFAULT_LANGUAGE,
    starters: str | Path | None = None,
    told: Told = untold,
    progress: Progress | None = None,
    **settings: Unpack[GameOptions],
) -> tuple[Reviewed, ...]:
    """Return the review of a game of one board or several read from a picture (and perhaps
    corrected by hand), a board each, as the page reviews a game of several boards typed:
    the game's guesses, and each board's replies (g/y/.) up to its solve, its rows below
    blank (a board with fewer replies than the guesses must end all green); each board is
    reviewed by review_board, against the game's limit (Dordle's 7, Quordle's 9).
    UnreadPicture for boards no game shows, SetupError as review() says."""
    words = words_of("guesses", guesses)
    typed("replies", replies, list, tuple)
    boards = [words_of(f"replies[{i}]", board) for i, board in enumerate(replies)]
    if not boards or not all(boards):
        said = "{replies} gives each board's replies, a board a list of one at least"
        raise SetupError(said, "replies")
    checked(dict(settings))
    if settings.get("boards", len(boards)) != len(boards):
        said = f"is {settings.get('boards')}: the replies are of {len(boards)}"
        raise SetupError(f"{{boards}} {said}", "boards")
    if len(boards) > 1 and not (rules := rules_of(settings)).plain:
        name = f"variant={rules.name}"
        said = f"is played on one board: the replies are of {len(boards)}"
        raise SetupError(f"{{{name}}} {said}", name)
    given = GameOptions(**settings)
    given.pop("boards", None)  # (each board is reviewed as a game of its own)
    k = len(boards[0][0])  # (a board of several: its settings checked, its limit known)
    every = GameOptions(**given)
    every["boards"] = len(boards)
    limit = options(k, lang, **every).rules().limit
    if len(boards) > 1:
        given["max_guesses"] = limit
    most = max(map(len, boards))
    if len(boards) > 1 and most != len(words):  # (one board: review_board says it)
        said = f"{{replies}}: the longest board has {most} for {len(words)} guesses"
        raise SetupError(f"{said}: a board shows every guess to its solve", "replies")
    for number, board in enumerate(boards, 1):
        if len(boards) > 1 and len(board) < len(words) and board[-1] != "g" * len(board[-1]):
            said = f"board {number} shows {len(board)} of {len(words)} rows, its last not green"
            raise UnreadPicture(f"{said}: a board's rows stop only at its solve")
    reviews = []
    for board in boards:
        played = words[: len(board)] if len(boards) > 1 else words  # (one: its count checked)
        reviews.append(review_board(played, board, lang=lang, starters=starters,
                                    told=told, progress=progress, **given))  # fmt: skip
    return tuple(reviews)


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
    if rules_of(settings).plain and replies[-1] == "g" * len(replies[-1]):
        for number, (word, shown) in enumerate(zip(words, replies), 1):
            if len(shown) != len(last) or reply_for(word, last) != shown:
                said = f"row {number}'s colours ({shown}) are not {word.upper()}'s"
                raise UnreadPicture(f"{said} against the answer")
        return review(*words, answer=last, lang=lang, starters=starters, told=told,
                      progress=progress, **settings)  # fmt: skip
    return review(*words, replies=replies, lang=lang, starters=starters, told=told,
                  progress=progress, **settings)  # fmt: skip
