import dataclasses
import json
import re
import sys

import pytest
import typer
from helpers import ROOT, invoke, run

from lenwordle import cli
from lenwordle.options import SETTINGS_OPTIONS
from lenwordle.patterns import reply_for
from lenwordle.settings import Settings
from lenwordle.wordlist import COMMON_LEVEL


def test_score_prints_one_line_per_answer():
    result = run("score", "error", "elder", "ABIDE", "error")
    assert result.returncode == 0
    assert result.stdout.splitlines() == ["g...g", "y....", "ggggg"]


@pytest.mark.parametrize(
    "args, message",
    [
        (["score", "error", "eld"], "has 3 letters"),
        (["score", "err0r", "elder"], "not a word of letters"),
    ],
)
def test_score_refuses_bad_words_with_exit_2_and_one_line(args, message):
    result = invoke(*args)
    assert result.returncode == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    "answer",
    ["word", "crane", "planet", "example", "hospital", "important", "everything", "information"],
)
def test_solve_json_replays_correctly_at_every_length(answer):
    result = run("solve", answer, "--json")
    assert result.returncode == 0, result.stderr
    game = json.loads(result.stdout)
    assert game["answer"] == answer and game["solved"] is True
    for turn in game["guesses"]:
        assert len(turn["word"]) == len(answer)
        assert turn["feedback"] == reply_for(turn["word"], answer)
    assert game["guesses"][-1]["word"] == answer
    assert len(game["guesses"]) <= 6


def test_solve_shows_tiles_and_the_count():
    result = run("solve", "crane")
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines[-2].startswith("CRANE 🟩🟩🟩🟩🟩")
    assert re.fullmatch(r"Solved in \d guesses\.", lines[-1])


def test_solve_plays_a_word_outside_the_dictionary_and_says_it_is_not_known():
    result = run("solve", "qzxqz")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stdout.splitlines()[-1].startswith(
        "Not solved: QZXQZ is not a word lenwordle knows"
    )


def test_solve_finds_an_answer_outside_the_answer_list_among_every_known_word(tmp_path):
    answers = tmp_path / "a.txt"
    answers.write_text("crane\nslate\ntrace\n")
    result = run("solve", "yeesh", "--answers", str(answers), "--json")
    game = json.loads(result.stdout)
    assert result.returncode == 0 and game["solved"] and game["guesses"][-1]["word"] == "yeesh"


def test_solve_with_word_files(tmp_path, nyt):
    result = run(
        "solve",
        "cigar",
        "--words",
        str(nyt / "guesses.txt"),
        "--answers",
        str(nyt / "answers.txt"),
        "--json",
    )
    game = json.loads(result.stdout)
    assert game["solved"] and all(
        t["feedback"] == reply_for(t["word"], "cigar") for t in game["guesses"]
    )


@pytest.mark.parametrize(
    "args, message",
    [
        (["play", "-k", "0"], "word length"),
        (["play", "-k", "-3"], "word length"),
        (["play", "--shortlist", "0"], "--shortlist"),
        (["play", "--shortlist", "150"], "--shortlist"),
        (["play", "--words", "/no/such/file"], "no such file"),
        (["play", "--strategy", "magic"], "unknown strategy"),
    ],
)
def test_bad_options_give_one_line_and_exit_2(args, message):
    result = invoke(*args, input_text="")
    assert result.returncode == 2, result
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_every_command_has_help_with_an_example_and_is_in_the_readme():
    readme = (ROOT / "README.md").read_text()
    commands = sorted(typer.main.get_command(cli.app).commands)
    listed = re.findall(r"│ (\w[\w-]*) ", run("--help").stdout)
    assert sorted(listed) == commands and "play" in commands and "score" in commands
    for command in commands:
        assert f"lenwordle {command}" in readme, command
        result = invoke(command, "--help")
        assert result.returncode == 0, command
        assert f"Example: lenwordle {command} " in result.stdout, command


def test_each_field_of_settings_is_an_option_declared_once():
    assert list(SETTINGS_OPTIONS) == [field.name for field in dataclasses.fields(Settings)]


def test_ci_runs_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text()
    command = next(line for line in ci.splitlines() if "pytest" in line)
    assert command.strip() in (ROOT / "README.md").read_text()


def test_an_unexpected_error_is_one_line_not_a_traceback(monkeypatch, capsys):
    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(cli, "solve_game", broken)
    monkeypatch.setattr(sys, "argv", ["lenwordle", "solve", "crane"])
    monkeypatch.delenv("LENWORDLE_DEBUG", raising=False)
    with pytest.raises(SystemExit) as exit_:
        cli.main()
    assert exit_.value.code == 1
    err = capsys.readouterr().err
    assert err.strip() == "error: internal error (RuntimeError: boom); please report it"


def test_guesses_all_may_suggest_uncommon_words_and_a_bad_pool_is_one_line():
    common, every = Settings(5).state(), Settings(5, guesses="all").state()
    assert common.suggestable.sum() < every.suggestable.sum() == len(every.allowed)
    assert (common.allowed.level_array()[common.suggestable] <= COMMON_LEVEL).all()
    assert len(common.candidate_rows) == len(every.candidate_rows)  # the answers are the same
    result = invoke("solve", "crane", "--guesses", "some")
    assert result.returncode == 2 and "--guesses must be one of common, all" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
