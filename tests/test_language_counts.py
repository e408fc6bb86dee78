"""The words per length `lenwordle languages` prints: read from wordlists/lang/counts.json
when it was made from the very file and for the very rule, else counted again; both held to
an independent count in plain Python (each spelling folded by str.translate, a set per
length), in Latin with accents (es, both rules; ca's l·l; de's ß), Cyrillic (ru) and
Turkish (tr)."""

import dataclasses
import json
import shutil
from functools import cache

import pyarrow.parquet as pq
import pytest

from lenwordle.words import langlists
from lenwordle.words.langlists import (
    COUNTS_FILE,
    MAX_GAME_LENGTH,
    MIN_GAME_LENGTH,
    counted_exactly,
    language_counts,
    language_dir,
    rule_fingerprint,
)
from lenwordle.words.languages import LANGUAGES
from lenwordle.words.wordlist import bundled, bundled_count

SHIPPED = language_dir()
ALL_LENGTHS = list(range(MIN_GAME_LENGTH, MAX_GAME_LENGTH + 1))


@cache
def by_hand(code: str, rule: str) -> dict[int, int]:
    """Return the distinct words of each game length (4 to 11) of a shipped language's file,
    each spelling folded one by one."""
    alphabet = LANGUAGES[code].alphabet(rule)
    folds, letters = str.maketrans(dict(alphabet.folds)), set(alphabet.letters)
    seen: dict[int, set[str]] = {}
    for spelling in pq.read_table(SHIPPED / f"{code}.parquet", columns=["word"])[
        "word"
    ].to_pylist():
        word = spelling.translate(folds)
        if MIN_GAME_LENGTH <= len(word) <= MAX_GAME_LENGTH and set(word) <= letters:
            seen.setdefault(len(word), set()).add(word)
    return {k: len(seen[k]) for k in sorted(seen)}


@pytest.mark.parametrize(
    "code, rule",
    [
        ("es", "fold"),
        ("es", "keep"),
        ("ca", "fold"),
        ("de", "fold"),
        ("ru", "fold"),
        ("tr", "keep"),
    ],
)
def test_the_stored_counts_are_those_counted_by_hand(code, rule):
    stored = langlists._stored_counts(code, LANGUAGES[code].alphabet(rule))
    assert stored is not None  # counts.json is made from the files shipped, for this rule
    assert stored == language_counts(LANGUAGES[code], rule) == by_hand(code, rule)
    assert list(stored) == ALL_LENGTHS  # 4 and 11 too


def test_the_two_rules_count_apart():
    spanish = LANGUAGES["es"]
    fold, keep = language_counts(spanish, "fold"), language_counts(spanish, "keep")
    assert all(fold[k] < keep[k] for k in ALL_LENGTHS)  # folding makes spellings one word


@pytest.fixture
def copied(tmp_path, monkeypatch):
    """Return a folder the languages' files are read from, holding a copy of a file (and of
    counts.json) when asked: copy(name)."""
    monkeypatch.setattr(langlists, "language_dir", lambda: tmp_path)

    def copy(name: str):
        shutil.copy(SHIPPED / name, tmp_path / name)
        return tmp_path / name

    return copy


@pytest.mark.parametrize("code, rule", [("es", "keep"), ("ru", "fold"), ("tr", "keep")])
def test_without_counts_json_the_words_are_counted_again(code, rule, copied):
    copied(f"{code}.parquet")
    assert language_counts(LANGUAGES[code], rule) == by_hand(code, rule)
    assert counted_exactly(LANGUAGES[code], rule) == by_hand(code, rule)


@pytest.fixture
def counted_again(monkeypatch):
    """Make counting again return a mark, so that a test sees whether it was done."""
    monkeypatch.setattr(langlists, "counted_exactly", lambda language, rule=None: {4: -1})
    return {4: -1}


def edited(path, edit) -> None:
    record = json.loads(path.read_text())
    edit(record)
    path.write_text(json.dumps(record))


def test_a_count_is_read_only_for_its_own_file_and_rule(copied, counted_again):
    spanish = LANGUAGES["es"]
    parquet, counts = copied("es.parquet"), copied(COUNTS_FILE)
    assert language_counts(spanish, "fold") == by_hand("es", "fold")  # stored: read
    fold = rule_fingerprint(spanish.alphabet("fold"))
    same = dataclasses.replace(spanish.alphabet("fold"), folds={**spanish.alphabet("fold").folds})
    assert langlists._stored_counts("es", same) is not None  # the same letters and folds
    wider = spanish.alphabet("keep")
    fewer = dataclasses.replace(wider, folds={"à": "a"})  # a fold more than keep's none
    assert rule_fingerprint(fewer) not in (fold, rule_fingerprint(wider))
    assert langlists._stored_counts("es", fewer) is None
    table = pq.read_table(parquet)
    pq.write_table(table.slice(1), parquet)  # one spelling fewer: another file
    assert language_counts(spanish, "fold") == counted_again
    copied("es.parquet")
    assert language_counts(spanish, "fold") == by_hand("es", "fold")
    assert counts.exists()


@pytest.mark.parametrize(
    "edit",
    [
        lambda r: r["languages"]["es"].update(file="0" * 64),  # made from another file
        lambda r: r["languages"].pop("es"),  # es missing
        lambda r: r.update(languages=[]),  # of another shape
        lambda r: next(iter(r["languages"]["es"]["rules"].values()))["counts"].update({"5": 0}),
        lambda r: next(iter(r["languages"]["es"]["rules"].values()))["counts"].update({"5": "9"}),
        lambda r: next(iter(r["languages"]["es"]["rules"].values()))["counts"].update({"3": 9}),
        lambda r: next(iter(r["languages"]["es"]["rules"].values()))["counts"].update({"12": 9}),
    ],
)
def test_a_count_edited_or_made_from_another_file_is_not_read(copied, counted_again, edit):
    copied("es.parquet")
    counts = copied(COUNTS_FILE)
    edited(counts, edit)  # (the file's or its rules', or one rule's counts)
    results = [language_counts(LANGUAGES["es"], rule) for rule in ("fold", "keep")]
    assert counted_again in results


@pytest.mark.parametrize("text", ["", "{", "[]", "null", '{"languages": {"es": 5}}'])
def test_a_corrupt_counts_json_is_not_read(copied, counted_again, text):
    copied("es.parquet")
    (copied(COUNTS_FILE)).write_text(text)
    assert language_counts(LANGUAGES["es"], "fold") == counted_again


@pytest.mark.parametrize("k", ALL_LENGTHS)
def test_the_english_count_is_the_lists_length(k):
    assert bundled_count(k) == len(bundled(k))
