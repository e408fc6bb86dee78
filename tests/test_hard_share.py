"""A game of hard mode says so in its share grid, as the daily games do: `lenwordle 3/6*`,
`X/6*` when lost, and no mark when not hard; in every face that makes the grid (the engine's
grid, the API's Game and practice, `play --hard`, `practice --hard`, the page's routes)."""

import pytest
from helpers import invoke

from lenwordle import Game
from lenwordle.api.practice import practice
from lenwordle.engine.boards import share_grid
from lenwordle.engine.feedback import reply_for

SECRET = "porch"  # practice(seed=3)'s secret
WON = ["crane", "chord", "porch"]  # each guess uses every hint before it (hard mode's rule)
LOST = ["crane", "chord", "torch"]  # ...and three of them lose a game of three guesses


def turns(guesses):
    return [(g, reply_for(g, SECRET)) for g in guesses]


def test_the_grid_of_a_hard_game_is_marked_and_another_is_not():
    assert share_grid(turns(WON), True, 6, hard=True).splitlines()[0] == "lenwordle 3/6*"
    assert share_grid(turns(WON), True, 6).splitlines()[0] == "lenwordle 3/6"
    assert share_grid(turns(LOST), False, 3, hard=True).splitlines()[0] == "lenwordle X/3*"
    assert share_grid(turns(LOST), False, 3).splitlines()[0] == "lenwordle X/3"


@pytest.mark.parametrize("hard, mark", [(True, "*"), (False, "")])
def test_the_apis_game_marks_hard_mode(hard, mark):
    game = Game(5, hard=hard)
    for word in WON:
        game.tell(reply_for(word, SECRET), word=word)
    assert game.done and game.share().splitlines()[0] == f"lenwordle 3/6{mark}"


@pytest.mark.parametrize("hard, mark", [(True, "*"), (False, "")])
def test_a_practice_game_won_and_lost_marks_hard_mode(hard, mark):
    won = practice(seed=3, hard=hard)
    for word in WON:
        won.guess(word)
    assert won.won and won.share().splitlines()[0] == f"lenwordle practice 3/6{mark}"
    lost = practice(seed=3, hard=hard, max_guesses=3)
    for word in LOST:
        lost.guess(word)
    assert lost.done and not lost.won
    assert lost.share().splitlines()[0] == f"lenwordle practice X/3{mark}"
    assert lost.share(high_contrast=True).splitlines()[0] == f"lenwordle practice X/3{mark}"


def test_play_hard_and_practice_hard_print_the_mark(tmp_path):
    lines = "".join(f"{w} {reply_for(w, SECRET)}\n" for w in WON)
    out = invoke("play", "--hard", input_text=lines).stdout.splitlines()
    assert out[out.index("Solved in 3 guesses.") + 1] == "lenwordle 3/6*"
    out = invoke("play", input_text=lines).stdout.splitlines()
    assert out[out.index("Solved in 3 guesses.") + 1] == "lenwordle 3/6"
    typed = "".join(f"{w}\n" for w in WON)
    args = ["practice", "--seed", "3", "--data-dir", str(tmp_path)]
    out = invoke(*args, "--hard", input_text=typed).stdout.splitlines()
    assert out[out.index("Solved in 3 guesses.") + 1] == "lenwordle practice 3/6*"
    lost_lines = "".join(f"{w}\n" for w in LOST)
    lost = invoke(*args, "--hard", "--max-guesses", "3", input_text=lost_lines)
    assert "lenwordle practice X/3*" in lost.stdout.splitlines()
