"""`lenwordle solve` and `lenwordle review`: a game against known answers, a game judged."""

from typing import Annotated

import typer

from lenwordle.api import (
    RefusedAfterLast,
    SetupError,
    folded,
    review,
    review_image,
    reviewed_by_rows,
    solve,
)
from lenwordle.api.text import plain_word, quoted
from lenwordle.cli.checks import said
from lenwordle.cli.common import app, asked, called, use_colour
from lenwordle.cli.console import fail, show
from lenwordle.cli.formatting import game_lines
from lenwordle.cli.options import Json, SettingsOptions, StartersDir, settings_options
from lenwordle.cli.review_text import picture_lines, reviewed_lines


@app.command(name="solve")
@settings_options(leave_out=("k",))  # the answers' length
def solve_command(
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
    game = called(solve, *(given or []), length=k, starters=starters, **options)
    for line in game_lines(game, json_out):
        show(line)
    if not game.solved and not game.survival:  # (the exit: whether it found the answer)
        raise typer.Exit(1)


@app.command(name="review")
@settings_options(leave_out=("k", "boards", "absurdle"))  # the words' length, one board
def review_command(
    played: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[WORD]...",
            help="The answer, then each guess in order; or, when the answer was not found, "
            "each guess with its reply (g/y/., 2/1/0 or tiles).",
        ),
    ] = None,
    options: SettingsOptions = None,  # type: ignore[assignment]  # settings_options fills it
    starters: StartersDir = None,
    json_out: Json = False,
    image: Annotated[
        str | None,
        typer.Option(
            "--image",
            metavar="FILE",
            help="Read the game from a screenshot of it, finished (PNG or JPEG), instead.",
        ),
    ] = None,
) -> None:
    """Review a finished game, turn by turn.

    For each turn: the words still possible before and after each
    guess, the expected words left and guesses to finish after it and after the solver's best
    guess, its skill 0-99 (its expected guesses against the best's) and the luck 0-99 of the
    reply (its words left against the guess's other replies'); then the game's skill and
    luck, its guesses against lenwordle's, and a verdict.

    With --image FILE, the game is read from a screenshot of it, finished (light, dark or
    high contrast; --lang names its letters): the words and colours read are shown first,
    then the review; a picture of Dordle or Quordle, each of its grids; --variant for a
    variant whose rows are colour tiles (fibble, xordle, warmle, hardle).

    Example: lenwordle review flame crane slate flame   (or: review crane=..g.g slate=.gg.g;
    or: review --image game.png)
    """
    if image is not None:
        if played:
            fail("give the words played or --image FILE, not both")
        seen = called(review_image, image, **options, starters=starters, wording=review_problem)
        show("\n".join(picture_lines(seen, json_out, use_colour())))
        return
    if not played:
        fail("give the answer and the guesses played, or --image FILE")
    by_rows = asked(reviewed_by_rows, options["variant"])
    guesses, answer, replies, refused = parse_played(played, by_rows, options)
    given = {"answer": answer, "replies": replies, "refused": refused, "starters": starters}
    done = called(review, *guesses, **given, **options, wording=review_problem)
    show("\n".join(reviewed_lines(done, json_out, use_colour())))


REFUSED_MARK = "!"  # review: WORD! is a word the game refused (play's blank line)


def review_problem(error: SetupError) -> str:
    """Return why a game cannot be reviewed as the command line says it (WORD!, as typed)."""
    if isinstance(error, RefusedAfterLast):
        return f"{error.word}{REFUSED_MARK} {error.why}"
    return said(error)


def parse_played(
    played: list[str], by_rows: bool, options: SettingsOptions
) -> tuple[list[str], str | None, list[str] | None, dict[int, tuple[str, ...]]]:
    """Return review's arguments as the library takes them: the guesses, the answer (None:
    each guess's reply or row given), the replies, the words refused (WORD!) before each
    guess (from 0); or exit with a one-line message when they are not written so."""
    tokens = [plain_word(word) for word in played]
    refused: dict[int, tuple[str, ...]] = {}
    kept: list[tuple[str, str | None]] = []  # (word, reply) of the answer and the guesses
    for token in tokens:
        if token.endswith(REFUSED_MARK) and not (by_rows and "=" in token):
            word = token[:-1] if by_rows else token[:-1].partition("=")[0]
            refused[len(kept)] = (*refused.get(len(kept), ()), word)
        elif by_rows:
            word, sep, row = token.rpartition("=")  # (Nerdle's word has an = too)
            if not sep or not word or not row:
                how = "give each turn as WORD=ROW (e.g. crane=g.y.. or crane=2g1y)"
                fail(f"{quoted(token)}: {how}")
            kept.append((word, row))
        else:
            word, sep, reply = token.partition("=")
            kept.append((word, reply if sep else None))
    words = [word for word, _ in kept]
    if by_rows:
        if not kept or len(kept) in refused:
            fail(f"give each turn as WORD=ROW (WORD{REFUSED_MARK} before one: a word refused)")
        return words, None, [str(row) for _, row in kept], refused
    # (each a word of the language, as long as the first: said first)
    typed = [token.removesuffix(REFUSED_MARK).partition("=")[0] for token in tokens]
    asked(folded, *typed, lang=options["lang"], accents=options["accents"])
    pairs = [reply is not None for _, reply in kept]
    if any(pairs) and not all(pairs):
        fail("give ANSWER GUESS... or GUESS=REPLY... (a reply with every guess), not both")
    if pairs and all(pairs):
        return words, None, [str(reply) for _, reply in kept], refused
    if len(kept) < 2 or 0 in refused:
        fail(f"give the answer, then the guesses played (WORD{REFUSED_MARK}: a word refused)")
    after_answer = {at - 1: gone for at, gone in refused.items()}  # (the answer is no turn)
    return words[1:], words[0], None, after_answer
