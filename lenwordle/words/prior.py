"""The prior: how likely a word is to be a game's answer, from its signals, fitted.

A word's signals are its SCOWL level L (10 = most common ... 95 = obscure; 100: no
dictionary lists it), its Zipf frequency z (0: wordfreq has never seen it) and its marks
(words/wordlist.py): NAME (the dictionaries write it capitalized only; a word OUTSIDE them,
a first name, a loan or a colloquial word only wordfreq knows, is weighed as a name) and
DERIVED (a form made from a stem by an affix rule: a plural, a past, a conjugated or
declined form). The
prior is a logistic model over `features` of these, fitted by maximum likelihood (with a
small L2 penalty) to "is an NYT answer" over the bundled 5-letter words whose hash puts them
in the training part (four words in five: `held_out`); the fifth part is kept to measure the
fit (`wordlists/fit_prior.py` fits and reports; docs/word-lists.md, "The prior"). Every word
of the lists may be the answer: a name or a rare form keeps a small weight, never zero.

The other languages have no SCOWL levels (a word's level there is guessed from its
frequency, for the pool of suggestions, and marked GUESSED_LEVEL): their words are weighted
by the transfer model, fitted the same way on the same English words without the level
bands, from the signals every language has: frequency, whether a dictionary lists the word
(or only wordfreq), name, derived. No language is fitted to one game's answers.
"""

import zlib
from collections.abc import Iterable

import numpy as np
import numpy.typing as npt

from lenwordle.words.wordlist import (
    DERIVED,
    GUESSED_LEVEL,
    UNSUGGESTED,
    WordList,
    listed_base_forms,
)

# The level bands: a word's band is the first whose upper edge is at least its level; the
# first band (SCOWL levels up to 10) is the model's baseline. SCOWL's 80 and 95 are one band:
# no NYT answer is at 95, and apart the fit ranks 95 a little above 80 (noise)
LEVEL_EDGES = np.array([10, 20, 35, 40, 50, 55, 60, 70, 95])
# The frequency is read piecewise linearly between these Zipf knots (rising past the last
# one too, so that no two words of different frequencies tie), and z == 0 apart
ZIPF_KNOTS = np.array([1.0, 2.0, 3.0, 4.0, 5.0])
FEATURES = (
    ("bias",)
    + tuple(f"zipf {lo:g}+" for lo in np.concatenate([[0.0], ZIPF_KNOTS]))
    + ("unseen",)
    + tuple(f"level <= {hi}" for hi in LEVEL_EDGES[1:])
    + ("level > 95",)
    + ("name", "derived")
)
# Fitted by wordlists/fit_prior.py (the same order as FEATURES); the English model, then the
# transfer model (its level bands but the last, level > 95, are not used: 0)
COEFFICIENTS = np.array(
    [
        -3.5923,  # bias
        0.6333,  # zipf 0+
        2.5937,  # zipf 1+
        1.9434,  # zipf 2+
        0.6864,  # zipf 3+
        0.5993,  # zipf 4+
        0.9243,  # zipf 5+
        -0.6333,  # unseen
        0.8744,  # level <= 20
        0.7073,  # level <= 35
        -0.4634,  # level <= 40
        -1.1824,  # level <= 50
        -2.1718,  # level <= 55
        -2.5262,  # level <= 60
        -3.4717,  # level <= 70
        -5.1605,  # level <= 95
        -5.8817,  # level > 95
        -5.4172,  # name
        -5.3232,  # derived
    ]
)
TRANSFER_COEFFICIENTS = np.array(
    [
        -7.4442,  # bias
        0.9319,  # zipf 0+
        3.9125,  # zipf 1+
        3.2842,  # zipf 2+
        1.3679,  # zipf 3+
        0.4506,  # zipf 4+
        0.9498,  # zipf 5+
        -0.9319,  # unseen
        0.0000,  # level <= 20
        0.0000,  # level <= 35
        0.0000,  # level <= 40
        0.0000,  # level <= 50
        0.0000,  # level <= 55
        0.0000,  # level <= 60
        0.0000,  # level <= 70
        0.0000,  # level <= 95
        -4.4058,  # level > 95
        -6.0740,  # name
        -4.2765,  # derived
    ]
)
# The length of the daily games, whose answers are base forms: DERIVED counts at this length
# only. The NYT's answers hold 49 derived forms in 2 315 (the fit), the other languages'
# daily games about 6 % plurals; at other lengths the games we measure pick common words,
# plurals as often as not (a third of `benchmarks/lengths.py`'s 5-letter targets end in s):
# there the mark would cost 0.12 to 0.22 guesses a game (docs/word-lists.md, "The prior").
DAILY_LENGTH = 5
# At the daily length the prior is a mixture over games: a daily game (base forms, DERIVED
# read) but for this share, a game that picks any common form (DERIVED not read). The share
# is a hedge, not a fit (no answer list of such a game here): with 0.03 the NYT answers take
# 3.5106 guesses instead of 3.5093, and 150 common 5-letter words 3.75 with no failure
# instead of 3.82 with one (docs/word-lists.md, "The prior")
ANY_FORM_SHARE = 0.03
# What a game's answers are like (`--answers-like`): "daily", the mixture above (a daily
# game's base forms at DAILY_LENGTH, the NYT's kind), or "any", a game that draws from a
# larger list where a past tense or a plural is as likely as its base form (DERIVED read at
# no length: the any-form model of every other length, fitted the same way)
# or "dictionary", a game that draws its answers uniformly from a dictionary's base forms,
# however rare (each listed base form alike, but for DICTIONARY_OTHERS of the weight: every
# other word by the daily prior, as a game may still pick one)
ANSWERS_LIKE = ("daily", "any", "dictionary")
DICTIONARY_OTHERS = 0.05
HOLD_OUT = 5  # a word is held out of the fit when crc32(word) % HOLD_OUT == 0
PRIOR_VERSION = "4"  # bump when the prior changes: starter files record it


def features(
    levels: npt.ArrayLike, zipf: npt.ArrayLike, marks: npt.ArrayLike | None = None
) -> npt.NDArray[np.float64]:
    """Return the (n x len(FEATURES)) matrix of the model's inputs for n words."""
    levels = np.asarray(levels, np.float64)
    zipf = np.asarray(zipf, np.float64)
    marks = np.zeros(len(levels), np.uint8) if marks is None else np.asarray(marks, np.uint8)
    lows = np.concatenate([[0.0], ZIPF_KNOTS])
    highs = np.concatenate([ZIPF_KNOTS, [np.inf]])
    pieces = np.clip(zipf[:, None] - lows, 0.0, highs - lows)
    band = np.searchsorted(LEVEL_EDGES, levels, side="left")  # 0 .. len(LEVEL_EDGES)
    # a guessed level says only whether a dictionary lists the word (the last band)
    band[(marks & GUESSED_LEVEL != 0) & (band < len(LEVEL_EDGES))] = 0
    bands = band[:, None] == np.arange(1, len(LEVEL_EDGES) + 1)
    return np.column_stack(
        [
            np.ones(len(levels)),
            pieces,
            zipf <= 0,
            bands,
            marks & UNSUGGESTED != 0,  # a name, or a word OUTSIDE the dictionaries
            marks & DERIVED != 0,
        ]
    ).astype(np.float64)


def prior(
    levels: npt.ArrayLike, zipf: npt.ArrayLike, marks: npt.ArrayLike | None = None
) -> npt.NDArray[np.float64]:
    """Return the prior weight of each word (a probability) from its level, Zipf frequency
    and marks (by the transfer model where the level is guessed)."""
    x = features(levels, zipf, marks)
    guessed = np.zeros(len(x), bool) if marks is None else np.asarray(marks) & GUESSED_LEVEL != 0
    logit: npt.NDArray[np.float64] = np.where(guessed, x @ TRANSFER_COEFFICIENTS, x @ COEFFICIENTS)
    return 1.0 / (1.0 + np.exp(-logit))


def weights_of(words: WordList, answers_like: str = "daily") -> npt.NDArray[np.float64]:
    """Return the prior weight of each word of a list, for a game whose answers are like
    answers_like (ANSWERS_LIKE): "daily", DERIVED read at DAILY_LENGTH only, and there in
    all but ANY_FORM_SHARE of the weight; "any", DERIVED read at no length."""
    levels, zipf, marks = words.level_array(), words.zipf_array(), words.mark_array()
    if answers_like == "dictionary":
        return dictionary_weights(words)
    any_form = prior(levels, zipf, marks & ~np.uint8(DERIVED))
    if words.k != DAILY_LENGTH or answers_like == "any":
        return any_form
    daily = prior(levels, zipf, marks)
    mixed: npt.NDArray[np.float64] = (1 - ANY_FORM_SHARE) * daily + ANY_FORM_SHARE * any_form
    return mixed


def dictionary_weights(words: WordList) -> npt.NDArray[np.float64]:
    """Return the weights of a game drawing its answers uniformly from a dictionary's base
    forms: each listed base form (a dictionary lists it, not DERIVED, not a name) alike,
    every other word by the daily prior in DICTIONARY_OTHERS of the weight."""
    base = listed_base_forms(words)
    daily = weights_of(words) * ~base
    weights = np.where(base, (1 - DICTIONARY_OTHERS) / max(int(base.sum()), 1), 0.0)
    if daily.sum() > 0:
        weights = weights + DICTIONARY_OTHERS * daily / daily.sum()
    return weights


def held_out(words: Iterable[str]) -> npt.NDArray[np.bool_]:
    """Return which words the fit leaves out, to be measured on (one in HOLD_OUT, by hash)."""
    return np.array([zlib.crc32(w.encode()) % HOLD_OUT == 0 for w in words], bool)


def likeliest_first(
    weights: npt.NDArray[np.floating], zipf: npt.NDArray[np.floating]
) -> npt.NDArray[np.intp]:
    """Return the order of words (sorted lists) likeliest first: by weight, then the more
    frequent, then alphabetically."""
    return np.lexsort((np.arange(len(weights)), -np.asarray(zipf), -np.asarray(weights)))
