"""`lenwordle compare`: the library's compare of the strategies --strategies names."""

from typing import Annotated

import typer

from lenwordle.api import DEFAULT_COMPARED, STRATEGIES, BenchResult, compare
from lenwordle.api.text import cores, quoted
from lenwordle.cli.bench_run import progress_bar
from lenwordle.cli.common import app, called, game_options
from lenwordle.cli.compare_format import compare_lines
from lenwordle.cli.console import fail, show
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


def strategy_names(text: str | None) -> list[str] | None:
    """Return the strategies --strategies names, in its order (None without it: the
    library's default; an empty name between commas is dropped); or exit when it names none."""
    if text is None:
        return None
    names = [name for name in (part.strip().lower() for part in text.split(",")) if name]
    if not names:
        fail(f"--strategies {quoted(text)} names no strategy; choose from {', '.join(STRATEGIES)}")
    return names


def figures_of(name: str, result: BenchResult) -> dict[str, object]:
    """Return a strategy's name, its bench figures and the seconds per game (None: no game)."""
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
    workers: Workers = cores(),
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
    asked = {"accepted": accepted, "limit": limit, "games": games, "seed": seed}
    run = {"workers": workers, "starters": starters, "bar": progress_bar}
    results = called(
        compare, strategy_names(strategies), targets, **asked, **run, **game_options(options)
    )
    rows = [figures_of(name, result) for name, result in results.items()]
    for line in compare_lines(rows, csv_out, json_out):
        show(line)
