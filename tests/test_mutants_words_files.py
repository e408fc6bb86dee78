"""Tests written to kill mutants that survived the mutation run (benchmarks/mutation.py;
docs/reliability.md#mutation-testing): atomic writes (words/files.py), the languages'
stored counts and their record (words/langlists.py), the decoding of a word file in another
alphabet (words/wordfile.py), spellings and the likeliest-first order (words/wordlist.py,
words/prior.py), and what a forked worker does with signals (engine/workers.py), called in
this process with its system calls stood in for. Each asserts behaviour worked out by hand,
not output copied from the program."""

import dataclasses
import hashlib
import json
import locale
import os
import signal
from types import SimpleNamespace

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from lenwordle.engine import workers
from lenwordle.words import langlists, wordfile
from lenwordle.words.files import EmptyFile, write_atomic
from lenwordle.words.langlists import (
    COUNTS_FILE,
    counted_exactly,
    counts_record,
    file_fingerprint,
    rule_fingerprint,
)
from lenwordle.words.languages import LANGUAGES
from lenwordle.words.prior import likeliest_first
from lenwordle.words.wordlist import WordList

SHIPPED_COUNTS = json.loads((langlists.language_dir() / COUNTS_FILE).read_text("utf-8"))


# ---- write_atomic: a temporary file beside the target, then a rename ----


def test_an_atomic_write_goes_through_a_temporary_file_beside_the_target_named_after_it(
    tmp_path, monkeypatch
):
    target = tmp_path / "starters.json"
    seen = []
    real_replace = os.replace

    def replace(source, destination):  # what the folder holds just before the rename
        seen.append((str(source), sorted(p.name for p in tmp_path.iterdir())))
        real_replace(source, destination)

    monkeypatch.setattr(os, "replace", replace)
    write_atomic(target, "olé\n")
    [(temporary, listed)] = seen
    name = os.path.basename(temporary)
    assert os.path.dirname(temporary) == str(tmp_path)  # the same folder: a rename, not a copy
    assert name.startswith("starters.json") and name.endswith(".tmp") and listed == [name]
    assert [p.name for p in tmp_path.iterdir()] == ["starters.json"]
    assert target.read_bytes() == "olé\n".encode()


def test_an_atomic_write_is_utf8_whatever_the_locale_says(tmp_path):
    before = locale.setlocale(locale.LC_CTYPE)
    locale.setlocale(locale.LC_CTYPE, "C")  # the locale's encoding: ASCII
    try:
        write_atomic(tmp_path / "words.txt", "cañón\nstraße\n")
    finally:
        locale.setlocale(locale.LC_CTYPE, before)
    assert (tmp_path / "words.txt").read_bytes() == b"ca\xc3\xb1\xc3\xb3n\nstra\xc3\x9fe\n"


class _Interrupted(BaseException):
    """A signal's exception, arriving as the write ends."""


def test_an_interrupt_right_after_the_rename_is_raised_as_it_came(tmp_path, monkeypatch):
    target = tmp_path / "tree.json"
    real_replace = os.replace

    def replace(source, destination):  # the rename is done; then Ctrl-C lands
        real_replace(source, destination)
        raise _Interrupted

    monkeypatch.setattr(os, "replace", replace)
    with pytest.raises(_Interrupted):  # (not an error of removing a temporary file now gone)
        write_atomic(target, "{}\n")
    assert target.read_text() == "{}\n"
    assert [p.name for p in tmp_path.iterdir()] == ["tree.json"]


# ---- the languages' stored counts: fingerprints, reading, the record ----


def _shipped_key(code: str, rule: str) -> str:
    """Return the fingerprint counts.json (as shipped) files a language's rule under."""
    rules = SHIPPED_COUNTS["languages"][code]["rules"]
    [key] = [key for key, entry in rules.items() if entry["rule"] == rule]
    return key


def test_each_rules_fingerprint_is_the_one_counts_json_was_made_with():
    # a fingerprint reckoned otherwise would leave every stored count unread (counted again)
    for code, entry in SHIPPED_COUNTS["languages"].items():
        for key, stored in entry["rules"].items():
            assert rule_fingerprint(LANGUAGES[code].alphabet(stored["rule"])) == key


def test_a_files_fingerprint_is_the_sha256_of_its_bytes(tmp_path, monkeypatch):
    monkeypatch.setattr(langlists, "language_dir", lambda: tmp_path)
    data = bytes(range(256)) * 9  # any bytes: only hashed
    (tmp_path / "xx.parquet").write_bytes(data)
    assert file_fingerprint("xx") == hashlib.sha256(data).hexdigest()


@pytest.fixture
def stored(tmp_path, monkeypatch):
    """Return store(counts, file=..., rule=...): a counts.json in a folder of its own, for a
    Spanish es.parquet of a few bytes (only its fingerprint is read), under fold's rule."""
    monkeypatch.setattr(langlists, "language_dir", lambda: tmp_path)
    data = b"a Spanish file of words, only hashed"
    (tmp_path / "es.parquet").write_bytes(data)

    def store(counts, file=hashlib.sha256(data).hexdigest(), rule="fold"):
        record = {
            "format": 1,
            "languages": {
                "es": {
                    "file": file,
                    "rules": {_shipped_key("es", rule): {"rule": rule, "counts": counts}},
                }
            },
        }
        (tmp_path / COUNTS_FILE).write_text(json.dumps(record))
        return langlists._stored_counts("es", LANGUAGES["es"].alphabet("fold"))

    return store


def test_stored_counts_are_read_for_lengths_4_to_11_sorted_even_a_count_of_one(stored):
    read = stored({"11": 7, "4": 1, "9": 30, "10": 2})
    assert read == {4: 1, 9: 30, 10: 2, 11: 7} and list(read) == [4, 9, 10, 11]


@pytest.mark.parametrize(
    "counts",
    [
        {"4": 5, "3": 9},  # a length below 4
        {"4": 5, "12": 9},  # a length past 11
        {"4": 5, "5": 0},  # no words of a length is not stored: not a count
        {"4": 5, "5": -2},
        {"4": 5, "5": "9"},
        {"4": 5, "5": 2.0},
        {"4": 5, "5": True},
    ],
)
def test_stored_counts_of_other_lengths_or_not_counts_are_not_read(stored, counts):
    assert stored(counts) is None


def test_stored_counts_of_another_file_or_another_rule_are_not_read(stored):
    assert stored({"5": 3}) == {5: 3}
    assert stored({"5": 3}, file="0" * 64) is None
    assert stored({"5": 3}, rule="keep") is None


# Spellings by hand, each with its game words under fold / keep / a rule keeping á alone:
# acción and accion are one word folded, two kept; niño keeps ñ (a Spanish letter) in all;
# sol (3 letters) and computadoras (12) are of no game length; m-a-l-o has a hyphen.
SPANISH = ["casa", "niño", "árbol", "acción", "accion", "sol", "computadoras", "m-a-l-o"]
FOLDED = {4: 2, 5: 1, 6: 1}
KEPT = {4: 2, 5: 1, 6: 2}


def _spanish_file(folder):
    """Write es.parquet of the SPANISH spellings, with the shipped files' columns."""
    table = {
        "word": pa.array(SPANISH, pa.string()),
        "zipf": pa.array([3.0] * len(SPANISH), pa.float32()),
        "sources": pa.array([1] * len(SPANISH), pa.uint8()),
        "marks": pa.array([0] * len(SPANISH), pa.uint8()),
        "length": pa.array([len(s) for s in SPANISH], pa.uint8()),
    }
    pq.write_table(pa.table(table), folder / "es.parquet")
    return (folder / "es.parquet").read_bytes()


def test_counting_again_counts_lengths_4_to_11_only_and_reads_only_the_words(
    tmp_path, monkeypatch
):
    monkeypatch.setattr(langlists, "language_dir", lambda: tmp_path)
    _spanish_file(tmp_path)
    read, table = [], langlists._table

    def reading(code, lengths, columns=langlists.COLUMNS):
        read.append(list(columns))
        return table(code, lengths, columns)

    monkeypatch.setattr(langlists, "_table", reading)
    assert counted_exactly(LANGUAGES["es"], "fold") == FOLDED
    assert counted_exactly(LANGUAGES["es"], "keep") == KEPT
    assert read and all(columns == ["word"] for columns in read)  # not the frequencies


def test_the_counts_record_holds_each_files_fingerprint_and_each_rules_counts(
    tmp_path, monkeypatch
):
    monkeypatch.setattr(langlists, "language_dir", lambda: tmp_path)
    data = _spanish_file(tmp_path)
    fold, keep = _shipped_key("es", "fold"), _shipped_key("es", "keep")
    assert counts_record([LANGUAGES["es"]]) == {
        "format": 1,
        "languages": {
            "es": {
                "file": hashlib.sha256(data).hexdigest(),
                "rules": {
                    fold: {"rule": "fold", "counts": {str(k): n for k, n in FOLDED.items()}},
                    keep: {"rule": "keep", "counts": {str(k): n for k, n in KEPT.items()}},
                },
            }
        },
    }


def test_a_rule_of_the_same_letters_as_another_is_recorded_once_and_the_next_still_is(
    tmp_path, monkeypatch
):
    monkeypatch.setattr(langlists, "language_dir", lambda: tmp_path)
    _spanish_file(tmp_path)
    # `same` changes nothing of fold's table; `acute` keeps á as a letter of its own
    spanish = dataclasses.replace(LANGUAGES["es"], others={"same": {}, "acute": {"á": "á"}})
    assert spanish.rules() == ("fold", "keep", "same", "acute")
    rules = counts_record([spanish])["languages"]["es"]["rules"]
    assert [entry["rule"] for entry in rules.values()] == ["fold", "keep", "acute"]
    assert rules[rule_fingerprint(spanish.alphabet("acute"))]["counts"] == {
        "4": 2,  # casa niño
        "5": 1,  # árbol
        "6": 1,  # accion
    }


# ---- a word file in another alphabet: lines made plain, lowered, folded ----


def _scan(tmp_path, text, k, code="es", rule=None):
    path = tmp_path / "words.txt"
    path.write_bytes(text.encode())
    language = LANGUAGES[code]
    return path, wordfile.scan(path, k, language.alphabet(rule), language.name)


def _words(scan, code="es", rule=None):
    return LANGUAGES[code].alphabet(rule).decode(scan.words)


def test_words_beginning_or_ending_in_x_keep_their_x(tmp_path):
    _, scan = _scan(tmp_path, "XENÓN\nRELAX\n  Xerox \nlapiz\n", 5)
    assert _words(scan) == ["lapiz", "relax", "xenon", "xerox"] and scan.skipped == 0


def test_a_dotted_capital_i_outside_turkish_lowers_as_python_has_it_not_to_a_plain_i(tmp_path):
    assert "İNDIO".lower() == "i\u0307ndio"  # a combining dot: no Spanish letter
    path, scan = _scan(tmp_path, "İNDIO\nindio\n", 5)
    assert _words(scan) == ["indio"] and scan.skipped == 1
    assert scan.notes[0].startswith(f"{path}:1: 'İNDIO' has characters not in Spanish: ")


def test_a_dotted_capital_i_alone_in_russian_names_just_its_lowered_letters(tmp_path):
    path, scan = _scan(tmp_path, "İ\n", 5, "ru")
    assert scan.notes == (f"{path}:1: 'İ' has characters not in Russian: i '\u0307'",)


def test_in_turkish_a_small_i_with_a_combining_dot_is_no_letter(tmp_path):
    # KİTAP is kitap (İ is i); ki + a combining dot + tap is not a Turkish word
    _, scan = _scan(tmp_path, "KİTAP\nki\u0307tap\n", 5, "tr")
    assert _words(scan, "tr") == ["kitap"] and scan.skipped == 1


def test_blank_lines_are_not_skipped_lines(tmp_path):
    _, scan = _scan(tmp_path, "gatos\n\n   \n\t\nperro\n", 5)
    assert _words(scan) == ["gatos", "perro"] and scan.skipped == 0 and scan.notes == ()


def test_a_line_of_one_character_not_a_letter_is_skipped_and_counted(tmp_path):
    path, scan = _scan(tmp_path, "gatos\n-\n", 5)
    assert scan.skipped == 1
    assert scan.notes == (f"{path}:2: '-' has characters not in Spanish: '-'",)


def test_a_file_of_blank_lines_only_is_empty(tmp_path):
    with pytest.raises(EmptyFile):
        _scan(tmp_path, "\n   \n\t\n\n", 5)


def test_a_file_of_one_letter_is_not_empty_it_holds_no_word_of_the_length(tmp_path):
    _, scan = _scan(tmp_path, "a\n", 5)
    assert len(scan.words) == 0 and scan.skipped == 0


def test_a_long_skipped_line_is_shown_by_its_first_40_characters(tmp_path):
    line = "abcdefghij" * 4 + "12345"  # 45 characters
    path, scan = _scan(tmp_path, line + "\n", 5)
    assert scan.notes == (
        f"{path}:1: 'abcdefghijabcdefghijabcdefghijabcdefghij...' (45 characters) "
        "has characters not in Spanish: '1' '2' '3' '4' '5'",
    )


def test_skipped_lines_are_counted_over_every_chunk_and_only_three_described(
    tmp_path, monkeypatch
):
    monkeypatch.setattr(wordfile, "CHUNK_BYTES", 64)  # the first 4 KiB, then 64 bytes a read
    filler = 800  # lines of "gatos\n": 4800 bytes, past the first read
    lines = ["1gato"] + ["gatos"] * filler + ["2a", "3b", "4c", "5d", "perro", "6e"]
    path, scan = _scan(tmp_path, "\n".join(lines) + "\n", 5)
    assert _words(scan) == ["gatos", "perro"]
    assert scan.skipped == 6
    at = [1, filler + 2, filler + 3]  # the first three skipped lines, by line number
    assert [note.split(": ")[0] for note in scan.notes] == [f"{path}:{n}" for n in at]


# ---- spellings from a dictionary's list; the likeliest first ----


def _spanish_list(words, spellings=None):
    return WordList(
        pa.array(words, pa.large_string()),
        pa.array([35] * len(words), pa.uint8()),
        5,
        alphabet=LANGUAGES["es"].alphabet(),
        spellings=None if spellings is None else pa.array(spellings, pa.large_string()),
    )


def test_a_files_words_take_the_dictionarys_spelling_even_its_first_word_and_keep_others():
    known = _spanish_list(["arbol", "cañon"], ["árbol", "cañón"])
    mine = _spanish_list(["arbol", "cañon", "gatos"]).spelled_from(known)
    assert mine.spellings.to_pylist() == ["árbol", "cañón", "gatos"]
    assert [mine.display(w) for w in ("arbol", "gatos")] == ["ÁRBOL", "GATOS"]
    alone = _spanish_list(["arbol", "gatos"]).spelled_from(_spanish_list(["arbol"], ["árbol"]))
    assert alone.spellings.to_pylist() == ["árbol", "gatos"]


def test_a_list_without_spellings_or_an_empty_one_spells_nothing():
    mine = _spanish_list(["arbol", "gatos"])
    assert mine.spelled_from(_spanish_list(["arbol"])) is mine  # (no spellings to give)
    assert mine.spelled_from(_spanish_list([], [])) is mine


def test_the_likeliest_first_are_the_heaviest_then_the_more_frequent_then_the_first():
    weights = np.array([0.2, 0.5, 0.5, 0.1, 0.5])
    zipf = np.array([1.0, 2.0, 3.0, 4.0, 2.0])
    # 0.5 (zipf 3: row 2; zipf 2: rows 1 then 4), then 0.2 (row 0), then 0.1 (row 3)
    assert likeliest_first(weights, zipf).tolist() == [2, 1, 4, 0, 3]


# ---- a worker's signals (engine/workers.py), its system calls stood in for ----


class _Exited(Exception):
    """os._exit, stood in for: the code it was given."""


@pytest.fixture
def worker_world(monkeypatch):
    """Stand in for what a worker's set-up touches beyond signal handlers: prctl, threads,
    os.getppid/os._exit, sleeping; restore SIGINT's and SIGTERM's handlers and the mask."""
    world = SimpleNamespace(prctl=[], threads=[], sleeps=[], ppid=[4242], prctl_answer=0)

    def prctl(*args):
        world.prctl.append(args)
        return world.prctl_answer

    class Thread:
        def __init__(self, **kwargs):
            self.kwargs = kwargs

        def start(self):
            world.threads.append(self.kwargs)

    def getppid():
        return world.ppid.pop(0) if len(world.ppid) > 1 else world.ppid[0]

    def _exit(code):
        raise _Exited(code)

    world.pdeathsig = prctl
    monkeypatch.setattr(workers, "_pdeathsig", lambda: world.pdeathsig)
    monkeypatch.setattr(workers, "threading", SimpleNamespace(Thread=Thread))
    monkeypatch.setattr(workers, "os", SimpleNamespace(getppid=getppid, _exit=_exit))
    monkeypatch.setattr(workers, "time", SimpleNamespace(sleep=world.sleeps.append))
    handlers = {sig: signal.getsignal(sig) for sig in workers.STOP_SIGNALS}
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, [])
    try:
        yield world
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        for sig, handler in handlers.items():
            signal.signal(sig, handler)


def _noted(signum, frame):
    pass


def test_a_worker_ignores_ctrl_c_dies_by_sigterm_asks_to_die_with_its_parent_and_lets_signals_in(
    worker_world,
):
    signal.signal(signal.SIGINT, _noted)
    signal.signal(signal.SIGTERM, _noted)
    signal.pthread_sigmask(signal.SIG_BLOCK, workers.STOP_SIGNALS)  # as _start holds them
    workers._worker_signals(4242)
    assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL
    assert worker_world.prctl == [(1, 9, 0, 0, 0)]  # PR_SET_PDEATHSIG, SIGKILL
    assert worker_world.threads == []  # no watcher needed
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, [])
    assert signal.SIGINT not in blocked and signal.SIGTERM not in blocked


@pytest.mark.parametrize("prctl", ["missing", "failing"])
def test_a_worker_without_pdeathsig_watches_its_parent_from_a_daemon_thread(worker_world, prctl):
    if prctl == "missing":
        worker_world.pdeathsig = None
    worker_world.prctl_answer = -1
    workers._worker_signals(4242)
    assert worker_world.threads == [{"target": workers._watch, "args": (4242,), "daemon": True}]


def test_a_worker_whose_parent_died_already_ends_with_status_1(worker_world):
    worker_world.ppid = [1]  # adopted: its parent 4242 is gone
    with pytest.raises(_Exited) as ended:
        workers._worker_signals(4242)
    assert ended.value.args == (1,)


def test_the_watcher_sleeps_at_most_half_a_second_a_time_until_the_parent_is_gone(worker_world):
    worker_world.ppid = [4242, 4242, 4242, 1]
    with pytest.raises(_Exited) as ended:
        workers._watch(4242)
    assert ended.value.args == (1,)
    assert len(worker_world.sleeps) == 3 and all(0 < s <= 0.5 for s in worker_world.sleeps)


def test_sigint_raises_keyboardinterrupt_sigterm_terminated_and_the_first_is_remembered(
    monkeypatch,
):
    monkeypatch.setattr(workers, "_received", [])
    with pytest.raises(KeyboardInterrupt) as caught:
        workers._on_signal(signal.SIGINT, None)
    assert type(caught.value) is KeyboardInterrupt
    with pytest.raises(KeyboardInterrupt) as caught:  # (Terminated is one)
        workers._on_signal(signal.SIGTERM, None)
    assert type(caught.value) is workers.Terminated
    assert workers.stopped_by() == signal.SIGINT and workers._received == [2, 15]


def test_nothing_kept_says_its_note_and_the_stop_notes_keep_it(monkeypatch):
    monkeypatch.setattr(workers, "_notes", [])
    error = workers.nothing_kept("the tree was not written")
    assert isinstance(error, KeyboardInterrupt) and str(error) == "the tree was not written"
    notes = workers.stop_notes()
    assert notes == ["the tree was not written"]
    notes.append("changed")  # a copy
    assert workers.stop_notes() == ["the tree was not written"]
