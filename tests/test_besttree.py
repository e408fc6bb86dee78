"""The best tree of one opener or of a few (search/besttree.py): the search of an opener's
main parts, its parts as tasks (largest first), the guesses legal in hard mode after it, the
quick width-1 trees kept for Ctrl-C, the progress told, the result, the openers sent to a
cluster, and which transports a cluster may use. The forked workers are stood in for by the
same tasks run one after another in this process (engine.workers.fork_map with one worker)."""

import time
import warnings
from dataclasses import replace

import numpy as np
import pyarrow as pa
import pytest
from helpers import wordlist
from test_optimal import game, sample

from lenwordle.engine.feedback import reply_for
from lenwordle.engine.hard_mode import hard_mode_problem
from lenwordle.engine.state import GameState
from lenwordle.engine.tree import Node
from lenwordle.engine.workers import fork_map, stop_notes
from lenwordle.search import besttree
from lenwordle.search.besttree import (
    HARD_EVERY_BELOW,
    HARD_WIDE_FROM,
    HARD_WIDE_WIDTH,
    NoTree,
    _usable,
    best_tree,
    main_search,
    opener_parts,
    opener_tree,
    part_legal,
    quick_tree,
    solve_part,
)
from lenwordle.search.optimal import INFEASIBLE, Search, problem_of
from lenwordle.words.alphabet import Alphabet
from lenwordle.words.wordlist import WordList

# Four answers alike but for their first letter: any of them, guessed, leaves the other three
# together (.ggg). BCFX splits them all apart (b green for bake; c, f yellow for cake, fake;
# nothing for make), BCXX leaves fake and make together, XXXX splits nothing.
FAMILY = ["bake", "cake", "fake", "make"]
OTHERS = ["bcfx", "bcxx", "xxxx"]


def family(hard=False, others=OTHERS):
    return GameState.new(wordlist(FAMILY + others), wordlist(FAMILY), uniform=True, hard=hard)


# 25 answers where the width matters: after ZZZZZ (no letter of theirs: one part, all of
# them, 5 guesses left) the width-1 search's tree is one guess worse than the best
WIDE = sample(25, 40)
WIDE_ANSWERS = WIDE[:25]


def wide_game():
    return game([*WIDE, "qqqqq", "zzzzz"], WIDE_ANSWERS)


def check_tree(tree, answers, limit: int, hard: bool = False) -> None:
    """Assert that the tree reaches every answer once, within the limit, every reply true
    (and in hard mode, every guess uses the hints before it)."""
    paths = tree.paths()
    assert sorted(paths) == sorted(answers)
    for answer, path in paths.items():
        assert len(path) <= limit and path[-1] == (answer, "g" * len(answer))
        assert all(reply == reply_for(guess, answer) for guess, reply in path)
        if hard:
            assert not any(hard_mode_problem(g, path[:i]) for i, (g, _) in enumerate(path))


def part_total(problem, width) -> int:
    """Return the total of the Search of this width over every answer, 5 guesses left."""
    everyone = np.arange(len(problem.answer_words))
    return Search(problem, width=width).solve(everyone, problem.limit - 1, None)[0]


def sequential(monkeypatch) -> list:
    """Run fork_map's tasks in this process, one after another; return the workers asked."""
    asked = []

    def in_turn(fn, batches, workers, progress=None):
        asked.append(workers)
        return fork_map(fn, batches, 1, progress)

    monkeypatch.setattr(besttree, "fork_map", in_turn)
    return asked


def test_the_search_of_the_main_parts_has_the_width_asked_and_in_hard_mode_grows_with_size():
    problem = problem_of(family())
    for width in (3, None):
        search = main_search(problem, width)
        assert search.problem is problem and search.width == width
        assert (search.every_below, search.wide_from, search.wide_width) == (0, None, 0)
    hard = problem_of(family(hard=True))
    search = main_search(hard, 3)
    assert search.problem is hard and search.width == 3
    assert (search.every_below, search.wide_from, search.wide_width) == (50, 150, 200)
    assert (HARD_EVERY_BELOW, HARD_WIDE_FROM, HARD_WIDE_WIDTH) == (50, 150, 200)
    search = main_search(hard, None)  # every guess: nothing to grow
    assert search.width is None and (search.every_below, search.wide_from) == (0, None)


def test_an_openers_parts_come_largest_first_with_whether_it_is_an_answer():
    # FAKE: bake, cake, make .ggg; bike ..gg (k, e); fake itself all green
    words = ["bake", "bike", "cake", "fake", "make"]
    problem = problem_of(GameState.new(wordlist(words), wordlist(words), uniform=True))
    parts, solves = opener_parts(Search(problem, width=1), "fake")
    found = [(reply, rows.tolist()) for reply, rows in parts]
    assert found == [(".ggg", [0, 2, 4]), ("..gg", [1])]
    assert solves is True
    assert [reply_for("fake", words[i]) for i in (0, 2, 4, 1)] == [".ggg"] * 3 + ["..gg"]
    parts, solves = opener_parts(Search(problem, width=1), "bike")
    assert solves is True and [len(rows) for _, rows in parts] == [3, 1]


def test_the_guesses_legal_after_the_opener_in_hard_mode_are_read_in_the_games_alphabet():
    # with n between n and o, every letter from o on has another index than in English
    alphabet = Alphabet("abcdefghijklmnñopqrstuvwxyz")
    words = ["bota", "mono", "ñoña", "rota", "sota", "toro"]  # sorted by the letters' codes
    listed = WordList(
        pa.array(words, pa.large_string()), pa.array([35] * 6, pa.uint8()), 4, alphabet=alphabet
    )
    problem = problem_of(GameState.new(listed, uniform=True, hard=True))
    assert part_legal(problem_of(GameState.new(listed, uniform=True)), "sota", ".ggg") is None
    for reply in (".ggg", "..y.", "y..."):
        legal = part_legal(problem, "sota", reply)
        by_hand = [not hard_mode_problem(g, (("sota", reply),)) for g in problem.guess_words]
        assert legal.tolist() == by_hand
    assert part_legal(problem, "sota", ".ggg").tolist() == [True, False, False, True, True, False]


def test_a_part_with_no_tree_within_the_limit_names_the_opener_in_capitals():
    problem = replace(problem_of(family()), limit=2)  # one guess after the opener
    search = Search(problem, width=1)
    with pytest.raises(NoTree) as error:
        solve_part(search, "bcxx", "....", np.array([2, 3]))  # fake and make: two answers
    assert str(error.value) == "BCXX ....: no tree within 2 guesses"


def test_an_openers_tree_is_the_searches_of_its_width_on_its_parts():
    state = wide_game()
    problem = problem_of(state)
    narrow, best = part_total(problem, 1), part_total(problem, None)
    assert narrow == best + 1  # (the case the test relies on)
    for width, part in ((1, narrow), (None, best)):
        tree, total, complete = opener_tree(problem, "zzzzz", width)
        assert (total, complete) == (25 + part, True)
        assert tree.guess == "zzzzz" and not tree.solves and list(tree.children) == ["....."]
        check_tree(tree, WIDE_ANSWERS, 6)
    result = best_tree(state, ["zzzzz"], width=1)
    assert (result.total, result.openers, result.complete) == (25 + narrow, {"zzzzz": 82}, True)
    result = best_tree(state, ["zzzzz", "qqqqq"], width=1)  # each its own task
    assert (result.total, result.openers) == (82, {"zzzzz": 82, "qqqqq": 82})
    assert result.opener == "zzzzz"  # of two tied, the first given


def test_ctrl_c_during_the_parts_keeps_the_tree_of_the_quick_width_1_searches(monkeypatch):
    state = wide_game()
    problem = problem_of(state)

    def interrupted(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(besttree, "solve_part", interrupted)
    tree, total, complete = opener_tree(problem, "zzzzz", None)
    assert total == 25 + part_total(problem, 1) == 82 and complete is False
    check_tree(tree, WIDE_ANSWERS, 6)
    result = best_tree(state, ["zzzzz"], width=None)
    assert (result.total, result.complete, result.proven) == (82, False, False)
    assert result.openers == {"zzzzz": None}  # not searched to the end: no total of its own


def test_ctrl_c_in_hard_mode_keeps_quick_trees_that_use_the_openers_hints(monkeypatch):
    # after BAKE .ggg (cake, fake, make, wake) hard mode leaves only ?AKE words: 1+2+3+4;
    # CFMW (each apart, 4 x 2) is not legal
    words = ["bake", "cake", "fake", "make", "wake"]
    state = GameState.new(wordlist([*words, "cfmw"]), wordlist(words), uniform=True, hard=True)

    def interrupted(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(besttree, "solve_part", interrupted)
    tree, total, complete = opener_tree(problem_of(state), "bake", None)
    assert (total, complete) == (5 + 10, False)
    check_tree(tree, words, 6, hard=True)


def test_ctrl_c_before_every_part_has_a_quick_tree_keeps_nothing(monkeypatch):
    real, calls = besttree.quick_tree, []

    def second_interrupted(*args):
        calls.append(args[3])
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(*args)

    monkeypatch.setattr(besttree, "quick_tree", second_interrupted)
    with pytest.raises(KeyboardInterrupt) as error:
        opener_tree(problem_of(family()), "bcxx", None)
    assert str(error.value) == "no tree was kept" and stop_notes()[-1] == "no tree was kept"
    assert len(calls) == 2


def test_ctrl_c_before_the_parts_are_known_keeps_nothing_or_is_the_callers(monkeypatch):
    def interrupted(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(besttree, "main_search", interrupted)
    with pytest.raises(KeyboardInterrupt) as error:
        opener_tree(problem_of(family()), "bcxx", None)
    assert str(error.value) == "no tree was kept" and stop_notes()[-1] == "no tree was kept"
    with pytest.raises(KeyboardInterrupt) as error:  # one task of many: the caller's
        opener_tree(problem_of(family()), "bcxx", None, keep=False)
    assert str(error.value) == ""


def test_ctrl_c_while_ranking_or_before_any_opener_finished_keeps_nothing(monkeypatch):
    def interrupted(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(besttree, "ranked_openers", interrupted)
    with pytest.raises(KeyboardInterrupt) as error:
        best_tree(family(), 2, width=None)
    assert str(error.value) == "no tree was kept" and stop_notes()[-1] == "no tree was kept"
    monkeypatch.setattr(besttree, "opener_task", interrupted)
    with pytest.raises(KeyboardInterrupt) as error:
        best_tree(family(), ["bcxx", "bcfx"], width=None)
    assert str(error.value) == "no tree was kept" and stop_notes()[-1] == "no tree was kept"


def test_one_openers_progress_counts_the_quick_trees_then_the_parts_each_once(monkeypatch):
    # BCXX: fake and make together (....), bake g..., cake .y..: 3 parts, 3 quick trees
    asked = sequential(monkeypatch)
    told = []
    result = best_tree(family(), ["bcxx"], None, workers=2, progress=lambda *t: told.append(t))
    assert asked == [2]
    assert told == [
        (1, 6, "BCXX: 0 of 3 parts (quick trees, for Ctrl-C: 1)"),
        (2, 6, "BCXX: 0 of 3 parts (quick trees, for Ctrl-C: 2)"),
        (3, 6, "BCXX: 0 of 3 parts"),
        (4, 6, "BCXX: 1 of 3 parts"),
        (5, 6, "BCXX: 2 of 3 parts"),
        (6, 6, "BCXX: 3 of 3 parts"),
    ]
    # fake then make (1 + 2), bake, cake: 4 + 3 + 1 + 1
    assert (result.total, result.openers, result.complete) == (9, {"bcxx": 9}, True)


def test_one_opener_of_many_makes_no_quick_tree_and_counts_its_parts_only(monkeypatch):
    told = []
    tree, total, complete = opener_tree(
        problem_of(family()), "bcxx", None, progress=lambda *t: told.append(t), keep=False
    )
    assert told == [(i, 3, f"BCXX: {i} of 3 parts") for i in (1, 2, 3)]
    assert (total, complete) == (9, True)
    check_tree(tree, FAMILY, 6)


def test_a_trees_result_says_its_answers_mode_openers_and_time():
    before = time.monotonic()
    result = best_tree(family(hard=True), width=None)  # the opener ranked first alone
    elapsed = time.monotonic() - before
    assert result.openers == {"bcfx": 8}  # BCFX splits all four apart: 4 + 4
    assert (result.total, result.answers, result.hard, result.proven) == (8, 4, True, True)
    assert 0 <= result.seconds <= elapsed
    assert best_tree(family(), ["bcfx"], width=None).hard is False


def test_a_scheduler_runs_the_openers_on_the_cluster_and_keeps_the_first_of_the_best(
    monkeypatch,
):
    sent = []

    def on_dask(problem, words, width, scheduler, record):
        sent.append((list(words), width, scheduler))
        for index in reversed(range(len(words))):  # the last to finish first
            record(index, besttree.opener_task(problem, words[index], width))

    monkeypatch.setattr(besttree, "_on_dask", on_dask)
    told = []
    result = best_tree(
        family(),
        ["bcxx", "bcfx", "fake"],
        width=None,
        scheduler="tcp://10.0.0.5:8786",
        progress=lambda *t: told.append(t),
    )
    assert sent == [(["bcxx", "bcfx", "fake"], None, "tcp://10.0.0.5:8786")]
    # FAKE: solves fake, leaves bake, cake, make (.ggg): BCFX parts them, 4 + 3 x 2 = 10
    assert result.openers == {"bcxx": 9, "bcfx": 8, "fake": 10}
    assert (result.total, result.opener, result.complete) == (8, "bcfx", True)
    assert told == [(1, 3, "best FAKE 10"), (2, 3, "best BCFX 8"), (3, 3, "best BCFX 8")]


# --- quick_tree: the width-1 tree of a part, kept for Ctrl-C --------------------------------


def _part(problem, word, reply):
    """Return the answer rows of problem that give reply to word."""
    return np.array([i for i, a in enumerate(problem.answer_words) if reply_for(word, a) == reply])


def test_a_quick_tree_in_hard_mode_keeps_the_openers_hints():
    # after BAKE .ggg (cake, fake, make, wake), hard mode leaves only ?AKE words: each takes
    # one word away, 1 + 2 + 3 + 4 guesses; CFMW (apart) would be 4 x 2, but is not legal
    words = ["bake", "cake", "fake", "make", "wake"]
    state = GameState.new(wordlist([*words, "cfmw"]), wordlist(words), uniform=True, hard=True)
    problem = problem_of(state)
    searches = {}
    cost, tree = quick_tree(searches, problem, "bake", ".ggg", _part(problem, "bake", ".ggg"))
    assert cost == 10
    guesses = {guess for path in tree.paths().values() for guess, _ in path}
    assert guesses and all(guess.endswith("ake") for guess in guesses)
    assert list(searches) == [1] and searches[1].width == 1  # the width-1 search, kept


def test_a_quick_tree_has_the_guesses_left_after_the_opener():
    # BCXX: bake g..., cake .y.., fake and make .... (together)
    problem = replace(problem_of(family()), limit=2)  # one guess after the opener
    cost, tree = quick_tree({}, problem, "bcxx", "g...", _part(problem, "bcxx", "g..."))
    assert (cost, tree) == (1, Node("bake", True))
    two = _part(problem, "bcxx", "....")
    assert len(two) == 2 and quick_tree({}, problem, "bcxx", "....", two) == (INFEASIBLE, None)


# --- _usable: a cluster's transport ---------------------------------------------------------


class _Backend:
    def __init__(self, problem=None, warning=None):
        self.problem, self.warning = problem, warning

    def get_connector(self):
        if self.warning:
            warnings.warn(self.warning, stacklevel=1)
        if self.problem:
            raise self.problem
        return object()


def test_a_transport_is_usable_when_its_connector_can_be_made_and_says_nothing():
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a warning let through would fail here
        assert _usable(_Backend())
        assert _usable(_Backend(warning="about to refuse"))
        assert not _usable(_Backend(problem=RuntimeError("no ucx")))
        assert not _usable(_Backend(problem=ImportError("no module"), warning="first"))
