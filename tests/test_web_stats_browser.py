"""The page's statistics beyond a game in a real browser (Debian's chromium, Playwright), at
a phone's width: the recent days' daily puzzles listed, a past day played by its date (said
to count outside the streak) and then listed as won, a statistics file uploaded and the
statistics downloaded whole.

Without /usr/bin/chromium this test is skipped, unless CI is set: CI must run it."""

import datetime
import json

import pytest
from web_browser import expect, ready_page  # (first: it skips without a browser)

from lenwordle.api.practice import practice
from lenwordle.api.practice_stats import export_statistics

pytestmark = pytest.mark.process

YESTERDAY = (datetime.datetime.now(datetime.UTC).date() - datetime.timedelta(days=1)).isoformat()


@pytest.fixture
def page(browser, server):
    """A fresh browser at the page, 390 px wide; no script error nor failed request."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, accept_downloads=True)
    opened = ready_page(context, server, loads_in_console=True)
    yield opened
    context.close()


def test_a_past_day_played_listed_and_statistics_moved(page, tmp_path):
    page.click("#mode-practice")
    page.wait_for_selector("body[data-practiced='1']")  # (today's puzzle, opened at once)
    expect(page.locator("#p-days li")).to_have_count(14)
    expect(page.locator(f"#p-days button[data-day='{YESTERDAY}']")).to_have_text(
        f"{YESTERDAY}: not played"
    )
    page.fill("#p-date", YESTERDAY)
    page.click("#p-date-play")
    page.wait_for_selector("body[data-practiced='2']")
    expect(page.locator("#p-status")).to_contain_text(f"the daily puzzle of {YESTERDAY}")
    expect(page.locator("#p-kept")).to_have_text(
        "Another day's puzzle: counted in your daily figures, not in your daily streak."
    )
    (secret,) = practice(date=YESTERDAY).answers
    page.keyboard.type(secret)
    page.keyboard.press("Enter")
    page.wait_for_selector("body[data-practice-turns='1']")
    expect(page.locator(f"#p-days button[data-day='{YESTERDAY}']")).to_have_text(
        f"{YESTERDAY}: won, on another day"
    )
    page.click(f"#p-days button[data-day='{YESTERDAY}']")  # the same day again: a replay
    page.wait_for_selector("body[data-practiced='4']")  # (shown: new, the guess, new)
    expect(page.locator("#p-kept")).to_have_text(
        "You finished this puzzle before: this game is practice, counted nowhere."
    )

    elsewhere = tmp_path / "elsewhere"
    game = practice(seed=5)
    game.guess(game.answers[0])
    game.record(elsewhere)
    export_statistics(tmp_path / "mine.json", elsewhere)
    page.set_input_files("#p-import", str(tmp_path / "mine.json"))
    expect(page.locator("#p-import-said")).to_have_text("Imported 1 game (0 kept already).")
    page.set_input_files("#p-import", str(tmp_path / "mine.json"))
    expect(page.locator("#p-import-said")).to_have_text("Imported 0 games (1 kept already).")
    with page.expect_download() as download:
        page.click("#p-export")
    content = json.loads(download.value.path().read_text())
    assert sorted(g["puzzle"] for g in content["games"]) == [f"daily {YESTERDAY}", "seed 5"]
    assert page.problems == []
