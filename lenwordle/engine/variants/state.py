"""A variant's game, immutable: the worlds that fit every row shown so far."""

from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from lenwordle.engine.state import GameState
from lenwordle.engine.variants.base import Codes, Letters, Variant, Worlds, digits_of


class NoWorlds(ValueError):
    """No world of the game fits the rows shown."""


class NotAllowed(ValueError):
    """The variant does not allow this guess now."""


@dataclass(frozen=True, eq=False)
class VariantGame:
    """A game of a variant: its lists (`lists`, a plain game's start), the worlds that fit
    the rows shown, and those rows."""

    variant: Variant
    lists: GameState  # the allowed words, the answers with their prior, the refused words
    worlds: Worlds
    history: tuple[tuple[str, int], ...] = ()  # each guess and the row shown for it
    whole: bool = True  # the worlds are every world the answers make (not the likeliest's)
    told: tuple[bool | None, ...] = ()  # for each row, whether the game said it was a hit

    @classmethod
    def new(cls, variant: Variant, lists: GameState) -> "VariantGame":
        """Return the start of a game of variant on the answers and prior of lists."""
        rows = lists.candidate_rows
        whole = variant.most_answers is None or len(rows) <= variant.most_answers
        return cls(variant, lists, cls.worlds_of(variant, lists, rows), whole=whole)

    @staticmethod
    def worlds_of(variant: Variant, lists: GameState, rows: npt.NDArray[np.intp]) -> Worlds:
        """Return the worlds the answers at rows make."""
        worlds = variant.worlds(lists.weights[rows], lists.answers.codes[rows])
        return Worlds(rows[worlds.rows], worlds.weights, worlds.swapped)

    def widened(self) -> "VariantGame":
        """Return the game with its worlds made again of every answer the rows leave
        possible, once they are few enough (a variant that first makes its worlds of the
        likeliest answers only); the game as it is otherwise."""
        narrows, most = self.variant.narrows, self.variant.most_answers
        if self.whole or narrows is None or most is None:
            return self
        rows = self.lists.candidate_rows
        shown = [(self.encode([word])[0], code) for word, code in self.history]
        rows = rows[narrows(self.lists.answers.codes[rows], shown)]
        if len(rows) > most:
            return self
        game = VariantGame(
            self.variant, self.lists, self.worlds_of(self.variant, self.lists, rows)
        )
        for (word, code), hit in zip(self.history, self.told):
            game = game.after(word, code, hit)
        return game

    @property
    def k(self) -> int:
        return self.lists.k

    def encode(self, words: list[str]) -> Letters:
        """Return the letter indices of words of the game's alphabet."""
        return np.asarray(self.lists.allowed.alphabet.encode(words, self.k), np.uint8)

    def word(self, letters: npt.NDArray[np.uint8]) -> str:
        """Return the word of letter indices."""
        alphabet = self.lists.allowed.alphabet.letters
        return "".join(alphabet[i] for i in letters)

    def replies(self, guesses: Letters, worlds: Worlds | None = None) -> Codes:
        """Return the true replies of guesses (B x k) in each world (B x n)."""
        worlds = self.worlds if worlds is None else worlds
        return self.variant.replies(np.atleast_2d(guesses), self.lists.answers.codes, worlds)

    def hits(self, guess: str, worlds: Worlds | None = None) -> npt.NDArray[np.bool_]:
        """Return, for each world (n x m), which of its answers guess is."""
        worlds = self.worlds if worlds is None else worlds
        row = self.lists.answers.row(guess)
        return np.zeros(worlds.rows.shape, bool) if row is None else worlds.rows == row

    def ends(self, guess: str, worlds: Worlds | None = None) -> npt.NDArray[np.bool_]:
        """Return which worlds guess ends: their last answer (avoiding: any answer)."""
        worlds = self.worlds if worlds is None else worlds
        hit = self.hits(guess, worlds)
        ends = hit.any(axis=1)
        if not self.variant.avoid:
            ends &= (worlds.found | hit).all(axis=1)
        return np.asarray(ends, bool)

    @property
    def over(self) -> bool:
        """Return whether the game has ended: every answer found (avoiding: one hit)."""
        if not self.history:
            return False
        if self.variant.avoid:
            return bool(self.worlds.found.any(axis=1).all())
        return bool(self.worlds.complete.all())

    @property
    def won(self) -> bool:
        """Return whether the game was won: all found (avoiding: never lost)."""
        return self.over and not self.variant.avoid

    def shown_chances(self, codes: Codes) -> tuple[Codes, npt.NDArray[np.float64]]:
        """Return the rows the game may show for true replies, with their chances."""
        return self.variant.shown(codes, self.k)

    def after(self, guess: str, shown: int, hit: bool | None = None) -> "VariantGame":
        """Return the game after guess was shown the reply code shown (and, when the game
        says it, hit: whether guess is one of the answers); NoWorlds if no world fits,
        NotAllowed if the variant does not allow guess now."""
        letters = self.encode([guess])
        if not self.allows(letters)[0]:
            raise NotAllowed(f"{guess.upper()} breaks the rules of {self.variant.name}")
        worlds = self.worlds
        if self.history and not self.variant.avoid:  # the game went on: no world was over
            worlds = worlds.take(np.flatnonzero(~worlds.complete))
        rows, chances = self.shown_chances(self.replies(letters, worlds)[0])
        chance = np.where(rows == shown, chances, 0.0).sum(axis=1)
        if hit is not None:  # a row may not tell (Hardle's anagrams, Xordle's mixed greens)
            chance[self.hits(guess, worlds).any(axis=1) != hit] = 0.0
        keep = np.flatnonzero(chance > 0)
        if not len(keep) and not self.whole:  # no world of the likeliest answers fits
            history, told = (*self.history, (guess, shown)), (*self.told, hit)
            going = VariantGame(self.variant, self.lists, self.worlds, history, False, told)
            widened = going.widened()
            if widened is not going:
                return widened
        if not len(keep):
            raise NoWorlds(f"no {self.variant.name} game shows that reply to {guess.upper()}")
        kept = worlds.take(keep)
        kept = kept.reweighed(chance[keep], self.hits(guess, kept))
        history, told = (*self.history, (guess, shown)), (*self.told, hit)
        return VariantGame(self.variant, self.lists, kept, history, self.whole, told).widened()

    def allows(self, guesses: Letters) -> npt.NDArray[np.bool_]:
        """Return which guesses (N x k) the variant allows now (avoiding, a word once)."""
        rule = self.variant.guess_rule
        guesses = np.atleast_2d(guesses)
        if rule is None or not self.history:
            return np.ones(len(guesses), bool)
        played = self.encode([word for word, _ in self.history])
        rows = [
            (letters, digits_of(np.array(shown), self.k))
            for letters, (_, shown) in zip(played, self.history)
        ]
        again = (guesses[:, None, :] == played[None]).all(axis=2).any(axis=1)
        return np.asarray(rule(guesses, rows) & ~again, bool)

    def refuse(self, word: str) -> "VariantGame":
        """Return the game without word: not a guess, and no world's answer."""
        lists = self.lists.refuse(word)
        row = self.lists.answers.row(word)
        if row is None:
            return replace(self, lists=lists)
        keep = np.flatnonzero(~(self.worlds.rows == row).any(axis=1))
        if not len(keep):
            raise NoWorlds(f"{word.upper()} was the only answer left")
        return replace(self, lists=lists, worlds=self.worlds.take(keep))

    def answer_mass(self) -> npt.NDArray[np.float64]:
        """Return each answer's weight summed over the worlds going on that hide it unfound
        (by bincount: Xordle opens with a million worlds)."""
        worlds = self.worlds
        if self.history and not self.variant.avoid:
            worlds = worlds.take(np.flatnonzero(~worlds.complete))
        n = len(self.lists.answers)
        mass = np.zeros(n)
        for column, found in zip(worlds.rows.T, worlds.found.T):
            mass += np.bincount(column[~found], worlds.weights[~found], minlength=n)
        return mass

    def remaining(self) -> npt.NDArray[np.intp]:
        """Return the answer rows still to find in some world, likeliest first."""
        mass = self.answer_mass()
        rows = np.flatnonzero(mass)
        return rows[np.lexsort((rows, -mass[rows]))]

    def remaining_words(self) -> list[str]:
        """Return the answers still to find, likeliest first."""
        return self.lists.answers.words_at(self.remaining())
