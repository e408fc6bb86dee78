"""Helpers shared by the tests (imported by name: `from helpers import ...`)."""

import importlib.util
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
    own can show (signals, its stdout's file or pipe, the console's encoding, `python -m`, a
    fresh interpreter) is for `run`.

    An exception that escaped the command shows in stderr as a traceback (LENWORDLE_DEBUG
    lets it out of main()), as in `invoke`; main()'s signal handlers are undone afterwards.
    """
    from lenwordle.cli.app import main

    handlers = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    argv, code, failure = sys.argv, 0, ""
    env = {"LENWORDLE_DEBUG": "1", **(env or {})}
    with CliRunner().isolation(input=input_text, env=env) as (out, err, _):
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
    return subprocess.CompletedProcess(["lenwordle", *args], code, stdout, stderr + failure)


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
