"""The work of `lenwordle compare`: the strategies it names checked, their settings made, and
one bench each on the same games (the command itself, in cli.app, strings them)."""

from collections import Counter
from collections.abc import Callable

from lenwordle.api.setup import Opened, Settings
from lenwordle.cli import bench_run
from lenwordle.cli.console import fail, note
from lenwordle.cli.options import SettingsOptions
from lenwordle.games.bench import BenchResult
from lenwordle.strategies.registry import DEFAULT_STRATEGY, STRATEGIES, make
from lenwordle.words.quoting import quoted
from lenwordle.words.wordlist import WordListError

# compared without --strategies: the default and three quick ones of other kinds (the
# classic entropy, the smallest worst case, the letter-frequency baseline)
DEFAULT_COMPARED = (DEFAULT_STRATEGY, "entropy", "minimax", "frequency")


def strategy_names(text: str | None) -> list[str]:
    """Return the strategies --strategies names, in its order (DEFAULT_COMPARED without it;
    an empty name between commas is dropped); or exit naming an unknown one, or one named
    twice, or none."""
    if text is None:
        return list(DEFAULT_COMPARED)
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
        Settings(**options)  # what is wrong for every strategy is said once, as bench says it
    except WordListError as error:
        fail(str(error))
    if options["boards"] != 1:
        for name in names:
            if not make(name).several_boards:
                fail(f"--strategies: {name} plays one board, not --boards {options['boards']}")
    every = [Settings(**options, strategy=name) for name in names]
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
    games = bench_run.plays(every[0], firsts[0].state, ask)
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
