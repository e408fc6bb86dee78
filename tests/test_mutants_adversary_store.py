"""Quick tests written to kill mutants of lenwordle/search/adversary.py (Absurdle's plan),
besttree.quick_tree and the tree store (shelf, treefiles, precompute) that survived the
mutation run (benchmarks/mutation.py; docs/reliability.md#mutation-testing). Lists are made
up here; expectations are worked by hand."""

import time
from dataclasses import dataclass, replace
from itertools import groupby

import numpy as np
import pytest
from helpers import wordlist

from lenwordle.engine.feedback import reply_for
from lenwordle.engine.state import GameState
from lenwordle.engine.tree import Node
from lenwordle.search import adversary, besttree
from lenwordle.search.adversary import NoPlan, Search, _runs, plan, position_key
from lenwordle.search.besttree import TreeResult, quick_tree
from lenwordle.search.optimal import INFEASIBLE, problem_of
from lenwordle.store import shelf, treefiles
from lenwordle.store.precompute import _computed
from lenwordle.store.shelf import OPTIMAL_MAX, Shelf, too_many_answers
from lenwordle.strategies.registry import make
from lenwordle.words.wordlist import WordListError

# Four answers alike but for their first letter: any of them, guessed, leaves the other three
# together (.ggg). BCFX splits them all apart (b green for bake; c, f yellow for cake, fake;
# nothing for make), BCXX leaves fake and make together, XXXX splits nothing.
FAMILY = ["bake", "cake", "fake", "make"]
OTHERS = ["bcfx", "bcxx", "xxxx"]


def family(hard=False, others=OTHERS):
    return GameState.new(wordlist(FAMILY + others), wordlist(FAMILY), uniform=True, hard=hard)


def _runs_by_hand(row):
    lengths = [len(list(run)) for _, run in groupby(row)]
    return max(lengths), len(lengths)


def test_the_runs_of_sorted_rows_are_their_longest_run_and_their_count():
    # the last run of the last row the longest: where the runs' ends are counted from
    rows = np.array([[3, 3, 4], [1, 2, 2]])
    longest, parts = _runs(rows)
    assert longest.tolist() == [2, 2] and parts.tolist() == [2, 2]
    rng = np.random.default_rng(3)
    for b, n in [(1, 1), (1, 5), (4, 7), (6, 30)]:
        rows = np.sort(rng.integers(0, 4, (b, n)), axis=1)
        longest, parts = _runs(rows)
        assert [(int(x), int(y)) for x, y in zip(longest, parts)] == [
            _runs_by_hand(row.tolist()) for row in rows
        ]


def test_a_plan_says_why_it_cannot_be_made():
    state = family()
    with pytest.raises(NoPlan) as error:
        plan(state, limit=1)  # four words are never won in one guess
    assert str(error.value) == "no win within 1 guesses (width 20)"
    for word in FAMILY:
        state = state.refuse(word)
    with pytest.raises(NoPlan) as error:
        plan(state)
    assert str(error.value) == "no word is left for the host to keep"


def test_a_plan_tries_only_its_width_of_guesses_besides_the_candidates():
    state = family()
    # the candidates alone: each guess takes one word away (the host keeps the other three)
    assert plan(state, width=0) == ["bake", "cake", "fake", "make"]
    # with the best other word: BCFX splits them apart, and the host keeps MAKE (no marks)
    assert plan(state, width=1) == ["bcfx", "make"]


def test_a_plan_as_long_as_the_limit_is_found_and_its_progress_told():
    told = []
    found = plan(family(), limit=2, width=1, progress=lambda *heard: told.append(heard))
    assert found == ["bcfx", "make"]
    assert told == [
        (0, 2, "Absurdle plan: trying 1 guess"),
        (1, 2, "Absurdle plan: trying 2 guesses"),
        (2, 2, "Absurdle plan: 0 million word pairs"),  # 7 words x 4 candidates
    ]


class _Scored(Search):
    """A search that wins at once, having scored 2 500 001 word pairs."""

    def win(self, state, guesses):
        self.pairs = 2_500_001
        return ["make"]


def test_a_plans_last_word_gives_the_pairs_scored_in_millions_rounded():
    told = []
    plan(family(), width=3, search=_Scored(3), progress=lambda *heard: told.append(heard))
    assert told[-1] == (6, 6, "Absurdle plan: 3 million word pairs")  # 2.500001 rounds up


def test_a_positions_key_is_its_candidates_refused_words_and_hard_mode_hints():
    easy = family().after("bake", ".ggg").refuse("bcxx")
    rows = easy.candidate_rows.tobytes()
    assert position_key(easy) == (rows, ("bcxx",), ())
    hard = family(hard=True).after("bake", ".ggg")
    greens = ((1, "a"), (2, "k"), (3, "e"))
    assert position_key(hard) == (rows, (), (greens, (("a", 1), ("e", 1), ("k", 1))))
    # the same candidates by other hints (BXXX: no marks, so none): another position
    other = family(hard=True, others=["bxxx"]).after("bxxx", "....")
    assert position_key(other) == (rows, (), ((), ()))


def test_the_guesses_tried_win_their_largest_group_in_the_guesses_left_and_shrink_it():
    state = family()
    search = Search(10)
    key = position_key(state)
    # two guesses: the first must leave one word (capacity 4 ** 0)
    assert search.tries(state, key, 2) == ["bcfx"]
    # three: at most 4 ** 1 left, and fewer than the four (XXXX leaves all four)
    assert search.tries(state, key, 3) == ["bcfx", "bcxx", "bake", "cake", "fake", "make"]
    # width 1: the best other word, and the candidates
    assert Search(1).tries(state, key, 3) == ["bcfx", "bake", "cake", "fake", "make"]


def test_the_failures_are_dropped_once_they_alone_fill_the_memo(monkeypatch):
    monkeypatch.setattr(adversary, "MAX_MEMO", 2)
    state = family()
    search = Search(10, failed={(b"a", (), ()): 3, (b"b", (), ()): 3})
    search.tries(state, position_key(state), 3)
    assert search.failed == {}
    assert list(search.rankings) == [position_key(state)]


def test_a_position_that_failed_is_not_searched_again_nor_one_guess_for_several_words():
    state = family()
    search = Search(0)  # the candidates only: two guesses never win four
    assert search.win(state, 1) is None
    assert search.pairs == 0 and search.failed == {} and search.rankings == {}
    assert search.win(state, 2) is None
    assert search.failed == {position_key(state): 2} and search.pairs == 7 * 4
    search.rankings.clear()
    search.pairs = 0
    assert search.win(state, 2) is None
    assert search.pairs == 0 and search.rankings == {}  # nothing ranked again


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


@dataclass
class _Opening:
    state: GameState
    solver: object
    skipped: list
    openers_from: np.ndarray | None


class _Counted:
    """The solver, noting the workers its ranking was given (and ranking with one)."""

    def __init__(self, solver):
        self._solver, self.workers = solver, []

    def __getattr__(self, name):
        return getattr(self._solver, name)

    def rank(self, state, **kwargs):
        self.workers.append(kwargs["workers"])
        return self._solver.rank(state, **{**kwargs, "workers": 1})

    def choose(self, state, ranked=None):
        return self._solver.choose(state, ranked)


@dataclass
class _Job:
    opened: _Opening
    k: int = 5
    words: None = None

    def opening(self):
        return self.opened


TEN = ["chomp", "crane", "fizzy", "gumbo", "nymph", "plaid", "slate", "trace", "vouch", "whisk"]


def test_a_length_is_computed_among_its_openers_with_its_workers_and_timed():
    words = wordlist(TEN)
    state, solver = GameState.new(words, wordlist(["crane", "trace"])), _Counted(make())
    among = words.mask_of(["plaid", "slate", "whisk"])
    job = _Job(_Opening(state, solver, ["line 3: skipped"], among))
    began = time.perf_counter()
    done = _computed(job, None, 3)
    took = time.perf_counter() - began
    assert solver.workers == [3]
    assert done["record"]["made_from"]["openers_among"] == 3
    chosen = {opener["word"] for opener in done["record"]["openers"]}
    assert {"plaid", "slate", "whisk"} <= chosen <= {"plaid", "slate", "whisk", "crane", "trace"}
    assert 0 <= done["seconds"] <= took
    assert done["skipped"] == ["line 3: skipped"]


# the small game of the shelf's tests: BCFX splits the four apart, then each is guessed
SPLIT = Node(
    "bcfx",
    False,
    {
        "g...": Node("bake", True),
        ".y..": Node("cake", True),
        "..y.": Node("fake", True),
        "....": Node("make", True),
    },
)
# ...and one word after another (each leaves the rest together, .ggg)
CHAIN = Node(
    "bake",
    True,
    {".ggg": Node("cake", True, {".ggg": Node("fake", True, {".ggg": Node("make", True)})})},
)


def _store(folder, state, tree, width):
    result = TreeResult(tree, 8, 4, width, True)
    treefiles.write(treefiles.path_for(folder, state, width), treefiles.record_of(state, result))


def test_a_proven_tree_serves_any_width_and_a_widths_own_tree_comes_first(tmp_path):
    state = family(others=["bcfx"])
    _store(tmp_path, state, SPLIT, None)
    assert Shelf(trees_dir=tmp_path).tree(state, 3) == (SPLIT, None)
    _store(tmp_path, state, CHAIN, 3)
    assert Shelf(trees_dir=tmp_path).tree(state, 3) == (CHAIN, None)
    assert Shelf(trees_dir=tmp_path).tree(state, None) == (SPLIT, None)


def test_a_tree_searched_now_says_when_it_cannot_be_stored(tmp_path):
    state = family(others=["bcfx"])
    folder = tmp_path / "a file"
    folder.write_text("")
    missing = treefiles.path_for(folder, state, 3)
    tree, told = Shelf(trees_dir=folder).tree(state, 3)
    assert tree.guess == "bcfx"
    # what reading the file said (its folder is a file), then the search, then the store
    assert told.startswith(f"tree file {missing}") and told.endswith(
        f"; computing the tree (the best of 10 openers); cannot store it in {folder} (File exists)"
    )
    announced = []
    tree, told = Shelf(trees_dir=folder, announce=announced.append).tree(state, 3)
    assert len(announced) == 1 and announced[0].startswith(f"tree file {missing}")
    assert told == f"the tree is computed, but cannot store it in {folder} (File exists)"


def test_a_tree_is_searched_now_up_to_the_most_answers_with_progress_and_all_workers(
    tmp_path, monkeypatch
):
    state = family(others=["bcfx"])
    heard, given = [], []
    real = shelf.best_tree

    def noted(state, openers, width, workers, progress):
        given.append(workers)
        return real(state, openers, width, 1, progress=progress)

    monkeypatch.setattr(shelf, "best_tree", noted)
    monkeypatch.setattr(shelf, "default_workers", lambda: 7)
    monkeypatch.setattr(shelf, "OPTIMAL_MAX", 4)  # exactly the four answers: searched now
    progress = lambda *args: heard.append(args)  # noqa: E731
    tree, told = Shelf(trees_dir=tmp_path, progress=progress).tree(state, 3)
    assert tree.guess == "bcfx" and told.startswith("no tree file")
    assert given == [7] and heard
    monkeypatch.setattr(shelf, "OPTIMAL_MAX", 3)  # one past
    with pytest.raises(WordListError, match="4 answers are too many to compute one now"):
        Shelf(trees_dir=tmp_path / "other").tree(state, 3)


def test_too_many_answers_for_the_tree_search_too_point_to_fewer_answers_once(monkeypatch):
    state = family(others=["bcfx"])
    monkeypatch.setattr(besttree, "MAX_TABLE_BYTES", 1)
    told = too_many_answers(state, "lenwordle tree --answers a.txt")
    assert told.startswith(
        "--strategy optimal has no tree for these settings, and 4 answers are too many to "
        f"compute one now (at most {OPTIMAL_MAX}), and `lenwordle tree` cannot make one "
        "either: 4 answers x 5 guesses is too big for a tree search"
    )
    assert told.endswith(f"bounded by); give --answers, a list of at most {OPTIMAL_MAX} words")
    assert "fewer" not in told and told.count("give") == 1


def test_a_tree_that_misses_an_answer_or_has_a_wrong_reply_or_breaks_hard_mode_says_whose():
    easy = family(others=["bcfx"])
    missing = Node("bcfx", False, dict(list(SPLIT.children.items())[:3]))
    assert treefiles.tree_problem(missing, easy) == "MAKE is not reached once"
    replies = list(SPLIT.children)  # cake and fake swapped: FAKE is the first one wrong
    words = ["bake", "fake", "cake", "make"]
    swapped = Node("bcfx", False, {r: Node(w, True) for r, w in zip(replies, words)})
    assert treefiles.tree_problem(swapped, easy) == "a reply on the path of FAKE is wrong"
    # BAKE, then BCFX (which drops the green A K E) to split the other three
    after = Node("bcfx", False, {k: v for k, v in SPLIT.children.items() if k != "g..."})
    bake_first = Node("bake", True, {".ggg": after})
    assert treefiles.tree_problem(bake_first, easy) == ""
    hard = family(hard=True, others=["bcfx"])
    assert treefiles.tree_problem(bake_first, hard) == (
        "a guess on the path of CAKE breaks hard mode"
    )
