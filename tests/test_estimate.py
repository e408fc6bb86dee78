"""The cheap estimate (engine/estimate.py): the information of each letter at each place over
the candidates, whatever their batches, and each word's sum of it, a few chunks of words at a
time. Expectations come from plain Python loops or are worked by hand."""

import math

import numpy as np
import pytest
from helpers import traced_peak

from lenwordle.engine import estimate as estimate_module
from lenwordle.engine.estimate import estimate, position_entropy
from lenwordle.engine.partitions import Candidates


def reference_entropy(words, weights, i, c):
    total = sum(weights)
    p = [0.0, 0.0, 0.0]  # grey, yellow, green
    for word, weight in zip(words, weights):
        p[2 if word[i] == c else 1 if c in word else 0] += weight / total
    return -sum(x * math.log2(x) for x in p if x > 0)


def test_position_entropy_adds_up_every_record_batch():
    words = ["abca", "bbcd", "dcab", "aadd", "cabd"]
    weights = [1.0, 3.0, 0.5, 2.0, 1.5]
    codes = np.array([[ord(ch) - 97 for ch in w] for w in words], np.uint8)
    table = position_entropy(Candidates(codes, np.array(weights), chunk=2))  # 3 batches
    for i in range(4):
        for c in "abcdez":
            assert table[i, ord(c) - 97] == pytest.approx(
                reference_entropy(words, weights, i, c), abs=1e-12
            )


def test_a_letter_every_candidate_has_but_never_here_gives_no_negative_entropy():
    # b is in every word but never first: always yellow there, 0 bits; the weights, a tenth
    # each, sum to a hair over 1 in floating point, which must not make the entropy negative
    codes = np.array([[0, 1, 1], [0, 1, 0], [2, 1, 2], [0, 0, 1]], np.uint8)
    table = position_entropy(Candidates(codes, np.array([0.3, 0.3, 0.3, 0.2]), chunk=3))
    assert table[0, 1] == pytest.approx(0, abs=1e-15)
    assert (table >= 0).all()


def test_words_are_estimated_alike_whatever_their_chunk(monkeypatch):
    # words go 8 * CHUNK at a time: with CHUNK 1, 20 words are 3 chunks (8, 8 and 4)
    monkeypatch.setattr(estimate_module, "CHUNK", 1)
    rng = np.random.default_rng(5)
    codes = rng.integers(0, 26, (20, 3)).astype(np.uint8)
    for scale in (1.0, 2.0, 3.0):  # each call's words in fresh memory, never left as it was
        table = np.arange(3 * 26, dtype=float).reshape(3, 26) * scale / 7
        got = estimate(codes, table)
        assert got.tolist() == pytest.approx(
            [sum(table[i, c] for i, c in enumerate(row)) for row in codes.tolist()]
        )
        del got


def test_estimating_many_words_takes_the_memory_of_8_chunks_of_words_at_once(monkeypatch):
    # the lookup makes an index and a float (or so) per letter of 8 * CHUNK words at a time:
    # 4000 words need no more work memory than 800 words, the first 8 chunks of 100, alone
    monkeypatch.setattr(estimate_module, "CHUNK", 100)
    codes = np.random.default_rng(7).integers(0, 26, (4000, 5)).astype(np.uint8)
    table = np.ones((5, 26))

    def work_memory(words):
        got, peak = traced_peak(lambda: estimate(words, table))
        assert (got == 5).all()
        return peak - got.nbytes

    assert work_memory(codes) < 1.05 * work_memory(codes[:800])
