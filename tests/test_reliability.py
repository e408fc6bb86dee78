"""Bad input, interruptions and shared work: clear one-line errors, intact files, same results."""

import builtins
import contextlib
import errno
import io
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from helpers import bench_words, invoke, one_line_error, run_in_process

from lenwordle.api.setup import Settings
from lenwordle.engine import partitions
from lenwordle.engine.boards import Boards
from lenwordle.engine.feedback import reply_for
from lenwordle.engine.metrics import entropy
from lenwordle.engine.workers import WorkerError, fork_map
from lenwordle.games.session import Session
from lenwordle.store import precompute, starters
from lenwordle.words.wordlist import WordListError


@pytest.mark.parametrize("k", ["0", "1", "-1", "-7", "33", "41"])
def test_lengths_without_words(k):
    message = one_line_error(invoke("play", "-k", k, input_text=""))
    assert "length" in message


@pytest.mark.parametrize("value", ["0", "-5", "100.5", "1000"])
def test_shortlist_outside_0_100(value):
    assert "--shortlist" in one_line_error(invoke("bench", "--limit", "1", "--shortlist", value))


@pytest.mark.parametrize(
    "content, message",
    [
        (b"", "empty"),
        (b"\x89PNG\r\n\x1a\n\x00\x00", "binary"),
        (b"\xff\xfe c\x00a\x00", "not UTF-8"),
        (b"cat\ndog\nelephant\n", "no words of length 5"),
    ],
)
def test_bad_word_files(tmp_path, content, message):
    path = tmp_path / "w.txt"
    path.write_bytes(content)
    for option in ("--words", "--answers"):
        assert message in one_line_error(invoke("solve", "crane", option, str(path)))


def test_a_directory_and_a_missing_file(tmp_path):
    assert "directory" in one_line_error(invoke("play", "--words", str(tmp_path), input_text=""))
    assert "no such file" in one_line_error(invoke("bench", "--targets", str(tmp_path / "x")))


def test_an_unreadable_file(tmp_path, monkeypatch):
    """Permission denied, raised by a monkeypatch (a test run as root can read any file)."""
    path = tmp_path / "w.txt"
    path.write_text("crane\n")
    real_open = io.open

    def open_denied(file, *args, **kwargs):
        if str(file) == str(path):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(file))
        return real_open(file, *args, **kwargs)

    real_os_open = os.open

    def os_open_denied(file, *args, **kwargs):  # word files are opened by os.open
        if str(file) == str(path):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(file))
        return real_os_open(file, *args, **kwargs)

    monkeypatch.setattr(io, "open", open_denied)
    monkeypatch.setattr(builtins, "open", open_denied)
    monkeypatch.setattr(os, "open", os_open_denied)
    for command in [
        ("solve", "crane", "--words"),
        ("solve", "crane", "--answers"),
        ("bench", "--targets"),
        ("bench", "--limit", "1", "--accepted"),
    ]:
        message = one_line_error(invoke(*command, str(path)))
        assert message == f"error: {path}: cannot read (Permission denied)"


def test_messy_lines_are_skipped_with_a_warning_naming_file_and_line(tmp_path):
    path = tmp_path / "w.txt"
    path.write_text("crane\nsl4te\ncaf\u00e9s\nre-act\nslate\ntrace\ncrate\nstare\n", "utf-8")
    result = run_in_process("solve", "crane", "--words", str(path), "--json")
    assert result.returncode == 0
    warnings = [line for line in result.stderr.splitlines() if line.startswith("warning")]
    assert warnings == [
        f"warning: {path}:2: 'sl4te' is not letters a-z; skipped",
        f"warning: {path}:3: 'cafés' is not letters a-z; skipped",
        f"warning: {path}:4: 're-act' is not letters a-z; skipped",
    ]
    assert json.loads(result.stdout)["solved"]


def test_a_million_line_word_file(tmp_path):
    path = tmp_path / "big.txt"
    letters = "abcdefghijklmnopqrstuvwxyz"
    words = [
        a + b + c + d + "s" for a in letters for b in letters for c in letters for d in letters[:3]
    ]
    path.write_text("\n".join((words * 20)[:1_000_000]))
    result = run_in_process(
        "bench", "--words", str(path), "--targets", str(path), "--limit", "3", "--json"
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["games"] == 3


@pytest.mark.process
def test_closed_stdout_ends_quietly():
    # 10 games are enough: the output is the same few lines, written after the last game,
    # and they are still played by two workers
    proc = subprocess.run(
        f"{sys.executable} -m lenwordle bench --limit 10 | head -1",
        shell=True,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.stdout.startswith("games 10 ")
    assert "Traceback" not in proc.stderr and "Exception" not in proc.stderr


def test_a_starter_file_edited_by_hand_is_detected(tmp_path):
    shutil.copy(starters.default_dir() / "05.json", tmp_path / "05.json")
    record = json.loads((tmp_path / "05.json").read_text())
    record["openers"][0]["word"] = "zymic"
    (tmp_path / "05.json").write_text(json.dumps(record))
    result = run_in_process("solve", "crane", "--starters", str(tmp_path))
    assert "edited by hand" in result.stderr and result.returncode == 0
    truncated = (starters.default_dir() / "05.json").read_bytes()[:100]
    (tmp_path / "05.json").write_bytes(truncated)
    assert "is corrupt" in run_in_process("starters", "--starters", str(tmp_path)).stderr


# Runs `lenwordle precompute-starters` (argv[3:]) in a real process that signals itself with
# argv[2] at a chosen moment (argv[1]): "computing" says so on stderr once the first length
# starts (the test then signals it); "writing" signals itself 200 characters into the first
# file it writes in the --out folder, whatever opened the file.
SIGNAL_AT = """
import builtins, io, os, signal, sys
signal.signal(signal.SIGINT, signal.default_int_handler)  # even if started ignoring it
moment, sig, args = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
out = os.path.realpath(args[args.index("--out") + 1])
from lenwordle.cli import app as cli
from lenwordle.store import starters
if moment == "computing":
    compute = starters.compute
    def announced(*a, **kw):
        print("computing", file=sys.stderr, flush=True)
        return compute(*a, **kw)
    starters.compute = announced

class SignalAfter200:  # writes the first 200 characters, then signals itself
    def __init__(self, f):
        self.f, self.left = f, 200
    def write(self, data):
        if len(data) < self.left:
            self.left -= len(data)
            return self.f.write(data)
        self.f.write(data[:self.left])
        self.f.flush()
        os.kill(os.getpid(), sig)
        return self.f.write(data[self.left:])
    def __getattr__(self, name):
        return getattr(self.f, name)
    def __enter__(self):
        return self
    def __exit__(self, *exc):
        return self.f.__exit__(*exc)

real_open = io.open
def open_in_out(file, mode="r", *a, **kw):
    f = real_open(file, mode, *a, **kw)
    name = f"/proc/self/fd/{file}" if isinstance(file, int) else file
    if moment == "writing" and set(mode) & set("wax+") and (
            os.path.dirname(os.path.realpath(name)) == out):
        return SignalAfter200(f)
    return f
io.open = builtins.open = open_in_out
sys.argv = ["lenwordle", "precompute-starters", *args]
cli.main()
"""


@pytest.mark.process
@pytest.mark.parametrize("moment", ["computing", "writing"])
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM, signal.SIGKILL])
def test_killing_precompute_starters_keeps_the_old_files(tmp_path, sig, moment):
    out = tmp_path / "starters"
    shutil.copytree(starters.default_dir(), out)
    before = {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()}
    # computing: all lengths 6-9 exactly (long; killed first); writing: two quick lengths
    lengths, shortlist = ("6-9", 100) if moment == "computing" else ("4-5", 3)
    proc = subprocess.Popen(
        [
            sys.executable,
            "-c",
            SIGNAL_AT,
            moment,
            str(int(sig)),
            "--out",
            str(out),
            "--lengths",
            lengths,
            "--shortlist",
            str(shortlist),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        if moment == "computing":
            assert proc.stderr.readline() == "computing\n"
            time.sleep(0.5)
            proc.send_signal(sig)
        _, err = proc.communicate(timeout=120)
    finally:
        with contextlib.suppress(ProcessLookupError):  # its workers too
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == (-sig if sig == signal.SIGKILL else 128 + sig), err  # 130, 143
    assert "Traceback" not in err
    left = {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()}
    for name in before:  # each file is the old one, or a complete new one
        if left[name] != before[name]:
            assert starters.read(out, int(name[:2]))["made_from"]["shortlist"] == shortlist
    temp = sorted(set(left) - set(before))  # a write cut short leaves its temp file at most
    if sig == signal.SIGKILL and moment == "writing":
        assert len(temp) == 1 and temp[0].endswith(".tmp")
    else:
        assert temp == []  # (SIGINT, SIGTERM: removed on the way out)
    if moment == "computing":  # nothing is left in the way of the next run
        again = run_in_process(
            "precompute-starters", "--out", str(out), "--lengths", "6-9", "--shortlist", "3"
        )
        assert again.returncode == 0, again.stderr
        assert sorted(p.name for p in out.iterdir() if p.is_file()) == sorted(before)
        for k in range(6, 10):
            settings = Settings(k)
            assert starters.opener(out, settings.state(), settings.solver())


def test_two_workers_play_the_same_games_as_one(nyt, tmp_path):
    answers = tmp_path / "a.txt"
    answers.write_text("\n".join((nyt / "answers.txt").read_text().split()[:150]))
    settings = Settings(5, nyt / "guesses.txt", answers)
    targets = answers.read_text().split()
    one = bench_words(settings.solver(), settings.state(), targets, workers=1)
    two = bench_words(settings.solver(), settings.state(), targets, workers=2)
    assert one.guesses == two.guesses and list(two.guesses) == targets


def test_precompute_with_two_workers_writes_the_same_files(tmp_path):
    """5 lengths with two workers give whole lengths to the workers (more than 2 x workers:
    the exact-pass split is tested below); the short ones are quick."""
    a, b = tmp_path / "a", tmp_path / "b"
    fast = ("--shortlist", "3", "--lengths", "2-6")
    assert (
        run_in_process("precompute-starters", "--out", str(a), "--workers", "1", *fast).returncode
        == 0
    )
    assert (
        run_in_process("precompute-starters", "--out", str(b), "--workers", "2", *fast).returncode
        == 0
    )
    for k in range(2, 7):
        assert (a / f"{k:02d}.json").read_text() == (b / f"{k:02d}.json").read_text()


def test_a_length_that_fails_in_a_worker_is_one_line_and_the_others_are_written(tmp_path):
    # the word file has no 4-letter word: only reading it, in the worker, can tell
    words = tmp_path / "words.txt"
    words.write_text("at\nby\nox\ncat\ndog\nemu\ncrane\nslate\ntrace\nplanet\nsilver\n")
    out = tmp_path / "out"
    result = run_in_process(
        "precompute-starters",
        "--lengths",
        "2-6",
        "--words",
        str(words),
        "--out",
        str(out),
        "--workers",
        "2",
        "--shortlist",
        "3",
    )
    assert "no words of length 4" in one_line_error(result)
    assert sorted(p.name for p in out.iterdir()) == ["02.json", "03.json", "05.json", "06.json"]


@pytest.mark.parametrize(
    "lengths, message",
    [
        ("1-6", "a word has at least 2 letters"),
        ("32-33", "the bundled dictionary has no words of 33 letters"),
    ],
)
def test_lengths_that_cannot_be_played_are_refused_before_any_work(tmp_path, lengths, message):
    result = run_in_process(
        "precompute-starters",
        "--lengths",
        lengths,
        "--out",
        str(tmp_path / "out"),
        "--shortlist",
        "3",
    )
    assert message in one_line_error(result)
    assert not (tmp_path / "out").exists()


@pytest.mark.process
def test_precompute_into_a_closed_pipe_still_writes_every_file(tmp_path):
    proc = subprocess.run(
        f"{sys.executable} -m lenwordle precompute-starters --lengths 4-7 "
        f"--shortlist 3 --out {tmp_path} | head -1",
        shell=True,
        capture_output=True,
        text=True,
    )
    assert proc.stdout.startswith(" 4 letters") and "Traceback" not in proc.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "04.json",
        "05.json",
        "06.json",
        "07.json",
    ]


def test_precompute_into_a_file_instead_of_a_folder(tmp_path):
    target = tmp_path / "file"
    target.write_text("x")
    result = run_in_process(
        "precompute-starters", "--lengths", "4", "--shortlist", "3", "--out", str(target)
    )
    assert "cannot write" in one_line_error(result)


@pytest.mark.parametrize("umask, mode", [(0o022, 0o644), (0o077, 0o600)])
def test_starter_files_are_readable_by_others_as_the_umask_allows(tmp_path, umask, mode):
    record = starters.read(starters.default_dir(), 4)
    old = os.umask(umask)
    try:
        path = starters.write(tmp_path, record)
    finally:
        os.umask(old)  # the umask is the whole process's: leave it as it was
    assert path.stat().st_mode & 0o777 == mode
    assert starters.read(tmp_path, 4) == record


@pytest.mark.parametrize(
    "edit",
    [
        {"made_from": []},
        {"made_from": {"shortlist": "all"}},
        {"made_from": {"shortlist": float("nan")}},
        {"openers": [{"word": "teas", "entropy": "x"}]},
    ],
)
def test_starter_files_with_wrong_types_are_corrupt(tmp_path, edit):
    record = json.loads((starters.default_dir() / "04.json").read_text())
    record.update(edit)
    record["checksum"] = starters.checksum(record["openers"], record["made_from"])
    (tmp_path / "04.json").write_text(json.dumps(record))
    result = invoke("starters", "-k", "4", "--starters", str(tmp_path))
    assert "corrupt" in one_line_error(result)


@pytest.mark.parametrize("strategy", ["expected-guesses", "entropy", "frequency", "lookahead"])
def test_precompute_for_each_strategy_stores_what_the_strategy_plays(nyt, tmp_path, strategy):
    words = tmp_path / "w.txt"
    words.write_text("\n".join((nyt / "answers.txt").read_text().split()[:300]))
    result = run_in_process(
        "precompute-starters",
        "--lengths",
        "5",
        "--words",
        str(words),
        "--strategy",
        strategy,
        "--out",
        str(tmp_path / "s"),
    )
    assert result.returncode == 0, result.stderr
    settings = Settings(5, words, strategy=strategy)
    state, solver = settings.state(), settings.solver()
    record = starters.read(tmp_path / "s", 5)
    assert record["openers"][0]["word"] == solver.choose(state)
    assert starters.opener(tmp_path / "s", state, solver)[0] == record["openers"][0]["word"]


@pytest.mark.process
def test_closed_stdin_is_end_of_input():
    proc = subprocess.run(
        [sys.executable, "-m", "lenwordle", "play"],
        capture_output=True,
        text=True,
        preexec_fn=lambda: os.close(0),
        timeout=120,
    )
    assert (
        proc.returncode == 1 and "end of input" in proc.stderr and "Traceback" not in proc.stderr
    )


def test_start_word_of_the_wrong_shape_and_messy_targets(tmp_path):
    result = invoke("play", "--start", "qw1zx", input_text="")
    assert "not a word of 5 letters" in one_line_error(result)
    targets = tmp_path / "t.txt"
    targets.write_text("crane\nsl4te\n")
    result = run_in_process("bench", "--targets", str(targets), "--json")
    assert f"warning: {targets}:2: 'sl4te' is not letters a-z; skipped" in result.stderr
    assert json.loads(result.stdout)["games"] == 1


def test_worker_errors_come_back_as_one_message_and_leave_no_process():
    def work(n, tick):
        if n == 3:
            raise ValueError("three is bad")
        tick(1)
        return n * 2

    before = _children()  # (another test's may live on: multiprocessing's resource tracker)
    assert fork_map(work, [1, 2], 2) == [2, 4]
    with pytest.raises(WorkerError, match="three is bad"):
        fork_map(work, [1, 2, 3, 4], 2)
    assert _children() <= before  # every worker was reaped: none left, not even a zombie


def _children() -> set[int]:
    """Return the pids of this process's children, running or zombie (from /proc)."""
    found = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == os.getpid():
                found.add(int(entry))
    return found


def test_an_exact_pass_shared_between_workers_gives_the_same_scores(monkeypatch):
    state = Settings(5).state()
    guesses = state.allowed.codes[:300]
    one = partitions.partition_values(guesses, state.candidates, entropy)
    monkeypatch.setattr(partitions, "PARALLEL_PAIRS", 1)
    ticks = []
    two = partitions.partition_values(
        guesses,
        state.candidates,
        entropy,
        lambda done, total: ticks.append((done, total)),
        workers=2,
    )
    assert np.array_equal(one, two)
    assert ticks[-1] == (300, 300)


def test_the_undo_stack_does_not_keep_the_candidate_tables():
    settings = Settings(5)
    session = Session(settings.solver(), Boards.new(settings.state()))
    first = session.guess
    session.handle("")  # skip: the old state goes on the undo stack
    session.handle(reply_for(session.guess, "crane"))
    kept = [state for position, _ in session.past for state in position.states]
    assert len(kept) == 2 and all("candidates" not in state.__dict__ for state in kept)
    session.handle("undo")
    session.handle("undo")
    assert session.guess == first and session.position.board(0).history == ()


def test_a_length_whose_word_list_is_missing_is_still_one_line(monkeypatch):
    def missing():
        raise WordListError("no bundled word lists")

    monkeypatch.setattr(precompute, "wordlist_dir", missing)
    assert precompute.estimated_work(Settings(5)) == 0  # the job itself says it, in one line


def test_hard_mode_with_few_words_chooses_its_own_opener(tmp_path, nyt):
    words = tmp_path / "w.txt"
    words.write_text("\n".join((nyt / "answers.txt").read_text().split()[:200]))
    normal, hard = Settings(5, words), Settings(5, words, hard=True)
    starters.write(tmp_path, starters.compute(normal.state(), normal.solver()))
    assert starters.opener(tmp_path, normal.state(), normal.solver())
    with pytest.raises(starters.StarterError, match="hard mode chooses its own opener"):
        starters.opener(tmp_path, hard.state(), hard.solver())
