"""The letters a language's dictionaries are read in: lenwordle's alphabets (one definition,
lenwordle/words/languages.py), the language's vowels, case, and a word typed without accents.

A word is lower-cased by the language's rules (Turkish I -> ı, İ -> i), put in Unicode NFC,
apostrophes in Ukrainian written as U+0027 (the apostrophe is a letter of Ukrainian
spelling: п'ять, м'ясо); every other word with a character outside the language's letters
(hyphen, apostrophe, digit, full stop, a foreign accent) is dropped, and counted. The
letters are a language's game letters and its accented letters, as lenwordle defines them:
- Catalan keeps the middle dot of the 'ela geminada' (col·legi, il·lusió) as a character
  of its own, only between two l's: the word stays the dictionary's spelling and its
  length counts the dot (col·legi has 8); the game folds it away (l·l is ll). Catalan
  words with any other use of the dot are dropped.
- Ukrainian keeps the apostrophe (SPELLING_MARKS), only between letters; the game leaves
  such words out.
- Dutch writes 'ij' as the two letters i and j (as every source does; a rare ligature ĳ
  would be dropped).
- Portuguese has no ü (the 1990 agreement dropped it: old lingüiça is dropped), Turkish no
  â î û (hâlâ, kâr are dropped; the plain spellings hala, kar stay), Swedish has é but no ü.
"""

import re
import unicodedata
from functools import cache

from lenwordle.words.alphabet import AZ, Alphabet
from lenwordle.words.languages import FOLD, LANGUAGES

MIN_LEN, MAX_LEN = 4, 11  # the lengths written (code points after NFC)
# characters a dictionary spells words with that are no letter of the language's game
SPELLING_MARKS = {"uk": "'"}
APOSTROPHES = "\u2019\u02bc\u2018`\u00b4"  # written as ' (U+0027) in Ukrainian
# A language's vowels: these letters (a-z's where none is named) and every accented letter
# its fold rule turns into one (á, ö, ё, œ). Turkish y is a consonant.
VOWELS = {
    "sv": "aeiouyåäö",
    "tr": "aeıiou",
    "ru": "аеиоуыэюя",
    "uk": "аеєиіїоуюя",
}
LATIN_VOWELS = "aeiouy"
UNDOTTED = {"ı": "i"}  # a Latin letter Unicode gives no base letter (typed as i)


@cache
def letters(code: str) -> str:
    """Return the characters a language's dictionary words are made of, in the game's
    order: its letters, its accented letters, and its SPELLING_MARKS."""
    language = LANGUAGES[code]
    order = language.letters + "".join(language.accents) + SPELLING_MARKS.get(code, "")
    return "".join(sorted(order, key=lambda ch: (*language.order(ch), order.index(ch))))


@cache
def alphabet(code: str) -> frozenset[str]:
    """Return the set of a language's letters (letters)."""
    return frozenset(letters(code))


@cache
def vowels(code: str) -> str:
    """Return a language's vowels (VOWELS), in the order of its letters."""
    base = VOWELS.get(code, LATIN_VOWELS)
    folded = {ch: to[:1] for ch, to in LANGUAGES[code].table(FOLD).items() if to}
    return "".join(ch for ch in letters(code) if folded.get(ch, ch) in base)


def has_vowel(code: str, word: str) -> bool:
    """Return whether word has a vowel of the language."""
    among = vowels(code)
    return any(ch in among for ch in word)


@cache
def game_alphabet(code: str) -> Alphabet:
    """Return the alphabet of the language's default game (its case rules)."""
    return LANGUAGES[code].alphabet()


def lower(code: str, text: str) -> str:
    """Return text lower-cased by the language's rules (Turkish I -> ı, İ -> i), in NFC."""
    return game_alphabet(code).lower(unicodedata.normalize("NFC", text))


def normalize(code: str, text: str) -> str:
    """Return a dictionary entry in NFC, trimmed, with the language's apostrophes made one."""
    text = unicodedata.normalize("NFC", text.strip())
    if "'" in SPELLING_MARKS.get(code, ""):
        for ch in APOSTROPHES:
            text = text.replace(ch, "'")
    return text


def letters_ok(code: str, word: str) -> bool:
    """Return whether the lower-cased word is made of the language's letters only (Catalan:
    a middle dot only between two l's; Ukrainian: an apostrophe only between letters)."""
    if not word or not alphabet(code).issuperset(word):
        return False
    if "·" in word:
        return word.count("·") == len(re.findall(r"(?<=l)·(?=l)", word))
    if "'" in word:
        return word[0] != "'" and word[-1] != "'" and "''" not in word
    return True


def case_kind(word: str) -> str:
    """Return 'lower', 'caps' (every letter a capital, two or more) or 'capitalized'."""
    if not any(ch.isupper() for ch in word):
        return "lower"
    if not any(ch.islower() for ch in word) and sum(ch.isalpha() for ch in word) > 1:
        return "caps"
    return "capitalized"


@cache
def plain_alphabet(code: str) -> Alphabet:
    """Return the letters a word of the language is typed in without its accents: every
    accent folded as lenwordle's fold rule folds it, but a letter some rule of the language
    spells as two spelled so (ß -> ss, œ -> oe, æ -> ae), and the Latin letters the game
    keeps typed as their base letter (ñ -> n, å -> a, ı -> i)."""
    language = LANGUAGES[code]
    table = language.table(FOLD)
    for rule in language.others:
        table |= language.folds_to_two(rule)
    for ch in language.letters:
        if ch not in AZ and unicodedata.name(ch).startswith("LATIN"):
            table[ch] = UNDOTTED.get(ch) or unicodedata.normalize("NFD", ch)[0]
    folds = {ch: to for ch, to in table.items() if to != ch}
    kept = "".join(ch for ch in language.letters if ch not in folds)
    return Alphabet(kept, folds, language.dotted_i)


def fold(code: str, word: str) -> str:
    """Return the word as it is typed without its accents (être -> etre, może -> moze,
    cœur -> coeur, straße -> strasse, måste -> maste, ёлка -> елка, col·legi -> collegi),
    by plain_alphabet's folds."""
    return plain_alphabet(code).fold(word)
