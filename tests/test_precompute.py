"""Precomputing starter records (store/precompute.py): a length computed among the openers asked
for, with its workers, and timed; a length whose file cannot be written reported while the
next is still written; a folder's error in the system's words. Tiny lists made up here;
expectations worked by hand."""

import time
from dataclasses import dataclass

import numpy as np
from helpers import wordlist

from lenwordle.api.setup import Settings
from lenwordle.engine.state import GameState
from lenwordle.store.precompute import FolderError, _computed, precompute
from lenwordle.strategies.registry import make


@dataclass
class _Opening:
    state: GameState
    solver: object
    skipped: list
    openers_from: np.ndarray | None


class _Counted:
    """The solver, noting the workers its ranking was given (and ranking with one)."""

    def __init__(self, solver):
        self._solver, self.workers = solver, []

    def __getattr__(self, name):
        return getattr(self._solver, name)

    def rank(self, state, **kwargs):
        self.workers.append(kwargs["workers"])
        return self._solver.rank(state, **{**kwargs, "workers": 1})

    def choose(self, state, ranked=None):
        return self._solver.choose(state, ranked)


@dataclass
class _Job:
    opened: _Opening
    k: int = 5
    words: None = None

    def opening(self):
        return self.opened


TEN = ["chomp", "crane", "fizzy", "gumbo", "nymph", "plaid", "slate", "trace", "vouch", "whisk"]


def test_a_length_is_computed_among_its_openers_with_its_workers_and_timed():
    words = wordlist(TEN)
    state, solver = GameState.new(words, wordlist(["crane", "trace"])), _Counted(make())
    among = words.mask_of(["plaid", "slate", "whisk"])
    job = _Job(_Opening(state, solver, ["line 3: skipped"], among))
    began = time.perf_counter()
    done = _computed(job, None, 3)
    took = time.perf_counter() - began
    assert solver.workers == [3]
    assert done["record"]["made_from"]["openers_among"] == 3
    chosen = {opener["word"] for opener in done["record"]["openers"]}
    assert {"plaid", "slate", "whisk"} <= chosen <= {"plaid", "slate", "whisk", "crane", "trace"}
    assert 0 <= done["seconds"] <= took
    assert done["skipped"] == ["line 3: skipped"]


def test_a_folder_error_says_what_the_system_said():
    error = OSError(28, "No space left on device")
    folder = FolderError(error)
    assert str(folder) == "[Errno 28] No space left on device"
    assert folder.error is error


def test_a_length_whose_file_cannot_be_written_is_reported_and_the_next_still_written(
    tmp_path,
):
    words = tmp_path / "w.txt"
    words.write_text("cat\ndog\nemu\nlynx\nmoth\nwren\ncrane\nslate\ntrace\n")
    out = tmp_path / "out"
    (out / "04.json").mkdir(parents=True)  # a folder where length 4's file would go
    jobs = [Settings(k, words, shortlist=3) for k in (3, 4, 5)]
    report = precompute(jobs, out, 1)
    assert [written.path for written in report.written] == [out / "03.json", out / "05.json"]
    assert [k for k, _ in report.unwritten] == [4]
    (_, error) = report.unwritten[0]
    assert isinstance(error, IsADirectoryError) and error.filename is not None
    assert report.problems == []
