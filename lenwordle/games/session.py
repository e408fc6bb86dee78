"""The interactive session's logic, for every game: the player's lines in, what happened (as
events, games/events.py) and the next suggestion out. Nothing here reads a terminal nor words
a sentence; what differs between games (how a reply is typed, how it ends) the position says."""

import re
from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from lenwordle.engine.beyond import board_fitting, probe
from lenwordle.engine.constraints import known
from lenwordle.engine.feedback import typed_high_contrast
from lenwordle.engine.position import Position
from lenwordle.engine.state import NoCandidates, beyond_dictionary
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
from lenwordle.strategies.base import Chooser
from lenwordle.words.alphabet import Alphabet
from lenwordle.words.quoting import undecodable
from lenwordle.words.typed import plain
from lenwordle.words.wordlist import WordList

LIST_SIZE = 20
WORD = r"[^\W\d_](?:[^\W\d_]|[·'])*"  # a typed word: letters (Catalan's l·l, Ukrainian's ')


class Session:
    """An interactive game of any kind: the position, the suggestion, what undo takes back."""

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
        self.hinted = False  # the hint to type list was noted (once a game)
        self.past: list[tuple[Position, Undone]] = []  # (position, what changed it), for undo
        self.typed_contrast: list[bool] = []  # per turn: were high-contrast tiles typed
        self.suggest()

    @property
    def boards(self) -> int:
        return self.position.boards

    def suggest(self) -> None:
        """Choose and remember the next suggestion ('' if none is left). When no known word
        fits any open board, it is the guess that best tests the unknown letters."""
        self.probing = False
        start = self.forced_start
        if start and not self.position.history and start not in self.position.refused:
            self.guess = start
        else:
            try:
                self.guess = self.solver.choose_boards(self.position)
            except NoCandidates:  # (no word known fits: a probe; a variant's: none to play)
                outside = self.position.past_dictionary()
                self.probing = bool(outside)
                self.guess = probe(outside) if outside else ""

    def _widened(self, earlier: Position) -> list[Note]:
        """Widen the candidates of a board with none left to every known word; return the
        notes (outside only where no known word fits since this turn: earlier is before it)."""
        before = self.counts()
        empty = [i for i in self.position.open_boards() if not before[i]]
        if not empty:
            return []
        everything = self.everything() if self.everything else None
        if everything is not None:
            self.position = self.position.widen(everything)
        counts, was = self.counts(), earlier.counts()
        notes = [
            Note("widened" if counts[i] else "outside", self._on(i))
            for i in empty
            if counts[i] or was[i]  # (no word fitted before this turn: already said)
        ]
        if not self.hinted and not all(counts[i] for i in empty):
            self.hinted = True
            notes.append(Note("list_hint"))
        return notes

    def _on(self, board: int) -> int | None:
        """Return the board a note is on, when there are several (None on one board)."""
        return board if self.boards > 1 else None

    def counts(self) -> list[int | None]:
        """Return the words still possible on each board (None for a solved one)."""
        return self.position.counts()

    @property
    def count(self) -> int:
        """Return the words still possible on the open boards, together."""
        return sum(n or 0 for n in self.counts())

    def handle(self, line: str) -> Said:
        """Act on one line of input, made plain first; a refused line leaves the game as it was."""
        text = plain(line).strip()
        command = text.lower()
        if command in ("help", "h", "?"):  # then the pending suggestion again
            typing = self.position.typing()
            return Said([Help(typing, self.position.may_be_found)], suggestion=True)
        if command == "list":
            return Said([self.listing()])
        if command == "undo":
            return self.undo()
        if self.position.outcome().over:  # (list, undo and help above: the rest are moves)
            return Said([Problem("over")])
        if command == "found":
            return self.found()
        if not text:
            return self.refuse()
        byte = undecodable(text)
        if byte:
            return Said([Problem("not_text", detail=byte)])
        parsed = self._parse(text)
        if isinstance(parsed, Problem):
            return Said([parsed])
        word, feedback = parsed
        return self.play(word, feedback) if word else Said([Problem("nothing_to_suggest")])

    def undo(self) -> Said:
        """Return what undo does: the position before the last feedback or refusal, again."""
        if not self.past:
            return Said([Problem("nothing_to_undo")])
        self.position, change = self.past.pop()
        del self.typed_contrast[len(self.position.history) :]
        self.suggest()
        return Said([change], suggestion=True)

    def refuse(self) -> Said:
        """Return what a blank line does: the game refused the suggestion, the next is made."""
        if not self.guess:
            return Said([Problem("no_suggestion")])
        refused = self.shown(self.guess)
        try:
            position = self.position.refuse(self.guess)
        except NoCandidates as error:  # (a variant's last answer: the game would be gone)
            return Said([Problem("last_answer", refused, str(error))])
        self.past.append((self.position.bare(), Undone(refused, refusal=True)))
        self.position = position
        self.suggest()
        going = bool(self.count) or self.probing  # a probe refused: the next one
        events: list[Event] = [Refusal(refused)]
        return Said(events if going else [*events, Note("all_refused")], suggestion=going)

    def play(self, word: str, feedback: list[str], hit: bool | None = None) -> Said:
        """Return what playing word with this feedback (one per open board) does, or why the
        feedback cannot be (hit: the game said word is an answer; None: it said nothing)."""
        return self._move(self.position, word, feedback, hit)

    def _move(
        self, before: Position, word: str, feedback: list[str], hit: bool | None = None
    ) -> Said:
        """As play, from the position before (unchanged if it cannot be): the game's end, or
        notes (boards widened, a row that may be a win) and the next suggestion."""
        try:
            position = before.after(word, before.read(feedback), hit)
        except ValueError as error:  # (impossible feedback, hard mode, a variant's rules)
            return Said([Problem("cannot_be", self.shown(word), str(error))])
        self.past.append((before.bare(), Undone(self.shown(word), refusal=False)))
        self.position = position
        self.typed_contrast.append(any(typed_high_contrast(f) for f in feedback))
        taken = Taken(self.shown(word), position.marks(position.history[-1][1]))
        outcome = position.outcome()
        if outcome.over:  # (solved, the answer hit, out of guesses)
            unsolved = len(self.counts()) - self.counts().count(None)
            return Said([taken, Ended(outcome, unsolved, self.boards)])
        notes: list[Event] = [taken, *self._widened(self.past[-1][0])]
        if hit is None and self.position.answer_in(self.position.history[-1][0]):
            notes.append(Note("may_be_answer", word=taken.word))  # a win, or one answer of two
        self.suggest()
        if self.probing:
            notes += [
                Note("past_dictionary", self._on(i), fit=self.fit(i))
                for i in self.position.open_boards()
                if beyond_dictionary(self.position.board(i))
            ]
        return Said(notes, suggestion=bool(self.guess))

    def found(self) -> Said:
        """Return what `found` does: the game said the last word played is an answer (a row
        alone may not tell: Hardle's anagrams, Xordle's greens from both answers)."""
        if not self.position.history or not self.past:
            return Said([Problem("nothing_found")])
        word, _ = self.position.history[-1]
        shown = self.shown(word)
        before, change = self.past[-1]
        told = self.position.told[-1] if self.position.told else None
        if len(before.history) == len(self.position.history):  # (the last move: a refusal)
            return Said([Problem("found_after_refusal", shown)])
        if told:
            return Said([Problem("found_already", shown)])
        if not self.position.answer_in(word):
            return Said([Problem("found_told", shown)])
        (marks,) = before.marks(self.position.history[-1][1])
        self.past.pop()
        del self.typed_contrast[len(before.history) :]
        said = self._move(before, word, [marks or ""], hit=True)
        if said.taken is None:  # (the game as it was)
            self.past.append((before, change))
        return said

    def fit(self, board: int) -> Fit:
        """Return how many strings of the game's letters fit every reply on a board past the
        dictionary, and those strings when at most LIST_SIZE (and all of them are known)."""
        fit = board_fitting(self.position.board(board), LIST_SIZE)
        if fit.count is None or not fit.complete or not fit.count:
            return Fit(fit.count)
        letters = self.alphabet.letters
        strings = ("".join(letters[j] for j in row) for row in fit.strings)
        return Fit(fit.count, tuple(map(self.alphabet.upper, strings)))

    def _parse(self, text: str) -> tuple[str, list[str]] | Problem:
        """Return (word, one feedback per open board) from a line, or why it is not one; the
        word is the suggestion unless the line begins with one (WORD FEEDBACK...)."""
        wanted = len(self.position.open_boards())
        if wanted == 1:
            typed = self._typed_word(text)
            if typed is None and text.isalpha() and set(text.lower()) - set("gy"):
                return Problem("expected")  # a word alone: its feedback is missing
            if typed is None:
                return self.guess, [text]
            word, feedback = self.alphabet.fold(typed[0]), [typed[1]]
        else:
            tokens = re.sub(rf"^({WORD})\s*=\s*", r"\1 ", text).split()
            if len(tokens) == wanted:
                return self.guess, tokens
            if len(tokens) != wanted + 1 or not re.fullmatch(WORD, tokens[0]):
                return Problem("wrong_count", count=wanted)
            word, feedback = self.alphabet.fold(tokens[0]), tokens[1:]
        if len(word) == self.position.k and not set(word) - set("gy"):
            # greens and yellows only: a reply too many, not a word
            return Problem("wrong_count", count=wanted)
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

    def check_word(self, word: str) -> Problem | None:
        """Return why a typed word cannot be played, or None: the game accepted it, so any word
        of its letters and length is one but a refused one (a variant's after() may ask more)."""
        foreign = self.alphabet.foreign(word)
        if foreign:
            return Problem("foreign", self.shown(word), letters=tuple(foreign))
        if len(word) != self.position.k:
            return Problem("length", self.shown(word), count=len(word))
        if word in self.position.refused:  # (review says the same of such a game)
            return Problem("refused_before", self.shown(word))
        return None

    @property
    def alphabet(self) -> Alphabet:
        """Return the game's alphabet."""
        return self.position.alphabet

    def share(self) -> str:
        """Return the game so far as the player pastes it: its title (lenwordle 4/6, lenwordle
        fibble X/9), then its rows (in the high-contrast colours if the player typed them)."""
        position, contrast = self.position, any(self.typed_contrast)
        rows = [position.tiles(reply, contrast) for _, reply in position.history]
        return "\n".join([f"lenwordle {position.title()}", *rows])

    def shown(self, word: str) -> str:
        """Return word as the player reads it: its dictionary spelling, in capitals."""
        return self.position.display(word)

    def listing(self) -> Listing:
        """Return each open board's likeliest answers (up to LIST_SIZE), or why it has none."""
        boards = []
        for i in self.position.open_boards():
            words, weights, total = self.position.chances(i)
            if words:
                ordered = np.sort(np.asarray(weights, float))[::-1]
                chances = shares(ordered) if not total else ordered / total
                shown = map(self.shown, words[:LIST_SIZE])
                listed = tuple(zip(shown, map(float, chances[:LIST_SIZE])))
                rest = float(chances[LIST_SIZE:].sum())
                boards.append(BoardListing(i, listed, len(words), rest))
                continue
            state = self.position.board(i)
            no_fit = beyond_dictionary(state)
            known_lines = tuple(known(state.history, state.k).describe(self.alphabet.upper))
            fit = self.fit(i) if no_fit else None
            boards.append(BoardListing(i, (), 0, 0.0, no_fit, known_lines, fit))
        return Listing(tuple(boards))


def shares(weights: npt.ArrayLike) -> npt.NDArray[np.float64]:
    """Return each weight over their sum: the chances (each alike when they sum to 0)."""
    w = np.asarray(weights, float)
    total = w.sum()
    return w / total if total > 0 else np.full(len(w), 1 / max(len(w), 1))


def chances_of(
    position: Position, board: int = 0, size: int = LIST_SIZE
) -> list[tuple[str, float]]:
    """Return a board's likeliest possible answers (at most size, as the player reads them),
    each with its chance (Xordle: over the pairs', so that they sum to about 2)."""
    words, weights, total = position.chances(board)
    chances = np.asarray(weights, float)[:size] / total if total > 0 else shares(weights)[:size]
    return [(position.display(w), float(p)) for w, p in zip(words, chances)]
