"""Best trees: the search against plain-Python brute force over every tree, on small lists."""

import json
import random
from collections import defaultdict
from functools import cache

import numpy as np
import pytest
from helpers import invoke, one_line_error, wordlist

from lenwordle.api.setup import Settings
from lenwordle.engine.feedback import reply_for
from lenwordle.engine.hard_mode import hard_mode_problem
from lenwordle.engine.position import Target
from lenwordle.engine.rules import Rules
from lenwordle.engine.state import GameState
from lenwordle.engine.tree import summary
from lenwordle.games import bench
from lenwordle.search import besttree
from lenwordle.search.besttree import best_tree
from lenwordle.search.optimal import (
    Search,
    best_bound,
    guess_bounds,
    partition_stats,
    problem_of,
    set_bound,
    sorted_rows,
)
from lenwordle.store import treefiles
from lenwordle.words.wordlist import bundled

UNSOLVABLE = 10**6


def sample(seed: int, count: int) -> list[str]:
    """Return count common 5-letter words drawn with seed."""
    words = bundled(5)
    common = [w for w, level in zip(words.strings, words.level_array()) if level <= 20]
    return sorted(random.Random(seed).sample(common, count))


def brute_force(guesses, answers, limit: int, hard: bool = False, legal=None) -> int:
    """Return the fewest total guesses of any tree over answers (UNSOLVABLE if none fits
    within limit), by trying every guess in every position: every one of guesses, or in hard
    mode those of legal (default: all) that use every hint so far."""

    @cache
    def best(left: frozenset, turns: int, allowed: frozenset) -> int:
        if len(left) == 1:
            return 1 if turns >= 1 else UNSOLVABLE
        if turns <= 1:
            return UNSOLVABLE
        found = UNSOLVABLE
        for guess in sorted(allowed):
            parts = defaultdict(set)
            for answer in left:
                parts[reply_for(guess, answer)].add(answer)
            if len(parts) == 1 and guess not in left:
                continue
            cost = len(left)
            for reply, part in parts.items():
                if reply != "ggggg":
                    hints = ((guess, reply),)
                    after = (
                        frozenset(g for g in allowed if not hard_mode_problem(g, hints))
                        if hard
                        else allowed
                    )
                    cost += best(frozenset(part), turns - 1, after)
            found = min(found, cost)
        return found

    return best(frozenset(answers), limit, frozenset(guesses if legal is None else legal))


def game(guesses, answers, hard=False, limit=None) -> GameState:
    """Return the opening state of these lists."""
    allowed = wordlist(sorted(set(guesses) | set(answers)))
    rules = Rules(5, max_guesses=limit, hard=hard)
    return GameState.new(allowed, wordlist(answers), uniform=True, rules=rules)


def check_tree(tree, answers, limit: int, hard: bool = False) -> None:
    """Assert that the tree reaches every answer once, within the limit, every reply true."""
    paths = tree.paths()
    assert sorted(paths) == sorted(answers)
    for answer, path in paths.items():
        assert len(path) <= limit and path[-1] == (answer, "ggggg")
        assert all(reply == reply_for(guess, answer) for guess, reply in path)
        if hard:
            assert not any(hard_mode_problem(g, path[:i]) for i, (g, _) in enumerate(path))


CASES = [(seed, hard, limit) for seed in range(4) for hard in (False, True) for limit in (6, 3)]


@pytest.mark.parametrize("seed, hard, limit", CASES)
def test_the_search_finds_the_true_optimum_and_a_valid_tree(seed, hard, limit):
    words = sample(seed, 22)
    answers, guesses = words[:12], words
    truth = brute_force(tuple(guesses), answers, limit, hard)
    state = game(guesses, answers, hard, limit)
    search = Search(problem_of(state), width=None)
    everyone = np.arange(len(answers))
    total, tree = search.solve(everyone, limit, None)
    if truth >= UNSOLVABLE:
        assert tree is None
        return
    assert total == truth
    check_tree(tree, answers, limit, hard)
    assert summary(tree)["total"] == truth
    # and from the best opener: each opener's best, then the least of them
    result = best_tree(state, [tree.guess], width=None)
    assert result.total == truth and result.proven
    check_tree(result.tree, answers, limit, hard)


@pytest.mark.parametrize("seed", range(3))
def test_a_narrow_search_is_never_below_the_optimum_and_its_tree_is_valid(seed):
    words = sample(seed + 10, 24)
    answers = words[:14]
    truth = brute_force(tuple(words), answers, 6)
    state = game(words, answers)
    for width in (1, 2, 3):
        result = best_tree(state, 2, width=width)
        assert result.complete and not result.proven
        assert result.total >= truth
        check_tree(result.tree, answers, 6)
        assert summary(result.tree)["total"] == result.total


def test_the_bounds_are_never_above_the_true_value():
    words = sample(7, 20)
    state = game(words, words[:12])
    search = Search(problem_of(state), width=None)
    rng = random.Random(3)
    for _ in range(40):
        rows = np.array(sorted(rng.sample(range(12), rng.randint(2, 7))))
        left = [words[i] for i in rows]
        truth = brute_force(tuple(words), left, 6)
        assert set_bound(len(rows)) <= truth
        st = search.stats(rows, None)
        for guess in words:  # the bound of playing each guess first
            parts = defaultdict(list)
            for answer in left:
                parts[reply_for(guess, answer)].append(answer)
            played = len(left) + sum(
                brute_force(tuple(words), part, 5) for r, part in parts.items() if r != "ggggg"
            )
            j = int(np.flatnonzero(st.rows == words.index(guess))[0])
            assert st.bounds[j] <= played
        total, _ = search.solve(rows, 6, None)
        assert total == truth
    for (key, left, _), (bound, value, _) in search.memo.items():  # remembered bounds too
        rows = np.frombuffer(key, dtype=np.int64)
        truth = brute_force(tuple(words), [words[i] for i in rows], left)
        assert bound <= truth and (value is None or value == truth)


def test_partition_stats_count_the_parts_of_each_guess():
    codes = np.array([[0, 0, 1, 242], [5, 6, 7, 8], [3, 3, 3, 3]], np.uint8)
    st = partition_stats(codes, np.arange(3), 242)
    assert st.parts.tolist() == [3, 4, 1]
    assert st.solved.tolist() == [1, 0, 0]
    assert st.largest.tolist() == [2, 1, 4]
    assert st.bounds.tolist() == guess_bounds(4, st.solved, st.parts).tolist() == [8, 8, 11]


def test_the_best_bound_of_sorted_codes_is_the_lowest_bound_of_a_guess_that_splits():
    codes = np.array([[0, 0, 1, 242], [5, 6, 7, 8], [3, 3, 3, 3]], np.uint8)
    # 3n - solved - parts: 12 - 1 - 3 = 8 (the first), 12 - 0 - 4 = 8; the third splits none
    assert best_bound(sorted_rows(codes), 242) == 8
    assert best_bound(sorted_rows(codes[1:]), 242) == 8
    assert best_bound(sorted_rows(codes[2:]), 242) is None  # no guess splits or solves
    one = np.array([[242, 3], [3, 3]], np.uint8)  # solves one, one part left: 6 - 1 - 2 = 3
    assert best_bound(sorted_rows(one), 242) == 3
    rng = np.random.default_rng(0)
    for n in (3, 40, 600):  # (600: the radix sort's 8-bit rows)
        codes = rng.integers(0, 243, (50, n)).astype(np.uint8)
        codes[:, : n // 2] = codes[:, :1]  # (parts of many answers)
        st = partition_stats(codes, np.arange(50), 242)
        useful = (st.parts > 1) | (st.solved > 0)
        assert best_bound(sorted_rows(codes), 242) == st.bounds[useful].min()


def test_a_tree_file_round_trips_and_is_refused_when_edited_or_for_other_settings(tmp_path):
    words = sample(1, 16)
    state = game(words, words[:10])
    result = best_tree(state, 1, width=None)
    path = treefiles.write(
        treefiles.path_for(tmp_path, state, None), treefiles.record_of(state, result)
    )
    assert treefiles.tree_for(path, state, None) == result.tree
    with pytest.raises(treefiles.TreeFileError, match="another dictionary or settings"):
        treefiles.tree_for(path, game(words, words[:10], hard=True), None)
    with pytest.raises(treefiles.TreeFileError, match="another dictionary or settings"):
        treefiles.tree_for(path, state, 5)
    record = json.loads(path.read_text())
    record["summary"]["total"] -= 1
    path.write_text(json.dumps(record))
    with pytest.raises(treefiles.TreeFileError, match="edited by hand"):
        treefiles.tree_for(path, state, None)
    path.write_text("{not json")
    with pytest.raises(treefiles.TreeFileError, match="corrupt"):
        treefiles.read(path)


def test_the_tree_command_and_the_optimal_strategy_end_to_end(tmp_path, monkeypatch):
    words = sample(2, 18)
    (tmp_path / "guesses.txt").write_text("\n".join(words) + "\n")
    (tmp_path / "answers.txt").write_text("\n".join(words[:11]) + "\n")
    lists = ["--words", str(tmp_path / "guesses.txt"), "--answers", str(tmp_path / "answers.txt")]
    monkeypatch.setenv("LENWORDLE_TREES", str(tmp_path / "trees"))
    truth = brute_force(tuple(words), words[:11], 6)
    out = tmp_path / "tree.json"
    result = invoke("tree", *lists, "--width", "all", "--out", str(out), "--text")
    assert result.returncode == 0, result.stderr
    assert f"total {truth} " in result.stdout and "proven optimal" in result.stdout
    assert all(
        any(line.startswith(f"{w} ") for line in result.stdout.splitlines()) for w in words[:11]
    )
    assert treefiles.read(out)["summary"]["total"] == truth
    narrow = tmp_path / "tree3.json"  # also stored for --strategy optimal --width 3
    stored = invoke("tree", *lists, "--width", "3", "--out", str(narrow))
    total = int(stored.stdout.split("total ")[1].split()[0])
    assert stored.returncode == 0 and total >= truth
    bench = invoke("bench", *lists, "--strategy", "optimal", "--width", "3", "--json")
    assert bench.returncode == 0 and "computing" not in bench.stderr, bench.stderr
    assert json.loads(bench.stdout)["total_guesses"] == total
    proven = invoke("bench", *lists, "--strategy", "optimal", "--width", "2", "--json")
    assert "computing" not in proven.stderr, proven.stderr  # the proven tree serves any width
    assert json.loads(proven.stdout)["total_guesses"] == truth
    monkeypatch.setenv("LENWORDLE_TREES", str(tmp_path / "other"))  # no tree there
    fresh = invoke("bench", *lists, "--strategy", "optimal", "--width", "2", "--json")
    assert "no tree file" in fresh.stderr and "computing the tree" in fresh.stderr
    again = invoke("bench", *lists, "--strategy", "optimal", "--width", "2", "--json")
    assert "computing" not in again.stderr, again.stderr
    assert json.loads(again.stdout)["histogram"] == json.loads(fresh.stdout)["histogram"]
    solve = invoke("solve", *lists, "--strategy", "optimal", "--width", "3", words[0], "--json")
    played = [turn["word"] for turn in json.loads(solve.stdout)["guesses"]]
    assert played == [guess for guess, _ in treefiles.read(narrow)["tree"].paths()[words[0]]]


@pytest.mark.parametrize(
    "args, message",
    [
        (["--width", "0"], "--width"),
        (["--width", "wide"], "--width"),
        (["--start", "toolong"], "--start"),
        (["--start", "zzzzz"], "not one of the allowed guesses"),
        (["--openers", "0"], "--openers"),
    ],
)
def test_the_tree_command_refuses_bad_input_in_one_line(tmp_path, args, message):
    words = sample(4, 12)
    (tmp_path / "w.txt").write_text("\n".join(words) + "\n")
    result = invoke(
        "tree", "--words", str(tmp_path / "w.txt"), "--answers", str(tmp_path / "w.txt"), *args
    )
    assert message in one_line_error(result)


def test_the_openers_on_a_local_dask_cluster_give_the_same_tree(tmp_path):
    distributed = pytest.importorskip(
        "dask.distributed", reason="dask[distributed] is not installed"
    )
    words = sample(5, 16)
    state = game(words, words[:10])
    local = best_tree(state, 3, width=None, workers=2)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False) as cluster:
        remote = best_tree(state, 3, width=None, scheduler=cluster.scheduler_address)
    assert remote.total == local.total and remote.openers == local.openers and remote.proven
    check_tree(remote.tree, words[:10], 6)


def test_ctrl_c_keeps_the_best_tree_so_far_and_says_it_is_not_complete(monkeypatch):
    words = sample(6, 20)
    state = game(words, words[:12])
    calls = []

    def interrupted(search, word, reply, answers):
        calls.append(reply)
        if len(calls) > 1:
            raise KeyboardInterrupt
        return real(search, word, reply, answers)

    real = besttree.solve_part
    monkeypatch.setattr(besttree, "solve_part", interrupted)
    result = best_tree(state, [words[0]], width=None)
    assert not result.complete and not result.proven
    check_tree(result.tree, words[:12], 6)
    assert summary(result.tree)["total"] == result.total


def test_golden_the_optimal_strategy_plays_its_tree_on_the_first_200_nyt_answers(nyt, tmp_path):
    answers = tmp_path / "a.txt"
    answers.write_text("\n".join((nyt / "answers.txt").read_text().split()[:200]))
    settings = Settings(5, nyt / "guesses.txt", answers, strategy="optimal")
    opened = settings.open(trees_dir=tmp_path / "trees")
    assert "computing the tree" in opened.no_opener
    targets = [Target((word,)) for word in answers.read_text().split()]
    result = bench.run(opened.solver, opened.position, targets)
    assert (sum(result.guesses.values()), result.histogram) == (
        559,
        {"1": 1, "2": 46, "3": 146, "4": 7},
    )
    assert summary(opened.solver.tree)["total"] == 559 and opened.solver.tree.guess == "bilge"
    again = settings.open(trees_dir=tmp_path / "trees")  # stored: found, not computed
    assert again.no_opener is None and again.solver.tree == opened.solver.tree


def test_optimal_without_a_tree_over_too_many_answers_is_one_line(monkeypatch, tmp_path):
    monkeypatch.setenv("LENWORDLE_TREES", str(tmp_path / "trees"))  # no stored tree
    message = one_line_error(invoke("solve", "crane", "--strategy", "optimal"))
    assert "--strategy optimal has no tree" in message and "answers are too many" in message


@pytest.mark.parametrize("seed", range(3))
def test_hard_mode_remembered_bounds_hold_for_every_legal_set_they_are_reused_for(seed):
    # one Search (one memo) over many positions of the same lists (words alike, so the
    # legal guesses matter): random sets of candidates, each with nested legal sets (the
    # candidates always legal, as after hints), narrowest first, so they share the memo
    answers = ["eight", "fight", "light", "might", "night", "right", "sight", "tight", "wight"]
    words = answers + ["flesh", "month", "frost", "tramp", "glyph", "swamp", "chirp", "blown"]
    state = game(words, answers, hard=True)
    problem = problem_of(state)
    search = Search(problem, width=None)
    rng = random.Random(seed)
    truths = {}

    def truth(rows, left, legal) -> int:
        key = (tuple(rows), left, legal.tobytes())
        if key not in truths:
            allowed = frozenset(problem.guess_words[g] for g in np.flatnonzero(legal))
            part = [problem.answer_words[i] for i in rows]
            truths[key] = brute_force(problem.guess_words, part, left, hard=True, legal=allowed)
        return truths[key]

    sets = [np.array(sorted(rng.sample(range(9), rng.randint(5, 8)))) for _ in range(4)]
    chains = []  # per candidate set, legal sets each within the one before
    for rows in sets:
        legal, left = np.ones(len(problem.guess_words), bool), rng.choice((3, 4))
        for _ in range(5):
            chains.append((rows, legal.copy(), left))
            legal[rng.sample(range(len(legal)), 3)] = False
            legal[problem.answer_guess[rows]] = True  # (the candidates stay legal)
    differ = set()
    for rows, legal, left in chains[::-1] + rng.sample(chains, len(chains)):  # narrow first
        expected = truth(rows, left, legal)
        differ.add((tuple(rows), left, expected))
        assert min(search.lower(rows, left, legal), UNSOLVABLE) <= expected
        total, tree = search.solve(rows, left, legal)
        assert total == expected or (tree is None and expected >= UNSOLVABLE)
    assert len(differ) > len(sets)  # the legal sets matter: some chain has two values
    assert max(len(entries) for entries in search.hard_memo.values()) > 1  # shared
    for key, entries in search.hard_memo.items():  # every remembered bound and value
        rows = np.frombuffer(key, dtype=np.int64)
        for left, packed, bound, value, _ in entries:
            legal = np.unpackbits(packed)[: len(problem.guess_words)].astype(bool)
            expected = truth(rows, left, legal)
            assert min(bound, UNSOLVABLE) <= expected and value in (None, expected)


@pytest.mark.parametrize("hard", (False, True))
def test_every_guess_below_a_size_makes_a_narrow_search_exact_there(hard):
    words = sample(31, 22)
    answers = words[:12]
    truth = brute_force(tuple(words), answers, 6, hard)
    problem = problem_of(game(words, answers, hard))
    everyone = np.arange(len(answers))
    assert Search(problem, width=1, every_below=13).solve(everyone, 6, None)[0] == truth
    wide = Search(problem, width=1, wide_from=2, wide_width=len(words))  # every guess too
    assert wide.solve(everyone, 6, None)[0] == truth
    assert Search(problem, width=1).solve(everyone, 6, None)[0] >= truth


def test_an_opener_with_no_tree_within_the_limit_is_passed_over_not_fatal():
    family = "bight fight light might night right sight tight wight".split()
    state = GameState.new(
        wordlist(family + ["fembs", "lwrts"]),
        wordlist(family),
        uniform=True,
        rules=Rules(5, hard=True, max_guesses=4),
    )
    # NIGHT .gggg leaves eight words to try one at a time (hard mode): no tree in 4 guesses
    result = best_tree(state, ["night", "fembs"], width=None)
    assert result.openers == {"night": None, "fembs": 24} and result.total == 24
    assert result.tree.guess == "fembs"
    with pytest.raises(ValueError, match="none of the 2 openers has a tree within 4 guesses"):
        best_tree(state, ["night", "lwrts"], width=None)
