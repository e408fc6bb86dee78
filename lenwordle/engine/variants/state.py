"""A variant's game, immutable: the worlds that fit every row shown so far, and the position
(engine/position.py) that every face, loop and strategy reads. Over 300 lines: the worlds'
moves and the position's members, which read the same worlds."""

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property

import numpy as np
import numpy.typing as npt

from lenwordle.engine.outcome import Ending, Outcome, Target
from lenwordle.engine.state import GameState, NoCandidates
from lenwordle.engine.variants.base import Codes, Letters, Variant, Worlds, digits_of
from lenwordle.engine.variants.notation import example, marks_of, parse_shown, tiles_of
from lenwordle.words.alphabet import Alphabet
from lenwordle.words.quoting import quoted


class NoWorlds(NoCandidates):
    """No world of the game fits the rows shown (or every guess was refused)."""


class NotAllowed(ValueError):
    """The variant does not allow this guess now."""


@dataclass(frozen=True, eq=False)
class VariantGame:
    """A game of a variant (a Position, engine/position.py): its lists (`lists`, a plain
    game's start), the worlds that fit the rows shown, and those rows."""

    variant: Variant
    lists: GameState  # the allowed words, the answers with their prior, the refused words
    worlds: Worlds
    history: tuple[tuple[str, int], ...] = ()  # each guess and the row shown for it
    whole: bool = True  # the worlds are every world the answers make (not the likeliest's)
    told: tuple[bool | None, ...] = ()  # for each row, whether the game said it was a hit
    max_guesses: int | None = None  # the guesses allowed (None: the variant's own limit)

    @classmethod
    def new(
        cls, variant: Variant, lists: GameState, max_guesses: int | None = None
    ) -> "VariantGame":
        """Return the start of a game of variant on the answers and prior of lists (with
        max_guesses guesses, default the variant's)."""
        rows = lists.candidate_rows
        whole = variant.most_answers is None or len(rows) <= variant.most_answers
        worlds = cls.worlds_of(variant, lists, rows)
        return cls(variant, lists, worlds, whole=whole, max_guesses=max_guesses)

    @staticmethod
    def worlds_of(variant: Variant, lists: GameState, rows: npt.NDArray[np.intp]) -> Worlds:
        """Return the worlds the answers at rows make."""
        worlds = variant.worlds(lists.weights[rows], lists.answers.codes[rows])
        return Worlds(rows[worlds.rows], worlds.weights, worlds.swapped)

    def widened(self) -> "VariantGame":
        """Return the game with its worlds made again of every answer the rows leave
        possible, once they are few enough (a variant that first makes its worlds of the
        likeliest answers only); the game as it is otherwise."""
        most = self.variant.most_answers
        if self.whole or self.variant.narrows is None or most is None:
            return self
        rows = self.narrowed()
        if len(rows) > most:
            return self
        game = VariantGame(
            self.variant,
            self.lists,
            self.worlds_of(self.variant, self.lists, rows),
            max_guesses=self.max_guesses,
        )
        for (word, code), hit in zip(self.history, self.told):
            game = game.after(word, code, hit)
        return game

    def narrowed(self) -> npt.NDArray[np.intp]:
        """Return the answer rows the rows shown leave possible in some world: those still to
        find among the worlds kept, or, while the worlds are of the likeliest answers only
        (Xordle's first pairs), every answer the rows leave possible (a count that never
        rises when the worlds are made again of those). Made once a game (counts, left,
        chances and widened all read it)."""
        return self._narrowed

    @cached_property
    def _narrowed(self) -> npt.NDArray[np.intp]:
        narrows = self.variant.narrows
        if self.whole or narrows is None:
            return self.remaining()
        rows = self.lists.candidate_rows
        shown = [(self.encode([word])[0], code) for word, code in self.history]
        return rows[narrows(self.lists.answers.codes[rows], shown)]

    # the position (engine/position.py)
    @property
    def k(self) -> int:
        return self.lists.k

    @property
    def refused(self) -> frozenset[str]:
        return self.lists.refused

    @property
    def limit(self) -> int:
        return self.variant.limit if self.max_guesses is None else self.max_guesses

    @property
    def noun(self) -> str:
        return self.variant.noun

    @property
    def boards(self) -> int:
        return 1

    @property
    def may_be_found(self) -> bool:
        """Return whether the player may say a word was found (its row may not tell)."""
        return not self.variant.avoid

    strict = True  # its rules end the game at the limit...
    ends_at_limit = True  # ...and a benchmark counts a game past it lost

    @property
    def survival(self) -> bool:
        """Return whether the game is scored by the guesses survived (Antiwordle)."""
        return self.variant.avoid

    @property
    def key(self) -> tuple[object, ...]:
        """Return what a decision here depends on: the rows shown, what was told, the
        refusals."""
        return (self.history, self.told, self.refused)

    def widen(self, everything: object) -> "VariantGame":
        """Return the game as it is: its worlds are of the words it knows (Wordle's boards
        widen to every word)."""
        return self

    def past_dictionary(self) -> list[GameState]:
        """Return no board: a variant's game is never past its words."""
        return []

    def target_problem(self, answers: list[str]) -> str:
        """Return why these answers (folded) cannot be one game's of the variant, or ''."""
        rules, upper = self.variant, self.alphabet.upper
        wanted = rules.answers_per_game
        if len(answers) != wanted:
            return f"{rules.name} needs {wanted} answer{'s' * (wanted > 1)}, not {len(answers)}"
        if wanted > 1 and set(answers[0]) & set(answers[1]):
            shared = " and ".join(map(upper, answers))
            return f"{shared} share a letter: Xordle's two answers share none"
        if rules.lists is not None:  # words of its own (Nerdle): an answer is one of them
            for word in answers:
                if self.lists.answers.row(word) is None:
                    return f"{quoted(word)} is not a {rules.name} answer of {self.k} tiles"
        return ""

    @property
    def answers_per_game(self) -> int:
        """Return how many answers a game hides (Xordle's two)."""
        return self.variant.answers_per_game

    def over(self, lists: GameState) -> "VariantGame":
        """Return the start of the same game (its variant and limit) over other lists."""
        return VariantGame.new(self.variant, lists, self.max_guesses)

    def reply_to(self, guess: str, target: Target, random: np.random.Generator) -> int:
        """Return the row the game shows for guess when it hides target: the true reply, and
        the row shown for it drawn by random among those the variant may show (Fibble's
        lie)."""
        letters = self.encode(list(target.answers))  # (known to the solver or not)
        world = Worlds(
            np.arange(len(target.answers))[None], np.ones(1), np.array([target.swapped])
        )
        true = self.variant.replies(self.encode([guess]), letters, world)[0]
        rows, chances = self.shown_chances(true)
        pick = random.choice(rows.shape[1], p=chances[0] / chances[0].sum())
        return int(rows[0, pick])

    def targets(self, words: list[str], pool: list[str] | None = None) -> list[Target]:
        """Return the games a bench plays of words (targets_for: Xordle's pairs drawn from
        pool, Hardle's every other game swapped)."""
        return targets_for(self.variant, words, pool)

    def board(self, board: int = 0) -> GameState:
        """Return the game's lists (a variant's board is its worlds, not a Wordle state)."""
        return self.lists

    def variant_game(self) -> "VariantGame":
        """Return this game: judged by the rows it shows."""
        return self

    def wordle_boards(self) -> None:
        """Return no boards of Wordle: a variant's game is played over the rows it shows."""
        return None

    def ranked_state(self) -> None:
        """Return no board: a variant's game is ranked over the rows it shows."""
        return None

    @property
    def paired_from(self) -> int | None:
        """Return how many of the likeliest answers the pairs are made of while they are not
        made of every answer the rows leave (Xordle's first 3 000), else None."""
        return None if self.whole else self.variant.most_answers

    @property
    def pairs(self) -> int | None:
        """Return the pairs of answers still possible (Xordle's), or None for a game of one
        answer."""
        return len(self.worlds) if self.variant.answers_per_game > 1 else None

    def outcome(self) -> Outcome:
        """Return how the game stands: solved (every answer found), hit (Antiwordle: the
        answer guessed), out (the guesses used up), or going on."""
        guesses = len(self.history)
        ending: Ending | None = None
        if self.found_all:
            ending = "hit" if self.variant.avoid else "solved"
        elif guesses >= self.limit:
            ending = "out"
        return Outcome(ending, guesses, self.limit, self.variant.avoid)

    def open_boards(self) -> list[int]:
        return [] if self.outcome().over else [0]

    @property
    def alphabet(self) -> Alphabet:
        return self.lists.allowed.alphabet

    def display(self, word: str) -> str:
        """Return a word as the player reads it (the dictionary's spelling: ÁRBOL)."""
        return self.lists.allowed.display(word)

    def chances(self, board: int = 0) -> tuple[list[str], npt.NDArray[np.float64], float]:
        """Return the answers still possible (narrowed), likeliest first, their weights summed
        over the worlds that hide them (0: in no pair kept yet), and the weight of the worlds
        going on (Xordle's chances, of being one of the two, sum to about 2)."""
        mass, rows = self.answer_mass(), self.narrowed()
        rows = rows[np.lexsort((rows, -mass[rows]))]  # (a word in no pair kept: chance 0)
        worlds = self.worlds
        going = ~worlds.complete if self.history else np.ones(len(worlds), bool)
        total = float(worlds.weights[going].sum())
        return self.lists.answers.words_at(rows), mass[rows], total

    def answer_in(self, word: str) -> bool:
        """Return whether word is an answer in some of the worlds going on but not in all:
        its row alone cannot tell a win (Hardle's anagrams, one of Xordle's two found)."""
        if self.variant.avoid:
            return False
        answer_in = self.hits(word).any(axis=1)
        return bool(answer_in.any() and not answer_in.all())

    def bare(self) -> "VariantGame":
        return self

    def left(self, board: int = 0) -> int:
        """Return the answers still possible (narrowed); 0 once the game is over."""
        return 0 if self.found_all else len(self.narrowed())

    def counts(self) -> list[int | None]:
        """Return the answers still possible (narrowed), None once all are found (avoiding:
        the answer hit)."""
        return [None] if self.found_all else [len(self.narrowed())]

    def read(self, typed: Sequence[str]) -> int:
        """Return the reply code of a typed row in the variant's marks; ValueError says why
        it is not one (with an example)."""
        if len(typed) != 1:
            raise ValueError(f"a {self.variant.name} game takes one reply, not {len(typed)}")
        try:
            return parse_shown(self.variant, typed[0], self.k)
        except ValueError as error:
            message = str(error)
            if "unknown mark" in message or "marks" in message:
                message += f" (e.g. {self.example()})"
            raise ValueError(message) from None

    def marks(self, reply: int) -> tuple[str]:
        """Return a reply code in the variant's plain marks ('g.y..', 'g^v^^', '2g1y'), as
        the reply of its one board."""
        return (marks_of(self.variant, reply, self.k),)

    def example(self) -> str:
        return example(self.variant, self.k)

    def typing(self) -> str:
        """Return how a row is typed, for help: an example in the variant's marks."""
        marks = self.variant.marks
        if marks.counts:
            how = "the greens and the yellows, e.g. 2 1 (or 2g1y)"
        else:
            how = ", ".join(f"{m} {name}" for m, name in zip(marks.tiles, marks.names))
        return f"Type the row the game showed ({how}), e.g. {self.example()}."

    def tiles(self, reply: int, high_contrast: bool = False) -> str:
        """Return a row as the game shows it: tiles, Peaks' arrows, Woodle's counts."""
        return tiles_of(self.variant, reply, self.k, high_contrast)

    def title(self) -> str:
        """Return the head of the game's share grid: 'fibble 4/9' (X when not won),
        'antiwordle: survived 7'."""
        outcome, name = self.outcome(), self.variant.name
        if outcome.survival:
            return f"{name}: survived {outcome.score}"
        return f"{name} {outcome.guesses if outcome.won else 'X'}/{self.limit}"

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
    def found_all(self) -> bool:
        """Return whether every answer was found (avoiding: one hit) in every world kept."""
        if not self.history:
            return False
        if self.variant.avoid:
            return bool(self.worlds.found.any(axis=1).all())
        return bool(self.worlds.complete.all())

    def shown_chances(self, codes: Codes) -> tuple[Codes, npt.NDArray[np.float64]]:
        """Return the rows the game may show for true replies, with their chances."""
        return self.variant.shown(codes, self.k)

    def after(self, guess: str, shown: int, hit: bool | None = None) -> "VariantGame":
        """Return the game after guess was shown the reply code shown (and, when the game
        says it, hit: whether guess is one of the answers); NoWorlds if no world fits,
        NotAllowed if the variant does not allow guess now."""
        accepts = self.variant.accepts
        if accepts is not None and not accepts(guess):
            raise NotAllowed(f"{guess} is no {self.variant.noun} {self.variant.name} takes")
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
            going = replace(self, history=history, told=told)
            widened = going.widened()
            if widened is not going:
                return widened
        if not len(keep):
            raise NoWorlds(f"no {self.variant.name} game shows that reply to {guess.upper()}")
        kept = worlds.take(keep)
        kept = kept.reweighed(chance[keep], self.hits(guess, kept))
        history, told = (*self.history, (guess, shown)), (*self.told, hit)
        return replace(self, worlds=kept, history=history, told=told).widened()

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


def targets_for(variant: Variant, words: list[str], pool: list[str] | None = None) -> list[Target]:
    """Return a game of a variant for each word: Xordle pairs it with the next word of the
    pool (default: the words; in turn after the word, wrapping round) that shares no letter,
    and leaves out a word with none; Hardle swaps every other game."""
    if variant.answers_per_game == 1:
        return [Target((w,), variant.swaps and i % 2 == 1) for i, w in enumerate(words)]
    pool = words if pool is None else pool
    # (a game's alphabet has at most 64 letters: a word's letters are bits of a uint64)
    bit = {ch: 1 << i for i, ch in enumerate(sorted({ch for w in pool + words for ch in w}))}
    sets = np.array([sum(bit[ch] for ch in set(w)) for w in pool], np.uint64)
    place = {w: i for i, w in enumerate(pool)}
    out = []
    for word in words:  # (a row of the pool's letter sets at a time)
        free = np.flatnonzero((sets & np.uint64(sum(bit[ch] for ch in set(word)))) == 0)
        if len(free):
            later = free[free > place.get(word, -1)]
            out.append(Target((word, pool[int(later[0] if len(later) else free[0])])))
    return out
