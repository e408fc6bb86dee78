"""Practice's statistics that last (store/stats.py): the figures of each game, language and
length, kept in SQLite in one transaction a game; a file that is not such a database, or is
newer, refused in one line and left as it was; a process killed at any point loses at most
its game; two processes at once lose nothing. And what the coach adds to a game: hints
counted in the share grid and the review."""

import datetime
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest
from helpers import kept_record, one_line_error, run_in_process

from lenwordle.api.checks import MoveError, SetupError
from lenwordle.api.practice import (
    HINT_WORDS,
    SECRET_SHARE,
    last_review,
    practice,
    statistics,
)
from lenwordle.api.setup import Settings
from lenwordle.engine.feedback import reply_for
from lenwordle.store.stats import (
    DISTRIBUTION_MAX,
    FILE_NAME,
    VERSION,
    Finished,
    Stats,
    StatsError,
)
from lenwordle.words.wordlist import common_mask, not_names


def finished(won=True, guesses=3, game="wordle", lang="en", length=5, limit=6, hints=0):
    record = kept_record(length, lang, secrets=[f"N{guesses}"])
    return Finished(game, lang, length, "seed 1", won, guesses, limit, hints, record)


def test_the_figures_of_a_run_of_games(tmp_path):
    stats = Stats(tmp_path / FILE_NAME)
    games = [(True, 3), (True, 6), (False, 6), (True, 1), (True, 4), (False, 6), (True, 2)]
    for won, guesses in games:
        stats.record(finished(won, guesses, hints=1))
    (standing,) = stats.standings()
    assert (standing.played, standing.won, standing.hints) == (7, 5, 7)
    assert standing.win_percent == 71  # 5/7 = 71.4 %, rounded down
    assert standing.streak == 1 and standing.best_streak == 2  # W W L W W L W
    assert standing.distribution == (1, 1, 1, 1, 0, 1)  # 1 to the limit, 6 included
    stats.record(finished(True, 5))
    assert stats.standings()[0].streak == 2


def test_win_percent_is_100_only_when_every_game_was_won(tmp_path):
    stats = Stats(tmp_path / FILE_NAME)
    for _ in range(199):
        stats.record(finished(True))
    assert stats.standings()[0].win_percent == 100
    stats.record(finished(False))
    assert stats.standings()[0].win_percent == 99  # 199/200 = 99.5 %


def test_each_game_language_length_and_player_has_its_own_figures(tmp_path):
    stats = Stats(tmp_path / FILE_NAME)
    stats.record(finished(game="fibble", limit=9, guesses=9))
    stats.record(finished(lang="tr", won=False))
    stats.record(finished(length=6))
    stats.record(finished(), player="browser-a")
    stats.record(finished(won=False), player="browser-b")
    keys = [(s.game, s.lang, s.length, s.played, s.won) for s in stats.standings()]
    assert keys == [
        ("fibble", "en", 5, 1, 1),
        ("wordle", "en", 6, 1, 1),
        ("wordle", "tr", 5, 1, 0),
    ]
    assert stats.standings()[0].distribution == (0,) * 8 + (1,)  # won on the 9th of 9
    assert [(s.won, s.played) for s in stats.standings("browser-a")] == [(1, 1)]
    assert [(s.won, s.played) for s in stats.standings("browser-b")] == [(0, 1)]
    assert stats.standings("nobody") == []


def test_a_distribution_past_its_limit_ends_at_the_most_guesses_won_in(tmp_path):
    stats = Stats(tmp_path / FILE_NAME)
    stats.record(finished(game="wordle x32", guesses=30, limit=DISTRIBUTION_MAX))
    assert len(stats.standings()[0].distribution) == DISTRIBUTION_MAX  # exactly at: kept
    stats.record(finished(game="antiwordle", won=False, guesses=40, limit=DISTRIBUTION_MAX + 1))
    assert stats.standings()[0].distribution == ()  # one past: no game won, none shown
    stats.record(finished(game="antiwordle", guesses=7, limit=DISTRIBUTION_MAX + 1))
    assert stats.standings()[0].distribution == (0,) * 6 + (1,)


def bad_file(path, kind):
    """Write a statistics file that must be refused; return its bytes."""
    if kind == "text":
        path.write_text("played: 12\nwon: 10\n")
    elif kind == "truncated":
        Stats(path).record(finished())
        path.write_bytes(path.read_bytes()[:1000])  # the header kept, the pages cut
    else:
        connection = sqlite3.connect(path)
        if kind == "newer":
            connection.execute("CREATE TABLE games (id INTEGER)")
            connection.execute(f"PRAGMA user_version = {VERSION + 1}")
        else:
            connection.execute("CREATE TABLE accounts (id INTEGER)")
        connection.commit()
        connection.close()
    return path.read_bytes()


@pytest.mark.parametrize("kind", ["text", "truncated", "newer", "foreign"])
def test_a_file_that_is_no_statistics_of_ours_is_refused_and_left_as_it_was(tmp_path, kind):
    path = tmp_path / FILE_NAME
    before = bad_file(path, kind)
    with pytest.raises(StatsError) as raised:
        Stats(path).record(finished())
    message = str(raised.value)
    assert "\n" not in message and str(path) in message and "left as it is" in message
    assert ("newer lenwordle" in message) == (kind == "newer")
    assert path.read_bytes() == before
    for args in (["--stats"], ["--review"], ["--seed", "1"]):  # a game: refused before it starts
        result = run_in_process("practice", "--data-dir", tmp_path, *args, input_text="crane\n")
        assert str(path) in one_line_error(result, 1) and "Guess the" not in result.stdout
    assert path.read_bytes() == before


def test_a_file_version_this_lenwordle_writes_is_read(tmp_path):
    path = tmp_path / FILE_NAME
    Stats(path).record(finished())
    connection = sqlite3.connect(path)
    assert connection.execute("PRAGMA user_version").fetchone()[0] == VERSION
    connection.close()
    assert Stats(path).standings()[0].played == 1


RECORDER = textwrap.dedent(
    """
    import sys
    from lenwordle.store.stats import Finished, Stats
    stats = Stats(__import__("pathlib").Path(sys.argv[1]))
    for n in range(int(sys.argv[2])):
        stats.record(Finished("wordle", "en", 5, f"seed {n}", n % 3 > 0, 1 + n % 6, 6, 0, {}))
        print(n, flush=True)
    """
)


def recorder(path, games):
    return subprocess.Popen(
        [sys.executable, "-c", RECORDER, str(path), str(games)],
        stdout=subprocess.PIPE,
        text=True,
    )


def test_two_processes_recording_at_once_lose_nothing(tmp_path):
    path = tmp_path / FILE_NAME
    processes = [recorder(path, 60), recorder(path, 60)]
    for process in processes:
        out, _ = process.communicate(timeout=120)
        assert process.returncode == 0 and out.split()[-1] == "59"
    (standing,) = Stats(path).standings()
    assert standing.played == 120 and standing.won == 80


def test_a_process_killed_at_any_point_loses_at_most_the_game_it_was_recording(tmp_path):
    path = tmp_path / FILE_NAME
    acknowledged = 0
    for delay in (0.0, 0.05, 0.15, 0.3, 0.5, 0.8):
        process = recorder(path, 100_000)
        first = process.stdout.readline()  # (recording has begun)
        time.sleep(delay)
        os.kill(process.pid, signal.SIGKILL)
        out, _ = process.communicate()
        acknowledged += len((first + out).split())
        played = sum(s.played for s in Stats(path).standings())
        assert acknowledged <= played <= acknowledged + 1  # its last game, committed unsaid
        acknowledged = played
    connection = sqlite3.connect(path)
    assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    connection.close()


def test_a_game_killed_mid_way_at_the_prompt_is_not_counted_and_the_others_are(tmp_path):
    secret = practice(seed=1).answers[0]
    won = run_in_process("practice", "--seed", "1", "--data-dir", tmp_path, input_text=secret)
    assert won.returncode == 0 and "1 game played, 100 % won, streak 1 (best 1)" in won.stdout
    process = subprocess.Popen(
        [sys.executable, "-m", "lenwordle", "practice", "--seed", "2", "--data-dir", tmp_path],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout.readline().startswith("Guess the word")
    process.stdin.write("crane\n")
    process.stdin.flush()
    assert "CRANE" in process.stdout.readline()
    os.kill(process.pid, signal.SIGKILL)
    process.communicate()
    assert [(s.played, s.won) for s in statistics(tmp_path)] == [(1, 1)]


def test_a_game_is_recorded_once_and_only_at_its_end(tmp_path):
    game = practice(seed=1, max_guesses=1)
    with pytest.raises(MoveError, match="not over"):
        game.record(tmp_path)
    game.guess("crane")
    game.record(tmp_path)
    with pytest.raises(MoveError, match="already"):
        game.record(tmp_path)
    assert [(s.played, s.won, s.distribution) for s in statistics(tmp_path)] == [(1, 0, (0,))]
    with pytest.raises(SetupError, match="data_dir"):
        statistics(data_dir=3)  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="player"):
        game.record(tmp_path, player=None)  # type: ignore[arg-type]


def test_the_hints_taken_show_in_the_share_grid_and_the_review(tmp_path):
    game = practice(seed=7)  # NOVEL
    game.hint()
    game.hint()  # (twice before one guess: one hint)
    game.guess("slate")
    game.guess("riven")
    game.hint()
    game.guess("novel")
    game.hint()  # (after the end: not counted)
    assert game.hinted == [0, 2]
    lines = game.share().splitlines()
    assert lines[0] == "lenwordle practice 3/6 (2 hints)"
    assert lines[1:] == ["⬛🟨⬛⬛🟨 💡", "⬛⬛🟩🟩🟨", "🟩🟩🟩🟩🟩 💡"]
    assert game.share(high_contrast=True).splitlines()[3] == "🟧🟧🟧🟧🟧 💡"
    game.record(tmp_path)
    last, (reviewed,) = last_review(tmp_path)
    assert last.hints == 2 and last.record["hinted"] == [0, 2]
    assert [t.guess for t in reviewed.turns] == ["SLATE", "RIVEN", "NOVEL"]
    shown = run_in_process("practice", "--review", "--data-dir", tmp_path).stdout.splitlines()
    marked = [line.split(".")[0] for line in shown if line.endswith("(after a hint)")]
    assert marked == ["1", "3"]


def host_words(state):
    """Return the words a host hides, by its rule written again: the common possible answers
    that are no name, the fewest likeliest (ties by the words' order) that carry 80 % of
    their weight."""
    ok = state.mask & not_names(state.answers) & common_mask(state.answers)
    rows = sorted(np.flatnonzero(ok), key=lambda row: (-state.weights[row], row))
    total, kept, carried = state.weights[rows].sum(), [], 0.0
    for row in rows:
        kept.append(row)
        carried += state.weights[row]
        if carried >= SECRET_SHARE * total:
            break
    return state.answers.words_at(kept)


def test_a_hint_counts_the_words_left_and_names_the_likeliest(tmp_path):
    game = practice(seed=7)
    first = game.hint()
    assert first.last is None and first.suggestion and len(first.likeliest) == HINT_WORDS
    chances = [c.chance for c in first.likeliest]
    assert chances == sorted(chances, reverse=True)
    game.guess("slate")
    after = game.hint()
    possible = host_words(Settings().opening().state)
    assert len(possible) == first.count and "oprah" not in possible and "doyle" not in possible
    fitting = [w for w in possible if reply_for("slate", w) == ".y..y"]
    assert after.count == len(fitting) < first.count
    assert after.last.guess == "SLATE" and after.last.possible_before == first.count
    assert after.last.possible_after == after.count
    assert all(reply_for("slate", c.word.lower()) == ".y..y" for c in after.likeliest)


def test_the_statistics_and_review_at_the_command_line(tmp_path):
    empty = run_in_process("practice", "--stats", "--data-dir", tmp_path)
    assert empty.returncode == 0 and empty.stdout.strip() == "No game played yet."
    assert "nothing to review" in one_line_error(
        run_in_process("practice", "--review", "--data-dir", tmp_path), 1
    )
    secret = practice(seed=4, lang="tr").answers[0]
    game = run_in_process(
        "practice", "--seed", "4", "--lang", "tr", "--data-dir", tmp_path, input_text=secret
    )
    assert "wordle, tr, 5 letters: 1 game played, 100 % won, streak 1 (best 1)" in game.stdout
    assert "Review it: lenwordle practice --review" in game.stdout
    shown = run_in_process("practice", "--stats", "--data-dir", tmp_path).stdout.splitlines()
    assert shown[1:] == ["  1 #################### 1", *[f"  {n} 0" for n in range(2, 7)]]
    review = run_in_process("practice", "--review", "--data-dir", tmp_path).stdout
    assert f"(seed 4): {secret.upper()}" in review and "1. " in review


def test_the_coach_and_the_review_spell_words_as_the_language_does(tmp_path):
    game = practice(5, "tr", seed=4)  # BALLI
    game.guess("kitap")
    assert game.hint().last.guess == "KİTAP"  # a dotted capital İ, not KITAP
    game.guess("ballı")
    (reviewed,) = game.review()
    assert [t.guess for t in reviewed.turns] == ["KİTAP", "BALLI"]
    game.record(tmp_path)
    last, (kept,) = last_review(tmp_path)
    assert [t.guess for t in kept.turns] == ["KİTAP", "BALLI"] and last.record["secrets"] == [
        "BALLI"
    ]
    shown = run_in_process("practice", "--review", "--data-dir", tmp_path).stdout
    assert "1. KİTAP " in shown and "2. BALLI " in shown


def test_a_data_dir_that_is_a_file_is_told_before_the_game(tmp_path):
    plain = tmp_path / "notes.txt"
    plain.write_text("mine\n")
    for data_dir in (plain, plain / "deeper"):
        with pytest.raises(StatsError, match="is not a folder"):
            statistics(data_dir)
        result = run_in_process("practice", "--seed", "1", "--data-dir", data_dir)
        assert "notes.txt is not a folder" in one_line_error(result, 1)
        assert "Guess the" not in result.stdout
    assert plain.read_text() == "mine\n"
    assert statistics(tmp_path / "new" / "folder") == []  # (made when a game is kept)


def test_the_last_game_is_read_back_as_it_was_kept_and_its_time_is_utc(tmp_path):
    stats = Stats(tmp_path / FILE_NAME)
    assert stats.last() is None
    record = kept_record(6, "tr", variant="fibble", secrets=["KİTAP"])
    kept = Finished("fibble", "tr", 6, "daily 2026-11-28", False, 9, 9, 2, record)
    record = kept_record(5, "ru", boards=2, secrets=["КОШКА", "ДОМИК"])
    other = Finished("wordle x2", "ru", 5, "seed 3", True, 4, 7, 0, record)
    stats.record(kept)
    stats.record(other, player="browser")
    assert stats.last() == kept and stats.last("browser") == other
    stats.record(finished(won=True, guesses=2))
    stats.record(finished(won=True, guesses=2))
    assert stats.standings()[1].distribution == (0, 2, 0, 0, 0, 0)  # two won in 2
    connection = sqlite3.connect(tmp_path / FILE_NAME)
    (when,) = connection.execute("SELECT finished FROM games ORDER BY id LIMIT 1").fetchone()
    connection.close()
    told = datetime.datetime.fromisoformat(when)
    now = datetime.datetime.now(datetime.UTC)
    assert told.utcoffset() == datetime.timedelta(0) and abs((now - told).total_seconds()) < 600


@pytest.mark.parametrize(
    "kind, why",
    [("text", "it is not an SQLite database"), ("truncated", "it is damaged")],
)
def test_a_bad_file_says_what_is_wrong_with_it(tmp_path, kind, why):
    bad_file(tmp_path / FILE_NAME, kind)
    with pytest.raises(StatsError, match=f"\\({why}|\\(database disk image is malformed"):
        Stats(tmp_path / FILE_NAME)


def test_a_file_of_our_version_without_our_table_is_refused(tmp_path):
    path = tmp_path / FILE_NAME
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE accounts (id INTEGER)")
    connection.execute(f"PRAGMA user_version = {VERSION}")
    connection.commit()
    connection.close()
    with pytest.raises(StatsError, match="its tables are not lenwordle's"):
        Stats(path).record(finished())


def test_the_default_data_directory_is_lenwordles_own(monkeypatch, tmp_path):
    from lenwordle.store.stats import default_dir

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_dir() == tmp_path / "lenwordle"
