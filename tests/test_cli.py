import dataclasses
import json
import re
import sys

import pytest
import typer
from helpers import ROOT, invoke, one_line_error, run_in_process

import lenwordle
from lenwordle.api import run as api_run
from lenwordle.api.checks import SetupError
from lenwordle.api.setup import Settings
from lenwordle.cli import app as cli
from lenwordle.cli import common
from lenwordle.cli.checks import said
from lenwordle.cli.console import printable
from lenwordle.cli.formatting import boards_line, tree_lines
from lenwordle.cli.options import SETTINGS_OPTIONS
from lenwordle.engine.feedback import BLANK_TILE, reply_for
from lenwordle.strategies.registry import STRATEGIES, storable
from lenwordle.words.wordlist import COMMON_LEVEL, NAME


def test_score_prints_one_line_per_answer():
    result = run_in_process("score", "error", "elder", "ABIDE", "error")
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
    result = run_in_process("solve", answer, "--json")
    assert result.returncode == 0, result.stderr
    game = json.loads(result.stdout)
    assert game["answer"] == answer and game["solved"] is True
    for turn in game["guesses"]:
        assert len(turn["word"]) == len(answer)
        assert turn["feedback"] == reply_for(turn["word"], answer)
    assert game["guesses"][-1]["word"] == answer
    assert len(game["guesses"]) <= 6


def test_solve_shows_tiles_and_the_count():
    result = run_in_process("solve", "crane")
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines[-2].startswith("CRANE 🟩🟩🟩🟩🟩")
    assert re.fullmatch(r"Solved in \d guesses\.", lines[-1])


def test_solve_plays_a_word_outside_the_dictionary_on_past_it():
    result = run_in_process("solve", "qzxqz")  # more in tests/test_solve_beyond.py
    lines = result.stdout.splitlines()
    assert lines[-2] == "QZXQZ 🟩🟩🟩🟩🟩" and "Traceback" not in result.stderr
    played = len(lines) - 1
    # found past the limit of six: solved (exit 0), but lost, as the game would count it
    assert played > 6 and result.returncode == 0
    assert lines[-1] == f"Solved in {played} guesses, over the limit of 6."


def test_solve_finds_an_answer_outside_the_answer_list_among_every_known_word(tmp_path):
    answers = tmp_path / "a.txt"
    answers.write_text("crane\nslate\ntrace\n")
    result = run_in_process("solve", "yeesh", "--answers", str(answers), "--json")
    game = json.loads(result.stdout)
    assert result.returncode == 0 and game["solved"] and game["guesses"][-1]["word"] == "yeesh"


def test_solve_with_word_files(tmp_path, nyt):
    result = run_in_process(
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
    listed = re.findall(r"│ (\w[\w-]*) ", run_in_process("--help").stdout)
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

    monkeypatch.setattr(api_run, "solve_game", broken)
    monkeypatch.setattr(sys, "argv", ["lenwordle", "solve", "crane"])
    monkeypatch.delenv("LENWORDLE_DEBUG", raising=False)
    with pytest.raises(SystemExit) as exit_:
        cli.main()
    assert exit_.value.code == 1
    err = capsys.readouterr().err
    assert err.strip() == "error: internal error (RuntimeError: boom); please report it"


def test_guesses_all_may_suggest_uncommon_words_and_a_bad_pool_is_one_line():
    common, every = Settings(5).state(), Settings(5, guesses="all").state()
    names = every.allowed.mark_array() & NAME != 0
    assert names.sum() > 3000  # every word may be suggested but a name
    assert common.suggestable.sum() < every.suggestable.sum() == len(every.allowed) - names.sum()
    assert not (every.suggestable & names).any()
    assert (common.allowed.level_array()[common.suggestable] <= COMMON_LEVEL).all()
    assert len(common.candidate_rows) == len(every.candidate_rows)  # the answers are the same
    result = invoke("solve", "crane", "--guesses", "some")
    assert result.returncode == 2 and "--guesses must be one of common, all" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def flags_of_every_command():
    """Return (command name, its click command, one of its boolean flags), for every flag."""
    commands = typer.main.get_command(cli.app).commands
    return [
        (name, command, flag)
        for name, command in sorted(commands.items())
        for param in command.params
        if param.param_type_name == "option" and param.is_flag
        for flag in param.opts
    ]


def arguments_for(command) -> list[str]:
    """Return words enough for the command's required arguments (none if it has none)."""
    return (
        ["crane", "slate"] if any(p.param_type_name == "argument" for p in command.params) else []
    )


def test_the_booleans_are_the_flags_the_readme_names():
    flags = {(name, flag) for name, _, flag in flags_of_every_command()}
    assert {("solve", "--hard"), ("play", "--uniform"), ("bench", "--json")} <= flags
    assert {("play", "--absurdle"), ("review", "--json"), ("tree", "--text")} <= flags


@pytest.mark.parametrize("name, command, flag", flags_of_every_command())
def test_a_boolean_option_alone_turns_it_on(name, command, flag):
    ctx = command.make_context(name, [flag, *arguments_for(command)])
    param = next(p for p in command.params if flag in p.opts)
    assert ctx.params[param.name] is True
    off = command.make_context(name, arguments_for(command))
    assert not off.params[param.name]


@pytest.mark.parametrize("name, command, flag", flags_of_every_command())
def test_a_boolean_word_after_a_flag_is_an_unexpected_extra_argument(name, command, flag):
    for word in ("true", "False", "1"):
        with pytest.raises(Exception) as error:  # click's UsageError (vendored by newer typer)
            command.make_context(name, [flag, word, *arguments_for(command)])
        assert error.value.exit_code == 2
        assert f"unexpected extra argument ({word})" in error.value.format_message()


@pytest.mark.parametrize("name", sorted(typer.main.get_command(cli.app).commands) + [None])
def test_the_help_shows_booleans_as_plain_flags(name):
    text = invoke(*([name] if name else []), "--help").stdout
    assert "<bool>" not in text
    flags = [flag for command, _, flag in flags_of_every_command() if command == name]
    for flag in [*flags, "--help"]:
        row = next(line for line in text.splitlines() if line.startswith(f"│ {flag} "))
        after = row[len(f"│ {flag} ") :].lstrip()
        assert after and after[0].isupper(), row  # the help text comes next, no type


def test_solve_hard_true_is_one_line_about_the_extra_argument_not_a_word_length():
    error = one_line_error(run_in_process("solve", "--hard", "true", "crane"))
    assert "unexpected extra argument (true)" in error and "--hard" in error
    assert "letters" not in error
    played = run_in_process("solve", "--hard", "--json", "crane")  # the flag alone: hard mode
    assert played.returncode == 0 and json.loads(played.stdout)["answer"] == "crane"


def test_each_command_is_summed_up_in_one_whole_sentence_in_the_command_list():
    listing = run_in_process("--help").stdout.splitlines()
    for name, command in typer.main.get_command(cli.app).commands.items():
        summary = command.help.split("\n\n")[0]
        assert re.fullmatch(r"[A-Z][^\n.]+\.", summary), (name, summary)  # a line, a sentence
        assert command.get_short_help_str() == summary, name  # click's limit: not cut short
        row = next(line for line in listing if line.startswith(f"│ {name} "))
        assert row[len(f"│ {name} ") :].strip(" │") == summary, row  # whole, on its own row


@pytest.mark.parametrize("name", sorted(typer.main.get_command(cli.app).commands))
def test_each_help_names_only_the_options_of_its_command(name):
    command = typer.main.get_command(cli.app).commands[name]
    own = {opt for param in command.params for opt in (*param.opts, *param.secondary_opts)}
    text = invoke(name, "--help").stdout
    assert set(re.findall(r"--[a-z][a-z-]*", text)) <= own | {"--help"}
    if "--boards" not in own:  # nothing about boards it cannot play
        assert "board" not in text.lower()


def test_precompute_starters_offers_only_the_strategies_it_accepts():
    text = " ".join(invoke("precompute-starters", "--help").stdout.replace("│", " ").split())
    offered = re.search(r"--strategy <str> One of: ([a-z, -]+)\.", text).group(1).split(", ")
    planners = ["optimal", "worst-case"]  # each plans its whole game: no starter file
    assert offered == [s for s in STRATEGIES if s not in planners] == storable()
    assert len(offered) == len(STRATEGIES) - 2
    for refused in planners:
        assert refused not in text
        assert "plans its own games" in invoke("precompute-starters", "--strategy", refused).stderr


def refusals(result, text: str) -> list[str]:
    """Return the lines of a play session's output that contain text (without the prompts)."""
    return [re.sub(r"^(\? )+", "", line) for line in result.stdout.splitlines() if text in line]


def test_a_refusal_names_the_board_only_when_there_are_several():
    hard = invoke("play", "--hard", "--start", "crane", input_text=".gy.y\nslate .....\n")
    [line] = refusals(hard, "must be R")
    assert line.startswith("letter 2 must be R; try again")
    one = invoke("play", "--start", "crane", input_text=".gy.y\ncrane g....\n")
    [line] = refusals(one, "no word can give")
    assert line.startswith("no word can give g.... for CRANE")
    two = invoke(
        "play", "--boards", "2", "--start", "crane", input_text=".gy.y .....\ncrane g.... .....\n"
    )
    [line] = refusals(two, "no word can give")
    assert line.startswith("board 1: no word can give g.... for CRANE")


def test_a_tree_cut_short_says_it_is_not_proven():
    from lenwordle.api import MadeTree
    from lenwordle.engine.tree import Node, summary

    node = Node("crane", solves=True)
    cut = MadeTree(node, total=1, answers=1, width=None, complete=False, figures=summary(node))
    assert "not proven: interrupted" in "\n".join(tree_lines(cut))
    assert "not proven" not in "\n".join(tree_lines(dataclasses.replace(cut, complete=True)))


def test_a_solved_boards_blank_is_a_space_where_the_console_cannot_show_tiles():
    class Latin1:
        encoding = "latin-1"

    line = boards_line("crane", (None, "g.y.."))
    assert line == "CRANE  " + BLANK_TILE * 5 + "  🟩⬛🟨⬛⬛"
    assert printable(line, Latin1()) == "CRANE" + " " * 9 + "g.y.."  # 2, a blank board, 2


def test_solve_tells_the_plan_progress_and_bench_with_its_own_bar_does_not(monkeypatch, tmp_path):
    from test_absurdle import small_lists

    told = []
    monkeypatch.setattr(common, "progress_line", lambda *args: told.append(args))
    answers, extra = small_lists(3)
    (tmp_path / "g.txt").write_text("\n".join(answers + extra) + "\n")
    (tmp_path / "a.txt").write_text("\n".join(answers) + "\n")
    lists = ["-k", "4", "--words", str(tmp_path / "g.txt"), "--answers", str(tmp_path / "a.txt")]
    assert invoke("solve", "--absurdle", *lists).returncode == 0
    assert any("Absurdle plan" in about for _, _, about in told)
    told.clear()
    assert invoke("bench", "--absurdle", *lists).returncode in (0, 1)
    assert not told


def test_several_boards_piped_show_plain_marks_a_solved_board_blank():
    replies = [
        reply_for("slate", w)
        for w in ("slate", "crane")  # the first board solved at once
    ]
    out = run_in_process("play", "--boards", "2", input_text=" ".join(replies) + "\n").stdout
    assert f"SLATE  ggggg  {replies[1]}" in out
    assert "🟩" not in out.split("Solved")[0].split("lenwordle")[0]  # no tile before the grid


def test_a_limit_of_the_library_is_named_as_the_command_line_names_it():
    with pytest.raises(SetupError) as raised:
        lenwordle.bench(workers=0)
    assert str(raised.value) == "workers must be at least 1, not 0"  # as Python names it
    assert said(raised.value) == "--workers must be at least 1, not 0"  # as the CLI does


def test_version_prints_the_installed_version_and_stops():
    from importlib.metadata import version

    result = run_in_process("--version")
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"lenwordle {version('lenwordle')}\n"
    assert run_in_process("--version", "play").stdout == result.stdout  # (eager: no game)
    assert one_line_error(run_in_process("--versio"))


def test_top_level_help_shows_an_example():
    result = run_in_process("--help")
    assert result.returncode == 0
    assert "Example: lenwordle play" in " ".join(result.stdout.split())
    assert "--version" in result.stdout
