"""The page's Practice mode through its routes, without a browser (Starlette's TestClient):
whole seeded games won and lost, each row held to the reference scorers (variant_rules), a
refused word leaving the game as it was, hints, the review, each browser's statistics under
its own player cookie, nothing kept by a GET, and every limit at its edge and one past."""

import warnings

import pytest

pytest.importorskip("starlette", reason="the [web] extra is not installed")
pytest.importorskip("httpx", reason="the [web] extra's tests need httpx")

with warnings.catch_warnings():  # starlette 1.10 would rather have httpx2: both work
    warnings.filterwarnings("ignore", "Using `httpx` with `starlette.testclient`")
    from starlette.testclient import TestClient
from helpers import one_line_error as command_error  # noqa: E402
from helpers import run_in_process  # noqa: E402
from variant_rules import code, fibble, wordle  # noqa: E402
from web_helpers import store as web_store  # noqa: E402

from lenwordle.api.practice import practice, statistics  # noqa: E402
from lenwordle.web import games as games_module  # noqa: E402
from lenwordle.web.answers import COOKIE, PLAYER_COOKIE  # noqa: E402
from lenwordle.web.app import create_app  # noqa: E402
from lenwordle.web.practice_routes import NO_PRACTICE, PRACTICE_DROPPED  # noqa: E402
from lenwordle.web.reading import MAX_SEED  # noqa: E402

LOCAL = "http://127.0.0.1"
SQUARES = "⬛🟨🟩"  # a Wordle tile's value, 0 grey, 1 yellow, 2 green, as the game shows it
MARKS = ".yg"
MISSES = ["slate", "crony", "build", "pygmy", "whiff", "jokes", "chump"]  # none a secret below


@pytest.fixture
def store():
    return web_store(size=10)


@pytest.fixture
def data_dir(tmp_path):
    return tmp_path / "stats"


def browser(store, data_dir):
    """Return a client with its own cookies (a browser of its own) on an app over store."""
    app = create_app(store, data_dir=data_dir)
    return TestClient(app, LOCAL, raise_server_exceptions=False)


@pytest.fixture
def client(store, data_dir):
    return browser(store, data_dir)


def post(client, path, body=None):
    return client.post(path, json=body if body is not None else {})


def one_line_error(response, status):
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert isinstance(error, str) and error and "\n" not in error and "Traceback" not in error
    return error


def start(client, **options):
    answer = post(client, "/api/practice/new", options)
    assert answer.status_code == 200, answer.text
    return answer.json()["practice"]


def refused_by(response, kind):
    """Return the one line of a guess the game refused: an ordinary answer (200) of its kind,
    with the game as it was and no row."""
    assert response.status_code == 200, response.text
    answer = response.json()
    refused = answer["refused"]
    assert refused["kind"] == kind and "row" not in answer and "practice" in answer
    message = refused["message"]
    assert isinstance(message, str) and message and "\n" not in message
    return message


def guess(client, word):
    answer = post(client, "/api/practice/guess", {"word": word})
    assert answer.status_code == 200, answer.text
    return answer


def secrets_of(**options):
    """Return the secrets the library draws for these options (the server must hide them)."""
    return practice(**options).answers


def wordle_row(word, secret):
    """Return the reference scorer's row: its marks and its squares."""
    values = wordle(word, secret)
    return "".join(MARKS[v] for v in values), "".join(SQUARES[v] for v in values)


def test_a_whole_seeded_game_won_each_row_as_the_reference_scores_it(client, data_dir):
    (secret,) = secrets_of(seed=7)
    shown = start(client, seed=7)
    assert shown["secrets"] is None and shown["turns"] == [] and shown["limit"] == 6
    assert secret not in str(shown) and secret.upper() not in str(shown)  # never before the end
    for n, word in enumerate(["slate", "crony", secret], 1):
        answer = guess(client, word).json()
        marks, squares = wordle_row(word, secret)
        assert answer["row"] == {
            "guess": word.upper(),
            "letters": list(word.upper()),
            "replies": [marks],
            "tiles": squares,
        }
        game = answer["practice"]
        assert len(game["turns"]) == n and game["turns"][-1] == answer["row"]
    assert game["done"] and game["won"] and game["outcome"] == "solved"
    assert game["secrets"] == [secret.upper()]
    assert game["share"].splitlines() == [
        "lenwordle practice 3/6",
        *[wordle_row(w, secret)[1] for w in ["slate", "crony", secret]],
    ]
    assert game["standing"] == {"game": "wordle", "lang": "en", "length": 5, "daily": False}
    over = post(client, "/api/practice/guess", {"word": "crane"})
    assert refused_by(over, "over") == "the game is over"
    (stats,) = client.get("/api/stats").json()["stats"]
    assert stats == {
        "game": "wordle",
        "label": "Wordle",
        "daily": False,
        "lang": "en",
        "length": 5,
        "played": 1,
        "won": 1,
        "win_percent": 100,
        "streak": 1,
        "best_streak": 1,
        "distribution": [0, 0, 1, 0, 0, 0],
        "hints": 0,
    }
    assert (data_dir / "stats.sqlite3").is_file()


def test_a_game_lost_shows_its_secret_and_breaks_the_streak(client):
    (secret,) = secrets_of(seed=7)
    start(client, seed=7)
    guess(client, secret)  # a first game won: a streak of one
    start(client, seed=8)
    (secret,) = secrets_of(seed=8)
    misses = [w for w in MISSES if w != secret][:6]
    for word in misses[:5]:
        assert not guess(client, word).json()["practice"]["done"]
    last = guess(client, misses[5])
    game = last.json()["practice"]
    assert last.json()["row"]["replies"] == [wordle_row(misses[5], secret)[0]]
    assert game["done"] and not game["won"] and game["outcome"] == "out"
    assert game["secrets"] == [secret.upper()]
    assert game["share"].startswith("lenwordle practice X/6")
    (stats,) = client.get("/api/stats").json()["stats"]
    assert (stats["played"], stats["won"], stats["win_percent"]) == (2, 1, 50)
    assert (stats["streak"], stats["best_streak"]) == (0, 1)
    assert stats["distribution"] == [1, 0, 0, 0, 0, 0]


def test_a_refused_word_is_one_line_and_leaves_the_game_as_it_was(client):
    start(client, seed=7)
    guess(client, "slate")
    before = client.get("/api/practice").json()["practice"]
    for word, kind in [("zzzzz", "unlisted"), ("slat", "spelling"), ("sláte!", "spelling")]:
        refused = post(client, "/api/practice/guess", {"word": word})
        refused_by(refused, kind)
        assert refused.json()["practice"] == before
    refused_by(post(client, "/api/practice/guess", {"word": ""}), "spelling")
    assert refused_by(post(client, "/api/practice/guess", {"word": "qqqqq"}), "unlisted") == (
        "QQQQQ is not in the game's word list"
    )
    assert client.get("/api/practice").json()["practice"] == before
    assert len(guess(client, "crony").json()["practice"]["turns"]) == 2  # and it goes on


def test_a_hard_games_share_grid_is_marked_with_a_star(client):
    assert secrets_of(seed=3, hard=True) == ("porch",)
    start(client, seed=3, hard=True)
    for word in ["crane", "chord"]:  # each uses every hint before it
        guess(client, word)
    game = guess(client, "porch").json()["practice"]
    assert game["won"] and game["share"].splitlines()[0] == "lenwordle practice 3/6*"


def test_hard_mode_refuses_a_guess_that_drops_a_hint(client):
    (secret,) = secrets_of(seed=7, hard=True)
    start(client, seed=7, hard=True)
    guess(client, "slate")  # (NOVEL: the L and the E are yellow)
    error = refused_by(post(client, "/api/practice/guess", {"word": "crony"}), "rules")
    assert "L" in error or "E" in error
    assert len(client.get("/api/practice").json()["practice"]["turns"]) == 1
    assert secret == "novel"


def test_ultra_hard_refuses_a_grey_letter_again_and_a_yellow_in_its_place(client):
    (secret,) = secrets_of(seed=3, ultra_hard=True)
    assert secret == "porch"  # CRANE: C and R yellow, A N E grey
    shown = start(client, seed=3, ultra_hard=True)
    assert shown["ultra_hard"] and shown["hard"]
    guess(client, "crane")
    for word, says in [
        ("coral", "A is grey: it may not be played again"),
        ("chord", "letter 1 may not be C again: the answer has no C there"),
    ]:
        assert refused_by(post(client, "/api/practice/guess", {"word": word}), "rules") == says
        assert len(client.get("/api/practice").json()["practice"]["turns"]) == 1
    assert guess(client, "torch").json()["row"]["replies"] == [".gggg"]


def test_a_hint_names_the_words_left_the_suggestion_and_what_the_last_guess_was_worth(client):
    start(client, seed=7)
    first = post(client, "/api/practice/hint").json()
    assert first["hint"]["last"] is None and first["hint"]["suggestion"]
    assert first["practice"]["hinted"] == [0]
    guess(client, "slate")
    hint = post(client, "/api/practice/hint").json()["hint"]
    last = hint["last"]
    assert last["guess"] == "SLATE" and 0 <= last["skill"] <= 99 and 0 <= last["luck"] <= 99
    assert last["possible_after"] == hint["count"] < last["possible_before"]
    assert last["possible_before"] == hint["host_words"] and hint["boards"] == 1
    assert 1 <= len(hint["likeliest"]) <= 5
    assert all(0 < c["chance"] <= 1 for c in hint["likeliest"])
    assert [c["chance"] for c in hint["likeliest"]] == sorted(
        (c["chance"] for c in hint["likeliest"]), reverse=True
    )
    # every word named as likeliest gives SLATE's row as the secret did
    marks = wordle_row("slate", "novel")[0]
    assert all(wordle_row("slate", c["word"].lower())[0] == marks for c in hint["likeliest"])
    again = post(client, "/api/practice/hint").json()["practice"]
    assert again["hinted"] == [0, 1]  # one a turn, however many asked
    game = guess(client, "novel").json()["practice"]
    assert game["share"].splitlines()[0] == "lenwordle practice 2/6 (2 hints)"
    assert [line.endswith("💡") for line in game["share"].splitlines()[1:]] == [True, True]
    (stats,) = client.get("/api/stats").json()["stats"]
    assert stats["hints"] == 2


def test_the_review_of_a_game_its_turns_after_a_hint_marked(client):
    start(client, seed=7)
    guess(client, "slate")
    assert one_line_error(client.get("/api/practice/review"), 409).startswith(
        "the game is not over"
    )
    post(client, "/api/practice/hint")
    guess(client, "crony")
    guess(client, "novel")
    (board,) = client.get("/api/practice/review").json()["review"]["boards"]
    assert [t["guess"] for t in board["turns"]] == ["SLATE", "CRONY", "NOVEL"]
    assert [t["reply"] for t in board["turns"]] == [
        wordle_row(w, "novel")[0] for w in ["slate", "crony", "novel"]
    ]
    assert [t["hinted"] for t in board["turns"]] == [False, True, False]
    assert board["figures"]["verdict"].startswith("Solved in 3")


def test_each_browser_has_its_own_game_and_statistics_by_its_player_cookie(store, data_dir):
    one, two = browser(store, data_dir), browser(store, data_dir)
    start(one, seed=7)
    start(two, seed=8)
    made = guess(one, "slate")
    assert PLAYER_COOKIE not in made.headers.get("set-cookie", "")  # not before the end
    ended = guess(one, "novel")
    cookie = ended.headers["set-cookie"]
    assert cookie.startswith(f"{PLAYER_COOKIE}=") and "httponly" in cookie.lower()
    assert "samesite=strict" in cookie.lower() and "max-age=" in cookie.lower()
    assert two.get("/api/stats").json()["stats"] == []  # one's are not two's
    assert two.get("/api/practice").json()["practice"]["turns"] == []
    (secret,) = secrets_of(seed=8)
    for word in ["slate", "crony", secret]:
        guess(two, word)
    ((s1,), (s2,)) = (one.get("/api/stats").json()["stats"], two.get("/api/stats").json()["stats"])
    assert (s1["distribution"][:3], s2["distribution"][:3]) == ([0, 1, 0], [0, 0, 1])
    assert one.cookies[PLAYER_COOKIE] != two.cookies[PLAYER_COOKIE]
    start(one, seed=9)  # a second game: the player's cookie kept, not set again
    (third,) = secrets_of(seed=9)
    again = guess(one, third)
    assert PLAYER_COOKIE not in again.headers.get("set-cookie", "")
    assert one.get("/api/stats").json()["stats"][0]["played"] == 2


@pytest.mark.parametrize("forged", ["", "x", "a" * 23, "a" * 25, "a" * 23 + "!"])
def test_a_forged_player_id_reads_nobodys_statistics(store, data_dir, forged):
    player = browser(store, data_dir)
    (secret,) = secrets_of(seed=7)
    start(player, seed=7)
    guess(player, secret)
    nobody = browser(store, data_dir)
    nobody.cookies.set(PLAYER_COOKIE, forged)  # ('' would be the terminal's own)
    assert nobody.get("/api/stats").json()["stats"] == []


def test_a_get_keeps_makes_and_sets_nothing(store, client):
    for path in ["/api/practice", "/api/stats", "/api/practice/review"]:
        answer = client.get(path)
        assert "set-cookie" not in answer.headers, path
    assert client.get("/api/practice").json() == {"practice": None}
    assert one_line_error(client.get("/api/practice/review"), 404) == NO_PRACTICE
    assert len(store) == 0


def test_a_move_without_a_practice_game_or_after_it_was_dropped(store, client):
    played = post(client, "/api/practice/guess", {"word": "slate"})
    assert one_line_error(played, 404) == NO_PRACTICE
    assert one_line_error(post(client, "/api/practice/hint"), 404) == NO_PRACTICE
    post(client, "/api/tell", {"replies": ["....."]})  # a game solved, none practised
    assert one_line_error(post(client, "/api/practice/hint"), 404) == NO_PRACTICE
    client.cookies.set(COOKIE, "gone")
    assert one_line_error(post(client, "/api/practice/guess", {"word": "slate"}), 410) == (
        PRACTICE_DROPPED
    )
    assert len(store) == 1


def test_a_browser_solves_one_game_and_practises_another_under_one_cookie(store, client):
    post(client, "/api/tell", {"replies": ["....."]})
    start(client, seed=7)
    guess(client, "crony")
    assert len(client.get("/api/game").json()["game"]["turns"]) == 1
    assert len(client.get("/api/practice").json()["practice"]["turns"]) == 1
    assert len(store) == 2 and "notice" not in client.get("/api/game").json()
    practised = browser(store, None)
    start(practised, seed=7)  # a browser that only practised is shown a game, no notice
    shown = practised.get("/api/game").json()
    assert "notice" not in shown and shown["game"]["turns"] == []
    assert post(practised, "/api/tell", {"replies": ["....."]}).status_code == 200
    assert len(practised.get("/api/practice").json()["practice"]["turns"]) == 0
    assert len(store) == 4


def test_the_store_counts_both_games_of_a_browser_and_drops_the_least_recent(data_dir):
    store = web_store(size=3)
    first, second = browser(store, data_dir), browser(store, data_dir)
    post(first, "/api/tell", {"replies": ["....."]})
    start(first, seed=7)
    post(second, "/api/tell", {"replies": ["....."]})  # exactly three games: all kept
    assert len(store) == 3
    start(second, seed=7)  # one past: the least recent browser's two go
    assert len(store) == 2
    assert one_line_error(post(first, "/api/practice/hint"), 410) == PRACTICE_DROPPED
    assert len(second.get("/api/game").json()["game"]["turns"]) == 1


def test_a_practice_game_takes_its_most_moves_and_not_one_more(client, monkeypatch):
    monkeypatch.setattr(games_module, "MAX_MOVES", 3)
    start(client, seed=7)
    refused_by(post(client, "/api/practice/guess", {"word": "zzzzz"}), "unlisted")  # 1 move
    guess(client, "slate")
    guess(client, "crony")  # the third: exactly the most
    before = client.get("/api/practice").json()["practice"]
    over = post(client, "/api/practice/guess", {"word": "novel"})
    assert "at most 3 guesses and refused words" in one_line_error(over, 422)
    assert over.json()["practice"] == before == client.get("/api/practice").json()["practice"]
    assert post(client, "/api/practice/hint").status_code == 200  # a hint is no move
    assert len(start(client, seed=7)["turns"]) == 0  # a new game has room again
    guess(client, "novel")


@pytest.mark.parametrize(
    "body, status, error",
    [
        ({"seed": 1, "colour": "red"}, 400, 'unknown option "colour"'),
        ({"seed": -1}, 400, f"seed must be 0 to {MAX_SEED}, not -1"),
        ({"seed": MAX_SEED + 1}, 400, f"seed must be 0 to {MAX_SEED}, not {MAX_SEED + 1}"),
        ({"seed": "7"}, 400, 'seed must be a whole number, not "7"'),
        ({"seed": True}, 400, "seed must be a whole number, not true"),
        ({"daily": 1}, 400, "daily must be true or false, not 1"),
        ({"seed": 3, "daily": True}, 400, "give a seed or ask for the daily puzzle, not both"),
        ({"variant": "nope"}, 400, "unknown variant 'nope'"),
        ({"variant": "fibble", "boards": 2}, 400, "variant fibble: not with boards"),
        ({"boards": 9}, 400, "the page plays 1 to 8 boards, not 9"),
        ({"lang": "xx"}, 400, "unknown language 'xx'"),
        ({"variant": "nerdle", "length": 10}, 400, "Nerdle maxi (10 tiles) is not played here"),
        ({"variant": "absurdle", "boards": 2}, 400, "Absurdle is played on one board, not 2"),
        ({"variant": "sutom", "length": 6, "boards": 2}, 400, "SUTOM is played on one board"),
        ({"variant": "sutom", "length": 5}, 400, "sutom is played with 6 to 10 letters"),
        ({"variant": "sutom", "length": 11}, 400, "sutom is played with 6 to 10 letters"),
        ({"variant": "sutom", "length": 6, "first_letter": "p"}, 400, 'unknown option "first'),
        ({"variant": "sutom", "length": 6, "lang": "xx"}, 400, "unknown language 'xx'"),
    ],
)
def test_a_new_practice_game_that_cannot_be_is_one_line(client, store, body, status, error):
    assert one_line_error(post(client, "/api/practice/new", body), status).startswith(error)
    assert len(store) == 0


@pytest.mark.parametrize("seed", [0, MAX_SEED])
def test_the_seeds_at_their_edges_are_played(client, seed):
    assert start(client, seed=seed)["puzzle"] == f"seed {seed}"


def test_the_daily_puzzle_is_todays_in_utc(client):
    import datetime

    today = datetime.datetime.now(datetime.UTC).date().isoformat()
    game = start(client, daily=True)
    assert game["puzzle"] == f"daily {today}" and game["seed"] is None
    (secret,) = secrets_of(date=today)
    assert guess(client, secret).json()["practice"]["share"].startswith(f"lenwordle {today} 1/6")


def test_bad_requests_are_one_line(client):
    for body in ["not json", "[1]", '{"word": "\\ud800"}']:
        sent = client.post(
            "/api/practice/new", content=body, headers={"content-type": "application/json"}
        )
        one_line_error(sent, 400)
    one_line_error(client.post("/api/practice/new", content="{}"), 415)
    start(client, seed=7)
    assert one_line_error(post(client, "/api/practice/guess", {"word": 5}), 400) == (
        "word must be a string, not 5"
    )
    assert "over 200 characters" in one_line_error(
        post(client, "/api/practice/guess", {"word": "a" * 201}), 400
    )
    cross = client.post(
        "/api/practice/guess", json={"word": "slate"}, headers={"origin": "http://evil.example"}
    )
    one_line_error(cross, 403)
    assert client.get("/api/practice").json()["practice"]["turns"] == []


def test_a_fibble_game_lies_on_one_tile_of_each_row_but_a_win(client):
    (secret,) = secrets_of(seed=7, variant="fibble")
    game = start(client, seed=7, variant="fibble")
    assert game["variant"] == "fibble" and game["limit"] == 9 and game["keys"] is None
    for word in ["slate", "crony", secret]:
        answer = guess(client, word).json()
        (shown,) = answer["row"]["replies"]
        told = tuple(MARKS.index(m) for m in shown)
        assert code(told) in fibble(wordle(word, secret))  # one tile a lie, never all green
        assert answer["row"]["tiles"] == "".join(SQUARES[v] for v in told)
    assert answer["practice"]["won"] and answer["practice"]["standing"]["game"] == "fibble"
    (board,) = client.get("/api/practice/review").json()["review"]["boards"]
    assert len(board["turns"]) == 3


def test_two_boards_each_row_scored_on_each_board_a_solved_board_none(client):
    first, second = secrets_of(seed=7, boards=2)
    game = start(client, seed=7, boards=2)
    assert game["boards"] == 2 and game["limit"] == 7 and len(game["keys"]) == 2
    assert game["open"] == [0, 1]
    row = guess(client, "slate").json()["row"]
    assert row["replies"] == [wordle_row("slate", first)[0], wordle_row("slate", second)[0]]
    assert row["tiles"] == f"{wordle_row('slate', first)[1]} {wordle_row('slate', second)[1]}"
    answer = guess(client, first).json()
    assert answer["row"]["replies"] == ["ggggg", wordle_row(first, second)[0]]
    assert answer["practice"]["open"] == [1]  # the first board solved
    answer = guess(client, second).json()
    assert answer["row"]["replies"] == [None, "ggggg"]
    game = answer["practice"]
    assert game["won"] and game["secrets"] == [first.upper(), second.upper()]
    assert game["standing"]["game"] == "wordle x2"
    boards = client.get("/api/practice/review").json()["review"]["boards"]
    assert [len(b["turns"]) for b in boards] == [2, 3]


def test_a_statistics_file_gone_bad_during_a_game_is_said_and_the_guess_made(client, data_dir):
    (secret,) = secrets_of(seed=7)
    start(client, seed=7)
    data_dir.mkdir()
    (data_dir / "stats.sqlite3").write_text("not a database")
    answer = guess(client, secret)
    assert answer.json()["practice"]["won"]
    notice = answer.json()["notice"]
    assert (
        notice
        == "the game was not recorded: the server's statistics file is not one of lenwordle's"
    )
    assert str(data_dir) not in notice and "--data-dir" not in notice  # (the server's own)
    assert PLAYER_COOKIE not in answer.headers.get("set-cookie", "")
    assert (data_dir / "stats.sqlite3").read_text() == "not a database"  # left as it is


def test_serve_refuses_a_bad_statistics_file_in_one_line(tmp_path):
    (tmp_path / "stats.sqlite3").write_text("not a database")
    result = run_in_process("serve", "--port", "0", "--data-dir", str(tmp_path))
    error = command_error(result, 1)
    assert error.startswith(f"error: {tmp_path / 'stats.sqlite3'} is not a lenwordle statistics")


def player_statistics(client, data_dir):
    """Return the browser's statistics as the library reads them from the file."""
    return statistics(data_dir, player=client.cookies[PLAYER_COOKIE])


def test_a_whole_sutom_game_its_letter_shown_a_guess_beginning_otherwise_not_counted(
    client, data_dir
):
    (secret,) = secrets_of(length=6, sutom=True, seed=2)  # PLUCKY: a P shown
    shown = start(client, variant="sutom", length=6, seed=2)
    assert (shown["game"], shown["first_letter"], shown["variant"]) == ("sutom", "P", "wordle")
    assert (shown["length"], shown["boards"], shown["limit"], shown["secrets"]) == (6, 1, 6, None)
    assert secret.upper() not in str(shown)
    refused = post(client, "/api/practice/guess", {"word": "hacker"})
    assert refused_by(refused, "first_letter") == "HACKER does not begin with P"
    assert refused.json()["practice"]["turns"] == []  # not counted
    for word in ["planet", secret]:
        answer = guess(client, word).json()
        marks, squares = wordle_row(word, secret)
        assert (answer["row"]["replies"], answer["row"]["tiles"]) == ([marks], squares)
    game = answer["practice"]
    assert game["won"] and len(game["turns"]) == 2 and game["secrets"] == [secret.upper()]
    assert game["standing"] == {"game": "wordle sutom", "lang": "en", "length": 6, "daily": False}
    (standing,) = player_statistics(client, data_dir)
    assert (standing.game, standing.length, standing.played, standing.won) == (
        "wordle sutom",
        6,
        1,
        1,
    )
    assert standing.distribution[:3] == (0, 1, 0)
    (board,) = client.get("/api/practice/review").json()["review"]["boards"]
    assert [t["guess"] for t in board["turns"]] == ["PLANET", "PLUCKY"]
    assert board["turns"][0]["best_guess"].startswith("P")  # (the best of SUTOM's words)
    assert board["figures"]["verdict"].startswith("Solved in 2")


ABSURDLE_PLAY = ["raise", "moldy", "block", "gouty", "poppy"]  # the host's word left: POPPY


def test_a_whole_absurdle_game_each_row_as_the_reference_scores_the_word_left(client, data_dir):
    shown = start(client, variant="absurdle", seed=3)
    assert (shown["game"], shown["first_letter"], shown["variant"]) == ("absurdle", None, "wordle")
    assert (shown["boards"], shown["limit"], shown["secrets"]) == (1, 6, None)
    rows = [guess(client, word).json() for word in ABSURDLE_PLAY]
    assert [r["practice"]["done"] for r in rows] == [False] * 4 + [True]
    assert all(r["practice"]["secrets"] is None for r in rows[:4])  # none kept, none shown
    game = rows[-1]["practice"]
    assert game["won"] and game["outcome"] == "solved"
    (secret,) = game["secrets"]  # the word the host was left with, once the game is over
    for word, row in zip(ABSURDLE_PLAY, rows):
        marks, squares = wordle_row(word, secret.lower())
        assert (row["row"]["replies"], row["row"]["tiles"]) == ([marks], squares)
    assert game["share"].splitlines()[0] == "lenwordle practice 5/6"
    assert game["standing"] == {"game": "absurdle", "lang": "en", "length": 5, "daily": False}
    (standing,) = player_statistics(client, data_dir)
    assert (standing.game, standing.played, standing.won) == ("absurdle", 1, 1)
    assert standing.distribution[4] == 1
    (board,) = client.get("/api/practice/review").json()["review"]["boards"]
    assert [t["guess"] for t in board["turns"]] == [w.upper() for w in ABSURDLE_PLAY]


@pytest.mark.parametrize("length", [6, 10])
def test_sutom_at_its_shortest_and_longest(client, length):
    (secret,) = secrets_of(length=length, sutom=True, seed=1)
    shown = start(client, variant="sutom", length=length, seed=1)
    assert shown["length"] == length and shown["first_letter"] == secret[0].upper()


@pytest.mark.parametrize(
    "lang, seed, letter, other",
    [
        ("tr", 31, "İ", "ışığın"),  # İNECEK: dotted i, and dotless ı is another letter
        ("tr", 94, "I", "inecek"),  # IŞIĞIN
        ("ru", 1, "К", "жалеть"),  # КОБЫЛА
    ],
)
def test_sutom_shows_its_letter_in_the_languages_capitals(client, lang, seed, letter, other):
    (secret,) = secrets_of(length=6, lang=lang, sutom=True, seed=seed)
    shown = start(client, variant="sutom", length=6, lang=lang, seed=seed)
    assert shown["first_letter"] == letter
    refused = post(client, "/api/practice/guess", {"word": other})
    assert refused_by(refused, "first_letter").endswith(f"does not begin with {letter}")
    game = guess(client, secret).json()["practice"]
    assert game["won"] and game["turns"][0]["letters"][0] == letter
