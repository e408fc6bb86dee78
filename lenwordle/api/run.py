"""Whole games as functions returning typed values, called by the commands of their names
too: solve (the solver told the answers) and review (a game turn by turn). Each checks what it
is given (SetupError, naming an option as {option}), opens its game telling the face what to
know (told, progress: open_game) and plays it."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Unpack

from lenwordle.api.checks import SetupError, Told, a_path, setup_error, typed, untold
from lenwordle.api.checks import words as words_of
from lenwordle.api.game import GameOptions, checked, options, word_of
from lenwordle.api.opening import Opened
from lenwordle.api.setup import Settings, open_game
from lenwordle.engine.feedback import parse_reply, reply_for, tiles
from lenwordle.engine.position import Position, Target
from lenwordle.engine.variants import variant as variant_named
from lenwordle.engine.variants.base import Variant
from lenwordle.engine.workers import Progress
from lenwordle.games.play import Played, solve_game
from lenwordle.games.review import Turn, TurnReview, review_rows, solver_guesses, summary
from lenwordle.games.review import review as review_of
from lenwordle.strategies.registry import make_shown
from lenwordle.words.alphabet import Alphabet
from lenwordle.words.languages import DEFAULT_LANGUAGE, language
from lenwordle.words.quoting import quoted
from lenwordle.words.typed import plain_word

__all__ = [
    "Played",
    "RefusedAfterLast",
    "Reviewed",
    "alphabet",
    "folded",
    "replies",
    "review",
    "reviewed_by_rows",
    "solve",
]

Refused = dict[int, tuple[str, ...]]  # the words the game refused before each guess (from 0)


def rules_of(settings: GameOptions) -> Variant:
    """Return the variant the options name (Wordle's own by default); SetupError if none."""
    try:
        return variant_named(str(settings.get("variant", "wordle")))
    except ValueError as error:
        raise setup_error(error) from None


def reviewed_by_rows(variant: str = "wordle") -> bool:
    """Return whether a game of the variant is reviewed from the row it showed for each guess
    (a variant's: never from its answer); SetupError for a variant that is none."""
    typed("variant", variant, str)
    return not rules_of({"variant": variant}).plain


def alphabet(lang: str = DEFAULT_LANGUAGE, accents: str | None = None) -> Alphabet:
    """Return the letters of a language by its accent rule; SetupError if either is none."""
    typed("accents", accents, str, type(None))
    return options(5, lang, accents=accents).alphabet()


def alike(given: Sequence[str], alphabet: Alphabet) -> list[str]:
    """Return the words as a game of these letters has them; SetupError as folded() says."""
    typed_words = [plain_word(word) for word in given]
    folded = [alphabet.fold(word) for word in typed_words]
    for word, text in zip(folded, typed_words):
        if not alphabet.is_word(word) or not alphabet.typed_plainly(text):
            raise SetupError(f"{quoted(text)} is not a word of letters {alphabet.described()}")
        if len(word) != len(folded[0]):
            first = f"{quoted(typed_words[0])} has {len(folded[0])}"
            raise SetupError(f"{quoted(text)} has {len(word)} letters, {first}")
    return folded


def folded(*given: str, lang: str = DEFAULT_LANGUAGE, accents: str | None = None) -> list[str]:
    """Return words as a game of the language has them (made plain, folded by its accent
    rule); SetupError for one that is not a word of its letters, or not as long as the first."""
    words_of("given", given)
    return alike(given, alphabet(lang, accents))


def replies(
    guess: str, *answers: str, lang: str = DEFAULT_LANGUAGE, accents: str | None = None
) -> list[str]:
    """Return the reply (g/y/.) of guess against each answer, words of the language (folded by
    the accent rule); SetupError for one that is not a word, or not as long as the guess."""
    typed("guess", guess, str)
    words_of("answers", answers)
    guess, *each = folded(guess, *answers, lang=lang, accents=accents)
    return [reply_for(guess, answer) for answer in each]


def word_length(word: str, lang: str, settings: GameOptions) -> int:
    """Return the length of the first word given, as the game has it (made plain, folded by
    the language's accent rule: German größe has 5 letters, 6 with accents="ss")."""
    if rules_of(settings).lists is not None:  # (a game of its own tiles: Nerdle's)
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
    starters: str | Path | None = None,
    told: Told = untold,
    progress: Progress | None = None,
    **settings: Unpack[GameOptions],
) -> Played:
    """Return the game the solver plays against the answers (one a board: as many boards as
    answers; a variant's, Xordle's two), or against the Absurdle host with absurdle=True and
    none, ended at the limit when the rules end it there. starters: the folder of starter
    files (None: the bundled one); told and progress: what the player should know, and the
    progress of a long search (open_game)."""
    words_of("given", given)
    typed("length", length, int, type(None))
    typed("lang", lang, str)
    checked(dict(settings))
    if rules_of(settings).plain:  # (Wordle's answers are its boards)
        answers: list[str] | None = boards_of(given, length, lang, settings)
        k = len(answers[0]) if answers else 5 if length is None else length
    else:
        if not given:
            name = f"variant={settings.get('variant')}"
            raise SetupError(f"give the answer of the {{{name}}} game", name)
        answers, k = None, word_length(given[0], lang, settings) if length is None else length
    chosen = options(k, lang, **settings)
    for word in answers or ():
        if chosen.first_letter_problem(word):
            raise SetupError(chosen.first_letter_problem(word))
    first = open_game(chosen, a_path("starters", starters), told=told, progress=progress)
    if answers is None:
        answers = game_answers(chosen, first.position, given)
    target = Target(tuple(answers)) if answers else None
    game = solve_game(first.solver, first.position, target, first.everything(), True)
    return replace(game, variant=chosen.variant, display=first.state.allowed.display)


def boards_of(
    given: Sequence[str], length: int | None, lang: str, settings: GameOptions
) -> list[str]:
    """Return the answers of a game of Wordle (folded), one a board, the options' boards set
    to as many; SetupError for answers that make no game (none without absurdle, some with
    it, a word twice, words of two lengths or of another than length)."""
    answers = alike(given, alphabet(lang, settings.get("accents")))
    boards, absurdle = settings.get("boards", 1), settings.get("absurdle", False)
    if boards < 1:
        raise SetupError(f"{{boards}} must be at least 1, not {boards}", "boards")
    if absurdle and answers:
        why = "{absurdle} has no answer to give: the host keeps the largest group"
        raise SetupError(why, "absurdle")
    if not absurdle and not answers:
        raise SetupError("give the answer (one per board), or {absurdle}", "absurdle")
    if len(answers) > 1 and boards == 1:
        boards = settings["boards"] = len(answers)  # several answers: as many boards
    if answers and len(answers) != boards:
        name = f"boards={boards}"
        raise SetupError(f"{{{name}}} needs {boards} answers, not {len(answers)}", name)
    if len(set(answers)) != len(answers):
        raise SetupError("each board has its own answer: a word is given twice")
    if length is not None and answers and length != len(answers[0]):
        word, name = quoted(plain_word(given[0])), f"length={length}"
        said = f"disagrees with the answers: {word} has {len(answers[0])} letters"
        raise SetupError(f"{{{name}}} {said}", name)
    return answers


def game_words(game: Position, words: Iterable[str], what: str = "") -> list[str]:
    """Return words (or equations) as a game has them; SetupError if one is not."""
    return [word_of(game.alphabet, game.k, word, what, game.noun) for word in words]


def game_answers(settings: Settings, game: Position, given: Iterable[str]) -> list[str]:
    """Return the answers of one game as it has them; SetupError if one is not of its words
    (or equations), or they make no game of it (a word given twice, Xordle's two that share
    a letter, a first letter not the one shown)."""
    answers = game_words(game, given, "the answer ")
    for problem in (game.target_problem(answers), *map(settings.first_letter_problem, answers)):
        if problem:
            raise SetupError(problem)
    return answers


class RefusedAfterLast(SetupError):
    """A review given a word the game refused after the last guess (refused[len(given)]):
    a refusal is judged with the guess played after it. word: as the player reads it."""

    why = "comes after the last guess: a refusal is judged with the guess played after it"

    def __init__(self, at: int, word: str) -> None:
        self.word = word
        super().__init__(f"refused[{at}]: {word} {self.why}")


@dataclass(frozen=True)
class Reviewed:
    """A game reviewed: each turn's figures, the game's (skill, luck, verdict...), its answer
    (folded; None: given by its replies), each guess's row as the game showed it, the
    variant whose rows judged it (None: Wordle's replies did), words as the player reads them
    (display)."""

    turns: list[TurnReview]
    figures: dict[str, Any] = field(default_factory=dict)
    answer: str | None = None
    rows: tuple[str, ...] = ()
    variant: str | None = None
    display: Callable[[str], str] = str.upper
    ultra_hard: bool = False  # judged in ultra-hard (a turn's hard_mode_problem is its rules')


def review(
    *given: str,
    answer: str | None = None,
    replies: Sequence[str] | None = None,
    refused: dict[int, tuple[str, ...]] | None = None,
    lang: str = DEFAULT_LANGUAGE,
    starters: str | Path | None = None,
    told: Told = untold,
    progress: Progress | None = None,
    **settings: Unpack[GameOptions],
) -> Reviewed:
    """Return the review of a finished game: the guesses played, with the answer or with
    each guess's reply (g/y/., 2/1/0 or tiles; a variant's row in its marks); refused[i] the
    words the game refused before guess i (from 0); starters, told and progress as solve's.
    SetupError for a game that cannot have been played."""
    words_of("given", given)
    typed("answer", answer, str, type(None))
    replies = None if replies is None else words_of("replies", replies)
    typed("refused", refused, dict, type(None))
    refused = refused or {}
    for at, refusals in refused.items():
        typed("each key of refused", at, int)
        words_of(f"refused[{at}]", refusals)
    typed("lang", lang, str)
    if not given:
        raise SetupError("give the guesses played")
    if (answer is None) == (replies is None):
        raise SetupError("give the answer, or the reply of each guess, not both")
    checked(dict(settings))
    if settings.get("boards", 1) != 1 or settings.get("absurdle"):
        raise SetupError("review() judges a game of one board with an answer")
    if any(not 0 <= at <= len(given) for at in refused):
        raise SetupError(f"refused: a guess's number is 0 to {len(given) - 1}")
    late = refused.get(len(given), ())  # (said once the turns are known to be a game)
    if not (rules := rules_of(settings)).plain:  # (reviewed by the rows shown)
        if late:
            raise RefusedAfterLast(len(given), late[0])
        if answer is not None:
            raise SetupError(f"a {rules.name} game is reviewed from the row shown for each guess")
        chosen = options(word_length(given[0], lang, settings), lang, **settings)
        first = open_game(chosen, a_path("starters", starters), told=told, progress=progress)
        return judged_rows(chosen, first.position, given, replies or (), refused)
    letters = alphabet(lang, settings.get("accents"))
    turns, gone, folded = wordle_turns(given, answer, replies, refused, letters)
    if late:
        after = [letters.fold(plain_word(word)) for word in late]
        if folded in after:
            raise answer_refused(letters, folded)
        raise RefusedAfterLast(len(given), letters.upper(after[0]))
    chosen = options(len(turns[0][0]), lang, **settings)
    if folded is not None and chosen.first_letter_problem(folded):
        raise SetupError(chosen.first_letter_problem(folded))
    first = open_game(chosen, a_path("starters", starters), told=told, progress=progress)
    return judged(chosen, first, turns, gone, folded)


def wordle_turns(
    given: Sequence[str],
    answer: str | None,
    replies: Sequence[str] | None,
    refused: Refused,
    alphabet: Alphabet,
) -> tuple[list[Turn], Refused, str | None]:
    """Return the turns of a game of Wordle (each guess folded, with its reply), the words
    refused before each and the answer (folded); SetupError for words of another alphabet or
    length (said in the order they were played), a reply no word has, or a refused answer."""
    at = [
        *([answer] if answer is not None else []),
        *(w for i, g in enumerate(given) for w in (*refused.get(i, ()), g)),
    ]
    folded = iter(alike(at, alphabet))
    own = next(folded) if answer is not None else None
    gone: Refused = {}
    guesses = []
    for i in range(len(given)):
        gone[i] = tuple(dict.fromkeys(next(folded) for _ in refused.get(i, ())))  # (once each)
        guesses.append(next(folded))
    gone = {i: words for i, words in gone.items() if words}
    if replies is None:
        assert own is not None
        if any(own in words for words in gone.values()):
            raise answer_refused(alphabet, own)
        return [(guess, reply_for(guess, own)) for guess in guesses], gone, own
    if len(replies) != len(guesses):
        raise SetupError(f"{len(guesses)} guesses need as many replies, not {len(replies)}")
    turns = []
    for word, typed_word, reply in zip(guesses, given, replies):
        try:
            turns.append((word, parse_reply(reply, len(word))))
        except ValueError as error:
            raise SetupError(f"{quoted(f'{plain_word(typed_word)}={reply}')}: {error}") from None
    return turns, gone, None


def answer_refused(alphabet: Alphabet, answer: str) -> SetupError:
    """Return the error of a review whose answer is given as a word the game refused."""
    why = "the answer, cannot have been refused by the game"
    return SetupError(f"{alphabet.upper(answer)}, {why}")


def judged(
    settings: Settings,
    first: Opened,
    turns: list[Turn],
    refused: Refused,
    answer: str | None,
    since: int = 0,
) -> Reviewed:
    """Return the review of an opened game of Wordle's turns (folded), from turn `since` on
    (review_of's), and, with the answer, the guesses lenwordle takes itself; SetupError for a
    game that cannot have been played."""
    try:
        reviews = review_of(first.state, first.solver, turns, refused, since)
    except ValueError as error:  # (a turn after the solve, feedback no word could give)
        raise setup_error(error) from None
    own = None
    if answer is not None:
        own = solver_guesses(first.solver, first.state, answer, settings.everything(first.state))
    figures = summary(reviews, own, settings.rules().limit)
    rows = tuple(tiles(turn.reply) for turn in reviews)
    shown, ultra = first.state.allowed.display, settings.ultra_hard
    return Reviewed(reviews, figures, answer, rows, None, shown, ultra_hard=ultra)


def judged_rows(
    chosen: Settings,
    start: Position,
    given: Sequence[str],
    rows: Sequence[str],
    refused: Refused,
    since: int = 0,
    known_best: str | None = None,
) -> Reviewed:
    """Return the review of a variant's game from the rows it showed (in its marks), from turn
    `since` on, the best guess at turn `since` known_best when known (review_rows');
    SetupError for a game that cannot have been (or is none of a variant's)."""
    game = start.variant_game()
    if game is None:
        raise SetupError(f"a {chosen.variant} game is not reviewed by the rows it shows")
    name = game.variant.name
    if game.survival:
        why = f"{{variant}} {name} is scored by the guesses survived: not reviewed"
        raise SetupError(why, "variant")  # (as the face names it: review() and the CLI)
    played = game_words(game, given)
    if len(rows) != len(played):
        raise SetupError(f"{len(played)} guesses need as many replies, not {len(rows)}")
    moves = []
    for word, row in zip(played, rows):
        try:
            moves.append((word, game.read([plain_word(row)])))
        except ValueError as error:
            raise SetupError(f"{row!r} after {game.display(word)}: {error}") from None
    try:
        gone = {i: tuple(game_words(game, ws)) for i, ws in refused.items()}
        metric = make_shown(chosen.strategy).metric
        done = review_rows(game, moves, metric, gone, since, known_best)
    except ValueError as error:  # (a row no game shows, a guess its rules refuse)
        raise setup_error(error) from None
    shown = tuple(game.tiles(game.read([turn.reply])) for turn in done)
    return Reviewed(done, summary(done, None, game.limit), None, shown, name, game.display)


def reviewed_turns(
    settings: Settings,
    first: Opened,
    guesses: Sequence[str],
    replies: Sequence[str],
    since: int = 0,
    known_best: str | None = None,
) -> Reviewed:
    """Return the review of an opened game (a practice game's, over the words its host may
    hide) from its guesses (folded) and each one's reply, in the game's marks, from turn
    `since` on (from 0; the turns before it played, not judged: a hint's last turn); a
    variant's best guess at turn `since` known_best when known (its solver's, remembered)."""
    if first.position.variant_game() is not None:  # (judged by the rows it shows)
        return judged_rows(settings, first.position, guesses, replies, {}, since, known_best)
    played = game_words(first.position, guesses)
    turns = [(word, parse_reply(reply, len(word))) for word, reply in zip(played, replies)]
    return judged(settings, first, turns, {}, None, since)
