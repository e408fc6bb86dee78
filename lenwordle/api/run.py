"""Whole games from Python, each a function returning a typed value: solve (the solver told
the answers), bench (many games, not told), review (a game turn by turn) and tree (the tree of
fewest guesses). The command line's solve, bench, review and tree are their clients."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from lenwordle.api.game import SetupError, opened, options
from lenwordle.api.setup import Settings
from lenwordle.engine.feedback import parse_reply
from lenwordle.engine.state import GameState
from lenwordle.games import bench as benchmark
from lenwordle.games.bench import BenchResult
from lenwordle.games.play import Game as Played
from lenwordle.games.play import solve_game
from lenwordle.games.review import TurnReview, solver_guesses, summary, turns_against
from lenwordle.games.review import review as review_of
from lenwordle.search import besttree
from lenwordle.search.besttree import TreeResult
from lenwordle.search.optimal import DEFAULT_WIDTH, problem_of

__all__ = [
    "BenchResult",
    "Played",
    "Reviewed",
    "TreeResult",
    "bench",
    "review",
    "solve",
    "target_pool",
    "tree",
]


def _words(settings: Settings, words: Iterable[str]) -> list[str]:
    """Return words folded by the game's alphabet; SetupError for one that is not a word of
    its letters and length."""
    alphabet, folded = settings.alphabet(), []
    for word in words:
        plain = alphabet.fold(word.strip())
        if len(plain) != settings.k or not alphabet.is_word(plain):
            raise SetupError(
                f"{word!r} is not a word of {settings.k} letters {alphabet.described()}"
            )
        folded.append(plain)
    return folded


def solve(*answers: str, length: int | None = None, **settings: object) -> Played:
    """Return the game the solver plays against the answers (one per board: as many boards
    as answers), or against the Absurdle host with absurdle=True and no answer."""
    k = length if length is not None else len(answers[0].strip()) if answers else 5
    if answers and settings.get("boards", 1) == 1:
        settings["boards"] = len(answers)
    chosen = options(k, **settings)  # type: ignore[arg-type]
    if chosen.absurdle == bool(answers):
        raise SetupError("give the answers (one per board), or absurdle=True and none")
    words = _words(chosen, answers)
    if len(set(words)) != len(words):
        raise SetupError("each board has its own answer: a word is given twice")
    for word in words:
        if chosen.first_letter_problem(word):
            raise SetupError(chosen.first_letter_problem(word))
    first = opened(chosen)
    everything = chosen.everything(first.state)
    return solve_game(first.solver, first.state, words or None, everything, stop_at_limit=True)


def target_pool(settings: Settings, state: GameState, targets: Sequence[str] | None) -> list:
    """Return every word bench may play, in order: the targets as given, else the answer
    list's as its file lists them, else the likeliest words of the dictionary."""
    if targets is not None:
        return list(targets)
    if settings.answers is not None:  # the answer list, as its file lists it (--exclude:
        possible = set(state.candidate_words())  # ...but the words it excludes)
        return [w for w in state.answers.order or state.answers.strings if w in possible]
    # a sample: the likeliest words, not the alphabetical start of the dictionary
    return benchmark.likeliest(state.answers.select(state.mask), benchmark.DEFAULT_TARGETS)


def bench(
    targets: Iterable[str] | None = None,
    *,
    accepted: Iterable[str] | None = None,
    limit: int | None = None,
    workers: int = 1,
    length: int = 5,
    **settings: object,
) -> BenchResult:
    """Return the figures of the solver played against each target, not told it (default:
    the answer list, or the likeliest words of the dictionary); a game refuses any guess not
    in accepted, when given. The same targets give the same figures with any workers."""
    chosen = options(length, **settings)  # type: ignore[arg-type]
    if chosen.boards != 1 or chosen.absurdle:
        raise SetupError("bench() plays one board against each target")
    if limit is not None and limit < 1:
        raise SetupError(f"limit must be at least 1, not {limit}")
    given = _words(chosen, targets) if targets is not None else None
    taken = frozenset(chosen.alphabet().fold(w.strip()) for w in accepted) if accepted else None
    first = opened(chosen)
    pool = target_pool(chosen, first.state, given)[:limit]
    everything = chosen.everything(first.state)
    return benchmark.run(first.solver, first.state, pool, None, workers, taken, everything)


@dataclass(frozen=True)
class Reviewed:
    """A game reviewed: each turn's figures, and the game's (skill, luck, verdict...)."""

    turns: list[TurnReview]
    figures: dict = field(default_factory=dict)


def review(
    *guesses: str,
    answer: str | None = None,
    replies: Sequence[str] | None = None,
    refused: dict[int, tuple[str, ...]] | None = None,
    **settings: object,
) -> Reviewed:
    """Return the review of a finished game: the guesses played, with the answer or with
    each guess's reply (g/y/., 2/1/0 or tiles); refused[i] the words the game refused before
    guess i (from 0). SetupError for a game that cannot have been played."""
    if not guesses:
        raise SetupError("give the guesses played")
    if (answer is None) == (replies is None):
        raise SetupError("give the answer, or the reply of each guess, not both")
    length = len(guesses[0].strip())
    chosen = options(length, **settings)  # type: ignore[arg-type]
    played = _words(chosen, guesses)
    if replies is not None:
        if len(replies) != len(played):
            raise SetupError(f"{len(played)} guesses need as many replies, not {len(replies)}")
        try:
            turns = [(w, parse_reply(r, length)) for w, r in zip(played, replies)]
        except ValueError as error:
            raise SetupError(str(error)) from None
        answer = None
    else:
        (answer,) = _words(chosen, [answer or ""])
        turns = turns_against(answer, played)
    gone = {i: tuple(_words(chosen, ws)) for i, ws in (refused or {}).items()}
    first = opened(chosen)
    try:
        reviews = review_of(first.state, first.solver, turns, gone)
    except ValueError as error:
        raise SetupError(str(error)) from None
    own = None
    if answer is not None:
        everything = chosen.everything(first.state)
        own = solver_guesses(first.solver, first.state, answer, everything)
    rules = chosen.rules()
    return Reviewed(reviews, summary(reviews, own, rules.limit if rules.strict else None))


def tree(
    length: int = 5,
    *,
    start: str | None = None,
    openers: int = besttree.DEFAULT_OPENERS,
    width: int | None = DEFAULT_WIDTH,
    workers: int = 1,
    **settings: object,
) -> TreeResult:
    """Return the decision tree of fewest total guesses over the answers (of start, or the
    best of the top openers by the estimate), trying width guesses in each position (None:
    every guess, a proof); SetupError if the problem is too big or no
    tree is found within the guess limit."""
    chosen = options(length, **settings)  # type: ignore[arg-type]
    try:
        state = chosen.opening().state
    except ValueError as error:
        raise SetupError(str(error)) from None
    searched: list[str] | int = openers
    if start is not None:
        (word,) = _words(chosen, [start])
        if word not in state.allowed:
            raise SetupError(f"start {start!r} is not one of the allowed guesses")
        searched = [word]
    too_big = besttree.size_problem(problem_of(state))
    if too_big:
        raise SetupError(too_big)
    try:
        return besttree.best_tree(state, searched, width, workers)
    except besttree.NoTree as error:
        raise SetupError(str(error).splitlines()[0]) from None
