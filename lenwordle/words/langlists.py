"""The bundled word lists of the languages other than English (wordlists/lang/<code>.parquet,
made by wordlists/build_languages.py): a language's words of one game length, folded by its
rule, with their frequency, a commonness level and their dictionary spelling.

The Parquet files hold dictionary spellings (acción, straße), each with its Zipf frequency
and the sources that list it (1 Debian's plain list, 2 hunspell, 4 wordfreq only). A game
word is a spelling folded by the rule (words/languages.py); spellings that fold alike are
one word, shown as its most frequent spelling. Folding, the length and the letters are
worked out by Arrow compute functions over the whole column, not word by word.
"""

from collections.abc import Mapping
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from lenwordle.words.alphabet import Alphabet
from lenwordle.words.languages import Language
from lenwordle.words.wordlist import NOT_IN_SCOWL, WordList, WordListError, wordlist_dir

MIN_GAME_LENGTH, MAX_GAME_LENGTH = 4, 11  # the lengths the languages' lists are made for
# letters a word's folding adds or takes away, at most (ß -> ss, l·l -> ll), where the rule
# folds a letter to two or to none; spellings this much longer or shorter are read
FOLD_SLACK = 2
WORDFREQ_ONLY = 4  # the `sources` bit of a word no dictionary lists
# Other languages have no SCOWL levels: a word gets the median SCOWL level of the English
# words (lengths 4-11) of its Zipf band, so the English prior reads it as it would read an
# English word as frequent (measured on the bundled English lists: Zipf below 1 (unseen
# dictionary forms) median 80, 1-1.5: 70, 1.5-2: 60, 2-2.5: 50, 2.5-4: 35, 4-4.5: 20,
# 4.5 and above: 10); words only wordfreq knows count as NOT_IN_SCOWL, as in English.
# A stored opener of a language is one of its OPENER_POOL most frequent words of that length
# that a dictionary lists: the games refuse rarer forms (TARNE, SARTI, КОРТА were refused)
OPENER_POOL = 1000
ZIPF_BANDS = np.array([1.0, 1.5, 2.0, 2.5, 4.0, 4.5])
BAND_LEVELS = np.array([80, 70, 60, 50, 35, 20, 10], np.uint8)


def language_dir() -> Path:
    """Return the folder of the languages' word lists."""
    return wordlist_dir() / "lang"


def _table(code: str, lengths: range | None = None) -> pa.Table:
    """Return a language's table: of the spellings of these lengths (None: every one), read
    from the row groups that hold them (one a length)."""
    path = language_dir() / f"{code}.parquet"
    if not path.is_file():
        raise WordListError(f"the word list of language {code!r} is missing; reinstall lenwordle")
    columns = ["word", "zipf", "sources"]
    file = pq.ParquetFile(path)
    if lengths is None:
        return file.read(columns=columns)
    where = file.schema_arrow.get_field_index("length")
    groups = [
        i
        for i in range(file.num_row_groups)
        if (stats := file.metadata.row_group(i).column(where).statistics) is not None
        and stats.max >= lengths.start
        and stats.min < lengths.stop
    ]
    return file.read_row_groups(groups, columns=columns)


def folded(language: Language, rule: str | None, spellings: pa.Array) -> pa.Array:
    """Return each spelling folded by the rule (lower case already: the files are)."""
    words = spellings
    for letter, to in language.alphabet(rule).folds.items():
        words = pc.replace_substring(words, letter, to)
    return words


def language_words(language: Language, k: int, rule: str | None = None) -> WordList:
    """Return the language's words of k game letters under rule (None: its default)."""
    alphabet = language.alphabet(rule)
    slack = FOLD_SLACK if any(len(to) != 1 for to in alphabet.folds.values()) else 0
    table = _table(language.code, range(k - slack, k + slack + 1))
    if slack:
        table = table.filter(_may_fold_to(table["word"], k, alphabet.folds))
    words = folded(language, rule, table["word"].combine_chunks())
    keep = pc.and_(pc.equal(pc.utf8_length(words), k), of_letters(words, alphabet))
    words, table = words.filter(keep), table.filter(keep)
    if len(words) == 0:
        raise WordListError(f"no {language.name} words of {k} letters")
    merged = _merged(language, rule, k, words, table)
    del words, table
    pa.default_memory_pool().release_unused()  # the file's pages back: the game's arrays
    return merged  # are numpy's, which cannot reuse Arrow's pool (play -k 7: 158 -> 148 MB)


def of_letters(words: pa.Array, alphabet: Alphabet) -> pa.Array:
    """Return which words are made of the alphabet's letters only."""
    return pc.match_substring_regex(words, f"^[{alphabet.letters}]+$")


def _may_fold_to(spellings: pa.ChunkedArray, k: int, folds: Mapping[str, str]) -> pa.Array:
    """Return which spellings may fold to k letters: those of k, the shorter ones with a
    letter that folds to two, the longer ones with one that folds to none."""
    lengths = pc.utf8_length(spellings)
    keep = pc.equal(lengths, k)
    grow = "".join(ch for ch, to in folds.items() if len(to) > 1)
    shrink = "".join(ch for ch, to in folds.items() if not to)
    if grow:
        longer = pc.match_substring_regex(spellings, f"[{grow}]")
        keep = pc.or_(keep, pc.and_(pc.less(lengths, k), longer))
    if shrink:
        shorter = pc.match_substring_regex(spellings, f"[{shrink}]")
        keep = pc.or_(keep, pc.and_(pc.greater(lengths, k), shorter))
    return keep


def _merged(
    language: Language, rule: str | None, k: int, words: pa.Array, table: pa.Table
) -> WordList:
    """Return the words sorted by their letters, spellings that fold alike made one: the
    most frequent spelling, the highest frequency, the lowest level."""
    alphabet = language.alphabet(rule)
    zipf = table["zipf"].to_numpy().astype(np.float32)
    levels = levels_of(zipf, table["sources"].to_numpy())
    codes = alphabet.encode_array(words, k)
    keys = np.ascontiguousarray(codes).view(np.dtype((np.void, k))).ravel()
    by_zipf = np.argsort(-zipf, kind="stable")  # each word's most frequent spelling first
    order = by_zipf[np.argsort(keys[by_zipf], kind="stable")]
    keys = keys[order]
    new = np.ones(len(keys), bool)
    new[1:] = keys[1:] != keys[:-1]
    starts = np.flatnonzero(new)
    first = pa.array(order[starts])
    return WordList(
        words.take(first).cast(pa.large_string()),
        pa.array(np.minimum.reduceat(levels[order], starts), pa.uint8()),
        k,
        f"bundled {language.code}",
        freqs=pa.array(zipf[order][starts], pa.float32()),
        alphabet=alphabet,
        spellings=table["word"].combine_chunks().take(first).cast(pa.large_string()),
    )


def seen_words(words: WordList) -> WordList:
    """Return the words wordfreq has seen: a language's possible answers. The dictionaries'
    other forms (a verb's every person and tense) stay guesses; a game whose answer is one
    of them is played on from every known word, as one past the answers (GameState.widen)."""
    return words.select(words.zipf_array() > 0)


def opener_pool(words: WordList) -> np.ndarray:
    """Return which words may be a stored opener: the OPENER_POOL most frequent of those a
    dictionary lists (ties by the words' order)."""
    zipf = words.zipf_array()
    listed = np.flatnonzero(words.level_array() < NOT_IN_SCOWL)
    best = listed[np.argsort(-zipf[listed], kind="stable")[:OPENER_POOL]]
    pool = np.zeros(len(words), bool)
    pool[best] = True
    return pool


def levels_of(zipf: np.ndarray, sources: np.ndarray) -> np.ndarray:
    """Return each word's level: its Zipf band's (ZIPF_BANDS), NOT_IN_SCOWL if only
    wordfreq knows it."""
    levels = BAND_LEVELS[np.searchsorted(ZIPF_BANDS, zipf, side="right")]
    return np.where(sources == WORDFREQ_ONLY, NOT_IN_SCOWL, levels).astype(np.uint8)


def language_counts(language: Language, rule: str | None = None) -> dict[int, int]:
    """Return the number of game words of each length (4 to 11) under rule."""
    alphabet = language.alphabet(rule)
    words = pc.unique(folded(language, rule, _table(language.code)["word"].combine_chunks()))
    words = words.filter(of_letters(words, alphabet))
    counts = pc.value_counts(pc.utf8_length(words)).to_pylist()
    return {
        c["values"]: c["counts"]
        for c in sorted(counts, key=lambda c: c["values"])
        if MIN_GAME_LENGTH <= c["values"] <= MAX_GAME_LENGTH
    }
