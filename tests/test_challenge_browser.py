"""Challenges on the page in a real browser (Debian's chromium, Playwright), at a phone's width:
a link /?challenge=CODE opens the right game in Practice, its game said above the board
before the first guess (the address then loses its code), and its word, typed with its
accents, wins it; "Challenge a friend", a panel of Practice's naming the form's game, makes
the link of a word of that game (Russian, Turkish), whose code spells none of it, and the
link plays it. No script error, console error
or failed request.

Without /usr/bin/chromium these tests are skipped, unless CI is set: CI must run them."""

import pytest
from web_browser import expect, ready_page  # (first: it skips without a browser)

from lenwordle.api import make_challenge, read_challenge

pytestmark = pytest.mark.process

WIDTH = 390


@pytest.fixture
def context(browser):
    opened = browser.new_context(viewport={"width": WIDTH, "height": 844})
    yield opened
    opened.close()


def opened(context, url):
    """Return a page of context at url, ready, its problems (errors, failed requests) kept."""
    return ready_page(context, url)


def keys(page, word):
    """Play word on the page's own keys (the computer's types no letter off its layout)."""
    for letter in word:
        page.click(f"#p-keyboard .key[data-key='{letter}']")
    page.click("#p-keyboard .key[data-key='Enter']")


def test_a_challenge_link_opens_its_game_said_before_the_first_guess(context, server):
    code = make_challenge("árbol", 5, "es", accents="keep", hard=True).code
    page = opened(context, f"{server}/?challenge={code}")
    page.wait_for_selector("body[data-practiced]")
    note = page.locator("#p-challenge")
    expect(note).to_have_text("A challenge: Wordle, Spanish, 5 letters, hard mode, 6 guesses.")
    expect(note).to_be_visible()
    expect(page.locator("#p-status")).to_contain_text("Guess 1 of 6 (a challenge)")
    assert page.get_attribute("body", "data-mode") == "practice"
    assert page.url == f"{server}/"  # (a reload goes on with the game)
    assert page.input_value("#lang") == "es" and page.is_checked("#hard")
    assert "RBOL" not in page.inner_text("body").upper()
    keys(page, "ÁRBOL")
    page.wait_for_selector("body[data-practice-turns='1']")
    expect(page.locator("#p-status")).to_have_text("Solved in 1 guess.")
    share = page.text_content("#p-share-text").splitlines()
    assert share[0] == f"lenwordle challenge {code} 1/6*"  # (hard mode: *)
    page.reload()
    page.wait_for_selector("body[data-practiced]")
    expect(page.locator("#p-challenge")).to_be_visible()  # (the same game, over)
    assert page.get_attribute("body", "data-practice-turns") == "1"
    assert page.problems == []


@pytest.mark.parametrize(
    "lang, length, typed, said",
    [("ru", "6", "яблоко", "Russian, 6 letters"), ("tr", "4", "ışık", "Turkish, 4 letters")],
)
def test_a_challenge_made_on_the_page_spells_nothing_and_its_link_plays_it(
    context, server, lang, length, typed, said
):
    page = opened(context, server)
    page.click("#mode-practice")
    page.select_option("#lang", lang)
    page.select_option("#length", length)
    page.click("#challenge-make summary")
    assert page.locator("#p-panels > #challenge-make").count() == 1  # (a panel of Practice's)
    expect(page.locator("#c-game")).to_have_text(f"The game: Wordle, {said}.")  # (the form's)
    page.fill("#c-word", typed.upper())
    page.press("#c-word", "Enter")
    page.wait_for_selector("body[data-challenge-made]")
    code = page.get_attribute("body", "data-challenge-made")
    link = page.input_value("#c-link")
    assert link == f"{server}/?challenge={code}"
    assert typed not in code.lower() and typed[::-1] not in code.lower()
    assert read_challenge(code).words == (typed,)
    expect(page.locator("#c-copy")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH  # (no sideways)
    assert page.problems == []

    friend = opened(context, link)
    friend.wait_for_selector("body[data-practiced]")
    expect(friend.locator("#p-challenge")).to_have_text(f"A challenge: Wordle, {said}, 6 guesses.")
    keys(friend, typed.upper())
    friend.wait_for_selector("body[data-practice-turns='1']")
    expect(friend.locator("#p-status")).to_have_text("Solved in 1 guess.")
    assert friend.problems == []


def test_a_word_the_game_would_not_hide_is_said_on_the_page(context, server):
    page = opened(context, server)
    page.click("#mode-practice")
    page.click("#challenge-make summary")
    page.fill("#c-word", "xyzzy")
    page.click("#c-make")
    expect(page.locator("#c-said")).to_have_text("XYZZY is not a word this game may hide")
    expect(page.locator("#c-link")).to_be_hidden()
    assert page.problems == [f"400 {server}/api/practice/challenge"]
