"""The high-contrast (colour-blind) tiles, 🟧 green and 🟦 yellow, accepted wherever feedback
is typed: one board, a line of replies for several, and a real terminal."""

import re

import pytest
from helpers import wordlist

from lenwordle.engine.boards import Boards
from lenwordle.engine.feedback import parse_reply, reply_for
from lenwordle.engine.rules import Rules
from lenwordle.engine.state import GameState
from lenwordle.games.events import Taken
from lenwordle.games.session import Session
from lenwordle.strategies.registry import make

WORDS = "crane slate moist lucky vivid pound fuzzy table chair brown grate trace crate".split()


def high_contrast(reply: str, grey: str = "⬛") -> str:
    """Return a g/y/. reply as the high-contrast mode's tiles."""
    return "".join({"g": "🟧", "y": "🟦", ".": grey}[m] for m in reply)


@pytest.mark.parametrize(
    "tile, mark",
    [("🟧", "g"), ("🟦", "y"), ("🟩", "g"), ("🟨", "y"), ("⬛", "."), ("⬜", ".")],
)
def test_each_tile_means_its_colour(tile, mark):
    assert parse_reply(tile * 5, 5) == mark * 5


@pytest.mark.parametrize(
    "text, reply",
    [
        ("🟧🟦⬛⬛⬛", "gy..."),
        ("🟧🟦⬜⬜⬜", "gy..."),
        ("⬜🟦⬛🟧🟧", ".y.gg"),
        ("🟧\ufe0f🟦\ufe0f⬛⬛⬛", "gy..."),  # pasted with variation selectors
        ("🟧🟨⬛🟩🟦", "gy.gy"),  # both modes' tiles in one paste: still tiles
    ],
)
def test_high_contrast_tiles_mixed_with_grey(text, reply):
    assert parse_reply(text, 5) == reply


def test_a_high_contrast_tile_beside_letters_is_a_mix_of_notations():
    with pytest.raises(ValueError, match="mixes notations"):
        parse_reply("🟧y...", 5)


def test_one_board_takes_high_contrast_tiles():
    state = GameState.new(wordlist(WORDS), uniform=True)
    session = Session(make("entropy"), Boards.new(state))
    guess = session.guess
    event = session.handle(high_contrast(reply_for(guess, "crane")))
    assert event.taken == Taken(guess.upper(), (reply_for(guess, "crane"),))
    event = session.handle(f"crane {high_contrast('ggggg', '⬜')}")
    assert event.ended and event.ended.outcome.won


def test_a_line_of_replies_on_several_boards_takes_high_contrast_tiles():
    state = GameState.new(wordlist(WORDS), uniform=True)
    session = Session(make("entropy"), Boards.new(state, Rules(5, boards=3)))
    answers = ["crane", "moist", "lucky"]
    replies = [reply_for("slate", a) for a in answers]
    line = f"slate {high_contrast(replies[0])} {high_contrast(replies[1], '⬜')} {replies[2]}"
    event = session.handle(line)
    assert event.taken == Taken("SLATE", tuple(replies))
    assert session.position.history[-1] == ("slate", tuple(replies))


def test_high_contrast_tiles_pasted_in_a_real_terminal(terminal):
    term = terminal("play")
    guess = re.findall(r"> ([A-Z]+) ", term.read_until("? "))[-1].lower()
    term.type(high_contrast(reply_for(guess, "crane")))
    text = term.read_until("? ")
    assert "unknown feedback character" not in text
    assert re.findall(r"> ([A-Z]+) ", text)  # the game went on: a new suggestion
    term.type(f"crane {high_contrast('ggggg')}")
    rest = term.rest()
    assert "Solved in 2 guesses." in rest and term.wait() == 0
