"""The proof over every first guess (`lenwordle prove`): the table of the best first guesses
with their exact totals, every other one proven worse, kept in a results file as each is
proven (search.proof, store.proof_file), resumed from it, shared out by shards, forked
processes or a Dask cluster."""

from __future__ import annotations

import datetime
import itertools
import os
import platform
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Unpack

from lenwordle.api.checks import (
    Notice,
    SetupError,
    Told,
    a_path,
    at_least,
    typed,
    untold,
    usable_workers,
)
from lenwordle.api.game import checked, options
from lenwordle.api.trees import TreeOptions, checked_scheduler
from lenwordle.engine.workers import Progress, Tick, fork_map, nothing_kept
from lenwordle.search import besttree, proof
from lenwordle.search.optimal import INFEASIBLE, Problem, problem_of
from lenwordle.store import proof_file
from lenwordle.store.proof_file import ProofFile, Verdict
from lenwordle.words.files import BadFile, destination
from lenwordle.words.languages import DEFAULT_LANGUAGE

__all__ = ["DEFAULT_TOP", "Proof", "prove"]

DEFAULT_TOP = 10  # the table's size when none is asked (the standard lists' is 105)
BATCH = 32  # first guesses a forked worker proves in a row, one memo for them
WRITE_SECONDS = 5.0  # the results file is written at most this often, and at the end


@dataclass(frozen=True)
class Proof:
    """A proof as far as it went: the results file, the cutoff (every first guess of a total
    at most it is exact, every other one proven above it), the table (the exact totals, best
    first: the top, with any tied at its last place), how many first guesses are proven of
    how many (of the shard, and of all in the file), whether the shard is done, and the CPU
    hours of every run that made the file."""

    path: Path
    cutoff: int
    table: tuple[tuple[str, int], ...]
    shard: tuple[int, int]
    shard_proven: int
    shard_guesses: int
    proven: int
    guesses: int
    core_hours: float
    interrupted: bool = False
    display: Callable[[str], str] = str.upper  # a word as the player reads it

    @property
    def complete(self) -> bool:
        """Return whether every first guess of the whole problem is proven."""
        return self.proven == self.guesses

    @property
    def best(self) -> tuple[str, int] | None:
        """Return the best first guess and its total, once every first guess is proven."""
        return self.table[0] if self.complete and self.table else None


def prove(
    length: int = 5,
    *,
    results: str | Path | None = None,
    top: int = DEFAULT_TOP,
    shard: tuple[int, int] = (1, 1),
    merge: Sequence[str | Path] = (),
    workers: int = 1,
    lang: str = DEFAULT_LANGUAGE,
    scheduler: str | None = None,
    command: str = "",
    told: Told = untold,
    progress: Progress | None = None,
    **settings: Unpack[TreeOptions],
) -> Proof:
    """Prove the best first guesses of a one-board game: each first guess's exact total when
    it is at most the cutoff, else a lower bound above it, written to results (a proof file)
    as they are proven; a results file of the same proof is resumed (what it holds is not
    proven again); shard (i, n) proves only the first guesses of index i - 1 modulo n; merge
    names other shards' files taken in first; on the Dask cluster at scheduler if given.
    Ctrl-C keeps what is proven (interrupted). SetupError if an argument or a file is wrong."""
    typed("scheduler", scheduler, str, type(None))
    typed("command", command, str)
    checked(dict(settings))
    if ignored := set(settings) - set(TreeOptions.__annotations__):
        raise SetupError(f"prove() takes no {', '.join(sorted(ignored))}: a proof is of one board")
    at_least("top", top, 1)
    shard = checked_shard(shard)
    path = a_path("results", results)
    merged = [merged_path(each) for each in merge_paths(merge)]
    workers = usable_workers(workers, told)
    checked_scheduler(scheduler)
    chosen = options(length, lang, **settings)
    try:
        first = chosen.opening()
    except ValueError as error:
        raise SetupError(str(error).splitlines()[0]) from None
    for line in first.skipped:
        told(Notice(line, kind="warning"))
    problem = problem_of(first.state)
    if too_big := besttree.size_problem(problem):
        raise SetupError(too_big)
    if path is None:
        path = Path(f"proof-{problem.k}-{proof.mode_of(problem)}.txt")
    try:
        destination(path)
    except BadFile as error:
        raise SetupError(f"{{results}}: {error}", "results") from None
    if top > len(problem.guess_words):
        raise SetupError(
            f"{{top}} {top} is more than the {len(problem.guess_words)} first guesses", "top"
        )
    if scheduler is not None:
        try:
            besttree.reach(scheduler)
        except ValueError as error:
            raise SetupError(str(error)) from None
    run = Run(problem, path, top, shard, workers, scheduler, told, progress)
    run.start(merged)
    return run.go(command)


def checked_shard(shard: object) -> tuple[int, int]:
    """Return shard as (i, n), 1 <= i <= n; SetupError naming shard if it is not."""
    if (
        not isinstance(shard, tuple)
        or len(shard) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in shard)
    ):
        raise SetupError(f"shard must be a pair of ints (i, n), not {shard!r}")
    i, n = shard
    if not 1 <= i <= n:
        raise SetupError(f"{{shard}} {i}/{n} is not a shard: give I/N with 1 <= I <= N", "shard")
    return i, n


def merge_paths(merge: object) -> list[object]:
    """Return the merge argument's paths (a str or a Path alone is one path)."""
    if isinstance(merge, (str, Path)):
        return [merge]
    if not isinstance(merge, (list, tuple)):
        raise SetupError(f"merge must be a list of paths, not {merge!r}")
    return list(merge)


def merged_path(value: object) -> Path:
    """Return one of merge's paths; SetupError naming merge if it is not a path."""
    path = a_path("merge", value)
    if path is None:
        raise SetupError(f"merge must be a list of paths, not one of {value!r}")
    return path


def shard_words(problem: Problem, shard: tuple[int, int]) -> list[str]:
    """Return the first guesses of a shard: those of index i - 1 modulo n in the guesses."""
    i, n = shard
    return [word for j, word in enumerate(problem.guess_words) if j % n == i - 1]


def made_by() -> str:
    """Return what makes this run: the package's version and, in a git checkout, its commit;
    the machine's processor and cores."""
    commit = "not a git checkout"
    here = Path(__file__).resolve().parent.parent.parent
    if (here / ".git").exists():
        try:
            found = subprocess.run(
                ["git", "-C", str(here), "rev-parse", "--short", "HEAD"],
                capture_output=True,
                text=True,
                timeout=10,
                check=True,
            )
            commit = f"commit {found.stdout.strip()}"
        except (OSError, subprocess.SubprocessError):
            commit = "commit unknown"
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    version = sys.modules["lenwordle"].__version__  # (the package's one home of it, loaded)
    return f"lenwordle {version} ({commit}), {model}, {os.cpu_count()} cores"


class Run:
    """One run of a proof: its problem, results file, and the verdicts as they come."""

    def __init__(
        self,
        problem: Problem,
        path: Path,
        top: int,
        shard: tuple[int, int],
        workers: int,
        scheduler: str | None,
        told: Told,
        progress: Progress | None,
    ) -> None:
        self.problem, self.path, self.top, self.shard = problem, path, top, shard
        self.workers, self.scheduler, self.told = workers, scheduler, told
        self.report: Progress = progress or (lambda done, total, text: None)
        rules = {
            "k": problem.k,
            "limit": problem.limit,
            "hard": problem.hard,
            "ultra_hard": problem.ultra_hard,
            "top": top,
            "rule": proof.cutoff_rule(problem),
        }
        self.fingerprint = proof_file.fingerprint(problem.guess_words, problem.answer_words, rules)
        self.made = (
            f"k={problem.k} answers={len(problem.answer_words)} "
            f"guesses={len(problem.guess_words)} limit={problem.limit} "
            f"mode={proof.mode_of(problem)} top={top}"
        )
        self.file: ProofFile | None = None
        self.as_read: str | None = None  # the results file's text as read, if there was one
        self.cpu = 0.0  # this run's CPU seconds
        self.written = 0.0

    def start(self, merged: list[Path]) -> None:
        """Read the results file if there is one (SetupError if it is not this proof's),
        then take in the merged shards' files: each file once (the results file itself, or
        one named twice, is not taken in again), and the runs and CPU seconds of a file only
        if it brings a first guess not yet proven (else it was merged before: a merge run
        again to resume it)."""
        self.file = self.read(self.path, "results")
        self.as_read = self.file.text() if self.file is not None else None
        taken = {self.path.resolve()} if self.file is not None else set()
        for path in merged:
            if path.resolve() in taken:
                continue
            taken.add(path.resolve())
            other = self.read(path, "merge")
            if other is None:
                raise SetupError(f"{{merge}} {path}: no such file", "merge")
            if self.file is None:
                self.file = ProofFile(self.fingerprint, other.cutoff, self.made)
            if other.cutoff != self.file.cutoff:
                raise SetupError(
                    f"{{merge}} {path} has the cutoff {other.cutoff}, not {self.file.cutoff}",
                    "merge",
                )
            new = set(other.verdicts) - set(self.file.verdicts)
            for word, verdict in other.verdicts.items():
                if self.file.verdicts.setdefault(word, verdict) != verdict:
                    raise SetupError(
                        f"{{merge}} {path} proves {word} otherwise ({verdict.line(word)}, "
                        f"here {self.file.verdicts[word].line(word)})",
                        "merge",
                    )
            if new:
                self.file.runs += other.runs
                self.file.cpu_seconds += other.cpu_seconds

    def read(self, path: Path, name: str) -> ProofFile | None:
        """Return the proof file at path if there is one; SetupError (naming the option) if
        it is not one, or one of another proof."""
        try:
            found = proof_file.read_if_there(path, self.problem.guess_words)
        except BadFile as error:
            raise SetupError(f"{{{name}}}: {error}", name) from None
        if found is not None and found.fingerprint != self.fingerprint:
            raise SetupError(
                f"{{{name}}} {path} is the proof of other lists or rules ({found.made}); "
                "give another file",
                name,
            )
        return found

    def go(self, command: str) -> Proof:
        """Set the cutoff if the file has none, prove the shard's first guesses not yet
        proven, and return the proof; the file written as they come and at the end."""
        started, interrupted = time.monotonic(), False
        if self.file is None:
            cutoff = self.cutoff()
            self.file = ProofFile(self.fingerprint, cutoff, self.made, cpu_seconds=self.cpu)
            self.write()
        file = self.file
        words = shard_words(self.problem, self.shard)
        shard = set(words)
        left = [word for word in proof.ranked(self.problem) if word in shard]
        left = [word for word in left if word not in file.verdicts]
        if not left and file.text() == self.as_read:  # nothing to prove nor to keep: a
            return self.proof(words, False)  # finished proof's file left as it is
        line = f"{when()} {command or 'prove()'}; {made_by()}"
        file.runs.append(line)
        at_start = file.cpu_seconds
        try:
            self.proven(left, started)
        except KeyboardInterrupt:
            interrupted = True
        finally:
            file.runs[-1] = (
                f"{line}; {self.workers if self.scheduler is None else 'Dask'} "
                f"{'worker' if self.workers == 1 else 'workers'}, "
                f"{time.monotonic() - started:.0f} s, "
                f"{(file.cpu_seconds - at_start) / 3600:.3f} core-hours"
                f"{' (interrupted)' if interrupted else ''}"
            )
            self.write()
        return self.proof(words, interrupted)

    def cutoff(self) -> int:
        """Return the cutoff: the top-th best of the cutoff trees (search.proof), their
        first guesses shared out among the workers."""
        words = proof.cutoff_candidates(self.problem, self.top)
        totals: dict[int, int] = {}
        self.told(Notice(f"setting the cutoff: the trees of {len(words)} first guesses"))

        def record(index: int, value: Any) -> None:
            i, total, cpu = value
            totals[i] = total
            self.cpu_add(cpu)
            self.report(len(totals), len(words), "the cutoff's trees")

        try:
            tasks = [(i, word) for i, word in enumerate(words)]
            self.run(
                proof.cutoff_task,
                tasks,
                record,
                len(tasks),
                lambda i: f"the cutoff's tree of {self.problem.alphabet.upper(words[i])}",
                "nothing was kept",
            )
        except KeyboardInterrupt:
            raise nothing_kept("interrupted before the cutoff was set: nothing was kept") from None
        found = proof.cutoff_of([totals[i] for i in range(len(words))], self.top)
        if found >= INFEASIBLE:
            raise SetupError(f"fewer than {{top}} {self.top} first guesses have a tree", "top")
        return found

    def proven(self, words: list[str], started: float) -> None:
        """Prove each of words, each verdict kept in the file as it comes."""
        assert self.file is not None
        file, done, since = self.file, 0, time.monotonic()
        cutoff = file.cutoff

        def record(index: int, value: Any) -> None:
            nonlocal done
            word, total, exact, cpu = value
            file.verdicts[word] = Verdict(total, exact)
            self.cpu_add(cpu)
            done += 1
            rate = (time.monotonic() - since) / done
            said = "" if exact else ">="
            self.report(
                done,
                len(words),
                f"{self.problem.alphabet.upper(word)} {said}{total}; "
                f"about {rate * (len(words) - done) / 60:.0f} min left",
            )
            if time.monotonic() - self.written >= WRITE_SECONDS:
                self.write()

        single = proof.RANKED_PER_PLACE * self.top  # (the first guesses likely exact)
        self.run(
            proof.proof_task,
            [(word, cutoff) for word in words],
            record,
            single,
            lambda i: f"the proof of {self.problem.alphabet.upper(words[i])}",
            "what was proven is kept",
        )

    def run(
        self,
        fn: Any,
        tasks: list[tuple[Any, ...]],
        record: Any,
        single: int,
        named: Callable[[int], str],
        kept: str,
    ) -> None:
        """Run fn(problem, key, *task) for each task, in groups (the first `single` tasks
        one a group, the costly ones spread over the workers; then BATCH a group, one memo):
        a group a Dask task on the cluster, or a forked worker's; record each result. A
        cluster lost: SetupError in one line (named(index): a task in words; kept: what is
        kept then)."""
        problem, key = self.problem, self.fingerprint
        groups = [[task] for task in tasks[:single]]
        groups += [tasks[i : i + BATCH] for i in range(single, len(tasks), BATCH)]
        if self.scheduler is not None:

            def each(index: int, values: list[Any]) -> None:
                for value in values:
                    record(index, value)

            firsts = [0, *itertools.accumulate(len(group) for group in groups)]
            try:
                besttree.on_dask(
                    self.scheduler,
                    problem,
                    proof.in_turn,
                    [(key, fn, group) for group in groups],
                    each,
                    lambda i: named(firsts[i]),
                    kept,
                )
            except besttree.SchedulerError as error:
                raise SetupError(str(error).splitlines()[0]) from None
            return
        proof.search_of(problem, key, fn)  # made once, before the workers fork

        def work(group: list[tuple[Any, ...]], tick: Tick) -> None:
            for task in group:
                tick(fn(problem, key, *task))

        fork_map(work, groups, self.workers, record)

    def cpu_add(self, seconds: float) -> None:
        """Count CPU seconds a worker spent (the cutoff's before the file exists)."""
        self.cpu += seconds
        if self.file is not None:
            self.file.cpu_seconds += seconds

    def write(self) -> None:
        assert self.file is not None
        try:
            proof_file.write(self.path, self.file)
        except OSError as error:
            raise SetupError(
                f"{{results}} {self.path}: cannot be written ({error.strerror or error})",
                "results",
            ) from None
        self.written = time.monotonic()

    def proof(self, words: list[str], interrupted: bool) -> Proof:
        """Return the proof as the file holds it."""
        assert self.file is not None
        file = self.file
        exact = sorted((v.total, w) for w, v in file.verdicts.items() if v.exact)
        table = [(w, t) for t, w in exact[: self.top]]
        if table:
            table += [(w, t) for t, w in exact[self.top :] if t == table[-1][1]]
        return Proof(
            self.path,
            file.cutoff,
            tuple(table),
            self.shard,
            sum(word in file.verdicts for word in words),
            len(words),
            len(file.verdicts),
            len(self.problem.guess_words),
            file.cpu_seconds / 3600,
            interrupted,
            self.problem.alphabet.upper,
        )


def when() -> str:
    """Return the time now, in UTC, to the minute."""
    return datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
