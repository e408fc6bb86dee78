"""The command-line options, declared once: the shared options of Settings and the others.
A new shared option is a Settings field and one line in SETTINGS_OPTIONS; each command that
takes them (@settings_options) then lists it in its --help."""

import dataclasses
import functools
import inspect
from pathlib import Path
from typing import Annotated, Any

import typer

from lenwordle.api import DEFAULT_TARGETS, STRATEGIES, VARIANTS
from lenwordle.api.setup import Settings
from lenwordle.api.text import storable


def a_path(text: str) -> Path:
    """Return a path option's value as a Path; a usage error (exit 2) if it is empty, which
    would otherwise be the current folder."""
    if not text:
        raise typer.BadParameter("an empty path, not a file or a folder")
    return Path(text)


def option(kind: Any, flag: str, help: str, parser: Any = None) -> Any:
    """Return an option's declaration, its type annotated with its flag, help and parser: a
    value for SETTINGS_OPTIONS, which no parameter names as its type."""
    return Annotated[kind, typer.Option(flag, parser=parser, help=help)]


Length = Annotated[int, typer.Option("-k", "--length", help="Word length.")]
Json = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]
Workers = Annotated[
    int, typer.Option("--workers", help="Processes to share the work (default: the cores).")
]
Lang = Annotated[
    str,
    typer.Option(
        "--lang",
        help="The language: en (the default), es, pt, de, fr, it, nl, pl, sv, ru, uk, ca, tr "
        "(`lenwordle languages` lists them).",
    ),
]
Accents = Annotated[
    str | None,
    typer.Option(
        "--accents",
        help="fold (as the language's game: acción is ACCION, ß an S, œ an O), keep (Ó is a "
        "letter of its own), or the language's other rule (de ss, fr oe, ca cedilla; "
        "`lenwordle languages` lists them); default: what the language's best-known game does.",
    ),
]
StartersDir = Annotated[
    Path | None,
    typer.Option(
        "--starters", parser=a_path, help="Folder of starter files (default: the bundled one)."
    ),
]

SETTINGS_OPTIONS = {
    "k": Length,
    "words": option(Path | None, "--words", "Allowed guesses: a file, one word a line.", a_path),
    "answers": option(
        Path | None, "--answers", "Possible answers: a file, one word a line (uniform).", a_path
    ),
    "uniform": option(
        bool, "--uniform", "Treat every word as equally likely (no commonness prior)."
    ),
    "shortlist": option(float, "--shortlist", "Percent of words scored exactly (100 = all)."),
    "strategy": option(str, "--strategy", f"One of: {', '.join(STRATEGIES)}."),
    "hard": option(bool, "--hard", "Hard mode: every guess uses all revealed hints."),
    "ultra_hard": option(
        bool,
        "--ultra-hard",
        "Hard mode, and a grey letter may not be played again, nor a yellow one where it was "
        "yellow (docs/playing.md).",
    ),
    "width": option(
        int, "--width", "Words given the endgame rollouts or lookahead's two-step search."
    ),
    "guesses": option(
        str,
        "--guesses",
        "Bundled words to suggest: common (SCOWL levels <= 60, the default) "
        "or all (every word known).",
    ),
    "boards": option(
        int,
        "--boards",
        "Answers played at once, every guess on each board (Quordle: 4; at most "
        "1000, Kilordle). The default limit is boards + 5 guesses.",
    ),
    "max_guesses": option(
        int | None, "--max-guesses", "The guess limit (default: boards + 5, so 6 for one)."
    ),
    "absurdle": option(
        bool,
        "--absurdle",
        "Play against an adversary (Absurdle): no fixed answer, the host keeps the "
        "largest group of words; the strategy is worst-case unless another is named.",
    ),
    "exclude": option(
        Path | None,
        "--exclude",
        "Words that cannot be the answer (past answers, say): a file, one word a line; "
        "they stay allowed as guesses.",
        a_path,
    ),
    "lang": Lang,
    "accents": Accents,
    "first_letter": option(
        str | None,
        "--first-letter",
        "SUTOM / Motus: the answer's first letter, shown at the start; every guess "
        "begins with it (6 to 10 letters).",
    ),
    "variant": option(
        str,
        "--variant",
        f"The game: {', '.join(VARIANTS)} (wordle, the default: the game itself; "
        "docs/variants.md).",
    ),
    "answers_like": option(
        str,
        "--answers-like",
        "What the game's answers are like: daily (a daily game's base forms, the "
        "default), any (a game drawing from a larger list: past tenses, plurals, any form) "
        "or dictionary (drawn uniformly from a dictionary's base forms, however rare).",
    ),
}
OneBoardMaxGuesses = option(int | None, "--max-guesses", "The guess limit (default: 6).")
# precompute-starters' own: the strategies a starter file serves (not those that plan a game)
StarterStrategy = option(str, "--strategy", f"One of: {', '.join(storable())}.")
ExactShortlist = option(
    float,
    "--shortlist",
    "Percent of words scored exactly (default: all, so the opener is the exact best; it then "
    "serves any smaller shortlist).",
)

# Settings' keyword arguments, as the command line gave them (the decorator fills it in)
SettingsOptions = dict[str, Any]


# the game options a search of one board's tree takes none of (tree, prove)
ONE_BOARD_SEARCH = (
    "uniform",
    "shortlist",
    "strategy",
    "width",
    "boards",
    "absurdle",
    "exclude",
    "variant",
)


def settings_options(leave_out: tuple[str, ...] = (), **instead):
    """Return a decorator that declares the options of Settings (but those in leave_out) in
    place of a command's parameter `options`, and passes them to it in that one dict
    (Settings' keyword arguments). instead maps an option to (its declaration, its default)
    for this command only. Without --boards, --max-guesses speaks of one board."""
    defaults = {field.name: field.default for field in dataclasses.fields(Settings)}
    if "boards" in leave_out:
        instead = {"max_guesses": (OneBoardMaxGuesses, defaults["max_guesses"])} | instead
    declared = {name: (option, defaults[name]) for name, option in SETTINGS_OPTIONS.items()}
    shared = [
        inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, annotation=option, default=value)
        for name, (option, value) in (declared | instead).items()
        if name not in leave_out
    ]

    def decorate(command):
        own = inspect.signature(command)

        @functools.wraps(command)
        def with_options(**given):
            options = {parameter.name: given.pop(parameter.name) for parameter in shared}
            return command(options=options, **given)

        parameters = []
        for parameter in own.parameters.values():
            if parameter.name == "options":
                parameters += [p.replace(kind=parameter.kind) for p in shared]
            else:
                parameters.append(parameter)
        with_options.__signature__ = own.replace(parameters=parameters)
        with_options.__annotations__ = {p.name: p.annotation for p in parameters}
        return with_options

    return decorate


TreeWidth = Annotated[
    str,
    typer.Option(
        "--width", help="Guesses tried in each position, best first: a number, or all (a proof)."
    ),
]
# bench's own options, which compare takes too
Targets = Annotated[
    Path | None,
    typer.Option(
        "--targets",
        parser=a_path,
        help="Answers to play, untold, in the file's order (default: the --answers list, or "
        f"the {DEFAULT_TARGETS} likeliest words of the dictionary by the prior, "
        "likeliest first).",
    ),
]
Limit = Annotated[
    int | None,
    typer.Option(
        "--limit",
        help="Play only the first N targets (as the file lists them; by default, the N "
        "likeliest words).",
    ),
]
Accepted = Annotated[
    Path | None,
    typer.Option(
        "--accepted",
        parser=a_path,
        help="The simulated game refuses any guess not in this file, "
        "as a player's blank line does (refused if it has none of the guesses the solver "
        "may suggest; a warning under 10% of them).",
    ),
]
Games = Annotated[
    int | None, typer.Option("--games", help="With --boards: games to play (default 100).")
]
Seed = Annotated[
    int | None,
    typer.Option("--seed", help="With --boards: the seed that draws each game's words (0)."),
]
