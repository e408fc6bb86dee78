"""The page's statistics beyond a game, through its routes (Starlette's TestClient): the
daily puzzle played twice counts once (the replay said as a value at its start), a past day
played by its date and listed with the recent days, and a browser's statistics downloaded
whole and uploaded into another's: twice counting once, a bad file one line and nothing
changed."""

import datetime
import json
import warnings

import pytest

pytest.importorskip("starlette", reason="the [web] extra is not installed")
pytest.importorskip("httpx", reason="the [web] extra's tests need httpx")

with warnings.catch_warnings():  # starlette 1.10 would rather have httpx2: both work
    warnings.filterwarnings("ignore", "Using `httpx` with `starlette.testclient`")
    from starlette.testclient import TestClient
from web_helpers import store as web_store  # noqa: E402

from lenwordle.api.practice import practice, statistics  # noqa: E402
from lenwordle.store.stats import FILE_NAME  # noqa: E402
from lenwordle.web.answers import PLAYER_COOKIE  # noqa: E402
from lenwordle.web.app import create_app  # noqa: E402

LOCAL = "http://127.0.0.1"
TODAY = datetime.datetime.now(datetime.UTC).date()
YESTERDAY = TODAY - datetime.timedelta(days=1)


@pytest.fixture
def data_dir(tmp_path):
    return tmp_path / "stats"


@pytest.fixture
def app(data_dir):
    return create_app(web_store(size=10), data_dir=data_dir)


def browser(app):
    """Return a client with cookies of its own: a browser of its own."""
    return TestClient(app, LOCAL, raise_server_exceptions=False)


def start(client, **options):
    answer = client.post("/api/practice/new", json=options)
    assert answer.status_code == 200, answer.text
    return answer.json()["practice"]


def win(client, **options):
    """Start a practice game of options and win it at once; return the game at its end."""
    shown = start(client, **options)
    answers = practice(**options).answers
    for word in answers:
        answer = client.post("/api/practice/guess", json={"word": word})
        assert answer.status_code == 200, answer.text
    return shown, answer.json()["practice"]


def one_line(response, status):
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert error and "\n" not in error and "Traceback" not in error
    return error


def test_the_daily_puzzle_played_twice_on_the_page_counts_once(app, data_dir):
    client = browser(app)
    first, end = win(client, daily=True)
    assert first["kept"] == "daily" and end["kept"] == "daily"
    assert end["standing"] == {"game": "wordle", "lang": "en", "length": 5, "daily": True}
    again, end = win(client, daily=True)
    assert again["kept"] == "replay" and end["kept"] == "replay"  # said at its start
    (standing,) = statistics(data_dir, client.cookies[PLAYER_COOKIE])
    assert (standing.daily, standing.played, standing.won, standing.streak) == (True, 1, 1, 1)
    (shown,) = client.get("/api/stats").json()["stats"]
    assert (shown["label"], shown["daily"], shown["played"]) == ("Wordle daily", True, 1)
    other = browser(app)  # another browser: its own first game of the day
    assert start(other, daily=True)["kept"] == "daily"


def test_a_past_day_on_the_page_is_listed_and_leaves_the_streak(app, data_dir):
    client = browser(app)
    listed = client.post("/api/practice/days", json={}).json()["days"]
    assert len(listed) == 14 and not any(d["played"] for d in listed)  # (no player yet)
    assert [d["day"] for d in listed[:2]] == [TODAY.isoformat(), YESTERDAY.isoformat()]
    win(client, daily=True)
    past, end = win(client, date=YESTERDAY.isoformat())
    assert past["puzzle"] == f"daily {YESTERDAY}" and past["kept"] == "other day"
    assert practice(date=YESTERDAY).answers[0].upper() in end["secrets"]
    listed = client.post("/api/practice/days", json={}).json()["days"]
    assert listed[:3] == [
        {"day": TODAY.isoformat(), "played": True, "won": True, "on_day": True},
        {"day": YESTERDAY.isoformat(), "played": True, "won": True, "on_day": False},
        {
            "day": (YESTERDAY - datetime.timedelta(days=1)).isoformat(),
            "played": False,
            "won": False,
            "on_day": False,
        },
    ]
    fibble = client.post("/api/practice/days", json={"variant": "fibble"}).json()["days"]
    assert not any(d["played"] for d in fibble)  # each game its own days
    (standing,) = statistics(data_dir, client.cookies[PLAYER_COOKIE])
    assert (standing.played, standing.streak, standing.best_streak) == (2, 1, 1)


@pytest.mark.parametrize(
    "body, said",
    [
        ({"date": "2026-13-01"}, "YYYY-MM-DD"),
        ({"date": 20260101}, "date must be a string"),
        ({"date": "2026-01-01", "seed": 3}, "not both"),
    ],
)
def test_a_bad_date_is_one_line(app, body, said):
    assert said in one_line(browser(app).post("/api/practice/new", json=body), 400)


def test_the_days_asked_of_an_unknown_option_are_refused(app):
    error = one_line(browser(app).post("/api/practice/days", json={"days": 3}), 400)
    assert error == 'unknown option "days"'


def test_statistics_downloaded_and_uploaded_twice_count_once(app, data_dir):
    home, away = browser(app), browser(app)
    win(home, seed=1)
    win(home, daily=True)
    win(home, daily=True)  # the replay
    win(home, date=YESTERDAY.isoformat())
    download = home.get("/api/stats/export")
    assert download.status_code == 200
    assert download.headers["content-disposition"] == (
        'attachment; filename="lenwordle-statistics.json"'
    )
    content = download.json()
    assert content["version"] == 1 and len(content["games"]) == 4
    upload = away.post(
        "/api/stats/import", content=download.content, headers={"content-type": "application/json"}
    )
    assert upload.json()["imported"] == {"added": 4, "known": 0, "uncounted": 1}
    assert PLAYER_COOKIE in upload.cookies  # (the browser had no player id: one is made)
    again = away.post(
        "/api/stats/import", content=download.content, headers={"content-type": "application/json"}
    )
    assert again.json()["imported"] == {"added": 0, "known": 4, "uncounted": 0}
    mine = statistics(data_dir, home.cookies[PLAYER_COOKIE])
    assert statistics(data_dir, away.cookies[PLAYER_COOKIE]) == mine
    assert away.get("/api/stats").json() == home.get("/api/stats").json()
    assert json.loads(browser(app).get("/api/stats/export").content)["games"] == []


def test_a_bad_upload_is_one_line_and_changes_nothing(app, data_dir):
    client = browser(app)
    win(client, seed=1)
    before = (data_dir / FILE_NAME).read_bytes()
    sent = {"format": "lenwordle statistics", "version": 1, "games": [{"id": "x"}]}
    answer = client.post("/api/stats/import", json=sent)
    assert one_line(answer, 400) == "the file: game 1 has no game; nothing was imported"
    answer = client.post(
        "/api/stats/import", content=b"not json", headers={"content-type": "application/json"}
    )
    assert "not JSON" in one_line(answer, 400)
    assert (data_dir / FILE_NAME).read_bytes() == before
    fresh = browser(app)
    answer = fresh.post("/api/stats/import", json={"format": "x"})
    assert one_line(answer, 400) and PLAYER_COOKIE not in answer.cookies  # (nothing made)
