"""Quick tests written to kill mutants of lenwordle/store/starters.py and engine/tree.py that
survived the mutation run of 2026-11-26 06:03 (benchmarks/mutation.py; docs/mutants.md): a
starter record ranks the opening once, as deep as its openers and its strategy's choice
need; a stored opener made exactly as the game asks serves it; a tree's DOT graph (its
header, and its title when it reaches no answer). Tiny lists made up here; expectations
worked by hand."""

from helpers import wordlist

from lenwordle.engine.state import GameState
from lenwordle.engine.tree import ANSWER_COLOUR, Node, as_dot
from lenwordle.store import starters
from lenwordle.strategies import ranked
from lenwordle.strategies.registry import make

# ---- starters.compute ----

FOURTEEN = [
    "chomp",
    "crane",
    "fizzy",
    "gumbo",
    "nymph",
    "plaid",
    "slate",
    "trace",
    "vouch",
    "whisk",
    "blast",
    "dough",
    "jerky",
    "quilt",
]


def test_a_starter_record_holds_as_many_openers_as_asked_even_past_ten():
    state = GameState.new(wordlist(FOURTEEN))
    solver = make("entropy")
    assert solver.traits.width == 8  # (so that 12 is more than the width and than rank's 10)
    record = starters.compute(state, solver, top=12)
    chosen = [opener["word"] for opener in record["openers"]]
    assert len(chosen) == len(set(chosen)) == 12
    assert set(chosen) <= set(FOURTEEN)


def test_a_starter_record_ranks_the_opening_once_as_deep_as_its_openers_and_the_width(
    monkeypatch,
):
    # the ranking of an opening is the costly part (every allowed word of a dictionary):
    # it is made once, of the best max(top, width) words, and the choice is made from it
    asked = []
    rank = ranked.Ranked.rank

    def counted(self, state, *args, **options):
        asked.append(options.get("top", "rank's own default"))
        return rank(self, state, *args, **options)

    monkeypatch.setattr(ranked.Ranked, "rank", counted)
    state = GameState.new(wordlist(FOURTEEN))
    solver = make("entropy")  # width 8
    for top, deep in ((4, 8), (12, 12)):
        asked.clear()
        record = starters.compute(state, solver, top=top)
        assert asked == [deep]
        assert len(record["openers"]) == top


# ---- starters.opener ----


def _store(folder, state, solver, word, shortlist):
    """Write by hand a starter record for state whose first opener is word."""
    openers = [{"word": word}]
    made_from = {"shortlist": shortlist}
    record = {
        "format": starters.FORMAT,
        "k": state.k,
        "fingerprint": starters.fingerprint(state, solver),
        "made_from": made_from,
        "openers": openers,
        "checksum": starters.checksum(openers, made_from),
    }
    return starters.write(folder, record)


def test_a_stored_opener_made_exactly_as_asked_serves_the_game(tmp_path):
    state = GameState.new(wordlist(["crane", "slate", "trace"]))
    solver = make(shortlist=50.0)
    _store(tmp_path, state, solver, "slate", shortlist=50.0)  # as exact as asked: enough
    assert starters.opener(tmp_path, state, solver) == "slate"


# ---- tree.as_dot ----


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
