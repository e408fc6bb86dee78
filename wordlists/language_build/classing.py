"""Which forms are words, names or abbreviations; which words only wordfreq knows are added
(and at what frequency, ADD_ZIPF); and the written words with their sources and marks.

Classes, as in English (word_class): a word (the lower-cased key) is
- an abbreviation if it has no vowel of the language, or (Russian) it is cut from a longer
  word (forms.py: truncations);
- a word if any dictionary source writes it in lower case, where hunspell does not know it;
  where it does, if hunspell writes it in lower case (a plain list may be all in lower
  case: Spanish, French);
- an abbreviation if a dictionary writes it only in capitals;
- a name if a dictionary writes it only capitalized;
- German is the exception to the last rule, because every German noun is capitalized: a
  capitalized form is a noun (a word) when hunspell derives it from a stem that carries
  the dictionary's compound-tail flag 'm' (which igerman98 gives to common nouns, Haus,
  Zitrone, and to countries, Norwegen, but not to names of persons, Peter, Schiller);
  otherwise a name.
Words that only wordfreq knows (no dictionary has them in any case; 4-11 letters) are first
filtered (wordfreq_filter): not added are those with no vowel, English words at least as
frequent in English (lenwordle's wordlists/NN.tsv), SCOWL's proper names, capitalized
words, abbreviations and Roman numerals (Debian `scowl`), a dictionary word typed without
its accents (etre, moze, onemli: letters.fold), and for Ukrainian and Catalan a word of
the neighbour language their texts quote (NEIGHBOUR: Russian, Spanish). The rest are added
at Zipf >= ADD_ZIPF, a threshold measured per language: `--measure` prints, per Zipf band,
how many wordfreq words the dictionaries know and a random sample of the wordfreq-only
words that pass the filters; those samples were judged by hand (JUDGED: real words of the
language, colloquial ones included, against names, brands, foreign words, misspellings,
laughs), and ADD_ZIPF is the lowest judged edge at which at least MIN_REAL (half) of the
words that would be added are real (the bands' shares weighted by their counts), or none
at all. BUILD-INFO.txt records the measured edges, the judged counts, the curves and the
reasons.
Words and names are written (abbreviations are not): a name is a possible answer at the
small weight the prior gives names. The `sources` column says who has the word: 1 the plain
list, 2 hunspell, 4 wordfreq (Zipf > 0). The `marks` column holds the prior's signals, as in
English: 1 NAME (class name), 2 DERIVED (a form a hunspell dictionary makes from a stem by
an affix rule, a plural, a conjugated or declined form, and that is no lower-case .dic
entry of its own (nor, in German, a noun: Haus): Spanish casas, cantaban, niños are marked;
casa, cantar, Madrid are not, nor is a word only a plain list or wordfreq knows).
"""

from dataclasses import dataclass, field

from lenwordle.words.wordlist import DERIVED, NAME, OUTSIDE
from wordlists.language_build.forms import Forms, merge
from wordlists.language_build.letters import (
    MAX_LEN,
    MIN_LEN,
    fold,
    has_vowel,
    letters_ok,
    normalize,
)
from wordlists.language_build.sources import SOURCES, wordfreq_key

WRITTEN = ("word", "name")  # the classes written: a name is a possible answer, rarely
# REACH_ZIPF: the wordfreq-only words not added as words (below ADD_ZIPF, as frequent in
# English, SCOWL's names and abbreviations; never a dictionary's word typed without its
# accents, such as ecole, which the English filter meets first) are written at or above it
# as OUTSIDE, possible
# answers at a name's weight, never suggested: the first names, foreign names, loans and
# colloquial words the games pick (Russian АЛЕКС 4.17, БАБЛО 3.21, БУХЛО 2.99; German
# AUDIO 3.96, DUSCH 2.85, ASCII 2.71; Portuguese HOUSE 4.53, POKER 3.57, DONUT 2.59)
REACH_ZIPF = 2.5
REACHED = (
    "below ADD_ZIPF",
    "English (at least as frequent in English)",
    "a name or abbreviation in SCOWL",
)
PLAIN, HUNSPELL, WORDFREQ = 1, 2, 4  # the `sources` bits
# wordfreq-only words that are words of this other language are not added (Ukrainian text
# quotes much Russian, Catalan text Spanish)
NEIGHBOUR = {"uk": "ru", "ca": "es"}
# The wordfreq-only words that pass wordfreq_filter, judged by hand (a real word of the
# language, colloquial included, or not: a name, brand, foreign word, misspelling, laugh):
# {band's lower Zipf edge: (real, judged)}, from the random samples `--measure` prints (seed
# measures.SAMPLE_SEED; a band's judgement holds for the bands above it up to the next
# judged one).
JUDGED = {
    "es": {3.0: (9, 31), 3.25: (11, 30), 3.5: (10, 30), 3.75: (10, 23), 4.0: (2, 11)},
    "pt": {3.5: (3, 31), 3.75: (1, 21), 4.0: (4, 17)},
    "de": {
        2.75: (10, 30),
        3.0: (13, 30),
        3.25: (19, 30),
        3.5: (14, 29),
        3.75: (17, 36),
        4.0: (18, 29),
        4.25: (8, 12),
    },
    "fr": {3.25: (0, 32), 3.5: (3, 35), 3.75: (3, 19)},
    "it": {3.5: (3, 34), 3.75: (5, 22), 4.0: (3, 10)},
    "nl": {3.5: (5, 14), 3.75: (3, 7), 4.0: (3, 5)},
    "pl": {3.25: (2, 23), 3.5: (1, 13), 3.75: (0, 8)},
    "sv": {3.0: (7, 29), 3.25: (6, 26), 3.5: (7, 26), 3.75: (6, 15), 4.0: (8, 13)},
    "ru": {3.0: (3, 16), 3.5: (0, 18), 4.0: (1, 19)},
    "uk": {3.5: (5, 15), 3.75: (8, 16), 4.0: (10, 16), 4.25: (2, 8), 4.5: (5, 9)},
    "ca": {3.5: (6, 28), 3.75: (3, 7), 4.0: (1, 2)},
    "tr": {4.0: (6, 29), 4.25: (10, 26), 4.5: (11, 30)},
}
MIN_REAL = 0.5  # ADD_ZIPF: the lowest judged edge whose added words are at least this real
BANDS = (1.0, 2.0, 2.5, 2.75, 3.0, 3.25, 3.5, 3.75, 4.0, 4.25, 4.5, 5.0)  # lower edges
Written = tuple[float, int, int]  # a written word's (zipf, sources, marks)


@dataclass
class Foreign:
    """What a wordfreq-only word is checked against (wordfreq_filter)."""

    english: dict[str, float]  # English word -> Zipf (lenwordle's wordlists/NN.tsv)
    names: set[str]  # SCOWL's proper names, lower-cased
    neighbour: set[str]  # the words of the language NEIGHBOUR names, if any


@dataclass
class Language:
    """A language's sources read, its frequencies, and what the build made of them."""

    code: str
    forms: dict[str, Forms]  # package -> Forms
    zipf: dict[str, float]  # wordfreq key -> Zipf
    words: dict[str, Written] = field(default_factory=dict)  # the written words
    classes: dict[str, int] = field(default_factory=dict)  # class -> count (4-11 letters)
    added: int = 0  # wordfreq-only words written as words
    outside: int = 0  # wordfreq-only words written as OUTSIDE (REACH_ZIPF)
    wordfreq_dropped: int = 0
    reasons: dict[str, int] = field(default_factory=dict)  # why wordfreq-only words were
    # not added
    candidates: list[tuple[str, float, str]] = field(default_factory=list)  # (word, zipf,
    # why) of the wordfreq-only words
    coverage: dict[int, list[tuple[str, float]]] = field(default_factory=dict)  # length ->
    # [(source, % of top words)]
    add_zipf: float | None = None  # ADD_ZIPF: wordfreq-only words at least this frequent added


def word_class(
    code: str,
    key: str,
    dictionary: Forms,
    hunspell: Forms | None = None,
    hunspell_keys: frozenset[str] = frozenset(),
) -> str:
    """Return 'word', 'name' or 'abbreviation' of a key a dictionary source has; where the
    language's hunspell dictionaries (merged, `hunspell`, with hunspell_keys its keys in
    any case) know the key, their case decides over a plain list's: Debian's Spanish and
    French lists are written all in lower case, and the Polish one lists billy and miami
    beside Billy and Miami, which hunspell has only capitalized (names: DAVID, LAURA and
    MIAMI were secrets of the practice host)."""
    if not has_vowel(code, key):
        return "abbreviation"
    if key in dictionary.cut:
        return "abbreviation"
    if hunspell is not None and key in hunspell_keys:
        dictionary = hunspell
    if key in dictionary.lower or key in dictionary.nouns:
        return "word"
    if key in dictionary.caps and key not in dictionary.capitalized:
        return "abbreviation"
    return "name"


def word_set(forms: Forms, code: str) -> set[str]:
    """Return the keys of a source that are words (not names, not abbreviations)."""
    return {k for k in forms.lower | forms.nouns if has_vowel(code, k)}


def wordfreq_filter(code: str, key: str, z: float, folded: set[str], foreign: Foreign) -> str:
    """Return why a word only wordfreq knows is not added, or 'passes'."""
    if not has_vowel(code, key):
        return "no vowel"
    if foreign.english.get(key, -1.0) >= z:
        return "English (at least as frequent in English)"
    if key in foreign.names:
        return "a name or abbreviation in SCOWL"
    if fold(code, key) in folded:
        return "a dictionary word typed without its accents"
    if key in foreign.neighbour:
        return f"a word of {NEIGHBOUR.get(code)}"
    return "passes"


def band_of(z: float) -> float | None:
    """Return the lower edge of the Zipf band of z (None below the first)."""
    return max((b for b in BANDS if z >= b), default=None)


def add_zipf(code: str, passing: dict[float, int]) -> float | None:
    """Return the lowest judged Zipf edge at which the wordfreq-only words that would be added
    (passing: count per band) are at least MIN_REAL real words, by JUDGED's shares weighted
    by the counts; None (add none) if no edge gets there."""
    judged = JUDGED.get(code, {})

    def share(band: float) -> float:
        edge = max((e for e in judged if e <= band), default=None)
        return judged[edge][0] / judged[edge][1] if edge is not None else 0.0

    for edge in sorted(judged):
        bands = [b for b in BANDS if b >= edge]
        n = sum(passing.get(b, 0) for b in bands)
        real = sum(passing.get(b, 0) * share(b) for b in bands)
        if n and real / n >= MIN_REAL:
            return edge
    return None


def build(
    code: str, forms: dict[str, Forms], zipf: dict[str, float], foreign: Foreign
) -> Language:
    """Return the language with its written words {word: (zipf, sources, marks)}, the
    wordfreq-only words considered and its counts."""
    lang = Language(code, forms, zipf)
    known, keys_known = dictionary_words(lang)
    consider_wordfreq(lang, known, keys_known, foreign)
    return lang


def dictionary_words(lang: Language) -> tuple[set[str], set[str]]:
    """Write the dictionaries' words and names into lang.words, count every class; return
    the dictionaries' keys and their wordfreq keys."""
    code, srcs = lang.code, SOURCES[lang.code]
    dictionary = merge([lang.forms[s.package] for s in srcs])
    made = merge([lang.forms[s.package] for s in srcs if s.kind == "hunspell"])
    by_hunspell = frozenset(made.all())
    derived = made.affixed - made.stems  # forms an affix rule makes, listed as no stem
    every = {s.package: lang.forms[s.package].all() for s in srcs}
    known = dictionary.all()
    keys_known: set[str] = set()
    for key in known:
        kind = word_class(code, key, dictionary, made, by_hunspell)
        lang.classes[kind] = lang.classes.get(kind, 0) + 1
        wkey = wordfreq_key(code, key)
        keys_known.add(wkey)
        if kind not in WRITTEN:
            continue
        z = lang.zipf.get(wkey, 0.0)
        bits = sum(
            PLAIN if s.kind == "plain" else HUNSPELL for s in srcs if key in every[s.package]
        )
        marks = (NAME if kind == "name" else 0) | (DERIVED if key in derived else 0)
        lang.words[key] = (z, bits | (WORDFREQ if z > 0 else 0), marks)
    return known, keys_known


def consider_wordfreq(
    lang: Language, known: set[str], keys_known: set[str], foreign: Foreign
) -> None:
    """Filter the words only wordfreq knows (lang.candidates, with why), measure ADD_ZIPF,
    and write those that pass at or above it."""
    code = lang.code
    folded = {fold(code, k) for k in known}
    for k, z in lang.zipf.items():
        key = normalize(code, k)
        if not letters_ok(code, key):
            lang.wordfreq_dropped += 1
            continue
        if k in keys_known or key in known or not MIN_LEN <= len(key) <= MAX_LEN:
            continue
        lang.candidates.append((key, z, wordfreq_filter(code, key, z, folded, foreign)))
    passing: dict[float, int] = {}
    for _key, z, why in lang.candidates:
        band = band_of(z)
        if why == "passes" and band is not None:
            passing[band] = passing.get(band, 0) + 1
    lang.add_zipf = add_zipf(code, passing)
    for i, (key, z, why) in enumerate(lang.candidates):
        if why == "passes":
            why = "added" if lang.add_zipf is not None and z >= lang.add_zipf else "below ADD_ZIPF"
            lang.candidates[i] = (key, z, why)
        lang.reasons[why] = lang.reasons.get(why, 0) + 1
        if why == "added":
            lang.words[key] = (z, WORDFREQ, 0)
            lang.added += 1
            lang.classes["word"] = lang.classes.get("word", 0) + 1
        elif why in REACHED and z >= REACH_ZIPF and fold(code, key) not in folded:
            lang.words[key] = (z, WORDFREQ, OUTSIDE)
            lang.outside += 1
