"""The shelf (store/shelf.py): a stored tree served at any width, a width's own tree first; a
tree searched now when none is stored, up to the most answers, with progress and every
worker, and what it says when it cannot be stored; where to point when there are too many
answers; no starter file, or the shelf's own reason for not reading one. Lists made up here;
expectations worked by hand."""

import pytest
from helpers import SPLIT, family, wordlist

from lenwordle.engine.state import GameState
from lenwordle.engine.tree import Node
from lenwordle.search import besttree
from lenwordle.search.besttree import TreeResult
from lenwordle.store import shelf, starters, treefiles
from lenwordle.store.shelf import OPTIMAL_MAX, NoStoredOpener, Shelf, too_many_answers
from lenwordle.strategies.registry import make
from lenwordle.words.wordlist import WordListError

# ...and one word after another (each leaves the rest together, .ggg)
CHAIN = Node(
    "bake",
    True,
    {".ggg": Node("cake", True, {".ggg": Node("fake", True, {".ggg": Node("make", True)})})},
)


def _store(folder, state, tree, width):
    result = TreeResult(tree, 8, 4, width, True)
    treefiles.write(treefiles.path_for(folder, state, width), treefiles.record_of(state, result))


def test_a_proven_tree_serves_any_width_and_a_widths_own_tree_comes_first(tmp_path):
    state = family(others=["bcfx"])
    _store(tmp_path, state, SPLIT, None)
    assert Shelf(trees_dir=tmp_path).tree(state, 3) == (SPLIT, None)
    _store(tmp_path, state, CHAIN, 3)
    assert Shelf(trees_dir=tmp_path).tree(state, 3) == (CHAIN, None)
    assert Shelf(trees_dir=tmp_path).tree(state, None) == (SPLIT, None)


def test_a_tree_searched_now_says_when_it_cannot_be_stored(tmp_path):
    state = family(others=["bcfx"])
    folder = tmp_path / "a file"
    folder.write_text("")
    missing = treefiles.path_for(folder, state, 3)
    tree, told = Shelf(trees_dir=folder).tree(state, 3)
    assert tree.guess == "bcfx"
    # what reading the file said (its folder is a file), then the search, then the store
    assert told.startswith(f"tree file {missing}") and told.endswith(
        f"; computing the tree (the best of 10 openers); cannot store it in {folder} (File exists)"
    )
    announced = []
    tree, told = Shelf(trees_dir=folder, announce=announced.append).tree(state, 3)
    assert len(announced) == 1 and announced[0].startswith(f"tree file {missing}")
    assert told == f"the tree is computed, but cannot store it in {folder} (File exists)"


def test_a_tree_is_searched_now_up_to_the_most_answers_with_progress_and_all_workers(
    tmp_path, monkeypatch
):
    state = family(others=["bcfx"])
    heard, given = [], []
    real = shelf.best_tree

    def noted(state, openers, width, workers, progress):
        given.append(workers)
        return real(state, openers, width, 1, progress=progress)

    monkeypatch.setattr(shelf, "best_tree", noted)
    monkeypatch.setattr(shelf, "default_workers", lambda: 7)
    monkeypatch.setattr(shelf, "OPTIMAL_MAX", 4)  # exactly the four answers: searched now
    progress = lambda *args: heard.append(args)  # noqa: E731
    tree, told = Shelf(trees_dir=tmp_path, progress=progress).tree(state, 3)
    assert tree.guess == "bcfx" and told.startswith("no tree file")
    assert given == [7] and heard
    monkeypatch.setattr(shelf, "OPTIMAL_MAX", 3)  # one past
    with pytest.raises(WordListError, match="4 answers are too many to compute one now"):
        Shelf(trees_dir=tmp_path / "other").tree(state, 3)


def test_too_many_answers_for_the_tree_search_too_point_to_fewer_answers_once(monkeypatch):
    state = family(others=["bcfx"])
    monkeypatch.setattr(besttree, "MAX_TABLE_BYTES", 1)
    told = too_many_answers(state, "lenwordle tree --answers a.txt")
    assert told.startswith(
        "--strategy optimal has no tree for these settings, and 4 answers are too many to "
        f"compute one now (at most {OPTIMAL_MAX}), and `lenwordle tree` cannot make one "
        "either: 4 answers x 5 guesses is too big for a tree search"
    )
    assert told.endswith(f"bounded by); give --answers, a list of at most {OPTIMAL_MAX} words")
    assert "fewer" not in told and told.count("give") == 1


def test_with_no_starter_file_the_shelf_says_so_unless_it_has_its_own_reason(tmp_path):
    state = GameState.new(wordlist(["bake", "cake"]), wordlist(["bake", "cake"]), uniform=True)
    strategy = make("entropy")
    with pytest.raises(NoStoredOpener) as error:
        Shelf(starters_dir=tmp_path).opener(state, strategy)
    assert str(error.value) == f"no starter file {starters.path_for(tmp_path, 4)}"
    with pytest.raises(NoStoredOpener) as error:
        Shelf(starters_dir=tmp_path, why_not_stored="--exclude changes the answers").opener(
            state, strategy
        )
    assert str(error.value) == "--exclude changes the answers"
