"""The languages' word lists (words/langlists.py): read from a language's Parquet file (one
row group a length, only the lengths and columns asked for, without pre-buffering or
threads), the lengths that may fold to the game's, spellings that fold alike made one word
with their levels, marks and source worked out; the opener pool, the words seen, the levels;
a language's game words by its accent rule; and the stored counts of each rule's words, their
fingerprints and their record. Tiny Parquet files in a folder of their own; each asserts
behaviour worked out by hand, not output copied from the program."""

import dataclasses
import hashlib
import json

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from helpers import language_file

from lenwordle.words import langlists
from lenwordle.words.langlists import (
    COUNTS_FILE,
    counted_exactly,
    counts_record,
    file_fingerprint,
    game_words,
    language_counts,
    language_words,
    levels_of,
    opener_pool,
    rule_fingerprint,
    seen_words,
)
from lenwordle.words.languages import LANGUAGES, language
from lenwordle.words.wordlist import (
    DERIVED,
    GUESSED_LEVEL,
    NAME,
    OUTSIDE,
    WordList,
    WordListError,
    not_names,
)

SHIPPED_COUNTS = json.loads((langlists.language_dir() / COUNTS_FILE).read_text("utf-8"))


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
        marks=pa.array([GUESSED_LEVEL] * n, pa.uint8()),
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


# ---- a language's game words, by its accent rule ----


def test_a_languages_game_words_follow_the_accent_rule_asked_for(tmp_path, monkeypatch):
    monkeypatch.setattr(langlists, "language_dir", lambda: tmp_path)
    language_file(tmp_path, "es", [("café", 3.0, 1, 0), ("casa", 3.0, 1, 0)])
    spanish = LANGUAGES["es"]
    assert spanish.default == "fold"  # (so that "keep" is not the rule given by default)
    # kept, é is a letter of its own; folded (the default), café is played as cafe
    assert game_words(spanish, 4, "keep").words.to_pylist() == ["café", "casa"]
    assert "é" in game_words(spanish, 4, "keep").alphabet.letters
    assert game_words(spanish, 4).words.to_pylist() == ["cafe", "casa"]


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


# ---- the languages' stored counts: fingerprints, reading, the record ----


def _shipped_key(code: str, rule: str) -> str:
    """Return the fingerprint counts.json (as shipped) files a language's rule under."""
    rules = SHIPPED_COUNTS["languages"][code]["rules"]
    [key] = [key for key, entry in rules.items() if entry["rule"] == rule]
    return key


def test_each_rules_fingerprint_is_the_one_counts_json_was_made_with():
    # a fingerprint reckoned otherwise would leave every stored count unread (counted again)
    for code, entry in SHIPPED_COUNTS["languages"].items():
        for key, stored in entry["rules"].items():
            assert rule_fingerprint(LANGUAGES[code].alphabet(stored["rule"])) == key


def test_a_files_fingerprint_is_the_sha256_of_its_bytes(tmp_path, monkeypatch):
    monkeypatch.setattr(langlists, "language_dir", lambda: tmp_path)
    data = bytes(range(256)) * 9  # any bytes: only hashed
    (tmp_path / "xx.parquet").write_bytes(data)
    assert file_fingerprint("xx") == hashlib.sha256(data).hexdigest()


@pytest.fixture
def stored(tmp_path, monkeypatch):
    """Return store(counts, file=..., rule=...): a counts.json in a folder of its own, for a
    Spanish es.parquet of a few bytes (only its fingerprint is read), under fold's rule."""
    monkeypatch.setattr(langlists, "language_dir", lambda: tmp_path)
    data = b"a Spanish file of words, only hashed"
    (tmp_path / "es.parquet").write_bytes(data)

    def store(counts, file=hashlib.sha256(data).hexdigest(), rule="fold"):
        record = {
            "format": 1,
            "languages": {
                "es": {
                    "file": file,
                    "rules": {_shipped_key("es", rule): {"rule": rule, "counts": counts}},
                }
            },
        }
        (tmp_path / COUNTS_FILE).write_text(json.dumps(record))
        return langlists._stored_counts("es", LANGUAGES["es"].alphabet("fold"))

    return store


def test_stored_counts_are_read_for_lengths_4_to_11_sorted_even_a_count_of_one(stored):
    read = stored({"11": 7, "4": 1, "9": 30, "10": 2})
    assert read == {4: 1, 9: 30, 10: 2, 11: 7} and list(read) == [4, 9, 10, 11]


@pytest.mark.parametrize(
    "counts",
    [
        {"4": 5, "3": 9},  # a length below 4
        {"4": 5, "12": 9},  # a length past 11
        {"4": 5, "5": 0},  # no words of a length is not stored: not a count
        {"4": 5, "5": -2},
        {"4": 5, "5": "9"},
        {"4": 5, "5": 2.0},
        {"4": 5, "5": True},
    ],
)
def test_stored_counts_of_other_lengths_or_not_counts_are_not_read(stored, counts):
    assert stored(counts) is None


def test_stored_counts_of_another_file_or_another_rule_are_not_read(stored):
    assert stored({"5": 3}) == {5: 3}
    assert stored({"5": 3}, file="0" * 64) is None
    assert stored({"5": 3}, rule="keep") is None


# Spellings by hand, each with its game words under fold / keep / a rule keeping á alone:
# acción and accion are one word folded, two kept; niño keeps ñ (a Spanish letter) in all;
# sol (3 letters) and computadoras (12) are of no game length; m-a-l-o has a hyphen.
SPANISH = ["casa", "niño", "árbol", "acción", "accion", "sol", "computadoras", "m-a-l-o"]
FOLDED = {4: 2, 5: 1, 6: 1}
KEPT = {4: 2, 5: 1, 6: 2}


def _spanish_file(folder):
    """Write es.parquet of the SPANISH spellings, with the shipped files' columns."""
    table = {
        "word": pa.array(SPANISH, pa.string()),
        "zipf": pa.array([3.0] * len(SPANISH), pa.float32()),
        "sources": pa.array([1] * len(SPANISH), pa.uint8()),
        "marks": pa.array([0] * len(SPANISH), pa.uint8()),
        "length": pa.array([len(s) for s in SPANISH], pa.uint8()),
    }
    pq.write_table(pa.table(table), folder / "es.parquet")
    return (folder / "es.parquet").read_bytes()


def test_counting_again_counts_lengths_4_to_11_only_and_reads_only_the_words(
    tmp_path, monkeypatch
):
    monkeypatch.setattr(langlists, "language_dir", lambda: tmp_path)
    _spanish_file(tmp_path)
    read, table = [], langlists._table

    def reading(code, lengths, columns=langlists.COLUMNS):
        read.append(list(columns))
        return table(code, lengths, columns)

    monkeypatch.setattr(langlists, "_table", reading)
    assert counted_exactly(LANGUAGES["es"], "fold") == FOLDED
    assert counted_exactly(LANGUAGES["es"], "keep") == KEPT
    assert read and all(columns == ["word"] for columns in read)  # not the frequencies


def test_the_counts_record_holds_each_files_fingerprint_and_each_rules_counts(
    tmp_path, monkeypatch
):
    monkeypatch.setattr(langlists, "language_dir", lambda: tmp_path)
    data = _spanish_file(tmp_path)
    fold, keep = _shipped_key("es", "fold"), _shipped_key("es", "keep")
    assert counts_record([LANGUAGES["es"]]) == {
        "format": 1,
        "languages": {
            "es": {
                "file": hashlib.sha256(data).hexdigest(),
                "rules": {
                    fold: {"rule": "fold", "counts": {str(k): n for k, n in FOLDED.items()}},
                    keep: {"rule": "keep", "counts": {str(k): n for k, n in KEPT.items()}},
                },
            }
        },
    }


def test_a_rule_of_the_same_letters_as_another_is_recorded_once_and_the_next_still_is(
    tmp_path, monkeypatch
):
    monkeypatch.setattr(langlists, "language_dir", lambda: tmp_path)
    _spanish_file(tmp_path)
    # `same` changes nothing of fold's table; `acute` keeps á as a letter of its own
    spanish = dataclasses.replace(LANGUAGES["es"], others={"same": {}, "acute": {"á": "á"}})
    assert spanish.rules() == ("fold", "keep", "same", "acute")
    rules = counts_record([spanish])["languages"]["es"]["rules"]
    assert [entry["rule"] for entry in rules.values()] == ["fold", "keep", "acute"]
    assert rules[rule_fingerprint(spanish.alphabet("acute"))]["counts"] == {
        "4": 2,  # casa niño
        "5": 1,  # árbol
        "6": 1,  # accion
    }


def test_the_opener_pool_takes_a_frequency_of_exactly_its_floor_and_none_below():
    floor = langlists.OPENER_MIN_ZIPF
    below = np.nextafter(np.float32(floor), np.float32(0))
    assert opener_pool(_listed([floor, below, 3.0])).tolist() == [True, False, True]


def test_the_opener_pool_leaves_out_names_derived_forms_and_words_no_dictionary_lists():
    listed = _listed([3.0, 3.0, 3.0, 3.0])
    marks = [GUESSED_LEVEL, NAME | GUESSED_LEVEL, DERIVED | GUESSED_LEVEL, GUESSED_LEVEL]
    made = WordList(
        listed.words,
        pa.array([50, 50, 50, langlists.NOT_IN_SCOWL], pa.uint8()),  # the last: wordfreq's
        4,
        freqs=listed.freqs,
        marks=pa.array(marks, pa.uint8()),
    )
    assert opener_pool(made).tolist() == [True, False, False, False]


def test_an_english_opener_is_of_scowl_level_at_most_the_opener_level_and_no_name():
    edge = langlists.OPENER_LEVEL
    made = WordList(
        pa.array(["aaaa", "bbbb", "cccc", "dddd"], pa.large_string()),
        pa.array([10, edge, edge + 1, 10], pa.uint8()),
        4,
        freqs=pa.array([0.0, 0.0, 5.0, 5.0], pa.float32()),  # (English reads no frequency)
        marks=pa.array([0, 0, 0, NAME], pa.uint8()),
    )
    assert opener_pool(made).tolist() == [True, True, False, False]


@pytest.mark.parametrize(
    ("spellings", "expected"),
    [
        # (zipf, marks) of the spellings of one word -> its marks
        ([(4.36, NAME), (0.0, 0), (4.31, NAME)], NAME),  # mário, mariô, mario: the name
        ([(1.67, DERIVED), (1.19, NAME)], DERIVED),  # cario, cário: a derived form
        ([(1.5, 0), (0.0, DERIVED)], 0),  # coria, cória: the seen one, a word
        ([(0.0, NAME), (0.0, 0)], 0),  # none seen: read them all; a name and a word
        ([(0.0, NAME | DERIVED), (0.0, NAME)], NAME),  # all names, not all derived
        ([(2.0, NAME | DERIVED), (0.0, 0)], NAME | DERIVED),  # the seen one alone
        ([(3.0, DERIVED), (2.0, 0)], 0),  # a word and its derived homograph: a word
        ([(3.2, OUTSIDE), (0.0, 0)], OUTSIDE),  # бабло, wordfreq's only, the one seen
        ([(3.0, OUTSIDE), (2.0, NAME)], NAME),  # no dictionary word: a name if one is
        ([(3.0, OUTSIDE), (1.0, 0)], 0),  # a dictionary's word seen: a word
        ([(3.0, OUTSIDE), (1.0, DERIVED)], DERIVED),  # and a derived one: derived
    ],
)
def test_the_marks_of_spellings_that_fold_alike_are_read_from_those_wordfreq_has_seen(
    spellings, expected
):
    other = [(2.0, NAME)]  # a word of its own before it: the reduction starts at 1
    zipf = np.array([z for z, _ in other + spellings])
    marks = np.array([m for _, m in other + spellings], np.uint8)
    merged = langlists.merged_marks(marks, zipf > 0, np.array([0, 1]))
    assert merged.tolist() == [NAME | GUESSED_LEVEL, expected | GUESSED_LEVEL]


def test_a_word_outside_the_dictionaries_is_a_possible_answer_never_suggested_nor_an_opener():
    from lenwordle.words.prior import weights_of

    listed = _listed([3.0, 3.0, 3.0])
    marks = [GUESSED_LEVEL, OUTSIDE | GUESSED_LEVEL, NAME | GUESSED_LEVEL]
    made = WordList(
        listed.words,
        pa.array([50, langlists.NOT_IN_SCOWL, 50], pa.uint8()),
        4,
        freqs=listed.freqs,
        marks=pa.array(marks, pa.uint8()),
    )
    assert not_names(made).tolist() == [True, False, False]
    assert opener_pool(made).tolist() == [True, False, False]
    word, outside, name = weights_of(made)
    assert 0 < outside < word and 0 < name < word  # weighed as a name is: small, never 0
    rare_name = WordList(
        made.words,
        made.levels,
        4,
        freqs=made.freqs,
        marks=pa.array([NAME | GUESSED_LEVEL] * 3, pa.uint8()),
    )
    assert outside == weights_of(rare_name)[1]  # (both unlisted, both Zipf 3: the same)


def test_a_word_is_shown_as_a_dictionary_spells_it_though_a_loan_outside_is_more_frequent(
    folder,
):
    rows = [  # (spelling, zipf, sources, marks)
        ("tâmil", 1.0, 2, 0),  # the dictionary's spelling
        ("tamil", 3.0, 4, OUTSIDE),  # wordfreq's loan, more frequent
        ("pôker", 0.0, 2, DERIVED),  # (another word: its only spellings)
        ("poker", 3.5, 4, OUTSIDE),
        ("zorro", 2.0, 4, OUTSIDE),  # outside alone
    ]
    language_file(folder, "pt", rows)
    words = language_words(LANGUAGES["pt"], 5, "fold")
    assert words.words.to_pylist() == ["poker", "tamil", "zorro"]
    assert words.spellings.to_pylist() == ["pôker", "tâmil", "zorro"]
    assert words.zipf_array().tolist() == [3.5, 3.0, 2.0]  # the highest frequency
    assert words.mark_array().tolist() == [
        OUTSIDE | GUESSED_LEVEL,  # the seen one is outside: no dictionary word carries it
        GUESSED_LEVEL,  # both seen: the dictionary's word
        OUTSIDE | GUESSED_LEVEL,
    ]
