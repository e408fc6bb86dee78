"""What another web page or a rogue request cannot do to the server (Starlette's TestClient):
be served under another name (DNS rebinding), post from another site, keep a game by a GET,
send text that is no Unicode, or make a game too heavy for it; and new games are made one at
a time, a few waiting."""

import threading
import warnings

import pytest

pytest.importorskip("starlette", reason="the [web] extra is not installed")
pytest.importorskip("httpx", reason="the [web] extra's tests need httpx")

import anyio  # noqa: E402

with warnings.catch_warnings():  # starlette 1.10 would rather have httpx2: both work
    warnings.filterwarnings("ignore", "Using `httpx` with `starlette.testclient`")
    from starlette.testclient import TestClient
from web_helpers import store as web_store  # noqa: E402

from lenwordle.web import reading  # noqa: E402
from lenwordle.web.app import COOKIE, create_app  # noqa: E402
from lenwordle.web.guard import host_name, served_names  # noqa: E402
from lenwordle.web.making import BUSY, MAX_WAITING_JOBS, OneAtATime  # noqa: E402
from lenwordle.web.reading import Refused  # noqa: E402
from lenwordle.web.views import TOO_HEAVY  # noqa: E402


def browser(store=None, host="127.0.0.1", url="http://127.0.0.1:8765"):
    """Return a client with its own cookies on an app listening on host, at url."""
    app = create_app(store if store is not None else web_store(), host=host)
    return TestClient(app, url, raise_server_exceptions=False)


def one_line_error(response, status):
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert isinstance(error, str) and error and "\n" not in error
    return error


@pytest.mark.parametrize(
    "host",
    ["127.0.0.1", "127.0.0.1:8765", "localhost", "LocalHost:80", "[::1]", "[::1]:8765"],
)
def test_the_names_of_this_computer_are_served_with_or_without_a_port(host):
    assert browser().get("/api/game", headers={"host": host}).status_code == 200


@pytest.mark.parametrize(
    "host",
    [
        "evil.example.com",
        "evil.example.com:8765",
        "127.0.0.1.evil.example.com",
        "localhost.evil.example.com:8765",
        "127.0.0.2",
        "localhost:",
        "localhost:port",
        "localhost:8765:1",
        "[::1",
        "::1",
        "",
    ],
)
def test_another_name_is_a_400_of_one_line_before_any_route(host):
    client = browser()
    for path in ("/api/game", "/", "/static/app.js", "/api/nothing"):
        answer = client.get(path, headers={"host": host})
        error = one_line_error(answer, 400)
        assert error.startswith("this server answers to 127.0.0.1, [::1], localhost only")
        assert "set-cookie" not in answer.headers
    assert one_line_error(client.post("/api/new", json={}, headers={"host": host}), 400)


def test_the_name_it_listens_on_is_served_too():
    assert (
        browser(host="lenwordle.lan").get("/", headers={"host": "lenwordle.lan:8765"}).is_success
    )
    assert browser(host="::1").get("/", headers={"host": "[::1]:1"}).is_success
    assert browser().get("/", headers={"host": "lenwordle.lan"}).status_code == 400
    assert served_names("Box.LAN") == {"127.0.0.1", "localhost", "[::1]", "box.lan"}


@pytest.mark.parametrize("wildcard", ["0.0.0.0", "::"])
def test_listening_on_every_address_it_serves_any_address_but_still_no_other_name(wildcard):
    client = browser(host=wildcard)
    for address in ("192.168.1.20:8765", "10.0.0.1", "[fe80::1]:8765", "0.0.0.0:8765"):
        assert client.get("/api/game", headers={"host": address}).status_code == 200, address
    assert client.get("/api/game", headers={"host": "evil.example.com"}).status_code == 400
    assert browser().get("/", headers={"host": "192.168.1.20"}).status_code == 400


def test_a_request_with_two_hosts_is_refused():
    client = browser()
    headers = [("host", "127.0.0.1"), ("host", "evil.example.com")]
    answer = client.get("/api/game", headers=headers)
    assert one_line_error(answer, 400) == "a request names one Host"


def test_a_host_name_is_read_without_its_port():
    assert host_name("LOCALHOST:8765") == "localhost"
    assert host_name("[::1]:80") == "[::1]" and host_name("[::1]") == "[::1]"
    assert host_name(" 127.0.0.1 ") == "127.0.0.1"
    assert host_name("a:b") is None and host_name(":80") is None and host_name("") is None
    assert host_name("localhost:123456") is None  # (a port has at most 5 digits)


def test_a_slash_after_a_route_is_a_404_not_a_redirect_to_the_host_sent():
    answer = browser().get("/api/game/", follow_redirects=False)
    assert one_line_error(answer, 404) == "not found" and "location" not in answer.headers


@pytest.mark.parametrize(
    "headers",
    [
        {"origin": "http://127.0.0.1:8765"},  # the page's own
        {"origin": "HTTP://127.0.0.1:8765", "sec-fetch-site": "same-origin"},
        {"sec-fetch-site": "none"},  # typed by the user (no page sent it)
        {},  # a script, curl
    ],
)
def test_a_post_of_the_pages_own_origin_is_taken(headers):
    store = web_store()
    assert browser(store).post("/api/new", json={}, headers=headers).status_code == 200
    assert len(store) == 1


@pytest.mark.parametrize(
    "headers",
    [
        {"origin": "http://evil.example.com"},
        {"origin": "null"},  # a sandboxed frame, a file
        {"origin": "http://127.0.0.1:9999"},  # another port: another origin
        {"origin": "https://127.0.0.1:8765"},  # another scheme
        {"sec-fetch-site": "cross-site"},
        {"sec-fetch-site": "same-site"},  # another port or name of the same site
        {"origin": "http://127.0.0.1:8765", "sec-fetch-site": "cross-site"},
    ],
)
def test_a_post_from_another_origin_is_a_403_of_one_line_and_makes_nothing(headers):
    store = web_store()
    client = browser(store)
    for path in ("/api/new", "/api/tell", "/api/refuse"):
        answer = client.post(path, json={"replies": ["....."]}, headers=headers)
        assert "is refused: only the page's own" in one_line_error(answer, 403)
        assert "set-cookie" not in answer.headers
    assert len(store) == 0


def test_a_get_from_another_site_is_shown_the_page_and_keeps_nothing():
    store = web_store()
    answer = browser(store).get("/api/game", headers={"sec-fetch-site": "cross-site"})
    assert answer.status_code == 200 and "set-cookie" not in answer.headers
    assert len(store) == 0


def test_gets_without_a_cookie_keep_nothing_and_drop_no_game():
    store = web_store(size=3)
    player = browser(store)
    player.post("/api/tell", json={"replies": ["....."]})
    strangers = browser(store)
    for _ in range(200):  # what an <img> on another page can send
        strangers.get("/api/game")
        strangers.get("/api/review")
        strangers.cookies.clear()
    assert len(store) == 1
    assert len(player.get("/api/game").json()["game"]["turns"]) == 1


@pytest.mark.parametrize(
    "body",
    [
        b'{"replies": ["....."], "word": "\\ud800"}',  # a lone high surrogate
        b'{"replies": ["\\udc00...."]}',  # a lone low one, in a reply
        b'{"lang": "e\\udfffn"}',
        b'{"\\ud800": 1}',  # in a key
        b'{"replies": [], "x": [[{"y": "\\ud83d"}]]}',  # deep in a field no route reads
    ],
)
def test_text_that_is_not_unicode_is_a_400_of_one_line(body):
    client = browser()
    for path in ("/api/new", "/api/tell", "/api/preview"):
        answer = client.post(path, content=body, headers={"content-type": "application/json"})
        assert one_line_error(answer, 400) == (
            "the request has text that is not Unicode (a lone surrogate)"
        )


def test_a_surrogate_pair_is_unicode_text():
    body = b'{"replies": ["....."], "word": "\\ud83d\\ude00rane"}'  # (an emoji: a pair)
    answer = browser().post(
        "/api/tell", content=body, headers={"content-type": "application/json"}
    )
    assert "letters the game lacks" in one_line_error(answer, 422)


@pytest.mark.parametrize(
    "path, headers",
    [
        ("/api/game?word=%ED%A0%80&x=%ff", {}),  # a surrogate's bytes, a byte of no UTF-8
        ("/static/%ED%A0%80", {}),
        ("/static/%00", {}),
        ("/api/%ff", {}),
        ("/api/game", {"cookie": "lenwordle=%ED%A0%80"}),
    ],
)
def test_a_query_path_or_cookie_of_no_utf8_is_no_500(path, headers):
    assert browser().get(path, headers=headers).status_code in (200, 404)


def test_a_cookie_of_bytes_that_are_no_text_is_a_game_dropped_not_an_error():
    answer = browser().get("/api/game", headers=[("cookie", b"lenwordle=\xff\xfe\xed\xa0\x80")])
    assert answer.status_code == 200 and "notice" in answer.json()


def test_a_game_too_heavy_is_refused_before_any_work_its_neighbours_are_made(monkeypatch):
    made = []
    monkeypatch.setattr(reading, "Game", lambda *args, **options: made.append(args) or 1 / 0)
    client = browser()
    for variant, length in TOO_HEAVY:
        for spelled in (variant, f" {variant.upper()} "):
            body = {"variant": spelled, "length": length}
            error = one_line_error(client.post("/api/new", json=body), 400)
            assert error == TOO_HEAVY[variant, length]
        for neighbour in (length - 1, length + 1):  # each tried: made (here, a bug's 500)
            body = {"variant": variant, "length": neighbour}
            assert client.post("/api/new", json=body).status_code == 500
    assert made == [(k, "en") for _, length in TOO_HEAVY for k in (length - 1, length + 1)]
    assert client.cookies.get(COOKIE) is None


def test_games_are_made_one_at_a_time_and_at_most_the_waiting_wait():
    maker = OneAtATime(waiting=2)
    release = threading.Event()
    running, most, outcomes = [], [0], []

    def build():
        running.append(1)
        most[0] = max(most[0], len(running))
        release.wait(30)
        running.pop()
        return "made"

    async def ask():
        try:
            outcomes.append(await maker.make(build))
        except Refused as refused:
            outcomes.append((refused.status, refused.message))

    async def main():
        async with anyio.create_task_group() as tasks:
            for _ in range(3):  # one made, two waiting: exactly the most
                tasks.start_soon(ask)
            while maker.asked < 3:
                await anyio.sleep(0.01)
            await ask()  # one more: refused at once
            assert outcomes == [(503, BUSY)]
            release.set()

    anyio.run(main)
    assert outcomes == [(503, BUSY)] + ["made"] * 3 and most[0] == 1 and maker.asked == 0
    assert MAX_WAITING_JOBS >= 30  # (the load test's thirty browsers start as one)


def test_a_body_cut_off_is_a_400_not_a_500():
    from starlette.requests import ClientDisconnect

    class Cut:
        headers = {"content-type": "application/json"}

        async def stream(self):
            yield b'{"replies": '
            raise ClientDisconnect()

    with pytest.raises(Refused) as refused:
        anyio.run(reading.body_of, Cut())
    assert (refused.value.status, refused.value.message) == (400, "the request was cut off")


def test_a_jobs_error_is_its_askers_and_a_job_whose_asker_is_gone_is_never_done():
    import asyncio

    from lenwordle.web.making import STOPPING, told_if_stopping

    maker = OneAtATime(waiting=4)
    release, done = threading.Event(), []

    def first():
        release.wait(30)
        return "first"

    def failing():
        raise ValueError("a bug of the job's")

    async def main():
        with pytest.raises(ValueError, match="a bug of the job's"):
            await maker.make(failing)
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(maker.make, first)
            await anyio.sleep(0.05)  # (first is being done; the next waits behind it)
            with anyio.move_on_after(0.1):  # (its asker gone: a stop, a timeout)
                await maker.make(lambda: done.append("second"))
            release.set()
        with pytest.raises(Refused) as refused:
            with told_if_stopping():  # (a route's request cancelled by the server's stop)
                with anyio.move_on_after(0.1) as scope:
                    scope.cancel()
                    await maker.make(lambda: "never")
                raise asyncio.CancelledError
        assert (refused.value.status, refused.value.message) == (503, STOPPING)
        assert await maker.make(lambda: "third") == "third"

    anyio.run(main)
    assert done == [] and maker.asked == 0
