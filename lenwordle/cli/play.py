"""`lenwordle score` and `lenwordle play`: the prompt loop of a game, a line at a time."""

import sys
from typing import Annotated

import typer

from lenwordle.cli import variant_run
from lenwordle.cli.common import (
    alphabet_of,
    app,
    colour_tiles,
    opened,
    settings_from,
    use_colour,
    words_alike,
    words_of,
)
from lenwordle.cli.console import (
    fail,
    show,
)
from lenwordle.cli.formatting import (
    boards_line,
)
from lenwordle.cli.options import (
    Accents,
    Lang,
    SettingsOptions,
    StartersDir,
    settings_options,
)
from lenwordle.engine.feedback import reply_for
from lenwordle.games.play import share_grid
from lenwordle.games.session import Session
from lenwordle.games.variant_session import VariantSession
from lenwordle.words.languages import DEFAULT_LANGUAGE
from lenwordle.words.quoting import quoted
from lenwordle.words.typed import plain_word


@app.command()
def score(
    guess: str,
    answers: list[str],
    lang: Lang = DEFAULT_LANGUAGE,
    accents: Accents = None,
) -> None:
    """Print a guess's feedback against each answer.

    GUESS against each ANSWER, a line each: g green, y yellow, . grey. Words of the --lang
    language, its accents folded or kept by --accents.

    Example: lenwordle score error elder  ->  g...g   (or: score крона кроны --lang ru)
    """
    guess, *answers = words_alike(
        [guess, *answers], alphabet_of({"lang": lang, "accents": accents})
    )
    for answer in answers:
        show(reply_for(guess, answer))


@app.command(name="play")
@settings_options()
def play_command(
    options: SettingsOptions,
    starters: StartersDir = None,
    start: Annotated[
        str | None,
        typer.Option(
            "--start",
            help="Force the opening guess (any word of K letters of the game).",
        ),
    ] = None,
) -> None:
    """Play interactively, guided by the solver.

    Type the colours the game showed after each suggested guess.

    Example: lenwordle play -k 11   (then answer each '> WORD' with e.g. .yy.y.gggy.)
    """
    settings = settings_from(**options)
    if hasattr(sys.stdin, "reconfigure"):  # a byte that is not UTF-8 is shown back, not a crash
        sys.stdin.reconfigure(encoding="utf-8", errors="surrogateescape")  # whatever the locale
    if settings.variant != "wordle":
        _play(variant_run.session(settings, start))
        return
    k = settings.k
    if start is not None:
        typed = plain_word(start)
        start = settings.alphabet().fold(typed)
        alphabet = settings.alphabet()
        if not words_of(alphabet, typed, start, k):
            fail(f"--start {quoted(typed)} is not a word of {k} letters {alphabet.described()}")
    first = opened(settings, starters, quiet=start is not None)
    state, solver = first.state, first.solver
    if start is None and not first.instant and sys.stderr.isatty():
        typer.echo("(computing the first guess...)", err=True)
    _play(Session(solver, state, lambda: settings.everything(state), start))


def _play(session: Session | VariantSession) -> None:
    """Run the prompt loop; Ctrl-C ends it quietly (exit 130)."""
    try:
        _interact(session)
    except KeyboardInterrupt:
        typer.echo("", err=True)
        raise typer.Exit(130) from None


MAX_INPUT_LINE = 4096  # characters of a line typed to play, its newline aside; longer is refused
DISCARD_CHUNK = 1 << 16  # characters of a refused line read at once, to be dropped


def read_line(stream, cap: int = MAX_INPUT_LINE) -> tuple[str | None, int]:
    """Return the next line of stream ('' at the end of input) and its length; for a line
    longer than cap characters (its newline aside), None and its length: the rest of it is
    read in chunks of DISCARD_CHUNK and dropped, never held whole in memory."""
    line = stream.readline(cap + 1)
    if len(line) <= cap or line.endswith("\n"):
        return line, len(line.removesuffix("\n"))
    length = len(line)
    while True:
        chunk = stream.readline(DISCARD_CHUNK)
        length += len(chunk.removesuffix("\n"))
        if not chunk or chunk.endswith("\n"):
            return None, length


def _interact(session: Session | VariantSession) -> None:
    """Run the prompt loop until solved or end of input."""
    _show_suggestion(session)
    while True:
        show("? ", nl=False)
        sys.stdout.flush()
        line, length = read_line(sys.stdin) if sys.stdin else ("", 0)
        if line is None:  # refused unread: the game is as it was
            show(
                f"the line has {length} characters, more than the {MAX_INPUT_LINE} a line may "
                "have; try again (help for help)"
            )
            continue
        if not line:
            show("")
            fail("end of input; the game is not finished", 1)
        event = session.handle(line)
        if event.scored:
            word, replies = event.scored
            if isinstance(session, VariantSession):
                show(session.scored_line(word, str(replies)))
            else:
                show(scored_line(session.shown(word), replies))
        for text in event.lines:
            show(text)
        if event.done:
            show(_share(session, event.failed))
            if event.failed:
                raise typer.Exit(1)
            return
        if event.suggestion:
            _show_suggestion(session)


def _share(session: Session | VariantSession, failed: bool) -> str:
    """Return the share grid of a finished game."""
    if isinstance(session, VariantSession):
        return session.share_grid()
    position = session.position
    limit, contrast = position.rules.limit, session.high_contrast
    return share_grid(position.history, not failed, limit, contrast)


def _show_suggestion(session: Session | VariantSession) -> None:
    """Print '> WORD (N words)' ('> WORD (120 | 34 | solved)' on several boards), or say no
    word is left to suggest."""
    counts = session.counts_text()
    if session.guess:
        show(f"> {session.shown(session.guess)} {counts}")
    else:
        show(f"no word to suggest {counts}; type WORD FEEDBACK")


def scored_line(word: str, replies) -> str:
    """Return a played guess as coloured tiles (one board) or its replies side by side: tiles
    in a terminal that takes colours, else plain marks."""
    if isinstance(replies, str):
        return colour_tiles(word, replies)
    if not use_colour():  # plain marks, as one board's (a solved board: blank)
        k = len(next(r for r in replies if r is not None))
        return "  ".join([word, *(r if r is not None else " " * k for r in replies)]).rstrip()
    return boards_line(word, replies, str)  # (word: shown already)
