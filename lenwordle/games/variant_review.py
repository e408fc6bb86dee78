"""Reviewing a variant's game: each guess beside the solver's best, over the rows the game
may show; skill and luck on games/review.py's 0-99 scales."""

from dataclasses import asdict, dataclass

import numpy as np

from lenwordle.engine.variants.state import VariantGame
from lenwordle.games.review import LUCK_BANDS, SKILL_BANDS, band, mean_score, score, skill
from lenwordle.strategies.shown import (
    EXACT_WORLDS,
    Metric,
    ShownRows,
    choose,
    exact_score,
    shown_rows,
    spread_sample,
)


@dataclass(frozen=True)
class VariantTurn:
    """One turn: the guess, the row shown, the answers left before and after, the expected
    guesses to finish after it and after the best guess, skill and luck (0-99)."""

    guess: str
    row: int
    reply: str  # the row in the variant's marks ('g.y..', '^v^gg', '2g1y')
    possible_before: int
    possible_after: int
    expected_guesses: float
    best_guess: str
    best_expected_guesses: float
    skill: int | None
    luck: int | None

    refused: tuple[str, ...] = ()  # the words the game refused before the guess

    def as_dict(self) -> dict:
        return asdict(self)


def row_luck(rows: ShownRows, shown: int) -> int | None:
    """Return the luck of a row: the chance of a row that leaves more worlds open, plus half
    that of one leaving as many, as 0-99; None when one row only could come, or none gives
    this one."""
    given = rows.codes == shown
    if len(rows.codes) < 2 or not given.any():
        return None
    mine = rows.left[given][0]
    more = rows.chance[rows.left > mine].sum()
    same = rows.chance[rows.left == mine].sum()
    return score(float(more + 0.5 * same))


def review_variant(
    start: VariantGame,
    turns: list[tuple[str, int]],
    metric: Metric = "expected",
    refused: dict[int, tuple[str, ...]] | None = None,
) -> list[VariantTurn]:
    """Return each turn of a played game reviewed (refused[i]: the words the game refused
    before turn i, from 0); the moves' errors as VariantGame.after's and refuse's."""
    reviewed, game = [], start
    for at, (word, shown) in enumerate(turns):
        gone = (refused or {}).get(at, ())
        for refusal in gone:
            game = game.refuse(refusal)
        worlds = spread_sample(game.worlds, EXACT_WORLDS)
        best = choose(game, metric)
        letters = game.encode([word, best])
        yours = -exact_score(game, letters[0], worlds, "expected")
        theirs = -exact_score(game, letters[1], worlds, "expected")
        before = len(game.remaining())
        luck = row_luck(shown_rows(game, letters[0], worlds), shown)
        game = game.after(word, shown)
        after = 0 if game.over else len(game.remaining())
        reviewed.append(
            VariantTurn(
                word,
                shown,
                game.marks(shown)[0],
                before,
                after,
                yours,
                best,
                theirs,
                skill(yours, theirs),
                luck,
                gone,
            )
        )
    return reviewed


def verdict(turns: list[VariantTurn], won: bool) -> dict:
    """Return the game's figures: guesses, won, mean skill and luck, and a sentence."""
    n = len(turns)
    play, luck = mean_score([t.skill for t in turns]), mean_score([t.luck for t in turns])
    outcome = f"Solved in {n}" if won else f"Not solved after {n}"
    bands = [
        f"{band(play, SKILL_BANDS)} play" if play is not None else "",
        f"{band(luck, LUCK_BANDS)} replies" if luck is not None else "",
    ]
    said = ", ".join(b for b in bands if b)
    return {
        "guesses": n,
        "won": won,
        "skill": play,
        "luck": luck,
        "matched_best": int(np.sum([t.guess == t.best_guess for t in turns])),
        "verdict": f"{outcome}: {said}." if said else f"{outcome}.",
    }
