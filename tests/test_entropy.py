import math
from collections import defaultdict

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lenwordle.engine import partitions as entropy_module
from lenwordle.engine.estimate import estimate, position_entropy
from lenwordle.engine.feedback import reply_for, reply_to_code
from lenwordle.engine.metrics import METRICS, entropy, expected_size, largest, negated, parts_count
from lenwordle.engine.partitions import Candidates, Parts, guess_parts, partition_values
from lenwordle.words.letters import encode_word


def brute_parts(guess, answers, weights):
    """Return {reply: (mass, count)} by scoring every pair with the reference scorer."""
    total = sum(weights)
    parts = defaultdict(lambda: [0.0, 0])
    for answer, w in zip(answers, weights):
        part = parts[reply_for(guess, answer)]
        part[0] += w / total
        part[1] += 1
    return parts


def candidates(words, weights, chunk=8192):
    return Candidates(np.array([encode_word(w) for w in words]), np.array(weights, float), chunk)


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from([4, 5, 12]).flatmap(
        lambda k: st.tuples(
            st.lists(
                st.text("abcde", min_size=k, max_size=k), min_size=1, max_size=6, unique=True
            ),
            st.lists(
                st.tuples(st.text("abcde", min_size=k, max_size=k), st.floats(0.01, 5)),
                min_size=1,
                max_size=40,
                unique_by=lambda t: t[0],
            ),
            st.integers(1, 7),
        )
    )
)
def test_streamed_partitions_match_a_brute_force_count(case):
    guesses, weighted, chunk = case
    answers, weights = [a for a, _ in weighted], [w for _, w in weighted]
    cands = candidates(answers, weights, chunk)  # small chunks: many record batches
    got = partition_values(np.array([encode_word(g) for g in guesses]), cands, entropy)
    for guess, value in zip(guesses, got):
        masses = [m for m, _ in brute_parts(guess, answers, weights).values()]
        assert value == pytest.approx(-sum(m * math.log2(m) for m in masses), abs=1e-9)
        parts = guess_parts(encode_word(guess), cands)
        brute = brute_parts(guess, answers, weights)
        assert sorted(parts.codes.tolist()) == sorted(reply_to_code(r) for r in brute)
        assert sorted(parts.counts.tolist()) == sorted(c for _, c in brute.values())


def hand_parts():
    """A guess splitting 6 equally likely words into parts of 3, 2 and 1."""
    return Parts(np.array([0, 1, 242]), np.array([3, 2, 1]) / 6, np.array([3, 2, 1]), 6.0)


def test_metrics_of_a_hand_computed_partition():
    parts = hand_parts()
    assert entropy(parts) == pytest.approx(
        -(0.5 * math.log2(0.5) + 2 / 6 * math.log2(2 / 6) + 1 / 6 * math.log2(1 / 6))
    )
    assert expected_size(parts) == pytest.approx((9 + 4 + 1) / 6)
    assert largest(parts) == 3
    assert parts_count(parts) == pytest.approx(3 - 3 / 7)
    assert negated(parts_count)(parts) == -parts_count(parts)
    assert negated(entropy)(parts) == -entropy(parts)


def test_expected_size_counts_unlikely_words_by_their_weight():
    # one word of weight 1 alone, against a part of one word of weight 1 and 99 of weight 0.01:
    # the second part holds 1.99 words of the highest weight, not 100
    masses = np.array([1.0, 1.99]) / 2.99
    parts = Parts(np.array([0, 1]), masses, np.array([1, 100]), 2.99)
    assert expected_size(parts) == pytest.approx(masses[0] * 1 + masses[1] * 1.99)
    tables = expected_size.of_tables(masses[None, :], np.array([[1, 100]]), 2.99)
    assert tables[0] == pytest.approx(expected_size(parts))


def test_position_entropy_matches_its_definition():
    words = ["crane", "slate", "trace", "caret"]
    weights = [1.0, 2.0, 1.0, 4.0]
    table = position_entropy(candidates(words, weights))
    total = sum(weights)
    for i in range(5):
        for c in "acert":
            p = [0.0, 0.0, 0.0]  # grey, yellow, green
            for w, wt in zip(words, weights):
                p[2 if w[i] == c else 1 if c in w else 0] += wt / total
            h = -sum(x * math.log2(x) for x in p if x > 0)
            assert table[i, ord(c) - 97] == pytest.approx(h)
    guess = np.array([encode_word("trace")])
    assert estimate(guess, table)[0] == pytest.approx(
        sum(table[i, ord(c) - 97] for i, c in enumerate("trace"))
    )


@pytest.mark.parametrize("keep", [True, False])
def test_many_guess_blocks_give_brute_force_masses_with_and_without_kept_tables(keep, monkeypatch):
    """150 guesses (blocks of 64, 64, 22) against chunks of 37: kept or rebuilt tables, weights."""
    if not keep:
        monkeypatch.setattr(entropy_module, "CACHE_BYTES", 0)
        monkeypatch.setattr(entropy_module, "TILE_BYTES", 0)
    rng = np.random.default_rng(3)
    words = sorted({"".join(rng.choice(list("abcdef"), 5)) for _ in range(400)})
    answers, guesses = words[:100], words[:150]
    weights = rng.uniform(0.1, 3, len(answers)).tolist()
    cands = candidates(answers, weights, chunk=37)
    assert cands.dense and cands.tiles_kept == keep
    got = partition_values(np.array([encode_word(g) for g in guesses]), cands, entropy)
    for guess, value in zip(guesses, got):
        masses = [m for m, _ in brute_parts(guess, answers, weights).values()]
        assert value == pytest.approx(-sum(m * math.log2(m) for m in masses), abs=1e-9)


@pytest.mark.parametrize(
    "name", ["entropy", "expected-guesses", "expected-size", "most-parts", "minimax"]
)
def test_sorted_block_tables_score_as_each_guess_alone(name):
    """8 letters, 90 answers: codes are sorted (3**8 bins would be mostly empty); the block form
    over (B x n+1) tables, solved reply last, must give the metric of each guess's own parts."""
    metric = METRICS[name](8)
    rng = np.random.default_rng(5)
    words = sorted({"".join(rng.choice(list("abcdefg"), 8)) for _ in range(200)})
    answers, guesses = words[:90], words[50:200]  # 40 guesses are possible answers
    cands = candidates(answers, rng.uniform(0.1, 3, len(answers)).tolist(), chunk=31)
    assert not cands.dense and hasattr(metric, "of_tables")
    encoded = np.array([encode_word(g) for g in guesses])
    got = partition_values(encoded, cands, metric)
    want = [metric(guess_parts(g, cands)) for g in encoded]
    assert got == pytest.approx(want, abs=1e-9)
