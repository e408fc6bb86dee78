"""The statistics store (store/stats.py) under the hazards of a shared data directory: many
threads and processes writing and reading at once keep the file whole (only SQLite opens
it: a descriptor closed beside it would drop SQLite's locks), a damaged index is caught
(integrity_check, not quick_check), an error of the operation (a full disk, a read-only
file, a lock held) is named as what happened and never as a bad file, and odd files (a row
no game is, a FIFO) are told in one line."""

import multiprocessing
import os
import sqlite3
import threading
import time

import pytest
from helpers import kept_record

from lenwordle.store import stats as store
from lenwordle.store.stats import FILE_NAME, Finished, Problem, Stats, StatsError


def game(n=0, won=True, guesses=3, limit=6):
    return Finished(
        "wordle", "en", 5, f"seed {n}", won, guesses, limit, 0, kept_record(secrets=[f"N{n}"])
    )


def busy_household(path, seconds, writers=4, readers=2):
    """Record games from `writers` threads and read standings from `readers` for seconds;
    return the games acknowledged and the errors met."""
    acknowledged, errors = [0], []
    stop = time.monotonic() + seconds

    def write(player):
        n = 0
        while time.monotonic() < stop:
            try:
                Stats(path, writing=True).record(game(n), player=f"p{player}")
                acknowledged[0] += 1
            except StatsError as error:
                errors.append(str(error))
            n += 1

    def read():
        while time.monotonic() < stop:
            try:
                Stats(path).standings("p0")
                Stats(path).last("p1")
            except StatsError as error:
                errors.append(str(error))

    threads = [threading.Thread(target=write, args=(n,)) for n in range(writers)]
    threads += [threading.Thread(target=read) for _ in range(readers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return acknowledged[0], errors


def household_in_process(path, seconds, queue):
    queue.put(busy_household(path, seconds))


def test_threads_and_processes_sharing_a_file_keep_it_whole_and_every_game(tmp_path):
    # (before the fix, 8 s of this broke the file's index in 2 runs of 2: the header check
    # opened and closed the file beside SQLite's locks)
    path = tmp_path / FILE_NAME
    queue = multiprocessing.get_context("fork").Queue()
    others = [
        multiprocessing.get_context("fork").Process(
            target=household_in_process, args=(path, 6.0, queue)
        )
        for _ in range(2)
    ]
    for other in others:
        other.start()
    results = [queue.get(timeout=60) for _ in others]
    for other in others:
        other.join(timeout=30)
    acknowledged = sum(n for n, _ in results)
    assert [errors for _, errors in results] == [[], []]
    connection = sqlite3.connect(path)
    assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    assert connection.execute("SELECT count(*) FROM games").fetchone()[0] == acknowledged > 100
    connection.close()


def test_nothing_but_sqlite_opens_the_database(tmp_path, monkeypatch):
    import builtins
    import io

    path = tmp_path / FILE_NAME
    Stats(path).record(game())
    opened = []

    def watching(real):
        def watched(name, *args, **kwargs):
            opened.append(os.fspath(name) if isinstance(name, (str, os.PathLike)) else name)
            return real(name, *args, **kwargs)

        return watched

    for module, name in ((builtins, "open"), (io, "open"), (os, "open")):
        monkeypatch.setattr(module, name, watching(getattr(module, name)))
    Stats(path, writing=True).record(game(1))
    Stats(path).standings()
    Stats(path).last()
    assert str(path) not in opened
    monkeypatch.undo()
    assert Stats(path).standings()[0].played == 2


def with_index_behind(path):
    """Write a file whose index misses its last row (the damage the race made): the index's
    page of three games beside the table of four."""
    stats = Stats(path)
    for n in range(3):
        stats.record(game(n))
    before = path.read_bytes()
    stats.record(game(3))
    connection = sqlite3.connect(path)
    size = connection.execute("PRAGMA page_size").fetchone()[0]
    (root,) = connection.execute(
        "SELECT rootpage FROM sqlite_master WHERE type = 'index'"
    ).fetchone()
    connection.close()
    after = bytearray(path.read_bytes())
    start = (root - 1) * size
    after[start : start + size] = before[start : start + size]
    path.write_bytes(bytes(after))


def test_a_damaged_index_is_caught_and_the_file_left_as_it_is(tmp_path):
    path = tmp_path / FILE_NAME
    with_index_behind(path)
    connection = sqlite3.connect(path)
    assert connection.execute("PRAGMA quick_check").fetchone() == ("ok",)  # (it misses this)
    connection.close()
    before = path.read_bytes()
    for use in (lambda: Stats(path), lambda: Stats(path).record(game())):
        with pytest.raises(StatsError, match="it is damaged") as raised:
            use()
        assert raised.value.problem is Problem.DAMAGED and raised.value.path == path
    assert path.read_bytes() == before


def full_after(pages):
    """Return a connect() whose files may grow by `pages` pages at most (SQLite's own
    limit: its errors are those of a full disk, SQLITE_FULL)."""
    real = store.connect

    def connect(path):
        connection = real(path)
        count = connection.execute("PRAGMA page_count").fetchone()[0]
        connection.execute(f"PRAGMA max_page_count = {max(count, 1) + pages}")
        return connection

    return connect


def test_a_full_disk_is_told_as_a_full_disk_and_loses_no_game_kept(tmp_path, monkeypatch):
    path = tmp_path / FILE_NAME
    Stats(path).record(game())
    monkeypatch.setattr(store, "connect", full_after(0))
    big = Finished("wordle", "en", 5, "seed 1", True, 3, 6, 0, kept_record(secrets=["x" * 20000]))
    with pytest.raises(StatsError) as raised:
        Stats(path).record(big)
    message = str(raised.value)
    assert raised.value.problem is Problem.FULL and "the disk is full" in message
    assert "not a lenwordle statistics database" not in message and "rollback" not in message
    monkeypatch.undo()
    assert Stats(path).standings()[0].played == 1  # the file as it was, whole


def read_only(path):
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None)


def test_a_read_only_file_is_told_before_the_game_and_still_read(tmp_path, monkeypatch):
    path = tmp_path / FILE_NAME
    Stats(path).record(game())
    monkeypatch.setattr(store, "connect", read_only)  # (as root, a mode of 0444 is no bar)
    with pytest.raises(StatsError, match="is read-only") as raised:
        Stats(path, writing=True)  # (a game's start: told before it is played)
    assert raised.value.problem is Problem.READ_ONLY
    assert Stats(path).standings()[0].played == 1  # --stats reads it
    with pytest.raises(StatsError, match="is read-only"):
        Stats(path).record(game(1))


def test_a_lock_held_past_the_wait_is_told_as_a_lock(tmp_path, monkeypatch):
    path = tmp_path / FILE_NAME
    Stats(path).record(game())
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    monkeypatch.setattr(store, "BUSY_SECONDS", 0.2)
    try:
        with pytest.raises(StatsError, match="is locked by another program") as raised:
            Stats(path).record(game(1))
        assert raised.value.problem is Problem.LOCKED
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    Stats(path).record(game(1))
    assert Stats(path).standings()[0].played == 2


@pytest.mark.parametrize(
    "row",
    [
        "won = 1, guesses = 7",  # won in more guesses than its limit of 6 (an IndexError before)
        "won = 1, guesses = 0",  # won in none (it counted in the distribution's last column)
        "won = 0, guesses = -1",  # (a lost game's count below 0)
        "guesses = 'three'",
        "max_guesses = 0, guesses = 0",
        "record = '{not json'",
        "record = '[]'",  # (JSON, but no game's record: a review would fail on it)
        "hints = -1",
    ],
)
def test_a_row_no_game_is_makes_the_file_damaged_not_a_crash(tmp_path, row):
    path = tmp_path / FILE_NAME
    Stats(path).record(game())
    Stats(path).record(game(1))
    connection = sqlite3.connect(path)
    connection.execute(f"UPDATE games SET {row} WHERE id = 2")
    connection.commit()
    connection.close()
    for read in (Stats(path).standings, Stats(path).last):
        with pytest.raises(StatsError, match=r"its row 2 is no game lenwordle keeps") as raised:
            read()
        assert raised.value.problem is Problem.DAMAGED


def test_a_game_won_at_its_limit_and_none_past_it_is_counted(tmp_path):
    stats = Stats(tmp_path / FILE_NAME)
    stats.record(game(won=True, guesses=6, limit=6))  # exactly at the limit: counted
    stats.record(game(won=False, guesses=6, limit=6))
    assert stats.standings()[0].distribution == (0, 0, 0, 0, 0, 1)


@pytest.mark.parametrize("kind", ["fifo", "folder"])
def test_a_fifo_or_folder_in_the_files_place_is_told_at_once(tmp_path, kind):
    path = tmp_path / FILE_NAME
    os.mkfifo(path) if kind == "fifo" else path.mkdir()
    started = time.monotonic()
    for use in (lambda: Stats(path), lambda: Stats(path, writing=True)):
        with pytest.raises(StatsError, match="is not a file") as raised:
            use()
        assert raised.value.problem is Problem.NOT_A_FILE
    assert time.monotonic() - started < 5  # (a FIFO opened for reading would hang)


def test_two_processes_making_the_file_at_once_agree_on_it(tmp_path):
    path = tmp_path / FILE_NAME
    start = multiprocessing.get_context("fork").Barrier(4)
    errors = multiprocessing.get_context("fork").Queue()

    def make():
        start.wait()
        try:
            Stats(path).record(game())
        except StatsError as error:
            errors.put(str(error))

    makers = [multiprocessing.get_context("fork").Process(target=make) for _ in range(4)]
    for maker in makers:
        maker.start()
    for maker in makers:
        maker.join(timeout=30)
    assert [maker.exitcode for maker in makers] == [0] * 4 and errors.empty()
    assert Stats(path).standings()[0].played == 4
