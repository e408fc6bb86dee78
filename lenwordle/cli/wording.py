"""The terminal's words for what a move says (games/events.py's events), as `play` prints
them, with its commands (WORD FEEDBACK, list, found, undo, help)."""

import math

from lenwordle.api import (
    BoardListing,
    Ended,
    Event,
    Fit,
    Game,
    Help,
    Listing,
    Note,
    Problem,
    Refusal,
    Undone,
)

LIST_HINT = "no known word fits; type list to see what is known"
NOTES = {
    "outside": "note: no word lenwordle knows fits: the answer is outside its dictionary; keep "
    "typing WORD FEEDBACK (all green ends the game), or undo a typo",
    "widened": "note: no word of the answer list fits; suggesting from every word lenwordle knows",
    "list_hint": LIST_HINT,
    "all_refused": "every word that fits has been refused by the game; type WORD FEEDBACK for "
    "the word you play, or undo",
}
NO_FIT = "no word lenwordle knows fits the feedback; what is known:"
ALL_FITTING_REFUSED = "every word that fits has been refused; what is known:"
HELP = """\
{typing}
  (blank line)      the game refused that word: suggest the next best
  WORD FEEDBACK     you played another word (also WORD=FEEDBACK)
{found}  undo              take back the last feedback or refusal
  list              show the likeliest remaining answers
  help              show this"""
FOUND = """\
  found             the game said the word just played is an answer (when its row
                    alone cannot tell: Hardle's anagrams, Xordle's greens of two answers)
"""
EXPECTED = "expected feedback like {example} or WORD FEEDBACK; type help"
PROBLEMS = {  # {detail}: the engine's own account; {message}: the library's
    "expected": EXPECTED,
    "not_text": "{message}; " + EXPECTED,
    "over": "the game is over; undo takes the last move back",
    "no_suggestion": "no suggestion to refuse; type WORD FEEDBACK",
    "last_answer": "{detail}; type WORD FEEDBACK, or undo",
    "nothing_to_suggest": "no word is left to suggest; type WORD FEEDBACK",
    "cannot_be": "{detail}; try again (help for help)",
}


def lines_of(game: Game, events: list[Event]) -> list[str]:
    """Return the lines play prints for a move's events."""
    return [line for event in events for line in said(game, event)]


def said(game: Game, event: Event) -> list[str]:
    """Return the lines of one event."""
    match event:
        case Note():
            return [note(game, event)]
        case Refusal():
            return [f"{event.word}: refused by the game {status(game)}"]
        case Undone():
            what = "the refusal of" if event.refusal else "the feedback for"
            return [f"took back {what} {event.word}"]
        case Ended():
            return [ended(event)]
        case Problem():
            return [problem(game, event)]
        case Help():
            return [HELP.format(typing=event.typing, found=FOUND if event.found else "")]
        case Listing():
            return [line for board in event.boards for line in listing(game, board)]
    return []  # (the reply taken: play shows it as its row of tiles)


def on(game: Game, board: int | None) -> str:
    """Return 'board N: ' before a note about one of several boards ('' on one board)."""
    return "" if board is None or game.boards == 1 else f"board {board + 1}: "


def note(game: Game, event: Note) -> str:
    """Return a note as the terminal says it (list_hint and all_refused are on no board)."""
    if event.kind == "may_be_answer":
        return f"if the game said {event.word} is an answer, type found; if not, go on:"
    if event.fit is not None:  # (past_dictionary: the strings that fit)
        return on(game, event.board) + fitting(event.fit)
    return on(game, event.board) + NOTES[event.kind]


def fitting(fit: Fit) -> str:
    """Return how many strings of letters fit every reply past the dictionary, and which."""
    if fit.count is None:
        return "past the dictionary: too many strings of letters fit to count"
    count = f"{fit.count:,}".replace(",", " ")
    fits = "string of letters fits" if fit.count == 1 else "strings of letters fit"
    said = f"past the dictionary: {count} {fits} every reply"
    return said + (": " + " ".join(fit.strings) if fit.strings else "")


def ended(event: Ended) -> str:
    """Return how the game ended."""
    outcome, n = event.outcome, event.outcome.guesses
    guesses = f"{n} guess{'es' if n != 1 else ''}"
    if outcome.ending == "solved":
        boards = "" if event.boards == 1 else f" all {event.boards} boards"
        late = "" if outcome.within else f", over the limit of {outcome.limit}"
        return f"Solved{boards} in {guesses}{late}."
    if outcome.ending == "hit":  # (Antiwordle: its score is the guesses survived)
        return f"Hit the answer after surviving {outcome.score}."
    boards = f"{event.unsolved} of {event.boards} boards" if event.boards > 1 else "the board"
    return f"Out of guesses: {boards} not solved in {guesses}."


def problem(game: Game, event: Problem) -> str:
    """Return why a line cannot be a move, with what to type instead."""
    if event.kind in PROBLEMS:
        return PROBLEMS[event.kind].format(
            detail=event.detail, example=game.example, message=game.problem_message(event)
        )
    if event.kind != "wrong_count":
        return game.problem_message(event)
    if event.count == 1:
        return f"expected one reply like {game.example}, or WORD FEEDBACK; type help"
    examples = " ".join([game.example] * event.count)
    return (
        f"expected {event.count} replies, one per open board, like {examples} or WORD "
        "REPLIES; type help"
    )


def listing(game: Game, board: BoardListing) -> list[str]:
    """Return a board's listing: its likeliest answers with their chances, or why it has none."""
    head = on(game, board.board)
    if not board.words:
        why = NO_FIT if board.no_fit else ALL_FITTING_REFUSED
        lines = [f"{head}0 possible: {why}", *("  " + line for line in board.known)]
        return lines + (["  " + fitting(board.fit)] if board.fit is not None else [])
    figures = [percent(chance) for _, chance in board.words]
    width = max(map(len, figures), default=0)
    lines = [f"{head}{board.count} possible:"]
    lines += [f"  {word}  {p:>{width}}" for (word, _), p in zip(board.words, figures)]
    if board.count > len(board.words):
        more = board.count - len(board.words)
        lines.append(f"  ... and {more} more ({percent(board.rest)} together)")
    return lines


def status(game: Game) -> str:
    """Return what is still possible, as play shows it beside a suggestion: '(N words)',
    '(120 | 34 | solved)' on several boards, '(N words, P pairs)' in Xordle."""
    if game.boards > 1:
        return f"({' | '.join('solved' if c is None else str(c) for c in game.counts)})"
    count = game.count
    known = "known " if game.probing else ""  # no known word fits: testing letters
    said = f"{count} {known}{game.noun}{'s' if count != 1 else ''}"
    if game.pairs is None:
        return f"({said})"
    among = game.paired_from  # (made of the likeliest only)
    return f"({said}, {game.pairs} pairs" + (f" of the {among} likeliest)" if among else ")")


def percent(chance: float) -> str:
    """Return a chance as a percentage: one decimal from 0.1 % (as rounded) up, two
    significant digits below (0.043%, 0.0021%), '<0.0001%' below 0.0001 %: a list of
    thousands of words shows how they differ, not a tie."""
    value = 100 * chance
    if chance >= 0.00095:
        return f"{value:.1f}%"
    if chance < 0.000001:
        return "<0.0001%"
    decimals = 1 - math.floor(math.log10(float(f"{value:.2g}")))
    return f"{value:.{decimals}f}%"
