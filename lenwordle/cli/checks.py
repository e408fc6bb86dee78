"""Checks of the values a command is given: each exits with a one-line message if it fails."""

from lenwordle.api.practice import Problem, StatsError

SHORT = {"length": "-k"}  # the options the command line names by a letter


def flag(name: str) -> str:
    """Return an option as the command line names it: max_guesses as --max-guesses, boards=3
    as --boards 3, absurdle=True as --absurdle, length as -k."""
    name, _, value = name.partition("=")
    option = SHORT.get(name, "--" + name.replace("_", "-"))
    return option if value in ("", "True") else f"{option} {value}"


def said(error: Exception) -> str:
    """Return an error's line, the options an OptionError names as {option} (max_guesses)
    written as the command line does (--max-guesses)."""
    named = getattr(error, "named", None)
    return named(flag) if callable(named) else str(error)


# what a player can do about a statistics file, by its problem (the library names the file
# and what happened)
STATS_ADVICE = {
    Problem.NOT_OURS: "move it away, or give --data-dir",
    Problem.DAMAGED: "move it away, or give --data-dir",
    Problem.NEWER: "upgrade lenwordle, or give --data-dir",
    Problem.FULL: "free some space, or give --data-dir",
    Problem.READ_ONLY: "give --data-dir",
    Problem.NO_PERMISSION: "give --data-dir",
    Problem.NOT_A_FOLDER: "give --data-dir",
    Problem.NOT_A_FILE: "give --data-dir",
    Problem.LOCKED: "try again once the other program is done",
}


def stats_said(error: StatsError) -> str:
    """Return a statistics error as the command line says it: the library's line and what
    the player can do."""
    advice = STATS_ADVICE.get(error.problem)
    return f"{error}: {advice}" if advice else str(error)
