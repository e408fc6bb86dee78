"""Quick tests written to kill mutants of lenwordle/store/starters.py and engine/state.py,
rules.py and boards.py that survived the mutation run (benchmarks/mutation.py;
docs/reliability.md#mutation-testing), which runs against a mutant only its quickest tests.
Lists are made up here; expectations are worked by hand."""

import itertools
import re

import numpy as np
import pyarrow as pa
import pytest
from helpers import wordlist

from lenwordle.engine.boards import Boards
from lenwordle.engine.rules import Rules
from lenwordle.engine.state import GameState, ImpossibleFeedback, hard_mode_mask
from lenwordle.store import starters
from lenwordle.strategies.expected import HARD_ENDGAME
from lenwordle.strategies.registry import make
from lenwordle.words.alphabet import Alphabet
from lenwordle.words.wordlist import WordList

# --- stored openers ---------------------------------------------------------------------


def _store(folder, state, solver, word, shortlist=100.0, fingerprint=None):
    """Write by hand a starter record for state whose first opener is word; return its path."""
    openers = [{"word": word}]
    made_from = {"shortlist": shortlist}
    record = {
        "format": starters.FORMAT,
        "k": state.k,
        "fingerprint": fingerprint or starters.fingerprint(state, solver),
        "made_from": made_from,
        "openers": openers,
        "checksum": starters.checksum(openers, made_from),
    }
    return starters.write(folder, record)


def _many_words(n):
    """Return n distinct 5-letter words (aaaaa, aaaab, ...), none of them 'zzzzz'."""
    return ["".join(w) for w in itertools.islice(itertools.product("abcdefgh", repeat=5), n)]


def test_a_stored_opener_serves_a_normal_game_of_few_words(tmp_path):
    state = GameState.new(wordlist(["crane", "slate", "trace"]))
    solver = make()
    _store(tmp_path, state, solver, "slate")
    assert starters.opener(tmp_path, state, solver) == "slate"


def test_hard_mode_takes_a_stored_opener_only_above_its_endgame_size(tmp_path):
    solver = make()
    for n, usable in ((HARD_ENDGAME + 1, True), (HARD_ENDGAME, False)):
        folder = tmp_path / str(n)
        state = GameState.new(wordlist(_many_words(n)), hard=True)
        path = _store(folder, state, solver, "aaaab")
        if usable:
            assert starters.opener(folder, state, solver) == "aaaab"
        else:
            said = f"starter file {path} is for normal mode; with at most {HARD_ENDGAME} words"
            with pytest.raises(starters.StarterError, match=re.escape(said)):
                starters.opener(folder, state, solver)


def test_a_stored_opener_for_other_words_is_stale_and_says_so(tmp_path):
    state = GameState.new(wordlist(["crane", "slate", "trace"]))
    solver = make()
    path = _store(tmp_path, state, solver, "slate", fingerprint="0" * 64)
    said = f"starter file {path} was made for another dictionary or settings"
    with pytest.raises(starters.StarterError, match=re.escape(said)):
        starters.opener(tmp_path, state, solver)


def test_a_stored_opener_made_less_exactly_than_asked_is_not_used_and_says_so(tmp_path):
    state = GameState.new(wordlist(["crane", "slate", "trace"]))
    solver = make(shortlist=50.0)
    path = _store(tmp_path, state, solver, "slate", shortlist=20.0)
    said = f"starter file {path} was made with --shortlist 20, less exact than the 50 asked"
    with pytest.raises(starters.StarterError, match=re.escape(said)):
        starters.opener(tmp_path, state, solver)


def test_a_stored_opener_that_is_not_an_allowed_word_is_refused_naming_the_file(tmp_path):
    state = GameState.new(wordlist(["crane", "slate", "trace"]))
    solver = make()
    path = _store(tmp_path, state, solver, "zzzzz")
    said = f"starter file {path} names an unknown word"
    with pytest.raises(starters.StarterError, match=re.escape(said)):
        starters.opener(tmp_path, state, solver)


def test_a_stored_opener_is_read_in_the_games_own_letters(tmp_path):
    alphabet = Alphabet("añ")
    words = ["aa", "añ", "ña"]
    allowed = WordList(
        pa.array(words, pa.large_string()),
        pa.array([35] * 3, pa.uint8()),
        2,
        freqs=pa.array([3.0] * 3, pa.float32()),
        alphabet=alphabet,
    )
    state = GameState.new(allowed)
    solver = make()
    _store(tmp_path, state, solver, "ña")
    assert starters.opener(tmp_path, state, solver) == "ña"


def test_a_starter_file_that_is_a_folder_is_an_error_naming_it(tmp_path):
    starters.path_for(tmp_path, 5).mkdir()
    with pytest.raises(starters.StarterError, match=r"^starter file .*05\.json"):
        starters.read(tmp_path, 5)


def test_frequencies_count_in_the_fingerprint_to_two_decimals():
    words = ["crane", "slate", "trace"]
    solver = make()

    def fingerprint(zipf):
        state = GameState.new(wordlist(words, zipf=zipf), uniform=True)  # weights alike
        return starters.fingerprint(state, solver)

    # 3.001 and 3.004 both round to 3.00: the same settings; 3.10 is another frequency
    assert fingerprint([3.001, 3.0, 3.0]) == fingerprint([3.004, 3.0, 3.0])
    assert fingerprint([3.001, 3.0, 3.0]) != fingerprint([3.1, 3.0, 3.0])


# --- game states ------------------------------------------------------------------------


def test_the_likeliest_of_no_candidates_is_no_candidate():
    state = GameState.new(wordlist(["crane", "slate", "trace"]))
    empty = state.excluding(wordlist(["crane", "slate", "trace"]))
    assert len(empty.likeliest(0.5).candidate_rows) == 0


def test_in_hard_mode_only_legal_words_of_the_pool_or_those_added_are_guessable():
    words = ["crane", "crate", "slate", "trace"]  # sorted: rows 0..3
    pool = np.array([True, False, True, True])  # crate is legal later but not in the pool
    state = GameState.new(wordlist(words), hard=True, suggest=pool)
    after = state.after("slate", "..ggg")  # hard: _ _ a t e (crate, not crane nor trace)
    assert after.legal.tolist() == [False, True, True, False]
    assert after.guessable(np.array([], np.int64)).tolist() == [False, False, True, False]
    assert after.guessable(np.array([1])).tolist() == [False, True, True, False]


def test_hard_mode_asks_for_every_green_of_a_turn():
    words = ["abcde", "axcde", "xbcde", "abxde", "edcba"]
    codes = np.array([[ord(c) - ord("a") for c in w] for w in words], np.uint8)
    # greens at positions 0, 1 and 2 (a, b, c): only abcde keeps all three in place
    mask = hard_mode_mask(codes, (("abcxx", "ggg.."),))
    assert mask.tolist() == [True, False, False, False, False]


# --- rules ------------------------------------------------------------------------------


def test_the_rules_say_what_is_wrong_with_them():
    with pytest.raises(ValueError, match=r"^--boards must be at least 1, not 0$"):
        Rules(boards=0)
    said = "--max-guesses must be at least 2, not 1: each board needs a guess of its own"
    with pytest.raises(ValueError, match=f"^{re.escape(said)}$"):
        Rules(boards=2, max_guesses=1)
    said = (
        "--hard is for one board: the hints of several boards soon leave no word "
        "that uses them all"
    )
    with pytest.raises(ValueError, match=f"^{re.escape(said)}$"):
        Rules(boards=2, hard=True)


# --- boards -----------------------------------------------------------------------------


def test_new_boards_share_the_turns_and_refusals_of_the_game_so_far():
    state = GameState.new(wordlist(["crane", "slate", "trace"])).after("slate", "..ggg")
    state = state.refuse("brace")
    boards = Boards.new(state, Rules(boards=2))
    assert boards.history == (("slate", ("..ggg", "..ggg")),)
    assert boards.refused == frozenset({"brace"})


def test_impossible_feedback_names_its_board_only_when_there_are_several():
    state = GameState.new(wordlist(["crane", "slate", "trace"]))
    # c green, then gray in the same place: no string of letters gives both
    one = Boards.new(state, Rules(boards=1)).after("crane", ["g...."])
    with pytest.raises(ImpossibleFeedback) as error:
        one.after("crane", ["....."])
    assert not str(error.value).startswith("board")
    two = Boards.new(state, Rules(boards=2)).after("crane", [".....", "g...."])
    with pytest.raises(ImpossibleFeedback, match=r"^board 2: "):
        two.after("crane", [".....", "....."])
