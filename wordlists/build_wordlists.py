"""Regenerate wordlists/ from SCOWL (Debian package `scowl`) and word frequencies (`wordfreq`).

Each SCOWL file `<list>.<level>` holds the words first seen at that commonness level
(10 = most common, 95 = most obscure). We keep the lines written in lower case (capitals
are proper names), fold accents (sauté -> saute, keeping the word's level), keep what is
then letters a-z only, and give each word the lowest level it has in any list below.
Every word gets its frequency in English from wordfreq, as a Zipf value (log10 of its
frequency per billion words; forms that fold together add up; 0 = unknown to wordfreq).
Words that wordfreq knows at Zipf >= ADD_ZIPF but that SCOWL lacks (cyber, admin, yeesh,
queso...) are added with level NOT_IN_SCOWL, unless SCOWL lists them as proper names.
One tab-separated file per length: `wordlists/NN.tsv`, lines `word<TAB>level<TAB>zipf`,
sorted by word. BUILD-INFO.txt records the versions and the settings.

Run (wordfreq is needed by this script only, never by lenwordle):
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

LISTS = (
    "english-words",
    "american-words",
    "british-words",
    "british_z-words",
    "canadian-words",
    "australian-words",
    "variant_1-words",
    "variant_2-words",
    "variant_3-words",
)
NAMES = "proper-names"  # SCOWL lists of names: never added from wordfreq
ADD_ZIPF = 1.75  # wordfreq-only words at least this frequent join (README: measured coverage)
NOT_IN_SCOWL = 100  # the level of a word that SCOWL does not have
LANGUAGE, WORDLIST = "en", "large"


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


def scowl_levels(scowl_dir: Path) -> dict[str, int]:
    """Return {word: lowest SCOWL level} over every list in LISTS, accents folded."""
    levels: dict[str, int] = {}
    for level, lines in scowl_files(scowl_dir, LISTS):
        for line in lines:
            word = fold(line)
            if word and level < levels.get(word, 999):
                levels[word] = level
    return levels


def scowl_names(scowl_dir: Path) -> set[str]:
    """Return the (folded, lower-cased) proper names SCOWL lists, at any level."""
    lists = tuple(
        path.name.rpartition(".")[0] for path in scowl_dir.iterdir() if NAMES in path.name
    )
    names = set()
    for _, lines in scowl_files(scowl_dir, lists):
        names.update(filter(None, (fold(line.lower()) for line in lines if line[:1].isupper())))
    return names


def zipf_values() -> dict[str, float]:
    """Return {folded word: Zipf frequency} for every a-z word wordfreq knows in English."""
    import wordfreq  # build-time only

    total: dict[str, float] = {}
    for form in wordfreq.iter_wordlist(LANGUAGE, WORDLIST):
        word = fold(form)
        if word:
            total[word] = total.get(word, 0.0) + wordfreq.word_frequency(form, LANGUAGE, WORDLIST)
    return {w: round(math.log10(f * 1e9), 2) for w, f in total.items() if f > 0}


def scowl_version() -> str:
    """Return the installed Debian scowl package's version, or 'unknown'."""
    try:
        return (
            subprocess.run(
                ["dpkg-query", "-W", "-f", "${Version}", "scowl"],
                capture_output=True,
                text=True,
                check=True,
            ).stdout
            or "unknown"
        )
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def tables(
    levels: dict[str, int], names: set[str], zipf: dict[str, float], add_zipf: float = ADD_ZIPF
) -> tuple[dict[int, list[str]], set[str]]:
    """Return the lines of each length's file, sorted, and the words added from wordfreq."""
    added = {w for w, z in zipf.items() if z >= add_zipf and w not in levels and w not in names}
    by_length: dict[int, list[str]] = {}
    for word in sorted(levels.keys() | added):
        line = f"{word}\t{levels.get(word, NOT_IN_SCOWL)}\t{zipf.get(word, 0.0):.2f}\n"
        by_length.setdefault(len(word), []).append(line)
    return by_length, added


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
    levels = scowl_levels(scowl_dir)
    by_length, added = tables(levels, scowl_names(scowl_dir), zipf)
    out = Path(__file__).resolve().parent
    for old in out.glob("[0-9][0-9].tsv"):
        old.unlink()
    for length, lines in sorted(by_length.items()):
        write_atomic(out / f"{length:02d}.tsv", "".join(lines))
        print(f"{length:2d} letters: {len(lines):6d} words")
    write_atomic(
        out / "BUILD-INFO.txt",
        f"scowl: {scowl_version()} ({scowl_dir})\nwordfreq: {version('wordfreq')} "
        f"({LANGUAGE}, {WORDLIST} list)\nADD_ZIPF: {ADD_ZIPF}\n"
        f"SCOWL words: {len(levels)}; added from wordfreq: {len(added)}\n",
    )


if __name__ == "__main__":
    main()
