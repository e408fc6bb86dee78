"""Alphabets and accent rules against small hand-made tables: ñ is not n, ß, Turkish dotless
i, Cyrillic ё, letters that fold to two, the order of accented letters, what each rule says
it does, and the encoding of any alphabet up to 64 letters (Arrow words read in place,
whatever their bytes, the wrong one named)."""

import re

import numpy as np
import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lenwordle.engine.feedback import reply_for, reply_to_code
from lenwordle.engine.kernel import pattern_codes
from lenwordle.engine.state import GameState
from lenwordle.strategies.registry import make
from lenwordle.words.alphabet import AZ, ENGLISH, MAX_LETTERS, Alphabet
from lenwordle.words.languages import FOLD, KEEP, LANGUAGES, Language, UnknownLanguage, language
from lenwordle.words.wordlist import WordList

SPANISH, SPANISH_KEEP = LANGUAGES["es"].alphabet(), LANGUAGES["es"].alphabet(KEEP)


@pytest.mark.parametrize(
    ("code", "rule", "spelling", "word"),
    [
        ("es", FOLD, "acción", "accion"),  # accents fold...
        ("es", FOLD, "niño", "niño"),  # ...ñ is a letter
        ("es", FOLD, "PINGÜINO", "pinguino"),
        ("es", KEEP, "acción", "acción"),
        ("pt", FOLD, "AÇÃO", "acao"),  # Termo folds ç too
        ("pt", KEEP, "ação", "ação"),
        ("de", FOLD, "Straße", "strase"),  # the game's: ß is one tile, an s
        ("de", FOLD, "Größe", "grose"),
        ("de", "ss", "Größe", "grosse"),  # ß as two letters: one longer
        ("de", KEEP, "Straße", "straße"),  # kept, ß is one letter
        ("fr", FOLD, "œuvre", "ouvre"),  # the game's: œ is one tile, an o
        ("fr", FOLD, "chœur", "chour"),
        ("fr", "oe", "œuvre", "oeuvre"),  # œ as two letters
        ("fr", KEEP, "œuvre", "œuvre"),
        ("fr", FOLD, "Curaçao", "curacao"),
        ("fr", FOLD, "ex-æquo", "ex-aquo"),  # (the hyphen is not a letter: not a word)
        ("fr", "oe", "ex-æquo", "ex-aequo"),
        ("ca", FOLD, "caçar", "cacar"),  # the game's: ç is c
        ("ca", "cedilla", "caçar", "caçar"),  # ç a letter, the accents folded
        ("ca", "cedilla", "només", "nomes"),
        ("ru", FOLD, "ЁЛКА", "елка"),  # ё is е by default...
        ("ru", KEEP, "ЁЛКА", "ёлка"),  # ...a letter of its own when kept
        ("tr", KEEP, "ILIK", "ılık"),  # Turkish: I lowers to ı...
        ("tr", KEEP, "İSTANBUL", "istanbul"),  # ...and İ to i
        ("tr", FOLD, "Çiğdem", "cigdem"),
        ("ca", FOLD, "col·legi", "collegi"),  # l·l is ll
        ("pl", KEEP, "Żółw", "żółw"),
        ("pl", FOLD, "Żółw", "zolw"),
        ("sv", FOLD, "Café", "cafe"),
        ("sv", FOLD, "ÅÄÖ", "åäö"),  # letters of Swedish, not accents
    ],
)
def test_a_spelling_folds_to_the_game_word_by_the_rule(code, rule, spelling, word):
    assert LANGUAGES[code].alphabet(rule).fold(spelling) == word


@pytest.mark.parametrize(
    ("code", "fold", "keep"),
    [
        ("en", 26, 26),
        ("es", 27, 33),  # a-z ñ; then á é í ó ú ü
        ("pt", 26, 38),
        ("de", 26, 30),  # ä ö ü ß
        ("fr", 26, 42),
        ("pl", 26, 35),
        ("sv", 29, 30),
        ("ru", 32, 33),
        ("uk", 33, 33),
        ("ca", 26, 36),  # a-z; then à ç è é í ï ò ó ú ü
        ("tr", 24, 29),
    ],
)
def test_each_language_has_its_number_of_letters_by_rule(code, fold, keep):
    assert (LANGUAGES[code].alphabet(FOLD).size, LANGUAGES[code].alphabet(KEEP).size) == (
        fold,
        keep,
    )


def test_n_and_ñ_are_two_letters_of_spanish_and_one_word_is_not_the_other():
    codes = SPANISH.encode(["cana", "caña"], 4)
    assert codes[0, 2] != codes[1, 2]
    assert SPANISH.letters.index("ñ") == SPANISH.letters.index("n") + 1  # ñ sorts after n
    assert SPANISH.decode(codes) == ["cana", "caña"]


def test_the_default_rules_follow_each_game():
    defaults = {code: lang.default for code, lang in LANGUAGES.items()}
    assert [code for code, rule in defaults.items() if rule == KEEP] == ["pl", "tr"]
    assert LANGUAGES["es"].alphabet().fold("Ñandú") == "ñandu"
    assert LANGUAGES["de"].folds_to_two() == {} and LANGUAGES["fr"].folds_to_two() == {}
    assert LANGUAGES["de"].folds_to_two("ss") == {"ß": "ss"}
    assert LANGUAGES["fr"].folds_to_two("oe") == {"æ": "ae", "œ": "oe"}
    assert LANGUAGES["ca"].alphabet().letters == LANGUAGES["en"].alphabet().letters  # ç is c


@pytest.mark.parametrize(
    ("code", "rules"),
    [
        ("en", ("fold",)),
        ("uk", ("fold",)),
        ("es", ("fold", "keep")),
        ("de", ("fold", "keep", "ss")),
        ("fr", ("fold", "keep", "oe")),
        ("ca", ("fold", "keep", "cedilla")),
        ("pl", ("keep", "fold")),  # the game's rule first
        ("tr", ("keep", "fold")),
    ],
)
def test_each_language_offers_its_rules_its_games_first(code, rules):
    assert LANGUAGES[code].rules() == rules


@pytest.mark.parametrize(
    ("code", "rule", "size"),
    [("de", "ss", 26), ("fr", "oe", 26), ("ca", "cedilla", 27)],
)
def test_the_other_rules_have_their_letters(code, rule, size):
    alphabet = LANGUAGES[code].alphabet(rule)
    assert alphabet.size == size
    assert ("ç" in alphabet.letters) == (rule == "cedilla")


def test_a_rule_a_language_lacks_is_refused():
    with pytest.raises(ValueError, match="German has no accent rule 'oe'"):
        LANGUAGES["de"].alphabet("oe")
    assert LANGUAGES["uk"].alphabet(KEEP) == LANGUAGES["uk"].alphabet(FOLD)  # none to keep


def test_turkish_capitals_keep_their_dots():
    turkish = LANGUAGES["tr"].alphabet()
    assert turkish.upper("ılık") == "ILIK" and turkish.upper("istanbul") == "İSTANBUL"
    assert turkish.lower(turkish.upper("ıiğ")) == "ıiğ"
    assert ENGLISH.upper("istanbul") == "ISTANBUL"  # other languages dot no capital
    assert LANGUAGES["de"].alphabet(KEEP).upper("straße") == "STRAßE"  # ß has no capital here


def test_foreign_characters_are_named_in_order_once():
    russian = LANGUAGES["ru"].alphabet()
    assert russian.foreign("crane") == ["c", "r", "a", "n", "e"]
    assert russian.foreign("кот") == []
    assert SPANISH.foreign("ação") == ["ç", "ã"]
    assert not SPANISH.is_word("") and SPANISH.is_word("ñu")


def test_encode_refuses_a_word_of_another_length_or_alphabet():
    with pytest.raises(ValueError, match="not 4 letters"):
        SPANISH.encode(["casas"], 4)
    with pytest.raises(ValueError, match="not 4 letters"):
        SPANISH.encode(["cas"], 4)
    with pytest.raises(ValueError, match="'caçа'"):
        SPANISH.encode(["caçа"], 4)
    assert SPANISH.encode([], 4).shape == (0, 4)


def test_an_alphabet_has_at_most_64_distinct_letters():
    letters = "".join(chr(0x100 + i) for i in range(MAX_LETTERS))
    assert Alphabet(letters).size == MAX_LETTERS  # exactly at the limit
    with pytest.raises(ValueError, match="1 to 64 letters"):
        Alphabet(letters + "a")  # one past
    with pytest.raises(ValueError, match="repeated"):
        Alphabet("abca")
    with pytest.raises(ValueError, match="cannot fold"):
        Alphabet("abc", {"á": "x"})  # to a letter the game lacks
    with pytest.raises(ValueError, match="cannot fold"):
        Alphabet("abc", {"a": "b"})  # a letter of the game folds to nothing else


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_encoding_any_alphabet_gives_each_letter_its_index(data):
    size = data.draw(st.integers(1, MAX_LETTERS))
    letters = "".join(
        data.draw(st.permutations([chr(0x3B1 + i) for i in range(MAX_LETTERS)]))[:size]
    )
    alphabet = Alphabet(letters)
    k = data.draw(st.integers(1, 12))
    word = st.text(st.sampled_from(letters), min_size=k, max_size=k)  # letters, not a codec
    words = data.draw(st.lists(word, min_size=1, max_size=30))
    codes = alphabet.encode(words, k)
    assert codes.dtype == np.uint8
    assert codes.tolist() == [[letters.index(ch) for ch in word] for word in words]
    assert alphabet.decode(codes) == words


def test_an_unknown_language_lists_the_known_ones():
    with pytest.raises(UnknownLanguage, match="unknown language 'xx'; choose from en, es, pt"):
        language("xx")
    assert language("ru").name == "Russian"
    assert {"es", "pt", "de", "fr", "it", "nl", "pl", "sv", "ru", "uk", "ca", "tr"} < set(
        LANGUAGES
    )


LETTER_POOL = "абвгдеёжзийклмнопрстуфхцчшщъыьэюяabcdefghijklmnopqrstuvwxyzñçßøå"  # 64


@settings(max_examples=80, deadline=None)
@given(st.data())
def test_the_kernel_agrees_with_the_reference_scorer_on_any_alphabet(data):
    size = data.draw(st.integers(27, MAX_LETTERS), label="letters")
    letters = "".join(data.draw(st.permutations(LETTER_POOL)))[:size]
    used = letters[: data.draw(st.integers(2, size))]  # few letters: many repeats
    k = data.draw(st.integers(1, 11), label="k")
    word = st.text(st.sampled_from(used), min_size=k, max_size=k)  # letters, not a codec
    guesses = data.draw(st.lists(word, min_size=1, max_size=8))
    answers = data.draw(st.lists(word, min_size=1, max_size=40))
    alphabet = Alphabet(letters)
    codes = pattern_codes(alphabet.encode(guesses, k), alphabet.encode(answers, k))
    expected = [[reply_to_code(reply_for(g, a)) for a in answers] for g in guesses]
    assert codes.tolist() == expected


def test_a_game_of_64_letters_is_chosen_for_and_played_end_to_end():
    alphabet = Alphabet(LETTER_POOL)
    rng = np.random.default_rng(7)
    codes = rng.integers(0, MAX_LETTERS, (3000, 5))
    words = sorted({"".join(LETTER_POOL[c] for c in row) for row in codes})
    keys = alphabet.encode(words, 5)
    order = np.lexsort(keys.T[::-1])  # sorted by letter codes, as word lists are
    words = [words[i] for i in order]
    listed = WordList(
        pa.array(words, pa.large_string()),
        pa.array(np.full(len(words), 35, np.uint8)),
        5,
        alphabet=alphabet,
    )
    state = GameState.new(listed, uniform=True)
    assert state.candidates.letters == MAX_LETTERS
    answer = words[1234]
    for _ in range(8):
        guess = make().choose(state)
        reply = reply_for(guess, answer)
        if guess == answer:
            break
        state = state.after(guess, reply)
        assert state.could_be(answer)
    assert guess == answer


@pytest.mark.parametrize("rule", [FOLD, KEEP])
@pytest.mark.parametrize("code", list(LANGUAGES))
@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_the_kernel_agrees_with_the_reference_on_each_languages_letters(code, rule, data):
    alphabet = LANGUAGES[code].alphabet(rule)
    k = data.draw(st.integers(1, 11), label="k")
    used = data.draw(
        st.text(st.sampled_from(alphabet.letters), min_size=1, max_size=alphabet.size)
    )
    word = st.text(st.sampled_from(used), min_size=k, max_size=k)  # letters, not a codec
    guesses = data.draw(st.lists(word, min_size=1, max_size=6))
    answers = data.draw(st.lists(word, min_size=1, max_size=25))
    codes = pattern_codes(alphabet.encode(guesses, k), alphabet.encode(answers, k))
    assert codes.tolist() == [[reply_to_code(reply_for(g, a)) for a in answers] for g in guesses]


@pytest.mark.parametrize("n", [3, 4, 7])  # at the chunk, one past, and two chunks and one
def test_arrow_words_are_decoded_chunk_by_chunk_as_python_strings_are(monkeypatch, n):
    from lenwordle.words import alphabet as alphabet_module

    monkeypatch.setattr(alphabet_module, "ENCODE_CHUNK", 3)
    russian = LANGUAGES["ru"].alphabet()
    words = ["кот", "дом", "сад", "лес", "мир", "год", "рот"][:n]
    codes = russian.encode_array(pa.array(words), 3)
    assert codes.tolist() == russian.encode(words, 3).tolist()


def test_letters_past_two_utf8_bytes_are_decoded_too():
    wide = Alphabet("日月火水木金土")  # three bytes each: the general path
    words = ["日月火", "土金木"]
    assert wide.encode_array(pa.array(words), 3).tolist() == [[0, 1, 2], [6, 5, 4]]
    with pytest.raises(ValueError, match="'日月'"):
        wide.encode_array(pa.array(["日月"]), 3)


# --- encoding: Arrow words read in place, whatever their bytes ------------------------------

# Letter indices by hand: Russian а0 б1 в2 г3 д4 е5 ж6 з7 и8 й9 к10 л11 м12 н13 о14 п15 р16
# с17 т18 у19 ф20 х21 ц22 ч23 ш24 щ25 ъ26 ы27 ь28 э29 ю30 я31; a-z with ñ after n: a0 .. n13,
# ñ14, o15 .. z26.
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


# --- the order of accented letters, and what each rule does ---------------------------------


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
