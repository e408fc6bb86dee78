"""The text `lenwordle review` prints: each turn's figures, then the game's."""

import json
from collections.abc import Callable

from lenwordle.api import PictureReview, Reviewed
from lenwordle.cli.formatting import coloured_word, plural


def review_lines(done: Reviewed, as_json: bool = False, colour: bool = False) -> list[str]:
    """Return a game's review: two lines a turn, then the game's (_summary_lines); or one JSON
    object. colour: the guesses as coloured letter tiles, else WORD and tiles."""
    answer, summary, shown = done.answer, done.figures, done.display
    if as_json:
        turns = [r.as_dict() for r in done.turns]
        return [json.dumps({"answer": answer, "turns": turns, "summary": summary})]
    lines = []
    for number, (turn, row) in enumerate(zip(done.turns, done.rows), 1):
        lines += _turn_lines(number, turn, row, colour, shown, done.ultra_hard)
    return lines + _summary_lines(answer, summary, shown)


def _score(value: int | None) -> str:
    """Return a skill or luck for the text ('-' when there is none)."""
    return "-" if value is None else str(value)


def _turn_lines(
    number: int, turn, row: str, colour: bool, shown: Callable[[str], str], ultra: bool = False
) -> list[str]:
    """Return one turn of a review: the guess (its row as tiles), the words before and after,
    the skill, the luck and the flags (ultra: the rules broken are ultra-hard's); then its
    figures beside the best guess's."""
    mode = "ultra-hard" if ultra else "hard mode"
    word = shown(turn.guess)
    guess = coloured_word(word, turn.reply) if colour else f"{word} {row}"
    words = plural(turn.possible_after, "word")
    scores = f"  skill {_score(turn.skill)}  luck {_score(turn.luck)}"
    flags = [
        f"after the game refused {' '.join(map(shown, turn.refused))}" if turn.refused else "",
        f"breaks {mode}: {turn.hard_mode_problem}" if turn.hard_mode_problem else "",
        "" if turn.could_be_answer or turn.solved else "could not be the answer",
        "solved" if turn.solved else "",
    ]
    told = "; ".join(flag for flag in flags if flag)
    head = f"{number}. {guess}  {turn.possible_before} -> {words}{scores}"
    head += f"  [{told}]" if told else ""
    if turn.expected_left is None:
        return [head, "   no word the solver knows was still possible (outside the dictionary?)"]
    yours = f"yours: {_left_and_guesses(turn.expected_left, turn.expected_guesses)}"
    if turn.guess == turn.best_guess:
        return [head, f"   {yours} (the best)"]
    best = _left_and_guesses(turn.best_expected_left, turn.best_expected_guesses)
    return [head, f"   {yours} | best {shown(turn.best_guess)}: {best}"]


def _left_and_guesses(left: float, guesses: float) -> str:
    """Return '61.2 left, 3.41 guesses': expected words left and expected guesses."""
    return f"{left:.1f} left, {guesses:.2f} guesses"


def _summary_lines(answer: str | None, summary: dict, shown: Callable[[str], str]) -> list[str]:
    """Return a review's last lines: the game's skill and luck, the guesses played against
    lenwordle's expectation and its own game, the verdict."""
    n = summary["guesses"]
    scores = (
        f"Game: skill {_score(summary['skill'])}  luck {_score(summary['luck'])} | "
        f"{summary['matched_best']} of {n} as good as the best"
    )
    steps = f"Steps: {plural(n, 'guess', 'es')}"
    if summary["expected_guesses"] is not None:
        steps += f"; lenwordle expects {summary['expected_guesses']:.2f} from the start"
    if answer is not None:
        own = summary["lenwordle_guesses"]
        takes = f"it takes {own} on" if own is not None else "it does not find"
        steps += f"; {takes} {shown(answer)}"
    return [scores, steps, summary["verdict"]]


def variant_review_lines(done: Reviewed, as_json: bool) -> list[str]:
    """Return a variant's game reviewed from its rows, a line a turn (variant_turn_line) then
    the verdict; or one JSON object (each reply in the variant's marks)."""
    if as_json:
        turns = [t.as_dict() for t in done.turns]
        return [json.dumps({"variant": done.variant, "turns": turns} | done.figures)]
    lines = [variant_turn_line(t, done.display, row) for t, row in zip(done.turns, done.rows)]
    return [*lines, done.figures["verdict"]]


def variant_turn_line(turn, shown: Callable[[str], str], tiles_shown: str) -> str:
    """Return a variant's turn reviewed in a line: its row as the game showed it (tiles_shown),
    the answers left, its expected guesses beside the best's, skill and luck."""
    refused = " ".join(map(shown, turn.refused))
    return (
        f"{shown(turn.guess)} {tiles_shown}  "
        f"{turn.possible_before} -> {turn.possible_after} words  expected guesses "
        f"{turn.expected_guesses:.2f} (best {shown(turn.best_guess)} "
        f"{turn.best_expected_guesses:.2f})  skill {turn.skill}  luck {_score(turn.luck)}"
        + (f"  [after the game refused {refused}]" if refused else "")
    )


def picture_lines(seen: PictureReview, as_json: bool = False, colour: bool = False) -> list[str]:
    """Return a screenshot's game: a line a row read (its word and tiles), then its review
    (review_lines; a variant's, variant_review_lines), a board each under its number when
    there are several; or one JSON object, the board read and the review (several boards:
    {"boards": [that object, a board each]})."""
    boards = list(zip(seen.boards, seen.reviews))
    if as_json:
        each = [{"read": read.as_dict(), "review": json.loads(reviewed_lines(done, True)[0])}
                for read, done in boards]  # fmt: skip
        return [json.dumps(each[0] if len(each) == 1 else {"boards": each})]
    lines = []
    for number, (read, done) in enumerate(boards, 1):
        if len(boards) > 1:
            lines.append(f"Board {number}:")
        lines += [
            f"Read: {coloured_word(word, reply) if colour else f'{word} {reply}'}"
            for word, reply in zip(read.shown, read.replies)
        ]
        lines += reviewed_lines(done, False, colour)
    return lines


def reviewed_lines(done: Reviewed, as_json: bool, colour: bool = False) -> list[str]:
    """Return a game's review: Wordle's (review_lines), or a variant's (variant_review_lines)."""
    if done.variant is None:
        return review_lines(done, as_json, colour)
    return variant_review_lines(done, as_json)
