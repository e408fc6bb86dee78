"""The committed proofs (proofs/*-proof-*.txt) are proofs of the lists they name, read by the
strict reader, and agree with Alex Selby's published tables (../shared/bench/selby), an
independent source: the normal-mode table of the standard lists equal to his top 105, and no
first guess of hard mode's file otherwise than his."""

import shutil

from helpers import NYT, ROOT

from lenwordle.api.proofs import prove
from lenwordle.store import proof_file

PROOFS = ROOT / "proofs"
SELBY = NYT.parent / "selby"


def selby(name: str) -> list[tuple[str, int]]:
    """Return one of Selby's tables: (word, total) best first."""
    rows = [line.split() for line in (SELBY / name).read_text().splitlines() if line.strip()]
    return [(word, int(total)) for word, total in rows]


def again(tmp_path, name: str, **settings):
    """Return the Proof of a committed file as `prove` reads it again (a copy: a file of other
    lists or rules is refused, a finished one is left as it is)."""
    shutil.copy(PROOFS / name, tmp_path / name)
    made = prove(results=tmp_path / name, **settings)
    assert (tmp_path / name).read_text() == (PROOFS / name).read_text() or not made.complete
    return made


def test_the_standard_lists_normal_proof_is_complete_and_its_table_selby_s(tmp_path, nyt):
    lists = {"words": nyt / "guesses.txt", "answers": nyt / "answers.txt"}
    made = again(tmp_path, "nyt-proof-normal.txt", top=105, **lists)
    table = selby("normal.top105.proven")
    assert made.complete and made.guesses == 12972
    assert list(made.table) == table  # word for word, total for total (no ties past 105)
    assert made.best == ("salet", 7920)
    assert made.cutoff >= table[-1][1]


def test_the_hard_mode_proof_so_far_says_nothing_against_selby_s_table(nyt):
    guesses = (nyt / "guesses.txt").read_text().split()
    file = proof_file.read(PROOFS / "nyt-proof-hard.txt", guesses)
    table = dict(selby("hard.top101.proven"))
    last = max(table.values())
    assert file.cutoff >= last
    for word, verdict in file.verdicts.items():
        if word in table:
            assert verdict.exact and verdict.total == table[word], word
        else:
            assert verdict.total > last, word  # none other at or below his last
    assert file.verdicts["salet"].total == 8122


def test_the_six_letter_proof_is_complete_over_the_committed_lists(tmp_path):
    lists = PROOFS / "lists"
    made = again(
        tmp_path,
        "en6-proof-normal.txt",
        length=6,
        top=100,
        words=lists / "6-guesses.txt",
        answers=lists / "6-answers.txt",
    )
    assert made.complete and made.guesses == 10129
    assert len(made.table) >= 100 and made.table == tuple(sorted(made.table, key=lambda x: x[1]))
    assert made.best is not None and made.best[1] == made.table[0][1] <= made.cutoff
