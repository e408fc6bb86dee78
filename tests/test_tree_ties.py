"""`lenwordle tree` over several openers is the same whatever order the workers finish in:
the lowest total wins, and of openers tied, the first in the ranking (or the order given)."""

import time

import pytest
from helpers import invoke
from test_optimal import check_tree, game, sample

from lenwordle.engine import workers as parallel
from lenwordle.engine.tree import Node
from lenwordle.search import besttree
from lenwordle.search.besttree import best_of, best_tree

# sample(8, 14) with its first 8 words as answers: the estimate ranks FIVER, FRAUD, ASKED,
# CARES first; FIVER and FRAUD tie at the best total, 15
WORDS = sample(8, 14)
ANSWERS = WORDS[:8]
TIED = ["fiver", "fraud"]


def reversed_map(fn, batches, workers, progress=None):
    """fork_map whose tasks finish last first: each progress report arrives in reverse."""
    report = progress or (lambda index, value: None)
    results = {}
    for i in reversed(range(len(batches))):
        results[i] = fn(batches[i], lambda value, i=i: report(i, value))
    return [results[i] for i in range(len(batches))]


@pytest.fixture(params=["in order", "reversed"])
def finishing(request, monkeypatch):
    """The workers finish in the order of the tasks, or the reverse."""
    if request.param == "reversed":
        monkeypatch.setattr(besttree, "fork_map", reversed_map)
    return request.param


def test_the_list_has_the_tie_the_tests_rely_on():
    result = best_tree(game(WORDS, ANSWERS), 4, width=None)
    assert list(result.openers) == ["fiver", "fraud", "asked", "cares"]
    assert result.openers["fiver"] == result.openers["fraud"] == 15 == result.total
    assert min(t for t in result.openers.values()) == 15


def test_of_two_tied_openers_the_first_ranked_wins_however_the_workers_finish(finishing):
    state = game(WORDS, ANSWERS)
    ranked = best_tree(state, 4, width=None)
    assert (ranked.opener, ranked.total) == ("fiver", 15)
    for given in (TIED, TIED[::-1]):  # openers given: the first of them
        result = best_tree(state, given, width=None)
        assert (result.opener, result.total) == (given[0], 15)
        assert result.openers == dict.fromkeys(given, 15)
        check_tree(result.tree, ANSWERS, 6)


def test_a_lower_total_wins_over_a_better_rank(finishing):
    state = game(WORDS, ANSWERS)
    result = best_tree(state, ["asked", "cares", "fraud"], width=None)
    assert result.openers["asked"] > 15 and (result.opener, result.total) == ("fraud", 15)


def test_the_forked_workers_finishing_in_reverse_give_the_same_tree(monkeypatch):
    state = game(WORDS, ANSWERS)
    in_order = best_tree(state, 4, width=None, workers=1)
    words = list(in_order.openers)
    real = besttree.opener_task

    def slow_early(problem, word, width):  # the first opener ends last, the last first
        time.sleep(0.4 * (len(words) - 1 - words.index(word)))
        return real(problem, word, width)

    monkeypatch.setattr(besttree, "opener_task", slow_early)
    arrived = []
    monkeypatch.setattr(
        besttree,
        "fork_map",
        lambda fn, batches, workers, progress: parallel.fork_map(
            fn, batches, workers, lambda i, v: (arrived.append(i), progress(i, v))
        ),
    )
    forked = best_tree(state, 4, width=None, workers=len(words))
    assert (forked.opener, forked.total) == (in_order.opener, in_order.total) == ("fiver", 15)
    assert forked.openers == in_order.openers
    assert forked.tree.as_json() == in_order.tree.as_json()
    assert arrived == list(range(len(words)))[::-1]  # they did finish last first


def test_the_dask_results_arriving_in_reverse_give_the_same_tree(monkeypatch):
    distributed = pytest.importorskip(
        "dask.distributed", reason="dask[distributed] is not installed"
    )
    state = game(WORDS, ANSWERS)
    in_order = best_tree(state, 4, width=None)

    def reverse_completed(futures):
        futures = list(futures)
        distributed.wait(futures)
        return reversed(futures)

    monkeypatch.setattr(distributed, "as_completed", reverse_completed)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False) as cluster:
        remote = best_tree(state, 4, width=None, scheduler=cluster.scheduler_address)
    assert (remote.opener, remote.total) == (in_order.opener, in_order.total) == ("fiver", 15)
    assert remote.openers == in_order.openers


def test_best_of_takes_the_lowest_total_then_the_first_in_order():
    trees = {w: Node(w, True) for w in "abcd"}
    results = {"a": (16, trees["a"]), "b": (15, trees["b"]), "c": (15, trees["c"])}
    assert best_of(list("abcd"), results) == (15, trees["b"])
    assert best_of(list("dcba"), results) == (15, trees["c"])
    assert best_of(list("ab"), {"a": (10**9, None), "b": (20, trees["b"])}) == (20, trees["b"])
    assert best_of(list("ab"), {"a": (10**9, None)}) is None


def test_fork_map_returns_the_results_in_task_order_when_the_workers_finish_in_reverse():
    def slow_early(i: int, tick) -> int:  # bench, precompute and the entropy slices rely on it
        time.sleep(0.3 * (3 - i))
        tick(i)
        return i * 10

    arrived = []
    results = parallel.fork_map(slow_early, [0, 1, 2, 3], 4, lambda i, v: arrived.append(v))
    assert results == [0, 10, 20, 30] and arrived == [3, 2, 1, 0]


def test_the_tree_command_names_the_first_ranked_of_two_tied_openers(tmp_path, monkeypatch):
    (tmp_path / "guesses.txt").write_text("\n".join(WORDS) + "\n")
    (tmp_path / "answers.txt").write_text("\n".join(ANSWERS) + "\n")
    monkeypatch.setenv("LENWORDLE_TREES", str(tmp_path / "trees"))
    monkeypatch.setattr(besttree, "fork_map", reversed_map)
    lists = ["--words", str(tmp_path / "guesses.txt"), "--answers", str(tmp_path / "answers.txt")]
    result = invoke("tree", *lists, "--width", "all", "--openers", "2", "--workers", "2")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("opener FIVER  total 15 ")
    assert "openers: FIVER 15  FRAUD 15" in result.stdout
