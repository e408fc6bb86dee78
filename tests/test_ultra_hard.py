"""Ultra-hard (--ultra-hard, ultra_hard=True): hard mode, and no grey letter played again, no
yellow (or grey) letter where it was. Each rule alone and with repeated letters, held to an
oracle that shares no code with the rule (a guess is legal exactly when, had it been the
answer, it would have given every reply so far: the reference scorer); the solver's games on
the NYT answers, the tree search, the host's refusals, the command line's and the API's
errors."""

import random

import numpy as np
import pytest
from helpers import invoke, one_line_error, run_in_process, tree_lists, wordlist

from lenwordle.api import SetupError, bench, options, review, solve, tree
from lenwordle.api.practice import Refused, practice
from lenwordle.api.setup import open_game
from lenwordle.engine.feedback import reply_for
from lenwordle.engine.hard_mode import (
    BrokenRule,
    HardModeViolation,
    broken_rule,
    hard_mode_mask,
    hard_mode_problem,
    letter_counts,
)
from lenwordle.engine.position import Target
from lenwordle.engine.rules import OptionError, Rules
from lenwordle.engine.state import GameState
from lenwordle.games.bench import CachedStrategy
from lenwordle.games.play import play_game
from lenwordle.games.referees import referee_for
from lenwordle.store import treefiles
from lenwordle.words.wordlist import bundled

CRANE_ON_PORCH = (("crane", "yy..."),)  # C and R yellow, A N E grey


def fits_every_reply(guess, history):
    """The oracle: whether guess, as the answer, would have given every reply of history."""
    return all(reply_for(word, guess) == reply for word, reply in history)


def test_the_history_the_tests_read_is_the_reference_scorers():
    assert reply_for("crane", "porch") == "yy..."
    assert reply_for("speed", "abide") == "..y.y"  # E yellow, its second copy grey; D yellow
    assert reply_for("eerie", "those") == "....g"  # the E green at 5: the other two grey


# --- each rule -----------------------------------------------------------------------------


def test_a_grey_letter_may_not_be_played_again_in_ultra_hard_but_may_in_hard_mode():
    broken = broken_rule("coral", CRANE_ON_PORCH, ultra=True)
    assert broken == BrokenRule("grey", "a") and broken.ultra
    assert broken.words() == "A is grey: it may not be played again"
    assert hard_mode_problem("coral", CRANE_ON_PORCH) == ""  # hard mode takes it
    assert broken_rule("coral", CRANE_ON_PORCH) is None


def test_a_yellow_letter_may_not_be_played_where_it_was_yellow_but_may_elsewhere():
    assert broken_rule("chord", CRANE_ON_PORCH, ultra=True) == BrokenRule(
        "not_there", "c", place=0
    )
    assert broken_rule("frock", CRANE_ON_PORCH, ultra=True) == BrokenRule(
        "not_there", "r", place=1
    )
    assert hard_mode_problem("chord", CRANE_ON_PORCH, ultra=True) == (
        "letter 1 may not be C again: the answer has no C there"
    )
    for moved in ["torch", "porch", "scrip"]:  # C and R elsewhere, no A N E
        assert broken_rule(moved, CRANE_ON_PORCH, ultra=True) is None, moved


def test_a_letter_grey_beside_a_yellow_copy_is_capped_not_barred_and_its_grey_place_barred():
    speed = (("speed", "..y.y"),)  # ABIDE: one E, not at 3 (yellow) nor 4 (grey); D not at 5
    assert broken_rule("abide", speed, ultra=True) is None  # E played again: its one copy
    assert broken_rule("edged", speed, ultra=True) == BrokenRule("at_most", "e", count=1)
    assert hard_mode_problem("edged", speed, ultra=True) == "the guess may contain E at most once"
    assert broken_rule("adieu", speed, ultra=True) == BrokenRule("not_there", "e", place=3)
    assert broken_rule("medad", speed, ultra=True) == BrokenRule("not_there", "d", place=4)
    for word in ["edged", "adieu", "medad"]:
        assert not fits_every_reply(word, speed) and broken_rule(word, speed) is None


def test_a_letter_grey_beside_a_green_copy_may_be_played_as_many_times_as_shown():
    eerie = (("eerie", "....g"),)  # THOSE: one E, at 5
    assert broken_rule("those", eerie, ultra=True) is None
    assert broken_rule("geese", eerie, ultra=True) == BrokenRule("at_most", "e", count=1)
    assert broken_rule("scope", eerie, ultra=True) is None
    assert broken_rule("spire", eerie, ultra=True) == BrokenRule("grey", "i")  # (then R)


def test_two_copies_shown_allow_two_and_no_third():
    history = (("geese", reply_for("geese", "tepee")),)  # TEPEE holds 3 Es: GEESE shows 3
    assert history[0][1] == ".gy.g"
    sassy = (("sassy", reply_for("sassy", "shops")),)  # SHOPS: two S, one A grey
    assert sassy[0][1] == "g.y.."
    assert broken_rule("spots", sassy, ultra=True) is None  # two S, none where grey
    assert broken_rule("sists", sassy, ultra=True) == BrokenRule("at_most", "s", count=2)
    assert broken_rule("tepee", history, ultra=True) is None


def test_hard_modes_own_rules_come_first_and_still_hold_in_ultra_hard():
    torch = (*CRANE_ON_PORCH, ("torch", reply_for("torch", "porch")))
    assert torch[1][1] == ".gggg"
    assert broken_rule("perch", torch, ultra=True) == BrokenRule("green", "o", place=1)
    assert broken_rule("cloth", CRANE_ON_PORCH, ultra=True) == BrokenRule("contains", "r", count=1)
    assert hard_mode_problem("perch", torch, ultra=True) == "letter 2 must be O"
    assert not broken_rule("perch", torch, ultra=True).ultra


def test_the_rule_is_exactly_what_the_oracle_says_over_random_histories():
    words = bundled(5)
    rng = random.Random(47)
    sample = sorted(rng.sample(words.strings, 400))
    codes = words.codes[[words.index[w] for w in sample]]
    differs = 0
    for _ in range(40):
        answer = rng.choice(sample)
        turns = rng.randint(1, 3)
        history = tuple((g, reply_for(g, answer)) for g in rng.sample(sample, turns))
        expected = [fits_every_reply(w, history) for w in sample]
        assert hard_mode_mask(codes, history, ultra=True).tolist() == expected
        counted = letter_counts(codes, 26)  # (the tree search's way: counts read, not made)
        assert hard_mode_mask(codes, history, ultra=True, counts=counted).tolist() == expected
        assert (
            hard_mode_mask(codes, history, counts=counted) == hard_mode_mask(codes, history)
        ).all()
        assert [broken_rule(w, history, ultra=True) is None for w in sample] == expected
        hard = hard_mode_mask(codes, history)
        assert (hard >= np.array(expected)).all()  # ultra-hard only takes away
        differs += int((hard != np.array(expected)).sum())
    assert differs > 0  # (the histories tell the two modes apart)


def test_a_turn_at_a_time_is_the_whole_history_at_once():
    words = bundled(5)
    history = (("crane", reply_for("crane", "porch")), ("torch", reply_for("torch", "porch")))
    whole = hard_mode_mask(words.codes, history, ultra=True)
    one = hard_mode_mask(words.codes, history[:1], ultra=True)
    two = hard_mode_mask(words.codes, history[1:], ultra=True)
    assert whole.tolist() == (one & two).tolist()  # (the searches add one turn at a time)


# --- the rules and the state ---------------------------------------------------------------


def test_ultra_hard_is_hard_mode_and_for_one_board():
    assert Rules(ultra_hard=True).hard and not Rules(hard=True).ultra_hard
    with pytest.raises(OptionError, match="--ultra-hard is for one board"):
        Rules(boards=2, ultra_hard=True)
    assert options(ultra_hard=True).hard and options(ultra_hard=True).rules().ultra_hard


def test_the_state_refuses_a_guess_that_breaks_it_saying_which_rule_and_keeps_its_legal_words():
    words = bundled(5)
    state = GameState.new(words, rules=Rules(5, ultra_hard=True)).after("crane", "yy...")
    with pytest.raises(HardModeViolation) as error:
        state.after("coral", reply_for("coral", "porch"))
    assert error.value.broken == BrokenRule("grey", "a")
    assert str(error.value) == "A is grey: it may not be played again"
    legal = [w for w, ok in zip(words.strings, state.legal) if ok]
    assert legal == [w for w in words.strings if fits_every_reply(w, state.history)]
    assert "porch" in legal and "coral" not in legal
    hard = GameState.new(words, hard=True).after("crane", "yy...")
    assert hard.after("coral", reply_for("coral", "porch")).history[-1][0] == "coral"


# --- the solver ----------------------------------------------------------------------------


def played_games(nyt, targets, **mode):
    """Return the solver's games (the Played records) of these targets on the NYT lists."""
    settings = options(words=nyt / "guesses.txt", answers=nyt / "answers.txt", **mode)
    first = open_game(settings, quiet=True)
    position, solver = first.position, CachedStrategy(first.solver)  # (as bench plays)
    return {
        target: play_game(solver, position, referee_for(position.board(0), Target((target,))))
        for target in targets
    }


def test_every_guess_of_the_solvers_ultra_hard_games_fits_every_reply_before_it(nyt):
    answers = (nyt / "answers.txt").read_text().split()
    # every 40th answer, and those where ultra-hard's traps cost a seventh guess
    # (docs/benchmarks.md)
    targets = [*answers[::40], "foyer", "patch", "vaunt", "waste"]
    for target, game in played_games(nyt, targets, ultra_hard=True).items():
        history = tuple((guess, str(replies[0])) for guess, replies in game.turns)
        assert game.solved and history[-1][0] == target
        for i, (guess, _) in enumerate(history):
            assert fits_every_reply(guess, history[:i]), (target, history[: i + 1])
    breaking = 0  # hard mode's games play words ultra-hard would refuse: the two differ
    for game in played_games(nyt, targets, hard=True).values():
        history = tuple((guess, str(replies[0])) for guess, replies in game.turns)
        breaking += sum(not fits_every_reply(g, history[:i]) for i, (g, _) in enumerate(history))
    assert breaking > 0


def test_bench_takes_ultra_hard_and_its_games_are_the_solvers(nyt):
    targets = ["foyer", "crane", "patch"]
    result = bench(
        targets, words=nyt / "guesses.txt", answers=nyt / "answers.txt", ultra_hard=True
    )
    games = played_games(nyt, targets, ultra_hard=True)
    assert result.guesses == {t: len(games[t].turns) for t in targets}


@pytest.mark.parametrize(
    "answers, given",
    [
        (("porch",), {}),
        ((), {"absurdle": True}),  # the adversary's game: its host keeps any word
        (("planet",), {"first_letter": "p"}),  # SUTOM: the first letter shown
        (("árbol",), {"lang": "es"}),
        (("яблоко",), {"lang": "ru"}),
    ],
)
def test_solve_suggests_only_words_that_fit_every_reply(answers, given):
    played = solve(*answers, ultra_hard=True, **given)
    history = tuple((guess, str(replies[0])) for guess, replies in played.turns)
    assert played.won and history[-1][1] == "g" * len(history[-1][0])
    assert all(fits_every_reply(g, history[:i]) for i, (g, _) in enumerate(history))


# --- the tree search -----------------------------------------------------------------------

ATCH = ["batch", "catch", "hatch", "latch", "match", "patch", "watch"]
GUESSES = [*ATCH, "chimp", "blimp", "clamp", "thumb", "plumb", "whelp", "comet"]


def test_the_tree_search_plays_only_guesses_that_fit_and_pays_for_it(tmp_path, monkeypatch):
    lists = tree_lists(tmp_path, monkeypatch, GUESSES, ATCH)
    given = {"words": lists[1], "answers": lists[3], "max_guesses": 8, "start": "whelp"}
    ultra, hard = tree(ultra_hard=True, **given), tree(hard=True, **given)
    for made, fits in ((ultra, True), (hard, False)):
        paths = made.tree.paths()
        assert sorted(paths) == ATCH
        every = all(
            fits_every_reply(g, path[:i])
            for path in paths.values()
            for i, (g, _) in enumerate(path)
        )
        assert every == fits  # (WHELP then CHIMP in hard mode: P is grey)
    assert ultra.total > hard.total  # the best hard-mode tree is no ultra-hard tree
    result = invoke("tree", *lists, "--ultra-hard", "--max-guesses", "8", "--start", "whelp")
    assert result.returncode == 0 and f"total {ultra.total}" in result.stdout


# --- the host ------------------------------------------------------------------------------


def test_the_host_refuses_a_guess_that_breaks_it_with_the_rule_and_the_game_as_it_was():
    game = practice(seed=3, ultra_hard=True)
    assert game.answers == ("porch",)  # (the draw is the hard-mode game's)
    game.guess("crane")
    for word, broken in [
        ("coral", BrokenRule("grey", "a")),
        ("chord", BrokenRule("not_there", "c", place=0)),
        ("cloth", BrokenRule("contains", "r", count=1)),
    ]:
        rows, history = list(game.rows), game.position.history
        with pytest.raises(Refused) as error:
            game.guess(word)
        assert error.value.broken == broken
        assert str(error.value) == broken.words() and "\n" not in str(error.value)
        assert game.rows == rows and game.position.history == history and game.turns == 1
    assert game.guess("torch").replies == (reply_for("torch", "porch"),)
    hard = practice(seed=3, hard=True)
    hard.guess("crane")
    assert hard.guess("coral").replies == (reply_for("coral", "porch"),)


def test_the_coach_suggests_only_guesses_the_host_takes():
    for seed in range(4):
        game = practice(seed=seed, ultra_hard=True)
        while not game.done:
            suggestion = game.hint().suggestion.lower()
            assert fits_every_reply(suggestion, game.position.board(0).history)
            game.guess(suggestion)
        assert game.won


# --- the faces' errors ---------------------------------------------------------------------


def test_practice_on_the_command_line_refuses_in_one_line_and_goes_on():
    result = run_in_process("practice", "--seed", "3", "--ultra-hard", input_text="crane\ncoral\n")
    assert "A is grey: it may not be played again; not counted" in result.stdout
    assert "end of input" in one_line_error(result, 1)


def test_play_refuses_a_reply_to_a_guess_that_breaks_it():
    result = invoke("play", "--ultra-hard", "--start", "crane", input_text="yy...\ncoral .....\n")
    lines = [line for line in result.stdout.splitlines() if "is grey" in line]
    assert len(lines) == 1 and "A is grey: it may not be played again; try again" in lines[0]


@pytest.mark.parametrize(
    "args, says",
    [
        (["solve", "--ultra-hard", "--variant", "fibble", "crane"], "--variant fibble: not with"),
        (["bench", "--ultra-hard", "--boards", "2"], "--ultra-hard is for one board"),
        (["practice", "--ultra-hard", "--variant", "woodle"], "not with --ultra-hard"),
        (["solve", "--ultra-hard", "true", "crane"], "unexpected extra argument (true)"),
    ],
)
def test_the_command_line_refuses_ultra_hard_where_it_means_nothing_in_one_line(args, says):
    assert says in one_line_error(run_in_process(*args))


@pytest.mark.parametrize("command", ["play", "solve", "bench", "tree", "practice"])
def test_every_command_that_takes_hard_mode_takes_ultra_hard(command):
    assert "--ultra-hard" in invoke(command, "--help").stdout


@pytest.mark.parametrize(
    "call",
    [
        lambda: options(ultra_hard="yes"),
        lambda: solve("crane", ultra_hard=1),
        lambda: practice(ultra_hard=None),
        lambda: bench(["crane"], ultra_hard="true"),
        lambda: tree(ultra_hard=0),
    ],
)
def test_the_api_names_ultra_hard_given_a_wrong_type(call):
    with pytest.raises(SetupError, match="^ultra_hard must be bool, not "):
        call()


def test_the_api_says_ultra_hard_means_nothing_in_a_variant_or_on_boards():
    with pytest.raises(SetupError, match="variant fibble: not with ultra_hard"):
        options(variant="fibble", ultra_hard=True)
    with pytest.raises(SetupError, match="^ultra_hard is for one board"):
        options(boards=4, ultra_hard=True)


def test_the_review_judges_a_guess_by_ultra_hard_and_says_so():
    reviewed = review("crane", "coral", "porch", answer="porch", ultra_hard=True)
    assert reviewed.ultra_hard
    problems = [turn.hard_mode_problem for turn in reviewed.turns]
    assert problems == ["", "A is grey: it may not be played again", ""]
    hard = review("crane", "coral", "porch", answer="porch", hard=True)
    assert [turn.hard_mode_problem for turn in hard.turns] == ["", "", ""]
    text = invoke("review", "porch", "crane", "coral", "porch", "--ultra-hard").stdout
    assert "[breaks ultra-hard: A is grey: it may not be played again;" in text


def test_an_ultra_hard_tree_is_stored_apart_from_hard_modes_and_normal_modes(tmp_path):
    words = wordlist(GUESSES)
    paths = {
        treefiles.path_for(tmp_path, GameState.new(words, rules=Rules(5, **mode)), 8)
        for mode in ({}, {"hard": True}, {"ultra_hard": True})
    }
    assert len(paths) == 3


def test_letter_counts_count_each_letter_of_each_word():
    words = ["sassy", "abbey", "zzzzz", "turks"]
    codes = np.array([[ord(ch) - 97 for ch in w] for w in words], np.uint8)
    counts = letter_counts(codes, 26)
    assert counts.shape == (26, 4)
    for j, word in enumerate(words):
        assert [int(counts[i, j]) for i in range(26)] == [
            word.count(chr(97 + i)) for i in range(26)
        ]
