"""The feedback kernel held to the reference scorer on words full of repeated letters, its
work memory (kept between calls, made per thread), its tables' bytes; the cheap estimate."""

import math
import threading

import numpy as np
import pytest
from helpers import traced_peak

from lenwordle.engine import estimate as estimate_module
from lenwordle.engine.estimate import estimate, position_entropy
from lenwordle.engine.feedback import code_to_reply, pattern_dtype, reply_for, solved_code
from lenwordle.engine.kernel import AnswerBlock, score, score_into
from lenwordle.engine.partitions import Candidates


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
            got = score(guesses, answers)
            assert got.dtype == pattern_dtype(k)
            assert replies(got, k) == expected
            block = AnswerBlock(answers, letters=64)
            out = np.empty((4, 16), block.dtype)
            assert score_into(guesses, block, out) is out
            assert replies(out, k) == expected

    in_a_new_thread(work)


def test_a_one_letter_alphabet_scores_every_guess_all_green():
    block = AnswerBlock(np.zeros((2, 3), np.uint8), letters=1)
    out = np.zeros((3, 2), block.dtype)
    score_into(np.zeros((3, 3), np.uint8), block, out)
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
        score_into(guesses, block, out)  # warm
        expected = out.copy()
        _, peak = traced_peak(lambda: score_into(guesses, block, out))
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
            _, peak = traced_peak(lambda: score_into(guesses, block, out))
            peaks[name] = peak / (guesses.size * len(answers))

        in_a_new_thread(work)

    first_call("distinct", distinct)
    first_call("repeated", repeated)
    assert peaks["distinct"] < 2, peaks
    assert peaks["repeated"] < 6, peaks


def test_an_answer_blocks_tables_take_a_byte_a_cell_as_the_cache_budget_counts():
    # Candidates keeps prepared blocks within CACHE_BYTES counting 2 n k letters bytes
    codes = [[0, 1, 1, 2], [2, 2, 2, 2], [3, 0, 1, 25]]  # plain Python ints
    block = AnswerBlock(codes)
    n, k, letters = 3, 4, 26
    assert block.digits.nbytes + block.avail.nbytes == 2 * n * k * letters
    assert block.columns.dtype == np.uint8 and block.columns.nbytes == n * k
    assert block.columns.tolist() == np.array(codes).T.tolist()
    out = np.empty((1, 3), block.dtype)
    score_into(np.array([[2, 2, 1, 0]], np.uint8), block, out)
    assert replies(out, 4) == [[reply_for("ccba", a) for a in ("abbc", "cccc", "dabz")]]


def test_a_negative_letter_index_in_signed_guesses_is_refused():
    block = AnswerBlock(np.array([[0, 1, 2]], np.uint8))
    out = np.empty((1, 1), block.dtype)
    with pytest.raises(ValueError, match="letter indices below 26"):
        score_into(np.array([[0, -1, 2]], np.int64), block, out)


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
