"""`lenwordle precompute-starters`, `starters` and `languages`: the stored openers and the
languages they are for."""

import sys
from pathlib import Path
from typing import Annotated

import typer

from lenwordle.api.lists import longest_length
from lenwordle.api.setup import Settings
from lenwordle.cli.common import (
    app,
    settings_from,
    usable_workers,
)
from lenwordle.cli.console import (
    fail,
    show,
    takes_escapes,
    warn,
)
from lenwordle.cli.formatting import (
    folder_problem,
    language_lines,
    precompute_failure,
    precomputed_lines,
    starter_lines,
)
from lenwordle.cli.options import (
    Accents,
    ExactShortlist,
    Lang,
    Length,
    SettingsOptions,
    StartersDir,
    StarterStrategy,
    Workers,
    a_path,
    settings_options,
)
from lenwordle.engine.workers import (
    default_workers,
)
from lenwordle.store import starters as starter_files
from lenwordle.store.precompute import FolderError, precompute
from lenwordle.strategies.registry import DEFAULT_STRATEGY, STRATEGIES, make
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


def spelled(jobs: list[Settings], word: str) -> str:
    """Return an opener of one of the jobs (of its length) as the player reads it: in the
    language's capitals, as its dictionary spells it (SERÍA, KİTAP)."""
    job = next((job for job in jobs if job.k == len(word)), None)
    if job is None or job.language.graded:
        return word.upper()
    try:
        return job.allowed().display(word)
    except WordListError:
        return job.alphabet().upper(word)


def parse_lengths(text: str, longest: int) -> list[int]:
    """Return the lengths of '4-11' or '5,7,9', none above longest; exit with a message if not."""
    try:
        ranges = []
        for part in text.split(","):
            low, _, high = part.strip().partition("-")
            ranges.append((int(low), int(high or low)))
    except ValueError:
        fail(f"--lengths {quoted(text)}: use a range like 4-11 or a list like 5,6,7")
    if any(low > high for low, high in ranges):
        fail(
            f"--lengths {quoted(text)}: an empty range; write the smaller length first, as in 4-11"
        )
    if min(low for low, _ in ranges) < MIN_LENGTH:
        fail(f"--lengths {quoted(text)}: a word has at least {MIN_LENGTH} letters")
    if max(high for _, high in ranges) > longest:
        fail(
            f"--lengths {quoted(text)}: no word may be longer than {longest} letters"
            f"{'' if longest == MAX_LENGTH else ' in the bundled dictionary'}"
        )
    return sorted({k for low, high in ranges for k in range(low, high + 1)})


@app.command(name="precompute-starters")
@settings_options(
    leave_out=("k", "hard", "boards", "max_guesses", "absurdle", "exclude", "variant"),
    shortlist=(ExactShortlist, 100.0),
    strategy=(StarterStrategy, DEFAULT_STRATEGY),
)
def precompute_starters(
    options: SettingsOptions,
    lengths: Annotated[
        str, typer.Option("--lengths", help="A range (4-11) or a list (5,6,7).")
    ] = "4-11",
    out: Annotated[
        Path | None,
        typer.Option(
            "--out", parser=a_path, help="Folder to write (default: the bundled starters/)."
        ),
    ] = None,
    workers: Workers = default_workers(),
) -> None:
    """Compute the best openers for each length.

    One JSON file per length; every word is scored exactly unless --shortlist says otherwise
    (about 80 s for 4-11 on two cores). A file serves play, solve and bench at any shortlist
    up to its own.

    Example: lenwordle precompute-starters --lengths 5 --shortlist 3
    """
    from rich.progress import Progress

    if options["strategy"] in STRATEGIES and not make(options["strategy"]).traits.stores_opener:
        fail(f"--strategy {options['strategy']} has no starter file: it plans its own games")
    workers = usable_workers(workers)
    try:
        folder = out or settings_from(**options).starters_folder()
        longest = longest_length(options["words"])
    except WordListError as error:
        fail(str(error))
    asked = parse_lengths(lengths, longest)
    missing = [] if options["words"] else sorted(set(asked) - set(known_lengths(options)))
    if missing:
        fail(
            f"--lengths {quoted(lengths)}: the bundled dictionary has no words of "
            f"{', '.join(map(str, missing))} letters"
        )
    jobs = [settings_from(k=k, **options) for k in asked]  # starter files are for normal mode
    with Progress(transient=True, disable=not takes_escapes(sys.stderr)) as bar:
        tasks = {job.k: bar.add_task(f"{job.k} letters", total=None) for job in jobs}
        try:
            report = precompute(
                jobs,
                folder,
                workers,
                lambda k, done, total: bar.update(tasks[k], completed=done, total=total),
            )
        except FolderError as problem:  # found before computing
            fail(f"cannot write {folder}: {folder_problem(problem.error, folder)}")
    warn(report.skipped)
    for line in precomputed_lines(report, lambda word: spelled(jobs, word)):
        show(line)
    failure = precompute_failure(report)
    if failure:
        fail(*failure)


@app.command(name="starters")
def show_starters(
    k: Length = 5,
    starters: StartersDir = None,
    lang: Lang = DEFAULT_LANGUAGE,
    accents: Accents = None,
) -> None:
    """Show the stored opening words for a length.

    The openers for length K, best first (of the language's accent rule, with --accents).

    Example: lenwordle starters -k 6 --lang de --accents ss
    """
    try:
        settings = Settings(k, lang=lang, accents=accents)
        folder = starters or settings.starters_folder()
        check_length(k)
        record = starter_files.read(folder, k, settings.alphabet())
    except (WordListError, starter_files.StarterError) as error:
        fail(str(error))
    display = str.upper if settings.language.graded else settings.allowed().display
    for line in starter_lines(k, record, display):
        show(line)


@app.command(name="languages")
def show_languages() -> None:
    """List the languages and their accent rules.

    Example: lenwordle languages
    """
    try:
        show("\n".join(language_lines(LANGUAGES.values(), words_per_length)))
    except WordListError as error:
        fail(str(error))


def known_lengths(options: SettingsOptions) -> list[int]:
    """Return the lengths the bundled lists of the asked language have words of."""
    if language(options["lang"]).graded:
        return bundled_lengths()
    return list(range(MIN_GAME_LENGTH, MAX_GAME_LENGTH + 1))


def words_per_length(lang: Language) -> dict[int, int]:
    """Return the game words of each length 4-11 of a language, by its default rule."""
    if lang.graded:
        return {k: bundled_count(k) for k in range(MIN_GAME_LENGTH, MAX_GAME_LENGTH + 1)}
    return language_counts(lang)
