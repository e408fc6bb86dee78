"""`lenwordle bench`: the library's bench, its games under a progress bar, its figures."""

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from lenwordle.api import BenchResult, bench
from lenwordle.api.text import cores
from lenwordle.cli.common import app, called, game_options
from lenwordle.cli.console import show, takes_escapes
from lenwordle.cli.formatting import bench_lines
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


@contextmanager
def progress_bar(label: str, games: int) -> Iterator[Callable[[int], None]]:
    """Show a bar of the games played, named label, on a terminal; give what advances it."""
    from rich.progress import Progress

    with Progress(transient=True, disable=not takes_escapes(sys.stderr)) as bar:
        task = bar.add_task(label, total=games)
        yield lambda n: bar.advance(task, n)


@app.command(name="bench")
@settings_options()
def bench_command(
    options: SettingsOptions,
    targets: Targets = None,
    limit: Limit = None,
    accepted: Accepted = None,
    games: Games = None,
    seed: Seed = None,
    starters: StartersDir = None,
    json_out: Json = False,
    workers: Workers = cores(),
) -> None:
    """Play the solver on answers it is not told.

    It reports guesses, failures and speed. Without --targets or --answers, the targets are
    a sample: the likeliest words of the dictionary by the prior (its levels and word
    frequencies), the likeliest first. With --boards N, each game has N distinct targets
    drawn with --seed; with --absurdle, the one game against the adversary is played.

    Example: lenwordle bench --targets answers.txt --accepted guesses.txt
    """
    asked = {"accepted": accepted, "limit": limit, "games": games, "seed": seed}
    run = {"workers": workers, "starters": starters, "bar": progress_bar}
    result = called(bench, targets, **asked, **run, **game_options(options))
    figures = result.as_dict() | {"variant": result.variant}
    if result.survival:
        for line in survival_lines(figures, result, json_out):
            show(line)
        return
    for line in bench_lines(figures, accepted is not None, json_out):
        show(line)


def survival_lines(figures: dict[str, object], result: BenchResult, as_json: bool) -> list[str]:
    """Return the mean, least and most guesses survived (Antiwordle), or one JSON object."""
    survived = list(result.guesses.values())
    figures |= {
        "survived_mean": round(sum(survived) / len(survived), 4),
        "survived_min": min(survived),
        "survived_max": max(survived),
    }
    if as_json:
        return [json.dumps(figures)]
    return [
        f"games {len(survived)}  survived: mean {figures['survived_mean']:.4f}  "
        f"min {figures['survived_min']}  max {figures['survived_max']}  "
        f"({result.seconds:.1f} s)"
    ]
