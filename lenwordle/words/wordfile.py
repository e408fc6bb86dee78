"""Read a word file of the user's in bounded memory: bytes in chunks, straight to a letter matrix.

A line ends at a newline byte only (a carriage return before it is dropped, so CRLF is
fine). English (letters a-z) is read byte by byte: ASCII spaces and tabs around the word are
dropped, a line of letters A-Z and a-z is a word, lowered; any other line (digits,
punctuation, accents, other scripts, Unicode spaces or line separators such as U+2028 or
U+0085) is skipped and counted, and the first NOTES of them are described. No Unicode
folding is done: the Kelvin sign is not a K.

Another alphabet (a language's, by its accent rule) is read a chunk of lines at a time as
Arrow strings: each line made plain as typed text is (words/typed.py: invisible characters
removed, other spaces a space, NFC), trimmed, lowered by the language's rules (Turkish I is
ı, İ is i), folded by the rule (árbol is arbol where accents fold); a line of k game letters
is a word, a line of the game's letters of another length is passed over (as in English),
and a line with any other character is skipped, counted and the first NOTES described
("has letters not in Spanish: ß").
The limits below are in docs/word-lists.md ("Word files of your own").
"""

import codecs
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import numpy as np
import numpy.typing as npt
import pyarrow as pa
import pyarrow.compute as pc

from lenwordle.words.alphabet import ENGLISH, Alphabet
from lenwordle.words.files import BadFile, EmptyFile, open_regular
from lenwordle.words.quoting import quoted
from lenwordle.words.typed import INVISIBLE, SPACES

MAX_FILE_BYTES = 1 << 30  # 1 GiB: a bigger file is refused before it is read
MAX_LINE_BYTES = 256  # a longer line cannot be a word (at most 40 letters): refused early
MAX_WORDS = 2_000_000  # different words of the asked length (more is refused, in one line)
CHUNK_BYTES = 1 << 20  # bytes read at a time: bounds every buffer of the scan
NOTES = 3  # skipped lines described; the others are only counted
SPACE = np.zeros(256, bool)


SPACE[list(b" \t\r\n\v\f")] = True


NOT_LETTER = np.ones(256, bool)


NOT_LETTER[list(range(ord("a"), ord("z") + 1)) + list(range(ord("A"), ord("Z") + 1))] = False


@dataclass(frozen=True)
class Scan:
    """What a word file holds: its words of one length, and the lines that were not words."""

    # (n x k) uint8, sorted, each word once: ASCII lower case for English, else letter codes
    words: npt.NDArray[np.uint8]
    notes: tuple[str, ...]  # the first NOTES skipped lines: "file:line: 'text' is not letters a-z"
    skipped: int  # how many lines were skipped
    order: npt.NDArray[np.intp]  # rows of words in the order the file first lists them


def scan(path: str | Path, k: int, alphabet: Alphabet = ENGLISH, name: str = "") -> Scan:
    """Return the words of k letters of the alphabet (named `name` in notes: "Spanish") in a
    one-word-a-line file; BadFile if it cannot be read."""
    with open_regular(path, MAX_FILE_BYTES) as f:
        return _Scanner(path, k, alphabet, name).run(f)


class _Scanner:
    """The state of one scan: words kept so far, lines seen, notes."""

    def __init__(self, path: str | Path, k: int, alphabet: Alphabet = ENGLISH, name: str = ""):
        self.path, self.k = path, k
        self.alphabet, self.name = alphabet, name or alphabet.described()
        most = f"{MAX_WORDS:,}".replace(",", " ")
        self.words = _Distinct(
            k, f"{path}: more than {most} different words of length {k}, the most lenwordle reads"
        )
        self.lines = 0  # lines before the current chunk
        self.offset = 0  # bytes before the current chunk
        self.notes: list[str] = []
        self.skipped = 0
        self.text = False  # whether some line is not blank

    def run(self, f: BinaryIO) -> Scan:
        """Return the scan of the file f, read chunk by chunk."""
        carry = self._start(self._read(f, max(CHUNK_BYTES, 4096)))
        while True:
            block = self._read(f)
            data = carry + block
            if not block:  # the end: the last line may have no newline
                if data:
                    self._chunk(data if data.endswith(b"\n") else data + b"\n")
                break
            cut = data.rfind(b"\n") + 1
            carry = data[cut:]
            self._chunk(data[:cut])
            if len(carry) > MAX_LINE_BYTES:
                self._too_long(self.lines + 1)
        if not self.text:
            raise EmptyFile(f"{self.path}: the file is empty")
        return Scan(
            self.words.result(),
            tuple(self.notes),
            self.skipped,
            np.argsort(self.words.first, kind="stable"),
        )

    def _read(self, f: BinaryIO, size: int | None = None) -> bytes:
        try:
            return f.read(size or CHUNK_BYTES)
        except OSError as error:
            raise BadFile(f"{self.path}: cannot read ({error.strerror or error})") from None

    def _start(self, head: bytes) -> bytes:
        """Return the first block without its BOM; BadFile if it is UTF-16 or binary."""
        if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
            raise BadFile(f"{self.path}: not UTF-8 text (it looks like UTF-16)")
        if b"\0" in head[:4096]:
            raise BadFile(f"{self.path}: looks binary, not a text file of words")
        if head.startswith(codecs.BOM_UTF8):
            self.offset = len(codecs.BOM_UTF8)
            return head[len(codecs.BOM_UTF8) :]
        return head

    def _chunk(self, data: bytes) -> None:
        """Take the words and skipped lines of whole lines (data ends with a newline)."""
        a = np.frombuffer(data, np.uint8)
        self._check_utf8(data, a)
        ends = np.flatnonzero(a == ord("\n"))
        starts = np.concatenate(([0], ends[:-1] + 1))
        long = np.flatnonzero(ends - starts > MAX_LINE_BYTES)
        if len(long):
            self._too_long(self.lines + int(long[0]) + 1)
        if self.alphabet.reads_bytes:
            self._bytes(data, a, starts, ends)
        else:
            self._decoded(data, starts, ends)
        self.lines += len(ends)
        self.offset += len(data)

    def _bytes(
        self,
        data: bytes,
        a: npt.NDArray[np.uint8],
        starts: npt.NDArray[np.intp],
        ends: npt.NDArray[np.intp],
    ) -> None:
        """Take the words a-z of whole lines, byte by byte (the English path)."""
        solid = np.flatnonzero(~SPACE[a])  # each line is trimmed to its first and last of these
        low, high = np.searchsorted(solid, starts), np.searchsorted(solid, ends)
        filled = np.flatnonzero(high > low)
        first, last = solid[low[filled]], solid[high[filled] - 1] + 1
        bad_so_far = np.concatenate(([0], np.cumsum(NOT_LETTER[a], dtype=np.int32)))
        bad = bad_so_far[last] > bad_so_far[first]
        good = ~bad & (last - first == self.k)
        self.words.add(a[first[good, None] + np.arange(self.k)] | np.uint8(0x20))  # lower case
        self._note(data, filled[bad], first[bad], last[bad])
        self.text = self.text or len(filled) > 0

    def _decoded(
        self, data: bytes, starts: npt.NDArray[np.intp], ends: npt.NDArray[np.intp]
    ) -> None:
        """Take the words of whole lines in the game's alphabet, as Arrow strings: made plain,
        lowered by the language's rules, folded by its accent rule (see the module's text)."""
        offsets = np.concatenate((starts, ends[-1:] + 1)).astype(np.int64)
        raw = pa.Array.from_buffers(
            pa.large_string(), len(starts), [None, pa.py_buffer(offsets), pa.py_buffer(data)]
        )
        lines = pc.replace_substring_regex(raw, f"[{INVISIBLE}]", "")
        lines = pc.utf8_trim(pc.replace_substring_regex(lines, f"[{SPACES}\n]", " "), " ")
        lines = pc.utf8_normalize(lines, "NFC")
        if self.alphabet.dotted_i:  # Turkish: I is ı and İ is i, before any other lowering
            lines = pc.replace_substring(pc.replace_substring(lines, "I", "ı"), "İ", "i")
        else:  # İ lowers to i and a combining dot, as Python's lower() has it (Arrow: i)
            lines = pc.replace_substring(lines, "İ", "i\u0307")
        lines = pc.utf8_normalize(pc.utf8_lower(lines), "NFC")
        for letter, to in self.alphabet.folds.items():
            lines = pc.replace_substring(lines, letter, to)
        lengths = pc.utf8_length(lines).to_numpy(zero_copy_only=False)
        ours = pc.match_substring_regex(lines, f"^[{self.alphabet.letters}]+$")
        ours = ours.to_numpy(zero_copy_only=False)
        good = ours & (lengths == self.k)
        if good.any():
            words = lines.filter(pa.array(good))
            self.words.add(self.alphabet.encode_array(words, self.k))
        bad = np.flatnonzero(~ours & (lengths > 0))
        self.skipped += len(bad)
        for row in bad[: NOTES - len(self.notes)].tolist():
            text = quoted(str(pc.utf8_trim_whitespace(raw[row : row + 1])[0]), 40)
            foreign = self.alphabet.foreign(str(lines[row]))
            kind = "letters" if all(ch.isalpha() for ch in foreign) else "characters"
            shown = " ".join(ch if ch.isalpha() else quoted(ch) for ch in foreign)
            self.notes.append(
                f"{self.path}:{self.lines + row + 1}: {text} has {kind} not in {self.name}: "
                f"{shown}"
            )
        self.text = self.text or bool((lengths > 0).any())

    def _check_utf8(self, data: bytes, a: npt.NDArray[np.uint8]) -> None:
        """Raise BadFile naming the line of the first byte that is not UTF-8, if any."""
        if not len(a) or a.max() < 0x80:
            return
        try:
            data.decode("utf-8")
        except UnicodeDecodeError as error:
            line = self.lines + data.count(b"\n", 0, error.start) + 1
            byte = self.offset + error.start
            raise BadFile(f"{self.path}:{line}: not UTF-8 text (byte {byte})") from None

    def _note(
        self,
        data: bytes,
        rows: npt.NDArray[np.intp],
        first: npt.NDArray[np.intp],
        last: npt.NDArray[np.intp],
    ) -> None:
        """Count the skipped lines (rows of this chunk), describing the first NOTES."""
        self.skipped += len(rows)
        room = NOTES - len(self.notes)
        for row, i, j in zip(rows[:room].tolist(), first[:room].tolist(), last[:room].tolist()):
            text = quoted(data[i:j].decode("utf-8", "replace"), 40)
            self.notes.append(f"{self.path}:{self.lines + row + 1}: {text} is not letters a-z")

    def _too_long(self, line: int) -> None:
        raise BadFile(
            f"{self.path}:{line}: a line of more than {MAX_LINE_BYTES} bytes; "
            "not a file of words, one a line"
        )


class _Distinct:
    """Rows of k letters, each kept once; refused past MAX_WORDS."""

    def __init__(self, k: int, too_many: str):
        self.k, self.too_many = k, too_many
        self.kept = np.zeros((0, k), np.uint8)
        self.first = np.zeros(0, np.int64)  # for each kept row, where the file first had it
        self.pending: list[npt.NDArray[np.uint8]] = []
        self.waiting = 0
        self.seen = 0

    def add(self, rows: npt.NDArray[np.uint8]) -> None:
        """Take rows (n x k); duplicates go at the next merge, made before memory grows far."""
        if len(rows):
            self.pending.append(rows)
            self.waiting += len(rows)
            self.seen += len(rows)
        if self.waiting >= MAX_WORDS // 2:
            self._merge()

    def result(self) -> npt.NDArray[np.uint8]:
        """Return every row once, sorted."""
        self._merge()
        return self.kept

    def _merge(self) -> None:
        if not self.pending:
            return
        rows = np.concatenate([self.kept, *self.pending])
        # kept rows first, then the pending ones in file order: a row's first occurrence here
        # is its first in the file
        places = np.concatenate([self.first, np.arange(self.seen - self.waiting, self.seen)])
        self.pending, self.waiting = [], 0
        keys, index = np.unique(rows.view(np.dtype((np.void, self.k))).ravel(), return_index=True)
        if len(keys) > MAX_WORDS:
            raise BadFile(self.too_many)
        self.kept = keys.view(np.uint8).reshape(-1, self.k)
        self.first = places[index]
