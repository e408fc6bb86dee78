"""Tests written to kill mutants of lenwordle/words that survived the mutation run
(benchmarks/mutation.py; docs/reliability.md#mutation-testing). Each asserts behaviour
worked out by hand, not output copied from the program."""

import os

import numpy as np
import pyarrow as pa
import pytest

from lenwordle.words import files, quoting, wordlist
from lenwordle.words.files import BadFile, read_capped
from lenwordle.words.langlists import language_counts, language_words
from lenwordle.words.languages import language
from lenwordle.words.letters import ascii_matrix
from lenwordle.words.wordfile import MAX_LINE_BYTES
from lenwordle.words.wordlist import WordListError, bundled_lengths

# file names in the three scripts the languages use: Latin with accents, Cyrillic, Turkish
NAMES = ["palabras-ñú.txt", "слова.txt", "kelİmeler-ı.txt"]


def _sparse(path, size):
    """Make a file of this size that takes no room on disk (its size is all that is read)."""
    with open(path, "wb") as f:
        f.truncate(size)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize(
    "limit, shown",
    [
        (512, "512 bytes"),
        ((1 << 10) - 1, "1023 bytes"),  # one below a KiB: still bytes
        (1 << 10, "1 KiB"),  # exactly a KiB
        (1536, "1.5 KiB"),
        (1 << 20, "1 MiB"),
        (5 << 20, "5 MiB"),
        (1 << 30, "1 GiB"),
        (3 << 30, "3 GiB"),
    ],
)
def test_a_file_one_byte_past_its_limit_names_the_limit_in_its_unit(tmp_path, name, limit, shown):
    path = tmp_path / name
    _sparse(path, limit + 1)
    with pytest.raises(BadFile) as caught:
        read_capped(path, limit)
    assert str(caught.value) == f"{path}: larger than the {shown} lenwordle reads"
    if limit <= 1 << 20:  # exactly at the limit: read whole (small ones only: it is read)
        _sparse(path, limit)
        assert len(read_capped(path, limit)) == limit


@pytest.mark.parametrize("name", NAMES)
def test_a_line_too_long_says_the_file_is_not_one_of_words(tmp_path, name):
    path = tmp_path / name
    path.write_bytes(b"gato\n" + b"a" * (MAX_LINE_BYTES + 1) + b"\n")
    with pytest.raises(WordListError) as caught:
        wordlist.read_words(path, 4)
    assert str(caught.value) == (
        f"{path}:2: a line of more than {MAX_LINE_BYTES} bytes; not a file of words, one a line"
    )


def test_bundled_lengths_keep_2_to_40_and_nothing_else(tmp_path, monkeypatch):
    for k in (1, 2, 5, 40, 41):
        (tmp_path / f"{k:02d}.tsv").write_text("")
    (tmp_path / "5.tsv").write_text("")  # not two digits: not a list of ours
    monkeypatch.setattr(wordlist, "wordlist_dir", lambda: tmp_path)
    assert bundled_lengths() == [2, 5, 40]


def test_no_bundled_list_of_a_playable_length_is_one_line_to_reinstall(tmp_path, monkeypatch):
    for k in (1, 41):
        (tmp_path / f"{k:02d}.tsv").write_text("")
    monkeypatch.setattr(wordlist, "wordlist_dir", lambda: tmp_path)
    with pytest.raises(WordListError) as caught:
        bundled_lengths()
    assert str(caught.value) == "the bundled word lists are missing; reinstall lenwordle"


def test_sparse_files_take_no_room(tmp_path):
    # the 3 GiB file above must not fill this machine's disk
    path = tmp_path / "big"
    _sparse(path, 3 << 30)
    assert os.stat(path).st_blocks * 512 < 1 << 20


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize(
    "error, message",
    [
        (PermissionError(13, "Permission denied"), "cannot read (Permission denied)"),
        (IsADirectoryError(21, "Is a directory"), "is a directory, not a file"),
        (OSError(5, "Input/output error"), "cannot read (Input/output error)"),
    ],
)
def test_a_file_that_cannot_be_opened_is_one_line_saying_why(
    tmp_path, monkeypatch, name, error, message
):
    # as root, no permission is ever denied: the error is raised where the file is opened
    path = tmp_path / name
    path.write_text("gato\n")

    def refuse(*args, **kwargs):
        raise error

    monkeypatch.setattr(files.os, "open", refuse)
    with pytest.raises(BadFile) as caught:
        read_capped(path, 100)
    assert str(caught.value) == f"{path}: {message}"


@pytest.mark.parametrize(
    "text, byte",
    [
        ("añ\udc80o", "\\x80"),  # the lowest byte surrogateescape keeps: 0x80
        ("слово\udcff", "\\xff"),  # the highest: 0xff
        ("kelİ\udcc4\udcb0me", "\\xc4"),  # the first of two
        ("kelİmeı", ""),  # every letter decoded: nothing (an empty string, not None)
        ("", ""),
        ("x\udc7f", ""),  # below 0x80 a byte is ASCII: never escaped, not a byte of ours
    ],
)
def test_undecodable_shows_the_first_byte_that_was_not_utf8(text, byte):
    assert quoting.undecodable(text) == byte


@pytest.mark.parametrize(
    "code, rule, text",
    [
        ("en", None, "no accents"),
        ("uk", "keep", "no accents"),
        ("es", None, "folds á>a é>e í>i ó>o ú>u ü>u"),
        ("es", "keep", "accents kept: á é í ó ú ü"),
        ("ca", "fold", "folds à>a ç>c è>e é>e í>i ï>i ò>o ó>o ú>u ü>u ·>-"),  # · to nothing
        ("ca", "keep", "folds ·>- keeps à ç è é í ï ò ó ú ü"),  # ... and is never a letter
        ("ca", "cedilla", "folds à>a è>e é>e í>i ï>i ò>o ó>o ú>u ü>u ·>- keeps ç"),
        ("de", None, "folds ä>a ö>o ü>u ß>s"),  # the game's: ß one tile, an s
        ("de", "ss", "folds ä>a ö>o ü>u ß>ss"),
        ("ru", None, "folds ё>е"),
        ("ru", "keep", "accents kept: ё"),
        ("tr", None, "accents kept: ç ğ ö ş ü"),  # Turkish keeps them by default
        ("tr", "fold", "folds ç>c ğ>g ö>o ş>s ü>u"),
    ],
)
def test_rule_text_says_what_the_rule_does_to_each_accent(code, rule, text):
    assert language(code).rule_text(rule) == text


@pytest.mark.parametrize("code", ["es", "ru", "tr"])
def test_language_counts_are_the_words_each_rule_plays(code):
    # two ways to the same number: the counts fold the spellings and count the different
    # strings; language_words encodes them and merges the rows that are alike
    lang = language(code)
    fold, keep = language_counts(lang, "fold"), language_counts(lang, "keep")
    assert sorted(fold) == sorted(keep) == list(range(4, 12))
    for rule, counts in (("fold", fold), ("keep", keep)):
        assert counts[5] == len(language_words(lang, 5, rule).words)
    # an accent kept tells apart words that folding makes one (es papá/papa, ru все/всё)
    assert all(keep[k] > fold[k] for k in fold)


@pytest.mark.parametrize(
    "code, word, absent",
    [("es", "ñandu", "ññññu"), ("ru", "елка", "ёлка"), ("tr", "ağaç", "agac")],
)
def test_the_index_of_a_word_list_is_its_words_and_their_rows(code, word, absent):
    # ru: ё folds to е (the list holds елка); tr keeps its accents (agac is not ağaç)
    words = language_words(language(code), len(word))
    index = words.index
    assert word in index and absent not in index
    assert 5 not in index and None not in index  # not a string: not a word, no error
    listed = list(index)
    assert len(listed) == len(index) == len(words)
    assert listed == sorted(listed, key=lambda w: [words.alphabet.letters.index(c) for c in w])
    step = max(1, len(listed) // 50)
    assert all(index[listed[row]] == row for row in range(0, len(listed), step))
    with pytest.raises(KeyError):
        index[absent]


def test_ascii_matrix_reads_any_arrow_string_array_in_place():
    # plain (32-bit offset) strings are read as the large ones
    plain = pa.array(["abc", "xyz"], pa.string())
    assert ascii_matrix(plain, 3).tolist() == [[97, 98, 99], [120, 121, 122]]
    # a slice starts at its own first word and stops at its last, whatever lies around it
    words = pa.array(["aaa", "bbb", "ccc", "ddd"], pa.large_string())
    assert ascii_matrix(words.slice(1, 2), 3).tolist() == [[98] * 3, [99] * 3]
    assert ascii_matrix(words.slice(3, 1), 3).tolist() == [[100] * 3]
    empty = ascii_matrix(pa.array([], pa.large_string()), 4)
    assert empty.shape == (0, 4) and empty.dtype == np.uint8


def test_a_length_with_no_bundled_file_is_counted_as_an_error_naming_it(tmp_path, monkeypatch):
    monkeypatch.setattr(wordlist, "wordlist_dir", lambda: tmp_path)
    with pytest.raises(WordListError) as error:
        wordlist.bundled_count(7)
    assert str(error.value) == "no words of length 7 in the bundled dictionary"
    (tmp_path / "07.tsv").write_text("abcdefg\t35\t3.0\n\nbcdefgh\t35\t3.0\n")
    assert wordlist.bundled_count(7) == 2  # its lines, the blank one left out
