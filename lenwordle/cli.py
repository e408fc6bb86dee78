"""The command line: each command parses, calls the library, and formats."""

import json
import os
import sys
import time
from pathlib import Path
from typing import Annotated, Optional

import typer

from lenwordle.game import Session, play, share_grid
from lenwordle.patterns import reply_for, tiles
from lenwordle.settings import Settings
from lenwordle.strategies import DEFAULT_SHORTLIST, DEFAULT_STRATEGY, STRATEGIES
from lenwordle.wordlist import LETTERS, WordListError, bundled

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="An approximate, low-memory Wordle solver for words of any length.")

Length = Annotated[int, typer.Option("-k", "--length", help="Word length.")]
Words = Annotated[Optional[Path], typer.Option("--words", help="Allowed guesses: a file, one word a line.")]
Answers = Annotated[Optional[Path], typer.Option("--answers", help="Possible answers: a file, one word a line (uniform).")]
Uniform = Annotated[bool, typer.Option("--uniform", help="Treat every word as equally likely (no commonness prior).")]
Shortlist = Annotated[float, typer.Option("--shortlist", help="Percent of words scored exactly (100 = all).")]
Strategy = Annotated[str, typer.Option("--strategy", help=f"One of: {', '.join(STRATEGIES)}.")]
Hard = Annotated[bool, typer.Option("--hard", help="Hard mode: every guess uses all revealed hints.")]
Width = Annotated[int, typer.Option("--width", help="lookahead: words given the two-step search.")]
Json = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]


def fail(message: str, code: int = 2) -> None:
    """Print a one-line error to stderr and exit."""
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


def settings_from(k, words, answers, uniform, shortlist, strategy, hard, width) -> Settings:
    """Return Settings, or exit with the one-line reason they are wrong."""
    try:
        return Settings(k, words, answers, uniform, shortlist, strategy, hard, width)
    except WordListError as error:
        fail(str(error))


def colour_tiles(word: str, reply: str) -> str:
    """Return the guess as coloured letter tiles for a terminal, or plain text if colour is off."""
    if os.environ.get("NO_COLOR") or not sys.stdout.isatty():
        return f"{word.upper()} {reply}"
    colours = {"g": "42", "y": "43", ".": "100"}
    return "".join(f"\x1b[1;97;{colours[m]}m {ch.upper()} \x1b[0m" for ch, m in zip(word, reply))


@app.command()
def score(guess: str, answers: list[str]) -> None:
    """Print the feedback (g green, y yellow, . grey) of GUESS against each ANSWER.

    Example: lenwordle score error elder  ->  g...g
    """
    for word in (guess, *answers):
        if not LETTERS.fullmatch(word.lower()):
            fail(f"{word!r} is not a word of letters a-z")
        if len(word) != len(guess):
            fail(f"{word!r} has {len(word)} letters, {guess!r} has {len(guess)}")
    for answer in answers:
        typer.echo(reply_for(guess.lower(), answer.lower()))


@app.command(name="play")
def play_command(
    k: Length = 5, words: Words = None, answers: Answers = None, uniform: Uniform = False,
    shortlist: Shortlist = DEFAULT_SHORTLIST, strategy: Strategy = DEFAULT_STRATEGY,
    hard: Hard = False, width: Width = 8,
    start: Annotated[Optional[str], typer.Option("--start", help="Force the opening guess.")] = None,
) -> None:
    """Play interactively: type the colours the game showed after each suggested guess.

    Example: lenwordle play -k 11   (then answer each '> WORD' with e.g. .yy.y.gggy.)
    """
    settings = settings_from(k, words, answers, uniform, shortlist, strategy, hard, width)
    state, solver = _load(settings)
    if start is not None:
        start = start.lower()
        if len(start) != k or not LETTERS.fullmatch(start):
            fail(f"--start {start!r} is not a word of {k} letters a-z")
    began = time.monotonic()
    if start is None and sys.stderr.isatty():
        typer.echo("(computing the first guess...)", err=True)
    session = Session(solver, state, _known_words(k), start)
    del began
    try:
        _interact(session)
    except KeyboardInterrupt:
        typer.echo("", err=True)
        raise typer.Exit(130)


def _interact(session: Session) -> None:
    """Run the prompt loop until solved or end of input."""
    _show_suggestion(session)
    while True:
        typer.echo("? ", nl=False)
        sys.stdout.flush()
        line = sys.stdin.readline()
        if not line:
            typer.echo("")
            fail("end of input; the game is not finished", 1)
        event = session.handle(line)
        if event.scored:
            typer.echo(colour_tiles(*event.scored))
        for text in event.lines:
            typer.echo(text)
        if event.done:
            typer.echo(share_grid(session.state.history, True))
            return
        if event.suggestion:
            _show_suggestion(session)


def _show_suggestion(session: Session) -> None:
    """Print '> WORD (N words)', or say no word is left to suggest."""
    n = session.count
    if session.guess:
        typer.echo(f"> {session.guess.upper()} ({n} word{'s' if n != 1 else ''})")
    else:
        typer.echo(f"no word left to suggest ({n} possible); type WORD FEEDBACK")


@app.command()
def solve(
    answer: str, words: Words = None, answers: Answers = None, uniform: Uniform = False,
    shortlist: Shortlist = DEFAULT_SHORTLIST, strategy: Strategy = DEFAULT_STRATEGY,
    hard: Hard = False, width: Width = 8, json_out: Json = False,
) -> None:
    """Play the solver against a known ANSWER and show each guess.

    Example: lenwordle solve crane --json
    """
    answer = answer.lower()
    if not LETTERS.fullmatch(answer):
        fail(f"{answer!r} is not a word of letters a-z")
    settings = settings_from(len(answer), words, answers, uniform, shortlist, strategy, hard, width)
    state, solver = _load(settings)
    if answer not in state.answers:
        fail(f"{answer.upper()} is not in the {'answer' if answers else 'word'} list")
    history = play(solver, state, answer)
    solved = bool(history) and history[-1][0] == answer
    if json_out:
        typer.echo(json.dumps({"answer": answer, "solved": solved, "guesses":
                               [{"word": w, "feedback": r} for w, r in history]}))
        return
    for word, reply in history:
        typer.echo(f"{word.upper()} {tiles(reply)}")
    typer.echo(f"Solved in {len(history)} guesses." if solved else f"Not solved in {len(history)} guesses.")


def _load(settings: Settings):
    """Return (opening state, solver) or exit with the reason."""
    try:
        return settings.state(), settings.solver()
    except (WordListError, ValueError) as error:
        fail(str(error))


def _known_words(k: int) -> set[str]:
    """Return every bundled word of length k, at any level (accepted when typed)."""
    try:
        return set(bundled(k, 95).words.to_pylist())
    except WordListError:
        return set()


def main() -> None:
    """Run the CLI; a closed stdout ends quietly."""
    try:
        app()
    except BrokenPipeError:
        sys.stderr.close()
        os._exit(1)
