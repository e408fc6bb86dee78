"""Regenerate wordlists/lang/<code>.parquet, the word data of the languages other than English,
from Debian's plain word lists, Debian's hunspell dictionaries expanded to every word form,
and word frequencies from `wordfreq`.

Sources, per language (SOURCES below; every Debian package's version goes to BUILD-INFO.txt):
- plain: the word list a Debian `w*` package puts in /usr/share/dict (wspanish, wngerman,
  wfrench, witalian, wbrazilian, wdutch, wpolish, wswedish, wukrainian, wcatalan). Russian
  and Turkish have none in Debian.
- hunspell: the Debian `hunspell-*` dictionary (/usr/share/hunspell/<name>.dic + .aff),
  expanded to every word form by this script's own expander (expand_dictionary), not by
  hunspell-tools' `unmunch`: unmunch reads one-character flags only, so it prints garbage
  for the dictionaries with `FLAG long` (fr, nl, ca) and nothing for `FLAG num` (tr); and
  it keeps every elided or clitic form (Italian nell'..., Portuguese -lhes-ia, Catalan
  -se'ls: 36, 83 and 181 million lines). The expander reads the .aff's SET encoding (Polish
  is ISO8859-2, pt_BR starts with a byte-order mark) and FLAG type (single, long, num,
  UTF-8), and applies hunspell's rules: prefixes and suffixes with their strip strings and
  conditions, suffix continuation classes (two suffixes), cross products (one prefix with a
  suffix), NEEDAFFIX, CIRCUMFIX, ONLYINCOMPOUND (such roots and affixes are left out),
  FORBIDDENWORD (such forms are taken away). It leaves out compounds (German, Dutch and
  Swedish compounds that the .dic does not list as a whole are missing: their number is
  unbounded) and, to stay small, every affix whose added text has a character outside the
  language's alphabet (elisions, clitics, the German dictionary's '-a' compound tails);
  stems with such characters are skipped and counted.
  Turkish: Debian has `hunspell-tr` (MPL-2.0, `FLAG num`), used as the Turkish dictionary.
  Portuguese: Termo, the game, is Brazilian, and wordfreq's Portuguese mixes both
  variants; 'pt' uses the Brazilian sources (wbrazilian, hunspell-pt-br). BUILD-INFO.txt
  also measures wportuguese and hunspell-pt-pt on the same top words, to show what the
  European sources would add (they are not written).
- wordfreq: every word gets its Zipf frequency (log10 of its frequency per billion words,
  0 = unknown) of that spelling in that language, from the 'large' list where wordfreq has
  one (all but Turkish, which has 'small' only); the lookup key is wordfreq's own
  normalization of the word (preprocess_text: German straße and strasse both look up
  'strasse', as wordfreq.zipf_frequency does).

Letters: each language's alphabet is ALPHABETS below (a-z, or Cyrillic, plus its own
letters). A word is lower-cased by the language's rules (Turkish I -> ı, İ -> i), put in
Unicode NFC, apostrophes in Ukrainian written as U+0027 (the apostrophe is a letter of
Ukrainian: п'ять, м'ясо); every other word with a character outside the alphabet (hyphen,
apostrophe, digit, full stop, a foreign accent) is dropped, and counted. Choices:
- Catalan keeps the middle dot of the 'ela geminada' (col·legi, il·lusió) as a character
  of its own, only between two l's: the word stays the dictionary's spelling and its
  length counts the dot (col·legi has 8); an engine that wants l·l as two letters can
  drop it. Catalan words with any other use of the dot are dropped.
- Dutch writes 'ij' as the two letters i and j (as every source does; a rare ligature ĳ
  would be dropped). Dutch keeps the accents found in its sources (é, ë, ï, è, ö, ü, ó, ê,
  á, ç, ä, í, à, û, â, ú, î, ô).
- Portuguese has no ü (the 1990 agreement dropped it: old lingüiça is dropped), Turkish no
  â î û (hâlâ, kâr are dropped; the plain spellings hala, kar stay), Swedish has é but no ü.
Lengths: words of MIN_LEN to MAX_LEN letters (code points after NFC) are written.

Classes, as in English (word_class): a word (the lower-cased key) is
- an abbreviation if it has no vowel of the language (VOWELS);
- in Russian (BARE_CUTS), an abbreviation if it is cut from a longer word (truncations):
  ru_RU.dic lists abbreviations in lower case as bare entries, with no affix flag (прибл
  for приблизительно, англ, иссл, техн); such an entry is one when it ends in a cluster of
  consonants that fewer than RARE_END of the dictionary's inflected forms end in (бл: only
  вобл; нгл: only сингл; a doubled last letter counts once: буфф ends in ф), it begins a
  longer word of the dictionary (спиричуэлс, штабс begin none), and it is no inflected
  word's form without an ending (русл of русло, солнц of солнце, мертв of мертвый: a
  dictionary form is it and a vowel). It finds 31 of 4-11 letters, two of them heads of
  hyphenated compounds that never stand alone (статс-, конференц-); ЗОМБИ, ТАКСИ, ВДРУГ
  end in a vowel or one consonant and stay, and so do the abbreviations that end in one
  (акад, эквив) or in a cluster more inflected forms end in (арифм, соотв);
- a word if any dictionary source writes it in lower case;
- an abbreviation if a dictionary writes it only in capitals;
- a name if a dictionary writes it only capitalized;
- German is the exception to the last rule, because every German noun is capitalized: a
  capitalized form is a noun (a word) when hunspell derives it from a stem that carries
  the dictionary's compound-tail flag 'm' (which igerman98 gives to common nouns, Haus,
  Zitrone, and to countries, Norwegen, but not to names of persons, Peter, Schiller);
  otherwise a name.
- Words that only wordfreq knows (no dictionary has them in any case; 4-11 letters) are
  first filtered (wordfreq_filter): not added are those with no vowel, English words at
  least as frequent in English (lenwordle's wordlists/NN.tsv), SCOWL's proper names,
  capitalized words, abbreviations and Roman numerals (Debian `scowl`), a dictionary word
  typed without its accents (etre, moze, onemli), and for Ukrainian and Catalan a word of
  the neighbour language their texts quote (NEIGHBOUR: Russian, Spanish). The rest are
  added at Zipf >= ADD_ZIPF, a threshold measured per language: `--measure` prints, per
  Zipf band, how many wordfreq words the dictionaries know and a random sample of the
  wordfreq-only words that pass the filters; those samples were judged by hand (JUDGED:
  real words of the language, colloquial ones included, against names, brands, foreign
  words, misspellings, laughs), and ADD_ZIPF is the lowest judged edge at which at least
  MIN_REAL (half) of the words that would be added are real (the bands' shares weighted by
  their counts), or none at all. The measured result: German 3.25 (compounds the
  dictionary lacks: sterbehilfe, zahnpasta), Dutch, Swedish and Ukrainian 3.75, Catalan
  4.0; in Spanish, Portuguese, French, Italian, Polish, Russian and Turkish no band gets
  there (what wordfreq alone knows is mostly names, English, old or accentless spellings),
  so none is added. BUILD-INFO.txt records the judged counts, the curves and the reasons.
Words and names are written (abbreviations are not): a name is a possible answer at the
small weight the prior gives names. The `sources` column says who has the word: 1 the plain
list, 2 hunspell, 4 wordfreq (Zipf > 0). The `marks` column holds the prior's signals, as in
English: 1 NAME (class name), 2 DERIVED (a form a hunspell dictionary makes from a stem by
an affix rule, a plural, a conjugated or declined form, and that is no lower-case .dic
entry of its own (nor, in German, a noun: Haus): Spanish casas, cantaban, niños are marked;
casa, cantar, Madrid are not, nor is a word only a plain list or wordfreq knows).

Output, per language: wordlists/lang/<code>.parquet, zstd-compressed Parquet, columns word
(string), zipf (float32, 2 decimals), sources (uint8), marks (uint8), length (uint8, the
word's code points), sorted by length then word, one row group per length (a reader of one
length reads its row groups only); the word column is stored with DELTA_BYTE_ARRAY (shared
prefixes of sorted words, then zstd).
BUILD-INFO.txt records the versions, settings, dropped counts, words per length of each
source and of the output, coverage of wordfreq's top words, the threshold curves and the
licences; LICENSES/ holds each Debian package's copyright file. The run checks some words
(SANITY) and fails if one is missing.

Run (wordfreq and pyarrow are needed by this script only; lenwordle reads the Parquet files):
  apt-get install wspanish wngerman wfrench witalian wbrazilian wportuguese wdutch wpolish \\
      wswedish wukrainian wcatalan hunspell-es hunspell-pt-br hunspell-pt-pt hunspell-de-de \\
      hunspell-fr hunspell-it hunspell-nl hunspell-pl hunspell-sv hunspell-ru hunspell-uk \\
      hunspell-ca hunspell-tr hunspell
  pip install wordfreq==3.1.1 pyarrow
  nice -n 10 python wordlists/build_languages.py [CODE ...]   # all languages by default
  (it then runs count_languages.py: lang/counts.json, the words per length of each rule)
  python wordlists/build_languages.py --measure CODE ...      # threshold curves and samples
(`hunspell`, the program, is optional: with it the run checks a sample of the expanded forms
against hunspell itself and records the share it accepts.)
"""

from __future__ import annotations

import bisect
import math
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from importlib.metadata import version
from pathlib import Path

from build_wordlists import package_version  # (this folder is on the path when run)

CODES = ("es", "pt", "de", "fr", "it", "nl", "pl", "sv", "ru", "uk", "ca", "tr")
WRITTEN = ("word", "name")  # the classes written: a name is a possible answer, rarely
NAME, DERIVED = 1, 2  # the `marks` bits, as in English (build_wordlists.py)
MIN_LEN, MAX_LEN = 4, 11
AZ = "abcdefghijklmnopqrstuvwxyz"
ALPHABETS = {
    "es": AZ + "áéíóúüñ",
    "pt": AZ + "áâãàçéêíóôõú",
    "de": AZ + "äöüß",
    "fr": AZ + "àâæçéèêëîïôœùûüÿ",
    "it": AZ + "àèéìíîòóùú",
    "nl": AZ + "áàâäçéèêëíîïóôöúûü",
    "pl": AZ + "ąćęłńóśźż",
    "sv": AZ + "åäöé",
    "ru": "абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
    "uk": "абвгґдеєжзиіїйклмнопрстуфхцчшщьюя'",
    "ca": AZ + "àçèéíïòóúü·",
    "tr": "abcçdefgğhıijklmnoöprsştuüvyz",
}
VOWELS = {
    "es": "aeiouyáéíóúü",
    "pt": "aeiouyáâãàéêíóôõú",
    "de": "aeiouyäöü",
    "fr": "aeiouyàâæéèêëîïôœùûüÿ",
    "it": "aeiouyàèéìíîòóùú",
    "nl": "aeiouyáàâäéèêëíîïóôöúûü",
    "pl": "aeiouyąęó",
    "sv": "aeiouyåäöé",
    "ru": "аеёиоуыэюя",
    "uk": "аеєиіїоуюя",
    "ca": "aeiouyàèéíïòóúü",
    "tr": "aeıioöuü",
}
DICT = Path("/usr/share/dict")
HUNSPELL_DIR = Path("/usr/share/hunspell")


@dataclass
class Source:
    """One word list: a plain file of /usr/share/dict or a hunspell dictionary stem."""

    package: str
    path: str  # /usr/share/dict/<file>, or the hunspell stem (without .dic/.aff)
    kind: str  # 'plain' or 'hunspell'


def plain(package: str, name: str) -> Source:
    return Source(package, str(DICT / name), "plain")


def hunspell(package: str, stem: str) -> Source:
    return Source(package, str(HUNSPELL_DIR / stem), "hunspell")


SOURCES = {
    "es": [plain("wspanish", "spanish"), hunspell("hunspell-es", "es_ES")],
    "pt": [plain("wbrazilian", "brazilian"), hunspell("hunspell-pt-br", "pt_BR")],
    "de": [plain("wngerman", "ngerman"), hunspell("hunspell-de-de", "de_DE")],
    "fr": [plain("wfrench", "french"), hunspell("hunspell-fr", "fr")],
    "it": [plain("witalian", "italian"), hunspell("hunspell-it", "it_IT")],
    "nl": [plain("wdutch", "dutch"), hunspell("hunspell-nl", "nl")],
    "pl": [plain("wpolish", "polish"), hunspell("hunspell-pl", "pl_PL")],
    "sv": [plain("wswedish", "swedish"), hunspell("hunspell-sv", "sv_SE")],
    "ru": [hunspell("hunspell-ru", "ru_RU")],
    "uk": [plain("wukrainian", "ukrainian"), hunspell("hunspell-uk", "uk_UA")],
    "ca": [plain("wcatalan", "catalan"), hunspell("hunspell-ca", "ca")],
    "tr": [hunspell("hunspell-tr", "tr_TR")],
}
# measured for comparison only (BUILD-INFO.txt), never written
EXTRA_SOURCES = {
    "pt": [plain("wportuguese", "portuguese"), hunspell("hunspell-pt-pt", "pt_PT")],
}
NOUN_FLAG = {"de": "m"}
# languages whose hunspell dictionary lists abbreviations in lower case, as entries with no
# affix flag (truncations)
BARE_CUTS = ("ru",)
RARE_END = 3  # a final cluster fewer inflected forms end in is rare (as in English)
NOT_CLUSTER = {"ru": "йьъ"}  # letters that are no vowel and end no cluster of consonants
# wordfreq-only words that are words of this other language are not added (Ukrainian text
# quotes much Russian, Catalan text Spanish)
NEIGHBOUR = {"uk": "ru", "ca": "es"}
SCOWL_DIR = Path(
    "/usr/share/dict/scowl"
)  # capitalized forms of stems with this hunspell flag are nouns
# The wordfreq-only words that pass wordfreq_filter, judged by hand (a real word of the
# language, colloquial included, or not: a name, brand, foreign word, misspelling, laugh):
# {band's lower Zipf edge: (real, judged)}, from the random samples `--measure` prints (seed
# SAMPLE_SEED; a band's judgement holds for the bands above it up to the next judged one).
JUDGED = {
    "es": {3.0: (9, 31), 3.25: (11, 30), 3.5: (10, 30), 3.75: (10, 23), 4.0: (2, 11)},
    "pt": {3.5: (3, 31), 3.75: (1, 21), 4.0: (4, 17)},
    "de": {
        2.75: (10, 30),
        3.0: (13, 30),
        3.25: (19, 30),
        3.5: (14, 29),
        3.75: (17, 36),
        4.0: (18, 29),
        4.25: (8, 12),
    },
    "fr": {3.25: (0, 32), 3.5: (3, 35), 3.75: (3, 19)},
    "it": {3.5: (3, 34), 3.75: (5, 22), 4.0: (3, 10)},
    "nl": {3.5: (5, 14), 3.75: (3, 7), 4.0: (3, 5)},
    "pl": {3.25: (2, 23), 3.5: (1, 13), 3.75: (0, 8)},
    "sv": {3.0: (7, 29), 3.25: (6, 26), 3.5: (7, 26), 3.75: (6, 15), 4.0: (8, 13)},
    "ru": {3.0: (3, 16), 3.5: (0, 18), 4.0: (1, 19)},
    "uk": {3.5: (5, 15), 3.75: (8, 16), 4.0: (10, 16), 4.25: (2, 8), 4.5: (5, 9)},
    "ca": {3.5: (6, 28), 3.75: (3, 7), 4.0: (1, 2)},
    "tr": {4.0: (6, 29), 4.25: (10, 26), 4.5: (11, 30)},
}
MIN_REAL = 0.5  # ADD_ZIPF: the lowest judged edge whose added words are at least this real
TOP_N = 500  # coverage: wordfreq's most frequent words of each COVERAGE_LENGTHS
COVERAGE_LENGTHS = (5, 7)
BANDS = (
    1.0,
    2.0,
    2.5,
    2.75,
    3.0,
    3.25,
    3.5,
    3.75,
    4.0,
    4.25,
    4.5,
    5.0,
)  # lower edges of Zipf bands
SAMPLE_SEED = 20240501
SANITY = {
    "es": ("andan", "niño", "casa", "pingüino"),
    "pt": ("termo", "coração", "ação", "irmão"),
    "de": ("straße", "haus", "zitrone", "mädchen"),
    "fr": ("maison", "élève", "cœur", "noël"),
    "it": ("città", "perché", "casa", "gatto"),
    "nl": ("ijzer", "ruïne", "fiets", "huis"),
    "pl": ("żółw", "jabłko", "łódka"),
    "sv": ("huset", "öppen", "åtta"),
    "ru": ("ёлка", "елка", "слово", "мышь"),
    "uk": ("п'ять", "слово", "їжак", "ґанок"),
    "ca": ("col·legi", "plaça", "casa"),
    "tr": ("ılık", "ışık", "kitap", "güzel"),
}
NAMES = {  # names, written with the NAME mark (a possible answer, at a name's weight)
    "es": ("madrid",),
    "de": ("peter", "schiller"),
    "fr": ("londres",),  # (paris is also the plural of pari)
    "it": ("roma",),
    "tr": ("istanbul",),
    "ru": ("москва",),
}
LICENCES = {  # read from /usr/share/doc/<package>/copyright (for the word lists themselves)
    "wspanish": "public domain",
    "wbrazilian": "GPL-2",
    "wportuguese": "GPL-2+ or LGPL-2.1+ or MPL-1.1",
    "wngerman": "GPL-2+ (the ispell affix file: BSD-4-clause)",
    "wfrench": "GPL-2+",
    "witalian": "GPL-3+",
    "wdutch": "BSD (revised) or CC-BY-3.0, at the user's choice (OpenTaal)",
    "wpolish": "GPL-2 or LGPL-2.1 or MPL-1.1 or Apache-2.0 or CC-BY-4.0",
    "wswedish": "GPL-2+",
    "wukrainian": "GPL-2+ or LGPL-2+",
    "wcatalan": "GPL-2+",
    "hunspell-es": "GPL-3+ or LGPL-3+ or MPL-1.1+",
    "hunspell-pt-br": "LGPL-3 or MPL",
    "hunspell-pt-pt": "GPL-2 or LGPL-2.1 or MPL-1.1",
    "hunspell-de-de": "GPL-2+ (the ispell affix file: BSD-4-clause)",
    "hunspell-fr": "MPL-2.0",
    "hunspell-it": "GPL-3",
    "hunspell-nl": "BSD (revised) or CC-BY-3.0, at the user's choice (OpenTaal)",
    "hunspell-pl": "GPL or LGPL or MPL or Apache-2.0 or CC-SA-1.0",
    "hunspell-sv": "LGPL-3",
    "hunspell-ru": (
        "custom BSD-style, 4 clauses incl. 'modified versions must be clearly marked' "
        "(A. I. Lebedev)"
    ),
    "hunspell-uk": "GPL-2+ or LGPL-2.1+ or MPL-1.1",
    "hunspell-ca": "GPL-2+ and LGPL-2.1+",
    "hunspell-tr": "MPL-2.0",
}
# the hunspell-* packages built from libreoffice-dictionaries share one copyright file
SHARED_COPYRIGHT = "libreoffice-dictionaries"
APOSTROPHES = "\u2019\u02bc\u2018`\u00b4"  # written as ' (U+0027) in Ukrainian


# --- letters -------------------------------------------------------------------------------


def lower(code: str, text: str) -> str:
    """Return text lower-cased by the language's rules (Turkish I -> ı, İ -> i), in NFC."""
    text = unicodedata.normalize("NFC", text)
    if code == "tr":
        text = text.replace("I", "ı").replace("İ", "i")
    return unicodedata.normalize("NFC", text.lower())


def normalize(code: str, text: str) -> str:
    """Return the entry in NFC, with the language's apostrophes made one."""
    text = unicodedata.normalize("NFC", text.strip())
    if code == "uk":
        for ch in APOSTROPHES:
            text = text.replace(ch, "'")
    return text


def letters_ok(code: str, word: str, alphabet: frozenset[str]) -> bool:
    """True if the lower-cased word is made of the language's letters only (Catalan: a middle
    dot only between two l's; Ukrainian: an apostrophe only between letters)."""
    if not word or not alphabet.issuperset(word):
        return False
    if code == "ca" and "·" in word:
        return word.count("·") == len(re.findall(r"(?<=l)·(?=l)", word))
    if code == "uk" and "'" in word:
        return word[0] != "'" and word[-1] != "'" and "''" not in word
    return True


def case_kind(word: str) -> str:
    """Return 'lower', 'caps' (every letter a capital, two or more) or 'capitalized'."""
    if not any(ch.isupper() for ch in word):
        return "lower"
    if not any(ch.islower() for ch in word) and sum(ch.isalpha() for ch in word) > 1:
        return "caps"
    return "capitalized"


# --- hunspell ------------------------------------------------------------------------------


@dataclass
class Affix:
    strip: str
    add: str
    cont: frozenset
    cond: re.Pattern | None
    width: int  # characters the condition spans
    cross: bool

    def suffix(self, word: str) -> str | None:
        """Return word with this suffix, or None if the rule does not apply."""
        if len(word) <= len(self.strip) or not word.endswith(self.strip):
            return None
        if self.cond is not None and (
            len(word) < self.width or not self.cond.fullmatch(word[len(word) - self.width :])
        ):
            return None
        return word[: len(word) - len(self.strip)] + self.add

    def prefix(self, word: str) -> str | None:
        """Return word with this prefix, or None if the rule does not apply."""
        if len(word) <= len(self.strip) or not word.startswith(self.strip):
            return None
        if self.cond is not None and (
            len(word) < self.width or not self.cond.fullmatch(word[: self.width])
        ):
            return None
        return self.add + word[len(self.strip) :]


def condition(cond: str) -> tuple[re.Pattern | None, int]:
    """Return a hunspell affix condition as a regular expression and the characters it spans."""
    if cond in (".", ""):
        return None, 0
    parts, i = [], 0
    while i < len(cond):
        if cond[i] == "[":
            j = cond.index("]", i + 1)
            inner = cond[i + 1 : j]
            neg = inner.startswith("^")
            chars = "".join(re.escape(c) for c in (inner[1:] if neg else inner))
            parts.append(f"[{'^' if neg else ''}{chars}]")
            i = j + 1
        else:
            parts.append("." if cond[i] == "." else re.escape(cond[i]))
            i += 1
    return re.compile("".join(parts), re.S), len(parts)


@dataclass
class Aff:
    flag_type: str = "short"
    encoding: str = "ISO8859-1"
    pfx: dict = field(default_factory=dict)
    sfx: dict = field(default_factory=dict)
    special: dict = field(default_factory=dict)  # NEEDAFFIX, CIRCUMFIX, ... -> flag
    aliases: list = field(default_factory=list)  # AF
    skipped_affixes: int = 0

    def flags(self, text: str) -> frozenset:
        """Return the set of flags written as text (by FLAG type, or an AF alias number)."""
        if self.aliases and text.isdigit():
            n = int(text)
            return self.aliases[n - 1] if 0 < n <= len(self.aliases) else frozenset()
        if self.flag_type == "long":
            return frozenset(text[i : i + 2] for i in range(0, len(text) - 1, 2))
        if self.flag_type == "num":
            return frozenset(f for f in text.split(",") if f)
        return frozenset(text)

    def flag(self, name: str):
        return self.special.get(name)


def read_text(path: Path, encoding: str | None = None) -> str:
    """Return a dictionary file's text: SET encoding (or UTF-8, else Latin-1), BOM removed."""
    data = path.read_bytes()
    if encoding is None:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = data.decode("latin-1")
    else:
        text = data.decode(encoding, "replace")
    return text.lstrip("\ufeff")


def read_aff(path: Path, keep_add) -> Aff:
    """Parse a .aff file; affixes whose added text fails keep_add are left out (counted)."""
    raw = path.read_bytes().lstrip(b"\xef\xbb\xbf")
    aff = Aff()
    m = re.search(rb"^SET\s+(\S+)", raw, re.M)
    aff.encoding = m.group(1).decode() if m else "ISO8859-1"
    codec = {"UTF-8": "utf-8", "ISO8859-2": "iso8859_2", "ISO8859-1": "latin-1"}.get(
        aff.encoding.upper(), aff.encoding
    )
    lines = raw.decode(codec, "replace").splitlines()
    for line in lines:
        f = line.split()
        if len(f) >= 2 and f[0] == "FLAG":
            aff.flag_type = {"long": "long", "num": "num", "UTF-8": "utf8"}.get(f[1], "short")
    i = 0
    while i < len(lines):
        f = lines[i].split()
        i += 1
        if not f:
            continue
        key = f[0]
        if key == "AF" and len(f) >= 2 and not f[1].isdigit():
            aff.aliases.append(aff.flags(f[1]))
        elif (
            key in ("NEEDAFFIX", "PSEUDOROOT", "CIRCUMFIX", "ONLYINCOMPOUND", "FORBIDDENWORD")
            and len(f) >= 2
        ):
            aff.special["NEEDAFFIX" if key == "PSEUDOROOT" else key] = f[1]
        elif key in ("PFX", "SFX") and len(f) >= 4 and f[2] in "YN" and f[3].isdigit():
            name, cross, count = f[1], f[2] == "Y", int(f[3])
            rules = (aff.pfx if key == "PFX" else aff.sfx).setdefault(name, [])
            for line in lines[i : i + count]:
                r = line.split()
                if len(r) < 4 or r[0] != key or r[1] != name:
                    continue
                strip = "" if r[2] == "0" else r[2]
                add, _, cont = r[3].partition("/")
                add = "" if add == "0" else add
                if not keep_add(add):
                    aff.skipped_affixes += 1
                    continue
                cond, width = condition(r[4] if len(r) > 4 else ".")
                rules.append(Affix(strip, add, aff.flags(cont), cond, width, cross))
            i += count
    return aff


def dic_entries(path: Path, aff: Aff):
    """Yield (word, flags) of a .dic file (morphological fields and multi-word entries left
    out)."""
    codec = {"UTF-8": "utf-8", "ISO8859-2": "iso8859_2", "ISO8859-1": "latin-1"}.get(
        aff.encoding.upper(), aff.encoding
    )
    lines = read_text(path, codec).splitlines()
    for line in lines[1:]:
        entry = line.split("\t")[0].strip()
        if not entry or entry.startswith("#"):
            continue
        tokens = entry.split(" ")
        if len(tokens) > 1:
            if ":" in tokens[0] or any(":" not in t for t in tokens[1:]):
                continue  # a phrase, or a line of fields only
            entry = tokens[0]
        word, _, flags = entry.replace("\\/", "\0").partition("/")
        yield word.replace("\0", "/"), aff.flags(flags)


def expand(aff: Aff, word: str, flags: frozenset, emit) -> None:
    """Call emit(form) for the word and every form hunspell derives from it by its affixes."""
    needaffix, onlycompound = aff.flag("NEEDAFFIX"), aff.flag("ONLYINCOMPOUND")
    circumfix = aff.flag("CIRCUMFIX")
    alone_bad = {f for f in (needaffix, onlycompound) if f}
    if onlycompound in flags:
        return
    if not alone_bad & flags:
        emit(word)
    suffixed = []  # (form, continuation flags, cross product, circumfix)
    for f in flags:
        for a in aff.sfx.get(f, ()):
            w1 = a.suffix(word)
            if w1 is None or onlycompound in a.cont:
                continue
            circ1 = circumfix in a.cont
            if not (alone_bad & a.cont) and not circ1:
                emit(w1)
            suffixed.append((w1, a.cont, a.cross, circ1))
            for g in a.cont:
                for b in aff.sfx.get(g, ()):
                    w2 = b.suffix(w1)
                    if w2 is None or onlycompound in b.cont:
                        continue
                    circ2 = circ1 or circumfix in b.cont
                    if not (alone_bad & b.cont) and not circ2:
                        emit(w2)
                    suffixed.append((w2, a.cont | b.cont, a.cross and b.cross, circ2))
    for f in flags:
        for p in aff.pfx.get(f, ()):
            wp = p.prefix(word)
            if wp is None or onlycompound in p.cont:
                continue
            circ = circumfix in p.cont
            if not (alone_bad & p.cont) and not circ:
                emit(wp)
            for g in p.cont:  # suffixes the prefix's continuation allows
                for b in aff.sfx.get(g, ()):
                    if p.cross and b.cross and (circumfix in b.cont) == circ:
                        w = b.suffix(wp)
                        if w is not None:
                            emit(w)
    for ws, cont, cross, circ in suffixed:
        if not cross:
            continue
        for f in flags | cont:
            for p in aff.pfx.get(f, ()):
                if p.cross and (circumfix in p.cont) == circ and onlycompound not in p.cont:
                    w = p.prefix(ws)
                    if w is not None:
                        emit(w)


@dataclass
class Forms:
    """The case-classed forms of one source, by lower-cased key, with drop counts."""

    lower: set = field(default_factory=set)
    capitalized: set = field(default_factory=set)
    caps: set = field(default_factory=set)
    nouns: set = field(default_factory=set)  # German capitalized forms of noun stems
    stems: set = field(default_factory=set)  # hunspell: the keys of lower-case .dic entries
    # (and of German nouns, Haus)
    affixed: set = field(default_factory=set)  # hunspell: the keys of forms an affix makes
    cut: set = field(default_factory=set)  # hunspell, BARE_CUTS: abbreviations (truncations)
    dropped: int = 0  # entries (plain) or stems (hunspell) with other characters
    entries: int = 0
    skipped_affixes: int = 0
    raw_forms: int = 0  # hunspell forms generated, before letters and lengths

    def add(self, code: str, text: str, alphabet: frozenset, noun: bool = False) -> bool:
        text = normalize(code, text)
        key = lower(code, text)
        if not letters_ok(code, key, alphabet):
            return False
        if not MIN_LEN <= len(key) <= MAX_LEN:
            return True
        kind = case_kind(text)
        if kind == "lower":
            self.lower.add(key)
        elif kind == "caps":
            self.caps.add(key)
        else:
            self.capitalized.add(key)
            if noun:
                self.nouns.add(key)
        return True

    def all(self) -> set:
        return self.lower | self.capitalized | self.caps


def read_plain(code: str, src: Source) -> Forms:
    """Return the classed words of a plain /usr/share/dict list."""
    alphabet = frozenset(ALPHABETS[code])
    forms = Forms()
    for line in read_text(Path(src.path)).splitlines():
        line = line.strip()
        if not line:
            continue
        forms.entries += 1
        if not forms.add(code, line, alphabet):
            forms.dropped += 1
    return forms


def expand_dictionary(code: str, src: Source) -> Forms:
    """Return the classed forms of a hunspell dictionary, expanded (module docstring)."""
    alphabet = frozenset(ALPHABETS[code])
    allowed = alphabet | {ch.upper() for ch in alphabet} | {"I", "İ"}

    def keep_add(add: str) -> bool:
        return set(normalize(code, add)) <= allowed

    aff = read_aff(Path(src.path + ".aff"), keep_add)
    forms = Forms(skipped_affixes=aff.skipped_affixes)
    forbidden: set[str] = set()
    noun_flag = NOUN_FLAG.get(code)
    forbid = aff.flag("FORBIDDENWORD")
    bare: set[str] = set()  # (BARE_CUTS) lower-case entries with no affix flag
    inflected: set[str] = set()  # (BARE_CUTS) the forms of lower-case entries with flags
    for word, flags in dic_entries(Path(src.path + ".dic"), aff):
        forms.entries += 1
        if not letters_ok(code, lower(code, normalize(code, word)), alphabet):
            forms.dropped += 1
            continue
        if forbid and forbid in flags:
            expand(aff, word, flags - {forbid}, lambda w: forbidden.add(normalize(code, w)))
            continue
        noun = bool(noun_flag and noun_flag in flags)
        if case_kind(normalize(code, word)) == "lower" or noun:  # (a German noun: Haus)
            forms.stems.add(lower(code, normalize(code, word)))
        out: list[str] = []
        expand(aff, word, flags, out.append)
        forms.raw_forms += len(out)
        if code in BARE_CUTS and case_kind(normalize(code, word)) == "lower":
            if flags:
                inflected.update(lower(code, normalize(code, w)) for w in out)
            else:
                bare.add(lower(code, normalize(code, word)))
        for w in out:
            if MIN_LEN <= len(w) <= MAX_LEN + 2 and normalize(code, w) not in forbidden:
                forms.add(code, w, alphabet, noun)
                if w != word:  # made by an affix rule
                    forms.affixed.add(lower(code, normalize(code, w)))
    for w in forbidden:  # forbidden forms of later entries too
        key = lower(code, w)
        kind = case_kind(w)
        {"lower": forms.lower, "caps": forms.caps}.get(kind, forms.capitalized).discard(key)
    forms.cut = truncations(code, bare, inflected) if code in BARE_CUTS else set()
    return forms


def final_cluster(code: str, word: str) -> str:
    """Return the consonants that end the word, a doubled last letter once (буфф: ф)."""
    others = set(VOWELS[code] + NOT_CLUSTER.get(code, ""))
    consonants = "".join(c for c in ALPHABETS[code] if c not in others)
    cluster = word[len(word.rstrip(consonants)) :]
    return cluster[:-1] if cluster[-2:-1] == cluster[-1:] else cluster


def truncations(code: str, bare: set[str], inflected: set[str]) -> set[str]:
    """Return the bare entries (no affix flag) that are abbreviations cut from a longer word:
    ending in a cluster of consonants that fewer than RARE_END inflected forms end in,
    beginning a longer word, and no inflected word's form without an ending (not it + a
    vowel)."""
    ends = Counter(final_cluster(code, w) for w in inflected)
    every = sorted(bare | inflected)

    def begins_longer(word: str) -> bool:
        i = bisect.bisect_right(every, word)
        return i < len(every) and every[i].startswith(word)

    return {
        w
        for w in bare
        if len(final_cluster(code, w)) >= 2
        and ends[final_cluster(code, w)] < RARE_END
        and begins_longer(w)
        and w not in inflected
        and not any(w + v in inflected for v in VOWELS[code])
    }


def read_source(code: str, src: Source) -> Forms:
    return read_plain(code, src) if src.kind == "plain" else expand_dictionary(code, src)


# --- wordfreq ------------------------------------------------------------------------------


def wordlist_name(code: str) -> str:
    import wordfreq

    return "large" if code in wordfreq.available_languages("large") else "small"


def frequencies(code: str) -> dict[str, float]:
    """Return {wordfreq key: Zipf} for the language, in wordfreq's order (most frequent
    first)."""
    import wordfreq

    freqs = wordfreq.get_frequency_dict(code, wordlist_name(code))
    return {
        unicodedata.normalize("NFC", k): round(math.log10(f * 1e9), 2)
        for k, f in freqs.items()
        if f > 0
    }


def wordfreq_key(code: str, word: str) -> str:
    """Return the key wordfreq looks the word up by (its own normalization)."""
    from wordfreq.preprocess import preprocess_text

    return unicodedata.normalize("NFC", preprocess_text(word, code))


# --- classes and output --------------------------------------------------------------------


def has_vowel(code: str, word: str) -> bool:
    return any(ch in VOWELS[code] for ch in word)


def word_class(code: str, key: str, dictionary: Forms) -> str:
    """Return 'word', 'name' or 'abbreviation' of a key a dictionary source has."""
    if not has_vowel(code, key):
        return "abbreviation"
    if key in dictionary.cut:
        return "abbreviation"
    if key in dictionary.lower or key in dictionary.nouns:
        return "word"
    if key in dictionary.caps and key not in dictionary.capitalized:
        return "abbreviation"
    return "name"


def merge(parts: list[Forms]) -> Forms:
    out = Forms()
    for p in parts:
        out.lower |= p.lower
        out.capitalized |= p.capitalized
        out.caps |= p.caps
        out.nouns |= p.nouns
        out.stems |= p.stems
        out.affixed |= p.affixed
        out.cut |= p.cut
    return out


@dataclass
class Language:
    code: str
    forms: dict  # package -> Forms
    zipf: dict  # wordfreq key -> Zipf
    words: dict = field(default_factory=dict)  # word -> (zipf, sources)
    classes: dict = field(default_factory=dict)  # class -> count (4-11 letters)
    added: int = 0  # wordfreq-only words written
    wordfreq_dropped: int = 0
    reasons: dict = field(default_factory=dict)  # why wordfreq-only words were not added
    candidates: list = field(default_factory=list)  # (word, zipf, why) of wordfreq-only words
    coverage: dict = field(default_factory=dict)  # length -> [(source, % of top words)]
    add_zipf: float | None = None  # ADD_ZIPF: wordfreq-only words at least this frequent added


def fold(code: str, word: str) -> str:
    """Return the word without accents (ł -> l, ı -> i, ß -> ss): how it is typed without
    them. Russian and Ukrainian are left as they are (е for ё is usual Russian spelling)."""
    if code in ("ru", "uk"):
        return word
    for a, b in (("ß", "ss"), ("ł", "l"), ("ı", "i"), ("æ", "ae"), ("œ", "oe")):
        word = word.replace(a, b)
    return "".join(
        c for c in unicodedata.normalize("NFD", word) if unicodedata.category(c) != "Mn"
    )


@dataclass
class Foreign:
    """What a wordfreq-only word is checked against (wordfreq_filter)."""

    english: dict  # English word -> Zipf (lenwordle's wordlists/NN.tsv)
    names: set  # SCOWL's proper names, lower-cased
    neighbour: set  # the words of the language NEIGHBOUR names, if any


def wordfreq_filter(code, key, z, folded, foreign: Foreign) -> str:
    """Return why a word only wordfreq knows is not added, or 'added'."""
    if not has_vowel(code, key):
        return "no vowel"
    if foreign.english.get(key, -1.0) >= z:
        return "English (at least as frequent in English)"
    if key in foreign.names:
        return "a name or abbreviation in SCOWL"
    if fold(code, key) in folded:
        return "a dictionary word typed without its accents"
    if key in foreign.neighbour:
        return f"a word of {NEIGHBOUR.get(code)}"
    return "passes"


def band_of(z: float) -> float | None:
    return max((b for b in BANDS if z >= b), default=None)


def add_zipf(code: str, passing: dict[float, int]) -> float | None:
    """Return the lowest judged Zipf edge at which the wordfreq-only words that would be added
    (passing: count per band) are at least MIN_REAL real words, by JUDGED's shares weighted
    by the counts; None (add none) if no edge gets there."""
    judged = JUDGED.get(code, {})

    def share(band: float) -> float:
        edge = max((e for e in judged if e <= band), default=None)
        return judged[edge][0] / judged[edge][1] if edge is not None else 0.0

    for edge in sorted(judged):
        bands = [b for b in BANDS if b >= edge]
        n = sum(passing.get(b, 0) for b in bands)
        real = sum(passing.get(b, 0) * share(b) for b in bands)
        if n and real / n >= MIN_REAL:
            return edge
    return None


def build(code: str, forms: dict, zipf: dict, foreign: Foreign) -> Language:
    """Return the language's written words {word: (zipf, sources, marks)} and its counts."""
    lang = Language(code, forms, zipf)
    srcs = [s for s in SOURCES[code]]
    dictionary = merge([forms[s.package] for s in srcs])
    made = merge([forms[s.package] for s in srcs if s.kind == "hunspell"])
    derived = made.affixed - made.stems  # forms an affix rule makes, listed as no stem
    counts: dict[str, int] = {}
    keys_known: set[str] = set()
    every = {s.package: forms[s.package].all() for s in srcs}
    known = dictionary.all()
    for key in known:
        kind = word_class(code, key, dictionary)
        counts[kind] = counts.get(kind, 0) + 1
        wkey = wordfreq_key(code, key)
        keys_known.add(wkey)
        if kind not in WRITTEN:
            continue
        z = zipf.get(wkey, 0.0)
        bits = sum(1 if s.kind == "plain" else 2 for s in srcs if key in every[s.package])
        marks = (NAME if kind == "name" else 0) | (DERIVED if key in derived else 0)
        lang.words[key] = (z, bits | (4 if z > 0 else 0), marks)
    folded = {fold(code, k) for k in known}
    alphabet = frozenset(ALPHABETS[code])
    for k, z in zipf.items():
        key = normalize(code, k)
        if not letters_ok(code, key, alphabet):
            lang.wordfreq_dropped += 1
            continue
        if k in keys_known or key in known or not MIN_LEN <= len(key) <= MAX_LEN:
            continue
        lang.candidates.append((key, z, wordfreq_filter(code, key, z, folded, foreign)))
    passing: dict[float, int] = {}
    for _key, z, why in lang.candidates:
        if why == "passes" and band_of(z) is not None:
            passing[band_of(z)] = passing.get(band_of(z), 0) + 1
    lang.add_zipf = add_zipf(code, passing)
    for i, (key, z, why) in enumerate(lang.candidates):
        if why == "passes":
            why = "added" if lang.add_zipf is not None and z >= lang.add_zipf else "below ADD_ZIPF"
            lang.candidates[i] = (key, z, why)
        lang.reasons[why] = lang.reasons.get(why, 0) + 1
        if why == "added":
            lang.words[key] = (z, 4, 0)
            lang.added += 1
            counts["word"] = counts.get("word", 0) + 1
    lang.classes = counts
    return lang


def write_atomic_bytes(path: Path, write) -> None:
    """Write path through a temporary file in its folder and a rename; write(tmp_path)."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    os.close(fd)
    try:
        write(tmp)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def write_atomic(path: Path, text: str) -> None:
    write_atomic_bytes(path, lambda tmp: Path(tmp).write_text(text, encoding="utf-8"))


def write_parquet(path: Path, words: dict) -> None:
    """Write {word: (zipf, sources, marks)} as zstd Parquet, sorted by length then word, one row
    group per length (its `length` column's statistics say which): a reader of one game
    length reads only the row groups of the lengths that can fold to it."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    order = sorted(words, key=lambda w: (len(w), w))
    table = pa.table(
        {
            "word": pa.array(order, pa.string()),
            "zipf": pa.array([words[w][0] for w in order], pa.float32()),
            "sources": pa.array([words[w][1] for w in order], pa.uint8()),
            "marks": pa.array([words[w][2] for w in order], pa.uint8()),
            "length": pa.array([len(w) for w in order], pa.uint8()),
        }
    )

    def write(tmp) -> None:
        with pq.ParquetWriter(
            tmp,
            table.schema,
            compression="zstd",
            compression_level=19,
            use_dictionary=["zipf", "sources", "marks", "length"],
            column_encoding={"word": "DELTA_BYTE_ARRAY"},
        ) as writer:
            lengths = table["length"].to_pylist()
            for k in sorted(set(lengths)):
                first = lengths.index(k)
                part = table.slice(first, lengths.count(k))
                writer.write_table(part, row_group_size=len(part))

    write_atomic_bytes(path, write)


# --- measurements --------------------------------------------------------------------------


def top_words(code: str, zipf: dict, dictionary: Forms, length: int, n: int = TOP_N) -> list:
    """Return wordfreq's n most frequent keys of this length made of the language's letters
    and not only capitalized or in capitals in the dictionaries (not a name, not an
    abbreviation)."""
    alphabet = frozenset(ALPHABETS[code])
    known = dictionary.all()
    out = []
    for k in zipf:
        key = normalize(code, k)
        if len(key) != length or not letters_ok(code, key, alphabet):
            continue
        if key in known and word_class(code, key, dictionary) != "word":
            continue
        if not has_vowel(code, key):
            continue
        out.append(key)
        if len(out) == n:
            break
    return out


def covered(code: str, top: list, keys: set, wkeys: set) -> float:
    """Share of top found in keys, directly or by wordfreq's key (straße for strasse)."""
    if not top:
        return 0.0
    return sum(1 for k in top if k in keys or k in wkeys) / len(top)


def coverage_table(code: str, lang: Language, extra: dict) -> list[str]:
    srcs = SOURCES[code]
    dictionary = merge([lang.forms[s.package] for s in srcs])
    sets = [(f"{s.kind} {s.package}", source_words(lang, s)) for s in srcs]
    if len(srcs) > 1:
        sets.append(("dictionaries (union)", {w for w, v in lang.words.items() if v[1] & 3}))
    sets.append(("written (with wordfreq's)", set(lang.words)))
    for s in extra.get(code, ()):
        sets.append((f"[not used] {s.kind} {s.package}", word_set(lang.forms[s.package], code)))
    rows = []
    for length in COVERAGE_LENGTHS:
        top = top_words(code, lang.zipf, dictionary, length)
        cells = []
        for name, keys in sets:
            wkeys = {wordfreq_key(code, k) for k in keys} if code == "de" else set()
            pct = 100 * covered(code, top, keys, wkeys)
            cells.append(f"{name} {pct:.1f}%")
            lang.coverage.setdefault(length, []).append((name, pct))
        rows.append(f"  top {len(top)} of {length} letters: " + "; ".join(cells))
    return rows


def source_words(lang: Language, src: Source) -> set:
    """The written words a used source has (in any case: German nouns are capitalized)."""
    return lang.forms[src.package].all() & lang.words.keys()


def word_set(forms: Forms, code: str) -> set:
    """The keys of a source that are words (not names, not abbreviations)."""
    return {k for k in forms.lower | forms.nouns if has_vowel(code, k)}


def per_length(keys) -> str:
    counts = [0] * (MAX_LEN + 1)
    for k in keys:
        counts[len(k)] += 1
    return " ".join(f"{counts[n]:>7d}" for n in range(MIN_LEN, MAX_LEN + 1))


def threshold_curve(code: str, lang: Language, sample: int = 0) -> list[str]:
    """Per Zipf band: wordfreq's words of 4-11 letters, the share the dictionaries know, how
    many of the others pass wordfreq_filter but the threshold, and (sample > 0) a sample of
    those."""
    bands: dict[float, list] = {b: [0, 0, []] for b in BANDS}
    alphabet = frozenset(ALPHABETS[code])
    for k, z in lang.zipf.items():
        key = normalize(code, k)
        if MIN_LEN <= len(key) <= MAX_LEN and letters_ok(code, key, alphabet):
            band = max((b for b in BANDS if z >= b), default=None)
            if band is not None:
                bands[band][0] += 1
    for key, z, why in lang.candidates:
        band = max((b for b in BANDS if z >= b), default=None)
        if band is None:
            continue
        bands[band][1] += 1
        if why in ("added", "below ADD_ZIPF", "passes"):
            bands[band][2].append(key)
    rng = random.Random(SAMPLE_SEED)
    rows = []
    for i, b in enumerate(BANDS):
        total, only, passing = bands[b]
        top = BANDS[i + 1] if i + 1 < len(BANDS) else 99
        share = 100 * (total - only) / total if total else 0.0
        rows.append(
            f"  Zipf {b:.2f}-{top:.2f}: {total:6d} wordfreq words, dictionaries know "
            f"{share:5.1f}%; of the {only} others {len(passing)} pass the filters"
        )
        if sample and passing:
            rows.append("      " + " ".join(rng.sample(passing, min(sample, len(passing)))))
    return rows


def hunspell_check(code: str, src: Source, forms: Forms, n: int = 2000) -> str:
    """Return the share of a sample of the expanded lower-case forms that the hunspell
    program accepts (or a note that it is not installed)."""
    if not shutil.which("hunspell"):
        return "hunspell program not installed: not checked"
    pool = sorted(forms.lower)
    sample = random.Random(SAMPLE_SEED).sample(pool, min(n, len(pool)))
    if code == "uk":
        sample = [w.replace("'", "\u2019") for w in sample]  # the dictionary's apostrophe
    run = subprocess.run(
        ["hunspell", "-d", src.path, "-i", "utf-8", "-l"],
        input="\n".join(sample).encode("utf-8"),
        capture_output=True,
        check=False,
    )
    if run.returncode != 0:
        return f"hunspell failed: {run.stderr.decode(errors='replace')[:100]}"
    rejected = [w for w in run.stdout.decode("utf-8", "replace").split() if w]
    ok = 100 * (len(sample) - len(rejected)) / max(1, len(sample))
    return f"hunspell accepts {ok:.1f}% of {len(sample)} sampled forms" + (
        f" (rejected e.g. {' '.join(rejected[:6])})" if rejected else ""
    )


def copy_licences(out: Path, packages: list[str]) -> list[str]:
    """Copy each package's Debian copyright file to out/LICENSES (the hunspell packages of
    libreoffice-dictionaries share one); return the file names."""
    lic = out / "LICENSES"
    lic.mkdir(exist_ok=True)
    written = {}
    for p in packages:
        src = Path("/usr/share/doc") / p / "copyright"
        if not src.exists():
            sys.exit(f"error: {src} not found; install {p}")
        text = src.read_text(encoding="utf-8", errors="replace")
        name = f"{SHARED_COPYRIGHT}.copyright" if "dictionaries/es/*" in text else f"{p}.copyright"
        if name not in written.values():
            write_atomic(lic / name, text)
        written[p] = name
    return [f"  {p}: LICENSES/{n}" for p, n in written.items()]


def sanity(lang: Language) -> list[str]:
    missing = [w for w in SANITY.get(lang.code, ()) if w not in lang.words]
    wrong = [w for w in NAMES.get(lang.code, ()) if lang.words.get(w, (0, 0, 0))[2] != NAME]
    return [f"{lang.code}: missing {w}" for w in missing] + [
        f"{lang.code}: {w} is not a name" for w in wrong
    ]


def readme(summaries: list[dict], total: float) -> str:
    """Return wordlists/lang/README.md: the format, the alphabets and a table per language."""
    out = [
        "# Word data of other languages",
        "",
        "Generated by `wordlists/build_languages.py` (its docstring says how and why; "
        "`BUILD-INFO.txt` has every measurement, version and setting). Do not edit by hand.",
        "",
        "## Format",
        "",
        "One file per language, `<code>.parquet` (zstd-compressed Parquet), sorted by "
        "`length` then `word`, one row group per length:",
        "",
        "| column | type | meaning |",
        "| --- | --- | --- |",
        "| `word` | string | lower case by the language's rules (Turkish I -> ı, İ -> i), "
        "Unicode NFC, the dictionary's spelling with its accents; "
        f"{MIN_LEN}-{MAX_LEN} letters (code points) |",
        "| `zipf` | float32 | wordfreq's Zipf frequency of that spelling (2 decimals), "
        "0 when wordfreq does not know it |",
        "| `length` | uint8 | the word's letters (code points) |",
        "| `sources` | uint8 | bit mask: 1 Debian plain list, 2 hunspell (expanded), "
        "4 wordfreq (zipf > 0); `sources == 4`: only wordfreq knows it |",
        "",
        "Only words are written: names (capitalized only in the dictionaries) and abbreviations "
        "(capitals only, no vowel, or in Russian a bare entry cut from a longer word) are left "
        "out.",
        "",
        "```python",
        "import pyarrow.compute as pc",
        "import pyarrow.parquet as pq",
        "",
        'table = pq.read_table("wordlists/lang/es.parquet")  # columns word, zipf, sources',
        'five = table.filter(pc.equal(pc.utf8_length(table["word"]), 5))',
        'words = five.column("word").to_pylist()',
        "```",
        "",
        f"Total size of this folder: {total / 1e6:.1f} MB.",
        "",
        "## Alphabets",
        "",
        "| code | letters | notes |",
        "| --- | --- | --- |",
    ]
    notes = {
        "ca": "the middle dot of l·l is kept as a character (col·legi has 8)",
        "nl": "ij is two letters, i and j",
        "uk": "the apostrophe (U+0027) is a character (п'ять has 5)",
        "tr": "no q w x; â î û words dropped",
        "pt": "Brazilian sources; no ü",
        "de": "ß kept; capitalized nouns are words",
        "ru": "ё and е both as the dictionary writes them",
    }
    for s in summaries:
        out.append(f"| {s['code']} | {ALPHABETS[s['code']]} | {notes.get(s['code'], '')} |")
    out += ["", "## Per language", ""]
    head = " | ".join(str(n) for n in range(MIN_LEN, MAX_LEN + 1))
    out += [
        f"Words per length, and the share of wordfreq's {TOP_N} most frequent words of 5 and 7 "
        "letters (not names or abbreviations) that each source has "
        "(plain / hunspell / both / written, in %).",
        "",
        f"| code | {head} | top {TOP_N} of 5 | top {TOP_N} of 7 | ADD_ZIPF |",
        "| --- | "
        + " | ".join("---:" for _ in range(MIN_LEN, MAX_LEN + 1))
        + " | --- | --- | ---: |",
    ]
    for s in summaries:
        cov = []
        for length in COVERAGE_LENGTHS:
            pcts = {n: p for n, p in s["coverage"].get(length, [])}
            plain_ = next((p for n, p in pcts.items() if n.startswith("plain")), None)
            huns = next((p for n, p in pcts.items() if n.startswith("hunspell")), None)
            union = pcts.get("dictionaries (union)")
            written = pcts.get("written (with wordfreq's)")
            cov.append(
                " / ".join(
                    "-" if p is None else f"{p:.0f}" for p in (plain_, huns, union, written)
                )
            )
        counts = " | ".join(str(c) for c in s["lengths"])
        out.append(f"| {s['code']} | {counts} | {cov[0]} | {cov[1]} | {s['add_zipf'] or 'none'} |")
    out += [
        "",
        "## Sources and licences",
        "",
        "| code | source | Debian package | licence of the word list |",
        "| --- | --- | --- | --- |",
    ]
    for s in summaries:
        for src in SOURCES[s["code"]]:
            out.append(f"| {s['code']} | {src.kind} | {src.package} | {LICENCES[src.package]} |")
    out += [
        "| all | frequencies, wordfreq-only words | wordfreq (PyPI) | data CC BY-SA 4.0 "
        "(`../WORDFREQ-NOTICE`) |",
        "",
        "Each package's Debian copyright file is in `LICENSES/` (the hunspell packages built "
        "from libreoffice-dictionaries share `LICENSES/libreoffice-dictionaries.copyright`). "
        "Several licences are copyleft (GPL, LGPL, MPL, CC BY-SA): the project has to decide "
        "how to ship this data beside its MIT code (BUILD-INFO.txt lists each).",
        "",
    ]
    return "\n".join(out)


# --- main ----------------------------------------------------------------------------------


def load(code: str, extra: bool, cache: dict) -> Language:
    """Return the language's sources read and its frequencies (sources cached by package)."""
    forms = {}
    for src in SOURCES[code] + (EXTRA_SOURCES.get(code, []) if extra else []):
        if not Path(src.path if src.kind == "plain" else src.path + ".dic").exists():
            sys.exit(f"error: {src.path} not found; apt-get install {src.package}")
        if src.package not in cache:
            t = time.time()
            cache[src.package] = read_source(code, src)
            print(
                f"  {code} {src.package}: {len(cache[src.package].all())} forms "
                f"({time.time() - t:.0f} s)",
                flush=True,
            )
        forms[src.package] = cache[src.package]
    return Language(code, forms, frequencies(code))


def english() -> dict[str, float]:
    """Return {word: Zipf} of lenwordle's English lists (wordlists/NN.tsv)."""
    out = {}
    for n in range(MIN_LEN, MAX_LEN + 1):
        path = Path(__file__).resolve().parent / f"{n:02d}.tsv"
        for line in path.read_text(encoding="utf-8").splitlines():
            word, _, zipf, *_ = line.split("\t")
            out[word] = float(zipf)
    return out


def scowl_names() -> set[str]:
    """Return SCOWL's proper names, capitalized words, abbreviations and Roman numerals
    (every dialect and level), lower-cased."""
    if not SCOWL_DIR.is_dir():
        sys.exit(f"error: {SCOWL_DIR} not found; apt-get install scowl")
    names = set()
    kinds = ("proper-names", "upper", "abbreviations", "roman-numerals")
    for path in (p for p in SCOWL_DIR.iterdir() if any(k in p.name for k in kinds)):
        for line in path.read_bytes().decode("utf-8", "replace").splitlines():
            if line[:1].isupper() or "roman" in path.name:
                names.add(unicodedata.normalize("NFC", line.strip().lower()))
    return names


def foreign_for(code: str, cache: dict, base: Foreign) -> Foreign:
    other = NEIGHBOUR.get(code)
    if not other:
        return base
    neighbour = load(other, False, cache)
    words = set().union(*(word_set(f, other) for f in neighbour.forms.values()))
    return Foreign(base.english, base.names, words)


def main() -> None:
    args = sys.argv[1:]
    measure = "--measure" in args
    codes = [a for a in args if not a.startswith("--")] or list(CODES)
    try:
        import pyarrow  # noqa: F401
        import wordfreq  # noqa: F401
    except ImportError:
        sys.exit(
            "error: this script needs wordfreq and pyarrow: pip install wordfreq==3.1.1 pyarrow"
        )
    out = Path(__file__).resolve().parent / "lang"
    out.mkdir(exist_ok=True)
    cache: dict = {}
    base_foreign = Foreign(english(), scowl_names(), set())
    if measure:
        for code in codes:
            base = load(code, False, cache)
            lang = build(code, base.forms, base.zipf, foreign_for(code, cache, base_foreign))
            print(f"{code}: wordfreq words per Zipf band (4-11 letters)")
            print("\n".join(threshold_curve(code, lang, sample=40)))
        return
    report, problems, packages, summaries = [], [], [], []
    for code in codes:
        t = time.time()
        base = load(code, True, cache)
        lang = build(code, base.forms, base.zipf, foreign_for(code, cache, base_foreign))
        write_parquet(out / f"{code}.parquet", lang.words)
        problems += sanity(lang)
        size = (out / f"{code}.parquet").stat().st_size
        lines = [
            f"== {code}: {len(lang.words)} words, {size / 1e6:.2f} MB, "
            f"wordfreq {wordlist_name(code)} list, ADD_ZIPF {lang.add_zipf or 'none'} "
            f"({time.time() - t:.0f} s)"
        ]
        lines.append(f"  alphabet: {ALPHABETS[code]}; vowels: {VOWELS[code]}")
        lines.append(
            "  words per length " + " ".join(f"{n:>7d}" for n in range(MIN_LEN, MAX_LEN + 1))
        )
        for src in SOURCES[code] + EXTRA_SOURCES.get(code, []):
            f = lang.forms[src.package]
            used = src in SOURCES[code]
            keys = source_words(lang, src) if used else word_set(f, code)
            lines.append(f"  {src.package:16s} {per_length(keys)}{'' if used else ' [not used]'}")
        lines.append(
            f"  {'wordfreq-only':16s} {per_length(w for w, v in lang.words.items() if v[1] == 4)}"
        )
        lines.append(f"  {'written':16s} {per_length(lang.words)}")
        for src in SOURCES[code] + EXTRA_SOURCES.get(code, []):
            f = lang.forms[src.package]
            if src.kind == "plain":
                lines.append(
                    f"  {src.package}: {f.entries} entries, {f.dropped} dropped "
                    "for other characters"
                )
            else:
                lines.append(
                    f"  {src.package}: {f.entries} stems, {f.dropped} dropped for other "
                    f"characters, {f.skipped_affixes} affix rules left out for other "
                    f"characters, {f.raw_forms} forms generated; " + hunspell_check(code, src, f)
                )
        lines.append(
            f"  wordfreq: {len(lang.zipf)} words, {lang.wordfreq_dropped} dropped for "
            f"other characters; {lang.added} wordfreq-only words added"
        )
        lines.append(
            "  wordfreq-only words of 4-11 letters: "
            + ", ".join(
                f"{why} {n}" for why, n in sorted(lang.reasons.items(), key=lambda x: -x[1])
            )
        )
        lines.append(
            "  classes of the dictionaries' keys (4-11 letters, with wordfreq's): "
            + ", ".join(f"{k} {v}" for k, v in sorted(lang.classes.items()))
        )
        lines += coverage_table(code, lang, EXTRA_SOURCES)
        lines.append("  wordfreq words per Zipf band (threshold curve):")
        lines += threshold_curve(code, lang)
        print("\n".join(lines), flush=True)
        report += lines
        summaries.append(
            {
                "code": code,
                "coverage": lang.coverage,
                "add_zipf": lang.add_zipf,
                "lengths": [
                    sum(1 for w in lang.words if len(w) == n) for n in range(MIN_LEN, MAX_LEN + 1)
                ],
            }
        )
        packages += [s.package for s in SOURCES[code] + EXTRA_SOURCES.get(code, [])]
        del lang, base
    if problems:
        sys.exit("sanity check failed: " + "; ".join(problems))
    # the words per length `lenwordle languages` prints, by rule (lenwordle must be importable)
    counter = Path(__file__).with_name("count_languages.py")
    subprocess.run([sys.executable, str(counter)], check=True)
    if set(codes) != set(CODES):
        print("(not all languages built: BUILD-INFO.txt and LICENSES/ not rewritten)")
        return
    packages = list(dict.fromkeys(packages))
    licences = copy_licences(out, packages)
    total = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    versions = [f"  {p} {package_version(p)}: {LICENCES[p]}" for p in packages]
    write_atomic(
        out / "BUILD-INFO.txt",
        f"Built by wordlists/build_languages.py. wordfreq {version('wordfreq')} "
        f"(data CC BY-SA 4.0, see ../WORDFREQ-NOTICE); pyarrow {version('pyarrow')}.\n"
        f"Lengths {MIN_LEN}-{MAX_LEN}; coverage: wordfreq's top {TOP_N} words of "
        f"{' and '.join(map(str, COVERAGE_LENGTHS))} letters that are not names or "
        f"abbreviations.\nADD_ZIPF (wordfreq-only words added at or above; rule: the lowest "
        f"judged edge where >= {MIN_REAL:.0%} of the added words are real, by JUDGED): "
        + ", ".join(f"{s['code']} {s['add_zipf'] or 'none'}" for s in summaries)
        + "\nJUDGED samples {edge: (real, judged)}: "
        + "; ".join(f"{c} {JUDGED[c]}" for c in CODES)
        + "\nDebian packages (version: licence of the word list):\n"
        + "\n".join(versions)
        + "\nLicence files:\n"
        + "\n".join(licences)
        + f"\nTotal size of wordlists/lang/: {total / 1e6:.2f} MB\n\n"
        + "\n".join(report)
        + "\n",
    )
    write_atomic(out / "README.md", readme(summaries, total))
    print(f"wordlists/lang/: {total / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
