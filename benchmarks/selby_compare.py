"""lenwordle's exact tree search against Alex Selby's Wordle solver, side by side: the time to
prove one opener's value (or to refute it against a cutoff) on the same word lists.

Selby's program is public (github.com/alex1770/wordle, C++); build it yourself (the commands
are in docs/benchmarks.md, "Against Selby's solver") and give its binary's path. This script
fetches and builds nothing and holds none of its code: it only runs the binary, with the
standard lists written to a temporary folder in the binary's format (one lower-case word a
line; `-a` the allowed guesses, `-h` the answers), and reads the value it prints.

Each row runs both programs in fresh processes, one after the other: Selby's
`wordle -a ALL -h HIDDEN -w OPENER [-H] [-b CUTOFF]` and lenwordle's
`lenwordle tree --start OPENER --width all --workers 1 [--hard]` (a proof), or, for a cutoff,
lenwordle's proof of that opener as `lenwordle prove` proves each first guess
(search.proof: every guess tried, parts bounded first) with the cutoff as its beta. Seconds
are of the whole process (start-up, word lists and pattern table included), wall and CPU
(user + system: steadier on a shared machine; the ratio is lenwordle's CPU over Selby's),
with the seconds Selby prints for its search alone; `--way search` times that proof for the
exact rows too (no quick trees for Ctrl-C, no tree stored).

Run: python benchmarks/selby_compare.py /path/to/wordle [--normal salet,reast,raise,cline]
     [--hard salet] [--cutoffs fuzzy:8014,adieu:8014,trace:7920] [--lists DIR] [--way cli]
"""

import argparse
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

HERE = Path(__file__).resolve().parent.parent
NYT = HERE.parent / "shared" / "bench" / "nyt"
# Selby's published exact values on these lists (his normal.top105.proven, hard.top101.proven)
PUBLISHED = {
    ("salet", "normal"): 7920,
    ("reast", "normal"): 7923,
    ("trace", "normal"): 7926,
    ("cline", "normal"): 8011,
    ("raise", "normal"): 8014,
    ("salet", "hard"): 8122,
}
SELBY_VALUE = re.compile(r"First guess (\w+) ([ >])=\s+(\d+)")
LENWORDLE_VALUE = re.compile(r"total (\d+)")
Row = tuple[str, str, int]  # opener, "normal" or "hard", cutoff (0: the exact value)
# lenwordle's search of one opener, with a cutoff (beta) or none, in a fresh process
SEARCH_JOB = """
import sys
from lenwordle.engine.state import GameState
from lenwordle.search import proof
from lenwordle.search.optimal import INFEASIBLE, problem_of
from lenwordle.words.wordlist import read_words
lists, word, hard, cutoff = sys.argv[1], sys.argv[2], sys.argv[3] == "hard", int(sys.argv[4])
allowed = read_words(lists + "/guesses.txt", 5)
answers = read_words(lists + "/answers.txt", 5)
problem = problem_of(GameState.new(allowed, answers, uniform=True, hard=hard))
search = proof.proof_search(problem)  # (as `lenwordle prove` proves each first guess)
total, exact = proof.opener_total(search, word, cutoff or INFEASIBLE)
print(f"total {total}", "=" if exact else ">=")
"""


def selby_lists(lists: Path, folder: Path) -> tuple[Path, Path]:
    """Write the answers and guesses as Selby's program reads them (one lower-case word a
    line) into folder; return (all guesses, answers)."""
    paths = []
    for source, name in (("guesses.txt", "all"), ("answers.txt", "hidden")):
        words = (lists / source).read_text(encoding="utf-8").split()
        path = folder / name
        path.write_text("".join(word.lower() + "\n" for word in words), encoding="utf-8")
        paths.append(path)
    return paths[0], paths[1]


class Run(NamedTuple):
    """One program's answer on one row: the value (None: stopped at the timeout), whether it
    is only a bound at or past the cutoff, wall seconds and CPU seconds of its process."""

    value: int | None
    cut: bool
    wall: float
    cpu: float

    def shown(self) -> str:
        """Return the value as the table shows it: '>=v' for a bound, '?' when stopped."""
        if self.value is None:
            return f"? (stopped at {self.wall:.0f} s)"
        return f">={self.value}" if self.cut else str(self.value)


def timed(
    command: list[str], cwd: Path, timeout: float, env: dict | None = None
) -> tuple[str | None, float, float]:
    """Return the standard output of a command (None: stopped after timeout seconds), its
    wall seconds and the CPU seconds (user + system) of its process and those it waited for."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    try:
        done = subprocess.run(
            command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        done = None
    wall = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    if done is None:
        return None, wall, cpu
    if done.returncode:
        raise SystemExit(f"error: {' '.join(command)} failed: {done.stderr.strip()[-300:]}")
    return done.stdout, wall, cpu


def run_selby(binary: Path, lists: tuple[Path, Path], row: Row, folder: Path, timeout: float):
    """Return Selby's Run of one row, and the seconds it prints for its search alone."""
    word, mode, cutoff = row
    command = [str(binary), "-a", str(lists[0]), "-h", str(lists[1]), "-w", word]
    command += ["-H"] if mode == "hard" else []
    command += ["-b", str(cutoff)] if cutoff else []
    out, wall, cpu = timed(command, folder, timeout)
    if out is None:
        return Run(None, False, wall, cpu), cpu
    found = SELBY_VALUE.search(out)
    own = re.search(r"Time taken = ([\d.]+)s", out)
    if not found or not own:
        raise SystemExit(f"error: no value in the output of {' '.join(command)}")
    return Run(int(found[3]), found[2] == ">", wall, cpu), float(own[1])


def run_lenwordle(lists: Path, row: Row, way: str, folder: Path, timeout: float) -> Run:
    """Return lenwordle's Run of one row."""
    word, mode, cutoff = row
    paths = [str(HERE), os.environ.get("PYTHONPATH", "")]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(path for path in paths if path))
    if cutoff or way == "search":
        command = [sys.executable, "-c", SEARCH_JOB, str(lists), word, mode, str(cutoff)]
    else:
        command = [sys.executable, "-m", "lenwordle", "tree", "--start", word, "--width", "all"]
        command += ["--words", str(lists / "guesses.txt"), "--answers", str(lists / "answers.txt")]
        command += ["--workers", "1", "--trees", str(folder / "trees")]
        command += ["--hard"] if mode == "hard" else []
    out, wall, cpu = timed(command, folder, timeout, env)
    if out is None:
        return Run(None, False, wall, cpu)
    found = LENWORDLE_VALUE.search(out)
    if not found:
        raise SystemExit(f"error: no total in the output of {' '.join(command[:4])} ...")
    return Run(int(found[1]), out.rstrip().endswith(">="), wall, cpu)


def rows_of(args: argparse.Namespace) -> list[Row]:
    """Return the rows to run: (opener, mode, cutoff; 0 for an exact value)."""
    rows = [(w, "normal", 0) for w in args.normal.lower().split(",") if w]
    rows += [(w, "hard", 0) for w in args.hard.lower().split(",") if w]
    for item in (c for c in args.cutoffs.lower().split(",") if c):
        word, _, bound = item.partition(":")
        mode = "hard" if word.endswith("!") else "normal"
        rows.append((word.rstrip("!"), mode, int(bound)))
    return rows


def table_row(args: argparse.Namespace, row: Row, lists: tuple[Path, Path], folder: Path) -> str:
    """Return one line of the table: both programs run on one row."""
    word, mode, cutoff = row
    selby, own = run_selby(args.selby, lists, row, folder, args.timeout)
    ours = (
        None
        if args.skip_lenwordle
        else run_lenwordle(args.lists, row, args.way, folder, args.timeout)
    )
    cells = [word.upper(), mode, str(cutoff or ""), str(PUBLISHED.get((word, mode), ""))]
    cells += [selby.shown(), ours.shown() if ours else ""]
    cells += [f"{selby.wall:.1f} / {selby.cpu:.1f} ({own:.2f})"]
    if ours:
        ratio = f"{ours.cpu / max(selby.cpu, 0.01):.0f}x" + ("+" if ours.value is None else "")
        cells += [f"{ours.wall:.1f} / {ours.cpu:.1f}", ratio]
    else:
        cells += ["", ""]
    return "| " + " | ".join(cells) + " |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("selby", type=Path, help="Selby's wordle binary, built by you")
    parser.add_argument("--normal", default="salet,reast,raise,cline", help="openers, normal mode")
    parser.add_argument("--hard", default="salet", help="openers, hard mode")
    parser.add_argument(
        "--cutoffs",
        default="fuzzy:8014,adieu:8014,trace:7920",
        help="OPENER:CUTOFF refutations (normal mode; OPENER!:CUTOFF for hard mode)",
    )
    parser.add_argument("--lists", type=Path, default=NYT, help="holds answers.txt, guesses.txt")
    parser.add_argument("--way", choices=("cli", "search"), default="cli")
    parser.add_argument("--timeout", type=float, default=900.0, help="seconds a run may take")
    parser.add_argument("--skip-lenwordle", action="store_true")
    args = parser.parse_args()
    if not (args.selby.is_file() and os.access(args.selby, os.X_OK)):
        raise SystemExit(f"error: selby: {args.selby} is not an executable file")
    print(
        f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; lenwordle: {args.way}"
    )
    print(
        "| opener | mode | cutoff | published | Selby | lenwordle | Selby s: wall / CPU "
        "(its search) | lenwordle s: wall / CPU | CPU ratio |"
    )
    print("|" + " --- |" * 9)
    with tempfile.TemporaryDirectory(prefix="selby-compare-") as name:
        folder = Path(name)
        lists = selby_lists(args.lists, folder)
        for row in rows_of(args):
            print(table_row(args, row, lists, folder), flush=True)
    print(f"load average {os.getloadavg()[0]:.2f} after")


if __name__ == "__main__":
    main()
