"""Quick tests written to kill mutants of lenwordle/engine, search and store that survived the
mutation run (benchmarks/mutation.py; docs/reliability.md#mutation-testing), which runs against
a mutant only its quickest tests. Lists are made up here; expectations are worked by hand."""

import hashlib
import json
import math
import warnings

import numpy as np
import pyarrow as pa
import pytest
from helpers import wordlist

from lenwordle.engine.beyond import determined
from lenwordle.engine.feedback import reply_to_code
from lenwordle.engine.state import GameState
from lenwordle.engine.tree import Node, decision_tree
from lenwordle.search.adversary import _marks, group_sizes, guess_pool, rank
from lenwordle.search.besttree import TreeResult, _usable
from lenwordle.search.optimal import canonical
from lenwordle.store import starters, treefiles
from lenwordle.store.precompute import FolderError
from lenwordle.strategies.registry import make
from lenwordle.words.alphabet import Alphabet
from lenwordle.words.wordlist import WordList


class _Stubborn:
    """A player that always guesses zzzzz: every candidate gives it the same reply, so its
    tree is one chain of nodes as deep as the limit allows."""

    def choose(self, state):
        return "zzzzz"


def _chain(node):
    depth = 1
    while node.children:
        (node,) = node.children.values()
        depth += 1
    return depth


def test_a_decision_tree_stops_at_its_depth_limit_and_30_by_default():
    state = GameState.new(wordlist(["crane", "slate", "trace"]))
    for limit in (1, 2, 3, 7):
        assert _chain(decision_tree(_Stubborn(), state, limit)) == limit
    assert _chain(decision_tree(_Stubborn(), state)) == 30


def _words(strings, alphabet):
    return WordList(
        pa.array(strings, pa.large_string()),
        pa.array([35] * len(strings), pa.uint8()),
        len(strings[0]),
        freqs=pa.array([3.0] * len(strings), pa.float32()),
        alphabet=alphabet,
    )


def test_the_answer_is_determined_in_the_games_own_letters():
    # a game of three letters, none of them a, b or c: once x and y are gray, only zz is left
    state = GameState.new(_words(["xy", "yx", "zz"], Alphabet("xyz"))).after("xy", "..")
    assert determined(state) == "zz"
    assert determined(GameState.new(_words(["xy", "yx", "zz"], Alphabet("xyz")))) == ""


def _first_of_group(codes, solved):
    """Each candidate's label by hand: the first index with its code, -1 when solved."""
    return [-1 if c == solved else list(codes).index(c) for c in codes]


def test_canonical_labels_each_candidate_by_the_first_of_its_group():
    codes = np.array([5, 3, 5, 8, 3])
    assert np.frombuffer(canonical(codes, 8), np.int32).tolist() == [0, 1, 0, -1, 1]
    # many candidates in few groups (where an unstable sort would mix a group's order)
    rng = np.random.default_rng(7)
    for n in (40, 1000):
        codes = rng.integers(0, 6, n)
        labels = np.frombuffer(canonical(codes, 5), np.int32).tolist()
        assert labels == _first_of_group(codes.tolist(), 5)
    # two guesses that split alike have one key; another split, another key
    assert canonical(np.array([2, 2, 7, 1]), 7) == canonical(np.array([4, 4, 9, 0]), 9)
    assert canonical(np.array([2, 2, 7, 1]), 7) != canonical(np.array([2, 1, 7, 1]), 7)


class _Backend:
    def __init__(self, problem=None, warning=None):
        self.problem, self.warning = problem, warning

    def get_connector(self):
        if self.warning:
            warnings.warn(self.warning, stacklevel=1)
        if self.problem:
            raise self.problem
        return object()


def test_a_transport_is_usable_when_its_connector_can_be_made_and_says_nothing():
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a warning let through would fail here
        assert _usable(_Backend())
        assert _usable(_Backend(warning="about to refuse"))
        assert not _usable(_Backend(problem=RuntimeError("no ucx")))
        assert not _usable(_Backend(problem=ImportError("no module"), warning="first"))


def test_a_folder_error_says_what_the_system_said():
    error = OSError(28, "No space left on device")
    folder = FolderError(error)
    assert str(folder) == "[Errno 28] No space left on device"
    assert folder.error is error


TEN = ["chomp", "crane", "fizzy", "gumbo", "nymph", "plaid", "slate", "trace", "vouch", "whisk"]


def test_starters_are_chosen_among_the_words_asked_for_each_once():
    words = wordlist(TEN)
    state, solver = GameState.new(words, wordlist(["crane", "trace"])), make()
    among = words.mask_of(["plaid", "slate", "whisk"])
    record = starters.compute(state, solver, among=among)
    chosen = [opener["word"] for opener in record["openers"]]
    # the words asked for, and (as in any game) the likeliest answers, in the pool or not
    assert set(chosen) <= {"plaid", "slate", "whisk", "crane", "trace"}
    assert {"plaid", "slate", "whisk"} <= set(chosen)
    assert record["made_from"]["openers_among"] == 3
    assert record["made_from"]["suggested"] == 10  # the game's own pool, as it was
    # without `among`, any word of the pool, each once, the strategy's own choice first
    record = starters.compute(state, solver)
    chosen = [opener["word"] for opener in record["openers"]]
    assert len(chosen) == len(set(chosen)) == 10
    assert chosen[0] == solver.choose(state)


class _ChoosesElsewhere:
    """The solver, except that it chooses a word its own ranking left out."""

    def __init__(self, solver, word):
        self._solver, self._word = solver, word

    def __getattr__(self, name):
        return getattr(self._solver, name)

    def rank(self, state, **kwargs):
        return [c for c in self._solver.rank(state, **kwargs) if c.word != self._word]

    def choose(self, state, ranked=None):
        return self._word


def test_a_strategys_choice_outside_its_ranking_comes_first_with_no_figures():
    state = GameState.new(wordlist(TEN))
    record = starters.compute(state, _ChoosesElsewhere(make(), "fizzy"), top=4)
    first, *rest = record["openers"]
    assert first["word"] == "fizzy"
    assert first["estimate"] == 0.0 and first["score"] == 0.0
    assert first["entropy"] > 0  # its own partition's figures, worked out all the same
    assert len(rest) == 3 and "fizzy" not in [o["word"] for o in rest]


def test_a_starter_record_keeps_the_figures_to_their_places_and_says_what_it_was_made_of():
    # three equally likely answers; nymph against them: crane gives n yellow, slate and
    # trace nothing: parts of 1 and 2 (entropy 0.918296 bits, 5/3 words left on average)
    words = wordlist(["crane", "nymph", "slate", "trace"])
    state = GameState.new(words, wordlist(["crane", "slate", "trace"]), uniform=True)
    solver = make()
    ranking = {c.word: c for c in solver.rank(state, top=10)}
    record = starters.compute(state, solver, top=10)
    figures = {o["word"]: o for o in record["openers"]}
    nymph = figures["nymph"]
    assert nymph["entropy"] == round(-(2 / 3) * math.log2(2 / 3) - (1 / 3) * math.log2(1 / 3), 6)
    assert nymph["entropy"] == 0.918296
    assert nymph["expected_remaining"] == 1.667
    # slate splits them into three parts of one: log2(3) bits, one word left
    assert figures["slate"]["entropy"] == 1.584963 and figures["slate"]["expected_remaining"] == 1
    for word, opener in figures.items():
        assert opener["estimate"] == round(ranking[word].estimate, 6)
        assert opener["score"] == round(ranking[word].score, 6)
        assert isinstance(opener["score"], float) and isinstance(opener["estimate"], float)
    assert sorted(record["made_from"]) == sorted(
        ["words", "allowed", "suggested", "answers", "strategy", "prior", "shortlist"]
    )
    assert record["made_from"]["allowed"] == 4 and record["made_from"]["answers"] == 3
    assert record["made_from"]["strategy"] == solver.name


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


def test_marks_count_the_greens_and_yellows_of_each_reply():
    for reply in ["gy.g.", ".....", "ggggg", "yyyyy", "y" * 20 + "g" * 15 + "." * 5]:
        codes = np.array([reply_to_code(reply)])
        greens, yellows = _marks(codes, len(reply))
        assert (greens[0], yellows[0]) == (reply.count("g"), reply.count("y"))


def test_group_sizes_of_each_guess_against_the_answers():
    words = wordlist(["crane", "nymph", "slate", "trace"])
    # nymph: crane apart (n yellow), slate and trace together; slate: each apart
    largest, parts = group_sizes(words.codes[[1, 2]], words.codes[[0, 2, 3]])
    assert largest.tolist() == [2, 1] and parts.tolist() == [2, 3]
    assert largest.dtype == parts.dtype == np.int64


def test_the_adversary_ranks_by_largest_group_then_candidates_then_alphabetically():
    # answers crane, slate, trace: each of them and blast split the three apart; nymph (n)
    # and plaid (l and a) leave two together. Candidates first among equals, then by name
    words = wordlist(["blast", "crane", "nymph", "plaid", "slate", "trace"])
    state = GameState.new(words, wordlist(["crane", "slate", "trace"]))
    ranking = rank(state, 6)
    assert ranking.words == ["crane", "slate", "trace", "blast", "nymph", "plaid"]
    assert ranking.largest.tolist() == [1, 1, 1, 1, 2, 2]
    assert ranking.parts == 3
    # nothing left to guess: no word, and no group
    for word in words.strings:
        state = state.refuse(word)
    empty = rank(state, 6)
    assert empty.words == [] and empty.parts == 0


def test_the_adversarys_guesses_are_legal_not_refused_and_begin_with_the_letter_shown():
    words = wordlist(["blast", "crane", "nymph", "plaid", "slate", "trace"])
    hard = GameState.new(words, hard=True).after("trace", ".ggyg")  # r, a, e placed, and c
    assert hard.allowed.words_at(guess_pool(hard)) == ["crane", "trace"]
    assert hard.refuse("trace").allowed.words_at(guess_pool(hard.refuse("trace"))) == ["crane"]
    sutom = GameState.new(words).with_first_letter("t")
    assert sutom.allowed.words_at(guess_pool(sutom)) == ["trace"]
    sutom = GameState.new(words).refuse("trace").with_first_letter("t")
    assert sutom.allowed.words_at(guess_pool(sutom)) == []


def test_starter_and_tree_files_are_written_into_folders_made_as_needed(tmp_path):
    record = {"k": 5, "openers": [{"word": "slate"}]}
    path = starters.write(tmp_path / "a" / "b", record)
    assert path == tmp_path / "a" / "b" / "05.json"
    text = path.read_text()
    # indented by one space a level, and a line's end at the end
    assert text.splitlines()[1] == ' "k": 5,' and text.endswith("}\n")
    assert json.loads(text) == record
    state = GameState.new(wordlist(["crane", "slate", "trace"]))
    tree = Node("slate", True, {"..g.g": Node("crane", True), "..gyg": Node("trace", True)})
    tree_record = treefiles.record_of(state, TreeResult(tree, 5, 3, None, True))
    where = tmp_path / "c" / "d" / "tree.json"
    treefiles.write(where, tree_record)
    assert treefiles.read(where)["tree"] == tree


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
