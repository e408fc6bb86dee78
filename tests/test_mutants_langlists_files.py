"""Tests written to kill mutants that survived the mutation run (benchmarks/mutation.py;
docs/reliability.md#mutation-testing): the languages' word lists read from tiny Parquet
files in a folder of their own (words/langlists.py), capped reads of regular files
(words/files.py) and the prior's features (words/prior.py). Each asserts behaviour worked
out by hand, not output copied from the program."""

import errno
import fcntl
import os
import stat

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from helpers import language_file

from lenwordle.words import files, langlists
from lenwordle.words.files import BadFile, open_regular, read_capped
from lenwordle.words.langlists import language_words, levels_of, opener_pool, seen_words
from lenwordle.words.languages import LANGUAGES
from lenwordle.words.prior import FEATURES, features
from lenwordle.words.wordlist import DERIVED, GUESSED_LEVEL, NAME, WordList, WordListError

# ---- a language's file: one row group a length, as wordlists/build_languages.py makes it ----


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """Return a folder of its own that the languages' lists are read from."""
    monkeypatch.setattr(langlists, "language_dir", lambda: tmp_path)
    return tmp_path


def test_a_table_holds_the_spellings_of_the_asked_lengths_only_and_the_asked_columns(folder):
    spellings = ["sol", "casa", "árbol", "acción", "ventana", "computar"]  # lengths 3 to 8
    language_file(folder, "es", [(s, 3.0, 1, 0) for s in spellings])
    assert pq.ParquetFile(folder / "es.parquet").num_row_groups == 6
    table = langlists._table("es", range(5, 7), ["word", "length"])
    assert table.column_names == ["word", "length"]
    assert table["word"].to_pylist() == ["árbol", "acción"]
    assert langlists._table("es", range(8, 12), ["word"])["word"].to_pylist() == ["computar"]


def test_a_language_file_is_read_without_pre_buffering_nor_threads(folder, monkeypatch):
    # pre-buffered, a read holds more memory; threads are not started for a few row groups
    language_file(folder, "es", [("casa", 2.0, 1, 0), ("playa", 2.0, 1, 0)])
    asked = []

    class Recording(pq.ParquetFile):
        def __init__(self, source, **options):
            asked.append(("pre_buffer", options.get("pre_buffer", True)))  # (its default)
            super().__init__(source, **options)

        def read_row_groups(self, row_groups, **options):
            asked.append(("use_threads", options.get("use_threads", True)))
            return super().read_row_groups(row_groups, **options)

    monkeypatch.setattr(langlists.pq, "ParquetFile", Recording)
    assert langlists._table("es", range(5, 6), ["word"])["word"].to_pylist() == ["playa"]
    assert [(what, bool(value)) for what, value in asked] == [
        ("pre_buffer", False),
        ("use_threads", False),
    ]


def test_a_missing_language_file_is_an_error_naming_the_language(folder):
    with pytest.raises(WordListError, match=r"the word list of language 'es' is missing"):
        langlists._table("es", range(5, 6))


def test_the_lengths_read_are_those_that_may_fold_to_the_game_length(folder, monkeypatch):
    # Spanish folds every letter to one: only words of k letters; German's `ss` folds ß to
    # two letters: two shorter lengths and two longer are read too (FOLD_SLACK)
    language_file(folder, "es", [("casa", 2.0, 1, 0), ("playa", 2.0, 1, 0)])
    german = [("weiß", 2.0, 1, 0), ("straße", 3.0, 1, 0), ("hallo", 2.0, 1, 0)]
    language_file(folder, "de", german)
    read, table = [], langlists._table

    def reading(code, lengths, columns=langlists.COLUMNS):
        read.append((code, lengths, list(columns)))
        return table(code, lengths, columns)

    monkeypatch.setattr(langlists, "_table", reading)
    words, rows = langlists._game_spellings(LANGUAGES["es"], 5, "fold", ["word"])
    assert words.to_pylist() == ["playa"] and rows.column_names == ["word"]
    words, rows = langlists._game_spellings(LANGUAGES["de"], 7, "ss", ["word"])
    assert words.to_pylist() == ["strasse"] and rows["word"].to_pylist() == ["straße"]
    words, _ = langlists._game_spellings(LANGUAGES["de"], 4, "fold", ["word"])
    assert words.to_pylist() == ["weis"]  # ß one letter, an s
    assert read == [
        ("es", range(5, 6), ["word"]),
        ("de", range(5, 10), ["word"]),
        ("de", range(4, 5), ["word"]),
    ]


def test_a_length_of_one_word_is_a_list_of_one_and_a_length_of_none_an_error(folder):
    language_file(folder, "es", [("casa", 2.0, 1, 0), ("playa", 2.0, 1, 0), ("gatos", 1.0, 1, 0)])
    words = language_words(LANGUAGES["es"], 4)
    assert words.words.to_pylist() == ["casa"]
    with pytest.raises(WordListError, match=r"^no Spanish words of 6 letters$"):
        language_words(LANGUAGES["es"], 6)


def test_spellings_that_fold_alike_are_one_word_with_the_levels_marks_and_source_worked_out(
    folder,
):
    rows = [  # (spelling, zipf, sources, marks); café and cafe tie: the file's first is shown
        ("casa", 2.0, 1, 0),  # Zipf 2-2.5: level 50
        ("cosa", 2.0, 4, DERIVED),  # only wordfreq knows it: NOT_IN_SCOWL (100)
        ("café", 3.0, 1, NAME | DERIVED),  # Zipf 2.5-4: level 35
        ("cafe", 3.0, 2, NAME),  # a mark all its spellings have: NAME
    ]
    language_file(folder, "es", rows)
    words = language_words(LANGUAGES["es"], 4, "fold")
    assert words.words.to_pylist() == ["cafe", "casa", "cosa"]
    assert words.spellings.to_pylist() == ["café", "casa", "cosa"]
    assert words.level_array().tolist() == [35, 50, 100]
    assert words.zipf_array().tolist() == [3.0, 2.0, 2.0]
    assert words.mark_array().tolist() == [
        NAME | GUESSED_LEVEL,
        GUESSED_LEVEL,
        DERIVED | GUESSED_LEVEL,
    ]
    assert words.source == "bundled es"


def _listed(zipf):
    """Return a list of 4-letter words aaaa, bbbb, ... of these frequencies, all listed base
    forms (level 50, no mark)."""
    n = len(zipf)
    return WordList(
        pa.array([chr(ord("a") + i) * 4 for i in range(n)], pa.large_string()),
        pa.array([50] * n, pa.uint8()),
        4,
        freqs=pa.array(zipf, pa.float32()),
    )


def test_the_opener_pool_breaks_ties_of_frequency_by_the_words_order(monkeypatch):
    monkeypatch.setattr(langlists, "OPENER_POOL", 3)
    # the two of Zipf 3, then the first of the two of Zipf 2
    assert opener_pool(_listed([2.0, 2.0, 3.0, 3.0])).tolist() == [True, False, True, True]


def test_the_seen_words_are_those_of_any_frequency_above_zero():
    seen = seen_words(_listed([0.0, 0.5, 2.0]))
    assert seen.words.to_pylist() == ["bbbb", "cccc"]


def test_a_words_level_is_its_zipf_bands_or_not_in_scowl_if_only_wordfreq_knows_it():
    zipf = np.array([0.5, 1.0, 2.49, 2.5, 4.5, 5.0], np.float32)
    sources = np.array([1, 2, 1, 3, 4, 1], np.uint8)
    levels = levels_of(zipf, sources)
    assert levels.tolist() == [80, 70, 50, 35, 100, 10]  # the bands of the module's comment
    assert levels.dtype == np.uint8  # (like every list's levels)


# ---- capped reads of regular files ----


class _Reader:
    """A file as open_regular returns it: read(n) gives n bytes (a file that keeps growing)
    or raises error; reading to the end never ends."""

    def __init__(self, error=None):
        self.asked, self.error = [], error

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def read(self, n=-1):
        self.asked.append(n)
        if self.error is not None:
            raise self.error
        if n is None or n < 0:
            raise AssertionError("read to the end of a file that never ends")
        return b"x" * n


def test_a_file_that_grew_past_its_cap_is_read_one_byte_past_it_then_refused(monkeypatch):
    reader = _Reader()
    monkeypatch.setattr(files, "open_regular", lambda path, max_bytes: reader)
    with pytest.raises(BadFile, match=r"^growing\.txt: larger than the 10 bytes lenwordle reads$"):
        read_capped("growing.txt", 10)
    assert reader.asked == [11]


def test_a_read_that_fails_is_one_line_naming_the_file_and_the_error(monkeypatch):
    reader = _Reader(OSError(errno.EIO, "Input/output error"))
    monkeypatch.setattr(files, "open_regular", lambda path, max_bytes: reader)
    with pytest.raises(BadFile, match=r"^bad\.txt: cannot read \(Input/output error\)$"):
        read_capped("bad.txt", 10)


def test_a_file_is_opened_without_blocking_and_read_blocking_closed_on_exec(tmp_path, monkeypatch):
    path = tmp_path / "words.txt"
    path.write_bytes(b"casa\n")
    flags, real_open = [], os.open

    def opening(name, how, *args, **kwargs):
        flags.append(how)
        return real_open(name, how, *args, **kwargs)

    monkeypatch.setattr(os, "open", opening)
    with open_regular(path, 100) as reader:
        [how] = flags
        assert how & os.O_NONBLOCK and how & os.O_CLOEXEC  # (a FIFO with no writer: no hang)
        assert fcntl.fcntl(reader.fileno(), fcntl.F_GETFL) & os.O_NONBLOCK == 0
        assert fcntl.fcntl(reader.fileno(), fcntl.F_GETFD) & fcntl.FD_CLOEXEC
        assert reader.read() == b"casa\n"


def test_a_directory_found_only_once_opened_is_refused_by_its_name(tmp_path, monkeypatch):
    real_stat = os.stat

    def stat_of(name, *args, **kwargs):  # the check before opening cannot tell
        if str(name) == str(tmp_path):
            raise PermissionError(errno.EACCES, "Permission denied")
        return real_stat(name, *args, **kwargs)

    monkeypatch.setattr(os, "stat", stat_of)
    with pytest.raises(BadFile, match=rf"^{tmp_path}: is a directory, not a file$"):
        open_regular(tmp_path, 100)


def test_a_file_of_a_kind_without_a_name_is_a_special_file():
    with pytest.raises(BadFile, match=r"^odd: is a special file, not a regular file$"):
        files._check_regular("odd", stat.S_IFLNK | 0o777)  # (fstat never says link)


# ---- the prior's features ----


def test_a_guessed_level_has_no_level_band_but_the_unlisted_one():
    x = features([35, 35, 100], [3.0, 3.0, 3.0], [0, GUESSED_LEVEL, GUESSED_LEVEL])
    expected = np.zeros((3, len(FEATURES)))
    column = {name: i for i, name in enumerate(FEATURES)}
    for row in range(3):  # bias, and Zipf 3 is the whole of the pieces 0-1, 1-2 and 2-3
        for name in ("bias", "zipf 0+", "zipf 1+", "zipf 2+"):
            expected[row, column[name]] = 1.0
    expected[0, column["level <= 35"]] = 1.0  # a SCOWL level: its band
    expected[2, column["level > 95"]] = 1.0  # guessed, not listed by a dictionary
    assert x.dtype == np.float64 and x.tolist() == expected.tolist()
