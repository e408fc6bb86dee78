"""Proof files: what `lenwordle prove` has proven of each first guess, one line a guess, read
back to resume a proof and to merge the shards of one.

Format (version 1), UTF-8 text:
  # lenwordle proof 1: the total guesses of each first guess (exact), or a lower bound (>=)
  # fingerprint <sha256>
  # cutoff 8014
  # made k=5 answers=2315 guesses=12972 limit=6 mode=normal top=105
  # cpu-seconds 11520.4
  # run <what made it: the command, the commit, the machine, the core-hours>  (any number)
  salet 7920
  fuzzy >=8015
The fingerprint hashes what the proof depends on (the guesses, the answers, the rules, the
table's size and the rule of the cutoff); a file of another fingerprint is never resumed nor
merged. The cutoff: every first guess of a total at most this is exact, every other one
bounded above it (a line that says otherwise is refused: it proves nothing).
The guess lines come sorted (exact ones by total, then the bounds, each by word), so the same
proof is the same file however its guesses were shared out; the `run` lines say how it was
made and, with the CPU seconds, are the only lines that differ between two runs of one
proof.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from lenwordle.words.files import BadFile, NoSuchFile, read_capped, write_atomic
from lenwordle.words.quoting import quoted

FORMAT = 1
HEAD = f"# lenwordle proof {FORMAT}:"
MAX_BYTES = 64 << 20  # a proof file past this is not one (12 972 guesses take 150 kB)
MAX_DIGITS = 12  # of a total or the cutoff (a total is at most answers squared)


class Verdict(NamedTuple):
    """What is proven of one first guess: its exact total, or a lower bound on it."""

    total: int
    exact: bool

    def line(self, word: str) -> str:
        return f"{word} {self.total}" if self.exact else f"{word} >={self.total}"


@dataclass
class ProofFile:
    """A proof's record: its fingerprint, cutoff, what it was made from, how it was made (the
    run lines) and the verdict of each first guess proven so far."""

    fingerprint: str
    cutoff: int
    made: str  # "k=5 answers=2315 ..." (said, not read back)
    runs: list[str] = field(default_factory=list)
    verdicts: dict[str, Verdict] = field(default_factory=dict)
    cpu_seconds: float = 0.0

    def text(self) -> str:
        """Return the file's text (its guess lines in the fixed order: see the module)."""
        exact = sorted((v.total, w) for w, v in self.verdicts.items() if v.exact)
        bounded = sorted(w for w, v in self.verdicts.items() if not v.exact)
        lines = [
            f"{HEAD} the total guesses of each first guess (exact), or a lower bound (>=)",
            f"# fingerprint {self.fingerprint}",
            f"# cutoff {self.cutoff}",
            f"# made {self.made}",
            f"# cpu-seconds {self.cpu_seconds:.1f}",
            *(f"# run {' '.join(run.splitlines())}" for run in self.runs),  # (one line each)
            *(f"{word} {total}" for total, word in exact),
            *(self.verdicts[word].line(word) for word in bounded),
        ]
        return "\n".join(lines) + "\n"


def fingerprint(
    guesses: Sequence[str], answers: Sequence[str], rules: Mapping[str, object]
) -> str:
    """Return the fingerprint of a proof: its guesses, its answers and its rules (the limit,
    the mode, the table's size, the cutoff's rule)."""
    digest = hashlib.sha256()
    for part in ("\n".join(guesses), "\n".join(answers), repr(sorted(rules.items()))):
        digest.update(part.encode() + b"\0")
    return digest.hexdigest()


def write(path: Path, proof: ProofFile) -> None:
    """Write the proof file whole (through a temporary file and a rename)."""
    write_atomic(path, proof.text())


def read(path: Path, words: Iterable[str]) -> ProofFile:
    """Return the proof file at path, each of its guesses one of words; BadFile (one line
    naming the file and the line) if it is not one."""
    known = set(words)
    try:
        text = read_capped(path, MAX_BYTES).decode()
    except UnicodeDecodeError:
        raise BadFile(f"{quoted(str(path))} is not a proof file (not UTF-8 text)") from None
    lines = text.splitlines()
    where = f"{quoted(str(path))}"
    if not lines or not lines[0].startswith(HEAD):
        raise BadFile(f"{where} is not a lenwordle proof file (format {FORMAT})")
    heads: dict[str, str] = {}
    runs: list[str] = []
    verdicts: dict[str, Verdict] = {}
    numbers: dict[str, int] = {}  # each guess's line
    for number, line in enumerate(lines[1:], start=2):
        bad = f"{where} line {number}"
        if line.startswith("# "):
            name, _, value = line[2:].partition(" ")
            if name == "run":
                runs.append(value)
            elif name in ("fingerprint", "cutoff", "made", "cpu-seconds") and name not in heads:
                heads[name] = value
            else:
                raise BadFile(f"{bad}: {quoted(line[:40])} is not a proof file's heading")
            continue
        word, _, said = line.partition(" ")
        exact = not said.startswith(">=")
        digits = said if exact else said[2:]
        if word not in known or word in verdicts:
            what = "a guess twice" if word in verdicts else "not one of the guesses"
            raise BadFile(f"{bad}: {quoted(word[:40])} is {what}")
        if not a_number(digits):
            raise BadFile(f"{bad}: {quoted(said[:40])} is not a total nor >=TOTAL")
        verdicts[word] = Verdict(int(digits), exact)
        numbers[word] = number
    missing = [name for name in ("fingerprint", "cutoff", "made") if name not in heads]
    cutoff = heads.get("cutoff", "")
    if missing or not a_number(cutoff):
        raise BadFile(f"{where} is not a whole proof file (its {', '.join(missing) or 'cutoff'})")
    for word, verdict in verdicts.items():  # what the cutoff says of every first guess
        if verdict.exact != (verdict.total <= int(cutoff)):
            raise BadFile(
                f"{where} line {numbers[word]}: {quoted(verdict.line(word)[:40])} is not what a "
                f"proof of cutoff {int(cutoff)} proves (an exact total at most it, a bound above)"
            )
    try:
        cpu = float(heads.get("cpu-seconds", "0"))
    except ValueError:
        cpu = math.nan
    if not 0 <= cpu < math.inf:
        raise BadFile(f"{where}: its cpu-seconds is not a number of seconds")
    return ProofFile(heads["fingerprint"], int(cutoff), heads["made"], runs, verdicts, cpu)


def a_number(text: str) -> bool:
    """Return whether text is a total or a cutoff as a proof file writes it: ASCII digits,
    at most MAX_DIGITS of them."""
    return text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS


def read_if_there(path: Path, words: Iterable[str]) -> ProofFile | None:
    """Return the proof file at path, or None if there is none."""
    try:
        return read(path, words)
    except NoSuchFile:
        return None
