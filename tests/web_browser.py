"""What the page's browser tests share: Debian's chromium driven by Playwright (a test module
that imports this is skipped without them, unless CI is set: CI must run them, so there a
missing browser or package fails, never a silent skip), the module's server and browser
fixtures' bodies, and the probe of text that wraps."""

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
NO_BROWSER = f"no {CHROMIUM} (apt-get install chromium): the page's browser tests are skipped"

if os.environ.get("CI"):
    from playwright.sync_api import expect, sync_playwright
else:
    if not CHROMIUM.exists():
        pytest.skip(NO_BROWSER, allow_module_level=True)
    pytest.importorskip("starlette", reason="the [web] extra is not installed")
    sync_playwright = pytest.importorskip("playwright.sync_api").sync_playwright
    expect = pytest.importorskip("playwright.sync_api").expect

__all__ = ["CHROMIUM", "WRAPPED", "chromium", "expect", "ready_page", "sync_playwright"]

# the texts of the elements given where a run of text goes over more than one line (a
# wrapped figure, '0.03 / 8 %', or a heading, 'Ski / ll')
WRAPPED = """selector => [...document.querySelectorAll(selector)].filter(e => {
    const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(text);
        const tops = new Set([...range.getClientRects()].filter(r => r.width > 0)
            .map(r => Math.round(r.top)));
        if (tops.size > 1) return true;
    }
    return false;
}).map(e => e.textContent)"""


@contextlib.contextmanager
def chromium() -> Iterator:
    """Yield Debian's chromium launched headless (with CI set and none here: the test fails)."""
    assert CHROMIUM.exists(), NO_BROWSER
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM))
        yield launched
        launched.close()


def ready_page(context, url: str, loads_in_console: bool = False):
    """Return a new page of context at url, ready (body[data-ready]), every script error,
    console error and failed request (its status and URL) kept in page.problems; a failed
    request's own console line ("Failed to load resource") is kept too with
    loads_in_console, else only its status."""
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on(
        "console",
        lambda m: (
            m.type == "error"
            and (loads_in_console or "Failed to load resource" not in m.text)
            and problems.append(m.text)
        ),
    )
    page.on("response", lambda r: r.status >= 400 and problems.append(f"{r.status} {r.url}"))
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']")
    page.problems = problems
    return page
