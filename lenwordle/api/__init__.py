"""The library's face: a game set up for a language, length, rules and strategy, played turn
by turn (Game) or whole (solve, bench, review, tree). docs/api.md shows each in use."""

from lenwordle.api.benchmarks import DEFAULT_COMPARED, BenchResult, bench, compare
from lenwordle.api.challenge import (
    Challenge,
    ChallengeError,
    make_challenge,
    practice_challenge,
    read_challenge,
)
from lenwordle.api.checks import Notice, Told
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
from lenwordle.api.pictures import (
    MAX_PICTURE_BYTES,
    BoardRead,
    PictureReview,
    UnreadPicture,
    read_image,
    review_board,
    review_image,
)
from lenwordle.api.run import (
    Played,
    RefusedAfterLast,
    Reviewed,
    alphabet,
    folded,
    replies,
    review,
    reviewed_by_rows,
    solve,
)
from lenwordle.api.trees import DEFAULT_OPENERS, DEFAULT_WIDTH, MadeTree, TreeResult, tree
from lenwordle.engine.position import Outcome
from lenwordle.engine.variants import VARIANTS
from lenwordle.games.bench import DEFAULT_TARGETS
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
from lenwordle.strategies.registry import DEFAULT_STRATEGY, STRATEGIES
from lenwordle.words.languages import DEFAULT_LANGUAGE

__all__ = [
    "DEFAULT_TARGETS",
    "VARIANTS",
    "DEFAULT_COMPARED",
    "DEFAULT_OPENERS",
    "DEFAULT_STRATEGY",
    "DEFAULT_WIDTH",
    "STRATEGIES",
    "Alternative",
    "BenchResult",
    "BoardRead",
    "MAX_PICTURE_BYTES",
    "BoardListing",
    "Challenge",
    "ChallengeError",
    "Chance",
    "Ended",
    "Event",
    "Fit",
    "Game",
    "GameOptions",
    "Help",
    "DEFAULT_LANGUAGE",
    "Listing",
    "MadeTree",
    "MoveError",
    "Note",
    "Notice",
    "Outcome",
    "Played",
    "PictureReview",
    "Problem",
    "RefusedAfterLast",
    "Refusal",
    "Reviewed",
    "Said",
    "SetupError",
    "Taken",
    "Told",
    "TreeResult",
    "Turn",
    "Undone",
    "UnreadPicture",
    "alphabet",
    "folded",
    "bench",
    "compare",
    "make_challenge",
    "practice_challenge",
    "read_challenge",
    "options",
    "read_image",
    "replies",
    "review",
    "review_board",
    "review_image",
    "reviewed_by_rows",
    "solve",
    "tree",
]
