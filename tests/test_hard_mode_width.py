"""Hard mode's rollouts: past each of HARD_WIDE's numbers of candidates only its top words
are rolled out (each rollout is costly there), at it and below the next as ever; and a guess
rule counts kinds of words (alike) as it would count the words themselves."""

import numpy as np
import pytest

import lenwordle.strategies.expected as expected
from lenwordle.api.setup import Settings
from lenwordle.engine.feedback import reply_for
from lenwordle.engine.variants.antiwordle import keeps_to
from lenwordle.strategies.shown import alike


def root_words_valued(state, monkeypatch, hard_wide):
    """Return the words the solver rolls out at state itself, HARD_WIDE set to hard_wide."""
    monkeypatch.setattr(expected, "HARD_WIDE", hard_wide)
    solver = Settings(5, hard=state.hard).solver()
    valued, value = [], solver.value

    def counting(at, word):
        if at is state:
            valued.append(word)
        return value(at, word)

    object.__setattr__(solver, "value", counting)
    solver.choose(state)
    return valued


@pytest.mark.parametrize("hard", [True, False])
def test_past_hard_wide_hard_mode_rolls_out_only_its_top_words(monkeypatch, hard):
    state = Settings(5, hard=hard).state().after("slate", reply_for("slate", "flues"))
    n = len(state.candidate_rows)
    assert 20 < n <= expected.HARD_ENDGAME  # (rolled out in hard mode; no rescue at the root)
    width = Settings(5).solver().width
    at_limit = root_words_valued(state, monkeypatch, ((n, 1), (n - 5, 2)))  # at n: ... 2
    past = root_words_valued(state, monkeypatch, ((n - 1, 1), (n - 5, 2)))  # one past it: 1
    below = root_words_valued(state, monkeypatch, ((n, 1), (n, 2)))  # at both: as ever
    if hard:
        assert len(below) >= width > 2
        assert (len(at_limit), len(past)) == (2, 1)
        assert past == at_limit[:1] == below[:1]  # (the top words, in the ranking's order)
    else:  # (normal mode rolls out from DEFAULT_ENDGAME candidates, by its width)
        assert len(past) == len(at_limit) == len(below)


def test_a_rule_counts_kinds_of_words_as_it_counts_the_words():
    rng = np.random.default_rng(5)
    words = rng.integers(0, 6, size=(3000, 5), dtype=np.uint8)  # (few letters: many alike)
    for _ in range(30):
        guess = rng.integers(0, 6, size=5, dtype=np.uint8)
        kinds, counts = alike(words, guess)
        assert counts.sum() == len(words) and len(kinds) < len(words)
        for _ in range(5):
            digits = rng.integers(0, 3, size=5).astype(np.uint8)
            rows = [(guess, digits)]
            assert counts[keeps_to(kinds, rows)].sum() == keeps_to(words, rows).sum()
