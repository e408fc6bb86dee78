"""Absurdle: the host and the plan against plain-Python brute force on small lists."""

import json
import random
from collections import Counter, defaultdict
from functools import cache

import pytest
from helpers import invoke, one_line_error, wordlist

from lenwordle.engine.feedback import reply_for
from lenwordle.engine.rules import DEFAULT_LIMIT
from lenwordle.engine.state import GameState
from lenwordle.games.referees import LargestGroupHost
from lenwordle.search import adversary as absurdle
from lenwordle.search.adversary import NoPlan, capacity, group_sizes, host_reply, plan
from lenwordle.strategies.base import ReportsProgress
from lenwordle.strategies.registry import make
from lenwordle.strategies.worst_case import WorstCase
from lenwordle.words.wordlist import read_words

SEEDS = range(8)


def small_lists(seed: int, k: int = 4) -> tuple[list[str], list[str]]:
    """Return (answers, extra guesses): a family of words alike but for their first letter
    (as bake, cake, fake), a few others, and guesses that mix the family's first letters."""
    rng = random.Random(seed)
    heads = rng.sample("bcdfghlmnprstw", 6 + seed % 4)
    tail = "".join(rng.choice("aeiouk") for _ in range(k - 1))
    family = {head + tail for head in heads}
    others = {"".join(rng.choice("abcdefghklmnoprstuw") for _ in range(k)) for _ in range(4)}
    extra = {"".join(rng.sample(heads, k)) for _ in range(3)}
    extra |= {"".join(rng.choice(heads + list("aeiou")) for _ in range(k)) for _ in range(3)}
    answers = sorted(family | others)
    return answers, sorted(extra - set(answers))


def small_state(seed: int, hard: bool = False, k: int = 4) -> GameState:
    """Return the start of an Absurdle game on small_lists(seed, k)."""
    answers, extra = small_lists(seed, k)
    return GameState.new(wordlist(answers + extra), wordlist(answers), uniform=True, hard=hard)


def brute_group(guess: str, words) -> tuple[str, frozenset]:
    """Return the host's reply and group, by the tie rule, from every group built by hand."""
    groups = defaultdict(set)
    for word in words:
        groups[reply_for(guess, word)].add(word)

    def worse(reply):  # bigger first, then fewer greens, fewer yellows, smaller code
        code = sum(3**i * ".yg".index(ch) for i, ch in enumerate(reply))
        return (-len(groups[reply]), reply.count("g"), reply.count("y"), code)

    reply = min(groups, key=worse)
    return reply, frozenset(groups[reply])


def brute_minimum(state: GameState) -> int:
    """Return the fewest guesses that win against the host, over every guess sequence."""

    @cache
    def least(words: frozenset, greens: frozenset, needed: frozenset) -> float:
        if len(words) == 1:
            return 1
        best = float("inf")
        for guess in state.allowed.strings:
            if state.hard and not legal(guess, greens, needed):
                continue
            reply, group = brute_group(guess, words)
            if len(group) < len(words):
                shown = Counter(g for g, mark in zip(guess, reply) if mark != ".")
                more_greens = {(i, g) for i, (g, m) in enumerate(zip(guess, reply)) if m == "g"}
                best = min(
                    best, 1 + least(group, greens | more_greens, needed | set(shown.items()))
                )
        return best

    return least(frozenset(state.answers.strings), frozenset(), frozenset())


def least_guesses(seed: int, hard: bool = False, k: int = 4) -> int:
    """Return brute_minimum(small_state(seed, hard, k)), brute-forced once a run: several
    tests hold the plans of the same small lists to it."""
    return _least_guesses(seed, hard, k)


@cache
def _least_guesses(seed: int, hard: bool, k: int) -> int:  # (one key however it is called)
    return brute_minimum(small_state(seed, hard, k))


def legal(guess: str, greens: frozenset, needed: frozenset) -> bool:
    """Return whether guess keeps every green (i, letter) and holds every (letter, count)."""
    return all(guess[i] == g for i, g in greens) and all(guess.count(g) >= n for g, n in needed)


def replay(state: GameState, guesses: list[str]) -> list[str]:
    """Return the host's replies to guesses, checking each by brute force and hard mode."""
    host, words, replies = LargestGroupHost(state), frozenset(state.candidate_words()), []
    for guess in guesses:
        assert not state.hard or host.state.is_legal(guess)
        expected, words = brute_group(guess, words)
        replies += host.replies(None, guess)
        assert replies[-1] == expected and set(host.remaining) == words
    return replies


@pytest.mark.parametrize("seed", SEEDS)
def test_host_reply_is_the_largest_group_by_the_tie_rule(seed):
    state = small_state(seed)
    for guess in state.allowed.strings:
        assert host_reply(state, guess) == brute_group(guess, state.answers.strings)[0]


@pytest.mark.parametrize(
    ("answers", "guess", "reply"),
    [
        (["axxx", "ayyy", "qxxx", "qyyy"], "abcd", "...."),  # fewer greens
        (["bqqq", "bzzz", "xbqq", "zbqq"], "abcd", ".y.."),  # fewer greens over yellows
        (["bqqq", "bzzz", "qqqq", "zzzz"], "abcd", "...."),  # then fewer yellows
        (["bqqq", "bzzz", "qaqq", "zazz"], "abcd", "y..."),  # then the smaller code
        (["abcd", "qqqq"], "abcd", "...."),  # the host avoids all green while it can
        (["abcd"], "abcd", "gggg"),
    ],
)
def test_tie_rule(answers, guess, reply):
    state = GameState.new(wordlist(answers + [guess]), wordlist(answers), uniform=True)
    assert host_reply(state, guess) == reply


@pytest.mark.parametrize("k", [4, 5])
@pytest.mark.parametrize("seed", SEEDS)
def test_plan_is_the_brute_force_minimum_with_full_width(seed, k):
    state = small_state(seed, k=k)
    guesses = plan(state, limit=20, width=len(state.allowed))
    assert len(guesses) == least_guesses(seed, k=k)
    assert replay(state, guesses)[-1] == "g" * k


@pytest.mark.parametrize("seed", SEEDS)
def test_plan_is_the_brute_force_minimum_in_hard_mode(seed):
    state = small_state(seed, hard=True)
    guesses = plan(state, limit=20, width=len(state.allowed))
    assert len(guesses) == least_guesses(seed, hard=True)
    assert replay(state, guesses)[-1] == "gggg"


def test_hard_mode_changes_some_plan():
    easy = [least_guesses(seed) for seed in SEEDS]
    hard = [least_guesses(seed, hard=True) for seed in SEEDS]
    assert all(h >= e for h, e in zip(hard, easy)) and hard != easy


@pytest.mark.parametrize("seed", SEEDS)
def test_a_narrow_plan_still_wins_against_the_host(seed):
    state = small_state(seed)
    guesses = plan(state, width=1)
    assert len(guesses) >= least_guesses(seed)
    assert replay(state, guesses)[-1] == "gggg"


def test_refused_words_are_never_guessed():
    state = small_state(3)
    first = plan(state, width=len(state.allowed))[0]
    refused = state.refuse(first)
    guesses = plan(refused, width=len(state.allowed))
    assert first not in guesses
    assert len(guesses) == brute_minimum_without(state, first)


def brute_minimum_without(state: GameState, word: str) -> int:
    """Return brute_minimum of state with word neither a guess nor an answer."""
    answers = [w for w in state.answers.strings if w != word]
    guesses = [w for w in state.allowed.strings if w != word]
    return brute_minimum(GameState.new(wordlist(guesses), wordlist(answers), uniform=True))


def test_one_word_is_won_at_once_and_none_cannot_be():
    state = GameState.new(wordlist(["abcd", "bcda"]), wordlist(["abcd"]), uniform=True)
    assert plan(state) == ["abcd"]
    with pytest.raises(NoPlan):
        plan(state.refuse("abcd"))


def test_no_plan_within_too_small_a_limit():
    state = small_state(0)
    shortest = len(plan(state, width=len(state.allowed)))
    with pytest.raises(NoPlan):
        plan(state, limit=shortest - 1, width=len(state.allowed))


def test_worst_case_strategy_plays_the_plan():
    state = small_state(5)
    strategy = WorstCase(width=len(state.allowed))
    assert strategy.name == "worst-case"
    assert strategy.choose(state) == plan(state, width=len(state.allowed))[0]


def test_group_sizes_in_chunks(monkeypatch):
    monkeypatch.setattr(absurdle, "GUESS_CHUNK", 3)
    state = small_state(2)
    largest, parts = group_sizes(state.allowed.codes, state.answers.codes)
    for guess, big, count in zip(state.allowed.strings, largest, parts):
        groups = Counter(reply_for(guess, word) for word in state.answers.strings)
        assert (big, count) == (max(groups.values()), len(groups))


def test_capacity():
    assert [capacity(g, 5) for g in range(4)] == [0, 1, 5, 25]


def test_standard_lists_are_won_in_at_most_five(nyt):
    allowed, answers = read_words(nyt / "guesses.txt", 5), read_words(nyt / "answers.txt", 5)
    state = GameState.new(allowed, answers, uniform=True)
    guesses = plan(state)
    assert len(guesses) <= 5
    assert guesses == ["arise", "yauld", "tench", "motto"]  # golden: the width's first find
    host = LargestGroupHost(state)
    replies = [host.replies(None, guess)[0] for guess in guesses]
    assert replies[-1] == "ggggg" and host.remaining == [guesses[-1]]
    assert replies == [host_reply(s, g) for s, g in zip(_states(state, guesses), guesses)]
    assert all(guess in allowed for guess in guesses)


def _states(state: GameState, guesses: list[str]) -> list[GameState]:
    """Return the states before each guess, the host replying."""
    out = [state]
    for guess in guesses[:-1]:
        out.append(out[-1].after(guess, host_reply(out[-1], guess)))
    return out


def test_standard_lists_cannot_be_won_in_three(nyt):
    """No first guess leaves at most 150 words (the most groups any guess makes): 168 at best."""
    allowed, answers = read_words(nyt / "guesses.txt", 5), read_words(nyt / "answers.txt", 5)
    state = GameState.new(allowed, answers, uniform=True)
    with pytest.raises(NoPlan):
        plan(state, limit=3, width=len(allowed))


def test_the_plan_is_kept_for_the_turns_after(monkeypatch):
    state = small_state(3)
    strategy = make("worst-case")
    planned = plan(state, width=strategy.width)
    assert strategy.choose(state) == planned[0]

    def no_more(*args, **kwargs):
        raise AssertionError("planned again")

    monkeypatch.setattr(absurdle, "plan", no_more)
    for guess in planned:  # each position the plan leads to gets its next guess, unplanned
        assert strategy.choose(state) == guess
        state = state.after(guess, host_reply(state, guess))
    assert state.solved


def test_a_plan_past_the_pair_budget_is_given_up_for_the_smallest_worst_group(monkeypatch):
    state = small_state(3)
    first = len(state.allowed) * len(state.candidate_rows)  # the opening's ranking
    monkeypatch.setattr(absurdle, "PAIR_BUDGET", first)  # exactly the first ranking: it runs
    search = absurdle.Search(absurdle.PLAN_WIDTH)
    with pytest.raises(NoPlan, match="word pairs scored"):
        plan(state, search=search)  # ...and the next one is past the budget
    assert search.pairs > first and len(search.rankings) == 1
    monkeypatch.setattr(absurdle, "PAIR_BUDGET", first - 1)  # one pair short: none runs
    with pytest.raises(NoPlan):
        plan(state)
    assert make("worst-case").choose(state) == absurdle.rank(state, 1).words[0]


def test_a_refused_planned_word_is_never_suggested_again():
    state = small_state(3)
    strategy = make("worst-case")
    first = strategy.choose(state)
    while first in set(state.candidate_words()):  # refuse words that are not candidates
        state = state.refuse(first)
        first = strategy.choose(state)
    refused = state.refuse(first)
    assert len(refused.candidate_rows) == len(state.candidate_rows)  # the same candidates
    assert strategy.choose(refused) != first


def test_solve_absurdle_plays_the_length_of_k(tmp_path):
    """solve has no answer to take the length from with --absurdle: -k gives it (default 5)."""
    words = ["abcd", "bcde", "cdef", "lamb", "limb"]
    (tmp_path / "four.txt").write_text("\n".join(words) + "\n")
    four = str(tmp_path / "four.txt")
    game = json.loads(invoke("solve", "--absurdle", "-k", "4", "--words", four, "--json").stdout)
    assert game["solved"] and all(len(turn["word"]) == 4 for turn in game["guesses"])
    # each reply is the host's, by its rule checked in plain Python: the largest group, then
    # the fewest greens, then the fewest yellows (here every group after ABCD is one word)
    possible = set(words)
    for turn in game["guesses"]:
        groups = defaultdict(set)
        for word in possible:
            groups[reply_for(turn["word"], word)].add(word)
        kept = min(groups, key=lambda r: (-len(groups[r]), r.count("g"), r.count("y")))
        assert turn["feedback"] == kept
        possible = groups[kept]
    assert possible == {game["answer"]} == {"limb"}
    default = invoke("solve", "--absurdle", "--words", four)  # 5 letters unless -k says
    assert "no words of length 5" in one_line_error(default)
    assert "no words of length 3" in one_line_error(
        invoke("solve", "--absurdle", "-k", "3", "--words", four)
    )


def test_solve_refuses_a_k_that_disagrees_with_the_answers():
    error = one_line_error(invoke("solve", "-k", "4", "crane"))
    assert error == "error: -k 4 disagrees with the answers: 'crane' has 5 letters"
    assert "-k 6" in one_line_error(invoke("solve", "--length", "6", "crane", "moist"))
    agreed = invoke("solve", "-k", "5", "crane")  # as long as the answer: played
    assert agreed.returncode == 0 and "CRANE" in agreed.stdout and "Solved in" in agreed.stdout


def test_a_plan_tells_its_progress_and_ends_its_line():
    state, told = small_state(3), []
    found = plan(state, progress=lambda done, total, about: told.append((done, total, about)))
    tries = [t for t in told if "trying" in t[2]]
    assert [t[0] for t in tries] == list(range(len(found)))  # each length tried, in order
    assert tries[0][2].endswith("trying 1 guess") and tries[1][2].endswith("trying 2 guesses")
    assert told[-1][:2] == (DEFAULT_LIMIT, DEFAULT_LIMIT)  # the line ends
    strategy = make("worst-case")
    assert isinstance(strategy, ReportsProgress)
    assert strategy.with_progress(print).progress is print and strategy.progress is None
    assert not isinstance(make("expected-guesses"), ReportsProgress)  # nothing long to tell


def test_the_memo_stays_within_its_bound_and_the_plan_is_the_same(monkeypatch):
    state = small_state(3)
    unbounded = plan(state)
    monkeypatch.setattr(absurdle, "MAX_MEMO", 2)
    search = absurdle.Search(absurdle.PLAN_WIDTH)
    sizes = []
    rank = absurdle.rank

    def watched(*args):  # the memo's size as each new ranking is made
        sizes.append(len(search.rankings))
        return rank(*args)

    monkeypatch.setattr(absurdle, "rank", watched)
    assert plan(state, search=search) == unbounded
    assert len(sizes) > 2 and max(sizes) < 2  # made again once dropped, never more than 2 kept
    strategy = make("worst-case")
    strategy._planned.update({("old", i): "word" for i in range(2)})  # full: MAX_MEMO
    strategy.choose(state)
    assert ("old", 0) not in strategy._planned  # dropped before the new plan's positions
    assert 0 < len(strategy._planned) <= len(unbounded)
