"""`lenwordle practice`: lenwordle hosts a game (api/practice.py) and the player guesses, a
line at a time."""

import sys
from pathlib import Path
from typing import Annotated

import typer

from lenwordle.api import options as game_settings
from lenwordle.api.catalog import kind_named
from lenwordle.api.checks import SetupError
from lenwordle.api.practice import (
    Hint,
    Practice,
    Refused,
    Row,
    Standing,
    StatsError,
    check_statistics,
    day_of,
    last_review,
    statistics,
)
from lenwordle.cli.checks import said, stats_said
from lenwordle.cli.common import app, asked, game_options, use_colour
from lenwordle.cli.console import fail, show
from lenwordle.cli.formatting import boards_line, capitals, coloured_word, plural
from lenwordle.cli.options import SettingsOptions, a_path, settings_options
from lenwordle.cli.play import read_line
from lenwordle.cli.review_text import review_lines, variant_turn_line
from lenwordle.cli.wording import percent

# the solver's options and the word files are play's: a practice game is the game's own
SOLVER_OPTIONS = ("uniform", "shortlist", "strategy", "width", "guesses")
NOT_PRACTISED = ("words", "answers", "exclude", "answers_like", *SOLVER_OPTIONS)


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
    sutom: Annotated[
        bool,
        typer.Option("--sutom", help="SUTOM: the secret's first letter is shown (6-10 letters)."),
    ] = False,
    stats: Annotated[
        bool, typer.Option("--stats", help="Print your statistics, per game, and stop.")
    ] = False,
    review: Annotated[
        bool, typer.Option("--review", help="Review your last game played, and stop.")
    ] = False,
    data_dir: Annotated[
        Path | None,
        typer.Option(
            "--data-dir",
            parser=a_path,
            help="Keep the statistics in this directory (default: your data directory).",
        ),
    ] = None,
    high_contrast: Annotated[
        bool,
        typer.Option("--high-contrast", help="Orange and blue tiles, not green and yellow."),
    ] = False,
) -> None:
    """Practise: guess the word lenwordle picks.

    Type a guess a line; the game shows its colours. A word the game would not take is
    refused and not counted; `hint` tells the words still possible, the likeliest, the
    solver's guess and what your last guess was worth. Each finished game is kept in your
    statistics (--stats); --review reviews the last one.

    Example: lenwordle practice --daily --lang es   (then type a word of 5 letters)
    """
    if stats or review:
        _report(data_dir, stats, review)
        return
    try:
        check_statistics(data_dir)  # (a bad file is told now, before the game)
    except StatsError as error:
        fail(stats_said(error), 1)
    if date is not None:
        try:
            day_of(date)
        except SetupError as error:
            fail(f"--{error}")
    settings = asked(game_settings, **game_options(options))
    if hasattr(sys.stdin, "reconfigure"):  # a byte that is not UTF-8 is shown back, not a crash
        sys.stdin.reconfigure(encoding="utf-8", errors="surrogateescape")
    try:
        game = Practice(settings, seed, daily, date, accepted, sutom)
    except SetupError as error:
        fail(said(error))
    try:
        _interact(game, high_contrast)
    except KeyboardInterrupt:
        typer.echo("", err=True)
        raise typer.Exit(130) from None
    kept = (game.finished().game, game.settings.lang, game.settings.k)
    try:
        game.record(data_dir)
        standing = next(s for s in statistics(data_dir) if (s.game, s.lang, s.length) == kept)
    except StatsError as error:
        fail(f"the game is not kept: {stats_said(error)}", 1)
    show(standing_line(standing))
    show("Review it: lenwordle practice --review")


def _report(data_dir: Path | None, stats: bool, review: bool) -> None:
    """Print the statistics and/or the last game's review."""
    try:
        standings = statistics(data_dir) if stats else []
        last = last_review(data_dir) if review else None
    except StatsError as error:
        fail(stats_said(error), 1)
    except SetupError as error:
        fail(said(error), 1)
    if stats:
        if not standings:
            show("No game played yet.")
        for standing in standings:
            show(standing_line(standing))
            for line in distribution_lines(standing):
                show(line)
    if review:
        if last is None:
            fail("no game played yet: nothing to review", 1)
        _show_review(*last)


def standing_line(standing: Standing) -> str:
    """Return one game's statistics in a line."""
    hints = f", {plural(standing.hints, 'hint')} taken" if standing.hints else ""
    return (
        f"{standing.game}, {standing.lang}, {standing.length} letters: "
        f"{plural(standing.played, 'game')} played, {standing.win_percent} % won, "
        f"streak {standing.streak} (best {standing.best_streak}){hints}"
    )


def distribution_lines(standing: Standing) -> list[str]:
    """Return the guess distribution as a bar a number of guesses (the longest: 20 marks)."""
    most = max(standing.distribution, default=0)
    width = len(str(len(standing.distribution)))
    lines = []
    for guesses, won in enumerate(standing.distribution, 1):
        bar = "#" * (round(20 * won / most) if most else 0)
        lines.append(f"  {guesses:>{width}} {bar}{' ' if bar else ''}{won}")
    return lines


def _show_review(finished, reviews) -> None:
    """Print a recorded game's review, a board each, its turns after a hint marked."""
    record = finished.record
    game = f"{finished.game}, {finished.lang}, {finished.length} letters"
    show(f"{game} ({finished.puzzle}): {' '.join(record['secrets'])}")
    hinted = set(record["hinted"])
    played = kind_named(record["options"]["variant"])
    if played is not None and not played.rules.plain:  # (a row a turn, as the game showed it)
        (done,) = reviews
        for number, (turn, tiles) in enumerate(zip(done.turns, record["tiles"])):
            mark = "  (after a hint)" if number in hinted else ""
            show(variant_turn_line(turn, str, tiles) + mark)
        show(done.figures["verdict"])
        return
    for board, done in enumerate(reviews):
        if len(reviews) > 1:
            show(f"Board {board + 1}:")
        for line in review_lines(done, colour=use_colour()):
            head = line.split(".", 1)[0]  # (a turn's first line begins with its number)
            after_hint = head.isdigit() and int(head) - 1 in hinted
            show(line + ("  (after a hint)" if after_hint else ""))


def _interact(game: Practice, high_contrast: bool = False) -> None:
    """Run the prompt loop until the game ends or the input does."""
    rules = game.settings.variant_rules
    if not rules.plain:
        show(f"{rules.name}: {rules.about}")
    puzzle = game.when if game.seed is None else f"--seed {game.seed}"
    noun = f"{rules.noun} of {game.settings.k} {'tiles' if rules.lists else 'letters'}"
    letter = game.settings.letter  # SUTOM shows the answer's first letter
    begins = f" beginning with {game.position.display(letter)}" if letter else ""
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
            for said_line in hint_lines(game.hint(), rules.noun):
                show(said_line)
        elif text:
            try:
                show(row_line(game.guess(text), high_contrast))
            except Refused as error:
                show(f"{error}; not counted")
    if game.won:
        show(f"Solved in {plural(game.turns, 'guess', 'es')}.")
    elif game.outcome.ending == "hit":  # (Antiwordle: the answer avoided until then)
        show(f"{' '.join(game.secrets())} was the answer: {game.position.title()}.")
    else:
        shown = game.secrets()
        answers = " and ".join([", ".join(shown[:-1]), shown[-1]] if len(shown) > 1 else shown)
        were = "the answers were" if len(shown) > 1 else "the answer was"
        show(f"Out of guesses; {were} {answers}." if answers else "Out of guesses.")
    show(game.share(high_contrast))


def hint_lines(hint: Hint, noun: str) -> list[str]:
    """Return what the coach says: the words possible and the likeliest, the solver's guess,
    what the last guess was worth."""
    likeliest = ", ".join(f"{c.word} {percent(c.chance)}" for c in hint.likeliest)
    picks = f"the {plural(hint.host_words, noun)} the host picks from"
    if hint.boards > 1:
        possible = f"{hint.count} still possible on {hint.boards} boards, of {picks}"
    else:
        possible = f"{hint.count} of {picks} still possible"
    lines = [possible + (f"; likeliest {likeliest}" if likeliest else "")]
    if hint.suggestion:
        lines.append(f"the solver would play {hint.suggestion}")
    last = hint.last
    if last is not None and last.skill is not None:
        luck = "-" if last.luck is None else last.luck
        best = "the best" if last.guess == last.best_guess else f"the best then: {last.best_guess}"
        lines.append(
            f"your last guess, {last.guess}: {last.possible_before} -> "
            f"{plural(last.possible_after, noun)}, skill {last.skill}, luck {luck} ({best})"
        )
    return lines


def row_line(row: Row, high_contrast: bool = False) -> str:
    """Return a row played: coloured letter tiles (one board of Wordle's colours), the guess
    and a variant's signs, or the boards side by side; plain marks without colour."""
    if len(row.replies) == 1 and set(row.replies[0] or "") <= set("gy."):
        reply = row.replies[0] or ""
        if not use_colour():
            return f"{capitals(row.guess)} {reply}"
        return coloured_word(row.guess, reply, high_contrast)
    if len(row.replies) == 1:
        return f"{row.guess} {row.tiles}"
    if not use_colour():
        k = len(row.guess)
        return "  ".join([row.guess, *(r if r is not None else " " * k for r in row.replies)])
    return boards_line(row.guess, row.replies, str, high_contrast)
