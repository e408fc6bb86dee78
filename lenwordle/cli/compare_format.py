"""The text `lenwordle compare` prints: an aligned table, CSV or one JSON object."""

import csv
import io
import json

# the CSV's columns, each a key of a strategy's figures (compare_run.figures_of)
CSV_COLUMNS = (
    "strategy",
    "games",
    "solved",
    "mean",
    "max",
    "failures",
    "seconds",
    "seconds_per_game",
)
TABLE_HEAD = ("strategy", "games", "mean", "max", "failures", "seconds", "per game")


def compare_lines(rows: list[dict], as_csv: bool = False, as_json: bool = False) -> list[str]:
    """Return the strategies' figures: a table (a row each, in the order given, then what
    the means leave out and the failed words), CSV lines or one JSON object."""
    if as_json:
        return [json.dumps({"strategies": rows})]
    if as_csv:
        return csv_lines(rows)
    return table_lines(rows) + notes_below(rows)


def csv_lines(rows: list[dict]) -> list[str]:
    """Return a header of CSV_COLUMNS, then a line per strategy (none: an empty cell)."""
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for row in rows:
        writer.writerow(["" if row[key] is None else row[key] for key in CSV_COLUMNS])
    return text.getvalue().splitlines()


def table_lines(rows: list[dict]) -> list[str]:
    """Return the table: the strategy's name left-aligned, the figures right-aligned."""
    cells = [TABLE_HEAD] + [
        (
            row["strategy"],
            str(row["games"]),
            _figure(row["mean"], ".4f"),
            _figure(row["max"], "d"),
            str(row["failures"]),
            f"{row['seconds']:.2f}",
            _duration(row["seconds_per_game"]),
        )
        for row in rows
    ]
    widths = [max(len(line[i]) for line in cells) for i in range(len(TABLE_HEAD))]
    return [
        "  ".join(
            [line[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(line[1:], widths[1:])]
        ).rstrip()
        for line in cells
    ]


def notes_below(rows: list[dict]) -> list[str]:
    """Return a line for each strategy that left targets unsolved (its mean and max are over
    the solved games) and one naming the games each failed."""
    lines = [
        f"{row['strategy']}: mean and max over the {row['solved']} solved of {row['games']} "
        f"games ({len(row['unsolvable'])} unsolvable)"
        for row in rows
        if row["unsolvable"]
    ]
    return lines + [
        f"{row['strategy']} failed: {' '.join(row['failed'])}" for row in rows if row["failed"]
    ]


def _duration(seconds: float | None) -> str:
    """Return a game's time: '4.7 ms' under a second, '1.13 s' from one ('-' for none)."""
    if seconds is None:
        return "-"
    return f"{1000 * seconds:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def _figure(value, spec: str) -> str:
    """Return a figure formatted, or '-' for none (a mean over no game)."""
    return "-" if value is None else format(value, spec)
