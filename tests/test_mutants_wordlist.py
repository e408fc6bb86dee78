"""Tests written to kill mutants of lenwordle/words/wordlist.py that survived the mutation run
(benchmarks/mutation.py; docs/reliability.md#mutation-testing): a WordList's selections,
unions, commonness and spellings, the readers of the bundled lists and of a user's file. Each
asserts behaviour worked out by hand (tiny lists), not output copied from the program."""

import itertools

import numpy as np
import pyarrow as pa
import pytest

from lenwordle.words import wordlist
from lenwordle.words.languages import LANGUAGES
from lenwordle.words.letters import MAX_LENGTH
from lenwordle.words.wordlist import (
    DERIVED,
    GUESSED_LEVEL,
    NAME,
    WordList,
    WordListError,
    bundled,
    check_length,
    common_mask,
    from_letters,
    read_words,
)

SPANISH = LANGUAGES["es"].alphabet()


def _list(words, levels=None, zipf=None, marks=None, spellings=None, source="", alphabet=None):
    """A well-typed WordList of these words (sorted, one length), as the program makes one."""
    n = len(words)
    return WordList(
        pa.array(words, pa.large_string()),
        pa.array([35] * n if levels is None else levels, pa.uint8()),
        len(words[0]) if words else 3,
        source,
        freqs=None if zipf is None else pa.array(zipf, pa.float32()),
        marks=None if marks is None else pa.array(marks, pa.uint8()),
        spellings=None if spellings is None else pa.array(spellings, pa.large_string()),
        **({} if alphabet is None else {"alphabet": alphabet}),
    )


def _plain(words, levels, zipf, marks=None):
    """A WordList built from Python numbers as they come (Arrow's int64 and double)."""
    return WordList(
        pa.array(words),
        pa.array(levels),
        len(words[0]),
        freqs=pa.array(zipf),
        marks=None if marks is None else pa.array(marks),
    )


# ---- union ----


def test_a_union_holds_each_word_once_at_its_lowest_level_and_highest_frequency():
    mine = _list(["abc", "abd", "xyz"], [40, 10, 20], [2.0, 5.0, 1.0], source="mine")
    theirs = _list(["abd", "bcd"], [30, 50], [4.5, 3.5], source="theirs")
    both = mine.union(theirs)
    assert both.words.to_pylist() == ["abc", "abd", "bcd", "xyz"]
    assert both.levels.to_pylist() == [40, 10, 50, 20]
    assert both.freqs.to_pylist() == [2.0, 5.0, 3.5, 1.0]
    assert both.source == "mine"  # named after the first list
    assert (both.words.type, both.levels.type, both.freqs.type) == (
        pa.large_string(),
        pa.uint8(),
        pa.float32(),
    )


def test_a_union_of_lists_built_from_python_numbers_has_uint8_levels_and_float32_frequencies():
    both = _plain(["abc", "abd"], [40, 10], [2.0, 5.0]).union(_plain(["abd"], [30], [4.5]))
    assert both.levels.type == pa.uint8() and both.levels.to_pylist() == [40, 10]
    assert both.freqs.type == pa.float32() and both.freqs.to_pylist() == [2.0, 5.0]


def test_the_union_of_a_spelled_list_and_a_plain_one_spells_each_word_either_way_round():
    spelled = _list(["arbol", "canon"], spellings=["árbol", "cañon"], alphabet=SPANISH)
    plain = _list(["gatos", "perro"], alphabet=SPANISH)
    assert spelled.union(plain).spellings.to_pylist() == ["árbol", "cañon", "gatos", "perro"]
    assert plain.union(spelled).spellings.to_pylist() == ["árbol", "cañon", "gatos", "perro"]
    assert plain.union(plain).spellings is None  # neither spells a word: nothing to keep


def test_a_word_both_lists_hold_keeps_the_first_lists_spelling():
    # 20 shared words: enough for an unstable sort to put some of the second list's first
    words = ["".join(p) for p in itertools.product("abc", repeat=3)][:20]
    dictionary = _list(words, spellings=[w.capitalize() for w in words])
    both = dictionary.union(_list(words))
    assert both.spellings.to_pylist() == [w.capitalize() for w in words]


# ---- select ----


def test_a_selection_keeps_the_chosen_words_with_all_they_carry():
    words = _list(
        ["abc", "abd", "xyz"],
        [10, 20, 30],
        [5.0, 4.0, 3.5],
        marks=[NAME, 0, DERIVED],
        spellings=["Abc", "abd", "Xyz"],
        source="mine",
    )
    chosen = words.select(np.array([True, False, True]))
    assert chosen.words.to_pylist() == ["abc", "xyz"]
    assert chosen.levels.to_pylist() == [10, 30]
    assert chosen.zipf_array().tolist() == [5.0, 3.5]
    assert chosen.marks.to_pylist() == [NAME, DERIVED]
    assert chosen.spellings.to_pylist() == ["Abc", "Xyz"]
    assert chosen.source == "mine"


def test_a_selection_of_a_list_without_marks_or_spellings_has_none():
    chosen = _list(["abc", "abd"], source="file").select(np.array([False, True]))
    assert chosen.words.to_pylist() == ["abd"]
    assert chosen.marks is None and chosen.spellings is None
    assert chosen.zipf_array().tolist() == [3.0]  # a user's word: USER_ZIPF
    assert chosen.source == "file"


# ---- commonness_from ----


def test_a_file_takes_the_level_frequency_and_marks_the_dictionary_gives_even_its_first_word():
    known = _list(["abc", "abd", "xyz"], [10, 20, 30], [5.0, 4.0, 3.5], marks=[DERIVED, 0, 0])
    mine = _list(["abc", "abd", "zzz"], spellings=["Abc", "abd", "zzz"], source="file")
    given = mine.commonness_from(known)
    assert given.levels.to_pylist() == [10, 20, 35]  # zzz: unknown, a user's level
    assert given.zipf_array().tolist() == [5.0, 4.0, 3.0]
    assert given.marks.to_pylist() == [DERIVED, 0, 0]
    assert given.spellings.to_pylist() == ["Abc", "abd", "zzz"]
    assert given.source == "file"


def test_commonness_of_lists_built_from_python_numbers_is_uint8_levels_and_marks_float32_zipf():
    known = _plain(["abc"], [10], [5.0], marks=[DERIVED])
    given = _plain(["abc", "zzz"], [35, 35], [3.0, 3.0], marks=[0, 0]).commonness_from(known)
    assert given.levels.type == pa.uint8() and given.levels.to_pylist() == [10, 35]
    assert given.freqs.type == pa.float32() and given.freqs.to_pylist() == [5.0, 3.0]
    assert given.marks.type == pa.uint8() and given.marks.to_pylist() == [DERIVED, 0]


# ---- lookups ----


def test_an_empty_list_finds_no_row_of_any_word():
    empty = _list([])
    assert empty.rows_of(_list(["abc", "abd"])).tolist() == [-1, -1]
    assert empty.rows_of(_list(["abc", "abd"])).dtype == np.int64
    assert empty.row("abc") is None and "abc" not in empty


def test_a_missing_word_has_row_minus_one():
    assert _list(["abd", "xyz"]).rows_of(_list(["abc", "abd", "zzz"])).tolist() == [-1, 0, -1]


def test_a_word_of_another_length_is_not_in_the_list_even_when_made_of_its_words():
    words = _list(["abc", "xyz"])
    assert "abcabc" not in words and "abcd" not in words and "ab" not in words
    assert words.row("xyzabc") is None


def test_a_missing_word_is_a_key_error_naming_it():
    with pytest.raises(KeyError) as caught:
        _list(["abc"]).index["abd"]
    assert caught.value.args == ("abd",)


@pytest.mark.parametrize("alphabet", [None, SPANISH])
def test_the_words_of_no_rows_are_no_words(alphabet):
    assert _list(["abc", "abd"], alphabet=alphabet).words_at([]) == []


def test_a_word_not_in_a_spelled_list_is_spelled_as_it_is():
    spelled = _list(["arbol"], spellings=["árbol"], alphabet=SPANISH)
    assert spelled.spelling("perro") == "perro"
    assert spelled.spelling("arbol") == "árbol"


def test_a_spelling_of_other_length_is_not_displayed_the_word_is():
    # the dictionary's straße has 6 letters, the game's strasse 7: STRASSE is shown
    assert _list(["strasse"], spellings=["straße"]).display("strasse") == "STRASSE"


# ---- arrays ----


def test_a_list_without_frequencies_gives_each_word_the_users_zipf_as_float32():
    zipf = _list(["abc", "abd"]).zipf_array()
    assert zipf.dtype == np.float32 and zipf.tolist() == [3.0, 3.0]


def test_from_letters_views_the_letters_as_words_with_their_numbers_and_no_notes():
    letters = np.array([[97, 98, 99], [120, 121, 122]], np.uint8)
    words = from_letters(letters, np.array([10, 20]), np.array([5.0, 2.5]))
    assert words.words.to_pylist() == ["abc", "xyz"]
    assert (words.source, words.skipped, words.skipped_count) == ("", (), 0)
    assert words.levels.type == pa.uint8() and words.levels.to_pylist() == [10, 20]
    assert words.freqs.type == pa.float32() and words.zipf_array().tolist() == [5.0, 2.5]
    _, offsets, data = words.words.buffers()
    assert np.frombuffer(offsets, np.int64).tolist() == [0, 3, 6]  # n + 1 offsets, k apart
    assert data.address == letters.ctypes.data  # no copy


def test_a_word_guessed_at_a_level_is_common_unless_also_derived():
    marks = [0, GUESSED_LEVEL, GUESSED_LEVEL | DERIVED, DERIVED, NAME]
    words = _list(["aaa", "bbb", "ccc", "ddd", "eee"], marks=marks)
    assert common_mask(words).tolist() == [True, True, False, True, False]


@pytest.mark.parametrize("k", [2, MAX_LENGTH])
def test_the_shortest_and_the_longest_lengths_are_playable(k):
    check_length(k)  # no error


# ---- a user's file ----


def test_a_file_read_plainly_keeps_no_order_and_is_named_by_its_path(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("xyz\nabc\n")
    words = read_words(path, 3)
    assert words.words.to_pylist() == ["abc", "xyz"]
    assert words.order == ()
    assert words.source == str(path)


def test_a_file_in_another_alphabet_is_read_as_a_word_list_named_by_its_path(tmp_path):
    path = tmp_path / "palabras.txt"
    path.write_text("niños\nárbol\n")
    words = read_words(path, 5, alphabet=SPANISH)
    assert words.words.to_pylist() == ["arbol", "niños"]
    assert words.words.type == pa.large_string()
    assert words.levels.type == pa.uint8() and words.levels.to_pylist() == [35, 35]
    assert words.source == str(path)
    assert words.order == ()


def test_a_skipped_line_names_the_alphabet_when_no_name_is_given(tmp_path):
    path = tmp_path / "palabras.txt"
    path.write_text("niños\nqué?\n")
    words = read_words(path, 5, alphabet=SPANISH)
    assert words.skipped == (f"{path}:2: 'qué?' has characters not in a-z and ñ: '?'",)


# ---- the bundled lists ----


@pytest.fixture
def bundled_dir(tmp_path, monkeypatch):
    """A folder of bundled lists: 03.tsv, word<TAB>level<TAB>zipf<TAB>marks, sorted."""
    (tmp_path / "03.tsv").write_text(
        '"ab\t70\t1.00\t0\nabc\t10\t5.00\t0\nabd\t40\t4.00\t2\nbob\t20\t3.00\t1\n'
    )
    monkeypatch.setattr(wordlist, "wordlist_dir", lambda: tmp_path)
    return tmp_path


def test_the_bundled_list_is_every_line_as_written_named_bundled(bundled_dir):
    every = bundled(3)
    assert every.words.to_pylist() == ['"ab', "abc", "abd", "bob"]  # a quote is a character
    assert every.levels.to_pylist() == [70, 10, 40, 20]
    assert every.marks.to_pylist() == [0, 0, DERIVED, NAME]
    assert every.source == "bundled"
    assert bundled(3, 100).source == "bundled"


def test_the_bundled_list_up_to_a_level_leaves_out_names_and_says_its_level(bundled_dir):
    common = bundled(3, 40)
    assert common.words.to_pylist() == ["abc", "abd"]
    assert common.source == "SCOWL levels <= 40"
    assert bundled(3, 10).words.to_pylist() == ["abc"]  # one word is a list


def test_a_level_no_bundled_word_reaches_is_one_line_saying_so(bundled_dir):
    with pytest.raises(WordListError) as caught:
        bundled(3, 5)
    assert str(caught.value) == "no words of length 3 up to level 5"


@pytest.fixture
def package(tmp_path, monkeypatch):
    """A checkout holding lenwordle/ (this module at lenwordle/words/wordlist.py)."""
    module = tmp_path / "lenwordle" / "words" / "wordlist.py"
    module.parent.mkdir(parents=True)
    monkeypatch.setattr(wordlist, "__file__", str(module))
    return tmp_path


def test_the_data_is_the_checkouts_else_the_installed_wheels(package):
    checkout, installed = package / "wordlists", package / "lenwordle" / "_data" / "wordlists"
    assert wordlist.bundled_dir("wordlists") == checkout  # neither: the checkout's
    installed.mkdir(parents=True)
    assert wordlist.bundled_dir("wordlists") == installed  # the wheel's alone
    checkout.mkdir()
    assert wordlist.bundled_dir("wordlists") == checkout  # both: the checkout's


def test_missing_bundled_lists_are_one_line_to_reinstall(package):
    with pytest.raises(WordListError) as caught:
        wordlist.wordlist_dir()
    assert str(caught.value) == "the bundled word lists are missing; reinstall lenwordle"
