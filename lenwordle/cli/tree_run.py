"""`lenwordle tree`: its options handed to the library's tree, the tree's figures printed."""

from pathlib import Path
from typing import Annotated

import typer

from lenwordle.api import DEFAULT_OPENERS, DEFAULT_WIDTH, tree
from lenwordle.api import options as game_settings
from lenwordle.api.text import cores, quoted
from lenwordle.cli.common import app, asked, called, game_options
from lenwordle.cli.console import fail, show
from lenwordle.cli.formatting import tree_lines
from lenwordle.cli.options import (
    ONE_BOARD_SEARCH,
    SettingsOptions,
    TreeWidth,
    Workers,
    a_path,
    settings_options,
)


@app.command(name="tree")
@settings_options(leave_out=ONE_BOARD_SEARCH)
def tree_command(
    options: SettingsOptions,
    start: Annotated[
        str | None, typer.Option("--start", help="The opener (default: the best of --openers).")
    ] = None,
    openers: Annotated[
        int, typer.Option("--openers", help="Without --start: how many openers to search.")
    ] = DEFAULT_OPENERS,
    width: TreeWidth = str(DEFAULT_WIDTH),
    out: Annotated[
        Path | None,
        typer.Option("--out", parser=a_path, help="Also write the tree to this JSON file."),
    ] = None,
    dot: Annotated[
        Path | None,
        typer.Option(
            "--dot",
            parser=a_path,
            help="Also write the tree as a Graphviz DOT graph to this file (a box per guess, "
            "an edge per reply, a leaf per answer).",
        ),
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
    workers: Workers = cores(),
) -> None:
    """Find the decision tree of fewest guesses.

    The tree of fewest total guesses over all answers (Ctrl-C keeps the best so far): it
    prints its figures and stores the tree where the optimal strategy of play, solve and
    bench finds it (or in --trees).

    Example: lenwordle tree --words guesses.txt --answers answers.txt --start salet
    """
    where = {"out": out, "dot": dot, "store": True, "trees": trees, "scheduler": scheduler}
    checked = {"start": start, "openers": openers, "width": tree_width(width, options)}
    made = called(tree, **checked, workers=workers, **where, **game_options(options))
    for line in tree_lines(made, text):
        show(line)
    if made.unwritten:
        fail(f"the tree above was not written to {'; nor to '.join(made.unwritten)}", 1)


def tree_width(text: str, options: SettingsOptions) -> int | None:
    """Return --width as a number, or None for all; exit with a message if it is neither
    (the game's options said first when they are wrong too, as every other problem is)."""
    if text.strip().lower() == "all":
        return None
    if not text.strip().isdigit() or int(text) < 1:
        asked(game_settings, **game_options(options))
        fail(f"--width {quoted(text)}: a number of guesses (at least 1), or all")
    return int(text)
