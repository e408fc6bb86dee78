"""The exact tree search (search/optimal.py) against a plain-Python reference over every tree
(test_optimal.brute_force) on many tiny random problems, quick enough to run often (the
brute-force tests of tests/test_optimal.py take longer); its pruning by bounds, its memo in
normal mode, its pattern matrix and blocks of guesses, the stats of a guess's parts and
their canonical key, the problem it is given and how it plays a guess."""

import random

import numpy as np
import pyarrow as pa
import pytest
from helpers import wordlist
from test_optimal import UNSOLVABLE, brute_force

from lenwordle.engine.feedback import reply_for, reply_to_code
from lenwordle.engine.hard_mode import hard_mode_problem
from lenwordle.engine.rules import Rules
from lenwordle.engine.state import GameState
from lenwordle.search import optimal
from lenwordle.search.optimal import (
    Search,
    canonical,
    joined,
    partition_stats,
    problem_of,
    set_bound,
)
from lenwordle.words.alphabet import Alphabet
from lenwordle.words.wordlist import WordList

# answers from one family of words alike but for a letter or two (hard to tell apart: deep
# trees, many positions), with a few other words as probes
FAMILIES = (
    "bight eight fight light might night right sight tight wight".split(),
    "bills fills hills kills mills pills sills tills wills".split(),
)
PROBES = (
    "flame smelt frown twirl blimp swamp thumb knelt brisk whelp gloom mirth lymph fresh".split()
)


def check_tree(tree, answers, total: int, limit: int, hard: bool) -> None:
    """Assert that the tree reaches every answer once by true replies, within the limit, in
    `total` guesses in all, using every hint in hard mode."""
    paths = tree.paths()
    assert sorted(paths) == sorted(answers)
    assert sum(len(path) for path in paths.values()) == total
    for answer, path in paths.items():
        assert len(path) <= limit and path[-1][0] == answer
        assert all(reply == reply_for(guess, answer) for guess, reply in path)
        if hard:
            assert not any(hard_mode_problem(g, path[:i]) for i, (g, _) in enumerate(path))


def state_of(guesses, answers, hard: bool = False, limit: int | None = None) -> GameState:
    allowed = wordlist(sorted(set(guesses) | set(answers)))
    rules = Rules(len(answers[0]), max_guesses=limit, hard=hard)
    return GameState.new(allowed, wordlist(sorted(answers)), uniform=True, rules=rules)


def problems(seed: int, count: int):
    """Yield count random tiny problems: (guesses, answers, limit)."""
    rng = random.Random(seed)
    for _ in range(count):
        family = rng.choice(FAMILIES)
        answers = sorted(rng.sample(family, rng.randint(3, 7)))
        others = rng.sample(PROBES, rng.randint(1, 4)) + rng.sample(family, 2)
        yield sorted(set(answers + others)), answers, rng.choice((3, 4, 4, 5, 6))


@pytest.mark.parametrize("hard", (False, True))
def test_the_search_finds_the_reference_optimum_and_a_valid_tree_on_tiny_problems(hard):
    rng = random.Random(5)
    for guesses, answers, limit in problems(11 + hard, 20):
        search = Search(problem_of(state_of(guesses, answers, hard, limit)), width=None)
        words = search.problem.guess_words
        allowed = set(answers) | set(rng.sample(words, len(words) // 2)) if hard else set(words)
        legal = np.array([w in allowed for w in words]) if hard else None  # as after hints
        truth = brute_force(tuple(guesses), answers, limit, hard, allowed)
        total, tree = search.solve(np.arange(len(answers)), limit, legal)
        for entries in search.hard_memo.values():  # every position within the legal guesses
            for entry in entries:
                within = np.unpackbits(entry.legal)[: len(words)].astype(bool)
                assert not np.any(within & ~legal)
        if truth >= UNSOLVABLE:
            assert tree is None and total >= optimal.INFEASIBLE
            continue
        assert total == truth, (guesses, answers, limit)
        check_tree(tree, answers, truth, limit, hard)
        assert {guess for path in tree.paths().values() for guess, _ in path} <= allowed


# The five -IGHT words of tests/test_optimal_hard.py: with only themselves as guesses they
# go one at a time, 1 + 2 + 3 + 4 + 5 = 15; FLAMS tells them all apart, 5 + 5 = 10; VOUCH
# gets ...g. from all five: it splits nothing.
IGHT = ["fight", "light", "might", "night", "sight"]
CHAIN, SPLIT = 15, 10


def ight(hard: bool = False, extra=("flams", "vouch"), **options) -> Search:
    return Search(problem_of(state_of(IGHT + list(extra), IGHT, hard)), width=None, **options)


def everyone() -> np.ndarray:
    return np.arange(len(IGHT))


def legal_of(search: Search, words) -> np.ndarray:
    legal = np.zeros(len(search.problem.guess_words), bool)
    legal[[search.problem.guess_words.index(w) for w in words]] = True
    return legal


def test_positions_counts_each_position_searched_once(monkeypatch):
    search = ight(extra=("vouch",))  # the chain: positions of 5, 4, 3 answers searched
    calls = []
    real = Search._search

    def counted(self, *args):
        calls.append(len(args[0]))
        return real(self, *args)

    monkeypatch.setattr(Search, "_search", counted)
    assert search.solve(everyone(), 6, None)[0] == CHAIN
    assert len(calls) >= 3 and search.positions == len(calls)


@pytest.mark.parametrize("hard", (False, True))
def test_a_guess_that_splits_nothing_is_never_played(monkeypatch, hard):
    # without FLAMS the best is the chain (15), above VOUCH's bound 3 * 5 - 1 = 14: VOUCH
    # would be tried if it counted as useful
    search = ight(hard, extra=("vouch",))
    played = []
    real = Search.play

    def spy(self, answers, st, i, *args):
        played.append(self.problem.guess_words[st.rows[i]])
        return real(self, answers, st, i, *args)

    monkeypatch.setattr(Search, "play", spy)
    assert search.solve(everyone(), 6, None)[0] == CHAIN
    assert played and "vouch" not in played


def test_a_normal_position_solved_twice_is_answered_from_the_memo_with_its_tree():
    search = ight()
    total, tree = search.solve(everyone(), 6, None)
    assert total == SPLIT and tree.guess == "flams"
    check_tree(tree, IGHT, SPLIT, 6, False)
    assert search.memo[(everyone().tobytes(), 6, None)] == (SPLIT, SPLIT, tree)
    assert search.lower(everyone(), 6) == SPLIT  # the value is its best lower bound
    searched = search.positions
    assert search.solve(everyone(), 6, None) == (SPLIT, tree)
    assert search.solve(everyone(), 6, None, SPLIT + 1) == (SPLIT, tree)
    assert search.solve(everyone(), 6, None, SPLIT) == (SPLIT, None)  # not below beta
    assert search.positions == searched  # nothing searched again


def test_a_normal_search_cut_short_by_beta_remembers_a_bound_and_is_redone():
    search = ight()
    assert search.solve(everyone(), 6, None, SPLIT) == (SPLIT, None)  # nothing below 10
    assert search.memo[(everyone().tobytes(), 6, None)] == (SPLIT, None, None)
    assert search.lower(everyone(), 6) == SPLIT
    total, tree = search.solve(everyone(), 6, None)
    assert total == SPLIT and tree is not None
    check_tree(tree, IGHT, SPLIT, 6, False)


def test_a_normal_position_whose_set_bound_reaches_beta_is_not_searched():
    search = ight()
    found, tree = search.solve(everyone(), 6, None, 2 * 5 - 1)
    assert found >= 9 and tree is None
    assert search.positions == 0 and not search.memo


def test_no_guesses_left_for_one_answer_or_one_left_for_two_has_no_tree_and_no_search():
    search = ight()
    assert search.solve(everyone()[:1], 0, None) == (optimal.INFEASIBLE, None)
    assert search.solve(everyone()[:1], 1, None)[0] == 1
    assert search.solve(everyone()[:2], 1, None) == (optimal.INFEASIBLE, None)
    assert search.positions == 0


def test_the_lower_bound_of_a_part_is_set_bound_until_its_position_is_known():
    search = ight(extra=())  # the chain: 1 + 2 + 3 = 6 for three of them
    three = everyone()[:3]
    assert [search.lower(everyone()[:n], 6) for n in (1, 2, 3, 5)] == [1, 3, 5, 9]
    assert search.solve(three, 6, None)[0] == 6
    assert search.lower(three, 6) == 6
    assert search.lower(three, 5) == 5  # another position: not known


def test_a_hard_lower_bound_comes_from_a_position_with_fewer_legal_guesses_only_if_it_holds():
    search = ight(True)
    narrow = legal_of(search, IGHT)  # the chain: 15
    wider = legal_of(search, IGHT + ["flams"])  # 10: the narrow 15 bounds nothing here
    assert search.lower(everyone(), 6, narrow) == 9  # nothing known yet: 2n - 1
    assert search.solve(everyone(), 6, narrow)[0] == CHAIN
    assert search.lower(everyone(), 6, narrow) == CHAIN
    assert search.lower(everyone(), 5, narrow) == CHAIN  # fewer guesses left: still bound
    assert search.lower(everyone(), 6, wider) == 9
    assert search.lower(everyone()[:2], 6, narrow) == 3


def test_set_bound_of_no_answers_is_zero():
    assert [set_bound(n) for n in (0, 1, 2, 7)] == [0, 1, 3, 13]


def reply_codes(guesses, answers) -> list[list[int]]:
    return [[reply_to_code(reply_for(g, a)) for a in answers] for g in guesses]


def test_the_pattern_matrix_is_kept_only_when_it_fits_and_the_search_agrees_without_it(
    monkeypatch,
):
    problem = problem_of(state_of(IGHT + ["flams", "vouch"], IGHT))  # 5 x 7 patterns, a byte each
    monkeypatch.setattr(optimal, "MATRIX_BYTES", 35)
    search = Search(problem, width=None)
    assert search._matrix.T.tolist() == reply_codes(problem.guess_words, IGHT)
    monkeypatch.setattr(optimal, "MATRIX_BYTES", 34)
    search = Search(problem, width=None)
    assert search._matrix is None
    rows, guesses = np.array([1, 3]), np.array([0, 5, 6])
    assert search.codes(rows, guesses).tolist() == reply_codes(
        [problem.guess_words[g] for g in guesses], [IGHT[r] for r in rows]
    )
    total, tree = search.solve(everyone(), 6, None)
    assert total == SPLIT
    check_tree(tree, IGHT, SPLIT, 6, False)


def test_six_letter_patterns_take_two_bytes_each_in_the_matrix(monkeypatch):
    words = ["fights", "lights", "mights", "nights"]  # 4 x 4 patterns of 3**6 values: 32 bytes
    problem = problem_of(state_of(words, words))
    monkeypatch.setattr(optimal, "MATRIX_BYTES", 32)
    assert Search(problem)._matrix is not None
    monkeypatch.setattr(optimal, "MATRIX_BYTES", 31)
    assert Search(problem)._matrix is None


def test_the_stats_of_guesses_in_two_blocks_are_those_of_every_guess(monkeypatch):
    monkeypatch.setattr(optimal, "STATS_CELLS", 20)  # 5 answers: 4 guesses a block, 7 guesses
    search = ight()
    st = search.stats(everyone(), None)
    words = search.problem.guess_words
    assert st.rows.tolist() == list(range(len(words)))
    replies = [[reply_for(g, a) for a in IGHT] for g in words]
    assert st.parts.tolist() == [len(set(r)) for r in replies]
    assert st.solved.tolist() == [int(g in IGHT) for g in words]
    assert st.codes.tolist() == reply_codes(words, IGHT)


def test_the_estimate_counts_the_unsolved_parts_only():
    codes = np.array([[0, 0, 1, 242], [3, 3, 3, 3], [242, 5, 5, 5]], np.uint8)
    st = partition_stats(codes, np.arange(3), 242)

    def cost(size):  # |p| (1 + 0.8 sqrt(ln |p|))
        return size * (1 + 0.8 * np.sqrt(np.log(size)))

    assert np.allclose(st.estimate, [4 + cost(2) + cost(1), 4 + cost(4), 4 + cost(3)])
    assert st.largest.tolist() == [2, 4, 3]
    alone = partition_stats(np.array([[242]], np.uint8), np.arange(1), 242)
    assert alone.largest.tolist() == [0] and np.allclose(alone.estimate, [1])


def test_stats_of_several_blocks_join_into_the_stats_of_all_the_guesses():
    codes = np.array([[0, 0, 1, 242], [5, 6, 7, 8], [3, 3, 3, 3], [242, 1, 1, 2]], np.uint8)
    whole = partition_stats(codes, np.arange(4), 242)
    parts = joined(
        [
            partition_stats(codes[:1], np.arange(1), 242),
            partition_stats(codes[1:], np.arange(1, 4), 242),
        ]
    )
    for name in optimal.Stats.__dataclass_fields__:
        assert getattr(parts, name).tolist() == getattr(whole, name).tolist(), name


def _first_of_group(codes, solved):
    """Each candidate's label by hand: the first index with its code, -1 when solved."""
    return [-1 if c == solved else list(codes).index(c) for c in codes]


def test_canonical_labels_each_candidate_by_the_first_of_its_group():
    codes = np.array([5, 3, 5, 8, 3])
    assert np.frombuffer(canonical(codes, 8), np.int32).tolist() == [0, 1, 0, -1, 1]
    # many candidates in few groups (where an unstable sort would mix a group's order)
    rng = np.random.default_rng(7)
    for n in (40, 1000):
        codes = rng.integers(0, 6, n)
        labels = np.frombuffer(canonical(codes, 5), np.int32).tolist()
        assert labels == _first_of_group(codes.tolist(), 5)
    # two guesses that split alike have one key; another split, another key
    assert canonical(np.array([2, 2, 7, 1]), 7) == canonical(np.array([4, 4, 9, 0]), 9)
    assert canonical(np.array([2, 2, 7, 1]), 7) != canonical(np.array([2, 1, 7, 1]), 7)


def test_the_problem_has_the_guess_pool_and_each_answer_as_a_guess():
    words = IGHT + ["flams", "vouch", "zebra"]
    allowed = wordlist(sorted(words))
    pool = np.array([w != "zebra" for w in allowed.strings])  # zebra is not suggested
    state = GameState.new(allowed, wordlist(IGHT), uniform=True, suggest=pool).refuse("vouch")
    problem = problem_of(state)
    assert problem.guess_words == ("fight", "flams", "light", "might", "night", "sight")
    assert np.array(problem.guess_words)[problem.answer_guess].tolist() == IGHT


SPANISH = Alphabet("abcdefghijklmnñopqrstuvwxyz")  # o to z one place later than in English


def spanish(words) -> WordList:
    return WordList(
        pa.array(sorted(words), pa.large_string()),
        pa.array([35] * len(words), pa.uint8()),
        5,
        alphabet=SPANISH,
    )


def test_a_hard_search_reads_hints_in_the_words_own_alphabet():
    state = GameState.new(
        spanish(IGHT + ["flams"]), spanish(IGHT), uniform=True, rules=Rules(5, hard=True)
    )
    problem = problem_of(state)
    assert problem.alphabet == SPANISH
    search = Search(problem, width=None)
    # FIGHT leaves .gggg for the others: T (and G, H, I) must stay where they are
    after = search.legal_after(None, problem.guess_words.index("fight"), [])
    legal = after(reply_to_code(".gggg"))
    assert [w for w, ok in zip(problem.guess_words, legal) if ok] == IGHT
    total, tree = search.solve(everyone(), 6, None)
    assert total == SPLIT
    check_tree(tree, IGHT, SPLIT, 6, True)


def test_the_guesses_legal_after_a_reply_use_its_hints_among_those_legal_before():
    search = ight(True, extra=("flams", "vouch", "tight"))
    words = search.problem.guess_words
    after = search.legal_after(None, words.index("flams"), [])
    reply = reply_for("flams", "light")  # .y...: an L somewhere
    assert [w for w, ok in zip(words, after(reply_to_code(reply))) if ok] == ["flams", "light"]
    after = search.legal_after(None, words.index("vouch"), [])  # ...g.: C fourth
    legal = legal_of(search, ["might", "fight", "tight", "vouch"])
    everyone_after = [w for w, ok in zip(words, after(reply_to_code("...g."))) if ok]
    assert everyone_after == [w for w in words if not hard_mode_problem(w, (("vouch", "...g."),))]
    after = search.legal_after(legal, words.index("fight"), [])  # .gggg
    assert [w for w, ok in zip(words, after(reply_to_code(".gggg"))) if ok] == [
        "fight",
        "might",
        "tight",
    ]


def test_playing_a_guess_solves_its_parts_smallest_first_each_sorted(monkeypatch):
    # ZIGHT gets .gggg from FIGHT and .g... from FILLS and KILLS: two parts, the larger
    # with the lower reply code
    words = ["fight", "fills", "kills"]
    search = Search(problem_of(state_of(words + ["zight"], words)), width=None)
    st = search.stats(np.arange(3), None)
    i = int(np.flatnonzero(st.rows == search.problem.guess_words.index("zight"))[0])
    parts = []
    real = Search.solve

    def spy(self, answers, *args):
        parts.append(answers.tolist())
        return real(self, answers, *args)

    monkeypatch.setattr(Search, "solve", spy)
    total, tree = search.play(np.arange(3), st, i, 6, None)
    assert parts[:2] == [[0], [1, 2]]
    assert total == 3 + 1 + 3
    check_tree(tree, words, 7, 6, False)


def test_playing_a_guess_of_two_parts_of_two_costs_n_plus_three_each():
    words = ["fight", "light", "fills", "kills"]  # ZIGHT: {fight, light} and {fills, kills}
    search = Search(problem_of(state_of(words + ["zight"], words)), width=None)
    st = search.stats(np.arange(4), None)
    i = int(np.flatnonzero(st.rows == search.problem.guess_words.index("zight"))[0])
    total, tree = search.play(np.arange(4), st, i, 6, None)
    assert total == 4 + 3 + 3
    check_tree(tree, words, 10, 6, False)


def test_playing_a_guess_whose_parts_bounds_reach_beta_searches_nothing():
    # ZIGHT: {fight, light} (.gggg) and {fills, kills, mills} (.g...): 5 + (2*2 - 1) +
    # (2*3 - 1) = 13 at least; below beta 13 no part is worth searching
    words = ["fight", "light", "fills", "kills", "mills"]
    search = Search(problem_of(state_of(words + ["zight"], words)), width=None)
    st = search.stats(np.arange(5), None)
    i = int(np.flatnonzero(st.rows == search.problem.guess_words.index("zight"))[0])
    found, tree = search.play(np.arange(5), st, i, 6, None, 13)
    assert found >= 13 and tree is None
    assert search.positions == 0
    total, tree = search.play(np.arange(5), st, i, 6, None)  # 5 + 3 + (1 + 2 + 3) = 14
    assert total == 14
    check_tree(tree, words, 14, 6, False)


def test_the_search_is_exact_on_six_ight_answers_and_four_probes():
    # (a case where a wrong bound on the parts still to play cuts off the best guess)
    words = ["bight", "eight", "flame", "knelt", "might", "night", "right", "sight"]
    answers = ["bight", "eight", "might", "night", "right", "sight"]
    words += ["thick", "thumb"]
    truth = brute_force(tuple(words), answers, 6)
    search = Search(problem_of(state_of(words, answers)), width=None)
    total, tree = search.solve(np.arange(6), 6, None)
    assert total == truth
    check_tree(tree, answers, truth, 6, False)


@pytest.mark.parametrize("most", (1, 2, 3))
def test_the_normal_memo_is_emptied_when_full_and_keeps_the_last_position(monkeypatch, most):
    monkeypatch.setattr(optimal, "MEMO_ENTRIES", most)
    search = ight(extra=())  # the chain: positions of 5, 4, 3 and 2 answers, each remembered
    total, tree = search.solve(everyone(), 6, None)
    assert total == CHAIN
    assert 1 <= len(search.memo) <= most
    assert search.memo[(everyone().tobytes(), 6, None)] == (CHAIN, CHAIN, tree)


MANY = (
    "crane slate trace react cater crate great grate irate stare tears store stone tones "
    "notes scone canes scale laces fight light might night sight tight bills fills hills "
    "kills mills pills"
).split()


@pytest.mark.parametrize("guess", ("aeiou", "ttttt", "sssss"))
def test_the_parts_of_a_guess_on_many_answers_are_handed_on_sorted(monkeypatch, guess):
    # 32 answers: enough for an unstable sort to mix the rows inside a part; with three
    # guesses left each part is settled at once (one guess left after the next)
    search = Search(problem_of(state_of(MANY + [guess], MANY)), width=None)
    answers = np.arange(len(MANY))
    st = search.stats(answers, None)
    i = int(np.flatnonzero(st.rows == search.problem.guess_words.index(guess))[0])
    parts = []
    real = Search.solve

    def spy(self, rows, *args):
        parts.append(rows.tolist())
        return real(self, rows, *args)

    monkeypatch.setattr(Search, "solve", spy)
    search.play(answers, st, i, 3, None)
    assert any(len(part) > 2 for part in parts)
    assert all(part == sorted(part) for part in parts)


def test_a_search_given_its_own_value_as_beta_gives_no_tree():
    # a guess whose parts have at most two answers costs exactly its bound, 14 here, which
    # is the best: at beta 14 nothing is below beta, not even that guess
    answers = ["kills", "might", "night", "pills", "sills", "tills"]
    words = answers + ["fresh", "milks", "pitch"]
    truth = brute_force(tuple(words), answers, 6)
    assert truth == 14
    search = Search(problem_of(state_of(words, answers)), width=None)
    found, tree = search.solve(np.arange(6), 6, None, truth)
    assert found >= truth and tree is None
    total, tree = search.solve(np.arange(6), 6, None)
    assert total == truth
    check_tree(tree, answers, truth, 6, False)


def test_with_three_guesses_left_guesses_with_parts_of_three_are_tried_too():
    # six -ILLS answers within three guesses: the best needs a first guess that leaves a
    # part of more than two answers
    answers = ["bills", "hills", "kills", "mills", "pills", "tills"]
    words = answers + ["brisk", "knelt", "lymph", "sills", "twirl"]
    truth = brute_force(tuple(words), answers, 3)
    assert truth == 15
    search = Search(problem_of(state_of(words, answers, limit=3)), width=None)
    total, tree = search.solve(np.arange(6), 3, None)
    assert total == truth
    check_tree(tree, answers, truth, 3, False)
