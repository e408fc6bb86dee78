"""Past the dictionary: the known word that best tests the letters still unknown when no
word lenwordle knows fits the feedback (the answer is a word it lacks). A probe is always a
word the lists know (a game refuses a made-up string), but for the one string left that
fits, which is the answer; when no known word tells anything, there is no probe.

Each position's letter gets a chance from the letter frequencies at that position among the
allowed words, kept to the letters the clues leave possible there (the green letter alone,
no letter banned there, no letter whose copies are all placed or that is absent), a letter
known present but not placed raised where it may be (certain where it alone fits). A guess
is worth the information its letters give about those chances: for the first copy of a
letter, green / yellow / grey (where it is and whether it is present); for a further copy,
green or not. Its bits are a table lookup per position, for every allowed word at once.
"""

import numpy as np
import numpy.typing as npt

from lenwordle.engine.constraints import Clues, clues
from lenwordle.engine.estimate import _h
from lenwordle.engine.fitting import Fitting, fits, fitting
from lenwordle.engine.kernel import pattern_codes
from lenwordle.engine.metrics import DIGITS
from lenwordle.engine.state import GameState
from lenwordle.words.alphabet import AZ
from lenwordle.words.wordlist import in_large_dictionary, not_names

CHUNK = 65536  # words measured at once


def letter_chances(
    c: Clues, codes: npt.NDArray[np.uint8], letters: str = AZ
) -> npt.NDArray[np.float64]:
    """Return the (k x L) chance of each letter at each position of the answer under clues
    c, from the letter frequencies by position among words `codes` (n x k)."""
    k, size, at = c.k, len(letters), letters.index
    possible = np.ones((k, size), bool)
    greens = np.zeros(size, int)
    for placed in c.fixed.values():
        for ch in placed:
            greens[at(ch)] += 1
    for ch, most in c.most.items():
        if most <= greens[at(ch)]:  # every copy placed (or none at all)
            possible[:, at(ch)] = False
    for i, banned in c.banned.items():
        possible[i, [at(ch) for ch in banned]] = False
    for i, placed in c.fixed.items():
        possible[i] = False
        possible[i, [at(ch) for ch in placed]] = True
    counts = np.stack([np.bincount(codes[:, i], minlength=size) for i in range(k)])
    counts = counts * possible
    empty = counts.sum(1) == 0  # no word has a possible letter there: any possible one
    counts[empty] = possible[empty]
    total = counts.sum(1, keepdims=True)
    chances = counts / np.where(total > 0, total, 1)
    _place_present(c, chances, possible, letters)
    return chances


def _place_present(
    c: Clues, chances: npt.NDArray[np.float64], possible: npt.NDArray[np.bool_], letters: str
) -> None:
    """Raise the chance of each letter known present but not all placed at the places it
    may be: with n copies to place in m places, at least n / m each (certain when n = m);
    the other letters of such a place share the rest, as before."""
    fixed = {i: letters for i, letters in c.fixed.items() if len(letters) == 1}
    for ch, least in sorted(c.least.items()):
        j = letters.index(ch)
        need = least - sum(ch in letters for letters in fixed.values())
        places = [i for i in range(c.k) if i not in fixed and possible[i, j]]
        if need <= 0 or not places:
            continue
        target = min(1.0, need / len(places))
        for i in places:
            if chances[i, j] < target:
                others = chances[i].sum() - chances[i, j]
                chances[i] *= (1 - target) / others if others > 0 else 0.0
                chances[i, j] = target


def information_tables(
    c: Clues, chances: npt.NDArray[np.float64], letters: str = AZ
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """Return (first, again): the (k x L) bits of probing a letter at a position, for its
    first copy in a guess (green, yellow or grey) and for a further copy (green or not)."""
    k = c.k
    fixed = np.zeros((k, len(letters)), bool)
    for i, placed in c.fixed.items():
        fixed[i, [letters.index(ch) for ch in placed]] = True
    unknown: npt.NDArray[np.bool_] = ~np.any(fixed, axis=1)
    # the chance of a letter at some position still unknown (independent positions), or 1 for
    # a letter known present with a copy not yet placed
    present = 1 - np.prod(np.where(unknown[:, None], 1 - chances, 1), axis=0)
    for ch, least in c.least.items():
        if least > fixed[:, letters.index(ch)].sum():
            present[letters.index(ch)] = 1.0
    green = np.where(fixed, 1.0, np.where(unknown[:, None], chances, 0.0))
    yellow = np.clip(present[None, :] - green, 0, 1)
    grey = np.clip(1 - green - yellow, 0, 1)
    first = np.where(fixed, 0.0, _h(green) + _h(yellow) + _h(grey))
    again = _h(green) + _h(1 - green)
    return first, again


def state_clues(state: GameState) -> Clues:
    """Return the clues of a board: its history's, and the letter shown first (SUTOM's
    --first-letter) fixed at the first place."""
    c = clues(state.history, state.k)
    if state.first_letter:
        c.fixed.setdefault(0, set()).add(state.first_letter)
    return c


def board_tables(
    state: GameState,
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """Return a board's letter chances (letter_chances) and its information tables (first,
    again: information_tables), made once for every use."""
    c, letters = state_clues(state), state.allowed.alphabet.letters
    chances = letter_chances(c, state.allowed.codes, letters)
    return (chances, *information_tables(c, chances, letters))


def probe_bits(states: list[GameState], codes: npt.NDArray[np.uint8]) -> npt.NDArray[np.float64]:
    """Return the bits each word (n x k) tells about the unknown letters, summed over states."""
    return _letter_bits([board_tables(state)[1:] for state in states], codes)


def _letter_bits(
    tables: list[tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]],
    codes: npt.NDArray[np.uint8],
) -> npt.NDArray[np.float64]:
    """Return the bits each word (n x k) tells, summed over the boards' (first, again)."""
    k = codes.shape[1]
    positions = np.arange(k)
    repeated = np.zeros(codes.shape, bool)  # a letter seen earlier in the same word
    for i in range(1, k):
        repeated[:, i] = (codes[:, :i] == codes[:, i : i + 1]).any(1)
    total = np.zeros(len(codes))
    for first, again in tables:
        for start in range(0, len(codes), CHUNK):  # bounded buffers for huge word lists
            rows, again_ = codes[start : start + CHUNK], repeated[start : start + CHUNK]
            bits = np.where(again_, again[positions, rows], first[positions, rows])
            total[start : start + len(rows)] += bits.sum(1)
    return total


def determined(state: GameState) -> str:
    """Return the answer when exactly one string of the game's letters fits the clues and
    was not refused (any string of letters the game accepted may be it), else ''."""
    found = board_fitting(state, limit=1)
    return _decoded(state, found.strings)[0] if found.count == 1 else ""


def _one_letter_each(chances: npt.NDArray[np.float64], letters: str = AZ) -> str:
    """Return the word of the letters certain at each place, or '' when a place has none."""
    if not (chances.max(1) >= 1.0 - 1e-12).all():
        return ""
    return "".join(letters[j] for j in chances.argmax(1))


LIMIT = 1000  # fitting strings a probe is measured against: all when at most this many
SHORTLIST = 1000  # known words measured exactly, the best by the letters' information...
BUDGET = 3_000_000  # ...unless all of them against the fitting strings are fewer replies
GUESS_CHUNK = 1 << 22  # guess x string replies computed at once


def board_fitting(state: GameState, limit: int = LIMIT) -> Fitting:
    """Return the strings of the game's letters that fit a board's clues (engine/fitting.py),
    leaving out the words the game refused and those played: all when at most limit, else
    a random sample of limit."""
    played = frozenset(guess for guess, _ in state.history)
    letters = state.allowed.alphabet.letters
    return fitting(state_clues(state), letters, limit, frozenset(state.refused) | played)


def split_bits(
    guesses: npt.NDArray[np.uint8], strings: npt.NDArray[np.uint8]
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.int64]]:
    """Return each guess's entropy (bits) over these strings, equally likely, and its number
    of distinct replies."""
    n = len(strings)
    bits, parts = np.zeros(len(guesses)), np.zeros(len(guesses), np.int64)
    if n == 0:
        return bits, parts
    step = max(1, GUESS_CHUNK // n)
    for start in range(0, len(guesses), step):
        codes = np.sort(pattern_codes(guesses[start : start + step], strings), axis=1)
        b = len(codes)
        starts = np.ones((b, n), bool)
        starts[:, 1:] = codes[:, 1:] != codes[:, :-1]
        first = np.flatnonzero(starts.ravel())
        sizes = np.diff(np.append(first, b * n)).astype(float)
        rows = first // n
        mass = np.bincount(rows, sizes * np.log2(sizes), minlength=b)
        bits[start : start + b] = np.log2(n) - mass / n
        parts[start : start + b] = np.bincount(rows, minlength=b)
    return np.maximum(bits, 0.0), parts


def probe(states: list[GameState]) -> str:
    """Return the known word that best splits the strings of letters that fit each board's
    clues (each board with no candidate), or the one answer left: when one string alone fits
    a board, it (the only constructed string ever played). Else, among the words the lists
    know (known_pool: any commonness, no name; the SHORTLIST telling most of the letters by
    the estimate, when more), the one of most bits over the fitting strings (all when at
    most LIMIT, else a sample), summed over boards, ties to a word that fits (it may win),
    then to the likelier letters by place (letter_chances), then the words' order. A word
    whose reply is the same for every fitting string is never chosen unless it fits; on the
    last guess the rules allow, only a word that fits. '' when no known word qualifies: no
    known word fits or splits what is left (the player types their own)."""
    played = {guess for state in states for guess, _ in state.history}
    fits = [board_fitting(state) for state in states]
    if any(f.count is None for f in fits):
        return _estimated_probe(states, played)
    for state, f in zip(states, fits):
        if f.count == 1:
            return _decoded(state, f.strings)[0]
    base = max(states, key=lambda s: len(s.allowed))  # a widened board knows the most words
    rows = known_pool(base, played)
    if not len(rows) or not any(len(f.strings) for f in fits):
        return ""
    n_strings = sum(len(f.strings) for f in fits)
    if len(rows) > max(SHORTLIST, BUDGET // n_strings):  # the words telling most, estimated
        tables = [_string_tables(state, f.strings) for state, f in zip(states, fits)]
        estimate = _letter_bits(tables, base.allowed.codes[rows]) * base.taking(rows)
        rows = np.sort(rows[np.lexsort((rows, -np.round(estimate, DIGITS)))[:SHORTLIST]])
    guesses = base.allowed.codes[rows]
    bits = np.zeros(len(guesses))
    splits = np.zeros(len(guesses), bool)
    for f in fits:
        b, parts = split_bits(guesses, f.strings)
        bits += b
        splits |= parts > 1
    bits *= base.taking(rows)  # what a suggestion tells, by the chance the game takes it
    words = base.allowed.words_at(rows)
    is_fit = np.isin(words, [w for s, f in zip(states, fits) for w in _decoded(s, f.strings)])
    eligible = np.flatnonzero(is_fit if states[0].on_last_guess else splits | is_fit)
    if not len(eligible):
        return ""
    chances = board_tables(states[0])[0]  # ties: the likelier letters by place first
    likely = np.log(chances[np.arange(base.k), guesses[eligible]] + 1e-12).sum(1)
    order = np.lexsort(
        (
            np.arange(len(eligible)),
            -np.round(likely, DIGITS),
            ~is_fit[eligible],
            -np.round(bits[eligible], DIGITS),
        )
    )
    return str(words[eligible[order[0]]])


def known_pool(base: GameState, played: set[str]) -> npt.NDArray[np.intp]:
    """Return the rows (into base.allowed) of the words a probe is chosen among: every word
    the lists know of any commonness that a large dictionary of the language has
    (in_large_dictionary), but the names (the games refuse them), the words refused or
    played, those that do not begin with the letter a SUTOM board shows, and in hard mode
    those it forbids."""
    pool = not_names(base.allowed) & in_large_dictionary(base.allowed)
    pool &= ~base.allowed.mask_of(base.refused | played)
    if base.first_letter:
        pool &= base.begins_with_first(base.allowed.codes)
    if base.legal is not None:
        pool &= base.legal
    return np.flatnonzero(pool)


def _string_tables(
    state: GameState, strings: npt.NDArray[np.uint8]
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """Return the information tables (first, again) of the letters by place among these
    fitting strings (each place's letter chances: its frequency there)."""
    letters = state.allowed.alphabet.letters
    chances = np.stack(
        [np.bincount(strings[:, i], minlength=len(letters)) for i in range(state.k)]
    ) / max(len(strings), 1)
    return information_tables(state_clues(state), chances, letters)


def _decoded(state: GameState, strings: npt.NDArray[np.uint8]) -> list[str]:
    """Return the strings (m x k letter indices) as words of the game's letters."""
    letters = state.allowed.alphabet.letters
    return ["".join(letters[j] for j in row) for row in strings]


def _estimated_probe(states: list[GameState], played: set[str]) -> str:
    """Return the probe by the letters' information (letter_chances, information_tables),
    for clues whose fitting strings are too many combinations to count: the one answer left
    when the words' letters make it certain at each place, else the known word (known_pool)
    telling most, if any tells anything and this is not the last guess; else ''."""
    tables = [board_tables(state) for state in states]
    for state, (chances, _, _) in zip(states, tables):
        # certain by the words' letters at each place: played if the clues allow it (the
        # frequencies may leave out a letter the clues still allow, not one they forbid)
        answer = _one_letter_each(chances, state.allowed.alphabet.letters)
        if answer and answer not in played | state.refused and fits(state_clues(state), answer):
            return answer
    base = max(states, key=lambda s: len(s.allowed))  # a widened board knows the most words
    rows = known_pool(base, played)
    if len(rows) and not states[0].on_last_guess:  # (the last guess: only a fit may win)
        bits = _letter_bits([t[1:] for t in tables], base.allowed.codes[rows])
        bits *= base.taking(rows)  # (by the chance the game takes it)
        best = np.lexsort((rows, -np.round(bits, DIGITS)))[0]
        if bits[best] > 0:
            return base.allowed.words_at([rows[best]])[0]
    return ""
