"""The suggestion and the next best guesses on the page, in a real browser (Debian's
chromium, Playwright), at a desktop's width and a phone's: the table under the board is
Game.alternatives', a click on a word puts it in the new row (the suggestion's puts the
suggestion back), and the word then played is the one clicked; no figure wraps at 390 px,
11 letters included; no console error nor failed request.

Without /usr/bin/chromium these tests are skipped, unless CI is set: CI must run them."""

import pytest
from web_browser import WRAPPED  # (first: it skips without a browser)
from web_helpers import reply_to

from lenwordle import Game
from lenwordle.web.views import ALTERNATIVES

pytestmark = pytest.mark.process
NEW_ROW = "#boards-shown .current .tile"
COLOUR = {".": 0, "y": 1, "g": 2}


@pytest.fixture(params=[{"width": 900, "height": 900}, {"width": 390, "height": 844}])
def page(request, browser, server):
    """A fresh browser at the page; no script error, console error, failed request nor
    sideways scroll when the test is done."""
    context = browser.new_context(viewport=request.param)
    opened = context.new_page()
    errors = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.on("console", lambda m: m.type == "error" and errors.append(m.text))
    opened.on("response", lambda r: r.status >= 400 and errors.append(f"{r.status} {r.url}"))
    opened.goto(server)
    opened.wait_for_selector("body[data-ready='1']")
    yield opened
    width = opened.evaluate("document.documentElement.scrollWidth")
    context.close()
    assert errors == [] and width <= request.param["width"]


def new_game(page, length):
    page.select_option("#length", str(length))
    rendered = int(page.get_attribute("body", "data-rendered"))
    page.click("#new")
    page.wait_for_selector(f"body[data-rendered='{rendered + 1}']")


def shown(page):
    """Return the table's rows: (word, words left, could win)."""
    rows = page.locator("#best tbody tr").all()
    return [tuple(c.inner_text() for c in row.locator("td").all()) for row in rows]


def on_tiles(page):
    return "".join(
        t.get_attribute("aria-label").split(",")[0] for t in page.locator(NEW_ROW).all()
    )


def wrapped(page):
    return page.evaluate(WRAPPED, "#best th, #best td, #best caption")


def test_the_alternatives_are_shown_and_a_click_puts_one_in_the_row(page):
    new_game(page, 5)
    game = Game(5)
    wanted = game.alternatives(ALTERNATIVES)
    rows = shown(page)
    assert [r[0] for r in rows] == [a.word for a in wanted]
    assert rows[0][0] == on_tiles(page) == game.suggestion  # the suggestion first
    assert [r[2] for r in rows] == ["yes" if a.could_be_answer else "no" for a in wanted]
    assert [float(r[1]) for r in rows] == [pytest.approx(a.expected_left, abs=0.5) for a in wanted]
    assert wrapped(page) == []
    other = rows[1][0]
    page.locator("#best button.alt", has_text=other).click()
    assert on_tiles(page) == other and page.input_value("#word") == other
    page.locator("#best button.alt").first.click()  # the suggestion again
    assert on_tiles(page) == game.suggestion and page.input_value("#word") == ""
    page.locator("#best button.alt", has_text=other).click()
    for position, mark in enumerate(reply_to(other, "stool")):
        for _ in range(COLOUR[mark]):
            page.locator(NEW_ROW).nth(position).click()
    page.click("#submit")
    page.wait_for_selector("body[data-turns='1']")
    game.tell(reply_to(other, "stool"), word=other)
    played = page.locator("#boards-shown .row").first.get_attribute("aria-label")
    assert "".join(tile.split()[0] for tile in played.split(", ")) == other
    assert [r[0] for r in shown(page)] == [a.word for a in game.alternatives(ALTERNATIVES)]


def test_eleven_letters_no_wrapped_figure_and_none_once_two_boards_are_open(page):
    new_game(page, 11)
    assert len(shown(page)) == ALTERNATIVES and wrapped(page) == []
    box = page.locator("#best").bounding_box()
    assert box["x"] + box["width"] <= page.viewport_size["width"]
    page.select_option("#boards", "2")
    new_game(page, 5)
    assert page.locator("#best").is_hidden()
