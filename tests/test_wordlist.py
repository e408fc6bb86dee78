"""Word lists (words/wordlist.py): a user's file read, normalized and its unusable lines
named; the bundled lists, their levels and frequencies, and the scripts that build them; a
WordList's unions, selections, commonness and spellings given by a dictionary, lookups and
arrays. Each test of a WordList asserts behaviour worked out by hand on tiny lists, not
output copied from the program."""

import itertools
import re

import numpy as np
import pyarrow as pa
import pytest
from helpers import load_script

from lenwordle.words import wordlist
from lenwordle.words.alphabet import Alphabet
from lenwordle.words.langlists import language_words
from lenwordle.words.languages import LANGUAGES, language
from lenwordle.words.letters import MAX_LENGTH, ascii_matrix
from lenwordle.words.wordfile import MAX_LINE_BYTES
from lenwordle.words.wordlist import (
    COMMON_LEVEL,
    DERIVED,
    GUESSED_LEVEL,
    NAME,
    NOT_IN_SCOWL,
    USER_LEVEL,
    USER_ZIPF,
    WordList,
    WordListError,
    bundled,
    bundled_lengths,
    check_length,
    common_mask,
    from_letters,
    read_words,
)


def test_messy_file_is_normalized(tmp_path):
    path = tmp_path / "words.txt"
    path.write_bytes("\ufeffHello\r\n  world  \r\n\r\nhello\nWORLD\nabc\nzebra".encode("utf-8"))
    words = read_words(path, 5)
    assert words.words.to_pylist() == ["hello", "world", "zebra"]
    assert words.codes.tolist()[0] == [7, 4, 11, 11, 14]
    assert words.skipped == ()


def test_lines_that_are_not_words_are_skipped_with_file_and_line(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("crane\ncaf\u00e9s\ndon't\nab1de\nslate\n", "utf-8")
    words = read_words(path, 5)
    assert words.words.to_pylist() == ["crane", "slate"]
    assert [s.split(": ")[0] for s in words.skipped] == [f"{path}:2", f"{path}:3", f"{path}:4"]


@pytest.mark.parametrize(
    "content, message",
    [
        (None, "no such file"),
        (b"", "empty"),
        (b"  \n\n", "empty"),
        (b"\x00\x01binary\x00", "binary"),
        (b"caf\xe9\n", "not UTF-8"),
        (b"cat\ndog\n", "no words of length 5"),
    ],
)
def test_unusable_files_give_one_line_errors(tmp_path, content, message):
    path = tmp_path / "words.txt"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(WordListError, match=message) as error:
        read_words(path, 5)
    assert "\n" not in str(error.value)


def test_a_directory_is_not_a_word_file(tmp_path):
    with pytest.raises(WordListError, match="directory"):
        read_words(tmp_path, 5)


@pytest.mark.parametrize("k", [0, 1, -1, 41])
def test_impossible_lengths_are_refused(k):
    with pytest.raises(WordListError, match="word length"):
        bundled(k)


def test_bundled_lists_cover_every_length_from_2_to_15():
    for k in range(2, 16):
        words = bundled(k, 95)
        assert len(words) > 0
        assert all(len(w) == k and w.isalpha() and w.islower() for w in words.words.to_pylist())
        assert words.words.to_pylist() == sorted(set(words.words.to_pylist()))


def test_levels_grow_the_dictionary_and_the_common_pool_is_levels_up_to_60():
    common, scowl, everything = bundled(5, 20), bundled(5, 95), bundled(5)
    assert len(common) < len(scowl) < len(everything)
    assert set(common.strings) <= set(scowl.strings) <= set(everything.strings)
    levels, names = everything.level_array(), everything.mark_array() & NAME != 0
    assert (common_mask(everything) == ((levels <= COMMON_LEVEL) & ~names)).all()
    assert names.sum() > 0 and (levels[names] <= COMMON_LEVEL).any()  # (koran: 35)
    words = ~np.isin(everything.strings, scowl.strings) & ~names  # scowl: words, no names
    assert set(levels[words]) == {NOT_IN_SCOWL}


def test_the_bundled_lists_carry_a_frequency_for_every_word():
    words = bundled(5)
    zipf = dict(zip(words.strings, words.zipf_array().tolist()))
    assert zipf["about"] > zipf["crane"] > zipf["zymes"] >= 0  # commoner words are more frequent
    assert len(words.zipf_array()) == len(words) and words.freqs.type == pa.float32()
    for folded, level in [("saute", 35), ("etude", 50)]:  # SCOWL has them only with accents
        assert folded in words and words.level_array()[words.index[folded]] == level
    for added in ["cyber", "admin", "yeesh", "queso"]:  # SCOWL lacks them; wordfreq knows them
        assert words.level_array()[words.index[added]] == NOT_IN_SCOWL and zipf[added] > 1.75


def test_every_nyt_answer_is_a_word_the_solver_knows_and_98_percent_are_common(nyt):
    answers = (nyt / "answers.txt").read_text().split()
    words = bundled(5)
    assert all(a in words for a in answers)
    common = set(np.asarray(words.strings)[common_mask(words)])
    assert sum(a in common for a in answers) / len(answers) >= 0.98


def test_user_words_get_the_bundled_level_and_frequency_unknown_ones_the_default(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("crane\nzymes\nqzqzq\n", "utf-8")
    reference = bundled(5)
    words = read_words(path, 5).commonness_from(reference)
    levels, zipf = words.level_array().tolist(), words.zipf_array().tolist()
    for row, word in enumerate(words.strings):
        if word == "qzqzq":
            assert (levels[row], zipf[row]) == (USER_LEVEL, USER_ZIPF)
        else:
            ref = reference.index[word]
            assert levels[row] == reference.level_array()[ref]
            assert zipf[row] == reference.zipf_array()[ref]


BUILD = load_script("wordlists/build_wordlists.py")


@pytest.mark.parametrize(
    "text, word",
    [
        ("sauté", "saute"),
        ("voilà", "voila"),
        ("mêlée", "melee"),
        ("crane", "crane"),
        ("Paris", None),
        ("don't", None),
        ("ab1de", None),
        ("\u212aayak", None),
    ],
)
def test_the_build_folds_accents_and_keeps_only_lowercase_a_z(text, word):
    assert BUILD.fold(text) == word


def test_the_build_keeps_levels_through_folding_and_ranks_variants_as_rarer(tmp_path):
    (tmp_path / "english-words.35").write_text("sauté\ncrane\nParis\n", "utf-8")
    (tmp_path / "english-words.70").write_text("saute\nslate\n", "utf-8")
    (tmp_path / "american-words.20").write_text("slate\n", "utf-8")
    (tmp_path / "variant_2-words.35").write_text("chapt\nslate\n", "utf-8")
    (tmp_path / "variant_1-words.70").write_text("leant\n", "utf-8")
    levels = BUILD.scowl_levels(tmp_path)
    # a variant only: at least VARIANT_LEVEL (55), or its own level when rarer
    assert levels == {"saute": 35, "crane": 35, "slate": 20, "chapt": 55, "leant": 70}


def test_the_build_reads_scowls_contractions_without_apostrophes(tmp_path):
    (tmp_path / "english-contractions.50").write_text("don't\nthat'll\nO'Neill\n", "utf-8")
    (tmp_path / "english-words.50").write_text("cant\n", "utf-8")  # not a contraction list
    assert BUILD.scowl_contractions(tmp_path) == {"dont", "thatll"}


def test_the_build_reads_scowls_capitalized_and_abbreviation_lists(tmp_path):
    (tmp_path / "english-proper-names.50").write_text("Diane\nDiane's\nKanye\n", "utf-8")
    (tmp_path / "english-upper.35").write_text("Wyatt\n", "utf-8")
    (tmp_path / "english-upper.60").write_text("Kanye\n", "utf-8")
    (tmp_path / "english-abbreviations.35").write_text("NAFTA\nSPSS\n", "utf-8")
    names, abbreviations = BUILD.scowl_capitalized(tmp_path)
    assert names == {"diane": 50, "kanye": 50, "wyatt": 35}  # the lowest level, no 's
    assert abbreviations == {"nafta", "spss"}


CLUSTERS = {"o:", "o:ch", "o:cr", "o:st", "o:w", "c:", "c:t", "c:ng", "c:ck", "c:s"}
HUNSPELL = ({"admin", "https"}, {"linux"}, {"nato"})


@pytest.mark.parametrize(
    "word, level, kind",
    [
        ("crane", 35, "word"),  # SCOWL's lower-case words are words...
        ("diane", 95, "name"),  # ...but from level 95 on they are tested: capitalized
        ("diana", 95, "word"),  # (not capitalized anywhere)
        ("rosie", 95, "name"),  # (capitalized at any level)
        ("wyatt", 94, "word"),  # (level 94: one below the rule's 95)
        ("wyatt", None, "name"),  # wordfreq only, capitalized in SCOWL
        ("linux", None, "name"),  # capitalized in hunspell
        ("admin", None, "word"),  # lower case in hunspell, whatever its shape
        ("nafta", None, "abbreviation"),  # SCOWL's abbreviations
        ("nato", None, "abbreviation"),  # in capitals in hunspell
        ("sfpd", None, "abbreviation"),  # no vowel
        ("hmmmm", None, "abbreviation"),
        ("chaat", None, "word"),  # English clusters: ch...t
        ("stung", None, "word"),
        ("lmfao", None, "abbreviation"),  # no common word begins with lm
        ("crack", None, "word"),
        ("stolz", None, "abbreviation"),  # ...nor ends with lz
        ("https", None, "abbreviation"),  # no vowel, though hunspell has it in lower case
        ("crwth", 80, "word"),  # no vowel, but a SCOWL word below 95
        ("crwth", 95, "abbreviation"),  # ...at 95 it is tested
        ("nato", 95, "abbreviation"),  # SCOWL's rarest are tested as wordfreq's are
        ("linux", 95, "name"),
        ("nafta", 95, "abbreviation"),
        ("admin", 95, "word"),
        ("lmfao", 95, "word"),  # but not by clusters: they judge wordfreq's strings
    ],
)
def test_the_build_classes_words_names_and_abbreviations(word, level, kind):
    names = {"diane": 50, "wyatt": 50, "rosie": 95}
    abbreviations = {"nafta"}
    assert BUILD.word_class(word, level, names, abbreviations, HUNSPELL, CLUSTERS) == kind


def test_the_build_counts_clusters_of_common_words_only():
    levels = {"stack": 35, "stone": 50, "stuck": 20, "strap": 60, "strip": 70, "strum": 80}
    assert BUILD.english_clusters(levels) == {"o:st"}  # stack stone stuck; ck twice only
    levels |= {"brick": 10, "crack": 10}
    assert BUILD.english_clusters(levels) == {"o:st", "c:ck"}  # stack stuck brick crack


def test_the_build_writes_words_and_names_and_adds_frequent_ones_scowl_lacks():
    levels = {"crane": 35, "saute": 35, "diane": 95}
    zipf = {"crane": 3.1, "cyber": 3.9, "kanye": 3.8, "zzzzz": 1.0, "diane": 3.8, "sfpd": 2.0}
    kinds = BUILD.classes(
        levels,
        zipf,
        lambda word, level: {"diane": "name", "kanye": "name", "sfpd": "abbreviation"}.get(
            word, "word"
        ),
        add_zipf=1.75,
    )
    assert kinds == {
        "crane": "word",
        "saute": "word",
        "diane": "name",
        "cyber": "word",  # frequent enough, not in SCOWL
        "kanye": "name",
        "sfpd": "abbreviation",  # zzzzz: too rare to join
    }
    derived = {"cyber"}  # (to see the mark written)
    marks = lambda word, kind: BUILD.marks_of(word, kind, derived)  # noqa: E731
    lines = BUILD.tables(levels, zipf, kinds, {"diane": 50, "kanye": 80}, marks)
    assert lines == {  # a name's level: the lowest SCOWL gives it in any case (diane 50)
        5: [
            "crane\t35\t3.10\t0\n",
            f"cyber\t{NOT_IN_SCOWL}\t3.90\t2\n",
            "diane\t50\t3.80\t1\n",
            "kanye\t80\t3.80\t1\n",
            "saute\t35\t0.00\t0\n",
        ]
    }
    counts = BUILD.class_counts(kinds, levels).splitlines()
    numbers = [[int(n) for n in re.findall(r"\d+", line)] for line in counts[1:]]
    assert numbers == [[4, 0, 0, 0, 0, 1, 1], [5, 3, 1, 2, 1, 0, 0]]  # all (of them added)


def test_letter_matrix_is_a_view_of_the_arrow_buffer():
    words = pa.array(["crane", "slate"], pa.large_string())
    view = ascii_matrix(words, 5)
    assert not view.flags.owndata
    assert view.tobytes() == b"craneslate"
    assert np.shares_memory(view, np.frombuffer(words.buffers()[2], np.uint8))


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


def _alphabet_list(words, alphabet, levels=None):
    """A WordList of these words (sorted in the alphabet's order) over the alphabet."""
    n = len(words)
    return WordList(
        pa.array(words, pa.large_string()),
        pa.array([35] * n if levels is None else levels, pa.uint8()),
        len(words[0]),
        freqs=pa.array([3.0] * n, pa.float32()),
        alphabet=alphabet,
    )


def test_a_files_words_given_the_dictionarys_commonness_keep_the_games_alphabet():
    # a game of the two letters a, ñ (in this order): ña is letters 1, 0; with a-z's
    # alphabet ñ would be no letter at all
    alphabet = Alphabet("añ")
    known = _alphabet_list(["aa", "añ", "ña"], alphabet, levels=[10, 20, 30])
    mine = _alphabet_list(["añ", "ña"], alphabet)
    given = mine.commonness_from(known)
    assert given.alphabet == alphabet
    assert given.level_array().tolist() == [20, 30]
    assert given.codes.tolist() == [[0, 1], [1, 0]]


# ---- spelled_from ----


def _spanish_list(words, spellings=None):
    return WordList(
        pa.array(words, pa.large_string()),
        pa.array([35] * len(words), pa.uint8()),
        5,
        alphabet=LANGUAGES["es"].alphabet(),
        spellings=None if spellings is None else pa.array(spellings, pa.large_string()),
    )


def test_a_files_words_take_the_dictionarys_spelling_even_its_first_word_and_keep_others():
    known = _spanish_list(["arbol", "cañon"], ["árbol", "cañón"])
    mine = _spanish_list(["arbol", "cañon", "gatos"]).spelled_from(known)
    assert mine.spellings.to_pylist() == ["árbol", "cañón", "gatos"]
    assert [mine.display(w) for w in ("arbol", "gatos")] == ["ÁRBOL", "GATOS"]
    alone = _spanish_list(["arbol", "gatos"]).spelled_from(_spanish_list(["arbol"], ["árbol"]))
    assert alone.spellings.to_pylist() == ["árbol", "gatos"]


def test_a_list_without_spellings_or_an_empty_one_spells_nothing():
    mine = _spanish_list(["arbol", "gatos"])
    assert mine.spelled_from(_spanish_list(["arbol"])) is mine  # (no spellings to give)
    assert mine.spelled_from(_spanish_list([], [])) is mine


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


# file names in the three scripts the languages use: Latin with accents, Cyrillic, Turkish
NAMES = ["palabras-ñú.txt", "слова.txt", "kelİmeler-ı.txt"]


@pytest.mark.parametrize("name", NAMES)
def test_a_line_too_long_says_the_file_is_not_one_of_words(tmp_path, name):
    path = tmp_path / name
    path.write_bytes(b"gato\n" + b"a" * (MAX_LINE_BYTES + 1) + b"\n")
    with pytest.raises(WordListError) as caught:
        wordlist.read_words(path, 4)
    assert str(caught.value) == (
        f"{path}:2: a line of more than {MAX_LINE_BYTES} bytes; not a file of words, one a line"
    )


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


def test_a_length_with_no_bundled_file_is_counted_as_an_error_naming_it(tmp_path, monkeypatch):
    monkeypatch.setattr(wordlist, "wordlist_dir", lambda: tmp_path)
    with pytest.raises(WordListError) as error:
        wordlist.bundled_count(7)
    assert str(error.value) == "no words of length 7 in the bundled dictionary"
    (tmp_path / "07.tsv").write_text("abcdefg\t35\t3.0\n\nbcdefgh\t35\t3.0\n")
    assert wordlist.bundled_count(7) == 2  # its lines, the blank one left out
