"""Hard mode's rules and ultra-hard's, read from a game's history: one definition, read by the
state's legal guesses, the searches, the host's refusals and the review.

Hard mode: a guess keeps every green in its place and holds every letter at least as many
times as one earlier turn showed it (green or yellow).

Ultra-hard is hard mode and, from each earlier turn:
- a letter the turn marked grey, and nowhere green or yellow, may not be played again;
- a letter it marked grey and also green or yellow (n copies in all) may be played at most n
  times (the answer holds exactly n);
- a letter marked yellow, or grey, at a place may not be played at that place again.
Together with hard mode's rules these say one thing: a guess must be a string that would have
given every reply so far, had it been the answer (the clues of engine/constraints.py; the
tests hold the two to agree). It is for Wordle's replies: a variant's rows are not them.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from lenwordle.engine.constraints import clues
from lenwordle.engine.feedback import Reply
from lenwordle.words.alphabet import ENGLISH, Alphabet

History = tuple[tuple[str, Reply], ...]

# the rule a guess breaks: hard mode's ("green", "contains"), ultra-hard's ("grey",
# "at_most", "not_there")
BrokenKind = Literal["green", "contains", "grey", "at_most", "not_there"]
ULTRA_KINDS = ("grey", "at_most", "not_there")


@dataclass(frozen=True)
class BrokenRule:
    """Why a guess breaks hard mode or ultra-hard: the rule, its letter, the place (from 0) a
    green must keep or the letter may not take again, and the copies asked (at least for
    "contains", at most for "at_most")."""

    kind: BrokenKind
    letter: str
    place: int = -1
    count: int = 0

    @property
    def ultra(self) -> bool:
        """Return whether it is one of ultra-hard's rules (beyond hard mode's)."""
        return self.kind in ULTRA_KINDS

    def words(self, upper: Callable[[str], str] = str.upper) -> str:
        """Return the rule broken in one line, its letter in capitals by upper (the language's)."""
        letter = upper(self.letter)
        if self.kind == "green":
            return f"letter {self.place + 1} must be {letter}"
        if self.kind == "contains":
            times = "" if self.count == 1 else f" {self.count} times"
            return f"the guess must contain {letter}{times}"
        if self.kind == "grey":
            return f"{letter} is grey: it may not be played again"
        if self.kind == "at_most":
            times = "once" if self.count == 1 else f"{self.count} times"
            return f"the guess may contain {letter} at most {times}"
        return (
            f"letter {self.place + 1} may not be {letter} again: the answer has no {letter} there"
        )


class HardModeViolation(ValueError):
    """A guess that does not use every revealed hint (or, in ultra-hard, plays one it may
    not), in one line; `broken` says which rule (None: told only in words)."""

    def __init__(self, message: str, broken: BrokenRule | None = None) -> None:
        self.broken = broken
        super().__init__(message)


def hard_mode_hints(history: History) -> tuple[dict[int, str], dict[str, int]]:
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


def ultra_hard_hints(history: History) -> tuple[dict[int, set[str]], dict[str, int]]:
    """Return what ultra-hard asks beside hard mode after history: {position: letters it may
    not take again} (each marked yellow or grey there) and {letter: most copies} (a letter a
    turn marked grey: as many as that turn showed green or yellow, 0 when none)."""
    if not history:
        return {}, {}
    told = clues(history, len(history[0][0]))
    return told.banned, told.most


def letter_counts(codes: npt.NDArray[np.uint8], letters: int) -> npt.NDArray[np.uint8]:
    """Return how many times each word (n x k letter matrix) has each letter: letters x n."""
    counts = np.zeros((letters, len(codes)), np.uint8)
    for column in codes.T:
        np.add.at(counts, (column, np.arange(len(codes))), 1)
    return counts


def hard_mode_mask(
    codes: npt.NDArray[np.uint8],
    history: History,
    alphabet: Alphabet = ENGLISH,
    ultra: bool = False,
    counts: npt.NDArray[np.uint8] | None = None,
) -> npt.NDArray[np.bool_]:
    """Return which words (n x k letter matrix) use every hint of history, as hard mode asks
    (ultra: and play none that ultra-hard forbids); counts: their letter_counts, if known
    (the tree search asks for the mask of every reply to every guess it tries)."""
    greens, needed = hard_mode_hints(history)
    index = alphabet.letters.index

    def times(letter: str) -> npt.NDArray[np.integer[Any]]:
        found: npt.NDArray[np.integer[Any]] = (
            counts[index(letter)] if counts is not None else (codes == index(letter)).sum(axis=1)
        )
        return found

    ok = np.ones(len(codes), bool)
    for i, letter in greens.items():
        ok &= codes[:, i] == index(letter)
    for letter, count in needed.items():
        ok &= times(letter) >= count
    if ultra:
        banned, most = ultra_hard_hints(history)
        for i, letters in banned.items():
            for letter in letters:
                ok &= codes[:, i] != index(letter)
        for letter, count in most.items():
            ok &= times(letter) <= count
    return ok


def broken_rule(guess: str, history: History, ultra: bool = False) -> BrokenRule | None:
    """Return the first rule guess breaks after history (hard mode's, then with ultra
    ultra-hard's), or None if it breaks none."""
    greens, needed = hard_mode_hints(history)
    for i, letter in sorted(greens.items()):
        if guess[i] != letter:
            return BrokenRule("green", letter, place=i)
    for letter, count in sorted(needed.items()):
        if guess.count(letter) < count:
            return BrokenRule("contains", letter, count=count)
    if not ultra:
        return None
    banned, most = ultra_hard_hints(history)
    for letter, count in sorted(most.items(), key=lambda item: (item[1] > 0, item[0])):
        if guess.count(letter) > count:
            return BrokenRule("grey" if count == 0 else "at_most", letter, count=count)
    for i, letters in sorted(banned.items()):
        if guess[i] in letters:
            return BrokenRule("not_there", guess[i], place=i)
    return None


def hard_mode_problem(
    guess: str,
    history: History,
    upper: Callable[[str], str] = str.upper,
    ultra: bool = False,
) -> str:
    """Return why guess breaks hard mode after history (ultra: or ultra-hard), or '' if it
    breaks neither (its letters in capitals by `upper`, the language's)."""
    broken = broken_rule(guess, history, ultra)
    return broken.words(upper) if broken else ""
