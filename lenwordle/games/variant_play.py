"""Variants played: a referee that knows the answers (and draws Fibble's lies), the game
loop, and the benchmark over many targets."""

import time
import zlib
from collections.abc import Callable, Container, Iterable
from dataclasses import dataclass

import numpy as np

from lenwordle.engine.variants.base import Variant, Worlds
from lenwordle.engine.variants.state import NoWorlds, VariantGame
from lenwordle.engine.workers import fork_map
from lenwordle.games.bench import BenchResult
from lenwordle.strategies.shown import Metric, choose
from lenwordle.words.quoting import quoted


@dataclass(frozen=True)
class VariantTarget:
    """What one game hides: its answers (Xordle's two), and Hardle's swap."""

    answers: tuple[str, ...]
    swapped: bool = False

    @property
    def name(self) -> str:
        """Return the target as a result names it."""
        return " ".join(self.answers) + (" (swapped)" if self.swapped else "")


class VariantReferee:
    """The game's side: the true reply of a guess, and the row shown for it (Fibble's lie
    drawn by a generator seeded from the target, so a game replays the same)."""

    def __init__(self, game: VariantGame, target: VariantTarget):
        self.letters = game.encode(list(target.answers))  # known to the solver or not
        self.world = Worlds(
            np.arange(len(target.answers))[None], np.ones(1), np.array([target.swapped])
        )
        self.random = np.random.default_rng(zlib.crc32(target.name.encode()))

    def shown(self, game: VariantGame, guess: str) -> int:
        """Return the row the game shows for guess."""
        true = game.variant.replies(game.encode([guess]), self.letters, self.world)[0]
        rows, chances = game.shown_chances(true)
        pick = self.random.choice(rows.shape[1], p=chances[0] / chances[0].sum())
        return int(rows[0, pick])


class CachedChoice:
    """A variant's choices remembered by the rows shown so far: games share first turns."""

    def __init__(self, metric: Metric = "expected"):
        self.metric = metric
        self.cache: dict[tuple, str] = {}

    def __call__(self, game: VariantGame) -> str:
        key = (game.history, game.told, frozenset(game.lists.refused))
        if key not in self.cache:
            self.cache[key] = choose(game, self.metric)
        return self.cache[key]


def target_problem(game: VariantGame, answers: list[str]) -> str:
    """Return why these answers (folded) cannot be one game's of the variant, or ''."""
    rules, upper = game.variant, game.lists.allowed.alphabet.upper
    wanted = rules.answers_per_game
    if len(answers) != wanted:
        return f"{rules.name} needs {wanted} answer{'s' * (wanted > 1)}, not {len(answers)}"
    if wanted > 1 and set(answers[0]) & set(answers[1]):
        return (
            f"{' and '.join(map(upper, answers))} share a letter: Xordle's two answers share none"
        )
    if rules.lists is not None:  # words of its own (Nerdle): an answer is one of them
        for word in answers:
            if game.lists.answers.row(word) is None:
                return f"{quoted(word)} is not a {rules.name} answer of {game.k} tiles"
    return ""


MAX_REFUSALS = 200  # guesses a game may refuse before it is given up (as games.play)


def play_variant(
    start: VariantGame,
    target: VariantTarget,
    chooser: Callable[[VariantGame], str],
    accepted: Container[str] | None = None,
) -> tuple[VariantGame, int]:
    """Return the game played to its end against target (or to the variant's limit), and
    how many guesses it refused (those not in accepted, when given)."""
    referee = VariantReferee(start, target)
    game, refused = start, 0
    while not game.over and len(game.history) < game.variant.limit:
        try:  # (NoWorlds: the answer is none the solver knows, or every guess was refused:
            guess = chooser(game)  # the game is lost here)
            if accepted is not None and guess not in accepted and refused < MAX_REFUSALS:
                game, refused = game.refuse(guess), refused + 1
                continue
            game = game.after(guess, referee.shown(game, guess), guess in target.answers)
        except NoWorlds:
            break
    return game, refused


def score(game: VariantGame) -> int:
    """Return a played game's score: the guesses a won game took (0: not won), or, avoiding,
    the guesses survived."""
    if game.variant.avoid:
        return len(game.history) - (1 if game.over else 0)
    return len(game.history) if game.won else 0


def targets_for(
    variant: Variant, words: list[str], pool: list[str] | None = None
) -> list[VariantTarget]:
    """Return a game for each word: Xordle pairs it with the next word of the pool (default:
    the words; in turn after the word, wrapping round) that shares no letter, and leaves out
    a word with none; Hardle swaps every other game."""
    if variant.answers_per_game == 1:
        return [VariantTarget((w,), variant.swaps and i % 2 == 1) for i, w in enumerate(words)]
    pool = words if pool is None else pool
    # (a game's alphabet has at most 64 letters: a word's letters are bits of a uint64)
    bit = {ch: 1 << i for i, ch in enumerate(sorted({ch for w in pool + words for ch in w}))}
    sets = np.array([sum(bit[ch] for ch in set(w)) for w in pool], np.uint64)
    place = {w: i for i, w in enumerate(pool)}
    out = []
    for word in words:  # (a row of the pool's letter sets at a time)
        free = np.flatnonzero((sets & np.uint64(sum(bit[ch] for ch in set(word)))) == 0)
        if len(free):
            later = free[free > place.get(word, -1)]
            out.append(VariantTarget((word, pool[int(later[0] if len(later) else free[0])])))
    return out


def bench_variant(
    start: VariantGame,
    targets: Iterable[VariantTarget],
    metric: Metric = "expected",
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    accepted: Container[str] | None = None,
) -> BenchResult:
    """Play every target and return the result: guesses per game (a lost game 0; avoiding,
    the guesses survived)."""
    began = time.perf_counter()
    targets = list(targets)
    chooser = CachedChoice(metric)
    tick = (lambda index, n: progress(n)) if progress else None

    def play_batch(batch: list[VariantTarget], report) -> list[tuple[int, int, float]]:
        out = []
        for target in batch:
            clock = time.perf_counter()
            game, refused = play_variant(start, target, chooser, accepted)
            out.append((score(game), refused, time.perf_counter() - clock))
            report(1)
        return out

    batches = [targets[i::workers] for i in range(workers)] if workers > 1 else [targets]
    results = fork_map(play_batch, batches, workers, tick)
    played = {t.name: r for batch, rs in zip(batches, results) for t, r in zip(batch, rs)}
    result = BenchResult(
        {t.name: played[t.name][0] for t in targets},
        limit=start.variant.limit,
        refusals={t.name: played[t.name][1] for t in targets},
        game_seconds={t.name: played[t.name][2] for t in targets},
    )
    result.seconds = time.perf_counter() - began
    return result
