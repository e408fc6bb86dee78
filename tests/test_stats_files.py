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
from lenwordle.store.stats import FILE_NAME, Problem, Stats, StatsError
from lenwordle.store.stats_file import FIELDS, FORMAT, FORMAT_VERSION, record_problem

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
    mine = statistics_file(home)["games"][0]["id"]
    merged = import_statistics(path, home)
    random, daily_one = statistics(home)
    assert (random.played, daily_one.played, daily_one.streak) == (1, 1, 1)
    # (both on their day, finished maybe in one second: the earlier, or the lower id, counts)
    dailies = [g for g in statistics_file(home)["games"] if g["puzzle"].startswith("daily")]
    chosen = min(dailies, key=lambda g: (g["finished"], g["id"]))
    assert [g["id"] for g in dailies if g["counted"]] == [chosen["id"]]
    assert merged == Merged(added=2, known=0, uncounted=int(chosen["id"] == mine))


def test_each_player_imports_under_their_own_name(tmp_path):
    season(tmp_path / "a")
    path = tmp_path / "s.json"
    export_statistics(path, tmp_path / "a")
    assert import_statistics(path, tmp_path / "a", player="browser").added == 7
    assert statistics(tmp_path / "a", "browser") == statistics(tmp_path / "a")


# a game's record as Practice.finished keeps it: won in six guesses
GUESSES = ["slate", "crony", "build", "pygmy", "whiff", "combo"]
RECORD = {
    "options": {
        "length": 5,
        "lang": "en",
        "accents": None,
        "hard": False,
        "ultra_hard": False,
        "max_guesses": 6,
        "boards": 1,
        "absurdle": False,
        "first_letter": None,
        "variant": "wordle",
    },
    "guesses": GUESSES,
    "replies": [["....."]] * 5 + [["ggggg"]],
    "tiles": ["⬜⬜⬜⬜⬜"] * 5 + ["🟩🟩🟩🟩🟩"],
    "hinted": [],
    "secrets": ["COMBO"],
    "sutom": False,
    "accepted": False,
    "challenge": None,
}
SOON = datetime.datetime.now(datetime.UTC) + datetime.timedelta(hours=23)  # within the day


def nested(depth):
    """Return lists nested depth deep (1: an empty list)."""
    value: list = []
    for _ in range(depth - 1):
        value = [value]
    return value


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
        "record": copy.deepcopy(RECORD),
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
    "length 1": (edited(lambda c, g: g.update(length=1)), "has a length out of 2 to 40"),
    "length 41": (edited(lambda c, g: g.update(length=41)), "has a length out of 2 to 40"),
    "length 2**63": (edited(lambda c, g: g.update(length=2**63)), "length out of 2 to 40"),
    "no game": (edited(lambda c, g: g.update(game="")), "has no game, or a control"),
    "an escape in the game": (
        edited(lambda c, g: g.update(game="wordle\x1b[2J")),
        "has no game, or a control character in it: 'wordle\\x1b[2J'",
    ),
    "a game none plays": (
        edited(lambda c, g: g.update(game="wordle x1")),
        "has a game no lenwordle plays: 'wordle x1'",
    ),
    "a language none plays": (
        edited(lambda c, g: g.update(lang="xx")),
        "has a language no lenwordle plays: 'xx'",
    ),
    "an escape in a record": (
        edited(lambda c, g: g["record"].update(secrets=["COMBO\x9b2J"])),
        "has a record with a control character in a text",
    ),
    "on its day, finished two days after": (
        edited(lambda c, g: g.update(finished="2026-03-12T00:00:00+00:00")),
        "is on its own day, but was finished neither then nor the day after",
    ),
    "on its day, finished the day before": (
        edited(lambda c, g: g.update(finished="2026-03-09T23:59:59+00:00")),
        "is on its own day, but was finished neither then nor the day after",
    ),
    "version 1.0": (edited(lambda c, g: c.update(version=1.0)), "of format version 1.0"),
    "record a list": (edited(lambda c, g: g.update(record=[])), "record that is not an object"),
    "record empty": (edited(lambda c, g: g.update(record={})), "has a record with no options"),
    "record nested 11 deep": (
        edited(lambda c, g: g["record"]["options"].update(variant=nested(10))),
        "has a record nested deeper than 10",
    ),
    "record nested 970 deep": (  # (written as text: json.dumps would exhaust the stack)
        edited(lambda c, g: g["record"].update(deep="@@")).replace(
            b'"@@"', b"[" * 970 + b"]" * 970
        ),
        "has a record nested deeper than 10",
    ),
    "record too large": (
        edited(lambda c, g: g["record"].update(secrets=["x" * 256 * 1024])),
        "has a record larger than 256 KiB",
    ),
    "record field unknown": (
        edited(lambda c, g: g["record"].update(deep=1)),
        "has a record with a field no game has: 'deep'",
    ),
    "record options unknown": (
        edited(lambda c, g: g["record"]["options"].update(words="x")),
        "has a record's options with a field no game has: 'words'",
    ),
    "record without boards": (
        edited(lambda c, g: g["record"]["options"].pop("boards")),
        "has a record's options with no boards",
    ),
    "record boards true": (
        edited(lambda c, g: g["record"]["options"].update(boards=True)),
        "has a record's options whose boards is not a whole number",
    ),
    "record guesses not texts": (
        edited(lambda c, g: g["record"]["guesses"].__setitem__(0, 5)),
        "has a record whose guesses are not each a text",
    ),
    "record a reply short of a board": (
        edited(lambda c, g: g["record"]["replies"].__setitem__(0, [])),
        "has a record whose replies are not a list",
    ),
    "record a guess without reply": (
        edited(lambda c, g: g["record"]["guesses"].append("slate")),
        "has a record whose replies are not a list",
    ),
    "record of another length": (
        edited(lambda c, g: g["record"]["options"].update(length=6)),
        "has a record of another length or language than its own",
    ),
    "one past the limit": (edited(lambda c, g: g.update(guesses=7)), "guesses out of 0 to"),
    "no limit": (
        edited(lambda c, g: g.update(guesses=0, won=False, max_guesses=0)),
        "has a max_guesses out of 1 to 2097152",
    ),
    "max_guesses one past its limit": (
        edited(lambda c, g: g.update(max_guesses=2**21 + 1)),
        "has a max_guesses out of 1 to 2097152",
    ),
    "max_guesses 2**63": (
        edited(lambda c, g: g.update(max_guesses=2**63, guesses=2**63 - 1)),
        "has a max_guesses out of 1 to 2097152",
    ),
    "won in none": (edited(lambda c, g: g.update(guesses=0)), "won in no guess"),
    "hints below 0": (edited(lambda c, g: g.update(hints=-1)), "hints out of 0 to its"),
    "hints past the limit": (edited(lambda c, g: g.update(hints=7)), "hints out of 0 to its"),
    "finished in year 1 before UTC's": (
        edited(lambda c, g: g.update(finished="0001-01-01T00:00:00+14:00")),
        "has a finished time not ISO 8601 with its offset from UTC (years 1 to 9999)",
    ),
    "finished in year 9999 past UTC's": (
        edited(lambda c, g: g.update(finished="9999-12-31T23:59:59-14:00")),
        "has a finished time not ISO 8601",
    ),
    "finished in 2030": (
        edited(lambda c, g: g.update(finished="2030-01-01T00:00:00+00:00")),
        "has a finished time after today's: 2030-01-01T00:00:00+00:00",
    ),
    "finished a day and an hour from now": (
        edited(
            lambda c, g: g.update(
                finished=(SOON + datetime.timedelta(hours=2)).isoformat(timespec="seconds"),
                on_day=False,
            )
        ),
        "has a finished time after today's",
    ),
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
        "finished time not ISO 8601",
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


def test_a_file_with_a_byte_order_mark_a_game_of_boards_and_one_finished_the_day_after(
    tmp_path,
):
    after = "2026-03-11T23:59:59+00:00"  # (on its day: opened the 10th, finished the 11th)
    data = edited(lambda c, g: g.update(game="wordle x2 sutom", finished=after))
    assert import_statistics(b"\xef\xbb\xbf" + data, tmp_path).added == 1


def test_a_game_finished_within_a_day_from_now_is_taken(tmp_path):
    when = SOON.isoformat(timespec="seconds")
    later = edited(lambda c, g: g.update(finished=when, on_day=False))  # (played late)
    merged = import_statistics(later, tmp_path)
    assert merged.added == 1


def test_a_record_nested_ten_deep_is_no_deeper_than_the_limit():
    assert record_problem(RECORD) is None
    at_limit = copy.deepcopy(RECORD) | {"guesses": nested(9)}  # (the record 1, its list 2)
    assert "nested deeper" not in (record_problem(at_limit) or "")
    assert record_problem(RECORD | {"guesses": nested(10)}) == "has a record nested deeper than 10"


def test_a_bad_record_kept_is_one_line_for_the_review_the_export_and_the_page(tmp_path):
    play(tmp_path, seed=1)
    with sqlite3.connect(tmp_path / FILE_NAME) as connection:  # the last game, its record bad
        connection.execute(
            "UPDATE games SET record = ?, finished = '2030-01-01T00:00:00+00:00'",
            ('{"deep": ' + "[" * 970 + "]" * 970 + "}",),
        )
    connection.close()
    review = run_in_process("practice", "--review", "--data-dir", str(tmp_path))
    said = one_line_error(review, 1)
    assert "is not a lenwordle statistics database (a game of it has a record" in said
    with pytest.raises(StatsError) as raised:
        statistics_file(tmp_path)
    assert raised.value.problem is Problem.DAMAGED
    with sqlite3.connect(tmp_path / FILE_NAME) as connection:
        connection.execute("UPDATE games SET record = '{}'")
    connection.close()
    review = run_in_process("practice", "--review", "--data-dir", str(tmp_path))
    assert "a game of it has a record with no options" in one_line_error(review, 1)


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
        f"error: {bad}: game 1 was won in no guess, or has hints out of 0 to its max_guesses; "
        "nothing was imported"
    )
    assert (away / FILE_NAME).read_bytes() == before
    result = run_in_process("practice", "--import-stats", str(tmp_path / "none.json"))
    assert "none.json: cannot be read" in one_line_error(result, 1)


@pytest.mark.parametrize("name", [FILE_NAME, f"{FILE_NAME}-journal", f"{FILE_NAME}-wal"])
def test_the_export_never_writes_over_the_database(tmp_path, name):
    home = tmp_path / "home"
    play(home, seed=1)
    before = (home / FILE_NAME).read_bytes()
    target = tmp_path / "elsewhere" / ".." / "home" / name  # (the same file, named otherwise)
    (tmp_path / "elsewhere").mkdir()
    with pytest.raises(StatsFileError) as raised:
        export_statistics(target, home)
    assert str(raised.value) == f"{target} is the statistics database itself: give another file"
    assert (home / FILE_NAME).read_bytes() == before
    assert statistics(home)[0].played == 1
    result = run_in_process("practice", "--export-stats", str(target), "--data-dir", str(home))
    assert "is the statistics database itself" in one_line_error(result, 1)
    assert (home / FILE_NAME).read_bytes() == before


def test_the_export_never_replaces_another_sqlite_database(tmp_path):
    home, other = tmp_path / "home", tmp_path / "other"
    play(home, seed=1)
    play(other, seed=2)
    target = other / FILE_NAME  # another player's statistics
    before = target.read_bytes()
    with pytest.raises(StatsFileError, match="is an SQLite database: it is not replaced"):
        export_statistics(target, home)
    assert target.read_bytes() == before
    link = tmp_path / "link.sqlite3"
    link.hardlink_to(home / FILE_NAME)  # the database under another name
    with pytest.raises(StatsFileError, match="the statistics database itself"):
        export_statistics(link, home)
    almost = tmp_path / "almost.json"
    almost.write_bytes(b"SQLite format 3")  # (its header short of its last byte: replaced)
    assert export_statistics(almost, home) == 1


def file_of(*changes):
    """Return a statistics file of the good file's game, once changed by each change."""
    content = good_file()
    (game,) = content["games"]
    content["games"] = [game | change for change in changes]
    return json.dumps(content).encode()


def test_merging_either_way_gives_the_same_figures(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    late = {"on_day": False, "won": False, "finished": "2026-03-12T10:00:00+00:00"}
    on_day = {"on_day": True, "won": True, "finished": "2026-03-10T20:00:00+00:00"}
    tie = {"puzzle": "daily 2026-03-11", "finished": "2026-03-11T10:00:00+00:00"}
    low, high = "00000000-0000-4000-8000-000000000001", "f0000000-0000-4000-8000-000000000001"
    import_statistics(file_of(late | {"id": "1" + low[1:]}, tie | {"id": high}), a)
    import_statistics(file_of(on_day | {"id": "2" + low[1:]}, tie | {"id": low, "won": False}), b)
    export_statistics(tmp_path / "a.json", a)
    export_statistics(tmp_path / "b.json", b)
    assert import_statistics(tmp_path / "b.json", a) == Merged(added=2, known=0, uncounted=0)
    assert import_statistics(tmp_path / "a.json", b) == Merged(added=2, known=0, uncounted=2)
    day = datetime.date(2026, 3, 11)
    (figures,) = Stats(a / FILE_NAME).standings(today=day)
    assert Stats(b / FILE_NAME).standings(today=day) == [figures]
    # the 10th: the game on its day (won), not the late one; the 11th: the lowest id (lost)
    assert (figures.played, figures.won, figures.best_streak) == (2, 1, 1)
    for side in (a, b):
        counted = {(g["puzzle"], g["id"]) for g in statistics_file(side)["games"] if g["counted"]}
        assert counted == {("daily 2026-03-10", "2" + low[1:]), ("daily 2026-03-11", low)}
