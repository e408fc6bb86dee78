"""The bundled word lists of the languages other than English (wordlists/lang/<code>.parquet,
made by wordlists/build_languages.py): a language's words of one game length, folded by its
rule, with their frequency, a commonness level and their dictionary spelling.

The Parquet files hold dictionary spellings (acción, straße), each with its Zipf frequency
and the sources that list it (1 Debian's plain list, 2 hunspell, 4 wordfreq only). A game
word is a spelling folded by the rule (words/languages.py); spellings that fold alike are
one word, shown as its most frequent spelling. Folding, the length and the letters are
worked out by Arrow compute functions over the whole column, not word by word.
"""

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from lenwordle.words.alphabet import Alphabet
from lenwordle.words.files import BadFile, read_capped
from lenwordle.words.languages import Language
from lenwordle.words.wordlist import (
    COMMON_LEVEL,
    DERIVED,
    GUESSED_LEVEL,
    NAME,
    NOT_IN_SCOWL,
    OUTSIDE,
    UNSUGGESTED,
    WordList,
    WordListError,
    bundled,
    listed_base_forms,
    wordlist_dir,
)

MIN_GAME_LENGTH, MAX_GAME_LENGTH = 4, 11  # the lengths the languages' lists are made for
# letters a word's folding adds or takes away, at most (ß -> ss, l·l -> ll), where the rule
# folds a letter to two or to none; spellings this much longer or shorter are read
FOLD_SLACK = 2
COLUMNS = ("word", "zipf", "sources", "marks")  # what a game reads of a language's file
WORDFREQ_ONLY = 4  # the `sources` bit of a word no dictionary lists
# Other languages have no SCOWL levels: a word gets the median SCOWL level of the English
# words (lengths 4-11) of its Zipf band, so the English prior reads it as it would read an
# English word as frequent (measured on the bundled English lists: Zipf below 1 (unseen
# dictionary forms) median 80, 1-1.5: 70, 1.5-2: 60, 2-2.5: 50, 2.5-4: 35, 4-4.5: 20,
# 4.5 and above: 10); words only wordfreq knows count as NOT_IN_SCOWL, as in English.
# A stored opener, and each of the fallbacks stored after it (played in turn while the game
# refuses them), is a common word by this rule on field signals. In a language: one of its
# OPENER_POOL most frequent words of that length, of Zipf at least OPENER_MIN_ZIPF, that a
# dictionary lists in lower case as a base form (not a name, not DERIVED; the frequency read
# from the spellings that carry it, merged_marks): the games refuse rarer forms and names
# (TARNE, SARTI, КОРТА, and MÁRIO, TIRÃO, CORIA in Termo) and often inflected ones. In
# English (SCOWL levels): a word of the default guess pool's levels (COMMON_LEVEL, 60: 99.6 %
# of them accepted by the NYT game) that no dictionary writes capitalized only. (Level 50
# was tried: it left out CARNIES at 7 letters and PORCELAINS at 10 and cost 0.10 and 0.06
# guesses a game on common words there, benchmarks/lengths.py; the NYT accepts both.)
OPENER_POOL = 1000
OPENER_MIN_ZIPF = 2.0
OPENER_LEVEL = COMMON_LEVEL
ZIPF_BANDS = np.array([1.0, 1.5, 2.0, 2.5, 4.0, 4.5])
BAND_LEVELS = np.array([80, 70, 60, 50, 35, 20, 10], np.uint8)


def language_dir() -> Path:
    """Return the folder of the languages' word lists."""
    return wordlist_dir() / "lang"


def _table(code: str, lengths: range, columns: Sequence[str] = COLUMNS) -> pa.Table:
    """Return a language's table (these columns): of the spellings of these lengths, read
    from the row groups that hold them (one a length)."""
    path = language_dir() / f"{code}.parquet"
    if not path.is_file():
        raise WordListError(f"the word list of language {code!r} is missing; reinstall lenwordle")
    file = pq.ParquetFile(path, pre_buffer=False)  # (pre-buffered, a read holds more)
    where = file.schema_arrow.get_field_index("length")
    groups = [
        i
        for i in range(file.num_row_groups)
        if (stats := file.metadata.row_group(i).column(where).statistics) is not None
        and stats.max >= lengths.start
        and stats.min < lengths.stop
    ]
    return file.read_row_groups(groups, columns=list(columns), use_threads=False)


def folded(language: Language, rule: str | None, spellings: pa.Array) -> pa.Array:
    """Return each spelling folded by the rule (lower case already: the files are)."""
    words = spellings
    for letter, to in language.alphabet(rule).folds.items():
        words = pc.replace_substring(words, letter, to)
    return words


def game_words(language: Language, k: int, rule: str | None = None) -> WordList:
    """Return every bundled word of k letters of the language under rule (None: its
    default): a graded language's lists, or its Parquet file's words (language_words)."""
    return bundled(k) if language.graded else language_words(language, k, rule)


def language_words(language: Language, k: int, rule: str | None = None) -> WordList:
    """Return the language's words of k game letters under rule (None: its default)."""
    words, table = _game_spellings(language, k, rule)
    if len(words) == 0:
        raise WordListError(f"no {language.name} words of {k} letters")
    merged = _merged(language, rule, k, words, table)
    del words, table
    pa.default_memory_pool().release_unused()  # the file's pages back: the game's arrays
    return merged  # are numpy's, which cannot reuse Arrow's pool (play -k 7: 158 -> 148 MB)


def _game_spellings(
    language: Language, k: int, rule: str | None, columns: Sequence[str] = COLUMNS
) -> tuple[pa.Array, pa.Table]:
    """Return the spellings that are words of k game letters under rule, folded (spellings
    that fold alike not yet made one), and their rows of the file (these columns): read from
    the row groups of the lengths that may fold to k, not the whole file."""
    alphabet = language.alphabet(rule)
    slack = FOLD_SLACK if any(len(to) != 1 for to in alphabet.folds.values()) else 0
    table = _table(language.code, range(k - slack, k + slack + 1), columns)
    if slack:
        table = table.filter(_may_fold_to(table["word"], k, alphabet.folds))
    words = folded(language, rule, table["word"].combine_chunks())
    keep = pc.and_(pc.equal(pc.utf8_length(words), k), of_letters(words, alphabet))
    return words.filter(keep), table.filter(keep)


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
    most frequent spelling a dictionary lists (any, if none does: a word OUTSIDE them), the
    highest frequency, the lowest level, and merged_marks."""
    alphabet = language.alphabet(rule)
    zipf = table["zipf"].to_numpy().astype(np.float32)
    marks_in = table["marks"].to_numpy()
    levels = levels_of(zipf, table["sources"].to_numpy())
    codes = alphabet.encode_array(words, k)
    keys = np.ascontiguousarray(codes).view(np.dtype((np.void, k))).ravel()
    # each word's spelling shown first: a dictionary's (TÂMIL, not the loan TAMIL), then
    # the most frequent
    by_zipf = np.lexsort((-zipf, marks_in & OUTSIDE != 0))
    order = by_zipf[np.argsort(keys[by_zipf], kind="stable")]
    keys = keys[order]
    new = np.ones(len(keys), bool)
    new[1:] = keys[1:] != keys[:-1]
    starts = np.flatnonzero(new)
    first = pa.array(order[starts])
    marks = merged_marks(marks_in[order], zipf[order] > 0, starts)
    return WordList(
        words.take(first).cast(pa.large_string()),
        pa.array(np.minimum.reduceat(levels[order], starts), pa.uint8()),
        k,
        f"bundled {language.code}",
        freqs=pa.array(np.maximum.reduceat(zipf[order], starts), pa.float32()),
        alphabet=alphabet,
        spellings=table["word"].combine_chunks().take(first).cast(pa.large_string()),
        marks=pa.array(marks.astype(np.uint8), pa.uint8()),
    )


def merged_marks(
    marks: npt.NDArray[np.uint8], seen: npt.NDArray[np.bool_], starts: npt.NDArray[np.intp]
) -> npt.NDArray[np.uint8]:
    """Return the marks of the words made of spellings that fold alike (each word's spellings
    from its start in `starts`), read from the spellings wordfreq has seen when the word has
    any (they carry its frequency: MARIO is the name Mário, whatever the unseen mariô is):
    if none of them is a dictionary's word, NAME if one is a name, else OUTSIDE (and DERIVED
    if all are derived); else DERIVED if none is a plain word (a derived form and a name
    spelled alike are a derived form), else no mark; GUESSED_LEVEL always."""
    any_seen = np.logical_or.reduceat(seen, starts)
    counts = np.diff(np.append(starts, len(marks)))
    read = seen | ~np.repeat(any_seen, counts)  # the spellings the marks are read from

    def every(test: npt.NDArray[np.bool_]) -> npt.NDArray[np.bool_]:
        return np.logical_and.reduceat(test | ~read, starts)

    def some(test: npt.NDArray[np.bool_]) -> npt.NDArray[np.bool_]:
        return np.logical_or.reduceat(test & read, starts)

    unsuggested = every(marks & UNSUGGESTED != 0)
    name = unsuggested & some(marks & NAME != 0)
    outside = unsuggested & ~name
    plain = some(marks & (UNSUGGESTED | DERIVED) == 0)
    derived = np.where(unsuggested, every(marks & DERIVED != 0), ~plain)
    merged: npt.NDArray[np.uint8] = (
        name * NAME | outside * OUTSIDE | derived * DERIVED | GUESSED_LEVEL
    ).astype(np.uint8)
    return merged


def seen_words(words: WordList) -> WordList:
    """Return the words wordfreq has seen: a language's possible answers. The dictionaries'
    other forms (a verb's every person and tense) stay guesses; a game whose answer is one
    of them is played on from every known word, as one past the answers (GameState.widen)."""
    return words.select(words.zipf_array() > 0)


def opener_pool(words: WordList) -> npt.NDArray[np.bool_]:
    """Return which words may be stored as an opener or a fallback: by the rule above, a
    language's (its levels guessed) or English's (SCOWL levels); ties of frequency by the
    words' order."""
    levels, marks = words.level_array(), words.mark_array()
    if len(words) and (marks & GUESSED_LEVEL == 0).any():  # SCOWL's levels: English
        common: npt.NDArray[np.bool_] = (levels <= OPENER_LEVEL) & (marks & UNSUGGESTED == 0)
        return common
    zipf = words.zipf_array()  # (a base form: the games refuse rarer ones)
    listed = np.flatnonzero(listed_base_forms(words) & (zipf >= OPENER_MIN_ZIPF))
    best = listed[np.argsort(-zipf[listed], kind="stable")[:OPENER_POOL]]
    pool = np.zeros(len(words), bool)
    pool[best] = True
    return pool


def levels_of(zipf: np.ndarray, sources: np.ndarray) -> np.ndarray:
    """Return each word's level: its Zipf band's (ZIPF_BANDS), NOT_IN_SCOWL if only
    wordfreq knows it."""
    levels = BAND_LEVELS[np.searchsorted(ZIPF_BANDS, zipf, side="right")]
    return np.where(sources == WORDFREQ_ONLY, NOT_IN_SCOWL, levels).astype(np.uint8)


COUNTS_FILE = "counts.json"  # in language_dir(): each language's words per length by rule
COUNTS_MAX_BYTES = 1 << 20


def language_counts(language: Language, rule: str | None = None) -> dict[int, int]:
    """Return the number of game words of each length (4 to 11) under rule, those with any:
    each length's as language_words makes them (spellings that fold alike are one).

    Read from counts.json (wordlists/count_languages.py writes it from the Parquet files)
    when it holds them for this very file (its SHA-256) and this rule (its letters and
    folds): `lenwordle languages` reads no word. Else, or if it is missing or corrupt,
    counted_exactly."""
    alphabet = language.alphabet(rule)
    stored = _stored_counts(language.code, alphabet)
    return stored if stored is not None else counted_exactly(language, rule)


def counted_exactly(language: Language, rule: str | None = None) -> dict[int, int]:
    """Return what language_counts returns, each length's words made and hashed as
    language_words makes them, one length at a time (seconds for all the languages)."""
    counts = {}
    for k in range(MIN_GAME_LENGTH, MAX_GAME_LENGTH + 1):
        words, _ = _game_spellings(language, k, rule, ["word"])
        count = pc.count_distinct(words).as_py()
        if count:
            counts[k] = count
    pa.default_memory_pool().release_unused()
    return counts


def file_fingerprint(code: str) -> str:
    """Return the SHA-256 of a language's Parquet file (hex)."""
    digest = hashlib.sha256()
    with (language_dir() / f"{code}.parquet").open("rb") as file:
        while chunk := file.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def rule_fingerprint(alphabet: Alphabet) -> str:
    """Return what a count depends on besides the file: the letters and the folds."""
    text = json.dumps([alphabet.letters, sorted(alphabet.folds.items())], ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _stored_counts(code: str, alphabet: Alphabet) -> dict[int, int] | None:
    """Return the counts counts.json holds for this file and rule; None if it holds none
    (missing, corrupt, made from another file or for other letters)."""
    try:
        record = json.loads(read_capped(language_dir() / COUNTS_FILE, COUNTS_MAX_BYTES))
        entry = record["languages"][code]
        if entry["file"] != file_fingerprint(code):
            return None
        counts = entry["rules"][rule_fingerprint(alphabet)]["counts"]
        stored = {int(k): n for k, n in counts.items()}
    except (BadFile, OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    lengths = range(MIN_GAME_LENGTH, MAX_GAME_LENGTH + 1)
    if all(k in lengths and type(n) is int and n > 0 for k, n in stored.items()):
        return dict(sorted(stored.items()))
    return None


def counts_record(languages: Iterable[Language]) -> dict[str, Any]:
    """Return the record of counts.json: for each language, its file's fingerprint and, for
    each accent rule, counted_exactly's counts under its fingerprint."""
    record: dict[str, Any] = {"format": 1, "languages": {}}
    for language in languages:
        rules: dict[str, dict[str, Any]] = {}
        for rule in language.rules():
            if rule_fingerprint(language.alphabet(rule)) in rules:
                continue  # (no accents: both rules are the same letters)
            counts = counted_exactly(language, rule)
            rules[rule_fingerprint(language.alphabet(rule))] = {
                "rule": rule,
                "counts": {str(k): n for k, n in counts.items()},
            }
        record["languages"][language.code] = {
            "file": file_fingerprint(language.code),
            "rules": rules,
        }
    return record
