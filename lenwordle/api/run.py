"""Whole games from Python, each a function returning a typed value: solve (the solver told
the answers), bench (many games, not told), review (a game turn by turn) and tree (the tree of
fewest guesses). The commands of those names open their game themselves (telling the player
what to know) and then call solved, benched and reviewed, as these functions do. Over 300
lines: four faces of whole games, each with the checks of its arguments."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypedDict, Unpack

from lenwordle.api.checks import MIN_WORKERS, SetupError, at_least, setup_error, typed, words
from lenwordle.api.game import GameOptions, checked, game_word, opened, options, word_of
from lenwordle.api.opening import Opened
from lenwordle.api.setup import Settings
from lenwordle.engine.feedback import parse_reply
from lenwordle.engine.position import Position, Target
from lenwordle.engine.state import GameState
from lenwordle.engine.variants import variant as variant_named
from lenwordle.engine.variants.state import VariantGame
from lenwordle.games import bench as benchmark
from lenwordle.games.bench import BenchResult
from lenwordle.games.play import Played, solve_game
from lenwordle.games.review import (
    Turn,
    TurnReview,
    review_rows,
    solver_guesses,
    summary,
    turns_against,
)
from lenwordle.games.review import review as review_of
from lenwordle.search import besttree
from lenwordle.search.besttree import TreeResult
from lenwordle.search.optimal import DEFAULT_WIDTH, problem_of
from lenwordle.strategies.registry import make_shown
from lenwordle.words.languages import DEFAULT_LANGUAGE, language
from lenwordle.words.typed import plain_word

__all__ = [
    "BenchResult",
    "Played",
    "Reviewed",
    "TreeResult",
    "bench",
    "benched",
    "review",
    "reviewed",
    "solve",
    "solved",
    "target_pool",
    "game_answers",
    "word_length",
    "tree",
]


def _words(settings: Settings, words: Iterable[str]) -> list[str]:
    """Return words as the game has them (game_word); SetupError for one that is not."""
    return [game_word(settings, word) for word in words]


def word_length(word: str, lang: str, settings: GameOptions) -> int:
    """Return the length of the first word given, as the game has it (made plain, folded by
    the language's accent rule: German größe has 5 letters, 6 with accents="ss")."""
    if _rules(settings).lists is not None:  # (a game of its own tiles: Nerdle's)
        return len(plain_word(word))
    try:
        alphabet = language(lang.lower()).alphabet(settings.get("accents"))  # (ES is es)
    except ValueError as error:  # (an unknown language or rule: said as options says it)
        raise setup_error(error) from None
    return len(alphabet.fold(plain_word(word)))


def solve(
    *given: str,
    length: int | None = None,
    lang: str = DEFAULT_LANGUAGE,
    **settings: Unpack[GameOptions],
) -> Played:
    """Return the game the solver plays against the answers (one per board: as many boards
    as answers, boards= may say so too; a variant's: Xordle's two), or against the Absurdle
    host with absurdle=True and no answer."""
    words("given", given)
    typed("length", length, int, type(None))
    typed("lang", lang, str)
    checked(dict(settings))
    rules = _rules(settings)
    k = length if length is not None else word_length(given[0], lang, settings) if given else 5
    if rules.plain:
        boards = settings.get("boards")
        if given and boards is not None and boards != len(given):
            raise SetupError(f"boards={boards} needs {boards} answers, not {len(given)}")
        if given:
            settings["boards"] = len(given)
    chosen = options(k, lang, **settings)
    if chosen.absurdle == bool(given):
        raise SetupError("give the answers (one per board), or absurdle=True and none")
    first = opened(chosen)
    return solved(chosen, first, game_answers(chosen, first.position, given) if given else None)


def _rules(settings: GameOptions):  # type: ignore[no-untyped-def]
    """Return the variant the options name (Wordle's own by default); SetupError if none."""
    try:
        return variant_named(str(settings.get("variant", "wordle")))
    except ValueError as error:
        raise setup_error(error) from None


def _game_words(game: Position, words: Iterable[str], what: str = "") -> list[str]:
    """Return words (or equations) as a game has them; SetupError if one is not."""
    return [word_of(game.alphabet, game.k, word, what, game.noun) for word in words]


def game_answers(settings: Settings, game: Position, given: Iterable[str]) -> list[str]:
    """Return the answers of one game as it has them; SetupError if one is not of its words
    (or equations), or they make no game of it (a word given twice, Xordle's two that share
    a letter, a first letter not the one shown)."""
    answers = _game_words(game, given, "the answer ")
    problem = game.target_problem(answers)
    for word in answers:
        problem = problem or settings.first_letter_problem(word)
    if problem:
        raise SetupError(problem)
    return answers


def solved(settings: Settings, first: Opened, answers: Sequence[str] | None) -> Played:
    """Return the game of an opened game's solver against the answers (folded, one per
    board, or a variant's; None: the Absurdle host), ended at the limit when the rules end
    it there: what solve() and `lenwordle solve` play once the game is opened."""
    target = None if answers is None else Target(tuple(answers))
    return solve_game(first.solver, first.position, target, first.everything(), True)


def target_pool(settings: Settings, state: GameState, targets: Sequence[str] | None) -> list[str]:
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
    lang: str = DEFAULT_LANGUAGE,
    **settings: Unpack[GameOptions],
) -> BenchResult:
    """Return the figures of the solver played against each target, not told it (default:
    the answer list, or the likeliest words of the dictionary); a game refuses any guess not
    in accepted, when given. The same targets give the same figures with any workers."""
    targets = None if targets is None else words("targets", targets)
    accepted = None if accepted is None else words("accepted", accepted)
    if limit is not None:
        at_least("limit", limit, 1)
    at_least("workers", workers, MIN_WORKERS)
    chosen = options(length, lang, **settings)
    if chosen.boards != 1 or chosen.absurdle:
        raise SetupError("bench() plays one board against each target")
    first = opened(chosen)
    game = first.position
    given = _game_words(game, targets) if targets is not None else None
    for word in given or ():
        if chosen.first_letter_problem(word):
            raise SetupError(chosen.first_letter_problem(word))
    taken = None
    if accepted is not None:
        alphabet = first.state.allowed.alphabet
        taken = frozenset(alphabet.fold(plain_word(w)) for w in accepted)
        if not any(word in taken for word in first.state.allowed.strings):
            raise SetupError("accepted has none of the guesses the solver may suggest")
    whole = target_pool(chosen, first.state, given)
    return benched(chosen, first, games_of(chosen, game, whole[:limit], whole), workers, taken)


def games_of(
    settings: Settings, game: Position, words: list[str], whole: list[str]
) -> list[Target]:
    """Return the games a bench plays of the words (Xordle's partners drawn from every
    target, whole); SetupError if none can be made."""
    plays = game.targets(words, whole)
    if words and not plays:
        raise SetupError(f"no {settings.variant} game can be made of the targets")
    return plays


def benched(
    settings: Settings,
    first: Opened,
    games: Sequence[Target | None],
    workers: int = 1,
    accepted: frozenset[str] | None = None,
    progress: Callable[[int], None] | None = None,
) -> BenchResult:
    """Return the figures of an opened game's solver played against each game's targets
    (not told them), refusing any guess not in accepted when given: what bench() and
    `lenwordle bench` play once the game is opened and the targets chosen."""
    everything = first.everything()
    return benchmark.run(
        first.solver, first.position, games, progress, workers, accepted, everything
    )


@dataclass(frozen=True)
class Reviewed:
    """A game reviewed: each turn's figures, and the game's (skill, luck, verdict...)."""

    turns: list[TurnReview]
    figures: dict[str, Any] = field(default_factory=dict)


def review(
    *given: str,
    answer: str | None = None,
    replies: Sequence[str] | None = None,
    refused: dict[int, tuple[str, ...]] | None = None,
    lang: str = DEFAULT_LANGUAGE,
    **settings: Unpack[GameOptions],
) -> Reviewed:
    """Return the review of a finished game: the guesses played, with the answer or with
    each guess's reply (g/y/., 2/1/0 or tiles); refused[i] the words the game refused before
    guess i (from 0). SetupError for a game that cannot have been played."""
    words("given", given)
    typed("answer", answer, str, type(None))
    replies = None if replies is None else words("replies", replies)
    typed("refused", refused, dict, type(None))
    for at, refusals in (refused or {}).items():
        typed("each key of refused", at, int)
        words(f"refused[{at}]", refusals)
    typed("lang", lang, str)
    if not given:
        raise SetupError("give the guesses played")
    if (answer is None) == (replies is None):
        raise SetupError("give the answer, or the reply of each guess, not both")
    checked(dict(settings))
    if settings.get("boards", 1) != 1 or settings.get("absurdle"):
        raise SetupError("review() judges a game of one board with an answer")
    if any(not 0 <= at < len(given) for at in refused or {}):
        raise SetupError(f"refused: a guess's number is 0 to {len(given) - 1}")
    length = word_length(given[0], lang, settings)
    chosen = options(length, lang, **settings)
    return review_opened(chosen, opened(chosen), given, answer, replies, refused)


def review_opened(
    chosen: Settings,
    first: Opened,
    given: Sequence[str],
    answer: str | None,
    replies: Sequence[str] | None,
    refused: dict[int, tuple[str, ...]] | None,
) -> Reviewed:
    """Return review()'s review of a game opened as first (a practice game's: over the
    words its host may hide), its arguments checked."""
    length = chosen.k
    if first.position.variant_game() is not None:  # (judged by the rows it shows)
        if answer is not None:
            name = chosen.variant
            raise SetupError(f"a {name} game is reviewed from the row shown for each guess")
        return reviewed_rows(chosen, first.position.variant_game(), given, replies, refused)
    played = _words(chosen, given)
    if replies is not None:
        if len(replies) != len(played):
            raise SetupError(f"{len(played)} guesses need as many replies, not {len(replies)}")
        try:
            turns = [(w, parse_reply(r, length)) for w, r in zip(played, replies)]
        except ValueError as error:
            raise setup_error(error) from None
        answer = None
    else:
        (answer,) = _words(chosen, [answer or ""])
        turns = turns_against(answer, played)
    gone = {i: tuple(_words(chosen, ws)) for i, ws in (refused or {}).items()}
    try:
        return reviewed(chosen, first, turns, gone, answer)
    except ValueError as error:
        raise setup_error(error) from None


def reviewed_rows(
    settings: Settings,
    start: VariantGame | None,
    given: Sequence[str],
    replies: Sequence[str] | None,
    refused: dict[int, tuple[str, ...]] | None = None,
) -> Reviewed:
    """Return the review of a variant's game from the rows it showed (replies, in its
    marks), beside the best guess by the strategy's measure: what review() and `lenwordle
    review` give once the game is opened; SetupError for a game that cannot have been (or
    is none of a variant's)."""
    if start is None:
        raise SetupError(f"a {settings.variant} game is not reviewed by the rows it shows")
    name = start.variant.name
    if start.survival:
        why = f"{{variant}} {name} is scored by the guesses survived: not reviewed"
        raise SetupError(why, "variant")  # (as the face names it: review() and the CLI)
    if replies is None:
        raise SetupError(f"a {name} game is reviewed from the row shown for each guess")
    played = _game_words(start, given)
    if len(replies) != len(played):
        raise SetupError(f"{len(played)} guesses need as many replies, not {len(replies)}")
    moves = []
    for word, row in zip(played, replies):
        try:
            moves.append((word, start.read([plain_word(row)])))
        except ValueError as error:
            raise SetupError(f"{row!r} after {start.display(word)}: {error}") from None
    try:
        gone = {i: tuple(_game_words(start, ws)) for i, ws in (refused or {}).items()}
        done = review_rows(start, moves, make_shown(settings.strategy).metric, gone)
    except ValueError as error:  # (a row no game shows, a guess its rules refuse)
        raise setup_error(error) from None
    return Reviewed(done, summary(done, None, start.limit))


def reviewed(
    settings: Settings,
    first: Opened,
    turns: list[Turn],
    refused: dict[int, tuple[str, ...]],
    answer: str | None,
) -> Reviewed:
    """Return the review of the turns (folded guesses and replies) of an opened game, the
    words refused before each turn, and, with the answer, the guesses lenwordle takes itself:
    what review() and `lenwordle review` give once the game is opened. ValueError for a game
    that cannot have been played."""
    reviews = review_of(first.state, first.solver, turns, refused)
    own = None
    if answer is not None:
        everything = settings.everything(first.state)
        own = solver_guesses(first.solver, first.state, answer, everything)
    return Reviewed(reviews, summary(reviews, own, settings.rules().limit))


class TreeOptions(TypedDict, total=False):
    """The options of a tree search: a one-board game's dictionary and rules."""

    hard: bool
    max_guesses: int | None
    accents: str | None
    first_letter: str | None
    words: str | Path | None
    answers: str | Path | None
    guesses: str


def tree(
    length: int = 5,
    *,
    start: str | None = None,
    openers: int = besttree.DEFAULT_OPENERS,
    width: int | None = DEFAULT_WIDTH,
    workers: int = 1,
    lang: str = DEFAULT_LANGUAGE,
    **settings: Unpack[TreeOptions],
) -> TreeResult:
    """Return the decision tree of fewest total guesses over the answers (of start, or the
    best of the top openers by the estimate), trying width guesses in each position (None:
    every guess, a proof); SetupError if the problem is too big or no
    tree is found within the guess limit."""
    typed("start", start, str, type(None))
    at_least("openers", openers, 1)
    typed("width", width, int, type(None))
    at_least("workers", workers, MIN_WORKERS)
    checked(dict(settings))
    ignored = set(settings) - set(TreeOptions.__annotations__)
    if ignored:
        raise SetupError(f"tree() takes no {', '.join(sorted(ignored))}: a tree is of one board")
    if width is not None and width < 1:
        raise SetupError(f"width must be at least 1 (or None: every guess), not {width}")
    chosen = options(length, lang, **settings)
    try:
        state = chosen.opening().state
    except ValueError as error:
        raise setup_error(error) from None
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
        raise setup_error(error) from None
