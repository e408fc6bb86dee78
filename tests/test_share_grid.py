"""The grid to paste at the end of a game, headed as the games head theirs: N/L on one board
(X/L when lost, L the rules' limit), the guess that solved each board on several."""

import pytest
from helpers import invoke, run_in_process

from lenwordle.engine.boards import share_grid, solved_at
from lenwordle.engine.feedback import reply_for, tiles
from lenwordle.words.languages import LANGUAGES


def turns(guesses, answer):
    """Return (guess, reply) turns of one board."""
    return [(g, reply_for(g, answer)) for g in guesses]


def play_lines(guesses, answer):
    """Return `play` input typing each guess as WORD FEEDBACK against answer."""
    return "".join(f"{g} {reply_for(g, answer)}\n" for g in guesses)


FOUR = ["slate", "trace", "crate", "crane"]  # a win in four against CRANE
SIX_MISSES = ["slate", "trace", "crate", "grace", "brace", "place"]


def test_a_win_in_four_is_four_of_six():
    grid = share_grid(turns(FOUR, "crane"), True, 6).splitlines()
    assert grid[0] == "lenwordle 4/6"
    assert grid[1:] == [tiles(reply_for(g, "crane")) for g in FOUR]


def test_a_loss_is_x_of_the_limit():
    assert share_grid(turns(SIX_MISSES, "crane"), False, 6).splitlines()[0] == "lenwordle X/6"
    assert share_grid(turns(SIX_MISSES[:3], "crane"), False, 3).splitlines()[0] == (
        "lenwordle X/3"
    )


def test_the_limit_is_the_rules_limit_not_the_guesses_played():
    assert share_grid(turns(FOUR, "crane"), True, 8).splitlines()[0] == "lenwordle 4/8"
    assert share_grid(turns(FOUR[-1:], "crane"), True).splitlines()[0] == "lenwordle 1/6"


def test_several_boards_show_the_guess_that_solved_each_and_x_for_one_not_solved():
    answers = ("crane", "moist", "lucky")
    guesses = ["slate", "moist", "crane", "lucid", "plaid"]
    history = [  # a board solved earlier has no reply (None)
        (g, tuple(None if a in guesses[:turn] else reply_for(g, a) for a in answers))
        for turn, g in enumerate(guesses)
    ]
    assert solved_at(history) == [3, 2, None]
    grid = share_grid(history, False, 5).splitlines()
    assert grid[0] == "lenwordle 3 boards: 3 2 X"
    assert len(grid) == 1 + len(guesses)
    assert grid[3].startswith("🟩🟩🟩🟩🟩")  # board 1 solved by the third guess
    assert grid[4].startswith("\u3000" * 5 + " " + "\u3000" * 5 + " ")  # both left blank


def test_the_play_command_heads_its_grid_with_the_limit():
    won = invoke("play", input_text=play_lines(FOUR, "crane"))
    out = won.stdout.splitlines()
    assert won.returncode == 0 and out[out.index("Solved in 4 guesses.") + 1] == "lenwordle 4/6"
    eight = invoke("play", "--max-guesses", "8", input_text=play_lines(FOUR, "crane"))
    out = eight.stdout.splitlines()
    assert eight.returncode == 0 and out[out.index("Solved in 4 guesses.") + 1] == "lenwordle 4/8"
    lost = invoke("play", "--max-guesses", "6", input_text=play_lines(SIX_MISSES, "crane"))
    out = lost.stdout.splitlines()
    assert lost.returncode == 1
    head = out.index("Out of guesses: the board not solved in 6 guesses.") + 1
    assert out[head] == "lenwordle X/6" and len(out[head + 1 :]) == 6


def test_the_play_command_on_several_boards_shows_each_boards_guess():
    # board 1 CRANE solved by the second guess, board 2 MOIST never: three guesses allowed
    lines = (
        f"slate {reply_for('slate', 'crane')} {reply_for('slate', 'moist')}\n"
        f"crane ggggg {reply_for('crane', 'moist')}\n"
        f"lucky {reply_for('lucky', 'moist')}\n"
    )
    result = invoke("play", "--boards", "2", "--max-guesses", "3", input_text=lines)
    out = result.stdout.splitlines()
    assert result.returncode == 1
    head = out.index("Out of guesses: 1 of 2 boards not solved in 3 guesses.") + 1
    assert out[head] == "lenwordle 2 boards: 2 X" and len(out[head + 1 :]) == 3


def test_a_win_at_the_limit_counts_and_one_past_it_is_x():
    at = turns(SIX_MISSES[:5] + ["crane"], "crane")  # solved with the sixth guess
    assert share_grid(at, True, 6).splitlines()[0] == "lenwordle 6/6"
    past = turns(SIX_MISSES + ["crane"], "crane")  # solved with the seventh: the game ended
    assert share_grid(past, True, 6).splitlines()[0] == "lenwordle X/6"


# -- the trailing strip: the blanks of solved boards at the end of a row ------------------

BLANK = "\u3000" * 5  # a solved board's place: a space as wide as a tile, per letter


def test_a_row_ends_with_the_last_open_boards_tiles_not_the_blanks_after_it():
    answers = ("crane", "moist", "lucky")
    guesses = ["lucky", "moist", "slate", "crane"]  # board 3 solved first, then board 2
    history = [
        (g, tuple(None if a in guesses[:turn] else reply_for(g, a) for a in answers))
        for turn, g in enumerate(guesses)
    ]
    rows = share_grid(history, True, 6).splitlines()[1:]
    t = {g: [tiles(reply_for(g, a)) for a in answers] for g in guesses}
    assert rows == [
        " ".join(t["lucky"]),
        " ".join(t["moist"][:2]),  # board 3 solved: no blank, no space after board 2
        t["slate"][0],  # boards 2 and 3 solved: the row ends with board 1
        t["crane"][0],
    ]
    middle = [("moist", (reply_for("moist", "crane"), None, reply_for("moist", "lucky")))]
    assert share_grid(middle, False, 6).splitlines()[1] == " ".join(  # a blank between: kept
        [tiles(reply_for("moist", "crane")), BLANK, tiles(reply_for("moist", "lucky"))]
    )
    first = [("moist", (None, reply_for("moist", "crane")))]
    assert share_grid(first, False, 6).splitlines()[1] == (  # a blank first: kept
        BLANK + " " + tiles(reply_for("moist", "crane"))
    )


# -- the colours the player typed ---------------------------------------------------------

HIGH = {"g": "🟧", "y": "🟦", ".": "⬛"}


def high_contrast(reply: str, grey: str = "⬛") -> str:
    return "".join({**HIGH, ".": grey}[m] for m in reply)


def test_the_grid_in_high_contrast_uses_orange_and_blue():
    grid = share_grid(turns(FOUR, "crane"), True, 6, high_contrast=True).splitlines()
    assert grid[1:] == [high_contrast(reply_for(g, "crane")) for g in FOUR]
    assert not set("".join(grid[1:])) & set("🟩🟨")
    several = [("slate", (reply_for("slate", "crane"), None, reply_for("slate", "moist")))]
    row = share_grid(several, False, 6, high_contrast=True).splitlines()[1]
    assert row == " ".join(
        [
            high_contrast(reply_for("slate", "crane")),
            BLANK,
            high_contrast(reply_for("slate", "moist")),
        ]
    )


# (options, the answer, two guesses before it): typed in each script's game
GAMES = [
    ([], "crane", ["slate", "trace"]),
    (["--lang", "es"], "cañón", ["perro", "campo"]),
    (["--lang", "ru"], "ёжики", ["кобра", "книга"]),
    (["--lang", "tr"], "ılgın", ["kalem", "sarın"]),
]


def typed_game(options, answer, guesses, notation):
    """Return `play`'s output for the guesses then the answer, each reply in notation (a
    function of the g/y/. reply and the turn), against answer (in the game's letters)."""
    fold = LANGUAGES[options[1]].alphabet().fold if options else str
    replies = [reply_for(fold(g), fold(answer)) for g in [*guesses, answer]]
    lines = "".join(
        f"{g} {notation(r, turn)}\n"
        for turn, (g, r) in enumerate(zip([*guesses, answer], replies))
    )
    result = run_in_process("play", *options, input_text=lines)
    assert result.returncode == 0, result.stderr
    out = result.stdout.splitlines()
    head = out.index("Solved in 3 guesses.") + 1
    assert out[head] == "lenwordle 3/6"
    return out[head + 1 :], replies


@pytest.mark.parametrize("options, answer, guesses", GAMES)
def test_high_contrast_tiles_typed_come_back_in_the_grid(options, answer, guesses):
    grid, replies = typed_game(options, answer, guesses, lambda r, _: high_contrast(r))
    assert grid == [high_contrast(r) for r in replies]
    grid, replies = typed_game(options, answer, guesses, lambda r, _: high_contrast(r, "⬜"))
    assert grid == [high_contrast(r) for r in replies]  # (grey typed white: the grid's black)


@pytest.mark.parametrize("options, answer, guesses", GAMES[:2])
def test_one_turn_typed_in_high_contrast_makes_the_grid_high_contrast(options, answer, guesses):
    def first_only(reply, turn):
        return high_contrast(reply) if turn == 0 else reply

    grid, replies = typed_game(options, answer, guesses, first_only)
    assert grid == [high_contrast(r) for r in replies]


@pytest.mark.parametrize("options, answer, guesses", GAMES)
def test_game_tiles_or_letters_typed_give_the_games_colours(options, answer, guesses):
    for notation in (lambda r, _: tiles(r), lambda r, _: r):
        grid, replies = typed_game(options, answer, guesses, notation)
        assert grid == [tiles(r) for r in replies]


def test_a_high_contrast_turn_taken_back_leaves_the_games_colours():
    lines = (
        f"slate {high_contrast(reply_for('slate', 'crane'))}\nundo\n"
        f"slate {reply_for('slate', 'crane')}\ncrane ggggg\n"
    )
    result = run_in_process("play", input_text=lines)
    out = result.stdout.splitlines()
    head = out.index("Solved in 2 guesses.") + 1
    assert out[head + 1 :] == [tiles(reply_for("slate", "crane")), tiles("ggggg")]
