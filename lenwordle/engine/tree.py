"""Decision trees as data: the guess to play, and the subtree after each reply.

A tree answers every candidate of the position it starts from: an answer is reached when
its reply is all green. `decision_tree` writes down any strategy's play as a tree; the
endgame search of expected-guesses returns its own (ExpectedGuesses.endgame_tree).
"""

from collections import Counter
from dataclasses import dataclass, field
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
