"""Tree files: a best tree (search.besttree) as JSON, fingerprinted and checksummed.

Format (version 1):
  {"format": 1, "k": 5, "fingerprint": "<sha256>", "made_from": {"words": ..., "answers": 2315,
   "hard": false, "limit": 6, "width": 8}, "summary": {"total": 7920, ...}, "complete": true,
   "tree": {"guess": "salet", "solves": true, "children": {...}}, "checksum": "<sha256>"}
`fingerprint` hashes what the tree depends on (the words, the guess pool, the answers, hard
mode or ultra-hard, the guess limit, the width); `checksum` the rest, so a file edited by hand
is refused.
The folder of tree files is $LENWORDLE_TREES, else ~/.cache/lenwordle/trees.
"""

import hashlib
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Literal, NotRequired, TypedDict, cast

from lenwordle.engine.feedback import reply_for
from lenwordle.engine.hard_mode import hard_mode_problem
from lenwordle.engine.state import GameState
from lenwordle.engine.tree import Node, Summary, summary
from lenwordle.search.besttree import TreeResult
from lenwordle.store import starters
from lenwordle.strategies.registry import make
from lenwordle.words.alphabet import ENGLISH, Alphabet
from lenwordle.words.files import BadFile, NoSuchFile, read_capped, write_atomic
from lenwordle.words.quoting import quoted

FORMAT = 1
# a tree of the 2 315 standard answers is about 200 KB (86 bytes an answer): 8 MiB holds
# trees of 95 000 answers, more than any length of the bundled lists has (61 412 at most);
# reading a file of this size peaks at about 160 MB (benchmarks/treefile.py)
MAX_BYTES = 8 << 20
MARKS = frozenset("gy.")


class TreeFileError(ValueError):
    """A tree file that is missing, corrupt, edited, or made for other settings."""


class MadeFrom(TypedDict):
    """What a tree was searched from, and the seconds its search took."""

    words: str
    answers: int
    hard: bool
    ultra_hard: NotRequired[bool]  # (only when true: a file of before it is hard mode's)
    limit: int
    width: int | Literal["all"]
    seconds: float


class TreeBody(TypedDict):
    """A tree file's contents but its checksum (what the checksum is of)."""

    format: int
    k: int
    fingerprint: str
    made_from: MadeFrom
    summary: Summary
    complete: bool
    proven: bool
    tree: dict[str, object]  # Node.as_json's


class TreeRecord(TreeBody):
    """A tree file's contents (the module's docstring shows one)."""

    checksum: str


class TreeFile(TypedDict):
    """A tree file's record as read returns it: its format, its tree (made a Node) and its
    checksum checked; the rest as the file has it (tree_for compares its fingerprint)."""

    format: int
    tree: Node
    checksum: str


def default_dir() -> Path:
    """Return the folder of tree files: $LENWORDLE_TREES, else the user's cache."""
    if os.environ.get("LENWORDLE_TREES"):
        return Path(os.environ["LENWORDLE_TREES"])
    cache = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(cache) / "lenwordle" / "trees"


def fingerprint(state: GameState, width: int | None) -> str:
    """Return the checksum of what a best tree depends on: words, answers, rules, width."""
    # it names the tree files: a change to it loses every tree already searched and stored
    words = starters.fingerprint(state, make("optimal", width=width or 1))
    rules: list[object] = [FORMAT, state.hard, state.limit, width]
    if state.ultra_hard:  # (appended: the fingerprints of the other trees stay as they were)
        rules.append("ultra-hard")
    return hashlib.sha256(json.dumps([words, rules]).encode()).hexdigest()


def path_for(folder: Path, state: GameState, width: int | None) -> Path:
    """Return the tree file of these settings in folder."""
    return Path(folder) / f"{state.k:02d}-{fingerprint(state, width)[:16]}.json"


def record_of(state: GameState, result: TreeResult) -> TreeRecord:
    """Return the tree file's contents for a search's result."""
    made_from: MadeFrom = {
        "words": state.allowed.source,
        "answers": result.answers,
        "hard": state.hard,
        "limit": state.limit,
        "width": "all" if result.width is None else result.width,
        "seconds": round(result.seconds, 1),
    }
    if state.ultra_hard:
        made_from["ultra_hard"] = True
    record: TreeBody = {
        "format": FORMAT,
        "k": state.k,
        "fingerprint": fingerprint(state, result.width),
        "made_from": made_from,
        "summary": summary(result.tree),
        "complete": result.complete,
        "proven": result.proven,
        "tree": result.tree.as_json(),
    }
    return {**record, "checksum": checksum(record)}


def checksum(record: Mapping[str, object]) -> str:
    """Return the SHA-256 of a record without its checksum (hand edits show)."""
    body = {key: value for key, value in record.items() if key != "checksum"}
    return hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()


def write(path: Path, record: TreeRecord) -> Path:
    """Write a tree record atomically (temp file, then rename); return its path. A symbolic
    link is followed: the file it points to is replaced, the link kept."""
    path = Path(os.path.realpath(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, json.dumps(record) + "\n")
    return path


def read(path: Path) -> TreeFile:
    """Return the record of a tree file; TreeFileError if it is missing, unreadable, corrupt
    or edited."""
    try:
        data = read_capped(path, MAX_BYTES)
    except NoSuchFile:
        raise TreeFileError(f"no tree file {path}") from None
    except BadFile as error:
        raise TreeFileError(f"tree file {error}") from None
    try:
        record: object = json.loads(data.decode("utf-8"))
        if not isinstance(record, dict) or record.get("format") != FORMAT:
            raise ValueError
        record["tree"] = tree = Node.from_json(record["tree"])
    except (ValueError, KeyError, TypeError, RecursionError):
        raise TreeFileError(f"tree file {path} is corrupt or of another format") from None
    if record.get("checksum") != checksum(record | {"tree": tree.as_json()}):
        raise TreeFileError(f"tree file {path} is corrupt (edited by hand?)")
    return cast(TreeFile, record)  # (its format, its tree and its checksum checked above)


def tree_for(path: Path, state: GameState, width: int | None) -> Node:
    """Return the tree stored at path for these settings; TreeFileError says why not."""
    record = read(path)
    if record.get("fingerprint") != fingerprint(state, width):
        raise TreeFileError(f"tree file {path} was made for another dictionary or settings")
    problem = tree_problem(record["tree"], state)
    if problem:
        raise TreeFileError(f"tree file {path} does not fit its answers: {problem}")
    return record["tree"]


def shape_problem(tree: Node, k: int, alphabet: Alphabet = ENGLISH) -> str:
    """Return what is wrong with the words and replies of a tree of k-letter words ('' if
    nothing): every guess k of the alphabet's letters, every reply k marks g y . and not
    all green."""
    nodes = [tree]
    while nodes:
        node = nodes.pop()
        guess = node.guess
        if not (len(guess) == k and alphabet.is_word(guess)):
            return f"a guess is not a word of {k} letters {alphabet.described()}: {quoted(guess)}"
        for reply, child in node.children.items():
            if len(reply) != k or not MARKS.issuperset(reply) or reply == "g" * k:
                shown = alphabet.upper(guess)
                return f"{shown} has a reply that is not {k} marks g y .: {quoted(reply)}"
            nodes.append(child)
    return ""


def tree_problem(tree: Node, state: GameState) -> str:
    """Return what is wrong with a tree for state's candidates ('' if nothing): words and
    replies of the game's length, each answer reached once, within the limit, by replies
    the rules give, each guess legal."""
    problem = shape_problem(tree, state.k, state.allowed.alphabet)
    if problem:
        return problem
    paths, upper = tree.paths(), state.allowed.alphabet.upper
    wanted = set(state.candidate_words())
    if set(paths) != wanted:
        missing = sorted(wanted - set(paths)) or sorted(set(paths) - wanted)
        return f"{upper(missing[0])} is not reached once"
    for answer, path in paths.items():
        if len(path) > state.limit:
            return f"{upper(answer)} needs {len(path)} guesses"
        if any(reply_for(guess, answer) != reply for guess, reply in path):
            return f"a reply on the path of {upper(answer)} is wrong"
        ultra = state.ultra_hard
        if state.hard and any(
            hard_mode_problem(g, path[:i], ultra=ultra) for i, (g, _) in enumerate(path)
        ):
            mode = "ultra-hard" if ultra else "hard mode"
            return f"a guess on the path of {upper(answer)} breaks {mode}"
    return ""
