"""The suggestion and the next best guesses of a position, with what each would leave and
cost, as the strategy's own ranking has them (the NYT's WordleBot shows such a list).

Cheap by design: the words are the strategy's stored openers before any reply, else its
ranking of its shortlist (`rank`, the pass its choice makes; 4 ms at 5 letters after a
reply); each word's figures are its partition of the candidates, as the review has them.
A position that only a full pass could rank again gives none: a variant's game (ranked
over the rows it shows), several boards open at once (ranked jointly), a strategy that
does not rank (Absurdle's worst-case plan), no word known to fit. Optimal's tree guess
comes first, then expected-guesses' ranking, which it plays off the tree.
"""

from dataclasses import dataclass

from lenwordle.engine.metrics import DIGITS
from lenwordle.engine.position import Position
from lenwordle.engine.state import GameState
from lenwordle.games.review import figures, last_guess_figures
from lenwordle.strategies.base import Chooser, Ranking
from lenwordle.strategies.expected import ExpectedGuesses


@dataclass(frozen=True)
class Alternative:
    """A guess worth playing: the word (as the game has it; the API's, as the player reads
    it), the words it is expected to leave possible, the guesses expected to finish with it
    (None: the strategy does not count guesses), and whether it could be the answer."""

    word: str
    expected_left: float
    expected_guesses: float | None
    could_be_answer: bool


def alternatives(
    position: Position, solver: Chooser, suggestion: str, n: int
) -> list[Alternative]:
    """Return the suggestion then the strategy's next best guesses, at most n in all (fewer
    when its shortlist or stored openers hold fewer); [] where they cannot be had cheaply
    (see the module's text)."""
    if not isinstance(solver, Ranking):  # (a strategy that ranks: its next best)
        return []
    state = position.ranked_state()  # (Wordle's one open board)
    if state is None or not suggestion or not len(state.candidate_rows):
        return []
    words = [suggestion, *(w for w in next_best(state, solver, n) if w != suggestion)]
    first, *rest = [figures_of(state, solver, word) for word in words[:n]]
    if first.expected_guesses is not None:  # (a rollout may order them otherwise than rank)
        rest.sort(key=lambda a: round(a.expected_guesses or 0.0, DIGITS))
    return [first, *rest]


def next_best(state: GameState, solver: Ranking, n: int) -> list[str]:
    """Return the strategy's best words in state, best first: on the last guess the
    likeliest possible answers (only they can win); before any reply its stored openers
    not refused; else its ranking's top n."""
    if state.on_last_guess:
        return [w for w in state.candidate_words() if state.is_legal(w)][:n]
    stored = getattr(solver, "openers", {}).get(state.k, ())
    if not state.history and stored:
        return [w for w in stored if w not in state.refused and state.is_legal(w)][:n]
    return [c.word for c in solver.rank(state, top=n)]


def figures_of(state: GameState, solver: Ranking, word: str) -> Alternative:
    """Return word's figures in state: the expected words left (each possible answer counted
    once) and, for the expected-guesses strategies, the guesses to finish (as the review
    counts them: by the rollout near the end, the last guess's miss as a failure)."""
    found = figures(state, solver, word)
    if state.on_last_guess:
        found = last_guess_figures(state, found)
    guesses = found.expected_guesses if isinstance(solver, ExpectedGuesses) else None
    return Alternative(word, found.expected_left, guesses, state.could_be(word))
