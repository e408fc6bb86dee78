"""The feedback kernel (engine/kernel.py) held to the reference scorer (reply_for) on words
full of repeated letters and on a one-letter alphabet; its work memory, kept between calls
and made per thread (a warm call makes nothing of the answers' size, in any language and
length); its tables' bytes, as the cache budget counts them."""

import threading
import tracemalloc

import numpy as np
import pytest
from helpers import traced_peak

from lenwordle.engine import kernel
from lenwordle.engine.feedback import code_to_reply, pattern_dtype, reply_for, solved_code
from lenwordle.engine.kernel import AnswerBlock, pattern_codes, pattern_codes_into
from lenwordle.words.langlists import language_words
from lenwordle.words.languages import language


def in_a_new_thread(work):
    """Run work() in a thread of its own (its own kernel work arrays, none made yet)."""
    raised = []

    def run():
        try:
            work()
        except BaseException as error:  # handed back to the test's thread
            raised.append(error)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if raised:
        raise raised[0]


def as_text(codes, letters):
    return ["".join(letters[c] for c in row) for row in codes.tolist()]


def replies(codes, k):
    return [[code_to_reply(c, k) for c in row] for row in codes]


def test_the_kernel_gives_the_reference_replies_for_words_full_of_repeated_letters():
    # every length 1-15 (so positions are summed in groups of 1 to 5, and 1 to 3 groups),
    # words over 2 or 3 letters picked anywhere in a 64-letter alphabet, in a new thread
    rng = np.random.default_rng(11)
    alphabet = [chr(0x100 + i) for i in range(64)]

    def work():
        for k in range(1, 16):
            used = rng.choice(64, int(rng.integers(2, 4)), replace=False)
            guesses = used[rng.integers(0, len(used), (4, k))].astype(np.uint8)
            answers = used[rng.integers(0, len(used), (16, k))].astype(np.uint8)
            expected = [
                [reply_for(g, a) for a in as_text(answers, alphabet)]
                for g in as_text(guesses, alphabet)
            ]
            got = pattern_codes(guesses, answers)
            assert got.dtype == pattern_dtype(k)
            assert replies(got, k) == expected
            block = AnswerBlock(answers, letters=64)
            out = np.empty((4, 16), block.dtype)
            assert pattern_codes_into(guesses, block, out) is out
            assert replies(out, k) == expected

    in_a_new_thread(work)


def test_a_one_letter_alphabet_scores_every_guess_all_green():
    block = AnswerBlock(np.zeros((2, 3), np.uint8), letters=1)
    out = np.zeros((3, 2), block.dtype)
    pattern_codes_into(np.zeros((3, 3), np.uint8), block, out)
    assert (out == solved_code(3)).all()


ANSWERS = 1 << 16  # many: a work array of answers' size dwarfs numpy's own small buffers


def words_of_one_or_two_letters(k):
    """2 guesses, every letter repeated (aaaaa, ababa), and ANSWERS answers over a, b, c."""
    rng = np.random.default_rng(k)
    guesses = np.array([[0] * k, [0, 1] * (k // 2) + [0] * (k % 2)], np.uint8)
    return guesses, rng.integers(0, 3, (ANSWERS, k)).astype(np.uint8)


@pytest.mark.parametrize("k", [5, 7, 12])
def test_scoring_again_makes_no_array_of_the_answers_size_when_every_letter_repeats(k):
    # every row of both guesses is redone, level after level (the 12 a of aaaaaaaaaaaa are
    # 12 levels); once warm, a call makes no array of answers' size, not even one level's
    # rows (the a and b of ababa... that are followed by one more copy: 2 x ANSWERS bytes)
    guesses, answers = words_of_one_or_two_letters(k)

    def work():
        block = AnswerBlock(answers, letters=3)
        out = np.empty((len(guesses), len(answers)), block.dtype)
        pattern_codes_into(guesses, block, out)  # warm
        expected = out.copy()
        _, peak = traced_peak(lambda: pattern_codes_into(guesses, block, out))
        assert (out == expected).all()
        assert peak < ANSWERS, peak
        text = as_text(answers[:50], "abc")
        assert replies(out[:, :50], k) == [
            [reply_for(g, a) for a in text] for g in as_text(guesses, "abc")
        ]

    in_a_new_thread(work)


@pytest.mark.parametrize("k", [5, 7])
def test_a_first_call_makes_a_byte_per_cell_of_work_and_redoes_only_repeated_letters(k):
    # a thread's first call makes its work arrays: the digit rows (a byte per guess letter
    # and answer), and, to redo repeated letters, four arrays of a byte per redone row and
    # answer; guesses without a repeated letter need none of those
    distinct = np.array([list(range(k)), list(range(1, k + 1))], np.uint8)
    repeated, answers = words_of_one_or_two_letters(k)
    block = AnswerBlock(answers, letters=k + 1)
    peaks = {}

    def first_call(name, guesses):
        def work():
            out = np.empty((len(guesses), len(answers)), block.dtype)
            _, peak = traced_peak(lambda: pattern_codes_into(guesses, block, out))
            peaks[name] = peak / (guesses.size * len(answers))

        in_a_new_thread(work)

    first_call("distinct", distinct)
    first_call("repeated", repeated)
    assert peaks["distinct"] < 2, peaks
    assert peaks["repeated"] < 6, peaks


@pytest.mark.parametrize("code, k", [("es", 5), ("ru", 5), ("tr", 5), ("es", 7), ("ru", 11)])
def test_scoring_again_allocates_nothing_the_size_of_the_answers(code, k):
    # pattern_codes_into keeps its work arrays between calls (kernel._scratch): once warm, a call
    # makes no array of digit rows (guesses x k x answers bytes), the ones it would need
    words = language_words(language(code), k)  # past 5 letters, digits are summed by groups
    codes = words.codes[:8192]
    block = AnswerBlock(codes, letters=words.alphabet.size)
    guesses = words.codes[::97][:64]
    assert sum(len(set(g)) < k for g in guesses.tolist()) > 10  # letters repeated: redone
    out = np.empty((len(guesses), len(codes)), block.dtype)
    pattern_codes_into(guesses, block, out)  # warm
    expected = out.copy()
    _, peak = traced_peak(lambda: pattern_codes_into(guesses, block, out))
    assert (out == expected).all()
    assert peak < len(guesses) * k * len(codes) // 16, peak


# The same promise, held in a few milliseconds (2 048 answers; the tests above take 12 ms and
# more). Every letter of every guess repeated:
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
        pattern_codes_into(guesses, block, out)  # makes the work arrays, or makes them larger
        runs.append((n, block, out, out.copy()))
    got = {}
    tracemalloc.start()
    try:
        for n, block, out, first in runs:
            tracemalloc.reset_peak()
            before = tracemalloc.get_traced_memory()[0]
            pattern_codes_into(guesses, block, out)
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


def test_an_answer_blocks_tables_take_a_byte_a_cell_as_the_cache_budget_counts():
    # Candidates keeps prepared blocks within CACHE_BYTES counting 2 n k letters bytes
    codes = [[0, 1, 1, 2], [2, 2, 2, 2], [3, 0, 1, 25]]  # plain Python ints
    block = AnswerBlock(codes)
    n, k, letters = 3, 4, 26
    assert block.digits.nbytes + block.avail.nbytes == 2 * n * k * letters
    assert block.columns.dtype == np.uint8 and block.columns.nbytes == n * k
    assert block.columns.tolist() == np.array(codes).T.tolist()
    out = np.empty((1, 3), block.dtype)
    pattern_codes_into(np.array([[2, 2, 1, 0]], np.uint8), block, out)
    assert replies(out, 4) == [[reply_for("ccba", a) for a in ("abbc", "cccc", "dabz")]]
