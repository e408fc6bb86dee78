import re

import numpy as np
import pyarrow as pa
import pytest
from helpers import load_script

from lenwordle.words.letters import ascii_matrix
from lenwordle.words.wordlist import (
    COMMON_LEVEL,
    NAME,
    NOT_IN_SCOWL,
    USER_LEVEL,
    USER_ZIPF,
    WordListError,
    bundled,
    common_mask,
    read_words,
)


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


@pytest.mark.parametrize(
    "content, message",
    [
        (None, "no such file"),
        (b"", "empty"),
        (b"  \n\n", "empty"),
        (b"\x00\x01binary\x00", "binary"),
        (b"caf\xe9\n", "not UTF-8"),
        (b"cat\ndog\n", "no words of length 5"),
    ],
)
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


def test_levels_grow_the_dictionary_and_the_common_pool_is_levels_up_to_60():
    common, scowl, everything = bundled(5, 20), bundled(5, 95), bundled(5)
    assert len(common) < len(scowl) < len(everything)
    assert set(common.strings) <= set(scowl.strings) <= set(everything.strings)
    levels, names = everything.level_array(), everything.mark_array() & NAME != 0
    assert (common_mask(everything) == ((levels <= COMMON_LEVEL) & ~names)).all()
    assert names.sum() > 0 and (levels[names] <= COMMON_LEVEL).any()  # (koran: 35)
    words = ~np.isin(everything.strings, scowl.strings) & ~names  # scowl: words, no names
    assert set(levels[words]) == {NOT_IN_SCOWL}


def test_the_bundled_lists_carry_a_frequency_for_every_word():
    words = bundled(5)
    zipf = dict(zip(words.strings, words.zipf_array().tolist()))
    assert zipf["about"] > zipf["crane"] > zipf["zymes"] >= 0  # commoner words are more frequent
    assert len(words.zipf_array()) == len(words) and words.freqs.type == pa.float32()
    for folded, level in [("saute", 35), ("etude", 50)]:  # SCOWL has them only with accents
        assert folded in words and words.level_array()[words.index[folded]] == level
    for added in ["cyber", "admin", "yeesh", "queso"]:  # SCOWL lacks them; wordfreq knows them
        assert words.level_array()[words.index[added]] == NOT_IN_SCOWL and zipf[added] > 1.75


def test_every_nyt_answer_is_a_word_the_solver_knows_and_98_percent_are_common(nyt):
    answers = (nyt / "answers.txt").read_text().split()
    words = bundled(5)
    assert all(a in words for a in answers)
    common = set(np.asarray(words.strings)[common_mask(words)])
    assert sum(a in common for a in answers) / len(answers) >= 0.98


def test_user_words_get_the_bundled_level_and_frequency_unknown_ones_the_default(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("crane\nzymes\nqzqzq\n", "utf-8")
    reference = bundled(5)
    words = read_words(path, 5).commonness_from(reference)
    levels, zipf = words.level_array().tolist(), words.zipf_array().tolist()
    for row, word in enumerate(words.strings):
        if word == "qzqzq":
            assert (levels[row], zipf[row]) == (USER_LEVEL, USER_ZIPF)
        else:
            ref = reference.index[word]
            assert levels[row] == reference.level_array()[ref]
            assert zipf[row] == reference.zipf_array()[ref]


BUILD = load_script("wordlists/build_wordlists.py")


@pytest.mark.parametrize(
    "text, word",
    [
        ("sauté", "saute"),
        ("voilà", "voila"),
        ("mêlée", "melee"),
        ("crane", "crane"),
        ("Paris", None),
        ("don't", None),
        ("ab1de", None),
        ("\u212aayak", None),
    ],
)
def test_the_build_folds_accents_and_keeps_only_lowercase_a_z(text, word):
    assert BUILD.fold(text) == word


def test_the_build_keeps_levels_through_folding_and_ranks_variants_as_rarer(tmp_path):
    (tmp_path / "english-words.35").write_text("sauté\ncrane\nParis\n", "utf-8")
    (tmp_path / "english-words.70").write_text("saute\nslate\n", "utf-8")
    (tmp_path / "american-words.20").write_text("slate\n", "utf-8")
    (tmp_path / "variant_2-words.35").write_text("chapt\nslate\n", "utf-8")
    (tmp_path / "variant_1-words.70").write_text("leant\n", "utf-8")
    levels = BUILD.scowl_levels(tmp_path)
    # a variant only: at least VARIANT_LEVEL (55), or its own level when rarer
    assert levels == {"saute": 35, "crane": 35, "slate": 20, "chapt": 55, "leant": 70}


def test_the_build_reads_scowls_contractions_without_apostrophes(tmp_path):
    (tmp_path / "english-contractions.50").write_text("don't\nthat'll\nO'Neill\n", "utf-8")
    (tmp_path / "english-words.50").write_text("cant\n", "utf-8")  # not a contraction list
    assert BUILD.scowl_contractions(tmp_path) == {"dont", "thatll"}


def test_the_build_reads_scowls_capitalized_and_abbreviation_lists(tmp_path):
    (tmp_path / "english-proper-names.50").write_text("Diane\nDiane's\nKanye\n", "utf-8")
    (tmp_path / "english-upper.35").write_text("Wyatt\n", "utf-8")
    (tmp_path / "english-upper.60").write_text("Kanye\n", "utf-8")
    (tmp_path / "english-abbreviations.35").write_text("NAFTA\nSPSS\n", "utf-8")
    names, abbreviations = BUILD.scowl_capitalized(tmp_path)
    assert names == {"diane": 50, "kanye": 50, "wyatt": 35}  # the lowest level, no 's
    assert abbreviations == {"nafta", "spss"}


CLUSTERS = {"o:", "o:ch", "o:cr", "o:st", "o:w", "c:", "c:t", "c:ng", "c:ck", "c:s"}
HUNSPELL = ({"admin", "https"}, {"linux"}, {"nato"})


@pytest.mark.parametrize(
    "word, level, kind",
    [
        ("crane", 35, "word"),  # SCOWL's lower-case words are words...
        ("diane", 95, "name"),  # ...but from level 95 on they are tested: capitalized
        ("diana", 95, "word"),  # (not capitalized anywhere)
        ("rosie", 95, "name"),  # (capitalized at any level)
        ("wyatt", 94, "word"),  # (level 94: one below the rule's 95)
        ("wyatt", None, "name"),  # wordfreq only, capitalized in SCOWL
        ("linux", None, "name"),  # capitalized in hunspell
        ("admin", None, "word"),  # lower case in hunspell, whatever its shape
        ("nafta", None, "abbreviation"),  # SCOWL's abbreviations
        ("nato", None, "abbreviation"),  # in capitals in hunspell
        ("sfpd", None, "abbreviation"),  # no vowel
        ("hmmmm", None, "abbreviation"),
        ("chaat", None, "word"),  # English clusters: ch...t
        ("stung", None, "word"),
        ("lmfao", None, "abbreviation"),  # no common word begins with lm
        ("crack", None, "word"),
        ("stolz", None, "abbreviation"),  # ...nor ends with lz
        ("https", None, "abbreviation"),  # no vowel, though hunspell has it in lower case
        ("crwth", 80, "word"),  # no vowel, but a SCOWL word below 95
        ("crwth", 95, "abbreviation"),  # ...at 95 it is tested
        ("nato", 95, "abbreviation"),  # SCOWL's rarest are tested as wordfreq's are
        ("linux", 95, "name"),
        ("nafta", 95, "abbreviation"),
        ("admin", 95, "word"),
        ("lmfao", 95, "word"),  # but not by clusters: they judge wordfreq's strings
    ],
)
def test_the_build_classes_words_names_and_abbreviations(word, level, kind):
    names = {"diane": 50, "wyatt": 50, "rosie": 95}
    abbreviations = {"nafta"}
    assert BUILD.word_class(word, level, names, abbreviations, HUNSPELL, CLUSTERS) == kind


def test_the_build_counts_clusters_of_common_words_only():
    levels = {"stack": 35, "stone": 50, "stuck": 20, "strap": 60, "strip": 70, "strum": 80}
    assert BUILD.english_clusters(levels) == {"o:st"}  # stack stone stuck; ck twice only
    levels |= {"brick": 10, "crack": 10}
    assert BUILD.english_clusters(levels) == {"o:st", "c:ck"}  # stack stuck brick crack


def test_the_build_writes_words_and_names_and_adds_frequent_ones_scowl_lacks():
    levels = {"crane": 35, "saute": 35, "diane": 95}
    zipf = {"crane": 3.1, "cyber": 3.9, "kanye": 3.8, "zzzzz": 1.0, "diane": 3.8, "sfpd": 2.0}
    kinds = BUILD.classes(
        levels,
        zipf,
        lambda word, level: {"diane": "name", "kanye": "name", "sfpd": "abbreviation"}.get(
            word, "word"
        ),
        add_zipf=1.75,
    )
    assert kinds == {
        "crane": "word",
        "saute": "word",
        "diane": "name",
        "cyber": "word",  # frequent enough, not in SCOWL
        "kanye": "name",
        "sfpd": "abbreviation",  # zzzzz: too rare to join
    }
    derived = {"cyber"}  # (to see the mark written)
    marks = lambda word, kind: BUILD.marks_of(word, kind, derived)  # noqa: E731
    lines = BUILD.tables(levels, zipf, kinds, {"diane": 50, "kanye": 80}, marks)
    assert lines == {  # a name's level: the lowest SCOWL gives it in any case (diane 50)
        5: [
            "crane\t35\t3.10\t0\n",
            f"cyber\t{NOT_IN_SCOWL}\t3.90\t2\n",
            "diane\t50\t3.80\t1\n",
            "kanye\t80\t3.80\t1\n",
            "saute\t35\t0.00\t0\n",
        ]
    }
    counts = BUILD.class_counts(kinds, levels).splitlines()
    numbers = [[int(n) for n in re.findall(r"\d+", line)] for line in counts[1:]]
    assert numbers == [[4, 0, 0, 0, 0, 1, 1], [5, 3, 1, 2, 1, 0, 0]]  # all (of them added)


def test_letter_matrix_is_a_view_of_the_arrow_buffer():
    words = pa.array(["crane", "slate"], pa.large_string())
    view = ascii_matrix(words, 5)
    assert not view.flags.owndata
    assert view.tobytes() == b"craneslate"
    assert np.shares_memory(view, np.frombuffer(words.buffers()[2], np.uint8))
