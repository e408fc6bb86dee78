"""The grid to paste at the end of a game, headed as the games head theirs: N/L on one board
(X/L when lost, L the rules' limit), the guess that solved each board on several."""

from helpers import invoke

from lenwordle.engine.feedback import reply_for, tiles
from lenwordle.games.play import share_grid, solved_at


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
