"""The proofs' lists at 4 and 6 letters (proofs/lists, made by proofs/make_lists.py): what
is committed is what the script makes, and it is what it says: common base forms as
answers (read from the dictionary's own rows), every answer a guess."""

import pytest
from helpers import ROOT, load_script

from lenwordle.words.wordlist import bundled

LISTS = ROOT / "proofs" / "lists"


@pytest.mark.parametrize("k", [4, 6])
def test_the_committed_lists_are_what_the_script_makes(k):
    answers, guesses = load_script("proofs/make_lists.py").lists(k)
    assert (LISTS / f"{k}-answers.txt").read_text().split() == answers
    assert (LISTS / f"{k}-guesses.txt").read_text().split() == guesses


@pytest.mark.parametrize("k", [4, 6])
def test_the_answers_are_common_base_forms_and_every_answer_is_a_guess(k):
    rows = {}
    for line in (ROOT / "wordlists" / f"{k:02d}.tsv").read_text().splitlines():
        word, level, _, marks = line.split("\t")
        rows[word] = (int(level), int(marks))
    known = set(bundled(k).strings)
    answers = (LISTS / f"{k}-answers.txt").read_text().split()
    guesses = set((LISTS / f"{k}-guesses.txt").read_text().split())
    assert all(rows[w][0] <= 35 and rows[w][1] & 3 == 0 for w in answers)
    expected = [w for w in known if rows[w][0] <= 35 and rows[w][1] & 3 == 0]
    assert sorted(answers) == sorted(expected)
    assert set(answers) <= guesses
    common = {w for w, (level, _) in rows.items() if level <= 60 and w in known}
    assert guesses == set(answers) | common
