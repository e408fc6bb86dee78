"""The page's review of a screenshot in a real browser (Debian's chromium, Playwright): a board
drawn as the daily games draw it (board_pictures.py), one tile's colour drawn wrong, is chosen
in Solve's "Review a screenshot"; its rows are shown as tiles, the review refused in one line
until the tile is fixed (a click), a letter typed on a tile is its letter, and the review is
shown. A bad file is one line, and no error but its 400. A picture pasted or dropped is read.

Without /usr/bin/chromium these tests are skipped, unless CI is set: CI must run them."""

import base64
import shutil

import pytest
from board_pictures import GAMES, played, reply, screenshot, several
from web_browser import expect, ready_page  # (first: it skips without a browser)

pytestmark = pytest.mark.process
pytest.importorskip("PIL", reason="the [image] extra is not installed")
if shutil.which("tesseract") is None:
    pytest.skip("no tesseract (apt-get install tesseract-ocr)", allow_module_level=True)


@pytest.fixture
def page(browser, server):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    opened = ready_page(context, server)
    yield opened
    context.close()


def tile(page, row, column):
    return page.locator(f"#shot-board .tile[data-row='{row}'][data-pos='{column}']")


def test_a_drawn_board_is_read_fixed_and_reviewed(page, browser, server):
    guesses = GAMES["en"][2]  # slate corny manga japan
    replies = [reply(word, guesses[-1]) for word in guesses]
    assert replies[1] == "...y."  # (CORNY against JAPAN: its N)
    wrong = type(played("en", guesses))("en", guesses, (replies[0], "..yy.", *replies[2:]))
    png = screenshot(browser, wrong, True, 3)
    page.set_input_files("#shot-file", {"name": "board.png", "mimeType": "image/png",
                                        "buffer": png})  # fmt: skip
    page.wait_for_selector("body[data-shot='read']")
    rows = page.locator("#shot-board .row")
    expect(rows).to_have_count(4)
    assert [rows.nth(r).inner_text().replace("\n", "") for r in range(4)] == [
        "SLATE", "CORNY", "MANGA", "JAPAN"]  # fmt: skip
    expect(tile(page, 1, 2)).to_have_class("tile c1")  # (R drawn yellow: wrong)
    page.click("#shot-review")
    expect(page.locator("#shot-said")).to_have_text(
        "row 2's colours (..yy.) are not CORNY's against the answer"
    )
    page.problems[:] = [p for p in page.problems if not p.startswith("400 ")]
    tile(page, 1, 2).click()  # yellow, green...
    tile(page, 1, 2).click()  # ...grey
    expect(tile(page, 1, 2)).to_have_class("tile c0")
    tile(page, 3, 0).focus()
    page.keyboard.press("x")  # a letter typed on a tile is its letter
    expect(tile(page, 3, 0)).to_have_text("X")
    tile(page, 3, 0).focus()
    page.keyboard.press("j")
    expect(tile(page, 3, 0)).to_have_text("J")
    assert page.input_value("#word") == ""  # (the game solved: no letter typed into it)
    page.click("#shot-review")
    page.wait_for_selector("body[data-shot='reviewed']")
    table = page.locator("#shot-reviewed table.review tbody tr")
    expect(table).to_have_count(4)
    expect(page.locator("#shot-reviewed .figures")).to_contain_text("Solved in 4")
    assert page.problems == []


def test_a_bad_file_is_one_line_and_no_error_but_its_400(page):
    page.set_input_files("#shot-file", {"name": "bad.png", "mimeType": "image/png",
                                        "buffer": b"not a picture"})  # fmt: skip
    page.wait_for_selector("body[data-shot='refused']")
    said = page.locator("#shot-said")
    expect(said).to_have_text("screenshot: not a picture: give a PNG or JPEG screenshot")
    expect(page.locator("#shot-board .tile")).to_have_count(0)
    assert [p.split(" ")[0] for p in page.problems] == ["400"]
    assert page.problems[0].endswith("/api/review/image?lang=en&accents=fold&variant=wordle")


SEND = """([kind, data]) => {
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], "board.png", { type: "image/png" }));
    if (kind === "paste") {
        document.body.dispatchEvent(new ClipboardEvent("paste", { clipboardData: dt,
            bubbles: true }));
    } else {
        document.getElementById("shot").dispatchEvent(new DragEvent("drop", {
            dataTransfer: dt, bubbles: true, cancelable: true }));
    }
}"""


@pytest.mark.parametrize("kind", ["paste", "drop"])
def test_a_picture_pasted_or_dropped_is_read(page, kind):
    from helpers import ROOT

    data = base64.b64encode((ROOT / "docs" / "web-phone-light.png").read_bytes()).decode()
    page.evaluate(SEND, [kind, data])
    page.wait_for_selector("body[data-shot='read']")
    rows = page.locator("#shot-board .row")
    expect(rows).to_have_count(3)
    assert rows.nth(2).inner_text().replace("\n", "") == "CAPER"  # (SLATE CREED CAPER)
    assert page.problems == []


def test_a_tile_not_read_is_marked_and_must_be_given_before_the_review(page):
    # (the server's answer for a picture with a tile not read, as read_image gives it)
    read = {"words": ["slate", None], "replies": ["..y..", "ggggg"],
            "shown": ["SLATE", "JA?AN"], "unread": [[1, 2]]}  # fmt: skip
    page.route("**/api/review/image*", lambda route: route.fulfill(
        json={"boards": [read], "lang": "en", "accents": None, "variant": "wordle"}))  # fmt: skip
    page.set_input_files("#shot-file", {"name": "board.png", "mimeType": "image/png",
                                        "buffer": b"any"})  # fmt: skip
    page.wait_for_selector("body[data-shot='read']")
    unread = tile(page, 1, 2)
    expect(unread).to_have_text("?")
    expect(unread).to_have_class("tile c2 unread")
    expect(unread).to_have_attribute("aria-label", "Row 2, tile 3: not read, green")
    page.click("#shot-review")
    expect(page.locator("#shot-said")).to_have_text(
        "1 tile still not read (marked ?): type its letter first."
    )
    expect(page.locator("#shot-reviewed table")).to_have_count(0)
    unread.focus()
    page.keyboard.press("p")
    expect(tile(page, 1, 2)).to_have_class("tile c2")
    page.click("#shot-review")
    page.wait_for_selector("body[data-shot='reviewed']")
    expect(page.locator("#shot-reviewed table.review tbody tr")).to_have_count(2)
    assert page.problems == []


def choose(page, png, name="board.png"):
    page.set_input_files("#shot-file", {"name": name, "mimeType": "image/png", "buffer": png})


def test_quordles_four_boards_are_shown_corrected_and_reviewed_a_board_each(page, browser, server):
    guesses = ("slate", "corny", "manga", "japan", "crane", "moist")
    answers = ("manga", "japan", "crane", "moist")
    choose(page, screenshot(browser, several("en", guesses, answers, theme="dark"), True, 3))
    page.wait_for_selector("body[data-shot='read']")
    expect(page.locator("#shot-said")).to_have_text(
        "4 boards read. Check the board read, then review."
    )
    boards = page.locator("#shot-board .grid")
    expect(boards).to_have_count(4)
    for b, answer in enumerate(answers):  # (each board to its solve: its blank rows no rows)
        expect(boards.nth(b).locator(".row")).to_have_count(guesses.index(answer) + 1)
        expect(boards.nth(b)).to_have_attribute("aria-label", f"Board {b + 1}")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # (no sideways scroll)
    first = page.locator("#shot-board .tile[data-board='3'][data-row='0'][data-pos='0']")
    first.focus()
    page.keyboard.press("x")  # one guess: its letter on every board showing its row
    for b in range(4):
        shown = page.locator(f"#shot-board .tile[data-board='{b}'][data-row='0'][data-pos='0']")
        expect(shown).to_have_text("X")
    page.locator("#shot-board .tile[data-board='0'][data-row='0'][data-pos='0']").focus()
    page.keyboard.press("s")
    with page.expect_request("**/api/review/board") as sent:
        page.click("#shot-review")
    body = sent.value.post_data_json
    assert body["words"] == [w.upper() for w in guesses]
    assert [len(replies) for replies in body["boards"]] == [3, 4, 5, 6]
    page.wait_for_selector("body[data-shot='reviewed']")
    expect(page.locator("#shot-reviewed h4")).to_have_text(
        ["Board 1", "Board 2", "Board 3", "Board 4"]
    )
    tables = page.locator("#shot-reviewed table.review")
    for b, answer in enumerate(answers):
        expect(tables.nth(b).locator("tbody tr")).to_have_count(guesses.index(answer) + 1)
    assert page.problems == []


def test_the_screenshots_game_is_chosen_among_the_variants_of_colour_tiles(page, browser):
    options = page.locator("#shot-variant option")
    expect(options).to_have_text(["Wordle", "Fibble", "Xordle", "Warmle", "Hardle"])
    guesses = ("stare", "carol", "crass", "cigar")
    rows = ("y.yy.", "yyy..", "gyyg.", "ggggg")  # (docs/variants.md's Fibble game)
    png = screenshot(browser, type(played("en", guesses))("en", guesses, rows), True, 3)
    choose(page, png)
    page.wait_for_selector("body[data-shot='read']")
    page.click("#shot-review")  # (read as Wordle's: row 1's colours no answer gives)
    expect(page.locator("#shot-said")).to_contain_text("row 1's colours (y.yy.)")
    page.problems[:] = [p for p in page.problems if not p.startswith("400 ")]
    page.select_option("#shot-variant", "fibble")
    with page.expect_request("**/api/review/image*") as sent:
        choose(page, png)
    assert "variant=fibble" in sent.value.url
    page.wait_for_selector("body[data-shot='read']")
    with page.expect_request("**/api/review/board") as sent:
        page.click("#shot-review")
    assert sent.value.post_data_json["variant"] == "fibble"
    page.wait_for_selector("body[data-shot='reviewed']")
    expect(page.locator("#shot-reviewed table.review tbody tr")).to_have_count(4)
    assert page.problems == []


def test_the_accents_are_the_languages_rules_and_go_with_the_picture(page, browser):
    field = page.locator("#shot-accents-field")
    expect(field).to_be_hidden()  # (English: one rule, nothing to choose)
    page.select_option("#lang", "de")
    expect(field).to_be_visible()
    expect(page.locator("#shot-accents option")).to_have_text(["fold", "keep", "ss"])
    expect(page.locator("#shot-accents")).to_have_value("fold")  # (the game's own first)
    page.select_option("#shot-accents", "keep")
    game = type(played("de", ("kühle", "bären")))("de", ("kühle", "bären"), ("....y", "ggggg"))
    with page.expect_request("**/api/review/image*") as sent:
        choose(page, screenshot(browser, game, True, 3))
    assert "lang=de&accents=keep" in sent.value.url
    page.wait_for_selector("body[data-shot='read']")
    rows = page.locator("#shot-board .row")
    assert [rows.nth(r).inner_text().replace("\n", "") for r in range(2)] == ["KÜHLE", "BÄREN"]
    with page.expect_request("**/api/review/board") as sent:
        page.click("#shot-review")
    assert sent.value.post_data_json["accents"] == "keep"
    page.wait_for_selector("body[data-shot='reviewed']")
    expect(page.locator("#shot-reviewed .figures")).to_contain_text("Solved in 2")
    page.select_option("#lang", "en")
    expect(field).to_be_hidden()
    assert page.problems == []
