import itertools
import math
import random
from collections import Counter

import numpy as np
import pytest
from helpers import bench_words, wordlist

from lenwordle.api.setup import Settings
from lenwordle.engine.boards import Boards
from lenwordle.engine.estimate import estimate, position_entropy
from lenwordle.engine.feedback import reply_for
from lenwordle.engine.hard_mode import HardModeViolation, hard_mode_mask, hard_mode_problem
from lenwordle.engine.metrics import expected_guesses, guesses_needed
from lenwordle.engine.partitions import Parts
from lenwordle.engine.position import Target
from lenwordle.engine.state import GameState, ImpossibleFeedback, NoCandidates
from lenwordle.games import bench
from lenwordle.games.play import play, solve_game
from lenwordle.games.session import Session
from lenwordle.strategies import expected as strategies
from lenwordle.strategies.base import Ranking
from lenwordle.strategies.expected import DEFAULT_ENDGAME, hopeless
from lenwordle.strategies.ranked import MIN_SHORTLIST
from lenwordle.strategies.registry import STRATEGIES, make
from lenwordle.words.wordlist import bundled

RANKED = [name for name in STRATEGIES if isinstance(make(name), Ranking)]  # all but worst-case

SMALL = [
    "crane",
    "slate",
    "trace",
    "caret",
    "react",
    "crate",
    "cater",
    "stare",
    "tears",
    "rates",
    "arise",
    "raise",
    "tales",
    "least",
    "steal",
]


def test_after_keeps_only_consistent_words_and_leaves_the_old_state_alone():
    start = GameState.new(wordlist(SMALL), uniform=True)
    reply = reply_for("crane", "caret")  # gyy.y, which cater also gives
    after = start.after("crane", reply)
    assert set(after.candidate_words()) == {w for w in SMALL if reply_for("crane", w) == reply}
    assert 1 < len(after.candidate_words()) < len(SMALL)
    assert start.history == () and start.mask.all()
    assert after.history == (("crane", reply),)


def test_feedback_no_string_could_give_is_refused():
    start = GameState.new(wordlist(SMALL), uniform=True)
    with pytest.raises(ImpossibleFeedback):  # a grey E before a yellow E: never shown
        start.after("geese", "..y..")
    after = start.after("crane", ".....")
    with pytest.raises(ImpossibleFeedback):  # C was grey: it cannot be green now
        after.after("crane", "ggggg")
    with pytest.raises(ImpossibleFeedback):
        after.after("scald", ".g...")


def test_feedback_that_no_known_word_fits_is_kept_with_no_candidate():
    start = GameState.new(wordlist(SMALL), uniform=True)
    outside = start.after("crane", "gggg.")  # crank, cranx...: a string fits, no word of ours
    assert outside.history == (("crane", "gggg."),) and len(outside.candidate_rows) == 0
    with pytest.raises(NoCandidates):
        make().choose(outside)
    solved = outside.after("cranq", "ggggg")  # the game accepted a word we do not know
    assert solved.solved and solved.history[-1] == ("cranq", "ggggg")


def test_widening_brings_every_known_word_that_fits():
    start = GameState.new(wordlist(SMALL), uniform=True).refuse("tears")
    outside = start.after("crane", ".....")  # no word of SMALL lacks all of c r a n e
    everything = wordlist(SMALL + ["tulip", "quilt", "moist", "tears"])
    wide = outside.widen(everything)
    assert sorted(wide.candidate_words()) == ["moist", "quilt", "tulip"]
    assert wide.history == outside.history and "tears" in wide.refused
    assert make().choose(wide) in {"moist", "quilt", "tulip"}


def test_undo_and_skip():

    start = GameState.new(wordlist(SMALL), uniform=True)
    first = reply_for("crane", "react")
    session = Session(make(), Boards.new(start))
    session.handle(f"crane {first}")
    session.handle(f"trace {reply_for('trace', 'react')}")
    session.handle("undo")
    one = session.position.board(0)
    assert one.history == (("crane", first),)
    assert (one.mask == start.after("crane", first).mask).all()
    refused = start.refuse("crane")
    assert "crane" in refused.refused and "crane" not in start.refused
    assert "crane" not in refused.candidate_words() and "crane" in start.candidate_words()
    assert len(refused.candidate_rows) == len(SMALL) - 1


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_every_strategy_is_deterministic_and_solves_the_small_list(strategy):
    solver = make(strategy)
    start = GameState.new(wordlist(SMALL), uniform=True)

    for answer in SMALL:
        history = play(solver, start, answer).history
        assert history[-1] == (answer, "ggggg")
        assert play(solver, start, answer).history == history


def test_one_or_two_candidates_are_played_directly_likelier_first():
    two = GameState.new(wordlist(["stare", "stark"], [50, 20]))
    assert make().choose(two) == "stark"  # the commoner word
    assert make().choose(two.refuse("stark")) == "stare"


@pytest.mark.parametrize("in_pool", [True, False])
def test_the_likeliest_candidate_is_scored_and_chosen_though_the_estimate_ranks_it_last(in_pool):
    # 11 unlikely anagrams of ABCDE and one likely word sharing no letter with them: 40
    # anagrams probe the candidates' letters better by the estimate, yet guessing VWXYZ
    # wins more than half the time and then leaves one part: the fewest expected guesses
    anagrams = ["".join(p) for p in itertools.permutations("abcde")]
    answers = anagrams[::11][:11] + ["vwxyz"]
    allowed = sorted(set(anagrams[:40] + answers))

    def common(words):  # VWXYZ common and frequent, the anagrams not
        return wordlist(
            words,
            [10 if w == "vwxyz" else 60 for w in words],
            [6.0 if w == "vwxyz" else 2.0 for w in words],
        )

    pool = np.array([in_pool or w != "vwxyz" for w in allowed])
    state = GameState.new(common(allowed), common(answers), suggest=pool)
    assert state.candidate_words()[0] == "vwxyz" and max(state.weights) > sum(state.weights) / 2
    estimates = estimate(state.allowed.codes, position_entropy(state.candidates))
    assert (estimates > estimates[state.allowed.index["vwxyz"]]).sum() > MIN_SHORTLIST
    for strategy in RANKED:  # every ranking scores it exactly
        assert "vwxyz" in [c.word for c in make(strategy).rank(state, top=len(allowed))]
    assert make().choose(state) == make("lookahead").choose(state) == "vwxyz"
    assert make(endgame=0).choose(state) == "vwxyz"  # the ranking alone, no rollouts


def test_ties_go_to_a_possible_answer_then_alphabetical():
    # every guess splits {abcde, abcdf, abcdg} the same way; the possible answers come first
    words = wordlist(["abcde", "abcdf", "abcdg", "abcdh"])
    answers = wordlist(["abcde", "abcdf", "abcdg"])
    state = GameState.new(words, answers, uniform=True)
    ranked = make("entropy", shortlist=100).rank(state, top=4)
    assert [c.word for c in ranked][:3] == ["abcde", "abcdf", "abcdg"]


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_refused_words_are_never_suggested_again(strategy):
    state = GameState.new(wordlist(SMALL), uniform=True)
    solver = make(strategy)
    seen = []
    for _ in range(len(SMALL)):
        try:
            word = solver.choose(state)
        except ValueError:  # nothing left to suggest
            break
        assert word not in seen
        seen.append(word)
        state = state.refuse(word)
    assert len(seen) >= 3
    assert len(state.candidate_rows) == 0  # every possible word refused: nothing is suggested
    with pytest.raises(NoCandidates):
        solver.choose(state)


def test_hard_mode_rules_with_repeated_letters():
    history = (("sassy", "g.y.."),)  # an S green at 1, and a second S somewhere
    assert hard_mode_problem("shops", history) == ""
    assert "contain S 2 times" in hard_mode_problem("shade", history)
    assert "letter 1 must be S" in hard_mode_problem("basis", history)
    codes = np.array([[ord(c) - 97 for c in w] for w in ["shops", "shade", "basis"]], np.uint8)
    assert hard_mode_mask(codes, history).tolist() == [True, False, False]


def test_hard_mode_asks_for_the_most_copies_any_one_turn_showed_not_the_last_turns():
    # against SHOPS, SASSY shows two S, then SPARK only one: a guess still needs two S (a
    # hard-mode game never plays SPARK there, but the rule is also asked of any history)
    sassy, spark = ("sassy", reply_for("sassy", "shops")), ("spark", reply_for("spark", "shops"))
    assert (sassy[1], spark[1]) == ("g.y..", "gy...")
    words = ["shops", "spark", "spots", "sport"]
    codes = np.array([[ord(c) - 97 for c in w] for w in words], np.uint8)
    for history in [(sassy, spark), (spark, sassy)]:
        assert "the guess must contain S 2 times" == hard_mode_problem("spark", history)
        assert hard_mode_problem("shops", history) == hard_mode_problem("spots", history) == ""
        assert hard_mode_mask(codes, history).tolist() == [True, False, True, False]


def test_hard_mode_state_refuses_a_guess_that_ignores_hints_and_suggests_legal_ones():
    state = GameState.new(bundled(5), hard=True).after("crane", ".g..y")
    with pytest.raises(HardModeViolation):
        state.after("slate", ".....")
    guess = make().choose(state)
    assert guess[1] == "r" and "e" in guess


def test_expected_guesses_of_a_hand_computed_partition():

    # 6 equally likely words: the guess itself (solved), then parts of 3 and 2 words
    parts = Parts(np.array([242, 0, 1]), np.array([1, 3, 2]) / 6, np.array([1, 3, 2]), 6.0)
    expected = 1 + 3 / 6 * (1 + 0.8 * np.sqrt(np.log(3))) + 2 / 6 * (1 + 0.8 * np.sqrt(np.log(2)))
    assert expected_guesses(parts, 5) == pytest.approx(expected)
    assert guesses_needed(np.array([1]))[0] == 1.0


GOLDEN = {  # (total guesses, histogram) for the first 200 NYT answers, guesses.txt allowed
    "entropy": (561, {"1": 0, "2": 42, "3": 155, "4": 3}),
    "expected-guesses": (561, {"1": 0, "2": 42, "3": 155, "4": 3}),
    "one-by-one": (
        561,
        {"1": 0, "2": 42, "3": 155, "4": 3},
    ),  # on one board, expected-guesses itself
    "expected-size": (561, {"1": 0, "2": 42, "3": 155, "4": 3}),
    "most-parts": (561, {"1": 1, "2": 49, "3": 138, "4": 12}),
    "minimax": (565, {"1": 0, "2": 47, "3": 141, "4": 12}),
    "frequency": (590, {"1": 1, "2": 54, "3": 102, "4": 40, "5": 3}),
    "lookahead": (559, {"1": 1, "2": 47, "3": 144, "4": 8}),
    # without its tree (Settings.solver gives none), expected-guesses itself; the tree's own
    # play is held to its golden figures in test_optimal.py
    "optimal": (561, {"1": 0, "2": 42, "3": 155, "4": 3}),
    # the Absurdle solver against fixed answers: the fewest guesses in the worst case
    "worst-case": (566, {"1": 0, "2": 47, "3": 140, "4": 13}),
}


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_golden_regression_per_strategy(strategy, nyt, tmp_path):

    answers = tmp_path / "a.txt"
    answers.write_text("\n".join((nyt / "answers.txt").read_text().split()[:200]))
    settings = Settings(5, nyt / "guesses.txt", answers, strategy=strategy)
    result = bench_words(settings.solver(), settings.state(), answers.read_text().split())
    assert (sum(result.guesses.values()), result.histogram) == GOLDEN[strategy]


# On one board with 200 answers five rows of GOLDEN are alike (one-by-one and optimal without
# a tree are expected-guesses itself there), so each strategy is also played where they part:
# 20 games of two boards (the first 200 answers, seed 0; worst-case plays one board only) and
# the first 60 answers as both lists, opened as play opens them (optimal with its tree).
GOLDEN_APART = {  # strategy: ((total, histogram) on two boards, (total, histogram) on 60)
    "expected-guesses": (
        (76, {"1": 0, "2": 0, "3": 4, "4": 16}),
        (159, {"1": 1, "2": 22, "3": 34, "4": 3}),
    ),
    "entropy": (
        (78, {"1": 0, "2": 0, "3": 3, "4": 16, "5": 1}),
        (162, {"1": 1, "2": 20, "3": 35, "4": 4}),
    ),
    "expected-size": (
        (77, {"1": 0, "2": 0, "3": 3, "4": 17}),
        (160, {"1": 1, "2": 19, "3": 39, "4": 1}),
    ),
    "most-parts": (
        (78, {"1": 0, "2": 0, "3": 4, "4": 14, "5": 2}),
        (161, {"1": 1, "2": 22, "3": 32, "4": 5}),
    ),
    "minimax": (
        (80, {"1": 0, "2": 0, "3": 4, "4": 12, "5": 4}),
        (160, {"1": 1, "2": 19, "3": 39, "4": 1}),
    ),
    "frequency": (
        (81, {"1": 0, "2": 0, "3": 5, "4": 10, "5": 4, "6": 1}),
        (166, {"1": 1, "2": 20, "3": 31, "4": 8}),
    ),
    "lookahead": (
        (76, {"1": 0, "2": 0, "3": 4, "4": 16}),
        (159, {"1": 1, "2": 22, "3": 34, "4": 3}),
    ),
    "one-by-one": (
        (81, {"1": 0, "2": 0, "3": 3, "4": 13, "5": 4}),
        (159, {"1": 1, "2": 22, "3": 34, "4": 3}),
    ),
    "optimal": (
        (76, {"1": 0, "2": 0, "3": 4, "4": 16}),
        (159, {"1": 1, "2": 21, "3": 36, "4": 2}),
    ),
    "worst-case": (None, (160, {"1": 1, "2": 19, "3": 39, "4": 1})),
}


def test_every_strategy_has_its_own_golden_row():
    # so that two strategies swapped in the registry (or one made another) fail a test
    assert set(GOLDEN) == set(GOLDEN_APART) == set(STRATEGIES)
    rows = [repr((GOLDEN[name], GOLDEN_APART[name])) for name in STRATEGIES]
    assert len(set(rows)) == len(rows)


def plain_reply(guess: str, answer: str) -> str:
    """Return Wordle's reply in plain Python: greens first, then yellows left to right while
    unmatched copies of the letter remain in the answer."""
    reply = ["g" if g == a else "." for g, a in zip(guess, answer)]
    unmatched = Counter(a for g, a in zip(guess, answer) if g != a)
    for i, letter in enumerate(guess):
        if reply[i] == "." and unmatched[letter]:
            reply[i], unmatched[letter] = "y", unmatched[letter] - 1
    return "".join(reply)


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_golden_where_the_strategies_part(strategy, nyt, tmp_path):
    answers = (nyt / "answers.txt").read_text().split()
    two_boards, sixty = GOLDEN_APART[strategy]
    if two_boards is not None:
        first = tmp_path / "a.txt"  # the answers of GOLDEN
        first.write_text("\n".join(answers[:200]))
        settings = Settings(5, nyt / "guesses.txt", first, strategy=strategy, boards=2)
        games = bench.draw(answers[:200], 2, 20, 0)
        result = bench.run(settings.solver(), Boards.new(settings.state()), games)
        assert (sum(result.guesses.values()), result.histogram) == two_boards
    small = tmp_path / "sixty.txt"
    small.write_text("\n".join(answers[:60]) + "\n")
    opened = Settings(5, small, small, strategy=strategy).open(trees_dir=tmp_path / "trees")
    result = bench_words(opened.solver, opened.state, answers[:60])
    assert (sum(result.guesses.values()), result.histogram) == sixty
    # beside the golden figures, each game replayed and checked on its own: every guess a word
    # of the list played once, every reply the plain-Python one, the last guess the answer,
    # and the guesses add up to the golden total
    total = 0
    for answer in answers[:60]:
        game = solve_game(opened.solver, opened.position, Target((answer,)))
        guesses = [word for word, _ in game.turns]
        assert set(guesses) <= set(answers[:60]) and len(set(guesses)) == len(guesses)
        assert [replies[0] for _, replies in game.turns] == [
            plain_reply(word, answer) for word in guesses
        ]
        assert game.solved and guesses[-1] == answer
        total += len(guesses)
    assert total == sixty[0]


def test_each_metric_s_first_guess_is_the_brute_force_best(nyt, tmp_path):
    # 70 answers and 300 more guesses where the five partition metrics each have their own
    # best first guesses (checked below), recomputed in plain Python over every guess
    rng = random.Random(58)
    answers = sorted(rng.sample((nyt / "answers.txt").read_text().split(), 70))
    guesses = sorted(
        set(answers) | set(rng.sample((nyt / "guesses.txt").read_text().split(), 300))
    )
    n = len(answers)  # 70 > 60: expected-guesses is its metric here, no rollout
    parts = {g: Counter(plain_reply(g, a) for a in answers) for g in guesses}
    metrics = {  # higher is better, each as docs/strategies.md's table defines it
        "entropy": lambda c: -sum(m / n * math.log(m / n) for m in c.values()),
        "expected-size": lambda c: -sum(m * m for m in c.values()) / n,
        "most-parts": lambda c: (len(c), -max(c.values())),  # ties: the smaller largest part
        "minimax": lambda c: -max(c.values()),
        "expected-guesses": lambda c: (
            -sum(m / n * (1 + 0.8 * math.sqrt(math.log(m))) for r, m in c.items() if r != "ggggg")
        ),
    }
    best = {}
    for name, metric in metrics.items():
        scores = {g: metric(c) for g, c in parts.items()}
        top = max(scores.values())
        best[name] = {g for g, v in scores.items() if v == top or v == pytest.approx(top)}
    assert all(not (a & b) for a, b in itertools.combinations(best.values(), 2)), best
    (tmp_path / "w.txt").write_text("\n".join(guesses) + "\n")
    (tmp_path / "a.txt").write_text("\n".join(answers) + "\n")
    state = Settings(5, tmp_path / "w.txt", tmp_path / "a.txt").state()
    for name in metrics:
        assert make(name, shortlist=100).choose(state) in best[name], name


# After REAST .yyyy in hard mode (standard lists), these are left, and every word the one-step
# metric ranks in its top 8 leaves some of the _ASTE family unsolved after six guesses.
TRAP = [
    "baste",
    "caste",
    "haste",
    "paste",
    "saute",
    "stead",
    "steak",
    "steal",
    "steam",
    "taste",
    "waste",
]


def trap_state():
    allowed = wordlist(TRAP + ["reast", "sceat", "stela", "state", "stean", "stear", "tabes"])
    return GameState.new(allowed, wordlist(TRAP), uniform=True, hard=True).after("reast", ".yyyy")


def test_hard_mode_search_goes_past_the_top_words_when_all_of_them_fail(monkeypatch):

    state = trap_state()
    solver = make()
    top = solver.rank(state, top=solver.width)
    assert all(solver.value(state, c.word)[1] for c in top)  # every one of them fails somewhere
    assert solver.choose(state) not in [c.word for c in top]
    assert bench_words(make(), state, TRAP).failed == []
    monkeypatch.setattr(strategies, "RESCUE_WIDTH", 1)  # no search past the top words
    assert bench_words(make(), state, TRAP).failed != []


def test_hard_mode_legal_words_are_kept_turn_by_turn_and_reset_by_undo():

    allowed = bundled(5)
    state = GameState.new(allowed, hard=True)
    session = Session(make(), Boards.new(state))
    for guess, target in [("crane", "track"), ("trace", "track")]:
        state = state.after(guess, reply_for(guess, target))
        session.handle(f"{guess} {reply_for(guess, target)}")
        assert state.legal.tolist() == hard_mode_mask(allowed.codes, state.history).tolist()
        assert state.is_legal("track") and not state.is_legal("slate")
    session.handle("undo")
    back = session.position.board(0)
    assert back.history == state.history[:1]
    assert back.legal.tolist() == hard_mode_mask(allowed.codes, back.history).tolist()
    assert GameState.new(allowed).after("crane", "yy...").legal is None  # not hard: all legal


def test_a_hard_mode_family_with_one_open_letter_is_past_saving_only_with_too_many_words():

    family = ["batch", "catch", "hatch", "latch", "match", "patch"]
    allowed = wordlist(family + ["watch", "crane"])

    def after_watch(words, hard=True):
        return GameState.new(allowed, wordlist(words), uniform=True, hard=hard).after(
            "watch", ".gggg"
        )

    assert hopeless(after_watch(family))  # 6 words, one open letter, 5 guesses left
    assert not hopeless(after_watch(family[:5]))  # 5 words, 5 guesses: one at a time suffices
    assert not hopeless(after_watch(family, hard=False))  # normal mode can test 5 letters at once
    assert not hopeless(
        GameState.new(allowed, wordlist(family), uniform=True, hard=True).after(
            "crane", reply_for("crane", "hatch")
        )
    )  # no green at all


@pytest.mark.parametrize("strategy", ["expected-guesses", "lookahead", "entropy"])
def test_choose_with_a_ranking_already_computed_gives_the_same_word(strategy, nyt):

    settings = Settings(5, nyt / "guesses.txt", nyt / "answers.txt", strategy=strategy)
    # after one turn, with more candidates than the endgame's: choose goes by the ranking (the
    # first turn would too, but lookahead takes 30 s there)
    state = settings.state().after("crane", ".yy..")
    solver = settings.solver()
    assert len(state.candidate_rows) > DEFAULT_ENDGAME  # (entropy never rolls out)
    assert solver.choose(state, solver.rank(state, top=20)) == settings.solver().choose(state)


@pytest.mark.parametrize("hard", [False, True])
def test_split_gives_every_reply_with_its_probability_and_the_state_after_it(hard):
    state = GameState.new(bundled(5), hard=hard).after("crane", reply_for("crane", "stale"))
    parts = state.split("slate")
    assert sum(mass for _, mass, _ in parts) == pytest.approx(1.0)
    assert sum(len(child.candidate_rows) for _, _, child in parts) == len(state.candidate_rows)
    weights = state.weights
    for _code, mass, child in parts:
        reply = child.history[-1][1]
        direct = state.after("slate", reply)
        assert child.candidate_words() == direct.candidate_words()
        assert mass == pytest.approx(
            weights[child.candidate_rows].sum() / weights[state.candidate_rows].sum()
        )
        assert (child.legal is None) == (not hard)
        if hard:
            assert child.legal.tolist() == direct.legal.tolist()
    if hard:
        with pytest.raises(HardModeViolation):
            state.split("mound")  # ignores the revealed A


@pytest.mark.parametrize("answer, common", [("yeesh", False), ("cyber", False), ("saute", True)])
def test_answers_outside_the_guess_pool_are_reached_by_default(answer, common):

    settings = Settings(5)
    state = settings.state()
    assert state.suggestable[state.allowed.index[answer]] == common
    game = play(settings.solver(), state, answer)
    assert game.solved and len(game.history) <= 6
