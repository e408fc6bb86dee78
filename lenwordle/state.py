"""The game state: allowed guesses, the candidates still possible, and the history so far."""

from dataclasses import dataclass, replace
from functools import cached_property

import numpy as np

from lenwordle.encoding import encode_word
from lenwordle.entropy import Candidates
from lenwordle.patterns import Reply, code_to_reply, reply_to_code, score
from lenwordle.wordlist import WordList

# Prior weight of a possible answer by its SCOWL level: common words are the likely
# answers, obscure ones stay possible. Measured on the benchmark (README, "The prior").
LEVEL_WEIGHTS = {10: 1.0, 20: 1.0, 35: 1.0, 40: 0.2, 50: 0.05, 55: 0.02, 60: 0.01,
                 70: 0.005, 80: 0.002, 95: 0.001}


MAX_GUESSES = 6  # the game's limit: a game that needs more guesses has failed


class ImpossibleFeedback(ValueError):
    """Feedback that no remaining candidate could give."""


class HardModeViolation(ValueError):
    """A guess that does not use every revealed hint."""


def prior(levels: np.ndarray) -> np.ndarray:
    """Return the prior weight of each word from its commonness level."""
    table = np.zeros(256)
    for level in range(256):
        table[level] = next((w for lv, w in sorted(LEVEL_WEIGHTS.items()) if level <= lv), 0.001)
    return table[levels]


@dataclass(frozen=True, eq=False)
class GameState:
    """An immutable game: `after(guess, reply)` returns the next state."""

    allowed: WordList  # words that may be guessed
    answers: WordList  # the answer universe (candidates are a subset)
    weights: np.ndarray  # prior of each answer
    answer_rows: np.ndarray  # row of each answer in allowed
    mask: np.ndarray  # which answers are still possible
    history: tuple[tuple[str, Reply], ...] = ()
    skipped: frozenset[str] = frozenset()
    hard: bool = False
    legal_before: np.ndarray | None = None  # hard mode: `legal` before the last turn (None: all)

    @classmethod
    def new(cls, allowed: WordList, answers: WordList | None = None, uniform: bool = False,
            hard: bool = False) -> "GameState":
        """Return the start of a game: answers default to the allowed words."""
        answers = answers if answers is not None else allowed
        allowed = allowed.union(answers) if answers is not allowed else allowed
        weights = np.ones(len(answers)) if uniform else prior(answers.level_array())
        rows = np.array([allowed.index[w] for w in answers.strings], np.int64)
        return cls(allowed, answers, weights, rows, np.ones(len(answers), bool), hard=hard)

    @property
    def k(self) -> int:
        return self.allowed.k

    @property
    def solved(self) -> bool:
        return bool(self.history) and set(self.history[-1][1]) == {"g"}

    @cached_property
    def candidate_rows(self) -> np.ndarray:
        """Return the indices (into answers) of the words still possible."""
        return np.flatnonzero(self.mask)

    @cached_property
    def candidates(self) -> Candidates:
        """Return the possible answers with their weights, ready to stream."""
        rows = self.candidate_rows
        return Candidates(self.answers.codes[rows], self.weights[rows])

    def candidate_words(self) -> list[str]:
        """Return the possible answers, likeliest first (then alphabetical)."""
        rows = self.candidate_rows
        order = np.lexsort((rows, -self.weights[rows]))
        words = self.answers.strings
        return [words[rows[i]] for i in order]

    def after(self, guess: str, reply: Reply) -> "GameState":
        """Return the state after guess got reply; ImpossibleFeedback if no candidate fits."""
        rows, codes = self.candidate_rows, self._codes_of(guess)
        keep = rows[codes == reply_to_code(reply)]
        if len(keep) == 0:
            raise ImpossibleFeedback(f"no word in the list gives {reply} for {guess.upper()}")
        return self._child(guess, reply, keep)

    def split(self, guess: str) -> list[tuple[int, float, "GameState"]]:
        """Return (reply code, probability, state after it) for each reply guess can get now."""
        rows, codes = self.candidate_rows, self._codes_of(guess)
        order = np.argsort(codes, kind="stable")
        present, starts = np.unique(codes[order], return_index=True)
        weights = self.weights[rows][order]
        masses = np.add.reduceat(weights, starts) / weights.sum()
        ends = [*starts[1:].tolist(), len(rows)]
        out = []
        for code, start, end, mass in zip(present.tolist(), starts.tolist(), ends, masses.tolist()):
            keep = rows[order[start:end]]
            out.append((code, mass, self._child(guess, code_to_reply(code, self.k), keep)))
        return out

    def _codes_of(self, guess: str) -> np.ndarray:
        """Return guess's pattern code against each candidate; HardModeViolation if it may not be played."""
        if self.hard and not self.is_legal(guess):
            raise HardModeViolation(hard_mode_problem(guess, self.history))
        return score(encode_word(guess)[None, :], self.answers.codes[self.candidate_rows])[0]

    def _child(self, guess: str, reply: Reply, keep: np.ndarray) -> "GameState":
        """Return the state after guess got reply, with the candidates (answer rows) keep."""
        mask = np.zeros_like(self.mask)
        mask[keep] = True
        return replace(self, mask=mask, history=self.history + ((guess, reply),),
                       legal_before=self.legal)

    @cached_property
    def legal(self) -> np.ndarray | None:
        """Return which allowed words use every hint so far, in hard mode (None: all may be guessed).

        Built from the mask before the last turn, only when asked for: most states a search
        visits never need it.
        """
        if not self.hard or not self.history:
            return None
        before = self.legal_before
        rows = np.arange(len(self.allowed)) if before is None else np.flatnonzero(before)
        ok = hard_mode_mask(self.allowed.codes[rows], self.history[-1:])
        legal = np.zeros(len(self.allowed), bool)
        legal[rows[ok]] = True
        return legal

    def is_legal(self, word: str) -> bool:
        """Return whether word may be guessed now under hard mode (always, when not hard)."""
        if self.legal is not None and word in self.allowed:
            return bool(self.legal[self.allowed.index[word]])
        return not self.hard or not hard_mode_problem(word, self.history)

    def skip(self, word: str) -> "GameState":
        """Return the state with word refused by the game: never suggested again."""
        return replace(self, skipped=self.skipped | {word})



def hard_mode_hints(history: tuple[tuple[str, Reply], ...]) -> tuple[dict[int, str], dict[str, int]]:
    """Return what hard mode asks after history: {position: green letter} and {letter: times}.

    A letter must appear at least as many times as one turn revealed it (green or yellow).
    """
    greens: dict[int, str] = {}
    needed: dict[str, int] = {}
    for word, reply in history:
        shown: dict[str, int] = {}
        for i, (letter, mark) in enumerate(zip(word, reply)):
            if mark == "g":
                greens[i] = letter
            if mark in "gy":
                shown[letter] = shown.get(letter, 0) + 1
        for letter, count in shown.items():
            needed[letter] = max(needed.get(letter, 0), count)
    return greens, needed


def hard_mode_mask(codes: np.ndarray, history: tuple[tuple[str, Reply], ...]) -> np.ndarray:
    """Return which words (n x k letter matrix) use every hint of history, as hard mode asks."""
    greens, needed = hard_mode_hints(history)
    ok = np.ones(len(codes), bool)
    for i, letter in greens.items():
        ok &= codes[:, i] == encode_word(letter)[0]
    for letter, count in needed.items():
        ok &= (codes == encode_word(letter)[0]).sum(axis=1) >= count
    return ok


def hard_mode_problem(guess: str, history: tuple[tuple[str, Reply], ...]) -> str:
    """Return why guess breaks hard mode after history, or '' if it uses every hint."""
    greens, needed = hard_mode_hints(history)
    for i, letter in sorted(greens.items()):
        if guess[i] != letter:
            return f"letter {i + 1} must be {letter.upper()}"
    for letter, count in sorted(needed.items()):
        if guess.count(letter) < count:
            times = "" if count == 1 else f" {count} times"
            return f"the guess must contain {letter.upper()}{times}"
    return ""
