"""Helpers shared by the tests (imported by name: `from helpers import ...`)."""

import importlib.util
import io
import os
import signal
import subprocess
import sys
import traceback
import tracemalloc
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
from typer.testing import CliRunner

from lenwordle.engine.boards import Boards
from lenwordle.engine.position import Target
from lenwordle.engine.state import GameState
from lenwordle.engine.tree import Node
from lenwordle.words.alphabet import Alphabet
from lenwordle.words.wordlist import WordList

ROOT = Path(__file__).resolve().parent.parent
NYT = ROOT.parent / "shared" / "bench" / "nyt"
NO_NYT = (
    f"the standard Wordle lists (answers.txt, guesses.txt) are not in {NYT} "
    "(../shared/bench/nyt, beside this checkout)"
)


def run(*args, input_text=None, env=None, timeout=300):
    """Run the real `lenwordle` command; return the CompletedProcess."""
    return subprocess.run(
        [sys.executable, "-m", "lenwordle", *args],
        input=input_text,
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, **(env or {})},
    )


def load_script(relative: str):
    """Return a script of the repository (not part of the package) imported as a module."""
    path = ROOT / relative
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def wordlist(words, levels=None, zipf=None, letters=None) -> WordList:
    """Return a WordList of these words of one length (level 35 and Zipf 3 each unless
    given), over the alphabet of `letters` (in its order) if given, else a-z."""
    if letters:
        order = sorted(range(len(words)), key=lambda i: [letters.index(ch) for ch in words[i]])
    else:
        order = np.argsort(words)
    words = [words[i] for i in order]
    levels = [levels[i] for i in order] if levels else [35] * len(words)
    zipf = [zipf[i] for i in order] if zipf else [3.0] * len(words)
    return WordList(
        pa.array(words, pa.large_string()),
        pa.array(levels, pa.uint8()),
        len(words[0]),
        freqs=pa.array(zipf, pa.float32()),
        **({"alphabet": Alphabet(letters)} if letters else {}),
    )


def invoke(*args, input_text=None):
    """Run a lenwordle command in this process (typer's CliRunner); return it as `run` does.

    An exception that escaped the command shows in stderr as a traceback, as it would in a
    real run (where exit code 1 would say "internal error").
    """
    from lenwordle.cli.app import app  # (here: a test of the library never imports the CLI)

    result = CliRunner().invoke(app, list(args), input=input_text)
    stderr = result.stderr
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        stderr += "Traceback:\n" + "".join(traceback.format_exception(result.exception))
    return subprocess.CompletedProcess(
        ["lenwordle", *args], result.exit_code, result.stdout, stderr
    )


def run_in_process(*args, input_text=None, env=None):
    """Run `lenwordle` as `run` does, but in this process (a second faster): through its entry
    point main(), so that the exit codes and one-line errors (usage errors too) are the real
    command's; stdin, stdout and stderr are typer's CliRunner's. What only a process of its
    own can show (signals, its stdout's file or pipe, a terminal, the console's encoding,
    `python -m`, a fresh interpreter) is for `run` or the `terminal` fixture.

    input_text is the whole input, or a generator that types each line when the command reads
    it, as a person at the prompt would (see `Typist`).

    An exception that escaped the command shows in stderr as a traceback (LENWORDLE_DEBUG
    lets it out of main()), as in `invoke`; main()'s signal handlers are undone afterwards.
    """
    from lenwordle.cli.app import main

    typist = Typist(input_text) if hasattr(input_text, "send") else None
    handlers = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    argv, code, failure = sys.argv, 0, ""
    env = {"LENWORDLE_DEBUG": "1", **(env or {})}
    with CliRunner().isolation(input=None if typist else input_text, env=env) as (out, err, both):
        if typist is not None:  # (the isolation puts its own stdin back afterwards)
            typist.printed = both
            sys.stdin = io.TextIOWrapper(typist, encoding="utf-8")
        sys.argv = ["lenwordle", *map(str, args)]
        try:
            main()
        except SystemExit as exit_:
            code = exit_.code or 0
        except Exception:
            code, failure = 1, "Traceback:\n" + traceback.format_exc()
        finally:
            sys.argv = argv
            for sig, handler in handlers.items():
                signal.signal(sig, handler)
            sys.stdout.flush()
            sys.stderr.flush()
        stdout, stderr = (_decoded(stream.getvalue()) for stream in (out, err))
        if typist is not None:
            typist.finish()
    if typist is not None and typist.failure:  # (a failed assertion of the player's, as itself)
        raise typist.failure
    return subprocess.CompletedProcess(["lenwordle", *args], code, stdout, stderr + failure)


class Typist(io.RawIOBase):
    """Standard input typed by a person at the prompt: a generator that receives what the
    command printed (stdout and stderr, as a terminal shows them) since it last read a line,
    and yields the next line to type.

    Its first `text = yield` receives the text up to the first prompt; each `text = yield
    line` types line and receives what came back, up to the next prompt, or up to the
    command's end if it read no more. When the generator returns (or yields None), the input
    ends, as Ctrl-D ends it; a line yielded after the command ended fails the test, as typing
    to a program that has exited would. An exception the generator raises ends the input and
    is raised again once the command ended, so that a failed assertion fails the test as
    itself.
    """

    def __init__(self, lines):
        super().__init__()
        self.lines, self.started, self.ended = lines, False, False
        self.printed: io.BytesIO | None = None  # stdout and stderr, set by run_in_process
        self.seen = 0  # bytes of printed already given to the generator
        self.pending = b""  # the rest of the line being typed
        self.failure: BaseException | None = None

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        if len(buffer) == 0:  # (a read of nothing asks for no line)
            return 0
        if not self.pending and not self.ended:
            sys.stdout.flush()
            sys.stderr.flush()
            line = self._answer()
            self.ended = line is None
            self.pending = b"" if line is None else (line + "\n").encode()
        size = min(len(buffer), len(self.pending))
        buffer[:size] = self.pending[:size]
        self.pending = self.pending[size:]
        return size

    def finish(self) -> None:
        """Give the generator what the command printed after it last read (it has ended)."""
        if not self.ended:
            self.ended = True
            line = self._answer()
            if line is not None and self.failure is None:
                self.failure = AssertionError(f"the command ended before it read {line!r}")
        self.lines.close()

    def _answer(self) -> str | None:
        """Return the generator's answer to what was printed since it last answered (None:
        it returned, or failed)."""
        printed = self.printed.getvalue()
        text, self.seen = _decoded(printed[self.seen :]), len(printed)
        try:
            if not self.started:
                self.started = True
                next(self.lines)  # to its first `text = yield`
            return self.lines.send(text)
        except StopIteration:
            return None
        except BaseException as error:  # noqa: BLE001 (raised again after the command)
            self.failure = error
            return None


def _decoded(data: bytes) -> str:
    """Return output as `run` reads it (text mode: UTF-8, each line ending as \\n)."""
    return data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")


def one_line_error(result, code=2):
    """Return the one `error:` line of a command that failed with code, without a traceback."""
    assert result.returncode == code, (result.returncode, result.stderr)
    assert "Traceback" not in result.stderr
    errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 1, result.stderr
    return errors[0]


def tree_lists(folder: Path, monkeypatch, words: list[str], answers: list[str]) -> list[str]:
    """Return the --words and --answers options of a small game written in folder, whose
    trees go in folder/trees."""
    (folder / "g.txt").write_text("\n".join(words) + "\n")
    (folder / "a.txt").write_text("\n".join(answers) + "\n")
    monkeypatch.setenv("LENWORDLE_TREES", str(folder / "trees"))
    return ["--words", str(folder / "g.txt"), "--answers", str(folder / "a.txt")]


def traced_peak(work):
    """Return work()'s value and the peak of the memory Python traced while it ran (bytes)."""
    tracemalloc.start()
    try:
        value = work()
        return value, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def language_file(folder, code, rows):
    """Write <code>.parquet of rows (spelling, zipf, sources, marks), one row group a length
    (in the order of the rows within a length), with the shipped files' columns."""
    lengths = sorted({len(row[0]) for row in rows})
    schema = pa.schema(
        [
            ("word", pa.string()),
            ("zipf", pa.float32()),
            ("sources", pa.uint8()),
            ("marks", pa.uint8()),
            ("length", pa.uint8()),
        ]
    )
    with pq.ParquetWriter(folder / f"{code}.parquet", schema) as writer:
        for n in lengths:
            group = [row for row in rows if len(row[0]) == n]
            columns = [list(column) for column in zip(*group, strict=True)]
            writer.write_table(pa.table([*columns, [n] * len(group)], schema=schema))


# Four answers alike but for their first letter: any of them, guessed, leaves the other three
# together (.ggg). BCFX splits them all apart (b green for bake; c, f yellow for cake, fake;
# nothing for make), BCXX leaves fake and make together, XXXX splits nothing.
FAMILY = ["bake", "cake", "fake", "make"]
OTHERS = ["bcfx", "bcxx", "xxxx"]


def family(hard=False, others=OTHERS):
    return GameState.new(wordlist(FAMILY + others), wordlist(FAMILY), uniform=True, hard=hard)


# the tree of that small game: BCFX splits the four apart, then each is guessed
SPLIT = Node(
    "bcfx",
    False,
    {
        "g...": Node("bake", True),
        ".y..": Node("cake", True),
        "..y.": Node("fake", True),
        "....": Node("make", True),
    },
)


def one_word_each(words) -> list[Target]:
    """Return a target of one board for each word, in order (what `bench` plays)."""
    return [Target((word,)) for word in words]


def bench_words(solver, state: GameState, words, **options):
    """Return the bench of solver on state's one board (Boards) against each word."""
    from lenwordle.games import bench

    return bench.run(solver, Boards.new(state), one_word_each(words), **options)


class SessionFace:
    """A session (games/session.py) seen as the terminal's wording sees a game: the members
    of api.Game it reads, so that a test of the session reads the lines `play` prints."""

    def __init__(self, session):
        self._session = session

    boards = property(lambda self: self._session.boards)
    example = property(lambda self: self._session.position.example())
    noun = property(lambda self: self._session.position.noun)
    length = property(lambda self: self._session.position.k)
    count = property(lambda self: self._session.count)
    counts = property(lambda self: self._session.counts())
    probing = property(lambda self: self._session.probing)
    pairs = property(lambda self: self._session.position.pairs)
    paired_from = property(lambda self: self._session.position.paired_from)

    def shown(self, word):
        return self._session.shown(self._session.alphabet.fold(word))

    def problem_message(self, problem):
        from lenwordle.api.game import Game

        return Game.problem_message(self, problem)


def terminal(session, said) -> list[str]:
    """Return the lines `play` prints for what the session said (the reply taken aside)."""
    from lenwordle.cli.wording import lines_of

    return lines_of(SessionFace(session), said.events)


def kept_record(length=5, lang="en", boards=1, variant="wordle", **more):
    """Return the least record a finished game keeps (stats_file.record_problem's: what the
    review reads), no guess in it; more: its fields changed (secrets=[...])."""
    chosen = {"length": length, "lang": lang, "boards": boards, "variant": variant}
    lists = {name: [] for name in ("guesses", "replies", "tiles", "hinted", "secrets")}
    return {"options": chosen, **lists, **more}
