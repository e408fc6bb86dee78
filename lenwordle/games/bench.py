"""The benchmark: play the solver against many answers it is not told and summarize how it did."""

import math
import random
import time
from collections import Counter
from collections.abc import Callable, Container, Hashable, Iterable
from dataclasses import dataclass, field

from lenwordle.engine.feedback import reply_for
from lenwordle.engine.position import Position, Target
from lenwordle.engine.rules import DEFAULT_LIMIT
from lenwordle.engine.state import NoCandidates
from lenwordle.engine.workers import fork_map
from lenwordle.games.play import MAX_REFUSALS, play_game
from lenwordle.games.referees import referee_for
from lenwordle.strategies.base import Chooser
from lenwordle.words.prior import likeliest_first, weights_of
from lenwordle.words.wordlist import WordList


class CachedStrategy:
    """A strategy whose choices are remembered by position key: games share their first turns."""

    def __init__(self, strategy: Chooser):
        self.strategy = strategy
        self.cache: dict[Hashable, str] = {}

    def choose_boards(self, position: Position) -> str:
        if position.key not in self.cache:
            self.cache[position.key] = self.strategy.choose_boards(position)
        return str(self.cache[position.key])


# --accepted: below this share of the guesses the solver may suggest, most suggestions are
# refused (each refusal a choice computed anew, up to MAX_REFUSALS a game): said first
MIN_ACCEPTED_SHARE = 0.10


@dataclass
class BenchResult:
    """Games played, guesses per game, failures and time."""

    guesses: dict[str, int] = field(default_factory=dict)  # target -> guesses (0: unsolvable)
    limit: int = DEFAULT_LIMIT  # the rules' guess limit: a game that takes more has failed
    seconds: float = 0.0
    refusals: dict[str, int] = field(default_factory=dict)  # target -> suggestions refused
    game_seconds: dict[str, float] = field(default_factory=dict)  # target -> seconds it took
    variant: str = "wordle"  # the game's name
    survival: bool = False  # scored by the guesses survived (Antiwordle): guesses holds them

    @property
    def games(self) -> int:
        return len(self.guesses)

    @property
    def solved(self) -> list[int]:
        """Return the guesses of each solved game (an unsolvable target has none)."""
        return [n for n in self.guesses.values() if n > 0]

    @property
    def unsolvable(self) -> list[str]:
        """Return the targets the solver could not find, alphabetically."""
        return sorted(t for t, n in self.guesses.items() if n == 0)

    @property
    def mean(self) -> float | None:
        """Return the mean guesses over the solved games only (None when none was solved)."""
        return sum(self.solved) / len(self.solved) if self.solved else None

    @property
    def max(self) -> int | None:
        """Return the most guesses a solved game took (None when none was solved)."""
        return max(self.solved, default=None)

    @property
    def failed(self) -> list[str]:
        return sorted(t for t, n in self.guesses.items() if n == 0 or n > self.limit)

    @property
    def histogram(self) -> dict[str, int]:
        counts = Counter(self.solved)
        return {str(n): counts[n] for n in range(1, (self.max or 0) + 1)}

    def as_dict(self) -> dict[str, object]:
        """Return the figures as plain JSON-ready values (mean and max: None when none solved)."""
        refused = sum(self.refusals.values())
        return {
            "games": self.games,
            "solved": len(self.solved),
            "mean": None if self.mean is None else round(self.mean, 4),
            "max": self.max,
            "total_guesses": sum(self.solved),
            "failures": len(self.failed),
            "failed": self.failed,
            "unsolvable": self.unsolvable,
            "histogram": self.histogram,
            "refusals": refused,
            "refusals_per_game": round(refused / self.games, 4) if self.games else None,
            "max_refusals": max(self.refusals.values(), default=0),
            "seconds": round(self.seconds, 3),
            "slowest_game_seconds": round(max(self.game_seconds.values(), default=0.0), 3),
            "games_per_second": round(self.games / self.seconds, 2) if self.seconds else None,
        }


# `lenwordle bench` with neither --targets nor --answers plays this many of the likeliest words
DEFAULT_TARGETS = 1000


def likeliest(answers: WordList, n: int) -> list[str]:
    """Return the n likeliest words of the list by the prior (whatever --uniform says), the
    likeliest first; ties go to the more frequent, then alphabetically."""
    return answers.words_at(likeliest_first(weights_of(answers), answers.zipf_array())[:n])


def distinct_games(targets: list[str], boards: int) -> int:
    """Return how many different games of `boards` distinct targets there are (each board's
    answer in its place: CRANE MOIST is not MOIST CRANE)."""
    return math.perm(len(set(targets)), boards)


def draw(targets: list[str], boards: int, games: int, seed: int) -> list[Target]:
    """Return the targets to play: each word (one board), or `games` different games of
    `boards` distinct words drawn with the seed (a game drawn twice is drawn again: it would
    be counted once; at most distinct_games of them)."""
    if boards == 1:
        return [Target((word,)) for word in targets]
    rng = random.Random(seed)
    drawn: dict[tuple[str, ...], None] = {}
    while len(drawn) < min(games, distinct_games(targets, boards)):
        drawn.setdefault(tuple(rng.sample(targets, boards)))
    return [Target(words) for words in drawn]


def run(
    solver: Chooser,
    position: Position,
    targets: Iterable[Target | None],
    progress: Callable[[int], None] | None = None,
    workers: int = 1,
    accepted: Container[str] | None = None,
    everything: WordList | None = None,
) -> BenchResult:
    """Play every target (the solver is not told them; None: the Absurdle host) and return
    the result; a game refuses any suggestion not in `accepted` (when given). With several
    workers, targets are grouped by the opener's reply (on the first board), so each worker
    explores its own part of the decision tree and few decisions are computed twice."""
    began = time.perf_counter()
    targets = list(dict.fromkeys(targets))
    cached = CachedStrategy(solver)
    tick = (lambda index, n: progress(n)) if progress else None

    def play_batch(
        batch: list[Target | None], report: Callable[[int], None]
    ) -> list[tuple[int, int, float]]:
        out = []
        for target in batch:
            began = time.perf_counter()
            referee = referee_for(position.board(0), target)
            game = play_game(cached, position, referee, accepted, everything)
            out.append((game.guesses, len(game.refused), time.perf_counter() - began))
            report(1)
        return out

    batches = _batches(cached, position, targets, workers, accepted) if workers > 1 else [targets]
    results = fork_map(play_batch, batches, workers, tick)
    played = {name(t): n for batch, counts in zip(batches, results) for t, n in zip(batch, counts)}
    return BenchResult(
        {name(t): played[name(t)][0] for t in targets},
        limit=position.limit,
        seconds=time.perf_counter() - began,
        refusals={name(t): played[name(t)][1] for t in targets},
        game_seconds={name(t): played[name(t)][2] for t in targets},
    )


def name(target: Target | None) -> str:
    """Return a target as the result names it (Target.name), or 'absurdle' for the host."""
    return "absurdle" if target is None else target.name


def _batches(
    cached: CachedStrategy,
    boards: Position,
    targets: list[Target | None],
    workers: int,
    accepted: Container[str] | None = None,
) -> list[list[Target | None]]:
    """Return the targets in about 4 x workers lots of whole opener-reply groups (largest first)"""
    alike = [b for b in (targets[i::workers] for i in range(workers)) if b]  # (no opener)
    try:
        opener = cached.choose_boards(boards)
        for _ in range(MAX_REFUSALS):  # as play_game will refuse it, up to its cap
            if accepted is None or opener in accepted:
                break
            boards = boards.refuse(opener)
            opener = cached.choose_boards(boards)
    except NoCandidates:
        return alike
    if accepted is not None and opener not in accepted:
        return alike
    groups: dict[str, list[Target | None]] = {}
    for target in targets:
        if target is None:  # Absurdle: no answer to group by
            return [targets]
        groups.setdefault(reply_for(opener, target.answers[0]), []).append(target)
    count = min(len(groups), 4 * workers)
    batches: list[list[Target | None]] = [[] for _ in range(count)]
    for group in sorted(groups.values(), key=len, reverse=True):
        min(batches, key=len).extend(group)
    return [b for b in batches if b]
