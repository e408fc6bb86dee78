"""One loop plays a strategy against a referee, on one board or several; the share grid."""

from collections.abc import Container, Sequence
from dataclasses import dataclass, replace

from lenwordle.engine.beyond import probe
from lenwordle.engine.boards import Boards, Replies
from lenwordle.engine.feedback import Reply, tiles, tiles_side_by_side
from lenwordle.engine.rules import DEFAULT_LIMIT
from lenwordle.engine.state import GameState, NoCandidates
from lenwordle.games.referees import FixedAnswers, LargestGroupHost, Referee
from lenwordle.strategies.base import Chooser, Strategy
from lenwordle.words.wordlist import WordList

MAX_TURNS = 30  # the referee gives up after this many guesses (or twice a strict limit)
MAX_REFUSALS = 500  # ...or after refusing this many suggestions in one game


@dataclass
class Game:
    """A finished game: its turns (the guess and each board's reply, None once solved), the
    suggestions the game refused, and whether every board was solved."""

    turns: list[tuple[str, Replies]]
    refused: list[str]
    solved: bool
    answers: tuple[str, ...] = ()  # the answers (Absurdle: the word the host kept)
    limit: int = DEFAULT_LIMIT  # the rules' guess limit
    absurdle: bool = False
    strict: bool = False  # the game ends at the limit (Rules.strict)
    cap: int = MAX_TURNS  # the guesses the referee allowed (the limit, or MAX_TURNS)

    @property
    def won(self) -> bool:
        """Return whether every board was solved (within the limit, when the rules hold it)."""
        return self.solved and (not self.strict or len(self.turns) <= self.limit)

    @property
    def out_of_guesses(self) -> bool:
        """Return whether the game ended at the limit with some board not solved (a game
        whose rules end it there: Rules.strict)."""
        return self.strict and not self.solved and len(self.turns) >= self.limit

    @property
    def capped(self) -> bool:
        """Return whether the game stopped unsolved at the referee's cap (play_boards), not
        at a limit of the rules."""
        return not self.solved and not self.out_of_guesses and len(self.turns) >= self.cap

    @property
    def history(self) -> list[tuple[str, Reply | None]]:
        """Return the turns as (guess, reply) on the first board (a one-board game's; on
        several, None once the first board is solved)."""
        return [(word, replies[0]) for word, replies in self.turns]


def play_boards(
    strategy: Chooser,
    boards: Boards,
    referee: Referee,
    accepted: Container[str] | None = None,
    everything: WordList | None = None,
    stop_at_limit: bool = False,
) -> Game:
    """Return the game of strategy against referee, until every board is solved, too many
    turns (MAX_TURNS; on rules that end the game at the limit, Rules.strict, at least twice
    the limit, or with stop_at_limit the limit itself) or nothing to suggest.

    A suggestion not in `accepted` (when given) is refused, as a player's blank line does;
    a board with no word left widens to `everything` (when given), as in play; when no word
    of `everything` fits an open board either (the answer is past the dictionary), the
    guess is the probe play suggests then (engine/beyond.py), until solved or out of turns;
    not with `accepted`: a game that takes only those words would refuse every probe.
    """
    refused: list[str] = []
    turns = max(MAX_TURNS, 2 * boards.rules.limit) if boards.rules.strict else MAX_TURNS
    if stop_at_limit and boards.rules.strict:
        turns = boards.rules.limit
    while not boards.solved and len(boards.history) < turns and len(refused) <= MAX_REFUSALS:
        try:
            guess = strategy.choose_boards(boards)
        except NoCandidates:
            wider = boards.widen(everything) if everything is not None else boards
            if any(a is not b for a, b in zip(wider.states, boards.states)):
                boards = wider
                continue
            outside = [s for s in boards.open_states() if beyond_dictionary(s)]
            probing = everything is not None and accepted is None  # (a probe is no word)
            guess = probe(outside) if probing and outside else ""
            if not guess:
                break
        if accepted is not None and guess not in accepted:
            refused.append(guess)
            boards = boards.refuse(guess)
            continue
        boards = boards.after(guess, referee.replies(guess))
    return Game(
        list(boards.history),
        refused,
        boards.solved,
        referee.answers,
        boards.rules.limit,
        referee.adversary,
        boards.rules.strict,
        turns,
    )


def play(
    solver: Strategy,
    state: GameState,
    answer: str,
    accepted: Container[str] | None = None,
    everything: WordList | None = None,
) -> Game:
    """Return the one-board game of solver against answer (see play_boards)."""
    return play_boards(solver, Boards.new(state), FixedAnswers((answer,)), accepted, everything)


def solve_game(
    strategy: Strategy,
    state: GameState,
    answers: Sequence[str] | None,
    everything: WordList | None = None,
    stop_at_limit: bool = False,
) -> Game:
    """Return the game of strategy on state's rules against the answers (one per board), or
    against the Absurdle host when answers is None (stop_at_limit: as play_boards)."""
    referee = LargestGroupHost(state) if answers is None else FixedAnswers(answers)
    return play_boards(
        strategy, Boards.new(state), referee, everything=everything, stop_at_limit=stop_at_limit
    )


def beyond_dictionary(state: GameState) -> bool:
    """Return whether no word the state knows fits its feedback (none left, and not because
    the game refused the words that fit)."""
    if len(state.candidate_rows):
        return False
    rows = [r for r in (state.answers.index.get(w) for w in state.refused) if r is not None]
    return not state.fits_history(state.answers.codes[rows]).any()


def _bare(position: Boards) -> Boards:
    """Return the same position without its cached candidate tables (kept for undo, cheaply)."""
    return replace(position, states=tuple(replace(state) for state in position.states))


def share_grid(
    history: list | tuple, solved: bool, limit: int = 6, high_contrast: bool = False
) -> str:
    """Return the game (turns of a reply, or of one reply per board) as a tile grid a player
    can paste (several boards side by side, a solved board left blank), headed as the games
    head theirs.

    One board: `lenwordle N/L`, N the guesses (X when lost, or solved past the limit, as
    the game would have ended) and L the rules' limit. Several:
    `lenwordle B boards: 6 4 5 X`, the guess that solved each board in board order (X: not
    solved). high_contrast: the tiles of the high-contrast mode, 🟧 and 🟦, for a player who
    typed them."""
    rows = [
        tiles(r, high_contrast)
        if isinstance(r, str)
        else tiles_side_by_side(r, high_contrast=high_contrast)
        for _, r in history
    ]
    if history and not isinstance(history[0][1], str) and len(history[0][1]) > 1:
        counts = solved_at(history)
        shown = " ".join("X" if n is None else str(n) for n in counts)
        return "\n".join([f"lenwordle {len(counts)} boards: {shown}", *rows])
    won = solved and len(history) <= limit  # past the limit, the game would have been lost
    return "\n".join([f"lenwordle {len(history) if won else 'X'}/{limit}", *rows])


def solved_at(history: list | tuple) -> list[int | None]:
    """Return, for each board of a game of several, the number of the guess that solved it
    (None: not solved)."""
    boards = len(history[0][1])
    found: list[int | None] = [None] * boards
    for turn, (word, replies) in enumerate(history, 1):
        for board, reply in enumerate(replies):
            if found[board] is None and reply == "g" * len(word):
                found[board] = turn
    return found
