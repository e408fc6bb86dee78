"""Reading and writing files (words/files.py): capped reads of regular files (the limit named
in its unit, a file that grew past it, a read that fails, opened without blocking and closed
on exec, a directory or a special file refused by its name), in file names of every script;
the check that a folder takes a file; atomic writes in UTF-8, an interrupt after the rename
raised as it came. Each asserts behaviour worked out by hand, not output copied from the
program."""

import errno
import fcntl
import locale
import os
import stat

import pytest

from lenwordle.words import files
from lenwordle.words.files import BadFile, check_writable, open_regular, read_capped, write_atomic

# ---- capped reads of regular files ----

# file names in the three scripts the languages use: Latin with accents, Cyrillic, Turkish
NAMES = ["palabras-ñú.txt", "слова.txt", "kelİmeler-ı.txt"]


def _sparse(path, size):
    """Make a file of this size that takes no room on disk (its size is all that is read)."""
    with open(path, "wb") as f:
        f.truncate(size)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize(
    "limit, shown",
    [
        (512, "512 bytes"),
        ((1 << 10) - 1, "1023 bytes"),  # one below a KiB: still bytes
        (1 << 10, "1 KiB"),  # exactly a KiB
        (1536, "1.5 KiB"),
        (1 << 20, "1 MiB"),
        (5 << 20, "5 MiB"),
        (1 << 30, "1 GiB"),
        (3 << 30, "3 GiB"),
    ],
)
def test_a_file_one_byte_past_its_limit_names_the_limit_in_its_unit(tmp_path, name, limit, shown):
    path = tmp_path / name
    _sparse(path, limit + 1)
    with pytest.raises(BadFile) as caught:
        read_capped(path, limit)
    assert str(caught.value) == f"{path}: larger than the {shown} lenwordle reads"
    if limit <= 1 << 20:  # exactly at the limit: read whole (small ones only: it is read)
        _sparse(path, limit)
        assert len(read_capped(path, limit)) == limit


def test_sparse_files_take_no_room(tmp_path):
    # the 3 GiB file above must not fill this machine's disk
    path = tmp_path / "big"
    _sparse(path, 3 << 30)
    assert os.stat(path).st_blocks * 512 < 1 << 20


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize(
    "error, message",
    [
        (PermissionError(13, "Permission denied"), "cannot read (Permission denied)"),
        (IsADirectoryError(21, "Is a directory"), "is a directory, not a file"),
        (OSError(5, "Input/output error"), "cannot read (Input/output error)"),
    ],
)
def test_a_file_that_cannot_be_opened_is_one_line_saying_why(
    tmp_path, monkeypatch, name, error, message
):
    # as root, no permission is ever denied: the error is raised where the file is opened
    path = tmp_path / name
    path.write_text("gato\n")

    def refuse(*args, **kwargs):
        raise error

    monkeypatch.setattr(files.os, "open", refuse)
    with pytest.raises(BadFile) as caught:
        read_capped(path, 100)
    assert str(caught.value) == f"{path}: {message}"


class _Reader:
    """A file as open_regular returns it: read(n) gives n bytes (a file that keeps growing)
    or raises error; reading to the end never ends."""

    def __init__(self, error=None):
        self.asked, self.error = [], error

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def read(self, n=-1):
        self.asked.append(n)
        if self.error is not None:
            raise self.error
        if n is None or n < 0:
            raise AssertionError("read to the end of a file that never ends")
        return b"x" * n


def test_a_file_that_grew_past_its_cap_is_read_one_byte_past_it_then_refused(monkeypatch):
    reader = _Reader()
    monkeypatch.setattr(files, "open_regular", lambda path, max_bytes: reader)
    with pytest.raises(BadFile, match=r"^growing\.txt: larger than the 10 bytes lenwordle reads$"):
        read_capped("growing.txt", 10)
    assert reader.asked == [11]


def test_a_read_that_fails_is_one_line_naming_the_file_and_the_error(monkeypatch):
    reader = _Reader(OSError(errno.EIO, "Input/output error"))
    monkeypatch.setattr(files, "open_regular", lambda path, max_bytes: reader)
    with pytest.raises(BadFile, match=r"^bad\.txt: cannot read \(Input/output error\)$"):
        read_capped("bad.txt", 10)


def test_a_file_is_opened_without_blocking_and_read_blocking_closed_on_exec(tmp_path, monkeypatch):
    path = tmp_path / "words.txt"
    path.write_bytes(b"casa\n")
    flags, real_open = [], os.open

    def opening(name, how, *args, **kwargs):
        flags.append(how)
        return real_open(name, how, *args, **kwargs)

    monkeypatch.setattr(os, "open", opening)
    with open_regular(path, 100) as reader:
        [how] = flags
        assert how & os.O_NONBLOCK and how & os.O_CLOEXEC  # (a FIFO with no writer: no hang)
        assert fcntl.fcntl(reader.fileno(), fcntl.F_GETFL) & os.O_NONBLOCK == 0
        assert fcntl.fcntl(reader.fileno(), fcntl.F_GETFD) & fcntl.FD_CLOEXEC
        assert reader.read() == b"casa\n"


def test_a_directory_found_only_once_opened_is_refused_by_its_name(tmp_path, monkeypatch):
    real_stat = os.stat

    def stat_of(name, *args, **kwargs):  # the check before opening cannot tell
        if str(name) == str(tmp_path):
            raise PermissionError(errno.EACCES, "Permission denied")
        return real_stat(name, *args, **kwargs)

    monkeypatch.setattr(os, "stat", stat_of)
    with pytest.raises(BadFile, match=rf"^{tmp_path}: is a directory, not a file$"):
        open_regular(tmp_path, 100)


def test_a_file_of_a_kind_without_a_name_is_a_special_file():
    with pytest.raises(BadFile, match=r"^odd: is a special file, not a regular file$"):
        files._check_regular("odd", stat.S_IFLNK | 0o777)  # (fstat never says link)


# ---- a folder that takes a file ----


def test_a_folder_to_write_in_is_made_with_its_missing_parents_and_left_empty(tmp_path):
    folder = tmp_path / "a" / "b" / "c"
    check_writable(folder)
    assert folder.is_dir() and list(folder.iterdir()) == []


def test_the_check_writes_a_hidden_file_named_for_lenwordle_then_removes_it(tmp_path, monkeypatch):
    seen = []
    real_unlink = os.unlink

    def unlink(path, *args, **kwargs):  # what the folder holds just before the removal
        seen.append((str(path), sorted(p.name for p in tmp_path.iterdir())))
        real_unlink(path, *args, **kwargs)

    monkeypatch.setattr(os, "unlink", unlink)
    check_writable(tmp_path)
    [(removed, listed)] = seen
    name = os.path.basename(removed)
    assert os.path.dirname(removed) == str(tmp_path) and listed == [name]
    assert name.startswith(".lenwordle-check-") and name.endswith(".tmp")
    assert len(name) > len(".lenwordle-check-.tmp")  # a random part between the two
    assert list(tmp_path.iterdir()) == []


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


def test_an_atomic_write_takes_bytes_as_they_are(tmp_path):
    """The language build writes its Parquet files through it: bytes, not text."""
    data = bytes(range(256)) + "ÁRBOL\n".encode()
    write_atomic(tmp_path / "x.parquet", data)
    assert (tmp_path / "x.parquet").read_bytes() == data
    assert not list(tmp_path.glob("*.tmp"))
