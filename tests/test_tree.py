"""Decision trees as data: any strategy's play written down, and the endgame search's own."""

import pytest
from helpers import wordlist

from lenwordle.engine.feedback import reply_for
from lenwordle.engine.state import GameState
from lenwordle.engine.tree import Node, decision_tree, summary, total
from lenwordle.games import bench
from lenwordle.strategies.registry import make

WORDS = (
    "crane slate moist lucky vivid pound fuzzy table chair brown grate trace crate react "
    "caret night light might sight tight fight right wight bight"
).split()


def check_paths(tree: Node, answers: list[str]) -> None:
    """Assert that the tree reaches every answer once, each reply on its path true."""
    paths = tree.paths()
    assert sorted(paths) == sorted(answers)
    for answer, path in paths.items():
        assert path[-1] == (answer, "ggggg")
        assert all(reply == reply_for(guess, answer) for guess, reply in path)


@pytest.mark.parametrize("name", ["expected-guesses", "entropy", "frequency", "worst-case"])
def test_a_strategys_tree_is_its_play_on_every_answer(name):
    state = GameState.new(wordlist(WORDS), uniform=True)
    tree = decision_tree(make(name), state)
    check_paths(tree, WORDS)
    played = bench.run(make(name), state, WORDS)
    assert {a: len(p) for a, p in tree.paths().items()} == played.guesses
    figures = summary(tree)
    assert figures["total"] == total(tree) == sum(played.guesses.values())
    assert figures["histogram"] == played.histogram and figures["max"] == played.max


def test_the_endgame_search_returns_its_tree_and_its_value_is_the_trees_mean():
    state = GameState.new(wordlist(WORDS), uniform=True)
    solver = make()
    tree = solver.endgame_tree(state)
    check_paths(tree, WORDS)
    cost, fails = solver.value(state, tree.guess)
    assert not fails and cost == pytest.approx(total(tree) / len(WORDS))


def test_a_tree_round_trips_through_json_and_a_broken_one_is_refused():
    state = GameState.new(wordlist(WORDS), uniform=True)
    tree = decision_tree(make(), state)
    assert Node.from_json(tree.as_json()) == tree
    for broken in ([], {"guess": 3}, {"guess": "crane", "children": []}):
        with pytest.raises(ValueError):
            Node.from_json(broken)
