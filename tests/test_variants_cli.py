"""--variant from the command line: play typed at line by line (helpers.Typist), solve and
bench, every script, and the one-line refusals."""

import json

import pytest
from helpers import NO_NYT, NYT, one_line_error, run_in_process

from lenwordle.games import bench, play

STANDARD = ["--answers", str(NYT / "answers.txt"), "--words", str(NYT / "guesses.txt")]
needs_nyt = pytest.mark.skipif(not (NYT / "answers.txt").exists(), reason=NO_NYT)


def test_play_woodle_in_a_terminal_a_wrong_row_changes_nothing():
    def player():
        first = yield
        assert "woodle:" in first
        suggestion = first.split("> ")[1].split(" (")[0]
        said = yield "4 2"  # more marks than tiles: refused, the game as it was
        assert "4 greens and 2 yellows are more than 5 tiles" in said
        said = yield ""  # the game refused the word: the next suggestion differs
        assert f"{suggestion}: refused by the game" in said
        second = said.split("> ")[1].split(" (")[0]
        assert second != suggestion
        said = yield "0 0"
        assert f"{second} 0🟩 0🟨" in said
        assert f"took back the feedback for {second}" in (yield "undo")
        assert "Solved in 1 guess." in (yield "5 0")

    lists = STANDARD if (NYT / "answers.txt").exists() else []
    assert (
        run_in_process("play", "--variant", "woodle", *lists, input_text=player()).returncode == 0
    )


def test_play_peaks_takes_its_arrows_and_refuses_wordles_marks():
    result = run_in_process("play", "--variant", "peaks", input_text="g.y..\nggggg\n")
    assert "unknown mark '.'; type one of ^/v/g a tile" in result.stdout
    assert "Solved in 1 guess." in result.stdout
    assert result.returncode == 0


@pytest.mark.parametrize(
    ("lang", "answer", "shown"),
    [("es", "ñandú", "ÑANDÚ"), ("ru", "крона", "КРОНА"), ("tr", "kitap", "KİTAP")],
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
    last = {"word": "10+20=30", "feedback": "gggggggg"}
    assert classic["won"] and classic["guesses"][-1] == last
    mini = run_in_process("solve", "--variant", "nerdle", "4*7=28")
    assert mini.returncode == 0 and "4*7=28 🟩🟩🟩🟩🟩🟩" in mini.stdout


def test_antiwordle_survives_and_keeps_to_its_rules():
    game = json.loads(run_in_process("solve", "--variant", "antiwordle", "cigar", "--json").stdout)
    assert game["guesses"][-1]["word"] == "cigar"  # the game ends when the answer is hit
    assert game["score"] == len(game["guesses"]) - 1 >= 2
    assert game["solved"] and not game["won"]  # the answer found at last: never won here


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["solve", "--variant", "fibbel", "cigar"], "unknown variant 'fibbel'; choose one of"),
        (["solve", "--variant", "fibble", "--boards", "2", "cigar"], "not with --boards"),
        (["solve", "--variant", "fibble", "--hard", "cigar"], "not with --hard"),
        (
            ["solve", "--variant", "peaks", "--strategy", "frequency", "cigar"],
            "cannot play a variant",
        ),
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
    turns = [f"{t['word']}={t['feedback']}" for t in game["guesses"]]
    review = json.loads(run_in_process("review", "--variant", "fibble", *turns, "--json").stdout)
    assert [t["skill"] for t in review["turns"]] == [99] * len(turns)
    assert all(t["guess"] == t["best_guess"] for t in review["turns"])
    assert review["won"] and review["verdict"].startswith(f"Solved in {len(turns)}")
    assert "excellent play" in review["verdict"]
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
    assert "if the game said ANGEL is an answer, type found; if not, go on:" in out
    assert "> GLEAN (2 words)" in out  # the anagrams of ANGEL, its colours swapped
    assert "2 possible:\n  GLEAN  100.0%\n  LANGE  0.016%\n" in out


def test_xordle_by_entropy_plays_the_last_pairs_answers():
    """With one pair left every guess tells nothing more: its answers are played."""
    game = json.loads(
        run_in_process(
            "solve", "--variant", "xordle", "--strategy", "entropy", "cigar", "mound", "--json"
        ).stdout
    )
    assert game["won"] and game["score"] <= 9


def test_review_takes_nerdles_equations_and_gives_rows_in_marks():
    args = ["review", "--variant", "nerdle", "46-29=17=...y.gg.", "3+2*5=13=gggggggg"]
    review = json.loads(run_in_process(*args, "--json").stdout)
    assert [t["guess"] for t in review["turns"]] == ["46-29=17", "3+2*5=13"]
    assert [t["reply"] for t in review["turns"]] == ["...y.gg.", "gggggggg"]
    assert review["won"]


@needs_nyt
def test_bench_pairs_xordles_first_targets_with_partners_from_every_target():
    """The standard answers begin with words that all have an A: each is paired with a
    later answer of the whole list."""
    args = ["bench", "--variant", "xordle", "--limit", "3", "--json", *STANDARD]
    figures = json.loads(run_in_process(*args).stdout)
    assert figures["games"] == 3 and figures["failures"] == 0


@pytest.mark.parametrize("name", ["woodle", "antiwordle"])
def test_bench_goes_on_when_the_game_refuses_every_guess_it_could(tmp_path, monkeypatch, name):
    """A game that accepts two words only: the solver runs out of guesses it may play
    (a game lost), and the bench says so in figures, not an error."""
    # the game gives up sooner (each refusal a choice made anew: 200 took a minute), as the
    # bench's grouping by opener does (forked workers inherit both)
    monkeypatch.setattr(play, "MAX_REFUSALS", 10)
    monkeypatch.setattr(bench, "MAX_REFUSALS", 10)
    accepted = tmp_path / "accepted.txt"
    accepted.write_text("cigar\nrebut\n")
    result = (
        run_in_process(
            "bench",
            "--variant",
            name,
            "--limit",
            "2",
            "--accepted",
            str(accepted),
            "--json",
            "--answers",
            str(NYT / "answers.txt"),
        )
        if (NYT / "answers.txt").exists()
        else None
    )
    if result is None:
        pytest.skip(NO_NYT)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["games"] == 2


@pytest.mark.parametrize(
    ("args", "answer"),
    [
        (["--lang", "es", "árbol"], "ÁRBOL"),  # the dictionary's spelling, shown
        (["--lang", "de", "--accents", "ss", "straße"], "STRASSE"),  # 7 tiles, ß as ss
        (["-k", "8", "3+2×5=13"], None),  # Nerdle's signs as a text gives them
    ],
)
def test_solve_reads_and_shows_words_as_the_game_spells_them(args, answer):
    name = "nerdle" if "-k" in args else "warmle"
    result = run_in_process("solve", "--variant", name, *args)
    assert result.returncode == 0, result.stderr
    last = result.stdout.splitlines()[-2]
    assert last.startswith(answer or "3+2*5=13"), result.stdout


def test_found_tells_play_the_word_was_an_answer():
    result = run_in_process(
        "play", "--variant", "hardle", "--start", "angel", input_text="ggggg\nfound\n"
    )
    assert "if the game said ANGEL is an answer, type found" in result.stdout
    assert "Solved in 1 guess." in result.stdout and result.returncode == 0
    again = run_in_process(
        "play", "--variant", "xordle", "--start", "value", input_text="ggggg\nfound\nfound\n"
    )
    assert "VALUE is marked already; undo to change it" in again.stdout
