"""The partitions of the candidates by reply (engine/partitions.py) and a metric of them
(engine/metrics.py): each guess's reply groups, dense, sparse or sorted, their masses added in
the words' order; partition_values in blocks within its memory budgets, shared between
workers, giving a block metric its tables; the candidates' table, batches and prepared
blocks. Budgets are made tiny by monkeypatch so that the block sizes show in the progress
calls. Expectations come from the reference scorer (reply_for) in plain Python loops, or are
worked by hand, never from the code under test."""

import itertools
import math
from collections import defaultdict

import numpy as np
import pyarrow as pa
import pytest

from lenwordle.engine import partitions
from lenwordle.engine.feedback import reply_for, reply_to_code
from lenwordle.engine.metrics import expected_guesses_metric
from lenwordle.engine.partitions import (
    GUESS_BLOCK,
    Candidates,
    Parts,
    _dense_parts,
    _parallel_values,
    _sorted_tables,
    _sparse_parts,
    guess_parts,
    partition_values,
    with_tables,
)
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


def groups(parts):
    """A metric: how many reply groups the guess makes."""
    return float(len(parts.counts))


def reference_groups(guesses, answers, weights):
    return [float(len(reference_parts(g, answers, weights))) for g in guesses]


@with_tables(lambda masses, counts, scale: (counts > 0).sum(1).astype(float))
def groups_by_tables(parts):
    """groups, with its block form; the per-guess form must not be called when it has one."""
    raise AssertionError("partition_values called the per-guess form of a block metric")


ANSWERS = ["abc", "bca", "cab", "abd", "dab", "bad", "cad"]  # 3 letters: 3**3 = 27 dense bins
WEIGHTS = [1.0, 2.0, 1.0, 4.0, 1.0, 1.0, 2.0]  # the highest weight 4: scale 12 / 4 = 3
GUESSES = ["abc", "dcb", "eee", "cab", "bad", "ddd", "bbc"]

LONG = ["abcdefg", "gfedcba", "bacdefg"]  # 7 letters, 3 words: 3**7 patterns, sorted passes
LONG_WEIGHTS = [1.0, 3.0, 4.0]
LONG_GUESSES = ["abcdefg", "ggggggg", "bacdefg", "hijklmn", "gfedcba"]


def progress_log():
    calls = []
    return calls, lambda done, total: calls.append((done, total))


# -- the parts of a guess -------------------------------------------------------------------


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


@pytest.mark.parametrize("workers, n_guesses", [(3, 7), (2, 4), (5, 2), (4, 4)])
def test_parallel_values_give_each_worker_one_equal_slice_and_sum_their_progress(
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
    got = _parallel_values(
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


# -- partition_values: the parallel branch ------------------------------------------------


@pytest.mark.parametrize(
    "workers, threshold, parallel",
    [
        (1, 21, False),  # one worker never forks, however many pairs
        (2, 22, False),  # 3 guesses x 7 candidates = 21 pairs: below the threshold
        (2, 21, True),  # at the threshold, two workers share the pass
        (3, 1, True),
        (None, 1, False),  # workers left to its default: one, in this process
    ],
)
def test_scores_are_shared_between_workers_only_with_several_and_enough_pairs(
    monkeypatch, workers, threshold, parallel
):
    forks = []

    def inline(fn, batches, n_workers, progress):  # fork_map's own one-process path
        forks.append(n_workers)
        assert parallel, "the pass was shared between workers"
        return fork_map(fn, batches, 1, progress)

    monkeypatch.setattr(partitions, "fork_map", inline)
    monkeypatch.setattr(partitions, "PARALLEL_PAIRS", threshold)
    guesses = GUESSES[:3]
    calls, progress = progress_log()
    kwargs = {} if workers is None else {"workers": workers}
    got = partition_values(
        encoded(guesses), candidates(ANSWERS, WEIGHTS), groups, progress, **kwargs
    )
    assert got.tolist() == reference_groups(guesses, ANSWERS, WEIGHTS)
    assert forks == ([workers] if parallel else [])
    assert calls and calls[-1] == (3, 3)  # the progress reaches every guess, either way


# -- partition_values: guesses per block, seen in the progress calls -----------------------


@pytest.mark.parametrize(
    "budget, block",
    [
        (16 * 27 * 3, 3),  # a (B x 27) histogram of masses and counts takes 16 x 27 bytes a row
        (16 * 27 * 3 + 431, 3),
        (16 * 27 * 2 - 1, 1),
        (100, 1),  # less than one row: still one guess at a time
    ],
)
@pytest.mark.parametrize("metric", [groups, groups_by_tables])
def test_dense_passes_take_as_many_guesses_at_once_as_the_histogram_budget_allows(
    monkeypatch, budget, block, metric
):
    monkeypatch.setattr(partitions, "DENSE_BYTES", budget)
    cands = candidates(ANSWERS, WEIGHTS, chunk=3)
    assert cands.dense
    calls, progress = progress_log()
    got = partition_values(encoded(GUESSES), cands, metric, progress)
    assert got.tolist() == reference_groups(GUESSES, ANSWERS, WEIGHTS)
    ends = list(range(block, len(GUESSES), block)) + [len(GUESSES)]
    assert calls == [(end, len(GUESSES)) for end in ends]


@pytest.mark.parametrize(
    "budget, block",
    [
        (16 * 4 * 2, 2),  # a (B x n+1) table of masses and counts takes 16 x (3 + 1) bytes a row
        (16 * 4 * 2 + 63, 2),
        (16 * 4 * 3, 3),
        (16 * 4, 1),
        (10, 1),
    ],
)
def test_sorted_passes_of_a_block_metric_take_as_many_guesses_as_the_table_budget_allows(
    monkeypatch, budget, block
):
    monkeypatch.setattr(partitions, "DENSE_BYTES", budget)
    cands = candidates(LONG, LONG_WEIGHTS, chunk=2)
    assert not cands.dense
    calls, progress = progress_log()
    got = partition_values(encoded(LONG_GUESSES), cands, groups_by_tables, progress)
    assert got.tolist() == reference_groups(LONG_GUESSES, LONG, LONG_WEIGHTS)
    ends = list(range(block, len(LONG_GUESSES), block)) + [len(LONG_GUESSES)]
    assert calls == [(end, len(LONG_GUESSES)) for end in ends]


def test_sorted_passes_of_a_per_guess_metric_take_a_guess_block_at_a_time():
    guesses = (LONG_GUESSES * 14)[: GUESS_BLOCK + 3]
    calls, progress = progress_log()
    got = partition_values(encoded(guesses), candidates(LONG, LONG_WEIGHTS), groups, progress)
    assert got.tolist() == reference_groups(guesses, LONG, LONG_WEIGHTS)
    assert calls == [(GUESS_BLOCK, len(guesses)), (len(guesses), len(guesses))]


# -- partition_values: which tables a block metric is given ---------------------------------


def recording_metric():
    """A block metric that keeps the tables it is given (and scores 0)."""
    seen = []

    @with_tables(
        lambda masses, counts, scale: seen.append((masses, counts)) or np.zeros(len(masses))
    )
    def metric(parts):
        raise AssertionError("partition_values called the per-guess form of a block metric")

    return seen, metric


def test_a_block_metric_of_dense_candidates_gets_a_column_per_reply_the_solved_one_last():
    seen, metric = recording_metric()
    guesses = ["abc", "dcb", "eee"]
    partition_values(encoded(guesses), candidates(ANSWERS, WEIGHTS, chunk=2), metric)
    ((masses, counts),) = seen
    assert masses.shape == counts.shape == (3, 3**3)  # one row per guess, a column per reply
    for row, guess in enumerate(guesses):
        want = reference_parts(guess, ANSWERS, WEIGHTS)
        assert {c: int(counts[row, c]) for c in np.flatnonzero(counts[row])} == {
            code: count for code, (_, count) in want.items()
        }
        assert masses[row].tolist() == pytest.approx(
            [want.get(code, (0.0, 0))[0] for code in range(27)]
        )
    assert counts[0, -1] == 1 and masses[0, -1] == pytest.approx(1 / 12)  # "abc" solves "abc"
    assert counts[1:, -1].tolist() == [0, 0]


def test_a_block_metric_of_few_long_candidates_gets_their_parts_in_code_order_solved_last():
    seen, metric = recording_metric()
    guesses = ["bacdefg", "hijklmn"]
    partition_values(encoded(guesses), candidates(LONG, LONG_WEIGHTS, chunk=2), metric)
    ((masses, counts),) = seen
    assert masses.shape == counts.shape == (2, len(LONG) + 1)  # the n parts at most, then solved
    # "bacdefg": "abcdefg" and "gfedcba" reply differently, "bacdefg" is solved (weight 4 of 8)
    other = sorted(reply_to_code(reply_for("bacdefg", a)) for a in LONG if a != "bacdefg")
    mass_of = {reply_to_code(reply_for("bacdefg", a)): w / 8 for a, w in zip(LONG, LONG_WEIGHTS)}
    assert counts[0].tolist() == [1, 1, 0, 1]
    assert masses[0].tolist() == [mass_of[other[0]], mass_of[other[1]], 0.0, 0.5]
    # "hijklmn" shares no letter: one part of all three, nothing solved
    assert counts[1].tolist() == [3, 0, 0, 0]
    assert masses[1].tolist() == pytest.approx([1.0, 0.0, 0.0, 0.0])


@pytest.mark.parametrize("metric", [groups, groups_by_tables])
def test_forty_letter_words_are_scored_by_sorting_their_codes(metric):
    # 3**40 bins could not be allocated: the pass must sort the few candidates' codes
    answers = ["a" * 40, "b" + "a" * 39, "c" * 40, "ab" * 20]
    guesses = ["a" * 40, "c" * 40, "ba" * 20]
    got = partition_values(encoded(guesses), candidates(answers, [1.0, 1.0, 2.0, 1.0]), metric)
    assert got.tolist() == reference_groups(guesses, answers, [1.0, 1.0, 2.0, 1.0])


def test_a_dense_pass_adds_a_parts_masses_chunk_by_chunk():
    # four answers with no letter of the guess, two per chunk: the part's mass is the sum,
    # in chunk order, of each chunk's sum (1/7 + 1/7) + (2/7 + 3/7), which rounds below 1.0
    # (word by word, ((1/7 + 1/7) + 2/7) + 3/7 gives exactly 1.0)
    answers = ["abc", "abd", "bad", "cab"]
    cands = candidates(answers, [1.0, 1.0, 2.0, 3.0], chunk=2)
    assert cands.dense
    (_, first), (_, second) = cands.batches()  # the weights the candidates hold (sum 1)
    by_chunks = 0.0
    for chunk in (first.tolist(), second.tolist()):
        in_chunk = 0.0
        for w in chunk:
            in_chunk += w
        by_chunks += in_chunk
    grey = reply_to_code("...")

    def grey_mass(parts):
        return float(dict(zip(parts.codes.tolist(), parts.masses.tolist()))[grey])

    (got,) = partition_values(encoded(["xyz"]), cands, grey_mass)
    assert got == by_chunks == 0.9999999999999999


def test_the_counts_of_a_dense_pass_are_integers():
    cands = candidates(ANSWERS, WEIGHTS, chunk=3)

    def part_sizes(parts):  # np.bincount takes integers only
        assert parts.counts.dtype.kind in "iu"
        return float(np.bincount(parts.counts).argmax())

    got = partition_values(encoded(["eee", "abc"]), cands, part_sizes)
    assert got.tolist() == [7.0, 1.0]  # "eee": one part of 7; "abc": parts of 1 are most
    seen, metric = recording_metric()
    partition_values(encoded(["eee"]), cands, metric)
    ((_, counts),) = seen
    assert counts.dtype.kind in "iu" and counts.sum() == 7


# -- Candidates -----------------------------------------------------------------------------


def test_no_candidates_have_weight_zero_and_scale_one():
    cands = Candidates(np.zeros((0, 5), np.uint8), np.zeros(0))
    assert cands.n == 0 and cands.k == 5
    assert cands.total == 0.0 and cands.scale == 1.0
    assert list(cands.batches()) == []


def test_the_candidates_table_holds_the_codes_and_the_normalised_weights():
    cands = candidates(["abc", "cab"], [1.0, 3.0])
    assert cands.table.schema == pa.schema([("codes", pa.binary(3)), ("weight", pa.float64())])
    assert cands.table.column("codes").to_pylist() == [
        bytes(encode_word(w)) for w in ["abc", "cab"]
    ]
    assert cands.table.column("weight").to_pylist() == [0.25, 0.75]


def test_batches_hold_at_most_a_chunk_of_candidates_in_order():
    words = ["abc", "bca", "cab", "abd", "dab"]
    cands = candidates(words, [1.0, 2.0, 1.0, 4.0, 2.0], chunk=2)
    assert cands.chunk == 2
    got = list(cands.batches())
    assert [len(codes) for codes, _ in got] == [2, 2, 1]
    assert [len(w) for _, w in got] == [2, 2, 1]
    assert np.concatenate([codes for codes, _ in got]).tolist() == encoded(words).tolist()
    assert np.concatenate([w for _, w in got]).tolist() == [0.1, 0.2, 0.1, 0.4, 0.2]


def test_weight_rows_repeat_a_chunks_weights_once_per_row():
    cands = candidates(ANSWERS, WEIGHTS, chunk=3)
    assert cands.tiles_kept
    for index, (_, w) in enumerate(cands.batches()):
        for rows in (1, 2, GUESS_BLOCK, GUESS_BLOCK + 1):
            assert cands.weight_rows(index, w, rows).tolist() == w.tolist() * rows
        kept = cands._tiles[index]
        # up to a guess block, the kept repetitions serve, without a new array
        assert np.shares_memory(cands.weight_rows(index, w, GUESS_BLOCK), kept)
        assert np.shares_memory(cands.weight_rows(index, w, 2), kept)


def test_weight_rows_repeat_the_weights_when_none_are_kept(monkeypatch):
    monkeypatch.setattr(partitions, "TILE_BYTES", 0)
    cands = candidates(ANSWERS, WEIGHTS, chunk=3)
    assert not cands.tiles_kept
    for index, (_, w) in enumerate(cands.batches()):
        for rows in (1, 3, GUESS_BLOCK + 1):
            assert cands.weight_rows(index, w, rows).tolist() == w.tolist() * rows


def test_blocks_are_prepared_once_when_they_fit_the_cache():
    cands = candidates(ANSWERS, WEIGHTS, chunk=3)
    first, again = list(cands.blocks()), list(cands.blocks())
    assert len(first) == 3
    assert all(a is b for (a, _), (b, _) in zip(first, again))  # the same prepared blocks


@pytest.mark.parametrize("metric", [groups, groups_by_tables])
def test_candidates_too_many_for_the_cache_are_prepared_chunk_by_chunk(monkeypatch, metric):
    monkeypatch.setattr(partitions, "CACHE_BYTES", 0)
    cands = candidates(ANSWERS, WEIGHTS, chunk=3)
    first, again = list(cands.blocks()), list(cands.blocks())
    assert [block.n for block, _ in first] == [3, 3, 1]
    assert not any(a is b for (a, _), (b, _) in zip(first, again))  # prepared anew each pass
    got = partition_values(encoded(GUESSES), cands, metric)
    assert got.tolist() == reference_groups(GUESSES, ANSWERS, WEIGHTS)
    long = candidates(LONG, LONG_WEIGHTS, chunk=2)
    got = partition_values(encoded(LONG_GUESSES), long, metric)
    assert got.tolist() == reference_groups(LONG_GUESSES, LONG, LONG_WEIGHTS)
    # an alphabet of 30 letters (indices 26 to 29 past the Latin ones): each chunk's block
    # is prepared with the candidates' own alphabet
    letters = "abcdefghijklmnopqrstuvwxyz" + "\u00e4\u00f6\u00fc\u00df"
    answers = ["\u00e4b\u00df", "\u00df\u00e4c", "c\u00f6\u00fc", "abc", "\u00fc\u00fc\u00e4"]
    guesses = ["\u00df\u00e4b", "\u00fcbc", "abc"]
    weights = [1.0, 2.0, 1.0, 1.0, 3.0]

    def coded(words):
        return np.array([[letters.index(ch) for ch in w] for w in words], np.uint8)

    wide = Candidates(coded(answers), np.array(weights), chunk=2, letters=30)
    assert [block.letters for block, _ in wide.blocks()] == [30, 30, 30]
    got = partition_values(coded(guesses), wide, metric)
    assert got.tolist() == reference_groups(guesses, answers, weights)


def test_chunk_sizes_do_not_change_the_scores():
    for chunk in (1, 2, 7, 8192):
        cands = candidates(ANSWERS, WEIGHTS, chunk=chunk)
        got = partition_values(encoded(GUESSES), cands, groups_by_tables)
        assert got.tolist() == reference_groups(GUESSES, ANSWERS, WEIGHTS)


# -- a metric of the parts ------------------------------------------------------------------


def test_expected_guesses_of_a_partition_worked_by_hand_in_both_forms():
    # one-letter words: replies gray (0), yellow (1), green (2, solved); 10 words weigh 1 at most
    masses, counts = np.array([0.5, 0.3, 0.2]), np.array([3, 1, 1])
    # solved at once with 0.2; else this guess and 1 + 0.8 sqrt(ln n) more for n words
    # left: 3 words (0.5 x 10 = 5 words' weight, capped at the count) and 1 word
    expected = 1 + 0.5 * (1 + 0.8 * math.sqrt(math.log(3))) + 0.3 * 1
    metric = expected_guesses_metric(1)
    parts = Parts(codes=np.array([0, 1, 2]), masses=masses, counts=counts, scale=10.0)
    assert metric(parts) == pytest.approx(expected)
    (of_table,) = metric.of_tables(masses[None, :], counts[None, :], 10.0)
    assert of_table == pytest.approx(expected)
