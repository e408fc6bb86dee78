"""The proof over every first guess: which first guesses are best, every other one proven
worse (`lenwordle prove`).

The cutoff comes first: the `top` best of the trees of the 2 x top first guesses the estimate
ranks first (of width 8; in hard mode of width 32, each searched as by a new search: a
hard-mode memo lends trees found under other hints, so what it finds would depend on what it
searched before; and width 32 is 2.5-3x quicker a tree than width 8 widened by the size of a
position, besttree.main_search, for a cutoff a little looser: SALET 8124 for 8122). Each tree's
total is at least its first guess's exact total, so `top` first guesses are proven at most the
cutoff, and the table's last value is too. Then each first guess is searched with every guess
tried and the cutoff as beta (cutoff + 1): the search either finds its best tree, of an exact
total at most the cutoff, or proves its total above the cutoff. The parts of each guess are
bounded before they are searched (Search.bound_parts): most first guesses are refuted by their
parts' bounds alone, without a search.

What is proven of a first guess does not depend on what the process searched before it (its
memo), nor on which process or Dask worker searched it: an exact total, or `>= cutoff + 1`.
"""

import threading
import time
from collections.abc import Callable

import numpy as np

from lenwordle.search.besttree import ranked_openers
from lenwordle.search.optimal import DEFAULT_WIDTH, INFEASIBLE, Problem, Search, partition_stats

RANKED_PER_PLACE = 2  # the cutoff's trees: of RANKED_PER_PLACE x top first guesses
CUTOFF_WIDTH = DEFAULT_WIDTH  # ... each searched at this width
HARD_CUTOFF_WIDTH = 32  # ... in hard mode at this one, each from an empty memo


def mode_of(problem: Problem) -> str:
    """Return the problem's mode in a word: normal, hard or ultra-hard."""
    return "ultra-hard" if problem.ultra_hard else "hard" if problem.hard else "normal"


def opener_total(search: Search, word: str, beta: int = INFEASIBLE) -> tuple[int, bool]:
    """Return (the total of the best tree after word, True) if it is below beta, else (a lower
    bound at least beta, False), by search (its width, its memo)."""
    problem = search.problem
    guess = np.array([problem.guess_words.index(word)])
    everyone = np.arange(len(problem.answer_words))
    st = partition_stats(search.codes(everyone, guess), guess, search.solved_value)
    total, tree = search.play(everyone, st, 0, problem.limit, None, beta)
    return (total, True) if tree is not None else (max(total, beta), False)


def cutoff_candidates(problem: Problem, top: int) -> list[str]:
    """Return the first guesses whose trees set the cutoff: the estimate's first."""
    return ranked_openers(problem, min(len(problem.guess_words), RANKED_PER_PLACE * top))


def cutoff_of(totals: list[int], top: int) -> int:
    """Return the cutoff: the top-th lowest of the trees' totals (INFEASIBLE when fewer than
    top of them have a tree)."""
    ranked = sorted(totals)
    return ranked[top - 1] if len(ranked) >= top else INFEASIBLE


def proof_search(problem: Problem) -> Search:
    """Return the search of a proof: every guess tried, parts bounded before they are
    searched."""
    return Search(problem, width=None, bound_parts=True)


def ranked(problem: Problem) -> list[str]:
    """Return every first guess, best by the estimate first: the order they are proven in
    (the costly ones, the good ones, first; neighbours share positions in a memo)."""
    return ranked_openers(problem, len(problem.guess_words))


def cutoff_rule(problem: Problem) -> str:
    """Return the rule of the problem's cutoff in words (a proof file's fingerprint has it:
    another rule, another cutoff)."""
    if problem.hard:
        return (
            f"cutoff: width-{HARD_CUTOFF_WIDTH} trees, each from an empty memo, of the "
            f"{RANKED_PER_PLACE} x top first guesses ranked first by the estimate"
        )
    return (
        f"cutoff: width-{CUTOFF_WIDTH} trees of the {RANKED_PER_PLACE} x top first guesses "
        "ranked first by the estimate"
    )


def cutoff_search(problem: Problem) -> Search:
    """Return the search of the cutoff's trees (see cutoff_rule)."""
    return Search(problem, width=HARD_CUTOFF_WIDTH if problem.hard else CUTOFF_WIDTH)


def cutoff_task(problem: Problem, key: str, index: int, word: str) -> list:
    """Return [index, the total of word's cutoff tree, CPU seconds]: one task (a forked
    worker's, or a Dask worker's, its search kept from task to task: search_of; in hard mode
    its memo emptied first, so the tree is the same whatever was searched before)."""
    started = time.thread_time()
    search = search_of(problem, key, cutoff_task)
    if problem.hard:
        search.forget()
    total = opener_total(search, word)[0]
    return [index, total, time.thread_time() - started]


def proof_task(problem: Problem, key: str, word: str, cutoff: int) -> list:
    """Return [word, total, exact, CPU seconds]: what is proven of first guess word (exact:
    its total, at most the cutoff; else cutoff + 1, a lower bound), one task."""
    started = time.thread_time()
    total, exact = opener_total(search_of(problem, key, proof_task), word, cutoff + 1)
    return [word, total if exact else cutoff + 1, exact, time.thread_time() - started]


def in_turn(problem: Problem, key: str, task: Callable[..., list], group: list) -> list:
    """Return [task(problem, key, *each) for each of group]: one Dask task of a group."""
    return [task(problem, key, *each) for each in group]


# each thread's searches, their memos kept: a Dask worker runs its tasks in threads
# (nthreads), and a search is for one task at a time (its memo, and the partitions it keeps
# for a part, Search._ready, keyed by the answers alone, are read and written as it goes)
_LOCAL = threading.local()


def search_of(problem: Problem, key: str, task: Callable[..., list]) -> Search:
    """Return this thread's search for a task of the problem of fingerprint key (made on
    first use; one problem's kept at a time): the memo grows from task to task, and what is
    proven does not depend on it."""
    searches: dict[tuple[str, str], Search] = _LOCAL.__dict__.setdefault("searches", {})
    if (key, task.__name__) not in searches:
        if any(k != key for k, _ in searches):
            searches.clear()
        made = proof_search(problem) if task is proof_task else cutoff_search(problem)
        searches[key, task.__name__] = made
    return searches[key, task.__name__]
