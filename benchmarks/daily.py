"""Each language played as its daily game is: daily-answer-like targets the solver is not
told, and a game that accepts only the words of a list, given as files in the language's
own spelling (accents, ß, Cyrillic, Turkish İ), through `lenwordle bench` itself.

Built from the field sources (the bundled Parquet files: dictionary spelling, Zipf
frequency, which sources list it), not from any game's own lists:
- targets: 5-letter spellings a dictionary lists (Debian's plain list or hunspell, not
  wordfreq alone) as base forms (not a name, not DERIVED: a daily game's answers are base
  forms, about 6 % plurals in Spanish and French; `--any-form` takes inflected forms too),
  with Zipf >= TARGET_ZIPF (frequent words, as daily answers are), drawn by hash with a
  fixed seed, N of them, written as the dictionary spells them;
- accepted: every 5-letter spelling a dictionary lists with Zipf >= ACCEPTED_ZIPF (the rare
  forms no game accepts left out; --accepted-zipf Z for a stricter or looser game), with the
  targets, also as spelled; `--accepted-base`: base forms only (a game that takes no
  inflected form, as many of Russian's take nominative nouns only).
Only spellings the game can play are taken: those that fold to k of its letters (Ukrainian
words with an apostrophe, which its game leaves out, are not).
`--field`: the targets are drawn instead from wordfreq's own words of the language (Zipf
>= TARGET_ZIPF, k game letters, a vowel of the language, no Roman numeral, no dictionary
word typed without its accents), whatever any dictionary says: the first names, foreign
names, loans and colloquial words a game's list holds beside its dictionary words (Russian
АЛЕКС, БАБЛО; Portuguese HOUSE, POKER), in the share wordfreq's frequent words have them,
but the forms a dictionary lists only as inflected and, in Ukrainian and Catalan, the
words of the language their texts quote (Russian, Spanish) that their own dictionaries
lack; `wordfreq` must be installed (`pip install wordfreq==3.1.1`).
`--uniform`: the game of a dictionary, not of a frequency list: the targets are drawn
uniformly from every base form a dictionary lists (not a name, not DERIVED, whatever its
Zipf, 0 for a word wordfreq never saw), and the game accepts every spelling a dictionary
lists (whatever its Zipf): the rare answers some games pick, and a referee that takes the
rare words a storm of refusals is made of only if the dictionary has them.
`--answers-like LIKE` is handed to bench (dictionary: a game drawing from a dictionary).
Printed per language: the targets and accepted lines written and the lines bench read (none
may be skipped), the mean guesses, max, failures (more than 6), and the refusals per game
(suggestions the game's list lacks). Figures in docs/benchmarks.md.
Run: python benchmarks/daily.py [CODE ...] [--targets N] [--k 5] [--accepted-zipf 1.0]
     [--any-form] [--field | --uniform] [--accepted-base] [--answers-like LIKE]
"""

import hashlib
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pyarrow.compute as pc
import pyarrow.parquet as pq

from lenwordle.words.langlists import language_dir
from lenwordle.words.languages import LANGUAGES
from wordlists.language_build.classing import NEIGHBOUR

ROMAN = re.compile("[ivxlcdm]+")  # a Roman numeral: an abbreviation, no word
TARGET_ZIPF = 3.0
ACCEPTED_ZIPF = 1.0
DICTIONARY = 3  # the `sources` bits of Debian's plain list (1) and hunspell (2)
NOT_BASE = 3  # the `marks` bits of a name (1) and a derived form (2)


def option(name: str, default: str) -> str:
    """Return the value after --name on the command line, or default."""
    args = sys.argv[1:]
    return args[args.index(name) + 1] if name in args else default


def spellings(code: str, k: int, min_zipf: float, base_only: bool = False) -> list[str]:
    """Return the language's dictionary spellings with at least min_zipf that fold to k
    letters of its game (its default rule); base_only: base forms only."""
    table = pq.read_table(language_dir() / f"{code}.parquet")
    listed = pc.not_equal(pc.bit_wise_and(table["sources"], DICTIONARY), 0)
    if base_only:
        listed = pc.and_(listed, pc.equal(pc.bit_wise_and(table["marks"], NOT_BASE), 0))
    keep = pc.and_(
        pc.and_(pc.less_equal(pc.abs(pc.subtract(table["length"], k)), 2), listed),
        pc.greater_equal(table["zipf"], min_zipf),
    )
    alphabet = LANGUAGES[code].alphabet()
    return [
        word
        for word in table.filter(keep)["word"].to_pylist()
        if len(folded := alphabet.fold(word)) == k and alphabet.is_word(folded)
    ]


def field_words(code: str, k: int, min_zipf: float) -> list[str]:
    """Return wordfreq's words of the language of at least min_zipf that fold to k letters
    of its game and have a vowel of the language (no abbreviation), as wordfreq spells them,
    but the inflected forms (a daily game's answers are base forms): those a dictionary
    lists only as DERIVED; and but a dictionary's word typed without its accents (Polish
    widze for widzę, zadna for żadna: no game picks a misspelling; the language build's
    own rule, letters.fold)."""
    import wordfreq

    from wordlists.language_build.letters import fold, has_vowel

    alphabet = LANGUAGES[code].alphabet()
    table = pq.read_table(language_dir() / f"{code}.parquet", columns=["word", "sources", "marks"])
    rows = zip(*(table[c].to_pylist() for c in ("word", "sources", "marks")))
    inflected = {w for w, sources, marks in rows if sources & DICTIONARY and marks & 2}
    other = NEIGHBOUR.get(code)  # (Ukrainian text quotes Russian, Catalan Spanish)
    neighbour = dictionary_words(other) - dictionary_words(code) if other else set()
    listed = dictionary_words(code)
    unaccented = {fold(code, w) for w in listed} - listed  # (typed without its accents)
    words = []
    for word in wordfreq.iter_wordlist(code, "best"):  # (Turkish has no large list)
        zipf = wordfreq.zipf_frequency(word, code, "best")
        if zipf < min_zipf:
            break  # (the list runs most frequent first)
        folded = alphabet.fold(alphabet.lower(word))
        if word in inflected or word in neighbour or word in unaccented or ROMAN.fullmatch(word):
            continue
        if len(folded) == k and alphabet.is_word(folded) and has_vowel(code, word):
            words.append(word)
    return words


def dictionary_words(code: str) -> set[str]:
    """Return the spellings of the language's file that a dictionary lists."""
    table = pq.read_table(language_dir() / f"{code}.parquet", columns=["word", "sources"])
    listed = pc.not_equal(pc.bit_wise_and(table["sources"], DICTIONARY), 0)
    return set(table["word"].filter(listed).to_pylist())


def drawn(words: list[str], n: int, seed: int = 7) -> list[str]:
    """Return n of words drawn by hash with a fixed seed."""
    return sorted(words, key=lambda w: hashlib.sha256(f"{seed}:{w}".encode()).digest())[:n]


def row(
    code: str,
    k: int,
    n: int,
    folder: Path,
    accepted_zipf: float,
    any_form: bool,
    field: bool,
    uniform: bool = False,
    accepted_base: bool = False,
    answers_like: str = "",
) -> str:
    """Return one language's figures as a table row."""
    if uniform:
        pool, accepted_zipf = spellings(code, k, 0.0, base_only=not any_form), 0.0
    elif field:
        pool = field_words(code, k, TARGET_ZIPF)
    else:
        pool = spellings(code, k, TARGET_ZIPF, base_only=not any_form)
    targets = drawn(pool, n)
    taken = spellings(code, k, accepted_zipf, base_only=accepted_base)
    accepted = sorted(set(taken) | set(targets))
    (folder / f"{code}-targets.txt").write_text("\n".join(targets) + "\n", encoding="utf-8")
    (folder / f"{code}-accepted.txt").write_text("\n".join(accepted) + "\n", encoding="utf-8")
    command = [
        sys.executable,
        "-m",
        "lenwordle",
        "bench",
        "--lang",
        code,
        "-k",
        str(k),
        "--targets",
        str(folder / f"{code}-targets.txt"),
        "--accepted",
        str(folder / f"{code}-accepted.txt"),
        "--json",
        *(["--answers-like", answers_like] if answers_like else []),
    ]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        return f"| {code} | {k} | error: {done.stderr.strip().splitlines()[-1:]} |"
    result = json.loads(done.stdout)
    skipped = "skipped" in done.stderr
    return (
        f"| {code} | {k} | {len(targets)} | {len(accepted)} | {result['games']} | "
        f"{'some' if skipped else 'none'} | {result['mean']:.3f} | {result['max']} | "
        f"{result['failures']} | {result['refusals_per_game']:.2f} | "
        f"{result['max_refusals']} |"
    )


def main() -> None:
    codes = [a for a in sys.argv[1:] if a in LANGUAGES] or [c for c in LANGUAGES if c != "en"]
    n, k = int(option("--targets", "150")), int(option("--k", "5"))
    accepted_zipf = float(option("--accepted-zipf", str(ACCEPTED_ZIPF)))
    any_form = "--any-form" in sys.argv[1:]
    field = "--field" in sys.argv[1:]
    uniform = "--uniform" in sys.argv[1:]
    accepted_base = "--accepted-base" in sys.argv[1:]
    answers_like = option("--answers-like", "")
    print(
        "| lang | k | targets | accepted | games | lines skipped | mean | max | failures | "
        "refusals a game | most in a game |"
    )
    print("| --- " * 11 + "|")
    with tempfile.TemporaryDirectory() as tmp:
        for code in codes:
            print(
                row(
                    code,
                    k,
                    n,
                    Path(tmp),
                    accepted_zipf,
                    any_form,
                    field,
                    uniform,
                    accepted_base,
                    answers_like,
                ),
                flush=True,
            )


if __name__ == "__main__":
    main()
