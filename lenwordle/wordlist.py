"""Find, read, validate and normalize word lists: the bundled SCOWL lists or a user's file.

A WordList holds same-length words as Arrow arrays (the word and its commonness level)
and their (n x k) uint8 letter matrix.
"""

import codecs
import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

import numpy as np
import pyarrow as pa

from lenwordle.encoding import MAX_LENGTH, encode

DEFAULT_MAX_LEVEL = 60  # SCOWL levels up to 60: 98.3% of the NYT answer list (README)
MIN_LENGTH = 2  # a one-letter game is guessing the alphabet: nothing to solve
USER_LEVEL = 35  # level given to words from a user's file: every word counts as common
LETTERS = re.compile(r"[a-z]+")


class WordListError(ValueError):
    """A word list that cannot be used; the message is one line for the player."""


@dataclass(frozen=True, eq=False)
class WordList:
    """Same-length words with their commonness levels (10 = most common ... 95 = obscure)."""

    words: pa.Array  # large_string, sorted and unique
    levels: pa.Array  # uint8
    k: int
    source: str = field(default="")
    skipped: tuple[str, ...] = ()  # 'file:line: ...' for each line that was not a word

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

    def select(self, mask: np.ndarray) -> "WordList":
        """Return the words where mask is true."""
        keep = pa.array(mask)
        return WordList(self.words.filter(keep), self.levels.filter(keep), self.k, self.source)

    def union(self, other: "WordList") -> "WordList":
        """Return the sorted union of two lists; a word keeps its lowest level."""
        table = pa.table({"word": pa.concat_arrays([self.words, other.words]),
                          "level": pa.concat_arrays([self.levels, other.levels])})
        return _dedupe(table, self.k, self.source)


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


def bundled(k: int, max_level: int = DEFAULT_MAX_LEVEL) -> WordList:
    """Return the bundled SCOWL words of length k up to a commonness level."""
    check_length(k)
    path = wordlist_dir() / f"{k:02d}.tsv"
    if not path.is_file():
        raise WordListError(f"no words of length {k} in the bundled dictionary")
    words, levels = [], []
    for line in path.read_text("utf-8").splitlines():
        word, level = line.split("\t")
        if int(level) <= max_level:
            words.append(word)
            levels.append(int(level))
    if not words:
        raise WordListError(f"no words of length {k} up to level {max_level}")
    return WordList(pa.array(words, pa.large_string()), pa.array(levels, pa.uint8()), k,
                    f"SCOWL levels <= {max_level}")


def read_words(path: str | Path, k: int) -> WordList:
    """Return the words of length k in a one-word-a-line text file.

    Accepts a BOM, CRLF, spaces, upper case, blank lines and duplicates. A line that is not
    letters a-z only is skipped and noted in .skipped (file and line number); a file with no
    word of length k is a WordListError naming the file.
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
    return _dedupe(table, k, str(path), tuple(skipped))


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
    grouped = table.group_by("word").aggregate([("level", "min")]).sort_by("word")
    return WordList(grouped["word"].combine_chunks(), grouped["level_min"].combine_chunks()
                    .cast(pa.uint8()), k, source, skipped)
