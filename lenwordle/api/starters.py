"""The stored openers and the languages they are for, as `lenwordle precompute-starters`,
`starters` and `languages` show them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Unpack

from lenwordle.api.checks import SetupError, Told, a_path, setup_error, untold, usable_workers
from lenwordle.api.game import GameOptions, options
from lenwordle.api.lists import longest_length
from lenwordle.api.setup import Settings
from lenwordle.store import starters as starter_files
from lenwordle.store.precompute import FolderError, PrecomputeReport, precompute
from lenwordle.store.starters import path_for
from lenwordle.strategies.registry import STRATEGIES, make
from lenwordle.words.langlists import MAX_GAME_LENGTH, MIN_GAME_LENGTH, language_counts
from lenwordle.words.languages import DEFAULT_LANGUAGE, LANGUAGES, Language, language
from lenwordle.words.letters import MAX_LENGTH
from lenwordle.words.quoting import quoted
from lenwordle.words.wordlist import (
    MIN_LENGTH,
    WordListError,
    bundled_count,
    bundled_lengths,
    check_length,
)

__all__ = [
    "Language",
    "Precomputed",
    "PrecomputeReport",
    "Starters",
    "languages",
    "lengths_offered",
    "path_for",
    "precompute_starters",
    "starters",
]


@dataclass(frozen=True)
class Precomputed:
    """What precompute_starters did (its report: the files written, those not, the lengths
    that failed, the lines skipped), each opener as the player reads it (display)."""

    report: PrecomputeReport
    display: Callable[[str], str]


def precompute_starters(
    lengths: str | Sequence[int] = "4-11",
    *,
    out: str | Path | None = None,
    workers: int = 1,
    lang: str = DEFAULT_LANGUAGE,
    told: Told = untold,
    progress: Callable[[int, int, int], None] | None = None,
    **settings: Unpack[GameOptions],
) -> Precomputed:
    """Compute the best openers of each length (a range 4-11, a list 5,6,7, or the lengths)
    and write a starter file of each into out (None: the bundled folder); progress(k, done,
    total) tells how far length k is. SetupError, before any work, for a strategy that
    stores no opener, lengths no dictionary has, or a folder that cannot take the files."""
    strategy = settings.get("strategy")
    if isinstance(strategy, str) and strategy in STRATEGIES:
        if not make(strategy).traits.stores_opener:
            why = f"{{strategy}} {strategy} has no starter file: it plans its own games"
            raise SetupError(why, "strategy")
    workers = usable_workers(workers, told)
    words = a_path("words", settings.get("words"))
    try:
        chosen = options(5, lang, **settings)  # (every option checked, whatever the folder)
        folder = a_path("out", out) or chosen.starters_folder()
        longest = longest_length(words)
    except ValueError as error:
        raise setup_error(error) from None
    text = lengths if isinstance(lengths, str) else ",".join(map(str, lengths))
    asked = parse_lengths(text, longest)
    missing = [] if words else sorted(set(asked) - set(known_lengths(lang)))
    if missing:
        raise SetupError(
            f"{{lengths}} {quoted(text)}: the bundled dictionary has no words of "
            f"{', '.join(map(str, missing))} letters",
            "lengths",
        )
    jobs = [options(k, lang, **settings) for k in asked]  # (starter files: normal mode)
    try:
        report = precompute(jobs, folder, workers, progress)
    except FolderError as problem:  # found before computing
        why = folder_problem(problem.error, folder)
        raise SetupError(f"cannot write {folder}: {why}") from None
    return Precomputed(report, lambda word: spelled(jobs, word))


def parse_lengths(text: str, longest: int) -> list[int]:
    """Return the lengths of '4-11' or '5,7,9', none above longest; SetupError if not."""
    said = f"{{lengths}} {quoted(text)}"
    try:
        ranges = []
        for part in text.split(","):
            low, _, high = part.strip().partition("-")
            ranges.append((int(low), int(high or low)))
    except ValueError:
        why = "use a range like 4-11 or a list like 5,6,7"
        raise SetupError(f"{said}: {why}", "lengths") from None
    if any(low > high for low, high in ranges):
        why = "an empty range; write the smaller length first, as in 4-11"
        raise SetupError(f"{said}: {why}", "lengths")
    if min(low for low, _ in ranges) < MIN_LENGTH:
        raise SetupError(f"{said}: a word has at least {MIN_LENGTH} letters", "lengths")
    if max(high for _, high in ranges) > longest:
        where = "" if longest == MAX_LENGTH else " in the bundled dictionary"
        why = f"no word may be longer than {longest} letters{where}"
        raise SetupError(f"{said}: {why}", "lengths")
    return sorted({k for low, high in ranges for k in range(low, high + 1)})


def lengths_offered() -> list[tuple[Language, list[int]]]:
    """Return each language with the lengths its bundled lists have words of."""
    return [(lang, known_lengths(lang.code)) for lang in LANGUAGES.values()]


def known_lengths(lang: str) -> list[int]:
    """Return the lengths the bundled lists of the language have words of."""
    if language(lang).graded:
        return bundled_lengths()
    return list(range(MIN_GAME_LENGTH, MAX_GAME_LENGTH + 1))


def spelled(jobs: list[Settings], word: str) -> str:
    """Return an opener of the job of its length as the player reads it (SERÍA, KİTAP)."""
    job = next((job for job in jobs if job.k == len(word)), None)
    if job is None or job.language.graded:
        return word.upper()
    try:
        return job.allowed().display(word)
    except WordListError:
        return job.alphabet().upper(word)


def folder_problem(error: OSError, folder: Path) -> str:
    """Return why a folder cannot take files, in a few words."""
    if isinstance(error, (FileExistsError, NotADirectoryError)) and not Path(folder).is_dir():
        return "it is not a folder"
    return error.strerror or str(error)


@dataclass(frozen=True)
class Starters:
    """A length's stored openers: the starter file's record, its words as shown (display)."""

    k: int
    record: dict[str, object]
    display: Callable[[str], str]


def starters(
    length: int = 5,
    *,
    folder: str | Path | None = None,
    lang: str = DEFAULT_LANGUAGE,
    accents: str | None = None,
) -> Starters:
    """Return the stored openers of a length (from folder: None, the bundled one), of the
    language's accent rule; SetupError if there is no such file or it cannot be read."""
    try:
        settings = options(length, lang, accents=accents)
        where = a_path("folder", folder) or settings.starters_folder()
        check_length(length)
        record = starter_files.read(where, length, settings.alphabet())
    except (ValueError, starter_files.StarterError) as error:
        raise setup_error(error) from None
    display = str.upper if settings.language.graded else settings.allowed().display
    return Starters(length, record, display)


def languages() -> list[tuple[Language, dict[int, int]]]:
    """Return each language with its game words of each length 4-11, by its default rule."""
    try:
        return [(lang, words_per_length(lang)) for lang in LANGUAGES.values()]
    except ValueError as error:
        raise setup_error(error) from None


def words_per_length(lang: Language) -> dict[int, int]:
    """Return the game words of each length 4-11 of a language, by its default rule."""
    if lang.graded:
        return {k: bundled_count(k) for k in range(MIN_GAME_LENGTH, MAX_GAME_LENGTH + 1)}
    return language_counts(lang)
