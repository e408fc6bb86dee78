"""The text the commands print: a game, a benchmark, starter files, a precompute report,
the languages, a tree (a review's: review_text.py)."""

import json
from collections.abc import Callable, Iterable

from lenwordle.api import MadeTree, Played
from lenwordle.api.starters import Language, PrecomputeReport, folder_problem, path_for
from lenwordle.api.text import tiles_side_by_side

TILE_COLOURS = {"g": "42", "y": "43", ".": "100"}  # ANSI backgrounds: green, yellow, grey
# the high-contrast mode's, as the games show it (🟧 🟦): orange and blue backgrounds (256 colours)
HIGH_CONTRAST_COLOURS = {"g": "48;5;208", "y": "48;5;33", ".": "100"}
STUCK = "no word lenwordle knows fits or splits what is left"  # why a game stopped unsolved


def plural(n: int, word: str, suffix: str = "s") -> str:
    """Return 'n word' with the plural suffix unless n is 1."""
    return f"{n} {word}{suffix if n != 1 else ''}"


def game_lines(game: Played, as_json: bool = False) -> list[str]:
    """Return a game played: each guess (as the player reads it) with its row as the game
    shows it, then whether it was won and in how many guesses; or one JSON object ("solved":
    every answer found, over the limit too; "won": within it, as a review's figures say)."""
    shown, variant = game.display, game.variant
    if (len(game.turns[0][1]) if game.turns else len(game.answers)) > 1:  # several boards
        return _boards_lines(game, as_json, shown)
    history = game.history
    answer = game.answers[0] if game.answers else None  # Absurdle: the word the host kept
    if as_json:
        turns = [{"word": word, "feedback": reply} for word, reply in history]
        figures: dict[str, object] = {"absurdle": True} if game.absurdle else {}
        figures |= {"variant": variant, "answer": answer, "solved": game.solved}
        figures |= {"won": game.won, "score": game.guesses, "answers": list(game.answers)}
        return [json.dumps(figures | {"guesses": turns})]
    lines = [f"{shown(word)} {row}" for (word, _), row in zip(history, game.rows)]
    return lines + [_outcome(game, answer, plural(len(history), "guess", "es"), shown)]


def _outcome(game, answer: str | None, played: str, shown: Callable[[str], str]) -> str:
    """Return the last line of a one-board game: won, out of guesses, over the limit or not."""
    if game.survival:  # (Antiwordle: the answer avoided)
        return f"Survived {game.guesses} guesses; the answer was {shown(answer or '')}."
    if game.out_of_guesses:
        lost = "the host not beaten" if game.absurdle else f"{shown(answer or '')} not solved"
        return f"Out of guesses: {lost} in {played}, the limit."
    if game.absurdle:
        if game.won:
            assert answer is not None  # the word the host kept: it showed all green
            return f"Beat the host in {played}: it was left with {shown(answer)}."
        if game.solved:
            return f"Beat the host in {played}, over the limit of {game.limit}."
        return f"Not solved after {played}."
    if game.won:
        return f"Solved in {played}."
    if game.solved:
        return f"Solved in {played}, over the limit of {game.limit}."
    assert answer is not None  # not Absurdle: the game had an answer
    if game.capped:
        return (
            f"Not solved: {shown(answer)} not found in {played}, where a game with no limit "
            "stops (--max-guesses M sets one)."
        )
    return f"Not solved: {shown(answer)}: {STUCK} ({played} played)."


def _boards_lines(game, as_json: bool, shown: Callable[[str], str]) -> list[str]:
    """Return a game of several boards, a line a guess (boards_line), then its outcome."""
    if as_json:
        turns = [{"word": word, "feedback": list(replies)} for word, replies in game.turns]
        figures = {"variant": "wordle", "answers": list(game.answers), "solved": game.solved}
        figures |= {"won": game.won, "score": game.guesses}
        return [json.dumps(figures | {"guesses": turns})]
    k, boards = len(game.answers[0]), len(game.answers)
    lines = [boards_line(word, replies, shown) for word, replies in game.turns]
    played = plural(len(game.turns), "guess", "es")
    done = sum(any(replies[i] == "g" * k for _, replies in game.turns) for i in range(boards))
    left = f"{boards - done} of {boards} boards"
    if game.won:
        return lines + [f"Solved all {boards} boards in {played}."]
    if game.out_of_guesses:
        return lines + [f"Out of guesses: {left} not solved in {played}, the limit."]
    if game.solved:
        over = f"over the limit of {game.limit}"
        return lines + [f"Out of guesses: all {boards} boards took {played}, {over}."]
    return lines + [f"Not solved: {left} after {played}: {STUCK}."]


def boards_line(
    word: str, replies, shown: Callable[[str], str] = str.upper, high_contrast: bool = False
) -> str:
    """Return a guess (as `shown`) with each board's tiles side by side (blank once a board
    is solved; high_contrast: 🟧 🟦)."""
    return f"{shown(word)}  {tiles_side_by_side(replies, '  ', high_contrast)}"


def coloured_word(word: str, reply: str, high_contrast: bool = False) -> str:
    """Return the guess as letter tiles in ANSI colours (high_contrast: orange and blue)."""
    colours = HIGH_CONTRAST_COLOURS if high_contrast else TILE_COLOURS
    return "".join(f"\x1b[1;97;{colours[m]}m {capitals(ch)} \x1b[0m" for ch, m in zip(word, reply))


def capitals(text: str) -> str:
    """Return text in capitals, a letter for a letter (ß stays ß: STRAßE has 6, as its tiles)."""
    return "".join(ch if ch == "ß" else ch.upper() for ch in text)


def bench_lines(figures: dict, refusals: bool = False, as_json: bool = False) -> list[str]:
    """Return a benchmark's figures: a summary line, the refusals (if a game could refuse),
    a histogram of guesses as bars and the failed words; or one JSON object."""
    if as_json:
        return [json.dumps(figures)]
    lines = [
        f"games {figures['games']}  mean {_figure(figures['mean'], '.4f')}"
        f"{_over_solved(figures)}  max {_figure(figures['max'], 'd')}  "
        f"failures {figures['failures']}  ({figures['seconds']:.1f} s, "
        f"{figures['games_per_second']} games/s, slowest game "
        f"{figures['slowest_game_seconds']:.1f} s)"
    ]
    if refusals:
        lines.append(
            f"refusals {figures['refusals']} ({figures['refusals_per_game']:.3f} per game, "
            f"at most {figures['max_refusals']} in a game; not counted as guesses)"
        )
    top = max(figures["histogram"].values(), default=1) or 1
    rows = list(figures["histogram"].items())
    while len(rows) > 6 and rows[0][1] == 0:  # several boards: from the fewest guesses seen
        rows.pop(0)
    for n, count in rows:
        lines.append(f"{n:>3} {'█' * round(40 * count / top):<40} {count}")
    if figures["failed"]:
        lines.append("failed: " + " ".join(figures["failed"]))
    return lines


def _figure(value, spec: str) -> str:
    """Return a figure formatted, or '-' for none (a mean over no game)."""
    return "-" if value is None else format(value, spec)


def _over_solved(figures: dict) -> str:
    """Return what the mean and max are taken over, when some targets could not be solved."""
    if unsolvable := len(figures["unsolvable"]):
        return f" over {figures['solved']} solved ({unsolvable} unsolvable excluded)"
    return ""


def language_lines(languages: Iterable[tuple[Language, dict[int, int]]]) -> list[str]:
    """Return a language's game, letters, accent rules, words per length and sources."""
    lines = []
    for lang, counts in languages:
        letters = lang.alphabet().described()
        per_length = "  ".join(f"{k}: {n:,}".replace(",", " ") for k, n in counts.items())
        lines += [
            f"{lang.code}  {lang.name}: {lang.game}",
            f"    letters: {letters} ({lang.alphabet().size})",
            f"    --accents {lang.default} (default): {lang.rule_text()}",
        ]
        for rule in lang.rules()[1:]:
            size = lang.alphabet(rule).size
            lines.append(f"    --accents {rule}: {lang.rule_text(rule)} ({size} letters)")
        for rule in lang.rules():
            if lang.folds_to_two(rule):
                two = ", ".join(f"{ch} is {to}" for ch, to in lang.folds_to_two(rule).items())
                lines.append(f"    --accents {rule}: {two} (a letter longer)")
        lines += [f"    words: {per_length}", f"    sources: {lang.sources}"]
    return lines


def starter_lines(k: int, record: dict, shown: Callable[[str], str] = str.upper) -> list[str]:
    """Return a starter file: what it was made from, then its openers ranked in a table."""
    made = record.get("made_from", {})
    width = max(k, 4)
    lines = [
        f"{k} letters, {made.get('allowed', '?')} words ({made.get('words', '?')}), "
        f"strategy {made.get('strategy', '?')}, shortlist {made.get('shortlist', '?')}%",
        f"{'rank':>4}  {'word':<{width}}  {'entropy':>8}  {'estimate':>8}  {'left':>8}",
    ]
    for rank, o in enumerate(record["openers"], 1):
        lines.append(
            f"{rank:>4}  {shown(o['word']):<{width}}  {o.get('entropy', 0):8.3f}  "
            f"{o.get('estimate', 0):8.3f}  {o.get('expected_remaining', 0):8.1f}"
        )
    return lines


def precomputed_lines(report: PrecomputeReport, shown: Callable[[str], str]) -> list[str]:
    """Return a line for each starter file written: its best opener, path and time."""
    lines = []
    for written in report.written:
        best = written.record["openers"][0]
        lines.append(
            f"{written.record['k']:2d} letters: {shown(best['word'])} (entropy "
            f"{best['entropy']:.3f} bits, {best['expected_remaining']:.1f} words left on "
            f"average) -> {written.path} in {written.seconds:.1f} s"
        )
    return lines


def precompute_failure(report: PrecomputeReport) -> tuple[str, int] | None:
    """Return the one-line error of a precompute and its exit code (1 if a file could not be
    written, else 2), or None if every length was written."""
    problems, folder = list(report.problems), report.folder
    if report.unwritten:
        names = ", ".join(path_for(folder, k).name for k, _ in report.unwritten)
        kept = ", ".join(written.path.name for written in report.written) or "none"
        why = folder_problem(report.unwritten[0][1], folder)
        problems.insert(0, f"cannot write {names} in {folder} ({why}); written: {kept}")
    if not problems:
        return None
    more = f" (and {len(problems) - 1} more lengths failed)" if len(problems) > 1 else ""
    return problems[0] + more, 1 if report.unwritten else 2


def tree_lines(result: MadeTree, with_paths: bool = False) -> list[str]:
    """Return a best tree's figures, whether it is proven and each opener's total; with_paths,
    a line per answer with its guesses."""
    figures, shown = result.figures, result.display
    assert figures is not None  # (the library's tree comes with its figures)
    width = result.tried
    if not result.complete:
        status = "not proven: interrupted, the best tree so far"
    elif result.proven:
        status = "proven optimal"
    else:
        status = f"optimal among the trees playing {width} in each position (an upper bound)"
    lines = [
        f"opener {shown(result.opener)}  total {figures['total']}  mean {figures['mean']:.4f}"
        f"  max {figures['max']}  answers {figures['answers']}  ({result.seconds:.1f} s)",
        status,
    ]
    top = max(figures["histogram"].values(), default=1) or 1
    for n, count in figures["histogram"].items():
        lines.append(f"{n:>3} {'█' * round(40 * count / top):<40} {count}")
    if len(result.openers) > 1:
        each = (f"{shown(w)} {'-' if t is None else t}" for w, t in result.openers.items())
        lines.append("openers: " + "  ".join(each))
    if with_paths:
        paths = result.tree.paths()
        lines += [f"{a} " + " ".join(shown(g) for g, _ in paths[a]) for a in sorted(paths)]
    return lines
