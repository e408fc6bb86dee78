"""--variant from the command line: play in a real terminal, solve and bench, every script,
and the one-line refusals."""

import json

import pytest
from helpers import NO_NYT, NYT, one_line_error, run_in_process

STANDARD = ["--answers", str(NYT / "answers.txt"), "--words", str(NYT / "guesses.txt")]
needs_nyt = pytest.mark.skipif(not (NYT / "answers.txt").exists(), reason=NO_NYT)


def test_play_woodle_in_a_terminal_a_wrong_row_changes_nothing(terminal):
    t = (
        terminal("play", "--variant", "woodle", *STANDARD)
        if (NYT / "answers.txt").exists()
        else terminal("play", "--variant", "woodle")
    )
    first = t.read_until("? ")
    assert "woodle:" in first
    suggestion = first.split("> ")[1].split(" (")[0]
    t.type("4 2")  # more marks than tiles: refused, the game as it was
    said = t.read_until("? ")
    assert "4 greens and 2 yellows are more than 5 tiles" in said
    t.type("")  # the game refused the word: the next suggestion differs
    said = t.read_until("? ")
    assert f"{suggestion}: refused by the game" in said
    second = said.split("> ")[1].split(" (")[0]
    assert second != suggestion
    t.type("0 0")
    said = t.read_until("? ")
    assert f"{second} 0🟩 0🟨" in said
    t.type("undo")
    assert f"took back the row for {second}" in t.read_until("? ")
    t.type("5 0")
    assert "Solved in 1 guess." in t.rest()
    assert t.wait() == 0


def test_play_peaks_takes_its_arrows_and_refuses_wordles_marks():
    result = run_in_process("play", "--variant", "peaks", input_text="g.y..\nggggg\n")
    assert "unknown mark '.'; type one of ^/v/g a tile" in result.stdout
    assert "Solved in 1 guess." in result.stdout
    assert result.returncode == 0


@pytest.mark.parametrize(
    ("lang", "answer", "shown"),
    [("es", "ñandú", "ÑANDU"), ("ru", "крона", "КРОНА"), ("tr", "kitap", "KİTAP")],
)
def test_solve_each_variant_in_each_script(lang, answer, shown):
    for name in ("fibble", "warmle", "peaks", "woodle", "hardle"):
        result = run_in_process("solve", "--variant", name, "--lang", lang, answer)
        assert result.returncode == 0, (name, result.stderr)
        assert result.stdout.splitlines()[-2].startswith(shown), (name, result.stdout)
        assert "Solved in" in result.stdout


def test_solve_xordle_finds_both_answers():
    result = run_in_process("solve", "--variant", "xordle", "cigar", "mound", "--json")
    game = json.loads(result.stdout)
    words = [turn["word"] for turn in game["guesses"]]
    assert game["won"] and {"cigar", "mound"} <= set(words)
    assert game["score"] == len(words) <= 9


def test_solve_nerdle_classic_and_mini():
    classic = json.loads(
        run_in_process("solve", "--variant", "nerdle", "10+20=30", "--json").stdout
    )
    assert classic["won"] and classic["guesses"][-1] == {"word": "10+20=30", "row": "gggggggg"}
    mini = run_in_process("solve", "--variant", "nerdle", "4*7=28")
    assert mini.returncode == 0 and "4*7=28 🟩🟩🟩🟩🟩🟩" in mini.stdout


def test_antiwordle_survives_and_keeps_to_its_rules():
    game = json.loads(run_in_process("solve", "--variant", "antiwordle", "cigar", "--json").stdout)
    assert game["guesses"][-1]["word"] == "cigar"  # the game ends when the answer is hit
    assert game["score"] == len(game["guesses"]) - 1 >= 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["solve", "--variant", "fibbel", "cigar"], "unknown variant 'fibbel'; choose one of"),
        (["solve", "--variant", "fibble", "--boards", "2", "cigar"], "not with --boards"),
        (["solve", "--variant", "fibble", "--hard", "cigar"], "not with --hard"),
        (["solve", "--variant", "peaks", "--strategy", "minimax", "cigar"], "not minimax"),
        (["solve", "--variant", "nerdle", "1+2+3=6"], "played with 5, 6, 8, 10 tiles, not 7"),
        (["solve", "--variant", "nerdle", "10+20=31"], "is not a nerdle answer of 8 tiles"),
        (["solve", "--variant", "nerdle", "--lang", "es", "10+20=30"], "plays its own words"),
        (["solve", "--variant", "xordle", "cigar", "crane"], "CIGAR and CRANE share a letter"),
        (["solve", "--variant", "xordle", "cigar"], "needs 2 answers"),
        (["review", "--variant", "antiwordle", "stare=....."], "scored by the guesses survived"),
        (["review", "--variant", "fibble", "stare"], "give each turn as WORD=ROW"),
        (["review", "--variant", "woodle", "stare=0g9y"], "0 greens and 9 yellows are more"),
        (["play", "--variant", "nerdle", "-k", "8", "--start", "1+1=2"], "is not 8 tiles"),
    ],
)
def test_what_cannot_be_played_is_one_line(args, message):
    assert message in one_line_error(run_in_process(*args))


@needs_nyt
def test_bench_a_variant_on_the_standard_lists_and_alike_with_two_workers():
    args = ["bench", "--variant", "fibble", "--limit", "12", "--json", *STANDARD]
    one = json.loads(run_in_process(*args, "--workers", "1").stdout)
    two = json.loads(run_in_process(*args, "--workers", "2").stdout)
    assert one["variant"] == "fibble" and one["games"] == 12 and one["failures"] == 0
    timing = ("seconds", "slowest_game_seconds", "games_per_second")
    assert {k: v for k, v in one.items() if k not in timing} == {
        k: v for k, v in two.items() if k not in timing
    }


@needs_nyt
def test_bench_antiwordle_reports_the_guesses_survived():
    result = run_in_process("bench", "--variant", "antiwordle", "--limit", "3", *STANDARD)
    assert result.returncode == 0
    assert result.stdout.startswith("games 3  survived: mean ")


def test_xordle_reaches_a_pair_past_its_likeliest_answers():
    """Xordle's pairs are first made of the 3 000 likeliest answers; CYPHER and BLONDS are
    not both among them, so the pairs are made again once the rows leave few answers."""
    game = json.loads(
        run_in_process("solve", "--variant", "xordle", "cypher", "blonds", "--json").stdout
    )
    assert game["won"], game
    assert {"cypher", "blonds"} <= {turn["word"] for turn in game["guesses"]}


def test_review_a_fibble_game_turn_by_turn():
    """The rows as the game showed them (a lie in each): the solver's own game, reviewed,
    matches its best guess every turn (skill 99) and the verdict says it was solved."""
    game = json.loads(run_in_process("solve", "--variant", "fibble", "cigar", "--json").stdout)
    turns = [f"{t['word']}={t['row']}" for t in game["guesses"]]
    review = json.loads(run_in_process("review", "--variant", "fibble", *turns, "--json").stdout)
    assert [t["skill"] for t in review["turns"]] == [99] * len(turns)
    assert all(t["guess"] == t["best_guess"] for t in review["turns"])
    assert review["won"] and review["verdict"].startswith(
        f"Solved in {len(turns)}: excellent play"
    )
    befores = [t["possible_before"] for t in review["turns"]]
    assert befores == sorted(befores, reverse=True) and review["turns"][-1]["possible_after"] == 0


def test_play_lists_chances_and_says_when_a_row_may_have_been_a_win():
    """Hardle's ANGEL all green: the answer, or an anagram (GLEAN, LANGE) with the colours
    swapped; the game alone knows, so play says both and goes on. list shows the words left
    with their chances."""
    result = run_in_process(
        "play", "--variant", "hardle", "--start", "angel", input_text="ggggg\nlist\n"
    )
    out = result.stdout
    assert "if the game ended there, it was won in 1 guess; if not, go on:" in out
    assert "> GLEAN (2 words)" in out  # the anagrams of ANGEL, its colours swapped
    assert "GLEAN 100.0%  LANGE 0.016%" in out
