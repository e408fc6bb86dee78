"""One outcome, decided by the position, read alike by every face: Game (won, done, share),
the command line's play and solve, the practice host, the review and the page.

The issue's case: CRANE MOIST LUCKY SPOUT FJORD BUMPH DWELT VIVID against VIVID. One board of
Wordle with no limit given plays on past its six guesses, and is lost there: solved on the
8th, it is over and solved, not won, and its grid says X/6 (Game.won said True)."""

import json
import warnings

import pytest
from helpers import run_in_process

from lenwordle import Game
from lenwordle.api.practice import Refused, practice
from lenwordle.engine.feedback import reply_for
from lenwordle.engine.position import Outcome

PLAYED = ["crane", "moist", "lucky", "spout", "fjord", "bumph", "dwelt", "vivid"]
ANSWER = "vivid"


def played(words, answer=ANSWER, **options):
    game = Game(5, **options)
    for word in words:
        game.tell(reply_for(word, answer), word=word)
    return game


def test_the_outcomes_rules_by_hand():
    # (the one place: each member at the limit and one past it)
    assert Outcome("solved", 6, 6).won and not Outcome("solved", 6, 6).lost
    late = Outcome("solved", 7, 6)
    assert late.over and late.solved and not late.won and late.lost and not late.within
    going = Outcome(None, 5, 6)
    assert not going.over and not going.lost and going.within
    used = Outcome(None, 6, 6)  # (one board with no limit given, playing on)
    assert not used.over and used.lost and used.within and not used.won
    past = Outcome(None, 7, 6)
    assert not past.over and past.lost and not past.won and not past.within
    out = Outcome("out", 6, 6)
    assert out.over and not out.solved and out.lost and out.score == 0
    hit = Outcome("hit", 5, 1000, survival=True)  # Antiwordle: scored by survival
    assert hit.over and hit.solved and not hit.won and not hit.lost and hit.score == 4
    assert Outcome("out", 1000, 1000, survival=True).score == 1000
    assert Outcome("solved", 3, 6).score == 3 and Outcome(None, 3, 6).score == 0


def test_the_api_game_solved_past_its_limit_is_lost_and_its_grid_says_so():
    game = played(PLAYED)
    assert game.done and not game.won
    assert game.outcome.solved and game.outcome.lost and game.outcome.guesses == 8
    assert game.share().splitlines()[0] == "lenwordle X/6"


def test_the_api_game_at_its_limit_and_one_past():
    six = played(PLAYED[2:])  # solved on the 6th: won
    assert six.won and six.share().splitlines()[0] == "lenwordle 6/6"
    seven = played(PLAYED[1:])  # on the 7th: lost
    assert seven.done and not seven.won and seven.share().splitlines()[0] == "lenwordle X/6"
    going = played(PLAYED[:6])  # six misses: it plays on, but can no longer be won
    assert not going.done and going.outcome.lost and going.suggestion
    limited = played(PLAYED[:6], max_guesses=6)  # a limit given: the game ends there
    assert limited.done and limited.outcome.ending == "out" and not limited.won


def test_play_at_the_command_line_says_the_same():
    typed = "".join(f"{w} {reply_for(w, ANSWER)}\n" for w in PLAYED)
    result = run_in_process("play", input_text=typed)
    assert result.returncode == 0 and "Traceback" not in result.stderr
    assert "Solved in 8 guesses, over the limit of 6." in result.stdout
    assert "\nlenwordle X/6\n" in result.stdout
    six = "".join(f"{w} {reply_for(w, ANSWER)}\n" for w in PLAYED[2:])
    assert "\nlenwordle 6/6\n" in run_in_process("play", input_text=six).stdout


def test_solve_says_won_only_within_the_limit():
    # ZZXQV is past the dictionary: found on the 11th guess
    figures = json.loads(run_in_process("solve", "zzxqv", "--json").stdout)
    assert figures["solved"] and not figures["won"] and len(figures["guesses"]) > 6


def test_the_practice_host_ends_the_same_game_at_six_and_refuses_the_seventh():
    game = practice(seed=1)  # NANNY
    misses = [w for w in PLAYED if w != game.answers[0]][:6]
    for word in misses:
        game.guess(word)
    assert game.done and not game.won and game.outcome.ending == "out"
    with pytest.raises(Refused, match="over"):
        game.guess(game.answers[0])
    assert game.turns == 6 and game.share().splitlines()[0].endswith("X/6")
    last = practice(seed=1)
    for word in misses[:5]:
        last.guess(word)
    last.guess(last.answers[0])  # on the 6th: won
    assert last.won and last.share().splitlines()[0].endswith(" 6/6")


def test_the_review_counts_a_game_solved_past_the_limit_lost():
    from lenwordle.api import review

    done = review(*PLAYED, answer=ANSWER)
    assert done.figures["solved"] and not done.figures["won"] and done.figures["limit"] == 6


def test_the_page_reads_the_same_outcome():
    pytest.importorskip("starlette", reason="the [web] extra is not installed")
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "Using `httpx` with `starlette.testclient`")
        from starlette.testclient import TestClient
    from web_helpers import store

    from lenwordle.web.app import create_app

    client = TestClient(create_app(store()), "http://127.0.0.1")
    client.post("/api/new", json={"length": 5, "lang": "en"})
    for word in PLAYED[:-1]:
        body = {"replies": [reply_for(word, ANSWER)], "word": word}
        view = client.post("/api/tell", json=body).json()["game"]
        assert not view["done"] and not view["strict"]
    last = {"replies": ["ggggg"], "word": ANSWER}
    assert client.post("/api/preview", json=last).json()["ends"]
    view = client.post("/api/tell", json=last).json()["game"]
    assert view["done"] and not view["won"] and view["share"].startswith("lenwordle X/6")
