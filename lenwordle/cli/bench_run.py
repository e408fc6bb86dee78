"""The work of `lenwordle bench`: its own options checked, its targets chosen, its games
drawn and played under a progress bar; the command itself, last, strings them."""

import json
import sys
from dataclasses import dataclass
from pathlib import Path

from lenwordle.api.game import SetupError
from lenwordle.api.opening import Opened
from lenwordle.api.run import benched, games_of, target_pool
from lenwordle.api.setup import Settings
from lenwordle.cli.checks import at_least_one, read_list
from lenwordle.cli.common import (
    app,
    opened,
    settings_from,
    usable_workers,
)
from lenwordle.cli.console import (
    fail,
    note,
    show,
    takes_escapes,
    warn,
)
from lenwordle.cli.formatting import (
    bench_lines,
)
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
from lenwordle.engine.state import GameState
from lenwordle.engine.workers import (
    default_workers,
)
from lenwordle.games import bench as benchmark
from lenwordle.games.play import MAX_REFUSALS
from lenwordle.words.wordlist import (
    WordListError,
)

DEFAULT_GAMES = 100  # games of --boards N when --games is not given


DEFAULT_SEED = 0


@dataclass(frozen=True)
class BenchAsk:
    """What bench's own options ask for (the Settings aside), checked and read."""

    workers: int
    targets: tuple[str, ...] | None  # --targets, in the file's order
    limit: int | None  # play only the first this many
    accepted: frozenset[str] | None  # --accepted: the guesses the game takes
    games: int  # with --boards N: the games drawn
    seed: int


def asked(
    settings: Settings,
    workers: int,
    targets: Path | None,
    limit: int | None,
    accepted: Path | None,
    games: int | None,
    seed: int | None,
) -> BenchAsk:
    """Return what bench's own options ask for, their word files read; or exit with a
    one-line message before any game is played."""
    answer = tuple(read_list(targets, settings).order) if targets is not None else None
    accepted_words = (
        frozenset(read_list(accepted, settings).strings) if accepted is not None else None
    )
    if (games is not None or seed is not None) and (settings.boards == 1 or settings.absurdle):
        fail(
            "--games and --seed draw the games of --boards N; one board plays every target "
            "(--limit N for the first N)"
        )
    games = DEFAULT_GAMES if games is None else games
    at_least_one("games", games)
    if accepted is not None and accepted_words is not None:
        check_accepted(settings, accepted, accepted_words)
    seed = DEFAULT_SEED if seed is None else seed
    return BenchAsk(workers, answer, limit, accepted_words, games, seed)


def check_accepted(settings: Settings, path: Path, accepted: frozenset[str]) -> None:
    """Exit in one line when --accepted takes none of the guesses the solver may suggest (every
    suggestion would be refused); warn when it takes under MIN_ACCEPTED_SHARE of them."""
    try:
        taken, total = benchmark.accepted_count(settings.allowed().strings, accepted)
    except WordListError as error:
        fail(str(error))
    if taken == 0:
        fail(
            f"--accepted {path} has none of the {total} guesses the solver may "
            "suggest: every suggestion would be refused"
        )
    if benchmark.too_few_accepted(taken, total):
        warn(
            [
                f"--accepted {path} has only {taken} of the {total} guesses the "
                f"solver may suggest ({100 * taken / total:.1f}%, under "
                f"{benchmark.MIN_ACCEPTED_SHARE:.0%}): most suggestions will be refused (each "
                f"refusal a new choice, up to {MAX_REFUSALS} a game), and the bench may take hours"
            ]
        )


def target_words(settings: Settings, state: GameState, ask: BenchAsk) -> list[str]:
    """Return the words bench plays: the pool up to --limit (a note if it has fewer)."""
    pool = target_pool(settings, state, ask.targets)
    if settings.letter and ask.targets is not None:  # the others cannot be SUTOM's answer
        kept = [word for word in pool if not settings.first_letter_problem(word)]
        if not kept:
            fail(f"none of the --targets begins with {first_letter_shown(settings)}")
        if len(kept) < len(pool):
            skipped = len(pool) - len(kept)
            note(
                f"{skipped} of the {len(pool)} --targets do{'es' if skipped == 1 else ''} not "
                f"begin with {first_letter_shown(settings)} (--first-letter): not played"
            )
        pool = kept
    if ask.limit is not None and ask.limit > len(pool):
        note(f"--limit {ask.limit} is more than the {len(pool)} targets; playing {len(pool)}")
    return pool[: ask.limit]


def first_letter_shown(settings: Settings) -> str:
    """Return --first-letter as the player reads it (Turkish i as İ)."""
    return settings.alphabet().upper(settings.letter)


def plays(settings: Settings, first: Opened, ask: BenchAsk) -> list:
    """Return the games to play: a target each (a word, or one per board; a variant's game,
    Xordle's a pair), or the one game against the Absurdle host; exit if there are fewer
    targets than boards."""
    words = target_words(settings, first.state, ask)
    if settings.boards > len(words):
        fail(f"--boards {settings.boards} needs as many targets, not {len(words)}")
    if settings.absurdle:
        return [None]  # the host has no answer to draw
    if settings.boards > 1:
        return benchmark.draw(words, settings.boards, ask.games, ask.seed)
    whole = target_pool(settings, first.state, ask.targets)  # (partners from every target)
    try:
        games = games_of(settings, first.position, words, whole)
    except SetupError as error:
        fail(str(error))
    if len(games) < len(words):
        note(f"{len(words) - len(games)} targets had no partner sharing no letter: not played")
    return games


def played(
    settings: Settings,
    first: Opened,
    ask: BenchAsk,
    games: list | None = None,
    label: str = "games",
) -> benchmark.BenchResult:
    """Return the result of bench's games (or of these games: plays' of another strategy),
    played with a progress bar on a terminal, named label."""
    from rich.progress import Progress

    games = plays(settings, first, ask) if games is None else games
    with Progress(transient=True, disable=not takes_escapes(sys.stderr)) as bar:
        task = bar.add_task(label, total=len(games))
        return benched(
            settings, first, games, ask.workers, ask.accepted, lambda n: bar.advance(task, n)
        )


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
    workers: Workers = default_workers(),
) -> None:
    """Play the solver on answers it is not told.

    It reports guesses, failures and speed. Without --targets or --answers, the targets are
    a sample: the likeliest words of the dictionary by the prior (its levels and word
    frequencies), the likeliest first. With --boards N, each game has N distinct targets
    drawn with --seed; with --absurdle, the one game against the adversary is played.

    Example: lenwordle bench --targets answers.txt --accepted guesses.txt
    """
    settings = settings_from(**options)
    if limit is not None:
        at_least_one("limit", limit)
    ask = asked(
        settings,
        workers=usable_workers(workers),
        targets=targets,
        limit=limit,
        accepted=accepted,
        games=games,
        seed=seed,
    )
    first = opened(settings, starters, in_file_order=True, own_progress=True)
    result = played(settings, first, ask)
    figures = result.as_dict() | {"variant": settings.variant}
    if first.position.survival:
        for line in survival_lines(figures, result, json_out):
            show(line)
        return
    for line in bench_lines(figures, ask.accepted is not None, json_out):
        show(line)


def survival_lines(figures: dict, result: benchmark.BenchResult, as_json: bool) -> list[str]:
    """Return the figures of a game scored by the guesses survived (Antiwordle): their mean,
    least and most; or one JSON object."""
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
