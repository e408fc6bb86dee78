"""The prior (words/prior.py): its formula and features (the transfer model for a guessed
level), the likeliest-first order, its fit (reproduced from the data), its measure on
held-out words."""

import math
import sys
import zlib

import numpy as np
import pytest
from helpers import NO_NYT, NYT, ROOT, load_script

from lenwordle.words import prior as model
from lenwordle.words.prior import (
    COEFFICIENTS,
    FEATURES,
    TRANSFER_COEFFICIENTS,
    features,
    likeliest_first,
    prior,
)
from lenwordle.words.wordlist import DERIVED, GUESSED_LEVEL, NAME, bundled

BANDS = [(20, "level <= 20"), (35, "level <= 35"), (40, "level <= 40"), (50, "level <= 50")]
BANDS += [(55, "level <= 55"), (60, "level <= 60"), (70, "level <= 70")]
BANDS += [(95, "level <= 95")]


def documented_logit(level: float, zipf: float, marks: int, beta) -> float:
    """Return the prior's logit as docs/word-lists.md writes it, in plain Python."""
    c = dict(zip(FEATURES, beta, strict=True))
    logit = c["bias"] + c["zipf 0+"] * min(max(zipf, 0), 1)
    for lo in (1, 2, 3, 4):
        logit += c[f"zipf {lo}+"] * min(max(zipf - lo, 0), 1)
    logit += c["zipf 5+"] * max(zipf - 5, 0)
    logit += c["unseen"] * (zipf <= 0)
    guessed = marks & GUESSED_LEVEL
    if level > 95:
        logit += c["level > 95"]
    elif not guessed:
        for edge, name in BANDS:  # the first band whose edge the level does not pass
            if level <= edge:
                logit += c[name] if level > 10 else 0.0
                break
    logit += c["name"] * bool(marks & NAME) + c["derived"] * bool(marks & DERIVED)
    return logit


def documented(level: float, zipf: float, marks: int = 0) -> float:
    beta = TRANSFER_COEFFICIENTS if marks & GUESSED_LEVEL else COEFFICIENTS
    return 1 / (1 + math.exp(-documented_logit(level, zipf, marks, beta)))


def test_prior_is_its_documented_formula_at_every_band_edge_and_knot():
    levels = [0, 10, 11, 19, 20, 21, 35, 36, 40, 41, 50, 55, 56, 60, 61, 70, 80, 81, 95, 96, 100]
    zipfs = [0.0, 0.5, 1.0, 1.5, 2.0, 2.99, 3.0, 4.0, 4.5, 5.0, 5.01, 6.4, 7.5]
    for marks in (0, NAME, DERIVED, NAME | DERIVED, GUESSED_LEVEL, GUESSED_LEVEL | DERIVED):
        grid = [(lv, z) for lv in levels for z in zipfs]
        got = prior([lv for lv, _ in grid], [z for _, z in grid], np.full(len(grid), marks))
        want = [documented(lv, z, marks) for lv, z in grid]
        assert got == pytest.approx(want, rel=1e-12), marks


def test_without_marks_a_word_is_unmarked():
    assert prior([35, 80], [3.0, 1.0]) == pytest.approx(prior([35, 80], [3.0, 1.0], [0, 0]))


def test_weights_are_probabilities_never_zero_and_rise_with_the_frequency_without_ties():
    zipf = np.arange(0, 8.01, 0.05)
    for level in (10, 35, 60, 95, 100):
        for marks in (0, NAME, DERIVED, GUESSED_LEVEL):
            w = prior(np.full(len(zipf), level), zipf, np.full(len(zipf), marks))
            assert ((w > 0) & (w < 1)).all()
            assert (np.diff(w[1:]) > 0).all()  # no two frequencies tie, past Zipf 5 too


def test_names_and_derived_forms_weigh_less_but_stay_possible():
    plain, name, derived = prior([35, 35, 35], [3.5, 3.5, 3.5], [0, NAME, DERIVED])
    assert 0 < name < plain / 5 and 0 < derived < plain / 5


def test_past_level_35_each_rarer_band_weighs_less():
    levels = [35, 40, 50, 55, 60, 70, 80, 95, 100]
    w = prior(levels, np.full(len(levels), 2.5))
    assert (np.diff(np.delete(w, 6)) < 0).all() and w[6] == w[7]  # 71-95: one band


def test_a_guessed_level_only_says_whether_a_dictionary_lists_the_word():
    levels = np.array([10, 20, 35, 60, 80, 95, 100])
    w = prior(levels, np.full(len(levels), 3.0), np.full(len(levels), GUESSED_LEVEL))
    assert (w[:-1] == w[0]).all() and w[-1] < w[0] / 10  # 100: only wordfreq knows it


def _logistic(logit):
    return 1.0 / (1.0 + math.exp(-logit))


def test_a_word_of_guessed_level_is_weighed_by_the_transfer_model_the_others_by_the_english():
    # Zipf 0 (never seen), level 50: features bias 1 and unseen 1; a guessed level reads
    # no level band (level 50 < 95), a listed one the band "level <= 50"
    # English: bias -3.5923, zipf 0+ 0 (no piece), unseen -0.6333, level <= 50 -1.1824
    # transfer (guessed): bias -7.4442, unseen -0.9319, no band
    weights = prior([50, 50], [0.0, 0.0], [0, GUESSED_LEVEL])
    assert weights[0] == pytest.approx(_logistic(-3.5923 - 0.6333 - 1.1824), rel=1e-12)
    assert weights[1] == pytest.approx(_logistic(-7.4442 - 0.9319), rel=1e-12)


def test_a_guessed_level_has_no_level_band_but_the_unlisted_one():
    x = features([35, 35, 100], [3.0, 3.0, 3.0], [0, GUESSED_LEVEL, GUESSED_LEVEL])
    expected = np.zeros((3, len(FEATURES)))
    column = {name: i for i, name in enumerate(FEATURES)}
    for row in range(3):  # bias, and Zipf 3 is the whole of the pieces 0-1, 1-2 and 2-3
        for name in ("bias", "zipf 0+", "zipf 1+", "zipf 2+"):
            expected[row, column[name]] = 1.0
    expected[0, column["level <= 35"]] = 1.0  # a SCOWL level: its band
    expected[2, column["level > 95"]] = 1.0  # guessed, not listed by a dictionary
    assert x.dtype == np.float64 and x.tolist() == expected.tolist()


def test_the_likeliest_first_are_the_heaviest_then_the_more_frequent_then_the_first():
    weights = np.array([0.2, 0.5, 0.5, 0.1, 0.5])
    zipf = np.array([1.0, 2.0, 3.0, 4.0, 2.0])
    # 0.5 (zipf 3: row 2; zipf 2: rows 1 then 4), then 0.2 (row 0), then 0.1 (row 3)
    assert likeliest_first(weights, zipf).tolist() == [2, 1, 4, 0, 3]


def test_the_bundled_lists_mark_names_and_derived_forms_and_leave_out_roman_numerals():
    words = bundled(5)
    marks = dict(zip(words.strings, words.mark_array()))
    for name in ("koran", "quran", "petri", "capri"):  # capitalized in every dictionary
        assert marks[name] & NAME, name
    for form in ("lakes", "times", "cents", "bakes", "tried"):
        assert marks[form] & DERIVED and not marks[form] & NAME, form
    for stem in ("crane", "bless", "abyss", "focus", "oasis", "gross"):
        assert marks[stem] == 0, stem
    for numeral in ("xviii", "xxiii", "lxvii", "xxxiv"):
        assert numeral not in marks, numeral
    assert "xiii" not in bundled(4) and "mix" in bundled(3)  # (a word before a numeral)


def test_the_build_script_tells_roman_numerals_and_contractions_apart():
    sys.path.insert(0, str(ROOT / "wordlists"))
    build = load_script("wordlists/build_wordlists.py")
    assert all(build.ROMAN.fullmatch(w) for w in ("ii", "xviii", "mcmxc", "lxvii", "dc"))
    assert not any(build.ROMAN.fullmatch(w) for w in ("i", "civil", "vivid", "mid", "iix"))
    assert all(build.CONTRACTION.search(c) for c in ("don't", "'tis", "o'clock", "we'll"))
    assert not any(build.CONTRACTION.search(w) for w in ("qur'an", "bo'sun", "ma'am's'x"))
    known = {"lake", "time", "try", "bake", "cent"}
    assert all(build.inflected(w, known) for w in ("lakes", "times", "tries", "baked", "tried"))
    assert not any(
        build.inflected(w, known | {"bles", "focu"}) for w in ("bless", "focus", "lake")
    )


def test_a_word_is_held_out_of_the_fit_when_its_crc32_is_a_multiple_of_five():
    words = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval"]
    expected = [zlib.crc32(w.encode("utf-8")) % 5 == 0 for w in words]
    assert any(expected) and not all(expected)  # both kinds among them
    assert model.held_out(words).tolist() == expected
    assert model.held_out(iter(words)).tolist() == expected  # any iterable, read once
    none = model.held_out([])
    assert none.dtype == np.bool_ and none.shape == (0,)


needs_nyt = pytest.mark.skipif(not (NYT / "answers.txt").is_file(), reason=NO_NYT)


@needs_nyt
def test_the_shipped_coefficients_are_the_fit_of_the_data():
    fit = load_script("wordlists/fit_prior.py")
    answers = set((NYT / "answers.txt").read_text().split())
    words = bundled(5)
    y = np.array([w in answers for w in words.strings], float)
    out = model.held_out(words.strings)
    level, zipf, marks = words.level_array(), words.zipf_array(), words.mark_array()
    for beta, extra in ((COEFFICIENTS, 0), (TRANSFER_COEFFICIENTS, GUESSED_LEVEL)):
        x = model.features(level, zipf, marks | extra)
        assert fit.fit(x[~out], y[~out]) == pytest.approx(beta, abs=1e-4)


@needs_nyt
def test_on_held_out_words_the_prior_beats_the_previous_one():
    answers = set((NYT / "answers.txt").read_text().split())
    words = bundled(5)
    out = model.held_out(words.strings)
    assert 0.18 < out.mean() < 0.22  # one word in five, by hash
    y = np.array([w in answers for w in words.strings])[out]
    w = prior(words.level_array(), words.zipf_array(), words.mark_array())[out]
    bits = -np.log2(w[y] / w.sum()).mean()
    # prior version 3, fitted on every answer (these held-out ones too): 10.12 bits; a
    # uniform prior over the held-out words: log2(4 948) = 12.27 bits
    assert bits < 9.6
    order = np.argsort(-w)
    assert y[order[:1000]].sum() / y.sum() > 0.97  # of 491 held-out answers


def test_answers_like_dictionary_weighs_every_listed_base_form_alike():
    from lenwordle.words.prior import DICTIONARY_OTHERS, dictionary_weights, weights_of
    from lenwordle.words.wordlist import NOT_IN_SCOWL, UNSUGGESTED

    words = bundled(5)
    weights = dictionary_weights(words)
    assert np.array_equal(weights, weights_of(words, "dictionary"))
    marks, levels = words.mark_array(), words.level_array()
    base = (levels < NOT_IN_SCOWL) & (marks & (DERIVED | UNSUGGESTED) == 0)
    assert base.any() and (~base).any()
    assert np.ptp(weights[base]) == 0  # a rare base form as likely as a common one
    assert weights.sum() == pytest.approx(1.0)
    assert weights[~base].sum() == pytest.approx(DICTIONARY_OTHERS)  # the rest: the share
    assert (weights[~base] > 0).all()  # never zero
    zipf = words.zipf_array()
    rare = int(np.flatnonzero(base & (levels >= 80))[0])  # a rare listed base form
    common = words.row("crane")
    assert base[common] and zipf[rare] < zipf[common]
    assert weights[rare] == weights[common]


def test_answers_like_dictionary_makes_every_word_of_a_language_possible():
    from lenwordle.api.setup import Settings

    daily = Settings(5, lang="pl").state()
    dictionary = Settings(5, lang="pl", answers_like="dictionary").state()
    unseen = dictionary.allowed.zipf_array()[dictionary.answer_rows] == 0
    assert unseen.any() and len(dictionary.candidate_rows) > len(daily.candidate_rows)
    assert (daily.answers.zipf_array() > 0).all()  # the daily game: words wordfreq has seen
