"""The game state: allowed guesses, the candidates still possible, and the history so far.

Just over 300 lines: the state's moves (after, refuse, exclude, widen, the first letter);
hard mode's rules, and ultra-hard's, are engine/hard_mode.py's.
"""

from dataclasses import dataclass, replace
from functools import cached_property

import numpy as np
import numpy.typing as npt

from lenwordle.engine.constraints import fits_some_string
from lenwordle.engine.feedback import Patterns, Reply, code_to_reply, reply_to_code
from lenwordle.engine.hard_mode import HardModeViolation, broken_rule, hard_mode_mask
from lenwordle.engine.kernel import pattern_codes
from lenwordle.engine.partitions import Candidates
from lenwordle.engine.rules import Rules
from lenwordle.words import taking
from lenwordle.words.letters import encode_word
from lenwordle.words.prior import weights_of
from lenwordle.words.wordlist import WordList


class NoCandidates(ValueError):
    """No word the solver knows is still possible: nothing is worth suggesting."""


class ImpossibleFeedback(ValueError):
    """Feedback that no remaining candidate could give."""


@dataclass(frozen=True, eq=False)
class GameState:
    """An immutable game: `after(guess, reply)` returns the next state."""

    allowed: WordList  # words the solver knows as guesses
    answers: WordList  # the answer universe (candidates are a subset)
    weights: npt.NDArray[np.float64]  # prior of each answer
    answer_rows: npt.NDArray[np.int64]  # row of each answer in allowed
    mask: npt.NDArray[np.bool_]  # which answers are still possible
    suggestable: npt.NDArray[np.bool_]  # which allowed words may be suggested (the guess pool)
    history: tuple[tuple[str, Reply], ...] = ()
    refused: frozenset[str] = frozenset()  # words the game refused: neither guesses nor answers
    rules: Rules = Rules()
    first_letter: str = ""  # SUTOM: the answer's first letter, shown ('' when not)
    legal_before: npt.NDArray[np.bool_] | None = (
        None  # hard mode: `legal` before the last turn (None: all)
    )
    answers_like: str = "daily"  # what the game's answers are like (words/prior.py)
    # the answers' prior before the game refused anything (None: `weights` is it): a refusal
    # reweighs the prior by what it teaches of the words the game takes (words/taking.py)
    prior_weights: npt.NDArray[np.float64] | None = None
    uniform: bool = False  # the answers are a list given, uniformly likely: never reweighed

    @classmethod
    def new(
        cls,
        allowed: WordList,
        answers: WordList | None = None,
        uniform: bool = False,
        hard: bool = False,
        suggest: npt.NDArray[np.bool_] | None = None,
        rules: Rules | None = None,
        answers_join_pool: bool = True,
        answers_like: str = "daily",
    ) -> "GameState":
        """Return the start of a game: answers default to the allowed words.

        suggest (over allowed; default all) is the guess pool; answers given apart from the
        allowed words join it (an answer list's words), unless answers_join_pool is false (a
        language's possible answers, a choice of its allowed words by frequency). rules
        default to one board of allowed's length (hard: hard). The answers are weighed by
        the prior of a game whose answers are like answers_like (words/prior.py), unless
        uniform.
        """
        rules = rules or Rules(allowed.k, hard=hard)
        if rules.k != allowed.k:
            raise ValueError(f"rules for {rules.k} letters, words of {allowed.k}")
        pool = np.ones(len(allowed), bool) if suggest is None else np.asarray(suggest, bool)
        if answers is not None and answers is not allowed:
            known = allowed.rows_of(answers)
            if (known >= 0).all():  # answers among the allowed words: they join the pool
                pool = pool.copy()
                pool[known] |= answers_join_pool
            else:
                joined = allowed.union(answers)
                in_pool = np.zeros(len(joined), bool)
                in_pool[joined.rows_of(allowed)[pool]] = True
                in_pool[joined.rows_of(answers)] = True
                allowed, pool = joined, in_pool
        answers = answers if answers is not None else allowed
        weights = np.ones(len(answers)) if uniform else weights_of(answers, answers_like)
        rows = allowed.rows_of(answers)
        everyone = np.ones(len(answers), bool)
        return cls(
            allowed,
            answers,
            weights,
            rows,
            everyone,
            pool,
            rules=rules,
            answers_like=answers_like,
            uniform=uniform,
        )

    @property
    def k(self) -> int:
        return self.allowed.k

    @property
    def hard(self) -> bool:
        return self.rules.hard

    @property
    def ultra_hard(self) -> bool:
        return self.rules.ultra_hard

    @property
    def limit(self) -> int:
        """Return the most guesses a won game may take (the rules' limit)."""
        return self.rules.limit

    @property
    def on_last_guess(self) -> bool:
        """Return whether the next guess is the last the rules allow (rules that end the
        game at the limit: Rules.strict)."""
        return self.rules.strict and len(self.history) == self.limit - 1

    @property
    def solved(self) -> bool:
        return bool(self.history) and set(self.history[-1][1]) == {"g"}

    @cached_property
    def candidate_rows(self) -> npt.NDArray[np.intp]:
        """Return the indices (into answers) of the words still possible."""
        return np.flatnonzero(self.mask)

    @cached_property
    def candidates(self) -> Candidates:
        """Return the possible answers with their weights, ready to stream."""
        rows = self.candidate_rows
        return Candidates(
            self.answers.codes[rows], self.weights[rows], letters=self.allowed.alphabet.size
        )

    def candidate_words(self) -> list[str]:
        """Return the possible answers, likeliest first (then alphabetical)."""
        rows = self.candidate_rows
        order = np.lexsort((rows, -self.weights[rows]))
        return self.answers.words_at(rows[order])

    def after(self, guess: str, reply: Reply) -> "GameState":
        """Return the state after guess (any word of k letters a-z) got reply.

        Feedback that no candidate fits is kept (the answer is outside the dictionary:
        the state has no candidates); feedback that no string of letters could give after
        this history is ImpossibleFeedback.
        """
        if self.first_letter and guess[0] == self.first_letter and reply[0] != "g":
            raise ImpossibleFeedback(
                f"{self.allowed.alphabet.upper(guess)} begins with the letter shown, "
                f"{self.allowed.alphabet.upper(self.first_letter)}: it is green"
            )
        rows, codes = self.candidate_rows, self._codes_of(guess)
        keep = rows[codes == reply_to_code(reply)]
        if len(keep) == 0 and not fits_some_string(
            self.history + ((guess, reply),), self.k, self.allowed.alphabet.letters
        ):
            earlier = " after the earlier feedback" if self.history else ""
            shown = self.allowed.alphabet.upper(guess)
            raise ImpossibleFeedback(f"no word can give {reply} for {shown}{earlier}")
        return self._child(guess, reply, keep)

    def widen(self, everything: WordList) -> "GameState":
        """Return this state with every word of `everything` that fits the history and was not
        refused as a candidate (by the prior), and as a guess."""
        fits = self.fits_history(everything.codes) & ~everything.mask_of(self.refused)
        fits &= self.begins_with_first(everything.codes)
        allowed = self.allowed.union(everything)
        rows = allowed.rows_of(everything)
        suggestable = np.zeros(len(allowed), bool)
        suggestable[allowed.rows_of(self.allowed)[self.suggestable]] = True
        suggestable[rows[fits]] = True
        widened = replace(
            self,
            allowed=allowed,
            answers=everything,
            weights=weights_of(everything, self.answers_like),
            answer_rows=rows,
            mask=fits,
            suggestable=suggestable,
            legal_before=None,
            prior_weights=None,
            uniform=False,  # (every known word by the prior now)
        )
        return widened.reweighed()

    def begins_with_first(self, codes: npt.NDArray[np.uint8]) -> npt.NDArray[np.bool_]:
        """Return which words (n x k letter matrix) begin with the letter shown (SUTOM's
        first letter; every word when the game shows none)."""
        if not self.first_letter:
            return np.ones(len(codes), bool)
        starts: npt.NDArray[np.bool_] = codes[:, 0] == self.allowed.alphabet.letters.index(
            self.first_letter
        )
        return starts

    def fits_history(self, codes: npt.NDArray[np.uint8]) -> npt.NDArray[np.bool_]:
        """Return which words (n x k letter matrix) give every reply of the history."""
        fits = np.ones(len(codes), bool)
        for guess, reply in self.history:
            fits &= pattern_codes(self.encode(guess)[None, :], codes)[0] == reply_to_code(reply)
        return fits

    def split(self, guess: str) -> list[tuple[int, float, "GameState"]]:
        """Return (reply code, probability, state after it) for each reply guess can get now."""
        rows, codes = self.candidate_rows, self._codes_of(guess)
        order = np.argsort(codes, kind="stable")
        present, starts = np.unique(codes[order], return_index=True)
        weights = self.weights[rows][order]
        masses = np.add.reduceat(weights, starts) / weights.sum()
        ends = [*starts[1:].tolist(), len(rows)]
        out = []
        for code, start, end, mass in zip(
            present.tolist(), starts.tolist(), ends, masses.tolist()
        ):
            keep = rows[order[start:end]]
            out.append((code, mass, self._child(guess, code_to_reply(code, self.k), keep)))
        return out

    def _codes_of(self, guess: str) -> Patterns:
        """Return guess's pattern code against each candidate; HardModeViolation if not legal."""
        if self.hard and not self.is_legal(guess):
            broken = broken_rule(guess, self.history, self.ultra_hard)
            if broken is not None:
                raise HardModeViolation(broken.words(self.allowed.alphabet.upper), broken)
        codes: Patterns = pattern_codes(
            self.encode(guess)[None, :], self.answers.codes[self.candidate_rows]
        )[0]
        return codes

    def _child(self, guess: str, reply: Reply, keep: npt.NDArray[np.intp]) -> "GameState":
        """Return the state after guess got reply, with the candidates (answer rows) keep."""
        mask = np.zeros_like(self.mask)
        mask[keep] = True
        return replace(
            self, mask=mask, history=self.history + ((guess, reply),), legal_before=self.legal
        )

    @cached_property
    def legal(self) -> npt.NDArray[np.bool_] | None:
        """Return which allowed words use every hint so far, in hard mode (and break none of
        ultra-hard's rules, in it; None: all are).

        Built from the mask before the last turn, only when asked for: most states a search
        visits never need it.
        """
        if not self.hard or not self.history:
            return None
        before = self.legal_before  # None: from the whole history (the first turn, or widened)
        rows = np.arange(len(self.allowed)) if before is None else np.flatnonzero(before)
        turns = self.history if before is None else self.history[-1:]
        codes, alphabet = self.allowed.codes[rows], self.allowed.alphabet
        ok = hard_mode_mask(codes, turns, alphabet, self.ultra_hard)
        legal = np.zeros(len(self.allowed), bool)
        legal[rows[ok]] = True
        return legal

    def encode(self, word: str) -> npt.NDArray[np.uint8]:
        """Return a word's letter indices in the game's alphabet."""
        alphabet = self.allowed.alphabet
        return encode_word(word) if alphabet.is_ascii_az else alphabet.encode([word], self.k)[0]

    def could_be(self, word: str) -> bool:
        """Return whether word could still be the answer: one of the candidates."""
        row = self.answers.row(word)
        return row is not None and bool(self.mask[row])

    def is_legal(self, word: str) -> bool:
        """Return whether word may be guessed now under hard mode, or ultra-hard (always, when
        neither)."""
        if self.legal is not None and word in self.allowed:
            return bool(self.legal[self.allowed.index[word]])
        return not self.hard or broken_rule(word, self.history, self.ultra_hard) is None

    def with_first_letter(self, letter: str) -> "GameState":
        """Return the state of a game that shows the answer's first letter (SUTOM, Motus):
        only words that begin with it are possible, and suggested."""
        starts = replace(self, first_letter=letter).begins_with_first(self.allowed.codes)
        return replace(
            self,
            mask=self.mask & starts[self.answer_rows],
            suggestable=self.suggestable & starts,
            first_letter=letter,
        )

    def likeliest_candidates(self, n: int | None = None) -> npt.NDArray[np.intp]:
        """Return the rows (into answers) of the n likeliest candidates (all by default),
        likeliest first, ties by the words' order."""
        rows = self.candidate_rows
        return rows[np.lexsort((rows, -self.weights[rows]))[:n]]

    def guessable(self, also: npt.NDArray[np.int64]) -> npt.NDArray[np.bool_]:
        """Return a mask of the allowed words that may be guessed now: the guess pool's words
        and the rows `also` (into allowed), if legal and not refused."""
        ok = self.suggestable.copy()
        ok[also] = True
        if self.legal is not None:
            ok &= self.legal
        guessable: npt.NDArray[np.bool_] = ok & ~self.allowed.mask_of(self.refused)
        return guessable

    def likeliest(self, share: float) -> "GameState":
        """Return the state with only its likeliest candidates possible: the fewest, likeliest
        first (ties by the words' order), whose weight is at least `share` of the total."""
        rows = self.likeliest_candidates()
        total = np.cumsum(self.weights[rows])
        keep = int(np.searchsorted(total, share * total[-1], side="left")) + 1 if len(rows) else 0
        mask = np.zeros_like(self.mask)
        mask[rows[:keep]] = True
        return replace(self, mask=mask)

    def excluding(self, words: WordList) -> "GameState":
        """Return the state with these words no longer possible answers (they stay guesses):
        past answers, say. Words that are not answers are ignored."""
        rows = self.answers.rows_of(words)
        mask = self.mask.copy()
        mask[rows[rows >= 0]] = False
        return replace(self, mask=mask)

    def refuse(self, word: str) -> "GameState":
        """Return the state with word refused by the game: no longer a guess nor an answer."""
        mask = self.mask
        row = self.answers.index.get(word)
        if row is not None and mask[row]:
            mask = mask.copy()
            mask[row] = False
        return replace(self, refused=self.refused | {word}, mask=mask).reweighed()

    def taking(self, rows: npt.NDArray[np.intp]) -> npt.NDArray[np.float64]:
        """Return the chance the game takes each allowed word at rows, after what it refused
        (words/taking.py). What it took is not read: the guesses played are common words,
        which tell little of a game's list, and a chance that hangs on the refusals alone
        keeps a decision's memo (ExpectedGuesses._key) exact."""
        return taking.chances(self.allowed, rows, (), self.refused)

    def reweighed(self) -> "GameState":
        """Return the state with the possible answers' prior reweighed by what the game's
        refusals teach of the words it takes (its answer is one); as it is when none, and
        when the answers are a list given, uniformly likely (--answers, --uniform)."""
        if not self.refused or self.uniform:
            return self
        prior = self.weights if self.prior_weights is None else self.prior_weights
        rows = self.candidate_rows
        weights = prior.copy()
        ratio = taking.reweighed(self.allowed, self.answer_rows[rows], (), self.refused)
        weights[rows] = prior[rows] * ratio
        return replace(self, weights=weights, prior_weights=prior)


def beyond_dictionary(state: GameState) -> bool:
    """Return whether no word the state knows fits its feedback (none left, and not because
    the game refused the words that fit)."""
    if len(state.candidate_rows):
        return False
    rows = [r for r in (state.answers.index.get(w) for w in state.refused) if r is not None]
    return not state.fits_history(state.answers.codes[rows]).any()
