"""A tile's letter read from its crop (games/picture.py's glyph: dark ink on white).

Two readers, measured in docs/trees-and-review.md#reviewing-a-screenshot: the shapes of the
alphabet's capitals drawn in the bold sans fonts the daily games use (Debian's DejaVu and
Liberation; matched by correlation, a clear margin over the next letter needed), and
Tesseract (Debian's tesseract-ocr, through pytesseract), one glyph a page of one file, asked
when the shapes are unsure. A letter neither reads for sure is said unread: never a guess."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from lenwordle.words.alphabet import Alphabet

if TYPE_CHECKING:
    from PIL.ImageFont import FreeTypeFont

FONT_DIRS = (Path("/usr/share/fonts/truetype"), Path("/usr/share/fonts"))
FONT_FILES = (
    "dejavu/DejaVuSans-Bold.ttf",
    "liberation/LiberationSans-Bold.ttf",
    "dejavu/DejaVuSans.ttf",  # (a small tile's letter looks lighter)
    "liberation/LiberationSans-Regular.ttf",
)
RISE = 0.1  # how far (of the capitals' height) a glyph's top and bottom may be from a
# shape's to be compared with it: I is not İ, N not Ñ, C not Ç, whatever their likeness
TALLEST = 64  # the capitals' height, in pixels, of the shapes drawn largest
HEIGHTS = (20, 32, TALLEST)  # the shapes are drawn at each (a small letter is drawn thicker)
SIDE = 16  # a glyph is compared as a SIDE x SIDE square, its shape kept
SURE = 0.8  # the least likeness of a letter read by its shape alone
MARGIN = 0.03  # ...and how far ahead of the next letter it must be
# ...and when the board's capitals are under SMALL pixels tall (a 32-pixel tile of Quordle on
# a desktop: 12), where drawing them blurs what tells R from P and O from D (an R there is
# 0.83 like P, 0.76 like R): SMALL_MARGIN ahead, else Tesseract is asked
SMALL = 16
SMALL_MARGIN = 0.1
LIKELY = 0.5  # the least likeness of the shape Tesseract's reading must have
TESSERACT_LANGS = {"ru": "rus", "uk": "ukr", "tr": "tur", "es": "spa", "de": "deu"}
CONFUSED = str.maketrans("|01", "IOI")  # Tesseract's digits and bar for capitals


class NoReader(RuntimeError):
    """No letter reader on this machine: what to install, in one line."""


@dataclass(frozen=True)
class Shapes:
    """The alphabet's capitals as shapes: each letter's SIDE x SIDE squares, a font each,
    and how far each rises above the font's capitals and falls below them (of their
    height: an accent, a dot, a cedilla, a tail)."""

    letters: tuple[str, ...]
    squares: npt.NDArray[np.float32]  # (letters x fonts) x SIDE*SIDE, each of unit norm
    rises: npt.NDArray[np.float32]
    falls: npt.NDArray[np.float32]


def fonts() -> list[Path]:
    """Return the bold sans fonts found on this machine."""
    found = []
    for name in FONT_FILES:
        for folder in FONT_DIRS:
            if (folder / name).is_file():
                found.append(folder / name)
                break
    return found


def squared(ink: npt.NDArray[np.floating]) -> npt.NDArray[np.float32]:
    """Return ink (1: ink, 0: paper) cut to its box, set in a square (its shape kept) and
    scaled to SIDE x SIDE, of unit norm around its mean."""
    from PIL import Image

    rows, cols = np.nonzero(ink > 0.5)
    if len(rows) == 0:
        return np.zeros(SIDE * SIDE, np.float32)
    cut = ink[rows.min() : rows.max() + 1, cols.min() : cols.max() + 1]
    side = max(cut.shape)
    square = np.zeros((side, side), np.float32)
    top, left = (side - cut.shape[0]) // 2, (side - cut.shape[1]) // 2
    square[top : top + cut.shape[0], left : left + cut.shape[1]] = cut
    small = Image.fromarray((square * 255).astype(np.uint8)).resize(
        (SIDE, SIDE), Image.Resampling.BILINEAR if side < SIDE else Image.Resampling.BOX
    )
    vector = np.asarray(small, np.float32).ravel() / 255
    vector -= vector.mean()
    norm = float(np.linalg.norm(vector))
    return (vector / norm if norm else vector).astype(np.float32)


@lru_cache(maxsize=64)
def shapes(capitals: str, height: int = TALLEST) -> Shapes:
    """Return the capitals drawn in each bold sans font found, their capitals `height`
    pixels tall (as small as the board's: drawn alike); NoReader if no font is found."""
    from PIL import ImageFont

    found = fonts()
    if not found:
        raise NoReader("no bold sans font to read letters by: apt-get install fonts-dejavu-core")
    letters, squares, rises, falls = [], [], [], []
    for path in found:
        tall = extent(drawn_letter(ImageFont.truetype(str(path), 100), "H", 100))
        size = max(4, round(100 * height / (tall[1] - tall[0])))
        font = ImageFont.truetype(str(path), size)
        drawn = {letter: drawn_letter(font, letter, size) for letter in ("H", *capitals)}
        top, bottom = extent(drawn["H"])
        for letter in capitals:
            high, low = extent(drawn[letter])
            letters.append(letter)
            squares.append(squared(drawn[letter]))
            rises.append((top - high) / (bottom - top))
            falls.append((low - bottom) / (bottom - top))
    return Shapes(
        tuple(letters), np.stack(squares), np.array(rises, np.float32), np.array(falls, np.float32)
    )


def drawn_letter(font: FreeTypeFont, letter: str, size: int) -> npt.NDArray[np.float32]:
    """Return a letter drawn in a font of this size, as ink from 0 to 1."""
    from PIL import Image, ImageDraw

    canvas = Image.new("L", (2 * size, 3 * size), 0)
    ImageDraw.Draw(canvas).text((size // 4, size), letter, fill=255, font=font)
    return (np.asarray(canvas, np.float32) / 255).astype(np.float32)


def extent(ink: npt.NDArray[np.floating]) -> tuple[int, int]:
    """Return the first and past the last row of ink (0, 0: none)."""
    rows = np.nonzero((ink > 0.5).any(axis=1))[0]
    return (int(rows[0]), int(rows[-1]) + 1) if len(rows) else (0, 0)


def likeness(
    glyph: npt.NDArray[np.uint8],
    capitals: str,
    rise: float = 0.0,
    fall: float = 0.0,
    height: int = TALLEST,
) -> dict[str, float]:
    """Return how like each capital the glyph is (correlation, the best of the fonts, the
    shapes drawn `height` pixels tall as the board's capitals are; -1 for a shape that rises
    above the capitals or falls below them otherwise than the glyph does: rise and fall, of
    the capitals' height)."""
    square = squared(1 - glyph.astype(np.float32) / 255)
    best: dict[str, float] = {}
    for tall in HEIGHTS:
        known = shapes(capitals, tall)
        scores = known.squares @ square
        fits = (np.abs(known.rises - rise) <= RISE) & (np.abs(known.falls - fall) <= RISE)
        for letter, score, fit in zip(known.letters, scores.tolist(), fits.tolist()):
            best[letter] = max(score if fit else -1.0, best.get(letter, -1.0))
    return best


def capitals_of(alphabet: Alphabet, accented: Sequence[str]) -> str:
    """Return the capitals a tile may show: the game's letters and the accented ones it
    folds (each as the language writes it in capitals)."""
    lowered = [*alphabet.letters, *(ch for ch in accented if len(ch) == 1)]
    return "".join(
        dict.fromkeys(alphabet.upper(ch) for ch in lowered if len(alphabet.upper(ch)) == 1)
    )


def tesseract_ready(lang: str) -> str | None:
    """Return the Tesseract language to read the letters of `lang` by (None: no Tesseract
    with its data for it here)."""
    if shutil.which("tesseract") is None:
        return None
    try:
        import pytesseract
    except ImportError:
        return None
    wanted = TESSERACT_LANGS.get(lang, "eng")
    try:
        have = set(pytesseract.get_languages(config=""))
    except Exception:  # (a broken install: as none)
        return None
    return wanted if wanted in have else "eng" if "eng" in have else None


def tesseract(glyphs: Sequence[npt.NDArray[np.uint8]], lang: str) -> list[str]:
    """Return Tesseract's reading of each glyph (one character, '' for none): one run of
    it, each glyph a page of one TIFF file, 48 pixels tall; the glyphs it left unread once
    more, 64 pixels tall in black and white (it reads some only so)."""
    read = tesseract_pages(glyphs, lang, 48, False)
    again = [i for i, text in enumerate(read) if not text]
    if again:
        for i, text in zip(again, tesseract_pages([glyphs[i] for i in again], lang, 64, True)):
            read[i] = text
    return read


def tesseract_pages(
    glyphs: Sequence[npt.NDArray[np.uint8]], lang: str, tall: int, sharp: bool
) -> list[str]:
    """Return Tesseract's reading of each glyph drawn `tall` pixels high (sharp: in black
    and white), one character or ''."""
    import pytesseract
    from PIL import Image

    pages = []
    for glyph in glyphs:
        picture = Image.fromarray(glyph)
        size = (max(1, round(picture.width * tall / picture.height)), tall)
        letter = picture.resize(size, Image.Resampling.LANCZOS)
        if sharp:
            letter = letter.point(lambda v: 0 if v < 140 else 255)
        page = Image.new("L", (size[0] + 2 * tall, 3 * tall), 255)
        page.paste(letter, (tall, tall))
        pages.append(page)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "tiles.tif")
        pages[0].save(path, save_all=True, append_images=pages[1:])
        out = str(pytesseract.image_to_string(path, lang=lang, config="--psm 10"))
    read = [page.strip().upper().translate(CONFUSED) for page in out.split("\f")]
    return [text if len(text) == 1 else "" for text in (read + [""] * len(glyphs))[: len(glyphs)]]


def read_letters(
    glyphs: Sequence[npt.NDArray[np.uint8] | None],
    inks: Sequence[tuple[int, int]],
    capitals: str,
    lang: str,
    ocr: bool = True,
) -> list[str | None]:
    """Return each glyph's capital (None: not read for sure, or no glyph), inks where each
    one's ink starts and ends down its tile: by its shape when sure, among the capitals that
    rise and fall as it does against the board's other letters; else (ocr) by Tesseract when
    it reads one of the shape's two likeliest."""
    heights = [(top, bottom) for glyph, (top, bottom) in zip(glyphs, inks) if glyph is not None]
    if not heights:
        return [None] * len(glyphs)
    top = float(np.median([t for t, _ in heights]))  # (most letters are plain capitals)
    bottom = float(np.median([b for _, b in heights]))
    tall = max(1.0, bottom - top)
    read: list[str | None] = []
    unsure: dict[int, tuple[str, ...]] = {}  # glyph -> its two likeliest capitals
    for i, (glyph, (high, low)) in enumerate(zip(glyphs, inks)):
        if glyph is None:
            read.append(None)
            continue
        scores = sorted(
            likeness(
                glyph, capitals, (top - high) / tall, (low - bottom) / tall, round(tall)
            ).items(),
            key=lambda kv: -kv[1],
        )
        (first, best), (_, second) = scores[0], scores[1] if len(scores) > 1 else ("", -1.0)
        margin = SMALL_MARGIN if tall < SMALL else MARGIN
        read.append(first if best >= SURE and best - second >= margin else None)
        if read[-1] is None:
            unsure[i] = tuple(letter for letter, score in scores[:2] if score >= LIKELY)
    engine = tesseract_ready(lang) if unsure and ocr else None
    if engine is None:
        return read
    asked = tesseract([glyph for i in unsure if (glyph := glyphs[i]) is not None], engine)
    for (i, likeliest), text in zip(unsure.items(), asked):
        if text and text in likeliest:
            read[i] = text
    return read
