"""The page's review of a screenshot, its routes without a browser (Starlette's TestClient):
POST /api/review/image reads a board drawn as the daily games draw it (board_pictures.py)
into its words, replies and tiles not read; POST /api/review/board reviews a corrected
board as review() reviews it typed; a bad file, a body past the library's byte limit or of
another kind is a 4xx and one line, never a 500."""

import shutil
import warnings

import pytest
from board_pictures import GAMES, played, reply, screenshot, several

import lenwordle
from lenwordle.games import picture
from lenwordle.web import picture_routes

pytest.importorskip("starlette", reason="the [web] extra is not installed")
pytest.importorskip("httpx", reason="the [web] extra's tests need httpx")
pytest.importorskip("PIL", reason="the [image] extra is not installed")
if shutil.which("tesseract") is None:
    pytest.skip("no tesseract (apt-get install tesseract-ocr)", allow_module_level=True)

with warnings.catch_warnings():  # starlette 1.10 would rather have httpx2: both work
    warnings.filterwarnings("ignore", "Using `httpx` with `starlette.testclient`")
    from starlette.testclient import TestClient
from lenwordle.web.app import create_app  # noqa: E402

PNG = {"Content-Type": "image/png"}


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app(), base_url="http://127.0.0.1")


@pytest.fixture(scope="module")
def drawn(browser):
    """A won game of English drawn on a phone (slate corny manga japan) and its PNG."""
    game = played("en", GAMES["en"][2])
    return game, screenshot(browser, game, True, 3)


def one_line(response, status):
    assert response.status_code == status, response.text
    said = response.json()["error"]
    assert said and "\n" not in said and "Traceback" not in said
    return said


def test_a_drawn_board_is_read_into_its_words_replies_and_no_unread_tiles(client, drawn):
    game, png = drawn
    answer = client.post("/api/review/image?lang=en", content=png, headers=PNG)
    assert answer.status_code == 200, answer.text
    (read,) = answer.json()["boards"]
    assert answer.json()["variant"] == "wordle" and answer.json()["accents"] is None
    assert read["words"] == ["slate", "corny", "manga", "japan"]
    assert read["replies"] == [reply(word, "japan") for word in game.guesses]
    assert read["replies"][0] == "..y.."  # (the tests' own scorer, checked by hand once)
    assert read["shown"] == ["SLATE", "CORNY", "MANGA", "JAPAN"]
    assert read["unread"] == []


def test_a_corrected_board_is_reviewed_as_review_reviews_it_typed(client):
    guesses = GAMES["en"][2]
    replies = [reply(word, guesses[-1]) for word in guesses]
    body = {"words": [w.upper() for w in guesses], "replies": replies, "lang": "en"}
    answer = client.post("/api/review/board", json=body)
    assert answer.status_code == 200, answer.text
    turns = answer.json()["review"]["boards"][0]["turns"]
    typed = lenwordle.review(*guesses, answer=guesses[-1])
    assert [t["guess"] for t in turns] == ["SLATE", "CORNY", "MANGA", "JAPAN"]
    assert [t["reply"] for t in turns] == replies
    assert [t["skill"] for t in turns] == [t.skill for t in typed.turns]
    assert answer.json()["review"]["boards"][0]["figures"] == typed.figures


def test_a_lost_board_is_reviewed_by_its_replies(client):
    body = {"words": ["slate", "corny"], "replies": ["..y..", "...y."]}
    answer = client.post("/api/review/board", json=body)
    assert answer.status_code == 200, answer.text
    figures = answer.json()["review"]["boards"][0]["figures"]
    assert figures["solved"] is False and figures["guesses"] == 2


@pytest.mark.parametrize(
    "body, said",
    [
        ({"words": ["slate", "japan"], "replies": ["..y.g", "ggggg"]}, "row 1's colours"),
        ({"words": ["slate", "corny"], "replies": ["....."]}, "replies are 1 for 2 guesses"),
        ({"words": [], "replies": []}, "words: 1 to 32 rows"),
        ({"words": ["slate"] * 33, "replies": ["....."] * 33}, "words: 1 to 32 rows"),
        ({"words": "slate", "replies": ["....."]}, "words must be a list"),
        ({"words": ["sl?te"], "replies": ["....."]}, "is not a word"),
        ({"words": ["slate"], "replies": ["....."], "lang": "xx"}, "xx"),
    ],
    ids=["colours", "count", "none", "one-past-rows", "not-a-list", "unread", "language"],
)
def test_a_board_that_cannot_be_reviewed_is_a_400_and_one_line(client, body, said):
    assert said in one_line(client.post("/api/review/board", json=body), 400)


def test_thirty_two_rows_are_taken(client):
    words, replies = ["slate"] * 32, ["....."] * 32
    answer = client.post("/api/review/board", json={"words": words, "replies": replies})
    assert answer.status_code != 400 or "1 to 32 rows" not in answer.json()["error"]


@pytest.mark.parametrize(
    "data, said",
    [
        (b"", "no picture was sent"),
        (b"not a picture at all", "screenshot: not a picture"),
        (b"\x89PNG\r\n\x1a\n" + b"\0" * 40, "screenshot: "),
    ],
    ids=["empty", "text", "truncated"],
)
def test_a_bad_file_is_a_400_and_one_line(client, data, said):
    assert one_line(client.post("/api/review/image", content=data, headers=PNG), 400).startswith(
        said
    )


def test_a_picture_must_be_sent_as_a_png_or_jpeg(client):
    for kind in ("text/plain", "multipart/form-data", "application/x-www-form-urlencoded"):
        sent = client.post("/api/review/image", content=b"x", headers={"Content-Type": kind})
        assert "PNG or JPEG" in one_line(sent, 415)
    sent = client.post("/api/review/image", content=b"x", headers={"Content-Type": "image/jpeg"})
    assert "not a picture" in one_line(sent, 400)


def test_the_byte_limit_is_the_librarys_exactly_at_and_one_past(client, monkeypatch):
    assert picture_routes.MAX_PICTURE_BYTES == picture.MAX_BYTES  # (one constant)
    monkeypatch.setattr(picture_routes, "MAX_PICTURE_BYTES", 1000)
    monkeypatch.setattr(picture, "MAX_BYTES", 1000)
    at = client.post("/api/review/image", content=b"x" * 1000, headers=PNG)
    assert "not a picture" in one_line(at, 400)  # (read: not refused for its size)
    past = client.post("/api/review/image", content=b"x" * 1001, headers=PNG)
    assert one_line(past, 413) == "the request is over 1000 bytes"


def test_an_unknown_language_is_a_400(client, drawn):
    _, png = drawn
    assert "xx" in one_line(
        client.post("/api/review/image?lang=xx", content=png, headers=PNG), 400
    )


def test_another_sites_post_of_a_picture_is_refused_before_it_is_read(client, monkeypatch):
    def never(*args, **kwargs):
        raise AssertionError("read")

    monkeypatch.setattr(picture_routes, "read_boards", never)
    for headers in ({"sec-fetch-site": "cross-site"}, {"origin": "http://evil.example"}):
        sent = client.post("/api/review/image", content=b"x", headers=PNG | headers)
        one_line(sent, 403)
        sent = client.post("/api/review/board", json={"words": ["slate"]}, headers=headers)
        one_line(sent, 403)


QUORDLE = ("slate", "corny", "manga", "japan", "crane", "moist")


def test_quordles_boards_are_read_and_reviewed_a_board_each(client, browser):
    answers = ("manga", "japan", "crane", "moist")
    png = screenshot(browser, several("en", QUORDLE, answers, theme="dark"), True, 3)
    answer = client.post("/api/review/image?lang=en", content=png, headers=PNG)
    assert answer.status_code == 200, answer.text
    boards = answer.json()["boards"]
    assert [b["words"] for b in boards] == [
        list(QUORDLE[: QUORDLE.index(a) + 1]) for a in answers
    ]  # (each board to its solve: its blank rows below are no rows)
    assert [b["replies"][-1] for b in boards] == ["ggggg"] * 4
    assert boards[0]["replies"][:2] == ["..y..", "...y."]  # (SLATE, CORNY against MANGA)
    body = {"words": list(QUORDLE), "boards": [b["replies"] for b in boards], "lang": "en"}
    reviewed = client.post("/api/review/board", json=body)
    assert reviewed.status_code == 200, reviewed.text
    shown = reviewed.json()["review"]["boards"]
    assert [len(b["turns"]) for b in shown] == [3, 4, 5, 6]
    typed = lenwordle.review(*QUORDLE[:3], answer="manga", max_guesses=9)  # (Quordle's 9)
    assert shown[0]["figures"] == typed.figures
    assert [t["skill"] for t in shown[0]["turns"]] == [t.skill for t in typed.turns]


@pytest.mark.parametrize(
    "boards, said",
    [
        ([["..y..", "...y.", "ggggg"], ["....."]], "board 2 shows 1 of 3 rows, its last not"),
        ([["....."], ["ggggg"]], "the longest board has 1 for 2 guesses"),
        ([["ggggg"]] * 9, "boards must be a list of 1 to 8"),
        ("ggggg", "boards must be a list of 1 to 8"),
        ([["ggggg"], "ggggg"], "boards must be a list of strings"),
    ],
    ids=["unsolved-short", "too-few-rows", "one-past-boards", "not-a-list", "board-not-rows"],
)
def test_boards_no_game_shows_are_a_400_and_one_line(client, boards, said):
    words = ["slate", "corny", "japan"] if said.startswith("board 2") else ["slate", "japan"]
    body = {"words": words, "boards": boards}
    assert said in one_line(client.post("/api/review/board", json=body), 400)


def test_a_fibble_board_is_read_and_reviewed_from_its_rows(client, browser):
    guesses = ("stare", "carol", "crass", "cigar")
    rows = ("y.yy.", "yyy..", "gyyg.", "ggggg")  # (docs/variants.md's game: a lie a row)
    png = screenshot(browser, type(played("en", guesses))("en", guesses, rows), True, 3)
    answer = client.post("/api/review/image?variant=fibble", content=png, headers=PNG)
    assert answer.status_code == 200, answer.text
    assert answer.json()["variant"] == "fibble"
    assert answer.json()["boards"][0]["replies"] == list(rows)
    body = {"words": list(guesses), "replies": list(rows), "variant": "fibble"}
    shown = client.post("/api/review/board", json=body).json()["review"]["boards"][0]
    typed = lenwordle.review(*guesses, replies=rows, variant="fibble")
    assert [t["skill"] for t in shown["turns"]] == [t.skill for t in typed.turns]
    body["variant"] = "wordle"  # (as Wordle: row 1's colours no answer gives)
    assert "row 1's colours" in one_line(client.post("/api/review/board", json=body), 400)


def test_a_variant_whose_picture_is_not_read_is_a_400_before_reading(client, monkeypatch):
    def never(*args, **kwargs):
        raise AssertionError("read")

    monkeypatch.setattr(picture_routes, "read_boards", never)
    sent = client.post("/api/review/image?variant=peaks", content=b"x", headers=PNG)
    assert one_line(sent, 400) == (
        "variant=peaks: its tiles are arrows, which a picture is not read for; type the game "
        "instead"
    )
    body = {"words": ["slate"], "replies": ["....."], "variant": "woodle"}
    assert "variant=woodle: its rows are counts" in one_line(
        client.post("/api/review/board", json=body), 400
    )


def test_the_accents_asked_are_the_readings_and_the_reviews(client, monkeypatch):
    asked = []

    def read(path, lang, accents=None):
        asked.append((lang, accents))
        raise lenwordle.UnreadPicture("screenshot: no board found")

    monkeypatch.setattr(picture_routes, "read_boards", read)
    for query, accents in (("lang=de&accents=keep", "keep"), ("lang=de&accents=", None)):
        one_line(client.post(f"/api/review/image?{query}", content=b"x", headers=PNG), 400)
        assert asked[-1] == ("de", accents)
    kept = {"words": ["kühle", "bären"], "replies": ["....y", "ggggg"], "lang": "de"}
    folded = client.post("/api/review/board", json=kept).json()["review"]["boards"][0]
    keep = client.post("/api/review/board", json=kept | {"accents": "keep"})
    assert keep.status_code == 200, keep.text
    kept_turns = keep.json()["review"]["boards"][0]["turns"]
    for turns, accents in ((folded["turns"], "fold"), (kept_turns, "keep")):
        typed = lenwordle.review("kühle", "bären", answer="bären", lang="de", accents=accents)
        assert [t["possible_before"] for t in turns] == [t.possible_before for t in typed.turns]
    assert kept_turns[0]["possible_before"] != folded["turns"][0]["possible_before"]
    assert "xx" in one_line(client.post("/api/review/board", json=kept | {"accents": "xx"}), 400)


def test_a_picture_is_read_in_the_heavy_jobs_turn_one_at_a_time(monkeypatch):
    """POST /api/review/image is a heavy job of the server's one queue (making.py), as a new
    game is: a second picture waits for the first to be read, and past the jobs that may
    wait, a picture and a new game alike are a 503 of one line, nothing read."""
    import threading

    from lenwordle.web import app as web_app
    from lenwordle.web.making import BUSY, OneAtATime

    makers = []
    monkeypatch.setattr(web_app, "OneAtATime", lambda: makers.append(OneAtATime(1)) or makers[0])
    started, release = threading.Event(), threading.Event()
    running, most, reads = [], [0], []

    def slow(path, lang, accents=None):
        reads.append(lang)
        running.append(1)
        most[0] = max(most[0], len(running))
        started.set()
        release.wait(30)
        running.pop()
        raise lenwordle.UnreadPicture("screenshot: no board found")

    monkeypatch.setattr(picture_routes, "read_boards", slow)
    client = TestClient(create_app(), base_url="http://127.0.0.1")
    answers = {}

    def post(lang):
        sent = client.post(f"/api/review/image?lang={lang}", content=b"x", headers=PNG)
        answers[lang] = sent

    first = threading.Thread(target=post, args=("en",))
    first.start()
    assert started.wait(30)  # the first picture is being read...
    second = threading.Thread(target=post, args=("es",))
    second.start()
    for _ in range(3000):  # ...the second waits its turn (one made, one waiting: the most)
        if makers[0].asked == 2:
            break
        threading.Event().wait(0.01)
    assert makers[0].asked == 2 and reads == ["en"]
    third = client.post("/api/review/image?lang=ru", content=b"x", headers=PNG)
    assert one_line(third, 503) == BUSY
    assert one_line(client.post("/api/new", json={}), 503) == BUSY  # (the same queue)
    release.set()
    first.join(30)
    second.join(30)
    assert reads == ["en", "es"] and most[0] == 1 and makers[0].asked == 0
    for lang in ("en", "es"):
        assert one_line(answers[lang], 400) == "screenshot: no board found"


def test_the_pages_scripts_name_each_function_once():
    """The page's scripts share one scope: a function of the screenshot's script named as one
    of app.js's would replace it (tileAt once did: the game's tiles went wrong)."""
    import re
    from collections import Counter

    from helpers import ROOT

    static = ROOT / "lenwordle" / "web" / "static"
    names = Counter(
        name
        for script in sorted(static.glob("*.js"))
        for name in re.findall(r"^(?:async )?function (\w+)", script.read_text(), re.M)
    )
    assert len(names) > 50 and [name for name, n in names.items() if n > 1] == []
