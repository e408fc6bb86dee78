"""Variants on the web page in a real browser (Debian's chromium, Playwright): a whole Woodle
game played with its two counts and a whole Peaks game played by clicking the arrows, each
against an answer the solver plays the same way through the API, with no error in the
console and no failed request.

Without /usr/bin/chromium these tests are skipped, unless CI is set: CI must run them."""

import pytest
from web_browser import WRAPPED, expect  # (first: it skips without a browser)

import lenwordle

pytestmark = pytest.mark.process


@pytest.fixture(params=[{"width": 900, "height": 900}, {"width": 390, "height": 844}])
def page(request, browser, server):
    """A fresh browser at the page, at a desktop's width and a phone's; no script error,
    console error or failed request when the test is done."""
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


def new_game(page, variant, length=5):
    page.select_option("#variant", variant)
    assert page.is_disabled("#boards") and page.is_disabled("#hard")
    assert page.is_disabled("#ultra-hard")
    expect(page.locator("#about")).to_contain_text(f"{variant.capitalize()}:")
    page.select_option("#length", str(length))
    rendered = int(page.get_attribute("body", "data-rendered"))
    page.click("#new")
    page.wait_for_selector(f"body[data-rendered='{rendered + 1}']")


def submit(page):
    turns = int(page.get_attribute("body", "data-turns"))
    page.click("#submit")
    page.wait_for_selector(f"body[data-turns='{turns + 1}']")


NEW_ROW = "#boards-shown .current .tile"


def word_on_tiles(page):
    return "".join(
        t.get_attribute("aria-label").split(",")[0] for t in page.locator(NEW_ROW).all()
    )


def test_a_whole_woodle_game_with_its_two_counts(page):
    played = lenwordle.solve("flame", variant="woodle")
    new_game(page, "woodle")
    assert page.locator("#boards-shown button.tile").count() == 0  # no colours to click
    assert page.locator("#paste-field").is_hidden()
    for word, (row,) in played.turns:
        assert word_on_tiles(page) == word.upper()
        greens, yellows = row.removesuffix("y").split("g")
        page.fill("#greens", greens)
        page.fill("#yellows", yellows)
        if row != "5g0y":
            expect(page.locator("#left-0")).to_contain_text("That reply leaves")
        else:
            expect(page.locator("#left-0")).to_have_text("That reply solves it: the game ends.")
        submit(page)
    expect(page.locator("#status")).to_have_text(f"Solved in {len(played.turns)} guesses.")
    share = page.text_content("#share-text").splitlines()
    assert share[0] == f"lenwordle woodle {len(played.turns)}/8" and share[-1] == "5🟩 0🟨"
    page.wait_for_selector(f"body[data-reviewed='{len(played.turns)}']")  # reviewed too
    expect(page.locator("#review .figures")).to_contain_text(f"Solved in {len(played.turns)}")
    assert page.locator("#review tbody tr").count() == len(played.turns)
    first = page.locator("#boards-shown .row.played").first
    greens, yellows = played.turns[0][1][0].removesuffix("y").split("g")
    assert first.get_attribute("aria-label").endswith(f"{greens} green, {yellows} yellow")
    assert first.locator(".count").all_inner_texts() == [greens, yellows]
    assert page.locator("#share .sq.c2").count() == len(played.turns)  # a square a row


def test_a_whole_peaks_game_by_clicking_the_arrows_with_refuse_and_undo(page):
    played = lenwordle.solve("flame", variant="peaks")
    new_game(page, "peaks")
    assert page.locator("#paste-field").is_hidden()
    first = word_on_tiles(page)
    page.click("#refuse")
    expect(page.locator("#refused")).to_have_text(f"Refused by the game: {first}")
    page.click("#undo")
    expect(page.locator("#refused")).to_have_text("")
    clicks = {"^": 0, "v": 1, "g": 2}  # from "later": later, earlier, same
    for word, (row,) in played.turns:
        assert word_on_tiles(page) == word.upper()
        tiles = page.locator(NEW_ROW)
        for i, mark in enumerate(row):
            for _ in range(clicks[mark]):
                tiles.nth(i).click()
        names = [t.get_attribute("aria-label").rsplit(" ", 1)[1] for t in tiles.all()]
        assert names == [{"^": "later", "v": "earlier", "g": "same"}[m] for m in row]
        if "^" in row:
            expect(tiles.nth(row.index("^"))).to_contain_text("▲")
        if row != "ggggg":
            expect(page.locator("#left-0")).to_contain_text("That reply leaves")
        else:
            expect(page.locator("#left-0")).to_have_text("That reply solves it: the game ends.")
        submit(page)
    expect(page.locator("#status")).to_have_text(f"Solved in {len(played.turns)} guesses.")
    share = page.text_content("#share-text").splitlines()
    assert share[0] == f"lenwordle peaks {len(played.turns)}/6" and share[-1] == "🟩🟩🟩🟩🟩"
    arrows = sum(row.count("^") + row.count("v") for _, (row,) in played.turns)
    assert page.locator("#share .sq.p0, #share .sq.p1").count() == arrows  # drawn, ▲ and ▼
    page.click("#undo")  # the end taken back
    expect(page.locator("#end")).to_be_hidden()
    assert page.get_attribute("body", "data-turns") == str(len(played.turns) - 1)


def test_every_variant_is_read_at_a_phone_width_its_first_row_set(browser, server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    phone = context.new_page()
    errors = []
    phone.on("console", lambda m: m.type == "error" and errors.append(m.text))
    phone.on("response", lambda r: r.status >= 400 and errors.append(f"{r.status} {r.url}"))
    phone.goto(server)
    phone.wait_for_selector("body[data-ready='1']")
    names = phone.eval_on_selector_all("#variant option", "options => options.map(o => o.value)")
    assert names[:3] == ["wordle", "absurdle", "sutom"] and len(names) == 11  # 8 variants
    for name in names[1:]:
        rendered = int(phone.get_attribute("body", "data-rendered"))
        phone.select_option("#variant", name)
        if name == "sutom":  # (its length 6 at once: 5 letters are not offered)
            assert phone.input_value("#length") == "6"
            phone.fill("#first-letter", "p")
        phone.click("#new")
        phone.wait_for_selector(f"body[data-rendered='{rendered + 1}']")
        assert phone.inner_text("#status").startswith("Guess 1 of "), name
        if name == "sutom":
            assert "possible, all beginning with P." in phone.inner_text("#status")
        if name != "woodle":
            phone.locator("#boards-shown .current .tile").first.click()  # a tile set
            expect(phone.locator("#left-0")).not_to_have_text("")
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390, name
        shown = "#keyboard .key, .chances li, #status, #about"
        assert phone.evaluate(WRAPPED, "#keyboard .key, .chances li") == [], name
        assert phone.locator(shown).count() > 10
    context.close()
    assert errors == []
