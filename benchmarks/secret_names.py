"""Names among the practice host's secrets, judged by Debian's hunspell dictionaries (an
independent judge: `hunspell -l`, the program, not the build's reading of its files): a
secret is a name when the dictionary takes it only capitalized (David, not david). Counts,
for each language, the names in the whole pool the host draws from at each length and in
the secrets of N seeds. Goal (issue 44): none in 150 seeds of each of en, es, fr, pl, tr.
Needs `hunspell` and the languages' dictionaries (apt-get install hunspell hunspell-en-us
hunspell-es hunspell-fr hunspell-pl hunspell-tr ...). Figures in
docs/practice.md#the-secret.
Run: python benchmarks/secret_names.py [--seeds 150] [--langs en es fr pl tr] [--lengths 5]
"""

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq

from lenwordle.api.practice import hosting, practice
from lenwordle.api.setup import Settings

LANG_DIR = Path(__file__).resolve().parent.parent / "wordlists" / "lang"
DICTIONARIES = {
    "en": "en_US",
    "es": "es_ES",
    "pt": "pt_BR",
    "de": "de_DE",
    "fr": "fr_FR",
    "it": "it_IT",
    "nl": "nl",
    "pl": "pl_PL",
    "sv": "sv_SE",
    "ru": "ru_RU",
    "uk": "uk_UA",
    "ca": "ca",
    "tr": "tr_TR",
}


def rejected(dictionary: str, words: list[str]) -> set[str]:
    """Return the words hunspell's dictionary does not take, as written."""
    done = subprocess.run(
        ["hunspell", "-d", dictionary, "-l"],
        input="\n".join(words) + "\n",
        capture_output=True,
        text=True,
        check=True,
    )
    return set(done.stdout.split())


def names(lang: str, spellings: dict[str, list[str]], settings: Settings) -> list[str]:
    """Return the words (the game's) that the language's dictionary takes only capitalized
    in every spelling the game folds to them (SOFIA: Sofía, a name; PETER: Peter, a name,
    but also péter, a word)."""
    dictionary = DICTIONARIES[lang]
    every = sorted({spelled for spelled_as in spellings.values() for spelled in spelled_as})
    lower = rejected(dictionary, every)
    capital = {spelled: capitalize(settings, spelled) for spelled in lower}
    taken = set(capital.values()) - rejected(dictionary, list(capital.values()))
    return sorted(
        word
        for word, spelled_as in spellings.items()
        if all(spelled in lower and capital[spelled] in taken for spelled in spelled_as)
    )


def capitalize(settings: Settings, spelled: str) -> str:
    """Return a spelling with its first letter a capital as the language writes it (i: İ)."""
    return settings.alphabet().upper(spelled[0]) + spelled[1:]


def spellings_of(settings: Settings, words: list[str]) -> dict[str, list[str]]:
    """Return each word's spellings in the language's dictionaries: those its game folds to
    it (ácido is ACIDO in a Spanish game), read from the bundled data (English: as is)."""
    if settings.lang == "en":
        return {word: [word] for word in words}
    table = pq.read_table(LANG_DIR / f"{settings.lang}.parquet", columns=["word", "length"])
    alphabet, wanted = settings.alphabet(), set(words)
    found: dict[str, list[str]] = {word: [] for word in words}
    for spelled, length in zip(*(table[c].to_pylist() for c in ("word", "length"))):
        if length == settings.k and alphabet.fold(spelled) in wanted:
            found[alphabet.fold(spelled)].append(spelled)
    return found


def measure(lang: str, length: int, seeds: int) -> tuple[int, list[str], list[str]]:
    """Return the pool's size, the names in it and the names among the seeds' secrets."""
    settings = Settings(k=length, lang=lang)
    pool = hosting(settings, None).pool
    in_pool = names(lang, spellings_of(settings, pool), settings)
    drawn = {practice(length, lang, seed=seed).answers[0] for seed in range(seeds)}
    return len(pool), in_pool, sorted(set(in_pool) & drawn)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=150)
    parser.add_argument("--langs", nargs="+", default=["en", "es", "fr", "pl", "tr"])
    parser.add_argument("--lengths", nargs="+", type=int, default=[5])
    args = parser.parse_args()
    if shutil.which("hunspell") is None:
        sys.exit("this benchmark needs hunspell: apt-get install hunspell")
    for lang in args.langs:
        for length in args.lengths:
            size, in_pool, drawn = measure(lang, length, args.seeds)
            shown = ", ".join(in_pool[:12]) + (" ..." if len(in_pool) > 12 else "")
            print(
                f"{lang} {length}: pool {size}, names in it {len(in_pool)} ({shown or 'none'}); "
                f"among {args.seeds} seeds' secrets {len(drawn)} ({', '.join(drawn) or 'none'})"
            )


if __name__ == "__main__":
    main()
