"""The page's Practice mode in a real browser (Debian's chromium, Playwright), at a phone's
width in dark mode: a whole seeded game typed on the computer's keyboard and the page's, a
refused word said and left to mend, a hint, the win, the review with the turn after the hint
marked, and the statistics; each row's colours held to the reference scorer.

Without /usr/bin/chromium this test is skipped, unless CI is set: CI must run it."""

import pytest
from variant_rules import wordle
from web_browser import expect, ready_page  # (first: it skips without a browser)

from lenwordle.api.practice import practice

pytestmark = pytest.mark.process

SEED = 7
WIDTH = 390


@pytest.fixture
def page(browser, server):
    """A fresh browser at the page, 390 px wide and dark; no script error, console error or
    failed request but those the test expects when it is done, and no sideways scroll."""
    context = browser.new_context(viewport={"width": WIDTH, "height": 844}, color_scheme="dark")
    opened = ready_page(context, server)
    yield opened
    width = opened.evaluate("document.documentElement.scrollWidth")
    context.close()
    assert width <= WIDTH


def colours_of(page, turn):
    """Return the colours (0 grey, 1 yellow, 2 green) of a row played, as drawn."""
    tiles = page.locator("#p-boards .row.played").nth(turn).locator(".tile")
    return tuple(int(t.get_attribute("class").split(" c")[1][0]) for t in tiles.all())


def played(page, turns):
    page.wait_for_selector(f"body[data-practice-turns='{turns}']")


def test_a_whole_practice_game_typed_refused_hinted_won_reviewed_and_counted(page):
    (secret,) = practice(seed=SEED).answers
    page.click("#mode-practice")
    expect(page.locator("#play")).to_be_hidden()
    page.wait_for_selector("body[data-practiced='1']")  # (today's puzzle, opened at once)
    page.fill("#seed", str(SEED))
    page.click("#new")
    page.wait_for_selector("body[data-practiced='2']")
    expect(page.locator("#p-status")).to_contain_text("Guess 1 of 6 (seed 7)")

    page.keyboard.type("zzzzz")
    page.keyboard.press("Enter")
    expect(page.locator("#p-message")).to_have_text("ZZZZZ is not in the game's word list")
    assert page.get_attribute("#p-message", "role") == "alert"
    assert page.get_attribute("#p-boards .row.typing", "aria-label").endswith(": ZZZZZ")
    for _ in range(5):
        page.keyboard.press("Backspace")
    page.keyboard.type("slate")
    page.keyboard.press("Enter")
    played(page, 1)
    assert colours_of(page, 0) == wordle("slate", secret)

    page.click("#p-hint")
    expect(page.locator("#p-hint-box")).to_contain_text(
        " words the host picks from still possible"
    )
    expect(page.locator("#p-hint-box .worth")).to_contain_text("Your last guess, SLATE: skill")

    for key in "CRONY":  # the page's own keys this time
        page.click(f"#p-keyboard .key[data-key='{key}']")
    page.click("#p-keyboard .key[data-key='Enter']")
    played(page, 2)
    assert colours_of(page, 1) == wordle("crony", secret)
    for letter in "SLATECRONY":  # each key its best colour so far (green over yellow)
        best = max(
            v
            for w in ("slate", "crony")
            for c, v in zip(w, wordle(w, secret))
            if c == letter.lower()
        )
        assert f"k{best}" in page.get_attribute(f"#p-keyboard .key[data-key='{letter}']", "class")

    page.keyboard.type(secret)
    page.keyboard.press("Enter")
    played(page, 3)
    expect(page.locator("#p-status")).to_have_text("Solved in 3 guesses.")
    expect(page.locator("#p-secret")).to_have_text(f"The word was {secret.upper()}.")
    share = page.text_content("#p-share-text").splitlines()
    assert share[0] == "lenwordle practice 3/6 (1 hint)" and share[2].endswith("💡")
    assert page.locator("#p-share .share-line").count() == 4

    page.click("#p-review-button")
    page.wait_for_selector("body[data-practice-reviewed='3']")
    rows = page.locator("#p-review tbody tr")
    assert rows.count() == 3
    assert [rows.nth(i).get_attribute("class") for i in range(3)] == [None, "after-hint", None]
    page.wait_for_selector("body[data-stats='1']")
    figures = page.locator("#p-stats .figures-row dd").all_text_contents()
    assert figures == ["1", "100", "1", "1"]  # played, win %, streak, best streak
    bars = page.locator("#p-stats .bar").all_text_contents()
    assert bars == ["0", "0", "1", "0", "0", "0"]
    assert "this" in page.locator("#p-stats .bar").nth(2).get_attribute("class")
    page.click("#p-all-button")
    expect(page.locator("#p-all tbody tr")).to_have_count(1)
    assert page.problems == []  # (a refused word is the game's ordinary reply: no error)


def test_sutom_practice_shows_its_letter_and_refuses_a_guess_beginning_with_another(page):
    (secret,) = practice(6, "en", sutom=True, seed=SEED).answers  # HACKER: an H shown
    page.click("#mode-practice")
    page.wait_for_selector("body[data-practiced='1']")  # (today's puzzle, opened at once)
    page.select_option("#variant", "sutom")
    expect(page.locator("#about")).to_contain_text("SUTOM: the answer's first letter is shown")
    assert page.input_value("#length") == "6" and page.is_disabled("#boards")
    expect(page.locator("#letter-field")).to_be_hidden()  # (the host shows it in Practice)
    page.fill("#seed", str(SEED))
    page.click("#new")
    page.wait_for_selector("body[data-practiced='2']")
    expect(page.locator("#p-status")).to_contain_text("6 letters beginning with H.")
    first = page.locator("#p-boards .row.typing .tile").first
    expect(first).to_have_text("H")
    expect(first).to_have_class("tile given")

    page.keyboard.type("planet")
    expect(first).to_have_text("P")
    page.keyboard.press("Enter")
    expect(page.locator("#p-message")).to_have_text("PLANET does not begin with H")
    assert page.get_attribute("#p-boards .row.typing", "aria-label").endswith(": PLANET")
    assert page.get_attribute("body", "data-practice-turns") == "0"  # not counted
    page.keyboard.press("Escape")
    expect(first).to_have_text("H")
    page.keyboard.type("hunter")
    page.keyboard.press("Enter")
    played(page, 1)
    assert colours_of(page, 0) == wordle("hunter", secret)
    expect(page.locator("#p-status")).to_contain_text("Guess 2 of 6")
    assert page.problems == []
