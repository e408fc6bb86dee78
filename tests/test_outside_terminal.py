"""Past the dictionary in `lenwordle play`, typed at the prompt (helpers.Typist): the note that
no word lenwordle knows fits is said once, on the turn it first becomes true, not again on
each turn after (nor its hint); after `undo` it is said again when it becomes true again.
In English, Spanish (ñ, accents folded), Russian and Turkish (ı, ğ)."""

import pytest
from helpers import run_in_process, terminal, wordlist

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
def test_the_note_is_said_once_when_it_becomes_true(code, answer, played, first):
    fold = LANGUAGES[code].alphabet().fold

    def player():
        said = [(yield)]
        for word in played:
            said.append((yield f"{word} {reply_for(fold(word), fold(answer))}"))
        notes = [turn.count(OUTSIDE) for turn in said[1:]]
        assert notes == [1 if turn == first else 0 for turn in range(len(played))]
        assert sum(turn.count(HINT) for turn in said) == 1
        # the last turn taken back, and played again: still known
        assert "took back" in (yield "undo")
        assert OUTSIDE not in (yield f"{played[-1]} {reply_for(fold(played[-1]), fold(answer))}")
        rest = yield f"{answer} {'g' * len(answer)}"
        assert f"Solved in {len(played) + 1} guesses." in rest

    assert run_in_process("play", "--lang", code, input_text=player()).returncode == 0


def test_after_undo_past_the_turn_it_became_true_it_is_said_again():
    def player():
        yield
        for _ in range(2):
            assert (yield f"zebra {reply_for('zebra', 'zebqa')}").count(OUTSIDE) == 1
            assert "took back the feedback for ZEBRA" in (yield "undo")
        assert "Solved in 1 guess." in (yield "zebqa ggggg")

    run_in_process("play", input_text=player())


def test_on_several_boards_each_board_says_it_once():
    words = "crane slate moist lucky vivid pound fuzzy table chair brown".split()
    state = GameState.new(wordlist(words), uniform=True)
    session = Session(make("entropy"), Boards.new(state, Rules(5, boards=2)))
    answers = ["moist", "zebqa"]  # board 2's answer: no word of the list
    said = []
    for guess in ["crane", "slate", "lucky"]:
        event = session.handle(f"{guess} " + " ".join(reply_for(guess, a) for a in answers))
        said.append([line for line in terminal(session, event) if OUTSIDE in line])
    assert said == [
        [
            f"board 2: note: {OUTSIDE}; keep typing WORD FEEDBACK (all green ends "
            "the game), or undo a typo"
        ],
        [],
        [],
    ]
