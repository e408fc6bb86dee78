"""Precomputed opening words: one JSON file per length in starters/, checked before use.

Format (version 2), e.g. starters/05.json:
  {"format": 2, "k": 5, "fingerprint": "<sha256>", "made_from": {..., "shortlist": 100.0},
   "openers": [{"word": "tares", "estimate": 6.43, "score": -3.61, "entropy": 6.23,
                "expected_remaining": 61.2}, ...],     best first
   "checksum": "<sha256 of the openers and made_from>"}
An opener's "score" is minus its metric value (Choice.value, the least the best), so the
more the better, as format 2 has always had it.
`fingerprint` hashes the allowed words with their levels and frequencies, the guess pool,
the answers with their prior weights, the strategy, the width and the model, prior and
format versions; a file whose fingerprint
differs from the current settings is stale and is not used. The shortlist is not in it: a
file made at least as exactly as the solver asks (a shortlist as large) serves it.
"""

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import NotRequired, TypedDict, TypeGuard, cast

import numpy as np
import numpy.typing as npt

from lenwordle.engine.metrics import entropy, expected_remaining
from lenwordle.engine.partitions import guess_parts
from lenwordle.engine.state import GameState
from lenwordle.strategies.base import Choice, Ranking, Strategy
from lenwordle.strategies.expected import HARD_ENDGAME
from lenwordle.strategies.registry import MODEL_VERSION
from lenwordle.words.alphabet import ENGLISH, Alphabet
from lenwordle.words.files import BadFile, NoSuchFile, read_capped, write_atomic
from lenwordle.words.prior import PRIOR_VERSION
from lenwordle.words.quoting import quoted
from lenwordle.words.wordlist import bundled_dir

FORMAT = 2
TOP = 10
MAX_BYTES = 1 << 20  # a starter file is a few KB; a bigger one is not read (and not used)


class StarterError(ValueError):
    """A starter file that is missing, corrupt or made for other settings."""


class Opener(TypedDict):
    """One of a starter record's openers: its word and its figures (compute gives all four;
    a file read may lack some, and those it has are numbers)."""

    word: str
    estimate: NotRequired[float]
    score: NotRequired[float]
    entropy: NotRequired[float]
    expected_remaining: NotRequired[float]


class MadeFrom(TypedDict):
    """What a starter record's openers were made from: compute gives every key (openers_among
    when `among` narrowed the pool); a file read needs only the shortlist, its other values
    numbers or one-line texts."""

    words: NotRequired[str]
    allowed: NotRequired[int]
    suggested: NotRequired[int]
    openers_among: NotRequired[int]
    answers: NotRequired[int]
    strategy: NotRequired[str]
    prior: NotRequired[str]
    shortlist: float


class _OpenersAmong(TypedDict, total=False):
    """MadeFrom's openers_among, when there is one (kept in its place among the others)."""

    openers_among: int


class StarterRecord(TypedDict):
    """A starter file's contents (the module's docstring shows one)."""

    format: int
    k: int
    fingerprint: str
    made_from: MadeFrom
    openers: list[Opener]
    checksum: str


def default_dir() -> Path:
    """Return the bundled starters folder (the repo's starters/ in a source checkout)."""
    return bundled_dir("starters")


def path_for(folder: Path, k: int) -> Path:
    """Return the file of length k in folder."""
    return Path(folder) / f"{k:02d}.json"


def fingerprint(state: GameState, solver: Strategy) -> str:
    """Return the checksum of what an opener depends on: words, prior, strategy, width."""
    h = hashlib.sha256()
    for part in (state.allowed.words, state.allowed.levels, state.answers.words):
        for buf in part.buffers():
            if buf is not None:
                h.update(buf.to_pybytes())
    h.update(np.round(state.allowed.zipf_array().astype(float), 2).tobytes())
    h.update(np.packbits(state.suggestable).tobytes())
    h.update(np.packbits(state.mask).tobytes())  # answers excluded (--exclude) change it
    h.update(np.round(state.weights, 12).tobytes())
    made = [FORMAT, MODEL_VERSION, PRIOR_VERSION, solver.traits.name, solver.traits.width]
    h.update(json.dumps(made).encode())
    return h.hexdigest()


def compute(
    state: GameState,
    solver: Ranking,
    progress: Callable[[int, int], None] | None = None,
    top: int = TOP,
    workers: int = 1,
    among: npt.NDArray[np.bool_] | None = None,
) -> StarterRecord:
    """Return the starter record for state's length: the best `top` openers with their figures
    (solver: as made, with no stored opener of its own), chosen among the allowed words that
    `among` marks (None: the state's guess pool). The record fits state: a game of it
    takes its first opener."""
    fitted = state
    if among is not None:
        state = replace(state, suggestable=state.suggestable & among)
    traits = solver.traits
    # the ranking also weighs the likeliest answers: an opener may be one `among` leaves out
    ranked = solver.rank(state, top=max(top, traits.width), progress=progress, workers=workers)
    best = solver.choose(state, ranked)
    if best not in [c.word for c in ranked]:
        ranked.insert(0, Choice(best, 0.0, 0.0, True, 0.0))
    ranked.sort(key=lambda c: c.word != best)  # the strategy's own choice comes first
    openers: list[Opener] = []
    for choice in ranked[:top]:
        parts = guess_parts(state.encode(choice.word), state.candidates)
        openers.append(
            {
                "word": choice.word,
                "estimate": round(choice.estimate, 6),
                "score": round(0.0 - choice.value, 6),  # (format 2: minus the metric)
                "entropy": round(entropy(parts), 6),
                "expected_remaining": round(expected_remaining(parts), 3),
            }
        )
    narrowed: _OpenersAmong = (
        {"openers_among": int(state.suggestable.sum())} if among is not None else {}
    )
    made_from: MadeFrom = {
        "words": state.allowed.source,
        "allowed": len(state.allowed),
        "suggested": int(fitted.suggestable.sum()),
        **narrowed,
        "answers": len(state.answers),
        "strategy": traits.name,
        "prior": PRIOR_VERSION,
        "shortlist": float(traits.shortlist),
    }
    return {
        "format": FORMAT,
        "k": state.k,
        "fingerprint": fingerprint(fitted, solver),
        "made_from": made_from,
        "openers": openers,
        "checksum": checksum(openers, made_from),
    }


def checksum(openers: Sequence[Mapping[str, object]], made_from: Mapping[str, object]) -> str:
    """Return the SHA-256 of the openers and what they were made from (hand edits show)."""
    return hashlib.sha256(json.dumps([openers, made_from], sort_keys=True).encode()).hexdigest()


def write(folder: Path, record: StarterRecord) -> Path:
    """Write a starter record atomically (temp file, then rename); return its path."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    path = path_for(folder, record["k"])
    write_atomic(path, json.dumps(record, indent=1) + "\n")
    return path


def read(folder: Path, k: int, alphabet: Alphabet = ENGLISH) -> dict[str, object]:
    """Return the starter record of length k (words of the alphabet's letters); StarterError
    if it is missing, cannot be read (not a regular file, no permission, over MAX_BYTES) or
    is corrupt."""
    return dict(_read(folder, k, alphabet))  # (a plain dict, as `starters` shows it)


def _read(folder: Path, k: int, alphabet: Alphabet) -> StarterRecord:
    """Return the starter record of length k, checked, as read says."""
    path = path_for(folder, k)
    try:
        data = read_capped(path, MAX_BYTES)
    except NoSuchFile:
        raise StarterError(f"no starter file {path}") from None
    except BadFile as error:  # a directory, a FIFO, no permission: said as it is
        raise StarterError(f"starter file {error}") from None
    try:  # deep nesting is a RecursionError, a 5000-digit number a ValueError
        return _checked(json.loads(data.decode("utf-8")), path, k, alphabet)
    except StarterError:
        raise
    except (ValueError, RecursionError):
        raise StarterError(f"starter file {path} is corrupt") from None


NUMBERS = ("estimate", "score", "entropy", "expected_remaining")  # an opener's figures


def _checked(record: object, path: Path, k: int, alphabet: Alphabet = ENGLISH) -> StarterRecord:
    """Return record if it is a well-formed starter record of length k; StarterError, saying
    which check failed, if not."""
    problem = _record_problem(record, k, alphabet)
    if problem:
        raise StarterError(f"starter file {path} is corrupt or of another format: {problem}")
    checked = cast(StarterRecord, record)  # (as _record_problem found it)
    if checked.get("checksum") != checksum(checked["openers"], checked["made_from"]):
        raise StarterError(f"starter file {path} is corrupt (edited by hand?)")
    return checked


def _record_problem(record: object, k: int, alphabet: Alphabet) -> str:
    """Return what is wrong with a starter record of length k, its first problem ('' if none)."""
    if not isinstance(record, dict):
        return "not a JSON object"
    if record.get("format") != FORMAT:
        return f"'format' is not {FORMAT}"
    if record.get("k") != k:
        return f"'k' is not {k}"
    return _made_from_problem(record.get("made_from")) or _openers_problem(
        record.get("openers"), k, alphabet
    )


def _made_from_problem(made_from: object) -> str:
    """Return what is wrong with a record's made_from ('' if nothing): an object of numbers
    and one-line texts, with a shortlist above 0 and at most 100 (per cent)."""
    if not isinstance(made_from, dict):
        return "'made_from' is not an object"
    for key, value in made_from.items():
        if not (isinstance(value, (int, float)) or isinstance(value, str) and _plain(value)):
            return f"'made_from' {quoted(key)} is neither a number nor one line of text"
    shortlist = made_from.get("shortlist")
    if not _is_number(shortlist):
        return "'made_from' has no 'shortlist' number"
    if not 0 < shortlist <= 100:  # (NaN fails this too)
        return "'made_from' 'shortlist' is not above 0 and at most 100"
    return ""


def _openers_problem(openers: object, k: int, alphabet: Alphabet) -> str:
    """Return what is wrong with a record's openers ('' if nothing): a list, not empty, of
    openers each well formed."""
    if not isinstance(openers, list):
        return "'openers' is not a list"
    if not openers:
        return "'openers' is empty"
    for number, opener in enumerate(openers, 1):
        problem = _opener_problem(opener, k, alphabet)
        if problem:
            return f"opener {number} {problem}"
    return ""


def _opener_problem(opener: object, k: int, alphabet: Alphabet) -> str:
    """Return what is wrong with one opener ('' if nothing): an object whose word is k letters
    of the alphabet and whose figures, those it has, are numbers."""
    if not isinstance(opener, dict):
        return "is not an object"
    word = opener.get("word")
    if not (isinstance(word, str) and len(word) == k and alphabet.is_word(word)):
        return f"has no word of {k} letters {alphabet.described()}"
    for figure in NUMBERS:
        if not _is_number(opener.get(figure, 0)):
            return f"has a {figure!r} that is not a number"
    return ""


def _plain(text: str) -> bool:
    """Return whether text is safe to print on one line: printable, no control characters
    (a file anyone can edit must not move the cursor or split a line), and not too long."""
    return len(text) <= 4096 and text.isprintable()


def _is_number(value: object) -> TypeGuard[int | float]:
    """Return whether a JSON value is a number (not a bool)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def opener(folder: Path, state: GameState, solver: Strategy) -> tuple[str, ...]:
    """Return the stored openers for state and solver, best first (the first is the opener,
    the others its fallbacks should the game refuse it); StarterError says why there are
    none."""
    record = _read(folder, state.k, state.allowed.alphabet)
    if record.get("fingerprint") != fingerprint(state, solver):
        raise StarterError(
            f"starter file {path_for(folder, state.k)} was made for another dictionary or settings"
        )
    if state.hard and len(state.candidate_rows) <= HARD_ENDGAME:
        raise StarterError(
            f"starter file {path_for(folder, state.k)} is for normal mode; with "
            f"at most {HARD_ENDGAME} words hard mode chooses its own opener"
        )
    made, asked = record["made_from"]["shortlist"], solver.traits.shortlist
    if made < asked:
        raise StarterError(
            f"starter file {path_for(folder, state.k)} was made with --shortlist "
            f"{made:g}, less exact than the {asked:g} asked"
        )
    words = tuple(opener["word"] for opener in record["openers"])
    if any(word not in state.allowed for word in words):
        raise StarterError(f"starter file {path_for(folder, state.k)} names an unknown word")
    return words
