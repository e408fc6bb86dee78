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
from lenwordle.engine.position import Outcome
from lenwordle.games.events import (
    BoardListing,
    Ended,
    Event,
    Fit,
    Help,
    Listing,
    Note,
    Problem,
    Refusal,
    Said,
    Taken,
    Undone,
)

__all__ = [
    "Alternative",
    "BenchResult",
    "BoardListing",
    "Chance",
    "Ended",
    "Event",
    "Fit",
    "Game",
    "GameOptions",
    "Help",
    "Listing",
    "MoveError",
    "Note",
    "Outcome",
    "Played",
    "Problem",
    "Refusal",
    "Reviewed",
    "Said",
    "SetupError",
    "Taken",
    "TreeResult",
    "Turn",
    "Undone",
    "bench",
    "options",
    "review",
    "solve",
    "tree",
]
