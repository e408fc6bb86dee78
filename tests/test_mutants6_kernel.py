"""The kernel's promise that a warm call makes no work array of the answers' size, tested in
a few milliseconds: the mutation run gives a kernel mutant only its quickest tests (all of
those under 5 ms, then others up to a budget, ties in no fixed order), and the allocation
tests of test_mutants_kernel_estimate.py (65 536 answers, 12 ms and more) were not always
among them."""

import tracemalloc

import numpy as np

from lenwordle.engine import kernel
from lenwordle.engine.feedback import code_to_reply, reply_for
from lenwordle.engine.kernel import AnswerBlock, score_into

# every letter of every guess repeated
GUESSES = ["aaaaaaa", "abababa", "bbbbbbb", "cacacac", "ccccccc", "bcbcbcb", "aabbcca", "abcabca"]


def warm_peaks(guesses, answers, sizes):
    """With none of this thread's work arrays made yet, score guesses against the first n
    answers for each n of sizes, then again each; return the replies and, for each n, how
    far the second call raised the memory Python traced above what it held before it."""
    # dropped, as a new thread has none (a thread of the test's own costs up to 5 ms: the
    # interpreter's switch interval, at its start or its end)
    kernel._SCRATCH.__dict__.clear()
    runs = []
    for n in sizes:  # made before tracing, which slows numpy's allocations
        block = AnswerBlock(answers[:n], letters=3)
        out = np.empty((len(guesses), n), block.dtype)
        score_into(guesses, block, out)  # makes the work arrays, or makes them larger
        runs.append((n, block, out, out.copy()))
    got = {}
    tracemalloc.start()
    try:
        for n, block, out, first in runs:
            tracemalloc.reset_peak()
            before = tracemalloc.get_traced_memory()[0]
            score_into(guesses, block, out)
            got[n] = out, tracemalloc.get_traced_memory()[1] - before
            assert (out == first).all()
    finally:
        tracemalloc.stop()
    return got


def test_a_warm_call_makes_nothing_that_grows_with_the_answers():
    # 7 letters: two groups of positions to sum, and every row a repeated letter's, redone
    # level after level. Doubling the answers from 1 024 to 2 048 must not raise a warm
    # call's peak: numpy's own casting buffers are 8 192 elements at most, reached by both
    # (8 guesses x 1 024 answers), while any array of the answers' size, even one row,
    # grows by a byte per added answer at least.
    k = 7
    guesses = np.array([["abc".index(ch) for ch in g] for g in GUESSES], np.uint8)
    answers = np.random.default_rng(7).integers(0, 3, (2048, k)).astype(np.uint8)
    got = warm_peaks(guesses, answers, (1024, 2048))
    (half, half_peak), (whole, whole_peak) = got[1024], got[2048]
    assert whole_peak - half_peak < 1024, (half_peak, whole_peak)
    assert (whole[:, :1024] == half).all()
    words = ["".join("abc"[c] for c in row) for row in answers[:5].tolist()]
    replies = [[code_to_reply(c, k) for c in row] for row in whole[:, :5].tolist()]
    assert replies == [[reply_for(g, w) for w in words] for g in GUESSES]
