"""The web page's routes for the variants (Starlette's TestClient, no browser): the games
offered, a variant's game created, told in its marks, refused, undone, ended and reviewed; a
wrong reply a 422 of one line with the game unchanged."""

import warnings

import pytest

pytest.importorskip("starlette", reason="the [web] extra is not installed")
pytest.importorskip("httpx", reason="the [web] extra's tests need httpx")

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", "Using `httpx` with `starlette.testclient`")
    from starlette.testclient import TestClient

from web_helpers import store as web_store  # noqa: E402

import lenwordle  # noqa: E402
from lenwordle.engine.variants import VARIANTS  # noqa: E402
from lenwordle.web.app import create_app  # noqa: E402


@pytest.fixture
def client():
    return TestClient(create_app(web_store(size=3)), "http://127.0.0.1", False)


def post(client, path, body=None):
    return client.post(path, json=body if body is not None else {})


def one_line_error(response, status):
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert isinstance(error, str) and error and "\n" not in error
    return error


def test_the_games_offered_are_wordle_and_every_variant_with_their_marks(client):
    offered = {v["name"]: v for v in client.get("/api/languages").json()["variants"]}
    assert list(offered) == list(VARIANTS) and list(offered)[0] == "wordle"
    assert offered["peaks"]["marks"] == ["^", "v", "g"]
    assert offered["peaks"]["names"] == ["later", "earlier", "same"]
    assert offered["peaks"]["keys"]["d"] == 1 and offered["peaks"]["keys"]["^"] == 0
    assert offered["woodle"]["counts"] and offered["woodle"]["lengths"] is None
    assert offered["nerdle"]["lengths"] == [5, 6, 8]  # (no maxi: too heavy for the page)
    assert offered["nerdle"]["own_words"]
    assert all(v["about"] and "\n" not in v["about"] for v in offered.values())


def test_a_woodle_game_told_refused_undone_and_a_wrong_reply_leaves_it(client):
    game = post(client, "/api/new", {"variant": "woodle"}).json()["game"]
    assert game["variant"] == "woodle" and game["limit"] == 8 and game["boards"] == 1
    first = game["suggestion"]
    left = post(client, "/api/preview", {"replies": ["2 1"]}).json()["left"]
    game = post(client, "/api/tell", {"replies": ["2 1"]}).json()["game"]
    assert game["turns"][0] == {"guess": first, "letters": list(first), "replies": ["2g1y"]}
    assert [game["count"]] == left
    before = client.get("/api/game").json()["game"]
    for wrong in (["9 9"], ["green"], ["1 1", "1 1"]):
        error = one_line_error(post(client, "/api/tell", {"replies": wrong}), 422)
        assert error and client.get("/api/game").json()["game"] == before
    preview = post(client, "/api/preview", {"replies": ["4 3"]})  # asked, and answered
    assert preview.status_code == 200 and preview.json()["left"] is None
    assert preview.json()["problem"] == "4 greens and 3 yellows are more than 5 tiles"
    refused = game["suggestion"]
    game = post(client, "/api/refuse").json()["game"]
    assert game["refused"] == [refused] and game["suggestion"] != refused
    game = post(client, "/api/undo").json()["game"]
    assert game == before
    error = one_line_error(client.get("/api/review"), 409)
    assert error == "the game is not over: it is reviewed at its end"


def test_a_peaks_game_in_russian_is_played_to_its_end_through_the_routes(client):
    played = lenwordle.solve("книга", lang="ru", variant="peaks")
    game = post(client, "/api/new", {"variant": "peaks", "lang": "ru"}).json()["game"]
    for word, (row,) in played.turns:
        assert game["suggestion"] == word.upper()
        preview = post(client, "/api/preview", {"replies": [row]}).json()
        game = post(client, "/api/tell", {"replies": [row]}).json()["game"]
        assert preview["left"] == ([0] if game["done"] else [game["count"]])
    assert game["done"] and game["won"] and game["counts"] == [None]
    assert game["share"].splitlines()[0] == f"lenwordle peaks {len(played.turns)}/6"
    assert game["share"].splitlines()[-1] == "🟩🟩🟩🟩🟩"
    (board,) = client.get("/api/review").json()["review"]["boards"]
    assert [t["guess"] for t in board["turns"]] == [w.upper() for w, _ in played.turns]
    assert [t["reply"] for t in board["turns"]] == [row for _, (row,) in played.turns]
    assert board["turns"][-1]["possible_after"] == 0
    assert board["figures"]["won"] and board["figures"]["verdict"].startswith("Solved in")


def test_a_nerdle_game_and_an_xordle_game(client):
    game = post(client, "/api/new", {"variant": "nerdle", "length": 8}).json()["game"]
    assert "=" in game["suggestion"] and game["noun"] == "equation"
    for wrong in ("1+1=3000", "90/0=000"):  # the right tiles, no equation: refused
        body = {"replies": ["........"], "word": wrong}
        assert "is no equation nerdle takes" in one_line_error(
            post(client, "/api/tell", body), 422
        )
    game = post(client, "/api/tell", {"replies": [".....ggg"], "word": "10-2*3=4"}).json()
    assert game["game"]["turns"][0]["guess"] == "10-2*3=4"
    game = post(client, "/api/new", {"variant": "xordle"}).json()["game"]
    assert game["limit"] == 9 and game["count"] > 1000


@pytest.mark.parametrize(
    "body, says",
    [
        ({"variant": "nope"}, "unknown variant 'nope'"),
        ({"variant": "fibble", "boards": 2}, "not with boards"),
        ({"variant": "peaks", "hard": True}, "not with hard"),
        ({"variant": "fibble", "ultra_hard": True}, "not with ultra_hard"),
        ({"variant": "nerdle", "length": 7}, "not 7"),
        ({"variant": "nerdle", "length": 8, "lang": "es"}, "plays its own words"),
        ({"variant": 3}, "variant must be a string"),
    ],
)
def test_a_variant_that_cannot_be_is_a_400_of_one_line(client, body, says):
    assert says in one_line_error(post(client, "/api/new", body), 400)
