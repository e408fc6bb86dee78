"""Quick tests written to kill mutants of tree files (where they live, their fingerprint,
reading and checking them), of a tree read from JSON, of precompute's unwritten lengths, of
quoting and of the adversary's guess pool that survived the mutation run
(benchmarks/mutation.py; docs/reliability.md#mutation-testing), which runs against a mutant
only its quickest tests. Trees are built by hand on three or four words; every expected
reply and message is worked by hand."""

import hashlib
import json

import numpy as np
import pyarrow as pa
import pytest
from helpers import wordlist

from lenwordle.api.setup import Settings
from lenwordle.engine.rules import Rules
from lenwordle.engine.state import GameState
from lenwordle.engine.tree import Node
from lenwordle.search.adversary import guess_pool
from lenwordle.store import starters, treefiles
from lenwordle.store.precompute import precompute
from lenwordle.strategies.optimal import Optimal
from lenwordle.words.alphabet import Alphabet
from lenwordle.words.quoting import quoted
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


# --- Node.from_json -------------------------------------------------------------------------


def test_a_node_without_solves_or_children_reads_as_not_solving_with_no_children():
    assert Node.from_json({"guess": "crane"}) == Node("crane", False, {})
    node = Node.from_json({"guess": "crane", "solves": True})
    assert node == Node("crane", True, {}) and node.children == {}
    nested = {"guess": "crane", "children": {"..g.g": {"guess": "slate", "solves": 1}}}
    assert Node.from_json(nested) == Node("crane", False, {"..g.g": Node("slate", True)})


@pytest.mark.parametrize(
    "value, message",
    [
        ({"guess": 3}, "a tree node needs a guess"),
        ({"solves": True}, "a tree node needs a guess"),
        ([], "a tree node needs a guess"),
        ({"guess": "crane", "children": []}, "a tree node's children are a mapping of replies"),
        (
            {"guess": "crane", "children": {"..g.g": {"guess": "slate", "children": "x"}}},
            "a tree node's children are a mapping of replies",
        ),
    ],
)
def test_a_value_that_is_not_a_tree_is_refused_saying_why(value, message):
    with pytest.raises(ValueError) as error:
        Node.from_json(value)
    assert str(error.value) == message


# --- precompute: a length whose file cannot be written ---------------------------------------


def test_a_length_whose_file_cannot_be_written_is_reported_and_the_next_still_written(
    tmp_path,
):
    words = tmp_path / "w.txt"
    words.write_text("cat\ndog\nemu\nlynx\nmoth\nwren\ncrane\nslate\ntrace\n")
    out = tmp_path / "out"
    (out / "04.json").mkdir(parents=True)  # a folder where length 4's file would go
    jobs = [Settings(k, words, shortlist=3) for k in (3, 4, 5)]
    report = precompute(jobs, out, 1)
    assert [written.path for written in report.written] == [out / "03.json", out / "05.json"]
    assert [k for k, _ in report.unwritten] == [4]
    (_, error) = report.unwritten[0]
    assert isinstance(error, IsADirectoryError) and error.filename is not None
    assert report.problems == []


# --- quoting --------------------------------------------------------------------------------


def test_a_backslash_is_shown_doubled_so_it_reads_as_no_escape():
    assert quoted("a\\b") == "'a\\\\b'"
    assert quoted("\\") == "'\\\\'"


def test_text_longer_than_the_limit_is_cut_and_its_length_said():
    assert quoted("x" * 30) == "'" + "x" * 30 + "'"
    assert quoted("x" * 31) == "'" + "x" * 30 + "...' (31 characters)"
    assert quoted("abcdef", limit=3) == "'abc...' (6 characters)"


# --- guess_pool: the candidates may always be guessed ---------------------------------------


def test_a_possible_answer_outside_the_guess_pool_may_still_be_guessed():
    words = wordlist(["blast", "crane", "nymph", "plaid", "slate", "trace"])
    only_blast = np.array([True, False, False, False, False, False])
    state = GameState.new(words, suggest=only_blast)
    assert state.allowed.words_at(guess_pool(state)) == words.strings
    # trace against crane: r, a, e placed, and a c elsewhere: crane alone is left
    state = state.after("trace", ".ggyg")
    assert state.candidate_words() == ["crane"]
    assert state.allowed.words_at(guess_pool(state)) == ["blast", "crane"]
