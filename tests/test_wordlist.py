import numpy as np
import pyarrow as pa
import pytest

from lenwordle.encoding import ascii_matrix
from lenwordle.wordlist import DEFAULT_MAX_LEVEL, WordListError, bundled, read_words


def test_messy_file_is_normalized(tmp_path):
    path = tmp_path / "words.txt"
    path.write_bytes("\ufeffHello\r\n  world  \r\n\r\nhello\nWORLD\nabc\nzebra".encode("utf-8"))
    words = read_words(path, 5)
    assert words.words.to_pylist() == ["hello", "world", "zebra"]
    assert words.codes.tolist()[0] == [7, 4, 11, 11, 14]
    assert words.skipped == ()


def test_lines_that_are_not_words_are_skipped_with_file_and_line(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("crane\ncaf\u00e9s\ndon't\nab1de\nslate\n", "utf-8")
    words = read_words(path, 5)
    assert words.words.to_pylist() == ["crane", "slate"]
    assert [s.split(": ")[0] for s in words.skipped] == [f"{path}:2", f"{path}:3", f"{path}:4"]


@pytest.mark.parametrize("content, message", [
    (None, "no such file"), (b"", "empty"), (b"  \n\n", "empty"),
    (b"\x00\x01binary\x00", "binary"), (b"caf\xe9\n", "not UTF-8"), (b"cat\ndog\n", "no words of length 5"),
])
def test_unusable_files_give_one_line_errors(tmp_path, content, message):
    path = tmp_path / "words.txt"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(WordListError, match=message) as error:
        read_words(path, 5)
    assert "\n" not in str(error.value)


def test_a_directory_is_not_a_word_file(tmp_path):
    with pytest.raises(WordListError, match="directory"):
        read_words(tmp_path, 5)


@pytest.mark.parametrize("k", [0, 1, -1, 41])
def test_impossible_lengths_are_refused(k):
    with pytest.raises(WordListError, match="word length"):
        bundled(k)


def test_bundled_lists_cover_every_length_from_2_to_15():
    for k in range(2, 16):
        words = bundled(k, 95)
        assert len(words) > 0
        assert all(len(w) == k and w.isalpha() and w.islower() for w in words.words.to_pylist())
        assert words.words.to_pylist() == sorted(set(words.words.to_pylist()))


def test_levels_grow_the_dictionary():
    common, default, everything = bundled(5, 20), bundled(5), bundled(5, 95)
    assert len(common) < len(default) < len(everything)
    assert set(common.words.to_pylist()) <= set(default.words.to_pylist())
    assert max(default.level_array()) <= DEFAULT_MAX_LEVEL


def test_default_dictionary_covers_98_percent_of_the_nyt_answers(nyt):
    answers = (nyt / "answers.txt").read_text().split()
    default = set(bundled(5).words.to_pylist())
    coverage = sum(w in default for w in answers) / len(answers)
    assert coverage >= 0.98


def test_letter_matrix_is_a_view_of_the_arrow_buffer():
    words = pa.array(["crane", "slate"], pa.large_string())
    view = ascii_matrix(words, 5)
    assert not view.flags.owndata
    assert view.tobytes() == b"craneslate"
    assert np.shares_memory(view, np.frombuffer(words.buffers()[2], np.uint8))
