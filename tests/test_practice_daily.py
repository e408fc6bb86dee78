"""The daily puzzle as the daily games keep it: one counted game a day and game (a replay is
practice, said before and after, counted nowhere), a daily streak of days in a row apart
from the random games' figures, any other day playable without touching it; and schema 1's
files brought to schema 2 in one transaction (the bug's second game of a day counted no
more)."""

import datetime
import sqlite3
import uuid

import pytest
from helpers import one_line_error, run_in_process

from lenwordle.api.practice import Kept, practice, statistics
from lenwordle.api.practice_stats import daily_days
from lenwordle.store.stats import (
    FILE_NAME,
    VERSION,
    Finished,
    Problem,
    Stats,
    StatsError,
    daily_streak,
)

DAY = datetime.date(2026, 3, 10)
ONE = datetime.timedelta(days=1)
TODAY = datetime.datetime.now(datetime.UTC).date()


def days(*offsets):
    return [DAY + n * ONE for n in offsets]


@pytest.mark.parametrize(
    "won_on, today, expected",
    [
        ({d: True for d in days(0, 1, 2)}, DAY + 2 * ONE, (3, 3)),  # today played, won
        ({d: True for d in days(0, 1, 2)}, DAY + 3 * ONE, (3, 3)),  # today not played yet
        ({d: True for d in days(0, 1, 2)}, DAY + 4 * ONE, (0, 3)),  # yesterday missed
        ({d: True for d in days(0, 2)}, DAY + 2 * ONE, (1, 1)),  # a day missed between
        ({DAY: True, DAY + ONE: False, DAY + 2 * ONE: True}, DAY + 2 * ONE, (1, 1)),  # a loss
        ({d: True for d in days(0, 1, 2, 3, 5)}, DAY + 5 * ONE, (1, 4)),  # longest kept
        ({DAY: False}, DAY, (0, 0)),
        ({}, DAY, (0, 0)),
    ],
)
def test_the_daily_streak_is_of_days_in_a_row_won_to_today_or_yesterday(won_on, today, expected):
    assert daily_streak(won_on, today) == expected


def daily(day, won=True, guesses=3, game="wordle"):
    return Finished(game, "en", 5, f"daily {day.isoformat()}", won, guesses, 6, 0, {})


def test_daily_puzzles_on_their_days_make_the_streak_another_days_do_not(tmp_path):
    stats = Stats(tmp_path / FILE_NAME)
    for day in days(0, 1, 2):
        assert stats.record(daily(day), on_day=True)
    stats.record(daily(DAY + 3 * ONE, won=False))  # played late: not in the streak
    stats.record(daily(DAY - ONE))  # likewise, won
    (standing,) = stats.standings(today=DAY + 3 * ONE)
    assert standing.daily and (standing.played, standing.won) == (5, 4)
    assert (standing.streak, standing.best_streak) == (3, 3)  # a lost late day breaks none
    assert stats.standings(today=DAY + 4 * ONE)[0].streak == 0  # the third day missed


def test_a_daily_puzzle_played_again_is_kept_and_counted_nowhere(tmp_path):
    stats = Stats(tmp_path / FILE_NAME)
    assert stats.record(daily(DAY, won=False), on_day=True)
    assert not stats.played(daily(DAY, game="fibble"))  # another game's puzzle
    assert stats.played(daily(DAY))
    assert not stats.record(daily(DAY, won=True), on_day=True)  # the replay, won
    assert stats.record(daily(DAY), player="someone else")  # each player's own
    (standing,) = stats.standings(today=DAY)
    assert (standing.played, standing.won, standing.streak) == (1, 0, 0)
    assert stats.last().won  # (kept: the last game reviewed is the replay)


def test_random_games_keep_their_streak_apart_from_the_daily_ones(tmp_path):
    stats = Stats(tmp_path / FILE_NAME)
    seeded = Finished("wordle", "en", 5, "seed 1", True, 4, 6, 0, {})
    stats.record(seeded)
    stats.record(daily(DAY, won=False), on_day=True)  # (mixed in, it would end the run)
    stats.record(seeded)
    random, daily_one = stats.standings(today=DAY)
    assert (random.daily, random.played, random.streak, random.best_streak) == (False, 2, 2, 2)
    assert (daily_one.daily, daily_one.played, daily_one.streak) == (True, 1, 0)


def solved(game):
    for answer in game.answers:
        if not game.done:
            game.guess(answer)
    return game


def test_todays_puzzle_played_twice_counts_once(tmp_path):
    first = practice(daily=True)
    assert first.kept_as(tmp_path) is Kept.DAILY and first.on_day
    assert solved(first).record(tmp_path) is Kept.DAILY
    again = practice(daily=True)
    assert again.kept_as(tmp_path) is Kept.REPLAY and again.kept is Kept.REPLAY
    assert again.kept_as(tmp_path, player=None) is Kept.DAILY  # (a player with no games)
    assert solved(again).record(tmp_path) is Kept.REPLAY
    (standing,) = statistics(tmp_path)
    assert (standing.daily, standing.played, standing.won, standing.streak) == (True, 1, 1, 1)


def test_a_past_day_plays_and_leaves_todays_streak_as_it_was(tmp_path):
    solved(practice(daily=True)).record(tmp_path)
    yesterday = (TODAY - ONE).isoformat()
    past = practice(date=yesterday)
    assert past.when == f"daily {yesterday}" and not past.on_day
    assert past.kept_as(tmp_path) is Kept.OTHER_DAY
    assert solved(past).record(tmp_path) is Kept.OTHER_DAY
    (standing,) = statistics(tmp_path)
    # yesterday's and today's both won: on their days they would be a streak of 2
    assert (standing.played, standing.won, standing.streak, standing.best_streak) == (2, 2, 1, 1)
    listed = daily_days(data_dir=tmp_path, days=3)
    assert [(d.day, d.played, d.won, d.on_day) for d in listed] == [
        (TODAY, True, True, True),
        (TODAY - ONE, True, True, False),
        (TODAY - 2 * ONE, False, False, False),
    ]
    assert [d.played for d in daily_days(data_dir=tmp_path, variant="fibble", days=1)] == [False]


def test_each_game_of_the_day_counts_once_on_its_own(tmp_path):
    for options in ({}, {"variant": "fibble"}, {"lang": "es"}, {"boards": 2}, {"length": 6}):
        length = options.pop("length", 5)
        for _ in range(2):
            solved(practice(length, daily=True, **options)).record(tmp_path)
    standings = statistics(tmp_path)
    assert sorted((s.game, s.lang, s.length) for s in standings) == [
        ("fibble", "en", 5),
        ("wordle", "en", 5),
        ("wordle", "en", 6),
        ("wordle", "es", 5),
        ("wordle x2", "en", 5),
    ]
    assert all(s.played == 1 and s.daily for s in standings)


def test_hard_mode_is_the_same_puzzle_so_playing_it_again_hard_is_a_replay(tmp_path):
    solved(practice(daily=True)).record(tmp_path)
    hard = practice(daily=True, hard=True)
    assert hard.answers == practice(daily=True).answers  # the same secret
    assert hard.kept_as(tmp_path) is Kept.REPLAY


def test_the_days_asked_are_checked():
    with pytest.raises(Exception, match="days"):
        daily_days(days=0)
    assert len(daily_days(days=1, player=None)) == 1


def test_the_command_says_a_replay_and_counts_it_nowhere(tmp_path):
    (secret,) = practice(daily=True).answers
    folder = ["--data-dir", str(tmp_path)]
    first = run_in_process("practice", "--daily", *folder, input_text=secret + "\n")
    assert first.returncode == 0, first.stderr
    assert "You finished this puzzle before" not in first.stdout
    assert "1 daily puzzle played, 100 % won, daily streak 1 day (best 1)" in first.stdout
    again = run_in_process("practice", "--daily", *folder, input_text=secret + "\n")
    assert again.returncode == 0, again.stderr
    assert again.stdout.startswith("You finished this puzzle before: this game is practice")
    assert "Not counted: you finished this puzzle before" in again.stdout
    assert "1 daily puzzle played" in again.stdout
    shown = run_in_process("practice", "--stats", *folder).stdout
    assert shown.splitlines()[0] == (
        "wordle, en, 5 letters: 1 daily puzzle played, 100 % won, daily streak 1 day (best 1)"
    )
    past = (TODAY - 2 * ONE).isoformat()
    (old,) = practice(date=past).answers
    late = run_in_process("practice", "--date", past, *folder, input_text=old + "\n")
    assert late.stdout.startswith("Another day's puzzle: counted in your daily figures")
    assert "2 daily puzzles played, 100 % won, daily streak 1 day (best 1)" in late.stdout


V1_SCHEMA = """CREATE TABLE games (
    id INTEGER PRIMARY KEY, player TEXT NOT NULL, game TEXT NOT NULL, lang TEXT NOT NULL,
    length INTEGER NOT NULL, puzzle TEXT NOT NULL,
    won INTEGER NOT NULL CHECK (won IN (0, 1)), guesses INTEGER NOT NULL,
    max_guesses INTEGER NOT NULL, hints INTEGER NOT NULL, finished TEXT NOT NULL,
    record TEXT NOT NULL);
CREATE INDEX games_by_player ON games (player, game, lang, length, id);
PRAGMA user_version = 1;"""


def version_1(path, rows):
    """Write a file of schema 1 (as lenwordle 1 made it) holding rows (puzzle, won, finished)."""
    with sqlite3.connect(path) as connection:
        connection.executescript(V1_SCHEMA)
        connection.executemany(
            "INSERT INTO games (player, game, lang, length, puzzle, won, guesses, max_guesses, "
            "hints, finished, record) VALUES ('', 'wordle', 'en', 5, ?, ?, 3, 6, 0, ?, '{}')",
            rows,
        )
    connection.close()


def test_a_file_of_schema_1_is_migrated_its_replays_counted_no_more(tmp_path):
    path = tmp_path / FILE_NAME
    version_1(
        path,
        [
            ("daily 2026-03-10", 1, "2026-03-10T08:00:00+00:00"),  # on its day
            ("daily 2026-03-10", 1, "2026-03-10T09:00:00+00:00"),  # the bug: counted again
            ("daily 2026-03-10", 0, "2026-03-10T10:00:00+00:00"),  # and again
            ("daily 2026-03-11", 1, "2026-03-11T23:59:59+00:00"),  # on its day, just
            ("daily 2026-03-09", 1, "2026-03-11T12:00:00+00:00"),  # late
            ("seed 4", 1, "2026-03-11T12:00:01+00:00"),
            ("seed 5", 0, "2026-03-11T12:00:02+00:00"),
        ],
    )
    stats = Stats(path)
    random, daily_one = stats.standings(today=DAY + ONE)
    assert (random.played, random.won, random.streak, random.best_streak) == (2, 1, 0, 1)
    assert (daily_one.played, daily_one.won) == (3, 3)  # three days, each once
    assert (daily_one.streak, daily_one.best_streak) == (2, 2)  # the 10th and the 11th
    with sqlite3.connect(path) as connection:
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        rows = connection.execute("SELECT id, uid, counted FROM games ORDER BY id").fetchall()
    connection.close()
    assert version == VERSION == 2
    assert [counted for *_, counted in rows] == [1, 0, 0, 1, 1, 1, 1]  # every game kept
    ids = [uid for _, uid, _ in rows]
    assert len(set(ids)) == 7 and all(str(uuid.UUID(uid)) == uid for uid in ids)
    assert [n for n, *_ in rows] == list(range(1, 8))


def test_a_file_of_schema_1_not_ours_is_one_line_and_left_as_it_was(tmp_path):
    path = tmp_path / FILE_NAME
    with sqlite3.connect(path) as connection:  # another program's table of that name
        connection.executescript("CREATE TABLE games (id INTEGER, score REAL);")
        connection.execute("INSERT INTO games VALUES (1, 2.5)")
        connection.execute("PRAGMA user_version = 1")
    connection.close()
    before = path.read_bytes()
    with pytest.raises(StatsError) as raised:
        Stats(path).standings()
    assert raised.value.problem is Problem.NOT_OURS and "\n" not in str(raised.value)
    assert path.read_bytes() == before  # the migration's transaction rolled back whole
    error = one_line_error(run_in_process("practice", "--stats", "--data-dir", str(tmp_path)), 1)
    assert "is not a lenwordle statistics database" in error


def test_a_file_of_this_version_with_other_columns_is_not_ours(tmp_path):
    path = tmp_path / FILE_NAME
    with sqlite3.connect(path) as connection:  # schema 1's table, called schema 2
        connection.executescript(
            V1_SCHEMA.replace("user_version = 1", f"user_version = {VERSION}")
        )
    connection.close()
    with pytest.raises(StatsError) as raised:
        Stats(path).standings()
    assert raised.value.problem is Problem.NOT_OURS


def test_sutom_russian_and_turkish_daily_puzzles_count_once_and_are_listed(tmp_path):
    for _ in range(2):
        solved(practice(6, daily=True, sutom=True)).record(tmp_path)
        solved(practice(5, "ru", daily=True)).record(tmp_path)
        solved(practice(5, "tr", daily=True, variant="fibble")).record(tmp_path)
    standings = statistics(tmp_path)
    assert sorted((s.game, s.lang, s.length, s.played) for s in standings) == [
        ("fibble", "tr", 5, 1),
        ("wordle", "ru", 5, 1),
        ("wordle sutom", "en", 6, 1),
    ]
    (sutom_day,) = daily_days(6, days=1, sutom=True, data_dir=tmp_path)
    (plain_day,) = daily_days(6, days=1, data_dir=tmp_path)  # Wordle of 6: another game
    assert sutom_day.played and not plain_day.played
    assert daily_days(5, "tr", days=1, variant="fibble", data_dir=tmp_path)[0].won
