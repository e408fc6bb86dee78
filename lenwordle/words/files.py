"""Files read and written safely: regular files only, reads capped in size, writes atomic.

A named pipe, a device or a socket is refused before anything is read from it (reading one
could block for ever or never end), a directory or a file that cannot be read says so, and
a file past its size cap is refused: every problem is one BadFile line naming the file.
"""

import fcntl
import os
import stat
import tempfile
from pathlib import Path
from typing import BinaryIO

KINDS = {
    stat.S_IFIFO: "a named pipe (FIFO)",
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFSOCK: "a socket",
}


class BadFile(ValueError):
    """A file that cannot be read as asked; the message is one line naming it."""


class NoSuchFile(BadFile):
    """A file that does not exist."""


class EmptyFile(BadFile):
    """A file with nothing but blank lines (or nothing at all)."""


def open_regular(path: str | Path, max_bytes: int) -> BinaryIO:
    """Return a binary reader of a regular file of at most max_bytes; BadFile if it is not one.

    The file is opened without blocking (a FIFO with no writer would hang) and checked
    with fstat, so what is read is what was checked.
    """
    try:  # refused before opening when possible: opening some devices already does something
        _check_regular(path, os.stat(path).st_mode)
    except OSError:
        pass  # os.open says what is wrong
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as error:
        raise _problem(path, error) from None
    try:
        info = os.fstat(fd)
        _check_regular(path, info.st_mode)
        if info.st_size > max_bytes:
            raise BadFile(f"{path}: larger than the {_size(max_bytes)} lenwordle reads")
        fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) & ~os.O_NONBLOCK)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_capped(path: str | Path, max_bytes: int) -> bytes:
    """Return the bytes of a regular file of at most max_bytes; BadFile if it cannot be."""
    with open_regular(path, max_bytes) as f:
        try:
            data = f.read(max_bytes + 1)  # a file that grew since fstat is still capped
        except OSError as error:
            raise _problem(path, error) from None
    if len(data) > max_bytes:
        raise BadFile(f"{path}: larger than the {_size(max_bytes)} lenwordle reads")
    return data


def write_atomic(path: Path, text: str | bytes) -> None:
    """Write text (UTF-8) or bytes to path through a temporary file and a rename: never half
    a file."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(fd, 0o666 & ~umask)  # readable like any other file, not mkstemp's 0600
        data = text.encode("utf-8") if isinstance(text, str) else text
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def check_writable(folder: Path) -> None:
    """Create folder if needed and make sure a file can be written in it; OSError if not."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".lenwordle-check-", suffix=".tmp")
    os.close(fd)
    os.unlink(tmp)


def destination(path: str | Path) -> Path:
    """Return where a write to path lands, after checking a file can be written there; BadFile
    (one line naming path) if not. A symbolic link is followed: the file it points to is
    replaced, the link kept. A directory or a special file (FIFO, device, socket) is refused,
    and so is a folder that cannot take a file (a test file is written in it and removed;
    missing folders are created). Nothing is written to path itself."""
    if str(path).startswith(("/dev/std", "/dev/fd/", "/proc/")):  # a stream, not a file
        raise BadFile(f"{path}: is a stream of this process, not a file to replace")
    target = Path(os.path.realpath(path))
    try:  # the kind of what path leads to (os.stat follows links, even /dev/stdout's pipe)
        _check_regular(path, os.stat(path).st_mode)
    except FileNotFoundError:
        pass  # a new file
    except OSError as error:
        raise BadFile(f"{path}: cannot write ({error.strerror or error})") from None
    folder = target.parent
    if folder.exists() and not folder.is_dir():
        raise BadFile(f"{path}: cannot write ({folder} is not a folder)")
    try:
        check_writable(folder)
    except OSError as error:
        raise BadFile(f"{path}: cannot write in {folder} ({error.strerror or error})") from None
    return target


def _check_regular(path: str | Path, mode: int) -> None:
    """Raise BadFile unless a file of this mode is a regular file."""
    if stat.S_ISDIR(mode):
        raise BadFile(f"{path}: is a directory, not a file")
    if not stat.S_ISREG(mode):
        kind = KINDS.get(stat.S_IFMT(mode), "a special file")
        raise BadFile(f"{path}: is {kind}, not a regular file")


def _problem(path: str | Path, error: OSError) -> BadFile:
    """Return the one-line BadFile an OSError means for path."""
    if isinstance(error, FileNotFoundError):
        return NoSuchFile(f"{path}: no such file")
    if isinstance(error, IsADirectoryError):
        return BadFile(f"{path}: is a directory, not a file")
    if isinstance(error, PermissionError):
        return BadFile(f"{path}: cannot read (Permission denied)")
    return BadFile(f"{path}: cannot read ({error.strerror or error})")


def _size(n: int) -> str:
    """Return a byte count for a message: '1 MiB', '3.2 GiB', '512 bytes'."""
    for unit, shift in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if n >= 1 << shift:
            return f"{n / (1 << shift):.3g} {unit}"
    return f"{n} bytes"
