"""Challenges on the page's routes (Starlette's TestClient): POST /api/practice/challenge makes
the code of the form's game hiding a word, POST /api/practice/new {"challenge": CODE} opens
it (its view names the code, never the word before the end); a bad code, an option sent
beside it, a word the game would not hide, a game the page does not play: a 400 of one line."""

import warnings

import pytest

pytest.importorskip("starlette", reason="the [web] extra is not installed")
pytest.importorskip("httpx", reason="the [web] extra's tests need httpx")

with warnings.catch_warnings():  # starlette 1.10 would rather have httpx2: both work
    warnings.filterwarnings("ignore", "Using `httpx` with `starlette.testclient`")
    from starlette.testclient import TestClient
from web_helpers import store  # noqa: E402

from lenwordle.api import make_challenge, read_challenge  # noqa: E402
from lenwordle.games.challenge import challenge  # noqa: E402
from lenwordle.web.app import create_app  # noqa: E402
from lenwordle.web.views import MAX_BOARDS  # noqa: E402


@pytest.fixture
def client(tmp_path):
    return TestClient(create_app(store(size=10), data_dir=tmp_path), "http://127.0.0.1")


def error_of(response):
    assert response.status_code == 400, response.text
    error = response.json()["error"]
    assert isinstance(error, str) and error and "\n" not in error
    return error


@pytest.mark.parametrize(
    "body, words",
    [
        ({"word": "árbol", "lang": "es"}, ("arbol",)),
        ({"word": "ЯБЛОКО", "lang": "ru", "length": 6}, ("яблоко",)),
        ({"word": "KİTAP", "lang": "tr"}, ("kitap",)),
        ({"word": "crane, sloth", "boards": 2}, ("crane", "sloth")),
        ({"word": "crane,sloth", "variant": "xordle"}, ("crane", "sloth")),
        ({"word": "hacker", "variant": "sutom", "length": 6}, ("hacker",)),
        ({"word": "crane", "variant": "woodle", "hard": False}, ("crane",)),
    ],
)
def test_a_challenge_made_on_the_page_opens_its_game(client, body, words):
    answer = client.post("/api/practice/challenge", json=body)
    assert answer.status_code == 200, answer.text
    code = answer.json()["code"]
    assert answer.json()["path"] == f"/?challenge={code}"
    read = read_challenge(code)
    assert read.words == words
    assert read.lang == body.get("lang", "en") and read.length == body.get("length", 5)
    assert read.first_letter == (body.get("variant") == "sutom")
    opened = client.post("/api/practice/new", json={"challenge": code.lower()})
    assert opened.status_code == 200, opened.text
    view = opened.json()["practice"]
    assert view["challenge"] == code and view["puzzle"] == f"challenge {code}"
    assert view["seed"] is None and view["secrets"] is None and view["turns"] == []
    assert (view["lang"], view["length"], view["boards"]) == (
        read.lang,
        read.length,
        read.boards,
    )
    assert view["game"] == body.get("variant", "wordle")
    assert not any(word in opened.text.lower() for word in words)  # (untold before its end)
    for word in body["word"].split(","):
        played = client.post("/api/practice/guess", json={"word": word.strip()})
        assert played.status_code == 200, played.text
    view = played.json()["practice"]
    assert view["done"] and view["won"]
    assert view["share"].startswith(f"lenwordle challenge {code} ")


def test_a_bad_challenge_is_a_400_of_one_line(client):
    code = make_challenge("crane").code
    new = "/api/practice/new"
    assert "mistyped" in error_of(client.post(new, json={"challenge": code[:-1]}))
    assert error_of(client.post(new, json={"challenge": ""})).startswith("the challenge code")
    assert "not with 'lang'" in error_of(client.post(new, json={"challenge": code, "lang": "en"}))
    assert "must be a string" in error_of(client.post(new, json={"challenge": 5}))
    wide = challenge(tuple(f"w{n}" for n in range(MAX_BOARDS + 1)), boards=MAX_BOARDS + 1)
    said = error_of(client.post(new, json={"challenge": wide.code}))
    assert said == f"the page plays 1 to {MAX_BOARDS} boards, not {MAX_BOARDS + 1}"
    heavy = challenge(("1+2+3+4=10",), "nerdle", length=10)
    assert "is not played here" in error_of(client.post(new, json={"challenge": heavy.code}))
    unknown = challenge(("zzzzz",))
    assert "no word of its lists" in error_of(client.post(new, json={"challenge": unknown.code}))
    make = "/api/practice/challenge"
    assert error_of(client.post(make, json={"word": "xyzzy"})) == (
        "XYZZY is not a word this game may hide"
    )
    assert error_of(client.post(make, json={"word": "crane", "variant": "absurdle"})) == (
        "Absurdle: its host keeps no secret, so no challenge"
    )
    assert "give the word" in error_of(client.post(make, json={}))
    assert "hides 2 words" in error_of(client.post(make, json={"word": "crane", "boards": 2}))
    assert client.get("/api/practice").json() == {"practice": None}  # (none was opened)
