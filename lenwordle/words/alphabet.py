"""A game's alphabet: its letters in order (at most 64), how the dictionary's spellings fold
to them, and case in the language's own rules (Turkish I/ı, İ/i).

A word of the game is a string of the alphabet's letters. A dictionary spelling (acción,
straße, ёлка) becomes one by its folding rule: each letter the rule folds is replaced by
what it folds to (one letter, or two: ß -> ss, œ -> oe, æ -> ae), every other letter stays.
What a player types is folded the same way, so a word may be typed with or without accents.
"""

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np
import pyarrow as pa

ENCODE_CHUNK = 1 << 15  # words decoded at a time: bounds the work arrays (about 10 MB)
AZ = "abcdefghijklmnopqrstuvwxyz"  # English's letters, and every folded Latin alphabet's
MAX_LETTERS = 64  # letter indices fit a uint8 with room; the estimate's tables grow with it


@dataclass(frozen=True)
class Alphabet:
    """The letters of a game (alphabetical order), and what other letters fold to."""

    letters: str
    folds: Mapping[str, str] = field(default_factory=dict)  # letter -> game letters, or ''
    # (a character the game leaves out: Catalan's middle dot, l·l -> ll)
    dotted_i: bool = False  # Turkish and Azeri case: I lowers to ı, İ to i (and back)

    def __post_init__(self) -> None:
        if not 0 < len(self.letters) <= MAX_LETTERS:
            raise ValueError(
                f"an alphabet has 1 to {MAX_LETTERS} letters, not {len(self.letters)}"
            )
        if len(set(self.letters)) != len(self.letters):
            raise ValueError(f"letters repeated in the alphabet {self.letters!r}")
        for source, target in self.folds.items():
            if source in self.letters or set(target) - set(self.letters):
                raise ValueError(f"{source!r} cannot fold to {target!r} in {self.letters!r}")

    @property
    def size(self) -> int:
        """Return the number of letters."""
        return len(self.letters)

    @cached_property
    def is_ascii_az(self) -> bool:
        """Return whether the letters are exactly a-z (English: the fast byte path)."""
        return self.letters == AZ

    def typed_plainly(self, typed: str) -> bool:
        """Return whether typed is the game's letters as typed: where nothing folds to the
        letters a-z (English), letters A-Z or a-z themselves, not the Kelvin sign that
        lowers to k."""
        return not self.reads_bytes or (typed.isascii() and typed.isalpha())

    @cached_property
    def reads_bytes(self) -> bool:
        """Return whether text is read as bytes a-z: the letters are a-z and nothing folds to
        them (English; not Portuguese, whose a-z take folded accents: ação is acao)."""
        return self.is_ascii_az and not self.folds and not self.dotted_i

    def lower(self, text: str) -> str:
        """Return text in lower case by the language's rules, in Unicode NFC."""
        if self.dotted_i:
            text = text.replace("I", "ı").replace("İ", "i")
        return unicodedata.normalize("NFC", unicodedata.normalize("NFC", text).lower())

    def upper(self, text: str) -> str:
        """Return text in capitals by the language's rules (ß stays ß: one letter)."""
        if self.dotted_i:
            text = text.replace("i", "İ").replace("ı", "I")
        return "".join(ch if ch == "ß" else ch.upper() for ch in text)

    def fold(self, text: str) -> str:
        """Return text lower-cased and folded to the game's letters (other characters kept)."""
        lowered = self.lower(text)
        if not self.folds:
            return lowered
        return "".join(self.folds.get(ch, ch) for ch in lowered)

    def foreign(self, text: str) -> list[str]:
        """Return the characters of text that are not letters of the game, in order, once."""
        return list(dict.fromkeys(ch for ch in text if ch not in self.letters))

    def is_word(self, text: str) -> bool:
        """Return whether text is made of the game's letters only (and is not empty)."""
        return bool(text) and not self.foreign(text)

    @cached_property
    def _lookup(self) -> tuple[np.ndarray, np.ndarray]:
        """Return the letters' code points sorted, and each one's index in the alphabet."""
        points = np.array([ord(ch) for ch in self.letters], np.uint32)
        order = np.argsort(points)
        return points[order], order.astype(np.uint8)

    def encode(self, words: Sequence[str], k: int) -> np.ndarray:
        """Return the (n x k) uint8 matrix of letter indices of words of k game letters."""
        if not len(words):
            return np.zeros((0, k), np.uint8)
        lengths = np.fromiter(map(len, words), np.int64, len(words))
        if (lengths != k).any():
            bad = words[int(np.flatnonzero(lengths != k)[0])]
            raise ValueError(f"{bad!r} is not {k} letters")
        points = np.array(words, dtype=f"<U{k}").view(np.uint32).reshape(len(words), k)
        sorted_points, index = self._lookup
        at = np.minimum(np.searchsorted(sorted_points, points), len(sorted_points) - 1)
        if not (sorted_points[at] == points).all():
            bad = next(w for w in words if not self.is_word(w) or len(w) != k)
            raise ValueError(f"{bad!r} is not {k} letters of {self.letters!r}")
        return index[at]

    def encode_array(self, words: pa.Array, k: int) -> np.ndarray:
        """Return the (n x k) letter indices of an Arrow array of words of k letters, decoded
        from its UTF-8 bytes without a Python string each (letters below U+0800: one or two
        bytes; a longer one is refused), ENCODE_CHUNK words at a time."""
        if len(words) > ENCODE_CHUNK:
            return np.concatenate(
                [
                    self.encode_array(words.slice(start, ENCODE_CHUNK), k)
                    for start in range(0, len(words), ENCODE_CHUNK)
                ]
            )
        words = words.cast(pa.large_string())
        n = len(words)
        if n == 0:
            return np.zeros((0, k), np.uint8)
        _, offsets, data = words.buffers()
        ends = np.frombuffer(offsets, np.int64, count=n + 1, offset=8 * words.offset)
        raw = np.frombuffer(data, np.uint8, count=int(ends[-1] - ends[0]), offset=int(ends[0]))
        starts = np.flatnonzero((raw & 0xC0) != 0x80)  # the first byte of each letter
        # only the total is checked (abcd and ef pass as 3 + 3): callers pass words of k letters
        if len(starts) != n * k or (raw[starts] >= 0xE0).any():
            return self.encode(words.to_pylist(), k)  # (says which word is wrong)
        lead = raw[starts].astype(np.uint32)
        two = lead >= 0xC0
        follow = raw[np.minimum(starts + 1, len(raw) - 1)].astype(np.uint32)
        points = np.where(two, ((lead & 0x1F) << 6) | (follow & 0x3F), lead)
        sorted_points, index = self._lookup
        at = np.minimum(np.searchsorted(sorted_points, points), len(sorted_points) - 1)
        if not (sorted_points[at] == points).all():
            return self.encode(words.to_pylist(), k)
        return index[at].reshape(n, k)

    def decode(self, codes: np.ndarray) -> list[str]:
        """Return the words of a matrix of letter indices."""
        letters = np.array(list(self.letters))
        return ["".join(row) for row in letters[codes]]

    def described(self) -> str:
        """Return the letters as a player reads them: a-z, plus the others."""
        if set(AZ) <= set(self.letters):
            extra = "".join(ch for ch in self.letters if ch not in AZ)
            return "a-z" + (f" and {' '.join(extra)}" if extra else "")
        return " ".join(self.letters)


ENGLISH = Alphabet(AZ)
