"""Past the dictionary in `lenwordle play`, through a real pseudo-terminal: the note that no
word lenwordle knows fits is said once, on the turn it first becomes true, not again on
each turn after (nor its hint); after `undo` it is said again when it becomes true again.
In English, Spanish (ñ, accents folded), Russian and Turkish (ı, ğ)."""

import pytest
from helpers import wordlist

from lenwordle.engine.boards import Boards
from lenwordle.engine.feedback import reply_for
from lenwordle.engine.rules import Rules
from lenwordle.engine.state import GameState
from lenwordle.games.session import Session
from lenwordle.strategies.registry import make
from lenwordle.words.languages import LANGUAGES

OUTSIDE = "no word lenwordle knows fits: the answer is outside its dictionary"
HINT = "no known word fits; type list to see what is known"

# (language, the answer no known word is, the words played: the note is true from `first`)
GAMES = [
    ("en", "zebqa", ["zebra", "crane", "moist"], 0),
    ("es", "perrñ", ["perro", "cañón", "mundo"], 1),
    ("ru", "кобрй", ["кобра", "милый", "город"], 1),
    ("tr", "kalğz", ["kalem", "kalın", "sarın", "güzel", "bulut"], 3),
]


@pytest.mark.parametrize("code, answer, played, first", GAMES)
def test_the_note_is_said_once_when_it_becomes_true(terminal, code, answer, played, first):
    fold = LANGUAGES[code].alphabet().fold
    term = terminal("play", "--lang", code)
    said = [term.read_until("? ")]
    for word in played:
        term.type(f"{word} {reply_for(fold(word), fold(answer))}")
        said.append(term.read_until("? "))
    notes = [turn.count(OUTSIDE) for turn in said[1:]]
    assert notes == [1 if turn == first else 0 for turn in range(len(played))]
    assert sum(turn.count(HINT) for turn in said) == 1
    term.type("undo")  # the last turn taken back, and played again: still known
    assert "took back" in term.read_until("? ")
    term.type(f"{played[-1]} {reply_for(fold(played[-1]), fold(answer))}")
    assert OUTSIDE not in term.read_until("? ")
    term.type(f"{answer} {'g' * len(answer)}")
    assert f"Solved in {len(played) + 1} guesses." in term.rest()
    assert term.wait() == 0


def test_after_undo_past_the_turn_it_became_true_it_is_said_again(terminal):
    term = terminal("play")
    term.read_until("? ")
    for _ in range(2):
        term.type(f"zebra {reply_for('zebra', 'zebqa')}")
        assert term.read_until("? ").count(OUTSIDE) == 1
        term.type("undo")
        assert "took back the feedback for ZEBRA" in term.read_until("? ")
    term.type("zebqa ggggg")
    assert "Solved in 1 guess." in term.rest()


def test_on_several_boards_each_board_says_it_once():
    words = "crane slate moist lucky vivid pound fuzzy table chair brown".split()
    state = GameState.new(wordlist(words), uniform=True)
    session = Session(make("entropy"), Boards.new(state, Rules(5, boards=2)))
    answers = ["moist", "zebqa"]  # board 2's answer: no word of the list
    said = []
    for guess in ["crane", "slate", "lucky"]:
        event = session.handle(f"{guess} " + " ".join(reply_for(guess, a) for a in answers))
        said.append([line for line in event.lines if OUTSIDE in line])
    assert said == [
        [
            f"board 2: note: {OUTSIDE}; keep typing WORD FEEDBACK (all green ends "
            "the game), or undo a typo"
        ],
        [],
        [],
    ]
