"""The page's review of a screenshot in a real browser (Debian's chromium, Playwright): a board
drawn as the daily games draw it (board_pictures.py), one tile's colour drawn wrong, is chosen
in Solve's "Review a screenshot"; its rows are shown as tiles, the review refused in one line
until the tile is fixed (a click), a letter typed on a tile is its letter, and the review is
shown. A bad file is one line, and no error but its 400. A picture pasted or dropped is read.

Without /usr/bin/chromium these tests are skipped, unless CI is set: CI must run them."""

import base64
import shutil

import pytest
from board_pictures import GAMES, played, reply, screenshot
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
    assert page.problems[0].endswith("/api/review/image?lang=en")


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
        json={"read": read, "lang": "en"}))  # fmt: skip
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
