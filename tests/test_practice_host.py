"""The practice host's secrets and arguments: draws that cannot fail (Xordle's pair at every
length, dailies included), the words it hides and the coach's words bounded by what the
game takes (--accepted, hard mode), a day written only as the docs say, the API's own
errors for a path with NUL or a player no database can keep, no secret before the end, and
SUTOM's letter as the language writes it."""

import datetime

import pytest
from helpers import one_line_error, run_in_process

from lenwordle.api.checks import MoveError, SetupError
from lenwordle.api.practice import (
    check_statistics,
    day_of,
    last_review,
    practice,
    statistics,
)
from lenwordle.engine.feedback import reply_for
from lenwordle.engine.hard_mode import hard_mode_problem


@pytest.mark.parametrize("length", range(5, 12))
def test_xordle_is_drawn_at_every_length_its_two_answers_sharing_no_letter(length):
    for when in ({"date": "2026-01-10"}, {"seed": 3}, {"seed": 40}):
        game = practice(length=length, variant="xordle", **when)
        first, second = game.answers
        assert len(first) == len(second) == length
        assert not set(first) & set(second)
        again = practice(length=length, variant="xordle", **when)
        assert again.answers == game.answers  # (a draw by its key: the same for everyone)


def test_boards_answers_are_different_words_every_draw():
    for seed in range(5):
        game = practice(boards=8, seed=seed)
        assert len(set(game.answers)) == 8


def test_the_daily_xordle_plays_at_nine_letters_on_the_command_line():
    result = run_in_process(
        "practice", "--variant", "xordle", "-k", "9", "--date", "2026-01-10", input_text=""
    )
    assert "no 2 different answers" not in result.stdout + result.stderr
    assert "Guess the" in result.stdout


def test_an_accepted_file_bounds_the_secret_and_the_coach(tmp_path):
    accepted = tmp_path / "accepted.txt"
    words = ["crane", "slate", "moist", "pious", "fjord"]
    accepted.write_text("\n".join(words) + "\n")
    for seed in range(6):
        game = practice(seed=seed, accepted=accepted)
        (secret,) = game.answers
        assert secret in words
        while not game.done:
            hint = game.hint()
            assert hint.suggestion.lower() in words
            assert all(chance.word.lower() in words for chance in hint.likeliest)
            game.guess(hint.suggestion)
        assert game.won


@pytest.mark.parametrize("lang, seeds", [("es", range(40)), ("tr", range(20)), ("ru", range(10))])
def test_the_hard_mode_coach_suggests_only_words_the_game_takes(lang, seeds):
    for seed in seeds:
        game = practice(lang=lang, hard=True, seed=seed)
        for _ in range(3):
            if game.done:
                break
            suggestion = game.hint().suggestion
            assert suggestion is not None
            folded = game.settings.game_alphabet().fold(suggestion)
            assert folded in game.accepted, suggestion
            assert not hard_mode_problem(folded, game.position.history)
            game.guess(suggestion)  # (refused, it would raise)


def test_a_hint_counts_only_words_the_host_may_hide():
    from lenwordle.api.practice import hosting
    from lenwordle.api.setup import Settings

    pool = hosting(Settings(), None).pool
    assert "oprah" not in pool and "doyle" not in pool  # (names: the host never hides them)
    game = practice(seed=1)
    assert game.hint().count == len(pool)
    for guess in ("crane", "doily"):
        game.guess(guess)
    fitting = [
        word
        for word in pool
        if all(reply_for(r.guess.lower(), word) == r.replies[0] for r in game.rows)
    ]
    assert game.hint().count == len(fitting) and game.answers[0] in fitting


@pytest.mark.parametrize(
    "text", ["2026-W01-1", "20260101", "2026-1-1", "2026-001", "２０２６-01-01", "2026-01-01 "]
)
def test_a_day_not_written_yyyy_mm_dd_is_refused(text):
    with pytest.raises(SetupError, match="YYYY-MM-DD"):
        day_of(text)
    result = run_in_process("practice", "--date", text)
    assert "YYYY-MM-DD" in one_line_error(result)


def test_a_datetime_is_its_day_and_the_same_puzzle_as_its_date():
    day = datetime.date(2026, 1, 1)
    assert day_of("2026-01-01") == day_of(datetime.datetime(2026, 1, 1, 23, 59)) == day
    assert practice(date=datetime.datetime(2026, 1, 1, 12)).answers == practice(date=day).answers
    assert practice(date=day).when == "daily 2026-01-01"


@pytest.mark.parametrize(
    "call, name",
    [
        (lambda: practice(accepted="words\x00.txt"), "accepted"),
        (lambda: statistics(data_dir="a\x00b"), "data_dir"),
        (lambda: last_review(data_dir="a\x00b"), "data_dir"),
        (lambda: check_statistics(data_dir="a\x00b"), "data_dir"),
        (lambda: statistics(player="\udcff"), "player"),
        (lambda: last_review(player="\ud800x"), "player"),
    ],
)
def test_the_apis_wrong_arguments_raise_its_own_error_naming_them(call, name, tmp_path):
    with pytest.raises(SetupError, match=f"^{name} must be"):
        call()


def test_record_names_a_bad_player_or_folder_and_keeps_the_game(tmp_path):
    game = practice(seed=1)
    game.guess(game.answers[0])
    with pytest.raises(SetupError, match="^player must be"):
        game.record(tmp_path, player="\udcff")
    with pytest.raises(SetupError, match="^data_dir must be"):
        game.record("x\x00y")
    assert not game.recorded
    game.record(tmp_path, player="p")
    assert statistics(tmp_path, "p")[0].played == 1


def test_a_game_of_accepted_words_is_reviewed_later_with_its_answer(tmp_path):
    from lenwordle.api.practice import hosting
    from lenwordle.api.setup import Settings

    accepted = tmp_path / "accepted.txt"
    accepted.write_text("zygon\nxylyl\nqajaq\n")  # (rare words: none the host hides elsewhere)
    game = practice(seed=1, accepted=accepted)
    (secret,) = game.answers
    assert secret not in hosting(Settings(), None).pool
    miss = next(w for w in ("xylyl", "qajaq") if w != secret)
    game.guess(miss)
    game.guess(secret)
    game.record(tmp_path)
    finished, (board,) = last_review(tmp_path)
    assert finished.record["accepted"]
    assert [t.guess for t in board.turns] == [miss.upper(), secret.upper()]
    assert board.turns[0].possible_after >= 1  # (the answer among the words reviewed)
    assert board.figures["solved"] and board.figures["guesses"] == 2


def test_no_secret_is_told_before_the_end():
    game = practice(seed=2)
    assert game.secrets() == []
    game.guess("crane")
    assert game.secrets() == [] and game.finished().record["secrets"] == []
    game.guess(game.answers[0])
    assert game.secrets() == [game.answers[0].upper()]
    with pytest.raises(MoveError):
        game.guess("slate")


@pytest.mark.parametrize("seed, letter, capital", [(31, "i", "İ"), (94, "ı", "I")])
def test_turkish_sutom_shows_its_letter_as_turkish_writes_it(seed, letter, capital):
    (secret,) = practice(lang="tr", length=6, sutom=True, seed=seed).answers
    assert secret.startswith(letter)
    result = run_in_process(
        "practice", "--lang", "tr", "-k", "6", "--sutom", "--seed", str(seed), input_text=""
    )
    assert f"beginning with {capital} (" in result.stdout


def test_a_guess_and_its_reply_by_the_reference_scorer():
    game = practice(seed=9)
    row = game.guess("crane")
    assert row.replies == (reply_for("crane", game.answers[0]),)
