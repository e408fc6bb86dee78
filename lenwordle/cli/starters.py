"""`lenwordle precompute-starters`, `starters` and `languages`: the stored openers."""

import sys
from pathlib import Path
from typing import Annotated

import typer

from lenwordle.api import DEFAULT_LANGUAGE, DEFAULT_STRATEGY
from lenwordle.api.starters import languages, precompute_starters, starters
from lenwordle.api.text import cores
from lenwordle.cli.common import app, asked, called, game_options
from lenwordle.cli.console import fail, show, takes_escapes, warn
from lenwordle.cli.formatting import (
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


@app.command(name="precompute-starters")
@settings_options(
    leave_out=(
        "k",
        "hard",
        "ultra_hard",
        "boards",
        "max_guesses",
        "absurdle",
        "exclude",
        "variant",
    ),
    shortlist=(ExactShortlist, 100.0),
    strategy=(StarterStrategy, DEFAULT_STRATEGY),
)
def precompute_command(
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
    workers: Workers = cores(),
) -> None:
    """Compute the best openers for each length.

    One JSON file per length; every word is scored exactly unless --shortlist says otherwise
    (about 80 s for 4-11 on two cores). A file serves play, solve and bench at any shortlist
    up to its own.

    Example: lenwordle precompute-starters --lengths 5 --shortlist 3
    """
    from rich.progress import Progress

    with Progress(transient=True, disable=not takes_escapes(sys.stderr)) as bar:
        tasks: dict[int, object] = {}

        def advance(k: int, done: int, total: int) -> None:
            if k not in tasks:
                tasks[k] = bar.add_task(f"{k} letters", total=None)
            bar.update(tasks[k], completed=done, total=total)  # type: ignore[arg-type]

        asked = {"out": out, "workers": workers, "progress": advance}
        made = called(precompute_starters, lengths, **asked, **game_options(options))
    warn(made.report.skipped)
    for line in precomputed_lines(made.report, made.display):
        show(line)
    failure = precompute_failure(made.report)
    if failure:
        fail(*failure)


@app.command(name="starters")
def show_starters(
    k: Length = 5,
    starters_dir: StartersDir = None,
    lang: Lang = DEFAULT_LANGUAGE,
    accents: Accents = None,
) -> None:
    """Show the stored opening words for a length.

    The openers for length K, best first (of the language's accent rule, with --accents).

    Example: lenwordle starters -k 6 --lang de --accents ss
    """
    stored = asked(starters, k, folder=starters_dir, lang=lang, accents=accents)
    for line in starter_lines(k, stored.record, stored.display):
        show(line)


@app.command(name="languages")
def show_languages() -> None:
    """List the languages and their accent rules.

    Example: lenwordle languages
    """
    show("\n".join(language_lines(asked(languages))))
