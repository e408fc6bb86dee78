"""Many games the solver is not told, as `lenwordle bench` and `compare` play them: bench (one
strategy's figures) and compare (several strategies on the same games)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Unpack

from lenwordle.api.checks import (
    Notice,
    SetupError,
    Told,
    a_path,
    at_least,
    setup_error,
    typed,
    untold,
    usable_workers,
    words,
)
from lenwordle.api.game import GameOptions, checked, options, word_of
from lenwordle.api.lists import skipped_lines
from lenwordle.api.opening import Opened
from lenwordle.api.run import rules_of
from lenwordle.api.setup import Settings, open_game
from lenwordle.engine.position import Target
from lenwordle.engine.workers import Progress
from lenwordle.games import bench as benchmark
from lenwordle.games.bench import BenchResult
from lenwordle.games.play import MAX_REFUSALS
from lenwordle.strategies.registry import DEFAULT_STRATEGY, SHOWN_MEASURES, STRATEGIES
from lenwordle.words.languages import DEFAULT_LANGUAGE
from lenwordle.words.quoting import quoted
from lenwordle.words.typed import plain_word

__all__ = ["DEFAULT_COMPARED", "DEFAULT_GAMES", "BenchResult", "bench", "compare"]

DEFAULT_GAMES = 100  # games of several boards when games is not given
DEFAULT_SEED = 0
# compared when no strategy is named: the default and three quick ones of other kinds (the
# classic entropy, the smallest worst case, the letter-frequency baseline)
DEFAULT_COMPARED = (DEFAULT_STRATEGY, "entropy", "minimax", "frequency")
Words = Iterable[str] | Path | None  # words, or a file of them
# a face's bar of games played: entered with its label and how many, it gives what each calls
Bar = Callable[[str, int], AbstractContextManager[Callable[[int], None]]]


@contextmanager
def no_bar(label: str, games: int) -> Iterator[Callable[[int], None]]:
    """Show no bar: each game played is told to nothing."""
    yield lambda n: None


@dataclass(frozen=True)
class Asked:
    """What a bench asks for beside the game's settings, checked and read."""

    targets: tuple[str, ...] | None  # in the order given (a file's)
    accepted: frozenset[str] | None  # the only guesses the game takes
    limit: int | None  # play only the first this many
    games: int  # with several boards: the games drawn
    seed: int
    workers: int


def bench(
    targets: Words = None,
    *,
    accepted: Words = None,
    limit: int | None = None,
    games: int | None = None,
    seed: int | None = None,
    workers: int = 1,
    length: int = 5,
    lang: str = DEFAULT_LANGUAGE,
    starters: str | Path | None = None,
    told: Told = untold,
    progress: Progress | None = None,
    bar: Bar = no_bar,
    **settings: Unpack[GameOptions],
) -> BenchResult:
    """Return the figures of the solver played against each target, not told it (default:
    the answer list, in its file's order, or the likeliest words of the dictionary); a game
    refuses any guess not in accepted. Targets and accepted: words, or a file (a Path). With
    several boards, games games of distinct targets drawn by seed; with absurdle=True, the
    one game of the host. Any workers give the same figures. told, progress, bar: what the
    player should know, a long search's progress (open_game), the games played."""
    typed("length", length, int)
    typed("lang", lang, str)
    chosen = options(length, lang, **settings)
    ask = asked(chosen, targets, accepted, limit, games, seed, workers, told)
    first = open_game(chosen, a_path("starters", starters), True, told, progress, bar=True)
    return played(chosen, first, ask, plays(chosen, first, ask, told), "games", bar)


def asked(
    settings: Settings,
    targets: Words,
    accepted: Words,
    limit: int | None,
    games: int | None,
    seed: int | None,
    workers: int,
    told: Told,
) -> Asked:
    """Return what a bench asks for, checked and its files read; SetupError before any game."""
    if limit is not None:
        at_least("limit", limit, 1)
    workers = usable_workers(workers, told)
    given = read_words(settings, "targets", targets, told)
    if given is not None and not isinstance(targets, Path):  # (a file's: those that fit)
        for problem in filter(None, map(settings.first_letter_problem, given)):
            raise SetupError(problem)
    taken = read_words(settings, "accepted", accepted, told)
    if (games is not None or seed is not None) and (settings.boards == 1 or settings.absurdle):
        raise SetupError(
            "{games} and {seed} draw the games of {boards} N; one board plays every target "
            "({limit} N for the first N)",
            *("games", "seed", "boards", "limit"),
        )
    games = DEFAULT_GAMES if games is None else games
    at_least("games", games, 1)
    taking = None if taken is None else frozenset(taken)
    if taking is not None:
        check_accepted(settings, accepted, taking, told)
    seed = DEFAULT_SEED if seed is None else seed
    return Asked(given, taking, limit, games, seed, workers)


def read_words(settings: Settings, name: str, given: Words, told: Told) -> tuple[str, ...] | None:
    """Return the words given (folded; SetupError for one not of the game), or those of the
    file given as a Path, in its order, warning of the lines it skips (None: none given)."""
    if isinstance(given, Path):
        try:
            found = settings.read(given, in_file_order=True)
        except (ValueError, OSError) as error:
            raise setup_error(error) from None
        for line in skipped_lines(found):
            told(Notice(line, kind="warning"))
        return found.order
    if given is None:
        return None
    alphabet, noun = settings.game_alphabet(), settings.variant_rules.noun
    if name == "accepted":
        return tuple(alphabet.fold(plain_word(w)) for w in words(name, given))
    return tuple(word_of(alphabet, settings.k, w, "", noun) for w in words(name, given))


def check_accepted(settings: Settings, given: Words, accepted: frozenset[str], told: Told) -> None:
    """Raise SetupError when accepted takes none of the guesses the solver may suggest (every
    suggestion would be refused); warn when it takes under MIN_ACCEPTED_SHARE of them."""
    lists = settings.variant_rules.lists
    try:
        guesses = lists(settings.k)[0] if lists else settings.allowed()
    except ValueError as error:
        raise setup_error(error) from None
    strings = guesses.strings
    taken, total = sum(word in accepted for word in strings), len(strings)
    named = f"{{accepted}} {given}" if isinstance(given, Path) else "{accepted}"
    if taken == 0:
        raise SetupError(
            f"{named} has none of the {total} guesses the solver may suggest: every "
            "suggestion would be refused",
            "accepted",
        )
    if taken < benchmark.MIN_ACCEPTED_SHARE * total:
        line = (
            f"{named} has only {taken} of the {total} guesses the solver may suggest "
            f"({100 * taken / total:.1f}%, under {benchmark.MIN_ACCEPTED_SHARE:.0%}): most "
            f"suggestions will be refused (each refusal a new choice, up to {MAX_REFUSALS} a "
            "game), and the bench may take hours"
        )
        told(Notice(line, ("accepted",), "warning"))


def target_pool(settings: Settings, first: Opened, targets: tuple[str, ...] | None) -> list[str]:
    """Return every word bench may play, in order: the targets as given, else the answer
    list's as its file lists it, else the likeliest words of the dictionary."""
    state = first.state
    if targets is not None:
        return list(targets)
    if settings.answers is not None:  # the answer list, as its file lists it (--exclude:
        possible = set(state.candidate_words())  # ...but the words it excludes)
        return [w for w in state.answers.order or state.answers.strings if w in possible]
    # a sample: the likeliest words, not the alphabetical start of the dictionary
    return benchmark.likeliest(state.answers.select(state.mask), benchmark.DEFAULT_TARGETS)


def plays(settings: Settings, first: Opened, ask: Asked, told: Told) -> list[Target | None]:
    """Return the games to play: a target each (a word, or one a board drawn; a variant's
    game, Xordle's a pair), or the one game of the Absurdle host; SetupError if none can be."""
    pool = whole = target_pool(settings, first, ask.targets)  # (whole: Xordle's partners)
    if settings.letter and ask.targets is not None:  # the others cannot be SUTOM's answer
        kept = [word for word in pool if not settings.first_letter_problem(word)]
        letter = settings.alphabet().upper(settings.letter)  # (Turkish i as İ)
        if not kept:
            raise SetupError(f"none of the {{targets}} begins with {letter}", "targets")
        if len(kept) < len(pool):
            skipped, does = len(pool) - len(kept), "does" if len(pool) - len(kept) == 1 else "do"
            line = (
                f"{skipped} of the {len(pool)} {{targets}} {does} not begin with {letter} "
                "({first_letter}): not played"
            )
            told(Notice(line, ("targets", "first_letter")))
        pool = kept
    if ask.limit is not None and ask.limit > len(pool):
        line = f"{{limit}} {ask.limit} is more than the {len(pool)} targets; playing {len(pool)}"
        told(Notice(line, ("limit",)))
    words_played = pool[: ask.limit]
    if settings.boards > len(words_played):
        raise SetupError(
            f"{{boards}} {settings.boards} needs as many targets, not {len(words_played)}",
            "boards",
        )
    if settings.absurdle:
        return [None]  # the host has no answer to draw
    if settings.boards > 1:
        most = benchmark.distinct_games(words_played, settings.boards)
        if ask.games > most:
            line = f"{{games}} {ask.games} is more than the {most} different games of the targets"
            told(Notice(f"{line}; playing {most}", ("games",)))
        return list(benchmark.draw(words_played, settings.boards, ask.games, ask.seed))
    games: list[Target | None] = list(first.position.targets(words_played, whole))
    if words_played and not games:
        raise SetupError(f"no {settings.variant} game can be made of the targets")
    if len(games) < len(words_played):
        unpaired = len(words_played) - len(games)
        told(Notice(f"{unpaired} targets had no partner sharing no letter: not played"))
    return games


def played(
    settings: Settings, first: Opened, ask: Asked, games: list[Target | None], label: str, bar: Bar
) -> BenchResult:
    """Return the figures of the opened game's solver played on games, under the bar label."""
    with bar(label, len(games)) as advance:
        result = benchmark.run(
            first.solver,
            first.position,
            games,
            advance,
            ask.workers,
            ask.accepted,
            first.everything(),
        )
    return replace(result, variant=settings.variant, survival=first.position.survival)


def compare(
    strategies: Iterable[str] | None = None,
    targets: Words = None,
    *,
    accepted: Words = None,
    limit: int | None = None,
    games: int | None = None,
    seed: int | None = None,
    workers: int = 1,
    length: int = 5,
    lang: str = DEFAULT_LANGUAGE,
    starters: str | Path | None = None,
    told: Told = untold,
    progress: Progress | None = None,
    bar: Bar = no_bar,
    **settings: Unpack[GameOptions],
) -> dict[str, BenchResult]:
    """Return each strategy's bench figures (default: DEFAULT_COMPARED, for a variant those
    that play its rows), by the name it played as, all on the same games (drawn once, as
    bench chooses them); a strategy that cannot play these settings stops the comparison
    before any game. The other arguments are bench's."""
    typed("length", length, int)
    typed("lang", lang, str)
    checked(dict(settings))
    every = settings_each(named_strategies(strategies, settings), length, lang, settings, told)
    ask = asked(every[0], targets, accepted, limit, games, seed, workers, told)
    said: set[str] = set()  # (the word files' skipped lines, warned of once)

    def told_of(name: str) -> Told:
        def tell(notice: Notice) -> None:
            if notice.kind != "warning":
                told(replace(notice, template=f"{name}: {notice.template}"))
            elif notice.template not in said:
                told(notice)
            said.add(notice.template)

        return tell

    path = a_path("starters", starters)
    firsts = [open_game(s, path, True, told_of(s.strategy), progress, bar=True) for s in every]
    drawn = plays(every[0], firsts[0], ask, told)
    return {
        s.strategy: played(s, first, ask, drawn, s.strategy, bar)
        for s, first in zip(every, firsts)
    }


def named_strategies(strategies: Iterable[str] | None, settings: GameOptions) -> list[str]:
    """Return the strategies named, in order (default: DEFAULT_COMPARED, for a variant those
    that play its rows); SetupError for one unknown or named twice."""
    if strategies is None:
        try:
            plain = rules_of(settings).plain
        except SetupError:
            plain = True  # (settings_each says why not)
        return [name for name in DEFAULT_COMPARED if plain or name in SHOWN_MEASURES]
    names = words("strategies", strategies)
    for name in names:
        if name not in STRATEGIES:
            choices = ", ".join(STRATEGIES)
            raise SetupError(
                f"{{strategies}}: unknown strategy {quoted(name)}; choose from {choices}",
                "strategies",
            )
    twice = [name for name, count in Counter(names).items() if count > 1]
    if twice:
        raise SetupError(f"{{strategies}} names {twice[0]} twice", "strategies")
    return names


def settings_each(
    names: list[str], length: int, lang: str, settings: GameOptions, told: Told
) -> list[Settings]:
    """Return the game settings of each strategy (told when, with absurdle, one plays as the
    host's own solver); SetupError when the options are wrong for all or one, or two are one."""
    rules = options(length, lang, **settings).variant_rules  # (what is wrong for every one)
    if rules.avoid:
        raise SetupError(
            f"{{variant}} {rules.name} is scored by the guesses survived, not taken: compare "
            "ranks strategies by the guesses to solve (bench each strategy instead)",
            "variant",
        )
    every = []
    for name in names:  # (what options say of one strategy, said of strategies)
        try:
            named_one: GameOptions = {**settings, "strategy": name}
            every.append(options(length, lang, **named_one))
        except SetupError as error:
            template = error.template.replace("{strategy}", "{strategies}:")
            named = ["strategies" if option == "strategy" else option for option in error.options]
            raise SetupError(template, *named) from None
    for name, one in zip(names, every):
        if one.strategy != name:
            line = f"with {{absurdle}}, {name} plays as {one.strategy}, the host's own solver"
            told(Notice(line, ("absurdle",)))
    twice = [name for name, count in Counter(s.strategy for s in every).items() if count > 1]
    if twice:
        raise SetupError(
            f"{{strategies}} names {twice[0]} twice: with {{absurdle}}, {DEFAULT_STRATEGY} plays "
            f"as {twice[0]}",
            *("strategies", "absurdle"),
        )
    return every
