"""play_game: a strategy against a referee in any game (Wordle's boards, Absurdle, a variant)."""

from collections.abc import Callable, Container
from dataclasses import dataclass, field

from lenwordle.engine.beyond import probe
from lenwordle.engine.boards import Boards
from lenwordle.engine.position import Outcome, Position, Target
from lenwordle.engine.state import GameState, NoCandidates
from lenwordle.games.referees import HiddenAnswers, Referee, referee_for
from lenwordle.strategies.base import Chooser, Strategy
from lenwordle.words.wordlist import WordList

MAX_TURNS = 30  # the referee gives up after this many guesses (or twice a strict limit)
MAX_REFUSALS = 200  # ...or once it has refused this many suggestions in one game


@dataclass
class Played:
    """A game played to its end: its turns (the guess and each board's reply in marks, None
    once solved), the suggestions refused, and how it stands by its rules (Outcome)."""

    turns: list[tuple[str, tuple[str | None, ...]]]
    refused: list[str]
    outcome: Outcome
    answers: tuple[str, ...] = ()  # the answers (Absurdle: the word the host kept)
    absurdle: bool = False
    cap: int = MAX_TURNS  # the guesses the referee allowed (the limit, or MAX_TURNS)
    rows: list[str] = field(default_factory=list)  # each turn as the game shows it (tiles...)
    variant: str = "wordle"  # the game's name
    display: Callable[[str], str] = str.upper  # a word as the player reads it

    @property
    def solved(self) -> bool:
        """Return whether every board was solved, past the limit too (Antiwordle: hit)."""
        return self.outcome.solved

    @property
    def won(self) -> bool:
        """Return whether every board was solved within the limit."""
        return self.outcome.won

    @property
    def limit(self) -> int:
        return self.outcome.limit

    @property
    def survival(self) -> bool:
        """Return whether the game is scored by the guesses survived (Antiwordle)."""
        return self.outcome.survival

    @property
    def out_of_guesses(self) -> bool:
        """Return whether the game ended at the limit unsolved (rules that end it there)."""
        return not self.solved and self.outcome.ending == "out"

    @property
    def capped(self) -> bool:
        """Return whether the game stopped unsolved at the referee's cap, not a rules' limit."""
        return not self.solved and not self.out_of_guesses and len(self.turns) >= self.cap

    @property
    def guesses(self) -> int:
        """Return the guesses the game took to be solved (0: not solved); a game scored by
        survival, the guesses survived (the last, that hit the answer, not counted)."""
        return self.outcome.score

    @property
    def history(self) -> list[tuple[str, str | None]]:
        """Return the turns as (guess, reply) on the first board (None once it is solved)."""
        return [(word, replies[0]) for word, replies in self.turns]


def play_game(
    strategy: Chooser,
    position: Position,
    referee: Referee,
    accepted: Container[str] | None = None,
    everything: WordList | None = None,
    stop_at_limit: bool = False,
) -> Played:
    """Return the game of strategy against referee from position, until it ends (every board
    solved, the answer hit), too many turns (MAX_TURNS; on strict rules at least twice the
    limit, or the limit with stop_at_limit; in a game that always ends there, the limit),
    too many refusals (MAX_REFUSALS), or nothing to suggest.

    A suggestion not in `accepted` is refused, as a player's blank line does; a board with
    no word left widens to `everything`, as in play; when none of it fits either (the answer
    is past the dictionary), the guess is play's probe (engine/beyond.py), but not with
    `accepted`, which would refuse every probe."""
    refused: list[str] = []
    game = position
    turns = max(MAX_TURNS, 2 * game.limit) if game.strict else MAX_TURNS
    if stop_at_limit and game.strict or game.ends_at_limit:
        turns = game.limit
    while not game.outcome().solved and len(game.history) < turns and len(refused) < MAX_REFUSALS:
        try:
            guess = strategy.choose_boards(game)
        except NoCandidates:  # (no word known fits: widen, then probe; a variant's: lost)
            wider = game.widen(everything) if everything is not None else game
            if wider is not game:
                game = wider
                continue
            outside = game.past_dictionary()
            probing = everything is not None  # (a probe is a known word, or the one left)
            guess = probe(outside) if probing and outside else ""
            if not guess:
                break
        try:
            if accepted is not None and guess not in accepted:
                refused.append(guess)
                game = game.refuse(guess)
                continue
            game = game.after(guess, referee.replies(game, guess), referee.hit(guess))
        except NoCandidates:  # (a variant's: its answer is none the solver knows)
            break
    return Played(
        [(word, game.marks(reply)) for word, reply in game.history],
        refused,
        game.outcome(),
        referee.answers,
        referee.adversary,
        turns,
        [game.tiles(reply) for _, reply in game.history],
    )


def play(
    solver: Strategy,
    state: GameState,
    answer: str,
    accepted: Container[str] | None = None,
) -> Played:
    """Return the one-board game of solver against answer (see play_game)."""
    return play_game(solver, Boards.new(state), HiddenAnswers(Target((answer,))), accepted)


def solve_game(
    strategy: Chooser,
    position: Position,
    target: Target | None,
    everything: WordList | None = None,
    stop_at_limit: bool = False,
) -> Played:
    """Return the game of strategy from position against target (None: the Absurdle host)."""
    referee = referee_for(position.board(0), target)
    return play_game(strategy, position, referee, None, everything, stop_at_limit)
