import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lenwordle.engine.feedback import (
    code_to_reply,
    parse_reply,
    pattern_dtype,
    reply_for,
    reply_to_code,
    tiles,
)
from lenwordle.engine.kernel import AnswerBlock, pattern_codes, pattern_codes_into
from lenwordle.words.letters import encode_word


@pytest.mark.parametrize(
    "guess, answer, reply",
    [
        ("error", "elder", "g...g"),
        ("speed", "abide", "..y.y"),
        ("ninny", "annex", "y.g.."),
        ("annex", "ninny", ".yg.."),
        ("gamma", "mummy", "..gg."),
        ("mummy", "gamma", "..gg."),
        ("mamma", "maxim", "ggy.."),
        ("crane", "crane", "ggggg"),
        ("aaaaa", "abbbb", "g...."),
        ("abbbb", "aaaaa", "g...."),
        ("lever", "eerie", ".g.yy"),
        ("percolating", "percolating", "ggggggggggg"),
    ],
)
def test_golden_replies(guess, answer, reply):
    assert reply_for(guess, answer) == reply
    codes = pattern_codes(encode_word(guess)[None, :], encode_word(answer)[None, :])
    assert code_to_reply(codes[0, 0], len(guess)) == reply


def words_pairs():
    """Pairs of same-length words over a small alphabet, so letters repeat a lot."""
    return st.integers(1, 15).flatmap(
        lambda k: st.tuples(
            st.lists(st.text("abc", min_size=k, max_size=k), min_size=1, max_size=12),
            st.lists(st.text("abcd", min_size=k, max_size=k), min_size=1, max_size=40),
        )
    )


@settings(max_examples=300, deadline=None)
@given(words_pairs())
def test_kernel_matches_reference(pair):
    guesses, answers = pair
    g = np.array([encode_word(w) for w in guesses])
    a = np.array([encode_word(w) for w in answers])
    codes = pattern_codes(g, a)
    assert codes.dtype == pattern_dtype(len(guesses[0]))
    expected = [[reply_for(x, y) for y in answers] for x in guesses]
    got = [[code_to_reply(c, len(x)) for c in row] for x, row in zip(guesses, codes)]
    assert got == expected


def test_kernel_writes_into_callers_buffer():
    a = np.array([encode_word(w) for w in ("elder", "abide", "error")])
    block = AnswerBlock(a)
    out = np.full((2, 3), 99, block.dtype)
    result = pattern_codes_into(np.array([encode_word("error"), encode_word("speed")]), block, out)
    assert result is out
    assert [code_to_reply(c, 5) for c in out[0]] == ["g...g", "y....", "ggggg"]
    assert [code_to_reply(c, 5) for c in out[1]] == ["..ygy", "..y.y", "..y.."]


@pytest.mark.parametrize(
    "k, dtype",
    [
        (1, np.uint8),
        (5, np.uint8),
        (6, np.uint16),
        (10, np.uint16),
        (11, np.uint32),
        (20, np.uint32),
        (21, np.uint64),
    ],
)
def test_pattern_dtype_by_length(k, dtype):
    assert pattern_dtype(k) == dtype


def test_reply_code_round_trip():
    for code in range(3**5):
        assert reply_to_code(code_to_reply(code, 5)) == code


@pytest.mark.parametrize(
    "text", ["g.y..", "G.Y..", "20100", "🟩⬜🟨⬜⬜", "🟩⬛🟨⬛⬛", " g.y.. "]
)
def test_every_notation_parses(text):
    assert parse_reply(text, 5) == "g.y.."


@pytest.mark.parametrize(
    "text, message",
    [
        ("g.y.", "4 marks"),
        ("g.y...", "6 marks"),
        ("g.x..", "unknown feedback character 'x'"),
        ("g1y..", "mixes notations"),
        ("", "0 marks"),
    ],
)
def test_bad_feedback_is_refused_with_what_is_accepted(text, message):
    with pytest.raises(ValueError, match=message):
        parse_reply(text, 5)


@pytest.mark.parametrize("text", ["g.yX.", "g.y.X", "X"])
def test_a_capital_x_in_feedback_is_an_unknown_mark_not_dropped(text):
    # only spaces and the emoji variation selector (U+FE0F) are dropped from feedback
    with pytest.raises(ValueError, match="unknown feedback character 'X'"):
        parse_reply(text, 5)
    assert parse_reply(" g.\ufe0fy.. ", 5) == "g.y.."


def test_tiles():
    assert tiles("g.y") == "🟩⬛🟨"


@settings(max_examples=100, deadline=None)
@given(
    st.integers(12, 40).flatmap(
        lambda k: st.tuples(
            st.lists(st.text("ab", min_size=k, max_size=k), min_size=1, max_size=4),
            st.lists(st.text("abc", min_size=k, max_size=k), min_size=1, max_size=20),
        )
    )
)
def test_kernel_matches_reference_with_many_copies_of_a_letter(pair):
    guesses, answers = pair
    codes = pattern_codes(
        np.array([encode_word(w) for w in guesses]), np.array([encode_word(w) for w in answers])
    )
    for x, row in zip(guesses, codes):
        assert [code_to_reply(c, len(x)) for c in row] == [reply_for(x, y) for y in answers]


def test_a_letter_thirteen_times_in_a_long_guess():
    guess, answer = "aaaaaaaabaaaaa", "ababbabbaaaaba"
    codes = pattern_codes(encode_word(guess)[None, :], encode_word(answer)[None, :])
    assert code_to_reply(codes[0, 0], 14) == reply_for(guess, answer) == "gyg..g..yggg.g"
