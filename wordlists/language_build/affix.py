"""Hunspell's dictionaries read and expanded: a .aff file's affix rules, a .dic file's stems
with their flags, and every form a stem's flags make (expand).

The build's own expander, not hunspell-tools' `unmunch`: unmunch reads one-character flags
only, so it prints garbage for the dictionaries with `FLAG long` (fr, nl, ca) and nothing
for `FLAG num` (tr); it applies no continuation class, NEEDAFFIX nor FORBIDDENWORD; and it
keeps every elided or clitic form (Italian nell'..., Portuguese -lhes-ia, Catalan -se'ls:
36, 83 and 181 million lines). This one reads the .aff's SET encoding (Polish is
ISO8859-2, pt_BR starts with a byte-order mark) and FLAG type (single, long, num, UTF-8),
AF aliases, and applies hunspell's rules: prefixes and suffixes with their strip strings
and conditions, suffix continuation classes (two suffixes), a prefix's continuation
suffixes, cross products (one prefix with a suffix), NEEDAFFIX (PSEUDOROOT), CIRCUMFIX,
ONLYINCOMPOUND (such roots and affixes are left out), FORBIDDENWORD (read here; the caller
takes such forms away). It leaves out compounds (their number is unbounded), and the
affixes whose added text the caller refuses (keep_add: the build refuses text outside the
language's letters, elisions, clitics, the German dictionary's '-a' compound tails).
tests/test_language_build.py holds each rule to hunspell's own expansion.
"""

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

Flags = frozenset[str]
SPECIAL = ("NEEDAFFIX", "PSEUDOROOT", "CIRCUMFIX", "ONLYINCOMPOUND", "FORBIDDENWORD")
FLAG_TYPES = {"long": "long", "num": "num", "UTF-8": "utf8"}  # else 'short': one character
CODECS = {"UTF-8": "utf-8", "ISO8859-2": "iso8859_2", "ISO8859-1": "latin-1"}


@dataclass(frozen=True)
class Affix:
    """One affix rule: strip this from the word's end (suffix) or start (prefix) and add
    that, where the condition matches there; cont: the flags the made form carries on."""

    strip: str
    add: str
    cont: Flags
    cond: re.Pattern[str] | None
    width: int  # characters the condition spans
    cross: bool  # may combine with an affix of the other side (cross product)

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


def condition(cond: str) -> tuple[re.Pattern[str] | None, int]:
    """Return a hunspell affix condition as a regular expression and the characters it
    spans ('.' or nothing: None, 0)."""
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
    """A .aff file's rules: its flag type and encoding, prefixes and suffixes by flag, the
    special flags (NEEDAFFIX, CIRCUMFIX, ...) and the AF aliases."""

    flag_type: str = "short"
    encoding: str = "ISO8859-1"
    pfx: dict[str, list[Affix]] = field(default_factory=dict)
    sfx: dict[str, list[Affix]] = field(default_factory=dict)
    special: dict[str, str] = field(default_factory=dict)  # NEEDAFFIX, CIRCUMFIX, ... -> flag
    aliases: list[Flags] = field(default_factory=list)  # AF
    skipped_affixes: int = 0  # affix rules whose added text keep_add refused

    def flags(self, text: str) -> Flags:
        """Return the set of flags written as text (by FLAG type, or an AF alias number)."""
        if self.aliases and text.isdigit():
            n = int(text)
            return self.aliases[n - 1] if 0 < n <= len(self.aliases) else frozenset()
        if self.flag_type == "long":
            return frozenset(text[i : i + 2] for i in range(0, len(text) - 1, 2))
        if self.flag_type == "num":
            return frozenset(f for f in text.split(",") if f)
        return frozenset(text)

    def flag(self, name: str) -> str | None:
        """Return the flag of a special rule (NEEDAFFIX, ...), or None if the .aff has none."""
        return self.special.get(name)


def codec(encoding: str) -> str:
    """Return Python's codec of a .aff file's SET encoding."""
    return CODECS.get(encoding.upper(), encoding)


def read_text(path: Path, encoding: str | None = None) -> str:
    """Return a dictionary file's text: in this codec (or UTF-8, else Latin-1), without a
    byte-order mark."""
    data = path.read_bytes()
    if encoding is None:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = data.decode("latin-1")
    else:
        text = data.decode(encoding, "replace")
    return text.lstrip("\ufeff")


def read_aff(path: Path, keep_add: Callable[[str], bool] = lambda add: True) -> Aff:
    """Return a .aff file's rules; affixes whose added text fails keep_add are left out
    (counted in skipped_affixes)."""
    raw = path.read_bytes().lstrip(b"\xef\xbb\xbf")
    aff = Aff()
    m = re.search(rb"^SET\s+(\S+)", raw, re.M)
    aff.encoding = m.group(1).decode() if m else "ISO8859-1"
    lines = raw.decode(codec(aff.encoding), "replace").splitlines()
    for line in lines:
        f = line.split()
        if len(f) >= 2 and f[0] == "FLAG":
            aff.flag_type = FLAG_TYPES.get(f[1], "short")
    i = 0
    while i < len(lines):
        f = lines[i].split()
        i += 1
        if not f:
            continue
        key = f[0]
        if key == "AF" and len(f) >= 2 and not f[1].isdigit():
            aff.aliases.append(aff.flags(f[1]))
        elif key in SPECIAL and len(f) >= 2:
            aff.special["NEEDAFFIX" if key == "PSEUDOROOT" else key] = f[1]
        elif key in ("PFX", "SFX") and len(f) >= 4 and f[2] in "YN" and f[3].isdigit():
            rules = (aff.pfx if key == "PFX" else aff.sfx).setdefault(f[1], [])
            rules += read_rules(aff, lines[i : i + int(f[3])], key, f[1], f[2] == "Y", keep_add)
            i += int(f[3])
    return aff


def read_rules(
    aff: Aff, lines: list[str], key: str, name: str, cross: bool, keep_add: Callable[[str], bool]
) -> list[Affix]:
    """Return the affix rules of one PFX or SFX header's lines (others and refused ones
    left out, the refused counted in aff.skipped_affixes)."""
    rules = []
    for line in lines:
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
    return rules


def dic_entries(path: Path, aff: Aff) -> Iterator[tuple[str, Flags]]:
    """Yield (word, flags) of a .dic file (morphological fields and multi-word entries left
    out; an escaped slash is part of the word)."""
    lines = read_text(path, codec(aff.encoding)).splitlines()
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


@dataclass(frozen=True)
class Suffixed:
    """A form one or two suffixes made, with what it carries on to a prefix."""

    form: str
    alone: bool  # a word by itself (its last suffix needs no other affix, no circumfix)
    cont: Flags  # the suffixes' continuation flags
    cross: bool  # every suffix allows a cross product
    circumfix: bool  # a suffix is part of a circumfix (it needs the prefix part)


def expand(aff: Aff, word: str, flags: Flags) -> list[str]:
    """Return the word (unless NEEDAFFIX or ONLYINCOMPOUND keep it from standing alone) and
    every form hunspell derives from it by its affixes, with repeats."""
    if aff.flag("ONLYINCOMPOUND") in flags:
        return []
    suffixed = suffixed_forms(aff, word, flags)
    return (
        ([] if needs_more(aff) & flags else [word])
        + [s.form for s in suffixed if s.alone]
        + prefixed_forms(aff, word, flags)
        + cross_products(aff, flags, suffixed)
    )


def needs_more(aff: Aff) -> set[str]:
    """Return the flags that keep a stem or an affixed form from being a word by itself."""
    return {f for f in (aff.flag("NEEDAFFIX"), aff.flag("ONLYINCOMPOUND")) if f}


def suffixed_forms(aff: Aff, word: str, flags: Flags) -> list[Suffixed]:
    """Return the forms of word with one suffix of its flags, and with a second suffix of
    the first's continuation flags (ONLYINCOMPOUND's left out)."""
    onlycompound, circumfix = aff.flag("ONLYINCOMPOUND"), aff.flag("CIRCUMFIX")
    more = needs_more(aff)
    out: list[Suffixed] = []
    for f in flags:
        for a in aff.sfx.get(f, ()):
            w1 = a.suffix(word)
            if w1 is None or onlycompound in a.cont:
                continue
            circ1 = circumfix in a.cont
            out.append(Suffixed(w1, not (more & a.cont or circ1), a.cont, a.cross, circ1))
            for g in a.cont:
                for b in aff.sfx.get(g, ()):
                    w2 = b.suffix(w1)
                    if w2 is None or onlycompound in b.cont:
                        continue
                    circ2 = circ1 or circumfix in b.cont
                    alone = not (more & b.cont or circ2)
                    out.append(Suffixed(w2, alone, a.cont | b.cont, a.cross and b.cross, circ2))
    return out


def prefixed_forms(aff: Aff, word: str, flags: Flags) -> list[str]:
    """Return the forms of word with a prefix of its flags, and those with a suffix of the
    prefix's continuation flags too (both allowing a cross product, a circumfix's two
    parts together)."""
    onlycompound, circumfix = aff.flag("ONLYINCOMPOUND"), aff.flag("CIRCUMFIX")
    more = needs_more(aff)
    out: list[str] = []
    for f in flags:
        for p in aff.pfx.get(f, ()):
            wp = p.prefix(word)
            if wp is None or onlycompound in p.cont:
                continue
            circ = circumfix in p.cont
            if not (more & p.cont) and not circ:
                out.append(wp)
            for g in p.cont:
                for b in aff.sfx.get(g, ()):
                    if p.cross and b.cross and (circumfix in b.cont) == circ:
                        w = b.suffix(wp)
                        if w is not None:
                            out.append(w)
    return out


def cross_products(aff: Aff, flags: Flags, suffixed: list[Suffixed]) -> list[str]:
    """Return the suffixed forms with a prefix of the stem's or the suffixes' flags, where
    every affix allows a cross product (a circumfix's suffix part only with its prefix)."""
    onlycompound, circumfix = aff.flag("ONLYINCOMPOUND"), aff.flag("CIRCUMFIX")
    out: list[str] = []
    for s in suffixed:
        if not s.cross:
            continue
        for f in flags | s.cont:
            for p in aff.pfx.get(f, ()):
                if p.cross and (circumfix in p.cont) == s.circumfix and onlycompound not in p.cont:
                    w = p.prefix(s.form)
                    if w is not None:
                        out.append(w)
    return out
