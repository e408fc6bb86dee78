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

Every word is then classed (word_class), and only words are written; names and
abbreviations may still be typed in a game (any a-z word can be), they are never answers:
- SCOWL's lower-case words below level 95 (RARE_LEVEL) are words. The others (its rarest,
  and wordfreq's additions) are tested, in this order:
- abbreviation: it has no vowel (a e i o u y: sfpd, https, ptsd, hmmmm);
- word: hunspell has it in lower case (admin, cyber);
- abbreviation: it is in SCOWL's abbreviation lists, or a contraction of SCOWL's without
  its apostrophe (dont, thats), or in hunspell in capitals (fbi, nasa, spss, nafta);
- name: SCOWL writes it capitalized (a proper name or an upper-case word: diane, wyatt), or
  hunspell has it capitalized only (dubai);
- word: SCOWL has it (at level 95);
- abbreviation: it begins or ends with a cluster of consonants that fewer than MIN_CLUSTER
  common words have (SCOWL levels <= 50: the lm of lmfao, the mcf of mcfly);
- word: everything else that wordfreq adds (chaat, yeesh, queso).
One tab-separated file per length: `wordlists/NN.tsv`, lines `word<TAB>level<TAB>zipf`,
sorted by word. BUILD-INFO.txt records the versions, the settings and the counts of each
class per length.

Run (wordfreq is needed by this script only, never by lenwordle):
  apt-get install scowl hunspell-en-us hunspell-en-gb hunspell-tools
  pip install wordfreq==3.1.1 && python wordlists/build_wordlists.py [SCOWL_DIR]
"""

import math
import os
import subprocess
import sys
import tempfile
import unicodedata
from importlib.metadata import version
from pathlib import Path

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


def fold(text: str) -> str | None:
    """Return text as a word of letters a-z with accents removed, or None if it is not one."""
    decomposed = unicodedata.normalize("NFD", text.strip())
    word = "".join(ch for ch in decomposed if unicodedata.category(ch) != "Mn")
    return word if word.isascii() and word.isalpha() and word.islower() else None


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
    """Return SCOWL's contractions written without their apostrophe (dont, thats)."""
    found = set()
    for _, lines in scowl_files(scowl_dir, lists_named(scowl_dir, CONTRACTIONS)):
        found.update(filter(None, (fold(line.replace("'", "")) for line in lines)))
    return found


def hunspell_forms(stems: tuple[str, ...] = HUNSPELL) -> tuple[set[str], set[str], set[str]]:
    """Return the hunspell dictionaries' words expanded to every form (`unmunch`), lower-cased
    and folded, in three sets: written lower case, capitalized, in capitals. Missing
    dictionaries give empty sets."""
    lower, capitalized, capitals = set(), set(), set()
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
    if not VOWELS.intersection(word):
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


def tables(
    levels: dict[str, int], zipf: dict[str, float], kinds: dict[str, str]
) -> dict[int, list[str]]:
    """Return the lines of each length's file (the words of class 'word' only), sorted."""
    by_length: dict[int, list[str]] = {}
    for word in sorted(w for w, kind in kinds.items() if kind == "word"):
        line = f"{word}\t{levels.get(word, NOT_IN_SCOWL)}\t{zipf.get(word, 0.0):.2f}\n"
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


def write_atomic(path: Path, text: str) -> None:
    """Write text to path through a temporary file and a rename."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    os.fchmod(fd, 0o644)  # readable by everyone, not mkstemp's 0600
    with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    os.replace(tmp, path)


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
    for length, lines in sorted(tables(levels, zipf, kinds).items()):
        write_atomic(out / f"{length:02d}.tsv", "".join(lines))
        print(f"{length:2d} letters: {len(lines):6d} words")
    versions = "; ".join(f"{p} {package_version(p)}" for p in ("hunspell-en-us", "hunspell-en-gb"))
    write_atomic(
        out / "BUILD-INFO.txt",
        f"scowl: {package_version('scowl')} ({scowl_dir})\nwordfreq: {version('wordfreq')} "
        f"({LANGUAGE}, {WORDLIST} list)\nhunspell (case of entries only): {versions}\n"
        f"ADD_ZIPF: {ADD_ZIPF}; VARIANT_LEVEL: {VARIANT_LEVEL}; RARE_LEVEL: {RARE_LEVEL}; "
        f"clusters of SCOWL levels <= {CLUSTER_LEVEL} seen in >= {MIN_CLUSTER} words\n"
        f"SCOWL words: {len(levels)}; added from wordfreq: {len(kinds) - len(levels)}\n"
        f"words per length and class (in brackets: of them, added from wordfreq):\n"
        + class_counts(kinds, levels),
    )


if __name__ == "__main__":
    main()
