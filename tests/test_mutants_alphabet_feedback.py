"""Tests written to kill mutants of lenwordle/words/alphabet.py and languages.py that
survived the mutation run (benchmarks/mutation.py; docs/reliability.md#mutation-testing).
Each asserts behaviour worked out by hand, not output copied from the program.

Letter indices by hand: Russian а0 б1 в2 г3 д4 е5 ж6 з7 и8 й9 к10 л11 м12 н13 о14 п15 р16
с17 т18 у19 ф20 х21 ц22 ч23 ш24 щ25 ъ26 ы27 ь28 э29 ю30 я31; a-z with ñ after n: a0 .. n13,
ñ14, o15 .. z26."""

import re

import numpy as np
import pyarrow as pa
import pytest

from lenwordle.words.alphabet import AZ, ENGLISH, Alphabet
from lenwordle.words.languages import KEEP, LANGUAGES, Language

RUSSIAN = "абвгдежзийклмнопрстуфхцчшщъыьэюя"
WITH_Ñ = AZ[:14] + "ñ" + AZ[14:]


def _no_python_strings(self, words, k):
    raise AssertionError("the words were decoded one Python string at a time")


@pytest.mark.parametrize(
    ("letters", "words", "codes"),
    [
        # two-byte letters: с ends in the byte 0x81 (odd), я is the highest letter
        (RUSSIAN, ["сад", "кот", "яма"], [[17, 0, 4], [10, 14, 18], [31, 12, 0]]),
        # one- and two-byte letters mixed; z is the last letter by place, ñ by code point
        (WITH_Ñ, ["niño", "baño", "zumo"], [[13, 8, 14, 15], [1, 0, 14, 15], [26, 21, 12, 15]]),
    ],
    ids=["russian", "a-z and enye"],  # ascii: pytest escapes an id in this list in place
)
def test_arrow_words_of_one_and_two_byte_letters_are_decoded_without_python_strings(
    monkeypatch, letters, words, codes
):
    alphabet = Alphabet(letters)
    monkeypatch.setattr(Alphabet, "encode", _no_python_strings)
    k = len(words[0])
    for array in (pa.array(words), pa.array(words, pa.large_string())):
        decoded = alphabet.encode_array(array, k)
        assert decoded.dtype == np.uint8 and decoded.tolist() == codes


def test_a_slice_of_arrow_words_is_decoded_from_its_own_rows_only(monkeypatch):
    alphabet = Alphabet(RUSSIAN)
    monkeypatch.setattr(Alphabet, "encode", _no_python_strings)
    # a large_string slice keeps its offset into the whole array's buffers
    words = pa.array(["xyz", "кот", "сад", "дом"], pa.large_string()).slice(1, 2)
    assert words.offset == 1
    assert alphabet.encode_array(words, 3).tolist() == [[10, 14, 18], [17, 0, 4]]


def test_no_words_encode_to_an_empty_matrix_of_their_length():
    for empty in (ENGLISH.encode([], 3), ENGLISH.encode_array(pa.array([], pa.string()), 3)):
        assert empty.shape == (0, 3) and empty.dtype == np.uint8


def test_arrow_words_the_fast_path_cannot_read_are_refused_naming_the_wrong_one():
    # { is the code point just past z: no letter's place
    with pytest.raises(ValueError, match=re.escape(f"'ab{{' is not 3 letters of {AZ!r}")):
        ENGLISH.encode_array(pa.array(["abz", "ab{"]), 3)
    with pytest.raises(ValueError, match="'ab' is not 3 letters"):  # too few letters
        ENGLISH.encode_array(pa.array(["ab"]), 3)
    with pytest.raises(ValueError, match="'abé' is not 3 letters of"):  # é: not a letter
        ENGLISH.encode_array(pa.array(["abc", "abé"]), 3)


def test_a_three_byte_letter_whose_lead_byte_is_0xe0_is_not_read_as_two_bytes():
    # Thai ก (U+0E01) is E0 B8 81: read as a two-byte letter it would be U+0038, the digit 8
    alphabet = Alphabet("8ก")
    assert alphabet.encode_array(pa.array(["ก8", "88"]), 2).tolist() == [[1, 0], [0, 0]]


def test_encode_names_the_first_word_that_is_not_of_the_letters():
    with pytest.raises(ValueError, match="'abd' is not 3 letters of 'abc'"):
        Alphabet("abc").encode(["abc", "abd", "cab"], 3)


def test_encode_reads_a_numpy_array_of_strings_wider_than_the_words():
    words = np.array(["cab", "bca"], dtype="<U5")
    assert Alphabet("abc").encode(words, 3).tolist() == [[2, 0, 1], [1, 2, 0]]


def test_an_alphabet_of_a_z_and_more_is_described_as_a_z_and_the_others():
    assert Alphabet(AZ + "ñé").described() == "a-z and ñ é"
    assert Alphabet(AZ).described() == "a-z"
    assert Alphabet("xyz").described() == "x y z"


def test_an_alphabet_has_at_least_one_letter():
    one = Alphabet("a")
    assert one.size == 1 and one.encode(["aa"], 2).tolist() == [[0, 0]]
    with pytest.raises(ValueError, match="1 to 64 letters, not 0"):
        Alphabet("")


def test_kept_accents_come_right_after_their_letter_in_the_alphabet():
    spanish = LANGUAGES["es"].alphabet(KEEP)  # á é í ó ú ü kept; ñ is a letter already
    assert spanish.letters == "aábcdeéfghiíjklmnñoópqrstuúüvwxyz"


def test_accented_letters_are_placed_after_their_letter_in_the_tables_order():
    french = LANGUAGES["fr"]  # its table: à â æ (all a), ..., then b
    assert sorted("bæâàa", key=french.order) == list("aàâæb")
    assert sorted("ûùuü", key=french.order) == list("uùûü")


def test_a_letter_folded_to_two_is_placed_after_the_first_and_one_with_none_last():
    made_up = Language(
        "xx",
        "Made-up",
        "abeo",
        {"æ": "ae", "ø": "o", "·": ""},
        others={
            "dot": {"·": "·"}  # the middle dot kept as a character of its own
        },
    )
    assert made_up.alphabet(KEEP).letters == "aæbeoø"
    assert made_up.alphabet("dot").letters == "abeo·"


def test_an_unknown_rule_is_refused_listing_the_languages_rules():
    message = "German has no accent rule 'oe'; choose from fold, keep, ss"
    with pytest.raises(ValueError, match=re.escape(message) + "$"):
        LANGUAGES["de"].table("oe")
