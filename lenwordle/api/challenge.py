"""Challenges: a player sets a game for a friend (make_challenge: its code, which spells none of
its words), the friend plays it (practice_challenge), in any game, length and language. A
challenge is a puzzle of its own: the statistics keep it as 'challenge CODE'. The code hides
its words from the eye only: read_challenge gives them back (games/challenge.py)."""

from __future__ import annotations

import re
import reprlib
from collections.abc import Iterable
from dataclasses import replace
from typing import Any, TypedDict, Unpack

from lenwordle.api.checks import SetupError, setup_error, text, typed
from lenwordle.api.game import GameOptions, options, word_of
from lenwordle.api.practice import Practice, hidden_problem, hosting
from lenwordle.api.setup import SUTOM_LENGTHS, Settings
from lenwordle.games.challenge import Challenge, ChallengeError, Problem, challenge, read_code
from lenwordle.words.languages import DEFAULT_LANGUAGE, language

__all__ = [
    "Challenge",
    "ChallengeError",
    "Problem",
    "Stated",
    "make_challenge",
    "page_path",
    "practice_challenge",
    "read_challenge",
    "settings_of",
]

QUERY = "challenge"  # the page's query parameter that opens a challenge: /?challenge=CODE
BETWEEN_WORDS = re.compile(r"[\s,]+")  # what a challenge's words are given apart by
# what a new game is drawn by or bounded with: never beside a challenge, whose words are set
OTHER_PUZZLE = ("seed", "daily", "date", "accepted")


class Stated(TypedDict, total=False):
    """The options a player may state beside a challenge: each must be the challenge's."""

    length: int
    lang: str
    hard: bool
    boards: int
    max_guesses: int | None
    accents: str | None
    variant: str
    absurdle: bool
    first_letter: str | None
    sutom: bool
    seed: int | None
    daily: bool
    date: Any
    accepted: Any


def make_challenge(
    word: str | Iterable[str],
    length: int = 5,
    lang: str = DEFAULT_LANGUAGE,
    *,
    sutom: bool = False,
    **settings: Unpack[GameOptions],
) -> Challenge:
    """Return the challenge of word (the words, one a board, Xordle's two: a str apart by
    commas or spaces, or an iterable) in the game of these options (practice's: sutom shows
    the first word's first letter); its code spells none of them. SetupError for options
    that make no game or a word of another length or alphabet; ChallengeError for a game
    with no secret (Absurdle) or words it would not hide (not its words, their number...)."""
    given = _words(word)
    typed("sutom", sutom, bool)
    chosen = options(length, lang, **settings)
    if chosen.absurdle:
        raise ChallengeError(
            "{absurdle}: its host keeps no secret, so no challenge", Problem.NO_SECRET, "absurdle"
        )
    rules = chosen.variant_rules
    alphabet = chosen.game_alphabet()
    folded = tuple(word_of(alphabet, chosen.k, word, "", rules.noun) for word in given)
    if sutom:
        chosen = _shown(chosen, folded[0])
    problem = hidden_problem(chosen, hosting(chosen, None), folded)
    if problem:
        raise ChallengeError(problem, Problem.NOT_THE_GAMES)
    rule = chosen.accents or chosen.language.default
    shown = chosen.first_letter is not None
    numbers = (chosen.k, chosen.boards, chosen.hard, chosen.max_guesses, shown)
    return challenge(folded, rules.name, chosen.lang, rule, *numbers)


def _words(word: object) -> list[str]:
    """Return the words given (a str: apart by commas or spaces); SetupError if none."""
    if isinstance(word, str):
        given = [one for one in BETWEEN_WORDS.split(word) if one]
    elif isinstance(word, Iterable) and not isinstance(word, bytes):
        given = list(word)
        for one in given:
            typed("each of word", one, str)
    else:
        raise SetupError(f"word must be a str or an iterable of str, not {reprlib.repr(word)}")
    if not given:
        raise SetupError("word: give the word (one a board) your challenge hides")
    return given


def _shown(settings: Settings, word: str) -> Settings:
    """Return settings with word's first letter shown (SUTOM); SetupError where it cannot."""
    if settings.first_letter is not None:
        raise SetupError("give {sutom} or {first_letter}, not both", "sutom", "first_letter")
    low, high = SUTOM_LENGTHS
    if settings.boards != 1 or not low <= settings.k <= high:
        raise SetupError(f"{{sutom}} is one board of {low} to {high} letters", "sutom")
    try:
        return replace(settings, first_letter=word[0])
    except ValueError as error:  # (a variant: not SUTOM's tiles)
        raise setup_error(error) from None


def read_challenge(code: str) -> Challenge:
    """Return the challenge a code holds (its words as the game holds them); ChallengeError
    if it holds none (empty, mistyped, of a newer lenwordle, damaged) or a game this
    lenwordle cannot open."""
    text("code", code)
    read = read_code(code)
    settings_of(read)
    return read


def settings_of(challenge: Challenge) -> Settings:
    """Return the settings of a challenge's game; ChallengeError if they cannot be."""
    language_default = language(challenge.lang).default
    letter = challenge.words[0][0] if challenge.first_letter else None
    try:
        return options(
            challenge.length,
            challenge.lang,
            variant=challenge.variant,
            accents=None if challenge.accents == language_default else challenge.accents,
            hard=challenge.hard,
            boards=challenge.boards,
            max_guesses=challenge.max_guesses,
            first_letter=letter,
        )
    except SetupError as error:
        raise ChallengeError(
            f"{{challenge}} is of a game this lenwordle cannot open ({error})", Problem.NEWER
        ) from None


def practice_challenge(code: str | Challenge, **stated: Unpack[Stated]) -> Practice:
    """Return the practice game of a challenge (a code, or one read): its words hidden, its
    puzzle 'challenge CODE'. Options stated beside it must be its own (ChallengeError
    otherwise: a face passes those its player gave); ChallengeError for a bad code or
    words the game would not hide (its lists not its maker's)."""
    typed("code", code, str, Challenge)
    read = read_challenge(code) if isinstance(code, str) else code
    settings = settings_of(read)
    for name, value in stated.items():
        _agree(read, settings, name, value)
    try:
        return Practice(settings, challenge=read)
    except ChallengeError:
        raise
    except SetupError as error:  # (a length with no words here, say)
        raise ChallengeError(
            f"{{challenge}} is of a game this lenwordle cannot open ({error})", Problem.NEWER
        ) from None


def _agree(read: Challenge, settings: Settings, name: str, value: object) -> None:
    """Raise ChallengeError if an option stated beside a challenge says another game (or
    another puzzle); SetupError for no such option."""
    if name in OTHER_PUZZLE:
        if value is None or value is False:
            return
        raise ChallengeError(
            f"{{{name}}} is for a game lenwordle draws: not with {{challenge}}",
            Problem.CONTRADICTED,
            name,
            "challenge",
        )
    shown = settings.letter or None
    theirs: dict[str, object] = {
        "length": read.length,
        "lang": read.lang,
        "hard": read.hard,
        "boards": read.boards,
        "max_guesses": read.max_guesses,
        "accents": read.accents,
        "variant": read.variant,
        "absurdle": False,
        "first_letter": shown,
        "sutom": read.first_letter,
    }
    if name not in theirs:
        raise SetupError(f"no option {name!r} beside a challenge; the options are {list(theirs)}")
    if name == "accents" and value is None:
        return  # (the language's rule: the challenge's own, if it was)
    ours = value
    if isinstance(value, str) and name in ("lang", "variant"):
        ours = value.strip().lower()
    if name == "first_letter" and isinstance(value, str):
        ours = settings.alphabet().fold(value.strip())
    if ours == theirs[name]:
        return
    raise _contradiction(name, value, theirs[name])


def _contradiction(name: str, given: object, theirs: object) -> ChallengeError:
    """Return the error of an option stated beside a challenge that says another game."""
    if isinstance(theirs, bool):
        said = "without it" if given else f"with {{{name}}}"
        template, named = f"{{{name}={given}}} contradicts the challenge, played {said}", name
        return ChallengeError(template, Problem.CONTRADICTED, f"{name}={given}", named)
    if theirs is None:
        return ChallengeError(
            f"{{{name}={given}}} contradicts the challenge, played without it",
            Problem.CONTRADICTED,
            f"{name}={given}",
        )
    if name == "first_letter":  # (the letter the game shows: told at its start anyway)
        theirs = str(theirs).upper()
    return ChallengeError(
        f"{{{name}={given}}} contradicts the challenge's {{{name}={theirs}}}",
        Problem.CONTRADICTED,
        f"{name}={given}",
        f"{name}={theirs}",
    )


def page_path(code: str) -> str:
    """Return the page's path that opens a challenge (after the server's address)."""
    return f"/?{QUERY}={code}"
