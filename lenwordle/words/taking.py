"""The chance that the game takes a word as a guess, and what its refusals teach.

A game takes the words of its own dictionary, which lenwordle does not see: a daily game's
list may hold every word a large dictionary has, or only its common base forms (nouns in
the nominative, say). The model reads a word by three signals of the bundled lists: its
Zipf frequency z, whether it is a DERIVED form (a plural, a conjugated form), and whether
no dictionary lists it (a word only wordfreq knows, OUTSIDE or a NAME). A game is three
unknowns: the frequency theta below which it refuses, and how much rarer a derived form and
an unlisted word read to it (an offset each: 0, it takes them as any word; a large one, it
never does). It takes a word of frequency z, derived d, unlisted u with the chance

    SLIP + (1 - 2 SLIP) * sigmoid((z - d * derived_offset - u * unlisted_offset - theta) / SPREAD)

Before any evidence the unknowns follow priors (most games lenient); every word the game
refused (and every word it took, where a caller gives them: a game's own engine reads the
refusals alone, GameState.taking) updates them, over a grid (Bayes), so a refused rare word
makes rarer words less likely taken, and a refused plural makes plurals less likely taken.
`chances` is what the strategies weigh a guess by (a refusal costs the player a turn of
typing, no guess) and `reweighed` what a refusal does to the possible answers: a game's
answer is a word it takes. docs/playing.md ("When the game refuses a word") says how
refusals are priced.
"""

from collections.abc import Iterable
from weakref import WeakKeyDictionary

import numpy as np
import numpy.typing as npt

from lenwordle.words.wordlist import DERIVED, NAME, NOT_IN_SCOWL, OUTSIDE, WordList

THRESHOLDS = np.arange(-1.0, 5.01, 0.25)  # theta's grid, in Zipf
THRESHOLD_PRIOR = np.exp(-(THRESHOLDS + 1.0) / 0.8)  # most games take rare words too
OFFSETS = np.array([0.0, 1.5, 8.0])  # the offsets' grid: none, some, never taken
DERIVED_PRIOR = np.array([0.6, 0.25, 0.15])
UNLISTED_PRIOR = np.array([0.3, 0.4, 0.3])
SPREAD = 0.35  # how sharply a game's threshold cuts, in Zipf
SLIP = 0.01  # a game's list has a word of any kind, or lacks one, by chance
Words = Iterable[str]


def signals(
    words: WordList, rows: npt.NDArray[np.intp]
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
    """Return the words' (at rows) frequency, whether each is derived, and whether no
    dictionary lists it."""
    zipf = words.zipf_array()[rows].astype(np.float64)
    marks = words.mark_array()[rows]
    unlisted = (words.level_array()[rows] >= NOT_IN_SCOWL) | (marks & (OUTSIDE | NAME) != 0)
    return zipf, marks & DERIVED != 0, unlisted


def _taken(
    zipf: npt.NDArray[np.float64],
    derived: npt.NDArray[np.bool_],
    unlisted: npt.NDArray[np.bool_],
) -> npt.NDArray[np.float64]:
    """Return the chance each word is taken for every game of the grid: an array of
    (thresholds, derived offsets, unlisted offsets, words)."""
    read = (
        zipf[None, None, :]
        - OFFSETS[:, None, None] * derived[None, None, :]
        - OFFSETS[None, :, None] * unlisted[None, None, :]
    )
    cut = (read[None] - THRESHOLDS[:, None, None, None]) / SPREAD
    taken: npt.NDArray[np.float64] = SLIP + (1 - 2 * SLIP) / (1 + np.exp(-cut))
    return taken


def _prior() -> npt.NDArray[np.float64]:
    """Return the priors of the grid's games, (thresholds, derived, unlisted), summing to 1."""
    joint = THRESHOLD_PRIOR[:, None, None] * DERIVED_PRIOR[None, :, None]
    joint = joint * UNLISTED_PRIOR[None, None, :]
    normed: npt.NDArray[np.float64] = joint / joint.sum()
    return normed


def posterior(words: WordList, taken: Words, refused: Words) -> npt.NDArray[np.float64]:
    """Return how likely each game of the grid is after it took `taken` and refused
    `refused` (words of `words`; others are not read)."""
    log_belief = np.log(_prior())  # (in logs: hundreds of refusals underflow a product)
    for given, took in ((taken, True), (refused, False)):
        rows = np.array([r for r in (words.row(w) for w in given) if r is not None], np.intp)
        if len(rows):
            chance = _taken(*signals(words, rows))
            log_belief = log_belief + np.log(chance if took else 1 - chance).sum(axis=-1)
    belief = np.exp(log_belief - log_belief.max())
    normed: npt.NDArray[np.float64] = belief / belief.sum()
    return normed


def chances(
    words: WordList, rows: npt.NDArray[np.intp], taken: Words = (), refused: Words = ()
) -> npt.NDArray[np.float64]:
    """Return the chance the game takes each word at rows, after it took `taken` and
    refused `refused`; until the game has refused a word, by the priors alone (the words it
    took tell little then: the guesses are common words), which a list computes once."""
    refused = list(refused)
    if not refused:
        return prior_chances(words)[np.asarray(rows, np.intp)]
    return chances_by(posterior(words, taken, refused), words, rows)


_PRIOR_CHANCES: "WeakKeyDictionary[WordList, npt.NDArray[np.float64]]" = WeakKeyDictionary()


def prior_chances(words: WordList) -> npt.NDArray[np.float64]:
    """Return the chance the game takes each word of the list before any evidence
    (computed once a list)."""
    found = _PRIOR_CHANCES.get(words)
    if found is None:
        found = chances_by(_prior(), words, np.arange(len(words)))
        _PRIOR_CHANCES[words] = found
    return found


def chances_by(
    belief: npt.NDArray[np.float64], words: WordList, rows: npt.NDArray[np.intp]
) -> npt.NDArray[np.float64]:
    """Return the chance the game takes each word at rows, by this belief (posterior):
    computed once for each distinct set of signals (a few hundred), then looked up."""
    zipf, derived, unlisted = signals(words, np.asarray(rows, np.intp))
    _, by_zipf = np.unique(zipf, return_inverse=True)
    key = by_zipf.reshape(-1).astype(np.int64) * 4 + derived * 2 + unlisted
    distinct, at = np.unique(key, return_inverse=True)
    first = np.zeros(len(distinct), np.intp)
    first[at] = np.arange(len(at))  # (a word of each distinct key)
    table = np.tensordot(belief, _taken(zipf[first], derived[first], unlisted[first]), axes=3)
    out: npt.NDArray[np.float64] = table[at.reshape(-1)]
    return out


def reweighed(
    words: WordList, rows: npt.NDArray[np.intp], taken: Words, refused: Words
) -> npt.NDArray[np.float64]:
    """Return by what to multiply the prior weights of the possible answers at rows after
    these refusals: their chance of being taken now over the chance before any (1 for
    every word when nothing was refused: the prior already weighs how common answers are)."""
    refused = list(refused)
    if not refused:
        return np.ones(len(rows))
    return chances(words, rows, taken, refused) / prior_chances(words)[rows]
