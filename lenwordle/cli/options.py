"""The command-line options, declared once: the shared options of Settings and the others.

A command gets the options of Settings with @settings_options and receives them in one
parameter, `options` (Settings' keyword arguments). A new shared option is a Settings field
and one line in SETTINGS_OPTIONS; each command's --help then lists it.
"""

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


Length = Annotated[int, typer.Option("-k", "--length", help="Word length.")]
Words = Annotated[
    Path | None,
    typer.Option("--words", parser=a_path, help="Allowed guesses: a file, one word a line."),
]


Answers = Annotated[
    Path | None,
    typer.Option(
        "--answers", parser=a_path, help="Possible answers: a file, one word a line (uniform)."
    ),
]


Uniform = Annotated[
    bool,
    typer.Option("--uniform", help="Treat every word as equally likely (no commonness prior)."),
]


AnswersLike = Annotated[
    str,
    typer.Option(
        "--answers-like",
        help="What the game's answers are like: daily (a daily game's base forms, the "
        "default) or any (a game drawing from a larger list: past tenses, plurals, any form).",
    ),
]


Shortlist = Annotated[
    float, typer.Option("--shortlist", help="Percent of words scored exactly (100 = all).")
]


ExactShortlist = Annotated[
    float,
    typer.Option(
        "--shortlist",
        help="Percent of words scored exactly (default: all, so the opener is the exact best; "
        "it then serves any smaller shortlist).",
    ),
]


Strategy = Annotated[str, typer.Option("--strategy", help=f"One of: {', '.join(STRATEGIES)}.")]
StarterStrategy = Annotated[  # the strategies a starter file serves (not those that plan a game)
    str,
    typer.Option(
        "--strategy",
        help=f"One of: {', '.join(storable())}.",
    ),
]


Hard = Annotated[
    bool, typer.Option("--hard", help="Hard mode: every guess uses all revealed hints.")
]


Width = Annotated[
    int,
    typer.Option(
        "--width", help="Words given the endgame rollouts or lookahead's two-step search."
    ),
]


Json = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]
Workers = Annotated[
    int, typer.Option("--workers", help="Processes to share the work (default: the cores).")
]


Guesses = Annotated[
    str,
    typer.Option(
        "--guesses",
        help="Bundled words to suggest: common (SCOWL levels <= 60, the default) "
        "or all (every word known).",
    ),
]


BoardsOption = Annotated[
    int,
    typer.Option(
        "--boards",
        help="Answers played at once, every guess on each board (Quordle: 4; at most "
        "1000, Kilordle). The default limit is boards + 5 guesses.",
    ),
]


MaxGuesses = Annotated[
    int | None,
    typer.Option("--max-guesses", help="The guess limit (default: boards + 5, so 6 for one)."),
]


OneBoardMaxGuesses = Annotated[  # for a command without --boards
    int | None, typer.Option("--max-guesses", help="The guess limit (default: 6).")
]


AbsurdleOption = Annotated[
    bool,
    typer.Option(
        "--absurdle",
        help="Play against an adversary (Absurdle): no fixed answer, the host keeps the "
        "largest group of words; the strategy is worst-case unless another is named.",
    ),
]


Exclude = Annotated[
    Path | None,
    typer.Option(
        "--exclude",
        parser=a_path,
        help="Words that cannot be the answer (past answers, say): a file, one word a line; "
        "they stay allowed as guesses.",
    ),
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


FirstLetter = Annotated[
    str | None,
    typer.Option(
        "--first-letter",
        help="SUTOM / Motus: the answer's first letter, shown at the start; every guess "
        "begins with it (6 to 10 letters).",
    ),
]


VariantOption = Annotated[
    str,
    typer.Option(
        "--variant",
        help=f"The game: {', '.join(VARIANTS)} (wordle, the default: the game itself; "
        "docs/variants.md).",
    ),
]


StartersDir = Annotated[
    Path | None,
    typer.Option(
        "--starters", parser=a_path, help="Folder of starter files (default: the bundled one)."
    ),
]


# The options of Settings, declared once. A command gets them with @settings_options and
# receives them as one parameter, `options`: Settings' keyword arguments. A new option is
# a Settings field and one line here; each command's --help then lists it.
SETTINGS_OPTIONS = {
    "k": Length,
    "words": Words,
    "answers": Answers,
    "uniform": Uniform,
    "shortlist": Shortlist,
    "strategy": Strategy,
    "hard": Hard,
    "width": Width,
    "guesses": Guesses,
    "boards": BoardsOption,
    "max_guesses": MaxGuesses,
    "absurdle": AbsurdleOption,
    "exclude": Exclude,
    "lang": Lang,
    "accents": Accents,
    "first_letter": FirstLetter,
    "variant": VariantOption,
    "answers_like": AnswersLike,
}


# Settings' keyword arguments, as the command line gave them (the decorator fills it in)
SettingsOptions = dict[str, Any]


def settings_options(leave_out: tuple[str, ...] = (), **instead):
    """Return a decorator that declares the options of Settings (but those in leave_out) in
    place of a command's parameter `options`, and passes them to it in that one dict.

    instead maps an option to (its declaration, its default) for this command only. Without
    --boards, --max-guesses speaks of one board.
    """
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
    int | None,
    typer.Option("--games", help="With --boards: games to play (default 100)."),
]
Seed = Annotated[
    int | None,
    typer.Option("--seed", help="With --boards: the seed that draws each game's words (0)."),
]
