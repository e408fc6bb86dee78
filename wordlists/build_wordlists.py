"""Regenerate wordlists/ from SCOWL (Debian package `scowl`), word frequencies (`wordfreq`) and
the case of entries in the hunspell English dictionaries (Debian `hunspell-en-us`, `-en-gb`).

Each SCOWL file `<list>.<level>` holds the words first seen at that commonness level
(10 = most common, 95 = most obscure). We keep the lines written in lower case (capitals
are proper names), fold accents (sauté -> saute, keeping the word's level), keep what is
then letters a-z only, and give each word the lowest level it has in any list below. A word
that SCOWL lists only as a variant spelling (the variant_1 to 3 lists: chapt, donut, snuck)
gets at least VARIANT_LEVEL: on the NYT answers, variants of levels 10 to 40 are answers as
often as main-list words of level 55 (13 % against 48 % for main words of level 35).
Every word gets its frequency in English from wordfreq, as a Zipf value (log10 of its
frequency per billion words; forms that fold together add up; 0 = unknown to wordfreq).
Words that wordfreq knows at Zipf >= ADD_ZIPF but that SCOWL lacks (cyber, admin, yeesh,
queso...) are added with level NOT_IN_SCOWL.

Every word is then classed (word_class). Words and names are written: a name (capitalized
only: a person, a place, but also a holy book, a laboratory dish, a style of trousers that
a game may write in lower case) is a possible answer at the small weight the fitted prior
gives names (lenwordle/words/prior.py), never a default suggestion. Abbreviations, Roman
numerals and codes are no word of any kind: they are not written (they may still be typed
in a game, as any a-z word can be), and are never answers:
- SCOWL's lower-case words below level 95 (RARE_LEVEL) are words. The others (its rarest,
  and wordfreq's additions) are tested, in this order:
- abbreviation: it has no vowel (a e i o u y: sfpd, https, ptsd, hmmmm);
- abbreviation: it is a Roman numeral of two letters or more (xviii, xxiii, lxvii: ROMAN);
- word: hunspell has it in lower case (admin, cyber);
- abbreviation: it is in SCOWL's abbreviation lists, or a contraction of SCOWL's without
  its apostrophe (dont, thats), or in hunspell in capitals (fbi, nasa, spss, nafta);
- name: SCOWL writes it capitalized (a proper name or an upper-case word: diane, wyatt), or
  hunspell has it capitalized only (dubai);
- word: SCOWL has it (at level 95);
- abbreviation: it begins or ends with a cluster of consonants that fewer than MIN_CLUSTER
  common words have (SCOWL levels <= 50: the lm of lmfao, the mcf of mcfly);
- word: everything else that wordfreq adds (chaat, yeesh, queso).
Each word or name gets its marks (a bit field), the signals of the prior besides its
level and frequency: NAME (class name); DERIVED, a form that hunspell makes by an affix rule
(a plural, a past, a comparative) and that no hunspell dictionary lists as a stem in any
case (cranes, bakes; crane, bake and the stems that end alike, bless or abyss, are not
marked, nor a word hunspell does not know), or a plural or past that English's regular
suffix rules make from a word of the lists (`inflected`: lakes, times, cents, which a
dictionary also lists as stems, Lakes, times; loved, tried). Measured on the held-out
answers (wordlists/fit_prior.py): 9.47 bits an answer with both; 9.56 with hunspell's
alone; 9.76 for "made from another stem", which also marks baker, dirty, infer.
One tab-separated file per length: `wordlists/NN.tsv`, lines
`word<TAB>level<TAB>zipf<TAB>marks`, sorted by word. BUILD-INFO.txt records the versions, the
settings and the counts of each class per length.

Run (wordfreq is needed by this script only, never by lenwordle):
  apt-get install scowl hunspell-en-us hunspell-en-gb hunspell-tools
  pip install wordfreq==3.1.1 && python wordlists/build_wordlists.py [SCOWL_DIR]
"""

import math
import re
import subprocess
import sys
import unicodedata
from importlib.metadata import version
from pathlib import Path

from lenwordle.words.alphabet import ENGLISH
from lenwordle.words.files import write_atomic

MAIN_LISTS = (
    "english-words",
    "american-words",
    "british-words",
    "british_z-words",
    "canadian-words",
    "australian-words",
)
VARIANT_LISTS = ("variant_1-words", "variant_2-words", "variant_3-words")
CAPITALIZED = ("proper-names", "upper")  # SCOWL lists of capitalized words: names
ABBREVIATIONS = "abbreviations"
CONTRACTIONS = "contractions"
VARIANT_LEVEL = 55  # a word SCOWL has only as a variant spelling is at least this rare
ADD_ZIPF = 1.75  # wordfreq-only words at least this frequent join (README: measured coverage)
NOT_IN_SCOWL = 100  # the level of a word that SCOWL does not have
RARE_LEVEL = 95  # SCOWL's lower-case words from this level on are tested as wordfreq's are
CLUSTER_LEVEL = 50  # the common words whose first and last consonant clusters are English
MIN_CLUSTER = 3  # a cluster fewer common words have marks an initialism (lmfao)
VOWELS = frozenset("aeiouy")
HUNSPELL = ("/usr/share/hunspell/en_US", "/usr/share/hunspell/en_GB")
LANGUAGE, WORDLIST = "en", "large"
CLASSES = ("word", "name", "abbreviation")
WRITTEN = ("word", "name")  # the classes written to the lists (possible answers)
NAME, DERIVED = 1, 2  # the marks (lenwordle/words/wordlist.py reads them)
# An entry of SCOWL's contraction lists that is a contraction (don't, 'tis, o'clock, y'all)
CONTRACTION = re.compile(r"'(t|s|d|m|re|ll|ve|em|all|clock)$|^'|^[oy]'")
# A Roman numeral (two letters or more; mix and civil are SCOWL words of lower levels, which
# are words before this test is made; xviii, lxvii are not)
ROMAN = re.compile(r"(?=[mdclxvi]{2})m{0,4}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})")


def fold(text: str) -> str | None:
    """Return text as a word of letters a-z with accents removed, or None if it is not one."""
    decomposed = unicodedata.normalize("NFD", text.strip())
    word = "".join(ch for ch in decomposed if unicodedata.category(ch) != "Mn")
    return word if ENGLISH.is_word(word) else None


def scowl_files(scowl_dir: Path, names: tuple[str, ...]):
    """Yield (level, lines) of each SCOWL file whose list is one of names."""
    for path in sorted(scowl_dir.iterdir()):
        name, _, suffix = path.name.rpartition(".")
        if name in names and suffix.isdigit():
            yield int(suffix), path.read_bytes().decode("utf-8", "replace").splitlines()


def lowest_levels(scowl_dir: Path, lists: tuple[str, ...], lower: bool = False) -> dict[str, int]:
    """Return {word: lowest level} over these SCOWL lists, accents folded; lower: every
    entry lower-cased first (for lists of capitalized words), possessives ('s) left out."""
    levels: dict[str, int] = {}
    for level, lines in scowl_files(scowl_dir, lists):
        for line in lines:
            word = fold(line.lower() if lower and not line.endswith("'s") else line)
            if word and level < levels.get(word, 999):
                levels[word] = level
    return levels


def scowl_levels(scowl_dir: Path) -> dict[str, int]:
    """Return {word: level} of SCOWL's lower-case words: the lowest level in the main lists,
    else at least VARIANT_LEVEL for a word of the variant lists only."""
    levels = lowest_levels(scowl_dir, MAIN_LISTS)
    for word, level in lowest_levels(scowl_dir, VARIANT_LISTS).items():
        levels.setdefault(word, max(level, VARIANT_LEVEL))
    return levels


def lists_named(scowl_dir: Path, suffix: str) -> tuple[str, ...]:
    """Return the names of the SCOWL lists ending with suffix (every dialect's)."""
    return tuple(
        sorted({p.name.rpartition(".")[0] for p in scowl_dir.iterdir() if suffix in p.name})
    )


def scowl_capitalized(scowl_dir: Path) -> tuple[dict[str, int], set[str]]:
    """Return {lower-cased name: lowest level} of SCOWL's capitalized words (proper names and
    upper-case words) and the set of its abbreviations, lower-cased."""
    kinds = tuple(name for kind in CAPITALIZED for name in lists_named(scowl_dir, kind))
    names = lowest_levels(scowl_dir, kinds, lower=True)
    abbreviations = set(lowest_levels(scowl_dir, lists_named(scowl_dir, ABBREVIATIONS), True))
    return names, abbreviations


def scowl_contractions(scowl_dir: Path) -> set[str]:
    """Return SCOWL's contractions written without their apostrophe (dont, thats): the
    entries of its contraction lists that end or begin as a contraction does (CONTRACTION;
    its lists also hold words spelled with an apostrophe, qur'an, bo'sun, which are not)."""
    found: set[str] = set()
    for _, lines in scowl_files(scowl_dir, lists_named(scowl_dir, CONTRACTIONS)):
        kept = (line for line in lines if CONTRACTION.search(line))
        found.update(filter(None, (fold(line.replace("'", "")) for line in kept)))
    return found


def hunspell_stems(stems: tuple[str, ...] = HUNSPELL) -> set[str]:
    """Return the words the hunspell dictionaries list as stems (their .dic entries, before
    any affix, in any case), lower-cased and folded."""
    found: set[str] = set()
    for stem in stems:
        try:
            lines = Path(f"{stem}.dic").read_text("utf-8", "replace").splitlines()[1:]
        except OSError:
            continue
        entries = (line.split("/")[0] for line in lines)
        found.update(filter(None, (fold(entry.lower()) for entry in entries)))
    return found


def hunspell_forms(stems: tuple[str, ...] = HUNSPELL) -> tuple[set[str], set[str], set[str]]:
    """Return the hunspell dictionaries' words expanded to every form (`unmunch`), lower-cased
    and folded, in three sets: written lower case, capitalized, in capitals. Missing
    dictionaries give empty sets."""
    lower: set[str] = set()
    capitalized: set[str] = set()
    capitals: set[str] = set()
    for stem in stems:
        try:
            text = subprocess.run(
                ["unmunch", f"{stem}.dic", f"{stem}.aff"], capture_output=True, check=True
            ).stdout.decode("utf-8", "replace")
        except (OSError, subprocess.CalledProcessError):
            continue
        for entry in text.split():
            word = fold(entry.split("/")[0].lower())
            if word and entry.isalpha():
                kind = lower if entry.islower() else capitals if entry.isupper() else capitalized
                kind.add(word)
    return lower, capitalized, capitals


def onset(word: str) -> str:
    """Return the consonants before word's first vowel."""
    return word[: next((i for i, ch in enumerate(word) if ch in VOWELS), len(word))]


def coda(word: str) -> str:
    """Return the consonants after word's last vowel."""
    return onset(word[::-1])[::-1]


def english_clusters(levels: dict[str, int]) -> set[str]:
    """Return the first and last consonant clusters (marked 'o:' and 'c:') that at least
    MIN_CLUSTER words of SCOWL levels <= CLUSTER_LEVEL have."""
    counts: dict[str, int] = {}
    for word, level in levels.items():
        if level <= CLUSTER_LEVEL:
            for cluster in (f"o:{onset(word)}", f"c:{coda(word)}"):
                counts[cluster] = counts.get(cluster, 0) + 1
    return {cluster for cluster, n in counts.items() if n >= MIN_CLUSTER}


def word_class(
    word: str,
    level: int | None,
    names: dict[str, int],
    abbreviations: set[str],
    hunspell: tuple[set[str], set[str], set[str]],
    clusters: set[str],
) -> str:
    """Return 'word', 'name' or 'abbreviation' (module docstring) for a word of SCOWL level
    `level` (None: SCOWL lacks it in lower case)."""
    lower, capitalized, capitals = hunspell
    if level is not None and level < RARE_LEVEL:
        return "word"  # SCOWL's lower-case words, but its rarest
    if not VOWELS.intersection(word) or ROMAN.fullmatch(word):
        return "abbreviation"
    if word in lower:
        return "word"
    if word in abbreviations or word in capitals:
        return "abbreviation"
    if word in names or word in capitalized:
        return "name"
    if level is not None:
        return "word"  # (the clusters judge wordfreq's strings, not dictionary words)
    english = f"o:{onset(word)}" in clusters and f"c:{coda(word)}" in clusters
    return "word" if english else "abbreviation"


def zipf_values() -> dict[str, float]:
    """Return {folded word: Zipf frequency} for every a-z word wordfreq knows in English."""
    import wordfreq  # build-time only

    total: dict[str, float] = {}
    for form in wordfreq.iter_wordlist(LANGUAGE, WORDLIST):
        word = fold(form)
        if word:
            total[word] = total.get(word, 0.0) + wordfreq.word_frequency(form, LANGUAGE, WORDLIST)
    return {w: round(math.log10(f * 1e9), 2) for w, f in total.items() if f > 0}


def package_version(package: str) -> str:
    """Return the installed Debian package's version, or 'unknown'."""
    try:
        return (
            subprocess.run(
                ["dpkg-query", "-W", "-f", "${Version}", package],
                capture_output=True,
                text=True,
                check=True,
            ).stdout
            or "unknown"
        )
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def classes(
    levels: dict[str, int],
    zipf: dict[str, float],
    classify,
    add_zipf: float = ADD_ZIPF,
) -> dict[str, str]:
    """Return {word: class} of SCOWL's words and of the words wordfreq knows at Zipf >=
    add_zipf; classify(word, level or None) gives the class."""
    added = {w for w, z in zipf.items() if z >= add_zipf and w not in levels}
    return {word: classify(word, levels.get(word)) for word in levels.keys() | added}


def inflected(word: str, known) -> bool:
    """Return whether word is a plural or a past that English's regular suffix rules make
    from a word in known: -s, -es, -ies (not -ss, -us, -is: bless, focus, oasis), -ed, -ied."""
    if word.endswith("s") and not word.endswith(("ss", "us", "is")):
        if word[:-1] in known or (word.endswith("es") and word[:-2] in known):
            return True
        if word.endswith("ies") and word[:-3] + "y" in known:
            return True
    if word.endswith("ed"):
        if word[:-1] in known or word[:-2] in known:
            return True
        if word.endswith("ied") and word[:-3] + "y" in known:
            return True
    return False


def marks_of(word: str, kind: str, derived: set[str]) -> int:
    """Return the marks of a written word: NAME for a name, DERIVED for a derived form
    (derived holds them: the module docstring says which)."""
    return (NAME if kind == "name" else 0) | (DERIVED if word in derived else 0)


def tables(
    levels: dict[str, int],
    zipf: dict[str, float],
    kinds: dict[str, str],
    names: dict[str, int],
    marks,
) -> dict[int, list[str]]:
    """Return the lines of each length's file (words and names), sorted; a name's level is
    the lowest SCOWL gives it in any case; marks(word, kind) gives its marks."""
    by_length: dict[int, list[str]] = {}
    for word in sorted(w for w, kind in kinds.items() if kind in WRITTEN):
        kind = kinds[word]
        level = levels.get(word, NOT_IN_SCOWL)
        if kind == "name":
            level = min(level, names.get(word, NOT_IN_SCOWL))
        line = f"{word}\t{level}\t{zipf.get(word, 0.0):.2f}\t{marks(word, kind)}\n"
        by_length.setdefault(len(word), []).append(line)
    return by_length


def class_counts(kinds: dict[str, str], levels: dict[str, int]) -> str:
    """Return the table of words per length and class (SCOWL's / wordfreq's added), as text."""
    counts: dict[tuple[int, str, bool], int] = {}
    for word, kind in kinds.items():
        key = (len(word), kind, word in levels)
        counts[key] = counts.get(key, 0) + 1
    rows = ["length  " + "  ".join(f"{c:>12} (+wordfreq)" for c in CLASSES)]
    for k in sorted({key[0] for key in counts}):
        cells = [
            f"{counts.get((k, c, True), 0) + counts.get((k, c, False), 0):12d} "
            f"({counts.get((k, c, False), 0):>8d})"
            for c in CLASSES
        ]
        rows.append(f"{k:6d}  " + "  ".join(cells))
    return "\n".join(rows) + "\n"


def main() -> None:
    scowl_dir = Path(sys.argv[1] if len(sys.argv) > 1 else "/usr/share/dict/scowl")
    if not scowl_dir.is_dir():
        sys.exit(f"error: {scowl_dir} not found; install the Debian package 'scowl'")
    try:
        zipf = zipf_values()
    except ImportError:
        sys.exit("error: this script needs wordfreq: pip install wordfreq==3.1.1")
    hunspell = hunspell_forms()
    if not hunspell[0]:
        sys.exit("error: install hunspell-en-us, hunspell-en-gb and hunspell-tools (unmunch)")
    levels = scowl_levels(scowl_dir)
    names, abbreviations = scowl_capitalized(scowl_dir)
    abbreviations |= scowl_contractions(scowl_dir)
    clusters = english_clusters(levels)
    kinds = classes(
        levels,
        zipf,
        lambda word, level: word_class(word, level, names, abbreviations, hunspell, clusters),
    )
    out = Path(__file__).resolve().parent
    for old in out.glob("[0-9][0-9].tsv"):
        old.unlink()
    derived = set().union(*hunspell) - hunspell_stems()
    derived |= {w for w, kind in kinds.items() if kind in WRITTEN and inflected(w, kinds)}
    marks = lambda word, kind: marks_of(word, kind, derived)  # noqa: E731
    for length, lines in sorted(tables(levels, zipf, kinds, names, marks).items()):
        write_atomic(out / f"{length:02d}.tsv", "".join(lines))
        print(f"{length:2d} letters: {len(lines):6d} words")
    versions = "; ".join(f"{p} {package_version(p)}" for p in ("hunspell-en-us", "hunspell-en-gb"))
    write_atomic(
        out / "BUILD-INFO.txt",
        f"scowl: {package_version('scowl')} ({scowl_dir})\nwordfreq: {version('wordfreq')} "
        f"({LANGUAGE}, {WORDLIST} list)\n"
        f"hunspell (case of entries, stems, affixed forms): {versions}\n"
        f"written: words and names; marks: {NAME} name, "
        f"{DERIVED} derived (hunspell affix or regular suffix)\n"
        f"ADD_ZIPF: {ADD_ZIPF}; VARIANT_LEVEL: {VARIANT_LEVEL}; RARE_LEVEL: {RARE_LEVEL}; "
        f"clusters of SCOWL levels <= {CLUSTER_LEVEL} seen in >= {MIN_CLUSTER} words\n"
        f"SCOWL words: {len(levels)}; added from wordfreq: {len(kinds) - len(levels)}\n"
        f"words per length and class (in brackets: of them, added from wordfreq):\n"
        + class_counts(kinds, levels),
    )


if __name__ == "__main__":
    main()
