"""Text quoted in messages (words/quoting.py): a backslash doubled, long text cut with its
length said, and the first byte that was not UTF-8. Worked by hand."""

import pytest

from lenwordle.words import quoting
from lenwordle.words.quoting import quoted


def test_a_backslash_is_shown_doubled_so_it_reads_as_no_escape():
    assert quoted("a\\b") == "'a\\\\b'"
    assert quoted("\\") == "'\\\\'"


def test_text_longer_than_the_limit_is_cut_and_its_length_said():
    assert quoted("x" * 30) == "'" + "x" * 30 + "'"
    assert quoted("x" * 31) == "'" + "x" * 30 + "...' (31 characters)"
    assert quoted("abcdef", limit=3) == "'abc...' (6 characters)"


@pytest.mark.parametrize(
    "text, byte",
    [
        ("añ\udc80o", "\\x80"),  # the lowest byte surrogateescape keeps: 0x80
        ("слово\udcff", "\\xff"),  # the highest: 0xff
        ("kelİ\udcc4\udcb0me", "\\xc4"),  # the first of two
        ("kelİmeı", ""),  # every letter decoded: nothing (an empty string, not None)
        ("", ""),
        ("x\udc7f", ""),  # below 0x80 a byte is ASCII: never escaped, not a byte of ours
    ],
)
def test_undecodable_shows_the_first_byte_that_was_not_utf8(text, byte):
    assert quoting.undecodable(text) == byte
