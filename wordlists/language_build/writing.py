"""What the build writes: each language's Parquet file, its report in BUILD-INFO.txt,
wordlists/lang/README.md and the licence files (every file written atomically).

Output, per language: wordlists/lang/<code>.parquet, zstd-compressed Parquet, columns word
(string), zipf (float32, 2 decimals), sources (uint8), marks (uint8), length (uint8, the
word's code points), sorted by length then word, one row group per length (a reader of one
length reads its row groups only); the word column is stored with DELTA_BYTE_ARRAY (shared
prefixes of sorted words, then zstd). BUILD-INFO.txt records the versions, settings,
dropped counts, words per length of each source and of the output, coverage of wordfreq's
top words, the threshold curves and the licences; LICENSES/ holds each Debian package's
copyright file.
"""

import sys
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path

from lenwordle.words.files import write_atomic
from wordlists.language_build.classing import (
    JUDGED,
    MIN_REAL,
    REACH_ZIPF,
    Language,
    Written,
    word_set,
)
from wordlists.language_build.letters import MAX_LEN, MIN_LEN, letters, vowels
from wordlists.language_build.measures import (
    COVERAGE_LENGTHS,
    TOP_N,
    coverage_table,
    hunspell_check,
    lengths,
    per_length,
    source_words,
    threshold_curve,
)
from wordlists.language_build.sources import (
    CODES,
    LICENCES,
    SHARED_COPYRIGHT,
    SOURCES,
    package_version,
    sources_of,
    wordlist_name,
)


@dataclass(frozen=True)
class Summary:
    """What README.md and BUILD-INFO.txt's head say of a language built."""

    code: str
    coverage: dict[int, list[tuple[str, float]]]  # length -> [(source, % of top words)]
    add_zipf: float | None
    lengths: list[int]  # written words per length, MIN_LEN to MAX_LEN


def summary(lang: Language) -> Summary:
    """Return the language's summary (after its report: coverage_table fills coverage)."""
    return Summary(lang.code, lang.coverage, lang.add_zipf, lengths(lang.words))


def write_parquet(path: Path, words: dict[str, Written]) -> None:
    """Write {word: (zipf, sources, marks)} as zstd Parquet, sorted by length then word, one
    row group per length (its `length` column's statistics say which): a reader of one game
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
    sink = pa.BufferOutputStream()
    with pq.ParquetWriter(
        sink,
        table.schema,
        compression="zstd",
        compression_level=19,
        use_dictionary=["zipf", "sources", "marks", "length"],
        column_encoding={"word": "DELTA_BYTE_ARRAY"},
    ) as writer:
        counts = table["length"].to_pylist()
        for k in sorted(set(counts)):
            part = table.slice(counts.index(k), counts.count(k))
            writer.write_table(part, row_group_size=len(part))
    write_atomic(path, sink.getvalue().to_pybytes())


def report(lang: Language, size: int, seconds: float) -> list[str]:
    """Return the language's lines of BUILD-INFO.txt: counts, sources, coverage, curves."""
    code = lang.code
    lines = [
        f"== {code}: {len(lang.words)} words, {size / 1e6:.2f} MB, "
        f"wordfreq {wordlist_name(code)} list, ADD_ZIPF {lang.add_zipf or 'none'} "
        f"({seconds:.0f} s)",
        f"  alphabet: {letters(code)}; vowels: {vowels(code)}",
        "  words per length " + " ".join(f"{n:>7d}" for n in range(MIN_LEN, MAX_LEN + 1)),
    ]
    for src in sources_of(code, extra=True):
        used = src in SOURCES[code]
        keys = source_words(lang, src) if used else word_set(lang.forms[src.package], code)
        lines.append(f"  {src.package:16s} {per_length(keys)}{'' if used else ' [not used]'}")
    only = (w for w, v in lang.words.items() if v[1] == 4)
    lines.append(f"  {'wordfreq-only':16s} {per_length(only)}")
    lines.append(f"  {'written':16s} {per_length(lang.words)}")
    for src in sources_of(code, extra=True):
        f = lang.forms[src.package]
        if src.kind == "plain":
            lines.append(
                f"  {src.package}: {f.entries} entries, {f.dropped} dropped for other characters"
            )
        else:
            lines.append(
                f"  {src.package}: {f.entries} stems, {f.dropped} dropped for other "
                f"characters, {f.skipped_affixes} affix rules left out for other "
                f"characters, {f.raw_forms} forms generated; " + hunspell_check(code, src, f)
            )
    reasons = sorted(lang.reasons.items(), key=lambda x: -x[1])
    classes = sorted(lang.classes.items())
    return [
        *lines,
        f"  wordfreq: {len(lang.zipf)} words, {lang.wordfreq_dropped} dropped for "
        f"other characters; {lang.added} wordfreq-only words added, {lang.outside} written as "
        f"OUTSIDE (Zipf >= {REACH_ZIPF})",
        "  wordfreq-only words of 4-11 letters: " + ", ".join(f"{w} {n}" for w, n in reasons),
        "  classes of the dictionaries' keys (4-11 letters, with wordfreq's): "
        + ", ".join(f"{k} {v}" for k, v in classes),
        *coverage_table(lang),
        "  wordfreq words per Zipf band (threshold curve):",
        *threshold_curve(lang),
    ]


def copy_licences(out: Path, packages: list[str]) -> list[str]:
    """Copy each package's Debian copyright file to out/LICENSES (the hunspell packages of
    libreoffice-dictionaries share one); return BUILD-INFO.txt's lines naming them."""
    lic = out / "LICENSES"
    lic.mkdir(exist_ok=True)
    written: dict[str, str] = {}
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


def build_info(
    summaries: list[Summary],
    packages: list[str],
    licences: list[str],
    total: float,
    report: list[str],
) -> str:
    """Return BUILD-INFO.txt: versions, settings, the judged samples, licences, and each
    language's report."""
    versions = [f"  {p} {package_version(p)}: {LICENCES[p]}" for p in packages]
    return (
        f"Built by wordlists/build_languages.py. wordfreq {version('wordfreq')} "
        f"(data CC BY-SA 4.0, see ../WORDFREQ-NOTICE); pyarrow {version('pyarrow')}.\n"
        f"Lengths {MIN_LEN}-{MAX_LEN}; coverage: wordfreq's top {TOP_N} words of "
        f"{' and '.join(map(str, COVERAGE_LENGTHS))} letters that are not names or "
        f"abbreviations.\nADD_ZIPF (wordfreq-only words added at or above; rule: the lowest "
        f"judged edge where >= {MIN_REAL:.0%} of the added words are real, by JUDGED): "
        + ", ".join(f"{s.code} {s.add_zipf or 'none'}" for s in summaries)
        + "\nJUDGED samples {edge: (real, judged)}: "
        + "; ".join(f"{c} {JUDGED[c]}" for c in CODES)
        + "\nDebian packages (version: licence of the word list):\n"
        + "\n".join(versions)
        + "\nLicence files:\n"
        + "\n".join(licences)
        + f"\nTotal size of wordlists/lang/: {total / 1e6:.2f} MB\n\n"
        + "\n".join(report)
        + "\n"
    )


README_NOTES = {
    "ca": "the middle dot of l·l is kept as a character (col·legi has 8)",
    "nl": "ij is two letters, i and j",
    "uk": "the apostrophe (U+0027) is a character (п'ять has 5)",
    "tr": "no q w x; â î û words dropped",
    "pt": "Brazilian sources; no ü",
    "de": "ß kept; capitalized nouns are words",
    "ru": "ё and е both as the dictionary writes them",
}


def readme(summaries: list[Summary], total: float) -> str:
    """Return wordlists/lang/README.md: the format, the alphabets and a table per language."""
    out = [
        "# Word data of other languages",
        "",
        "Generated by `wordlists/build_languages.py` (the docstrings of "
        "`wordlists/language_build/` say how and why; "
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
    for s in summaries:
        out.append(f"| {s.code} | {letters(s.code)} | {README_NOTES.get(s.code, '')} |")
    return "\n".join([*out, *per_language(summaries), *sources_table(summaries)])


def per_language(summaries: list[Summary]) -> list[str]:
    """Return README.md's table of words per length and coverage, a row a language."""
    head = " | ".join(str(n) for n in range(MIN_LEN, MAX_LEN + 1))
    out = [
        "",
        "## Per language",
        "",
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
        cov = [coverage_cell(s, length) for length in COVERAGE_LENGTHS]
        counts = " | ".join(str(c) for c in s.lengths)
        out.append(f"| {s.code} | {counts} | {cov[0]} | {cov[1]} | {s.add_zipf or 'none'} |")
    return out


def coverage_cell(s: Summary, length: int) -> str:
    """Return 'plain / hunspell / both / written' coverage of a length's top words, in %."""
    pcts = dict(s.coverage.get(length, []))
    plain = next((p for n, p in pcts.items() if n.startswith("plain")), None)
    huns = next((p for n, p in pcts.items() if n.startswith("hunspell")), None)
    union = pcts.get("dictionaries (union)")
    written = pcts.get("written (with wordfreq's)")
    return " / ".join("-" if p is None else f"{p:.0f}" for p in (plain, huns, union, written))


def sources_table(summaries: list[Summary]) -> list[str]:
    """Return README.md's sources and licences."""
    out = [
        "",
        "## Sources and licences",
        "",
        "| code | source | Debian package | licence of the word list |",
        "| --- | --- | --- | --- |",
    ]
    for s in summaries:
        for src in SOURCES[s.code]:
            out.append(f"| {s.code} | {src.kind} | {src.package} | {LICENCES[src.package]} |")
    return [
        *out,
        "| all | frequencies, wordfreq-only words | wordfreq (PyPI) | data CC BY-SA 4.0 "
        "(`../WORDFREQ-NOTICE`) |",
        "",
        "Each package's Debian copyright file is in `LICENSES/` (the hunspell packages built "
        "from libreoffice-dictionaries share `LICENSES/libreoffice-dictionaries.copyright`). "
        "Several licences are copyleft (GPL, LGPL, MPL, CC BY-SA): the project has to decide "
        "how to ship this data beside its MIT code (BUILD-INFO.txt lists each).",
        "",
    ]
