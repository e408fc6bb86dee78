"""The prior: how likely a word is to be a game's answer, from its frequency and level."""

import numpy as np
import numpy.typing as npt

# The prior: how likely a word is to be a game's answer, from its Zipf frequency z and its
# SCOWL level L (wordfreq-only words count as 100), the average of two logistic models:
#   FREQUENCY_AND_LEVEL: logistic(bias + zipf * min(z, zipf_cap) + level * softplus(bend)),
#   bend = (min(L, level_cap) - knee) / width, fitted (maximum likelihood) to "is an NYT
#   answer" over the bundled 5-letter words;
#   LEVEL_ONLY: the same form without z, kept from prior 2, so that a common word seldom
#   written keeps its weight; it counts only for words wordfreq knows (z > 0) or SCOWL's
#   commonest (L <= KNOWN_LEVEL): no NYT answer is among the 6 500 5-letter words of
#   higher levels that wordfreq has never seen.
# Both stop falling at level 80 (level_cap): past it, SCOWL's levels 95 and wordfreq-only
# words are ordered by frequency alone, so a familiar modern word (unsee, chaat) ranks above
# a rare dictionary form (unsew, chaft). Measured side by side in docs/word-lists.md ("The prior").
FREQUENCY_AND_LEVEL: dict[str, float] = {
    "bias": -3.8756,
    "zipf": 1.2537,
    "zipf_cap": 4.0,
    "level": -0.49035,
    "knee": 50.0,
    "width": 3.0,
    "level_cap": 80.0,
}


LEVEL_ONLY: dict[str, float] = {
    "bias": 0.3343,
    "zipf": 0.0,
    "zipf_cap": 0.0,
    "level": -0.5496,
    "knee": 37.0,
    "width": 4.0,
    "level_cap": 80.0,
}


MIX = 0.5  # the weight of FREQUENCY_AND_LEVEL
KNOWN_LEVEL = 35  # LEVEL_ONLY counts for words up to this level even if wordfreq lacks them
PRIOR_VERSION = "3"  # bump when the prior changes: starter files record it


def prior(levels: npt.ArrayLike, zipf: npt.ArrayLike) -> npt.NDArray[np.float64]:
    """Return the prior weight of each word from its SCOWL level and its Zipf frequency."""
    levels, zipf = np.asarray(levels, np.float64), np.asarray(zipf, np.float64)
    known = (zipf > 0) | (levels <= KNOWN_LEVEL)  # where LEVEL_ONLY speaks
    return MIX * _logistic_model(FREQUENCY_AND_LEVEL, levels, zipf) + (1 - MIX) * known * (
        _logistic_model(LEVEL_ONLY, levels, zipf)
    )


def likeliest_first(
    weights: npt.NDArray[np.floating], zipf: npt.NDArray[np.floating]
) -> npt.NDArray[np.intp]:
    """Return the order of words (sorted lists) likeliest first: by weight, then, as the
    capped prior ties many common words, the more frequent, then alphabetically."""
    return np.lexsort((np.arange(len(weights)), -np.asarray(zipf), -np.asarray(weights)))


def _logistic_model(
    p: dict[str, float], levels: npt.NDArray[np.float64], zipf: npt.NDArray[np.float64]
) -> npt.NDArray[np.float64]:
    """Return logistic(bias + zipf * min(z, zipf_cap) + level * softplus(bend)), bend being
    (min(L, level_cap) - knee) / width."""
    bend = np.logaddexp(0.0, (np.minimum(levels, p["level_cap"]) - p["knee"]) / p["width"])
    logit = p["bias"] + p["zipf"] * np.minimum(zipf, p["zipf_cap"]) + p["level"] * bend
    return 1.0 / (1.0 + np.exp(-logit))
