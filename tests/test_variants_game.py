"""A variant's game (engine/variants/state.py), its chooser (strategies/shown.py) and its
referee (games/referees.py), played and benched by the one loop (games/play.py,
games/bench.py), on small hand-made lists: each held to what the rules say, filters to a
brute force over every world."""

import itertools

import numpy as np
import pytest
import variant_rules as rules
from helpers import wordlist

from lenwordle.engine.feedback import reply_for
from lenwordle.engine.position import Target
from lenwordle.engine.state import GameState
from lenwordle.engine.variants import variant
from lenwordle.engine.variants.fibble import lies
from lenwordle.engine.variants.state import NotAllowed, NoWorlds, VariantGame, targets_for
from lenwordle.games import play
from lenwordle.games.bench import CachedStrategy, run
from lenwordle.games.play import play_game
from lenwordle.games.referees import HiddenAnswers
from lenwordle.strategies.shown import ShownRowsStrategy, choose

AZ = "abcdefghijklmnopqrstuvwxyz"
WORDS = [  # answers: anagrams, repeated letters, near letters, pairs with no letter shared
    "crane", "flame", "pills", "vague", "weary", "wound", "spoil", "oxide", "ghost", "value",
    "abide", "speed", "ideal", "tepid", "eerie", "mummy", "gamma", "shard", "hoard",
]  # fmt: skip
GUESSES = ["cwmby", "fjord", "nymph", "blitz"]  # allowed, never the answer
WIN = 3**5 - 1


class Scripted:
    """A chooser that plays these words in turn (the last again once they run out)."""

    def __init__(self, *words):
        self.words = words

    def choose_boards(self, game):
        return self.words[min(len(game.history), len(self.words) - 1)]


class Choosing:
    """A chooser of a function of the game (choose, by default)."""

    def __init__(self, function=choose):
        self.function = function

    def choose_boards(self, game):
        return self.function(game)


def play_variant(game, target, chooser=Choosing(), accepted=None):
    """Return the game played by chooser against target (games.play.Game)."""
    return play_game(chooser, game, HiddenAnswers(target), accepted)


def start(name, words=WORDS, guesses=GUESSES):
    """Return the start of a game of the variant on these answers (and more guesses)."""
    lists = GameState.new(wordlist(words + guesses), wordlist(words), uniform=True)
    return VariantGame.new(variant(name), lists)


def world_set(game):
    """Return the game's worlds as a set of (answers, swapped, found)."""
    words = game.lists.answers.words_at
    return {
        (tuple(words(rows)), bool(swapped), tuple(found.tolist()))
        for rows, swapped, found in zip(game.worlds.rows, game.worlds.swapped, game.worlds.found)
    }


def true_row(name, guess, answers, swapped):
    """Return the reference's true row of guess in a world (its code; Woodle: its count)."""
    if name == "xordle":
        return rules.code(rules.xordle(guess, *answers))
    if name == "warmle":
        return rules.code(rules.warmle(guess, answers[0], AZ))
    if name == "peaks":
        return rules.code(rules.peaks(guess, answers[0], AZ))
    if name == "woodle":
        return rules.woodle(guess, answers[0])
    return rules.code(rules.hardle(guess, answers[0], swapped))


def shown_rows(name, guess, answers, swapped):
    """Return the reference's rows the game may show in a world, code -> chance."""
    row = true_row(name, guess, answers, swapped)
    return rules.fibble(rules.row_of(row, 5)) if name == "fibble" else {row: 1.0}


# Fibble's lies, over every reply of 1 to 6 tiles


@pytest.mark.parametrize("k", range(1, 7))
def test_fibble_lies_are_2k_rows_never_all_green_but_a_win(k):
    codes = np.arange(3**k)
    rows, chances = lies(codes, k)
    win = 3**k - 1
    assert rows.shape == chances.shape == (3**k, 2 * k)
    assert np.allclose(chances.sum(axis=1), 1)
    digits = (codes[:, None] // 3 ** np.arange(k)) % 3
    for code, row, chance, true in zip(codes, rows, chances, digits):
        if code == win:
            assert (row == win).all()
            continue
        assert len(set(row.tolist())) == 2 * k  # each a different lie
        assert not (chance[row == win] > 0).any()
        one_off = (true != 2).sum() == 1  # one tile from all green: one lie would be a win
        live = chance > 0
        assert live.sum() == 2 * k - (1 if one_off else 0)
        assert np.allclose(chance[live], 1 / live.sum())
        for lie in row:  # each differs from the truth in exactly one tile
            assert (((lie // 3 ** np.arange(k)) % 3) != true).sum() == 1


# The worlds at the start


def test_xordle_worlds_are_every_pair_with_no_letter_in_common_once():
    game = start("xordle")
    worlds = [tuple(answers) for answers, _, _ in world_set(game)]
    assert len(worlds) == len(game.worlds)  # no pair twice
    want = {frozenset((a, b)) for a, b in itertools.combinations(WORDS, 2) if not set(a) & set(b)}
    assert {frozenset(pair) for pair in worlds} == want and len(want) == len(worlds)
    assert ("vague", "pills") in worlds or ("pills", "vague") in worlds


@pytest.mark.parametrize("words", [WORDS, WORDS[:4]])  # an odd number of answers, even
def test_hardle_worlds_are_each_answer_plain_and_swapped_alike(words):
    game = start("hardle", words)
    assert len(game.worlds) == 2 * len(words)
    assert world_set(game) == {
        ((w,), swapped, (False,)) for w in words for swapped in (False, True)
    }
    assert np.allclose(game.worlds.weights, game.worlds.weights[0])


# after() keeps exactly the worlds a brute force keeps


@pytest.mark.parametrize(
    "name", ["wordle", "fibble", "xordle", "warmle", "peaks", "woodle", "hardle", "antiwordle"]
)
def test_after_keeps_the_worlds_that_may_show_the_row(name):
    game = start(name)
    for guess in ["crane", "speed", "cwmby", "gamma"]:
        everything = world_set(game)
        weights = {
            (tuple(game.lists.answers.words_at(rows)), bool(s)): w
            for rows, s, w in zip(game.worlds.rows, game.worlds.swapped, game.worlds.weights)
        }
        possible = set()
        for answers, swapped, _ in everything:
            possible |= set(shown_rows(name, guess, answers, swapped))
        for shown in sorted(possible):
            after = game.after(guess, shown)
            chance = {
                (answers, swapped): shown_rows(name, guess, answers, swapped).get(shown, 0)
                for answers, swapped, _ in everything
            }
            want = {
                (answers, swapped, tuple(w == guess for w in answers))
                for (answers, swapped), c in chance.items()
                if c > 0
            }
            assert world_set(after) == want, (guess, shown)
            got = {
                (tuple(after.lists.answers.words_at(rows)), bool(s)): w
                for rows, s, w in zip(
                    after.worlds.rows, after.worlds.swapped, after.worlds.weights
                )
            }
            for key, w in got.items():  # the prior times the chance of the row shown
                assert w == pytest.approx(weights[key] * chance[key])
        impossible = next(c for c in range(WIN + 1) if c not in possible)
        with pytest.raises(NoWorlds):
            game.after(guess, impossible)


def test_after_twice_keeps_the_worlds_that_fit_both_rows():
    for name in ["fibble", "hardle", "xordle"]:
        game = start(name)
        truth = (("crane", "pills") if name == "xordle" else ("crane",), name == "hardle")
        played = game
        for guess in ["speed", "ghost"]:
            played = played.after(guess, max(shown_rows(name, guess, *truth)))
        want = {
            (answers, swapped, tuple(False for _ in answers))
            for answers, swapped, _ in world_set(game)
            if all(
                max(shown_rows(name, guess, *truth)) in shown_rows(name, guess, answers, swapped)
                for guess in ["speed", "ghost"]
            )
        }
        assert world_set(played) == want and (truth[0], truth[1], (False,) * len(truth[0])) in want


# Xordle: both answers to find


def test_xordle_is_won_when_both_answers_are_found_not_one():
    game = start("xordle", ["vague", "pills", "crane", "mummy", "ghost"])
    game = game.after("vague", rules.code(rules.xordle("vague", "vague", "pills")))
    assert not game.outcome().over and not game.outcome().won
    assert game.remaining_words()[0] == "pills"
    game = game.after("pills", WIN)
    assert game.outcome().over and game.outcome().won


def test_xordle_all_green_without_an_answer_is_no_win():
    # VALUE shows all green against VAGUE and PILLS, neither of them, as it does when it
    # is an answer (beside GHOST); the game says which
    game = start("xordle", ["vague", "pills", "value", "crank", "ghost"])
    shown = game.after("value", WIN)
    assert world_set(shown) == {
        (("ghost", "value"), False, (False, True)),
        (("pills", "vague"), False, (False, False)),
    }
    assert not shown.outcome().over
    missed = game.after("value", WIN, hit=False)
    assert world_set(missed) == {(("pills", "vague"), False, (False, False))}
    found = game.after("value", WIN, hit=True)
    assert world_set(found) == {(("ghost", "value"), False, (False, True))}
    assert not found.outcome().over and found.remaining_words() == ["ghost"]


def test_xordle_ends_a_world_at_its_second_answer_only():
    game = start("xordle", ["vague", "pills", "crane", "mummy"])
    worlds = [tuple(game.lists.answers.words_at(rows)) for rows in game.worlds.rows]
    assert not game.ends("vague").any()
    after = game.after("vague", WIN, hit=True)
    assert world_set(after) == {(("pills", "vague"), False, (False, True))}
    assert after.ends("pills").tolist() == [True] and not after.ends("crane").any()
    assert after.ends("vague").tolist() == [False]  # found already: one to go
    assert len(worlds) == 4


# Hardle: which colour means which stays open until a row tells


def test_hardle_keeps_both_colourings_after_a_row_that_does_not_tell():
    game = start("hardle").after("cwmby", 0)  # all grey: the same either way
    assert {(answers, swapped) for answers, swapped, _ in world_set(game)} >= {
        (("pills",), False),
        (("pills",), True),
        (("speed",), False),
        (("speed",), True),
    }
    assert game.worlds.swapped.any() and not game.worlds.swapped.all()


def test_hardle_all_yellow_on_the_answer_when_swapped_ends_the_game():
    game = start("hardle").after("pills", rules.code((1,) * 5))
    assert world_set(game) == {(("pills",), True, (True,))}
    assert game.outcome().over and game.outcome().won


def test_hardle_is_over_when_the_answer_is_played_though_an_anagram_shows_the_same():
    # ANGEL against GLEAN, swapped: every letter elsewhere, shown green: all green, as
    # ANGEL against itself. The game says when it is won.
    game = start("hardle", ["angel", "glean", "crane"])
    assert world_set(game.after("angel", WIN)) == {
        (("angel",), False, (True,)),
        (("glean",), True, (False,)),
    }
    assert not game.after("angel", WIN).outcome().over  # GLEAN swapped is still to find
    # GLEAN next, all yellow: so it shows in ANGEL's world too, but that game would be over
    glean = game.after("angel", WIN).after("glean", rules.code((1,) * 5))
    assert world_set(glean) == {(("glean",), True, (True,))} and glean.outcome().over
    won = game.after("angel", WIN, hit=True)
    assert world_set(won) == {(("angel",), False, (True,))}
    assert won.outcome().over and won.outcome().won
    lost = game.after("angel", WIN, hit=False)
    assert world_set(lost) == {(("glean",), True, (False,))} and not lost.outcome().over
    played = play_variant(game, Target(("angel",)), Scripted("angel"))
    assert played.turns == [("angel", ("ggggg",))] and played.guesses == 1


# Antiwordle's rules


def test_antiwordle_refuses_a_grey_letter_again_and_wants_yellows_and_greens():
    game = start("antiwordle")
    assert game.allows(game.encode(WORDS + GUESSES)).all()  # anything at first
    # SPEED against ABIDE: . . y . y (the second E grey: one E in ABIDE)
    assert reply_for("speed", "abide") == "..y.y"
    game = game.after("speed", rules.code(rules.wordle("speed", "abide")))
    allowed = dict(zip(WORDS + GUESSES, game.allows(game.encode(WORDS + GUESSES))))
    assert allowed["ideal"]  # E and D used, no S nor P: the grey E does not ban E
    assert not allowed["tepid"]  # P was grey
    assert not allowed["crane"]  # no D
    assert not allowed["fjord"]  # no E
    assert not allowed["speed"]  # played already
    with pytest.raises(NotAllowed):
        game.after("tepid", 0)
    # IDEAL against ABIDE: y y y y . : L is banned, I, D, E and A wanted
    game = game.after("ideal", rules.code(rules.wordle("ideal", "abide")))
    assert not game.allows(game.encode(["ideal"]))[0]


def test_antiwordle_keeps_a_green_in_its_place():
    game = start("antiwordle", ["shard", "hoard", "crane", "weary"])
    # SHARD against HOARD: . y g g g
    game = game.after("shard", rules.code(rules.wordle("shard", "hoard")))
    assert game.allows(game.encode(["hoard"])).tolist() == [True]
    words = ["board", "broad", "heard", "shard"]
    game = start("antiwordle", ["hoard", "crane", *words])
    game = game.after("hoard", rules.code(rules.wordle("hoard", "board")))  # . g g g g
    allowed = dict(zip(words, game.allows(game.encode(words)).tolist()))
    # BROAD has O A R D, out of place; HEARD and SHARD an H, grey
    assert allowed == {"board": True, "broad": False, "heard": False, "shard": False}


@pytest.mark.parametrize("answer", ["abide", "eerie", "gamma", "spoil"])
def test_antiwordle_allows_as_the_reference_after_two_rows(answer):
    words = WORDS + GUESSES
    for first, second in itertools.permutations(["speed", "gamma", "crane", "eerie", "tepid"], 2):
        game = start("antiwordle")
        rows = []
        for guess in (first, second):
            if rows and not rules.antiwordle_keeps(guess, rows):
                break
            game = game.after(guess, rules.code(rules.wordle(guess, answer)))
            rows.append((guess, reply_for(guess, answer)))
        played = {word for word, _ in rows}
        want = [rules.antiwordle_keeps(w, rows) and w not in played for w in words]
        assert game.allows(game.encode(words)).tolist() == want, rows


def test_antiwordle_ends_at_the_first_hit():
    game = start("antiwordle").after("crane", 0)
    assert not game.outcome().over
    game = game.after("pills", WIN)
    assert game.outcome().over and not game.outcome().won
    played = play_variant(start("antiwordle"), Target(("pills",)), Scripted("crane", "pills"))
    assert played.guesses == 1 and not played.won


# refuse()


def test_refuse_drops_the_word_from_guesses_and_worlds():
    for name in ["wordle", "fibble", "woodle", "antiwordle", "xordle", "hardle"]:
        game = start(name)
        first = choose(game)
        refused = game.refuse(first)
        assert choose(refused) != first
        for word in WORDS:
            less = game.refuse(word)
            assert word not in {w for answers, _, _ in world_set(less) for w in answers}
            assert word not in less.remaining_words()
            assert world_set(less) == {w for w in world_set(game) if word not in w[0]}
        later = refused.after("gamma", 0)  # a refused word stays refused
        assert choose(later) != first and first in later.lists.refused
        assert world_set(game.refuse("cwmby")) == world_set(game)
    with pytest.raises(NoWorlds):
        start("wordle", ["crane", "pills"]).refuse("crane").refuse("pills")


# The referee


def test_the_referee_draws_the_same_lies_for_the_same_target():
    game = start("fibble")
    guesses = ["crane", "speed", "ghost", "cwmby", "nymph", "fjord", "tepid"]
    for answer in ["pills", "abide", "gamma"]:
        target = Target((answer,))
        first = HiddenAnswers(target)
        second = HiddenAnswers(target)
        shown = [first.replies(game, g) for g in guesses]
        assert shown == [second.replies(game, g) for g in guesses]
        for guess, row in zip(guesses, shown):
            assert rules.fibble(rules.wordle(guess, answer))[row] > 0
        assert play_variant(game, target).turns == play_variant(game, target).turns


def test_fibbles_referee_never_lies_on_a_win():
    game = start("fibble")
    for answer in WORDS:
        referee = HiddenAnswers(Target((answer,)))
        for _ in range(5):
            assert referee.replies(game, answer) == WIN
            assert referee.replies(game, "cwmby") != WIN


def test_the_referee_plays_hardles_swap_and_xordles_two_answers():
    game = start("hardle")
    swapped = HiddenAnswers(Target(("pills",), swapped=True))
    assert swapped.replies(game, "pills") == rules.code((1,) * 5)
    assert swapped.replies(game, "spoil") == rules.code(rules.hardle("spoil", "pills", True))
    game = start("xordle")
    both = HiddenAnswers(Target(("vague", "pills")))
    assert both.replies(game, "value") == WIN
    assert both.replies(game, "weary") == rules.code(rules.xordle("weary", "vague", "pills"))
    # the game is the authority: an answer the solver does not know still gets its replies
    unknown = HiddenAnswers(Target(("cwmby", "vague")))
    assert unknown.replies(game, "weary") == rules.code(rules.xordle("weary", "cwmby", "vague"))


# The chooser


@pytest.mark.parametrize("name", ["wordle", "fibble", "xordle", "woodle", "hardle", "antiwordle"])
def test_choose_is_deterministic_and_plays_by_the_rules(name):
    game = start(name)
    assert choose(game) == choose(game) == choose(start(name))
    assert choose(game, "entropy") == choose(start(name), "entropy")
    target = Target(("vague", "pills") if name == "xordle" else ("abide",))
    referee = HiddenAnswers(target)
    while not game.outcome().over and len(game.history) < 6:
        guess = choose(game)
        assert game.allows(game.encode([guess]))[0], (name, game.history, guess)
        game = game.after(guess, referee.replies(game, guess))


def test_choose_breaks_a_tie_by_the_first_word():
    # CRANE or CRANK: either wins half the time and leaves the other; no other word does
    for metric in ("expected", "entropy"):
        assert choose(start("wordle", ["crank", "crane"], []), metric) == "crane"
        assert choose(start("fibble", ["crank", "crane"], []), metric) == "crane"


def test_choose_returns_the_only_answer_left():
    for name in ["wordle", "fibble", "warmle", "peaks", "woodle", "hardle"]:
        game = start(name)
        for word in WORDS:
            if word != "gamma":
                game = game.refuse(word)
        assert game.remaining_words() == ["gamma"]
        assert choose(game) == "gamma"


def test_xordle_chooses_an_answer_when_one_world_is_left():
    game = start("xordle", ["vague", "pills", "crane", "mummy"])
    pair = {"vague", "pills"}
    game = game.refuse("crane").refuse("mummy")
    assert {answers for answers, _, _ in world_set(game)} in (
        {("vague", "pills")},
        {("pills", "vague")},
    )
    assert choose(game) in pair
    game = game.after(choose(game), WIN)
    assert set(game.remaining_words()) == pair - {game.history[0][0]}
    assert choose(game) in pair - {game.history[0][0]}


def test_antiwordle_avoids_the_answer_when_it_can():
    game = start("antiwordle", ["crane", "pills"], ["cwmby", "fjord"])
    game = game.refuse("crane")  # one answer left: it is not what Antiwordle plays
    assert choose(game) != "pills"


# The bench


def test_bench_gives_the_same_with_one_worker_or_two():
    for name in ["fibble", "xordle", "hardle"]:
        game = start(name)
        targets = targets_for(variant(name), WORDS[:6])
        one = run(ShownRowsStrategy("expected-guesses"), game, targets, workers=1)
        two = run(ShownRowsStrategy("expected-guesses"), game, targets, workers=2)
        assert one.guesses == two.guesses
        assert list(one.guesses) == [t.name for t in targets]
        assert one.limit == variant(name).limit


def test_targets_pair_xordles_answers_and_swap_every_other_hardle():
    # each word with the next that shares no letter, wrapping round
    targets = targets_for(variant("xordle"), ["vague", "value", "pills", "crony"])
    assert [t.answers for t in targets] == [
        ("vague", "pills"),
        ("value", "crony"),
        ("pills", "crony"),
        ("crony", "vague"),
    ]
    hardle = targets_for(variant("hardle"), ["vague", "value", "pills"])
    assert [t.swapped for t in hardle] == [False, True, False]
    assert hardle[1].name == "value (swapped)"
    assert [t.answers for t in targets_for(variant("fibble"), ["vague"])] == [("vague",)]


def test_score_counts_a_win_a_loss_and_the_guesses_survived():
    pills = Target(("pills",))
    lost = play_variant(start("wordle"), pills, Scripted("crane"))
    assert lost.guesses == 0 and len(lost.turns) == variant("wordle").limit and not lost.won
    won = play_variant(start("wordle"), pills, Scripted("crane", "pills"))
    assert won.guesses == 2 and won.won
    survived = play_variant(start("antiwordle"), pills, Scripted("crane", "ghost", "pills"))
    assert survived.guesses == 2 and not survived.won


def test_a_remembered_choice_is_for_the_game_told_the_same_hits():
    """VALUE shows all green against VAGUE + PILLS without being an answer: the same rows
    with the game saying "found" or "not found" are two games, each with its own choice,
    whichever the cache met first (else bench's figures depend on its workers)."""
    game = start("xordle")
    found = game.after("value", WIN, hit=True)
    not_found = game.after("value", WIN, hit=False)
    assert choose(found) != choose(not_found)
    for first, second in ((found, not_found), (not_found, found)):
        cached = CachedStrategy(ShownRowsStrategy("expected-guesses"))
        cached.choose_boards(first)
        assert cached.choose_boards(second) == choose(second)


def test_a_sample_of_worlds_drawn_by_their_chances_counts_each_draw_once():
    from lenwordle.engine.variants.base import Worlds
    from lenwordle.strategies.shown import spread_sample

    worlds = Worlds(np.arange(5)[:, None], np.array([1.0, 1, 2, 4, 0]))
    assert spread_sample(worlds, 5) is worlds  # exactly the size: all, as they are
    sample = spread_sample(worlds, 4)  # one fewer: drawn at 1, 3, 5, 7 of the total 8
    assert sample.rows[:, 0].tolist() == [0, 2, 3, 3]
    assert sample.weights.tolist() == [1.0] * 4  # drawn by chance: each draw alike


@pytest.mark.parametrize(
    ("text", "k", "code"),
    [("21", 5, 2 * 6 + 1), ("2 1", 5, 13), ("2g1y", 5, 13), ("1 1", 11, 13), ("2,1", 5, 13)],
)
def test_woodle_reads_greens_and_yellows(text, k, code):
    from lenwordle.engine.variants.notation import parse_shown

    assert parse_shown(variant("woodle"), text, k) == code


@pytest.mark.parametrize("text", ["11", "110", "9 9"])
def test_woodle_refuses_counts_it_cannot_read_at_11_tiles(text):
    from lenwordle.engine.variants.notation import parse_shown

    with pytest.raises(ValueError):
        parse_shown(variant("woodle"), text, 11)


def test_peaks_marks_in_capitals_are_its_marks():
    from lenwordle.engine.variants.notation import parse_shown

    peaks = variant("peaks")
    assert parse_shown(peaks, "GGGGG", 5) == 3**5 - 1
    assert parse_shown(peaks, "GUDUD", 5) == parse_shown(peaks, "g^v^v", 5)


@pytest.mark.parametrize("k", [11, 12])  # the last length kept in a table, and one past
def test_reply_digits_from_the_table_and_past_it_are_the_codes_digits(k):
    from lenwordle.engine.variants.base import TABLE_UP_TO, digits_of

    assert TABLE_UP_TO == 11
    codes = np.array([0, 1, 3**k - 1, 3 ** (k - 1) * 2 + 5])
    expected = [rules.row_of(int(c), k) for c in codes]
    assert [tuple(row) for row in digits_of(codes, k).tolist()] == expected


@pytest.mark.parametrize("k", [12, 13])  # the last length Woodle counts by a table, one past
def test_woodles_counts_by_table_and_past_it_are_the_references(k):
    from lenwordle.engine.variants.woodle import COUNTED_UP_TO

    assert COUNTED_UP_TO == 3**12
    words = ["abcdefabcdefa"[:k], "bacdefabcdeff"[:k], "aaaaaaaaaaaaa"[:k]]
    game = start("woodle", words, [])
    codes = game.replies(game.encode(words[:1]))[0]
    answers = game.lists.answers.words_at(game.worlds.rows[:, 0])
    assert codes.tolist() == [rules.woodle(words[0], a) for a in answers]


@pytest.mark.parametrize(("text", "k", "code"), [("21", 9, 2 * 10 + 1), ("2 1", 10, 2 * 11 + 1)])
def test_woodles_two_digits_together_read_below_10_tiles_only(text, k, code):
    from lenwordle.engine.variants.notation import parse_shown

    assert parse_shown(variant("woodle"), text, k) == code
    with pytest.raises(ValueError):
        parse_shown(variant("woodle"), "21", 10)  # 10 tiles: 21 greens, or 2 and 1?


def test_a_game_gives_up_at_its_cap_of_refusals_and_is_lost(monkeypatch):
    """A game that accepts nothing refuses exactly MAX_REFUSALS guesses, then is given up:
    lost, never played on with the words it refused (as Wordle's)."""
    monkeypatch.setattr(play, "MAX_REFUSALS", 3)
    game = start("fibble")
    played = play_variant(game, Target(("vague",)), accepted=set())
    assert len(played.refused) == 3 and not played.turns and played.guesses == 0


def test_a_game_refused_one_fewer_than_its_cap_plays_on(monkeypatch):
    monkeypatch.setattr(play, "MAX_REFUSALS", 3)
    game = start("fibble")
    first = [choose(game)]
    first.append(choose(game.refuse(first[0])))
    accepted = set(WORDS + GUESSES) - set(first)  # the first two suggestions refused
    played = play_variant(game, Target(("vague",)), accepted=accepted)
    assert played.refused == first and played.won


# What a game says of itself: its end, its title, what is left, why a target cannot be one


def test_a_game_is_out_at_its_last_guess_without_the_answer():
    game = VariantGame.new(variant("wordle"), start("wordle").lists, max_guesses=2)
    game = game.after("crane", rules.code(rules.wordle("crane", "vague")))
    assert not game.outcome().over and game.open_boards() == [0]
    assert game.title() == "wordle X/2"
    game = game.after("pills", rules.code(rules.wordle("pills", "vague")))
    assert game.outcome().ending == "out" and game.open_boards() == []
    assert game.title() == "wordle X/2" and not game.outcome().won
    fit = [
        a
        for a in WORDS
        if all(rules.wordle(g, a) == rules.wordle(g, "vague") for g in ["crane", "pills"])
    ]
    assert game.left() == game.counts()[0] == len(fit)  # VAGUE among them, not found


def test_a_won_game_is_solved_and_has_nothing_left():
    game = start("wordle").after("crane", rules.code(rules.wordle("crane", "vague")))
    fit = [a for a in WORDS if rules.wordle("crane", a) == rules.wordle("crane", "vague")]
    assert game.left() == len(fit) > 1 and game.counts() == [len(fit)]
    game = game.after("vague", WIN)
    assert game.outcome().ending == "solved" and game.open_boards() == []
    assert game.title() == "wordle 2/6"
    assert game.left() == 0 and game.counts() == [None]


def test_antiwordles_title_counts_the_guesses_survived():
    game = start("antiwordle").after("crane", 0)
    assert game.title() == "antiwordle: survived 1" and not game.outcome().over
    game = game.after("pills", WIN)  # the second guess hit: one survived
    assert game.title() == "antiwordle: survived 1" and game.outcome().ending == "hit"


@pytest.mark.parametrize(
    ("name", "answers", "problem"),
    [
        ("xordle", ["crane"], "xordle needs 2 answers, not 1"),
        ("wordle", ["crane", "pills"], "wordle needs 1 answer, not 2"),
        (
            "xordle",
            ["crane", "flame"],
            "CRANE and FLAME share a letter: Xordle's two answers share none",
        ),
        ("xordle", ["pills", "vague"], ""),
        ("xordle", ["ghost", "abide"], ""),
        ("wordle", ["crane"], ""),
    ],
)
def test_a_target_that_cannot_be_a_game_of_the_variant_says_why(name, answers, problem):
    assert start(name).target_problem(answers) == problem


def test_a_word_is_an_answer_in_some_worlds_only_while_the_row_cannot_tell():
    first = start("hardle", ["angel", "glean", "crane"])
    assert first.answer_in("angel")  # in its two worlds of six
    assert not first.answer_in("cwmby")  # in none
    game = first.after("angel", WIN)  # ANGEL plain, or GLEAN swapped
    assert game.answer_in("angel") and game.answer_in("glean")
    assert not first.after("angel", WIN, hit=True).answer_in("angel")  # in every world
    assert not start("antiwordle").answer_in("crane")  # a hit ends Antiwordle: it tells


def test_hardles_word_told_a_hit_after_an_anagrams_row_ends_the_game():
    # after ANGEL all green, GLEAN swapped is the only world going on: all yellow, a hit
    game = start("hardle", ["angel", "glean", "crane"]).after("angel", WIN)
    game = game.after("glean", rules.code((1,) * 5), hit=True)
    assert world_set(game) == {(("glean",), True, (True,))} and game.outcome().won


def test_ends_says_which_worlds_a_guess_ends_their_last_answer_found():
    from lenwordle.engine.variants.base import Worlds

    game = start("xordle")
    row = {word: game.lists.answers.row(word) for word in ["pills", "vague", "ghost", "abide"]}
    worlds = Worlds(
        np.array([[row["ghost"], row["abide"]], [row["vague"], row["pills"]],
                  [row["pills"], row["ghost"]]], np.intp),
        np.ones(3),
        found=np.array([[True, True], [True, False], [False, False]]),
    )  # fmt: skip
    # PILLS: not in the first (over already), the second's last answer, the third's first
    assert game.ends("pills", worlds).tolist() == [False, True, False]
    assert game.ends("ghost", worlds).tolist() == [True, False, False]
    assert game.hits("pills", worlds).tolist() == [[False, False], [False, True], [True, False]]


def test_the_games_messages_name_the_guess_in_capitals():
    with pytest.raises(NoWorlds, match="^no wordle game shows that reply to CRANE$"):
        start("wordle").after("crane", rules.code((1,) * 5))  # no anagram of CRANE here
    with pytest.raises(NoWorlds, match="^CRANE was the only answer left$"):
        start("wordle", ["crane", "pills"]).refuse("pills").refuse("crane")
    game = start("antiwordle").after("speed", rules.code(rules.wordle("speed", "abide")))
    with pytest.raises(NotAllowed, match="^TEPID breaks the rules of antiwordle$"):
        game.after("tepid", 0)


def test_the_likeliest_answers_come_first_with_their_weights():
    zipf = [1.0 + 0.25 * i for i in range(len(WORDS))]  # each answer its own frequency
    allowed = wordlist(WORDS + GUESSES, zipf=zipf + [3.0] * len(GUESSES))
    lists = GameState.new(allowed, wordlist(WORDS, zipf=zipf))
    for name in ["wordle", "hardle", "xordle"]:
        game = VariantGame.new(variant(name), lists)
        weights = lists.weights
        mass = {}  # each answer's weight summed over the worlds that hide it
        for rows, weight in zip(game.worlds.rows.tolist(), game.worlds.weights.tolist()):
            for r in rows:
                mass[r] = mass.get(r, 0.0) + weight
        order = sorted(mass, key=lambda r: (-mass[r], r))
        words, chances, total = game.chances()
        assert words == game.lists.answers.words_at(np.array(order)) == game.remaining_words()
        assert chances.tolist() == pytest.approx([mass[r] for r in order])
        assert total == pytest.approx(game.worlds.weights.sum())
        if name != "xordle":  # one answer a world: each answer's chance is its prior's
            assert mass == pytest.approx(dict(enumerate(weights.tolist())))


def test_a_nerdle_game_takes_only_equations():
    from lenwordle.engine.variants.nerdle import equation_list

    equations = ["1+2=3", "2+1=3", "2*3=6", "3-2=1", "9-8=1"]
    lists = GameState.new(equation_list(equations, 5), uniform=True)
    game = VariantGame.new(variant("nerdle"), lists)
    with pytest.raises(NotAllowed, match="^1\\+1=3 is no equation nerdle takes$"):
        game.after("1+1=3", 0)
    row = rules.wordle("2+1=3", "1+2=3")
    after = game.after("2+1=3", rules.code(row))
    fit = [e for e in equations if rules.wordle("2+1=3", e) == row]
    assert sorted(after.remaining_words()) == sorted(fit)
    assert game.word(game.encode(["9-8=1"])[0]) == "9-8=1"


def test_fibbles_worlds_are_weighed_by_the_chance_of_the_lie_shown():
    # VALUE against VAGUE is G G . G G (2 2 0 2 2), one tile from a win: 9 lies, not 10;
    # against VAXUL G G Y G . : 10 lies. G G Y G G is a lie of both, likelier of VAGUE.
    words = ["vague", "vaxul", "crane"]
    game = start("fibble", words, ["value"])
    shown = rules.code((2, 2, 1, 2, 2))
    chance = {a: rules.fibble(rules.wordle("value", a)).get(shown, 0.0) for a in words}
    assert chance == {"vague": 1 / 9, "vaxul": 1 / 10, "crane": 0.0}
    game = game.after("value", shown)
    weights = dict(zip(game.lists.answers.words_at(game.worlds.rows[:, 0]), game.worlds.weights))
    assert set(weights) == {"vague", "vaxul"}
    assert weights["vague"] / weights["vaxul"] == pytest.approx(10 / 9)
