"""The page as the daily game is, in a real browser (Debian's chromium, Playwright) on a
phone's screen (390 x 844): Practice opens a game at once (today's puzzle, or the game the
browser last chose) and the first word typed is a row; the board's first row and the keys'
Enter on the screen at once; a refused word a note over the board, no console error; the
tiles in the colours players know, light and dark (and the high-contrast ones kept); the
keyboard's rows as the game's (the middle no wider than the top); the share grid's squares
seen on the page in both modes, `*` for hard mode; one note at the end.

Without /usr/bin/chromium these tests are skipped, unless CI is set: CI must run them."""

import re

import pytest
from variant_rules import wordle
from web_browser import expect, ready_page  # (first: it skips without a browser)

from lenwordle.api.practice import practice

pytestmark = pytest.mark.process

PHONE = {"width": 390, "height": 844}
# the tiles' colours players know: the daily game's, light and dark (grey, yellow, green)
COLOURS = {
    "light": ((0x78, 0x7C, 0x7E), (0xC9, 0xB4, 0x58), (0x6A, 0xAA, 0x64)),
    "dark": ((0x3A, 0x3A, 0x3C), (0xB5, 0x9F, 0x3B), (0x53, 0x8D, 0x4E)),
}
NEAR = 10  # the most a drawn colour may be from the one players know (RGB distance)
SLATE = "#p-boards .row.played"


@pytest.fixture(params=["light", "dark"])
def scheme(request):
    return request.param


def open_phone(browser, server, scheme="light"):
    """Return a fresh browser's page (its own cookies and storage) at a phone's size, ready:
    every script error, console error and failed request kept in page.problems."""
    context = browser.new_context(viewport=PHONE, color_scheme=scheme)
    return ready_page(context, server, loads_in_console=True)


@pytest.fixture
def phone(browser, server, scheme):
    page = open_phone(browser, server, scheme)
    yield page
    width = page.evaluate("document.documentElement.scrollWidth")
    page.context.close()
    assert width <= PHONE["width"]


def rgb(page, selector):
    """Return the background colour of the first element of selector, as (r, g, b)."""
    text = page.eval_on_selector(selector, "e => getComputedStyle(e).backgroundColor")
    return tuple(int(n) for n in re.findall(r"\d+", text)[:3])


def distance(one, other):
    return sum((a - b) ** 2 for a, b in zip(one, other)) ** 0.5


def luminance(colour):
    """Return the relative luminance of an sRGB colour (WCAG 2)."""
    channels = [c / 255 for c in colour]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(one, other):
    light, dark = sorted([luminance(one), luminance(other)], reverse=True)
    return (light + 0.05) / (dark + 0.05)


def box(page, selector):
    """Return where the first element of selector is drawn (shown or fading: a note too)."""
    return page.locator(selector).first.evaluate(
        "e => { const r = e.getBoundingClientRect();"
        " return {x: r.x, y: r.y, width: r.width, height: r.height}; }"
    )


def on_screen(page, selector):
    """Return whether the first element of selector is wholly inside the viewport."""
    b = box(page, selector)
    return (
        b["y"] >= 0
        and b["y"] + b["height"] <= PHONE["height"]
        and b["x"] >= 0
        and (b["x"] + b["width"] <= PHONE["width"])
    )


def practise(page, renders=1):
    """Go to Practice and wait for the game it opens (renders: the games shown by then)."""
    page.click("#mode-practice")
    page.wait_for_selector(f"body[data-practiced='{renders}']")


def play(page, word, turns):
    page.keyboard.type(word)
    page.keyboard.press("Enter")
    page.wait_for_selector(f"body[data-practice-turns='{turns}']")


def test_practice_opens_todays_puzzle_the_first_word_a_row_no_new_game_pressed(phone):
    (secret,) = practice(daily=True).answers
    practise(phone)
    expect(phone.locator("#p-status")).to_contain_text("Guess 1 of 6 (the daily puzzle of")
    assert on_screen(phone, "#p-boards .row >> nth=0")  # the board's first row...
    assert on_screen(phone, "#p-keyboard .key[data-key='Enter']")  # ...and Enter, at once
    assert on_screen(phone, "#p-keyboard .key[data-key='Backspace']")
    assert phone.evaluate("window.scrollY") == 0
    word = "slate" if secret != "slate" else "crony"
    play(phone, word, 1)
    assert phone.locator(SLATE).count() == 1
    tiles = phone.locator(f"{SLATE} .tile")
    assert [int(t.get_attribute("class")[-1]) for t in tiles.all()] == list(wordle(word, secret))
    assert on_screen(phone, f"{SLATE} >> nth=0") and on_screen(
        phone, "#p-keyboard .key[data-key='Enter']"
    )
    assert phone.problems == []


def test_the_keys_sit_at_the_foot_of_the_screen_as_the_games(phone):
    practise(phone)
    keys = box(phone, "#p-keyboard")
    assert PHONE["height"] - (keys["y"] + keys["height"]) < 40  # at the foot, not mid-page
    board = box(phone, "#p-boards")
    assert board["y"] + board["height"] <= keys["y"]  # the board wholly above the keys


def test_practice_opens_the_game_the_browser_last_chose(browser, server):
    page = open_phone(browser, server)
    practise(page)
    page.select_option("#lang", "es")
    page.select_option("#length", "6")
    page.click("#new")
    page.wait_for_selector("body[data-practiced='2']")
    expect(page.locator("#p-status")).to_contain_text("Guess 1 of 6 (seed ")
    assert page.evaluate("window.scrollY") == 0  # back at the game's screen
    page.context.clear_cookies()  # (the server's game forgotten: the browser's choice kept)
    page.reload()
    page.wait_for_selector("body[data-ready='1'][data-practiced='1']")  # (Practice: kept)
    expect(page.locator("#p-status")).to_contain_text("(seed ")  # a new random game...
    assert page.locator("#p-boards .row.typing .tile").count() == 6  # ...of 6 letters
    assert page.input_value("#lang") == "es" and page.get_attribute("#practice", "lang") == "es"
    problems = page.problems
    page.context.close()
    assert problems == []


def test_the_form_changed_while_practices_own_game_comes_stays_as_the_player_set_it(
    browser, server
):
    # the game Practice opens by itself held on its way until the form is changed: it comes,
    # is shown, and leaves the form (and the field being used) as the player set them
    page = open_phone(browser, server)
    held = []
    page.route("**/api/practice/new", lambda route: held.append(route))
    page.click("#mode-practice")
    for _ in range(100):  # (the request leaves: the route holds it)
        if held:
            break
        page.wait_for_timeout(50)
    assert len(held) == 1
    page.select_option("#lang", "tr")
    page.select_option("#length", "4")
    page.focus("#length")
    held[0].continue_()
    page.unroute("**/api/practice/new")
    page.wait_for_selector("body[data-practiced='1']")
    expect(page.locator("#p-status")).to_contain_text("Guess 1 of 6 (the daily puzzle of")
    assert page.locator("#p-boards .row.typing .tile").count() == 5  # (today's: 5 letters)
    assert page.input_value("#lang") == "tr" and page.input_value("#length") == "4"
    assert page.evaluate("document.activeElement.id") == "length"
    for key in ["S", "L", "A", "T", "E", "Enter"]:  # a guess: the form stays as it was
        page.click(f"#p-keyboard .key[data-key='{key}']")
    page.wait_for_selector("body[data-practice-turns='1']")
    assert page.input_value("#lang") == "tr" and page.input_value("#length") == "4"
    page.click("#new")  # the form's game, opened: the form shows it
    page.wait_for_selector("body[data-practiced='3']")
    assert page.get_attribute("#practice", "lang") == "tr"
    assert page.locator("#p-boards .row.typing .tile").count() == 4
    problems = page.problems
    page.context.close()
    assert problems == []


def test_a_refused_word_is_a_note_over_the_board_and_no_console_error(phone):
    (secret,) = practice(daily=True).answers
    practise(phone)
    phone.keyboard.type("zzzzz")
    phone.keyboard.press("Enter")
    note = phone.locator("#p-message")
    expect(note).to_have_text("ZZZZZ is not in the game's word list")
    expect(note).to_be_visible()
    board = box(phone, "#p-board-area")
    shown = box(phone, "#p-message")
    assert (
        board["y"] <= shown["y"] and shown["y"] + shown["height"] <= board["y"] + board["height"]
    )  # over the board, not pushing it
    assert phone.get_attribute("body", "data-practice-turns") == "0"  # not counted
    assert phone.get_attribute("#p-boards .row.typing", "aria-label").endswith(": ZZZZZ")
    phone.keyboard.press("Escape")
    expect(note).to_have_text("")  # (a key pressed: the note goes)
    phone.keyboard.type("hello")  # (a word of hard mode's rules, not hard: any word)
    phone.keyboard.press("Enter")
    phone.wait_for_selector("body[data-practice-turns='1']")
    play(phone, secret, 2)
    assert phone.problems == []  # a refused word is the game's reply: no error


def test_the_tiles_are_in_the_colours_players_know(phone, scheme):
    (secret,) = practice(daily=True).answers
    practise(phone)
    guesses = ["crane", "moist", "lucky", "slate", "bough"]
    for turn, word in enumerate([w for w in guesses if w != secret][:4], 1):
        play(phone, word, turn)
    for value, known in enumerate(COLOURS[scheme]):
        drawn = phone.locator(f"#p-boards .tile.c{value}")
        if drawn.count():
            assert distance(rgb(phone, f"#p-boards .tile.c{value}"), known) <= NEAR, value
    for value in range(3):  # the colours themselves, whatever the rows drew
        probe = "document.body.appendChild(Object.assign(document.createElement('span'), "
        probe += f"{{className: 'tile c{value} probe'}}))"
        phone.evaluate(probe)
        assert distance(rgb(phone, f".probe.c{value}"), COLOURS[scheme][value]) <= NEAR
    phone.set_checked("#contrast", True)  # the high-contrast colours: orange and blue, kept
    assert distance(rgb(phone, ".probe.c2"), (0xC8, 0x56, 0x1B)) <= NEAR
    assert distance(rgb(phone, ".probe.c1"), (0x2F, 0x6F, 0xB3)) <= NEAR
    phone.set_checked("#contrast", False)


@pytest.mark.parametrize("lang", ["en", "es", "ru", "tr"])
def test_the_keyboards_rows_are_the_games_in_solve_and_practice(browser, server, lang):
    page = open_phone(browser, server)
    page.select_option("#lang", lang)
    page.click("#new")
    page.wait_for_selector("body[data-rendered='2']")
    for keyboard in ["#keyboard", "#p-keyboard"]:
        if keyboard == "#p-keyboard":
            practise(page)
            page.select_option("#lang", lang)
            page.click("#new")
            page.wait_for_selector("body[data-practiced='2']")
        rows = page.evaluate(f"""[...document.querySelectorAll('{keyboard} .keys')].map(r => {{
            const keys = [...r.children].map(k => k.getBoundingClientRect());
            return {{left: keys[0].left, right: keys[keys.length - 1].right,
                     widths: [...r.children].filter(k => !k.classList.contains('wide'))
                        .map(k => Math.round(k.getBoundingClientRect().width)),
                     tops: keys.map(k => Math.round(k.top))}};
        }})""")
        top, middle = rows[0], rows[1]
        if len(middle["widths"]) <= len(top["widths"]):  # (Turkish: Q and W out, 10 over 11)
            assert middle["right"] - middle["left"] <= top["right"] - top["left"] + 0.5
        widths = {w for row in rows for w in row["widths"]}
        assert max(widths) - min(widths) <= 1  # every letter key as wide
        assert min(widths) >= 24  # (a key a finger can press)
        for row in rows:  # each row on one line, inside the screen
            assert len(set(row["tops"])) == 1 and row["left"] >= 0
            assert row["right"] <= PHONE["width"]
    page.click("#mode-solve")
    tops = page.evaluate(
        "[...document.querySelectorAll('#play .actions button')]"
        ".map(b => Math.round(b.getBoundingClientRect().top))"
    )
    assert len(tops) == 3 and len(set(tops)) == 1  # Undo on the line of the others
    problems = page.problems
    page.context.close()
    assert problems == []


def test_the_share_grid_seen_in_both_modes_one_note_at_the_end_and_a_star_for_hard(phone, scheme):
    (secret,) = practice(seed=3, hard=True).answers  # PORCH
    practise(phone)
    phone.set_checked("#hard", True)
    phone.fill("#seed", "3")
    phone.click("#new")
    phone.wait_for_selector("body[data-practiced='2']")
    for turn, word in enumerate(["crane", "chord", secret], 1):
        play(phone, word, turn)
    share = phone.text_content("#p-share-text").splitlines()
    assert share[0] == "lenwordle practice 3/6*"
    paper = rgb(phone, "body")
    for value in range(3):  # each square seen on the page's paper (3:1, as WCAG asks)
        square = rgb(phone, f"#p-share .sq.c{value}")
        if value == 0:
            assert contrast(square, paper) >= 3, (scheme, square, paper)
        else:
            assert distance(square, COLOURS[scheme][value]) <= NEAR
    text = phone.inner_text("body")
    assert text.count("Solved") == 1  # one note says the outcome, once
    expect(phone.locator("#p-status")).to_have_text("Solved in 3 guesses.")
    expect(phone.locator("#p-secret")).to_have_text("The word was PORCH.")
    shown = int(phone.get_attribute("body", "data-practiced"))  # (each move shows the game)
    phone.click("#p-again")  # another secret of the same game: hard mode kept
    phone.wait_for_selector(f"body[data-practiced='{shown + 1}']")
    expect(phone.locator("#p-status")).to_contain_text("Guess 1 of 6 (seed ")
    assert phone.is_checked("#hard") and phone.is_visible("#p-keyboard")
    assert phone.problems == []
