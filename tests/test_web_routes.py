"""The web page's routes without a browser (Starlette's TestClient): each browser's game by
its cookie, every request that cannot be a 4xx with one line of JSON and the game unchanged,
the body cap and the bounded store of games at their edges."""

import json
import re
import warnings

import pytest

pytest.importorskip("starlette", reason="the [web] extra is not installed")
pytest.importorskip("httpx", reason="the [web] extra's tests need httpx")

with warnings.catch_warnings():  # starlette 1.10 would rather have httpx2: both work
    warnings.filterwarnings("ignore", "Using `httpx` with `starlette.testclient`")
    from starlette.testclient import TestClient
from web_helpers import reply_to  # noqa: E402
from web_helpers import store as web_store  # noqa: E402

from lenwordle.web import app as web  # noqa: E402
from lenwordle.web import games as games_module  # noqa: E402
from lenwordle.web.app import BODY_LIMIT, COOKIE, DROPPED, STATIC, create_app  # noqa: E402
from lenwordle.web.games import Games  # noqa: E402


class Clock:
    """A clock the test moves by hand."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


@pytest.fixture
def store():
    return web_store(size=3, idle=600, clock=Clock())


@pytest.fixture
def client(store):
    return browser(store)


LOCAL = "http://127.0.0.1"  # a name the app answers to (TestClient's own is testserver)


def browser(store, **app_options):
    """Return a client with its own cookies (a browser of its own) on an app over store."""
    return TestClient(create_app(store, **app_options), LOCAL, raise_server_exceptions=False)


def post(client, path, body=None, **kwargs):
    return client.post(path, json=body if body is not None else {}, **kwargs)


def one_line_error(response, status):
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert isinstance(error, str) and error and "\n" not in error and "Traceback" not in error
    return error


def test_the_page_and_its_files_are_served_with_a_strict_policy(client):
    page = client.get("/")
    assert page.status_code == 200 and "<title>lenwordle</title>" in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    for name in ("app.js", "style.css"):
        served = client.get(f"/static/{name}")
        assert served.status_code == 200
        assert served.headers["content-security-policy"] == page.headers["content-security-policy"]
        assert served.headers["x-content-type-options"] == "nosniff"
    assert client.get("/static/nothing.js").status_code == 404


def test_the_page_fetches_nothing_from_elsewhere():
    for path in STATIC.iterdir():
        text = path.read_text()
        assert not re.search(r"https?://|//[a-z0-9.-]+\.[a-z]{2,}/|@import|@font-face", text), path
        assert not re.search(r"url\((?!['\"]?data:)", text), path


def test_a_browser_is_shown_a_game_and_its_first_move_keeps_it_by_an_http_only_cookie(
    client, store
):
    first = client.get("/api/game")
    assert first.status_code == 200 and "set-cookie" not in first.headers
    game = first.json()["game"]
    assert game["suggestion"] == "SLATE" and game["letters"] == list("SLATE")
    assert len(store) == 0  # a GET keeps nothing
    told = post(client, "/api/tell", {"replies": [reply_to("SLATE", "flame")]})
    assert told.status_code == 200 and len(told.json()["game"]["turns"]) == 1
    cookie = told.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}=") and "httponly" in cookie.lower()
    assert "samesite=strict" in cookie.lower()
    again = client.get("/api/game")
    assert len(again.json()["game"]["turns"]) == 1 and "set-cookie" not in again.headers
    assert len(store) == 1


def test_two_browsers_have_two_games(store):
    one, two = browser(store), browser(store)
    post(one, "/api/new", {"length": 6})
    post(two, "/api/new", {"length": 7, "lang": "de"})
    assert one.get("/api/game").json()["game"]["length"] == 6
    assert two.get("/api/game").json()["game"]["lang"] == "de"


def test_a_game_played_to_its_end_through_the_routes_and_reviewed(client):
    game = post(client, "/api/new", {"length": 5, "lang": "en"}).json()["game"]
    refused = game["suggestion"]
    game = post(client, "/api/refuse").json()["game"]
    assert game["refused"] == [refused] and game["suggestion"] != refused
    assert one_line_error(client.get("/api/review"), 409).startswith("the game is not over")
    while not game["done"]:
        reply = reply_to(game["suggestion"], "flame")
        preview = post(client, "/api/preview", {"replies": [reply]}).json()
        answer = post(client, "/api/tell", {"replies": [reply]}).json()
        game = answer["game"]
        assert preview["left"] == [game["count"]] or game["done"]
    assert game["won"] and game["turns"][-1]["guess"] == "FLAME"
    assert game["share"].splitlines()[0] == f"lenwordle {len(game['turns'])}/6"
    review = client.get("/api/review").json()["review"]
    (board,) = review["boards"]
    assert [t["guess"] for t in board["turns"]] == [t["guess"] for t in game["turns"]]
    assert board["turns"][0]["refused"] == [refused]
    assert board["figures"]["verdict"].startswith(f"Solved in {len(game['turns'])}")
    assert one_line_error(post(client, "/api/tell", {"replies": ["ggggg"]}), 422) == (
        "the game is over"
    )
    undone = post(client, "/api/undo").json()["game"]
    assert not undone["done"] and len(undone["turns"]) == len(game["turns"]) - 1


def test_a_word_of_ones_own_its_preview_spelled_as_the_dictionary_does(client):
    post(client, "/api/new", {"lang": "es"})
    preview = post(client, "/api/preview", {"replies": ["....."], "word": "arbol"}).json()
    assert preview["word"] == "ÁRBOL" and preview["letters"] == list("ÁRBOL")
    game = post(client, "/api/tell", {"replies": ["....."], "word": "arbol"}).json()["game"]
    assert game["turns"][0]["guess"] == "ÁRBOL"


def test_several_boards_take_one_reply_per_open_board(client):
    game = post(client, "/api/new", {"boards": 2}).json()["game"]
    assert game["open"] == [0, 1] and len(game["possible"]) == 2
    one = one_line_error(post(client, "/api/tell", {"replies": ["....."]}), 422)
    assert one.startswith("expected 2 replies")
    game = post(client, "/api/tell", {"replies": ["ggggg", "....."]}).json()["game"]
    assert game["open"] == [1] and game["counts"][0] is None


@pytest.mark.parametrize(
    "path, body, status, says",
    [
        ("/api/new", {"lang": "xx"}, 400, "unknown language 'xx'"),
        ("/api/new", {"length": 0}, 400, "word length must be 2 to 40, not 0"),
        ("/api/new", {"length": 99}, 400, "2 to 40"),
        ("/api/new", {"length": 33}, 400, "no words of length 33"),
        ("/api/new", {"length": "5"}, 400, "length must be a whole number"),
        ("/api/new", {"length": True}, 400, "length must be a whole number"),
        ("/api/new", {"hard": "yes"}, 400, "hard must be true or false"),
        ("/api/new", {"boards": 0}, 400, "1 to 8 boards"),
        ("/api/new", {"boards": 9}, 400, "1 to 8 boards"),
        ("/api/new", {"hard": True, "boards": 2}, 400, "hard is for one board"),
        ("/api/new", {"ultra_hard": "yes"}, 400, "ultra_hard must be true or false"),
        ("/api/new", {"ultra_hard": True, "boards": 2}, 400, "ultra_hard is for one board"),
        ("/api/new", {"lang": "x" * 201}, 400, "over 200 characters"),
        ("/api/tell", {}, 400, "replies must be a list"),
        ("/api/tell", {"replies": "....."}, 400, "replies must be a list"),
        ("/api/tell", {"replies": [5]}, 400, "replies must be a list"),
        ("/api/tell", {"replies": ["." * 201]}, 400, "at most 8 replies"),
        ("/api/tell", {"replies": ["....."] * 9}, 400, "at most 8 replies"),
        ("/api/tell", {"replies": ["ggggy"]}, 422, "no word can give"),
        ("/api/tell", {"replies": ["..g"]}, 422, "3 marks"),
        ("/api/tell", {"replies": ["..q.."]}, 422, "unknown feedback character"),
        ("/api/tell", {"replies": ["....."], "word": "crane1"}, 422, "letters the game lacks"),
        ("/api/tell", {"replies": ["....."], "word": "cranes"}, 422, "6 letters, not 5"),
        ("/api/tell", {"replies": ["....."], "word": 5}, 400, "word must be a string"),
        ("/api/undo", {}, 422, "nothing to undo"),
    ],
)
def test_a_request_that_cannot_be_is_a_4xx_of_one_line_and_the_game_is_unchanged(
    client, path, body, status, says
):
    before = client.get("/api/game").json()["game"]
    response = post(client, path, body)
    assert says in one_line_error(response, status)
    assert client.get("/api/game").json()["game"] == before
    if status == 422:
        assert response.json()["game"] == before  # the page shows the game as it is


@pytest.mark.parametrize(
    "content, headers, status, says",
    [
        (b"{not json", {"content-type": "application/json"}, 400, "not JSON"),
        (b"\xff\xfe", {"content-type": "application/json"}, 400, "not JSON"),
        (b"[1, 2]", {"content-type": "application/json"}, 400, "not a JSON object"),
        (b"null", {"content-type": "application/json"}, 400, "not a JSON object"),
        (b"{}", {"content-type": "text/plain"}, 415, "send JSON"),
        (b"{}", {}, 415, "send JSON"),
    ],
)
def test_a_body_that_is_not_a_json_object_is_refused(client, content, headers, status, says):
    before = client.get("/api/game").json()["game"]
    response = client.post("/api/tell", content=content, headers=headers)
    assert says in one_line_error(response, status)
    assert client.get("/api/game").json()["game"] == before


def padded(size: int) -> bytes:
    """Return a JSON body of exactly size bytes: a reply and spaces."""
    body = json.dumps({"replies": ["....."]}).encode()
    return body + b" " * (size - len(body))


def test_the_body_cap_exactly_at_it_is_taken_one_past_it_is_refused(client):
    headers = {"content-type": "application/json"}
    assert client.post("/api/preview", content=padded(BODY_LIMIT), headers=headers).json()["left"]
    over = client.post("/api/preview", content=padded(BODY_LIMIT + 1), headers=headers)
    assert "over 16384 bytes" in one_line_error(over, 413)


def test_the_body_cap_holds_without_a_length_sent_ahead(client):
    client.get("/api/game")
    headers = {"content-type": "application/json"}

    def chunks(size):  # sent in chunks: no Content-Length, the cap counts what comes
        body = padded(size)
        yield from (body[i : i + 1000] for i in range(0, len(body), 1000))

    taken = client.post("/api/preview", content=chunks(BODY_LIMIT), headers=headers)
    assert taken.status_code == 200, taken.text
    over = client.post("/api/preview", content=chunks(BODY_LIMIT + 1), headers=headers)
    assert "over 16384 bytes" in one_line_error(over, 413)


def test_unknown_routes_and_methods_are_json_errors_too(client):
    assert one_line_error(client.get("/api/nothing"), 404) == "not found"
    assert one_line_error(client.get("/api/tell"), 405) == "method not allowed"


def test_a_bug_is_a_500_of_one_line_without_a_traceback(client, monkeypatch):
    def broken(*args):
        raise RuntimeError("a bug\nwith two lines")

    monkeypatch.setattr(web, "languages_view", broken)
    error = one_line_error(client.get("/api/languages"), 500)
    assert error == "internal error (RuntimeError); please report it"


def test_the_languages_are_all_thirteen_with_their_lengths(client):
    answer = client.get("/api/languages").json()
    codes = [lang["code"] for lang in answer["languages"]]
    assert len(codes) == 13 and codes[0] == "en" and {"tr", "ru", "uk", "es"} <= set(codes)
    lengths = {lang["code"]: lang["lengths"] for lang in answer["languages"]}
    assert lengths["ru"] == list(range(4, 12)) and 5 in lengths["en"] and 34 in lengths["en"]
    assert answer["max_boards"] == 8


def test_the_store_at_its_bound_keeps_every_game_one_past_drops_the_least_recent(store):
    browsers = [browser(store) for _ in range(4)]
    for b in browsers[:3]:
        post(b, "/api/new")
    store.clock.now += 1
    assert len(store) == 3  # at the bound: all kept
    browsers[0].get("/api/game")  # the first is now the most recent; the second the least
    store.clock.now += 1
    post(browsers[3], "/api/new")  # one past the bound
    assert len(store) == 3
    for kept in (browsers[0], browsers[2], browsers[3]):
        assert post(kept, "/api/tell", {"replies": ["....."]}).status_code == 200
    dropped = post(browsers[1], "/api/tell", {"replies": ["....."]})
    assert one_line_error(dropped, 410) == DROPPED
    assert dropped.json()["game"]["turns"] == []  # a new game, the move not made
    assert len(store) == 3


def test_a_game_idle_past_the_limit_is_dropped_and_its_browser_told(store, client):
    post(client, "/api/tell", {"replies": ["....."]})
    store.clock.now += 600  # exactly the limit: kept
    assert len(client.get("/api/game").json()["game"]["turns"]) == 1
    store.clock.now += 600.001  # past it
    answer = client.get("/api/game")
    assert answer.status_code == 200 and answer.json()["notice"] == DROPPED
    assert answer.json()["game"]["turns"] == [] and len(store) == 0
    assert "notice" not in client.get("/api/game").json()  # once: the cookie is forgotten


def test_a_move_from_a_browser_with_no_game_is_played_on_the_game_it_was_shown(client, store):
    shown = client.get("/api/game").json()["game"]
    response = post(client, "/api/tell", {"replies": ["....."]})
    assert response.status_code == 200 and len(store) == 1
    assert response.json()["game"]["turns"] == [
        {"guess": shown["suggestion"], "letters": shown["letters"], "replies": ["....."]}
    ]


def test_a_move_from_a_browser_whose_game_was_dropped_is_not_made_and_says_so(client, store):
    client.cookies.set(COOKIE, "gone")
    response = post(client, "/api/tell", {"replies": ["....."]})
    assert one_line_error(response, 410) == DROPPED
    assert response.json()["game"]["turns"] == [] and len(store) == 1  # a new game, kept
    assert post(client, "/api/tell", {"replies": ["....."]}).status_code == 200


def test_a_review_starts_no_game():
    fresh = browser(web_store())
    assert one_line_error(fresh.get("/api/review"), 404) == "there is no game to review"
    fresh.cookies.set(COOKIE, "gone")  # a game it had, dropped
    assert one_line_error(fresh.get("/api/review"), 410) == DROPPED


def test_a_forged_or_overlong_cookie_is_a_game_dropped_not_an_error(store):
    forged = browser(store)
    forged.cookies.set(COOKIE, "x" * 5000)
    answer = forged.get("/api/game")
    assert answer.status_code == 200 and answer.json()["notice"] == DROPPED
    assert answer.headers["set-cookie"].startswith(f'{COOKIE}=""; ')  # forgotten
    assert len(store) == 0
    assert len(post(forged, "/api/new").cookies[COOKIE]) < 64


def test_a_store_keeps_at_least_one_game():
    with pytest.raises(ValueError):
        Games(size=0)


def test_json_nested_past_pythons_depth_is_a_400_not_a_500(client):
    deep = "[" * 6000 + "]" * 6000  # under the body cap
    response = client.post("/api/new", content=deep, headers={"content-type": "application/json"})
    assert one_line_error(response, 400) == "the request is not JSON"


def test_a_game_takes_its_most_moves_and_not_one_more(client, monkeypatch):
    monkeypatch.setattr(games_module, "MAX_MOVES", 3)
    assert post(client, "/api/refuse").status_code == 200
    assert post(client, "/api/tell", {"replies": ["....."]}).status_code == 200
    assert post(client, "/api/refuse").status_code == 200  # the third: exactly the most
    before = client.get("/api/game").json()["game"]
    over = post(client, "/api/tell", {"replies": ["....."]})
    assert "at most 3 replies and refusals" in one_line_error(over, 422)
    assert one_line_error(post(client, "/api/refuse"), 422).startswith("a game here takes")
    assert client.get("/api/game").json()["game"] == before
    assert post(client, "/api/undo").status_code == 200  # undo makes room again
    assert post(client, "/api/refuse").status_code == 200


class Memory:
    """A process's resident memory, as the test sets it."""

    def __init__(self, used):
        self.used = used

    def __call__(self):
        return self.used


def test_over_the_memory_budget_the_least_recent_games_go_all_but_the_one_in_use():
    memory = Memory(100)
    store = Games(size=10, idle=600, clock=Clock(), budget=100, memory=memory)
    browsers = [browser(store) for _ in range(3)]
    for b in browsers:
        post(b, "/api/new")
    assert len(store) == 3  # exactly at the budget: every game kept
    memory.used = 101  # one byte past it (and it stays past: every game but one goes)
    browsers[1].get("/api/game")
    assert len(store) == 1
    assert post(browsers[1], "/api/tell", {"replies": ["....."]}).status_code == 200  # kept
    assert one_line_error(post(browsers[0], "/api/tell", {"replies": ["....."]}), 410) == DROPPED


def test_a_memory_that_cannot_be_read_drops_no_game():
    store = Games(size=10, idle=600, clock=Clock(), budget=0, memory=lambda: None)
    for b in [browser(store) for _ in range(3)]:
        post(b, "/api/new")
    assert len(store) == 3


def test_the_games_offered_are_wordle_absurdle_sutom_then_each_variant(client):
    offered = client.get("/api/languages").json()
    games = {g["name"]: g for g in offered["games"]}
    names = [v["name"] for v in offered["variants"]]
    assert list(games) == ["wordle", "absurdle", "sutom", *names[1:]]
    assert (games["wordle"]["boards"], games["absurdle"]["boards"]) == (8, 1)
    assert games["sutom"]["lengths"] == [6, 7, 8, 9, 10] and games["sutom"]["letter"]
    assert games["absurdle"]["hard"] and games["sutom"]["hard"] and not games["fibble"]["hard"]
    assert games["absurdle"]["variant"] == games["sutom"]["variant"] == "wordle"
    assert "adversary" in games["absurdle"]["about"] and "first letter" in games["sutom"]["about"]
    assert [g["letter"] for g in games.values()].count(True) == 1


def sutom(client, letter, length=6, lang="en"):
    body = {"variant": "sutom", "length": length, "lang": lang, "first_letter": letter}
    answer = post(client, "/api/new", body)
    assert answer.status_code == 200, answer.text
    return answer.json()["game"]


def test_sutom_solved_every_suggestion_and_word_shown_beginning_with_its_letter(client):
    game = sutom(client, "p")
    assert (game["game"], game["first_letter"], game["variant"]) == ("sutom", "P", "wordle")
    assert game["boards"] == 1 and game["length"] == 6
    while not game["done"]:
        shown = [game["suggestion"], *[a["word"] for a in game["alternatives"]]]
        shown += [w["word"] for w in game["possible"][0]["words"]]
        assert len(shown) > 1 and all(w.startswith("P") for w in shown), shown
        reply = reply_to(game["suggestion"], "planet")
        game = post(client, "/api/tell", {"replies": [reply]}).json()["game"]
    assert game["won"] and game["turns"][-1]["guess"] == "PLANET"
    (board,) = client.get("/api/review").json()["review"]["boards"]
    assert all(t["best_guess"].startswith("P") for t in board["turns"])  # of SUTOM's words


@pytest.mark.parametrize(
    "lang, letter, shown",
    [("tr", "i", "İ"), ("tr", "İ", "İ"), ("tr", "ı", "I"), ("tr", "I", "I"), ("ru", "ж", "Ж")],
)
def test_sutoms_letter_in_turkish_and_russian(client, lang, letter, shown):
    game = sutom(client, letter, lang=lang)
    assert game["first_letter"] == shown and game["suggestion"].startswith(shown)
    assert all(w["word"].startswith(shown) for w in game["possible"][0]["words"])


@pytest.mark.parametrize("length", [6, 10])
def test_sutom_at_its_shortest_and_longest_lengths(client, length):
    assert sutom(client, "s", length)["suggestion"].startswith("S")


def test_an_ultra_hard_game_is_hard_mode_too_and_refuses_a_grey_letter_again(client):
    game = post(client, "/api/new", {"ultra_hard": True}).json()["game"]
    assert game["ultra_hard"] and game["hard"]
    plain = post(client, "/api/new", {"hard": True}).json()["game"]
    assert plain["hard"] and not plain["ultra_hard"]
    post(client, "/api/new", {"ultra_hard": True})
    assert post(client, "/api/tell", {"replies": ["....."], "word": "crane"}).status_code == 200
    error = one_line_error(post(client, "/api/tell", {"replies": ["....."], "word": "bravo"}), 422)
    assert error == "A is grey: it may not be played again"
    assert len(client.get("/api/game").json()["game"]["turns"]) == 1
    taken = post(client, "/api/tell", {"replies": ["....."], "word": "moist"})  # none of CRANE
    assert taken.status_code == 200 and len(taken.json()["game"]["turns"]) == 2


def test_absurdle_solved_to_its_end_and_reviewed(client):
    game = post(client, "/api/new", {"variant": "absurdle", "hard": True}).json()["game"]
    assert (game["game"], game["first_letter"], game["variant"]) == ("absurdle", None, "wordle")
    assert game["hard"] and game["boards"] == 1
    while not game["done"]:  # (the player's Absurdle left him FLAME)
        reply = reply_to(game["suggestion"], "flame")
        game = post(client, "/api/tell", {"replies": [reply]}).json()["game"]
    assert game["won"] and game["turns"][-1]["guess"] == "FLAME"
    (board,) = client.get("/api/review").json()["review"]["boards"]
    assert board["figures"]["verdict"].startswith(f"Solved in {len(game['turns'])}")


@pytest.mark.parametrize(
    "body, says",
    [
        ({"length": 5, "first_letter": "p"}, "played with 6 to 10 letters, not 5"),
        ({"length": 11, "first_letter": "p"}, "played with 6 to 10 letters, not 11"),
        ({"first_letter": ""}, "first_letter '' is not one letter of a-z"),
        ({"first_letter": "ab"}, "first_letter 'ab' is not one letter of a-z"),
        ({"first_letter": "ж"}, "first_letter 'ж' is not one letter of a-z"),
        ({"first_letter": "p", "lang": "ru"}, "first_letter 'p' is not one letter of"),
        ({"first_letter": 1}, "first_letter must be a string, not 1"),
        ({}, "SUTOM: give the first letter your game shows"),
        ({"first_letter": "p", "boards": 2}, "SUTOM is played on one board, not 2"),
        ({"first_letter": "p", "variant": "wordle"}, "first_letter is SUTOM's"),
        ({"variant": "absurdle", "boards": 2}, "Absurdle is played on one board, not 2"),
        ({"variant": "absurdle", "first_letter": "p"}, "first_letter is SUTOM's"),
    ],
)
def test_a_sutom_or_absurdle_game_that_cannot_be_is_a_400_of_one_line(client, body, says):
    before = client.get("/api/game").json()["game"]
    asked = {"variant": "sutom", "length": 6} | body
    assert says in one_line_error(post(client, "/api/new", asked), 400)
    assert client.get("/api/game").json()["game"] == before
