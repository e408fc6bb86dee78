"""Decision trees as data (engine/tree.py): any strategy's play written down, to a depth
limit, and the endgame search's own; a tree read from JSON, or refused saying why; its
summary; its DOT graph."""

import pytest
from helpers import bench_words, wordlist

from lenwordle.engine.feedback import reply_for
from lenwordle.engine.state import GameState
from lenwordle.engine.tree import ANSWER_COLOUR, Node, as_dot, decision_tree, summary, total
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
    played = bench_words(make(name), state, WORDS)
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


# --- summary --------------------------------------------------------------------------------


def test_the_summary_of_a_tree_worked_by_hand():
    # the root solves one answer in 1 guess; two answers take 2 guesses: 5 over 3
    tree = Node("abc", True, {"..y": Node("cab", True), ".g.": Node("dbe", True)})
    assert summary(tree) == {
        "answers": 3,
        "total": 5,
        "mean": 1.6667,  # 5 / 3 to 4 places
        "max": 2,
        "histogram": {"1": 1, "2": 2},
    }
    deeper = Node("abc", False, {"...": Node("def", False, {"..y": Node("fed", True)})})
    assert summary(deeper) == {
        "answers": 1,
        "total": 3,
        "mean": 3.0,
        "max": 3,
        "histogram": {"1": 0, "2": 0, "3": 1},
    }


def test_a_tree_that_reaches_no_answer_has_no_mean_no_max_and_an_empty_histogram():
    tree = Node("abc", False)  # a guess that is not a candidate, and no reply below it
    assert summary(tree) == {
        "answers": 0,
        "total": 0,
        "mean": None,
        "max": None,
        "histogram": {},
    }


# --- as_dot ---------------------------------------------------------------------------------


def _statements(text):
    """Return the DOT text's statements between its first and last line, stripped."""
    lines = text.splitlines()
    assert lines[0] == "digraph tree {" and lines[-1] == "}"
    return [line.strip() for line in lines[1:-1]]


def test_a_trees_dot_graph_says_utf8_lays_out_left_to_right_titled_on_top_boxes_and_courier():
    # slate solves slate; after ..g.g, crane: 2 answers, mean (1 + 2) / 2 = 1.5, max 2
    tree = Node("slate", True, {"..g.g": Node("crane", True)})
    statements = _statements(as_dot(tree))
    # Graphviz reads attribute names and rankdir/labelloc values as written (case counts):
    # left to right (a path reads turn after turn), the title at the top, guesses boxed,
    # the g/y/. marks in a monospace font so that they line up
    assert statements[:6] == [
        'charset="UTF-8";',
        "rankdir=LR;",
        'label="2 answers, mean 1.5000, max 2";',
        "labelloc=t;",
        'node [shape=box, fontname="Helvetica"];',
        'edge [fontname="Courier"];',
    ]
    # then the nodes and edges: nothing but guesses, answers and replies
    leaf = f'shape=ellipse, style=filled, fillcolor="{ANSWER_COLOUR}"'
    assert statements[6:] == [
        'n0 [label="SLATE\\n2 answers"];',
        f'n1 [label="SLATE", {leaf}];',
        'n0 -> n1 [label="ggggg"];',
        'n2 [label="CRANE\\n1 answer"];',
        f'n3 [label="CRANE", {leaf}];',
        'n2 -> n3 [label="ggggg"];',
        'n0 -> n2 [label="..g.g"];',
    ]


def test_a_tree_cut_before_any_answer_is_titled_with_no_mean_nor_max():
    # a tree cut at its depth limit on a guess that is no candidate reaches no answer
    statements = _statements(as_dot(Node("nymph")))
    assert 'label="0 answers, mean -, max -";' in statements
    assert 'n0 [label="NYMPH\\n0 answers"];' in statements
    assert not any("->" in statement for statement in statements)
