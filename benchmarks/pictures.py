"""How well and how fast `review --image` reads boards: per set of screenshots drawn in
Chromium the way the daily games draw them (tests/board_pictures.py: 28 finished games, 4 to
11 letters, English, Spanish, Russian, Turkish), the words and replies read right, the tiles
left unread and read wrong, and the seconds a picture (median, max), by letter reader:
`chosen` (the shapes, then Tesseract when unsure: what read_image does), `shapes` alone,
`tesseract` alone (each tile a page, --psm 10), `rapidocr` alone (its ONNX model, each tile
recognised without detection; when installed). With --boards, Dordle's and Quordle's
pictures instead (the games paired by language and length, each board to its solve, blank
rows below), read by read_boards: the words and replies right a board.
Run: python benchmarks/pictures.py [--readers chosen,shapes,tesseract,rapidocr] [--sets N]
     python benchmarks/pictures.py --boards
"""

import argparse
import statistics
import sys
import tempfile
import time
import unicodedata
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from board_pictures import FONTS, GAMES, jpeg, played, reply, screenshot, several, upper  # noqa: E402,E501

from lenwordle.api import read_boards, read_image  # noqa: E402
from lenwordle.games.glyphs import (  # noqa: E402
    CONFUSED,
    capitals_of,
    read_letters,
    tesseract,
    tesseract_ready,
)
from lenwordle.games.picture import find_grid, read_picture  # noqa: E402
from lenwordle.words.languages import language  # noqa: E402

# name -> (phone, theme, font, JPEG quality (None: PNG), scale of the copy)
SETS = {
    "phone light": (True, "light", FONTS[0], None, 1.0),
    "phone dark": (True, "dark", FONTS[1], None, 1.0),
    "phone high contrast": (True, "contrast", FONTS[0], None, 1.0),
    "desktop light": (False, "light", FONTS[1], None, 1.0),
    "desktop dark": (False, "dark", FONTS[0], None, 1.0),
    "desktop high contrast, dark": (False, "contrast-dark", FONTS[1], None, 1.0),
    "phone dark, JPEG 75": (True, "dark", FONTS[0], 75, 1.0),
    "phone light, JPEG 60, half size": (True, "light", FONTS[1], 60, 0.5),
    "desktop light, JPEG 60": (False, "light", FONTS[0], 60, 1.0),
}


# name -> (boards, phone, theme, the device's pixel ratio)
BOARD_SETS = {
    "Dordle, phone light": (2, True, "light", 3),
    "Dordle, desktop dark": (2, False, "dark", 1),
    "Quordle, phone dark": (4, True, "dark", 3),
    "Quordle, desktop light, pixel ratio 2": (4, False, "light", 2),
    "Quordle, desktop dark, pixel ratio 1 (tiles 32 px)": (4, False, "dark", 1),
}


def board_games(boards: int) -> list[tuple[str, tuple[str, ...], tuple[str, ...]]]:
    """Return the games of several boards made of GAMES' pairs of one language and length:
    (language, guesses, each board's answer): the first game's guesses, then the second's
    others; Dordle's answers the two games', Quordle's those and two guesses before them;
    words of 5 and 6 letters (the daily Dordle's and Quordle's 5)."""
    made = []
    for lang, games in GAMES.items():
        for first, second in zip(games[::2], games[1::2]):
            if len(first[0]) not in (5, 6):
                continue
            guesses = first + tuple(word for word in second if word not in first)
            answers = (first[-1], guesses[-1])
            if boards == 4:
                answers = tuple(dict.fromkeys((*answers, guesses[1], guesses[-2])))
            if len(answers) == boards:
                made.append((lang, guesses, answers))
    return made


def board_sets() -> dict[str, list[tuple[str, tuple[str, ...], tuple[str, ...], bytes]]]:
    """Return each set of several boards' pictures: (language, guesses, answers, PNG)."""
    from playwright.sync_api import sync_playwright

    made: dict[str, list[tuple[str, tuple[str, ...], tuple[str, ...], bytes]]] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium")
        for name, (boards, phone, theme, ratio) in BOARD_SETS.items():
            made[name] = [
                (lang, guesses, answers, screenshot(browser, several(
                    lang, guesses, answers, theme=theme), phone, ratio))
                for lang, guesses, answers in board_games(boards)
            ]  # fmt: skip
        browser.close()
    return made


def boards_main() -> None:
    """Print, per set of Dordle's or Quordle's pictures, the rows read right (each board's),
    the boards' replies right, the tiles unread and wrong, the seconds a picture."""
    print("set | pictures | rows right | boards' replies right | tiles unread | tiles wrong | s")
    for name, pictures in board_sets().items():
        rows = total = replies = boards = unread = wrong = 0
        seconds = []
        for lang, guesses, answers, data in pictures:
            with tempfile.NamedTemporaryFile(suffix=".png") as file:
                file.write(data)
                file.flush()
                start = time.perf_counter()
                read = read_boards(file.name, lang)
                seconds.append(time.perf_counter() - start)
            for board, answer in zip(read, answers) if len(read) == len(answers) else ():
                shown = guesses[: guesses.index(answer) + 1]
                want = [upper(word, lang) for word in shown]
                rows += sum(a == b for a, b in zip(want, board.shown))
                replies += board.replies == tuple(reply(word, answer) for word in shown)
                for a, b in zip("".join(want), "".join(board.shown)):
                    unread += b == "?"
                    wrong += b not in ("?", a)
            total += sum(guesses.index(answer) + 1 for answer in answers)
            boards += len(answers)
        print(
            f"{name} | {len(pictures)} | {rows}/{total} | {replies}/{boards} | {unread} | "
            f"{wrong} | {statistics.median(seconds):.2f} / {max(seconds):.2f}",
            flush=True,
        )


def drawn_sets(count: int) -> dict[str, list[tuple[str, tuple[str, ...], bytes]]]:
    """Return each set's pictures: (language, guesses, the file's bytes)."""
    from playwright.sync_api import sync_playwright

    made: dict[str, list[tuple[str, tuple[str, ...], bytes]]] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium")
        for name, (phone, theme, font, quality, scale) in list(SETS.items())[:count]:
            made[name] = []
            for lang, games in GAMES.items():
                for guesses in games:
                    game = played(lang, guesses, theme=theme, font=font)
                    png = screenshot(browser, game, phone, 3 if phone else 1)
                    data = png if quality is None else jpeg(png, quality, scale)
                    made[name].append((lang, guesses, data))
        browser.close()
    return made


def rapid_reader():
    """Return rapidocr's reading of one glyph (None: not installed)."""
    try:
        from rapidocr_onnxruntime import RapidOCR
    except ImportError:
        return None
    engine = RapidOCR()

    def read(glyph) -> str:
        found, _ = engine(np.stack([glyph] * 3, axis=-1), use_det=False, use_cls=False)
        text = unicodedata.normalize("NFKC", found[0][0] if found else "").upper()
        return text.translate(CONFUSED)[:1] if len(text) == 1 else ""

    return read


def letters(reader: str, tiles, capitals: str, lang: str, rapid) -> list[str | None]:
    """Return each tile's letter by one reader (None: unread)."""
    glyphs = [tile.glyph for tile in tiles]
    if reader in ("chosen", "shapes"):
        inks = [tile.ink for tile in tiles]
        return read_letters(glyphs, inks, capitals, lang, ocr=reader == "chosen")
    if reader == "tesseract":
        read = tesseract(glyphs, tesseract_ready(lang) or "eng")
    else:
        read = [rapid(glyph) for glyph in glyphs]
    return [text if text in capitals and text else None for text in read]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--readers", default="chosen,shapes,tesseract,rapidocr")
    parser.add_argument("--sets", type=int, default=len(SETS))
    parser.add_argument("--boards", action="store_true", help="Dordle's and Quordle's sets")
    args = parser.parse_args()
    if args.boards:
        boards_main()
        return
    made = drawn_sets(args.sets)
    rapid = rapid_reader()
    print("set | reader | words right | replies right | tiles unread | tiles wrong | s/picture")
    for reader in args.readers.split(","):
        if reader == "rapidocr" and rapid is None:
            print("rapidocr: not installed (pip install rapidocr-onnxruntime)")
            continue
        for name, pictures in made.items():
            words = replies = unread = wrong = total = 0
            seconds = []
            for lang, guesses, data in pictures:
                alphabet = language(lang).alphabet()
                capitals = capitals_of(alphabet, list(language(lang).accents))
                with tempfile.NamedTemporaryFile(suffix=".img") as file:
                    file.write(data)
                    file.flush()
                    start = time.perf_counter()
                    if reader == "chosen":
                        read = read_image(file.name, lang)
                        shown, got = read.shown, read.replies
                    else:
                        grid = find_grid(read_picture(Path(file.name)))
                        tiles = [tile for row in grid.rows for tile in row]
                        found = letters(reader, tiles, capitals, lang, rapid)
                        k = grid.length
                        shown = [
                            "".join(c or "?" for c in found[i : i + k])
                            for i in range(0, len(found), k)
                        ]
                        got = ["".join(t.reply for t in row) for row in grid.rows]
                    seconds.append(time.perf_counter() - start)
                want = [upper(g, lang) for g in guesses]
                total += len(guesses)
                words += sum(a == b for a, b in zip(want, shown)) if len(shown) == len(want) else 0
                replies += list(got) == [
                    played(lang, guesses).replies[i] for i in range(len(guesses))
                ]
                for a, b in zip("".join(want), "".join(shown)):
                    unread += b == "?"
                    wrong += b not in ("?", a)
            print(
                f"{name} | {reader} | {words}/{total} | {replies}/{len(pictures)} boards | "
                f"{unread} | {wrong} | {statistics.median(seconds):.2f} / {max(seconds):.2f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
