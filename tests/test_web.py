"""The web page in a real browser (Debian's chromium, driven by Playwright), on the real
server: whole games played as a person would, by clicking the tiles (or with the keyboard
alone) to give the colours the game shows for a known answer.

Without /usr/bin/chromium these tests are skipped, unless CI is set: CI must run them."""

import os
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
NO_BROWSER = f"no {CHROMIUM} (apt-get install chromium): the page's browser tests are skipped"

if os.environ.get("CI"):  # in CI, a missing browser or package fails: never a silent skip
    from playwright.sync_api import expect, sync_playwright
else:
    if not CHROMIUM.exists():
        pytest.skip(NO_BROWSER, allow_module_level=True)
    pytest.importorskip("starlette", reason="the [web] extra is not installed")
    sync_playwright = pytest.importorskip("playwright.sync_api").sync_playwright
    expect = pytest.importorskip("playwright.sync_api").expect

from web_helpers import reply_to, serving  # noqa: E402

from lenwordle import Game  # noqa: E402

pytestmark = pytest.mark.process  # a browser's processes and a server
COLOUR = {".": 0, "y": 1, "g": 2}  # a tile's clicks from grey
NAMES = {".": "grey", "y": "yellow", "g": "green"}


@pytest.fixture(scope="module")
def server():
    with serving() as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    assert CHROMIUM.exists(), NO_BROWSER  # (with CI set: the test fails)
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM))
        yield launched
        launched.close()


@pytest.fixture
def page(browser, server):
    """Return a fresh browser (its own cookies: its own game) at the page, ready."""
    context = browser.new_context(viewport={"width": 900, "height": 900})
    opened = context.new_page()
    errors = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.goto(server)
    opened.wait_for_selector("body[data-ready='1']")
    yield opened
    context.close()
    assert errors == []  # no script error on the page


def new_game(page, lang="en", length=5, boards=1, hard=False):
    """Start a game through the form, as a person would."""
    page.select_option("#lang", lang)
    page.select_option("#length", str(length))
    page.select_option("#boards", str(boards))
    page.set_checked("#hard", hard)
    rendered = int(page.get_attribute("body", "data-rendered"))
    page.click("#new")
    page.wait_for_selector(f"body[data-rendered='{rendered + 1}']")
    expect(page.locator("#rows .tile")).to_have_count(length * boards)
    return page


def tiles(page, row=0):
    return page.locator(f'#rows .tile[data-row="{row}"]')


def shown_word(page, row=0):
    return "".join(tiles(page, row).all_inner_texts())


def set_reply(page, reply, row=0):
    """Click each tile of a row as often as its colour needs (grey, yellow, green)."""
    row_tiles = tiles(page, row)
    for i, mark in enumerate(reply):
        for _ in range(COLOUR[mark]):
            row_tiles.nth(i).click()


def submit(page):
    """Submit the reply; wait for the next turn to be shown."""
    turns = int(page.get_attribute("body", "data-turns"))
    page.click("#submit")
    page.wait_for_selector(f"body[data-turns='{turns + 1}']")


def play_to_the_end(page, answers, lang="en", limit=12):
    """Play the suggestions, a reply each open board, until the game is over; return the
    guesses (as the tiles showed them) and their replies."""
    played = []
    for _ in range(limit):
        if page.locator("#end").is_visible():
            return played
        rows = page.locator("#rows .row").count()
        word = shown_word(page)
        open_answers = [a for a in answers if a.upper() not in [w for w, _ in played]]
        assert len(open_answers) == rows
        replies = [reply_to(word, answer, lang) for answer in open_answers]
        for row, reply in enumerate(replies):
            set_reply(page, reply, row)
        submit(page)
        played.append((word, replies))
    raise AssertionError(f"not over after {limit} guesses: {played}")


def expected_share(played, lang="en", boards=1, **settings):
    """Return the share grid of the same game replayed through the Python API."""
    game = Game(len(played[0][0]), lang, boards=boards, **settings)
    for word, replies in played:
        game.tell(*replies, word=word)
    return game.share()


def test_a_whole_game_by_clicking_tiles_its_share_grid_and_review(page):
    played = play_to_the_end(page, ["flame"])
    assert played[-1] == ("FLAME", ["ggggg"])
    expect(page.locator("#status")).to_have_text(f"Solved in {len(played)} guesses.")
    assert page.inner_text("#share") == expected_share(played)
    assert page.inner_text("#share").startswith(f"lenwordle {len(played)}/6")
    page.wait_for_selector(f"body[data-reviewed='{len(played)}']")
    assert page.locator("#review tbody tr").count() == len(played)
    expect(page.locator("#review .figures")).to_contain_text(f"Solved in {len(played)}")
    expect(page.locator("#review .figures")).to_contain_text("Skill")
    assert page.locator("#submit").is_disabled()


def test_a_tile_change_shows_the_words_that_reply_would_leave(page):
    word = shown_word(page)
    expect(page.locator("#left-0")).to_have_text(
        f"That reply leaves {Game(5).left_after('.....')[0]} words."
    )
    tiles(page).nth(2).click()  # grey -> yellow
    tiles(page).nth(4).click()
    tiles(page).nth(4).click()  # grey -> yellow -> green
    left = Game(5).left_after("..y.g")[0]
    expect(page.locator("#left-0")).to_have_text(f"That reply leaves {left} words.")
    assert tiles(page).nth(4).get_attribute("aria-label") == f"{word[4]}, letter 5 of 5: green"
    assert tiles(page).nth(2).get_attribute("aria-label") == f"{word[2]}, letter 3 of 5: yellow"
    tiles(page).nth(4).click()  # green -> grey again
    assert tiles(page).nth(4).get_attribute("aria-label").endswith(": grey")


def test_a_refused_word_and_undo(page):
    first = shown_word(page)
    page.click("#refuse")
    expect(page.locator("#refused")).to_have_text(f"Refused by the game: {first}")
    second = shown_word(page)
    assert second != first
    expect(page.locator("#status")).to_contain_text(f"play {second}")
    page.click("#undo")
    expect(page.locator("#refused")).to_have_text("")
    expect(page.locator("#status")).to_contain_text(f"play {first}")
    assert page.locator("#undo").is_disabled()


def test_a_wrong_reply_shows_the_message_and_leaves_the_board(page):
    word = shown_word(page)
    set_reply(page, reply_to(word, "flame"))
    submit(page)
    before = page.inner_html("#turns")
    set_reply(page, "ggggy")  # four greens and a yellow: no word gives it
    page.click("#submit")
    expect(page.locator("#message")).to_contain_text("no word can give")
    assert page.get_attribute("body", "data-turns") == "1"
    assert page.inner_html("#turns") == before
    labels = [t.get_attribute("aria-label") for t in tiles(page).all()]
    assert [label.rsplit(" ", 1)[1] for label in labels] == ["green"] * 4 + ["yellow"]


def test_a_word_of_ones_own_typed_instead_of_the_suggestion(page):
    page.fill("#word", "crane")
    expect(page.locator("#rows .tile").first).to_have_text("C")
    set_reply(page, reply_to("CRANE", "flame"))
    submit(page)
    described = ", ".join(
        f"{letter} {NAMES[mark]}" for letter, mark in zip("CRANE", reply_to("CRANE", "flame"))
    )
    expect(page.locator("#turns li .mini").first).to_have_attribute("aria-label", described)
    played = [("CRANE", [reply_to("CRANE", "flame")])]
    played += play_to_the_end(page, ["flame"])
    assert page.inner_text("#share") == expected_share(played)


def test_keyboard_only_play(page):
    page.keyboard.press("Tab")
    for _ in range(20):  # the form's controls come first, then the tiles
        if page.evaluate("document.activeElement.classList.contains('tile')"):
            break
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.pos") == "0"
    page.keyboard.press("Space")  # grey -> yellow
    assert tiles(page).nth(0).get_attribute("aria-label").endswith(": yellow")
    page.keyboard.press("Enter")  # yellow -> green
    assert tiles(page).nth(0).get_attribute("aria-label").endswith(": green")
    for turn in range(8):
        word = shown_word(page)
        assert page.evaluate("document.activeElement.dataset.pos") == "0"
        for mark in reply_to(word, "flame"):
            page.keyboard.press(mark)  # sets the tile, then the next is focused
        for _ in range(10):  # on to the submit button: the two fields, then it
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.id") == "submit":
                break
        page.keyboard.press("Enter")
        page.wait_for_selector(f"body[data-turns='{turn + 1}']")
        if page.locator("#end").is_visible():
            break
    expect(page.locator("#status")).to_contain_text("Solved in")
    assert shown_word(page) == ""  # no row of tiles left


def test_a_pasted_row_of_tiles_is_the_reply_and_high_contrast_tiles_turn_it_on(page):
    word = shown_word(page)
    reply = reply_to(word, "flame")
    page.fill("#paste", "".join({"g": "🟧", "y": "🟦", ".": "⬛"}[m] for m in reply))
    assert page.is_checked("#contrast")
    labels = [t.get_attribute("aria-label").rsplit(" ", 1)[1] for t in tiles(page).all()]
    assert labels == [NAMES[m] for m in reply]
    page.press("#paste", "Enter")
    page.wait_for_selector("body[data-turns='1']")
    played = [(word, [reply])] + play_to_the_end(page, ["flame"])
    contrast = str.maketrans({"🟩": "🟧", "🟨": "🟦"})  # the share grid in its colours
    assert page.inner_text("#share") == expected_share(played).translate(contrast)
    page.set_checked("#contrast", False)
    assert "contrast" not in (page.get_attribute("body", "class") or "")


def test_a_pasted_row_of_the_wrong_size_is_refused_with_a_message(page):
    page.fill("#paste", "🟩🟨⬛")
    expect(page.locator("#message")).to_contain_text("paste 1 row of 5 tiles")
    page.press("#paste", "Enter")  # nothing is played: the row was not taken
    page.wait_for_timeout(300)
    assert page.get_attribute("body", "data-turns") in (None, "0")
    assert page.locator("#turns li").count() == 0


def test_refused_by_the_game_is_for_the_suggestion_not_a_word_typed(page):
    assert page.is_enabled("#refuse")
    page.fill("#word", "crane")
    assert page.is_disabled("#refuse")
    page.fill("#word", "")
    assert page.is_enabled("#refuse")


@pytest.mark.parametrize(
    "lang, answer, letters",
    [("tr", "kitap", "İ"), ("es", "árbol", "Á"), ("ru", "книга", "К")],
)
def test_a_game_in_another_language_shows_its_letters(page, lang, answer, letters):
    new_game(page, lang)
    page.fill("#word", answer)
    expect(tiles(page).first).to_have_text(Game(5, lang).shown(answer)[0])
    expect(page.locator("#rows")).to_contain_text(letters)
    page.fill("#word", "")
    played = play_to_the_end(page, [answer], lang)
    assert played[-1][0] == Game(5, lang).shown(answer)
    assert page.inner_text("#share") == expected_share(played, lang)
    assert letters in page.inner_text("#turns")


def test_two_boards_a_row_each_until_each_is_solved(page):
    new_game(page, boards=2)
    assert page.locator("#rows .row").count() == 2
    expect(page.locator("#rows")).to_contain_text("Board 2")
    played = play_to_the_end(page, ["flame", "moist"])
    assert page.inner_text("#share") == expected_share(played, boards=2)
    page.wait_for_selector(f"body[data-reviewed='{len(played)}']")
    assert page.locator("#review table").count() == 2


def test_a_hard_game_refuses_a_word_that_drops_a_hint(page):
    new_game(page, hard=True)
    word = shown_word(page)
    set_reply(page, "g....")
    submit(page)
    assert "C" not in word
    page.fill("#word", "crony")  # its first letter is not the green one
    expect(page.locator("#left-0")).to_have_text(f"letter 1 must be {word[0]}")
    page.click("#submit")
    expect(page.locator("#message")).to_have_text(f"letter 1 must be {word[0]}")
    assert page.get_attribute("body", "data-turns") == "1"


def test_two_browsers_have_their_own_games(browser, server, page):
    other = browser.new_context().new_page()
    other.goto(server)
    other.wait_for_selector("body[data-ready='1']")
    new_game(page, length=6)
    other.reload()
    other.wait_for_selector("body[data-ready='1']")
    assert other.input_value("#length") == "5" and page.input_value("#length") == "6"
    other.context.close()


@pytest.mark.parametrize("boards", [1, 8])
def test_a_phone_width_page_has_no_horizontal_scroll_at_11_letters(browser, server, boards):
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True)
    phone = context.new_page()
    phone.goto(server)
    phone.wait_for_selector("body[data-ready='1']")
    new_game(phone, length=11, boards=boards)
    word = shown_word(phone)
    for row in range(boards):
        set_reply(phone, reply_to(word, "information"), row)
    submit(phone)
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, width
    right = max(
        box["x"] + box["width"] for box in map(lambda t: t.bounding_box(), tiles(phone).all())
    )
    assert right <= 360
    context.close()
