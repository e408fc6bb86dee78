"""Tree files whose checksum was recomputed after an edit: their content is checked as a
starter file's is, and a file too large is not read."""

import json

import pytest
from helpers import invoke, wordlist

from lenwordle.api.setup import Settings
from lenwordle.engine.state import GameState
from lenwordle.search.besttree import best_tree
from lenwordle.store import shelf, treefiles

WORDS = ["crane", "slate", "moist", "lucky", "vivid", "pound", "fuzzy", "table"]


@pytest.fixture
def stored(tmp_path):
    """Return (state, path of its proven tree file, the record)."""
    state = GameState.new(wordlist(WORDS), uniform=True)
    result = best_tree(state, 1, width=None)
    path = treefiles.path_for(tmp_path, state, None)
    record = treefiles.record_of(state, result)
    treefiles.write(path, record)
    return state, path, json.loads(path.read_text())


def rewrite(path, record, edit) -> None:
    """Edit the record's tree in place, recompute its checksum and write it."""
    edit(record["tree"])
    record["checksum"] = treefiles.checksum(record)
    path.write_text(json.dumps(record))


LEAF = {"guess": "slate", "solves": True, "children": {}}


def first_child(tree: dict) -> dict:
    return next(iter(tree["children"].values()))


@pytest.mark.parametrize(
    "edit, message",
    [
        (lambda t: t.update(guess="trodes"), "not a word of 5 letters a-z: 'trodes'"),
        (lambda t: t.update(guess="tröde"), "not a word of 5 letters a-z: 'tröde'"),
        (lambda t: t.update(guess="CRANE"), "not a word of 5 letters a-z"),
        (lambda t: first_child(t).update(guess="moist!"), "not a word of 5 letters a-z"),
        (lambda t: t["children"].update({"gxg..": LEAF}), "'gxg..'"),
        (lambda t: t["children"].update({"g.g.": LEAF}), "'g.g.'"),
        (lambda t: t["children"].update({"ggggg": LEAF}), "'ggggg'"),
    ],
)
def test_a_tree_with_words_or_replies_the_game_cannot_have_is_refused(stored, edit, message):
    state, path, record = stored
    assert treefiles.tree_for(path, state, None)  # as written, it is used
    rewrite(path, record, edit)
    with pytest.raises(treefiles.TreeFileError, match="does not fit its answers") as error:
        treefiles.tree_for(path, state, None)
    assert message in str(error.value)


def test_the_optimal_strategy_falls_back_in_one_note(tmp_path, monkeypatch):
    words = tmp_path / "words.txt"
    words.write_text("\n".join(WORDS) + "\n")
    monkeypatch.setenv("LENWORDLE_TREES", str(tmp_path / "trees"))
    lists = ["--words", str(words), "--answers", str(words)]
    assert invoke("tree", *lists, "--width", "all").returncode == 0  # stored for optimal
    (path,) = (tmp_path / "trees").glob("*.json")
    edited = json.loads(path.read_text())
    rewrite(path, edited, lambda t: t.update(guess="trodes"))
    for command in (["solve", "lucky"], ["bench"], ["play"]):
        for made in (tmp_path / "trees").glob("*.json"):  # the edited proven tree alone
            if made != path:
                made.unlink()
        result = invoke(*command, *lists, "--strategy", "optimal", input_text="")
        assert "Traceback" not in result.stderr and "TRODES" not in result.stdout
        notes = [line for line in result.stderr.splitlines() if line.startswith("note:")]
        assert len(notes) == 1 and "not a word of 5 letters" in notes[0], result.stderr
    assert json.loads(path.read_text()) == edited  # the proven tree's file is left alone


def test_a_tree_file_of_exactly_the_cap_is_read_and_one_byte_more_is_not(stored, monkeypatch):
    state, path, record = stored
    size = path.stat().st_size
    monkeypatch.setattr(treefiles, "MAX_BYTES", size)
    assert treefiles.tree_for(path, state, None)
    monkeypatch.setattr(treefiles, "MAX_BYTES", size - 1)
    with pytest.raises(treefiles.TreeFileError, match="larger than"):
        treefiles.tree_for(path, state, None)


def test_optimal_says_it_computes_a_tree_before_computing_it(tmp_path, monkeypatch):
    words = tmp_path / "words.txt"
    words.write_text("\n".join(WORDS) + "\n")
    told, calls = [], []

    def watched(*args, **kwargs):
        calls.append(list(told))  # what had been said when the search began
        return best_tree(*args, **kwargs)

    monkeypatch.setattr(shelf, "best_tree", watched)
    settings = Settings(words=words, answers=words, strategy="optimal")
    first = settings.open(trees_dir=tmp_path / "trees", announce=told.append)
    assert len(calls) == 1 and len(calls[0]) == 1 and "computing the tree" in calls[0][0]
    assert first.no_opener is None  # said once, before, not again after
    again = settings.open(trees_dir=tmp_path / "trees", announce=told.append)
    assert len(calls) == 1 and len(told) == 1 and again.no_opener is None  # stored: silent
