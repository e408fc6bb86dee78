"""`solve` and `bench` play on past the dictionary, as `play` does with the same replies."""

import json

import pytest
from helpers import run_in_process

from lenwordle.engine.feedback import reply_for, tiles
from lenwordle.games import play as play_module
from lenwordle.words.languages import LANGUAGES

# (options, a made-up answer no list holds): Latin with accents, Cyrillic, Turkish, SUTOM
MADE_UP = [
    ([], "glamp"),
    (["--lang", "ru"], "щюжфх"),
    (["--lang", "es"], "ñuñoz"),
    (["--lang", "tr"], "ığİşz"),
    (["--lang", "fr", "--first-letter", "z"], "zyxwvt"),
]


def solved_line(guesses, limit=6):
    """Return the last line of a game solved in so many guesses: over the limit, it is lost
    (the position's outcome), though found."""
    over = f", over the limit of {limit}" if guesses > limit else ""
    return f"Solved in {guesses} guesses{over}."


def alphabet(options):
    """Return the alphabet of the game these options set."""
    return LANGUAGES[
        options[options.index("--lang") + 1] if "--lang" in options else "en"
    ].alphabet()


def fold(options, word):
    """Return word in the game's letters (as the language's game folds and lowers it)."""
    return alphabet(options).fold(word)


def solved_game(options, answer, *more):
    """Return solve's guesses and replies (JSON) for answer, after checking each reply
    against the reference scorer and the end: solved, exit 0."""
    result = run_in_process("solve", *options, *more, answer, "--json")
    assert result.returncode == 0, result.stdout + result.stderr
    game = json.loads(result.stdout)
    target = fold(options, answer)
    guesses = [(turn["word"], turn["feedback"]) for turn in game["guesses"]]
    assert game["solved"] and guesses[-1] == (target, "g" * len(target))
    for word, reply in guesses:
        assert reply == reply_for(word, target)  # the referee scores any string
        if "--first-letter" in options:  # SUTOM: every guess begins with the letter shown
            assert word[0] == options[options.index("--first-letter") + 1]
    return guesses


@pytest.mark.parametrize("options, answer", MADE_UP)
def test_solve_plays_past_the_dictionary_as_play_does_with_the_same_replies(options, answer):
    guesses = solved_game(options, answer)
    target = fold(options, answer)
    text = run_in_process("solve", *options, answer).stdout.splitlines()
    assert text[-1] == solved_line(len(guesses))
    shown = [line.split(" ")[0] for line in text[-len(guesses) - 1 : -1]]
    assert [fold(options, word) for word in shown] == [word for word, _ in guesses]
    # play, fed the replies solve's referee gave, suggests the same guesses, then is solved
    typed = "".join(reply + "\n" for _, reply in guesses)
    played = run_in_process("play", *options, "-k", str(len(target)), input_text=typed)
    assert played.returncode == 0, played.stderr
    suggested = [
        line[2:].split(" (")[0] for line in played.stdout.splitlines() if line[:2] == "> "
    ]
    assert suggested == shown
    assert solved_line(len(guesses)) in played.stdout


def test_solve_glamp_is_the_game_play_shows():
    # the GLAMP game as `play` goes with the replies of GLAMP (tests/test_listing_terminal.py)
    guesses = solved_game([], "glamp")
    assert guesses[-1] == ("glamp", "ggggg") and len(guesses) <= 7
    assert all(reply_for(w, "glamp") == r for w, r in guesses)
    text = run_in_process("solve", "glamp").stdout.splitlines()
    assert text[-2] == f"GLAMP {tiles('ggggg')}"
    assert text[-1] == solved_line(len(guesses))
    shown = [line.split(" ")[0].lower() for line in text[:-1]]
    assert shown == [w for w, _ in guesses]


NO_WORD = "no word lenwordle knows fits or splits what is left"


def limited(options, answer, limit):
    """Return solve's lines under --max-guesses limit, checking how it ends: solved within
    the limit (exit 0), out of guesses at exactly the limit (exit 1), or, at the last guess
    allowed, stopped because no known word fits (no string is made up; exit 1)."""
    result = run_in_process("solve", *options, "--max-guesses", str(limit), answer)
    lines = result.stdout.splitlines()
    assert "Traceback" not in result.stderr and len(lines) <= limit + 1
    shown = alphabet(options).upper(fold(options, answer))
    if result.returncode == 0:
        assert lines[-1] == f"Solved in {len(lines) - 1} guesses."
    elif len(lines) == limit + 1:  # the limit, then the end
        assert result.returncode == 1
        assert lines[-1] == f"Out of guesses: {shown} not solved in {limit} guesses, the limit."
    else:
        played = len(lines) - 1
        assert result.returncode == 1 and played == limit - 1
        assert lines[-1] == f"Not solved: {shown}: {NO_WORD} ({played} guesses played)."
    return lines


@pytest.mark.parametrize("options, answer", MADE_UP)
def test_solve_past_the_dictionary_stops_at_the_limit_given(options, answer):
    # (with a limit, the last guess allowed is a known word that fits, or the one string
    # left; else the game stops there, saying no known word fits)
    n = len(solved_game(options, answer))
    for limit in (n + 1, n, n - 1):  # one past, exactly at, one short
        limited(options, answer, limit)
    assert limited(options, answer, n + 1)[-1].startswith("Solved in ")
    two = limited(options, answer, 2)  # no made-up string is found in 2
    assert not two[-1].startswith("Solved in ")


@pytest.mark.parametrize("options, answer", [MADE_UP[0], MADE_UP[1], MADE_UP[3]])
def test_solve_without_a_limit_stops_at_max_turns_and_says_so(options, answer, monkeypatch):
    n = len(solved_game(options, answer))
    monkeypatch.setattr(play_module, "MAX_TURNS", n)
    at = run_in_process("solve", *options, answer)
    assert at.returncode == 0 and at.stdout.splitlines()[-1] == solved_line(n)
    monkeypatch.setattr(play_module, "MAX_TURNS", n - 1)
    over = run_in_process("solve", *options, answer)
    last = over.stdout.splitlines()[-1]
    assert over.returncode == 1 and "Traceback" not in over.stderr
    shown = alphabet(options).upper(fold(options, answer))
    assert last == (
        f"Not solved: {shown} not found in {n - 1} guesses, where a game with no limit stops "
        "(--max-guesses M sets one)."
    )


def test_solve_past_the_dictionary_in_hard_mode_keeps_to_the_clues():
    # solved, or stopped where no known word keeps to the clues and tells something (GLAMP
    # after CLAMP .gggg: no other known word is _LAMP; no string is made up)
    for options, answer in [
        ([], "glamp"),
        (["--lang", "ru"], "щюжфх"),
        (["--lang", "tr"], "ığİşz"),
    ]:
        result = run_in_process("solve", *options, "--hard", answer, "--json")
        assert result.returncode in (0, 1) and "Traceback" not in result.stderr
        game = json.loads(result.stdout)
        guesses = [(turn["word"], turn["feedback"]) for turn in game["guesses"]]
        target = fold(options, answer)
        assert game["solved"] == (result.returncode == 0 and guesses[-1][0] == target)
        for word, reply in guesses:
            assert reply == reply_for(word, target)
        for i, (word, _) in enumerate(guesses):  # each green kept in its place
            for earlier, reply in guesses[:i]:
                for place, mark in enumerate(reply):
                    if mark == "g":
                        assert word[place] == earlier[place] == target[place]


def test_solve_several_boards_plays_each_past_the_dictionary():
    result = run_in_process(
        "solve", "--boards", "2", "glamp", "ñuñoz", "--lang", "es", "--max-guesses", "20",
        "--json",
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    game = json.loads(result.stdout)
    assert game["solved"]
    found = set()
    for turn in game["guesses"]:  # a board once solved shows no reply (null)
        wanted = [None if a in found else reply_for(turn["word"], a) for a in ("glamp", "ñuñoz")]
        assert turn["feedback"] == wanted
        found.add(turn["word"])
    assert found >= {"glamp", "ñuñoz"}
    over = run_in_process("solve", "--boards", "2", "glamp", "qzxqz")  # the limit: 7
    assert over.returncode == 1
    last = over.stdout.splitlines()[-1]
    assert last.startswith("Out of guesses: ") or last.endswith(f"{NO_WORD}.")


def test_bench_plays_made_up_targets_past_the_dictionary_as_solve_does(tmp_path):
    targets = tmp_path / "targets.txt"
    targets.write_text("crane\nglamp\nqxzzq\n")
    figures = json.loads(run_in_process("bench", "--targets", str(targets), "--json").stdout)
    each = {t: len(solved_game([], t)) for t in ("crane", "glamp", "qxzzq")}
    assert figures["games"] == 3 and figures["unsolvable"] == [] and figures["solved"] == 3
    assert figures["total_guesses"] == sum(each.values())
    assert figures["failed"] == sorted(t for t, n in each.items() if n > 6)
    ru = tmp_path / "ru.txt"
    ru.write_text("щюжфх\n")
    figures = json.loads(
        run_in_process("bench", "--lang", "ru", "--targets", str(ru), "--json").stdout
    )
    assert figures["unsolvable"] == [] and figures["total_guesses"] == len(
        solved_game(["--lang", "ru"], "щюжфх")
    )


def test_bench_with_accepted_leaves_made_up_targets_unsolvable(tmp_path, nyt):
    targets = tmp_path / "targets.txt"
    targets.write_text("crane\nqxzzq\n")
    out = run_in_process(
        "bench", "--targets", str(targets), "--accepted", str(nyt / "guesses.txt"), "--json"
    )
    figures = json.loads(out.stdout)
    assert figures["unsolvable"] == ["qxzzq"] and figures["solved"] == 1
    assert figures["refusals"] < 50  # no string of letters probed (each one refused)


@pytest.mark.parametrize(
    "options, answer, guesses",
    [
        ([], "glamp", ["crane", "plumb"]),
        (["--lang", "ru"], "щюжфх", ["карте"]),
        (["--lang", "es"], "ñuñoz", ["sería"]),
        (["--lang", "tr"], "ığİşz", ["sakin"]),
    ],
)
def test_review_plays_lenwordles_own_game_past_the_dictionary_as_solve_does(
    options, answer, guesses
):
    n = len(solved_game(options, answer))
    result = run_in_process("review", *options, answer, *guesses, answer)
    assert result.returncode == 0, result.stderr
    shown = alphabet(options).upper(fold(options, answer))
    assert f"it takes {n} on {shown}" in result.stdout


def test_the_made_up_targets_the_bench_tests_cap_take_more_than_6_guesses():
    # tests/test_cli_reliability.py makes them unsolvable with a cap of 6 guesses
    assert all(len(solved_game([], word)) > 6 for word in ("qxzzq", "zzzzq"))
