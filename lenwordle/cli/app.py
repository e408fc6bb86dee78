"""The command line: each command parses, calls the library, and formats.

Over 300 lines: every command's typer signature (its options and help) is here, as typer
registers them; the longest commands' work is in bench_run and tree_run.
"""

import contextlib
import errno
import os
import shutil
import signal
import sys
from dataclasses import replace
from pathlib import Path
from typing import Annotated, NoReturn

import typer

from lenwordle.api.setup import Settings, longest_length
from lenwordle.cli import bench_run, tree_run
from lenwordle.cli.checks import at_least_one
from lenwordle.cli.console import (
    OutputError,
    drop_stdout,
    fail,
    guard_stdout,
    note,
    show,
    takes_escapes,
    warn,
)
from lenwordle.cli.formatting import (
    bench_lines,
    boards_line,
    capitals,
    coloured_word,
    folder_problem,
    game_lines,
    language_lines,
    precompute_failure,
    precomputed_lines,
    review_lines,
    starter_lines,
    tree_lines,
)
from lenwordle.cli.options import (
    Accents,
    App,
    ExactShortlist,
    Json,
    Lang,
    Length,
    SettingsOptions,
    StartersDir,
    StarterStrategy,
    TreeWidth,
    Workers,
    a_path,
    settings_options,
)
from lenwordle.cli.serve import serve_command
from lenwordle.engine.feedback import parse_reply, reply_for
from lenwordle.engine.workers import (
    WorkerError,
    catch_signals,
    default_workers,
    stop_notes,
    stopped_by,
)
from lenwordle.games import bench as benchmark
from lenwordle.games.play import share_grid, solve_game
from lenwordle.games.review import Turn, review, solver_guesses, summary, turns_against
from lenwordle.games.session import Session
from lenwordle.search import besttree
from lenwordle.search.optimal import DEFAULT_WIDTH
from lenwordle.store import starters as starter_files
from lenwordle.store import treefiles
from lenwordle.store.precompute import FolderError, precompute
from lenwordle.strategies.registry import DEFAULT_STRATEGY, STRATEGIES, make
from lenwordle.words.alphabet import ENGLISH, Alphabet
from lenwordle.words.files import BadFile, destination
from lenwordle.words.langlists import MAX_GAME_LENGTH, MIN_GAME_LENGTH, language_counts
from lenwordle.words.languages import DEFAULT_LANGUAGE, LANGUAGES, Language
from lenwordle.words.letters import MAX_LENGTH
from lenwordle.words.quoting import quoted
from lenwordle.words.typed import plain_word
from lenwordle.words.wordlist import (
    MIN_LENGTH,
    WordListError,
    bundled_count,
    bundled_lengths,
    check_length,
)

app = App(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="An approximate, low-memory Wordle solver for words of any length.",
)


def words_alike(words: list[str], alphabet: Alphabet = ENGLISH) -> list[str]:
    """Return the words as the game has them (made plain as typed text is, lower case,
    folded), or exit saying which is not a word of the game's letters or not as long as the
    first."""
    words = [plain_word(word) for word in words]
    folded = [alphabet.fold(word) for word in words]
    for word, typed in zip(folded, words):
        if not alphabet.is_word(word) or not alphabet.typed_plainly(typed):
            fail(f"{quoted(typed)} is not a word of letters {alphabet.described()}")
        if len(word) != len(folded[0]):
            fail(
                f"{quoted(typed)} has {len(word)} letters, {quoted(words[0])} has {len(folded[0])}"
            )
    return folded


def words_of(alphabet: Alphabet, typed: str, word: str, k: int) -> bool:
    """Return whether typed (folded: word) is a word of k of the alphabet's letters."""
    return len(word) == k and alphabet.is_word(word) and alphabet.typed_plainly(typed)


def alphabet_of(options: SettingsOptions) -> Alphabet:
    """Return the alphabet of the asked language and accent rule, or exit saying why not."""
    try:
        return Settings(lang=options["lang"], accents=options["accents"]).alphabet()
    except WordListError as error:
        fail(str(error))


def settings_from(**options) -> Settings:
    """Return the Settings of these options, or exit with the one-line reason they are wrong."""
    try:
        return Settings(**options)
    except WordListError as error:
        fail(str(error))


def use_colour() -> bool:
    """Return whether stdout takes colours: a terminal that understands them (TERM neither
    dumb nor unset), and NO_COLOR unset."""
    return not os.environ.get("NO_COLOR") and takes_escapes(sys.stdout)


def colour_tiles(word: str, reply: str) -> str:
    """Return the guess as coloured letter tiles for a terminal, or plain text if colour is off."""
    return coloured_word(word, reply) if use_colour() else f"{capitals(word)} {reply}"


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
    k = settings.k
    if start is not None:
        typed = plain_word(start)
        start = settings.alphabet().fold(typed)
        alphabet = settings.alphabet()
        if not words_of(alphabet, typed, start, k):
            fail(f"--start {quoted(typed)} is not a word of {k} letters {alphabet.described()}")
    if hasattr(sys.stdin, "reconfigure"):  # a byte that is not UTF-8 is shown back, not a crash
        sys.stdin.reconfigure(encoding="utf-8", errors="surrogateescape")  # whatever the locale
    first = opened(settings, starters, quiet=start is not None)
    state, solver = first.state, first.solver
    computes = not solver.instant(state)
    if start is None and computes and sys.stderr.isatty():
        typer.echo("(computing the first guess...)", err=True)
    session = Session(solver, state, lambda: settings.everything(state), start)
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


def _interact(session: Session) -> None:
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
            show(scored_line(session.shown(word), replies))
        for text in event.lines:
            show(text)
        if event.done:
            position = session.position
            limit, contrast = position.rules.limit, session.high_contrast
            show(share_grid(position.history, not event.failed, limit, contrast))
            if event.failed:
                raise typer.Exit(1)
            return
        if event.suggestion:
            _show_suggestion(session)


def _show_suggestion(session: Session) -> None:
    """Print '> WORD (N words)' ('> WORD (120 | 34 | solved)' on several boards), or say no
    word is left to suggest."""
    counts = session.counts_text()
    if session.guess:
        show(f"> {session.shown(session.guess)} {counts}")
    else:
        show(f"no word to suggest {counts}; type WORD FEEDBACK")


def scored_line(word: str, replies) -> str:
    """Return a played guess as coloured tiles (one board) or its replies side by side."""
    if isinstance(replies, str):
        return colour_tiles(word, replies)
    return boards_line(word, replies, str)  # (word: shown already)


@app.command()
@settings_options(leave_out=("k",))  # the answers' length
def solve(
    secret: Annotated[
        list[str] | None,
        typer.Argument(metavar="[ANSWERS]...", help="The secret word, one per board."),
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
    words = words_alike(secret or [], alphabet_of(options))
    if options["boards"] < 1:
        fail(f"--boards must be at least 1, not {options['boards']}")
    if options["absurdle"] and words:
        fail("--absurdle has no answer to give: the host keeps the largest group")
    if not options["absurdle"] and not words:
        fail("give the secret word (one per board), or --absurdle")
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
    game = solve_game(
        first.solver,
        first.state,
        words or None,
        settings.everything(first.state),
        stop_at_limit=True,  # a game whose rules end it at the limit ends there
    )
    for line in game_lines(game, json_out, first.state.allowed.display):
        show(line)
    if not game.won:
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
    answer, turns, refusals = parse_played(played, alphabet_of(options))
    settings = settings_from(k=len(turns[0][0]), **options)
    if answer is not None and settings.first_letter_problem(answer):
        fail(settings.first_letter_problem(answer))
    first = opened(settings, starters)
    try:
        reviews = review(first.state, first.solver, turns, refusals)
    except ValueError as error:  # a turn after the solve, or feedback no word could give
        fail(str(error))
    own = None
    if answer is not None:  # lenwordle's own game on the answer, as `solve` plays it
        own = solver_guesses(first.solver, first.state, answer, settings.everything(first.state))
    rules = settings.rules()  # a limit holds when --max-guesses gives it, as in `solve`
    figures = summary(reviews, own, rules.limit if rules.strict else None)
    display = first.state.allowed.display
    lines = review_lines(answer, reviews, figures, json_out, use_colour(), display)
    for line in lines:
        show(line)


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


def usable_workers(workers: int) -> int:
    """Return --workers, checked and capped at the cores (more processes only compete for them)."""
    at_least_one("--workers", workers)
    cores = default_workers()
    if workers > cores:
        note(
            f"--workers {workers} is more than the {cores} core{'s' if cores != 1 else ''} "
            f"this process may use; using {cores}"
        )
        return cores
    return workers


def opened(
    settings: Settings,
    starters: Path | None,
    quiet=False,
    in_file_order=False,
    own_progress=False,
):
    """Return the game the settings open, after telling what the player should know (the
    skipped lines of word files; unless quiet, why no stored opener is used); or exit.
    own_progress: the command shows its own progress bar, so the strategy's searches do not
    draw a line of theirs over it."""
    try:
        first = settings.open(
            starters,
            in_file_order,
            announce=None if quiet else note,
            # the progress line redraws itself (\r, \x1b[K): not on a dumb terminal
            progress=None if quiet or not takes_escapes(sys.stderr) else _tree_progress,
        )
    except (WordListError, ValueError) as error:
        fail(str(error))
    warn(first.skipped)
    if not quiet and not own_progress:  # a strategy whose choices take long tells them
        first = replace(first, solver=first.solver.with_progress(_tree_progress))
    if first.no_opener and not quiet:
        note(first.no_opener)
    return first


def spelled(jobs: list[Settings], word: str) -> str:
    """Return an opener of one of the jobs (of its length) as the player reads it: in the
    language's capitals, as its dictionary spells it (SERÍA, KİTAP)."""
    job = next((job for job in jobs if job.k == len(word)), None)
    if job is None or job.lang == DEFAULT_LANGUAGE:
        return word.upper()
    try:
        return job.allowed().display(word)
    except WordListError:
        return job.alphabet().upper(word)


def parse_lengths(text: str, longest: int) -> list[int]:
    """Return the lengths of '4-11' or '5,7,9', none above longest; exit with a message if not."""
    try:
        ranges = []
        for part in text.split(","):
            low, _, high = part.strip().partition("-")
            ranges.append((int(low), int(high or low)))
    except ValueError:
        fail(f"--lengths {quoted(text)}: use a range like 4-11 or a list like 5,6,7")
    if any(low > high for low, high in ranges):
        fail(
            f"--lengths {quoted(text)}: an empty range; write the smaller length first, as in 4-11"
        )
    if min(low for low, _ in ranges) < MIN_LENGTH:
        fail(f"--lengths {quoted(text)}: a word has at least {MIN_LENGTH} letters")
    if max(high for _, high in ranges) > longest:
        fail(
            f"--lengths {quoted(text)}: no word may be longer than {longest} letters"
            f"{'' if longest == MAX_LENGTH else ' in the bundled dictionary'}"
        )
    return sorted({k for low, high in ranges for k in range(low, high + 1)})


@app.command(name="precompute-starters")
@settings_options(
    leave_out=("k", "hard", "boards", "max_guesses", "absurdle", "exclude"),
    shortlist=(ExactShortlist, 100.0),
    strategy=(StarterStrategy, DEFAULT_STRATEGY),
)
def precompute_starters(
    options: SettingsOptions,
    lengths: Annotated[
        str, typer.Option("--lengths", help="A range (4-11) or a list (5,6,7).")
    ] = "4-11",
    out: Annotated[
        Path | None,
        typer.Option(
            "--out", parser=a_path, help="Folder to write (default: the bundled starters/)."
        ),
    ] = None,
    workers: Workers = default_workers(),
) -> None:
    """Compute the best openers for each length.

    One JSON file per length; every word is scored exactly unless --shortlist says otherwise
    (about 80 s for 4-11 on two cores). A file serves play, solve and bench at any shortlist
    up to its own.

    Example: lenwordle precompute-starters --lengths 5 --shortlist 3
    """
    from rich.progress import Progress

    if options["strategy"] in STRATEGIES and not make(options["strategy"]).stores_opener:
        fail(f"--strategy {options['strategy']} has no starter file: it plans its own games")
    workers = usable_workers(workers)
    try:
        folder = out or settings_from(**options).starters_folder()
        longest = longest_length(options["words"])
    except WordListError as error:
        fail(str(error))
    asked = parse_lengths(lengths, longest)
    missing = [] if options["words"] else sorted(set(asked) - set(known_lengths(options)))
    if missing:
        fail(
            f"--lengths {quoted(lengths)}: the bundled dictionary has no words of "
            f"{', '.join(map(str, missing))} letters"
        )
    jobs = [settings_from(k=k, **options) for k in asked]  # starter files are for normal mode
    with Progress(transient=True, disable=not takes_escapes(sys.stderr)) as bar:
        tasks = {job.k: bar.add_task(f"{job.k} letters", total=None) for job in jobs}
        try:
            report = precompute(
                jobs,
                folder,
                workers,
                lambda k, done, total: bar.update(tasks[k], completed=done, total=total),
            )
        except FolderError as problem:  # found before computing
            fail(f"cannot write {folder}: {folder_problem(problem.error, folder)}")
    warn(report.skipped)
    for line in precomputed_lines(report, lambda word: spelled(jobs, word)):
        show(line)
    failure = precompute_failure(report)
    if failure:
        fail(*failure)


@app.command(name="starters")
def show_starters(
    k: Length = 5,
    starters: StartersDir = None,
    lang: Lang = DEFAULT_LANGUAGE,
    accents: Accents = None,
) -> None:
    """Show the stored opening words for a length.

    The openers for length K, best first (of the language's accent rule, with --accents).

    Example: lenwordle starters -k 6 --lang de --accents ss
    """
    try:
        settings = Settings(k, lang=lang, accents=accents)
        folder = starters or settings.starters_folder()
        check_length(k)
        record = starter_files.read(folder, k, settings.alphabet())
    except (WordListError, starter_files.StarterError) as error:
        fail(str(error))
    display = settings.allowed().display if settings.lang != DEFAULT_LANGUAGE else str.upper
    for line in starter_lines(k, record, display):
        show(line)


@app.command(name="languages")
def show_languages() -> None:
    """List the languages and their accent rules.

    Example: lenwordle languages
    """
    try:
        show("\n".join(language_lines(LANGUAGES.values(), words_per_length)))
    except WordListError as error:
        fail(str(error))


def known_lengths(options: SettingsOptions) -> list[int]:
    """Return the lengths the bundled lists of the asked language have words of."""
    if options["lang"] == DEFAULT_LANGUAGE:
        return bundled_lengths()
    return list(range(MIN_GAME_LENGTH, MAX_GAME_LENGTH + 1))


def words_per_length(lang: Language) -> dict[int, int]:
    """Return the game words of each length 4-11 of a language, by its default rule."""
    if lang.code == DEFAULT_LANGUAGE:
        return {k: bundled_count(k) for k in range(MIN_GAME_LENGTH, MAX_GAME_LENGTH + 1)}
    return language_counts(lang)


@app.command(name="bench")
@settings_options()
def bench_command(
    options: SettingsOptions,
    targets: Annotated[
        Path | None,
        typer.Option(
            "--targets",
            parser=a_path,
            help="Secret words to play, in the file's order (default: the --answers list, or "
            f"the {benchmark.DEFAULT_TARGETS} likeliest words of the dictionary by the prior, "
            "likeliest first).",
        ),
    ] = None,
    limit: Annotated[
        int | None,
        typer.Option(
            "--limit",
            help="Play only the first N targets (as the file lists them; by default, the N "
            "likeliest words).",
        ),
    ] = None,
    accepted: Annotated[
        Path | None,
        typer.Option(
            "--accepted",
            parser=a_path,
            help="The simulated game refuses any guess not in this file, "
            "as a player's blank line does (refused if it has none of the guesses the solver "
            "may suggest; a warning under 10% of them).",
        ),
    ] = None,
    games: Annotated[
        int | None,
        typer.Option("--games", help="With --boards: games to play (default 100)."),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option("--seed", help="With --boards: the seed that draws each game's words (0)."),
    ] = None,
    starters: StartersDir = None,
    json_out: Json = False,
    workers: Workers = default_workers(),
) -> None:
    """Play the solver against many secret words.

    It reports guesses, failures and speed. Without --targets or --answers, the targets are
    a sample: the likeliest words of the dictionary by the prior (its levels and word
    frequencies), the likeliest first. With --boards N, each game has N distinct targets
    drawn with --seed; with --absurdle, the one game against the adversary is played.

    Example: lenwordle bench --targets answers.txt --accepted guesses.txt
    """
    settings = settings_from(**options)
    if limit is not None:
        at_least_one("--limit", limit)
    ask = bench_run.asked(
        settings,
        workers=usable_workers(workers),
        targets=targets,
        limit=limit,
        accepted=accepted,
        games=games,
        seed=seed,
    )
    first = opened(settings, starters, in_file_order=True, own_progress=True)
    result = bench_run.played(settings, first, ask)
    for line in bench_lines(result.as_dict(), ask.accepted is not None, json_out):
        show(line)


@app.command(name="tree")
@settings_options(
    leave_out=("uniform", "shortlist", "strategy", "width", "boards", "absurdle", "exclude")
)
def tree_command(
    options: SettingsOptions,
    start: Annotated[
        str | None, typer.Option("--start", help="The opener (default: the best of --openers).")
    ] = None,
    openers: Annotated[
        int, typer.Option("--openers", help="Without --start: how many openers to search.")
    ] = besttree.DEFAULT_OPENERS,
    width: TreeWidth = str(DEFAULT_WIDTH),
    out: Annotated[
        Path | None,
        typer.Option("--out", parser=a_path, help="Also write the tree to this JSON file."),
    ] = None,
    text: Annotated[
        bool, typer.Option("--text", help="Print each answer with its path of guesses.")
    ] = False,
    trees: Annotated[
        Path | None,
        typer.Option(
            "--trees",
            parser=a_path,
            help="Folder to store the tree in (default: the one the optimal strategy of play, "
            "solve and bench reads).",
        ),
    ] = None,
    scheduler: Annotated[
        str | None,
        typer.Option("--scheduler", help="Search the openers on this Dask cluster (address)."),
    ] = None,
    workers: Workers = default_workers(),
) -> None:
    """Find the decision tree of fewest guesses.

    The tree of fewest total guesses over all answers (Ctrl-C keeps the best so far): it
    prints its figures and stores the tree where the optimal strategy of play, solve and
    bench finds it (or in --trees).

    Example: lenwordle tree --words guesses.txt --answers answers.txt --start salet
    """
    settings = settings_from(**options)
    search_width = _tree_width(width)
    at_least_one("--openers", openers)
    if start is not None:
        alphabet, start = settings.alphabet(), plain_word(start)
        if not words_of(alphabet, start, alphabet.fold(start), settings.k):
            fail(
                f"--start {quoted(start)} is not a word of {settings.k} letters "
                f"{alphabet.described()}"
            )
        start = alphabet.fold(start)
    ask = tree_run.TreeAsk(search_width, usable_workers(workers), start, openers, scheduler)
    tree_run.check_options(settings, ask)
    folder = trees or treefiles.default_dir()
    if out is not None:
        _tree_destination(out, "--out")
    state = tree_run.opening_state(settings, ask)
    stored = treefiles.path_for(folder, state, search_width)
    _tree_destination(stored, "--trees" if trees else "the tree folder")
    result = tree_run.searched(
        state, ask, lambda done, total, about: _tree_progress(done, total, about), settings
    )
    paths = [out] + ([stored] if result.complete else [])  # a tree cut short is not stored
    unwritten = tree_run.unwritten(treefiles.record_of(state, result), paths)
    for line in tree_lines(result, text, state.allowed.display):
        show(line)
    if unwritten:
        fail(f"the tree above was not written to {'; nor to '.join(unwritten)}", 1)


def _tree_destination(path: Path, option: str) -> None:
    """Exit with a one-line message if the tree file path cannot be written (a folder, a
    special file, a folder that cannot take it; a link: the file it points to), before any
    search."""
    try:
        destination(path)
    except BadFile as error:
        fail(f"{option}: {error}")


def _tree_width(text: str) -> int | None:
    """Return --width as a number, or None for all; exit with a message if it is neither."""
    if text.strip().lower() == "all":
        return None
    if not text.strip().isdigit() or int(text) < 1:
        fail(f"--width {quoted(text)}: a number of guesses (at least 1), or all")
    return int(text)


def _tree_progress(done: int, total: int, about: str) -> None:
    """Print the search's progress on stderr, when it is a terminal."""
    if takes_escapes(sys.stderr):  # cut to the terminal's width: a line that wraps is not redrawn
        line = f"{done}/{total} {about}"[: max(1, shutil.get_terminal_size().columns - 1)]
        typer.echo(f"\r{line}\x1b[K", err=True, nl=done == total)


app.command(name="serve")(serve_command)  # the web page: lenwordle/cli/serve.py


def main() -> None:
    """Run the CLI: a failed write to stdout, a failed worker or a bug each end in one line;
    Ctrl-C exits 130 and SIGTERM 143, with one line, the workers gone (engine.workers)."""
    if sys.stdout is None:  # started with stdout closed (>&-): nothing could be shown
        output_failed("standard output is closed")
    guard_stdout()
    catch_signals()
    try:
        try:
            code = _run_app()
        finally:  # what is still buffered must reach the reader, or the failure be said
            sys.stdout.flush()
        sys.exit(_stop_code(code))
    except KeyboardInterrupt:  # a second Ctrl-C, or SIGTERM, on the way out
        sys.exit(_stop_code(130))
    except OutputError as error:
        output_failed(str(error), error.errno)
    except WorkerError as error:
        typer.echo(f"error: {error}", err=True)
        sys.exit(2)
    except Exception as error:  # a bug: one line for the player (LENWORDLE_DEBUG=1 shows it all)
        if os.environ.get("LENWORDLE_DEBUG"):
            raise
        typer.echo(
            f"error: internal error ({type(error).__name__}: {error}); please report it", err=True
        )
        sys.exit(1)


def _stop_code(code: int) -> int:
    """Return the exit code: 128 + the signal when SIGINT or SIGTERM stopped the command (130,
    143), even if it kept its work (tree's best tree so far), after one line on stderr saying
    so (and what was not kept); else code."""
    sig = stopped_by()
    if sig is None:
        return code
    said = "terminated" if sig == signal.SIGTERM else "interrupted"
    notes = stop_notes()
    with contextlib.suppress(OSError):
        typer.echo(f"{said}: {notes[-1]}" if notes else said, err=True)
    return 128 + sig


def _run_app() -> int:
    """Run the typer app and return its exit code; a usage error (a value of the wrong type,
    a missing argument, an unknown option) is one line, not typer's boxed panel."""
    try:
        code = app(standalone_mode=False)
    except typer.Abort:  # end of input or Ctrl-C outside a command's own handling
        return 130
    except Exception as error:
        # click's exceptions (vendored by newer typer), known by their shape
        message = getattr(error, "format_message", None)
        if type(error).__name__ == "NoArgsIsHelpError" and message:  # `lenwordle` alone: help
            # (typer's rich help is printed as the error is made; plain help is its message)
            if message().strip():
                typer.echo(message())
            return 0
        if not (hasattr(error, "format_message") and hasattr(error, "exit_code")):
            raise
        ctx = getattr(error, "ctx", None)
        hint = f"; see `{ctx.command_path} --help`" if ctx is not None else ""
        message = " ".join(error.format_message().split()).rstrip(".")  # on one line
        typer.echo(f"error: {message}{hint}", err=True)
        return error.exit_code
    return code if isinstance(code, int) else 0


def output_failed(reason: str, code: int | None = None) -> NoReturn:
    """Say in one line that stdout cannot be written (not to a reader that left: a closed
    pipe ends quietly) and exit 1."""
    if code != errno.EPIPE:
        typer.echo(f"error: cannot write output: {reason}", err=True)
    drop_stdout()
    sys.exit(1)
