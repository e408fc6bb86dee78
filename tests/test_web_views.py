"""What the page is sent (lenwordle/web/views.py), without a server: a reply's preview (what
it leaves, whether it solves a board and ends the game, a reply that cannot be said rather
than failed), the keyboard and its colours, and a move's notes in the page's words."""

import pytest

pytest.importorskip("starlette", reason="the [web] extra is not installed")

from lenwordle import Game  # noqa: E402
from lenwordle.api import Ended, Fit, Note, Outcome, Refusal  # noqa: E402
from lenwordle.web.views import game_view, key_states, keyboard, page_notes, preview_view  # noqa: E402


def test_an_all_green_reply_solves_the_board_and_ends_the_game():
    game = Game(5)
    said = preview_view(game, ["ggggg"], None)
    assert said["solves"] == [True] and said["ends"] and said["problem"] is None
    assert said["word"] == game.suggestion and said["letters"] == list(game.suggestion)


def test_a_reply_that_leaves_no_known_word_does_not_end_the_game():
    game = Game(11)  # an all-grey row of 11 letters: no word of the list gives it
    said = preview_view(game, ["." * 11], None)
    assert said["left"] == [0] and said["solves"] == [False] and not said["ends"]
    game.tell("." * 11)
    assert not game.done  # (as the preview said: the game goes on, past the list)


def test_a_reply_that_cannot_be_is_said_as_a_problem_with_the_game_unchanged():
    game = Game(5)
    said = preview_view(game, ["ggggy"], None)
    assert said["left"] is None and not said["ends"]
    assert said["problem"] == f"no word can give ggggy for {game.suggestion}"
    assert game.turns == [] and game.count == Game(5).count


def test_on_several_boards_one_solved_board_does_not_end_the_game_and_the_last_guess_does():
    game = Game(5, boards=2)
    said = preview_view(game, ["ggggg", "....."], None)
    assert said["solves"] == [True, False] and not said["ends"]
    for _ in range(game.limit - 1):  # every guess but the last, none solving a board
        game.tell("g....", ".g...", word="bbbbb")
    said = preview_view(game, ["g....", ".g..."], "bbbbb")
    assert said["solves"] == [False, False] and said["ends"]


def test_one_board_of_wordle_goes_on_past_its_limit_so_its_last_guess_does_not_end_it():
    game = Game(5)
    for _ in range(game.limit - 1):
        game.tell(".....", word="xxxxx")
    assert not preview_view(game, ["....."], "xxxxx")["ends"]
    assert not game_view(game)["strict"] and game_view(Game(5, boards=2))["strict"]


@pytest.mark.parametrize(
    "variant, won, other", [("peaks", "ggggg", "^^^^^"), ("woodle", "5 0", "1 0")]
)
def test_a_variants_winning_row_ends_its_game(variant, won, other):
    game = Game(5, variant=variant)
    assert preview_view(game, [won], None)["ends"]
    assert preview_view(game, [other], None)["solves"] == [False]


def test_the_keys_take_each_letters_best_reply_green_over_yellow_over_grey_a_board_each():
    game = Game(5, boards=2)  # against HIRES and TEPID
    game.tell("y.gy.", ".g.g.", word="eerie")
    game.tell(".yyy.", "g.y..", word="there")
    assert key_states(game) == [
        {"E": 1, "R": 2, "I": 1, "T": 0, "H": 1},  # R's green kept, E's yellow over its greys
        {"E": 2, "R": 0, "I": 2, "T": 2, "H": 0},  # E's green over its later yellow
    ]


def test_the_keys_are_the_games_letters_folded_as_it_folds_them():
    game = Game(5, "es")
    game.tell("g....", word="árbol")
    (states,) = key_states(game)
    assert states["A"] == 2 and "Á" not in states  # Á is typed on A, as the game folds it
    assert "Ñ" in keyboard(game) and len(keyboard(game)) == 27
    assert keyboard(Game(5, "ru"))[:3] == ["А", "Б", "В"]
    assert "İ" in keyboard(Game(5, "tr")) and "I" in keyboard(Game(5, "tr"))
    nerdle = Game(8, variant="nerdle")
    assert set("0123456789+-*/=") <= set(keyboard(nerdle)) and key_states(nerdle) is None


def test_a_moves_notes_name_nothing_the_page_cannot_do_and_no_outcome_twice():
    game = Game(11)
    notes = page_notes(game, game.tell("." * 11))
    assert notes[0].startswith("No word lenwordle knows fits: the answer is outside")
    assert not any("WORD FEEDBACK" in n or "type list" in n for n in notes)
    out = Outcome("out", 6, 6)
    assert page_notes(game, [Ended(Outcome("solved", 3, 6), 0, 1), Ended(out, 1, 1)]) == []
    boards = Game(5, boards=2)
    assert page_notes(boards, [Note("widened", 1)]) == [
        "Board 2: No word of the answer list fits: lenwordle suggests from every word it knows."
    ]
    assert page_notes(game, [Note("widened", None)])[0].startswith("No word of the answer")
    assert page_notes(game, [Note("list_hint"), Note("may_be_answer", word="saint")]) == []
    assert page_notes(game, [Note("all_refused")])[0].startswith("Every word that fits has been")
    assert page_notes(boards, [Refusal("CRANE")]) == ["CRANE: refused by the game."]
    fit = Fit(2, ("QZXQZ", "QZXQY"))
    assert page_notes(game, [Note("past_dictionary", fit=fit)]) == [
        "Past the dictionary: 2 strings of letters fit every reply: QZXQZ QZXQY."
    ]
