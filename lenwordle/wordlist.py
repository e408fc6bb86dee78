"""Find, read, validate and normalize word lists: the bundled lists or a user's file.

A WordList holds same-length words as Arrow arrays (the word, its SCOWL commonness level
and its Zipf frequency) and their (n x k) uint8 letter matrix.
"""

import codecs
import re
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.csv as pa_csv

from lenwordle.encoding import MAX_LENGTH, encode

COMMON_LEVEL = 60  # `--guesses common`: SCOWL levels up to 60, 99.6% accepted by NYT (README)
NOT_IN_SCOWL = 100  # the level of a bundled word that only wordfreq knows
MIN_LENGTH = 2  # a one-letter game is guessing the alphabet: nothing to solve
# A word of a user's file that the bundled lists do not know counts as a common word:
USER_LEVEL = 35
USER_ZIPF = 3.0
LETTERS = re.compile(r"[a-z]+")


class WordListError(ValueError):
    """A word list that cannot be used; the message is one line for the player."""


@dataclass(frozen=True, eq=False)
class WordList:
    """Same-length words with their commonness levels (10 = most common ... 95 = obscure)."""

    words: pa.Array  # large_string, sorted and unique
    levels: pa.Array  # uint8: SCOWL level, NOT_IN_SCOWL if SCOWL lacks the word
    k: int
    source: str = field(default="")
    skipped: tuple[str, ...] = ()  # 'file:line: ...' for each line that was not a word
    freqs: pa.Array | None = None  # float32 Zipf frequency (0: unknown); None: USER_ZIPF each
    order: tuple[str, ...] = ()  # read_words(..., in_file_order=True): each word once, as listed

    def __len__(self) -> int:
        return len(self.words)

    @cached_property
    def codes(self) -> np.ndarray:
        """Return the (n x k) uint8 letter matrix."""
        return encode(self.words, self.k)

    @cached_property
    def strings(self) -> list[str]:
        """Return the words as a Python list (made once)."""
        return self.words.to_pylist()

    @cached_property
    def index(self) -> dict[str, int]:
        """Return {word: row}."""
        return {w: i for i, w in enumerate(self.strings)}

    def __contains__(self, word: str) -> bool:
        return word in self.index

    def level_array(self) -> np.ndarray:
        """Return the levels as a numpy array."""
        return self.levels.to_numpy(zero_copy_only=False)

    def zipf_array(self) -> np.ndarray:
        """Return the Zipf frequencies as a numpy array."""
        if self.freqs is None:
            return np.full(len(self), USER_ZIPF, np.float32)
        return self.freqs.to_numpy(zero_copy_only=False)

    def select(self, mask: np.ndarray) -> "WordList":
        """Return the words where mask is true."""
        keep = pa.array(mask)
        return WordList(self.words.filter(keep), self.levels.filter(keep), self.k, self.source,
                        freqs=pa.array(self.zipf_array()).filter(keep))

    def union(self, other: "WordList") -> "WordList":
        """Return the sorted union of two lists; a word keeps its lowest level, highest frequency."""
        table = pa.table({"word": pa.concat_arrays([self.words, other.words]),
                          "level": pa.concat_arrays([self.levels, other.levels]),
                          "zipf": pa.array(np.concatenate([self.zipf_array(),
                                                           other.zipf_array()]))})
        return _dedupe(table, self.k, self.source)

    def commonness_from(self, known: "WordList") -> "WordList":
        """Return these words with the level and frequency `known` gives them (its words only)."""
        rows = np.array([known.index.get(w, -1) for w in self.strings], np.int64)
        found = rows >= 0
        levels, zipf = self.level_array().copy(), self.zipf_array().copy()
        levels[found] = known.level_array()[rows[found]]
        zipf[found] = known.zipf_array()[rows[found]]
        return WordList(self.words, pa.array(levels, pa.uint8()), self.k, self.source,
                        self.skipped, pa.array(zipf, pa.float32()))


def bundled_dir(name: str) -> Path:
    """Return the bundled data folder `name`: the source checkout's, else the installed wheel's.

    Where neither exists, return the checkout's path (a folder that may be created).
    """
    here = Path(__file__).resolve().parent
    checkout, installed = here.parent / name, here / "_data" / name
    return installed if installed.is_dir() and not checkout.is_dir() else checkout


def wordlist_dir() -> Path:
    """Return the folder of the bundled word lists."""
    folder = bundled_dir("wordlists")
    if not folder.is_dir():
        raise WordListError("the bundled word lists are missing; reinstall lenwordle")
    return folder


def check_length(k: int) -> None:
    """Raise WordListError unless k is a usable word length."""
    if not MIN_LENGTH <= k <= MAX_LENGTH:
        raise WordListError(f"word length must be {MIN_LENGTH} to {MAX_LENGTH}, not {k}")


BUNDLED_COLUMNS = {"word": pa.large_string(), "level": pa.uint8(), "zipf": pa.float32()}


def bundled(k: int, max_level: int = NOT_IN_SCOWL) -> WordList:
    """Return the bundled words of length k up to a SCOWL level (default: every word)."""
    check_length(k)
    path = wordlist_dir() / f"{k:02d}.tsv"
    if not path.is_file():
        raise WordListError(f"no words of length {k} in the bundled dictionary")
    table = pa_csv.read_csv(
        path, pa_csv.ReadOptions(column_names=list(BUNDLED_COLUMNS)),
        pa_csv.ParseOptions(delimiter="\t", quote_char=False),
        pa_csv.ConvertOptions(column_types=BUNDLED_COLUMNS))
    if max_level < NOT_IN_SCOWL:
        levels = table["level"].to_numpy()
        table = table.filter(pa.array(levels <= max_level))
    if table.num_rows == 0:
        raise WordListError(f"no words of length {k} up to level {max_level}")
    source = "bundled" if max_level >= NOT_IN_SCOWL else f"SCOWL levels <= {max_level}"
    return WordList(table["word"].combine_chunks(), table["level"].combine_chunks(), k, source,
                    freqs=table["zipf"].combine_chunks())


def common_mask(words: WordList) -> np.ndarray:
    """Return which words are common enough to suggest by default (SCOWL level <= COMMON_LEVEL)."""
    return words.level_array() <= COMMON_LEVEL


def read_words(path: str | Path, k: int, in_file_order: bool = False) -> WordList:
    """Return the words of length k in a one-word-a-line text file.

    Accepts a BOM, CRLF, spaces, upper case, blank lines and duplicates. A line that is not
    letters a-z only is skipped and noted in .skipped (file and line number); a file with no
    word of length k is a WordListError naming the file. in_file_order keeps, in .order,
    the words in the order the file first lists them (the words themselves are sorted).
    """
    check_length(k)
    path = Path(path)
    text = _read_text(path)
    words, skipped = [], []
    for number, line in enumerate(text.splitlines(), 1):
        word = line.strip().lower()
        if not word:
            continue
        if not LETTERS.fullmatch(word):
            skipped.append(f"{path}:{number}: {line.strip()[:40]!r} is not letters a-z")
            continue
        if len(word) == k:
            words.append(word)
    if not words:
        raise WordListError(f"{path}: no words of length {k}")
    table = pa.table({"word": pa.array(words, pa.large_string()),
                      "level": pa.array(np.full(len(words), USER_LEVEL, np.uint8))})
    found = _dedupe(table, k, str(path), tuple(skipped))
    return replace(found, order=tuple(dict.fromkeys(words))) if in_file_order else found


def _read_text(path: Path) -> str:
    """Return the UTF-8 text of a word file, or raise a one-line WordListError."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise WordListError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise WordListError(f"{path}: is a directory, not a word file") from None
    except OSError as error:
        raise WordListError(f"{path}: cannot read ({error.strerror})") from None
    if not data.strip():
        raise WordListError(f"{path}: the file is empty")
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        raise WordListError(f"{path}: not UTF-8 text (it looks like UTF-16)")
    if b"\0" in data[:4096]:
        raise WordListError(f"{path}: looks binary, not a text file of words")
    try:
        return data.decode("utf-8-sig" if data.startswith(codecs.BOM_UTF8) else "utf-8")
    except UnicodeDecodeError as error:
        raise WordListError(f"{path}: not UTF-8 text (byte {error.start})") from None


def _dedupe(table: pa.Table, k: int, source: str, skipped: tuple[str, ...] = ()) -> WordList:
    """Return a WordList of table's words, sorted, each once with its lowest level."""
    if "zipf" not in table.column_names:
        table = table.append_column("zipf", pa.array(np.full(table.num_rows, USER_ZIPF,
                                                             np.float32)))
    grouped = table.group_by("word").aggregate([("level", "min"), ("zipf", "max")]).sort_by("word")
    return WordList(grouped["word"].combine_chunks(), grouped["level_min"].combine_chunks()
                    .cast(pa.uint8()), k, source, skipped,
                    grouped["zipf_max"].combine_chunks().cast(pa.float32()))
