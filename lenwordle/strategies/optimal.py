"""Play from a best tree (search.besttree), handed to it when it is made (stored or searched)."""

from dataclasses import dataclass, replace

from lenwordle.engine.state import GameState
from lenwordle.engine.tree import Node
from lenwordle.strategies.base import Choice, Traits
from lenwordle.strategies.expected import ExpectedGuesses
from lenwordle.strategies.ranked import last_guess


@dataclass(frozen=True, kw_only=True)
class Optimal(ExpectedGuesses):
    """The tree's guess while the game follows it, expected-guesses off it (another answer,
    a refused word)."""

    name: str = "optimal"
    tree: Node | None = None  # a best tree of the game's opening, handed to it (traits.wants_tree)

    @property
    def traits(self) -> Traits:
        """Return what it is and needs: a tree, which holds its first guess (none stored)."""
        return replace(super().traits, stores_opener=False, wants_tree=True)

    def choose(self, state: GameState, ranked: list[Choice] | None = None) -> str:
        if last_guess(state):  # the last guess allowed: only a possible answer can win
            return last_guess(state)
        node = self.node_at(state)
        if node is not None and state.is_legal(node.guess):
            return node.guess
        return super().choose(state, ranked)

    def node_at(self, state: GameState) -> Node | None:
        """Return the tree's node the game has reached, or None off the tree."""
        node = self.tree
        if state.refused or node is None:
            return None
        for guess, reply in state.history:
            if node.guess != guess or reply not in node.children:
                return None
            node = node.children[reply]
        return node
