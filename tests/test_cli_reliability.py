"""Output that cannot be written, consoles without the tiles, options checked before any work,
bench figures over solved games, and what play says back to a line it cannot use."""

import errno
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import run, run_in_process
from typer.testing import CliRunner

from lenwordle.api import checks
from lenwordle.api.setup import Settings
from lenwordle.cli import app as cli
from lenwordle.engine.boards import share_grid
from lenwordle.engine.feedback import reply_for
from lenwordle.games import bench
from lenwordle.games import play as play_module
from lenwordle.games.play import play
from lenwordle.store import starters
from lenwordle.words import files
from lenwordle.words.wordlist import bundled

GUESS = re.compile(r"> ([A-Z]+) \((\d+) words?\)")


def invoke(*args, input=None):
    """Run a command in this process (fast); return the click Result."""
    return CliRunner().invoke(cli.app, [str(a) for a in args], input=input)


def one_error(result, code=2) -> str:
    """Return the one `error:` line of a refused command, after checking there is only it."""
    assert result.exit_code == code, (
        result.exit_code,
        result.stdout,
        result.stderr,
        result.exception,
    )
    lines = result.stderr.splitlines()
    assert [line for line in lines if line.startswith("error:")] == lines[-1:], result.stderr
    assert "Traceback" not in result.stderr
    return lines[-1]


@pytest.fixture
def no_work(monkeypatch):
    """Fail the test if a command reads a word list or computes starters."""
    done = []

    def spy(name):
        def refuse(*args, **kwargs):
            done.append(name)
            raise AssertionError(f"{name} ran before the options were checked")

        return refuse

    monkeypatch.setattr(Settings, "allowed", spy("reading the word list"))
    monkeypatch.setattr(starters, "compute", spy("computing starters"))
    yield done
    assert done == []


# 4. Output that cannot be written

FULL = Path("/dev/full")


def lenwordle(*args, stdout, input_text=None, env=None):
    """Run the real command with stdout going where asked; return (exit code, stderr)."""
    proc = subprocess.run(
        [sys.executable, "-m", "lenwordle", *args],
        stdout=stdout,
        stderr=subprocess.PIPE,
        input=input_text,
        text=True,
        timeout=300,
        env={**os.environ, **(env or {})},
    )
    return proc.returncode, proc.stderr


@pytest.mark.skipif(not FULL.exists(), reason="no /dev/full")
@pytest.mark.parametrize(
    "args",
    [
        ["solve", "crane"],
        ["solve", "crane", "--json"],
        ["score", "crane", "slate"],
        ["starters", "-k", "5"],
        ["--help"],
        ["play", "--start", "crane"],
    ],
)
def test_a_full_disk_is_one_line_and_exit_1(args):
    with FULL.open("w") as full:
        code, err = lenwordle(*args, stdout=full, input_text="ggggg\n")
    assert code == 1
    assert err == "error: cannot write output: No space left on device\n"


@pytest.mark.skipif(not FULL.exists(), reason="no /dev/full")
def test_bench_and_precompute_on_a_full_disk(tmp_path):
    targets = tmp_path / "t.txt"
    targets.write_text("crane\nslate\n")
    with FULL.open("w") as full:
        assert lenwordle("bench", "--targets", targets, stdout=full) == (
            1,
            "error: cannot write output: No space left on device\n",
        )
        out = tmp_path / "s"
        code, err = lenwordle(
            "precompute-starters", "--lengths", "4", "--shortlist", "3", "--out", out, stdout=full
        )
    assert (code, err) == (1, "error: cannot write output: No space left on device\n")
    assert starters.read(out, 4)  # the file was written before the report failed


@pytest.mark.process
def test_closed_stdout_is_one_line_and_exit_1():
    proc = subprocess.run(
        f"{sys.executable} -m lenwordle solve crane >&-",
        shell=True,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 1
    assert proc.stderr == "error: cannot write output: standard output is closed\n"


@pytest.mark.process
def test_a_reader_that_left_ends_quietly_with_exit_1():
    proc = subprocess.Popen(
        [sys.executable, "-m", "lenwordle", "solve", "crane"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    proc.stdout.close()  # before the command writes anything: its first write meets EPIPE
    _, err = proc.communicate(timeout=300)
    assert proc.returncode == 1 and err == b""


@pytest.mark.skipif(not FULL.exists(), reason="no /dev/full")
def test_a_failing_final_flush_is_caught(monkeypatch, capsys):
    def unflushed(**options):  # output left in the buffer: only the flush at the end can fail
        sys.stdout.write("partial output")
        raise SystemExit(0)

    monkeypatch.setattr(cli, "app", unflushed)
    monkeypatch.setattr(sys, "stdout", FULL.open("w"))
    with pytest.raises(SystemExit) as exit_:
        cli.main()
    assert exit_.value.code == 1
    assert capsys.readouterr().err == "error: cannot write output: No space left on device\n"


# 5. A console that cannot encode the tiles


@pytest.mark.process
@pytest.mark.parametrize("encoding", ["latin-1", "ascii"])
def test_solve_play_and_bench_fall_back_to_plain_marks(encoding, tmp_path):
    env = {"PYTHONIOENCODING": encoding}
    result = run("solve", "crane", env=env)
    assert result.returncode == 0, result.stderr
    *turns, last = result.stdout.splitlines()
    for line in turns:
        word, marks = line.split()
        assert marks == reply_for(word.lower(), "crane")
    assert last == f"Solved in {len(turns)} guesses."
    slate = reply_for("slate", "crane")
    played = run(
        "play",
        "--start",
        "crane",
        input_text=f"crane\ng.x..\nhelp\nslate {slate}\ncrane ggggg\n",
        env=env,
    )
    assert played.returncode == 0 and played.stderr == "", played.stderr
    assert "unknown feedback character 'x'; use g/y/. (or 2/1/0); try again" in played.stdout
    assert played.stdout.splitlines()[-3:] == ["lenwordle 2/6", slate, "ggggg"]
    targets = tmp_path / "t.txt"
    targets.write_text("crane\nslate\n")
    benched = run("bench", "--targets", targets, env=env)
    assert benched.returncode == 0 and "#" in benched.stdout and benched.stderr == ""


# 6. precompute-starters checks its folder first and says which files it wrote


def test_precompute_checks_the_folder_before_computing(tmp_path, monkeypatch, no_work):
    def read_only(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(files.tempfile, "mkstemp", read_only)
    message = one_error(
        invoke("precompute-starters", "--lengths", "4-11", "--out", tmp_path / "s")
    )
    assert message == f"error: cannot write {tmp_path / 's'}: Permission denied"


def test_precompute_into_a_folder_of_its_own_checks_every_option_first(tmp_path, no_work):
    # (--out spared the options their check: an unknown language was an internal error)
    out = tmp_path / "s"
    message = one_error(
        invoke("precompute-starters", "--lengths", "5", "--out", out, "--lang", "xx")
    )
    assert message.startswith("error: unknown language 'xx'; choose from en, es")
    assert not out.exists()


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write in a read-only folder")
def test_precompute_into_a_read_only_folder(tmp_path, no_work):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    message = one_error(invoke("precompute-starters", "--lengths", "4-11", "--out", folder))
    assert message == f"error: cannot write {folder}: Permission denied"


def test_a_disk_full_part_way_names_the_files_written_and_not(tmp_path, monkeypatch):
    real_write, calls = starters.write, []

    def second_fails(folder, record):
        calls.append(record["k"])
        if len(calls) == 2:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(folder, record)

    monkeypatch.setattr(starters, "write", second_fails)
    out = tmp_path / "s"
    result = invoke(
        "precompute-starters",
        "--lengths",
        "4-6",
        "--shortlist",
        "3",
        "--workers",
        "1",
        "--out",
        out,
    )
    assert calls == [4, 5, 6]  # a failed file does not stop the others
    assert one_error(result, 1) == (
        f"error: cannot write 05.json in {out} (No space left on "
        "device); written: 04.json, 06.json"
    )
    assert [line.split()[-4] for line in result.stdout.splitlines()] == [
        str(out / "04.json"),
        str(out / "06.json"),
    ]
    assert sorted(p.name for p in out.iterdir()) == ["04.json", "06.json"]


# 8. bench: targets in file order, figures over solved games only

# QXZZQ and ZZZZQ, no words, are played on past the dictionary and found in 7 and 8 guesses
# (tests/test_solve_beyond.py): with the cap of a game with no limit at 6, unsolvable
UNSOLVABLE_CAP = 6


def test_bench_limit_takes_the_first_targets_of_the_file(tmp_path, monkeypatch):
    monkeypatch.setattr(play_module, "MAX_TURNS", UNSOLVABLE_CAP)
    targets = (
        tmp_path / "t.txt"
    )  # the unsolvable words come first in the file, last alphabetically
    targets.write_text("zzzzq\nZZZZQ\nqxzzq\ncrane\nabbey\n")
    figures = json.loads(invoke("bench", "--targets", targets, "--limit", "2", "--json").stdout)
    assert figures["games"] == 2 and figures["unsolvable"] == ["qxzzq", "zzzzq"]
    figures = json.loads(invoke("bench", "--targets", targets, "--limit", "3", "--json").stdout)
    assert figures["games"] == 3 and figures["solved"] == 1 and len(figures["unsolvable"]) == 2


def test_bench_limit_takes_the_first_answers_of_the_answer_file(tmp_path, monkeypatch):
    answers = tmp_path / "a.txt"
    answers.write_text("trace\nslate\ncrane\nslate\nbrick\n")
    played = []
    real_run = bench.run

    def noting(solver, state, targets, *args):
        targets = list(targets)
        played.extend(target.answers[0] for target in targets)  # (one board: a word each)
        return real_run(solver, state, targets, *args)

    monkeypatch.setattr(bench, "run", noting)
    result = invoke("bench", "--answers", answers, "--limit", "3", "--workers", "1")
    assert result.exit_code == 0, result.stderr
    assert played == ["trace", "slate", "crane"]


def test_the_mean_counts_only_solved_games():
    result = bench.BenchResult({"crane": 3, "qxzzq": 0, "slate": 4, "zzzzq": 0})
    assert result.mean == 3.5 and result.max == 4
    figures = result.as_dict()
    assert figures["mean"] == 3.5 and figures["solved"] == 2 and figures["total_guesses"] == 7
    assert figures["unsolvable"] == ["qxzzq", "zzzzq"] and figures["failures"] == 2
    assert figures["histogram"] == {"1": 0, "2": 0, "3": 1, "4": 1}
    none = bench.BenchResult({"qxzzq": 0}).as_dict()
    assert none["mean"] is None and none["max"] is None and none["histogram"] == {}


def test_bench_mean_is_the_mean_of_the_solved_games_played_one_by_one(tmp_path, monkeypatch):
    monkeypatch.setattr(play_module, "MAX_TURNS", UNSOLVABLE_CAP)
    targets = tmp_path / "t.txt"
    targets.write_text("crane\nqxzzq\nslate\n")
    settings = Settings(5)
    state, solver = settings.state(), settings.solver()
    guesses = [len(play(solver, state, t).history) for t in ("crane", "slate")]
    figures = json.loads(invoke("bench", "--targets", targets, "--json").stdout)
    assert figures["mean"] == round(sum(guesses) / 2, 4) and figures["max"] == max(guesses)
    text = invoke("bench", "--targets", targets).stdout.splitlines()[0]
    assert text.startswith(
        f"games 3  mean {sum(guesses) / 2:.4f} over 2 solved (1 unsolvable "
        f"excluded)  max {max(guesses)}  failures 1"
    )


def test_bench_of_only_unsolvable_targets_has_no_mean(tmp_path, monkeypatch):
    monkeypatch.setattr(play_module, "MAX_TURNS", UNSOLVABLE_CAP)
    targets = tmp_path / "t.txt"
    targets.write_text("qxzzq\nzzzzq\n")
    figures = json.loads(invoke("bench", "--targets", targets, "--json").stdout)
    assert figures["mean"] is None and figures["max"] is None and figures["solved"] == 0
    text = invoke("bench", "--targets", targets).stdout
    assert text.startswith(
        "games 2  mean - over 0 solved (2 unsolvable excluded)  max -  failures 2"
    )


# 9. Every option checked before any work; workers capped; bad input quoted briefly


@pytest.mark.parametrize(
    "args, message",
    [
        (["bench", "--workers", "0"], "--workers must be at least 1, not 0"),
        (["bench", "--limit", "0"], "--limit must be at least 1, not 0"),
        (["bench", "--limit", "-3", "--uniform"], "--limit must be at least 1, not -3"),
        (["bench", "--width", "0"], "--width must be at least 1, not 0"),
        (["bench", "--shortlist", "0"], "--shortlist must be in (0, 100], not 0"),
        (["solve", "crane", "--strategy", "magic"], "unknown strategy 'magic'"),
        (["play", "--guesses", "some"], "--guesses must be one of common, all, not 'some'"),
        (["play", "--start", "cran"], "--start 'cran' is not a word of 5 letters a-z"),
        (["precompute-starters", "--workers", "0"], "--workers must be at least 1, not 0"),
        (
            ["precompute-starters", "--lengths", "2-100000000"],
            "--lengths '2-100000000': no word may be longer than 34 letters "
            "in the bundled dictionary",
        ),
        (["precompute-starters", "--lengths", "5,35"], "no word may be longer than 34 letters"),
        (
            ["precompute-starters", "--lengths", "5-41", "--words", "w.txt"],
            "--lengths '5-41': no word may be longer than 40 letters",
        ),
        (["precompute-starters", "--lengths", "7-5"], "an empty range"),
        (["precompute-starters", "--lengths", "4-6,9-8"], "an empty range"),
        (["starters", "-k", "-1"], "word length must be 2 to 40, not -1"),
        (["starters", "-k", "41"], "word length must be 2 to 40, not 41"),
    ],
)
def test_options_are_refused_before_any_work(args, message, no_work):
    assert message in one_error(invoke(*args))


def test_too_many_workers_are_capped_at_the_cores_with_a_note(tmp_path, monkeypatch):
    monkeypatch.setattr(checks, "default_workers", lambda: 2)
    used = []
    real_run = bench.run

    def noting(solver, state, targets, progress, workers, *args):
        used.append(workers)
        return real_run(solver, state, targets, progress, workers, *args)

    monkeypatch.setattr(bench, "run", noting)
    targets = tmp_path / "t.txt"
    targets.write_text("crane\n")
    result = invoke("bench", "--targets", targets, "--workers", "1000")
    assert result.exit_code == 0 and used == [2]
    assert (
        result.stderr
        == "note: --workers 1000 is more than the 2 cores this process may use; using 2\n"
    )


def test_a_huge_bad_input_is_quoted_in_a_few_dozen_characters():
    huge = "x" * 1_000_000
    for args in (
        ["score", huge, "crane"],
        ["score", "crane", "cr4ne" + huge],
        ["solve", "1" + huge],
        ["play", "--start", huge],
        ["solve", "crane", "--strategy", huge],
        ["play", "--guesses", huge],
        ["precompute-starters", "--lengths", huge],
    ):
        message = one_error(invoke(*args))
        assert re.search(r"\.\.\.' \(100000\d characters\)", message) and len(message) < 300, (
            message[:300]
        )
    result = invoke("play", "--start", "crane", input=f"{'a' * 1_000_000} ggggg\n{huge}\n")
    assert max(len(line) for line in result.stdout.splitlines()) < 300
    # a line past the cap is refused by its length before it is read as a word (the cap's
    # edges are tested with play's line reading)
    assert "the line has 1000006 characters, more than the 4096" in result.stdout


# 10. What play says to a line it cannot use


def test_a_word_alone_asks_for_its_feedback_and_the_game_stays():
    result = invoke("play", "--start", "crane", input="crane\nslate\n")
    assert result.stdout.count("? expected feedback like g.y.. or WORD FEEDBACK; type help") == 2
    assert "unknown feedback character" not in result.stdout
    # the same suggestion, never re-made
    assert result.stdout.count(f"> CRANE ({len(bundled(5))} words)") == 1
    seven = invoke("play", "-k", "7", input="example\n")
    assert "expected feedback like g.y.... or WORD FEEDBACK" in seven.stdout


@pytest.mark.process
def test_a_byte_that_is_not_utf8_is_shown_as_a_byte():
    proc = subprocess.run(
        [sys.executable, "-m", "lenwordle", "play", "--start", "crane"],
        input=b"g\xfe...\ncrane \xff\xfe\n",
        capture_output=True,
        timeout=300,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )  # strict: no escapes
    out = proc.stdout.decode()
    assert "the line has a byte that is not UTF-8 text (\\xfe); expected feedback like" in out
    assert "(\\xff)" in out and "udc" not in out and "Traceback" not in proc.stderr.decode()
    argv = subprocess.run(
        [sys.executable, "-m", "lenwordle", "score", b"cr\xfene", "crane"],
        capture_output=True,
        timeout=300,
    )
    assert argv.returncode == 2
    assert argv.stderr.decode() == "error: 'cr\\xfene' is not a word of letters a-z\n"


# Test gaps: the count of solve, the header of the grid, a refused --start word


@pytest.mark.parametrize("answer", ["crane", "hello", "planet"])
def test_solve_says_exactly_as_many_guesses_as_it_shows(answer):
    result = invoke("solve", answer)
    *turns, last = result.stdout.splitlines()
    assert result.exit_code == 0 and turns[-1].split()[0] == answer.upper()
    assert last == f"Solved in {len(turns)} guess{'es' if len(turns) != 1 else ''}."
    game = json.loads(invoke("solve", answer, "--json").stdout)
    assert len(game["guesses"]) == len(turns)


def test_the_share_grid_counts_the_guesses_not_the_skips():
    lines = [
        "",
        "",
        f"trace {reply_for('trace', 'crane')}",  # (not SLATE nor TARES: the game refused
        f"grace {reply_for('grace', 'crane')}",  # them, so they cannot have been played)
        "crane ggggg",
    ]
    result = invoke("play", input="\n".join(lines) + "\n")
    out = result.stdout.splitlines()
    assert result.exit_code == 0 and "Solved in 3 guesses." in out
    head, *rows = out[out.index("Solved in 3 guesses.") + 1 :]
    assert re.fullmatch(r"lenwordle 3/\d+", head) and len(rows) == 3
    assert share_grid((("slate", "...gg"),), True).splitlines()[0].startswith("lenwordle 1/")


def test_a_refused_start_word_is_not_suggested_again():
    def player():
        text = yield
        assert GUESS.findall(text)[-1][0] == "CRANE"
        second = GUESS.findall((yield ""))[-1][0]  # the game refused CRANE
        assert second != "CRANE"
        # CRANE would still fit this answer
        third = GUESS.findall((yield reply_for(second.lower(), "crate")))[-1][0]
        assert third != "CRANE"
        assert "CRANE" not in (yield "list").split()
        # back to no feedback, CRANE still refused: not the forced start again
        text = yield "undo"
        assert "took back the feedback" in text and GUESS.findall(text)[-1][0] == second

    run_in_process("play", "--start", "crane", input_text=player())


@pytest.mark.parametrize(
    "args, message",
    [
        (["bench", "--limit", "abc"], "Invalid value for '--limit'"),
        (["play", "-k", "abc"], "Invalid value for '-k' / '--length'"),
        (["solve", "--boards", "x"], "Invalid value for '--boards'"),
        (["bench", "--lengths", "3"], "No such option: --lengths"),
    ],
)
def test_usage_errors_are_one_line_naming_the_command_help(args, message):
    result = run_in_process(*args, input_text="")  # through main(), as the command runs
    code, err = result.returncode, result.stderr
    assert code == 2
    assert err.count("\n") == 1 and err.startswith(f"error: {message}")
    assert err.rstrip().endswith(f"lenwordle {args[0]} --help`")  # (python -m) lenwordle


@pytest.mark.timeout(60)  # as each of its runs was bounded in a process of its own
def test_lenwordle_alone_shows_the_help_once_and_exits_0():
    alone, asked = run_in_process(), run_in_process("--help")
    assert alone.returncode == 0 and alone.stderr == ""
    assert alone.stdout.count("Usage:") == 1 and "play" in alone.stdout
    assert alone.stdout.rstrip() == asked.stdout.rstrip()  # as `lenwordle --help` prints it
