"""The command line: each command parses, calls the library, and formats."""

import json
import os
import sys
import time
from pathlib import Path
from typing import Annotated, Optional

import typer

from lenwordle import bench as benchmark
from lenwordle import starters as starter_files
from lenwordle.game import Session, play, share_grid
from lenwordle.parallel import WorkerError, default_workers, fork_map
from lenwordle.patterns import reply_for, tiles
from lenwordle.settings import GUESS_POOLS, Settings
from lenwordle.strategies import DEFAULT_SHORTLIST, DEFAULT_STRATEGY, STRATEGIES
from lenwordle.wordfile import quoted
from lenwordle.wordlist import LETTERS, WordListError, read_words, wordlist_dir

app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  help="An approximate, low-memory Wordle solver for words of any length.")

Length = Annotated[int, typer.Option("-k", "--length", help="Word length.")]
Words = Annotated[Optional[Path], typer.Option("--words", help="Allowed guesses: a file, one word a line.")]
Answers = Annotated[Optional[Path], typer.Option("--answers", help="Possible answers: a file, one word a line (uniform).")]
Uniform = Annotated[bool, typer.Option("--uniform", help="Treat every word as equally likely (no commonness prior).")]
Shortlist = Annotated[float, typer.Option("--shortlist", help="Percent of words scored exactly (100 = all).")]
ExactShortlist = Annotated[float, typer.Option("--shortlist", help="Percent of words scored exactly (default: all, so the opener is the exact best; it then serves any smaller shortlist).")]
Strategy = Annotated[str, typer.Option("--strategy", help=f"One of: {', '.join(STRATEGIES)}.")]
Hard = Annotated[bool, typer.Option("--hard", help="Hard mode: every guess uses all revealed hints.")]
Width = Annotated[int, typer.Option("--width", help="Words given the endgame rollouts or lookahead's two-step search.")]
Json = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]
Workers = Annotated[int, typer.Option("--workers", help="Processes to share the work (default: the cores).")]
Guesses = Annotated[str, typer.Option("--guesses", help=f"Bundled words to suggest: {' or '.join(GUESS_POOLS)} (SCOWL levels <= 60, the default) or every word known.")]
StartersDir = Annotated[Optional[Path], typer.Option("--starters", help="Folder of starter files (default: the bundled one).")]


def fail(message: str, code: int = 2) -> None:
    """Print a one-line error to stderr and exit."""
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


def settings_from(k, words, answers, uniform, shortlist, strategy, hard, width,
                  guesses="common") -> Settings:
    """Return Settings, or exit with the one-line reason they are wrong."""
    try:
        return Settings(k, words, answers, uniform, shortlist, strategy, hard, width, guesses)
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
        if not word.isascii() or not LETTERS.fullmatch(word.lower()):  # 'K' (Kelvin) lowers to k
            fail(f"{quoted(word)} is not a word of letters a-z")
        if len(word) != len(guess):
            fail(f"{word!r} has {len(word)} letters, {guess!r} has {len(guess)}")
    for answer in answers:
        typer.echo(reply_for(guess.lower(), answer.lower()))


@app.command(name="play")
def play_command(
    k: Length = 5, words: Words = None, answers: Answers = None, uniform: Uniform = False,
    shortlist: Shortlist = DEFAULT_SHORTLIST, strategy: Strategy = DEFAULT_STRATEGY,
    hard: Hard = False, width: Width = 8, guesses: Guesses = "common",
    starters: StartersDir = None,
    start: Annotated[Optional[str], typer.Option("--start", help="Force the opening guess (any word of K letters a-z).")] = None,
) -> None:
    """Play interactively: type the colours the game showed after each suggested guess.

    Example: lenwordle play -k 11   (then answer each '> WORD' with e.g. .yy.y.gggy.)
    """
    settings = settings_from(k, words, answers, uniform, shortlist, strategy, hard, width, guesses)
    if start is not None:
        if len(start) != k or not start.isascii() or not LETTERS.fullmatch(start.lower()):
            fail(f"--start {quoted(start)} is not a word of {k} letters a-z")
        start = start.lower()
    state, solver = _load(settings, starters, quiet=start is not None)
    if start is None and k not in solver.openers and sys.stderr.isatty():
        typer.echo("(computing the first guess...)", err=True)
    session = Session(solver, state, lambda: settings.everything(state), start)
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
        line = sys.stdin.readline() if sys.stdin else ""
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
        typer.echo(f"no word to suggest ({n} possible); type WORD FEEDBACK")


@app.command()
def solve(
    answer: str, words: Words = None, answers: Answers = None, uniform: Uniform = False,
    shortlist: Shortlist = DEFAULT_SHORTLIST, strategy: Strategy = DEFAULT_STRATEGY,
    hard: Hard = False, width: Width = 8, guesses: Guesses = "common",
    starters: StartersDir = None, json_out: Json = False,
) -> None:
    """Play the solver against a known ANSWER (any word of letters a-z) and show each guess.

    Example: lenwordle solve crane --json
    """
    if not answer.isascii() or not LETTERS.fullmatch(answer.lower()):  # 'K' (Kelvin) lowers to k
        fail(f"{quoted(answer)} is not a word of letters a-z")
    answer = answer.lower()
    settings = settings_from(len(answer), words, answers, uniform, shortlist, strategy, hard,
                             width, guesses)
    state, solver = _load(settings, starters)
    game = play(solver, state, answer, everything=settings.everything(state))
    history = game.history
    if json_out:
        typer.echo(json.dumps({"answer": answer, "solved": game.solved, "guesses":
                               [{"word": w, "feedback": r} for w, r in history]}))
    else:
        for word, reply in history:
            typer.echo(f"{word.upper()} {tiles(reply)}")
        n = len(history)
        typer.echo(f"Solved in {n} guess{'es' if n != 1 else ''}." if game.solved else
                   f"Not solved: {answer.upper()} is not a word lenwordle knows "
                   f"({n} guess{'es' if n != 1 else ''} played).")
    if not game.solved:
        raise typer.Exit(1)


def at_least_one(option: str, value: int) -> None:
    """Exit with a one-line message unless value is at least 1."""
    if value < 1:
        fail(f"{option} must be at least 1, not {value}")


def _load(settings: Settings, starters: Path | None = None, quiet: bool = False):
    """Return (opening state, solver with the stored opener if it matches), or exit with the reason."""
    try:
        return _open(settings, starters, quiet)
    except (WordListError, ValueError) as error:
        fail(str(error))


def warn_skipped(words) -> None:
    """Print the lines of a word file that were skipped (the first three, then a count)."""
    for note in words.skipped[:3]:
        typer.echo(f"warning: {note}; skipped", err=True)
    if words.skipped_count > 3:
        typer.echo(f"warning: {words.skipped_count - 3} more lines skipped", err=True)


def _state(settings: Settings):
    """Return the opening state, warning about skipped lines of word files; WordListError if none."""
    lists = [settings.allowed(), settings.answer_list()]
    state = settings.state(*lists)
    for words in filter(None, lists):
        warn_skipped(words)
    return state


def _open(settings: Settings, starters: Path | None = None, quiet: bool = False):
    """Return (opening state, solver with the stored opener if it matches); WordListError if not."""
    state = _state(settings)
    solver = settings.solver()
    try:
        word = starter_files.opener(starters or starter_files.default_dir(), state, solver)
        solver = settings.solver({state.k: word})
    except starter_files.StarterError as error:
        if not quiet:
            typer.echo(f"note: {error}; computing the opener", err=True)
    return state, solver


def parse_lengths(text: str) -> list[int]:
    """Return the lengths of '4-11' or '5,7,9'; exit with a message if malformed."""
    try:
        lengths = []
        for part in text.split(","):
            low, _, high = part.strip().partition("-")
            lengths += range(int(low), int(high or low) + 1)
    except ValueError:
        fail(f"--lengths {text!r}: use a range like 4-11 or a list like 5,6,7")
    if not lengths:
        fail(f"--lengths {text!r}: an empty range; write the smaller length first, as in 4-11")
    if min(lengths) < 1:
        fail(f"--lengths {text!r}: lengths must be at least 1")
    return sorted(set(lengths))


@app.command(name="precompute-starters")
def precompute_starters(
    lengths: Annotated[str, typer.Option("--lengths", help="A range (4-11) or a list (5,6,7).")] = "4-11",
    shortlist: ExactShortlist = 100.0, strategy: Strategy = DEFAULT_STRATEGY,
    words: Words = None, answers: Answers = None, uniform: Uniform = False, width: Width = 8,
    guesses: Guesses = "common",
    out: Annotated[Optional[Path], typer.Option("--out", help="Folder to write (default: the bundled starters/).")] = None,
    workers: Workers = default_workers(),
) -> None:
    """Compute the best opening words for each length into one JSON file per length.

    Every word is scored exactly unless --shortlist says otherwise (about 74 s for 4-11 on
    two cores). A file serves play, solve and bench at any shortlist up to its own.

    Example: lenwordle precompute-starters --lengths 5 --shortlist 3
    """
    from rich.progress import Progress

    folder = out or starter_files.default_dir()
    at_least_one("--workers", workers)
    jobs = [settings_from(k, words, answers, uniform, shortlist, strategy, False, width, guesses)
            for k in parse_lengths(lengths)]

    # many lengths: whole lengths go to the workers (they balance); few: each length's exact
    # pass is shared between the workers instead (measured faster, benchmarks/workers.py)
    across = len(jobs) > 2 * workers
    inner = 1 if across else workers

    def compute(settings: Settings, tick) -> dict:
        try:  # the opener is what this computes: no stored one is looked up
            state, solver = _state(settings), settings.solver()
        except (WordListError, ValueError) as error:
            return {"error": str(error)}
        began = time.perf_counter()
        record = starter_files.compute(state, solver, lambda done, total: tick([done, total]),
                                       workers=inner)
        return {"record": record, "seconds": time.perf_counter() - began}

    order = sorted(jobs, key=_work, reverse=True)  # largest first: the workers end together
    with Progress(transient=True, disable=not sys.stderr.isatty()) as bar:
        tasks = {job.k: bar.add_task(f"{job.k} letters", total=None) for job in jobs}
        results = fork_map(compute, order, workers if across else 1,
                           lambda i, v: bar.update(tasks[order[i].k], completed=v[0], total=v[1]))
    done = [r for _, r in sorted(zip([job.k for job in order], results), key=lambda pair: pair[0])]
    written = []
    for job in done:  # every file first, then the report: a closed stdout loses no file
        if "record" in job:
            try:
                written.append((job, starter_files.write(folder, job["record"])))
            except OSError as error:
                fail(f"cannot write {folder}: {error.strerror or error}")
    for job, path in written:
        record, best = job["record"], job["record"]["openers"][0]
        typer.echo(f"{record['k']:2d} letters: {best['word'].upper()} (entropy {best['entropy']:.3f} "
                   f"bits, {best['expected_remaining']:.1f} words left on average) -> {path} "
                   f"in {job['seconds']:.1f} s")
    errors = [job["error"] for job in done if "error" in job]
    if errors:
        fail(errors[0] + (f" (and {len(errors) - 1} more lengths failed)" if len(errors) > 1 else ""))


def _work(settings: Settings) -> int:
    """Return a rough size of a length's precompute: the bytes of the word file it reads."""
    try:
        path = settings.words or wordlist_dir() / f"{settings.k:02d}.tsv"
        return Path(path).stat().st_size
    except (OSError, WordListError):  # the job itself will say what is wrong
        return 0


@app.command(name="starters")
def show_starters(k: Length = 5, starters: StartersDir = None) -> None:
    """Show the stored opening words for length K, best first.

    Example: lenwordle starters -k 6
    """
    folder = starters or starter_files.default_dir()
    try:
        record = starter_files.read(folder, k)
    except starter_files.StarterError as error:
        fail(str(error))
    made = record.get("made_from", {})
    typer.echo(f"{k} letters, {made.get('allowed', '?')} words ({made.get('words', '?')}), "
               f"strategy {made.get('strategy', '?')}, shortlist {made.get('shortlist', '?')}%")
    typer.echo(f"{'rank':>4}  {'word':<{max(k, 4)}}  {'entropy':>8}  {'estimate':>8}  {'left':>8}")
    for rank, o in enumerate(record["openers"], 1):
        typer.echo(f"{rank:>4}  {o['word'].upper():<{max(k, 4)}}  {o.get('entropy', 0):8.3f}  "
                   f"{o.get('estimate', 0):8.3f}  {o.get('expected_remaining', 0):8.1f}")


@app.command(name="bench")
def bench_command(
    k: Length = 5, words: Words = None, answers: Answers = None,
    targets: Annotated[Optional[Path], typer.Option("--targets", help="Secret words to play (default: the answers).")] = None,
    limit: Annotated[Optional[int], typer.Option("--limit", help="Play only the first N targets.")] = None,
    accepted: Annotated[Optional[Path], typer.Option("--accepted", help="The simulated game refuses any guess not in this file, as a player's blank line does.")] = None,
    uniform: Uniform = False, shortlist: Shortlist = DEFAULT_SHORTLIST,
    strategy: Strategy = DEFAULT_STRATEGY, hard: Hard = False, width: Width = 8,
    guesses: Guesses = "common",
    starters: StartersDir = None, json_out: Json = False, workers: Workers = default_workers(),
) -> None:
    """Play the solver against many secret words and report guesses, failures and speed.

    Example: lenwordle bench --targets answers.txt --accepted guesses.txt
    """
    from rich.progress import Progress

    settings = settings_from(k, words, answers, uniform, shortlist, strategy, hard, width, guesses)
    state, solver = _load(settings, starters)
    accepted_words = None
    if accepted is not None:
        try:
            accepted_list = read_words(accepted, k)
        except WordListError as error:
            fail(str(error))
        warn_skipped(accepted_list)
        accepted_words = frozenset(accepted_list.strings)
    if targets is not None:
        try:
            secret = read_words(targets, k)
        except WordListError as error:
            fail(str(error))
        warn_skipped(secret)
        secret_words = secret.strings
    else:
        secret_words = state.answers.strings
    if limit is not None:
        at_least_one("--limit", limit)
        secret_words = secret_words[:limit]
    at_least_one("--workers", workers)
    with Progress(transient=True, disable=not sys.stderr.isatty()) as bar:
        task = bar.add_task("games", total=len(secret_words))
        result = benchmark.run(solver, state, secret_words, lambda n: bar.advance(task, n), workers,
                               accepted_words, settings.everything(state))
    figures = result.as_dict()
    if json_out:
        typer.echo(json.dumps(figures))
        return
    typer.echo(f"games {figures['games']}  mean {figures['mean']:.4f}  max {figures['max']}  "
               f"failures {figures['failures']}  ({figures['seconds']:.1f} s, "
               f"{figures['games_per_second']} games/s)")
    if accepted_words is not None:
        typer.echo(f"refusals {figures['refusals']} ({figures['refusals_per_game']:.3f} per game, "
                   f"at most {figures['max_refusals']} in a game; not counted as guesses)")
    top = max(figures["histogram"].values(), default=1) or 1
    for n, count in figures["histogram"].items():
        typer.echo(f"{n:>3} {'█' * round(40 * count / top):<40} {count}")
    if figures["failed"]:
        typer.echo("failed: " + " ".join(figures["failed"]))


def main() -> None:
    """Run the CLI; a closed stdout ends quietly, a failed worker in one line."""
    try:
        app()
    except WorkerError as error:
        typer.echo(f"error: {error}", err=True)
        sys.exit(2)
    except BrokenPipeError:
        sys.stderr.close()
        os._exit(1)
    except Exception as error:  # a bug: one line for the player (LENWORDLE_DEBUG=1 shows it all)
        if os.environ.get("LENWORDLE_DEBUG"):
            raise
        typer.echo(f"error: internal error ({type(error).__name__}: {error}); please report it", err=True)
        sys.exit(1)
