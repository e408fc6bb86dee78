"""Pictures of finished games drawn the way the daily games draw them (NYT Wordle's colours,
Debian's Liberation and DejaVu fonts, bold capitals), for the tests and the benchmark of the
picture reader: a page of HTML per game (a header, the board with its empty rows, a coloured
keyboard, a share button), then Chromium's screenshot of it."""

import io
import json
from collections import Counter
from dataclasses import dataclass, replace

# (green, yellow, grey, background, empty tile's border, text, a key not yet used)
THEMES = {
    "light": ("#6aaa64", "#c9b458", "#787c7e", "#ffffff", "#d3d6da", "#1a1a1b", "#d3d6da"),
    "dark": ("#538d4e", "#b59f3b", "#3a3a3c", "#121213", "#3a3a3c", "#ffffff", "#818384"),
    "contrast": ("#f5793a", "#85c0f9", "#787c7e", "#ffffff", "#d3d6da", "#1a1a1b", "#d3d6da"),
    "contrast-dark": ("#f5793a", "#85c0f9", "#3a3a3c", "#121213", "#3a3a3c", "#ffffff", "#818384"),
}
FONTS = ("Liberation Sans", "DejaVu Sans")
KEYBOARDS = {
    "en": ("qwertyuiop", "asdfghjkl", "zxcvbnm"),
    "es": ("qwertyuiop", "asdfghjklñ", "zxcvbnm"),
    "de": ("qwertzuiopü", "asdfghjklöä", "yxcvbnm"),
    "ru": ("йцукенгшщзхъ", "фывапролджэ", "ячсмитьбю"),
    "tr": ("ertyuıopğü", "asdfghjklşi", "zcvbnmöç"),
}
# games the solver played (lenwordle solve), each ending on its answer: 4 to 11 letters in
# English, 5 and 6 in Spanish (Ñ), Russian and Turkish (İ, Ş)
GAMES = {
    "en": [
        ("teas", "gold", "pray", "crab"),
        ("teas", "lion", "flip", "clip"),
        ("slate", "corny", "manga", "japan"),
        ("slate", "brush", "grass", "grasp"),
        ("caries", "slight", "sights"),
        ("caries", "celery", "creepy"),
        ("carnies", "thimble", "dunging", "banking"),
        ("carnies", "asphalt", "shallow"),
        ("pantries", "fractals", "entrance"),
        ("pantries", "procured", "preceded"),
        ("contrails", "patriotic"),
        ("contrails", "inspector"),
        ("porcelains", "suspicious"),
        ("porcelains", "admissions", "quotations"),
        ("congruities", "enterprises"),
        ("congruities", "tentatively"),
    ],
    "es": [
        ("corea", "mutis", "otoño"),
        ("corea", "tenis", "diste", "viste"),
        ("serian", "calato", "muñeca"),
        ("serian", "caudal", "villas"),
    ],
    "ru": [
        ("тоска", "велит", "буфет", "умеют"),
        ("тоска", "мерин", "нашим"),
        ("монета", "курсив", "лосось", "полосы"),
        ("монета", "курсив", "брился", "сибири"),
    ],
    "tr": [
        ("kalem", "kimse"),
        ("kalem", "temel"),
        ("martin", "pişman", "şişman"),
        ("martin", "seviye", "suriye"),
    ],
}
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


@dataclass(frozen=True)
class Drawn:
    """A game to draw: its guesses (lower case, the game's letters) and replies (g/y/.)."""

    lang: str
    guesses: tuple[str, ...]
    replies: tuple[str, ...]
    theme: str = "light"
    font: str = FONTS[0]
    rows: int = 6
    boards: int = 1  # drawn side by side, the same (a picture of one board, twice)
    # a game of several boards (Dordle's two side by side, Quordle's four two by two): each
    # board's answer, its rows shown up to its solve, blank below (replies: the last board's)
    answers: tuple[str, ...] = ()

    def board_rows(self) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
        """Return each board drawn: the guesses it shows and their replies."""
        if not self.answers:
            return [(self.guesses, self.replies)] * self.boards
        drawn = []
        for answer in self.answers:
            shown = self.guesses[: self.guesses.index(answer) + 1]
            drawn.append((shown, tuple(reply(guess, answer) for guess in shown)))
        return drawn


def reply(guess: str, answer: str) -> str:
    """Return the reply g/y/. to guess (the tests' own scorer: greens, then yellows from the
    answer's letters left)."""
    marks = ["g" if g == a else "." for g, a in zip(guess, answer)]
    left = Counter(a for a, mark in zip(answer, marks) if mark != "g")
    for i, letter in enumerate(guess):
        if marks[i] != "g" and left[letter]:
            marks[i], left[letter] = "y", left[letter] - 1
    return "".join(marks)


def played(lang: str, guesses: tuple[str, ...], **how: object) -> "Drawn":
    """Return a game drawn to its answer, the last guess (how: Drawn's other fields)."""
    replies = tuple(reply(guess, guesses[-1]) for guess in guesses)
    return replace(Drawn(lang, guesses, replies), **how)


def several(lang: str, guesses: tuple[str, ...], answers: tuple[str, ...], **how: object) -> Drawn:
    """Return a game of several boards drawn (Dordle's, Quordle's: as many rows as guesses
    allowed, the boards + 5), each board solved at its answer's guess."""
    drawn = Drawn(lang, guesses, (), answers=answers, rows=len(answers) + 5)
    return replace(drawn, replies=drawn.board_rows()[-1][1], **how)


def upper(word: str, lang: str) -> str:
    """Return a word in capitals as its language writes them (Turkish i is İ)."""
    if lang == "tr":
        word = word.replace("i", "İ").replace("ı", "I")
    return word.upper()


def page(game: Drawn, phone: bool) -> str:
    """Return the HTML of a finished game's screen."""
    green, yellow, grey, back, empty, text, key = THEMES[game.theme]
    colour = {"g": green, "y": yellow, ".": grey}
    k = len(game.guesses[0])
    width = 370 if phone else 480
    drawn = game.board_rows()
    columns = min(2, len(drawn))
    board_width = (width - 24 * (columns - 1)) // columns
    tile = min(62, (board_width - 5 * (k - 1)) // k, 62 if phone or len(drawn) < 3 else 32)
    boards = []
    for guesses, replies in drawn:
        rows = []
        for i in range(game.rows):
            cells = []
            for j in range(k):
                if i < len(guesses):
                    letter = upper(guesses[i][j], game.lang)
                    fill = colour[replies[i][j]]
                    cells.append(
                        f'<div class="t" style="background:{fill};border-color:{fill}">'
                        f"{letter}</div>"
                    )
                else:
                    cells.append('<div class="t e"></div>')
            rows.append(f'<div class="r">{"".join(cells)}</div>')
        boards.append(f'<div class="b">{"".join(rows)}</div>')
    best: dict[str, str] = {}
    for word, reply in zip(game.guesses, game.replies):
        for letter, mark in zip(word, reply):
            if letter not in best or ".yg".index(mark) > ".yg".index(best[letter]):
                best[letter] = mark
    keys = []
    for line in KEYBOARDS[game.lang]:
        cells = [
            f'<div class="k" style="background:{colour[best[ch]] if ch in best else key}">'
            f"{upper(ch, game.lang)}</div>"
            for ch in line
        ]
        keys.append(f'<div class="kr">{"".join(cells)}</div>')
    size = max(14, tile // 2)
    return f"""<!doctype html><html><head><meta charset="utf-8"><style>
body {{ margin:0; background:{back}; color:{text}; font-family:'{game.font}'; }}
header {{ height:50px; border-bottom:1px solid {empty}; display:flex; align-items:center;
  justify-content:space-between; padding:0 16px; font-weight:bold; font-size:28px; }}
.bs {{ display:grid; grid-template-columns:repeat({columns}, auto); gap:24px 32px;
  justify-content:center; margin:24px auto; }}
.b {{ display:grid; gap:5px; width:{k * tile + 5 * (k - 1)}px; }}
.r {{ display:grid; grid-template-columns:repeat({k}, {tile}px); gap:5px; }}
.t {{ width:{tile}px; height:{tile}px; box-sizing:border-box; border:2px solid; display:flex;
  align-items:center; justify-content:center; font-weight:bold; font-size:{size}px;
  color:#ffffff; text-transform:uppercase; }}
.e {{ border-color:{empty}; }}
.kb {{ margin:8px auto; width:{"384px" if phone else "484px"}; }}
.kr {{ display:flex; justify-content:center; gap:5px; margin-bottom:8px; }}
.k {{ flex:1; max-width:43px; height:58px; border-radius:4px; display:flex; font-weight:bold;
  align-items:center; justify-content:center; font-size:16px; color:{text}; }}
.s {{ margin:16px auto; width:160px; height:48px; border-radius:24px; background:{green};
  color:#fff; display:flex; align-items:center; justify-content:center; font-weight:bold; }}
</style></head><body><header><span>&#9776;</span><span>Wordle</span><span>? &#9881;</span>
</header><div class="bs">{"".join(boards)}</div><div class="s">Share</div>
<div class="kb">{"".join(keys)}</div></body></html>"""


def screenshot(browser, game: Drawn, phone: bool, scale: int) -> bytes:
    """Return the PNG Chromium makes of a game's screen (phone: 390 px wide, else a desktop's
    1280; scale: the device's pixel ratio)."""
    context = browser.new_context(viewport=PHONE if phone else DESKTOP, device_scale_factor=scale)
    try:
        view = context.new_page()
        view.set_content(page(game, phone))
        view.evaluate("document.fonts.ready")
        return bytes(view.screenshot(full_page=False))
    finally:
        context.close()


def jpeg(png: bytes, quality: int = 70, scale: float = 1.0) -> bytes:
    """Return a picture recompressed as a JPEG, scaled first (a picture shared on a chat)."""
    from PIL import Image

    picture = Image.open(io.BytesIO(png)).convert("RGB")
    if scale != 1.0:
        size = (round(picture.width * scale), round(picture.height * scale))
        picture = picture.resize(size, Image.Resampling.BILINEAR)
    out = io.BytesIO()
    picture.save(out, "JPEG", quality=quality)
    return out.getvalue()


def described(game: Drawn) -> str:
    """Return a game as one line of JSON (a failing test's message)."""
    return json.dumps([game.lang, game.theme, game.guesses, game.replies], ensure_ascii=False)
