"""`lenwordle solve` and `lenwordle review`: a game against known answers, a game judged."""

from typing import Annotated

import typer

from lenwordle.api.checks import SetupError
from lenwordle.api.run import game_answers, reviewed, reviewed_rows, solved, word_length
from lenwordle.cli.checks import said
from lenwordle.cli.common import (
    alphabet_of,
    app,
    opened,
    settings_from,
    use_colour,
    words_alike,
)
from lenwordle.cli.console import (
    fail,
    show,
)
from lenwordle.cli.formatting import (
    game_lines,
)
from lenwordle.cli.options import (
    Json,
    SettingsOptions,
    StartersDir,
    settings_options,
)
from lenwordle.cli.review_text import review_lines, variant_review_lines
from lenwordle.engine.feedback import parse_reply
from lenwordle.engine.variants import variant as variant_named
from lenwordle.games.review import Turn, turns_against
from lenwordle.words.alphabet import ENGLISH, Alphabet
from lenwordle.words.quoting import quoted
from lenwordle.words.typed import plain_word


@app.command()
@settings_options(leave_out=("k",))  # the answers' length
def solve(
    given: Annotated[
        list[str] | None,
        typer.Argument(metavar="[ANSWERS]...", help="The answer, one per board."),
    ] = None,
    options: SettingsOptions = None,  # type: ignore[assignment]  # settings_options fills it
    k: Annotated[
        int | None,
        typer.Option(
            "-k",
            "--length",
            help="Word length with --absurdle (default 5); with answers, their length.",
        ),
    ] = None,
    starters: StartersDir = None,
    json_out: Json = False,
) -> None:
    """Let the solver play against known answers.

    It shows each guess against the ANSWERS (words of the game's letters, one per board); with
    --absurdle, against the adversary (no answer given).

    Example: lenwordle solve crane --json   (or: solve --boards 4 crane moist lucky vivid)
    """
    try:
        rules = variant_named(options["variant"])
    except ValueError as error:
        fail(str(error))
    if not rules.plain:
        _solve_variant(given or [], k, options, starters, json_out)
        return
    words = words_alike(given or [], alphabet_of(options))
    if options["boards"] < 1:
        fail(f"--boards must be at least 1, not {options['boards']}")
    if options["absurdle"] and words:
        fail("--absurdle has no answer to give: the host keeps the largest group")
    if not options["absurdle"] and not words:
        fail("give the answer (one per board), or --absurdle")
    if len(words) > 1 and options["boards"] == 1:
        options["boards"] = len(words)  # several answers: as many boards
    if words and len(words) != options["boards"]:
        fail(f"--boards {options['boards']} needs {options['boards']} answers, not {len(words)}")
    if len(set(words)) != len(words):
        fail("each board has its own answer: a word is given twice")
    if k is not None and words and k != len(words[0]):
        fail(f"-k {k} disagrees with the answers: {quoted(words[0])} has {len(words[0])} letters")
    settings = settings_from(k=len(words[0]) if words else 5 if k is None else k, **options)
    for word in words:
        if settings.first_letter_problem(word):
            fail(settings.first_letter_problem(word))
    first = opened(settings, starters)
    game = solved(settings, first, words or None)  # (ended at the limit when the rules say)
    for line in game_lines(game, json_out, first.state.allowed.display):
        show(line)
    if not game.solved:  # (the exit says whether it found the answer; the last line, won)
        raise typer.Exit(1)


def _solve_variant(
    given: list[str], k: int | None, options: dict, starters, json_out: bool
) -> None:
    """Play a variant's game against its answers (Xordle's two) and print each row shown."""
    if not given:
        fail(f"give the answer of the --variant {options['variant']} game")
    settings = settings_from(k=length_of(given[0], options) if k is None else k, **options)
    first = opened(settings, starters)
    try:
        answers = game_answers(settings, first.position, given)
    except SetupError as error:
        fail(said(error))
    game = solved(settings, first, answers)
    for line in game_lines(game, json_out, first.state.allowed.display, settings.variant):
        show(line)
    if not game.solved and not game.survival:
        raise typer.Exit(1)


@app.command(name="review")
@settings_options(leave_out=("k", "boards", "absurdle"))  # the words' length, one board
def review_command(
    played: Annotated[
        list[str],
        typer.Argument(
            metavar="WORD",
            help="The answer, then each guess in order; or, when the answer was not found, "
            "each guess with its reply (g/y/., 2/1/0 or tiles).",
        ),
    ],
    options: SettingsOptions = None,  # type: ignore[assignment]  # settings_options fills it
    starters: StartersDir = None,
    json_out: Json = False,
) -> None:
    """Review a finished game, turn by turn.

    For each turn: the words still possible before and after each
    guess, the expected words left and guesses to finish after it and after the solver's best
    guess, its skill 0-99 (its expected guesses against the best's) and the luck 0-99 of the
    reply (its words left against the guess's other replies'); then the game's skill and
    luck, its guesses against lenwordle's, and a verdict.

    Example: lenwordle review flame crane slate flame   (or: review crane=..g.g slate=.gg.g)
    """
    try:
        plain = variant_named(options["variant"]).plain
    except ValueError as error:
        fail(str(error))
    if not plain:
        _review_variant(options, played, starters, json_out)
        return
    answer, turns, refusals = parse_played(played, alphabet_of(options))
    settings = settings_from(k=len(turns[0][0]), **options)
    if answer is not None and settings.first_letter_problem(answer):
        fail(settings.first_letter_problem(answer))
    first = opened(settings, starters)
    try:  # (with the answer, lenwordle's own game on it too, as `solve` plays it)
        done = reviewed(settings, first, turns, refusals, answer)
    except ValueError as error:  # a turn after the solve, or feedback no word could give
        fail(str(error))
    display = first.state.allowed.display
    lines = review_lines(answer, done.turns, done.figures, json_out, use_colour(), display)
    for line in lines:
        show(line)


def _review_variant(options: dict, played: list[str], starters, json_out: bool) -> None:
    """Review a variant's game given as WORD=ROW turns (the rows as the game showed them),
    WORD! before a turn for a word the game refused."""
    turns: list[tuple[str, str]] = []
    refused: dict[int, tuple[str, ...]] = {}
    for token in map(plain_word, played):
        if token.endswith(REFUSED_MARK) and "=" not in token:
            refused[len(turns)] = (*refused.get(len(turns), ()), token[:-1])
            continue
        word, sep, row = token.rpartition("=")  # (Nerdle's word has an = too)
        if not sep or not word or not row:
            fail(f"{quoted(token)}: give each turn as WORD=ROW (e.g. crane=g.y.. or crane=2g1y)")
        turns.append((word, row))
    if not turns or len(turns) in refused:
        fail(f"give each turn as WORD=ROW (WORD{REFUSED_MARK} before one: a word refused)")
    settings = settings_from(k=length_of(turns[0][0], options), **options)
    first = opened(settings, starters)
    words, rows = [word for word, _ in turns], [row for _, row in turns]
    try:
        done = reviewed_rows(settings, first.position.variant_game(), words, rows, refused)
    except SetupError as error:
        fail(said(error))
    for line in variant_review_lines(first.position, done, json_out):
        show(line)


def length_of(word: str, options: dict) -> int:
    """Return the length of a word typed for the game the options name (its own tiles,
    Nerdle's, or the language's letters: straße has 6 with --accents ss); or exit."""
    try:
        return word_length(word, options["lang"], options)  # type: ignore[arg-type]
    except SetupError as error:
        fail(said(error))


REFUSED_MARK = "!"  # review: WORD! is a word the game refused (play's blank line)


def parse_played(
    played: list[str], alphabet: Alphabet = ENGLISH
) -> tuple[str | None, list[Turn], dict[int, tuple[str, ...]]]:
    """Return the answer (None if not given), the turns of `review`'s arguments and the
    words the game refused (WORD!) before each turn (by its index from 0); or exit with a
    one-line message."""
    played = [plain_word(word) for word in played]
    marked = [word.endswith(REFUSED_MARK) for word in played]
    words = words_alike(
        [word.removesuffix(REFUSED_MARK).partition("=")[0] for word in played], alphabet
    )
    refusals: dict[int, tuple[str, ...]] = {}
    kept: list[tuple[str, str]] = []  # (word, as given) of the answer and the guesses
    for word, given, refused in zip(words, played, marked):
        if refused:
            if word not in refusals.get(len(kept), ()):  # (refused twice: said once)
                refusals[len(kept)] = (*refusals.get(len(kept), ()), word)
        else:
            kept.append((word, given))
    pairs = ["=" in given for _, given in kept]
    if any(pairs) and not all(pairs):
        fail("give ANSWER GUESS... or GUESS=REPLY... (a reply with every guess), not both")
    if all(pairs) and pairs:
        turns = []
        for word, given in kept:
            try:
                turns.append((word, parse_reply(given.partition("=")[2], len(word))))
            except ValueError as error:
                fail(f"{quoted(given)}: {error}")
        answer = None
    else:
        if len(kept) < 2 or 0 in refusals:
            fail(f"give the answer, then the guesses played (WORD{REFUSED_MARK}: a word refused)")
        answer = kept[0][0]
        turns = turns_against(answer, [word for word, _ in kept[1:]])
        refusals = {at - 1: words for at, words in refusals.items()}  # (the answer is no turn)
        if any(answer in words for words in refusals.values()):
            fail(f"{alphabet.upper(answer)}, the answer, cannot have been refused by the game")
    late = refusals.get(len(turns), ())
    if late:
        fail(
            f"{alphabet.upper(late[0])}{REFUSED_MARK} comes after the last guess: a refusal is "
            "judged with the guess played after it"
        )
    return answer, turns, refusals
