"""`lenwordle prove`: its options handed to the library's proof, the table printed."""

import shlex
import sys
from pathlib import Path
from typing import Annotated

import typer

from lenwordle.api.proofs import DEFAULT_TOP, Proof, prove
from lenwordle.api.text import cores
from lenwordle.cli.common import app, called, game_options
from lenwordle.cli.console import fail, show
from lenwordle.cli.options import (
    ONE_BOARD_SEARCH,
    SettingsOptions,
    Workers,
    a_path,
    settings_options,
)


@app.command(name="prove")
@settings_options(leave_out=ONE_BOARD_SEARCH)
def prove_command(
    options: SettingsOptions,
    results: Annotated[
        Path | None,
        typer.Option(
            "--results",
            parser=a_path,
            help="The results file: each first guess's total or bound, written as it is "
            "proven; a run started again on it resumes (default: proof-K-MODE.txt here).",
        ),
    ] = None,
    top: Annotated[
        int, typer.Option("--top", help="How many of the best first guesses to prove exactly.")
    ] = DEFAULT_TOP,
    shard: Annotated[
        str,
        typer.Option(
            "--shard",
            help="I/N: prove only the first guesses of index I-1 modulo N (to share a proof "
            "between machines).",
        ),
    ] = "1/1",
    merge: Annotated[
        list[Path] | None,
        typer.Option(
            "--merge", parser=a_path, help="Take in another shard's results file (repeatable)."
        ),
    ] = None,
    scheduler: Annotated[
        str | None,
        typer.Option(
            "--scheduler", help="Prove the first guesses on this Dask cluster (address)."
        ),
    ] = None,
    workers: Workers = cores(),
) -> None:
    """Prove the best first guesses.

    Each first guess's exact total of guesses over all answers when it can be among the best
    --top, else a proven lower bound above them, kept in --results as each is proven (Ctrl-C
    keeps them; run the same command again to resume).

    Example: lenwordle prove --words guesses.txt --answers answers.txt --top 105
    """
    made = called(
        prove,
        results=results,
        top=top,
        shard=shard_of(shard),
        merge=merge or [],
        scheduler=scheduler,
        workers=workers,
        command=shlex.join(["lenwordle", *sys.argv[1:]]),
        **game_options(options),
    )
    for line in proof_lines(made):
        show(line)


SHARD_DIGITS = 9  # of I and N in --shard I/N (more shards than any list has words)


def shard_of(text: str) -> tuple[int, int]:
    """Return --shard I/N as (I, N); exit with a message if it is not one."""
    i, slash, n = text.strip().partition("/")
    numbers = (i, n) if slash else ()
    if not (  # (ASCII digits: "²" is a digit to str.isdigit, and 5000 digits too many for int)
        all(x.isascii() and x.isdigit() and len(x) <= SHARD_DIGITS for x in numbers)
        and numbers
        and 1 <= int(i) <= int(n)
    ):
        fail(f"--shard {text!r}: give I/N, with 1 <= I <= N (e.g. 2/3)")
    return int(i), int(n)


def proof_lines(made: Proof) -> list[str]:
    """Return the proof's table and what it proves."""
    shown = made.display
    lines = [
        f"{rank:>4}  {shown(word)}  {total}" for rank, (word, total) in enumerate(made.table, 1)
    ]
    i, n = made.shard
    where = f"shard {i}/{n}: " if n > 1 else ""
    lines.append(
        f"{where}{made.shard_proven} of {made.shard_guesses} first guesses proven "
        f"({made.proven} of {made.guesses} in {made.path}), {made.core_hours:.2f} core-hours; "
        f"every first guess of total at most {made.cutoff} is exact, every other one above it"
    )
    if made.best is not None:
        word, total = made.best
        tied = [shown(each) for each, its in made.table if its == total]
        said = (
            f"{tied[0]} {total} is the best first guess"
            if len(tied) == 1
            else f"{', '.join(tied)} share the best total {total}"
        )
        lines.append(f"{said}: proven over all {made.guesses}")
    elif made.interrupted or made.shard_proven < made.shard_guesses:
        lines.append(f"not finished: run the same command again to resume from {made.path}")
    return lines
