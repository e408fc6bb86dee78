"""The web page in a real browser (Debian's chromium, driven by Playwright), on the real
server: whole games played as a person would, on the board (clicking the new row's tiles to
the colours the game shows for a known answer), on the page's keyboard (a word of one's
own) or the computer's, at a desktop's width and a phone's (390 px), in Spanish and Russian,
on four boards; each game with no error in the console and no failed request.

Without /usr/bin/chromium these tests are skipped, unless CI is set: CI must run them."""

import re

import pytest
from web_browser import WRAPPED, expect  # (first: it skips without a browser)
from web_helpers import reply_to

from lenwordle import Game

pytestmark = pytest.mark.process  # a browser's processes and a server
COLOUR = {".": 0, "y": 1, "g": 2}  # a tile's clicks from grey
NAMES = {".": "grey", "y": "yellow", "g": "green"}
DESKTOP = {"width": 900, "height": 900}
PHONE = {"width": 390, "height": 844}
NEW_ROW = "#boards-shown .current .tile"


class Watched:
    """A page with what went wrong on it: script errors, console errors, failed requests,
    and the previews it asked for."""

    def __init__(self, page):
        self.page, self.errors, self.failed, self.previews = page, [], [], []
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        page.on("requestfailed", lambda request: self.failed.append(request.url))
        page.on("response", self._answered)

    def _answered(self, response):
        if response.status >= 400:
            self.failed.append(f"{response.status} {response.url}")
        if response.url.endswith("/api/preview"):
            self.previews.append(response.status)


def open_page(browser, server, viewport=DESKTOP, **options):
    """Return a fresh browser (its own cookies: its own game) at the page, ready, watched."""
    context = browser.new_context(viewport=viewport, **options)
    watched = Watched(context.new_page())
    watched.page.goto(server)
    watched.page.wait_for_selector("body[data-ready='1']")
    return watched


@pytest.fixture
def watched(browser, server):
    """A page at a desktop's width: no script error, nothing failed, when the test is done."""
    watched = open_page(browser, server)
    yield watched
    watched.page.context.close()
    assert watched.errors == [] and watched.failed == []


@pytest.fixture
def page(watched):
    return watched.page


def new_game(page, lang="en", length=5, boards=1, hard=False):
    """Start a game through the form, as a person would."""
    page.select_option("#lang", lang)
    page.select_option("#length", str(length))
    page.select_option("#boards", str(boards))
    page.set_checked("#hard", hard)
    rendered = int(page.get_attribute("body", "data-rendered"))
    page.click("#new")
    page.wait_for_selector(f"body[data-rendered='{rendered + 1}']")
    expect(page.locator(NEW_ROW)).to_have_count(length * boards)
    return page


def tiles(page, row=0):
    return page.locator(f'{NEW_ROW}[data-row="{row}"]')


def shown_word(page, row=0):
    return "".join(tiles(page, row).all_inner_texts())


def set_reply(page, reply, row=0):
    """Click each tile of a row as often as its colour needs (grey, yellow, green)."""
    row_tiles = tiles(page, row)
    for i, mark in enumerate(reply):
        for _ in range(COLOUR[mark]):
            row_tiles.nth(i).click()


def submit(page, how="#submit"):
    """Submit the reply (the button, or a key of the page's keyboard); wait for the next
    turn to be shown."""
    turns = int(page.get_attribute("body", "data-turns"))
    page.click(how)
    page.wait_for_selector(f"body[data-turns='{turns + 1}']")


def type_on_keys(page, word):
    """Type a word on the page's keyboard, key by key."""
    for letter in word:
        page.click(f'#keyboard .key[data-key="{letter}"]')


def play_to_the_end(page, answers, lang="en", limit=12, how="#submit"):
    """Play the suggestions, a reply each open board, until the game is over; return the
    guesses (as the tiles showed them) and their replies."""
    played = []
    shown = {answer: Game(len(answer), lang).shown(answer) for answer in answers}
    for _ in range(limit):
        if page.locator("#end").is_visible():
            return played
        rows = page.locator("#boards-shown .current").count()
        word = shown_word(page)
        open_answers = [a for a in answers if shown[a] not in [w for w, _ in played]]
        assert len(open_answers) == rows
        replies = [reply_to(word, answer, lang) for answer in open_answers]
        for row, reply in enumerate(replies):
            set_reply(page, reply, row)
        submit(page, how)
        played.append((word, replies))
    raise AssertionError(f"not over after {limit} guesses: {played}")


def expected_share(played, lang="en", boards=1, **settings):
    """Return the share grid of the same game replayed through the Python API."""
    game = Game(len(played[0][0]), lang, boards=boards, **settings)
    for word, replies in played:
        game.tell(*replies, word=word)
    return game.share()


def said_once(page, text):
    """Assert the page says text exactly once (on screen, live regions included)."""
    assert page.inner_text("body").count(text) == 1, page.inner_text("body")


def test_a_whole_game_on_the_board_said_once_with_no_failed_request(watched):
    page = watched.page
    expect(page.locator("#left-0")).to_have_text("")  # a fresh row asks: nothing is said
    assert watched.previews == [] and page.inner_text("#message") == ""
    played = play_to_the_end(page, ["flame"])
    assert played[-1] == ("FLAME", ["ggggg"])
    assert watched.previews and set(watched.previews) == {200}  # (every row on its way too)
    said_once(page, f"Solved in {len(played)} guesses.")
    rows = page.locator("#boards-shown .row.played")
    assert rows.count() == len(played)  # each guess on the board, once, and nowhere else
    assert rows.first.get_attribute("aria-label") == ", ".join(
        f"{letter} {NAMES[mark]}" for letter, mark in zip(played[0][0], played[0][1][0])
    )
    assert page.text_content("#share-text") == expected_share(played)
    assert page.locator("#share .sq").count() == 5 * len(played)  # drawn, no emoji font
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.click("#copy")
    expect(page.locator("#message")).to_have_text("The share grid is copied.")
    assert page.evaluate("navigator.clipboard.readText()") == expected_share(played)  # emoji
    assert page.locator("#share .sq.c2").count() == sum(reply.count("g") for _, (reply,) in played)
    page.wait_for_selector(f"body[data-reviewed='{len(played)}']")
    assert page.locator("#review tbody tr").count() == len(played)
    expect(page.locator("#review .figures")).to_contain_text("Skill")
    assert page.locator("#submit").is_disabled() and page.locator("#keyboard").is_hidden()


def test_a_tile_change_previews_what_the_reply_leaves_solves_or_cannot_be(watched):
    page = watched.page
    word = shown_word(page)
    tiles(page).nth(2).click()  # grey -> yellow
    left = Game(5).preview("..y..").left[0]
    expect(page.locator("#left-0")).to_have_text(f"That reply leaves {left} words.")
    tiles(page).nth(4).click()
    tiles(page).nth(4).click()  # grey -> yellow -> green
    left = Game(5).preview("..y.g").left[0]
    expect(page.locator("#left-0")).to_have_text(f"That reply leaves {left} words.")
    assert tiles(page).nth(4).get_attribute("aria-label") == f"{word[4]}, letter 5 of 5: green"
    assert tiles(page).nth(2).get_attribute("aria-label") == f"{word[2]}, letter 3 of 5: yellow"
    for i, clicks in enumerate([2, 2, 1, 2, 0]):  # (from ..y.g: all green)
        for _ in range(clicks):
            tiles(page).nth(i).click()
    expect(page.locator("#left-0")).to_have_text("That reply solves it: the game ends.")
    tiles(page).nth(4).click()
    tiles(page).nth(4).click()  # green -> grey -> yellow: four greens and a yellow
    expect(page.locator("#left-0")).to_have_text(f"no word can give ggggy for {word}")
    assert set(watched.previews) == {200}  # asked, and answered: no failed request


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


def test_a_wrong_reply_shows_the_message_and_leaves_the_board(browser, server):
    watched = open_page(browser, server)
    page = watched.page
    word = shown_word(page)
    set_reply(page, reply_to(word, "flame"))
    submit(page)
    before = page.inner_html("#boards-shown .grid")
    set_reply(page, "ggggy")  # four greens and a yellow: no word gives it
    page.click("#submit")
    expect(page.locator("#message")).to_contain_text("no word can give")
    assert page.get_attribute("body", "data-turns") == "1"
    assert page.locator("#boards-shown .row.played").count() == 1
    assert before.count("played") == page.inner_html("#boards-shown .grid").count("played")
    labels = [t.get_attribute("aria-label") for t in tiles(page).all()]
    assert [label.rsplit(" ", 1)[1] for label in labels] == ["green"] * 4 + ["yellow"]
    assert [f.split(" ")[0] for f in watched.failed] == ["422"]  # the mistake's, alone
    page.context.close()


def test_a_whole_spanish_game_typed_on_the_page_keyboard_at_a_phone_width(browser, server):
    watched = open_page(browser, server, PHONE, is_mobile=True, has_touch=True)
    page = new_game(watched.page, "es")
    type_on_keys(page, "ARB")
    expect(tiles(page).nth(2)).to_have_text("B")
    expect(page.locator("#left-0")).to_have_text("Type 2 more letters.")
    page.click('#keyboard .key[data-key="Backspace"]')
    type_on_keys(page, "BOL")
    expect(tiles(page).first).to_have_text("Á")  # ÁRBOL, as the dictionary spells it
    reply = reply_to("ÁRBOL", "perro", "es")
    set_reply(page, reply)
    submit(page, '#keyboard .key[data-key="Enter"]')
    key = page.locator('#keyboard .key[data-key="R"]')
    assert "k1" in key.get_attribute("class") and key.get_attribute("aria-label") == "R: yellow"
    assert "k0" in page.locator('#keyboard .key[data-key="A"]').get_attribute("class")
    played = [("ÁRBOL", [reply])]
    played += play_to_the_end(page, ["perro"], "es", how='#keyboard .key[data-key="Enter"]')
    assert page.text_content("#share-text") == expected_share(played, "es")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.context.close()
    assert watched.errors == [] and watched.failed == []


def test_a_whole_russian_game_on_the_page_keyboard_its_keys_in_cyrillic_in_the_dark(
    browser, server
):
    watched = open_page(browser, server, color_scheme="dark")  # as the system is set
    page = new_game(watched.page, "ru")
    paper = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert paper == "rgb(18, 18, 19)"  # the page follows it
    first_row = page.locator("#keyboard .keys").first.inner_text().split()
    assert first_row[:3] == ["Й", "Ц", "У"]  # ЙЦУКЕН, as a Russian keyboard
    type_on_keys(page, "КНИГА")
    expect(page.locator("#left-0")).to_have_text(
        f"That reply leaves {Game(5, 'ru').preview('.....', word='книга').left[0]} words."
    )
    set_reply(page, reply_to("КНИГА", "книга", "ru"))
    submit(page, '#keyboard .key[data-key="Enter"]')
    said_once(page, "Solved in 1 guess.")
    assert page.text_content("#share-text").splitlines() == ["lenwordle 1/6", "🟩🟩🟩🟩🟩"]
    page.context.close()
    assert watched.errors == [] and watched.failed == []


def test_typing_on_the_computers_keyboard_sets_the_next_tiles_letter(page):
    page.locator("h1").click()  # (the focus on the page, not in a field)
    page.keyboard.type("cran")
    assert shown_word(page) == "CRAN"
    page.keyboard.press("Backspace")
    page.keyboard.type("ne")
    expect(page.locator(f"{NEW_ROW}[data-pos='4']")).to_have_text("E")
    assert shown_word(page) == "CRANE" and page.input_value("#word") == "CRANE"
    assert page.is_disabled("#refuse")  # the game refuses the suggestion, not one's own word
    page.keyboard.press("Escape")  # back to the suggestion
    assert shown_word(page) == Game(5).suggestion and page.is_enabled("#refuse")
    page.keyboard.type("crane")
    set_reply(page, reply_to("CRANE", "flame"))
    turns = int(page.get_attribute("body", "data-turns"))
    page.locator("h1").click()
    page.keyboard.press("Enter")
    page.wait_for_selector(f"body[data-turns='{turns + 1}']")
    played = [("CRANE", [reply_to("CRANE", "flame")])] + play_to_the_end(page, ["flame"])
    assert page.text_content("#share-text") == expected_share(played)


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
        for _ in range(60):  # on to the submit button: past the page's keys
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.id") == "submit":
                break
        page.keyboard.press("Enter")
        page.wait_for_selector(f"body[data-turns='{turn + 1}']")
        if page.locator("#end").is_visible():
            break
    said_once(page, f"Solved in {page.get_attribute('body', 'data-turns')} guesses.")
    assert page.locator(NEW_ROW).count() == 0  # no new row left


def test_a_pasted_row_of_tiles_is_the_reply_and_high_contrast_tiles_turn_it_on(page):
    word = shown_word(page)
    reply = reply_to(word, "flame")
    page.fill("#paste", "".join({"g": "🟧", "y": "🟦", ".": "⬛"}[m] for m in reply))
    assert page.is_checked("#contrast")
    labels = [t.get_attribute("aria-label").rsplit(" ", 1)[1] for t in tiles(page).all()]
    assert labels == [NAMES[m] for m in reply]
    green = page.evaluate("getComputedStyle(document.body).getPropertyValue('--green')")
    assert green.strip() == "#c8561b"  # orange
    page.press("#paste", "Enter")
    page.wait_for_selector("body[data-turns='1']")
    played = [(word, [reply])] + play_to_the_end(page, ["flame"])
    contrast = str.maketrans({"🟩": "🟧", "🟨": "🟦"})  # the share grid in its colours
    assert page.text_content("#share-text") == expected_share(played).translate(contrast)
    page.set_checked("#contrast", False)
    assert "contrast" not in (page.get_attribute("body", "class") or "")


def test_a_pasted_row_of_the_wrong_size_is_refused_with_a_message(page):
    page.fill("#paste", "🟩🟨⬛")
    expect(page.locator("#message")).to_contain_text("paste 1 row of 5 tiles")
    page.press("#paste", "Enter")  # nothing is played: the row was not taken
    page.wait_for_timeout(300)
    assert page.get_attribute("body", "data-turns") in (None, "0")
    assert page.locator("#boards-shown .row.played").count() == 0


def test_a_turkish_word_shows_its_letters(page):
    new_game(page, "tr")
    page.fill("#word", "kitap")
    expect(tiles(page).nth(1)).to_have_text("İ")
    for key in ("İ", "I"):  # (I: the dotless ı's capital, its own key)
        expect(page.locator(f'#keyboard .key[data-key="{key}"]')).to_have_count(1)


def test_four_boards_played_to_the_end_at_a_phone_width_and_reviewed(browser, server):
    watched = open_page(browser, server, PHONE, is_mobile=True, has_touch=True)
    page = new_game(watched.page, boards=4)
    answers = ["flame", "moist", "crane", "brick"]
    played = play_to_the_end(page, answers)
    assert page.text_content("#share-text") == expected_share(played, boards=4)
    page.wait_for_selector(f"body[data-reviewed='{len(played)}']")
    assert page.locator("#review table").count() == 4
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert page.evaluate(WRAPPED, "#review td, #review th, .board-name, #share") == []
    right = page.evaluate(
        "Math.max(...[...document.querySelectorAll('#review td')]"
        ".map(e => e.getBoundingClientRect().right))"
    )
    assert right <= PHONE["width"]  # the review read at the phone's width, no sideways scroll
    page.context.close()
    assert watched.errors == [] and watched.failed == []


def test_the_keys_of_several_boards_show_each_boards_colour(page):
    new_game(page, boards=2)
    word = shown_word(page)
    replies = [reply_to(word, "flame"), reply_to(word, "moist")]
    for row, reply in enumerate(replies):
        set_reply(page, reply, row)
    submit(page)
    key = page.locator(f'#keyboard .key[data-key="{word[0]}"]')
    parts = key.locator(".part")
    assert parts.count() == 2
    for board, reply in enumerate(replies):
        best = max(COLOUR[m] for letter, m in zip(word, reply) if letter == word[0])
        assert f"k{best}" in parts.nth(board).get_attribute("class")


def test_ultra_hard_checks_hard_mode_and_refuses_a_grey_letter_played_again(browser, server):
    watched = open_page(browser, server)
    page = watched.page
    page.set_checked("#ultra-hard", True)
    assert page.is_checked("#hard")  # ultra-hard is hard mode and more
    page.set_checked("#hard", False)
    assert not page.is_checked("#ultra-hard")
    page.set_checked("#ultra-hard", True)
    page = new_game(page, hard=True)
    word = shown_word(page)
    set_reply(page, "g....")
    submit(page)
    page.fill("#word", word.lower())  # the same word: its grey letters played again
    refusal = re.compile(r"^([A-Z] is grey: it may not be played again|.* at most .*)$")
    expect(page.locator("#left-0")).to_have_text(refusal)
    page.click("#submit")
    expect(page.locator("#message")).to_have_text(refusal)
    assert page.get_attribute("body", "data-turns") == "1"
    assert page.is_checked("#ultra-hard")
    page.context.close()


def test_a_hard_game_refuses_a_word_that_drops_a_hint(browser, server):
    watched = open_page(browser, server)
    page = new_game(watched.page, hard=True)
    word = shown_word(page)
    set_reply(page, "g....")
    submit(page)
    assert "C" not in word
    page.fill("#word", "crony")  # its first letter is not the green one
    expect(page.locator("#left-0")).to_have_text(f"letter 1 must be {word[0]}")
    page.click("#submit")
    expect(page.locator("#message")).to_have_text(f"letter 1 must be {word[0]}")
    assert page.get_attribute("body", "data-turns") == "1"
    page.context.close()


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
def test_eleven_letters_at_a_phone_width_no_sideways_scroll_no_wrapped_figure(
    browser, server, boards
):
    watched = open_page(browser, server, PHONE, is_mobile=True, has_touch=True)
    phone = new_game(watched.page, length=11, boards=boards)
    word = shown_word(phone)
    for row in range(boards):
        set_reply(phone, reply_to(word, "information"), row)
    submit(phone)
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    boxes = [t.bounding_box() for t in phone.locator(f"{NEW_ROW}, #keyboard .key").all()]
    assert max(box["x"] + box["width"] for box in boxes) <= PHONE["width"]
    assert min(box["width"] for box in boxes) >= 24  # a finger's target, even at 11 letters
    figures = ".chances li, .board-name, #keyboard .key"  # e.g. '0.03 %' never split
    assert phone.locator(figures).count() > 30 and phone.evaluate(WRAPPED, figures) == []
    phone.context.close()
    assert watched.errors == [] and watched.failed == []
