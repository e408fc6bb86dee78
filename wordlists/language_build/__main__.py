"""The build's command: `python -m wordlists.language_build [CODE ...]` (every language by
default) writes wordlists/lang/, then counts its words (count_languages.py); `--measure
CODE ...` prints the threshold curves and the samples to judge. The package's docstring
says what to install.
"""

import subprocess
import sys
import time
from pathlib import Path

from lenwordle.words.files import write_atomic
from wordlists.language_build.classing import NEIGHBOUR, Foreign, Language, build, word_set
from wordlists.language_build.forms import Forms, read_source
from wordlists.language_build.measures import sanity, threshold_curve
from wordlists.language_build.sources import (
    CODES,
    english,
    frequencies,
    scowl_names,
    sources_of,
)
from wordlists.language_build.writing import (
    Summary,
    build_info,
    copy_licences,
    readme,
    report,
    summary,
    write_parquet,
)

WORDLISTS = Path(__file__).resolve().parent.parent
OUT = WORDLISTS / "lang"


def load(code: str, extra: bool, cache: dict[str, Forms]) -> Language:
    """Return the language's sources read and its frequencies (sources cached by package)."""
    forms = {}
    for src in sources_of(code, extra):
        if not src.file().exists():
            sys.exit(f"error: {src.path} not found; apt-get install {src.package}")
        if src.package not in cache:
            started = time.time()
            cache[src.package] = read_source(code, src)
            print(
                f"  {code} {src.package}: {len(cache[src.package].all())} forms "
                f"({time.time() - started:.0f} s)",
                flush=True,
            )
        forms[src.package] = cache[src.package]
    return Language(code, forms, frequencies(code))


def built(code: str, extra: bool, cache: dict[str, Forms], base: Foreign) -> Language:
    """Return the language built from its sources (and its neighbour's words, NEIGHBOUR)."""
    read = load(code, extra, cache)
    other = NEIGHBOUR.get(code)
    foreign = base
    if other:
        neighbour = load(other, False, cache)
        words = set().union(*(word_set(f, other) for f in neighbour.forms.values()))
        foreign = Foreign(base.english, base.names, words)
    return build(code, read.forms, read.zipf, foreign)


def measure(codes: list[str], cache: dict[str, Forms], base: Foreign) -> None:
    """Print each language's threshold curve with samples of the words to judge."""
    for code in codes:
        print(f"{code}: wordfreq words per Zipf band (4-11 letters)")
        print("\n".join(threshold_curve(built(code, False, cache, base), sample=40)))


def write_all(codes: list[str], cache: dict[str, Forms], base: Foreign) -> None:
    """Write each language's Parquet file, then (every language built) BUILD-INFO.txt,
    README.md and the licences; exit if a sanity check fails."""
    lines: list[str] = []
    problems: list[str] = []
    summaries: list[Summary] = []
    for code in codes:
        started = time.time()
        lang = built(code, True, cache, base)
        write_parquet(OUT / f"{code}.parquet", lang.words)
        problems += sanity(lang)
        size = (OUT / f"{code}.parquet").stat().st_size
        part = report(lang, size, time.time() - started)
        print("\n".join(part), flush=True)
        lines += part
        summaries.append(summary(lang))
        del lang
    if problems:
        sys.exit("sanity check failed: " + "; ".join(problems))
    # the words per length `lenwordle languages` prints, by rule (lenwordle must be importable)
    subprocess.run([sys.executable, str(WORDLISTS / "count_languages.py")], check=True)
    if set(codes) != set(CODES):
        print("(not all languages built: BUILD-INFO.txt and LICENSES/ not rewritten)")
        return
    packages = list(dict.fromkeys(s.package for code in codes for s in sources_of(code, True)))
    licences = copy_licences(OUT, packages)
    total = sum(p.stat().st_size for p in OUT.rglob("*") if p.is_file())
    write_atomic(OUT / "BUILD-INFO.txt", build_info(summaries, packages, licences, total, lines))
    write_atomic(OUT / "README.md", readme(summaries, total))
    print(f"wordlists/lang/: {total / 1e6:.2f} MB")


def main(args: list[str] | None = None) -> None:
    """Run the build on the command line's languages (all by default)."""
    args = sys.argv[1:] if args is None else args
    codes = [a for a in args if not a.startswith("--")] or list(CODES)
    unknown = [a for a in args if a not in (*CODES, "--measure")]
    if unknown:
        sys.exit(f"{__doc__}\nerror: {' '.join(unknown)}: choose from {' '.join(CODES)}")
    try:
        import pyarrow  # noqa: F401
        import wordfreq  # noqa: F401
    except ImportError:
        sys.exit(
            "error: the build needs wordfreq and pyarrow: pip install wordfreq==3.1.1 pyarrow"
        )
    OUT.mkdir(exist_ok=True)
    cache: dict[str, Forms] = {}
    base = Foreign(english(), scowl_names(), set())
    (measure if "--measure" in args else write_all)(codes, cache, base)


if __name__ == "__main__":
    main()
