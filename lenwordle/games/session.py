"""The interactive session's logic, for every game: the player's lines in, what to say and
suggest out.

Nothing here reads a terminal: the CLI feeds the session lines and prints what it returns.
The game is any position (engine/position.py): Wordle's boards (Absurdle's too) or a
variant's game; what differs between them (how a reply is typed, how it ends) the position
says. Over 300 lines: one class, a method per kind of line, sharing the position, the
suggestion and what undo takes back; with the listing of chances that `list` shows.
"""

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from lenwordle.engine.beyond import board_fitting, probe
from lenwordle.engine.boards import Replies
from lenwordle.engine.constraints import known
from lenwordle.engine.feedback import Reply, typed_high_contrast
from lenwordle.engine.position import Position
from lenwordle.engine.state import GameState, NoCandidates, beyond_dictionary
from lenwordle.strategies.base import Chooser
from lenwordle.words.alphabet import Alphabet
from lenwordle.words.quoting import quoted, undecodable
from lenwordle.words.typed import plain
from lenwordle.words.wordlist import WordList

LIST_SIZE = 20
WORD = r"[^\W\d_](?:[^\W\d_]|[·'])*"  # a typed word: letters (Catalan's l·l, Ukrainian's ')
ALL_REFUSED = (
    "every word that fits has been refused by the game; type WORD FEEDBACK for "
    "the word you play, or undo"
)


OUTSIDE = (
    "note: no word lenwordle knows fits: the answer is outside its dictionary; keep "
    "typing WORD FEEDBACK (all green ends the game), or undo a typo"
)


HINT = "no known word fits; type list to see what is known"
NO_FIT = "no word lenwordle knows fits the feedback; what is known:"
ALL_FITTING_REFUSED = "every word that fits has been refused; what is known:"
WIDENED = "note: no word of the answer list fits; suggesting from every word lenwordle knows"
HELP = """\
{typing}
  (blank line)      the game refused that word: suggest the next best
  WORD FEEDBACK     you played another word (also WORD=FEEDBACK)
{found}  undo              take back the last feedback or refusal
  list              show the likeliest remaining answers
  help              show this"""


FOUND = """\
  found             the game said the word just played is an answer (when its row
                    alone cannot tell: Hardle's anagrams, Xordle's greens of two answers)
"""


Scored = tuple[str, Reply | Replies]  # a guess and its reply in marks (one a board on several)


@dataclass
class Event:
    """What the session has to say after a line: messages, a scored guess, a new suggestion."""

    lines: list[str] = field(default_factory=list)
    scored: Scored | None = None
    suggestion: bool = False
    done: bool = False
    failed: bool = False  # done, and the game lost (out of guesses)


class Session:
    """An interactive game of any kind: feed it the player's lines; it keeps the position and
    the suggestion."""

    def __init__(
        self,
        solver: Chooser,
        position: Position,
        everything: Callable[[], WordList | None] | None = None,
        start: str | None = None,
    ):
        self.solver = solver
        self.position = position
        self.everything = everything  # every word the solver knows, read when first needed
        self.forced_start = start
        self.guess = ""
        self.probing = False  # the suggestion tests unknown letters: no known word fits
        self.hinted = False  # the hint to type list was shown (once a game)
        self.past: list[tuple[Position, str]] = []  # (position, what changed it), for undo
        self.typed_contrast: list[bool] = []  # per turn: were high-contrast tiles typed
        self.suggest()

    @property
    def high_contrast(self) -> bool:
        """Return whether the player typed the high-contrast mode's tiles (🟧 🟦) in this
        game: its share grid is then in those colours."""
        return any(self.typed_contrast)

    @property
    def boards(self) -> int:
        return int(self.position.boards)

    def suggest(self) -> str:
        """Choose and remember the next suggestion; return it ('' if none is left).

        When no word lenwordle knows fits any open board (the answer is outside its
        dictionary), the suggestion is the guess that best tests the letters still unknown.
        """
        self.probing = False
        if (
            not self.position.history
            and self.forced_start
            and self.forced_start not in self.position.refused
        ):
            self.guess = self.forced_start
        else:
            try:
                self.guess = self.solver.choose_boards(self.position)
            except NoCandidates:  # (no word known fits: a probe; a variant's: none to play)
                outside = self.past_dictionary()
                self.probing = bool(outside)
                self.guess = probe(outside) if outside else ""
        return self.guess

    def past_dictionary(self) -> list[GameState]:
        """Return the open boards on which no word the solver knows fits (a variant's game
        has none: its worlds are of the words it knows)."""
        return self.position.past_dictionary()

    def _widened(self, earlier: Position) -> list[str]:
        """Widen the candidates of a board with none left to every known word; return the
        notes to show: OUTSIDE only on a board where no known word fits since this turn
        (earlier: the position before it), not again on each turn after."""
        before = self.counts()
        empty = [i for i in self.position.open_boards() if not before[i]]
        if not empty:
            return []
        everything = self.everything() if self.everything else None
        if everything is not None:
            self.position = self.position.widen(everything)
        counts, was = self.counts(), earlier.counts()
        notes = [
            self._on(i) + (WIDENED if counts[i] else OUTSIDE)
            for i in empty
            if counts[i] or was[i]  # (no word fitted before this turn: already said)
        ]
        if not self.hinted and not all(counts[i] for i in empty):
            self.hinted = True
            notes.append(HINT)
        return notes

    def _on(self, board: int) -> str:
        """Return 'board N: ' before a note about one of several boards ('' on one board)."""
        return f"board {board + 1}: " if self.boards > 1 else ""

    def counts(self) -> list[int | None]:
        """Return the words still possible on each board (None for a solved one)."""
        return self.position.counts()

    @property
    def count(self) -> int:
        """Return the words still possible on the open boards, together."""
        return sum(n or 0 for n in self.counts())

    def counts_text(self) -> str:
        """Return the words still possible as '(N words)', or '(120 | 34 | solved)' on
        several boards."""
        if self.boards > 1:
            return f"({' | '.join('solved' if c is None else str(c) for c in self.counts())})"
        known = "known " if self.probing else ""  # no known word fits: testing letters
        said = f"{self.count} {known}{self.position.noun}{'s' if self.count != 1 else ''}"
        pairs = self.position.pairs  # (Xordle's: the pairs still possible)
        if pairs is None:
            return f"({said})"
        among = self.position.paired_from  # (made of the likeliest only)
        return f"({said}, {pairs} pairs" + (f" of the {among} likeliest)" if among else ")")

    def handle(self, line: str) -> Event:
        """Act on one line of input (made plain first: words/typed.py); a refused line leaves
        the game exactly as it was."""
        text = plain(line).strip()
        command = text.lower()
        if command in ("help", "h", "?"):  # then the pending suggestion again
            found = FOUND if self.position.may_be_found else ""  # (a row may not tell a win)
            said = HELP.format(typing=self.position.typing(), found=found)
            return Event([said], suggestion=True)
        if command == "list":
            return Event(self._listing())
        if command == "undo":
            return self.undo()
        if self.position.outcome().over:  # (list, undo and help above: the rest are moves)
            return Event(["the game is over; undo takes the last move back"])
        if command == "found":
            return self.found()
        return self._feedback(text) if text else self.refuse()

    def undo(self) -> Event:
        """Return what undo does: the position before the last feedback or refusal, again."""
        if not self.past:
            return Event(["nothing to undo"])
        self.position, change = self.past.pop()
        del self.typed_contrast[len(self.position.history) :]
        self.suggest()
        return Event([f"took back {change}"], suggestion=True)

    def refuse(self) -> Event:
        """Return what a blank line does: the game refused the suggestion, the next is made."""
        if not self.guess:
            return Event(["no suggestion to refuse; type WORD FEEDBACK"])
        refused = self.shown(self.guess)
        try:
            position = self.position.refuse(self.guess)
        except NoCandidates as error:  # (a variant's last answer: the game would be gone)
            return Event([f"{error}; type WORD FEEDBACK, or undo"])
        self.past.append((self.position.bare(), f"the refusal of {refused}"))
        self.position = position
        self.suggest()
        said = [f"{refused}: refused by the game {self.counts_text()}"]
        going = bool(self.count) or self.probing  # a probe refused: the next one
        return Event(said if going else [*said, ALL_REFUSED], suggestion=going)

    def _feedback(self, text: str) -> Event:
        """Return what a line of feedback does (for the suggestion, or WORD FEEDBACK), or why
        it is not one."""
        byte = undecodable(text)
        if byte:
            return Event(
                [f"the line has a byte that is not UTF-8 text ({byte}); {self._expected()}"]
            )
        parsed = self._parse(text)
        if isinstance(parsed, str):
            return Event([parsed])
        word, feedback = parsed
        if not word:
            return Event(["no word is left to suggest; type WORD FEEDBACK"])
        return self.play(word, feedback)

    def play(self, word: str, feedback: list[str], hit: bool | None = None) -> Event:
        """Return what playing word with this feedback (one per open board) does, or why the
        feedback cannot be (hit: the game said word is an answer; None: it said nothing)."""
        return self._move(self.position, word, feedback, hit)

    def _move(
        self, before: Position, word: str, feedback: list[str], hit: bool | None = None
    ) -> Event:
        """Return what playing word with this feedback from the position before does (the
        game unchanged if it cannot be)."""
        try:
            position = before.after(word, before.read(feedback), hit)
        except ValueError as error:  # (impossible feedback, hard mode, a variant's rules)
            return Event([f"{error}; try again (help for help)"])
        self.past.append((before.bare(), f"the feedback for {self.shown(word)}"))
        self.position = position
        self.typed_contrast.append(any(typed_high_contrast(f) for f in feedback))
        marks = position.marks(position.history[-1][1])
        one = marks[0] if len(marks) == 1 else None  # (one board's reply, or a variant's row)
        scored: Scored = (word, one if one is not None else marks)
        return self._ended(scored) or self._going_on(scored, hit)

    def found(self) -> Event:
        """Return what `found` does: the game said the last word played is an answer (a row
        alone may not tell: Hardle's anagrams, Xordle's greens from both answers)."""
        if not self.position.history or not self.past:
            return Event(["no word played to mark as found"])
        word, _ = self.position.history[-1]
        before, change = self.past[-1]
        told = self.position.told[-1] if self.position.told else None
        if len(before.history) == len(self.position.history):  # (the last move: a refusal)
            said = f"the last move was a refusal; to mark {self.shown(word)} found, undo it first"
            return Event([said])
        if told:
            return Event([f"{self.shown(word)} is marked already; undo to change it"])
        if not self.position.answer_in(word):
            return Event([f"{self.shown(word)}'s row tells whether it is an answer: no need"])
        (marks,) = before.marks(self.position.history[-1][1])
        self.past.pop()
        del self.typed_contrast[len(before.history) :]
        event = self._move(before, word, [marks or ""], hit=True)
        if event.scored is None:  # (the game as it was)
            self.past.append((before, change))
        return event

    def _ended(self, scored: Scored) -> Event | None:
        """Return the Event of a game the last guess ended (solved, the answer hit, out of
        guesses), or None if it goes on."""
        position, n = self.position, len(self.position.history)
        guesses = f"{n} guess{'es' if n != 1 else ''}"
        outcome = position.outcome()
        if outcome.ending == "solved":
            boards = "" if self.boards == 1 else f" all {self.boards} boards"
            late = "" if outcome.within else f", over the limit of {outcome.limit}"
            return Event([f"Solved{boards} in {guesses}{late}."], scored=scored, done=True)
        if outcome.ending == "hit":  # (Antiwordle: its score is the guesses survived)
            return Event([f"Hit the answer after surviving {n - 1}."], scored=scored, done=True)
        if outcome.ending == "out":
            left = len(position.counts()) - position.counts().count(None)
            boards = f"{left} of {self.boards} boards" if self.boards > 1 else "the board"
            said = f"Out of guesses: {boards} not solved in {guesses}."
            return Event([said], scored=scored, done=True, failed=True)
        return None

    def _going_on(self, scored: Scored, hit: bool | None = None) -> Event:
        """Return the Event of a game that goes on: notes on boards widened past the answer
        list, on a row that may have been a win, and the next suggestion."""
        notes = self._widened(self.past[-1][0])
        word = scored[0]
        if hit is None and self.position.answer_in(word):
            notes.append(  # the row may be a win, or one answer of two found
                f"if the game said {self.shown(word)} is an answer, type found; if not, go on:"
            )
        self.suggest()
        if self.probing:
            notes += [
                self._on(i) + self.fitting_text(i)
                for i in self.position.open_boards()
                if beyond_dictionary(self.position.board(i))
            ]
        return Event(notes, scored=scored, suggestion=bool(self.guess))

    def fitting_text(self, board: int) -> str:
        """Return how many strings of the game's letters fit every reply on a board past the
        dictionary, and those strings (in capitals) when at most LIST_SIZE."""
        fit = board_fitting(self.position.board(board), LIST_SIZE)
        if fit.count is None:
            return "past the dictionary: too many strings of letters fit to count"
        count = f"{fit.count:,}".replace(",", " ")
        fits = "string of letters fits" if fit.count == 1 else "strings of letters fit"
        said = f"past the dictionary: {count} {fits} every reply"
        if not fit.complete or not fit.count:
            return said
        letters = self.alphabet.letters
        return (
            said
            + ": "
            + " ".join(
                self.alphabet.upper("".join(letters[j] for j in row)) for row in fit.strings
            )
        )

    def _parse(self, text: str) -> tuple[str, list[str]] | str:
        """Return (word, one feedback per open board) from a line, or why it is not one.

        The word is the suggestion unless the line begins with one (WORD FEEDBACK...)."""
        wanted = len(self.position.open_boards())
        if wanted == 1:
            typed = self._typed_word(text)
            if typed is None and text.isalpha() and set(text.lower()) - set("gy"):
                return self._expected()  # a word alone: its feedback is missing
            if typed is None:
                return self.guess, [text]
            word, feedback = self.alphabet.fold(typed[0]), [typed[1]]
        else:
            tokens = re.sub(rf"^({WORD})\s*=\s*", r"\1 ", text).split()
            if len(tokens) == wanted:
                return self.guess, tokens
            if len(tokens) != wanted + 1 or not re.fullmatch(WORD, tokens[0]):
                return self._wrong_count()
            word, feedback = self.alphabet.fold(tokens[0]), tokens[1:]
        if len(word) == self.position.k and not set(word) - set("gy"):
            return self._wrong_count()  # greens and yellows only: a reply too many, not a word
        return self.check_word(word) or (word, feedback)

    def _typed_word(self, text: str) -> tuple[str, str] | None:
        """Return (word, reply) of a line that begins with a word (WORD REPLY, WORD=REPLY),
        or None: a word of letters, or of the game's tiles and length (Nerdle's 1+2=3)."""
        spaced = re.split(r"\s+", text, maxsplit=1)
        for head, rest in ((spaced[0], spaced[-1]), text.rpartition("=")[::2]):
            rest = rest.lstrip("= ") if head != text else ""
            tiles = self.alphabet.fold(head)
            ours = len(tiles) == self.position.k and self.alphabet.is_word(tiles)
            if rest and (re.fullmatch(WORD, head) or ours):
                return head, rest
        return None

    def _wrong_count(self) -> str:
        """Return what a line of replies looks like, for one with too many or too few."""
        wanted = len(self.position.open_boards())
        example = self.position.example()
        if wanted == 1:
            return f"expected one reply like {example}, or WORD FEEDBACK; type help"
        return (
            f"expected {wanted} replies, one per open board, like "
            f"{' '.join([example] * wanted)} or WORD REPLIES; type help"
        )

    def _expected(self) -> str:
        """Return what a line of feedback looks like, for a line that is not one."""
        return f"expected feedback like {self.position.example()} or WORD FEEDBACK; type help"

    def check_word(self, word: str) -> str:
        """Return why a typed word cannot be used, or '': the game accepted it, so any
        word of the right length is one, but a word it refused before (a variant may ask
        more of a guess: Nerdle's, an equation, its after() says so)."""
        k, alphabet = self.position.k, self.alphabet
        tiles = "letters" if self.position.noun == "word" else "tiles"
        if alphabet.foreign(word):
            return (
                f"{quoted(alphabet.upper(word))} has {tiles} the game lacks "
                f"({' '.join(alphabet.foreign(word))}); its {tiles} are {alphabet.described()}"
            )
        if len(word) != k:
            letters = tiles.removesuffix("s") if len(word) == 1 else tiles
            return f"{quoted(alphabet.upper(word))} has {len(word)} {letters}, not {k}"
        if word in self.position.refused:  # (review says the same of such a game)
            return (
                f"{self.shown(word)} was refused by the game, so it was not played; undo "
                "takes the refusal back"
            )
        return ""

    @property
    def alphabet(self) -> Alphabet:
        """Return the game's alphabet."""
        alphabet: Alphabet = self.position.alphabet
        return alphabet

    def share(self) -> str:
        """Return the game so far as the player pastes it: 'lenwordle' and the game's title
        (lenwordle 4/6, lenwordle fibble X/9), then its rows as the game shows them (in the
        high-contrast mode's colours if the player typed them)."""
        position = self.position
        rows = [position.tiles(reply, self.high_contrast) for _, reply in position.history]
        return "\n".join([f"lenwordle {position.title()}", *rows])

    def shown(self, word: str) -> str:
        """Return word as the player reads it: its dictionary spelling, in capitals."""
        return str(self.position.display(word))

    def _listing(self) -> list[str]:
        """Return the likeliest remaining answers (up to LIST_SIZE) with their chances and
        the count, per open board; for a board with none, why, and what is known."""
        lines = []
        for i in self.position.open_boards():
            words, weights, total = self.position.chances(i)
            if words:
                lines.append(f"{self._on(i)}{len(words)} possible:")
                lines += chances_lines(words, weights, shown=self.shown, total=total)
            else:
                state = self.position.board(i)
                why = NO_FIT if beyond_dictionary(state) else ALL_FITTING_REFUSED
                lines.append(f"{self._on(i)}0 possible: {why}")
                lines += [
                    "  " + line
                    for line in known(state.history, state.k).describe(self.alphabet.upper)
                ]
                if why == NO_FIT:
                    lines.append("  " + self.fitting_text(i))
        return lines


def percent(chance: float) -> str:
    """Return a chance as a percentage: one decimal from 0.1 % (as rounded) up, two
    significant digits below (0.043%, 0.0021%), '<0.0001%' below 0.0001 %: a list of
    thousands of words shows how they differ, not a tie."""
    value = 100 * chance
    if chance >= 0.00095:
        return f"{value:.1f}%"
    if chance < 0.000001:
        return "<0.0001%"
    decimals = 1 - math.floor(math.log10(float(f"{value:.2g}")))
    return f"{value:.{decimals}f}%"


def shares(weights: npt.ArrayLike) -> npt.NDArray[np.float64]:
    """Return each weight over their sum: the chances (each alike when they sum to 0)."""
    w = np.asarray(weights, float)
    total = w.sum()
    return w / total if total > 0 else np.full(len(w), 1 / max(len(w), 1))


def chances_of(
    position: Position, board: int = 0, size: int = LIST_SIZE
) -> list[tuple[str, float]]:
    """Return a board's likeliest possible answers (at most size, as the player reads them),
    likeliest first, each with its chance: its weight over all the possible answers' (Xordle:
    over the pairs', so that they sum to about 2)."""
    words, weights, total = position.chances(board)
    chances = np.asarray(weights, float)[:size] / total if total > 0 else shares(weights)[:size]
    return [(position.display(w), float(p)) for w, p in zip(words, chances)]


def chances_lines(
    words: list[str],
    weights: np.ndarray,
    size: int = LIST_SIZE,
    shown: Callable[[str], str] = str.upper,
    total: float | None = None,
) -> list[str]:
    """Return a line per word of the first `size` (words likeliest first, as `shown`; weights
    in any order: each word's chance is its weight over their sum, or over total) and one for
    the rest."""
    ordered = np.sort(np.asarray(weights, float))[::-1]
    chances = shares(ordered) if not total else ordered / total
    figures = [percent(p) for p in chances[:size]]
    width = max(map(len, figures), default=0)
    lines = [f"  {shown(word)}  {p:>{width}}" for word, p in zip(words, figures)]
    if len(words) > size:
        rest = percent(float(chances[size:].sum()))
        lines.append(f"  ... and {len(words) - size} more ({rest} together)")
    return lines
