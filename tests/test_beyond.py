"""Past the dictionary: the letter chances, the information tables and the probe."""

import numpy as np
from helpers import wordlist

from lenwordle.engine.beyond import (
    board_fitting,
    determined,
    information_tables,
    letter_chances,
    probe,
    probe_scores,
    split_scores,
)
from lenwordle.engine.boards import Boards
from lenwordle.engine.constraints import clues
from lenwordle.engine.feedback import reply_for
from lenwordle.engine.rules import Rules
from lenwordle.engine.state import GameState
from lenwordle.games.session import HINT, NO_FIT, Session
from lenwordle.strategies.registry import make
from lenwordle.words.alphabet import AZ
from lenwordle.words.letters import encode_word

A, B, C, D = range(4)


def test_letter_chances_keep_the_clues_and_the_frequencies_by_position():
    c = clues((("ab", "g."),), 2)  # A in place 1; no B
    codes = np.array([encode_word(w) for w in ["ab", "ac", "bc", "cd", "ad", "dd"]])
    chances = letter_chances(c, codes)
    assert chances[0, A] == 1 and chances[0].sum() == 1  # the green letter alone
    assert chances[1, B] == 0  # absent: never, though a word has it there
    assert np.allclose(chances[1, [C, D]], [2 / 5, 3 / 5]) and np.isclose(chances[1].sum(), 1)
    first, again = information_tables(c, chances)
    assert first[0, A] == 0 and again[0, A] == 0  # probing a green tells nothing
    assert first[1, B] == 0 and first[0, B] == 0  # nor an absent letter
    h = -(0.4 * np.log2(0.4) + 0.6 * np.log2(0.6))
    assert np.isclose(first[1, C], h)  # green or grey (C may be only in place 2)
    assert np.isclose(first[0, C], h)  # in place 1 (green A): yellow or grey, as likely
    assert np.isclose(again[1, C], h) and again[0, C] == 0


def test_a_present_letter_not_placed_is_raised_where_it_may_be():
    c = clues((("ab", ".y"),), 2)  # B is present, not in place 2 (nor A anywhere): place 1
    chances = letter_chances(c, np.array([encode_word(w) for w in ["ba", "bc", "cb", "dd"]]))
    assert chances[0, B] == 1 and chances[0].sum() == 1 and chances[1, B] == 0
    first, _ = information_tables(c, chances)
    assert first[0, B] == 0 and first[1, B] == 0  # certain: probing B tells nothing
    c = clues((("abc", ".y."),), 3)  # B in place 1 or 3: at least even odds in each
    codes = np.array([encode_word(w) for w in ["bdd", "ddd", "ddd", "ddd", "dbd"]])
    chances = letter_chances(c, codes)
    assert np.allclose(chances[:, B], [0.5, 0, 0.5]) and np.allclose(chances.sum(1), 1)
    assert np.allclose(chances[:, D], [0.5, 1, 0.5])  # the rest, as the words have it


WORDS = [
    "crane", "flamy", "slate", "bight", "pudgy", "whisk", "clamp", "dolts",
    "gloat", "ghoul", "plumb", "oxbow", "blimp", "twang", "buxom", "kudzu",
]  # fmt: skip


def outside_state(hard: bool = False) -> GameState:
    """Return a game against GLAMP, which the words lack: none fits CRANE, then FLAMY."""
    state = GameState.new(wordlist(WORDS), uniform=True, hard=hard)
    for guess in ("crane", "flamy"):
        state = state.after(guess, reply_for(guess, "glamp"))
    assert len(state.candidate_rows) == 0
    return state


def test_the_probe_tests_unknown_letters_and_no_absent_one():
    state = outside_state()
    word = probe([state])
    tested = set("craneflamy")
    absent = set("crnefy")
    assert not set(word) & absent and set(word) - tested
    # the most bits over the strings that fit (_ L A M _), of every allowed word and string
    strings = board_fitting(state).strings
    assert board_fitting(state).complete and len(strings) == 20**2  # (no C E F N R Y)
    bits, _ = split_scores(np.concatenate([state.allowed.codes, strings]), strings)
    assert np.isclose(split_scores(state.encode(word)[None], strings)[0][0], bits.max())
    scores = probe_scores([state], state.allowed.codes)  # the estimate: what it tells
    assert scores[state.allowed.index[word]] > 0
    assert probe([state.refuse(word)]) not in ("", word)  # refused: the next best


def test_the_probe_keeps_hard_mode():
    state = outside_state(hard=True)
    word = probe([state])
    assert word[1:4] == "lam"  # only a word keeping the greens is legal: CLAMP
    # no legal word is left but FLAMY, played: a string that fits every reply (so keeps
    # hard mode), not one refused
    fitting = probe([state.refuse(word)])
    assert fitting != word and fitting[1:4] == "lam"
    assert all(reply_for(guess, fitting) == reply for guess, reply in state.history)


def test_on_two_boards_list_says_per_board_and_the_probe_comes_when_none_fits():
    state = GameState.new(wordlist(WORDS), uniform=True)
    session = Session(make(), Boards.new(state, Rules(5, boards=2)))
    for guess in ("crane", "flamy"):  # board 1: GLAMP (not a word here), board 2: PLUMB
        event = session.handle(f"{guess} {reply_for(guess, 'glamp')} {reply_for(guess, 'plumb')}")
    assert HINT in event.lines and session.counts() == [0, 2]
    assert not session.probing  # board 2 still has words: the usual choice
    assert session.handle("list").lines == [
        f"board 1: 0 possible: {NO_FIT}",
        "  pattern: _ L A M _",
        "  absent:  C E F N R Y",
        # _ L A M _: any of the 20 letters not absent at places 1 and 5
        f"  past the dictionary: {len(set(AZ) - set('cefnry')) ** 2} strings of letters "
        "fit every reply",
        "board 2: 2 possible:",
        "  BLIMP  50.0%",
        "  PLUMB  50.0%",
    ]
    session.handle(f"plumb {reply_for('plumb', 'glamp')} ggggg")  # board 2 solved
    assert session.probing and session.guess and not set(session.guess) & set("cefnryub")
    assert session.handle("list").lines[0] == f"board 1: 0 possible: {NO_FIT}"


def test_a_word_the_clues_leave_one_letter_at_each_place_is_suggested_itself():
    state = GameState.new(wordlist(["crane", "slate", "pudgy", "gibed", "tares", "clonk"]))
    for guess in ["tares", "clonk", "llama", "flamm"]:
        state = state.after(guess, reply_for(guess, "glamp"))
    assert len(state.candidate_rows) == 0
    assert determined(state) == ""  # _ L A M _: the first and last letters unknown
    assert probe([state]) != "glamp"
    state = state.after("pudgy", reply_for("pudgy", "glamp"))  # P and G, neither at 1 or 4
    assert determined(state) == "glamp" and probe([state]) == "glamp"  # G at 1, P at 5
    assert probe([state.refuse("glamp")]) != "glamp"  # refused by the game: not again
