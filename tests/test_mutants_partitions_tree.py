"""Tests written to kill mutants of lenwordle/engine/partitions.py and tree.py that survived
the mutation run (benchmarks/mutation.py; docs/reliability.md#mutation-testing).
Expectations come from the reference scorer (reply_for), plain Python loops over tiny lists
or are worked by hand, never from the code under test."""

import itertools
from collections import defaultdict

import numpy as np
import pytest

from lenwordle.engine import partitions
from lenwordle.engine.feedback import reply_for, reply_to_code
from lenwordle.engine.partitions import (
    Candidates,
    _dense_parts,
    _parallel_scores,
    _sorted_tables,
    _sparse_parts,
    guess_parts,
)
from lenwordle.engine.tree import Node, summary
from lenwordle.engine.workers import fork_map
from lenwordle.words.letters import encode_word


def candidates(words, weights, chunk=8192):
    return Candidates(np.array([encode_word(w) for w in words]), np.array(weights, float), chunk)


def encoded(words):
    return np.array([encode_word(w) for w in words])


def reference_parts(guess, answers, weights):
    """Return {reply code: (mass, count)} of guess, by a loop over the answers with reply_for."""
    total = sum(weights)
    parts = defaultdict(lambda: [0.0, 0])
    for answer, w in zip(answers, weights):
        part = parts[reply_to_code(reply_for(guess, answer))]
        part[0] += w / total
        part[1] += 1
    return {code: tuple(value) for code, value in sorted(parts.items())}


ANSWERS = ["abc", "bca", "cab", "abd", "dab", "bad", "cad"]
WEIGHTS = [1.0, 2.0, 1.0, 4.0, 1.0, 1.0, 2.0]  # the highest weight 4: scale 12 / 4 = 3


@pytest.mark.parametrize("chunk", [2, 8192])
def test_dense_parts_count_each_guesss_reply_groups_like_a_loop_over_the_answers(chunk):
    guesses = ["abc", "dcb", "eee"]
    cands = candidates(ANSWERS, WEIGHTS, chunk)  # chunk 2: the histogram adds up 4 chunks
    got = list(_dense_parts(encoded(guesses), cands, 3**3))
    assert len(got) == len(guesses)
    for guess, parts in zip(guesses, got):
        want = reference_parts(guess, ANSWERS, WEIGHTS)
        assert parts.codes.tolist() == list(want)  # the codes that occur, in order
        assert parts.counts.tolist() == [count for _, count in want.values()]
        assert parts.masses.tolist() == pytest.approx([mass for mass, _ in want.values()])
        assert parts.scale == 3.0  # total weight 12 over the highest weight 4


def test_a_40_letter_guess_tells_apart_replies_that_differ_only_in_the_first_letter():
    # 3**40 is past float64's exact integers (2**53): codes must stay unsigned integers
    guess, answers = "a" * 40, ["a" * 40, "b" + "a" * 39, "c" * 40]
    cands = candidates(answers, [1.0, 1.0, 2.0])
    want = reference_parts(guess, answers, [1.0, 1.0, 2.0])
    assert len(want) == 3  # solved, first letter grey, all grey
    parts = guess_parts(encode_word(guess), cands)
    assert parts.codes.tolist() == list(want)
    assert parts.counts.tolist() == [1, 1, 1]
    (sparse,) = _sparse_parts(encoded([guess]), cands, 3**40)
    assert sparse.codes.tolist() == list(want)
    masses, counts = _sorted_tables(encoded([guess]), cands, 3**40)
    # the parts in the order of their codes, then zeros, the solved reply last
    assert counts.tolist() == [[1, 1, 0, 1]]
    assert masses[0].tolist() == [0.5, 0.25, 0.0, 0.25]  # weights 2, 1, 1 of 4: exact


def test_sorted_tables_add_a_parts_weights_in_the_order_of_the_words():
    # 20 words in one part (no letter of the guess in them): the weights are summed in
    # word order, so the tiny ones after the heavy second word are each lost to rounding
    words = ["".join(p) for p in itertools.islice(itertools.product("abcd", repeat=5), 20)]
    weights = [1.0, 2.0**54] + [1.0] * 18
    cands = candidates(words, weights)
    (_, normalised), *_ = cands.batches()  # the weights the candidates hold (sum 1)
    in_word_order = 0.0
    for w in normalised.tolist():
        in_word_order += w
    masses, counts = _sorted_tables(encoded(["wxyzv"]), cands, 3**5)
    assert counts[0, 0] == 20 and counts[0, 1:].sum() == 0
    assert masses[0, 0] == in_word_order  # exactly: the same additions in the same order
    assert sum(sorted(normalised.tolist())) != in_word_order  # (another order rounds apart)


def test_guess_parts_agrees_with_a_loop_over_the_answers_for_three_letter_words():
    for guess in ["abc", "dcb", "eee", "cab"]:
        want = reference_parts(guess, ANSWERS, WEIGHTS)
        parts = guess_parts(encode_word(guess), candidates(ANSWERS, WEIGHTS, chunk=3))
        assert parts.codes.tolist() == list(want)
        assert parts.counts.tolist() == [count for _, count in want.values()]
        assert parts.masses.tolist() == pytest.approx([mass for mass, _ in want.values()])


def test_blocks_ready_prepares_the_answer_blocks_and_dense_weights_before_a_fork():
    dense = candidates(ANSWERS, WEIGHTS)  # 3**3 patterns: dense passes
    assert dense.dense
    dense.blocks_ready()
    assert "_cache" in vars(dense) and dense._cache is not None  # (cached_property: computed)
    assert "_tiles" in vars(dense) and dense._tiles is not None
    words = ["abcdefg", "gfedcba", "bacdefg"]  # 3**7 patterns for 3 words: sorted passes
    sparse = candidates(words, [1.0, 1.0, 1.0])
    assert not sparse.dense
    sparse.blocks_ready()
    assert "_cache" in vars(sparse)
    assert "_tiles" not in vars(sparse)  # the repeated weights serve dense passes only


def groups(parts):
    """A metric: how many reply groups the guess makes."""
    return float(len(parts.counts))


@pytest.mark.parametrize("workers, n_guesses", [(3, 7), (2, 4), (5, 2), (4, 4)])
def test_parallel_scores_give_each_worker_one_equal_slice_and_sum_their_progress(
    monkeypatch, workers, n_guesses
):
    seen = []

    def inline(fn, batches, workers, progress):  # fork_map's own one-process path
        seen.append((list(batches), workers))
        return fork_map(fn, batches, 1, progress)

    monkeypatch.setattr(partitions, "fork_map", inline)
    guesses = ["abc", "dcb", "eee", "cab", "bad", "ddd", "bbc"][:n_guesses]
    cands = candidates(ANSWERS, WEIGHTS)
    reports = []
    got = _parallel_scores(
        encoded(guesses), cands, groups, lambda done, total: reports.append((done, total)), workers
    )
    want = [float(len(reference_parts(g, ANSWERS, WEIGHTS))) for g in guesses]
    assert got.dtype == np.float64 and got.tolist() == want
    (slices, asked), *more = seen
    assert not more and asked == workers
    # contiguous, in order, covering every guess once; none empty; sizes within one
    assert len(slices) == min(workers, n_guesses)
    assert [a for a, _ in slices] == [0] + [b for _, b in slices[:-1]]
    assert slices[-1][1] == n_guesses
    sizes = [b - a for a, b in slices]
    assert min(sizes) >= 1 and max(sizes) - min(sizes) <= 1
    # each slice is one block of guesses: one tick each, the total of the slices done
    assert reports == [(done, n_guesses) for done in itertools.accumulate(sizes)]


def test_the_summary_of_a_tree_worked_by_hand():
    # the root solves one answer in 1 guess; two answers take 2 guesses: 5 over 3
    tree = Node("abc", True, {"..y": Node("cab", True), ".g.": Node("dbe", True)})
    assert summary(tree) == {
        "answers": 3,
        "total": 5,
        "mean": 1.6667,  # 5 / 3 to 4 places
        "max": 2,
        "histogram": {"1": 1, "2": 2},
    }
    deeper = Node("abc", False, {"...": Node("def", False, {"..y": Node("fed", True)})})
    assert summary(deeper) == {
        "answers": 1,
        "total": 3,
        "mean": 3.0,
        "max": 3,
        "histogram": {"1": 0, "2": 0, "3": 1},
    }


def test_a_tree_that_reaches_no_answer_has_no_mean_no_max_and_an_empty_histogram():
    tree = Node("abc", False)  # a guess that is not a candidate, and no reply below it
    assert summary(tree) == {
        "answers": 0,
        "total": 0,
        "mean": None,
        "max": None,
        "histogram": {},
    }
