"""Decision trees as data: the guess to play, and the subtree after each reply.

A tree answers every candidate of the position it starts from: an answer is reached when
its reply is all green. `decision_tree` writes down any strategy's play as a tree; the
endgame search of expected-guesses returns its own (ExpectedGuesses.endgame_tree); `as_dot`
draws one as a Graphviz graph.
"""

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import count
from typing import Protocol, TypedDict

from lenwordle.engine.feedback import Reply, code_to_reply, solved_code
from lenwordle.engine.state import GameState

Turns = tuple[tuple[str, Reply], ...]  # a path down a tree: (guess, reply) turns


@dataclass(frozen=True)
class Node:
    """Play `guess`; after reply r, go on with children[r]. `solves`: the guess is one of the
    candidates here (its all-green reply ends the game for that answer)."""

    guess: str
    solves: bool = False
    children: dict[Reply, "Node"] = field(default_factory=dict)

    def depths(self, depth: int = 1) -> Counter[int]:
        """Return how many answers the tree reaches at each depth (this guess is depth)."""
        found = Counter({depth: 1}) if self.solves else Counter()
        for child in self.children.values():
            found += child.depths(depth + 1)
        return found

    def paths(self, before: Turns = ()) -> dict[str, Turns]:
        """Return each answer with its path of (guess, reply) down the tree."""
        found: dict[str, Turns] = {}
        if self.solves:
            found[self.guess] = (*before, (self.guess, "g" * len(self.guess)))
        for reply, child in self.children.items():
            found |= child.paths((*before, (self.guess, reply)))
        return found

    def as_json(self) -> dict[str, object]:
        """Return the tree as plain JSON values."""
        return {
            "guess": self.guess,
            "solves": self.solves,
            "children": {reply: child.as_json() for reply, child in self.children.items()},
        }

    @classmethod
    def from_json(cls, value: object) -> "Node":
        """Return the tree of as_json's values (ValueError if they are not one)."""
        if not isinstance(value, dict) or not isinstance(value.get("guess"), str):
            raise ValueError("a tree node needs a guess")
        children = value.get("children", {})
        if not isinstance(children, dict):
            raise ValueError("a tree node's children are a mapping of replies")
        return cls(
            value["guess"],
            bool(value.get("solves", False)),
            {str(r): cls.from_json(c) for r, c in children.items()},
        )


def total(tree: Node) -> int:
    """Return the guesses the tree takes over all its answers together."""
    return sum(depth * n for depth, n in tree.depths().items())


class Summary(TypedDict):
    """A tree's figures: answers, total and mean guesses (None: no answer), the most
    guesses an answer takes (None: no answer) and the histogram {guesses: answers}."""

    answers: int
    total: int
    mean: float | None
    max: int | None
    histogram: dict[str, int]


def summary(tree: Node) -> Summary:
    """Return the tree's answers, total, mean, max and histogram of guesses."""
    depths = tree.depths()
    answers = sum(depths.values())
    return {
        "answers": answers,
        "total": total(tree),
        "mean": round(total(tree) / answers, 4) if answers else None,
        "max": max(depths, default=None),
        "histogram": {str(d): depths[d] for d in range(1, max(depths, default=0) + 1)},
    }


class Player(Protocol):
    """What decision_tree asks of a strategy: its guess in a state (strategies.Strategy)."""

    def choose(self, state: GameState) -> str: ...


def decision_tree(strategy: Player, state: GameState, depth_limit: int = 30) -> Node:
    """Return strategy's play from state, on every reply, as a tree (to depth_limit)."""
    guess = strategy.choose(state)
    children: dict[Reply, Node] = {}
    solved = solved_code(state.k)
    if depth_limit > 1:
        for code, _, child in state.split(guess):
            if code != solved:
                children[code_to_reply(code, state.k)] = decision_tree(
                    strategy, child, depth_limit - 1
                )
    return Node(guess, state.could_be(guess), children)


ANSWER_COLOUR = "#6aaa64"  # a leaf of the DOT graph, an answer found: the game's green


def as_dot(tree: Node, shown: Callable[[str], str] = str.upper) -> str:
    """Return the tree as a Graphviz DOT graph (UTF-8 text): a box per guess (as shown, with
    the answers it still has to find), an edge per reply labelled with its g/y/. marks, and
    a leaf per answer, reached from its guess by the all-green reply."""
    figures = summary(tree)
    mean = "-" if figures["mean"] is None else f"{figures['mean']:.4f}"
    title = f"{figures['answers']} answers, mean {mean}, max {figures['max'] or '-'}"
    lines = [
        "digraph tree {",
        '  charset="UTF-8";',
        "  rankdir=LR;",
        f"  label={dot_string(title)};",
        "  labelloc=t;",
        '  node [shape=box, fontname="Helvetica"];',
        '  edge [fontname="Courier"];',
    ]
    ids = (f"n{number}" for number in count())

    def add(node: Node) -> str:
        """Add node's lines and those below it; return its id."""
        own = next(ids)
        left = sum(node.depths().values())
        label = f"{shown(node.guess)}\n{left} answer{'s' if left != 1 else ''}"
        lines.append(f"  {own} [label={dot_string(label)}];")
        if node.solves:
            leaf = next(ids)
            lines.append(
                f"  {leaf} [label={dot_string(shown(node.guess))}, shape=ellipse, "
                f'style=filled, fillcolor="{ANSWER_COLOUR}"];'
            )
            lines.append(f"  {own} -> {leaf} [label={dot_string('g' * len(node.guess))}];")
        for reply, child in sorted(node.children.items()):
            lines.append(f"  {own} -> {add(child)} [label={dot_string(reply)}];")
        return own

    add(tree)
    return "\n".join([*lines, "}"]) + "\n"


def dot_string(text: str) -> str:
    """Return text as a DOT quoted string: a backslash and a double quote escaped, a line
    break as DOT's \\n; any other character as it is (DOT reads UTF-8)."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'
