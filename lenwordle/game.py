"""The referee (a strategy against a known answer) and the interactive session's logic.

Nothing here reads a terminal: the CLI feeds the session lines and prints what it returns.
"""

import re
from collections.abc import Callable, Container
from dataclasses import dataclass, field, replace

from lenwordle.patterns import Reply, parse_reply, reply_for, tiles
from lenwordle.state import GameState, HardModeViolation, ImpossibleFeedback
from lenwordle.strategies import NoCandidates, Solver
from lenwordle.wordfile import quoted, undecodable
from lenwordle.wordlist import WordList

MAX_TURNS = 30  # the referee gives up after this many guesses
MAX_REFUSALS = 500  # ...or after refusing this many suggestions in one game
LIST_SIZE = 20
ALL_REFUSED = (
    "every word that fits has been refused by the game; type WORD FEEDBACK for "
    "the word you play, or undo"
)
OUTSIDE = (
    "note: no word lenwordle knows fits: the answer is outside its dictionary; keep "
    "typing WORD FEEDBACK (all green ends the game), or undo a typo"
)
WIDENED = "note: no word of the answer list fits; suggesting from every word lenwordle knows"
HELP = """\
Type the colours the game showed: g green, y yellow, . grey (or 2/1/0, or the tiles).
  (blank line)      the game refused that word: suggest the next best
  WORD FEEDBACK     you played another word (also WORD=FEEDBACK)
  undo              take back the last feedback or refusal
  list              show the likeliest remaining answers
  help              show this"""


@dataclass
class Game:
    """A finished game: its turns and the suggestions the game refused."""

    history: list[tuple[str, Reply]]
    refused: list[str]

    @property
    def solved(self) -> bool:
        return bool(self.history) and set(self.history[-1][1]) == {"g"}


def play(
    solver,
    state: GameState,
    answer: str,
    accepted: Container[str] | None = None,
    everything: WordList | None = None,
) -> Game:
    """Return the game of solver against answer, until solved, MAX_TURNS or nothing to suggest.

    A suggestion not in `accepted` (when given) is refused, as a player's blank line does;
    when no word is left, the candidates widen to `everything` (when given), as in play.
    """
    refused: list[str] = []
    while not state.solved and len(state.history) < MAX_TURNS and len(refused) <= MAX_REFUSALS:
        try:
            guess = solver.choose(state)
        except NoCandidates:
            if everything is None or state.answers is everything:
                break
            state = state.widen(everything)
            continue
        if accepted is not None and guess not in accepted:
            refused.append(guess)
            state = state.refuse(guess)
            continue
        state = state.after(guess, reply_for(guess, answer))
    return Game(list(state.history), refused)


def example_feedback(k: int) -> str:
    """Return feedback of k marks to show as an example (g.y.. for 5 letters)."""
    return ("g.y" + "." * k)[:k]


def _bare(state: GameState) -> GameState:
    """Return the same state without its cached candidate tables (kept for undo, cheaply)."""
    return replace(state)


def share_grid(history: list[tuple[str, Reply]] | tuple, solved: bool) -> str:
    """Return the game as a tile grid a player can paste."""
    head = f"lenwordle {len(history) if solved else 'X'}/{len(history)}"
    return "\n".join([head, *(tiles(reply) for _, reply in history)])


@dataclass
class Event:
    """What the session has to say after a line: messages, a scored guess, a new suggestion."""

    lines: list[str] = field(default_factory=list)
    scored: tuple[str, Reply] | None = None
    suggestion: bool = False
    done: bool = False


class Session:
    """An interactive game: feed it the player's lines; it keeps the state and the suggestion."""

    def __init__(
        self,
        solver: Solver,
        state: GameState,
        everything: Callable[[], WordList | None] | None = None,
        start: str | None = None,
    ):
        self.solver = solver
        self.state = state
        self.everything = everything  # every word the solver knows, read when first needed
        self.forced_start = start
        self.guess = ""
        self.past: list[tuple[GameState, str]] = []  # (state, what changed it), for undo
        self.suggest()

    def suggest(self) -> str:
        """Choose and remember the next suggestion; return it ('' if none is left)."""
        if (
            not self.state.history
            and self.forced_start
            and self.forced_start not in self.state.refused
        ):
            self.guess = self.forced_start
        else:
            try:
                self.guess = self.solver.choose(self.state)
            except NoCandidates:
                self.guess = ""
        return self.guess

    def _widened(self) -> list[str]:
        """Widen the candidates to every known word when none is left; return the notes to show."""
        if self.count or self.state.solved:
            return []
        everything = self.everything() if self.everything else None
        if everything is not None and self.state.answers is not everything:
            self.state = self.state.widen(everything)
            if self.count:
                return [WIDENED]
        return [OUTSIDE]

    @property
    def count(self) -> int:
        return len(self.state.candidate_rows)

    def handle(self, line: str) -> Event:
        """Act on one line of input; a refused line leaves the game exactly as it was."""
        text = line.strip()
        command = text.lower()
        if command in ("help", "h", "?"):
            return Event([HELP])
        if command == "list":
            return Event([self._listing()])
        if command == "undo":
            if not self.past:
                return Event(["nothing to undo"])
            self.state, change = self.past.pop()
            self.suggest()
            return Event([f"took back {change}"], suggestion=True)
        if not text:
            if not self.guess:
                return Event(["no suggestion to refuse; type WORD FEEDBACK"])
            self.past.append((_bare(self.state), f"the refusal of {self.guess.upper()}"))
            self.state = self.state.refuse(self.guess)
            self.suggest()
            return Event([] if self.count else [ALL_REFUSED], suggestion=bool(self.count))
        byte = undecodable(text)
        if byte:
            return Event(
                [f"the line has a byte that is not UTF-8 text ({byte}); {self._expected()}"]
            )
        match = re.fullmatch(r"([A-Za-z]+)\s*[= ]\s*(\S+)", text)
        if not match and text.isascii() and text.isalpha() and set(command) - set("gy"):
            return Event([self._expected()])  # a word alone: its feedback is missing
        word, feedback = (match.group(1).lower(), match.group(2)) if match else (self.guess, text)
        if not word:
            return Event(["no word is left to suggest; type WORD FEEDBACK"])
        problem = self._check_word(word) if match else ""
        if problem:
            return Event([problem])
        try:
            reply = parse_reply(feedback, self.state.k)
            state = self.state.after(word, reply)
        except (ValueError, ImpossibleFeedback, HardModeViolation) as error:
            return Event([f"{error}; try again (help for help)"])
        self.past.append((_bare(self.state), f"the feedback for {word.upper()}"))
        self.state = state
        if self.state.solved:
            n = len(self.state.history)
            return Event(
                [f"Solved in {n} guess{'es' if n != 1 else ''}."], scored=(word, reply), done=True
            )
        notes = self._widened()
        self.suggest()
        return Event(notes, scored=(word, reply), suggestion=bool(self.guess))

    def _expected(self) -> str:
        """Return what a line of feedback looks like, for a line that is not one."""
        return (
            f"expected feedback like {example_feedback(self.state.k)} or WORD FEEDBACK; type help"
        )

    def _check_word(self, word: str) -> str:
        """Return why a typed word cannot be used, or '': the game accepted it, so any
        word of the right length is one."""
        if len(word) != self.state.k:
            letters = "letter" if len(word) == 1 else "letters"
            return f"{quoted(word.upper())} has {len(word)} {letters}, not {self.state.k}"
        return ""

    def _listing(self) -> str:
        """Return the likeliest remaining answers (up to LIST_SIZE) with the count."""
        words = self.state.candidate_words()
        shown = " ".join(w.upper() for w in words[:LIST_SIZE])
        more = f" ... and {len(words) - LIST_SIZE} more" if len(words) > LIST_SIZE else ""
        return f"{len(words)} possible: {shown}{more}"
