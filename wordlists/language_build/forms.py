"""One source read into its forms: a plain word list's words, or a hunspell dictionary's
stems expanded to every form, each lower-cased and filed by the case the source writes it
in (Forms), with what the classes need (stems, affixed forms, German nouns, Russian cuts).

Russian (BARE_CUTS): ru_RU.dic lists abbreviations in lower case as bare entries, with no
affix flag (прибл for приблизительно, англ, иссл, техн); such an entry is one when it ends
in a cluster of consonants that fewer than RARE_END of the dictionary's inflected forms end
in (бл: only вобл; нгл: only сингл; a doubled last letter counts once: буфф ends in ф), it
begins a longer word of the dictionary (спиричуэлс, штабс begin none), and it is no
inflected word's form without an ending (русл of русло, солнц of солнце, мертв of мертвый:
a dictionary form is it and a vowel). It finds 31 of 4-11 letters, two of them heads of
hyphenated compounds that never stand alone (статс-, конференц-); ЗОМБИ, ТАКСИ, ВДРУГ end
in a vowel or one consonant and stay, and so do the abbreviations that end in one (акад,
эквив) or in a cluster more inflected forms end in (арифм, соотв).
"""

import bisect
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from wordlists.language_build.affix import dic_entries, expand, read_aff, read_text
from wordlists.language_build.letters import (
    MAX_LEN,
    MIN_LEN,
    alphabet,
    case_kind,
    letters,
    letters_ok,
    lower,
    normalize,
    vowels,
)
from wordlists.language_build.sources import Source

# capitalized forms of stems with this hunspell flag are nouns (German: igerman98's
# compound-tail flag, which common nouns and countries have, persons' names not)
NOUN_FLAG = {"de": "m"}
# languages whose hunspell dictionary lists abbreviations in lower case, as entries with no
# affix flag (truncations)
BARE_CUTS = ("ru",)
RARE_END = 3  # a final cluster fewer inflected forms end in is rare (as in English)
NOT_CLUSTER = {"ru": "йьъ"}  # letters that are no vowel and end no cluster of consonants


@dataclass
class Forms:
    """The case-classed forms of one source, by lower-cased key, with drop counts."""

    lower: set[str] = field(default_factory=set)
    capitalized: set[str] = field(default_factory=set)
    caps: set[str] = field(default_factory=set)
    nouns: set[str] = field(default_factory=set)  # German capitalized forms of noun stems
    stems: set[str] = field(default_factory=set)  # hunspell: the keys of lower-case .dic
    # entries (and of German nouns, Haus)
    affixed: set[str] = field(default_factory=set)  # hunspell: the keys of forms an affix makes
    cut: set[str] = field(default_factory=set)  # hunspell, BARE_CUTS: abbreviations
    dropped: int = 0  # entries (plain) or stems (hunspell) with other characters
    entries: int = 0
    skipped_affixes: int = 0
    raw_forms: int = 0  # hunspell forms generated, before letters and lengths

    def add(self, code: str, text: str, noun: bool = False) -> bool:
        """File a written form by its case (if of MIN_LEN-MAX_LEN letters); return whether
        it is made of the language's letters."""
        text = normalize(code, text)
        key = lower(code, text)
        if not letters_ok(code, key):
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

    def all(self) -> set[str]:
        """Return every key, in any case."""
        return self.lower | self.capitalized | self.caps


def merge(parts: list[Forms]) -> Forms:
    """Return the forms of several sources together (without their counts)."""
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


def read_source(code: str, src: Source) -> Forms:
    """Return the classed forms of a source of the language."""
    return read_plain(code, src) if src.kind == "plain" else expand_dictionary(code, src)


def read_plain(code: str, src: Source) -> Forms:
    """Return the classed words of a plain /usr/share/dict list."""
    forms = Forms()
    for line in read_text(Path(src.path)).splitlines():
        line = line.strip()
        if not line:
            continue
        forms.entries += 1
        if not forms.add(code, line):
            forms.dropped += 1
    return forms


def expand_dictionary(code: str, src: Source) -> Forms:
    """Return the classed forms of a hunspell dictionary, every stem expanded (affix.py);
    affixes that add characters outside the language's letters are left out, and the forms
    of FORBIDDENWORD entries taken away."""
    allowed = alphabet(code) | {ch.upper() for ch in letters(code)} | {"I", "İ"}
    aff = read_aff(Path(src.path + ".aff"), lambda add: set(normalize(code, add)) <= allowed)
    forms = Forms(skipped_affixes=aff.skipped_affixes)
    forbidden: set[str] = set()
    noun_flag = NOUN_FLAG.get(code)
    forbid = aff.flag("FORBIDDENWORD")
    bare: set[str] = set()  # (BARE_CUTS) lower-case entries with no affix flag
    inflected: set[str] = set()  # (BARE_CUTS) the forms of lower-case entries with flags
    for word, flags in dic_entries(Path(src.path + ".dic"), aff):
        forms.entries += 1
        entry = normalize(code, word)
        if not letters_ok(code, lower(code, entry)):
            forms.dropped += 1
            continue
        if forbid and forbid in flags:
            forbidden.update(normalize(code, w) for w in expand(aff, word, flags - {forbid}))
            continue
        noun = bool(noun_flag and noun_flag in flags)
        if case_kind(entry) == "lower" or noun:  # (a German noun: Haus)
            forms.stems.add(lower(code, entry))
        out = expand(aff, word, flags)
        forms.raw_forms += len(out)
        if code in BARE_CUTS and case_kind(entry) == "lower":
            if flags:
                inflected.update(lower(code, normalize(code, w)) for w in out)
            else:
                bare.add(lower(code, entry))
        for w in out:
            if MIN_LEN <= len(w) <= MAX_LEN + 2 and normalize(code, w) not in forbidden:
                forms.add(code, w, noun)
                if w != word:  # made by an affix rule
                    forms.affixed.add(lower(code, normalize(code, w)))
    for w in forbidden:  # forbidden forms of later entries too
        kind = case_kind(w)
        {"lower": forms.lower, "caps": forms.caps}.get(kind, forms.capitalized).discard(
            lower(code, w)
        )
    forms.cut = truncations(code, bare, inflected) if code in BARE_CUTS else set()
    return forms


def final_cluster(code: str, word: str) -> str:
    """Return the consonants that end the word, a doubled last letter once (буфф: ф)."""
    others = set(vowels(code) + NOT_CLUSTER.get(code, ""))
    consonants = "".join(c for c in letters(code) if c not in others)
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
        and not any(w + v in inflected for v in vowels(code))
    }
