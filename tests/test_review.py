"""`lenwordle review`: each turn's figures, skill and luck, and the game's, against values
computed by hand on eight words."""

import json
import math
import re
from collections import Counter

import numpy as np
import pytest
from helpers import ROOT, invoke, one_line_error, wordlist

from lenwordle.engine.feedback import reply_for, reply_to_code
from lenwordle.engine.partitions import Parts
from lenwordle.engine.state import GameState
from lenwordle.games.review import (
    LUCK_BANDS,
    SKILL_BANDS,
    band,
    luck,
    mean_rating,
    rating,
    review,
    skill,
    solver_guesses,
    summary,
    turns_against,
    verdict,
)
from lenwordle.strategies.registry import make

EIGHT = ["crane", "crate", "grate", "slate", "plate", "blame", "flame", "frame"]

# CRANE's replies against the eight (uniform weights, 1/8 each):
#   crane ggggg | crate ggg.g | grate, frame .gg.g | slate, plate, blame, flame ..g.g
# parts of 1, 1, 2 and 4 words: expected words left (1 + 1 + 2*2 + 4*4) / 8 = 22/8 = 2.75.
# CRATE's: crate ggggg | crane ggg.g | grate .gggg | frame .gg.g | slate, plate ..ggg |
# blame, flame ..g.g: parts 1, 1, 1, 1, 2, 2: (4 + 4 + 4) / 8 = 1.5 words left.
# After CRANE ..g.g, {slate, plate, blame, flame}; FLAME's replies: flame ggggg |
# blame .gggg | slate, plate .gg.g: (1 + 1 + 4) / 4 = 1.5 words left.
# Expected guesses with the rollouts (8 candidates: expected-guesses rolls out), a guess
# counting 1, two words left 1 + 1/2 = 1.5 (guess one, then the other if needed):
#   FLAME among the four: 1 + 1/4 * 1 (BLAME) + 2/4 * 1.5 = 2.0 (BLAME alike: 2.0);
#   CRANE: 1 + 1/8 * 1 (CRATE) + 2/8 * 1.5 + 4/8 * 2.0 (the four, then BLAME) = 2.5;
#   CRATE: 1 + 3/8 * 1 + 4/8 * 1.5 = 2.125, the best.
# Skill: round(99 x (1 - (E_yours - E_best))), within 0 and 99, half up:
#   CRANE: 99 x (1 - 0.375) = 61.875 -> 62; FLAME (as good as BLAME) 99.
# Luck: 99 x (P(a reply leaves more words) + 0.5 x P(a reply leaves as many)), the
# all-green reply leaving 0 words, half up. CRANE's parts leave 0, 1, 2, 4 words with
# P 1/8, 1/8, 2/8, 4/8:
#   ..g.g (4 left, its worst): 0 + 0.5 x 4/8 = 0.25 -> 24.75 -> 25
#   .gg.g (2 left): 4/8 + 0.5 x 2/8 = 0.625 -> 61.875 -> 62
#   ggg.g (1 left): 6/8 + 0.5 x 1/8 = 0.8125 -> 80.4375 -> 80
#   ggggg (0 left, its best): 7/8 + 0.5 x 1/8 = 0.9375 -> 92.8125 -> 93
# FLAME's parts among the four leave 0, 1, 2 words with P 1/4, 1/4, 2/4:
#   ggggg (its best): 3/4 + 0.5 x 1/4 = 0.875 -> 86.625 -> 87


def eight(hard: bool = False) -> GameState:
    """Return the opening state of a game on the eight words, uniform."""
    return GameState.new(wordlist(EIGHT), uniform=True, hard=hard)


def test_the_figures_of_each_turn_are_those_computed_by_hand():
    crane, flame = review(eight(), make(), turns_against("flame", ["crane", "flame"]))
    assert (crane.guess, crane.reply, crane.possible_before, crane.possible_after) == (
        "crane",
        "..g.g",
        8,
        4,
    )
    assert crane.expected_left == pytest.approx(2.75)
    assert crane.expected_guesses == pytest.approx(2.5)
    assert crane.best_guess == "crate"
    assert crane.best_expected_left == pytest.approx(1.5)
    assert crane.best_expected_guesses == pytest.approx(2.125)
    assert (crane.skill, crane.luck) == (62, 25)
    assert not crane.matched_best and crane.could_be_answer and not crane.solved
    assert (flame.possible_before, flame.possible_after, flame.solved) == (4, 1, True)
    assert flame.expected_left == pytest.approx(1.5)
    assert flame.expected_guesses == pytest.approx(2.0)
    assert (flame.skill, flame.luck) == (99, 87)
    # BLAME is the solver's pick (as good, and first alphabetically): FLAME matches it
    assert flame.best_guess == "blame" and flame.best_expected_guesses == pytest.approx(2.0)
    assert flame.matched_best
    # the game: skill (62 + 99) / 2 = 80.5 -> 81 (half up), luck (25 + 87) / 2 = 56; it
    # expects CRATE's 2.125 guesses from the start, 2 were played: 0.125 fewer
    assert summary([crane, flame], 3) == {
        "guesses": 2,
        "solved": True,
        "limit": 6,
        "won": True,
        "skill": 81,
        "luck": 56,
        "expected_guesses": pytest.approx(2.125),
        "over_expected": pytest.approx(-0.125),
        "lenwordle_guesses": 3,
        "matched_best": 1,
        "verdict": "Solved in 2, 0.1 fewer than lenwordle expects: good play, average replies.",
    }


@pytest.mark.parametrize(
    "answer, reply, expected",
    [
        ("flame", "..g.g", 25),  # CRANE's worst part: 4 words left, half the chances
        ("grate", ".gg.g", 62),  # 2 left: half the chances leave more, a quarter as many
        ("crate", "ggg.g", 80),
        ("crane", "ggggg", 93),  # solved: 0 left, better than CRATE's 1
    ],
)
def test_the_luck_of_each_reply_to_crane_is_its_percentile(answer, reply, expected):
    (crane,) = review(eight(), make(), turns_against(answer, ["crane"]))
    assert (crane.reply, crane.luck) == (reply, expected)


def parts(*rows: tuple[str, float, int]) -> Parts:
    """Return a partition of (reply, probability, words) rows."""
    codes, masses, counts = zip(*rows)
    return Parts(np.array([reply_to_code(r) for r in codes]), np.array(masses), np.array(counts))


def test_luck_weighs_the_replies_by_their_probability_not_their_words():
    # words left 0 (P 0.5), 3 (P 0.2), 1 (P 0.3): replies weighted by the prior
    guess = parts(("ggggg", 0.5, 1), ("g....", 0.2, 3), (".g...", 0.3, 1))
    assert luck(guess, ".g...") == 35  # 0.2 + 0.5 x 0.3 = 0.35 -> 34.65
    assert luck(guess, "g....") == 10  # 0 + 0.5 x 0.2 = 0.1 -> 9.9
    assert luck(guess, "ggggg") == 74  # 0.5 + 0.5 x 0.5 = 0.75 -> 74.25
    assert luck(parts(("ggggg", 1.0, 1)), "ggggg") is None  # one reply could come
    assert luck(guess, "yyyyy") is None  # no word gives it


@pytest.mark.parametrize(
    "yours, best, expected",
    [
        (2.5, 2.125, 62),  # 0.375 lost: 99 x 0.625 = 61.875
        (2.01, 2.0, 98),  # 0.01 lost: 98.01
        (2.0, 2.0, 99),  # as good as the best: the top
        (1.9, 2.0, 99),  # better than the best: clamped at the top
        (3.0, 2.0, 0),  # a whole guess lost: exactly 0
        (3.25, 2.0, 0),  # more: clamped at 0
        (2.0 + 0.995, 2.0, 0),  # 99 x 0.005 = 0.495 -> 0
        (2.0 + 0.99, 2.0, 1),  # 99 x 0.01 = 0.99 -> 1
        (2.0 + 101 / 198, 2.0, 49),  # 99 x 97/198 = 48.5: half up
        (math.inf, 2.0, 0),
    ],
)
def test_skill_is_the_expected_guesses_lost_against_the_best(yours, best, expected):
    assert skill(yours, best) == expected


def test_ratings_round_half_up():
    assert (rating(0.5 / 99), rating(2.5 / 99), rating(48.5 / 99)) == (1, 3, 49)
    assert (rating(0.49 / 99), rating(0.0), rating(1.0)) == (0, 0, 99)


def test_the_game_means_round_half_up_over_the_turns_that_have_a_rating():
    assert mean_rating([62, 99]) == 81  # 80.5
    assert mean_rating([25, 62, None, None]) == 44  # 43.5: the None turns left out
    assert mean_rating([10, 11, 11]) == 11  # 10.67
    assert mean_rating([None]) is None and mean_rating([]) is None


@pytest.mark.parametrize(
    "value, skill_band, luck_band",
    [
        (99, "excellent", "lucky"),
        (90, "excellent", "lucky"),
        (89, "good", "lucky"),
        (75, "good", "lucky"),
        (74, "fair", "lucky"),
        (67, "fair", "lucky"),
        (66, "fair", "average"),
        (50, "fair", "average"),
        (49, "loose", "average"),
        (34, "loose", "average"),
        (33, "loose", "unlucky"),
        (0, "loose", "unlucky"),
    ],
)
def test_the_bands_begin_at_their_floors(value, skill_band, luck_band):
    assert band(value, SKILL_BANDS) == skill_band
    assert band(value, LUCK_BANDS) == luck_band


def game(**figures) -> dict:
    """Return a game's figures for verdict: solved in 6, 2.4 over, skill 60, luck 20."""
    return {"guesses": 6, "solved": True, "skill": 60, "luck": 20, "over_expected": 2.4} | figures


@pytest.mark.parametrize(
    "figures, said",
    [
        ({}, "Solved in 6, 2.4 more than lenwordle expects: fair play, unlucky replies."),
        (
            {"skill": 90, "luck": 67},
            "Solved in 6, 2.4 more than lenwordle expects: excellent play, lucky replies.",
        ),
        (
            {"over_expected": -0.46},
            "Solved in 6, 0.5 fewer than lenwordle expects: fair play, unlucky replies.",
        ),
        (
            {"over_expected": 0.04},
            "Solved in 6, as many as lenwordle expects: fair play, unlucky replies.",
        ),
        ({"over_expected": None, "luck": None}, "Solved in 6: fair play."),
        ({"solved": False, "guesses": 3}, "Not solved after 3: fair play, unlucky replies."),
        ({"skill": None, "luck": None}, "Solved in 6, 2.4 more than lenwordle expects."),
    ],
)
def test_the_verdict_names_the_outcome_and_the_bands(figures, said):
    assert verdict(game(**figures)) == said


@pytest.mark.parametrize(
    "guesses, limit, said",
    [
        (6, 6, "Solved in 6, 2.4 more than lenwordle expects: fair play, unlucky replies."),
        (7, 6, "Solved in 7, over the limit of 6: fair play, unlucky replies."),
        (7, None, "Solved in 7, 2.4 more than lenwordle expects: fair play, unlucky replies."),
    ],
)
def test_the_verdict_says_a_game_solved_over_the_limit(guesses, limit, said):
    assert verdict(game(guesses=guesses, limit=limit)) == said


def test_lenwordle_plays_its_own_game_on_the_answer():
    # CRATE first; for FLAME ..g.g leaves BLAME and FLAME, as likely: BLAME (first), FLAME
    assert solver_guesses(make(), eight(), "flame") == 3
    assert solver_guesses(make(), eight(), "crate") == 1
    assert solver_guesses(make(), eight(), "plank") is None  # not a word it knows


def test_a_strategy_without_rollouts_is_judged_by_the_expected_guesses_metric():
    (crane,) = review(eight(), make("entropy"), [("crane", "..g.g")])

    def needed(n):  # the metric's guesses for a part of n words
        return 1 + 0.8 * math.sqrt(math.log(n))

    # 1 for CRANE, then for each part but the solved one: P(part) x guesses for its words
    assert crane.expected_guesses == pytest.approx(
        1 + 1 / 8 * needed(1) + 2 / 8 * needed(2) + 4 / 8 * needed(4)
    )
    assert crane.expected_left == pytest.approx(2.75)


def test_hard_mode_flags_a_guess_that_breaks_it_and_judges_it_all_the_same():
    turns = turns_against("flame", ["crane", "blame", "frame", "flame"])
    crane, blame, frame, flame = review(eight(hard=True), make(), turns)
    assert blame.reply == ".gggg" and blame.possible_after == 1
    assert blame.hard_mode_problem == "" and frame.hard_mode_problem == "letter 2 must be L"
    # FLAME alone is left: FRAME (not it) tells nothing, so 1 + FLAME's 1 = 2 guesses;
    # a whole guess lost: skill exactly 0; its one reply is certain: no luck
    assert (frame.possible_before, frame.possible_after, frame.could_be_answer) == (1, 1, False)
    assert frame.expected_left == pytest.approx(1.0) and frame.luck is None
    assert frame.expected_guesses == pytest.approx(2.0) and frame.skill == 0
    assert (frame.best_guess, frame.best_expected_guesses) == ("flame", pytest.approx(1.0))
    assert flame.solved and flame.matched_best and flame.hard_mode_problem == ""
    # BLAME's parts among the four leave 0, 1 (FLAME), 2 words, P 1/4, 1/4, 2/4: .gggg leaves
    # 1: 2/4 + 0.5 x 1/4 = 0.625 -> 62; the game's luck (25 + 62) / 2 = 43.5 -> 44, skill
    # (62 + 99 + 0 + 99) / 4 = 65
    assert (blame.skill, blame.luck, flame.luck) == (99, 62, None)
    assert {k: summary([crane, blame, frame, flame])[k] for k in ("skill", "luck")} == {
        "skill": 65,
        "luck": 44,
    }


def test_turns_with_their_replies_review_as_the_answer_does():
    by_answer = review(eight(), make(), turns_against("flame", ["crane", "flame"]))
    by_replies = review(eight(), make(), [("crane", "00202"), ("flame", "🟩🟩🟩🟩🟩")])
    assert [t.as_dict() for t in by_replies] == [t.as_dict() for t in by_answer]


def test_an_answer_outside_the_words_leaves_no_figures():
    turns = turns_against("plank", ["crane", "slate"])  # CRANE ..y.. matches none of them
    crane, slate = review(eight(), make(), turns)
    assert (crane.possible_after, crane.luck, crane.skill) == (0, None, 62)
    assert crane.expected_left is not None
    assert (slate.possible_before, slate.expected_left, slate.best_guess) == (0, None, None)
    assert (slate.skill, slate.luck) == (None, None)
    assert summary([crane, slate])["luck"] is None
    assert summary([crane, slate])["verdict"] == "Not solved after 2: fair play."


@pytest.fixture
def eight_words(tmp_path):
    """Return the options giving the eight words as the dictionary, uniform."""
    path = tmp_path / "eight.txt"
    path.write_text("\n".join(EIGHT) + "\n")
    return ["--words", str(path), "--uniform"]


def test_the_command_prints_a_block_per_turn_and_a_summary(eight_words):
    result = invoke("review", "flame", "crane", "flame", *eight_words)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "1. CRANE ⬛⬛🟩⬛🟩  8 -> 4 words  skill 62  luck 25",
        "   yours: 2.8 left, 2.50 guesses | best CRATE: 1.5 left, 2.12 guesses",
        "2. FLAME 🟩🟩🟩🟩🟩  4 -> 1 word  skill 99  luck 87  [solved]",
        "   yours: 1.5 left, 2.00 guesses | best BLAME: 1.5 left, 2.00 guesses",
        "Game: skill 81  luck 56 | 1 of 2 as good as the best",
        "Steps: 2 guesses; lenwordle expects 2.12 from the start; it takes 3 on FLAME",
        "Solved in 2, 0.1 fewer than lenwordle expects: good play, average replies.",
    ]


def test_the_json_has_the_answer_each_turn_and_the_summary(eight_words):
    result = invoke("review", "flame", "crane", "flame", "--json", *eight_words)
    game = json.loads(result.stdout)
    assert game["answer"] == "flame" and len(game["turns"]) == 2
    first, last = game["turns"]
    assert set(first) == {
        "guess",
        "reply",
        "possible_before",
        "possible_after",
        "expected_left",
        "expected_guesses",
        "best_guess",
        "best_expected_left",
        "best_expected_guesses",
        "skill",
        "luck",
        "hard_mode_problem",
        "could_be_answer",
        "solved",
        "refused",
        "matched_best",
    }
    assert first["refused"] == [] == last["refused"]  # no WORD! given
    assert (first["best_guess"], first["expected_left"]) == ("crate", 2.75)
    assert (first["skill"], first["luck"], last["skill"], last["luck"]) == (62, 25, 99, 87)
    assert game["summary"] == {
        "guesses": 2,
        "solved": True,
        "limit": 6,
        "won": True,
        "skill": 81,
        "luck": 56,
        "expected_guesses": 2.125,
        "over_expected": -0.125,
        "lenwordle_guesses": 3,
        "matched_best": 1,
        "verdict": "Solved in 2, 0.1 fewer than lenwordle expects: good play, average replies.",
    }


def test_the_text_without_the_answer_has_no_game_of_lenwordle(eight_words):
    result = invoke("review", "crane=..g.g", "flame=ggggg", *eight_words)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-2:] == [
        "Steps: 2 guesses; lenwordle expects 2.12 from the start",
        "Solved in 2, 0.1 fewer than lenwordle expects: good play, average replies.",
    ]
    as_json = invoke("review", "crane=..g.g", "flame=ggggg", "--json", *eight_words)
    shown = json.loads(as_json.stdout)
    assert shown["answer"] is None and shown["summary"]["lenwordle_guesses"] is None


def test_hard_mode_shows_the_broken_rule_and_no_luck_for_a_certain_reply(eight_words):
    result = invoke("review", "flame", "crane", "blame", "frame", "flame", "--hard", *eight_words)
    assert "3. FRAME 🟩⬛🟩🟩🟩  1 -> 1 word  skill 0  luck -  [breaks hard mode: letter 2 " in (
        result.stdout
    )
    assert "must be L; could not be the answer]" in result.stdout
    assert "Game: skill 65  luck 44 | 2 of 4 as good as the best" in result.stdout
    assert result.stdout.splitlines()[-1] == (
        "Solved in 4, 1.9 more than lenwordle expects: fair play, average replies."
    )
    played = ["flame", "crane", "blame", "frame", "flame", "--hard", "--json"]
    game = json.loads(invoke("review", *played, *eight_words).stdout)
    assert [t["luck"] for t in game["turns"]] == [25, 62, None, None]
    assert [t["skill"] for t in game["turns"]] == [62, 99, 0, 99]


@pytest.mark.parametrize(
    "args, message",
    [
        (["flame", "cranes"], "'cranes' has 6 letters, 'flame' has 5"),
        (["crane=..g.g", "slate=..g"], "feedback has 3 marks, the word has 5 letters"),
        (["crane=..g.x"], "unknown feedback character 'x'"),
        (["crane=ggggg", "slate=ggggg"], "guess 2, SLATE, comes after the game was solved"),
        (["crane=..g.g", "crane=g...."], "no word can give g.... for CRANE"),
        (["flame", "crane=..g.g"], "not both"),
        (["flame"], "give the answer, then the guesses played"),
        (["cr4ne", "crane"], "'cr4ne' is not a word of letters a-z"),
    ],
)
def test_bad_games_give_one_line(eight_words, args, message):
    assert message in one_line_error(invoke("review", *args, *eight_words))


def test_a_game_on_the_standard_lists_end_to_end(nyt):
    lists = ["--words", str(nyt / "guesses.txt"), "--answers", str(nyt / "answers.txt")]
    result = invoke("review", "crane", "salet", "brick", "crane", *lists)
    assert result.returncode == 0, result.stderr
    answers = (nyt / "answers.txt").read_text().split()
    sizes = Counter(reply_for("salet", w) for w in answers)  # SALET is no answer: none solve
    mine = sizes[reply_for("salet", "crane")]
    # the answers are equally likely: the luck counts the answers whose reply leaves more
    more = sum(n for n in sizes.values() if n > mine)
    same = sum(n for n in sizes.values() if n == mine)
    salet_luck = math.floor(99 * (more + 0.5 * same) / len(answers) + 0.5)
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"1. SALET ⬛🟨⬛🟨⬛  2315 -> {mine} words  skill ")
    assert f"  luck {salet_luck}  [could not be the answer]" in lines[0]  # not an answer
    assert lines[2].startswith(f"2. BRICK ⬛🟩⬛🟨⬛  {mine} -> ")
    assert lines[4].startswith("3. CRANE 🟩🟩🟩🟩🟩  ") and lines[4].endswith("[solved]")
    assert lines[-3].startswith("Game: skill ")
    solved = json.loads(invoke("solve", "crane", "--json", *lists).stdout)  # as `solve` plays
    assert re.fullmatch(
        rf"Steps: 3 guesses; lenwordle expects \d\.\d\d from the start; it takes "
        rf"{len(solved['guesses'])} on CRANE",
        lines[-2],
    )
    assert lines[-1].startswith("Solved in 3, ")
    assert "\x1b[" not in result.stdout  # not a terminal: no colour


def test_the_first_best_guess_is_the_stored_opener_and_a_terminal_gets_colour(terminal):
    opener = json.loads((ROOT / "starters" / "05.json").read_text())["openers"][0]["word"]
    game = terminal("review", "flame", "crane", "flame")
    shown = game.rest()
    assert game.wait() == 0
    assert f"best {opener.upper()}:" in shown
    assert "\x1b[1;97;42m F \x1b[0m" in shown  # a green F tile


def test_no_color_turns_the_colour_off(terminal):
    game = terminal("review", "flame", "flame", env={"NO_COLOR": "1"})
    shown = game.rest()
    assert "FLAME 🟩🟩🟩🟩🟩" in shown and "\x1b[" not in shown


@pytest.mark.parametrize(
    "limit, won, last",
    [
        ("3", True, "Solved in 3, "),  # at the limit: won, against the expectation
        ("2", False, "Solved in 3, over the limit of 2: "),  # one past: as `solve` says it
    ],
)
def test_a_game_solved_over_the_limit_is_not_won(eight_words, limit, won, last):
    played = ("flame", "slate", "crane", "flame", "--max-guesses", limit, *eight_words)
    result = invoke("review", *played)
    assert result.returncode == 0, result.stderr
    verdict_line = result.stdout.splitlines()[-1]
    assert verdict_line.startswith(last) and ("over the limit" in verdict_line) is not won
    figures = json.loads(invoke("review", *played, "--json").stdout)["summary"]
    assert (figures["solved"], figures["won"], figures["limit"]) == (True, won, int(limit))
    # `solve` holds the same limit: it stops there, exit 1 (its one guess is the likeliest
    # possible answer, BLAME: the first of eight equally likely words)
    solved = invoke("solve", "flame", "--max-guesses", "1", *eight_words)
    assert solved.returncode == 1 and solved.stdout.splitlines() == [
        "BLAME ⬛🟩🟩🟩🟩",
        "Out of guesses: FLAME not solved in 1 guess, the limit.",
    ]


def test_without_max_guesses_a_long_game_plays_on_and_is_lost(eight_words):
    # one board without --max-guesses plays on past six guesses (as in `solve`), but a game
    # solved in 7 is lost, as its share grid says (X/6): the position's outcome decides
    guesses = ["slate", "plate", "crate", "grate", "frame", "blame", "flame"]
    figures = json.loads(invoke("review", "flame", *guesses, "--json", *eight_words).stdout)
    assert figures["summary"]["limit"] == 6 and figures["summary"]["won"] is False
    assert figures["summary"]["solved"] is True
    assert figures["summary"]["verdict"].startswith("Solved in 7, over the limit of 6")
    six = json.loads(invoke("review", "flame", *guesses[1:], "--json", *eight_words).stdout)
    assert six["summary"]["won"] is True and six["summary"]["guesses"] == 6
    not_solved = invoke("review", "flame", "slate", "crane", "--max-guesses", "5", "--json")
    assert json.loads(not_solved.stdout)["summary"]["won"] is False


def test_a_strategy_that_ranks_no_guesses_is_judged_by_the_expected_guesses_metric():
    # worst-case plans against the host and ranks nothing (strategies.base.Ranking): CRANE's
    # parts of 1, 2 and 4 words not solved cost 1 + 0.8 sqrt(ln n) each, by P 1/8, 2/8, 4/8
    by_hand = 1 + 1 / 8 + 2 / 8 * (1 + 0.8 * math.sqrt(math.log(2)))
    by_hand += 4 / 8 * (1 + 0.8 * math.sqrt(math.log(4)))
    turns = turns_against("flame", ["crane", "flame"])
    planned, ranked = (
        review(eight(), make("worst-case"), turns),
        review(eight(), make("minimax"), turns),
    )
    assert planned[0].expected_guesses == pytest.approx(by_hand)
    assert [t.expected_guesses for t in planned] == [t.expected_guesses for t in ranked]
