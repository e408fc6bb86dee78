"""Hostile input: special files, huge or endless files, starter files built to break the
reader, and Unicode that splits or bends lines. Each is one line (or one note), never a hang
or a traceback. Speed and memory on huge files are measured by benchmarks/loading.py."""

import io
import json
import os
import shutil
import tempfile

import numpy as np
import pytest
from helpers import one_line_error, run_in_process
from hypothesis import given, settings
from hypothesis import strategies as st

from lenwordle.api.setup import Settings
from lenwordle.cli import prompt
from lenwordle.engine import kernel
from lenwordle.engine.feedback import reply_for, reply_to_code
from lenwordle.store import starters
from lenwordle.strategies import ranked as strategies
from lenwordle.words import wordfile
from lenwordle.words.wordlist import WordListError, read_words


def refuse_to_open(monkeypatch, path):
    """Make opening path fail as it does for a file without read permission (tests run as root)."""
    real_open = os.open

    def fake_open(name, *args, **kwargs):
        if os.fspath(name) == os.fspath(path):
            raise PermissionError(13, "Permission denied", os.fspath(name))
        return real_open(name, *args, **kwargs)

    monkeypatch.setattr(os, "open", fake_open)


# -- special files, directories, permissions --------------------------------------------


@pytest.mark.timeout(60)  # as each run of it was bounded in a process of its own
def test_a_fifo_as_a_word_file_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "words"
    os.mkfifo(fifo)
    for args in (
        ["play", "--words", str(fifo)],
        ["solve", "crane", "--answers", str(fifo)],
        ["bench", "--targets", str(fifo)],
        ["bench", "--limit", "1", "--accepted", str(fifo)],
    ):
        message = one_line_error(run_in_process(*args, input_text=""))
        assert str(fifo) in message and "named pipe (FIFO), not a regular file" in message


@pytest.mark.timeout(60)  # as each run of it was bounded in a process of its own
def test_a_device_as_a_word_file_is_refused_before_reading(tmp_path):
    for device in ("/dev/zero", "/dev/urandom", "/dev/null"):
        if os.path.exists(device):
            message = one_line_error(run_in_process("play", "--words", device, input_text=""))
            assert message == f"error: {device}: is a character device, not a regular file"


def test_a_word_file_without_read_permission_says_so(tmp_path, monkeypatch):
    path = tmp_path / "w.txt"
    path.write_text("crane\n")
    refuse_to_open(monkeypatch, path)
    with pytest.raises(WordListError, match="cannot read \\(Permission denied\\)") as error:
        read_words(path, 5)
    assert str(path) in str(error.value)


def test_a_directory_as_a_word_file_says_so(tmp_path):
    with pytest.raises(WordListError, match="is a directory, not a file"):
        read_words(tmp_path, 5)


@pytest.mark.parametrize(
    "make, reason",
    [
        (os.mkfifo, "is a named pipe (FIFO), not a regular file"),
        (os.mkdir, "is a directory, not a file"),
    ],
)
def test_a_special_starter_file_is_a_note_naming_it_and_the_opener_computed(
    tmp_path, make, reason
):
    make(tmp_path / "05.json")
    result = run_in_process("solve", "crane", "--starters", str(tmp_path))
    assert result.returncode == 0 and "Solved" in result.stdout, result.stderr
    assert result.stderr.splitlines() == [
        f"note: starter file {tmp_path / '05.json'}: {reason}; computing the opener"
    ]


def test_an_unreadable_starter_file_is_not_called_corrupt(tmp_path, monkeypatch):
    shutil.copy(starters.default_dir() / "05.json", tmp_path / "05.json")
    refuse_to_open(monkeypatch, tmp_path / "05.json")
    settings = Settings(5)
    with pytest.raises(starters.StarterError) as error:
        starters.opener(tmp_path, settings.state(), settings.solver())
    assert str(error.value) == (
        f"starter file {tmp_path / '05.json'}: cannot read (Permission denied)"
    )


# -- starter files built to break the reader ---------------------------------------------


def hostile_starters():
    """Return (name, bytes) of starter files a JSON reader may choke on."""
    record = json.loads((starters.default_dir() / "05.json").read_text())
    nested = {**record, "made_from": {**record["made_from"], "words": [[[["x"]]]]}}
    nested["checksum"] = starters.checksum(nested["openers"], nested["made_from"])
    lines = {**record, "openers": [{**record["openers"][0], "word": "a\nb\nc"}]}
    lines["checksum"] = starters.checksum(lines["openers"], lines["made_from"])
    escape = {**record, "made_from": {**record["made_from"], "words": "\x1b[2J\x1b[31mred"}}
    escape["checksum"] = starters.checksum(escape["openers"], escape["made_from"])
    return [
        ("deep nesting", b"[" * 100_000 + b"]" * 100_000),
        ("deep nesting in an object", b'{"a": ' * 50_000 + b"1" + b"}" * 50_000),
        ("a 5000-digit number", b'{"format": ' + b"9" * 5000 + b"}"),
        (
            "a 5000-digit number among the openers",
            json.dumps(record)
            .replace('"score": ', '"score": ' + "1" * 5000 + ', "x": ', 1)
            .encode(),
        ),
        ("not UTF-8", b'{"format": "\xff"}'),
        ("over 1 MiB", b" " * (starters.MAX_BYTES + 1) + b"{}"),
        ("nested made_from, checksum recomputed", json.dumps(nested).encode()),
        ("an opener of three lines, checksum recomputed", json.dumps(lines).encode()),
        ("terminal escapes in made_from, checksum recomputed", json.dumps(escape).encode()),
    ]


@pytest.mark.parametrize(
    "name, content", hostile_starters(), ids=[name for name, _ in hostile_starters()]
)
def test_a_hostile_starter_file_is_a_note_and_the_opener_is_computed(tmp_path, name, content):
    path = tmp_path / "05.json"
    path.write_bytes(content)
    with pytest.raises(starters.StarterError) as error:
        starters.read(tmp_path, 5)
    assert str(path) in str(error.value) and "\n" not in str(error.value)
    result = run_in_process("solve", "crane", "--starters", str(tmp_path), "--json")
    assert result.returncode == 0 and json.loads(result.stdout)["solved"], result.stderr
    notes = result.stderr.splitlines()
    assert len(notes) == 1 and notes[0].startswith(f"note: starter file {path}")
    assert notes[0].endswith("; computing the opener") and "Traceback" not in result.stderr
    assert str(path) in one_line_error(run_in_process("starters", "--starters", str(tmp_path)))


def test_a_checksum_is_not_a_signature_a_recomputed_one_is_trusted(tmp_path):
    """As docs/starters.md says: a hand-edited file with a recomputed checksum is used as is."""
    record = json.loads((starters.default_dir() / "05.json").read_text())
    record["openers"][0]["word"] = "crane"
    record["checksum"] = starters.checksum(record["openers"], record["made_from"])
    (tmp_path / "05.json").write_text(json.dumps(record))
    settings = Settings(5)
    assert starters.opener(tmp_path, settings.state(), settings.solver())[0] == "crane"


# -- huge and endless word files: limits, in one line ------------------------------------


def test_a_line_longer_than_any_word_is_refused_with_its_line_number(tmp_path):
    path = tmp_path / "w.txt"
    path.write_bytes(b"crane\nslate\n" + b"a" * (4 << 20))  # no newline for 4 MiB
    with pytest.raises(
        WordListError, match=f"{path}:3: a line of more than {wordfile.MAX_LINE_BYTES} bytes"
    ):
        read_words(path, 5)


def test_a_file_over_the_size_limit_is_refused_before_reading(tmp_path, monkeypatch):
    monkeypatch.setattr(wordfile, "MAX_FILE_BYTES", 1000)
    path = tmp_path / "w.txt"
    path.write_text("crane\n" * 200)
    message = str(pytest.raises(WordListError, read_words, path, 5).value)
    assert message == f"{path}: larger than the 1000 bytes lenwordle reads"


def test_more_distinct_words_than_the_limit_are_refused_duplicates_are_free(tmp_path, monkeypatch):
    monkeypatch.setattr(wordfile, "MAX_WORDS", 100)
    letters = "abcdefghijklmnopqrstuvwxyz"
    words = [a + b + "xyz" for a in letters for b in letters]  # 676 distinct words
    path = tmp_path / "w.txt"
    path.write_text("\n".join(words[:100] * 30))  # 3000 lines, 100 distinct: merged as it reads
    assert read_words(path, 5).strings == sorted(words[:100])
    path.write_text("\n".join(words))
    with pytest.raises(WordListError, match="more than 100 different words of length 5"):
        read_words(path, 5)


def test_the_shortlist_is_cut_for_a_huge_candidate_set(monkeypatch, tmp_path):
    path = tmp_path / "w.txt"
    letters = "abcdefghijklmnopqrstuvwxyz"
    path.write_text("\n".join(a + b + c + "es" for a in letters for b in letters for c in "abcde"))
    state, solver = Settings(5, path).state(), Settings(5, path, shortlist=20).solver()
    scored = []
    real = strategies.partition_values
    monkeypatch.setattr(
        strategies,
        "partition_values",
        lambda guesses, *args: scored.append(len(guesses)) or real(guesses, *args),
    )
    solver.rank(state, top=1)
    assert scored[-1] >= 0.2 * len(state.allowed)  # 3 380 candidates: not huge, not cut
    monkeypatch.setattr(strategies, "HUGE", 1000)
    monkeypatch.setattr(strategies, "EXACT_PAIRS", 100 * len(state.allowed))
    solver.rank(state, top=1)
    assert scored[-1] <= 100 + strategies.LIKELY  # the cut, plus the likeliest candidates
    Settings(5, path, shortlist=100).solver().rank(state, top=1)
    assert scored[-1] == len(state.allowed)  # 100 % stays exact


def test_scoring_a_huge_candidate_set_in_chunks_gives_the_same_patterns(monkeypatch):
    words = Settings(7).state().allowed
    answers, guesses = words.codes[::7], words.codes[:5]  # about 7 400 answers
    whole = kernel.pattern_codes(guesses, answers)
    monkeypatch.setattr(kernel, "CODES_CHUNK", 1000)  # answers prepared 1000 at a time
    chunked = kernel.pattern_codes(guesses, answers)
    assert np.array_equal(chunked, whole)
    for i in (0, 2500, len(answers) - 1):
        reply = reply_for(words.strings[1], words.strings[7 * i])
        assert chunked[1, i] == reply_to_code(reply)


# -- Unicode that splits or bends lines ---------------------------------------------------


def test_unicode_line_separators_do_not_split_lines_and_are_reported(tmp_path):
    path = tmp_path / "w.txt"
    path.write_text(
        "crane\u2028slate\nab\u0085cde\ntrace\n\u212aayak\nfl\u00e2ne\r\nstare\r\n", "utf-8"
    )
    words = read_words(path, 5)
    assert words.strings == ["stare", "trace"]  # crane, slate, abcde and kayak are not words
    assert words.skipped_count == 4
    result = run_in_process("solve", "trace", "--words", str(path))
    assert result.returncode == 0
    warnings = [line for line in result.stderr.splitlines() if line.startswith("warning")]
    assert warnings == [
        f"warning: {path}:1: 'crane\\u2028slate' is not letters a-z; skipped",
        f"warning: {path}:2: 'ab\\x85cde' is not letters a-z; skipped",
        f"warning: {path}:4: '\\u212aayak' is not letters a-z; skipped",
        "warning: 1 more lines skipped",
    ]


def test_many_bad_lines_give_three_examples_and_a_count(tmp_path):
    path = tmp_path / "w.txt"
    path.write_text("crane\nslate\n" + "caf\u00e9\n" * 100_000)
    result = run_in_process("solve", "crane", "--words", str(path))
    warnings = [line for line in result.stderr.splitlines() if line.startswith("warning")]
    assert warnings[-1] == "warning: 99997 more lines skipped" and len(warnings) == 4


def test_bytes_that_are_not_utf8_name_their_line(tmp_path):
    path = tmp_path / "w.txt"
    path.write_bytes(b"crane\nslate\ncr\xe2ne\n")
    message = one_line_error(run_in_process("play", "--words", str(path), input_text=""))
    assert message == f"error: {path}:3: not UTF-8 text (byte 14)"


@pytest.mark.parametrize(
    "args",
    [
        ["score", "\u212aayak", "kayak"],
        ["score", "kayak", "\u212aayak"],
        ["solve", "\u212aayak"],
        ["play", "--start", "\u212aayak"],
        ["score", "\uff43rane", "crane"],
    ],
)
def test_letters_that_only_look_like_a_z_are_refused_by_the_commands(args):
    message = one_line_error(run_in_process(*args, input_text=""))
    assert "is not a word of" in message and ("\\u212a" in message or "\\uff43" in message)


# -- the reader against a plain reference, at every chunk boundary ------------------------


def reference(text: str, k: int) -> tuple[list[str], list[int]]:
    """Return the words of length k and the skipped line numbers, by docs/word-lists.md's rules."""
    words, skipped = set(), []
    for number, line in enumerate(text.split("\n"), 1):
        line = line.strip(" \t\r\v\f")
        if line and not (line.isascii() and line.isalpha()):
            skipped.append(number)
        elif len(line) == k:
            words.add(line.lower())
    return sorted(words), skipped


LINE_TEXT = st.text(
    st.sampled_from(list("abcXYZ \t\r\n\v\f1-") + list("\u00e9\u212a\u2028\u0085\u00a0\uff41")),
    max_size=60,
)


@settings(max_examples=200, deadline=None)
@given(LINE_TEXT, st.integers(1, 40), st.integers(2, 4))
def test_the_streamed_reader_agrees_with_a_plain_reference(text, chunk, k):
    text = "z" * k + "\n" + text  # a word of length k, so that the file is never empty
    old = wordfile.CHUNK_BYTES
    wordfile.CHUNK_BYTES = chunk
    try:
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "w.txt")
            with open(path, "w", encoding="utf-8", newline="") as f:
                f.write(text)
            words, skipped = reference(text, k)
            try:
                found = read_words(path, k)
            except WordListError as error:
                assert not words and "no words of length" in str(error)
                return
    finally:
        wordfile.CHUNK_BYTES = old
    assert found.strings == words
    assert found.skipped_count == len(skipped)
    assert [int(note.split(":")[1]) for note in found.skipped] == skipped[: wordfile.NOTES]


REFUSED_LINE = "characters, more than the 4096 a line may have"


@pytest.mark.parametrize(
    "line, solved_in, refused",
    [
        ("ggggg".ljust(4096), 1, None),  # exactly the cap: read, the game won at once
        ("ggggg".ljust(4097), 1, 4097),  # one past: refused whole, then "ggggg" wins
        # longer than a chunk of what is dropped, its tail "....." not read as a line of its own
        # (it would be CRANE's reply, and "ggggg" would then win in 2)
        (" " * (prompt.DISCARD_CHUNK * 2) + ".....", 1, prompt.DISCARD_CHUNK * 2 + 5),
    ],
)
def test_a_line_longer_than_the_cap_is_refused_and_the_game_stays(line, solved_in, refused):
    assert prompt.MAX_INPUT_LINE == 4096
    result = run_in_process("play", "--start", "crane", input_text=f"{line}\nggggg\n")
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    said = [text for text in result.stdout.split("? ") if REFUSED_LINE in text]
    if refused is None:
        assert said == []
    else:
        assert said == [f"the line has {refused} {REFUSED_LINE}; try again (help for help)\n"]
    assert f"Solved in {solved_in} guess." in result.stdout


def test_read_line_holds_no_more_than_the_cap_and_counts_what_it_drops():
    text = "a" * 10 + "\n" + "b" * 11 + "\n" + "c" * 11  # the last line has no newline
    stream = io.StringIO(text)
    read = lambda: prompt.read_line(stream, cap=10)  # noqa: E731
    assert [read(), read(), read(), read()] == [
        ("a" * 10 + "\n", 10),
        (None, 11),
        (None, 11),
        ("", 0),
    ]
    stream = io.StringIO("x" * 10)  # at the cap, at the end of input: read
    assert prompt.read_line(stream, cap=10) == ("x" * 10, 10)
