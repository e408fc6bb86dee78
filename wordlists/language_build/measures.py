"""What the build measures of a language and checks: each source's coverage of wordfreq's
most frequent words, the threshold curve of the wordfreq-only words (with the samples that
were judged), words per length, the sanity words, and hunspell's own verdict on a sample
of the expanded forms.
"""

import random
import shutil
import subprocess
from collections.abc import Iterable

from lenwordle.words.wordlist import NAME
from wordlists.language_build.classing import (
    BANDS,
    Language,
    band_of,
    word_class,
    word_set,
)
from wordlists.language_build.forms import Forms, merge
from wordlists.language_build.letters import MAX_LEN, MIN_LEN, has_vowel, letters_ok, normalize
from wordlists.language_build.sources import EXTRA_SOURCES, SOURCES, Source, wordfreq_key

TOP_N = 500  # coverage: wordfreq's most frequent words of each COVERAGE_LENGTHS
COVERAGE_LENGTHS = (5, 7)
SAMPLE_SEED = 20240501
SANITY = {  # words the build must write
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


def sanity(lang: Language) -> list[str]:
    """Return what is wrong with the language's words: a SANITY word missing, a NAMES word
    not written as a name."""
    missing = [w for w in SANITY.get(lang.code, ()) if w not in lang.words]
    wrong = [w for w in NAMES.get(lang.code, ()) if lang.words.get(w, (0, 0, 0))[2] != NAME]
    return [f"{lang.code}: missing {w}" for w in missing] + [
        f"{lang.code}: {w} is not a name" for w in wrong
    ]


def top_words(code: str, zipf: dict[str, float], dictionary: Forms, length: int) -> list[str]:
    """Return wordfreq's TOP_N most frequent keys of this length made of the language's
    letters and not only capitalized or in capitals in the dictionaries (not a name, not an
    abbreviation)."""
    known = dictionary.all()
    out = []
    for k in zipf:
        key = normalize(code, k)
        if len(key) != length or not letters_ok(code, key):
            continue
        if key in known and word_class(code, key, dictionary) != "word":
            continue
        if not has_vowel(code, key):
            continue
        out.append(key)
        if len(out) == TOP_N:
            break
    return out


def covered(top: list[str], keys: set[str], wkeys: set[str]) -> float:
    """Return the share of top found in keys, directly or by wordfreq's key (straße for
    strasse)."""
    if not top:
        return 0.0
    return sum(1 for k in top if k in keys or k in wkeys) / len(top)


def coverage_table(lang: Language) -> list[str]:
    """Return the report's lines of each source's coverage of the top words (and record the
    shares in lang.coverage)."""
    code, srcs = lang.code, SOURCES[lang.code]
    dictionary = merge([lang.forms[s.package] for s in srcs])
    sets = [(f"{s.kind} {s.package}", source_words(lang, s)) for s in srcs]
    if len(srcs) > 1:
        sets.append(("dictionaries (union)", {w for w, v in lang.words.items() if v[1] & 3}))
    sets.append(("written (with wordfreq's)", set(lang.words)))
    for s in EXTRA_SOURCES.get(code, ()):
        sets.append((f"[not used] {s.kind} {s.package}", word_set(lang.forms[s.package], code)))
    rows = []
    for length in COVERAGE_LENGTHS:
        top = top_words(code, lang.zipf, dictionary, length)
        cells = []
        for name, keys in sets:
            wkeys = {wordfreq_key(code, k) for k in keys} if code == "de" else set()
            pct = 100 * covered(top, keys, wkeys)
            cells.append(f"{name} {pct:.1f}%")
            lang.coverage.setdefault(length, []).append((name, pct))
        rows.append(f"  top {len(top)} of {length} letters: " + "; ".join(cells))
    return rows


def source_words(lang: Language, src: Source) -> set[str]:
    """Return the written words a used source has (in any case: German nouns are
    capitalized)."""
    return lang.forms[src.package].all() & lang.words.keys()


def lengths(keys: Iterable[str]) -> list[int]:
    """Return how many keys have each length, MIN_LEN to MAX_LEN."""
    counts = [0] * (MAX_LEN + 1)
    for k in keys:
        counts[len(k)] += 1
    return counts[MIN_LEN:]


def per_length(keys: Iterable[str]) -> str:
    """Return the words per length as a report's columns."""
    return " ".join(f"{n:>7d}" for n in lengths(keys))


def threshold_curve(lang: Language, sample: int = 0) -> list[str]:
    """Return per Zipf band: wordfreq's words of 4-11 letters, the share the dictionaries
    know, how many of the others pass wordfreq_filter but the threshold, and (sample > 0)
    a sample of those."""
    code = lang.code
    total = dict.fromkeys(BANDS, 0)
    only = dict.fromkeys(BANDS, 0)
    passing: dict[float, list[str]] = {b: [] for b in BANDS}
    for k, z in lang.zipf.items():
        key = normalize(code, k)
        band = band_of(z)
        if MIN_LEN <= len(key) <= MAX_LEN and letters_ok(code, key) and band is not None:
            total[band] += 1
    for key, z, why in lang.candidates:
        band = band_of(z)
        if band is None:
            continue
        only[band] += 1
        if why in ("added", "below ADD_ZIPF", "passes"):
            passing[band].append(key)
    rng = random.Random(SAMPLE_SEED)
    rows = []
    for i, b in enumerate(BANDS):
        top = BANDS[i + 1] if i + 1 < len(BANDS) else 99
        share = 100 * (total[b] - only[b]) / total[b] if total[b] else 0.0
        rows.append(
            f"  Zipf {b:.2f}-{top:.2f}: {total[b]:6d} wordfreq words, dictionaries know "
            f"{share:5.1f}%; of the {only[b]} others {len(passing[b])} pass the filters"
        )
        if sample and passing[b]:
            rows.append("      " + " ".join(rng.sample(passing[b], min(sample, len(passing[b])))))
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
