"""Variants from Python (docs/api.md#variants): Game(variant=...) with Game's face, each
variant's notation, a wrong reply leaving the game exactly as it was, and solve/bench."""

import re

import pytest
from helpers import run_in_process

import lenwordle
from lenwordle import Game, MoveError, SetupError, Taken, Undone
from lenwordle.cli.wording import lines_of, status
from lenwordle.engine.variants import variant
from lenwordle.engine.variants.notation import parse_shown, tiles_of


def snapshot(game):
    return (game.suggestion, game.count, game.turns, game.refused, game.done, game.share())


@pytest.fixture(scope="module")
def woodle():
    return Game(5, "en", variant="woodle")


def test_a_variant_game_is_a_game_with_its_name():
    game = Game(5, "en", variant="Peaks")
    assert type(game) is Game and type(Game(5, variant="wordle")) is Game
    assert game.variant == "peaks" and Game(5).variant == "wordle"
    assert game.boards == 1 and game.counts == [game.count] and not game.probing


@pytest.mark.parametrize(
    "options, message",
    [
        ({"variant": "nope"}, "unknown variant 'nope'"),
        ({"variant": "fibble", "boards": 2}, "not with boards"),
        ({"variant": "fibble", "hard": True}, "not with hard"),
        ({"variant": "fibble", "strategy": "frequency"}, "strategy frequency cannot play"),
        ({"variant": "nerdle"}, "played with 5, 6, 8, 10 tiles, not 7"),
    ],
)
def test_options_a_variant_cannot_take_are_one_line_setup_errors(options, message):
    with pytest.raises(SetupError, match=message) as raised:
        Game(7 if options["variant"] == "nerdle" else 5, **options)
    assert "\n" not in str(raised.value) and "--" not in str(raised.value)


def test_woodle_takes_counts_and_shares_them(woodle):
    game = Game(5, variant="woodle")
    first, before = game.suggestion, game.count
    left = game.preview("2 1").left
    assert game.count == before  # unchanged
    game.tell("2 1")
    assert game.count == left[0] < before
    assert game.turns[0].guess == first and game.turns[0].replies == ("2g1y",)
    assert game.share().splitlines() == ["lenwordle woodle X/8", "2🟩 1🟨"]
    chances = game.possible(limit=5)
    assert len(chances) == 5 and all(c.word.isupper() for c in chances)
    assert chances[0].chance >= chances[-1].chance
    assert sum(c.chance for c in game.possible(limit=10_000)) == pytest.approx(1)


@pytest.mark.parametrize(
    "reply, word",
    [
        ("9 9", None),  # more than five tiles
        ("green", None),  # not counts
        ("5 0", "xylyl"),  # five greens: it would be the answer, and it is none
        ("1 1", "zzzzzz"),  # six letters
        ("1 1", "cr4ne"),  # a digit
    ],
)
def test_a_wrong_woodle_move_is_a_move_error_and_the_game_is_as_it_was(reply, word):
    game = Game(5, variant="woodle")
    game.tell("1 1")
    before = snapshot(game)
    with pytest.raises(MoveError) as raised:
        game.tell(reply, word=word)
    assert "\n" not in str(raised.value)
    assert snapshot(game) == before


def test_refuse_and_undo_in_a_variant(woodle):
    game = Game(5, variant="woodle")
    first = game.suggestion
    game.refuse()
    assert game.suggestion != first and first in game.refused
    game.tell("0 1")
    assert game.undo() == Undone(game.suggestion, refusal=False)
    assert game.undo() == Undone(first, refusal=True)
    assert game.suggestion == first and game.refused == [] and game.turns == []
    with pytest.raises(MoveError, match="nothing to undo"):
        game.undo()


def test_fibble_plays_to_a_win_with_lies():
    answer = "cigar"
    played = lenwordle.solve(answer, variant="fibble")
    game = Game(5, variant="fibble")
    for word, (row,) in played.turns:
        game.tell(row, word=word)
    assert game.done and game.won and game.suggestion is None
    assert game.share().splitlines()[0] == f"lenwordle fibble {len(played.turns)}/9"
    with pytest.raises(MoveError, match="the game is over"):
        game.tell("ggggg")
    game.undo()  # the end taken back
    assert not game.done and game.suggestion


def test_peaks_in_russian_takes_arrows():
    game = Game(5, "ru", variant="peaks")
    word = game.suggestion
    assert all("А" <= ch <= "я" or ch == "Ё" for ch in word)
    game.tell("^v^gv")
    assert game.turns[0].replies == ("^v^gv",)
    code = parse_shown(variant("peaks"), "^v^gv", 5)
    assert game.share().splitlines()[1] == tiles_of(variant("peaks"), code, 5) == "🔼🔽🔼🟩🔽"
    before = snapshot(game)
    with pytest.raises(MoveError, match="unknown mark 'y'"):
        game.tell("^vy^^")
    assert snapshot(game) == before


def test_xordle_finds_two_answers():
    played = lenwordle.solve("fuzzy", "chant", variant="xordle")
    assert played.won and {w for w, (r,) in played.turns if r == "ggggg"} == {"fuzzy", "chant"}
    game = Game(5, variant="xordle")
    for word, (row,) in played.turns[:-1]:
        game.tell(row, word=word)
    # told only the rows (not that CHANT was found), pairs in which another word shows
    # CHANT's all green stay possible; FUZZY is still the likeliest by far
    assert not game.done and game.suggestion == "FUZZY" and game.possible()[0].chance > 0.5
    game.tell("ggggg")
    assert game.won and game.counts == [None]
    with pytest.raises(SetupError, match="share a letter"):
        lenwordle.solve("crane", "candy", variant="xordle")
    with pytest.raises(SetupError, match="xordle needs 2 answers, not 1"):
        lenwordle.solve("crane", variant="xordle")


def test_nerdle_plays_equations():
    game = Game(8, variant="nerdle")
    assert "=" in game.suggestion and len(game.suggestion) == 8
    game.tell(".....ggg", word="10-2*3=4")
    assert game.turns[0].guess == "10-2*3=4"
    with pytest.raises(MoveError, match="tiles the game lacks"):
        game.tell("........", word="abcdefgh")
    played = lenwordle.solve("3+2*5=13", variant="nerdle")
    assert played.won and played.turns[-1][0] == "3+2*5=13"
    with pytest.raises(SetupError, match="not with words, answers or lang"):
        Game(8, "es", variant="nerdle")


def test_a_variant_has_one_board():
    game = Game(5, variant="peaks")
    with pytest.raises(MoveError, match="no board 1: they are numbered 0 to 0"):
        game.possible(board=1)
    with pytest.raises(MoveError, match="expected 1 reply, one per open board, not 2"):
        game.tell("^^^^^", "^^^^^")


def test_bench_takes_a_variant_and_workers_do_not_change_it():
    targets = ["crane", "moist", "vivid", "lucky"]
    result = lenwordle.bench(targets, variant="woodle")
    assert result.games == 4 and result.failed == []
    assert result.guesses == lenwordle.bench(targets, variant="woodle", workers=2).guesses
    pairs = lenwordle.bench(targets, variant="xordle")
    assert pairs.games == 4


@pytest.mark.parametrize("wrong", ["1+1=3", "9/0=0", "12=12"])
def test_nerdle_refuses_a_guess_that_is_no_equation_on_every_path(wrong):
    game = Game(5, variant="nerdle")
    before = snapshot(game)
    with pytest.raises(MoveError, match=f"{re.escape(wrong)} is no equation nerdle takes"):
        game.tell(".....", word=wrong)
    with pytest.raises(MoveError, match="no equation"):
        game.preview(".....", word=wrong)
    assert snapshot(game) == before
    with pytest.raises(SetupError, match="no equation"):
        lenwordle.review(wrong, "1+1=2", replies=[".....", "ggggg"], variant="nerdle")
    out = run_in_process("play", "--variant", "nerdle", "-k", "5", input_text=f"{wrong} .....\n")
    assert f"{wrong} is no equation nerdle takes; try again" in out.stdout


def test_a_variants_game_is_reviewed_from_its_rows_with_its_refusals():
    played = lenwordle.solve("crane", variant="woodle")
    words = [word for word, _ in played.turns]
    rows = [row for _, (row,) in played.turns]
    done = lenwordle.review(*words, replies=rows, variant="woodle")
    assert [t.guess for t in done.turns] == words and done.figures["won"]
    assert [t.reply for t in done.turns] == rows
    refused = lenwordle.review(*words, replies=rows, variant="woodle", refused={0: ("zymic",)})
    assert refused.turns[0].refused == ("zymic",)
    assert refused.turns[0].possible_before == done.turns[0].possible_before - 1
    with pytest.raises(SetupError, match="scored by the guesses survived"):
        lenwordle.review("crane", replies=["....."], variant="antiwordle")
    with pytest.raises(SetupError, match="reviewed from the row shown for each guess"):
        lenwordle.review("crane", answer="crane", variant="woodle")


def test_found_marks_the_word_just_played_not_past_a_refusal():
    game = Game(5, variant="hardle", start="angel")
    game.tell("ggggg")  # ANGEL, or an anagram with the colours swapped: the row cannot tell
    game.refuse()
    said = game.handle("found")
    assert lines_of(game, said.events) == [
        "the last move was a refusal; to mark ANGEL found, undo it first"
    ]
    assert not game.done
    game.undo()
    assert lines_of(game, game.handle("found").events) == ["Solved in 1 guess."] and game.won
    over = game.handle("found").events
    assert lines_of(game, over) == ["the game is over; undo takes the last move back"]


def test_xordles_count_of_words_never_rises_and_its_pairs_say_what_they_are():
    """SAINT .yyg. then PROLE .yy..: the pairs are first of the 3 000 likeliest answers, then
    made again of every answer the rows leave; the words counted are every answer the rows
    leave possible in some pair, so they only fall."""
    game = Game(5, variant="xordle", start="saint")
    counts, said = [game.count], [status(game)]
    game.tell(".yyg.")
    counts.append(game.count)
    said.append(status(game))
    game.tell(".yy..", word="prole")
    counts.append(game.count)
    said.append(status(game))
    assert counts == sorted(counts, reverse=True) and counts[-1] < counts[-2]
    assert said[1].endswith("pairs of the 3000 likeliest)") and "likeliest" not in said[2]
    assert game.possible(limit=1)[0].chance <= 1


def test_a_variants_review_refuses_a_turn_after_its_end_and_help_says_its_marks():
    with pytest.raises(SetupError, match="guess 2, LOINS, comes after the game was solved"):
        lenwordle.review("stare", "loins", replies=["ggggg", "ggggg"], variant="fibble")
    peaks_game = Game(5, variant="peaks")
    peaks = lines_of(peaks_game, peaks_game.handle("help").events)[0]
    assert peaks.startswith("Type the row the game showed (^ later, v earlier, g same)")
    assert "Wordle's colours" not in peaks and "found" in peaks
    wordle_game = Game(5)
    wordle = lines_of(wordle_game, wordle_game.handle("help").events)[0]
    assert wordle.startswith("Type the colours the game showed") and "found" not in wordle
    game = Game(8, variant="nerdle")  # WORD=FEEDBACK: the row after the last =
    assert game.handle("46-29=17=...y.gg.").taken == Taken("46-29=17", ("...y.gg.",))
    with pytest.raises(SetupError, match="no equation nerdle takes"):
        Game(5, variant="nerdle", start="1111=")
