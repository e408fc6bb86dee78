"""How a variant's rows are typed and shown (engine/variants/notation.py, and the game's
read, typing, tiles and example): Wordle's marks and tiles, Peaks' arrows, Woodle's counts,
each written out here by hand from the game's rules, and the messages that say why a row
typed is not one."""

import pytest
import variant_rules as rules
from helpers import wordlist

from lenwordle.engine.state import GameState
from lenwordle.engine.variants import UnknownVariant, variant
from lenwordle.engine.variants.notation import (
    example,
    marks_of,
    parse_shown,
    tiles_of,
)
from lenwordle.engine.variants.state import VariantGame

G, Y, _ = 2, 1, 0
WORDS = ["crane", "flame", "pills", "vague"]


def start(name):
    lists = GameState.new(wordlist(WORDS), uniform=True)
    return VariantGame.new(variant(name), lists)


def test_an_unknown_variant_is_refused_with_the_names_of_every_variant():
    with pytest.raises(UnknownVariant) as refused:
        variant("wordel")
    message = str(refused.value)
    assert message.startswith("unknown variant 'wordel'; choose one of wordle, fibble, ")
    names = message.split("choose one of ")[1].split(", ")
    assert set(names) == {
        *"wordle fibble xordle warmle peaks woodle hardle antiwordle nerdle".split()
    }


# Woodle: a row is a count of greens and of yellows, (k + 1) * greens + yellows


@pytest.mark.parametrize(("k", "greens", "yellows"), [(5, 2, 1), (5, 0, 5), (5, 4, 0), (8, 3, 2)])
def test_woodles_row_is_written_as_its_counts(k, greens, yellows):
    code = greens * (k + 1) + yellows
    woodle = variant("woodle")
    assert marks_of(woodle, code, k) == f"{greens}g{yellows}y"
    assert tiles_of(woodle, code, k) == f"{greens}🟩 {yellows}🟨"
    assert parse_shown(woodle, f"{greens} {yellows}", k) == code


def test_woodles_example_and_help_are_counts():
    assert example(variant("woodle"), 5) == "1 2"
    game = start("woodle")
    assert game.example() == "1 2"
    assert game.typing() == (
        "Type the row the game showed (the greens and the yellows, e.g. 2 1 (or 2g1y)), e.g. 1 2."
    )


def test_woodle_says_how_to_type_a_row_it_cannot_read():
    with pytest.raises(ValueError) as refused:
        parse_shown(variant("woodle"), "green", 5)
    assert str(refused.value) == "type the greens and the yellows, e.g. 2 1 (or 2g1y)"
    with pytest.raises(ValueError) as refused:  # the game adds no example of other marks
        start("woodle").read(["green"])
    assert str(refused.value) == "type the greens and the yellows, e.g. 2 1 (or 2g1y)"


# Wordle's marks and tiles (Warmle, Fibble, Xordle, Hardle: the same three marks)


def test_wordles_row_reads_every_notation_the_plain_game_takes():
    wordle = variant("wordle")
    want = rules.code((G, _, Y, _, _))
    assert parse_shown(wordle, "g.y..", 5) == want
    assert parse_shown(wordle, "20100", 5) == want  # digits, as the plain game reads them
    assert parse_shown(wordle, "🟩⬛🟨⬛⬛", 5) == want


def test_wordles_tiles_are_green_yellow_and_black_squares():
    code = rules.code((G, _, Y, _, G))
    assert tiles_of(variant("wordle"), code, 5) == "🟩⬛🟨⬛🟩"
    assert tiles_of(variant("warmle"), code, 5) == "🟩⬛🟨⬛🟩"
    assert marks_of(variant("wordle"), code, 5) == "g.y.g"
    assert start("fibble").tiles(code) == "🟩⬛🟨⬛🟩"


@pytest.mark.parametrize(
    ("k", "want"), [(1, "g"), (2, "g."), (3, "g.y"), (5, "g.y.."), (6, "g.y...")]
)
def test_the_example_row_is_a_green_a_grey_a_yellow_then_greys(k, want):
    assert example(variant("wordle"), k) == want


# Peaks: ^ the answer's letter is later, v earlier, g the same; shown as arrows


def test_peaks_row_is_shown_as_arrows_and_typed_as_its_marks():
    peaks = variant("peaks")
    code = rules.code((rules.LATER, rules.EARLIER, rules.SAME, rules.EARLIER))
    assert tiles_of(peaks, code, 4) == "🔼🔽🟩🔽"
    assert marks_of(peaks, code, 4) == "^vgv"
    assert parse_shown(peaks, "^vgv", 4) == code
    assert parse_shown(peaks, "🔼🔽🟩🔽", 4) == code
    assert parse_shown(peaks, "u d = <", 4) == code
    assert example(peaks, 5) == "g^v^^"


def test_peaks_refuses_a_mark_it_does_not_know():
    peaks = variant("peaks")
    with pytest.raises(ValueError) as refused:
        parse_shown(peaks, "^vgXv", 4)  # an X is no mark, not a space to skip
    assert str(refused.value) == "unknown mark 'X'; type one of ^/v/g a tile"
    with pytest.raises(ValueError) as refused:
        parse_shown(peaks, "^vg", 4)
    assert str(refused.value) == "the row has 3 marks, the word has 4 letters"


def test_a_games_refusal_of_a_row_gives_an_example_of_its_marks():
    game = start("peaks")
    with pytest.raises(ValueError) as refused:
        game.read(["^vgX^"])
    assert str(refused.value).endswith("a tile (e.g. g^v^^)")
    with pytest.raises(ValueError) as refused:
        game.read(["^vg"])
    assert str(refused.value) == "the row has 3 marks, the word has 5 letters (e.g. g^v^^)"
    with pytest.raises(ValueError) as refused:
        game.read(["^vg^^", "^vg^^"])
    assert str(refused.value) == "a peaks game takes one reply, not 2"
    assert game.read(["^^^^^"]) == 0


def test_a_variants_tiles_are_in_the_high_contrast_colours_when_asked():
    # the share grid of a player who typed 🟧 🟦 (games/session.py) is in those colours
    code = rules.code((G, _, Y, _, G))
    for name in ["fibble", "xordle", "hardle", "warmle"]:
        game = start(name)
        assert game.read(["🟧⬛🟦⬛🟧"]) == code
        assert game.tiles(code, high_contrast=True) == "🟧⬛🟦⬛🟧"
        assert game.tiles(code) == "🟩⬛🟨⬛🟩"
