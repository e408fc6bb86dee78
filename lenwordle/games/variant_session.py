"""The interactive session of a variant: the player's lines in, what to say and suggest out
(as games/session.py does for Wordle itself; nothing here reads a terminal)."""

import numpy as np

from lenwordle.engine.variants.notation import example, marks_of, parse_shown, tiles_of
from lenwordle.engine.variants.state import NotAllowed, NoWorlds, VariantGame
from lenwordle.games.session import LIST_SIZE, Event, percent
from lenwordle.strategies.shown import Metric, choose
from lenwordle.words.quoting import undecodable

HELP = """\
Type the row the game showed ({how}).
  (blank line)      the game refused that word: suggest the next best
  WORD ROW          you played another word
  found             the game said the word just played is an answer (when its row
                    alone cannot tell: Hardle's anagrams, Xordle's greens of two answers)
  undo              take back the last row or refusal
  list              show the likeliest answers left
  help              show this"""


class VariantSession:
    """An interactive game of a variant: feed it lines; it keeps the game and the suggestion."""

    def __init__(self, game: VariantGame, metric: Metric = "expected", start: str | None = None):
        self.game = game
        self.metric = metric
        self.past: list[tuple[VariantGame, str]] = []
        self.guess = start or choose(game, metric)

    @property
    def k(self) -> int:
        return self.game.k

    def shown(self, word: str) -> str:
        """Return a word as the game shows it (capitals)."""
        return self.game.lists.allowed.display(word)  # (the dictionary's spelling: ÁRBOL)

    def counts_text(self) -> str:
        """Return '(N words)': the answers still to find (pairs: '(N words, P pairs)')."""
        words = len(self.game.remaining())
        said = f"{words} {self.game.variant.noun}{'s' if words != 1 else ''}"
        if self.game.variant.answers_per_game > 1:
            said += f", {len(self.game.worlds)} pairs"
        return f"({said})"

    def handle(self, line: str) -> Event:
        """Act on one line; a refused line leaves the game as it was."""
        text = line.strip()
        command = text.lower()
        if command in ("help", "h", "?"):
            how = f"e.g. {example(self.game.variant, self.k)}"
            return Event([HELP.format(how=how)], suggestion=True)
        if command == "list":
            return Event([self.listing()])
        if command == "found":
            return self.found()
        if command == "undo":
            if not self.past:
                return Event(["nothing to undo"])
            self.game, change = self.past.pop()
            self.guess = choose(self.game, self.metric)
            return Event([f"took back {change}"], suggestion=True)
        if not text:
            return self.refuse()
        byte = undecodable(text)
        if byte:
            return Event([f"the line has a byte that is not UTF-8 text ({byte}); try again"])
        return self.play_line(text)

    def refuse(self) -> Event:
        """Return what a blank line does: the suggestion is no word of the game."""
        try:
            game = self.game.refuse(self.guess)
        except NoWorlds as error:
            return Event([f"{error}; type WORD ROW, or undo"])
        self.past.append((self.game, f"the refusal of {self.shown(self.guess)}"))
        refused, self.game = self.shown(self.guess), game
        self.guess = choose(game, self.metric)
        return Event([f"{refused}: refused by the game {self.counts_text()}"], suggestion=True)

    def play_line(self, text: str) -> Event:
        """Return what a row (for the suggestion, or after a word of the player's) does."""
        word, row = self.guess, text
        head, _, rest = text.partition(" ")
        alphabet = self.game.lists.allowed.alphabet
        if rest and len(alphabet.fold(head)) == self.k and alphabet.is_word(alphabet.fold(head)):
            word, row = alphabet.fold(head), rest
        try:
            code = parse_shown(self.game.variant, row, self.k)
        except ValueError as error:
            return Event([f"{error}; try again (help for help)"])
        return self.move(self.game, word, code)

    def found(self) -> Event:
        """Return what `found` does: the game said the last word played is an answer (a row
        alone may not tell: Hardle's anagrams, Xordle's greens from both answers)."""
        if not self.game.history or not self.past:
            return Event(["no word played to mark as found"])
        word, code = self.game.history[-1]
        before = self.past[-1][0]
        if self.game.told[-1] or len(before.history) != len(self.game.history) - 1:
            return Event([f"{self.shown(word)} is marked already; undo to change it"])
        self.past.pop()
        return self.move(before, word, code, hit=True)

    def move(self, before: VariantGame, word: str, code: int, hit: bool | None = None) -> Event:
        """Return what playing word with the row code from the game before does (the game
        unchanged if the row cannot be)."""
        try:
            game = before.after(word, code, hit)
        except (NotAllowed, NoWorlds) as error:
            return Event([f"{error}; try again (help for help)"])
        self.past.append((before, f"the row for {self.shown(word)}"))
        self.game = game
        scored = (word, marks_of(game.variant, code, self.k))
        n = len(game.history)
        guesses = f"{n} guess{'es' if n != 1 else ''}"
        if game.over:
            if game.variant.avoid:
                return Event(
                    [f"Hit the answer after surviving {n - 1}."], scored=scored, done=True
                )
            return Event([f"Solved in {guesses}."], scored=scored, done=True)
        if n >= game.variant.limit:
            said = f"Out of guesses: not solved in {guesses}."
            return Event([said], scored=scored, done=True, failed=True)
        self.guess = choose(game, self.metric)
        notes = []
        answer_in = game.hits(word).any(axis=1)  # the worlds in which word is an answer
        if hit is None and not game.variant.avoid and answer_in.any() and not answer_in.all():
            notes = [  # the row may be a win, or one answer of two found
                f"if the game said {self.shown(word)} is an answer, type found; if not, go on:"
            ]
        return Event(notes, scored=scored, suggestion=True)

    def tiles(self, code: int) -> str:
        """Return a row as the game shows it."""
        return tiles_of(self.game.variant, code, self.k)

    def scored_line(self, word: str, marks: str) -> str:
        """Return a played guess with its row as the game shows it ('STARE 🟨⬛🟨🟨⬛')."""
        return f"{self.shown(word)} {self.tiles(parse_shown(self.game.variant, marks, self.k))}"

    def share_grid(self) -> str:
        """Return the game's rows as the game shows them, one a line, under its name."""
        n = len(self.game.history)
        head = f"{self.game.variant.name} {n}/{self.game.variant.limit}"
        if self.game.variant.avoid:
            head = f"{self.game.variant.name}: survived {n - 1}"
        return "\n".join([head, *(self.tiles(code) for _, code in self.game.history)])

    def listing(self) -> str:
        """Return the likeliest answers left, with their chances."""
        mass, left = self.game.answer_mass(), self.game.remaining()
        worlds = self.game.worlds
        going = ~worlds.complete if self.game.history else np.ones(len(worlds), bool)
        total = worlds.weights[going].sum()  # (Xordle's chances: of being one of the two)
        rows = left[:LIST_SIZE]
        words = self.game.lists.answers.words_at(rows)
        parts = [f"{self.shown(w)} {percent(mass[r] / total)}" for w, r in zip(words, rows)]
        more = len(left) - len(rows)
        return "  ".join(parts) + (f"  (and {more} more)" if more > 0 else "")
