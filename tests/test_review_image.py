"""review --image and review_image: finished games read from screenshots the tests draw in
Chromium the way the daily games draw them (board_pictures.py), then reviewed; bad files
said in one line."""

import json
import os
import shutil
import struct
import zlib

import pytest
from board_pictures import GAMES, jpeg, page, played, reply, screenshot, several, upper
from helpers import invoke

import lenwordle
from lenwordle.api import (
    SetupError,
    UnreadPicture,
    read_boards,
    read_image,
    review_boards,
    review_image,
)
from lenwordle.games import picture

pytest.importorskip("PIL", reason="the [image] extra is not installed")
if not os.environ.get("CI") and shutil.which("tesseract") is None:
    pytest.skip("no tesseract (apt-get install tesseract-ocr)", allow_module_level=True)

# (language, game, phone, theme, font, JPEG quality or None, scale of the copy): every game
# once, phone (pixel ratio 3) and desktop (1), every theme, both fonts, PNG and JPEG copies
SHOTS = [
    (lang, i, n % 3 != 0, theme, font, quality, scale)
    for n, (lang, i) in enumerate((lang, i) for lang in GAMES for i in range(len(GAMES[lang])))
    for theme in [("light", "dark", "contrast", "contrast-dark")[n % 4]]
    for font in [("Liberation Sans", "DejaVu Sans")[n % 2]]
    for quality, scale in [((None, 1.0), (70, 1.0), (60, 0.5))[n % 3]]
]


def shot_id(shot) -> str:
    lang, i, phone, theme, font, quality, scale = shot
    kind = "png" if quality is None else f"jpeg{quality}x{scale}"
    return f"{lang}{len(GAMES[lang][i][0])}-{i}-{'phone' if phone else 'desktop'}-{theme}-{kind}"


@pytest.fixture(scope="module")
def draw(browser, tmp_path_factory):
    """Return a function that draws a game to a file (PNG, or a JPEG copy) and its path."""
    folder = tmp_path_factory.mktemp("boards")

    def drawn(game, phone=True, quality=None, scale=1.0, name="board", ratio=None):
        png = screenshot(browser, game, phone, ratio or (3 if phone else 1))
        path = folder / f"{name}.{'png' if quality is None else 'jpg'}"
        path.write_bytes(png if quality is None else jpeg(png, quality, scale))
        return path

    return drawn


# the tiles left unread, by picture: an E of 21 pixels that the shapes find nearly as like
# an F and Tesseract reads as nothing; two S whose capitals, under glyphs.SMALL pixels, are
# not far enough ahead of B (glyphs.SMALL_MARGIN) and Tesseract does not read
# (docs/trees-and-review.md#reviewing-a-screenshot)
KNOWN_UNREAD = {"en11-14-phone-contrast-jpeg60x0.5": ((0, 9), (0, 10), (1, 8))}


@pytest.mark.parametrize("shot", SHOTS, ids=map(shot_id, SHOTS))
def test_every_word_and_reply_is_read_right(draw, shot):
    lang, i, phone, theme, font, quality, scale = shot
    game = played(lang, GAMES[lang][i], theme=theme, font=font)
    read = read_image(draw(game, phone, quality, scale, shot_id(shot)), lang)
    unread = KNOWN_UNREAD.get(shot_id(shot), ())
    shown = [list(upper(word, lang)) for word in game.guesses]
    for row, column in unread:
        shown[row][column] = "?"
    assert read.shown == tuple(map("".join, shown))  # (never a letter read wrong)
    assert read.words == tuple(
        None if any(r == row for r, _ in unread) else word
        for row, word in enumerate(game.guesses)  # (folded as the game has them: i, ı)
    )
    assert read.replies == game.replies
    assert read.unread == unread


def test_a_won_game_is_reviewed_as_review_reviews_it_typed(draw):
    guesses = GAMES["en"][2]  # slate corny manga japan
    path = draw(played("en", guesses, theme="dark"), name="won")
    seen = review_image(path)
    typed = lenwordle.review(*guesses, answer=guesses[-1])
    assert seen.review.answer == "japan"
    assert [t.as_dict() for t in seen.review.turns] == [t.as_dict() for t in typed.turns]
    assert seen.review.figures == typed.figures
    result = invoke("review", "--image", str(path), "--json")
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["read"]["words"] == list(guesses)
    assert out["read"]["replies"] == ["..y..", "...y.", ".gy.y", "ggggg"]
    by_hand = invoke("review", *(guesses[-1], *guesses), "--json")
    assert out["review"] == json.loads(by_hand.stdout)


def test_a_lost_game_is_reviewed_by_its_replies(draw):
    game = played("ru", GAMES["ru"][2])  # монета курсив лосось полосы: three rows shown
    lost = type(game)("ru", game.guesses[:3], game.replies[:3], "dark")
    seen = review_image(draw(lost, phone=False, name="lost"), lang="ru")
    assert seen.review.answer is None
    assert [t.guess for t in seen.review.turns] == list(game.guesses[:3])
    assert [t.reply for t in seen.review.turns] == list(game.replies[:3])
    text = invoke("review", "--image", str(draw(lost, phone=False, name="lost")), "--lang", "ru")
    assert text.returncode == 0, text.stderr
    assert text.stdout.splitlines()[:3] == [
        f"Read: {upper(w, 'ru')} {r}" for w, r in zip(lost.guesses, lost.replies)
    ]


def test_colours_that_no_answer_gives_are_refused_not_reviewed(draw):
    game = played("en", GAMES["en"][2])
    wrong = type(game)("en", game.guesses, ("..y..", "..yy.", ".gy.y", "ggggg"))
    with pytest.raises(UnreadPicture, match="row 2's colours"):
        review_image(draw(wrong, name="wrong"))


def test_a_letter_outside_the_alphabet_is_said_unread_never_guessed(draw):
    game = played("en", GAMES["en"][2])
    odd = type(game)("en", ("sl#te", *game.guesses[1:]), game.replies)
    read = read_image(draw(odd, name="odd"))
    assert read.unread == ((0, 2),)
    assert read.shown[0] == "SL?TE" and read.words[0] is None
    result = invoke("review", "--image", str(draw(odd, name="odd")))
    assert result.returncode == 2
    assert result.stderr.strip() == (
        "error: odd.png: 1 tile not read (the first: row 1, letter 3); type the game instead"
    )


def test_accents_fold_as_the_languages_game_folds_them(draw):
    spanish = type(played("es", GAMES["es"][0]))("es", ("acción", "muñeca"), ("g.....", "gggggg"))
    assert read_image(draw(spanish, name="es"), "es").words == ("accion", "muñeca")
    german = type(spanish)("de", ("kühle", "bären"), (".....", "ggggg"))
    assert read_image(draw(german, name="de"), "de").words == ("kuhle", "baren")
    assert read_image(draw(german, name="de"), "de", accents="keep").words == ("kühle", "bären")


def test_a_turkish_dotted_and_dotless_i_are_two_letters(draw):
    game = type(played("tr", GAMES["tr"][0]))("tr", ("kılıç", "kimse"), ("g....", "ggggg"))
    assert read_image(draw(game, name="tr"), "tr").words == ("kılıç", "kimse")


def test_the_projects_own_page_is_read():
    from helpers import ROOT

    for name in ("web-phone-light.png", "web-desktop-dark.png"):
        read = read_image(ROOT / "docs" / name)
        assert read.shown == ("SLATE", "CREED", "CAPER"), name
        assert read.replies == ("..y.y", "gy.g.", "ggggg"), name
    with pytest.raises(UnreadPicture, match="no letters"):  # (its review: a share grid)
        read_image(ROOT / "docs" / "web-end-phone-dark.png")
    for name in ("web-practice-phone-light.png", "web-practice-phone-dark.png"):
        read = read_image(ROOT / "docs" / name)  # (a game under way: NOV typed, not entered)
        assert read.shown == ("SLATE", "CRONY") and read.replies == (".y..y", "..yy."), name


def png_header(width: int, height: int) -> bytes:
    """Return a PNG file of this size whose pixels are cut short (one row's bytes)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    pixels = zlib.compress(b"\0" * (1 + 3 * min(width, 64)))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels)


@pytest.mark.parametrize(
    "data, said",
    [
        (b"", "the file is empty"),
        (b"hello\n", "not a picture: give a PNG or JPEG screenshot"),
        (png_header(20000, 20000), "the picture is too large"),
        (
            png_header(8000, 5001),
            "the picture is too large: 8000 x 5001 pixels, at most 40,000,000",
        ),
        (png_header(8000, 5000), "the picture is damaged or cut short"),  # (exactly at it)
        (png_header(400, 300), "the picture is damaged or cut short"),
    ],
    ids=["empty", "text", "bomb", "one-pixel-past", "at-the-limit", "truncated"],
)
def test_a_bad_file_is_one_line_and_exit_2(tmp_path, data, said):
    path = tmp_path / "bad.png"
    path.write_bytes(data)
    with pytest.raises(UnreadPicture) as raised:
        read_image(path)
    assert str(raised.value).startswith(f"bad.png: {said}")
    result = invoke("review", "--image", str(path))
    assert result.returncode == 2 and result.stdout == ""
    assert (
        result.stderr.startswith(f"error: bad.png: {said}")
        and len(result.stderr.splitlines()) == 1
    )


def test_a_file_past_the_byte_limit_is_not_read(tmp_path, monkeypatch):
    monkeypatch.setattr(picture, "MAX_BYTES", 1000)
    at, past = tmp_path / "at.png", tmp_path / "past.png"
    at.write_bytes(png_header(20, 20).ljust(1000, b"\0"))
    past.write_bytes(png_header(20, 20).ljust(1001, b"\0"))
    with pytest.raises(UnreadPicture, match="the file is too large"):
        read_image(past)
    with pytest.raises(UnreadPicture) as raised:  # (read: no board in it)
        read_image(at)
    assert "too large" not in str(raised.value)


def test_pictures_with_no_board_or_too_small_a_board(tmp_path):
    from PIL import Image

    blank = tmp_path / "blank.png"
    Image.new("RGB", (400, 300), "white").save(blank)
    with pytest.raises(UnreadPicture, match="no board found"):
        read_image(blank)
    gif = tmp_path / "board.gif"
    Image.new("RGB", (40, 30), "white").save(gif)
    with pytest.raises(UnreadPicture, match="a GIF picture"):
        read_image(gif)
    for side, fits in ((picture.MIN_TILE, True), (picture.MIN_TILE - 1, False)):
        drawn = Image.new("RGB", (20 * side, 6 * side), "white")
        for row in range(2):
            for column in range(5):
                left, top = side + column * (side + 3), side + row * (side + 3)
                drawn.paste("#6aaa64", (left, top, left + side, top + side))
        small = tmp_path / f"small{side}.png"
        drawn.save(small)
        if fits:
            grid = picture.find_grid(picture.read_picture(small))
            assert (len(grid.rows), grid.length) == (2, 5)
            assert grid.rows[0][0].box == (side, side, 2 * side, 2 * side)
        else:
            with pytest.raises(picture.PictureError, match="too small to read"):
                picture.find_grid(picture.read_picture(small))


def test_without_the_image_extra_one_line_says_what_to_install(monkeypatch, tmp_path):
    import importlib.util

    find = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda n, *a: None if n == "PIL" else find(n, *a)
    )
    path = tmp_path / "b.png"
    path.write_bytes(b"x")
    with pytest.raises(SetupError, match=r"pip install 'lenwordle\[image\]'"):
        read_image(path)
    result = invoke("review", "--image", str(path))
    assert result.returncode == 2
    assert (
        result.stderr
        == "error: reading a picture needs the [image] extra: pip install 'lenwordle[image]'\n"
    )


def test_the_drawn_page_has_the_games_colours():
    html = page(played("en", GAMES["en"][2], theme="contrast"), phone=True)
    assert "#f5793a" in html and "#85c0f9" in html and "#6aaa64" not in html


def test_a_picture_past_the_reading_size_is_reduced_then_read(monkeypatch):
    from helpers import ROOT

    path = ROOT / "docs" / "web-phone-light.png"
    full = picture.read_picture(path)
    height, width = full.shape[:2]
    monkeypatch.setattr(picture, "READ_PIXELS", width * height)  # (exactly at it: as is)
    assert picture.read_picture(path).shape == full.shape
    monkeypatch.setattr(picture, "READ_PIXELS", width * height - 1)  # (past it: halved)
    assert picture.read_picture(path).shape == ((height + 1) // 2, (width + 1) // 2, 3)
    monkeypatch.setattr(picture, "READ_PIXELS", width * height // 4 - 1)  # (a third)
    assert picture.read_picture(path).shape[1] == (width + 2) // 3
    monkeypatch.setattr(picture, "READ_PIXELS", width * height // 4)
    assert read_image(path).shown == ("SLATE", "CREED", "CAPER")  # (halved: still read)


@pytest.mark.parametrize("font", ["DejaVu Sans Mono", "Liberation Serif"])
def test_a_font_unlike_the_shapes_leaves_tiles_unread_never_misread(draw, font):
    for lang in ("en", "ru"):
        game = played(lang, GAMES[lang][1], font=font, theme="dark")
        read = read_image(draw(game, phone=False, name=f"font-{lang}"), lang)
        for seen, word in zip(read.shown, game.guesses):
            assert all(a in ("?", b) for a, b in zip(seen, upper(word, lang))), (seen, word)
        assert read.replies == game.replies


# Dordle's two boards side by side and Quordle's four two by two, each board drawn up to its
# solve with blank rows below (board_pictures.several): (name, language, guesses, each
# board's answer, phone, theme, the device's pixel ratio)
QUORDLE = ("slate", "corny", "manga", "japan", "crane", "moist")
SEVERAL = [
    ("dordle-en-phone-light", "en", QUORDLE[:4], ("manga", "japan"), True, "light", 3),
    ("dordle-en-desktop-dark", "en", QUORDLE[:4], ("japan", "manga"), False, "dark", 1),
    (
        "quordle-en-phone-dark",
        "en",
        QUORDLE,
        ("manga", "japan", "crane", "moist"),
        True,
        "dark",
        3,
    ),
    (
        "quordle-en-desktop-light",
        "en",
        QUORDLE,
        ("crane", "japan", "moist", "manga"),
        False,
        "light",
        2,
    ),  # fmt: skip
    ("dordle-ru-desktop-light", "ru", GAMES["ru"][2], ("полосы", "лосось"), False, "light", 1),
    (
        "quordle-ru-phone-dark",
        "ru",
        GAMES["ru"][2] + GAMES["ru"][3][2:],
        ("сибири", "лосось", "полосы", "брился"),
        True,
        "dark",
        3,
    ),  # fmt: skip
]


@pytest.mark.parametrize("case", SEVERAL, ids=[case[0] for case in SEVERAL])
def test_each_board_of_dordle_and_quordle_is_read_and_reviewed(draw, case):
    name, lang, guesses, answers, phone, theme, ratio = case
    game = several(lang, guesses, answers, theme=theme)
    path = draw(game, phone, name=name, ratio=ratio)
    boards = read_boards(path, lang)
    assert len(boards) == len(answers)  # (reading order: left to right, then down)
    for board, answer in zip(boards, answers):
        shown = guesses[: guesses.index(answer) + 1]  # (its rows up to its solve, no more)
        assert board.shown == tuple(upper(word, lang) for word in shown)
        assert board.replies == tuple(reply(word, answer) for word in shown)
        assert board.words == shown and board.unread == ()
    seen = review_image(path, lang)
    limit = {2: 7, 4: 9}[len(answers)]  # (Dordle's 7 guesses, Quordle's 9)
    assert seen.boards == boards and len(seen.reviews) == len(answers)
    for done, answer in zip(seen.reviews, answers):
        shown = guesses[: guesses.index(answer) + 1]
        typed = lenwordle.review(*shown, answer=answer, lang=lang, max_guesses=limit)
        assert done.answer == answer
        assert [t.as_dict() for t in done.turns] == [t.as_dict() for t in typed.turns]
        assert done.figures == typed.figures
    with pytest.raises(UnreadPicture, match=f"{len(answers)} boards found"):
        read_image(path, lang)


def test_the_command_line_reviews_quordle_a_board_each(draw):
    game = several("en", QUORDLE, ("manga", "japan", "crane", "moist"))
    path = draw(game, name="quordle-cli")
    text = invoke("review", "--image", str(path))
    assert text.returncode == 0, text.stderr
    lines = text.stdout.splitlines()
    heads = [line for line in lines if line.startswith("Board ")]
    assert heads == ["Board 1:", "Board 2:", "Board 3:", "Board 4:"]
    first = lines[lines.index("Board 1:") + 1 : lines.index("Board 2:")]
    assert first[:3] == ["Read: SLATE ..y..", "Read: CORNY ...y.", "Read: MANGA ggggg"]
    out = json.loads(invoke("review", "--image", str(path), "--json").stdout)
    assert [b["read"]["words"][-1] for b in out["boards"]] == ["manga", "japan", "crane", "moist"]
    last = QUORDLE  # (the fourth board: every guess, solved at MOIST)
    by_hand = invoke("review", "moist", *last, "--max-guesses", "9", "--json")
    assert out["boards"][3]["review"] == json.loads(by_hand.stdout)


def test_the_boards_of_one_game_read_one_letter_each_tile(draw, monkeypatch):
    from lenwordle.api import pictures

    game = several("en", QUORDLE[:4], ("manga", "japan"))
    path = draw(game, phone=False, name="dordle-merge")
    real = pictures.read_letters

    def read(glyphs, *rest):
        letters = real(glyphs, *rest)  # board 1's 15 tiles, then board 2's 20
        letters[0] = None  # board 1's S unread: board 2's read
        letters[15 + 6] = "X"  # board 2's O (row 2) read as X: board 1's O, two letters
        return letters

    monkeypatch.setattr(pictures, "read_letters", read)
    one, two = read_boards(path)
    assert one.shown[0] == two.shown[0] == "SLATE"
    assert one.shown[1] == two.shown[1] == "C?RNY"  # (read on neither: never guessed)
    assert one.unread == two.unread == ((1, 1),) and one.words[1] is None
    with pytest.raises(UnreadPicture, match=r"2 tiles not read \(the first: board 1, row 2"):
        review_image(path)


def test_a_board_stops_only_at_its_solve():
    guesses = ["slate", "corny", "manga", "japan"]
    japan = [reply(word, "japan") for word in guesses]
    manga = [reply(word, "manga") for word in guesses[:3]]
    assert [len(d.turns) for d in review_boards(guesses, [manga, japan])] == [3, 4]
    lost = [reply(word, "manga") for word in guesses[:2]]  # (two rows, then blank: unsolved)
    with pytest.raises(UnreadPicture, match="board 1 shows 2 of 4 rows, its last not green"):
        review_boards(guesses, [lost, japan])
    with pytest.raises(SetupError, match="the longest board has 3 for 4 guesses"):
        review_boards(guesses, [manga, manga])
    with pytest.raises(SetupError, match=r"boards is 4: the replies are of 2"):
        review_boards(guesses, [manga, japan], boards=4)
    with pytest.raises(SetupError, match="variant=fibble is played on one board"):
        review_boards(guesses, [manga, japan], variant="fibble")


def test_dordles_limit_is_seven_guesses():
    words = ["slate", "corny", "quick", "brown", "pilot", "fudge", "manga", "japan"]
    for n, verdict in ((7, "Solved in 7, 3.5 more"), (8, "Solved in 8, over the limit of 7")):
        guesses = words[:n]
        last = [reply(word, guesses[-1]) for word in guesses]
        manga = [reply(word, "corny") for word in guesses[:2]]
        done = review_boards(guesses, [last, manga])
        assert done[0].figures["verdict"].startswith(verdict.split(",")[0]), n
        assert ("over the limit of 7" in done[0].figures["verdict"]) == (n == 8)


def test_a_variant_of_colour_tiles_is_read_and_reviewed_from_its_rows(draw):
    guesses = ("stare", "carol", "crass", "cigar")
    rows = ("y.yy.", "yyy..", "gyyg.", "ggggg")  # (docs/variants.md's Fibble game: a lie a row)
    game = type(played("en", guesses))("en", guesses, rows, "dark")
    path = draw(game, name="fibble")
    seen = review_image(path, variant="fibble")
    typed = lenwordle.review(*guesses, replies=rows, variant="fibble")
    assert seen.read.replies == rows and seen.review.variant == "fibble"
    assert [t.as_dict() for t in seen.review.turns] == [t.as_dict() for t in typed.turns]
    text = invoke("review", "--image", str(path), "--variant", "fibble")
    assert text.returncode == 0, text.stderr
    by_hand = invoke("review", "--variant", "fibble", *(f"{w}={r}" for w, r in zip(guesses, rows)))
    assert text.stdout.splitlines()[4:] == by_hand.stdout.splitlines()
    assert text.stdout.splitlines()[0] == "Read: STARE y.yy."
    with pytest.raises(UnreadPicture, match="row 1's colours"):  # (as Wordle: no lie)
        review_image(path)


@pytest.mark.parametrize(
    "variant, why",
    [("peaks", "its tiles are arrows"), ("woodle", "its rows are counts of tiles"),
     ("nerdle", "its tiles are signs, not letters")],
)  # fmt: skip
def test_a_variant_whose_picture_is_not_read_is_refused_before_reading(tmp_path, variant, why):
    path = tmp_path / "none.png"  # (no file: the variant is refused first)
    with pytest.raises(SetupError, match=f"variant={variant}: {why}"):
        review_image(path, variant=variant)
    result = invoke("review", "--image", str(path), "--variant", variant)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == (
        f"error: --variant {variant}: {why}, which a picture is not read for; type the game "
        "instead\n"
    )
    assert invoke("review", "--image", str(path), "crane").returncode == 2


def test_small_capitals_are_read_right_or_said_unread_never_misread(draw):
    # Quordle on a desktop at pixel ratio 1: tiles of 32 pixels, capitals 12 tall, where an
    # R is more like P than R by 0.07 (glyphs.SMALL_MARGIN sends it to Tesseract)
    game = several("en", QUORDLE, ("crane", "japan", "moist", "manga"), theme="dark")
    boards = read_boards(draw(game, phone=False, name="quordle-small", ratio=1))
    for board in boards:
        for seen, word in zip(board.shown, QUORDLE):
            assert all(a in ("?", b) for a, b in zip(seen, word.upper())), (seen, word)
    assert [board.replies[-1] for board in boards] == ["ggggg"] * 4


@pytest.mark.parametrize(
    "variant, guesses, rows",
    [
        ("warmle", ("bread", "cigar"), ("y.yg.", "ggggg")),  # (B is C's neighbour: warm)
        ("xordle", ("stare", "cigar"), ("y.yy.", "ggggg")),  # (its second answer left)
        ("hardle", GAMES["en"][2], tuple(reply(w, "japan") for w in GAMES["en"][2])),
    ],
    ids=["warmle", "xordle", "hardle"],
)
def test_every_variant_of_colour_tiles_reads_as_its_typed_review(draw, variant, guesses, rows):
    game = type(played("en", guesses))("en", guesses, rows, "light")
    seen = review_image(draw(game, phone=False, name=variant), variant=variant)
    typed = lenwordle.review(*guesses, replies=rows, variant=variant)
    assert seen.read.replies == rows and seen.review.variant == variant
    assert [t.as_dict() for t in seen.review.turns] == [t.as_dict() for t in typed.turns]
    assert seen.review.figures == typed.figures
