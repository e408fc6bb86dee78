"""The work of `lenwordle compare`: the strategies it names checked, their settings made, and
one bench each on the same games; the command itself, last, strings them."""

from collections import Counter
from collections.abc import Callable
from typing import Annotated

import typer

from lenwordle.api.opening import Opened
from lenwordle.api.setup import Settings
from lenwordle.cli import bench_run
from lenwordle.cli.checks import at_least_one, flag, said
from lenwordle.cli.common import app, opened, usable_workers
from lenwordle.cli.compare_format import compare_lines
from lenwordle.cli.console import fail, note, show
from lenwordle.cli.options import (
    Accepted,
    Games,
    Json,
    Limit,
    Seed,
    SettingsOptions,
    StartersDir,
    Targets,
    Workers,
    settings_options,
)
from lenwordle.engine.variants import variant as variant_named
from lenwordle.engine.workers import default_workers
from lenwordle.games.bench import BenchResult
from lenwordle.strategies.registry import DEFAULT_STRATEGY, SHOWN_MEASURES, STRATEGIES
from lenwordle.words.quoting import quoted
from lenwordle.words.wordlist import WordListError

# compared without --strategies: the default and three quick ones of other kinds (the
# classic entropy, the smallest worst case, the letter-frequency baseline)
DEFAULT_COMPARED = (DEFAULT_STRATEGY, "entropy", "minimax", "frequency")


def strategy_names(text: str | None, plain: bool = True) -> list[str]:
    """Return the strategies --strategies names, in its order (DEFAULT_COMPARED without it,
    those of them that play a variant's rows for a variant; an empty name between commas is
    dropped); or exit naming an unknown one, or one named twice, or none."""
    if text is None:
        return [name for name in DEFAULT_COMPARED if plain or name in SHOWN_MEASURES]
    names = [name for name in (part.strip().lower() for part in text.split(",")) if name]
    choices = ", ".join(STRATEGIES)
    if not names:
        fail(f"--strategies {quoted(text)} names no strategy; choose from {choices}")
    for name in names:
        if name not in STRATEGIES:
            fail(f"--strategies: unknown strategy {quoted(name)}; choose from {choices}")
    twice = [name for name, count in Counter(names).items() if count > 1]
    if twice:
        fail(f"--strategies names {twice[0]} twice")
    return names


def settings_each(names: list[str], options: SettingsOptions) -> list[Settings]:
    """Return the game settings of each strategy; or exit in one line when the options are
    wrong whatever the strategy, or one of them cannot play on several boards. With
    --absurdle, the default strategy plays as the host's own solver (Settings' rule), said
    in a note."""
    try:
        rules = Settings(**options).variant_rules  # what is wrong for every strategy: said once
    except WordListError as error:
        fail(str(error))
    if rules.avoid:
        fail(
            f"--variant {rules.name} is scored by the guesses survived, not taken: compare "
            "ranks strategies by the guesses to solve (bench each strategy instead)"
        )
    every = []
    for name in names:  # what Settings says of one strategy, said of --strategies
        try:
            every.append(Settings(**options, strategy=name))
        except WordListError as error:
            fail(
                said(
                    error, lambda option: "--strategies:" if option == "strategy" else flag(option)
                )
            )
    for name, settings in zip(names, every):
        if settings.strategy != name:
            note(f"with --absurdle, {name} plays as {settings.strategy}, the host's own solver")
    played = [settings.strategy for settings in every]
    twice = [name for name, count in Counter(played).items() if count > 1]
    if twice:
        fail(
            f"--strategies names {twice[0]} twice: with --absurdle, {DEFAULT_STRATEGY} plays "
            f"as {twice[0]}"
        )
    return every


def compared(
    every: list[Settings], ask: bench_run.BenchAsk, opened: Callable[[Settings], Opened]
) -> list[dict]:
    """Return each strategy's bench figures (figures_of), played on the same games: every
    strategy is opened first (one that cannot play these settings, as `optimal` without a
    tree it can make, exits before any game), the games drawn once."""
    firsts = [opened(settings) for settings in every]
    games = bench_run.plays(every[0], firsts[0], ask)
    rows = []
    for settings, first in zip(every, firsts):
        name = settings.strategy
        rows.append(figures_of(name, bench_run.played(settings, first, ask, games, name)))
    return rows


def figures_of(name: str, result: BenchResult) -> dict:
    """Return a strategy's figures: its name, bench's (BenchResult.as_dict) and the seconds
    per game (None for no game)."""
    per_game = round(result.seconds / result.games, 6) if result.games else None
    return {"strategy": name, **result.as_dict(), "seconds_per_game": per_game}


@app.command(name="compare")
@settings_options(leave_out=("strategy",))  # --strategies names them
def compare_command(
    options: SettingsOptions,
    strategies: Annotated[
        str | None,
        typer.Option(
            "--strategies",
            help="The strategies to compare, comma-separated, in the order shown (default: "
            f"{','.join(DEFAULT_COMPARED)}); of: {', '.join(STRATEGIES)}.",
        ),
    ] = None,
    targets: Targets = None,
    limit: Limit = None,
    accepted: Accepted = None,
    games: Games = None,
    seed: Seed = None,
    starters: StartersDir = None,
    csv_out: Annotated[
        bool, typer.Option("--csv", help="Print CSV: a header, then a line per strategy.")
    ] = False,
    json_out: Json = False,
    workers: Workers = default_workers(),
) -> None:
    """Play several strategies on the same targets.

    One bench per strategy, every one on the same games (the targets as bench chooses them):
    mean guesses, max, failures (games not solved within the limit) and time, in all and per
    game; an aligned table, --csv or --json.

    Example: lenwordle compare --answers answers.txt --strategies entropy,minimax,frequency
    (or: compare --variant fibble --limit 50)
    """
    if csv_out and json_out:
        fail("--csv and --json: give one of them")
    try:
        plain = variant_named(options["variant"]).plain
    except ValueError:
        plain = True  # (settings_each says why not)
    every = settings_each(strategy_names(strategies, plain), options)
    if limit is not None:
        at_least_one("limit", limit)
    ask = bench_run.asked(every[0], usable_workers(workers), targets, limit, accepted, games, seed)
    said: set[str] = set()  # the word files' skipped lines, warned of once

    def opening(settings: Settings) -> Opened:
        return opened(
            settings,
            starters,
            in_file_order=True,
            own_progress=True,
            said=said,
            about=settings.strategy,
        )

    for line in compare_lines(compared(every, ask, opening), csv_out, json_out):
        show(line)
