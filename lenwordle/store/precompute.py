"""Precompute the starter files of many lengths: share them between workers, write every
file that could be computed, and report what was written and what failed."""

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, TypedDict

import numpy as np
import numpy.typing as npt

from lenwordle.engine.state import GameState
from lenwordle.engine.workers import Tick, fork_map
from lenwordle.store import starters
from lenwordle.strategies.base import Ranking, Strategy
from lenwordle.words.files import check_writable
from lenwordle.words.wordlist import WordListError, wordlist_dir


class Opening(Protocol):
    """A length's opening position, as precompute needs it."""

    @property
    def state(self) -> GameState: ...
    @property
    def solver(self) -> Strategy: ...
    @property
    def skipped(self) -> Sequence[str]: ...
    @property
    def openers_from(self) -> npt.NDArray[np.bool_] | None: ...


class Job(Protocol):
    """One length to precompute (the command line's Settings are one): its length, its word
    file if one was named, and how to open its game."""

    @property
    def k(self) -> int: ...
    @property
    def words(self) -> Path | None: ...

    def opening(self) -> Opening: ...


class FolderError(Exception):
    """The folder cannot take the files, found before any work; .error says why."""

    def __init__(self, error: OSError):
        super().__init__(str(error))
        self.error = error


@dataclass(frozen=True)
class Written:
    """A starter file written: its record, where, and the seconds its computing took."""

    record: starters.StarterRecord
    path: Path
    seconds: float


class Computed(TypedDict, total=False):
    """A length's precompute as its worker sends it back (JSON): its record, the seconds it
    took and the lines of its word file skipped, or the one-line error that stopped it."""

    record: starters.StarterRecord
    seconds: float
    skipped: list[str]
    error: str


@dataclass(frozen=True)
class PrecomputeReport:
    """What a precompute did, each list by length."""

    folder: Path
    written: list[Written] = field(default_factory=list)
    unwritten: list[tuple[int, OSError]] = field(default_factory=list)  # computed, not written
    problems: list[str] = field(default_factory=list)  # lengths not computed, one line each
    skipped: list[str] = field(default_factory=list)  # lines of word files skipped, each length


def precompute(
    jobs: Sequence[Job],
    folder: Path,
    workers: int = 1,
    progress: Callable[[int, int, int], None] | None = None,
) -> PrecomputeReport:
    """Compute the starter file of each job's length and write it in folder; return the report.

    FolderError before any work if folder cannot take the files. progress(k, done, total)
    tells how far length k is. A length that fails does not stop the others.
    """
    try:
        check_writable(folder)
    except OSError as error:
        raise FolderError(error) from error
    # many lengths: whole lengths go to the workers (they balance); few: each length's exact
    # pass is shared between the workers instead (measured faster, benchmarks/workers.py)
    across = len(jobs) > 2 * workers
    inner = 1 if across else workers
    order = sorted(jobs, key=estimated_work, reverse=True)  # largest first: workers end together

    def compute(job: Job, tick: Tick) -> Computed:
        return _computed(job, lambda done, total: tick([done, total]), inner)

    tell = progress or (lambda k, done, total: None)

    def told(index: int, value: object) -> None:
        assert isinstance(value, list)  # compute's tick: [done, total] (back from JSON)
        tell(order[index].k, *value)

    results: list[Computed] = fork_map(compute, order, workers if across else 1, told)
    report = PrecomputeReport(Path(folder))
    for _, job in sorted(zip([job.k for job in order], results), key=lambda pair: pair[0]):
        report.skipped.extend(job.get("skipped", []))
        if "error" in job:
            report.problems.append(job["error"])
            continue
        try:
            path = starters.write(folder, job["record"])
        except OSError as error:
            report.unwritten.append((job["record"]["k"], error))
            continue
        report.written.append(Written(job["record"], path, job["seconds"]))
    return report


def _computed(job: Job, progress: Callable[[int, int], None], workers: int) -> Computed:
    """Return the starter record of settings with its seconds and skipped lines (JSON, as a
    worker sends it back), or the one-line error that stopped it."""
    try:  # the opener is what this computes: no stored one is looked up
        game = job.opening()
    except (WordListError, ValueError) as error:
        return {"error": str(error)}
    solver = game.solver
    if not isinstance(solver, Ranking):  # (the command refuses such a strategy first)
        return {"error": f"--strategy {solver.traits.name} has no starter file"}
    began = time.perf_counter()
    record = starters.compute(
        game.state, solver, progress, workers=workers, among=game.openers_from
    )
    return {
        "record": record,
        "seconds": time.perf_counter() - began,
        "skipped": list(game.skipped),
    }


def estimated_work(job: Job) -> int:
    """Return a rough size of a length's precompute: the bytes of the word file it reads
    (0 if it cannot be found: the job itself then says what is wrong)."""
    try:
        path = job.words or wordlist_dir() / f"{job.k:02d}.tsv"
        return Path(path).stat().st_size
    except (OSError, WordListError):
        return 0
