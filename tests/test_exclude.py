"""--exclude FILE: words that cannot be the answer (past answers), still allowed as guesses."""

import json

import pytest
from helpers import invoke, one_line_error, run_in_process, wordlist

import lenwordle
from lenwordle.api.setup import Settings
from lenwordle.engine.state import GameState
from lenwordle.words.wordlist import WordListError, bundled

WORDS = ["crane", "slate", "trace", "crate", "react", "cater", "carte", "caret"]


@pytest.fixture
def files(tmp_path):
    """Return (words file, exclude file of crate and react plus a word the list lacks)."""
    words = tmp_path / "words.txt"
    words.write_text("\n".join(WORDS) + "\n")
    past = tmp_path / "past.txt"
    past.write_text("crate\nREACT\nzzzzz\nlong words ignored\n")
    return words, past


def test_excluded_words_are_no_answers_but_stay_guesses():
    state = GameState.new(wordlist(WORDS))
    after = state.excluding(wordlist(["caret", "react", "zzzzz"]))  # caret: the first row
    assert sorted(after.candidate_words()) == sorted(set(WORDS) - {"caret", "react"})
    assert len(after.allowed) == len(WORDS) and after.suggestable.all()  # guesses as before
    assert len(state.candidate_rows) == len(WORDS)  # a new state: the old one is unchanged


def test_settings_exclude_and_refuse_to_exclude_every_answer(files, tmp_path):
    words, past = files
    state = Settings(words=words, exclude=past).state()
    assert len(state.candidate_rows) == len(WORDS) - 2
    everything = tmp_path / "all.txt"
    everything.write_text("\n".join(WORDS[:-1]) + "\n")  # all but one: one answer left
    assert len(Settings(words=words, exclude=everything).state().candidate_rows) == 1
    everything.write_text("\n".join(WORDS) + "\n")
    with pytest.raises(WordListError, match="leaves no possible answer"):
        Settings(words=words, exclude=everything).state()


def test_play_counts_the_excluded_words_out(files):
    words, past = files
    plain = invoke("play", "--words", str(words), input_text="")
    excluded = invoke("play", "--words", str(words), "--exclude", str(past), input_text="")
    assert f"({len(WORDS)} words)" in plain.stdout
    assert f"({len(WORDS) - 2} words)" in excluded.stdout


def test_solve_finds_an_excluded_answer_once_nothing_else_fits(files):
    words, past = files
    result = invoke("solve", "react", "--words", str(words), "--exclude", str(past), "--json")
    assert result.returncode == 0, result.stderr
    game = json.loads(result.stdout)
    assert game["solved"] and game["guesses"][-1]["word"] == "react"


def test_bench_and_review_take_it(files):
    words, past = files
    targets = past.parent / "targets.txt"
    targets.write_text("crane\nslate\n")
    bench = invoke(
        "bench", "--words", str(words), "--targets", str(targets), "--exclude", str(past)
    )
    assert bench.returncode == 0, bench.stderr
    for lists in (["--words", str(words)], ["--answers", str(words)]):  # default targets
        played = invoke("bench", *lists, "--exclude", str(past), "--json")
        assert json.loads(played.stdout)["games"] == len(WORDS) - 2, played.stderr
    review = invoke("review", "crane", "crane", "--words", str(words), "--exclude", str(past))
    assert review.returncode == 0, review.stderr
    assert f"{len(WORDS) - 2} -> 1" in review.stdout


@pytest.mark.parametrize("command", ["precompute-starters", "tree"])
def test_commands_without_answers_to_exclude_refuse_it(files, command):
    _, past = files
    assert "--exclude" in one_line_error(run_in_process(command, "--exclude", str(past)))


def test_an_empty_exclude_file_or_one_of_another_length_excludes_nothing(files, tmp_path):
    words, past = files
    empty, fives = tmp_path / "empty.txt", tmp_path / "fives.txt"
    empty.write_text("")
    fives.write_text("crane\nslate\n")
    for exclude in (empty, fives):  # fives: no word of 6 letters
        k = "5" if exclude == empty else "6"
        result = invoke("play", "-k", k, "--exclude", str(exclude), input_text="")
        assert result.returncode == 1 and "end of input" in result.stderr, result.stderr
        assert f"({len(bundled(int(k)))} words)" in result.stdout
    junk = tmp_path / "junk.txt"
    junk.write_text("not-a-word\n")  # a line that is not a word is still said
    assert "no words of length 5" in one_line_error(invoke("play", "--exclude", str(junk)))


def test_the_stored_opener_is_not_used_and_exclude_says_why(files):
    words, past = files
    result = invoke("play", "--exclude", str(past), input_text="")
    assert "note: --exclude changes the possible answers; computing the opener" in result.stderr


def test_the_library_says_why_in_its_own_terms(files):
    _, past = files
    game = lenwordle.Game(5, exclude=past)
    assert "exclude changes the possible answers; computing the opener" in game.notes
    assert not any("--" in note for note in game.notes)  # no flag of the command line
    sutom = lenwordle.Game(7, "fr", first_letter="P")
    assert "first_letter changes the possible answers; computing the opener" in sutom.notes
