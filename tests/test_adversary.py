"""The adversary (search/adversary.py): the marks and group sizes of each guess, the ranking
by largest group, the guesses it may make (legal, not refused, the letter shown first, the
candidates always), and Absurdle's plan: why it cannot be made, its width, its progress, the
positions it remembers and those that failed. Lists are made up here; expectations are worked
by hand."""

from itertools import groupby

import numpy as np
import pytest
from helpers import wordlist

from lenwordle.engine.feedback import reply_to_code
from lenwordle.engine.state import GameState
from lenwordle.search import adversary
from lenwordle.search.adversary import (
    NoPlan,
    Search,
    _marks,
    _runs,
    group_sizes,
    guess_pool,
    plan,
    position_key,
    rank,
)

# --- _marks, group_sizes, rank and guess_pool -----------------------------------------------


def test_marks_count_the_greens_and_yellows_of_each_reply():
    for reply in ["gy.g.", ".....", "ggggg", "yyyyy", "y" * 20 + "g" * 15 + "." * 5]:
        codes = np.array([reply_to_code(reply)])
        greens, yellows = _marks(codes, len(reply))
        assert (greens[0], yellows[0]) == (reply.count("g"), reply.count("y"))


def test_group_sizes_of_each_guess_against_the_answers():
    words = wordlist(["crane", "nymph", "slate", "trace"])
    # nymph: crane apart (n yellow), slate and trace together; slate: each apart
    largest, parts = group_sizes(words.codes[[1, 2]], words.codes[[0, 2, 3]])
    assert largest.tolist() == [2, 1] and parts.tolist() == [2, 3]
    assert largest.dtype == parts.dtype == np.int64


def test_the_adversary_ranks_by_largest_group_then_candidates_then_alphabetically():
    # answers crane, slate, trace: each of them and blast split the three apart; nymph (n)
    # and plaid (l and a) leave two together. Candidates first among equals, then by name
    words = wordlist(["blast", "crane", "nymph", "plaid", "slate", "trace"])
    state = GameState.new(words, wordlist(["crane", "slate", "trace"]))
    ranking = rank(state, 6)
    assert ranking.words == ["crane", "slate", "trace", "blast", "nymph", "plaid"]
    assert ranking.largest.tolist() == [1, 1, 1, 1, 2, 2]
    assert ranking.parts == 3
    # nothing left to guess: no word, and no group
    for word in words.strings:
        state = state.refuse(word)
    empty = rank(state, 6)
    assert empty.words == [] and empty.parts == 0


def test_the_adversarys_guesses_are_legal_not_refused_and_begin_with_the_letter_shown():
    words = wordlist(["blast", "crane", "nymph", "plaid", "slate", "trace"])
    hard = GameState.new(words, hard=True).after("trace", ".ggyg")  # r, a, e placed, and c
    assert hard.allowed.words_at(guess_pool(hard)) == ["crane", "trace"]
    assert hard.refuse("trace").allowed.words_at(guess_pool(hard.refuse("trace"))) == ["crane"]
    sutom = GameState.new(words).with_first_letter("t")
    assert sutom.allowed.words_at(guess_pool(sutom)) == ["trace"]
    sutom = GameState.new(words).refuse("trace").with_first_letter("t")
    assert sutom.allowed.words_at(guess_pool(sutom)) == []


def test_a_possible_answer_outside_the_guess_pool_may_still_be_guessed():
    words = wordlist(["blast", "crane", "nymph", "plaid", "slate", "trace"])
    only_blast = np.array([True, False, False, False, False, False])
    state = GameState.new(words, suggest=only_blast)
    assert state.allowed.words_at(guess_pool(state)) == words.strings
    # trace against crane: r, a, e placed, and a c elsewhere: crane alone is left
    state = state.after("trace", ".ggyg")
    assert state.candidate_words() == ["crane"]
    assert state.allowed.words_at(guess_pool(state)) == ["blast", "crane"]


# --- _runs, plan and Search: Absurdle's plan ------------------------------------------------

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
