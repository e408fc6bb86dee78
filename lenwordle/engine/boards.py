"""Several boards at once (Dordle to Duotrigordle): one GameState per board, every guess
played on each board not yet solved, the game won when all are solved within the limit."""

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import numpy.typing as npt

from lenwordle.engine.feedback import Reply, parse_reply, reply_for, tiles, tiles_side_by_side
from lenwordle.engine.hard_mode import HardModeViolation
from lenwordle.engine.outcome import Ending, Outcome, Target
from lenwordle.engine.rules import Rules
from lenwordle.engine.state import GameState, ImpossibleFeedback, beyond_dictionary
from lenwordle.words.alphabet import Alphabet
from lenwordle.words.prior import likeliest_first
from lenwordle.words.wordlist import WordList

Replies = tuple[Reply | None, ...]  # one reply per board, None for a board already solved


@dataclass(frozen=True, eq=False)
class Boards:
    """An immutable game of Wordle on one board or several (a Position, engine/position.py):
    `after(guess, replies)` returns the next position."""

    states: tuple[GameState, ...]
    history: tuple[tuple[str, Replies], ...] = ()
    refused: frozenset[str] = frozenset()

    @classmethod
    def new(cls, state: GameState, rules: Rules | None = None) -> "Boards":
        """Return a game of rules.boards boards, each where state is (its turns so far are
        every board's)."""
        rules = rules or state.rules
        start = replace(state, rules=rules)
        history = tuple((word, (reply,) * rules.boards) for word, reply in state.history)
        return cls(tuple(start for _ in range(rules.boards)), history, state.refused)

    @property
    def rules(self) -> Rules:
        return self.states[0].rules

    @property
    def k(self) -> int:
        return self.states[0].k

    @property
    def key(self) -> tuple[tuple[tuple[str, Replies], ...], frozenset[str], Rules]:
        """Return what a decision here depends on: the turns, the refusals, the rules."""
        return (self.history, self.refused, self.rules)

    @property
    def limit(self) -> int:
        return self.rules.limit

    @property
    def boards(self) -> int:
        return len(self.states)

    noun = "word"
    ends_at_limit = False  # (a strict game plays on in a benchmark, to count how far past)
    survival = False  # (scored by the guesses to solve, not the guesses survived)

    @property
    def strict(self) -> bool:
        """Return whether the rules end the game at the limit (Rules.strict)."""
        return self.rules.strict

    told: tuple[bool | None, ...] = ()  # (a row of all green tells a win: nothing to be told)
    may_be_found = False  # ...so the player never types found

    pairs = None  # (a game of one answer a board: no pairs)
    paired_from = None

    @property
    def answers_per_game(self) -> int:
        """Return how many answers the game hides: one a board."""
        return len(self.states)

    def answer_in(self, word: str) -> bool:
        """Return whether the row alone may not tell if word is an answer: never in Wordle."""
        return False

    def target_problem(self, answers: list[str]) -> str:
        """Return why these answers (folded) cannot be one game's: one a board, each its own;
        or ''."""
        if len(answers) != len(self.states):
            return f"{len(self.states)} boards need as many answers, not {len(answers)}"
        if len(set(answers)) != len(answers):
            return "each board has its own answer: a word is given twice"
        return ""

    def over(self, lists: GameState) -> "Boards":
        """Return the start of the same game over other lists (by their rules: a host's end
        the game at its limit), on as many boards."""
        return Boards.new(lists, replace(lists.rules, boards=len(self.states)))

    def reply_to(self, guess: str, target: Target, random: np.random.Generator) -> Replies:
        """Return the reply to guess on each open board, in board order, against its answer
        of target (one a board)."""
        return tuple(reply_for(guess, target.answers[i]) for i in self.open_boards())

    def targets(self, words: list[str], pool: list[str] | None = None) -> list[Target]:
        """Return the games a bench plays of words: each word on the one board."""
        return [Target((word,)) for word in words]

    def board(self, board: int) -> GameState:
        """Return a board's state."""
        return self.states[board]

    def variant_game(self) -> None:
        """Return no variant's game: Wordle's boards are judged by their replies."""
        return None

    def wordle_boards(self) -> "Boards":
        """Return these boards: a Wordle strategy plays them."""
        return self

    def ranked_state(self) -> GameState | None:
        """Return the one open board's state (None: several open, or none)."""
        open_states = self.open_states()
        return open_states[0] if len(open_states) == 1 else None

    def outcome(self) -> Outcome:
        """Return how the game stands: solved once every board is, out at the limit of rules
        that end the game there (Rules.strict) with a board open; won within the limit."""
        guesses = len(self.history)
        ending: Ending | None = None
        if self.solved:
            ending = "solved"
        elif self.rules.strict and guesses >= self.rules.limit:
            ending = "out"
        return Outcome(ending, guesses, self.rules.limit)

    def read(self, typed: Sequence[str]) -> tuple[Reply, ...]:
        """Return the replies typed, one per open board (any notation parse_reply reads)."""
        return tuple(parse_reply(text, self.k) for text in typed)

    def marks(self, replies: Replies) -> Replies:
        """Return a turn's replies in plain marks (g/y/.), one per board (None: solved
        before it)."""
        return replies

    def tiles(self, replies: Replies, high_contrast: bool = False) -> str:
        """Return a turn as the game shows it: coloured squares (several boards side by side,
        a solved one blank; the high-contrast mode's 🟧 🟦 if asked)."""
        if len(self.states) == 1:
            return tiles(replies[0] or "", high_contrast)
        return tiles_side_by_side(replies, high_contrast=high_contrast)

    def title(self) -> str:
        """Return the head of the game's share grid (grid_title): '4/6', '3/6*' in hard
        mode, '2 boards: 5 X'."""
        return grid_title(self.history, self.outcome().won, self.limit, self.rules.hard)

    def typing(self) -> str:
        """Return how a reply is typed, for help."""
        return (
            "Type the colours the game showed: g green, y yellow, . grey (or 2/1/0, or the "
            "tiles,\nthe high-contrast mode's too)."
        )

    def example(self) -> str:
        """Return feedback of k marks to show as an example (g.y.. for 5 letters)."""
        return ("g.y" + "." * self.k)[: self.k]

    @property
    def alphabet(self) -> Alphabet:
        return self.states[0].allowed.alphabet

    def display(self, word: str) -> str:
        """Return word as the player reads it: its dictionary spelling, in capitals."""
        return self.states[0].allowed.display(word)

    def chances(self, board: int) -> tuple[list[str], npt.NDArray[np.float64], float]:
        """Return a board's possible answers, likeliest first (ties: the commoner), their
        weights in that order, and the weights' sum."""
        state = self.states[board]
        rows = state.candidate_rows
        order = likeliest_first(state.weights[rows], state.answers.zipf_array()[rows])
        weights = state.weights[rows][order]
        return state.answers.words_at(rows[order]), weights, float(weights.sum())

    def bare(self) -> "Boards":
        """Return the same position without its cached candidate tables (kept for undo)."""
        return replace(self, states=tuple(replace(state) for state in self.states))

    def open_boards(self) -> list[int]:
        """Return the indices of the boards not yet solved."""
        return [i for i, state in enumerate(self.states) if not state.solved]

    def open_states(self) -> list[GameState]:
        """Return the states of the boards not yet solved, in board order."""
        return [self.states[i] for i in self.open_boards()]

    @property
    def solved(self) -> bool:
        return not self.open_boards()

    @property
    def spare(self) -> int:
        """Return the guesses left beyond one for each open board (0 or less: each guess
        left must be able to solve a board)."""
        return self.rules.limit - len(self.history) - len(self.open_boards())

    def left(self, board: int) -> int:
        """Return the words still possible on a board (a solved board's: its answer)."""
        return len(self.states[board].candidate_rows)

    def counts(self) -> list[int | None]:
        """Return the words still possible on each board (None for a solved one)."""
        return [None if s.solved else len(s.candidate_rows) for s in self.states]

    def past_dictionary(self) -> list[GameState]:
        """Return the open boards on which no word the solver knows fits (engine/beyond.py
        then suggests a probe of their letters)."""
        return [s for s in self.open_states() if beyond_dictionary(s)]

    def most_urgent(self) -> GameState:
        """Return the open board with the fewest candidates (but some), the first on ties."""
        live = [s for s in self.open_states() if len(s.candidate_rows)] or self.open_states()
        return min(live, key=lambda s: len(s.candidate_rows))

    def after(self, guess: str, replies: Sequence[Reply], hit: bool | None = None) -> "Boards":
        """Return the position after guess got `replies`, one per open board in board order.

        ValueError if the count is wrong; ImpossibleFeedback and HardModeViolation name the
        board (numbered from 1) when there are several. (hit: a reply of all green tells.)
        """
        open_ = self.open_boards()
        if len(replies) != len(open_):
            raise ValueError(
                f"expected {len(open_)} replies (one per open board), not {len(replies)}"
            )
        states = list(self.states)
        shown: list[Reply | None] = [None] * len(self.states)
        for i, reply in zip(open_, replies):
            try:
                states[i] = self.states[i].after(guess, reply)
            except (ImpossibleFeedback, HardModeViolation) as error:
                if len(self.states) == 1:
                    raise
                raise type(error)(f"board {i + 1}: {error}") from None
            shown[i] = reply
        return replace(self, states=tuple(states), history=self.history + ((guess, tuple(shown)),))

    def refuse(self, word: str) -> "Boards":
        """Return the position with word refused by the game on every board."""
        states = tuple(s if s.solved else s.refuse(word) for s in self.states)
        return replace(self, states=states, refused=self.refused | {word})

    def widen(self, everything: WordList) -> "Boards":
        """Return the position with each open board that has no candidate widened to every
        word of `everything` that fits its history (this position itself when none has)."""
        states = tuple(
            s.widen(everything)
            if not s.solved and not len(s.candidate_rows) and s.answers is not everything
            else s
            for s in self.states
        )
        if all(a is b for a, b in zip(states, self.states)):
            return self  # (nothing widened: the same position)
        return replace(self, states=states)


def share_grid(
    history: Sequence[tuple[str, Any]],
    solved: bool,
    limit: int = 6,
    high_contrast: bool = False,
    hard: bool = False,
) -> str:
    """Return the game (turns of a reply, or of one reply per board) as a tile grid a player
    can paste (several boards side by side, a solved board left blank), headed as the games
    head theirs.

    One board: `lenwordle N/L`, N the guesses (X when lost, or solved past the limit, as
    the game would have ended) and L the rules' limit, `N/L*` in hard mode. Several:
    `lenwordle B boards: 6 4 5 X`, the guess that solved each board in board order (X: not
    solved). high_contrast: the tiles of the high-contrast mode, 🟧 and 🟦, for a player who
    typed them."""
    rows = [
        tiles(r, high_contrast)
        if isinstance(r, str)
        else tiles_side_by_side(r, high_contrast=high_contrast)
        for _, r in history
    ]
    won = solved and len(history) <= limit  # (past the limit, the game would have been lost)
    return "\n".join([f"lenwordle {grid_title(history, won, limit, hard)}", *rows])


HARD_MARK = "*"  # (after N/L, as the daily games mark a game of hard mode)


def grid_title(
    history: Sequence[tuple[str, Any]], won: bool, limit: int, hard: bool = False
) -> str:
    """Return the head of a share grid after 'lenwordle': 'N/L' on one board (X when lost, or
    solved past the limit; 'N/L*' in hard mode), 'B boards: 6 4 5 X' on several."""
    if history and not isinstance(history[0][1], str) and len(history[0][1]) > 1:
        counts = solved_at(history)
        shown = " ".join("X" if n is None else str(n) for n in counts)
        return f"{len(counts)} boards: {shown}"
    return f"{len(history) if won else 'X'}/{limit}{HARD_MARK if hard else ''}"


def solved_at(history: Sequence[tuple[str, Any]]) -> list[int | None]:
    """Return, for each board of a game of several, the number of the guess that solved it
    (None: not solved)."""
    boards = len(history[0][1])
    found: list[int | None] = [None] * boards
    for turn, (word, replies) in enumerate(history, 1):
        for board, reply in enumerate(replies):
            if found[board] is None and reply == "g" * len(word):
                found[board] = turn
    return found
