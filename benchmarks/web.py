"""The web page's speed and the server's memory (docs/web.md, docs/benchmarks.md#web-page).

The real server (`python -m lenwordle serve --port 0`, its own process) and the real page in
Debian's chromium (Playwright, headless), at 5 and 11 letters, GAMES games each, played to
the end against known answers by clicking the tiles:
- tile -> preview: from the click on a tile to the page's preview updated ("That reply
  leaves N words"), measured in the page (performance.now(), a MutationObserver on the
  page's mark of a preview shown); one figure per click;
- submit -> suggestion: from the click on Submit to the next suggestion's tiles shown.
The same two over HTTP alone (httpx, no browser) beside them. Then the server's resident
memory (VmRSS) with 50 and with 200 open games (each a new server, each game two turns
played), at 5 and at 11 letters.

Run: python benchmarks/web.py [--games 5]   (needs the [web] extra, playwright and
/usr/bin/chromium). With --screenshot PATH it only takes the docs' picture of a game in
progress (docs/web-page.png; Debian's fonts-noto-color-emoji draws the tiles' emoji).
"""

import argparse
import statistics
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import httpx
from playwright.sync_api import sync_playwright

from lenwordle import Game, options
from lenwordle.engine.feedback import reply_for

CHROMIUM = "/usr/bin/chromium"
COLOUR = {".": 0, "y": 1, "g": 2}

CLICK_TO_PREVIEW = """async (selector) => {
  const began = performance.now();
  const shown = new Promise((resolve) => {
    const watch = new MutationObserver(() => {
      if (document.body.dataset.previewed === String(previewed)) {
        watch.disconnect();
        resolve(performance.now() - began);
      }
    });
    watch.observe(document.body, { attributes: true, attributeFilter: ["data-previewed"] });
  });
  document.querySelector(selector).click();
  return await shown;
}"""

SUBMIT_TO_SUGGESTION = """async () => {
  const began = performance.now();
  const before = document.body.dataset.rendered;
  const shown = new Promise((resolve) => {
    const watch = new MutationObserver(() => {
      if (document.body.dataset.rendered !== before) {
        watch.disconnect();
        resolve(performance.now() - began);
      }
    });
    watch.observe(document.body, { attributes: true, attributeFilter: ["data-rendered"] });
  });
  document.getElementById("submit").click();
  return await shown;
}"""


@contextmanager
def server():
    """Run `lenwordle serve --port 0` in its own process; yield (url, pid)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "lenwordle", "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,  # (its one line on the way out: terminated)
        text=True,
    )
    try:
        url = process.stdout.readline().split()[2]
        yield url, process.pid
    finally:
        process.terminate()
        process.wait(30)


def rss_mb(pid: int) -> float:
    """Return a process's resident memory (VmRSS) in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def answers(k: int, n: int) -> list[str]:
    """Return n answers to play: common words of k letters, spread over the likeliest 400."""
    words = [c.word.lower() for c in Game(k).possible(limit=400)]
    return words[:: max(1, len(words) // n)][:n]


def browser_game(page, url: str, k: int, answer: str) -> tuple[list[float], list[float]]:
    """Play one game in the page; return the click -> preview and submit -> suggestion
    times (ms)."""
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#length", str(k))
    rendered = page.get_attribute("body", "data-rendered")
    page.click("#new")
    page.wait_for_selector(f"body:not([data-rendered='{rendered}'])")
    fold = options(k).alphabet().fold
    previews, submits = [], []
    for _ in range(10):
        if page.locator("#end").is_visible():
            return previews, submits
        page.wait_for_selector("#rows .tile")
        word = fold("".join(page.locator("#rows .tile").all_inner_texts()))
        for i, mark in enumerate(reply_for(word, answer)):
            for _ in range(COLOUR[mark]):
                selector = f'#rows .tile[data-pos="{i}"]'
                previews.append(page.evaluate(CLICK_TO_PREVIEW, selector))
        submits.append(page.evaluate(SUBMIT_TO_SUGGESTION))
    raise AssertionError(f"{answer}: not solved in 10")


def http_game(url: str, k: int, answer: str) -> tuple[list[float], list[float]]:
    """Play one game over HTTP alone; return the preview and tell request times (ms)."""
    fold = options(k).alphabet().fold
    previews, tells = [], []
    with httpx.Client(base_url=url, timeout=60) as client:
        game = client.post("/api/new", json={"length": k}).json()["game"]
        while not game["done"]:
            reply = reply_for(fold(game["suggestion"]), answer)
            began = time.perf_counter()
            client.post("/api/preview", json={"replies": [reply]})
            previews.append(1000 * (time.perf_counter() - began))
            began = time.perf_counter()
            game = client.post("/api/tell", json={"replies": [reply]}).json()["game"]
            tells.append(1000 * (time.perf_counter() - began))
    return previews, tells


def figures(label: str, times: list[float]) -> str:
    return (
        f"{label}: median {statistics.median(times):.0f} ms, max {max(times):.0f} ms "
        f"({len(times)} measures)"
    )


def memory(k: int, games: int) -> tuple[float, float]:
    """Return the server's RSS (MB) with one game open, then with `games` games of k
    letters open, each with two turns played."""
    with server() as (url, pid):
        clients = []
        try:
            for i in range(games):
                client = httpx.Client(base_url=url, timeout=60)
                clients.append(client)
                game = client.post("/api/new", json={"length": k}).json()["game"]
                if i == 0:
                    first = rss_mb(pid)
                for _ in range(2):
                    if game["done"]:
                        break
                    game = client.post("/api/tell", json={"replies": ["." * k]}).json()["game"]
            return first, rss_mb(pid)
        finally:
            for client in clients:
                client.close()


def screenshot(path: str) -> None:
    """Take the picture of a game in progress: a turn played against FLAME, the second's
    tiles given, its preview shown."""
    with server() as (url, _), sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        page = browser.new_page(viewport={"width": 760, "height": 600})
        page.goto(url)
        page.wait_for_selector("body[data-ready='1']")
        for turn in range(2):
            page.wait_for_selector(f"body[data-turns='{turn}']")
            word = "".join(page.locator("#rows .tile").all_inner_texts()).lower()
            for i, mark in enumerate(reply_for(word, "flame")):
                for _ in range(COLOUR[mark]):
                    page.locator(f'#rows .tile[data-pos="{i}"]').click()
            if turn < 1:
                page.click("#submit")
        page.wait_for_timeout(300)
        page.locator("#rows .tile").first.focus()
        page.screenshot(path=path, full_page=True)
        browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="games a length (default 5)")
    parser.add_argument("--screenshot", help="only take the docs' picture, to this PNG file")
    args = parser.parse_args()
    if args.screenshot:
        screenshot(args.screenshot)
        return
    with server() as (url, _), sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        for k in (5, 11):
            previews, submits, http_previews, tells = [], [], [], []
            for answer in answers(k, args.games):
                page = browser.new_context().new_page()
                p, s = browser_game(page, url, k, answer)
                page.context.close()
                previews += p
                submits += s
                p, t = http_game(url, k, answer)
                http_previews += p
                tells += t
            print(f"{k} letters, {args.games} games:")
            print("  in the browser: " + figures("tile -> preview", previews))
            print("  in the browser: " + figures("submit -> next suggestion", submits))
            print("  over HTTP: " + figures("preview", http_previews))
            print("  over HTTP: " + figures("reply -> next suggestion", tells))
        browser.close()
    for k in (5, 11):
        for games in (50, 200):
            first, full = memory(k, games)
            print(f"server RSS, {k} letters: {first:.0f} MB with 1 game, {full:.0f} with {games}")


if __name__ == "__main__":
    main()
