"""The terminal's prompts at a terminal (a pseudo-terminal here): lines are edited as a
shell's and Up recalls the lines typed before (readline); piped input is read as it was."""

import os
import pty
import select
import subprocess
import sys
import time

import pytest

pytest.importorskip("readline")

HELP_LINE = "take back the last feedback or refusal"  # a line of the game's own help
NOT_A_REPLY = "unknown feedback character"  # what a control key in a reply is told


def _session(keys: list[bytes], *args: str) -> str:
    """Run `lenwordle play --start crane ARGS` on a pseudo-terminal, typing each of keys
    once the prompt is shown, then end of input; return all it printed."""
    leader, follower = pty.openpty()
    env = {**os.environ, "TERM": "xterm", "NO_COLOR": "1", "COLUMNS": "100"}
    process = subprocess.Popen(
        [sys.executable, "-m", "lenwordle", "play", "--start", "crane", *args],
        stdin=follower,
        stdout=follower,
        stderr=follower,
        env=env,
        close_fds=True,
    )
    os.close(follower)
    out = b""
    pending = [*keys, b"\x04"]  # (Ctrl-D on an empty line: end of input)
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        ready, _, _ = select.select([leader], [], [], 0.2)
        if ready:
            try:
                data = os.read(leader, 65536)
            except OSError:  # (the process ended: the terminal is gone)
                break
            if not data:
                break
            out += data
            if pending and out.rstrip().endswith(b"?"):
                os.write(leader, pending.pop(0))
        elif process.poll() is not None:
            break
    process.wait(timeout=30)
    os.close(leader)
    return out.decode("utf-8", "replace")


def test_a_line_is_edited_at_the_terminal():
    # ...., Home (Ctrl-A), g: the line is g...., a reply; unedited it is no reply at all
    out = _session([b"....\x01g\r"])
    assert NOT_A_REPLY not in out
    assert out.count("> ") >= 2  # the reply was taken: a second suggestion


def test_up_recalls_the_line_typed_before():
    out = _session([b"help\r", b"\x1b[A\r"])
    assert out.count(HELP_LINE) == 2, out


def test_piped_lines_are_read_as_before():
    # (not a terminal: no editing, the control key is part of the line, which is refused)
    done = subprocess.run(
        [sys.executable, "-m", "lenwordle", "play", "--start", "crane"],
        input="....\x01g\n",
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert NOT_A_REPLY in done.stdout
    assert done.returncode == 1  # (then the end of input: the game is not finished)
