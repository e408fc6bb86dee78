"""`lenwordle score` and `lenwordle play`: the prompt loop of a game, a line at a time."""

import sys
from typing import Annotated

import typer

from lenwordle.api import DEFAULT_LANGUAGE, Game, replies
from lenwordle.cli.common import app, asked, called, colour_tiles, game_options, use_colour
from lenwordle.cli.console import fail, show
from lenwordle.cli.formatting import boards_line
from lenwordle.cli.options import Accents, Lang, SettingsOptions, StartersDir, settings_options
from lenwordle.cli.prompt import MAX_INPUT_LINE, ask
from lenwordle.cli.wording import lines_of, status


@app.command()
def score(
    guess: str, answers: list[str], lang: Lang = DEFAULT_LANGUAGE, accents: Accents = None
) -> None:
    """Print a guess's feedback against each answer.

    GUESS against each ANSWER, a line each: g green, y yellow, . grey. Words of the --lang
    language, its accents folded or kept by --accents.

    Example: lenwordle score error elder  ->  g...g   (or: score крона кроны --lang ru)
    """
    for reply in asked(replies, guess, *answers, lang=lang, accents=accents):
        show(reply)


@app.command(name="play")
@settings_options()
def play_command(
    options: SettingsOptions,
    starters: StartersDir = None,
    start: Annotated[
        str | None,
        typer.Option(
            "--start", help="Force the opening guess (any word of K letters of the game)."
        ),
    ] = None,
) -> None:
    """Play interactively, guided by the solver.

    Type the colours the game showed after each suggested guess.

    Example: lenwordle play -k 11   (then answer each '> WORD' with e.g. .yy.y.gggy.)
    """
    if hasattr(sys.stdin, "reconfigure"):  # a byte that is not UTF-8 is shown back, not a crash
        sys.stdin.reconfigure(encoding="utf-8", errors="surrogateescape")  # whatever the locale
    game = called(Game, start=start, starters=starters, **game_options(options))
    if game.about:
        show(game.about)
    try:
        _interact(game)
    except KeyboardInterrupt:  # Ctrl-C ends the game quietly
        typer.echo("", err=True)
        raise typer.Exit(130) from None


def _interact(game: Game) -> None:
    """Run the prompt loop until the game ends or the input does."""
    _show_suggestion(game)
    while True:
        line, length = ask("? ")
        if line is None:  # refused unread: the game is as it was
            show(
                f"the line has {length} characters, more than the {MAX_INPUT_LINE} a line may "
                "have; try again (help for help)"
            )
            continue
        if not line:
            show("")
            fail("end of input; the game is not finished", 1)
        said = game.handle(line)
        if said.taken:
            marks = said.taken.marks
            show(scored_line(game, said.taken.word, marks[0] if len(marks) == 1 else marks))
        for text in lines_of(game, said.events):
            show(text)
        if said.ended:
            show(game.share())
            if said.ended.outcome.ending == "out":
                raise typer.Exit(1)
            return
        if said.suggestion:
            _show_suggestion(game)


def _show_suggestion(game: Game) -> None:
    """Print '> WORD (N words)', or say no word is left to suggest."""
    if game.suggestion:
        show(f"> {game.suggestion} {status(game)}")
    else:
        show(f"no known word fits or splits what is left {status(game)}; type WORD FEEDBACK")


def scored_line(game: Game, word: str, replies) -> str:
    """Return a played guess as the game shows its row (Wordle's tiles, coloured where the
    terminal takes colours; a variant's arrows or counts; several boards side by side)."""
    shown = game.shown(word)
    if isinstance(replies, str):
        if set(replies) <= set("gy."):
            return colour_tiles(shown, replies)
        return f"{shown} {game.tiles(replies)}"
    if not use_colour():  # plain marks, as one board's (a solved board: blank)
        k = len(next(r for r in replies if r is not None))
        return "  ".join([shown, *(r if r is not None else " " * k for r in replies)]).rstrip()
    return boards_line(shown, replies, str)  # (word: shown already)
