"""The command line: each command parses, calls the library, and formats; this module
registers the commands (each in its own module, in the order `--help` lists them) and runs
them: one line for each failure, the exit codes."""

import contextlib
import errno
import os
import signal
import sys
from typing import NoReturn

import typer

from lenwordle.cli.common import app

# each module registers its commands: `--help` lists them in this order
# isort: off
from lenwordle.cli import play  # noqa: F401, E402
from lenwordle.cli import practice_run  # noqa: F401, E402
from lenwordle.cli import solve  # noqa: F401, E402
from lenwordle.cli import starters  # noqa: F401, E402
from lenwordle.cli import bench_run  # noqa: F401, E402
from lenwordle.cli import compare_run  # noqa: F401, E402
from lenwordle.cli import tree_run  # noqa: F401, E402
from lenwordle.cli import prove_run  # noqa: F401, E402
from lenwordle.cli import serve  # noqa: F401, E402

# isort: on
from lenwordle.cli.console import OutputError, drop_stdout, guard_stdout
from lenwordle.engine.workers import WorkerError, catch_signals, stop_notes, stopped_by


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
        if not (message and hasattr(error, "exit_code")):
            raise
        ctx = getattr(error, "ctx", None)
        hint = f"; see `{ctx.command_path} --help`" if ctx is not None else ""
        said = " ".join(message().split()).rstrip(".")  # on one line
        typer.echo(f"error: {said}{hint}", err=True)
        return error.exit_code
    return code if isinstance(code, int) else 0


def output_failed(reason: str, code: int | None = None) -> NoReturn:
    """Say in one line that stdout cannot be written (not to a reader that left: a closed
    pipe ends quietly) and exit 1."""
    if code != errno.EPIPE:
        typer.echo(f"error: cannot write output: {reason}", err=True)
    drop_stdout()
    sys.exit(1)
