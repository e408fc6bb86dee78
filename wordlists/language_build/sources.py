"""Where each language's words come from: its Debian word lists and hunspell dictionary
(SOURCES, with their licences), wordfreq's frequencies, and what wordfreq-only words are
checked against (lenwordle's English lists, SCOWL's names).

Sources, per language (every Debian package's version goes to BUILD-INFO.txt):
- plain: the word list a Debian `w*` package puts in /usr/share/dict (wspanish, wngerman,
  wfrench, witalian, wbrazilian, wdutch, wpolish, wswedish, wukrainian, wcatalan). Russian
  and Turkish have none in Debian.
- hunspell: the Debian `hunspell-*` dictionary (/usr/share/hunspell/<name>.dic + .aff),
  expanded to every word form (affix.py). Turkish: Debian has `hunspell-tr` (MPL-2.0,
  `FLAG num`). Portuguese: Termo, the game, is Brazilian, and wordfreq's Portuguese mixes
  both variants; 'pt' uses the Brazilian sources (wbrazilian, hunspell-pt-br).
  BUILD-INFO.txt also measures wportuguese and hunspell-pt-pt on the same top words, to
  show what the European sources would add (they are not written).
- wordfreq: every word gets its Zipf frequency (log10 of its frequency per billion words,
  0 = unknown) of that spelling in that language, from the 'large' list where wordfreq has
  one (all but Turkish, which has 'small' only); the lookup key is wordfreq's own
  normalization of the word (preprocess_text: German straße and strasse both look up
  'strasse', as wordfreq.zipf_frequency does).
"""

import math
import sys
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from wordlists.build_wordlists import package_version

from .letters import MAX_LEN, MIN_LEN

DICT = Path("/usr/share/dict")
HUNSPELL_DIR = Path("/usr/share/hunspell")
SCOWL_DIR = Path("/usr/share/dict/scowl")
ENGLISH_DIR = Path(__file__).resolve().parent.parent  # lenwordle's wordlists/NN.tsv
__all__ = ["package_version"]  # (BUILD-INFO.txt's versions, as the English build's)


@dataclass(frozen=True)
class Source:
    """One word list: a plain file of /usr/share/dict or a hunspell dictionary stem."""

    package: str
    path: str  # /usr/share/dict/<file>, or the hunspell stem (without .dic/.aff)
    kind: str  # 'plain' or 'hunspell'

    def file(self) -> Path:
        """Return the file whose presence says the package is installed."""
        return Path(self.path if self.kind == "plain" else self.path + ".dic")


def plain(package: str, name: str) -> Source:
    """Return the plain word list /usr/share/dict/name of package."""
    return Source(package, str(DICT / name), "plain")


def hunspell(package: str, stem: str) -> Source:
    """Return the hunspell dictionary /usr/share/hunspell/stem.{dic,aff} of package."""
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
CODES = tuple(SOURCES)  # the languages built, in this order
# measured for comparison only (BUILD-INFO.txt), never written
EXTRA_SOURCES = {
    "pt": [plain("wportuguese", "portuguese"), hunspell("hunspell-pt-pt", "pt_PT")],
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


def sources_of(code: str, extra: bool = False) -> list[Source]:
    """Return the language's sources (extra: with those only measured, EXTRA_SOURCES)."""
    return SOURCES[code] + (EXTRA_SOURCES.get(code, []) if extra else [])


def wordlist_name(code: str) -> str:
    """Return the wordfreq list the language is read from: 'large' where it has one."""
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
    """Return the key wordfreq looks the word up by (its own normalization, for the language
    as wordfreq.zipf_frequency names it)."""
    import langcodes
    from wordfreq.preprocess import preprocess_text

    return unicodedata.normalize("NFC", preprocess_text(word, langcodes.get(code)))


def english() -> dict[str, float]:
    """Return {word: Zipf} of lenwordle's English lists (wordlists/NN.tsv)."""
    out = {}
    for n in range(MIN_LEN, MAX_LEN + 1):
        path = ENGLISH_DIR / f"{n:02d}.tsv"
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
