"""`lenwordle tree --dot FILE`: the tree as a Graphviz DOT graph, read back here by a small
parser: one leaf per answer, each path's replies those the scorer gives, each guess with the
answers below it; words of other alphabets in their capitals, in UTF-8; the file checked
before the search and written atomically."""

import errno
import os
import re

import pytest
from helpers import invoke, one_line_error, tree_lists
from test_optimal import sample

from lenwordle.api import trees as api_tree
from lenwordle.api.setup import Settings
from lenwordle.engine.feedback import reply_for
from lenwordle.engine.tree import Node, as_dot, dot_string
from lenwordle.store import treefiles

WORDS = sample(3, 12)
ANSWERS = WORDS[:7]

STATEMENT = re.compile(r"^\s*(\w+)(?:\s*->\s*(\w+))?\s*\[(.*)\];$")
ATTRIBUTE = re.compile(r'(\w+)=("(?:[^"\\]|\\.)*"|[^,\s]+)')


def unquoted(value: str) -> str:
    """Return a DOT value as its text: a quoted string unescaped (\\n a line break)."""
    if not value.startswith('"'):
        return value
    return re.sub(r"\\(.)", lambda m: "\n" if m[1] == "n" else m[1], value[1:-1])


def parsed(text: str) -> tuple[dict[str, dict], list[tuple[str, str, dict]]]:
    """Return a DOT graph's nodes (id -> attributes) and edges (from, to, attributes)."""
    assert text.startswith("digraph ") and text.rstrip().endswith("}")
    nodes, edges = {}, []
    for line in text.splitlines():
        found = STATEMENT.match(line)
        if not found or found[1] in ("node", "edge", "graph"):
            continue
        attributes = {key: unquoted(value) for key, value in ATTRIBUTE.findall(found[3])}
        if found[2] is None:
            nodes[found[1]] = attributes
        else:
            edges.append((found[1], found[2], attributes))
    return nodes, edges


def answer_paths(text: str) -> dict[str, list[tuple[str, str]]]:
    """Return each leaf's label with its path from the root: (guess label, reply) turns;
    after checking the graph is a tree (one root, one way into every other node) whose
    every guess says how many leaves are below it."""
    nodes, edges = parsed(text)
    into = {}
    for start, end, attributes in edges:
        assert end not in into, end  # one way in
        into[end] = (start, attributes["label"])
    (root,) = set(nodes) - set(into)
    leaves = [node for node in nodes if not any(start == node for start, _, _ in edges)]
    paths, under = {}, {node: 0 for node in nodes}
    for leaf in leaves:
        path, node = [], leaf
        while node != root:
            node, reply = into[node]
            path.insert(0, (nodes[node]["label"].split("\n")[0], reply))
            under[node] += 1
        label = nodes[leaf]["label"]
        assert label not in paths, label  # one leaf per answer
        paths[label] = path
    for node in set(nodes) - set(leaves):
        count = int(nodes[node]["label"].split("\n")[1].split()[0])
        assert count == under[node], nodes[node]["label"]
    return paths


def check_scored(paths: dict, word_of: dict[str, str]) -> None:
    """Assert every path's replies are the scorer's against its answer, the last all green
    on the answer itself (word_of: a label -> the word as the game has it)."""
    for answer, path in paths.items():
        for guess, reply in path:
            assert reply == reply_for(word_of[guess], word_of[answer]), (answer, guess)
        assert path[-1] == (answer, "g" * len(word_of[answer]))


@pytest.fixture
def lists(tmp_path, monkeypatch):
    return tree_lists(tmp_path, monkeypatch, WORDS, ANSWERS)


def test_the_graph_has_a_leaf_per_answer_and_every_reply_is_the_scorers(tmp_path, lists):
    dot, out = tmp_path / "tree.dot", tmp_path / "tree.json"
    result = invoke("tree", *lists, "--dot", str(dot), "--out", str(out), "--workers", "1")
    assert result.returncode == 0, result.stderr
    paths = answer_paths(dot.read_text(encoding="utf-8"))
    assert sorted(paths) == sorted(word.upper() for word in ANSWERS)
    check_scored(paths, {word.upper(): word for word in WORDS})
    # the same tree as --out's record, turn by turn
    stored = treefiles.read(out)["tree"].paths()
    assert {a.upper(): [(g.upper(), r) for g, r in p] for a, p in stored.items()} == paths
    total = int(result.stdout.split("total ")[1].split()[0])
    assert sum(len(path) for path in paths.values()) == total


LANGUAGES = {
    "tr": {
        "kitap": "KİTAP",
        "kırık": "KIRIK",
        "sıcak": "SICAK",
        "bilgi": "BİLGİ",
        "ışığı": "IŞIĞI",
        "kısım": "KISIM",
    },
    "ru": {
        "крона": "КРОНА",
        "кроны": "КРОНЫ",
        "рыбак": "РЫБАК",
        "щелка": "ЩЕЛКА",
        "ежики": "ЕЖИКИ",
        "зелье": "ЗЕЛЬЕ",
    },
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_words_of_another_alphabet_are_in_its_capitals_in_utf8(tmp_path, monkeypatch, lang):
    capitals = LANGUAGES[lang]
    options = tree_lists(tmp_path, monkeypatch, list(capitals), list(capitals))
    dot = tmp_path / "tree.dot"
    result = invoke("tree", "--lang", lang, *options, "--dot", str(dot), "--workers", "1")
    assert result.returncode == 0, result.stderr
    text = dot.read_bytes().decode("utf-8")  # UTF-8, as it says
    assert 'charset="UTF-8"' in text
    paths = answer_paths(text)
    assert sorted(paths) == sorted(capitals.values())
    fold = Settings(lang=lang).alphabet().fold
    check_scored(paths, {shown: fold(word) for word, shown in capitals.items()})


def test_a_label_is_quoted_for_dot_and_read_back_whole():
    odd = 'A"B\\C\\'  # a quote, a backslash, and one at the end that must not eat the quote
    assert dot_string(odd) == '"A\\"B\\\\C\\\\"'
    assert dot_string("two\nlines") == '"two\\nlines"'
    tree = Node("ab", children={"gy": Node("ba", solves=True)})
    paths = answer_paths(as_dot(tree, lambda word: f"{word}{odd}"))
    assert paths == {f"ba{odd}": [(f"ab{odd}", "gy"), (f"ba{odd}", "gg")]}


def test_the_graph_says_each_guess_and_the_answers_left_under_it():
    tree = Node("ab", solves=True, children={"y.": Node("cd", children={".g": Node("ed", True)})})
    nodes, edges = parsed(as_dot(tree))
    labels = sorted(attributes["label"] for attributes in nodes.values())
    assert labels == ["AB", "AB\n2 answers", "CD\n1 answer", "ED", "ED\n1 answer"]
    assert sorted(attributes["label"] for _, _, attributes in edges) == [".g", "gg", "gg", "y."]
    assert 'label="2 answers, mean 2.0000, max 3"' in as_dot(tree)


# -- where the graph goes ----------------------------------------------------------------


def test_a_folder_as_dot_is_refused_before_the_search(tmp_path, lists, no_search):
    (tmp_path / "d").mkdir()
    message = one_line_error(invoke("tree", *lists, "--dot", str(tmp_path / "d")))
    assert message == f"error: --dot: {tmp_path / 'd'}: is a directory, not a file"


def test_dot_and_out_naming_one_file_are_refused(tmp_path, lists, no_search):
    (tmp_path / "link").symlink_to(tmp_path / "tree.txt")  # the same file by another name
    args = ["--out", str(tmp_path / "tree.txt"), "--dot", str(tmp_path / "link")]
    message = one_line_error(invoke("tree", *lists, *args))
    assert message == f"error: --dot and --out name the same file: {tmp_path / 'link'}"


def test_dot_through_a_symlink_replaces_the_file_it_points_to(tmp_path, lists):
    target = tmp_path / "graphs" / "tree.dot"
    target.parent.mkdir()
    target.write_text("old\n")
    (tmp_path / "link.dot").symlink_to(target)
    result = invoke("tree", *lists, "--dot", str(tmp_path / "link.dot"), "--workers", "1")
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "link.dot").is_symlink()
    assert len(answer_paths(target.read_text())) == len(ANSWERS)
    assert os.listdir(target.parent) == ["tree.dot"]  # no temporary file left


def test_a_dot_write_that_fails_names_the_file_and_keeps_the_rest(tmp_path, lists, monkeypatch):
    dot, out = tmp_path / "tree.dot", tmp_path / "tree.json"
    real = api_tree.write_atomic

    def write_atomic(path, text):
        if path == dot:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(path, text)

    monkeypatch.setattr(api_tree, "write_atomic", write_atomic)
    result = invoke("tree", *lists, "--dot", str(dot), "--out", str(out), "--workers", "1")
    message = one_line_error(result, 1)
    assert message == f"error: the tree above was not written to {dot} (No space left on device)"
    assert result.stdout.startswith("opener ") and not dot.exists()
    assert treefiles.read(out)["complete"]


def test_dot_naming_the_stored_trees_file_is_refused_and_the_tree_kept(tmp_path, lists):
    assert invoke("tree", *lists).returncode == 0
    (stored,) = (tmp_path / "trees").iterdir()
    before = stored.read_bytes()
    message = one_line_error(invoke("tree", *lists, "--dot", str(stored)))
    assert (
        message
        == f"error: --dot {stored} is the stored tree's file: the graph would replace the tree"
    )
    assert stored.read_bytes() == before
