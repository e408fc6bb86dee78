"""--strategy optimal with no stored tree and too many answers to search now: the command it
points to runs and makes the tree it then plays from; when `tree` would refuse the problem
too, it says so and points to --answers alone (the bundled dictionaries of each script)."""

import shlex

import pytest
from helpers import invoke, one_line_error

from lenwordle.api.setup import Settings
from lenwordle.search import besttree
from lenwordle.store import shelf

WORDS = 30  # guesses of the small game
ANSWERS = 12  # ...and its answers


@pytest.fixture
def lists(tmp_path, monkeypatch):
    """Return the options of a small game (12 answers, 30 guesses of the bundled words) with
    trees stored in a folder of the test's own."""
    words = Settings(5).allowed().strings[::500][:WORDS]
    (tmp_path / "guesses.txt").write_text("\n".join(words) + "\n")
    (tmp_path / "answers.txt").write_text("\n".join(words[:ANSWERS]) + "\n")
    monkeypatch.setenv("LENWORDLE_TREES", str(tmp_path / "trees"))
    return ["--words", str(tmp_path / "guesses.txt"), "--answers", str(tmp_path / "answers.txt")]


def pointed_command(message: str) -> list[str]:
    """Return the command the message points to, as arguments after `lenwordle`."""
    return shlex.split(message.split("`")[1])[1:]


@pytest.mark.parametrize("width", [None, "3"])
def test_the_command_it_points_to_makes_the_tree_it_plays_from(lists, monkeypatch, width):
    widths = [] if width is None else ["--width", width]
    answer = Settings(5).allowed().strings[0]
    monkeypatch.setattr(shelf, "OPTIMAL_MAX", ANSWERS)  # exactly at the most: searched now
    now = invoke("solve", answer, *lists, "--strategy", "optimal", *widths)
    assert now.returncode == 0 and "computing the tree" in now.stderr, now.stderr
    monkeypatch.setenv("LENWORDLE_TREES", str(lists[1]) + ".trees")  # none stored there
    monkeypatch.setattr(shelf, "OPTIMAL_MAX", ANSWERS - 1)  # one past: not searched now
    message = one_line_error(invoke("solve", answer, *lists, "--strategy", "optimal", *widths))
    assert f"{ANSWERS} answers are too many to compute one now (at most {ANSWERS - 1})" in message
    command = pointed_command(message)
    assert command == ["tree", *lists, *widths]
    made = invoke(*command)  # the command as told
    assert made.returncode == 0, made.stderr
    played = invoke("solve", answer, *lists, "--strategy", "optimal", *widths)
    assert played.returncode == 0 and "computing" not in played.stderr, played.stderr


def test_when_tree_would_refuse_it_too_only_answers_are_pointed_to(lists, monkeypatch):
    answer = Settings(5).allowed().strings[0]
    monkeypatch.setattr(shelf, "OPTIMAL_MAX", ANSWERS - 1)
    monkeypatch.setattr(besttree, "MAX_TABLE_BYTES", ANSWERS * WORDS)  # the table at its bound
    at = one_line_error(invoke("solve", answer, *lists, "--strategy", "optimal"))
    assert pointed_command(at) == ["tree", *lists] and "cannot make" not in at
    monkeypatch.setattr(besttree, "MAX_TABLE_BYTES", ANSWERS * WORDS - 1)  # one byte past it
    past = one_line_error(invoke("solve", answer, *lists, "--strategy", "optimal"))
    assert f"`lenwordle tree` cannot make one either: {ANSWERS} answers x {WORDS} guesses" in past
    assert past.endswith(f"give --answers, a list of at most {ANSWERS - 1} words")
    refused = one_line_error(invoke("tree", *lists))  # as `tree` itself says
    assert f"{ANSWERS} answers x {WORDS} guesses is too big for a tree search" in refused


# a SUTOM game of few answers in a language of each script (6 letters, the first shown)
SUTOM = [("es", "y", "yardas"), ("ru", "ю", "юбилей"), ("tr", "ı", "ışıklı")]


@pytest.mark.parametrize(("lang", "letter", "answer"), SUTOM)
def test_the_command_it_points_to_runs_in_each_script(lang, letter, answer, tmp_path, monkeypatch):
    monkeypatch.setenv("LENWORDLE_TREES", str(tmp_path / "trees"))
    game = ("--lang", lang, "--first-letter", letter, "--hard")
    answers = len(Settings(6, lang=lang, first_letter=letter).state().candidate_rows)
    monkeypatch.setattr(shelf, "OPTIMAL_MAX", answers - 1)  # one past the most searched now
    message = one_line_error(invoke("solve", answer, *game, "--strategy", "optimal"))
    command = pointed_command(message)
    assert command == ["tree", "-k", "6", *game[:4], "--hard"]
    made = invoke(*command)
    assert made.returncode == 0, made.stderr
    played = invoke("solve", answer, *game, "--strategy", "optimal")
    assert played.returncode == 0 and "computing" not in played.stderr, played.stderr


def test_settings_tree_does_not_take_point_to_answers_alone(lists, monkeypatch, tmp_path):
    monkeypatch.setattr(shelf, "OPTIMAL_MAX", ANSWERS - 2)  # one past, one answer excluded
    answer = Settings(5).allowed().strings[0]
    exclude = tmp_path / "past.txt"
    exclude.write_text(Settings(5).allowed().strings[500] + "\n")
    message = one_line_error(
        invoke("solve", answer, *lists, "--strategy", "optimal", "--exclude", str(exclude))
    )
    assert "`" not in message and message.endswith(
        f"give --answers, a list of at most {ANSWERS - 2} words"
    )


@pytest.mark.parametrize(
    ("lang", "answer"), [("en", "crane"), ("es", "señor"), ("ru", "белые"), ("tr", "açığa")]
)
def test_the_bundled_dictionaries_point_to_answers_not_to_tree(
    lang, answer, tmp_path, monkeypatch
):
    monkeypatch.setenv("LENWORDLE_TREES", str(tmp_path / "trees"))
    message = one_line_error(invoke("solve", answer, "--lang", lang, "--strategy", "optimal"))
    assert "answers are too many" in message
    assert message.endswith("give --answers, a list of at most 3000 words")
    if "cannot make one either" in message:  # `tree` refuses it indeed
        assert "is too big for a tree search" in one_line_error(invoke("tree", "--lang", lang))
    else:  # small enough for `tree` (Spanish's 6 935, Turkish's 4 230 answers): its command
        assert f"make it first with `lenwordle tree --lang {lang}`" in message
