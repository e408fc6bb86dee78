"""review's WORD!: a word the game refused (play's blank line), no longer a guess nor an
answer from the turn after it; in English and a language of each script."""

import json

import pytest
from helpers import one_line_error, run_in_process

from lenwordle.api import RefusedAfterLast, SetupError, review
from lenwordle.api.setup import Settings
from lenwordle.engine.feedback import reply_for

# (language, answer, first guess, hard mode)
GAMES = [
    ("en", "match", "tares", True),  # the issue's: hard mode's best, refused by the game
    ("es", "señor", "actor", False),
    ("ru", "белые", "адрес", False),
    ("tr", "açığa", "adamı", False),
]


def reviewed(*args: str) -> dict:
    result = run_in_process("review", *args, "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def options(lang: str, hard: bool) -> list[str]:
    return ["--lang", lang] + (["--hard"] if hard else [])


@pytest.mark.parametrize(("lang", "answer", "first", "hard"), GAMES)
def test_a_word_refused_is_neither_the_best_guess_nor_a_possible_answer(lang, answer, first, hard):
    extra = options(lang, hard)
    plain = reviewed(answer, first, answer, *extra)["turns"][1]
    best = plain["best_guess"]  # the guess the review would have wanted, refused by the game
    turns = reviewed(answer, first, f"{best}!", answer, *extra)["turns"]
    assert turns[0]["refused"] == [] and turns[1]["refused"] == [best]
    assert turns[1]["best_guess"] != best
    # the words still possible before the second guess, by the reference scorer
    state = Settings(5, lang=lang).state()
    fits = [w for w in state.answers.strings if reply_for(first, w) == reply_for(first, answer)]
    assert plain["possible_before"] == len(fits)
    assert turns[1]["possible_before"] == len(fits) - (best in fits)


def test_the_issues_match_is_judged_against_a_guess_the_game_takes():
    text = run_in_process("review", "match", "tares", "habit!", "match", "--hard").stdout
    second = text.splitlines()[2]
    assert "[after the game refused HABIT; solved]" in second
    assert "best HABIT" not in text.splitlines()[3]


@pytest.mark.parametrize(("lang", "answer", "first", "hard"), GAMES[1:])
def test_refusals_given_with_the_replies_count_as_with_the_answer(lang, answer, first, hard):
    extra = options(lang, hard)
    best = reviewed(answer, first, answer, *extra)["turns"][1]["best_guess"]
    by_answer = reviewed(answer, first, f"{best}!", answer, *extra)["turns"]
    pairs = [f"{first}={reply_for(first, answer)}", f"{best}!", f"{answer}={'g' * 5}"]
    assert reviewed(*pairs, *extra)["turns"] == by_answer


@pytest.mark.parametrize(
    ("played", "message"),
    [
        # a refusal just before the last guess is judged with it (at the edge); one after it
        # has no guess to be judged with
        (["match", "tares", "match", "habit!"], "HABIT! comes after the last guess"),
        (["match!", "tares", "match"], "give the answer, then the guesses played"),
        (["match", "tares", "match!", "match"], "MATCH, the answer, cannot have been refused"),
        (
            ["match", "tares", "habit!", "habit", "match"],
            "guess 2, HABIT, was refused by the game",
        ),
        (["match", "tares", "hab!", "match"], "'hab' has 3 letters, 'match' has 5"),
        (["tares=yg...", "match=ggggg", "habit!"], "HABIT! comes after the last guess"),
        # a refusal after the last guess is said after what makes the game none: the answer
        # refused, a reply no game shows (as the command line said before the library did)
        (["match", "tares", "match", "match!"], "MATCH, the answer, cannot have been refused"),
        (["tares=yx...", "match!"], "'tares=yx...': unknown feedback character 'x'"),
    ],
)
def test_a_refusal_that_cannot_be_is_one_line(played, message):
    assert message in one_line_error(run_in_process("review", *played))


def test_the_library_names_a_refusal_after_the_last_guess_at_the_edge():
    with pytest.raises(RefusedAfterLast, match=r"^refused\[1\]: SLATE comes after") as late:
        review("crane", answer="flame", refused={1: ("slate",)})  # exactly past the last
    assert late.value.word == "SLATE"
    with pytest.raises(SetupError, match=r"^refused: a guess's number is 0 to 0$"):
        review("crane", answer="flame", refused={2: ("slate",)})  # one past that
    with pytest.raises(SetupError, match="FLAME, the answer, cannot have been refused"):
        review("crane", answer="flame", refused={1: ("flame",)})


def test_a_refusal_just_before_the_last_guess_is_taken():
    turns = reviewed("match", "tares", "habit!", "match")["turns"]
    assert [t["refused"] for t in turns] == [[], ["habit"]]


@pytest.mark.parametrize(
    ("lang", "played", "message"),
    [
        ("ru", ["белые", "адрес", "белые!", "белые"], "БЕЛЫЕ, the answer, cannot have been"),
        ("tr", ["açığa", "adamı", "açığa", "ılık!"], "'ılık' has 4 letters, 'açığa' has 5"),
        ("es", ["señor", "actor", "señor", "actor!"], "ACTOR! comes after the last guess"),
    ],
)
def test_refusals_that_cannot_be_in_each_script(lang, played, message):
    assert message in one_line_error(run_in_process("review", *played, "--lang", lang))


def test_a_word_refused_twice_is_one_refusal_and_no_guess():
    once = run_in_process("review", "crane", "slate!", "crane", "--json")
    twice = run_in_process("review", "crane", "slate!", "slate!", "crane", "--json")
    assert twice.returncode == once.returncode == 0, twice.stderr
    turns = json.loads(twice.stdout)["turns"]
    assert [turn["guess"] for turn in turns] == ["crane"]  # the repeat is no guess
    assert turns[0]["refused"] == ["slate"]
    assert twice.stdout == once.stdout
