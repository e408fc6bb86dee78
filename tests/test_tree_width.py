"""The width of the tree search: a position tries exactly `width` guesses, the best by the
estimate first, each splitting the answers its own way (one past the width is never tried,
one short never happens while more splits remain); the positions of fewer than every_below
answers try all, those of wide_from or more at least wide_width; `tree --width` from 1."""

import numpy as np
import pytest
from helpers import invoke, one_line_error
from test_optimal import game, sample

from lenwordle.search.besttree import best_tree
from lenwordle.search.optimal import (
    DEFAULT_WIDTH,
    RADIX_FROM,
    Search,
    partition_stats,
    problem_of,
    sorted_rows,
)

WORDS = sample(31, 22)
ANSWERS = WORDS[:12]


def position(hard: bool = False):
    """Return the opening's problem, its Stats over every guess, and which are useful."""
    problem = problem_of(game(WORDS, ANSWERS, hard))
    search = Search(problem, width=None)
    everyone = np.arange(len(ANSWERS))
    st = partition_stats(
        search.codes(everyone, search.all_guesses), search.all_guesses, search.solved_value
    )
    return problem, st, (st.parts > 1) | (st.solved > 0)


def split(st, i) -> tuple:
    """Return how guess i of st splits the answers: the sets of answers per reply (by hand)."""
    groups: dict[int, list[int]] = {}
    for answer, code in enumerate(st.codes[i].tolist()):
        groups.setdefault(code, []).append(answer)
    return tuple(sorted(tuple(g) for g in groups.values()))


def solves(st, i) -> int | None:
    """Return the answer guess i of st is (all green: 3**5 - 1), or None."""
    return next((a for a, code in enumerate(st.codes[i].tolist()) if code == 3**5 - 1), None)


def by_hand(st, useful) -> list[int]:
    """Return the guesses a search of every width tries, by hand: the useful ones by the
    estimate (then bound, then row), the first of each way of splitting the answers (the
    same groups, the same one solved)."""
    order = sorted(
        np.flatnonzero(useful).tolist(), key=lambda i: (st.estimate[i], st.bounds[i], st.rows[i])
    )
    chosen, seen = [], set()
    for i in order:
        key = (split(st, i), solves(st, i))
        if key not in seen:
            seen.add(key)
            chosen.append(i)
    return chosen


def test_with_no_width_every_way_of_splitting_is_tried_once():
    problem, st, useful = position()
    assert Search(problem, width=None).tried(st, useful) == by_hand(st, useful)
    assert len(by_hand(st, useful)) > 6  # (room for the widths below)


@pytest.mark.parametrize("width", [1, 2, 3, 5, 6])
def test_a_position_tries_exactly_width_guesses_the_best_first(width):
    problem, st, useful = position()
    assert Search(problem, width=width).tried(st, useful) == by_hand(st, useful)[:width]


def test_a_width_past_the_ways_of_splitting_tries_each_once():
    problem, st, useful = position()
    every = by_hand(st, useful)
    for width in (len(every), len(every) + 1):
        assert Search(problem, width=width).tried(st, useful) == every


def test_every_below_and_wide_from_at_their_edges():
    problem, st, useful = position()
    every, n = by_hand(st, useful), len(ANSWERS)
    assert Search(problem, 1, every_below=n + 1).tried(st, useful) == every  # n < n + 1
    assert Search(problem, 1, every_below=n).tried(st, useful) == every[:1]  # n is not < n
    assert Search(problem, 1, wide_from=n, wide_width=3).tried(st, useful) == every[:3]
    assert Search(problem, 1, wide_from=n + 1, wide_width=3).tried(st, useful) == every[:1]
    assert Search(problem, 4, wide_from=n, wide_width=3).tried(st, useful) == every[:4]


def test_the_default_width_is_the_trees_and_said_by_it(tmp_path, monkeypatch):
    state = game(WORDS, ANSWERS)
    result = best_tree(state, 1)
    assert result.width == DEFAULT_WIDTH == Search(problem_of(state)).width
    assert result.tried == f"the {DEFAULT_WIDTH} best guesses"


def test_tree_takes_a_width_of_one_and_refuses_zero(tmp_path, monkeypatch):
    (tmp_path / "w.txt").write_text("\n".join(WORDS) + "\n")
    (tmp_path / "a.txt").write_text("\n".join(ANSWERS) + "\n")
    monkeypatch.setenv("LENWORDLE_TREES", str(tmp_path / "trees"))
    lists = ["--words", str(tmp_path / "w.txt"), "--answers", str(tmp_path / "a.txt")]
    one = invoke("tree", *lists, "--width", "1")
    assert one.returncode == 0 and "playing the 1 best guesses in each position" in one.stdout
    assert "--width '0'" in one_line_error(invoke("tree", *lists, "--width", "0"))
    default = invoke("tree", *lists)  # the width the docs give it (docs/benchmarks.md)
    assert default.returncode == 0 and "playing the 8 best guesses in each" in default.stdout


def test_with_no_width_a_guess_not_worth_trying_is_passed_over_with_its_partition():
    problem, st, useful = position()
    every = by_hand(st, useful)
    dropped = every[1]
    same = [  # the guesses that split the answers as the dropped one does
        i
        for i in np.flatnonzero(useful).tolist()
        if (split(st, i), solves(st, i)) == (split(st, dropped), solves(st, dropped))
    ]
    assert len(same) >= 1
    worth = lambda i: i not in same  # noqa: E731
    yielded = list(Search(problem, width=None).trying(st, useful, worth))
    assert yielded == [i for i in every if i != dropped]
    # with a width, worth is not asked: the width counts every way of splitting
    assert list(Search(problem, width=3).trying(st, useful, worth)) == every[:3]


@pytest.mark.parametrize("dtype", [np.uint8, np.uint16, np.uint32])
@pytest.mark.parametrize("n", [RADIX_FROM - 1, RADIX_FROM, 3])
def test_rows_are_sorted_alike_by_every_way(dtype, n):
    codes = np.random.default_rng(n).integers(0, 243, (40, n)).astype(dtype)
    assert np.array_equal(sorted_rows(codes), np.sort(codes, axis=1))
