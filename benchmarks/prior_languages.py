"""The prior in each language, without any game's answers: what its likeliest words are.

For each language (and English), at 5 letters under the default rule: the words, how many
are names and derived forms (the marks, docs/word-lists.md), then among the 1 000 likeliest
by the prior: the share of derived forms, of words ending in s (a plural in most of these
languages; Russian and Ukrainian: the share ending in a case or verb ending, ENDINGS), of
names, and how many distinct weights they have (a tie shows as fewer). A daily game's
answers are base forms: the issue that asked for the fitted prior measured 6 % ending in
s in Spanish and French games' daily answers, against 21-23 % of these 1 000 before.
Run: python benchmarks/prior_languages.py [CODE ...] [--length K] [--top N]
"""

import sys

import numpy as np

from lenwordle.words.langlists import language_words
from lenwordle.words.languages import LANGUAGES, language
from lenwordle.words.prior import weights_of
from lenwordle.words.wordlist import DERIVED, NAME, bundled

# Russian and Ukrainian endings of plural, case or verb forms, for the share among the likeliest
ENDINGS = {
    "ru": ("ами", "ями", "ах", "ях", "ом", "ем", "ой", "ей", "ов", "ев", "ют", "ут", "ет", "ит"),
    "uk": ("ами", "ями", "ах", "ях", "ом", "ем", "ою", "ею", "ів", "ють", "уть", "ить"),
}


def option(name: str, default: int) -> int:
    args = sys.argv[1:]
    return int(args[args.index(name) + 1]) if name in args else default


def row(code: str, k: int, top: int) -> str:
    words = bundled(k) if code == "en" else language_words(language(code), k)
    weights, marks = weights_of(words), words.mark_array()
    order = np.argsort(-weights, kind="stable")[:top]
    strings = words.words_at(order)
    endings = ENDINGS.get(code, ("s",))
    plural = np.mean([w.endswith(endings) for w in strings])
    derived = np.mean(marks[order] & DERIVED != 0)
    names = np.mean(marks[order] & NAME != 0)
    distinct = len(np.unique(weights[order]))
    return (
        f"{code:4} {len(words):7d} {np.sum(marks & NAME != 0):6d} "
        f"{np.sum(marks & DERIVED != 0):7d}"
        f"   {derived:7.1%} {plural:9.1%} {names:6.1%} {distinct:9d}   "
        + " ".join(words.display(w) for w in strings[:8])
    )


def main() -> None:
    k, top = option("--length", 5), option("--top", 1000)
    values = {str(k), str(top)}
    codes = [a for a in sys.argv[1:] if not a.startswith("--") and a not in values]
    codes = codes or list(dict.fromkeys(["en", *LANGUAGES]))
    print(f"{k} letters, the {top} likeliest by the prior")
    print("lang   words  names derived   derived  s/ending  names  distinct   likeliest")
    for code in codes:
        print(row(code, k, top))


if __name__ == "__main__":
    main()
