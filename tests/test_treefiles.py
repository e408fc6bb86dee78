"""Tree files (store/treefiles.py): where they live, their fingerprint and name, the record
of what a tree was made of (checksummed), reading one that is missing or not a record, and
checking a tree against the game (its replies, its words, the answers it reaches once, hard
mode). Trees are built by hand on three or four words; every expected reply and message is
worked by hand."""

import hashlib
import json

import pyarrow as pa
import pytest
from helpers import SPLIT, family, wordlist

from lenwordle.engine.rules import Rules
from lenwordle.engine.state import GameState
from lenwordle.engine.tree import Node
from lenwordle.search.besttree import TreeResult
from lenwordle.store import starters, treefiles
from lenwordle.strategies.optimal import Optimal
from lenwordle.words.alphabet import Alphabet
from lenwordle.words.wordlist import WordList

WORDS = ["crane", "slate", "trace"]
# replies worked by hand: crane against slate ..g.g (a, e placed), against trace ygg.g
# (c elsewhere; r, a, e placed); slate against trace ..gyg (a, e placed, t elsewhere)


def full_tree() -> Node:
    """Return a tree of WORDS: CRANE, then SLATE (which solves it, or, off it, is a step to
    TRACE)."""
    to_trace = Node("slate", False, {"..gyg": Node("trace", True)})
    return Node("crane", True, {"..g.g": Node("slate", True), "ygg.g": to_trace})


# --- default_dir: $LENWORDLE_TREES, else $XDG_CACHE_HOME or ~/.cache, then lenwordle/trees --


@pytest.fixture
def no_tree_settings(monkeypatch, tmp_path):
    """Return a home folder of its own, with none of the variables that name a cache set."""
    for name in ("LENWORDLE_TREES", "XDG_CACHE_HOME", "xdg_cache_home"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_tree_files_live_in_lenwordle_trees_of_the_xdg_cache_when_it_is_set(
    no_tree_settings, monkeypatch, tmp_path
):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert treefiles.default_dir() == tmp_path / "xdg" / "lenwordle" / "trees"


def test_tree_files_live_in_the_homes_dot_cache_without_an_xdg_cache(
    no_tree_settings, monkeypatch
):
    assert treefiles.default_dir() == no_tree_settings / ".cache" / "lenwordle" / "trees"
    monkeypatch.setenv("XDG_CACHE_HOME", "")  # an empty variable names no folder
    assert treefiles.default_dir() == no_tree_settings / ".cache" / "lenwordle" / "trees"


def test_lenwordle_trees_names_the_folder_itself_unless_it_is_empty(
    no_tree_settings, monkeypatch, tmp_path
):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("LENWORDLE_TREES", str(tmp_path / "mine"))
    assert treefiles.default_dir() == tmp_path / "mine"
    monkeypatch.setenv("LENWORDLE_TREES", "")
    assert treefiles.default_dir() == tmp_path / "xdg" / "lenwordle" / "trees"


# --- fingerprint and path_for --------------------------------------------------------------


def test_the_fingerprint_tells_apart_the_words_answers_hard_mode_limit_and_width():
    state = GameState.new(wordlist(WORDS))
    base = treefiles.fingerprint(state, None)
    assert base == treefiles.fingerprint(GameState.new(wordlist(WORDS)), None)  # made anew
    others = [
        treefiles.fingerprint(GameState.new(wordlist(["crane", "slate", "trade"])), None),
        treefiles.fingerprint(GameState.new(wordlist(WORDS), wordlist(["crane", "slate"])), None),
        treefiles.fingerprint(GameState.new(wordlist(WORDS), hard=True), None),
        treefiles.fingerprint(GameState.new(wordlist(WORDS), rules=Rules(5, max_guesses=7)), None),
        treefiles.fingerprint(state, 5),
    ]
    assert len({base, *others}) == 6


@pytest.mark.parametrize("width", [None, 5])
def test_the_fingerprint_is_the_optimal_strategys_starter_fingerprint_with_the_rules(width):
    # the tree file's name and check build on the starter file's fingerprint of the optimal
    # strategy at this width (1 for a tree of every guess), with the format, hard mode, the
    # limit and the width: a tree file stored by this version is found by the next ones
    state = GameState.new(wordlist(WORDS), hard=True, rules=Rules(5, hard=True, max_guesses=7))
    words = starters.fingerprint(state, Optimal(width=width or 1))
    assert Optimal(width=width or 1).name == "optimal"
    expected = hashlib.sha256(json.dumps([words, [1, True, 7, width]]).encode()).hexdigest()
    assert treefiles.fingerprint(state, width) == expected


def test_a_tree_files_name_is_its_length_and_the_first_16_digits_of_its_fingerprint(tmp_path):
    state = GameState.new(wordlist(WORDS))
    for width in (None, 5):
        path = treefiles.path_for(tmp_path, state, width)
        assert path == tmp_path / f"05-{treefiles.fingerprint(state, width)[:16]}.json"
        assert len(path.name) == len("05-") + 16 + len(".json")
    assert treefiles.path_for(tmp_path, state, None) != treefiles.path_for(tmp_path, state, 5)


# --- record_of, write and read --------------------------------------------------------------


def test_a_tree_record_says_what_the_tree_was_made_of_and_is_checksummed():
    state = GameState.new(wordlist(["crane", "slate", "trace"]), hard=True)
    tree = Node("slate", True, {"..g.g": Node("crane", True), "..gyg": Node("trace", True)})
    result = TreeResult(tree, 5, 3, None, True, seconds=2.34)
    record = treefiles.record_of(state, result)
    assert record["made_from"] == {
        "words": state.allowed.source,
        "answers": 3,
        "hard": True,
        "limit": 6,
        "width": "all",
        "seconds": 2.3,
    }
    assert record["k"] == 5 and record["format"] == 1
    assert record["complete"] is True and record["proven"] is True
    assert record["tree"] == tree.as_json()
    assert record["fingerprint"] == treefiles.fingerprint(state, None)
    body = {key: value for key, value in record.items() if key != "checksum"}
    digest = hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()
    assert record["checksum"] == digest
    # a tree of the 2 best guesses, interrupted: neither complete nor proven
    narrow = treefiles.record_of(state, TreeResult(tree, 5, 3, 2, False, seconds=0.04))
    assert narrow["made_from"]["width"] == 2 and narrow["made_from"]["seconds"] == 0.0
    assert narrow["complete"] is False and narrow["proven"] is False
    assert narrow["fingerprint"] != record["fingerprint"]


def test_a_tree_file_that_is_missing_or_not_a_record_is_one_error_naming_it(tmp_path):
    missing = tmp_path / "none.json"
    with pytest.raises(treefiles.TreeFileError) as error:
        treefiles.read(missing)
    assert str(error.value) == f"no tree file {missing}"
    for text in ("[1, 2]", '"tree"', "3"):
        path = tmp_path / "odd.json"
        path.write_text(text)
        with pytest.raises(treefiles.TreeFileError) as error:
            treefiles.read(path)
        assert str(error.value) == f"tree file {path} is corrupt or of another format"


# --- shape_problem and tree_problem ---------------------------------------------------------


def test_a_reply_that_is_not_marks_names_its_guess_in_capitals():
    tree = Node("crane", True, {"gxg..": Node("slate", True)})
    expected = "CRANE has a reply that is not 5 marks g y .: 'gxg..'"
    assert treefiles.shape_problem(tree, 5) == expected


def test_a_tree_of_the_games_own_letters_fits_though_they_are_not_a_to_z():
    letters = Alphabet("abñ")
    words = WordList(
        pa.array(["abñ", "ñba"], pa.large_string()),
        pa.array([35, 35], pa.uint8()),
        3,
        freqs=pa.array([3.0, 3.0], pa.float32()),
        alphabet=letters,
    )
    state = GameState.new(words)
    # abñ against ñba: a elsewhere, b in place, ñ elsewhere
    tree = Node("abñ", True, {"ygy": Node("ñba", True)})
    assert treefiles.tree_problem(tree, state) == ""
    wrong = Node("abñ", True, {"ygy": Node("ñbx", True)})
    expected = "a guess is not a word of 3 letters a b ñ: 'ñbx'"
    assert treefiles.tree_problem(wrong, state) == expected


def test_a_full_tree_fits_and_one_that_misses_answers_names_the_first_missed():
    state = GameState.new(wordlist([*WORDS, "moist"]))
    tree = full_tree()
    assert treefiles.tree_problem(tree, GameState.new(wordlist(WORDS))) == ""
    # moist is missed alone
    assert treefiles.tree_problem(tree, state) == "MOIST is not reached once"
    # moist, slate and trace are missed: the first, alphabetically, is named
    assert treefiles.tree_problem(Node("crane", True), state) == "MOIST is not reached once"
    only_trace = Node("crane", True, {"ygg.g": Node("trace", True)})
    assert treefiles.tree_problem(only_trace, state) == "MOIST is not reached once"


def test_a_tree_that_reaches_words_that_are_not_answers_names_the_first_of_them():
    state = GameState.new(wordlist(WORDS), wordlist(["crane"]))
    assert state.candidate_words() == ["crane"]
    # slate and trace are reached, not answers
    assert treefiles.tree_problem(full_tree(), state) == "SLATE is not reached once"
    # a missed answer is named before a word reached that is not one
    state = GameState.new(wordlist(WORDS), wordlist(["crane", "trace"]))
    only_slate = Node("crane", True, {"..g.g": Node("slate", True)})
    assert treefiles.tree_problem(only_slate, state) == "TRACE is not reached once"


def test_a_tree_that_breaks_hard_mode_fits_normal_mode_only():
    tree = full_tree()  # slate after crane's ygg.g leaves out the r, the a, the e and the c
    assert treefiles.tree_problem(tree, GameState.new(wordlist(WORDS))) == ""
    hard = GameState.new(wordlist(WORDS), hard=True)
    expected = "a guess on the path of TRACE breaks hard mode"
    assert treefiles.tree_problem(tree, hard) == expected
    # trace itself after crane's ygg.g keeps every hint: the tree fits hard mode
    keeps = Node("crane", True, {"..g.g": Node("slate", True), "ygg.g": Node("trace", True)})
    assert treefiles.tree_problem(keeps, hard) == ""


def test_a_tree_that_misses_an_answer_or_has_a_wrong_reply_or_breaks_hard_mode_says_whose():
    easy = family(others=["bcfx"])
    missing = Node("bcfx", False, dict(list(SPLIT.children.items())[:3]))
    assert treefiles.tree_problem(missing, easy) == "MAKE is not reached once"
    replies = list(SPLIT.children)  # cake and fake swapped: FAKE is the first one wrong
    words = ["bake", "fake", "cake", "make"]
    swapped = Node("bcfx", False, {r: Node(w, True) for r, w in zip(replies, words)})
    assert treefiles.tree_problem(swapped, easy) == "a reply on the path of FAKE is wrong"
    # BAKE, then BCFX (which drops the green A K E) to split the other three
    after = Node("bcfx", False, {k: v for k, v in SPLIT.children.items() if k != "g..."})
    bake_first = Node("bake", True, {".ggg": after})
    assert treefiles.tree_problem(bake_first, easy) == ""
    hard = family(hard=True, others=["bcfx"])
    assert treefiles.tree_problem(bake_first, hard) == (
        "a guess on the path of CAKE breaks hard mode"
    )
