"""A finished game's board found in a screenshot: the picture read within bounds (its bytes,
its pixels, its format), the tiles found by their colours (the daily games' green, yellow and
grey, light and dark, and the high-contrast orange and blue), set in rows and columns, each
tile's reply and the crop of its letter, ready for the letter reader (games/glyphs.py).

The keyboard, the header, the buttons and the empty rows are no tiles: a tile is a filled
square of a tile colour, and the board is the largest set of same-sized squares in aligned
rows and columns; the other boards of its size and length beside or under it are its
game's (Dordle's two, Quordle's four: find_grids), each with the rows it shows."""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from lenwordle.words.letters import MAX_LENGTH

if TYPE_CHECKING:
    from PIL.Image import Image

MAX_BYTES = 40 * 1024 * 1024  # the largest file read (a phone's screenshot: a few MB)
MAX_PIXELS = 40_000_000  # the largest picture decoded (a phone's screenshot: about 3 M)
READ_PIXELS = 12_000_000  # a picture larger is reduced to this before it is read
MIN_TILE = 16  # a tile's least side in pixels: smaller, its letter cannot be read
MIN_LENGTH = 2  # the fewest tiles a row of a board has
FORMATS = ("PNG", "JPEG")
Pixels = npt.NDArray[np.uint8]

# the tile colours of the daily games (NYT Wordle's and its clones'): each with its reply
# (green, light and dark; high contrast's orange; yellow, light and dark; high contrast's
# blue; grey, light and dark), then lenwordle's own page's (web/static/style.css), darker
PALETTE = {
    "g": ("#6aaa64", "#538d4e", "#f5793a", "#4e8549", "#c8561b"),
    "y": ("#c9b458", "#b59f3b", "#85c0f9", "#8c7a1f", "#9c8a2e", "#2f6fb3"),
    ".": ("#787c7e", "#3a3a3c", "#6b6f71"),
}
NEAR = 42  # how far (RGB distance) a pixel may be from a tile colour (JPEG moves colours)
SQUARE = 0.12  # how far from square a tile may be (of its longer side)
FILLED = 0.5  # the least share of a tile's box in its colour (its letter takes the rest)


class PictureError(ValueError):
    """A picture that cannot be read as a board, in one line for the player."""


@dataclass(frozen=True)
class Tile:
    """A tile found: its box in the picture (left, top, right, bottom), its reply (g/y/.),
    its colour (RGB), the crop of its letter, dark ink on white (None: no ink in it), and
    where its ink starts and ends down the tile (pixels from the tile's top: an accent or a
    dot stands above the capitals, a cedilla below)."""

    box: tuple[int, int, int, int]
    reply: str
    colour: tuple[int, int, int]
    glyph: Pixels | None
    ink: tuple[int, int] = (0, 0)


@dataclass(frozen=True)
class Grid:
    """A board found: its rows of tiles, top first, each as long as the word."""

    rows: tuple[tuple[Tile, ...], ...]

    @property
    def length(self) -> int:
        """Return the word's length: the tiles in a row."""
        return len(self.rows[0])


def hex_rgb(colour: str) -> tuple[int, int, int]:
    """Return '#6aaa64' as (106, 170, 100)."""
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


COLOURS = np.array([hex_rgb(c) for cs in PALETTE.values() for c in cs], np.int32)
REPLIES = [reply for reply, cs in PALETTE.items() for _ in cs]


def opened(data: bytes) -> Image:
    """Return the picture in data decoded as RGB, within MAX_PIXELS; PictureError for an
    empty file, one of no picture format read, one too large or damaged."""
    from PIL import Image, UnidentifiedImageError

    if not data:
        raise PictureError("the file is empty")
    try:
        picture = Image.open(io.BytesIO(data))  # (reads the header only)
    except UnidentifiedImageError:
        raise PictureError("not a picture: give a PNG or JPEG screenshot") from None
    except Image.DecompressionBombError:
        raise PictureError(f"the picture is too large: at most {MAX_PIXELS:,} pixels") from None
    if picture.format not in FORMATS:
        raise PictureError(f"a {picture.format} picture: give a PNG or JPEG screenshot")
    width, height = picture.size
    if width * height > MAX_PIXELS:
        said = f"{width} x {height} pixels, at most {MAX_PIXELS:,}"
        raise PictureError(f"the picture is too large: {said}")
    try:
        picture.load()
    except (OSError, SyntaxError, ValueError):  # (truncated, a broken chunk)
        raise PictureError("the picture is damaged or cut short") from None
    factor = math.ceil(math.sqrt(width * height / READ_PIXELS))
    # (a picture larger than a screen's: its tiles are large enough halved)
    whole: Image.Image = picture.reduce(factor) if factor > 1 else picture
    return whole.convert("RGB")


def read_picture(path: Path) -> Pixels:
    """Return a picture file's pixels (height x width x 3); PictureError as opened() says,
    and for a file too large or not readable."""
    try:
        with path.open("rb") as file:
            data = file.read(MAX_BYTES + 1)
    except OSError as error:
        raise PictureError(f"cannot read {path}: {error.strerror or error}") from None
    if len(data) > MAX_BYTES:
        raise PictureError(f"the file is too large: at most {MAX_BYTES // 2**20} MB")
    return np.asarray(opened(data), np.uint8)


def nearest(pixels: npt.NDArray[np.int32]) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.int32]]:
    """Return, for each pixel (... x 3), the index of the nearest tile colour and its squared
    distance."""
    distance = ((pixels[..., None, :] - COLOURS) ** 2).sum(axis=-1)
    return distance.argmin(axis=-1), distance.min(axis=-1)


def quantized() -> npt.NDArray[np.int8]:
    """Return, for each colour of 5 bits a channel (r << 10 | g << 5 | b), the index of the
    tile colour it is near (-1: none): a picture's colours become a look-up a pixel."""
    levels = np.arange(32, dtype=np.int32) * 8 + 4
    r, g, b = np.meshgrid(levels, levels, levels, indexing="ij")
    which, distance = nearest(np.stack([r, g, b], axis=-1).reshape(-1, 3))
    return np.where(distance <= NEAR**2, which, -1).astype(np.int8)


NEAR_TABLE = quantized()


def tile_colours(pixels: Pixels) -> npt.NDArray[np.int8]:
    """Return, for each pixel, the index of the tile colour it is near (-1: none), a strip
    of rows at a time (the memory of a strip's codes, not the picture's)."""
    near = np.empty(pixels.shape[:2], np.int8)
    for top in range(0, pixels.shape[0], 256):
        codes = pixels[top : top + 256] >> 3
        index = (codes[..., 0].astype(np.int32) << 10) | (codes[..., 1].astype(np.int32) << 5)
        index |= codes[..., 2]
        near[top : top + 256] = NEAR_TABLE[index]
    return near


def boxes(mask: npt.NDArray[np.bool_]) -> list[tuple[int, int, int, int, int]]:
    """Return each connected region of the mask (4-neighbours) as (left, top, right, bottom,
    pixels), found from its runs: each run of a row joined to the runs it touches above."""
    padded = np.zeros((mask.shape[0], mask.shape[1] + 2), np.int8)
    padded[:, 1:-1] = mask
    edges = np.diff(padded, axis=1)
    run_row, run_start = np.nonzero(edges == 1)
    _, run_end = np.nonzero(edges == -1)  # (same order: row by row, left to right)
    parent = list(range(len(run_row)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    bounds = np.searchsorted(run_row, np.arange(mask.shape[0] + 1)).tolist()
    starts, ends = run_start.tolist(), run_end.tolist()
    for y in range(1, mask.shape[0]):
        i, above_end = bounds[y - 1], bounds[y]
        for j in range(bounds[y], bounds[y + 1]):
            while i < above_end and ends[i] <= starts[j]:
                i += 1
            k = i
            while k < above_end and starts[k] < ends[j]:
                parent[root(k)] = root(j)
                k += 1
    found: dict[int, list[int]] = {}
    for i in range(len(run_row)):
        r = root(i)
        x0, x1, y = starts[i], ends[i], int(run_row[i])
        box = found.setdefault(r, [x0, y, x1, y + 1, 0])
        box[0], box[1] = min(box[0], x0), min(box[1], y)
        box[2], box[3] = max(box[2], x1), max(box[3], y + 1)
        box[4] += x1 - x0
    return [(b[0], b[1], b[2], b[3], b[4]) for b in found.values()]


def squares(mask: npt.NDArray[np.bool_], least: int) -> list[tuple[int, int, int, int]]:
    """Return the boxes of the mask's regions that may be tiles: filled squares, their sides
    at least `least` pixels (a region of tiles joined by a thin line, a focus outline,
    split first at the columns and rows it hardly fills)."""
    kept = []
    for x0, y0, x1, y1, count in boxes(mask):
        if min(x1 - x0, y1 - y0) < least:
            continue
        if is_tile(x1 - x0, y1 - y0, count):
            kept.append((x0, y0, x1, y1))
            continue
        if count < FILLED * (x1 - x0) * (y1 - y0):  # (a ring, a letter's halo: no tiles)
            continue
        for box in split(mask[y0:y1, x0:x1]):
            a, b, c, d = box
            if is_tile(c - a, d - b, int(mask[y0 + b : y0 + d, x0 + a : x0 + c].sum())):
                kept.append((x0 + a, y0 + b, x0 + c, y0 + d))
    return kept


def is_tile(width: int, height: int, count: int) -> bool:
    """Return whether a region of this box and count of pixels is a tile's: square, filled."""
    square = abs(width - height) <= SQUARE * max(width, height)
    return square and count >= FILLED * width * height


def spans(filled: npt.NDArray[np.bool_]) -> list[tuple[int, int]]:
    """Return the runs of True as (start, end)."""
    edges = np.diff(np.concatenate(([0], filled.astype(np.int8), [0])))
    return list(zip(np.nonzero(edges == 1)[0].tolist(), np.nonzero(edges == -1)[0].tolist()))


def split(part: npt.NDArray[np.bool_]) -> list[tuple[int, int, int, int]]:
    """Return the boxes (left, top, right, bottom) of a region cut at its columns, then its
    rows, that are less than a third filled."""
    found = []
    for a, c in spans(part.mean(axis=0) >= 1 / 3):
        for b, d in spans(part[:, a:c].mean(axis=1) >= 1 / 3):
            found.append((a, b, c, d))
    return found


Box = tuple[int, int, int, int]


def aligned_boards(found: list[Box]) -> list[list[list[Box]]]:
    """Return the boards among the squares, in reading order: each the rows of as many tiles
    of one size, in the same columns, one under the other with no row missing, top first;
    the size whose largest board has the most tiles, and the other boards of its length
    beside or under it (Dordle's, Quordle's)."""
    best: list[list[list[Box]]] = []
    for size in sorted({x1 - x0 for x0, _, x1, _ in found}):
        alike = [b for b in found if abs((b[2] - b[0]) - size) <= max(2, 0.08 * size)]
        rows: list[list[Box]] = []
        for box in sorted(alike, key=lambda b: (b[1], b[0])):
            if rows and abs(rows[-1][0][1] - box[1]) <= size // 4:
                if not any(abs(b[0] - box[0]) < size // 2 for b in rows[-1]):  # (once)
                    rows[-1].append(box)
            else:
                rows.append([box])
        segments = [part for row in rows for part in runs_of(sorted(row), size)]
        boards = [boards_from(segments, start, size) for start in range(len(segments))]
        boards = sorted((b for b in boards if b), key=lambda b: -sum(map(len, b)))
        kept: list[list[list[Box]]] = []
        used: set[Box] = set()
        for board in boards:
            tiles = {box for row in board for box in row}
            if len(board[0]) == len(boards[0][0]) and not tiles & used:
                kept.append(board)
                used |= tiles
        if kept and (not best or sum(map(len, kept[0])) > sum(map(len, best[0]))):
            best = kept
    return sorted(best, key=lambda b: (b[0][0][1] // (b[0][0][3] - b[0][0][1]), b[0][0][0]))


def runs_of(row: list[Box], size: int) -> list[list[Box]]:
    """Return a row of tiles cut where a gap is wider than half a tile (boards side by side)."""
    parts = [[row[0]]]
    for box in row[1:]:
        if box[0] - parts[-1][-1][0] > 1.5 * size:
            parts.append([box])
        else:
            parts[-1].append(box)
    return parts


def boards_from(segments: list[list[Box]], start: int, size: int) -> list[list[Box]]:
    """Return the board whose first row is segments[start]: the rows under it in its
    columns, each about a tile's pitch below the last, while they last."""
    first = segments[start]
    if not MIN_LENGTH <= len(first) <= MAX_LENGTH or not evenly_spaced(first, size):
        return []
    board = [first]
    pitch = first[1][0] - first[0][0]
    for row in segments[start + 1 :]:
        below = row[0][1] - board[-1][0][1]
        if below > 1.5 * pitch:
            break
        same = len(row) == len(first) and all(
            abs(a[0] - b[0]) <= size // 4 for a, b in zip(row, first)
        )
        if same and abs(below - pitch) <= size // 4:
            board.append(row)
    return board


def evenly_spaced(row: list[tuple[int, int, int, int]], size: int) -> bool:
    """Return whether a row's tiles stand at one pitch, a gap under half a tile between them."""
    steps = [b[0] - a[0] for a, b in zip(row, row[1:])]
    return all(size <= s <= 1.5 * size and abs(s - steps[0]) <= max(2, size // 8) for s in steps)


def glyph(
    pixels: Pixels, box: tuple[int, int, int, int], colour: Pixels
) -> tuple[Pixels | None, tuple[int, int]]:
    """Return the tile's letter as dark ink on white, cut to its ink and framed by a margin
    (None: no ink), each pixel's ink how far it is from the tile's colour; and where the
    ink starts and ends down the tile."""
    x0, y0, x1, y1 = box
    inset = max(2, (x1 - x0) // 10)
    inner = pixels[y0 + inset : y1 - inset, x0 + inset : x1 - inset].astype(np.int32)
    far = np.sqrt(((inner - colour.astype(np.int32)) ** 2).sum(axis=-1))
    ink = np.clip(far / max(60.0, 0.6 * float(far.max())), 0, 1)
    inked = ink > 0.5
    least = max(2, inked.shape[1] // 16)  # (a row or column of fewer is noise: JPEG's)
    rows = np.nonzero(inked.sum(axis=1) >= least)[0]
    cols = np.nonzero(inked.sum(axis=0) >= least)[0]
    if len(rows) < 2 or len(cols) < 2:
        return None, (0, 0)
    cut = ink[rows.min() : rows.max() + 1, cols.min() : cols.max() + 1]
    margin = max(4, cut.shape[0] // 4)
    framed = np.zeros((cut.shape[0] + 2 * margin, cut.shape[1] + 2 * margin))
    framed[margin:-margin, margin:-margin] = cut
    extent = (inset + int(rows.min()), inset + int(rows.max()) + 1)
    return (255 * (1 - framed)).astype(np.uint8), extent


def find_grids(pixels: Pixels) -> tuple[Grid, ...]:
    """Return the boards of the picture in reading order (one for Wordle; Dordle's two side
    by side, Quordle's four two by two, each with the rows it shows: a board solved early
    has its blank rows below, no tiles), their tiles' replies and letters' crops;
    PictureError for a picture with no board, or one too small to read."""
    which = tile_colours(pixels)
    found = squares(which >= 0, MIN_TILE // 4)
    boards = aligned_boards([b for b in found if b[2] - b[0] >= MIN_TILE])
    if not boards:
        if aligned_boards(found):
            raise PictureError(f"the board is too small to read: tiles under {MIN_TILE} pixels")
        raise PictureError("no board found: no row of green, yellow or grey tiles")
    return tuple(grid_of(pixels, which, board) for board in boards)


def find_grid(pixels: Pixels) -> Grid:
    """Return the one board of the picture (find_grids'); PictureError as it says, and for a
    picture of several boards."""
    grids = find_grids(pixels)
    if len(grids) > 1:
        raise PictureError(f"{len(grids)} boards found (Dordle, Quordle): one was asked for")
    return grids[0]


def grid_of(pixels: Pixels, which: npt.NDArray[np.int8], board: list[list[Box]]) -> Grid:
    """Return a board's tiles: each one's reply (its colour's most pixels), colour and letter."""
    rows = []
    for row in board:
        tiles = []
        for box in row:
            x0, y0, x1, y1 = box
            near = which[y0:y1, x0:x1].ravel()
            index = int(np.bincount(near[near >= 0], minlength=len(COLOURS)).argmax())
            inside = pixels[y0:y1, x0:x1].reshape(-1, 3)[near == index]
            colour = inside.mean(axis=0).round().astype(np.uint8)
            rgb = (int(colour[0]), int(colour[1]), int(colour[2]))
            letter, extent = glyph(pixels, box, colour)
            tiles.append(Tile(box, REPLIES[index], rgb, letter, extent))
        rows.append(tuple(tiles))
    return Grid(tuple(rows))
