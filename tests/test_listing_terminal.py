"""`list` in `lenwordle play`, typed at the prompt (helpers.Typist): each word's chance, and
what is known when no word lenwordle knows fits (the answer outside its dictionary)."""

import re
from dataclasses import replace

import numpy as np
import pytest
from helpers import run_in_process, wordlist

from lenwordle.cli import wording
from lenwordle.cli.wording import percent
from lenwordle.engine.boards import Boards
from lenwordle.engine.constraints import known
from lenwordle.engine.feedback import reply_for
from lenwordle.engine.state import GameState
from lenwordle.games.events import BoardListing
from lenwordle.games.session import Session
from lenwordle.strategies.registry import make
from lenwordle.words.alphabet import AZ
from lenwordle.words.prior import prior
from lenwordle.words.wordlist import bundled

GUESS = re.compile(r"> ([A-Z]+) \((\d+) (known )?words?\)")


def listing():
    """Type `list`; return the lines it prints (the prompt after them left out)."""
    return (yield "list").splitlines()[:-1]


class Plain:
    """A one-board game as the terminal's wording asks it."""

    boards = 1


def listed(words, chances, count=None, rest=0.0):
    """Return the terminal's lines of one board's listing."""
    board = BoardListing(0, tuple(zip(words, chances)), count or len(words), rest)
    return wording.listing(Plain(), board)


def test_chances_are_weights_over_their_sum_with_one_decimal():
    state = GameState.new(wordlist(["chaat", "chapt", "chaft"]), uniform=True)
    weights = {"chaat": 0.612, "chapt": 0.2, "chaft": 0.0874}
    state = replace(state, weights=np.array([weights[w] for w in state.answers.strings]))
    (board,) = Session(make(), Boards.new(state)).listing().boards
    assert [w for w, _ in board.words] == ["CHAAT", "CHAPT", "CHAFT"]  # likeliest first
    assert [p for _, p in board.words] == pytest.approx(
        [0.612 / 0.8994, 0.2 / 0.8994, 0.0874 / 0.8994]
    )
    assert wording.listing(Plain(), board) == [
        "3 possible:",
        "  CHAAT  68.0%",  # 0.612 / 0.8994
        "  CHAPT  22.2%",
        "  CHAFT   9.7%",
    ]
    assert listed(["A", "B"], [1 / 3, 1 / 3], count=3, rest=1 / 3)[1:] == [
        "  A  33.3%",
        "  B  33.3%",
        "  ... and 1 more (33.3% together)",
    ]
    assert listed(["ZZ"], [1.0])[1:] == ["  ZZ  100.0%"]
    assert (percent(0.00095), percent(0.000949), percent(0.61249)) == ("0.1%", "0.095%", "61.2%")
    # below 0.1 %, two significant digits (a long list shows how its words differ), down to
    # 0.0001 %
    assert (percent(0.0000212), percent(0.00000996)) == ("0.0021%", "0.0010%")
    assert (percent(0.000001), percent(0.00000099)) == ("0.00010%", "<0.0001%")


def test_list_shows_each_word_with_its_chance_by_the_prior(tmp_path):
    words = ["chaat", "chapt", "chaft", "crane"]
    (tmp_path / "words.txt").write_text("\n".join(words) + "\n")
    known_words = bundled(5)
    rows = [known_words.index[w] for w in words]
    weights = prior(
        known_words.level_array()[rows],
        known_words.zipf_array()[rows],
        known_words.mark_array()[rows],
    )
    chances = sorted(zip(weights / weights.sum(), words), reverse=True)
    width = max(len(percent(p)) for p, _ in chances)  # right-aligned to the widest
    expected = [f"  {w.upper()}  {percent(p):>{width}}" for p, w in chances]
    assert [line.split()[1] for line in expected] == ["97.8%", "2.0%", "0.1%", "0.0086%"]

    def player():
        yield
        assert (yield from listing()) == ["4 possible:", *expected]

    run_in_process("play", "--words", str(tmp_path / "words.txt"), input_text=player())
    for option in ("--uniform", "--answers"):  # every word as likely

        def alike():
            yield
            lines = yield from listing()
            assert lines[0] == "4 possible:" and all(line.endswith(" 25.0%") for line in lines[1:])

        extra = [option] if option == "--uniform" else [option, str(tmp_path / "words.txt")]
        run_in_process("play", "--words", str(tmp_path / "words.txt"), *extra, input_text=alike())


@pytest.mark.parametrize("refuse_first", [False, True])
def test_past_the_dictionary_list_shows_what_is_known_and_probes_help(refuse_first):
    # GLAMP is not a word lenwordle knows; CRANE ..g.., PLUMB yg.g., SLAMS .ggg. leave none
    def player():
        yield
        yield "crane ..g.."
        yield "plumb yg.g."
        text = yield "slams .ggg."
        assert text.count("no known word fits; type list to see what is known") == 1
        word, count, known_ = GUESS.findall(text)[-1]
        assert (count, known_) == ("0", "known ")
        assert (yield from listing()) == [
            "0 possible: no word lenwordle knows fits the feedback; what is known:",
            "  pattern: _ L A M _",
            "  present: P (not 1)",  # yellow in place 1, so in place 5 (green L, A, M)
            "  absent:  B C E N R S U",
            "  past the dictionary: 18 strings of letters fit every reply: "
            + " ".join(f"{ch.upper()}LAMP" for ch in sorted(set(AZ) - set("bcensrup"))),
        ]
        tested, absent = set("craneplumbslams"), set("bcensru")
        if refuse_first:  # the game refused the probe: the next best, still a probe
            text = yield ""
            assert "every word that fits has been refused" not in text
            refused, (word, count, known_) = word, GUESS.findall(text)[-1]
            assert word != refused and (count, known_) == ("0", "known ")
        probe = word.lower()
        assert not set(probe) & absent and set(probe) - tested  # it tests unknown letters
        text = yield reply_for(probe, "glamp")
        assert "type list to see" not in text and GUESS.findall(text)[-1][1:] == ("0", "known ")
        history = (
            ("crane", "..g.."),
            ("plumb", "yg.g."),
            ("slams", ".ggg."),
            (probe, reply_for(probe, "glamp")),
        )
        lines = yield from listing()
        assert lines[0].startswith("0 possible: no word lenwordle knows fits")
        assert lines[1:-1] == ["  " + line for line in known(history, 5).describe()]
        fit = [  # L, A, M green: the first and last letters are the unknowns
            f"{a}lam{b}"
            for a in AZ
            for b in AZ
            if all(reply_for(g, f"{a}lam{b}") == r for g, r in history)
        ]
        said = "string of letters fits" if len(fit) == 1 else "strings of letters fit"
        assert fit and lines[-1].startswith(
            f"  past the dictionary: {len(fit)} {said} every reply"
        )
        if len(fit) <= 20:
            assert lines[-1].endswith(": " + " ".join(w.upper() for w in fit))
        assert lines[1] == "  pattern: _ L A M _"
        for _ in range(2 + refuse_first):  # back inside the dictionary: SLAMP fits PLUMB yg.g.
            text = yield "undo"
        assert "took back the feedback for SLAMS" in text and "> SLAMP (1 word)" in text
        assert (yield from listing()) == ["1 possible:", "  SLAMP  100.0%"]
        yield "slams .ggg."
        rest = yield "glamp ggggg"
        assert "Solved in 4 guesses." in rest and "Traceback" not in rest

    result = run_in_process("play", "--start", "crane", input_text=player())
    assert "Traceback" not in result.stderr
    assert result.returncode == 0


def test_list_puts_the_more_frequent_first_among_equal_chances():
    words = ["abaca", "about", "whelk", "there"]
    state = GameState.new(wordlist(words, zipf=[1.0, 6.0, 2.0, 5.0]), uniform=True)
    (listing,) = Session(make(), Boards.new(state)).handle("list").events
    assert [w for w, _ in listing.boards[0].words] == ["ABOUT", "THERE", "WHELK", "ABACA"]
