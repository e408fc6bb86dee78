"""Find, read, validate and normalize word lists: the bundled lists or a user's file.

A WordList holds same-length words as Arrow arrays (the word, its SCOWL commonness level,
its Zipf frequency and its marks, its dictionary spelling) and their (n x k) uint8 letter
matrix.

Over 300 lines: the WordList's lookups by key in any alphabet, its selections and unions,
and the readers of the bundled English lists and of a user's file.
"""

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.csv as pa_csv

from lenwordle.words import wordfile
from lenwordle.words.alphabet import ENGLISH, Alphabet
from lenwordle.words.files import BadFile, EmptyFile
from lenwordle.words.letters import MAX_LENGTH, ascii_matrix, encode

# `--guesses common`: SCOWL levels up to 60, 99.6% accepted by NYT (docs/word-lists.md)
COMMON_LEVEL = 60
NOT_IN_SCOWL = 100  # the level of a bundled word that only wordfreq knows
# A word's marks, a bit field of the bundled lists (wordlists/build_wordlists.py): signals of
# the prior (words/prior.py) besides level and frequency
NAME = 1  # the dictionaries write it capitalized only: a possible answer, never suggested
DERIVED = 2  # a form hunspell makes from a stem by an affix rule (a plural, a past)
GUESSED_LEVEL = 4  # the level is guessed from the frequency (a language without SCOWL)
# a word no dictionary lists that wordfreq has seen often enough in the language and no
# judge took for a word of it (a first name, a brand, a loan, a colloquial word): a possible
# answer at a name's weight, never suggested (wordlists/language_build/classing.py)
OUTSIDE = 8
UNSUGGESTED = NAME | OUTSIDE  # the marks of a word never suggested: a possible answer only
MIN_LENGTH = 2  # a one-letter game is guessing the alphabet: nothing to solve
# A word of a user's file that the bundled lists do not know counts as a common word:
USER_LEVEL = 35
USER_ZIPF = 3.0
LETTERS = re.compile(r"[a-z]+")


class WordListError(ValueError):
    """A word list that cannot be used; the message is one line for the player."""


class NoWords(WordListError):
    """A word file with no word of the asked length and no line that is not a word (empty,
    or words of other lengths only): nothing to read, nothing wrong with it."""


@dataclass(frozen=True, eq=False)
class WordList:
    """Same-length words with their commonness levels (10 = most common ... 95 = obscure)."""

    words: pa.Array  # large_string, sorted and unique
    levels: pa.Array  # uint8: SCOWL level, NOT_IN_SCOWL if SCOWL lacks the word
    k: int
    source: str = field(default="")
    skipped: tuple[str, ...] = ()  # 'file:line: ...' for the first lines that were not words
    freqs: pa.Array | None = None  # float32 Zipf frequency (0: unknown); None: USER_ZIPF each
    skipped_count: int = 0  # how many lines of the file were not words (skipped shows a few)
    order: tuple[str, ...] = ()  # read_words(..., in_file_order=True): each word once, as listed
    alphabet: Alphabet = ENGLISH  # the game's letters; words are sorted by their letter codes
    spellings: pa.Array | None = None  # each word as the dictionary spells it (None: as is)
    marks: pa.Array | None = None  # uint8 NAME | DERIVED | GUESSED_LEVEL | OUTSIDE (None: none)

    def __len__(self) -> int:
        return len(self.words)

    @cached_property
    def codes(self) -> npt.NDArray[np.uint8]:
        """Return the (n x k) uint8 letter matrix."""
        if self.alphabet.is_ascii_az:
            return encode(self.words, self.k)
        return self.alphabet.encode_array(self.words, self.k)

    @cached_property
    def strings(self) -> list[str]:
        """Return the words as a Python list (made once; words_at spares it for a few rows)."""
        strings: list[str] = self.words.to_pylist()
        return strings

    @cached_property
    def keys(self) -> npt.NDArray[np.void]:
        """Return the words as sorted fixed-width byte keys (a view of the Arrow data; of the
        letter codes for an alphabet other than a-z)."""
        letters = ascii_matrix(self.words, self.k) if self.alphabet.is_ascii_az else self.codes
        return np.ascontiguousarray(letters).view(np.dtype((np.void, self.k))).ravel()

    def key_of(self, word: str) -> npt.NDArray[np.void] | None:
        """Return word's key, or None if it is not k letters of the alphabet."""
        if len(word) != self.k or not self.alphabet.is_word(word):
            return None
        if self.alphabet.is_ascii_az:
            return np.frombuffer(word.encode(), self.keys.dtype)
        return self.alphabet.encode([word], self.k).view(self.keys.dtype).ravel()

    @property
    def index(self) -> Mapping[str, int]:
        """Return {word: row}, looked up by binary search (no dictionary of every word)."""
        return _Rows(self)

    def row(self, word: str) -> int | None:
        """Return word's row, or None if it is not in the list."""
        key = self.key_of(word)
        if key is None:
            return None
        row = int(_search(self.keys, key)[0])
        return row if row >= 0 else None

    def rows_of(self, other: "WordList") -> npt.NDArray[np.int64]:
        """Return the row of each of other's words (same length) here, -1 where it is missing."""
        return _search(self.keys, other.keys)

    def mask_of(self, words: Iterable[str]) -> npt.NDArray[np.bool_]:
        """Return which rows hold one of these words (words not in the list are ignored)."""
        mask = np.zeros(len(self), bool)
        rows = [row for row in map(self.row, words) if row is not None]
        mask[rows] = True
        return mask

    def words_at(self, rows: Iterable[int]) -> list[str]:
        """Return the words of these rows (without making the list of every word)."""
        rows = np.asarray(rows, np.int64)
        if not self.alphabet.is_ascii_az:
            return self.alphabet.decode(self.codes[rows])
        keys = self.keys[rows].view(f"S{self.k}")
        return [key.decode("ascii") for key in keys.tolist()]

    def display(self, word: str) -> str:
        """Return word in capitals as the player reads it: its dictionary spelling where that
        has as many letters (ACCIÓN, AÇÃO; STRASSE, which folds ß to two, as the game has it)."""
        spelled = self.spelling(word)
        return self.alphabet.upper(spelled if len(spelled) == len(word) else word)

    def spelling(self, word: str) -> str:
        """Return word as the dictionary spells it (itself when no spelling is known)."""
        row = self.row(word) if self.spellings is not None else None
        return word if row is None or self.spellings is None else str(self.spellings[row])

    def __contains__(self, word: str) -> bool:
        return self.row(word) is not None

    def level_array(self) -> npt.NDArray[np.uint8]:
        """Return the levels as a numpy array."""
        levels: npt.NDArray[np.uint8] = self.levels.to_numpy(zero_copy_only=False)
        return levels

    def zipf_array(self) -> npt.NDArray[np.float32]:
        """Return the Zipf frequencies as a numpy array."""
        if self.freqs is None:
            return np.full(len(self), USER_ZIPF, np.float32)
        zipf: npt.NDArray[np.float32] = self.freqs.to_numpy(zero_copy_only=False)
        return zipf

    def mark_array(self) -> npt.NDArray[np.uint8]:
        """Return the marks as a numpy array (zeros when the list has none)."""
        if self.marks is None:
            return np.zeros(len(self), np.uint8)
        marks: npt.NDArray[np.uint8] = self.marks.to_numpy(zero_copy_only=False)
        return marks

    def select(self, mask: npt.NDArray[np.bool_]) -> "WordList":
        """Return the words where mask is true."""
        keep = pa.array(mask)
        return WordList(
            self.words.filter(keep),
            self.levels.filter(keep),
            self.k,
            self.source,
            freqs=pa.array(self.zipf_array()).filter(keep),
            alphabet=self.alphabet,
            spellings=None if self.spellings is None else self.spellings.filter(keep),
            marks=None if self.marks is None else self.marks.filter(keep),
        )

    def union(self, other: "WordList") -> "WordList":
        """Return the sorted union of two lists; a word keeps its lowest level, its highest
        frequency, NAME and DERIVED where both lists give them (a word of a user's list has
        none) and GUESSED_LEVEL where either does."""
        keys = np.concatenate([self.keys, other.keys])
        order = np.argsort(keys, kind="stable")
        keys = keys[order]
        new = np.ones(len(keys), bool)
        new[1:] = keys[1:] != keys[:-1]
        starts = np.flatnonzero(new)
        levels = np.concatenate([self.level_array(), other.level_array()])[order]
        zipf = np.concatenate([self.zipf_array(), other.zipf_array()])[order]
        marks = np.concatenate([self.mark_array(), other.mark_array()])[order]
        first = pa.array(order[starts])
        return WordList(
            pa.concat_arrays([self.words, other.words.cast(self.words.type)]).take(first),
            pa.array(np.minimum.reduceat(levels, starts), pa.uint8()),
            self.k,
            self.source,
            freqs=pa.array(np.maximum.reduceat(zipf, starts), pa.float32()),
            alphabet=self.alphabet,
            spellings=self._spellings_with(other, first),
            marks=_marks_or_none(
                (
                    np.bitwise_and.reduceat(marks, starts) & (NAME | DERIVED)
                    | np.bitwise_or.reduceat(marks, starts) & GUESSED_LEVEL
                ).astype(np.uint8)
            ),
        )

    def _spellings_with(self, other: "WordList", rows: pa.Array) -> pa.Array | None:
        """Return the spellings of these rows of the two lists one after the other."""
        if self.spellings is None and other.spellings is None:
            return None
        mine = self.words if self.spellings is None else self.spellings
        theirs = other.words if other.spellings is None else other.spellings
        return pa.concat_arrays([mine, theirs.cast(mine.type)]).take(rows)

    def commonness_from(self, known: "WordList") -> "WordList":
        """Return these words with the level, frequency and marks `known` gives them (its
        words only)."""
        rows = known.rows_of(self)
        found = rows >= 0
        levels, zipf = self.level_array().copy(), self.zipf_array().copy()
        marks = self.mark_array().copy()
        levels[found] = known.level_array()[rows[found]]
        zipf[found] = known.zipf_array()[rows[found]]
        marks[found] = known.mark_array()[rows[found]]
        return WordList(
            self.words,
            pa.array(levels, pa.uint8()),
            self.k,
            self.source,
            self.skipped,
            pa.array(zipf, pa.float32()),
            self.skipped_count,
            alphabet=self.alphabet,
            spellings=self.spellings,
            marks=_marks_or_none(marks),
        )

    def spelled_from(self, known: "WordList") -> "WordList":
        """Return these words with the dictionary spellings `known` gives them (its words;
        the others are spelled as they are): a file's arbol is shown as ÁRBOL."""
        if known.spellings is None or not len(known):
            return self
        rows = known.rows_of(self)
        found = rows >= 0
        theirs = known.spellings.cast(pa.large_string()).take(pa.array(np.maximum(rows, 0)))
        spellings = pc.if_else(pa.array(found), theirs, self.words.cast(pa.large_string()))
        return replace(self, spellings=spellings)


class _Rows(Mapping[str, int]):
    """{word: row} of a WordList, by binary search in its sorted keys."""

    def __init__(self, words: WordList):
        self.words = words

    def __getitem__(self, word: str) -> int:
        row = self.words.row(word)
        if row is None:
            raise KeyError(word)
        return row

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and self.words.row(word) is not None

    def __iter__(self) -> Iterator[str]:
        return iter(self.words.strings)

    def __len__(self) -> int:
        return len(self.words)


def _marks_or_none(marks: npt.NDArray[np.uint8]) -> pa.Array | None:
    """Return marks as an Arrow array, or None when no word is marked."""
    return pa.array(marks, pa.uint8()) if marks.any() else None


def _search(keys: npt.NDArray[np.void], wanted: npt.NDArray[np.void]) -> npt.NDArray[np.int64]:
    """Return the index of each wanted key in the sorted keys, -1 where it is missing."""
    if len(keys) == 0:
        return np.full(len(wanted), -1, np.int64)
    at = np.minimum(np.searchsorted(keys, wanted), len(keys) - 1)
    return np.where(keys[at] == wanted, at, -1)


def from_letters(
    letters: npt.NDArray[np.uint8],
    levels: npt.NDArray[np.uint8],
    zipf: npt.NDArray[np.float32],
    source: str = "",
    skipped: tuple[str, ...] = (),
    skipped_count: int = 0,
) -> WordList:
    """Return the WordList of an (n x k) ASCII matrix of sorted, distinct words (no copy)."""
    n, k = letters.shape
    offsets = pa.py_buffer(np.arange(0, (n + 1) * k, k, dtype=np.int64))
    data = pa.py_buffer(np.ascontiguousarray(letters).ravel())
    words = pa.Array.from_buffers(pa.large_string(), n, [None, offsets, data])
    return WordList(
        words,
        pa.array(levels, pa.uint8()),
        k,
        source,
        skipped,
        pa.array(zipf, pa.float32()),
        skipped_count,
    )


def bundled_dir(name: str) -> Path:
    """Return the bundled data folder `name`: the source checkout's, else the installed wheel's.

    Where neither exists, return the checkout's path (a folder that may be created).
    """
    package = Path(__file__).resolve().parent.parent  # lenwordle/
    checkout, installed = package.parent / name, package / "_data" / name
    return installed if installed.is_dir() and not checkout.is_dir() else checkout


def wordlist_dir() -> Path:
    """Return the folder of the bundled word lists."""
    folder = bundled_dir("wordlists")
    if not folder.is_dir():
        raise WordListError("the bundled word lists are missing; reinstall lenwordle")
    return folder


def bundled_lengths() -> list[int]:
    """Return the lengths the bundled lists have words of (that lenwordle plays), sorted;
    WordListError if there is none."""
    lengths = [int(p.stem) for p in wordlist_dir().glob("[0-9][0-9].tsv")]
    usable = sorted(k for k in lengths if MIN_LENGTH <= k <= MAX_LENGTH)
    if not usable:
        raise WordListError("the bundled word lists are missing; reinstall lenwordle")
    return usable


def check_length(k: int) -> None:
    """Raise WordListError unless k is a usable word length."""
    if not MIN_LENGTH <= k <= MAX_LENGTH:
        raise WordListError(f"word length must be {MIN_LENGTH} to {MAX_LENGTH}, not {k}")


BUNDLED_COLUMNS = {
    "word": pa.large_string(),
    "level": pa.uint8(),
    "zipf": pa.float32(),
    "marks": pa.uint8(),
}


def bundled(k: int, max_level: int = NOT_IN_SCOWL) -> WordList:
    """Return the bundled words of length k up to a SCOWL level (default: every word)."""
    check_length(k)
    path = wordlist_dir() / f"{k:02d}.tsv"
    if not path.is_file():
        raise WordListError(f"no words of length {k} in the bundled dictionary")
    table = pa_csv.read_csv(
        path,
        pa_csv.ReadOptions(column_names=list(BUNDLED_COLUMNS)),
        pa_csv.ParseOptions(delimiter="\t", quote_char=False),
        pa_csv.ConvertOptions(column_types=BUNDLED_COLUMNS),
    )
    if max_level < NOT_IN_SCOWL:
        levels = table["level"].to_numpy()
        names = table["marks"].to_numpy() & NAME != 0
        table = table.filter(pa.array((levels <= max_level) & ~names))
    if table.num_rows == 0:
        raise WordListError(f"no words of length {k} up to level {max_level}")
    source = "bundled" if max_level >= NOT_IN_SCOWL else f"SCOWL levels <= {max_level}"
    return WordList(
        table["word"].combine_chunks(),
        table["level"].combine_chunks(),
        k,
        source,
        freqs=table["zipf"].combine_chunks(),
        marks=table["marks"].combine_chunks(),
    )


def bundled_count(k: int) -> int:
    """Return how many bundled words of length k there are (len(bundled(k))), from the lines
    of its file, not parsed (`lenwordle languages`: 0.25 s and 60 MB less)."""
    check_length(k)
    path = wordlist_dir() / f"{k:02d}.tsv"
    if not path.is_file():
        raise WordListError(f"no words of length {k} in the bundled dictionary")
    with path.open("rb") as file:
        return sum(1 for line in file if line.strip())


def not_names(words: WordList) -> npt.NDArray[np.bool_]:
    """Return which words are neither names nor OUTSIDE (`--guesses all`: every word may be
    suggested but those, which the games refuse)."""
    plain: npt.NDArray[np.bool_] = words.mark_array() & UNSUGGESTED == 0
    return plain


# SCOWL's size of the large dictionaries (Debian's wamerican-huge and wbritish-huge hold its
# words but for accents and some regional spellings: tests/test_probe_words.py)
LARGE_LEVEL = 80


def in_large_dictionary(words: WordList) -> npt.NDArray[np.bool_]:
    """Return which words a large dictionary of their language has: in English, SCOWL's
    levels up to LARGE_LEVEL; in another (GUESSED_LEVEL), a word its Debian list or hunspell
    lists (not one only wordfreq knows)."""
    levels, marks = words.level_array(), words.mark_array()
    guessed = marks & GUESSED_LEVEL != 0
    large: npt.NDArray[np.bool_] = np.where(guessed, levels < NOT_IN_SCOWL, levels <= LARGE_LEVEL)
    return large


def listed_base_forms(words: WordList) -> npt.NDArray[np.bool_]:
    """Return which words are base forms a dictionary lists: not only wordfreq's, not
    DERIVED, not a name nor OUTSIDE."""
    listed: npt.NDArray[np.bool_] = (words.level_array() < NOT_IN_SCOWL) & (
        words.mark_array() & (DERIVED | UNSUGGESTED) == 0
    )
    return listed


def common_mask(words: WordList) -> npt.NDArray[np.bool_]:
    """Return which words are common enough to suggest by default: SCOWL level <=
    COMMON_LEVEL, not a name, and in another language (GUESSED_LEVEL) not a derived form:
    its games often refuse inflected forms (140 refusals in one Polish game), never a
    dictionary's base form."""
    marks = words.mark_array()
    derived_elsewhere = (marks & GUESSED_LEVEL != 0) & (marks & DERIVED != 0)
    common: npt.NDArray[np.bool_] = (
        (words.level_array() <= COMMON_LEVEL) & not_names(words) & ~derived_elsewhere
    )
    return common


def read_words(
    path: str | Path,
    k: int,
    in_file_order: bool = False,
    alphabet: Alphabet = ENGLISH,
    name: str = "",
) -> WordList:
    """Return the words of length k in a one-word-a-line text file, read in bounded memory.

    Accepts a BOM, CRLF, spaces, upper case, blank lines and duplicates. For English, a line
    that is not letters A-Z or a-z only is skipped; for another alphabet (named `name` in the
    notes: "Spanish"), a line is lowered and folded by its rules and skipped if it has a
    character that is not a letter of the game (words/wordfile.py). A skipped line is
    counted in .skipped_count, and the first few noted in .skipped (file and line number). A
    file that is not a regular file, too large, not UTF-8, holds too many words or no word
    of length k is a WordListError naming the file. in_file_order keeps, in .order, the
    words in the order the file first lists them (the words themselves are sorted).
    """
    check_length(k)
    try:
        found = wordfile.scan(path, k, alphabet, name)
    except EmptyFile as error:
        raise NoWords(str(error)) from None
    except BadFile as error:
        raise WordListError(str(error)) from None
    n = len(found.words)
    if n == 0 and found.skipped:
        note = found.notes[0]
        raise WordListError(
            f"{path}: no words of length {k}; {found.skipped} lines skipped, e.g. {note}"
        )
    if n == 0:
        raise NoWords(f"{path}: no words of length {k}")
    levels, zipf = np.full(n, USER_LEVEL, np.uint8), np.full(n, USER_ZIPF, np.float32)
    if alphabet.reads_bytes:
        words = from_letters(found.words, levels, zipf, str(path), found.notes, found.skipped)
    else:
        words = WordList(
            pa.array(alphabet.decode(found.words), pa.large_string()),
            pa.array(levels, pa.uint8()),
            k,
            str(path),
            found.notes,
            pa.array(zipf, pa.float32()),
            found.skipped,
            alphabet=alphabet,
        )
    return replace(words, order=tuple(words.words_at(found.order))) if in_file_order else words
