"""Regenerate wordlists/ from the Debian package `scowl` (apt-get install scowl).

Each SCOWL file `<list>.<level>` holds the words first seen at that commonness level
(10 = most common, 95 = most obscure). We keep words that are lowercase a-z only (no
apostrophes, accents or capitals, so no proper names), give each the lowest level it
appears at in any of the lists below, and write one tab-separated file per length:
`wordlists/NN.tsv` with lines `word<TAB>level`, sorted by word.

Run: python wordlists/build_wordlists.py [SCOWL_DIR]
"""

import os
import re
import sys
import tempfile
from pathlib import Path

LISTS = (
    "english-words", "american-words", "british-words", "british_z-words",
    "canadian-words", "australian-words",
    "variant_1-words", "variant_2-words", "variant_3-words",
)
WORD = re.compile(r"[a-z]+")


def scowl_levels(scowl_dir: Path) -> dict[str, int]:
    """Return {word: lowest SCOWL level} over every list in LISTS."""
    levels: dict[str, int] = {}
    for path in sorted(scowl_dir.iterdir()):
        name, _, suffix = path.name.rpartition(".")
        if name not in LISTS or not suffix.isdigit():
            continue
        level = int(suffix)
        for line in path.read_bytes().decode("utf-8", "replace").splitlines():
            word = line.strip()
            if WORD.fullmatch(word) and level < levels.get(word, 999):
                levels[word] = level
    return levels


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
    out = Path(__file__).resolve().parent
    by_length: dict[int, list[str]] = {}
    for word, level in sorted(scowl_levels(scowl_dir).items()):
        by_length.setdefault(len(word), []).append(f"{word}\t{level}\n")
    for old in out.glob("[0-9][0-9].tsv"):
        old.unlink()
    for length, lines in sorted(by_length.items()):
        write_atomic(out / f"{length:02d}.tsv", "".join(lines))
        print(f"{length:2d} letters: {len(lines):6d} words")


if __name__ == "__main__":
    main()
