"""The bounded-memory scanner of a word file of the user's (words/wordfile.py): reads of a
chunk (the first at least 4 KiB), UTF-8 checks, BOMs and binary files, line ends, skipped
lines and their notes, distinct words and where the file first had them; and a file in
another alphabet, its lines made plain, lowered and folded (Spanish, Russian, Turkish). Small
files in tmp_path; where a test needs chunk edges, CHUNK_BYTES is made small. Each test
asserts behaviour worked out by hand, not output copied from the program."""

import codecs
import errno
import io
import itertools

import numpy as np
import pytest

from lenwordle.words import wordfile
from lenwordle.words.files import BadFile, EmptyFile
from lenwordle.words.languages import LANGUAGES

LIMIT = wordfile.MAX_LINE_BYTES  # 256


def _scan(tmp_path, data: bytes, k=5, **options):
    path = tmp_path / "words.txt"
    path.write_bytes(data)
    return path, wordfile.scan(path, k, **options)


def _strings(scan):
    return [bytes(row).decode() for row in scan.words]


def _refusal(tmp_path, data: bytes, k=5):
    path = tmp_path / "words.txt"
    path.write_bytes(data)
    with pytest.raises(BadFile) as refused:
        wordfile.scan(path, k)
    return path, str(refused.value)


class _Reads(io.BytesIO):
    """A file of bytes that records the size asked of each read."""

    def __init__(self, data: bytes):
        super().__init__(data)
        self.sizes = []

    def read(self, size=-1):
        self.sizes.append(size)
        return super().read(size)


# ---- English, byte by byte: words, skipped lines and their notes ----


def test_a_file_of_one_word_holds_that_word_and_is_not_empty(tmp_path):
    _, scan = _scan(tmp_path, b"crane\n")
    assert _strings(scan) == ["crane"] and scan.skipped == 0 and scan.notes == ()


def test_a_first_line_with_one_byte_not_a_letter_is_skipped_not_read_as_a_word(tmp_path):
    path, scan = _scan(tmp_path, b"cr4ne\nslate\n")
    assert _strings(scan) == ["slate"] and scan.skipped == 1
    assert scan.notes == (f"{path}:1: 'cr4ne' is not letters a-z",)


def test_five_skipped_lines_are_counted_and_the_first_three_described(tmp_path):
    path, scan = _scan(tmp_path, b"1\n2\ncrane\n3\n4\n5\n")
    assert _strings(scan) == ["crane"] and scan.skipped == 5
    assert scan.notes == (
        f"{path}:1: '1' is not letters a-z",
        f"{path}:2: '2' is not letters a-z",
        f"{path}:4: '3' is not letters a-z",
    )


def test_skipped_lines_of_several_chunks_are_all_counted_and_three_described(
    tmp_path, monkeypatch
):
    monkeypatch.setattr(wordfile, "CHUNK_BYTES", 64)  # the first 4 KiB, then 64 bytes a read
    filler = 1000  # lines of "crane\n": 6000 bytes, so lines 1003-1005 come in a later chunk
    data = b"1\n2\n" + b"crane\n" * filler + b"3\n4\n5\nslate\n"
    path, scan = _scan(tmp_path, data)
    assert _strings(scan) == ["crane", "slate"] and scan.skipped == 5
    assert scan.notes == (
        f"{path}:1: '1' is not letters a-z",
        f"{path}:2: '2' is not letters a-z",
        f"{path}:{filler + 3}: '3' is not letters a-z",
    )


def test_a_long_skipped_line_is_shown_by_its_first_40_characters(tmp_path):
    line = "abcdefghij" * 4 + "!"  # 41 characters
    path, scan = _scan(tmp_path, line.encode() + b"\n")
    assert scan.notes == (
        f"{path}:1: 'abcdefghijabcdefghijabcdefghijabcdefghij...' (41 characters) "
        "is not letters a-z",
    )


def test_a_last_line_without_a_newline_is_read_whatever_the_line_before_it_ends_with(tmp_path):
    # the last line, XX, follows a line ending in XX: read as a word of 2 letters
    _, scan = _scan(tmp_path, b"boXX\nXX", 2)
    assert _strings(scan) == ["xx"]


def test_the_order_of_the_words_is_the_order_the_file_first_lists_them(tmp_path):
    _, scan = _scan(tmp_path, b"zebra\napple\nzebra\nmango\napple\n")
    assert _strings(scan) == ["apple", "mango", "zebra"]  # sorted, each once
    assert [_strings(scan)[i] for i in scan.order] == ["zebra", "apple", "mango"]


# ---- bytes that are not UTF-8, binary files, UTF-16, lines too long ----


def test_a_stray_byte_0x80_after_a_blank_first_line_is_named_by_its_line_and_byte(tmp_path):
    # 0x80 is a continuation byte with no lead: not UTF-8, though the largest byte of the file
    path, message = _refusal(tmp_path, b"\ncrane\nsl\x80te\n")
    assert message == f"{path}:3: not UTF-8 text (byte 9)"


def test_a_bad_byte_in_a_later_chunk_is_named_by_its_line_and_byte_in_the_file(
    tmp_path, monkeypatch
):
    monkeypatch.setattr(wordfile, "CHUNK_BYTES", 64)
    path, message = _refusal(tmp_path, b"crane\n" * 1000 + b"sl\xffte\n")
    assert message == f"{path}:1001: not UTF-8 text (byte {6000 + 2})"


def test_a_line_with_no_newline_in_the_first_two_reads_is_refused_as_too_long(
    tmp_path, monkeypatch
):
    monkeypatch.setattr(wordfile, "CHUNK_BYTES", 64)  # reads of 4096 then 64 bytes: no newline
    path, message = _refusal(tmp_path, b"x" * 5000 + b"\n")
    assert message == (
        f"{path}:1: a line of more than {LIMIT} bytes; not a file of words, one a line"
    )


def test_a_file_beginning_with_a_utf16_byte_order_mark_is_refused_as_utf16(tmp_path):
    path, message = _refusal(tmp_path, codecs.BOM_UTF16_LE + "crane\n".encode("utf-16-le"))
    assert message == f"{path}: not UTF-8 text (it looks like UTF-16)"


def test_a_nul_byte_in_the_first_4096_bytes_is_binary_one_byte_later_a_skipped_line(tmp_path):
    words = b"crane\n" * 682  # 4092 bytes
    path, message = _refusal(tmp_path, words + b"abc\0\n")  # the NUL is byte 4095
    assert message == f"{path}: looks binary, not a text file of words"
    path, scan = _scan(tmp_path, words + b"abcd\0\n")  # byte 4096, the 4097th
    assert _strings(scan) == ["crane"] and scan.skipped == 1
    assert scan.notes[0].startswith(f"{path}:683: ")


# ---- reads: a chunk at a time, the first at least 4 KiB; read errors ----


def test_the_file_is_read_4096_bytes_first_then_a_chunk_at_a_time(tmp_path, monkeypatch):
    monkeypatch.setattr(wordfile, "CHUNK_BYTES", 64)
    f = _Reads(b"crane\n" * 1000)  # 6000 bytes: 4096, then 30 reads of 64, the last short
    scan = wordfile._Scanner(tmp_path / "words.txt", 5).run(f)
    assert _strings(scan) == ["crane"]
    assert f.sizes == [4096] + [64] * 31  # the 31st read finds the end


class _Failing(io.RawIOBase):
    def __init__(self, error):
        self.error = error

    def read(self, size=-1):
        raise self.error


@pytest.mark.parametrize(
    ("error", "said"),
    [(OSError(errno.EIO, "Input/output error"), "Input/output error"), (OSError("gone"), "gone")],
)
def test_a_read_that_fails_is_refused_naming_the_file_and_the_systems_words(tmp_path, error, said):
    path = tmp_path / "words.txt"
    with pytest.raises(BadFile) as refused:
        wordfile._Scanner(path, 5).run(_Failing(error))
    assert str(refused.value) == f"{path}: cannot read ({said})"


# ---- names in messages ----


def test_more_different_words_than_the_most_are_refused_with_the_most_spaced_by_thousands(
    tmp_path, monkeypatch
):
    monkeypatch.setattr(wordfile, "MAX_WORDS", 1000)
    words = ["".join(p) + "xy" for p in itertools.product("abcdefghijk", repeat=3)]  # 1331
    path = tmp_path / "words.txt"
    path.write_text("\n".join(words) + "\n")
    with pytest.raises(BadFile) as refused:
        wordfile.scan(path, 5)
    assert str(refused.value) == (
        f"{path}: more than 1 000 different words of length 5, the most lenwordle reads"
    )


def test_a_scan_given_no_language_name_names_the_alphabets_letters(tmp_path):
    spanish = LANGUAGES["es"].alphabet()  # a-z and ñ
    path = tmp_path / "words.txt"
    path.write_bytes("gatos\nstraß\n".encode())
    expected = (f"{path}:2: 'straß' has letters not in a-z and ñ: ß",)
    assert wordfile.scan(path, 5, spanish).notes == expected
    with open(path, "rb") as f:
        assert wordfile._Scanner(path, 5, spanish).run(f).notes == expected


# ---- distinct rows and where the file first had them ----


def _rows(*words):
    return np.array([list(w.encode()) for w in words], np.uint8)


def test_kept_rows_remember_the_first_line_that_had_them_over_several_merges(monkeypatch):
    monkeypatch.setattr(wordfile, "MAX_WORDS", 8)  # merged once 4 rows wait
    distinct = wordfile._Distinct(2, "too many")
    distinct.add(_rows("zz", "aa", "zz", "mm"))  # rows 0-3: merged
    distinct.add(_rows("bb", "aa"))  # rows 4, 5: waiting, merged by result()
    assert [bytes(r).decode() for r in distinct.result()] == ["aa", "bb", "mm", "zz"]
    assert distinct.first.tolist() == [1, 4, 3, 0]


def test_waiting_rows_are_merged_once_half_the_most_rounded_down_wait(monkeypatch):
    monkeypatch.setattr(wordfile, "MAX_WORDS", 9)  # half of 9, rounded down: 4
    distinct = wordfile._Distinct(2, "too many")
    distinct.add(_rows("cc", "aa", "cc"))  # 3 waiting: not yet
    assert len(distinct.kept) == 0 and distinct.waiting == 3
    distinct.add(_rows("bb"))  # 4 waiting: merged, the duplicate cc gone
    assert [bytes(r).decode() for r in distinct.kept] == ["aa", "bb", "cc"]
    assert distinct.pending == [] and distinct.waiting == 0
    assert distinct.first.tolist() == [1, 3, 0]


# ---- a word file in another alphabet: lines made plain, lowered, folded ----


def _scan_language(tmp_path, text, k, code="es", rule=None):
    path = tmp_path / "words.txt"
    path.write_bytes(text.encode())
    language = LANGUAGES[code]
    return path, wordfile.scan(path, k, language.alphabet(rule), language.name)


def _words(scan, code="es", rule=None):
    return LANGUAGES[code].alphabet(rule).decode(scan.words)


def test_words_beginning_or_ending_in_x_keep_their_x(tmp_path):
    _, scan = _scan_language(tmp_path, "XENÓN\nRELAX\n  Xerox \nlapiz\n", 5)
    assert _words(scan) == ["lapiz", "relax", "xenon", "xerox"] and scan.skipped == 0


def test_a_dotted_capital_i_outside_turkish_lowers_as_python_has_it_not_to_a_plain_i(tmp_path):
    assert "İNDIO".lower() == "i\u0307ndio"  # a combining dot: no Spanish letter
    path, scan = _scan_language(tmp_path, "İNDIO\nindio\n", 5)
    assert _words(scan) == ["indio"] and scan.skipped == 1
    assert scan.notes[0].startswith(f"{path}:1: 'İNDIO' has characters not in Spanish: ")


def test_a_dotted_capital_i_alone_in_russian_names_just_its_lowered_letters(tmp_path):
    path, scan = _scan_language(tmp_path, "İ\n", 5, "ru")
    assert scan.notes == (f"{path}:1: 'İ' has characters not in Russian: i '\u0307'",)


def test_in_turkish_a_small_i_with_a_combining_dot_is_no_letter(tmp_path):
    # KİTAP is kitap (İ is i); ki + a combining dot + tap is not a Turkish word
    _, scan = _scan_language(tmp_path, "KİTAP\nki\u0307tap\n", 5, "tr")
    assert _words(scan, "tr") == ["kitap"] and scan.skipped == 1


def test_blank_lines_are_not_skipped_lines(tmp_path):
    _, scan = _scan_language(tmp_path, "gatos\n\n   \n\t\nperro\n", 5)
    assert _words(scan) == ["gatos", "perro"] and scan.skipped == 0 and scan.notes == ()


def test_a_line_of_one_character_not_a_letter_is_skipped_and_counted(tmp_path):
    path, scan = _scan_language(tmp_path, "gatos\n-\n", 5)
    assert scan.skipped == 1
    assert scan.notes == (f"{path}:2: '-' has characters not in Spanish: '-'",)


def test_a_file_of_blank_lines_only_is_empty(tmp_path):
    with pytest.raises(EmptyFile):
        _scan_language(tmp_path, "\n   \n\t\n\n", 5)


def test_a_file_of_one_letter_is_not_empty_it_holds_no_word_of_the_length(tmp_path):
    _, scan = _scan_language(tmp_path, "a\n", 5)
    assert len(scan.words) == 0 and scan.skipped == 0


def test_a_long_skipped_line_of_another_alphabet_is_shown_by_its_first_40_characters(tmp_path):
    line = "abcdefghij" * 4 + "12345"  # 45 characters
    path, scan = _scan_language(tmp_path, line + "\n", 5)
    assert scan.notes == (
        f"{path}:1: 'abcdefghijabcdefghijabcdefghijabcdefghij...' (45 characters) "
        "has characters not in Spanish: '1' '2' '3' '4' '5'",
    )


def test_skipped_lines_are_counted_over_every_chunk_and_only_three_described(
    tmp_path, monkeypatch
):
    monkeypatch.setattr(wordfile, "CHUNK_BYTES", 64)  # the first 4 KiB, then 64 bytes a read
    filler = 800  # lines of "gatos\n": 4800 bytes, past the first read
    lines = ["1gato"] + ["gatos"] * filler + ["2a", "3b", "4c", "5d", "perro", "6e"]
    path, scan = _scan_language(tmp_path, "\n".join(lines) + "\n", 5)
    assert _words(scan) == ["gatos", "perro"]
    assert scan.skipped == 6
    at = [1, filler + 2, filler + 3]  # the first three skipped lines, by line number
    assert [note.split(": ")[0] for note in scan.notes] == [f"{path}:{n}" for n in at]
