"""`lenwordle practice`: lenwordle hosts a game (api/practice.py) and the player guesses, a
line at a time."""

import sys
from pathlib import Path
from typing import Annotated

import typer

from lenwordle.api.checks import SetupError
from lenwordle.api.practice import Practice, Refused, Row, day_of
from lenwordle.cli.checks import said
from lenwordle.cli.common import app, colour_tiles, settings_from, use_colour
from lenwordle.cli.console import fail, show
from lenwordle.cli.formatting import boards_line, capitals, plural
from lenwordle.cli.options import SettingsOptions, a_path, settings_options
from lenwordle.cli.play import read_line

# the solver's options and the word files are play's: a practice game is the game's own
NOT_PRACTISED = (
    "words",
    "answers",
    "uniform",
    "shortlist",
    "strategy",
    "width",
    "guesses",
    "exclude",
    "answers_like",
)


@app.command(name="practice")
@settings_options(leave_out=NOT_PRACTISED)
def practice_command(
    options: SettingsOptions,
    seed: Annotated[
        int | None,
        typer.Option("--seed", help="Draw the secret by this number (default: at random)."),
    ] = None,
    daily: Annotated[
        bool,
        typer.Option("--daily", help="Today's puzzle (UTC): the same secret for everyone."),
    ] = False,
    date: Annotated[
        str | None,
        typer.Option("--date", help="The daily puzzle of this day, YYYY-MM-DD."),
    ] = None,
    accepted: Annotated[
        Path | None,
        typer.Option(
            "--accepted",
            parser=a_path,
            help="Take only the guesses in this file (default: the language's words).",
        ),
    ] = None,
) -> None:
    """Practise: guess the word lenwordle picks.

    Type a guess a line; the game shows its colours. A word the game would not take is
    refused and not counted; `hint` tells the words still possible and the solver's guess.

    Example: lenwordle practice --daily --lang es   (then type a word of 5 letters)
    """
    if date is not None:
        try:
            day_of(date)
        except SetupError as error:
            fail(f"--{error}")
    settings = settings_from(**options)
    if hasattr(sys.stdin, "reconfigure"):  # a byte that is not UTF-8 is shown back, not a crash
        sys.stdin.reconfigure(encoding="utf-8", errors="surrogateescape")
    try:
        game = Practice(settings, seed, daily, date, accepted)
    except SetupError as error:
        fail(said(error).replace("accepted: ", "--accepted: "))
    try:
        _interact(game)
    except KeyboardInterrupt:
        typer.echo("", err=True)
        raise typer.Exit(130) from None


def _interact(game: Practice) -> None:
    """Run the prompt loop until the game ends or the input does."""
    rules = game.settings.variant_rules
    if not rules.plain:
        show(f"{rules.name}: {rules.about}")
    puzzle = game.when if game.seed is None else f"--seed {game.seed}"
    noun = f"{rules.noun} of {game.settings.k} {'tiles' if rules.lists else 'letters'}"
    letter = game.settings.letter  # SUTOM shows the answer's first letter
    begins = f" beginning with {capitals(letter)}" if letter else ""
    limit = plural(game.limit, "guess", "es")
    show(f"Guess the {noun}{begins} ({puzzle}, {limit}; hint for a hint).")
    while not game.done:
        show("? ", nl=False)
        sys.stdout.flush()
        line, length = read_line(sys.stdin) if sys.stdin else ("", 0)
        if line is None:  # refused unread
            show(f"the line has {length} characters, more than a guess has; not counted")
            continue
        if not line:
            show("")
            fail("end of input; the game is not finished", 1)
        text = line.strip()
        if text.lower() == "hint":
            hint = game.hint()
            told = f"; the solver would play {hint.suggestion}" if hint.suggestion else ""
            show(f"{plural(hint.count, rules.noun)} still possible{told}")
        elif text:
            try:
                show(row_line(game.guess(text)))
            except Refused as error:
                show(f"{error}; not counted")
    if game.won:
        show(f"Solved in {plural(game.turns, 'guess', 'es')}.")
    elif game.outcome == "hit":  # (Antiwordle: the answer avoided until then)
        show(f"{' '.join(game.secrets())} was the answer: {game.position.title()}.")
    else:
        answers = " ".join(game.secrets())
        show(f"Out of guesses; the answer was {answers}." if answers else "Out of guesses.")
    show(game.share())


def row_line(row: Row) -> str:
    """Return a row played: coloured letter tiles (one board of Wordle's colours), the guess
    and the game's signs (a variant's), or the boards side by side; plain marks without
    colour."""
    if len(row.replies) == 1 and set(row.replies[0] or "") <= set("gy."):
        return colour_tiles(row.guess, row.replies[0] or "")
    if len(row.replies) == 1:
        return f"{row.guess} {row.tiles}"
    if not use_colour():
        k = len(row.guess)
        return "  ".join([row.guess, *(r if r is not None else " " * k for r in row.replies)])
    return boards_line(row.guess, row.replies, str)
