"""Statistics that move: a player's games written whole to a JSON file (versioned, atomic)
and merged from one by each game's id, so that a file imported twice counts nothing twice
and a round trip between two data directories gives the same standings; a bad file is one
line and changes nothing, and a merge that fails midway keeps none of it."""

import copy
import datetime
import json
import sqlite3

import pytest
from helpers import one_line_error, run_in_process

from lenwordle.api.practice import practice, statistics
from lenwordle.api.practice_stats import (
    Merged,
    StatsFileError,
    export_statistics,
    import_statistics,
    statistics_file,
)
from lenwordle.store.stats import FILE_NAME, Stats, StatsError
from lenwordle.store.stats_file import FIELDS, FORMAT, FORMAT_VERSION

TODAY = datetime.datetime.now(datetime.UTC).date()
YESTERDAY = (TODAY - datetime.timedelta(days=1)).isoformat()


def play(folder, *, misses=(), **options):
    """Play a practice game of options to its end (misses first), recorded in folder."""
    game = practice(**options)
    for word in misses:
        if not game.done:
            game.guess(word)
    for answer in game.answers:
        if not game.done:
            game.guess(answer)
    game.record(folder)
    return game


def season(folder):
    """Record games of each kind in folder: random won and lost, today's puzzle and its
    replay, yesterday's, a variant's and a language's."""
    play(folder, seed=1)
    play(folder, seed=2, misses=["slate", "crony", "build", "pygmy", "whiff", "jokes"])
    play(folder, daily=True)
    play(folder, daily=True, misses=["slate"])  # the replay: counted nowhere
    play(folder, date=YESTERDAY)
    play(folder, seed=3, variant="fibble")
    play(folder, seed=4, lang="es")


def test_exported_and_imported_twice_counts_once_with_the_same_standings(tmp_path):
    home, away = tmp_path / "home", tmp_path / "away"
    season(home)
    path = tmp_path / "stats.json"
    assert export_statistics(path, home) == 7
    content = json.loads(path.read_text())
    assert (content["format"], content["version"]) == (FORMAT, FORMAT_VERSION)
    assert all(set(game) == set(FIELDS) for game in content["games"])
    assert sorted(g["counted"] for g in content["games"]) == [False] + [True] * 6
    assert import_statistics(path, away) == Merged(added=7, known=0, uncounted=1)
    assert statistics(away) == statistics(home)
    assert import_statistics(path, away) == Merged(added=0, known=7, uncounted=0)
    assert import_statistics(path.read_bytes(), away) == Merged(0, 7, 0)  # (bytes too)
    assert statistics(away) == statistics(home)
    again = statistics_file(away)
    assert again["games"] == content["games"]  # the same ids, times and records
    assert import_statistics(path, home) == Merged(0, 7, 0)  # home's own: nothing twice


def test_a_merge_keeps_both_sides_and_counts_a_days_puzzle_once(tmp_path):
    home, away = tmp_path / "home", tmp_path / "away"
    play(home, daily=True)  # won at home
    play(away, daily=True, misses=["crony"])  # played on another device
    play(away, seed=9)
    path = tmp_path / "away.json"
    export_statistics(path, away)
    merged = import_statistics(path, home)
    assert merged == Merged(added=2, known=0, uncounted=1)  # away's daily: a replay here
    random, daily_one = statistics(home)
    assert (random.played, daily_one.played, daily_one.streak) == (1, 1, 1)


def test_each_player_imports_under_their_own_name(tmp_path):
    season(tmp_path / "a")
    path = tmp_path / "s.json"
    export_statistics(path, tmp_path / "a")
    assert import_statistics(path, tmp_path / "a", player="browser").added == 7
    assert statistics(tmp_path / "a", "browser") == statistics(tmp_path / "a")


def good_file():
    game = {
        "id": "0b5b1c9e-5f0e-4a43-9d55-6a1e3ff5b7a1",
        "game": "wordle",
        "lang": "en",
        "length": 5,
        "puzzle": "daily 2026-03-10",
        "won": True,
        "guesses": 6,
        "max_guesses": 6,
        "hints": 0,
        "finished": "2026-03-10T09:00:00+01:00",
        "counted": True,
        "on_day": True,
        "record": {},
    }
    return {"format": FORMAT, "version": FORMAT_VERSION, "exported": "", "games": [game]}


def edited(change):
    """Return the good file's bytes, changed (a lone surrogate written as JSON's escape)."""
    content = good_file()
    change(content, content["games"][0])
    return json.dumps(content).encode()


BAD_FILES = {
    "not JSON": (b"{'format': 1}", "not JSON"),
    "not UTF-8": (b'{"format": "\xff"}', "not JSON"),
    "NaN": (edited(lambda c, g: g.update(hints=float("nan"))), "not JSON"),
    "a list": (b"[]", "not a lenwordle statistics file"),
    "another format": (edited(lambda c, g: c.update(format="x")), "not a lenwordle statistics"),
    "version 2": (edited(lambda c, g: c.update(version=2)), "of format version 2"),
    "version '1'": (edited(lambda c, g: c.update(version="1")), "of format version '1'"),
    "version true": (edited(lambda c, g: c.update(version=True)), "of format version True"),
    "no games": (edited(lambda c, g: c.pop("games")), "no list of games"),
    "a game not an object": (edited(lambda c, g: c.update(games=[1])), "game 1 is not an"),
    "a field missing": (edited(lambda c, g: g.pop("finished")), "game 1 has no finished"),
    "a field unknown": (edited(lambda c, g: g.update(score=1)), "a field no game has: 'score'"),
    "won 1": (edited(lambda c, g: g.update(won=1)), "has a won that is not true or false"),
    "length '5'": (edited(lambda c, g: g.update(length="5")), "length that is not a whole"),
    "length true": (edited(lambda c, g: g.update(length=True)), "length that is not a whole"),
    "length 0": (edited(lambda c, g: g.update(length=0)), "no game, language or length"),
    "no game": (edited(lambda c, g: g.update(game="")), "no game, language or length"),
    "record a list": (edited(lambda c, g: g.update(record=[])), "record that is not an object"),
    "one past the limit": (edited(lambda c, g: g.update(guesses=7)), "guesses out of 0 to"),
    "no limit": (edited(lambda c, g: g.update(guesses=0, won=False, max_guesses=0)), "out of"),
    "won in none": (edited(lambda c, g: g.update(guesses=0)), "won in no guess"),
    "hints below 0": (edited(lambda c, g: g.update(hints=-1)), "hints below 0"),
    "an id not a UUID": (edited(lambda c, g: g.update(id="7")), "id that is not a UUID"),
    "an id in capitals": (edited(lambda c, g: g.update(id=g["id"].upper())), "not a UUID"),
    "an id twice": (
        edited(lambda c, g: c["games"].append(copy.deepcopy(g))),
        "game 2 its id 0b5b1c9e-5f0e-4a43-9d55-6a1e3ff5b7a1 is another game's too",
    ),
    "a puzzle of no kind": (edited(lambda c, g: g.update(puzzle="weekly 1")), "'weekly 1'"),
    "a day that is none": (edited(lambda c, g: g.update(puzzle="daily 2026-13-01")), "puzzle"),
    "on its day, no daily": (
        edited(lambda c, g: g.update(puzzle="seed 3")),
        "on its own day, but no daily puzzle",
    ),
    "a time without its offset": (
        edited(lambda c, g: g.update(finished="2026-03-10T09:00:00")),
        "finished time that is not ISO 8601",
    ),
    "a lone surrogate": (edited(lambda c, g: g.update(lang="\udcff")), "not Unicode"),
}


@pytest.mark.parametrize("name", list(BAD_FILES))
def test_a_bad_file_is_one_line_and_changes_nothing(tmp_path, name):
    data, said = BAD_FILES[name]
    folder = tmp_path / "stats"
    play(folder, seed=1)
    before = (folder / FILE_NAME).read_bytes()
    standings = statistics(folder)
    path = tmp_path / "bad.json"
    path.write_bytes(data)
    with pytest.raises(StatsFileError) as raised:
        import_statistics(path, folder)
    message = str(raised.value)
    assert "\n" not in message and said in message, message
    assert message.startswith(f"{path}: ") and message.endswith("; nothing was imported")
    assert (folder / FILE_NAME).read_bytes() == before and statistics(folder) == standings


def test_the_good_file_the_bad_ones_are_made_from_is_taken(tmp_path):
    merged = import_statistics(edited(lambda c, g: None), tmp_path)
    assert merged == Merged(added=1, known=0, uncounted=0)
    (standing,) = Stats(tmp_path / FILE_NAME).standings(today=datetime.date(2026, 3, 10))
    assert (standing.daily, standing.played, standing.streak) == (True, 1, 1)
    (game,) = statistics_file(tmp_path)["games"]
    assert game["finished"] == "2026-03-10T08:00:00+00:00"  # kept in UTC


def test_a_merge_failing_midway_keeps_none_of_the_file(tmp_path):
    home, away = tmp_path / "home", tmp_path / "away"
    season(away)
    path = tmp_path / "s.json"
    export_statistics(path, away)
    last = json.loads(path.read_text())["games"][-1]["id"]
    play(home, seed=1)
    with sqlite3.connect(home / FILE_NAME) as connection:  # the file's last game fails
        connection.execute(
            "CREATE TRIGGER refuse BEFORE INSERT ON games WHEN NEW.uid = "
            f"'{last}' BEGIN SELECT RAISE(ABORT, 'refused'); END"
        )
    connection.close()
    with pytest.raises(StatsError):
        import_statistics(path, home)
    (standing,) = statistics(home)
    assert standing.played == 1  # the six games before it were taken back


def test_the_commands_export_and_import_once_and_refuse_a_bad_file(tmp_path):
    home, away = tmp_path / "home", tmp_path / "away"
    season(home)
    path = tmp_path / "out" / "s.json"
    missing = run_in_process("practice", "--export-stats", str(path), "--data-dir", str(home))
    assert "s.json: cannot be written" in one_line_error(missing, 1)
    path.parent.mkdir()
    path.write_text("an older export")
    wrote = run_in_process("practice", "--export-stats", str(path), "--data-dir", str(home))
    assert wrote.stdout == f"Wrote 7 games to {path}.\n"
    assert len(json.loads(path.read_text())["games"]) == 7  # replaced whole
    imported = [
        run_in_process("practice", "--import-stats", str(path), "--data-dir", str(away)).stdout
        for _ in range(2)
    ]
    assert imported == [
        f"Imported 7 games from {path} (0 kept already, 1 counted nowhere).\n",
        f"Imported 0 games from {path} (7 kept already).\n",
    ]
    assert statistics(away) == statistics(home)
    shown = run_in_process("practice", "--stats", "--data-dir", str(away)).stdout
    assert shown == run_in_process("practice", "--stats", "--data-dir", str(home)).stdout
    before = (away / FILE_NAME).read_bytes()
    bad = tmp_path / "bad.json"
    bad.write_bytes(BAD_FILES["won in none"][0])
    result = run_in_process("practice", "--import-stats", str(bad), "--data-dir", str(away))
    assert one_line_error(result, 1) == (
        f"error: {bad}: game 1 was won in no guess, or has hints below 0; nothing was imported"
    )
    assert (away / FILE_NAME).read_bytes() == before
    result = run_in_process("practice", "--import-stats", str(tmp_path / "none.json"))
    assert "none.json: cannot be read" in one_line_error(result, 1)
