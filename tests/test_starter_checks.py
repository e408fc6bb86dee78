"""Each check of a starter file says what it found wrong: one case per check, each breaking
exactly one field of the shipped 5-letter record (its checksum recomputed, so that only the
check under test can refuse it)."""

import json

import pytest

from lenwordle.store import starters

PREFIX = "is corrupt or of another format: "


def shipped() -> dict:
    """Return a fresh copy of the shipped, valid 5-letter starter record."""
    return json.loads((starters.default_dir() / "05.json").read_text())


def written(folder, record) -> None:
    """Write record as folder's 5-letter starter file, its checksum recomputed when it can be."""
    if isinstance(record, dict) and isinstance(record.get("openers"), list):
        made_from = record.get("made_from")
        record["checksum"] = starters.checksum(record["openers"], made_from)
    (folder / "05.json").write_text(json.dumps(record))


def set_made_from(key, value):
    """Return an edit that sets made_from[key] (deletes it for value ...)."""

    def edit(record):
        if value is ...:
            del record["made_from"][key]
        else:
            record["made_from"][key] = value

    return edit


def set_opener(field, value, number=3):
    """Return an edit that sets a field of the opener `number` (1 the first; ... deletes it)."""

    def edit(record):
        opener = record["openers"][number - 1]
        if value is ...:
            del opener[field]
        else:
            opener[field] = value

    return edit


def set_top(key, value):
    """Return an edit that sets a key of the record (deletes it for value ...)."""

    def edit(record):
        if value is ...:
            del record[key]
        else:
            record[key] = value

    return edit


def whole(value):
    """Return an edit that replaces the record by value."""
    return lambda record: value


def opener_replaced(value, number=3):
    """Return an edit that replaces the opener `number` (1 the first) by value."""

    def edit(record):
        record["openers"][number - 1] = value

    return edit


NOT_TEXT = "'made_from' 'words' is neither a number nor one line of text"
NO_SHORTLIST = "'made_from' has no 'shortlist' number"
OUT_OF_RANGE = "'made_from' 'shortlist' is not above 0 and at most 100"
NO_WORD = "opener 3 has no word of 5 letters a-z"

BROKEN = {
    "a list, not an object": (whole([1, 2]), "not a JSON object"),
    "a number, not an object": (whole(7), "not a JSON object"),
    "format 1": (set_top("format", 1), "'format' is not 2"),
    "format '2'": (set_top("format", "2"), "'format' is not 2"),
    "no format": (set_top("format", ...), "'format' is not 2"),
    "k 4 in a 5-letter file": (set_top("k", 4), "'k' is not 5"),
    "no k": (set_top("k", ...), "'k' is not 5"),
    "made_from a list": (set_top("made_from", []), "'made_from' is not an object"),
    "no made_from": (set_top("made_from", ...), "'made_from' is not an object"),
    "made_from text nested": (set_made_from("words", [["x"]]), NOT_TEXT),
    "made_from text null": (set_made_from("words", None), NOT_TEXT),
    "made_from text with escapes": (set_made_from("words", "\x1b[2Jred"), NOT_TEXT),
    "made_from text of two lines": (set_made_from("words", "a\nb"), NOT_TEXT),
    "made_from text over 4096 characters": (set_made_from("words", "w" * 4097), NOT_TEXT),
    "no shortlist": (set_made_from("shortlist", ...), NO_SHORTLIST),
    "shortlist text": (set_made_from("shortlist", "all"), NO_SHORTLIST),
    "shortlist true": (set_made_from("shortlist", True), NO_SHORTLIST),
    "shortlist 0": (set_made_from("shortlist", 0), OUT_OF_RANGE),
    "shortlist -5": (set_made_from("shortlist", -5), OUT_OF_RANGE),
    "shortlist 100.5": (set_made_from("shortlist", 100.5), OUT_OF_RANGE),
    "shortlist NaN": (set_made_from("shortlist", float("nan")), OUT_OF_RANGE),
    "openers an object": (set_top("openers", {"word": "tares"}), "'openers' is not a list"),
    "no openers": (set_top("openers", ...), "'openers' is not a list"),
    "openers empty": (set_top("openers", []), "'openers' is empty"),
    "opener a word alone": (opener_replaced("tares"), "opener 3 is not an object"),
    "the first opener null": (opener_replaced(None, 1), "opener 1 is not an object"),
    "opener word a number": (set_opener("word", 7), NO_WORD),
    "no opener word": (set_opener("word", ...), NO_WORD),
    "opener word of 4 letters": (set_opener("word", "tare"), NO_WORD),
    "opener word of 6 letters": (set_opener("word", "tarest"), NO_WORD),
    "opener word in capitals": (set_opener("word", "TARES"), NO_WORD),
    "opener word with an accent": (set_opener("word", "tarés"), NO_WORD),
    "opener word with a digit": (set_opener("word", "tar3s"), NO_WORD),
    "the last opener's word": (
        set_opener("word", "x", 10),
        "opener 10 has no word of 5 letters a-z",
    ),
    **{
        f"opener {figure} {name}": (
            set_opener(figure, value),
            f"opener 3 has a '{figure}' that is not a number",
        )
        for figure in starters.NUMBERS
        for name, value in [("text", "1.5"), ("true", True), ("null", None)]
    },
}


@pytest.mark.parametrize("edit, message", BROKEN.values(), ids=BROKEN.keys())
def test_each_check_of_a_starter_file_says_what_it_found(tmp_path, edit, message):
    record = shipped()
    record = edit(record) or record
    written(tmp_path, record)
    with pytest.raises(starters.StarterError) as error:
        starters.read(tmp_path, 5)
    assert str(error.value) == f"starter file {tmp_path / '05.json'} {PREFIX}{message}"


FINE = {
    "as shipped (shortlist 100)": lambda record: None,
    "shortlist just above 0": set_made_from("shortlist", 0.001),
    "shortlist a whole number": set_made_from("shortlist", 50),
    "made_from text of 4096 characters": set_made_from("words", "w" * 4096),
    "made_from text empty": set_made_from("words", ""),
    "made_from a number": set_made_from("answers", 2.5),
    "an opener without its figures": opener_replaced({"word": "tares"}),
    "whole-number figures": set_opener("score", -3),
    "a single opener": lambda record: record.update(openers=record["openers"][:1]),
}


@pytest.mark.parametrize("edit", FINE.values(), ids=FINE.keys())
def test_a_record_that_bends_no_check_is_read(tmp_path, edit):
    record = shipped()
    edit(record)
    written(tmp_path, record)
    assert starters.read(tmp_path, 5) == record


def test_a_checked_record_with_a_stale_checksum_is_edited_by_hand(tmp_path):
    record = shipped()
    record["openers"][0]["score"] = 0.0
    (tmp_path / "05.json").write_text(json.dumps(record))
    with pytest.raises(starters.StarterError, match=r"is corrupt \(edited by hand\?\)$"):
        starters.read(tmp_path, 5)
