"""Mutation testing of the four lower layers (words, engine, search, store) with mutmut.

    pip install -e '.[test,mutation]'
    nice -n 15 python benchmarks/mutation.py                  # all four, 2 children
    nice -n 15 python benchmarks/mutation.py words engine/kernel.py --budget 1800
    python benchmarks/mutation.py --report                     # the last results only

mutmut (configured in pyproject.toml, [tool.mutmut]) copies the package into mutants/,
runs the in-process tests once to learn which tests reach which function and how long each
takes, then runs against each mutant the quickest of the tests that reach its function, until
their measured time adds up to a second (tests/conftest.py, MUTATION_BUDGET), quickest first
(`-x`: the first failure kills it).
Targets are packages or modules under lenwordle/ (`words`, `engine/kernel.py`); without
targets, all four packages. `--budget` stops the run after so many seconds (mutmut keeps what
it has checked, reported as such; a run given targets checks all their mutants again, so a
long run is best split by module). Then it prints, per module, the mutants checked, killed,
timed out and survived, and the kill rate: (killed + timeouts) / checked.
See docs/reliability.md#mutation-testing.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("words", "engine", "search", "store")

# mutmut's exit codes of a mutant's test run (mutmut/stats.py), grouped as this report counts
KILLED = {1, 3}
SURVIVED = {0}
TIMEOUT = {36, -24, 24, 152, 255}
NO_TESTS = {5, 33}


def target_glob(target: str) -> str:
    """Return mutmut's name pattern for a package or module under lenwordle/."""
    name = target.strip("/").removeprefix("lenwordle/").removesuffix(".py")
    if name.split("/")[0] not in PACKAGES:
        raise SystemExit(f"error: {target!r} is not under {', '.join(PACKAGES)}")
    if (
        not (ROOT / "lenwordle" / name).is_dir()
        and not (ROOT / "lenwordle" / (name + ".py")).is_file()
    ):
        raise SystemExit(f"error: no package or module lenwordle/{name}")
    return "lenwordle." + name.replace("/", ".") + ".*"


def run_mutmut(globs: list[str], children: int, budget: float | None) -> tuple[int, float]:
    """Run mutmut on the mutants matching globs; return its exit code and the wall time (s)."""
    mutmut = shutil.which("mutmut", path=str(Path(sys.executable).parent)) or shutil.which(
        "mutmut"
    )
    if mutmut is None:
        raise SystemExit("error: mutmut is not installed: pip install -e '.[mutation]'")
    start = time.monotonic()
    proc = subprocess.Popen([mutmut, "run", "--max-children", str(children), *globs], cwd=ROOT)
    try:
        proc.wait(timeout=budget)
    except subprocess.TimeoutExpired:
        print(f"\nbudget of {budget:.0f} s spent: stopping mutmut (it keeps what it checked)")
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    except KeyboardInterrupt:
        proc.send_signal(signal.SIGINT)
        proc.wait()
        raise
    return proc.returncode, time.monotonic() - start


def results(globs: list[str]) -> dict[str, Counter[str]]:
    """Return, per module, the count of its mutants by outcome (from mutants/**/*.meta)."""
    prefixes = [g.removesuffix("*") for g in globs]
    by_module: dict[str, Counter[str]] = {}
    for meta in sorted((ROOT / "mutants" / "lenwordle").rglob("*.py.meta")):
        module = meta.relative_to(ROOT / "mutants").as_posix().removesuffix(".meta")
        dotted = module.removesuffix(".py").replace("/", ".") + "."
        if prefixes and not any(dotted.startswith(p) or p.startswith(dotted) for p in prefixes):
            continue
        codes = json.loads(meta.read_text())["exit_code_by_key"]
        counts: Counter[str] = Counter()
        for name, code in codes.items():
            if prefixes and not any(name.startswith(p) for p in prefixes):
                continue
            counts["mutants"] += 1
            if code is None:
                counts["not checked"] += 1
            elif code in KILLED:
                counts["killed"] += 1
            elif code in SURVIVED:
                counts["survived"] += 1
            elif code in TIMEOUT:
                counts["timeout"] += 1
            elif code in NO_TESTS:
                counts["no tests"] += 1
            else:
                counts["other"] += 1
        if counts["mutants"]:
            by_module[module] = counts
    return by_module


COLUMNS = ("mutants", "killed", "timeout", "survived", "no tests", "not checked", "other")


def report(by_module: dict[str, Counter[str]]) -> str:
    """Return the table of outcomes per module and per package, with the kill rates."""
    lines = [f"{'module':34}" + "".join(f"{c:>12}" for c in COLUMNS) + f"{'kill rate':>11}"]

    def row(name: str, c: Counter[str]) -> str:
        checked = c["killed"] + c["timeout"] + c["survived"] + c["no tests"] + c["other"]
        rate = f"{(c['killed'] + c['timeout']) / checked:.1%}" if checked else "-"
        return f"{name:34}" + "".join(f"{c[k]:>12}" for k in COLUMNS) + f"{rate:>11}"

    total: Counter[str] = Counter()
    for package in PACKAGES:
        modules = {m: c for m, c in by_module.items() if m.split("/")[1] == package}
        if not modules:
            continue
        subtotal: Counter[str] = Counter()
        for module, counts in modules.items():
            lines.append(row(module, counts))
            subtotal += counts
        lines.append(row(f"  lenwordle/{package}/ (all)", subtotal))
        total += subtotal
    lines.append(row("total", total))
    lines.append(
        "kill rate: (killed + timeouts) / checked, where checked is every mutant run "
        "(survivors and mutants no test reaches count against it)"
    )
    return "\n".join(lines)


def survivors(globs: list[str]) -> list[str]:
    """Return the names of the surviving mutants (`mutmut show NAME` shows each)."""
    prefixes = [g.removesuffix("*") for g in globs]
    names = []
    for meta in sorted((ROOT / "mutants" / "lenwordle").rglob("*.py.meta")):
        for name, code in json.loads(meta.read_text())["exit_code_by_key"].items():
            if code in SURVIVED and (not prefixes or any(name.startswith(p) for p in prefixes)):
                names.append(name)
    return names


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("targets", nargs="*", help="packages or modules under lenwordle/")
    parser.add_argument("--max-children", type=int, default=2, help="mutants run at once")
    parser.add_argument("--budget", type=float, help="stop mutmut after so many seconds")
    parser.add_argument("--report", action="store_true", help="only report the last results")
    parser.add_argument("--survivors", action="store_true", help="list the surviving mutants")
    args = parser.parse_args()
    if args.max_children < 1:
        raise SystemExit("error: --max-children must be at least 1")
    if args.budget is not None and args.budget <= 0:
        raise SystemExit("error: --budget must be a positive number of seconds")
    globs = [target_glob(t) for t in args.targets] or [f"lenwordle.{p}.*" for p in PACKAGES]
    os.chdir(ROOT)
    if not args.report:
        code, wall = run_mutmut(globs, args.max_children, args.budget)
        print(f"\nwall time: {wall:.0f} s with {args.max_children} children")
        if code not in (0, -signal.SIGINT, 130):  # it stopped before checking its mutants
            print(report(results(globs)))
            raise SystemExit(f"error: mutmut failed (exit {code}); its output is above")
    print(report(results(globs)))
    if args.survivors:
        print("\n".join(survivors(globs)))


if __name__ == "__main__":
    main()
