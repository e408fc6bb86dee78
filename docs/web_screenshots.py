"""Make the screenshots of docs/web.md: the real server in this process, the real page in
Debian's chromium (Playwright): a game against CAPER, two guesses played and the third's
tiles set, at a desktop's width and a phone's (390 px), light and dark; and the end of a
game of two boards (CAPER, MOIST) at a phone's width, dark; Practice at a phone's size
(390 x 844), light and dark: two guesses played, a third being typed.

    .venv/bin/python docs/web_screenshots.py [folder]      # default: docs/
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent / "tests"))

from playwright.sync_api import sync_playwright  # noqa: E402
from web_helpers import reply_to, serving  # noqa: E402

CLICKS = {".": 0, "y": 1, "g": 2}
PRACTICE_SEED = 7  # (NOVEL)
PRACTICE_GUESSES = ["slate", "crony"]
SHOTS = {
    "desktop-light": ({"width": 900, "height": 1000}, "light"),
    "desktop-dark": ({"width": 900, "height": 1000}, "dark"),
    "phone-light": ({"width": 390, "height": 844}, "light"),
    "phone-dark": ({"width": 390, "height": 844}, "dark"),
}


def word(page):
    """Return the word on the new row's tiles."""
    return "".join(page.locator("#boards-shown .current .tile[data-row='0']").all_inner_texts())


def set_rows(page, answers):
    """Click the new row of each open board to the reply its answer gives."""
    played = word(page)
    for row, answer in enumerate(answers):
        tiles = page.locator(f"#boards-shown .current .tile[data-row='{row}']")
        for i, mark in enumerate(reply_to(played, answer)):
            for _ in range(CLICKS[mark]):
                tiles.nth(i).click()


def turn(page, answers):
    """Play a turn: the rows set, then submitted."""
    set_rows(page, answers)
    turns = page.get_attribute("body", "data-turns")
    page.click("#submit")
    page.wait_for_selector(f"body:not([data-turns='{turns}'])")


def main(folder):
    with serving() as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium")
        for name, (viewport, scheme) in SHOTS.items():
            context = browser.new_context(viewport=viewport, color_scheme=scheme)
            page = context.new_page()
            page.goto(url)
            page.wait_for_selector("body[data-ready='1']")
            turn(page, ["caper"])
            turn(page, ["caper"])
            set_rows(page, ["caper"])
            page.wait_for_timeout(400)  # (the preview shown)
            page.mouse.move(0, 0)
            page.evaluate("window.scrollTo(0, document.querySelector('#status').offsetTop - 8)")
            page.screenshot(path=folder / f"web-{name}.png")
            context.close()
        context = browser.new_context(viewport={"width": 390, "height": 1400}, color_scheme="dark")
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("body[data-ready='1']")
        page.select_option("#boards", "2")
        page.click("#new")
        page.wait_for_selector("body[data-rendered='2']")
        played = []
        while not page.locator("#end").is_visible():
            shown = word(page)
            turn(page, [a for a in ("caper", "moist") if a.upper() not in played])
            played.append(shown)
        page.wait_for_selector("body[data-reviewed]")
        page.locator("#end").screenshot(path=folder / "web-end-phone-dark.png")
        context.close()
        for scheme in ("light", "dark"):  # Practice as the daily game, on a phone
            context = browser.new_context(
                viewport={"width": 390, "height": 844}, color_scheme=scheme
            )
            page = context.new_page()
            page.goto(url)
            page.wait_for_selector("body[data-ready='1']")
            page.click("#mode-practice")
            page.wait_for_selector("body[data-practiced='1']")
            page.fill("#seed", str(PRACTICE_SEED))
            page.click("#new")
            page.wait_for_selector("body[data-practiced='2']")
            for turns, guess in enumerate(PRACTICE_GUESSES, 1):
                page.keyboard.type(guess)
                page.keyboard.press("Enter")
                page.wait_for_selector(f"body[data-practice-turns='{turns}']")
            page.keyboard.type("nov")
            page.screenshot(path=folder / f"web-practice-phone-{scheme}.png")
            context.close()
        browser.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent)
