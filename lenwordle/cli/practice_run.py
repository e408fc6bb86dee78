"""`lenwordle practice`: lenwordle hosts a game (api/practice.py) and the player guesses, a
line at a time."""

import sys
from pathlib import Path
from typing import Annotated

import typer

from lenwordle.api import options as game_settings
from lenwordle.api.catalog import kind_named, kind_of
from lenwordle.api.challenge import (
    Challenge,
    ChallengeError,
    make_challenge,
    page_path,
    practice_challenge,
    settings_of,
)
from lenwordle.api.checks import SetupError
from lenwordle.api.practice import (
    Hint,
    Kept,
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
from lenwordle.api.practice_stats import StatsFileError, export_statistics, import_statistics
from lenwordle.cli.checks import said, stats_said
from lenwordle.cli.common import app, asked, game_options, use_colour
from lenwordle.cli.console import fail, show
from lenwordle.cli.formatting import boards_line, capitals, coloured_word, plural
from lenwordle.cli.options import SettingsOptions, a_path, settings_options
from lenwordle.cli.prompt import ask
from lenwordle.cli.review_text import review_lines, variant_turn_line
from lenwordle.cli.serve import DEFAULT_HOST, DEFAULT_PORT
from lenwordle.cli.wording import percent

# the solver's options and the word files are play's: a practice game is the game's own
SOLVER_OPTIONS = ("uniform", "shortlist", "strategy", "width", "guesses")
NOT_PRACTISED = ("words", "answers", "exclude", "answers_like", *SOLVER_OPTIONS)


@app.command(name="practice")
@settings_options(leave_out=NOT_PRACTISED)
def practice_command(
    context: typer.Context,
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
    export_stats: Annotated[
        Path | None,
        typer.Option(
            "--export-stats",
            parser=a_path,
            help="Write your statistics whole to this file (JSON), and stop.",
        ),
    ] = None,
    import_stats: Annotated[
        Path | None,
        typer.Option(
            "--import-stats",
            parser=a_path,
            help="Merge the statistics of this file (--export-stats'), and stop: a game "
            "imported before is not counted again.",
        ),
    ] = None,
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
    make: Annotated[
        str | None,
        typer.Option(
            "--make-challenge",
            metavar="WORD",
            help="Print a code (and a page link) a friend plays: this game hiding WORD (a "
            "word a board, apart by commas; Xordle's two), and stop.",
        ),
    ] = None,
    challenge: Annotated[
        str | None,
        typer.Option(
            "--challenge",
            metavar="CODE",
            help="Play the challenge of this code: its game, length, language and word.",
        ),
    ] = None,
) -> None:
    """Practise: guess the word lenwordle picks.

    Type a guess a line; the game shows its colours. A word the game would not take is
    refused and not counted; `hint` tells the words still possible, the likeliest, the
    solver's guess and what your last guess was worth. Each finished game is kept in your
    statistics (--stats); --review reviews the last one. The daily puzzle counts once a
    day: played again, it is practice, counted nowhere.

    Example: lenwordle practice --daily --lang es   (then type a word of 5 letters)
    """
    if make is not None or challenge is not None:
        moving = export_stats is not None or import_stats is not None
        _refuse_beside_challenge(make, challenge, stats, review, moving)
    if make is not None:
        _make(context, make, options, sutom)
        return
    if export_stats is not None or import_stats is not None:
        _move_statistics(data_dir, export_stats, import_stats)
        return
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
    if challenge is None:
        settings = asked(game_settings, **game_options(options))
    if hasattr(sys.stdin, "reconfigure"):  # a byte that is not UTF-8 is shown back, not a crash
        sys.stdin.reconfigure(encoding="utf-8", errors="surrogateescape")
    try:
        if challenge is not None:
            puzzle = {"seed": seed, "daily": daily, "date": date, "accepted": accepted}
            stated = game_options(_given(context, options | puzzle | {"sutom": sutom}))
            game = practice_challenge(challenge, **stated)
            assert game.challenge is not None
            show(f"A challenge: {challenge_game(game.challenge)}.")
        else:
            game = Practice(settings, seed, daily, date, accepted, sutom)
    except (SetupError, ChallengeError) as error:
        fail(said(error))
    try:
        told = KEPT_SAID.get(game.kept_as(data_dir))
    except StatsError as error:
        fail(stats_said(error), 1)
    if told:
        show(told)
    try:
        _interact(game, high_contrast)
    except KeyboardInterrupt:
        typer.echo("", err=True)
        raise typer.Exit(130) from None
    key = (game.finished().game, game.settings.lang, game.settings.k, game.seed is None)
    try:
        kept = game.record(data_dir)
        standings = statistics(data_dir)
    except StatsError as error:
        fail(f"the game is not kept: {stats_said(error)}", 1)
    if kept is Kept.REPLAY:
        show("Not counted: you finished this puzzle before (a replay is practice).")
    for standing in standings:
        if (standing.game, standing.lang, standing.length, standing.daily) == key:
            show(standing_line(standing))
    show("Review it: lenwordle practice --review")


def _refuse_beside_challenge(
    make: str | None, challenge: str | None, stats: bool, review: bool, moving: bool
) -> None:
    """Exit with one line for what cannot go with --make-challenge or --challenge (moving:
    --export-stats or --import-stats)."""
    if make is not None and challenge is not None:
        fail("give --make-challenge or --challenge, not both")
    given = "--make-challenge" if make is not None else "--challenge"
    if stats or review:
        fail(f"--{'stats' if stats else 'review'} prints and stops: not with {given}")
    if moving:
        fail(f"--export-stats and --import-stats move statistics: not with {given}")


def _given(context: typer.Context, values: dict[str, object]) -> dict[str, object]:
    """Return the options of values the command line gave (not left at their defaults)."""
    return {name: v for name, v in values.items() if given(context, name)}


def given(context: typer.Context, name: str) -> bool:
    """Return whether the command line gave an option (not left at its default)."""
    source = context.get_parameter_source(name)
    return source is not None and source.name in ("COMMANDLINE", "ENVIRONMENT")


def _make(context: typer.Context, word: str, options: SettingsOptions, sutom: bool) -> None:
    """Print the challenge of word in the game of options: its code, how to play it."""
    for name in ("seed", "daily", "date", "accepted"):
        if given(context, name):
            fail(f"--{name} is for a game lenwordle draws: not with --make-challenge")
    try:
        made = make_challenge(word, sutom=sutom, **game_options(options))
    except (SetupError, ChallengeError) as error:
        fail(said(error))
    show(f"A challenge: {challenge_game(made)}.")
    show(f"Code: {made.code}")
    show(f"Play it: lenwordle practice --challenge {made.code}")
    link = f"http://{DEFAULT_HOST}:{DEFAULT_PORT}{page_path(made.code)}"
    show(f"or on the page (lenwordle serve): {link}")


def challenge_game(made: Challenge) -> str:
    """Return a challenge's game in words (never its words): 'Fibble, Spanish, 5 letters,
    hard mode, accents kept, first letter shown'."""
    settings = settings_of(made)
    kind = kind_of(settings)
    tiles = plural(made.length, "tile" if kind.own_words else "letter")
    parts = [kind.label, *([] if kind.own_words else [settings.language.name]), tiles]
    if made.boards > 1:
        parts.append(plural(made.boards, "board"))
    if made.hard:
        parts.append("hard mode")
    if made.max_guesses is not None:
        parts.append(f"at most {plural(made.max_guesses, 'guess', 'es')}")
    if made.accents != settings.language.default:
        rule = {"keep": "accents kept", "fold": "accents folded"}
        parts.append(rule.get(made.accents, f"accent rule {made.accents}"))
    return ", ".join(parts)


# what the player is told of how the game will count, before it (a game of a seed: nothing)
KEPT_SAID = {
    Kept.REPLAY: "You finished this puzzle before: this game is practice, counted nowhere.",
    Kept.OTHER_DAY: "Another day's puzzle: counted in your daily figures, not your streak.",
}


def _move_statistics(data_dir: Path | None, export: Path | None, source: Path | None) -> None:
    """Write the statistics to a file, and/or merge those of one."""
    try:
        if source is not None:
            merged = import_statistics(source, data_dir)
            uncounted = f", {merged.uncounted} counted nowhere" if merged.uncounted else ""
            show(
                f"Imported {plural(merged.added, 'game')} from {source} "
                f"({merged.known} kept already{uncounted})."
            )
        if export is not None:
            written = export_statistics(export, data_dir)
            show(f"Wrote {plural(written, 'game')} to {export}.")
    except StatsFileError as error:
        fail(str(error), 1)
    except StatsError as error:
        fail(stats_said(error), 1)


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
    if standing.daily:  # (its streak: days in a row)
        played = f"{plural(standing.played, 'daily puzzle')} played"
        streak = f"daily streak {plural(standing.streak, 'day')}"
    else:
        played = f"{plural(standing.played, 'game')} played"
        streak = f"streak {standing.streak}"
    return (
        f"{standing.game}, {standing.lang}, {standing.length} letters: {played}, "
        f"{standing.win_percent} % won, {streak} (best {standing.best_streak}){hints}"
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
        line, length = ask("? ")
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
