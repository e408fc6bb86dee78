"""The exact tree search in hard mode (search/optimal.py): its memo of positions, a bound and
a tree kept for each set of legal guesses (bounds recalled from wider sets, trees from
narrower ones, never below beta), emptied when full; and the guesses it tries, each of one
partition, as each may leave other guesses legal. On five words of the -IGHT family, whose
totals are worked by hand below."""

import numpy as np
import pytest
from helpers import wordlist

from lenwordle.engine.feedback import reply_for
from lenwordle.engine.hard_mode import hard_mode_problem
from lenwordle.engine.rules import Rules
from lenwordle.engine.state import GameState
from lenwordle.engine.tree import Node
from lenwordle.search import optimal
from lenwordle.search.optimal import INFEASIBLE, HardEntry, Search, problem_of

# Five answers alike but for their first letter. Any one of them played on the others gets
# .gggg from every other one, so with only these as guesses they go one at a time:
# 1 + 2 + 3 + 4 + 5 = 15 guesses in all. FLAMS tells them all apart (F green for fight, L, M,
# S yellow for light, might, sight, nothing for night): 5 + 5 = 10, the least possible
# (2n - 1 = 9 would need a first guess that is one of them and splits the rest). VOUCH gets
# ...g. from all five: it splits nothing, so it changes no total.
ANSWERS = ["fight", "light", "might", "night", "sight"]
CHAIN, SPLIT = 15, 10


def _search(hard: bool = True, extra=()) -> Search:
    words = ANSWERS + ["flams", "vouch", *extra]
    state = GameState.new(
        wordlist(words), wordlist(ANSWERS), uniform=True, rules=Rules(5, hard=hard)
    )
    return Search(problem_of(state), width=None)


def _legal(search: Search, words) -> np.ndarray:
    legal = np.zeros(len(search.problem.guess_words), bool)
    legal[[search.problem.guess_words.index(w) for w in words]] = True
    return legal


def _everyone() -> np.ndarray:
    return np.arange(len(ANSWERS))


def _check(tree: Node, answers, total: int) -> None:
    """Assert that the tree reaches each answer once, by true replies, in `total` guesses,
    using every hint in hard mode."""
    paths = tree.paths()
    assert sorted(paths) == sorted(answers)
    assert sum(len(path) for path in paths.values()) == total
    for answer, path in paths.items():
        assert all(reply == reply_for(guess, answer) for guess, reply in path)
        assert not any(hard_mode_problem(g, path[:i]) for i, (g, _) in enumerate(path))


def test_a_hard_position_solved_twice_is_answered_from_the_memo_with_its_tree():
    search = _search()
    legal = _legal(search, ANSWERS + ["flams", "vouch"])
    total, tree = search.solve(_everyone(), 6, legal)
    assert total == SPLIT and tree.guess == "flams"
    _check(tree, ANSWERS, SPLIT)
    searched = search.positions
    assert search.solve(_everyone(), 6, legal) == (SPLIT, tree)
    assert search.positions == searched  # nothing searched again
    assert search.solve(_everyone(), 6, None) == (SPLIT, tree)  # None: every guess legal
    assert search.positions == searched
    # below beta only: at beta = its total the remembered tree is not given
    assert search.solve(_everyone(), 6, legal, SPLIT) == (SPLIT, None)
    assert search.positions == searched


def test_a_bound_learned_with_few_legal_guesses_is_not_used_for_more():
    search = _search()
    narrow = _legal(search, ANSWERS)
    total, tree = search.solve(_everyone(), 6, narrow)
    assert total == CHAIN
    _check(tree, ANSWERS, CHAIN)
    # with FLAMS legal too the total is lower: the narrow position's 15 bounds nothing here,
    # and its tree (which fits here) is beaten
    total, tree = search.solve(_everyone(), 6, _legal(search, ANSWERS + ["flams"]))
    assert total == SPLIT and tree.guess == "flams"
    _check(tree, ANSWERS, SPLIT)
    assert search.solve(_everyone(), 6, narrow)[0] == CHAIN  # still its own value


def test_a_tree_remembered_with_fewer_legal_guesses_serves_when_nothing_beats_it():
    search = _search()
    total, tree = search.solve(_everyone(), 6, _legal(search, ANSWERS))
    assert total == CHAIN
    wider = _legal(search, ANSWERS + ["vouch"])  # VOUCH splits nothing: still 15
    assert search.solve(_everyone(), 6, wider) == (CHAIN, tree)
    assert search.solve(_everyone(), 6, wider, CHAIN) == (CHAIN, None)  # not below beta


def test_a_tree_remembered_with_fewer_legal_guesses_is_not_given_at_its_beta():
    search = _search()
    total, tree = search.solve(_everyone(), 6, _legal(search, ANSWERS))
    assert total == CHAIN and tree is not None
    found, none = search.solve(_everyone(), 6, _legal(search, ANSWERS + ["vouch"]), CHAIN)
    assert found >= CHAIN and none is None


def test_a_hard_position_whose_set_bound_reaches_beta_is_not_searched():
    search = _search()
    legal = _legal(search, ANSWERS + ["flams"])
    found, tree = search.solve(_everyone(), 6, legal, 2 * len(ANSWERS) - 1)
    assert found >= 2 * len(ANSWERS) - 1 and tree is None
    assert search.positions == 0


def test_a_search_cut_short_by_beta_is_redone_and_replaces_its_memo_entry():
    search = _search()
    legal = _legal(search, ANSWERS + ["flams"])
    found, tree = search.solve(_everyone(), 6, legal, SPLIT)  # nothing below 10
    assert found >= SPLIT and tree is None
    total, tree = search.solve(_everyone(), 6, legal)
    assert total == SPLIT
    _check(tree, ANSWERS, SPLIT)
    (entry,) = search.hard_memo[_everyone().tobytes()]  # one position, one entry
    assert (entry.left, entry.bound, entry.value, entry.tree) == (6, SPLIT, SPLIT, tree)
    assert entry.legal.tolist() == np.packbits(legal).tolist()


def test_the_hard_memo_keeps_each_candidate_set_apart():
    search = _search()
    legal = _legal(search, ANSWERS + ["flams"])
    assert search.solve(_everyone(), 6, legal)[0] == SPLIT
    four = _everyone()[:4]  # fight light might night: FLAMS splits them too, 4 + 4
    total, tree = search.solve(four, 6, legal)
    assert total == 8
    _check(tree, ANSWERS[:4], 8)
    assert set(search.hard_memo) >= {_everyone().tobytes(), four.tobytes()}


def _packed(*bits) -> np.ndarray:
    return np.packbits(np.array(bits, bool))


def test_recalled_takes_bounds_from_wider_positions_and_trees_from_narrower_ones():
    search = _search()
    here = _packed(1, 1, 1, 0)
    wide, narrow = object(), object()
    entries = [
        HardEntry(5, _packed(1, 1, 1, 1), 30, 30, wide),  # wider only: its bound holds here
        HardEntry(3, _packed(1, 1, 0, 0), 40, 40, narrow),  # narrower only: its tree fits
        HardEntry(4, _packed(1, 1, 1, 0), 20, None, None),  # this very position, no tree
        HardEntry(4, _packed(1, 0, 0, 1), 99, 99, object()),  # neither
    ]
    known = search._recalled(entries, 4, here, 5)
    assert known == (30, 40, narrow, 2)
    assert search._recalled(entries[:2], 4, here, 5) == (30, 40, narrow, None)
    assert search._recalled(entries[3:], 4, here, 5) == (9, INFEASIBLE, None, None)
    assert search._recalled([], 4, here, 20) == (39, INFEASIBLE, None, None)  # 2n - 1


def test_recalled_keeps_the_lowest_remembered_tree_and_the_first_of_equals():
    search = _search()
    here = _packed(1, 1, 1, 0)
    first, second, worse = object(), object(), object()
    entries = [
        HardEntry(3, _packed(1, 1, 0, 0), 25, 25, worse),
        HardEntry(3, _packed(1, 0, 1, 0), 22, 22, first),
        HardEntry(2, _packed(1, 1, 1, 0), 22, 22, second),
    ]
    # (the two of 22 are as good: the first remembered is kept, not replaced by its equal)
    assert search._recalled(entries, 4, here, 3) == (5, 22, first, None)


def test_the_hard_memo_is_emptied_when_full_before_it_keeps_the_next_entry(monkeypatch):
    monkeypatch.setattr(optimal, "HARD_MEMO_ENTRIES", 3)
    search = _search()
    entry = [HardEntry(i, _packed(1), i, None, None) for i in range(6)]

    def remember(key, i, same=None):
        search._remember_hard(key, search.hard_memo.setdefault(key, []), same, entry[i])

    remember(b"a", 0)
    remember(b"b", 1)
    remember(b"b", 2, same=0)  # in place of the same position: no new entry
    assert search.hard_memo == {b"a": [entry[0]], b"b": [entry[2]]}
    remember(b"c", 3)
    assert search.hard_memo == {b"a": [entry[0]], b"b": [entry[2]], b"c": [entry[3]]}
    remember(b"d", 4)  # three kept: full, emptied first
    assert search.hard_memo == {b"d": [entry[4]]} and search._hard_count == 1
    remember(b"e", 5)
    remember(b"f", 0)
    assert search.hard_memo == {b"d": [entry[4]], b"e": [entry[5]], b"f": [entry[0]]}
    remember(b"g", 1)
    assert search.hard_memo == {b"g": [entry[1]]}


def test_the_hard_memo_overflowing_mid_search_still_keeps_the_position_searched(monkeypatch):
    monkeypatch.setattr(optimal, "HARD_MEMO_ENTRIES", 1)
    search = _search()
    legal = _legal(search, ANSWERS)
    total, tree = search.solve(_everyone(), 6, legal)  # its parts fill the memo on the way
    assert total == CHAIN
    assert list(search.hard_memo) == [_everyone().tobytes()]
    searched = search.positions
    assert search.solve(_everyone(), 6, legal) == (CHAIN, tree)
    assert search.positions == searched


@pytest.mark.parametrize("hard", (False, True))
def test_guesses_of_one_partition_are_tried_once_in_normal_mode_and_each_in_hard(hard):
    # FJORD and FUZZY both get g.... from FIGHT and ..... from the others: one partition.
    # Each answer played solves itself and leaves the other four together: its own
    # partition. VOUCH splits nothing: not tried.
    search = _search(hard, ["fjord", "fuzzy"])
    st = search.stats(_everyone(), None)
    useful = (st.parts > 1) | (st.solved > 0)
    tried = [search.problem.guess_words[st.rows[i]] for i in search.tried(st, useful)]
    alike = [w for w in tried if w in ("fjord", "fuzzy")]
    assert sorted(w for w in tried if w not in alike) == sorted(ANSWERS + ["flams"])
    assert len(alike) == (2 if hard else 1)
