"""The library's face: a game set up for a language, length, rules and strategy, played turn
by turn (Game) or whole (solve, bench, review, tree). docs/api.md shows each in use."""

from lenwordle.api.game import (
    Alternative,
    Chance,
    Game,
    GameOptions,
    MoveError,
    SetupError,
    Turn,
    options,
)
from lenwordle.api.run import BenchResult, Played, Reviewed, TreeResult, bench, review, solve, tree

__all__ = [
    "Alternative",
    "BenchResult",
    "Chance",
    "Game",
    "GameOptions",
    "MoveError",
    "Played",
    "Reviewed",
    "SetupError",
    "TreeResult",
    "Turn",
    "bench",
    "options",
    "review",
    "solve",
    "tree",
]
